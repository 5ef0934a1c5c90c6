//! Headless tests of the settings resource, the language switch and the
//! sound cues: `MinimalPlugins` + `StatesPlugin` + the logic plugins (+ the
//! settings plugin pointed at a temporary folder), no window, renderer or
//! audio device.

use crate::game::i18n::{Lang, Phrase};
use crate::game::play::session::{BoardInput, GameSetup, SoundCue};
use crate::game::settings::{Problem, SettingsFile, StorePaths, UserSettings};
use crate::game::theme::Label;
use crate::game::theme::widget::relabel;
use crate::game::{GameSet, Mode, Screen, logic_plugins};
use crate::rules::{Charset, Notation, Position, Square};
use crate::store::settings::AnimationSpeed;
use crate::store::test_util::TempDir;
use crate::store::{Paths, Players, Settings};
use crate::words::Language;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use std::fs;
use std::time::Duration;

/// The logic plus the settings, with every file under `dir`.
fn settings_app(dir: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    logic_plugins(&mut app);
    app.insert_resource(StorePaths(Some(Paths::under(dir))));
    app.add_plugins(crate::game::settings::plugin);
    app.add_systems(Update, relabel.in_set(GameSet::Present));
    app.update();
    app
}

fn settings(app: &App) -> &Settings {
    &app.world().resource::<UserSettings>().0
}

/// A first start speaks the system's language; once there is a settings
/// file, the file's language is kept whatever the locale says.
#[test]
fn a_first_start_speaks_the_language_of_the_system() {
    let dir = TempDir::new("game-settings-first-start");
    let with_locale = |lang: Option<Language>| {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        logic_plugins(&mut app);
        app.insert_resource(StorePaths(Some(Paths::under(dir.path()))));
        app.insert_resource(crate::game::settings::SystemLanguage(lang));
        app.add_plugins(crate::game::settings::plugin);
        app.update();
        app
    };
    let app = with_locale(Some(Language::Vi));
    assert_eq!(settings(&app).language, Language::Vi);
    assert_eq!(
        Phrase::Settings.get(app.world().resource::<UserSettings>().lang()),
        "Cài đặt"
    );
    let app = with_locale(None);
    assert_eq!(settings(&app).language, Language::default());
    // A settings file: its language, not the locale's.
    let mut app = with_locale(Some(Language::ZhHant));
    assert_eq!(settings(&app).language, Language::ZhHant);
    app.world_mut().resource_mut::<UserSettings>().language = Language::En;
    app.update();
    app.update();
    let app = with_locale(Some(Language::Vi));
    assert_eq!(settings(&app).language, Language::En);
}

#[test]
fn changed_settings_are_saved_and_come_back_in_the_next_session() {
    let dir = TempDir::new("game-settings-persist");
    let file = Paths::under(dir.path()).settings_file();
    let mut app = settings_app(dir.path());
    assert_eq!(*settings(&app), Settings::default());
    app.update();
    assert!(!file.exists(), "nothing is written until a setting changes");

    let want = Settings {
        volume: 30,
        muted: true,
        animation_speed: AnimationSpeed::Fast,
        show_legal_moves: false,
        show_coordinates: false,
        show_eval_bar: true,
        notation: Notation::Iccs,
        piece_chars: Charset::Simplified,
        language: Language::En,
        ..Settings::default()
    };
    app.world_mut().resource_mut::<UserSettings>().0 = want.clone();
    app.update();
    assert_eq!(Settings::load(&file), (want.clone(), None));
    assert_eq!(app.world().resource::<UserSettings>().lang(), Lang::En);
    drop(app);

    let app = settings_app(dir.path());
    assert_eq!(*settings(&app), want);
    assert_eq!(app.world().resource::<UserSettings>().lang(), Lang::En);
    assert_eq!(app.world().resource::<SettingsFile>().problem, None);
}

#[test]
fn a_broken_settings_file_keeps_what_it_can_gives_a_notice_and_is_kept_aside() {
    let dir = TempDir::new("game-settings-broken");
    let file = Paths::under(dir.path()).settings_file();
    let broken = "{ \"volume\": 40, \"muted\": tru";
    fs::write(&file, broken).unwrap();
    let mut app = settings_app(dir.path());
    app.update();
    // The volume before the damage is kept, the rest are the defaults (and
    // a player with a settings file is not asked what they know).
    let want = Settings {
        volume: 40,
        first_start_done: true,
        ..Settings::default()
    };
    assert_eq!(*settings(&app), want);
    match &app.world().resource::<SettingsFile>().problem {
        Some(p @ Problem::Broken(detail)) => {
            assert!(detail.starts_with("settings.json: line 1"), "{detail}");
            // The heading says what was kept, not that all is the defaults.
            let heading = p.words().0;
            for lang in [crate::game::i18n::Lang::Zh, crate::game::i18n::Lang::En] {
                assert!(!heading.get(lang).ends_with("using defaults"));
            }
            assert!(
                heading
                    .get(crate::game::i18n::Lang::Zh)
                    .contains("能读的设置已保留")
            );
        }
        other => panic!("expected a notice, got {other:?}"),
    }
    assert_eq!(fs::read_to_string(&file).unwrap(), broken);

    // The first change moves the broken file aside, writes a whole file
    // and clears the notice.
    app.world_mut().resource_mut::<UserSettings>().volume = 55;
    app.update();
    let (loaded, warning) = Settings::load(&file);
    assert_eq!((loaded.volume, warning), (55, None));
    assert_eq!(app.world().resource::<SettingsFile>().problem, None);
    let aside: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("settings-damaged-"))
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        fs::read_to_string(dir.path().join(&aside[0])).unwrap(),
        broken
    );
}

#[test]
fn settings_that_cannot_be_saved_are_reported_not_fatal() {
    let dir = TempDir::new("game-settings-unsaveable");
    // The config "folder" is a file: nothing can be written under it.
    let blocker = dir.path().join("blocker");
    fs::write(&blocker, "").unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    logic_plugins(&mut app);
    app.insert_resource(StorePaths(Some(Paths::under(&blocker))));
    app.add_plugins(crate::game::settings::plugin);
    app.update();
    app.world_mut().resource_mut::<UserSettings>().muted = true;
    app.update();
    assert!(matches!(
        app.world().resource::<SettingsFile>().problem,
        Some(Problem::NotSaved(_))
    ));
    assert!(settings(&app).muted, "the change still applies");
}

#[test]
fn switching_the_language_retranslates_every_label_and_is_remembered() {
    let dir = TempDir::new("game-settings-language");
    let mut app = settings_app(dir.path());
    let labels: Vec<(Entity, Phrase)> = [
        Phrase::Undo,
        Phrase::Settings,
        Phrase::ShowEvalBar,
        Phrase::Start,
    ]
    .into_iter()
    .map(|t| {
        let e = app
            .world_mut()
            .spawn((Text::new(t.get(Lang::Zh)), Label(t)))
            .id();
        (e, t)
    })
    .collect();
    let texts = |app: &App| -> Vec<String> {
        labels
            .iter()
            .map(|(e, _)| app.world().get::<Text>(*e).unwrap().0.clone())
            .collect()
    };
    assert_eq!(texts(&app), ["悔棋", "设置", "局面评估条", "开始"]);

    // From the settings screen: the setting changes, the language follows.
    app.world_mut().resource_mut::<UserSettings>().language = Language::En;
    app.update();
    assert_eq!(app.world().resource::<UserSettings>().lang(), Lang::En);
    assert_eq!(texts(&app), ["Undo", "Settings", "Evaluation bar", "Start"]);

    // From the menu's language button (what it does): the language changes
    // to the next of the four, the setting (and the file) follow.
    app.world_mut()
        .resource_mut::<UserSettings>()
        .toggle_language();
    app.update();
    app.update();
    assert_eq!(settings(&app).language, Language::Vi);
    assert_eq!(
        texts(&app),
        ["Đi lại", "Cài đặt", "Thanh đánh giá", "Bắt đầu"]
    );
    app.world_mut()
        .resource_mut::<UserSettings>()
        .toggle_language();
    app.update();
    app.update();
    assert_eq!(settings(&app).language, Language::Zh);
    assert_eq!(texts(&app), ["悔棋", "设置", "局面评估条", "开始"]);
    app.world_mut().resource_mut::<UserSettings>().language = Language::ZhHant;
    app.update();
    app.update();
    assert_eq!(texts(&app), ["悔棋", "設定", "局面評估條", "開始"]);
    let (saved, _) = Settings::load(&Paths::under(dir.path()).settings_file());
    assert_eq!(saved.language, Language::ZhHant);
}

#[test]
fn every_text_has_every_language() {
    // Texts that are meant to read the same in every language.
    let same = [
        Phrase::NotationWxf,
        Phrase::NotationIccs,
        Phrase::LangZh,
        Phrase::LangZhHant,
        Phrase::LangEn,
        Phrase::LangVi,
    ];
    // Latin letters in a Chinese text: the title, a language's own name.
    let ascii_in_chinese = [Phrase::Subtitle, Phrase::LanguageToggle];
    // Vietnamese words that are English ones too (Menu, Engine) or numbers.
    let vi_as_en = [
        Phrase::Menu,
        Phrase::Engines,
        Phrase::One,
        Phrase::Two,
        Phrase::Three,
        Phrase::Four,
        Phrase::Five,
    ];
    for &t in Phrase::ALL {
        let [zh, hant, en, vi] = Lang::ALL.map(|l| t.get(l));
        for (lang, text) in [("zh", zh), ("zh-Hant", hant), ("en", en), ("vi", vi)] {
            assert!(!text.trim().is_empty(), "{t:?} has no {lang} text");
        }
        if !ascii_in_chinese.contains(&t) && !same.contains(&t) {
            assert!(!zh.is_ascii(), "{t:?} in Chinese: {zh}");
            assert!(!hant.is_ascii(), "{t:?} in Traditional Chinese: {hant}");
        }
        if !same.contains(&t) {
            assert_ne!(zh, en, "{t:?}");
            assert_ne!(vi, zh, "{t:?}");
            assert_ne!(vi, hant, "{t:?}");
            assert!(
                vi != en || vi_as_en.contains(&t),
                "{t:?} reads in English in Vietnamese: {vi}"
            );
        }
    }
    assert!(Phrase::ALL.len() > 100, "all texts, not a sample");
}

/// The game's words in Traditional Chinese are the ones Taiwanese players
/// read: the pieces, 著 for a move, 將軍 for check.
#[test]
fn traditional_texts_use_the_traditional_game_words() {
    let hant = |p: Phrase| p.get(Lang::ZhHant);
    assert_eq!(hant(Phrase::Check), "將軍!");
    assert_eq!(hant(Phrase::Traditional), "繁體 帥傌");
    assert_eq!(hant(Phrase::Simplified), "簡體 帅马");
    assert_eq!(hant(Phrase::JudgeBlunder), "敗著");
    assert_eq!(hant(Phrase::FindBestMove), "找出最佳著法");
    assert_eq!(hant(Phrase::Puzzles), "殘局");
    assert_eq!(hant(Phrase::Settings), "設定");
    assert_eq!(hant(Phrase::RedWins), "紅方勝");
    assert_eq!(hant(Phrase::Draw), "和棋");
    // No simplified character is left in a Traditional text, but for the
    // samples of the simplified pieces.
    for &t in Phrase::ALL {
        if t == Phrase::Simplified {
            continue;
        }
        let text = t.get(Lang::ZhHant);
        for c in [
            "们", "这", "时", "设", "着", "后", "复", "谱", "库", "为", "马", "车", "将",
        ] {
            assert!(!text.contains(c), "{t:?}: {text} has {c}");
        }
    }
}

// ---------------------------------------------------------------------------
// Sound cues.

/// Cues the logic wrote.
#[derive(Resource, Default)]
struct Heard(Vec<SoundCue>);

fn listen(mut cues: MessageReader<SoundCue>, mut heard: ResMut<Heard>) {
    heard.0.extend(cues.read().copied());
}

/// A hot-seat game (no AI) from `fen`, with the cues collected.
fn cue_app(fen: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )));
    logic_plugins(&mut app);
    app.insert_resource(GameSetup {
        players: Players::new(Mode::Hotseat, 3, 3),
        start: Position::from_fen(fen).expect("fen"),
    });
    app.insert_state(Screen::Playing);
    app.init_resource::<Heard>().add_systems(Last, listen);
    app.update();
    app.update();
    app
}

/// Clicks `square` and returns the cues of that frame.
fn click(app: &mut App, square: &str) -> Vec<SoundCue> {
    app.world_mut().resource_mut::<Heard>().0.clear();
    let sq = Square::parse(square).expect("square");
    app.world_mut().write_message(BoardInput::Click(sq));
    app.update();
    std::mem::take(&mut app.world_mut().resource_mut::<Heard>().0)
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn a_new_game_sounds_the_start() {
    let app = cue_app(START);
    assert_eq!(app.world().resource::<Heard>().0, [SoundCue::Start]);
}

#[test]
fn selecting_then_moving_sounds_select_then_move() {
    let mut app = cue_app(START);
    assert_eq!(click(&mut app, "h2"), [SoundCue::Select]);
    assert_eq!(click(&mut app, "e2"), [SoundCue::Move]);
}

#[test]
fn a_capture_sounds_the_capture() {
    let mut app = cue_app(START);
    click(&mut app, "h2");
    // The cannon jumps its counterpart on h7 and takes the horse.
    assert_eq!(click(&mut app, "h9"), [SoundCue::Capture]);
}

#[test]
fn a_checking_move_sounds_the_check_only() {
    let mut app = cue_app("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1");
    click(&mut app, "a1");
    assert_eq!(click(&mut app, "a9"), [SoundCue::Check]);
}

#[test]
fn illegal_input_sounds_the_illegal_buzz() {
    let mut app = cue_app(START);
    // Nothing selected, an empty point.
    assert_eq!(click(&mut app, "e5"), [SoundCue::Illegal]);
    // A piece selected, a point it cannot reach.
    click(&mut app, "h2");
    assert_eq!(click(&mut app, "e5"), [SoundCue::Illegal]);
}

#[test]
fn the_mating_move_sounds_the_result_not_the_check() {
    // The chariot on a8 holds rank 8; b0-b9 mates the general on e9.
    let mut app = cue_app("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1");
    click(&mut app, "b0");
    assert_eq!(click(&mut app, "b9"), [SoundCue::Win]);
}
