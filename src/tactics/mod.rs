//! Puzzles made from real games (战术题): positions where one side has
//! just been handed a chance and has exactly one good way to take it,
//! proved by the engine, themed by the teacher's motifs and rated on the
//! levels' scale. Plain Rust, no Bevy.
//!
//! - [`Tactic`] — one puzzle as the shipped file holds it (JSON lines,
//!   `assets/tactics/tactics.jsonl`, compiled in), [`all`] the set.
//! - [`Theme`] — what a puzzle is about (mate in N, the classic mates,
//!   fork, pin …, its phase and length).
//! - [`prove`] — the proof that each solver move is the only good one.
//! - [`mine`] — finding the chances a game hands over, and proving them.
//! - [`rate`] — the puzzle's rating, from how the levels do on it.
//! - [`build`] — the generator (`xiangqi puzzles build`) and the second
//!   proof (`xiangqi puzzles check`), on several threads.
//!
//! The 42 classic compositions stay their own collection
//! ([`crate::store::puzzles`]).

pub mod build;
pub mod mine;
pub mod prove;
pub mod rate;
mod tag;
mod theme;

pub use theme::Theme;

use crate::rules::{FenError, Move, Position};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The shipped set, one JSON object per line (see `assets/tactics/README.md`).
pub const TACTICS_JSONL: &str = include_str!("../../assets/tactics/tactics.jsonl");

/// Where a puzzle was found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The game, as its record names it: `Level 7 – Level 9, opening 12`,
    /// or the players and event of a tournament game.
    pub game: String,
    /// The ply of the puzzle's position in that game (0 = the start), so
    /// the solver plays the game's move number `ply / 2 + 1`.
    pub ply: u32,
}

/// A ladder game a puzzle was found in: the levels that played it and its
/// number in the pair's match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderGame {
    pub red: u8,
    pub black: u8,
    pub game: u32,
}

impl Source {
    /// The ladder game, when the name is one (`Level 1 – Level 3, game
    /// 115`, as the generator names the ladder's games); `None` for a game
    /// of people.
    pub fn ladder(&self) -> Option<LadderGame> {
        let (players, game) = self.game.split_once(", game ")?;
        let (red, black) = players.split_once(" – ")?;
        let level = |s: &str| s.strip_prefix("Level ")?.parse().ok();
        Some(LadderGame {
            red: level(red)?,
            black: level(black)?,
            game: game.parse().ok()?,
        })
    }
}

/// One puzzle: the position (the solver to move), the whole line (the
/// solver's move, the defender's best reply, …, ending with the solver's
/// move), what it is about and how hard it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tactic {
    /// Stable identifier (a player's results are kept by it).
    pub id: String,
    /// The position, the solver to move.
    pub fen: String,
    /// The move that handed the chance over (ICCS, ranks 0–9), the one
    /// that reached [`fen`](Self::fen): the board marks it as the last move.
    pub last: String,
    /// The line in ICCS, ranks 0–9: the solver's first move, the reply,
    /// …, the solver's last move (an odd count, 1 to 11).
    pub moves: Vec<String>,
    /// What it is about, as [`Theme::key`] names them.
    pub themes: Vec<String>,
    /// How hard it is, on the levels' rating scale.
    pub rating: i32,
    /// Where it was found.
    pub source: Source,
}

/// A line of a puzzle file that is not a puzzle, by line and field.
#[derive(Debug, thiserror::Error)]
pub enum TacticError {
    /// Not a JSON object of the puzzle's fields.
    #[error("line {line}: {error}")]
    Json {
        /// The line, 1 = first.
        line: usize,
        /// What the reader found.
        error: serde_json::Error,
    },
    /// A field that does not hold what it should.
    #[error("line {line}, field `{field}`: {problem}")]
    Field {
        /// The line, 1 = first.
        line: usize,
        /// The field's name.
        field: &'static str,
        /// What is wrong with it.
        problem: String,
    },
}

impl Tactic {
    /// The puzzle's position, the solver to move.
    ///
    /// # Errors
    /// [`FenError`] for a position that cannot be read.
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.fen)
    }

    /// The line as moves (`None` for a move that cannot be read).
    pub fn line(&self) -> Option<Vec<Move>> {
        self.moves.iter().map(|m| Move::from_iccs(m)).collect()
    }

    /// The solver's moves in the line.
    pub fn solver_moves(&self) -> usize {
        self.moves.len().div_ceil(2)
    }

    /// The themes that are known to this program (an unknown key, from a
    /// newer file, is left out).
    pub fn theme_list(&self) -> Vec<Theme> {
        self.themes
            .iter()
            .filter_map(|k| Theme::from_key(k))
            .collect()
    }

    /// Whether it has `theme`.
    pub fn has(&self, theme: Theme) -> bool {
        self.themes.iter().any(|k| k == theme.key())
    }

    /// Checks the fields a reader cannot: the position, the line's moves
    /// legal one after another, an odd count of at most 11, known themes.
    fn check(&self) -> Result<(), (&'static str, String)> {
        if self.id.trim().is_empty() {
            return Err(("id", "empty".into()));
        }
        let mut pos = self.position().map_err(|e| ("fen", e.to_string()))?;
        if self.moves.is_empty() || self.moves.len().is_multiple_of(2) || self.moves.len() > 11 {
            let n = self.moves.len();
            return Err(("moves", format!("{n} moves: the line is 1, 3, … or 11")));
        }
        for (i, text) in self.moves.iter().enumerate() {
            let m = Move::from_iccs(text).filter(|&m| pos.is_legal(m)).ok_or((
                "moves",
                format!("move {} `{text}` is not legal there", i + 1),
            ))?;
            pos.play(m).map_err(|e| ("moves", e.to_string()))?;
        }
        if let Some(k) = self.themes.iter().find(|k| Theme::from_key(k).is_none()) {
            return Err(("themes", format!("unknown theme `{k}`")));
        }
        Ok(())
    }
}

/// Reads puzzles from JSON lines (blank lines skipped), checking each.
///
/// # Errors
/// [`TacticError`] for the first bad line, naming the line and the field.
pub fn parse(text: &str) -> Result<Vec<Tactic>, TacticError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut ids = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        let line = i + 1;
        let t: Tactic =
            serde_json::from_str(l).map_err(|error| TacticError::Json { line, error })?;
        let field = |(field, problem)| TacticError::Field {
            line,
            field,
            problem,
        };
        t.check().map_err(field)?;
        if !ids.insert(t.id.clone()) {
            return Err(field(("id", format!("`{}` is used twice", t.id))));
        }
        out.push(t);
    }
    Ok(out)
}

/// The shipped puzzles, in file order.
pub fn all() -> &'static [Tactic] {
    static ALL: OnceLock<Vec<Tactic>> = OnceLock::new();
    ALL.get_or_init(|| parse(TACTICS_JSONL).unwrap_or_default())
}

/// The shipped puzzle with this id.
pub fn by_id(id: &str) -> Option<&'static Tactic> {
    all().iter().find(|t| t.id == id)
}

/// A stable id for a position and its first move: the same puzzle gets
/// the same id whichever run finds it.
pub fn id_of(pos: &Position, first: Move) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in pos.fen().bytes().chain(first.to_string().bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:010x}", h & 0xff_ffff_ffff)
}

#[cfg(test)]
mod tests;
