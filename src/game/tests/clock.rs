//! Clocks in the headless game: they run for the side to move, stop in
//! review and while paused, a falling flag ends the game, the AI thinks
//! within its time, and records bring their clocks with them.

use super::{app_before_start, click, instant_backend, session};
use crate::game::Mode;
use crate::game::play::ai::AiBackend;
use crate::game::play::browse::BrowseCommand;
use crate::game::play::clock::{ClockSetup, MatchClock, SAFETY};
use crate::game::play::search::SearchJob;
use crate::game::play::session::GameCommand;
use crate::game::{LaunchOptions, Screen, logic_plugins};
use crate::rules::clock::TimeControl;
use crate::rules::{Color, GameResult, Position, Reason};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A game with clocks (`red`, `black`); frames of 100 ms.
fn clocked(mode: Mode, start: Position, red: &str, black: &str, backend: AiBackend) -> App {
    let mut app = app_before_start(mode, start, backend);
    app.insert_resource(ClockSetup {
        red: TimeControl::parse(red).unwrap(),
        black: TimeControl::parse(black).unwrap(),
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    app
}

fn left(app: &App, side: Color) -> Duration {
    app.world()
        .resource::<MatchClock>()
        .clock
        .as_ref()
        .expect("clocks")
        .left(side)
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

#[test]
fn the_clock_runs_for_the_side_to_move_and_a_move_adds_the_increment() {
    let mut app = clocked(
        Mode::Hotseat,
        Position::startpos(),
        "60+5",
        "0:30",
        instant_backend(),
    );
    let before = left(&app, Color::Red);
    frames(&mut app, 10);
    let used = before - left(&app, Color::Red);
    assert!(
        used >= Duration::from_millis(900) && used <= Duration::from_millis(1100),
        "{used:?}"
    );
    assert_eq!(left(&app, Color::Black), Duration::from_secs(30));
    click(&mut app, "h2");
    click(&mut app, "e2");
    let red_after = left(&app, Color::Red);
    // The increment came on top of what was left.
    assert!(red_after > before - used, "{red_after:?}");
    frames(&mut app, 5);
    assert_eq!(left(&app, Color::Red), red_after, "Red's clock stopped");
    assert!(left(&app, Color::Black) < Duration::from_secs(30));
}

#[test]
fn the_clock_stops_in_review_and_while_paused() {
    let mut app = clocked(
        Mode::Hotseat,
        Position::startpos(),
        "60+0",
        "60+0",
        instant_backend(),
    );
    click(&mut app, "h2");
    click(&mut app, "e2");
    app.world_mut().write_message(BrowseCommand::First);
    app.update();
    let black = left(&app, Color::Black);
    frames(&mut app, 10);
    assert_eq!(left(&app, Color::Black), black, "review holds the clock");
    app.world_mut().write_message(BrowseCommand::Exit);
    app.update();
    app.world_mut().write_message(GameCommand::TogglePause);
    app.update();
    assert!(session(&app).paused);
    let black = left(&app, Color::Black);
    frames(&mut app, 10);
    assert_eq!(left(&app, Color::Black), black, "pause holds the clock");
    // No move is taken while paused.
    click(&mut app, "h9");
    click(&mut app, "g7");
    assert_eq!(session(&app).game.ply(), 1);
    app.world_mut().write_message(GameCommand::TogglePause);
    frames(&mut app, 5);
    assert!(left(&app, Color::Black) < black);
}

#[test]
fn a_falling_flag_loses_or_draws_against_bare_material() {
    // Red to move with a chariot against a bare general: Red's flag falls.
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1").unwrap();
    let mut app = clocked(Mode::Hotseat, start, "1+0", "1+0", instant_backend());
    frames(&mut app, 15);
    let o = session(&app).game.outcome().expect("over");
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, Reason::TimeoutDraw { by: Color::Red }),
        "Black cannot mate with a bare general"
    );
    // Black's flag falls with Red able to mate: Red wins.
    let start = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 b - - 0 1").unwrap();
    let mut app = clocked(Mode::Hotseat, start, "1+0", "0:1", instant_backend());
    frames(&mut app, 15);
    let o = session(&app).game.outcome().expect("over");
    assert_eq!(
        (o.result, o.reason),
        (GameResult::RedWins, Reason::Timeout { by: Color::Black })
    );
    assert_eq!(
        *app.world()
            .resource::<State<crate::game::play::Turn>>()
            .get(),
        crate::game::play::Turn::Over
    );
}

#[test]
fn the_ai_thinks_within_its_clock() {
    let seen: Arc<Mutex<Vec<crate::engine::Limits>>> = Arc::default();
    let record = seen.clone();
    let backend = AiBackend(Arc::new(move |job: SearchJob, _level: u8| {
        record.lock().unwrap().push(job.limits.clone());
        job.position.legal_moves().first().copied()
    }));
    let mut app = clocked(Mode::AiVsAi, Position::startpos(), "0:5", "10+1", backend);
    // Both sides move, each after the reply delay (real time: a loaded
    // machine runs fewer frames in it).
    super::run_until(&mut app, "two moves of the AI", |_| {
        seen.lock().unwrap().len() >= 2
    });
    let seen = seen.lock().unwrap();
    assert!(seen.len() >= 2, "the AI moved: {}", seen.len());
    for limits in seen.iter() {
        let plan = crate::engine::timeman::plan(limits);
        let hard = plan.hard.expect("a hard limit on a clock");
        assert!(hard <= Duration::from_secs(10) - SAFETY, "{hard:?}");
    }
    // Red's 5 s a move: never more than what is left after the reply delay, less the margin.
    let red = &seen[0];
    assert!(red.movetime.unwrap() <= Duration::from_secs(5) - SAFETY);
    assert!(
        session(&app).game.outcome().is_none(),
        "nobody lost on time"
    );
}

#[test]
fn the_autosave_keeps_the_clocks_and_a_record_opened_brings_its_own() {
    // Launch options put the clocks and a handicap into the first game.
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    logic_plugins(&mut app);
    crate::game::play::session::configure_start(
        &mut app,
        &LaunchOptions {
            mode: Some(Mode::Hotseat),
            clock: Some((TimeControl::parse("300+2").unwrap(), TimeControl::None)),
            handicap: Some((crate::rules::handicap::Handicap::TwoHorses, Color::Red)),
            ..LaunchOptions::default()
        },
    );
    app.update();
    app.update();
    assert_eq!(
        *session(&app).game.start(),
        crate::rules::handicap::Handicap::TwoHorses.position(Color::Red)
    );
    let clock = app
        .world()
        .resource::<MatchClock>()
        .clock
        .clone()
        .expect("clocks");
    assert_eq!(
        clock.control(Color::Red),
        TimeControl::parse("300+2").unwrap()
    );

    // A record with clocks, opened by paste: its clocks come with it.
    let record = "[TimeControl \"600:30\"]\n1. h2e2 {[%clk 0:09:40]} h9g7 {[%clk 0:10:20]} *\n";
    let opened = crate::game::play::records::open_record(record.as_bytes()).unwrap();
    let c = opened.clock.expect("the record's clocks");
    assert_eq!(c.left(Color::Red), Duration::from_secs(580));
    assert_eq!(c.left(Color::Black), Duration::from_secs(620));
    // The clocks show the times; the move list does not repeat them.
    let tree = opened.game.tree();
    assert_eq!(tree.main_line().len(), 2);
    assert!(
        tree.preorder()
            .iter()
            .all(|&id| tree.node(id).is_some_and(|n| n.comment.is_empty()))
    );
    // An XQF with variations opens its main line, and keeps the variations.
    let xqf = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/records/xqf/XQFEXAMB.XQF"
    ))
    .unwrap();
    let opened = crate::game::play::records::open_record(&xqf).unwrap();
    assert!(opened.game.tree().variation_count() > 0);
    assert!(opened.game.ply() > 0);
}
