//! Engine mode (`xiangqi uci`) as a child process, as GUIs and the match
//! runner drive it: it keeps listening while it thinks, and input that is
//! not UTF-8, the end of the input, and memory it cannot get never end it
//! wrongly.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        Engine::start_with(Command::new(env!("CARGO_BIN_EXE_xiangqi")).arg("uci"))
    }

    fn start_with(cmd: &mut Command) -> Engine {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let s = self.stdin.as_mut().unwrap();
        s.write_all(bytes).unwrap();
        s.flush().unwrap();
    }

    /// Waits up to `secs` for a line starting with `prefix`; every line read is returned.
    fn expect(&self, prefix: &str, secs: u64) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let done = l.starts_with(prefix);
                    seen.push(l);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no '{prefix}' within {secs} s; got {seen:?}"),
            }
        }
    }

    /// Waits up to `secs` for the process to exit.
    fn exits_within(&mut self, secs: u64) -> bool {
        let deadline = Instant::now() + Duration::from_secs(secs);
        while Instant::now() < deadline {
            if self.child.try_wait().unwrap().is_some() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_engine_carries_on() {
    let mut e = Engine::start();
    e.send(b"uci\n\xff\xfe \xb3\xb5\nisready\n");
    e.expect("uciok", 10);
    let seen = e.expect("readyok", 10);
    assert!(
        seen.iter().any(|l| l.starts_with("info string error")),
        "{seen:?}"
    );
    e.send(b"quit\n");
    assert!(e.exits_within(10));
}

#[test]
fn the_end_of_input_ends_a_long_search() {
    let mut e = Engine::start();
    e.send(b"uci\nposition startpos\ngo movetime 30000\n");
    e.expect("uciok", 10);
    e.expect("info depth", 10);
    drop(e.stdin.take());
    assert!(
        e.exits_within(5),
        "the engine searched on after its input ended"
    );
}

#[test]
fn isready_stop_and_quit_are_heard_during_a_search_whatever_came_before() {
    let mut e = Engine::start();
    e.send(b"uci\ngo depth 90\n");
    e.expect("uciok", 10);
    e.expect("info depth", 10);
    // Commands a GUI should not send during a search wait their turn
    // without blocking what follows them.
    e.send(b"position startpos moves h2e2\nsetoption name Hash value 8\ngo depth 90\nisready\n");
    let seen = e.expect("readyok", 2);
    assert!(!seen.iter().any(|l| l.starts_with("bestmove")), "{seen:?}");
    e.send(b"stop\n");
    let seen = e.expect("bestmove", 2);
    assert_ne!(seen.last().unwrap(), "bestmove (none)", "{seen:?}");
    // The `go` queued behind the stopped search gets its one answer: none.
    let seen = e.expect("bestmove", 2);
    assert_eq!(seen.last().unwrap(), "bestmove (none)", "{seen:?}");
    // The queued position applies; a new search is on it.
    e.send(b"go depth 1\n");
    let seen = e.expect("bestmove", 10);
    let best = seen
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    let mut pos = xiangqi::rules::Position::startpos();
    pos.make(xiangqi::rules::Move::from_iccs("h2e2").unwrap());
    assert!(
        pos.is_legal(xiangqi::rules::Move::from_iccs(&best).unwrap()),
        "{best} is a move for Black after h2e2"
    );
    e.send(b"go infinite\n");
    e.expect("info depth", 10);
    e.send(b"quit\n");
    assert!(e.exits_within(3));
}

#[test]
fn a_deep_perft_stops_and_quits() {
    let mut e = Engine::start();
    e.send(b"position startpos\ngo perft 7\nisready\n");
    e.expect("readyok", 2);
    e.send(b"stop\nisready\n");
    let seen = e.expect("readyok", 3);
    assert!(
        seen.iter().any(|l| l == "info string perft stopped"),
        "{seen:?}"
    );
    e.send(b"go perft 7\n");
    std::thread::sleep(Duration::from_millis(100));
    e.send(b"quit\n");
    assert!(e.exits_within(3));
}

#[test]
fn a_level_keeps_within_movetime_and_the_clock() {
    // Out of the opening book, so the level searches.
    let fen = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 0 1";
    for level in [8, 6, 3] {
        for go in ["go movetime 50", "go wtime 300 btime 300"] {
            let mut e = Engine::start();
            e.send(
                format!("setoption name Level value {level}\nposition fen {fen}\nisready\n")
                    .as_bytes(),
            );
            e.expect("readyok", 10);
            let t = Instant::now();
            e.send(format!("{go}\n").as_bytes());
            e.expect("bestmove", 10);
            // The level's own budget is 1.5–3 s; the limit must win.
            assert!(
                t.elapsed() < Duration::from_millis(600),
                "level {level}, {go}: {:?}",
                t.elapsed()
            );
        }
    }
}

#[test]
fn a_hash_table_that_does_not_fit_is_refused_and_the_old_one_kept() {
    let bin = env!("CARGO_BIN_EXE_xiangqi");
    let mut e = Engine::start_with(
        Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 2000000 && exec '{bin}' uci")),
    );
    e.send(b"uci\nsetoption name Hash value 4096\nisready\n");
    let seen = e.expect("readyok", 10);
    assert!(
        seen.iter()
            .any(|l| l.contains("cannot allocate a 4096 MB hash table; keeping the 64 MB table")),
        "{seen:?}"
    );
    e.send(b"position startpos\ngo depth 3\n");
    e.expect("bestmove", 10);
    e.send(b"quit\n");
    assert!(e.exits_within(5));
}

/// The `time` of an `info depth` line, in milliseconds.
fn info_time(line: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == "time")?;
    words.next()?.parse().ok()
}

#[test]
fn a_ponder_search_ignores_its_clock_until_the_ponderhit() {
    let mut e = Engine::start();
    e.send(b"uci\nposition startpos\ngo ponder movetime 50\n");
    e.expect("uciok", 10);
    // Iterations reported well past the 50 ms, and no move: the clock
    // has not started.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = e.lines.recv_timeout(left).expect("the search reports");
        assert!(!line.starts_with("bestmove"), "{line}");
        if line.starts_with("info depth") && info_time(&line).is_some_and(|t| t >= 300) {
            break;
        }
    }
    // From the ponderhit the 50 ms count: the move comes.
    e.send(b"ponderhit\n");
    let seen = e.expect("bestmove", 10);
    assert!(seen.last().unwrap().contains(" ponder "), "{seen:?}");
    e.send(b"quit\n");
    assert!(e.exits_within(5));
}

#[test]
fn a_ponderhit_queued_behind_its_go_ponder_reaches_it() {
    let mut e = Engine::start();
    // The input stays open: were the ponderhit lost, the ponder search
    // would never answer.
    e.send(b"uci\nposition startpos\ngo depth 4\ngo ponder wtime 2000 btime 2000\nponderhit\n");
    e.expect("bestmove", 30);
    let seen = e.expect("bestmove", 30);
    assert_ne!(seen.last().unwrap(), "bestmove (none)", "{seen:?}");
    e.send(b"quit\n");
    assert!(e.exits_within(5));
}
