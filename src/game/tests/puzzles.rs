//! Headless tests of puzzle attempts: one that succeeds and is saved, one
//! that fails, stops the engine and is tried again.

use super::browse::{app_in, play_move, run_until, session, setup};
use crate::game::play::puzzle::{ActivePuzzle, StartPuzzle};
use crate::game::play::session::GameCommand;
use crate::game::{Mode, Screen};
use crate::rules::{Move, Position};
use crate::store::Paths;
use crate::store::puzzles::{self, Failure, Progress, Verdict};
use crate::store::test_util::TempDir;
use bevy::prelude::*;

/// Red's move that mates at once, if any.
fn mating_move(pos: &Position) -> Option<Move> {
    pos.legal_moves().iter().copied().find(|&m| {
        let mut after = *pos;
        after.make(m);
        after.legal_moves().is_empty()
    })
}

fn verdict(app: &App) -> Verdict {
    ActivePuzzle::verdict(
        app.world()
            .get_resource::<crate::game::play::exercise::ActiveExercise>(),
    )
    .expect("a puzzle on the board")
}

#[test]
fn a_puzzle_mated_in_time_is_solved_and_saved() {
    let home = TempDir::new("puzzle-ok");
    let mut app = app_in(home.path(), setup(Mode::Hotseat), Screen::Puzzles);
    app.world_mut().write_message(StartPuzzle(0));
    app.update();
    app.update();
    let puzzle = &puzzles::all()[0];
    assert_eq!(puzzle.mate_in_plies, 3);
    let s = session(&app);
    assert_eq!(s.setup.players.mode, Mode::Red);
    assert_eq!(s.position().fen(), puzzle.position().unwrap().fen());
    assert_eq!(
        s.setup.player(crate::rules::Color::Black),
        crate::game::play::session::Player::Ai {
            level: crate::engine::Level::MAX.number()
        },
        "the engine defends at full strength"
    );
    play_move(&mut app, puzzle.first_move().unwrap());
    run_until(&mut app, |a| session(a).game.ply() == 2);
    app.update();
    assert!(matches!(
        verdict(&app),
        Verdict::InProgress { plies_left: 1 }
    ));
    let mate = mating_move(session(&app).position()).expect("a mate after the key move");
    play_move(&mut app, mate);
    app.update();
    assert_eq!(verdict(&app), Verdict::Solved { plies: 3 });
    let (progress, _) = Progress::load(&Paths::under(home.path()).puzzle_progress_file());
    assert!(progress.is_solved(&puzzle.id));
    assert_eq!(progress.attempts(&puzzle.id), 1);
    // Puzzle attempts are not the game Continue restores.
    assert!(!Paths::under(home.path()).autosave_file().exists());
}

#[test]
fn a_puzzle_not_mated_in_time_fails_stops_the_engine_and_can_be_retried() {
    let home = TempDir::new("puzzle-fail");
    let mut app = app_in(home.path(), setup(Mode::Hotseat), Screen::Puzzles);
    app.world_mut().write_message(StartPuzzle(0));
    app.update();
    app.update();
    // Two quiet Red moves (no mate): out of moves after three plies.
    let quiet = |pos: &Position| {
        pos.legal_moves()
            .iter()
            .copied()
            .find(|&m| {
                let mut after = *pos;
                after.make(m);
                !after.in_check() && !after.legal_moves().is_empty()
            })
            .expect("a quiet move")
    };
    let m = quiet(session(&app).position());
    play_move(&mut app, m);
    run_until(&mut app, |a| session(a).game.ply() == 2);
    let m = quiet(session(&app).position());
    play_move(&mut app, m);
    app.update();
    assert_eq!(verdict(&app), Verdict::Failed(Failure::OutOfMoves));
    // The engine stops: the exercise waits for no reply (no board paused).
    assert!(!session(&app).paused);
    let exercise = app
        .world()
        .resource::<crate::game::play::exercise::ActiveExercise>();
    assert!(exercise.exercise().standing().is_over());
    assert_eq!(exercise.exercise().mover(), None);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(session(&app).game.ply(), 3, "no reply after the failure");
    let (progress, _) = Progress::load(&Paths::under(home.path()).puzzle_progress_file());
    assert!(!progress.is_solved(&puzzles::all()[0].id));

    // Retry: the puzzle again from its start.
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(session(&app).game.ply(), 0);
    assert!(!session(&app).paused);
    assert!(matches!(
        verdict(&app),
        Verdict::InProgress { plies_left: 3 }
    ));
    // Menu from a puzzle goes back to the list.
    app.world_mut().write_message(GameCommand::Menu);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Puzzles
    );
    assert!(app.world().get_resource::<ActivePuzzle>().is_none());
}
