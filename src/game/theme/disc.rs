//! A piece as the UI draws it (beside the board's sprites): a round face
//! with a rim and its character — in the editor's box and on its board, on
//! the menu's cards, as the players' badges and their captured pieces.

use crate::game::theme::Fonts;
use crate::game::theme::palette;
use bevy::ecs::spawn::SpawnIter;
use bevy::prelude::*;

/// How large a disc is drawn, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiscSize {
    /// Across the face.
    pub diameter: f32,
    /// The rim's width.
    pub rim: f32,
    /// The character's size.
    pub glyph: f32,
}

impl DiscSize {
    /// The proportions of a board's piece at `diameter`.
    pub fn lacquered(diameter: f32) -> DiscSize {
        DiscSize {
            diameter,
            rim: (diameter * 0.06).max(1.5),
            glyph: (diameter * 0.56).round(),
        }
    }
}

/// A disc: the face, the rim, the character `glyph` in `ink`.
pub fn disc(glyph: &str, ink: Color, size: DiscSize, fonts: &Fonts) -> impl Bundle + use<> {
    disc_with(glyph, ink, size, fonts, None::<()>)
}

/// A piece like those on the board: a disc with an inner ring in its ink
/// and a shadow under it.
pub fn lacquered_disc(
    glyph: &str,
    ink: Color,
    diameter: f32,
    fonts: &Fonts,
) -> impl Bundle + use<> {
    let size = DiscSize::lacquered(diameter);
    let ring = (
        Node {
            position_type: PositionType::Absolute,
            left: Val::Percent(6.0),
            top: Val::Percent(6.0),
            right: Val::Percent(6.0),
            bottom: Val::Percent(6.0),
            border: UiRect::all(Val::Px((diameter * 0.025).max(1.0))),
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BorderColor::all(ink.with_alpha(0.75)),
        Pickable::IGNORE,
    );
    (
        disc_with(glyph, ink, size, fonts, Some(ring)),
        disc_shadow(diameter),
    )
}

/// The shadow under a disc of `diameter`, falling down and right.
pub fn disc_shadow(diameter: f32) -> BoxShadow {
    BoxShadow::new(
        palette::PIECE_SHADOW,
        Val::Px(diameter * 0.03),
        Val::Px(diameter * 0.05),
        Val::Px(0.0),
        Val::Px(diameter * 0.05),
    )
}

fn disc_with<R: Bundle>(
    glyph: &str,
    ink: Color,
    size: DiscSize,
    fonts: &Fonts,
    ring: Option<R>,
) -> impl Bundle + use<R> {
    let d = size.diameter;
    (
        Node {
            width: Val::Px(d),
            height: Val::Px(d),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(Val::Px(size.rim)),
            border_radius: BorderRadius::MAX,
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(palette::PIECE_FACE),
        BorderColor::all(palette::PIECE_RIM),
        Pickable::IGNORE,
        Children::spawn((
            SpawnIter(ring.into_iter()),
            Spawn((
                Text::new(glyph.to_string()),
                fonts.pieces(size.glyph),
                TextColor(ink),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            )),
        )),
    )
}
