//! `xiangqi calibrate FILES… [--engine NAME] [--min-positions N]`: does a
//! shown score keep its promise? Every score a player reported in match
//! PGNs (the move comments `xiangqi match --pgn-out` writes, `{+0.35/12
//! 0.201s}` from the mover's side, `+M3`/`-M2` for mates) is set beside the
//! points that player went on to take from the game, bucket by bucket,
//! against what the display scale promises: `1 / (1 + e^(−cp / 200))`
//! ([`crate::engine::DISPLAY_SCALE`]).

use super::CliError;
use crate::engine::DISPLAY_SCALE;
use crate::rules::GameResult;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `calibrate`.
#[derive(clap::Args, Debug)]
pub struct CalibrateArgs {
    /// Match PGN files (as `xiangqi match --pgn-out` writes them).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Only the scores of players whose name contains this (all players without it).
    #[arg(long, value_name = "NAME")]
    engine: Option<String>,
    /// The least positions a bucket needs for its gap to count in the largest.
    #[arg(long, value_name = "N", default_value_t = 200)]
    min_positions: usize,
}

/// The buckets' bounds in pawns, from the mover's side.
const BOUNDS: [f64; 10] = [
    f64::NEG_INFINITY,
    -4.0,
    -2.0,
    -1.0,
    -0.5,
    0.5,
    1.0,
    2.0,
    4.0,
    f64::INFINITY,
];

/// What one bucket gathered.
#[derive(Default, Clone)]
struct Bucket {
    positions: usize,
    taken: f64,
    promised: f64,
    games: BTreeSet<usize>,
}

/// A reported score in pawns from a move comment (mates as ±∞); `None`
/// for a comment that holds no score (`book`, `?/?`, a person's words).
fn reported(comment: &str) -> Option<f64> {
    let word = comment.split_whitespace().next()?;
    let score = word.split_once('/').map_or(word, |(s, _)| s);
    if let Some(mate) = score.strip_prefix("+M").or_else(|| score.strip_prefix("M")) {
        return mate.parse::<u32>().ok().map(|_| f64::INFINITY);
    }
    if let Some(mate) = score.strip_prefix("-M") {
        return mate.parse::<u32>().ok().map(|_| f64::NEG_INFINITY);
    }
    if !score.starts_with(['+', '-', '0']) {
        return None;
    }
    score.parse::<f64>().ok().filter(|s| s.is_finite())
}

/// What the display scale promises for a score in pawns.
fn promise(pawns: f64) -> f64 {
    1.0 / (1.0 + (-pawns * 100.0 / f64::from(DISPLAY_SCALE)).exp())
}

/// Reads the games and fills the buckets; returns the games counted.
fn gather(args: &CalibrateArgs, buckets: &mut [Bucket]) -> Result<(usize, usize), CliError> {
    let mut counted = 0;
    let mut unreadable = 0;
    for file in &args.files {
        let bytes = crate::store::record::read_collection_bytes(file)
            .map_err(|e| CliError::new(format!("cannot read {}: {e}", file.display())))?;
        crate::store::record::for_each_game(&bytes, |_, opened| {
            let Ok(opened) = opened else {
                unreadable += 1;
                return;
            };
            let red_points = match opened.result {
                Some(GameResult::RedWins) => 1.0,
                Some(GameResult::Draw) => 0.5,
                Some(GameResult::BlackWins) => 0.0,
                None => return,
            };
            let tag = |name: &str| {
                opened
                    .tags
                    .iter()
                    .find(|(k, _)| k == name)
                    .map_or("", |(_, v)| v.as_str())
            };
            let counts = |name: &str| args.engine.as_deref().is_none_or(|e| name.contains(e));
            let sides = [counts(tag("Red")), counts(tag("Black"))];
            if sides == [false, false] {
                return;
            }
            counted += 1;
            let tree = opened.game.tree();
            let mut mover = opened.game.start().side_to_move();
            for id in tree.main_line_nodes() {
                let side = mover;
                mover = mover.flip();
                let red = side == crate::rules::Color::Red;
                if !sides[usize::from(!red)] {
                    continue;
                }
                let Some(score) = tree.node(id).and_then(|n| reported(&n.comment)) else {
                    continue;
                };
                let points = if red { red_points } else { 1.0 - red_points };
                let i = BOUNDS
                    .windows(2)
                    .position(|w| score >= w[0] && score < w[1])
                    .unwrap_or(BOUNDS.len() - 2);
                let b = &mut buckets[i];
                b.positions += 1;
                b.taken += points;
                b.promised += promise(score);
                b.games.insert(counted);
            }
        });
    }
    Ok((counted, unreadable))
}

/// A bucket's bounds as the table prints them.
fn label(i: usize) -> String {
    let bound = |x: f64| {
        if x.is_infinite() {
            if x < 0.0 {
                "−∞".to_string()
            } else {
                "+∞".to_string()
            }
        } else if x == 0.0 {
            "0".to_string()
        } else {
            format!("{x:+}").replace('-', "−")
        }
    };
    format!("{} … {}", bound(BOUNDS[i]), bound(BOUNDS[i + 1]))
}

/// Reads the games, prints the table and the largest gap.
///
/// # Errors
/// A file that cannot be read; no reported score in the files; output
/// that cannot be written.
pub fn run(args: &CalibrateArgs) -> Result<(), CliError> {
    let mut buckets = vec![Bucket::default(); BOUNDS.len() - 1];
    let (games, unreadable) = gather(args, &mut buckets)?;
    let positions: usize = buckets.iter().map(|b| b.positions).sum();
    if positions == 0 {
        let why = match unreadable {
            0 => String::new(),
            n => format!("; {n} records could not be read"),
        };
        return Err(CliError::new(format!(
            "no reported score in those files (match PGNs carry them as move comments such as {{+0.35/12 0.201s}}){why}"
        )));
    }
    let mut out = std::io::stdout().lock();
    let written = (|| -> std::io::Result<()> {
        writeln!(
            out,
            "{positions} scored positions from {games} games; promise 1 / (1 + e^(−cp / {DISPLAY_SCALE}))"
        )?;
        writeln!(
            out,
            "{:<14} {:>9} {:>6} {:>8} {:>8} {:>6}",
            "score", "positions", "games", "taken", "promised", "gap"
        )?;
        let mut largest: Option<(f64, usize)> = None;
        for (i, b) in buckets.iter().enumerate() {
            if b.positions == 0 {
                writeln!(out, "{:<14} {:>9}", label(i), 0)?;
                continue;
            }
            let n = b.positions as f64;
            let (taken, promised) = (100.0 * b.taken / n, 100.0 * b.promised / n);
            let gap = taken - promised;
            writeln!(
                out,
                "{:<14} {:>9} {:>6} {:>7.1}% {:>7.1}% {:>+6.1}",
                label(i),
                b.positions,
                b.games.len(),
                taken,
                promised,
                gap
            )?;
            if b.positions >= args.min_positions && largest.is_none_or(|(g, _)| gap.abs() > g.abs())
            {
                largest = Some((gap, i));
            }
        }
        match largest {
            Some((gap, i)) => writeln!(
                out,
                "largest gap: {gap:+.1} points ({}, buckets of at least {} positions)",
                label(i),
                args.min_positions
            ),
            None => writeln!(
                out,
                "largest gap: none (no bucket has {} positions)",
                args.min_positions
            ),
        }
    })();
    super::output::finish(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_match_comments() {
        assert_eq!(reported("+0.35/12 0.201s"), Some(0.35));
        assert_eq!(reported("-1.20/9 0.1s"), Some(-1.2));
        assert_eq!(reported("0.00/3 0.0s"), Some(0.0));
        assert_eq!(reported("+M3/20 0.5s"), Some(f64::INFINITY));
        assert_eq!(reported("-M2/20 0.5s"), Some(f64::NEG_INFINITY));
        assert_eq!(reported("book"), None);
        assert_eq!(reported("?/? 0.000s"), None);
        assert_eq!(reported("a good move"), None);
    }

    #[test]
    fn the_promise_is_the_display_scale_s_logistic() {
        assert!((promise(0.0) - 0.5).abs() < 1e-9);
        let two = promise(2.0);
        assert!((two - 1.0 / (1.0 + (-200.0f64 / f64::from(DISPLAY_SCALE)).exp())).abs() < 1e-9);
        assert!((promise(-2.0) - (1.0 - two)).abs() < 1e-9);
        assert_eq!(promise(f64::INFINITY), 1.0);
    }
}
