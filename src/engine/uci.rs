//! The engine protocols: UCI as Pikafish speaks it, and the UCCI dialect of
//! ElephantEye and XiangQi Wizard (see docs/RULES.md, "Engine protocols").
//!
//! Input is read on a thread of its own, as bytes (a line that is not
//! UTF-8, such as GBK text, is read lossily, never fatal), so the engine
//! keeps listening while it thinks. A `go` (or `go perft`) runs on a worker
//! thread; during it `isready` is answered at once, `stop` ends it, and
//! `quit` or the end of the input end the process. Commands that change
//! what the engine knows (`position`, `setoption`, another `go`…) arrive in
//! order: while a search runs they wait in a queue and run, in order, when
//! it is over, without holding up the commands behind them. Nothing a GUI
//! sends can crash the loop: bad input is answered with
//! `info string error: …` and the engine carries on; after a rejected
//! `position` a `go` answers `bestmove (none)` (UCCI: `nobestmove`) rather
//! than search a stale position; every `go` gets exactly one answer (a
//! bad one, or one queued behind a search that `stop` ends, answers no
//! move); and `bestmove` is always a legal move, followed by `ponder`
//! and the reply expected when one is known. Input lines and error
//! messages are bounded ([`MAX_LINE`], 200 characters).
//!
//! Pondering: `go ponder …` searches as `go infinite` would until
//! `ponderhit` (UCCI: also `ponderhit draw`), when the clock or movetime
//! given in the `go ponder` starts to count; `stop` ends it at any time.
//! Either way the one answer comes after the `ponderhit` or `stop`. The
//! `Threads` option searches on several threads (Lazy SMP).

use super::{Clock, Engine, Level, Limits, Score, SearchInfo, SearchRequest};
use crate::rules::{Move, Position};
use crossbeam_channel::{Receiver, Sender, select, unbounded};
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

/// `EvalFile`'s value for the network built into the binary.
pub const EMBEDDED_NAME: &str = "<embedded>";

/// Most lines `setoption name MultiPV` accepts.
pub const MAX_MULTIPV: usize = 5;

/// Which protocol the GUI chose with its first command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// `uci`.
    Uci,
    /// `ucci`.
    Ucci,
}

type Out<W> = Arc<Mutex<W>>;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Why a `go` cannot search.
#[derive(Debug, thiserror::Error)]
enum GoRefused {
    /// The last `position` was refused.
    #[error("no valid position to search ({0})")]
    NoPosition(String),
    /// A parameter without its number.
    #[error("go {0} needs a number")]
    NeedsNumber(String),
    /// A parameter with a number below zero.
    #[error("go {0} cannot be negative")]
    Negative(String),
    /// A word that is no `go` parameter.
    #[error("unknown go parameter '{0}'")]
    Unknown(String),
    /// `banmoves` or `searchmoves` left nothing to play.
    #[error("every legal move is banned")]
    AllBanned,
}

fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut o = lock(out);
    let _ = writeln!(o, "{line}");
    let _ = o.flush();
}

struct Running {
    id: u64,
    handle: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    infinite: bool,
    /// A `go ponder`'s flag, raised until the ponderhit.
    pondering: Option<Arc<AtomicBool>>,
}

impl Running {
    /// Still pondering: no ponderhit yet.
    fn pondering(&self) -> bool {
        self.pondering
            .as_ref()
            .is_some_and(|p| p.load(Ordering::Relaxed))
    }
}

/// What the reader thread passes on.
enum Input {
    Line(String),
    /// A line longer than [`MAX_LINE`], skipped.
    TooLong,
    Eof,
}

/// What the end of the input does to a running search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AtEof {
    /// Stop it and leave (a GUI that closed our input is gone).
    Quit,
    /// Let finite searches and queued commands finish (transcripts).
    Finish,
}

struct Session<W: Write + Send + 'static> {
    out: Out<W>,
    engine: Arc<Mutex<Engine>>,
    dialect: Dialect,
    millis: bool,
    /// The network `EvalFile` chose (the embedded one at first), and
    /// whether the engine plays with it (`Use NNUE`) or the classical evaluation.
    network: Arc<super::nnue::Network>,
    use_network: bool,
    level: Option<Level>,
    /// Lines to search and report (MultiPV), 1..=MAX_MULTIPV.
    multipv: usize,
    pos: Position,
    history: Vec<Position>,
    banned: Vec<Move>,
    running: Option<Running>,
    /// Commands that arrived during a search, to run after it.
    pending: VecDeque<String>,
    /// Why the last `position` was rejected (until a valid one arrives).
    position_error: Option<String>,
    searches: u64,
    done_tx: Sender<u64>,
    games: u64,
}

/// Runs the protocol loop until `quit` or the end of the input (which
/// stops a running search: the GUI is gone).
pub fn run<R: BufRead + Send + 'static, W: Write + Send + 'static>(input: R, output: W) {
    run_with(input, output, AtEof::Quit);
}

fn run_with<R: BufRead + Send + 'static, W: Write + Send + 'static>(
    input: R,
    output: W,
    at_eof: AtEof,
) {
    let (line_tx, line_rx) = unbounded();
    let reader = std::thread::Builder::new()
        .name("uci-input".into())
        .spawn(move || read_lines(input, &line_tx));
    if reader.is_err() {
        return;
    }
    let (done_tx, done_rx) = unbounded();
    let mut s = Session {
        out: Arc::new(Mutex::new(output)),
        engine: Arc::new(Mutex::new(Engine::default())),
        dialect: Dialect::Uci,
        millis: false,
        network: super::nnue::embedded(),
        use_network: true,
        level: None,
        multipv: 1,
        pos: Position::startpos(),
        history: Vec::new(),
        banned: Vec::new(),
        running: None,
        pending: VecDeque::new(),
        position_error: None,
        searches: 0,
        done_tx,
        games: 0,
    };
    s.main_loop(&line_rx, &done_rx, at_eof);
}

/// The longest error message, in characters.
const MAX_ERROR: usize = 200;

/// The longest input line read as a command (a `position … moves` line of
/// a 1,000-move game is 5 kB); the rest of a longer line is skipped.
pub const MAX_LINE: usize = 1 << 20;

/// Reads one line (up to `\n`, which is not kept) into `buf`, keeping at
/// most `max` bytes of it and skipping the rest, so a line without end
/// never fills memory. `Ok(None)` at the end of the input; otherwise
/// whether the line was cut.
///
/// # Errors
/// The reader's error (an interrupted read is retried).
pub fn read_line_bounded<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut cut = false;
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(cut));
        }
        any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        let room = max.saturating_sub(buf.len());
        cut |= part.len() > room;
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = newline.map_or(chunk.len(), |i| i + 1);
        r.consume(used);
        if newline.is_some() {
            return Ok(Some(cut));
        }
    }
}

/// Reads lines as bytes (invalid UTF-8 is replaced, never fatal) until the
/// end of the input or a read error. A line longer than [`MAX_LINE`] is
/// not a command: it is passed on as [`Input::TooLong`], for a complaint.
fn read_lines<R: BufRead>(mut input: R, tx: &Sender<Input>) {
    let mut buf = Vec::new();
    while let Ok(Some(cut)) = read_line_bounded(&mut input, &mut buf, MAX_LINE) {
        let line = if cut {
            Input::TooLong
        } else {
            Input::Line(String::from_utf8_lossy(&buf).trim().to_string())
        };
        if tx.send(line).is_err() {
            return;
        }
    }
    let _ = tx.send(Input::Eof);
}

/// Runs a whole transcript and returns everything the engine printed (for
/// tests). Unlike a real end of input, the transcript's end lets finite
/// searches and queued commands finish, so a transcript can end with `go`.
pub fn run_transcript(input: &str) -> String {
    #[derive(Clone)]
    struct Buf(Arc<Mutex<Vec<u8>>>);
    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            lock(&self.0).extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buf = Buf(Arc::new(Mutex::new(Vec::new())));
    run_with(
        std::io::Cursor::new(input.as_bytes().to_vec()),
        buf.clone(),
        AtEof::Finish,
    );
    String::from_utf8_lossy(&lock(&buf.0)).into_owned()
}

impl<W: Write + Send + 'static> Session<W> {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// `info string error: …`, at most [`MAX_ERROR`] characters of it (a
    /// huge unknown command is not echoed back whole).
    fn error(&self, msg: impl std::fmt::Display) {
        let msg = msg.to_string();
        let mut short: String = msg.chars().take(MAX_ERROR).collect();
        if short.len() < msg.len() {
            short.push('…');
        }
        self.say(&format!("info string error: {short}"));
    }

    fn main_loop(&mut self, lines: &Receiver<Input>, done: &Receiver<u64>, at_eof: AtEof) {
        loop {
            select! {
                recv(lines) -> msg => match msg {
                    Ok(Input::Line(line)) => {
                        if !self.command(&line) {
                            return;
                        }
                    }
                    Ok(Input::TooLong) => self.error(format!(
                        "a line longer than {} MB was skipped",
                        MAX_LINE >> 20
                    )),
                    Ok(Input::Eof) | Err(_) => break,
                },
                recv(done) -> id => {
                    if let Ok(id) = id
                        && self.running.as_ref().is_some_and(|r| r.id == id)
                    {
                        self.finish(false);
                        if !self.drain() {
                            return;
                        }
                    }
                }
            }
        }
        match at_eof {
            AtEof::Quit => self.finish(true),
            AtEof::Finish => loop {
                self.finish(false);
                if self.pending.is_empty() || !self.drain() {
                    break;
                }
            },
        }
    }

    /// Waits for a running search; `stop` cuts it short. Infinite searches,
    /// and ponder searches without their ponderhit, are always stopped
    /// (they would never end).
    fn finish(&mut self, stop: bool) {
        if let Some(r) = self.running.take() {
            if stop || r.infinite || r.pondering() {
                r.stop.store(true, Ordering::Relaxed);
            }
            if r.handle.join().is_err() {
                self.error("the search thread failed");
            }
        }
    }

    /// Runs queued commands until one starts a search (and the ponderhits
    /// right behind it, which belong to it); false means quit.
    fn drain(&mut self) -> bool {
        loop {
            if self.running.is_some() {
                if !self.pending.front().is_some_and(|l| is_ponderhit(l)) {
                    return true;
                }
                self.pending.pop_front();
                self.ponderhit();
                continue;
            }
            let Some(line) = self.pending.pop_front() else {
                return true;
            };
            if !self.execute(&line) {
                return false;
            }
        }
    }

    /// `ponderhit` (UCCI also `ponderhit draw`): the opponent played the
    /// move pondered on, so the ponder search's clock starts now. Behind
    /// queued commands it waits its turn, for the `go ponder` among them;
    /// with no ponder search it is ignored.
    fn ponderhit_arrived(&mut self, line: &str) {
        if self.pending.is_empty() {
            self.ponderhit();
        } else {
            self.pending.push_back(line.to_string());
        }
    }

    fn ponderhit(&self) {
        if let Some(p) = self.running.as_ref().and_then(|r| r.pondering.as_ref()) {
            p.store(false, Ordering::Relaxed);
        }
    }

    /// Handles one line as it arrives; false means quit.
    fn command(&mut self, line: &str) -> bool {
        let cmd = line.split_whitespace().next().unwrap_or("");
        let busy = self.running.is_some() || !self.pending.is_empty();
        match cmd {
            "" => true,
            "isready" => {
                self.say("readyok");
                true
            }
            "stop" => {
                // Ends the search; what was queued behind it runs now,
                // except the `go`s: each answers with no move (every `go`
                // gets exactly one answer), after the stopped search's.
                let before = self.pending.len();
                self.pending
                    .retain(|l| l.split_whitespace().next() != Some("go"));
                let dropped = before - self.pending.len();
                self.finish(true);
                for _ in 0..dropped {
                    self.say_no_move();
                }
                self.drain()
            }
            "quit" => {
                self.pending.clear();
                self.execute(line)
            }
            "ponderhit" => {
                self.ponderhit_arrived(line);
                true
            }
            _ if busy => {
                self.pending.push_back(line.to_string());
                true
            }
            _ => self.execute(line),
        }
    }

    /// Carries out one command (no search is running); false means quit.
    fn execute(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => self.uci(),
            "ucci" => self.ucci(),
            "isready" => self.say("readyok"),
            "ucinewgame" => self.new_game(),
            "setoption" => self.setoption(&rest),
            "position" => self.position(&rest),
            "banmoves" => self.banmoves(&rest),
            "go" => self.go(&rest),
            "stop" | "ponderhit" => {}
            "d" => {
                for l in self.pos.to_string().lines() {
                    self.say(l);
                }
            }
            "quit" => {
                self.finish(true);
                if self.dialect == Dialect::Ucci {
                    self.say("bye");
                }
                return false;
            }
            other => self.error(format!("unknown command '{other}'")),
        }
        true
    }

    /// The UCI handshake: names and options, then `uciok`.
    fn uci(&mut self) {
        self.dialect = Dialect::Uci;
        self.say(&format!("id name xiangqi {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the xiangqi team");
        self.say(&format!(
            "option name Hash type spin default {} min 1 max 4096",
            super::DEFAULT_HASH_MB
        ));
        self.say(&format!(
            "option name Level type spin default 0 min 0 max {}",
            Level::MAX.number()
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {}",
            super::max_threads()
        ));
        self.say("option name Ponder type check default false");
        self.say("option name Clear Hash type button");
        self.say(&format!(
            "option name EvalFile type string default {EMBEDDED_NAME}"
        ));
        self.say("option name Use NNUE type check default true");
        self.say("uciok");
    }

    /// The UCCI handshake: names and options, then `ucciok`.
    fn ucci(&mut self) {
        self.dialect = Dialect::Ucci;
        self.say(&format!("id name xiangqi {}", env!("CARGO_PKG_VERSION")));
        self.say("id copyright MIT OR Apache-2.0");
        self.say("id author the xiangqi team");
        self.say("id user unknown");
        self.say("option usemillisec type check default false");
        self.say(&format!(
            "option hashsize type spin min 1 max 4096 default {}",
            super::DEFAULT_HASH_MB
        ));
        self.say(&format!(
            "option level type spin min 0 max {} default 0",
            Level::MAX.number()
        ));
        self.say(&format!(
            "option multipv type spin min 1 max {MAX_MULTIPV} default 1"
        ));
        self.say(&format!(
            "option threads type spin min 1 max {} default 1",
            super::max_threads()
        ));
        self.say("option ponder type check default false");
        self.say("option newgame type button");
        self.say(&format!(
            "option evalfile type string default {EMBEDDED_NAME}"
        ));
        self.say("option usennue type check default true");
        self.say("ucciok");
    }

    fn new_game(&mut self) {
        lock(&self.engine).clear();
        self.games += 1;
    }

    fn setoption(&mut self, args: &[&str]) {
        // UCI: `name <words> [value <words>]`; UCCI: `<name> [<value>]`.
        let (name, value) = if args.first().is_some_and(|w| w.eq_ignore_ascii_case("name")) {
            let vpos = args.iter().position(|w| w.eq_ignore_ascii_case("value"));
            let name_end = vpos.unwrap_or(args.len());
            let name = args[1..name_end].join(" ");
            let value = vpos.map(|v| args[v + 1..].join(" ")).unwrap_or_default();
            (name, value)
        } else {
            let name = args.first().copied().unwrap_or("").to_string();
            let value = args.get(1..).map(|v| v.join(" ")).unwrap_or_default();
            (name, value)
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" | "hashsize" => match value.parse::<usize>() {
                Ok(mb) if (1..=4096).contains(&mb) => {
                    let mut engine = lock(&self.engine);
                    let result = engine.set_hash_mb(mb);
                    let keep = engine.hash_mb();
                    drop(engine);
                    if let Err(e) = result {
                        self.error(format!("{e}; keeping the {keep} MB table"));
                    }
                }
                _ => self.error(format!("hash size must be 1..4096 MB, not '{value}'")),
            },
            "level" => match value.to_ascii_lowercase().as_str() {
                "0" | "" | "none" | "off" => self.level = None,
                v => match v.parse::<u8>().ok().and_then(Level::new) {
                    Some(l) => self.level = Some(l),
                    None => self.error(format!(
                        "level must be 0 (full strength) or 1..{}, not '{value}'",
                        Level::MAX.number()
                    )),
                },
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => self.multipv = n,
                _ => self.error(format!("MultiPV must be 1..{MAX_MULTIPV}, not '{value}'")),
            },
            "usemillisec" => match check_value(&value) {
                Some(on) => self.millis = on,
                None => self.error(format!("usemillisec takes true or false, not '{value}'")),
            },
            "threads" => self.set_threads(&value),
            // Pondering is the GUI's to ask for (`go ponder`); the option
            // only says it may.
            "ponder" => {
                if check_value(&value).is_none() {
                    self.error(format!("Ponder takes true or false, not '{value}'"));
                }
            }
            "clear hash" | "newgame" => self.new_game(),
            "evalfile" => self.eval_file(&value),
            "use nnue" | "usennue" => match check_value(&value) {
                Some(on) => {
                    self.use_network = on;
                    self.apply_evaluator();
                }
                None => self.error(format!("Use NNUE takes true or false, not '{value}'")),
            },
            "" => self.error("setoption needs an option name"),
            // Options GUIs commonly send that do not apply here.
            "promotion" | "idle" | "batch" | "debug" | "style" | "knowledge" | "pruning"
            | "randomness" | "bookfiles" | "uci_chess960" => {}
            other => self.error(format!("unknown option '{other}'")),
        }
    }

    /// `setoption name Threads value N`: 1 up to the machine's threads;
    /// another count is refused and the current one kept.
    fn set_threads(&mut self, value: &str) {
        let result = match value.trim().parse::<usize>() {
            Ok(n) => lock(&self.engine).set_threads(n).map_err(|e| e.max),
            Err(_) => Err(super::max_threads()),
        };
        if let Err(max) = result {
            self.error(format!(
                "Threads must be 1..{max} (the machine's threads), not '{value}'"
            ));
        }
    }

    /// `setoption name EvalFile value PATH`: reads a network file; a file
    /// that cannot be read or is not a network of this build's shape is
    /// refused with its reason and the current network kept.
    fn eval_file(&mut self, value: &str) {
        let value = value.trim();
        if value.is_empty() || value == EMBEDDED_NAME {
            self.network = super::nnue::embedded();
            self.apply_evaluator();
            return;
        }
        match super::nnue::Network::read_file(std::path::Path::new(value)) {
            Ok(net) => {
                self.network = Arc::new(net);
                self.apply_evaluator();
            }
            Err(super::nnue::FileError::Io(e)) => self.error(format!(
                "cannot read the network file '{value}': {e}; keeping the current network"
            )),
            Err(e) => self.error(format!(
                "the network file '{value}' is refused: {e}; keeping the current network"
            )),
        }
    }

    fn apply_evaluator(&mut self) {
        let e = if self.use_network {
            super::Evaluator::Network(self.network.clone())
        } else {
            super::Evaluator::Classical
        };
        lock(&self.engine).set_evaluator(e);
    }

    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        // Until a valid position arrives, `go` refuses to search the old one.
        let reject = |s: &mut Self, why: String| {
            s.error(&why);
            s.position_error = Some(why);
        };
        let start = match setup.first().copied() {
            Some("startpos") if setup.len() == 1 => Position::startpos(),
            Some("startpos") => {
                return reject(self, format!("unexpected '{}' after startpos", setup[1]));
            }
            // Lenient: composed puzzles may place pieces no game could.
            Some("fen") => match Position::from_fen_lenient(&setup[1..].join(" ")) {
                Ok(p) => p,
                Err(e) => return reject(self, format!("bad FEN: {e}")),
            },
            Some(other) => {
                return reject(
                    self,
                    format!("position needs startpos or fen, not '{other}'"),
                );
            }
            None => return reject(self, "position needs startpos or fen".into()),
        };
        let mut pos = start;
        let mut history = Vec::new();
        for (i, word) in moves.iter().enumerate() {
            let Some(m) = Move::from_iccs(word) else {
                return reject(self, format!("move {} '{word}' is not a move", i + 1));
            };
            let before = pos;
            if let Err(e) = pos.play(m) {
                return reject(self, format!("move {} '{word}': {e}", i + 1));
            }
            history.push(before);
        }
        self.pos = pos;
        self.history = history;
        self.banned.clear();
        self.position_error = None;
    }

    fn banmoves(&mut self, args: &[&str]) {
        self.banned.clear();
        for word in args {
            match Move::from_iccs(word) {
                Some(m) => self.banned.push(m),
                None => self.error(format!("'{word}' is not a move")),
            }
        }
    }

    /// Parses a time value in the dialect's unit.
    fn duration(&self, word: Option<&&str>) -> Option<Duration> {
        let v: f64 = word?.parse().ok()?;
        if !v.is_finite() {
            return None;
        }
        let v = v.max(0.0);
        Some(if self.dialect == Dialect::Ucci && !self.millis {
            Duration::from_secs_f64(v.min(1e7))
        } else {
            Duration::from_millis(v.min(1e12) as u64)
        })
    }

    /// `go`: one answer whatever the arguments. A `go` that cannot search
    /// (bad arguments, a rejected position, every move banned) says why
    /// and answers no move.
    fn go(&mut self, args: &[&str]) {
        if let Err(why) = self.try_go(args) {
            self.error(why);
            self.say_no_move();
        }
    }

    fn try_go(&mut self, args: &[&str]) -> Result<(), GoRefused> {
        if let Some(why) = self.position_error.clone() {
            return Err(GoRefused::NoPosition(why));
        }
        let mut limits = Limits::default();
        let mut only: Vec<Move> = Vec::new();
        let mut clock = Clock::default();
        let mut have_clock = false;
        let mut ponder = false;
        let red = self.pos.side_to_move() == crate::rules::Color::Red;
        let mut i = 0;
        while i < args.len() {
            let key = args[i];
            let next = args.get(i + 1);
            let num = || next.and_then(|v| v.parse::<u64>().ok());
            // A count or a time below zero is refused alike (a clock's time
            // left may be negative: a GUI's way of saying it is gone).
            if matches!(key, "depth" | "nodes" | "movetime" | "mate" | "movestogo")
                && next
                    .and_then(|v| v.parse::<f64>().ok())
                    .is_some_and(|v| v < 0.0)
            {
                return Err(GoRefused::Negative(key.to_string()));
            }
            let mut used = 2;
            match key {
                "perft" => {
                    match num() {
                        Some(d) if (1..=9).contains(&d) => self.start_perft(d as u32),
                        // Not a search: its answer is the count, or this.
                        _ => self.error("go perft needs a depth 1..9"),
                    }
                    return Ok(());
                }
                "searchmoves" => {
                    // Every move after it, up to the next keyword.
                    used = 1;
                    while let Some(w) = args.get(i + used) {
                        match Move::from_iccs(w) {
                            Some(m) if self.pos.is_legal(m) => only.push(m),
                            Some(_) => {
                                self.error(format!("searchmoves: '{w}' is not legal here; skipped"))
                            }
                            None if looks_like_a_move(w) => {
                                self.error(format!("searchmoves: '{w}' is not a move; skipped"))
                            }
                            None => break,
                        }
                        used += 1;
                    }
                }
                "infinite" => {
                    limits.infinite = true;
                    used = 1;
                }
                // Thinking on the opponent's time until `ponderhit`.
                "ponder" => {
                    ponder = true;
                    used = 1;
                }
                "draw" => used = 1,
                "depth" => match next {
                    Some(&"infinite") => limits.infinite = true,
                    _ => match num() {
                        Some(d) => limits.depth = Some(d.clamp(1, 90) as u32),
                        None => return Err(GoRefused::NeedsNumber("depth".into())),
                    },
                },
                "nodes" => match num() {
                    Some(n) => limits.nodes = Some(n.max(1)),
                    None => return Err(GoRefused::NeedsNumber("nodes".into())),
                },
                "movetime" => match self.duration(next) {
                    Some(t) => limits.movetime = Some(t),
                    None => return Err(GoRefused::NeedsNumber("movetime".into())),
                },
                "mate" => match num() {
                    Some(n) => limits.depth = Some((2 * n).clamp(1, 90) as u32),
                    None => return Err(GoRefused::NeedsNumber("mate".into())),
                },
                // UCI clocks.
                "wtime" | "btime" | "winc" | "binc" => {
                    let Some(t) = self.duration(next) else {
                        return Err(GoRefused::NeedsNumber(key.to_string()));
                    };
                    let ours = (key.starts_with('w')) == red;
                    if ours {
                        if key.ends_with("time") {
                            clock.remaining = t;
                            have_clock = true;
                        } else {
                            clock.increment = t;
                        }
                    }
                }
                "movestogo" => match num() {
                    Some(n) => clock.moves_to_go = Some(n.clamp(1, 1000) as u32),
                    None => return Err(GoRefused::NeedsNumber("movestogo".into())),
                },
                // UCCI clock: our time, our increment; the opponent's is ignored.
                "time" => match self.duration(next) {
                    Some(t) => {
                        clock.remaining = t;
                        have_clock = true;
                    }
                    None => return Err(GoRefused::NeedsNumber("time".into())),
                },
                "increment" => match self.duration(next) {
                    Some(t) => clock.increment = t,
                    None => return Err(GoRefused::NeedsNumber("increment".into())),
                },
                "opptime" | "oppmovestogo" | "oppincrement" => {}
                other => return Err(GoRefused::Unknown(other.to_string())),
            }
            i += used;
        }
        if have_clock {
            limits.clock = Some(clock);
        }
        let mut banned = self.banned.clone();
        if !only.is_empty() {
            for &m in self.pos.legal_moves().iter() {
                if !only.contains(&m) && !banned.contains(&m) {
                    banned.push(m);
                }
            }
        }
        let legal = self.pos.legal_moves();
        if !banned.is_empty() && !legal.is_empty() && legal.iter().all(|m| banned.contains(m)) {
            return Err(GoRefused::AllBanned);
        }
        self.start_search(limits, banned, ponder);
        Ok(())
    }

    /// `bestmove (none)` (UCCI: `nobestmove`).
    fn say_no_move(&self) {
        self.say(match self.dialect {
            Dialect::Uci => "bestmove (none)",
            Dialect::Ucci => "nobestmove",
        });
    }

    /// Starts a job on the worker thread: `stop` and `quit` reach it through
    /// the flag it is given.
    fn spawn_job(
        &mut self,
        infinite: bool,
        pondering: Option<Arc<AtomicBool>>,
        job: impl FnOnce(&AtomicBool) + Send + 'static,
    ) {
        self.searches += 1;
        let id = self.searches;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let done = self.done_tx.clone();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(16 * 1024 * 1024)
            .spawn(move || {
                job(&flag);
                let _ = done.send(id);
            });
        match handle {
            Ok(handle) => {
                self.running = Some(Running {
                    id,
                    handle,
                    stop,
                    infinite,
                    pondering,
                })
            }
            Err(e) => {
                self.error(format!("cannot start the search: {e}"));
                self.say_no_move();
            }
        }
    }

    /// `go perft`: counts per root move, stoppable at any point.
    fn start_perft(&mut self, depth: u32) {
        let pos = self.pos;
        let out = Arc::clone(&self.out);
        self.spawn_job(false, None, move |stop| {
            let mut total = 0;
            for &m in pos.legal_moves().iter() {
                let mut p = pos;
                p.make(m);
                let Some(n) = p.perft_until(depth - 1, stop) else {
                    say(&out, "info string perft stopped");
                    return;
                };
                say(&out, &format!("{m}: {n}"));
                total += n;
            }
            say(&out, "");
            say(&out, &format!("Nodes searched: {total}"));
        });
    }

    /// Starts a search of the current position. A ponder search runs
    /// until `ponderhit` (its clock starts then) or `stop`; its answer, like
    /// an infinite search's, waits for one of them.
    fn start_search(&mut self, limits: Limits, banned: Vec<Move>, ponder: bool) {
        let engine = Arc::clone(&self.engine);
        let out = Arc::clone(&self.out);
        let pos = self.pos;
        let history = self.history.clone();
        let level = self.level;
        let lines = self.multipv;
        let dialect = self.dialect;
        let infinite = limits.infinite;
        let seed = self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pos.hash();
        let pondering = ponder.then(|| Arc::new(AtomicBool::new(true)));
        let hit = pondering.clone();
        self.spawn_job(infinite, pondering, move |flag| {
            let mut engine = lock(&engine);
            let mut on_info = |info: &SearchInfo| say(&out, &format_info(info, dialect));
            let mut request = SearchRequest::new(&pos, &history, flag)
                .limits(limits.clone())
                .excluding(&banned)
                .lines(lines);
            if let Some(p) = &hit {
                request = request.pondering(p);
            }
            let result = match level {
                // A level keeps within the go's limits too (never longer
                // than the clock or movetime allows).
                Some(l) if banned.is_empty() && lines == 1 => {
                    l.choose(&mut engine, &request, seed, &mut on_info)
                }
                _ => engine.search(&request, &mut on_info),
            };
            drop(engine);
            // UCI: after `go infinite` the answer waits for `stop`, after
            // `go ponder` for `ponderhit` or `stop`.
            let waits =
                || limits.infinite || hit.as_ref().is_some_and(|p| p.load(Ordering::Relaxed));
            while !flag.load(Ordering::Relaxed) && waits() {
                std::thread::sleep(Duration::from_millis(1));
            }
            say(&out, &bestmove_line(&pos, &result, dialect));
        });
    }
}

/// The answer to a `go`: `bestmove M`, with `ponder R` when the reply
/// expected is known (and legal), or no move.
fn bestmove_line(pos: &Position, result: &super::SearchResult, dialect: Dialect) -> String {
    if result.best.is_null() {
        return match dialect {
            Dialect::Uci => "bestmove (none)".to_string(),
            Dialect::Ucci => "nobestmove".to_string(),
        };
    }
    let mut after = *pos;
    after.make(result.best);
    match result.ponder {
        Some(r) if after.is_legal(r) => format!("bestmove {} ponder {r}", result.best),
        _ => format!("bestmove {}", result.best),
    }
}

/// A check option's value: `true`/`on` or `false`/`off` (any case).
fn check_value(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" => Some(true),
        "false" | "off" => Some(false),
        _ => None,
    }
}

/// `ponderhit`, or UCCI's `ponderhit draw` (the draw offer is not taken up).
fn is_ponderhit(line: &str) -> bool {
    line.split_whitespace().next() == Some("ponderhit")
}

/// One `info` line in the dialect's words.
pub fn format_info(info: &SearchInfo, dialect: Dialect) -> String {
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    let ms = info.time.as_millis();
    match dialect {
        Dialect::Uci => format!(
            "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
            info.depth,
            info.seldepth,
            info.multipv,
            info.score,
            info.nodes,
            info.nps,
            ms,
            pv.join(" ")
        ),
        Dialect::Ucci => {
            // UCCI has no mate notation: mates are scores near ±30000.
            let score = match info.score {
                Score::Cp(c) => c,
                s => s.as_cp(),
            };
            format!(
                "info depth {} multipv {} score {} nodes {} time {} pv {}",
                info.depth,
                info.multipv,
                score,
                info.nodes,
                ms,
                pv.join(" ")
            )
        }
    }
}

/// A word of four letters and digits with a digit among them (`zz99`,
/// `h2e0`): a mistyped move after `searchmoves`, since every `go`
/// parameter is a word of letters alone.
fn looks_like_a_move(w: &str) -> bool {
    w.len() == 4
        && w.bytes().all(|b| b.is_ascii_alphanumeric())
        && w.bytes().any(|b| b.is_ascii_digit())
}
