//! The two kinds of match player: the built-in engine, run in process, and
//! an external engine program driven through [`Client`].

use super::client::{Client, GoError, GoLimit, Protocol, Reply};
use crate::engine::{Clock, Engine, Evaluator, Level, Limits, level};
use crate::rules::{Color, Move, Position};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

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
    },
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
    pub fn evaluator(&self) -> Result<Evaluator, String> {
        match self {
            EvalChoice::Standard => Ok(Evaluator::standard()),
            EvalChoice::Classical => Ok(Evaluator::Classical),
            EvalChoice::File(path) => {
                let bytes = std::fs::read(path)
                    .map_err(|e| format!("reading the network {}: {e}", path.display()))?;
                let net = crate::engine::nnue::Network::from_bytes(&bytes)
                    .map_err(|e| format!("the network {}: {e}", path.display()))?;
                Ok(Evaluator::Network(std::sync::Arc::new(net)))
            }
        }
    }
}

impl PlayerSpec {
    /// Parses a side's spec: `builtin`, `builtin:level=5,hash=16,scale=0.1`,
    /// or a command line.
    pub fn parse(
        spec: &str,
        protocol: Protocol,
        options: Vec<(String, String)>,
    ) -> Result<PlayerSpec, String> {
        let spec = spec.trim();
        if spec.is_empty() {
            return Err("an engine spec is empty".into());
        }
        let Some(rest) = spec.strip_prefix("builtin") else {
            if shlex::split(spec).is_none_or(|w| w.is_empty()) {
                return Err(format!("cannot split the command line '{spec}'"));
            }
            return Ok(PlayerSpec::External {
                command: spec.to_string(),
                protocol,
                options,
            });
        };
        let mut level_ = None;
        let mut hash_mb = crate::engine::DEFAULT_HASH_MB;
        let mut scale = 1.0;
        let mut eval = EvalChoice::Standard;
        let params = match rest {
            "" => "",
            r if r.starts_with(':') => &r[1..],
            _ => return Err(format!("'{spec}': expected builtin or builtin:key=value,…")),
        };
        for part in params.split(',').filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("'{spec}': '{part}' is not key=value"))?;
            match k {
                "level" => {
                    let n: u8 = v
                        .parse()
                        .map_err(|_| format!("'{spec}': level '{v}' is not a number"))?;
                    level_ = match n {
                        0 => None,
                        n => Some(Level::new(n).ok_or_else(|| {
                            format!("'{spec}': level must be 0 (full strength) or 1..8, not {n}")
                        })?),
                    };
                }
                "hash" => {
                    hash_mb = v
                        .parse()
                        .ok()
                        .filter(|h| (1..=4096).contains(h))
                        .ok_or_else(|| format!("'{spec}': hash must be 1..4096 MB, not '{v}'"))?;
                }
                "scale" => {
                    scale = v
                        .parse()
                        .ok()
                        .filter(|s: &f64| *s > 0.0 && *s <= 100.0)
                        .ok_or_else(|| format!("'{spec}': scale must be in (0, 100], not '{v}'"))?;
                }
                "eval" => {
                    eval = match v {
                        "network" => EvalChoice::Standard,
                        "classical" => EvalChoice::Classical,
                        "" => {
                            return Err(format!(
                                "'{spec}': eval needs network, classical or a network file"
                            ));
                        }
                        path => EvalChoice::File(path.into()),
                    };
                }
                other => {
                    return Err(format!(
                        "'{spec}': unknown builtin parameter '{other}' (level, hash, scale, eval)"
                    ));
                }
            }
        }
        if !options.is_empty() {
            return Err("engine options apply to external engines, not the builtin one".into());
        }
        Ok(PlayerSpec::Builtin {
            level: level_,
            hash_mb,
            scale,
            eval,
        })
    }

    /// Starts the player (spawns and handshakes an external engine).
    pub fn start(&self) -> Result<Player, String> {
        match self {
            PlayerSpec::Builtin {
                level,
                hash_mb,
                scale,
                eval,
            } => Ok(Player::Builtin(Box::new(Builtin {
                engine: {
                    let mut e = Engine::try_new(*hash_mb).map_err(|e| e.to_string())?;
                    e.set_evaluator(eval.evaluator()?);
                    e
                },
                level: *level,
                scale: *scale,
                games: 0,
            }))),
            PlayerSpec::External {
                command,
                protocol,
                options,
            } => Client::spawn(command, *protocol, options)
                .map(|c| Player::External(Box::new(c)))
                .map_err(|e| e.to_string()),
        }
    }

    /// A short name before the player has started.
    pub fn label(&self) -> String {
        match self {
            PlayerSpec::Builtin { level, eval, .. } => {
                let mut name = match level {
                    None => "xiangqi".to_string(),
                    Some(l) => format!("xiangqi L{}", l.number()),
                };
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
    level: Option<Level>,
    scale: f64,
    games: u64,
}

/// A started player.
pub enum Player {
    /// In process.
    Builtin(Box<Builtin>),
    /// A child process.
    External(Box<Client>),
}

impl Player {
    /// Prepares for a new game.
    pub fn new_game(&mut self) -> Result<(), String> {
        match self {
            Player::Builtin(b) => {
                b.engine.clear();
                b.games += 1;
                Ok(())
            }
            Player::External(c) => c.new_game().map_err(|e| e.to_string()),
        }
    }

    /// Whether the player can play another game (an external engine that
    /// crashed cannot).
    pub fn alive(&self) -> bool {
        match self {
            Player::Builtin(_) => true,
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
        let seed = self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ moves.len() as u64;
        let result = match self.level {
            None => self.engine.search(&pos, &history, &limits, stop, &mut noop),
            Some(l) => level::choose_move_within(
                &mut self.engine,
                l,
                &pos,
                &history,
                &limits,
                stop,
                &mut noop,
                seed,
                self.scale,
            ),
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
            }
        );
        assert_eq!(
            PlayerSpec::parse("builtin:level=3,hash=8,scale=0.5", Protocol::Uci, vec![]).unwrap(),
            PlayerSpec::Builtin {
                level: Level::new(3),
                hash_mb: 8,
                scale: 0.5,
                eval: EvalChoice::Standard,
            }
        );
        let e = PlayerSpec::parse("builtin:level=9", Protocol::Uci, vec![]).unwrap_err();
        assert!(e.contains("level must be"), "{e}");
        let e = PlayerSpec::parse("builtin:depth=3", Protocol::Uci, vec![]).unwrap_err();
        assert!(e.contains("unknown builtin parameter 'depth'"), "{e}");
        assert!(PlayerSpec::parse("  ", Protocol::Uci, vec![]).is_err());
        assert!(PlayerSpec::parse("eng \"unclosed", Protocol::Uci, vec![]).is_err());
        let ext = PlayerSpec::parse("/opt/eleeye -x", Protocol::Ucci, vec![]).unwrap();
        assert_eq!(ext.label(), "eleeye");
    }
}
