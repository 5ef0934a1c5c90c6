//! Records in and out, on the logic plugins without a window.

use super::*;
use crate::game::Screen;
use crate::game::play::session::GameSetup;
use crate::rules::{Move, Position};
use crate::store::Players;
use crate::store::test_util::TempDir;
use bevy::state::app::StatesPlugin;
use std::path::PathBuf;

/// A hot-seat game with the logic plugins and the file handler (no window).
fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    crate::game::logic_plugins(&mut app);
    app.insert_resource(GameSetup {
        players: Players::new(crate::game::Mode::Hotseat, 1, 1),
        start: Position::startpos(),
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    app
}

fn drop_file(app: &mut App, path: PathBuf) {
    app.world_mut().write_message(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: path,
    });
    for _ in 0..4 {
        app.update();
    }
}

fn notice(app: &App) -> crate::game::notice::NoticeText {
    let n = app.world().resource::<crate::game::notice::Notice>();
    n.current.clone().expect("a notice")
}

#[test]
fn a_dropped_pgn_opens_at_its_start_for_replay() {
    let dir = TempDir::new("drop-pgn");
    let path = dir.path().join("game.pgn");
    let pgn = "[Event \"Test\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 *\n";
    std::fs::write(&path, pgn).unwrap();
    let mut app = app();
    drop_file(&mut app, path.clone());
    let n = notice(&app);
    assert!(!n.error, "{n:?}");
    assert_eq!(n.what, Phrase::Opened);
    let session = app.world().resource::<Session>();
    let played: Vec<String> = session.game.moves().iter().map(Move::to_string).collect();
    assert_eq!(played, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(app.world().resource::<Browse>().ply, Some(0));
}

#[test]
fn a_dropped_fen_is_played_on_and_a_broken_file_is_reported_without_harm() {
    let dir = TempDir::new("drop-fen");
    let good = dir.path().join("end.fen");
    let fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    std::fs::write(&good, format!("{fen}\n")).unwrap();
    let mut app = app();
    drop_file(&mut app, good);
    assert_eq!(app.world().resource::<Session>().position().fen(), fen);
    assert_eq!(app.world().resource::<Browse>().ply, None);

    // A FEN with a tenth rank: reported with the file's name, nothing changes.
    let bad = dir.path().join("bad.fen");
    let broken = "3k5/9/9/9/9/9/9/9/R8/4K4/9 w - - 0 1";
    std::fs::write(&bad, broken).unwrap();
    drop_file(&mut app, bad.clone());
    let n = notice(&app);
    assert!(n.error);
    assert_eq!(n.what, Phrase::CannotOpen);
    assert!(n.detail.contains("bad.fen"), "{}", n.detail);
    assert_eq!(app.world().resource::<Session>().position().fen(), fen);
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        broken,
        "file untouched"
    );
}
