//! The book's file: small, checked, and read without trusting it.
//!
//! | bytes | what |
//! |---|---|
//! | 6 | `XQBOOK` |
//! | 1 | format version, 1 |
//! | varint + n | the recipe (the command that built it), UTF-8 |
//! | varint | positions |
//! | … | each position (below), the start first |
//! | 4 | CRC-32 of everything before, little-endian |
//!
//! A position: (every position but the first) the varint index of an
//! earlier position and the move (2 bytes, [`Move::to_bits`],
//! little-endian) that reaches it from there; then a byte, the number of
//! its moves (1–255), and each move: 2 bytes the move, 2 bytes its score
//! (signed, see [`BookMove::score`]), then three varints, the games won,
//! drawn and lost by the side that plays it. Varints are LEB128 (7 bits a
//! byte, the low first). The positions themselves are not stored: reading
//! replays each from its parent, so every move is checked for legality
//! and the hashes are this program's own.

use super::{Book, BookMove};
use crate::rules::{Move, Position};

/// The file's first bytes.
const MAGIC: &[u8; 6] = b"XQBOOK";
/// The format this program writes and reads.
const VERSION: u8 = 1;

/// Why a book cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BookError {
    /// The file does not start as a book does.
    #[error("not an opening book (it does not start with XQBOOK)")]
    NotABook,
    /// A format this program does not read.
    #[error("opening book format {found}; this program reads format {VERSION}")]
    Version {
        /// The file's version.
        found: u8,
    },
    /// The file ends before the book does.
    #[error("the opening book ends early, at byte {at} (truncated?)")]
    Truncated {
        /// Where the next byte was wanted.
        at: usize,
    },
    /// The checksum does not match: the file is damaged.
    #[error("the opening book is damaged: its checksum does not match")]
    Checksum,
    /// Bytes after the checksum.
    #[error("the opening book has {extra} bytes after its end")]
    Trailing {
        /// How many.
        extra: usize,
    },
    /// The recipe is not UTF-8.
    #[error("the opening book's recipe is not UTF-8")]
    Recipe,
    /// A position reached from one that comes later (or itself).
    #[error(
        "opening book position {index}: it is reached from position {parent}, which is not before it"
    )]
    Parent {
        /// The position.
        index: usize,
        /// Its parent.
        parent: u64,
    },
    /// A position without moves.
    #[error("opening book position {index} has no moves")]
    NoMoves {
        /// The position.
        index: usize,
    },
    /// A move that is not on the board or not legal where it stands.
    #[error("opening book position {index}: the move {mv} is not legal there")]
    Illegal {
        /// The position.
        index: usize,
        /// The move as ICCS, or its raw bits when off the board.
        mv: String,
    },
    /// The same position twice.
    #[error("opening book position {index} repeats an earlier one")]
    Repeated {
        /// The position.
        index: usize,
    },
    /// The same move twice in one position.
    #[error("opening book position {index}: the move {mv} is listed twice")]
    RepeatedMove {
        /// The position.
        index: usize,
        /// The move (ICCS).
        mv: String,
    },
    /// A stored score past a mate in one.
    #[error(
        "opening book position {index}: the move {mv} has the score {score}, outside ±{}",
        super::MAX_STORED
    )]
    Score {
        /// The position.
        index: usize,
        /// The move (ICCS).
        mv: String,
        /// The stored score.
        score: i16,
    },
    /// A number that does not fit.
    #[error("opening book: a number at byte {at} is too large")]
    Overflow {
        /// Where it starts.
        at: usize,
    },
}

/// The book as bytes (see the module's docs).
pub fn to_bytes(book: &Book) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.push(VERSION);
    varint(&mut out, book.recipe.len() as u64);
    out.extend_from_slice(book.recipe.as_bytes());
    varint(&mut out, book.entries.len() as u64);
    for e in &book.entries {
        if let Some((parent, mv)) = e.from {
            varint(&mut out, u64::from(parent));
            out.extend_from_slice(&mv.to_bits().to_le_bytes());
        }
        let moves = &e.moves[..e.moves.len().min(255)];
        out.push(moves.len() as u8);
        for m in moves {
            out.extend_from_slice(&m.mv.to_bits().to_le_bytes());
            out.extend_from_slice(&m.stored_score.to_le_bytes());
            for n in [m.wins, m.draws, m.losses] {
                varint(&mut out, u64::from(n));
            }
        }
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Reads a book written by [`to_bytes`], replaying every position from the
/// start.
///
/// # Errors
/// A [`BookError`] naming what is wrong and where: not a book, another
/// version, truncated, damaged, a move that is not legal.
pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(BookError::NotABook);
    }
    let mut r = Reader {
        bytes,
        at: MAGIC.len(),
    };
    let version = r.byte()?;
    if version != VERSION {
        return Err(BookError::Version { found: version });
    }
    // The checksum is checked before anything is trusted, but a file that
    // ends early says so rather than "damaged".
    let body_end = bytes.len().saturating_sub(4);
    let recipe_len = r.varint()? as usize;
    let recipe = r.take(recipe_len)?;
    let recipe = std::str::from_utf8(recipe)
        .map_err(|_| BookError::Recipe)?
        .to_string();
    let count = r.varint()?;
    let mut book = Book::new(recipe);
    for index in 0..count as usize {
        let (from, position) = if index == 0 {
            (None, Position::startpos())
        } else {
            let parent = r.varint()?;
            let mv = r.mv(index)?;
            if parent >= index as u64 {
                return Err(BookError::Parent { index, parent });
            }
            let mut pos = book.entries[parent as usize].position;
            if !pos.is_legal(mv) {
                return Err(BookError::Illegal {
                    index,
                    mv: mv.to_string(),
                });
            }
            pos.make(mv);
            (Some((parent as u32, mv)), pos)
        };
        let n = r.byte()?;
        if n == 0 {
            return Err(BookError::NoMoves { index });
        }
        let mut moves: Vec<BookMove> = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let m = r.book_move(index, &position)?;
            if moves.iter().any(|earlier| earlier.mv == m.mv) {
                return Err(BookError::RepeatedMove {
                    index,
                    mv: m.mv.to_string(),
                });
            }
            moves.push(m);
        }
        if book.index.contains_key(&position.hash()) {
            return Err(BookError::Repeated { index });
        }
        book.push(from, position, moves);
    }
    if r.at > body_end || bytes.len() < r.at + 4 {
        return Err(BookError::Truncated { at: bytes.len() });
    }
    let stored = u32::from_le_bytes(
        bytes[r.at..r.at + 4]
            .try_into()
            .map_err(|_| BookError::Truncated { at: r.at })?,
    );
    if crc32fast::hash(&bytes[..r.at]) != stored {
        return Err(BookError::Checksum);
    }
    let extra = bytes.len() - (r.at + 4);
    if extra > 0 {
        return Err(BookError::Trailing { extra });
    }
    Ok(book)
}

/// LEB128: seven bits a byte, the low first, the high bit set on all but
/// the last.
fn varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// The bytes being read and where.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, BookError> {
        let b = *self
            .bytes
            .get(self.at)
            .ok_or(BookError::Truncated { at: self.at })?;
        self.at += 1;
        Ok(b)
    }

    fn take(&mut self, n: usize) -> Result<&[u8], BookError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(BookError::Truncated {
                at: self.bytes.len(),
            })?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn varint(&mut self) -> Result<u64, BookError> {
        let start = self.at;
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(BookError::Overflow { at: start })
    }

    /// One move of position `index` (at `position`): legal there, its
    /// score within ±[`super::MAX_STORED`], its counts each within a `u32`.
    fn book_move(&mut self, index: usize, position: &Position) -> Result<BookMove, BookError> {
        let mv = self.mv(index)?;
        if !position.is_legal(mv) {
            return Err(BookError::Illegal {
                index,
                mv: mv.to_string(),
            });
        }
        let score = i16::from_le_bytes([self.byte()?, self.byte()?]);
        if !(-super::MAX_STORED..=super::MAX_STORED).contains(&score) {
            return Err(BookError::Score {
                index,
                mv: mv.to_string(),
                score,
            });
        }
        let mut counts = [0u32; 3];
        for c in &mut counts {
            let at = self.at;
            *c = u32::try_from(self.varint()?).map_err(|_| BookError::Overflow { at })?;
        }
        Ok(BookMove {
            mv,
            stored_score: score,
            wins: counts[0],
            draws: counts[1],
            losses: counts[2],
        })
    }

    fn mv(&mut self, index: usize) -> Result<Move, BookError> {
        let bits = u16::from_le_bytes([self.byte()?, self.byte()?]);
        Move::from_bits(bits).ok_or(BookError::Illegal {
            index,
            mv: format!("#{bits}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Score;

    /// A small book by hand: two first moves, a reply to one.
    fn small() -> Book {
        let mut book = Book::new("by hand".into());
        let h2e2 = Move::from_iccs("h2e2").unwrap();
        let c3c4 = Move::from_iccs("c3c4").unwrap();
        let start = Position::startpos();
        book.push(
            None,
            start,
            vec![
                BookMove::new(h2e2, Score::Cp(30), [5, 10, 2]),
                BookMove::new(c3c4, Score::Cp(20), [300, 200, 100]),
            ],
        );
        let mut after = start;
        after.make(h2e2);
        let h9g7 = Move::from_iccs("h9g7").unwrap();
        book.push(
            Some((0, h2e2)),
            after,
            vec![BookMove::new(h9g7, Score::Mate(-4), [0, 1, 0])],
        );
        book
    }

    #[test]
    fn a_book_reads_back_as_written() {
        let book = small();
        let bytes = to_bytes(&book);
        let back = from_bytes(&bytes).unwrap();
        assert_eq!(back, book);
        assert_eq!(back.recipe(), "by hand");
        assert_eq!(back.depth(), 1);
        assert_eq!(to_bytes(&back), bytes);
    }

    #[test]
    fn a_truncated_book_is_an_error_at_every_length() {
        let bytes = to_bytes(&small());
        for len in 0..bytes.len() {
            let e = from_bytes(&bytes[..len]).unwrap_err();
            assert!(
                matches!(
                    e,
                    BookError::NotABook | BookError::Truncated { .. } | BookError::Checksum
                ),
                "{len}: {e:?}"
            );
        }
    }

    #[test]
    fn damaged_books_get_their_own_errors() {
        let bytes = to_bytes(&small());
        assert_eq!(from_bytes(b"PNG....."), Err(BookError::NotABook));
        let mut v2 = bytes.clone();
        v2[6] = 2;
        assert_eq!(from_bytes(&v2), Err(BookError::Version { found: 2 }));
        let mut flipped = bytes.clone();
        let last_count = bytes.len() - 5;
        flipped[last_count] ^= 0x01;
        assert_eq!(from_bytes(&flipped), Err(BookError::Checksum));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(from_bytes(&longer).is_err());
        // An illegal move, checksum and all made right: refused by the rules.
        let mut book = small();
        book.entries[1].moves[0].mv = Move::from_iccs("h9h5").unwrap();
        let e = from_bytes(&to_bytes(&book)).unwrap_err();
        assert_eq!(
            e,
            BookError::Illegal {
                index: 1,
                mv: "h9h5".into()
            }
        );
        assert!(e.to_string().contains("h9h5"), "{e}");
    }

    // Issue 53 F13: a move listed twice in one position, and a score past
    // a mate in one (which read as a mate for the other side), are refused;
    // counts at their largest sum without wrapping.
    #[test]
    fn impossible_books_are_refused_and_large_counts_add_up() {
        let mut book = small();
        let again = book.entries[0].moves[0];
        book.entries[0].moves.push(again);
        assert_eq!(
            from_bytes(&to_bytes(&book)),
            Err(BookError::RepeatedMove {
                index: 0,
                mv: "h2e2".into()
            })
        );
        for score in [i16::MIN, -30_000, 30_000, 30_500, i16::MAX] {
            let mut book = small();
            book.entries[1].moves[0].stored_score = score;
            let e = from_bytes(&to_bytes(&book)).unwrap_err();
            assert_eq!(
                e,
                BookError::Score {
                    index: 1,
                    mv: "h9g7".into(),
                    score
                }
            );
        }
        let mut book = small();
        book.entries[1].moves[0].stored_score = super::super::MAX_STORED;
        let back = from_bytes(&to_bytes(&book)).unwrap();
        assert_eq!(back.entries[1].moves[0].score(), Score::Mate(1));
        let mut book = small();
        let m = &mut book.entries[0].moves[0];
        (m.wins, m.draws, m.losses) = (u32::MAX, u32::MAX, u32::MAX);
        let back = from_bytes(&to_bytes(&book)).unwrap();
        assert_eq!(back.entries[0].moves[0].games(), 3 * u64::from(u32::MAX));
    }
}
