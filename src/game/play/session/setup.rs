//! Who plays which side, and the game the menu sets up.

use crate::game::Mode;
use crate::rules::{Color, Position};
use bevy::prelude::*;

/// Highest difficulty.
pub const MAX_LEVEL: u8 = crate::engine::Level::MAX.number();

/// Who plays a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the board.
    Human,
    /// The built-in engine at a level 1..=[`MAX_LEVEL`].
    Ai {
        /// Difficulty.
        level: u8,
    },
    /// One of the player's own engines (by its name in the settings).
    Engine {
        /// Its name in the engine list.
        name: String,
    },
}

impl Player {
    /// Is the computer (built-in or the player's engine) playing?
    pub fn is_computer(&self) -> bool {
        !matches!(self, Player::Human)
    }
}

/// What the next game will be: mode, levels, start position.
/// The menu edits it; [`Screen::Playing`] starts a [`Session`] from it.
#[derive(Resource, Clone, Debug)]
pub struct GameSetup {
    /// Mode.
    pub mode: Mode,
    /// The AI's level: of the one AI against a person (whichever colour
    /// it plays), and of Red when two AIs play.
    pub level: u8,
    /// Black's level when two AIs play (AI vs AI); unused otherwise.
    pub black_level: u8,
    /// The player's engine instead of `level` (by its name), if chosen.
    pub engine: Option<String>,
    /// The player's engine instead of `black_level`, if chosen.
    pub black_engine: Option<String>,
    /// The start position.
    pub start: Position,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            mode: Mode::Red,
            level: 3,
            black_level: 3,
            engine: None,
            black_engine: None,
            start: Position::startpos(),
        }
    }
}

impl GameSetup {
    /// Who plays `c`.
    pub fn player(&self, c: Color) -> Player {
        let (level, engine) = match (self.mode, c) {
            (Mode::Hotseat, _) | (Mode::Red, Color::Red) | (Mode::Black, Color::Black) => {
                return Player::Human;
            }
            (Mode::AiVsAi, Color::Black) => (self.black_level, &self.black_engine),
            // Against one AI, its level is the one chosen in the menu.
            (Mode::AiVsAi, Color::Red) | (Mode::Red, Color::Black) | (Mode::Black, Color::Red) => {
                (self.level, &self.engine)
            }
        };
        match engine {
            Some(name) => Player::Engine { name: name.clone() },
            None => Player::Ai { level },
        }
    }

    /// The engine choice of the AI playing `c` (the one AI's against a
    /// person): where the menu and a failing engine change it.
    pub fn engine_slot(&mut self, c: Color) -> &mut Option<String> {
        if self.mode == Mode::AiVsAi && c == Color::Black {
            &mut self.black_engine
        } else {
            &mut self.engine
        }
    }

    /// The human's colour in a game against the AI.
    pub fn human_color(&self) -> Option<Color> {
        match self.mode {
            Mode::Red => Some(Color::Red),
            Mode::Black => Some(Color::Black),
            Mode::Hotseat | Mode::AiVsAi => None,
        }
    }
}
