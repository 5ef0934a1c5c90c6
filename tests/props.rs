//! Property tests over positions reached by random playouts: make/unmake
//! restores everything, the incremental hash equals a recomputation, FEN
//! round-trips, and the legal move list agrees with the single-move checks.

use proptest::prelude::*;
use xiangqi::rules::{Position, Square};

/// Plays `choices.len()` pseudo-random legal moves from the start.
fn playout(choices: &[u16]) -> Vec<Position> {
    let mut p = Position::startpos();
    let mut seen = vec![p];
    for &c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.make(moves[c as usize % moves.len()]);
        seen.push(p);
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn make_unmake_restores_board_and_hash(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        for p in playout(&choices) {
            let mut q = p;
            for &m in p.legal_moves().iter() {
                let u = q.make(m);
                prop_assert_eq!(q.hash(), q.compute_hash(), "incremental hash after {}", m);
                q.unmake(m, u);
                prop_assert_eq!(q, p, "unmake of {}", m);
            }
            if !p.in_check() {
                let u = q.make_null();
                prop_assert_eq!(q.hash(), q.compute_hash());
                q.unmake_null(u);
                prop_assert_eq!(q, p);
            }
        }
    }

    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        for p in playout(&choices) {
            let fen = p.fen();
            let q = Position::from_fen(&fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
            prop_assert_eq!(q, p);
            prop_assert_eq!(q.fen(), fen);
        }
    }

    #[test]
    fn legal_moves_agree_with_is_legal_and_play(choices in prop::collection::vec(any::<u16>(), 0..100)) {
        let last = *playout(&choices).last().unwrap();
        let legal = last.legal_moves();
        let captures = last.legal_captures();
        for from in Square::all() {
            for to in Square::all() {
                let m = xiangqi::rules::Move::new(from, to);
                let listed = legal.contains(&m);
                prop_assert_eq!(last.is_legal(m), listed, "is_legal({}) in {}", m, last.fen());
                let mut q = last;
                prop_assert_eq!(q.play(m).is_ok(), listed);
                prop_assert_eq!(captures.contains(&m), listed && last.piece_at(to).is_some());
            }
        }
        // No legal move leaves the mover's own general attacked.
        for &m in legal.iter() {
            let mut q = last;
            q.make(m);
            prop_assert!(!q.king_attacked(last.side_to_move()), "{} leaves the general attacked", m);
        }
    }
}
