//! Puzzles (残局), the logic: starting an attempt, judging it after every
//! move, and the saved progress.
//!
//! An attempt is an ordinary session — the player is Red, the engine defends
//! Black at full strength (the top level) — in the [`Play::Puzzle`] state, with
//! [`ActivePuzzle`] saying which puzzle it is. The attempt is an exercise
//! on the board ([`PuzzleAttempt`], through [`crate::game::play::exercise`]):
//! every move is judged with [`crate::store::puzzles::judge`]: mate in time
//! solves the puzzle (saved at once), running out of moves or any other end
//! fails it, and the engine no longer replies; Retry (New game) starts again.

use crate::exercise::Verdict;
use crate::exercise::puzzle::PuzzleAttempt;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::exercise::{ActiveExercise, ExerciseEvent, ExerciseOpener};
use crate::game::play::stored::Stored;
use crate::game::settings::StorePaths;
use crate::game::{GameSet, Mode, Screen};
use crate::store::Players;
use crate::store::puzzles::{self, Progress, Puzzle};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartPuzzle>()
        .add_message::<NextPuzzle>()
        .add_systems(
            Update,
            (
                (next_puzzle, start_puzzle).chain().in_set(GameSet::Input),
                // The puzzle goes with its exercise.
                end_attempt.run_if(resource_removed::<ActiveExercise>),
                record_solved
                    .in_set(GameSet::Resolve)
                    .run_if(in_state(Play::Puzzle).and_then(resource_exists::<ActivePuzzle>)),
            ),
        );
}

/// The level the engine defends at.
pub const DEFENDER_LEVEL: u8 = crate::engine::Level::MAX.number();

/// Start (or restart) the puzzle at this index of [`puzzles::all`].
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartPuzzle(pub usize);

/// Start the puzzle after the one being attempted (the last wraps round).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextPuzzle;

/// The puzzle being attempted (while [`Play::Puzzle`]; the attempt is the
/// [`ActiveExercise`]).
#[derive(Resource, Clone, Debug)]
pub struct ActivePuzzle {
    /// Index in [`puzzles::all`].
    pub index: usize,
}

impl ActivePuzzle {
    /// The verdict on the moves played so far.
    pub fn verdict(exercise: Option<&ActiveExercise>) -> Option<puzzles::Verdict> {
        exercise?.get::<PuzzleAttempt>().map(PuzzleAttempt::verdict)
    }
}

impl ActivePuzzle {
    /// The puzzle.
    pub fn puzzle(&self) -> &'static Puzzle {
        &puzzles::all()[self.index.min(puzzles::all().len().saturating_sub(1))]
    }
}

/// Solved puzzles and attempts, read from the progress file on first use.
pub type PuzzleProgress = Stored<Progress>;

fn next_puzzle(
    mut requests: MessageReader<NextPuzzle>,
    active: Option<Res<ActivePuzzle>>,
    mut start: MessageWriter<StartPuzzle>,
) {
    if requests.read().count() == 0 {
        return;
    }
    if let Some(active) = active {
        start.write(StartPuzzle(
            (active.index + 1) % puzzles::all().len().max(1),
        ));
    }
}

fn start_puzzle(
    mut requests: MessageReader<StartPuzzle>,
    mut opener: ExerciseOpener,
    mut progress: ResMut<PuzzleProgress>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
) {
    let Some(&StartPuzzle(index)) = requests.read().last() else {
        return;
    };
    let Some(puzzle) = puzzles::all().get(index) else {
        return;
    };
    let attempt = match PuzzleAttempt::new(puzzle, DEFENDER_LEVEL) {
        Ok(a) => a,
        Err(e) => {
            notice.post(Phrase::CannotOpen, format!("{}: {e}", puzzle.id), true);
            return;
        }
    };
    progress
        .get(paths.as_deref(), &mut notice)
        .record_attempt(&puzzle.id);
    progress.save(paths.as_deref(), &mut notice);
    opener.commands().insert_resource(ActivePuzzle { index });
    opener.open(
        ActiveExercise::new(attempt, Screen::Puzzles),
        Players::new(Mode::Red, DEFENDER_LEVEL, DEFENDER_LEVEL),
    );
}

/// A solved puzzle is saved at once.
fn record_solved(
    mut events: MessageReader<ExerciseEvent>,
    active: Res<ActivePuzzle>,
    mut progress: ResMut<PuzzleProgress>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    let solved = events.read().any(|e| {
        matches!(
            e,
            ExerciseEvent::Judged(_, Verdict::Solved { .. })
                | ExerciseEvent::Answered(Verdict::Solved { .. })
        )
    });
    if !solved {
        return;
    }
    let id = active.puzzle().id.clone();
    let p = progress.get(paths.as_deref(), &mut notice);
    if !p.is_solved(&id) {
        p.record_solved(&id);
        progress.save(paths.as_deref(), &mut notice);
    }
}

fn end_attempt(mut commands: Commands) {
    commands.remove_resource::<ActivePuzzle>();
}
