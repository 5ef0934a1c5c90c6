//! Atomic file writes: write a temporary file in the target's directory,
//! flush it to disk, then rename (or link) it into place. Readers see the
//! old file or the new one, never a mixture; an error leaves the target as
//! it was and removes the temporary file.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Replaces `path` with `bytes` atomically, creating parent directories.
///
/// # Errors
/// Any I/O error; `path` is then unchanged and no temporary file remains.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = write_temp(path, bytes)?;
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(path);
    Ok(())
}

/// Writes `bytes` to `path` atomically only if `path` does not exist yet.
///
/// # Errors
/// [`io::ErrorKind::AlreadyExists`] if it does (the existing file is left
/// alone), or any other I/O error.
pub fn write_new_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if path.exists() {
        return Err(io::Error::new(io::ErrorKind::AlreadyExists, "file exists"));
    }
    let tmp = write_temp(path, bytes)?;
    // A hard link fails if the target exists, so no race can overwrite it.
    let linked = fs::hard_link(&tmp, path);
    let result = match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        // File systems without hard links: check, then rename.
        Err(_) if path.exists() => Err(io::Error::new(io::ErrorKind::AlreadyExists, "file exists")),
        Err(_) => fs::rename(&tmp, path),
    };
    let _ = fs::remove_file(&tmp);
    if result.is_ok() {
        sync_dir(path);
    }
    result
}

/// Writes and syncs a uniquely named temporary file beside `path`.
fn write_temp(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir)?;
    let tmp = dir.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let write = || -> io::Result<()> {
        let mut f = File::options().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    };
    match write() {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Makes the rename durable (Unix); best effort.
fn sync_dir(path: &Path) {
    #[cfg(unix)]
    if let Some(dir) = path.parent()
        && let Ok(d) = File::open(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        })
    {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// True for the temporary files this module writes (for listings to skip).
pub fn is_temp_file(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.') && n.ends_with(".tmp"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn write_atomic_creates_dirs_replaces_and_leaves_no_temp_files() {
        let t = TempDir::new("atomic");
        let p = t.path().join("a/b/file.json");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two, longer").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two, longer");
        assert_eq!(names(&t.path().join("a/b")), ["file.json"]);
    }

    #[test]
    fn write_atomic_error_leaves_target_unchanged_and_no_temp() {
        let t = TempDir::new("atomic-err");
        // The target is a non-empty directory: rename must fail.
        let p = t.path().join("target");
        fs::create_dir_all(p.join("inside")).unwrap();
        assert!(write_atomic(&p, b"x").is_err());
        assert!(p.join("inside").is_dir());
        assert_eq!(names(t.path()), ["target"]);
    }

    #[test]
    fn write_new_atomic_never_overwrites() {
        let t = TempDir::new("atomic-new");
        let p = t.path().join("game.pgn");
        write_new_atomic(&p, b"first").unwrap();
        let e = write_new_atomic(&p, b"second").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&p).unwrap(), b"first");
        assert_eq!(names(t.path()), ["game.pgn"]);
    }

    #[test]
    fn temp_files_are_recognised() {
        assert!(is_temp_file(Path::new("/x/.game.pgn.12-0.tmp")));
        assert!(!is_temp_file(Path::new("/x/game.pgn")));
    }
}
