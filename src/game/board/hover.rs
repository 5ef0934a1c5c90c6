//! The pointer over the board: a piece the player may move lifts a little,
//! with its shadow, and the pointer becomes a hand over it and over the
//! points the picked-up piece may go to (a closed hand while dragging).
//! Moving the mouse hides the keyboard's cursor.

use crate::game::board::layout::BoardLayout;
use crate::game::board::surface::Gesture;
use crate::game::input::BoardCursor;
use crate::game::play::session::{Selection, Session};
use crate::game::theme::PointerWish;
use crate::game::{GameSet, Screen};
use crate::rules::Square;
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, SystemCursorIcon};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredPiece>()
        .add_systems(OnExit(Screen::Playing), leave_board)
        .add_systems(
            Update,
            track_pointer
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// The piece under the pointer that the player may pick up.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoveredPiece(pub Option<Square>);

fn leave_board(mut hovered: ResMut<HoveredPiece>, mut wish: ResMut<PointerWish>) {
    hovered.0 = None;
    wish.0 = None;
}

fn track_pointer(
    window: Query<&Window, With<PrimaryWindow>>,
    mut moved: MessageReader<CursorMoved>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    selection: Res<Selection>,
    gesture: Res<Gesture>,
    browse: Option<Res<crate::game::play::browse::Browse>>,
    ui: Query<&Interaction>,
    mut cursor: ResMut<BoardCursor>,
    mut hovered: ResMut<HoveredPiece>,
    mut wish: ResMut<PointerWish>,
) {
    if moved.read().last().is_some() && cursor.shown {
        cursor.shown = false;
    }
    let browsing = browse.is_some_and(|r| r.active());
    let over_ui = ui.iter().any(|i| *i != Interaction::None);
    let square = window
        .single()
        .ok()
        .and_then(|w| w.cursor_position().map(|p| (w, p)))
        .filter(|(_, p)| layout.board_area.contains(*p) && !over_ui)
        .and_then(|(w, p)| {
            let world = Vec2::new(p.x - w.width() / 2.0, w.height() / 2.0 - p.y);
            layout.square_at(world, session.flipped)
        });
    let may_move = !browsing && session.human_to_move() && !session.paused;
    let pos = session.position();
    let own = square.filter(|&sq| {
        may_move
            && pos
                .piece_at(sq)
                .is_some_and(|p| p.color == pos.side_to_move())
    });
    let target = square.is_some_and(|sq| may_move && selection.targets().any(|t| t == sq));
    let want = if own == selection.from { None } else { own };
    hovered.set_if_neq(HoveredPiece(want));
    let shape = if gesture.dragging {
        Some(SystemCursorIcon::Grabbing)
    } else if own.is_some() || target {
        Some(SystemCursorIcon::Pointer)
    } else {
        None
    };
    wish.set_if_neq(PointerWish(shape));
}
