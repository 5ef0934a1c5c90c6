//! Cards over whatever screen is showing: the settings card, the card of
//! the player's engines opened from it, and the first start's question.

pub mod engines;
pub mod first_start;
pub mod settings;
mod views;

pub use views::{EnginesView, FirstStartView, SettingsView};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((settings::plugin, engines::plugin, first_start::plugin));
}
