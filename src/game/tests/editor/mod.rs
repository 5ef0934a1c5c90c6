//! Headless tests of the position editor: no more
//! pieces than a set has, an invalid position says why and offers no
//! game, "play from here" plays the edited position with the side to move
//! chosen, Analyse opens it with the analysis on, the game's position
//! opens in the editor, and a position saved as a puzzle joins the
//! player's list, where its best move solves it.

mod puzzle;

use super::{logic_app, run_until, slow_backend};
use crate::engine::Limits;
use crate::engine::review::accepts;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::analysis::Analysis;
use crate::game::play::editor::{EditPosition, Editor, EditorCommand};
use crate::game::play::game_review::ReviewLimits;
use crate::game::play::my_puzzle::{ActiveMyPuzzle, MyVerdict, StartMyPuzzle};
use crate::game::play::session::{BoardInput, GameCommand, GameSetup, Session};
use crate::game::{Mode, Screen};
use crate::rules::setup::Setup;
use crate::rules::{Color, Move, Piece, PieceKind, Square};
use crate::store::Paths;
use crate::store::my_puzzles::{MARGIN, MyPuzzles};
use crate::store::test_util::TempDir;
use bevy::prelude::*;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The editor open on the start position, the store under `home`, the AI
/// thinking until stopped, the engine searching shallowly.
fn editor_app(home: &Path) -> App {
    let mut app = logic_app(Some(home), slow_backend());
    app.insert_resource(ReviewLimits {
        quick: Limits {
            depth: Some(4),
            ..Limits::default()
        },
        thorough: Limits {
            depth: Some(5),
            ..Limits::default()
        },
    });
    app.insert_state(Screen::Editor);
    app.init_resource::<Changes>()
        .add_systems(Last, count_changes);
    app.update();
    app.update();
    app
}

/// Frames in which the editor's state counted as changed (the views
/// rebuild then).
#[derive(Resource, Default)]
struct Changes(u32);

fn count_changes(editor: Res<Editor>, mut changes: ResMut<Changes>) {
    if editor.is_changed() {
        changes.0 += 1;
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn send(app: &mut App, command: EditorCommand) {
    app.world_mut().write_message(command);
    app.update();
    app.update();
}

fn editor(app: &App) -> &Editor {
    app.world().resource::<Editor>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn notice(app: &App) -> Option<(Phrase, String)> {
    app.world()
        .resource::<Notice>()
        .current
        .as_ref()
        .map(|n| (n.what, n.detail.clone()))
}

/// Sets the editor's arrangement to `fen` (read leniently) through its commands.
fn set_up(app: &mut App, fen: &str) {
    let want = Setup::from_fen(fen).expect("fen");
    send(app, EditorCommand::Clear);
    for (at, piece) in want.pieces() {
        app.world_mut()
            .write_message(EditorCommand::Place(at, piece));
    }
    send(app, EditorCommand::SideToMove(want.side_to_move));
    assert_eq!(editor(app).setup, want);
}

#[test]
fn placing_beyond_the_set_is_refused() {
    let home = TempDir::new("editor-set");
    let mut app = editor_app(home.path());
    assert_eq!(editor(&app).setup, Setup::start());
    let chariot = Piece::new(Color::Red, PieceKind::Chariot);
    send(&mut app, EditorCommand::Place(sq("e5"), chariot));
    assert_eq!(
        editor(&app).setup.piece(sq("e5")),
        None,
        "both are on the board"
    );
    assert_eq!(editor(&app).setup.count(chariot), 2);
    let (what, detail) = notice(&app).expect("the refusal is told");
    assert_eq!(what, Phrase::SetFull);
    assert!(detail.contains("all 2"), "{detail}");

    // Taken off (dragged off the board), it can go elsewhere.
    send(&mut app, EditorCommand::Remove(sq("a0")));
    assert_eq!(editor(&app).setup.in_box(chariot), 1);
    send(&mut app, EditorCommand::Place(sq("e5"), chariot));
    assert_eq!(editor(&app).setup.piece(sq("e5")), Some(chariot));
    // A sixth soldier is refused too, a black one on an empty board is not.
    let soldier = Piece::new(Color::Red, PieceKind::Soldier);
    send(&mut app, EditorCommand::Place(sq("e4"), soldier));
    assert_eq!(editor(&app).setup.count(soldier), 5);
    send(&mut app, EditorCommand::Clear);
    assert_eq!(editor(&app).setup.pieces().count(), 0);
    send(&mut app, EditorCommand::Place(sq("e4"), soldier));
    assert_eq!(editor(&app).setup.piece(sq("e4")), Some(soldier));
    // Moving a piece onto another takes it off.
    send(&mut app, EditorCommand::StartPosition);
    send(
        &mut app,
        EditorCommand::Move {
            from: sq("b2"),
            to: sq("b9"),
        },
    );
    assert_eq!(
        editor(&app).setup.piece(sq("b9")),
        Some(Piece::new(Color::Red, PieceKind::Cannon))
    );
    assert_eq!(
        editor(&app)
            .setup
            .in_box(Piece::new(Color::Black, PieceKind::Horse)),
        1
    );
}

#[test]
fn an_invalid_position_shows_its_message_and_disables_play() {
    let home = TempDir::new("editor-invalid");
    let mut app = editor_app(home.path());
    assert!(editor(&app).status().valid());
    send(
        &mut app,
        EditorCommand::Move {
            from: sq("e0"),
            to: sq("d4"),
        },
    );
    let status = editor(&app).status();
    assert!(!status.valid());
    assert_eq!(
        status.error.as_ref().map(ToString::to_string).as_deref(),
        Some("red general on d4 is outside its palace")
    );
    assert_eq!(
        status.fen,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/3K5/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1"
    );
    // Play, Analyse and Save do nothing but say why.
    for command in [
        EditorCommand::Play,
        EditorCommand::Analyse,
        EditorCommand::SaveAsPuzzle,
    ] {
        app.world_mut().resource_mut::<Notice>().current = None;
        send(&mut app, command);
        assert_eq!(screen(&app), Screen::Editor, "{command:?}");
        assert!(!app.world().contains_resource::<Session>());
        let (what, detail) = notice(&app).expect("told why");
        assert_eq!(what, Phrase::PositionInvalid);
        assert_eq!(detail, "red general on d4 is outside its palace");
    }
    assert!(!editor(&app).saving());
    // Put back, it is valid again.
    send(
        &mut app,
        EditorCommand::Move {
            from: sq("d4"),
            to: sq("e0"),
        },
    );
    assert!(editor(&app).status().valid());
}

#[test]
fn play_from_here_starts_a_game_from_the_edited_position_with_its_side_to_move() {
    let home = TempDir::new("editor-play");
    let mut app = editor_app(home.path());
    // Black to move in an ending; the human plays Red against level 5.
    let fen = "3ak4/4a4/9/9/9/9/9/2N6/4A4/3AK1R2 b";
    set_up(&mut app, fen);
    send(&mut app, EditorCommand::Mode(Mode::Red));
    send(&mut app, EditorCommand::Level(5));
    let edited = editor(&app).setup.validate().expect("valid");
    assert_eq!(edited.side_to_move(), Color::Black);
    send(&mut app, EditorCommand::Play);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let session = app.world().resource::<Session>();
    assert_eq!(session.game.start(), &edited);
    assert_eq!(session.position(), &edited, "the AI is still thinking");
    assert_eq!(session.side_to_move(), Color::Black);
    assert_eq!(session.setup.players.mode, Mode::Red);
    assert_eq!(session.setup.players.computers.red.level, 5);
    assert!(!session.flipped, "Red sits at the bottom");
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Free);
    assert_eq!(app.world().resource::<GameSetup>().start, edited);

    // From the game, "Edit position" opens the editor on the position shown.
    app.world_mut().write_message(EditPosition);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Editor);
    assert_eq!(editor(&app).setup, Setup::from_position(&edited));
    assert_eq!(editor(&app).mode, Mode::Red);
    assert_eq!(editor(&app).level, 5);

    // Analyse: two players, the board as the editor had it, the analysis on.
    send(&mut app, EditorCommand::Flip);
    send(&mut app, EditorCommand::SideToMove(Color::Red));
    let edited = editor(&app).setup.validate().expect("valid");
    assert!(!app.world().resource::<Analysis>().is_on());
    send(&mut app, EditorCommand::Analyse);
    app.update();
    assert_eq!(screen(&app), Screen::Playing);
    let session = app.world().resource::<Session>();
    assert_eq!(session.position(), &edited);
    assert_eq!(session.setup.players.mode, Mode::Hotseat);
    assert!(session.flipped, "turned as in the editor");
    assert!(app.world().resource::<Analysis>().is_on());
}

#[test]
fn the_explorer_answers_for_the_arrangement_and_a_move_of_it_is_made_on_it() {
    use crate::game::play::explorer::{Explorer, ExplorerCommand};
    use crate::game::play::game_db::{DbCommand, DbImport};
    let home = TempDir::new("editor-explorer");
    let collection = home.path().join("cup.pgn");
    std::fs::write(
        &collection,
        "[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n\
         [Red \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. h2e2 b9c7 0-1\n\n\
         [Red \"E\"]\n[Black \"F\"]\n[Result \"1/2-1/2\"]\n\n1. b0c2 1/2-1/2\n",
    )
    .unwrap();
    let mut app = editor_app(home.path());
    app.world_mut()
        .write_message(DbCommand::Import(vec![collection]));
    run_until(&mut app, "the import", |app| {
        app.world().resource::<DbImport>().summary.is_some()
    });
    app.world_mut().write_message(ExplorerCommand::Toggle);
    run_until(&mut app, "the answer for the arrangement", |app| {
        app.world().resource::<Explorer>().shown_answer().is_some()
    });
    let answer = app
        .world()
        .resource::<Explorer>()
        .shown_answer()
        .cloned()
        .unwrap();
    assert_eq!(answer.table.games, 3);
    assert_eq!(answer.table.moves[0].mv, Move::from_iccs("h2e2").unwrap());
    // The most played move is made on the arrangement: Black to move now.
    app.world_mut().write_message(ExplorerCommand::PlayRow(0));
    app.update();
    let editor = app.world().resource::<Editor>();
    assert_eq!(
        editor.setup.fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1"
    );
    run_until(&mut app, "the answer after 1. h2e2", |app| {
        app.world()
            .resource::<Explorer>()
            .shown_answer()
            .is_some_and(|a| a.table.games == 2)
    });
    // An arrangement that is no position (no Red general): nothing to ask.
    app.world_mut()
        .resource_mut::<Editor>()
        .setup
        .remove(Square::parse("e0").unwrap());
    app.update();
    app.update();
    assert!(app.world().resource::<Explorer>().shown().is_none());
}
