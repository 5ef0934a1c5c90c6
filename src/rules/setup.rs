//! A position being set up by hand (the position editor): pieces put on and
//! taken off any point, the side to move, and the FEN with its verdict.
//!
//! A [`Setup`] holds any arrangement, legal or not, so the player can pass
//! through illegal ones on the way to what they want; only the number of
//! pieces is held to what a set has, since a piece that is not in the box
//! cannot be put down. [`Setup::validate`] asks the FEN reader, whose typed
//! errors say what is wrong and where ("red general on d4 is outside its
//! palace"), and gives the [`Position`] to play or analyse when all is well.

use super::fen::{FenError, board_fen, side_char};
use super::position::Position;
use super::types::{Color, Piece, PieceKind, Square};

/// Why a piece cannot be put down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Every piece of that kind and colour is already on the board.
    #[error("all {max} of {piece}s are on the board", piece = .piece)]
    SetFull {
        /// The piece.
        piece: Piece,
        /// How many a set has.
        max: u8,
    },
}

/// An arrangement of pieces and a side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    points: [Option<Piece>; Square::COUNT],
    /// Who moves first from it.
    pub side_to_move: Color,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::empty()
    }
}

impl Setup {
    /// No pieces, Red to move.
    pub fn empty() -> Setup {
        Setup {
            points: [None; Square::COUNT],
            side_to_move: Color::Red,
        }
    }

    /// The pieces and side to move of `pos`.
    pub fn from_position(pos: &Position) -> Setup {
        let mut s = Setup::empty();
        for sq in Square::all() {
            s.points[sq.index()] = pos.piece_at(sq);
        }
        s.side_to_move = pos.side_to_move();
        s
    }

    /// The start position.
    pub fn start() -> Setup {
        Setup::from_position(&Position::startpos())
    }

    /// Reads the pieces and side to move of a FEN without asking whether
    /// a game can be played from it (a general outside its palace is kept,
    /// for the editor to show and [`Setup::validate`] to name); only the
    /// string's form and the set's piece counts are held to.
    ///
    /// # Errors
    /// A [`FenError`] for a malformed board or side field, or more pieces of
    /// a kind than a set has.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields = crate::rules::fen::read_fields(fen)?;
        let mut s = Setup::empty();
        for (sq, piece) in fields.pieces {
            if s.place(sq, piece).is_err() {
                let kind = piece.kind;
                return Err(FenError::TooMany {
                    color: piece.color,
                    kind,
                    found: kind.max_count() + 1,
                    max: kind.max_count(),
                });
            }
        }
        s.side_to_move = fields.side;
        Ok(s)
    }

    /// The piece on `sq`.
    pub fn piece(&self, sq: Square) -> Option<Piece> {
        self.points[sq.index()]
    }

    /// Every piece with its point.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece(sq).map(|p| (sq, p)))
    }

    /// How many of `piece` are on the board.
    pub fn count(&self, piece: Piece) -> u8 {
        self.points.iter().filter(|&&p| p == Some(piece)).count() as u8
    }

    /// How many of `piece` are still in the box.
    pub fn in_box(&self, piece: Piece) -> u8 {
        piece.kind.max_count().saturating_sub(self.count(piece))
    }

    /// Puts `piece` on `sq`, replacing what was there.
    ///
    /// # Errors
    /// [`SetupError::SetFull`] when every piece of its kind and colour is
    /// already on the board (elsewhere).
    pub fn place(&mut self, sq: Square, piece: Piece) -> Result<(), SetupError> {
        if self.piece(sq) != Some(piece) && self.in_box(piece) == 0 {
            return Err(SetupError::SetFull {
                piece,
                max: piece.kind.max_count(),
            });
        }
        self.points[sq.index()] = Some(piece);
        Ok(())
    }

    /// Takes the piece off `sq`, returning it.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        self.points[sq.index()].take()
    }

    /// Moves the piece on `from` to `to` (capturing what was there); nothing
    /// happens if `from` is empty.
    pub fn move_piece(&mut self, from: Square, to: Square) {
        if from != to
            && let Some(p) = self.remove(from)
        {
            self.points[to.index()] = Some(p);
        }
    }

    /// Takes every piece off.
    pub fn clear(&mut self) {
        self.points = [None; Square::COUNT];
    }

    /// The FEN of the arrangement (no move counts: `- - 0 1`).
    pub fn fen(&self) -> String {
        format!(
            "{} {} - - 0 1",
            board_fen(|sq| self.piece(sq)),
            side_char(self.side_to_move)
        )
    }

    /// The position, if the arrangement is one a game can be played from.
    ///
    /// # Errors
    /// The FEN reader's [`FenError`]: a missing or extra general, a piece
    /// outside its palace or on a point it can never reach, facing
    /// generals, the side not to move in check.
    ///
    /// # Examples
    /// ```
    /// use xiangqi::rules::setup::Setup;
    /// use xiangqi::rules::{Color, Piece, PieceKind, Square};
    /// let mut s = Setup::start();
    /// s.move_piece(Square::parse("e0").unwrap(), Square::parse("d4").unwrap());
    /// let err = s.validate().unwrap_err();
    /// assert_eq!(err.to_string(), "red general on d4 is outside its palace");
    /// ```
    pub fn validate(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.fen())
    }

    /// Every piece in the order the editor's palette shows them.
    pub fn palette(color: Color) -> [Piece; 7] {
        PieceKind::ALL.map(|k| Piece::new(color, k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn the_start_setup_is_the_start_position_and_round_trips() {
        let s = Setup::start();
        assert_eq!(s.validate().unwrap(), Position::startpos());
        let mut pos = Position::startpos();
        pos.play(crate::rules::Move::from_iccs("h2e2").unwrap())
            .unwrap();
        let again = Setup::from_position(&pos);
        assert_eq!(again.side_to_move, Color::Black);
        assert_eq!(
            again.validate().unwrap().fen(),
            Setup::from_position(&pos).fen()
        );
        assert_eq!(
            again.validate().unwrap().piece_at(sq("e2")),
            pos.piece_at(sq("e2"))
        );
    }

    #[test]
    fn no_more_pieces_than_a_set_has() {
        let mut s = Setup::start();
        let chariot = Piece::new(Color::Red, PieceKind::Chariot);
        assert_eq!(s.in_box(chariot), 0);
        assert_eq!(
            s.place(sq("e5"), chariot),
            Err(SetupError::SetFull {
                piece: chariot,
                max: 2
            })
        );
        // Putting a piece back where one of its kind stands is allowed.
        assert_eq!(s.place(sq("a0"), chariot), Ok(()));
        assert_eq!(s.remove(sq("a0")), Some(chariot));
        assert_eq!(s.in_box(chariot), 1);
        s.place(sq("e5"), chariot).unwrap();
        assert_eq!(s.count(chariot), 2);
        assert!(
            s.place(sq("e6"), chariot)
                .unwrap_err()
                .to_string()
                .contains("all 2")
        );
    }

    #[test]
    fn an_empty_board_needs_its_generals_and_the_errors_say_why() {
        let mut s = Setup::empty();
        assert!(s.validate().unwrap_err().to_string().contains("generals"));
        s.place(sq("e0"), Piece::new(Color::Red, PieceKind::General))
            .unwrap();
        s.place(sq("d9"), Piece::new(Color::Black, PieceKind::General))
            .unwrap();
        let pos = s.validate().expect("two generals apart are a position");
        assert_eq!(pos.side_to_move(), Color::Red);
        // Facing generals.
        s.move_piece(sq("d9"), sq("e9"));
        assert!(
            s.validate()
                .unwrap_err()
                .to_string()
                .contains("face each other")
        );
        // Black to move while Red is not... a soldier on its own side's first ranks.
        s.move_piece(sq("e9"), sq("d9"));
        s.place(sq("a0"), Piece::new(Color::Red, PieceKind::Soldier))
            .unwrap();
        assert!(s.validate().unwrap_err().to_string().contains("a0"));
        s.clear();
        assert_eq!(s.pieces().count(), 0);
    }

    #[test]
    fn a_fen_is_read_leniently_but_its_form_and_the_set_are_held_to() {
        // The general outside its palace is kept for the editor to show.
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/3K5/P1P1P1P1P/1C5C1/9/RNBA1ABNR b - - 0 1";
        let s = Setup::from_fen(fen).expect("well formed");
        assert_eq!(
            s.piece(sq("d4")),
            Some(Piece::new(Color::Red, PieceKind::General))
        );
        assert_eq!(s.side_to_move, Color::Black);
        assert_eq!(s.fen(), fen);
        assert_eq!(
            s.validate().unwrap_err().to_string(),
            "red general on d4 is outside its palace"
        );
        assert_eq!(Setup::from_fen(&Setup::start().fen()), Ok(Setup::start()));
        assert!(matches!(
            Setup::from_fen("9/9/9"),
            Err(FenError::RowCount { found: 3 })
        ));
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/RRR6"),
            Err(FenError::TooMany { max: 2, .. })
        ));
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/8 w"),
            Err(FenError::RowLength { rank: 0, .. })
        ));
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/9 x"),
            Err(FenError::BadSide { .. })
        ));
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/45"),
            Err(FenError::AdjacentDigits { .. })
        ));
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/4X4"),
            Err(FenError::UnknownChar { ch: 'X', .. })
        ));
    }

    #[test]
    fn the_fen_follows_the_side_to_move() {
        let mut s = Setup::start();
        s.side_to_move = Color::Black;
        assert_eq!(
            s.fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
        );
        assert_eq!(Setup::palette(Color::Black).len(), 7);
    }
}
