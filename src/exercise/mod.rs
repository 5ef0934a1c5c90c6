//! One contract for every exercise: a lesson's task, a composed puzzle, a
//! puzzle from the player's own games — and the next kind with them.
//!
//! An exercise judges the student's move **before** it is played
//! ([`Exercise::judge`]): [`Verdict::Play`] (play it, the exercise goes
//! on), [`Verdict::Refuse`] (do not play it, and why), [`Verdict::Solved`]
//! or [`Verdict::Failed`] (play it; the exercise is over). Who may move is
//! the exercise's to say ([`Exercise::mover`]); the board only asks. What
//! the exercise needs searched — its own defender's reply, whether a move
//! is good enough — it hands out as a [`Question`] to run on any thread and
//! takes the [`Answer`] back ([`Exercise::answer`]); its hint likewise
//! ([`Exercise::hint`]). A defence played by the game's own AI at a level
//! ([`Defence::Engine`]) is told to the exercise as it comes
//! ([`Exercise::replied`]).
//!
//! Nothing here knows a window: the game puts an exercise on its board
//! through one door (`game::play::exercise`), the command line and the
//! tests drive the same objects directly.
//!
//! - [`lesson`] — the course's [`Attempt`](crate::course::Attempt) behind the contract.
//! - [`puzzle`] — a composed mate puzzle ([`crate::store::puzzles`]).
//! - [`mine`] — a puzzle from the player's games ([`crate::store::my_puzzles`]).
//! - [`tactic`] — a puzzle made from a real game ([`crate::tactics`]): its line.
//! - [`viewing`] — a board to look at: nobody moves (a lesson's page).

pub mod lesson;
pub mod mine;
pub mod puzzle;
pub mod tactic;
pub mod viewing;

use crate::course::{Mistake, WrongMove};
use crate::rules::{Color, Move, Outcome, Position};
use std::any::Any;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// What an exercise says to a move before it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Play it; the exercise goes on.
    Play,
    /// Do not play it.
    Refuse(Refusal),
    /// Play it: solved with this many stars (1 to 3).
    Solved {
        /// 1 to 3.
        stars: u8,
    },
    /// Play it: the exercise is over without success.
    Failed(Failure),
}

/// Why a move is not played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It breaks a rule (which one).
    Illegal(WrongMove),
    /// It is legal but does not do the task (a lesson's mistake).
    Mistake(Mistake),
    /// Nothing may be played now (the other side's turn, or it is over).
    NotNow,
}

/// How an exercise ended without success.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Every move allowed was played and the task is not done.
    OutOfMoves,
    /// The game ended some other way.
    GameOver(Outcome),
    /// The move is not good enough (a puzzle from the player's games).
    NotGoodEnough,
    /// The move is not the puzzle's (a puzzle from a real game).
    NotTheMove,
    /// The solution was shown before it was found.
    Shown,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::OutOfMoves => f.write_str("the moves allowed are used up"),
            Failure::GameOver(o) => write!(f, "the game ended: {o}"),
            Failure::NotGoodEnough => f.write_str("the move is not good enough"),
            Failure::NotTheMove => f.write_str("that is not the move"),
            Failure::Shown => f.write_str("the solution was shown"),
        }
    }
}

/// Where an exercise stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The student's move.
    StudentToMove,
    /// Waiting: the other side's reply, or the judgement of a move.
    Waiting,
    /// Nothing to do on the board (a page to read).
    Viewing,
    /// Solved with this many stars.
    Solved(u8),
    /// Over without success.
    Failed(Failure),
}

impl Standing {
    /// Solved or failed.
    pub fn is_over(self) -> bool {
        matches!(self, Standing::Solved(_) | Standing::Failed(_))
    }
}

/// Who plays the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defence {
    /// Nobody: the student alone moves (a drill, a one-move puzzle, a page).
    None,
    /// The exercise's own defender, through [`Exercise::question`].
    Own,
    /// The game's AI at this level; its moves are told through
    /// [`Exercise::replied`].
    Engine {
        /// The level (1 to `engine::Level::COUNT`).
        level: u8,
    },
}

/// What a search answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The defender's reply (`None`: it has no move).
    Reply(Option<Move>),
    /// Whether the move judged is good enough.
    Accepted(bool),
    /// The hint's move (`None`: nothing to suggest).
    Hint(Option<Move>),
}

/// A search an exercise waits for, owned, to run on any thread — or an
/// answer known at once.
pub struct Question {
    work: Work,
}

enum Work {
    Ready(Answer),
    Search(Box<dyn FnOnce(&AtomicBool) -> Answer + Send>),
}

impl Question {
    /// A question answered by `work` (which should stop soon once its flag
    /// is raised).
    pub fn new(work: impl FnOnce(&AtomicBool) -> Answer + Send + 'static) -> Question {
        Question {
            work: Work::Search(Box::new(work)),
        }
    }

    /// A question whose answer is known already (no search to run).
    pub fn answered(answer: Answer) -> Question {
        Question {
            work: Work::Ready(answer),
        }
    }

    /// The answer, if it is known without a search.
    pub fn ready(&self) -> Option<Answer> {
        match self.work {
            Work::Ready(a) => Some(a),
            Work::Search(_) => None,
        }
    }

    /// Finds the answer (blocking: run it off the main thread).
    pub fn run(self, stop: &AtomicBool) -> Answer {
        match self.work {
            Work::Ready(a) => a,
            Work::Search(work) => work(stop),
        }
    }
}

impl fmt::Debug for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Question")
    }
}

/// The contract every exercise keeps (see the module's description).
pub trait Exercise: Any + Send + Sync {
    /// The position it starts from.
    fn start(&self) -> Position;
    /// The moves played so far, both sides' (a drill's: the student's).
    fn moves(&self) -> Vec<Move>;
    /// The board as it stands: by default the start with the moves played.
    fn position(&self) -> Position {
        let mut pos = self.start();
        for m in self.moves() {
            pos.make(m);
        }
        pos
    }
    /// The student's side: by default the side to move at the start.
    fn student(&self) -> Color {
        self.start().side_to_move()
    }
    /// Where it stands.
    fn standing(&self) -> Standing;
    /// The student's move, judged before it is played.
    fn judge(&mut self, mv: Move) -> Verdict;
    /// What turns `mv` away before it is judged: not the student's turn,
    /// or a move the rules refuse (with the rule's reason).
    fn refusal(&self, mv: Move) -> Option<Verdict> {
        if self.standing() != Standing::StudentToMove {
            return Some(Verdict::Refuse(Refusal::NotNow));
        }
        crate::course::why(&self.position(), mv).map(|w| Verdict::Refuse(Refusal::Illegal(w)))
    }
    /// Who plays the other side.
    fn defence(&self) -> Defence;
    /// The other side's move, played by the game's AI ([`Defence::Engine`]).
    fn replied(&mut self, _mv: Move) -> Verdict {
        Verdict::Refuse(Refusal::NotNow)
    }
    /// The search the exercise waits for now, if any.
    fn question(&self) -> Option<Question> {
        None
    }
    /// The answer to [`Exercise::question`]. A reply it accepts is to be
    /// played on the board (unless refused).
    fn answer(&mut self, _answer: Answer) -> Verdict {
        Verdict::Refuse(Refusal::NotNow)
    }
    /// The exercise's own hint, if it has one now (otherwise the game's
    /// ordinary hint serves).
    fn hint(&self) -> Option<Question> {
        None
    }
    /// The hint found (it may cost a star).
    fn hinted(&mut self, _mv: Option<Move>) {}
    /// Takes back to the student's previous move (by default: starts again).
    fn take_back(&mut self) {
        self.restart();
    }
    /// Starts again.
    fn restart(&mut self);
    /// The move that led to the start (a puzzle from a game), marked on
    /// the board as the last move before any is played.
    fn lead_in(&self) -> Option<Move> {
        None
    }
    /// Does the rules' end of a game end it? False for a drill on a bare
    /// board, which the rules call drawn but the exercise goes on.
    fn ends_by_rules(&self) -> bool {
        true
    }
    /// Who may move on the board now: the student on the student's turn.
    fn mover(&self) -> Option<Color> {
        (self.standing() == Standing::StudentToMove).then(|| self.student())
    }
    /// For the views that know the kind (`downcast_ref`).
    fn as_any(&self) -> &dyn Any;
    /// For the views that know the kind (`downcast_mut`).
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Plays the exercise's questions at once, on this thread, until it waits
/// for nothing (the command line's and the tests' way; the game runs them
/// off the main thread). Returns the last verdict.
pub fn settle(exercise: &mut dyn Exercise) -> Option<Verdict> {
    let stop = AtomicBool::new(false);
    let mut last = None;
    while let Some(q) = exercise.question() {
        let v = exercise.answer(q.run(&stop));
        last = Some(v);
        if matches!(v, Verdict::Refuse(_)) {
            break;
        }
    }
    last
}
