//! The better move on the board: when the position shown follows a mistake
//! or a blunder of a reviewed game, an arrow shows what the engine would
//! have played instead (from the position before the mistake; the panel
//! gives it and its line in words). Redrawn when the shown position, the
//! review, the layout or the orientation changes.

use crate::game::board::layout::BoardLayout;
use crate::game::board::z;
use crate::game::play::Play;
use crate::game::play::browse::{Browse, shown_ply};
use crate::game::play::game_review::GameReviewState;
use crate::game::play::session::Session;
use crate::game::theme::palette;
use crate::game::{GameSet, Screen};
use crate::rules::Move;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_better_move
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// The better-move arrow.
#[derive(Component)]
struct BetterMoveArrow;

/// The engine's move in place of the mistake that led to the shown
/// position, if that is what is shown.
pub fn better_move(state: &GameReviewState, session: &Session, browse: &Browse) -> Option<Move> {
    let reviewed = state.for_session(session)?;
    let ply = shown_ply(session, Some(browse));
    let m = reviewed.review.moves.get(ply.checked_sub(1)?)?;
    (m.judgement.is_serious() && !m.before.best.is_null() && m.before.best != m.played)
        .then_some(m.before.best)
}

fn draw_better_move(
    mut commands: Commands,
    state: Res<GameReviewState>,
    session: Res<Session>,
    browse: Res<Browse>,
    play: Res<State<Play>>,
    layout: Res<BoardLayout>,
    arrows: Query<Entity, With<BetterMoveArrow>>,
    mut images: ResMut<Assets<Image>>,
    mut drawn: Local<Option<(Option<Move>, bool, BoardLayout)>>,
) {
    let mv = better_move(&state, &session, &browse).filter(|_| *play.get() == Play::Free);
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
    let cell = layout.cell;
    let (width, head_len, head_w) = (cell * 0.16, cell * 0.42, cell * 0.48);
    let start = from + dir * cell * 0.3;
    let end = to - dir * cell * 0.12;
    let shaft_len = ((end - dir * head_len) - start).length().max(1.0);
    let (image, size) = crate::game::board::shapes::arrow(shaft_len, width, head_len, head_w);
    // The image's shaft starts one pixel in from its left edge, on its middle row.
    let centre = start + dir * (size.x / 2.0 - 1.0);
    commands.spawn((
        BetterMoveArrow,
        Sprite {
            image: images.add(image),
            color: palette::BETTER_MOVE_ARROW,
            custom_size: Some(size),
            ..default()
        },
        Transform {
            translation: centre.extend(z::MARKS_HIGH + 1.5),
            rotation: Quat::from_rotation_z(dir.y.atan2(dir.x)),
            ..default()
        },
        DespawnOnExit(Screen::Playing),
    ));
}
