//! The menu's backdrop: a board in the middle of a game, drawn once by
//! the board renderer and laid softly under the menu.

use super::*;
use crate::game::theme::shape::{Shape, fill, plain};

/// The backdrop: a board in play, drawn once.
#[derive(Resource)]
pub(super) struct Backdrop(Handle<Image>);

impl FromWorld for Backdrop {
    fn from_world(world: &mut World) -> Self {
        let image = backdrop_image().unwrap_or_default();
        Backdrop(world.resource_mut::<Assets<Image>>().add(image))
    }
}

/// A middle game (the Central Cannon against the Screen Horses, a dozen
/// moves in), drawn by the board renderer.
pub(super) fn backdrop_image() -> Option<Image> {
    use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
    let pos = crate::rules::Position::from_fen(
        "r1bak1b1r/4a4/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 7",
    )
    .ok()?;
    let bytes = crate::render::png(&pos, &crate::render::Options::default()).ok()?;
    Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::linear(),
        bevy::asset::RenderAssetUsages::RENDER_WORLD,
    )
    .ok()
}

/// The board behind everything, faint, with warm light in the middle
/// fading to the dark background at the edges.
pub(super) fn backdrop_layer(backdrop: &Backdrop, s: Scale) -> impl Bundle + use<> {
    let fill = || {
        fill()
            .position_type(PositionType::Absolute)
            .left(Val::Px(0.0))
            .top(Val::Px(0.0))
            .justify_content(JustifyContent::Center)
            .align_items(AlignItems::Center)
    };
    (
        fill(),
        Pickable::IGNORE,
        children![
            (
                ImageNode::new(backdrop.0.clone()).with_color(palette::BACKDROP_TINT),
                plain()
                    .height(Val::Px(s.px(1180.0)))
                    .aspect_ratio(Some(0.9))
                    .flex_shrink(0.0),
                Pickable::IGNORE,
            ),
            (
                fill(),
                BackgroundGradient::from(bevy::ui::RadialGradient::new(
                    bevy::ui::UiPosition::CENTER,
                    bevy::ui::RadialGradientShape::FarthestCorner,
                    vec![
                        bevy::ui::ColorStop::new(palette::LAMP, Val::Percent(0.0),),
                        bevy::ui::ColorStop::new(
                            palette::BACKGROUND.with_alpha(0.55),
                            Val::Percent(45.0)
                        ),
                        bevy::ui::ColorStop::new(
                            palette::BACKGROUND.with_alpha(0.97),
                            Val::Percent(100.0)
                        ),
                    ],
                )),
                Pickable::IGNORE,
            ),
        ],
    )
}
