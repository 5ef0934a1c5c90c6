//! Headless tests of the move tree in play: a move made while browsing
//! starts a variation and leaves the game alone, the move list's commands
//! (promote, delete, mark, comment), the tree kept by the autosave and the
//! saved games, and the AI waiting while a variation is shown.

use super::{instant_backend, logic_app};
use crate::game::play::ai::AiState;
use crate::game::play::autosave::ContinueGame;
use crate::game::play::browse::{Browse, BrowseCommand, shown_last_move, shown_position};
use crate::game::play::move_list::{ListItem, Token, list_items};
use crate::game::play::records::FileCommand;
use crate::game::play::session::{BoardInput, GameSetup, Session};
use crate::game::play::variations::TreeCommand;
use crate::game::{Mode, Screen};
use crate::rules::notation::{ChineseStyle, Notation};
use crate::rules::records::{Mark, MoveTree, NodeId};
use crate::rules::{Move, Position};
use crate::store::Paths;
use crate::store::Players;
use crate::store::test_util::TempDir;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use std::path::Path;

fn app_in(home: &Path, mode: Mode, screen: Screen) -> App {
    let mut app = logic_app(Some(home), instant_backend());
    app.insert_resource(GameSetup {
        players: Players::new(mode, 1, 1),
        start: Position::startpos(),
    });
    app.insert_state(screen);
    app.update();
    app.update();
    app
}

fn mv(s: &str) -> Move {
    Move::from_iccs(s).expect("an ICCS move")
}

fn play(app: &mut App, m: &str) {
    let m = mv(m);
    app.world_mut().write_message(BoardInput::Click(m.from()));
    app.update();
    app.world_mut().write_message(BoardInput::Click(m.to()));
    app.update();
}

fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

fn browse(app: &App) -> Browse {
    *app.world().resource::<Browse>()
}

fn send<M: Message>(app: &mut App, m: M) {
    app.world_mut().write_message(m);
    app.update();
}

fn iccs(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// The node reached by `moves` from the start, if the tree has it.
fn node_of(app: &App, moves: &[&str]) -> Option<NodeId> {
    let tree = session(app).tree();
    let mut id = MoveTree::ROOT;
    for m in moves {
        id = tree.child_with(id, mv(m))?;
    }
    Some(id)
}

const MAIN: [&str; 4] = ["h2e2", "h9g7", "h0g2", "i9h9"];

/// A hot-seat game of the four plies of [`MAIN`].
fn four_plies(home: &Path) -> App {
    let mut app = app_in(home, Mode::Hotseat, Screen::Playing);
    for m in MAIN {
        play(&mut app, m);
    }
    assert_eq!(iccs(session(&app).game.moves()), MAIN);
    app
}

/// [`four_plies`] with a variation at ply 2 (`b0c2 b9c7` instead of
/// `h0g2 i9h9`), shown at its last move.
fn with_variation(home: &Path) -> App {
    let mut app = four_plies(home);
    send(&mut app, BrowseCommand::Goto(2));
    play(&mut app, "b0c2");
    play(&mut app, "b9c7");
    app
}

#[test]
fn a_move_while_browsing_starts_a_variation_and_keeps_the_main_line() {
    let home = TempDir::new("tree-make");
    let mut app = with_variation(home.path());
    let s = session(&app);
    assert_eq!(iccs(s.game.all_moves()), MAIN, "the game is whole");
    assert_eq!(s.game.ply(), 4);
    assert_eq!(iccs(&s.tree().main_line()), MAIN);
    assert_eq!(s.tree().variation_count(), 1);
    let end = node_of(&app, &["h2e2", "h9g7", "b0c2", "b9c7"]).expect("the variation");
    assert_eq!(browse(&app).node, Some(end));
    let mut expected = Position::startpos();
    for m in ["h2e2", "h9g7", "b0c2", "b9c7"] {
        expected.play(mv(m)).unwrap();
    }
    assert_eq!(shown_position(session(&app), Some(&browse(&app))), expected);

    // The recorded move from a browsed position follows the game.
    send(&mut app, BrowseCommand::Goto(2));
    play(&mut app, "h0g2");
    assert_eq!(browse(&app).node, None);
    assert_eq!(browse(&app).ply, Some(3));
    assert_eq!(session(&app).tree().variation_count(), 1, "nothing new");

    // Stepping back along a variation, then back to the game.
    send(&mut app, BrowseCommand::GotoNode(end));
    send(&mut app, BrowseCommand::Prev);
    assert_eq!(browse(&app).node, node_of(&app, &["h2e2", "h9g7", "b0c2"]));
    send(&mut app, BrowseCommand::Prev);
    assert_eq!((browse(&app).node, browse(&app).ply), (None, Some(2)));
    send(&mut app, BrowseCommand::Exit);
    assert!(!browse(&app).active());
    assert_eq!(session(&app).game.ply(), 4);
}

#[test]
fn the_move_list_shows_variations_inline_and_nested() {
    let home = TempDir::new("tree-list");
    let mut app = with_variation(home.path());
    // A variation inside the variation: 2... b7e7 instead of b9c7.
    send(&mut app, BrowseCommand::Prev);
    play(&mut app, "b7e7");
    let items = list_items(session(&app), Notation::Iccs, ChineseStyle::default());
    let texts: Vec<String> = items
        .iter()
        .map(|item| match item {
            ListItem::Row { number, red, black } => format!(
                "{number}. {} {}",
                red.as_ref().map_or("…", |m| &m.text),
                black.as_ref().map_or("", |m| &m.text)
            ),
            ListItem::Variation(tokens) => tokens
                .iter()
                .map(|t| match t {
                    Token::Plain(p) => p.clone(),
                    Token::Move(m) => m.text.clone(),
                    Token::Comment(c) => format!("{{{c}}}"),
                })
                .collect::<Vec<_>>()
                .join(" "),
            ListItem::Comment(c) => format!("{{{c}}}"),
        })
        .collect();
    assert_eq!(
        texts,
        [
            "1. h2e2 h9g7",
            // A variation of Red's move comes right after it; Black's
            // answer follows on a row of its own.
            "2. h0g2 ",
            "2. b0c2 b9c7 ( 2… b7e7 )",
            "2. … i9h9",
        ]
    );
}

#[test]
fn promoting_and_deleting_a_variation_through_the_panel_commands() {
    let home = TempDir::new("tree-promote");
    let mut app = with_variation(home.path());
    send(&mut app, TreeCommand::Promote);
    let s = session(&app);
    let promoted = ["h2e2", "h9g7", "b0c2", "b9c7"];
    assert_eq!(
        iccs(s.game.all_moves()),
        promoted,
        "the variation is the game"
    );
    assert_eq!(iccs(&s.tree().main_line()), promoted);
    assert_eq!(s.tree().variation_count(), 1, "the old moves are kept");
    assert_eq!(browse(&app).node, None);

    // The old main line is now the variation; delete it from its last move.
    let old = node_of(&app, &MAIN).expect("the old line");
    send(&mut app, BrowseCommand::GotoNode(old));
    assert_eq!(browse(&app).node, Some(old));
    send(&mut app, TreeCommand::Delete);
    let s = session(&app);
    assert_eq!(s.tree().variation_count(), 0);
    assert_eq!(s.tree().len(), 5, "the root and the four moves of the game");
    assert_eq!(iccs(s.game.all_moves()), promoted);
    // The board shows where the deleted variation began.
    assert_eq!((browse(&app).node, browse(&app).ply), (None, Some(2)));
    // Deleting on the main line does nothing.
    send(&mut app, TreeCommand::Delete);
    assert_eq!(session(&app).tree().len(), 5);
}

#[test]
fn clicking_a_move_in_a_variation_shows_that_position() {
    let home = TempDir::new("tree-click");
    let mut app = with_variation(home.path());
    send(&mut app, BrowseCommand::Exit);
    let id = node_of(&app, &["h2e2", "h9g7", "b0c2"]).unwrap();
    // The move list's cell for that move sends this.
    send(&mut app, BrowseCommand::GotoNode(id));
    let r = browse(&app);
    assert_eq!(r.node, Some(id));
    assert_eq!(
        shown_position(session(&app), Some(&r)),
        *session(&app).tree().position(id).unwrap()
    );
    assert_eq!(shown_last_move(session(&app), Some(&r)), Some(mv("b0c2")));
}

#[test]
fn a_comment_and_a_mark_survive_the_autosave_and_the_saved_game() {
    let home = TempDir::new("tree-keep");
    let tree = {
        let mut app = with_variation(home.path());
        send(&mut app, TreeCommand::ToggleMark(Mark::Interesting));
        send(&mut app, TreeCommand::Comment("the quiet way".into()));
        send(&mut app, BrowseCommand::Goto(1));
        send(&mut app, TreeCommand::ToggleMark(Mark::Good));
        send(&mut app, TreeCommand::ToggleMark(Mark::Dubious));
        let s = session(&app);
        let first = node_of(&app, &["h2e2"]).unwrap();
        assert_eq!(s.tree().node(first).unwrap().mark, Some(Mark::Dubious));
        assert_eq!(s.tree().comment_count(), 1);
        // The saved game keeps the tree too.
        send(&mut app, FileCommand::Save);
        let dir = Paths::under(home.path()).games_dir();
        let file = std::fs::read_dir(&dir)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        let saved = crate::store::record::open_first(&file)
            .expect("a tree in the file")
            .game
            .into_tree();
        assert_eq!(&saved, session(&app).tree());
        session(&app).tree().clone()
    };
    let mut app = app_in(home.path(), Mode::Hotseat, Screen::Menu);
    send(&mut app, ContinueGame);
    app.update();
    app.update();
    let s = session(&app);
    assert_eq!(iccs(s.game.all_moves()), MAIN);
    assert_eq!(s.tree(), &tree);
    let end = node_of(&app, &["h2e2", "h9g7", "b0c2", "b9c7"]).unwrap();
    let node = s.tree().node(end).unwrap();
    assert_eq!(node.comment, "the quiet way");
    assert_eq!(node.mark, Some(Mark::Interesting));
}

#[test]
fn the_ai_waits_while_a_variation_is_shown() {
    let home = TempDir::new("tree-ai");
    let mut app = app_in(home.path(), Mode::Red, Screen::Playing);
    play(&mut app, "h2e2");
    super::run_until(&mut app, "the AI's reply", |a| session(a).game.ply() == 2);
    let reply = session(&app).game.moves()[1];
    // A variation for Black at ply 1, other than the AI's reply.
    let other = session(&app)
        .game
        .position_at(1)
        .unwrap()
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != reply)
        .unwrap();
    send(&mut app, BrowseCommand::Goto(1));
    play(&mut app, &other.to_string());
    let var = browse(&app).node.expect("on the variation");
    send(&mut app, BrowseCommand::Exit);
    // The human moves; while the variation is shown the AI does not reply.
    play(&mut app, "h0g2");
    send(&mut app, BrowseCommand::GotoNode(var));
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(session(&app).game.ply(), 3, "the game waits");
    assert!(!app.world().resource::<AiState>().thinking());
    // Back to the game: it goes on (the reply's search runs on the pool,
    // however busy the machine is).
    send(&mut app, BrowseCommand::Exit);
    super::run_until(&mut app, "the AI's reply", |app| {
        session(app).game.ply() >= 4
    });
    assert_eq!(session(&app).game.ply(), 4);
}

/// A key as the window reports it: `text` is what it types.
fn key(code: KeyCode, logical: bevy::input::keyboard::Key, text: Option<&str>) -> KeyboardInput {
    KeyboardInput {
        key_code: code,
        logical_key: logical,
        state: bevy::input::ButtonState::Pressed,
        text: text.map(Into::into),
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

#[test]
fn the_comment_field_takes_the_keys_and_saves_on_enter() {
    use crate::game::panel::comment_field::{CommentEdit, EditComment};
    use bevy::input::keyboard::Key;
    let home = TempDir::new("tree-comment-field");
    let mut app = four_plies(home.path());
    app.init_resource::<ButtonInput<KeyCode>>()
        .add_message::<KeyboardInput>()
        .insert_resource(crate::game::theme::Fonts {
            pieces: Handle::default(),
            ui: Handle::default(),
        })
        .add_plugins((
            crate::game::input::plugin,
            crate::game::panel::comment_field::plugin,
        ));
    app.update();
    send(&mut app, BrowseCommand::Goto(2));
    send(&mut app, EditComment);
    assert!(app.world().resource::<CommentEdit>().node.is_some());
    // F would turn the board; here it types.
    for (code, text) in [
        (KeyCode::KeyF, "f"),
        (KeyCode::KeyX, "x"),
        (KeyCode::KeyN, "n"),
    ] {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(code);
        app.world_mut()
            .write_message(key(code, Key::Character(text.into()), Some(text)));
        app.update();
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .release(code);
    }
    app.world_mut()
        .write_message(key(KeyCode::Backspace, Key::Backspace, None));
    app.update();
    assert!(!session(&app).flipped, "no shortcut while typing");
    assert_eq!(
        session(&app).game.all_moves().len(),
        4,
        "no new game either"
    );
    assert_eq!(app.world().resource::<CommentEdit>().text, "fx");
    app.world_mut()
        .write_message(key(KeyCode::Enter, Key::Enter, Some("\r")));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<CommentEdit>().node, None);
    let second = node_of(&app, &["h2e2", "h9g7"]).unwrap();
    assert_eq!(session(&app).tree().node(second).unwrap().comment, "fx");
}
