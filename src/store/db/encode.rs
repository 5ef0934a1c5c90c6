//! How a game is written into the database's columns: moves two bytes
//! each, the tree as the autosave's node list (only when it has more than
//! its main line), results as small numbers, a fingerprint for duplicates.

use crate::rules::{Game, GameResult, Move, MoveTree, Position};
use crate::store::autosave::SavedTree;

/// Tags with columns of their own (the rest go to the `tags` column).
const COLUMN_TAGS: [&str; 5] = ["Red", "Black", "Event", "Date", "Result"];
/// Tags not kept: the reader makes them again from the columns.
const DERIVED_TAGS: [&str; 2] = ["FEN", "SetUp"];

/// 0 Red won, 1 drawn, 2 Black won, 3 unknown.
pub(crate) fn result_code(result: Option<GameResult>) -> i64 {
    match result {
        Some(GameResult::RedWins) => 0,
        Some(GameResult::Draw) => 1,
        Some(GameResult::BlackWins) => 2,
        None => 3,
    }
}

/// The inverse of [`result_code`].
pub(crate) fn result_from_code(code: i64) -> Option<GameResult> {
    match code {
        0 => Some(GameResult::RedWins),
        1 => Some(GameResult::Draw),
        2 => Some(GameResult::BlackWins),
        _ => None,
    }
}

/// What is wrong with a stored game's columns.
#[derive(Debug, thiserror::Error)]
pub enum RowDamage {
    /// The start position is not a position.
    #[error("start position: {0}")]
    Start(crate::rules::FenError),
    /// The main line's bytes do not come in pairs.
    #[error("its moves are {0} bytes, not two a move")]
    OddMoves(usize),
    /// Two bytes that are no move.
    #[error("move {number} is not a move ({bits})")]
    NotAMove {
        /// The move's number, 1 = first.
        number: usize,
        /// Its bytes.
        bits: u16,
    },
    /// A move that cannot be played where it stands.
    #[error("move {number} ({mv}) does not fit: {error}")]
    DoesNotFit {
        /// The move's number, 1 = first.
        number: usize,
        /// The move.
        mv: Move,
        /// Why.
        error: crate::rules::records::TreeError,
    },
    /// The move tree is not the JSON the database writes.
    #[error("its move tree: {0}")]
    Tree(serde_json::Error),
    /// The move tree does not fit the start position.
    #[error("its move tree does not fit its start position")]
    TreeStart,
    /// The other tags are not the JSON the database writes.
    #[error("its tags: {0}")]
    Tags(serde_json::Error),
}

/// The main line, two bytes (little-endian) a move.
pub(crate) fn moves_blob(moves: &[Move]) -> Vec<u8> {
    moves
        .iter()
        .flat_map(|m| m.to_bits().to_le_bytes())
        .collect()
}

/// The moves of a [`moves_blob`], played from `start`.
pub(crate) fn game_from_moves(blob: &[u8], start: Position) -> Result<Game, RowDamage> {
    if !blob.len().is_multiple_of(2) {
        return Err(RowDamage::OddMoves(blob.len()));
    }
    let mut tree = MoveTree::new(start);
    let mut at = MoveTree::ROOT;
    for (i, pair) in blob.chunks_exact(2).enumerate() {
        let bits = u16::from_le_bytes([pair[0], pair[1]]);
        let number = i + 1;
        let m = Move::from_bits(bits).ok_or(RowDamage::NotAMove { number, bits })?;
        at = tree.add(at, m).map_err(|error| RowDamage::DoesNotFit {
            number,
            mv: m,
            error,
        })?;
    }
    Ok(Game::from_tree(tree))
}

/// The whole tree, when it has variations, comments or marks (the main
/// line alone is in the moves column).
pub(crate) fn tree_blob(tree: &MoveTree) -> Option<Vec<u8>> {
    SavedTree::of(tree).and_then(|t| serde_json::to_vec(&t).ok())
}

/// The inverse of [`tree_blob`].
pub(crate) fn tree_from_blob(blob: &[u8], start: Position) -> Result<MoveTree, RowDamage> {
    let saved: SavedTree = serde_json::from_slice(blob).map_err(RowDamage::Tree)?;
    saved.to_tree(start).ok_or(RowDamage::TreeStart)
}

/// The tags without columns of their own, as JSON pairs; `None` if none.
pub(crate) fn other_tags(tags: &[(String, String)]) -> Option<String> {
    let rest: Vec<&(String, String)> = tags
        .iter()
        .filter(|(k, _)| {
            !COLUMN_TAGS
                .iter()
                .chain(&DERIVED_TAGS)
                .any(|c| c.eq_ignore_ascii_case(k))
        })
        .collect();
    (!rest.is_empty()).then(|| serde_json::to_string(&rest).unwrap_or_default())
}

/// The inverse of [`other_tags`].
pub(crate) fn tags_from_json(json: &str) -> Result<Vec<(String, String)>, RowDamage> {
    serde_json::from_str(json).map_err(RowDamage::Tags)
}

/// A PGN date as the database compares it: `2023.05.01`; `2023-05-01`
/// and `2023/05/01` are read the same; unknown parts stay `??`.
pub fn normal_date(date: &str) -> String {
    date.trim().replace(['-', '/'], ".")
}

/// The same game between the same players: FNV-1a over the start, the
/// moves and the names (stable across versions, unlike std's hasher).
pub(crate) fn fingerprint(start: &Position, moves: &[Move], red: &str, black: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(&start.hash().to_le_bytes());
    for m in moves {
        eat(&m.to_bits().to_le_bytes());
    }
    eat(b"\x00");
    eat(red.trim().as_bytes());
    eat(b"\x00");
    eat(black.trim().as_bytes());
    h as i64
}
