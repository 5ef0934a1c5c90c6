//! Headless tests of the game logic: browsing the game, the autosave
//! round trip through the app (save, drop the app, continue in a new one),
//! and opening a position during a game. The helpers serve the puzzle
//! attempts' tests too.

use super::{instant_backend, logic_app};
use crate::game::play::autosave::ContinueGame;
use crate::game::play::browse::{Browse, BrowseCommand, shown_last_move, shown_position};
use crate::game::play::session::{BoardInput, GameCommand, GameSetup, Session};
use crate::game::{Mode, Screen};
use crate::rules::{Move, Position, Square};
use crate::store::Paths;
use crate::store::Players;
use crate::store::test_util::TempDir;
use bevy::prelude::*;
use std::path::Path;

/// The logic plugins with the store under `home`, on `screen`.
pub(super) fn app_in(home: &Path, setup: GameSetup, screen: Screen) -> App {
    let mut app = logic_app(Some(home), instant_backend());
    app.insert_resource(setup);
    app.insert_state(screen);
    app.update();
    app.update();
    app
}

pub(super) fn setup(mode: Mode) -> GameSetup {
    GameSetup {
        players: Players::new(mode, 2, 5),
        start: Position::startpos(),
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn play(app: &mut App, from: &str, to: &str) {
    app.world_mut().write_message(BoardInput::Click(sq(from)));
    app.update();
    app.world_mut().write_message(BoardInput::Click(sq(to)));
    app.update();
}

pub(super) fn play_move(app: &mut App, m: Move) {
    app.world_mut().write_message(BoardInput::Click(m.from()));
    app.update();
    app.world_mut().write_message(BoardInput::Click(m.to()));
    app.update();
}

pub(super) fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

fn browse(app: &App) -> Option<usize> {
    app.world().resource::<Browse>().ply
}

fn send(app: &mut App, c: BrowseCommand) {
    app.world_mut().write_message(c);
    app.update();
}

/// Runs frames until `done` or 100 frames (10 s of game time).
pub(super) fn run_until(app: &mut App, done: impl Fn(&App) -> bool) {
    for _ in 0..100 {
        if done(app) {
            return;
        }
        app.update();
    }
    assert!(done(app), "condition not reached in 100 frames");
}

/// A hot-seat game of four plies.
fn four_plies(home: &Path) -> App {
    let mut app = app_in(home, setup(Mode::Hotseat), Screen::Playing);
    play(&mut app, "h2", "e2");
    play(&mut app, "h9", "g7");
    play(&mut app, "h0", "g2");
    play(&mut app, "i9", "h9");
    assert_eq!(session(&app).game.ply(), 4);
    app
}

#[test]
fn browse_keys_step_through_the_game_and_back_to_live_restores_it() {
    let home = TempDir::new("browse-nav");
    let mut app = four_plies(home.path());
    let live_fen = session(&app).position().fen();
    assert_eq!(browse(&app), None);

    // ← from the live game: the position before the last move.
    send(&mut app, BrowseCommand::Prev);
    assert_eq!(browse(&app), Some(3));
    let shown = shown_position(session(&app), Some(app.world().resource::<Browse>()));
    assert_eq!(shown, *session(&app).game.position_at(3).unwrap());
    assert_eq!(
        shown_last_move(session(&app), Some(app.world().resource::<Browse>())),
        Some(session(&app).game.moves()[2]),
        "the browsed position marks the move that led to it"
    );
    // Home: the start, with no last move.
    send(&mut app, BrowseCommand::First);
    assert_eq!(browse(&app), Some(0));
    assert_eq!(
        shown_last_move(session(&app), Some(app.world().resource::<Browse>())),
        None
    );
    // ← at the start stays there; → steps forward.
    send(&mut app, BrowseCommand::Prev);
    assert_eq!(browse(&app), Some(0));
    send(&mut app, BrowseCommand::Next);
    send(&mut app, BrowseCommand::Next);
    assert_eq!(browse(&app), Some(2));
    // → up to the last move returns to the live game.
    send(&mut app, BrowseCommand::Next);
    send(&mut app, BrowseCommand::Next);
    assert_eq!(browse(&app), None);
    // A click on a move, then End.
    send(&mut app, BrowseCommand::Goto(1));
    assert_eq!(browse(&app), Some(1));
    send(&mut app, BrowseCommand::Last);
    assert_eq!(browse(&app), None);
    // "Back to game" after Home.
    send(&mut app, BrowseCommand::First);
    send(&mut app, BrowseCommand::Exit);
    assert_eq!(browse(&app), None);
    // Reviewing never changed the game.
    assert_eq!(session(&app).position().fen(), live_fen);
    assert_eq!(session(&app).game.ply(), 4);
}

#[test]
fn play_from_here_continues_from_a_browsed_move_and_undo_leaves_browsing() {
    let home = TempDir::new("browse-play");
    let mut app = four_plies(home.path());
    send(&mut app, BrowseCommand::Goto(2));
    send(&mut app, BrowseCommand::PlayFromHere);
    assert_eq!(browse(&app), None);
    assert_eq!(session(&app).game.ply(), 2);
    assert_eq!(
        session(&app).game.all_moves().len(),
        4,
        "the rest can be redone"
    );

    // Undo while browsing shows the live game again.
    send(&mut app, BrowseCommand::First);
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    assert_eq!(browse(&app), None);
    assert_eq!(session(&app).game.ply(), 1);
}

#[test]
fn a_finished_game_is_browsable_from_start_to_end() {
    let home = TempDir::new("browse-over");
    let mut app = four_plies(home.path());
    app.world_mut().write_message(GameCommand::Resign);
    app.update();
    app.update();
    assert!(session(&app).game.outcome().is_some());
    send(&mut app, BrowseCommand::First);
    assert_eq!(browse(&app), Some(0));
    for want in 1..4 {
        send(&mut app, BrowseCommand::Next);
        assert_eq!(browse(&app), Some(want));
    }
    send(&mut app, BrowseCommand::Next);
    assert_eq!(browse(&app), None);
}

#[test]
fn continue_restores_the_autosaved_game_exactly_after_the_app_is_gone() {
    let home = TempDir::new("autosave");
    let (moves, ply, fen, setup_before) = {
        let mut app = app_in(home.path(), setup(Mode::Black), Screen::Playing);
        // The AI (Red) opens; the human answers; the AI replies; undo one turn.
        run_until(&mut app, |a| session(a).game.ply() == 1);
        let pos = *session(&app).position();
        let reply = pos.legal_moves()[0];
        play_move(&mut app, reply);
        run_until(&mut app, |a| session(a).game.ply() == 3);
        let pos = *session(&app).position();
        play_move(&mut app, pos.legal_moves()[0]);
        run_until(&mut app, |a| session(a).game.ply() == 5);
        app.world_mut().write_message(GameCommand::Undo);
        app.update();
        app.update();
        let s = session(&app);
        assert_eq!(s.game.ply(), 3);
        assert_eq!(s.game.all_moves().len(), 5);
        (
            s.game.all_moves().to_vec(),
            s.game.ply(),
            s.position().fen(),
            s.setup.clone(),
        )
        // The app is dropped here: the "killed" process.
    };
    assert!(Paths::under(home.path()).autosave_file().is_file());

    // A new app, on the menu with a different setup, continues.
    let mut app = app_in(home.path(), setup(Mode::Hotseat), Screen::Menu);
    app.world_mut().write_message(ContinueGame);
    app.update();
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    let s = session(&app);
    assert_eq!(s.setup.players.mode, Mode::Black);
    assert_eq!(
        s.setup.players.computers.map(|c| c.level),
        setup_before.players.computers.map(|c| c.level)
    );
    assert_eq!(s.game.all_moves(), moves.as_slice());
    assert_eq!(s.game.ply(), ply);
    assert_eq!(s.position().fen(), fen);
    assert!(s.flipped, "the human plays Black at the bottom");
    // Black (the human) is to move, so redo still has the AI's reply.
    app.world_mut().write_message(GameCommand::Redo);
    app.update();
    assert_eq!(session(&app).game.ply(), 5);
}

#[test]
fn a_new_game_keeps_the_unfinished_autosaved_game_in_the_saved_games() {
    let home = TempDir::new("autosave-new-game");
    let paths = Paths::under(home.path());
    {
        let mut app = app_in(home.path(), setup(Mode::Hotseat), Screen::Playing);
        play(&mut app, "h2", "e2");
        play(&mut app, "h9", "g7");
        app.update();
        assert_eq!(session(&app).game.ply(), 2);
    }
    // Another app, a new game from the menu: the old one is kept.
    let mut app = app_in(home.path(), setup(Mode::Red), Screen::Playing);
    app.update();
    let kept: Vec<_> = std::fs::read_dir(paths.games_dir())
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let game = crate::store::library::load(&kept[0]).unwrap();
    assert_eq!(game.moves.len(), 2);
    // New game on the board: the new, empty game has nothing to keep.
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(std::fs::read_dir(paths.games_dir()).unwrap().count(), 1);
}

#[test]
fn a_corrupt_autosave_is_reported_and_left_alone() {
    let home = TempDir::new("autosave-bad");
    let file = Paths::under(home.path()).autosave_file();
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, b"{ \"version\": 1, \"mode\": ").unwrap();
    let mut app = app_in(home.path(), setup(Mode::Hotseat), Screen::Menu);
    app.world_mut().write_message(ContinueGame);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    let notice = app.world().resource::<crate::game::notice::Notice>();
    let text = notice.current.as_ref().expect("a notice");
    assert!(text.error && text.detail.contains("autosave"), "{text:?}");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        b"{ \"version\": 1, \"mode\": ",
        "never overwritten"
    );
}

#[test]
fn opening_a_position_during_a_game_replaces_the_game_on_the_board() {
    use crate::game::play::session::GameOpener;
    use bevy::ecs::system::RunSystemOnce;
    let home = TempDir::new("open-in-game");
    let mut app = app_in(home.path(), setup(Mode::Hotseat), Screen::Playing);
    play(&mut app, "h2", "e2");
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    let game = crate::rules::Game::new(Position::from_fen(fen).unwrap());
    app.world_mut()
        .run_system_once(move |mut opener: GameOpener| opener.open(game.clone(), None, None))
        .unwrap();
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(session(&app).game.position().fen(), fen);
    assert_eq!(session(&app).game.ply(), 0);
}
