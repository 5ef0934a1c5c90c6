//! The engine: finds a good move in a position. Plain Rust, no Bevy; the
//! game runs it on a worker thread and stops it with an `AtomicBool`.
//!
//! - [`search`](self::search) — iterative deepening, PVS alpha-beta, quiescence, rules in search.
//! - [`smp`] — the search on several threads (Lazy SMP).
//! - [`tt`] — transposition table, shared by the threads without locks.
//! - [`movepick`] — move ordering (hash move, MVV-LVA, killers, history).
//! - [`eval`] — static evaluation in centipawns.
//! - [`timeman`] — how long to think.
//! - [`level`] — the difficulty levels (a ladder of 36 measured steps, from
//!   a beginner to the full engine) and their human-like imprecision.
//! - [`pace`] — how long a level holds its move when it plays a person.
//! - [`score`] — scores in centipawns and mates, and what the program shows.
//! - [`nnue`] — the network evaluation and its file format.
//! - [`book`] — the opening book the engine grows with its own search
//!   (`xiangqi book build`), for the levels' variety and the explorer.
//! - [`review`] — game review: every move judged against the engine's best.
//! - [`uci`] — the UCI/UCCI protocol loop (`xiangqi uci`).
//! - [`bench`] — the fixed speed benchmark (`xiangqi bench`).
//!
//! [`Engine`] owns what lives from one search to the next (the hash table,
//! the history scores of each thread, how many threads to search with);
//! everything else is per search.

pub mod bench;
pub mod book;
pub mod correction;
pub mod eval;
pub mod level;
pub mod margins;
pub mod movepick;
pub mod nnue;
pub mod pace;
pub mod review;
pub mod rng;
pub mod score;
pub mod search;
mod smp;
mod stack;
pub mod timeman;
pub mod tt;
pub mod uci;

pub use level::{Level, Persona, RATING_SCALE};
pub use margins::Margins;
pub use score::Score;

use crate::rules::{Move, Position};
use score::{MATE, MATE_BOUND};
use search::{Iteration, Searcher};
use smp::Outcome;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The promise of every score the engine shows (analysis, evaluation bar,
/// review, UCI `score cp`): a score of `cp` centipawns means an expected
/// result of `1 / (1 + e^(−cp / DISPLAY_SCALE))` for the side it favours —
/// +0.50 is about 62 %, +1.00 about 72 %, +2.00 about 87 %. Fitted on
/// balanced games of the full engine — self-play at 200 ms a move and
/// node-odds games against Fairy-Stockfish (43 %) — so that in every
/// bucket of scores `xiangqi calibrate` counts the points taken lie within
/// 5 of the promise (benches/strength.md, "the display scale refitted";
/// the games are kept in benches/calibration). The numbers
/// themselves are each evaluation's internal score rescaled by
/// [`SHOWN_FIT`]; the levels' blur is written in them.
pub const DISPLAY_SCALE: i32 = 105;

/// What an evaluation's own fitted scale (the training games' logistic
/// fit, see [`Evaluator::fit_scale`]) reads as, in shown centipawns: so a
/// score reads the same whichever evaluation made it, a soldier about
/// +0.40 and a chariot about +3.6 in a middle game. Deeper play than the
/// training games' converts a lead more surely, which is why the promise
/// ([`DISPLAY_SCALE`]) is steeper than this.
pub const SHOWN_FIT: i32 = 200;

/// The classical evaluation's fitted scale: the tuner's logistic fit of
/// its scores against the outcomes of 554 engine games (`k` = 0.346 on a
/// base-10, 400-point curve) is `1 / (1 + e^(−score / 500))`.
pub const CLASSICAL_FIT_SCALE: i32 = 500;

/// Default transposition table size.
pub const DEFAULT_HASH_MB: usize = 64;

/// A chess clock for one side: time left, increment, moves to the next control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock of the side to move.
    pub remaining: Duration,
    /// Added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

/// When to stop searching. Any limit that is set can end the search; with
/// none set (and not `infinite`) the search runs to the maximum depth.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Clock of the side to move.
    pub clock: Option<Clock>,
    /// Search until stopped (ignores the clock).
    pub infinite: bool,
    /// Search as the levels were measured: without the techniques added
    /// since (the follow-up and capture histories, the correction history,
    /// singular extensions), so a level keeps its measured
    /// strength. The levels' limits set it; the full engine's do not.
    pub classic: bool,
}

/// One search asked of the engine: the position and the positions before
/// it, how long to search, root moves to leave out, how many lines to
/// find, and the flag that stops it.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use xiangqi::engine::{Engine, Limits, SearchRequest};
/// use xiangqi::rules::Position;
/// let (pos, stop) = (Position::startpos(), AtomicBool::new(false));
/// let limits = Limits { depth: Some(2), ..Limits::default() };
/// let request = SearchRequest::new(&pos, &[], &stop).limits(limits).lines(2);
/// let result = Engine::new(1).search(&request, &mut |_| {});
/// assert!(pos.is_legal(result.best));
/// ```
#[derive(Clone, Debug)]
pub struct SearchRequest<'a> {
    /// The position searched.
    pub position: &'a Position,
    /// The game's positions before it, oldest first (for the repetition
    /// rules).
    pub history: &'a [Position],
    /// When to stop (none set: to the maximum depth).
    pub limits: Limits,
    /// Root moves never played (UCCI `banmoves`, an analysis line left
    /// out); ignored when they are every legal move.
    pub exclude: &'a [Move],
    /// Lines to find (MultiPV): each depth reports this many, best first,
    /// numbered by [`SearchInfo::multipv`], each leaving out the first
    /// moves of the lines above it. Each extra line costs about as much as
    /// the first. The result is the best line.
    pub lines: usize,
    /// Raised to end the search.
    pub stop: &'a AtomicBool,
    /// Pondering (see [`SearchRequest::pondering`]): the flag lowered at
    /// the ponderhit.
    pub pondering: Option<&'a AtomicBool>,
}

impl<'a> SearchRequest<'a> {
    /// A search of `position` (reached through `history`) to the maximum
    /// depth, every move allowed, one line, ended by `stop`.
    pub fn new(position: &'a Position, history: &'a [Position], stop: &'a AtomicBool) -> Self {
        SearchRequest {
            position,
            history,
            limits: Limits::default(),
            exclude: &[],
            lines: 1,
            stop,
            pondering: None,
        }
    }

    /// Pondering, thinking on the opponent's time: while `flag` is raised
    /// the search runs as if infinite (no clock); once it is lowered (the
    /// opponent played the expected move: UCI `ponderhit`) the limits'
    /// clock and movetime apply, counted from that moment. The depth and
    /// node limits apply throughout. A flag already lowered is an ordinary
    /// search.
    pub fn pondering(self, flag: &'a AtomicBool) -> Self {
        SearchRequest {
            pondering: Some(flag),
            ..self
        }
    }

    /// Within `limits`.
    pub fn limits(self, limits: Limits) -> Self {
        SearchRequest { limits, ..self }
    }

    /// Never playing one of `moves` at the root.
    pub fn excluding(self, moves: &'a [Move]) -> Self {
        SearchRequest {
            exclude: moves,
            ..self
        }
    }

    /// Finding the best `lines` moves (at least one).
    pub fn lines(self, lines: usize) -> Self {
        SearchRequest {
            lines: lines.max(1),
            ..self
        }
    }
}

/// Progress after each finished iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Which line this is: 1 for the best, up to the number of lines asked
    /// for (see [`SearchRequest::lines`]).
    pub multipv: u32,
    /// Nominal depth.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Score of this line.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The line, starting with its move.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play: always legal when the position has a legal move,
    /// [`Move::NULL`] when it has none.
    pub best: Move,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Score of `best`.
    pub score: Score,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// What the engine judges quiet positions with.
#[derive(Clone, Debug)]
pub enum Evaluator {
    /// The hand-written evaluation ([`eval`]): material, piece-square
    /// tables, mobility, general safety.
    Classical,
    /// A learned network ([`nnue`]).
    Network(Arc<nnue::Network>),
}

impl Evaluator {
    /// What the engine plays with unless told otherwise: the network
    /// shipped inside the binary.
    pub fn standard() -> Evaluator {
        Evaluator::Network(nnue::embedded())
    }

    /// `classical` or `network`.
    pub fn name(&self) -> &'static str {
        match self {
            Evaluator::Classical => "classical",
            Evaluator::Network(_) => "network",
        }
    }

    fn network(&self) -> Option<&nnue::Network> {
        match self {
            Evaluator::Classical => None,
            Evaluator::Network(n) => Some(n),
        }
    }

    /// The scale of the internal score: `1 / (1 + e^(−score / scale))` is
    /// the expected result (fitted to game results for each evaluation).
    pub fn fit_scale(&self) -> i32 {
        match self {
            Evaluator::Classical => CLASSICAL_FIT_SCALE,
            Evaluator::Network(n) => n.fit_scale(),
        }
    }

    /// An internal score as players read it ([`SHOWN_FIT`]; its promise
    /// is [`DISPLAY_SCALE`]).
    pub fn display_cp(&self, internal: i32) -> i32 {
        (i64::from(internal) * i64::from(SHOWN_FIT) / i64::from(self.fit_scale().max(1))) as i32
    }

    /// A search score as players read it: shown centipawns (promising
    /// [`DISPLAY_SCALE`]); mates are mates.
    pub(crate) fn score(&self, v: i32) -> Score {
        match Score::from_internal(v) {
            Score::Cp(c) => Score::Cp(self.display_cp(c)),
            s => s,
        }
    }

    /// The static evaluation of `pos` for the side to move, as players read it.
    pub fn evaluate(&self, pos: &Position) -> Score {
        Score::Cp(self.display_cp(match self {
            Evaluator::Classical => eval::evaluate(pos),
            Evaluator::Network(n) => n.evaluate(pos),
        }))
    }
}

impl PartialEq for Evaluator {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Evaluator::Classical, Evaluator::Classical) => true,
            (Evaluator::Network(a), Evaluator::Network(b)) => Arc::ptr_eq(a, b) || a == b,
            _ => false,
        }
    }
}

/// The engine: owns the transposition table, the move-ordering history of
/// each search thread, and the evaluation it plays with.
pub struct Engine {
    tt: tt::Tt,
    history: Box<movepick::History>,
    /// The helper threads' histories: one per thread beyond the first.
    helpers: Vec<Box<movepick::History>>,
    evaluator: Evaluator,
    /// The full engine's thresholds (the levels search with
    /// [`Margins::CLASSIC`]).
    margins: Margins,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_HASH_MB)
    }
}

/// A thread count the machine does not have (or none at all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("threads must be 1..{max} (the machine's threads), not {asked}")]
pub struct ThreadsError {
    /// The count asked for.
    pub asked: usize,
    /// The most there may be: [`max_threads`].
    pub max: usize,
}

/// The most search threads an engine may have: the threads the machine
/// runs at once (`std::thread::available_parallelism`), at least one.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What a search has reported so far, and when it should stop deepening.
struct Progress<'a, 'f> {
    start: Instant,
    plan: timeman::TimePlan,
    limits: &'a Limits,
    evaluator: &'a Evaluator,
    on_info: &'f mut dyn FnMut(&SearchInfo),
    /// The helper threads' nodes, in a search of several threads.
    team: Option<&'a AtomicU64>,
    last_depth: u32,
    last_score: i32,
}

impl Progress<'_, '_> {
    /// Reports an iteration; `false` when the search should stop deepening.
    fn report(&mut self, it: &Iteration, s: &Searcher) -> bool {
        let time = self.start.elapsed();
        let nodes = s.nodes + self.team.map_or(0, |t| t.load(Ordering::Relaxed));
        let nps = (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64;
        (self.on_info)(&SearchInfo {
            multipv: it.multipv,
            depth: it.depth,
            seldepth: it.seldepth,
            score: self.evaluator.score(it.score),
            nodes,
            nps,
            time,
            pv: it.pv.clone(),
        });
        if it.multipv > 1 {
            return true;
        }
        self.last_depth = it.depth;
        self.last_score = it.score;
        if self.limits.infinite || s.pondering() {
            return true;
        }
        // The clock runs from the start, or from the ponderhit.
        let clock = s.ponder_hit.map_or(time, |hit| hit.elapsed());
        if let Some(soft) = self.plan.soft
            && clock >= soft
        {
            return false;
        }
        // A mate found with depth to spare will hardly get shorter; under
        // a clock that is enough (without one, keep looking for a shorter).
        let timed = self.limits.clock.is_some() || self.limits.movetime.is_some();
        !(timed
            && it.score.abs() >= MATE_BOUND
            && it.depth as i32 > 2 * (MATE - it.score.abs()) + 4)
    }

    /// The main thread's answer: its best move, line and score.
    fn outcome(&self, s: &Searcher) -> Outcome {
        let best = s.root_best;
        let mut pv = s.root_pv.clone();
        if pv.first() != Some(&best) {
            pv = vec![best];
        }
        let score = if best.is_null() {
            -MATE
        } else if s.root_score > -INF_SCORE {
            s.root_score
        } else {
            self.last_score
        };
        Outcome {
            best,
            score,
            depth: self.last_depth,
            nodes: s.nodes,
            pv: if best.is_null() { Vec::new() } else { pv },
        }
    }
}

impl Engine {
    /// An engine with a hash table of about `hash_mb` megabytes, searching
    /// on one thread.
    ///
    /// # Panics
    /// If that much memory cannot be had: for small fixed tables (tests,
    /// the 1 MB fallback); a size a user chose goes through
    /// [`Engine::try_new`].
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: tt::Tt::new(hash_mb),
            history: Box::default(),
            helpers: Vec::new(),
            evaluator: Evaluator::standard(),
            margins: Margins::default(),
        }
    }

    /// An engine with a hash table of about `hash_mb` megabytes, or an
    /// error if that much memory cannot be had.
    pub fn try_new(hash_mb: usize) -> Result<Engine, tt::AllocError> {
        Ok(Engine {
            tt: tt::Tt::try_new(hash_mb)?,
            history: Box::default(),
            helpers: Vec::new(),
            evaluator: Evaluator::standard(),
            margins: Margins::default(),
        })
    }

    /// The evaluation the engine plays with.
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// Plays with `e` from now on (the hash table is cleared: its stored
    /// evaluations belong to the old one).
    pub fn set_evaluator(&mut self, e: Evaluator) {
        if e != self.evaluator {
            self.evaluator = e;
            self.clear();
        }
    }

    /// The full engine searches with `m` from now on (a tuning run, a
    /// match of tuned margins); the levels keep [`Margins::CLASSIC`].
    pub fn set_margins(&mut self, m: Margins) {
        self.margins = m;
    }

    /// The thresholds a search under `limits` uses: the levels' own, or
    /// the full engine's.
    fn margins_for(&self, limits: &Limits) -> Margins {
        if limits.classic {
            Margins::CLASSIC
        } else {
            self.margins
        }
    }

    /// Resizes (and clears) the hash table. If the memory cannot be had
    /// the old table is kept, contents and all, and the error says so.
    pub fn set_hash_mb(&mut self, hash_mb: usize) -> Result<(), tt::AllocError> {
        self.tt = tt::Tt::try_new(hash_mb)?;
        Ok(())
    }

    /// Hash table size in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Searches with `n` threads from now on (Lazy SMP, see [`smp`]): 1
    /// (the default) up to [`max_threads`]. One thread is the plain
    /// search, move for move and node for node. Another count is refused
    /// and the current one kept.
    pub fn set_threads(&mut self, n: usize) -> Result<(), ThreadsError> {
        let max = max_threads();
        if !(1..=max).contains(&n) {
            return Err(ThreadsError { asked: n, max });
        }
        self.helpers.resize_with(n - 1, Box::default);
        Ok(())
    }

    /// How many threads a search runs on.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets everything learned (call it for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
        for h in &mut self.helpers {
            h.clear();
        }
    }

    /// Searches as `request` asks (see [`SearchRequest`]). `on_info` hears
    /// about each finished iteration (each line of it when several are
    /// asked). Setting the request's stop flag ends the search within a few
    /// milliseconds; the best move found so far is still returned.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let start = Instant::now();
        let limits = &request.limits;
        let plan = timeman::plan(limits);
        self.tt.new_search();
        let follow_up = !limits.classic;
        self.history.halve(follow_up);
        self.helpers.iter_mut().for_each(|h| h.halve(follow_up));
        let pos = request.position;
        let legal = pos.legal_moves();
        // Every legal move banned: the ban is lifted (a move must be found).
        let banned: Vec<Move> = if legal.iter().all(|m| request.exclude.contains(m)) {
            Vec::new()
        } else {
            request.exclude.to_vec()
        };
        let mut max_depth = limits.depth.unwrap_or(u32::MAX).max(1);
        // One legal move under a clock: play it at once.
        let playable = legal.iter().filter(|m| !banned.contains(m)).count();
        if playable == 1
            && !limits.infinite
            && (limits.clock.is_some() || limits.movetime.is_some())
        {
            max_depth = 1;
        }
        let job = smp::Job {
            tt: &self.tt,
            evaluator: &self.evaluator,
            pos,
            game: request.history,
            banned: &banned,
            max_depth,
            follow_up,
            margins: self.margins_for(limits),
        };
        // Helpers only where there is a choice to think about.
        let helpers = if playable > 1 && max_depth > 1 {
            &mut self.helpers[..]
        } else {
            &mut []
        };
        let history = &mut self.history;
        let o = smp::run(&job, helpers, request.lines, |team| {
            let mut s = job.searcher(history, request.stop);
            s.node_limit = limits.nodes.unwrap_or(u64::MAX);
            s.team_nodes = team;
            match request.pondering {
                Some(flag) if flag.load(Ordering::Relaxed) => s.ponder = Some((flag, plan.hard)),
                _ => s.deadline = plan.hard.map(|h| start + h),
            }
            let mut progress = Progress {
                start,
                plan,
                limits,
                evaluator: job.evaluator,
                on_info,
                team,
                last_depth: 0,
                last_score: 0,
            };
            s.iterate(max_depth, request.lines, &mut |it, s| {
                progress.report(it, s)
            });
            progress.outcome(&s)
        });
        SearchResult {
            best: o.best,
            ponder: self.ponder_move(pos, &o),
            score: self.evaluator.score(o.score),
            depth: o.depth,
            nodes: o.nodes,
            pv: o.pv,
        }
    }

    /// The reply expected after the outcome's move: its line's second
    /// move, or else (a line cut short by an early stop) the table's move
    /// for the position after it, when legal there.
    fn ponder_move(&self, pos: &Position, o: &Outcome) -> Option<Move> {
        if let Some(&reply) = o.pv.get(1) {
            return Some(reply);
        }
        if o.best.is_null() {
            return None;
        }
        let mut after = *pos;
        after.make(o.best);
        let hit = self.tt.probe(after.hash(), 1)?;
        (!hit.mv.is_null() && after.is_legal(hit.mv)).then_some(hit.mv)
    }

    /// Exact scores of all root moves at `depth` (best first), for the
    /// levels' human-like choice. Cheap at the low depths levels use.
    pub(crate) fn root_scores(
        &mut self,
        pos: &Position,
        history: &[Position],
        depth: u32,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Vec<(Move, i32)> {
        self.tt.new_search();
        let mut s = Searcher::new(
            &self.tt,
            &mut self.history,
            stop,
            pos,
            history,
            &self.evaluator,
        );
        s.deadline = deadline;
        // Warm the table and the history with a normal search first.
        s.iterate(depth, 1, &mut |_, _| true);
        let fallback = (!s.root_best.is_null()).then_some((s.root_best, s.root_score));
        if s.stopped {
            // Out of time (or stopped): the best move found so far.
            return fallback.into_iter().collect();
        }
        let scores = s.root_scores(depth as i32);
        if s.stopped {
            return fallback.into_iter().collect();
        }
        scores
    }
}

const INF_SCORE: i32 = score::INF;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_as_uci_does() {
        assert_eq!(Score::Cp(35).to_string(), "cp 35");
        assert_eq!(Score::from_internal(MATE - 5).to_string(), "mate 3");
        assert_eq!(Score::from_internal(-MATE + 4).to_string(), "mate -2");
        assert_eq!(Score::from_internal(MATE - 5).mate_plies(), Some(5));
    }

    /// Nodes of a depth-7 search of the start position with `m`.
    fn nodes_with(m: Option<Margins>, classic: bool) -> u64 {
        let (pos, stop) = (Position::startpos(), AtomicBool::new(false));
        let mut e = Engine::new(4);
        if let Some(m) = m {
            e.set_margins(m);
        }
        let limits = Limits {
            depth: Some(7),
            classic,
            ..Limits::default()
        };
        let request = SearchRequest::new(&pos, &[], &stop).limits(limits);
        let mut nodes = 0;
        e.search(&request, &mut |i| nodes = i.nodes);
        nodes
    }

    #[test]
    fn the_full_engine_searches_with_its_margins_and_the_levels_with_theirs() {
        let wide = Margins {
            futility_per_depth: 300,
            rfp_per_depth: 250,
            lmr_divisor: 400,
            ..Margins::default()
        };
        let standard = nodes_with(None, false);
        assert_eq!(nodes_with(Some(Margins::default()), false), standard);
        assert_ne!(nodes_with(Some(wide), false), standard);
        // The full engine's own are not the levels'.
        assert_ne!(nodes_with(Some(Margins::CLASSIC), false), standard);
        // The levels' searches keep the thresholds they were measured with.
        assert_eq!(nodes_with(Some(wide), true), nodes_with(None, true));
        // Each switch that is off by default does something when on.
        // (Razoring with no margin: the opening's scores are too even for
        // the real ones to fire in a search this short.)
        let razoring = Margins {
            razor_depth: 3,
            razor_base: 0,
            razor_per_depth: 0,
            ..Margins::default()
        };
        assert_ne!(nodes_with(Some(razoring), false), standard);
        let plain = Margins {
            tt_eval: 0,
            ..Margins::default()
        };
        assert_ne!(nodes_with(Some(plain), false), standard);
    }
}
