//! The course's rules of progress over the stored progress
//! ([`CourseProgress`]): a lesson is done when every exercise in it is
//! solved (a lesson without exercises, when read); the first lesson is
//! open, and each next one opens when the one before it is done; a lesson
//! once open stays open and can be played again, and replaying keeps the
//! best stars.

use super::data::{Course, Lesson};
use crate::store::course::CourseProgress;

/// Whether the lesson `id` may be opened.
pub fn is_unlocked(course: &Course, progress: &CourseProgress, id: &str) -> bool {
    let mut previous: Option<&Lesson> = None;
    for (_, lesson) in course.lessons() {
        if lesson.id == id {
            return progress.is_lesson_done(id)
                || previous.is_none_or(|p| progress.is_lesson_done(&p.id));
        }
        previous = Some(lesson);
    }
    false
}

/// Records a solved exercise with its stars; when that completes its
/// lesson, the lesson is marked done and returned.
pub fn record_solved<'c>(
    course: &'c Course,
    progress: &mut CourseProgress,
    exercise: &str,
    stars: u8,
) -> Option<&'c Lesson> {
    let (_, lesson, _) = course.exercises().find(|(_, _, e)| e.id == exercise)?;
    progress.record_solved(exercise, stars);
    let complete = lesson.exercises.iter().all(|e| progress.is_solved(&e.id));
    if complete && !progress.is_lesson_done(&lesson.id) {
        progress.record_lesson_done(&lesson.id);
        return Some(lesson);
    }
    None
}

/// Records that a lesson's pages were read: a lesson without exercises is
/// then done. True if it became done.
pub fn record_read(progress: &mut CourseProgress, lesson: &Lesson) -> bool {
    progress.last_lesson = Some(lesson.id.clone());
    if lesson.exercises.is_empty() && !progress.is_lesson_done(&lesson.id) {
        progress.record_lesson_done(&lesson.id);
        return true;
    }
    false
}

/// Stars earned in a lesson and the most it offers.
pub fn lesson_stars(lesson: &Lesson, progress: &CourseProgress) -> (u32, u32) {
    let earned = lesson
        .exercises
        .iter()
        .map(|e| u32::from(progress.stars(&e.id)))
        .sum();
    (earned, 3 * lesson.exercises.len() as u32)
}

/// The lesson to go on with: the first open one not yet done.
pub fn next_lesson<'c>(course: &'c Course, progress: &CourseProgress) -> Option<&'c Lesson> {
    course
        .lessons()
        .map(|(_, l)| l)
        .find(|l| !progress.is_lesson_done(&l.id) && is_unlocked(course, progress, &l.id))
}
