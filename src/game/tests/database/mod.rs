//! The game database in the game: a game played to its end is added as the
//! player's own (once); an opened record stepped to its end is not; the
//! explorer answers for the shown position off the main thread, and its
//! rows play a move and open a game.

mod explorer;

use super::{instant_backend, logic_app, run_until, session, slow_backend};
use crate::game::play::browse::{Browse, shown_ply};
use crate::game::play::explorer::{Explorer, ExplorerCommand};
use crate::game::play::game_db::{DbCommand, DbImport};
use crate::game::play::records::open_record;
use crate::game::play::session::{BoardInput, GameOpener, GameSetup};
use crate::game::{Mode, Screen};
use crate::rules::{Color, Position, Square};
use crate::store::Players;
use crate::store::db::{Database, Filter, Owner};
use crate::store::paths::Paths;
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use std::path::Path;

fn app_in(home: &Path, mode: Mode, start: Position) -> App {
    let mut app = logic_app(Some(home), instant_backend());
    app.insert_resource(GameSetup {
        players: Players::new(mode, 1, 1),
        start,
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

fn stored(home: &Path) -> Vec<(Owner, usize)> {
    let path = Paths::under(home).database_file();
    try_stored(home).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// [`stored`], or why the database does not open (yet: the game's own
/// writer may be creating it at this moment).
fn try_stored(home: &Path) -> Result<Vec<(Owner, usize)>, String> {
    let path = Paths::under(home).database_file();
    if !path.exists() {
        return Ok(Vec::new());
    }
    let db = Database::open(&path).map_err(|e| e.to_string())?;
    let start = Position::from_fen(MATE_START).expect("fen");
    db.games_at(&start, &Filter::default(), 0, 100)
        .map_err(|e| e.to_string())?
        .iter()
        .map(|row| {
            let g = db.load(row.id).map_err(|e| e.to_string())?;
            Ok((g.owner, g.opened.game.all_moves().len()))
        })
        .collect()
}

/// A hot-seat game from the start with the store under `home` and the
/// games of `collection` imported into its database.
fn hotseat_with(home: &Path, collection: std::path::PathBuf) -> App {
    let mut app = logic_app(Some(home), slow_backend());
    app.insert_resource(GameSetup {
        players: Players::new(Mode::Hotseat, 1, 1),
        start: Position::startpos(),
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.world_mut()
        .write_message(DbCommand::Import(vec![collection]));
    run_until(&mut app, "the import", |app| {
        app.world().resource::<DbImport>().summary.is_some()
    });
    app
}

const MATE_START: &str = "4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1";

#[test]
fn a_game_played_to_its_end_is_added_as_the_players_own_once() {
    let home = tempfile::tempdir().unwrap();
    let mut app = app_in(
        home.path(),
        Mode::Red,
        Position::from_fen(MATE_START).unwrap(),
    );
    click(&mut app, "i0");
    click(&mut app, "i9");
    assert!(session(&app).game.outcome().is_some());
    run_until(&mut app, "the game in the database", |_| {
        try_stored(home.path()).is_ok_and(|games| !games.is_empty())
    });
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(stored(home.path()), [(Owner::Mine(Color::Red), 1)]);
}

#[test]
fn an_opened_record_stepped_to_its_end_is_not_the_players_game() {
    let home = tempfile::tempdir().unwrap();
    let mut app = app_in(home.path(), Mode::Hotseat, Position::startpos());
    let record = open_record(
        format!("[FEN \"{MATE_START}\"]\n[Result \"1-0\"]\n\n1. i0i9 1-0\n").as_bytes(),
    )
    .expect("the record opens");
    app.world_mut()
        .run_system_once(move |mut opener: GameOpener| opener.open(record.game.clone(), None, None))
        .expect("opened");
    for _ in 0..20 {
        app.update();
    }
    assert!(
        session(&app).game.outcome().is_some(),
        "the record ends in mate"
    );
    assert!(stored(home.path()).is_empty(), "{:?}", stored(home.path()));
}

#[test]
fn the_names_the_game_saves_for_the_player_are_the_ones_a_rebuild_looks_for() {
    use crate::game::i18n::{Lang, Phrase};
    assert_eq!(
        [Phrase::Human.get(Lang::Zh), Phrase::Human.get(Lang::En)],
        crate::store::db::HUMAN_NAMES
    );
}

#[test]
fn a_damaged_database_is_set_aside_rebuilt_and_said_once() {
    let home = tempfile::tempdir().unwrap();
    let path = Paths::under(home.path()).database_file();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, vec![0x5a; 4096]).unwrap();
    let mut app = app_in(
        home.path(),
        Mode::Red,
        Position::from_fen(MATE_START).unwrap(),
    );
    click(&mut app, "i0");
    click(&mut app, "i9");
    run_until(&mut app, "the notice of the rebuild", |app| {
        app.world()
            .resource::<crate::game::notice::Notice>()
            .current
            .as_ref()
            .is_some_and(|n| n.what == crate::game::i18n::Phrase::DatabaseRebuilt)
    });
    let notice = app.world().resource::<crate::game::notice::Notice>();
    let text = notice.current.clone().unwrap();
    assert!(text.error);
    assert!(
        text.detail.contains("games.sqlite.set-aside-1"),
        "{}",
        text.detail
    );
    // In the interface's language, and "set aside" and "rebuilt" said once
    // (by the heading).
    assert!(text.detail.contains("原文件保存为"), "{}", text.detail);
    assert!(!text.detail.contains("rebuilt"), "{}", text.detail);
    let serial = notice.serial;
    assert_eq!(
        std::fs::read(path.with_file_name("games.sqlite.set-aside-1")).unwrap(),
        vec![0x5a; 4096],
        "the old file is kept as it was"
    );
    // The game is in the new database, and the notice is not said again.
    run_until(&mut app, "the game in the new database", |_| {
        try_stored(home.path()).is_ok_and(|games| !games.is_empty())
    });
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(stored(home.path()), [(Owner::Mine(Color::Red), 1)]);
    let notice = app.world().resource::<crate::game::notice::Notice>();
    assert!(
        notice.serial == serial
            || notice
                .current
                .as_ref()
                .is_none_or(|n| n.what != crate::game::i18n::Phrase::DatabaseRebuilt)
    );
}

/// The files in the saved-games folder.
fn saved_games(home: &Path) -> usize {
    std::fs::read_dir(Paths::under(home).games_dir()).map_or(0, |d| d.count())
}

/// The game's database under `home`, its write lock held by another
/// connection (another program) past SQLite's wait, until it commits.
fn another_program_writing(home: &Path) -> rusqlite::Connection {
    let path = Paths::under(home).database_file();
    drop(Database::open(&path).expect("a database"));
    let other = rusqlite::Connection::open(&path).expect("a second connection");
    other
        .execute_batch("BEGIN IMMEDIATE")
        .expect("the write lock");
    other
}

#[test]
fn a_game_finished_while_another_program_writes_is_kept_and_added_later() {
    let home = tempfile::tempdir().unwrap();
    let other = another_program_writing(home.path());
    let mut app = app_in(
        home.path(),
        Mode::Red,
        Position::from_fen(MATE_START).unwrap(),
    );
    click(&mut app, "i0");
    click(&mut app, "i9");
    assert!(session(&app).game.outcome().is_some());
    run_until(&mut app, "the game kept in saved games", |_| {
        saved_games(home.path()) == 1
    });
    assert_eq!(stored(home.path()), []);
    // Tried again (in vain) while the lock is held, then added once it goes.
    for _ in 0..200 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    other.execute_batch("COMMIT").expect("the lock let go");
    drop(other);
    run_until(&mut app, "the game in the database", |_| {
        try_stored(home.path()).is_ok_and(|games| !games.is_empty())
    });
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(stored(home.path()), [(Owner::Mine(Color::Red), 1)]);
    assert_eq!(saved_games(home.path()), 1);
}

#[test]
fn a_game_still_waiting_when_the_program_ends_is_added_at_the_next_start() {
    let home = tempfile::tempdir().unwrap();
    let paths = Paths::under(home.path());
    let other = another_program_writing(home.path());
    let mut app = app_in(
        home.path(),
        Mode::Red,
        Position::from_fen(MATE_START).unwrap(),
    );
    click(&mut app, "i0");
    click(&mut app, "i9");
    run_until(&mut app, "the game kept in saved games", |_| {
        paths.waiting_games_file().exists()
    });
    let list = crate::store::db::waiting::load(&paths.waiting_games_file()).unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].owner(), Owner::Mine(Color::Red));
    assert!(list[0].saved.starts_with(paths.games_dir()), "{list:?}");
    // The program ends while the lock is still held.
    drop(app);
    other.execute_batch("COMMIT").expect("the lock let go");
    drop(other);
    assert_eq!(stored(home.path()), []);
    // The next start adds it, once, and the list is gone.
    let mut app = app_in(home.path(), Mode::Black, Position::startpos());
    run_until(&mut app, "the waiting game in the database", |_| {
        try_stored(home.path()).is_ok_and(|games| !games.is_empty())
    });
    run_until(&mut app, "the list removed", |_| {
        !paths.waiting_games_file().exists()
    });
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(stored(home.path()), [(Owner::Mine(Color::Red), 1)]);
    assert_eq!(saved_games(home.path()), 1);
}
