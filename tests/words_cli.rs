//! The languages' moves and the teacher's words through the command line
//! (issue 53: F6, F21, F22), run as real processes.

use std::path::PathBuf;
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

/// A record written to a file of its own in the temporary directory.
fn record(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-words-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const GAME: &str = "[Game \"Chinese Chess\"]\n[Result \"*\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. h0h6 c6c5 5. h6g6 a9b9 *\n";

#[test]
fn f6_explain_reads_p32_in_vietnamese_for_vi_and_replay_refuses_it() {
    let fen = "3k5/9/9/9/6P2/9/9/6C2/9/4K4 w - - 0 1";
    let o = xiangqi(&["explain", "--fen", fen, "--move", "P3.2", "--lang", "vi"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("P3.2 (g2g4)"), "{}", stdout(&o));
    let o = xiangqi(&["replay", "--fen", fen, "P3.2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("ambiguous: P3.2 is g2g4 in Vietnamese notation, g5h5 in WXF"),
        "{}",
        stderr(&o)
    );
    let o = xiangqi(&["explain", "--fen", fen, "--move", "P3.2"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn f21_review_and_explain_write_moves_in_the_languages_notation() {
    let g = record("f21.pgn", GAME);
    let g = g.to_str().unwrap();
    let o = xiangqi(&["review", g, "--depth", "3", "--lang", "zh-Hant"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    // The table (傌二進三 for h0g2), the better move and the opening name
    // in Traditional characters.
    assert!(text.contains("傌二進三"), "{text}");
    assert!(!text.contains("马２进３") && !text.contains("进"), "{text}");
    let opening = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("opening: "))
            .unwrap()
            .to_string()
    };
    let simplified = stdout(&xiangqi(&["review", g, "--depth", "3"]));
    assert_ne!(opening(&text), opening(&simplified));
    assert_eq!(
        opening(&text),
        xiangqi::hant::to_traditional(&opening(&simplified))
    );
    let better: Vec<&str> = text.lines().filter(|l| l.contains("better: ")).collect();
    assert!(!better.is_empty(), "{text}");
    for line in better {
        assert!(!line.contains(['进', '车', '马']), "{line}");
    }
    let o = xiangqi(&["review", g, "--depth", "3", "--lang", "vi"]);
    let text = stdout(&o);
    assert!(text.contains("P2-5"), "{text}");
    assert!(!text.contains("炮二平五"), "{text}");
    let o = xiangqi(&["explain", "--move", "h0g2", "--json", "--lang", "zh-Hant"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["move_text"], "傌二進三");
    assert_eq!(v["move_chinese"], "马二进三", "kept for the scripts");
    let o = xiangqi(&["explain", "--move", "h0g2", "--json", "--lang", "vi"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["move_text"], "M2.3");
}

#[test]
fn f22_the_score_column_and_the_mate_sentence_agree() {
    let g = record(
        "f22.pgn",
        "[Game \"Chinese Chess\"]\n[FEN \"4k4/9/R8/1Rp6/9/9/9/9/9/3K5 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. b6b8 c6c5 2. a7a9 1-0\n",
    );
    let o = xiangqi(&["review", g.to_str().unwrap(), "--depth", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("1 "))
        .expect("ply 1");
    let said = lines[at + 1];
    assert!(said.contains("mates in 2"), "{text}");
    assert!(lines[at].contains("+M2"), "{text}");
    assert!(!lines[at].contains("+M3"), "{text}");
}
