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

use super::{UtcTime, Warning, atomic};
use serde::Serialize;
use std::io::{self, Read};
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
    let mut bytes = Vec::new();
    file.take(MAX_STORE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_STORE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("more than {} MB", MAX_STORE_BYTES >> 20),
        ));
    }
    Ok(Some(bytes))
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
