//! A puzzle from the player's own games behind the contract: one move,
//! the engine's own move solves it, the mistake played in the game fails
//! it, and any other move is judged by a search — the review's acceptance
//! ([`accepts`]: within [`MARGIN`] of the best, as deep as the review
//! looked).

use super::{Answer, Defence, Exercise, Failure, Question, Refusal, Standing, Verdict};
use crate::engine::review::accepts;
use crate::engine::{Engine, Limits};
use crate::rules::{Move, Position};
use crate::store::my_puzzles::{MARGIN, MyPuzzle};
use std::any::Any;

/// Where a try at a puzzle from the player's games stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MyVerdict {
    /// The player is to move.
    ToMove,
    /// The engine is judging this move.
    Checking(Move),
    /// This move solves it.
    Solved(Move),
    /// This move is not good enough.
    Wrong(Move),
}

/// The hash table of the engine judging a move.
const JUDGE_HASH_MB: usize = 16;

/// One try at a puzzle from the player's games.
#[derive(Clone, Debug)]
pub struct MyPuzzleAttempt {
    puzzle: MyPuzzle,
    start: Position,
    limits: Limits,
    verdict: MyVerdict,
}

impl MyPuzzleAttempt {
    /// A fresh try at `puzzle`; a move is judged with `limits` (the
    /// review's, bounded by the depth the puzzle was found at). `None` when
    /// the puzzle's position cannot be read.
    pub fn new(puzzle: &MyPuzzle, limits: &Limits) -> Option<MyPuzzleAttempt> {
        let mut limits = limits.clone();
        if puzzle.depth > 0 {
            limits.depth = Some(limits.depth.map_or(puzzle.depth, |d| d.min(puzzle.depth)));
        }
        Some(MyPuzzleAttempt {
            start: puzzle.position()?,
            puzzle: puzzle.clone(),
            limits,
            verdict: MyVerdict::ToMove,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &MyPuzzle {
        &self.puzzle
    }

    /// Where the try stands.
    pub fn verdict(&self) -> MyVerdict {
        self.verdict
    }

    /// Is the engine judging a move?
    pub fn checking(&self) -> bool {
        matches!(self.verdict, MyVerdict::Checking(_))
    }
}

impl Exercise for MyPuzzleAttempt {
    fn start(&self) -> Position {
        self.start
    }

    fn moves(&self) -> Vec<Move> {
        match self.verdict {
            MyVerdict::ToMove => Vec::new(),
            MyVerdict::Checking(m) | MyVerdict::Solved(m) | MyVerdict::Wrong(m) => vec![m],
        }
    }

    fn standing(&self) -> Standing {
        match self.verdict {
            MyVerdict::ToMove => Standing::StudentToMove,
            MyVerdict::Checking(_) => Standing::Waiting,
            MyVerdict::Solved(_) => Standing::Solved(3),
            MyVerdict::Wrong(_) => Standing::Failed(Failure::NotGoodEnough),
        }
    }

    fn judge(&mut self, mv: Move) -> Verdict {
        if let Some(refused) = self.refusal(mv) {
            return refused;
        }
        let best = self.puzzle.best_move();
        if Some(mv) == best {
            self.verdict = MyVerdict::Solved(mv);
            Verdict::Solved { stars: 3 }
        } else if Some(mv) == self.puzzle.played_move() || best.is_none() {
            self.verdict = MyVerdict::Wrong(mv);
            Verdict::Failed(Failure::NotGoodEnough)
        } else {
            self.verdict = MyVerdict::Checking(mv);
            Verdict::Play
        }
    }

    fn defence(&self) -> Defence {
        Defence::None
    }

    fn question(&self) -> Option<Question> {
        let MyVerdict::Checking(mv) = self.verdict else {
            return None;
        };
        let best = self.puzzle.best_move()?;
        let (start, limits) = (self.start, self.limits.clone());
        Some(Question::new(move |stop| {
            let mut engine = Engine::try_new(JUDGE_HASH_MB).unwrap_or_else(|_| Engine::new(1));
            Answer::Accepted(accepts(
                &mut engine,
                &start,
                &[],
                mv,
                best,
                MARGIN,
                &limits,
                stop,
            ))
        }))
    }

    fn answer(&mut self, answer: Answer) -> Verdict {
        match (self.verdict, answer) {
            (MyVerdict::Checking(mv), Answer::Accepted(true)) => {
                self.verdict = MyVerdict::Solved(mv);
                Verdict::Solved { stars: 3 }
            }
            (MyVerdict::Checking(mv), Answer::Accepted(false)) => {
                self.verdict = MyVerdict::Wrong(mv);
                Verdict::Failed(Failure::NotGoodEnough)
            }
            _ => Verdict::Refuse(Refusal::NotNow),
        }
    }

    fn restart(&mut self) {
        self.verdict = MyVerdict::ToMove;
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
