//! Texts with values in them: a side's name, a result and its reason, a
//! clock, a move number, a level's name. Each puts its values where its
//! language wants them.

use super::{Lang, Phrase};
use crate::engine::Level;
use crate::rules::handicap::Handicap;
use crate::rules::{Color, GameResult, Outcome, Reason};
use crate::store::engines::Strength;

/// "红方" / "Red".
pub fn side_name(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::Red => Phrase::Red.get(lang),
        Color::Black => Phrase::Black.get(lang),
    }
}

/// The result line of a finished game: "红方胜" / "Red wins" / "和棋" /
/// "Đỏ thắng".
pub fn result_text(o: &Outcome, lang: Lang) -> &'static str {
    match o.result {
        GameResult::RedWins => Phrase::RedWins.get(lang),
        GameResult::BlackWins => Phrase::BlackWins.get(lang),
        GameResult::Draw => Phrase::Draw.get(lang),
    }
}

/// Why the game ended, in words.
pub fn reason_text(r: &Reason, lang: Lang) -> String {
    let side = |c: &Color| side_name(*c, lang);
    match lang {
        Lang::Zh | Lang::ZhHant => lang.chinese(&reason_zh(r, lang)),
        Lang::En => match r {
            Reason::Checkmate => "checkmate".into(),
            Reason::Stalemate => "stalemate: no legal move".into(),
            Reason::PerpetualCheck { by } => {
                format!("perpetual check by {}", side(by).to_lowercase())
            }
            Reason::PerpetualChase { by } => {
                format!("perpetual chase by {}", side(by).to_lowercase())
            }
            Reason::Repetition => "threefold repetition".into(),
            Reason::SixtyMoveRule => "60-move rule".into(),
            Reason::NoAttackingMaterial => "no attacking material".into(),
            Reason::Resignation { by } => format!("{} resigned", side(by)),
            Reason::AgreedDraw => "draw agreed".into(),
            Reason::Timeout { by } => format!("{} lost on time", side(by)),
            Reason::TimeoutDraw { by } => format!(
                "{} ran out of time, but the other side cannot mate: a draw",
                side(by)
            ),
        },
        Lang::Vi => match r {
            Reason::Checkmate => "chiếu bí".into(),
            Reason::Stalemate => "hết nước đi (bị vây)".into(),
            Reason::PerpetualCheck { by } => {
                format!("{} chiếu liên tục, bị xử thua", side(by))
            }
            Reason::PerpetualChase { by } => {
                format!("{} đuổi bắt liên tục, bị xử thua", side(by))
            }
            Reason::Repetition => "lặp lại thế cờ ba lần".into(),
            Reason::SixtyMoveRule => "luật 60 nước".into(),
            Reason::NoAttackingMaterial => "hai bên đều hết quân tấn công".into(),
            Reason::Resignation { by } => format!("{} xin thua", side(by)),
            Reason::AgreedDraw => "hai bên thỏa thuận hòa".into(),
            Reason::Timeout { by } => format!("{} hết giờ, bị xử thua", side(by)),
            Reason::TimeoutDraw { by } => format!(
                "{} hết giờ, nhưng bên kia không thể chiếu hết: hòa",
                side(by)
            ),
        },
    }
}

/// [`reason_text`] in Simplified Chinese (the side's name in `lang`).
fn reason_zh(r: &Reason, lang: Lang) -> String {
    let side = |c: &Color| side_name(*c, lang);
    match r {
        Reason::Checkmate => "将死".into(),
        Reason::Stalemate => "困毙(无子可动)".into(),
        Reason::PerpetualCheck { by } => format!("{}长将判负", side(by)),
        Reason::PerpetualChase { by } => format!("{}长捉判负", side(by)),
        Reason::Repetition => "三次重复局面".into(),
        Reason::SixtyMoveRule => "六十回合自然限着".into(),
        Reason::NoAttackingMaterial => "双方均无进攻子力".into(),
        Reason::Resignation { by } => format!("{}认输", side(by)),
        Reason::AgreedDraw => "双方议和".into(),
        Reason::Timeout { by } => format!("{}超时判负", side(by)),
        Reason::TimeoutDraw { by } => format!("{}超时,对方无子可胜,判和", side(by)),
    }
}

/// A time control in words: "10分+5秒", "10分 读秒30秒", "步时30秒", "不限时".
pub fn clock_text(c: crate::rules::clock::TimeControl, lang: Lang) -> String {
    use crate::rules::clock::TimeControl as C;
    let time = |secs: u32| match (lang, secs) {
        (Lang::Zh | Lang::ZhHant, s) if s >= 60 && s % 60 == 0 => format!("{}分", s / 60),
        (Lang::Zh | Lang::ZhHant, s) if s >= 60 => format!("{}分{}秒", s / 60, s % 60),
        (Lang::Zh | Lang::ZhHant, s) => format!("{s}秒"),
        (Lang::En, s) if s >= 60 && s % 60 == 0 => format!("{} min", s / 60),
        (Lang::En, s) if s >= 60 => format!("{} min {} s", s / 60, s % 60),
        (Lang::En, s) => format!("{s} s"),
        (Lang::Vi, s) if s >= 60 && s % 60 == 0 => format!("{} phút", s / 60),
        (Lang::Vi, s) if s >= 60 => format!("{} phút {} giây", s / 60, s % 60),
        (Lang::Vi, s) => format!("{s} giây"),
    };
    let text = match (c, lang) {
        (C::None, Lang::Zh | Lang::ZhHant) => "不限时".into(),
        (C::None, Lang::En) => "No clock".into(),
        (C::None, Lang::Vi) => "Không giới hạn".into(),
        (C::Fischer { base, increment }, Lang::Zh | Lang::ZhHant) => {
            format!("{}+{}", time(base), time(increment))
        }
        (C::Fischer { base, increment }, Lang::En | Lang::Vi) => {
            format!("{} + {}", time(base), time(increment))
        }
        (C::Countdown { base: 0, per_move }, Lang::Zh | Lang::ZhHant) => {
            format!("步时{}", time(per_move))
        }
        (C::Countdown { base: 0, per_move }, Lang::En) => format!("{} a move", time(per_move)),
        (C::Countdown { base: 0, per_move }, Lang::Vi) => {
            format!("{} mỗi nước", time(per_move))
        }
        (C::Countdown { base, per_move }, Lang::Zh | Lang::ZhHant) => {
            format!("{} 读秒{}", time(base), time(per_move))
        }
        (C::Countdown { base, per_move }, Lang::En) => {
            format!("{}, then {} a move", time(base), time(per_move))
        }
        (C::Countdown { base, per_move }, Lang::Vi) => {
            format!("{}, rồi {} mỗi nước", time(base), time(per_move))
        }
    };
    lang.chinese(&text)
}

/// A name the data spells in Chinese and English (an opening's, a level's,
/// a handicap's): the one for `lang` — Traditional from the Chinese one,
/// and the English one for Vietnamese where the data has no Vietnamese.
pub fn pick(lang: Lang, zh: &str, en: &str) -> String {
    match lang {
        Lang::Zh => zh.to_string(),
        Lang::ZhHant => lang.chinese(zh),
        Lang::En | Lang::Vi => en.to_string(),
    }
}

/// A level group's Vietnamese name, from its English one.
fn tier_vi(tier_en: &str) -> &str {
    match tier_en {
        "Beginner" => "Nhập môn",
        "Novice" => "Tập sự",
        "Elementary" => "Sơ cấp",
        "Intermediate" => "Trung cấp",
        "Advanced" => "Cao cấp",
        "Expert" => "Chuyên gia",
        "Master" => "Kiện tướng",
        "Grandmaster" => "Đại kiện tướng",
        other => other,
    }
}

/// A level's name (its number aside).
pub fn level_name(level: Level, lang: Lang) -> String {
    match lang {
        Lang::Vi => {
            let en = level.name_en();
            match en.rsplit_once(' ') {
                Some((tier, step)) => format!("{} {step}", tier_vi(tier)),
                None => tier_vi(en).to_string(),
            }
        }
        _ => pick(lang, level.name_zh(), level.name_en()),
    }
}

/// The name of a level's group: "入门" …
pub fn tier_name(level: Level, lang: Lang) -> String {
    match lang {
        Lang::Vi => tier_vi(level.tier_en()).to_string(),
        _ => pick(lang, level.tier_zh(), level.tier_en()),
    }
}

/// The opening line of the move list: "开局 C00 中炮对屏风马" / "Opening C00
/// Central Cannon vs Screen Horses" (the Chinese name where ECCO's has no
/// English one; Vietnamese reads the English name, as ECCO has no
/// Vietnamese ones).
pub fn opening_text(o: &crate::ecco::Opening, lang: Lang) -> String {
    let name = pick(lang, o.zh, o.en.unwrap_or(o.zh));
    format!("{} {} {name}", Phrase::OpeningLabel.get(lang), o.code)
}

/// The player's record against a level: "你对电脑 10 · 初级 4：3胜 1和 2负" /
/// "You against AI 10 · Novice 4: 3 won, 1 drawn, 2 lost".
pub fn level_record(level: Level, won: u32, drawn: u32, lost: u32, lang: Lang) -> String {
    let who = format!(
        "{} {} · {}",
        Phrase::Computer.get(lang),
        level.number(),
        level_name(level, lang)
    );
    match lang {
        Lang::Zh | Lang::ZhHant => lang.chinese(&format!("你对{who}：{won}胜 {drawn}和 {lost}负")),
        Lang::En => format!("You against {who}: {won} won, {drawn} drawn, {lost} lost"),
        Lang::Vi => format!("Bạn đấu {who}: thắng {won}, hòa {drawn}, thua {lost}"),
    }
}

/// Shares of won, drawn and lost games: "胜45% 和30% 负25%" / "W 45% D 30% L 25%".
pub fn result_shares(won: u32, drawn: u32, lost: u32, lang: Lang) -> String {
    let all = f64::from((won + drawn + lost).max(1));
    let pc = |n: u32| (100.0 * f64::from(n) / all).round();
    match lang {
        Lang::Zh => format!("胜{}% 和{}% 负{}%", pc(won), pc(drawn), pc(lost)),
        Lang::ZhHant => format!("勝{}% 和{}% 負{}%", pc(won), pc(drawn), pc(lost)),
        Lang::En => format!("W {}% D {}% L {}%", pc(won), pc(drawn), pc(lost)),
        Lang::Vi => format!("thắng {}% hòa {}% thua {}%", pc(won), pc(drawn), pc(lost)),
    }
}

/// The last games' results, newest first: "最近：胜 负 和" / "Last, newest
/// first: W L D" (`scores` 1, ½ or 0 for the player).
pub fn last_results(scores: &[f64], lang: Lang) -> String {
    let word = |s: f64| match (lang, s) {
        (Lang::Zh, s) if s > 0.75 => "胜",
        (Lang::ZhHant, s) if s > 0.75 => "勝",
        (Lang::Zh | Lang::ZhHant, s) if s >= 0.25 => "和",
        (Lang::Zh, _) => "负",
        (Lang::ZhHant, _) => "負",
        (Lang::En, s) if s > 0.75 => "W",
        (Lang::En, s) if s >= 0.25 => "D",
        (Lang::En, _) => "L",
        // Thắng, hòa, bại.
        (Lang::Vi, s) if s > 0.75 => "T",
        (Lang::Vi, s) if s >= 0.25 => "H",
        (Lang::Vi, _) => "B",
    };
    let words = scores
        .iter()
        .map(|&s| word(s))
        .collect::<Vec<_>>()
        .join(" ");
    match lang {
        Lang::Zh => format!("最近（新在前）：{words}"),
        Lang::ZhHant => format!("最近（新在前）：{words}"),
        Lang::En => format!("Last, newest first: {words}"),
        Lang::Vi => format!("Gần đây, mới nhất trước (T thắng, H hòa, B thua): {words}"),
    }
}

/// A handicap's name: "让单马" / "Horse odds".
pub fn handicap_name(handicap: Handicap, lang: Lang) -> String {
    match lang {
        Lang::Vi => match handicap {
            Handicap::None => "Không chấp",
            Handicap::Horse => "Chấp một Mã",
            Handicap::TwoHorses => "Chấp hai Mã",
            Handicap::Chariot => "Chấp một Xe",
            Handicap::ChariotHorse => "Chấp Xe và Mã",
            Handicap::AdvisorsElephants => "Chấp Sĩ Tượng",
            Handicap::NinePieces => "Chấp chín quân",
        }
        .to_string(),
        _ => pick(lang, handicap.name_zh(), handicap.name_en()),
    }
}

/// A player's engine's strength setting: "1 s", "深度 8" / "depth 8".
pub fn strength_text(strength: Strength, lang: Lang) -> String {
    match (strength, lang) {
        (Strength::Depth(d), Lang::Vi) => format!("độ sâu {d}"),
        (s, lang) => s.text(lang.is_chinese()),
    }
}

/// The move a game stood at: "第12回合" / "move 12".
pub fn at_move(number: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh | Lang::ZhHant => format!("第{number}回合"),
        Lang::En => format!("move {number}"),
        Lang::Vi => format!("nước {number}"),
    }
}

/// How deep in a variation the shown move is: "变着: 3" / "Variation: ply 3".
pub fn on_variation(depth: usize, lang: Lang) -> String {
    let on = Phrase::OnVariation.get(lang);
    match lang {
        Lang::Zh | Lang::ZhHant => format!("{on}: {depth}"),
        Lang::En => format!("{on}: ply {depth}"),
        Lang::Vi => format!("{on}: nửa nước {depth}"),
    }
}

/// Which ply of the game is shown: "回顾: 3 / 10" / "Reviewing: ply 3 of 10".
pub fn browsing_ply(ply: usize, total: usize, lang: Lang) -> String {
    let browsing = Phrase::Browsing.get(lang);
    match lang {
        Lang::Zh | Lang::ZhHant => format!("{browsing}: {ply} / {total}"),
        Lang::En => format!("{browsing}: ply {ply} of {total}"),
        Lang::Vi => format!("{browsing}: nửa nước {ply} / {total}"),
    }
}

/// Whose move it is: "红方先走" / "Red to move".
pub fn side_to_move(side: Color, lang: Lang) -> String {
    let side = side_name(side, lang);
    match lang {
        Lang::Zh | Lang::ZhHant => format!("{side}{}", Phrase::SideToMove.get(lang)),
        Lang::En | Lang::Vi => format!("{side} {}", Phrase::ToMove.get(lang)),
    }
}

/// A puzzle's length: "3步杀" / "Mate in 3".
pub fn mate_in(moves: u32, lang: Lang) -> String {
    let mate = Phrase::MateIn.get(lang);
    match lang {
        Lang::Zh | Lang::ZhHant => format!("{moves}{mate}"),
        Lang::En => format!("{mate} {moves}"),
        Lang::Vi => format!("{mate} {moves} nước"),
    }
}

/// "今日待练 3" / "3 due today": puzzles from the player's mistakes whose
/// day has come.
pub fn due_today(n: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh | Lang::ZhHant => lang.chinese(&format!("今日待练 {n}")),
        Lang::En => format!("{n} due today"),
        Lang::Vi => format!("{n} bài đến hạn hôm nay"),
    }
}

/// When a puzzle from the player's mistakes comes back: "今日待练" /
/// "due today", "3天后再练" / "back in 3 days".
pub fn comes_back(days: u64, lang: Lang) -> String {
    let text = match (days, lang) {
        (0, Lang::Zh | Lang::ZhHant) => "今日待练".into(),
        (0, Lang::En) => "due today".into(),
        (0, Lang::Vi) => "đến hạn hôm nay".into(),
        (1, Lang::Zh | Lang::ZhHant) => "明天再练".into(),
        (1, Lang::En) => "back tomorrow".into(),
        (1, Lang::Vi) => "luyện lại ngày mai".into(),
        (d, Lang::Zh | Lang::ZhHant) => format!("{d}天后再练"),
        (d, Lang::En) => format!("back in {d} days"),
        (d, Lang::Vi) => format!("luyện lại sau {d} ngày"),
    };
    lang.chinese(&text)
}

/// A puzzle's theme before it is answered: "主题：捉双" / "Theme: fork".
pub fn theme_line(kind: crate::teach::Kind, lang: Lang) -> String {
    let word = crate::teach::words::kind_word(kind, lang);
    match lang {
        Lang::Zh | Lang::ZhHant => format!("{}：{word}", lang.chinese("主题")),
        Lang::En => format!("Theme: {word}"),
        Lang::Vi => format!("Chủ đề: {word}"),
    }
}

/// A chapter's number before its title: "第2章" / "Chapter 2:" /
/// "Chương 2:".
pub fn chapter_number(n: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh | Lang::ZhHant => format!("第{n}章"),
        Lang::En => format!("Chapter {n}:"),
        Lang::Vi => format!("Chương {n}:"),
    }
}

/// "Page 2 / 5", "Exercise 1 / 3": where in its lesson the student is.
pub fn lesson_step(step: Phrase, n: usize, of: usize, lang: Lang) -> String {
    format!("{} {n} / {of}", step.get(lang))
}

/// Why a lesson's move is refused: the rule it breaks ("the horse's leg on
/// e3 is blocked"), worded by the course ([`crate::course::WrongMove`]).
pub fn wrong_move_text(w: &crate::course::WrongMove, lang: Lang) -> String {
    format!("{}{}", Phrase::LessonWrongMove.get(lang), w.text(lang))
}

/// Why a legal move misses the exercise's task, worded by the course.
pub fn mistake_text(m: &crate::course::Mistake, lang: Lang) -> String {
    format!("{}{}", Phrase::LessonMistake.get(lang), m.text(lang))
}

#[cfg(test)]
mod tests;
