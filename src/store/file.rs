//! The one way the player's store files (settings, progress, puzzles,
//! profile …) are read, set aside when damaged, and written.
//!
//! - [`read_store_file`] reads what is a regular file only — a pipe is
//!   refused without waiting on it, a device without reading it — and at
//!   most [`MAX_STORE_BYTES`].
//! - [`StoreFile`] is a file's meaning: how its bytes are read
//!   ([`StoreFile::parse`], with a [`Warning`] for anything damaged *or
//!   dropped for its meaning*: a bad position, a duplicate, a value out of
//!   range), and how what another window saved meanwhile is taken in
//!   ([`StoreFile::merge`]).
//! - [`save`] reads the file again just before writing: what it holds is
//!   merged in, and if reading it would warn, it is set aside first
//!   ([`set_aside_if_damaged`]: `name-damaged-<stamp>.json`), so nothing in
//!   it is ever written over.

use super::record::take_at_most;
use super::{UtcTime, Warning, atomic};
use serde::Serialize;
use std::io;
use std::path::{Path, PathBuf};

/// The largest store file read (64 MB: the largest the game writes, a
/// long list of the player's puzzles with their themes, is far smaller).
pub const MAX_STORE_BYTES: u64 = 64 << 20;

/// The bytes of the store file at `path`; `None` when there is none.
///
/// What is not a regular file (a pipe, a device, a folder) is refused
/// without blocking: the kind is checked before opening, the file is
/// opened without waiting for a writer, and checked again once open.
///
/// # Errors
/// [`io::ErrorKind::InvalidInput`] for what is not a regular file,
/// [`io::ErrorKind::FileTooLarge`] past [`MAX_STORE_BYTES`], or the I/O error.
pub fn read_store_file(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
        Ok(m) => regular(&m)?,
    }
    let file = open_without_waiting(path)?;
    regular(&file.metadata()?)?;
    take_at_most(file, MAX_STORE_BYTES, "a store file").map(Some)
}

/// `Ok` for a regular file's metadata.
fn regular(m: &std::fs::Metadata) -> io::Result<()> {
    if m.is_file() {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file (a pipe, a device or a folder)",
        ))
    }
}

/// Opens for reading; a pipe put in place after the check does not block.
#[cfg(unix)]
fn open_without_waiting(path: &Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// A store file's meaning: how it is read, and how two windows' saves
/// come together.
pub trait StoreFile: Serialize + Default + Sized {
    /// The value in `bytes` (of the file at `path`, which the warning
    /// names): whatever could be read, and a warning when anything was
    /// damaged or left out (a wrong shape, a bad position, a duplicate, a
    /// value out of range). A file that warns is set aside before the
    /// first save over it.
    fn parse(path: &Path, bytes: &[u8]) -> (Self, Option<Warning>);

    /// Takes in `on_disk`, what the file holds just before a save (another
    /// window may have saved since this one read it). Without a rule of
    /// its own the value saved replaces the file's.
    fn merge(&mut self, on_disk: Self) {
        let _ = on_disk;
    }

    /// What writing changes in the value itself (a format's version).
    fn written(&mut self) {}
}

/// Reads a store file: none → the default and no warning; one that cannot
/// be read (not a regular file, too large, an I/O error) → the default and
/// a warning; else [`StoreFile::parse`].
pub fn load<T: StoreFile>(path: &Path) -> (T, Option<Warning>) {
    match read_store_file(path) {
        Ok(Some(bytes)) => T::parse(path, &bytes),
        Ok(None) => (T::default(), None),
        Err(e) => (
            T::default(),
            Some(Warning {
                path: path.to_path_buf(),
                problems: vec![format!("cannot be read ({e}); using the defaults")],
            }),
        ),
    }
}

/// Writes `value` to `path` atomically, as pretty JSON: what the file holds
/// now is first merged into `value` ([`StoreFile::merge`]), and a file that
/// would warn (or cannot be read) is set aside before it is replaced.
///
/// # Errors
/// Any I/O error; the old file is then unchanged (or set aside).
pub fn save<T: StoreFile>(value: &mut T, path: &Path) -> io::Result<()> {
    let mut on_disk = None;
    set_aside_if_damaged(path, |bytes| {
        let (found, warning) = T::parse(path, bytes);
        on_disk = Some(found);
        warning.is_some()
    })?;
    if let Some(found) = on_disk {
        value.merge(found);
    }
    value.written();
    write_json(value, path)
}

/// Writes `value` to `path` atomically as pretty JSON, with a final newline.
///
/// # Errors
/// Any I/O error; the old file is then unchanged.
pub fn write_json<T: Serialize>(value: &T, path: &Path) -> io::Result<()> {
    let mut json = serde_json::to_string_pretty(value).map_err(io::Error::other)?;
    json.push('\n');
    atomic::write_atomic(path, json.as_bytes())
}

/// Before the first write over `path`: if the file there is damaged (it
/// cannot be read — not a regular file, too large —, or `damaged` says
/// loading it would warn), renames it to
/// `name-damaged-2024-05-01_143005.json` beside it, so what it still holds
/// is never overwritten. Returns the new name, or `None` if the file was
/// fine or missing.
///
/// # Errors
/// The rename failed; the caller must not write then.
pub fn set_aside_if_damaged(
    path: &Path,
    damaged: impl FnOnce(&[u8]) -> bool,
) -> io::Result<Option<PathBuf>> {
    let is_damaged = match read_store_file(path) {
        Ok(Some(bytes)) => damaged(&bytes),
        Ok(None) => return Ok(None),
        Err(_) => true,
    };
    if !is_damaged {
        return Ok(None);
    }
    set_aside(path).map(Some)
}

/// Renames `path` to `name-damaged-<stamp>[-n].ext` beside it, never over
/// another file; the new name.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let stamp = UtcTime::now().file_stamp();
    let stem = path
        .file_stem()
        .map_or_else(|| "file".into(), |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    let dir = path.parent().unwrap_or(Path::new("."));
    for n in 1..1000 {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let aside = dir.join(format!("{stem}-damaged-{stamp}{suffix}{ext}"));
        // A hard link never replaces an existing file; then drop the old name.
        match std::fs::hard_link(path, &aside) {
            Ok(()) => {
                std::fs::remove_file(path)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) if aside.exists() => continue,
            // File systems without hard links.
            Err(_) => {
                std::fs::rename(path, &aside)?;
                return Ok(aside);
            }
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free name to keep the damaged file under",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::course::CourseProgress;
    use crate::store::my_puzzles::MyPuzzles;
    use crate::store::profile::Profile;
    use crate::store::puzzles::Progress;
    use crate::store::settings::Settings;
    use crate::store::test_util::TempDir;
    use std::sync::mpsc;
    use std::time::Duration;

    /// `f()` on another thread; panics when it takes more than 10 s (a
    /// read that waits on a pipe for ever).
    fn within_10s<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
        rx.recv_timeout(Duration::from_secs(10))
            .expect("finished without waiting on the pipe")
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_or_a_device_named_as_a_store_file_is_refused_without_waiting() {
        // F8: a FIFO named course-progress.json blocked the game for good.
        let t = TempDir::new("store-fifo");
        let mkfifo = |path: &Path| {
            let made = std::process::Command::new("mkfifo")
                .arg(path)
                .status()
                .expect("mkfifo runs");
            assert!(made.success());
        };
        let path = t.path().join("course-progress.json");
        mkfifo(&path);
        let p = path.clone();
        let (progress, warning) = within_10s(move || CourseProgress::load(&p));
        assert_eq!(progress, CourseProgress::default());
        let w = warning.expect("a notice").to_string();
        assert!(w.contains("not a regular file"), "{w}");
        // The first save sets the pipe aside and writes a file.
        let p = path.clone();
        within_10s(move || {
            let mut c = CourseProgress::default();
            c.record_solved("board-1", 3);
            c.save(&p)
        })
        .unwrap();
        assert_eq!(CourseProgress::load(&path).0.stars("board-1"), 3);
        let all = names(t.path());
        assert_eq!(all.len(), 2, "{all:?}");
        assert!(all[0].starts_with("course-progress-damaged-"), "{all:?}");
        // A device behind the name is not read until memory runs out.
        let zero = t.path().join("my-puzzles.json");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let (mine, w) = within_10s(move || MyPuzzles::load(&zero));
        assert!(mine.puzzles.is_empty());
        assert!(
            w.expect("a notice")
                .to_string()
                .contains("not a regular file")
        );
        // The autosave and the waiting games are read the same way.
        let autosave = t.path().join("autosave.json");
        mkfifo(&autosave);
        assert!(within_10s(
            move || crate::store::autosave::load(&autosave).is_err()
        ));
        let waiting = t.path().join("waiting.json");
        mkfifo(&waiting);
        assert!(within_10s(move || crate::store::db::waiting::load(
            &waiting
        )
        .is_err()));
    }

    #[test]
    fn a_store_file_over_the_cap_is_refused_and_kept() {
        let t = TempDir::new("store-large");
        let path = t.path().join("puzzle-progress.json");
        let f = std::fs::File::create(&path).unwrap();
        f.set_len(MAX_STORE_BYTES + 1).unwrap();
        let err = read_store_file(&path).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        let (p, w) = Progress::load(&path);
        assert_eq!((p, w.is_some()), (Progress::default(), true));
        assert!(
            read_store_file(&t.path().join("none.json"))
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_in_every_store_file() {
        // F14: a BOM made the whole file "damaged": every setting reset.
        let t = TempDir::new("store-bom");
        let settings = t.path().join("settings.json");
        std::fs::write(
            &settings,
            "\u{feff}{\"volume\": 30, \"piece_set\": \"brush\", \"first_start_done\": false}",
        )
        .unwrap();
        let (s, w) = Settings::load(&settings);
        assert_eq!(w, None);
        assert_eq!(s.volume, 30);
        assert!(
            !s.first_start_done,
            "the file's own answer, not a migration's"
        );
        assert_eq!(s.piece_set, crate::render::PieceSet::Brush);
        let course = t.path().join("course-progress.json");
        std::fs::write(&course, "\u{feff}{\"stars\": {\"board-1\": 2}}").unwrap();
        let (c, w) = CourseProgress::load(&course);
        assert_eq!((c.stars("board-1"), w), (2, None));
        let profile = t.path().join("profile.json");
        std::fs::write(&profile, "\u{feff}{\"rating\": 900.0, \"games\": 3}").unwrap();
        let (p, w) = Profile::load(&profile);
        assert_eq!((p.rating, p.games, w), (Some(900.0), 3, None));
    }

    /// The files of commit fbd853f (`tests/data/store/`): each opens as
    /// before, with no notice, reads back to the same bytes (but for the
    /// last digit of a rating: serde_json reads floats to within one unit
    /// in the last place, as it did then), and a save over it sets nothing
    /// aside.
    #[test]
    fn the_files_written_before_open_as_before() {
        fn same<T: StoreFile + std::fmt::Debug>(dir: &Path, name: &str) -> T {
            same_as::<T>(dir, name, true)
        }
        fn same_as<T: StoreFile + std::fmt::Debug>(dir: &Path, name: &str, exact: bool) -> T {
            let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/store");
            let text = std::fs::read_to_string(data.join(name)).unwrap();
            let path = dir.join(name);
            std::fs::write(&path, &text).unwrap();
            let (mut value, warning) = load::<T>(&path);
            assert_eq!(warning, None, "{name}");
            let mut again = serde_json::to_string_pretty(&value).unwrap();
            again.push('\n');
            save(&mut value, &path).unwrap();
            let saved = std::fs::read_to_string(&path).unwrap();
            assert_eq!(saved, again, "{name}");
            if exact {
                assert_eq!(again, text, "{name}");
            }
            value
        }
        let t = TempDir::new("store-compat");
        let course: CourseProgress = same(t.path(), "course-progress.json");
        assert_eq!(course.stars("board-1"), 3);
        assert!(course.is_lesson_done("chariot"));
        let progress: Progress = same(t.path(), "puzzle-progress.json");
        assert_eq!(progress.solved.len(), 2);
        let mine: MyPuzzles = same(t.path(), "my-puzzles.json");
        assert_eq!(mine.puzzles.len(), 2);
        assert!(mine.puzzles[0].theme.is_some() && mine.puzzles[1].composed);
        let profile: Profile = same_as(t.path(), "profile.json", false);
        assert_eq!((profile.games, profile.history.len()), (5, 5));
        let rating = profile.rating.unwrap();
        assert!((rating - 945.903_366_027_480_7).abs() < 1e-9, "{rating}");
        assert_eq!(profile.history[2].score, 0.0);
        assert_eq!(profile.history[4].weight, 0.5);
        assert_eq!(names(t.path()).len(), 4, "nothing set aside");
    }
}
