//! Spoken moves, headless: the speech plugin with a stand-in synthesizer
//! (`true`, which takes espeak-ng's arguments and says nothing) hears the
//! moves of a game and hands the speaker what to say — a move, a check
//! with its move, and nothing while the setting is off.

use super::{click, logic_app, run_until, session, slow_backend};
use crate::game::play::session::GameSetup;
use crate::game::settings::UserSettings;
use crate::game::speech::Speech;
use crate::game::{Mode, Screen};
use crate::rules::Position;
use crate::speech::Synth;
use crate::store::{Players, Settings};
use bevy::prelude::*;

fn speech_app(speak: bool, start: Position) -> App {
    let mut app = logic_app(None, slow_backend());
    app.insert_resource(UserSettings(Settings {
        speak_moves: speak,
        ..Settings::default()
    }));
    let quiet = which("true");
    app.insert_resource(Speech::with(Ok(Synth::at(quiet))));
    app.add_plugins(crate::game::speech::plugin);
    app.insert_resource(GameSetup {
        players: Players::new(Mode::Hotseat, 1, 1),
        start,
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    app
}

fn which(program: &str) -> std::path::PathBuf {
    ["/usr/bin", "/bin"]
        .iter()
        .map(|d| std::path::Path::new(d).join(program))
        .find(|p| p.is_file())
        .expect("true")
}

fn started(app: &App) -> Vec<String> {
    app.world()
        .resource::<Speech>()
        .speaker()
        .map(|s| s.said().started)
        .unwrap_or_default()
}

#[test]
fn each_move_is_said_and_a_check_with_its_move() {
    // A quiet move, a reply, then the chariot checks on the d-file.
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/5K3 w").unwrap();
    let mut app = speech_app(true, start);
    click(&mut app, "a1");
    click(&mut app, "a2");
    run_until(&mut app, "the move said", |app| started(app).len() == 1);
    assert_eq!(started(&app), ["ju1 jiu3 jin4 yi1"]);
    click(&mut app, "d9");
    click(&mut app, "d8");
    // Said before the next move comes (a move still waiting would be
    // dropped for the newer one, as a player wants).
    run_until(&mut app, "the reply said", |app| started(app).len() == 2);
    click(&mut app, "a2");
    click(&mut app, "d2");
    run_until(&mut app, "the check said", |app| started(app).len() == 3);
    assert_eq!(session(&app).game.ply(), 3);
    let said = started(&app);
    assert_eq!(said[2], "ju1 jiu3 ping2 liu4, jiang1 jun1", "{said:?}");
}

#[test]
fn a_mate_is_said_with_its_move_and_then_the_result() {
    // The red general on e0 takes e8 from the black one: the check is mate.
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w").unwrap();
    let mut app = speech_app(true, start);
    click(&mut app, "a1");
    click(&mut app, "a2");
    // Said before the reply comes (a newer move rightly drops one waiting).
    run_until(&mut app, "the move said", |app| started(app).len() == 1);
    click(&mut app, "d9");
    click(&mut app, "d8");
    run_until(&mut app, "the reply said", |app| started(app).len() == 2);
    click(&mut app, "a2");
    click(&mut app, "d2");
    run_until(&mut app, "the result said", |app| started(app).len() == 4);
    let said = started(&app);
    assert_eq!(said[2], "ju1 jiu3 ping2 liu4, jiang1 si3", "{said:?}");
    assert_eq!(said[3], "hong2 fang1 sheng4");
}

#[test]
fn nothing_is_said_while_the_setting_is_off() {
    let mut app = speech_app(false, Position::startpos());
    click(&mut app, "h2");
    click(&mut app, "e2");
    for _ in 0..5 {
        app.update();
    }
    assert!(app.world().resource::<Speech>().speaker().is_none());
    // Turned on: the next move is said in English when the game speaks it.
    {
        let mut settings = app.world_mut().resource_mut::<UserSettings>();
        settings.0.speak_moves = true;
        settings.0.language = crate::words::Language::En;
    }
    app.update();
    click(&mut app, "h9");
    click(&mut app, "g7");
    run_until(&mut app, "the move said", |app| started(app).len() == 1);
    // Black counts the files from its own right: h is its eighth.
    assert_eq!(started(&app), ["Horse eight forward to seven"]);
}
