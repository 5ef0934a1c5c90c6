//! Pieces in motion: gliding to their points, lifted when selected,
//! dragged or hovered, shaking after an illegal click, fading when
//! captured; and their parts sized to the cell.

use super::{
    Dying, FADE_SECS, GLIDE_SECS, Glide, Glyph, LIFT, Lift, Part, PieceView, SHAKE_SECS, Shadow,
    Shake, Tint, glide_position,
};
use crate::game::board::hover::HoveredPiece;
use crate::game::board::layout::{BoardLayout, square_coords};
use crate::game::board::surface::Gesture;
use crate::game::board::z;
use crate::game::play::session::{Selection, Session};
use crate::game::settings::UserSettings;
use bevy::prelude::*;

pub(super) fn animate_pieces(
    mut commands: Commands,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    selection: Res<Selection>,
    gesture: Res<Gesture>,
    hovered: Option<Res<HoveredPiece>>,
    settings: Option<Res<UserSettings>>,
    mut pieces: Query<(
        Entity,
        &PieceView,
        &mut Transform,
        &mut Lift,
        Option<&mut Glide>,
        Option<&mut Shake>,
        Option<&mut Dying>,
        &Children,
    )>,
    mut parts: Tints,
    mut glyphs: GlyphColors,
) {
    let dt = time.delta_secs();
    let flipped = session.flipped;
    for (e, view, mut tf, mut lift, glide, shake, dying, children) in &mut pieces {
        let mut board = square_coords(view.square);
        let mut z_pos = z::PIECES;
        let mut scale = 1.0;
        if let Some(mut glide) = glide {
            glide.elapsed += dt;
            let factor = settings.as_ref().map_or(1.0, |s| s.glide_factor());
            let t = glide.elapsed / (GLIDE_SECS * factor).max(1e-4);
            board = glide_position(glide.from, board, t);
            z_pos = z::PIECES + 5.0;
            if t >= 1.0 {
                commands.entity(e).remove::<Glide>();
            }
        }
        let selected = selection.from == Some(view.square) && dying.is_none();
        let dragged = selected && gesture.dragging && gesture.pressed == Some(view.square);
        let mut world = layout.world_of(board, flipped);
        if dragged {
            world = gesture.drag_world;
            z_pos = z::DRAGGED;
        }
        let hover = hovered.as_ref().is_some_and(|h| h.0 == Some(view.square)) && dying.is_none();
        ease_lift(&mut lift, wanted_lift(dragged, selected, hover), dt);
        if selected {
            z_pos = z_pos.max(z::PIECES + 3.0);
        }
        world.y += lift.0 * layout.cell;
        if let Some(mut shake) = shake {
            shake.elapsed += dt;
            let t = shake.elapsed / SHAKE_SECS;
            let amp = 0.07 * layout.cell * (1.0 - t).max(0.0);
            world.x += amp * (shake.elapsed * 55.0).sin();
            if t >= 1.0 {
                commands.entity(e).remove::<Shake>();
            }
        }
        if let Some(mut dying) = dying {
            dying.elapsed += dt;
            let t = (dying.elapsed / FADE_SECS).min(1.0);
            scale = 1.0 - 0.5 * t;
            z_pos = z::PIECES - 1.0;
            fade(children, 1.0 - t, &mut parts, &mut glyphs);
            if t >= 1.0 {
                commands.entity(e).despawn();
            }
        }
        let want = Transform {
            translation: world.extend(z_pos),
            scale: Vec3::new(scale, scale, 1.0),
            ..*tf
        };
        tf.set_if_neq(want);
    }
}

/// How high a piece should be lifted, in cells: dragged, selected, or
/// under the pointer (a piece the player may pick up rises a little).
fn wanted_lift(dragged: bool, selected: bool, hovered: bool) -> f32 {
    if dragged {
        LIFT * 2.0
    } else if selected {
        LIFT
    } else if hovered {
        LIFT * 0.6
    } else {
        0.0
    }
}

/// Lift eases towards its target.
fn ease_lift(lift: &mut Mut<Lift>, want: f32, dt: f32) {
    let step = (want - lift.0) * (dt * 25.0).min(1.0);
    if (want - lift.0).abs() < 1e-3 {
        lift.set_if_neq(Lift(want));
    } else {
        lift.0 += step;
    }
}

/// The parts of pieces, with their own colours.
type Tints<'w, 's> = Query<'w, 's, (&'static Tint, &'static mut Sprite)>;
/// The characters of pieces.
type GlyphColors<'w, 's> = Query<'w, 's, &'static mut TextColor, With<Glyph>>;

/// A captured piece's parts and character at `alpha` of their colour.
fn fade(children: &Children, alpha: f32, parts: &mut Tints, glyphs: &mut GlyphColors) {
    for child in children.iter() {
        if let Ok((tint, mut sprite)) = parts.get_mut(child) {
            sprite.color = tint.0.with_alpha(tint.0.alpha() * alpha);
        }
        if let Ok(mut color) = glyphs.get_mut(child) {
            color.0.set_alpha(alpha);
        }
    }
}

/// Sizes shape children to the cell, keeps shadows on the board, and sizes
/// characters in pixels.
pub(super) fn fit_parts(
    layout: Res<BoardLayout>,
    lifts: Query<&Lift>,
    mut parts: Query<(&Part, &mut Transform, Has<Shadow>, &ChildOf)>,
    mut glyphs: Query<(&Glyph, &mut TextFont)>,
) {
    let cell = layout.cell;
    for (part, mut tf, is_shadow, parent) in &mut parts {
        let mut offset = part.offset;
        if is_shadow && let Ok(lift) = lifts.get(parent.parent()) {
            offset += Vec2::new(lift.0 * 0.6, -lift.0 * 1.6);
        }
        let want = Transform {
            translation: (offset * cell).extend(tf.translation.z),
            scale: Vec3::new(part.radius * cell, part.radius * cell, 1.0),
            ..*tf
        };
        tf.set_if_neq(want);
    }
    if layout.is_changed() {
        for (glyph, mut font) in &mut glyphs {
            let px = (glyph.0 * cell).round().max(6.0);
            if font.font_size != FontSize::Px(px) {
                font.font_size = FontSize::Px(px);
            }
        }
    }
}
