//! The fonts: the pieces' engraving and the interface, embedded in the binary.

use bevy::prelude::*;

/// The project fonts (a CJK subset with its licence in `assets/fonts`),
/// embedded in the binary.
#[derive(Resource, Clone)]
pub struct Fonts {
    /// Engraved piece characters, river text, file numbers.
    pub pieces: Handle<Font>,
    /// Everything else.
    pub ui: Handle<Font>,
}

impl FromWorld for Fonts {
    fn from_world(world: &mut World) -> Self {
        let server = world.resource::<AssetServer>();
        Fonts {
            pieces: server.load(crate::game::embedded::path("fonts/pieces.otf")),
            ui: server.load(crate::game::embedded::path("fonts/ui.otf")),
        }
    }
}

impl Fonts {
    /// A UI text font at `px` logical pixels.
    pub fn ui(&self, px: f32) -> TextFont {
        TextFont {
            font: self.ui.clone().into(),
            font_size: FontSize::Px(px),
            ..default()
        }
    }

    /// The piece font at `px` logical pixels.
    pub fn pieces(&self, px: f32) -> TextFont {
        TextFont {
            font: self.pieces.clone().into(),
            font_size: FontSize::Px(px),
            ..default()
        }
    }
}
