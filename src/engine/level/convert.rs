//! Finishing what a level starts: how a blurred level keeps a won game won.
//!
//! A weak level's mistakes belong to the middle of the game: the blurred
//! choice among reasonable moves and the careless glance. A person who
//! has learnt the game does not walk into a mate in one, end a game it is
//! winning by repeating the position, shuffle a chariot up and down for a
//! hundred moves once the opponent has nothing left, or lose by a
//! perpetual check. So, whatever its blur, a level chooses only among the
//! moves [`sound`] keeps:
//!
//! - none that allows a quick mate ([`allows_quick_mate`]: a reply that
//!   leaves it without a legal move, or a check every answer to which
//!   does) — a level looking one ply deep would not see it;
//! - none that makes a position stand for the third time (the rules end
//!   the game there: a draw, or a loss for a perpetual check or chase);
//! - once at least [`LEAD`] ahead in material ([`Stage::Ahead`]), none
//!   that returns to a position the game has seen at all.
//!
//! And once the opponent's chariots are gone as well
//! ([`Stage::Converting`], a won ending) it plays as a sharper self
//! ([`sharpened`]): at least [`DEPTH`] plies deep (it sees a mate in two),
//! a narrow blur, no careless glances. The middle game, where the ladder's
//! levels differ, is left to their blur.

use super::Persona;
use crate::rules::{Color, Move, PieceKind, Position};

/// Piece values at a glance, in centipawns (a soldier is 100; also what
/// a level's material lead is counted in, and the careless glance's
/// measure in `persona`).
pub fn glance_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Chariot => 900,
        PieceKind::Cannon => 450,
        PieceKind::Horse => 400,
        PieceKind::Advisor | PieceKind::Elephant => 200,
        PieceKind::Soldier => 100,
        PieceKind::General => 0,
    }
}

/// The material lead, in the glance's centipawns, from which a level
/// converts: a chariot, or a horse and a cannon.
pub const LEAD: i32 = 800;

/// The least depth a converting level searches.
pub const DEPTH: u32 = 3;

/// The widest blur a converting level keeps, in displayed centipawns.
pub const TEMPERATURE: i32 = 30;

/// The widest margin a converting level keeps, in displayed centipawns.
pub const MARGIN: i32 = 90;

/// The material of side `c`.
fn material(pos: &Position, c: Color) -> i32 {
    pos.pieces(c).map(|(_, p)| glance_value(p.kind)).sum()
}

/// The side to move's material lead (negative when behind).
pub fn lead(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    material(pos, us) - material(pos, us.flip())
}

/// How far along a won game the side to move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Not far enough ahead: the level plays as itself.
    Playing,
    /// At least [`LEAD`] ahead while the opponent still has a chariot:
    /// the level plays as itself but never back into a seen position.
    Ahead,
    /// At least [`LEAD`] ahead and the opponent's chariots are gone: a
    /// won ending, played by a sharper self ([`sharpened`]).
    Converting,
}

/// Where the side to move stands (see [`Stage`]).
pub fn stage(pos: &Position) -> Stage {
    if lead(pos) < LEAD {
        Stage::Playing
    } else if pos.count(pos.side_to_move().flip(), PieceKind::Chariot) > 0 {
        Stage::Ahead
    } else {
        Stage::Converting
    }
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

/// How often the position after `m` has already stood in `history`
/// (the same board, the same side to move).
fn times_seen(pos: &Position, history: &[Position], m: Move) -> usize {
    let mut after = *pos;
    after.make(m);
    let h = after.hash();
    history.iter().filter(|p| p.hash() == h).count()
}

/// The scored moves (best first) that a blurred level may choose from in
/// `stage`: none that allows a quick mate ([`allows_quick_mate`]), none
/// that makes a position stand for the third time (the rules end the
/// game there, as a draw or, for a perpetual check or chase, a loss),
/// and, once ahead ([`Stage::Ahead`] or [`Stage::Converting`]), none that
/// returns to a position seen at all. Each filter keeps every move when
/// it would leave none.
pub fn sound(
    pos: &Position,
    history: &[Position],
    stage: Stage,
    scored: &[(Move, i32)],
) -> Vec<(Move, i32)> {
    let most_seen = if stage == Stage::Playing { 1 } else { 0 };
    let kept = keep(scored, |m| times_seen(pos, history, m) <= most_seen);
    keep(&kept, |m| !allows_quick_mate(pos, m))
}

/// `scored` without the moves `ok` refuses; all of it when it refuses
/// every one.
fn keep(scored: &[(Move, i32)], ok: impl Fn(Move) -> bool) -> Vec<(Move, i32)> {
    let kept: Vec<(Move, i32)> = scored.iter().copied().filter(|&(m, _)| ok(m)).collect();
    if kept.is_empty() {
        scored.to_vec()
    } else {
        kept
    }
}

/// Does `m` let the opponent win quickly: a reply after which the side
/// to move in `pos` has no legal move (checkmated, or stalemated, which
/// loses too), or a check every answer to which allows that?
pub fn allows_quick_mate(pos: &Position, m: Move) -> bool {
    let mut after = *pos;
    after.make(m);
    wins_at_once(&after, 2)
}

/// Can the side to move in `pos` leave the other side without a legal
/// move within `checks` of its own moves, every one but the last a check?
fn wins_at_once(pos: &Position, checks: u32) -> bool {
    pos.legal_moves().iter().any(|&reply| {
        let mut then = *pos;
        then.make(reply);
        let answers = then.legal_moves();
        answers.is_empty()
            || (checks > 1
                && then.in_check()
                && answers.iter().all(|&a| {
                    let mut next = then;
                    next.make(a);
                    wins_at_once(&next, checks - 1)
                }))
    })
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
        assert_eq!(stage(&up), Stage::Converting);
        let black_to_move = pos("3ak4/4a4/9/9/9/9/9/9/4A4/R2AK4 b - - 0 1");
        assert_eq!(lead(&black_to_move), -900);
        assert_eq!(stage(&black_to_move), Stage::Playing);
        // A horse up is not yet a won game to convert.
        let horse = pos("3ak4/4a4/9/9/9/9/9/9/4A4/N2AK4 w - - 0 1");
        assert_eq!(stage(&horse), Stage::Playing);
        // Two chariots against one: ahead, but not yet a won ending.
        let two = pos("r2ak4/4a4/9/9/9/9/9/9/4A4/RR1AK4 w - - 0 1");
        assert_eq!(lead(&two), 900);
        assert_eq!(stage(&two), Stage::Ahead);
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
    fn a_move_back_into_a_seen_position_is_left_out_once_ahead_unless_all_are() {
        let start = Position::startpos();
        let h2e2 = Move::from_iccs("h2e2").unwrap();
        let h0g2 = Move::from_iccs("h0g2").unwrap();
        let mut after = start;
        after.make(h2e2);
        let scored = [(h2e2, 10), (h0g2, 5)];
        // Ahead, the position after h2e2 was seen: only h0g2 is left.
        let history = [Position::startpos(), after];
        assert_eq!(
            sound(&start, &history, Stage::Ahead, &scored),
            vec![(h0g2, 5)]
        );
        // Not ahead, a second occurrence is allowed, a third is not.
        assert_eq!(
            sound(&start, &history, Stage::Playing, &scored),
            scored.to_vec()
        );
        let twice = [Position::startpos(), after, start, after];
        assert_eq!(
            sound(&start, &twice, Stage::Playing, &scored),
            vec![(h0g2, 5)]
        );
        // Nothing seen: all kept, in order.
        assert_eq!(sound(&start, &[], Stage::Ahead, &scored), scored.to_vec());
        // Every one seen: all kept rather than none.
        let mut other = start;
        other.make(h0g2);
        assert_eq!(
            sound(&start, &[after, other], Stage::Ahead, &scored),
            scored.to_vec()
        );
    }

    #[test]
    fn a_move_that_allows_a_quick_mate_is_left_out() {
        // Red's general on d0 cannot step aside: d1 is on the black
        // chariot's rank, e0 would face the black general. A chariot
        // move up the h-file lets a5a0 mate; taking the chariot on a5
        // does not.
        let p = pos("4k4/9/9/9/r6R1/9/9/9/8r/3K5 w - - 0 1");
        let up = Move::from_iccs("h5h6").unwrap();
        let take = Move::from_iccs("h5a5").unwrap();
        assert!(allows_quick_mate(&p, up));
        assert!(!allows_quick_mate(&p, take));
        let scored = [(up, 10), (take, 5)];
        assert_eq!(sound(&p, &[], Stage::Playing, &scored), vec![(take, 5)]);
        // Every move allowing it, all are kept.
        let only = [(up, 10)];
        assert_eq!(sound(&p, &[], Stage::Playing, &only), only.to_vec());
    }
}
