//! The course's searchers: the engine that defends (and attacks, in
//! [`Goal::Hold`](super::data::Goal::Hold)), an exact mate prover for the
//! mate exercises, and a breadth-first search for the drills, where only
//! the student moves.
//!
//! The engine is asked at a fixed depth with a cleared hash table and the
//! classical evaluation, so its replies are the same on every machine and
//! every run: what `xiangqi lessons --check` proved against is what the
//! student meets. The mate prover looks at every defence, not only the
//! engine's, so a mate exercise is a real forced mate; it also finds the
//! next step for the hint once the student has left the stored line.

use crate::engine::{Engine, Evaluator, Limits, SearchRequest};
use crate::rules::{Color, Move, Position, Square};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::AtomicBool;

/// The depth the engine defends (and attacks) at, in plies.
pub const DEFENCE_DEPTH: u32 = 6;
/// The depth of the engine's hint for the student in endgames.
pub const HINT_DEPTH: u32 = 7;

/// The engine as the course uses it: deterministic replies at a fixed depth.
pub struct Defender {
    engine: Engine,
    /// Plies searched for each reply.
    pub depth: u32,
}

impl Default for Defender {
    fn default() -> Self {
        Defender::new(DEFENCE_DEPTH)
    }
}

impl Defender {
    /// An engine replying at `depth` plies.
    pub fn new(depth: u32) -> Defender {
        let mut engine = Engine::new(2);
        engine.set_evaluator(Evaluator::Classical);
        Defender { engine, depth }
    }

    /// The engine's move in `pos` (reached through `history`, oldest first)
    /// at `depth` plies; `None` when there is no legal move.
    pub fn best_at(&mut self, pos: &Position, history: &[Position], depth: u32) -> Option<Move> {
        // A fresh table each time: the answer depends on the position alone.
        self.engine.clear();
        let stop = AtomicBool::new(false);
        let limits = Limits {
            depth: Some(depth.max(1)),
            ..Limits::default()
        };
        let request = SearchRequest::new(pos, history, &stop).limits(limits);
        let best = self.engine.search(&request, &mut |_| {}).best;
        (!best.is_null()).then_some(best)
    }

    /// The engine's reply at its own depth.
    pub fn best(&mut self, pos: &Position, history: &[Position]) -> Option<Move> {
        self.best_at(pos, history, self.depth)
    }
}

/// Positions the mate prover may look at for one question before it gives
/// up (a second or so): the shipped course's proofs need under a
/// hundred, and the bound keeps a long mate from an open position (a
/// hostile or careless course file) from taking minutes.
pub const PROOF_BUDGET: u64 = 20_000;

/// What the mate prover found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// This move wins within the moves allowed against every defence.
    Win(Move),
    /// No move does.
    NoWin,
    /// Not proved either way within the budget of positions.
    OutOfBudget,
}

/// A move for the side to move that wins — leaves the other side without
/// a legal move (mate, or stalemate, which loses in xiangqi) — within
/// `moves` of its own moves against every defence; the quickest such move.
/// `None` if there is none, or if [`PROOF_BUDGET`] positions did not prove
/// one. Repetitions are not judged (the mates are short).
pub fn forced_win(pos: &Position, moves: u32) -> Option<Move> {
    match prove_win(pos, moves, PROOF_BUDGET) {
        Proof::Win(m) => Some(m),
        Proof::NoWin | Proof::OutOfBudget => None,
    }
}

/// [`forced_win`], looking at `budget` positions at most and saying when
/// that was not enough.
pub fn prove_win(pos: &Position, moves: u32, budget: u64) -> Proof {
    let mut prover = Prover {
        memo: HashMap::new(),
        left: budget,
    };
    for n in 1..=moves {
        let found = prover.win_in(pos, n);
        if prover.left == 0 {
            return Proof::OutOfBudget;
        }
        if let Some(m) = found {
            return Proof::Win(m);
        }
    }
    Proof::NoWin
}

struct Prover {
    memo: HashMap<(u64, u32), Option<Move>>,
    /// Positions it may still look at; at 0 every answer is "no".
    left: u64,
}

impl Prover {
    fn win_in(&mut self, pos: &Position, n: u32) -> Option<Move> {
        if let Some(&known) = self.memo.get(&(pos.hash(), n)) {
            return known;
        }
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let mut candidates: Vec<Move> = pos.legal_moves().iter().copied().collect();
        // Checks first: most mates are made of them.
        candidates.sort_by_key(|&m| !pos.gives_check(m));
        let found = candidates.into_iter().find(|&m| {
            let mut after = *pos;
            after.make(m);
            let replies = after.legal_moves();
            if replies.is_empty() {
                return true;
            }
            n > 1
                && replies.iter().all(|&r| {
                    let mut next = after;
                    next.make(r);
                    self.win_in(&next, n - 1).is_some()
                })
        });
        // An answer cut short by the budget is not remembered.
        if self.left > 0 {
            self.memo.insert((pos.hash(), n), found);
        }
        found
    }
}

/// What a drill asks for, as the search sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillTask {
    /// The piece now on `piece` to `target`.
    Reach {
        /// Where the piece stands now.
        piece: Square,
        /// Where it must go.
        target: Square,
    },
    /// No enemy piece left on any of `targets`.
    TakeAll {
        /// The points.
        targets: Vec<Square>,
    },
}

/// The moves a drill allows in `pos` (the student to move, the other side
/// passing): legal moves, of the tracked piece only when one is tracked,
/// never taking the general, and with `avoid_capture` never to a point an
/// enemy piece attacks.
pub fn drill_moves(pos: &Position, piece: Option<Square>, avoid_capture: bool) -> Vec<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|m| piece.is_none_or(|s| m.from() == s))
        .filter(|m| {
            pos.piece_at(m.to())
                .is_none_or(|p| p.kind != crate::rules::PieceKind::General)
        })
        .filter(|&m| !avoid_capture || attacker_after(pos, m).is_none())
        .collect()
}

/// The enemy piece that could take the moved piece after `m` (played by
/// the side to move), if any.
pub fn attacker_after(pos: &Position, m: Move) -> Option<Square> {
    let me = pos.side_to_move();
    let mut after = *pos;
    after.make(m);
    let theirs = after.with_side(me.flip());
    theirs
        .pieces(me.flip())
        .map(|(s, _)| s)
        .find(|&s| theirs.is_legal(Move::new(s, m.to())))
}

/// Plays a drill move: the student's move, then the other side passes.
pub fn drill_play(pos: &Position, m: Move) -> Position {
    let me = pos.side_to_move();
    let mut after = *pos;
    after.make(m);
    after.with_side(me)
}

/// True if the drill's task is done in `pos`.
pub fn drill_done(pos: &Position, task: &DrillTask, student: Color) -> bool {
    match task {
        DrillTask::Reach { piece, target } => piece == target,
        DrillTask::TakeAll { targets } => targets
            .iter()
            .all(|&t| pos.piece_at(t).is_none_or(|p| p.color == student)),
    }
}

/// The shortest line of drill moves that does the task within `moves_left`
/// moves (empty if it is already done); `None` if there is none.
pub fn drill_path(
    pos: &Position,
    task: &DrillTask,
    moves_left: u32,
    avoid_capture: bool,
) -> Option<Vec<Move>> {
    let student = pos.side_to_move();
    let tracked = |t: &DrillTask| match t {
        DrillTask::Reach { piece, .. } => Some(*piece),
        DrillTask::TakeAll { .. } => None,
    };
    let mut queue = VecDeque::from([(*pos, task.clone(), Vec::new())]);
    let mut seen = HashSet::from([(pos.hash(), tracked(task))]);
    while let Some((p, t, line)) = queue.pop_front() {
        if drill_done(&p, &t, student) {
            return Some(line);
        }
        if line.len() as u32 >= moves_left {
            continue;
        }
        for m in drill_moves(&p, tracked(&t), avoid_capture) {
            let next = drill_play(&p, m);
            let t2 = match &t {
                DrillTask::Reach { target, .. } => DrillTask::Reach {
                    piece: m.to(),
                    target: *target,
                },
                other => other.clone(),
            };
            if seen.insert((next.hash(), tracked(&t2))) {
                let mut l = line.clone();
                l.push(m);
                queue.push_back((next, t2, l));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chariot_mate_in_one_is_found_and_a_drill_path_is_shortest() {
        let pos = Position::from_fen("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1").unwrap();
        assert_eq!(forced_win(&pos, 1), Some(Move::from_iccs("i0i9").unwrap()));
        let horse = Position::from_fen("3k5/9/9/9/9/9/9/9/9/1N2K4 w - - 0 1").unwrap();
        let task = DrillTask::Reach {
            piece: Square::parse("b0").unwrap(),
            target: Square::parse("b4").unwrap(),
        };
        let path = drill_path(&horse, &task, 4, false).unwrap();
        assert_eq!(path.len(), 2, "{path:?}");
        assert_eq!(drill_path(&horse, &task, 1, false), None);
    }
}
