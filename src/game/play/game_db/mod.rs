//! The game database in the game: one handle for the file, the player's
//! finished games added to it, and collections imported from the game.
//!
//! The file is opened on first use, off the main thread, and every query
//! and write runs there too ([`GameDb::run`]): the frame never waits for
//! SQLite. A finished game against the computer (or hot-seat) is added as
//! the player's own as soon as it ends; AI-vs-AI games and puzzle attempts
//! are not. An import ([`DbCommand::Import`]) reports its progress and,
//! at the end, what it added and what it refused.

use crate::game::i18n::{Phrase, rebuilt_text};
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::session::Session;
use crate::game::settings::{CurrentLang, StorePaths};
use crate::game::{GameSet, Screen};
use crate::store::db::{Database, DbError, Owner, Progress, Recovery, Summary, saved_game_owner};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use crossbeam_channel::Receiver;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

mod finished;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameDb>()
        .init_resource::<DbImport>()
        .init_resource::<finished::Recorded>()
        .add_message::<DbCommand>()
        .add_systems(
            Update,
            (open_handle, handle_commands, follow_import, report_rebuild)
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(
            Update,
            finished::record_finished_games
                .in_set(GameSet::Present)
                .run_if(
                    in_state(Screen::Playing)
                        .and_then(in_state(Play::Free))
                        .and_then(resource_exists::<Session>),
                ),
        );
}

/// What the player asks of the database.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum DbCommand {
    /// Import these record files and folders.
    Import(Vec<PathBuf>),
}

/// The database, opened on first use by whichever task needs it.
#[derive(Resource, Clone, Default)]
pub struct GameDb(Option<Arc<Mutex<Handle>>>, Arc<Mutex<Option<Recovery>>>);

/// Why a job on the game database gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum GameDbError {
    /// The game keeps no files (no home folder).
    #[error("the game keeps no files here (no home folder)")]
    NoHome,
    /// Not opened yet.
    #[error("the game database is not open")]
    NotOpen,
    /// It could not be opened (as it was said when it was tried).
    #[error("{0}")]
    CannotOpen(String),
    /// The job's own error.
    #[error(transparent)]
    Db(#[from] DbError),
}

enum Handle {
    /// Not opened yet: the file and the saved-games folder (to rebuild
    /// from, were the file damaged).
    Closed(PathBuf, PathBuf),
    /// Open.
    Open(Box<Database>),
    /// It could not be opened: why (said once, then every use says it).
    Failed(String),
}

impl GameDb {
    /// A database at `path`, opened on first use.
    pub fn at(path: PathBuf, saved_games: PathBuf) -> GameDb {
        GameDb(
            Some(Arc::new(Mutex::new(Handle::Closed(path, saved_games)))),
            Arc::default(),
        )
    }

    /// A rebuild done when the file was opened, taken (said once).
    fn take_rebuild(&self) -> Option<Recovery> {
        self.1.try_lock().ok().and_then(|mut r| r.take())
    }

    /// Is there a database (the store has a home)?
    pub fn exists(&self) -> bool {
        self.0.is_some()
    }

    /// Runs `job` with the database on a task of the pool; the task's answer
    /// is `job`'s, or why the database cannot be used.
    pub fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Database) -> Result<T, DbError> + Send + 'static,
    ) -> Task<Result<T, GameDbError>> {
        let handle = self.0.clone();
        let rebuilt = self.1.clone();
        AsyncComputeTaskPool::get().spawn(async move {
            let Some(handle) = handle else {
                return Err(GameDbError::NoHome);
            };
            let mut guard = handle.lock().unwrap_or_else(PoisonError::into_inner);
            if let Handle::Closed(path, saved) = &*guard {
                // Checked whole once a run (a second or two on a big file),
                // here off the main thread.
                *guard = match Database::open_or_rebuild(path, true, Some(saved), &saved_game_owner)
                {
                    Ok((db, recovery)) => {
                        *rebuilt.lock().unwrap_or_else(PoisonError::into_inner) = recovery;
                        Handle::Open(Box::new(db))
                    }
                    // Another program writing: opened again by the next job.
                    Err(e) if e.is_busy() => return Err(GameDbError::Db(e)),
                    Err(e) => Handle::Failed(e.to_string()),
                };
            }
            match &mut *guard {
                Handle::Open(db) => job(db).map_err(GameDbError::from),
                Handle::Failed(why) => Err(GameDbError::CannotOpen(why.clone())),
                Handle::Closed(..) => Err(GameDbError::NotOpen),
            }
        })
    }
}

fn open_handle(paths: Option<Res<StorePaths>>, mut db: ResMut<GameDb>) {
    if db.exists() {
        return;
    }
    if let Some(p) = paths.as_ref().and_then(|p| p.0.as_ref()) {
        *db = GameDb::at(p.database_file(), p.games_dir());
    }
}

/// Says once that the file was damaged (or newer) and rebuilt, and where
/// the old one is.
fn report_rebuild(db: Res<GameDb>, mut notice: ResMut<Notice>, lang: CurrentLang) {
    if let Some(r) = db.take_rebuild() {
        let heading = if r.newer {
            Phrase::DatabaseRebuiltNewer
        } else {
            Phrase::DatabaseRebuilt
        };
        notice.post(heading, rebuilt_text(&r, *lang), true);
    }
}

/// An import from the game: its progress while it runs, its summary after.
#[derive(Resource, Default)]
pub struct DbImport {
    task: Option<Task<Result<Summary, GameDbError>>>,
    progress_rx: Option<Receiver<Progress>>,
    /// The latest progress of the running import.
    pub progress: Option<Progress>,
    /// What the last import did.
    pub summary: Option<Summary>,
    /// Why the last import could not run.
    pub error: Option<String>,
}

impl DbImport {
    /// Is an import running?
    pub fn running(&self) -> bool {
        self.task.is_some()
    }
}

fn handle_commands(
    mut commands: MessageReader<DbCommand>,
    db: Res<GameDb>,
    mut import: ResMut<DbImport>,
    mut notice: ResMut<Notice>,
) {
    for command in commands.read() {
        match command {
            DbCommand::Import(paths) => {
                if import.running() {
                    notice.post(Phrase::DatabaseImportRunning, String::new(), false);
                    continue;
                }
                let (tx, rx) = crossbeam_channel::unbounded();
                let paths = paths.clone();
                import.progress = None;
                import.summary = None;
                import.error = None;
                import.progress_rx = Some(rx);
                import.task = Some(db.run(move |db| {
                    db.import(&paths, Owner::Collected, &mut |p| {
                        let _ = tx.send(p.clone());
                    })
                }));
            }
        }
    }
}

fn follow_import(mut import: ResMut<DbImport>, mut notice: ResMut<Notice>) {
    let import = &mut *import;
    if let Some(rx) = &import.progress_rx
        && let Some(p) = rx.try_iter().last()
    {
        import.progress = Some(p);
    }
    let Some(task) = &mut import.task else {
        return;
    };
    let Some(answer) = check_ready(task) else {
        return;
    };
    import.task = None;
    import.progress_rx = None;
    match answer {
        Ok(summary) => {
            let first_refusal = summary
                .refused
                .first()
                .map_or(String::new(), |r| format!("; {r}"));
            notice.post(
                Phrase::DatabaseImported,
                format!(
                    "+{} · ={} · ×{}{first_refusal}",
                    summary.added,
                    summary.duplicates,
                    summary.refused.len()
                ),
                !summary.refused.is_empty(),
            );
            import.summary = Some(summary);
        }
        Err(why) => {
            let why = why.to_string();
            notice.post(Phrase::DatabaseFailed, why.clone(), true);
            import.error = Some(why);
        }
    }
}
