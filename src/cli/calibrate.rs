//! `xiangqi calibrate FILES… [--engine NAME] [--min-positions N]`: does a
//! shown score keep its promise? Every score a player reported in match
//! PGNs (the move comments `xiangqi match --pgn-out` writes, `{+0.35/12
//! 0.201s}` from the mover's side, `+M3`/`-M2` for mates) is set beside the
//! points that player went on to take from the game, bucket by bucket,
//! against what the display scale promises: `1 / (1 + e^(−cp / 105))`
//! ([`crate::engine::DISPLAY_SCALE`]), or `--scale S`'s candidate. It also
//! fits the scale those games would keep best ([`fitted_scale`]): what a
//! refit of the display scale aims at. Gzipped files (`.pgn.gz`) are read
//! as they are.

use super::CliError;
use crate::arena::runner::comment_score;
use crate::engine::review::expected_on;
use crate::engine::{DISPLAY_SCALE, Score};
use crate::rules::Color;
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
    /// Check this promise instead of the display scale's: `1 / (1 + e^(−cp / S))` (a candidate for a refit).
    #[arg(long, value_name = "S", default_value_t = DISPLAY_SCALE,
          value_parser = clap::value_parser!(i32).range(10..=100_000))]
    scale: i32,
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
    /// The games its positions come from (positions of one game are not
    /// independent), and the last of them.
    games: usize,
    last_game: usize,
}

/// Reads the games and fills the buckets, and `samples` with each shown
/// centipawn score (mates aside) beside the points then taken; returns the
/// games counted and the records that could not be read.
fn gather(
    args: &CalibrateArgs,
    buckets: &mut [Bucket],
    samples: &mut Vec<(f64, f64)>,
) -> Result<(usize, usize), CliError> {
    let mut counted = 0;
    let mut unreadable = 0;
    for file in &args.files {
        let bytes = super::input::read_collection_noting(file)?;
        crate::store::record::for_each_game(&bytes, |_, opened| {
            let Ok(opened) = opened else {
                unreadable += 1;
                return;
            };
            let Some(red_points) = opened.result.map(|r| r.points_for(Color::Red)) else {
                return;
            };
            let counts = |tag: &str| {
                let name = opened.tag(tag).unwrap_or("");
                args.engine.as_deref().is_none_or(|e| name.contains(e))
            };
            let sides = [counts("Red"), counts("Black")];
            if sides == [false, false] {
                return;
            }
            counted += 1;
            let tree = opened.game.tree();
            let mut mover = opened.game.start().side_to_move();
            for id in tree.main_line_nodes() {
                let side = mover;
                mover = mover.flip();
                let red = side == Color::Red;
                if !sides[usize::from(!red)] {
                    continue;
                }
                let Some(score) = tree.node(id).and_then(|n| comment_score(&n.comment)) else {
                    continue;
                };
                let pawns = match score {
                    Score::Cp(cp) => f64::from(cp) / 100.0,
                    Score::Mate(n) if n > 0 => f64::INFINITY,
                    Score::Mate(_) => f64::NEG_INFINITY,
                };
                let points = if red { red_points } else { 1.0 - red_points };
                if let Score::Cp(cp) = score {
                    samples.push((f64::from(cp), points));
                }
                let i = BOUNDS
                    .windows(2)
                    .position(|w| pawns >= w[0] && pawns < w[1])
                    .unwrap_or(BOUNDS.len() - 2);
                let b = &mut buckets[i];
                b.positions += 1;
                b.taken += points;
                b.promised += expected_on(score, f64::from(args.scale));
                if b.last_game != counted {
                    b.games += 1;
                    b.last_game = counted;
                }
            }
        });
    }
    Ok((counted, unreadable))
}

/// The scale `s` for which `1 / (1 + e^(−cp / s))` best predicts the
/// points taken (maximum likelihood: a logistic regression through the
/// origin on the shown scores, solved by Newton's method for `1 / s`);
/// `None` when the scores do not decide it (no spread, or points that
/// grow without bound with the score: a scale below 10 or above 100,000).
pub fn fitted_scale(samples: &[(f64, f64)]) -> Option<f64> {
    // The log-likelihood of `beta` (concave), so a Newton step that
    // overshoots is halved until it climbs.
    let likelihood = |beta: f64| -> f64 {
        samples
            .iter()
            .map(|&(cp, points)| {
                let z = beta * cp;
                points * ln_sigmoid(z) + (1.0 - points) * ln_sigmoid(-z)
            })
            .sum()
    };
    let mut beta = 1.0 / f64::from(DISPLAY_SCALE);
    let mut current = likelihood(beta);
    for _ in 0..200 {
        let (mut gradient, mut curvature) = (0.0, 0.0);
        for &(cp, points) in samples {
            let p = 1.0 / (1.0 + (-beta * cp).exp());
            gradient += (points - p) * cp;
            curvature += p * (1.0 - p) * cp * cp;
        }
        if curvature <= f64::EPSILON {
            return None;
        }
        let mut step = gradient / curvature;
        let mut next = beta + step;
        let mut value = likelihood(next);
        while value < current && step.abs() > 1e-15 {
            step /= 2.0;
            next = beta + step;
            value = likelihood(next);
        }
        beta = next;
        current = value;
        if !(1e-5..=0.1).contains(&beta) {
            return None;
        }
        if step.abs() < 1e-12 {
            return Some(1.0 / beta);
        }
    }
    None
}

/// `ln(1 / (1 + e^(−z)))`, without overflow for large `|z|`.
fn ln_sigmoid(z: f64) -> f64 {
    if z >= 0.0 {
        -(-z).exp().ln_1p()
    } else {
        z - z.exp().ln_1p()
    }
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
    let mut samples = Vec::new();
    let (games, unreadable) = gather(args, &mut buckets, &mut samples)?;
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
            "{positions} scored positions from {games} games; promise 1 / (1 + e^(−cp / {}))",
            args.scale
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
                b.games,
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
            )?,
            None => writeln!(
                out,
                "largest gap: none (no bucket has {} positions)",
                args.min_positions
            )?,
        }
        match fitted_scale(&samples) {
            Some(s) => writeln!(
                out,
                "fitted scale: {s:.0} (1 / (1 + e^(−cp / {s:.0})) fits these scores best; shown scores would keep it multiplied by {:.2})",
                f64::from(args.scale) / s
            ),
            None => writeln!(out, "fitted scale: none (these scores do not decide one)"),
        }
    })();
    super::output::finish(written)
}

#[cfg(test)]
mod tests {
    use super::fitted_scale;

    #[test]
    fn the_fit_finds_the_scale_the_points_were_drawn_on() {
        // Points taken exactly as a scale of 120 would have them: the
        // likelihood is highest there.
        let on = |scale: f64| -> Vec<(f64, f64)> {
            (-40..=40)
                .map(|i| {
                    let cp = f64::from(i) * 10.0;
                    (cp, 1.0 / (1.0 + (-cp / scale).exp()))
                })
                .collect()
        };
        for scale in [120.0, 200.0, 350.0] {
            let fitted = fitted_scale(&on(scale)).unwrap();
            assert!((fitted - scale).abs() < 0.01, "{scale}: {fitted}");
        }
        // Nothing to decide: no scores away from zero, or a side that
        // always wins whenever it is ahead (the scale would go to zero).
        assert_eq!(fitted_scale(&[(0.0, 1.0), (0.0, 0.0)]), None);
        let certain: Vec<(f64, f64)> = (1..50)
            .flat_map(|i| [(f64::from(i), 1.0), (-f64::from(i), 0.0)])
            .collect();
        assert_eq!(fitted_scale(&certain), None);
        assert_eq!(fitted_scale(&[]), None);
    }
}
