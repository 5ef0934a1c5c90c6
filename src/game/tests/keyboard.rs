//! Playing without a mouse: the board cursor (arrows, Enter, Esc) and the
//! toolbar's focus order (Tab), headless.

use super::{fen, session, sq, test_app};
use crate::game::Mode;
use crate::game::input::BoardCursor;
use crate::game::panel::toolbar::{TOOLS, ToolButton, tool_context, toolbar};
use crate::game::play::Play;
use crate::game::play::session::Selection;
use crate::game::theme::focus::Focus;
use crate::game::theme::{Fonts, Icons};
use crate::rules::{Move, Position};
use bevy::prelude::*;

/// The game with the keyboard plugin (and the toolbar, to walk with Tab).
fn keyboard_app(mode: Mode) -> App {
    let mut app = test_app(mode, Position::startpos());
    app.init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(Icons::blank())
        .insert_resource(Fonts {
            pieces: Handle::default(),
            ui: Handle::default(),
        })
        .add_plugins((
            crate::game::input::plugin,
            crate::game::theme::focus::plugin,
            crate::game::panel::toolbar::plugin,
        ));
    app.update();
    app
}

fn tap(app: &mut App, keys: &[KeyCode]) {
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for &k in keys {
        input.press(k);
    }
    app.update();
    let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    for &k in keys {
        input.release(k);
    }
    input.clear();
    app.update();
}

fn taps(app: &mut App, key: KeyCode, n: usize) {
    for _ in 0..n {
        tap(app, &[key]);
    }
}

fn cursor(app: &App) -> BoardCursor {
    *app.world().resource::<BoardCursor>()
}

#[test]
fn arrows_move_a_cursor_and_enter_picks_up_and_puts_down() {
    let mut app = keyboard_app(Mode::Hotseat);
    assert!(!cursor(&app).shown);
    // The first arrow shows the cursor in front of Red's palace.
    tap(&mut app, &[KeyCode::ArrowUp]);
    assert_eq!(cursor(&app).square, sq("e3"));
    assert!(cursor(&app).shown);
    // To the cannon on h2: three right, one down.
    taps(&mut app, KeyCode::ArrowRight, 3);
    tap(&mut app, &[KeyCode::ArrowDown]);
    assert_eq!(cursor(&app).square, sq("h2"));
    tap(&mut app, &[KeyCode::Enter]);
    assert_eq!(app.world().resource::<Selection>().from, Some(sq("h2")));
    // Across to e2 and down: 炮二平五.
    taps(&mut app, KeyCode::ArrowLeft, 3);
    tap(&mut app, &[KeyCode::Enter]);
    let moves = session(&app).game.moves().to_vec();
    assert_eq!(moves, vec![Move::new(sq("h2"), sq("e2"))]);
    assert_eq!(app.world().resource::<Selection>().from, None);

    // The cursor stops at the board's edge.
    taps(&mut app, KeyCode::ArrowLeft, 12);
    assert_eq!(cursor(&app).square, sq("a2"));

    // Black picks up a soldier, then Esc puts it back: no move, still Black's turn.
    let before = fen(&app);
    taps(&mut app, KeyCode::ArrowUp, 4);
    assert_eq!(cursor(&app).square, sq("a6"));
    tap(&mut app, &[KeyCode::Space]);
    assert_eq!(app.world().resource::<Selection>().from, Some(sq("a6")));
    tap(&mut app, &[KeyCode::Escape]);
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert_eq!(fen(&app), before);
}

#[test]
fn on_a_turned_board_the_arrows_still_point_the_way_they_look() {
    let mut app = keyboard_app(Mode::Hotseat);
    tap(&mut app, &[KeyCode::KeyF]);
    assert!(session(&app).flipped);
    tap(&mut app, &[KeyCode::ArrowUp]);
    let start = cursor(&app).square;
    assert_eq!(
        start,
        sq("e6"),
        "in front of the palace at the bottom (Black's)"
    );
    // Up on the screen is towards Red's side now; right is towards file a.
    tap(&mut app, &[KeyCode::ArrowUp]);
    assert_eq!(cursor(&app).square, sq("e5"));
    tap(&mut app, &[KeyCode::ArrowRight]);
    assert_eq!(cursor(&app).square, sq("d5"));
}

#[test]
fn tab_walks_the_toolbar_in_its_table_order_and_enter_runs_the_command() {
    let mut app = keyboard_app(Mode::Hotseat);
    app.world_mut().spawn(toolbar());
    app.update();
    app.update();
    let context = tool_context(session(&app), &Play::Free, false);
    let want: Vec<usize> = (0..TOOLS.len())
        .filter(|&i| TOOLS[i].shown_in(&context))
        .collect();
    assert!(want.len() >= 10, "{want:?}");
    let mut seen = Vec::new();
    for _ in 0..want.len() {
        tap(&mut app, &[KeyCode::Tab]);
        let focused = app
            .world()
            .resource::<Focus>()
            .0
            .expect("a button has the focus");
        seen.push(app.world().get::<ToolButton>(focused).expect("a tool").0);
    }
    assert_eq!(seen, want);
    // Round again to Flip and press it with Enter: the board turns, and
    // the Enter does not reach the board.
    let flip = TOOLS
        .iter()
        .position(|t| t.tip == crate::game::i18n::Phrase::Flip)
        .expect("a flip tool");
    let steps = want.iter().position(|&i| i == flip).expect("flip shown") + 1;
    taps(&mut app, KeyCode::Tab, steps);
    tap(&mut app, &[KeyCode::Enter]);
    assert!(session(&app).flipped);
    assert!(
        !cursor(&app).shown,
        "Enter went to the button, not the board"
    );
}

#[test]
fn e_shows_the_opening_explorer_and_o_is_left_to_the_settings() {
    let mut app = keyboard_app(Mode::Hotseat);
    let on = |app: &App| {
        app.world()
            .resource::<crate::game::play::explorer::Explorer>()
            .is_on()
    };
    assert!(!on(&app));
    tap(&mut app, &[KeyCode::KeyO]);
    assert!(!on(&app), "O opens the settings, not the explorer");
    tap(&mut app, &[KeyCode::KeyE]);
    assert!(on(&app));
    tap(&mut app, &[KeyCode::KeyE]);
    assert!(!on(&app));
}
