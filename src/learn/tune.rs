//! Fits the evaluation's [`Weights`] to game results, Texel's way.
//!
//! Every position of a set of finished games (past the opening, not in
//! check, not just after a capture, so mostly quiet) becomes a sample: its
//! evaluation terms and the game's result from Red's side (1, ½, 0). A
//! logistic curve `1 / (1 + 10^(−k·eval/400))` maps an evaluation to an
//! expected result; `k` is fitted first with the current weights, then each
//! weight in turn is moved up or down while that lowers the mean squared
//! difference between expected and actual results, in steps that shrink
//! from 16 to 1 (percent of the hand-set value). `xiangqi tune` runs it on
//! PGN files, such as those `xiangqi match --pgn-out` writes.

use crate::engine::eval::{Terms, Weights, evaluation_terms};
use crate::rules::pgn::PgnGame;
use crate::rules::{Color, Position};

/// One position and how its game ended.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// The position's evaluation terms.
    pub terms: Terms,
    /// The result from Red's side: 1, 0.5 or 0.
    pub result: f64,
}

/// Samples from `games` (games without a result are skipped), leaving out
/// the first `skip` plies of each.
pub fn samples(games: &[PgnGame], skip: usize) -> Vec<Sample> {
    let mut out = Vec::new();
    for g in games {
        let Some(result) = g.result.map(|r| r.points_for(Color::Red)) else {
            continue;
        };
        let mut pos: Position = g.start;
        for (i, &m) in g.moves.iter().enumerate() {
            let capture = pos.captured_by(m).is_some();
            pos.make(m);
            if i + 1 < skip || capture || pos.in_check() {
                continue;
            }
            out.push(Sample {
                terms: evaluation_terms(&pos),
                result,
            });
        }
    }
    out
}

fn expected(eval: i32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(eval) / 400.0))
}

/// Mean squared error of the samples' results against the evaluation.
pub fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - expected(s.terms.red_score(w), k)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The `k` that fits the samples best with weights `w` (golden-section search).
pub fn fit_k(samples: &[Sample], w: &Weights) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 3.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// What a tuning run found.
#[derive(Clone, Copy, Debug)]
pub struct Fit {
    /// The fitted scale of the logistic curve.
    pub k: f64,
    /// Error with the starting weights.
    pub start_error: f64,
    /// The best weights found.
    pub weights: Weights,
    /// Their error.
    pub error: f64,
}

/// Coordinate descent from `start`; weights stay within 0..=1000.
pub fn tune(samples: &[Sample], start: Weights) -> Fit {
    let k = fit_k(samples, &start);
    let start_error = error(samples, &start, k);
    let mut w = start;
    let mut best = start_error;
    let mut step = 16;
    while step >= 1 {
        let mut improved = true;
        while improved {
            improved = false;
            for field in 0..3 {
                for dir in [1, -1] {
                    let mut c = w;
                    let v = match field {
                        0 => &mut c.placement,
                        1 => &mut c.mobility,
                        _ => &mut c.safety,
                    };
                    *v = (*v + dir * step).clamp(0, 1000);
                    let e = error(samples, &c, k);
                    if e < best {
                        best = e;
                        w = c;
                        improved = true;
                    }
                }
            }
        }
        step /= 2;
    }
    Fit {
        k,
        start_error,
        weights: w,
        error: best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::WEIGHTS;
    use crate::rules::GameResult;
    use crate::rules::Move;

    /// Games where mobility decides: the side whose chariots move more
    /// freely wins. The tuner must raise the mobility weight.
    #[test]
    fn the_tuner_moves_a_weight_toward_what_decides_games() {
        let free = Position::from_fen("3akab2/9/4b4/9/9/9/9/4B4/R3A4/R1BAK4 w - - 0 1").unwrap();
        let hemmed = Position::from_fen("3akab2/9/4b4/9/9/9/P8/4B4/R3A4/R1BAK4 w - - 0 1").unwrap();
        let mk = |p: Position, result| PgnGame {
            tags: vec![],
            start: p,
            moves: vec![Move::from_iccs("a0b0").unwrap()],
            result: Some(result),
        };
        let mut games = Vec::new();
        for _ in 0..20 {
            games.push(mk(free, GameResult::RedWins));
            games.push(mk(hemmed, GameResult::Draw));
        }
        let s = samples(&games, 0);
        assert_eq!(s.len(), 40);
        let fit = tune(&s, WEIGHTS);
        assert!(fit.error <= fit.start_error);
        assert!(fit.k > 0.0);
        let t_free = s[0].terms;
        let t_hemmed = s[1].terms;
        assert!(t_free.mobility > t_hemmed.mobility);
        assert!(fit.weights.mobility > WEIGHTS.mobility, "{fit:?}");
    }
}
