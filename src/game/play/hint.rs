//! Hints: a short engine search, off the main thread ([`OffThreadSearch`]),
//! for the side to move.
//!
//! A [`HintRequest`] starts a search from the live position (level 6's
//! depth, with its time cut to a short budget). The answer is kept in
//! [`Hint`] stamped with the session's generation; any change of the game
//! (a move, undo, new game) makes it stale: a running search is dropped,
//! which stops it, and a shown hint disappears.
//!
//! An exercise with a hint of its own (a lesson's next step, a puzzle's
//! known first move) gives it instead ([`crate::game::play::exercise`]).
//!
//! Once a hint is shown, what it does is found in the background too
//! ([`crate::teach`]: the fork, the capture, the threat…) and read beside
//! it ([`Hint::why`]).

use crate::client::external::EngineFailure;
use crate::client::process::GoLimit;
use crate::engine::{Limits, SearchRequest};
use crate::game::GameSet;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::external::{self, ExternalEngines, Use};
use crate::game::play::search::{OffThreadSearch, SearchJob, SharedEngine, search_threads};
use crate::game::play::session::Session;
use crate::game::settings::UserSettings;
use crate::rules::Move;
use crate::teach::{Explainer, Motif};
use bevy::prelude::*;
use std::sync::Arc;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hint>()
        .init_resource::<HintBackend>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (
                drop_stale_hint,
                // An exercise's own hint is its own (`play::exercise`).
                // (Looked for only when a hint is asked: building the
                // exercise's hint is not for every frame.)
                start_hint.run_if(on_message::<HintRequest>.and_then(not(
                    crate::game::play::exercise::active::exercise_gives_hint,
                ))),
                poll_hint,
            )
                .chain()
                .in_set(GameSet::Resolve),
        );
}

/// How deep a hint searches at most (it stops at its time budget first
/// in sharp positions).
pub const HINT_DEPTH: u32 = 7;

/// How long a hint may think.
pub const HINT_BUDGET: Duration = Duration::from_millis(1200);

/// The hint engine's hash table: short searches need little.
const HINT_HASH_MB: usize = 8;

/// Ask for a hint (button, H).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintRequest;

/// The hint shown, or the search for it.
#[derive(Resource, Default)]
pub struct Hint {
    /// The suggested move and the generation it is for.
    pub shown: Option<(u64, Move)>,
    /// The search: a move, or what went wrong with the player's engine.
    search: Option<OffThreadSearch<Result<Move, EngineFailure>>>,
    /// What the shown hint does: its motifs, once found.
    why: Option<(u64, Move, Vec<Motif>)>,
    /// The search for them.
    why_search: Option<(Move, OffThreadSearch<Vec<Motif>>)>,
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

    /// What the hint for `generation` does, once found (its motifs, most
    /// telling first).
    pub fn why(&self, generation: u64) -> Option<&[Motif]> {
        let (g, m, found) = self.why.as_ref()?;
        (*g == generation && self.arrow(generation) == Some(*m)).then_some(found.as_slice())
    }
}

/// The function that finds a hint. Tests swap in their own.
#[derive(Resource, Clone)]
pub struct HintBackend(pub Arc<dyn Fn(SearchJob) -> Option<Move> + Send + Sync>);

impl Default for HintBackend {
    fn default() -> Self {
        // Its own engine: a hint may run while the AI's engine is idle or busy.
        let engine = SharedEngine::new(HINT_HASH_MB);
        HintBackend(Arc::new(move |job: SearchJob| {
            let limits = Limits {
                depth: Some(HINT_DEPTH),
                movetime: Some(HINT_BUDGET),
                ..Limits::default()
            };
            let request = SearchRequest::new(&job.position, &job.history, &job.stop).limits(limits);
            let result =
                engine.with_threads(job.threads, |engine| engine.search(&request, &mut |_| {}));
            (!result.best.is_null()).then_some(result.best)
        }))
    }
}

fn drop_stale_hint(mut hint: ResMut<Hint>, session: Option<Res<Session>>) {
    let session = session.as_deref();
    if hint
        .search
        .as_ref()
        .is_some_and(|s| !s.is_current(session.map(|s| s.generation)))
    {
        hint.search = None;
    }
    let generation = session.map(|s| s.generation);
    if hint.shown.is_some_and(|(g, _)| Some(g) != generation) {
        hint.shown = None;
        hint.why = None;
        hint.why_search = None;
    }
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    mut hint: ResMut<Hint>,
    session: Option<Res<Session>>,
    backend: Res<HintBackend>,
    time: Res<Time>,
    settings: Option<Res<UserSettings>>,
    mut engines: ResMut<ExternalEngines>,
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
    let now = time.elapsed_secs_f64();
    // The player's hint engine, if one is chosen, for the same short time.
    if let Some(entry) = external::entry_for(Use::Hint, settings.as_deref().map(|s| &**s), None) {
        let engine = engines.get(Use::Hint, &entry);
        hint.search = Some(OffThreadSearch::start(
            session.search_from(),
            now,
            move |job| {
                let limit = GoLimit::MoveTime(HINT_BUDGET);
                Some(external::think(&engine, &job, limit, &[], 1, &mut |_| {}).map(|t| t.best))
            },
        ));
        return;
    }
    let find = backend.0.clone();
    let threads = search_threads(settings.as_deref());
    hint.search = Some(OffThreadSearch::start(
        session.search_from(),
        now,
        move |mut job| {
            job.threads = threads;
            find(job).map(Ok)
        },
    ));
}

fn poll_hint(
    mut hint: ResMut<Hint>,
    mut notice: ResMut<Notice>,
    session: Option<Res<Session>>,
    time: Res<Time>,
    lang: crate::game::settings::CurrentLang,
) {
    if let Some((m, search)) = &mut hint.why_search
        && let Some(found) = search.poll()
    {
        let (m, generation) = (*m, search.generation());
        hint.why = Some((generation, m, found.unwrap_or_default()));
        hint.why_search = None;
    }
    let Some(search) = &mut hint.search else {
        return;
    };
    if let Some(answer) = search.poll() {
        let generation = search.generation();
        hint.search = None;
        hint.shown = match answer {
            Some(Ok(m)) => {
                // What the move does, found beside it.
                if let Some(session) = session.as_deref().filter(|s| s.generation == generation) {
                    let why = OffThreadSearch::start(
                        session.search_from(),
                        time.elapsed_secs_f64(),
                        move |job| {
                            Some(Explainer::default().of_move(&job.position, &job.history, m))
                        },
                    );
                    hint.why_search = Some((m, why));
                }
                Some((generation, m))
            }
            Some(Err(failure)) => {
                let words = crate::game::i18n::engine_failure_text(&failure, *lang);
                notice.post(Phrase::HintEngineFailed, words, true);
                None
            }
            None => None,
        };
    }
}
