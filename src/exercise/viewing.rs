//! A board to look at: a lesson's page. Nobody moves; every move is
//! refused as out of turn.

use super::{Answer, Defence, Exercise, Question, Refusal, Standing, Verdict};
use crate::rules::{Move, Position};
use std::any::Any;

/// A position shown, reached by `moves` from `start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Viewing {
    /// Where the moves start.
    pub start: Position,
    /// The moves shown (an opening page's).
    pub moves: Vec<Move>,
}

impl Exercise for Viewing {
    fn start(&self) -> Position {
        self.start
    }

    fn moves(&self) -> Vec<Move> {
        self.moves.clone()
    }

    fn standing(&self) -> Standing {
        Standing::Viewing
    }

    fn judge(&mut self, _mv: Move) -> Verdict {
        Verdict::Refuse(Refusal::NotNow)
    }

    fn defence(&self) -> Defence {
        Defence::None
    }

    /// Nothing to suggest on a page.
    fn hint(&self) -> Option<Question> {
        Some(Question::answered(Answer::Hint(None)))
    }

    fn restart(&mut self) {}

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
