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

/// A book file of the start position alone, by hand (the format of
/// `src/engine/book/format.rs`, checksum and all).
fn book_file(recipe: &str, moves: &[(&str, i16, [u64; 3])]) -> Vec<u8> {
    fn varint(out: &mut Vec<u8>, mut n: u64) {
        while n >= 0x80 {
            out.push((n as u8 & 0x7f) | 0x80);
            n >>= 7;
        }
        out.push(n as u8);
    }
    let mut out = b"XQBOOK\x01".to_vec();
    varint(&mut out, recipe.len() as u64);
    out.extend_from_slice(recipe.as_bytes());
    varint(&mut out, 1);
    out.push(moves.len() as u8);
    for (mv, score, counts) in moves {
        let mv = xiangqi::rules::Move::from_iccs(mv).unwrap();
        out.extend_from_slice(&mv.to_bits().to_le_bytes());
        out.extend_from_slice(&score.to_le_bytes());
        for &n in counts {
            varint(&mut out, n);
        }
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

// Issue 53 F11 and F13: a recipe's control characters are escaped, the
// games of counts near the largest do not wrap, a move listed twice and a
// score past a mate in one are refused with a line naming them.
#[test]
fn book_show_escapes_the_recipe_and_refuses_impossible_books() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.bin");
    let p = path.to_str().unwrap();
    let max = u64::from(u32::MAX);
    std::fs::write(
        &path,
        book_file(
            "A\u{1b}]0;PWN\u{7}\u{1b}[2J",
            &[("h2e2", 30, [max, max, max])],
        ),
    )
    .unwrap();
    let o = xiangqi(&["book", "show", "--recipe", "--book", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("recipe: A\\u{1b}]0;PWN\\u{7}\\u{1b}[2J\n"),
        "{text}"
    );
    let o = xiangqi(&["book", "show", "--book", p, "--notation", "iccs"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains(&format!(" {}  ", 3 * max)), "{text}");
    assert!(text.contains(" 33% "), "{text}");
    for (moves, says) in [
        (
            vec![("h2e2", 30, [1, 0, 0]), ("h2e2", 20, [0, 1, 0])],
            "the move h2e2 is listed twice",
        ),
        (
            vec![("h2e2", 30_500, [1, 0, 0])],
            "the move h2e2 has the score 30500",
        ),
        (vec![("h2e2", i16::MIN, [1, 0, 0])], "the score -32768"),
    ] {
        std::fs::write(&path, book_file("r", &moves)).unwrap();
        let o = xiangqi(&["book", "show", "--book", p]);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
}
