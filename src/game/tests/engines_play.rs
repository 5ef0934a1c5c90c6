//! The player's engines in play: an external engine as the
//! opponent (the project's own `xiangqi uci` and fake engines written as
//! shell scripts), its failures (an illegal move, a crash, a hang) each
//! pausing the game with a notice that names the engine, the built-in
//! engine taking over on Space, the analysis with an external engine and
//! its exclusions, and no engine process outliving the game.

#![cfg(unix)]

use super::{click, instant_backend, logic_app, our_binary, run_until, session, sh_engine};
use crate::game::Mode;
use crate::game::Screen;
use crate::game::notice::Notice;
use crate::game::play::analysis::{Analysis, AnalysisCommand};
use crate::game::play::external::{EngineTrouble, ExternalEngines, LaunchEngines};
use crate::game::play::session::{GameCommand, GameSetup, Player};
use crate::rules::{Color, Move, Position};
use crate::store::Players;
use crate::store::engines::{EngineEntry, Strength};
use bevy::prelude::*;
use std::path::Path;

/// A fake UCI engine: a shell script whose answer to `go` is `on_go`.
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> String {
    let script = format!(
        "while IFS= read -r line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name Fake {name}'; echo 'id author tests'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             go*) {on_go} ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n"
    );
    sh_engine(dir, name, &script)
}

fn entry(name: &str, command: &str, movetime: u32) -> EngineEntry {
    EngineEntry {
        name: name.to_string(),
        command: command.to_string(),
        protocol: "uci".to_string(),
        id_name: String::new(),
        author: String::new(),
        options: Vec::new(),
        strength: Strength::MoveTime(movetime),
        skill: None,
    }
}

/// A game in `mode` against `engine` (given as on the command line); the
/// built-in engine, when it plays, answers at once.
fn game_against(mode: Mode, engine: EngineEntry) -> App {
    let mut app = logic_app(None, instant_backend());
    let mut players = Players::new(mode, 1, 1);
    players.computers.red.engine = Some(engine.name.clone());
    app.insert_resource(GameSetup {
        players,
        start: Position::startpos(),
    });
    app.insert_resource(LaunchEngines {
        engines: vec![engine],
        analysis: None,
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    app
}

fn notice_text(app: &App) -> String {
    app.world()
        .resource::<Notice>()
        .current
        .as_ref()
        .map(|n| n.detail.clone())
        .unwrap_or_default()
}

/// Is a process with this id still there (and not a zombie)?
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|s| s.split_whitespace().nth(2).is_none_or(|st| st != "Z"))
}

#[test]
fn our_own_engine_plays_black_and_leaves_no_process_behind() {
    let bin = our_binary();
    let engine = entry("Ours", &format!("{} uci", bin.display()), 150);
    let mut app = game_against(Mode::Red, engine);
    assert_eq!(
        session(&app).setup.player(Color::Black),
        Player::Engine {
            name: "Ours".into()
        }
    );
    click(&mut app, "h2");
    click(&mut app, "e2");
    run_until(&mut app, "the engine's reply", |app| {
        session(app).game.ply() == 2
    });
    let reply = session(&app).game.moves()[1];
    let after_red = {
        let mut p = Position::startpos();
        p.make(Move::from_iccs("h2e2").unwrap());
        p
    };
    assert!(after_red.is_legal(reply), "{reply}");
    // Its process runs while the game goes on.
    let pids = app.world().resource::<ExternalEngines>().pids();
    assert_eq!(pids.len(), 1, "one engine for Black");
    assert!(running(pids[0]));
    // The game's record names it.
    let pgn = crate::game::play::records::pgn_of(session(&app), crate::game::i18n::Lang::En);
    assert!(
        pgn.tags.iter().any(|(k, v)| k == "Black" && v == "Ours"),
        "{:?}",
        pgn.tags
    );
    // Back to the menu: the engine ends.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.update();
    let t0 = std::time::Instant::now();
    while running(pids[0]) && t0.elapsed() < std::time::Duration::from_secs(5) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!running(pids[0]), "the engine outlived the game");
}

#[test]
fn our_own_engine_plays_black_over_ucci_too() {
    let bin = our_binary();
    let mut engine = entry("Ours over UCCI", &format!("{} uci", bin.display()), 150);
    engine.protocol = "ucci".into();
    let mut app = game_against(Mode::Red, engine);
    click(&mut app, "b2");
    click(&mut app, "e2");
    run_until(&mut app, "the engine's reply", |app| {
        session(app).game.ply() == 2
    });
    let mut p = Position::startpos();
    p.make(Move::from_iccs("b2e2").unwrap());
    let reply = session(&app).game.moves()[1];
    assert!(p.is_legal(reply), "{reply}");
    // It reported as it thought (UCCI's bare scores read as centipawns).
    let ai = app.world().resource::<crate::game::play::ai::AiState>();
    let (_, report) = ai.last_report.as_ref().expect("a report");
    assert!(
        report.depth >= 1 && matches!(report.score, crate::engine::Score::Cp(c) if c.abs() < 1000),
        "{report:?}"
    );
}

/// The failures an engine can have in a game, each answered the same way.
fn a_failure_pauses_the_game_and_names_the_engine(on_go: &str, says: &str) {
    let dir = tempfile::tempdir().unwrap();
    let command = fake_engine(dir.path(), "bad", on_go);
    let mut app = game_against(Mode::Red, entry("Bad", &command, 100));
    click(&mut app, "h2");
    click(&mut app, "e2");
    run_until(&mut app, "the failure", |app| {
        app.world().resource::<EngineTrouble>().failed.is_some()
    });
    let s = session(&app);
    assert!(s.paused, "the game waits for the player");
    assert_eq!(s.game.ply(), 1, "no move of the engine's was played");
    let text = notice_text(&app);
    assert!(text.contains("Bad"), "the notice names the engine: {text}");
    assert!(
        text.contains(says),
        "the notice says what went wrong: {text}"
    );
    // Space: the built-in engine takes Black over and replies.
    app.world_mut().write_message(GameCommand::TogglePause);
    app.update();
    assert_eq!(
        session(&app).setup.player(Color::Black),
        Player::Ai { level: 1 }
    );
    assert!(app.world().resource::<EngineTrouble>().failed.is_none());
    run_until(&mut app, "the built-in engine's reply", |app| {
        session(app).game.ply() == 2
    });
}

#[test]
fn an_illegal_move_from_the_engine_is_refused() {
    a_failure_pauses_the_game_and_names_the_engine("echo 'bestmove a0a9'", "a0a9");
}

#[test]
fn an_engine_that_crashes_mid_game_is_reported() {
    a_failure_pauses_the_game_and_names_the_engine("echo 'dying' >&2; exit 3", "dying");
}

#[test]
fn an_engine_that_hangs_is_given_up_on() {
    // In the interface's language (Chinese by default).
    a_failure_pauses_the_game_and_names_the_engine("sleep 30", "秒内没有走棋");
}

#[test]
fn garbage_before_a_good_move_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let command = fake_engine(
        dir.path(),
        "noisy",
        "echo 'hello there'; echo 'info depth x score'; echo 'info depth 3 score cp 25 pv h9g7'; echo 'bestmove h9g7'",
    );
    let mut app = game_against(Mode::Red, entry("Noisy", &command, 100));
    click(&mut app, "h2");
    click(&mut app, "e2");
    run_until(&mut app, "the engine's reply", |app| {
        session(app).game.ply() == 2
    });
    assert_eq!(session(&app).game.moves()[1].to_string(), "h9g7");
    // Its thinking line reached the panel's report.
    let ai = app.world().resource::<crate::game::play::ai::AiState>();
    let (_, report) = ai.last_report.as_ref().expect("a report");
    assert_eq!(
        (report.depth, report.score),
        (3, crate::engine::Score::Cp(25))
    );
}

#[test]
fn the_analysis_runs_on_our_engine_and_leaves_out_an_excluded_move() {
    let bin = our_binary();
    let mut app = logic_app(None, instant_backend());
    app.insert_resource(GameSetup {
        players: Players::new(Mode::Hotseat, 3, 3),
        ..GameSetup::default()
    });
    let mut analyser = entry("Analyser", &format!("{} uci", bin.display()), 1000);
    analyser.options.push(("Hash".into(), "8".into()));
    app.insert_resource(LaunchEngines {
        analysis: Some(analyser.name.clone()),
        engines: vec![analyser],
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.world_mut().write_message(AnalysisCommand::Toggle);
    run_until(&mut app, "three lines", |app| {
        app.world().resource::<Analysis>().lines().len() == 3
    });
    let firsts: Vec<Move> = app
        .world()
        .resource::<Analysis>()
        .lines()
        .iter()
        .map(|l| l.pv[0])
        .collect();
    assert_eq!(
        firsts
            .iter()
            .map(ToString::to_string)
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        3,
        "three different first moves: {firsts:?}"
    );
    let best = firsts[0];
    app.world_mut().write_message(AnalysisCommand::Exclude(0));
    app.update();
    assert_eq!(app.world().resource::<Analysis>().excluded(), [best]);
    // The new search's lines never start with the excluded move.
    run_until(&mut app, "lines without the excluded move", |app| {
        let lines = app.world().resource::<Analysis>().lines();
        lines.len() == 3 && lines.iter().all(|l| l.pv[0] != best)
    });
    for _ in 0..20 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(10));
        let lines = app.world().resource::<Analysis>().lines();
        assert!(lines.iter().all(|l| l.pv[0] != best), "{lines:?}");
    }
    // Cleared: the move may come back.
    app.world_mut()
        .write_message(AnalysisCommand::ClearExclusions);
    app.update();
    assert!(app.world().resource::<Analysis>().excluded().is_empty());
}

/// A hot-seat game whose hints and review are the player's engines'.
fn hot_seat_with(settings: crate::store::Settings) -> App {
    let mut app = logic_app(None, instant_backend());
    app.insert_resource(GameSetup {
        players: Players::new(Mode::Hotseat, 3, 3),
        ..GameSetup::default()
    });
    app.insert_resource(crate::game::settings::UserSettings(settings));
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    app
}

#[test]
fn a_hint_comes_from_the_chosen_engine_and_its_failure_is_said() {
    use crate::game::play::hint::{Hint, HintRequest};
    let dir = tempfile::tempdir().unwrap();
    let good = fake_engine(dir.path(), "good", "echo 'bestmove b0c2'");
    let bad = fake_engine(dir.path(), "bad", "echo 'bestmove e0e5'");
    let settings = crate::store::Settings {
        engines: crate::store::engines::EngineList {
            engines: vec![entry("Good", &good, 100), entry("Bad", &bad, 100)],
            rejected: Vec::new(),
        },
        hint_engine: Some("Good".into()),
        ..crate::store::Settings::default()
    };
    let mut app = hot_seat_with(settings);
    app.world_mut().write_message(HintRequest);
    run_until(&mut app, "the engine's hint", |app| {
        app.world().resource::<Hint>().shown.is_some()
    });
    let generation = session(&app).generation;
    let hint = app.world().resource::<Hint>().arrow(generation);
    assert_eq!(hint.map(|m| m.to_string()).as_deref(), Some("b0c2"));
    // Another engine that answers an illegal move: no hint, a notice.
    app.world_mut()
        .resource_mut::<crate::game::settings::UserSettings>()
        .hint_engine = Some("Bad".into());
    click(&mut app, "h2");
    click(&mut app, "e2");
    app.world_mut().write_message(HintRequest);
    run_until(&mut app, "the failure", |app| {
        notice_text(app).contains("Bad")
    });
    assert!(notice_text(&app).contains("e0e5"), "{}", notice_text(&app));
    assert_eq!(app.world().resource::<Hint>().shown, None);
}

#[test]
fn the_review_is_made_by_the_chosen_engine() {
    use crate::game::play::game_review::{GameReviewState, ReviewLimits, ReviewRequest};
    let bin = our_binary();
    let settings = crate::store::Settings {
        engines: crate::store::engines::EngineList {
            engines: vec![entry("Reviewer", &format!("{} uci", bin.display()), 100)],
            rejected: Vec::new(),
        },
        review_engine: Some("Reviewer".into()),
        ..crate::store::Settings::default()
    };
    let mut app = hot_seat_with(settings);
    let quick = crate::engine::Limits {
        movetime: Some(std::time::Duration::from_millis(60)),
        ..crate::engine::Limits::default()
    };
    app.insert_resource(ReviewLimits {
        quick: quick.clone(),
        thorough: quick,
    });
    // Red leaves a chariot to be taken.
    for (from, to) in [
        ("h2", "e2"),
        ("h9", "g7"),
        ("i0", "i1"),
        ("i9", "h9"),
        ("i1", "d1"),
    ] {
        click(&mut app, from);
        click(&mut app, to);
    }
    assert_eq!(session(&app).game.ply(), 5);
    app.world_mut()
        .write_message(ReviewRequest::Start(crate::store::reviews::Effort::Quick));
    run_until(&mut app, "the review", |app| {
        app.world().resource::<GameReviewState>().result.is_some()
    });
    let state = app.world().resource::<GameReviewState>();
    let review = &state.result.as_ref().unwrap().review;
    assert_eq!(review.positions.len(), 6, "every position seen");
    assert_eq!(review.moves.len(), 5, "every move judged");
    // Each view is the engine's: a legal best move with its line.
    let mut p = Position::startpos();
    for (view, judged) in review.positions.iter().zip(&review.moves) {
        assert!(p.is_legal(view.best), "{}", view.best);
        assert_eq!(view.line.first(), Some(&view.best));
        p.make(judged.played);
    }
}
