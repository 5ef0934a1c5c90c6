//! Who plays each side: a person, the built-in engine at a level, or one
//! of the player's own engines. One shape, [`Players`], for the game the
//! menu sets up, the settings' last choice and the autosave.
//!
//! The files keep the names they had before this shape existed: the
//! settings spell it `last_mode`, `red_level`, `black_level`, `red_engine`,
//! `black_engine` ([`settings_keys`]); the autosave `mode`, `red_level`,
//! `black_level`, `engine`, `black_engine` (`autosave::SavedFile`).

use crate::engine::Level;
use crate::rules::{ByColor, Color};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a game is played: who plays whom. The game's menu, its session and
/// the files (the autosave, the settings' last choice) all use this one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The human plays Red against the AI.
    #[default]
    Red,
    /// The human plays Black against the AI (the AI opens; the board is turned).
    Black,
    /// Two humans on one computer.
    Hotseat,
    /// The AI plays itself.
    #[serde(rename = "ai")]
    AiVsAi,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Red => "red",
            Mode::Black => "black",
            Mode::Hotseat => "hotseat",
            Mode::AiVsAi => "ai",
        })
    }
}

/// Who plays a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at the board.
    Human,
    /// The built-in engine at a level 1..=`Level::MAX`.
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

/// The computer chosen for a side: the built-in engine's level, and the
/// player's engine that plays instead of it, if one is chosen (the level
/// is kept, for when the engine cannot play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Computer {
    /// The built-in engine's level, 1..=`Level::MAX`.
    pub level: u8,
    /// The player's engine, by its name in the engine list.
    pub engine: Option<String>,
}

impl Computer {
    /// The built-in engine at `level`.
    pub const fn builtin(level: u8) -> Computer {
        Computer {
            level,
            engine: None,
        }
    }

    /// Who plays when this computer does.
    pub fn player(&self) -> Player {
        match &self.engine {
            Some(name) => Player::Engine { name: name.clone() },
            None => Player::Ai { level: self.level },
        }
    }
}

/// Who plays each side: the mode, and the computer chosen on each of the
/// menu's two rows. Red's row is the one computer against a person,
/// whichever colour it plays, and Red's in AI vs AI; Black's row is
/// Black's in AI vs AI (kept in the other modes for the next time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// Who plays whom.
    pub mode: Mode,
    /// The computer of each row of the menu (see [`Players`]).
    pub computers: ByColor<Computer>,
}

impl Default for Players {
    fn default() -> Self {
        let level = Level::default().number();
        Players::new(Mode::default(), level, level)
    }
}

impl Players {
    /// `mode` with the built-in engine on both rows, at `red` and `black`.
    pub const fn new(mode: Mode, red: u8, black: u8) -> Players {
        Players {
            mode,
            computers: ByColor::new(Computer::builtin(red), Computer::builtin(black)),
        }
    }

    /// The menu's row of the computer that plays `c`: Black's only for
    /// Black in AI vs AI.
    pub fn row(&self, c: Color) -> Color {
        if self.mode == Mode::AiVsAi && c == Color::Black {
            Color::Black
        } else {
            Color::Red
        }
    }

    /// Who plays `c`.
    pub fn player(&self, c: Color) -> Player {
        if self.human_plays(c) {
            Player::Human
        } else {
            self.computers[self.row(c)].player()
        }
    }

    /// The computer that plays `c` (when one does): where the menu and a
    /// failing engine change it.
    pub fn computer_mut(&mut self, c: Color) -> &mut Computer {
        let row = self.row(c);
        &mut self.computers[row]
    }

    /// Does a person play `c`?
    pub fn human_plays(&self, c: Color) -> bool {
        match self.mode {
            Mode::Hotseat => true,
            Mode::AiVsAi => false,
            Mode::Red => c == Color::Red,
            Mode::Black => c == Color::Black,
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

    /// The levels put in 1..=`Level::MAX`.
    #[must_use]
    pub fn clamped(mut self) -> Players {
        for c in Color::ALL {
            let level = &mut self.computers[c].level;
            *level = (*level).clamp(Level::MIN.number(), Level::MAX.number());
        }
        self
    }

    /// The levels of both rows, Red's first (where the files keep them).
    pub fn levels_mut(&mut self) -> [(Color, &mut u8); 2] {
        let ByColor { red, black } = &mut self.computers;
        [
            (Color::Red, &mut red.level),
            (Color::Black, &mut black.level),
        ]
    }
}

/// [`Players`] as the settings file spells it (`#[serde(flatten, with)]`).
pub mod settings_keys {
    use super::{Computer, Mode, Players};
    use crate::rules::ByColor;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(default)]
    struct Keys {
        last_mode: Mode,
        red_level: u8,
        black_level: u8,
        red_engine: Option<String>,
        black_engine: Option<String>,
    }

    impl Default for Keys {
        fn default() -> Self {
            let d = Players::default();
            Keys {
                last_mode: d.mode,
                red_level: d.computers.red.level,
                black_level: d.computers.black.level,
                red_engine: None,
                black_engine: None,
            }
        }
    }

    /// Writes the keys.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(p: &Players, s: S) -> Result<S::Ok, S::Error> {
        let ByColor { red, black } = p.computers.clone();
        Keys {
            last_mode: p.mode,
            red_level: red.level,
            black_level: black.level,
            red_engine: red.engine,
            black_engine: black.engine,
        }
        .serialize(s)
    }

    /// Reads the keys.
    ///
    /// # Errors
    /// The deserializer's.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Players, D::Error> {
        let k = Keys::deserialize(d)?;
        Ok(Players {
            mode: k.last_mode,
            computers: ByColor::new(
                Computer {
                    level: k.red_level,
                    engine: k.red_engine,
                },
                Computer {
                    level: k.black_level,
                    engine: k.black_engine,
                },
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_computer_plays_whichever_side_the_person_does_not() {
        let mut p = Players::new(Mode::Red, 5, 9);
        assert_eq!(p.player(Color::Red), Player::Human);
        assert_eq!(p.player(Color::Black), Player::Ai { level: 5 });
        p.mode = Mode::Black;
        assert_eq!(p.player(Color::Red), Player::Ai { level: 5 });
        assert_eq!(p.player(Color::Black), Player::Human);
        p.mode = Mode::AiVsAi;
        p.computer_mut(Color::Black).engine = Some("Pikafish".into());
        assert_eq!(p.player(Color::Red), Player::Ai { level: 5 });
        assert_eq!(
            p.player(Color::Black),
            Player::Engine {
                name: "Pikafish".into()
            }
        );
        p.mode = Mode::Hotseat;
        assert!(Color::ALL.iter().all(|&c| p.player(c) == Player::Human));
        assert_eq!(p.human_color(), None);
    }
}
