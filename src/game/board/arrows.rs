//! Arrows on the board: a shaft and a head (one anti-aliased image drawn at
//! its size on screen, then rotated) from a move's point to its
//! destination. The hint's arrow is green and gone with the next move; the
//! analysis draws one blue arrow per line, the best line's strongest and on
//! top. Both are redrawn when what they show, the layout or the orientation
//! changes.

use crate::game::board::layout::BoardLayout;
use crate::game::board::z;
use crate::game::play::analysis::Analysis;
use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::hint::Hint;
use crate::game::play::session::Session;
use crate::game::theme::palette;
use crate::game::{GameSet, Screen};
use crate::rules::Move;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_arrow, draw_analysis_arrows)
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Part of the hint arrow.
#[derive(Component)]
struct HintArrow;

/// Part of the analysis arrows.
#[derive(Component)]
struct AnalysisArrow;

/// Opacity of the analysis arrow for line `k` (0 = the best).
pub fn analysis_alpha(k: usize) -> f32 {
    (0.82 - 0.17 * k as f32).max(0.2)
}

fn draw_arrow(
    mut commands: Commands,
    hint: Res<Hint>,
    session: Res<Session>,
    browse: Res<Browse>,
    layout: Res<BoardLayout>,
    arrows: Query<Entity, With<HintArrow>>,
    mut images: ResMut<Assets<Image>>,
    mut drawn: Local<Option<(Option<Move>, bool, BoardLayout)>>,
) {
    // No arrow over a browsed position: the hint is for the live one.
    let mv = hint.arrow(session.generation).filter(|_| !browse.active());
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
    if let Some(arrow) = arrow_sprite(
        &layout,
        session.flipped,
        mv,
        palette::HINT_ARROW,
        z::MARKS_HIGH + 1.0,
        &mut images,
    ) {
        commands.spawn((HintArrow, arrow));
    }
}

/// One arrow for each analysis line's first move, when the lines are about
/// the position on the board.
fn draw_analysis_arrows(
    mut commands: Commands,
    analysis: Res<Analysis>,
    session: Res<Session>,
    browse: Res<Browse>,
    layout: Res<BoardLayout>,
    arrows: Query<Entity, With<AnalysisArrow>>,
    mut images: ResMut<Assets<Image>>,
    mut drawn: Local<Option<(Vec<Move>, bool, BoardLayout)>>,
) {
    let shown = shown_position(&session, Some(&browse));
    let moves: Vec<Move> = if analysis.position() == Some(&shown) {
        let mut firsts: Vec<Move> = Vec::new();
        for m in analysis
            .lines()
            .iter()
            .filter_map(|l| l.pv.first().copied())
        {
            if !firsts.contains(&m) {
                firsts.push(m);
            }
        }
        firsts
    } else {
        Vec::new()
    };
    let want = (moves, session.flipped, *layout);
    if drawn.as_ref() == Some(&want) {
        return;
    }
    for e in &arrows {
        commands.entity(e).despawn();
    }
    for (k, &mv) in want.0.iter().enumerate() {
        let color = palette::ANALYSIS_ARROW.with_alpha(analysis_alpha(k));
        // The best line's arrow on top, just under the hint's.
        let z = z::MARKS_HIGH + 0.9 - 0.01 * k as f32;
        if let Some(arrow) = arrow_sprite(&layout, session.flipped, mv, color, z, &mut images) {
            commands.spawn((AnalysisArrow, arrow));
        }
    }
    *drawn = Some(want);
}

/// An arrow for `mv` on the board as laid out, or `None` for a move of no
/// length (a lesson's arrows are drawn with it too).
pub(crate) fn arrow_sprite(
    layout: &BoardLayout,
    flipped: bool,
    mv: Move,
    color: Color,
    z: f32,
    images: &mut Assets<Image>,
) -> Option<impl Bundle + use<>> {
    let from = layout.square_world(mv.from(), flipped);
    let to = layout.square_world(mv.to(), flipped);
    let d = to - from;
    let len = d.length();
    if len < 1.0 {
        return None;
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
    Some((
        Sprite {
            image: images.add(image),
            color,
            custom_size: Some(size),
            ..default()
        },
        Transform {
            translation: centre.extend(z),
            rotation: Quat::from_rotation_z(angle),
            ..default()
        },
        DespawnOnExit(Screen::Playing),
    ))
}
