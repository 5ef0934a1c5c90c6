//! Openings named: the ECCO classification (中国象棋开局编号, codes A00–E99
//! with their Chinese names, and English names where the standard English
//! terms make one), recognised by position.
//!
//! The data is `ecco.txt` beside this file:
//! one defining line of moves per row, gathered from the ECCO 2004
//! classification published by xqbase.com (象棋百科全书,
//! <https://www.xqbase.com/ecco/>) and its code table
//! and decision rules as distributed with the open-source vschess viewer;
//! the file's header names the sources. Each row's moves are played through
//! the rules once, when the first game is classified, and the position they
//! reach (and its left-right mirror: ECCO counts 炮八平五 as 炮二平五) goes
//! into an index from the position's Zobrist key to the code.
//!
//! A game is classified by walking its first [`MAX_PLIES`] moves from the
//! standard start and keeping the last (deepest) position the index knows:
//! move orders that reach the same position land on the same code, and a
//! game that leaves the known lines keeps the code of the last one it was
//! on. A game that never meets one is ECCO's A00 (其他开局).
//!
//! ECCO's own rules read the move order, and skip some moves; a position
//! lookup differs from them in two ways. A transposition gets the code of
//! the position, where ECCO keeps the family of the first move
//! (马二进三 象３进５ 兵三进一 is E02 here, ECCO's A40; 炮二平五 炮２平５
//! reaching a 后补列炮 position is D51–D55 here, ECCO's D50). And a game
//! that inserts a move no row lists before the defining one keeps the
//! shallower code it had reached (C00 where ECCO says C01), unless a row
//! lists that order too. Every row classifies as its own code under the
//! published rules; on the 1,014 games from the standard start in the
//! repository's PGN files (tests/data, benches), 965 get the code those
//! rules give, and the other 49 are transpositions of the first kind.
//!
//! A row the rules reject is skipped, never a panic: the test
//! `every_row_is_well_formed_and_legal` proves the shipped file has none.

use crate::rules::{Move, Position};
use std::collections::HashMap;
use std::sync::OnceLock;
use thiserror::Error;

/// The classification, one row a line (see the file's header).
const DATA: &str = include_str!("ecco.txt");

/// ECCO reads a game's first ten moves a side; so does [`classify`].
pub const MAX_PLIES: usize = 20;

/// One ECCO opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The code, `A00` … `E48`.
    pub code: &'static str,
    /// The Chinese name, the variation after a space
    /// (`中炮过河车互进七兵对屏风马平炮兑车 红左马盘河对黑退边炮上右士`).
    pub zh: &'static str,
    /// The English name, where the standard English terms make one.
    pub en: Option<&'static str>,
}

impl std::fmt::Display for Opening {
    /// `C00 中炮对屏风马`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.code, self.zh)
    }
}

/// A row of the data that is not a good ECCO line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RowError {
    /// Not four `|`-separated fields.
    #[error("ecco.txt line {line}: expected 4 fields separated by '|', found {found}")]
    Fields {
        /// 1-based line.
        line: usize,
        /// Fields found.
        found: usize,
    },
    /// The code is not a letter A–E and two digits.
    #[error("ecco.txt line {line}: '{code}' is not an ECCO code")]
    Code {
        /// 1-based line.
        line: usize,
        /// The field.
        code: String,
    },
    /// No Chinese name.
    #[error("ecco.txt line {line}: {code} has no name")]
    Name {
        /// 1-based line.
        line: usize,
        /// The code.
        code: String,
    },
    /// A move that is not ICCS or not legal where it is played.
    #[error("ecco.txt line {line}: move {ply} '{token}' is not a legal ICCS move")]
    Move {
        /// 1-based line.
        line: usize,
        /// 1-based ply.
        ply: usize,
        /// The token.
        token: String,
    },
    /// A line longer than [`MAX_PLIES`], which [`classify`] never reaches.
    #[error("ecco.txt line {line}: {plies} moves, more than the {MAX_PLIES} classify reads")]
    TooLong {
        /// 1-based line.
        line: usize,
        /// Its moves.
        plies: usize,
    },
}

/// A row of the data, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// 1-based line in `ecco.txt`.
    pub line: usize,
    /// The opening it names.
    pub opening: Opening,
    /// Its defining moves from the standard start.
    pub moves: Vec<Move>,
}

/// Every row of the data, in file order, each read or the reason it cannot
/// be (comments and blank lines are not rows).
pub fn rows() -> impl Iterator<Item = Result<Row, RowError>> {
    DATA.lines().enumerate().filter_map(|(i, text)| {
        let text = text.trim();
        (!text.is_empty() && !text.starts_with('#')).then(|| read_row(i + 1, text))
    })
}

fn read_row(line: usize, text: &'static str) -> Result<Row, RowError> {
    let fields: Vec<&'static str> = text.split('|').map(str::trim).collect();
    let [code, zh, en, moves] = fields[..] else {
        return Err(RowError::Fields {
            line,
            found: fields.len(),
        });
    };
    if !is_code(code) {
        return Err(RowError::Code {
            line,
            code: code.to_string(),
        });
    }
    if zh.is_empty() {
        return Err(RowError::Name {
            line,
            code: code.to_string(),
        });
    }
    let mut pos = Position::startpos();
    let mut played = Vec::new();
    for (i, token) in moves.split_whitespace().enumerate() {
        let m = Move::from_iccs(token)
            .filter(|&m| pos.is_legal(m))
            .ok_or_else(|| RowError::Move {
                line,
                ply: i + 1,
                token: token.to_string(),
            })?;
        pos.make(m);
        played.push(m);
    }
    if played.len() > MAX_PLIES {
        return Err(RowError::TooLong {
            line,
            plies: played.len(),
        });
    }
    Ok(Row {
        line,
        opening: Opening {
            code,
            zh,
            en: (!en.is_empty()).then_some(en),
        },
        moves: played,
    })
}

/// `A00` … `E99`: a letter A–E and two digits.
fn is_code(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 3 && (b'A'..=b'E').contains(&b[0]) && b[1..].iter().all(u8::is_ascii_digit)
}

/// The positions the rows reach, and every opening.
struct Index {
    by_key: HashMap<u64, Opening>,
    openings: Vec<Opening>,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut by_key = HashMap::new();
        let mut openings: Vec<Opening> = Vec::new();
        // A bad row is skipped (the tests prove there are none).
        for row in rows().flatten() {
            let end = end_of(&row.moves);
            // The first row to reach a position keeps it.
            by_key.entry(end.hash()).or_insert(row.opening);
            if let Some(mirror) = mirrored(&end) {
                by_key.entry(mirror.hash()).or_insert(row.opening);
            }
            if !openings.iter().any(|o| o.code == row.opening.code) {
                openings.push(row.opening);
            }
        }
        openings.sort_by_key(|o| o.code);
        Index { by_key, openings }
    })
}

/// The position after `moves` (legal: checked when the row was read).
fn end_of(moves: &[Move]) -> Position {
    let mut pos = Position::startpos();
    for &m in moves {
        pos.make(m);
    }
    pos
}

/// The position seen in a mirror: files a and i swapped, b and h, …
pub fn mirrored(pos: &Position) -> Option<Position> {
    let fen = pos.fen();
    let (board, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
    let board: Vec<String> = board
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    Position::from_fen(&format!("{} {rest}", board.join("/"))).ok()
}

/// Every opening of the classification, by code.
pub fn openings() -> &'static [Opening] {
    &index().openings
}

/// The opening with this code (`C20`), if ECCO has one.
pub fn by_code(code: &str) -> Option<Opening> {
    openings().iter().copied().find(|o| o.code == code)
}

/// The opening whose row reaches exactly this position (or its mirror),
/// whatever the moves that led there; none for the standard start itself.
pub fn at(pos: &Position) -> Option<Opening> {
    if pos.hash() == Position::startpos().hash() {
        return None;
    }
    index().by_key.get(&pos.hash()).copied()
}

/// The ECCO opening of a game: the deepest position of its first
/// [`MAX_PLIES`] moves that a line of the classification reaches (mirrored
/// lines too), or A00 (其他开局) when it meets none. `None` for a game with
/// no moves or that does not start from the standard position (a handicap,
/// a FEN); the walk stops at the first illegal move.
///
/// # Examples
/// ```
/// use xiangqi::ecco::classify;
/// use xiangqi::rules::{Move, Position};
/// let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
///     .iter()
///     .map(|m| Move::from_iccs(m).unwrap())
///     .collect();
/// let o = classify(&Position::startpos(), &moves).unwrap();
/// assert_eq!(o.code, "C00");
/// assert_eq!(o.zh, "中炮对屏风马");
/// assert_eq!(o.en, Some("Central Cannon vs Screen Horses"));
/// ```
pub fn classify(start: &Position, moves: &[Move]) -> Option<Opening> {
    let standard = Position::startpos();
    if moves.is_empty()
        || start.hash() != standard.hash()
        || start.side_to_move() != standard.side_to_move()
    {
        return None;
    }
    let index = index();
    let mut pos = *start;
    let mut found = None;
    for &m in moves.iter().take(MAX_PLIES) {
        if !pos.is_legal(m) {
            break;
        }
        pos.make(m);
        if let Some(&o) = index.by_key.get(&pos.hash()) {
            found = Some(o);
        }
    }
    found.or_else(|| by_code("A00"))
}

/// Adds a game's `[ECCO "C00"]` and `[Opening "中炮对屏风马"]` tags when its
/// moves classify and the tags do not already have an `ECCO` tag (a
/// record's own classification is kept as it was read).
pub fn fill_tags(tags: &mut Vec<(String, String)>, start: &Position, moves: &[Move]) {
    if tags.iter().any(|(k, _)| k.eq_ignore_ascii_case("ECCO")) {
        return;
    }
    if let Some(o) = classify(start, moves) {
        crate::rules::pgn::set_tag(tags, "ECCO", o.code);
        crate::rules::pgn::set_tag(tags, "Opening", o.zh);
    }
}

/// A code or the start of one, as `--opening` takes it: `C`, `C2`, `C20`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodePrefix(String);

/// Why a string is not an ECCO code or the start of one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CodeError {
    /// Not a letter A–E and at most two digits.
    #[error("'{0}': an ECCO code is a letter A–E and up to two digits (C, C2, C20)")]
    Shape(String),
    /// Well formed, but no opening has it.
    #[error("'{0}': no ECCO opening has this code")]
    Unknown(String),
}

impl CodePrefix {
    /// The prefix in capitals (`c2` → `C2`).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Does `code` start with this prefix?
    pub fn matches(&self, code: &str) -> bool {
        code.starts_with(&self.0)
    }
}

impl std::str::FromStr for CodePrefix {
    type Err = CodeError;

    /// # Errors
    /// [`CodeError::Shape`] for anything but a letter A–E and up to two
    /// digits; [`CodeError::Unknown`] when no opening's code starts so.
    fn from_str(s: &str) -> Result<CodePrefix, CodeError> {
        // Full-width letters and digits (`Ｃ２０`) as typed with a Chinese
        // input method.
        let t: String = s
            .trim()
            .chars()
            .map(|c| match c {
                '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
                c => c,
            })
            .collect::<String>()
            .trim()
            .to_ascii_uppercase();
        let b = t.as_bytes();
        let shaped = (1..=3).contains(&b.len())
            && (b'A'..=b'E').contains(&b[0])
            && b[1..].iter().all(u8::is_ascii_digit);
        if !shaped {
            return Err(CodeError::Shape(s.to_string()));
        }
        if !openings().iter().any(|o| o.code.starts_with(&t)) {
            return Err(CodeError::Unknown(s.to_string()));
        }
        Ok(CodePrefix(t))
    }
}

#[cfg(test)]
mod tests;
