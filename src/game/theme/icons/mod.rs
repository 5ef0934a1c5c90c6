//! The toolbar's icons, drawn once at start-up with `tiny-skia` into white
//! images on a transparent ground (an `ImageNode`'s colour tints them).
//!
//! Each icon is drawn on a 24-unit grid at [`ICON_PX`] pixels, twice the
//! size a button shows it at, so it stays sharp at scale factor 2. Adding an
//! icon: a variant in [`Icon`], its strokes in [`strokes`].

use bevy::prelude::*;
use pen::Pen;
use tiny_skia::{Pixmap, Transform};

mod pen;
mod strokes;

/// Pixels of an icon's image.
pub const ICON_PX: u32 = 48;

/// A drawn icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Icon {
    Undo,
    Redo,
    Flip,
    Hint,
    NewGame,
    Resign,
    Pause,
    Resume,
    Save,
    SaveAs,
    Open,
    CopyPgn,
    CopyFen,
    Paste,
    Help,
    Settings,
    Menu,
    Analysis,
    Explorer,
    Export,
    EditPosition,
}

impl Icon {
    /// Every icon (the resource draws them all).
    pub const ALL: [Icon; 21] = [
        Icon::Undo,
        Icon::Redo,
        Icon::Flip,
        Icon::Hint,
        Icon::NewGame,
        Icon::Resign,
        Icon::Pause,
        Icon::Resume,
        Icon::Save,
        Icon::SaveAs,
        Icon::Open,
        Icon::CopyPgn,
        Icon::CopyFen,
        Icon::Paste,
        Icon::Help,
        Icon::Settings,
        Icon::Menu,
        Icon::Analysis,
        Icon::Explorer,
        Icon::Export,
        Icon::EditPosition,
    ];
}

/// The icons' images.
#[derive(Resource, Clone)]
pub struct Icons(Vec<(Icon, Handle<Image>)>);

impl Icons {
    /// The image of `icon`.
    pub fn get(&self, icon: Icon) -> Handle<Image> {
        self.0
            .iter()
            .find(|(i, _)| *i == icon)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    }
}

impl Icons {
    /// No images (every icon blank): for tests without a renderer.
    #[cfg(test)]
    pub fn blank() -> Icons {
        Icons(Vec::new())
    }
}

impl FromWorld for Icons {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        Icons(
            Icon::ALL
                .iter()
                .map(|&icon| (icon, images.add(icon_image(icon))))
                .collect(),
        )
    }
}

/// The icon as a white image with coverage in alpha.
pub fn icon_image(icon: Icon) -> Image {
    let alpha = icon_alpha(icon);
    let mut data = Vec::with_capacity(alpha.len() * 4);
    for a in alpha {
        data.extend_from_slice(&[255, 255, 255, a]);
    }
    crate::game::theme::rgba_image(ICON_PX, ICON_PX, data)
}

/// The icon's coverage, row by row.
pub fn icon_alpha(icon: Icon) -> Vec<u8> {
    let Some(mut pm) = Pixmap::new(ICON_PX, ICON_PX) else {
        return vec![0; (ICON_PX * ICON_PX) as usize];
    };
    let scale = ICON_PX as f32 / 24.0;
    let mut pen = Pen::new(&mut pm, Transform::from_scale(scale, scale));
    strokes::draw(icon, &mut pen);
    pm.pixels().iter().map(|p| p.alpha()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_icon_is_drawn_inside_its_image_and_no_two_are_alike() {
        let drawn: Vec<Vec<u8>> = Icon::ALL.iter().map(|&i| icon_alpha(i)).collect();
        for (icon, alpha) in Icon::ALL.iter().zip(&drawn) {
            let ink = alpha.iter().filter(|&&a| a > 128).count();
            let total = alpha.len();
            assert!(
                ink > total / 25 && ink < total / 2,
                "{icon:?}: {ink} of {total} pixels inked"
            );
            // A one-pixel border stays clear: nothing is cut at the edge.
            let n = ICON_PX as usize;
            for i in 0..n {
                for (x, y) in [(i, 0), (i, n - 1), (0, i), (n - 1, i)] {
                    assert!(
                        alpha[y * n + x] < 40,
                        "{icon:?} touches its edge at {x},{y}"
                    );
                }
            }
        }
        for i in 0..drawn.len() {
            for j in i + 1..drawn.len() {
                assert_ne!(drawn[i], drawn[j], "{:?} {:?}", Icon::ALL[i], Icon::ALL[j]);
            }
        }
    }
}
