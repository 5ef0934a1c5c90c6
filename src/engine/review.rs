//! Game review: every position of a game searched, every move judged by
//! how much it gave away against the engine's best.
//!
//! A move is judged by the drop in the mover's *expected score* (0 = lost,
//! ½ = level, 1 = won), not in centipawns, so judgements are mate-aware
//! and fair at the extremes: a score is mapped through the logistic curve
//! [`expected`] (a mate for the mover is 1, a mate against it 0), so
//! falling from −15 to −25 in a lost position costs little (a "good" move), while
//! falling from +1 to −1 in a balanced one costs a lot.
//!
//! | judgement | expected score given away |
//! |---|---|
//! | best | none: the engine's own move, or one that scores as well |
//! | excellent | under 0.02 |
//! | good | under 0.05 |
//! | inaccuracy | under 0.10 |
//! | mistake | under 0.20 |
//! | blunder | 0.20 or more |
//!
//! One more rule: a move that lets a forced mate in (the score after it is
//! a mate against the mover, and before it was not) is a blunder, unless
//! the position was already hopeless (expected score under 0.02: about
//! −4.1 on the display's promise), when it
//! is a mistake.
//!
//! Scores keep the engine's display promise ([`super::DISPLAY_SCALE`]:
//! +1.00 is an expected score of 72 %, +2.00 of 87 %). Leaving a chariot
//! (about 3.6) to be taken for nothing in a level position costs about
//! 0.47 (a blunder); allowing a mate in one from a level position costs
//! 0.5; a soldier (about 0.40) given away near level costs about 0.09 (an
//! inaccuracy). A side's *accuracy* averages, over its moves,
//! `103.17 · e^(−4.354 · loss) − 3.17` (loss as above), clamped to
//! 0–100 %: 100 % for best moves, about 65 % for a 0.10 loss, 0 for a
//! loss of 0.8 or more (Lichess's curve, on the same scale).

use super::{Engine, Limits, Score, SearchRequest};
use crate::rules::{Color, Move, Position};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// Centipawns of advantage that make the expected score `1/(1+e^-1)` ≈ 73 %:
/// the promise every score the engine reports keeps ([`super::DISPLAY_SCALE`]).
pub const EXPECTED_SCALE: f64 = super::DISPLAY_SCALE as f64;

/// An expected score under which a position is already hopeless: letting
/// a mate in from there is a mistake, not a blunder.
const HOPELESS: f64 = 0.02;

/// The mover's expected score (0..=1) for a score from its side.
pub fn expected(score: Score) -> f64 {
    expected_on(score, EXPECTED_SCALE)
}

/// The expected score were the scale `scale` instead of the display
/// scale: what `xiangqi calibrate --scale` checks a refit's candidate with.
pub fn expected_on(score: Score, scale: f64) -> f64 {
    match score {
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
        Score::Cp(cp) => 1.0 / (1.0 + (-f64::from(cp) / scale).exp()),
    }
}

/// How good a move was, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// The engine's move, or one that scores as well.
    Best,
    /// Gives away under 0.02 of the expected score.
    Excellent,
    /// Under 0.05.
    Good,
    /// Under 0.10.
    Inaccuracy,
    /// Under 0.20.
    Mistake,
    /// 0.20 or more.
    Blunder,
}

impl Judgement {
    /// All judgements, best first.
    pub const ALL: [Judgement; 6] = [
        Judgement::Best,
        Judgement::Excellent,
        Judgement::Good,
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The judgement for a move that gave away `loss` of the expected
    /// score (`best`: it is the engine's own move).
    pub fn from_loss(loss: f64, best: bool) -> Judgement {
        match loss {
            _ if best || loss <= 0.0 => Judgement::Best,
            l if l < 0.02 => Judgement::Excellent,
            l if l < 0.05 => Judgement::Good,
            l if l < 0.10 => Judgement::Inaccuracy,
            l if l < 0.20 => Judgement::Mistake,
            _ => Judgement::Blunder,
        }
    }

    /// The English word, as `xiangqi review` prints it.
    pub fn word(self) -> &'static str {
        match self {
            Judgement::Best => "best",
            Judgement::Excellent => "excellent",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// The usual annotation symbol (none for best, excellent and good).
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
            _ => "",
        }
    }

    /// A mistake worth practising (a mistake or a blunder).
    pub fn is_serious(self) -> bool {
        self >= Judgement::Mistake
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The engine's view of one position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionReview {
    /// Score for the side to move.
    pub score: Score,
    /// The engine's move ([`Move::NULL`] when there is none).
    pub best: Move,
    /// The engine's line, starting with `best`.
    pub line: Vec<Move>,
    /// Depth reached.
    pub depth: u32,
}

impl PositionReview {
    /// The score from Red's side, given who is to move (`Mate(0)`, the
    /// side to move is mated, keeps no sign: check for it first).
    pub fn red_score(&self, to_move: Color) -> Score {
        self.score.for_red(to_move)
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Ply index: 0 for the first move.
    pub ply: usize,
    /// Who played it.
    pub side: Color,
    /// The move played.
    pub played: Move,
    /// The engine's view before the move (its best move and line).
    pub before: PositionReview,
    /// The mover's score after the move (the next position's score,
    /// negated; `Mate(0)` if the move mated).
    pub after: Score,
    /// Expected score given away (0 for the best move).
    pub loss: f64,
    /// The verdict.
    pub judgement: Judgement,
}

/// Counts and accuracy of one side's moves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves per judgement, in [`Judgement::ALL`] order.
    pub counts: [u32; 6],
    /// Average accuracy in percent (0 with no moves).
    pub accuracy: f64,
    /// Moves judged.
    pub moves: u32,
}

impl SideSummary {
    /// How many moves got `j`.
    pub fn count(&self, j: Judgement) -> u32 {
        self.counts[j as usize]
    }
}

/// Why one of the best moves may be worth a sentence ([`GameReview::noting`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Noting {
    /// It answers a mistake or blunder the opponent made just before.
    pub punishes: bool,
    /// The side's previous move was best or excellent too, so a mate it
    /// began was told there.
    pub follows_best: bool,
}

/// A whole game reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// The engine's view of every position, from the start to after the
    /// last move (one more than there are moves).
    pub positions: Vec<PositionReview>,
    /// Every move, judged.
    pub moves: Vec<MoveReview>,
}

impl GameReview {
    /// Counts and accuracy for `side`.
    pub fn summary(&self, side: Color) -> SideSummary {
        let mut s = SideSummary::default();
        let mut total = 0.0;
        for m in self.moves.iter().filter(|m| m.side == side) {
            s.counts[m.judgement as usize] += 1;
            s.moves += 1;
            total += move_accuracy(m.loss);
        }
        if s.moves > 0 {
            s.accuracy = total / f64::from(s.moves);
        }
        s
    }

    /// Whether move `i` (0 = the first) is one of the best moves a review
    /// may say something about: judged best or excellent, and not just the
    /// next move of a mate its side's previous best move had already
    /// forced.
    /// The teacher then tells it only when the rules show what it does
    /// ([`crate::teach::strong`]).
    pub fn noting(&self, i: usize) -> Option<Noting> {
        let m = self.moves.get(i)?;
        if m.judgement > Judgement::Excellent {
            return None;
        }
        let best = |j: usize| self.moves[j].judgement <= Judgement::Excellent;
        let follows_best = i >= 2 && best(i - 2);
        // The opponent was already being mated when it moved last, by a
        // mate the side's previous move began (and was told with).
        let mated = |p: usize| matches!(self.positions.get(p).map(|p| p.score), Some(Score::Mate(n)) if n < 0);
        if follows_best && mated(i - 1) {
            return None;
        }
        Some(Noting {
            punishes: i >= 1 && self.moves[i - 1].judgement >= Judgement::Mistake,
            follows_best,
        })
    }

    /// The evaluation curve for a graph: Red's expected score (0..=1) at
    /// every position, start to end.
    pub fn curve(&self, start: &Position, moves: &[Move]) -> Vec<f64> {
        let mut pos = *start;
        let mut out = Vec::with_capacity(self.positions.len());
        for (i, p) in self.positions.iter().enumerate() {
            let e = expected(p.score);
            out.push(if pos.side_to_move() == Color::Red {
                e
            } else {
                1.0 - e
            });
            if let Some(&m) = moves.get(i) {
                pos.make(m);
            }
        }
        out
    }
}

/// Accuracy (0..=100) of a move that gave away `loss` of the expected score.
pub fn move_accuracy(loss: f64) -> f64 {
    if loss <= 0.0 {
        return 100.0;
    }
    (103.1668 * (-4.354 * loss).exp() - 3.1669).clamp(0.0, 100.0)
}

/// The review stopped before the end (the stop flag was set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the review was cancelled")]
pub struct Cancelled;

/// A move of the game is not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {ply} ({mv}) is not legal in {fen}")]
pub struct IllegalInGame {
    /// 1-based ply.
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The position it was played in.
    pub fen: String,
}

/// Why a review did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// Stopped by the caller.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
    /// The game itself is wrong.
    #[error(transparent)]
    Illegal(#[from] IllegalInGame),
    /// The engine reviewing it failed (what it said).
    #[error("{0}")]
    Engine(String),
}

/// Reviews the game `moves` from `start`: searches every position within
/// `limits`, then judges each move. `progress(done, total)` is called after
/// each position. Setting `stop` cancels the review.
pub fn review_game(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    limits: &Limits,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameReview, ReviewError> {
    review_with::<std::convert::Infallible>(start, moves, stop, progress, &mut |pos, history| {
        let request = SearchRequest::new(pos, history, stop).limits(limits.clone());
        let result = engine.search(&request, &mut |_| {});
        Ok(PositionReview {
            score: result.score,
            best: result.best,
            line: result.pv,
            depth: result.depth,
        })
    })
}

/// [`review_game`] with any engine: `view(position, history)` gives the
/// engine's view of each position (an external engine's, say); its error
/// ends the review as [`ReviewError::Engine`].
pub fn review_with<E: std::fmt::Display>(
    start: &Position,
    moves: &[Move],
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
    view: &mut dyn FnMut(&Position, &[Position]) -> Result<PositionReview, E>,
) -> Result<GameReview, ReviewError> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(*start);
    for (i, &m) in moves.iter().enumerate() {
        let mut p = *positions.last().expect("never empty");
        if !p.is_legal(m) {
            return Err(IllegalInGame {
                ply: i + 1,
                mv: m,
                fen: p.fen(),
            }
            .into());
        }
        p.make(m);
        positions.push(p);
    }
    let total = positions.len();
    let mut views = Vec::with_capacity(total);
    for i in 0..total {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(Cancelled.into());
        }
        let pos = &positions[i];
        let seen = view(pos, &positions[..i]).map_err(|e| ReviewError::Engine(e.to_string()))?;
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(Cancelled.into());
        }
        views.push(seen);
        progress(i + 1, total);
    }
    Ok(judge_game(start, moves, views))
}

/// Judges every move of the game `moves` from `start` given the engine's
/// view of every position (`views`: one more than there are moves, as
/// [`review_game`] finds them). A stored review is judged again this way
/// when it is read back, so it follows the thresholds of the version
/// reading it. The moves must be legal (as [`review_game`] checks).
///
/// # Panics
/// Never: missing views judge only the moves that have both.
pub fn judge_game(start: &Position, moves: &[Move], views: Vec<PositionReview>) -> GameReview {
    let mut pos = *start;
    let mut judged = Vec::with_capacity(moves.len());
    for (i, &played) in moves.iter().enumerate() {
        let (Some(before), Some(next)) = (views.get(i), views.get(i + 1)) else {
            break;
        };
        let side = pos.side_to_move();
        pos.make(played);
        let before = before.clone();
        let after = next.score.negate();
        // `1 - expected(next)`, not `expected(after)`: a mate just
        // given is `Mate(0)` for the side mated, which has no sign to flip.
        let loss = expected(before.score) - (1.0 - expected(next.score));
        // The side to move next has a mate: this move let it in. (A mate
        // just given is `Mate(0)` for the side mated, not a mate let in.)
        let lets_mate_in = matches!(next.score, Score::Mate(n) if n > 0)
            && !matches!(before.score, Score::Mate(n) if n <= 0);
        let mut judgement = Judgement::from_loss(loss, played == before.best);
        if lets_mate_in && played != before.best {
            let floor = if expected(before.score) >= HOPELESS {
                Judgement::Blunder
            } else {
                Judgement::Mistake
            };
            judgement = judgement.max(floor);
        }
        judged.push(MoveReview {
            ply: i,
            side,
            played,
            judgement,
            loss: if played == before.best {
                0.0
            } else {
                loss.max(0.0)
            },
            before,
            after,
        });
    }
    GameReview {
        positions: views,
        moves: judged,
    }
}

/// Does `mv` answer a "find the better move" puzzle set from the position
/// before a mistake? It does when it is the engine's move `best`, or when
/// the position after it, searched within `limits`, is worth within
/// `margin` of the expected score of the position after `best`, searched
/// the same way (so both are judged at the same depth).
pub fn accepts(
    engine: &mut Engine,
    pos: &Position,
    history: &[Position],
    mv: Move,
    best: Move,
    margin: f64,
    limits: &Limits,
    stop: &AtomicBool,
) -> bool {
    if !pos.is_legal(mv) {
        return false;
    }
    if mv == best || !pos.is_legal(best) {
        return mv == best;
    }
    let mut before = history.to_vec();
    before.push(*pos);
    let mut worth = |m: Move| {
        let mut next = *pos;
        next.make(m);
        let request = SearchRequest::new(&next, &before, stop).limits(limits.clone());
        let reply = engine.search(&request, &mut |_| {});
        1.0 - expected(reply.score)
    };
    let target = worth(best);
    target - worth(mv) < margin
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thresholds_are_mate_aware_and_ordered() {
        assert_eq!(expected(Score::Mate(3)), 1.0);
        assert_eq!(expected(Score::Mate(-1)), 0.0);
        assert!((expected(Score::Cp(0)) - 0.5).abs() < 1e-9);
        // Already lost (−6): a further fall is cheap.
        let lost = expected(Score::Cp(-600)) - expected(Score::Cp(-1000));
        assert!(Judgement::from_loss(lost, false) <= Judgement::Good);
        // Level to a chariot down (about −3.6): a blunder; a soldier
        // (about −0.40) given away: an inaccuracy.
        let hang = expected(Score::Cp(0)) - expected(Score::Cp(-360));
        assert_eq!(Judgement::from_loss(hang, false), Judgement::Blunder);
        let soldier = expected(Score::Cp(0)) - expected(Score::Cp(-40));
        assert_eq!(Judgement::from_loss(soldier, false), Judgement::Inaccuracy);
        assert_eq!(Judgement::from_loss(0.5, true), Judgement::Best);
        assert_eq!(Judgement::from_loss(0.07, false), Judgement::Inaccuracy);
        assert_eq!(Judgement::from_loss(0.15, false), Judgement::Mistake);
        assert!(Judgement::Blunder.is_serious() && !Judgement::Inaccuracy.is_serious());
        assert_eq!(move_accuracy(0.0), 100.0);
        assert!(move_accuracy(0.1) > 60.0 && move_accuracy(0.1) < 70.0);
        assert_eq!(move_accuracy(1.0), 0.0);
    }
}
