//! The screens that fill the window — the menu, the puzzle list, the saved
//! games — and the settings card over any of them.

pub mod editor;
pub mod import_field;
pub mod menu;
pub mod menu_options;
pub mod puzzles;
pub mod review_saved;
pub mod saved_games;
pub mod settings;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        menu::plugin,
        settings::plugin,
        puzzles::plugin,
        saved_games::plugin,
        review_saved::plugin,
    ));
    app.add_plugins((menu_options::plugin, import_field::plugin));
    app.add_plugins(editor::plugin);
}
