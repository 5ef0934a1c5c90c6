//! The saved games screen: the PGN files in the saved-games folder, newest
//! first, with date, players, result and length. A click opens a game on
//! the board at its start for replay (→ steps, "Play from here" continues
//! from any move). A file that cannot be read is listed with what is wrong
//! with it and cannot be opened; nothing here writes to the folder.
//!
//! The files are read on a thread of their own
//! ([`library::list_in_background`]) and each row appears as its file is
//! read, so a folder of large files never freezes the window. Long names
//! and tag values are shortened to fit their row.

use crate::game::i18n::{Lang, Phrase};
use crate::game::notice::Notice;
use crate::game::play::records::open_file_on_board;
use crate::game::play::session::GameOpener;
use crate::game::settings::CurrentLang;
use crate::game::settings::StorePaths;
use crate::game::theme::layout::column;
use crate::game::theme::shape::Shape;
use crate::game::theme::{
    Fonts, OnPress, Toggled, WheelScrolls, button, label, palette, screen_root,
};
use crate::game::{GameSet, Screen};
use crate::store::library::{self, Entry};
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use row::{FILE_COLUMNS, fit_end, row};

pub(super) mod import_field;
pub(super) mod review_button;
mod row;
use crossbeam_channel::{Receiver, TryRecvError};
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::SavedGames), spawn_list)
        .add_systems(OnExit(Screen::SavedGames), stop_listing)
        .add_observer(on_row)
        .add_systems(
            Update,
            (
                list_input
                    .in_set(GameSet::Input)
                    .run_if(in_state(Screen::SavedGames)),
                receive_entries
                    .in_set(GameSet::Present)
                    .run_if(in_state(Screen::SavedGames)),
            ),
        );
}

/// A row's file, opened by a click.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
struct LoadGame(PathBuf);

#[derive(Component)]
struct ListBox;

/// The listing being read: the entries so far (newest first) and the
/// channel the rest arrive on (`None` once all have come).
#[derive(Resource)]
struct Listing {
    incoming: Option<Receiver<Entry>>,
    entries: Vec<Entry>,
}

fn spawn_list(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    paths: Option<Res<StorePaths>>,
) {
    let lang = *lang;
    let dir = paths
        .as_ref()
        .and_then(|p| p.0.as_ref())
        .map(|p| p.games_dir());
    commands.insert_resource(Listing {
        incoming: dir.clone().map(library::list_in_background),
        entries: Vec::new(),
    });
    let first = if dir.is_some() {
        Phrase::ReadingSavedGames
    } else {
        Phrase::NoSavedGames
    };
    commands.spawn((
        screen_root(Screen::SavedGames),
        children![
            label(Phrase::SavedGames, lang, fonts.ui(34.0), palette::ACCENT),
            folder_line(dir.as_deref(), lang, &fonts),
            (
                list_box(),
                children![label(first, lang, fonts.ui(18.0), palette::TEXT_DIM)],
            ),
            import_field::import_section(lang, &fonts),
            button(Phrase::Back, lang, &fonts, 20.0, OnPress::go(Screen::Menu)),
        ],
    ));
}

/// The folder read and how to use the list.
fn folder_line(dir: Option<&std::path::Path>, lang: Lang, fonts: &Fonts) -> impl Bundle {
    let hint = Phrase::SavedGamesHint.get(lang);
    (
        Text::new(match dir {
            Some(d) => format!(
                "{} · {hint}",
                fit_end(&d.display().to_string(), FILE_COLUMNS)
            ),
            None => hint.to_string(),
        }),
        fonts.ui(14.0),
        TextColor(palette::TEXT_DIM),
        Pickable::IGNORE,
    )
}

/// The scrolling column of rows.
fn list_box() -> impl Bundle {
    (
        ListBox,
        column(6.0)
            .flex_grow(1.0)
            .min_height(Val::Px(0.0))
            .width(Val::Percent(100.0))
            .max_width(Val::Px(900.0))
            .overflow(Overflow::scroll_y()),
        ScrollPosition::default(),
        WheelScrolls,
        Pickable {
            should_block_lower: false,
            is_hoverable: true,
        },
    )
}

/// Leaving the screen drops the channel: the reading thread stops.
fn stop_listing(mut commands: Commands) {
    commands.remove_resource::<Listing>();
}

/// Takes the entries read since the last frame and rebuilds the rows when
/// there are new ones (or when the listing has ended).
fn receive_entries(
    mut commands: Commands,
    listing: Option<ResMut<Listing>>,
    list: Query<Entity, With<ListBox>>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
) {
    let (Some(mut listing), Ok(list)) = (listing, list.single()) else {
        return;
    };
    if !listing.receive() {
        return;
    }
    let lang = *lang;
    let mut list = commands.entity(list);
    list.despawn_children();
    list.with_children(|list| {
        for e in &listing.entries {
            spawn_row(list, e, lang, &fonts);
        }
        let finished = listing.incoming.is_none();
        if !finished {
            list.spawn(label(
                Phrase::ReadingSavedGames,
                lang,
                fonts.ui(16.0),
                palette::TEXT_DIM,
            ));
        } else if listing.entries.is_empty() {
            list.spawn(label(
                Phrase::NoSavedGames,
                lang,
                fonts.ui(18.0),
                palette::TEXT_DIM,
            ));
        }
    });
}

impl Listing {
    /// Takes the entries read since the last call, in order; returns
    /// whether anything changed (new entries, or the end of the listing).
    fn receive(&mut self) -> bool {
        let Some(rx) = &self.incoming else {
            return false;
        };
        let mut changed = false;
        loop {
            match rx.try_recv() {
                Ok(e) => {
                    let at = self
                        .entries
                        .partition_point(|x| library::newest_first(x, &e).is_lt());
                    self.entries.insert(at, e);
                    changed = true;
                }
                Err(TryRecvError::Empty) => return changed,
                Err(TryRecvError::Disconnected) => {
                    self.incoming = None;
                    return true;
                }
            }
        }
    }
}

/// One file's row: date and players, then result, length and file name
/// (or what is wrong with the file), each shortened to fit. A readable
/// file's row is a button that opens it.
fn spawn_row(list: &mut ChildSpawnerCommands, e: &Entry, lang: Lang, fonts: &Fonts) {
    let mut row = list.spawn(row(e, lang, fonts));
    if e.error.is_none() {
        row.insert((Button, Toggled(false), LoadGame(e.path.clone())));
        // Review the game (the click goes on to the row, which opens it).
        row.with_child(review_button::review_button(&e.path, lang, fonts));
    }
}

/// A click on a file's row opens its game at the start.
fn on_row(
    click: On<Pointer<Click>>,
    rows: Query<&LoadGame>,
    mut opener: GameOpener,
    mut notice: ResMut<Notice>,
) {
    let Ok(LoadGame(path)) = rows.get(click.entity) else {
        return;
    };
    if let Err(e) = open_file_on_board(path, &mut opener) {
        notice.post(
            Phrase::CannotOpen,
            format!("{}: {}", path.display(), e.reason()),
            true,
        );
    }
}

fn list_input(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
}
