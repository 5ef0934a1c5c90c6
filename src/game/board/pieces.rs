//! Pieces and the marks around them.
//!
//! A piece is an unscaled root entity at its point with children: a shadow,
//! the rim, the face, an inner ring (anti-aliased shape sprites from
//! [`Shapes`], scaled to the cell) and
//! the engraved character (2D text sized in pixels, so it stays sharp).
//! Pieces follow [`BoardChanged`]: a move glides along an easing curve, a
//! captured piece fades and shrinks, anything else redraws from the position.
//!
//! Marks: legal destinations (dots on empty points, rings on captures), the
//! selected piece's ring, the last move's corner brackets, and a pulsing red
//! glow under a general in check. An illegal click shakes the piece.

use crate::game::board::layout::{BoardLayout, square_coords};
use crate::game::board::shapes::{Shapes, UNIT, band};
use crate::game::board::surface::Gesture;
use crate::game::board::z;
use crate::game::play::session::{BoardChanged, IllegalInput, Selection, Session};
use crate::game::theme::{Fonts, palette};
use crate::game::{GameSet, Screen};
use crate::rules::{Color as Side, Piece, PieceKind, Square};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (follow_board, shake_on_illegal).in_set(GameSet::Animate),
            (animate_pieces, fit_parts).chain().in_set(GameSet::Animate),
            (rebuild_marks, pulse_marks)
                .chain()
                .in_set(GameSet::Present),
        )
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Seconds a move takes to glide.
pub const GLIDE_SECS: f32 = 0.25;
/// Seconds a captured piece takes to vanish.
const FADE_SECS: f32 = 0.3;
/// Seconds of an illegal-click shake.
const SHAKE_SECS: f32 = 0.35;
/// Piece radius in cells.
const RADIUS: f32 = 0.45;
/// How far a selected piece lifts, in cells.
const LIFT: f32 = 0.06;

/// The engraved character.
pub fn piece_char(p: Piece) -> &'static str {
    match (p.color, p.kind) {
        (Side::Red, PieceKind::General) => "帥",
        (Side::Red, PieceKind::Advisor) => "仕",
        (Side::Red, PieceKind::Elephant) => "相",
        (Side::Red, PieceKind::Horse) => "傌",
        (Side::Red, PieceKind::Chariot) => "俥",
        (Side::Red, PieceKind::Cannon) => "炮",
        (Side::Red, PieceKind::Soldier) => "兵",
        (Side::Black, PieceKind::General) => "將",
        (Side::Black, PieceKind::Advisor) => "士",
        (Side::Black, PieceKind::Elephant) => "象",
        (Side::Black, PieceKind::Horse) => "馬",
        (Side::Black, PieceKind::Chariot) => "車",
        (Side::Black, PieceKind::Cannon) => "砲",
        (Side::Black, PieceKind::Soldier) => "卒",
    }
}

fn ink(side: Side) -> Color {
    match side {
        Side::Red => palette::RED_INK,
        Side::Black => palette::BLACK_INK,
    }
}

/// A sprite of one of the shared shapes (radius 1; scale it by the radius).
fn shape(image: &Handle<Image>, color: Color) -> impl Bundle {
    (
        Sprite {
            image: image.clone(),
            color,
            custom_size: Some(UNIT),
            ..default()
        },
        Tint(color),
    )
}

/// A part's own colour, which fading scales the alpha of.
#[derive(Component, Clone, Copy)]
struct Tint(Color);

/// A piece on the board.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceView {
    /// Where it stands (its destination while gliding).
    pub square: Square,
    /// What it is.
    pub piece: Piece,
}

/// Gliding from a board position to its square.
#[derive(Component)]
struct Glide {
    from: Vec2,
    elapsed: f32,
}

/// Captured: fading and shrinking away.
#[derive(Component)]
struct Dying {
    elapsed: f32,
}

/// Shaking after an illegal click.
#[derive(Component)]
struct Shake {
    elapsed: f32,
}

/// How high the piece is lifted, in cells (the shadow stays on the board).
#[derive(Component, Default, PartialEq)]
struct Lift(f32);

/// A shape child of a piece: radius and offset in cells.
#[derive(Component, Clone, Copy)]
struct Part {
    radius: f32,
    offset: Vec2,
}

/// The shadow child (moves away as the piece lifts).
#[derive(Component)]
struct Shadow;

/// The character child: font size in cells.
#[derive(Component)]
struct Glyph(f32);

fn spawn_piece(
    commands: &mut Commands,
    shapes: &Shapes,
    fonts: &Fonts,
    layout: &BoardLayout,
    flipped: bool,
    sq: Square,
    piece: Piece,
) {
    let world = layout.square_world(sq, flipped);
    let part = |radius: f32, offset: Vec2| Part { radius, offset };
    let r = RADIUS;
    let glyph_px = (layout.cell * 0.5).round();
    commands.spawn((
        PieceView { square: sq, piece },
        Lift::default(),
        Transform::from_translation(world.extend(z::PIECES)),
        Visibility::default(),
        DespawnOnExit(Screen::Playing),
        children![
            (
                Shadow,
                shape(&shapes.soft_disc, palette::PIECE_SHADOW),
                part(r * 1.08, Vec2::new(0.03, -0.05)),
                Transform::from_xyz(0.0, 0.0, -0.3),
            ),
            (
                shape(&shapes.disc, palette::PIECE_RIM),
                part(r, Vec2::ZERO),
                Transform::from_xyz(0.0, 0.0, 0.0),
            ),
            (
                shape(&shapes.disc, palette::PIECE_FACE),
                part(r * 0.9, Vec2::new(0.0, 0.005)),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ),
            (
                shape(&shapes.inner_ring, ink(piece.color).with_alpha(0.8)),
                part(r * 0.9, Vec2::ZERO),
                Transform::from_xyz(0.0, 0.0, 0.2),
            ),
            (
                Glyph(0.5),
                Text2d::new(piece_char(piece)),
                fonts.pieces(glyph_px),
                TextColor(ink(piece.color)),
                Transform::from_xyz(0.0, 0.0, 0.3),
            ),
        ],
    ));
}

fn follow_board(
    mut changes: MessageReader<BoardChanged>,
    mut commands: Commands,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
    fonts: Res<Fonts>,
    pieces: Query<(Entity, &PieceView, &Transform), Without<Dying>>,
    browse: Option<Res<crate::game::play::browse::Browse>>,
) {
    let browse = browse.as_deref();
    // While browsing, any change redraws the browsed position.
    let mut respawn = browse.is_some_and(|r| r.active()) && !changes.is_empty();
    let mut moved: Vec<(Entity, Square, Vec2)> = Vec::new();
    let mut dying: Vec<Entity> = Vec::new();
    for change in changes.read() {
        match *change {
            BoardChanged::Reset => respawn = true,
            BoardChanged::Moved { mv, .. } if !respawn => {
                // Squares as they stand after the moves already seen this frame.
                let at = |sq: Square| {
                    pieces
                        .iter()
                        .filter(|(e, _, _)| !dying.contains(e))
                        .map(|(e, v, t)| {
                            let now = moved
                                .iter()
                                .find(|(me, _, _)| *me == e)
                                .map_or(v.square, |m| m.1);
                            (e, now, t)
                        })
                        .find(|(_, s, _)| *s == sq)
                };
                let Some((mover, _, tf)) = at(mv.from()) else {
                    respawn = true;
                    continue;
                };
                if let Some((victim, _, _)) = at(mv.to()) {
                    dying.push(victim);
                }
                let from = layout.board_of(tf.translation.truncate(), session.flipped);
                moved.retain(|m| m.0 != mover);
                moved.push((mover, mv.to(), from));
            }
            BoardChanged::Moved { .. } => {}
        }
    }
    if respawn {
        for (e, _, _) in &pieces {
            commands.entity(e).despawn();
        }
        for (sq, piece) in [crate::rules::Color::Red, crate::rules::Color::Black]
            .into_iter()
            .flat_map(|c| {
                crate::game::play::browse::shown_position(&session, browse)
                    .pieces(c)
                    .collect::<Vec<_>>()
            })
        {
            spawn_piece(
                &mut commands,
                &shapes,
                &fonts,
                &layout,
                session.flipped,
                sq,
                piece,
            );
        }
        return;
    }
    for victim in dying {
        commands.entity(victim).insert(Dying { elapsed: 0.0 });
    }
    for (e, to, from) in moved {
        let Ok((_, view, _)) = pieces.get(e) else {
            continue;
        };
        commands.entity(e).insert((
            PieceView {
                square: to,
                piece: view.piece,
            },
            Glide { from, elapsed: 0.0 },
        ));
    }
}

/// Where a gliding piece is at `t` (0..=1) of its glide, in board coordinates.
pub fn glide_position(from: Vec2, to: Vec2, t: f32) -> Vec2 {
    EasingCurve::new(from, to, EaseFunction::CubicOut).sample_clamped(t)
}

fn animate_pieces(
    mut commands: Commands,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    selection: Res<Selection>,
    gesture: Res<Gesture>,
    hovered: Option<Res<crate::game::board::hover::HoveredPiece>>,
    settings: Option<Res<crate::game::settings::UserSettings>>,
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
    mut parts: Query<(&Tint, &mut Sprite)>,
    mut glyphs: Query<&mut TextColor, With<Glyph>>,
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
        let want_lift = if dragged {
            LIFT * 2.0
        } else if selected {
            LIFT
        } else if hovered.as_ref().is_some_and(|h| h.0 == Some(view.square)) && dying.is_none() {
            // A piece the player may pick up rises a little under the pointer.
            LIFT * 0.6
        } else {
            0.0
        };
        // Lift eases towards its target.
        let step = (want_lift - lift.0) * (dt * 25.0).min(1.0);
        if (want_lift - lift.0).abs() < 1e-3 {
            lift.set_if_neq(Lift(want_lift));
        } else {
            lift.0 += step;
        }
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
            let alpha = 1.0 - t;
            for child in children.iter() {
                if let Ok((tint, mut sprite)) = parts.get_mut(child) {
                    sprite.color = tint.0.with_alpha(tint.0.alpha() * alpha);
                }
                if let Ok(mut color) = glyphs.get_mut(child) {
                    color.0.set_alpha(alpha);
                }
            }
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

/// Sizes shape children to the cell, keeps shadows on the board, and sizes
/// characters in pixels.
fn fit_parts(
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

fn shake_on_illegal(
    mut illegal: MessageReader<IllegalInput>,
    mut commands: Commands,
    pieces: Query<(Entity, &PieceView), Without<Dying>>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    mut images: ResMut<Assets<Image>>,
) {
    for input in illegal.read() {
        let target = pieces
            .iter()
            .find(|(_, v)| Some(v.square) == input.selected)
            .or_else(|| pieces.iter().find(|(_, v)| v.square == input.square));
        if let Some((e, _)) = target {
            commands.entity(e).insert(Shake { elapsed: 0.0 });
        }
        // A brief red cross where the click was refused: two slanted bars.
        let at = layout.square_world(input.square, session.flipped);
        let (image, height) = band(layout.cell * 0.06);
        let image = images.add(image);
        for angle in [45f32, -45.0] {
            commands.spawn((
                Mark,
                Flash { elapsed: 0.0 },
                Sprite {
                    image: image.clone(),
                    color: palette::ILLEGAL,
                    custom_size: Some(Vec2::new(layout.cell * 0.44, height)),
                    ..default()
                },
                Transform {
                    translation: at.extend(z::MARKS_HIGH + 1.0),
                    rotation: Quat::from_rotation_z(angle.to_radians()),
                    ..default()
                },
                DespawnOnExit(Screen::Playing),
            ));
        }
    }
}

/// A mark entity (rebuilt when the selection, game or layout changes).
#[derive(Component)]
struct Mark;

/// A short-lived mark that fades out.
#[derive(Component)]
struct Flash {
    elapsed: f32,
}

/// The glow under a general in check.
#[derive(Component)]
struct CheckGlow;

/// What the marks were last drawn for.
#[derive(PartialEq, Clone)]
struct MarksFor {
    selection: Selection,
    browse: Option<usize>,
    generation: u64,
    flipped: bool,
    layout: BoardLayout,
}

fn rebuild_marks(
    mut commands: Commands,
    session: Res<Session>,
    selection: Res<Selection>,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
    marks: Query<Entity, (With<Mark>, Without<Flash>)>,
    mut drawn: Local<Option<MarksFor>>,
    settings: Option<Res<crate::game::settings::UserSettings>>,
    browse: Option<Res<crate::game::play::browse::Browse>>,
) {
    let browse = browse.as_deref();
    let want = MarksFor {
        selection: selection.clone(),
        browse: browse.and_then(|r| r.ply),
        generation: session.generation,
        flipped: session.flipped,
        layout: *layout,
    };
    let settings_changed = settings.as_ref().is_some_and(|s| s.is_changed());
    if drawn.as_ref() == Some(&want) && !session.is_added() && !settings_changed {
        return;
    }
    *drawn = Some(want);
    for e in &marks {
        commands.entity(e).despawn();
    }
    let flipped = session.flipped;
    let cell = layout.cell;
    let pos = crate::game::play::browse::shown_position(&session, browse);
    let mut disc = |image: &Handle<Image>, color: Color, sq: Square, radius: f32, z: f32| {
        commands
            .spawn((
                Mark,
                shape(image, color),
                Transform {
                    translation: layout.square_world(sq, flipped).extend(z),
                    scale: Vec3::new(radius * cell, radius * cell, 1.0),
                    ..default()
                },
                DespawnOnExit(Screen::Playing),
            ))
            .id()
    };
    if let Some(from) = selection.from {
        disc(
            &shapes.ring,
            palette::SELECT_RING,
            from,
            0.55,
            z::PIECES - 0.5,
        );
    }
    let show_targets = settings.as_ref().is_none_or(|s| s.show_legal_moves);
    for to in selection.targets().filter(|_| show_targets) {
        if pos.piece_at(to).is_some() {
            disc(&shapes.ring, palette::CAPTURE_RING, to, 0.56, z::MARKS_HIGH);
        } else {
            disc(&shapes.disc, palette::MOVE_DOT, to, 0.12, z::MARKS_HIGH);
        }
    }
    if pos.in_check() {
        let king = pos.king_square(pos.side_to_move());
        let e = disc(
            &shapes.soft_disc,
            palette::CHECK_GLOW,
            king,
            0.74,
            z::PIECES - 0.8,
        );
        commands.entity(e).insert(CheckGlow);
    }
    // The last move: corner brackets at both ends.
    if let Some(last) = crate::game::play::browse::shown_last_move(&session, browse) {
        let lw = (layout.line_width() + 1.0).max(2.0);
        let color = palette::LAST_MOVE;
        for sq in [last.from(), last.to()] {
            let c = layout.square_world(sq, flipped);
            let (d, arm) = (0.47 * cell, 0.16 * cell);
            for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                let corner = c + Vec2::new(sx * d, sy * d);
                for (len, along) in [(arm, Vec2::new(-sx, 0.0)), (arm, Vec2::new(0.0, -sy))] {
                    let mid = corner + along * (len / 2.0 - lw / 2.0);
                    let size = if along.x != 0.0 {
                        Vec2::new(len, lw)
                    } else {
                        Vec2::new(lw, len)
                    };
                    commands.spawn((
                        Mark,
                        Sprite::from_color(color, size),
                        Transform::from_translation(mid.extend(z::MARKS_LOW)),
                        DespawnOnExit(Screen::Playing),
                    ));
                }
            }
        }
    }
}

fn pulse_marks(
    mut commands: Commands,
    time: Res<Time>,
    mut glows: Query<&mut Sprite, (With<CheckGlow>, Without<Flash>)>,
    mut flashes: Query<(Entity, &mut Flash, &mut Sprite)>,
) {
    let pulse = 0.45 + 0.3 * (time.elapsed_secs() * 5.0).sin();
    for mut sprite in &mut glows {
        sprite.color.set_alpha(pulse);
    }
    for (e, mut flash, mut sprite) in &mut flashes {
        flash.elapsed += time.delta_secs();
        let t = flash.elapsed / 0.45;
        sprite.color.set_alpha((1.0 - t).max(0.0) * 0.9);
        if t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glide_starts_and_ends_on_its_points_and_eases_out() {
        let (a, b) = (Vec2::new(7.0, 2.0), Vec2::new(4.0, 2.0));
        assert_eq!(glide_position(a, b, 0.0), a);
        assert_eq!(glide_position(a, b, 1.0), b);
        assert_eq!(glide_position(a, b, 3.0), b, "clamped after the end");
        // Ease-out: more than half way at half time, and never overshooting.
        let mid = glide_position(a, b, 0.5);
        assert!(mid.x < 5.5 && mid.x > 4.0, "{mid}");
        let mut last = a.x;
        for i in 1..=20 {
            let x = glide_position(a, b, i as f32 / 20.0).x;
            assert!(x <= last + 1e-6 && x >= b.x - 1e-6);
            last = x;
        }
    }
}
