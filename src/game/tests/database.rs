//! The game database in the game: a game played to its end is added as the
//! player's own (once); an opened record stepped to its end is not; the
//! explorer answers for the shown position off the main thread, and its
//! rows play a move and open a game.

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
fn the_explorer_answers_for_the_shown_position_and_its_rows_act() {
    let home = tempfile::tempdir().unwrap();
    let collection = home.path().join("cup.pgn");
    std::fs::write(
        &collection,
        "[Red \"A\"]\n[Black \"B\"]\n[Date \"2001.01.01\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n\
         [Red \"C\"]\n[Black \"D\"]\n[Date \"2002.02.02\"]\n[Result \"0-1\"]\n\n1. h2e2 b9c7 0-1\n\n\
         [Red \"E\"]\n[Black \"F\"]\n[Date \"2003.03.03\"]\n[Result \"1/2-1/2\"]\n\n1. b0c2 1/2-1/2\n",
    )
    .unwrap();
    let mut app = hotseat_with(home.path(), collection);
    assert_eq!(
        app.world()
            .resource::<DbImport>()
            .summary
            .as_ref()
            .unwrap()
            .added,
        3
    );

    app.world_mut().write_message(ExplorerCommand::Toggle);
    let start = Position::startpos();
    run_until(&mut app, "the answer for the start", |app| {
        app.world()
            .resource::<Explorer>()
            .answer_for(&start)
            .is_some()
    });
    let answer = app
        .world()
        .resource::<Explorer>()
        .answer_for(&start)
        .cloned()
        .unwrap();
    assert_eq!(answer.table.games, 3);
    assert_eq!(answer.table.moves[0].mv.to_string(), "h2e2");
    assert_eq!(answer.games.len(), 3);
    assert_eq!(answer.games[0].red, "E", "newest first");

    // The most played move is played on the board (hot-seat, Red to move).
    app.world_mut().write_message(ExplorerCommand::PlayRow(0));
    app.update();
    app.update();
    assert_eq!(session(&app).game.ply(), 1);
    let after = *session(&app).position();
    run_until(&mut app, "the answer after 1. h2e2", |app| {
        app.world()
            .resource::<Explorer>()
            .answer_for(&after)
            .is_some()
    });
    let answer = app
        .world()
        .resource::<Explorer>()
        .answer_for(&after)
        .cloned()
        .unwrap();
    assert_eq!(answer.table.games, 2);
    // Black to move: one win (0-1), one loss.
    assert_eq!((answer.table.all.wins, answer.table.all.losses), (1, 1));

    // A game of the list opens at the ply where it stood here.
    app.world_mut().write_message(ExplorerCommand::OpenRow(0));
    run_until(&mut app, "the opened game", |app| {
        session(app).game.all_moves().get(1).map(|m| m.to_string()) == Some("b9c7".into())
    });
    for _ in 0..3 {
        app.update();
    }
    let shown = shown_ply(session(&app), Some(app.world().resource::<Browse>()));
    assert_eq!(shown, 1, "shown where it stood at the position");
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

#[test]
fn the_explorers_years_and_typed_player_choose_the_games() {
    use crate::game::play::explorer::filter::year_stops;
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    let home = tempfile::tempdir().unwrap();
    let collection = home.path().join("years.pgn");
    std::fs::write(
        &collection,
        "[Red \"Hu Ronghua\"]\n[Black \"B\"]\n[Date \"1995.01.01\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n\
         [Red \"Lu Qin\"]\n[Black \"D\"]\n[Date \"2003.02.02\"]\n[Result \"0-1\"]\n\n1. h2e2 b9c7 0-1\n\n\
         [Red \"Xu Yinchuan\"]\n[Black \"Lu Qin\"]\n[Date \"2012.03.03\"]\n[Result \"1/2-1/2\"]\n\n1. b0c2 1/2-1/2\n",
    )
    .unwrap();
    let mut app = hotseat_with(home.path(), collection);
    app.world_mut().write_message(ExplorerCommand::Toggle);
    let start = Position::startpos();
    let games = |app: &mut App, why: &str| -> u32 {
        run_until(app, why, |app| {
            let e = app.world().resource::<Explorer>();
            e.answer_for(&start).is_some() && !e.is_busy()
        });
        app.world()
            .resource::<Explorer>()
            .answer_for(&start)
            .unwrap()
            .table
            .games
    };
    assert_eq!(games(&mut app, "all games"), 3);
    // Since 2000: the stops up to 2000, one press each.
    let stops = year_stops();
    let to_2000 = stops.iter().position(|&y| y == 2000).unwrap() + 1;
    for _ in 0..to_2000 {
        app.world_mut().write_message(ExplorerCommand::Since(1));
    }
    app.update();
    assert_eq!(
        app.world().resource::<Explorer>().filter.since.as_deref(),
        Some("2000")
    );
    assert_eq!(games(&mut app, "since 2000"), 2);
    // Until 2005: back from "any" through the later stops.
    let back = stops.len() - stops.iter().position(|&y| y == 2005).unwrap();
    for _ in 0..back {
        app.world_mut().write_message(ExplorerCommand::Until(-1));
    }
    app.update();
    assert_eq!(
        app.world().resource::<Explorer>().filter.until.as_deref(),
        Some("2005")
    );
    assert_eq!(games(&mut app, "2000 to 2005"), 1);
    // The end cannot go before the start: it pushes the start back.
    for _ in 0..3 {
        app.world_mut().write_message(ExplorerCommand::Until(-1));
    }
    app.update();
    let f = app.world().resource::<Explorer>().filter.clone();
    assert!(f.since <= f.until, "{f:?}");
    // Any years again, then a typed player: "Lu" is in two games, on
    // either side; the keys type into the line, not into shortcuts.
    app.world_mut().resource_mut::<Explorer>().filter.since = None;
    app.world_mut().resource_mut::<Explorer>().filter.until = None;
    app.world_mut().write_message(ExplorerCommand::PlayerField);
    app.update();
    assert_eq!(
        app.world().resource::<Explorer>().typing.as_deref(),
        Some("")
    );
    let press = |app: &mut App, key: Key, text: Option<&str>| {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::KeyA,
            logical_key: key,
            state: ButtonState::Pressed,
            text: text.map(Into::into),
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    };
    for c in ["L", "u", "x"] {
        press(&mut app, Key::Character(c.into()), Some(c));
    }
    press(&mut app, Key::Backspace, None);
    assert_eq!(
        app.world().resource::<Explorer>().typing.as_deref(),
        Some("Lu")
    );
    assert!(
        session(&app).game.ply() == 0 && !session(&app).flipped,
        "no shortcut ran"
    );
    press(&mut app, Key::Enter, None);
    app.update();
    let e = app.world().resource::<Explorer>();
    assert_eq!(
        (e.typing.as_deref(), e.filter.player.as_deref()),
        (None, Some("Lu"))
    );
    assert_eq!(games(&mut app, "Lu's games"), 2);
    app.world_mut().write_message(ExplorerCommand::Player(None));
    app.update();
    assert_eq!(games(&mut app, "everyone again"), 3);
}

/// The files in the saved-games folder.
fn saved_games(home: &Path) -> usize {
    std::fs::read_dir(Paths::under(home).games_dir()).map_or(0, |d| d.count())
}

#[test]
fn a_game_finished_while_another_program_writes_is_kept_and_added_later() {
    let home = tempfile::tempdir().unwrap();
    let path = Paths::under(home.path()).database_file();
    drop(Database::open(&path).expect("a database"));
    // Another program holds the write lock past SQLite's wait.
    let other = rusqlite::Connection::open(&path).expect("a second connection");
    other
        .execute_batch("BEGIN IMMEDIATE")
        .expect("the write lock");
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
