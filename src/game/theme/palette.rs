//! The game's colours.

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

pub const FRAME: Color = Color::srgb(0.45, 0.28, 0.14);
pub const INK: Color = Color::srgb(0.32, 0.18, 0.08);

pub const PIECE_FACE: Color = Color::srgb(0.97, 0.90, 0.76);
pub const PIECE_RIM: Color = Color::srgb(0.55, 0.34, 0.16);
pub const PIECE_SHADOW: Color = Color::srgba(0.12, 0.06, 0.02, 0.35);
pub const RED_INK: Color = Color::srgb(0.72, 0.10, 0.08);
pub const BLACK_INK: Color = Color::srgb(0.10, 0.09, 0.08);

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
