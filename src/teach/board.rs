//! What attacks what: the pieces' reach on a plain board, apart from whose
//! turn it is and from the general's safety, so a motif can ask "who
//! defends this point" or "what would this piece see were that one gone".

use crate::engine::level::glance_value;
use crate::rules::{Color, Piece, PieceKind, Position, Square};

/// The pieces on the 90 points.
#[derive(Clone)]
pub struct Board([Option<Piece>; Square::COUNT]);

impl Board {
    /// The board of `pos`.
    pub fn of(pos: &Position) -> Board {
        let mut cells = [None; Square::COUNT];
        for c in Color::ALL {
            for (sq, p) in pos.pieces(c) {
                cells[sq.index()] = Some(p);
            }
        }
        Board(cells)
    }

    /// The piece on `sq`.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.0[sq.index()]
    }

    /// Takes the piece off `sq`.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        self.0[sq.index()].take()
    }

    /// Where `c`'s general stands.
    pub fn general(&self, c: Color) -> Option<Square> {
        Square::all().find(|&s| self.get(s) == Some(Piece::new(c, PieceKind::General)))
    }

    /// The pieces strictly between two points of one file or rank.
    fn between(&self, a: Square, b: Square) -> Option<u32> {
        let points = points_between(a, b)?;
        Some(points.iter().filter(|&&s| self.get(s).is_some()).count() as u32)
    }

    /// True if the piece on `from` reaches `to` (to take what stands there,
    /// or to take back on it), whatever stands on `to`.
    pub fn attacks(&self, from: Square, to: Square) -> bool {
        let Some(p) = self.get(from) else {
            return false;
        };
        let (df, dr) = (
            to.file() as i32 - from.file() as i32,
            to.rank() as i32 - from.rank() as i32,
        );
        let at = |f: i32, r: i32| {
            Square::new(
                (from.file() as i32 + f) as u8,
                (from.rank() as i32 + r) as u8,
            )
            .and_then(|s| self.get(s))
        };
        match p.kind {
            PieceKind::Chariot => self.between(from, to) == Some(0),
            PieceKind::Cannon => self.between(from, to) == Some(1),
            PieceKind::Horse => match (df.abs(), dr.abs()) {
                (2, 1) => at(df / 2, 0).is_none(),
                (1, 2) => at(0, dr / 2).is_none(),
                _ => false,
            },
            PieceKind::Elephant => {
                df.abs() == 2
                    && dr.abs() == 2
                    && at(df / 2, dr / 2).is_none()
                    && own_half(p.color, to)
            }
            PieceKind::Advisor => df.abs() == 1 && dr.abs() == 1 && in_palace(p.color, to),
            PieceKind::General => {
                (df.abs() + dr.abs() == 1 && in_palace(p.color, to))
                    || (df == 0
                        && self.get(to) == Some(Piece::new(p.color.flip(), PieceKind::General))
                        && self.between(from, to) == Some(0))
            }
            PieceKind::Soldier => {
                let forward = if p.color == Color::Red { 1 } else { -1 };
                (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1 && !own_half(p.color, from))
            }
        }
    }

    /// The points from which `by`'s pieces reach `to`.
    pub fn attackers(&self, to: Square, by: Color) -> Vec<Square> {
        Square::all()
            .filter(|&s| self.get(s).is_some_and(|p| p.color == by) && self.attacks(s, to))
            .collect()
    }
}

/// The points strictly between two points of one file or rank (`None`
/// when they share neither, or are the same point).
pub fn points_between(a: Square, b: Square) -> Option<Vec<Square>> {
    let (af, ar, bf, br) = (
        a.file() as i32,
        a.rank() as i32,
        b.file() as i32,
        b.rank() as i32,
    );
    if (af != bf && ar != br) || a == b {
        return None;
    }
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let mut out = Vec::new();
    let (mut f, mut r) = (af + df, ar + dr);
    while (f, r) != (bf, br) {
        out.extend(Square::new(f as u8, r as u8));
        f += df;
        r += dr;
    }
    Some(out)
}

/// True if `sq` is on `c`'s side of the river.
pub fn own_half(c: Color, sq: Square) -> bool {
    match c {
        Color::Red => sq.rank() <= 4,
        Color::Black => sq.rank() >= 5,
    }
}

/// True if `sq` is in `c`'s palace.
pub fn in_palace(c: Color, sq: Square) -> bool {
    (3..=5).contains(&sq.file())
        && match c {
            Color::Red => sq.rank() <= 2,
            Color::Black => sq.rank() >= 7,
        }
}

/// What a piece is worth in the explanations, in centipawns (a soldier
/// that has crossed the river counts twice).
pub fn value(p: Piece, on: Square) -> i32 {
    match p.kind {
        PieceKind::Soldier if !own_half(p.color, on) => 200,
        kind => glance_value(kind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn each_piece_reaches_what_the_rules_let_it_take() {
        let pos = Position::from_fen(crate::rules::START_FEN).unwrap();
        let b = Board::of(&pos);
        // The cannons reach the horses behind the other side's cannons
        // (one screen), not the cannons themselves (none).
        assert!(b.attacks(sq("b2"), sq("b9")) && b.attacks(sq("h2"), sq("h9")));
        assert!(!b.attacks(sq("b2"), sq("b7")));
        // The chariot a0 reaches a2 and a3 (its soldier), not a4.
        assert!(b.attacks(sq("a0"), sq("a3")) && !b.attacks(sq("a0"), sq("a4")));
        // The horse b0 reaches c2 and a2, not d1 (its leg c0 is the elephant).
        assert!(b.attacks(sq("b0"), sq("c2")) && !b.attacks(sq("b0"), sq("d1")));
        // The elephant stays home; the advisor in the palace.
        assert!(b.attacks(sq("c0"), sq("e2")) && !b.attacks(sq("d0"), sq("c1")));
        // A soldier before the river goes forward only.
        assert!(b.attacks(sq("c3"), sq("c4")) && !b.attacks(sq("c3"), sq("b3")));
        // The generals face each other only on an open file.
        assert!(!b.attacks(sq("e0"), sq("e9")));
        assert_eq!(b.attackers(sq("e1"), Color::Red).len(), 3);
    }
}
