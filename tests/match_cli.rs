//! `xiangqi match` from the outside: a short match of the built-in engine
//! against itself run as an external UCI and UCCI engine, the summary and
//! PGN it writes, and one `error:` line with exit code 2 for bad input.

use std::process::{Command, Output};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("xiangqi runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_two_game_match_against_an_external_engine_reports_and_writes_pgn() {
    let dir = std::env::temp_dir().join(format!("xiangqi-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# one line\nstartpos moves h2e2 h9g7\n").unwrap();
    let pgn = dir.join("games.pgn");
    let ext = format!("'{}' uci", env!("CARGO_BIN_EXE_xiangqi"));
    for protocol in ["uci", "ucci"] {
        let o = xiangqi(&[
            "match",
            "--a",
            "builtin",
            "--b",
            &ext,
            "--b-protocol",
            protocol,
            "--openings",
            openings.to_str().unwrap(),
            "--depth",
            "2",
            "--pgn-out",
            pgn.to_str().unwrap(),
        ]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{out}{}", stderr(&o));
        assert_eq!(
            out.lines().filter(|l| l.starts_with("game ")).count(),
            2,
            "{out}"
        );
        let last = out.lines().last().unwrap();
        assert!(last.starts_with("score ") && last.contains("Elo"), "{out}");
        assert!(out.contains("as red:") && out.contains("endings:"), "{out}");
        let text = std::fs::read_to_string(&pgn).unwrap();
        let games = xiangqi::rules::read_pgn(text.as_bytes()).unwrap();
        assert_eq!(games.len(), 2);
        for g in &games {
            // The opening, then the engines' moves with their comments.
            assert_eq!(g.moves[0].to_string(), "h2e2");
            assert!(g.moves.len() > 2 && g.result.is_some());
            assert!(g.tag("Termination").is_some());
        }
        assert!(text.contains("{book}") && text.contains("s}"), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_match_input_is_one_error_line_and_exit_2() {
    let dir = std::env::temp_dir().join(format!("xiangqi-match-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "startpos\nstartpos moves h2e2 h2e3\n").unwrap();
    let missing = dir.join("missing.txt");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--a", "builtin", "--b", "/no/such/engine", "--depth", "1"]
                .into_iter()
                .map(String::from)
                .collect(),
            "cannot start '/no/such/engine'",
        ),
        (
            vec![
                "--a",
                "builtin",
                "--b",
                "builtin",
                "--depth",
                "1",
                "--openings",
            ]
            .into_iter()
            .map(String::from)
            .chain([bad.display().to_string()])
            .collect(),
            "line 2: move 2 'h2e3'",
        ),
        (
            vec![
                "--a",
                "builtin",
                "--b",
                "builtin",
                "--depth",
                "1",
                "--openings",
            ]
            .into_iter()
            .map(String::from)
            .chain([missing.display().to_string()])
            .collect(),
            "missing.txt",
        ),
        (
            ["--a", "builtin:level=11", "--b", "builtin", "--depth", "1"]
                .map(String::from)
                .to_vec(),
            "level must be",
        ),
        (
            [
                "--a",
                "builtin",
                "--b",
                "builtin",
                "--depth",
                "1",
                "--movetime",
                "5",
            ]
            .map(String::from)
            .to_vec(),
            "cannot be used with",
        ),
        (
            [
                "--a", "builtin", "--b", "builtin", "--depth", "1", "--sprt", "elo0=5",
            ]
            .map(String::from)
            .to_vec(),
            "elo1",
        ),
        (
            [
                "--a",
                "builtin",
                "--b",
                &format!("'{}' uci", env!("CARGO_BIN_EXE_xiangqi")),
                "--b-option",
                "NoSuchOption=3",
                "--depth",
                "1",
            ]
            .map(String::from)
            .to_vec(),
            "NoSuchOption",
        ),
    ];
    for (args, want) in cases {
        let mut all = vec!["match".to_string()];
        all.extend(args.clone());
        let refs: Vec<&str> = all.iter().map(String::as_str).collect();
        let o = xiangqi(&refs);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{args:?}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
