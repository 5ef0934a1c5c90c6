//! A puzzle's rating on the levels' scale: the ladder's levels
//! ([`RATERS`]) each try it at their own settings — their depth, blur and
//! carelessness, not their clock — [`TRIES`] times with different seeds;
//! the rating is where a solver would solve it half of the time, the
//! logistic (Elo) curve fitted to those tries by maximum likelihood, with
//! a weak prior so a puzzle every level solves (or none does) still gets
//! a finite rating.

use super::Tactic;
use crate::engine::{Engine, Level, SearchRequest};
use crate::rules::{Move, Position};
use std::sync::atomic::AtomicBool;

/// The levels that try every puzzle: every second one from the beginner
/// to the masters.
pub const RATERS: [u8; 14] = [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27];

/// Tries per level.
pub const TRIES: u64 = 2;

/// The prior: a rating of about this much …
const PRIOR_MEAN: f64 = 2000.0;
/// … give or take this much.
const PRIOR_SPREAD: f64 = 1500.0;

/// The ratings fitted stay within these.
pub const BOUNDS: (f64, f64) = (400.0, 6000.0);

/// Whether `level` solves the puzzle (`pos`, `line`) with `seed`: each
/// solver move is the line's (at the last any mate will do); the
/// defender's replies are the line's.
pub fn solves(engine: &mut Engine, level: Level, pos: &Position, line: &[Move], seed: u64) -> bool {
    let persona = level.persona().scaled(1000.0);
    let (mut cur, mut hist) = (*pos, Vec::new());
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 {
            let stop = AtomicBool::new(false);
            let request = SearchRequest::new(&cur, &hist, &stop).limits(persona.limits());
            let chosen = persona.choose(engine, &request, seed.wrapping_add(i as u64), &mut |_| {});
            if chosen.best != m {
                let mut after = cur;
                let mates = after.play(chosen.best).is_ok() && !after.has_legal_move();
                return mates && i + 1 == line.len();
            }
        }
        hist.push(cur);
        if cur.play(m).is_err() {
            return false;
        }
    }
    true
}

/// The tries of every rater: (the level's rating, solved).
pub fn tries(engine: &mut Engine, t: &Tactic) -> Vec<(f64, bool)> {
    let (Ok(pos), Some(line)) = (t.position(), t.line()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for n in RATERS {
        let Some(level) = Level::new(n) else { continue };
        for k in 0..TRIES {
            engine.clear();
            let solved = solves(engine, level, &pos, &line, 1 + k * 7919);
            out.push((f64::from(level.rating()), solved));
        }
    }
    out
}

/// The probability a solver of rating `r` solves a puzzle rated `p`.
pub fn chance(r: f64, p: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((p - r) / 400.0))
}

/// The rating that best explains `tries` (maximum likelihood with the
/// prior), within [`BOUNDS`].
pub fn fit(tries: &[(f64, bool)]) -> i32 {
    let log_likelihood = |p: f64| -> f64 {
        let prior = -((p - PRIOR_MEAN) / PRIOR_SPREAD).powi(2) / 2.0;
        tries.iter().fold(prior, |acc, &(r, solved)| {
            let c = chance(r, p).clamp(1e-9, 1.0 - 1e-9);
            acc + if solved { c.ln() } else { (1.0 - c).ln() }
        })
    };
    // The curve has one peak: a golden-section search finds it.
    let (mut a, mut b) = BOUNDS;
    let g = (5f64.sqrt() - 1.0) / 2.0;
    while b - a > 1.0 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if log_likelihood(c) > log_likelihood(d) {
            b = d;
        } else {
            a = c;
        }
    }
    ((a + b) / 2.0).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_finds_where_half_are_solved() {
        // Solved by every rater above 2000, missed by every one below.
        let tries: Vec<(f64, bool)> = (0..20)
            .map(|i| (1000.0 + 100.0 * f64::from(i), i >= 10))
            .collect();
        let r = fit(&tries);
        assert!((1900..=2100).contains(&r), "{r}");
        let easier: Vec<(f64, bool)> = tries.iter().map(|&(r, s)| (r, s || r >= 1500.0)).collect();
        assert!(fit(&easier) < r);
    }

    #[test]
    fn all_solved_or_none_stays_finite_and_ordered() {
        let all: Vec<(f64, bool)> = (0..10)
            .map(|i| (700.0 + 300.0 * f64::from(i), true))
            .collect();
        let none: Vec<(f64, bool)> = all.iter().map(|&(r, _)| (r, false)).collect();
        let (lo, hi) = (fit(&all), fit(&none));
        assert!(lo >= 400 && hi <= 6000 && lo < hi, "{lo} {hi}");
        assert!((chance(1500.0, 1500.0) - 0.5).abs() < 1e-12);
    }
}
