//! The opening book: the engine's own, grown by its search.
//!
//! The book is a tree of positions from the start, each with the moves the
//! engine's search found good there: the move, the search's score for the
//! side that plays it, and how the games played on from it went for that
//! side (won, drawn, lost). The engine's self-play grows it
//! (`crate::learn::book_build`, `xiangqi book build`, its recipe in
//! `docs/book.md`); [`format`] writes and reads it. The book the
//! game ships is `assets/book/book.bin`, inside the binary ([`embedded`]).
//!
//! Who reads it: the levels, which play a book move in the opening for
//! variety (a deterministic search would play the same game every time),
//! drawn among the position's moves by how many games went through each
//! ([`Book::pick`]); the explorer, which shows the moves beside the
//! database's; `xiangqi book show`.
//!
//! Positions are found by hash, so a transposition finds its moves too.
//! Every stored position is replayed from the start when the book is read,
//! so a book whose moves are not legal is refused, not trusted.

pub mod format;

pub use format::BookError;

use crate::engine::Score;
use crate::rules::{Move, Position, Square};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The book shipped with the game (see `docs/book.md` for its recipe).
const SHIPPED: &[u8] = include_bytes!("../../../assets/book/book.bin");

/// A stored score this far from zero or farther is a mate.
const MATE_STORED: i32 = 30_000;
/// The largest stored score a book may hold (a mate in one; the file
/// reader refuses anything beyond, which would read as a mate for the
/// other side).
pub const MAX_STORED: i16 = (MATE_STORED - 1) as i16;
/// Centipawn scores are kept within this.
const CP_STORED: i32 = 20_000;

/// One move of a book position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// The engine's score of the move for the side that plays it, as
    /// stored (see [`BookMove::score`]).
    pub stored_score: i16,
    /// Games won by the side that plays it, among those played on from it.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl BookMove {
    /// A book move with its score (mates kept as mates) and results.
    pub fn new(mv: Move, score: Score, [wins, draws, losses]: [u32; 3]) -> BookMove {
        let stored = match score {
            Score::Cp(c) => c.clamp(-CP_STORED, CP_STORED),
            Score::Mate(n) if n > 0 => MATE_STORED - n.min(999),
            Score::Mate(n) => -MATE_STORED - n.max(-999),
        };
        BookMove {
            mv,
            stored_score: stored as i16,
            wins,
            draws,
            losses,
        }
    }

    /// The engine's score for the side that plays it, as players read it.
    pub fn score(&self) -> Score {
        let s = i32::from(self.stored_score);
        if s > MATE_STORED - 1000 {
            Score::Mate(MATE_STORED - s)
        } else if s < -(MATE_STORED - 1000) {
            Score::Mate(-MATE_STORED - s)
        } else {
            Score::Cp(s)
        }
    }

    /// Games played on from it (summed wide: three counts near `u32::MAX`
    /// do not wrap).
    pub fn games(&self) -> u64 {
        u64::from(self.wins) + u64::from(self.draws) + u64::from(self.losses)
    }
}

/// A book: positions by hash, each with its moves, best first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    /// The command that built it.
    recipe: String,
    /// The positions in the order they were grown (the start first), each
    /// reached from an earlier one by one move: `(parent, move, moves)`.
    entries: Vec<Entry>,
    /// Where each position's entry is.
    index: HashMap<u64, usize>,
}

/// A position of the book: how it is reached and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// The earlier entry it is reached from and the move, or `None` for
    /// the start position.
    from: Option<(u32, Move)>,
    /// The position itself (replayed from the start).
    position: Position,
    /// Its moves, best first.
    moves: Vec<BookMove>,
}

impl Book {
    /// An empty book that names its recipe.
    pub(crate) fn new(recipe: String) -> Book {
        Book {
            recipe,
            ..Book::default()
        }
    }

    /// Adds a position reached from entry `from` (its parent) by a move,
    /// or the start (`None`); returns its index. A position already in the
    /// book keeps its first entry.
    pub(crate) fn push(
        &mut self,
        from: Option<(u32, Move)>,
        position: Position,
        moves: Vec<BookMove>,
    ) -> usize {
        if let Some(&i) = self.index.get(&position.hash()) {
            return i;
        }
        let i = self.entries.len();
        self.index.insert(position.hash(), i);
        self.entries.push(Entry {
            from,
            position,
            moves,
        });
        i
    }

    /// The command that built it.
    pub fn recipe(&self) -> &str {
        &self.recipe
    }

    /// Number of positions with moves.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Has it no position at all?
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The book's moves in `pos`, best first (none when it is not in the
    /// book). A position whose mirror image (files a and i swapped, b and
    /// h, …) is in the book finds that one's moves, mirrored.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        match self.find(pos) {
            Some((i, false)) => self.entries[i].moves.clone(),
            Some((i, true)) => self.entries[i]
                .moves
                .iter()
                .map(|m| BookMove {
                    mv: mirror_move(m.mv),
                    ..*m
                })
                .collect(),
            None => Vec::new(),
        }
    }

    /// Entry `i` (in the order grown): its position and moves.
    pub(crate) fn entry(&self, i: usize) -> Option<(&Position, &[BookMove])> {
        self.entries.get(i).map(|e| (&e.position, &e.moves[..]))
    }

    /// Entry `i`'s moves, to fill in their results.
    pub(crate) fn moves_mut(&mut self, i: usize) -> Option<&mut [BookMove]> {
        self.entries.get_mut(i).map(|e| &mut e.moves[..])
    }

    /// The entry of `pos`, and whether it is its mirror image's.
    pub(crate) fn find(&self, pos: &Position) -> Option<(usize, bool)> {
        if let Some(&i) = self.index.get(&pos.hash()) {
            return Some((i, false));
        }
        let mirror = mirrored(pos)?;
        self.index.get(&mirror.hash()).map(|&i| (i, true))
    }

    /// Every position of the book with its moves, in the order grown.
    pub fn positions(&self) -> impl Iterator<Item = (&Position, &[BookMove])> {
        self.entries.iter().map(|e| (&e.position, &e.moves[..]))
    }

    /// The deepest position's ply (its moves go one ply further).
    pub fn depth(&self) -> usize {
        self.by_ply().len().saturating_sub(1)
    }

    /// How many positions the book holds at each ply from the start (the
    /// start is ply 0), as grown: a transposition counts at the ply where
    /// it was first met.
    pub fn by_ply(&self) -> Vec<usize> {
        let mut plies = vec![0usize; self.entries.len()];
        let mut counts = Vec::new();
        for (i, e) in self.entries.iter().enumerate() {
            if let Some((parent, _)) = e.from {
                plies[i] = plies[parent as usize] + 1;
            }
            if counts.len() <= plies[i] {
                counts.resize(plies[i] + 1, 0);
            }
            counts[plies[i]] += 1;
        }
        counts
    }

    /// A move for `pos` drawn with `roll` (any random number), weighted by
    /// the games played on from each move (one more than that, so a move
    /// without games can still be drawn); `None` when the position is not
    /// in the book.
    pub fn pick(&self, pos: &Position, roll: u64) -> Option<Move> {
        let moves = self.moves(pos);
        let moves = &moves[..];
        let weight = |m: &BookMove| m.games().saturating_add(1);
        let total: u64 = moves.iter().map(weight).sum();
        if total == 0 {
            return None;
        }
        let mut r = roll % total;
        for m in moves {
            if r < weight(m) {
                return pos.is_legal(m.mv).then_some(m.mv);
            }
            r -= weight(m);
        }
        None
    }
}

/// The position seen in a mirror (files a and i swapped, b and h, …).
pub(crate) fn mirrored(pos: &Position) -> Option<Position> {
    crate::ecco::mirrored(pos)
}

/// The move seen in a mirror.
pub fn mirror_move(m: Move) -> Move {
    let flip = |sq: Square| Square::new(8 - sq.file(), sq.rank()).unwrap_or(sq);
    Move::new(flip(m.from()), flip(m.to()))
}

/// The book shipped with the game, read once. A damaged shipped book (a
/// build gone wrong) is an empty book and a line on stderr, never a crash:
/// the levels then search from the first move and the explorer shows the
/// database alone; a test reads the shipped file and fails on it.
pub fn embedded() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        format::from_bytes(SHIPPED).unwrap_or_else(|e| {
            eprintln!("warning: the shipped opening book cannot be read: {e}");
            Book::default()
        })
    })
}

/// A move of the shipped book for `pos`, drawn with `roll` (see
/// [`Book::pick`]).
pub fn pick(pos: &Position, roll: u64) -> Option<Move> {
    embedded().pick(pos, roll)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_shipped_book_reads_and_every_move_is_legal() {
        let book = format::from_bytes(SHIPPED).expect("the shipped book reads");
        assert!(book.len() > 100, "{} positions", book.len());
        for (pos, moves) in book.positions() {
            assert!(!moves.is_empty());
            for m in moves {
                assert!(pos.is_legal(m.mv), "{} in {}", m.mv, pos.fen());
            }
        }
        assert!(book.depth() >= 10, "deepest ply {}", book.depth());
    }

    #[test]
    fn the_start_position_offers_several_first_moves() {
        let start = Position::startpos();
        assert!(embedded().moves(&start).len() >= 4);
        let firsts: HashSet<Move> = (0..400)
            .filter_map(|i| pick(&start, i * 7919 + 13))
            .collect();
        assert!(firsts.len() >= 3, "{firsts:?}");
        // A position out of the book has no move.
        let mut pos = start;
        for m in ["a3a4", "a6a5", "a0a1", "a9a8", "a1b1"] {
            pos.make(Move::from_iccs(m).unwrap());
        }
        assert_eq!(pick(&pos, 1), None);
    }

    #[test]
    fn the_shipped_book_covers_the_main_openings() {
        // 中炮对屏风马, 顺炮, 仙人指路, 飞相局: their first moves are there.
        let book = embedded();
        let mut pos = Position::startpos();
        let firsts: Vec<String> = book.moves(&pos).iter().map(|m| m.mv.to_string()).collect();
        assert!(firsts.contains(&"h2e2".to_string()), "{firsts:?}");
        pos.make(Move::from_iccs("h2e2").unwrap());
        assert!(book.moves(&pos).len() >= 2);
    }

    #[test]
    fn scores_keep_mates_as_mates() {
        let m = Move::from_iccs("h2e2").unwrap();
        for s in [
            Score::Cp(35),
            Score::Cp(-120),
            Score::Mate(3),
            Score::Mate(-2),
        ] {
            assert_eq!(BookMove::new(m, s, [0, 0, 0]).score(), s);
        }
        assert_eq!(
            BookMove::new(m, Score::Cp(99_999), [0, 0, 0]).score(),
            Score::Cp(CP_STORED)
        );
    }
}
