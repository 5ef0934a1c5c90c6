//! The game the menu sets up: who plays which side, and the start position.

use crate::rules::{Color, Position};
pub use crate::store::players::{Computer, Player, Players};
use bevy::prelude::*;

/// Highest difficulty.
pub const MAX_LEVEL: u8 = crate::engine::Level::MAX.number();

/// What the next game will be: who plays it, from which position.
/// The menu edits it; [`Screen::Playing`] starts a [`Session`] from it.
#[derive(Resource, Clone, Debug)]
pub struct GameSetup {
    /// Who plays each side (the mode, the levels, the player's engines).
    pub players: Players,
    /// The start position.
    pub start: Position,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            players: Players::new(crate::game::Mode::Red, 3, 3),
            start: Position::startpos(),
        }
    }
}

impl GameSetup {
    /// Who plays `c`.
    pub fn player(&self, c: Color) -> Player {
        self.players.player(c)
    }

    /// The human's colour in a game against the AI.
    pub fn human_color(&self) -> Option<Color> {
        self.players.human_color()
    }
}
