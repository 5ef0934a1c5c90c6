//! Engine-vs-engine matches (`xiangqi match`): the team's gauge of strength
//! and a feature for players who run engine tournaments.
//!
//! - [`player`] — the built-in engine in process, or an external one
//!   (through [`crate::client`]).
//! - [`openings`] — the opening lines a match is played from.
//! - [`runner`] — schedules games, referees them with the project's rules,
//!   keeps clocks, writes PGN.
//! - [`stats`] — score, Elo with its 95 % interval, and the SPRT.
//! - [`spsa`] — tunes the search's thresholds by matches of perturbed pairs.
//! - [`standin`] — stand-ins for people (a random mover, a rules-only
//!   beginner): the measuring sticks for the weakest levels.
//!
//! Plain Rust, no Bevy.

pub mod openings;
pub mod player;
pub mod runner;
pub mod spsa;
pub mod standin;
pub mod stats;

pub use openings::Opening;
pub use player::{EvalChoice, PlayerSpec, SpecError, StartError};
pub use runner::{
    Adjudication, GameRecord, Limit, MatchConfig, MatchError, Summary, count, game_pgn, run,
};
pub use stats::{Sprt, Tally, Verdict};
