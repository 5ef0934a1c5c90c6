//! Keeping the game: the autosave after every change, Menu → Continue, and
//! starting a game from a record (a saved game, a dropped or pasted file).
//!
//! The autosave ([`crate::store::autosave`]) is written atomically whenever
//! the session's generation moves on, so a killed process loses at most the
//! move in flight. It holds the mode, the levels, every move (with an undone
//! tail) and the cursor, so Continue restores the exact game and whose turn
//! it is. A finished game stays in the autosave: Continue then shows it over
//! and reviewable, until a new game replaces it. Puzzle attempts are not
//! autosaved.
//!
//! A game from elsewhere is handed over as a [`PendingGame`]: the session
//! starts as usual and the pending record replaces its game in the first
//! frame.
//!
//! Problems (a corrupt autosave, a file that cannot be written) go to
//! [`Notice`], which the game shows; nothing here panics or overwrites a
//! file it could not read.

use super::i18n::Text as T;
use super::review::Review;
use super::session::{BoardChanged, GameSetup, Selection, Session};
use super::settings::StorePaths;
use super::{GameSet, Mode, Screen};
use crate::rules::Game;
use crate::store::autosave::{self, GameMode, SavedGame};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>()
        .add_message::<ContinueGame>()
        .add_systems(Update, continue_game.in_set(GameSet::Input))
        .add_systems(
            Update,
            (
                apply_pending.in_set(GameSet::Rules).before(GameSet::Ai),
                autosave_changes.in_set(GameSet::Present),
            )
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Restore the autosaved game (Menu → Continue).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContinueGame;

/// A game to put on the board when the session starts.
#[derive(Resource, Clone, Debug)]
pub struct PendingGame {
    /// The record, cursor included.
    pub game: Game,
    /// Show this ply for review first (a loaded record opens at its start).
    pub review: Option<usize>,
}

/// A message for the player: what happened and the details (file, line…).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice {
    /// The current notice, if any.
    pub current: Option<NoticeText>,
    /// Bumped on every new notice (the toast restarts its timer).
    pub serial: u64,
}

/// One notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeText {
    /// What happened, translated.
    pub what: T,
    /// Details in the words of the file or the system (untranslated).
    pub detail: String,
    /// An error (red) or news (neutral).
    pub error: bool,
}

impl Notice {
    /// Shows `what` with `detail`.
    pub fn post(&mut self, what: T, detail: impl Into<String>, error: bool) {
        let detail = detail.into();
        if error {
            warn!("{}: {detail}", what.get(super::i18n::Lang::En));
        } else {
            info!("{}: {detail}", what.get(super::i18n::Lang::En));
        }
        self.current = Some(NoticeText {
            what,
            detail,
            error,
        });
        self.serial += 1;
    }
}

/// The store's name for a mode.
pub fn game_mode(mode: Mode) -> GameMode {
    match mode {
        Mode::Red => GameMode::Red,
        Mode::Black => GameMode::Black,
        Mode::Hotseat => GameMode::Hotseat,
        Mode::AiVsAi => GameMode::Ai,
    }
}

/// The game's name for a stored mode.
pub fn mode_of(mode: GameMode) -> Mode {
    match mode {
        GameMode::Red => Mode::Red,
        GameMode::Black => Mode::Black,
        GameMode::Hotseat => Mode::Hotseat,
        GameMode::Ai => Mode::AiVsAi,
    }
}

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
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(paths) = paths.as_ref().and_then(|p| p.0.as_ref()) else {
        notice.post(T::NoSavedGame, "", true);
        return;
    };
    let file = paths.autosave_file();
    match autosave::load(&file) {
        Ok(Some(restored)) => {
            if let Some(why) = &restored.repaired {
                notice.post(T::AutosaveRepaired, why.clone(), true);
            }
            let saved = &restored.saved;
            *setup = GameSetup {
                mode: mode_of(saved.mode),
                red_level: saved.red_level,
                black_level: saved.black_level,
                start: *restored.game.start(),
            };
            commands.insert_resource(PendingGame {
                game: restored.game,
                review: None,
            });
            commands.remove_resource::<super::puzzle::ActivePuzzle>();
            next.set(Screen::Playing);
        }
        Ok(None) => notice.post(T::NoSavedGame, "", true),
        Err(e) => notice.post(T::CannotContinue, e.to_string(), true),
    }
}

/// Puts a pending game on the board (first frame of a session).
fn apply_pending(
    mut commands: Commands,
    pending: Option<Res<PendingGame>>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut review: ResMut<Review>,
    time: Res<Time>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some(pending) = pending else {
        return;
    };
    commands.remove_resource::<PendingGame>();
    session.game = pending.game.clone();
    session.generation += 1;
    session.changed_at = time.elapsed_secs_f64();
    // AI vs AI opens paused: the player came to look first.
    session.paused = session.setup.mode == Mode::AiVsAi && session.game.ply() > 0;
    selection.from = None;
    selection.moves.clear();
    review.ply = pending.review.filter(|&p| p < session.game.ply());
    changed.write(BoardChanged::Reset);
}

/// What was last written, to write only changes.
#[derive(Default, PartialEq)]
struct Written {
    moves: Vec<crate::rules::Move>,
    cursor: usize,
    over: bool,
    mode: Option<Mode>,
    start: u64,
}

fn autosave_changes(
    session: Res<Session>,
    paths: Option<Res<StorePaths>>,
    puzzle: Option<Res<super::puzzle::ActivePuzzle>>,
    pending: Option<Res<PendingGame>>,
    mut notice: ResMut<Notice>,
    mut written: Local<Written>,
    mut failed: Local<bool>,
) {
    if puzzle.is_some() || pending.is_some() || !session.is_changed() {
        return;
    }
    let Some(paths) = paths.as_ref().and_then(|p| p.0.as_ref()) else {
        return;
    };
    let game = &session.game;
    let now = Written {
        moves: game.all_moves().to_vec(),
        cursor: game.ply(),
        over: game.outcome().is_some(),
        mode: Some(session.setup.mode),
        start: game.start().hash(),
    };
    if *written == now {
        return;
    }
    let saved = SavedGame::from_game(
        game,
        game_mode(session.setup.mode),
        session.setup.red_level,
        session.setup.black_level,
    );
    match autosave::save(&paths.autosave_file(), &saved) {
        Ok(()) => {
            *written = now;
            *failed = false;
        }
        Err(e) => {
            // Said once, not after every move.
            if !*failed {
                notice.post(T::AutosaveFailed, e.to_string(), true);
            }
            *failed = true;
        }
    }
}

/// Opens `game` (a loaded or pasted record) as a two-player game on the
/// board, shown for review at `review`. From any screen; on the board it
/// replaces the game in play (which the autosave then follows).
pub fn open_game(
    commands: &mut Commands,
    setup: &mut GameSetup,
    session: Option<&mut Session>,
    next: &mut NextState<Screen>,
    game: Game,
    review: Option<usize>,
) {
    let new_setup = GameSetup {
        mode: Mode::Hotseat,
        red_level: setup.red_level,
        black_level: setup.black_level,
        start: *game.start(),
    };
    *setup = new_setup.clone();
    commands.remove_resource::<super::puzzle::ActivePuzzle>();
    commands.insert_resource(PendingGame { game, review });
    match session {
        Some(session) => {
            session.setup = new_setup;
            session.flipped = false;
            session.paused = false;
        }
        None => next.set(Screen::Playing),
    }
}
