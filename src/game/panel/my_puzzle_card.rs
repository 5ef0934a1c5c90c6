//! The card of a puzzle from the player's games, at the top of the panel:
//! what went wrong in the game ("In the game: 车二进六 ?? blunder"), the
//! task ("find the better move"), the theme (its kind before the answer,
//! the teacher's sentence after it), then the verdict on the player's
//! move — with the engine's line once solved — and Retry, Next and the
//! list.

use crate::game::Screen;
use crate::game::i18n::{Lang, Phrase, side_name, theme_line};
use crate::game::panel::exercise_card::{ExerciseCard, add_card};
use crate::game::panel::line_text;
use crate::game::play::move_list::{list_style, teacher_voice};
use crate::game::play::my_puzzle::{ActiveMyPuzzle, MyPuzzleStore, MyVerdict, NextMyPuzzle};
use crate::game::play::session::GameCommand;
use crate::game::settings::CurrentLang;
use crate::game::settings::UserSettings;
use crate::game::theme::judgement::{judgement_color, judgement_symbol, judgement_word};
use crate::game::theme::{OnPress, palette};
use crate::rules::notation::format_move;
use crate::rules::{Move, Position};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    add_card::<MyPuzzleCard, _>(app, refresh_card);
}

/// The card.
#[derive(Component, Default)]
pub(crate) struct MyPuzzleCard;

/// A line of the card.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Line {
    Title,
    Task,
    Theme,
    Status,
}

impl ExerciseCard for MyPuzzleCard {
    type Puzzle = ActiveMyPuzzle;
    type Line = Line;
    const LINES: &'static [(Line, f32, Color)] = &[
        (Line::Title, 17.0, palette::ACCENT),
        (Line::Task, 15.0, palette::TEXT),
        (Line::Theme, 14.0, palette::TEXT_DIM),
        (Line::Status, 15.0, palette::TEXT),
    ];

    fn buttons() -> Vec<(Phrase, OnPress)> {
        vec![
            (Phrase::Retry, OnPress::send(GameCommand::NewGame)),
            (Phrase::NextPuzzle, OnPress::send(NextMyPuzzle)),
            (Phrase::PuzzleList, OnPress::go(Screen::Puzzles)),
        ]
    }
}

fn refresh_card(
    active: Option<Res<ActiveMyPuzzle>>,
    exercise: Option<Res<crate::game::play::exercise::ActiveExercise>>,
    lang: CurrentLang,
    settings: Option<Res<UserSettings>>,
    store: Res<MyPuzzleStore>,
    mut lines: Query<(&Line, &mut Text, &mut TextColor)>,
) {
    let Some(active) = active else {
        return;
    };
    let lang = *lang;
    let verdict = ActiveMyPuzzle::verdict(exercise.as_deref());
    let p = &active.puzzle;
    // The theme may be found after the attempt started: read it from the store.
    let theme = store
        .peek()
        .and_then(|mine| mine.get(&p.id))
        .and_then(|stored| stored.theme.as_ref());
    let Some(pos) = p.position() else {
        return;
    };
    let theme = match (theme, verdict) {
        (Some(t), MyVerdict::Solved(_) | MyVerdict::Wrong(_)) => crate::teach::why_of(t)
            .map(|w| w.text(teacher_voice(settings.as_deref(), lang)))
            .unwrap_or_default(),
        (Some(t), _) => crate::teach::theme_kind(t)
            .map(|k| theme_line(k, lang))
            .unwrap_or_default(),
        (None, _) => String::new(),
    };
    let words = Words {
        active: &active,
        verdict,
        pos: &pos,
        settings: settings.as_deref(),
        lang,
    };
    for (line, mut text, mut color) in &mut lines {
        let (want, want_color) = match line {
            Line::Title => (words.title(), palette::ACCENT),
            Line::Task => words.task(),
            Line::Theme => (theme.clone(), palette::TEXT_DIM),
            Line::Status => words.status(),
        };
        text.set_if_neq(Text(want));
        color.set_if_neq(TextColor(want_color));
    }
}

/// What the card's lines say about the puzzle on the board at `pos`.
struct Words<'a> {
    active: &'a ActiveMyPuzzle,
    verdict: MyVerdict,
    pos: &'a Position,
    settings: Option<&'a UserSettings>,
    lang: Lang,
}

impl Words<'_> {
    /// A move in the move list's notation.
    fn mv(&self, m: Move) -> String {
        let (notation, style) = list_style(self.settings);
        format_move(self.pos, m, notation, style)
    }

    /// "My position · Red" or "From my games · Red".
    fn title(&self) -> String {
        let lang = self.lang;
        let from = if self.active.puzzle.composed {
            Phrase::MyPosition
        } else {
            Phrase::FromMyGamesShort
        };
        format!(
            "{} · {}",
            from.get(lang),
            side_name(self.pos.side_to_move(), lang)
        )
    }

    /// What was played in the game and what to find.
    fn task(&self) -> (String, Color) {
        let (p, lang) = (&self.active.puzzle, self.lang);
        let j = p.judgement();
        let text = match p.played_move() {
            Some(m) => format!(
                "{} {} {} {} · {}",
                Phrase::YouPlayed.get(lang),
                self.mv(m),
                judgement_symbol(j),
                judgement_word(j, lang),
                Phrase::FindBetterMove.get(lang)
            ),
            None if p.composed => Phrase::FindBestMove.get(lang).to_string(),
            None => Phrase::FindBetterMove.get(lang).to_string(),
        };
        let color = if p.composed {
            palette::TEXT
        } else {
            judgement_color(j)
        };
        (text, color)
    }

    /// The verdict on the player's move.
    fn status(&self) -> (String, Color) {
        let lang = self.lang;
        match self.verdict {
            MyVerdict::ToMove => (String::new(), palette::TEXT),
            MyVerdict::Checking(m) => (
                format!("{} {}…", self.mv(m), Phrase::CheckingMove.get(lang)),
                palette::TEXT_DIM,
            ),
            MyVerdict::Solved(m) => {
                let style = list_style(self.settings).1;
                let line = line_text(self.pos, &self.active.puzzle.line_moves(), style);
                (
                    format!(
                        "{} {} · {}: {line}",
                        self.mv(m),
                        Phrase::BetterMoveFound.get(lang),
                        Phrase::Computer.get(lang),
                    ),
                    palette::ACCENT,
                )
            }
            MyVerdict::Wrong(m) => (
                format!("{} — {}", self.mv(m), Phrase::NotGoodEnough.get(lang)),
                palette::WRONG_TEXT,
            ),
        }
    }
}
