//! Where the game keeps its files.
//!
//! Normally the platform directories from the `directories` crate
//! (`ProjectDirs::from("org", "xiangqi", "xiangqi")`): settings in the config
//! directory, the autosave, saved games and puzzle progress in the data
//! directory. If the environment variable `XIANGQI_HOME` is set (and not
//! empty), everything goes under that one folder instead, so tests and CI
//! never touch the real home directory.

use directories::ProjectDirs;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The environment variable that puts every file under one folder.
pub const HOME_ENV: &str = "XIANGQI_HOME";

/// The settings file's name.
pub const SETTINGS_FILE: &str = "settings.json";
/// The autosave file's name.
pub const AUTOSAVE_FILE: &str = "autosave.json";
/// The saved-games folder's name.
pub const GAMES_DIR: &str = "games";
/// The puzzle-progress file's name.
pub const PUZZLE_PROGRESS_FILE: &str = "puzzle-progress.json";
/// The folder of stored game reviews (one file per game reviewed).
pub const REVIEWS_DIR: &str = "reviews";
/// The file of puzzles made from the player's own mistakes.
pub const MY_PUZZLES_FILE: &str = "my-puzzles.json";
/// The game database (SQLite).
pub const DATABASE_FILE: &str = "games.sqlite";
/// The player's rating and its history.
pub const PROFILE_FILE: &str = "profile.json";
/// The beginner's course progress (lessons done, exercises solved, stars).
pub const COURSE_PROGRESS_FILE: &str = "course-progress.json";
/// The finished games waiting to be added to the database.
pub const WAITING_GAMES_FILE: &str = "games-waiting.json";
/// The puzzle trainer's record (rating, solved puzzles, themes, reviews).
pub const TRAINER_FILE: &str = "trainer.json";

/// The game's directories.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// For the settings file.
    pub config_dir: PathBuf,
    /// For the autosave, saved games and puzzle progress.
    pub data_dir: PathBuf,
}

impl Paths {
    /// `XIANGQI_HOME` if set, else the platform directories; `None` when the
    /// platform has no home directory (the game then runs without saving).
    pub fn from_env() -> Option<Paths> {
        Paths::resolve(std::env::var_os(HOME_ENV))
    }

    /// [`Paths::from_env`] with the override passed in (testable without
    /// touching the process environment).
    pub fn resolve(home_override: Option<OsString>) -> Option<Paths> {
        match home_override {
            Some(h) if !h.is_empty() => Some(Paths::under(PathBuf::from(h))),
            _ => Paths::platform(),
        }
    }

    /// The platform directories.
    pub fn platform() -> Option<Paths> {
        let dirs = ProjectDirs::from("org", "xiangqi", "xiangqi")?;
        Some(Paths {
            config_dir: dirs.config_dir().to_path_buf(),
            data_dir: dirs.data_dir().to_path_buf(),
        })
    }

    /// Everything under `root`.
    pub fn under(root: impl Into<PathBuf>) -> Paths {
        let root = root.into();
        Paths {
            config_dir: root.clone(),
            data_dir: root,
        }
    }

    /// The settings file.
    pub fn settings_file(&self) -> PathBuf {
        self.config_dir.join(SETTINGS_FILE)
    }

    /// The autosave file.
    pub fn autosave_file(&self) -> PathBuf {
        self.data_dir.join(AUTOSAVE_FILE)
    }

    /// The saved-games folder.
    pub fn games_dir(&self) -> PathBuf {
        self.data_dir.join(GAMES_DIR)
    }

    /// The puzzle-progress file.
    pub fn puzzle_progress_file(&self) -> PathBuf {
        self.data_dir.join(PUZZLE_PROGRESS_FILE)
    }

    /// The beginner's course progress file.
    pub fn course_progress_file(&self) -> PathBuf {
        self.data_dir.join(COURSE_PROGRESS_FILE)
    }

    /// The folder of stored game reviews.
    pub fn reviews_dir(&self) -> PathBuf {
        self.data_dir.join(REVIEWS_DIR)
    }

    /// The puzzles made from the player's mistakes.
    pub fn my_puzzles_file(&self) -> PathBuf {
        self.data_dir.join(MY_PUZZLES_FILE)
    }

    /// The game database.
    pub fn database_file(&self) -> PathBuf {
        self.data_dir.join(DATABASE_FILE)
    }

    /// The finished games kept in saved games that the database could not
    /// take yet ([`crate::store::db::waiting`]).
    pub fn waiting_games_file(&self) -> PathBuf {
        self.data_dir.join(WAITING_GAMES_FILE)
    }

    /// The player's rating and its history.
    pub fn profile_file(&self) -> PathBuf {
        self.data_dir.join(PROFILE_FILE)
    }

    /// The puzzle trainer's record ([`crate::store::trainer`]).
    pub fn trainer_file(&self) -> PathBuf {
        self.data_dir.join(TRAINER_FILE)
    }

    /// The data directory (for messages such as "saved in …").
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_override_puts_every_file_under_one_folder() {
        let p = Paths::resolve(Some("/tmp/xq-home".into())).unwrap();
        let root = Path::new("/tmp/xq-home");
        assert_eq!(p.settings_file(), root.join("settings.json"));
        assert_eq!(p.autosave_file(), root.join("autosave.json"));
        assert_eq!(p.games_dir(), root.join("games"));
        assert_eq!(p.puzzle_progress_file(), root.join("puzzle-progress.json"));
        assert_eq!(p.trainer_file(), root.join("trainer.json"));
    }

    #[test]
    fn empty_override_falls_back_to_platform_dirs() {
        assert_eq!(Paths::resolve(Some(OsString::new())), Paths::platform());
        assert_eq!(Paths::resolve(None), Paths::platform());
    }
}
