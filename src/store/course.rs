//! The player's progress in the beginner's course (`crate::course`): the
//! lessons done, the exercises solved with their best stars, the lesson
//! last opened. Kept in `course-progress.json` in the data directory.
//!
//! The file is versioned ([`CURRENT_VERSION`]) and read leniently, as the
//! puzzle progress is: missing fields take their defaults, unknown fields
//! (a newer version's) are ignored, a damaged file gives what could be read
//! and a warning, and is moved aside before the first save over it. A star
//! that is not 1–3 is left out alone (the other stars kept), and said. The
//! progress knows ids only, never the course itself, so that a lesson
//! renamed or removed in a later course leaves a harmless stale entry.
//!
//! Two windows may have the course open: a save takes in what the other
//! saved meanwhile ([`StoreFile::merge`]), progress only grows — the
//! lessons done of both, the better stars of each exercise.

use super::file::{self, StoreFile};
use super::{Warning, parse_json_lenient};
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

/// The file as read, before each star is checked.
#[derive(Serialize, Deserialize)]
#[serde(default)]
struct Raw {
    version: u32,
    lessons_done: BTreeSet<String>,
    stars: BTreeMap<String, serde_json::Value>,
    last_lesson: Option<String>,
}

impl Default for Raw {
    fn default() -> Self {
        Raw {
            version: CURRENT_VERSION,
            lessons_done: BTreeSet::new(),
            stars: BTreeMap::new(),
            last_lesson: None,
        }
    }
}

impl StoreFile for CourseProgress {
    fn parse(path: &Path, bytes: &[u8]) -> (CourseProgress, Option<Warning>) {
        let (raw, warning) = parse_json_lenient::<Raw>(path, bytes);
        let mut problems = Vec::new();
        let mut stars = BTreeMap::new();
        for (id, v) in raw.stars {
            match v.as_u64().and_then(|n| u8::try_from(n).ok()) {
                Some(n @ 1..=3) => {
                    stars.insert(id, n);
                }
                _ => problems.push(format!("`stars`: `{id}`: {v} is not 1–3; left out")),
            }
        }
        let progress = CourseProgress {
            version: raw.version,
            lessons_done: raw.lessons_done,
            stars,
            last_lesson: raw.last_lesson,
        };
        (progress, Warning::adding(warning, path, problems))
    }

    /// Progress only grows: the lessons done of both, the better stars of
    /// each exercise; the lesson opened last is this window's.
    fn merge(&mut self, on_disk: CourseProgress) {
        self.lessons_done.extend(on_disk.lessons_done);
        for (id, stars) in on_disk.stars {
            let best = self.stars.entry(id).or_insert(stars);
            *best = (*best).max(stars);
        }
        if self.last_lesson.is_none() {
            self.last_lesson = on_disk.last_lesson;
        }
    }

    fn written(&mut self) {
        self.version = CURRENT_VERSION;
    }
}

impl CourseProgress {
    /// Reads the progress file: missing → empty; broken → what could be
    /// read with a warning, the file left untouched.
    pub fn load(path: &Path) -> (CourseProgress, Option<Warning>) {
        file::load(path)
    }

    /// Writes the progress atomically, with what another window saved
    /// meanwhile merged in (a damaged file is moved aside first), as
    /// [`CURRENT_VERSION`].
    ///
    /// # Errors
    /// Any I/O error; the old file is then unchanged.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        file::save(&mut self.clone(), path)
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
    use crate::store::test_util::{TempDir, damaged_copies};

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

    #[test]
    fn one_bad_star_drops_only_itself_and_stars_are_one_to_three() {
        // F15: a star of 300 emptied all the stars; 255 and 0 were taken.
        let t = TempDir::new("course-stars");
        let path = t.path().join("course-progress.json");
        std::fs::write(
            &path,
            r#"{"lessons_done":["board-points"],"stars":{"board-1":3,"board-2":300,"board-3":2,"board-4":255,"board-5":0,"board-6":"x"}}"#,
        )
        .unwrap();
        let (p, w) = CourseProgress::load(&path);
        assert_eq!(p.stars("board-1"), 3);
        assert_eq!(p.stars("board-3"), 2);
        for bad in ["board-2", "board-4", "board-5", "board-6"] {
            assert_eq!(p.stars(bad), 0, "{bad}");
        }
        assert!(p.is_lesson_done("board-points"));
        let w = w.expect("a notice").to_string();
        assert!(w.contains("`board-2`: 300 is not 1–3"), "{w}");
        assert!(w.contains("`board-5`: 0"), "{w}");
        // Set aside before the next save.
        p.save(&path).unwrap();
        assert_eq!(damaged_copies(t.path()).len(), 1);
        assert_eq!(CourseProgress::load(&path), (p, None));
    }

    #[test]
    fn two_windows_keep_each_others_progress() {
        // F9: window B's save wrote over window A's star.
        let t = TempDir::new("course-windows");
        let path = t.path().join("course-progress.json");
        let mut start = CourseProgress::default();
        start.record_solved("board-1", 1);
        start.save(&path).unwrap();
        let (mut a, _) = CourseProgress::load(&path);
        let (mut b, _) = CourseProgress::load(&path);
        a.record_solved("board-1", 3);
        a.record_lesson_done("board");
        a.save(&path).unwrap();
        b.record_solved("board-2", 2);
        b.record_lesson_done("horse");
        b.save(&path).unwrap();
        let (both, w) = CourseProgress::load(&path);
        assert_eq!(w, None);
        assert_eq!((both.stars("board-1"), both.stars("board-2")), (3, 2));
        assert!(both.is_lesson_done("board") && both.is_lesson_done("horse"));
        // The window's own last lesson is the one kept.
        assert_eq!(both.last_lesson.as_deref(), Some("horse"));
        // Merging in place (as the game's store does) shows the other's.
        file::save(&mut a, &path).unwrap();
        assert_eq!(a.stars("board-2"), 2);
        assert!(damaged_copies(t.path()).is_empty());
    }
}
