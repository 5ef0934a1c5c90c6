//! `xiangqi book build` and `xiangqi book show`, run as real processes at
//! tiny budgets: the same command makes the same file, `show` prints a
//! position's moves with score and results, bad input is one line on
//! stderr and exit code 2.

use std::process::{Command, Output};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
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

const TINY: &[&str] = &[
    "--plies",
    "2",
    "--nodes",
    "2000",
    "--width",
    "3,2",
    "--games",
    "1",
    "--game-nodes",
    "200",
];

fn build(out: &std::path::Path, threads: &str) -> Output {
    let mut args = vec!["book", "build", "--out", out.to_str().unwrap()];
    args.extend_from_slice(TINY);
    args.extend_from_slice(&["--threads", threads]);
    xiangqi(&args)
}

#[test]
fn a_tiny_book_builds_the_same_twice_and_shows_its_moves() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.bin"), dir.path().join("b.bin"));
    let o = build(&a, "1");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("2 plies deep"), "{}", stdout(&o));
    let o = build(&b, "2");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());

    let o = xiangqi(&["book", "show", "--book", a.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("score") && text.contains("draw"), "{text}");
    let rows: Vec<&str> = text.lines().skip(2).collect();
    assert!((1..=3).contains(&rows.len()), "{text}");
    // Each row: a move, a signed score, games and three percentages.
    for row in &rows {
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells.len(), 6, "{row}");
        assert!(cells[1].starts_with(['+', '-']) || cells[1].starts_with('M'));
        assert!(cells[3].ends_with('%'), "{row}");
    }
    // The file keeps its recipe.
    let o = xiangqi(&["book", "show", "--book", a.to_str().unwrap(), "--recipe"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("recipe: xiangqi book build --plies 2 --nodes 2000 --width 3,2"),
        "{}",
        stdout(&o)
    );
    // Out of the book.
    let o = xiangqi(&[
        "book",
        "show",
        "--book",
        a.to_str().unwrap(),
        "--moves",
        "a3a4",
        "a6a5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("not in the book"), "{}", stdout(&o));
}

#[test]
fn the_shipped_book_answers_the_central_cannon() {
    let o = xiangqi(&["book", "show", "--moves", "h2e2", "--notation", "iccs"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("opening: B00"), "{text}");
    assert!(text.lines().skip(3).count() >= 2, "{text}");
}

#[test]
fn a_bad_book_or_move_is_one_line_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.bin");
    std::fs::write(&bad, b"XQBOOK\x01\x05ab").unwrap();
    let o = xiangqi(&["book", "show", "--book", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.bin") && err.contains("truncated"),
        "{err}"
    );

    let o = xiangqi(&["book", "show", "--moves", "a0a5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a0a5"), "{}", stderr(&o));

    let o = xiangqi(&[
        "book",
        "build",
        "--plies",
        "0",
        "--out",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
}
