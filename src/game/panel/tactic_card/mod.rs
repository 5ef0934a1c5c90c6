//! The card of a puzzle from a real game, at the top of the panel, while
//! the trainer's puzzle is on the board: its lines ([`words`]) — how it
//! was chosen, the task, then solved or missed with the teacher's why, the
//! rating's change, what the combination did, the puzzle's rating and
//! themes, its game — and Retry, Hint, Show solution, Next and the list.

pub mod words;

#[cfg(test)]
mod tests;

use crate::game::Screen;
use crate::game::i18n::Phrase;
use crate::game::panel::exercise_card::{ExerciseCard, add_card};
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::hint::HintRequest;
use crate::game::play::move_list::teacher_voice;
use crate::game::play::session::GameCommand;
use crate::game::play::trainer::record::ShowSolution;
use crate::game::play::trainer::teacher::TacticTeacher;
use crate::game::play::trainer::{ActiveTactic, NextTactic, TrainerRecord};
use crate::game::settings::{CurrentLang, UserSettings};
use crate::game::theme::{OnPress, palette, set_display};
use crate::store::trainer::Streak;
use bevy::prelude::*;
use words::{CardFacts, Line};

pub(super) fn plugin(app: &mut App) {
    add_card::<TacticCard, _>(app, refresh_card);
}

/// The card.
#[derive(Component, Default)]
pub(crate) struct TacticCard;

/// A line of the card.
#[derive(Component, Clone, Copy)]
pub(crate) struct CardLine(Line);

impl ExerciseCard for TacticCard {
    type Puzzle = ActiveTactic;
    type Line = CardLine;
    const LINES: &'static [(CardLine, f32, Color)] = &[
        (CardLine(Line::Title), 17.0, palette::TEXT),
        (CardLine(Line::Task), 15.0, palette::TEXT),
        (CardLine(Line::Status), 15.0, palette::TEXT),
        (CardLine(Line::Change), 15.0, palette::TEXT),
        (CardLine(Line::Teacher), 14.0, palette::TEXT),
        (CardLine(Line::Info), 13.0, palette::TEXT),
        (CardLine(Line::Source), 13.0, palette::TEXT),
    ];

    fn buttons() -> Vec<(Phrase, OnPress)> {
        vec![
            (Phrase::Retry, OnPress::send(GameCommand::NewGame)),
            (Phrase::Hint, OnPress::send(HintRequest)),
            (Phrase::ShowSolution, OnPress::send(ShowSolution)),
            (Phrase::NextPuzzle, OnPress::send(NextTactic)),
            (Phrase::PuzzleList, OnPress::go(Screen::Tactics)),
        ]
    }
}

fn refresh_card(
    active: Option<Res<ActiveTactic>>,
    exercise: Option<Res<ActiveExercise>>,
    teacher: Res<TacticTeacher>,
    record: Res<TrainerRecord>,
    lang: CurrentLang,
    settings: Option<Res<UserSettings>>,
    mut lines: Query<(&CardLine, &mut Text, &mut TextColor, &mut Node)>,
) {
    let (Some(active), Some(attempt)) = (
        active.as_deref(),
        ActiveTactic::attempt(exercise.as_deref()),
    ) else {
        return;
    };
    let facts = CardFacts {
        active,
        attempt,
        teacher: &teacher,
        streak: record.peek().map_or(Streak::default(), |t| t.streak()),
        voice: teacher_voice(settings.as_deref(), *lang),
        lang: *lang,
    };
    for (line, mut text, mut color, mut node) in &mut lines {
        let (want, want_color) = facts.line(line.0);
        set_display(&mut node, !want.is_empty());
        text.set_if_neq(Text(want));
        color.set_if_neq(TextColor(want_color));
    }
}
