//! The puzzle (残局) list: first "from my games" — the positions before
//! the player's own mistakes, found by game reviews, each to be answered
//! with a better move, with its progress and a Remove button — then the
//! 42 classic puzzles with their names and solved marks; a click starts
//! one; and the way to the tactics trainer, puzzles from real games
//! ([`tactics`]). (On the board, the panel shows the puzzle's card.)

mod mine;
mod tactic_tiles;
mod tactics;

use crate::game::i18n::{Lang, Phrase, mate_in};
use crate::game::notice::Notice;
use crate::game::play::puzzle::{PuzzleProgress, StartPuzzle};
use crate::game::settings::CurrentLang;
use crate::game::settings::StorePaths;
use crate::game::theme::layout::{scrolling_tiles, tile_box};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, Toggled, button, label, palette, screen_root};
use crate::game::{GameSet, Screen};
use crate::store::{Progress, Puzzle, puzzles};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(tactics::plugin);
    app.add_systems(OnEnter(Screen::Puzzles), spawn_list)
        .add_systems(
            Update,
            (
                list_keys
                    .in_set(GameSet::Input)
                    .run_if(in_state(Screen::Puzzles)),
                mine::fill_my_puzzles
                    .in_set(GameSet::Present)
                    .run_if(in_state(Screen::Puzzles)),
            ),
        );
}

fn list_keys(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
}

/// "3步杀" / "mate in 2".
pub fn mate_text(plies: u32, lang: Lang) -> String {
    mate_in(plies.div_ceil(2), lang)
}

/// "Solved", "Tried · 3" or "Unsolved".
fn status_text(solved: bool, attempts: u32, lang: Lang) -> String {
    if solved {
        format!("✓ {}", Phrase::Solved.get(lang))
    } else if attempts > 0 {
        format!("{} · {attempts}", Phrase::Tried.get(lang))
    } else {
        Phrase::Unsolved.get(lang).to_string()
    }
}

/// A puzzle tile's border: thicker once solved.
fn rim_width(solved: bool) -> f32 {
    if solved { 2.0 } else { 1.0 }
}

/// A puzzle's button: its name over a line of detail, its border in `rim`.
/// `node` (a [`tile_box`]) sizes it.
fn tile(
    node: Node,
    solved: bool,
    rim: Color,
    action: OnPress,
    (name, detail): (String, String),
    fonts: &Fonts,
) -> impl Bundle + use<> {
    (
        Button,
        node,
        BackgroundColor(palette::BUTTON),
        BorderColor::all(rim),
        Toggled(false),
        action,
        children![
            (
                Text::new(name),
                fonts.ui(16.0),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            ),
            (
                Text::new(detail),
                fonts.ui(13.0),
                TextColor(if solved {
                    palette::ACCENT
                } else {
                    palette::TEXT_DIM
                }),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// A line across the list, centred.
fn centred(text: impl Bundle, node: Node) -> impl Bundle {
    (
        text,
        TextLayout::justify(Justify::Center),
        node.width(Val::Percent(100.0)),
    )
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
                grid.spawn(centred(
                    label(
                        Phrase::ClassicPuzzles,
                        lang,
                        fonts.ui(20.0),
                        palette::ACCENT,
                    ),
                    plain().margin(UiRect::top(Val::Px(10.0))),
                ));
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
    let rim = if done {
        palette::ACCENT
    } else {
        palette::BUTTON_BORDER
    };
    let node = tile_box(rim_width(done)).width(Val::Px(270.0));
    tile(node, done, rim, OnPress::send(StartPuzzle(i)), lines, fonts)
}
