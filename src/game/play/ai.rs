//! The AI player, searching off the main thread ([`OffThreadSearch`]).
//!
//! When the AI is to move (after a short pause), a search starts on the live
//! position; it streams its progress (depth, best line), which the panel
//! and the evaluation bar show, and finally returns its move. A system polls
//! it — the frame never waits — and writes an [`AiMoveChosen`] message
//! stamped with the generation the search started from. When the game moves
//! on (undo, new game, menu, pause) the search is stale and is dropped,
//! which stops it. The search itself is [`super::think`]'s, on a worker
//! thread.

use crate::client::process::GoLimit;
use crate::engine::Level;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Turn;
use crate::game::play::browse::Browse;
use crate::game::play::external::{self, EngineTrouble, ExternalEngines, LaunchEngines, Use};
use crate::game::play::search::{
    OffThreadSearch, SearchFrom, SearchProgress, level_threads, search_threads,
};
use crate::game::play::session::{AiMoveChosen, MAX_LEVEL, Player, Session};
pub use crate::game::play::think::AiBackend;
use crate::game::settings::UserSettings;
use crate::game::{GameSet, Mode};
use crate::rules::Color;
use crate::rules::clock::{GameClock, TimeControl};
use crate::rules::{Move, Position};
use crate::store::engines::{EngineEntry, Strength};
use bevy::prelude::*;
use std::time::Duration;

/// Pause after any move before the AI replies (lets the move's glide finish).
const REPLY_DELAY: f64 = 0.3;
/// Pause between moves when the AI plays itself.
const AI_VS_AI_DELAY: f64 = 0.8;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiState>()
        .init_resource::<AiBackend>()
        .add_systems(
            Update,
            (
                cancel_stale_search,
                // An exercise's defence is its own unless left to the AI.
                start_search.run_if(crate::game::play::exercise::active::session_ai_plays),
                poll_search,
            )
                .chain()
                .in_set(GameSet::Ai),
        )
        .add_systems(Last, stop_on_exit);
}

/// A level's number, search depth and rating, for the menu and the panel
/// (its name, in each language, is `game::i18n::level_name`'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelInfo {
    /// 1 to `engine::Level::COUNT`.
    pub level: u8,
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
        depth: l.max_depth(),
        rating: l.rating(),
    }
}

/// What a search for the AI's move gives back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiAnswer {
    /// The move to play.
    Move(Move),
    /// The player's engine failed: its name and what went wrong.
    Failed(String, String),
}

/// The AI's state, for the panel and the diagnostics.
#[derive(Resource, Default)]
pub struct AiState {
    search: Option<OffThreadSearch<AiAnswer>>,
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
    pub fn search(&self) -> Option<&OffThreadSearch<AiAnswer>> {
        self.search.as_ref()
    }

    /// The stop flag of the running search (tests).
    #[cfg(test)]
    pub fn stop_flag(&self) -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
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
                && search.is_current(Some(session.generation))
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
    mut engines: ResMut<ExternalEngines>,
    launch: Option<Res<LaunchEngines>>,
    lang: crate::game::settings::CurrentLang,
) {
    let lang = *lang;
    let (Some(session), Some(turn)) = (session, turn) else {
        return;
    };
    let analysing = browse.is_some_and(|r| r.on_variation());
    if ai.search.is_some() || *turn.get() != Turn::Ai || session.paused || analysing {
        return;
    }
    let side = session.side_to_move();
    let player = session.setup.player(side);
    if !player.is_computer() || session.turn() != Turn::Ai {
        return;
    }
    let delay = if session.setup.players.mode == Mode::AiVsAi {
        AI_VS_AI_DELAY
    } else {
        REPLY_DELAY
    };
    let now = time.elapsed_secs_f64();
    if session.game.ply() > 0 && now - session.changed_at < delay {
        return;
    }
    let level = match player {
        Player::Ai { level } => level,
        Player::Engine { name } => {
            let entry =
                external::find_entry(&name, settings.as_deref().map(|s| &**s), launch.as_deref());
            let game_clock = clock.as_ref().and_then(|c| c.clock.as_ref());
            let at = (session.search_from(), now);
            ai.search = Some(engine_search(
                name,
                side,
                entry,
                game_clock,
                &mut engines,
                at,
                lang,
            ));
            return;
        }
        Player::Human => return,
    };
    let think = backend.0.clone();
    // On a clock the AI thinks within its time, a margin kept back.
    let cap = clock
        .as_ref()
        .and_then(|c| c.clock.as_ref())
        .and_then(|c| crate::game::play::clock::engine_cap(c, side))
        .unwrap_or_default();
    // Against a person the AI takes a person's time, unless asked not to
    // (without the settings, as in the logic tests, it replies at once).
    let human_pace = session.setup.players.mode != Mode::AiVsAi
        && settings.as_deref().is_some_and(|s| !s.quick_replies);
    // The player's cores at full strength; one thread on the ladder below.
    let threads = level_threads(level, search_threads(settings.as_deref()));
    ai.search = Some(OffThreadSearch::start(
        session.search_from(),
        now,
        move |mut job| {
            job.limits = cap;
            job.human_pace = human_pace;
            job.threads = threads;
            think(job, level).map(AiAnswer::Move)
        },
    ));
}

/// The player's engine `name` thinks for `side` from `from` (at `now`):
/// on the clock when one runs, else at its strength; an engine no longer
/// in the list (`entry` is `None`) answers that it failed.
fn engine_search(
    name: String,
    side: Color,
    entry: Option<EngineEntry>,
    game_clock: Option<&GameClock>,
    engines: &mut ExternalEngines,
    (from, now): (SearchFrom, f64),
    lang: crate::game::i18n::Lang,
) -> OffThreadSearch<AiAnswer> {
    match entry {
        Some(entry) => {
            let limit = external_limit(game_clock, side, entry.strength);
            let engine = engines.get(Use::Opponent(side), &entry);
            OffThreadSearch::start(from, now, move |job| {
                Some(
                    match external::think(&engine, &job, limit, &[], 1, &mut |_| {}) {
                        Ok(thought) => AiAnswer::Move(thought.best),
                        Err(e) => {
                            AiAnswer::Failed(name, crate::game::i18n::engine_failure_text(&e, lang))
                        }
                    },
                )
            })
        }
        None => OffThreadSearch::start(from, now, move |_| {
            let missing = crate::game::i18n::engine_missing_text(&name, lang);
            Some(AiAnswer::Failed(name, missing))
        }),
    }
}

/// How the player's engine's move is limited: the clocks when `side` has
/// one (both sides' time left and the increment, as `wtime/btime/winc` or
/// UCCI's `time/opptime/increment`), a move time within a countdown (读秒
/// without game time), else the engine's strength.
pub fn external_limit(clock: Option<&GameClock>, side: Color, strength: Strength) -> GoLimit {
    let by_strength = match strength {
        Strength::MoveTime(ms) => GoLimit::MoveTime(Duration::from_millis(u64::from(ms))),
        Strength::Depth(d) => GoLimit::Depth(d),
    };
    let Some(clock) = clock.filter(|c| c.control(side).is_timed()) else {
        return by_strength;
    };
    // Kept back from what the clock shows, for the pipe and the frame.
    let margin = Duration::from_millis(300);
    let left = |c: Color| {
        clock
            .left(c)
            .saturating_sub(margin)
            .max(Duration::from_millis(50))
    };
    match clock.control(side) {
        TimeControl::Countdown { base: 0, .. } => GoLimit::MoveTime(left(side)),
        control => GoLimit::Clock {
            red: left(Color::Red),
            black: left(Color::Black),
            increment: control.increment().max(control.per_move()),
        },
    }
}

fn poll_search(
    mut ai: ResMut<AiState>,
    mut chosen: MessageWriter<AiMoveChosen>,
    mut session: Option<ResMut<Session>>,
    mut trouble: ResMut<EngineTrouble>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
    lang: crate::game::settings::CurrentLang,
) {
    let ai = &mut *ai;
    let Some(search) = &mut ai.search else {
        return;
    };
    if let Some(progress) = search.receive_progress().cloned() {
        ai.last_report = Some((*search.position(), progress));
    }
    if let Some(answer) = search.poll() {
        let generation = search.generation();
        let side = search.position().side_to_move();
        ai.search = None;
        match answer {
            Some(AiAnswer::Move(mv)) => {
                chosen.write(AiMoveChosen { generation, mv });
            }
            Some(AiAnswer::Failed(name, what)) => {
                // The engine's move is refused and the game waits for the
                // player: continue with the built-in engine, or leave.
                let Some(session) = session
                    .as_deref_mut()
                    .filter(|s| s.generation == generation)
                else {
                    return;
                };
                session.paused = true;
                session.touch(time.elapsed_secs_f64());
                let detail = format!("{what}. {}", Phrase::EngineFailedHint.get(*lang));
                trouble.failed = Some((side, name, what));
                notice.post(Phrase::EngineFailed, detail, true);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_engine_is_given_the_clocks_or_its_strength() {
        let ms = Duration::from_millis;
        // No clock: its strength.
        assert_eq!(
            external_limit(None, Color::Red, Strength::MoveTime(700)),
            GoLimit::MoveTime(ms(700))
        );
        assert_eq!(
            external_limit(None, Color::Black, Strength::Depth(12)),
            GoLimit::Depth(12)
        );
        // Fischer: both sides' time, less a margin, and the increment.
        let fischer = TimeControl::Fischer {
            base: 300,
            increment: 3,
        };
        let clock = GameClock::new(fischer, fischer, Color::Red);
        match external_limit(Some(&clock), Color::Black, Strength::Depth(30)) {
            GoLimit::Clock {
                red,
                black,
                increment,
            } => {
                assert_eq!((red, black), (ms(299_700), ms(299_700)));
                assert_eq!(increment, ms(3000));
            }
            other => panic!("{other:?}"),
        }
        // 步时 (a countdown without game time): a move time within it.
        let countdown = TimeControl::Countdown {
            base: 0,
            per_move: 30,
        };
        let clock = GameClock::new(countdown, TimeControl::None, Color::Red);
        assert_eq!(
            external_limit(Some(&clock), Color::Red, Strength::MoveTime(100)),
            GoLimit::MoveTime(ms(29_700))
        );
        // The side without a clock plays at its strength.
        assert_eq!(
            external_limit(Some(&clock), Color::Black, Strength::MoveTime(100)),
            GoLimit::MoveTime(ms(100))
        );
    }
}
