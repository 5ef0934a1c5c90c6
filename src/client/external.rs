//! The player's own engine (Pikafish, Fairy-Stockfish, ElephantEye, or
//! `xiangqi uci`) as the game uses it: opponent, analyser, hint and
//! reviewer. An [`ExternalEngine`] is long-lived: it starts its process on
//! first use (or when asked), keeps it between searches so the engine's
//! hash table and network stay loaded, and starts it again on the next
//! search after it crashed or hung.
//!
//! Everything the engine says is checked before the game sees it: the move
//! must be legal in the position searched, and a line's moves are cut at
//! the first one that is not. What goes wrong comes back as an
//! [`EngineFailure`] that names the engine and says, in words a player
//! understands, what happened (with the last words the engine wrote to
//! its standard error where they help).
//!
//! Plain Rust, no Bevy: the game runs [`ExternalEngine::think`] on a
//! worker thread and raises the stop flag to end it.

use super::process::{
    Client, ClientError, GoError, GoLimit, HANDSHAKE_TIMEOUT, InfoLine, Protocol,
};
use crate::engine::Score;
use crate::rules::{Color, Move, Position};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How to start one of the player's engines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// The name the player knows it by (every failure says it).
    pub name: String,
    /// The command line: the program and its arguments.
    pub command: String,
    /// The protocol it speaks; `None`: ask (UCI first, then UCCI).
    pub protocol: Option<Protocol>,
    /// Option values sent after every start (names as the engine spells them).
    pub options: Vec<(String, String)>,
    /// How long it may take to answer the handshake (and each `isready`
    /// while starting).
    pub handshake_timeout: Duration,
}

impl EngineConfig {
    /// An engine named `name` started by `command`, its protocol found by
    /// asking, no options, the usual handshake time ([`HANDSHAKE_TIMEOUT`]).
    pub fn new(name: impl Into<String>, command: impl Into<String>) -> EngineConfig {
        EngineConfig {
            name: name.into(),
            command: command.into(),
            protocol: None,
            options: Vec::new(),
            handshake_timeout: HANDSHAKE_TIMEOUT,
        }
    }
}

/// One search asked of an engine.
#[derive(Clone, Copy, Debug)]
pub struct ThinkRequest<'a> {
    /// The position the game started from.
    pub start: Position,
    /// The moves played since (sent, so the engine sees repetitions).
    pub moves: &'a [Move],
    /// How long or deep to search.
    pub limit: GoLimit,
    /// Moves not to play (ignored when they are every legal move).
    pub exclude: &'a [Move],
    /// Lines to search and report (MultiPV), 1 for the best move alone.
    pub multipv: u32,
}

/// One line of a search in progress, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineLine {
    /// Which line, from 1 (the best).
    pub multipv: u32,
    /// The depth reached (the last one said, if this line did not say).
    pub depth: u32,
    /// Its score, from the side to move's view.
    pub score: Option<Score>,
    /// Its moves: the longest legal start of what the engine sent.
    pub pv: Vec<Move>,
}

/// A finished search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move chosen, legal in the position searched.
    pub best: Move,
    /// Its score, from the side to move's view, if the engine said.
    pub score: Option<Score>,
    /// The depth reached (0 if the engine did not say).
    pub depth: u32,
    /// The latest line of each MultiPV index, by index.
    pub lines: Vec<EngineLine>,
    /// Time from `go` to the answer.
    pub elapsed: Duration,
}

/// What went wrong with an engine, in words for the player.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EngineFailure {
    /// The program cannot be started (missing, not executable, a bad
    /// command line).
    #[error("{engine} cannot be started: {why}")]
    CannotStart {
        /// The engine's name.
        engine: String,
        /// Why, for instance "/opt/pikafish: no such file".
        why: String,
    },
    /// It started but did not answer the handshake in time.
    #[error("{engine} did not answer within {secs:.0} s of being started; is it a UCI or UCCI engine?{}", said(.stderr))]
    NoHandshake {
        /// The engine's name.
        engine: String,
        /// How long it was given.
        secs: f64,
        /// The last lines it wrote to its standard error.
        stderr: Vec<String>,
    },
    /// It ended while starting (a missing network file, a wrong argument).
    #[error("{engine} stopped while starting{detail}")]
    DiedAtStart {
        /// The engine's name.
        engine: String,
        /// Its exit status and last words, as " (exit status: 1); it said: …".
        detail: String,
    },
    /// It refused one of the options set for it.
    #[error("{engine} refused the option {option} = {value}: {complaint}")]
    OptionRefused {
        /// The engine's name.
        engine: String,
        /// The option's name.
        option: String,
        /// The value it was given.
        value: String,
        /// What the engine said.
        complaint: String,
    },
    /// It ended during the game.
    #[error("{engine} stopped during the game{detail}")]
    Crashed {
        /// The engine's name.
        engine: String,
        /// Its exit status and last words, as " (exit status: 1); it said: …".
        detail: String,
    },
    /// It gave no move in time (and was ended; the next search starts it again).
    #[error("{engine} gave no move within {secs:.1} s and was stopped{}", said(.stderr))]
    Hang {
        /// The engine's name.
        engine: String,
        /// How long it was given.
        secs: f64,
        /// The last lines it wrote to its standard error.
        stderr: Vec<String>,
    },
    /// Its move is not legal in the position it was given.
    #[error("{engine} played {word}, which is not a legal move here")]
    IllegalMove {
        /// The engine's name.
        engine: String,
        /// The move as it wrote it.
        word: String,
    },
    /// Its answer is not a move at all.
    #[error("{engine} answered '{word}', which is not a move")]
    UnparsableMove {
        /// The engine's name.
        engine: String,
        /// What it wrote after `bestmove`.
        word: String,
    },
    /// It answered without a move although there are legal moves.
    #[error("{engine} gave up without a move although there are moves to play{}", said(.stderr))]
    NoMove {
        /// The engine's name.
        engine: String,
        /// The last lines it wrote to its standard error.
        stderr: Vec<String>,
    },
    /// It was asked to move in a position without a legal move (the game is over).
    #[error("{engine} was asked to move but the game is over: there is no legal move")]
    NoLegalMoves {
        /// The engine's name.
        engine: String,
    },
    /// The moves it was to be given cannot be played (the game's mistake,
    /// not the engine's).
    #[error("{engine} cannot be asked: {why}")]
    BadRequest {
        /// The engine's name.
        engine: String,
        /// Which move is wrong and why.
        why: String,
    },
}

impl EngineFailure {
    /// The engine's name, as its configuration gives it.
    pub fn engine(&self) -> &str {
        match self {
            EngineFailure::CannotStart { engine, .. }
            | EngineFailure::NoHandshake { engine, .. }
            | EngineFailure::DiedAtStart { engine, .. }
            | EngineFailure::OptionRefused { engine, .. }
            | EngineFailure::Crashed { engine, .. }
            | EngineFailure::Hang { engine, .. }
            | EngineFailure::IllegalMove { engine, .. }
            | EngineFailure::UnparsableMove { engine, .. }
            | EngineFailure::NoMove { engine, .. }
            | EngineFailure::NoLegalMoves { engine }
            | EngineFailure::BadRequest { engine, .. } => engine,
        }
    }

    /// Whether the engine could not be started as configured: trying again
    /// will fail the same way until the player changes its settings.
    pub fn is_fatal_at_start(&self) -> bool {
        matches!(
            self,
            EngineFailure::CannotStart { .. }
                | EngineFailure::NoHandshake { .. }
                | EngineFailure::DiedAtStart { .. }
                | EngineFailure::OptionRefused { .. }
        )
    }
}

/// "; it said: a / b" for an engine's last words, or nothing.
fn said(tail: &[String]) -> String {
    if tail.is_empty() {
        String::new()
    } else {
        format!("; it said: {}", tail.join(" / "))
    }
}

/// Time beyond a move's own for the engine's answer to arrive.
pub const SLACK: Duration = Duration::from_secs(2);

/// How long a search to a depth or a number of nodes may take.
pub const DEPTH_DEADLINE: Duration = Duration::from_secs(60);

/// One of the player's engines, started when first needed.
#[derive(Debug)]
pub struct ExternalEngine {
    config: EngineConfig,
    client: Option<Client>,
    /// The MultiPV the running engine was last given.
    multipv: u32,
    /// The protocol it answered the first time it was asked (a restart
    /// does not ask again).
    detected: Option<Protocol>,
    /// The last words of the last process, kept after it ended.
    last_stderr: Vec<String>,
}

impl ExternalEngine {
    /// An engine to start from `config` (nothing runs yet).
    pub fn new(config: EngineConfig) -> ExternalEngine {
        ExternalEngine {
            config,
            client: None,
            multipv: 1,
            detected: None,
            last_stderr: Vec::new(),
        }
    }

    /// The configuration's name.
    pub fn name(&self) -> &str {
        &self.config.name
    }

    /// Its configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Whether its process runs.
    pub fn started(&self) -> bool {
        self.client.as_ref().is_some_and(Client::alive)
    }

    /// The running process's id (tests, diagnostics).
    pub fn pid(&self) -> Option<u32> {
        self.client.as_ref().map(Client::pid)
    }

    /// The protocol the running engine speaks.
    pub fn protocol(&self) -> Option<Protocol> {
        self.client.as_ref().map(Client::protocol)
    }

    /// Starts the engine: its program checked, started, the handshake
    /// (the protocol found by asking if the configuration does not say)
    /// and its options set. Nothing happens if it already runs.
    ///
    /// # Errors
    /// [`EngineFailure::CannotStart`], [`EngineFailure::NoHandshake`],
    /// [`EngineFailure::DiedAtStart`] or [`EngineFailure::OptionRefused`].
    pub fn start(&mut self) -> Result<(), EngineFailure> {
        if self.started() {
            return Ok(());
        }
        self.end();
        let engine = self.config.name.clone();
        if let Err(why) = check_program(&self.config.command) {
            return Err(EngineFailure::CannotStart {
                engine,
                why: why.to_string(),
            });
        }
        let timeout = self.config.handshake_timeout;
        let spawned = match self.config.protocol.or(self.detected) {
            Some(p) => Client::spawn_within(&self.config.command, p, &[], timeout),
            None => Client::detect(&self.config.command, timeout),
        };
        let mut client = spawned.map_err(|e| self.start_failure(e, Vec::new()))?;
        self.detected = Some(client.protocol());
        for (name, value) in &self.config.options {
            if let Err(e) = client.set_option(name, value) {
                let tail = client.stderr_tail();
                self.last_stderr = tail.clone();
                return Err(match e {
                    ClientError::Option(c) => EngineFailure::OptionRefused {
                        engine,
                        option: name.clone(),
                        value: value.clone(),
                        complaint: c
                            .strip_prefix(&format!("{name}={value}: "))
                            .unwrap_or(&c)
                            .to_string(),
                    },
                    e => self.start_failure(e, tail),
                });
            }
        }
        self.client = Some(client);
        self.multipv = 1;
        Ok(())
    }

    /// A failure while starting, from the client's error.
    fn start_failure(&self, e: ClientError, stderr: Vec<String>) -> EngineFailure {
        let engine = self.config.name.clone();
        match e {
            ClientError::BadCommand(c) => EngineFailure::CannotStart {
                engine,
                why: format!("the command line '{c}' cannot be read"),
            },
            ClientError::Spawn { program, why } => EngineFailure::CannotStart {
                engine,
                why: format!("{program}: {why}"),
            },
            ClientError::Timeout { secs, .. } => EngineFailure::NoHandshake {
                engine,
                secs,
                stderr,
            },
            ClientError::Exited(detail) => EngineFailure::DiedAtStart { engine, detail },
            ClientError::Write(why) => EngineFailure::DiedAtStart {
                engine,
                detail: format!(" (it cannot be written to: {why}){}", said(&stderr)),
            },
            // The one option a start sets itself: UCCI's milliseconds.
            ClientError::Option(c) => EngineFailure::OptionRefused {
                engine,
                option: "usemillisec".into(),
                value: "true".into(),
                complaint: c,
            },
        }
    }

    /// A failure of a running engine (it is ended: the next search starts
    /// it again).
    fn running_failure(&mut self, e: ClientError) -> EngineFailure {
        let engine = self.config.name.clone();
        let stderr = self.stderr_tail();
        self.kill();
        match e {
            ClientError::Exited(detail) => EngineFailure::Crashed { engine, detail },
            ClientError::Timeout { secs, .. } => EngineFailure::Hang {
                engine,
                secs,
                stderr,
            },
            e => EngineFailure::Crashed {
                engine,
                detail: format!(" ({e}){}", said(&stderr)),
            },
        }
    }

    /// Tells the engine a new game starts (starting it if needed).
    ///
    /// # Errors
    /// A start failure, or the engine's not answering.
    pub fn new_game(&mut self) -> Result<(), EngineFailure> {
        self.start()?;
        let client = self.client.as_mut().expect("started");
        match client.new_game() {
            Ok(()) => Ok(()),
            Err(e) => Err(self.running_failure(e)),
        }
    }

    /// Searches `req`'s position (starting the engine if needed, so one
    /// that crashed or hung starts again), passing each checked line to
    /// `on_info` as it comes, until the limit or `stop`.
    ///
    /// # Errors
    /// A start failure; [`EngineFailure::Crashed`] or [`EngineFailure::Hang`]
    /// (the process is ended); [`EngineFailure::IllegalMove`],
    /// [`EngineFailure::UnparsableMove`] or [`EngineFailure::NoMove`] for a
    /// bad answer; [`EngineFailure::NoLegalMoves`] when the position has no
    /// move to play (the engine is not asked); [`EngineFailure::BadRequest`]
    /// when `req.moves` cannot be played.
    pub fn think(
        &mut self,
        req: &ThinkRequest<'_>,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&EngineLine),
    ) -> Result<Thought, EngineFailure> {
        let engine = self.config.name.clone();
        let mut here = req.start;
        for (i, &m) in req.moves.iter().enumerate() {
            if let Err(e) = here.play(m) {
                return Err(EngineFailure::BadRequest {
                    engine,
                    why: format!("move {} ({m}) cannot be played: {e}", i + 1),
                });
            }
        }
        if here.legal_moves().is_empty() {
            return Err(EngineFailure::NoLegalMoves { engine });
        }
        self.start()?;
        let lines_wanted = req.multipv.max(1);
        if lines_wanted != self.multipv {
            let client = self.client.as_mut().expect("started");
            match client.set_multipv(lines_wanted) {
                Ok(()) => self.multipv = lines_wanted,
                Err(ClientError::Option(c)) => {
                    return Err(EngineFailure::OptionRefused {
                        engine,
                        option: "MultiPV".into(),
                        value: lines_wanted.to_string(),
                        complaint: c,
                    });
                }
                Err(e) => return Err(self.running_failure(e)),
            }
        }
        let deadline = match req.limit {
            GoLimit::MoveTime(t) => t + SLACK,
            GoLimit::Clock { red, black, .. } => {
                (if here.side_to_move() == Color::Red {
                    red
                } else {
                    black
                }) + SLACK
            }
            GoLimit::Depth(_) | GoLimit::Nodes(_) => DEPTH_DEADLINE,
            GoLimit::Infinite => Duration::MAX,
        };
        let mut latest: BTreeMap<u32, EngineLine> = BTreeMap::new();
        let mut last_depth = 0;
        let mut forward = |info: &InfoLine| {
            if let Some(d) = info.depth {
                last_depth = d;
            }
            let pv = legal_prefix(&here, &info.pv);
            if info.score.is_none() && pv.is_empty() {
                return;
            }
            let line = EngineLine {
                multipv: info.multipv,
                depth: info.depth.unwrap_or(last_depth),
                score: info.score,
                pv,
            };
            on_info(&line);
            latest.insert(line.multipv, line);
        };
        let client = self.client.as_mut().expect("started");
        let reply = client.go_with(
            &req.start,
            req.moves,
            req.limit,
            deadline,
            req.exclude,
            stop,
            &mut forward,
        );
        let reply = match reply {
            Ok(r) => r,
            Err(GoError::Hang(secs)) => {
                let stderr = self.stderr_tail();
                // A hung engine is ended, not left running: the next search
                // starts it again.
                self.kill();
                return Err(EngineFailure::Hang {
                    engine,
                    secs,
                    stderr,
                });
            }
            Err(GoError::Failed(e)) => return Err(self.running_failure(e)),
        };
        let word = reply.bestmove.clone().unwrap_or_default();
        if matches!(word.as_str(), "" | "(none)" | "none" | "0000" | "null") {
            return Err(EngineFailure::NoMove {
                engine,
                stderr: self.stderr_tail(),
            });
        }
        let Some(best) = Move::from_iccs(&word) else {
            return Err(EngineFailure::UnparsableMove { engine, word });
        };
        if !here.is_legal(best) {
            return Err(EngineFailure::IllegalMove { engine, word });
        }
        Ok(Thought {
            best,
            score: reply.score,
            depth: reply.depth.unwrap_or(0),
            lines: latest.into_values().collect(),
            elapsed: reply.elapsed,
        })
    }

    /// Ends the process (asked to `quit`, then killed with what it
    /// started); the next search starts it again. Dropping the engine does
    /// the same.
    pub fn stop_process(&mut self) {
        self.end();
    }

    /// The last lines the engine wrote to its standard error (those of the
    /// last process, after it ended).
    pub fn stderr_tail(&self) -> Vec<String> {
        match &self.client {
            Some(c) => c.stderr_tail(),
            None => self.last_stderr.clone(),
        }
    }

    /// Ends the process politely, keeping its last words.
    fn end(&mut self) {
        if let Some(c) = self.client.take() {
            self.last_stderr = c.stderr_tail();
            drop(c);
        }
        self.multipv = 1;
    }

    /// Kills the process and its group at once (a hung or broken engine).
    fn kill(&mut self) {
        if let Some(mut c) = self.client.take() {
            self.last_stderr = c.stderr_tail();
            c.kill();
        }
        self.multipv = 1;
    }
}

/// The longest start of `words` that is legal from `pos`.
fn legal_prefix(pos: &Position, words: &[String]) -> Vec<Move> {
    let mut p = *pos;
    let mut pv = Vec::new();
    for w in words {
        match Move::from_iccs(w) {
            Some(m) if p.play(m).is_ok() => pv.push(m),
            _ => break,
        }
    }
    pv
}

/// Why an engine's command cannot be started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgramError {
    /// Nothing typed.
    #[error("no command is set")]
    NoCommand,
    /// Quotes that do not close.
    #[error("the command line '{0}' cannot be read")]
    Unreadable(String),
    /// A path to nothing.
    #[error("{0}: no such file")]
    NoSuchFile(String),
    /// A path that cannot be looked at.
    #[error("{0}: permission denied")]
    PermissionDenied(String),
    /// Another error looking at the path.
    #[error("{program}: {error}")]
    Io {
        /// The program.
        program: String,
        /// The system's words.
        error: String,
    },
    /// A folder.
    #[error("{0}: a folder, not a program")]
    Folder(String),
    /// A file without the right to run.
    #[error("{0}: not executable")]
    NotExecutable(String),
    /// A bare name not found on the `PATH`.
    #[error("{0}: no such program (give its full path)")]
    NotOnPath(String),
}

/// Checks the command's program before starting it, for a plain reason:
/// a path must name an executable file; a bare name must be found on the
/// `PATH`.
///
/// # Errors
/// [`ProgramError`] saying what is wrong with it.
pub fn check_program(command: &str) -> Result<(), ProgramError> {
    let words = shlex::split(command).filter(|w| w.first().is_some_and(|p| !p.is_empty()));
    let Some(program) = words.and_then(|w| w.into_iter().next()) else {
        return Err(if command.trim().is_empty() {
            ProgramError::NoCommand
        } else {
            ProgramError::Unreadable(command.to_string())
        });
    };
    if program.contains('/') || program.contains(std::path::MAIN_SEPARATOR) {
        let path = std::path::Path::new(&program);
        let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => ProgramError::NoSuchFile(program.clone()),
            std::io::ErrorKind::PermissionDenied => ProgramError::PermissionDenied(program.clone()),
            _ => ProgramError::Io {
                program: program.clone(),
                error: e.to_string(),
            },
        })?;
        if meta.is_dir() {
            return Err(ProgramError::Folder(program));
        }
        if !executable(&meta) {
            return Err(ProgramError::NotExecutable(program));
        }
        return Ok(());
    }
    let found = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| {
            let candidates = [dir.join(&program), dir.join(format!("{program}.exe"))];
            candidates
                .iter()
                .any(|c| std::fs::metadata(c).is_ok_and(|m| m.is_file() && executable(&m)))
        })
    });
    if found {
        Ok(())
    } else {
        Err(ProgramError::NotOnPath(program))
    }
}

#[cfg(unix)]
fn executable(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn executable(_: &std::fs::Metadata) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_is_sent_between_threads() {
        fn send<T: Send>() {}
        send::<ExternalEngine>();
        send::<EngineFailure>();
    }

    #[test]
    fn lines_are_cut_at_the_first_illegal_move() {
        let start = Position::startpos();
        let words: Vec<String> = ["h2e2", "h9g7", "e2e6", "a0a9", "h0g2"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let pv: Vec<String> = legal_prefix(&start, &words)
            .iter()
            .map(Move::to_string)
            .collect();
        // e2e6 takes the soldier on e6; a0a9 cannot be played.
        assert_eq!(pv, ["h2e2", "h9g7", "e2e6"]);
        assert!(legal_prefix(&start, &["junk".to_string()]).is_empty());
    }

    #[test]
    fn programs_are_checked_before_they_are_started() {
        let why = |command: &str| check_program(command).unwrap_err().to_string();
        assert!(why("").contains("no command"));
        assert!(why("'unclosed").contains("cannot be read"));
        assert_eq!(
            why("/no/such/engine --flag"),
            "/no/such/engine: no such file"
        );
        assert!(why("no-such-engine-anywhere").contains("no such program"));
        #[cfg(unix)]
        {
            assert_eq!(check_program("sh -c true"), Ok(()));
            assert_eq!(why("/"), "/: a folder, not a program");
        }
    }

    #[test]
    fn failures_name_the_engine_and_say_what_happened() {
        let f = EngineFailure::Crashed {
            engine: "Pikafish".into(),
            detail: " (exit status: 3); it said: boom".into(),
        };
        assert_eq!(
            f.to_string(),
            "Pikafish stopped during the game (exit status: 3); it said: boom"
        );
        assert_eq!(f.engine(), "Pikafish");
        assert!(!f.is_fatal_at_start());
        let f = EngineFailure::Hang {
            engine: "E".into(),
            secs: 2.2,
            stderr: vec!["a".into(), "b".into()],
        };
        assert_eq!(
            f.to_string(),
            "E gave no move within 2.2 s and was stopped; it said: a / b"
        );
    }
}
