//! A saved game's row: date and players over result, length and file
//! name (or what is wrong with the file), each shortened to fit its
//! columns.

use crate::game::i18n::{Lang, Phrase};
use crate::game::theme::layout::card_node;
use crate::game::theme::shape::Shape;
use crate::game::theme::{Fonts, palette};
use crate::rules::GameResult;
use crate::store::library::Entry;
use bevy::prelude::*;

/// Longest player name shown, in columns (a CJK character takes two).
const NAME_COLUMNS: usize = 28;
/// Longest file name shown, in columns.
pub(super) const FILE_COLUMNS: usize = 60;
/// Longest error text shown, in columns.
const ERROR_COLUMNS: usize = 110;

fn result_text(r: Option<GameResult>, lang: Lang) -> &'static str {
    match r {
        Some(GameResult::RedWins) => Phrase::RedWins.get(lang),
        Some(GameResult::BlackWins) => Phrase::BlackWins.get(lang),
        Some(GameResult::Draw) => Phrase::Draw.get(lang),
        None => Phrase::Unfinished.get(lang),
    }
}

/// A row's box and its two lines.
pub(super) fn row(e: &Entry, lang: Lang, fonts: &Fonts) -> impl Bundle {
    let (line1, line2) = row_lines(e, lang);
    let ok = e.error.is_none();
    (
        card_node(Vec2::new(12.0, 6.0), 1.0, 6.0)
            .flex_direction(FlexDirection::Column)
            .flex_shrink(0.0)
            .width(Val::Percent(100.0))
            // Whatever is still too wide is cut at the row's edge.
            .overflow(Overflow::clip_x()),
        BackgroundColor(if ok {
            palette::BUTTON
        } else {
            palette::BROKEN_ROW
        }),
        BorderColor::all(if ok {
            palette::BUTTON_BORDER
        } else {
            palette::ILLEGAL
        }),
        children![
            (
                Text::new(line1),
                fonts.ui(17.0),
                TextColor(palette::TEXT),
                TextLayout::linebreak(LineBreak::AnyCharacter),
                Pickable::IGNORE,
            ),
            (
                Text::new(line2),
                fonts.ui(14.0),
                TextColor(if ok {
                    palette::TEXT_DIM
                } else {
                    palette::BROKEN_TEXT
                }),
                TextLayout::linebreak(LineBreak::AnyCharacter),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// A row's two lines of text.
fn row_lines(e: &Entry, lang: Lang) -> (String, String) {
    let name = e
        .path
        .file_name()
        .map(|n| fit_middle(&n.to_string_lossy(), FILE_COLUMNS))
        .unwrap_or_default();
    let player = |p: &str| {
        if p.trim().is_empty() {
            "?".to_string()
        } else {
            fit_end(p, NAME_COLUMNS)
        }
    };
    match &e.error {
        None => (
            format!("{}   {} — {}", e.date, player(&e.red), player(&e.black)),
            format!(
                "{} · {} {} · {name}",
                result_text(e.result, lang),
                e.plies,
                Phrase::Plies.get(lang)
            ),
        ),
        Some(err) => (
            format!("{}   {name}", e.date),
            fit_end(
                &format!("{}: {err}", Phrase::CannotOpen.get(lang)),
                ERROR_COLUMNS,
            ),
        ),
    }
}

/// Display columns of a character: CJK and other wide characters take two.
fn columns(c: char) -> usize {
    if c.is_ascii() || ('\u{00a0}'..'\u{1100}').contains(&c) {
        1
    } else {
        2
    }
}

/// `s` cut to at most `max` columns, ending in `…` when cut (tag values).
pub(super) fn fit_end(s: &str, max: usize) -> String {
    let s = s.replace(['\n', '\r', '\t'], " ");
    if s.chars().map(columns).sum::<usize>() <= max {
        return s;
    }
    let mut out = String::new();
    let mut used = columns('…');
    for c in s.chars() {
        used += columns(c);
        if used > max {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

/// `s` cut to at most `max` columns by dropping its middle, so both the
/// start (date, players) and the end (`-2.pgn`) of a file name stay.
fn fit_middle(s: &str, max: usize) -> String {
    if s.chars().map(columns).sum::<usize>() <= max {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let budget = max.saturating_sub(columns('…'));
    let (mut head, mut tail) = (0, chars.len());
    let mut used = 0;
    // Take alternately from the front (two parts) and the back (one part).
    loop {
        let front = chars.get(head).copied().filter(|_| head < tail);
        let Some(c) = front else { break };
        if used + columns(c) > budget {
            break;
        }
        used += columns(c);
        head += 1;
        if head % 2 == 0 && tail > head {
            let c = chars[tail - 1];
            if used + columns(c) > budget {
                break;
            }
            used += columns(c);
            tail -= 1;
        }
    }
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[tail..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn width(s: &str) -> usize {
        s.chars().map(columns).sum()
    }

    #[test]
    fn long_tag_values_are_cut_to_fit_with_an_ellipsis() {
        assert_eq!(fit_end("许银川", NAME_COLUMNS), "许银川");
        let long = "A".repeat(300);
        let cut = fit_end(&long, NAME_COLUMNS);
        assert!(cut.ends_with('…') && width(&cut) <= NAME_COLUMNS, "{cut}");
        let wide = "象".repeat(100);
        let cut = fit_end(&wide, NAME_COLUMNS);
        assert!(width(&cut) <= NAME_COLUMNS, "{cut}");
        assert_eq!(fit_end("a\nb", 10), "a b");
    }

    #[test]
    fn a_250_character_file_name_keeps_its_start_and_end() {
        let name = format!("2024-05-01_143005_{}-vs-B-2.pgn", "x".repeat(250));
        let cut = fit_middle(&name, FILE_COLUMNS);
        assert!(width(&cut) <= FILE_COLUMNS, "{cut}");
        assert!(cut.starts_with("2024-05-01_143005_x"), "{cut}");
        assert!(cut.ends_with("-vs-B-2.pgn"), "{cut}");
        assert!(cut.contains('…'));
        let chinese = format!("{}.pgn", "棋".repeat(250));
        let cut = fit_middle(&chinese, FILE_COLUMNS);
        assert!(
            width(&cut) <= FILE_COLUMNS && cut.ends_with(".pgn"),
            "{cut}"
        );
        assert_eq!(fit_middle("short.pgn", FILE_COLUMNS), "short.pgn");
    }
}
