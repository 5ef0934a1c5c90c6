//! The rules of Xiangqi, in plain Rust: positions, legal moves, game
//! outcomes and the notations players use. Nothing here knows about Bevy.

pub mod clock;
mod fen;
pub mod game;
pub mod geometry;
pub mod handicap;
pub mod notation;
pub mod pgn;
mod position;
pub mod records;
pub mod setup;
pub(crate) mod tables;
pub mod tree;
mod types;
mod zobrist;

pub use fen::{FenError, START_FEN};
pub use game::{Game, GameError, GameResult, Outcome, Reason, chased, is_chase};
pub use notation::{
    Charset, MoveDescription, MoveParseError, Notation, describe_move, parse_move, piece_glyph,
    to_chinese, to_iccs, to_wxf,
};
pub use pgn::{PgnError, PgnGame, read_pgn, write_pgn};
pub use position::{IllegalMove, IllegalReason, Position, Undo};
pub use tree::{Mark, MoveTree, Node, NodeId, TreeError};
pub use types::{ByColor, Color, MAX_MOVES, Move, MoveList, Piece, PieceKind, Square};
