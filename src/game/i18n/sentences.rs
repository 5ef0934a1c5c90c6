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

/// The result line of a finished game: "红方胜" / "Red wins" / "和棋".
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
    match (r, lang) {
        (Reason::Checkmate, Lang::Zh) => "将死".into(),
        (Reason::Checkmate, Lang::En) => "checkmate".into(),
        (Reason::Stalemate, Lang::Zh) => "困毙(无子可动)".into(),
        (Reason::Stalemate, Lang::En) => "stalemate: no legal move".into(),
        (Reason::PerpetualCheck { by }, Lang::Zh) => format!("{}长将判负", side(by)),
        (Reason::PerpetualCheck { by }, Lang::En) => {
            format!("perpetual check by {}", side(by).to_lowercase())
        }
        (Reason::PerpetualChase { by }, Lang::Zh) => format!("{}长捉判负", side(by)),
        (Reason::PerpetualChase { by }, Lang::En) => {
            format!("perpetual chase by {}", side(by).to_lowercase())
        }
        (Reason::Repetition, Lang::Zh) => "三次重复局面".into(),
        (Reason::Repetition, Lang::En) => "threefold repetition".into(),
        (Reason::SixtyMoveRule, Lang::Zh) => "六十回合自然限着".into(),
        (Reason::SixtyMoveRule, Lang::En) => "60-move rule".into(),
        (Reason::NoAttackingMaterial, Lang::Zh) => "双方均无进攻子力".into(),
        (Reason::NoAttackingMaterial, Lang::En) => "no attacking material".into(),
        (Reason::Resignation { by }, Lang::Zh) => format!("{}认输", side(by)),
        (Reason::Resignation { by }, Lang::En) => format!("{} resigned", side(by)),
        (Reason::AgreedDraw, Lang::Zh) => "双方议和".into(),
        (Reason::AgreedDraw, Lang::En) => "draw agreed".into(),
        // On time.
        (Reason::Timeout { by }, Lang::Zh) => format!("{}超时判负", side(by)),
        (Reason::Timeout { by }, Lang::En) => format!("{} lost on time", side(by)),
        (Reason::TimeoutDraw { by }, Lang::Zh) => {
            format!("{}超时,对方无子可胜,判和", side(by))
        }
        (Reason::TimeoutDraw { by }, Lang::En) => format!(
            "{} ran out of time, but the other side cannot mate: a draw",
            side(by)
        ),
    }
}

/// A time control in words: "10分+5秒", "10分 读秒30秒", "步时30秒", "不限时".
pub fn clock_text(c: crate::rules::clock::TimeControl, lang: Lang) -> String {
    use crate::rules::clock::TimeControl as C;
    let time = |secs: u32| match (lang, secs) {
        (Lang::Zh, s) if s >= 60 && s % 60 == 0 => format!("{}分", s / 60),
        (Lang::Zh, s) if s >= 60 => format!("{}分{}秒", s / 60, s % 60),
        (Lang::Zh, s) => format!("{s}秒"),
        (Lang::En, s) if s >= 60 && s % 60 == 0 => format!("{} min", s / 60),
        (Lang::En, s) if s >= 60 => format!("{} min {} s", s / 60, s % 60),
        (Lang::En, s) => format!("{s} s"),
    };
    match (c, lang) {
        (C::None, Lang::Zh) => "不限时".into(),
        (C::None, Lang::En) => "No clock".into(),
        (C::Fischer { base, increment }, Lang::Zh) => format!("{}+{}", time(base), time(increment)),
        (C::Fischer { base, increment }, Lang::En) => {
            format!("{} + {}", time(base), time(increment))
        }
        (C::Countdown { base: 0, per_move }, Lang::Zh) => format!("步时{}", time(per_move)),
        (C::Countdown { base: 0, per_move }, Lang::En) => format!("{} a move", time(per_move)),
        (C::Countdown { base, per_move }, Lang::Zh) => {
            format!("{} 读秒{}", time(base), time(per_move))
        }
        (C::Countdown { base, per_move }, Lang::En) => {
            format!("{}, then {} a move", time(base), time(per_move))
        }
    }
}

/// A name the data spells in both languages (a level's, a handicap's):
/// the one in `lang`.
pub fn pick<T>(lang: Lang, zh: T, en: T) -> T {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// A level's name (its number aside).
pub fn level_name(level: Level, lang: Lang) -> &'static str {
    pick(lang, level.name_zh(), level.name_en())
}

/// The name of a level's group: "入门" …
pub fn tier_name(level: Level, lang: Lang) -> &'static str {
    pick(lang, level.tier_zh(), level.tier_en())
}

/// The opening line of the move list: "开局 C00 中炮对屏风马" / "Opening C00
/// Central Cannon vs Screen Horses" (the Chinese name where ECCO's has no
/// English one).
pub fn opening_text(o: &crate::ecco::Opening, lang: Lang) -> String {
    let name = match lang {
        Lang::Zh => o.zh,
        Lang::En => o.en.unwrap_or(o.zh),
    };
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
        Lang::Zh => format!("你对{who}：{won}胜 {drawn}和 {lost}负"),
        Lang::En => format!("You against {who}: {won} won, {drawn} drawn, {lost} lost"),
    }
}

/// Shares of won, drawn and lost games: "胜45% 和30% 负25%" / "W 45% D 30% L 25%".
pub fn result_shares(won: u32, drawn: u32, lost: u32, lang: Lang) -> String {
    let all = f64::from((won + drawn + lost).max(1));
    let pc = |n: u32| (100.0 * f64::from(n) / all).round();
    match lang {
        Lang::Zh => format!("胜{}% 和{}% 负{}%", pc(won), pc(drawn), pc(lost)),
        Lang::En => format!("W {}% D {}% L {}%", pc(won), pc(drawn), pc(lost)),
    }
}

/// The last games' results, newest first: "最近：胜 负 和" / "Last, newest
/// first: W L D" (`scores` 1, ½ or 0 for the player).
pub fn last_results(scores: &[f64], lang: Lang) -> String {
    let word = |s: f64| match (lang, s) {
        (Lang::Zh, s) if s > 0.75 => "胜",
        (Lang::Zh, s) if s >= 0.25 => "和",
        (Lang::Zh, _) => "负",
        (Lang::En, s) if s > 0.75 => "W",
        (Lang::En, s) if s >= 0.25 => "D",
        (Lang::En, _) => "L",
    };
    let words: Vec<&str> = scores.iter().map(|&s| word(s)).collect();
    match lang {
        Lang::Zh => format!("最近（新在前）：{}", words.join(" ")),
        Lang::En => format!("Last, newest first: {}", words.join(" ")),
    }
}

/// A handicap's name: "让单马" / "Horse odds".
pub fn handicap_name(handicap: Handicap, lang: Lang) -> &'static str {
    pick(lang, handicap.name_zh(), handicap.name_en())
}

/// A player's engine's strength setting: "1 s", "深度 8" / "depth 8".
pub fn strength_text(strength: Strength, lang: Lang) -> String {
    strength.text(lang == Lang::Zh)
}

/// The move a game stood at: "第12回合" / "move 12".
pub fn at_move(number: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{number}回合"),
        Lang::En => format!("move {number}"),
    }
}

/// How deep in a variation the shown move is: "变着: 3" / "Variation: ply 3".
pub fn on_variation(depth: usize, lang: Lang) -> String {
    let on = Phrase::OnVariation.get(lang);
    match lang {
        Lang::Zh => format!("{on}: {depth}"),
        Lang::En => format!("{on}: ply {depth}"),
    }
}

/// Which ply of the game is shown: "回顾: 3 / 10" / "Reviewing: ply 3 of 10".
pub fn browsing_ply(ply: usize, total: usize, lang: Lang) -> String {
    let browsing = Phrase::Browsing.get(lang);
    match lang {
        Lang::Zh => format!("{browsing}: {ply} / {total}"),
        Lang::En => format!("{browsing}: ply {ply} of {total}"),
    }
}

/// Whose move it is: "红方先走" / "Red to move".
pub fn side_to_move(side: Color, lang: Lang) -> String {
    let side = side_name(side, lang);
    match lang {
        Lang::Zh => format!("{side}{}", Phrase::SideToMove.get(lang)),
        Lang::En => format!("{side} {}", Phrase::ToMove.get(lang)),
    }
}

/// A puzzle's length: "3步杀" / "Mate in 3".
pub fn mate_in(moves: u32, lang: Lang) -> String {
    let mate = Phrase::MateIn.get(lang);
    match lang {
        Lang::Zh => format!("{moves}{mate}"),
        Lang::En => format!("{mate} {moves}"),
    }
}

/// "今日待练 3" / "3 due today": puzzles from the player's mistakes whose
/// day has come.
pub fn due_today(n: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("今日待练 {n}"),
        Lang::En => format!("{n} due today"),
    }
}

/// When a puzzle from the player's mistakes comes back: "今日待练" /
/// "due today", "3天后再练" / "back in 3 days".
pub fn comes_back(days: u64, lang: Lang) -> String {
    match (days, lang) {
        (0, Lang::Zh) => "今日待练".into(),
        (0, Lang::En) => "due today".into(),
        (1, Lang::Zh) => "明天再练".into(),
        (1, Lang::En) => "back tomorrow".into(),
        (d, Lang::Zh) => format!("{d}天后再练"),
        (d, Lang::En) => format!("back in {d} days"),
    }
}

/// A puzzle's theme before it is answered: "主题：捉双" / "Theme: fork".
pub fn theme_line(kind: crate::teach::Kind, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("主题：{}", crate::teach::words::kind_word(kind, lang)),
        Lang::En => format!("Theme: {}", crate::teach::words::kind_word(kind, lang)),
    }
}

/// A chapter's number before its title: "第2章" / "Chapter 2:".
pub fn chapter_number(n: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{n}章"),
        Lang::En => format!("Chapter {n}:"),
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
mod tests {
    use super::*;
    use crate::rules::{Move, Position};

    #[test]
    fn the_opening_is_named_in_the_language_shown() {
        // 炮二平五 马8进7 马二进三 马2进3: ECCO's central cannon against
        // the screen horses.
        let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2", "b9c7"]
            .iter()
            .map(|m| Move::from_iccs(m).unwrap())
            .collect();
        let o = crate::ecco::classify(&Position::startpos(), &moves).unwrap();
        assert_eq!(
            opening_text(&o, Lang::Zh),
            format!("开局 {} {}", o.code, o.zh)
        );
        let en = opening_text(&o, Lang::En);
        assert!(en.starts_with(&format!("Opening {} ", o.code)), "{en}");
        assert!(en.contains("Screen Horses"), "{en}");
    }
}
