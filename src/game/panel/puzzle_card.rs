//! A puzzle's card at the top of the panel: the puzzle's name, the moves
//! left and the verdict, with Retry, Hint, Next and the list.

use crate::game::Screen;
use crate::game::i18n::{Lang, Phrase, reason_text};
use crate::game::panel::exercise_card::{ExerciseCard, add_card};
use crate::game::play::hint::HintRequest;
use crate::game::play::puzzle::{ActivePuzzle, NextPuzzle};
use crate::game::play::session::GameCommand;
use crate::game::screens::puzzles::mate_text;
use crate::game::settings::CurrentLang;
use crate::game::theme::{OnPress, palette};
use crate::store::puzzles::{Failure, Verdict};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    add_card::<PuzzleCard, _>(app, refresh_card);
}

/// The card during an attempt (gone with the puzzle, space and all).
#[derive(Component, Default)]
pub(crate) struct PuzzleCard;

/// A line of the card.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Line {
    Title,
    Status,
}

impl ExerciseCard for PuzzleCard {
    type Puzzle = ActivePuzzle;
    type Line = Line;
    const LINES: &'static [(Line, f32, Color)] = &[
        (Line::Title, 17.0, palette::ACCENT),
        (Line::Status, 15.0, palette::TEXT),
    ];

    fn buttons() -> Vec<(Phrase, OnPress)> {
        vec![
            (Phrase::Retry, OnPress::send(GameCommand::NewGame)),
            (Phrase::Hint, OnPress::send(HintRequest)),
            (Phrase::NextPuzzle, OnPress::send(NextPuzzle)),
            (Phrase::PuzzleList, OnPress::go(Screen::Puzzles)),
        ]
    }
}

fn refresh_card(
    active: Option<Res<ActivePuzzle>>,
    exercise: Option<Res<crate::game::play::exercise::ActiveExercise>>,
    lang: CurrentLang,
    mut lines: Query<(&Line, &mut Text, &mut TextColor)>,
) {
    let (Some(active), Some(verdict)) = (active, ActivePuzzle::verdict(exercise.as_deref())) else {
        return;
    };
    let lang = *lang;
    let p = active.puzzle();
    let title = format!(
        "{} {}: {} · {}",
        Phrase::Puzzles.get(lang),
        active.index + 1,
        p.name,
        mate_text(p.mate_in_plies, lang)
    );
    let (status, color) = match verdict {
        Verdict::Solved { .. } => (Phrase::PuzzleSolved.get(lang).to_string(), palette::ACCENT),
        Verdict::Failed(f) => (
            format!(
                "{} — {}",
                Phrase::PuzzleFailed.get(lang),
                failure_text(&f, lang)
            ),
            palette::WRONG_TEXT,
        ),
        Verdict::InProgress { plies_left } => (
            format!(
                "{} · {} {}",
                Phrase::PuzzleGoal.get(lang),
                Phrase::MovesLeft.get(lang),
                plies_left.div_ceil(2)
            ),
            palette::TEXT,
        ),
    };
    for (line, mut text, mut c) in &mut lines {
        match line {
            Line::Title => {
                text.set_if_neq(Text(title.clone()));
            }
            Line::Status if text.0 != status => {
                text.0 = status.clone();
                c.0 = color;
            }
            Line::Status => {}
        }
    }
}

/// Why an attempt failed, in words.
pub fn failure_text(f: &Failure, lang: Lang) -> String {
    match f {
        Failure::OutOfMoves => Phrase::PuzzleOutOfMoves.get(lang).to_string(),
        Failure::GameOver(o) => reason_text(&o.reason, lang),
        Failure::Illegal { .. } | Failure::BadPuzzle => Phrase::PuzzleFailed.get(lang).to_string(),
    }
}
