//! The course "Learn to play", the screen: the list of chapters and their
//! lessons ([`list`]), and the words both it and the lesson's card in the
//! panel (`panel::lesson_card`) use. On the board the lesson's arrows and
//! points are the board's own (`board::lesson_marks`). The logic is
//! [`crate::game::play::course`].

pub mod list;

use crate::course::{Course, Text};
use crate::game::i18n::Lang;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(list::plugin);
}

/// A course text in the interface's language: the one door from the
/// game's languages to the course file's codes ([`Text::in_lang`]).
pub fn course_text(text: &Text, lang: Lang) -> &str {
    text.in_lang(lang)
}

/// "★★☆" for `earned` of `most` stars.
pub fn stars_text(earned: u32, most: u32) -> String {
    let earned = earned.min(most) as usize;
    format!(
        "{}{}",
        "★".repeat(earned),
        "☆".repeat(most as usize - earned)
    )
}

/// The built-in course, if it loads (it is checked by the tests).
pub fn course() -> Option<&'static Course> {
    Course::builtin().ok()
}
