//! Persistence for the desktop game, in plain Rust (no Bevy): where files
//! live, atomic writes, settings, the autosave, the saved-games library of
//! PGN files, the beginner's course progress, opening pasted or dropped FEN/PGN text, the puzzles with
//! the player's progress, the puzzle trainer's record, and the game database with its position index.
//!
//! Every write goes to a temporary file in the same directory and is then
//! renamed over the target ([`atomic::write_atomic`]), so a killed process
//! never leaves a half-written file. Every store file is read one way
//! ([`file`]: regular files only, never a pipe or a device, and no more
//! than a cap). A file that cannot be read, or from which anything had to
//! be left out, is reported (what and where), whatever can be read of it
//! is kept, and before the first write over it the damaged file is moved
//! aside under a timestamped name ([`set_aside_if_damaged`]).

pub mod atomic;
pub mod autosave;
pub mod course;
pub mod db;
pub mod engines;
pub mod file;
pub mod library;
pub mod my_puzzles;
pub mod paths;
pub mod players;
pub mod profile;
pub mod puzzles;
pub mod record;
pub mod reviews;
pub mod schedule;
pub mod settings;
pub mod theme;
pub mod trainer;

pub use atomic::{write_atomic, write_new_atomic};
pub use autosave::{AutosaveError, Restored, SavedGame};
pub use file::{StoreFile, read_store_file, set_aside_if_damaged};
pub use library::{Entry, Opened};
pub use paths::Paths;
pub use players::{Mode, Players};
pub use puzzles::{Progress, Puzzle, Verdict};
pub use record::{LibraryError, OpenError};
pub use settings::Settings;

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// A file that could not be read as it was: what was used instead and why.
///
/// Loading carries on with what could be read (the valid fields, the part
/// before the damage) and defaults for the rest; the game shows this to the
/// player. Loading leaves the file untouched; the first save moves it aside
/// (see [`set_aside_if_damaged`]) so nothing in it is lost.
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

impl Warning {
    /// `warning` with `more` problems added: a new warning for `path` when
    /// there was none, `warning` as it is when there is nothing more.
    pub(crate) fn adding(
        warning: Option<Warning>,
        path: &Path,
        more: Vec<String>,
    ) -> Option<Warning> {
        if more.is_empty() {
            return warning;
        }
        let mut w = warning.unwrap_or_else(|| Warning {
            path: path.to_path_buf(),
            problems: Vec::new(),
        });
        w.problems.extend(more);
        Some(w)
    }
}

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

/// A UTC calendar time, and the ways the game writes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UtcTime {
    /// The year.
    pub year: i64,
    /// 1..=12.
    pub month: u32,
    /// 1..=31.
    pub day: u32,
    /// 0..=23.
    pub hour: u32,
    /// 0..=59.
    pub minute: u32,
    /// 0..=59.
    pub second: u32,
}

impl UtcTime {
    /// The calendar time of `secs` since the Unix epoch.
    pub fn from_unix(secs: u64) -> UtcTime {
        let (year, month, day, hour, minute, second) = utc_from_unix(secs);
        UtcTime {
            year,
            month,
            day,
            hour,
            minute,
            second,
        }
    }

    /// Now.
    pub fn now() -> UtcTime {
        UtcTime::from_unix(now_unix())
    }

    /// PGN's `Date` tag: `2024.05.01`.
    pub fn pgn_date(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }

    /// PGN's `Time` tag: `14:30:05`.
    pub fn pgn_time(&self) -> String {
        format!("{:02}:{:02}:{:02}", self.hour, self.minute, self.second)
    }

    /// For a list: `2024-05-01 14:30`.
    pub fn to_minute(&self) -> String {
        format!(
            "{:04}-{:02}-{:02} {:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute
        )
    }

    /// For a file name: `2024-05-01_143005`.
    pub fn file_stamp(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}_{:02}{:02}{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }

    /// Month and day alone: `05-01`.
    pub fn month_day(&self) -> String {
        format!("{:02}-{:02}", self.month, self.day)
    }
}

/// A UTC calendar time: (year, month 1..=12, day 1..=31, hour, minute, second).
fn utc_from_unix(secs: u64) -> (i64, u32, u32, u32, u32, u32) {
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

/// Reads the bytes of a JSON settings-like file leniently (`path` names it
/// in the warning).
///
/// - A leading UTF-8 byte-order mark (some editors write one) is skipped.
/// - Invalid JSON (a truncated or damaged file): what can be read before the
///   damage (see [`salvage_json`]), defaults for the rest, and a warning
///   naming the line and column.
/// - A field of the wrong type: that field's default, the other fields kept,
///   and a warning naming the field and its line.
/// - Unknown fields are ignored (a newer version may have written them).
///
/// `T`'s default must serialize to a JSON object (a struct with
/// `#[serde(default)]`). Reading the file itself is [`file::load`]'s.
pub(crate) fn parse_json_lenient<T>(path: &Path, bytes: &[u8]) -> (T, Option<Warning>)
where
    T: Serialize + DeserializeOwned + Default,
{
    let warn = |problems: Vec<String>| {
        Some(Warning {
            path: path.to_path_buf(),
            problems,
        })
    };
    let bytes = without_bom(bytes);
    let text = String::from_utf8_lossy(bytes);
    let mut problems = Vec::new();
    // Bytes that are not UTF-8 are damage too: read as U+FFFD, a solved
    // puzzle's id would no longer match, so it is said, and the file is
    // set aside before the next write.
    if let Err(e) = std::str::from_utf8(bytes) {
        let at = e.valid_up_to();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        problems.push(format!(
            "line {line}: byte {at} is not UTF-8 (read as U+FFFD)"
        ));
    }
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            let full = e.to_string();
            let msg = strip_location(&full);
            let at = format!("line {}, column {}: {msg}", e.line(), e.column());
            match salvage_json(&text) {
                Some(v) => {
                    problems.push(format!("{at}; kept what could be read before it"));
                    v
                }
                None => {
                    return (
                        T::default(),
                        warn(vec![format!("{at}; using the defaults")]),
                    );
                }
            }
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

/// `bytes` without a leading UTF-8 byte-order mark (some editors write one).
pub(crate) fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// The readable part of damaged JSON: the text up to the first error, cut
/// back to the last complete element and closed, so a truncated
/// `{"solved": ["a", "b", "c` gives `{"solved": ["a", "b"]}`. `None` if
/// nothing before the damage makes a value.
pub(crate) fn salvage_json(text: &str) -> Option<serde_json::Value> {
    let err = serde_json::from_str::<serde_json::Value>(text).err()?;
    // serde_json's line and column (1-based, column in bytes) of the error.
    let line_start: usize = text
        .split_inclusive('\n')
        .take(err.line().saturating_sub(1))
        .map(str::len)
        .sum();
    let mut end = (line_start + err.column().saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let prefix = &text[..end];
    // Walk the valid prefix: open containers, and the last place where the
    // elements before it are all complete (after an opening bracket, before
    // a comma, after a closing bracket).
    let mut stack: Vec<u8> = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    let mut last_cut: Option<(usize, Vec<u8>)> = None;
    for (i, b) in prefix.bytes().enumerate() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                stack.push(b);
                last_cut = Some((i + 1, stack.clone()));
            }
            b'}' | b']' => {
                stack.pop();
                last_cut = Some((i + 1, stack.clone()));
            }
            b',' => last_cut = Some((i, stack.clone())),
            _ => {}
        }
    }
    let close = |stack: &[u8]| -> String {
        stack
            .iter()
            .rev()
            .map(|b| if *b == b'{' { '}' } else { ']' })
            .collect()
    };
    // The whole prefix when it ends on a complete string or container (a
    // number might have been cut short), else the last cut.
    let ends_complete = prefix.trim_end().ends_with(['"', '}', ']']);
    let whole = (!in_string && ends_complete).then(|| format!("{}{}", prefix, close(&stack)));
    let cut = last_cut.map(|(at, st)| format!("{}{}", &prefix[..at], close(&st)));
    whole
        .into_iter()
        .chain(cut)
        .find_map(|t| serde_json::from_str(&t).ok())
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
    /// A fresh empty directory under the system temp dir, removed on drop
    /// (tempfile's, named after the test that made it).
    pub struct TempDir(tempfile::TempDir);

    impl TempDir {
        pub fn new(tag: &str) -> TempDir {
            TempDir(
                tempfile::Builder::new()
                    .prefix(&format!("xiangqi-store-{tag}-"))
                    .tempdir()
                    .expect("a temporary folder"),
            )
        }

        pub fn path(&self) -> &std::path::Path {
            self.0.path()
        }
    }

    /// The files in `dir` set aside as damaged (`name-damaged-…`).
    pub fn damaged_copies(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains("-damaged-"))
            .collect()
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
