//! Xiangqi (Chinese chess): rules, engine, command line and (with the `gui`
//! feature) a Bevy desktop game.

pub mod arena;
pub mod cli;
pub mod client;
pub mod course;
pub mod ecco;
pub mod engine;
pub mod exercise;
#[cfg(feature = "gui")]
pub mod game;
pub mod hant;
pub mod icon;
pub mod learn;
pub mod render;
pub mod rules;
pub mod sound_synth;
pub mod speech;
pub mod store;
pub mod tactics;
pub mod teach;
pub mod words;
