//! The marks around pieces: legal destinations (dots on empty points,
//! rings on captures), the selected piece's ring, the last move's corner
//! brackets, the pulsing glow under a general in check, and the red cross
//! of an illegal click (whose piece shakes).

use super::{Dying, PieceView, Shake, shape};
use crate::game::Screen;
use crate::game::board::layout::BoardLayout;
use crate::game::board::shapes::{Shapes, band};
use crate::game::board::z;
use crate::game::play::browse::{Browse, shown_last_move, shown_position};
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::session::{IllegalInput, Selection, Session};
use crate::game::settings::UserSettings;
use crate::game::theme::palette;
use crate::rules::{Move, Square};
use bevy::prelude::*;

pub(super) fn shake_on_illegal(
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
pub(super) struct Mark;

/// A short-lived mark that fades out.
#[derive(Component)]
pub(super) struct Flash {
    elapsed: f32,
}

/// The glow under a general in check.
#[derive(Component)]
pub(super) struct CheckGlow;

/// What the marks were last drawn for.
#[derive(PartialEq, Clone)]
pub(super) struct MarksFor {
    selection: Selection,
    browse: Option<usize>,
    generation: u64,
    flipped: bool,
    layout: BoardLayout,
}

pub(super) fn rebuild_marks(
    mut commands: Commands,
    session: Res<Session>,
    selection: Res<Selection>,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
    marks: Query<Entity, (With<Mark>, Without<Flash>)>,
    mut drawn: Local<Option<MarksFor>>,
    settings: Option<Res<UserSettings>>,
    browse: Option<Res<Browse>>,
    exercise: Option<Res<ActiveExercise>>,
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
    let pos = shown_position(&session, browse);
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
    if let Some(last) = last_move(&session, browse, exercise.as_deref(), &pos) {
        spawn_last_move(&mut commands, &layout, flipped, last);
    }
}

/// The move that led to the shown position: the game's, or at an
/// exercise's start the move that led there (a puzzle from a game's).
fn last_move(
    session: &Session,
    browse: Option<&Browse>,
    exercise: Option<&ActiveExercise>,
    pos: &crate::rules::Position,
) -> Option<Move> {
    shown_last_move(session, browse).or_else(|| {
        let e = exercise?.exercise();
        (*pos == e.start()).then(|| e.lead_in()).flatten()
    })
}

/// Corner brackets around both ends of the last move.
fn spawn_last_move(commands: &mut Commands, layout: &BoardLayout, flipped: bool, last: Move) {
    let cell = layout.cell;
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

pub(super) fn pulse_marks(
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
