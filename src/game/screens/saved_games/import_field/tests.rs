use super::*;

#[test]
fn typed_paths_lose_their_quotes() {
    assert_eq!(
        clean_path("  '/tmp/a game.xqf' "),
        std::path::PathBuf::from("/tmp/a game.xqf")
    );
    assert_eq!(clean_path("\"x.pgn\""), std::path::PathBuf::from("x.pgn"));
}

mod typing {
    use super::super::*;
    use crate::game::tests::{logic_app, run_until, slow_backend};
    use bevy::input::ButtonState;
    use bevy::input::keyboard::Key;

    fn press(app: &mut App, key: Key, code: KeyCode) {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: key,
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }

    #[test]
    fn a_path_typed_over_several_frames_is_imported_on_enter() {
        let home = tempfile::tempdir().unwrap();
        let records = format!("{}/tests/data/pgn", env!("CARGO_MANIFEST_DIR"));
        let mut app = logic_app(Some(home.path()), slow_backend());
        app.add_plugins(plugin);
        app.insert_state(Screen::SavedGames);
        app.update();
        app.world_mut().write_message(ToggleImport(true));
        app.update();
        for c in records.chars() {
            press(
                &mut app,
                Key::Character(c.to_string().into()),
                KeyCode::KeyA,
            );
        }
        // O is the settings' key elsewhere; here it types.
        press(&mut app, Key::Character("o".into()), KeyCode::KeyO);
        assert!(
            !app.world()
                .resource::<ButtonInput<KeyCode>>()
                .pressed(KeyCode::KeyO),
            "no shortcut hears a key typed into the line"
        );
        press(&mut app, Key::Backspace, KeyCode::Backspace);
        assert_eq!(app.world().resource::<ImportPath>().text, records);
        press(&mut app, Key::Enter, KeyCode::Enter);
        assert!(app.world().get_resource::<ImportPath>().is_none());
        run_until(&mut app, "the import", |app| {
            app.world().resource::<DbImport>().summary.is_some()
        });
        let summary = app.world().resource::<DbImport>().summary.clone().unwrap();
        assert_eq!((summary.added, summary.refused.len()), (20, 0));
        // Esc closes the line without leaving the screen.
        app.world_mut().write_message(ToggleImport(false));
        app.update();
        press(&mut app, Key::Escape, KeyCode::Escape);
        assert!(app.world().get_resource::<ImportPath>().is_none());
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::SavedGames
        );
    }

    fn frames(app: &mut App, n: usize) {
        for _ in 0..n {
            app.update();
        }
    }

    fn answer_with(app: &mut App, outcome: crate::game::desktop::file_dialog::DialogOutcome) {
        let (backend, _) = crate::game::desktop::file_dialog::answering(outcome);
        app.insert_resource(backend);
    }

    #[test]
    fn a_folder_chosen_in_the_dialog_is_imported_into_the_database() {
        let home = tempfile::tempdir().unwrap();
        let records =
            std::path::PathBuf::from(format!("{}/tests/data/pgn", env!("CARGO_MANIFEST_DIR")));
        let mut app = logic_app(Some(home.path()), slow_backend());
        app.add_plugins(plugin);
        app.insert_state(Screen::SavedGames);
        app.update();
        answer_with(
            &mut app,
            crate::game::desktop::file_dialog::DialogOutcome::Chosen(vec![records]),
        );
        app.world_mut()
            .write_message(AskFile(FileWanted::DatabaseFolder));
        run_until(&mut app, "the import", |app| {
            app.world().resource::<DbImport>().summary.is_some()
        });
        let summary = app.world().resource::<DbImport>().summary.clone().unwrap();
        assert_eq!((summary.added, summary.refused.len()), (20, 0));
        assert!(
            app.world().get_resource::<ImportPath>().is_none(),
            "no line to type into when the dialog answered"
        );
    }

    #[test]
    fn a_record_chosen_in_the_dialog_opens_on_the_board() {
        let home = tempfile::tempdir().unwrap();
        let file = home.path().join("game.pgn");
        std::fs::write(&file, "1. 炮二平五 马８进７ 2. 马二进三 *\n").unwrap();
        let mut app = logic_app(Some(home.path()), slow_backend());
        app.add_plugins(plugin);
        app.insert_state(Screen::SavedGames);
        app.update();
        answer_with(
            &mut app,
            crate::game::desktop::file_dialog::DialogOutcome::Chosen(vec![file]),
        );
        app.world_mut()
            .write_message(AskFile(FileWanted::OpenRecord));
        run_until(&mut app, "the record on the board", |app| {
            *app.world().resource::<State<Screen>>().get() == Screen::Playing
        });
        frames(&mut app, 2);
        let session = crate::game::tests::session(&app);
        assert_eq!(session.game.moves().len(), 3);
    }

    #[test]
    fn without_a_dialog_the_line_opens_and_the_notice_says_why() {
        let home = tempfile::tempdir().unwrap();
        // The test apps' dialog answers that there is no portal.
        let mut app = logic_app(Some(home.path()), slow_backend());
        app.add_plugins(plugin);
        app.insert_state(Screen::SavedGames);
        app.update();
        app.world_mut()
            .write_message(AskFile(FileWanted::DatabaseFiles));
        run_until(&mut app, "the line to type into", |app| {
            app.world().get_resource::<ImportPath>().is_some()
        });
        assert!(app.world().resource::<ImportPath>().into_database);
        let notice = app.world().resource::<Notice>().current.clone().unwrap();
        assert_eq!(notice.what, Phrase::NoFileDialog);
        assert!(notice.detail.contains("portal"), "{}", notice.detail);
        // Asking again for a record turns the line over, never closes it.
        app.world_mut()
            .write_message(AskFile(FileWanted::OpenRecord));
        run_until(&mut app, "the line for a record", |app| {
            app.world()
                .get_resource::<ImportPath>()
                .is_some_and(|p| !p.into_database)
        });
        frames(&mut app, 3);
        assert!(app.world().get_resource::<ImportPath>().is_some());
    }
}
