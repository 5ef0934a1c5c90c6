//! Reading the files a command is named: only regular files (a pipe would
//! be waited on for ever, a device read without end — the check `db
//! import` makes of its inputs), and never more than a limit, which holds
//! while reading.

use super::CliError;
use std::io::{self, Read};
use std::path::Path;

/// The most a course file may hold (the built-in course is about 80 KB).
pub const MAX_COURSE_BYTES: u64 = 4 << 20;
/// The most an opening book file may hold (the built-in book is about 1 MB).
pub const MAX_BOOK_BYTES: u64 = 64 << 20;

/// What reading an input file can meet, besides the I/O error itself.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// A pipe, a device or a folder.
    #[error("not a regular file (a pipe, a device or a folder)")]
    NotRegular,
    /// Past the limit.
    #[error("more than {} MB, too large to be {what}", limit >> 20)]
    TooLarge {
        /// The limit in bytes.
        limit: u64,
        /// What the file should be (`a course file`).
        what: &'static str,
    },
    /// The system's error.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Refuses what is not a regular file (following links: a link to
/// `/dev/zero` is a device).
///
/// # Errors
/// [`InputError::NotRegular`], or the error finding the file.
pub fn regular_file(path: &Path) -> Result<(), InputError> {
    if std::fs::metadata(path)?.is_file() {
        Ok(())
    } else {
        Err(InputError::NotRegular)
    }
}

/// The bytes of the regular file `path`, at most `limit` of them.
///
/// # Errors
/// [`InputError`]: not a regular file, too large, or the I/O error.
pub fn read_limited(path: &Path, limit: u64, what: &'static str) -> Result<Vec<u8>, InputError> {
    regular_file(path)?;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge { limit, what });
    }
    Ok(bytes)
}

/// A collection of game records as `rate` and `calibrate` read it: a
/// regular file, at most a collection's limit, a gzipped one unpacked.
pub struct Collection {
    /// The records' bytes.
    pub bytes: Vec<u8>,
    /// A gzipped file that ends early (cut short, damaged at its end): what
    /// was unpacked before the damage is kept, and this says why the rest
    /// is missing.
    pub cut_short: Option<String>,
}

/// Reads a collection (see [`Collection`]).
///
/// # Errors
/// [`InputError`]: not a regular file, too large (packed or unpacked), the
/// I/O error, or a gzip file of which nothing could be unpacked.
pub fn read_collection(path: &Path) -> Result<Collection, InputError> {
    use crate::store::record::MAX_COLLECTION_BYTES as LIMIT;
    let what = "a game collection";
    let packed = read_limited(path, LIMIT, what)?;
    if !packed.starts_with(&[0x1f, 0x8b]) {
        return Ok(Collection {
            bytes: packed,
            cut_short: None,
        });
    }
    let mut bytes = Vec::new();
    // On an error, what was unpacked before it stays in `bytes`.
    let read = flate2::read::MultiGzDecoder::new(packed.as_slice())
        .take(LIMIT + 1)
        .read_to_end(&mut bytes);
    if bytes.len() as u64 > LIMIT {
        return Err(InputError::TooLarge { limit: LIMIT, what });
    }
    match read {
        Ok(_) => Ok(Collection {
            bytes,
            cut_short: None,
        }),
        Err(e) if bytes.is_empty() => Err(InputError::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a gzip file that cannot be unpacked: {e}"),
        ))),
        Err(e) => Ok(Collection {
            bytes,
            cut_short: Some(format!("the gzip file ends early ({e})")),
        }),
    }
}

/// [`read_collection`] for a command: a file that ends early is used as
/// far as it goes, with a `note:` on stderr saying so.
///
/// # Errors
/// `cannot read FILE: …` for what [`read_collection`] refuses.
pub fn read_collection_noting(path: &Path) -> Result<Vec<u8>, CliError> {
    let read = read_collection(path)
        .map_err(|e| CliError::new(format!("cannot read {}: {e}", path.display())))?;
    if let Some(why) = read.cut_short {
        eprintln!(
            "note: {}: {}; the games before the damage are used",
            super::output::escape_controls(&path.display().to_string()),
            why
        );
    }
    Ok(read.bytes)
}
