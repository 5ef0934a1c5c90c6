//! The board: its layout in the window, the drawn surface and the pointer
//! on it, the pieces and their marks, the hint's arrow, a lesson's arrows
//! and points, and what appears over the board (the game-over card, the
//! check banner).

pub mod arrows;
pub mod better_move;
pub mod cursor;
pub mod decor;
pub mod engraving;
pub mod hover;
pub mod layout;
pub mod lesson_marks;
pub mod overlay;
pub mod pieces;
pub mod shapes;
pub mod surface;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        shapes::plugin,
        layout::plugin,
        surface::plugin,
        pieces::plugin,
        engraving::plugin,
        arrows::plugin,
        better_move::plugin,
        overlay::plugin,
        cursor::plugin,
        hover::plugin,
        lesson_marks::plugin,
    ));
}

/// Depths (z) of the layers.
pub mod z {
    pub const SURFACE: f32 = 0.0;
    pub const GRID: f32 = 1.0;
    pub const MARKS_LOW: f32 = 2.0;
    pub const PIECES: f32 = 10.0;
    pub const MARKS_HIGH: f32 = 40.0;
    pub const DRAGGED: f32 = 50.0;
    pub const BANNER: f32 = 80.0;
}
