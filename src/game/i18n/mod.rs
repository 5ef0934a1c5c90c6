//! Every word the game shows, in its four languages (Simplified and
//! Traditional Chinese, English, Vietnamese).
//!
//! Texts are looked up by key ([`Phrase`]) in the current [`Lang`]; texts
//! with values in them (a move number, a level's name, a clock) are the
//! functions of [`sentences`]. Nothing else in the game spells out a
//! user-visible word or asks which language it speaks.

mod engine_words;
#[macro_use]
mod texts;
mod phrases;
mod sentences;
mod trainer_words;

pub use engine_words::{
    client_error_text, engine_failure_text, engine_missing_text, go_error_text, job_lost_text,
    protocol_error_text, rebuilt_text,
};

pub use phrases::Phrase;
pub use sentences::{
    at_move, browsing_ply, chapter_number, clock_text, comes_back, due_today, handicap_name,
    last_results, lesson_step, level_name, level_record, mate_in, mistake_text, on_variation,
    opening_text, reason_text, result_shares, result_text, side_name, side_to_move, strength_text,
    theme_line, tier_name, wrong_move_text,
};
pub use trainer_words::{
    found_in, puzzle_count, rating_change, rating_text, streak_text, theme_name, theme_score,
    to_review,
};

/// The language of the interface: the language setting itself
/// ([`crate::words::Language`]: `Zh`, `ZhHant`, `En` or `Vi`), read by the views
/// through [`crate::game::settings::CurrentLang`].
pub use crate::words::Language as Lang;

/// Red's file numerals, 一 … 九, indexed by count-from-the-right minus one.
pub const RED_FILE_NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
