//! The built-in engine's move for a level, on a worker thread: the level
//! chooses within the job's limits, and at human pace the answer is held
//! until a person's think time has passed. The AI's systems
//! ([`super::ai`]) start it and take its answer; they never run it.

use crate::engine::pace::{self, MoveContext};
use crate::engine::rng::Rng;
use crate::engine::{Engine, Level, SearchRequest};
use crate::game::play::search::{SearchJob, SharedEngine};
use crate::rules::Move;
use bevy::prelude::*;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Hash table of the game's engine: the levels stop at 3 s a move, and the
/// game keeps within its memory budget.
const GAME_HASH_MB: usize = 16;

/// How often a held answer checks whether it is still wanted.
const PACE_POLL: Duration = Duration::from_millis(10);

/// The function that searches: the job and the level. Tests swap in their own.
#[derive(Resource, Clone)]
pub struct AiBackend(pub Arc<dyn Fn(SearchJob, u8) -> Option<Move> + Send + Sync>);

impl Default for AiBackend {
    fn default() -> Self {
        // One engine (and hash table) for the whole session; only one
        // search runs at a time.
        let engine = SharedEngine::new(GAME_HASH_MB);
        AiBackend(Arc::new(move |job, level| {
            engine.with_threads(job.threads, |engine| think(engine, &job, level))
        }))
    }
}

/// Searches `job.position` at `level` with the engine and returns the move
/// to play (`None` only if there is no legal move). Progress is reported
/// after each finished depth. At human pace the answer is held (on this
/// worker thread, never the frame) until the level's think time has
/// passed, or the job is stopped.
pub fn think(engine: &mut Engine, job: &SearchJob, level: u8) -> Option<Move> {
    let started = Instant::now();
    let level = Level::new(level).unwrap_or_default();
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Without a clock the limits are empty and the level alone decides.
    let request =
        SearchRequest::new(&job.position, &job.history, &job.stop).limits(job.limits.clone());
    let result = level.choose(engine, &request, seed, &mut |info| job.report(info));
    if result.best.is_null() {
        return None;
    }
    if job.human_pace {
        let context = MoveContext::after(job.history.last(), &job.position, job.history.len());
        let wanted = pace::think_time(
            level,
            &job.position,
            result.best,
            context,
            &job.limits,
            &mut Rng::new(seed.rotate_left(17)),
        );
        while started.elapsed() < wanted && !job.stop.load(Ordering::Relaxed) {
            std::thread::sleep(PACE_POLL);
        }
    }
    Some(result.best)
}
