//! The card of a puzzle from a real game, at the top of the panel, while
//! the trainer's puzzle is on the board: its lines ([`words`]) — how it
//! was chosen, the task, then solved or missed with the teacher's why, the
//! rating's change, what the combination did, the puzzle's rating and
//! themes, its game — and Retry, Hint, Show solution, Next and the list.

pub mod words;

use crate::game::i18n::Phrase;
use crate::game::panel::{InfoColumn, dock_first};
use crate::game::play::Play;
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::hint::HintRequest;
use crate::game::play::move_list::teacher_voice;
use crate::game::play::session::{GameCommand, Session};
use crate::game::play::trainer::record::ShowSolution;
use crate::game::play::trainer::teacher::TacticTeacher;
use crate::game::play::trainer::{ActiveTactic, NextTactic, TrainerRecord};
use crate::game::settings::{CurrentLang, UserSettings};
use crate::game::theme::layout::{centred_row, panel_card};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, button, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::store::trainer::Streak;
use bevy::prelude::*;
use words::{CardFacts, Line};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            spawn_card,
            dock_first::<TacticCard, InfoColumn>,
            refresh_card,
        )
            .chain()
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

#[derive(Component)]
struct TacticCard;

/// A line of the card.
#[derive(Component, Clone, Copy)]
struct CardLine(Line);

const LINES: [(Line, f32); 7] = [
    (Line::Title, 17.0),
    (Line::Task, 15.0),
    (Line::Status, 15.0),
    (Line::Change, 15.0),
    (Line::Teacher, 14.0),
    (Line::Info, 13.0),
    (Line::Source, 13.0),
];

/// Spawns the card when a puzzle of the trainer is on the board.
fn spawn_card(
    mut commands: Commands,
    active: Option<Res<ActiveTactic>>,
    cards: Query<Entity, With<TacticCard>>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
) {
    let (want, have) = (active.is_some(), !cards.is_empty());
    if want == have {
        return;
    }
    if !want {
        for card in &cards {
            commands.entity(card).despawn();
        }
        return;
    }
    let lang = *lang;
    let btn = |t: Phrase, action: OnPress| button(t, lang, &fonts, 14.0, action);
    commands
        .spawn((TacticCard, panel_card(), DespawnOnExit(Play::Puzzle)))
        .with_children(|card| {
            for (line, px) in LINES {
                card.spawn((
                    CardLine(line),
                    Text::new(""),
                    fonts.ui(px),
                    TextColor(palette::TEXT),
                    TextLayout::justify(Justify::Center),
                    plain().max_width(Val::Percent(100.0)),
                    Pickable::IGNORE,
                ));
            }
            card.spawn((
                centred_row(6.0),
                Pickable::IGNORE,
                children![
                    btn(Phrase::Retry, OnPress::send(GameCommand::NewGame)),
                    btn(Phrase::Hint, OnPress::send(HintRequest)),
                    btn(Phrase::ShowSolution, OnPress::send(ShowSolution)),
                    btn(Phrase::NextPuzzle, OnPress::send(NextTactic)),
                    btn(Phrase::PuzzleList, OnPress::go(Screen::Tactics)),
                ],
            ));
        });
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
