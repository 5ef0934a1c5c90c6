//! The card's fields typed into with the keyboard, and the project's own engine added through the card and tested.

use super::*;

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
    let command = crate::game::tests::sh_engine(home.path(), "fake.sh", FAKE_UCI);
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
    let command = format!("{} uci", crate::game::tests::our_binary().display());
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
