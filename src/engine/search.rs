//! The search: iterative deepening over a principal-variation alpha-beta
//! (negamax) search, finished by a quiescence search of captures.
//!
//! Iterative deepening searches depth 1, 2, 3, … each time starting from
//! the last result: the previous best move is tried first and the score
//! seeds a narrow "aspiration" window that is widened only on failure. Inside,
//! every node after its first move is searched with a null window (PVS), on
//! the bet that the first move is best; only a move that beats it is searched
//! again with the full window. What is not worth searching is cut: positions
//! whose hash entry already answers the question, positions so good that
//! passing the move (null move) still beats beta, quiet late moves at shallow
//! depth (futility and move-count pruning), and late quiet moves searched one
//! or more plies shallower (late-move reductions) unless they prove
//! interesting. Checks extend the search one ply. At depth 0 the quiescence
//! search plays captures (and all replies to a check) until the position is
//! quiet, so the static evaluation is never taken in the middle of an
//! exchange.
//!
//! Game rules inside the search: a side with no legal move has lost (mate or
//! stalemate alike), scored by distance so shorter mates are preferred; 120
//! plies without a capture is a draw; and a position that repeats is judged
//! as the game would judge it, with the perpetual check and chase rules, so
//! a line that the rules lose is a loss, not a draw. A repetition within
//! the search is judged at once (the side chose it and could again); so is
//! one that reaches back into the game, except that at its second occurrence
//! a verdict in favour of the side that just moved is not taken: the other
//! side can still step out of the cycle before the third.

use super::Evaluator;
use super::correction::{soldier_key, soldier_key_after};
use super::eval::capture_value;
use super::margins::Margins;
use super::movepick::{
    Buffer, History, MovePicker, NO_PAIR, capture_entry, pair, update_cont, update_history,
};
use super::score::{INF, MATE, MATE_BOUND, MAX_PLY};
use super::stack::EvalStack;
use super::tt::{Bound, Hit, Tt};
use crate::rules::game::judge_repetition;
use crate::rules::{Color, Move, PieceKind, Position, is_chase};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// One position on the path from the start of the game to the current node.
#[derive(Clone, Copy)]
struct Frame {
    pos: Position,
    /// The move that led here ([`Move::NULL`] for the first position, a
    /// null move, or an unknown step in the game history).
    mv: Move,
    /// The side to move here is in check (so `mv` gave check).
    check: bool,
    /// Whether `mv` was a chase; computed only when a repetition needs it.
    chase: Option<bool>,
    /// The earliest path index this position could repeat (the last
    /// capture or null move; nothing before it can recur).
    reach: usize,
}

/// What the singular-extension search says about a node's hash move.
#[derive(Clone, Copy, Debug)]
enum Singular {
    /// Search it this many plies deeper (or shallower, when negative).
    Extend(i32),
    /// Other moves beat beta too: the node fails high with this score.
    Cut(i32),
}

/// What the main search knows of a node once it has looked at it and
/// before its moves.
struct Node {
    /// The depth left (after internal iterative reduction).
    depth: i32,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    /// Few heavy pieces left: no pruning by margins.
    sparse: bool,
    /// The static evaluation rose since two plies ago.
    improving: bool,
    /// The static evaluation, corrected ([`Searcher::corrected`]) and,
    /// with the `tt_eval` margin, sharpened by the hash entry
    /// ([`sharper_eval`]); what the pruning before and between the moves
    /// compares with its bounds.
    eval: i32,
    hash_move: Move,
    /// The move a singular search leaves out ([`Move::NULL`] for none).
    excluded: Move,
    /// What the singular search said of the hash move.
    singular: Option<Singular>,
}

/// How a node's moves went so far.
struct Tally {
    best: i32,
    best_move: Move,
    /// Alpha, raised by every move that beat it.
    alpha: i32,
    /// Moves searched (not pruned).
    searched: usize,
    /// Quiet moves and captures tried without a cutoff, kept for the
    /// histories ([`QUIETS`], [`CAPTURES`] at most).
    quiets: usize,
    captures: usize,
}

/// Whether a hash entry answers a null-window question at (`alpha`, `beta`).
#[inline]
fn cuts(h: &Hit, alpha: i32, beta: i32) -> bool {
    match h.bound {
        Bound::Exact => true,
        Bound::Lower => h.score >= beta,
        Bound::Upper => h.score <= alpha,
    }
}

/// The static evaluation `eval` made sharper by a hash entry's score
/// where its bound says the true value lies beyond it.
#[inline]
fn sharper_eval(eval: i32, h: &Hit) -> i32 {
    let beyond = match h.bound {
        Bound::Exact => true,
        Bound::Lower => h.score > eval,
        Bound::Upper => h.score < eval,
    };
    if beyond && h.score.abs() < MATE_BOUND {
        h.score
    } else {
        eval
    }
}

/// The kind of bound a node's `best` is, given alpha as it came in
/// (`old_alpha`) and as the moves left it.
#[inline]
fn bound_of(best: i32, alpha: i32, old_alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if alpha > old_alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Quiet moves remembered per node for the history update.
const QUIETS: usize = 64;
/// Captures remembered per ply for the capture history's malus.
const CAPTURES: usize = 32;
/// The longest line [`Searcher::finish_line`] makes whole from the table.
const TT_LINE: usize = 8;

/// Small direct-mapped cache for chase tests (they are expensive and the
/// same cycles come up again and again).
const CHASE_CACHE: usize = 4096;

/// What the iterative-deepening driver reports per finished iteration.
pub(crate) struct Iteration {
    pub depth: u32,
    pub seldepth: u32,
    /// Which line this is, 1 (the best) to the number asked for.
    pub multipv: u32,
    pub score: i32,
    pub pv: Vec<Move>,
}

pub(crate) struct Searcher<'a> {
    pub tt: &'a Tt,
    pub history: &'a mut History,
    /// Follow-up histories order and learn (off: the search the levels
    /// were measured with, [`crate::engine::Limits::classic`]).
    pub follow_up: bool,
    stop: &'a AtomicBool,
    pub pos: Position,
    path: Vec<Frame>,
    killers: [[Move; 2]; MAX_PLY + 2],
    pv: Box<[[Move; MAX_PLY + 2]; MAX_PLY + 2]>,
    pv_len: [usize; MAX_PLY + 2],
    static_eval: [i32; MAX_PLY + 2],
    /// The move each ply's node leaves out ([`Move::NULL`] for none): the
    /// hash move, while a singular-extension search asks about the rest.
    excluded: [Move; MAX_PLY + 2],
    /// The soldier key ([`soldier_key`]) at every ply, for the correction history.
    soldiers: [u64; MAX_PLY + 2],
    /// The evaluation at every ply.
    eval: EvalStack<'a>,
    buffers: Vec<Buffer>,
    /// Quiet moves tried at each ply (their history drops on a cutoff).
    quiets: Vec<[Move; QUIETS]>,
    /// The captures tried at each ply before the one searching now.
    captures: Vec<[Move; CAPTURES]>,
    lmr: Box<[[u8; 64]; 64]>,
    /// The pruning and reduction thresholds ([`Searcher::set_margins`]).
    m: Margins,
    chase_cache: Vec<(u64, bool)>,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    pub node_limit: u64,
    pub deadline: Option<Instant>,
    pub banned: Vec<Move>,
    /// Which thread of a Lazy SMP search this is: 0 for the main thread
    /// (and a search of one thread), 1… for the helpers, whose iterative
    /// deepening skips some depths ([`skips_depth`]).
    pub helper: usize,
    /// The nodes of a search's helpers: each helper adds its own every
    /// poll; the main thread counts them toward its node limit.
    pub team_nodes: Option<&'a AtomicU64>,
    /// The nodes this helper has added to `team_nodes`.
    published: u64,
    /// While pondering: the flag lowered at ponderhit, and the hard time
    /// limit that applies from then.
    pub ponder: Option<(&'a AtomicBool, Option<Duration>)>,
    /// When the ponderhit was seen (the clock runs from then).
    pub ponder_hit: Option<Instant>,
    root_depth: i32,
    /// The root's index in `path` (the game's positions come before it).
    root_index: usize,
    /// Best root move found so far in this search and its line and score.
    pub root_best: Move,
    pub root_pv: Vec<Move>,
    pub root_score: i32,
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: &'a Tt,
        history: &'a mut History,
        stop: &'a AtomicBool,
        pos: &Position,
        game: &[Position],
        evaluator: &'a Evaluator,
    ) -> Searcher<'a> {
        let mut s = Searcher {
            tt,
            history,
            follow_up: false,
            stop,
            pos: *pos,
            path: Vec::with_capacity(game.len() + MAX_PLY + 4),
            killers: [[Move::NULL; 2]; MAX_PLY + 2],
            pv: Box::new([[Move::NULL; MAX_PLY + 2]; MAX_PLY + 2]),
            pv_len: [0; MAX_PLY + 2],
            static_eval: [0; MAX_PLY + 2],
            excluded: [Move::NULL; MAX_PLY + 2],
            soldiers: [soldier_key(&pos.board); MAX_PLY + 2],
            eval: EvalStack::new(pos, evaluator),
            buffers: vec![Buffer::default(); MAX_PLY + 2],
            quiets: vec![[Move::NULL; QUIETS]; MAX_PLY + 2],
            captures: vec![[Move::NULL; CAPTURES]; MAX_PLY + 2],
            lmr: Margins::CLASSIC.lmr_table(),
            m: Margins::CLASSIC,
            chase_cache: vec![(0, false); CHASE_CACHE],
            nodes: 0,
            seldepth: 0,
            stopped: false,
            node_limit: u64::MAX,
            deadline: None,
            banned: Vec::new(),
            helper: 0,
            team_nodes: None,
            published: 0,
            ponder: None,
            ponder_hit: None,
            root_depth: 1,
            root_index: 0,
            root_best: Move::NULL,
            root_pv: Vec::new(),
            root_score: -INF,
        };
        s.build_path(game, pos);
        s.root_index = s.path.len() - 1;
        s
    }

    /// Searches with these thresholds instead of [`Margins::CLASSIC`].
    pub fn set_margins(&mut self, m: Margins) {
        if m != self.m {
            self.lmr = m.lmr_table();
            self.m = m;
        }
    }

    /// Rebuilds the game path: the moves between consecutive history
    /// positions are recovered from the boards so repetition cycles that
    /// reach back into the game are judged with their checks and chases.
    fn build_path(&mut self, game: &[Position], root: &Position) {
        let all = game.iter().chain(std::iter::once(root));
        let mut prev: Option<Position> = None;
        for p in all {
            let index = self.path.len();
            let mv = prev.and_then(|q| move_between(&q, p)).unwrap_or(Move::NULL);
            let reach = match (prev, index) {
                (_, 0) => 0,
                _ if mv.is_null() || p.halfmove_clock() == 0 => index,
                _ => self.path[index - 1].reach,
            };
            self.path.push(Frame {
                pos: *p,
                mv,
                check: p.in_check(),
                chase: None,
                reach,
            });
            prev = Some(*p);
        }
    }

    #[inline]
    fn push(&mut self, mv: Move, check: bool, irreversible: bool) {
        let index = self.path.len();
        let reach = if irreversible {
            index
        } else {
            self.path[index - 1].reach
        };
        self.path.push(Frame {
            pos: self.pos,
            mv,
            check,
            chase: None,
            reach,
        });
    }

    /// Plays `m` at `ply`: counts the node and carries the evaluation
    /// accumulator to the next ply.
    #[inline]
    fn make(&mut self, m: Move, ply: usize) -> crate::rules::Undo {
        let (from, to) = (m.from().index(), m.to().index());
        self.eval.make(ply, &self.pos.board, from, to);
        self.soldiers[ply + 1] = soldier_key_after(self.soldiers[ply], &self.pos.board, m);
        self.nodes += 1;
        let undo = self.pos.make(m);
        self.tt.prefetch(self.pos.hash());
        undo
    }

    #[inline]
    fn is_legal(&self, m: Move, in_check: bool) -> bool {
        self.pos.leaves_general_safe(m, in_check)
    }

    #[inline]
    fn last_move_checks(&self, m: Move) -> bool {
        self.pos.last_move_checks(m)
    }

    /// The (piece, target) pairs of the moves one and two plies before
    /// this node, for the follow-up histories ([`NO_PAIR`] where there is
    /// none, and both when they are off).
    fn follows(&self) -> [usize; 2] {
        let mut out = [NO_PAIR; 2];
        if self.follow_up {
            for (k, f) in self.path.iter().rev().take(2).enumerate() {
                if !f.mv.is_null() {
                    out[k] = pair(f.pos.board[f.mv.to().index()], f.mv);
                }
            }
        }
        out
    }

    /// A quiet move cut the node off: it gains `bonus` in the histories,
    /// the quiet moves tried before it lose as much.
    fn reward_quiet(
        &mut self,
        ply: usize,
        m: Move,
        n_quiets: usize,
        bonus: i32,
        follows: [usize; 2],
    ) {
        let piece = self.pos.board[m.from().index()];
        update_history(
            &mut self.history.quiet[piece as usize][m.to().index()],
            bonus,
        );
        for f in follows.into_iter().filter(|&f| f != NO_PAIR) {
            update_cont(&mut self.history.cont[f][pair(piece, m)], bonus);
        }
        for i in 0..n_quiets {
            let q = self.quiets[ply][i];
            let p = self.pos.board[q.from().index()];
            update_history(&mut self.history.quiet[p as usize][q.to().index()], -bonus);
            for f in follows.into_iter().filter(|&f| f != NO_PAIR) {
                update_cont(&mut self.history.cont[f][pair(p, q)], -bonus);
            }
        }
    }

    /// A move cut the node off: the capture history (when the search
    /// follows up) gives `bonus` to it if it is a capture, and takes as
    /// much from the captures tried before it.
    fn reward_captures(&mut self, ply: usize, m: Move, n_captures: usize, bonus: i32) {
        if !self.follow_up {
            return;
        }
        let victim = self.pos.board[m.to().index()];
        if victim != 0 {
            let piece = self.pos.board[m.from().index()];
            update_cont(capture_entry(self.history, piece, m, victim), bonus);
        }
        for i in 0..n_captures {
            let c = self.captures[ply][i];
            let (piece, victim) = (
                self.pos.board[c.from().index()],
                self.pos.board[c.to().index()],
            );
            update_cont(capture_entry(self.history, piece, c, victim), -bonus);
        }
    }

    /// A new best move at `ply`: the line is `m` followed by the child's line.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The static evaluation `raw` at `ply` moved by the correction
    /// history (when the search follows up; not in check).
    #[inline]
    fn corrected(&self, raw: i32, ply: usize) -> i32 {
        if !self.follow_up || raw == -INF {
            return raw;
        }
        let side = self.pos.side_to_move().index();
        let c = &self.history.correction;
        c.correct(raw, self.soldiers[ply], side)
            .clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// A node not in check, whose best move is quiet (or none), settled
    /// at `best` where its static evaluation said `eval`: unless the bound
    /// leaves the truth on the evaluation's side, the correction history
    /// learns the difference.
    fn learn_correction(&mut self, ply: usize, depth: i32, best: i32, eval: i32, bound: Bound) {
        let uninformative = match bound {
            Bound::Lower => best <= eval,
            Bound::Upper => best >= eval,
            Bound::Exact => false,
        };
        if !self.follow_up || uninformative || best.abs() >= MATE_BOUND {
            return;
        }
        let side = self.pos.side_to_move().index();
        let key = self.soldiers[ply];
        self.history.correction.learn(key, side, depth, best - eval);
    }

    #[inline]
    fn evaluate(&self, ply: usize) -> i32 {
        // (The network's accumulators are checked against a full sum every
        // 64th node: at every one it would slow the debug builds' searches
        // several times over.)
        self.eval
            .evaluate(ply, &self.pos, self.nodes.is_multiple_of(64))
    }

    /// Polls the stop conditions: node limit every node, the flag and the
    /// clock every 1024 nodes (a few hundred microseconds).
    #[inline]
    fn should_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // Depth 1 always finishes (it takes well under a millisecond), so
        // even an instant stop answers with a searched move.
        if self.root_depth == 1 && self.nodes < 100_000 {
            return false;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes & 1023 == 0 {
            self.stopped = self.poll();
        }
        self.stopped
    }

    /// The stop flag, ponderhit, the team's nodes and the clock: whether
    /// to stop now.
    fn poll(&mut self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.ponder.is_some() {
            self.poll_ponder();
        }
        if let Some(team) = self.team_nodes {
            if self.helper > 0 {
                team.fetch_add(self.nodes - self.published, Ordering::Relaxed);
                self.published = self.nodes;
            } else if self.nodes.saturating_add(team.load(Ordering::Relaxed)) >= self.node_limit {
                return true;
            }
        }
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the search is still pondering (no ponderhit seen yet).
    pub fn pondering(&self) -> bool {
        self.ponder.is_some()
    }

    /// Notices a ponderhit: the clock starts and the hard limit applies
    /// from now.
    fn poll_ponder(&mut self) {
        if let Some((flag, hard)) = self.ponder
            && !flag.load(Ordering::Relaxed)
        {
            let now = Instant::now();
            self.ponder = None;
            self.ponder_hit = Some(now);
            self.deadline = hard.map(|h| now + h);
        }
    }

    /// Draw and repetition verdicts at a node other than the root.
    fn rule_score(&mut self, ply: usize) -> Option<i32> {
        let n = self.path.len() - 1;
        let cur = self.path[n].pos;
        if cur.halfmove_clock() >= 120 {
            // The 60-move rule, unless this very position is already lost.
            return Some(if !cur.has_legal_move() {
                -MATE + ply as i32
            } else {
                0
            });
        }
        let lo = self.path[n].reach;
        if n < lo + 4 {
            return None;
        }
        let key = cur.hash();
        let earlier = |from: usize| {
            let mut j = from;
            loop {
                if self.path[j].pos.hash() == key {
                    return Some(j);
                }
                if j < lo + 2 {
                    return None;
                }
                j -= 2;
            }
        };
        let found = earlier(n - 4)?;
        let third = found >= lo + 2 && earlier(found - 2).is_some();
        let score = self.judge_cycle(found, n, ply);
        // A repetition inside the search, or a third occurrence, is judged
        // as the game would end. A second occurrence that reaches back into
        // the game before the search ends nothing yet: the side that just
        // moved chose to repeat, so a draw or a loss for it stands (it would
        // not repeat), but a win for it does not: the other side can still
        // step out of the cycle before the third occurrence.
        if found < self.root_index && !third && score < 0 {
            return None;
        }
        Some(score)
    }

    /// Judges the cycle of moves `start+1 ..= end` (the path from the earlier
    /// occurrence back to the same position) with the game's rules.
    fn judge_cycle(&mut self, start: usize, end: usize, ply: usize) -> i32 {
        let stm = self.path[end].pos.side_to_move();
        // A side whose every move checked is at the top level whatever its
        // chases; otherwise chases matter only while every move so far was
        // a check or a chase. Compute chases lazily in that order.
        let mut plies: Vec<(Color, bool, bool)> = Vec::with_capacity(end - start);
        for k in start + 1..=end {
            plies.push((
                self.path[k - 1].pos.side_to_move(),
                self.path[k].check,
                false,
            ));
        }
        for side in [Color::Red, Color::Black] {
            let all_check = plies.iter().filter(|p| p.0 == side).all(|p| p.1);
            if all_check {
                continue;
            }
            for (i, k) in (start + 1..=end).enumerate() {
                if plies[i].0 != side || plies[i].1 {
                    continue;
                }
                let chase = self.chase_of(k);
                plies[i].2 = chase;
                if !chase {
                    break;
                }
            }
        }
        let outcome = judge_repetition(&plies);
        match outcome.result.winner() {
            None => 0,
            Some(c) if c == stm => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
        }
    }

    fn chase_of(&mut self, k: usize) -> bool {
        if let Some(c) = self.path[k].chase {
            return c;
        }
        let before = self.path[k - 1].pos;
        let mv = self.path[k].mv;
        let key = before.hash() ^ (mv.to_bits() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = (key as usize) & (CHASE_CACHE - 1);
        let c = if self.chase_cache[slot].0 == key {
            self.chase_cache[slot].1
        } else {
            let c = is_chase(&before, mv);
            self.chase_cache[slot] = (key, c);
            c
        };
        self.path[k].chase = Some(c);
        c
    }

    /// Null-move pruning assumes that passing is bad; with only a few
    /// pieces left (zugzwang-like endings) that is false, so the side to
    /// move needs a chariot or two horses/cannons.
    fn null_move_allowed(&self) -> bool {
        let us = self.pos.side_to_move();
        let mut bb = self.pos.occupancy(us);
        let mut minors = 0;
        while bb != 0 {
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            match ((self.pos.board[s] & 7) - 1) as usize {
                k if k == PieceKind::Chariot as usize => return true,
                k if k == PieceKind::Horse as usize || k == PieceKind::Cannon as usize => {
                    minors += 1
                }
                _ => {}
            }
        }
        minors >= 2
    }

    /// The search stopped inside a depth. If its first line finished
    /// (`done`) that line is the best; if not, the root holds the best move
    /// the unfinished search has proved so far (or the last depth's). Then
    /// the line is made whole ([`Searcher::finish_line`]).
    fn stopped_inside(&mut self, done: Option<&(i32, Vec<Move>)>, previous: Option<&Vec<Move>>) {
        if let Some((score, pv)) = done {
            self.root_best = pv[0];
            self.root_score = *score;
            self.root_pv = pv.clone();
        }
        self.finish_line(previous);
    }

    /// The line of a search stopped inside a depth, made whole: a move
    /// that failed high there brings only its first move or two, so the
    /// last finished depth's line (`previous`) stands when it starts with
    /// the same move and is longer, and a line still short goes on with
    /// the moves the table holds (each legal, no position twice).
    fn finish_line(&mut self, previous: Option<&Vec<Move>>) {
        if let Some(prev) = previous
            && prev.first() == Some(&self.root_best)
            && prev.len() > self.root_pv.len()
        {
            self.root_pv = prev.clone();
        }
        if self.root_pv.first() != Some(&self.root_best) {
            self.root_pv = vec![self.root_best];
        }
        let mut pos = self.pos;
        let mut seen = vec![pos.hash()];
        for &m in &self.root_pv {
            if pos.play(m).is_err() {
                return;
            }
            seen.push(pos.hash());
        }
        while self.root_pv.len() < TT_LINE {
            let Some(h) = self.tt.probe(pos.hash(), 0) else {
                break;
            };
            // `play` checks the move: a stale or foreign entry stops the line.
            if h.mv.is_null() || pos.play(h.mv).is_err() {
                break;
            }
            if seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
            self.root_pv.push(h.mv);
        }
    }

    /// Iterative deepening with aspiration windows. With `multipv` above
    /// one, each depth searches that many lines, each excluding the first
    /// moves of the lines before it, and reports them best first. Calls
    /// `report` after each finished line; returns when `max_depth` is done,
    /// a stop condition fires, or `report` says no. Afterwards `root_best`,
    /// `root_pv` and `root_score` hold the best line.
    pub fn iterate(
        &mut self,
        max_depth: u32,
        multipv: usize,
        report: &mut dyn FnMut(&Iteration, &Searcher) -> bool,
    ) {
        let in_check = self.pos.in_check();
        // A legal fallback before anything is searched.
        let mut fallback = self.pos.legal_moves().to_vec();
        fallback.retain(|m| !self.banned.contains(m));
        if fallback.is_empty() {
            self.root_best = Move::NULL;
            self.root_score = -MATE;
            return;
        }
        if let Some(h) = self.tt.probe(self.pos.hash(), 0)
            && fallback.contains(&h.mv)
        {
            self.root_best = h.mv;
        } else {
            self.root_best = fallback[0];
        }
        self.root_pv = vec![self.root_best];
        let lines = multipv.clamp(1, fallback.len());
        let banned = self.banned.clone();
        // The lines of the last finished depth, best first: (score, pv).
        let mut previous: Vec<(i32, Vec<Move>)> = Vec::new();
        for depth in 1..=max_depth.min(MAX_PLY as u32 - 4) {
            if skips_depth(self.helper, depth) {
                continue;
            }
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let mut found: Vec<(i32, Vec<Move>)> = Vec::with_capacity(lines);
            for k in 0..lines {
                self.banned.truncate(banned.len());
                self.banned.extend(found.iter().map(|(_, pv)| pv[0]));
                let prev = previous.get(k).map_or(0, |l| l.0);
                let Some(score) = self.aspiration(depth, prev, in_check) else {
                    break;
                };
                found.push((score, self.root_pv.clone()));
            }
            self.banned.truncate(banned.len());
            if found.len() < lines {
                self.stopped_inside(found.first(), previous.first().map(|l| &l.1));
                break;
            }
            // A later line can outscore an earlier one once its own window
            // settles; order them by score (stable, so ties keep their order).
            found.sort_by_key(|l| -l.0);
            self.root_best = found[0].1[0];
            self.root_score = found[0].0;
            self.root_pv = found[0].1.clone();
            self.poll_ponder();
            let mut go_on = true;
            for (k, (score, pv)) in found.iter().enumerate() {
                let it = Iteration {
                    depth,
                    seldepth: self.seldepth as u32,
                    multipv: k as u32 + 1,
                    score: *score,
                    pv: pv.clone(),
                };
                go_on &= report(&it, self);
            }
            previous = found;
            if !go_on {
                break;
            }
        }
    }

    /// One root search at `depth` in an aspiration window around `prev`;
    /// `None` if stopped.
    fn aspiration(&mut self, depth: u32, prev: i32, in_check: bool) -> Option<i32> {
        let mut delta = self.m.aspiration;
        let (mut alpha, mut beta) = if depth as i32 >= self.m.aspiration_from_depth {
            ((prev - delta).max(-INF), (prev + delta).min(INF))
        } else {
            (-INF, INF)
        };
        loop {
            let score = self.search(depth as i32, alpha, beta, 0, in_check, false);
            if self.stopped {
                return None;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return Some(score);
            }
            delta += delta;
            if delta > self.m.aspiration_max {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// Whether the hash move `h` is singular — every other move falls
    /// short of its score by a margin in a search of half the depth — and
    /// so worth a deeper look; or whether the others beat beta too, so the
    /// node is cut at once (multi-cut). `None` when the hash entry cannot
    /// say (a failed-low or shallow entry, a mate score, the levels'
    /// search).
    fn singular(
        &mut self,
        h: Hit,
        depth: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        pv_node: bool,
    ) -> Option<Singular> {
        if !self.follow_up
            || h.mv.is_null()
            || h.bound == Bound::Upper
            || h.depth < depth - self.m.singular_tt_short
            || h.score.abs() >= MATE_BOUND
            || !self.pos.is_pseudo_legal(h.mv)
            || !self.is_legal(h.mv, in_check)
        {
            return None;
        }
        let singular_beta = h.score - self.m.singular_per_depth * depth;
        self.excluded[ply] = h.mv;
        let s = self.search(
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            in_check,
            false,
        );
        self.excluded[ply] = Move::NULL;
        Some(if s < singular_beta {
            let double = !pv_node
                && s < singular_beta - self.m.singular_double
                && (ply as i32) < self.root_depth;
            Singular::Extend(1 + i32::from(double))
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if h.score >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        })
    }

    /// Principal-variation alpha-beta search of the current position.
    fn search(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        in_check: bool,
        allow_null: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, in_check);
        }
        let pv_node = beta - alpha > 1;
        if let Some(score) = self.enter(ply, &mut alpha, &mut beta) {
            return score;
        }
        let key = self.pos.hash();
        let hit = self.tt.probe(key, ply);
        let excluded = self.excluded[ply];
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
            && excluded.is_null()
            && cuts(&h, alpha, beta)
        {
            return h.score;
        }
        let raw = match hit {
            _ if in_check => -INF,
            Some(h) => h.eval,
            None => self.evaluate(ply),
        };
        let static_eval = self.corrected(raw, ply);
        self.static_eval[ply] = static_eval;
        let eval = match hit {
            Some(h) if self.m.tt_eval > 0 && !in_check => sharper_eval(static_eval, &h),
            _ => static_eval,
        };
        let mut node = Node {
            depth,
            ply,
            pv_node,
            in_check,
            // With few heavy pieces left the tree is narrow and the play
            // is all quiet manoeuvres: prune by margins only when it is full.
            sparse: self.eval.phase(ply) <= self.m.sparse_phase,
            improving: !in_check && ply >= 2 && static_eval > self.static_eval[ply - 2],
            eval,
            hash_move: hit.map_or(Move::NULL, |h| h.mv),
            excluded,
            singular: None,
        };
        if let Some(score) = self.prune_node(&node, beta, allow_null) {
            return score;
        }
        // Internal iterative reduction: without a hash move this node was
        // never searched before and is probably not critical.
        if node.hash_move.is_null() && depth >= self.m.iir_depth && ply > 0 {
            node.depth -= 1;
        }
        // Singular extension: is the hash move the only good one here?
        if let Some(h) = hit
            && ply > 0
            && excluded.is_null()
            && node.depth >= self.m.singular_depth
        {
            node.singular = self.singular(h, node.depth, beta, ply, in_check, pv_node);
            if self.stopped {
                return 0;
            }
            if let Some(Singular::Cut(score)) = node.singular {
                return score;
            }
        }
        let Some(t) = self.search_moves(&node, alpha, beta) else {
            return 0;
        };
        self.finish_node(&node, key, raw, &t, alpha, beta)
    }

    /// The checks on entering a node of the main search: the stop, and
    /// away from the root the game's rules, mate distance (which narrows
    /// the window) and the deepest ply. `Some` is the node's score.
    #[inline]
    fn enter(&mut self, ply: usize, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        self.pv_len[ply] = ply;
        if self.should_stop() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if ply == 0 {
            return None;
        }
        if let Some(s) = self.rule_score(ply) {
            return Some(s);
        }
        // Mate-distance pruning: no line from here beats a mate found nearer the root.
        *alpha = (*alpha).max(-MATE + ply as i32);
        *beta = (*beta).min(MATE - ply as i32 - 1);
        if *alpha >= *beta {
            return Some(*alpha);
        }
        (ply >= MAX_PLY).then(|| self.evaluate(ply))
    }

    /// Cuts before any move is searched, away from the principal line and
    /// check, on a full board: reverse futility and the null move.
    #[inline]
    fn prune_node(&mut self, n: &Node, beta: i32, allow_null: bool) -> Option<i32> {
        if n.pv_node || n.in_check || n.sparse {
            return None;
        }
        // Razoring: far below alpha with little depth left, only a
        // capture could help; if the quiescence search finds none, give up.
        if n.depth <= self.m.razor_depth
            && n.eval + self.m.razor_base + self.m.razor_per_depth * n.depth * n.depth < beta - 1
        {
            let v = self.qsearch(beta - 1, beta, n.ply, false);
            if self.stopped {
                return Some(0);
            }
            if v < beta {
                return Some(v);
            }
        }
        // Reverse futility: far above beta with little depth left, the
        // opponent will not let us get here.
        if n.depth <= self.m.rfp_depth && n.eval.abs() < MATE_BOUND {
            let margin =
                self.m.rfp_per_depth * n.depth - if n.improving { self.m.rfp_improving } else { 0 };
            if n.eval - margin >= beta {
                return Some(n.eval);
            }
        }
        if allow_null
            && n.excluded.is_null()
            && n.depth >= self.m.null_min_depth
            && n.eval >= beta
            && self.null_move_allowed()
        {
            return self.null_move(n, beta);
        }
        None
    }

    /// Null move: if passing still beats beta, a real move will too.
    fn null_move(&mut self, n: &Node, beta: i32) -> Option<i32> {
        let r = self.m.null_base
            + n.depth / self.m.null_depth_div
            + ((n.eval - beta) / self.m.null_eval_div).min(self.m.null_eval_max);
        let ply = n.ply;
        self.eval.pass(ply);
        self.soldiers[ply + 1] = self.soldiers[ply];
        self.nodes += 1;
        let undo = self.pos.make_null();
        self.push(Move::NULL, false, true);
        let score = -self.search(n.depth - 1 - r, -beta, -beta + 1, ply + 1, false, false);
        self.path.pop();
        self.pos.unmake_null(undo);
        if self.stopped {
            return Some(0);
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Searches the node's moves, best first; `None` if stopped.
    fn search_moves(&mut self, n: &Node, alpha: i32, beta: i32) -> Option<Tally> {
        let ply = n.ply;
        let root = ply == 0;
        let killers = self.killers[ply];
        let follows = self.follows();
        let mut picker = MovePicker::new(&self.pos, n.hash_move, killers, false)
            .follows(follows)
            .learned_captures(self.follow_up);
        let mut t = Tally {
            best: -INF,
            best_move: Move::NULL,
            alpha,
            searched: 0,
            quiets: 0,
            captures: 0,
        };
        while let Some((m, order)) = picker.next(&self.pos, self.history, &mut self.buffers[ply]) {
            if m == n.excluded
                || !self.is_legal(m, n.in_check)
                || (root && self.banned.contains(&m))
            {
                continue;
            }
            let quiet = self.pos.board[m.to().index()] == 0;
            let prunable = !root
                && !n.sparse
                && !n.in_check
                && t.searched > 0
                && t.best > -MATE_BOUND
                && MovePicker::is_quiet_score(order);
            let undo = self.make(m, ply);
            let gives_check = self.last_move_checks(m);
            if prunable && !gives_check && self.late_and_hopeless(n, t.searched, t.alpha) {
                self.pos.unmake(m, undo);
                continue;
            }
            self.push(m, gives_check, !quiet);
            t.searched += 1;
            let new_depth = n.depth - 1 + self.extension(n, m, gives_check);
            let r = if quiet && !gives_check {
                self.reduction(n, t.searched, order, new_depth)
            } else {
                0
            };
            let score = self.search_child(n, new_depth, r, &t, beta, gives_check);
            self.path.pop();
            self.pos.unmake(m, undo);
            if self.stopped {
                return None;
            }
            if score > t.best {
                t.best = score;
                if score > t.alpha {
                    self.new_best(ply, m, score);
                    t.best_move = m;
                    t.alpha = score;
                    if score >= beta {
                        self.fail_high(n, m, quiet, &t, killers, follows);
                        break;
                    }
                }
            }
            self.remember_tried(ply, m, quiet, &mut t);
        }
        Some(t)
    }

    /// Move-count pruning: at low depth, late quiet moves are not worth a
    /// look. Futility: a quiet move cannot lift a hopeless static score to
    /// alpha.
    #[inline]
    fn late_and_hopeless(&self, n: &Node, searched: usize, alpha: i32) -> bool {
        let full = self.m.lmp_base + self.m.lmp_scale * n.depth * n.depth;
        let lmp_limit = if n.improving { full } else { full * 2 / 3 };
        (n.depth <= self.m.lmp_depth && searched >= lmp_limit as usize)
            || (n.depth <= self.m.futility_depth
                && n.eval + self.m.futility_base + self.m.futility_per_depth * n.depth <= alpha)
    }

    /// How many plies deeper than usual move `m` is searched: the singular
    /// search's verdict on the hash move, a ply for a check, within twice
    /// the root's depth.
    #[inline]
    fn extension(&self, n: &Node, m: Move, gives_check: bool) -> i32 {
        let within = (n.ply as i32) < 2 * self.root_depth;
        match n.singular {
            Some(Singular::Extend(e)) if m == n.hash_move && e != 0 => {
                if within {
                    e
                } else {
                    e.min(0)
                }
            }
            _ => i32::from(gives_check && within),
        }
    }

    /// Late-move reduction of a quiet move that gives no check, the
    /// `searched`th here.
    #[inline]
    fn reduction(&self, n: &Node, searched: usize, order: i32, new_depth: i32) -> i32 {
        if searched == 1
            || n.depth < self.m.lmr_depth
            || searched <= self.m.lmr_moves as usize
            || n.ply == 0
        {
            return 0;
        }
        let mut r = self.lmr[(n.depth as usize).min(63)][searched.min(63)] as i32;
        if n.pv_node {
            r -= 1;
        }
        if MovePicker::is_killer_score(order) {
            r -= 1;
        }
        if !n.improving && !n.in_check {
            r += 1;
        }
        if n.in_check {
            r -= 1;
        }
        r.clamp(0, new_depth - 1)
    }

    /// The score of the move just played: the first with the full window;
    /// the others with a null window, reduced by `r`, searched again at
    /// full depth and then with the full window as long as they beat alpha.
    #[inline]
    fn search_child(
        &mut self,
        n: &Node,
        new_depth: i32,
        r: i32,
        t: &Tally,
        beta: i32,
        gives_check: bool,
    ) -> i32 {
        let (alpha, ply) = (t.alpha, n.ply + 1);
        if t.searched == 1 {
            return -self.search(new_depth, -beta, -alpha, ply, gives_check, true);
        }
        let mut s = -self.search(new_depth - r, -alpha - 1, -alpha, ply, gives_check, true);
        if s > alpha && r > 0 {
            s = -self.search(new_depth, -alpha - 1, -alpha, ply, gives_check, true);
        }
        if s > alpha && s < beta {
            s = -self.search(new_depth, -beta, -alpha, ply, gives_check, true);
        }
        s
    }

    /// `m` raised alpha to `score` at `ply`: the line, and at the root the
    /// search's answer so far.
    #[inline]
    fn new_best(&mut self, ply: usize, m: Move, score: i32) {
        self.update_pv(ply, m);
        if ply == 0 {
            self.root_best = m;
            self.root_score = score;
            self.root_pv = self.pv[0][..self.pv_len[0]].to_vec();
        }
    }

    /// Fail high: the opponent will avoid this line. A quiet move that
    /// refutes it is worth remembering; the captures learn either way.
    fn fail_high(
        &mut self,
        n: &Node,
        m: Move,
        quiet: bool,
        t: &Tally,
        killers: [Move; 2],
        follows: [usize; 2],
    ) {
        let bonus = n.depth * n.depth * 8;
        if quiet {
            if killers[0] != m {
                self.killers[n.ply] = [m, killers[0]];
            }
            self.reward_quiet(n.ply, m, t.quiets, bonus, follows);
        }
        self.reward_captures(n.ply, m, t.captures, bonus);
    }

    /// Keeps a move that did not cut the node, for the histories' malus.
    #[inline]
    fn remember_tried(&mut self, ply: usize, m: Move, quiet: bool, t: &mut Tally) {
        if quiet && t.quiets < QUIETS {
            self.quiets[ply][t.quiets] = m;
            t.quiets += 1;
        } else if !quiet && t.captures < CAPTURES {
            self.captures[ply][t.captures] = m;
            t.captures += 1;
        }
    }

    /// The node's score once its moves are searched (`alpha` as it came
    /// in): mate or stalemate when none was legal; what it learned goes to
    /// the correction history and the hash table.
    fn finish_node(
        &mut self,
        n: &Node,
        key: u64,
        raw: i32,
        t: &Tally,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if t.searched == 0 {
            // No legal move but the one left out: nothing else beats alpha.
            if !n.excluded.is_null() {
                return t.alpha;
            }
            // No legal move: checkmate or stalemate, both lost.
            return -MATE + n.ply as i32;
        }
        if !n.excluded.is_null() {
            return t.best;
        }
        let bound = bound_of(t.best, t.alpha, alpha, beta);
        if !n.in_check && (t.best_move.is_null() || self.pos.board[t.best_move.to().index()] == 0) {
            let static_eval = self.static_eval[n.ply];
            self.learn_correction(n.ply, n.depth, t.best, static_eval, bound);
        }
        if n.ply > 0 || self.banned.is_empty() {
            self.tt
                .store(key, n.ply, t.best_move, t.best, raw, n.depth, bound);
        }
        t.best
    }

    /// Quiescence search: captures only (every move when in check), with
    /// the static evaluation as a floor ("stand pat") when not in check.
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, in_check: bool) -> i32 {
        self.pv_len[ply] = ply;
        if self.should_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return self.evaluate(ply);
        }
        let key = self.pos.hash();
        let hit = self.tt.probe(key, ply);
        let pv_node = beta - alpha > 1;
        if let Some(h) = hit
            && !pv_node
            && cuts(&h, alpha, beta)
        {
            return h.score;
        }
        let (raw, eval, mut best) = if in_check {
            (-INF, -INF, -MATE + ply as i32)
        } else {
            match self.stand_pat(hit, beta, ply) {
                Ok((raw, eval)) => {
                    alpha = alpha.max(eval);
                    (raw, eval, eval)
                }
                Err(score) => return score,
            }
        };
        let old_alpha = alpha;
        let hash_move = hit.map_or(Move::NULL, |h| h.mv);
        let mut picker = MovePicker::new(&self.pos, hash_move, [Move::NULL; 2], !in_check)
            .learned_captures(self.follow_up);
        let mut best_move = Move::NULL;
        while let Some((m, _)) = picker.next(&self.pos, self.history, &mut self.buffers[ply]) {
            if !self.is_legal(m, in_check) {
                continue;
            }
            if !in_check
                && eval + capture_value(self.pos.board[m.to().index()]) + self.m.delta <= alpha
            {
                // Delta pruning: even winning this piece cannot reach alpha.
                continue;
            }
            let undo = self.make(m, ply);
            let gives_check = self.last_move_checks(m);
            let score = -self.qsearch(-beta, -alpha, ply + 1, gives_check);
            self.pos.unmake(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = bound_of(best, alpha, old_alpha, beta);
        self.tt.store(key, ply, best_move, best, raw, 0, bound);
        best
    }

    /// The quiescence search's floor when not in check: the raw and the
    /// corrected static evaluation, or `Err` with the node's score when
    /// that alone beats beta.
    #[inline]
    fn stand_pat(&mut self, hit: Option<Hit>, beta: i32, ply: usize) -> Result<(i32, i32), i32> {
        let raw = match hit {
            Some(h) => h.eval,
            None => {
                // Lazy evaluation: far above beta (or below alpha) on
                // material alone, the finer terms cannot change the
                // verdict, so the bound is as good as the exact value.
                // (The classical evaluation's estimate; the network's
                // output is on its own scale.)
                if let Some(quick) = self.eval.material_estimate(ply, self.pos.side_to_move())
                    && quick - self.m.lazy >= beta
                {
                    return Err(quick - self.m.lazy);
                }
                self.evaluate(ply)
            }
        };
        let eval = self.corrected(raw, ply);
        let eval = match hit {
            Some(h) if self.m.tt_eval > 1 => sharper_eval(eval, &h),
            _ => eval,
        };
        if eval >= beta {
            return Err(eval);
        }
        Ok((raw, eval))
    }

    /// Exact scores of every root move (not banned) searched to `depth`,
    /// best first. For the levels' human-like choice among near-best moves.
    pub fn root_scores(&mut self, depth: i32) -> Vec<(Move, i32)> {
        self.root_depth = depth;
        let mut out = Vec::new();
        for m in self.pos.legal_moves().iter().copied() {
            if self.banned.contains(&m) {
                continue;
            }
            let quiet = self.pos.captured_by(m).is_none();
            let undo = self.make(m, 0);
            let gives_check = self.last_move_checks(m);
            self.push(m, gives_check, !quiet);
            let score = -self.search(depth - 1, -INF, INF, 1, gives_check, true);
            self.path.pop();
            self.pos.unmake(m, undo);
            if self.stopped {
                break;
            }
            out.push((m, score));
        }
        out.sort_by_key(|&(_, s)| -s);
        out
    }
}

/// Whether helper thread `helper` of a Lazy SMP search leaves out the
/// iteration of `depth` (the main thread, 0, never does): Stockfish's
/// early pattern, each helper searching every other depth or every other
/// pair of depths (or triple…), at its own phase, so the threads spread
/// over neighbouring depths instead of all searching the same one and
/// each meets the others' results in the table. The first helper starts a
/// ply deeper than the main thread (2, 4, 6…), the second searches the
/// odd depths.
pub(crate) fn skips_depth(helper: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if helper == 0 {
        return false;
    }
    let i = (helper - 1) % SIZE.len();
    ((depth + PHASE[i]) / SIZE[i]) % 2 == 1
}

/// The move that turns `a` into `b`, if one legal move does.
fn move_between(a: &Position, b: &Position) -> Option<Move> {
    let us = a.side_to_move();
    let gone = a.occupancy(us) & !b.occupancy(us);
    let came = b.occupancy(us) & !a.occupancy(us);
    if gone.count_ones() != 1 || came.count_ones() != 1 {
        return None;
    }
    let from = crate::rules::Square::from_index(gone.trailing_zeros() as usize)?;
    let to = crate::rules::Square::from_index(came.trailing_zeros() as usize)?;
    let m = Move::new(from, to);
    let mut p = *a;
    (p.is_legal(m) && {
        p.make(m);
        p.hash() == b.hash()
    })
    .then_some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_score_sharpens_the_evaluation_only_where_its_bound_allows() {
        let hit = |score, bound| Hit {
            mv: Move::NULL,
            score,
            eval: 0,
            depth: 5,
            bound,
        };
        // An exact score is the truth, above or below.
        assert_eq!(sharper_eval(100, &hit(40, Bound::Exact)), 40);
        assert_eq!(sharper_eval(100, &hit(160, Bound::Exact)), 160);
        // A lower bound only lifts, an upper bound only lowers.
        assert_eq!(sharper_eval(100, &hit(160, Bound::Lower)), 160);
        assert_eq!(sharper_eval(100, &hit(40, Bound::Lower)), 100);
        assert_eq!(sharper_eval(100, &hit(40, Bound::Upper)), 40);
        assert_eq!(sharper_eval(100, &hit(160, Bound::Upper)), 100);
        // A mate score is no evaluation.
        assert_eq!(sharper_eval(100, &hit(MATE - 5, Bound::Exact)), 100);
        assert_eq!(sharper_eval(100, &hit(-MATE + 5, Bound::Upper)), 100);
    }

    /// Asks the singular-extension search about `hash` in `fen`: a lower
    /// bound from 8 plies, worth `score` (by default what a 4-ply search
    /// finds the position worth), at a non-PV node whose beta lies `beta`
    /// from that value.
    fn ask(
        fen: &str,
        hash: &str,
        score: Option<i32>,
        beta: i32,
        follow_up: bool,
    ) -> Option<Singular> {
        let pos = Position::from_fen(fen).expect("fen");
        let (tt, stop, evaluator) = (Tt::new(4), AtomicBool::new(false), Evaluator::standard());
        let mut history = History::default();
        let mut s = Searcher::new(&tt, &mut history, &stop, &pos, &[], &evaluator);
        s.follow_up = follow_up;
        let in_check = pos.in_check();
        let value = s.search(4, -INF, INF, 0, in_check, false);
        let h = Hit {
            mv: Move::from_iccs(hash).expect("move"),
            score: score.unwrap_or(value),
            eval: 0,
            depth: 8,
            bound: Bound::Lower,
        };
        let verdict = s.singular(h, 8, value + beta, 0, in_check, false);
        assert!(
            s.excluded.iter().all(|m| m.is_null()),
            "the excluded move is put back"
        );
        verdict
    }

    /// Red's chariot takes Black's, free; any other move at best saves its
    /// own chariot (about even: Black's guards shut out every check).
    const ONE_GOOD: &str = "3ak4/4a4/4b4/9/r8/9/9/9/9/R3K4 w - - 0 1";
    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn the_only_good_move_is_extended_twice_outside_the_pv() {
        let verdict = ask(ONE_GOOD, "a0a5", None, -50, true);
        assert!(matches!(verdict, Some(Singular::Extend(2))), "{verdict:?}");
    }

    #[test]
    fn other_moves_beating_beta_too_cut_the_node() {
        // The central cannon keeps the balance, so do many other moves:
        // beta far below, the node fails high at once (multi-cut) with the
        // singular bound, 16 (2 a ply) below the hash score.
        let verdict = ask(START, "h2e2", None, -300, true);
        assert!(matches!(verdict, Some(Singular::Cut(_))), "{verdict:?}");
    }

    #[test]
    fn a_hash_move_with_rivals_is_searched_shallower_above_beta_or_as_deep_below() {
        // Beta between the singular bound (16 below) and the hash score.
        let verdict = ask(START, "h2e2", None, -10, true);
        assert!(matches!(verdict, Some(Singular::Extend(-1))), "{verdict:?}");
        let verdict = ask(START, "h2e2", None, 40, true);
        assert!(matches!(verdict, Some(Singular::Extend(0))), "{verdict:?}");
    }

    #[test]
    fn the_levels_search_and_unfit_entries_ask_nothing() {
        assert!(
            ask(ONE_GOOD, "a0a5", None, -50, false).is_none(),
            "classic search"
        );
        assert!(
            ask(ONE_GOOD, "a0a5", Some(MATE - 5), -50, true).is_none(),
            "a mate score"
        );
        assert!(
            ask(ONE_GOOD, "a0a6", None, -50, true).is_none(),
            "an illegal hash move"
        );
    }

    /// Plays `line` from `pos`; panics on the first illegal move.
    fn play_all(pos: &Position, line: &[Move]) {
        let mut p = *pos;
        for &m in line {
            assert!(p.play(m).is_ok(), "{m} is illegal in {line:?}");
        }
    }

    #[test]
    fn a_line_cut_short_is_made_whole() {
        let pos = Position::from_fen(START).expect("fen");
        let (tt, stop, evaluator) = (Tt::new(4), AtomicBool::new(false), Evaluator::standard());
        let mut history = History::default();
        let mut s = Searcher::new(&tt, &mut history, &stop, &pos, &[], &evaluator);
        s.iterate(6, 1, &mut |_, _| true);
        let full = s.root_pv.clone();
        assert!(full.len() >= 6, "{full:?}");
        // The same first move, as a fail high leaves it: the finished
        // depth's line stands.
        s.root_pv = full[..1].to_vec();
        s.finish_line(Some(&full));
        assert_eq!(s.root_pv, full);
        // Without a finished line, the table carries it on, legally.
        s.root_pv = full[..1].to_vec();
        s.finish_line(None);
        assert!(s.root_pv.len() > 2, "{:?}", s.root_pv);
        assert!(s.root_pv.len() <= TT_LINE);
        assert_eq!(s.root_pv[0], full[0]);
        play_all(&pos, &s.root_pv);
        // Another move than the finished line's: that line is not used.
        let other = pos
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| m != full[0])
            .expect("a second move");
        s.root_best = other;
        s.root_pv = vec![other];
        s.finish_line(Some(&full));
        assert_eq!(s.root_pv[0], other);
        play_all(&pos, &s.root_pv);
    }
}
