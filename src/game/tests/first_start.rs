//! The first start's card: shown over the menu once, answered with a key
//! (or skipped), the answer remembered in the settings and turned into the
//! level of the game against the computer; never shown again, nor to a
//! player whose settings were written before the card existed.

use super::{instant_backend, logic_app};
use crate::engine::Level;
use crate::game::cards::FirstStartView;
use crate::game::i18n::Phrase;
use crate::game::settings::UserSettings;
use crate::game::theme::{Fonts, Label};
use crate::game::{Mode, Screen};
use crate::store::settings::Experience;
use crate::store::{Paths, Settings};
use bevy::prelude::*;
use std::path::Path;

/// The logic, the settings under `home` and the card, at the menu.
fn menu_app(home: &Path) -> App {
    let mut app = logic_app(Some(home), instant_backend());
    app.insert_resource(Fonts {
        pieces: Handle::default(),
        ui: Handle::default(),
    });
    app.add_plugins(crate::game::settings::plugin);
    app.add_plugins(crate::game::cards::first_start::plugin);
    app.insert_state(Screen::Menu);
    app.update();
    app.update();
    app
}

fn card_open(app: &App) -> bool {
    *app.world().resource::<State<FirstStartView>>().get() == FirstStartView::Open
}

/// The card's buttons and texts on screen.
fn shown_labels(app: &mut App) -> Vec<Phrase> {
    let mut q = app.world_mut().query::<&Label>();
    q.iter(app.world()).map(|l| l.0).collect()
}

fn tap(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    input.release(key);
    input.clear();
    app.update();
    app.update();
}

fn settings(app: &App) -> Settings {
    app.world().resource::<UserSettings>().0.clone()
}

fn saved(home: &Path) -> Settings {
    let (s, problem) = Settings::load(&Paths::under(home).settings_file());
    assert!(problem.is_none(), "{problem:?}");
    s
}

#[test]
fn a_new_player_is_asked_once_and_a_club_player_gets_a_level_that_takes_some_beating() {
    let home = tempfile::tempdir().unwrap();
    let mut app = menu_app(home.path());
    assert!(card_open(&app), "the very first start asks");
    let labels = shown_labels(&mut app);
    for p in [
        Phrase::FirstStartNew,
        Phrase::FirstStartRules,
        Phrase::FirstStartClub,
        Phrase::Skip,
    ] {
        assert!(labels.contains(&p), "{p:?} on the card: {labels:?}");
    }

    tap(&mut app, KeyCode::Digit3);
    assert!(!card_open(&app), "an answer closes the card");
    assert!(!shown_labels(&mut app).contains(&Phrase::FirstStartClub));
    let s = settings(&app);
    assert!(s.first_start_done);
    assert_eq!(s.experience, Some(Experience::Club));
    assert_eq!(s.players.mode, Mode::Red);
    let club = s.players.computers.red.level;
    let rating = Level::new(club).expect("a level").rating();
    assert!(
        (1500..=2300).contains(&rating),
        "a club player starts near 1900, got level {club} rated {rating}"
    );
    // Remembered: the next start does not ask.
    app.update();
    assert_eq!(saved(home.path()).experience, Some(Experience::Club));
    drop(app);
    let app = menu_app(home.path());
    assert!(!card_open(&app), "asked once only");
    assert_eq!(settings(&app).players.computers.red.level, club);
}

#[test]
fn knowing_the_rules_suggests_a_lower_level_than_the_club() {
    let home = tempfile::tempdir().unwrap();
    let mut app = menu_app(home.path());
    tap(&mut app, KeyCode::Digit2);
    let s = settings(&app);
    assert_eq!(s.experience, Some(Experience::KnowsRules));
    let rules = Level::new(s.players.computers.red.level)
        .expect("a level")
        .rating();
    assert!(rules < 1300, "a beginner's level, got one rated {rules}");
}

#[test]
fn skipping_is_remembered_and_changes_no_level() {
    let home = tempfile::tempdir().unwrap();
    let mut app = menu_app(home.path());
    let before = settings(&app).players;
    tap(&mut app, KeyCode::Escape);
    assert!(!card_open(&app));
    let s = settings(&app);
    assert!(s.first_start_done);
    assert_eq!(s.experience, None);
    assert_eq!(s.players, before);
    app.update();
    assert!(saved(home.path()).first_start_done);
    drop(app);
    assert!(!card_open(&menu_app(home.path())));
}

#[test]
fn a_player_whose_settings_predate_the_card_is_not_asked() {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(
        Paths::under(home.path()).settings_file(),
        r#"{"language": "english", "volume": 40}"#,
    )
    .unwrap();
    let app = menu_app(home.path());
    assert!(!card_open(&app));
    assert!(settings(&app).first_start_done);
}

#[test]
fn a_newcomer_is_taken_to_the_course_at_the_first_level() {
    let home = tempfile::tempdir().unwrap();
    let mut app = menu_app(home.path());
    tap(&mut app, KeyCode::Digit1);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Course,
        "New to xiangqi opens the course"
    );
    let s = settings(&app);
    assert_eq!(s.experience, Some(Experience::New));
    assert_eq!(s.players.computers.red.level, Level::MIN.number());
}

#[test]
fn the_other_answers_stay_at_the_menu() {
    for key in [KeyCode::Digit2, KeyCode::Digit3, KeyCode::Escape] {
        let home = tempfile::tempdir().unwrap();
        let mut app = menu_app(home.path());
        tap(&mut app, key);
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Menu,
            "{key:?}"
        );
    }
}
