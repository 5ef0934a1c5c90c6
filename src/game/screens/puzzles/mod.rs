//! The puzzle (残局) list: first "from my games" — the positions before
//! the player's own mistakes, found by game reviews, each to be answered
//! with a better move, with its progress and a Remove button — then the
//! 42 classic puzzles with their names and solved marks; a click starts
//! one; and the way to the tactics trainer, puzzles from real games
//! ([`tactics`]). (On the board, the panel shows the puzzle's card.)

mod mine;
mod tactic_tiles;
mod tactics;
mod tiles;

use crate::game::i18n::{Lang, Phrase, mate_in};
use crate::game::notice::Notice;
use crate::game::play::puzzle::{PuzzleProgress, StartPuzzle};
use crate::game::settings::CurrentLang;
use crate::game::settings::StorePaths;
use crate::game::theme::layout::{scrolling_tiles, tile_box};
use crate::game::theme::shape::Shape;
use crate::game::theme::{Fonts, OnPress, button, label, palette, screen_root};
use crate::game::{GameSet, Screen};
use crate::store::{Progress, Puzzle, puzzles};
use bevy::prelude::*;
use tiles::{list_heading, list_screen, rim, rim_width, status_text, tile};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(tactics::plugin);
    list_screen(app, Screen::Puzzles, spawn_list, Screen::Menu);
    app.add_systems(
        Update,
        mine::fill_my_puzzles
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Puzzles)),
    );
}

/// "3步杀" / "mate in 2".
pub fn mate_text(plies: u32, lang: Lang) -> String {
    mate_in(plies.div_ceil(2), lang)
}

fn spawn_list(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    mut progress: ResMut<PuzzleProgress>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    let lang = *lang;
    let progress = progress.get(paths.as_deref(), &mut notice).clone();
    let all = puzzles::all();
    let solved = all.iter().filter(|p| progress.is_solved(&p.id)).count();
    commands
        .spawn(screen_root(Screen::Puzzles))
        .with_children(|root| {
            root.spawn(label(
                Phrase::PuzzlesTitle,
                lang,
                fonts.ui(34.0),
                palette::ACCENT,
            ));
            root.spawn((
                Text::new(format!(
                    "{} {solved} / {}   ·   {}",
                    Phrase::Solved.get(lang),
                    all.len(),
                    Phrase::PuzzlesHint.get(lang)
                )),
                fonts.ui(15.0),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ));
            root.spawn(button(
                Phrase::Tactics,
                lang,
                &fonts,
                18.0,
                OnPress::go(Screen::Tactics),
            ));
            root.spawn(scrolling_tiles(8.0)).with_children(|grid| {
                // Filled by `fill_my_puzzles`, and again after a removal.
                grid.spawn(mine::section());
                grid.spawn(list_heading(Phrase::ClassicPuzzles, lang, &fonts));
                for (i, p) in all.iter().enumerate() {
                    grid.spawn(classic_tile(i, p, &progress, lang, &fonts));
                }
            });
            root.spawn(button(
                Phrase::Back,
                lang,
                &fonts,
                20.0,
                OnPress::go(Screen::Menu),
            ));
        });
}

/// A classic puzzle's button: its number and name, how many moves to mate
/// and how far the player got.
fn classic_tile(
    i: usize,
    p: &Puzzle,
    progress: &Progress,
    lang: Lang,
    fonts: &Fonts,
) -> impl Bundle + use<> {
    let done = progress.is_solved(&p.id);
    let status = status_text(done, progress.attempts(&p.id), lang);
    let lines = (
        format!("{}. {}", i + 1, p.name),
        format!("{} · {status}", mate_text(p.mate_in_plies, lang)),
    );
    let node = tile_box(rim_width(done)).width(Val::Px(270.0));
    tile(
        node,
        done,
        rim(done),
        OnPress::send(StartPuzzle(i)),
        lines,
        fonts,
    )
}
