//! What each side has captured: the pieces missing from the position
//! compared with the start.

use crate::rules::{Color as Side, Piece, PieceKind, Position};

/// The pieces of `victims`' side missing from `now` compared with `start`,
/// most valuable first.
pub fn captured(start: &Position, now: &Position, victims: Side) -> Vec<Piece> {
    const ORDER: [PieceKind; 6] = [
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Horse,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Soldier,
    ];
    let count = |pos: &Position, kind: PieceKind| {
        pos.pieces(victims).filter(|(_, p)| p.kind == kind).count()
    };
    let mut out = Vec::new();
    for kind in ORDER {
        let missing = count(start, kind).saturating_sub(count(now, kind));
        for _ in 0..missing {
            out.push(Piece {
                color: victims,
                kind,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captured_pieces_are_what_is_missing_from_the_start_most_valuable_first() {
        let start = Position::startpos();
        // Red has taken a black chariot and two soldiers; Black a red horse.
        let now =
            Position::from_fen("1nbakabnr/9/1c5c1/p3p3p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1")
                .expect("fen");
        let black_lost = captured(&start, &now, Side::Black);
        let kinds: Vec<PieceKind> = black_lost.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            [PieceKind::Chariot, PieceKind::Soldier, PieceKind::Soldier]
        );
        assert!(black_lost.iter().all(|p| p.color == Side::Black));
        let red_lost: Vec<PieceKind> = captured(&start, &now, Side::Red)
            .iter()
            .map(|p| p.kind)
            .collect();
        assert_eq!(red_lost, [PieceKind::Horse]);
        assert!(captured(&start, &start, Side::Red).is_empty());
    }
}
