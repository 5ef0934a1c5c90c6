//! A small opening book of the project's own, for variety.
//!
//! A deterministic search plays the same game every time. The first few
//! moves are therefore drawn at random from a handful of mainstream
//! openings (central cannon against screen horses, same- and
//! opposite-direction cannons, the pawn, elephant and horse openings, the
//! palace-corner cannons), weighted by how many lines pass through each move.
//! Positions are matched by hash, so transpositions are found too.

use crate::rules::{Move, Position};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The lines, in ICCS coordinates from the start position.
const LINES: &[&str] = &[
    // 中炮对屏风马 (central cannon vs screen horses)
    "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 c6c5",
    "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 c3c4 b9c7",
    "h2e2 h9g7 h0g2 b9c7 i0h0 i9h9",
    "h2e2 h9g7 b0c2 b9c7 a0b0 a9b9",
    // 顺炮 (same-direction cannons)
    "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9",
    // 列炮 (opposite-direction cannons)
    "h2e2 b7e7 h0g2 b9c7 i0h0 a9b9",
    // 中炮对反宫马 style
    "h2e2 b9c7 h0g2 a9b9 i0h0 h9g7",
    // 仙人指路 (pawn opening) and 卒底炮
    "c3c4 b7c7 b2e2 c9e7 b0a2 b9d8",
    "c3c4 g6g5 b0c2 h9g7 h0g2 b9c7",
    "c3c4 h9g7 h0g2 g6g5",
    "g3g4 c6c5 h0g2 b9c7",
    // 飞相局 (elephant openings)
    "g0e2 g6g5 h0g2 h9g7 i0h0 i9h9",
    "g0e2 h7e7 h0g2 h9g7",
    "c0e2 c6c5 b0c2 b9c7",
    // 起马局 (horse openings)
    "h0g2 g6g5 g3g4 h9g7",
    "b0c2 c6c5 c3c4 b9c7",
    // 左中炮, 仕角炮, 过宫炮
    "b2e2 b9c7 b0c2 a9b9",
    "h2f2 h9g7 h0g2 i9h9",
    "h2d2 h9g7 h0g2 i9h9",
];

type Book = HashMap<u64, Vec<(Move, u32)>>;

fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        let mut book: Book = HashMap::new();
        for line in LINES {
            let mut pos = Position::startpos();
            for word in line.split_whitespace() {
                let Some(m) = Move::from_iccs(word) else {
                    break;
                };
                if !pos.is_legal(m) {
                    break;
                }
                let entry = book.entry(pos.hash()).or_default();
                match entry.iter_mut().find(|(bm, _)| *bm == m) {
                    Some((_, w)) => *w += 1,
                    None => entry.push((m, 1)),
                }
                pos.make(m);
            }
        }
        book
    })
}

/// A book move for `pos`, drawn by weight with `roll` (any random number),
/// or `None` when the position is not in the book.
pub fn pick(pos: &Position, roll: u64) -> Option<Move> {
    let moves = book().get(&pos.hash())?;
    let total: u32 = moves.iter().map(|(_, w)| w).sum();
    let mut r = (roll % total as u64) as u32;
    for &(m, w) in moves {
        if r < w {
            return pos.is_legal(m).then_some(m);
        }
        r -= w;
    }
    None
}

/// Number of positions in the book (for tests).
pub fn len() -> usize {
    book().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_book_line_is_legal_from_the_start() {
        for line in LINES {
            let mut pos = Position::startpos();
            for word in line.split_whitespace() {
                let m = Move::from_iccs(word).unwrap();
                assert!(pos.is_legal(m), "{word} in {line}");
                pos.make(m);
            }
        }
        assert!(len() > 20);
    }

    #[test]
    fn the_start_position_offers_several_first_moves() {
        let start = Position::startpos();
        let firsts: std::collections::HashSet<Move> =
            (0..200).filter_map(|i| pick(&start, i * 7919)).collect();
        assert!(firsts.len() >= 5, "{firsts:?}");
    }
}
