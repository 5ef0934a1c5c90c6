//! The record's file: read, mended where it cannot be, and two windows'
//! saves brought together.
//!
//! What cannot be is said and mended, and the file is then set aside
//! before the next save (as every store file's damage is): a rating, a
//! deviation or a volatility out of its bounds or not a number (a rating
//! out of [`RATINGS`] is replaced by the last attempt's, or asked for
//! again when there is none), a streak longer than the best, a theme
//! solved more often than tried, a schedule out of its bounds, an empty
//! id, a history entry with a rating out of range.
//!
//! Two windows may train at once. A save takes in what the file holds:
//! the puzzles solved in either are solved; a missed puzzle's schedule is
//! the copy answered later (the one with more answers on the same day,
//! this window's on a tie); a theme's counts are the copy with more tried
//! (then more solved); the best streak is the longer. The rating, the
//! count of attempts, the streak going on and the history are one
//! sequence, so they are the copy with more attempts (this window's on a
//! tie), as a rating cannot be the sum of two.

use super::glicko::{Glicko, RATINGS};
use super::{HISTORY, Trainer};
use crate::store::file::StoreFile;
use crate::store::{Warning, parse_json_lenient, without_bom};
use std::collections::btree_map::Entry;
use std::path::Path;

impl StoreFile for Trainer {
    fn parse(path: &Path, bytes: &[u8]) -> (Trainer, Option<Warning>) {
        let (mut t, warning) = match serde_json::from_slice::<Trainer>(without_bom(bytes)) {
            Ok(t) => (t, None),
            Err(_) => parse_json_lenient(path, bytes),
        };
        let mut problems = t.mend_rating();
        problems.extend(t.mend_counts());
        (t, Warning::adding(warning, path, problems))
    }

    fn merge(&mut self, on_disk: Trainer) {
        let theirs_ahead = on_disk.attempts > self.attempts;
        self.solved.extend(on_disk.solved);
        for (id, s) in on_disk.review {
            match self.review.entry(id) {
                Entry::Vacant(e) => {
                    e.insert(s);
                }
                Entry::Occupied(mut e) => {
                    let answers = |s: &crate::store::schedule::Schedule| {
                        (s.last, u64::from(s.misses) + u64::from(s.streak))
                    };
                    if answers(&s) > answers(e.get()) {
                        e.insert(s);
                    }
                }
            }
        }
        for (key, tally) in on_disk.themes {
            let mine = self.themes.entry(key).or_default();
            if (tally.tried, tally.solved) > (mine.tried, mine.solved) {
                *mine = tally;
            }
        }
        let best = self.streak.best.max(on_disk.streak.best);
        if theirs_ahead {
            self.glicko = on_disk.glicko;
            self.attempts = on_disk.attempts;
            self.streak = on_disk.streak;
            self.ladder = on_disk.ladder;
            self.history = on_disk.history;
        }
        self.streak.best = best.max(self.streak.current);
    }
}

impl Trainer {
    /// The history's entries that cannot be left out, then the rating
    /// mended (see the module notes); what was, in words.
    fn mend_rating(&mut self) -> Vec<String> {
        let mut problems = Vec::new();
        let before = self.history.len();
        self.history
            .retain(|a| RATINGS.contains(&a.rating) && !a.id.is_empty());
        let dropped = before - self.history.len();
        if dropped > 0 {
            problems.push(format!(
                "{dropped} attempt{} with a rating out of range or no puzzle left out of the history",
                if dropped == 1 { "" } else { "s" }
            ));
        }
        if self.history.len() > HISTORY {
            let extra = self.history.len() - HISTORY;
            self.history.drain(..extra);
        }
        let last = self.history.last().map(|a| Glicko::new(a.rating));
        let said = |g: Option<Glicko>| match g {
            Some(g) => format!("the last attempt's {:.0} is used", g.rating),
            None => "the starting rating is asked for again".into(),
        };
        match self.glicko {
            Some(g) if !g.is_bounded() => {
                let mended = if RATINGS.contains(&g.rating) {
                    Some(g.bounded())
                } else {
                    last
                };
                problems.push(format!(
                    "the rating {} ± {} (volatility {}) is out of its bounds; {}",
                    g.rating,
                    g.deviation,
                    g.volatility,
                    match mended {
                        Some(m) if m.rating == g.rating => "brought within them".into(),
                        m => said(m),
                    }
                ));
                self.glicko = mended;
            }
            None if self.attempts > 0 && last.is_some() => {
                problems.push(format!(
                    "no rating after {} attempts; {}",
                    self.attempts,
                    said(last)
                ));
                self.glicko = last;
            }
            _ => {}
        }
        if let Some(r) = self.ladder.filter(|r| !RATINGS.contains(r)) {
            problems.push(format!("the streak's starting rating {r} is out of range; the streak's ladder starts from the rating"));
            self.ladder = None;
        }
        problems
    }

    /// The counts and schedules mended (see the module notes); what was,
    /// in words.
    fn mend_counts(&mut self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.streak.current > self.streak.best {
            problems.push(format!(
                "a streak of {} is longer than the best, {}; the best made {0}",
                self.streak.current, self.streak.best
            ));
            self.streak.best = self.streak.current;
        }
        for (key, tally) in &mut self.themes {
            if tally.solved > tally.tried {
                problems.push(format!(
                    "theme `{key}`: {} solved of {} tried; {1} solved counted",
                    tally.solved, tally.tried
                ));
                tally.solved = tally.tried;
            }
        }
        if self.solved.remove("") | self.review.remove("").is_some() {
            problems.push("a puzzle with no id left out".into());
        }
        for (id, s) in &mut self.review {
            if let Some(why) = s.mend() {
                problems.push(format!("puzzle `{id}`: {why}; its schedule starts over"));
            }
        }
        let counted = self.history.len() as u64;
        if self.attempts < counted {
            problems.push(format!(
                "{} attempts, but {counted} in the history; {counted} counted",
                self.attempts
            ));
            self.attempts = counted;
        }
        problems
    }
}
