//! The desktop's file dialog, headless: a stand-in answers in the portal's
//! place. Save as writes where the player chose (or, without a dialog, in
//! the saved-games folder and says why), pictures go where chosen, an
//! engine's program chosen is added and a file chosen becomes its option's
//! value, and a dialog that has not answered never holds a frame up.

use super::{click, logic_app, run_until, session, slow_backend};
use crate::game::cards::engines::{AddState, EngineAction, EngineCard, Field};
use crate::game::desktop::file_dialog::{
    DialogBackend, DialogOutcome, FileWanted, NoDialog, answering,
};
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::export::ExportPicture;
use crate::game::play::records::FileCommand;
use crate::game::play::session::GameSetup;
use crate::game::settings::UserSettings;
use crate::game::{Mode, Screen};
use crate::store::Players;

use crate::rules::Position;
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A two-player game with two moves played, the store under `home`.
fn game_app(home: &Path) -> App {
    let mut app = logic_app(Some(home), slow_backend());
    app.insert_resource(GameSetup {
        players: Players::new(Mode::Hotseat, 1, 1),
        start: Position::startpos(),
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    click(&mut app, "h2");
    click(&mut app, "e2");
    click(&mut app, "h9");
    click(&mut app, "g7");
    run_until(&mut app, "two moves", |app| session(app).game.ply() == 2);
    app
}

fn answer_with(
    app: &mut App,
    outcome: DialogOutcome,
) -> Arc<std::sync::Mutex<Vec<(FileWanted, String)>>> {
    let (backend, asked) = answering(outcome);
    app.insert_resource(backend);
    asked
}

fn notice(app: &App) -> crate::game::notice::NoticeText {
    app.world()
        .resource::<Notice>()
        .current
        .clone()
        .expect("a notice")
}

#[test]
fn save_as_writes_the_game_where_the_player_chose() {
    let home = tempfile::tempdir().unwrap();
    let mut app = game_app(home.path());
    let chosen = home.path().join("my games").join("club night");
    std::fs::create_dir_all(chosen.parent().unwrap()).unwrap();
    let asked = answer_with(&mut app, DialogOutcome::Chosen(vec![chosen.clone()]));
    app.world_mut().write_message(FileCommand::SaveAs);
    let file = chosen.with_extension("pgn");
    run_until(&mut app, "the file written", |_| file.is_file());
    let (wanted, title) = asked.lock().unwrap()[0].clone();
    match wanted {
        FileWanted::SaveRecord(name) => assert!(name.ends_with(".pgn"), "{name}"),
        other => panic!("asked for {other:?}"),
    }
    assert_eq!(
        title,
        Phrase::DialogSaveRecord.get(crate::game::i18n::Lang::Zh)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("炮二平五") && text.contains("马８进７"),
        "{text}"
    );
    run_until(&mut app, "the notice", |app| {
        notice(app).what == Phrase::SavedAs
    });
    assert_eq!(notice(&app).detail, file.display().to_string());
}

#[test]
fn without_a_dialog_save_as_saves_in_the_games_folder_and_says_why() {
    let home = tempfile::tempdir().unwrap();
    // The test apps answer that there is no portal.
    let mut app = game_app(home.path());
    app.world_mut().write_message(FileCommand::SaveAs);
    run_until(&mut app, "the notice", |app| {
        app.world()
            .resource::<Notice>()
            .current
            .as_ref()
            .is_some_and(|n| n.what == Phrase::SavedAs)
    });
    let said = notice(&app);
    let games = crate::store::paths::Paths::under(home.path()).games_dir();
    let saved: Vec<PathBuf> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(said.detail.contains(&saved[0].display().to_string()));
    assert!(
        said.detail.contains(&NoDialog::NoPortal.to_string()),
        "the notice says why: {}",
        said.detail
    );
}

#[test]
fn pictures_go_where_the_player_chose_under_the_name_given() {
    let home = tempfile::tempdir().unwrap();
    let mut app = game_app(home.path());
    let chosen = home.path().join("opening.png");
    answer_with(&mut app, DialogOutcome::Chosen(vec![chosen.clone()]));
    app.world_mut().write_message(ExportPicture);
    let gif = home.path().join("opening.gif");
    run_until(&mut app, "the pictures", |app| {
        app.world()
            .resource::<Notice>()
            .current
            .as_ref()
            .is_some_and(|n| n.what == Phrase::ExportedTo)
    });
    assert!(chosen.is_file() && gif.is_file());
    assert_eq!(&std::fs::read(&chosen).unwrap()[1..4], b"PNG");
    assert_eq!(&std::fs::read(&gif).unwrap()[..3], b"GIF");
}

#[test]
fn a_cancelled_dialog_does_nothing() {
    let home = tempfile::tempdir().unwrap();
    let mut app = game_app(home.path());
    answer_with(&mut app, DialogOutcome::Cancelled);
    let before = app.world().resource::<Notice>().serial;
    app.world_mut().write_message(FileCommand::SaveAs);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(app.world().resource::<Notice>().serial, before);
    let games = crate::store::paths::Paths::under(home.path()).games_dir();
    assert!(
        std::fs::read_dir(&games).map_or(true, |mut d| d.next().is_none()),
        "nothing saved"
    );
}

#[test]
fn a_dialog_that_has_not_answered_holds_no_frame_up_and_one_is_open_at_a_time() {
    let home = tempfile::tempdir().unwrap();
    let mut app = game_app(home.path());
    let asked = Arc::new(std::sync::Mutex::new(0_usize));
    let count = asked.clone();
    app.insert_resource(DialogBackend(Arc::new(move |_, _| {
        *count.lock().unwrap() += 1;
        Box::pin(std::future::pending())
    })));
    app.world_mut().write_message(FileCommand::SaveAs);
    app.update();
    let t0 = std::time::Instant::now();
    for _ in 0..20 {
        app.update();
    }
    // Twenty frames of the logic are quick: nothing waited for the dialog.
    assert!(t0.elapsed() < std::time::Duration::from_secs(20));
    app.world_mut().write_message(FileCommand::Open);
    app.update();
    app.update();
    assert_eq!(*asked.lock().unwrap(), 1, "the second ask waits for no one");
    // The game goes on meanwhile.
    click(&mut app, "b0");
    click(&mut app, "c2");
    run_until(&mut app, "a move during the dialog", |app| {
        session(app).game.ply() == 3
    });
}

/// The engines' card with its settings under `home`.
fn engines_app(home: &Path) -> App {
    let mut app = logic_app(Some(home), slow_backend());
    app.add_plugins(crate::game::settings::plugin);
    app.add_plugins(crate::game::cards::engines::plugin);
    app.update();
    app
}

#[test]
fn an_engine_program_chosen_in_the_dialog_is_added() {
    let home = tempfile::tempdir().unwrap();
    let mut app = engines_app(home.path());
    let program = home.path().join("My Engines").join("eye");
    answer_with(&mut app, DialogOutcome::Chosen(vec![program.clone()]));
    app.world_mut()
        .write_message(EngineAction::Browse(Field::Command));
    run_until(&mut app, "the add", |app| {
        app.world().resource::<EngineCard>().add != AddState::Idle
    });
    let card = app.world().resource::<EngineCard>();
    // Quoted for the command line, so the space stays in the path.
    assert_eq!(
        shlex::split(&card.command).unwrap(),
        vec![program.display().to_string()]
    );
    // It does not exist: the card says so, naming the command.
    run_until(&mut app, "the failure", |app| {
        matches!(
            app.world().resource::<EngineCard>().add,
            AddState::Failed { .. }
        )
    });
}

#[test]
fn without_a_dialog_the_engine_command_is_typed_instead() {
    let home = tempfile::tempdir().unwrap();
    let mut app = engines_app(home.path());
    app.world_mut()
        .write_message(EngineAction::Browse(Field::Command));
    run_until(&mut app, "the field typed into", |app| {
        app.world().resource::<EngineCard>().typing == Some(Field::Command)
    });
    assert_eq!(notice(&app).what, Phrase::NoFileDialog);
}

#[test]
fn a_file_chosen_for_an_engine_option_becomes_its_value() {
    let home = tempfile::tempdir().unwrap();
    let mut app = engines_app(home.path());
    let command = super::sh_engine(home.path(), "fake.sh", super::engines::FAKE_UCI);
    app.world_mut().resource_mut::<EngineCard>().command = command.clone();
    app.world_mut().write_message(EngineAction::Add);
    run_until(&mut app, "the engine added", |app| {
        matches!(app.world().resource::<EngineCard>().add, AddState::Added(_))
    });
    let name = app.world().resource::<UserSettings>().engines.engines[0]
        .name
        .clone();
    app.world_mut().write_message(EngineAction::Select(name));
    app.update();
    let net = home.path().join("nets").join("big one.nnue");
    let asked = answer_with(&mut app, DialogOutcome::Chosen(vec![net.clone()]));
    // Hash 0, Ponder 1, Style 2, EvalFile 3 (a file), Clear Hash 4.
    app.world_mut()
        .write_message(EngineAction::Browse(Field::Option(3)));
    run_until(&mut app, "the option's value", |app| {
        !app.world().resource::<UserSettings>().engines.engines[0]
            .options
            .is_empty()
    });
    assert_eq!(
        asked.lock().unwrap()[0].0,
        FileWanted::EngineFile("EvalFile".into())
    );
    assert_eq!(
        app.world().resource::<UserSettings>().engines.engines[0].options,
        [("EvalFile".to_string(), net.display().to_string())]
    );
}
