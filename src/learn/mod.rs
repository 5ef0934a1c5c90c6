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
//! - [`book_build`] — grows the opening book with the engine's search and
//!   its games against itself (`xiangqi book build`).
//! - [`adjudicate`] — when a self-play game is over before the rules end
//!   it, for `datagen` and `book_build` alike.

pub mod adjudicate;
pub mod book_build;
pub mod data;
pub mod datagen;
pub mod trainer;
pub mod tune;
