//! The player's files the game keeps while it runs — the puzzle progress,
//! the puzzles from the player's games, the profile with the rating, the
//! course progress — in one kind of resource, [`Stored`]: each file is
//! read on first use (a damaged one is said once, in its own notice, and
//! what could be read of it kept), and written whole on each save, with
//! what another window saved meanwhile merged in and a damaged file set
//! aside first ([`crate::store::file::save`]); a save that fails is said.

use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::settings::StorePaths;
use crate::store::Paths;
use crate::store::course::CourseProgress;
use crate::store::file::{self, StoreFile};
use crate::store::my_puzzles::MyPuzzles;
use crate::store::profile::Profile;
use crate::store::puzzles::Progress;
use bevy::prelude::*;
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Stored<Progress>>()
        .init_resource::<Stored<MyPuzzles>>()
        .init_resource::<Stored<Profile>>()
        .init_resource::<Stored<CourseProgress>>();
}

/// A store file the game keeps: where it lives and how it is spoken of.
pub trait GameFile: StoreFile + Send + Sync + 'static {
    /// The notice when the file was read with damage.
    const BROKEN: Phrase;
    /// The notice when the file could not be written.
    const NOT_SAVED: Phrase;
    /// The file among the player's.
    fn path(paths: &Paths) -> PathBuf;
}

/// Each file: its type, its place, its two notices.
macro_rules! game_file {
    ($($t:ty => $file:ident, $broken:ident, $not_saved:ident;)*) => {$(
        impl GameFile for $t {
            const BROKEN: Phrase = Phrase::$broken;
            const NOT_SAVED: Phrase = Phrase::$not_saved;
            fn path(paths: &Paths) -> PathBuf {
                paths.$file()
            }
        }
    )*};
}

game_file! {
    Progress => puzzle_progress_file, ProgressBroken, ProgressNotSaved;
    MyPuzzles => my_puzzles_file, MyPuzzlesBroken, MyPuzzlesNotSaved;
    Profile => profile_file, ProfileBroken, ProfileNotSaved;
    CourseProgress => course_progress_file, CourseProgressBroken, CourseProgressNotSaved;
}

/// A store file, read from the player's folder on first use. Without a
/// folder (`StorePaths(None)`) it starts empty and is never written.
#[derive(Resource)]
pub struct Stored<T: GameFile> {
    loaded: Option<T>,
    version: u64,
}

impl<T: GameFile> Default for Stored<T> {
    fn default() -> Self {
        Stored {
            loaded: None,
            version: 0,
        }
    }
}

impl<T: GameFile> Stored<T> {
    /// The value (read from `paths` the first time; a damaged file is
    /// said in [`GameFile::BROKEN`], and what could be read of it kept).
    pub fn get(&mut self, paths: Option<&StorePaths>, notice: &mut Notice) -> &mut T {
        self.loaded.get_or_insert_with(|| {
            let Some(p) = paths.and_then(|p| p.0.as_ref()) else {
                return T::default();
            };
            let (value, warning) = file::load::<T>(&T::path(p));
            if let Some(w) = warning {
                notice.post(T::BROKEN, w.to_string(), true);
            }
            value
        })
    }

    /// The value if it has been read ([`Stored::get`] reads it); views
    /// read it, never load it.
    pub fn peek(&self) -> Option<&T> {
        self.loaded.as_ref()
    }

    /// Bumped on every save (views rebuild when it moves).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Writes the file, taking in what another window saved meanwhile (the
    /// value here then holds it too); a failure is said in
    /// [`GameFile::NOT_SAVED`].
    pub fn save(&mut self, paths: Option<&StorePaths>, notice: &mut Notice) {
        self.version += 1;
        let (Some(value), Some(p)) = (&mut self.loaded, paths.and_then(|p| p.0.as_ref())) else {
            return;
        };
        if let Err(e) = file::save(value, &T::path(p)) {
            notice.post(T::NOT_SAVED, e.to_string(), true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn home() -> (tempfile::TempDir, StorePaths) {
        let dir = tempfile::tempdir().unwrap();
        let paths = StorePaths(Some(Paths::under(dir.path())));
        (dir, paths)
    }

    #[test]
    fn a_file_read_with_damage_is_said_once_and_set_aside_before_the_save() {
        let (dir, paths) = home();
        let file = Paths::under(dir.path()).my_puzzles_file();
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, r#"{"puzzles": [{"id": "p1", "fen": "x"}]}"#).unwrap();
        let mut notice = Notice::default();
        let mut store = Stored::<MyPuzzles>::default();
        assert!(store.peek().is_none());
        assert!(store.get(Some(&paths), &mut notice).puzzles.is_empty());
        let said = notice.current.clone().expect("a notice");
        assert_eq!(said.what, Phrase::MyPuzzlesBroken);
        assert!(said.detail.contains("puzzle 1"), "{}", said.detail);
        store.get(Some(&paths), &mut notice);
        assert_eq!(notice.serial, 1, "said once");
        store.save(Some(&paths), &mut notice);
        assert_eq!(store.version(), 1);
        let aside = std::fs::read_dir(file.parent().unwrap())
            .unwrap()
            .filter(|e| {
                let name = e.as_ref().unwrap().file_name();
                name.to_string_lossy().starts_with("my-puzzles-damaged-")
            })
            .count();
        assert_eq!(aside, 1);
        assert_eq!(MyPuzzles::load(&file), (MyPuzzles::default(), None));
    }

    #[test]
    fn two_windows_saves_keep_each_others_progress_and_show_it() {
        let (dir, paths) = home();
        let mut notice = Notice::default();
        let (mut a, mut b) = (
            Stored::<CourseProgress>::default(),
            Stored::<CourseProgress>::default(),
        );
        a.get(Some(&paths), &mut notice);
        b.get(Some(&paths), &mut notice);
        a.get(Some(&paths), &mut notice).record_solved("board-1", 3);
        a.save(Some(&paths), &mut notice);
        b.get(Some(&paths), &mut notice).record_solved("board-2", 2);
        b.save(Some(&paths), &mut notice);
        assert_eq!(notice.current, None);
        let shown = b.peek().unwrap();
        assert_eq!((shown.stars("board-1"), shown.stars("board-2")), (3, 2));
        let file = Paths::under(dir.path()).course_progress_file();
        assert_eq!(CourseProgress::load(&file).0, *shown);
    }

    #[test]
    fn without_a_folder_nothing_is_read_or_written() {
        let mut notice = Notice::default();
        let mut store = Stored::<Profile>::default();
        assert_eq!(*store.get(None, &mut notice), Profile::default());
        store.save(None, &mut notice);
        assert_eq!((store.version(), notice.serial), (1, 0));
        store.save(Some(&StorePaths(None)), &mut notice);
        assert_eq!(notice.current, None);
    }
}
