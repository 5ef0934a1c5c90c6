//! Lazy SMP: a search on several threads. Every thread searches the same
//! root with its own iterative deepening, its own move-ordering history,
//! killers and stacks; they share only the transposition table (lock-free,
//! see [`tt`](super::tt)) and a stop flag. What one thread learns reaches
//! the others through the table, so together they search deeper than one
//! would. The helpers spread over neighbouring depths
//! ([`skips_depth`](super::search::skips_depth)) so they do not all repeat
//! the same iteration.
//!
//! The main thread is the search of one thread: it keeps the time, reports
//! its iterations and decides when to stop; then the helpers are stopped
//! and the answer is taken from the thread that got furthest: the deepest
//! finished iteration, then the better score (Stockfish's vote). A helper
//! that finished no iteration has no say. With several lines (MultiPV) the
//! lines and the answer are the main thread's; the helpers only fill the
//! table.

use super::Evaluator;
use super::movepick::History;
use super::search::Searcher;
use super::tt::Tt;
use crate::rules::{Move, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A helper thread's stack: the search recurses a frame a ply, as on the
/// protocol's search thread.
const HELPER_STACK: usize = 16 * 1024 * 1024;

/// What every thread of one search shares.
pub(crate) struct Job<'a> {
    pub tt: &'a Tt,
    pub evaluator: &'a Evaluator,
    pub pos: &'a Position,
    /// The game's positions before `pos`.
    pub game: &'a [Position],
    /// Root moves never played.
    pub banned: &'a [Move],
    pub max_depth: u32,
    /// The follow-up histories are on ([`crate::engine::Limits::classic`] off).
    pub follow_up: bool,
    /// The thresholds every thread searches with.
    pub margins: crate::engine::Margins,
}

impl Job<'_> {
    /// A searcher of the job's root for one thread, with that thread's
    /// history, stopped by `stop`.
    pub fn searcher<'s>(&'s self, history: &'s mut History, stop: &'s AtomicBool) -> Searcher<'s> {
        let mut s = Searcher::new(self.tt, history, stop, self.pos, self.game, self.evaluator);
        s.banned = self.banned.to_vec();
        s.follow_up = self.follow_up;
        s.set_margins(self.margins);
        s
    }
}

/// What one thread found: its move, line and score (internal units), the
/// depth of its last finished iteration and the nodes it searched.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    pub best: Move,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

/// Raises a flag when dropped: the helpers stop even if the main thread's
/// search unwinds.
struct RaiseOnDrop<'a>(&'a AtomicBool);

impl Drop for RaiseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `main` (the main thread's search; it is given the helpers' node
/// counter, `None` with no helpers) on this thread and one helper thread
/// per history in `helpers`, and returns the voted outcome with the nodes
/// of every thread. A helper that cannot be started is left out.
pub(crate) fn run(
    job: &Job,
    helpers: &mut [Box<History>],
    lines: usize,
    main: impl FnOnce(Option<&AtomicU64>) -> Outcome,
) -> Outcome {
    if helpers.is_empty() {
        return main(None);
    }
    let done = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    std::thread::scope(|scope| {
        let raise = RaiseOnDrop(&done);
        let handles: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .filter_map(|(i, history)| {
                let (done, nodes) = (&done, &nodes);
                std::thread::Builder::new()
                    .name(format!("search-helper-{}", i + 1))
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, move || helper(job, history, i + 1, done, nodes))
                    .ok()
            })
            .collect();
        let main = main(Some(&nodes));
        drop(raise);
        let found: Vec<(u64, Option<Outcome>)> =
            handles.into_iter().filter_map(|h| h.join().ok()).collect();
        vote(main, found, lines)
    })
}

/// One helper thread: iterative deepening of the root until `done`, its
/// nodes added to `nodes` as it goes. Returns its node count and, if it
/// finished an iteration, the last one's outcome.
fn helper(
    job: &Job,
    history: &mut History,
    index: usize,
    done: &AtomicBool,
    nodes: &AtomicU64,
) -> (u64, Option<Outcome>) {
    let mut s = job.searcher(history, done);
    s.helper = index;
    s.team_nodes = Some(nodes);
    let mut last: Option<(u32, i32, Vec<Move>)> = None;
    s.iterate(job.max_depth, 1, &mut |it, _| {
        last = Some((it.depth, it.score, it.pv.clone()));
        true
    });
    let outcome = last.and_then(|(depth, score, pv)| {
        Some(Outcome {
            best: *pv.first()?,
            score,
            depth,
            nodes: s.nodes,
            pv,
        })
    });
    (s.nodes, outcome)
}

/// The answer of a search of several threads: the main thread's, unless a
/// helper finished a deeper iteration, or the same depth with a better
/// score. With several lines, always the main thread's (its lines were
/// reported). The nodes are every thread's.
pub(crate) fn vote(main: Outcome, helpers: Vec<(u64, Option<Outcome>)>, lines: usize) -> Outcome {
    let nodes = main.nodes + helpers.iter().map(|h| h.0).sum::<u64>();
    let mut best = main;
    if lines == 1 && !best.best.is_null() {
        for o in helpers.into_iter().filter_map(|h| h.1) {
            if (o.depth, o.score) > (best.depth, best.score) {
                best = o;
            }
        }
    }
    best.nodes = nodes;
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Limits, Score, SearchRequest, SearchResult};
    use crate::rules::Square;

    /// An engine searching on `n` threads whatever the machine has (the
    /// threads take turns on fewer cores).
    fn engine(hash_mb: usize, n: usize) -> Engine {
        let mut e = Engine::new(hash_mb);
        e.helpers.resize_with(n - 1, Box::default);
        e
    }

    fn search(e: &mut Engine, pos: &Position, limits: Limits) -> SearchResult {
        let stop = AtomicBool::new(false);
        e.search(
            &SearchRequest::new(pos, &[], &stop).limits(limits),
            &mut |_| {},
        )
    }

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// The move and the expected reply are legal, one after the other.
    fn assert_legal(pos: &Position, r: &SearchResult) {
        assert!(pos.is_legal(r.best), "{} in {}", r.best, pos.fen());
        if let Some(reply) = r.ponder {
            let mut after = *pos;
            after.make(r.best);
            assert!(after.is_legal(reply), "{} {reply} in {}", r.best, pos.fen());
        }
    }

    #[test]
    fn two_threads_find_the_mates_one_thread_finds() {
        for p in crate::store::puzzles::all().iter().take(12) {
            let pos = p.position().unwrap();
            let d = p.mate_in_plies + 2;
            let one = search(&mut engine(4, 1), &pos, depth(d));
            let two = search(&mut engine(4, 2), &pos, depth(d));
            assert_legal(&pos, &two);
            assert_eq!(
                one.score,
                Score::Mate(p.mate_in_plies.div_ceil(2) as i32),
                "{}",
                p.id
            );
            assert_eq!(two.score, one.score, "{}", p.id);
            assert!(two.depth >= d, "{}: depth {}", p.id, two.depth);
        }
    }

    #[test]
    fn many_short_searches_on_three_threads_and_a_crowded_table_play_legal_moves() {
        let mut e = engine(1, 3);
        for fen in crate::engine::bench::POSITIONS {
            let pos = Position::from_fen(fen).unwrap();
            for d in 1..=5 {
                assert_legal(&pos, &search(&mut e, &pos, depth(d)));
            }
            let nodes = Limits {
                nodes: Some(3000),
                ..Limits::default()
            };
            assert_legal(&pos, &search(&mut e, &pos, nodes));
        }
    }

    #[test]
    fn the_node_limit_counts_every_thread() {
        let pos = Position::startpos();
        let limits = Limits {
            nodes: Some(200_000),
            ..Limits::default()
        };
        let r = search(&mut engine(1, 2), &pos, limits);
        assert_legal(&pos, &r);
        // Each thread adds its nodes every thousand or so, and runs on
        // a little after the main thread stops (longer on a loaded
        // machine: 225,280 was seen beside a full test run). A limit each
        // thread kept on its own would give about 400,000.
        assert!(r.nodes <= 260_000, "{}", r.nodes);
    }

    #[test]
    fn pondering_ignores_the_clock_until_the_ponderhit() {
        for threads in [1, 2] {
            let mut e = engine(4, threads);
            let pos = Position::startpos();
            let (stop, ponder) = (AtomicBool::new(false), AtomicBool::new(true));
            let limits = Limits {
                movetime: Some(std::time::Duration::from_millis(1)),
                ..Limits::default()
            };
            let request = SearchRequest::new(&pos, &[], &stop)
                .limits(limits)
                .pondering(&ponder);
            // The ponderhit comes after depth 6: a search that kept the
            // one-millisecond clock would have stopped long before.
            let r = e.search(&request, &mut |info| {
                if info.depth >= 6 {
                    ponder.store(false, Ordering::Relaxed);
                }
            });
            assert!(r.depth >= 6, "{threads} threads: depth {}", r.depth);
            assert_legal(&pos, &r);
        }
    }

    fn mv(a: u8, b: u8) -> Move {
        Move::new(Square::new(a, 0).unwrap(), Square::new(b, 0).unwrap())
    }

    fn outcome(best: Move, score: i32, depth: u32, nodes: u64) -> Outcome {
        Outcome {
            best,
            score,
            depth,
            nodes,
            pv: vec![best],
        }
    }

    #[test]
    fn the_vote_prefers_depth_then_score_and_counts_every_thread() {
        let (a, b, c) = (mv(0, 1), mv(0, 2), mv(0, 3));
        let main = outcome(a, 10, 8, 100);
        let deeper = outcome(b, -5, 9, 50);
        let better = outcome(c, 40, 8, 30);
        let v = vote(
            main.clone(),
            vec![(50, Some(deeper.clone())), (30, Some(better.clone()))],
            1,
        );
        assert_eq!((v.best, v.nodes), (b, 180));
        let v = vote(main.clone(), vec![(30, Some(better.clone()))], 1);
        assert_eq!(v.best, c);
        // A helper with nothing finished only adds its nodes.
        let v = vote(main.clone(), vec![(70, None)], 1);
        assert_eq!((v.best, v.nodes), (a, 170));
        // Several lines: the main thread's answer.
        let v = vote(main, vec![(50, Some(deeper))], 2);
        assert_eq!((v.best, v.nodes), (a, 150));
    }
}
