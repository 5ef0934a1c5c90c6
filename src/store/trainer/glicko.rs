//! The Glicko-2 rating system, as Glickman's "Example of the Glicko-2
//! system" (glicko.net/glicko/glicko2.pdf) computes it, on the levels'
//! rating scale (the paper's, 1500 ± 173.7178 per unit of its inner scale).
//!
//! A rating period is a list of [`Game`]s; the trainer makes each puzzle a
//! period of its own (as lichess does), against the puzzle's rating with a
//! fixed deviation ([`PUZZLE_DEVIATION`]). What comes out is kept within
//! bounds ([`RATINGS`], [`DEVIATIONS`], [`VOLATILITIES`]), and what goes
//! in is first brought within them, so no input, however wild, makes a
//! rating that is not a number.

use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;

/// The paper's scale factor between the rating scale and its inner one.
pub const SCALE: f64 = 173.7178;

/// The system constant τ: how much the volatility may change (0.3–1.2 in
/// the paper; 0.5 its example's).
pub const TAU: f64 = 0.5;

/// A first rating's deviation (as unsure as the system allows).
pub const START_DEVIATION: f64 = 350.0;

/// A first rating's volatility (the paper's).
pub const START_VOLATILITY: f64 = 0.06;

/// The rating of a player who has said nothing of themself (the paper's
/// unrated player).
pub const START_RATING: f64 = 1500.0;

/// A puzzle's deviation: its rating is taken as known to within this.
pub const PUZZLE_DEVIATION: f64 = 60.0;

/// The ratings a player can have: from below the first level (about 700)
/// to above the full engine (about 5600).
pub const RATINGS: RangeInclusive<f64> = 400.0..=6000.0;

/// The deviations a player's rating can have (lichess keeps a puzzle
/// rating's deviation at 45 at least, so it still moves).
pub const DEVIATIONS: RangeInclusive<f64> = 45.0..=START_DEVIATION;

/// The volatilities a player's rating can have (lichess's ceiling).
pub const VOLATILITIES: RangeInclusive<f64> = 0.01..=0.1;

/// How close the volatility's iteration gets (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A player's rating, how sure it is, and how much it swings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    /// The rating, on the levels' scale.
    pub rating: f64,
    /// Its deviation (the rating is within twice this with 95 % odds).
    pub deviation: f64,
    /// Its volatility (how erratic the player's results are).
    pub volatility: f64,
}

impl Default for Glicko {
    /// The paper's unrated player: 1500, 350, 0.06.
    fn default() -> Glicko {
        Glicko::new(START_RATING)
    }
}

/// One result of a rating period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating.
    pub rating: f64,
    /// The opponent's deviation.
    pub deviation: f64,
    /// The player's score: 1 a win, ½ a draw, 0 a loss.
    pub score: f64,
}

/// `x` within `range`; `or` when it is not a number.
fn within(x: f64, range: &RangeInclusive<f64>, or: f64) -> f64 {
    if x.is_nan() {
        or
    } else {
        x.clamp(*range.start(), *range.end())
    }
}

/// The paper's g(φ): how much a result against an opponent this unsure counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The paper's E(μ, μj, φj): the expected score.
fn expected(mu: f64, mu_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + (-g_j * (mu - mu_j)).exp())
}

impl Glicko {
    /// A first rating: `rating` (brought within [`RATINGS`]), deviation
    /// [`START_DEVIATION`], volatility [`START_VOLATILITY`].
    pub fn new(rating: f64) -> Glicko {
        Glicko {
            rating: within(rating, &RATINGS, START_RATING),
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }

    /// Within the bounds: each field brought within its range, a field
    /// that is not a number replaced by a first rating's.
    pub fn bounded(self) -> Glicko {
        Glicko {
            rating: within(self.rating, &RATINGS, START_RATING),
            deviation: within(self.deviation, &DEVIATIONS, START_DEVIATION),
            volatility: within(self.volatility, &VOLATILITIES, START_VOLATILITY),
        }
    }

    /// Whether every field is within its bounds (a number, in range).
    pub fn is_bounded(&self) -> bool {
        RATINGS.contains(&self.rating)
            && DEVIATIONS.contains(&self.deviation)
            && VOLATILITIES.contains(&self.volatility)
    }

    /// The rating after one puzzle rated `puzzle` (deviation
    /// [`PUZZLE_DEVIATION`]): solved or not.
    pub fn after_puzzle(&self, puzzle: f64, solved: bool) -> Glicko {
        self.after_period(&[Game {
            rating: puzzle,
            deviation: PUZZLE_DEVIATION,
            score: if solved { 1.0 } else { 0.0 },
        }])
    }

    /// The rating after a rating period of `games` (none: only the
    /// deviation grows), by the paper's steps 2–8, within the bounds. A
    /// game's rating is first brought within [`RATINGS`], its deviation
    /// within 0–[`START_DEVIATION`], its score within 0–1; a game with a
    /// field that is not a number is left out.
    pub fn after_period(&self, games: &[Game]) -> Glicko {
        let me = self.bounded();
        // Step 2: the inner scale.
        let mu = (me.rating - START_RATING) / SCALE;
        let phi = me.deviation / SCALE;
        let games: Vec<(f64, f64, f64)> = games
            .iter()
            .filter(|x| !(x.rating.is_nan() || x.deviation.is_nan() || x.score.is_nan()))
            .map(|x| {
                let mu_j = (within(x.rating, &RATINGS, START_RATING) - START_RATING) / SCALE;
                let g_j = g(x.deviation.clamp(0.0, START_DEVIATION) / SCALE);
                (g_j, expected(mu, mu_j, g_j), x.score.clamp(0.0, 1.0))
            })
            .collect();
        if games.is_empty() {
            // Step 6 alone: an unplayed period.
            let grown = (phi * phi + me.volatility * me.volatility).sqrt();
            return Glicko {
                deviation: grown * SCALE,
                ..me
            }
            .bounded();
        }
        // Steps 3 and 4: the estimated variance and improvement.
        let v = 1.0
            / games
                .iter()
                .map(|(g, e, _)| g * g * e * (1.0 - e))
                .sum::<f64>();
        let sum: f64 = games.iter().map(|(g, e, s)| g * (s - e)).sum();
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = volatility(me.volatility, phi, v, delta);
        // Steps 6 and 7: the new deviation and rating.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the rating scale.
        let next = Glicko {
            rating: SCALE * mu_new + START_RATING,
            deviation: SCALE * phi_new,
            volatility: sigma,
        };
        if next.rating.is_finite() && next.deviation.is_finite() && next.volatility.is_finite() {
            next.bounded()
        } else {
            me
        }
    }
}

/// The paper's step 5: the new volatility, by the Illinois algorithm
/// (a bounded number of rounds, however far from home the inputs are).
fn volatility(sigma: f64, phi: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let tau2 = TAU * TAU;
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON || !(f_a.is_finite() && f_b.is_finite()) {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}
