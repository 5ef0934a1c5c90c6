//! What the review card's lines say.

use super::{Line, summary_short, summary_text, verdict_text};
use crate::game::i18n::{Lang, Phrase};
use crate::game::play::game_review::{ReviewWhy, ReviewedGame};
use crate::game::play::move_list::teacher_voice;
use crate::game::settings::UserSettings;
use crate::game::theme::palette;
use crate::store::reviews::Effort;
use bevy::prelude::*;

/// What the card's lines say.
pub(super) struct Words<'a> {
    pub(super) reviewed: Option<&'a ReviewedGame>,
    /// Moves reviewed, of how many, at which effort (while the engine works).
    pub(super) progress: Option<(usize, usize, Effort)>,
    /// The plies to the position shown.
    pub(super) shown: usize,
    /// A short panel: shorter lines.
    pub(super) small: bool,
    pub(super) why: &'a ReviewWhy,
    pub(super) settings: Option<&'a UserSettings>,
    pub(super) lang: Lang,
}

impl Words<'_> {
    /// A line's text and colour.
    pub(super) fn of(&self, line: Line) -> (String, Color) {
        let lang = self.lang;
        match line {
            Line::Progress => (
                self.progress
                    .map_or_else(String::new, |(done, total, effort)| {
                        let word = match effort {
                            Effort::Quick => Phrase::EffortQuick,
                            Effort::Thorough => Phrase::EffortThorough,
                        };
                        format!(
                            "{} {done}/{total} · {}",
                            Phrase::Analysing.get(lang),
                            word.get(lang)
                        )
                    }),
                palette::TEXT_DIM,
            ),
            Line::Side(side) => (
                self.reviewed.map_or_else(String::new, |r| {
                    if self.small {
                        summary_short(&r.review, side, lang)
                    } else {
                        summary_text(&r.review, side, lang)
                    }
                }),
                palette::TEXT,
            ),
            Line::Verdict => self.reviewed.map_or((String::new(), palette::TEXT), |r| {
                let moves = if self.small { 3 } else { 6 };
                verdict_text(r, self.shown, moves, self.settings, lang)
            }),
            Line::Why => (
                self.reviewed
                    .zip(self.shown.checked_sub(1))
                    .and_then(|(r, i)| self.why.of(r, i))
                    .map_or_else(String::new, |w| w.text(teacher_voice(self.settings, lang))),
                palette::TEXT_DIM,
            ),
        }
    }
}
