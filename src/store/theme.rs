//! A puzzle's theme as stored: why the mistake was one, in plain fields
//! (points and moves in ICCS, positions in FEN, kinds and patterns by
//! their names), so the file says nothing the teacher must be asked to
//! read. The teacher turns it to and from its own motifs
//! ([`crate::teach::record`]) and says it in the player's voice.

use serde::{Deserialize, Serialize};

/// A why as stored: what the move allowed, what the better move did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WhyRecord {
    /// What the move allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<SaidRecord>,
    /// What the better move did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub better: Option<SaidRecord>,
}

/// One half of a why as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaidRecord {
    /// The position the move is played in (FEN).
    pub from: String,
    /// The move (ICCS; `0000` for none).
    pub mv: String,
    /// What it does.
    pub motif: MotifRecord,
}

/// A motif as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MotifRecord {
    /// Its kind's name (`fork`, `hanging` …, as `xiangqi explain --json`).
    pub kind: String,
    /// The side it favours: `red` or `black`.
    pub side: String,
    /// The pieces with their points: `e5:R` (FEN letter).
    pub pieces: Vec<String>,
    /// The line that shows it (ICCS).
    #[serde(default)]
    pub line: Vec<String>,
    /// The material at stake (centipawns).
    #[serde(default)]
    pub gain: i32,
    /// A mate's length in the mating side's moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate_in: Option<u32>,
    /// A classic mate's name (Chinese).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    /// The position the line starts from (FEN).
    pub start: String,
    /// Brought about by the move explained.
    #[serde(default)]
    pub by_move: bool,
}
