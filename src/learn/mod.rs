//! Learning the evaluation from the engine's own games, in plain Rust (no
//! Bevy, no GPU):
//!
//! - [`data`] — the training-position file format (48 bytes a position).
//! - [`datagen`] — self-play at a small node budget that writes such files
//!   (`xiangqi datagen`).
//! - [`trainer`] — fits a network to them with minibatch Adam on all cores
//!   and writes a quantised network file (`xiangqi train`); the engine reads
//!   it with [`crate::engine::nnue`].
//! - [`tune`] — fits the classical evaluation's weights to game results
//!   (`xiangqi tune`).

pub mod data;
pub mod datagen;
pub mod trainer;
pub mod tune;
