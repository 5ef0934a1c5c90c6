//! The menu's choices by keys and buttons, and what the menu offers again.

use super::*;
use crate::rules::ByColor;
use crate::store::Players;
use crate::store::test_util::TempDir;
use crate::store::{Paths, Settings};
use bevy::state::app::StatesPlugin;

/// The menu's keys with the settings stored under `dir`, the way the game
/// starts without a `--mode` flag.
fn menu_app(dir: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    crate::game::logic_plugins(&mut app);
    app.insert_resource(StorePaths(Some(Paths::under(dir))));
    app.add_plugins(crate::game::settings::plugin);
    crate::game::play::session::configure_start(&mut app, &crate::game::LaunchOptions::default());
    app.init_resource::<MenuFocus>()
        .init_resource::<ButtonInput<KeyCode>>()
        .add_systems(Update, menu_keys.run_if(in_state(Screen::Menu)))
        .add_systems(OnEnter(Screen::Menu), offer_last_choice);
    app.update();
    app
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

fn press_with_shift(app: &mut App, key: KeyCode) {
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.press(KeyCode::ShiftLeft);
    keys.press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.release(KeyCode::ShiftLeft);
    keys.clear();
}

#[test]
fn the_menu_offers_the_mode_and_levels_started_last_time() {
    let dir = TempDir::new("menu-remembers");
    let mut app = menu_app(dir.path());
    let setup = app.world().resource::<GameSetup>();
    let defaults = Settings::default();
    assert_eq!(setup.players.mode, defaults.players.mode);

    // AI vs AI (three down from "you play Red"), Red at 6, Black at 3, start.
    for key in [KeyCode::ArrowDown; 3] {
        press(&mut app, key);
    }
    press(&mut app, KeyCode::Digit6);
    press_with_shift(&mut app, KeyCode::Digit3);
    press(&mut app, KeyCode::Enter);
    app.update();
    let setup = app.world().resource::<GameSetup>();
    assert_eq!(
        (setup.players.mode, setup.players.computers.map(|c| c.level)),
        (Mode::AiVsAi, ByColor::new(6, 3))
    );
    drop(app);

    let app = menu_app(dir.path());
    let setup = app.world().resource::<GameSetup>();
    assert_eq!(
        (setup.players.mode, setup.players.computers.map(|c| c.level)),
        (Mode::AiVsAi, ByColor::new(6, 3)),
        "a new start of the game offers the last choice"
    );
}

#[test]
fn choose_it_sets_the_level_the_players_rating_suggests() {
    let dir = TempDir::new("menu-suggests");
    // An established player rated like the middle level.
    let middle = crate::engine::Level::ALL[crate::engine::Level::COUNT / 2];
    let profile = crate::store::profile::Profile {
        rating: Some(f64::from(middle.rating())),
        games: 40,
        history: Vec::new(),
    };
    profile
        .save(&Paths::under(dir.path()).profile_file())
        .unwrap();
    let mut app = menu_app(dir.path());
    app.add_message::<MenuAction>()
        .add_systems(Update, menu_buttons.run_if(in_state(Screen::Menu)));
    // The menu's rating line reads the profile on its first frame.
    let paths = StorePaths(Some(Paths::under(dir.path())));
    let want = {
        let world = app.world_mut();
        let mut rating = world.resource_mut::<crate::game::play::rating::PlayerRating>();
        let mut notice = crate::game::notice::Notice::default();
        super::super::rating::suggested_level(rating.get(Some(&paths), &mut notice), None)
    };
    // At its own rating the player expects 50 % there; the next level
    // up is a step of 60 % or more away, about 40 % at best.
    let want = want.expect("a suggestion");
    assert!(
        (middle.number()..=middle.number() + 1).contains(&want),
        "{want}"
    );
    press(&mut app, KeyCode::Digit1);
    let setup = app.world().resource::<GameSetup>();
    assert_eq!(setup.players.computers.red.level, 1);
    app.world_mut().write_message(MenuAction::Suggested);
    app.update();
    let setup = app.world().resource::<GameSetup>();
    assert_eq!(setup.players.computers.red.level, want);
}

#[test]
fn the_players_engine_is_chosen_with_its_strength_and_offered_again() {
    let dir = TempDir::new("menu-engine");
    let settings = Settings {
        engines: serde_json::from_str(
            r#"[{"name": "Pika", "command": "pikafish", "protocol": "uci",
                 "skill": {"name": "Skill Level", "min": 0, "max": 20}},
                {"name": "EE", "command": "eleeye", "protocol": "ucci"}]"#,
        )
        .unwrap(),
        ..Settings::default()
    };
    settings
        .save(&Paths::under(dir.path()).settings_file())
        .unwrap();
    let mut app = menu_app(dir.path());
    app.add_message::<MenuAction>()
        .add_systems(Update, menu_buttons.run_if(in_state(Screen::Menu)));
    // AI vs AI: Red is EE at two steps below its default strength, Black Pika.
    for key in [KeyCode::ArrowDown; 3] {
        press(&mut app, key);
    }
    for action in [
        MenuAction::Engine(Side::Red, 1),
        MenuAction::Strength(Side::Red, -1),
        MenuAction::Strength(Side::Red, -1),
        MenuAction::Engine(Side::Black, 0),
    ] {
        app.world_mut().write_message(action);
        app.update();
    }
    // The engines chosen for Red's row and Black's.
    let chosen = |app: &App| {
        let c = &app.world().resource::<GameSetup>().players.computers;
        (c.red.engine.clone(), c.black.engine.clone())
    };
    let (red, black) = (Some("EE".to_string()), Some("Pika".to_string()));
    assert_eq!(chosen(&app), (red.clone(), black.clone()));
    let setup = app.world().resource::<GameSetup>();
    assert_eq!(
        setup.player(Side::Black),
        crate::game::play::session::Player::Engine {
            name: "Pika".into()
        }
    );
    let strength = |app: &App, name: &str| {
        app.world()
            .resource::<UserSettings>()
            .engines
            .get(name)
            .map(|e| e.strength)
    };
    use crate::store::engines::Strength;
    assert_eq!(strength(&app, "EE"), Some(Strength::MoveTime(200)));
    assert_eq!(strength(&app, "Pika"), Some(Strength::MoveTime(1000)));
    // Pika's own strength option, one step below its default.
    app.world_mut()
        .write_message(MenuAction::Skill(Side::Black, -1));
    app.update();
    let pika = app
        .world()
        .resource::<UserSettings>()
        .engines
        .get("Pika")
        .cloned();
    assert_eq!(pika.and_then(|e| e.skill_value()), Some(20));
    // A level for Black again: the built-in engine.
    press_with_shift(&mut app, KeyCode::Digit4);
    assert_eq!(chosen(&app).1, None);
    app.world_mut()
        .write_message(MenuAction::Engine(Side::Black, 0));
    app.update();
    press(&mut app, KeyCode::Enter);
    app.update();
    drop(app);
    // The next start of the game offers the same engines.
    let app = menu_app(dir.path());
    assert_eq!(chosen(&app), (red, black));
    assert_eq!(strength(&app, "EE"), Some(Strength::MoveTime(200)));
}

#[test]
fn back_in_the_menu_start_offers_a_new_game_not_the_last_puzzle() {
    let dir = TempDir::new("menu-offer");
    let mut app = menu_app(dir.path());
    press(&mut app, KeyCode::ArrowDown); // you play Black
    press(&mut app, KeyCode::Digit5);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    // A puzzle replaces the setup: its position, Red against level 8.
    let puzzle =
        crate::rules::Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").expect("fen");
    *app.world_mut().resource_mut::<GameSetup>() = GameSetup {
        players: Players::new(Mode::Red, 8, 8),
        start: puzzle,
    };
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.update();
    let setup = app.world().resource::<GameSetup>();
    // The AI plays Red in this mode: the key set Red's level.
    assert_eq!(
        (setup.players.mode, setup.players.computers.map(|c| c.level)),
        (
            Mode::Black,
            ByColor::new(5, Settings::default().players.computers.black.level)
        )
    );
    assert_eq!(setup.start, crate::rules::Position::startpos());
}
