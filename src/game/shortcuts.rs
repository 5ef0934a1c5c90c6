//! Keyboard shortcuts on the game screen: Ctrl+Z undo, Ctrl+Y (or
//! Ctrl+Shift+Z) redo, F flip, N new game, Space pause (AI vs AI), Esc drops
//! the selection or, with nothing selected, goes back to the menu.

use super::session::{BoardInput, GameCommand, Selection};
use super::{GameSet, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        game_keys
            .in_set(GameSet::Input)
            .run_if(in_state(Screen::Playing)),
    );
}

fn game_keys(
    keys: Res<ButtonInput<KeyCode>>,
    selection: Res<Selection>,
    mut commands_out: MessageWriter<GameCommand>,
    mut board: MessageWriter<BoardInput>,
) {
    // A modifier released in the same frame as the key still counts (fast
    // typists, and synthetic input that presses and releases at once).
    let held = |a: KeyCode, b: KeyCode| {
        keys.any_pressed([a, b]) || keys.any_just_released([a, b]) || keys.any_just_pressed([a, b])
    };
    let ctrl = held(KeyCode::ControlLeft, KeyCode::ControlRight);
    let shift = held(KeyCode::ShiftLeft, KeyCode::ShiftRight);
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
