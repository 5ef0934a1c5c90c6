//! The player's rating in the game: a game against a level played to its
//! end is rated once, from the player's side, and saved; take-backs weigh
//! it down; hot-seat games are not rated.

use super::{instant_backend, logic_app, run_until, session};
use crate::engine::Level;
use crate::game::play::session::{BoardInput, GameCommand, GameSetup};
use crate::game::{Mode, Screen};
use crate::rules::{Position, Square};
use crate::store::Players;
use crate::store::paths::Paths;
use crate::store::profile::{Profile, expected};
use bevy::prelude::*;
use std::path::Path;

fn app_in(home: &Path, mode: Mode) -> App {
    let mut app = logic_app(Some(home), instant_backend());
    app.insert_resource(GameSetup {
        players: Players::new(mode, 2, 2),
        start: Position::startpos(),
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    app
}

fn click(app: &mut App, name: &str) {
    app.world_mut()
        .write_message(BoardInput::Click(Square::parse(name).expect("square")));
    app.update();
}

fn command(app: &mut App, c: GameCommand) {
    app.world_mut().write_message(c);
    app.update();
    app.update();
}

fn profile(home: &Path) -> Profile {
    Profile::load(&Paths::under(home).profile_file()).0
}

/// Red plays the central cannon and waits for the computer's reply.
fn open_with_the_cannon(app: &mut App) {
    click(app, "h2");
    click(app, "e2");
    run_until(app, "the computer's reply", |a| session(a).game.ply() == 2);
}

#[test]
fn a_lost_game_against_a_level_lowers_a_first_rating_below_the_level() {
    let home = tempfile::tempdir().unwrap();
    let mut app = app_in(home.path(), Mode::Red);
    open_with_the_cannon(&mut app);
    command(&mut app, GameCommand::Resign);
    assert!(session(&app).game.outcome().is_some());
    let p = profile(home.path());
    let level = f64::from(Level::new(2).unwrap().rating());
    // A first rating starts 100 below the level; a loss takes 40 · E from it.
    let want = level - 100.0 - 40.0 * expected(level - 100.0, level);
    assert_eq!(p.games, 1);
    assert!((p.rating.unwrap() - want).abs() < 1e-6, "{p:?}");
    assert_eq!(p.history[0].score, 0.0);
    // Stepping back and resigning again does not rate the game twice.
    command(&mut app, GameCommand::Undo);
    command(&mut app, GameCommand::Resign);
    assert_eq!(profile(home.path()).games, 1);
}

#[test]
fn take_backs_halve_a_game_and_hot_seat_is_not_rated() {
    let home = tempfile::tempdir().unwrap();
    let mut app = app_in(home.path(), Mode::Red);
    open_with_the_cannon(&mut app);
    // Three take-backs, each played again.
    for _ in 0..3 {
        command(&mut app, GameCommand::Undo);
        assert_eq!(session(&app).game.ply(), 0);
        open_with_the_cannon(&mut app);
    }
    command(&mut app, GameCommand::Resign);
    let p = profile(home.path());
    // Taken back to the start: not rated at all.
    assert_eq!(p.games, 0, "{p:?}");

    let home = tempfile::tempdir().unwrap();
    let mut app = app_in(home.path(), Mode::Red);
    open_with_the_cannon(&mut app);
    click(&mut app, "b2");
    click(&mut app, "c2");
    run_until(&mut app, "the second reply", |a| session(a).game.ply() == 4);
    for _ in 0..3 {
        command(&mut app, GameCommand::Undo);
        assert_eq!(session(&app).game.ply(), 2);
        click(&mut app, "b2");
        click(&mut app, "c2");
        run_until(&mut app, "the reply", |a| session(a).game.ply() == 4);
    }
    command(&mut app, GameCommand::Resign);
    let p = profile(home.path());
    assert_eq!((p.games, p.history[0].weight), (1, 0.5), "{p:?}");

    let home = tempfile::tempdir().unwrap();
    let mut app = app_in(home.path(), Mode::Hotseat);
    click(&mut app, "h2");
    click(&mut app, "e2");
    command(&mut app, GameCommand::Resign);
    assert!(session(&app).game.outcome().is_some());
    assert_eq!(profile(home.path()).games, 0);
}
