//! The AI player, searching off the main thread ([`OffThreadSearch`]).
//!
//! When the AI is to move (after a short pause), a search starts on the live
//! position; it streams its progress (depth, best line), which the panel
//! and the evaluation bar show, and finally returns its move. A system polls
//! it — the frame never waits — and writes an [`AiMoveChosen`] message
//! stamped with the generation the search started from. When the game moves
//! on (undo, new game, menu, pause) the search is stale and is dropped,
//! which stops it.

use crate::engine::level::Rng;
use crate::engine::pace::{self, MoveContext};
use crate::engine::{Engine, Level, choose_move_within};
use crate::game::play::Turn;
use crate::game::play::browse::Browse;
use crate::game::play::search::{OffThreadSearch, SearchJob, SearchProgress, SharedEngine};
use crate::game::play::session::{AiMoveChosen, MAX_LEVEL, Player, Session};
use crate::game::settings::UserSettings;
use crate::game::{GameSet, Mode};
use crate::rules::{Move, Position};
use bevy::prelude::*;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Hash table of the game's engine: the levels stop at 3 s a move, and the
/// game keeps within its memory budget.
const GAME_HASH_MB: usize = 16;

/// Pause after any move before the AI replies (lets the move's glide finish).
const REPLY_DELAY: f64 = 0.3;
/// Pause between moves when the AI plays itself.
const AI_VS_AI_DELAY: f64 = 0.8;
/// How often a held answer checks whether it is still wanted.
const PACE_POLL: Duration = Duration::from_millis(10);

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
    /// 1 to `engine::Level::COUNT`.
    pub level: u8,
    /// Chinese name.
    pub name_zh: &'static str,
    /// English name.
    pub name_en: &'static str,
    /// Maximum search depth in plies.
    pub depth: u32,
    /// Its rating (`engine::Level::rating`).
    pub rating: i32,
}

/// The levels, weakest first.
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
        rating: l.rating(),
    }
}

/// The function that searches: the job and the level. Tests swap in their own.
#[derive(Resource, Clone)]
pub struct AiBackend(pub Arc<dyn Fn(SearchJob, u8) -> Option<Move> + Send + Sync>);

impl Default for AiBackend {
    fn default() -> Self {
        // One engine (and hash table) for the whole session; only one
        // search runs at a time.
        let engine = SharedEngine::new(GAME_HASH_MB);
        AiBackend(Arc::new(move |job, level| {
            engine.with(|engine| think(engine, &job, level))
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
    let result = choose_move_within(
        engine,
        level,
        &job.position,
        &job.history,
        &job.limits,
        &job.stop,
        &mut |info| job.report(info),
        seed,
        1.0,
    );
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

/// The AI's state, for the panel and the diagnostics.
#[derive(Resource, Default)]
pub struct AiState {
    search: Option<OffThreadSearch<Move>>,
    /// The latest report of the latest search and the position it was
    /// about; kept after the search ends (the evaluation bar shows it).
    pub last_report: Option<(Position, SearchProgress)>,
}

impl AiState {
    /// Is a search running?
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// The running search (its position, start time and progress).
    pub fn search(&self) -> Option<&OffThreadSearch<Move>> {
        self.search.as_ref()
    }

    /// The stop flag of the running search (tests).
    #[cfg(test)]
    pub fn stop_flag(&self) -> Option<Arc<std::sync::atomic::AtomicBool>> {
        self.search.as_ref().map(OffThreadSearch::stop_flag)
    }
}

fn cancel_stale_search(
    mut ai: ResMut<AiState>,
    session: Option<Res<Session>>,
    turn: Option<Res<State<Turn>>>,
    browse: Option<Res<Browse>>,
) {
    let Some(search) = &ai.search else {
        return;
    };
    // On a variation the game waits (see `variations`).
    let analysing = browse.is_some_and(|r| r.on_variation());
    let current = match (&session, &turn) {
        (Some(session), Some(turn)) => {
            *turn.get() == Turn::Ai
                && search.is_current(Some(session))
                && !session.paused
                && !analysing
        }
        _ => false,
    };
    if !current {
        ai.search = None;
    }
}

fn start_search(
    mut ai: ResMut<AiState>,
    session: Option<Res<Session>>,
    turn: Option<Res<State<Turn>>>,
    backend: Res<AiBackend>,
    time: Res<Time>,
    clock: Option<Res<crate::game::play::clock::MatchClock>>,
    browse: Option<Res<Browse>>,
    settings: Option<Res<UserSettings>>,
) {
    let (Some(session), Some(turn)) = (session, turn) else {
        return;
    };
    let analysing = browse.is_some_and(|r| r.on_variation());
    if ai.search.is_some() || *turn.get() != Turn::Ai || session.paused || analysing {
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
    let think = backend.0.clone();
    // On a clock the AI thinks within its time, a margin kept back.
    let cap = clock
        .as_ref()
        .and_then(|c| c.clock.as_ref())
        .and_then(|c| crate::game::play::clock::engine_cap(c, side))
        .unwrap_or_default();
    // Against a person the AI takes a person's time, unless asked not to
    // (without the settings, as in the logic tests, it replies at once).
    let human_pace =
        session.setup.mode != Mode::AiVsAi && settings.is_some_and(|s| !s.quick_replies);
    ai.search = Some(OffThreadSearch::start(&session, now, move |mut job| {
        job.limits = cap;
        job.human_pace = human_pace;
        think(job, level)
    }));
}

fn poll_search(mut ai: ResMut<AiState>, mut chosen: MessageWriter<AiMoveChosen>) {
    let ai = &mut *ai;
    let Some(search) = &mut ai.search else {
        return;
    };
    if let Some(progress) = search.receive_progress().cloned() {
        ai.last_report = Some((*search.position(), progress));
    }
    if let Some(answer) = search.poll() {
        let generation = search.generation();
        ai.search = None;
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
