//! Engine-vs-engine matches (`xiangqi match`): the team's gauge of strength
//! and a feature for players who run engine tournaments.
//!
//! - [`client`] — drives an external UCI/UCCI engine process.
//! - [`external`] — the player's own engine as the game uses it: started
//!   on demand, restarted after a crash, its answers checked.
//! - [`player`] — the built-in engine in process, or an external one.
//! - [`openings`] — the opening lines a match is played from.
//! - [`runner`] — schedules games, referees them with the project's rules,
//!   keeps clocks, writes PGN.
//! - [`stats`] — score, Elo with its 95 % interval, and the SPRT.
//!
//! Plain Rust, no Bevy: the game will load external engines through the
//! same [`client::Client`].

pub mod client;
pub mod external;
pub mod openings;
pub mod options;
pub mod player;
pub mod runner;
pub mod standin;
pub mod stats;

pub use client::{Client, GoLimit, Protocol};
pub use openings::Opening;
pub use player::{EvalChoice, PlayerSpec, SpecError, StartError};
pub use runner::{
    Adjudication, GameRecord, Limit, MatchConfig, MatchError, Summary, count, game_pgn, run,
};
pub use stats::{Sprt, Tally, Verdict};
