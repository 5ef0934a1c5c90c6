//! The teacher's words on the puzzle on the board, found off the main
//! thread by the one search helper: what the combination did (asked when
//! a puzzle starts) and why a wrong move was wrong (asked at the miss).
//! The words themselves are said by the card, in the voice of the day.

use super::ActiveTactic;
use crate::exercise::tactic::{TacticAttempt, TacticState};
use crate::game::GameSet;
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::search::OffThreadSearch;
use crate::teach::Explainer;
use crate::teach::why::{Said, Why};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TacticTeacher>().add_systems(
        Update,
        (ask, collect)
            .chain()
            .in_set(GameSet::Resolve)
            .run_if(resource_exists::<ActiveTactic>.and_then(resource_exists::<ActiveExercise>)),
    );
}

/// What the teacher found for the puzzle on the board.
#[derive(Resource, Default)]
pub struct TacticTeacher {
    /// The puzzle the words are for.
    for_id: Option<String>,
    /// What the combination did (`None`: not found, or nothing to say).
    pub did: Option<Said>,
    /// Why the wrong move was wrong.
    pub why: Option<Why>,
    /// The exercise's version whose miss was asked about.
    why_asked: Option<u64>,
    did_job: Option<OffThreadSearch<Option<Said>>>,
    why_job: Option<OffThreadSearch<Option<Why>>>,
}

fn job<T: Send + 'static>(
    attempt: &TacticAttempt,
    now: f64,
    find: impl FnOnce(&TacticAttempt, &mut Explainer) -> Option<T> + Send + 'static,
) -> OffThreadSearch<Option<T>> {
    let copy = attempt.clone();
    OffThreadSearch::start_at(
        crate::rules::Position::startpos(),
        Vec::new(),
        0,
        now,
        move |_| Some(find(&copy, &mut Explainer::default())),
    )
}

/// Asks what the combination did for a new puzzle, and why at a new miss.
fn ask(
    active: Res<ActiveTactic>,
    exercise: Res<ActiveExercise>,
    mut teacher: ResMut<TacticTeacher>,
    time: Res<Time>,
) {
    let Some(attempt) = exercise.get::<TacticAttempt>() else {
        return;
    };
    let now = time.elapsed_secs_f64();
    if teacher.for_id.as_deref() != Some(active.tactic.id.as_str()) {
        *teacher = TacticTeacher {
            for_id: Some(active.tactic.id.clone()),
            did_job: Some(job(attempt, now, |a, e| a.what_it_did(e))),
            ..TacticTeacher::default()
        };
    }
    match attempt.state() {
        TacticState::Missed(_) if teacher.why_asked != Some(exercise.version()) => {
            teacher.why_asked = Some(exercise.version());
            teacher.why = None;
            teacher.why_job = Some(job(attempt, now, |a, e| a.why_missed(e)));
        }
        TacticState::ToMove | TacticState::Reply if teacher.why_asked.is_some() => {
            // A retry: the old miss is no more.
            teacher.why_asked = None;
            teacher.why = None;
            teacher.why_job = None;
        }
        _ => {}
    }
}

fn collect(mut teacher: ResMut<TacticTeacher>) {
    if let Some(found) = teacher.did_job.as_mut().and_then(OffThreadSearch::poll) {
        teacher.did_job = None;
        teacher.did = found.flatten();
    }
    if let Some(found) = teacher.why_job.as_mut().and_then(OffThreadSearch::poll) {
        teacher.why_job = None;
        teacher.why = found.flatten();
    }
}
