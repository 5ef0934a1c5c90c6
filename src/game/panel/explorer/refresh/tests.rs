use super::*;
use crate::rules::Move;

fn lines(games: usize, book: usize) -> Vec<Line> {
    let line = |source| Line {
        mv: Move::from_iccs("h2e2").unwrap(),
        source,
        tally: Tally::default(),
        score: None,
    };
    (0..games)
        .map(|_| line(Source::Database))
        .chain((0..book).map(|_| line(Source::Book)))
        .collect()
}

#[test]
fn the_book_keeps_a_third_of_the_rows_when_both_have_more() {
    // 10 database moves (0–9), 5 book moves (10–14).
    let all = lines(10, 5);
    assert_eq!(visible(&all, 6), [0, 1, 2, 3, 10, 11]);
    assert_eq!(visible(&all, 3), [0, 1, 10]);
    // The database short: the book fills the rest, and the other way.
    assert_eq!(visible(&lines(1, 5), 4), [0, 1, 2, 3]);
    assert_eq!(visible(&lines(5, 1), 4), [0, 1, 2, 5]);
    // No database at all: the book alone.
    assert_eq!(visible(&lines(0, 5), 8), [0, 1, 2, 3, 4]);
    assert!(visible(&lines(3, 3), 0).is_empty());
}
