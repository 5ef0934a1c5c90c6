//! Scores: the search's internal scale (centipawns, mates as `MATE - plies`)
//! and [`Score`], what the engine reports, with the one flip from the side
//! to move's point of view to Red's.

use crate::rules::Color;
use std::fmt;

/// Deepest ply the search ever reaches (quiescence included).
pub const MAX_PLY: usize = 100;
/// Larger than any score.
pub const INF: i32 = 32000;
/// Score of mating right now; mate in `n` plies is `MATE - n`.
pub const MATE: i32 = 30000;
/// Scores at or beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (a soldier before the river is 100).
    Cp(i32),
    /// Mate in this many moves: positive when the side to move mates,
    /// negative when it is mated (`Mate(0)`: mated now).
    Mate(i32),
}

impl Default for Score {
    /// Level: no score yet.
    fn default() -> Score {
        Score::Cp(0)
    }
}

impl Score {
    /// The same score from the other side (`Mate(0)`, mated now, keeps no
    /// sign: check for it first).
    pub fn negate(self) -> Score {
        match self {
            Score::Cp(c) => Score::Cp(-c),
            Score::Mate(n) => Score::Mate(-n),
        }
    }

    /// This score of the side to move (`to_move`) seen from Red's side:
    /// the one flip between the two points of view.
    pub fn for_red(self, to_move: Color) -> Score {
        match to_move {
            Color::Red => self,
            Color::Black => self.negate(),
        }
    }

    /// From the search's internal scale.
    pub(crate) fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v) / 2)
        } else {
            Score::Cp(v)
        }
    }

    /// Plies to mate for a mate score (positive: we mate).
    pub fn mate_plies(self) -> Option<i32> {
        match self {
            Score::Mate(n) if n > 0 => Some(2 * n - 1),
            Score::Mate(n) => Some(2 * n),
            Score::Cp(_) => None,
        }
    }

    /// A single number for comparisons: mates map beyond any centipawn value.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
            Score::Mate(n) => -MATE - 2 * n,
        }
    }
}

impl fmt::Display for Score {
    /// `cp 35` or `mate 3` / `mate -2`, as UCI prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}
