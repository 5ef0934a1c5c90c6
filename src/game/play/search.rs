//! Searching off the main thread: one helper for every search the game runs
//! (the AI's move, the hint, the analysis, and the game review).
//!
//! [`OffThreadSearch::start`] copies what the search needs — the session's
//! live position and the positions before it — into a [`SearchJob`], and
//! runs the search on a thread of its own, at idle priority in the game,
//! awaited from [`AsyncComputeTaskPool`] so the frame never waits. The job
//! carries a stop flag and a channel for progress reports; the handle keeps
//! the generation of the session it was started for, so an answer to a game
//! that has moved on is recognised as stale. Dropping the handle raises the
//! stop flag. What a search returns is up to its caller (a move, lines,
//! evaluations).

use crate::engine::{Engine, Limits, Score, SearchInfo};
use crate::game::play::worker::off_the_pool;
use crate::rules::{Move, Position};
use crate::store::reviews::Effort;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use crossbeam_channel::{Receiver, Sender};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// What a search is given, owned (it runs on another thread).
pub struct SearchJob {
    /// The position to search.
    pub position: Position,
    /// The game's positions before it, oldest first (repetition rules).
    pub history: Vec<Position>,
    /// Raised when the answer is no longer wanted; the search should stop soon.
    pub stop: Arc<AtomicBool>,
    /// Where progress reports go.
    pub progress: Sender<SearchProgress>,
    /// Limits the caller adds (the AI's clock); none by default.
    pub limits: crate::engine::Limits,
    /// Reply at a person's pace (the AI against a person, unless the
    /// player asked for quick replies); off by default.
    pub human_pace: bool,
    /// Moves the search leaves out (the analysis's exclusions); none by default.
    pub exclude: Vec<Move>,
}

impl SearchJob {
    /// Sends the engine's report after a finished depth as progress.
    pub fn report(&self, info: &SearchInfo) {
        let _ = self.progress.send(SearchProgress {
            depth: info.depth,
            score: info.score,
            pv: info.pv.clone(),
            starting: false,
        });
    }
}

/// Progress of a search, streamed while it runs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchProgress {
    /// Depth completed.
    pub depth: u32,
    /// The score from the searching side's view.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// The engine is being started (its handshake), not searching yet.
    pub starting: bool,
}

/// Where a search starts: a position, the positions before it (oldest
/// first, for repetitions) and the session generation it belongs to.
pub struct SearchFrom {
    pub position: Position,
    pub history: Vec<Position>,
    pub generation: u64,
}

/// A search in flight, answering with a `T`.
pub struct OffThreadSearch<T> {
    task: Task<Option<T>>,
    generation: u64,
    position: Position,
    started_at: f64,
    stop: Arc<AtomicBool>,
    progress: Receiver<SearchProgress>,
    latest: SearchProgress,
}

impl<T: Send + 'static> OffThreadSearch<T> {
    /// Starts `search` from `from` (the live position of a session, say;
    /// `now`: the session clock, for the time shown while it thinks).
    pub fn start(
        from: SearchFrom,
        now: f64,
        search: impl FnOnce(SearchJob) -> Option<T> + Send + 'static,
    ) -> Self {
        Self::start_at(from.position, from.history, from.generation, now, search)
    }

    /// Starts `search` on `position` (reached through `history`, oldest
    /// first), for the session at `generation`: a browsed position, say.
    pub fn start_at(
        position: Position,
        history: Vec<Position>,
        generation: u64,
        now: f64,
        search: impl FnOnce(SearchJob) -> Option<T> + Send + 'static,
    ) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = crossbeam_channel::unbounded();
        let job = SearchJob {
            position,
            history,
            stop: stop.clone(),
            progress: tx,
            limits: crate::engine::Limits::default(),
            human_pace: false,
            exclude: Vec::new(),
        };
        let task = AsyncComputeTaskPool::get()
            .spawn(async move { off_the_pool(move || search(job)).await.flatten() });
        OffThreadSearch {
            task,
            generation,
            position,
            started_at: now,
            stop,
            progress: rx,
            latest: SearchProgress::default(),
        }
    }
}

impl<T> OffThreadSearch<T> {
    /// The session generation the search was started for.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Is the search about the game as it is now (`generation`: the
    /// session's, none without a session)?
    pub fn is_current(&self, generation: Option<u64>) -> bool {
        generation == Some(self.generation)
    }

    /// The position searched.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// When it started (the session clock).
    pub fn started_at(&self) -> f64 {
        self.started_at
    }

    /// The latest progress received.
    pub fn latest(&self) -> &SearchProgress {
        &self.latest
    }

    /// Takes the progress reports that have arrived; returns the newest if
    /// there were any.
    pub fn receive_progress(&mut self) -> Option<&SearchProgress> {
        let mut any = false;
        while let Ok(p) = self.progress.try_recv() {
            self.latest = p;
            any = true;
        }
        any.then_some(&self.latest)
    }

    /// The answer once the search has finished: `Some(None)` when it found
    /// nothing (no legal move, or stopped); `None` while it runs.
    pub fn poll(&mut self) -> Option<Option<T>> {
        check_ready(&mut self.task)
    }

    /// The stop flag (tests).
    #[cfg(test)]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }
}

impl<T> Drop for OffThreadSearch<T> {
    /// An abandoned search stops: dropping the task cancels it if it has
    /// not started, and a running search sees the flag within a few
    /// thousand nodes.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// An engine kept for one kind of search (its hash table carries over from
/// one search to the next), created on first use.
#[derive(Clone)]
pub struct SharedEngine {
    engine: Arc<OnceLock<Mutex<Engine>>>,
    hash_mb: usize,
}

impl SharedEngine {
    /// An engine with a hash table of `hash_mb` megabytes, once it is used.
    pub fn new(hash_mb: usize) -> SharedEngine {
        SharedEngine {
            engine: Arc::new(OnceLock::new()),
            hash_mb,
        }
    }

    /// Runs `f` with the engine (one search at a time).
    pub fn with<R>(&self, f: impl FnOnce(&mut Engine) -> R) -> R {
        let engine = self
            .engine
            .get_or_init(|| Mutex::new(engine_within(self.hash_mb)));
        let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut engine)
    }
}

/// An engine with a hash table of `hash_mb` megabytes, or of one megabyte
/// when that much memory cannot be had (a smaller table only slows it).
fn engine_within(hash_mb: usize) -> Engine {
    Engine::try_new(hash_mb).unwrap_or_else(|e| {
        warn!("{e}; searching with a 1 MB table");
        Engine::new(1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::play::session::{GameSetup, Session};
    use bevy::tasks::TaskPool;
    use std::time::{Duration, Instant};

    fn session_after_one_move() -> Session {
        AsyncComputeTaskPool::get_or_init(TaskPool::default);
        let mut session = Session::new(GameSetup::default(), 0.0);
        let first = session.position().legal_moves()[0];
        session.game.play(first).expect("a legal move");
        session
    }

    fn wait<T>(search: &mut OffThreadSearch<T>) -> Option<T> {
        let t0 = Instant::now();
        loop {
            if let Some(answer) = search.poll() {
                return answer;
            }
            assert!(t0.elapsed() < Duration::from_secs(10), "no answer");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_search_gets_the_live_position_and_its_history_and_reports_progress() {
        let mut session = session_after_one_move();
        let live = *session.position();
        let mut search = OffThreadSearch::start(session.search_from(), 2.5, |job: SearchJob| {
            let reply = job.position.legal_moves().first().copied();
            let _ = job.progress.send(SearchProgress {
                depth: 3,
                score: Score::Cp(42),
                pv: reply.into_iter().collect(),
                starting: false,
            });
            reply.map(|m| (m, job.history.len()))
        });
        assert_eq!(search.position(), &live);
        assert_eq!(search.started_at(), 2.5);
        assert!(search.is_current(Some(session.generation)));
        let (reply, history) = wait(&mut search).expect("an answer");
        assert_eq!(history, 1, "the start position came before");
        assert!(live.is_legal(reply));
        let progress = search.receive_progress().cloned().expect("a report");
        assert_eq!((progress.depth, progress.score), (3, Score::Cp(42)));
        assert_eq!(progress.pv, [reply]);
        assert!(search.receive_progress().is_none(), "each report once");
        assert_eq!(search.latest(), &progress);

        // The game moves on: the answer is for an older generation.
        session.go_to_ply(0, 3.0);
        assert!(!search.is_current(Some(session.generation)));
        assert!(!search.is_current(None));
        assert_ne!(search.generation(), session.generation);
    }

    #[test]
    fn dropping_a_search_raises_its_stop_flag_and_the_search_ends() {
        let session = session_after_one_move();
        let (started_tx, started) = crossbeam_channel::bounded(1);
        let (ended_tx, ended) = crossbeam_channel::bounded(1);
        let search = OffThreadSearch::start(session.search_from(), 0.0, move |job: SearchJob| {
            let _ = started_tx.send(());
            let t0 = Instant::now();
            while !job.stop.load(Ordering::Relaxed) && t0.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let _ = ended_tx.send(job.stop.load(Ordering::Relaxed));
            None::<Move>
        });
        started
            .recv_timeout(Duration::from_secs(10))
            .expect("the search runs");
        let flag = search.stop_flag();
        assert!(!flag.load(Ordering::Relaxed));
        drop(search);
        assert!(flag.load(Ordering::Relaxed));
        let stopped = ended
            .recv_timeout(Duration::from_secs(10))
            .expect("the search ends");
        assert!(stopped, "it ended because it was told to");
    }
}

/// The search limits of each effort (tests use shallow ones).
#[derive(Resource, Clone, Debug)]
pub struct ReviewLimits {
    /// For [`Effort::Quick`].
    pub quick: Limits,
    /// For [`Effort::Thorough`].
    pub thorough: Limits,
}

impl Default for ReviewLimits {
    fn default() -> Self {
        ReviewLimits {
            quick: Effort::Quick.limits(),
            thorough: Effort::Thorough.limits(),
        }
    }
}

impl ReviewLimits {
    /// The limits of `effort`.
    pub fn of(&self, effort: Effort) -> Limits {
        match effort {
            Effort::Quick => self.quick.clone(),
            Effort::Thorough => self.thorough.clone(),
        }
    }
}

/// Hash table of the review's engine.
const REVIEW_HASH_MB: usize = 32;

/// The review's own engine (the AI's and the hint's may be busy).
#[derive(Resource, Clone)]
pub struct ReviewEngine(pub SharedEngine);

impl Default for ReviewEngine {
    fn default() -> Self {
        ReviewEngine(SharedEngine::new(REVIEW_HASH_MB))
    }
}
