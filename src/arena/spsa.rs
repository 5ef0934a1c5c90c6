//! Tuning the search's thresholds ([`Margins`]) by SPSA, the way fishtest
//! tunes Stockfish's: each step moves every tuned knob by `±c` at random
//! (one draw of signs for all), plays the engine with the plus-side
//! thresholds against the engine with the minus-side ones from a few
//! openings (each twice, colours swapped), and moves every knob toward the
//! side that won, in proportion to wins less losses.
//!
//! The schedule is fishtest's: over a run of `N` game pairs, at pair `k`
//! the perturbation is `c_k = c · (N / (k+1))^0.101` and the gain
//! `a_k = r · c² · ((A+N) / (A+k+1))^0.602` with `A = N/10`, so both end at
//! the knob's `c` ([`Knob::step`]) and `r · c²`; a step of `b` pairs with
//! result `w − l` moves a knob by `a_k / c_k · (w − l) · δ`.

use super::{Adjudication, Limit, MatchConfig, MatchError, Opening, PlayerSpec, Tally};
use crate::engine::margins::{Knob, Margins};
use crate::engine::rng::Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const GAMMA: f64 = 0.101;
const ALPHA: f64 = 0.602;

/// A tuning run.
#[derive(Clone, Debug)]
pub struct SpsaConfig {
    /// Where the knobs start (the others keep these values).
    pub start: Margins,
    /// The knobs tuned.
    pub knobs: Vec<&'static Knob>,
    /// Openings, taken in turn from a place the seed picks.
    pub openings: Vec<Opening>,
    /// The thinking limit of both sides.
    pub limit: Limit,
    /// Each engine's hash table.
    pub hash_mb: usize,
    /// Game pairs in the whole run (`N`).
    pub pairs: usize,
    /// Game pairs a step, all with the same perturbation.
    pub batch: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// The gain at the end of the run, relative to `c²` (`r`; fishtest's
    /// default is 0.002).
    pub r_end: f64,
    /// Picks the signs and the first opening.
    pub seed: u64,
    /// Ending games early on both engines' scores.
    pub adjudication: Adjudication,
}

/// Where a run stands after a step.
#[derive(Clone, Debug)]
pub struct Progress {
    /// Game pairs played.
    pub pairs: usize,
    /// The knobs' current values (unrounded), in [`SpsaConfig::knobs`]' order.
    pub theta: Vec<f64>,
    /// The plus side's results over the whole run.
    pub total: Tally,
    /// Its results in this step.
    pub step: Tally,
}

impl Progress {
    /// A run before its first step: the knobs at their start.
    pub fn start(config: &SpsaConfig) -> Progress {
        Progress {
            pairs: 0,
            theta: config
                .knobs
                .iter()
                .map(|k| f64::from(k.get(&config.start)))
                .collect(),
            total: Tally::default(),
            step: Tally::default(),
        }
    }

    /// The thresholds the run has reached: `start` with the knobs rounded.
    pub fn margins(&self, config: &SpsaConfig) -> Margins {
        at(config, &self.theta, |_| 0.0)
    }
}

/// `start` with each knob set to `theta[i] + shift(i)`, rounded.
fn at(config: &SpsaConfig, theta: &[f64], shift: impl Fn(usize) -> f64) -> Margins {
    let mut m = config.start;
    for (i, k) in config.knobs.iter().enumerate() {
        k.set(&mut m, (theta[i] + shift(i)).round() as i32);
    }
    m
}

/// The perturbation `c_k` and the gain `a_k` of a knob with step `c` at
/// pair `k` of `n`.
fn gains(c: f64, r_end: f64, k: usize, n: usize) -> (f64, f64) {
    let (k, n) = (k as f64, n as f64);
    let big_a = n / 10.0;
    let c_k = c * (n / (k + 1.0)).powf(GAMMA);
    let a_k = r_end * c * c * ((big_a + n) / (big_a + k + 1.0)).powf(ALPHA);
    (c_k, a_k)
}

/// The built-in engine at full strength with thresholds `m`.
fn player(m: Margins, hash_mb: usize, side: &str) -> PlayerSpec {
    PlayerSpec::Builtin {
        level: None,
        hash_mb,
        scale: 1.0,
        eval: super::EvalChoice::Standard,
        tweaked: None,
        seed: 0,
        margins: Some(Box::new((m, side.to_string()))),
    }
}

/// Runs the tuning; `on_step` hears after each step. Setting `interrupt`
/// ends it after the games in progress are abandoned.
///
/// # Errors
/// [`MatchError`]: no openings or no pairs, or an engine that cannot start.
pub fn run(
    config: &SpsaConfig,
    interrupt: &AtomicBool,
    on_step: &mut dyn FnMut(&Progress),
) -> Result<Progress, MatchError> {
    if config.openings.is_empty() || config.pairs == 0 || config.knobs.is_empty() {
        return Err(MatchError::Empty);
    }
    let mut rng = Rng::new(config.seed);
    let mut next = (rng.next_u64() % config.openings.len() as u64) as usize;
    let mut progress = Progress::start(config);
    while progress.pairs < config.pairs && !interrupt.load(Ordering::Relaxed) {
        let batch = config.batch.max(1).min(config.pairs - progress.pairs);
        let signs: Vec<f64> = config
            .knobs
            .iter()
            .map(|_| if rng.next_u64() & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let schedule: Vec<(f64, f64)> = config
            .knobs
            .iter()
            .map(|k| gains(k.step.max(0.5), config.r_end, progress.pairs, config.pairs))
            .collect();
        let openings: Vec<Opening> = (0..batch)
            .map(|i| config.openings[(next + i) % config.openings.len()].clone())
            .collect();
        next += batch;
        let plus = at(config, &progress.theta, |i| schedule[i].0 * signs[i]);
        let minus = at(config, &progress.theta, |i| -schedule[i].0 * signs[i]);
        let step = play_step(config, plus, minus, openings, interrupt)?;
        let Some(step) = step else { break };
        let result = f64::from(step.wins) - f64::from(step.losses);
        for (i, k) in config.knobs.iter().enumerate() {
            let (c_k, a_k) = schedule[i];
            let moved = progress.theta[i] + a_k / c_k * result * signs[i];
            progress.theta[i] = moved.clamp(f64::from(k.min), f64::from(k.max));
        }
        progress.pairs += batch;
        progress.total.wins += step.wins;
        progress.total.draws += step.draws;
        progress.total.losses += step.losses;
        progress.step = step;
        on_step(&progress);
    }
    Ok(progress)
}

/// Plays one step's games, plus side first; `None` when interrupted.
fn play_step(
    config: &SpsaConfig,
    plus: Margins,
    minus: Margins,
    openings: Vec<Opening>,
    interrupt: &AtomicBool,
) -> Result<Option<Tally>, MatchError> {
    let games = 2 * openings.len();
    let matched = MatchConfig {
        a: player(plus, config.hash_mb, "plus"),
        b: player(minus, config.hash_mb, "minus"),
        openings,
        games,
        limit: config.limit,
        b_limit: None,
        concurrency: config.concurrency,
        sprt: None,
        margin: Duration::from_secs(120),
        max_plies: 1000,
        adjudication: config.adjudication,
    };
    let summary = super::run(&matched, interrupt, &|_, _| {})?;
    Ok((!summary.interrupted && summary.tally.games() as usize == games).then_some(summary.tally))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::margins::knob;

    #[test]
    fn the_schedule_ends_at_the_knobs_step_and_gain() {
        let (c, a) = gains(8.0, 0.002, 999, 1000);
        assert!((c - 8.0).abs() < 1e-9, "{c}");
        assert!((a - 0.002 * 64.0).abs() < 1e-9, "{a}");
        // Early steps probe wider and move further.
        let (c0, a0) = gains(8.0, 0.002, 0, 1000);
        assert!(c0 > 2.0 * c && a0 > 4.0 * a, "{c0} {a0}");
    }

    fn config(pairs: usize) -> SpsaConfig {
        SpsaConfig {
            start: Margins::CLASSIC,
            knobs: vec![knob("rfp_per_depth").unwrap(), knob("delta").unwrap()],
            openings: vec![Opening::startpos()],
            limit: Limit::Depth(1),
            hash_mb: 1,
            pairs,
            batch: 1,
            concurrency: 2,
            r_end: 0.002,
            seed: 7,
            adjudication: Adjudication::default(),
        }
    }

    #[test]
    fn a_run_plays_its_pairs_and_keeps_the_knobs_in_bounds() {
        let config = config(2);
        let mut seen = Vec::new();
        let end = run(&config, &AtomicBool::new(false), &mut |p| {
            seen.push((p.pairs, p.step.games()));
        })
        .unwrap();
        assert_eq!(seen, vec![(1, 2), (2, 2)]);
        assert_eq!(end.total.games(), 4);
        let m = end.margins(&config);
        for k in KNOBS_TUNED {
            let k = knob(k).unwrap();
            assert!((k.min..=k.max).contains(&k.get(&m)));
        }
        // The knobs not tuned keep their start.
        assert_eq!(m.lazy, Margins::CLASSIC.lazy);
        // A stopped run plays nothing more.
        let stopped = run(&config, &AtomicBool::new(true), &mut |_| panic!()).unwrap();
        assert_eq!(stopped.pairs, 0);
    }

    const KNOBS_TUNED: [&str; 2] = ["rfp_per_depth", "delta"];

    #[test]
    fn the_two_sides_straddle_the_current_values() {
        let config = config(10);
        let theta = [85.0, 180.0];
        let plus = at(&config, &theta, |i| [8.0, -16.0][i]);
        let minus = at(&config, &theta, |i| -[8.0, -16.0][i]);
        assert_eq!((plus.rfp_per_depth, plus.delta), (93, 164));
        assert_eq!((minus.rfp_per_depth, minus.delta), (77, 196));
        // Bounds hold however far a perturbation reaches.
        let far = at(&config, &theta, |_| 1e6);
        assert_eq!(far.rfp_per_depth, knob("rfp_per_depth").unwrap().max);
    }

    #[test]
    fn nothing_to_tune_is_an_error() {
        let mut c = config(1);
        c.knobs.clear();
        assert!(matches!(
            run(&c, &AtomicBool::new(false), &mut |_| {}),
            Err(MatchError::Empty)
        ));
    }
}
