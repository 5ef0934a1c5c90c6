//! The messages of the game: what comes in (a click on the board, a
//! command, the AI's answer) and what goes out (the board changed, a click
//! refused, a check, a sound).

use crate::rules::{Color, Move, Piece, Square};
use bevy::prelude::*;

/// Pointer input on the board, already mapped to points.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// A click (press and release) on a point.
    Click(Square),
    /// A drag began on a point: select the piece there, if it may move.
    DragStart(Square),
    /// A dragged piece was dropped.
    Drop {
        /// Where the drag began.
        from: Square,
        /// Where it was released; `None` off the board.
        to: Option<Square>,
    },
    /// Right click / Esc: drop the selection.
    Deselect,
}

/// Buttons and shortcuts.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Take back to the human's previous turn (one ply in hot-seat).
    Undo,
    /// Replay what undo took back.
    Redo,
    /// Turn the board.
    Flip,
    /// Start again from the same setup.
    NewGame,
    /// The human (or the side to move in hot-seat) gives up.
    Resign,
    /// Back to the menu.
    Menu,
    /// Pause or resume AI vs AI.
    TogglePause,
    /// Play this move for the human to move, as if picked on the board (a
    /// move chosen in the explorer or the analysis); ignored when it is not
    /// a human's turn or not legal.
    Play(Move),
}

/// Open a record file on the board (`--open`; a file dropped on the
/// window is opened the same way).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenFile(pub std::path::PathBuf);

/// The AI's answer, stamped with the generation its search started from.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiMoveChosen {
    /// [`Session::generation`] when the search started.
    pub generation: u64,
    /// The move.
    pub mv: Move,
}

/// A move of the exercise's own board, played on the session's (a
/// solution played out): stamped like the AI's answer, and played only if
/// it is the exercise board's next move.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExerciseMove {
    /// [`Session::generation`](super::Session::generation) when it was sent.
    pub generation: u64,
    /// The move.
    pub mv: Move,
}

/// What changed on the board, for the pieces to follow.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardChanged {
    /// One move was played.
    Moved {
        /// The move.
        mv: Move,
        /// The piece that moved.
        piece: Piece,
        /// What it took.
        captured: Option<Piece>,
    },
    /// Anything else (new game, undo, redo): redraw from the position.
    Reset,
}

/// A click the rules refused (the presentation shakes).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalInput {
    /// The point that was clicked.
    pub square: Square,
    /// The selected piece at the time, if any.
    pub selected: Option<Square>,
}

/// The general of `side` is in check after a move.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckAlert {
    /// The side in check.
    pub side: Color,
}

/// What the game wants heard (the audio plugin plays these).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoundCue {
    Select,
    Move,
    Capture,
    Check,
    Illegal,
    Start,
    Win,
    Lose,
    Draw,
    /// A second passing in a clock's last ten seconds.
    Tick,
}

/// The writers every game change may need (a move in the game or in the
/// move tree).
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Outputs<'w> {
    pub changed: MessageWriter<'w, BoardChanged>,
    pub illegal: MessageWriter<'w, IllegalInput>,
    pub check: MessageWriter<'w, CheckAlert>,
    pub sound: MessageWriter<'w, SoundCue>,
    pub exercise: MessageWriter<'w, crate::game::play::exercise::active::ExerciseEvent>,
}
