//! "Learn to play": a beginner's course from zero, in plain Rust (no
//! Bevy), for the game's lesson screens and `xiangqi lessons`.
//!
//! The course is data ([`data`]; `assets/course/course.json`, compiled in):
//! chapters of lessons, each a few pages — a short text over a board with
//! highlighted points and arrows — and exercises judged by the rules:
//! bring a piece somewhere, take every target, find the move, mate against
//! the engine's best defence, win or hold an endgame against it. Texts are
//! keyed by language code ([`text`]), so a language is added as data.
//!
//! - [`data`] — the course's shape, read and checked with errors that name
//!   the lesson, exercise and field.
//! - [`wrong`] — why an attempted move is not allowed, as a typed reason
//!   with words in the four languages.
//! - [`attempt`] — one try at an exercise: moves judged, the engine's
//!   replies fed in, hints, mistakes and stars.
//! - [`solve`] — the searchers behind it: the engine at a fixed depth, an
//!   exact mate prover, the drills' shortest paths.
//! - [`check`] — every exercise's solution proved (`xiangqi lessons --check`).
//! - [`progress`] — lessons done, unlocking, stars, over the stored
//!   [`CourseProgress`](crate::store::course::CourseProgress).
//!
//! A game screen drives it like this:
//!
//! ```
//! use xiangqi::course::{Attempt, Course, Defender, Feedback};
//! let course = Course::builtin().expect("the built-in course loads");
//! let (_, lesson) = course.lessons().next().unwrap();
//! let exercise = lesson.exercises.first().unwrap();
//! let mut attempt = Attempt::new(exercise);
//! let mut defender = Defender::default();
//! let step = attempt.hint(&mut defender).unwrap();
//! let mut feedback = attempt.try_move(step);
//! while !matches!(feedback, Feedback::Solved { .. } | Feedback::Failed(_)) {
//!     if feedback == Feedback::DefenceToMove {
//!         feedback = attempt.reply_with(&mut defender);
//!         continue;
//!     }
//!     let step = attempt.hint(&mut defender).unwrap();
//!     feedback = attempt.try_move(step);
//! }
//! assert!(matches!(feedback, Feedback::Solved { stars: 1..=2 }));
//! ```

pub mod attempt;
pub mod check;
pub mod data;
pub mod progress;
pub mod solve;
pub mod text;
pub mod wrong;

pub use attempt::{Attempt, Failure, Feedback, Mistake, State, stars};
pub use check::{CheckFailure, CheckProblem, CheckReport, check_course, check_exercise};
pub use data::{
    Chapter, Course, CourseError, Exercise, Find, Goal, Lesson, LessonNumberError, Page, Problem,
    Where,
};
pub use solve::Defender;
pub use text::Text;
pub use wrong::{WrongMove, why};
