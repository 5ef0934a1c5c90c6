//! Hints: a short engine search, off the main thread, for the side to move.
//!
//! A [`HintRequest`] starts a search on [`AsyncComputeTaskPool`] from the
//! live position (level 6, with its time cut to a short budget). The answer
//! is kept in [`Hint`] stamped with the session's generation; any change of
//! the game (a move, undo, new game) makes it stale: a running search is
//! stopped through its flag and a shown hint disappears.
//!
//! In a puzzle, the first hint is the puzzle's known winning move.

use crate::engine::{Engine, Level, Limits};
use crate::game::GameSet;
use crate::game::play::session::Session;
use crate::rules::{Move, Position};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .init_resource::<HintBackend>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (drop_stale_hint, start_hint, poll_hint)
                .chain()
                .in_set(GameSet::Resolve),
        );
}

/// How long a hint may think.
pub const HINT_BUDGET: Duration = Duration::from_millis(1200);

/// Ask for a hint (button, H).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintRequest;

/// The hint shown, or the search for it.
#[derive(Resource, Default)]
pub struct Hint {
    /// The suggested move and the generation it is for.
    pub shown: Option<(u64, Move)>,
    search: Option<HintSearch>,
}

impl Hint {
    /// The move to draw, if the hint is for `generation`.
    pub fn arrow(&self, generation: u64) -> Option<Move> {
        self.shown.filter(|(g, _)| *g == generation).map(|(_, m)| m)
    }

    /// Is a hint search running?
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }
}

struct HintSearch {
    task: Task<Option<Move>>,
    generation: u64,
    stop: Arc<AtomicBool>,
}

impl Drop for HintSearch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// What a hint search gets.
pub struct HintQuery {
    /// The position.
    pub position: Position,
    /// The positions before it, oldest first.
    pub history: Vec<Position>,
    /// Raised when the hint is no longer wanted.
    pub stop: Arc<AtomicBool>,
}

/// The function that finds a hint. Tests swap in their own.
#[derive(Resource, Clone)]
pub struct HintBackend(pub Arc<dyn Fn(HintQuery) -> Option<Move> + Send + Sync>);

impl Default for HintBackend {
    fn default() -> Self {
        // Its own engine: a hint may run while the AI's engine is idle or busy.
        let engine: Arc<OnceLock<Mutex<Engine>>> = Arc::new(OnceLock::new());
        HintBackend(Arc::new(move |q: HintQuery| {
            let engine = engine.get_or_init(|| Mutex::new(Engine::new(8)));
            let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
            let level = Level::new(6).unwrap_or_default();
            let limits = Limits {
                depth: Some(level.max_depth()),
                movetime: Some(HINT_BUDGET),
                ..Limits::default()
            };
            let result = engine.search(&q.position, &q.history, &limits, &q.stop, &mut |_| {});
            (!result.best.is_null()).then_some(result.best)
        }))
    }
}

fn drop_stale_hint(mut hint: ResMut<Hint>, session: Option<Res<Session>>) {
    let generation = session.map(|s| s.generation);
    if hint
        .search
        .as_ref()
        .is_some_and(|s| Some(s.generation) != generation)
    {
        hint.search = None;
    }
    if hint.shown.is_some_and(|(g, _)| Some(g) != generation) {
        hint.shown = None;
    }
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    mut hint: ResMut<Hint>,
    session: Option<Res<Session>>,
    backend: Res<HintBackend>,
    puzzle: Option<Res<crate::game::play::puzzle::ActivePuzzle>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(session) = session else {
        return;
    };
    if session.game.outcome().is_some() || hint.search.is_some() {
        return;
    }
    // A puzzle's first move is known.
    if session.game.ply() == 0
        && let Some(m) = puzzle.as_ref().and_then(|p| p.puzzle().first_move())
        && session.position().is_legal(m)
    {
        hint.shown = Some((session.generation, m));
        return;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let query = HintQuery {
        position: *session.position(),
        history: session.history(),
        stop: stop.clone(),
    };
    let find = backend.0.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        crate::game::play::search::off_the_pool(move || find(query))
            .await
            .flatten()
    });
    hint.search = Some(HintSearch {
        task,
        generation: session.generation,
        stop,
    });
}

fn poll_hint(mut hint: ResMut<Hint>) {
    let Some(search) = &mut hint.search else {
        return;
    };
    if let Some(answer) = check_ready(&mut search.task) {
        let generation = search.generation;
        hint.search = None;
        hint.shown = answer.map(|m| (generation, m));
    }
}
