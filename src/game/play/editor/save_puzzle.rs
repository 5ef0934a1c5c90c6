//! Save as puzzle: the engine searches the edited position off the main
//! thread, and its best line becomes the solution of a puzzle in the
//! player's own list.

use super::Editor;
use crate::engine::SearchRequest;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::game_review::{ReviewEngine, ReviewLimits};
use crate::game::play::my_puzzle::MyPuzzleStore;
use crate::game::play::search::OffThreadSearch;
use crate::game::settings::StorePaths;
use crate::rules::Position;
use bevy::prelude::*;

/// Save as puzzle: the engine searches `pos` for the move to find (off the
/// main thread; [`finish_saving`] stores the puzzle). Nothing for a
/// position without a legal move, or one already being saved.
pub(super) fn save_as_puzzle(
    editor: &mut Editor,
    pos: Position,
    (engine, limits): (&ReviewEngine, &ReviewLimits),
    now: f64,
    notice: &mut Notice,
) {
    if !pos.has_legal_move() {
        notice.post(Phrase::NoMoveToFind, pos.fen(), true);
        return;
    }
    if editor.saving.as_ref().is_some_and(|(p, _)| *p == pos) {
        return;
    }
    let engine = engine.0.clone();
    let limits = limits.quick.clone();
    let search = OffThreadSearch::start_at(pos, Vec::new(), 0, now, move |job| {
        let request = SearchRequest::new(&job.position, &[], &job.stop).limits(limits);
        Some(engine.with(|e| e.search(&request, &mut |_| {})))
    });
    editor.saving = Some((pos, search));
    notice.post(Phrase::SavingPuzzle, pos.fen(), false);
}

/// The engine's answer for Save as puzzle: its line becomes the solution.
pub(super) fn finish_saving(
    mut editor: ResMut<Editor>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    if editor.saving.is_none() {
        return;
    }
    // Polling is no change: the views rebuild only when the answer is in.
    let Some((pos, search)) = editor.bypass_change_detection().saving.as_mut() else {
        return;
    };
    let Some(answer) = search.poll() else {
        return;
    };
    let pos = *pos;
    editor.saving = None;
    let made = answer.and_then(|r| {
        let line = if r.pv.first() == Some(&r.best) {
            r.pv
        } else {
            vec![r.best]
        };
        crate::store::my_puzzles::composed(&pos, &line, r.depth, crate::store::now_unix())
    });
    let Some(puzzle) = made else {
        notice.post(Phrase::NoMoveToFind, pos.fen(), true);
        return;
    };
    if store.add(vec![puzzle], paths.as_deref(), &mut notice) > 0 {
        notice.post(Phrase::PuzzleSaved, pos.fen(), false);
    } else {
        notice.post(Phrase::PuzzleAlreadySaved, pos.fen(), false);
    }
}
