//! The player's record in the puzzle trainer ([`crate::tactics`]'s
//! puzzles from real games): a puzzle rating, the puzzles solved, how each
//! theme goes, the streak, and the missed puzzles coming back.
//!
//! - The rating is Glicko-2 ([`glicko`]) on the levels' scale, each
//!   puzzle a rating period against the puzzle's rating (its deviation
//!   fixed at [`PUZZLE_DEVIATION`]). Only a puzzle's first attempt moves
//!   it, and not in [`Mode::Review`]: a puzzle met again is one whose
//!   solution the player has seen.
//! - Theme scores count first attempts too: how the player does on
//!   puzzles new to them, theme by theme.
//! - A missed puzzle goes on the SM-2 schedule ([`Schedule`]: due again at
//!   once, then 1, 3, 7 … days once solved); a scheduled puzzle solved
//!   moves on to its next gap.
//! - A puzzle solved once is never offered as a new one again.
//!
//! The clock is the caller's (`now`: seconds since the Unix epoch), and
//! every choice is made from the record alone (no random numbers), so a
//! test controls both.
//!
//! The record is one JSON file (`trainer.json`): read leniently (what can
//! be read is kept, what cannot be is said, and the first save sets the
//! damaged file aside), written atomically, and two windows' saves merged
//! (see the notes of its `stored` part).

pub mod glicko;
mod pick;
mod stored;

pub use glicko::{Game, Glicko, PUZZLE_DEVIATION};
pub use pick::{STREAK_BELOW, STREAK_STEP, VARIETY, WINDOW};

use super::Warning;
use super::file;
use super::schedule::Schedule;
use crate::tactics::{Tactic, Theme};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::Path;

/// The attempts kept in the history (for a graph of the rating).
pub const HISTORY: usize = 500;

/// How an attempt went. A hint taken or the solution shown counts as
/// missed (the caller decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The whole line found.
    Solved,
    /// A wrong move, a hint, or the solution shown.
    Missed,
}

/// How the puzzle was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One near the player's rating ([`Trainer::next_at_rating`]).
    Rated,
    /// One of a theme ([`Trainer::next_in_theme`]).
    Theme(Theme),
    /// The next step of the streak's ladder ([`Trainer::next_in_streak`]).
    Streak,
    /// A missed puzzle come back on its schedule ([`Trainer::due`]).
    Review,
}

/// The player's rating before and after an attempt (the same when the
/// attempt was not rated).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// Before.
    pub before: f64,
    /// After.
    pub after: f64,
}

/// How a theme goes: puzzles of it met for the first time, and solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThemeScore {
    /// The theme.
    pub theme: Theme,
    /// Tried.
    pub tried: u32,
    /// Solved of those.
    pub solved: u32,
}

impl ThemeScore {
    /// Missed of those tried.
    pub fn missed(&self) -> u32 {
        self.tried.saturating_sub(self.solved)
    }
}

/// Puzzles solved in a row in [`Mode::Streak`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Streak {
    /// In the streak going on (0: none, or it ended at a miss).
    pub current: u32,
    /// The longest ever.
    pub best: u32,
}

/// One theme's counts as the file keeps them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
struct Tally {
    tried: u32,
    solved: u32,
}

/// One attempt, as the history keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// When (seconds since the Unix epoch).
    pub at: u64,
    /// The puzzle's id.
    pub id: String,
    /// Solved or missed.
    pub solved: bool,
    /// The player's rating after it.
    pub rating: f64,
}

/// The player's record in the puzzle trainer.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Trainer {
    /// The rating; `None` before the first start.
    glicko: Option<Glicko>,
    /// Attempts in all.
    attempts: u64,
    /// The ids of the puzzles solved (at any attempt).
    solved: BTreeSet<String>,
    /// First attempts by theme key.
    themes: BTreeMap<String, Tally>,
    /// The streak.
    streak: Streak,
    /// The rating the streak going on started from (its ladder's foot).
    ladder: Option<f64>,
    /// The missed puzzles' schedules, by id.
    review: BTreeMap<String, Schedule>,
    /// The last attempts, oldest first.
    history: Vec<Attempt>,
}

impl Trainer {
    /// Reads the record: none → a new player; damaged → what could be
    /// read, and a warning saying what was not; the file is left as it is.
    pub fn load(path: &Path) -> (Trainer, Option<Warning>) {
        file::load(path)
    }

    /// Writes the record atomically, with what another window saved
    /// meanwhile merged in; a damaged file is first set aside.
    ///
    /// # Errors
    /// Any I/O error; the old file is then unchanged.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        file::save(&mut self.clone(), path)
    }

    /// A new record starting from `rating` (the player's game rating, or
    /// the first start's answer; brought within [`glicko::RATINGS`]),
    /// deviation 350.
    pub fn start_from(rating: f64) -> Trainer {
        Trainer {
            glicko: Some(Glicko::new(rating)),
            ..Trainer::default()
        }
    }

    /// Whether the record has a rating yet ([`Trainer::start_from`] or an
    /// attempt): if not, the trainer asks where to start.
    pub fn is_started(&self) -> bool {
        self.glicko.is_some()
    }

    /// The rating (the paper's unrated 1500 before the first start).
    pub fn rating(&self) -> Glicko {
        self.glicko.unwrap_or_default()
    }

    /// Attempts in all.
    pub fn attempts(&self) -> usize {
        usize::try_from(self.attempts).unwrap_or(usize::MAX)
    }

    /// Whether the puzzle `id` was ever solved.
    pub fn is_solved(&self, id: &str) -> bool {
        self.solved.contains(id)
    }

    /// Whether the puzzle `id` was ever tried (solved, or missed and on
    /// the schedule).
    pub fn is_seen(&self, id: &str) -> bool {
        self.solved.contains(id) || self.review.contains_key(id)
    }

    /// The puzzle `id`'s schedule, if it was ever missed.
    pub fn schedule(&self, id: &str) -> Option<&Schedule> {
        self.review.get(id)
    }

    /// The streak.
    pub fn streak(&self) -> Streak {
        self.streak
    }

    /// Ends the streak going on (a new run starts at the ladder's foot).
    pub fn start_streak(&mut self) {
        self.streak.current = 0;
        self.ladder = None;
    }

    /// The last attempts (at most [`HISTORY`]), oldest first.
    pub fn history(&self) -> &[Attempt] {
        &self.history
    }

    /// Records an attempt at `t` at `now`: the rating moves on a first
    /// attempt outside [`Mode::Review`] (Glicko-2 against the puzzle's
    /// rating), a first attempt counts in its themes, [`Mode::Streak`]
    /// goes on or ends (the best kept), a miss puts the puzzle on the
    /// schedule (due at once) and a scheduled puzzle solved moves on.
    pub fn record(&mut self, t: &Tactic, outcome: Outcome, mode: Mode, now: u64) -> Change {
        let solved = outcome == Outcome::Solved;
        let before = self.rating();
        let first = !self.is_seen(&t.id);
        let after = if first && mode != Mode::Review {
            let after = before.after_puzzle(f64::from(t.rating), solved);
            self.glicko = Some(after);
            after
        } else {
            before
        };
        if first {
            for theme in t.theme_list() {
                let tally = self.themes.entry(theme.key().to_string()).or_default();
                tally.tried = tally.tried.saturating_add(1);
                tally.solved = tally.solved.saturating_add(u32::from(solved));
            }
        }
        if mode == Mode::Streak {
            self.step_streak(solved, before.rating);
        }
        match self.review.get_mut(&t.id) {
            Some(s) => s.answer(solved, now),
            None if !solved => {
                let mut s = Schedule::new(now);
                s.answer(false, now);
                self.review.insert(t.id.clone(), s);
            }
            None => {}
        }
        if solved {
            self.solved.insert(t.id.clone());
        }
        self.attempts = self.attempts.saturating_add(1);
        self.history.push(Attempt {
            at: now,
            id: t.id.clone(),
            solved,
            rating: after.rating,
        });
        if self.history.len() > HISTORY {
            let extra = self.history.len() - HISTORY;
            self.history.drain(..extra);
        }
        Change {
            before: before.rating,
            after: after.rating,
        }
    }

    /// A streak's step: one more solved (the ladder's foot set at the
    /// first, from `rating`), or the streak ended.
    fn step_streak(&mut self, solved: bool, rating: f64) {
        if solved {
            if self.streak.current == 0 || self.ladder.is_none() {
                self.ladder = Some(rating);
            }
            self.streak.current = self.streak.current.saturating_add(1);
            self.streak.best = self.streak.best.max(self.streak.current);
        } else {
            self.start_streak();
        }
    }

    /// Every theme tried, in [`Theme::ALL`]'s order.
    pub fn theme_scores(&self) -> Vec<ThemeScore> {
        Theme::ALL
            .into_iter()
            .filter_map(|theme| {
                let tally = self.themes.get(theme.key())?;
                (tally.tried > 0).then_some(ThemeScore {
                    theme,
                    tried: tally.tried,
                    solved: tally.solved.min(tally.tried),
                })
            })
            .collect()
    }

    /// The (at most `n`) themes missed most: by misses, then by the share
    /// missed, then in [`Theme::ALL`]'s order; a theme never missed is
    /// not among them.
    pub fn weakest_themes(&self, n: usize) -> Vec<Theme> {
        let mut scores: Vec<ThemeScore> = self
            .theme_scores()
            .into_iter()
            .filter(|s| s.missed() > 0)
            .collect();
        // a.missed / a.tried against b's, multiplied out (no rounding).
        let share = |s: &ThemeScore, o: &ThemeScore| u64::from(s.missed()) * u64::from(o.tried);
        scores.sort_by(|a, b| {
            b.missed()
                .cmp(&a.missed())
                .then_with(|| share(b, a).cmp(&share(a, b)))
        });
        scores.into_iter().take(n).map(|s| s.theme).collect()
    }
}

#[cfg(test)]
mod tests;
