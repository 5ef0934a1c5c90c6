//! The move box's height and the opening line's wrapping, kept in step
//! with the window and with the card above the list.

use super::{MoveBox, OpeningLine};
use crate::game::board::layout::BoardLayout;
use bevy::prelude::*;

/// A row of the move list, in logical pixels.
const MOVE_ROW_PX: f32 = 22.0;

/// Rows of moves a short panel (800×600) always shows: the review card
/// above them gives way first (it scrolls).
const SHORT_PANEL_ROWS: f32 = 6.0;

/// The move box's least height: six rows in a short panel, where the cards
/// above would squeeze it most (a review's card), unless in a lesson or a
/// puzzle (whose card takes the room: their moves are few).
pub(super) fn move_box_min(layout: &BoardLayout, few_moves: bool) -> Val {
    Val::Px(if layout.compact_panel() && !few_moves {
        SHORT_PANEL_ROWS * MOVE_ROW_PX + 8.0
    } else {
        60.0
    })
}

/// Keeps the move box's least height in step with the window; in a short
/// panel the opening's name keeps to one line.
pub(super) fn fit_move_box(
    layout: Res<BoardLayout>,
    mut boxes: Query<&mut Node, With<MoveBox>>,
    mut openings: Query<&mut TextLayout, With<OpeningLine>>,
    lessons: Query<(), With<crate::game::panel::lesson_card::LessonCard>>,
    puzzles: Query<(), With<crate::game::panel::exercise_card::PuzzleCardBox>>,
) {
    // A puzzle's moves are few too.
    let want = move_box_min(&layout, !lessons.is_empty() || !puzzles.is_empty());
    for mut node in &mut boxes {
        if node.min_height != want {
            node.min_height = want;
        }
    }
    let wrap = if layout.compact_panel() {
        LineBreak::NoWrap
    } else {
        LineBreak::WordBoundary
    };
    for mut text in &mut openings {
        if text.linebreak != wrap {
            text.linebreak = wrap;
        }
    }
}
