//! The tactics trainer's words with values in them: a theme's name, a
//! rating with its deviation and its change, a theme's score, a streak,
//! the count to review and where a puzzle was found.

use super::{Lang, Phrase};
use crate::tactics::{Source, Theme};

/// A theme's name: "捉双" / "Fork" / "Bắt đôi" (the classic mates by
/// their own names, [`crate::teach::Pattern`]).
pub fn theme_name(theme: Theme, lang: Lang) -> String {
    let (zh, en, vi) = match theme {
        Theme::Pattern(p) => {
            return match lang {
                Lang::Zh | Lang::ZhHant => lang.chinese(p.zh()),
                Lang::En => capitalised(p.en()),
                Lang::Vi => p.vi().to_string(),
            };
        }
        Theme::Mate => ("杀棋", "Mate", "Chiếu hết"),
        Theme::MateIn1 => ("一步杀", "Mate in 1", "Chiếu hết 1 nước"),
        Theme::MateIn2 => ("两步杀", "Mate in 2", "Chiếu hết 2 nước"),
        Theme::MateIn3 => ("三步杀", "Mate in 3", "Chiếu hết 3 nước"),
        Theme::LongMate => ("长杀", "Long mate", "Chiếu hết dài"),
        Theme::Material => ("得子", "Winning material", "Được quân"),
        Theme::Fork => ("捉双", "Fork", "Bắt đôi"),
        Theme::Pin => ("牵制", "Pin", "Ghim quân"),
        Theme::DiscoveredAttack => ("闪击", "Discovered attack", "Tấn công mở"),
        Theme::DiscoveredCheck => ("闪将", "Discovered check", "Chiếu mở"),
        Theme::DoubleCheck => ("双将", "Double check", "Chiếu đôi"),
        Theme::Hanging => ("吃无根子", "Hanging piece", "Quân không được bảo vệ"),
        Theme::Trapped => ("困子", "Trapped piece", "Quân bị vây"),
        Theme::Sacrifice => ("弃子", "Sacrifice", "Thí quân"),
        Theme::Defensive => ("防守", "Defence", "Phòng thủ"),
        Theme::AttackOnGeneral => ("攻杀", "Attack on the general", "Tấn công tướng"),
        Theme::Soldier => ("兵卒", "Soldiers", "Tốt"),
        Theme::Opening => ("开局", "Opening", "Khai cuộc"),
        Theme::Middlegame => ("中局", "Middlegame", "Trung cuộc"),
        Theme::Endgame => ("残局", "Endgame", "Tàn cuộc"),
        Theme::OneMove => ("一着", "One move", "Một nước"),
        Theme::Short => ("短组合", "Short", "Ngắn"),
        Theme::Long => ("长组合", "Long", "Dài"),
    };
    match lang {
        Lang::Zh | Lang::ZhHant => lang.chinese(zh),
        Lang::En => en.to_string(),
        Lang::Vi => vi.to_string(),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A Glicko rating with its deviation: "1500 ± 350".
pub fn rating_text(rating: f64, deviation: f64) -> String {
    format!("{:.0} ± {:.0}", rating, deviation)
}

/// A rating's change: "等级分 1500 → 1512 (+12)" / "Rating 1500 → 1512 (+12)".
pub fn rating_change(before: f64, after: f64, lang: Lang) -> String {
    let word = match lang {
        Lang::Zh => "等级分",
        Lang::ZhHant => "等級分",
        Lang::En => "Rating",
        Lang::Vi => "Hệ số",
    };
    let delta = after.round() - before.round();
    format!("{word} {before:.0} → {after:.0} ({delta:+.0})")
}

/// A theme's score: "3/5 解对" / "3 of 5 solved" / "giải 3/5"; "未做" /
/// "not tried" / "chưa làm" before any.
pub fn theme_score(solved: u32, tried: u32, lang: Lang) -> String {
    match (tried, lang) {
        (0, Lang::Zh) => "未做".into(),
        (0, Lang::ZhHant) => "未做".into(),
        (0, Lang::En) => "not tried".into(),
        (0, Lang::Vi) => "chưa làm".into(),
        (_, Lang::Zh) => format!("{solved}/{tried} 解对"),
        (_, Lang::ZhHant) => format!("{solved}/{tried} 解對"),
        (_, Lang::En) => format!("{solved} of {tried} solved"),
        (_, Lang::Vi) => format!("giải {solved}/{tried}"),
    }
}

/// A streak: "当前连胜 4 · 最佳 9" / "Current streak 4 · best 9".
pub fn streak_text(current: u32, best: u32, lang: Lang) -> String {
    use super::Phrase;
    format!(
        "{} {current} · {} {best}",
        Phrase::StreakCurrent.get(lang),
        Phrase::StreakBest.get(lang)
    )
}

/// The missed puzzles due again: "3 道待复习" / "3 to review".
pub fn to_review(n: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{n} 道待复习"),
        Lang::ZhHant => format!("{n} 道待複習"),
        Lang::En => format!("{n} to review"),
        Lang::Vi => format!("{n} bài cần ôn"),
    }
}

/// How many puzzles: "12 题" / "12 puzzles" / "12 bài".
pub fn puzzle_count(n: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{n} 题"),
        Lang::ZhHant => format!("{n} 題"),
        Lang::En if n == 1 => "1 puzzle".into(),
        Lang::En => format!("{n} puzzles"),
        Lang::Vi => format!("{n} bài"),
    }
}

/// Where a puzzle was found: "出自：电脑 1 – 电脑 3，第115局，第113回合" /
/// "From AI 1 – AI 3, game 115, move 113" for a ladder game, a game of
/// people by its record's names.
pub fn found_in(source: &Source, lang: Lang) -> String {
    let move_number = source.ply / 2 + 1;
    let ai = Phrase::Computer.get(lang);
    let game = match (source.ladder(), lang) {
        (None, Lang::Vi) => format!("ván {}", source.game),
        (None, _) => source.game.clone(),
        (Some(l), Lang::Zh | Lang::ZhHant) => {
            format!("{ai} {} – {ai} {}，第{}局", l.red, l.black, l.game)
        }
        (Some(l), Lang::En) => format!("{ai} {} – {ai} {}, game {}", l.red, l.black, l.game),
        (Some(l), Lang::Vi) => format!("ván {} {ai} {} – {ai} {}", l.game, l.red, l.black),
    };
    match lang {
        Lang::Zh | Lang::ZhHant => format!("{}{game}，第{move_number}回合", lang.chinese("出自：")),
        Lang::En => format!("From {game}, move {move_number}"),
        Lang::Vi => format!("Từ {game}, nước {move_number}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ladder_game_is_named_by_its_levels_in_every_language() {
        let ladder = Source {
            game: "Level 1 – Level 3, game 115".into(),
            ply: 225,
        };
        let said = |lang| found_in(&ladder, lang);
        assert_eq!(said(Lang::Zh), "出自：电脑 1 – 电脑 3，第115局，第113回合");
        assert_eq!(
            said(Lang::ZhHant),
            "出自：電腦 1 – 電腦 3，第115局，第113回合"
        );
        assert_eq!(said(Lang::En), "From AI 1 – AI 3, game 115, move 113");
        assert_eq!(said(Lang::Vi), "Từ ván 115 Máy 1 – Máy 3, nước 113");
        let people = Source {
            game: "Xu Yinchuan – Lü Qin".into(),
            ply: 30,
        };
        assert_eq!(
            found_in(&people, Lang::En),
            "From Xu Yinchuan – Lü Qin, move 16"
        );
        assert_eq!(
            found_in(&people, Lang::Vi),
            "Từ ván Xu Yinchuan – Lü Qin, nước 16"
        );
    }

    #[test]
    fn every_theme_has_a_name_in_every_language() {
        for lang in [Lang::Zh, Lang::ZhHant, Lang::En, Lang::Vi] {
            let names: std::collections::HashSet<String> =
                Theme::ALL.iter().map(|&t| theme_name(t, lang)).collect();
            assert_eq!(names.len(), Theme::ALL.len(), "{lang:?}: names told apart");
            assert!(names.iter().all(|n| !n.is_empty()));
        }
        assert_eq!(theme_name(Theme::Fork, Lang::ZhHant), "捉雙");
        let smothered = Theme::Pattern(crate::teach::Pattern::SmotheredPalace);
        assert_eq!(theme_name(smothered, Lang::En), "Smothered palace");
    }

    #[test]
    fn a_rating_change_is_signed() {
        assert_eq!(
            rating_change(1500.4, 1512.2, Lang::En),
            "Rating 1500 → 1512 (+12)"
        );
        assert_eq!(
            rating_change(1500.0, 1490.0, Lang::Zh),
            "等级分 1500 → 1490 (-10)"
        );
        assert_eq!(rating_text(1500.0, 350.0), "1500 ± 350");
    }
}
