//! One try at an exercise: the student's moves judged one by one, the
//! engine's replies fed in, hints, mistakes and the stars they cost.
//!
//! The attempt never runs the engine itself unless asked: after a student
//! move in a mate, endgame or hold exercise it says
//! [`Feedback::DefenceToMove`], and the caller either hands it a
//! [`Defender`] ([`Attempt::reply_with`], as the command line and the tests
//! do) or searches [`Attempt::position`] with [`Attempt::history`] on a
//! thread of its own and gives the answer to [`Attempt::defend`] (as a
//! game would, to keep its window responsive).
//!
//! A move that breaks a rule is refused with the rule ([`WrongMove`]); a
//! legal move that does not do the task is refused with what is wrong with
//! it ([`Mistake`]) — in a drill, a move after which the target can no
//! longer be reached in the moves left; in a mate, a move after which the
//! defence escapes. Both count as mistakes; each hint counts too. Solving
//! with none earns three stars, with one two, with more one.

use super::data::{Exercise, Find, Goal};
use super::solve::{
    Defender, DrillTask, HINT_DEPTH, attacker_after, drill_done, drill_path, drill_play, forced_win,
};
use super::wrong::{WrongMove, why};
use crate::rules::{Color, Game, GameResult, Move, Outcome, PieceKind, Position, Square};
use crate::words::Language;
use std::fmt;

/// A legal move that does not do what the exercise asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// Only the piece on this point may move in this drill.
    WrongPiece {
        /// The piece's point.
        expected: Square,
    },
    /// The piece would stand where the enemy piece on `by` takes it.
    WouldBeTaken {
        /// The attacker's point.
        by: Square,
    },
    /// From there the task cannot be done in the moves left.
    CannotFinish,
    /// Not the move asked for.
    NotTheAnswer,
    /// The move gives no check.
    NoCheck,
    /// The move gives check but does not mate.
    NotMate,
    /// The move takes nothing.
    NoCapture,
    /// After this move the defence escapes the mate.
    NoForcedMate,
    /// The general is never taken: the game ends before.
    TakesGeneral,
}

impl Mistake {
    /// The mistake in one of the game's languages.
    pub fn text(&self, lang: Language) -> String {
        match lang {
            Language::En => self.to_string(),
            Language::ZhHant => lang.chinese(&self.text(Language::Zh)),
            Language::Vi => match *self {
                Mistake::WrongPiece { expected } => {
                    format!("bài này chỉ đi quân ở {expected}")
                }
                Mistake::WouldBeTaken { by } => format!("ở đó quân ở {by} sẽ ăn mất"),
                Mistake::CannotFinish => {
                    "đi tới đó thì không đủ số nước còn lại để xong bài".into()
                }
                Mistake::NotTheAnswer => "nước này hợp lệ, nhưng không phải nước bài cần".into(),
                Mistake::NoCheck => "nước này không chiếu tướng".into(),
                Mistake::NotMate => "nước này là chiếu, nhưng Tướng vẫn còn đường thoát".into(),
                Mistake::NoCapture => "nước này không ăn quân nào".into(),
                Mistake::NoForcedMate => {
                    "sau nước này đối phương thoát được, không chiếu hết nữa".into()
                }
                Mistake::TakesGeneral => {
                    "Tướng không bao giờ bị ăn: ván cờ kết thúc khi chiếu hết".into()
                }
            },
            Language::Zh => match *self {
                Mistake::WrongPiece { expected } => format!("这一题只走{expected}上的棋子"),
                Mistake::WouldBeTaken { by } => format!("那里会被{by}上的棋子吃掉"),
                Mistake::CannotFinish => "走到那里，剩下的步数就完不成了".into(),
                Mistake::NotTheAnswer => "这步合法，但不是本题要找的着法".into(),
                Mistake::NoCheck => "这步没有将军".into(),
                Mistake::NotMate => "这步是将军，但对方还能应将".into(),
                Mistake::NoCapture => "这步没有吃子".into(),
                Mistake::NoForcedMate => "这步之后对方可以逃脱，杀不成了".into(),
                Mistake::TakesGeneral => "将帅不会被吃：将死时对局就结束了".into(),
            },
        }
    }
}

impl fmt::Display for Mistake {
    /// The mistake in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Mistake::WrongPiece { expected } => {
                write!(f, "in this drill only the piece on {expected} moves")
            }
            Mistake::WouldBeTaken { by } => {
                write!(f, "there the piece on {by} would take it")
            }
            Mistake::CannotFinish => {
                f.write_str("from there the task cannot be done in the moves left")
            }
            Mistake::NotTheAnswer => f.write_str("a legal move, but not the one asked for"),
            Mistake::NoCheck => f.write_str("that move does not give check"),
            Mistake::NotMate => f.write_str("that is check, but the general can still escape"),
            Mistake::NoCapture => f.write_str("that move takes nothing"),
            Mistake::NoForcedMate => f.write_str("after that move the defence escapes the mate"),
            Mistake::TakesGeneral => {
                f.write_str("the general is never taken: the game ends at the mate")
            }
        }
    }
}

/// How an attempt ended without success.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Every move allowed was played and the task is not done.
    OutOfMoves,
    /// The game ended some other way (the student lost, or a draw where a
    /// win was asked).
    GameOver(Outcome),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::OutOfMoves => f.write_str("the moves allowed are used up"),
            Failure::GameOver(o) => write!(f, "the game ended: {o}"),
        }
    }
}

/// What the attempt says to a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// The move breaks a rule; it is not played (a mistake).
    Illegal(WrongMove),
    /// The move is legal but does not do the task; it is not played (a mistake).
    Mistake(Mistake),
    /// The move is played; the student moves again (a drill).
    Moved,
    /// The move is played; now the other side replies (see the module's
    /// description).
    DefenceToMove,
    /// The other side replied with this move; the student moves.
    Defended {
        /// The reply.
        reply: Move,
    },
    /// Done.
    Solved {
        /// 1 to 3.
        stars: u8,
    },
    /// Over without success; [`Attempt::restart`] tries again.
    Failed(Failure),
    /// Nothing to do now: the attempt is over, or it is not that side's turn.
    NotNow,
}

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// The student's move.
    StudentToMove,
    /// The other side's move.
    DefenceToMove,
    /// Solved with this many stars.
    Solved(u8),
    /// Failed.
    Failed(Failure),
}

/// Stars for a solved exercise: 3 with no hint and no mistake, 2 with one
/// of them, 1 with more.
pub fn stars(hints: u32, mistakes: u32) -> u8 {
    3 - (hints + mistakes).min(2) as u8
}

/// One try at an exercise (see the module's description).
#[derive(Clone, Debug)]
pub struct Attempt {
    exercise: Exercise,
    student: Color,
    game: Game,
    positions: Vec<Position>,
    moves: Vec<Move>,
    tracked: Option<Square>,
    hints: u32,
    /// The number of moves made when the last hint was given: asking
    /// again for the same step costs nothing more.
    hinted_at: Option<usize>,
    mistakes: u32,
    state: State,
}

impl Attempt {
    /// A fresh try at `exercise`.
    pub fn new(exercise: &Exercise) -> Attempt {
        let start = exercise.position;
        Attempt {
            student: start.side_to_move(),
            game: Game::new(start),
            positions: vec![start],
            moves: Vec::new(),
            tracked: match exercise.goal {
                Goal::Reach { piece, .. } => Some(piece),
                _ => None,
            },
            hints: 0,
            hinted_at: None,
            mistakes: 0,
            state: State::StudentToMove,
            exercise: exercise.clone(),
        }
    }

    /// Starts again from the exercise's position; hints and mistakes so far
    /// still count.
    pub fn restart(&mut self) {
        let (hints, mistakes) = (self.hints, self.mistakes);
        *self = Attempt::new(&self.exercise);
        self.hints = hints;
        self.mistakes = mistakes;
    }

    /// The exercise.
    pub fn exercise(&self) -> &Exercise {
        &self.exercise
    }

    /// The student's side.
    pub fn student(&self) -> Color {
        self.student
    }

    /// The board now.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.exercise.position)
    }

    /// The positions before the one now, oldest first (for a search).
    pub fn history(&self) -> &[Position] {
        &self.positions[..self.positions.len().saturating_sub(1)]
    }

    /// Every move played so far, both sides'.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the rules have ended the game of a defended exercise, if they
    /// have (drills and find-the-move have no game: `None`).
    pub fn game_outcome(&self) -> Option<Outcome> {
        if self.exercise.goal.has_defence() {
            self.game.outcome()
        } else {
            None
        }
    }

    /// Where it stands.
    pub fn state(&self) -> State {
        self.state
    }

    /// Hints taken.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// Mistakes made (illegal moves and wrong ones).
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }

    /// Where the drill's piece stands now (reach drills).
    pub fn tracked(&self) -> Option<Square> {
        self.tracked
    }

    /// The student's moves played.
    pub fn student_moves(&self) -> u32 {
        if self.exercise.goal.has_defence() {
            self.moves.len().div_ceil(2) as u32
        } else {
            self.moves.len() as u32
        }
    }

    /// The student's moves allowed, in all.
    pub fn max_moves(&self) -> u32 {
        match self.exercise.goal {
            Goal::Reach { max_moves, .. } | Goal::TakeAll { max_moves, .. } => max_moves,
            Goal::FindMove { .. } => 1,
            Goal::Mate { moves } | Goal::Win { moves } | Goal::Hold { moves } => moves,
        }
    }

    /// The student's moves left.
    pub fn moves_left(&self) -> u32 {
        self.max_moves().saturating_sub(self.student_moves())
    }

    fn task(&self) -> Option<(DrillTask, bool)> {
        match &self.exercise.goal {
            Goal::Reach {
                target,
                avoid_capture,
                ..
            } => Some((
                DrillTask::Reach {
                    piece: self.tracked.unwrap_or(*target),
                    target: *target,
                },
                *avoid_capture,
            )),
            Goal::TakeAll {
                targets,
                avoid_capture,
                ..
            } => Some((
                DrillTask::TakeAll {
                    targets: targets.clone(),
                },
                *avoid_capture,
            )),
            _ => None,
        }
    }

    fn mistake(&mut self, f: Feedback) -> Feedback {
        self.mistakes += 1;
        f
    }

    fn push(&mut self, m: Move, pos: Position) {
        self.moves.push(m);
        self.positions.push(pos);
    }

    fn solve(&mut self) -> Feedback {
        let stars = stars(self.hints, self.mistakes);
        self.state = State::Solved(stars);
        Feedback::Solved { stars }
    }

    fn fail(&mut self, f: Failure) -> Feedback {
        self.state = State::Failed(f);
        Feedback::Failed(f)
    }

    /// The student plays `m` (see the module's description).
    pub fn try_move(&mut self, m: Move) -> Feedback {
        if self.state != State::StudentToMove {
            return Feedback::NotNow;
        }
        let pos = *self.position();
        if let Some(w) = why(&pos, m) {
            return self.mistake(Feedback::Illegal(w));
        }
        match self.exercise.goal.clone() {
            Goal::Reach { .. } | Goal::TakeAll { .. } => self.drill_move(&pos, m),
            Goal::FindMove { accept, find } => {
                if accept.contains(&m) {
                    let mut after = pos;
                    after.make(m);
                    self.push(m, after);
                    return self.solve();
                }
                let mut after = pos;
                after.make(m);
                let check = after.in_check();
                let mistake = match find {
                    Find::Check | Find::Mate if !check => Mistake::NoCheck,
                    Find::Mate if after.has_legal_move() => Mistake::NotMate,
                    Find::Capture if pos.piece_at(m.to()).is_none() => Mistake::NoCapture,
                    _ => Mistake::NotTheAnswer,
                };
                self.mistake(Feedback::Mistake(mistake))
            }
            Goal::Mate { .. } => {
                let left = self.moves_left();
                let mut after = pos;
                after.make(m);
                let wins = !after.has_legal_move()
                    || (left > 1
                        && after.legal_moves().iter().all(|&r| {
                            let mut next = after;
                            next.make(r);
                            forced_win(&next, left - 1).is_some()
                        }));
                if !wins {
                    return self.mistake(Feedback::Mistake(Mistake::NoForcedMate));
                }
                self.game_move(m)
            }
            Goal::Win { .. } | Goal::Hold { .. } => self.game_move(m),
        }
    }

    fn drill_move(&mut self, pos: &Position, m: Move) -> Feedback {
        let Some((task, avoid)) = self.task() else {
            return Feedback::NotNow;
        };
        if let Some(expected) = self.tracked
            && m.from() != expected
        {
            return self.mistake(Feedback::Mistake(Mistake::WrongPiece { expected }));
        }
        if pos
            .piece_at(m.to())
            .is_some_and(|p| p.kind == PieceKind::General)
        {
            return self.mistake(Feedback::Mistake(Mistake::TakesGeneral));
        }
        if avoid && let Some(by) = attacker_after(pos, m) {
            return self.mistake(Feedback::Mistake(Mistake::WouldBeTaken { by }));
        }
        let after = drill_play(pos, m);
        let task = match task {
            DrillTask::Reach { target, .. } => DrillTask::Reach {
                piece: m.to(),
                target,
            },
            t => t,
        };
        if drill_done(&after, &task, self.student) {
            self.tracked = self.tracked.map(|_| m.to());
            self.push(m, after);
            return self.solve();
        }
        let left = self.moves_left().saturating_sub(1);
        if drill_path(&after, &task, left, avoid).is_none() {
            return self.mistake(Feedback::Mistake(Mistake::CannotFinish));
        }
        self.tracked = self.tracked.map(|_| m.to());
        self.push(m, after);
        Feedback::Moved
    }

    /// Plays a move of either side in the game of a defended exercise and
    /// judges where it stands.
    fn game_move(&mut self, m: Move) -> Feedback {
        let by_student = self.position().side_to_move() == self.student;
        if self.game.play(m).is_err() {
            // Checked legal before; a game already over refuses.
            return Feedback::NotNow;
        }
        let after = *self.game.position();
        self.push(m, after);
        if let Some(o) = self.game.outcome() {
            let hold = matches!(self.exercise.goal, Goal::Hold { .. });
            return if o.result == GameResult::win_for(self.student)
                || (hold && o.result == GameResult::Draw)
            {
                self.solve()
            } else {
                self.fail(Failure::GameOver(o))
            };
        }
        let spent = self.moves_left() == 0;
        match (self.exercise.goal.clone(), by_student) {
            // The student survived the last reply.
            (Goal::Hold { .. }, false) if spent => self.solve(),
            (Goal::Mate { .. } | Goal::Win { .. }, true) if spent => self.fail(Failure::OutOfMoves),
            (_, true) => {
                self.state = State::DefenceToMove;
                Feedback::DefenceToMove
            }
            (_, false) => {
                self.state = State::StudentToMove;
                Feedback::Defended { reply: m }
            }
        }
    }

    /// The other side's reply, found by the caller's search of
    /// [`Attempt::position`] (see the module's description). An illegal
    /// reply is refused with its reason and changes nothing.
    pub fn defend(&mut self, m: Move) -> Feedback {
        if self.state != State::DefenceToMove {
            return Feedback::NotNow;
        }
        if let Some(w) = why(self.position(), m) {
            return Feedback::Illegal(w);
        }
        self.game_move(m)
    }

    /// The other side's reply, found by `defender` now.
    pub fn reply_with(&mut self, defender: &mut Defender) -> Feedback {
        if self.state != State::DefenceToMove {
            return Feedback::NotNow;
        }
        let pos = *self.position();
        match defender.best(&pos, self.history()) {
            Some(m) => self.defend(m),
            None => Feedback::NotNow,
        }
    }

    /// The stored line's next move, if the moves so far follow it.
    pub fn stored_next(&self) -> Option<Move> {
        let line = &self.exercise.solution;
        (line.len() > self.moves.len() && line[..self.moves.len()] == self.moves[..])
            .then(|| line[self.moves.len()])
    }

    /// The next step, counted as a hint (see [`Attempt::next_step`]) —
    /// once for a step, however often it is asked for.
    pub fn hint(&mut self, defender: &mut Defender) -> Option<Move> {
        let m = self.next_step(defender);
        if m.is_some() {
            self.count_hint();
        }
        m
    }

    /// Counts a hint given for the step now (found elsewhere, from
    /// [`Attempt::next_step`]) — once a step.
    pub fn count_hint(&mut self) {
        if self.hinted_at != Some(self.moves.len()) {
            self.hints += 1;
            self.hinted_at = Some(self.moves.len());
        }
    }

    /// The next step for the student, not counted: the stored line's while
    /// the moves follow it, else the shortest way (drills), the first
    /// accepted answer, the quickest forced mate, or the engine's move
    /// (endgames). `None` when it is not the student's move.
    pub fn next_step(&self, defender: &mut Defender) -> Option<Move> {
        if self.state != State::StudentToMove {
            return None;
        }
        if let Some(m) = self.stored_next() {
            return Some(m);
        }
        let pos = self.position();
        match &self.exercise.goal {
            Goal::Reach { .. } | Goal::TakeAll { .. } => {
                let (task, avoid) = self.task()?;
                drill_path(pos, &task, self.moves_left(), avoid)?
                    .first()
                    .copied()
            }
            Goal::FindMove { accept, .. } => accept.first().copied(),
            Goal::Mate { .. } => forced_win(pos, self.moves_left()),
            Goal::Win { .. } | Goal::Hold { .. } => {
                defender.best_at(pos, self.history(), HINT_DEPTH)
            }
        }
    }
}
