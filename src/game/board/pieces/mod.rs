//! Pieces and the marks around them.
//!
//! A piece is an unscaled root entity at its point with children: a shadow,
//! the rim, the face, an inner ring (anti-aliased shape sprites from
//! [`Shapes`], scaled to the cell) and
//! the engraved character (2D text sized in pixels, so it stays sharp);
//! and the picture the pictogram and brush sets show instead of the rim,
//! face, ring and character ([`picture`]).
//! Pieces follow [`BoardChanged`]: a move glides along an easing curve, a
//! captured piece fades and shrinks, anything else redraws from the position.
//!
//! Marks: legal destinations (dots on empty points, rings on captures), the
//! selected piece's ring, the last move's corner brackets, and a pulsing red
//! glow under a general in check. An illegal click shakes the piece.

use crate::game::board::layout::BoardLayout;
use crate::game::board::shapes::{Shapes, UNIT};
use crate::game::board::z;
use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::session::{BoardChanged, Session};
use crate::game::settings::UserSettings;
use crate::game::theme::{Fonts, palette};
use crate::game::{GameSet, Screen};
use crate::render::{PIECE_IMAGE_SPAN, PieceSet};
use crate::rules::{Color as Side, Piece, Position, Square};
use bevy::prelude::*;

mod marks;
mod motion;
mod picture;

use picture::{LookPart, PieceImages};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PieceImages>().add_systems(
        Update,
        (
            (follow_board, marks::shake_on_illegal).in_set(GameSet::Animate),
            (picture::paint_piece_images, picture::show_look).in_set(GameSet::Present),
            (motion::animate_pieces, motion::fit_parts)
                .chain()
                .in_set(GameSet::Animate),
            (marks::rebuild_marks, marks::pulse_marks)
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
    p.glyph(crate::rules::Charset::Traditional)
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

/// What pieces are made of: the shapes, the font, the board's layout,
/// the pictures and the set in force.
struct Kit<'a> {
    shapes: &'a Shapes,
    fonts: &'a Fonts,
    layout: &'a BoardLayout,
    pictures: &'a PieceImages,
    set: PieceSet,
}

/// Every piece of `position`, each at its point.
fn spawn_position(commands: &mut Commands, kit: &Kit, flipped: bool, position: &Position) {
    for (sq, piece) in [Side::Red, Side::Black]
        .into_iter()
        .flat_map(|c| position.pieces(c).collect::<Vec<_>>())
    {
        spawn_piece(commands, kit, flipped, sq, piece);
    }
}

fn spawn_piece(commands: &mut Commands, kit: &Kit, flipped: bool, sq: Square, piece: Piece) {
    let Kit {
        shapes,
        fonts,
        layout,
        pictures,
        set,
    } = *kit;
    let engraved = (LookPart::Engraved, LookPart::Engraved.visibility(set));
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
                engraved,
            ),
            (
                shape(&shapes.disc, palette::PIECE_FACE),
                part(r * 0.9, Vec2::new(0.0, 0.005)),
                Transform::from_xyz(0.0, 0.0, 0.1),
                engraved,
            ),
            (
                shape(
                    &shapes.inner_ring,
                    palette::ink(piece.color).with_alpha(0.8)
                ),
                part(r * 0.9, Vec2::ZERO),
                Transform::from_xyz(0.0, 0.0, 0.2),
                engraved,
            ),
            (
                Glyph(0.5),
                Text2d::new(piece_char(piece)),
                fonts.pieces(glyph_px),
                TextColor(palette::ink(piece.color)),
                Transform::from_xyz(0.0, 0.0, 0.3),
                engraved,
            ),
            (
                Sprite {
                    image: pictures.get(piece),
                    custom_size: Some(Vec2::splat(2.0 * PIECE_IMAGE_SPAN)),
                    ..default()
                },
                Tint(Color::WHITE),
                part(r, Vec2::ZERO),
                Transform::from_xyz(0.0, 0.0, 0.15),
                LookPart::Picture,
                LookPart::Picture.visibility(set),
            ),
        ],
    ));
}

/// The piece on `sq` as the board stands after the moves already seen
/// this frame (`moved`, `dying`), with its transform.
fn standing_on<'a>(
    pieces: &'a Query<(Entity, &PieceView, &Transform), Without<Dying>>,
    dying: &[Entity],
    moved: &[(Entity, Square, Vec2)],
    sq: Square,
) -> Option<(Entity, Square, &'a Transform)> {
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
}

fn follow_board(
    mut changes: MessageReader<BoardChanged>,
    mut commands: Commands,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
    fonts: Res<Fonts>,
    pictures: Res<PieceImages>,
    settings: Option<Res<UserSettings>>,
    pieces: Query<(Entity, &PieceView, &Transform), Without<Dying>>,
    browse: Option<Res<Browse>>,
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
                let at = |sq| standing_on(&pieces, &dying, &moved, sq);
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
        let shown = shown_position(&session, browse);
        let kit = Kit {
            shapes: &shapes,
            fonts: &fonts,
            layout: &layout,
            pictures: &pictures,
            set: settings.map_or(PieceSet::Characters, |s| s.piece_set),
        };
        spawn_position(&mut commands, &kit, session.flipped, &shown);
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
