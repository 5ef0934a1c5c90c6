//! The player's record of puzzles from games ([`Trainer`]) while the game
//! runs — read on first use, written after each outcome — and the
//! outcome of a try recorded once: solved without help, or missed (a
//! wrong move, a hint, the solution shown).

use super::ActiveTactic;
use crate::exercise::Verdict;
use crate::exercise::tactic::TacticAttempt;
use crate::game::GameSet;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::exercise::{ActiveExercise, ExerciseEvent};
use crate::game::settings::StorePaths;
use crate::store::now_unix;
use crate::store::trainer::{Outcome, Trainer};
use bevy::prelude::*;
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TrainerRecord>()
        .add_message::<ShowSolution>()
        .add_systems(
            Update,
            (show_solution, record_outcome)
                .chain()
                .in_set(GameSet::Resolve)
                .run_if(
                    resource_exists::<ActiveTactic>.and_then(resource_exists::<ActiveExercise>),
                ),
        );
}

/// Show the solution of the puzzle on the board (a miss, unless solved).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowSolution;

/// The player's record, read from its file on first use. Without a
/// folder (`StorePaths(None)`) it starts new and is never written.
#[derive(Resource, Default)]
pub struct TrainerRecord {
    loaded: Option<Trainer>,
}

fn file(paths: Option<&StorePaths>) -> Option<PathBuf> {
    Some(paths?.0.as_ref()?.trainer_file())
}

impl TrainerRecord {
    /// The record (read the first time; a damaged file is said).
    pub fn get(&mut self, paths: Option<&StorePaths>, notice: &mut Notice) -> &mut Trainer {
        self.loaded.get_or_insert_with(|| {
            let Some(path) = file(paths) else {
                return Trainer::default();
            };
            let (trainer, warning) = Trainer::load(&path);
            if let Some(w) = warning {
                notice.post(Phrase::TrainerBroken, w.to_string(), true);
            }
            trainer
        })
    }

    /// The record if it has been read.
    pub fn peek(&self) -> Option<&Trainer> {
        self.loaded.as_ref()
    }

    /// Writes the file; a failure is said.
    pub fn save(&mut self, paths: Option<&StorePaths>, notice: &mut Notice) {
        let (Some(trainer), Some(path)) = (&self.loaded, file(paths)) else {
            return;
        };
        if let Err(e) = trainer.save(&path) {
            notice.post(Phrase::TrainerNotSaved, e.to_string(), true);
        }
    }
}

/// The outcome an exercise's word means for the record, if any.
fn outcome_of(event: &ExerciseEvent, attempt: &TacticAttempt) -> Option<Outcome> {
    match event {
        ExerciseEvent::Judged(_, Verdict::Solved { .. })
        | ExerciseEvent::Answered(Verdict::Solved { .. }) => Some(if attempt.was_hinted() {
            Outcome::Missed
        } else {
            Outcome::Solved
        }),
        ExerciseEvent::Judged(_, Verdict::Failed(_))
        | ExerciseEvent::Answered(Verdict::Failed(_))
        | ExerciseEvent::Hinted(Some(_)) => Some(Outcome::Missed),
        _ => None,
    }
}

/// The try's first outcome, recorded and saved.
fn record_once(
    active: &mut ActiveTactic,
    outcome: Outcome,
    record: &mut TrainerRecord,
    paths: Option<&StorePaths>,
    notice: &mut Notice,
) {
    if active.outcome.is_some() {
        return;
    }
    let trainer = record.get(paths, notice);
    let change = trainer.record(&active.tactic, outcome, active.mode, now_unix());
    active.outcome = Some(outcome);
    active.change = Some(change);
    record.save(paths, notice);
}

fn record_outcome(
    mut events: MessageReader<ExerciseEvent>,
    exercise: Res<ActiveExercise>,
    mut active: ResMut<ActiveTactic>,
    mut record: ResMut<TrainerRecord>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
) {
    let Some(attempt) = exercise.get::<TacticAttempt>() else {
        return;
    };
    let outcomes: Vec<Outcome> = events
        .read()
        .filter_map(|e| outcome_of(e, attempt))
        .collect();
    if let Some(&o) = outcomes.first() {
        record_once(&mut active, o, &mut record, paths.as_deref(), &mut notice);
    }
}

/// The solution on the board: the whole line, to step through; unsolved,
/// a miss.
fn show_solution(
    mut requests: MessageReader<ShowSolution>,
    mut exercise: ResMut<ActiveExercise>,
    mut active: ResMut<ActiveTactic>,
    mut record: ResMut<TrainerRecord>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
) {
    if requests.read().count() == 0 {
        return;
    }
    let shown = exercise.rebuild(|e| {
        e.as_any_mut().downcast_mut::<TacticAttempt>().map(|a| {
            a.show_solution();
            a.clean()
        })
    });
    if let Some(clean) = shown {
        let outcome = if clean == Some(true) {
            Outcome::Solved
        } else {
            Outcome::Missed
        };
        record_once(
            &mut active,
            outcome,
            &mut record,
            paths.as_deref(),
            &mut notice,
        );
    }
}
