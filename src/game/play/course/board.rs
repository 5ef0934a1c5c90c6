//! The lesson's step on the board: a page's position (or the opening its
//! moves reach, the last move marked) as a board to look at, or the
//! exercise's attempt — each an exercise the one door puts on the board
//! ([`crate::game::play::exercise`]). Who sits where follows it: the
//! student's side at the bottom in an exercise, the two sides a hot-seat
//! board's on a page (the exercise, not the players, says who may move).

use super::{ActiveLesson, Step};
use crate::course::{Attempt, Lesson};
use crate::exercise::viewing::Viewing;
use crate::game::play::Play;
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::session::Session;
use crate::game::{GameSet, Mode, Screen};
use crate::rules::{Color, Position};
use crate::store::Players;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // Before the exercise's board is shown (`GameSet::Ai`).
        seat_student.in_set(GameSet::Rules).run_if(
            in_state(Play::Course)
                .and_then(resource_exists::<Session>)
                .and_then(resource_exists::<ActiveLesson>)
                .and_then(resource_exists_and_changed::<ActiveExercise>),
        ),
    );
}

/// The exercise of `step` in `lesson`, fresh; Menu goes back to the list.
pub fn exercise_for(lesson: &Lesson, step: Step) -> ActiveExercise {
    match step {
        Step::Exercise(i) if i < lesson.exercises.len() => {
            ActiveExercise::new(Attempt::new(&lesson.exercises[i]), Screen::Course)
        }
        _ => {
            let (start, moves) = step_position(lesson, step);
            ActiveExercise::new(Viewing { start, moves }, Screen::Course)
        }
    }
}

/// The position a step starts from, and the moves played to reach what it
/// shows (an opening page's).
pub fn step_position(lesson: &Lesson, step: Step) -> (Position, Vec<crate::rules::Move>) {
    match step {
        Step::Page(i) => {
            // A page without a board keeps the one before it.
            let page = lesson.pages[..=i.min(lesson.pages.len().saturating_sub(1))]
                .iter()
                .rev()
                .find(|p| p.position.is_some() || !p.moves.is_empty());
            match page {
                Some(p) if !p.moves.is_empty() => (Position::startpos(), p.moves.clone()),
                Some(p) => (p.position.unwrap_or_else(Position::startpos), Vec::new()),
                None => (
                    lesson
                        .exercises
                        .first()
                        .map_or_else(Position::startpos, |e| e.position),
                    Vec::new(),
                ),
            }
        }
        Step::Exercise(i) => (
            lesson
                .exercises
                .get(i)
                .map_or_else(Position::startpos, |e| e.position),
            Vec::new(),
        ),
    }
}

/// Who plays: the student against the computer in an exercise (the
/// exercise's own defender answers for it), two players on a page.
pub fn players_for(student: Option<Color>) -> Players {
    let mode = match student {
        Some(Color::Red) => Mode::Red,
        Some(Color::Black) => Mode::Black,
        None => Mode::Hotseat,
    };
    Players::new(mode, 1, 1)
}

/// The student's side, in an exercise.
pub fn student_of(exercise: &ActiveExercise) -> Option<Color> {
    exercise.get::<Attempt>().map(Attempt::student)
}

/// Seats the student of a new step as the human side.
fn seat_student(exercise: Res<ActiveExercise>, mut session: ResMut<Session>) {
    let student = student_of(&exercise);
    let players = players_for(student);
    if session.setup.players.mode != players.mode {
        session.setup.players = players;
    }
}
