//! The tactics trainer's tiles: the three ways to the next puzzle (at the
//! player's rating, the streak, the missed ones due again) and a theme
//! with the player's score in it.

use super::tiles::{rim, rim_width, tile};
use crate::game::i18n::{
    Lang, Phrase, puzzle_count, rating_text, streak_text, theme_name, theme_score, to_review,
};
use crate::game::play::trainer::summary::{ThemeRow, TrainerSummary};
use crate::game::play::trainer::{StartTactic, TrainerMode};
use crate::game::theme::layout::tile_box;
use crate::game::theme::shape::Shape;
use crate::game::theme::{Fonts, OnPress, palette};
use bevy::prelude::*;

/// A way to the next puzzle: its name over its numbers.
fn mode_tile(
    mode: TrainerMode,
    (name, detail): (String, String),
    lit: bool,
    fonts: &Fonts,
) -> impl Bundle + use<> {
    let node = tile_box(rim_width(lit))
        .width(Val::Px(250.0))
        .align_items(AlignItems::Center);
    tile(
        node,
        lit,
        rim(lit),
        OnPress::send(StartTactic(mode)),
        (name, detail),
        fonts,
    )
}

/// Spawns the three ways to the next puzzle into `row`.
pub(super) fn spawn_modes(
    row: &mut ChildSpawnerCommands,
    s: &TrainerSummary,
    lang: Lang,
    fonts: &Fonts,
) {
    let rating = rating_text(s.rating.rating, s.rating.deviation);
    row.spawn(mode_tile(
        TrainerMode::Rated,
        (Phrase::NextAtRating.get(lang).to_string(), rating),
        true,
        fonts,
    ));
    let streak = streak_text(s.streak.current, s.streak.best, lang);
    row.spawn(mode_tile(
        TrainerMode::Streak,
        (Phrase::StreakMode.get(lang).to_string(), streak),
        false,
        fonts,
    ));
    let review = if s.due > 0 {
        to_review(s.due, lang)
    } else {
        Phrase::NothingToReview.get(lang).to_string()
    };
    row.spawn(mode_tile(
        TrainerMode::Review,
        (Phrase::ReviewMissed.get(lang).to_string(), review),
        s.due > 0,
        fonts,
    ));
}

/// A theme's tile: its name, the player's score and the puzzles it holds;
/// `weak` for the ones missed most.
pub(super) fn theme_tile(
    row: ThemeRow,
    weak: bool,
    lang: Lang,
    fonts: &Fonts,
) -> impl Bundle + use<> {
    let score = row.score;
    let solved = score.solved > 0;
    let rim = if weak {
        palette::WRONG_TEXT
    } else {
        rim(solved)
    };
    let lines = (
        theme_name(score.theme, lang),
        format!(
            "{} · {}",
            theme_score(score.solved, score.tried, lang),
            puzzle_count(row.puzzles, lang)
        ),
    );
    let node = tile_box(rim_width(weak)).width(Val::Px(200.0));
    let action = OnPress::send(StartTactic(TrainerMode::Theme(score.theme)));
    tile(node, solved, rim, action, lines, fonts)
}
