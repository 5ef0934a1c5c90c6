//! Every exercise on the board through one place: the session asks the
//! [`ActiveExercise`] before a human's move is played
//! (`session::turns::human_move`) and who may move; Undo, New game and
//! Menu reach it there too. This folder puts its board on the session
//! ([`show`]), runs its questions — the defender's reply, a move's
//! judgement, the hint — through the one search helper
//! ([`crate::game::play::search`]), and tells what it said
//! ([`ExerciseEvent`]) to the modes that keep progress: the course, the
//! puzzles, the puzzles from the player's games.
//!
//! - [`active`] — the resource and its messages.
//! - [`open`] — an exercise put on the board, the way every mode starts one.
//! - [`run`] — the board shown, the questions and hints answered.

pub mod active;
pub mod open;
pub mod run;

pub use active::{ActiveExercise, ExerciseEvent};
pub use open::ExerciseOpener;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ExerciseEvent>().add_plugins(run::plugin);
}
