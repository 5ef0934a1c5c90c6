//! The player's finished games, added to the game database as their own.
//!
//! A game that cannot be added when it ends (another program holds the
//! file's write lock longer than SQLite waits, or the file cannot be
//! opened) is not dropped: it is kept in saved games at once and tried
//! again every little while until it is added. The list of such games is
//! on disk too ([`waiting`]), so one still waiting when the program ends
//! is added at the next start.

use super::{GameDb, GameDbError};
use crate::game::Mode;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::records::pgn_of;
use crate::game::play::session::{BoardChanged, Session};
use crate::game::settings::{CurrentLang, StorePaths};
use crate::rules::Color as Side;
use crate::rules::pgn::PgnGame;
use crate::store::db::waiting::{self, WaitingGame};
use crate::store::db::{NewGame, Owner};
use crate::store::library;
use crate::store::record::OpenedGame;
use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};
use std::path::PathBuf;
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
    /// The game as a record, for saved games (none when it came from
    /// there, at a start).
    pgn: Option<PgnGame>,
    owner: Owner,
    /// Whether keeping it in saved games was tried (once it could not be
    /// added).
    kept: bool,
    /// Where it was kept.
    saved: Option<PathBuf>,
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
    /// Whether the games left waiting by the last run were taken up.
    resumed: bool,
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
/// games (said once) and tried again after [`RETRY_AFTER`]; the list on
/// disk follows the games kept.
fn follow_pending(
    db: &GameDb,
    paths: Option<&StorePaths>,
    recorded: &mut Recorded,
    notice: &mut Notice,
) {
    let now = Instant::now();
    let mut changed = false;
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
                Some(Ok(())) => {
                    changed |= game.saved.is_some();
                    false
                }
                Some(Err(why)) => {
                    if !game.kept {
                        game.kept = true;
                        game.saved = keep_in_saved_games(game, paths, &why, notice);
                        changed |= game.saved.is_some();
                    }
                    *attempt = Attempt::Waiting(now + RETRY_AFTER);
                    true
                }
            },
        });
    if changed {
        write_waiting(paths, recorded, notice);
    }
}

/// Writes the list of the games kept and not added yet.
fn write_waiting(paths: Option<&StorePaths>, recorded: &Recorded, notice: &mut Notice) {
    let Some(paths) = paths.and_then(|p| p.0.as_ref()) else {
        return;
    };
    let list: Vec<WaitingGame> = recorded
        .pending
        .iter()
        .filter_map(|(g, _)| Some(WaitingGame::new(g.saved.clone()?, g.owner)))
        .collect();
    if let Err(e) = waiting::save(&paths.waiting_games_file(), &list) {
        notice.post(Phrase::DatabaseFailed, e.to_string(), true);
    }
}

/// Takes up the games the last run left waiting: each is read from saved
/// games and tried at once (one the player has deleted since is dropped).
fn resume_waiting(paths: Option<&StorePaths>, recorded: &mut Recorded, notice: &mut Notice) {
    recorded.resumed = true;
    let Some(paths) = paths.and_then(|p| p.0.as_ref()) else {
        return;
    };
    let list = match waiting::load(&paths.waiting_games_file()) {
        Ok(list) => list,
        Err(e) => {
            notice.post(Phrase::DatabaseFailed, e.to_string(), true);
            return;
        }
    };
    let now = Instant::now();
    for entry in list {
        let Ok(opened) = crate::store::record::open_first(&entry.saved) else {
            continue;
        };
        let game = Finished {
            opened: Arc::new(opened),
            pgn: None,
            owner: entry.owner(),
            kept: true,
            saved: Some(entry.saved),
        };
        recorded.pending.push((game, Attempt::Waiting(now)));
    }
}

/// Writes a game that could not be added into saved games, and says so.
/// Where it was kept, if it was.
fn keep_in_saved_games(
    game: &Finished,
    paths: Option<&StorePaths>,
    why: &GameDbError,
    notice: &mut Notice,
) -> Option<PathBuf> {
    let dir = paths.and_then(|p| p.0.as_ref()).map(|p| p.games_dir());
    let saved = dir.zip(game.pgn.as_ref());
    match saved.map(|(dir, pgn)| library::save_pgn_game(&dir, pgn)) {
        Some(Ok(path)) => {
            notice.post(
                Phrase::DatabaseGameKept,
                format!("{why} · {}", path.display()),
                true,
            );
            return Some(path);
        }
        Some(Err(e)) => notice.post(Phrase::DatabaseGameWaiting, format!("{why}; {e}"), true),
        None => notice.post(Phrase::DatabaseGameWaiting, why.to_string(), true),
    }
    None
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
    if !recorded.resumed && db.exists() {
        resume_waiting(paths.as_deref(), &mut recorded, &mut notice);
    }
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
        pgn: Some(pgn),
        owner,
        kept: false,
        saved: None,
    };
    let task = add(&db, &finished);
    recorded.pending.push((finished, Attempt::Running(task)));
}
