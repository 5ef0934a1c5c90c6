//! Opening lines for matches: one per line, `startpos [moves …]` or
//! `FEN [moves …]` (a FEN may also be written `fen FEN …`), `#` starts a
//! comment, blank lines are skipped. Every move is checked, and an error
//! names the line.

use crate::rules::{Game, GameError, Move, Position};

/// One opening: a start position and the moves played from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// 1-based line in the file (0 for the built-in start position).
    pub line: usize,
    /// The start position.
    pub start: Position,
    /// Moves played from `start` before the engines take over.
    pub moves: Vec<Move>,
}

impl Opening {
    /// The standard start position with no moves.
    pub fn startpos() -> Opening {
        Opening {
            line: 0,
            start: Position::startpos(),
            moves: Vec::new(),
        }
    }
}

/// What is wrong with an openings file, and on which line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningsError {
    /// A line whose position is not one.
    #[error("{file} line {line}: bad position '{fen}': {error}")]
    Position {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// The position as written.
        fen: String,
        /// Why it is not one.
        error: crate::rules::FenError,
    },
    /// A word after `moves` that is not an ICCS move.
    #[error("{file} line {line}: move {number} '{word}' is not an ICCS move")]
    NotAMove {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based move of the line.
        number: usize,
        /// The word.
        word: String,
    },
    /// A move the game refuses there.
    #[error("{file} line {line}: move {number} '{word}': {error}")]
    Refused {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based move of the line.
        number: usize,
        /// The move.
        word: String,
        /// Why: illegal, or the game was already over.
        error: RefusedMove,
    },
    /// A line that ends where the game is over: nothing left to play.
    #[error("{file} line {line}: the game is already over: {outcome}")]
    Over {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// How it had ended.
        outcome: crate::rules::Outcome,
    },
    /// No line with an opening.
    #[error("{0}: no openings in it")]
    Empty(String),
}

/// Why the game refused an opening's move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefusedMove {
    /// Not legal there.
    #[error(transparent)]
    Illegal(crate::rules::IllegalMove),
    /// The game had ended before it.
    #[error("the game is already over: {0}")]
    Over(crate::rules::Outcome),
}

/// Reads an openings text; `source` names it in errors.
///
/// # Errors
/// [`OpeningsError`]: the first bad line, or no opening at all.
pub fn parse(text: &str, source: &str) -> Result<Vec<Opening>, OpeningsError> {
    let mut out = Vec::new();
    // A file saved with a byte-order mark (as some editors on Windows do).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(k) => (&words[..k], &words[k + 1..]),
            None => (&words[..], &[][..]),
        };
        let start = match setup {
            ["startpos"] => Position::startpos(),
            ["fen", fen @ ..] | fen => {
                Position::from_fen(&fen.join(" ")).map_err(|error| OpeningsError::Position {
                    file: source.to_string(),
                    line: n,
                    fen: fen.join(" "),
                    error,
                })?
            }
        };
        // Played as a game: an opening that runs into the end of the game
        // (mate, a repetition, the 60-move rule) leaves nothing to play.
        let mut game = Game::new(start);
        let mut list = Vec::new();
        for (k, w) in moves.iter().enumerate() {
            let m = Move::from_iccs(w).ok_or_else(|| OpeningsError::NotAMove {
                file: source.to_string(),
                line: n,
                number: k + 1,
                word: w.to_string(),
            })?;
            game.play(m).map_err(|e| OpeningsError::Refused {
                file: source.to_string(),
                line: n,
                number: k + 1,
                word: w.to_string(),
                error: match e {
                    GameError::Over(o) => RefusedMove::Over(o),
                    GameError::Illegal(e) => RefusedMove::Illegal(e),
                },
            })?;
            list.push(m);
        }
        if let Some(outcome) = game.outcome() {
            return Err(OpeningsError::Over {
                file: source.to_string(),
                line: n,
                outcome,
            });
        }
        out.push(Opening {
            line: n,
            start,
            moves: list,
        });
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty(source.to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_skipped() {
        // A file saved with a BOM was refused on line 1.
        let openings = parse("\u{feff}startpos moves h2e2\nstartpos\n", "bom.txt").unwrap();
        assert_eq!(openings.len(), 2);
    }

    #[test]
    fn lines_comments_and_fens_are_read() {
        let text = "# comment\n\nstartpos moves h2e2 h9g7\n\
                    rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b2e2\n\
                    fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
                    startpos # trailing comment\n";
        let o = parse(text, "t").unwrap();
        assert_eq!(o.len(), 4);
        assert_eq!((o[0].line, o[0].moves.len()), (3, 2));
        assert_eq!(o[1].moves.len(), 1);
        assert!(o[2].moves.is_empty() && o[3].moves.is_empty());
    }

    #[test]
    fn errors_name_the_line_and_the_move() {
        let e = parse("startpos\nstartpos moves h2e2 h2e2\n", "f.txt")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("f.txt line 2: move 2 'h2e2'"), "{e}");
        let e = parse("startpos moves zz\n", "f").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("'zz'"), "{e}");
        let e = parse("rnb w\n", "f").unwrap_err().to_string();
        assert!(e.contains("line 1: bad position"), "{e}");
        // Horses out and back twice: the start position a third time.
        let e = parse(
            "startpos moves h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9\n",
            "f",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("line 1: the game is already over"), "{e}");
        assert!(
            parse("# nothing\n", "f")
                .unwrap_err()
                .to_string()
                .contains("no openings")
        );
    }
}
