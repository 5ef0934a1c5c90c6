//! Sizes that follow the window: the window's size (with the one size
//! assumed before a window exists) and the scale a screen is drawn at.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The window size assumed while there is no window (tests, start-up), in
/// logical pixels: the size the game opens at.
pub const FALLBACK_WINDOW: Vec2 = Vec2::new(1280.0, 900.0);

/// The primary window's size in logical pixels ([`FALLBACK_WINDOW`]
/// without one).
pub fn window_size(window: &Query<&Window, With<PrimaryWindow>>) -> Vec2 {
    window
        .single()
        .map_or(FALLBACK_WINDOW, |w| Vec2::new(w.width(), w.height()))
}

/// How large a screen is drawn: 1 in its reference window, less in a
/// smaller one, more in a larger one, within the screen's bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale(pub f32);

impl Scale {
    /// The scale at which `reference` (a screen's design size) fits in a
    /// window of `size`, kept within `min..=max`.
    pub fn fit(size: Vec2, reference: Vec2, min: f32, max: f32) -> Scale {
        Scale(
            (size.y / reference.y)
                .min(size.x / reference.x)
                .clamp(min, max),
        )
    }

    /// Rounded to steps of `1 / per_unit` (so a small resize does not
    /// rebuild what is drawn at this scale).
    pub fn stepped(self, per_unit: f32) -> Scale {
        Scale((self.0 * per_unit).round() / per_unit)
    }

    /// `v` logical pixels at this scale, rounded.
    pub fn px(self, v: f32) -> f32 {
        (v * self.0).round()
    }

    /// A text size: scaled, but never under 12 px, so small windows stay
    /// readable.
    pub fn text(self, v: f32) -> f32 {
        self.px(v).max(12.0)
    }
}
