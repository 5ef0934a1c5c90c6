//! The hint's arrow on the board: a shaft and a head (one anti-aliased image
//! drawn at its size on screen, then rotated) from the
//! suggested move's point to its destination, redrawn when the hint, the
//! layout or the orientation changes, gone with the next move.

use crate::game::board::layout::BoardLayout;
use crate::game::board::z;
use crate::game::play::hint::Hint;
use crate::game::play::review::Review;
use crate::game::play::session::Session;
use crate::game::{GameSet, Screen};
use crate::rules::Move;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_arrow
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Part of the hint arrow.
#[derive(Component)]
struct HintArrow;

/// The arrow's colour: a clear green over the wood and the pieces.
const ARROW: Color = Color::srgba(0.10, 0.62, 0.25, 0.78);

fn draw_arrow(
    mut commands: Commands,
    hint: Res<Hint>,
    session: Res<Session>,
    review: Res<Review>,
    layout: Res<BoardLayout>,
    arrows: Query<Entity, With<HintArrow>>,
    mut images: ResMut<Assets<Image>>,
    mut drawn: Local<Option<(Option<Move>, bool, BoardLayout)>>,
) {
    // No arrow over a reviewed position: the hint is for the live one.
    let mv = hint.arrow(session.generation).filter(|_| !review.active());
    let want = (mv, session.flipped, *layout);
    if drawn.as_ref() == Some(&want) {
        return;
    }
    *drawn = Some(want);
    for e in &arrows {
        commands.entity(e).despawn();
    }
    let Some(mv) = mv else {
        return;
    };
    let from = layout.square_world(mv.from(), session.flipped);
    let to = layout.square_world(mv.to(), session.flipped);
    let d = to - from;
    let len = d.length();
    if len < 1.0 {
        return;
    }
    let dir = d / len;
    let angle = dir.y.atan2(dir.x);
    let cell = layout.cell;
    let width = cell * 0.16;
    let head_len = cell * 0.42;
    let head_w = cell * 0.48;
    // From the edge of the piece to just short of the target's centre.
    let start = from + dir * cell * 0.3;
    let end = to - dir * cell * 0.12;
    let shaft_end = end - dir * head_len;
    let shaft_len = (shaft_end - start).length().max(1.0);
    let (image, size) = crate::game::board::shapes::arrow(shaft_len, width, head_len, head_w);
    // The image's shaft starts one pixel in from its left edge, on its middle row.
    let centre = start + dir * (size.x / 2.0 - 1.0);
    commands.spawn((
        HintArrow,
        Sprite {
            image: images.add(image),
            color: ARROW,
            custom_size: Some(size),
            ..default()
        },
        Transform {
            translation: centre.extend(z::MARKS_HIGH + 1.0),
            rotation: Quat::from_rotation_z(angle),
            ..default()
        },
        DespawnOnExit(Screen::Playing),
    ));
}
