//! Puzzles made from real games (`xiangqi::tactics`) behind the exercise
//! contract (`xiangqi::exercise::tactic`), without a window: the sample
//! set's lines are proved by the engine, the line's move is played and
//! its reply comes from the line, a mate at the end is accepted whatever
//! the move, a wrong move misses with the teacher's why, the hint is the
//! line's next move and costs the clean solve.

use std::sync::atomic::AtomicBool;
use xiangqi::course::solve::{Proof, prove_win};
use xiangqi::engine::{Engine, Limits, SearchRequest};
use xiangqi::exercise::tactic::{TacticAttempt, TacticState};
use xiangqi::exercise::{Answer, Exercise, Failure, Refusal, Standing, Verdict, settle};
use xiangqi::rules::{Move, Position};
use xiangqi::tactics::{Tactic, Theme, parse};
use xiangqi::teach::{Explainer, Kind};

/// The sample set: eight puzzles from real games (see `tests/data/README.md`).
fn sample() -> Vec<Tactic> {
    parse(include_str!("data/tactics_sample.jsonl")).expect("the sample set reads")
}

fn by_id(id: &str) -> Tactic {
    sample()
        .into_iter()
        .find(|t| t.id == id)
        .unwrap_or_else(|| panic!("no sample puzzle {id}"))
}

fn mv(text: &str) -> Move {
    Move::from_iccs(text).expect("a move")
}

/// The positions the solver moves in, with the solver moves left.
fn solver_positions(t: &Tactic) -> Vec<(Position, Move, u32)> {
    let line = t.line().expect("the line reads");
    let mut pos = t.position().expect("the position reads");
    let mut out = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 {
            out.push((pos, m, (line.len() - i).div_ceil(2) as u32));
        }
        pos.play(m).expect("the line is legal");
    }
    out
}

/// The engine's move at depth 8 (as the set of real games' tactics was
/// chosen, `tests/teach_measure.rs`).
fn best(engine: &mut Engine, pos: &Position) -> Move {
    engine.clear();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(10),
        ..Limits::default()
    };
    let request = SearchRequest::new(pos, &[], &stop).limits(limits);
    engine.search(&request, &mut |_| {}).best
}

#[test]
fn the_sample_lines_are_what_the_engine_finds() {
    let set = sample();
    assert_eq!(set.len(), 8);
    let mut engine = Engine::new(16);
    for t in &set {
        let line = t.line().expect("the line reads");
        let mut end = t.position().unwrap();
        for &m in &line {
            end.play(m).unwrap();
        }
        if t.has(Theme::Mate) {
            // Each solver move still mates in the moves left, against every
            // defence; the line ends with the defender out of moves.
            for (pos, m, left) in solver_positions(t) {
                let mut after = pos;
                after.play(m).unwrap();
                assert!(
                    left == 1 || matches!(prove_win(&pos, left, 200_000), Proof::Win(_)),
                    "{}: no mate in {left} from {}",
                    t.id,
                    pos.fen()
                );
                if left > 1 {
                    for reply in after.legal_moves().iter().copied() {
                        let mut next = after;
                        next.play(reply).unwrap();
                        let proof = prove_win(&next, left - 1, 200_000);
                        assert!(matches!(proof, Proof::Win(_)), "{}: {m} {reply}", t.id);
                    }
                }
            }
            assert!(!end.has_legal_move(), "{}: the line mates", t.id);
        } else {
            // The engine plays the solver's moves.
            for (pos, m, _) in solver_positions(t) {
                assert_eq!(best(&mut engine, &pos), m, "{} at {}", t.id, pos.fen());
            }
        }
        // The move before marks a piece of the side that just moved.
        let start = t.position().unwrap();
        let last = Move::from_iccs(&t.last).expect("the last move reads");
        let piece = start
            .piece_at(last.to())
            .expect("a piece where the last move went");
        assert_ne!(piece.color, start.side_to_move(), "{}", t.id);
    }
}

#[test]
fn the_line_plays_with_the_replies_from_the_line_and_solves() {
    let t = by_id("sample-mate3-red");
    let line = t.line().unwrap();
    let mut a = TacticAttempt::new(&t).expect("opens");
    assert_eq!(a.lead_in(), Some(mv(&t.last)));
    assert_eq!(a.mover(), Some(a.student()));
    for (i, &m) in line.iter().enumerate().step_by(2) {
        let v = a.judge(m);
        if i + 1 == line.len() {
            assert_eq!(v, Verdict::Solved { stars: 3 });
        } else {
            assert_eq!(v, Verdict::Play, "move {i}");
            assert_eq!(a.standing(), Standing::Waiting);
            assert_eq!(a.mover(), None, "nobody moves while the reply comes");
            let q = a.question().expect("the reply is asked");
            assert_eq!(q.ready(), Some(Answer::Reply(Some(line[i + 1]))));
            assert_eq!(settle(&mut a), Some(Verdict::Play));
            assert_eq!(a.standing(), Standing::StudentToMove);
        }
    }
    assert_eq!(a.moves(), line);
    assert_eq!(a.standing(), Standing::Solved(3));
    assert_eq!(a.clean(), Some(true));
    assert_eq!(a.judge(line[0]), Verdict::Refuse(Refusal::NotNow));
}

#[test]
fn a_reply_off_the_line_is_refused() {
    let t = by_id("sample-mate2-red");
    let line = t.line().unwrap();
    let mut a = TacticAttempt::new(&t).unwrap();
    assert_eq!(a.judge(line[0]), Verdict::Play);
    let other = a
        .position()
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != line[1]);
    if let Some(other) = other {
        assert_eq!(
            a.answer(Answer::Reply(Some(other))),
            Verdict::Refuse(Refusal::NotNow)
        );
    }
    assert_eq!(a.moves().len(), 1);
}

#[test]
fn any_mate_at_the_end_is_accepted() {
    // Every sample mate: any move that leaves the defender without a move
    // at the last solver move solves it.
    let mut others = 0;
    for t in sample().iter().filter(|t| t.has(Theme::Mate)) {
        let line = t.line().unwrap();
        let (pos, _, _) = *solver_positions(t).last().unwrap();
        for m in pos.legal_moves().iter().copied() {
            let mut after = pos;
            after.play(m).unwrap();
            if after.has_legal_move() || m == line[line.len() - 1] {
                continue;
            }
            let mut a = TacticAttempt::new(t).unwrap();
            for (i, &l) in line[..line.len() - 1].iter().enumerate() {
                if i % 2 == 0 {
                    a.judge(l);
                } else {
                    settle(&mut a);
                }
            }
            assert_eq!(a.judge(m), Verdict::Solved { stars: 3 }, "{} {m}", t.id);
            others += 1;
        }
    }
    assert!(others > 0, "some sample mate can be given two ways");
}

#[test]
fn a_wrong_move_misses_and_the_teacher_says_why() {
    let t = by_id("sample-material-black");
    let line = t.line().unwrap();
    let mut a = TacticAttempt::new(&t).unwrap();
    // Against a rule: refused, nothing played.
    let start = a.position();
    let illegal = Move::new(line[0].from(), line[0].from());
    assert!(matches!(
        a.judge(illegal),
        Verdict::Refuse(Refusal::Illegal(_))
    ));
    assert!(a.moves().is_empty());
    // The black chariot on f7 walks into the red chariot's file: taken for nothing.
    let wrong = mv("f7f5");
    assert!(start.is_legal(wrong) && wrong != line[0]);
    assert_eq!(a.judge(wrong), Verdict::Failed(Failure::NotTheMove));
    assert_eq!(a.state(), TacticState::Missed(wrong));
    assert_eq!(a.standing(), Standing::Failed(Failure::NotTheMove));
    assert_eq!(a.clean(), Some(false));
    assert_eq!(a.moves(), vec![wrong], "the wrong move stands on the board");
    let why = a
        .why_missed(&mut Explainer::default())
        .expect("the teacher says why");
    let allowed = why.allowed.as_ref().expect("what it allowed");
    assert!(why.better.is_none(), "the solution is not given away");
    assert!(
        matches!(allowed.motif.kind, Kind::Hanging | Kind::Capture),
        "{allowed:?}"
    );
    assert!(!why.text(xiangqi::words::Language::En).is_empty());
    // Retry: back to the start.
    a.restart();
    assert_eq!(a.standing(), Standing::StudentToMove);
    assert_eq!(a.position(), start);
    assert!(a.why_missed(&mut Explainer::default()).is_none());
}

#[test]
fn the_hint_is_the_lines_next_move_and_costs_the_clean_solve() {
    let t = by_id("sample-mate2-black");
    let line = t.line().unwrap();
    let mut a = TacticAttempt::new(&t).unwrap();
    let stop = AtomicBool::new(false);
    let hint = a.hint().expect("its own hint").run(&stop);
    assert_eq!(hint, Answer::Hint(Some(line[0])));
    a.hinted(Some(line[0]));
    assert!(a.was_hinted());
    a.judge(line[0]);
    // No hint while the reply comes (and none from the game either).
    assert_eq!(a.hint().unwrap().ready(), Some(Answer::Hint(None)));
    settle(&mut a);
    assert_eq!(a.judge(line[2]), Verdict::Solved { stars: 1 });
    assert_eq!(a.clean(), Some(false), "a hint is a miss for the rating");
}

#[test]
fn the_solution_shown_is_the_whole_line() {
    let t = by_id("sample-material-red");
    let mut a = TacticAttempt::new(&t).unwrap();
    a.show_solution();
    assert_eq!(a.moves(), t.line().unwrap());
    assert_eq!(a.standing(), Standing::Failed(Failure::Shown));
    assert_eq!(a.clean(), Some(false));
    assert_eq!(a.mover(), None);
}

#[test]
fn the_teacher_tells_what_the_combination_did() {
    let mut explainer = Explainer::default();
    let mate = TacticAttempt::new(&by_id("sample-mate2-red")).unwrap();
    let did = mate.what_it_did(&mut explainer).expect("a mate is told");
    assert_eq!(did.motif.kind, Kind::Mate);
    let material = TacticAttempt::new(&by_id("sample-material-black")).unwrap();
    let did = material
        .what_it_did(&mut explainer)
        .expect("material won is told");
    assert_eq!(did.mv, mv("c8c5"));
    assert!(
        matches!(did.motif.kind, Kind::Capture | Kind::Hanging),
        "{did:?}"
    );
}

#[test]
fn a_puzzle_that_does_not_play_is_an_error_not_a_panic() {
    let mut t = by_id("sample-mate1-red");
    t.moves = vec!["a0a9".into()];
    let e = TacticAttempt::new(&t).expect_err("refused");
    assert!(e.to_string().contains("move 1 `a0a9`"), "{e}");
    t.fen = "nonsense".into();
    assert!(TacticAttempt::new(&t).is_err());
}
