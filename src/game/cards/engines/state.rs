//! The engine card's state that its parts share: what the last Add and
//! Test did, what a typed value was refused for, and how many rows a page
//! holds.

use crate::engine::Score;
use std::time::Duration;

/// Options shown on a page of the card.
pub(super) const OPTION_ROWS: usize = 9;
/// Engines shown on a page of the list.
pub(super) const LIST_ROWS: usize = 7;

/// What the last Add did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum AddState {
    /// Nothing yet.
    #[default]
    Idle,
    /// This command line is being started and asked who it is.
    Detecting(String),
    /// It was added under this name.
    Added(String),
    /// It could not be added.
    Failed {
        /// The command line.
        command: String,
        /// Why (the client's words: the system's error, the stderr tail).
        why: String,
    },
}

/// The last test of an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestState {
    /// The engine of this name is searching.
    Running(String),
    /// It answered.
    Done(String, TestReport),
    /// It could not be started, or gave no move in time.
    Failed(String, String),
}

impl TestState {
    /// The name of the engine tested.
    pub(super) fn name(&mut self) -> &mut String {
        match self {
            TestState::Running(name) | TestState::Done(name, _) | TestState::Failed(name, _) => {
                name
            }
        }
    }
}

/// A typed name or option value the card did not take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The name is empty, or another engine's.
    Name {
        /// The name wanted.
        wanted: String,
        /// Another engine has it (else it is empty).
        taken: bool,
    },
    /// The option does not take the value.
    Value {
        /// The option's name.
        option: String,
        /// Why ([`crate::client::options::EngineOption::check`]'s words).
        why: String,
    },
}

impl Refusal {
    /// The option it is about, if it is about one.
    pub fn option(&self) -> Option<&str> {
        match self {
            Refusal::Value { option, .. } => Some(option),
            Refusal::Name { .. } => None,
        }
    }
}

/// What an engine did in its test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestReport {
    /// The word after `bestmove` (`None`: UCCI's `nobestmove`).
    pub bestmove: Option<String>,
    /// The last depth it reported.
    pub depth: Option<u32>,
    /// The last score it reported, from the side to move's view.
    pub score: Option<Score>,
    /// How long it took.
    pub elapsed: Duration,
}
