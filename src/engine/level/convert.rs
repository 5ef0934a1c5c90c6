//! Converting a won game: how a blurred level plays once it is well ahead.
//!
//! A weak level's mistakes belong to the middle of the game: the blurred
//! choice among reasonable moves and the careless glance. A person who
//! has won a chariot does not then shuffle it up and down for a hundred
//! moves, repeat the position or walk into a mate in one; so once a level
//! is at least [`LEAD`] ahead in material it plays as a sharper self
//! ([`sharpened`]): at least [`DEPTH`] plies deep (it sees a mate in two
//! and the opponent's mate in one), a narrow blur, no careless glances,
//! and never a move back into a position the game has already seen
//! ([`fresh`]). The engine's search counts repetitions and the move limit
//! as draws, so a sharper search steers away from both by itself.

use super::Persona;
use crate::rules::{Color, Move, PieceKind, Position};

/// The material lead, in the glance's centipawns, from which a level
/// converts: a chariot, or a horse and a cannon.
pub const LEAD: i32 = 800;

/// The least depth a converting level searches.
pub const DEPTH: u32 = 3;

/// The widest blur a converting level keeps, in displayed centipawns.
pub const TEMPERATURE: i32 = 30;

/// The widest margin a converting level keeps, in displayed centipawns.
pub const MARGIN: i32 = 90;

/// What a piece is worth for the lead (a soldier is 100).
pub fn material_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Chariot => 900,
        PieceKind::Cannon => 450,
        PieceKind::Horse => 400,
        PieceKind::Advisor | PieceKind::Elephant => 200,
        PieceKind::Soldier => 100,
        PieceKind::General => 0,
    }
}

/// The material of side `c`.
fn material(pos: &Position, c: Color) -> i32 {
    pos.pieces(c).map(|(_, p)| material_value(p.kind)).sum()
}

/// The side to move's material lead (negative when behind).
pub fn lead(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    material(pos, us) - material(pos, us.flip())
}

/// Is the side to move far enough ahead to convert?
pub fn converting(pos: &Position) -> bool {
    lead(pos) >= LEAD
}

/// How `persona` plays when converting: its own limits, at least
/// [`DEPTH`] deep, its blur narrowed to [`TEMPERATURE`] and [`MARGIN`],
/// no careless glances. The full-strength levels (no blur) are left as
/// they are.
pub fn sharpened(persona: &Persona) -> Persona {
    if persona.temperature == 0 {
        return *persona;
    }
    Persona {
        depth: persona.depth.max(DEPTH),
        temperature: persona.temperature.min(TEMPERATURE),
        margin: persona.margin.min(MARGIN),
        careless: 0,
        ..*persona
    }
}

/// The scored moves (best first) without those that return to a position
/// of `history` (the same board, the same side to move); all of them when
/// every one does.
pub fn fresh(pos: &Position, history: &[Position], scored: &[(Move, i32)]) -> Vec<(Move, i32)> {
    let seen: Vec<u64> = history.iter().map(Position::hash).collect();
    let kept: Vec<(Move, i32)> = scored
        .iter()
        .copied()
        .filter(|&(m, _)| {
            let mut after = *pos;
            after.make(m);
            !seen.contains(&after.hash())
        })
        .collect();
    if kept.is_empty() {
        scored.to_vec()
    } else {
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Level;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn the_lead_counts_material_from_the_side_to_move() {
        let start = Position::startpos();
        assert_eq!(lead(&start), 0);
        // Red has a chariot and two advisors against two advisors.
        let up = pos("3ak4/4a4/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1");
        assert_eq!(lead(&up), 900);
        assert!(converting(&up));
        let black_to_move = pos("3ak4/4a4/9/9/9/9/9/9/4A4/R2AK4 b - - 0 1");
        assert_eq!(lead(&black_to_move), -900);
        assert!(!converting(&black_to_move));
        // A horse up is not yet a won game to convert.
        let horse = pos("3ak4/4a4/9/9/9/9/9/9/4A4/N2AK4 w - - 0 1");
        assert!(!converting(&horse));
    }

    #[test]
    fn a_sharpened_level_looks_deeper_and_blurs_less() {
        let l1 = Level::MIN.persona();
        let s = sharpened(&l1);
        assert_eq!(s.depth, DEPTH.max(l1.depth));
        assert!(s.temperature <= TEMPERATURE && s.temperature > 0);
        assert!(s.margin <= MARGIN);
        assert_eq!(s.careless, 0);
        assert_eq!(s.millis, l1.millis);
        // The full engine is left alone.
        assert_eq!(sharpened(&Level::MAX.persona()), Level::MAX.persona());
    }

    #[test]
    fn a_move_back_into_a_seen_position_is_left_out_unless_all_are() {
        let start = Position::startpos();
        let h2e2 = Move::from_iccs("h2e2").unwrap();
        let h0g2 = Move::from_iccs("h0g2").unwrap();
        let mut after = start;
        after.make(h2e2);
        let scored = [(h2e2, 10), (h0g2, 5)];
        // The position after h2e2 was seen: only h0g2 is left.
        let kept = fresh(&start, &[Position::startpos(), after], &scored);
        assert_eq!(kept, vec![(h0g2, 5)]);
        // Nothing seen: all kept, in order.
        assert_eq!(fresh(&start, &[], &scored), scored.to_vec());
        // Every one seen: all kept rather than none.
        let mut other = start;
        other.make(h0g2);
        assert_eq!(fresh(&start, &[after, other], &scored), scored.to_vec());
    }
}
