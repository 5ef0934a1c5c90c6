//! The exercise on the board, as the session sees it: one resource,
//! [`ActiveExercise`], asked before a human's move is played and for who
//! may move; and what it said, [`ExerciseEvent`], for the modes that keep
//! progress and the views.

use crate::exercise::{Answer, Defence, Exercise, Standing, Verdict};
use crate::game::Screen;
use crate::rules::{Game, Move};
use bevy::prelude::*;

/// The exercise on the board (a lesson's step, a puzzle, a puzzle from the
/// player's games). Every change of it moves its [`ActiveExercise::version`],
/// so an answer to an older question is recognised as stale.
#[derive(Resource)]
pub struct ActiveExercise {
    exercise: Box<dyn Exercise>,
    version: u64,
    back_to: Screen,
    /// The board shows the exercise as it stands (false: it is put there).
    pub(crate) on_board: bool,
    /// The board is played out, move by move, from the one shown up to
    /// the exercise's (a solution shown), not put there at once.
    pub(crate) play_out: bool,
}

/// What an exercise said.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExerciseEvent {
    /// To the student's move (played unless refused).
    Judged(Move, Verdict),
    /// To the other side's move, or to a search's answer.
    Answered(Verdict),
    /// The hint found (`None`: nothing to suggest now).
    Hinted(Option<Move>),
    /// Started again, or taken back.
    Restarted,
}

impl ActiveExercise {
    /// `exercise` on the board; Menu goes back to `back_to`.
    pub fn new(exercise: impl Exercise, back_to: Screen) -> ActiveExercise {
        ActiveExercise {
            exercise: Box::new(exercise),
            version: 0,
            back_to,
            on_board: false,
            play_out: false,
        }
    }

    /// The exercise.
    pub fn exercise(&self) -> &dyn Exercise {
        self.exercise.as_ref()
    }

    /// The exercise as its kind, if it is one.
    pub fn get<T: Exercise>(&self) -> Option<&T> {
        self.exercise.as_any().downcast_ref()
    }

    /// Moves on every change.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Where Menu goes.
    pub fn back_to(&self) -> Screen {
        self.back_to
    }

    /// Changes the exercise with `f`, which moves nothing on the board
    /// (a refused move counted, a hint counted): questions asked stand.
    pub fn note<R>(&mut self, f: impl FnOnce(&mut dyn Exercise) -> R) -> R {
        f(self.exercise.as_mut())
    }

    /// Changes the exercise with `f`, which moves its board (a solution
    /// shown): the board goes on to the exercise's as it stands, its moves
    /// played one after another from where the two part
    /// ([`crate::game::play::exercise::run`]).
    pub fn rebuild<R>(&mut self, f: impl FnOnce(&mut dyn Exercise) -> R) -> R {
        self.version += 1;
        self.on_board = false;
        self.play_out = true;
        f(self.exercise.as_mut())
    }

    /// A new version unless the verdict refuses.
    fn moved(&mut self, verdict: Verdict) -> Verdict {
        if !matches!(verdict, Verdict::Refuse(_)) {
            self.version += 1;
        }
        verdict
    }

    /// The student's move, judged before it is played.
    pub fn judge(&mut self, mv: Move) -> Verdict {
        let v = self.exercise.judge(mv);
        self.moved(v)
    }

    /// The other side's move, as the board is to play it.
    pub fn replied(&mut self, mv: Move) -> Verdict {
        let e = self.exercise.as_mut();
        let v = match e.defence() {
            Defence::Own => e.answer(Answer::Reply(Some(mv))),
            _ => e.replied(mv),
        };
        self.moved(v)
    }

    /// A search's answer to the exercise's question.
    pub fn answer(&mut self, answer: Answer) -> Verdict {
        let v = self.exercise.answer(answer);
        self.moved(v)
    }

    /// Starts again (Undo takes back instead) and puts its board back.
    pub fn restart(&mut self, undo: bool) {
        self.version += 1;
        if undo {
            self.exercise.take_back();
        } else {
            self.exercise.restart();
        }
        self.on_board = false;
        self.play_out = false;
    }

    /// The game the board shows: the moves from the start, or — where the
    /// rules do not end it (a task on a bare board) — the position as it
    /// stands, a game of its own.
    pub fn board(&self) -> Game {
        let e = self.exercise();
        if !e.ends_by_rules() {
            return Game::new(e.position());
        }
        let mut game = Game::new(e.start());
        for m in e.moves() {
            if game.play(m).is_err() {
                return Game::new(e.position());
            }
        }
        game
    }
}

/// May the session's own AI play? Without an exercise, as always; with
/// one, only the defence it leaves to the game's AI, while it waits for it.
pub fn session_ai_plays(exercise: Option<Res<ActiveExercise>>) -> bool {
    exercise.is_none_or(|a| {
        let e = a.exercise();
        matches!(e.defence(), Defence::Engine { .. }) && e.standing() == Standing::Waiting
    })
}

/// Does the exercise on the board give its own hint now? (It may build
/// the hint's question: ask it only when a hint is asked for.)
pub fn exercise_gives_hint(exercise: Option<Res<ActiveExercise>>) -> bool {
    exercise.is_some_and(|a| a.exercise().hint().is_some())
}
