//! Headless tests of the search threads: the computer's levels of the
//! ladder search on one thread, the full-strength level, the analysis, the
//! hints and the game review on the player's setting (and on one without
//! the settings).

use super::{logic_app, run_until};
use crate::engine::{Level, Limits, max_threads};
use crate::game::play::ai::AiBackend;
use crate::game::play::analysis::{AnalysisBackend, AnalysisCommand};
use crate::game::play::game_review::{GameReviewState, ReviewEngine, ReviewLimits, ReviewRequest};
use crate::game::play::hint::{Hint, HintBackend, HintRequest};
use crate::game::play::search::SearchJob;
use crate::game::play::session::{BoardInput, GameSetup, Session};
use crate::game::settings::UserSettings;
use crate::game::{Mode, Screen};
use crate::rules::{Move, Position};
use crate::store::reviews::Effort;
use crate::store::{Players, Settings};
use bevy::prelude::*;
use std::sync::{Arc, Mutex};

/// The threads each search was given, as the searches saw them.
type Seen = Arc<Mutex<Vec<(u8, usize)>>>;

/// A game in `players`' mode, the settings asking for `threads` (none at
/// all when `None`), the computer answering at once with its first move
/// and noting its level and threads in `seen`.
fn app_with(players: Players, threads: Option<u16>, seen: &Seen) -> App {
    let noted = seen.clone();
    let backend = AiBackend(Arc::new(move |job: SearchJob, level: u8| {
        noted.lock().unwrap().push((level, job.threads));
        job.position.legal_moves().first().copied()
    }));
    let mut app = logic_app(None, backend);
    if let Some(threads) = threads {
        app.insert_resource(UserSettings(Settings {
            search_threads: threads,
            ..Settings::default()
        }));
    }
    app.insert_resource(GameSetup {
        players,
        start: Position::startpos(),
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    app
}

fn most() -> u16 {
    u16::try_from(max_threads()).unwrap()
}

#[test]
fn the_ladders_levels_search_on_one_thread_and_the_full_level_on_the_players() {
    let seen = Seen::default();
    let top = Level::MAX.number();
    let mut app = app_with(Players::new(Mode::AiVsAi, 12, top), Some(most()), &seen);
    run_until(&mut app, "both sides' moves", |_| {
        seen.lock().unwrap().len() >= 4
    });
    let seen = seen.lock().unwrap().clone();
    for (level, threads) in seen {
        let want = if level == top { max_threads() } else { 1 };
        assert_eq!(threads, want, "level {level}");
    }
}

#[test]
fn a_setting_beyond_the_machine_is_the_machines_threads_and_none_is_one() {
    let top = Level::MAX.number();
    for (threads, want) in [(Some(u16::MAX), max_threads()), (Some(0), 1), (None, 1)] {
        let seen = Seen::default();
        let mut app = app_with(Players::new(Mode::Black, top, 1), threads, &seen);
        run_until(&mut app, "the computer's move", |_| {
            !seen.lock().unwrap().is_empty()
        });
        assert_eq!(seen.lock().unwrap()[0], (top, want), "{threads:?}");
    }
}

#[test]
fn the_hint_and_the_analysis_search_on_the_players_threads() {
    let seen = Seen::default();
    let mut app = app_with(Players::new(Mode::Hotseat, 1, 1), Some(most()), &seen);
    let noted = seen.clone();
    app.insert_resource(HintBackend(Arc::new(move |job: SearchJob| {
        noted.lock().unwrap().push((0, job.threads));
        job.position.legal_moves().first().copied()
    })));
    let noted = seen.clone();
    app.insert_resource(AnalysisBackend(Arc::new(move |job: SearchJob, _, _| {
        noted.lock().unwrap().push((1, job.threads));
    })));
    app.world_mut().write_message(HintRequest);
    let generation = app.world().resource::<Session>().generation;
    run_until(&mut app, "the hint", |a| {
        a.world().resource::<Hint>().arrow(generation).is_some()
    });
    app.world_mut().write_message(AnalysisCommand::Toggle);
    run_until(&mut app, "the analysis's search", |_| {
        seen.lock().unwrap().len() >= 2
    });
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen, [(0, max_threads()), (1, max_threads())]);
}

#[test]
fn the_game_review_searches_on_the_players_threads() {
    let seen = Seen::default();
    let mut app = app_with(Players::new(Mode::Hotseat, 1, 1), Some(most()), &seen);
    let shallow = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    app.insert_resource(ReviewLimits {
        quick: shallow.clone(),
        thorough: shallow,
    });
    for m in ["h2e2", "h9g7"] {
        let m = Move::from_iccs(m).unwrap();
        for square in [m.from(), m.to()] {
            app.world_mut().write_message(BoardInput::Click(square));
            app.update();
        }
    }
    assert_eq!(app.world().resource::<Session>().game.ply(), 2);
    app.world_mut()
        .write_message(ReviewRequest::Start(Effort::Quick));
    run_until(&mut app, "the review's end", |a| {
        let state = a.world().resource::<GameReviewState>();
        state.result.is_some() && state.progress().is_none()
    });
    let engine = app.world().resource::<ReviewEngine>().0.clone();
    assert_eq!(engine.with(|e| e.threads()), max_threads());
}
