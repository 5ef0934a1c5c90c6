//! `xiangqi lessons --check`: every exercise's stored solution played
//! through the rules, and every engine-defended one won against the
//! engine's best defence.
//!
//! - Drills (reach, take all) and find-the-move: the stored moves are
//!   played through an [`Attempt`] and must solve it with three stars —
//!   no rule broken, no wrong move on the way. A find-the-move asking for
//!   a check, a mate or a capture must accept exactly the legal moves of
//!   that kind, no fewer and no more.
//! - Mates: the mate prover first shows the mate is forced against every
//!   defence within the moves allowed; then the attempt is played with the
//!   engine defending, the student's moves taken from the stored line
//!   while the engine's replies follow it, and from the prover after.
//! - Endgames (win, hold): the same game, the student's side played by the
//!   stored line and then by the engine's hint.
//!
//! Each failure names the chapter, lesson and exercise, and why.

use super::attempt::{Attempt, Feedback, Mistake, State};
use super::data::{Chapter, Course, Exercise, Find, Goal, Lesson};
use super::solve::{Defender, PROOF_BUDGET, Proof, prove_win};
use super::wrong::WrongMove;
use crate::rules::Move;
use crate::rules::geometry::Reach;
use crate::teach::pattern::pattern_of;
use std::fmt;

/// Why an exercise fails the check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckProblem {
    /// A drill or find-the-move without a stored solution.
    #[error("no stored solution")]
    NoSolution,
    /// A move of the stored line breaks a rule.
    #[error("move {ply} ({mv}) of the solution is illegal: {why}")]
    Illegal {
        /// 1 = the first move.
        ply: usize,
        /// The move.
        mv: Move,
        /// The rule.
        why: WrongMove,
    },
    /// A move of the stored line is refused as wrong.
    #[error("move {ply} ({mv}) of the solution is refused: {mistake}")]
    Refused {
        /// 1 = the first move.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why.
        mistake: Mistake,
    },
    /// The line ends (or no next move is found) before the task is done.
    #[error("after {plies} moves the task is not done")]
    Unfinished {
        /// Moves played, both sides'.
        plies: usize,
    },
    /// The attempt failed.
    #[error("after the moves {line} it failed: {why}")]
    Failed {
        /// The moves played (ICCS).
        line: String,
        /// What happened.
        why: String,
    },
    /// The mate is not forced within the moves allowed.
    #[error("there is no forced mate in {moves}")]
    NotForced {
        /// Moves allowed.
        moves: u32,
    },
    /// The mate prover ran out of its budget of positions.
    #[error("a forced mate in {moves} is not proved: more than {budget} positions to look at")]
    NotProved {
        /// Moves allowed.
        moves: u32,
        /// The positions the prover may look at.
        budget: u64,
    },
    /// The attempt takes no move now (a game the rules have ended).
    #[error("move {ply} ({mv}) of the solution is not taken: {why}")]
    NotNow {
        /// 1 = the first move.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why the attempt takes no move.
        why: String,
    },
    /// The mate reached is not the classic pattern the exercise names.
    #[error("the mate after {line} is {found}, not {expected}")]
    WrongPattern {
        /// The moves played (ICCS).
        line: String,
        /// The pattern named.
        expected: &'static str,
        /// The pattern found (`no classic pattern` if none).
        found: &'static str,
    },
    /// The accepted moves are not the legal moves of the kind asked for.
    #[error("the accepted moves differ from the rules': missing {missing:?}, not {kind} {extra:?}")]
    AcceptDiffers {
        /// Legal moves of the kind not accepted (ICCS).
        missing: Vec<String>,
        /// Accepted moves not of the kind (ICCS).
        extra: Vec<String>,
        /// The kind.
        kind: &'static str,
    },
}

/// An exercise that failed the check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    /// The chapter's id.
    pub chapter: String,
    /// The lesson's id.
    pub lesson: String,
    /// The exercise's id.
    pub exercise: String,
    /// Why.
    pub problem: CheckProblem,
}

impl fmt::Display for CheckFailure {
    /// `pieces/horse/horse-2: move 1 (b0d1) of the solution is illegal: …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}/{}: {}",
            self.chapter, self.lesson, self.exercise, self.problem
        )
    }
}

/// What the check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Exercises checked.
    pub checked: usize,
    /// Of those, played against the engine.
    pub against_engine: usize,
    /// Engine replies that left the stored line (the student's side then
    /// followed the prover or the engine's hint and still succeeded).
    pub left_the_line: usize,
    /// The failures.
    pub failures: Vec<CheckFailure>,
}

/// Checks every exercise of `course`; `on_exercise` hears about each one
/// before it is checked (for progress output).
pub fn check_course(
    course: &Course,
    defender: &mut Defender,
    on_exercise: &mut dyn FnMut(&Chapter, &Lesson, &Exercise),
) -> CheckReport {
    let mut report = CheckReport::default();
    for (chapter, lesson, ex) in course.exercises() {
        on_exercise(chapter, lesson, ex);
        report.checked += 1;
        if ex.goal.has_defence() {
            report.against_engine += 1;
        }
        match check_exercise(ex, defender) {
            Ok(left) => report.left_the_line += usize::from(left),
            Err(problem) => report.failures.push(CheckFailure {
                chapter: chapter.id.clone(),
                lesson: lesson.id.clone(),
                exercise: ex.id.clone(),
                problem,
            }),
        }
    }
    report
}

/// Checks one exercise (see the module's description). `Ok(true)` when an
/// engine reply left the stored line and the exercise was still done.
///
/// # Errors
/// [`CheckProblem`] saying why it fails.
pub fn check_exercise(ex: &Exercise, defender: &mut Defender) -> Result<bool, CheckProblem> {
    if let Goal::FindMove { accept, find } = &ex.goal {
        check_accept(ex, accept, *find)?;
    }
    if let Goal::Mate { moves } = ex.goal {
        check_forced(ex, moves)?;
    }
    // A find-the-move without a stored line is answered by its first
    // accepted move.
    let drill_line = match (&ex.goal, ex.solution.is_empty()) {
        (Goal::FindMove { accept, .. }, true) => accept.first().copied().into_iter().collect(),
        _ => ex.solution.clone(),
    };
    if !ex.goal.has_defence() && drill_line.is_empty() {
        return Err(CheckProblem::NoSolution);
    }
    let mut attempt = Attempt::new(ex);
    let mut left_line = false;
    // Both sides' moves are bounded by the moves allowed; the guard is for
    // a game the rules do not end.
    for _ in 0..2 * attempt.max_moves() as usize + 2 {
        match attempt.state() {
            // No hint is taken and any mistake has returned: three stars.
            State::Solved(_) => {
                check_pattern(ex, &attempt)?;
                return Ok(left_line);
            }
            State::Failed(f) => {
                return Err(CheckProblem::Failed {
                    line: line(attempt.moves()),
                    why: f.to_string(),
                });
            }
            State::DefenceToMove => {
                let before = attempt.moves().len();
                let on_line = attempt.stored_next();
                attempt.reply_with(defender);
                if attempt.moves().len() == before {
                    return Err(CheckProblem::Unfinished { plies: before });
                }
                if on_line.is_some() && on_line != attempt.moves().last().copied() {
                    left_line = true;
                }
            }
            State::StudentToMove => student_step(ex, &mut attempt, &drill_line, defender)?,
        }
    }
    Err(CheckProblem::Unfinished {
        plies: attempt.moves().len(),
    })
}

/// The mate is forced within `moves`, as the prover shows in its budget.
fn check_forced(ex: &Exercise, moves: u32) -> Result<(), CheckProblem> {
    match prove_win(&ex.position, moves, PROOF_BUDGET) {
        Proof::Win(_) => Ok(()),
        Proof::NoWin => Err(CheckProblem::NotForced { moves }),
        Proof::OutOfBudget => Err(CheckProblem::NotProved {
            moves,
            budget: PROOF_BUDGET,
        }),
    }
}

/// Plays the student's next move: drills their stored line alone, the
/// others the next step as a hint would find it once off the line.
fn student_step(
    ex: &Exercise,
    attempt: &mut Attempt,
    drill_line: &[Move],
    defender: &mut Defender,
) -> Result<(), CheckProblem> {
    let next = if ex.goal.has_defence() {
        attempt.next_step(defender)
    } else {
        drill_line.get(attempt.moves().len()).copied()
    };
    let Some(mv) = next else {
        return Err(CheckProblem::Unfinished {
            plies: attempt.moves().len(),
        });
    };
    let ply = attempt.moves().len() + 1;
    match attempt.try_move(mv) {
        Feedback::Illegal(why) => Err(CheckProblem::Illegal { ply, mv, why }),
        Feedback::Mistake(mistake) => Err(CheckProblem::Refused { ply, mv, mistake }),
        // A game already over takes no move: say so rather than go on.
        Feedback::NotNow => {
            let why = attempt.game_outcome().map_or_else(
                || "the exercise takes no move now".to_string(),
                |o| format!("the game is already over: {o}"),
            );
            Err(CheckProblem::NotNow { ply, mv, why })
        }
        _ => Ok(()),
    }
}

/// A mate that names its pattern ends in it.
fn check_pattern(ex: &Exercise, attempt: &Attempt) -> Result<(), CheckProblem> {
    let Some(expected) = ex.pattern else {
        return Ok(());
    };
    let found = pattern_of(&Reach::of(attempt.position()), attempt.student());
    if found == Some(expected) {
        return Ok(());
    }
    Err(CheckProblem::WrongPattern {
        line: line(attempt.moves()),
        expected: expected.zh(),
        found: found.map_or("no classic pattern", |p| p.zh()),
    })
}

fn line(moves: &[Move]) -> String {
    let v: Vec<String> = moves.iter().map(Move::to_string).collect();
    v.join(" ")
}

/// A find-the-move asking for a kind of move accepts exactly those moves.
fn check_accept(ex: &Exercise, accept: &[Move], find: Find) -> Result<(), CheckProblem> {
    let pos = ex.position;
    let kind = match find {
        Find::Any => return Ok(()),
        Find::Check => "a check",
        Find::Mate => "a mate",
        Find::Capture => "a capture",
    };
    let is_kind = |m: Move| {
        let mut after = pos;
        after.make(m);
        match find {
            Find::Check => after.in_check(),
            Find::Mate => !after.has_legal_move(),
            Find::Capture => pos.piece_at(m.to()).is_some(),
            Find::Any => true,
        }
    };
    let legal = pos.legal_moves();
    let missing: Vec<String> = legal
        .iter()
        .filter(|&&m| is_kind(m) && !accept.contains(&m))
        .map(Move::to_string)
        .collect();
    let extra: Vec<String> = accept
        .iter()
        .filter(|&&m| !is_kind(m))
        .map(Move::to_string)
        .collect();
    if missing.is_empty() && extra.is_empty() {
        Ok(())
    } else {
        Err(CheckProblem::AcceptDiffers {
            missing,
            extra,
            kind,
        })
    }
}
