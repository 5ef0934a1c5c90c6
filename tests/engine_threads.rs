//! Many threads and thinking on the opponent's time, through the engine's
//! API and its protocol loop: the `Threads` option and its limits, a
//! search on several threads, and `go ponder` with `ponderhit` and `stop`
//! in UCI and UCCI. No timings: every check is on what the engine says
//! and in which order.

use std::sync::atomic::AtomicBool;
use xiangqi::engine::uci::run_transcript;
use xiangqi::engine::{Engine, Limits, SearchRequest, ThreadsError, max_threads};
use xiangqi::rules::{Move, Position};

fn bestmoves(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("bestmove") || l.starts_with("nobestmove"))
        .collect()
}

/// `bestmove M ponder R`: M legal in `pos`, R legal after it.
fn assert_move_and_ponder(line: &str, pos: &Position) {
    assert!(line.contains(" ponder "), "no ponder move: {line}");
    assert_move(line, pos);
}

/// `bestmove M [ponder R]`: M legal in `pos`, R (if any) legal after it.
/// (A search stopped at once may know no reply yet.)
fn assert_move(line: &str, pos: &Position) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(words.len() == 2 || words.len() == 4, "{line}");
    assert_eq!(words[0], "bestmove", "{line}");
    let best = Move::from_iccs(words[1]).unwrap();
    assert!(pos.is_legal(best), "{line}");
    if let [_, _, ponder, reply] = words[..] {
        assert_eq!(ponder, "ponder", "{line}");
        let mut after = *pos;
        after.make(best);
        assert!(after.is_legal(Move::from_iccs(reply).unwrap()), "{line}");
    }
}

fn errors(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("info string error:"))
        .collect()
}

#[test]
fn the_engine_takes_one_to_the_machines_threads_and_keeps_its_count_otherwise() {
    let max = max_threads();
    let mut e = Engine::new(1);
    assert_eq!(e.threads(), 1);
    assert_eq!(e.set_threads(0), Err(ThreadsError { asked: 0, max }));
    assert_eq!(
        e.set_threads(max + 1),
        Err(ThreadsError {
            asked: max + 1,
            max
        })
    );
    assert_eq!(e.threads(), 1);
    e.set_threads(max).unwrap();
    assert_eq!(e.threads(), max);
    // A new table keeps the threads, and the threads the table.
    e.set_hash_mb(2).unwrap();
    assert_eq!((e.threads(), e.hash_mb()), (max, 2));
    let pos = Position::startpos();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = e.search(
        &SearchRequest::new(&pos, &[], &stop).limits(limits),
        &mut |_| {},
    );
    assert!(pos.is_legal(r.best));
    assert_eq!(r.depth, 4);
    e.set_threads(1).unwrap();
    assert_eq!(e.threads(), 1);
}

#[test]
fn uci_announces_threads_and_ponder_and_refuses_counts_out_of_range() {
    let max = max_threads();
    let out = run_transcript(&format!(
        "uci\nsetoption name Threads value 0\nsetoption name Threads value {}\n\
         setoption name Threads value many\nsetoption name Ponder value maybe\n",
        max + 1
    ));
    let announced = format!("option name Threads type spin default 1 min 1 max {max}");
    assert!(out.lines().any(|l| l == announced), "{out}");
    assert!(
        out.lines()
            .any(|l| l == "option name Ponder type check default false"),
        "{out}"
    );
    let errors = errors(&out);
    assert_eq!(errors.len(), 4, "{out}");
    let range = format!("Threads must be 1..{max} (the machine's threads), not");
    for (e, v) in errors
        .iter()
        .zip(["'0'", &format!("'{}'", max + 1), "'many'"])
    {
        assert!(e.contains(&range) && e.ends_with(v), "{e}");
    }
    assert!(errors[3].contains("Ponder takes true or false"), "{out}");
}

#[test]
fn hash_and_threads_set_together_in_any_order_search_and_report() {
    let max = max_threads();
    let out = run_transcript(&format!(
        "uci\nsetoption name Hash value 8\nsetoption name Threads value {max}\n\
         setoption name Hash value 16\nsetoption name Ponder value true\n\
         setoption name Hash value 0\nposition startpos moves h2e2\ngo depth 4\n"
    ));
    // Only the bad hash size is refused; the threads stay.
    let refused = errors(&out);
    assert_eq!(refused.len(), 1, "{out}");
    assert!(refused[0].contains("hash size must be 1..4096 MB"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("info depth 4 ")), "{out}");
    let mut pos = Position::startpos();
    pos.make(Move::from_iccs("h2e2").unwrap());
    let said = bestmoves(&out);
    assert_eq!(said.len(), 1, "{out}");
    assert_move_and_ponder(said[0], &pos);
    // UCCI names it its own way.
    let out = run_transcript(&format!(
        "ucci\nsetoption threads {max}\nsetoption threads 0\nposition startpos\ngo depth 3\n"
    ));
    assert!(
        out.lines()
            .any(|l| l == format!("option threads type spin min 1 max {max} default 1")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l == "option ponder type check default false")
    );
    assert_eq!(errors(&out).len(), 1, "{out}");
    assert_move_and_ponder(bestmoves(&out)[0], &Position::startpos());
}

#[test]
fn a_ponder_hit_starts_the_clock_and_the_answer_comes_after_it() {
    // Until the ponderhit the search is infinite: `isready`, sent after
    // the `go ponder`, is answered before the move.
    let out = run_transcript(
        "uci\nposition startpos moves h2e2\ngo ponder wtime 3000 btime 3000 winc 0 binc 0\n\
         isready\nponderhit\n",
    );
    let ready = out.find("readyok").unwrap();
    let best = out.find("bestmove").unwrap();
    assert!(ready < best, "{out}");
    let said = bestmoves(&out);
    assert_eq!(said.len(), 1, "{out}");
    let mut pos = Position::startpos();
    pos.make(Move::from_iccs("h2e2").unwrap());
    assert_move_and_ponder(said[0], &pos);
    assert!(errors(&out).is_empty(), "{out}");
}

#[test]
fn stop_while_pondering_answers_with_a_move() {
    let out = run_transcript(
        "uci\nsetoption name Threads value 1\nposition startpos\n\
         go ponder wtime 3000 btime 3000\nisready\nstop\nisready\n",
    );
    let said = bestmoves(&out);
    assert_eq!(said.len(), 1, "{out}");
    assert!(out.find("readyok").unwrap() < out.find("bestmove").unwrap());
    assert_move(said[0], &Position::startpos());
}

#[test]
fn a_ponder_miss_stops_and_the_new_position_is_searched() {
    // The GUI stops the ponder search (its answer is ignored), then sends
    // the move really played and a new `go`.
    let out = run_transcript(
        "uci\nposition startpos moves h2e2 h9g7\ngo ponder wtime 3000 btime 3000\nstop\n\
         position startpos moves h2e2 b9c7\ngo wtime 3000 btime 3000 depth 4\n",
    );
    let said = bestmoves(&out);
    assert_eq!(said.len(), 2, "{out}");
    let mut pondered = Position::startpos();
    let mut played = Position::startpos();
    for m in ["h2e2", "h9g7"] {
        pondered.make(Move::from_iccs(m).unwrap());
    }
    for m in ["h2e2", "b9c7"] {
        played.make(Move::from_iccs(m).unwrap());
    }
    assert_move(said[0], &pondered);
    assert_move_and_ponder(said[1], &played);
}

#[test]
fn a_queued_go_ponder_and_its_ponderhit_answer_once_each() {
    // The second `go` waits behind the first search, and its ponderhit
    // behind it: each search answers once, in order. (That the ponderhit
    // reaches it is tested on a live process, tests/engine_process.rs.)
    let out = run_transcript(
        "uci\nposition startpos\ngo depth 3\ngo ponder wtime 2000 btime 2000\nponderhit\nisready\n",
    );
    let said = bestmoves(&out);
    assert_eq!(said.len(), 2, "{out}");
    for s in said {
        assert_move_and_ponder(s, &Position::startpos());
    }
    // A ponderhit with no ponder search is nothing.
    let out = run_transcript("uci\nponderhit\nisready\n");
    assert!(
        errors(&out).is_empty() && bestmoves(&out).is_empty(),
        "{out}"
    );
}

#[test]
fn ucci_ponders_as_elephanteye_speaks_it() {
    // `go ponder time …` in seconds, then `ponderhit draw` (the offer is
    // not taken up).
    let out = run_transcript(
        "ucci\nposition startpos\ngo ponder time 3 increment 0\nisready\nponderhit draw\nquit\n",
    );
    let said = bestmoves(&out);
    assert_eq!(said.len(), 1, "{out}");
    assert!(out.find("readyok").unwrap() < out.find("bestmove").unwrap());
    assert_move_and_ponder(said[0], &Position::startpos());
    assert!(errors(&out).is_empty(), "{out}");
    assert_eq!(out.lines().last(), Some("bye"), "{out}");
    // A ponder search stopped: its move all the same.
    let out = run_transcript("ucci\nposition startpos\ngo ponder time 3\nisready\nstop\nquit\n");
    let said = bestmoves(&out);
    assert_eq!(said.len(), 1, "{out}");
    assert_move(said[0], &Position::startpos());
}

#[test]
fn several_lines_on_several_threads_are_the_main_threads() {
    let max = max_threads();
    let out = run_transcript(&format!(
        "uci\nsetoption name Threads value {max}\nsetoption name MultiPV value 3\n\
         position startpos\ngo depth 4\n"
    ));
    let last: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info depth 4 "))
        .collect();
    assert_eq!(last.len(), 3, "{out}");
    let firsts: Vec<&str> = last
        .iter()
        .map(|l| {
            l.split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
        })
        .collect();
    for (k, l) in last.iter().enumerate() {
        assert!(l.contains(&format!(" multipv {} ", k + 1)), "{out}");
    }
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    // The answer is the first line's move.
    let said = bestmoves(&out);
    assert_eq!(said.len(), 1, "{out}");
    assert_eq!(said[0].split_whitespace().nth(1), Some(firsts[0]), "{out}");
    assert_move_and_ponder(said[0], &Position::startpos());
}

#[test]
fn bench_runs_on_the_threads_asked_and_refuses_more_than_the_machine_has() {
    let bench = |threads: usize| {
        std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(["bench", "--depth", "3", "--hash", "1", "--threads"])
            .arg(threads.to_string())
            .output()
            .expect("xiangqi runs")
    };
    let max = max_threads();
    let o = bench(max);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.lines().any(|l| l == format!("threads: {max}")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("nodes/s: ")), "{out}");
    assert!(out.contains("(to depth 3)"), "{out}");
    let o = bench(max + 1);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim_end(),
        format!(
            "error: --threads {}: threads must be 1..{max} (the machine's threads), not {}",
            max + 1,
            max + 1
        )
    );
    let o = bench(0);
    assert_eq!(o.status.code(), Some(2));
}
