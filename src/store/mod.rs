//! Persistence for the desktop game, in plain Rust (no Bevy): where files
//! live, atomic writes, settings, the autosave, the saved-games library of
//! PGN files, opening pasted or dropped FEN/PGN text, and the puzzles with
//! the player's progress.
//!
//! Every write goes to a temporary file in the same directory and is then
//! renamed over the target ([`atomic::write_atomic`]), so a killed process
//! never leaves a half-written file. A file that cannot be read is reported
//! (what and where) and never overwritten by a load.

pub mod atomic;
pub mod autosave;
pub mod library;
pub mod paths;
pub mod puzzles;
pub mod settings;

pub use atomic::{write_atomic, write_new_atomic};
pub use autosave::{AutosaveError, GameMode, Restored, SavedGame};
pub use library::{Entry, LibraryError, OpenError, Opened};
pub use paths::Paths;
pub use puzzles::{Progress, Puzzle, Verdict};
pub use settings::Settings;

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// A file that could not be read as it was: what was used instead and why.
///
/// Loading carries on with defaults (or the fields that were valid); the
/// game shows this to the player. The file itself is left untouched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The file that had problems.
    pub path: PathBuf,
    /// One line per problem, with line/column where known.
    pub problems: Vec<String>,
}

impl fmt::Display for Warning {
    /// `settings.json: line 3, column 14: expected `,` or `}` (using the defaults)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", file_name(&self.path), self.problems.join("; "))
    }
}

impl std::error::Error for Warning {}

/// The file name of `path` for messages (`autosave.json`), or the whole
/// path if it has none.
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A UTC calendar time: (year, month 1..=12, day 1..=31, hour, minute, second).
pub fn utc_from_unix(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        m,
        d,
        (rem / 3600) as u32,
        (rem / 60 % 60) as u32,
        (rem % 60) as u32,
    )
}

/// Inverse of [`utc_from_unix`] for dates from 1970 on; `None` if invalid.
pub fn unix_from_utc(y: i64, m: u32, d: u32, hh: u32, mm: u32, ss: u32) -> Option<u64> {
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || hh > 23 || mm > 59 || ss > 60 {
        return None;
    }
    let y2 = if m <= 2 { y - 1 } else { y };
    let era = y2.div_euclid(400);
    let yoe = y2.rem_euclid(400);
    let mp = i64::from(if m > 2 { m - 3 } else { m + 9 });
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days * 86_400 + i64::from(hh * 3600 + mm * 60 + ss);
    u64::try_from(secs).ok()
}

/// Where `"key"` appears in `text` as an object key: 1-based (line, column).
fn key_location(text: &str, key: &str) -> Option<(usize, usize)> {
    let needle = format!("\"{key}\"");
    let mut from = 0;
    while let Some(i) = text[from..].find(&needle) {
        let at = from + i;
        let after = text[at + needle.len()..].trim_start();
        if after.starts_with(':') {
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let col = before.rfind('\n').map_or(at, |n| at - n - 1) + 1;
            return Some((line, col));
        }
        from = at + needle.len();
    }
    None
}

/// Reads a JSON settings-like file leniently.
///
/// - Missing file: defaults, no warning.
/// - Unreadable file or invalid JSON: defaults and a warning naming the line
///   and column.
/// - A field of the wrong type: that field's default, the other fields kept,
///   and a warning naming the field and its line.
/// - Unknown fields are ignored (a newer version may have written them).
///
/// `T`'s default must serialize to a JSON object (a struct with
/// `#[serde(default)]`).
pub(crate) fn load_json_lenient<T>(path: &Path) -> (T, Option<Warning>)
where
    T: Serialize + DeserializeOwned + Default,
{
    let warn = |problems: Vec<String>| {
        Some(Warning {
            path: path.to_path_buf(),
            problems,
        })
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (T::default(), None),
        Err(e) => {
            return (
                T::default(),
                warn(vec![format!("cannot be read ({e}); using the defaults")]),
            );
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            let full = e.to_string();
            let msg = strip_location(&full);
            return (
                T::default(),
                warn(vec![format!(
                    "line {}, column {}: {msg}; using the defaults",
                    e.line(),
                    e.column()
                )]),
            );
        }
    };
    let serde_json::Value::Object(found) = value else {
        return (
            T::default(),
            warn(vec!["is not a JSON object; using the defaults".into()]),
        );
    };
    let Ok(serde_json::Value::Object(mut merged)) = serde_json::to_value(T::default()) else {
        return (T::default(), None);
    };
    let mut problems = Vec::new();
    for (key, v) in found {
        let Some(old) = merged.get(&key).cloned() else {
            continue; // unknown field: ignore
        };
        merged.insert(key.clone(), v);
        if let Err(e) = serde_json::from_value::<T>(serde_json::Value::Object(merged.clone())) {
            merged.insert(key.clone(), old);
            let at = key_location(&text, &key)
                .map_or_else(String::new, |(l, c)| format!("line {l}, column {c}: "));
            problems.push(format!("{at}`{key}`: {e}; using the default"));
        }
    }
    let t = serde_json::from_value(serde_json::Value::Object(merged)).unwrap_or_default();
    (
        t,
        if problems.is_empty() {
            None
        } else {
            warn(problems)
        },
    )
}

/// serde_json's messages end in " at line L column C"; we print those first.
pub(crate) fn strip_location(msg: &str) -> &str {
    match msg.rfind(" at line ") {
        Some(i) => &msg[..i],
        None => msg,
    }
}

#[cfg(test)]
pub(crate) mod test_util {
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// A fresh empty directory under the system temp dir, removed on drop.
    pub struct TempDir(pub PathBuf);

    impl TempDir {
        pub fn new(tag: &str) -> TempDir {
            static N: AtomicU32 = AtomicU32::new(0);
            let n = N.fetch_add(1, Ordering::Relaxed);
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let p = std::env::temp_dir().join(format!(
                "xiangqi-store-{tag}-{}-{n}-{nanos}",
                std::process::id()
            ));
            std::fs::create_dir_all(&p).unwrap();
            TempDir(p)
        }

        pub fn path(&self) -> &std::path::Path {
            &self.0
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_conversion_round_trips() {
        assert_eq!(utc_from_unix(0), (1970, 1, 1, 0, 0, 0));
        // 2024-02-29 12:34:56 UTC
        assert_eq!(utc_from_unix(1_709_210_096), (2024, 2, 29, 12, 34, 56));
        for secs in [0, 1_709_210_096, 951_782_400, 4_102_444_800 - 1] {
            let (y, m, d, hh, mm, ss) = utc_from_unix(secs);
            assert_eq!(unix_from_utc(y, m, d, hh, mm, ss), Some(secs));
        }
    }

    #[test]
    fn key_location_finds_keys_not_values() {
        let text = "{\n  \"a\": \"volume\",\n  \"volume\": 3\n}";
        assert_eq!(key_location(text, "volume"), Some((3, 3)));
        assert_eq!(key_location(text, "missing"), None);
    }
}
