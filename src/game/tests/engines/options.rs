//! The options of an engine on the card: values other than the default stored and refused ones not, and a listed engine asked for its options when selected.

use super::*;

#[test]
fn option_values_other_than_the_default_are_stored_and_refused_ones_are_not() {
    let home = tempfile::tempdir().unwrap();
    let command = crate::game::tests::sh_engine(home.path(), "fake.sh", FAKE_UCI);
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
fn a_listed_engine_is_asked_for_its_options_when_it_is_selected() {
    let home = tempfile::tempdir().unwrap();
    let command = crate::game::tests::sh_engine(home.path(), "fake.sh", FAKE_UCI);
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
