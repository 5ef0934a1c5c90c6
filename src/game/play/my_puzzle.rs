//! "Practise your mistakes": puzzles made from the player's own games
//! ([`crate::store::my_puzzles`]), the logic.
//!
//! A game review ([`crate::game::play::game_review`]) adds one puzzle per
//! mistake or blunder of a human side: the position before it, "find the
//! better move". An attempt is a session in [`Play::Puzzle`] (hot-seat, the
//! board turned so the side to move sits at the bottom) with
//! [`ActiveMyPuzzle`] saying which puzzle, and the exercise on the board a
//! [`MyPuzzleAttempt`] (through [`crate::game::play::exercise`]): the
//! player has one move; the engine's own move solves it at once, the
//! mistake itself fails at once, and any other move is judged off the main
//! thread by the review's acceptance — it solves the puzzle when the engine
//! rates it within the margin of its best, searched as deep as the review
//! was. Retry (new game) or undo try again. Attempts and solved marks are
//! saved in the puzzles' file.
//!
//! The first answer of an attempt moves the puzzle on its schedule
//! ([`crate::store::schedule`]): solved, it comes back in 1, 3, 7 … days;
//! missed, it stays due. "Next" goes to the next one due. Each puzzle
//! carries the teacher's sentence on why the mistake was one
//! ([`crate::teach::why`]) as its theme: found once, off the main thread,
//! for every puzzle that has none yet, and kept in the file.

use crate::exercise::Verdict;
use crate::exercise::mine::MyPuzzleAttempt;
pub use crate::exercise::mine::MyVerdict;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::exercise::{ActiveExercise, ExerciseEvent, ExerciseOpener};
use crate::game::play::puzzle::ActivePuzzle;
use crate::game::play::search::{OffThreadSearch, ReviewLimits};
use crate::game::play::session::Session;
use crate::game::play::stored::Stored;
use crate::game::settings::StorePaths;
use crate::game::{GameSet, Mode, Screen};
use crate::rules::Position;
use crate::store::Players;
use crate::store::my_puzzles::{MyPuzzle, MyPuzzles};
use crate::store::now_unix;
use crate::store::theme::WhyRecord;
use crate::teach::{Explainer, why};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ThemeSearch>()
        .add_message::<StartMyPuzzle>()
        .add_message::<NextMyPuzzle>()
        .add_message::<RemoveMyPuzzle>()
        .add_systems(
            Update,
            (
                (next_my_puzzle, start_my_puzzle, remove_my_puzzle)
                    .chain()
                    .in_set(GameSet::Input),
                find_themes.in_set(GameSet::Resolve),
                // The attempt goes with its exercise.
                end_attempt.run_if(resource_removed::<ActiveExercise>),
            ),
        )
        .add_systems(
            Update,
            record_answers.in_set(GameSet::Resolve).run_if(
                in_state(Play::Puzzle)
                    .and_then(resource_exists::<Session>)
                    .and_then(resource_exists::<ActiveMyPuzzle>)
                    .and_then(resource_exists::<ActiveExercise>),
            ),
        );
}

/// Start (or restart) the puzzle from the player's games with this id.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct StartMyPuzzle(pub String);

/// Start the next unsolved puzzle from the player's games after the one
/// being attempted.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextMyPuzzle;

/// Remove a puzzle from the player's games.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct RemoveMyPuzzle(pub String);

/// The puzzles from the player's games, read from their file on first use.
pub type MyPuzzleStore = Stored<MyPuzzles>;

impl MyPuzzleStore {
    /// Adds the puzzles not there yet and saves; returns how many were new.
    pub fn add(
        &mut self,
        found: Vec<MyPuzzle>,
        paths: Option<&StorePaths>,
        notice: &mut Notice,
    ) -> usize {
        let added = self.get(paths, notice).add(found);
        if added > 0 {
            self.save(paths, notice);
        }
        added
    }
}

/// The puzzle from the player's games being attempted (the attempt is the
/// [`ActiveExercise`]).
#[derive(Resource)]
pub struct ActiveMyPuzzle {
    /// The puzzle.
    pub puzzle: MyPuzzle,
    /// The attempt's first answer was recorded on the schedule.
    answered: bool,
}

impl ActiveMyPuzzle {
    /// Where the attempt on the board stands.
    pub fn verdict(exercise: Option<&ActiveExercise>) -> MyVerdict {
        exercise
            .and_then(|e| e.get::<MyPuzzleAttempt>())
            .map_or(MyVerdict::ToMove, MyPuzzleAttempt::verdict)
    }
}

fn next_my_puzzle(
    mut requests: MessageReader<NextMyPuzzle>,
    active: Option<Res<ActiveMyPuzzle>>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    mut start: MessageWriter<StartMyPuzzle>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let mine = store.get(paths.as_deref(), &mut notice);
    let at = active
        .as_ref()
        .and_then(|a| mine.puzzles.iter().position(|p| p.id == a.puzzle.id));
    if let Some(i) = mine.next_after(at, now_unix()) {
        start.write(StartMyPuzzle(mine.puzzles[i].id.clone()));
    }
}

fn start_my_puzzle(
    mut requests: MessageReader<StartMyPuzzle>,
    mut opener: ExerciseOpener,
    mut store: ResMut<MyPuzzleStore>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
    limits: Res<ReviewLimits>,
) {
    let Some(StartMyPuzzle(id)) = requests.read().last().cloned() else {
        return;
    };
    let mine = store.get(paths.as_deref(), &mut notice);
    let Some(puzzle) = mine.get_mut(&id) else {
        return;
    };
    let Some(attempt) = MyPuzzleAttempt::new(puzzle, &limits.quick) else {
        notice.post(
            Phrase::CannotOpen,
            format!("{}: {}", puzzle.id, puzzle.fen),
            true,
        );
        return;
    };
    puzzle.attempts += 1;
    let puzzle = puzzle.clone();
    store.save(paths.as_deref(), &mut notice);
    // Two players on one board: the exercise says who may move.
    let levels = &opener.players().computers;
    let players = Players::new(Mode::Hotseat, levels.red.level, levels.black.level);
    let commands = opener.commands();
    commands.insert_resource(ActiveMyPuzzle {
        puzzle,
        answered: false,
    });
    commands.remove_resource::<ActivePuzzle>();
    opener.open(ActiveExercise::new(attempt, Screen::Puzzles), players);
}

fn remove_my_puzzle(
    mut requests: MessageReader<RemoveMyPuzzle>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    let ids: Vec<String> = requests.read().map(|r| r.0.clone()).collect();
    if ids.is_empty() {
        return;
    }
    let mine = store.get(paths.as_deref(), &mut notice);
    let mut removed = false;
    for id in &ids {
        removed |= mine.remove(id);
    }
    if removed {
        store.save(paths.as_deref(), &mut notice);
    }
}

/// The attempt's answer, as the exercise gives it: at once for the
/// engine's own move or the mistake itself, after the judgement otherwise.
fn record_answers(
    mut events: MessageReader<ExerciseEvent>,
    mut active: ResMut<ActiveMyPuzzle>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    for event in events.read() {
        let solved = match event {
            ExerciseEvent::Judged(_, Verdict::Solved { .. })
            | ExerciseEvent::Answered(Verdict::Solved { .. }) => true,
            ExerciseEvent::Judged(_, Verdict::Failed(_))
            | ExerciseEvent::Answered(Verdict::Failed(_)) => false,
            _ => continue,
        };
        record_answer(
            &mut active,
            solved,
            &mut store,
            paths.as_deref(),
            &mut notice,
        );
    }
}

/// The attempt's first answer moves the puzzle on its schedule; a second
/// try after undo does not count again, though finding the move then
/// still marks the puzzle solved.
fn record_answer(
    active: &mut ActiveMyPuzzle,
    solved: bool,
    store: &mut MyPuzzleStore,
    paths: Option<&StorePaths>,
    notice: &mut Notice,
) {
    let first = !active.answered;
    active.answered = true;
    let mine = store.get(paths, notice);
    let changed = if first {
        mine.answer(&active.puzzle.id, solved, now_unix())
    } else {
        match mine.get_mut(&active.puzzle.id) {
            Some(p) if solved && !p.solved => {
                p.solved = true;
                true
            }
            _ => false,
        }
    };
    if changed {
        store.save(paths, notice);
    }
}

/// How many puzzles' themes one background job finds (a few at a time, so
/// a large file's first reading does not hold one job for long).
const THEMES_AT_ONCE: usize = 8;

/// The background job finding the themes of puzzles that have none.
#[derive(Resource, Default)]
pub struct ThemeSearch(Option<OffThreadSearch<Vec<(String, WhyRecord)>>>);

/// Why the puzzle's mistake was one, as kept in the file (an empty record
/// when the rules show nothing).
fn theme_of(explainer: &mut Explainer, p: &MyPuzzle) -> WhyRecord {
    let found = match (p.position(), p.played_move(), p.best_move()) {
        (Some(pos), Some(played), Some(best)) => {
            why(explainer, &pos, &[], played, p.reply_move(), best)
        }
        _ => None,
    };
    found.as_ref().map_or(
        WhyRecord {
            allowed: None,
            better: None,
        },
        WhyRecord::from,
    )
}

/// Finds, off the main thread, the themes of the read puzzles that have
/// none, and keeps them in the file. The puzzles are looked through again
/// only when they change.
fn find_themes(
    mut search: ResMut<ThemeSearch>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
    mut looked_at: Local<Option<u64>>,
) {
    if let Some(job) = &mut search.0 {
        let Some(found) = job.poll() else {
            return;
        };
        search.0 = None;
        let mine = store.get(paths.as_deref(), &mut notice);
        let mut changed = false;
        for (id, theme) in found.into_iter().flatten() {
            if let Some(p) = mine.get_mut(&id) {
                p.theme = Some(theme);
                changed = true;
            }
        }
        if changed {
            store.save(paths.as_deref(), &mut notice);
        }
        return;
    }
    let version = store.version();
    let Some(mine) = store.peek().filter(|_| *looked_at != Some(version)) else {
        return;
    };
    let wanted: Vec<MyPuzzle> = mine
        .puzzles
        .iter()
        .filter(|p| p.wants_theme())
        .take(THEMES_AT_ONCE)
        .cloned()
        .collect();
    if wanted.is_empty() {
        *looked_at = Some(version);
        return;
    }
    search.0 = Some(OffThreadSearch::start_at(
        Position::startpos(),
        Vec::new(),
        0,
        time.elapsed_secs_f64(),
        move |job| {
            let mut explainer = Explainer::default();
            let mut out = Vec::with_capacity(wanted.len());
            for p in &wanted {
                if job.stop.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                out.push((p.id.clone(), theme_of(&mut explainer, p)));
            }
            Some(out)
        },
    ));
}

fn end_attempt(mut commands: Commands) {
    commands.remove_resource::<ActiveMyPuzzle>();
}
