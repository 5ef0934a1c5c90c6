//! The tactics trainer's screen (实战战术), reached from the puzzle list:
//! the player's rating with its deviation, the three ways to the next
//! puzzle — at the rating, the streak (current and best), the missed ones
//! due again ("3 to review") — then the themes, the three missed most
//! first, each with the player's score; a click plays puzzles of it.

use super::tactic_tiles::{spawn_modes, theme_tile};
use super::tiles::{list_heading, list_screen, text_line};
use crate::game::Screen;
use crate::game::i18n::{Lang, Phrase};
use crate::game::notice::Notice;
use crate::game::play::trainer::summary::TrainerSummary;
use crate::game::play::trainer::{TacticSet, TrainerRecord};
use crate::game::settings::{CurrentLang, StorePaths};
use crate::game::theme::layout::{centred_row, scrolling_tiles};
use crate::game::theme::shape::Shape;
use crate::game::theme::{Fonts, OnPress, button, label, palette, screen_root};
use crate::store::now_unix;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    list_screen(app, Screen::Tactics, spawn_screen, Screen::Puzzles);
}

fn spawn_screen(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    mut record: ResMut<TrainerRecord>,
    set: Res<TacticSet>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    let lang = *lang;
    let trainer = record.get(paths.as_deref(), &mut notice);
    let s = TrainerSummary::of(trainer, &set.0, now_unix());
    commands
        .spawn(screen_root(Screen::Tactics))
        .with_children(|root| {
            root.spawn(label(
                Phrase::TacticsTitle,
                lang,
                fonts.ui(32.0),
                palette::ACCENT,
            ));
            root.spawn(text_line(
                Phrase::TacticsHint.get(lang).to_string(),
                15.0,
                palette::TEXT_DIM,
                &fonts,
            ));
            if s.puzzles == 0 {
                root.spawn(text_line(
                    Phrase::TacticsNone.get(lang).to_string(),
                    18.0,
                    palette::TEXT,
                    &fonts,
                ));
            } else {
                spawn_lists(root, &s, lang, &fonts);
            }
            root.spawn(button(
                Phrase::Back,
                lang,
                &fonts,
                20.0,
                OnPress::go(Screen::Puzzles),
            ));
        });
}

/// The ways to the next puzzle and the themes.
fn spawn_lists(root: &mut ChildSpawnerCommands, s: &TrainerSummary, lang: Lang, fonts: &Fonts) {
    root.spawn((centred_row(10.0).flex_shrink(0.0), Pickable::IGNORE))
        .with_children(|row| spawn_modes(row, s, lang, fonts));
    root.spawn(scrolling_tiles(8.0)).with_children(|grid| {
        if !s.weakest.is_empty() {
            grid.spawn(list_heading(Phrase::MissedMost, lang, fonts));
            for &row in &s.weakest {
                grid.spawn(theme_tile(row, true, lang, fonts));
            }
        }
        let heading = if s.weakest.is_empty() {
            Phrase::TacticsThemes
        } else {
            Phrase::AllThemes
        };
        grid.spawn(list_heading(heading, lang, fonts));
        for &row in &s.themes {
            grid.spawn(theme_tile(row, false, lang, fonts));
        }
    });
}
