//! The card of the player's engines, headless: the logic plugins, the
//! settings (in a temporary folder) and the card's plugin, with small shell
//! scripts as engines (one speaks UCI, one only UCCI). Adding, the failure
//! of a missing program, option values kept or refused, rename, remove,
//! the test search, the options of a listed engine, damaged entries, and
//! the keys of the card's fields.

mod options;
mod typing;

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
pub(super) const FAKE_UCI: &str = r#"while read -r line; do
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
