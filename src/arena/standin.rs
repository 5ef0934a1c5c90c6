//! Stand-ins for people, as match players (`builtin:beginner`,
//! `builtin:random`): the measuring sticks for the weakest levels, which
//! must give someone who has just learned the moves a real game.
//!
//! - **Random**: any legal move, uniformly.
//! - **Beginner**: knows the rules and what the pieces are worth, nothing
//!   more. It takes the most valuable piece it can (whatever it costs), and
//!   otherwise plays a random move that does not leave the moved piece where
//!   it can be taken; when every move does, any move.

use crate::engine::rng::Rng;
use crate::rules::{Move, PieceKind, Position};

/// Which stand-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandIn {
    /// Any legal move.
    Random,
    /// Rules and piece values only.
    Beginner,
}

/// What a beginner thinks a piece is worth (a soldier is 1).
fn value(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Chariot => 9,
        PieceKind::Cannon => 5,
        PieceKind::Horse => 4,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Soldier => 1,
        // Never on the board to be taken.
        PieceKind::General => 0,
    }
}

/// The stand-in's move in `pos`; `None` when there is no legal move.
pub fn choose(kind: StandIn, pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    if moves.is_empty() {
        return None;
    }
    let pick = |list: &[Move], rng: &mut Rng| list[(rng.next_u64() % list.len() as u64) as usize];
    if kind == StandIn::Random {
        return Some(pick(&moves, rng));
    }
    // The most valuable piece it can take.
    let best_take = moves
        .iter()
        .filter_map(|m| pos.piece_at(m.to()).map(|p| value(p.kind)))
        .max();
    if let Some(v) = best_take {
        let takes: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| pos.piece_at(m.to()).map(|p| value(p.kind)) == Some(v))
            .collect();
        return Some(pick(&takes, rng));
    }
    // A move that does not leave the moved piece to be taken.
    let safe: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut after = *pos;
            after.make(m);
            !after.legal_captures().iter().any(|c| c.to() == m.to())
        })
        .collect();
    Some(if safe.is_empty() {
        pick(&moves, rng)
    } else {
        pick(&safe, rng)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn the_beginner_takes_the_most_valuable_piece_and_keeps_its_own_safe() {
        // The red chariot on a5 can take a black horse (e5) or a soldier (a4).
        let p = pos("3k5/9/9/9/R3n4/p8/9/9/9/4K4 w - - 0 1");
        for seed in 0..20 {
            let m = choose(StandIn::Beginner, &p, &mut Rng::new(seed)).unwrap();
            assert_eq!(m, Move::from_iccs("a5e5").unwrap(), "seed {seed}");
        }
        // Nothing to take: it never puts the moved piece where it is taken.
        let p = pos("3k5/9/4n4/9/9/9/9/9/9/R3K4 w - - 0 1");
        for seed in 0..50 {
            let m = choose(StandIn::Beginner, &p, &mut Rng::new(seed)).unwrap();
            let mut after = p;
            after.make(m);
            assert!(
                !after.legal_captures().iter().any(|c| c.to() == m.to()),
                "seed {seed}: {m} leaves the piece to be taken"
            );
        }
    }

    #[test]
    fn the_random_mover_plays_legal_moves_and_none_when_mated() {
        let start = Position::startpos();
        let legal = start.legal_moves();
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let m = choose(StandIn::Random, &start, &mut Rng::new(seed)).unwrap();
            assert!(legal.contains(&m));
            seen.insert(m);
        }
        assert!(seen.len() > 20, "random moves vary: {}", seen.len());
        // Mated: no move.
        let mated = pos("3k5/9/9/9/9/9/9/9/3R5/3RK4 b - - 0 1");
        assert!(mated.legal_moves().is_empty());
        assert_eq!(choose(StandIn::Beginner, &mated, &mut Rng::new(1)), None);
    }
}
