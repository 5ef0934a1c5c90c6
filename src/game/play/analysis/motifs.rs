//! What the best line does, in words: the teacher's motifs of its first
//! move ([`crate::teach`]), found off the main thread once the line has
//! settled (a few plies deep) and kept while its first move stays the
//! same, so the words under the lines do not flicker as the depth grows.

use super::Analysis;
use crate::game::play::search::OffThreadSearch;
use crate::rules::{Move, Position};
use crate::teach::{Explainer, Motif};
use bevy::prelude::*;

/// The depth the best line must reach before its motifs are looked for:
/// shallower lines change their first move too often to be worth it.
const SETTLED_DEPTH: u32 = 6;

/// The motifs of the best line's first move.
#[derive(Resource, Default)]
pub struct LineMotifs {
    /// The position and move they are (or will be) about.
    key: Option<(Position, Move)>,
    found: Option<Vec<Motif>>,
    running: Option<OffThreadSearch<Vec<Motif>>>,
}

impl LineMotifs {
    /// The motifs of `m` in `pos`, once found.
    pub fn of(&self, pos: &Position, m: Move) -> Option<&[Motif]> {
        (self.key == Some((*pos, m)))
            .then_some(self.found.as_deref())
            .flatten()
    }

    /// Is a search for them running?
    #[cfg(test)]
    pub fn running(&self) -> bool {
        self.running.is_some()
    }
}

/// Takes in what was found, and looks for the motifs of a new best first
/// move once its line has settled.
pub(super) fn explain_best_line(
    analysis: Res<Analysis>,
    mut motifs: ResMut<LineMotifs>,
    time: Res<Time>,
) {
    if let Some(job) = &mut motifs.running
        && let Some(found) = job.poll()
    {
        motifs.found = found;
        motifs.running = None;
    }
    let best = analysis.lines().first();
    let want = analysis
        .position()
        .copied()
        .zip(best.and_then(|l| l.pv.first().copied()));
    let Some((pos, m)) = want else {
        *motifs = LineMotifs::default();
        return;
    };
    if motifs.key == Some((pos, m)) || best.is_none_or(|l| l.depth < SETTLED_DEPTH) {
        return;
    }
    motifs.key = Some((pos, m));
    motifs.found = None;
    // A search for the old move is dropped (and stops).
    motifs.running = Some(OffThreadSearch::start_at(
        pos,
        Vec::new(),
        0,
        time.elapsed_secs_f64(),
        move |_| Some(Explainer::default().of_move(&pos, &[], m)),
    ));
}
