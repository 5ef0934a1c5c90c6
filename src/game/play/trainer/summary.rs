//! What the trainer's screen shows, worked out apart from the view: the
//! rating, the streak, how many missed puzzles are due again, the themes
//! missed most and every theme the set has, with the player's score.

use crate::store::trainer::{Glicko, Streak, ThemeScore, Trainer};
use crate::tactics::{Tactic, Theme};

/// How many of the themes missed most are offered first.
pub const WEAKEST: usize = 3;

/// A theme the set has: the player's score and how many puzzles it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThemeRow {
    /// The player's score in it.
    pub score: ThemeScore,
    /// Puzzles of the set with it.
    pub puzzles: usize,
}

/// The trainer's screen, as numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainerSummary {
    /// The player's rating.
    pub rating: Glicko,
    /// Tries recorded.
    pub attempts: usize,
    /// The streak.
    pub streak: Streak,
    /// Missed puzzles due again now.
    pub due: usize,
    /// Puzzles in the set.
    pub puzzles: usize,
    /// The themes missed most (at most [`WEAKEST`]), worst first.
    pub weakest: Vec<ThemeRow>,
    /// The other themes the set has, in [`Theme::ALL`]'s order.
    pub themes: Vec<ThemeRow>,
}

impl TrainerSummary {
    /// The summary of `trainer` over `set` at `now`.
    pub fn of(trainer: &Trainer, set: &[Tactic], now: u64) -> TrainerSummary {
        let count = |theme: Theme| set.iter().filter(|t| t.has(theme)).count();
        let scores = trainer.theme_scores();
        let row = |theme: Theme| ThemeRow {
            score: scores
                .iter()
                .find(|s| s.theme == theme)
                .copied()
                .unwrap_or(ThemeScore {
                    theme,
                    tried: 0,
                    solved: 0,
                }),
            puzzles: count(theme),
        };
        let weakest: Vec<ThemeRow> = trainer
            .weakest_themes(WEAKEST)
            .into_iter()
            .map(row)
            .filter(|r| r.puzzles > 0)
            .collect();
        let themes = Theme::ALL
            .into_iter()
            .filter(|t| !weakest.iter().any(|w| w.score.theme == *t))
            .map(row)
            .filter(|r| r.puzzles > 0)
            .collect();
        TrainerSummary {
            rating: trainer.rating(),
            attempts: trainer.attempts(),
            streak: trainer.streak(),
            due: trainer.due(set, now).len(),
            puzzles: set.len(),
            weakest,
            themes,
        }
    }
}
