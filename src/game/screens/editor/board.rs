//! The editor's board: the pieces on it, and the pointer — a piece dragged
//! from the box or from point to point (off the board: back into the box),
//! a right click taking one off, a left click putting down what was picked
//! from the box.

use super::place::Placement;
use super::{BoxPiece, EditorRoot, Look, Picked};
use crate::game::Screen;
use crate::game::board::engraving::engraving;
use crate::game::play::editor::{Editor, EditorCommand};
use crate::game::theme::disc::lacquered_disc;
use crate::game::theme::palette;
use crate::game::theme::shape::{Shape, sized};
use crate::rules::{Piece, Square};
use bevy::picking::events::{Click, Drag, DragEnd, DragStart, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

/// The board picture.
#[derive(Component)]
pub(super) struct BoardNode;

/// A piece on the board.
#[derive(Component, Clone, Copy)]
pub(super) struct BoardPiece(Square, Piece);

/// The piece following the pointer.
#[derive(Component)]
pub(super) struct Ghost;

/// The drag in progress.
#[derive(Resource, Default)]
pub(super) struct Dragging {
    piece: Option<Piece>,
    /// The point it was lifted from (`None`: from the box).
    from: Option<Square>,
}

/// A piece like those on a game's board, `d` across.
pub(super) fn piece_disc(piece: Piece, d: f32, look: &Look) -> impl Bundle + use<> {
    lacquered_disc(
        engraving(piece, look.charset()),
        palette::ink(piece.color),
        d,
        &look.fonts,
    )
}

/// The board's picture for the orientation, cropped to the board, where
/// `g` puts it.
pub(super) fn board_node(g: &Placement, look: &Look, flipped: bool) -> impl Bundle + use<> {
    (
        BoardNode,
        ImageNode::new(look.images.for_side(flipped).clone()).with_rect(g.crop(&look.images)),
        sized(Val::Px(g.board.width()), Val::Px(g.board.height()))
            .position_type(PositionType::Absolute)
            .left(Val::Px(g.board.min.x))
            .top(Val::Px(g.board.min.y)),
        BoxShadow::new(
            palette::SHADE,
            Val::Px(0.0),
            Val::Px(4.0),
            Val::Px(0.0),
            Val::Px(14.0),
        ),
    )
}

/// The pieces on the board, the picture for the orientation.
pub(super) fn show_board(
    mut commands: Commands,
    look: Look,
    editor: Res<Editor>,
    roots: Query<&EditorRoot>,
    mut board: Query<(Entity, &mut ImageNode), With<BoardNode>>,
    added: Query<(), Added<BoardNode>>,
    pieces: Query<Entity, With<BoardPiece>>,
) {
    let Ok(EditorRoot(g)) = roots.single() else {
        return;
    };
    let Ok((board_entity, mut image)) = board.single_mut() else {
        return;
    };
    let settings_changed = look.settings.as_ref().is_some_and(|s| s.is_changed());
    if !editor.is_changed() && added.is_empty() && !settings_changed {
        return;
    }
    let want = look.images.for_side(editor.flipped);
    if image.image != *want {
        image.image = want.clone();
    }
    for e in &pieces {
        commands.entity(e).despawn();
    }
    let d = g.piece();
    for (sq, piece) in editor.setup.pieces() {
        let at = g.point(sq, editor.flipped) - g.board.min - Vec2::splat(d / 2.0);
        let e = commands
            .spawn((
                BoardPiece(sq, piece),
                sized(Val::Px(d), Val::Px(d))
                    .position_type(PositionType::Absolute)
                    .left(Val::Px(at.x))
                    .top(Val::Px(at.y)),
                children![piece_disc(piece, d, &look)],
            ))
            .observe(on_drag_start)
            .observe(on_drag)
            .observe(on_drag_end)
            .id();
        commands.entity(board_entity).add_child(e);
    }
}

/// The pointer's position in the window, if it is in one.
fn pointer_at(location: &bevy::picking::pointer::Location) -> Vec2 {
    location.position
}

pub(super) fn on_drag_start(
    ev: On<Pointer<DragStart>>,
    mut commands: Commands,
    look: Look,
    roots: Query<&EditorRoot>,
    box_pieces: Query<&BoxPiece>,
    mut board_pieces: Query<(&BoardPiece, &mut Visibility)>,
    mut dragging: ResMut<Dragging>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    let Ok(EditorRoot(g)) = roots.single() else {
        return;
    };
    let (piece, from) = if let Ok(b) = box_pieces.get(ev.entity) {
        (b.0, None)
    } else if let Ok((b, mut vis)) = board_pieces.get_mut(ev.entity) {
        *vis = Visibility::Hidden;
        (b.1, Some(b.0))
    } else {
        return;
    };
    *dragging = Dragging {
        piece: Some(piece),
        from,
    };
    let d = g.piece();
    let at = pointer_at(&ev.pointer_location) - Vec2::splat(d / 2.0);
    commands.spawn((
        Ghost,
        sized(Val::Px(d), Val::Px(d))
            .position_type(PositionType::Absolute)
            .left(Val::Px(at.x))
            .top(Val::Px(at.y)),
        UiTransform::from_scale(Vec2::splat(1.08)),
        GlobalZIndex(30),
        Pickable::IGNORE,
        DespawnOnExit(Screen::Editor),
        children![piece_disc(piece, d, &look)],
    ));
}

pub(super) fn on_drag(
    ev: On<Pointer<Drag>>,
    roots: Query<&EditorRoot>,
    mut ghosts: Query<&mut Node, With<Ghost>>,
) {
    let Ok(EditorRoot(g)) = roots.single() else {
        return;
    };
    let d = g.piece();
    let at = pointer_at(&ev.pointer_location) - Vec2::splat(d / 2.0);
    for mut node in &mut ghosts {
        node.left = Val::Px(at.x);
        node.top = Val::Px(at.y);
    }
}

pub(super) fn on_drag_end(
    ev: On<Pointer<DragEnd>>,
    mut commands: Commands,
    editor: Res<Editor>,
    roots: Query<&EditorRoot>,
    ghosts: Query<Entity, With<Ghost>>,
    mut board_pieces: Query<&mut Visibility, With<BoardPiece>>,
    mut dragging: ResMut<Dragging>,
    mut out: MessageWriter<EditorCommand>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    for mut vis in &mut board_pieces {
        if *vis == Visibility::Hidden {
            *vis = Visibility::Inherited;
        }
    }
    let Dragging { piece, from } = std::mem::take(&mut *dragging);
    let (Some(piece), Ok(EditorRoot(g))) = (piece, roots.single()) else {
        return;
    };
    let to = g.square_at(pointer_at(&ev.pointer_location), editor.flipped);
    let command = match (from, to) {
        (None, Some(to)) => EditorCommand::Place(to, piece),
        (None, None) => return,
        (Some(from), Some(to)) if from == to => return,
        (Some(from), Some(to)) => EditorCommand::Move { from, to },
        // Dragged off the board: back into the box.
        (Some(from), None) => EditorCommand::Remove(from),
    };
    out.write(command);
}

/// Right click: take the piece off. Left click with a piece picked from
/// the box: put one down there.
pub(super) fn on_board_click(
    ev: On<Pointer<Click>>,
    editor: Res<Editor>,
    picked: Res<Picked>,
    roots: Query<&EditorRoot>,
    mut out: MessageWriter<EditorCommand>,
) {
    let Ok(EditorRoot(g)) = roots.single() else {
        return;
    };
    let Some(sq) = g.square_at(pointer_at(&ev.pointer_location), editor.flipped) else {
        return;
    };
    match ev.button {
        PointerButton::Secondary if editor.setup.piece(sq).is_some() => {
            out.write(EditorCommand::Remove(sq));
        }
        PointerButton::Primary => {
            if let Some(piece) = picked.0 {
                out.write(EditorCommand::Place(sq, piece));
            }
        }
        _ => {}
    }
}
