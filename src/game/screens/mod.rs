//! The screens that fill the window: the menu, the puzzle list, the saved
//! games, the position editor and the course's list of lessons (the cards over them are in
//! [`crate::game::cards`]).

pub mod course;
pub mod editor;
pub mod menu;
pub mod puzzles;
pub mod saved_games;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        menu::plugin,
        puzzles::plugin,
        saved_games::plugin,
        saved_games::review_button::plugin,
    ));
    app.add_plugins((menu::options::plugin, saved_games::import_field::plugin));
    app.add_plugins((editor::plugin, course::plugin));
}
