//! Proving a puzzle: from a position where the side to move (the solver)
//! wins decisively, the line of moves where every move of the solver is
//! the only good one and the defender answers with its best defence,
//! ending where the win is plain — the mate given, or at least a horse
//! won and kept.
//!
//! "The only good one", as the best generators judge it: the engine's
//! second-best move (MultiPV 2 at the budget) keeps at least [`GAP`] less
//! of the expected score the display promise gives ([`expected`]), or,
//! where the best move mates, does not mate at all. At the last move a
//! mate in one need not be the only one (any mate solves).

use crate::engine::level::glance_value;
use crate::engine::review::expected;
use crate::engine::{Engine, Limits, Score, SearchInfo, SearchRequest};
use crate::rules::{Move, Position};
use std::sync::atomic::AtomicBool;

/// The least the second-best move must give away, in expected score.
pub const GAP: f64 = 0.3;

/// The expected score from which a position is won ("winning" by the
/// display promise: about +1.8 shown).
pub const WINNING: f64 = 0.85;

/// The material a line that does not mate must win and keep: a horse.
pub const MATERIAL: i32 = 400;

/// The most solver moves in a line.
pub const MAX_SOLVER_MOVES: usize = 6;

/// How hard the engine looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes for each search of the line (MultiPV 2 for the solver).
    pub nodes: u64,
    /// Nodes for the second look at the first move.
    pub confirm: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: 1_000_000,
            confirm: 4_000_000,
        }
    }
}

/// Why a position is not a puzzle (or a puzzle no longer proves).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejected {
    /// The side to move does not win decisively.
    #[error("the side to move does not win decisively ({0})")]
    NotWinning(String),
    /// A solver's move is not the only good one.
    #[error("solver move {step}: {best} is not the only good move ({second} keeps {kept})")]
    NotUnique {
        /// The solver's move, 1 = first.
        step: usize,
        /// The best move (ICCS).
        best: String,
        /// The second-best move (ICCS).
        second: String,
        /// What the second keeps (its score).
        kept: String,
    },
    /// The line did not end in mate or material within the moves allowed.
    #[error("no plain win within {MAX_SOLVER_MOVES} solver moves")]
    TooLong,
    /// The engine prefers another move than the puzzle's.
    #[error("solver move {step}: the engine plays {found}, not the line's {line}")]
    OtherMove {
        /// The solver's move, 1 = first.
        step: usize,
        /// The engine's move (ICCS).
        found: String,
        /// The line's move (ICCS).
        line: String,
    },
    /// The line does not end as it promised (mate or material kept).
    #[error("the line does not end in a plain win ({0})")]
    Unfinished(String),
    /// A move of the line is not legal.
    #[error("move {0} of the line is not legal")]
    Illegal(usize),
}

/// A proved line.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    /// The solver's move, the reply, …, the solver's last move.
    pub line: Vec<Move>,
    /// Whether the line ends in mate.
    pub mate: bool,
    /// The best score at the first move and the second's.
    pub first: (Score, Option<Score>),
}

/// The engine that proves puzzles, with its budget.
pub struct Prover {
    engine: Engine,
    budget: Budget,
}

/// The solver's material lead (in the glance's values) in `pos`, whoever
/// is to move there.
pub fn lead_of(pos: &Position, solver: crate::rules::Color) -> i32 {
    let sum = |c| -> i32 { pos.pieces(c).map(|(_, p)| glance_value(p.kind)).sum() };
    sum(solver) - sum(solver.flip())
}

/// Whether `best` is the only good move when the second keeps `second`.
pub fn unique(best: Score, second: Option<Score>) -> bool {
    unique_by(best, second, GAP)
}

/// [`unique`] with the expected score's gap `gap`.
pub fn unique_by(best: Score, second: Option<Score>, gap: f64) -> bool {
    let Some(second) = second else { return true };
    match best {
        Score::Mate(n) if n > 0 => !matches!(second, Score::Mate(m) if m > 0),
        _ => expected(best) - expected(second) >= gap,
    }
}

/// Whether `s` wins decisively.
pub fn winning(s: Score) -> bool {
    expected(s) >= WINNING
}

impl Prover {
    /// A prover looking as hard as `budget` says.
    pub fn new(budget: Budget) -> Prover {
        Prover::with_hash(budget, 32)
    }

    /// A prover with a table of `mb` MB: the brief looks of the scan need
    /// little, and each search starts by clearing the table.
    pub fn with_hash(budget: Budget, mb: usize) -> Prover {
        Prover {
            engine: Engine::new(mb),
            budget,
        }
    }

    /// The best `k` moves of `pos` with their scores, best first, at
    /// `nodes` (fewer when fewer are legal).
    pub fn lines(
        &mut self,
        pos: &Position,
        history: &[Position],
        nodes: u64,
        k: usize,
    ) -> Vec<(Move, Score)> {
        let stop = AtomicBool::new(false);
        let limits = Limits {
            nodes: Some(nodes),
            depth: Some(60),
            ..Limits::default()
        };
        let request = SearchRequest::new(pos, history, &stop)
            .limits(limits)
            .lines(k);
        let mut last: Vec<Option<(Move, Score)>> = vec![None; k.max(1)];
        let mut on_info = |i: &SearchInfo| {
            if let (Some(slot), Some(&m)) = (last.get_mut(i.multipv as usize - 1), i.pv.first()) {
                *slot = Some((m, i.score));
            }
        };
        self.engine.clear();
        let result = self.engine.search(&request, &mut on_info);
        if result.best.is_null() {
            return Vec::new();
        }
        last[0] = Some((result.best, result.score));
        let mut out: Vec<(Move, Score)> = last.into_iter().flatten().collect();
        out.dedup_by_key(|(m, _)| *m);
        out
    }

    /// The best move and whether it is the only good one, at `nodes`.
    fn step(
        &mut self,
        pos: &Position,
        history: &[Position],
        nodes: u64,
    ) -> Option<(Move, Score, Option<(Move, Score)>)> {
        let l = self.lines(pos, history, nodes, 2);
        let &(m, s) = l.first()?;
        Some((m, s, l.get(1).copied()))
    }

    /// Proves the puzzle in `pos` (reached through `history`), or says why
    /// it is none.
    ///
    /// # Errors
    /// [`Rejected`]: not winning, a solver's move not the only good one,
    /// no plain win within [`MAX_SOLVER_MOVES`].
    pub fn prove(&mut self, pos: &Position, history: &[Position]) -> Result<Proof, Rejected> {
        let solver = pos.side_to_move();
        let start_lead = lead_of(pos, solver);
        let (mut cur, mut hist) = (*pos, history.to_vec());
        let mut line = Vec::new();
        let mut first = (Score::Cp(0), None);
        for step in 1..=MAX_SOLVER_MOVES {
            let (m, s, second) = self
                .step(&cur, &hist, self.budget.nodes)
                .ok_or(Rejected::Unfinished("no legal move".into()))?;
            if step == 1 {
                if !winning(s) {
                    return Err(Rejected::NotWinning(s.to_string()));
                }
                first = (s, second.map(|x| x.1));
            }
            if s != Score::Mate(1) && !unique(s, second.map(|x| x.1)) {
                return Err(not_unique(step, m, second));
            }
            line.push(m);
            hist.push(cur);
            cur.play(m).map_err(|_| Rejected::Illegal(line.len()))?;
            if !cur.has_legal_move() {
                return Ok(Proof {
                    line,
                    mate: true,
                    first,
                });
            }
            let Some(&(reply, _)) = self.lines(&cur, &hist, self.budget.nodes, 1).first() else {
                return Err(Rejected::Unfinished("no reply".into()));
            };
            let mut after = cur;
            after
                .play(reply)
                .map_err(|_| Rejected::Illegal(line.len() + 1))?;
            let mating = matches!(s, Score::Mate(n) if n > 0);
            if !mating && lead_of(&after, solver) - start_lead >= MATERIAL && winning(s) {
                return Ok(Proof {
                    line,
                    mate: false,
                    first,
                });
            }
            line.push(reply);
            hist.push(cur);
            cur = after;
        }
        Err(Rejected::TooLong)
    }

    /// The second look: at the larger budget the first move is still the
    /// engine's and still the only good one.
    ///
    /// # Errors
    /// [`Rejected`] when it is not.
    pub fn confirm(
        &mut self,
        pos: &Position,
        history: &[Position],
        first: Move,
    ) -> Result<(), Rejected> {
        let (m, s, second) = self
            .step(pos, history, self.budget.confirm)
            .ok_or(Rejected::Illegal(1))?;
        if m != first {
            return Err(other(1, m, first));
        }
        if s != Score::Mate(1) && !unique(s, second.map(|x| x.1)) {
            return Err(not_unique(1, m, second));
        }
        Ok(())
    }

    /// Proves a stored line again: each solver move the engine's only
    /// good one at the budget (at the last, any mate in one will do), the
    /// moves legal, and the line ending as it promised (mate, or the
    /// material won and kept after the defender's best reply).
    ///
    /// # Errors
    /// [`Rejected`] for the first thing that fails.
    pub fn check(&mut self, pos: &Position, line: &[Move]) -> Result<(), Rejected> {
        let solver = pos.side_to_move();
        let start_lead = lead_of(pos, solver);
        let (mut cur, mut hist) = (*pos, Vec::new());
        for (i, &m) in line.iter().enumerate() {
            if i % 2 == 0 {
                self.check_step(&cur, &hist, i / 2 + 1, m, i + 1 == line.len())?;
            }
            hist.push(cur);
            cur.play(m).map_err(|_| Rejected::Illegal(i + 1))?;
        }
        if !cur.has_legal_move() {
            return Ok(());
        }
        let Some(&(reply, _)) = self.lines(&cur, &hist, self.budget.nodes, 1).first() else {
            return Ok(());
        };
        cur.play(reply)
            .map_err(|_| Rejected::Illegal(line.len() + 1))?;
        let gain = lead_of(&cur, solver) - start_lead;
        if gain < MATERIAL {
            return Err(Rejected::Unfinished(format!(
                "{gain} won after the best reply"
            )));
        }
        Ok(())
    }

    fn check_step(
        &mut self,
        pos: &Position,
        hist: &[Position],
        step: usize,
        m: Move,
        last: bool,
    ) -> Result<(), Rejected> {
        let (best, s, second) = self
            .step(pos, hist, self.budget.nodes)
            .ok_or(Rejected::Illegal(2 * step - 1))?;
        let mut after = *pos;
        after.play(m).map_err(|_| Rejected::Illegal(2 * step - 1))?;
        if last && !after.has_legal_move() {
            return Ok(());
        }
        if best != m {
            return Err(other(step, best, m));
        }
        if !unique(s, second.map(|x| x.1)) {
            return Err(not_unique(step, m, second));
        }
        Ok(())
    }
}

fn not_unique(step: usize, best: Move, second: Option<(Move, Score)>) -> Rejected {
    let (second, kept) = second.map_or((String::new(), String::new()), |(m, s)| {
        (m.to_string(), s.to_string())
    });
    Rejected::NotUnique {
        step,
        best: best.to_string(),
        second,
        kept,
    }
}

fn other(step: usize, found: Move, line: Move) -> Rejected {
    Rejected::OtherMove {
        step,
        found: found.to_string(),
        line: line.to_string(),
    }
}
