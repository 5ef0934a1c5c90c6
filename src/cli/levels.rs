//! `xiangqi levels`: the difficulty levels, how each one plays, its rating
//! and the games it rests on.

use super::CliError;
use crate::arena::stats::Tally;
use crate::engine::{Level, RATING_SCALE};
use std::io::{self, Write};

/// Prints the table.
///
/// # Errors
/// Output that cannot be written.
pub fn run() -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    super::output::finish(write_table(&mut out))
}

/// The table as `xiangqi levels` prints it.
pub fn write_table(out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{:>2}  {:<11} {:<15} {:>5} {:>6} {:>5} {:>6} {:>8} {:>4} {:>6}  {:>11}  measured against the level below",
        "#", "name", "", "depth", "time", "temp", "margin", "careless", "book", "pace", "rating"
    )?;
    for level in Level::ALL {
        let p = level.persona();
        let [wins, draws, losses] = level.step().map(u32::from);
        let step = Tally {
            wins,
            draws,
            losses,
        };
        let score = format!("{wins}-{draws}-{losses} ({:.1} %)", step.score() * 100.0);
        let against = if level == Level::MIN {
            "the beginner stand-in"
        } else {
            "the level below"
        };
        // Chinese characters are two columns wide.
        let width: usize = level
            .name_zh()
            .chars()
            .map(|c| if c.is_ascii() { 1 } else { 2 })
            .sum();
        let zh_pad = 11usize.saturating_sub(width);
        writeln!(
            out,
            "{:>2}  {}{:zh_pad$} {:<15} {:>5} {:>5.1}s {:>5} {:>6} {:>7}% {:>4} {:>5.1}s  {:>5} ± {:<3}  {score} vs {against}",
            level.number(),
            level.name_zh(),
            "",
            level.name_en(),
            p.depth,
            p.millis as f64 / 1000.0,
            p.temperature,
            p.margin,
            p.careless,
            p.book_plies,
            level.pace().as_secs_f64(),
            level.rating(),
            level.rating_margin(),
        )?;
    }
    writeln!(out)?;
    writeln!(out, "{RATING_SCALE}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_has_a_row_per_level_with_its_name_and_rating() {
        let mut bytes = Vec::new();
        write_table(&mut bytes).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        for level in Level::ALL {
            let row = text
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{} ", level.number())))
                .unwrap_or_else(|| panic!("no row for level {}: {text}", level.number()));
            assert!(
                row.contains(level.name_zh()) && row.contains(level.name_en()),
                "{row}"
            );
            assert!(row.contains(&format!("{} ±", level.rating())), "{row}");
        }
        assert!(text.contains(RATING_SCALE));
    }
}
