//! The board's geometry as players name it, public for the rooms that
//! explain the rules (the teacher, the course's wrong-move reasons, speech):
//! the palaces, each side's half and the river, the points between two
//! points of a line, a horse's leg and an elephant's eye, and what each
//! piece reaches on a plain board ([`Reach`]). The move generator
//! ([`super::Position`]) keeps its own precomputed tables for speed; the
//! tests below hold the two to the same rules.

use super::position::Position;
use super::types::{Color, Piece, PieceKind, Square};

/// True if `sq` is in `c`'s palace (files d–f, `c`'s three back ranks).
pub fn in_palace(c: Color, sq: Square) -> bool {
    (3..=5).contains(&sq.file())
        && match c {
            Color::Red => sq.rank() <= 2,
            Color::Black => sq.rank() >= 7,
        }
}

/// True if `sq` is on `c`'s own side of the river (ranks 0–4 for Red,
/// 5–9 for Black).
pub fn own_half(c: Color, sq: Square) -> bool {
    match c {
        Color::Red => sq.rank() <= 4,
        Color::Black => sq.rank() >= 5,
    }
}

/// True if a piece of `c` on `sq` stands across the river (a soldier
/// there may step sideways).
pub fn across_river(c: Color, sq: Square) -> bool {
    !own_half(c, sq)
}

/// Signed file and rank steps from `a` to `b`.
pub fn delta(a: Square, b: Square) -> (i32, i32) {
    (
        i32::from(b.file()) - i32::from(a.file()),
        i32::from(b.rank()) - i32::from(a.rank()),
    )
}

/// The point `(file + df, rank + dr)`, if it is on the board.
pub fn offset(s: Square, df: i32, dr: i32) -> Option<Square> {
    let f = u8::try_from(i32::from(s.file()) + df).ok()?;
    let r = u8::try_from(i32::from(s.rank()) + dr).ok()?;
    Square::new(f, r)
}

/// The points strictly between two points of one file or rank (`None`
/// when they share neither, or are the same point).
pub fn points_between(a: Square, b: Square) -> Option<Vec<Square>> {
    let (df, dr) = delta(a, b);
    if (df != 0 && dr != 0) || a == b {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let n = df.abs().max(dr.abs());
    Some((1..n).filter_map(|i| offset(a, sf * i, sr * i)).collect())
}

/// The points strictly between `a` and `b` (none when they share no line).
pub fn between(a: Square, b: Square) -> Vec<Square> {
    points_between(a, b).unwrap_or_default()
}

/// The occupied points strictly between `a` and `b` on one line, nearest
/// `a` first.
pub fn pieces_between(pos: &Position, a: Square, b: Square) -> Vec<Square> {
    between(a, b)
        .into_iter()
        .filter(|&s| pos.piece_at(s).is_some())
        .collect()
}

/// The horse's leg for a jump from `from` to `to` (the point next to it
/// along the longer step), if the two are a horse's jump apart.
pub fn horse_leg(from: Square, to: Square) -> Option<Square> {
    match delta(from, to) {
        (df, dr) if df.abs() == 2 && dr.abs() == 1 => offset(from, df / 2, 0),
        (df, dr) if df.abs() == 1 && dr.abs() == 2 => offset(from, 0, dr / 2),
        _ => None,
    }
}

/// The elephant's eye for a move from `from` to `to` (the point halfway),
/// if the two are two points apart diagonally.
pub fn elephant_eye(from: Square, to: Square) -> Option<Square> {
    match delta(from, to) {
        (df, dr) if df.abs() == 2 && dr.abs() == 2 => offset(from, df / 2, dr / 2),
        _ => None,
    }
}

/// The general's points next to `g` inside `c`'s palace (where it may step).
pub fn palace_steps(c: Color, g: Square) -> Vec<Square> {
    [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .iter()
        .filter_map(|&(df, dr)| offset(g, df, dr))
        .filter(|&f| in_palace(c, f))
        .collect()
}

/// The pieces on the 90 points, and what each reaches: the pieces'
/// movement apart from whose turn it is and from the general's safety, so
/// a teacher can ask "who defends this point" or "what would this piece
/// see were that one gone".
#[derive(Clone)]
pub struct Reach([Option<Piece>; Square::COUNT]);

impl Reach {
    /// The pieces of `pos`.
    pub fn of(pos: &Position) -> Reach {
        let mut cells = [None; Square::COUNT];
        for c in Color::ALL {
            for (sq, p) in pos.pieces(c) {
                cells[sq.index()] = Some(p);
            }
        }
        Reach(cells)
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

    /// How many pieces stand strictly between two points of one line.
    fn count_between(&self, a: Square, b: Square) -> Option<usize> {
        let points = points_between(a, b)?;
        Some(points.iter().filter(|&&s| self.get(s).is_some()).count())
    }

    /// True if the piece on `from` reaches `to` (to take what stands there,
    /// or to take back on it), whatever stands on `to`.
    pub fn attacks(&self, from: Square, to: Square) -> bool {
        let Some(p) = self.get(from) else {
            return false;
        };
        let (df, dr) = delta(from, to);
        let free = |s: Option<Square>| s.is_some_and(|s| self.get(s).is_none());
        match p.kind {
            PieceKind::Chariot => self.count_between(from, to) == Some(0),
            PieceKind::Cannon => self.count_between(from, to) == Some(1),
            PieceKind::Horse => free(horse_leg(from, to)),
            PieceKind::Elephant => free(elephant_eye(from, to)) && own_half(p.color, to),
            PieceKind::Advisor => df.abs() == 1 && dr.abs() == 1 && in_palace(p.color, to),
            PieceKind::General => {
                (df.abs() + dr.abs() == 1 && in_palace(p.color, to))
                    || (df == 0
                        && self.get(to) == Some(Piece::new(p.color.flip(), PieceKind::General))
                        && self.count_between(from, to) == Some(0))
            }
            PieceKind::Soldier => {
                let forward = if p.color == Color::Red { 1 } else { -1 };
                (df == 0 && dr == forward)
                    || (dr == 0 && df.abs() == 1 && across_river(p.color, from))
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

/// The points from which `by`'s pieces in `pos` reach `to` (see [`Reach`]).
pub fn attackers(pos: &Position, to: Square, by: Color) -> Vec<Square> {
    Reach::of(pos).attackers(to, by)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, START_FEN};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn each_piece_reaches_what_the_rules_let_it_take() {
        let pos = Position::from_fen(START_FEN).unwrap();
        let b = Reach::of(&pos);
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

    #[test]
    fn the_reach_agrees_with_the_move_generator_on_captures() {
        // Every pseudo-legal capture is a reach, and every reach onto an
        // enemy piece is a pseudo-legal capture.
        for fen in [
            START_FEN,
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
            "3k5/4a4/4b4/9/2p6/9/4C4/9/4A4/3AK4 b - - 0 1",
            "3k5/9/4P4/2P6/9/9/9/9/9/4K4 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let reach = Reach::of(&pos);
            let me = pos.side_to_move();
            for from in Square::all() {
                if reach.get(from).is_none_or(|p| p.color != me) {
                    continue;
                }
                for to in Square::all() {
                    if reach.get(to).is_none_or(|p| p.color == me) {
                        continue;
                    }
                    assert_eq!(
                        reach.attacks(from, to),
                        pos.is_pseudo_legal(Move::new(from, to)),
                        "{fen} {from}{to}"
                    );
                }
            }
        }
    }

    #[test]
    fn palaces_halves_legs_and_eyes_are_where_players_name_them() {
        assert!(in_palace(Color::Red, sq("e1")) && !in_palace(Color::Red, sq("e8")));
        assert!(in_palace(Color::Black, sq("d9")) && !in_palace(Color::Black, sq("c9")));
        assert!(own_half(Color::Red, sq("a4")) && across_river(Color::Red, sq("a5")));
        assert!(own_half(Color::Black, sq("a5")) && across_river(Color::Black, sq("a4")));
        assert_eq!(horse_leg(sq("b0"), sq("c2")), Some(sq("b1")));
        assert_eq!(horse_leg(sq("b0"), sq("d1")), Some(sq("c0")));
        assert_eq!(horse_leg(sq("b0"), sq("b2")), None);
        assert_eq!(elephant_eye(sq("c0"), sq("e2")), Some(sq("d1")));
        assert_eq!(between(sq("a0"), sq("a3")), vec![sq("a1"), sq("a2")]);
        assert_eq!(points_between(sq("a0"), sq("b1")), None);
        assert_eq!(palace_steps(Color::Red, sq("d0")).len(), 2);
        let pos = Position::from_fen(START_FEN).unwrap();
        assert_eq!(pieces_between(&pos, sq("b2"), sq("b9")), vec![sq("b7")]);
    }
}
