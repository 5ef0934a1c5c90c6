//! The player's own engine as the game uses it: our own engine
//! in both protocols as a well-behaved one (moves, MultiPV, excluded
//! moves, `stop`), and fake engines that misbehave in every way the game
//! must survive, each failure naming the engine and saying what happened.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use xiangqi::client::external::{
    EngineConfig, EngineFailure, EngineLine, ExternalEngine, ThinkRequest,
};
use xiangqi::client::process::{GoLimit, Protocol};
use xiangqi::rules::{Move, Position};

const BIN: &str = env!("CARGO_BIN_EXE_xiangqi");

fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A fake UCI engine: a handshake, `readyok`, and `on_go` run for `go`.
fn fake_uci(dir: &Path, name: &str, on_go: &str) -> PathBuf {
    script(
        dir,
        name,
        &format!(
            "while IFS= read -r line; do\n\
               case \"$line\" in\n\
                 uci) echo 'id name Fake'; echo uciok ;;\n\
                 isready) echo readyok ;;\n\
                 go*) {on_go} ;;\n\
                 quit) exit 0 ;;\n\
               esac\n\
             done\n"
        ),
    )
}

fn ours(protocol: Protocol) -> ExternalEngine {
    let word = match protocol {
        Protocol::Uci => "uci",
        Protocol::Ucci => "ucci",
    };
    let mut config = EngineConfig::new("Ours", format!("{BIN} {word}"));
    config.protocol = Some(protocol);
    ExternalEngine::new(config)
}

fn fake(path: &Path) -> ExternalEngine {
    let mut config = EngineConfig::new("Fake", path.display().to_string());
    config.protocol = Some(Protocol::Uci);
    config.handshake_timeout = Duration::from_secs(2);
    ExternalEngine::new(config)
}

fn moves(words: &[&str]) -> Vec<Move> {
    words.iter().map(|w| Move::from_iccs(w).unwrap()).collect()
}

fn req<'a>(
    moves: &'a [Move],
    limit: GoLimit,
    exclude: &'a [Move],
    multipv: u32,
) -> ThinkRequest<'a> {
    ThinkRequest {
        start: Position::startpos(),
        moves,
        limit,
        exclude,
        multipv,
    }
}

fn ms(n: u64) -> GoLimit {
    GoLimit::MoveTime(Duration::from_millis(n))
}

/// Whether a process runs (a zombie, killed and waiting for whoever
/// adopted it to reap it, does not), or for a negative id whether any
/// process of that group runs.
fn runs(pid: i32) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        // No /proc: whether it exists at all.
        // SAFETY: signal 0 only asks whether the target exists.
        return unsafe { libc::kill(pid, 0) == 0 };
    };
    dir.flatten().any(|entry| {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            return false;
        };
        // "pid (name) state ppid pgrp …", the name in parentheses.
        let Some((head, rest)) = stat.rsplit_once(')') else {
            return false;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let own: Option<i32> = head.split_whitespace().next().and_then(|w| w.parse().ok());
        let group: Option<i32> = fields.get(2).and_then(|w| w.parse().ok());
        let matches = if pid < 0 {
            group == Some(-pid)
        } else {
            own == Some(pid)
        };
        matches && fields.first() != Some(&"Z")
    })
}

/// Whether a process (or group) is gone within a second: what an engine
/// started is killed with it.
fn gone(pid: i32) -> bool {
    let until = Instant::now() + Duration::from_secs(1);
    while runs(pid) {
        if Instant::now() > until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    true
}

fn position_after(moves: &[Move]) -> Position {
    let mut p = Position::startpos();
    for &m in moves {
        p.play(m).unwrap();
    }
    p
}

#[test]
fn our_engine_plays_legal_moves_in_both_protocols() {
    let never = AtomicBool::new(false);
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        let mut e = ours(protocol);
        assert!(!e.started());
        e.new_game().unwrap();
        assert!(e.started());
        assert_eq!(e.protocol(), Some(protocol));
        let mut lines = 0;
        let t = e
            .think(&req(&[], ms(200), &[], 1), &never, &mut |_| lines += 1)
            .unwrap();
        assert!(Position::startpos().is_legal(t.best), "{protocol:?}");
        assert!(lines > 0 && t.depth > 0, "{protocol:?}: {t:?}");
        assert!(t.score.is_some());
        let played = moves(&["h2e2", "h9g7", "h0g2"]);
        let t = e
            .think(&req(&played, ms(200), &[], 1), &never, &mut |_| {})
            .unwrap();
        let here = position_after(&played);
        assert!(here.is_legal(t.best), "{protocol:?}: {}", t.best);
        // The lines are legal from the position searched.
        for l in &t.lines {
            let mut p = here;
            for &m in &l.pv {
                p.play(m).unwrap();
            }
        }
        // A depth and a clock.
        let t = e
            .think(
                &req(&played, GoLimit::Depth(3), &[], 1),
                &never,
                &mut |_| {},
            )
            .unwrap();
        assert!(here.is_legal(t.best));
        let clock = GoLimit::Clock {
            red: Duration::from_secs(10),
            black: Duration::from_secs(3),
            increment: Duration::ZERO,
        };
        let t = e
            .think(&req(&played, clock, &[], 1), &never, &mut |_| {})
            .unwrap();
        assert!(here.is_legal(t.best));
    }
}

#[test]
fn multipv_gives_distinct_lines_and_exclusions_another_move() {
    let never = AtomicBool::new(false);
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        let mut e = ours(protocol);
        let mut seen: Vec<EngineLine> = Vec::new();
        let t = e
            .think(&req(&[], ms(300), &[], 3), &never, &mut |l| {
                seen.push(l.clone())
            })
            .unwrap();
        assert_eq!(t.lines.len(), 3, "{protocol:?}: {t:?}");
        let idx: Vec<u32> = t.lines.iter().map(|l| l.multipv).collect();
        assert_eq!(idx, [1, 2, 3]);
        let mut first: Vec<Move> = t.lines.iter().map(|l| l.pv[0]).collect();
        first.sort_by_key(|m| m.to_string());
        first.dedup();
        assert_eq!(first.len(), 3, "{protocol:?}: {:?}", t.lines);
        assert!(seen.iter().any(|l| l.multipv == 3));
        // Back to one line.
        let t = e
            .think(&req(&[], ms(150), &[], 1), &never, &mut |_| {})
            .unwrap();
        assert!(t.lines.iter().all(|l| l.multipv == 1), "{:?}", t.lines);
        // The best move excluded: another one.
        let best = t.best;
        let t = e
            .think(&req(&[], ms(150), &[best], 1), &never, &mut |_| {})
            .unwrap();
        assert_ne!(t.best, best, "{protocol:?}");
        assert!(Position::startpos().is_legal(t.best));
        // Several excluded, with MultiPV: none of them in any line's start.
        let excluded = moves(&["h2e2", "b2e2", "h0g2", "b0c2"]);
        let t = e
            .think(&req(&[], ms(200), &excluded, 2), &never, &mut |_| {})
            .unwrap();
        assert!(!excluded.contains(&t.best), "{protocol:?}: {}", t.best);
        for l in &t.lines {
            assert!(!excluded.contains(&l.pv[0]), "{protocol:?}: {l:?}");
        }
    }
}

#[test]
fn stop_ends_an_infinite_search_with_a_move() {
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        let mut e = ours(protocol);
        e.start().unwrap();
        let stop = AtomicBool::new(false);
        let began = Instant::now();
        let t = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(300));
                stop.store(true, Ordering::Relaxed);
            });
            e.think(&req(&[], GoLimit::Infinite, &[], 1), &stop, &mut |_| {})
        })
        .unwrap();
        let took = began.elapsed();
        assert!(Position::startpos().is_legal(t.best));
        assert!(
            took >= Duration::from_millis(300) && took < Duration::from_millis(1500),
            "{protocol:?}: {took:?}"
        );
        // Still usable.
        let never = AtomicBool::new(false);
        e.think(&req(&[], ms(100), &[], 1), &never, &mut |_| {})
            .unwrap();
    }
}

#[test]
fn an_engine_found_by_asking_and_its_options() {
    let never = AtomicBool::new(false);
    // The protocol found by asking.
    let mut e = ExternalEngine::new(EngineConfig::new("Ours", format!("{BIN} uci")));
    e.think(&req(&[], ms(100), &[], 1), &never, &mut |_| {})
        .unwrap();
    assert_eq!(e.protocol(), Some(Protocol::Uci));
    assert_eq!(e.name(), "Ours");
    // Options the engine knows are set; one it does not is refused.
    let mut config = EngineConfig::new("Ours", format!("{BIN} uci"));
    config.options = vec![("Hash".into(), "32".into())];
    let mut e = ExternalEngine::new(config.clone());
    e.start().unwrap();
    config.options.push(("Bogus".into(), "1".into()));
    let mut e = ExternalEngine::new(config);
    let f = e.start().unwrap_err();
    assert!(
        matches!(f, EngineFailure::OptionRefused { ref option, .. } if option == "Bogus"),
        "{f:?}"
    );
    let text = f.to_string();
    assert!(
        text.starts_with("Ours refused the option Bogus = 1: "),
        "{text}"
    );
    assert!(f.is_fatal_at_start());
    assert!(!e.started());
}

#[test]
fn programs_that_cannot_start_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("pikafish");
    let f = fake(&missing).start().unwrap_err();
    assert!(matches!(f, EngineFailure::CannotStart { .. }), "{f:?}");
    assert!(f.to_string().ends_with("pikafish: no such file"), "{f}");
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o644)).unwrap();
    let f = fake(&plain).start().unwrap_err();
    assert!(f.to_string().ends_with("plain: not executable"), "{f}");
    assert!(f.to_string().starts_with("Fake cannot be started"), "{f}");
    // A program that is not on the PATH.
    let mut e = ExternalEngine::new(EngineConfig::new("Ghost", "no-such-engine-anywhere"));
    let f = e.start().unwrap_err();
    assert!(matches!(f, EngineFailure::CannotStart { .. }), "{f:?}");
}

#[test]
fn an_engine_without_a_handshake_times_out() {
    let dir = tempfile::tempdir().unwrap();
    let silent = script(dir.path(), "silent", "exec sleep 60\n");
    let mut config = EngineConfig::new("Silent", silent.display().to_string());
    config.handshake_timeout = Duration::from_millis(300);
    let mut e = ExternalEngine::new(config);
    let began = Instant::now();
    // Both protocols asked, 0.3 s each.
    let f = e.start().unwrap_err();
    assert!(
        began.elapsed() < Duration::from_secs(3),
        "{:?}",
        began.elapsed()
    );
    assert!(matches!(f, EngineFailure::NoHandshake { .. }), "{f:?}");
    assert!(f.to_string().starts_with("Silent did not answer"), "{f}");
    assert!(!e.started());
    // The time said is the time waited for both, not one protocol's.
    let EngineFailure::NoHandshake { secs, .. } = f else {
        unreachable!()
    };
    assert!(
        secs >= 0.55 && secs <= began.elapsed().as_secs_f64(),
        "{secs}"
    );
}

#[test]
fn an_engine_that_dies_at_start_is_quoted() {
    let dir = tempfile::tempdir().unwrap();
    let engine = script(
        dir.path(),
        "no-network",
        "echo 'ERROR: network file pikafish.nnue not found' >&2\nexit 1\n",
    );
    let never = AtomicBool::new(false);
    let f = fake(&engine)
        .think(&req(&[], ms(100), &[], 1), &never, &mut |_| {})
        .unwrap_err();
    assert!(matches!(f, EngineFailure::DiedAtStart { .. }), "{f:?}");
    let text = f.to_string();
    assert!(text.starts_with("Fake stopped while starting"), "{text}");
    assert!(
        text.contains("network file pikafish.nnue not found"),
        "{text}"
    );
}

#[test]
fn garbage_around_a_good_move_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_uci(
        dir.path(),
        "noisy",
        "echo 'hello there'; echo 'info depth x score cp'; echo 'info string bestmove a0a9'; \
         echo 'bestmoves a0a9'; printf '\\377\\376 junk\\n'; \
         echo 'info depth 4 multipv 1 score cp 12 pv h2e2 h9g7 zzzz h0g2'; \
         echo 'info depth 4 multipv 2 score cp 5 pv a0a9'; \
         echo 'bestmove h2e2 ponder h9g7'",
    );
    let mut e = fake(&engine);
    let never = AtomicBool::new(false);
    let t = e
        .think(&req(&[], ms(100), &[], 1), &never, &mut |_| {})
        .unwrap();
    assert_eq!(t.best.to_string(), "h2e2");
    assert_eq!(t.depth, 4);
    // The lines keep their legal start.
    assert_eq!(t.lines.len(), 2);
    assert_eq!(t.lines[0].pv, moves(&["h2e2", "h9g7"]));
    assert!(t.lines[1].pv.is_empty());
}

#[test]
fn a_crash_mid_game_is_reported_and_the_next_search_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("crashed");
    let engine = fake_uci(
        dir.path(),
        "crashy",
        &format!(
            "if [ ! -e '{m}' ]; then touch '{m}'; echo 'Segmentation fault in search' >&2; exit 3; fi; \
             echo 'bestmove h2e2'",
            m = marker.display()
        ),
    );
    let mut e = fake(&engine);
    e.start().unwrap();
    let first = e.pid().unwrap();
    let never = AtomicBool::new(false);
    let f = e
        .think(&req(&[], ms(100), &[], 1), &never, &mut |_| {})
        .unwrap_err();
    assert!(matches!(f, EngineFailure::Crashed { .. }), "{f:?}");
    let text = f.to_string();
    assert!(text.starts_with("Fake stopped during the game"), "{text}");
    assert!(text.contains("exit status: 3"), "{text}");
    assert!(text.contains("Segmentation fault in search"), "{text}");
    assert!(!e.started());
    assert_eq!(e.stderr_tail(), ["Segmentation fault in search"]);
    let t = e
        .think(&req(&[], ms(100), &[], 1), &never, &mut |_| {})
        .unwrap();
    assert_eq!(t.best.to_string(), "h2e2");
    assert_ne!(e.pid(), Some(first));
}

#[test]
fn illegal_unparsable_and_missing_moves_are_failures() {
    let dir = tempfile::tempdir().unwrap();
    let never = AtomicBool::new(false);
    let cases = [
        (
            "illegal",
            "echo 'bestmove a0a9'",
            "Fake played a0a9, which is not a legal move here",
        ),
        (
            "unparsable",
            "echo 'bestmove xyz'",
            "Fake answered 'xyz', which is not a move",
        ),
        (
            "none",
            "echo 'bestmove (none)'",
            "Fake gave up without a move",
        ),
        (
            "nullmove",
            "echo 'bestmove 0000'",
            "Fake gave up without a move",
        ),
        (
            "nobestmove",
            "echo 'nobestmove'",
            "Fake gave up without a move",
        ),
    ];
    for (name, on_go, said) in cases {
        let engine = fake_uci(dir.path(), name, on_go);
        let mut e = fake(&engine);
        let f = e
            .think(&req(&[], ms(100), &[], 1), &never, &mut |_| {})
            .unwrap_err();
        assert!(f.to_string().starts_with(said), "{name}: {f}");
        // The engine itself is fine: it keeps running.
        assert!(e.started(), "{name}");
    }
    // With no legal move the engine is not asked at all.
    let engine = fake_uci(dir.path(), "unused", "echo 'bestmove h2e2'");
    let mut e = fake(&engine);
    let mated = Position::from_fen("3k5/9/9/9/9/9/9/9/3R5/3RK4 b").unwrap();
    let r = ThinkRequest {
        start: mated,
        moves: &[],
        limit: ms(100),
        exclude: &[],
        multipv: 1,
    };
    let f = e.think(&r, &never, &mut |_| {}).unwrap_err();
    assert!(matches!(f, EngineFailure::NoLegalMoves { .. }), "{f:?}");
    assert!(!e.started());
}

#[test]
fn a_hung_engine_fails_in_time_and_leaves_no_process() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("hung");
    // It hangs on its first `go` (with a child of its own running), then
    // behaves.
    let engine = fake_uci(
        dir.path(),
        "hangs",
        &format!(
            "if [ ! -e '{m}' ]; then touch '{m}'; sleep 60 & echo 'thinking forever' >&2; \
             else echo 'bestmove h2e2'; fi",
            m = marker.display()
        ),
    );
    let mut e = fake(&engine);
    e.start().unwrap();
    let pid = i32::try_from(e.pid().unwrap()).unwrap();
    assert!(runs(pid) && runs(-pid));
    let never = AtomicBool::new(false);
    let began = Instant::now();
    let f = e
        .think(&req(&[], ms(200), &[], 1), &never, &mut |_| {})
        .unwrap_err();
    let took = began.elapsed();
    // 0.2 s and the 2 s of slack.
    assert!(
        took >= Duration::from_millis(2200) && took < Duration::from_millis(3500),
        "{took:?}"
    );
    assert!(matches!(f, EngineFailure::Hang { .. }), "{f:?}");
    let text = f.to_string();
    assert!(text.starts_with("Fake gave no move within 2.2 s"), "{text}");
    assert!(text.contains("thinking forever"), "{text}");
    assert!(!e.started());
    assert!(!runs(pid), "the engine still runs");
    assert!(gone(-pid), "what it started still runs");
    // The next search starts it again.
    let t = e
        .think(&req(&[], ms(100), &[], 1), &never, &mut |_| {})
        .unwrap();
    assert_eq!(t.best.to_string(), "h2e2");
    // Ending it leaves nothing behind either.
    let pid = i32::try_from(e.pid().unwrap()).unwrap();
    drop(e);
    assert!(gone(pid) && gone(-pid));
}

#[test]
fn a_stop_the_engine_ignores_is_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_uci(dir.path(), "deaf", "true");
    let mut e = fake(&engine);
    e.start().unwrap();
    let pid = i32::try_from(e.pid().unwrap()).unwrap();
    let stop = AtomicBool::new(true);
    let began = Instant::now();
    let f = e
        .think(&req(&[], GoLimit::Infinite, &[], 1), &stop, &mut |_| {})
        .unwrap_err();
    let took = began.elapsed();
    assert!(matches!(f, EngineFailure::Hang { .. }), "{f:?}");
    assert!(
        took >= Duration::from_secs(2) && took < Duration::from_secs(4),
        "{took:?}"
    );
    e.stop_process();
    assert!(gone(pid) && gone(-pid));
}

#[test]
fn a_flood_of_output_does_not_hold_up_the_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_uci(
        dir.path(),
        "flood",
        "while :; do echo 'info depth 1 score cp 0 pv h2e2'; done",
    );
    let mut e = fake(&engine);
    let never = AtomicBool::new(false);
    let began = Instant::now();
    let mut lines = 0u64;
    let f = e
        .think(&req(&[], ms(100), &[], 1), &never, &mut |_| lines += 1)
        .unwrap_err();
    assert!(matches!(f, EngineFailure::Hang { .. }), "{f:?}");
    assert!(
        began.elapsed() < Duration::from_secs(4),
        "{:?}",
        began.elapsed()
    );
    assert!(lines > 100, "{lines}");
}
