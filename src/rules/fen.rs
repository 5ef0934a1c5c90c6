//! FEN parsing and printing, with the validation docs/RULES.md asks for.
//!
//! Every rejection is a [`FenError`] variant that names the rule broken and
//! the rank/file or character at fault, so a user can fix the string.

use super::position::Position;
use super::types::{Color, Piece, PieceKind, Square};
use std::fmt::Write;

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN string is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing to parse.
    #[error("empty FEN")]
    Empty,
    /// The board field does not have ten rows.
    #[error("the board has {found} {rows}; it needs 10 separated by '/'",
            rows = if *found == 1 { "row" } else { "rows" })]
    RowCount {
        /// Rows found.
        found: usize,
    },
    /// A row does not describe nine points.
    #[error("rank {rank} (row {row} of the FEN) has {found} points; it needs 9")]
    RowLength {
        /// Rank 0..9 (ICCS).
        rank: u8,
        /// Row number in the FEN, 1 = first.
        row: usize,
        /// Points counted.
        found: usize,
    },
    /// Two digits in a row (`54`): one run of empty points is one digit.
    #[error(
        "rank {rank} (row {row} of the FEN) has the digits '{digits}' in a row; \
             a run of empty points is written as one digit"
    )]
    AdjacentDigits {
        /// Rank 0..9 (ICCS).
        rank: u8,
        /// Row number in the FEN, 1 = first.
        row: usize,
        /// The run of digits.
        digits: String,
    },
    /// A character that is neither a piece letter nor a digit 1..9.
    #[error("unknown character '{ch}' in rank {rank}")]
    UnknownChar {
        /// The character.
        ch: char,
        /// Rank 0..9.
        rank: u8,
    },
    /// Not exactly one general of a colour.
    #[error("{color} has {found} generals; it needs exactly one")]
    GeneralCount {
        /// Colour.
        color: Color,
        /// Number found.
        found: usize,
    },
    /// A general or advisor outside its own palace.
    #[error("{piece} on {square} is outside its palace")]
    OutsidePalace {
        /// The piece.
        piece: Piece,
        /// Where.
        square: Square,
    },
    /// An advisor, elephant or soldier on a point it can never reach.
    #[error("{piece} on {square} is on a point it can never reach{why}")]
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where.
        square: Square,
        /// Extra explanation (may be empty).
        why: &'static str,
    },
    /// More pieces of a kind than a set has.
    #[error("{color} has {found} {kind}s; a set has only {max}", kind = kind.name())]
    TooMany {
        /// Colour.
        color: Color,
        /// Kind.
        kind: PieceKind,
        /// Found.
        found: u8,
        /// Allowed.
        max: u8,
    },
    /// The generals face each other on an open file.
    #[error("the generals face each other on file {file} with nothing between")]
    GeneralsFacing {
        /// File letter.
        file: char,
    },
    /// The side that just moved is in check.
    #[error("{color} is not to move but is in check")]
    SideNotToMoveInCheck {
        /// The side in check.
        color: Color,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("side to move is '{found}'; expected 'w' (or 'r') for Red or 'b' for Black")]
    BadSide {
        /// What was there.
        found: String,
    },
    /// Something after the last field (the move number).
    #[error("unexpected text after the FEN: '{text}'")]
    ExtraText {
        /// The extra fields, as written.
        text: String,
    },
    /// A counter field is not a number.
    #[error("{field} is '{found}'; expected a number")]
    BadCounter {
        /// Which counter.
        field: &'static str,
        /// What was there.
        found: String,
    },
}

fn elephant_point(c: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.rank());
    let r = if c == Color::Red { r } else { 9 - r };
    matches!((f, r), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4))
}

fn advisor_point(c: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.rank());
    let r = if c == Color::Red { r } else { 9 - r };
    matches!((f, r), (3 | 5, 0) | (4, 1) | (3 | 5, 2))
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// Parses a FEN. The side field may be omitted (Red), the counters too.
    ///
    /// # Errors
    /// A [`FenError`] naming the first rule the string breaks.
    ///
    /// # Examples
    /// ```
    /// use xiangqi::rules::Position;
    /// let p = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1").unwrap();
    /// assert_eq!(p.legal_moves().len(), 44);
    /// assert!(Position::from_fen("9/9/9").is_err());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::parse_fen(fen, true)
    }

    /// Parses a FEN like [`Position::from_fen`] but without the placement
    /// rules for advisors, elephants and soldiers and without the piece-count
    /// limits. Composed puzzles (残局) sometimes place pieces where no game
    /// could put them; the generals' rules are still enforced.
    ///
    /// # Errors
    /// A [`FenError`] for a malformed string or an impossible general placement.
    pub fn from_fen_lenient(fen: &str) -> Result<Position, FenError> {
        Position::parse_fen(fen, false)
    }

    fn parse_fen(fen: &str, strict: bool) -> Result<Position, FenError> {
        let FenFields { pieces, side, rest } = read_fields(fen)?;
        let mut pos = Position::empty();
        let mut counts = [[0u8; 7]; 2];
        let mut generals = [0usize; 2];
        for (sq, piece) in pieces {
            let (color, kind) = (piece.color, piece.kind);
            if strict || kind == PieceKind::General {
                validate_point(piece, sq)?;
            }
            if kind == PieceKind::General {
                generals[color.index()] += 1;
            }
            let n = &mut counts[color.index()][kind.index()];
            *n += 1;
            if strict && *n > kind.max_count() && kind != PieceKind::General {
                return Err(FenError::TooMany {
                    color,
                    kind,
                    found: *n,
                    max: kind.max_count(),
                });
            }
            if kind != PieceKind::General || generals[color.index()] == 1 {
                pos.put(sq, piece);
            }
        }
        for c in Color::ALL {
            if generals[c.index()] != 1 {
                return Err(FenError::GeneralCount {
                    color: c,
                    found: generals[c.index()],
                });
            }
        }
        pos.set_side(side);
        // Two placeholder fields ("- -"), then the counters; tolerate their
        // absence, but nothing may follow the move number.
        let placeholders = rest.iter().take(2).take_while(|f| **f == "-").count();
        let numbers = &rest[placeholders..];
        if numbers.len() > 2 {
            return Err(FenError::ExtraText {
                text: numbers[2..].join(" "),
            });
        }
        if let Some(h) = numbers.first() {
            pos.halfmove = h.parse().map_err(|_| FenError::BadCounter {
                field: "the ply counter since the last capture",
                found: h.to_string(),
            })?;
        }
        if let Some(n) = numbers.get(1) {
            pos.fullmove = n
                .parse::<u32>()
                .map_err(|_| FenError::BadCounter {
                    field: "the move number",
                    found: n.to_string(),
                })?
                .max(1);
        }
        let (rk, bk) = (pos.king_square(Color::Red), pos.king_square(Color::Black));
        if rk.file() == bk.file() {
            let f = rk.file();
            let open = (rk.rank() + 1..bk.rank())
                .all(|r| Square::new(f, r).is_some_and(|s| pos.piece_at(s).is_none()));
            if open {
                return Err(FenError::GeneralsFacing {
                    file: (b'a' + f) as char,
                });
            }
        }
        if pos.king_attacked(side.flip()) {
            return Err(FenError::SideNotToMoveInCheck { color: side.flip() });
        }
        Ok(pos)
    }

    /// Prints the position as FEN (`w`/`b`, `- -`, counters).
    pub fn fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            board_fen(|sq| self.piece_at(sq)),
            side_char(self.side_to_move()),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}

/// The board field of a FEN (rank 9 first, files a to i, digits for runs
/// of empty points) for the pieces `piece_at` gives: the one writer for
/// [`Position`] and [`crate::rules::setup::Setup`].
pub(crate) fn board_fen(piece_at: impl Fn(Square) -> Option<Piece>) -> String {
    let mut s = String::with_capacity(90);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            match Square::new(file, rank).and_then(&piece_at) {
                Some(p) => {
                    if empty > 0 {
                        let _ = write!(s, "{empty}");
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// The side field of a FEN: `w` for Red, `b` for Black.
pub(crate) fn side_char(side: Color) -> char {
    match side {
        Color::Red => 'w',
        Color::Black => 'b',
    }
}

/// A FEN's board and side fields, read for their form only.
pub(crate) struct FenFields<'a> {
    /// The pieces in reading order (rank 9 down, files a to i).
    pub pieces: Vec<(Square, Piece)>,
    /// The side to move (Red when the field is missing).
    pub side: Color,
    /// The fields after the side.
    pub rest: Vec<&'a str>,
}

/// Reads a FEN's rows and side to move, holding them to the form only (ten
/// rows of nine points, known letters, no two digits together): no rule of
/// the game is asked. [`Position::from_fen`] and the editor's lenient reading
/// build on it.
///
/// # Errors
/// A [`FenError`] naming the malformed row or field.
pub(crate) fn read_fields(fen: &str) -> Result<FenFields<'_>, FenError> {
    let mut fields = fen.split_whitespace();
    let board = fields.next().ok_or(FenError::Empty)?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 10 {
        return Err(FenError::RowCount { found: rows.len() });
    }
    let mut pieces = Vec::with_capacity(32);
    for (row, text) in rows.iter().enumerate() {
        let rank = 9 - row as u8;
        let mut file = 0usize;
        // Byte index where the current run of digits began.
        let mut run_start = None;
        for (i, ch) in text.char_indices() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                if let Some(start) = run_start {
                    let digits = text[start..]
                        .chars()
                        .take_while(char::is_ascii_digit)
                        .collect();
                    return Err(FenError::AdjacentDigits {
                        rank,
                        row: row + 1,
                        digits,
                    });
                }
                run_start = Some(i);
                file += d as usize;
                continue;
            }
            run_start = None;
            let kind = PieceKind::from_char(ch).ok_or(FenError::UnknownChar { ch, rank })?;
            let color = if ch.is_ascii_uppercase() {
                Color::Red
            } else {
                Color::Black
            };
            if let Some(sq) = Square::new(file as u8, rank).filter(|_| file < 9) {
                pieces.push((sq, Piece::new(color, kind)));
            }
            file += 1;
        }
        if file != 9 {
            return Err(FenError::RowLength {
                rank,
                row: row + 1,
                found: file,
            });
        }
    }
    let side = match fields.next() {
        None | Some("w" | "r" | "W" | "R") => Color::Red,
        Some("b" | "B") => Color::Black,
        Some(other) => {
            return Err(FenError::BadSide {
                found: other.to_string(),
            });
        }
    };
    Ok(FenFields {
        pieces,
        side,
        rest: fields.collect(),
    })
}

fn validate_point(piece: Piece, sq: Square) -> Result<(), FenError> {
    let c = piece.color;
    let own_half = |sq: Square| (sq.rank() <= 4) == (c == Color::Red);
    match piece.kind {
        PieceKind::General | PieceKind::Advisor => {
            if !Position::palace(sq.index()) || !own_half(sq) {
                return Err(FenError::OutsidePalace { piece, square: sq });
            }
            if piece.kind == PieceKind::Advisor && !advisor_point(c, sq) {
                return Err(FenError::Unreachable {
                    piece,
                    square: sq,
                    why: " (advisors stay on the palace diagonals)",
                });
            }
        }
        PieceKind::Elephant if !elephant_point(c, sq) => {
            let why = if own_half(sq) {
                ""
            } else {
                " (elephants never cross the river)"
            };
            return Err(FenError::Unreachable {
                piece,
                square: sq,
                why,
            });
        }
        PieceKind::Soldier => {
            let rel = if c == Color::Red {
                sq.rank()
            } else {
                9 - sq.rank()
            };
            if rel < 3 {
                return Err(FenError::Unreachable {
                    piece,
                    square: sq,
                    why: " (behind its starting rank)",
                });
            }
            if rel < 5 && sq.file() % 2 == 1 {
                return Err(FenError::Unreachable {
                    piece,
                    square: sq,
                    why: " (a soldier changes file only after crossing the river)",
                });
            }
        }
        _ => {}
    }
    Ok(())
}
