//! The desktop's services the game uses, apart from the game's logic: the
//! file dialog of the desktop (through the XDG portal, off the main
//! thread, with the typed line when there is none).

pub mod file_dialog;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(file_dialog::plugin);
}
