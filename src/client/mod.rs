//! Talking to engine processes over UCI or UCCI: the player's own engines
//! in the game and the external side of a match.
//!
//! - [`process`] — drives one engine process: handshake, options,
//!   positions, `go` with a deadline, `stop`, and its end.
//! - [`options`] — an engine's options as its handshake declares them.
//! - [`external`] — the player's own engine as the game uses it: started
//!   on demand, restarted after a crash, its answers checked.
//!
//! Plain Rust, no Bevy.

pub mod external;
pub mod options;
pub mod process;

pub use external::EngineConfig;
pub use process::{Client, GoLimit, Protocol};
