//! Moves played on the board that is shown, from a panel (the explorer's
//! rows, the analysis's lines): where they go is decided here, once. On the
//! live game the first move is played (the session checks that a human is
//! to move); while browsing, the whole line goes into the move tree. On the
//! editor's screen the editor takes it (its arrangement becomes the
//! position after the first move).

use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::session::{GameCommand, Session};
use crate::game::play::variations::TreeCommand;
use crate::game::{GameSet, Screen};
use crate::rules::{Move, Position};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayShown>().add_systems(
        Update,
        play_shown.in_set(GameSet::Resolve).after(PanelCommands),
    );
}

/// The panels' systems that write [`PlayShown`]; the line is placed in the
/// same frame, after them.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PanelCommands;

/// A line to play from `from`, the position a panel showed when the player
/// chose it; dropped if the board has moved on since.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PlayShown {
    /// The position the line starts from.
    pub from: Position,
    /// The moves, the first legal at `from`.
    pub line: Vec<Move>,
}

fn play_shown(
    mut lines: MessageReader<PlayShown>,
    screen: Res<State<Screen>>,
    (session, browse): (Option<Res<Session>>, Option<Res<Browse>>),
    mut game: MessageWriter<GameCommand>,
    mut tree: MessageWriter<TreeCommand>,
) {
    for PlayShown { from, line } in lines.read() {
        let Some(&first) = line.first().filter(|m| from.is_legal(**m)) else {
            continue;
        };
        // The editor places it on its arrangement itself.
        if *screen.get() == Screen::Editor {
            continue;
        }
        let Some(session) = session.as_deref() else {
            continue;
        };
        let browse = browse.as_deref();
        if browse.is_some_and(Browse::active) {
            if shown_position(session, browse) == *from {
                tree.write(TreeCommand::AddLine(line.clone()));
            }
        } else if session.position() == from {
            game.write(GameCommand::Play(first));
        }
    }
}
