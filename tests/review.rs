//! Game review: known blunders are flagged, the engine's own moves are
//! not, a mistake becomes a puzzle its better move solves, a review can be
//! cancelled, and `xiangqi review` prints a line per move and a summary.

use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use xiangqi::engine::review::{self, Judgement, ReviewError};
use xiangqi::engine::{Engine, Limits, Score};
use xiangqi::rules::{Color, Move, Position};

fn moves(line: &str) -> Vec<Move> {
    line.split_whitespace()
        .map(|m| Move::from_iccs(m).unwrap())
        .collect()
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Red's fifth move puts a chariot where a soldier takes it for nothing.
const HANGS_A_CHARIOT: &str = "h2e2 h9g7 i0i1 i9h9 i1d1 b9c7 d1d5 a9a8 d5c5 c6c5";

#[test]
fn a_chariot_left_to_be_taken_is_a_blunder_and_only_that_move() {
    let start = Position::startpos();
    let game = moves(HANGS_A_CHARIOT);
    let mut engine = Engine::new(16);
    let r = review::review_game(
        &mut engine,
        &start,
        &game,
        &depth(7),
        &AtomicBool::new(false),
        &mut |_, _| {},
    )
    .unwrap();
    assert_eq!(r.positions.len(), game.len() + 1);
    assert_eq!(r.moves[8].judgement, Judgement::Blunder, "{:?}", r.moves[8]);
    assert_ne!(r.moves[8].before.best, game[8]);
    for m in &r.moves[..8] {
        assert!(
            !m.judgement.is_serious(),
            "ply {} flagged: {m:?}",
            m.ply + 1
        );
    }
    // Taking the chariot is what the engine would do.
    assert!(
        r.moves[9].judgement <= Judgement::Excellent,
        "{:?}",
        r.moves[9]
    );
    let red = r.summary(Color::Red);
    assert_eq!(red.count(Judgement::Blunder), 1);
    assert_eq!(red.moves, 5);
    assert!(red.accuracy < r.summary(Color::Black).accuracy);
    // The graph's points are the analysis, from Red's side.
    let curve = r.curve(&start, &game);
    assert_eq!(curve.len(), r.positions.len());
    // A chariot down in the opening: an expected result under a quarter.
    assert!(curve[8] > 0.3 && curve[10] < 0.25, "{curve:?}");
}

#[test]
fn a_move_that_allows_mate_in_one_is_a_blunder() {
    // Red (two soldiers for two advisors) must keep the h-file chariot able to block on its
    // back rank: Black threatens i2i0 (the generals face each other on the
    // open e-file and the a1 chariot holds rank 1). h7c7 lets that mate in.
    let pos = Position::from_fen("3aka3/9/7R1/9/1R7/P1P6/9/8r/r8/3K5 w - - 0 1").unwrap();
    let game = moves("h7c7 i2i0");
    let mut after = pos;
    for &m in &game {
        after.make(m);
    }
    assert!(after.legal_moves().is_empty() && after.in_check());
    let mut engine = Engine::new(16);
    let never = AtomicBool::new(false);
    let r =
        review::review_game(&mut engine, &pos, &game, &depth(5), &never, &mut |_, _| {}).unwrap();
    assert!(
        !matches!(r.positions[0].score, Score::Mate(_)),
        "{:?}",
        r.positions[0]
    );
    assert_eq!(r.moves[0].judgement, Judgement::Blunder, "{:?}", r.moves[0]);
    assert_eq!(r.moves[0].after, Score::Mate(-1));
    assert_eq!(r.moves[1].judgement, Judgement::Best, "{:?}", r.moves[1]);
    assert_eq!(r.moves[1].after, Score::Mate(0));
    // The better move keeps the block.
    let mut p = pos;
    p.make(r.moves[0].before.best);
    p.make(game[1]);
    assert!(!p.legal_moves().is_empty());
}

#[test]
fn the_engines_own_moves_are_not_flagged() {
    let mut engine = Engine::new(16);
    let never = AtomicBool::new(false);
    let start = Position::startpos();
    let mut pos = start;
    let mut game = Vec::new();
    for _ in 0..10 {
        let request = xiangqi::engine::SearchRequest::new(&pos, &[], &never).limits(depth(5));
        let r = engine.search(&request, &mut |_| {});
        game.push(r.best);
        pos.make(r.best);
    }
    let mut fresh = Engine::new(16);
    let r =
        review::review_game(&mut fresh, &start, &game, &depth(5), &never, &mut |_, _| {}).unwrap();
    for m in &r.moves {
        assert!(
            !m.judgement.is_serious(),
            "ply {} {} flagged: {m:?}",
            m.ply + 1,
            m.played
        );
    }
    let best = r
        .moves
        .iter()
        .filter(|m| m.judgement == Judgement::Best)
        .count();
    assert!(best >= 7, "{best} of 10 best: {:?}", r.moves);
    assert!(r.summary(Color::Red).accuracy > 80.0);
    assert!(r.summary(Color::Black).accuracy > 80.0);
}

#[test]
fn a_mistake_becomes_a_puzzle_the_better_move_solves() {
    let game = moves(HANGS_A_CHARIOT);
    let mut engine = Engine::new(16);
    let never = AtomicBool::new(false);
    let r = review::review_game(
        &mut engine,
        &Position::startpos(),
        &game,
        &depth(5),
        &never,
        &mut |_, _| {},
    )
    .unwrap();
    let mistake = &r.moves[8];
    assert!(mistake.judgement.is_serious());
    let mut history = Vec::new();
    let mut pos = Position::startpos();
    for &m in &game[..8] {
        history.push(pos);
        pos.make(m);
    }
    let best = mistake.before.best;
    let accepts = |engine: &mut Engine, mv: Move| {
        review::accepts(engine, &pos, &history, mv, best, 0.05, &depth(5), &never)
    };
    assert!(accepts(&mut engine, best));
    assert!(!accepts(&mut engine, mistake.played));
    // Other sound moves solve it too: at least one besides the engine's.
    let others = pos
        .legal_moves()
        .iter()
        .filter(|&&m| m != best && accepts(&mut engine, m))
        .count();
    assert!(others >= 1, "only the engine's move solves it");
    // An illegal answer never solves it.
    assert!(!accepts(&mut engine, Move::from_iccs("a0a9").unwrap()));
}

#[test]
fn a_review_stops_when_cancelled() {
    let game = moves(HANGS_A_CHARIOT);
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let mut seen = 0;
    // Searches without end: only the flag, set from another thread, ends it.
    let infinite = Limits {
        infinite: true,
        ..Limits::default()
    };
    let r = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
        });
        review::review_game(
            &mut engine,
            &Position::startpos(),
            &game,
            &infinite,
            &stop,
            &mut |done, _| seen = done,
        )
    });
    assert_eq!(r, Err(ReviewError::Cancelled(review::Cancelled)));
    assert_eq!(seen, 0);
}

#[test]
fn an_illegal_move_in_the_game_is_named() {
    let mut engine = Engine::new(1);
    let err = review::review_game(
        &mut engine,
        &Position::startpos(),
        &moves("h2e2 h9g7 e2e9"),
        &depth(1),
        &AtomicBool::new(false),
        &mut |_, _| {},
    )
    .unwrap_err();
    assert!(
        matches!(err, ReviewError::Illegal(ref e) if e.ply == 3),
        "{err}"
    );
}

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("xiangqi runs")
}

#[test]
fn the_review_command_prints_a_line_per_move_and_a_summary() {
    let dir = std::env::temp_dir().join(format!("xiangqi-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("hang.pgn");
    let mut text = String::from("[Red \"A\"]\n[Black \"B\"]\n\n");
    for (i, pair) in moves(HANGS_A_CHARIOT).chunks(2).enumerate() {
        text += &format!("{}. {} {} ", i + 1, pair[0], pair[1]);
    }
    std::fs::write(&pgn, text + "*\n").unwrap();
    let out = xiangqi(&["review", pgn.to_str().unwrap(), "--depth", "5"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("review: A – B, 10 moves, depth 5"),
        "{stdout}"
    );
    let ply9 = lines
        .iter()
        .find(|l| l.trim_start().starts_with("9 "))
        .unwrap();
    assert!(ply9.contains("d5c5") && ply9.contains("车六平七"), "{ply9}");
    assert!(
        ply9.contains("blunder") && ply9.contains("better:"),
        "{ply9}"
    );
    // Under the blunder, why: the rules show the chariot left to be taken.
    let why = lines.iter().position(|l| l == ply9).unwrap() + 1;
    assert_eq!(
        lines[why].trim(),
        "leaves the chariot on c5 undefended: 卒３进１ wins it"
    );
    // The opening, named by ECCO: the central cannon against the left horse.
    assert_eq!(
        lines[1],
        "opening: B05 中炮对进左马 (Central Cannon vs Left Horse)"
    );
    // The answer that takes the chariot is one of the best moves worth
    // noting: it punishes the blunder. The quiet moves get no sentence.
    assert_eq!(
        lines[why + 2].trim(),
        "punishes the mistake: takes the chariot on c5 for nothing",
        "{stdout}"
    );
    // A row per move, each followed by at most its sentences (indented
    // past the ply column), then a summary line per side. (How many
    // sentences depends on what the search finds at depth 5.)
    let n = lines.len();
    assert!(lines[n - 2].starts_with("red:") && lines[n - 2].contains("blunder "));
    assert!(lines[n - 1].starts_with("black:"), "{stdout}");
    let rows = lines[3..n - 2]
        .iter()
        .filter(|l| !l.starts_with("      "))
        .count();
    assert_eq!(rows, 10, "{stdout}");
    let zh = xiangqi(&[
        "review",
        pgn.to_str().unwrap(),
        "--depth",
        "5",
        "--lang",
        "zh",
    ]);
    assert!(
        String::from_utf8_lossy(&zh.stdout).contains("七路车无保护：卒３进１可以吃掉它"),
        "{}",
        String::from_utf8_lossy(&zh.stdout)
    );

    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "[Event \"x\"]\n\n*\n").unwrap();
    let missing = dir.join("missing.pgn");
    for (args, want) in [
        (vec!["review", missing.to_str().unwrap()], "cannot read"),
        (vec!["review", empty.to_str().unwrap()], "no moves"),
        (
            vec!["review", pgn.to_str().unwrap(), "--game", "2"],
            "game 2",
        ),
        (
            vec!["review", pgn.to_str().unwrap(), "--depth", "0"],
            "depth",
        ),
        (
            vec![
                "review",
                pgn.to_str().unwrap(),
                "--depth",
                "3",
                "--movetime",
                "9",
            ],
            "movetime",
        ),
    ] {
        let out = xiangqi(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error:") && err.contains(want),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
