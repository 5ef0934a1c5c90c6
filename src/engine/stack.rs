//! The evaluation a ply at a time, as the search walks the tree: the
//! classical evaluation's incremental sums ([`Acc`]) and, when the engine
//! plays with a network, its accumulators, each carried from a ply to the
//! next as moves are made. The search asks it for a score, the game's
//! phase and a quick material estimate, and never names the network.

use super::Evaluator;
use super::eval::{Acc, evaluate_acc};
use super::nnue::{Accumulator, Network};
use super::score::{MATE_BOUND, MAX_PLY};
use crate::rules::{Color, Position};

/// Both evaluations' state at every ply of one search.
pub(crate) struct EvalStack<'a> {
    acc: [Acc; MAX_PLY + 2],
    /// The network, when the engine plays with it, and its accumulators a ply.
    net: Option<&'a Network>,
    nn: Vec<Accumulator>,
}

impl<'a> EvalStack<'a> {
    /// The stack for a search from `pos` with `evaluator`.
    pub(crate) fn new(pos: &Position, evaluator: &'a Evaluator) -> EvalStack<'a> {
        let net = evaluator.network();
        EvalStack {
            acc: [Acc::new(pos); MAX_PLY + 2],
            net,
            nn: match net {
                Some(n) => vec![n.refresh(pos); MAX_PLY + 2],
                None => Vec::new(),
            },
        }
    }

    /// Carries ply `ply` to the next over the move `from` → `to` on
    /// `board` (the board before the move).
    #[inline]
    pub(crate) fn make(&mut self, ply: usize, board: &[u8; 90], from: usize, to: usize) {
        let mut acc = self.acc[ply];
        acc.apply(board, from, to);
        self.acc[ply + 1] = acc;
        if let Some(net) = self.net {
            let (done, next) = self.nn.split_at_mut(ply + 1);
            net.update(&done[ply], &mut next[0], board[from], from, to, board[to]);
        }
    }

    /// Carries ply `ply` to the next over a pass (the null move).
    #[inline]
    pub(crate) fn pass(&mut self, ply: usize) {
        self.acc[ply + 1] = self.acc[ply];
        if self.net.is_some() {
            self.nn[ply + 1] = self.nn[ply];
        }
    }

    /// The score of `pos` at `ply`, for the side to move, inside the mate
    /// bounds. `check` compares the network's accumulators with a full sum
    /// (debug builds only).
    #[inline]
    pub(crate) fn evaluate(&self, ply: usize, pos: &Position, check: bool) -> i32 {
        match self.net {
            Some(net) => {
                debug_assert!(
                    !check || self.nn[ply] == net.refresh(pos),
                    "the accumulators at ply {ply} drifted from the board"
                );
                let pieces = (pos.occ[0] | pos.occ[1]).count_ones();
                net.output(&self.nn[ply], pos.side.index(), pieces)
                    .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
            }
            None => evaluate_acc(pos, &self.acc[ply]),
        }
    }

    /// The game's phase at `ply` (how much heavy material is left).
    #[inline]
    pub(crate) fn phase(&self, ply: usize) -> i32 {
        self.acc[ply].phase()
    }

    /// A quick estimate on material alone for `side` at `ply`, on the
    /// classical evaluation's scale: `None` with a network, whose output
    /// is on a scale of its own.
    #[inline]
    pub(crate) fn material_estimate(&self, ply: usize, side: Color) -> Option<i32> {
        self.net.is_none().then(|| self.acc[ply].quick(side))
    }
}
