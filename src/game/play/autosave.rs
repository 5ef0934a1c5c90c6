//! Keeping the game: the autosave after every change, and Menu → Continue.
//!
//! The autosave ([`crate::store::autosave`]) is written atomically whenever
//! the session's generation moves on, so a killed process loses at most the
//! move in flight. It holds the mode, the levels, the game's move tree
//! (every move, an undone tail included, with the variations, comments and
//! marks), and the cursor, so Continue restores the exact game and whose turn it is. A finished game stays in the autosave: Continue then shows it over
//! and reviewable, until a new game replaces it. An unfinished game is
//! never replaced silently: a new game first keeps it in the saved games
//! (or, if that folder cannot be written, moves the autosave aside) and
//! says so. Puzzle attempts are not autosaved.
//!
//! Continue hands the restored game to the session as a [`PendingGame`]:
//! the session starts as usual and the record replaces its game in the
//! first frame.
//!
//! Problems (a corrupt autosave, a file that cannot be written) go to
//! [`Notice`], which the game shows; nothing here panics or overwrites a
//! file it could not read.

use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::session::{GameCommand, GameSetup, PendingGame, Session, Takebacks};
use crate::game::settings::StorePaths;
use crate::game::{GameSet, Mode, Screen};
use crate::store::autosave::{self, SavedGame};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ContinueGame>()
        .init_resource::<FreshGame>()
        .add_systems(OnEnter(Screen::Playing), mark_fresh)
        .add_systems(
            Update,
            (continue_game, mark_new_game).in_set(GameSet::Input),
        )
        .add_systems(
            Update,
            autosave_changes
                .in_set(GameSet::Present)
                .run_if(in_state(Play::Free).and_then(resource_exists::<Session>)),
        );
}

/// Set when a game starts (entering the board, or New game): before the
/// next autosave, an unfinished game in the autosave that is not the one
/// on the board is kept in the saved games, so a new game never discards
/// it silently.
#[derive(Resource, Default)]
struct FreshGame(bool);

fn mark_fresh(mut fresh: ResMut<FreshGame>) {
    fresh.0 = true;
}

fn mark_new_game(mut commands: MessageReader<GameCommand>, mut fresh: ResMut<FreshGame>) {
    if commands.read().any(|c| *c == GameCommand::NewGame) {
        fresh.0 = true;
    }
}

/// Restore the autosaved game (Menu → Continue).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContinueGame;

/// Is there an autosave to continue?
pub fn can_continue(paths: Option<&StorePaths>) -> bool {
    paths
        .and_then(|p| p.0.as_ref())
        .is_some_and(|p| p.autosave_file().is_file())
}

fn continue_game(
    mut requests: MessageReader<ContinueGame>,
    mut commands: Commands,
    paths: Option<Res<StorePaths>>,
    mut setup: ResMut<GameSetup>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut play: ResMut<NextState<Play>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(paths) = paths.as_ref().and_then(|p| p.0.as_ref()) else {
        notice.post(Phrase::NoSavedGame, "", true);
        return;
    };
    let file = paths.autosave_file();
    match autosave::load(&file) {
        Ok(Some(restored)) => {
            if let Some(why) = &restored.repaired {
                notice.post(Phrase::AutosaveRepaired, why.clone(), true);
            }
            let saved = &restored.saved;
            *setup = GameSetup {
                // An engine no longer in the list says so when it is to
                // move, and the built-in level can take over.
                players: saved.players.clone(),
                start: *restored.game.start(),
            };
            // The clocks as they were at the cursor.
            let first = restored.game.start().side_to_move();
            let clock = saved
                .clock
                .as_ref()
                .map(|c| c.to_clock(first, restored.game.ply()));
            commands.insert_resource(PendingGame {
                game: restored.game,
                browse: None,
                clock,
                takebacks: Takebacks {
                    count: saved.takebacks,
                    to_start: saved.taken_back_to_start,
                    rated: false,
                },
            });
            play.set(Play::Free);
            next.set(Screen::Playing);
        }
        Ok(None) => notice.post(Phrase::NoSavedGame, "", true),
        Err(e) => notice.post(Phrase::CannotContinue, e.to_string(), true),
    }
}

/// What was last written, to write only changes.
#[derive(Default, PartialEq)]
struct Written {
    moves: Vec<crate::rules::Move>,
    cursor: usize,
    tree: crate::store::autosave::SavedTree,
    over: bool,
    mode: Option<Mode>,
    start: u64,
}

fn autosave_changes(
    session: Res<Session>,
    paths: Option<Res<StorePaths>>,
    pending: Option<Res<PendingGame>>,
    mut notice: ResMut<Notice>,
    clock: Option<Res<crate::game::play::clock::MatchClock>>,
    mut written: Local<Written>,
    mut failed: Local<bool>,
    mut fresh: ResMut<FreshGame>,
) {
    if pending.is_some() || !session.is_changed() {
        return;
    }
    let Some(paths) = paths.as_ref().and_then(|p| p.0.as_ref()) else {
        return;
    };
    let game = &session.game;
    let mut saved = SavedGame::from_game(game, session.setup.players.clone());
    saved.takebacks = session.takebacks.count;
    saved.taken_back_to_start = session.takebacks.to_start;
    let now = Written {
        tree: saved.record.clone(),
        moves: game.all_moves().to_vec(),
        cursor: game.ply(),
        over: game.outcome().is_some(),
        mode: Some(session.setup.players.mode),
        start: game.start().hash(),
    };
    if *written == now {
        return;
    }
    if fresh.0 {
        fresh.0 = false;
        match autosave::keep_unfinished(&paths.autosave_file(), &paths.games_dir(), &saved) {
            Ok(Some(kept)) => notice.post(
                Phrase::UnfinishedGameKept,
                crate::store::file_name(&kept),
                false,
            ),
            Ok(None) => {}
            Err(why) => {
                // Neither kept nor moved aside: not written over.
                if !*failed {
                    notice.post(Phrase::AutosaveFailed, why.to_string(), true);
                }
                *failed = true;
                fresh.0 = true;
                return;
            }
        }
    }
    // The clocks as they stand when the moves last changed.
    saved.clock = clock
        .as_ref()
        .and_then(|c| c.clock.as_ref())
        .map(|c| crate::store::autosave::SavedClock::from_clock(c, game.all_moves().len()));
    match autosave::save(&paths.autosave_file(), &saved) {
        Ok(()) => {
            *written = now;
            *failed = false;
        }
        Err(e) => {
            // Said once, not after every move.
            if !*failed {
                notice.post(Phrase::AutosaveFailed, e.to_string(), true);
            }
            *failed = true;
        }
    }
}
