//! What a piece is worth in the teacher's explanations. What each piece
//! reaches, the palaces and the river are the rules' geometry
//! ([`crate::rules::geometry`]).

use crate::engine::level::glance_value;
use crate::rules::geometry::own_half;
use crate::rules::{Piece, PieceKind, Square};

/// What a piece is worth in the explanations, in centipawns (a soldier
/// that has crossed the river counts twice).
pub fn value(p: Piece, on: Square) -> i32 {
    match p.kind {
        PieceKind::Soldier if !own_half(p.color, on) => 200,
        kind => glance_value(kind),
    }
}
