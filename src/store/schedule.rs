//! When a puzzle from the player's mistakes comes back: spaced repetition
//! by the SM-2 rule. A puzzle is due the day it is made; solved, it comes
//! back after 1 day, then 3, then each gap times its ease (2.3 to start:
//! 1, 3, 7, 16, 37 … days); missed, it is due again at once and its next
//! gaps start over from 1 day, with its ease lowered by 0.2 (never under
//! 1.3), so a position that keeps being missed keeps coming back sooner.
//!
//! Days are whole days of the clock the caller passes (seconds since the
//! Unix epoch, counted in UTC days), so a test controls the clock and a
//! puzzle is "due today" from the start of its day.

use serde::{Deserialize, Serialize};

/// Seconds in a day.
const DAY: u64 = 86_400;

/// The ease a new puzzle starts with, in hundredths.
pub const START_EASE: u32 = 230;

/// The lowest ease, in hundredths.
pub const MIN_EASE: u32 = 130;

/// The highest ease, in hundredths (a gap grows at most tenfold).
pub const MAX_EASE: u32 = 1000;

/// The longest gap, in days (about 100 years).
pub const MAX_INTERVAL: u32 = 36_500;

/// The latest day a schedule may name (days since the Unix epoch: the year
/// 2243); past it a stored day is damage, not a date.
pub const MAX_DAY: u64 = 100_000;

/// How much a miss lowers the ease, in hundredths.
const MISS_EASE: u32 = 20;

/// The day (since the Unix epoch) of a time in seconds.
pub fn day_of(unix: u64) -> u64 {
    unix / DAY
}

/// A puzzle's place in the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Schedule {
    /// The day it is due (days since the Unix epoch; 0: due since ever).
    pub due: u64,
    /// The last gap, in days (0 before the first success).
    pub interval: u32,
    /// The ease, in hundredths (230 = the gap grows 2.3 times).
    pub ease: u32,
    /// Successes in a row.
    pub streak: u32,
    /// Misses in all.
    pub misses: u32,
    /// The day it was last answered (0: never).
    pub last: u64,
}

impl Default for Schedule {
    fn default() -> Schedule {
        Schedule {
            due: 0,
            interval: 0,
            ease: START_EASE,
            streak: 0,
            misses: 0,
            last: 0,
        }
    }
}

impl Schedule {
    /// A new puzzle's schedule: due the day it was made.
    pub fn new(now: u64) -> Schedule {
        Schedule {
            due: day_of(now),
            ..Schedule::default()
        }
    }

    /// Due at `now`: its day has come.
    pub fn is_due(&self, now: u64) -> bool {
        self.due <= day_of(now)
    }

    /// Days from `now` until it is due (0 when due).
    pub fn days_left(&self, now: u64) -> u64 {
        self.due.saturating_sub(day_of(now))
    }

    /// What is out of its bounds (an ease outside [`MIN_EASE`]–[`MAX_EASE`],
    /// a gap over [`MAX_INTERVAL`], a day past [`MAX_DAY`], a streak of
    /// more successes than days): said, and the schedule started over
    /// (due at once, the misses kept). `None` when all is in bounds.
    pub fn mend(&mut self) -> Option<String> {
        let why = if !(MIN_EASE..=MAX_EASE).contains(&self.ease) {
            format!("`ease` {} is out of range {MIN_EASE}–{MAX_EASE}", self.ease)
        } else if self.interval > MAX_INTERVAL {
            format!("`interval` {} is over {MAX_INTERVAL} days", self.interval)
        } else if self.due > MAX_DAY || self.last > MAX_DAY {
            format!(
                "`due` {} or `last` {} is past day {MAX_DAY}",
                self.due, self.last
            )
        } else if u64::from(self.streak) > MAX_DAY {
            format!("`streak` {} is more than days have passed", self.streak)
        } else {
            return None;
        };
        *self = Schedule {
            misses: self.misses,
            ..Schedule::default()
        };
        Some(why)
    }

    /// Records an answer at `now`: solved (`true`) or missed. Every count
    /// stops at its bound rather than wrap.
    pub fn answer(&mut self, solved: bool, now: u64) {
        let today = day_of(now);
        self.last = today;
        if solved {
            self.interval = match self.streak {
                0 => 1,
                1 => 3,
                _ => {
                    let grown = (u64::from(self.interval) * u64::from(self.ease) + 50) / 100;
                    u32::try_from(grown)
                        .unwrap_or(u32::MAX)
                        .max(self.interval.saturating_add(1))
                }
            }
            .min(MAX_INTERVAL);
            self.streak = self.streak.saturating_add(1);
            self.due = today.saturating_add(u64::from(self.interval));
        } else {
            self.misses = self.misses.saturating_add(1);
            self.streak = 0;
            self.interval = 0;
            self.ease = self.ease.saturating_sub(MISS_EASE).max(MIN_EASE);
            self.due = today;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Noon of day `d`.
    fn at(d: u64) -> u64 {
        d * DAY + DAY / 2
    }

    #[test]
    fn solved_puzzles_come_back_after_1_3_7_16_days() {
        let made = at(20_000);
        let mut s = Schedule::new(made);
        assert!(s.is_due(made));
        // Made late in the evening: still due that same day, and not before.
        assert!(!s.is_due(20_000 * DAY - 1));
        let mut day = 20_000;
        let mut gaps = Vec::new();
        for _ in 0..5 {
            s.answer(true, at(day));
            assert!(!s.is_due(at(day)));
            let gap = s.days_left(at(day));
            assert!(!s.is_due(at(day + gap - 1)), "{gap}");
            assert!(s.is_due(at(day + gap)));
            gaps.push(gap);
            day += gap;
        }
        assert_eq!(gaps, [1, 3, 7, 16, 37]);
    }

    #[test]
    fn a_miss_brings_it_back_at_once_and_sooner_after() {
        let mut s = Schedule::new(at(100));
        s.answer(true, at(100));
        s.answer(true, at(101));
        assert_eq!(s.days_left(at(101)), 3);
        s.answer(false, at(104));
        assert!(s.is_due(at(104)));
        assert_eq!((s.streak, s.misses, s.ease), (0, 1, 210));
        // Solved again: from 1 day, and the gaps grow slower than before.
        let mut day = 104;
        let mut gaps = Vec::new();
        for _ in 0..4 {
            s.answer(true, at(day));
            let gap = s.days_left(at(day));
            gaps.push(gap);
            day += gap;
        }
        assert_eq!(gaps, [1, 3, 6, 13]);
        // The ease never falls under its floor.
        for _ in 0..20 {
            s.answer(false, at(day));
        }
        assert_eq!(s.ease, MIN_EASE);
    }

    #[test]
    fn an_old_file_without_a_schedule_reads_as_due() {
        let s: Schedule = serde_json::from_str("{}").unwrap();
        assert!(s.is_due(at(1)));
        assert_eq!(s.ease, START_EASE);
    }

    #[test]
    fn answers_at_the_bounds_never_wrap_nor_send_a_puzzle_away() {
        // F16: `self.streak += 1` overflowed (a debug build panicked) and
        // the gap grew without a bound.
        let mut s = Schedule {
            due: 0,
            interval: u32::MAX,
            ease: MAX_EASE,
            streak: u32::MAX,
            misses: u32::MAX,
            last: 0,
        };
        s.answer(true, at(20_000));
        assert_eq!(s.streak, u32::MAX);
        assert_eq!(s.days_left(at(20_000)), u64::from(MAX_INTERVAL));
        s.answer(false, at(20_001));
        assert_eq!(s.misses, u32::MAX);
    }
}
