//! `--moves` read the same way by every command that takes it (`explain`,
//! `db search`/`export`, `book show`): each argument split at spaces (so a
//! quoted line `"h2e2 h9g7"` is two moves), move numbers between the moves
//! skipped as in PGN (`1.`, `１．`, `2...`), each move in any notation the
//! rules read, played through the rules' game, so a move after the game
//! is over (mate, a threefold repetition, the 60-move rule) is refused as
//! `replay` refuses it.

use super::CliError;
use super::output::escape_controls;
use crate::rules::pgn::{move_number_label, move_part};
use crate::rules::{Game, GameError, Position, notation};

/// The move tokens of `--moves` arguments, move numbers left out.
pub fn tokens(args: &[String]) -> impl Iterator<Item = &str> {
    args.iter()
        .flat_map(|a| a.split_whitespace())
        .filter_map(|token| match move_part(token) {
            Some(mv) => Some(mv),
            None if token.contains(['.', '．', '。', '…']) => None,
            None => Some(token),
        })
}

/// The game of `--moves` played from `start`; a move both WXF and the
/// Vietnamese notation read, differently, is read in `prefer` (refused as
/// ambiguous without one).
///
/// # Errors
/// `--moves: 'TOKEN' at move N: WHY` for a move that cannot be read, is
/// not legal, or comes after the game is over.
pub fn play(
    start: Position,
    args: &[String],
    prefer: Option<notation::Notation>,
) -> Result<Game, CliError> {
    let mut game = Game::new(start);
    for token in tokens(args) {
        let pos = *game.position();
        let at = |why: String| {
            CliError::new(format!(
                "--moves: '{}' at move {}: {why}",
                escape_controls(token),
                move_number_label(&pos)
            ))
        };
        let m = notation::parse_typed_move(&pos, token, prefer).map_err(|e| at(e.to_string()))?;
        game.play(m).map_err(|e| match e {
            GameError::Over(o) => at(format!("the game is already over: {o}")),
            GameError::Illegal(i) => at(i.to_string()),
        })?;
    }
    Ok(game)
}
