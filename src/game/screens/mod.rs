//! The screens that fill the window — the menu, the puzzle list, the saved
//! games — and the settings card over any of them, with the card of the
//! player's engines opened from it.

pub mod editor;
pub mod engines;
pub mod menu;
pub mod puzzles;
pub mod saved_games;
pub mod settings;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        menu::plugin,
        settings::plugin,
        puzzles::plugin,
        saved_games::plugin,
        saved_games::review_button::plugin,
    ));
    app.add_plugins((menu::options::plugin, saved_games::import_field::plugin));
    app.add_plugins(editor::plugin);
    app.add_plugins(engines::plugin);
}
