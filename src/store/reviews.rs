//! Stored game reviews: the engine's view of every position of a reviewed
//! game, kept beside the saved games so that reviewing the same game again
//! is instant.
//!
//! One JSON file per game in the `reviews` folder, named after a hash of the
//! game (its start position and moves, [`game_key`]): whichever way the game
//! comes back — the autosave, a saved PGN file, a pasted record — the same
//! moves find the same review. A file holds the effort it was made at, the
//! game it is about (checked on reading, so a hash collision cannot show
//! the wrong review) and, per position, the score, the engine's move, its
//! line and the depth. The judgements are not stored: they are worked out
//! again on reading ([`judge_game`]), so a newer version's thresholds apply
//! to old reviews.
//!
//! Writes go to a temporary file that is renamed into place. A file that
//! cannot be read, is of another format version, or is about another game
//! is treated as missing (the review runs again and replaces it).
//!
//! ```json
//! {"format":1,"effort":"quick","start":"<FEN>","moves":["h2e2","h9g7"],
//!  "positions":[{"score":{"cp":25},"best":"h2e2","line":["h2e2","h9g7"],"depth":8}, …]}
//! ```

use super::atomic;
use crate::engine::review::{GameReview, PositionReview, judge_game};
use crate::engine::{Limits, Score};
use crate::rules::{Move, Position};
use serde::{Deserialize, Serialize};
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The format version written (files of another version are not read).
pub const FORMAT: u32 = 1;

/// How hard the engine looks at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Effort {
    /// Depth 8, at most 1 s a position (usually far less: a game of 80
    /// plies takes seconds on a desktop; the cap keeps a starved search —
    /// the game's own rendering on two cores — from judging on noise).
    Quick,
    /// Deeper: depth 12, at most 3 s a position.
    Thorough,
}

impl Effort {
    /// Both efforts, quick first.
    pub const ALL: [Effort; 2] = [Effort::Quick, Effort::Thorough];

    /// The search limits for one position.
    pub fn limits(self) -> Limits {
        let (depth, ms) = match self {
            Effort::Quick => (8, 1000),
            Effort::Thorough => (12, 3000),
        };
        Limits {
            depth: Some(depth),
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    /// The word in the file.
    pub fn word(self) -> &'static str {
        match self {
            Effort::Quick => "quick",
            Effort::Thorough => "thorough",
        }
    }
}

/// A stable name for the game `moves` from `start`: 16 hex digits of a
/// 64-bit FNV-1a hash of the start FEN and the moves in ICCS.
pub fn game_key(start: &Position, moves: &[Move]) -> String {
    let mut text = start.fen();
    for m in moves {
        text.push(' ');
        text.push_str(&m.to_string());
    }
    format!("{:016x}", fnv1a(text.as_bytes()))
}

/// 64-bit FNV-1a (stable across versions and platforms, unlike std's hasher).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The file that holds the review of this game.
pub fn review_file(dir: &Path, start: &Position, moves: &[Move]) -> PathBuf {
    dir.join(format!("{}.json", game_key(start, moves)))
}

/// Why a stored review cannot be used (the caller treats it as missing).
#[derive(Debug, thiserror::Error)]
pub enum StoredReviewError {
    /// The file cannot be read.
    #[error("{file}: {source}", file = super::file_name(path))]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// The file is there but not a review of this game.
    #[error("{file}: {why}", file = super::file_name(path))]
    Unusable {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: Unusable,
    },
}

/// What is wrong with a stored review's contents.
#[derive(Debug, thiserror::Error)]
pub enum Unusable {
    /// Not this format's JSON.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// Written by another version.
    #[error("format {0} (this version reads {FORMAT})")]
    Format(u32),
    /// About another start or other moves.
    #[error("it is about another game")]
    OtherGame,
    /// A position missing or one too many.
    #[error("{positions} positions for {moves} moves")]
    Positions {
        /// Positions stored.
        positions: usize,
        /// Moves of the game.
        moves: usize,
    },
    /// A stored move that is not ICCS.
    #[error("bad move `{0}`")]
    Move(String),
}

/// A review read back.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    /// The effort it was made at.
    pub effort: Effort,
    /// The review, judged again on reading.
    pub review: GameReview,
}

#[derive(Serialize, Deserialize)]
struct ReviewFile {
    format: u32,
    effort: Effort,
    start: String,
    moves: Vec<String>,
    positions: Vec<StoredPosition>,
}

#[derive(Serialize, Deserialize)]
struct StoredPosition {
    score: StoredScore,
    /// ICCS, empty when the position has no move.
    best: String,
    line: Vec<String>,
    depth: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum StoredScore {
    Cp(i32),
    Mate(i32),
}

/// Writes the review of the game `moves` from `start` into `dir`.
///
/// A file already there that cannot be read as this game's review is
/// first moved aside ([`super::set_aside_if_damaged`]).
///
/// # Errors
/// Any I/O error; an older file for the game is then unchanged.
pub fn save(
    dir: &Path,
    start: &Position,
    moves: &[Move],
    effort: Effort,
    review: &GameReview,
) -> io::Result<PathBuf> {
    let file = ReviewFile {
        format: FORMAT,
        effort,
        start: start.fen(),
        moves: moves.iter().map(Move::to_string).collect(),
        positions: review
            .positions
            .iter()
            .map(|p| StoredPosition {
                score: match p.score {
                    Score::Cp(c) => StoredScore::Cp(c),
                    Score::Mate(n) => StoredScore::Mate(n),
                },
                best: if p.best.is_null() {
                    String::new()
                } else {
                    p.best.to_string()
                },
                line: p.line.iter().map(Move::to_string).collect(),
                depth: p.depth,
            })
            .collect(),
    };
    let mut json = serde_json::to_string(&file).map_err(io::Error::other)?;
    json.push('\n');
    let path = review_file(dir, start, moves);
    // A file there that cannot be used (damaged, another version or game)
    // is kept aside, never overwritten.
    super::set_aside_if_damaged(&path, |bytes| parse(bytes, start, moves).is_err())?;
    atomic::write_atomic(&path, json.as_bytes())?;
    Ok(path)
}

/// Reads the stored review of the game `moves` from `start`.
///
/// # Errors
/// Why a file that exists cannot be used (unreadable, damaged, another
/// format version, about another game); the caller treats it as missing.
/// A missing file is `Ok(None)`.
pub fn load(
    dir: &Path,
    start: &Position,
    moves: &[Move],
) -> Result<Option<Stored>, StoredReviewError> {
    let path = review_file(dir, start, moves);
    let bytes = match super::read_store_file(&path) {
        Ok(Some(b)) => b,
        Ok(None) => return Ok(None),
        Err(source) => return Err(StoredReviewError::Io { path, source }),
    };
    parse(&bytes, start, moves)
        .map(Some)
        .map_err(|why| StoredReviewError::Unusable { path, why })
}

/// A stored review from the bytes of its file, checked against the game.
fn parse(bytes: &[u8], start: &Position, moves: &[Move]) -> Result<Stored, Unusable> {
    let file: ReviewFile = serde_json::from_slice(bytes)?;
    if file.format != FORMAT {
        return Err(Unusable::Format(file.format));
    }
    let same_moves = file.moves.len() == moves.len()
        && file
            .moves
            .iter()
            .zip(moves)
            .all(|(s, m)| Move::from_iccs(s) == Some(*m));
    if file.start != start.fen() || !same_moves {
        return Err(Unusable::OtherGame);
    }
    if file.positions.len() != moves.len() + 1 {
        return Err(Unusable::Positions {
            positions: file.positions.len(),
            moves: moves.len(),
        });
    }
    let parse_move = |s: &str| Move::from_iccs(s).ok_or_else(|| Unusable::Move(s.to_string()));
    let mut views = Vec::with_capacity(file.positions.len());
    for p in &file.positions {
        views.push(PositionReview {
            score: match p.score {
                StoredScore::Cp(c) => Score::Cp(c),
                StoredScore::Mate(n) => Score::Mate(n),
            },
            best: if p.best.is_empty() {
                Move::NULL
            } else {
                parse_move(&p.best)?
            },
            line: p
                .line
                .iter()
                .map(|s| parse_move(s))
                .collect::<Result<_, _>>()?,
            depth: p.depth,
        });
    }
    Ok(Stored {
        effort: file.effort,
        review: judge_game(start, moves, views),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::engine::review::review_game;
    use crate::store::test_util::TempDir;
    use std::sync::atomic::AtomicBool;

    fn game() -> (Position, Vec<Move>) {
        let moves = ["h2e2", "h9g7", "h0g2", "i9h9"]
            .iter()
            .map(|s| Move::from_iccs(s).unwrap())
            .collect();
        (Position::startpos(), moves)
    }

    fn reviewed(start: &Position, moves: &[Move]) -> GameReview {
        let mut engine = Engine::new(1);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        review_game(
            &mut engine,
            start,
            moves,
            &limits,
            &AtomicBool::new(false),
            &mut |_, _| {},
        )
        .unwrap()
    }

    #[test]
    fn a_review_round_trips_and_is_found_by_its_game() {
        let t = TempDir::new("reviews");
        let (start, moves) = game();
        let review = reviewed(&start, &moves);
        assert!(matches!(load(t.path(), &start, &moves), Ok(None)));
        let path = save(t.path(), &start, &moves, Effort::Quick, &review).unwrap();
        assert_eq!(path, review_file(t.path(), &start, &moves));
        let back = load(t.path(), &start, &moves).unwrap().expect("stored");
        assert_eq!(back.effort, Effort::Quick);
        assert_eq!(back.review, review);
        // Another game (one move fewer) has its own file.
        assert!(matches!(load(t.path(), &start, &moves[..3]), Ok(None)));
        assert_ne!(game_key(&start, &moves), game_key(&start, &moves[..3]));
    }

    #[test]
    fn a_damaged_old_or_foreign_file_is_reported_and_not_used() {
        let t = TempDir::new("reviews-bad");
        let (start, moves) = game();
        let path = review_file(t.path(), &start, &moves);
        let review = reviewed(&start, &moves);
        save(t.path(), &start, &moves, Effort::Thorough, &review).unwrap();
        let good = std::fs::read_to_string(&path).unwrap();

        std::fs::write(&path, &good[..good.len() / 2]).unwrap();
        let e = load(t.path(), &start, &moves).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}:", super::super::file_name(&path))),
            "{e}"
        );

        std::fs::write(&path, good.replace("\"format\":1", "\"format\":99")).unwrap();
        assert!(
            load(t.path(), &start, &moves)
                .unwrap_err()
                .to_string()
                .contains("format 99")
        );

        std::fs::write(&path, good.replace("h0g2", "b0c2")).unwrap();
        assert!(
            load(t.path(), &start, &moves)
                .unwrap_err()
                .to_string()
                .contains("another game")
        );
        std::fs::write(&path, &good).unwrap();
        assert!(load(t.path(), &start, &moves).unwrap().is_some());
    }

    #[test]
    fn a_damaged_file_is_kept_aside_when_the_review_is_stored_again() {
        let t = TempDir::new("reviews-aside");
        let (start, moves) = game();
        let path = review_file(t.path(), &start, &moves);
        let review = reviewed(&start, &moves);
        save(t.path(), &start, &moves, Effort::Quick, &review).unwrap();
        let good = std::fs::read_to_string(&path).unwrap();
        let damaged = &good[..good.len() / 2];
        std::fs::write(&path, damaged).unwrap();
        assert!(load(t.path(), &start, &moves).is_err());
        save(t.path(), &start, &moves, Effort::Quick, &review).unwrap();
        assert!(load(t.path(), &start, &moves).unwrap().is_some());
        let aside: Vec<std::path::PathBuf> = std::fs::read_dir(t.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains("-damaged-"))
            .collect();
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), damaged);
        // A good file is replaced with no copy.
        save(t.path(), &start, &moves, Effort::Quick, &review).unwrap();
        assert_eq!(std::fs::read_dir(t.path()).unwrap().count(), 2);
    }
}
