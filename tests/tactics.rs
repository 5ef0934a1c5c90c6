//! Puzzles made from games: the proof (each solver move the only good
//! one, the line ending in mate or material kept), the second proof, the
//! merge without duplicates, and `xiangqi puzzles` as a user runs it.

use std::process::Command;
use xiangqi::rules::{Move, Position};
use xiangqi::tactics::build::{check_one, merge};
use xiangqi::tactics::prove::{Budget, Prover, Rejected};
use xiangqi::tactics::{Source, Tactic, parse};

const BUDGET: Budget = Budget {
    nodes: 150_000,
    confirm: 300_000,
};

fn tactic_of(pos: &Position, line: &[Move], id: &str) -> Tactic {
    Tactic {
        id: id.into(),
        fen: pos.fen(),
        last: "a0a1".into(),
        moves: line.iter().map(Move::to_string).collect(),
        themes: vec!["material".into()],
        rating: 1500,
        source: Source {
            game: "test".into(),
            ply: 30,
        },
    }
}

/// The budget the sample below was made at.
const MADE: Budget = Budget {
    nodes: 1_000_000,
    confirm: 1_000_000,
};

/// Puzzles `xiangqi puzzles build` made from the ladder's games.
fn made() -> Vec<Tactic> {
    parse(include_str!("data/tactics-made.jsonl")).expect("the sample reads")
}

#[test]
fn made_puzzles_prove_again_and_a_wrong_first_move_does_not() {
    let mut prover = Prover::new(MADE);
    for t in made() {
        let (pos, line) = (t.position().unwrap(), t.line().unwrap());
        check_one(&mut prover, &t).unwrap_or_else(|e| panic!("{}: {e}", t.id));
        let other = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != line[0])
            .unwrap();
        let mut wrong = line.clone();
        wrong[0] = other;
        assert!(prover.check(&pos, &wrong).is_err(), "{}", t.id);
    }
}

#[test]
fn a_level_position_is_no_puzzle() {
    let mut prover = Prover::new(BUDGET);
    let start = Position::startpos();
    assert!(matches!(
        prover.prove(&start, &[]),
        Err(Rejected::NotWinning(_))
    ));
}

#[test]
fn a_mirrored_position_with_two_equal_wins_is_no_puzzle() {
    // Red's two chariots can each take a loose black horse: either wins.
    let pos = Position::from_fen("3k5/9/9/n7n/9/9/9/9/4A4/R3K3R w").expect("fen");
    let mut prover = Prover::new(BUDGET);
    match prover.prove(&pos, &[]) {
        Err(Rejected::NotUnique { step: 1, .. }) => {}
        other => panic!("expected not unique, got {other:?}"),
    }
}

#[test]
fn the_same_position_twice_is_kept_once() {
    let a = made().remove(0);
    let b = Tactic {
        id: "b".into(),
        ..a.clone()
    };
    let merged = merge([vec![a.clone()], vec![b]]);
    assert_eq!(merged, vec![a]);
}

fn xiangqi(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn puzzles_list_and_check_name_what_is_wrong() {
    let dir = std::env::temp_dir().join(format!("xiangqi-tactics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let t = made().remove(0);
    let (pos, line) = (&t.position().unwrap(), &t.line().unwrap());
    let good = serde_json::to_string(&tactic_of(pos, line, "good")).unwrap();
    let file = dir.join("set.jsonl");
    std::fs::write(&file, format!("{good}\n")).unwrap();
    let f = file.to_str().unwrap();
    let o = xiangqi(&["puzzles", "list", f, "--json"]);
    assert!(o.status.success());
    let listed = parse(&String::from_utf8_lossy(&o.stdout)).expect("list --json reads back");
    assert_eq!(listed.len(), 1);
    let o = xiangqi(&[
        "puzzles",
        "check",
        f,
        "--nodes",
        "1000000",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // A wrong first move fails the check, named by its id.
    let mut wrong = tactic_of(pos, line, "wrong");
    let other = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != line[0])
        .unwrap();
    wrong.moves = vec![other.to_string()];
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, serde_json::to_string(&wrong).unwrap() + "\n").unwrap();
    let o = xiangqi(&[
        "puzzles",
        "check",
        bad.to_str().unwrap(),
        "--nodes",
        "1000000",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("wrong"));
    // --keep writes the ones that pass and drops the rest, named.
    let both = dir.join("both.jsonl");
    let wrong_line = serde_json::to_string(&wrong).unwrap();
    std::fs::write(&both, format!("{good}\n{wrong_line}\n")).unwrap();
    let kept = dir.join("kept.jsonl");
    let o = xiangqi(&[
        "puzzles",
        "check",
        both.to_str().unwrap(),
        "--nodes",
        "1000000",
        "--keep",
        kept.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("wrong"));
    let left = parse(&std::fs::read_to_string(&kept).unwrap()).unwrap();
    assert_eq!(
        left.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(),
        ["good"]
    );
    // The second look at the first move alone agrees.
    let first = |file: &str| xiangqi(&["puzzles", "check", file, "--first", "--nodes", "1000000"]);
    assert!(first(f).status.success());
    let o = first(bad.to_str().unwrap());
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("wrong"));
    // A bad line is named by line and field.
    std::fs::write(
        &bad,
        format!(
            "{good}\n{}\n",
            good.replace("\"rating\":1500", "\"rating\":\"x\"")
        ),
    )
    .unwrap();
    let o = xiangqi(&["puzzles", "list", bad.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2"));
    let o = xiangqi(&["puzzles", "list", "--theme", "nope"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a theme"));
    let o = xiangqi(&["puzzles", "list", "--rating", "9-1"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("A-B"));
    // `tag` themes a puzzle again from its line: the made puzzle's own
    // themes come back in place of the stand-in's "material" (when they
    // differ), and a file whose line does not play is refused, by line
    // and field.
    let themed = dir.join("themed.jsonl");
    let o = xiangqi(&["puzzles", "tag", f, "--out", themed.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let again = parse(&std::fs::read_to_string(&themed).unwrap()).unwrap();
    assert_eq!(
        again[0].themes,
        t.themes,
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut broken = tactic_of(pos, line, "broken");
    broken.moves = vec![
        line[0].to_string(),
        line[0].to_string(),
        line[0].to_string(),
    ];
    std::fs::write(&bad, serde_json::to_string(&broken).unwrap() + "\n").unwrap();
    let o = xiangqi(&[
        "puzzles",
        "tag",
        bad.to_str().unwrap(),
        "--out",
        themed.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 1, field `moves`"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_miner_finds_the_chance_a_blunder_hands_over_and_only_that() {
    use xiangqi::tactics::mine::{GameMoves, Miner, Settings};
    // Level 1 – Level 3, game 47 of the ladder, from its 230th ply: Red's
    // h3g5 (ply 4 here) leaves the horse to the chariot on g8.
    let start =
        Position::from_fen("7R1/5k3/b4ar2/9/2p6/8c/p6N1/1n2K4/1R7/9 b - - 3 115").expect("fen");
    let moves = "i4i7 b1e1 g7g8 h3g5 g8g5 e1i1 i7i5";
    let game = GameMoves {
        name: "ladder 1-3, game 47".into(),
        start,
        moves: moves
            .split(' ')
            .map(|m| Move::from_iccs(m).expect("move"))
            .collect(),
    };
    let mut miner = Miner::new(Settings {
        budget: MADE,
        ..Settings::default()
    });
    let found = miner.mine(&game);
    let made: Vec<_> = found
        .tactics
        .iter()
        .map(|t| (t.source.ply, t.moves.clone()))
        .collect();
    assert_eq!(made, vec![(4, vec!["g8g5".to_string()])], "{found:?}");
    let t = &found.tactics[0];
    assert_eq!(t.last, "h3g5");
    assert!(t.themes.iter().any(|k| k == "hanging"), "{:?}", t.themes);
    assert_eq!(t.rating, 0);
}
