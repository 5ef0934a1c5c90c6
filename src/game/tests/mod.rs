//! Headless tests of the game logic: `MinimalPlugins` + `StatesPlugin` +
//! the logic plugins, no window, renderer or audio, time advanced by hand.

mod analysis;
mod browse;
mod clock;
mod course;
mod database;
mod dialogs;
mod doors;
mod editor;
mod engines;
mod engines_play;
mod first_start;
mod game_review;
mod keyboard;
mod puzzles;
mod rating;
mod settings;
mod speech;
mod threads;
mod trainer;
mod turns;
mod variations;

use crate::game::play::Turn;
use crate::game::play::ai::{AiBackend, AiState};
use crate::game::play::search::SearchJob;
use crate::game::play::session::{
    AiMoveChosen, BoardChanged, BoardInput, GameCommand, GameSetup, IllegalInput, Selection,
    Session,
};
use crate::game::{Mode, Screen, logic_plugins};
use crate::rules::{GameResult, Move, Position, Reason, Square};
use crate::store::Players;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Messages the logic wrote, collected each frame.
#[derive(Resource, Default)]
struct Log {
    changed: Vec<BoardChanged>,
    illegal: Vec<IllegalInput>,
}

fn collect(
    mut changed: MessageReader<BoardChanged>,
    mut illegal: MessageReader<IllegalInput>,
    mut log: ResMut<Log>,
) {
    log.changed.extend(changed.read().copied());
    log.illegal.extend(illegal.read().copied());
}

/// A search that thinks until it is told to stop (or for 5 s at most).
pub(crate) fn slow_backend() -> AiBackend {
    AiBackend(Arc::new(|job: SearchJob, _level: u8| {
        let t0 = Instant::now();
        while !job.stop.load(Ordering::Relaxed) && t0.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(1));
        }
        job.position.legal_moves().first().copied()
    }))
}

/// A search that answers at once with the first legal move.
fn instant_backend() -> AiBackend {
    AiBackend(Arc::new(|job: SearchJob, _level: u8| {
        job.position.legal_moves().first().copied()
    }))
}

/// A game in `mode` from `start`; the AI (if any) thinks until stopped.
pub(crate) fn test_app(mode: Mode, start: Position) -> App {
    test_app_with(mode, start, slow_backend())
}

fn test_app_with(mode: Mode, start: Position, backend: AiBackend) -> App {
    let mut app = app_before_start(mode, start, backend);
    app.insert_state(Screen::Playing);
    app.init_resource::<Log>().add_systems(Last, collect);
    app.update();
    app.update();
    app
}

/// The logic plugins on frames of 100 ms, with the store under `home`
/// (none when `None`) and `backend` for the AI; no screen entered yet.
pub(crate) fn logic_app(home: Option<&std::path::Path>, backend: AiBackend) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    // The window's keys, as the input plugin gives them (fields that are
    // typed into read them).
    app.add_message::<bevy::input::keyboard::KeyboardInput>()
        .init_resource::<ButtonInput<KeyCode>>();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    if let Some(home) = home {
        app.insert_resource(crate::game::settings::StorePaths(Some(
            crate::store::paths::Paths::under(home),
        )));
    }
    logic_plugins(&mut app);
    app.insert_resource(backend);
    // No desktop is asked for a file: a test that wants a dialog's answer
    // puts its own stand-in here.
    app.insert_resource(
        crate::game::desktop::file_dialog::answering(
            crate::game::desktop::file_dialog::DialogOutcome::NoDialog(
                crate::game::desktop::file_dialog::NoDialog::NoPortal,
            ),
        )
        .0,
    );
    app
}

/// The logic plugins, `backend` and a game in `mode` from `start` set up,
/// frames of 100 ms; the game starts once [`Screen::Playing`] is set.
fn app_before_start(mode: Mode, start: Position, backend: AiBackend) -> App {
    let mut app = logic_app(None, backend);
    app.insert_resource(GameSetup {
        players: Players::new(mode, 1, 1),
        start,
    });
    app
}

/// Runs frames (with a little sleep, for the search threads) until `done`;
/// fails after a minute, naming `what` was awaited.
pub(crate) fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let t0 = std::time::Instant::now();
    while !done(app) {
        assert!(
            t0.elapsed() < Duration::from_secs(60),
            "{what}: not reached"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// The project's own binary, built beside the test executables by `cargo
/// test` (the integration tests need it too) or `cargo build`.
pub(crate) fn our_binary() -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("the test executable");
    let dir = exe
        .parent()
        .and_then(std::path::Path::parent)
        .expect("target/<profile>");
    let bin = dir.join("xiangqi");
    assert!(
        bin.is_file(),
        "{} is missing: build it first (`cargo build`; `cargo test` does)",
        bin.display()
    );
    bin
}

/// The command line that runs a fake engine's `script` (written to `dir`
/// as `name`) through `sh`, so that no test execs a file another test's
/// thread may still hold open for writing ("text file busy").
pub(crate) fn sh_engine(dir: &std::path::Path, name: &str, script: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn click(app: &mut App, name: &str) {
    app.world_mut().write_message(BoardInput::Click(sq(name)));
    app.update();
}

pub(crate) fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

fn turn(app: &App) -> Turn {
    *app.world().resource::<State<Turn>>().get()
}

fn fen(app: &App) -> String {
    session(app).position().fen()
}
