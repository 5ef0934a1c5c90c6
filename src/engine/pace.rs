//! Human pace: how long a level takes over a move when it plays a person.
//!
//! The search of a weak level finishes in milliseconds, and a reply that
//! lands before the player has let go of the mouse feels like a machine,
//! not an opponent. So the game holds the level's move until a think time
//! like a person's of that strength has passed:
//!
//! - a median that rises with the level (a beginner plays quickly, a master
//!   takes a while), see [`Level::pace`];
//! - longer in sharp positions (in check, captures on the board for either
//!   side, a capture chosen) and shorter in the first moves of a game,
//!   where people play what they know;
//! - a little different every move (a log-normal spread around the median);
//! - no wait at all for a single legal move, and only a beat for the
//!   obvious recapture of a piece that was just taken;
//! - never longer than the clock allows: under a clock the think time stays
//!   within the time the engine's own time management would spend.
//!
//! Plain Rust: the game calls [`think_time`] after the search and waits the
//! rest off the main thread.

use super::level::Level;
use super::rng::Rng;
use super::{Limits, timeman};
use crate::rules::{Move, Position, Square};
use std::time::Duration;

/// The longest a level ever thinks for pace alone.
const MOST: Duration = Duration::from_secs(20);
/// A beat for an obvious recapture.
const RECAPTURE: Duration = Duration::from_millis(600);
/// Plies counted as the opening (people play those from memory).
const OPENING_PLIES: usize = 10;

/// What the pace looks at besides the position.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveContext {
    /// The square where the opponent's last move took a piece, if it did.
    pub last_capture: Option<Square>,
    /// Plies played in the game so far.
    pub ply: usize,
}

impl MoveContext {
    /// The context of a move in `now`, reached from `before` (the position
    /// one ply earlier, if any) after `ply` plies.
    pub fn after(before: Option<&Position>, now: &Position, ply: usize) -> MoveContext {
        let us = now.side_to_move();
        let last_capture = before.and_then(|before| {
            // A square where our piece stood and theirs stands now.
            let taken = before.occupancy(us) & now.occupancy(us.flip());
            (taken.count_ones() == 1)
                .then(|| Square::from_index(taken.trailing_zeros() as usize))
                .flatten()
        });
        MoveContext { last_capture, ply }
    }
}

/// How long `level` takes to play `chosen` in `pos`, counted from when it
/// began to think (the search's own time is part of it). `cap` is the
/// level's limit under a clock (empty without one); `rng` gives the spread.
pub fn think_time(
    level: Level,
    pos: &Position,
    chosen: Move,
    context: MoveContext,
    cap: &Limits,
    rng: &mut Rng,
) -> Duration {
    let moves = pos.legal_moves();
    if moves.len() <= 1 {
        return Duration::ZERO;
    }
    let spread = log_normal(rng, 0.35).clamp(0.5, 2.0);
    let wanted = if context.last_capture == Some(chosen.to()) && pos.captured_by(chosen).is_some() {
        RECAPTURE.mul_f64(spread.min(1.3))
    } else {
        level
            .pace()
            .mul_f64(sharpness(pos, chosen) * opening_factor(context.ply) * spread)
    };
    let allowed = timeman::plan(cap).soft.unwrap_or(MOST).min(MOST);
    wanted.min(allowed)
}

/// 1 in a quiet position, up to about 2.5 when much is hanging.
fn sharpness(pos: &Position, chosen: Move) -> f64 {
    let mut factor = 1.0;
    if pos.in_check() {
        factor += 0.4;
    }
    // Pieces we could take, and pieces the opponent could take if it moved.
    let ours = pos.legal_captures().len().min(4);
    let theirs = if pos.in_check() {
        0
    } else {
        let mut passed = *pos;
        passed.make_null();
        passed.legal_captures().len().min(4)
    };
    factor += 0.15 * ours as f64 + 0.15 * theirs as f64;
    if pos.captured_by(chosen).is_some() {
        factor += 0.2;
    }
    factor
}

/// The first plies go quicker: 0.4 at the start, 1 from the tenth ply on.
fn opening_factor(ply: usize) -> f64 {
    if ply >= OPENING_PLIES {
        1.0
    } else {
        0.4 + 0.6 * ply as f64 / OPENING_PLIES as f64
    }
}

/// `exp(N(0, sigma²))`, by Box–Muller.
fn log_normal(rng: &mut Rng, sigma: f64) -> f64 {
    let u1 = rng.next_f64().max(1e-12);
    let u2 = rng.next_f64();
    let normal = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
    (sigma * normal).exp()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Clock;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn mv(iccs: &str) -> Move {
        Move::from_iccs(iccs).unwrap()
    }

    fn times(
        level: Level,
        p: &Position,
        m: Move,
        context: MoveContext,
        cap: &Limits,
    ) -> Vec<Duration> {
        (0..200)
            .map(|seed| think_time(level, p, m, context, cap, &mut Rng::new(seed)))
            .collect()
    }

    fn median(mut t: Vec<Duration>) -> Duration {
        t.sort();
        t[t.len() / 2]
    }

    #[test]
    fn a_level_is_never_instant_and_varies() {
        let start = Position::startpos();
        let context = MoveContext {
            last_capture: None,
            ply: 20,
        };
        for level in Level::ALL {
            let t = times(level, &start, mv("h2e2"), context, &Limits::default());
            assert!(
                t.iter().all(|d| *d >= Duration::from_millis(500)),
                "{level}: {t:?}"
            );
            let (lo, hi) = (t.iter().min().unwrap(), t.iter().max().unwrap());
            assert!(
                *hi > *lo + *lo / 2,
                "{level}: no variation ({lo:?}..{hi:?})"
            );
        }
    }

    #[test]
    fn stronger_levels_take_longer() {
        let start = Position::startpos();
        let context = MoveContext {
            last_capture: None,
            ply: 20,
        };
        let medians: Vec<Duration> = Level::ALL
            .iter()
            .map(|&l| median(times(l, &start, mv("h2e2"), context, &Limits::default())))
            .collect();
        assert!(medians.windows(2).all(|w| w[0] <= w[1]), "{medians:?}");
        assert!(medians[medians.len() - 1] > medians[0] * 2, "{medians:?}");
    }

    #[test]
    fn sharp_positions_take_longer_than_quiet_ones() {
        // Chariots facing each other on an open file: either can take.
        let sharp = pos("4k4/9/9/9/4r4/9/4R4/9/9/3K5 w - - 0 1");
        // A soldier and the generals: nothing to take.
        let quiet = pos("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1");
        let context = MoveContext {
            last_capture: None,
            ply: 30,
        };
        let level = Level::default();
        let s = median(times(
            level,
            &sharp,
            mv("e3e5"),
            context,
            &Limits::default(),
        ));
        let q = median(times(
            level,
            &quiet,
            mv("e3e4"),
            context,
            &Limits::default(),
        ));
        assert!(s > q, "sharp {s:?} against quiet {q:?}");
    }

    #[test]
    fn a_single_move_and_a_recapture_are_quick() {
        // Only one legal move: the general steps aside.
        let forced = pos("3k5/9/9/9/9/9/9/9/3r5/4K4 w - - 0 1");
        assert_eq!(
            forced.legal_moves().len(),
            1,
            "the position has one legal move"
        );
        let only = forced.legal_moves()[0];
        let context = MoveContext {
            last_capture: None,
            ply: 40,
        };
        assert!(
            times(Level::MAX, &forced, only, context, &Limits::default())
                .iter()
                .all(Duration::is_zero)
        );
        // Black's chariot just took the cannon on e3; the red horse takes it back.
        let before = pos("4k4/9/9/9/4r4/9/4C4/2N6/9/4K4 b - - 0 1");
        let recapture = pos("4k4/9/9/9/9/9/4r4/2N6/9/4K4 w - - 0 1");
        let context = MoveContext::after(Some(&before), &recapture, 40);
        assert_eq!(context.last_capture, Square::parse("e3"));
        let t = times(
            Level::MAX,
            &recapture,
            mv("c2e3"),
            context,
            &Limits::default(),
        );
        assert!(t.iter().all(|d| *d <= Duration::from_secs(1)), "{t:?}");
    }

    #[test]
    fn the_clock_caps_the_pace() {
        let start = Position::startpos();
        let context = MoveContext {
            last_capture: None,
            ply: 20,
        };
        let cap = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(10),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let budget = timeman::plan(&cap).soft.unwrap();
        let t = times(Level::MAX, &start, mv("h2e2"), context, &cap);
        assert!(t.iter().all(|d| *d <= budget), "{t:?} over {budget:?}");
    }
}
