//! The course's [`Attempt`] behind the contract: its judgement of a move
//! is the exercise's verdict, its [`Defender`] answers the questions, its
//! hint is the next step.

use super::{Answer, Defence, Exercise, Failure, Question, Refusal, Standing, Verdict};
use crate::course::{Attempt, Defender, Feedback, State};
use crate::rules::{Color, Move, Position};
use std::any::Any;

impl From<crate::course::Failure> for Failure {
    fn from(f: crate::course::Failure) -> Failure {
        match f {
            crate::course::Failure::OutOfMoves => Failure::OutOfMoves,
            crate::course::Failure::GameOver(o) => Failure::GameOver(o),
        }
    }
}

/// The course's word for a move, as a verdict.
fn verdict(feedback: Feedback) -> Verdict {
    match feedback {
        Feedback::Illegal(w) => Verdict::Refuse(Refusal::Illegal(w)),
        Feedback::Mistake(m) => Verdict::Refuse(Refusal::Mistake(m)),
        Feedback::Moved | Feedback::DefenceToMove | Feedback::Defended { .. } => Verdict::Play,
        Feedback::Solved { stars } => Verdict::Solved { stars },
        Feedback::Failed(f) => Verdict::Failed(f.into()),
        Feedback::NotNow => Verdict::Refuse(Refusal::NotNow),
    }
}

impl Exercise for Attempt {
    fn start(&self) -> Position {
        self.exercise().position
    }

    fn moves(&self) -> Vec<Move> {
        Attempt::moves(self).to_vec()
    }

    fn position(&self) -> Position {
        *Attempt::position(self)
    }

    fn student(&self) -> Color {
        Attempt::student(self)
    }

    fn standing(&self) -> Standing {
        match self.state() {
            State::StudentToMove => Standing::StudentToMove,
            State::DefenceToMove => Standing::Waiting,
            State::Solved(stars) => Standing::Solved(stars),
            State::Failed(f) => Standing::Failed(f.into()),
        }
    }

    fn judge(&mut self, mv: Move) -> Verdict {
        verdict(self.try_move(mv))
    }

    fn defence(&self) -> Defence {
        if self.exercise().goal.has_defence() {
            Defence::Own
        } else {
            Defence::None
        }
    }

    fn question(&self) -> Option<Question> {
        if self.state() != State::DefenceToMove {
            return None;
        }
        let (position, history) = (*Attempt::position(self), self.history().to_vec());
        Some(Question::new(move |_| {
            Answer::Reply(Defender::default().best(&position, &history))
        }))
    }

    fn answer(&mut self, answer: Answer) -> Verdict {
        match answer {
            Answer::Reply(Some(reply)) => verdict(self.defend(reply)),
            _ => Verdict::Refuse(Refusal::NotNow),
        }
    }

    fn hint(&self) -> Option<Question> {
        if self.state() != State::StudentToMove {
            return Some(Question::answered(Answer::Hint(None)));
        }
        let copy = self.clone();
        Some(Question::new(move |_| {
            Answer::Hint(copy.next_step(&mut Defender::default()))
        }))
    }

    fn hinted(&mut self, mv: Option<Move>) {
        if mv.is_some() {
            self.count_hint();
        }
    }

    fn restart(&mut self) {
        Attempt::restart(self);
    }

    fn ends_by_rules(&self) -> bool {
        self.exercise().goal.has_defence()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
