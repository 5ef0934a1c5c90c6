//! How a verdict of the review looks wherever it is shown (the move list,
//! the graph, the review card, the puzzles made from mistakes): its colour,
//! its symbol and its word.

use crate::engine::review::Judgement;
use crate::game::i18n::{Lang, Phrase};
use bevy::prelude::Color;

/// A verdict's colour (move list, graph, card).
pub fn judgement_color(j: Judgement) -> Color {
    match j {
        Judgement::Best => Color::srgb(0.36, 0.80, 0.56),
        Judgement::Excellent => Color::srgb(0.55, 0.78, 0.42),
        Judgement::Good => Color::srgb(0.66, 0.66, 0.58),
        Judgement::Inaccuracy => Color::srgb(0.96, 0.80, 0.30),
        Judgement::Mistake => Color::srgb(1.00, 0.56, 0.22),
        Judgement::Blunder => Color::srgb(0.96, 0.30, 0.28),
    }
}

/// A verdict's symbol in the move list: ★ best, ! excellent, none for
/// good, ?! inaccuracy, ? mistake, ?? blunder.
pub fn judgement_symbol(j: Judgement) -> &'static str {
    match j {
        Judgement::Best => "★",
        Judgement::Excellent => "!",
        _ => j.symbol(),
    }
}

/// A verdict in words.
pub fn judgement_word(j: Judgement, lang: Lang) -> &'static str {
    match j {
        Judgement::Best => Phrase::JudgeBest,
        Judgement::Excellent => Phrase::JudgeExcellent,
        Judgement::Good => Phrase::JudgeGood,
        Judgement::Inaccuracy => Phrase::JudgeInaccuracy,
        Judgement::Mistake => Phrase::JudgeMistake,
        Judgement::Blunder => Phrase::JudgeBlunder,
    }
    .get(lang)
}
