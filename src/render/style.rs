//! How the board and the pieces look: the piece set (the engraved
//! characters, pictograms that need no reading, or characters written with
//! a brush) and the board theme (wood, dark, paper) with its colours.
//!
//! The game's window and the pictures of `xiangqi render` take their
//! colours from here, so a theme looks the same in both. Names are read
//! by [`std::str::FromStr`] (the command line, the settings file) and an
//! unknown one is a [`StyleError`] that lists the valid ones.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An sRGB colour, 0–255 a channel.
pub type Rgb = (u8, u8, u8);

/// How the pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceSet {
    /// Lacquered discs engraved with the Chinese characters.
    #[default]
    Characters,
    /// A picture of each piece (a chariot, a horse's head, an elephant…),
    /// its character small underneath; Black's discs dark, Red's light.
    Pictograms,
    /// The characters written with a brush on paper discs in a brushed
    /// ring; Black's discs ink-dark, Red's light.
    Brush,
}

impl PieceSet {
    /// Every set, in the order the settings show them.
    pub const ALL: [PieceSet; 3] = [PieceSet::Characters, PieceSet::Pictograms, PieceSet::Brush];

    /// The set's name on the command line and in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Characters => "characters",
            PieceSet::Pictograms => "pictograms",
            PieceSet::Brush => "brush",
        }
    }
}

/// The colours of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardTheme {
    /// Warm wood with brown lines (the classic board).
    #[default]
    Wood,
    /// Ebony with light lines, for a dark room.
    Dark,
    /// Rice paper with ink lines.
    Paper,
}

impl BoardTheme {
    /// Every theme, in the order the settings show them.
    pub const ALL: [BoardTheme; 3] = [BoardTheme::Wood, BoardTheme::Dark, BoardTheme::Paper];

    /// The theme's name on the command line and in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            BoardTheme::Wood => "wood",
            BoardTheme::Dark => "dark",
            BoardTheme::Paper => "paper",
        }
    }

    /// The theme's colours.
    pub fn colors(self) -> &'static ThemeColors {
        match self {
            BoardTheme::Wood => &WOOD,
            BoardTheme::Dark => &DARK,
            BoardTheme::Paper => &PAPER,
        }
    }
}

/// The colours of a board theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThemeColors {
    /// The surface's tone, light corner to dark middle to the far corner
    /// (the pictures' diagonal gradient).
    pub surface: [Rgb; 3],
    /// The surface's base tone (the window's textured board).
    pub base: Rgb,
    /// The grain or fibres over the surface, and how strong they are (0–1).
    pub grain: (Rgb, f32),
    /// The board's outer edge.
    pub edge: Rgb,
    /// Grid lines, the river's words and the coordinates.
    pub ink: Rgb,
    /// The thick frame round the grid (in the window).
    pub frame: Rgb,
    /// Around the board: the window's background.
    pub background: Rgb,
    /// A piece's shadow on the board, and its strength (0–1).
    pub shadow: (Rgb, f32),
}

const WOOD: ThemeColors = ThemeColors {
    surface: [(236, 198, 138), (224, 178, 112), (230, 186, 122)],
    base: (230, 189, 128),
    grain: ((150, 96, 40), 1.0),
    edge: (120, 72, 30),
    ink: (82, 46, 20),
    frame: (115, 71, 36),
    background: (41, 33, 28),
    shadow: ((60, 34, 10), 0.35),
};

const DARK: ThemeColors = ThemeColors {
    surface: [(66, 60, 56), (46, 42, 40), (54, 49, 46)],
    base: (54, 49, 46),
    grain: ((18, 14, 12), 1.2),
    edge: (16, 13, 12),
    ink: (214, 196, 160),
    frame: (170, 146, 108),
    background: (20, 19, 21),
    shadow: ((0, 0, 0), 0.55),
};

const PAPER: ThemeColors = ThemeColors {
    surface: [(250, 246, 234), (240, 233, 214), (246, 240, 224)],
    base: (244, 238, 221),
    grain: ((170, 150, 118), 0.5),
    edge: (150, 136, 112),
    ink: (44, 44, 52),
    frame: (58, 56, 64),
    background: (48, 46, 44),
    shadow: ((70, 60, 40), 0.28),
};

/// A name that is not a piece set or a board theme.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StyleError {
    /// Not one of [`PieceSet::ALL`].
    #[error("there is no piece set '{name}' (the sets are characters, pictograms and brush)")]
    UnknownPieceSet {
        /// The name given.
        name: String,
    },
    /// Not one of [`BoardTheme::ALL`].
    #[error("there is no board theme '{name}' (the themes are wood, dark and paper)")]
    UnknownTheme {
        /// The name given.
        name: String,
    },
}

impl FromStr for PieceSet {
    type Err = StyleError;

    /// # Examples
    /// ```
    /// use xiangqi::render::PieceSet;
    /// assert_eq!("Pictograms".parse(), Ok(PieceSet::Pictograms));
    /// assert!("emoji".parse::<PieceSet>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim().to_ascii_lowercase();
        PieceSet::ALL
            .into_iter()
            .find(|set| set.name() == name)
            .ok_or_else(|| StyleError::UnknownPieceSet {
                name: s.to_string(),
            })
    }
}

impl FromStr for BoardTheme {
    type Err = StyleError;

    /// # Examples
    /// ```
    /// use xiangqi::render::BoardTheme;
    /// assert_eq!("paper".parse(), Ok(BoardTheme::Paper));
    /// assert!("neon".parse::<BoardTheme>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim().to_ascii_lowercase();
        BoardTheme::ALL
            .into_iter()
            .find(|t| t.name() == name)
            .ok_or_else(|| StyleError::UnknownTheme {
                name: s.to_string(),
            })
    }
}

impl fmt::Display for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for BoardTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_bad_ones_name_the_valid_ones() {
        for set in PieceSet::ALL {
            assert_eq!(set.name().parse(), Ok(set));
            assert_eq!(set.to_string(), set.name());
        }
        for theme in BoardTheme::ALL {
            assert_eq!(theme.name().parse(), Ok(theme));
        }
        let e = "emoji".parse::<PieceSet>().unwrap_err().to_string();
        assert!(e.contains("'emoji'") && e.contains("pictograms"), "{e}");
        let e = "neon".parse::<BoardTheme>().unwrap_err().to_string();
        assert!(e.contains("'neon'") && e.contains("paper"), "{e}");
    }

    #[test]
    fn settings_spell_the_names_as_the_command_line_does() {
        for set in PieceSet::ALL {
            let json = serde_json::to_string(&set).unwrap();
            assert_eq!(json, format!("\"{}\"", set.name()));
        }
        for theme in BoardTheme::ALL {
            let json = serde_json::to_string(&theme).unwrap();
            assert_eq!(json, format!("\"{}\"", theme.name()));
        }
    }
}
