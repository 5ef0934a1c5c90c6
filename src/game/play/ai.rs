//! The AI player, off the main thread.
//!
//! When the AI is to move, the position and the hashes of the positions
//! before it are copied into a task on [`AsyncComputeTaskPool`]. The search
//! streams its progress (depth, best line) back through a crossbeam channel
//! and finally returns its move. A system polls the task with
//! [`check_ready`] — the frame never waits — and writes an
//! [`AiMoveChosen`] message stamped with the generation the search started
//! from. When the game moves on (undo, new game, menu, pause) the search is
//! stale: its stop flag is raised and its task dropped.

use crate::engine::{Engine, Level, SearchInfo, choose_move};
use crate::game::play::Turn;
use crate::game::play::search::off_the_pool;
use crate::game::play::session::{AiMoveChosen, MAX_LEVEL, Player, Session};
use crate::game::{GameSet, Mode};
use crate::rules::{Move, Position};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use crossbeam_channel::{Receiver, Sender};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Hash table of the game's engine: the levels stop at 3 s a move, and the
/// game keeps within its memory budget.
const GAME_HASH_MB: usize = 16;

/// Pause after any move before the AI replies (lets the move's glide finish).
const REPLY_DELAY: f64 = 0.3;
/// Pause between moves when the AI plays itself.
const AI_VS_AI_DELAY: f64 = 0.8;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiState>()
        .init_resource::<AiBackend>()
        .add_systems(
            Update,
            (cancel_stale_search, start_search, poll_search)
                .chain()
                .in_set(GameSet::Ai),
        )
        .add_systems(Last, stop_on_exit);
}

/// A level's name and search depth, for the menu and the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelInfo {
    /// 1..=8.
    pub level: u8,
    /// Chinese name.
    pub name_zh: &'static str,
    /// English name.
    pub name_en: &'static str,
    /// Maximum search depth in plies.
    pub depth: u32,
}

/// The eight levels, weakest first.
pub fn levels() -> Vec<LevelInfo> {
    Level::ALL.iter().map(|l| level_info(l.number())).collect()
}

/// One level's description (out-of-range numbers are clamped).
pub fn level_info(level: u8) -> LevelInfo {
    let l = Level::new(level.clamp(1, MAX_LEVEL)).unwrap_or_default();
    LevelInfo {
        level: l.number(),
        name_zh: l.name_zh(),
        name_en: l.name_en(),
        depth: l.max_depth(),
    }
}

/// Progress of a search, streamed while it runs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AiProgress {
    /// Depth completed.
    pub depth: u32,
    /// Score in centipawns from the searching side's view (mate scores large).
    pub score: i32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Everything a search needs, owned (it runs on another thread).
pub struct AiRequest {
    /// The position to move in.
    pub position: Position,
    /// The game's positions before it, oldest first (repetition rules).
    pub history: Vec<Position>,
    /// Difficulty 1..=8.
    pub level: u8,
    /// Raised when the answer is no longer wanted.
    pub stop: Arc<AtomicBool>,
    /// Progress reports.
    pub info: Sender<AiProgress>,
}

/// The function that searches. Tests swap in their own.
#[derive(Resource, Clone)]
pub struct AiBackend(pub Arc<dyn Fn(AiRequest) -> Option<Move> + Send + Sync>);

impl Default for AiBackend {
    fn default() -> Self {
        // One engine (and hash table) for the whole session, created on
        // first use; only one search runs at a time.
        let engine: Arc<OnceLock<Mutex<Engine>>> = Arc::new(OnceLock::new());
        AiBackend(Arc::new(move |req| {
            let engine = engine.get_or_init(|| Mutex::new(Engine::new(GAME_HASH_MB)));
            let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
            think(&mut engine, req)
        }))
    }
}

/// Searches `req.position` at `req.level` with the engine and returns the
/// move to play (`None` only if there is no legal move). Progress goes to
/// `req.info` after each finished depth.
pub fn think(engine: &mut Engine, req: AiRequest) -> Option<Move> {
    let level = Level::new(req.level).unwrap_or_default();
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut on_info = |info: &SearchInfo| {
        let _ = req.info.send(AiProgress {
            depth: info.depth,
            score: info.score.as_cp(),
            pv: info.pv.clone(),
        });
    };
    let result = choose_move(
        engine,
        level,
        &req.position,
        &req.history,
        &req.stop,
        &mut on_info,
        seed,
    );
    (!result.best.is_null()).then_some(result.best)
}

/// A search in flight.
struct Search {
    task: Task<Option<Move>>,
    generation: u64,
    stop: Arc<AtomicBool>,
    info: Receiver<AiProgress>,
}

impl Drop for Search {
    /// An abandoned search stops: dropping the task cancels it if it has
    /// not started, and a running search sees the flag within a few
    /// thousand nodes.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The AI's state, for the panel and the diagnostics.
#[derive(Resource, Default)]
pub struct AiState {
    search: Option<Search>,
    /// Progress of the current search.
    pub status: AiStatus,
    /// The latest report of the latest search and the position it was
    /// about; kept after the search ends (the evaluation bar shows it).
    pub last_report: Option<(Position, AiProgress)>,
}

impl AiState {
    /// Is a search running?
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// The stop flag of the running search (tests).
    #[cfg(test)]
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.search.as_ref().map(|s| s.stop.clone())
    }
}

/// What the panel shows about the AI.
#[derive(Clone, Debug, Default)]
pub struct AiStatus {
    /// `Time::elapsed_secs_f64` when the search started.
    pub started_at: f64,
    /// The position searched (to write the best line in notation).
    pub position: Option<Position>,
    /// Latest progress.
    pub progress: AiProgress,
}

fn cancel_stale_search(
    mut ai: ResMut<AiState>,
    session: Option<Res<Session>>,
    turn: Option<Res<State<Turn>>>,
) {
    let Some(search) = &ai.search else {
        return;
    };
    let current = match (&session, &turn) {
        (Some(session), Some(turn)) => {
            *turn.get() == Turn::Ai && session.generation == search.generation && !session.paused
        }
        _ => false,
    };
    if !current {
        ai.search = None;
        ai.status = AiStatus::default();
    }
}

fn start_search(
    mut ai: ResMut<AiState>,
    session: Option<Res<Session>>,
    turn: Option<Res<State<Turn>>>,
    backend: Res<AiBackend>,
    time: Res<Time>,
) {
    let (Some(session), Some(turn)) = (session, turn) else {
        return;
    };
    if ai.search.is_some() || *turn.get() != Turn::Ai || session.paused {
        return;
    }
    let side = session.side_to_move();
    let Player::Ai { level } = session.setup.player(side) else {
        return;
    };
    if session.turn() != Turn::Ai {
        return;
    }
    let delay = if session.setup.mode == Mode::AiVsAi {
        AI_VS_AI_DELAY
    } else {
        REPLY_DELAY
    };
    let now = time.elapsed_secs_f64();
    if session.game.ply() > 0 && now - session.changed_at < delay {
        return;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = crossbeam_channel::unbounded();
    let request = AiRequest {
        position: *session.position(),
        history: session.history(),
        level,
        stop: stop.clone(),
        info: tx,
    };
    let think = backend.0.clone();
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { off_the_pool(move || think(request)).await.flatten() });
    ai.status = AiStatus {
        started_at: now,
        position: Some(*session.position()),
        progress: AiProgress::default(),
    };
    ai.search = Some(Search {
        task,
        generation: session.generation,
        stop,
        info: rx,
    });
}

fn poll_search(mut ai: ResMut<AiState>, mut chosen: MessageWriter<AiMoveChosen>) {
    let ai = &mut *ai;
    let Some(search) = &mut ai.search else {
        return;
    };
    while let Ok(progress) = search.info.try_recv() {
        if let Some(pos) = ai.status.position {
            ai.last_report = Some((pos, progress.clone()));
        }
        ai.status.progress = progress;
    }
    if let Some(answer) = check_ready(&mut search.task) {
        let generation = search.generation;
        ai.search = None;
        ai.status = AiStatus::default();
        match answer {
            Some(mv) => {
                chosen.write(AiMoveChosen { generation, mv });
            }
            None => warn!("the AI found no move"),
        }
    }
}

fn stop_on_exit(mut exits: MessageReader<AppExit>, mut ai: ResMut<AiState>) {
    if exits.read().next().is_some() {
        ai.search = None;
    }
}
