//! The two kinds of match player: the built-in engine, run in process, and
//! an external engine program driven through [`Client`].

pub use super::standin::StandIn;
use crate::client::process::{Client, ClientError, GoError, GoLimit, Protocol, Reply};
use crate::engine::level::Persona;
use crate::engine::{Clock, Engine, Evaluator, Level, Limits, SearchRequest};
use crate::rules::{Color, Move, Position};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What is wrong with a player's spec (`--a`, `--b`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Nothing given.
    #[error("an engine spec is empty")]
    Empty,
    /// A command line with unbalanced quotes.
    #[error("cannot split the command line '{0}'")]
    Split(String),
    /// `builtin` followed by something other than `:key=value,…`.
    #[error("'{0}': expected builtin or builtin:key=value,…")]
    Shape(String),
    /// A builtin parameter without `=`.
    #[error("'{spec}': '{part}' is not key=value")]
    NotKeyValue {
        /// The whole spec.
        spec: String,
        /// The part.
        part: String,
    },
    /// A builtin parameter's value out of its range.
    #[error("'{spec}': {why}")]
    Value {
        /// The whole spec.
        spec: String,
        /// What the value must be, and what it was.
        why: String,
    },
    /// A builtin parameter that does not exist.
    #[error(
        "'{spec}': unknown builtin parameter '{name}' (level, hash, scale, eval, seed, margins; with a level: depth, time, temperature, margin, careless, book)"
    )]
    Unknown {
        /// The whole spec.
        spec: String,
        /// The parameter.
        name: String,
    },
    /// `--a-option` / `--b-option` given for the builtin engine.
    #[error("engine options apply to external engines, not the builtin one")]
    OptionsOnBuiltin,
}

/// Why a player could not be started.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The hash table's memory.
    #[error(transparent)]
    Memory(#[from] crate::engine::tt::AllocError),
    /// A network file that cannot be read or is not a network.
    #[error("{what} {}: {why}", path.display())]
    Network {
        /// `reading the network` or `the network`.
        what: &'static str,
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        why: String,
    },
    /// The external engine: it did not start, or not as an engine.
    #[error(transparent)]
    Client(#[from] ClientError),
}

/// Who plays: parsed from `builtin[:key=value,…]` or an engine command line.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// The built-in engine.
    Builtin {
        /// A difficulty level, or full strength.
        level: Option<Level>,
        /// Hash table size in MB.
        hash_mb: usize,
        /// Scales a level's own time budget (for quick ladder matches).
        scale: f64,
        /// The evaluation it plays with.
        eval: EvalChoice,
        /// The level's way of playing with some of it changed
        /// (`level=1,careless=60,depth=2`: the ladder's tuning tries), and
        /// those changes as written, for the player's name.
        tweaked: Option<(Persona, String)>,
        /// Another series of the level's choices (`seed=N`; 0, the
        /// default, is the series the ladder was measured with): the same
        /// pair of levels plays other games from the same openings.
        seed: u64,
        /// The full engine's search thresholds read from a file
        /// (`margins=FILE`: a tuning run's result), and the file's name.
        margins: Option<Box<(crate::engine::Margins, String)>>,
    },
    /// A stand-in for a person (`builtin:beginner`, `builtin:random`), to
    /// measure the weakest levels against.
    StandIn(StandIn),
    /// An external program.
    External {
        /// Its command line.
        command: String,
        /// The protocol it speaks.
        protocol: Protocol,
        /// Options to set after the handshake.
        options: Vec<(String, String)>,
    },
}

/// The built-in engine's evaluation in a match: `eval=network` (the
/// shipped network, the default), `eval=classical`, or `eval=FILE`, a
/// network file.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum EvalChoice {
    /// What the engine plays with by default.
    #[default]
    Standard,
    /// The hand-written evaluation.
    Classical,
    /// A network read from this file.
    File(std::path::PathBuf),
}

impl EvalChoice {
    /// The evaluator, reading a network file if one is named.
    ///
    /// # Errors
    /// [`StartError::Network`]: the file cannot be read or is no network.
    pub fn evaluator(&self) -> Result<Evaluator, StartError> {
        match self {
            EvalChoice::Standard => Ok(Evaluator::standard()),
            EvalChoice::Classical => Ok(Evaluator::Classical),
            EvalChoice::File(path) => {
                let net = crate::engine::nnue::Network::read_file(path).map_err(|e| {
                    StartError::Network {
                        what: match e {
                            crate::engine::nnue::FileError::Io(_) => "reading the network",
                            _ => "the network",
                        },
                        path: path.clone(),
                        why: e.to_string(),
                    }
                })?;
                Ok(Evaluator::Network(std::sync::Arc::new(net)))
            }
        }
    }
}

impl PlayerSpec {
    /// Parses a side's spec: `builtin`, `builtin:level=5,hash=16,scale=0.1`,
    /// or a command line.
    ///
    /// # Errors
    /// [`SpecError`] names what is wrong.
    pub fn parse(
        spec: &str,
        protocol: Protocol,
        options: Vec<(String, String)>,
    ) -> Result<PlayerSpec, SpecError> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err(SpecError::Empty);
        }
        let Some(rest) = spec.strip_prefix("builtin") else {
            if shlex::split(spec).is_none_or(|w| w.is_empty()) {
                return Err(SpecError::Split(spec.to_string()));
            }
            return Ok(PlayerSpec::External {
                command: spec.to_string(),
                protocol,
                options,
            });
        };
        let stand_in = match rest {
            ":beginner" => Some(StandIn::Beginner),
            ":random" => Some(StandIn::Random),
            _ => None,
        };
        if let Some(kind) = stand_in {
            if !options.is_empty() {
                return Err(SpecError::OptionsOnBuiltin);
            }
            return Ok(PlayerSpec::StandIn(kind));
        }
        let params = match rest {
            "" => "",
            r if r.starts_with(':') => &r[1..],
            _ => return Err(SpecError::Shape(spec.to_string())),
        };
        let mut builtin = BuiltinParams::new(spec);
        for part in params.split(',').filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| SpecError::NotKeyValue {
                spec: spec.to_string(),
                part: part.to_string(),
            })?;
            builtin.set(k, v)?;
        }
        if !options.is_empty() {
            return Err(SpecError::OptionsOnBuiltin);
        }
        builtin.finish()
    }

    /// Starts the player (spawns and handshakes an external engine).
    ///
    /// # Errors
    /// [`StartError`]: no memory for the table, a bad network file, an
    /// engine that does not start.
    pub fn start(&self) -> Result<Player, StartError> {
        match self {
            PlayerSpec::Builtin {
                level,
                hash_mb,
                scale,
                eval,
                tweaked,
                seed,
                margins,
            } => Ok(Player::Builtin(Box::new(Builtin {
                engine: {
                    let mut e = Engine::try_new(*hash_mb)?;
                    e.set_evaluator(eval.evaluator()?);
                    if let Some(tuned) = margins {
                        e.set_margins(tuned.0);
                    }
                    e
                },
                persona: tweaked
                    .as_ref()
                    .map(|t| t.0)
                    .or_else(|| level.map(Level::persona)),
                scale: *scale,
                games: 0,
                seed: *seed,
            }))),
            PlayerSpec::StandIn(kind) => Ok(Player::StandIn(StandInPlayer {
                kind: *kind,
                games: 0,
            })),
            PlayerSpec::External {
                command,
                protocol,
                options,
            } => Ok(Player::External(Box::new(Client::spawn(
                command, *protocol, options,
            )?))),
        }
    }

    /// A short name before the player has started.
    pub fn label(&self) -> String {
        match self {
            PlayerSpec::Builtin {
                level,
                eval,
                tweaked,
                seed,
                margins,
                ..
            } => {
                let mut name = match level {
                    None => "xiangqi".to_string(),
                    Some(l) => format!("xiangqi L{}", l.number()),
                };
                if let Some((_, text)) = tweaked {
                    name.push_str(&format!(" {text}"));
                }
                if *seed != 0 {
                    name.push_str(&format!(" seed={seed}"));
                }
                if let Some(tuned) = margins {
                    name.push_str(&format!(" margins={}", tuned.1));
                }
                match eval {
                    EvalChoice::Standard => {}
                    EvalChoice::Classical => name.push_str(" classical"),
                    EvalChoice::File(p) => {
                        let file = p.file_name().map_or_else(
                            || p.display().to_string(),
                            |f| f.to_string_lossy().into_owned(),
                        );
                        name.push_str(&format!(" ({file})"));
                    }
                }
                name
            }
            PlayerSpec::StandIn(StandIn::Beginner) => "beginner stand-in".to_string(),
            PlayerSpec::StandIn(StandIn::Random) => "random mover".to_string(),
            PlayerSpec::External { command, .. } => {
                let first = shlex::split(command)
                    .and_then(|w| w.into_iter().next())
                    .unwrap_or_default();
                std::path::Path::new(&first)
                    .file_name()
                    .map_or(first.clone(), |f| f.to_string_lossy().into_owned())
            }
        }
    }
}

/// The built-in engine in this process.
pub struct Builtin {
    engine: Engine,
    /// How it plays; `None`: the full engine.
    persona: Option<Persona>,
    scale: f64,
    games: u64,
    seed: u64,
}

/// A stand-in for a person, in this process.
pub struct StandInPlayer {
    kind: StandIn,
    games: u64,
}

/// A started player.
pub enum Player {
    /// In process.
    Builtin(Box<Builtin>),
    /// A stand-in for a person, in process.
    StandIn(StandInPlayer),
    /// A child process.
    External(Box<Client>),
}

impl Player {
    /// Prepares for a new game.
    ///
    /// # Errors
    /// The external engine's [`ClientError`] (it died, or does not answer).
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        match self {
            Player::Builtin(b) => {
                b.engine.clear();
                b.games += 1;
                Ok(())
            }
            Player::StandIn(p) => {
                p.games += 1;
                Ok(())
            }
            Player::External(c) => c.new_game(),
        }
    }

    /// Whether the player can play another game (an external engine that
    /// crashed cannot).
    pub fn alive(&self) -> bool {
        match self {
            Player::Builtin(_) | Player::StandIn(_) => true,
            Player::External(c) => c.alive(),
        }
    }

    /// Asks for a move in the position after `moves` from `start`, within
    /// `limit`; an answer later than `deadline` is a hang. Setting `stop`
    /// cuts the built-in engine's search short.
    pub fn think(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: GoLimit,
        deadline: Duration,
        stop: &AtomicBool,
    ) -> Result<Reply, GoError> {
        match self {
            Player::External(c) => c.go(start, moves, limit, deadline),
            Player::Builtin(b) => Ok(b.think(start, moves, limit, stop)),
            Player::StandIn(p) => Ok(p.think(start, moves)),
        }
    }
}

impl StandInPlayer {
    fn think(&mut self, start: &Position, moves: &[Move]) -> Reply {
        let began = Instant::now();
        let mut pos = *start;
        for &m in moves {
            pos.make(m);
        }
        let seed = self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ moves.len() as u64;
        let mut rng = crate::engine::rng::Rng::new(seed ^ pos.hash());
        let best = super::standin::choose(self.kind, &pos, &mut rng);
        Reply {
            bestmove: best.map(|m| m.to_string()),
            score: None,
            depth: None,
            pv: best.iter().map(Move::to_string).collect(),
            elapsed: began.elapsed(),
        }
    }
}

impl Builtin {
    fn think(
        &mut self,
        start: &Position,
        moves: &[Move],
        limit: GoLimit,
        stop: &AtomicBool,
    ) -> Reply {
        let began = Instant::now();
        let mut pos = *start;
        let mut history = Vec::with_capacity(moves.len());
        for &m in moves {
            history.push(pos);
            pos.make(m);
        }
        let mut limits = Limits::default();
        match limit {
            GoLimit::MoveTime(t) => limits.movetime = Some(t),
            GoLimit::Depth(d) => limits.depth = Some(d),
            GoLimit::Nodes(n) => limits.nodes = Some(n),
            GoLimit::Infinite => limits.infinite = true,
            GoLimit::Clock {
                red,
                black,
                increment,
            } => {
                let remaining = if pos.side_to_move() == Color::Red {
                    red
                } else {
                    black
                };
                limits.clock = Some(Clock {
                    remaining,
                    increment,
                    moves_to_go: None,
                });
            }
        }
        let mut noop = |_: &crate::engine::SearchInfo| {};
        let seed = self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ moves.len() as u64
            ^ self.seed.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let request = SearchRequest::new(&pos, &history, stop).limits(limits);
        let result = match &self.persona {
            None => self.engine.search(&request, &mut noop),
            Some(persona) => {
                persona
                    .scaled(self.scale)
                    .choose(&mut self.engine, &request, seed, &mut noop)
            }
        };
        Reply {
            bestmove: (!result.best.is_null()).then(|| result.best.to_string()),
            score: Some(result.score),
            depth: Some(result.depth),
            pv: result.pv.iter().map(Move::to_string).collect(),
            elapsed: began.elapsed(),
        }
    }
}

/// The `key=value` parameters of a `builtin:…` player, as they are read.
struct BuiltinParams<'s> {
    spec: &'s str,
    level: Option<Level>,
    hash_mb: usize,
    scale: f64,
    eval: EvalChoice,
    tweaks: Vec<(&'s str, u64)>,
    seed: u64,
    margins: Option<Box<(crate::engine::Margins, String)>>,
}

impl<'s> BuiltinParams<'s> {
    fn new(spec: &'s str) -> Self {
        BuiltinParams {
            spec,
            level: None,
            hash_mb: crate::engine::DEFAULT_HASH_MB,
            scale: 1.0,
            eval: EvalChoice::Standard,
            tweaks: Vec::new(),
            seed: 0,
            margins: None,
        }
    }

    fn value(&self, why: String) -> SpecError {
        SpecError::Value {
            spec: self.spec.to_string(),
            why,
        }
    }

    /// Reads one parameter.
    fn set(&mut self, k: &'s str, v: &str) -> Result<(), SpecError> {
        match k {
            "level" => {
                let n: u8 = v
                    .parse()
                    .map_err(|_| self.value(format!("level '{v}' is not a number")))?;
                self.level = match n {
                    0 => None,
                    n => Some(Level::new(n).ok_or_else(|| {
                        self.value(format!(
                            "level must be 0 (full strength) or 1..{}, not {n}",
                            Level::MAX.number()
                        ))
                    })?),
                };
            }
            "hash" => {
                self.hash_mb = v
                    .parse()
                    .ok()
                    .filter(|h| (1..=4096).contains(h))
                    .ok_or_else(|| self.value(format!("hash must be 1..4096 MB, not '{v}'")))?;
            }
            "scale" => {
                self.scale = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| *s > 0.0 && *s <= 100.0)
                    .ok_or_else(|| self.value(format!("scale must be in (0, 100], not '{v}'")))?;
            }
            "seed" => {
                self.seed = v
                    .parse()
                    .map_err(|_| self.value(format!("seed '{v}' is not a number")))?;
            }
            "eval" => {
                self.eval = match v {
                    "network" => EvalChoice::Standard,
                    "classical" => EvalChoice::Classical,
                    "" => {
                        return Err(
                            self.value("eval needs network, classical or a network file".into())
                        );
                    }
                    path => EvalChoice::File(path.into()),
                };
            }
            "margins" => {
                let text = std::fs::read_to_string(v)
                    .map_err(|e| self.value(format!("margins file '{v}': {e}")))?;
                let m = crate::engine::Margins::default()
                    .read(&text)
                    .map_err(|e| self.value(format!("margins file '{v}', {e}")))?;
                let name = std::path::Path::new(v)
                    .file_name()
                    .map_or_else(|| v.to_string(), |f| f.to_string_lossy().into_owned());
                self.margins = Some(Box::new((m, name)));
            }
            "depth" | "time" | "temperature" | "margin" | "careless" | "book" => {
                let n: u64 =
                    v.parse().ok().filter(|n| *n <= 1_000_000).ok_or_else(|| {
                        self.value(format!("{k} '{v}' is not a number 0..1000000"))
                    })?;
                self.tweaks.push((k, n));
            }
            other => {
                return Err(SpecError::Unknown {
                    spec: self.spec.to_string(),
                    name: other.to_string(),
                });
            }
        }
        Ok(())
    }

    /// The player the parameters describe; tweaks need a level to change.
    fn finish(self) -> Result<PlayerSpec, SpecError> {
        if self.level.is_some() && self.margins.is_some() {
            return Err(self.value(
                "margins= changes the full engine's search; the levels keep theirs".into(),
            ));
        }
        let tweaked = match (self.level, self.tweaks.is_empty()) {
            (_, true) => None,
            (None, false) => {
                return Err(self.value(format!(
                    "{}= changes a level's play: give level=1..{} too",
                    self.tweaks[0].0,
                    Level::MAX.number()
                )));
            }
            (Some(level), false) => Some(tweak(level, &self.tweaks)),
        };
        Ok(PlayerSpec::Builtin {
            level: self.level,
            hash_mb: self.hash_mb,
            scale: self.scale,
            eval: self.eval,
            tweaked,
            seed: self.seed,
            margins: self.margins,
        })
    }
}

/// The level's persona with the tweaks applied, and the tweaks as text.
fn tweak(level: Level, tweaks: &[(&str, u64)]) -> (Persona, String) {
    let mut p = level.persona();
    for &(k, n) in tweaks {
        let small = n.min(u64::from(u32::MAX)) as u32;
        match k {
            "depth" => p.depth = small.clamp(1, 64),
            "time" => p.millis = n,
            "temperature" => p.temperature = small as i32,
            "margin" => p.margin = small as i32,
            "careless" => p.careless = small.min(100),
            _ => p.book_plies = small,
        }
    }
    let text = tweaks
        .iter()
        .map(|(k, n)| format!("{k}={n}"))
        .collect::<Vec<_>>()
        .join(",");
    (p, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_bad_ones_say_why() {
        assert_eq!(
            PlayerSpec::parse("builtin", Protocol::Uci, vec![]).unwrap(),
            PlayerSpec::Builtin {
                level: None,
                hash_mb: crate::engine::DEFAULT_HASH_MB,
                scale: 1.0,
                eval: EvalChoice::Standard,
                tweaked: None,
                seed: 0,
                margins: None,
            }
        );
        assert_eq!(
            PlayerSpec::parse(
                "builtin:level=3,hash=8,scale=0.5,seed=0",
                Protocol::Uci,
                vec![]
            )
            .unwrap(),
            PlayerSpec::Builtin {
                level: Level::new(3),
                hash_mb: 8,
                scale: 0.5,
                eval: EvalChoice::Standard,
                tweaked: None,
                seed: 0,
                margins: None,
            }
        );
        let past = format!("builtin:level={}", Level::MAX.number() + 1);
        let e = PlayerSpec::parse(&past, Protocol::Uci, vec![])
            .unwrap_err()
            .to_string();
        assert!(e.contains("level must be"), "{e}");
        let e = PlayerSpec::parse("builtin:nodes=3", Protocol::Uci, vec![])
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown builtin parameter 'nodes'"), "{e}");
        // A level's play changed, for the ladder's tuning.
        let e = PlayerSpec::parse("builtin:depth=3", Protocol::Uci, vec![])
            .unwrap_err()
            .to_string();
        assert!(e.contains("give level="), "{e}");
        let tweaked =
            PlayerSpec::parse("builtin:level=1,careless=60,depth=2", Protocol::Uci, vec![])
                .unwrap();
        let PlayerSpec::Builtin {
            tweaked: Some((p, text)),
            ..
        } = &tweaked
        else {
            panic!("{tweaked:?}");
        };
        assert_eq!(
            (p.careless, p.depth, text.as_str()),
            (60, 2, "careless=60,depth=2")
        );
        assert_eq!(p.temperature, Level::MIN.persona().temperature);
        assert_eq!(tweaked.label(), "xiangqi L1 careless=60,depth=2");
        // A tuning run's thresholds, for the full engine only.
        let dir = std::env::temp_dir().join(format!("xq-margins-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("tuned.txt");
        std::fs::write(&file, "rfp_per_depth = 91\n").unwrap();
        let spec = format!("builtin:margins={}", file.display());
        let tuned = PlayerSpec::parse(&spec, Protocol::Uci, vec![]).unwrap();
        let PlayerSpec::Builtin {
            margins: Some(read),
            ..
        } = &tuned
        else {
            panic!("{tuned:?}");
        };
        assert_eq!((read.0.rfp_per_depth, read.1.as_str()), (91, "tuned.txt"));
        assert_eq!(tuned.label(), "xiangqi margins=tuned.txt");
        let with_level = format!("builtin:level=3,margins={}", file.display());
        let e = PlayerSpec::parse(&with_level, Protocol::Uci, vec![])
            .unwrap_err()
            .to_string();
        assert!(e.contains("the levels keep theirs"), "{e}");
        std::fs::write(&file, "rfp_per_depth = 9999\n").unwrap();
        let e = PlayerSpec::parse(&spec, Protocol::Uci, vec![])
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 1: rfp_per_depth must be"), "{e}");
        let missing = format!("builtin:margins={}", dir.join("none.txt").display());
        let e = PlayerSpec::parse(&missing, Protocol::Uci, vec![])
            .unwrap_err()
            .to_string();
        assert!(e.contains("none.txt"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
        // The stand-ins for people.
        for (spec, kind, label) in [
            ("builtin:beginner", StandIn::Beginner, "beginner stand-in"),
            ("builtin:random", StandIn::Random, "random mover"),
        ] {
            let p = PlayerSpec::parse(spec, Protocol::Uci, vec![]).unwrap();
            assert_eq!(p, PlayerSpec::StandIn(kind));
            assert_eq!(p.label(), label);
        }
        assert!(PlayerSpec::parse("  ", Protocol::Uci, vec![]).is_err());
        assert!(PlayerSpec::parse("eng \"unclosed", Protocol::Uci, vec![]).is_err());
        let ext = PlayerSpec::parse("/opt/eleeye -x", Protocol::Ucci, vec![]).unwrap();
        assert_eq!(ext.label(), "eleeye");
    }

    /// `seed=N` gives the level another series of choices: the same
    /// games again with the same seed, other games with another.
    #[test]
    fn a_seed_gives_a_level_other_games() {
        let moves_of = |spec: &str| -> Vec<String> {
            let spec = PlayerSpec::parse(spec, Protocol::Uci, vec![]).unwrap();
            let mut player = spec.start().unwrap();
            player.new_game().unwrap();
            let start = Position::startpos();
            let stop = AtomicBool::new(false);
            let mut moves: Vec<Move> = Vec::new();
            for _ in 0..12 {
                let reply = player
                    .think(
                        &start,
                        &moves,
                        GoLimit::Depth(3),
                        Duration::from_secs(60),
                        &stop,
                    )
                    .unwrap();
                let m = reply.bestmove.unwrap();
                moves.push(Move::from_iccs(&m).unwrap());
            }
            moves.iter().map(Move::to_string).collect()
        };
        let first = moves_of("builtin:level=1,hash=1");
        assert_eq!(first, moves_of("builtin:level=1,hash=1,seed=0"));
        assert_ne!(first, moves_of("builtin:level=1,hash=1,seed=5"));
        let e = PlayerSpec::parse("builtin:level=1,seed=x", Protocol::Uci, vec![])
            .unwrap_err()
            .to_string();
        assert!(e.contains("seed 'x' is not a number"), "{e}");
        let seeded = PlayerSpec::parse("builtin:level=2,seed=3", Protocol::Uci, vec![]).unwrap();
        assert_eq!(seeded.label(), "xiangqi L2 seed=3");
    }
}
