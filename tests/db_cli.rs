//! `xiangqi db …` run as a real process: importing the tournament PGNs and
//! the sample records, the explorer's table from the command line, export,
//! statistics, bad input, and an import killed in the middle of a file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn xiangqi(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("db")
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn data() -> String {
    format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-db-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The line of the explorer's table for `mv`: games, share, win, draw, loss.
fn row<'a>(table: &'a str, mv: &str) -> Vec<&'a str> {
    table
        .lines()
        .find(|l| l.split_whitespace().next() == Some(mv))
        .unwrap_or_else(|| panic!("no line for {mv} in\n{table}"))
        .split_whitespace()
        .skip(1)
        .collect()
}

/// The explorer's table after 1. 炮二平五 and its first three games.
const AFTER_H2E2: &[&str] = &[
    "search",
    "--moves",
    "h2e2",
    "--games",
    "3",
    "--notation",
    "iccs",
];

#[test]
fn the_tournament_games_and_samples_import_once_and_are_found_by_position() {
    let dir = scratch("import");
    let db = dir.join("games.sqlite");
    let o = xiangqi(&db, &["import", "--quiet", &data()]);
    assert!(o.status.success(), "{}", stderr(&o));
    // 20 tournament PGNs and 6 sample records; the DhtmlXQ and the dpxq
    // samples are one game (the same moves between the same players).
    assert!(
        stdout(&o).starts_with("26 files: 25 games added, 1 already there, 0 refused"),
        "{}",
        stdout(&o)
    );
    let again = xiangqi(&db, &["import", "--quiet", &data()]);
    assert!(
        stdout(&again).starts_with("26 files: 0 games added, 26 already there, 0 refused"),
        "{}",
        stdout(&again)
    );
    let stats = stdout(&xiangqi(&db, &["stats"]));
    assert!(stats.contains("games:     25 (0 of them yours)"), "{stats}");
    assert!(
        stats.contains("results:   1-0 11, 1/2-1/2 4, 0-1 10"),
        "{stats}"
    );

    // After 1. 炮二平五 the database knows nine games and Black's replies.
    let o = xiangqi(&db, AFTER_H2E2);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    assert!(
        table.contains("9 games, Black to move: +3 =2 -4"),
        "{table}"
    );
    assert_eq!(row(&table, "h9g7")[..2], ["4", "44.4%"]);
    assert_eq!(row(&table, "b9c7")[..5], ["3", "33.3%", "0%", "0%", "100%"]);
    // Chinese notation in simplified characters, as `replay` writes it,
    // unless traditional ones are asked for; the export likewise.
    let simplified = stdout(&xiangqi(
        &db,
        &["search", "--moves", "h2e2", "--games", "0"],
    ));
    assert!(simplified.contains("马８进７"), "{simplified}");
    let traditional = stdout(&xiangqi(
        &db,
        &["search", "--moves", "h2e2", "--games", "0", "--traditional"],
    ));
    assert!(traditional.contains("馬８進７"), "{traditional}");
    let exported = stdout(&xiangqi(&db, &["export", "--moves", "h2e2", "--pgn", "-"]));
    assert!(exported.contains("炮二平五 马８进７"), "{exported}");
    // None of them the player's own: the filter, not the database, is why.
    let mine = stdout(&xiangqi(&db, &["search", "--moves", "h2e2", "--mine"]));
    assert!(
        mine.contains("no game the filter lets through reached this position"),
        "{mine}"
    );
    assert!(table.contains("games 1–3 of 9:"), "{table}");
    assert_eq!(
        table
            .lines()
            .filter(|l| l.trim_start().starts_with('#'))
            .count(),
        3
    );

    // A transposition: after 1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二
    // three games went on 马２进３, but five reached that position: two got
    // there by another order of Black's moves. Both orders find all five.
    let one = stdout(&xiangqi(
        &db,
        &["search", "--moves", "h2e2,h9g7,h0g2,i9h9,i0h0,b9c7"],
    ));
    let other = stdout(&xiangqi(
        &db,
        &["search", "--moves", "h2e2,b9c7,h0g2,h9g7,i0h0,i9h9"],
    ));
    assert_eq!(one, other);
    assert!(one.contains("5 games, Red to move"), "{one}");
    let before = stdout(&xiangqi(
        &db,
        &[
            "search",
            "--moves",
            "h2e2,h9g7,h0g2,i9h9,i0h0",
            "--notation",
            "iccs",
        ],
    ));
    assert_eq!(row(&before, "b9c7")[0], "3", "{before}");

    // Export the nine games and import them into a new database.
    let pgn = dir.join("h2e2.pgn");
    let o = xiangqi(
        &db,
        &["export", "--moves", "h2e2", "--pgn", pgn.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).ends_with(": 9 games\n"), "{}", stdout(&o));
    let copy = dir.join("copy.sqlite");
    let o = xiangqi(&copy, &["import", "--quiet", pgn.to_str().unwrap()]);
    assert!(
        stdout(&o).starts_with("1 files: 9 games added"),
        "{}",
        stdout(&o)
    );
    let there = stdout(&xiangqi(&copy, AFTER_H2E2));
    // The same table (the games' numbers differ in the new database).
    let head = |t: &str| t.split("games 1–3").next().unwrap().to_string();
    assert_eq!(
        head(&there),
        head(&table),
        "the exported games explore the same"
    );
}

/// The `#id` and ECCO code of each game a search lists.
fn listed(out: &str) -> Vec<(String, String)> {
    out.lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .map(|l| {
            let id = l.split_whitespace().next().unwrap().to_string();
            let code = l.rsplit(", ").next().unwrap().to_string();
            (id, code)
        })
        .collect()
}

#[test]
fn games_are_found_by_their_ecco_opening() {
    let dir = scratch("opening");
    let db = dir.join("games.sqlite");
    let o = xiangqi(&db, &["import", "--quiet", &data()]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Every game from the standard start has a code, shown in the list.
    let all = listed(&stdout(&xiangqi(&db, &["search", "--games", "100"])));
    assert!(all.len() >= 20, "{all:?}");
    for (id, code) in &all {
        let b = code.as_bytes();
        assert!(
            b.len() == 3 && (b'A'..=b'E').contains(&b[0]) && b[1..].iter().all(u8::is_ascii_digit),
            "{id}: {code}"
        );
    }
    // A code, its first two characters, its letter: exactly those games.
    let (_, some) = &all[0];
    for prefix in [some.as_str(), &some[..2], &some[..1]] {
        let o = xiangqi(&db, &["search", "--opening", prefix, "--games", "100"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let found = listed(&stdout(&o));
        let want: Vec<_> = all
            .iter()
            .filter(|(_, c)| c.starts_with(prefix))
            .cloned()
            .collect();
        assert_eq!(found, want, "--opening {prefix}");
    }
    // Lower case works; the five games through 中炮对屏风马 (by either move
    // order) are all screen-horse games, none of them B.
    let screen = "h2e2,h9g7,h0g2,i9h9,i0h0,b9c7";
    let c = stdout(&xiangqi(
        &db,
        &["search", "--moves", screen, "--opening", "c"],
    ));
    assert!(c.contains("5 games, Red to move"), "{c}");
    // The table names the position's opening, by the moves or the FEN.
    assert!(c.contains("\nopening: C00 中炮对屏风马\n"), "{c}");
    let fen = c.lines().next().unwrap();
    let by_fen = stdout(&xiangqi(&db, &["search", "--fen", fen, "--games", "0"]));
    assert!(by_fen.contains("\nopening: C00 中炮对屏风马\n"), "{by_fen}");
    let b = stdout(&xiangqi(
        &db,
        &["search", "--moves", screen, "--opening", "B"],
    ));
    assert!(
        b.contains("no game the filter lets through reached this position"),
        "{b}"
    );
}

#[test]
fn bad_input_is_one_error_line_and_exit_code_2() {
    let dir = scratch("bad");
    let db = dir.join("games.sqlite");
    let cases: [(&[&str], &str); 8] = [
        (
            &["search", "--fen", "rnbakabnr/9/1c5c1 w"],
            "error: --fen: ",
        ),
        (
            &["search", "--moves", "h2e2,h2e3"],
            "error: --moves: 'h2e3' at move 1...: ",
        ),
        (
            &["search", "--moves", "h2e2,zz"],
            "error: --moves: 'zz' at move 1...: ",
        ),
        (
            &["search", "--since", "20x0"],
            "error: invalid value '20x0' for '--since <DATE>'",
        ),
        (
            &["export", "--moves", "h2e2"],
            "error: the following required arguments",
        ),
        (
            &["search", "--opening", "Z99"],
            "error: invalid value 'Z99' for '--opening <CODE>': 'Z99': an ECCO code is",
        ),
        (
            &["search", "--opening", "C2000"],
            "error: invalid value 'C2000' for '--opening <CODE>'",
        ),
        (
            &["export", "--opening", "C69", "--pgn", "-"],
            "error: invalid value 'C69' for '--opening <CODE>': 'C69': no ECCO opening has this code",
        ),
    ];
    for (args, start) in cases {
        let o = xiangqi(&db, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert!(e.starts_with(start), "{args:?}: {e}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    // A folder where the database should be.
    let o = xiangqi(&dir, &["stats"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.starts_with("error: ") && e.contains("cannot open the game database"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1, "{e}");
    // A damaged record among good ones is refused by name; the rest goes in.
    let records = dir.join("records");
    std::fs::create_dir_all(&records).unwrap();
    std::fs::copy(
        format!("{}/pgn/ccgc-01.pgn", data()),
        records.join("good.pgn"),
    )
    .unwrap();
    std::fs::write(
        records.join("bad.pgn"),
        "[Red \"A\"]\n\n1. h2e2 h9g7 2. h0h9 *\n",
    )
    .unwrap();
    let o = xiangqi(&db, &["import", "--quiet", records.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("refused: ") && out.contains("bad.pgn: game 1: "),
        "{out}"
    );
    assert!(
        out.contains("2 files: 1 games added, 0 already there, 1 refused"),
        "{out}"
    );
}

/// Waits until `db` holds `games` games (another process is writing it).
fn wait_for_games(db: &Path, games: u64, deadline: Instant) -> bool {
    while Instant::now() < deadline {
        if let Ok(d) = xiangqi::store::db::Database::open(db)
            && d.stats().is_ok_and(|s| s.games >= games)
        {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

#[test]
fn an_import_killed_in_the_middle_of_a_file_leaves_the_files_before_it() {
    let dir = scratch("killed");
    let db = dir.join("games.sqlite");
    let small = dir.join("a-small.pgn");
    std::fs::copy(format!("{}/pgn/ccgc-01.pgn", data()), &small).unwrap();
    // A big file: one game, 20,000 times between different players.
    let mut rng = xiangqi::engine::rng::Rng::new(3);
    let game = xiangqi::store::db::bench::generate_game(&mut rng);
    let moves = xiangqi::rules::pgn::write_pgn(&game, xiangqi::rules::Notation::Iccs);
    let movetext = moves.split("\n\n").nth(1).unwrap();
    let big = dir.join("b-big.pgn");
    let mut text = String::new();
    for i in 0..20_000 {
        text.push_str(&format!("[Red \"R{i}\"]\n[Black \"B\"]\n\n{movetext}\n\n"));
    }
    std::fs::write(&big, text).unwrap();

    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("db")
        .arg("--db")
        .arg(&db)
        .args(["import", "--quiet"])
        .arg(&small)
        .arg(&big)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(dir.join("stderr.txt")).unwrap())
        .spawn()
        .unwrap();
    // The small file is in once its transaction is; the big one is then
    // being read. Kill the import there, as a power cut would.
    let seen = wait_for_games(&db, 1, Instant::now() + Duration::from_secs(60));
    child.kill().unwrap();
    let status = child.wait().unwrap();
    let said = std::fs::read_to_string(dir.join("stderr.txt")).unwrap_or_default();
    assert!(seen, "the first file was never stored: {said}");
    assert!(
        !status.success(),
        "the import had already finished: make the big file bigger"
    );

    let d = xiangqi::store::db::Database::open(&db).expect("the database opens after the kill");
    assert_eq!(d.integrity_check().unwrap(), "ok");
    let stats = d.stats().unwrap();
    assert_eq!(
        stats.games, 1,
        "the first file whole, nothing of the second"
    );
    let plies = stats.positions;
    assert!(plies > 20, "its positions are indexed: {plies}");
    drop(d);
    // Importing again finishes the job.
    let o = xiangqi(
        &db,
        &[
            "import",
            "--quiet",
            small.to_str().unwrap(),
            big.to_str().unwrap(),
        ],
    );
    assert!(
        stdout(&o).starts_with("2 files: 20000 games added, 1 already there, 0 refused"),
        "{}",
        stdout(&o)
    );
}

// Issue 53 F10 and F25: a record's Date reaches the terminal escaped; a
// full-width ECCO code is read as typed with a Chinese input method; an
// invalid code is quoted as given, its control characters shown.
#[test]
fn search_escapes_the_date_and_reads_full_width_and_hostile_opening_codes() {
    let dir = scratch("f10");
    let db = dir.join("games.db");
    let pgn = dir.join("esc.pgn");
    std::fs::write(
        &pgn,
        "[Game \"Chinese Chess\"]\n[Red \"R\"]\n[Black \"B\"]\n\
         [Date \"2020.01.01\u{1b}]0;PWN\u{7}\u{1b}[2J\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n",
    )
    .unwrap();
    let o = xiangqi(&db, &["import", pgn.to_str().unwrap(), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = xiangqi(&db, &["search", "--moves", "h2e2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(
        text.contains("2020.01.01\\u{1b}]0;PWN\\u{7}\\u{1b}[2J"),
        "{text}"
    );
    let o = xiangqi(&db, &["search", "--opening", "Ｂ０５"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("R – B"), "{}", stdout(&o));
    let o = xiangqi(&db, &["search", "--opening", "C2\u{1b}[31m"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.starts_with(
            "error: invalid value 'C2\\u{1b}[31m' for '--opening <CODE>': 'C2\\u{1b}[31m': "
        ),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
