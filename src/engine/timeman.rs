//! Time management: how long to think with a clock.
//!
//! Two numbers come out. The *soft* limit is checked between iterations of
//! iterative deepening: once it has passed, starting another (longer)
//! iteration is pointless, so the search returns. The *hard* limit is
//! polled inside the search and cuts it off wherever it is, keeping the
//! best move found so far. With a clock the target is an even share of the
//! remaining time over the moves still to play (30 if unknown) plus most of
//! the increment; the hard limit allows a few times that for iterations
//! that run long but never more than a fraction of what is left, minus a
//! small margin for the protocol round trip.

use super::Limits;
use std::time::Duration;

/// Time the driver should allow, from the start of the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimePlan {
    /// Do not start a new iteration after this.
    pub soft: Option<Duration>,
    /// Stop the search at this point whatever it is doing.
    pub hard: Option<Duration>,
}

/// Margin for the GUI round trip and process scheduling.
const OVERHEAD: Duration = Duration::from_millis(30);

/// The plan for `limits` (no time limits for `infinite`).
pub fn plan(limits: &Limits) -> TimePlan {
    if limits.infinite {
        return TimePlan::default();
    }
    let mut plan = TimePlan::default();
    if let Some(clock) = limits.clock {
        let left = clock.remaining.saturating_sub(OVERHEAD);
        let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 60);
        let share = left / moves + clock.increment * 3 / 4;
        let cap = if moves == 1 { left * 9 / 10 } else { left / 3 };
        let soft = share.min(cap) * 6 / 10;
        let hard = (share * 3).min(cap);
        plan.soft = Some(soft.max(Duration::from_millis(1)));
        plan.hard = Some(hard.max(Duration::from_millis(5)));
    }
    if let Some(mt) = limits.movetime {
        let hard = mt
            .saturating_sub(Duration::from_millis(5))
            .max(Duration::from_millis(1));
        plan.hard = Some(plan.hard.map_or(hard, |h| h.min(hard)));
        plan.soft = Some(plan.soft.map_or(hard, |s| s.min(hard)));
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Clock;

    #[test]
    fn a_clock_share_leaves_most_of_the_time_for_later_moves() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(60),
                increment: Duration::from_secs(1),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let p = plan(&limits);
        let hard = p.hard.unwrap();
        assert!(p.soft.unwrap() < hard);
        assert!(hard < Duration::from_secs(20), "{hard:?}");
        assert!(hard > Duration::from_secs(2), "{hard:?}");
    }

    #[test]
    fn movetime_is_a_hard_limit_and_infinite_has_none() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        assert!(plan(&limits).hard.unwrap() <= Duration::from_millis(500));
        let inf = Limits {
            infinite: true,
            ..Limits::default()
        };
        assert_eq!(plan(&inf), TimePlan::default());
    }

    #[test]
    fn the_last_move_before_the_control_may_use_most_of_the_clock() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(1000),
                increment: Duration::ZERO,
                moves_to_go: Some(1),
            }),
            ..Limits::default()
        };
        let hard = plan(&limits).hard.unwrap();
        assert!(hard < Duration::from_millis(1000) && hard > Duration::from_millis(500));
    }
}
