//! A composed mate puzzle behind the contract: the solver (the side to
//! move) must mate within the puzzle's plies; the game's AI defends at a
//! level. Each move is judged with [`crate::store::puzzles::judge`].

use super::{Answer, Defence, Exercise, Failure, Question, Refusal, Standing, Verdict};
use crate::rules::{Game, Move, Position};
use crate::store::puzzles::{self, Puzzle};
use std::any::Any;

/// One try at a composed puzzle.
#[derive(Clone, Debug)]
pub struct PuzzleAttempt {
    puzzle: Puzzle,
    start: Position,
    level: u8,
    game: Game,
    verdict: puzzles::Verdict,
}

impl PuzzleAttempt {
    /// A fresh try at `puzzle`, defended by the AI at `level`.
    ///
    /// # Errors
    /// The puzzle's position cannot be read.
    pub fn new(puzzle: &Puzzle, level: u8) -> Result<PuzzleAttempt, crate::rules::FenError> {
        let start = puzzle.position()?;
        Ok(PuzzleAttempt {
            puzzle: puzzle.clone(),
            start,
            level,
            game: Game::new(start),
            verdict: puzzles::judge(puzzle, &[]),
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The puzzle's verdict on the moves so far.
    pub fn verdict(&self) -> puzzles::Verdict {
        self.verdict
    }

    /// Plays `mv` (of either side) and judges the line.
    fn play(&mut self, mv: Move) -> Verdict {
        if self.game.play(mv).is_err() {
            return Verdict::Refuse(Refusal::NotNow);
        }
        self.verdict = puzzles::judge(&self.puzzle, self.game.moves());
        match self.verdict {
            puzzles::Verdict::Solved { .. } => Verdict::Solved { stars: 3 },
            puzzles::Verdict::Failed(f) => Verdict::Failed(failure(f)),
            puzzles::Verdict::InProgress { .. } => Verdict::Play,
        }
    }
}

fn failure(f: puzzles::Failure) -> Failure {
    match f {
        puzzles::Failure::GameOver(o) => Failure::GameOver(o),
        _ => Failure::OutOfMoves,
    }
}

impl Exercise for PuzzleAttempt {
    fn start(&self) -> Position {
        self.start
    }

    fn moves(&self) -> Vec<Move> {
        self.game.moves().to_vec()
    }

    fn standing(&self) -> Standing {
        match self.verdict {
            puzzles::Verdict::Solved { .. } => Standing::Solved(3),
            puzzles::Verdict::Failed(f) => Standing::Failed(failure(f)),
            puzzles::Verdict::InProgress { .. }
                if self.game.position().side_to_move() == self.student() =>
            {
                Standing::StudentToMove
            }
            puzzles::Verdict::InProgress { .. } => Standing::Waiting,
        }
    }

    fn judge(&mut self, mv: Move) -> Verdict {
        if let Some(refused) = self.refusal(mv) {
            return refused;
        }
        self.play(mv)
    }

    fn defence(&self) -> Defence {
        Defence::Engine { level: self.level }
    }

    fn replied(&mut self, mv: Move) -> Verdict {
        if self.standing() != Standing::Waiting {
            return Verdict::Refuse(Refusal::NotNow);
        }
        self.play(mv)
    }

    /// The known first move, before any is played.
    fn hint(&self) -> Option<Question> {
        let first = self
            .puzzle
            .first_move()
            .filter(|&m| self.game.ply() == 0 && self.start.is_legal(m))?;
        Some(Question::answered(Answer::Hint(Some(first))))
    }

    /// Back to the solver's previous move: its reply and its move undone.
    fn take_back(&mut self) {
        let solver = self.student();
        let start = self.game.ply();
        while self.game.undo() {
            if self.game.position().side_to_move() == solver {
                break;
            }
        }
        if self.game.ply() == start {
            return;
        }
        // The moves after the cursor are no part of the try.
        let moves = self.game.moves()[..self.game.ply()].to_vec();
        self.game = Game::new(self.start);
        for m in moves {
            let _ = self.game.play(m);
        }
        self.verdict = puzzles::judge(&self.puzzle, self.game.moves());
    }

    fn restart(&mut self) {
        self.game = Game::new(self.start);
        self.verdict = puzzles::judge(&self.puzzle, &[]);
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
