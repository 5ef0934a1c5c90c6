//! The rules of Xiangqi, in plain Rust: positions, legal moves, game
//! outcomes and the notations players use. Nothing here knows about Bevy.

mod fen;
pub mod game;
mod position;
mod tables;
mod types;
mod zobrist;

pub use fen::{FenError, START_FEN};
pub use game::{Game, GameError, GameResult, Outcome, Reason, is_chase};
pub use position::{IllegalMove, IllegalReason, Position, Undo};
pub use types::{Color, MAX_MOVES, Move, MoveList, Piece, PieceKind, Square};
