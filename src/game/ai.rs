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

use super::session::{AiMoveChosen, Player, Session};
use super::{GameSet, Mode, Turn};
use crate::rules::{Color, Move, Position};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use crossbeam_channel::{Receiver, Sender};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Highest difficulty.
pub const MAX_LEVEL: u8 = 8;

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

/// The eight levels.
pub fn levels() -> Vec<LevelInfo> {
    (1..=MAX_LEVEL).map(level_info).collect()
}

/// One level's description.
pub fn level_info(level: u8) -> LevelInfo {
    const NAMES: [(&str, &str); 8] = [
        ("入门", "Beginner"),
        ("新手", "Novice"),
        ("业余", "Amateur"),
        ("棋友", "Club"),
        ("高手", "Expert"),
        ("大师", "Master"),
        ("特级", "Grandmaster"),
        ("棋圣", "Sage"),
    ];
    let level = level.clamp(1, MAX_LEVEL);
    let (name_zh, name_en) = NAMES[usize::from(level - 1)];
    LevelInfo {
        level,
        name_zh,
        name_en,
        depth: u32::from(level),
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
    /// Hashes of the positions before it (repetition).
    pub history: Vec<u64>,
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
        AiBackend(Arc::new(think))
    }
}

/// Searches `req.position` at `req.level` and returns the move to play
/// (`None` only if there is no legal move).
pub fn think(req: AiRequest) -> Option<Move> {
    // Stand-in until the engine lands: the first legal move, preferring captures.
    let moves = req.position.legal_moves();
    let captures = req.position.legal_captures();
    let best = captures.first().or(moves.first()).copied();
    if let Some(m) = best {
        let _ = req.info.send(AiProgress {
            depth: 1,
            score: 0,
            pv: vec![m],
        });
    }
    best
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
}

impl AiState {
    /// Is a search running?
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// The stop flag of the running search (tests).
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.search.as_ref().map(|s| s.stop.clone())
    }
}

/// What the panel shows about the AI.
#[derive(Clone, Debug, Default)]
pub struct AiStatus {
    /// The side searching.
    pub side: Option<Color>,
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
        history: session.game.history_hashes(),
        level,
        stop: stop.clone(),
        info: tx,
    };
    let think = backend.0.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move { think(request) });
    ai.status = AiStatus {
        side: Some(side),
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
