//! The keyboard's cursor on the board ([`BoardCursor`]): four corner
//! brackets around its point, breathing softly, in the accent colour.

use crate::game::board::layout::BoardLayout;
use crate::game::board::z;
use crate::game::input::BoardCursor;
use crate::game::play::session::Session;
use crate::game::theme::palette;
use crate::game::{GameSet, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_cursor)
        .add_systems(
            Update,
            show_cursor
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// The cursor's root (its four corners are children).
#[derive(Component)]
struct CursorMark;

/// A corner: which way it points (±1, ±1).
#[derive(Component, Clone, Copy)]
struct Corner(Vec2);

fn spawn_cursor(mut commands: Commands) {
    let mut root = commands.spawn((
        CursorMark,
        Transform::from_xyz(0.0, 0.0, z::MARKS_HIGH + 1.0),
        Visibility::Hidden,
        DespawnOnExit(Screen::Playing),
    ));
    root.with_children(|p| {
        for (sx, sy) in [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)] {
            // Each corner is two bars; their sizes follow the cell.
            for horizontal in [true, false] {
                p.spawn((
                    Corner(Vec2::new(sx, sy)),
                    Bar(horizontal),
                    Sprite::from_color(palette::ACCENT, Vec2::ONE),
                    Transform::default(),
                ));
            }
        }
    });
}

/// One bar of a corner: horizontal or vertical.
#[derive(Component, Clone, Copy)]
struct Bar(bool);

fn show_cursor(
    cursor: Res<BoardCursor>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    time: Res<Time>,
    mut root: Query<(&mut Transform, &mut Visibility), With<CursorMark>>,
    mut bars: Query<(&Corner, &Bar, &mut Transform, &mut Sprite), Without<CursorMark>>,
) {
    let Ok((mut tf, mut vis)) = root.single_mut() else {
        return;
    };
    let want = if cursor.shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    vis.set_if_neq(want);
    if !cursor.shown {
        return;
    }
    let at = layout.square_world(cursor.square, session.flipped);
    tf.translation.x = at.x;
    tf.translation.y = at.y;
    let cell = layout.cell;
    let breathe = 1.0 + 0.04 * (time.elapsed_secs() * 4.0).sin();
    let half = cell * 0.5 * breathe;
    let len = cell * 0.2;
    let thick = (cell * 0.06).max(2.0);
    for (corner, bar, mut t, mut sprite) in &mut bars {
        let c = corner.0 * half;
        let (size, centre) = if bar.0 {
            (
                Vec2::new(len, thick),
                c - Vec2::new(corner.0.x * (len - thick) / 2.0, 0.0),
            )
        } else {
            (
                Vec2::new(thick, len),
                c - Vec2::new(0.0, corner.0.y * (len - thick) / 2.0),
            )
        };
        t.translation = centre.extend(0.0);
        sprite.custom_size = Some(size);
    }
}
