//! Atomic file writes: write a temporary file in the target's directory,
//! flush it to disk, then rename (or link) it into place. Readers see the
//! old file or the new one, never a mixture; an error leaves the target as
//! it was and removes the temporary file.
//!
//! Only a regular file (or a new path) is replaced that way. A symbolic
//! link is followed and the file it names is written, so the link stays; a
//! character device or a FIFO (`/dev/stdout`, `/dev/null`, a named pipe)
//! is written directly, since renaming over it would replace the device
//! node itself; a folder or a block device is refused.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where a write to a path goes, once symbolic links are followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A regular file, or nothing yet: written atomically.
    File(PathBuf),
    /// A character device, FIFO or socket: written directly, in order.
    Stream(PathBuf),
}

impl Target {
    /// The path written to (the end of any chain of links).
    pub fn path(&self) -> &Path {
        match self {
            Target::File(p) | Target::Stream(p) => p,
        }
    }
}

/// Follows `path` through symbolic links (up to 40) to the path they name,
/// which need not exist.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// What writing to `path` means: see [`Target`]. A path under `/dev` or
/// `/proc` that exists is always written directly: `/dev/stdout` may name
/// a regular file the shell opened (`> x.png`), and only writing through
/// it reaches that file.
///
/// # Errors
/// [`io::ErrorKind::IsADirectory`] for a folder, an error for a block
/// device (a picture written over a disk is never what was meant), or the
/// error reading what `path` is.
pub fn target(path: &Path) -> io::Result<Target> {
    // The kernel follows the links (also /proc's, which name pipes).
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a folder",
        )),
        Ok(m) if is_block_device(&m) => Err(io::Error::other(
            "it is a block device; refusing to write over it",
        )),
        Ok(_) if path.starts_with("/dev") || path.starts_with("/proc") => {
            Ok(Target::Stream(path.to_path_buf()))
        }
        Ok(m) if m.is_file() => Ok(Target::File(resolve(path)?)),
        Ok(_) => Ok(Target::Stream(path.to_path_buf())),
        // A new file, or the one a dangling link names.
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Target::File(resolve(path)?)),
        Err(e) => Err(e),
    }
}

#[cfg(unix)]
fn is_block_device(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    m.file_type().is_block_device()
}

#[cfg(not(unix))]
fn is_block_device(_: &fs::Metadata) -> bool {
    false
}

/// Replaces `path` with `bytes` atomically, creating parent directories
/// (see the module notes for links and devices).
///
/// # Errors
/// Any I/O error; `path` is then unchanged and no temporary file remains.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match target(path)? {
        Target::Stream(p) => write_stream(&p, bytes),
        Target::File(p) => {
            create_parent(&p)?;
            replace(&p, bytes)
        }
    }
}

/// [`write_atomic`] for a file the user named: the folder must exist (a
/// mistyped folder is an error, not created).
///
/// # Errors
/// [`io::ErrorKind::NotFound`] naming the missing folder, or any other
/// I/O error; `path` is then unchanged.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match target(path)? {
        Target::Stream(p) => write_stream(&p, bytes),
        Target::File(p) => {
            check_parent(&p)?;
            replace(&p, bytes)
        }
    }
}

/// Checks that the folder `path` would go in exists.
///
/// # Errors
/// [`io::ErrorKind::NotFound`] naming the folder.
pub fn check_parent(path: &Path) -> io::Result<()> {
    let dir = parent(path);
    match fs::metadata(&dir) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(io::Error::new(
            io::ErrorKind::NotADirectory,
            format!("{} is not a folder", dir.display()),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("the folder {} does not exist", dir.display()),
        )),
        Err(e) => Err(e),
    }
}

fn write_stream(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // Appending: a file behind `/dev/stdout` (`>> log`) keeps what it holds.
    let mut f = File::options().append(true).open(path)?;
    f.write_all(bytes)?;
    f.flush()
}

fn parent(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn create_parent(path: &Path) -> io::Result<()> {
    fs::create_dir_all(parent(path))
}

/// Temp file and rename over the regular file (or new path) `path`.
fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_temp(path, bytes)?
        .persist(path)
        .map_err(|e| e.error)?;
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
    // Never over a file that appeared meanwhile: the rename refuses to
    // replace one (or a hard link is made, where renames cannot refuse).
    write_temp(path, bytes)?
        .persist_noclobber(path)
        .map_err(|e| e.error)?;
    sync_dir(path);
    Ok(())
}

/// Writes and syncs a uniquely named temporary file beside `path`
/// (`.name.XXXXXX.tmp`, tempfile's); it is removed again if anything
/// fails before it is renamed into place.
fn write_temp(path: &Path, bytes: &[u8]) -> io::Result<tempfile::NamedTempFile> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "path has no file name"))?;
    let dir = parent(path);
    fs::create_dir_all(&dir)?;
    let prefix = format!(".{}.", name.to_string_lossy());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // The file gets the usual permissions (as `File::create` gives, the
    // umask applied), not tempfile's owner-only ones.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    Ok(tmp)
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

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_followed_and_stays_a_link() {
        let t = TempDir::new("atomic-link");
        let real = t.path().join("real.png");
        fs::write(&real, b"old").unwrap();
        let link = t.path().join("link.png");
        std::os::unix::fs::symlink("real.png", &link).unwrap();
        write_output(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new");
        // A dangling link: the file it names is created.
        let dangling = t.path().join("dangling.png");
        std::os::unix::fs::symlink("made.png", &dangling).unwrap();
        write_atomic(&dangling, b"made").unwrap();
        assert_eq!(fs::read(t.path().join("made.png")).unwrap(), b"made");
        assert!(
            fs::symlink_metadata(&dangling)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_directly_never_replaced() {
        let null = Path::new("/dev/null");
        assert_eq!(target(null).unwrap(), Target::Stream(null.to_path_buf()));
        let t = TempDir::new("atomic-fifo");
        let fifo = t.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert_eq!(target(&fifo).unwrap(), Target::Stream(fifo.clone()));
        }
        write_output(null, b"picture").unwrap();
        let m = fs::metadata(null).unwrap();
        assert!(!m.is_file(), "/dev/null was replaced by a file");
        // /dev/full takes nothing: the error is the device's, not a rename's.
        let e = write_output(Path::new("/dev/full"), b"x").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull, "{e}");
    }

    #[test]
    fn write_output_refuses_a_missing_folder_and_a_folder() {
        let t = TempDir::new("atomic-out");
        let e = write_output(&t.path().join("no/such/x.png"), b"x").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        assert!(e.to_string().contains("does not exist"), "{e}");
        assert!(!t.path().join("no").exists());
        let e = write_output(t.path(), b"x").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::IsADirectory);
    }

    #[test]
    fn temp_files_are_recognised() {
        assert!(is_temp_file(Path::new("/x/.game.pgn.12-0.tmp")));
        assert!(!is_temp_file(Path::new("/x/game.pgn")));
    }
}
