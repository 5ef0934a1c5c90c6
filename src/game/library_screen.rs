//! The saved games screen: the PGN files in the saved-games folder, newest
//! first, with date, players, result and length. A click opens a game on
//! the board at its start for replay (→ steps, "Play from here" continues
//! from any move). A file that cannot be read is listed with what is wrong
//! with it and cannot be opened; nothing here writes to the folder.

use super::i18n::{Lang, Text as T};
use super::persist::{ContinueGame, Notice, can_continue, open_game};
use super::session::GameSetup;
use super::settings::StorePaths;
use super::theme::{Fonts, button, label, palette, screen_root};
use super::{GameSet, Screen};
use crate::rules::GameResult;
use crate::store::library::{self, Entry};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::SavedGames), spawn_list)
        .add_observer(on_library_button)
        .add_systems(
            Update,
            (
                list_input
                    .in_set(GameSet::Input)
                    .run_if(in_state(Screen::SavedGames)),
                hide_continue.run_if(in_state(Screen::Menu)),
            ),
        );
}

/// The menu's row: Continue (when there is an autosave), Puzzles, Saved games.
pub fn menu_row(lang: Lang, fonts: &Fonts) -> impl Bundle {
    (
        Node {
            column_gap: Val::Px(14.0),
            margin: UiRect::top(Val::Px(14.0)),
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                button(T::Continue, lang, fonts, 22.0, LibraryAction::Continue),
                ContinueButton,
            ),
            super::puzzle_screen::open_button(lang, fonts, 22.0),
            button(T::SavedGames, lang, fonts, 22.0, LibraryAction::Open),
        ],
    )
}

/// Shown only when there is an autosave.
#[derive(Component)]
struct ContinueButton;

fn hide_continue(
    paths: Option<Res<StorePaths>>,
    mut buttons: Query<&mut Node, Added<ContinueButton>>,
) {
    let show = can_continue(paths.as_deref());
    for mut node in &mut buttons {
        node.display = if show { Display::Flex } else { Display::None };
    }
}

#[derive(Component, Clone, Debug, PartialEq, Eq)]
enum LibraryAction {
    Continue,
    Open,
    Back,
    Load(PathBuf),
}

#[derive(Component)]
struct ListBox;

fn result_text(r: Option<GameResult>, lang: Lang) -> &'static str {
    match r {
        Some(GameResult::RedWins) => T::RedWins.get(lang),
        Some(GameResult::BlackWins) => T::BlackWins.get(lang),
        Some(GameResult::Draw) => T::Draw.get(lang),
        None => T::Unfinished.get(lang),
    }
}

fn spawn_list(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: Res<Lang>,
    paths: Option<Res<StorePaths>>,
) {
    let lang = *lang;
    let dir = paths
        .as_ref()
        .and_then(|p| p.0.as_ref())
        .map(|p| p.games_dir());
    let entries: Vec<Entry> = dir.as_deref().map(library::list).unwrap_or_default();
    commands
        .spawn(screen_root(Screen::SavedGames))
        .with_children(|root| {
            root.spawn(label(T::SavedGames, lang, fonts.ui(34.0), palette::ACCENT));
            root.spawn((
                Text::new(match &dir {
                    Some(d) => format!("{} · {}", d.display(), T::SavedGamesHint.get(lang)),
                    None => T::SavedGamesHint.get(lang).to_string(),
                }),
                fonts.ui(14.0),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ));
            root.spawn((
                ListBox,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: Val::Px(6.0),
                    flex_grow: 1.0,
                    min_height: Val::Px(0.0),
                    width: Val::Percent(100.0),
                    max_width: Val::Px(900.0),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                ScrollPosition::default(),
                Pickable {
                    should_block_lower: false,
                    is_hoverable: true,
                },
            ))
            .with_children(|list| {
                if entries.is_empty() {
                    list.spawn(label(
                        T::NoSavedGames,
                        lang,
                        fonts.ui(18.0),
                        palette::TEXT_DIM,
                    ));
                }
                for e in &entries {
                    let name = e
                        .path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let (line1, line2, ok) = match &e.error {
                        None => (
                            format!(
                                "{}   {} — {}",
                                e.date,
                                if e.red.is_empty() { "?" } else { &e.red },
                                if e.black.is_empty() { "?" } else { &e.black }
                            ),
                            format!(
                                "{} · {} {} · {name}",
                                result_text(e.result, lang),
                                e.plies,
                                T::Plies.get(lang)
                            ),
                            true,
                        ),
                        Some(err) => (
                            format!("{}   {name}", e.date),
                            format!("{}: {err}", T::CannotOpen.get(lang)),
                            false,
                        ),
                    };
                    let mut row = list.spawn((
                        Node {
                            flex_direction: FlexDirection::Column,
                            flex_shrink: 0.0,
                            padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
                            border: UiRect::all(Val::Px(1.0)),
                            border_radius: BorderRadius::all(Val::Px(6.0)),
                            ..default()
                        },
                        BackgroundColor(if ok {
                            palette::BUTTON
                        } else {
                            Color::srgb(0.30, 0.16, 0.14)
                        }),
                        BorderColor::all(if ok {
                            palette::BUTTON_BORDER
                        } else {
                            palette::ILLEGAL
                        }),
                    ));
                    if ok {
                        row.insert((
                            Button,
                            super::theme::Toggled(false),
                            LibraryAction::Load(e.path.clone()),
                        ));
                    }
                    row.with_children(|r| {
                        r.spawn((
                            Text::new(line1),
                            fonts.ui(17.0),
                            TextColor(palette::TEXT),
                            Pickable::IGNORE,
                        ));
                        r.spawn((
                            Text::new(line2),
                            fonts.ui(14.0),
                            TextColor(if ok {
                                palette::TEXT_DIM
                            } else {
                                Color::srgb(1.0, 0.7, 0.65)
                            }),
                            Pickable::IGNORE,
                        ));
                    });
                }
            });
            root.spawn(button(T::Back, lang, &fonts, 20.0, LibraryAction::Back));
        });
}

fn on_library_button(
    click: On<Pointer<Click>>,
    actions: Query<&LibraryAction>,
    mut commands: Commands,
    mut setup: ResMut<GameSetup>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut continue_game: MessageWriter<ContinueGame>,
) {
    let Ok(action) = actions.get(click.entity) else {
        return;
    };
    match action {
        LibraryAction::Continue => {
            continue_game.write(ContinueGame);
        }
        LibraryAction::Open => next.set(Screen::SavedGames),
        LibraryAction::Back => next.set(Screen::Menu),
        LibraryAction::Load(path) => {
            match library::load(path)
                .map_err(|e| e.to_string())
                .and_then(|pgn| {
                    pgn.to_game()
                        .map_err(|e| format!("{}: {e}", path.display()))
                }) {
                Ok(game) => {
                    let review = (game.ply() > 0).then_some(0);
                    open_game(&mut commands, &mut setup, None, &mut next, game, review);
                }
                Err(e) => notice.post(T::CannotOpen, e, true),
            }
        }
    }
}

fn list_input(
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<MouseWheel>,
    mut boxes: Query<&mut ScrollPosition, With<ListBox>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
    for event in wheel.read() {
        let dy = match event.unit {
            MouseScrollUnit::Line => event.y * 30.0,
            MouseScrollUnit::Pixel => event.y,
        };
        for mut scroll in &mut boxes {
            scroll.y = (scroll.y - dy).max(0.0);
        }
    }
}
