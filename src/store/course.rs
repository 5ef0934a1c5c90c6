//! The player's progress in the beginner's course (`crate::course`): the
//! lessons done, the exercises solved with their best stars, the lesson
//! last opened. Kept in `course-progress.json` in the data directory.
//!
//! The file is versioned ([`CURRENT_VERSION`]) and read leniently, as the
//! puzzle progress is: missing fields take their defaults, unknown fields
//! (a newer version's) are ignored, a damaged file gives what could be read
//! and a warning, and is moved aside before the first save over it. The
//! progress knows ids only, never the course itself, so that a lesson
//! renamed or removed in a later course leaves a harmless stale entry.

use super::{Warning, atomic, load_json_lenient, parse_json_lenient, set_aside_if_damaged};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::Path;

/// The version this build writes.
pub const CURRENT_VERSION: u32 = 1;

/// The player's course progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CourseProgress {
    /// The file format's version ([`CURRENT_VERSION`] when written).
    pub version: u32,
    /// Ids of the lessons done.
    pub lessons_done: BTreeSet<String>,
    /// Best stars (1–3) per solved exercise id.
    pub stars: BTreeMap<String, u8>,
    /// The lesson opened last, to come back to.
    pub last_lesson: Option<String>,
}

impl Default for CourseProgress {
    fn default() -> Self {
        CourseProgress {
            version: CURRENT_VERSION,
            lessons_done: BTreeSet::new(),
            stars: BTreeMap::new(),
            last_lesson: None,
        }
    }
}

impl CourseProgress {
    /// Reads the progress file: missing → empty; broken → what could be
    /// read with a warning, the file left untouched.
    pub fn load(path: &Path) -> (CourseProgress, Option<Warning>) {
        load_json_lenient(path)
    }

    /// Writes the progress atomically (a damaged file is moved aside first).
    ///
    /// # Errors
    /// Any I/O error; the old file is then unchanged.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        set_aside_if_damaged(path, |bytes| {
            parse_json_lenient::<CourseProgress>(path, bytes)
                .1
                .is_some()
        })?;
        let mut out = self.clone();
        out.version = CURRENT_VERSION;
        let mut json = serde_json::to_string_pretty(&out).map_err(io::Error::other)?;
        json.push('\n');
        atomic::write_atomic(path, json.as_bytes())
    }

    /// Records a solved exercise, keeping the best stars (clamped to 1–3).
    pub fn record_solved(&mut self, exercise: &str, stars: u8) {
        let stars = stars.clamp(1, 3);
        let best = self.stars.entry(exercise.to_string()).or_insert(stars);
        *best = (*best).max(stars);
    }

    /// The best stars for an exercise (0: not solved).
    pub fn stars(&self, exercise: &str) -> u8 {
        self.stars.get(exercise).copied().unwrap_or(0)
    }

    /// Whether an exercise is solved.
    pub fn is_solved(&self, exercise: &str) -> bool {
        self.stars(exercise) > 0
    }

    /// Marks a lesson done (and the last opened).
    pub fn record_lesson_done(&mut self, lesson: &str) {
        self.lessons_done.insert(lesson.to_string());
        self.last_lesson = Some(lesson.to_string());
    }

    /// Whether a lesson is done.
    pub fn is_lesson_done(&self, lesson: &str) -> bool {
        self.lessons_done.contains(lesson)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;

    #[test]
    fn progress_round_trips_and_tolerates_unknown_and_missing_fields() {
        let t = TempDir::new("course-progress");
        let path = t.path().join("course-progress.json");
        let (mut p, w) = CourseProgress::load(&path);
        assert!(w.is_none() && p == CourseProgress::default());
        p.record_solved("horse-1", 2);
        p.record_solved("horse-1", 1);
        p.record_lesson_done("horse");
        p.save(&path).unwrap();
        let (back, w) = CourseProgress::load(&path);
        assert!(w.is_none());
        assert_eq!(back, p);
        assert_eq!(back.stars("horse-1"), 2);
        std::fs::write(
            &path,
            "{\"version\": 7, \"stars\": {\"a\": 3}, \"medals\": [1]}",
        )
        .unwrap();
        let (later, w) = CourseProgress::load(&path);
        assert!(w.is_none(), "{w:?}");
        assert_eq!(later.version, 7);
        assert_eq!(later.stars("a"), 3);
        assert!(later.lessons_done.is_empty());
    }
}
