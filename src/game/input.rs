//! The keyboard on the game and the lists, turned into the logic's messages.
//!
//! On the game screen: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, F flip,
//! N new game, Space pause (AI vs AI), Esc drops the selection or, with
//! nothing selected, goes back to the menu; ←/→, Home and End review the
//! game; H asks for a hint, A turns the analysis on and off; Ctrl+S saves, Ctrl+C copies the PGN
//! (Ctrl+Shift+C the FEN) and Ctrl+V pastes a record, which also works from
//! the menu and the lists. The menu, the lists and the settings card read
//! their own keys.

use crate::game::play::analysis::AnalysisCommand;
use crate::game::play::hint::HintRequest;
use crate::game::play::records::FileCommand;
use crate::game::play::review::ReviewCommand;
use crate::game::play::session::{BoardInput, GameCommand, Selection, Session};
use crate::game::{GameSet, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (game_keys, file_keys)
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing)),
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

fn file_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<FileCommand>,
    mut hint: MessageWriter<HintRequest>,
    mut analysis: MessageWriter<AnalysisCommand>,
) {
    let ctrl = held(&keys, KeyCode::ControlLeft, KeyCode::ControlRight);
    let shift = held(&keys, KeyCode::ShiftLeft, KeyCode::ShiftRight);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        out.write(FileCommand::Save);
    } else if ctrl && keys.just_pressed(KeyCode::KeyC) {
        out.write(if shift {
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

fn review_keys(keys: Res<ButtonInput<KeyCode>>, mut out: MessageWriter<ReviewCommand>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl {
        return;
    }
    for (key, command) in [
        (KeyCode::ArrowLeft, ReviewCommand::Prev),
        (KeyCode::ArrowRight, ReviewCommand::Next),
        (KeyCode::Home, ReviewCommand::First),
        (KeyCode::End, ReviewCommand::Last),
    ] {
        if keys.just_pressed(key) {
            out.write(command);
        }
    }
}
