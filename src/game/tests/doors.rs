//! One record, every door: the same clocked, annotated record with a
//! variation, opened by a drop, `--open`, `--review`, a paste, the import
//! field and the saved games (which share one function) and the command
//! line's door, gives the same game — its moves, variations, comments,
//! marks and clocks.

use super::{logic_app, session, slow_backend};
use crate::game::play::clock::MatchClock;
use crate::game::play::records::{open_file_on_board, open_on_board, open_record};
use crate::game::play::session::GameOpener;
use crate::game::{LaunchOptions, Screen};
use crate::rules::clock::GameClock;
use crate::rules::{Color, MoveTree};
use crate::store::record;
use crate::store::test_util::TempDir;
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use std::path::{Path, PathBuf};
use std::time::Duration;

const RECORD: &str = "[Event \"Doors\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[TimeControl \"600+5\"]\n\n\
    {before} 1. 炮二平五 {[%clk 0:09:50] central} 马８进７ {[%clk 0:09:55]} \
    (1... 炮８平５ $6 {same side}) 2. 马二进三 $1 {[%clk 0:09:40]} *\n";

fn record_file(dir: &TempDir) -> PathBuf {
    let path = dir.path().join("doors.pgn");
    std::fs::write(&path, RECORD).unwrap();
    path
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

/// What a door put on the board: the record and the clocks.
fn on_board(app: &App) -> (MoveTree, GameClock) {
    let tree = session(app).tree().clone();
    let clock = app
        .world()
        .get_resource::<MatchClock>()
        .and_then(|c| c.clock.clone())
        .expect("the record's clocks on the board");
    (tree, clock)
}

fn assert_same(door: &str, (tree, clock): (MoveTree, GameClock), want: &(MoveTree, GameClock)) {
    assert_eq!(&tree, &want.0, "{door}: the record");
    for side in [Color::Red, Color::Black] {
        assert_eq!(
            clock.control(side),
            want.1.control(side),
            "{door}: {side}'s control"
        );
        let (a, b) = (clock.left(side), want.1.left(side));
        // A frame of 100 ms may pass on the clock before the review stops it.
        assert!(
            a.abs_diff(b) <= Duration::from_millis(200),
            "{door}: {side} {a:?} vs {b:?}"
        );
    }
}

fn open_with(home: &Path, open: impl FnOnce(&mut GameOpener) + Send + 'static) -> App {
    let mut app = logic_app(Some(home), slow_backend());
    app.update();
    let open = std::sync::Mutex::new(Some(open));
    app.world_mut()
        .run_system_once(move |mut opener: GameOpener| {
            if let Some(open) = open.lock().unwrap().take() {
                open(&mut opener);
            }
        })
        .unwrap();
    frames(&mut app, 4);
    app
}

#[test]
fn every_door_opens_the_same_record_with_its_clocks_variations_and_comments() {
    let home = TempDir::new("doors");
    let path = record_file(&home);

    // The store's door, which the command line uses.
    let opened = record::open_first(&path).unwrap();
    let want = (
        opened.game.tree().clone(),
        opened.clock.clone().expect("the record's clocks"),
    );
    let t = &want.0;
    assert_eq!(t.main_line().len(), 3);
    assert_eq!(t.variation_count(), 1);
    // The clocks' notes are the clocks', not comments; the others stay.
    assert_eq!(t.comment_count(), 3, "before, central, same side");
    assert!(
        t.preorder()
            .iter()
            .all(|&id| !t.node(id).unwrap().comment.contains("[%clk"))
    );
    assert_eq!(want.1.left(Color::Red), Duration::from_secs(580));
    assert_eq!(want.1.left(Color::Black), Duration::from_secs(595));

    // Dropped on the window.
    let mut app = logic_app(Some(home.path()), slow_backend());
    app.world_mut().write_message(FileDragAndDrop::DroppedFile {
        window: Entity::PLACEHOLDER,
        path_buf: path.clone(),
    });
    frames(&mut app, 4);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    assert_same("drop", on_board(&app), &want);

    // `--open FILE`.
    let mut app = logic_app(Some(home.path()), slow_backend());
    crate::game::play::session::configure_start(
        &mut app,
        &LaunchOptions {
            open: Some(path.clone()),
            ..LaunchOptions::default()
        },
    );
    frames(&mut app, 4);
    assert_same("--open", on_board(&app), &want);

    // `--review FILE --ply 1`: the same game, and its clocks too (held
    // while an earlier position is shown).
    let mut app = logic_app(Some(home.path()), slow_backend());
    crate::game::play::game_review::configure_launch(
        &mut app,
        &LaunchOptions {
            review: Some(path.clone()),
            review_ply: Some(1),
            ..LaunchOptions::default()
        },
    );
    frames(&mut app, 4);
    assert_same("--review", on_board(&app), &want);

    // A paste.
    let app = open_with(home.path(), |opener| {
        open_on_board(opener, open_record(RECORD.as_bytes()).unwrap());
    });
    assert_same("paste", on_board(&app), &want);

    // The import field and a row of the saved games.
    let file = path.clone();
    let app = open_with(home.path(), move |opener| {
        open_file_on_board(&file, opener).unwrap();
    });
    assert_same("import field, saved games", on_board(&app), &want);

    // The saved game written back and opened again is the same record.
    let text = crate::rules::records::write_pgn_tree(
        &opened.tags,
        opened.game.tree(),
        opened.result,
        crate::rules::Notation::Chinese,
        Default::default(),
    );
    let again = open_record(text.as_bytes()).unwrap();
    assert_eq!(again.game.tree(), &want.0);
}
