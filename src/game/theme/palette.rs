//! The game's colours. The board's own (its surface, lines, labels and
//! the window round it) follow the board theme and come from
//! [`crate::render::BoardTheme::colors`], which the pictures share.

use crate::render::{BoardTheme, Rgb};
use crate::rules::Color as Side;
use bevy::prelude::Color;

pub const BACKGROUND: Color = Color::srgb(0.16, 0.13, 0.11);
pub const PANEL: Color = Color::srgba(0.23, 0.19, 0.16, 0.96);
pub const TEXT: Color = Color::srgb(0.95, 0.91, 0.84);
pub const TEXT_DIM: Color = Color::srgb(0.72, 0.66, 0.58);
pub const ACCENT: Color = Color::srgb(0.93, 0.70, 0.32);
pub const BUTTON: Color = Color::srgb(0.33, 0.26, 0.21);
pub const BUTTON_HOVER: Color = Color::srgb(0.44, 0.35, 0.27);
pub const BUTTON_PRESS: Color = Color::srgb(0.56, 0.43, 0.30);
pub const BUTTON_ON: Color = Color::srgb(0.70, 0.28, 0.20);
pub const BUTTON_BORDER: Color = Color::srgb(0.55, 0.43, 0.31);

/// The wooden frame colour (the evaluation bar's edge; the board's frame
/// follows the theme: [`board_frame`]).
pub const FRAME: Color = Color::srgb(0.45, 0.28, 0.14);

/// An sRGB colour of the render module's palette.
pub const fn rgb((r, g, b): Rgb) -> Color {
    Color::srgb_u8(r, g, b)
}

/// The board's lines, river words and file numbers in `theme`.
pub fn board_ink(theme: BoardTheme) -> Color {
    rgb(theme.colors().ink)
}

/// The thick frame round the grid in `theme`.
pub fn board_frame(theme: BoardTheme) -> Color {
    rgb(theme.colors().frame)
}

/// The window round the board in `theme`.
pub fn board_background(theme: BoardTheme) -> Color {
    rgb(theme.colors().background)
}

pub const PIECE_FACE: Color = Color::srgb(0.97, 0.90, 0.76);
pub const PIECE_RIM: Color = Color::srgb(0.55, 0.34, 0.16);
pub const PIECE_SHADOW: Color = Color::srgba(0.12, 0.06, 0.02, 0.35);
/// Red's vermilion, light enough to stay apart from black ink for eyes
/// that do not see red (the pictures' [`crate::render::RED_INK`]).
pub const RED_INK: Color = rgb(crate::render::RED_INK);
pub const BLACK_INK: Color = Color::srgb(0.10, 0.09, 0.08);

/// The ink of a side's characters.
pub fn ink(side: Side) -> Color {
    match side {
        Side::Red => RED_INK,
        Side::Black => BLACK_INK,
    }
}

pub const MOVE_DOT: Color = Color::srgba(0.12, 0.50, 0.22, 0.85);
pub const CAPTURE_RING: Color = Color::srgba(0.85, 0.15, 0.10, 0.85);
pub const SELECT_RING: Color = Color::srgba(0.10, 0.55, 0.95, 0.95);
pub const LAST_MOVE: Color = Color::srgba(0.05, 0.35, 0.80, 0.85);
pub const CHECK_GLOW: Color = Color::srgba(1.0, 0.10, 0.05, 0.65);
pub const ILLEGAL: Color = Color::srgba(0.85, 0.10, 0.05, 0.9);
pub const OVERLAY: Color = Color::srgba(0.08, 0.06, 0.05, 0.55);

// The keyboard focus: the frame around the board point or button.
pub const FOCUS: Color = Color::srgb(0.40, 0.78, 1.0);
pub const CARD: Color = Color::srgba(0.29, 0.23, 0.19, 0.92);
pub const CARD_BORDER: Color = Color::srgba(0.62, 0.48, 0.33, 0.55);
pub const TOOLTIP: Color = Color::srgba(0.10, 0.08, 0.07, 0.94);
pub const SEAL: Color = Color::srgb(0.78, 0.12, 0.09);

/// Black at half strength: the shadows under cards, boards and pieces, and
/// (with an alpha of their own) the sunken wells of lists and fields.
pub const SHADE: Color = Color::srgba(0.0, 0.0, 0.0, 0.5);

// What a text says about the position or an answer.
pub const GOOD_TEXT: Color = Color::srgb(0.60, 0.86, 0.52);
pub const BAD_TEXT: Color = Color::srgb(1.0, 0.55, 0.50);
/// A wrong answer to a puzzle.
pub const WRONG_TEXT: Color = Color::srgb(1.0, 0.6, 0.55);
/// A saved game that cannot be read.
pub const BROKEN_TEXT: Color = Color::srgb(1.0, 0.7, 0.65);
pub const BROKEN_ROW: Color = Color::srgb(0.30, 0.16, 0.14);
/// A toast about something that went wrong.
pub const TOAST_ERROR: Color = Color::srgb(1.0, 0.75, 0.7);

// Arrows on the board: the hint's (a clear green over the wood and the
// pieces), the analysis' (its best line's; the others fade), a better move
// in the review (a clear blue, apart from the hint's green and the last
// move's marks).
pub const HINT_ARROW: Color = Color::srgba(0.10, 0.62, 0.25, 0.78);
pub const ANALYSIS_ARROW: Color = Color::srgb(0.12, 0.38, 0.78);
/// A lesson's arrows and highlighted points.
pub const LESSON_ARROW: Color = Color::srgba(0.90, 0.45, 0.08, 0.80);
pub const LESSON_POINT: Color = Color::srgba(0.98, 0.72, 0.18, 0.55);
pub const BETTER_MOVE_ARROW: Color = Color::srgba(0.16, 0.50, 0.95, 0.80);

// The clock's face: running, under ten seconds, flag fallen.
pub const CLOCK_FACE: Color = Color::srgb(0.15, 0.12, 0.10);
pub const CLOCK_URGENT: Color = Color::srgb(0.62, 0.12, 0.08);
pub const CLOCK_FLAGGED: Color = Color::srgb(0.35, 0.05, 0.04);

// The move list: a comment (a soft green, apart from moves and numbers),
// an annotator's mark (a warm orange, readable on the panel and on the
// highlight).
pub const COMMENT: Color = Color::srgb(0.62, 0.78, 0.58);
pub const ANNOTATOR_MARK: Color = Color::srgb(0.93, 0.42, 0.22);

// The menu's backdrop: the board's tint and the lamp's glow.
pub const BACKDROP_TINT: Color = Color::srgba(1.0, 0.94, 0.84, 0.24);
pub const LAMP: Color = Color::srgba(0.93, 0.70, 0.32, 0.10);

/// A result bar's wins, draws and losses (the opening explorer).
pub const WDL_WIN: Color = Color::srgb(0.93, 0.89, 0.80);
/// Draws on a result bar.
pub const WDL_DRAW: Color = Color::srgb(0.56, 0.51, 0.46);
/// Losses on a result bar.
pub const WDL_LOSS: Color = Color::srgb(0.17, 0.14, 0.12);
