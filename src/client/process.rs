//! A client for an external engine speaking UCI or UCCI: spawn it, shake
//! hands, set options, send a position and a `go` with limits or clocks,
//! wait for `bestmove` within a deadline, `stop` it, and end it.
//!
//! The engine's output is read on a thread of its own and passed over a
//! channel, so every wait has a deadline and a silent or hung engine is
//! found out instead of blocking the caller. Lines the client does not
//! understand are skipped. What is kept of the output is bounded: at most
//! [`MAX_LINE`] bytes of a line and [`QUEUED_LINES`] lines waiting, so an
//! engine that floods its output is held up, not stored, and a `go` ends
//! at its deadline whatever the engine prints.
//!
//! Every process the client starts is registered, so [`kill_all`] (called
//! on Ctrl+C, SIGTERM and SIGHUP) can end them; on Unix each engine runs in
//! a process group of its own, and ending it ends the group, so what a
//! wrapper script started ends too. Dropping a client sends `quit` and
//! kills the process (and its group) if it does not leave by itself.

use super::options::EngineOption;
use crate::engine::Score;
use crate::rules::{Move, Position};
use crossbeam_channel::{Receiver, RecvTimeoutError, bounded};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Protocol {
    /// UCI as Pikafish speaks it (`uci` → `uciok`).
    #[default]
    Uci,
    /// UCCI as ElephantEye speaks it (`ucci` → `ucciok`), times in milliseconds.
    Ucci,
}

/// A protocol name that is neither `uci` nor `ucci`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("protocol must be uci or ucci, not '{0}'")]
pub struct UnknownProtocol(pub String);

impl std::str::FromStr for Protocol {
    type Err = UnknownProtocol;
    fn from_str(s: &str) -> Result<Protocol, UnknownProtocol> {
        match s.to_ascii_lowercase().as_str() {
            "uci" => Ok(Protocol::Uci),
            "ucci" => Ok(Protocol::Ucci),
            _ => Err(UnknownProtocol(s.to_string())),
        }
    }
}

/// What went wrong talking to an engine.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ClientError {
    /// The command line is empty or cannot be split into words.
    #[error("bad engine command line '{0}'")]
    BadCommand(String),
    /// The program could not be started.
    #[error("cannot start '{program}': {why}")]
    Spawn {
        /// The program.
        program: String,
        /// The system's reason.
        why: String,
    },
    /// No `uciok`/`ucciok` (or `readyok`) within the time allowed.
    #[error("no {expected} from the engine within {secs:.1} s")]
    Timeout {
        /// What was awaited.
        expected: &'static str,
        /// How long we waited.
        secs: f64,
    },
    /// The engine's output ended (it exited or crashed).
    #[error("the engine exited{0}")]
    Exited(String),
    /// Writing to the engine failed.
    #[error("cannot write to the engine: {0}")]
    Write(String),
    /// The engine refused an option (it said so, or does not know it).
    #[error("engine option {0}")]
    Option(String),
}

/// Limits for one `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoLimit {
    /// Think this long.
    MoveTime(Duration),
    /// Search to this depth.
    Depth(u32),
    /// Search this many nodes (not every engine honours it).
    Nodes(u64),
    /// Clocks: time left for each side and the increment.
    Clock {
        /// Red's time left.
        red: Duration,
        /// Black's time left.
        black: Duration,
        /// Increment per move, both sides.
        increment: Duration,
    },
    /// Search until told to `stop` (`go infinite`, in both protocols).
    Infinite,
}

/// One `info` line of a search in progress, as the engine wrote it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    /// Which line of a MultiPV search this is, from 1 (1 if not said).
    pub multipv: u32,
    /// The depth reached.
    pub depth: Option<u32>,
    /// The line's score, from the side to move's view.
    pub score: Option<Score>,
    /// Nodes searched so far.
    pub nodes: Option<u64>,
    /// The line's moves, as words (not checked).
    pub pv: Vec<String>,
}

/// The engine's answer to a `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The word after `bestmove` (`None` for UCCI's `nobestmove`).
    pub bestmove: Option<String>,
    /// The last score the engine reported, from its side's view.
    pub score: Option<Score>,
    /// The last depth it reported.
    pub depth: Option<u32>,
    /// Its principal variation, as words.
    pub pv: Vec<String>,
    /// Time from `go` to `bestmove`.
    pub elapsed: Duration,
}

impl Reply {
    /// The best move as a move, if it parses.
    pub fn best_move(&self) -> Option<Move> {
        self.bestmove.as_deref().and_then(Move::from_iccs)
    }
}

/// Why a `go` did not give an answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GoError {
    /// No `bestmove` before the deadline.
    #[error("no bestmove within {0:.2} s")]
    Hang(f64),
    /// The engine's output ended.
    #[error("{0}")]
    Failed(ClientError),
}

/// The most of one line of an engine's output that is kept.
pub const MAX_LINE: usize = 64 * 1024;

/// Lines read from an engine and not yet looked at; the reader waits
/// (and so does the engine) when this many are queued.
pub const QUEUED_LINES: usize = 1024;

type Registry = Mutex<Vec<Weak<Mutex<Child>>>>;

fn registry() -> &'static Registry {
    static REG: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
    REG.get_or_init(|| Mutex::new(Vec::new()))
}

/// Kills every engine process a client started and that still runs, with
/// their process groups (for Ctrl+C, SIGTERM and SIGHUP).
pub fn kill_all() {
    let list = registry().lock().unwrap_or_else(|e| e.into_inner());
    for w in list.iter() {
        if let Some(c) = w.upgrade() {
            let mut c = c.lock().unwrap_or_else(|e| e.into_inner());
            kill(&mut c);
        }
    }
}

/// Kills an engine and every process of its group, and reaps it.
fn kill(c: &mut Child) {
    kill_group(c);
    let _ = c.kill();
    let _ = c.wait();
    // What it started and what was started after the first signal.
    kill_group(c);
}

/// SIGKILL to the engine's process group (its own, from `spawn`).
#[cfg(unix)]
fn kill_group(c: &Child) {
    if let Ok(pid) = libc::pid_t::try_from(c.id())
        && pid > 1
    {
        // SAFETY: kill(2) with a negative pid signals that process group
        // only; no memory is shared.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_: &Child) {}

/// Starts an engine that the system kills when this process dies, however
/// it dies (a crash, SIGKILL, the out-of-memory killer).
///
/// The system's signal comes when the thread that started the child ends,
/// not the process, so every engine is started by one thread that lives as
/// long as the process.
#[cfg(target_os = "linux")]
fn spawn_child(mut command: Command) -> std::io::Result<Child> {
    use std::os::unix::process::CommandExt;
    type Job = (Command, crossbeam_channel::Sender<std::io::Result<Child>>);
    static SPAWNER: std::sync::OnceLock<Option<crossbeam_channel::Sender<Job>>> =
        std::sync::OnceLock::new();
    let parent = libc::pid_t::try_from(std::process::id()).unwrap_or(0);
    // SAFETY: the closure runs in the child between fork and exec and calls
    // only prctl(2), getppid(2) and _exit(2), which are async-signal-safe.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The parent died before the request was made.
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    let spawner = SPAWNER.get_or_init(|| {
        let (tx, rx) = crossbeam_channel::unbounded::<Job>();
        std::thread::Builder::new()
            .name("engine-spawner".into())
            .spawn(move || {
                for (mut command, reply) in rx {
                    let _ = reply.send(command.spawn());
                }
            })
            .ok()
            .map(|_| tx)
    });
    let Some(spawner) = spawner else {
        return command.spawn();
    };
    let (tx, rx) = bounded(1);
    if let Err(crossbeam_channel::SendError((mut command, _))) = spawner.send((command, tx)) {
        return command.spawn();
    }
    rx.recv()
        .unwrap_or_else(|_| Err(std::io::Error::other("the engine starter ended")))
}

#[cfg(not(target_os = "linux"))]
fn spawn_child(mut command: Command) -> std::io::Result<Child> {
    command.spawn()
}

/// A running external engine.
pub struct Client {
    child: Arc<Mutex<Child>>,
    stdin: ChildStdin,
    lines: Receiver<String>,
    protocol: Protocol,
    name: String,
    author: String,
    options: Vec<EngineOption>,
    program: String,
    /// The last lines the engine wrote to its standard error.
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("name", &self.name)
            .field("program", &self.program)
            .field("protocol", &self.protocol)
            .finish_non_exhaustive()
    }
}

/// Lines of an engine's standard error kept for its error messages.
const STDERR_LINES: usize = 8;
/// Options kept of an engine's handshake (an engine that declares more is
/// flooding, not configurable).
const MAX_OPTIONS: usize = 512;

/// How long the handshake may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

impl Client {
    /// Starts `command` (a shell-like command line, run without a shell),
    /// shakes hands, and sets `options` (names and values as the engine's
    /// `option` lines spell them).
    pub fn spawn(
        command: &str,
        protocol: Protocol,
        options: &[(String, String)],
    ) -> Result<Client, ClientError> {
        Client::spawn_within(command, protocol, options, HANDSHAKE_TIMEOUT)
    }

    /// Starts `command` speaking whichever protocol it answers: UCI first,
    /// then (started again) UCCI, each given `timeout` for its handshake.
    ///
    /// # Errors
    /// The UCI attempt's error when neither answers (or the program cannot
    /// start at all).
    pub fn detect(command: &str, timeout: Duration) -> Result<Client, ClientError> {
        let started = Instant::now();
        match Client::spawn_within(command, Protocol::Uci, &[], timeout) {
            Ok(c) => Ok(c),
            Err(e @ (ClientError::BadCommand(_) | ClientError::Spawn { .. })) => Err(e),
            Err(uci) => Client::spawn_within(command, Protocol::Ucci, &[], timeout)
                .map_err(|_| waited(uci, started)),
        }
    }

    /// [`Client::spawn`] with `timeout` for the handshake.
    ///
    /// # Errors
    /// As [`Client::spawn`].
    pub fn spawn_within(
        command: &str,
        protocol: Protocol,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<Client, ClientError> {
        let words = shlex::split(command)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| ClientError::BadCommand(command.to_string()))?;
        let program = words[0].clone();
        let mut command = Command::new(&program);
        command
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A group of its own: ending the engine ends what it started, and
        // the terminal's Ctrl+C reaches the match, which ends the engines.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = spawn_child(command).map_err(|e| ClientError::Spawn {
            program: program.clone(),
            why: e.to_string(),
        })?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let stderr_pipe = child.stderr.take().expect("stderr was piped");
        let stderr: Arc<Mutex<VecDeque<String>>> = Arc::default();
        let tail = stderr.clone();
        // The last lines only (an engine that floods stderr is not stored).
        let _ = std::thread::Builder::new()
            .name("engine-stderr".into())
            .spawn(move || {
                let mut r = BufReader::new(stderr_pipe);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match r.by_ref().take(MAX_LINE as u64).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim().to_string();
                            if line.is_empty() {
                                continue;
                            }
                            let mut t = tail.lock().unwrap_or_else(|e| e.into_inner());
                            if t.len() == STDERR_LINES {
                                t.pop_front();
                            }
                            t.push_back(line);
                        }
                    }
                }
            });
        let (tx, rx) = bounded(QUEUED_LINES);
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                let mut buf = Vec::new();
                while let Ok(Some(_)) =
                    crate::engine::uci::read_line_bounded(&mut r, &mut buf, MAX_LINE)
                {
                    let line = String::from_utf8_lossy(&buf).trim().to_string();
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| ClientError::Spawn {
                program: program.clone(),
                why: e.to_string(),
            })?;
        let child = Arc::new(Mutex::new(child));
        {
            let mut reg = registry().lock().unwrap_or_else(|e| e.into_inner());
            reg.retain(|w| w.strong_count() > 0);
            reg.push(Arc::downgrade(&child));
        }
        let base = std::path::Path::new(&program)
            .file_name()
            .map_or(program.clone(), |f| f.to_string_lossy().into_owned());
        let mut c = Client {
            child,
            stdin,
            lines: rx,
            protocol,
            name: base,
            author: String::new(),
            options: Vec::new(),
            program,
            stderr,
        };
        let started = Instant::now();
        let shaken = c.handshake(timeout).and_then(|()| {
            for (k, v) in options {
                c.set_option(k, v)?;
            }
            if protocol == Protocol::Ucci {
                // Our clocks are in milliseconds.
                c.send("setoption usemillisec true")?;
            }
            c.sync(timeout)
        });
        shaken.map_err(|e| waited(e, started))?;
        Ok(c)
    }

    /// The engine's `id name`, or its program's file name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine's `id author`, if it said.
    pub fn author(&self) -> &str {
        &self.author
    }

    /// The options the engine declared in its handshake.
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The last lines the engine wrote to its standard error.
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .cloned()
            .collect()
    }

    /// The program that was started.
    pub fn program(&self) -> &str {
        &self.program
    }

    /// The protocol spoken.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| {
                // A closed pipe is usually an engine that is gone: say so.
                let gone = {
                    let mut c = self.child.lock().unwrap_or_else(|e| e.into_inner());
                    std::thread::sleep(Duration::from_millis(20));
                    matches!(c.try_wait(), Ok(Some(_)))
                };
                if gone {
                    self.exit_error()
                } else {
                    ClientError::Write(e.to_string())
                }
            })
    }

    /// The next line before `deadline`: `Ok(None)` once it has passed,
    /// even while lines keep coming.
    fn next_line(&self, deadline: Instant) -> Result<Option<String>, ClientError> {
        if Instant::now() >= deadline {
            return Ok(None);
        }
        match self.lines.recv_deadline(deadline) {
            Ok(l) => Ok(Some(l)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(self.exit_error()),
        }
    }

    /// The engine's exit, as an error, if its process has ended (though
    /// its output may still be open, held by a process it started).
    fn exited(&self) -> Option<ClientError> {
        let ended = {
            let mut c = self.child.lock().unwrap_or_else(|e| e.into_inner());
            matches!(c.try_wait(), Ok(Some(_)))
        };
        ended.then(|| self.exit_error())
    }

    fn exit_error(&self) -> ClientError {
        let status = {
            let mut c = self.child.lock().unwrap_or_else(|e| e.into_inner());
            // A moment for the exit status and the last words on stderr.
            let until = Instant::now() + Duration::from_millis(200);
            loop {
                match c.try_wait() {
                    Ok(Some(st)) => break Some(st),
                    Ok(None) if Instant::now() < until => {
                        std::thread::sleep(Duration::from_millis(5))
                    }
                    _ => break None,
                }
            }
        };
        std::thread::sleep(Duration::from_millis(20));
        let mut how = status.map_or(String::new(), |st| format!(" ({st})"));
        let tail = self.stderr_tail();
        if !tail.is_empty() {
            how.push_str(&format!("; it said: {}", tail.join(" / ")));
        }
        ClientError::Exited(how)
    }

    fn handshake(&mut self, timeout: Duration) -> Result<(), ClientError> {
        let (hello, ok) = match self.protocol {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Ucci => ("ucci", "ucciok"),
        };
        self.send(hello)?;
        let deadline = Instant::now() + timeout;
        loop {
            let Some(line) = self.next_line(deadline)? else {
                if let Some(e) = self.exited() {
                    return Err(e);
                }
                return Err(ClientError::Timeout {
                    expected: ok,
                    secs: timeout.as_secs_f64(),
                });
            };
            if line == ok {
                return Ok(());
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            } else if let Some(author) = line.strip_prefix("id author ") {
                self.author = author.trim().to_string();
            } else if self.options.len() < MAX_OPTIONS
                && let Some(option) = EngineOption::parse(&line)
                && !self.options.iter().any(|o| o.name == option.name)
            {
                self.options.push(option);
            }
        }
    }

    /// Sends `isready` and waits for `readyok`; an `info string error` or
    /// unknown-option complaint before it is returned as an error.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        let mut complaint = None;
        loop {
            let Some(line) = self.next_line(deadline)? else {
                if let Some(e) = self.exited() {
                    return Err(e);
                }
                return Err(ClientError::Timeout {
                    expected: "readyok",
                    secs: timeout.as_secs_f64(),
                });
            };
            if line == "readyok" {
                return match complaint {
                    Some(c) => Err(ClientError::Option(c)),
                    None => Ok(()),
                };
            }
            let lower = line.to_ascii_lowercase();
            if lower.contains("unknown option") || lower.starts_with("info string error") {
                complaint.get_or_insert(line);
            }
        }
    }

    /// Sets an option; the engine's complaint, if any, is an error.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        let line = match self.protocol {
            Protocol::Uci if value.is_empty() => format!("setoption name {name}"),
            Protocol::Uci => format!("setoption name {name} value {value}"),
            Protocol::Ucci => format!("setoption {name} {value}"),
        };
        self.send(line.trim_end())?;
        self.sync(HANDSHAKE_TIMEOUT).map_err(|e| match e {
            ClientError::Option(c) => ClientError::Option(format!("{name}={value}: {c}")),
            e => e,
        })
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        if self.protocol == Protocol::Uci {
            self.send("ucinewgame")?;
        }
        self.sync(HANDSHAKE_TIMEOUT)
    }

    /// Sends the position (`start` and the moves since) and a `go` with
    /// `limit`, and waits until `deadline` for `bestmove`. On a hang the
    /// engine is told to `stop` and the error says so.
    pub fn go(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: GoLimit,
        deadline: Duration,
    ) -> Result<Reply, GoError> {
        let never = AtomicBool::new(false);
        self.go_with(start, moves, limit, deadline, &[], &never, &mut |_| {})
    }

    /// [`Client::go`], streaming: every `info` line with a depth, score or
    /// line goes to `on_info` as it arrives (all of a MultiPV search's
    /// lines; the [`Reply`] keeps the first line's). Moves in `exclude`
    /// are not to be played: UCI is given the others as `searchmoves`,
    /// UCCI the excluded ones as `banmoves` (ignored when they are every
    /// legal move). Raising `stop` (looked at every 20 ms at most) sends
    /// `stop`, and the engine then has [`STOP_GRACE`] to answer.
    ///
    /// # Errors
    /// [`GoError::Hang`] when no `bestmove` came before the deadline (the
    /// engine is told to `stop`) or within [`STOP_GRACE`] of a `stop`;
    /// [`GoError::Failed`] when the engine exited or cannot be written to.
    pub fn go_with(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: GoLimit,
        deadline: Duration,
        exclude: &[Move],
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&InfoLine),
    ) -> Result<Reply, GoError> {
        // What is left of an earlier search (an answer after a `stop` that
        // came too late) is not this search's (at most a queue's worth: an
        // engine that never stops talking is not waited for here).
        for _ in 0..QUEUED_LINES {
            if self.lines.try_recv().is_err() {
                break;
            }
        }
        let commands = go_commands(self.protocol, start, moves, limit, exclude);
        let (go, setup) = commands.split_last().expect("a go is always sent");
        for line in setup {
            self.send(line).map_err(GoError::Failed)?;
        }
        let started = Instant::now();
        self.send(go).map_err(GoError::Failed)?;
        // A deadline beyond what the clock can count (`go infinite` is
        // ended by `stop` alone) is a year.
        let mut until = started
            .checked_add(deadline)
            .or_else(|| started.checked_add(Duration::from_secs(365 * 86_400)))
            .unwrap_or(started);
        let mut stopped = false;
        let mut reply = Reply {
            bestmove: None,
            score: None,
            depth: None,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        };
        loop {
            if !stopped && stop.load(Ordering::Relaxed) {
                stopped = true;
                self.send("stop").map_err(GoError::Failed)?;
                until = Instant::now() + STOP_GRACE;
            }
            // Short waits, so a raised `stop` is seen soon.
            let slice = (Instant::now() + STOP_POLL).min(until);
            let line = match self.next_line(slice) {
                Ok(Some(l)) => l,
                Ok(None) if Instant::now() < until => continue,
                Ok(None) => {
                    // An engine that left while something it started keeps
                    // its output open is gone, not thinking.
                    if let Some(e) = self.exited() {
                        return Err(GoError::Failed(e));
                    }
                    if stopped {
                        return Err(GoError::Hang(started.elapsed().as_secs_f64()));
                    }
                    let _ = self.send("stop");
                    return Err(GoError::Hang(deadline.as_secs_f64()));
                }
                Err(e) => return Err(GoError::Failed(e)),
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    if let Some(info) = parse_info(&line, self.protocol) {
                        fold_info(&info, &mut reply);
                        on_info(&info);
                    }
                }
                Some("bestmove") => {
                    reply.elapsed = started.elapsed();
                    reply.bestmove = Some(words.next().unwrap_or("").to_string());
                    return Ok(reply);
                }
                Some("nobestmove") => {
                    reply.elapsed = started.elapsed();
                    return Ok(reply);
                }
                _ => {}
            }
        }
    }

    /// Asks for `n` lines (MultiPV) if the engine declared an option of
    /// that name (in any case, as UCI's `MultiPV` and UCCI's `multipv`);
    /// otherwise does nothing (the engine searches one line).
    ///
    /// # Errors
    /// The engine's complaint, or its silence, as [`Client::set_option`].
    pub fn set_multipv(&mut self, n: u32) -> Result<(), ClientError> {
        let Some(name) = self
            .options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case("multipv"))
            .map(|o| o.name.clone())
        else {
            return Ok(());
        };
        self.set_option(&name, &n.max(1).to_string())
    }

    /// The engine's process id (while it runs).
    pub fn pid(&self) -> u32 {
        self.child.lock().unwrap_or_else(|e| e.into_inner()).id()
    }

    /// Kills the engine and its process group at once (a hung engine is
    /// not asked to leave).
    pub fn kill(&mut self) {
        let mut c = self.child.lock().unwrap_or_else(|e| e.into_inner());
        kill(&mut c);
    }

    /// Whether the process still runs.
    pub fn alive(&self) -> bool {
        let mut c = self.child.lock().unwrap_or_else(|e| e.into_inner());
        matches!(c.try_wait(), Ok(None))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        let mut c = self.child.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            match c.try_wait() {
                Ok(Some(_)) | Err(_) => {
                    // It left; what it started (a wrapper's engine) goes too.
                    kill_group(&c);
                    return;
                }
                Ok(None) if Instant::now() >= deadline => break,
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        kill(&mut c);
    }
}

/// A timeout that says the whole time waited since `started` (a start
/// waits for more than one answer, and may try both protocols).
fn waited(e: ClientError, started: Instant) -> ClientError {
    match e {
        ClientError::Timeout { expected, .. } => ClientError::Timeout {
            expected,
            secs: started.elapsed().as_secs_f64(),
        },
        e => e,
    }
}

/// How long an engine has to answer once told to `stop`.
pub const STOP_GRACE: Duration = Duration::from_secs(2);

/// How often a `go` looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(20);

/// The position `moves` lead to from `start` (up to the first move that
/// cannot be played: the engine will refuse the position anyway).
fn after(start: &Position, moves: &[Move]) -> Position {
    let mut p = *start;
    for &m in moves {
        if p.play(m).is_err() {
            break;
        }
    }
    p
}

/// The lines a `go` sends, the `go` last: the position, UCCI's `banmoves`
/// when moves are excluded, and the `go` with its limits (and UCI's
/// `searchmoves`, the moves that are not excluded). Exclusions that leave
/// no legal move, or exclude none, are ignored.
fn go_commands(
    protocol: Protocol,
    start: &Position,
    moves: &[Move],
    limit: GoLimit,
    exclude: &[Move],
) -> Vec<String> {
    let mut pos = if *start == Position::startpos() {
        "position startpos".to_string()
    } else {
        format!("position fen {}", start.fen())
    };
    if !moves.is_empty() {
        pos.push_str(" moves");
        for m in moves {
            pos.push(' ');
            pos.push_str(&m.to_string());
        }
    }
    let here = after(start, moves);
    let mut go = match (limit, protocol) {
        (GoLimit::MoveTime(t), Protocol::Uci) => format!("go movetime {}", t.as_millis()),
        (GoLimit::MoveTime(t), Protocol::Ucci) => {
            format!("go time {} movestogo 1", t.as_millis())
        }
        (GoLimit::Depth(d), _) => format!("go depth {d}"),
        (GoLimit::Nodes(n), _) => format!("go nodes {n}"),
        (GoLimit::Infinite, _) => "go infinite".to_string(),
        (
            GoLimit::Clock {
                red,
                black,
                increment,
            },
            Protocol::Uci,
        ) => format!(
            "go wtime {} btime {} winc {} binc {}",
            red.as_millis(),
            black.as_millis(),
            increment.as_millis(),
            increment.as_millis()
        ),
        (
            GoLimit::Clock {
                red,
                black,
                increment,
            },
            Protocol::Ucci,
        ) => {
            let (ours, theirs) = if here.side_to_move() == crate::rules::Color::Red {
                (red, black)
            } else {
                (black, red)
            };
            format!(
                "go time {} increment {} opptime {} oppincrement {}",
                ours.as_millis(),
                increment.as_millis(),
                theirs.as_millis(),
                increment.as_millis()
            )
        }
    };
    let mut lines = vec![pos];
    if !exclude.is_empty() {
        let legal = here.legal_moves();
        let (banned, allowed): (Vec<Move>, Vec<Move>) =
            legal.iter().partition(|m| exclude.contains(m));
        if !banned.is_empty() && !allowed.is_empty() {
            let words = |ms: &[Move]| ms.iter().map(Move::to_string).collect::<Vec<_>>().join(" ");
            match protocol {
                Protocol::Uci => {
                    go.push_str(" searchmoves ");
                    go.push_str(&words(&allowed));
                }
                Protocol::Ucci => lines.push(format!("banmoves {}", words(&banned))),
            }
        }
    }
    lines.push(go);
    lines
}

/// Reads an `info` line: `None` for one with no depth, score or line
/// (`info string …`, `info currmove …`) or that is not an `info` line.
fn parse_info(line: &str, protocol: Protocol) -> Option<InfoLine> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let mut info = InfoLine {
        multipv: 1,
        ..InfoLine::default()
    };
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "depth" => {
                if let Some(d) = words.get(i + 1).and_then(|w| w.parse().ok()) {
                    info.depth = Some(d);
                }
                i += 2;
            }
            "multipv" => {
                if let Some(n) = words.get(i + 1).and_then(|w| w.parse::<u32>().ok()) {
                    info.multipv = n.max(1);
                }
                i += 2;
            }
            "nodes" => {
                if let Some(n) = words.get(i + 1).and_then(|w| w.parse().ok()) {
                    info.nodes = Some(n);
                }
                i += 2;
            }
            "score" => match (words.get(i + 1), words.get(i + 2)) {
                (Some(&"cp"), Some(v)) => {
                    if let Ok(v) = v.parse() {
                        info.score = Some(Score::Cp(v));
                    }
                    i += 3;
                }
                (Some(&"mate"), Some(v)) => {
                    if let Ok(v) = v.parse() {
                        info.score = Some(Score::Mate(v));
                    }
                    i += 3;
                }
                (Some(v), _) => {
                    // UCCI: a bare number; ±(9900..10000) (ElephantEye) or
                    // beyond 29000 (ours) is a mate.
                    if let Ok(v) = v.parse::<i32>() {
                        info.score = Some(ucci_score(v, protocol));
                    }
                    i += 2;
                }
                _ => i += 1,
            },
            "pv" => {
                info.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                break;
            }
            "string" => break,
            _ => i += 1,
        }
    }
    (info.depth.is_some() || info.score.is_some() || !info.pv.is_empty()).then_some(info)
}

/// Keeps the first line's depth, score and moves in `reply`.
fn fold_info(info: &InfoLine, reply: &mut Reply) {
    if info.multipv != 1 {
        return;
    }
    if info.depth.is_some() {
        reply.depth = info.depth;
    }
    if info.score.is_some() {
        reply.score = info.score;
    }
    if !info.pv.is_empty() {
        reply.pv = info.pv.clone();
    }
}

fn ucci_score(v: i32, protocol: Protocol) -> Score {
    let a = v.abs();
    let plies = if (29000..=30000).contains(&a) {
        Some(30000 - a)
    } else if protocol == Protocol::Ucci && (9900..=10000).contains(&a) {
        Some(10000 - a)
    } else {
        None
    };
    match plies {
        Some(p) => {
            let moves = (p + 1) / 2;
            Score::Mate(if v > 0 { moves.max(1) } else { -moves })
        }
        None => Score::Cp(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply() -> Reply {
        Reply {
            bestmove: None,
            score: None,
            depth: None,
            pv: vec![],
            elapsed: Duration::ZERO,
        }
    }

    fn fold(line: &str, protocol: Protocol, r: &mut Reply) {
        if let Some(info) = parse_info(line, protocol) {
            fold_info(&info, r);
        }
    }

    #[test]
    fn info_lines_give_depth_score_and_line() {
        let mut r = reply();
        fold(
            "info depth 7 seldepth 12 score cp -35 nodes 100 pv h2e2 h9g7",
            Protocol::Uci,
            &mut r,
        );
        assert_eq!((r.depth, r.score), (Some(7), Some(Score::Cp(-35))));
        assert_eq!(r.pv, ["h2e2", "h9g7"]);
        fold("info depth 9 score 9995 pv h2e2", Protocol::Ucci, &mut r);
        assert_eq!(r.score, Some(Score::Mate(3)));
        fold("info depth 9 score mate -2 pv h2e2", Protocol::Uci, &mut r);
        assert_eq!(r.score, Some(Score::Mate(-2)));
        // Garbage does not disturb what was read.
        fold("info depth x score cp", Protocol::Uci, &mut r);
        assert_eq!(r.depth, Some(9));
        assert_eq!(parse_info("info string hello depth 3", Protocol::Uci), None);
        assert_eq!(
            parse_info("info currmove h2e2 currmovenumber 1", Protocol::Uci),
            None
        );
        assert_eq!(parse_info("bestmove h2e2", Protocol::Uci), None);
    }

    #[test]
    fn multipv_lines_are_told_apart_and_only_the_first_is_the_reply() {
        let info = parse_info(
            "info depth 12 seldepth 20 multipv 2 score cp 15 nodes 123456 nps 1 time 5 pv b2e2 h9g7",
            Protocol::Uci,
        )
        .unwrap();
        assert_eq!(
            info,
            InfoLine {
                multipv: 2,
                depth: Some(12),
                score: Some(Score::Cp(15)),
                nodes: Some(123_456),
                pv: vec!["b2e2".into(), "h9g7".into()],
            }
        );
        let mut r = reply();
        fold(
            "info depth 12 multipv 1 score cp 30 pv h2e2",
            Protocol::Uci,
            &mut r,
        );
        fold_info(&info, &mut r);
        assert_eq!(
            (r.score, r.pv.as_slice()),
            (Some(Score::Cp(30)), &["h2e2".to_string()][..])
        );
        // No multipv: the first line; a nonsense one is read as the first.
        let plain = parse_info("info depth 3 multipv 0 score 20 pv h2e2", Protocol::Ucci).unwrap();
        assert_eq!((plain.multipv, plain.nodes), (1, None));
        assert_eq!(
            parse_info("info depth 3 score 20", Protocol::Ucci)
                .unwrap()
                .multipv,
            1
        );
    }

    #[test]
    fn exclusions_are_searchmoves_in_uci_and_banmoves_in_ucci() {
        let start = Position::startpos();
        let h2e2 = Move::from_iccs("h2e2").unwrap();
        let limit = GoLimit::MoveTime(Duration::from_millis(250));
        assert_eq!(
            go_commands(Protocol::Uci, &start, &[], limit, &[]),
            ["position startpos", "go movetime 250"]
        );
        let uci = go_commands(Protocol::Uci, &start, &[h2e2], limit, &[]);
        assert_eq!(uci, ["position startpos moves h2e2", "go movetime 250"]);
        // Black's moves after h2e2, all but h9g7 and b9c7.
        let ban = [
            Move::from_iccs("h9g7").unwrap(),
            Move::from_iccs("b9c7").unwrap(),
        ];
        let uci = go_commands(Protocol::Uci, &start, &[h2e2], limit, &ban);
        let (head, moves) = uci[1].split_once(" searchmoves ").unwrap();
        assert_eq!(head, "go movetime 250");
        let moves: Vec<&str> = moves.split(' ').collect();
        let legal = after(&start, &[h2e2]).legal_moves().len();
        assert_eq!(moves.len(), legal - 2, "{moves:?}");
        assert!(!moves.contains(&"h9g7") && !moves.contains(&"b9c7"));
        assert!(moves.contains(&"h7e7"));
        let ucci = go_commands(Protocol::Ucci, &start, &[h2e2], limit, &ban);
        assert_eq!(
            ucci,
            [
                "position startpos moves h2e2",
                "banmoves b9c7 h9g7",
                "go time 250 movestogo 1"
            ]
        );
        // Excluding every legal move, or none, excludes nothing.
        let all: Vec<Move> = start.legal_moves().to_vec();
        for ex in [&all[..], &[Move::from_iccs("a0a9").unwrap()][..]] {
            for p in [Protocol::Uci, Protocol::Ucci] {
                assert_eq!(
                    go_commands(p, &start, &[], GoLimit::Infinite, ex),
                    ["position startpos", "go infinite"]
                );
            }
        }
    }

    #[test]
    fn clocks_in_ucci_are_the_mover_s() {
        let start = Position::startpos();
        let h2e2 = Move::from_iccs("h2e2").unwrap();
        let clock = GoLimit::Clock {
            red: Duration::from_secs(60),
            black: Duration::from_secs(50),
            increment: Duration::from_secs(1),
        };
        let c = go_commands(Protocol::Ucci, &start, &[h2e2], clock, &[]);
        assert_eq!(
            c[1],
            "go time 50000 increment 1000 opptime 60000 oppincrement 1000"
        );
        let c = go_commands(Protocol::Uci, &start, &[h2e2], clock, &[]);
        assert_eq!(c[1], "go wtime 60000 btime 50000 winc 1000 binc 1000");
    }
}
