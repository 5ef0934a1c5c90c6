//! The player's own rating, from the games played against the computer.
//!
//! After each finished game against a level, the rating moves by the Elo
//! rule against that level's rating: `K · w · (score − expected)`, with
//! `expected = 1 / (1 + 10^((level − player) / 400))`. `K` is 40 for the
//! first [`PROVISIONAL_GAMES`] rated games (a new rating finds its place
//! quickly) and 20 after. The weight `w` is how much the game says about
//! the player: 1 for a game with at most two take-backs, ½ with three to
//! nine, and a game with ten or more is not rated (nor is a game taken back
//! to its start, hot-seat or AI vs AI — the game does not ask). A first
//! rating starts at the rating of the first level played, less 100 (the
//! player chose a level they hoped to hold).
//!
//! The profile is one JSON file (`profile.json`) in the data folder. It is
//! read leniently — a damaged file keeps what can be read and is reported,
//! and the first save moves it aside (never silently reset) — and written
//! atomically.

use super::file::{self, StoreFile};
use super::{Warning, parse_json_lenient};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::VecDeque;
use std::io;
use std::path::Path;

/// Rated games with the larger K.
pub const PROVISIONAL_GAMES: u32 = 20;
/// Games kept in the history (the menu draws the last of them).
pub const HISTORY: usize = 200;
/// The ratings a profile can hold: far beyond any level's, either way.
pub const RATINGS: std::ops::RangeInclusive<f64> = -3000.0..=6000.0;
/// The most rated games a profile can count (a game a minute for years).
pub const MAX_GAMES: u32 = 10_000_000;

/// One rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedGame {
    /// When it ended, seconds since the Unix epoch.
    pub at: u64,
    /// The level played.
    pub level: u8,
    /// Its rating then.
    pub level_rating: i32,
    /// The player's points: 1, ½ or 0.
    pub score: f64,
    /// How much it counted (1 or ½).
    pub weight: f64,
    /// The player's rating after it.
    pub rating: f64,
}

/// The player's profile.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Profile {
    /// The current rating; `None` before the first rated game.
    pub rating: Option<f64>,
    /// Rated games so far.
    pub games: u32,
    /// The last rated games, oldest first (the last [`HISTORY`] of a file
    /// that holds more are read, the others skipped as they are read).
    #[serde(deserialize_with = "last_games")]
    pub history: Vec<RatedGame>,
}

/// Reads a list of rated games keeping only the last [`HISTORY`].
fn last_games<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<RatedGame>, D::Error> {
    struct Last;
    impl<'de> serde::de::Visitor<'de> for Last {
        type Value = Vec<RatedGame>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a list of rated games")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut kept = VecDeque::with_capacity(HISTORY + 1);
            while let Some(g) = seq.next_element::<RatedGame>()? {
                if kept.len() == HISTORY {
                    kept.pop_front();
                }
                kept.push_back(g);
            }
            Ok(kept.into())
        }
    }
    d.deserialize_seq(Last)
}

impl StoreFile for Profile {
    /// Read directly when the file is whole, leniently (what can be read,
    /// and a warning) when it is not; then what cannot be is left out and
    /// said ([`Profile::load`]). Two windows' saves are not merged: a
    /// rating is a sequence of games, the last save's stands.
    fn parse(path: &Path, bytes: &[u8]) -> (Profile, Option<Warning>) {
        let (mut p, warning) = match serde_json::from_slice::<Profile>(bytes) {
            Ok(p) => (p, None),
            Err(_) => parse_json_lenient(path, bytes),
        };
        let problems = p.drop_impossible();
        (p, Warning::adding(warning, path, problems))
    }
}

/// How much a game with `takebacks` take-backs counts: 1, ½, or not at all.
pub fn weight(takebacks: u32) -> Option<f64> {
    match takebacks {
        0..=2 => Some(1.0),
        3..=9 => Some(0.5),
        _ => None,
    }
}

/// The expected score of a player rated `player` against `opponent`.
pub fn expected(player: f64, opponent: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((opponent - player) / 400.0))
}

impl Profile {
    /// Rates a finished game: `score` 1, ½ or 0 against `level` rated
    /// `level_rating`, with `takebacks` take-backs, ended at `at`. The
    /// rating change, or `None` when the game is not rated.
    pub fn record(
        &mut self,
        level: u8,
        level_rating: i32,
        score: f64,
        takebacks: u32,
        at: u64,
    ) -> Option<f64> {
        let w = weight(takebacks)?;
        let opponent = f64::from(level_rating);
        let before = self.rating.unwrap_or(opponent - 100.0);
        let k = if self.games < PROVISIONAL_GAMES {
            40.0
        } else {
            20.0
        };
        let delta = k * w * (score.clamp(0.0, 1.0) - expected(before, opponent));
        let after = before + delta;
        self.rating = Some(after);
        self.games = self.games.saturating_add(1);
        self.history.push(RatedGame {
            at,
            level,
            level_rating,
            score,
            weight: w,
            rating: after,
        });
        if self.history.len() > HISTORY {
            let extra = self.history.len() - HISTORY;
            self.history.drain(..extra);
        }
        Some(delta)
    }

    /// The level to play next, from `(level, rating)` pairs: the strongest
    /// one the player is expected to score at least 40 % against (a game
    /// to learn from but not a wall); the weakest when none, and `None`
    /// before the first rated game.
    pub fn suggestion(&self, levels: &[(u8, i32)]) -> Option<u8> {
        suggestion_for(self.rating?, levels)
    }

    /// [`Profile::suggestion`], or before the first rated game the one for
    /// `assumed` (what the player said of themself on the first start).
    pub fn suggestion_or(&self, assumed: Option<f64>, levels: &[(u8, i32)]) -> Option<u8> {
        suggestion_for(self.rating.or(assumed)?, levels)
    }

    /// Reads the profile; a missing file is a new player.
    ///
    /// What cannot be (a history entry with a score outside 0–1 or a
    /// rating out of [`RATINGS`], a rating out of range, more games than
    /// [`MAX_GAMES`]) is left out and said in the warning; the file is then
    /// set aside before the next save overwrites it.
    pub fn load(path: &Path) -> (Profile, Option<Warning>) {
        file::load(path)
    }

    /// Leaves out what cannot be: the history entries with a score outside
    /// 0–1 or a rating out of range, a rating out of range (the last
    /// entry's is used), a count of games beyond [`MAX_GAMES`] (the
    /// history's is used). What was left out, in words.
    fn drop_impossible(&mut self) -> Vec<String> {
        let mut problems = Vec::new();
        let before = self.history.len();
        self.history
            .retain(|g| RATINGS.contains(&g.rating) && (0.0..=1.0).contains(&g.score));
        let dropped = before - self.history.len();
        if dropped > 0 {
            problems.push(format!(
                "{dropped} rated game{} with a score outside 0–1 or a rating out of range left out of the history",
                if dropped == 1 { "" } else { "s" }
            ));
        }
        if let Some(r) = self.rating.filter(|r| !RATINGS.contains(r)) {
            self.rating = self.history.last().map(|g| g.rating);
            problems.push(format!(
                "the rating {r} is out of range ({} to {}); {}",
                RATINGS.start(),
                RATINGS.end(),
                match self.rating {
                    Some(k) => format!("the last rated game's {k:.0} is used"),
                    None => "the player is unrated".into(),
                }
            ));
        }
        if self.games > MAX_GAMES {
            let games = self.history.len() as u32;
            problems.push(format!(
                "{} rated games cannot be; {games} counted",
                self.games
            ));
            self.games = games;
        }
        problems
    }

    /// Writes the profile atomically; a damaged file is first moved aside.
    ///
    /// # Errors
    /// Any I/O error; the old file is then unchanged.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        file::save(&mut self.clone(), path)
    }
}

/// The strongest of `levels` (`(level, rating)` pairs) a player rated `me`
/// is expected to score at least 40 % against; the weakest when none.
fn suggestion_for(me: f64, levels: &[(u8, i32)]) -> Option<u8> {
    levels
        .iter()
        .filter(|(_, r)| expected(me, f64::from(*r)) >= 0.4)
        .max_by_key(|(_, r)| *r)
        .or_else(|| levels.iter().min_by_key(|(_, r)| *r))
        .map(|(l, _)| *l)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;

    #[test]
    fn a_rating_moves_by_the_elo_rule_with_a_larger_k_at_first() {
        let mut p = Profile::default();
        // First game: starts 100 below the level, wins: +40 · (1 − 0.36).
        let d = p.record(3, 1000, 1.0, 0, 1).unwrap();
        assert!(
            (d - 40.0 * (1.0 - expected(900.0, 1000.0))).abs() < 1e-9,
            "{d}"
        );
        assert!((p.rating.unwrap() - (900.0 + d)).abs() < 1e-9);
        // An even draw moves nothing.
        let mut even = Profile {
            rating: Some(1200.0),
            games: 50,
            history: Vec::new(),
        };
        assert!(even.record(5, 1200, 0.5, 0, 2).unwrap().abs() < 1e-9);
        // Established: K 20; a loss to an equal level costs 10.
        let d = even.record(5, 1200, 0.0, 0, 3).unwrap();
        assert!((d + 10.0).abs() < 1e-9, "{d}");
        assert_eq!(even.games, 52);
    }

    #[test]
    fn take_backs_weigh_a_game_down_or_unrate_it() {
        let mut p = Profile {
            rating: Some(1000.0),
            games: 30,
            history: Vec::new(),
        };
        let full = p.clone().record(4, 1000, 1.0, 2, 1).unwrap();
        let half = p.clone().record(4, 1000, 1.0, 3, 1).unwrap();
        assert!((half - full / 2.0).abs() < 1e-9);
        assert_eq!(p.record(4, 1000, 1.0, 10, 1), None);
        assert_eq!((p.games, p.rating), (30, Some(1000.0)));
    }

    #[test]
    fn the_suggestion_is_the_strongest_level_still_within_reach() {
        let levels = [(1, 400), (2, 600), (3, 800), (4, 1000), (5, 1200)];
        let mut p = Profile::default();
        assert_eq!(p.suggestion(&levels), None);
        p.rating = Some(880.0);
        // 40 % is about 70 points above: 800 yes (61 %), 1000 no (33 %).
        assert_eq!(p.suggestion(&levels), Some(3));
        p.rating = Some(100.0);
        assert_eq!(p.suggestion(&levels), Some(1));
        p.rating = Some(5000.0);
        assert_eq!(p.suggestion(&levels), Some(5));
    }

    #[test]
    fn before_a_rating_the_first_starts_answer_stands_in() {
        let levels = [(1, 400), (2, 600), (3, 800), (4, 1000), (5, 1200)];
        let mut p = Profile::default();
        assert_eq!(p.suggestion_or(None, &levels), None);
        assert_eq!(p.suggestion_or(Some(880.0), &levels), Some(3));
        // A rating of the player's own wins over what they said.
        p.rating = Some(1300.0);
        assert_eq!(p.suggestion_or(Some(100.0), &levels), Some(5));
    }

    #[test]
    fn the_history_is_bounded_and_the_file_round_trips_and_damage_is_kept() {
        let t = TempDir::new("profile");
        let path = t.path().join("profile.json");
        let mut p = Profile::default();
        for i in 0..(HISTORY as u64 + 5) {
            p.record(2, 700, (i % 2) as f64, 0, i);
        }
        assert_eq!(p.history.len(), HISTORY);
        assert_eq!(p.history[0].at, 5);
        p.save(&path).unwrap();
        assert_eq!(Profile::load(&path), (p.clone(), None));
        // Damaged: what can be read is kept and it is said; saving keeps the old file aside.
        std::fs::write(&path, r#"{"rating": 812.5, "games": "many"}"#).unwrap();
        let (q, w) = Profile::load(&path);
        assert!(w.is_some());
        assert_eq!(q.rating, Some(812.5));
        q.save(&path).unwrap();
        let aside = std::fs::read_dir(t.path())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains("damaged")
            })
            .count();
        assert_eq!(aside, 1);
    }

    #[test]
    fn impossible_history_entries_are_said_and_the_file_kept_before_a_save() {
        // Entries with a score outside 0–1 were dropped unsaid, and the
        // next save overwrote the file with no copy kept.
        let t = TempDir::new("profile-impossible");
        let path = t.path().join("profile.json");
        let mut p = Profile::default();
        for i in 0..4 {
            p.record(2, 700, 1.0, 0, i);
        }
        let text = serde_json::to_string(&p)
            .unwrap()
            .replacen("\"score\":1.0", "\"score\":7.0", 2);
        std::fs::write(&path, &text).unwrap();
        let (q, w) = Profile::load(&path);
        assert_eq!(q.history.len(), 2);
        let w = w.expect("a notice");
        assert!(w.to_string().contains("2 rated games"), "{w}");
        q.save(&path).unwrap();
        let aside: Vec<_> = std::fs::read_dir(t.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("damaged"))
            .collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(std::fs::read_to_string(aside[0].path()).unwrap(), text);
    }

    #[test]
    fn a_rating_or_count_out_of_range_is_said_and_set_aside_and_a_count_never_wraps() {
        let t = TempDir::new("profile-range");
        let path = t.path().join("profile.json");
        let text = r#"{"rating": -5000000000.0, "games": 4294967295, "history": []}"#;
        std::fs::write(&path, text).unwrap();
        let (mut q, w) = Profile::load(&path);
        let w = w.expect("a notice").to_string();
        assert!(w.contains("rating -5000000000 is out of range"), "{w}");
        assert!(w.contains("4294967295 rated games cannot be"), "{w}");
        assert_eq!((q.rating, q.games), (None, 0));
        q.save(&path).unwrap();
        let aside = std::fs::read_dir(t.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("damaged"))
            .count();
        assert_eq!(aside, 1);
        // A count at the top stays there.
        q.games = u32::MAX;
        q.record(2, 700, 1.0, 0, 1);
        assert_eq!(q.games, u32::MAX);
    }

    #[test]
    fn a_huge_history_is_read_to_its_last_games_only() {
        let t = TempDir::new("profile-huge");
        let path = t.path().join("profile.json");
        let mut p = Profile::default();
        for i in 0..HISTORY as u64 {
            p.record(2, 700, 0.5, 0, i);
        }
        // Ten times the history, as no game writes it.
        let entries: Vec<RatedGame> = (0..10 * HISTORY as u64)
            .map(|i| RatedGame {
                at: i,
                ..p.history[0].clone()
            })
            .collect();
        let mut huge = p.clone();
        huge.history = entries;
        std::fs::write(&path, serde_json::to_string(&huge).unwrap()).unwrap();
        let (q, w) = Profile::load(&path);
        assert_eq!(w, None);
        assert_eq!(q.history.len(), HISTORY);
        assert_eq!(q.history[0].at, 9 * HISTORY as u64);
        assert_eq!(q.history.last().unwrap().at, 10 * HISTORY as u64 - 1);
    }
}
