//! Cards over whatever screen is showing: the settings card, and the card
//! of the player's engines opened from it.

pub mod engines;
pub mod settings;
mod views;

pub use views::{EnginesView, SettingsView};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((settings::plugin, engines::plugin));
}
