use super::*;
use crate::rules::{Move, Position};
use crate::store::record::open_bytes;
use crate::store::test_util::TempDir;

fn opened(text: &str) -> OpenedGame {
    open_bytes(text.as_bytes()).unwrap().swap_remove(0)
}

fn add(db: &mut Database, text: &str, owner: Owner) -> Added {
    let g = opened(text);
    db.add(&NewGame {
        opened: &g,
        source: "test",
        owner,
    })
    .unwrap()
}

fn after(moves: &[&str]) -> Position {
    let mut p = Position::startpos();
    for m in moves {
        p.play(Move::from_iccs(m).unwrap()).unwrap();
    }
    p
}

fn mv(iccs: &str) -> Move {
    Move::from_iccs(iccs).unwrap()
}

/// Adds `games` of the benchmark's generated games (`seed`'s).
fn add_generated(db: &mut Database, games: usize, seed: u64) {
    let text = bench::generate_collection(games, seed);
    for g in open_bytes(text.as_bytes()).unwrap() {
        db.add(&NewGame {
            opened: &g,
            source: "generated",
            owner: Owner::Collected,
        })
        .unwrap();
    }
}

const GAME_A: &str = "[Red \"Lü Qin\"]\n[Black \"Xu Yinchuan\"]\n[Date \"2003.05.01\"]\n[Event \"Cup\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. b0c2 i9h9 1-0\n";
const GAME_B: &str = "[Red \"Hu Ronghua\"]\n[Black \"Lü Qin\"]\n[Date \"1999.10.10\"]\n[Result \"0-1\"]\n\n1. h2e2 b9c7 0-1\n";
// Reaches GAME_A's position after 2. b0c2 by another order.
const GAME_C: &str = "[Red \"Zhao Guorong\"]\n[Black \"Liu Dahua\"]\n[Date \"2010.01.01\"]\n[Result \"1/2-1/2\"]\n\n1. b0c2 h9g7 2. h2e2 i9h9 1/2-1/2\n";

#[test]
fn a_game_is_stored_once_and_read_back_whole() {
    let mut db = Database::in_memory().unwrap();
    let text = "[Red \"A\"]\n[Black \"B\"]\n[Opening \"Central cannon\"]\n[Result \"1-0\"]\n\n1. h2e2 {the cannon} h9g7 (1... b9c7 2. h0g2) 2. h0g2! 1-0\n";
    let Added::New(id) = add(&mut db, text, Owner::Collected) else {
        panic!("the first copy is new");
    };
    assert_eq!(add(&mut db, text, Owner::Collected), Added::Duplicate(id));
    // The same moves between other players are another game.
    let other = text.replace("\"A\"", "\"C\"");
    assert!(matches!(
        add(&mut db, &other, Owner::Collected),
        Added::New(_)
    ));

    let stored = db.load(id).unwrap();
    let game = &stored.opened.game;
    assert_eq!(game.all_moves(), &[mv("h2e2"), mv("h9g7"), mv("h0g2")]);
    assert_eq!(game.tree().variation_count(), 1);
    assert_eq!(game.tree().comment_count(), 1);
    assert_eq!(stored.opened.tag("Red"), Some("A"));
    assert_eq!(stored.opened.tag("Opening"), Some("Central cannon"));
    assert_eq!(stored.opened.result, Some(GameResult::RedWins));
    assert_eq!(stored.source, "test");
    assert!(matches!(db.load(9999), Err(DbError::NoSuchGame(9999))));
}

#[test]
fn a_start_position_other_than_the_standard_one_is_kept() {
    let mut db = Database::in_memory().unwrap();
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    let text = format!("[FEN \"{fen}\"]\n[Result \"*\"]\n\n1. a1a8 *\n");
    let Added::New(id) = add(&mut db, &text, Owner::Collected) else {
        panic!("new");
    };
    let stored = db.load(id).unwrap();
    assert_eq!(
        stored.opened.game.start().fen(),
        Position::from_fen(fen).unwrap().fen()
    );
    assert_eq!(stored.opened.result, None);
}

#[test]
fn the_explorer_counts_moves_and_results_for_the_side_to_move() {
    let mut db = Database::in_memory().unwrap();
    for g in [GAME_A, GAME_B, GAME_C] {
        add(&mut db, g, Owner::Collected);
    }
    let start = db
        .explore(&Position::startpos(), &Filter::default())
        .unwrap();
    assert_eq!(start.games, 3);
    // Red to move: A won, B lost, C drawn.
    assert_eq!(
        (start.all.wins, start.all.draws, start.all.losses),
        (1, 1, 1)
    );
    assert_eq!(start.moves.len(), 2);
    assert_eq!(start.moves[0].mv, mv("h2e2"));
    assert_eq!(start.moves[0].all.games(), 2);
    assert_eq!((start.moves[0].all.wins, start.moves[0].all.losses), (1, 1));
    assert_eq!(start.moves[1].mv, mv("b0c2"));
    assert_eq!(start.moves[1].all.draws, 1);

    // After 1. h2e2, Black to move: B (0-1) is a win for Black.
    let black = db.explore(&after(&["h2e2"]), &Filter::default()).unwrap();
    assert_eq!(black.games, 2);
    let b9c7 = black.moves.iter().find(|m| m.mv == mv("b9c7")).unwrap();
    assert_eq!((b9c7.all.wins, b9c7.all.losses), (1, 0));

    // A transposition: A and C both stand here, by different orders.
    let both = db
        .explore(&after(&["h2e2", "h9g7", "b0c2"]), &Filter::default())
        .unwrap();
    assert_eq!(both.games, 2);
    assert_eq!(both.moves.len(), 1);
    assert_eq!(both.moves[0].mv, mv("i9h9"));
    assert_eq!(both.moves[0].all.games(), 2);

    // The last position of a game has no move from it, but the game counts.
    let end = db
        .explore(&after(&["h2e2", "b9c7"]), &Filter::default())
        .unwrap();
    assert_eq!((end.games, end.moves.len()), (1, 0));
    assert!(
        db.explore(&after(&["a3a4"]), &Filter::default())
            .unwrap()
            .moves
            .is_empty()
    );
}

#[test]
fn filters_choose_the_games() {
    let mut db = Database::in_memory().unwrap();
    add(&mut db, GAME_A, Owner::Collected);
    add(&mut db, GAME_B, Owner::Mine(Color::Black));
    add(&mut db, GAME_C, Owner::Collected);
    let start = Position::startpos();
    let count = |f: Filter| db.explore(&start, &f).unwrap().games;
    assert_eq!(
        count(Filter {
            player: Some("lü qin".into()),
            ..Filter::default()
        }),
        2,
        "names match in part, either side, any case of ASCII"
    );
    assert_eq!(
        count(Filter {
            since: Some("2003".into()),
            ..Filter::default()
        }),
        2
    );
    assert_eq!(
        count(Filter {
            until: Some("2003".into()),
            ..Filter::default()
        }),
        2,
        "until 2003 takes in all of 2003"
    );
    assert_eq!(
        count(Filter {
            since: Some("2000-01-01".into()),
            until: Some("2005.12".into()),
            ..Filter::default()
        }),
        1
    );
    assert_eq!(
        count(Filter {
            player: Some("%".into()),
            ..Filter::default()
        }),
        0,
        "a wildcard in a name is a character"
    );
    // The player's own game: played Black and won.
    let mine = db
        .explore(
            &start,
            &Filter {
                mine_only: true,
                ..Filter::default()
            },
        )
        .unwrap();
    assert_eq!(mine.games, 1);
    assert_eq!(
        (mine.mine.wins, mine.mine.losses),
        (1, 0),
        "for the player, who had Black"
    );
    assert_eq!(mine.all.losses, 1, "for the side to move, Red");
    let all = db.explore(&start, &Filter::default()).unwrap();
    assert_eq!(all.mine.games(), 1);
}

#[test]
fn the_games_at_a_position_come_newest_first_in_pages() {
    let mut db = Database::in_memory().unwrap();
    for g in [GAME_A, GAME_B, GAME_C] {
        add(&mut db, g, Owner::Collected);
    }
    let start = Position::startpos();
    let rows = db.games_at(&start, &Filter::default(), 0, 10).unwrap();
    let reds: Vec<&str> = rows.iter().map(|r| r.red.as_str()).collect();
    assert_eq!(reds, ["Zhao Guorong", "Lü Qin", "Hu Ronghua"]);
    assert_eq!(rows[0].ply, 0);
    let page2 = db.games_at(&start, &Filter::default(), 2, 2).unwrap();
    assert_eq!(page2.len(), 1);
    assert_eq!(page2[0].red, "Hu Ronghua");
    let here = db
        .games_at(&after(&["h2e2", "h9g7", "b0c2"]), &Filter::default(), 0, 10)
        .unwrap();
    assert_eq!(here.len(), 2);
    assert!(here.iter().all(|r| r.ply == 3));
    assert_eq!(here[0].result, Some(GameResult::Draw));
}

#[test]
fn an_import_reads_folders_skips_duplicates_and_names_what_it_refused() {
    let dir = TempDir::new("db-import");
    let nested = dir.path().join("collection").join("2003");
    std::fs::create_dir_all(&nested).unwrap();
    // Two good games, one with an illegal move at 2. (h0h5), and a duplicate.
    let bad = "[Red \"X\"]\n[Black \"Y\"]\n[Result \"*\"]\n\n1. h2e2 h9g7 2. h0h5 *\n";
    std::fs::write(
        nested.join("cup.pgn"),
        format!("{GAME_A}\n{bad}\n{GAME_B}\n{GAME_A}"),
    )
    .unwrap();
    // Not a record by its name: not read from a folder.
    std::fs::write(nested.join("notes.md"), "# not a game").unwrap();
    // The real tournament records (GBK) of the test data.
    let real = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn");
    let missing = dir.path().join("nowhere.pgn");
    let mut db = Database::open(&dir.path().join("db").join("games.sqlite")).unwrap();
    let mut reports = 0;
    let summary = db
        .import(
            &[dir.path().join("collection"), real.clone(), missing.clone()],
            Owner::Collected,
            &mut |_| reports += 1,
        )
        .unwrap();
    let real_files = std::fs::read_dir(&real)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "pgn")
        })
        .count() as u64;
    assert_eq!(summary.files as u64, 1 + real_files);
    assert_eq!(summary.added, 2 + real_files);
    assert_eq!(summary.duplicates, 1);
    assert_eq!(summary.refused.len(), 2, "{:?}", summary.refused);
    let bad_game = &summary.refused[1];
    assert_eq!(bad_game.game, Some(2));
    assert!(bad_game.file.ends_with("cup.pgn"));
    assert!(bad_game.reason.contains("h0h5"), "{}", bad_game.reason);
    assert_eq!(summary.refused[0].file, missing);
    assert!(reports >= 2, "progress after each file");

    // Importing again adds nothing.
    let again = db.import(&[real], Owner::Collected, &mut |_| {}).unwrap();
    assert_eq!((again.added, again.duplicates), (0, real_files));
    let stats = db.stats().unwrap();
    assert_eq!(stats.games, 2 + real_files);
    assert!(stats.positions > stats.games * 20, "{stats:?}");
    assert!(stats.bytes > 0);
}

#[test]
fn a_big_collection_is_read_in_pieces_with_numbers_running_on() {
    // Enough games for several pieces of the reader, one bad near the end.
    let mut text = String::new();
    let games = 3000;
    for i in 0..games {
        if i == games - 10 {
            text.push_str("[Red \"bad\"]\n\n1. h2h8 *\n\n");
        } else {
            text.push_str(&format!(
                "[Red \"R{i}\"]\n[Black \"B\"]\n[Result \"1-0\"]\n{{a comment [with a bracket\n[Event \"not a tag\"] inside}}\n1. h2e2 h9g7 2. h0g2 1-0\n\n"
            ));
        }
    }
    let mut seen = 0;
    let mut errors = Vec::new();
    crate::store::record::for_each_game(text.as_bytes(), |n, g| {
        seen += 1;
        assert_eq!(n, seen, "numbers run on across the pieces");
        match g {
            Ok(g) => assert_eq!(g.plies(), 3, "game {n}"),
            Err(e) => errors.push((n, e.to_string())),
        }
    });
    assert_eq!(seen, games);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].0, games - 9);
}

#[test]
fn a_newer_database_is_refused_and_left_alone() {
    let dir = TempDir::new("db-newer");
    let path = dir.path().join("games.sqlite");
    {
        let mut db = Database::open(&path).unwrap();
        add(&mut db, GAME_A, Owner::Collected);
        db.conn().pragma_update(None, "user_version", 99).unwrap();
    }
    let e = Database::open(&path).unwrap_err();
    assert!(matches!(e, DbError::Newer { found: 99, .. }), "{e}");
    assert!(e.to_string().contains("games.sqlite"), "{e}");
    // Not a database at all.
    let junk = dir.path().join("junk.sqlite");
    std::fs::write(&junk, vec![b'x'; 4096]).unwrap();
    let e = Database::open(&junk).unwrap_err();
    assert!(e.to_string().contains("junk.sqlite"), "{e}");
}

#[test]
fn two_connections_share_the_file() {
    let dir = TempDir::new("db-shared");
    let path = dir.path().join("games.sqlite");
    let mut writer = Database::open(&path).unwrap();
    let reader = Database::open(&path).unwrap();
    add(&mut writer, GAME_A, Owner::Collected);
    assert_eq!(reader.stats().unwrap().games, 1);
    let mode: String = reader
        .conn()
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

#[test]
fn a_version_1_database_is_migrated_and_keeps_its_games() {
    let dir = TempDir::new("db-migrate");
    let path = dir.path().join("games.sqlite");
    {
        let mut db = Database::open(&path).unwrap();
        add(&mut db, GAME_A, Owner::Collected);
        add(&mut db, GAME_B, Owner::Mine(Color::Black));
        // Back to what version 1 wrote: no index of the games by date.
        db.conn()
            .execute_batch("DROP INDEX games_date; PRAGMA user_version = 1;")
            .unwrap();
    }
    let db = Database::open(&path).unwrap();
    let version: i64 = db
        .conn()
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let indexes: i64 = db
        .conn()
        .query_row(
            "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index' AND name = 'games_date'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(indexes, 1, "version 2 adds the games' date index");
    let stats = db.stats().unwrap();
    assert_eq!((stats.games, stats.mine), (2, 1));
    let rows = db
        .games_at(&Position::startpos(), &Filter::default(), 0, 10)
        .unwrap();
    assert_eq!(rows.len(), 2);
}

#[test]
fn both_ways_of_finding_a_page_of_games_agree() {
    let mut db = Database::in_memory().unwrap();
    add_generated(&mut db, 300, 7);
    // Positions every game, many games and a few games reached.
    let mut probes = vec![Position::startpos()];
    let mut rng = crate::engine::rng::Rng::new(7);
    for plies in [1, 2, 4, 8, 16, 30] {
        let g = bench::generate_game(&mut rng);
        let mut p = Position::startpos();
        for &m in &g.moves[..plies.min(g.moves.len())] {
            p.make(m);
        }
        probes.push(p);
    }
    let filters = [
        Filter::default(),
        Filter {
            since: Some("2000".into()),
            ..Filter::default()
        },
        Filter {
            player: Some("Player 1".into()),
            ..Filter::default()
        },
    ];
    let mut walked = 0;
    for p in &probes {
        let key = p.hash() as i64;
        for f in &filters {
            for (offset, limit) in [(0, 20), (5, 7), (290, 20)] {
                let sorted = db.games_at_by(key, f, offset, limit, false).unwrap();
                let walk = db.games_at_by(key, f, offset, limit, true).unwrap();
                assert_eq!(sorted, walk, "{} {f:?} {offset} {limit}", p.fen());
                walked += usize::from(db.walk_by_date(key, offset, limit).unwrap());
            }
        }
    }
    assert!(walked > 0, "the start position is walked by date");
    assert!(
        walked < probes.len() * filters.len() * 3,
        "rare positions are gathered and sorted"
    );
}

/// A saved-games folder with one game of the player's (Red) and one
/// between two computers.
fn saved_games(dir: &std::path::Path) -> std::path::PathBuf {
    let saved = dir.join("saved");
    std::fs::create_dir_all(&saved).unwrap();
    std::fs::write(
        saved.join("mine.pgn"),
        "[Red \"Human\"]\n[Black \"Computer 3\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n",
    )
    .unwrap();
    std::fs::write(
        saved.join("watched.pgn"),
        "[Red \"Computer 3\"]\n[Black \"Computer 5\"]\n[Result \"0-1\"]\n\n1. b2e2 b9c7 0-1\n",
    )
    .unwrap();
    saved
}

#[test]
fn a_file_that_is_not_a_database_is_set_aside_and_rebuilt_from_the_saved_games() {
    let dir = TempDir::new("db-junk");
    let path = dir.path().join("games.sqlite");
    std::fs::write(&path, vec![b'x'; 8192]).unwrap();
    let saved = saved_games(dir.path());
    let (db, recovery) =
        Database::open_or_rebuild(&path, true, Some(&saved), &saved_game_owner).unwrap();
    let r = recovery.expect("the junk was noticed");
    assert!(r.why.starts_with("is damaged ("), "{}", r.why);
    assert_eq!(
        std::fs::read(&r.set_aside).unwrap(),
        vec![b'x'; 8192],
        "kept, not deleted"
    );
    assert_eq!(r.set_aside, dir.path().join("games.sqlite.set-aside-1"));
    assert_eq!((r.salvaged, r.unreadable, r.from_saved), (0, 0, 1));
    let stats = db.stats().unwrap();
    assert_eq!((stats.games, stats.mine), (1, 1));
    assert!(r.to_string().contains("set aside as"), "{r}");
    // Opened again: sound now, nothing to do.
    drop(db);
    let (_, again) =
        Database::open_or_rebuild(&path, true, Some(&saved), &saved_game_owner).unwrap();
    assert_eq!(again, None);
}

#[test]
fn a_newer_database_is_set_aside_and_its_games_read_back() {
    let dir = TempDir::new("db-newer-rebuilt");
    let path = dir.path().join("games.sqlite");
    {
        let mut db = Database::open(&path).unwrap();
        add(&mut db, GAME_A, Owner::Collected);
        add(&mut db, GAME_B, Owner::Mine(Color::Black));
        db.conn().pragma_update(None, "user_version", 99).unwrap();
    }
    let (db, recovery) = Database::open_or_rebuild(&path, false, None, &saved_game_owner).unwrap();
    let r = recovery.expect("the newer file was noticed");
    assert!(
        r.why.contains("newer version") && r.why.contains("99"),
        "{}",
        r.why
    );
    assert_eq!((r.salvaged, r.unreadable), (2, 0));
    let stats = db.stats().unwrap();
    assert_eq!((stats.games, stats.mine), (2, 1));
    // The set-aside file is untouched: still version 99.
    let old = rusqlite::Connection::open(&r.set_aside).unwrap();
    let v: i64 = old
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(v, 99);
}

#[test]
fn a_database_with_damaged_pages_keeps_the_games_that_can_be_read() {
    let dir = TempDir::new("db-damaged");
    let path = dir.path().join("games.sqlite");
    {
        let mut db = Database::open(&path).unwrap();
        add_generated(&mut db, 200, 5);
        db.conn()
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
            .unwrap();
    }
    // Scribble over pages in the middle of the file (the index's).
    let mut bytes = std::fs::read(&path).unwrap();
    let len = bytes.len();
    for b in &mut bytes[len / 2..len / 2 + 3 * 4096] {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    let (db, recovery) = Database::open_or_rebuild(&path, true, None, &saved_game_owner).unwrap();
    let r = recovery.expect("the quick check finds the damage");
    assert!(r.why.starts_with("is damaged"), "{}", r.why);
    assert!(r.salvaged > 0, "{r}");
    assert_eq!(db.stats().unwrap().games, r.salvaged);
    assert_eq!(db.integrity_check().unwrap(), "ok");
}

/// Imports `games` generated games as `db import` does (one file, the
/// positions written after the games), and writes the log into the file.
fn imported_file(dir: &std::path::Path, path: &std::path::Path, games: usize) {
    let pgn = dir.join("collection.pgn");
    std::fs::write(&pgn, bench::generate_collection(games, 11)).unwrap();
    let mut db = Database::open(path).unwrap();
    let summary = db.import(&[pgn], Owner::Collected, &mut |_| {}).unwrap();
    assert_eq!(summary.added, games as u64);
    db.conn()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .unwrap();
}

#[test]
fn a_cut_database_gives_back_every_game_it_still_holds() {
    // A file cut short (the commonest damage) was rebuilt
    // with nothing read back, though every game was still in it.
    let dir = TempDir::new("db-cut");
    let path = dir.path().join("games.sqlite");
    imported_file(dir.path(), &path, 400);
    let bytes = std::fs::read(&path).unwrap();
    // The games come first in the file, the position index after them.
    std::fs::write(&path, &bytes[..bytes.len() * 9 / 10]).unwrap();
    let (db, recovery) = Database::open_or_rebuild(&path, true, None, &saved_game_owner).unwrap();
    let r = recovery.expect("the cut is noticed");
    assert_eq!((r.salvaged, r.unreadable), (400, 0), "{r}");
    assert_eq!(db.stats().unwrap().games, 400);
    assert_eq!(db.integrity_check().unwrap(), "ok");
}

#[test]
fn a_damaged_stretch_of_the_games_costs_only_the_games_in_it() {
    let dir = TempDir::new("db-holes");
    let path = dir.path().join("games.sqlite");
    imported_file(dir.path(), &path, 400);
    // Zero one page in the games' part of the file (past the schema).
    let mut bytes = std::fs::read(&path).unwrap();
    for b in &mut bytes[20 * 4096..21 * 4096] {
        *b = 0;
    }
    std::fs::write(&path, &bytes).unwrap();
    let (_, recovery) = Database::open_or_rebuild(&path, true, None, &saved_game_owner).unwrap();
    let r = recovery.expect("the damage is noticed");
    assert!(r.salvaged >= 350 && r.salvaged < 400, "{r}");
    assert_eq!(r.salvaged + r.unreadable, 400, "{r}");
}

/// 中炮对屏风马 (C00), in the mirrored move order.
const GAME_SCREEN: &str = "[Red \"Screen\"]\n[Black \"Horses\"]\n[Result \"1-0\"]\n\n1. b2e2 b9c7 2. b0c2 a9b9 3. a0b0 h9g7 1-0\n";
/// 中炮过河车七路马对屏风马两头蛇 (C20).
const GAME_C20: &str = "[Red \"River\"]\n[Black \"Chariot\"]\n[Result \"0-1\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 g6g5 4. h0h6 b9c7 5. b0c2 c6c5 0-1\n";
/// From another start: no opening.
const GAME_FEN: &str =
    "[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n[Result \"*\"]\n\n1. a0a1 *\n";

#[test]
fn each_game_keeps_its_ecco_code_and_the_filter_finds_it() {
    let mut db = Database::in_memory().unwrap();
    for g in [GAME_A, GAME_B, GAME_SCREEN, GAME_C20, GAME_FEN] {
        add(&mut db, g, Owner::Collected);
    }
    let codes: Vec<(String, String)> = db
        .conn()
        .prepare("SELECT red, ecco FROM games ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let codes: Vec<(&str, &str)> = codes
        .iter()
        .map(|(r, e)| (r.as_str(), e.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            ("Lü Qin", "B05"),
            ("Hu Ronghua", "B01"),
            ("Screen", "C00"),
            ("River", "C20"),
            ("", "")
        ]
    );
    let start = Position::startpos();
    let with = |opening: &str| Filter {
        opening: Some(opening.to_string()),
        ..Filter::default()
    };
    let count = |f: Filter| db.explore(&start, &f).unwrap().games;
    assert_eq!(count(with("C00")), 1);
    assert_eq!(count(with("C")), 2, "a letter takes in all its codes");
    assert_eq!(count(with("C2")), 1);
    assert_eq!(count(with("B0")), 2);
    assert_eq!(count(with("D")), 0);
    let rows = db.games_at(&start, &with("C"), 0, 10).unwrap();
    let mut listed: Vec<&str> = rows.iter().map(|r| r.ecco.as_str()).collect();
    listed.sort_unstable();
    assert_eq!(listed, ["C00", "C20"]);
}

#[test]
fn a_version_2_database_gets_the_openings_of_its_games() {
    let dir = TempDir::new("db-migrate-ecco");
    let path = dir.path().join("games.sqlite");
    {
        let mut db = Database::open(&path).unwrap();
        add(&mut db, GAME_SCREEN, Owner::Collected);
        add(&mut db, GAME_FEN, Owner::Collected);
        // A whole tournament game (the file says ECCO C48).
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/ccgc-01.pgn");
        let long = open_bytes(&std::fs::read(file).unwrap())
            .unwrap()
            .swap_remove(0);
        assert!(long.plies() > crate::ecco::MAX_PLIES);
        db.add(&NewGame {
            opened: &long,
            source: "ccgc-01.pgn",
            owner: Owner::Collected,
        })
        .unwrap();
        // Back to what version 2 wrote: no opening column.
        db.conn()
            .execute_batch(
                "DROP INDEX games_ecco; ALTER TABLE games DROP COLUMN ecco; PRAGMA user_version = 2;",
            )
            .unwrap();
    }
    {
        // Read as it is, an old file answers every search but by opening.
        let old = Database::open_read_only(&path).unwrap();
        let start = Position::startpos();
        assert_eq!(
            old.games_at(&start, &Filter::default(), 0, 10).unwrap()[0].ecco,
            ""
        );
        let by_opening = Filter {
            opening: Some("C".into()),
            ..Filter::default()
        };
        assert!(matches!(
            old.explore(&start, &by_opening),
            Err(DbError::NoOpenings { .. })
        ));
    }
    let db = Database::open(&path).unwrap();
    let version: i64 = db
        .conn()
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let codes: Vec<String> = db
        .conn()
        .prepare("SELECT ecco FROM games ORDER BY id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(codes, ["C00", "", "C48"]);
}

#[test]
fn programs_opening_a_new_file_at_once_all_open_it() {
    // The game and an import (or two imports) may make the file together:
    // each waits its turn for the schema, none is told it is locked.
    for round in 0..30 {
        let dir = TempDir::new("db-race");
        let path = dir.path().join("games.sqlite");
        let start = std::sync::Arc::new(std::sync::Barrier::new(4));
        let openers: Vec<_> = (0..4)
            .map(|_| {
                let (start, path) = (start.clone(), path.clone());
                std::thread::spawn(move || {
                    start.wait();
                    Database::open(&path).map(|db| db.stats().map(|s| s.games))
                })
            })
            .collect();
        for o in openers {
            match o.join().unwrap() {
                Ok(Ok(0)) => {}
                other => panic!("round {round}: {other:?}"),
            }
        }
    }
}
