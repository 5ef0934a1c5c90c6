//! The keyboard on the game and the lists, turned into the logic's messages.
//!
//! On the game screen: the arrow keys move a cursor over the board (in the
//! directions they point, however the board is turned), Enter (or Space when
//! no AI game is running) picks up the piece under it and puts it down, Esc
//! drops the selection or, with nothing selected, goes back to the menu.
//! Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, F flip, N new game, Space
//! pause (AI vs AI); PageUp/PageDown (or Shift+←/→), Home and End review
//! the game; H asks for a hint, A turns the analysis on and off; Ctrl+S saves, Ctrl+C copies the PGN
//! (Ctrl+Shift+C the FEN) and Ctrl+V pastes a record, which also works from
//! the menu and the lists. The menu, the lists and the settings card read
//! their own keys.

use crate::game::play::Play;
use crate::game::play::analysis::AnalysisCommand;
use crate::game::play::browse::BrowseCommand;
use crate::game::play::explorer::ExplorerCommand;
use crate::game::play::hint::HintRequest;
use crate::game::play::records::FileCommand;
use crate::game::play::session::{BoardInput, GameCommand, Selection, Session};
use crate::game::{GameSet, Mode, Screen};
use crate::rules::Square;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .add_systems(OnExit(Screen::Playing), hide_cursor);
    app.add_systems(
        Update,
        (
            cursor_keys
                .before(game_keys)
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
            game_keys
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing)),
            // A lesson has the course's hint and nothing to save, copy or
            // analyse (its toolbar shows the same).
            file_keys
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing).and_then(not(in_state(Play::Course)))),
            lesson_keys
                .in_set(GameSet::Input)
                .run_if(in_state(Play::Course)),
            review_keys
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
            paste_key
                .in_set(GameSet::Input)
                .run_if(not(in_state(Screen::Playing))),
        ),
    );
}

/// A modifier released in the same frame as the key still counts (fast
/// typists, and synthetic input that presses and releases at once).
fn held(keys: &ButtonInput<KeyCode>, a: KeyCode, b: KeyCode) -> bool {
    keys.any_pressed([a, b]) || keys.any_just_released([a, b]) || keys.any_just_pressed([a, b])
}

/// In a lesson: H asks for the course's hint.
fn lesson_keys(keys: Res<ButtonInput<KeyCode>>, mut hint: MessageWriter<HintRequest>) {
    let ctrl = held(&keys, KeyCode::ControlLeft, KeyCode::ControlRight);
    if !ctrl && keys.just_pressed(KeyCode::KeyH) {
        hint.write(HintRequest);
    }
}

fn file_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<FileCommand>,
    mut hint: MessageWriter<HintRequest>,
    mut analysis: MessageWriter<AnalysisCommand>,
    mut explorer: MessageWriter<ExplorerCommand>,
) {
    let ctrl = held(&keys, KeyCode::ControlLeft, KeyCode::ControlRight);
    let shift = held(&keys, KeyCode::ShiftLeft, KeyCode::ShiftRight);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        out.write(if shift {
            FileCommand::SaveAs
        } else {
            FileCommand::Save
        });
    } else if ctrl && keys.just_pressed(KeyCode::KeyO) {
        out.write(FileCommand::Open);
    } else if ctrl && keys.just_pressed(KeyCode::KeyC) {
        let alt = held(&keys, KeyCode::AltLeft, KeyCode::AltRight);
        out.write(if alt {
            FileCommand::CopyMoves
        } else if shift {
            FileCommand::CopyFen
        } else {
            FileCommand::CopyPgn
        });
    } else if ctrl && keys.just_pressed(KeyCode::KeyV) {
        out.write(FileCommand::Paste);
    } else if !ctrl && keys.just_pressed(KeyCode::KeyH) {
        hint.write(HintRequest);
    } else if !ctrl && keys.just_pressed(KeyCode::KeyA) {
        analysis.write(AnalysisCommand::Toggle);
    } else if !ctrl && keys.just_pressed(KeyCode::KeyX) {
        // The analysis searches without its best move; Shift+X all again.
        analysis.write(if shift {
            AnalysisCommand::ClearExclusions
        } else {
            AnalysisCommand::Exclude(0)
        });
    } else if !ctrl && keys.just_pressed(KeyCode::KeyE) {
        explorer.write(ExplorerCommand::Toggle);
    }
}

/// Ctrl+V also opens a record from the menu and the lists.
fn paste_key(keys: Res<ButtonInput<KeyCode>>, mut out: MessageWriter<FileCommand>) {
    if held(&keys, KeyCode::ControlLeft, KeyCode::ControlRight) && keys.just_pressed(KeyCode::KeyV)
    {
        out.write(FileCommand::Paste);
    }
}

fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    selection: Res<Selection>,
    mut commands_out: MessageWriter<GameCommand>,
    mut board: MessageWriter<BoardInput>,
) {
    let ctrl = held(&keys, KeyCode::ControlLeft, KeyCode::ControlRight);
    let shift = held(&keys, KeyCode::ShiftLeft, KeyCode::ShiftRight);
    let pressed = |k: KeyCode| keys.just_pressed(k);
    if ctrl && pressed(KeyCode::KeyZ) {
        commands_out.write(if shift {
            GameCommand::Redo
        } else {
            GameCommand::Undo
        });
    } else if ctrl && pressed(KeyCode::KeyY) {
        commands_out.write(GameCommand::Redo);
    } else if ctrl {
        // Other Ctrl chords are not ours.
    } else if pressed(KeyCode::KeyF) {
        commands_out.write(GameCommand::Flip);
    } else if pressed(KeyCode::KeyN) {
        commands_out.write(GameCommand::NewGame);
    } else if pressed(KeyCode::Space) {
        commands_out.write(GameCommand::TogglePause);
    } else if pressed(KeyCode::Escape) {
        if selection.from.is_some() {
            board.write(BoardInput::Deselect);
        } else {
            commands_out.write(GameCommand::Menu);
        }
    }
}

pub(crate) fn review_keys(keys: Res<ButtonInput<KeyCode>>, mut out: MessageWriter<BrowseCommand>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl {
        return;
    }
    let shift = held(&keys, KeyCode::ShiftLeft, KeyCode::ShiftRight);
    for (key, command, needs_shift) in [
        (KeyCode::PageUp, BrowseCommand::Prev, false),
        (KeyCode::PageDown, BrowseCommand::Next, false),
        (KeyCode::ArrowLeft, BrowseCommand::Prev, true),
        (KeyCode::ArrowRight, BrowseCommand::Next, true),
        (KeyCode::Home, BrowseCommand::First, false),
        (KeyCode::End, BrowseCommand::Last, false),
    ] {
        if keys.just_pressed(key) && (shift || !needs_shift) {
            out.write(command);
        }
    }
}

/// The keyboard's cursor on the board: a point, shown once an arrow key
/// has been pressed (the mouse hides it again).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCursor {
    /// The point under the cursor.
    pub square: Square,
    /// Drawn on the board (keyboard play has begun).
    pub shown: bool,
}

impl Default for BoardCursor {
    fn default() -> Self {
        BoardCursor {
            square: Square::new(4, 3).expect("e3 is on the board"),
            shown: false,
        }
    }
}

fn hide_cursor(mut cursor: ResMut<BoardCursor>) {
    cursor.shown = false;
}

/// The arrow keys move the cursor the way they point on the screen; Enter
/// (or Space outside AI vs AI) clicks the point under it: picks up a piece,
/// or puts the picked one down there.
pub(crate) fn cursor_keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    session: Res<Session>,
    selection: Res<Selection>,
    mut cursor: ResMut<BoardCursor>,
    mut board: MessageWriter<BoardInput>,
) {
    if held(&keys, KeyCode::ControlLeft, KeyCode::ControlRight)
        || held(&keys, KeyCode::ShiftLeft, KeyCode::ShiftRight)
    {
        return;
    }
    // Screen directions: right and up, in board files and ranks.
    let turn = if session.flipped { -1 } else { 1 };
    let mut step = None;
    for (key, df, dr) in [
        (KeyCode::ArrowUp, 0, turn),
        (KeyCode::ArrowDown, 0, -turn),
        (KeyCode::ArrowLeft, -turn, 0),
        (KeyCode::ArrowRight, turn, 0),
    ] {
        if keys.just_pressed(key) {
            step = Some((df, dr));
        }
    }
    if let Some((df, dr)) = step {
        if !cursor.shown {
            // The first press shows the cursor: on the piece picked up, or
            // in front of the player's palace.
            cursor.shown = true;
            cursor.square = selection.from.unwrap_or_else(|| {
                let rank = if session.flipped { 6 } else { 3 };
                Square::new(4, rank).expect("on the board")
            });
            return;
        }
        let f = (i32::from(cursor.square.file()) + df).clamp(0, 8);
        let r = (i32::from(cursor.square.rank()) + dr).clamp(0, 9);
        if let Some(sq) = Square::new(f as u8, r as u8) {
            cursor.square = sq;
        }
        return;
    }
    // Space continues a game paused by a failed engine (the shortcuts' job).
    let space = session.setup.players.mode != Mode::AiVsAi
        && !session.paused
        && keys.just_pressed(KeyCode::Space);
    let enter = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]);
    if enter || space {
        if space {
            keys.clear_just_pressed(KeyCode::Space);
        }
        if !cursor.shown {
            cursor.shown = true;
            if let Some(from) = selection.from {
                cursor.square = from;
            }
            return;
        }
        board.write(BoardInput::Click(cursor.square));
    }
}
