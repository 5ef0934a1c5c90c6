//! What the move list's empty room shows at the start of a game, so it is
//! never a blank: the player's record against the level faced (its last
//! games first), and the engine's own book moves for the position on the
//! board while it is in the book. Until [`SHOWN_UNTIL`] plies are played.

use crate::engine::book::{self, BookMove};
use crate::game::play::session::Session;
use crate::rules::Position;
use crate::store::players::Player;
use crate::store::profile::Profile;

/// How many of the book's moves are shown.
pub const BOOK_MOVES: usize = 4;
/// How many of the last games against the level are told one by one.
pub const LAST_GAMES: usize = 6;
/// The notes go once this many plies are played (the list fills the room).
pub const SHOWN_UNTIL: usize = 16;

/// The player's games against one level.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelRecord {
    /// The level.
    pub level: u8,
    /// Games won, drawn and lost against it.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// The points of the last games (1, ½, 0), newest first.
    pub last: Vec<f64>,
}

/// The notes for the game on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct StartNotes {
    /// Against the computer at a level the player has met before.
    pub record: Option<LevelRecord>,
    /// The position the book moves are for.
    pub position: Position,
    /// The book's moves there, best first (none out of the book).
    pub book: Vec<BookMove>,
}

/// The notes for `session` (the player's rated games from `profile`; the
/// book's moves only `with_book`, not while the explorer shows them), or
/// `None` once the game is past its start or there is nothing to say.
pub fn start_notes(
    session: &Session,
    profile: Option<&Profile>,
    with_book: bool,
) -> Option<StartNotes> {
    if session.game.moves().len() >= SHOWN_UNTIL {
        return None;
    }
    let position = *session.position();
    let record = session
        .setup
        .human_color()
        .and_then(|human| match session.setup.player(human.flip()) {
            Player::Ai { level } => Some(level),
            _ => None,
        })
        .and_then(|level| record_against(profile?, level));
    let book: Vec<BookMove> = if with_book {
        book::embedded()
            .moves(&position)
            .into_iter()
            .take(BOOK_MOVES)
            .collect()
    } else {
        Vec::new()
    };
    (record.is_some() || !book.is_empty()).then_some(StartNotes {
        record,
        position,
        book,
    })
}

/// The player's rated games against `level`, or `None` before the first.
pub fn record_against(profile: &Profile, level: u8) -> Option<LevelRecord> {
    let games: Vec<f64> = profile
        .history
        .iter()
        .filter(|g| g.level == level)
        .map(|g| g.score)
        .collect();
    if games.is_empty() {
        return None;
    }
    let count = |f: fn(f64) -> bool| games.iter().filter(|&&s| f(s)).count() as u32;
    Some(LevelRecord {
        level,
        won: count(|s| s > 0.75),
        drawn: count(|s| (0.25..=0.75).contains(&s)),
        lost: count(|s| s < 0.25),
        last: games.iter().rev().take(LAST_GAMES).copied().collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use crate::game::play::session::GameSetup;
    use crate::rules::Move;
    use crate::store::Players;
    use crate::store::profile::RatedGame;

    fn session(mode: Mode, start: Position, moves: &[&str]) -> Session {
        let mut s = Session::new(
            GameSetup {
                players: Players::new(mode, 10, 10),
                start,
            },
            0.0,
        );
        for m in moves {
            s.game.play(Move::from_iccs(m).unwrap()).unwrap();
        }
        s
    }

    fn profile(games: &[(u8, f64)]) -> Profile {
        let mut p = Profile::default();
        for (i, &(level, score)) in games.iter().enumerate() {
            p.history.push(RatedGame {
                at: 1_000 + i as u64,
                level,
                level_rating: 1900,
                score,
                weight: 1.0,
                rating: 1800.0,
            });
        }
        p
    }

    #[test]
    fn against_the_computer_the_record_against_its_level_newest_first() {
        let p = profile(&[(10, 1.0), (9, 0.0), (10, 0.5), (10, 0.0), (10, 0.0)]);
        let notes = start_notes(
            &session(Mode::Red, Position::startpos(), &[]),
            Some(&p),
            true,
        )
        .unwrap();
        let r = notes.record.unwrap();
        assert_eq!((r.level, r.won, r.drawn, r.lost), (10, 1, 1, 2));
        assert_eq!(r.last, [0.0, 0.0, 0.5, 1.0]);
        // The book's moves for the start, best first.
        assert!(!notes.book.is_empty() && notes.book.len() <= BOOK_MOVES);
        // Never met: no record; two players: none either.
        let fresh = profile(&[(9, 1.0)]);
        let s = session(Mode::Red, Position::startpos(), &[]);
        assert_eq!(start_notes(&s, Some(&fresh), true).unwrap().record, None);
        let s = session(Mode::Hotseat, Position::startpos(), &[]);
        assert_eq!(start_notes(&s, Some(&p), true).unwrap().record, None);
    }

    #[test]
    fn the_notes_go_out_of_the_book_or_past_the_start() {
        // Out of the book with no record: nothing to say.
        let odd = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1").unwrap();
        assert_eq!(
            start_notes(&session(Mode::Hotseat, odd, &[]), None, true),
            None
        );
        // Past the start: the list fills the room.
        let moves = [
            "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h4", "c6c5", "b0c2", "b7a7", "c3c4",
            "h7i7", "h4h9", "g7h9", "b2b6", "a9b9",
        ];
        let s = session(Mode::Hotseat, Position::startpos(), &moves);
        assert_eq!(start_notes(&s, None, true), None);
        let s = session(Mode::Hotseat, Position::startpos(), &moves[..2]);
        assert!(start_notes(&s, None, true).is_some_and(|n| !n.book.is_empty()));
        // With the explorer showing the book, only a record is left to say.
        assert_eq!(start_notes(&s, None, false), None);
    }
}
