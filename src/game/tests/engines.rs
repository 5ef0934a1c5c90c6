//! The card of the player's engines, headless: the logic plugins, the
//! settings (in a temporary folder) and the card's plugin, with small shell
//! scripts as engines (one speaks UCI, one only UCCI). Adding, the failure
//! of a missing program, option values kept or refused, rename, remove,
//! the test search, the options of a listed engine, damaged entries, and
//! the keys of the card's fields.

use crate::client::options::EngineOption;
use crate::engine::Score;
use crate::game::cards::engines::{
    AddState, DetectedOptions, EngineAction, EngineCard, EnginesView, Field, Jobs, Refusal,
    RejectedEngines, TestState, add_status_text, test_text,
};
use crate::game::i18n::Lang;
use crate::game::settings::UserSettings;
use crate::game::tests::{logic_app, run_until, slow_backend};
use crate::rules::notation::{ChineseStyle, Notation};
use crate::store::engines::EngineEntry;
use crate::store::{Paths, Settings};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use std::path::Path;

/// A UCI engine: its name, author and five options (one of each kind but
/// the file's), and a move for any `go`.
const FAKE_UCI: &str = r#"while read -r line; do
  case "$line" in
    uci)
      echo "id name Fake Engine"
      echo "id author Tester"
      echo "option name Hash type spin default 16 min 1 max 1024"
      echo "option name Ponder type check default false"
      echo "option name Style type combo default Normal var Solid var Normal var Risky"
      echo "option name EvalFile type string default fake.nnue"
      echo "option name Clear Hash type button"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
      echo "info depth 5 score cp 20 pv h2e2 h9g7"
      echo "bestmove h2e2" ;;
    quit) exit 0 ;;
  esac
done
"#;

/// A UCCI engine that leaves when asked `uci`.
const FAKE_UCCI: &str = r#"while read -r line; do
  case "$line" in
    uci) exit 1 ;;
    ucci)
      echo "id name Fake Eye"
      echo "option hashsize type spin min 16 max 1024 default 16"
      echo "ucciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
"#;

/// The card's logic with the settings under `home`.
fn engines_app(home: &Path) -> App {
    let mut app = logic_app(Some(home), slow_backend());
    app.add_plugins(crate::game::settings::plugin);
    app.add_plugins(crate::game::cards::engines::plugin);
    app.update();
    app
}

fn send(app: &mut App, action: EngineAction) {
    app.world_mut().write_message(action);
    app.update();
}

fn card(app: &App) -> &EngineCard {
    app.world().resource::<EngineCard>()
}

fn engines(app: &App) -> &[EngineEntry] {
    &app.world().resource::<UserSettings>().engines.engines
}

fn names(app: &App) -> Vec<String> {
    engines(app).iter().map(|e| e.name.clone()).collect()
}

/// Types `command` into the Add field and adds it; waits for the answer.
fn add(app: &mut App, command: &str) {
    app.world_mut().resource_mut::<EngineCard>().command = command.to_string();
    send(app, EngineAction::Add);
    // Started (a quick engine may have answered already).
    assert_ne!(card(app).add, AddState::Idle);
    run_until(app, "the engine's detection", |app| {
        !matches!(card(app).add, AddState::Detecting(_))
    });
}

/// The options detected for the engine of `command`.
fn options(app: &App, command: &str) -> Vec<EngineOption> {
    app.world()
        .resource::<DetectedOptions>()
        .options(command)
        .map(<[EngineOption]>::to_vec)
        .unwrap_or_default()
}

fn stored(app: &App) -> Vec<(String, String)> {
    engines(app)[0].options.clone()
}

fn pair(name: &str, value: &str) -> (String, String) {
    (name.to_string(), value.to_string())
}

#[test]
fn a_typed_command_is_started_detected_and_added_with_its_options() {
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "fake.sh", FAKE_UCI);
    let mut app = engines_app(home.path());
    add(&mut app, &command);
    let entry = engines(&app)[0].clone();
    assert_eq!(
        (entry.name.as_str(), entry.protocol.as_str()),
        ("Fake Engine", "uci")
    );
    assert_eq!(
        (entry.id_name.as_str(), entry.author.as_str()),
        ("Fake Engine", "Tester")
    );
    assert_eq!(entry.command, command);
    assert!(entry.options.is_empty(), "only values set are stored");
    let declared: Vec<String> = options(&app, &command)
        .into_iter()
        .map(|o| o.name)
        .collect();
    assert_eq!(
        declared,
        ["Hash", "Ponder", "Style", "EvalFile", "Clear Hash"]
    );
    assert_eq!(card(&app).selected.as_deref(), Some("Fake Engine"));
    assert!(
        card(&app).command.is_empty(),
        "the field is ready for the next one"
    );
    assert!(add_status_text(&card(&app).add, Lang::En).contains("Fake Engine"));
    // The same program again gets a name of its own; both are saved.
    add(&mut app, &command);
    assert_eq!(names(&app), ["Fake Engine", "Fake Engine 2"]);
    app.update();
    let file = Paths::under(home.path()).settings_file();
    let (saved, warning) = Settings::load(&file);
    assert!(warning.is_none(), "{warning:?}");
    assert_eq!(saved.engines.engines, engines(&app));
}

#[test]
fn an_engine_that_only_speaks_ucci_is_added_as_one() {
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "eye.sh", FAKE_UCCI);
    let mut app = engines_app(home.path());
    add(&mut app, &command);
    let entry = &engines(&app)[0];
    assert_eq!(
        (entry.name.as_str(), entry.protocol.as_str()),
        ("Fake Eye", "ucci")
    );
    let declared: Vec<String> = options(&app, &command)
        .into_iter()
        .map(|o| o.name)
        .collect();
    assert_eq!(declared, ["hashsize"]);
}

#[test]
fn a_program_that_is_not_there_is_a_failure_naming_the_command() {
    let home = tempfile::tempdir().unwrap();
    let mut app = engines_app(home.path());
    let command = "/no/such/engine --threads 2";
    add(&mut app, command);
    assert!(engines(&app).is_empty());
    let AddState::Failed {
        command: failed,
        why,
    } = card(&app).add.clone()
    else {
        panic!("a failure: {:?}", card(&app).add);
    };
    assert_eq!(failed, command);
    // In the interface's language (Chinese by default).
    assert!(why.contains("无法启动「/no/such/engine」"), "{why}");
    for lang in [Lang::Zh, Lang::En] {
        let line = add_status_text(&card(&app).add, lang);
        assert!(line.contains(command), "{line}");
    }
    assert!(add_status_text(&card(&app).add, Lang::En).starts_with("Cannot add"));
    // While it runs, the card says so, naming it too.
    let detecting = add_status_text(&AddState::Detecting(command.into()), Lang::En);
    assert!(detecting.starts_with("Starting the engine") && detecting.contains(command));
}

#[test]
fn option_values_other_than_the_default_are_stored_and_refused_ones_are_not() {
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "fake.sh", FAKE_UCI);
    let mut app = engines_app(home.path());
    add(&mut app, &command);
    // Hash 0, Ponder 1, Style 2, EvalFile 3, Clear Hash 4.
    send(&mut app, EngineAction::Step(0, 1));
    assert_eq!(stored(&app), [pair("Hash", "20")]);
    send(&mut app, EngineAction::SetText(0, " 64 ".into()));
    assert_eq!(stored(&app), [pair("Hash", "64")]);
    send(&mut app, EngineAction::SetText(0, "5000".into()));
    assert_eq!(
        stored(&app),
        [pair("Hash", "64")],
        "a refused value is not stored"
    );
    let Some(Refusal::Value { option, why }) = card(&app).refusal.clone() else {
        panic!("a refusal: {:?}", card(&app).refusal);
    };
    assert_eq!(option, "Hash");
    assert!(why.contains("outside 1..1024"), "{why}");
    send(&mut app, EngineAction::SetText(0, "lots".into()));
    assert!(card(&app).refusal.is_some());
    // The default takes the value away.
    send(&mut app, EngineAction::SetText(0, "16".into()));
    assert!(stored(&app).is_empty());
    assert_eq!(card(&app).refusal, None);
    send(&mut app, EngineAction::Step(1, 1));
    send(&mut app, EngineAction::Step(2, 1));
    send(&mut app, EngineAction::SetText(3, "/nets/big.nnue".into()));
    send(&mut app, EngineAction::Press(4));
    assert_eq!(
        stored(&app),
        [
            pair("Ponder", "true"),
            pair("Style", "Risky"),
            pair("EvalFile", "/nets/big.nnue"),
            pair("Clear Hash", ""),
        ]
    );
    send(&mut app, EngineAction::Press(4));
    send(&mut app, EngineAction::Reset(1));
    send(&mut app, EngineAction::Step(2, -1));
    assert_eq!(stored(&app), [pair("EvalFile", "/nets/big.nnue")]);
    app.update();
    let (saved, _) = Settings::load(&Paths::under(home.path()).settings_file());
    assert_eq!(
        saved.engines.engines[0].options,
        [pair("EvalFile", "/nets/big.nnue")]
    );
}

#[test]
fn a_name_that_is_taken_or_empty_is_refused() {
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "fake.sh", FAKE_UCI);
    let mut app = engines_app(home.path());
    add(&mut app, &command);
    add(&mut app, &command);
    assert_eq!(card(&app).selected.as_deref(), Some("Fake Engine 2"));
    send(&mut app, EngineAction::Rename("Fake Engine".into()));
    assert_eq!(names(&app), ["Fake Engine", "Fake Engine 2"]);
    assert_eq!(
        card(&app).refusal,
        Some(Refusal::Name {
            wanted: "Fake Engine".into(),
            taken: true
        })
    );
    send(&mut app, EngineAction::Rename("  ".into()));
    assert!(matches!(
        card(&app).refusal,
        Some(Refusal::Name { taken: false, .. })
    ));
    // Typed into the name's field and kept with Enter.
    send(&mut app, EngineAction::Type(Field::Rename));
    assert_eq!(card(&app).draft, "Fake Engine 2");
    app.world_mut().resource_mut::<EngineCard>().draft = " Pikafish ".into();
    send(&mut app, EngineAction::Confirm(Field::Rename));
    assert_eq!(names(&app), ["Fake Engine", "Pikafish"]);
    assert_eq!(card(&app).selected.as_deref(), Some("Pikafish"));
    assert_eq!(
        (card(&app).refusal.clone(), card(&app).typing),
        (None, None)
    );
}

#[test]
fn remove_takes_the_selected_engine_off_the_list_and_the_choices_follow() {
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "fake.sh", FAKE_UCI);
    let mut app = engines_app(home.path());
    add(&mut app, &command);
    add(&mut app, &command);
    // The settings' choices of an engine follow it.
    {
        let mut settings = app.world_mut().resource_mut::<UserSettings>();
        settings.analysis_engine = Some("Fake Engine".into());
        settings.hint_engine = Some("Fake Engine 2".into());
    }
    send(&mut app, EngineAction::Rename("Mine".into()));
    assert_eq!(names(&app), ["Fake Engine", "Mine"]);
    let settings = app.world().resource::<UserSettings>();
    assert_eq!(settings.hint_engine.as_deref(), Some("Mine"));
    send(&mut app, EngineAction::Select("Fake Engine".into()));
    send(&mut app, EngineAction::Remove);
    assert_eq!(names(&app), ["Mine"]);
    let settings = app.world().resource::<UserSettings>();
    assert_eq!(settings.analysis_engine, None);
    assert_eq!(settings.hint_engine.as_deref(), Some("Mine"));
    assert_eq!(card(&app).selected.as_deref(), Some("Mine"));
    send(&mut app, EngineAction::Remove);
    assert!(engines(&app).is_empty());
    assert_eq!(app.world().resource::<UserSettings>().hint_engine, None);
    assert_eq!(card(&app).selected, None);
    app.update();
    let (saved, _) = Settings::load(&Paths::under(home.path()).settings_file());
    assert!(saved.engines.engines.is_empty());
}

#[test]
fn the_selected_engine_is_chosen_for_the_analysis_hints_and_review_and_back() {
    use crate::game::cards::engines::EngineUse;
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "fake.sh", FAKE_UCI);
    let mut app = engines_app(home.path());
    add(&mut app, &command);
    add(&mut app, &command);
    send(&mut app, EngineAction::Select("Fake Engine".into()));
    send(&mut app, EngineAction::UseFor(EngineUse::Analysis));
    send(&mut app, EngineAction::UseFor(EngineUse::Review));
    send(&mut app, EngineAction::Select("Fake Engine 2".into()));
    send(&mut app, EngineAction::UseFor(EngineUse::Review));
    let s = app.world().resource::<UserSettings>();
    assert_eq!(s.analysis_engine.as_deref(), Some("Fake Engine"));
    assert_eq!(
        s.review_engine.as_deref(),
        Some("Fake Engine 2"),
        "one engine a use"
    );
    assert_eq!(s.hint_engine, None);
    // Pressed again: the built-in engine reviews again.
    send(&mut app, EngineAction::UseFor(EngineUse::Review));
    assert_eq!(app.world().resource::<UserSettings>().review_engine, None);
    app.update();
    let (saved, _) = Settings::load(&Paths::under(home.path()).settings_file());
    assert_eq!(saved.analysis_engine.as_deref(), Some("Fake Engine"));
    assert_eq!(saved.review_engine, None);
}

#[test]
fn a_test_searches_the_start_position_and_says_what_it_found() {
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "fake.sh", FAKE_UCI);
    let mut app = engines_app(home.path());
    add(&mut app, &command);
    // With an option set: it is sent, and taken.
    send(&mut app, EngineAction::SetText(0, "64".into()));
    send(&mut app, EngineAction::Test);
    assert_eq!(
        card(&app).test,
        Some(TestState::Running("Fake Engine".into()))
    );
    run_until(&mut app, "the test", |app| {
        !matches!(card(app).test, Some(TestState::Running(_)))
    });
    let Some(TestState::Done(name, report)) = card(&app).test.clone() else {
        panic!("a move: {:?}", card(&app).test);
    };
    assert_eq!(name, "Fake Engine");
    assert_eq!(report.bestmove.as_deref(), Some("h2e2"));
    assert_eq!((report.depth, report.score), (Some(5), Some(Score::Cp(20))));
    let test = card(&app).test.clone().unwrap();
    let line = test_text(&test, Lang::En, (Notation::Iccs, ChineseStyle::default()));
    assert!(
        line.starts_with("Test move h2e2 · depth 5 · score +0.20"),
        "{line}"
    );
    let line = test_text(
        &test,
        Lang::Zh,
        (Notation::Chinese, ChineseStyle::default()),
    );
    assert!(line.contains("炮二平五 (h2e2)"), "{line}");
    // A program gone since it was added: the test says why.
    let gone = home.path().join("fake.sh");
    std::fs::remove_file(gone).unwrap();
    send(&mut app, EngineAction::Test);
    run_until(&mut app, "the second test", |app| {
        !matches!(card(app).test, Some(TestState::Running(_)))
    });
    assert!(
        matches!(&card(&app).test, Some(TestState::Failed(_, why)) if why.contains("引擎已退出")),
        "{:?}",
        card(&app).test
    );
}

#[test]
fn a_listed_engine_is_asked_for_its_options_when_it_is_selected() {
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "fake.sh", FAKE_UCI);
    let file = Paths::under(home.path()).settings_file();
    let json = serde_json::json!({ "engines": [
        { "name": "Mine", "command": command, "protocol": "uci", "options": [["Hash", "64"]] },
        { "name": "Lost", "protocol": "uci" },
        { "name": "Gone", "command": "/no/such/engine", "protocol": "uci" },
    ]});
    std::fs::write(&file, json.to_string()).unwrap();
    let mut app = engines_app(home.path());
    // The damaged entry is left out, and said on the card.
    assert_eq!(names(&app), ["Mine", "Gone"]);
    let rejected = app.world().resource::<RejectedEngines>().0.clone();
    assert_eq!(rejected.len(), 1, "{rejected:?}");
    assert!(
        rejected[0].starts_with("engine 2: missing field `command`"),
        "{rejected:?}"
    );
    let asked = |app: &App| {
        let detected = app.world().resource::<DetectedOptions>();
        // A quick engine may have answered within the frame already.
        detected.is_pending(&command) || detected.get(&command).is_some()
    };
    assert!(!asked(&app), "not asked before it is selected");
    send(&mut app, EngineAction::Select("Mine".into()));
    assert!(asked(&app), "asked when selected");
    run_until(&mut app, "the options", |app| {
        !app.world().resource::<Jobs>().busy()
    });
    assert_eq!(options(&app, &command).len(), 5);
    assert_eq!(stored(&app), [pair("Hash", "64")]);
    send(&mut app, EngineAction::Select("Gone".into()));
    run_until(&mut app, "the missing one's options", |app| {
        !app.world().resource::<Jobs>().busy()
    });
    let known = app
        .world()
        .resource::<DetectedOptions>()
        .get("/no/such/engine")
        .cloned();
    assert!(
        matches!(&known, Some(Err(why)) if why.to_string().contains("/no/such/engine")),
        "{known:?}"
    );
}

fn key(app: &mut App, logical: Key, code: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(code);
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: logical,
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(code);
    keys.clear();
}

/// Every text on the screen, joined.
fn texts(app: &mut App) -> String {
    let mut q = app.world_mut().query::<&Text>();
    q.iter(app.world())
        .map(|t| t.0.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_card_types_into_its_fields_keeps_the_keys_and_closes_with_esc() {
    let home = tempfile::tempdir().unwrap();
    let command = super::sh_engine(home.path(), "fake.sh", FAKE_UCI);
    let mut app = engines_app(home.path());
    app.insert_resource(crate::game::theme::Fonts {
        pieces: Handle::default(),
        ui: Handle::default(),
    });
    app.insert_state(EnginesView::Open);
    app.update();
    app.update();
    assert!(texts(&mut app).contains("No engines yet") || texts(&mut app).contains("还没有引擎"));
    send(&mut app, EngineAction::Type(Field::Command));
    for c in command.chars() {
        let code = if c == 'o' {
            KeyCode::KeyO
        } else {
            KeyCode::KeyA
        };
        key(&mut app, Key::Character(c.to_string().into()), code);
        assert!(
            !app.world()
                .resource::<ButtonInput<KeyCode>>()
                .just_pressed(KeyCode::KeyO),
            "no shortcut hears a key typed into the field"
        );
    }
    assert_eq!(card(&app).command, command);
    assert!(texts(&mut app).contains(&format!("{command}│")));
    key(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(card(&app).typing, None);
    assert_ne!(card(&app).add, AddState::Idle);
    run_until(&mut app, "the detection", |app| !engines(app).is_empty());
    // The card shows the engine and its options.
    for _ in 0..3 {
        app.update();
    }
    let shown = texts(&mut app);
    for want in ["Fake Engine", "Hash", "EvalFile", "fake.nnue", "1–1024"] {
        assert!(shown.contains(want), "{want} not in:\n{shown}");
    }
    // An option typed into: Esc drops what was typed, Enter keeps it.
    send(&mut app, EngineAction::Type(Field::Option(0)));
    key(&mut app, Key::Backspace, KeyCode::Backspace);
    key(&mut app, Key::Character("8".into()), KeyCode::Digit8);
    key(&mut app, Key::Escape, KeyCode::Escape);
    assert_eq!(card(&app).typing, None);
    assert!(stored(&app).is_empty());
    assert_eq!(
        *app.world().resource::<State<EnginesView>>().get(),
        EnginesView::Open
    );
    send(&mut app, EngineAction::Type(Field::Option(0)));
    key(&mut app, Key::Character("8".into()), KeyCode::Digit8);
    key(&mut app, Key::Enter, KeyCode::Enter);
    assert_eq!(stored(&app), [pair("Hash", "168")]);
    // Esc, with no field typed into, closes the card.
    key(&mut app, Key::Escape, KeyCode::Escape);
    app.update();
    assert_eq!(
        *app.world().resource::<State<EnginesView>>().get(),
        EnginesView::Closed
    );
}

#[test]
fn our_own_engine_is_added_with_its_options_and_passes_the_test() {
    use crate::client::options::OptionKind;
    let home = tempfile::tempdir().unwrap();
    let command = format!("{} uci", super::our_binary().display());
    let mut app = engines_app(home.path());
    add(&mut app, &command);
    let entry = engines(&app).first().cloned().expect("added");
    assert!(entry.name.starts_with("xiangqi"), "{entry:?}");
    assert_eq!(entry.protocol, "uci");
    // Its own strength option, for the menu: the level.
    let skill = entry.skill.clone().expect("a strength option");
    assert_eq!(
        (skill.name.as_str(), skill.min),
        ("Level", 1),
        "0 is the full engine"
    );
    let declared = options(&app, &command);
    let kind = |name: &str| {
        declared
            .iter()
            .find(|o| o.name == name)
            .map(|o| o.kind.clone())
    };
    assert!(matches!(
        kind("Hash"),
        Some(OptionKind::Spin { min: 1, .. })
    ));
    assert!(matches!(kind("MultiPV"), Some(OptionKind::Spin { .. })));
    assert_eq!(kind("Clear Hash"), Some(OptionKind::Button));
    assert!(matches!(kind("EvalFile"), Some(OptionKind::File { .. })));
    send(&mut app, EngineAction::Test);
    run_until(&mut app, "the test", |app| {
        !matches!(card(app).test, Some(TestState::Running(_)))
    });
    let Some(TestState::Done(_, report)) = card(&app).test.clone() else {
        panic!("a move: {:?}", card(&app).test);
    };
    let m = report
        .bestmove
        .as_deref()
        .and_then(crate::rules::Move::from_iccs);
    assert!(
        m.is_some_and(|m| crate::rules::Position::startpos().is_legal(m)),
        "{report:?}"
    );
    assert!(report.depth.is_some_and(|d| d > 0), "{report:?}");
}
