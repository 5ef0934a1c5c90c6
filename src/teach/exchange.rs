//! Static exchange on one point, played out by the rules: each side takes
//! back with its least valuable piece that may legally take, and stops
//! when taking back would lose more than it wins. What a capture wins is
//! what a player counts before making it.

use super::board::value;
use crate::rules::{Move, Position, Square};

/// A general counts as more than everything else together.
const GENERAL: i32 = 10_000;

fn worth(pos: &Position, sq: Square) -> i32 {
    match pos.piece_at(sq) {
        Some(p) if p.kind == crate::rules::PieceKind::General => GENERAL,
        Some(p) => value(p, sq),
        None => 0,
    }
}

/// The side to move's least valuable legal capture onto `sq`.
pub(super) fn least_taker(pos: &Position, sq: Square) -> Option<Move> {
    pos.legal_captures()
        .iter()
        .copied()
        .filter(|m| m.to() == sq)
        .min_by_key(|m| worth(pos, m.from()))
}

/// What the side to move gains on `sq` by taking there first with its
/// least valuable piece and then as long as it pays (0 if it should not
/// start).
fn gain_on(pos: &Position, sq: Square) -> i32 {
    let Some(m) = least_taker(pos, sq) else {
        return 0;
    };
    exchange(pos, m).max(0)
}

/// The material the side to move wins by the capture `m` and the best
/// exchange that follows on its point (negative: it loses material).
/// A move that takes nothing counts what it loses if the moved piece is
/// then taken.
pub fn exchange(pos: &Position, m: Move) -> i32 {
    let taken = worth(pos, m.to());
    let mut after = *pos;
    if after.play(m).is_err() {
        return 0;
    }
    taken - gain_on(&after, m.to())
}

/// The side to move's best capture by the exchange it wins (onto `sq`
/// only, when given), and that gain.
pub fn best_capture(pos: &Position, sq: Option<Square>) -> Option<(i32, Move)> {
    pos.legal_captures()
        .iter()
        .copied()
        .filter(|m| sq.is_none_or(|s| m.to() == s))
        .map(|m| (exchange(pos, m), m))
        .max_by_key(|&(g, _)| g)
}

/// What the opponent of the side to move wins by the best capture it
/// could make on `sq` were it its turn (0: the point is safe).
pub fn threatened_on(pos: &Position, sq: Square) -> i32 {
    let mut passed = *pos;
    if pos.in_check() {
        return 0;
    }
    passed.make_null();
    gain_on(&passed, sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn an_exchange_counts_what_each_side_takes_back() {
        // Red's chariot takes an undefended horse: +400.
        let pos = at("4k4/9/9/9/4n4/9/9/9/4R4/3K5 w");
        assert_eq!(exchange(&pos, Move::from_iccs("e1e5").unwrap()), 400);
        // The same horse defended by a chariot: the chariot is taken back.
        let pos = at("4k4/4r4/9/9/4n4/9/9/9/4R4/3K5 w");
        assert_eq!(exchange(&pos, Move::from_iccs("e1e5").unwrap()), 400 - 900);
        // A soldier takes the defended horse and is taken back: it counts
        // two once across the river.
        let pos = at("4k4/4r4/9/9/4n4/4P4/9/9/9/3K5 w");
        assert_eq!(exchange(&pos, Move::from_iccs("e4e5").unwrap()), 400 - 200);
        // On Black's turn, the horse on e5 is what Red threatens to win.
        let pos = at("4k4/9/9/9/4n4/9/9/9/4R4/3K5 b");
        assert_eq!(threatened_on(&pos, Square::parse("e5").unwrap()), 400);
    }
}
