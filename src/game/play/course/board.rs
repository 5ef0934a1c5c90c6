//! The lesson's step on the board: a page's position (or the opening its
//! moves reach, the last move marked), or the exercise's position as its
//! attempt stands, put on the session through its own door
//! ([`crate::game::play::session::Session::replace_game`]) and announced as [`BoardChanged::Reset`] so
//! the pieces follow. Who may move is set with it: nobody on a page, the
//! student's side in an exercise until it is over. The session stays
//! paused throughout, so its own AI never plays: the course's defender does.

use super::{ActiveLesson, Step};
use crate::course::{Lesson, State};
use crate::game::play::Play;
use crate::game::play::hint::Hint;
use crate::game::play::session::{BoardChanged, Selection, Session};
use crate::game::{GameSet, Mode};
use crate::rules::{Color, Game, Position};
use crate::store::Players;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        // After the session's commands (a new game, an undo) of the frame.
        show_step.in_set(GameSet::Ai).run_if(
            in_state(Play::Course)
                .and_then(resource_exists::<Session>)
                .and_then(resource_exists::<ActiveLesson>),
        ),
    );
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

/// Who plays: in an exercise still going, the student against the
/// (paused) computer; otherwise the computer on both sides, so the board
/// takes no moves.
pub fn players_for(student: Option<Color>) -> Players {
    let mode = match student {
        Some(Color::Red) => Mode::Red,
        Some(Color::Black) => Mode::Black,
        None => Mode::AiVsAi,
    };
    Players::new(mode, 1, 1)
}

/// The student's side while the exercise shown is still to be done.
pub fn student_now(active: &ActiveLesson) -> Option<Color> {
    active
        .attempt
        .as_ref()
        .filter(|a| matches!(a.state(), State::StudentToMove | State::DefenceToMove))
        .map(|a| a.student())
}

fn show_step(
    mut active: ResMut<ActiveLesson>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut hint: ResMut<Hint>,
    time: Res<Time>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if !session.paused {
        session.paused = true;
    }
    let players = players_for(student_now(&active));
    if session.setup.players.mode != players.mode {
        session.setup.players = players.clone();
    }
    // A drill's board is the course's to judge: a bare board is no draw.
    let drill = active
        .attempt
        .as_ref()
        .is_some_and(|a| !a.exercise().goal.has_defence());
    if session.drill != drill {
        session.drill = drill;
    }
    if active.on_board {
        return;
    }
    active.on_board = true;
    let game = match &active.attempt {
        // The exercise as its try stands (from the start after a retry).
        Some(attempt) => {
            let mut game = Game::new(attempt.exercise().position);
            for &m in attempt.moves() {
                if game.play(m).is_err() {
                    // A drill's moves leave the other side to move: show the
                    // position as it is.
                    game = Game::new(*attempt.position());
                    break;
                }
            }
            game
        }
        None => {
            let (start, moves) = step_position(active.lesson, active.step);
            let mut game = Game::new(start);
            for m in moves {
                if game.play(m).is_err() {
                    break;
                }
            }
            game
        }
    };
    session.setup.start = *game.start();
    session.setup.players = players;
    session.flipped = active
        .attempt
        .as_ref()
        .is_some_and(|a| a.student() == Color::Black);
    session.replace_game(game, time.elapsed_secs_f64());
    session.paused = true;
    selection.clear();
    hint.shown = None;
    changed.write(BoardChanged::Reset);
}
