//! Basic value types: colours, pieces, squares and moves.
//!
//! Everything here is `Copy` and tiny so the search can pass it around freely.
//! Squares are numbered `rank * 9 + file` with file 0 = `a` (Red's left) and
//! rank 0 = Red's back rank, exactly the ICCS coordinates of docs/RULES.md.

use std::fmt;
use std::ops::Deref;

/// One of the two sides. Red moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// Red (帅), upper case in FEN, `w` in FEN.
    Red = 0,
    /// Black (将), lower case in FEN, `b` in FEN.
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// 0 for Red, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// Red's sign for scores seen from Red: +1 for Red, -1 for Black.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "red",
            Color::Black => "black",
        })
    }
}

/// One value for each side, reached by its colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// Red's.
    pub red: T,
    /// Black's.
    pub black: T,
}

impl<T> ByColor<T> {
    /// Red's value and Black's.
    pub const fn new(red: T, black: T) -> ByColor<T> {
        ByColor { red, black }
    }

    /// `f` of each side's value.
    pub fn map<U>(&self, f: impl Fn(&T) -> U) -> ByColor<U> {
        ByColor::new(f(&self.red), f(&self.black))
    }
}

impl<T> std::ops::Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

impl<T> std::ops::IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    /// 帅/将, FEN `K`.
    General = 0,
    /// 仕/士, FEN `A`.
    Advisor = 1,
    /// 相/象, FEN `B` (or `E`).
    Elephant = 2,
    /// 马, FEN `N` (or `H`).
    Horse = 3,
    /// 车, FEN `R`.
    Chariot = 4,
    /// 炮, FEN `C`.
    Cannon = 5,
    /// 兵/卒, FEN `P`.
    Soldier = 6,
}

impl PieceKind {
    /// All kinds in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
    ];

    /// 0..7.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind one side has in a full set.
    pub const fn max_count(self) -> u8 {
        match self {
            PieceKind::General => 1,
            PieceKind::Soldier => 5,
            _ => 2,
        }
    }

    /// Upper-case FEN letter.
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::General => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Soldier => 'P',
        }
    }

    /// Parses a FEN letter of either case, accepting `E` for elephant and `H` for horse.
    pub fn from_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::General,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Soldier,
            _ => return None,
        })
    }

    /// English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::General => "general",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Kind.
    pub kind: PieceKind,
}

impl Piece {
    /// Makes a piece.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// FEN letter: upper case for Red, lower case for Black.
    pub fn fen_char(self) -> char {
        let c = self.kind.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Internal board code: `color * 8 + kind + 1` (0 means empty).
    #[inline]
    pub const fn code(self) -> u8 {
        (self.color as u8) * 8 + self.kind as u8 + 1
    }

    /// Inverse of [`Piece::code`]; `None` for 0.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let color = if code & 8 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let kind = PieceKind::ALL[((code & 7) - 1) as usize];
        Some(Piece { color, kind })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.kind.name())
    }
}

/// A point of the board, `rank * 9 + file`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of points.
    pub const COUNT: usize = 90;

    /// Every square, a0 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// The square at `file` (0..9, `a`..`i`) and `rank` (0..10), if on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// From an index 0..90.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 90 { Some(Square(i as u8)) } else { None }
    }

    #[inline]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        Square(i as u8)
    }

    /// 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (`a`..`i`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0..10 (Red's back rank is 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The same point seen from the other side (rotated 180°).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
    }

    /// Parses `h2` (case-insensitive).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&f) || !b[1].is_ascii_digit() {
            return None;
        }
        Square::new(f - b'a', b[1] - b'0')
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// A move: from-square and to-square packed in 16 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move(u16);

impl Move {
    /// The null move (a0a0); never legal, used as "no move".
    pub const NULL: Move = Move(0);

    /// Makes a move.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | ((to.0 as u16) << 8))
    }

    /// Origin.
    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & 0xff) as u8)
    }

    /// Destination.
    #[inline]
    pub const fn to(self) -> Square {
        Square((self.0 >> 8) as u8)
    }

    /// True for [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// The raw 16 bits (for hash tables).
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// Inverse of [`Move::to_bits`]; `None` if a square is off the board.
    pub const fn from_bits(bits: u16) -> Option<Move> {
        if (bits & 0xff) < 90 && (bits >> 8) < 90 {
            Some(Move(bits))
        } else {
            None
        }
    }

    /// Parses ICCS coordinates: `h2e2`, also `H2-E2`. Says nothing about legality.
    pub fn from_iccs(s: &str) -> Option<Move> {
        let s = s.trim();
        let (a, b) = if s.len() == 5 && s.as_bytes()[2] == b'-' {
            (s.get(0..2)?, s.get(3..5)?)
        } else if s.len() == 4 {
            (s.get(0..2)?, s.get(2..4)?)
        } else {
            return None;
        };
        Some(Move::new(Square::parse(a)?, Square::parse(b)?))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

/// Upper bound on moves in any position (the real maximum is below 120).
pub const MAX_MOVES: usize = 128;

/// A fixed-capacity list of moves that lives on the stack.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // The bound is structural (no position has more than MAX_MOVES moves);
        // `get_mut` keeps release builds free of an abort path anyway.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Keeps the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut w = 0;
        for r in 0..self.len {
            let m = self.moves[r];
            if f(m) {
                self.moves[w] = m;
                w += 1;
            }
        }
        self.len = w;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|m| m.to_string()))
            .finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
