//! Motifs in words, in the four languages: short and concrete, naming the
//! pieces, their points and the moves that show it, written in the
//! notation the player reads ([`Writing`]; Chinese notation unless told).
//!
//! Every sentence is one row of [`SENTENCES`], with a column per language
//! (Simplified Chinese, English, Vietnamese; Traditional Chinese is the
//! Chinese column in Traditional characters, [`Language::chinese`]): which
//! row a motif takes is decided once ([`Says::of`]), whatever the language,
//! and its values (`{p0}` a piece's name, `{at0}` its point, `{line}`, …)
//! are filled in the language's own words.

use super::motif::{Kind, Motif};
use crate::rules::notation::{Notation, chinese_file, format_move};
use crate::rules::{Color, Move, PieceKind, Position};
use crate::words::{Language, Writing, piece_name};

/// `moves` played from `from`, in the writing's notation, separated by spaces.
pub fn line_text(from: &Position, moves: &[Move], writing: impl Into<Writing>) -> String {
    let writing = writing.into();
    let mut pos = *from;
    let mut out = Vec::new();
    for &m in moves {
        out.push(format_move(&pos, m, writing.notation, writing.style));
        if pos.play(m).is_err() {
            break;
        }
    }
    out.join(" ")
}

fn pawns(cp: i32) -> String {
    format!("{:.1}", f64::from(cp) / 100.0)
}

/// Which sentence a motif takes, the same in every language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Says {
    Mated,
    NoMove,
    MatePattern,
    MateNow,
    MateIn,
    DoubleCheck,
    DiscoveredCheck,
    Check,
    CaptureFree,
    CaptureWins,
    CaptureSacrifice,
    Trade,
    HangingLeft,
    Hangs,
    WonForLeft,
    WonFor,
    ForkTwo,
    ForkMany,
    Pin,
    DiscoveredAttack,
    Trapped,
    ThreatMate,
    ThreatCheckThenWin,
    Threat,
    Defends,
    BlocksEye,
    BlocksLeg,
    ExposedGeneral,
    PerpetualCheck,
    PerpetualChase,
}

/// Every sentence the teacher says: the row, then the Chinese (Simplified),
/// English and Vietnamese columns. `{p0}` `{p1}` `{p2}`: the motif's
/// pieces' names; `{at0}` `{at1}` `{at2}`: their points; `{line}` its line
/// and `{first}` the line's first move, `{m0}` `{m1}` `{m2}` each of three;
/// `{n}` the moves to mate; `{pattern}` the mate's name in the language and
/// `{pattern_zh}` in Chinese; `{gain}` and `{loss}` the material in
/// pawns; `{targets}` a fork's targets; `{side}` the side's name;
/// `{taker}` the piece that takes a hanging one (its line's first move),
/// `{back}` the one that takes back.
const SENTENCES: &[(Says, &str, &str, &str)] = &[
    (
        Says::Mated,
        "对局已结束：{side}被将死，判负",
        "the game is over: {side} is checkmated",
        "ván cờ đã kết thúc: {side} bị chiếu bí",
    ),
    (
        Says::NoMove,
        "对局已结束：{side}无子可动（困毙），判负",
        "the game is over: {side} has no legal move (stalemate), which loses",
        "ván cờ đã kết thúc: {side} hết nước đi (bị vây), bị xử thua",
    ),
    (
        Says::MatePattern,
        "{pattern}：{line}，{n}步成杀",
        "{pattern} ({pattern_zh}): {line} mates in {n}",
        "{pattern} ({pattern_zh}): {line}, chiếu hết sau {n} nước",
    ),
    (
        Says::MateNow,
        "{line}，绝杀",
        "{line} mates",
        "{line} chiếu hết",
    ),
    (
        Says::MateIn,
        "{n}步杀：{line}",
        "mate in {n}: {line}",
        "chiếu hết sau {n} nước: {line}",
    ),
    (
        Says::DoubleCheck,
        "双将：两子同时将军",
        "double check: two pieces give check at once",
        "chiếu đôi: hai quân cùng chiếu tướng",
    ),
    (
        Says::DiscoveredCheck,
        "闪将：{p0}让开，{p1}将军",
        "discovered check: the {p0} steps aside and the {p1} on {at1} gives check",
        "chiếu mở: {p0} tránh ra, {p1} ở {at1} chiếu tướng",
    ),
    (
        Says::Check,
        "{p0}将军",
        "the {p0} gives check",
        "{p0} chiếu tướng",
    ),
    (
        Says::CaptureFree,
        "吃{p1}，净得一子",
        "takes the {p1} on {at1} for nothing",
        "ăn không {p1} ở {at1}",
    ),
    (
        Says::CaptureWins,
        "吃{p1}，兑换中多得{gain}",
        "takes the {p1} on {at1}, winning {gain} in the exchange",
        "ăn {p1} ở {at1}, sau khi đổi quân lời {gain}",
    ),
    (
        Says::CaptureSacrifice,
        "吃{p1}，但兑换中亏{loss}（弃子）",
        "takes the {p1} on {at1} but gives {loss} back: a sacrifice",
        "ăn {p1} ở {at1} nhưng phải trả lại {loss}: thí quân",
    ),
    (
        Says::Trade,
        "兑子：吃{p1}",
        "trades for the {p1} on {at1}",
        "đổi quân: ăn {p1} ở {at1}",
    ),
    (
        Says::HangingLeft,
        "{at0}{p0}无保护：{first}可以吃掉它",
        "leaves the {p0} on {at0} undefended: {first} wins it",
        "bỏ {p0} ở {at0} không được bảo vệ: {first} ăn được",
    ),
    (
        Says::Hangs,
        "{at0}{p0}无保护：{first}可以吃掉它",
        "the {p0} on {at0} hangs: {first} wins it",
        "{p0} ở {at0} không được bảo vệ: {first} ăn được",
    ),
    (
        Says::WonForLeft,
        "{at0}{p0}会被对方用{taker}换走（{first}，{back}吃回：对方得{gain}）",
        "leaves the {p0} on {at0} to be won for a {taker} ({first}, the {back} takes back: +{gain})",
        "để {p0} ở {at0} bị đổi lấy {taker} ({first}, {back} ăn lại: đối phương lời {gain})",
    ),
    (
        Says::WonFor,
        "{at0}{p0}可被对方用{taker}换走（{first}，{back}吃回：对方得{gain}）",
        "the {p0} on {at0} can be won for a {taker} ({first}, the {back} takes back: +{gain})",
        "{p0} ở {at0} có thể bị đổi lấy {taker} ({first}, {back} ăn lại: đối phương lời {gain})",
    ),
    (
        Says::ForkTwo,
        "{p0}一子捉双：{targets}",
        "the {p0} forks {targets}",
        "{p0} bắt đôi: {targets}",
    ),
    (
        Says::ForkMany,
        "{p0}一子捉多：{targets}",
        "the {p0} forks {targets}",
        "{p0} bắt nhiều quân: {targets}",
    ),
    (
        Says::Pin,
        "{at0}{p0}牵制{at1}{p1}，{p1}不能离开",
        "the {p0} on {at0} pins the {p1} on {at1} to its general",
        "{p0} ở {at0} ghim {p1} ở {at1}: {p1} không thể rời đi",
    ),
    (
        Says::DiscoveredAttack,
        "闪击：{p0}让开，{p1}攻击{at2}{p2}",
        "discovered attack: the {p0} steps aside and the {p1} attacks the {p2} on {at2}",
        "tấn công mở: {p0} tránh ra, {p1} tấn công {p2} ở {at2}",
    ),
    (
        Says::Trapped,
        "{at0}{p0}被困，无处可逃",
        "the {p0} on {at0} is trapped: it has no safe point",
        "{p0} ở {at0} bị vây, không còn chỗ nào an toàn",
    ),
    (
        Says::ThreatMate,
        "威胁{n}步杀：{line}",
        "threatens mate in {n}: {line}",
        "dọa chiếu hết sau {n} nước: {line}",
    ),
    (
        Says::ThreatCheckThenWin,
        "{m0}将军，对方{m1}后{m2}吃{p1}",
        "{m0} checks, then after {m1} {m2} wins the {p1} on {at1}",
        "{m0} chiếu tướng, sau {m1} thì {m2} ăn {p1} ở {at1}",
    ),
    (
        Says::Threat,
        "威胁{first}吃{p1}",
        "threatens {first}, winning the {p1} on {at1}",
        "dọa {first}, ăn {p1} ở {at1}",
    ),
    (
        Says::Defends,
        "化解了对方{first}的威胁",
        "stops the threat of {first}",
        "chặn được đòn {first} của đối phương",
    ),
    (
        Says::BlocksEye,
        "塞住{at1}{p1}的象眼",
        "blocks the eye of the elephant on {at1}",
        "cản mắt Tượng ở {at1}",
    ),
    (
        Says::BlocksLeg,
        "蹩住{at1}马的马腿",
        "blocks the leg of the horse on {at1}",
        "cản chân Mã ở {at1}",
    ),
    (
        Says::ExposedGeneral,
        "{p0}失去了仕（士）的保护",
        "{side}'s general has lost its advisors",
        "Tướng bên {side} đã mất Sĩ che chở",
    ),
    (
        Says::PerpetualCheck,
        "重复这步将军就是长将，按规则判负",
        "repeating this check would be a perpetual check, which loses",
        "lặp lại nước chiếu này là chiếu mãi, theo luật bị xử thua",
    ),
    (
        Says::PerpetualChase,
        "重复这步捉子就是长捉，按规则判负",
        "repeating this chase would be a perpetual chase, which loses",
        "lặp lại nước đuổi bắt này là đuổi bắt mãi, theo luật bị xử thua",
    ),
];

/// Small words the sentences are built with, a column per language as in
/// [`SENTENCES`]: a fork's target, the word joining two targets, the
/// sides' names.
const TARGET: (&str, &str, &str) = ("{at}{p}", "the {p} on {at}", "{p} ở {at}");
const AND: (&str, &str, &str) = ("、", " and ", " và ");
const RED: (&str, &str, &str) = ("红方", "Red", "Đỏ");
const BLACK: (&str, &str, &str) = ("黑方", "Black", "Đen");

/// The column of `lang` (Traditional Chinese reads the Chinese one).
fn column(row: (&'static str, &'static str, &'static str), lang: Language) -> &'static str {
    match lang {
        Language::Zh | Language::ZhHant => row.0,
        Language::En => row.1,
        Language::Vi => row.2,
    }
}

impl Says {
    /// The sentence a motif takes.
    fn of(m: &Motif) -> Says {
        match m.kind {
            Kind::GameOver if m.mate_in.is_some() => Says::Mated,
            Kind::GameOver => Says::NoMove,
            Kind::Mate => match (m.pattern, m.mate_in.unwrap_or(1)) {
                (Some(_), _) => Says::MatePattern,
                (None, 1) => Says::MateNow,
                (None, _) => Says::MateIn,
            },
            Kind::DoubleCheck => Says::DoubleCheck,
            Kind::DiscoveredCheck => Says::DiscoveredCheck,
            Kind::Check => Says::Check,
            Kind::Capture => Says::capture(m),
            Kind::Hanging => match (m.taken_back_by().is_some(), m.by_move) {
                (false, true) => Says::HangingLeft,
                (false, false) => Says::Hangs,
                (true, true) => Says::WonForLeft,
                (true, false) => Says::WonFor,
            },
            Kind::Fork if m.pieces.len() > 3 => Says::ForkMany,
            Kind::Fork => Says::ForkTwo,
            Kind::Pin => Says::Pin,
            Kind::DiscoveredAttack => Says::DiscoveredAttack,
            Kind::Trapped => Says::Trapped,
            Kind::Threat if m.mate_in.is_some() => Says::ThreatMate,
            Kind::Threat if m.line.len() == 3 => Says::ThreatCheckThenWin,
            Kind::Threat => Says::Threat,
            Kind::Defends => Says::Defends,
            Kind::Blocked => match m.pieces.get(1).map(|p| p.1.kind) {
                Some(PieceKind::Elephant) => Says::BlocksEye,
                _ => Says::BlocksLeg,
            },
            Kind::ExposedGeneral => Says::ExposedGeneral,
            Kind::Perpetual => {
                let check = m
                    .pieces
                    .get(1)
                    .is_some_and(|&(_, p)| p.kind == PieceKind::General);
                if check {
                    Says::PerpetualCheck
                } else {
                    Says::PerpetualChase
                }
            }
        }
    }

    /// A capture by what the exchange on its point wins.
    fn capture(m: &Motif) -> Says {
        let victim = m
            .pieces
            .get(1)
            .map_or(0, |&(s, p)| super::board::value(p, s));
        match m.gain {
            g if g >= victim - 50 => Says::CaptureFree,
            g if g >= 100 => Says::CaptureWins,
            g if g <= -100 => Says::CaptureSacrifice,
            _ => Says::Trade,
        }
    }

    /// Its sentence in `lang`, with the values still to fill.
    fn template(self, lang: Language) -> &'static str {
        SENTENCES
            .iter()
            .find(|row| row.0 == self)
            .map_or("", |&(_, zh, en, vi)| column((zh, en, vi), lang))
    }
}

/// The values a sentence may name, in the writing's language.
fn values(m: &Motif, writing: Writing) -> Vec<(String, String)> {
    let lang = writing.lang;
    let name = |i: usize| m.pieces.get(i).map_or("", |&(_, p)| piece_name(p, lang));
    // Chinese names a piece by its file (七路车) with Chinese notation, and
    // by its point with the others (g4位的车), as the moves around it.
    let at = |i: usize| {
        m.pieces.get(i).map_or(String::new(), |&(s, p)| match lang {
            Language::Zh | Language::ZhHant if writing.notation == Notation::Chinese => {
                chinese_file(p, s, writing.style)
            }
            Language::Zh | Language::ZhHant => format!("{s}位的"),
            Language::En | Language::Vi => s.to_string(),
        })
    };
    let line = line_text(&m.start, &m.line, writing);
    let moves: Vec<String> = line.split(' ').map(str::to_string).collect();
    let mv = |i: usize| moves.get(i).cloned().unwrap_or_default();
    let targets: Vec<String> = (1..m.pieces.len())
        .map(|i| {
            column(TARGET, lang)
                .replace("{p}", name(i))
                .replace("{at}", &at(i))
        })
        .collect();
    let pattern = m.pattern.map_or("", |p| match lang {
        Language::Zh | Language::ZhHant => p.zh(),
        Language::En => p.en(),
        Language::Vi => p.vi(),
    });
    let side = column(if m.side == Color::Red { RED } else { BLACK }, lang);
    let taker = m
        .line
        .first()
        .and_then(|mv| m.start.piece_at(mv.from()))
        .map_or("", |p| piece_name(p, lang));
    let back = m.taken_back_by().map_or("", |(_, p)| piece_name(p, lang));
    let v = vec![
        ("{pattern_zh}", m.pattern.map_or("", |p| p.zh()).to_string()),
        ("{pattern}", pattern.to_string()),
        ("{targets}", targets.join(column(AND, lang))),
        ("{first}", mv(0)),
        ("{line}", line.clone()),
        ("{n}", m.mate_in.unwrap_or(1).to_string()),
        ("{gain}", pawns(m.gain)),
        ("{loss}", pawns(-m.gain)),
        ("{side}", side.to_string()),
        ("{taker}", taker.to_string()),
        ("{back}", back.to_string()),
    ];
    v.into_iter()
        .map(|(k, s)| (k.to_string(), s))
        .chain((0..3).flat_map(|i| {
            [
                (format!("{{p{i}}}"), name(i).to_string()),
                (format!("{{at{i}}}"), at(i)),
                (format!("{{m{i}}}"), mv(i)),
            ]
        }))
        .collect()
}

/// The motif in a sentence (its line read from [`Motif::start`]).
pub fn sentence(m: &Motif, writing: impl Into<Writing>) -> String {
    let writing = writing.into();
    let mut text = Says::of(m).template(writing.lang).to_string();
    for (key, value) in values(m, writing) {
        text = text.replace(&key, &value);
    }
    writing.lang.chinese(&text)
}

/// A motif's kind in a word or two, as a puzzle's theme: "捉双" / "fork".
pub fn kind_word(kind: Kind, lang: Language) -> &'static str {
    let (zh, hant, en, vi) = match kind {
        Kind::GameOver => ("终局", "終局", "game over", "hết ván"),
        Kind::Mate => ("杀法", "殺法", "mate", "chiếu hết"),
        Kind::DoubleCheck => ("双将", "雙將", "double check", "chiếu đôi"),
        Kind::DiscoveredCheck => ("闪将", "閃將", "discovered check", "chiếu mở"),
        Kind::Check => ("将军", "將軍", "check", "chiếu tướng"),
        Kind::Fork => ("捉双", "捉雙", "fork", "bắt đôi"),
        Kind::Pin => ("牵制", "牽制", "pin", "ghim quân"),
        Kind::DiscoveredAttack => ("闪击", "閃擊", "discovered attack", "tấn công mở"),
        Kind::Capture => ("得子", "得子", "winning material", "ăn quân"),
        Kind::Hanging => (
            "无根子",
            "無根子",
            "hanging piece",
            "quân không được bảo vệ",
        ),
        Kind::Trapped => ("困子", "困子", "trapped piece", "quân bị vây"),
        Kind::Threat => ("威胁", "威脅", "threat", "đe dọa"),
        Kind::Defends => ("防守", "防守", "defence", "phòng thủ"),
        Kind::Blocked => ("堵塞", "堵塞", "blocking", "cản quân"),
        Kind::ExposedGeneral => ("将帅暴露", "將帥暴露", "exposed general", "tướng hở"),
        Kind::Perpetual => ("长将", "長將", "perpetual check", "chiếu mãi"),
    };
    match lang {
        Language::Zh => zh,
        Language::ZhHant => hant,
        Language::En => en,
        Language::Vi => vi,
    }
}
