//! Hostile input from the outside: damaged records, misbehaving
//! engines, closed and full outputs, signals, paths that are not regular
//! files. Every run has a deadline, so a hang fails the test instead of
//! stalling the suite.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_xiangqi");

/// What a run printed and how it ended.
struct Run {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

impl Run {
    fn code(&self) -> Option<i32> {
        self.status.code()
    }
}

/// Waits up to `secs` for `child`, killing it and failing the test on a hang.
fn wait(mut child: Child, secs: u64, what: &str) -> Run {
    let out = child.stdout.take();
    let err = child.stderr.take();
    let reader = |s: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut s) = s {
                let _ = s.read_to_end(&mut buf);
            }
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = reader(out.map(|s| Box::new(s) as Box<dyn Read + Send>));
    let err = reader(err.map(|s| Box::new(s) as Box<dyn Read + Send>));
    let deadline = Instant::now() + Duration::from_secs(secs);
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

/// Runs `xiangqi ARGS` with stdin closed, within `secs`.
fn xiangqi(args: &[&str], secs: u64) -> Run {
    let child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xiangqi starts");
    wait(child, secs, &format!("xiangqi {}", args.join(" ")))
}

/// Runs `xiangqi ARGS` with `input` on stdin, within `secs`.
fn xiangqi_with_input(args: &[&str], input: &[u8], secs: u64) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xiangqi starts");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    wait(child, secs, &format!("xiangqi {}", args.join(" ")))
}

fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("xiangqi-hostile-")
        .tempdir()
        .expect("a temporary folder")
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write");
    p
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

fn one_error_line(r: &Run) -> &str {
    assert_eq!(
        r.code(),
        Some(2),
        "stdout {}\nstderr {}",
        r.stdout,
        r.stderr
    );
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{}", r.stderr);
    assert!(lines[0].starts_with("error: "), "{}", r.stderr);
    lines[0]
}

// D1: a stray `}` in a PGN's movetext hung every reader of the move tree.
#[test]
fn a_stray_closing_brace_is_skipped_by_every_record_reader() {
    let dir = scratch();
    for text in [
        "[Event \"x\"]\n1. h2e2 }\n",
        "[Event \"x\"]\n1. h2e2 {x}} h9g7\n",
    ] {
        let f = write(dir.path(), "b.pgn", text.as_bytes());
        let r = xiangqi(&["replay", "--file", s(&f)], 60);
        assert_eq!(r.code(), Some(0), "{}", r.stderr);
        assert!(r.stdout.starts_with("1. h2e2"), "{}", r.stdout);
        let png = dir.path().join("b.png");
        let r = xiangqi(&["render", "--file", s(&f), "--out", s(&png)], 60);
        assert_eq!(r.code(), Some(0), "{}", r.stderr);
        let r = xiangqi(&["review", s(&f), "--depth", "1"], 60);
        assert_eq!(r.code(), Some(0), "{}", r.stderr);
    }
}

/// A fake UCI engine: a shell script that records its pid and a
/// background child's in `NAME.pids`, shakes hands, and runs `on_go` for
/// every `go`.
#[cfg(unix)]
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\n\
         pids=\"$0.pids\"\n\
         echo $$ >> \"$pids\"\n\
         sleep 300 </dev/null >/dev/null 2>&1 &\n\
         echo $! >> \"$pids\"\n\
         while IFS= read -r line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name fake'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             go*) {on_go} ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n"
    );
    std::fs::write(&path, script).expect("write the fake engine");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

/// The pids a fake engine recorded.
fn recorded_pids(engine: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(format!("{}.pids", engine.display())).unwrap_or_default();
    text.lines().filter_map(|l| l.trim().parse().ok()).collect()
}

/// Whether a process runs (a zombie does not).
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .next();
            !matches!(state, Some("Z") | Some("X"))
        }
        Err(_) => false,
    }
}

/// Waits up to 5 s for every pid to end; the ones still running.
#[cfg(target_os = "linux")]
fn survivors(pids: &[u32]) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let alive: Vec<u32> = pids.iter().copied().filter(|&p| running(p)).collect();
        if alive.is_empty() || Instant::now() >= deadline {
            for &p in &alive {
                let _ = Command::new("kill")
                    .args(["-KILL", &p.to_string()])
                    .status();
            }
            return alive;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

// D2: an engine flooding `info` lines without a `bestmove` is timed out.
#[cfg(target_os = "linux")]
#[test]
fn an_engine_flooding_info_lines_is_judged_a_hang() {
    let dir = scratch();
    let pv = vec!["h2e2"; 100].join(" ");
    let engine = fake_engine(
        dir.path(),
        "flood",
        &format!("yes 'info depth 1 score cp 0 pv {pv}'"),
    );
    let r = xiangqi(
        &[
            "match",
            "--a",
            s(&engine),
            "--b",
            "builtin",
            "--movetime",
            "50",
            "--margin",
            "300",
            "--games",
            "1",
        ],
        60,
    );
    assert_eq!(r.code(), Some(0), "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("hangs: no move within"), "{}", r.stdout);
    assert_eq!(survivors(&recorded_pids(&engine)), Vec::<u32>::new());
}

// D5: an engine's own children end with it, at a normal end too.
#[cfg(target_os = "linux")]
#[test]
fn an_engines_children_end_with_the_match() {
    let dir = scratch();
    let engine = fake_engine(dir.path(), "none", "echo 'bestmove (none)'");
    let r = xiangqi(
        &[
            "match",
            "--a",
            "builtin",
            "--b",
            s(&engine),
            "--depth",
            "1",
            "--games",
            "1",
        ],
        60,
    );
    assert_eq!(r.code(), Some(0), "{}{}", r.stdout, r.stderr);
    // D21: `bestmove (none)` is no move, not an unparsable one.
    assert!(
        r.stdout
            .contains("black gives no move in a position with legal moves"),
        "{}",
        r.stdout
    );
    let pids = recorded_pids(&engine);
    assert_eq!(pids.len(), 2, "the fake engine and its child");
    assert_eq!(survivors(&pids), Vec::<u32>::new());
}

// D5: SIGTERM and SIGHUP end the engines and their process groups.
#[cfg(target_os = "linux")]
#[test]
fn sigterm_and_sighup_end_a_match_and_its_engines() {
    for signal in ["TERM", "HUP"] {
        let dir = scratch();
        let engine = fake_engine(
            dir.path(),
            "thinker",
            "sleep 1000 </dev/null >/dev/null 2>&1 & echo $! >> \"$pids\"; wait",
        );
        let child = Command::new(BIN)
            .args([
                "match",
                "--a",
                s(&engine),
                "--b",
                "builtin",
                "--movetime",
                "100",
                "--margin",
                "100000",
                "--games",
                "1",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("match starts");
        // Wait until the engine thinks (three pids: itself, its child, the search).
        let deadline = Instant::now() + Duration::from_secs(30);
        while recorded_pids(&engine).len() < 3 {
            assert!(Instant::now() < deadline, "the fake engine never got a go");
            std::thread::sleep(Duration::from_millis(50));
        }
        let pid = child.id().to_string();
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status();
        assert!(sent.is_ok_and(|s| s.success()));
        let r = wait(child, 30, &format!("match after SIG{signal}"));
        assert_eq!(r.code(), Some(2), "SIG{signal}: {}{}", r.stdout, r.stderr);
        assert!(r.stderr.contains("interrupted"), "{}", r.stderr);
        // D21: no game finished, so no score of 50 %.
        assert!(r.stdout.contains("no game finished"), "{}", r.stdout);
        assert!(!r.stdout.contains("50.0 %"), "{}", r.stdout);
        let pids = recorded_pids(&engine);
        assert_eq!(survivors(&pids), Vec::<u32>::new(), "SIG{signal}: {pids:?}");
    }
}

// D3: a FIFO, a device and a symlink are written, never replaced.
#[cfg(unix)]
#[test]
fn render_writes_through_fifos_devices_and_links() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch();
    // A FIFO: the picture arrives through it and it stays a FIFO.
    let fifo = dir.path().join("pic.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap_or_default())
    };
    let r = xiangqi(&["render", "--out", s(&fifo)], 60);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo(),
        "the FIFO was replaced"
    );
    let got = reader.join().unwrap();
    assert!(got.starts_with(b"\x89PNG"), "{} bytes", got.len());
    // /dev/stdout piped: the picture alone on stdout.
    let child = Command::new(BIN)
        .args(["render", "--out", "/dev/stdout"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.starts_with(b"\x89PNG"));
    assert!(
        !out.stdout.ends_with(b"/dev/stdout\n"),
        "a 'wrote' line in the picture"
    );
    assert!(
        std::fs::symlink_metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device(),
        "/dev/null"
    );
    // A symlink: its target is written, the link stays.
    let real = write(dir.path(), "real.png", b"old");
    let link = dir.path().join("link.png");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let r = xiangqi(&["render", "--out", s(&link)], 60);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(std::fs::read(&real).unwrap().starts_with(b"\x89PNG"));
    // A missing folder is an error, not created.
    let r = xiangqi(
        &["render", "--out", s(&dir.path().join("no/such/x.png"))],
        60,
    );
    assert!(
        one_error_line(&r).contains("does not exist"),
        "{}",
        r.stderr
    );
    assert!(!dir.path().join("no").exists());
}

// D3: match --pgn-out through a link and a device.
#[cfg(unix)]
#[test]
fn match_pgn_out_follows_links_and_writes_devices() {
    let dir = scratch();
    let real = write(dir.path(), "games.pgn", b"");
    let link = dir.path().join("link.pgn");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let base = [
        "match", "--a", "builtin", "--b", "builtin", "--depth", "1", "--games", "1", "--quiet",
    ];
    let mut args = base.to_vec();
    args.extend(["--pgn-out", s(&link)]);
    let r = xiangqi(&args, 120);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .contains("[Round \"1\"]")
    );
    let mut args = base.to_vec();
    args.extend(["--pgn-out", "/dev/stdout"]);
    let r = xiangqi(&args, 120);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert!(
        r.stdout.starts_with("[Game \"Chinese Chess\"]"),
        "{}",
        r.stdout
    );
}

/// A pipe whose reader has already gone away, as after `| head -c1`.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer.into()
}

fn dev_full() -> Stdio {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
        .into()
}

fn xiangqi_to(args: &[&str], stdout: Stdio, secs: u64) -> Run {
    let child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("xiangqi starts");
    wait(child, secs, &format!("xiangqi {}", args.join(" ")))
}

// D4 and `--help > /dev/full`: every command answers a closed or full
// output the same way: quietly for a closed pipe, one error line for a
// full device; never a panic.
#[test]
fn closed_and_full_outputs_are_answered_alike_by_every_command() {
    let dir = scratch();
    let record = write(dir.path(), "g.pgn", b"[Event \"x\"]\n1. h2e2 h9g7 *\n");
    let png = dir.path().join("x.png");
    let gif = dir.path().join("x.gif");
    let commands: Vec<Vec<String>> = [
        vec!["--help"],
        vec!["--version"],
        vec!["replay", "--help"],
        vec!["render", "--out", s(&png)],
        vec!["render", "--file", s(&record), "--gif", s(&gif)],
        vec!["replay", "--file", s(&record)],
        vec!["review", s(&record), "--depth", "1"],
        vec!["perft", "2"],
        vec!["bench", "--depth", "1", "--hash", "1"],
        vec![
            "match", "--a", "builtin", "--b", "builtin", "--depth", "1", "--games", "2",
        ],
    ]
    .into_iter()
    .map(|v| v.into_iter().map(String::from).collect())
    .collect();
    for args in &commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = xiangqi_to(&args, closed_pipe(), 120);
        assert_eq!(r.code(), Some(0), "{args:?} | closed: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
        let r = xiangqi_to(&args, dev_full(), 120);
        assert_eq!(
            r.stderr, "error: cannot write the output: No space left on device (os error 28)\n",
            "{args:?} > /dev/full"
        );
        assert_eq!(r.code(), Some(2), "{args:?} > /dev/full");
    }
    // Engine mode: a GUI that stops reading is gone; the engine ends with
    // its input, quietly, whatever became of its output.
    for stdout in [closed_pipe(), dev_full()] {
        let mut child = Command::new(BIN)
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(
                b"uci
isready
go depth 2
",
            )
            .unwrap();
        drop(stdin);
        let r = wait(child, 60, "uci with its output gone");
        assert_eq!(r.code(), Some(0), "{}", r.stderr);
        assert!(r.stderr.is_empty(), "{}", r.stderr);
    }
}

// D7: the record size limit holds while reading, for endless devices too.
#[cfg(unix)]
#[test]
fn an_endless_or_huge_record_is_refused_at_the_size_limit() {
    let dir = scratch();
    let big = dir.path().join("big.txt");
    let line = "h2e2 h9g7 h0g2 i9h9 ".repeat(50);
    let mut text = String::new();
    while text.len() < 9 << 20 {
        text.push_str(&line);
        text.push('\n');
    }
    std::fs::write(&big, text).unwrap();
    for path in ["/dev/zero", s(&big)] {
        for args in [
            vec!["replay", "--file", path],
            vec!["replay", "--pgn", path],
            vec!["render", "--file", path, "--out", "/dev/null"],
            vec!["review", path],
        ] {
            let r = xiangqi(&args, 60);
            let e = one_error_line(&r);
            assert!(e.contains("too large to be a game record"), "{args:?}: {e}");
        }
    }
}

// D13: every `go` gets exactly one answer.
#[test]
fn every_go_gets_exactly_one_answer() {
    let input = "uci\ngo depth -3\ngo searchmoves zz99 depth 2\ngo nodes x\n\
                 go infinite\ngo depth 1\nstop\nisready\n\
                 ucci\ngo time abc\nisready\n";
    let r = xiangqi_with_input(&["uci"], input.as_bytes(), 60);
    let answers = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("bestmove") || *l == "nobestmove")
        .count();
    assert_eq!(answers, 6, "{}", r.stdout);
    assert_eq!(r.stdout.matches("readyok").count(), 2, "{}", r.stdout);
    let last_ucci = r.stdout.lines().rev().nth(1).unwrap_or("");
    assert_eq!(last_ucci, "nobestmove", "{}", r.stdout);
}

// D14: banning every legal move leaves no move to play.
#[test]
fn banning_every_legal_move_answers_nobestmove() {
    let pos = xiangqi::rules::Position::startpos();
    let all: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    let input = format!(
        "ucci\nposition startpos\nbanmoves {}\ngo depth 2\nisready\n",
        all.join(" ")
    );
    let r = xiangqi_with_input(&["uci"], input.as_bytes(), 60);
    let answers: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("bestmove") || l.starts_with("nobestmove"))
        .collect();
    assert_eq!(answers, ["nobestmove"], "{}", r.stdout);
}

// Also: a huge command is not echoed back, an endless line not kept.
#[test]
fn engine_mode_keeps_no_huge_line() {
    let mut input = vec![b'x'; 3 << 20];
    input.extend_from_slice(b"\nuci\n");
    input.extend(vec![b'y'; 100_000]);
    input.extend_from_slice(b"\nisready\n");
    let r = xiangqi_with_input(&["uci"], &input, 60);
    assert!(
        r.stdout.contains("uciok") && r.stdout.contains("readyok"),
        "{}",
        r.stdout.len()
    );
    for line in r.stdout.lines() {
        assert!(line.len() < 1000, "a line of {} bytes", line.len());
    }
    assert!(r.stdout.contains("longer than 1 MB"), "{}", r.stdout);
}

// D15: control characters from a file are escaped in errors.
#[test]
fn control_characters_from_a_record_are_escaped() {
    let dir = scratch();
    let f = write(
        dir.path(),
        "esc.txt",
        b"1. h2e2 \x1b]0;pwned\x07\x1b[2J h9g7\n",
    );
    let r = xiangqi(&["replay", "--file", s(&f)], 60);
    let e = one_error_line(&r);
    assert!(!e.contains('\x1b') && !e.contains('\x07'), "{e:?}");
    assert!(e.contains("\\u{1b}]0;pwned\\u{7}"), "{e}");
}

// D20: render never draws over its record, nor two pictures in one file.
#[test]
fn render_refuses_to_overwrite_its_record_or_one_output_with_another() {
    let dir = scratch();
    let text = b"1. h2e2 h9g7\n";
    let record = write(dir.path(), "g.txt", text);
    let r = xiangqi(&["render", "--file", s(&record), "--out", s(&record)], 60);
    assert!(
        one_error_line(&r).contains("record being read"),
        "{}",
        r.stderr
    );
    let other = format!("{}/./g.txt", dir.path().display());
    let r = xiangqi(&["render", "--file", s(&record), "--gif", &other], 60);
    assert!(
        one_error_line(&r).contains("record being read"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read(&record).unwrap(), text);
    let same = dir.path().join("same.img");
    let r = xiangqi(
        &[
            "render",
            "--file",
            s(&record),
            "--out",
            s(&same),
            "--gif",
            s(&same),
        ],
        60,
    );
    assert!(
        one_error_line(&r).contains("--out and --gif"),
        "{}",
        r.stderr
    );
    assert!(!same.exists());
}

// D22: the `--help` hint names the program as its usage does, whatever
// it was started as.
#[cfg(unix)]
#[test]
fn the_help_hint_names_xiangqi_even_through_another_name() {
    let dir = scratch();
    let xq = dir.path().join("xq");
    std::os::unix::fs::symlink(BIN, &xq).unwrap();
    for args in [
        &["replay", "--bogus"][..],
        &["--bogus"][..],
        &["perft"][..],
        &["bogus"][..],
    ] {
        let child = Command::new(&xq)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let r = wait(child, 30, "xq");
        let e = one_error_line(&r);
        assert!(e.contains("(see 'xiangqi"), "{args:?}: {e}");
    }
}

// D21: a summary after no finished game claims no score.
#[test]
fn a_match_interrupted_at_once_claims_no_score() {
    let dir = scratch();
    let engine = dir.path().join("silent.sh");
    std::fs::write(&engine, "#!/bin/sh\nexec sleep 100\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let child = Command::new(BIN)
        .args(["match", "--a", s(&engine), "--b", "builtin", "--depth", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let r = wait(child, 30, "match after SIGINT");
    let e = one_error_line(&r);
    assert!(e.contains("interrupted"), "{e}");
    assert!(!e.contains("SIGKILL"), "{e}");
}

fn sample(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/data/records/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("a sample record")
}

// D9: one bad byte in a UTF-8 record stays one bad byte.
#[test]
fn one_bad_byte_does_not_turn_a_utf8_record_into_gbk() {
    let dir = scratch();
    let good = sample("dpxq-text-liuyongfu-zhangyongsheng.txt");
    let clean = write(dir.path(), "clean.txt", &good);
    let mut bad = good.clone();
    // A byte of the title's value (line 1) that cannot be UTF-8.
    let at = bad.iter().position(|&b| b == b'\n').unwrap() - 2;
    bad[at] = 0xff;
    let damaged = write(dir.path(), "damaged.txt", &bad);
    let want = xiangqi(&["replay", "--file", s(&clean)], 60);
    assert_eq!(want.code(), Some(0), "{}", want.stderr);
    let got = xiangqi(&["replay", "--file", s(&damaged)], 60);
    assert_eq!(got.code(), Some(0), "{}", got.stderr);
    assert_eq!(got.stdout, want.stdout);
}

// D16: `????` where a move stood is a missing move, not an annotation.
#[test]
fn question_marks_where_moves_stood_are_reported() {
    let dir = scratch();
    let f = write(
        dir.path(),
        "latin1.pgn",
        b"[Event \"x\"]\n1. ???? ???? 2. ???? ???? *\n",
    );
    for args in [
        vec!["replay", "--pgn", s(&f)],
        vec!["replay", "--file", s(&f)],
    ] {
        let r = xiangqi(&args, 60);
        let e = one_error_line(&r);
        assert!(e.contains("move 1 (????)"), "{args:?}: {e}");
    }
    // Marks of one or two signs are still marks.
    let f = write(
        dir.path(),
        "marks.pgn",
        b"[Event \"x\"]\n1. h2e2 ?? h9g7 !? *\n",
    );
    let r = xiangqi(&["replay", "--pgn", s(&f)], 60);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
}

// D17: a record that runs past a threefold repetition is refused by
// every command, naming the file and the format; a finished opening too.
#[test]
fn moves_after_the_end_are_refused_everywhere() {
    let dir = scratch();
    let moves = "1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 5. h0g2 *\n";
    let pgn = write(
        dir.path(),
        "rep.pgn",
        format!("[Event \"x\"]\n{moves}").as_bytes(),
    );
    let list = write(dir.path(), "rep.txt", moves.as_bytes());
    for f in [&pgn, &list] {
        for args in [
            vec!["replay", "--file", s(f)],
            vec!["render", "--file", s(f), "--out", "/dev/null"],
            vec!["review", s(f), "--depth", "1"],
        ] {
            let r = xiangqi(&args, 60);
            let e = one_error_line(&r);
            assert!(
                e.contains(s(f)) && e.contains("the game is already over"),
                "{args:?}: {e}"
            );
        }
    }
    let r = xiangqi(&["replay", "--pgn", s(&pgn)], 60);
    let e = one_error_line(&r);
    assert!(e.contains("rep.pgn: PGN: move 5 (h0g2)"), "{e}");
    let openings = write(
        dir.path(),
        "openings.txt",
        b"startpos moves h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9\n",
    );
    let r = xiangqi(
        &[
            "match",
            "--a",
            "builtin",
            "--b",
            "builtin",
            "--depth",
            "1",
            "--openings",
            s(&openings),
        ],
        60,
    );
    assert!(
        one_error_line(&r).contains("the game is already over"),
        "{}",
        r.stderr
    );
}

// D18: each [DhtmlXQ]…[/DhtmlXQ] block of a page is a game of its own.
#[test]
fn two_dhtmlxq_records_in_one_page_are_two_games() {
    let dir = scratch();
    let one = sample("dhtmlxq-ubb-liuyongfu-zhangyongsheng.txt");
    let second = b"[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n";
    let mut page = b"<html><body>\n".to_vec();
    page.extend_from_slice(&one);
    page.extend_from_slice(b"\n<hr>\n");
    page.extend_from_slice(second);
    let f = write(dir.path(), "page.html", &page);
    let alone = write(dir.path(), "one.txt", &one);
    let want = xiangqi(&["replay", "--file", s(&alone)], 60);
    assert_eq!(want.code(), Some(0), "{}", want.stderr);
    let first = xiangqi(&["replay", "--file", s(&f)], 60);
    assert_eq!(first.stdout, want.stdout, "{}", first.stderr);
    let r = xiangqi(&["replay", "--file", s(&f), "--game", "2"], 60);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("1. h2e2 "), "{}", r.stdout);
    // The move, its opening (中炮局), the FEN and the status.
    assert_eq!(r.stdout.lines().count(), 4, "{}", r.stdout);
    assert!(r.stdout.contains("\nopening: B00 "), "{}", r.stdout);
}

// D19: records cut inside the header or the moves are truncated, not
// empty or partial games.
#[test]
fn records_cut_short_are_reported_as_truncated() {
    let dir = scratch();
    let dhtml = sample("dhtmlxq-ubb-liuyongfu-zhangyongsheng.txt");
    let playok = sample("playok-wxf.txt");
    let dpxq = sample("dpxq-text-liuyongfu-zhangyongsheng.txt");
    let cut_at = |b: &[u8], needle: &[u8]| -> Vec<u8> {
        let at = b
            .windows(needle.len())
            .position(|w| w == needle)
            .expect("needle");
        b[..at].to_vec()
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("dhtml-no-close.txt", cut_at(&dhtml, b"[/DhtmlXQ]\n")),
        ("dhtml-in-header.txt", dhtml[..200].to_vec()),
        ("playok-no-end.txt", cut_at(&playok, b"}END")),
        ("playok-in-header.txt", cut_at(&playok, b"START{")),
        ("dpxq-in-moves.txt", cut_at(&dpxq, " 30.".as_bytes())),
        ("dpxq-in-header.txt", cut_at(&dpxq, "黑方".as_bytes())),
    ];
    for (name, bytes) in cases {
        let f = write(dir.path(), name, &bytes);
        let r = xiangqi(&["replay", "--file", s(&f)], 60);
        let e = one_error_line(&r);
        assert!(e.contains("cut short"), "{name}: {e}");
    }
}

// D21: a caption too long to read is refused; one with newlines is drawn.
#[test]
fn render_refuses_an_unreadably_long_caption_and_keeps_newlines() {
    let dir = scratch();
    let png = dir.path().join("c.png");
    let long = "象".repeat(3000);
    let r = xiangqi(&["render", "--out", s(&png), "--caption", &long], 60);
    assert!(
        one_error_line(&r).contains("caption is too long"),
        "{}",
        r.stderr
    );
    assert!(!png.exists());
    let r = xiangqi(
        &["render", "--out", s(&png), "--caption", "第一行\n第二行"],
        60,
    );
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    let one = dir.path().join("one.png");
    let r = xiangqi(&["render", "--out", s(&one), "--caption", "第一行"], 60);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    // Two lines make a taller picture than one (the PNG's height field).
    let height = |p: &Path| {
        let b = std::fs::read(p).unwrap();
        u32::from_be_bytes([b[20], b[21], b[22], b[23]])
    };
    assert!(height(&png) > height(&one));
}

/// Feeds each input to the record reader on a thread of its own, and the
/// PGN of every game read back to it; fails on a panic or if one input
/// takes more than 10 s. Returns (inputs, read as games, refused).
fn feed_records(inputs: Vec<Vec<u8>>) -> (usize, usize, usize) {
    use std::sync::mpsc::channel;
    let n = inputs.len();
    let (tx, rx) = channel();
    let worker = std::thread::spawn(move || {
        for (i, bytes) in inputs.into_iter().enumerate() {
            let games = xiangqi::rules::records::import_games(&bytes);
            let mut ok = false;
            for g in games.iter().flatten() {
                ok = true;
                let text = g.write_pgn(
                    xiangqi::rules::notation::Notation::Iccs,
                    xiangqi::rules::notation::ChineseStyle::default(),
                );
                let again = xiangqi::rules::records::import_games(text.as_bytes());
                assert!(!again.is_empty(), "input {i}: its PGN reads as nothing");
            }
            if tx.send(ok).is_err() {
                return;
            }
        }
    });
    let (mut read, mut refused) = (0, 0);
    for i in 0..n {
        match rx.recv_timeout(Duration::from_secs(10)) {
            Ok(true) => read += 1,
            Ok(false) => refused += 1,
            Err(_) => {
                assert!(!worker.is_finished(), "input {i}: the reader panicked");
                panic!("input {i}: the reader took more than 10 s");
            }
        }
    }
    assert!(worker.join().is_ok());
    (n, read, refused)
}

// The pass over damaged bytes: every byte of both XQF samples flipped
// three ways, and every record sample flipped and cut at every offset.
#[test]
fn damaged_bytes_at_every_offset_never_panic_or_hang() {
    let mut inputs = Vec::new();
    for name in ["xqf/XQFEXAMA.XQF", "xqf/XQFEXAMB.XQF"] {
        let b = sample(name);
        for at in 0..b.len() {
            for mask in [0xff, 0x01, 0x80] {
                let mut d = b.clone();
                d[at] ^= mask;
                inputs.push(d);
            }
        }
    }
    let xqf = inputs.len();
    let (n, read, refused) = feed_records(inputs);
    eprintln!("XQF byte flips: {n} inputs, {read} read, {refused} refused");
    assert_eq!(n, xqf);
    let mut inputs = Vec::new();
    for name in [
        "xqf/XQFEXAMA.XQF",
        "xqf/XQFEXAMB.XQF",
        "dhtmlxq-ubb-liuyongfu-zhangyongsheng.txt",
        "dpxq-text-liuyongfu-zhangyongsheng.txt",
        "playok-wxf.txt",
        "pgn-handicap-xu-yinchuan-nie-weiping-1999.pgn",
    ] {
        let b = sample(name);
        for at in 0..b.len() {
            inputs.push(b[..at].to_vec());
            if !name.starts_with("xqf") {
                let mut d = b.clone();
                d[at] ^= 0xff;
                inputs.push(d);
            }
        }
    }
    let (n, read, refused) = feed_records(inputs);
    eprintln!("cuts and text flips: {n} inputs, {read} read, {refused} refused");
}

// Signals to the long-running commands: each ends promptly, and the
// match leaves no engine behind (see the SIGTERM test above).
#[cfg(unix)]
#[test]
fn sigterm_ends_every_long_running_command_promptly() {
    let dir = scratch();
    let record = write(
        dir.path(),
        "g.pgn",
        b"[Event \"x\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 *\n",
    );
    let ext = format!("'{BIN}' uci");
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["review", s(&record), "--movetime", "5000"], b""),
        (vec!["bench", "--depth", "30"], b""),
        (vec!["perft", "7"], b""),
        (vec!["uci"], b"uci\ngo infinite\n"),
        (
            vec!["match", "--a", &ext, "--b", "builtin", "--movetime", "5000"],
            b"",
        ),
    ];
    let mut ended = 0;
    for (args, input) in &cases {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input).unwrap();
        std::thread::sleep(Duration::from_millis(800));
        let sent = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        assert!(sent.is_ok_and(|s| s.success()));
        let r = wait(child, 15, &format!("{args:?} after SIGTERM"));
        drop(stdin);
        assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
        ended += 1;
    }
    eprintln!(
        "SIGTERM: {ended} of {} long-running commands ended promptly",
        cases.len()
    );
}

// D7 in the game's doors: `play --open` and `--review` refuse an endless
// record before any window opens.
#[cfg(all(feature = "gui", unix))]
#[test]
fn play_refuses_an_endless_record_before_the_window() {
    let home = scratch();
    for flag in ["--open", "--review"] {
        let child = Command::new(BIN)
            .args(["play", flag, "/dev/zero"])
            .env("XIANGQI_HOME", home.path())
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let r = wait(child, 60, &format!("play {flag} /dev/zero"));
        let e = one_error_line(&r);
        assert!(e.contains("too large to be a game record"), "{flag}: {e}");
    }
}

/// The games of a generated collection, each its own text (tags, moves).
fn collection_games(games: usize, seed: u64) -> Vec<String> {
    let text = xiangqi::store::db::bench::generate_collection(games, seed);
    let mut out: Vec<String> = Vec::new();
    let mut in_tags = false;
    for line in text.split_inclusive('\n') {
        let tag = line.starts_with('[');
        if tag && !in_tags {
            out.push(String::new());
        }
        in_tags = tag;
        out.last_mut()
            .expect("a game begins with its tags")
            .push_str(line);
    }
    assert_eq!(out.len(), games);
    out
}

/// Game `n` (1 = first) with `bracket` written before its first move.
fn open_bracket_in(games: &mut [String], n: usize, bracket: &str) {
    let g = &mut games[n - 1];
    let moves = g.find("\n1.").expect("movetext") + 1;
    g.insert_str(moves, bracket);
}

/// What a `db import` said: the games added and the refusals' lines.
fn import_into(db: &Path, file: &Path) -> (String, Vec<String>) {
    let r = xiangqi(&["db", "import", "--quiet", "--db", s(db), s(file)], 120);
    assert_eq!(r.code(), Some(0), "{}\n{}", r.stdout, r.stderr);
    let refused = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("refused: "))
        .map(str::to_string)
        .collect();
    let last = r.stdout.lines().last().unwrap_or("").to_string();
    (last, refused)
}

// An unclosed `(` at the start of one game's moves dropped
// the rest of its piece of the file with no refusal, and every later
// refusal's number was off; an unclosed `{` swallowed every game after it
// as one refusal.
#[test]
fn an_unclosed_bracket_in_an_import_costs_that_game_only() {
    let dir = scratch();
    let mut games = collection_games(300, 40);
    open_bracket_in(&mut games, 100, "( ");
    open_bracket_in(&mut games, 250, "{ ");
    let file = write(dir.path(), "damaged.pgn", games.concat().as_bytes());
    assert!(
        std::fs::metadata(&file).unwrap().len() > 300 * 1024,
        "more than one piece of the file is read"
    );
    let (summary, refused) = import_into(&dir.path().join("g.sqlite"), &file);
    assert!(
        summary.contains("298 games added, 0 already there, 2 refused"),
        "{summary}\n{refused:?}"
    );
    assert!(refused[0].contains(": game 100: "), "{refused:?}");
    assert!(refused[0].contains("'(' variation"), "{refused:?}");
    assert!(refused[1].contains(": game 250: "), "{refused:?}");
    assert!(refused[1].contains("'{' comment"), "{refused:?}");
}

// Two commands opening a newer database at the same moment
// both set it aside; the second renamed the first one's new file from
// under it, which was left damaged or without its games.
#[test]
fn commands_opening_a_newer_database_at_once_set_it_aside_once() {
    let dir = scratch();
    let pgn = write(
        dir.path(),
        "collection.pgn",
        xiangqi::store::db::bench::generate_collection(1000, 40).as_bytes(),
    );
    let model = dir.path().join("model.sqlite");
    {
        let mut db = xiangqi::store::db::Database::open(&model).expect("a database");
        db.import(&[pgn], xiangqi::store::db::Owner::Collected, &mut |_| {})
            .expect("the collection imports");
    }
    let conn = rusqlite::Connection::open(&model).expect("opens");
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA user_version = 7;")
        .expect("a newer version");
    drop(conn);
    let game = write(
        dir.path(),
        "x.pgn",
        b"[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n",
    );
    for round in 0..5 {
        let folder = dir.path().join(format!("round-{round}"));
        std::fs::create_dir(&folder).expect("a folder");
        let db = folder.join("g.sqlite");
        std::fs::copy(&model, &db).expect("a copy");
        let runs: Vec<Child> = (0..3)
            .map(|_| {
                Command::new(BIN)
                    .args(["db", "import", "--quiet", "--db", s(&db), s(&game)])
                    .stdin(Stdio::null())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("xiangqi starts")
            })
            .collect();
        let runs: Vec<Run> = runs
            .into_iter()
            .map(|c| wait(c, 120, "db import"))
            .collect();
        for r in &runs {
            assert_eq!(
                r.code(),
                Some(0),
                "round {round}: {}\n{}",
                r.stdout,
                r.stderr
            );
        }
        let notes = runs
            .iter()
            .filter(|r| r.stderr.contains("set aside"))
            .count();
        assert_eq!(notes, 1, "round {round}: one rebuild");
        let asides: Vec<String> = std::fs::read_dir(&folder)
            .expect("the folder")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("set-aside") && !n.ends_with("-wal") && !n.ends_with("-shm"))
            .collect();
        assert_eq!(asides.len(), 1, "round {round}: {asides:?}");
        let conn = rusqlite::Connection::open(&db).expect("opens");
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .expect("checks");
        assert_eq!(check, "ok", "round {round}");
        let games: i64 = conn
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
            .expect("the games are there");
        assert_eq!(games, 1001, "round {round}");
    }
}

/// A database of `games` generated games, the log written into the file.
fn database_of(dir: &Path, name: &str, games: usize) -> PathBuf {
    let pgn = write(
        dir,
        &format!("{name}.pgn"),
        xiangqi::store::db::bench::generate_collection(games, 7).as_bytes(),
    );
    let path = dir.join(name);
    let mut db = xiangqi::store::db::Database::open(&path).expect("a database");
    db.import(&[pgn], xiangqi::store::db::Owner::Collected, &mut |_| {})
        .expect("the collection imports");
    drop(db);
    rusqlite::Connection::open(&path)
        .expect("opens")
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")
        .expect("checkpoint");
    path
}

fn set_asides(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the folder")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("set-aside") && !n.ends_with("-wal") && !n.ends_with("-shm"))
        .collect();
    names.sort();
    names
}

const ONE_GAME: &[u8] =
    b"[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n";

// The command line opened a database without the quick
// check: a page of garbage was never set aside, `stats` failed with
// "database disk image is malformed" and `import` wrote into the file.
#[test]
fn every_db_command_sets_a_damaged_database_aside() {
    let dir = scratch();
    let model = database_of(dir.path(), "model.sqlite", 300);
    let mut bytes = std::fs::read(&model).expect("read");
    let len = bytes.len();
    for b in &mut bytes[len / 2..len / 2 + 3 * 4096] {
        *b = 0xA5;
    }
    let game = write(dir.path(), "x.pgn", ONE_GAME);
    for (name, args) in [
        ("stats", vec!["stats"]),
        ("import", vec!["import", "--quiet", s(&game)]),
    ] {
        let folder = dir.path().join(name);
        std::fs::create_dir(&folder).expect("a folder");
        let db = write(&folder, "g.sqlite", &bytes);
        let mut all = vec!["db", "--db", s(&db)];
        all.extend(&args);
        let r = xiangqi(&all, 60);
        assert_eq!(r.code(), Some(0), "{name}: {}\n{}", r.stdout, r.stderr);
        assert!(
            r.stderr.starts_with("note: ") && r.stderr.contains("set aside as"),
            "{name}: {}",
            r.stderr
        );
        let asides = set_asides(&folder);
        assert_eq!(asides.len(), 1, "{name}: {asides:?}");
        assert_eq!(
            std::fs::read(folder.join(&asides[0])).expect("kept"),
            bytes,
            "{name}: nothing was written into the damaged file"
        );
    }
}

// Another program's SQLite file named with --db was renamed
// away (a higher user_version) or silently given our tables and switched
// to WAL (version 0), even by a read-only `db stats`.
#[test]
fn another_programs_sqlite_file_is_refused_and_left_untouched() {
    let dir = scratch();
    for (name, version) in [("places.sqlite", 74), ("notes.sqlite", 0)] {
        let path = dir.path().join(name);
        let conn = rusqlite::Connection::open(&path).expect("a file");
        conn.execute_batch(&format!(
            "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT);
             INSERT INTO moz_places (url) VALUES ('https://example.org');
             PRAGMA user_version = {version};"
        ))
        .expect("another program's tables");
        drop(conn);
        let before = std::fs::read(&path).expect("read");
        let r = xiangqi(&["db", "--db", s(&path), "stats"], 30);
        let line = one_error_line(&r);
        assert!(
            line.contains(name) && line.contains("not a game database"),
            "{line}"
        );
        assert_eq!(
            std::fs::read(&path).expect("read"),
            before,
            "{name} untouched"
        );
        assert!(set_asides(dir.path()).is_empty());
        assert!(!dir.path().join(format!("{name}-wal")).exists());
    }
    // The game's own files, made before they were marked, still open.
    let ours = database_of(dir.path(), "ours.sqlite", 3);
    let conn = rusqlite::Connection::open(&ours).expect("opens");
    conn.pragma_update(None, "application_id", 0)
        .expect("no mark");
    drop(conn);
    let r = xiangqi(&["db", "--db", s(&ours), "stats"], 30);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("games:     3 "), "{}", r.stdout);
}

// A FIFO named as an import source hung `db import`. Issue 53 F27: an
// input refused (here every one: a FIFO, a device) exits with code 1, as
// `cp` does, the summary line as it was; a game refused inside a file
// that was read does not.
#[cfg(unix)]
#[test]
fn an_import_refuses_a_fifo_at_once() {
    let dir = scratch();
    let fifo = dir.path().join("games.pgn");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let db = dir.path().join("g.sqlite");
    let r = xiangqi(
        &[
            "db",
            "--db",
            s(&db),
            "import",
            "--quiet",
            s(&fifo),
            "/dev/null",
        ],
        20,
    );
    assert_eq!(r.code(), Some(1), "{}", r.stderr);
    assert_eq!(r.stderr, "");
    assert!(r.stdout.contains("not a regular file"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("0 files: 0 games added, 0 already there, 2 refused, in "),
        "{}",
        r.stdout
    );
    // One good file beside the FIFO: imported, and still exit code 1.
    let good = write(dir.path(), "good.pgn", ONE_GAME);
    let r = xiangqi(
        &[
            "db",
            "--db",
            s(&db),
            "import",
            "--quiet",
            s(&fifo),
            s(&good),
        ],
        20,
    );
    assert_eq!(r.code(), Some(1), "{}", r.stderr);
    assert!(r.stdout.contains("1 games added"), "{}", r.stdout);
    // A file with one unreadable game among good ones: the file was read.
    let mixed = write(
        dir.path(),
        "mixed.pgn",
        b"[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n\n\
          [Red \"C\"]\n[Black \"D\"]\n[Result \"1-0\"]\n\n1. a0a5 1-0\n",
    );
    let r = xiangqi(&["db", "--db", s(&db), "import", "--quiet", s(&mixed)], 20);
    assert!(r.stdout.contains("1 refused"), "{}", r.stdout);
    assert_eq!(r.code(), Some(0), "{}", r.stdout);
}

// A collection file that is not PGN (a move list) was read
// whole at about a hundred times its size.
#[test]
fn an_import_holds_a_file_other_than_pgn_to_the_record_limit() {
    let dir = scratch();
    let big = write(
        dir.path(),
        "moves.txt",
        "1. h2e2 h9g7 2. h0g2 i9h9 "
            .repeat((9 << 20) / 26 + 1)
            .as_bytes(),
    );
    assert!(std::fs::metadata(&big).expect("size").len() > 8 << 20);
    let db = dir.path().join("g.sqlite");
    let r = xiangqi(&["db", "--db", s(&db), "import", "--quiet", s(&big)], 30);
    assert_eq!(r.code(), Some(1), "{}", r.stderr);
    assert!(
        r.stdout.contains("too large to be a game record"),
        "{}",
        r.stdout
    );
}

// "database is locked" named no file and said nothing of
// what to do.
#[test]
fn a_busy_database_is_named_with_a_retry_suggested() {
    let dir = scratch();
    let db = database_of(dir.path(), "g.sqlite", 2);
    let holder = rusqlite::Connection::open(&db).expect("opens");
    holder
        .execute_batch("BEGIN IMMEDIATE; DELETE FROM games WHERE id = 1;")
        .expect("holds the write lock");
    let game = write(dir.path(), "x.pgn", ONE_GAME);
    let r = xiangqi(&["db", "--db", s(&db), "import", "--quiet", s(&game)], 60);
    let line = one_error_line(&r);
    assert!(
        line.contains(s(&db)) && line.contains("try again"),
        "{line}"
    );
    drop(holder);
}

// `db export` of a database with damaged rows
// exported nothing; and it wrote the main lines only, dropping the
// variations and comments the database keeps.
#[test]
fn an_export_leaves_out_damaged_games_and_keeps_variations() {
    let dir = scratch();
    let db = database_of(dir.path(), "g.sqlite", 5);
    let rich = write(
        dir.path(),
        "rich.pgn",
        "[Red \"R\"]\n[Black \"S\"]\n[Result \"1-0\"]\n\n1. h2e2 {the cannon} h9g7 (1... b9c7 2. h0g2) 2. h0g2 1-0\n".as_bytes(),
    );
    let r = xiangqi(&["db", "--db", s(&db), "import", "--quiet", s(&rich)], 30);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    let conn = rusqlite::Connection::open(&db).expect("opens");
    conn.execute_batch("UPDATE games SET moves = x'FFFF', tree = NULL WHERE id IN (1, 2, 3);")
        .expect("damage three games");
    drop(conn);
    let out = dir.path().join("out.pgn");
    let r = xiangqi(&["db", "--db", s(&db), "export", "--pgn", s(&out)], 30);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert_eq!(r.stderr.matches("note: ").count(), 3, "{}", r.stderr);
    assert!(
        r.stdout.contains("3 games (3 damaged left out)"),
        "{}",
        r.stdout
    );
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(text.contains("{the cannon}"), "{text}");
    assert!(text.contains("(1..."), "{text}");
    // `--pgn -` is the standard output, not a file named '-'.
    let r = Command::new(BIN)
        .args(["db", "--db", s(&db), "export", "--pgn", "-"])
        .current_dir(dir.path())
        .output()
        .expect("runs");
    assert!(r.status.success());
    assert!(String::from_utf8_lossy(&r.stdout).contains("{the cannon}"));
    assert!(!dir.path().join("-").exists());
}

// `db search --since 2020-13` was accepted.
#[test]
fn a_date_with_a_month_or_day_that_does_not_exist_is_refused() {
    let dir = scratch();
    let db = dir.path().join("g.sqlite");
    for date in ["2020-13", "2020.00", "2020.05.32"] {
        let r = xiangqi(&["db", "--db", s(&db), "search", "--since", date], 30);
        assert_eq!(r.code(), Some(2), "{date}: {}", r.stdout);
        assert!(r.stderr.contains("expected a date"), "{}", r.stderr);
    }
}

// A PGN collection beginning with a comment, a `;` or `%`
// line, or a line of text was refused whole, by `db import` and `replay`.
#[test]
fn a_collection_with_something_before_its_first_tags_is_read_whole() {
    let dir = scratch();
    let games = collection_games(3, 8).concat();
    for (i, before) in [
        "{Downloaded from a games site}\n\n",
        "; three games\n",
        "%escaped line\n",
        "The 2019 national team championship\n\n",
        "\u{feff}{a comment\nover two lines}\n",
    ]
    .iter()
    .enumerate()
    {
        let file = write(
            dir.path(),
            &format!("c{i}.pgn"),
            format!("{before}{games}").as_bytes(),
        );
        let db = dir.path().join(format!("c{i}.sqlite"));
        let (summary, refused) = import_into(&db, &file);
        assert!(
            summary.contains("3 games added, 0 already there, 0 refused"),
            "{before:?}: {summary} {refused:?}"
        );
        let r = xiangqi(&["replay", "--file", s(&file), "--game", "3"], 30);
        assert_eq!(r.code(), Some(0), "{before:?}: {}", r.stderr);
    }
    // A game with no tags before the first tag section is no preamble: it
    // is read (and refused or kept) as before, never skipped unsaid.
    let file = write(
        dir.path(),
        "untagged.pgn",
        format!("1. h2e2 h9g7 1-0\n\n{games}").as_bytes(),
    );
    let (summary, _) = import_into(&dir.path().join("u.sqlite"), &file);
    assert!(
        !summary.contains(" 3 games added, 0 already there, 0 refused"),
        "{summary}"
    );
}

// A refusal's line was counted from the start of the 256 KB
// piece of the file it was read in.
#[test]
fn a_refusal_names_the_line_of_the_file() {
    let dir = scratch();
    let mut games = collection_games(300, 9);
    open_bracket_in(&mut games, 280, "h0h9 ");
    let before: usize = games[..279].iter().map(|g| g.matches('\n').count()).sum();
    let line = before
        + games[279][..games[279].find("h0h9").expect("there")]
            .matches('\n')
            .count()
        + 1;
    let file = write(dir.path(), "bad-move.pgn", games.concat().as_bytes());
    let (_, refused) = import_into(&dir.path().join("g.sqlite"), &file);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].contains(": game 280: "), "{refused:?}");
    assert!(
        refused[0].contains(&format!("line {line},")),
        "line {line}: {refused:?}"
    );
}

fn rated(red: &str, black: &str, result: &str, padding: &str) -> String {
    format!(
        "[Red \"{red}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n1. h2e2 {{{padding}}} h9g7 {result}\n\n"
    )
}

// `rate` refused a match PGN over 8 MB as "too large to be
// a game record".
#[test]
fn rate_reads_a_match_file_past_the_record_limit() {
    let dir = scratch();
    let padding = "x".repeat(3000);
    let text: String = (0..3000)
        .map(|i| rated("A", "B", ["1-0", "0-1", "1/2-1/2"][i % 3], &padding))
        .collect();
    let file = write(dir.path(), "long-match.pgn", text.as_bytes());
    assert!(std::fs::metadata(&file).expect("size").len() > 8 << 20);
    let r = xiangqi(&["rate", s(&file)], 60);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert!(
        r.stdout.starts_with("3000 games, 2 players"),
        "{}",
        r.stdout
    );
}

// Players never connected to the anchor's
// group were rated as if comparable; control characters in names were
// printed raw, names not trimmed, self-games counted in the header but
// not fitted; `-0` was printed and `--anchor A=1e308` taken.
#[test]
fn rate_names_unconnected_groups_and_cleans_names() {
    let dir = scratch();
    let mut text = String::new();
    for i in 0..10 {
        text.push_str(&rated("A", "B", ["1-0", "0-1", "1/2-1/2"][i % 3], ""));
        text.push_str(&rated("C", "D", ["1-0", "1-0", "0-1"][i % 3], ""));
    }
    text.push_str(&rated("E", "E", "1-0", ""));
    text.push_str(&rated(" A ", "B", "1/2-1/2", ""));
    text.push_str(&rated("X\u{1b}[31mY", "A", "1/2-1/2", ""));
    let file = write(dir.path(), "groups.pgn", text.as_bytes());
    let r = xiangqi(&["rate", s(&file), "--anchor", "A=1500"], 30);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    let out = &r.stdout;
    assert!(
        out.starts_with("22 games, 5 players; A anchored at 1500 (1 self-play games left out)"),
        "{out}"
    );
    assert!(
        !out.contains('\u{1b}') && out.contains("X\\u{1b}[31mY"),
        "{out}"
    );
    let row = |name: &str| {
        out.lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("{name}: {out}"))
            .to_string()
    };
    assert!(row("A").split_whitespace().nth(4) == Some("12"), "{out}");
    assert!(
        row("C").ends_with("(group 2)") && row("D").ends_with("(group 2)"),
        "{out}"
    );
    assert!(!row("B").contains("group"), "{out}");
    assert!(
        out.contains("1 group met no player of A's") && out.contains("group 2: C, D"),
        "{out}"
    );
    // A level field anchored at 0: no '-0'.
    let level = write(
        dir.path(),
        "level.pgn",
        [
            rated("P", "Q", "1-0", ""),
            rated("Q", "P", "1-0", ""),
            rated("P", "R", "1/2-1/2", ""),
        ]
        .concat()
        .as_bytes(),
    );
    let r = xiangqi(&["rate", s(&level), "--anchor", "R=-0.4"], 30);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert!(!r.stdout.contains(" -0 "), "{}", r.stdout);
    let r = xiangqi(&["rate", s(&file), "--anchor", "A=1e308"], 30);
    assert_eq!(r.code(), Some(2), "{}", r.stdout);
    assert!(r.stderr.contains("not a rating"), "{}", r.stderr);
    // Chinese names take two cells a character: the columns still line up.
    let names = write(
        dir.path(),
        "names.pgn",
        [
            rated("许银川", "Li", "1-0", ""),
            rated("Li", "许银川", "1/2-1/2", ""),
        ]
        .concat()
        .as_bytes(),
    );
    let r = xiangqi(&["rate", s(&names)], 30);
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    // Where the rating column ends, in terminal cells.
    let cells =
        |text: &str| -> usize { text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum() };
    let ends: Vec<usize> = r
        .stdout
        .lines()
        .filter(|l| l.ends_with('%'))
        .map(|l| {
            let name_end = l
                .find("许银川")
                .map_or_else(|| l.find("Li").unwrap() + 2, |i| i + "许银川".len());
            let rating = l[name_end..].split_whitespace().next().unwrap();
            let end = name_end + l[name_end..].find(rating).unwrap() + rating.len();
            cells(&l[..end])
        })
        .collect();
    assert_eq!(ends.len(), 2, "{}", r.stdout);
    assert_eq!(ends[0], ends[1], "{}", r.stdout);
}

// A network file was read whole before its magic was
// checked: /dev/zero ran out of memory and a FIFO froze the engine.
#[cfg(unix)]
#[test]
fn a_network_file_that_is_not_a_regular_file_is_refused_at_once() {
    let dir = scratch();
    let fifo = dir.path().join("net.nnue");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let input = format!(
        "uci\nsetoption name EvalFile value {}\nsetoption name EvalFile value /dev/zero\nposition startpos\ngo depth 2\n",
        s(&fifo)
    );
    let r = xiangqi_with_input(&["uci"], input.as_bytes(), 30);
    let errors: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 2, "{}", r.stdout);
    assert!(
        errors.iter().all(|e| e.contains("not a regular file")),
        "{errors:?}"
    );
    assert!(
        r.stdout.lines().any(|l| l.starts_with("bestmove")),
        "{}",
        r.stdout
    );
}

// `train same.bin --out same.bin` overwrote the data
// with the network; the write probe truncated and deleted a file of the
// player's named `<out>.write-check`; `--validation 0` held out a tenth
// unasked.
#[test]
fn train_keeps_its_inputs_and_the_players_files() {
    let dir = scratch();
    let data = dir.path().join("data.bin");
    let r = xiangqi(
        &[
            "datagen",
            "--positions",
            "60",
            "--nodes",
            "50",
            "--threads",
            "1",
            "--quiet",
            "--out",
            s(&data),
        ],
        120,
    );
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    let before = std::fs::read(&data).expect("the data");
    let r = xiangqi(&["train", s(&data), "--out", s(&data), "--epochs", "1"], 60);
    let line = one_error_line(&r);
    assert!(line.contains("one of the inputs"), "{line}");
    assert_eq!(std::fs::read(&data).expect("the data"), before);
    let r = xiangqi(
        &["train", s(&data), "--out", "x.nnue", "--validation", "0"],
        60,
    );
    assert!(one_error_line(&r).contains("--validation"), "{}", r.stderr);
    let out = dir.path().join("net.nnue");
    let mine = write(dir.path(), "net.nnue.write-check", b"the player's own");
    let r = xiangqi(
        &[
            "train",
            s(&data),
            "--out",
            s(&out),
            "--epochs",
            "1",
            "--threads",
            "1",
        ],
        120,
    );
    assert_eq!(r.code(), Some(0), "{}", r.stderr);
    assert_eq!(std::fs::read(&mine).expect("kept"), b"the player's own");
    assert!(out.exists());
}

#[cfg(unix)]
/// Runs `xiangqi ARGS` as a user who cannot write what the test made
/// read-only: this one, or (when the tests run as root, whom permissions
/// do not stop) the unprivileged `nobody`.
fn xiangqi_unprivileged(args: &[&str], probe: &Path) -> Run {
    use std::os::unix::process::CommandExt;
    let mut c = Command::new(BIN);
    c.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // Privileged: a file can be made in the read-only folder.
    let test = probe.join("privileged");
    if std::fs::write(&test, b"").is_ok() {
        let _ = std::fs::remove_file(&test);
        c.uid(65534).gid(65534);
    }
    wait(c.spawn().expect("xiangqi starts"), 60, &args.join(" "))
}

// A read-only database (file 444 in a 555 folder) could
// not even be searched.
#[cfg(unix)]
#[test]
fn a_read_only_database_can_be_counted_searched_and_exported() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch();
    let mode = |p: &Path, m: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).expect("chmod")
    };
    mode(dir.path(), 0o755);
    let folder = dir.path().join("read-only");
    std::fs::create_dir(&folder).expect("a folder");
    let db = database_of(&folder, "g.sqlite", 4);
    let game = write(dir.path(), "x.pgn", ONE_GAME);
    mode(&game, 0o644);
    mode(&db, 0o444);
    mode(&folder, 0o555);
    let stats = xiangqi_unprivileged(&["db", "--db", s(&db), "stats"], &folder);
    let search = xiangqi_unprivileged(&["db", "--db", s(&db), "search"], &folder);
    let export = xiangqi_unprivileged(&["db", "--db", s(&db), "export", "--pgn", "-"], &folder);
    let import = xiangqi_unprivileged(&["db", "--db", s(&db), "import", s(&game)], &folder);
    mode(&folder, 0o755);
    assert_eq!(stats.code(), Some(0), "{}", stats.stderr);
    assert!(stats.stdout.contains("games:     4 "), "{}", stats.stdout);
    assert_eq!(search.code(), Some(0), "{}", search.stderr);
    assert!(
        search.stdout.contains("4 games, Red to move"),
        "{}",
        search.stdout
    );
    assert_eq!(export.code(), Some(0), "{}", export.stderr);
    assert_eq!(
        export.stdout.matches("[Game ").count(),
        4,
        "{}",
        export.stdout
    );
    let line = one_error_line(&import);
    assert!(
        line.contains(s(&db)) && line.contains("permissions"),
        "{line}"
    );
}

// Links inside an imported folder were skipped without a word.
#[test]
#[cfg(unix)]
fn an_import_follows_links_to_files_and_names_the_links_it_does_not_follow() {
    let dir = scratch();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).expect("a folder");
    let elsewhere = write(dir.path(), "elsewhere.pgn", ONE_GAME);
    std::os::unix::fs::symlink(&elsewhere, games.join("linked.pgn")).expect("a link");
    std::os::unix::fs::symlink(dir.path(), games.join("up")).expect("a link");
    std::os::unix::fs::symlink(dir.path().join("gone.pgn"), games.join("broken.pgn"))
        .expect("a link");
    let db = dir.path().join("g.sqlite");
    let r = xiangqi(&["db", "--db", s(&db), "import", "--quiet", s(&games)], 30);
    // The links not followed are refused inputs (issue 53 F27).
    assert_eq!(r.code(), Some(1), "{}", r.stderr);
    assert!(r.stdout.contains("1 games added"), "{}", r.stdout);
    assert!(r.stdout.contains("a link to a folder"), "{}", r.stdout);
    assert!(r.stdout.contains("a link to nothing"), "{}", r.stdout);
}

// `match --a` naming a folder said "Permission denied"; an unquoted
// path with a space in it said "no such file" with no hint.
#[test]
#[cfg(unix)]
fn a_match_checks_its_engines_programs_as_the_game_does() {
    let dir = scratch();
    let r = xiangqi(
        &[
            "match",
            "--a",
            s(dir.path()),
            "--b",
            "builtin",
            "--games",
            "2",
            "--depth",
            "1",
        ],
        30,
    );
    assert_eq!(r.code(), Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("a folder, not a program"), "{}", r.stderr);
    let spaced = dir.path().join("my engine");
    std::fs::write(&spaced, "#!/bin/sh\n").expect("a script");
    let r = xiangqi(
        &[
            "match",
            "--a",
            s(&spaced),
            "--b",
            "builtin",
            "--games",
            "2",
            "--depth",
            "1",
        ],
        30,
    );
    assert_eq!(r.code(), Some(2), "{}", r.stderr);
    assert!(r.stderr.contains("quote it"), "{}", r.stderr);
}

// An engine that starts a child holding its output and then exits was
// judged a hang; it is gone, and its exit status is named.
#[cfg(target_os = "linux")]
#[test]
fn an_engine_that_exits_leaving_a_child_on_its_output_is_said_to_have_exited() {
    let dir = scratch();
    let engine = fake_engine(
        dir.path(),
        "leaver",
        "sleep 300 & echo $! >> \"$pids\"; exit 3",
    );
    let r = xiangqi(
        &[
            "match",
            "--a",
            s(&engine),
            "--b",
            "builtin",
            "--movetime",
            "50",
            "--margin",
            "300",
            "--games",
            "1",
        ],
        60,
    );
    assert_eq!(r.code(), Some(0), "{}{}", r.stdout, r.stderr);
    assert!(!r.stdout.contains("hangs"), "{}", r.stdout);
    assert!(r.stdout.contains("the engine exited"), "{}", r.stdout);
    assert!(r.stdout.contains("exit status: 3"), "{}", r.stdout);
    assert_eq!(survivors(&recorded_pids(&engine)), Vec::<u32>::new());
}

// An engine outlived a game killed with SIGKILL (no handler runs then).
#[cfg(target_os = "linux")]
#[test]
fn engines_die_with_a_match_killed_outright() {
    let dir = scratch();
    let engine = fake_engine(
        dir.path(),
        "spinner",
        "sleep 1000 </dev/null >/dev/null 2>&1 & echo $! >> \"$pids\"; wait",
    );
    let mut child = Command::new(BIN)
        .args([
            "match",
            "--a",
            s(&engine),
            "--b",
            "builtin",
            "--movetime",
            "100",
            "--margin",
            "100000",
            "--games",
            "1",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("match starts");
    let deadline = Instant::now() + Duration::from_secs(30);
    while recorded_pids(&engine).len() < 3 {
        assert!(Instant::now() < deadline, "the fake engine never got a go");
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    let pids = recorded_pids(&engine);
    let engine_alive = survivors(&pids[..1]);
    // What the engine started is not its own to end; clear it away.
    let _ = survivors(&pids);
    assert_eq!(
        engine_alive,
        Vec::<u32>::new(),
        "the engine outlived the match"
    );
}

// `go ponder` was accepted though pondering was not implemented, and
// `bestmove` named a ponder move with no Ponder option declared. Now the
// engine ponders: it declares the option, and a ponder search answers
// once, a legal move (the end of the input stops it, ponderhit or not).
#[test]
fn go_ponder_is_answered_once_with_a_legal_move() {
    let answers = |input: &str| {
        let r = xiangqi_with_input(&["uci"], input.as_bytes(), 60);
        let said: Vec<String> = r
            .stdout
            .lines()
            .filter(|l| l.starts_with("bestmove") || l.starts_with("nobestmove"))
            .map(str::to_string)
            .collect();
        (said, r.stdout)
    };
    for input in [
        "uci\nposition startpos\ngo ponder depth 3\nponderhit\n",
        "uci\nposition startpos\ngo ponder wtime 1000 btime 1000\n",
        "ucci\nposition startpos\ngo ponder depth 2\nponderhit draw\n",
    ] {
        let (said, out) = answers(input);
        assert!(out.contains("type check default false"), "{out}");
        assert_eq!(said.len(), 1, "{out}");
        let best = said[0]
            .split_whitespace()
            .nth(1)
            .and_then(xiangqi::rules::Move::from_iccs);
        let start = xiangqi::rules::Position::startpos();
        assert!(best.is_some_and(|m| start.is_legal(m)), "{out}");
        assert!(!out.contains("error"), "{out}");
    }
}

// `go movetime -1` played while `go depth -3` was an error, and a mistyped
// move after `searchmoves` was called an unknown `go` parameter (ending the
// search before the moves after it).
#[test]
fn negative_go_numbers_are_refused_alike_and_a_mistyped_searchmove_is_named() {
    let run = |go: &str| {
        let input = format!("uci\nposition startpos\n{go}\nisready\n");
        xiangqi_with_input(&["uci"], input.as_bytes(), 60).stdout
    };
    for key in ["movetime", "depth", "nodes", "mate", "movestogo"] {
        let out = run(&format!("go {key} -1"));
        assert!(
            out.contains(&format!("go {key} cannot be negative")),
            "{key}: {out}"
        );
        assert!(out.contains("bestmove (none)"), "{key}: {out}");
    }
    // A clock's time left may be below zero (a GUI's way of saying it is gone).
    let out = run("go wtime -50 btime 1000 depth 2");
    assert!(!out.contains("error"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("bestmove ") && l != "bestmove (none)")
    );
    let out = run("go searchmoves zz99 h2e2 depth 2");
    assert!(
        out.contains("searchmoves: 'zz99' is not a move; skipped"),
        "{out}"
    );
    assert!(!out.contains("unknown go parameter"), "{out}");
    assert!(out.contains("bestmove h2e2"), "{out}");
}

// Issue 53 F8: the course, book and collection readers took a FIFO (and
// waited on it for ever) or a device (read until memory ran out). They
// take regular files only, and a course or book file only up to its limit.
#[cfg(unix)]
#[test]
fn course_book_and_collection_readers_refuse_pipes_devices_and_huge_files() {
    let dir = scratch();
    let fifo = dir.path().join("f.json");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let zero = dir.path().join("z.json");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for path in [s(&fifo), s(&zero)] {
        for args in [
            vec!["lessons", "--file", path],
            vec!["book", "show", "--book", path],
            vec!["calibrate", path],
            vec!["rate", path],
        ] {
            let r = xiangqi(&args, 20);
            let e = one_error_line(&r);
            assert!(e.contains("not a regular file"), "{args:?}: {e}");
        }
    }
    // Files past the limits (sparse: nothing is written).
    let big = dir.path().join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(65 << 20).unwrap();
    for (args, says) in [
        (
            vec!["lessons", "--file", s(&big)],
            "too large to be a course file",
        ),
        (
            vec!["book", "show", "--book", s(&big)],
            "too large to be a book file",
        ),
    ] {
        let r = xiangqi(&args, 60);
        let e = one_error_line(&r);
        assert!(e.contains(says), "{args:?}: {e}");
    }
}
