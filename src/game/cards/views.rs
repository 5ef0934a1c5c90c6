//! Which card shows over the screen: each card is a state of its own, so
//! a card can open another (the settings card opens the engine card, which
//! goes back to the settings) without either importing the other.

use bevy::prelude::*;

/// Is the settings card showing?
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SettingsView {
    /// No.
    #[default]
    Closed,
    /// Yes, over the current screen.
    Open,
}

/// Is the engine card showing?
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EnginesView {
    /// No.
    #[default]
    Closed,
    /// Yes, over the current screen (the settings card closes under it).
    Open,
}

/// Is the first start's card showing?
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FirstStartView {
    /// No.
    #[default]
    Closed,
    /// Yes, over the menu.
    Open,
}
