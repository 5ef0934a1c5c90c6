//! A puzzle's card at the top of the panel: the puzzle's name, the moves
//! left and the verdict, with Retry, Hint, Next and the list.

use crate::game::i18n::{Lang, Phrase, reason_text};
use crate::game::panel::{InfoColumn, dock_first};
use crate::game::play::Play;
use crate::game::play::hint::HintRequest;
use crate::game::play::puzzle::{ActivePuzzle, NextPuzzle};
use crate::game::play::session::GameCommand;
use crate::game::play::session::Session;
use crate::game::screens::puzzles::mate_text;
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::{centred_row, panel_card};
use crate::game::theme::{Fonts, OnPress, button, palette};
use crate::game::{GameSet, Screen};
use crate::store::puzzles::{Failure, Verdict};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Play::Puzzle), spawn_card)
        .add_systems(
            Update,
            (dock_first::<PuzzleCard, InfoColumn>, refresh_card)
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// The card during an attempt (gone with the puzzle, space and all).
#[derive(Component)]
struct PuzzleCard;

#[derive(Component)]
struct CardTitle;

#[derive(Component)]
struct CardStatus;

fn spawn_card(
    mut commands: Commands,
    active: Option<Res<ActivePuzzle>>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
) {
    if active.is_none() {
        return;
    }
    let lang = *lang;
    let btn = |t: Phrase, action: OnPress| button(t, lang, &fonts, 14.0, action);
    commands.spawn((
        PuzzleCard,
        panel_card(),
        DespawnOnExit(Play::Puzzle),
        children![
            (
                CardTitle,
                Text::new(""),
                fonts.ui(17.0),
                TextColor(palette::ACCENT),
                Pickable::IGNORE,
            ),
            (
                CardStatus,
                Text::new(""),
                fonts.ui(15.0),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            ),
            (
                centred_row(6.0),
                Pickable::IGNORE,
                children![
                    btn(Phrase::Retry, OnPress::send(GameCommand::NewGame)),
                    btn(Phrase::Hint, OnPress::send(HintRequest)),
                    btn(Phrase::NextPuzzle, OnPress::send(NextPuzzle)),
                    btn(Phrase::PuzzleList, OnPress::go(Screen::Puzzles)),
                ],
            ),
        ],
    ));
}

fn refresh_card(
    active: Option<Res<ActivePuzzle>>,
    exercise: Option<Res<crate::game::play::exercise::ActiveExercise>>,
    lang: CurrentLang,
    mut titles: Query<&mut Text, (With<CardTitle>, Without<CardStatus>)>,
    mut statuses: Query<(&mut Text, &mut TextColor), (With<CardStatus>, Without<CardTitle>)>,
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
    for mut t in &mut titles {
        t.set_if_neq(Text(title.clone()));
    }
    for (mut t, mut c) in &mut statuses {
        if t.0 != status {
            t.0 = status.clone();
            c.0 = color;
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
