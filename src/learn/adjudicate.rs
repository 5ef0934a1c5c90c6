//! Ending a self-play game before the rules do, on the engine's own
//! scores: one adjudicator for the self-play tools (`datagen`'s training
//! games, `book build`'s games from the book's leaves), each with its own
//! thresholds. A game is won once the score has stayed beyond a margin for
//! some plies, drawn once it has stayed near level for some plies after a
//! given ply. (A match between two engines, where both must agree, is
//! judged by [`crate::arena::runner::Adjudication`].)

use crate::rules::GameResult;

/// When a game is judged over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Won once the score stays beyond this (centipawns, a mate beyond
    /// any)…
    pub win_score: i32,
    /// …for this many plies in a row.
    pub win_plies: usize,
    /// Drawn once the score stays within this…
    pub draw_score: i32,
    /// …for this many plies in a row…
    pub draw_plies: usize,
    /// …from this ply on.
    pub draw_from_ply: usize,
}

/// The runs of one game so far (see the module's description).
#[derive(Clone, Debug)]
pub struct Adjudicator {
    limits: Thresholds,
    /// The winning side's sign and the plies it has been winning.
    win_run: (i32, usize),
    /// The plies the score has been level.
    draw_run: usize,
}

impl Adjudicator {
    /// A fresh game judged by `limits`.
    pub fn new(limits: Thresholds) -> Adjudicator {
        Adjudicator {
            limits,
            win_run: (0, 0),
            draw_run: 0,
        }
    }

    /// Takes the score `red` (centipawns from Red's side, a mate beyond any)
    /// before the move at `ply`; the result if it ends the game.
    pub fn judge(&mut self, red: i32, ply: usize) -> Option<GameResult> {
        let t = &self.limits;
        let sign = red.signum();
        self.win_run = if red.saturating_abs() < t.win_score {
            (0, 0)
        } else if self.win_run.0 == sign {
            (sign, self.win_run.1 + 1)
        } else {
            (sign, 1)
        };
        if self.win_run.1 >= t.win_plies {
            return Some(if self.win_run.0 > 0 {
                GameResult::RedWins
            } else {
                GameResult::BlackWins
            });
        }
        if ply >= t.draw_from_ply && red.saturating_abs() <= t.draw_score {
            self.draw_run += 1;
            if self.draw_run >= t.draw_plies {
                return Some(GameResult::Draw);
            }
        } else {
            self.draw_run = 0;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: Thresholds = Thresholds {
        win_score: 800,
        win_plies: 3,
        draw_score: 15,
        draw_plies: 2,
        draw_from_ply: 10,
    };

    #[test]
    fn a_run_beyond_the_margin_wins_and_a_level_run_late_draws() {
        let mut a = Adjudicator::new(T);
        assert_eq!(a.judge(900, 1), None);
        assert_eq!(
            a.judge(-900, 2),
            None,
            "the run starts again for the other side"
        );
        assert_eq!(a.judge(-900, 3), None);
        assert_eq!(a.judge(-30_000, 4), Some(GameResult::BlackWins));
        let mut a = Adjudicator::new(T);
        assert_eq!(a.judge(0, 1), None);
        assert_eq!(a.judge(0, 2), None, "too early to draw");
        assert_eq!(a.judge(10, 10), None);
        assert_eq!(a.judge(-5, 11), Some(GameResult::Draw));
        let mut a = Adjudicator::new(T);
        assert_eq!(a.judge(0, 10), None);
        assert_eq!(a.judge(100, 11), None, "a score off level breaks the run");
        assert_eq!(a.judge(0, 12), None);
    }
}
