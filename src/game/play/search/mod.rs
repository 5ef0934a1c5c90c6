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

use crate::engine::{Engine, Level, Limits, Score, SearchInfo, max_threads};
use crate::game::play::worker::off_the_pool;
use crate::game::settings::UserSettings;
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
    /// Threads the built-in engine searches on: 1 by default; the player's
    /// setting for the analysis, the hints, the review and the full
    /// level ([`search_threads`], [`level_threads`]).
    pub threads: usize,
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
            threads: 1,
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

    /// Runs `f` with the engine searching on `threads` threads (within
    /// 1..=[`max_threads`]; its table is kept).
    pub fn with_threads<R>(&self, threads: usize, f: impl FnOnce(&mut Engine) -> R) -> R {
        self.with(|engine| {
            if engine.threads() != threads {
                // Within the machine's threads, so never refused.
                let _ = engine.set_threads(threads.clamp(1, max_threads()));
            }
            f(engine)
        })
    }
}

/// The threads the player's searches run on: the setting, within the
/// machine's threads; one without the settings (the logic tests).
pub fn search_threads(settings: Option<&UserSettings>) -> usize {
    settings.map_or(1, |s| s.search_threads())
}

/// The threads the computer at `level` searches on: the player's
/// `threads` at the full-strength level, one at every other level of the
/// ladder, whose steps were measured on one thread.
pub fn level_threads(level: u8, threads: usize) -> usize {
    if level == Level::MAX.number() {
        threads
    } else {
        1
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

#[cfg(test)]
mod tests;
