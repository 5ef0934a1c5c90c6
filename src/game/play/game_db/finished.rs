//! The player's finished games, added to the game database as their own.
//!
//! A game that cannot be added when it ends (another program holds the
//! file's write lock longer than SQLite waits, or the file cannot be
//! opened) is not dropped: it is kept in saved games at once and tried
//! again every little while until it is added.

use super::{GameDb, GameDbError};
use crate::game::Mode;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::records::pgn_of;
use crate::game::play::session::{BoardChanged, Session};
use crate::game::settings::{CurrentLang, StorePaths};
use crate::rules::Color as Side;
use crate::rules::pgn::PgnGame;
use crate::store::db::{NewGame, Owner};
use crate::store::library;
use crate::store::record::OpenedGame;
use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a game that could not be added waits before it is tried again.
const RETRY_AFTER: Duration = if cfg!(test) {
    Duration::from_millis(500)
} else {
    Duration::from_secs(10)
};

/// A finished game to add.
struct Finished {
    opened: Arc<OpenedGame>,
    /// The game as a record, for saved games.
    pgn: PgnGame,
    owner: Owner,
    /// Whether it was kept in saved games (once it could not be added).
    kept: bool,
}

/// Where adding a finished game stands.
enum Attempt {
    /// Being added.
    Running(Task<Result<(), GameDbError>>),
    /// Not added yet; tried again from this moment.
    Waiting(Instant),
}

/// Which games were played on the board and which finished game was added.
#[derive(Resource, Default)]
pub(in crate::game::play) struct Recorded {
    /// The start and ply of the last move played on the board: a game
    /// ends "here" only after a move played here (not an opened record
    /// stepped to its end).
    last_move: Option<(u64, usize)>,
    /// The last game added (start, plies, final position), so an end is
    /// added once however many frames it stays on the board.
    last: Option<(u64, usize, u64)>,
    /// Finished games not added yet, each with its attempt.
    pending: Vec<(Finished, Attempt)>,
}

fn add(db: &GameDb, game: &Finished) -> Task<Result<(), GameDbError>> {
    let opened = game.opened.clone();
    let owner = game.owner;
    db.run(move |db| {
        db.add(&NewGame {
            opened: &opened,
            source: "",
            owner,
        })
        .map(|_| ())
    })
}

/// Follows the attempts: a game that could not be added is kept in saved
/// games (said once) and tried again after [`RETRY_AFTER`].
fn follow_pending(
    db: &GameDb,
    paths: Option<&StorePaths>,
    recorded: &mut Recorded,
    notice: &mut Notice,
) {
    let now = Instant::now();
    recorded
        .pending
        .retain_mut(|(game, attempt)| match attempt {
            Attempt::Waiting(at) => {
                if now >= *at {
                    *attempt = Attempt::Running(add(db, game));
                }
                true
            }
            Attempt::Running(task) => match check_ready(task) {
                None => true,
                Some(Ok(())) => false,
                Some(Err(why)) => {
                    if !game.kept {
                        game.kept = true;
                        keep_in_saved_games(game, paths, &why, notice);
                    }
                    *attempt = Attempt::Waiting(now + RETRY_AFTER);
                    true
                }
            },
        });
}

/// Writes a game that could not be added into saved games, and says so.
fn keep_in_saved_games(
    game: &Finished,
    paths: Option<&StorePaths>,
    why: &GameDbError,
    notice: &mut Notice,
) {
    let dir = paths.and_then(|p| p.0.as_ref()).map(|p| p.games_dir());
    let saved = dir.map(|dir| library::save_pgn_game(&dir, &game.pgn));
    match saved {
        Some(Ok(path)) => notice.post(
            Phrase::DatabaseGameKept,
            format!("{why} · {}", path.display()),
            true,
        ),
        Some(Err(e)) => notice.post(Phrase::DatabaseGameWaiting, format!("{why}; {e}"), true),
        None => notice.post(Phrase::DatabaseGameWaiting, why.to_string(), true),
    }
}

pub(super) fn record_finished_games(
    session: Res<Session>,
    db: Res<GameDb>,
    paths: Option<Res<StorePaths>>,
    mut changes: MessageReader<BoardChanged>,
    mut recorded: ResMut<Recorded>,
    mut notice: ResMut<Notice>,
    lang: CurrentLang,
) {
    follow_pending(&db, paths.as_deref(), &mut recorded, &mut notice);
    if changes
        .read()
        .any(|c| matches!(c, BoardChanged::Moved { .. }))
    {
        recorded.last_move = Some((session.game.start().hash(), session.game.ply()));
    }
    if !session.is_changed() || !db.exists() {
        return;
    }
    let owner = match session.setup.players.mode {
        Mode::Red => Owner::Mine(Side::Red),
        Mode::Black => Owner::Mine(Side::Black),
        Mode::Hotseat => Owner::MineBothSides,
        Mode::AiVsAi => return,
    };
    let game = &session.game;
    let Some(outcome) = game.outcome() else {
        return;
    };
    // Only a game played to its end on the board, not an opened record
    // stepped to its last move.
    let played_here = recorded.last_move == Some((game.start().hash(), game.ply()));
    if !played_here || game.ply() != game.all_moves().len() {
        return;
    }
    let key = (game.start().hash(), game.ply(), game.position().hash());
    if recorded.last == Some(key) {
        return;
    }
    recorded.last = Some(key);
    let pgn = pgn_of(&session, *lang);
    let mut tags: Vec<(String, String)> = pgn.tags.clone();
    tags.retain(|(k, _)| !k.eq_ignore_ascii_case("Result"));
    let finished = Finished {
        opened: Arc::new(OpenedGame {
            format: None,
            tags,
            result: Some(outcome.result),
            game: game.clone(),
            clock: None,
        }),
        pgn,
        owner,
        kept: false,
    };
    let task = add(&db, &finished);
    recorded.pending.push((finished, Attempt::Running(task)));
}
