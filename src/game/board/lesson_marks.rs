//! A lesson's marks on the board: the points its page or exercise
//! highlights (a warm glow under the point and a ring round it) and the
//! arrows a page draws, from [`ActiveLesson::marks`]. Redrawn when the
//! step, the layout or the orientation changes; none outside a lesson.

use crate::game::board::arrows::arrow_sprite;
use crate::game::board::layout::BoardLayout;
use crate::game::board::shapes::{Shapes, UNIT};
use crate::game::board::z;
use crate::game::play::course::ActiveLesson;
use crate::game::play::session::Session;
use crate::game::theme::palette;
use crate::game::{GameSet, Screen};
use crate::rules::{Move, Square};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_lesson_marks
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Part of a lesson's marks.
#[derive(Component)]
struct LessonMark;

/// What the marks show: arrows, points, orientation, layout.
type Drawn = (Vec<Move>, Vec<Square>, bool, BoardLayout);

fn draw_lesson_marks(
    mut commands: Commands,
    active: Option<Res<ActiveLesson>>,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    shapes: Res<Shapes>,
    marks: Query<Entity, With<LessonMark>>,
    mut images: ResMut<Assets<Image>>,
    mut drawn: Local<Option<Drawn>>,
) {
    let (arrows, points) = active
        .as_deref()
        .map(ActiveLesson::marks)
        .unwrap_or_default();
    let want = (arrows, points, session.flipped, *layout);
    if drawn.as_ref() == Some(&want) {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let (arrows, points, flipped, layout) = &want;
    let cell = layout.cell;
    for &sq in points {
        let at = layout.square_world(sq, *flipped);
        for (image, color, radius, depth) in [
            (&shapes.soft_disc, palette::LESSON_POINT, 0.62, z::MARKS_LOW),
            (&shapes.ring, palette::LESSON_ARROW, 0.56, z::PIECES - 0.4),
        ] {
            commands.spawn((
                LessonMark,
                Sprite {
                    image: image.clone(),
                    color,
                    custom_size: Some(UNIT),
                    ..default()
                },
                Transform {
                    translation: at.extend(depth),
                    scale: Vec3::new(radius * cell, radius * cell, 1.0),
                    ..default()
                },
                DespawnOnExit(Screen::Playing),
            ));
        }
    }
    for (k, &mv) in arrows.iter().enumerate() {
        let depth = z::MARKS_HIGH + 0.5 + 0.01 * k as f32;
        if let Some(arrow) = arrow_sprite(
            layout,
            *flipped,
            mv,
            palette::LESSON_ARROW,
            depth,
            &mut images,
        ) {
            commands.spawn((LessonMark, arrow));
        }
    }
    *drawn = Some(want);
}
