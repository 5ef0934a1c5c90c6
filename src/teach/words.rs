//! Motifs in words, Chinese (Simplified, and Traditional through
//! [`crate::hant`]), English and Vietnamese: short and concrete, naming the
//! pieces, their points and the moves that show it, written in the
//! notation the player reads ([`Voice`]; Chinese notation unless told).

use super::motif::{Kind, Motif};
use crate::rules::notation::{ChineseStyle, Notation, format_move};
use crate::rules::{Charset, Color, Move, Piece, PieceKind, Position, Square};
use crate::store::settings::Language;

/// How the teacher speaks: the language of its sentences and the notation
/// (and characters) of the moves in them — the move list's, so a player
/// who reads `C2.5` there reads it in the sentence too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voice {
    /// The sentences' language.
    pub lang: Language,
    /// The moves' notation.
    pub notation: Notation,
    /// The characters of Chinese notation.
    pub style: ChineseStyle,
}

impl From<Language> for Voice {
    /// The language with moves as its players write them: Chinese
    /// notation in simplified characters (English too), in traditional
    /// ones for Traditional Chinese, Vietnamese notation (`P2-5`) for
    /// Vietnamese.
    fn from(lang: Language) -> Voice {
        Voice {
            lang,
            notation: match lang {
                Language::Vi => Notation::Vietnamese,
                _ => Notation::Chinese,
            },
            style: match lang {
                Language::ZhHant => Charset::Traditional.into(),
                _ => Charset::Simplified.into(),
            },
        }
    }
}

/// A piece's name: 车, 马, 相/象 … by its side in Chinese (俥, 傌, 砲 … in
/// Traditional), Xe, Mã, Tượng … in Vietnamese.
pub fn piece_name(p: Piece, lang: Language) -> &'static str {
    match lang {
        Language::En => p.kind.name(),
        Language::Vi => match p.kind {
            PieceKind::General => "Tướng",
            PieceKind::Advisor => "Sĩ",
            PieceKind::Elephant => "Tượng",
            PieceKind::Horse => "Mã",
            PieceKind::Chariot => "Xe",
            PieceKind::Cannon => "Pháo",
            PieceKind::Soldier => "Tốt",
        },
        Language::ZhHant => match (p.kind, p.color) {
            (PieceKind::General, Color::Red) => "帥",
            (PieceKind::General, Color::Black) => "將",
            (PieceKind::Advisor, Color::Red) => "仕",
            (PieceKind::Advisor, Color::Black) => "士",
            (PieceKind::Elephant, Color::Red) => "相",
            (PieceKind::Elephant, Color::Black) => "象",
            (PieceKind::Horse, Color::Red) => "傌",
            (PieceKind::Horse, Color::Black) => "馬",
            (PieceKind::Chariot, Color::Red) => "俥",
            (PieceKind::Chariot, Color::Black) => "車",
            (PieceKind::Cannon, Color::Red) => "炮",
            (PieceKind::Cannon, Color::Black) => "砲",
            (PieceKind::Soldier, Color::Red) => "兵",
            (PieceKind::Soldier, Color::Black) => "卒",
        },
        Language::Zh => match (p.kind, p.color) {
            (PieceKind::General, Color::Red) => "帅",
            (PieceKind::General, Color::Black) => "将",
            (PieceKind::Advisor, Color::Red) => "仕",
            (PieceKind::Advisor, Color::Black) => "士",
            (PieceKind::Elephant, Color::Red) => "相",
            (PieceKind::Elephant, Color::Black) => "象",
            (PieceKind::Horse, _) => "马",
            (PieceKind::Chariot, _) => "车",
            (PieceKind::Cannon, _) => "炮",
            (PieceKind::Soldier, Color::Red) => "兵",
            (PieceKind::Soldier, Color::Black) => "卒",
        },
    }
}

/// `moves` played from `from`, in the voice's notation, separated by spaces.
pub fn line_text(from: &Position, moves: &[Move], voice: impl Into<Voice>) -> String {
    let voice = voice.into();
    let mut pos = *from;
    let mut out = Vec::new();
    for &m in moves {
        out.push(format_move(&pos, m, voice.notation, voice.style));
        if pos.play(m).is_err() {
            break;
        }
    }
    out.join(" ")
}

fn pawns(cp: i32) -> String {
    format!("{:.1}", f64::from(cp) / 100.0)
}

/// The motif in a sentence (its line read from [`Motif::start`]).
pub fn sentence(m: &Motif, voice: impl Into<Voice>) -> String {
    let voice = voice.into();
    match voice.lang {
        Language::ZhHant => crate::hant::to_traditional(&sentence_in(m, voice)).into_owned(),
        Language::Zh | Language::En => sentence_in(m, voice),
        Language::Vi => sentence_vi(m, voice),
    }
}

/// [`sentence`] in Vietnamese: the pieces as Vietnamese players name them
/// (Xe, Mã, Pháo …), chiếu tướng for check, chiếu hết for mate.
fn sentence_vi(m: &Motif, voice: Voice) -> String {
    let name = |i: usize| {
        m.pieces
            .get(i)
            .map_or("", |&(_, p)| piece_name(p, Language::Vi))
    };
    let at = |i: usize| {
        m.pieces
            .get(i)
            .map_or(String::new(), |&(s, _): &(Square, Piece)| s.to_string())
    };
    let line = line_text(&m.start, &m.line, voice);
    let first = line.split(' ').next().unwrap_or("").to_string();
    match m.kind {
        Kind::Mate => {
            let n = m.mate_in.unwrap_or(1);
            match m.pattern {
                Some(p) => format!("{} ({}): {line}, chiếu hết sau {n} nước", p.vi(), p.zh()),
                None if n == 1 => format!("{line} chiếu hết"),
                None => format!("chiếu hết sau {n} nước: {line}"),
            }
        }
        Kind::DoubleCheck => "chiếu đôi: hai quân cùng chiếu tướng".into(),
        Kind::DiscoveredCheck => format!(
            "chiếu mở: {} tránh ra, {} ở {} chiếu tướng",
            name(0),
            name(1),
            at(1)
        ),
        Kind::Check => format!("{} chiếu tướng", name(0)),
        Kind::Capture => {
            let victim = m
                .pieces
                .get(1)
                .map_or(0, |&(s, p)| super::board::value(p, s));
            match m.gain {
                g if g >= victim - 50 => format!("ăn không {} ở {}", name(1), at(1)),
                g if g >= 100 => format!(
                    "ăn {} ở {}, sau khi đổi quân lời {}",
                    name(1),
                    at(1),
                    pawns(g)
                ),
                g if g <= -100 => format!(
                    "ăn {} ở {} nhưng phải trả lại {}: thí quân",
                    name(1),
                    at(1),
                    pawns(-g)
                ),
                _ => format!("đổi quân: ăn {} ở {}", name(1), at(1)),
            }
        }
        Kind::Hanging if m.by_move => format!(
            "bỏ {} ở {} không được bảo vệ: {first} ăn được",
            name(0),
            at(0)
        ),
        Kind::Hanging => format!("{} ở {} không được bảo vệ: {first} ăn được", name(0), at(0)),
        Kind::Fork => {
            let targets: Vec<String> = (1..m.pieces.len())
                .map(|i| format!("{} ở {}", name(i), at(i)))
                .collect();
            format!(
                "{} bắt {}: {}",
                name(0),
                if targets.len() > 2 {
                    "nhiều quân"
                } else {
                    "đôi"
                },
                targets.join(" và ")
            )
        }
        Kind::Pin => format!(
            "{} ở {} ghim {} ở {}: {} không thể rời đi",
            name(0),
            at(0),
            name(1),
            at(1),
            name(1)
        ),
        Kind::DiscoveredAttack => format!(
            "tấn công mở: {} tránh ra, {} tấn công {} ở {}",
            name(0),
            name(1),
            name(2),
            at(2)
        ),
        Kind::Trapped => format!("{} ở {} bị vây, không còn chỗ nào an toàn", name(0), at(0)),
        Kind::Threat => match m.mate_in {
            Some(n) => format!("dọa chiếu hết sau {n} nước: {line}"),
            None if m.line.len() == 3 => {
                let moves: Vec<&str> = line.split(' ').collect();
                format!(
                    "{} chiếu tướng, sau {} thì {} ăn {} ở {}",
                    moves[0],
                    moves.get(1).unwrap_or(&""),
                    moves.get(2).unwrap_or(&""),
                    name(1),
                    at(1)
                )
            }
            None => format!("dọa {first}, ăn {} ở {}", name(1), at(1)),
        },
        Kind::Defends => format!("chặn được đòn {first} của đối phương"),
        Kind::Blocked => match m.pieces.get(1).map(|p| p.1.kind) {
            Some(PieceKind::Elephant) => format!("cản mắt Tượng ở {}", at(1)),
            _ => format!("cản chân Mã ở {}", at(1)),
        },
        Kind::ExposedGeneral => {
            let side = if m.side == Color::Red {
                "Đỏ"
            } else {
                "Đen"
            };
            format!("Tướng bên {side} đã mất Sĩ che chở")
        }
        Kind::Perpetual => {
            let check = m
                .pieces
                .get(1)
                .is_some_and(|&(_, p)| p.kind == PieceKind::General);
            if check {
                "lặp lại nước chiếu này là chiếu mãi, theo luật bị xử thua".into()
            } else {
                "lặp lại nước đuổi bắt này là đuổi bắt mãi, theo luật bị xử thua".into()
            }
        }
    }
}

/// [`sentence`] in Chinese (Simplified but for the pieces' names) or in
/// English.
fn sentence_in(m: &Motif, voice: Voice) -> String {
    let lang = voice.lang;
    let zh = lang.is_chinese();
    let name = |i: usize| m.pieces.get(i).map_or("", |&(_, p)| piece_name(p, lang));
    let at = |i: usize| {
        m.pieces
            .get(i)
            .map_or(String::new(), |&(s, _): &(Square, Piece)| s.to_string())
    };
    let line = line_text(&m.start, &m.line, voice);
    let first = line.split(' ').next().unwrap_or("").to_string();
    match m.kind {
        Kind::Mate => {
            let n = m.mate_in.unwrap_or(1);
            match (m.pattern, zh) {
                (Some(p), true) => format!("{}：{line}，{n}步成杀", p.zh()),
                (Some(p), false) => format!("{} ({}): {line} mates in {n}", p.en(), p.zh()),
                (None, true) if n == 1 => format!("{line}，绝杀"),
                (None, true) => format!("{n}步杀：{line}"),
                (None, false) if n == 1 => format!("{line} mates"),
                (None, false) => format!("mate in {n}: {line}"),
            }
        }
        Kind::DoubleCheck if zh => "双将：两子同时将军".into(),
        Kind::DoubleCheck => "double check: two pieces give check at once".into(),
        Kind::DiscoveredCheck if zh => format!("闪将：{}让开，{}将军", name(0), name(1)),
        Kind::DiscoveredCheck => {
            format!(
                "discovered check: the {} steps aside and the {} on {} gives check",
                name(0),
                name(1),
                at(1)
            )
        }
        Kind::Check if zh => format!("{}将军", name(0)),
        Kind::Check => format!("the {} gives check", name(0)),
        Kind::Capture => {
            let victim = m
                .pieces
                .get(1)
                .map_or(0, |&(s, p)| super::board::value(p, s));
            match (zh, m.gain) {
                (true, g) if g >= victim - 50 => format!("吃{}，净得一子", name(1)),
                (false, g) if g >= victim - 50 => {
                    format!("takes the {} on {} for nothing", name(1), at(1))
                }
                (true, g) if g >= 100 => format!("吃{}，兑换中多得{}", name(1), pawns(g)),
                (false, g) if g >= 100 => {
                    format!(
                        "takes the {} on {}, winning {} in the exchange",
                        name(1),
                        at(1),
                        pawns(g)
                    )
                }
                (true, g) if g <= -100 => format!("吃{}，但兑换中亏{}（弃子）", name(1), pawns(-g)),
                (false, g) if g <= -100 => {
                    format!(
                        "takes the {} on {} but gives {} back: a sacrifice",
                        name(1),
                        at(1),
                        pawns(-g)
                    )
                }
                (true, _) => format!("兑子：吃{}", name(1)),
                (false, _) => format!("trades for the {} on {}", name(1), at(1)),
            }
        }
        Kind::Hanging if zh => format!("{}位的{}无保护：{first}可以吃掉它", at(0), name(0)),
        Kind::Hanging if m.by_move => {
            format!(
                "leaves the {} on {} undefended: {first} wins it",
                name(0),
                at(0)
            )
        }
        Kind::Hanging => format!("the {} on {} hangs: {first} wins it", name(0), at(0)),
        Kind::Fork => {
            if zh {
                let targets: Vec<String> = (1..m.pieces.len())
                    .map(|i| format!("{}位的{}", at(i), name(i)))
                    .collect();
                format!(
                    "{}一子捉{}：{}",
                    name(0),
                    if targets.len() > 2 { "多" } else { "双" },
                    targets.join("、")
                )
            } else {
                let targets: Vec<String> = (1..m.pieces.len())
                    .map(|i| format!("the {} on {}", name(i), at(i)))
                    .collect();
                format!("the {} forks {}", name(0), targets.join(" and "))
            }
        }
        Kind::Pin if zh => format!(
            "{}位的{}牵制{}位的{}，{}不能离开",
            at(0),
            name(0),
            at(1),
            name(1),
            name(1)
        ),
        Kind::Pin => format!(
            "the {} on {} pins the {} on {} to its general",
            name(0),
            at(0),
            name(1),
            at(1)
        ),
        Kind::DiscoveredAttack if zh => format!(
            "闪击：{}让开，{}攻击{}位的{}",
            name(0),
            name(1),
            at(2),
            name(2)
        ),
        Kind::DiscoveredAttack => format!(
            "discovered attack: the {} steps aside and the {} attacks the {} on {}",
            name(0),
            name(1),
            name(2),
            at(2)
        ),
        Kind::Trapped if zh => format!("{}位的{}被困，无处可逃", at(0), name(0)),
        Kind::Trapped => format!(
            "the {} on {} is trapped: it has no safe point",
            name(0),
            at(0)
        ),
        Kind::Threat => match (m.mate_in, zh) {
            (Some(n), true) => format!("威胁{n}步杀：{line}"),
            (Some(n), false) => format!("threatens mate in {n}: {line}"),
            (None, true) if m.line.len() == 3 => {
                let moves: Vec<&str> = line.split(' ').collect();
                format!(
                    "{}将军，对方{}后{}吃{}",
                    moves[0],
                    moves.get(1).unwrap_or(&""),
                    moves.get(2).unwrap_or(&""),
                    name(1)
                )
            }
            (None, false) if m.line.len() == 3 => {
                let moves: Vec<&str> = line.split(' ').collect();
                format!(
                    "{} checks, then after {} {} wins the {} on {}",
                    moves[0],
                    moves.get(1).unwrap_or(&""),
                    moves.get(2).unwrap_or(&""),
                    name(1),
                    at(1)
                )
            }
            (None, true) => format!("威胁{first}吃{}", name(1)),
            (None, false) => format!("threatens {first}, winning the {} on {}", name(1), at(1)),
        },
        Kind::Defends if zh => format!("化解了对方{first}的威胁"),
        Kind::Defends => format!("stops the threat of {first}"),
        Kind::Blocked => match (m.pieces.get(1).map(|p| p.1.kind), zh) {
            (Some(PieceKind::Elephant), true) => format!("塞住{}位{}的象眼", at(1), name(1)),
            (Some(PieceKind::Elephant), false) => {
                format!("blocks the eye of the elephant on {}", at(1))
            }
            (_, true) => format!("蹩住{}位的马腿", at(1)),
            (_, false) => format!("blocks the leg of the horse on {}", at(1)),
        },
        Kind::ExposedGeneral if zh => format!("{}失去了仕（士）的保护", name(0)),
        Kind::ExposedGeneral => {
            let side = if m.side == Color::Red { "Red" } else { "Black" };
            format!("{side}'s general has lost its advisors")
        }
        Kind::Perpetual => {
            let check = m
                .pieces
                .get(1)
                .is_some_and(|&(_, p)| p.kind == PieceKind::General);
            match (check, zh) {
                (true, true) => "重复这步将军就是长将，按规则判负".into(),
                (true, false) => {
                    "repeating this check would be a perpetual check, which loses".into()
                }
                (false, true) => "重复这步捉子就是长捉，按规则判负".into(),
                (false, false) => {
                    "repeating this chase would be a perpetual chase, which loses".into()
                }
            }
        }
    }
}

/// A motif's kind in a word or two, as a puzzle's theme: "捉双" / "fork".
pub fn kind_word(kind: Kind, lang: Language) -> &'static str {
    let (zh, hant, en, vi) = match kind {
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
