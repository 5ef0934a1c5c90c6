//! What the lesson's exercise said, as the lesson card's note: a move that
//! breaks a rule says which rule, a legal move that misses the task says
//! what is wrong with it (neither is played: the exercise refused it
//! before the board did anything), a hint names its move, a solved
//! exercise saves its stars (its lesson done once every one is).

use super::{ActiveLesson, CourseProgressStore, Note};
use crate::course::{Course, progress};
use crate::exercise::{Refusal, Verdict};
use crate::game::GameSet;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::exercise::{ActiveExercise, ExerciseEvent};
use crate::game::settings::StorePaths;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        take_note
            .in_set(GameSet::Resolve)
            .run_if(in_state(Play::Course).and_then(resource_exists::<ActiveLesson>)),
    );
}

/// The note for what the exercise said (`None`: keep the note there is).
fn note_for(event: ExerciseEvent, in_exercise: bool) -> Option<Option<Note>> {
    Some(match event {
        ExerciseEvent::Judged(_, Verdict::Refuse(Refusal::Illegal(w))) => Some(Note::Wrong(w)),
        ExerciseEvent::Judged(_, Verdict::Refuse(Refusal::Mistake(m))) => Some(Note::Mistake(m)),
        ExerciseEvent::Judged(_, Verdict::Refuse(Refusal::NotNow))
        | ExerciseEvent::Answered(Verdict::Refuse(_)) => return None,
        ExerciseEvent::Judged(_, Verdict::Play) | ExerciseEvent::Answered(Verdict::Play) => None,
        ExerciseEvent::Judged(_, Verdict::Solved { stars })
        | ExerciseEvent::Answered(Verdict::Solved { stars }) => Some(Note::Solved(stars)),
        ExerciseEvent::Judged(_, Verdict::Failed(f))
        | ExerciseEvent::Answered(Verdict::Failed(f)) => Some(Note::Failed(f)),
        ExerciseEvent::Hinted(Some(m)) => Some(Note::Hint(m)),
        ExerciseEvent::Hinted(None) if in_exercise => Some(Note::NoHint),
        ExerciseEvent::Hinted(None) => return None,
        ExerciseEvent::Restarted => None,
    })
}

fn take_note(
    mut events: MessageReader<ExerciseEvent>,
    mut active: ResMut<ActiveLesson>,
    exercise: Option<Res<ActiveExercise>>,
    mut store: ResMut<CourseProgressStore>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
) {
    let attempt = exercise
        .as_deref()
        .and_then(|e| e.get::<crate::course::Attempt>());
    for &event in events.read() {
        let Some(note) = note_for(event, attempt.is_some()) else {
            continue;
        };
        active.note = note;
        if let (Some(Note::Solved(stars)), Some(attempt), Ok(course)) =
            (note, attempt, Course::builtin())
        {
            let id = attempt.exercise().id.clone();
            progress::record_solved(course, store.get(paths.as_deref(), &mut notice), &id, stars);
            store.save(paths.as_deref(), &mut notice);
        }
    }
}
