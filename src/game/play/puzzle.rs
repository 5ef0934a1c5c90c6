//! Puzzles (残局), the logic: starting an attempt, judging it after every
//! move, and the saved progress.
//!
//! An attempt is an ordinary session — the player is Red, the engine defends
//! Black at full strength (the top level) — in the [`Play::Puzzle`] state, with
//! [`ActivePuzzle`] saying which puzzle it is. After every move
//! the plies played are judged with [`crate::store::puzzles::judge`]: mate in
//! time solves the puzzle (saved at once), running out of moves or any other
//! end fails it, which stops the engine; Retry (New game) starts again.

use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::session::{GameCommand, GameSetup, PendingGame, Session};
use crate::game::play::stored::Stored;
use crate::game::settings::StorePaths;
use crate::game::{GameSet, Mode, Screen};
use crate::store::Players;
use crate::store::puzzles::{self, Progress, Puzzle, Verdict};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartPuzzle>()
        .add_message::<NextPuzzle>()
        .add_systems(OnExit(Play::Puzzle), end_attempt)
        .add_systems(
            Update,
            (
                (next_puzzle, start_puzzle).chain().in_set(GameSet::Input),
                (judge_attempt, back_to_list)
                    .in_set(GameSet::Resolve)
                    .run_if(in_state(Play::Puzzle).and_then(resource_exists::<Session>)),
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

/// The puzzle being attempted (while [`Play::Puzzle`]).
#[derive(Resource, Clone, Debug)]
pub struct ActivePuzzle {
    /// Index in [`puzzles::all`].
    pub index: usize,
    /// The verdict after the moves played so far.
    pub verdict: Verdict,
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
    mut commands: Commands,
    mut setup: ResMut<GameSetup>,
    session: Option<ResMut<Session>>,
    mut progress: ResMut<PuzzleProgress>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut play: ResMut<NextState<Play>>,
    mut game_commands: MessageWriter<GameCommand>,
) {
    let Some(&StartPuzzle(index)) = requests.read().last() else {
        return;
    };
    let Some(puzzle) = puzzles::all().get(index) else {
        return;
    };
    let start = match puzzle.position() {
        Ok(p) => p,
        Err(e) => {
            notice.post(Phrase::CannotOpen, format!("{}: {e}", puzzle.id), true);
            return;
        }
    };
    let new_setup = GameSetup {
        players: Players::new(Mode::Red, DEFENDER_LEVEL, DEFENDER_LEVEL),
        start,
    };
    progress
        .get(paths.as_deref(), &mut notice)
        .record_attempt(&puzzle.id);
    progress.save(paths.as_deref(), &mut notice);
    commands.insert_resource(ActivePuzzle {
        index,
        verdict: puzzles::judge(puzzle, &[]),
    });
    commands.remove_resource::<PendingGame>();
    play.set(Play::Puzzle);
    *setup = new_setup.clone();
    match (session, screen.get()) {
        // Already on the board (next puzzle): restart the session with it.
        (Some(mut session), Screen::Playing) => {
            session.setup = new_setup;
            session.flipped = false;
            game_commands.write(GameCommand::NewGame);
        }
        _ => next.set(Screen::Playing),
    }
}

fn judge_attempt(
    active: Option<ResMut<ActivePuzzle>>,
    mut session: ResMut<Session>,
    mut progress: ResMut<PuzzleProgress>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    let Some(mut active) = active else {
        return;
    };
    // The session may still hold the previous game for a frame.
    if session.game.start().hash() != active.puzzle().position().map_or(0, |p| p.hash()) {
        return;
    }
    let verdict = puzzles::judge(active.puzzle(), session.game.moves());
    if verdict != active.verdict {
        if let Verdict::Solved { .. } = verdict {
            let id = active.puzzle().id.clone();
            let p = progress.get(paths.as_deref(), &mut notice);
            if !p.is_solved(&id) {
                p.record_solved(&id);
                progress.save(paths.as_deref(), &mut notice);
            }
        }
        active.verdict = verdict;
    }
    // A failed attempt stops the engine (Retry or undo go on).
    let failed = matches!(verdict, Verdict::Failed(_));
    if session.paused != failed {
        session.paused = failed;
    }
}

/// Menu from a puzzle goes back to the puzzle list.
fn back_to_list(mut commands_in: MessageReader<GameCommand>, mut next: ResMut<NextState<Screen>>) {
    if commands_in.read().any(|c| *c == GameCommand::Menu) {
        next.set(Screen::Puzzles);
    }
}

fn end_attempt(mut commands: Commands) {
    commands.remove_resource::<ActivePuzzle>();
}
