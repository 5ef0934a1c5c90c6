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
use crate::game::theme::{Fonts, OnPress, Toggled, button, label, palette, screen_root};
use crate::game::{GameSet, Screen};
use crate::rules::GameResult;
use crate::store::library::{self, Entry};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

pub(super) mod import_field;
pub(super) mod review_button;
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

fn result_text(r: Option<GameResult>, lang: Lang) -> &'static str {
    match r {
        Some(GameResult::RedWins) => Phrase::RedWins.get(lang),
        Some(GameResult::BlackWins) => Phrase::BlackWins.get(lang),
        Some(GameResult::Draw) => Phrase::Draw.get(lang),
        None => Phrase::Unfinished.get(lang),
    }
}

/// The listing being read: the entries so far (newest first) and the
/// channel the rest arrive on (`None` once all have come).
#[derive(Resource)]
struct Listing {
    incoming: Option<Receiver<Entry>>,
    entries: Vec<Entry>,
}

/// Longest player name shown, in columns (a CJK character takes two).
const NAME_COLUMNS: usize = 28;
/// Longest file name shown, in columns.
const FILE_COLUMNS: usize = 60;
/// Longest error text shown, in columns.
const ERROR_COLUMNS: usize = 110;

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

/// A row's box and its two lines.
fn row(e: &Entry, lang: Lang, fonts: &Fonts) -> impl Bundle {
    let (line1, line2) = row_lines(e, lang);
    let ok = e.error.is_none();
    (
        Node {
            flex_direction: FlexDirection::Column,
            flex_shrink: 0.0,
            width: Val::Percent(100.0),
            padding: UiRect::axes(Val::Px(12.0), Val::Px(6.0)),
            border: UiRect::all(Val::Px(1.0)),
            border_radius: BorderRadius::all(Val::Px(6.0)),
            // Whatever is still too wide is cut at the row's edge.
            overflow: Overflow::clip_x(),
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
        children![
            (
                Text::new(line1),
                fonts.ui(17.0),
                TextColor(palette::TEXT),
                TextLayout::linebreak(LineBreak::AnyCharacter),
                Pickable::IGNORE,
            ),
            (
                Text::new(line2),
                fonts.ui(14.0),
                TextColor(if ok {
                    palette::TEXT_DIM
                } else {
                    Color::srgb(1.0, 0.7, 0.65)
                }),
                TextLayout::linebreak(LineBreak::AnyCharacter),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// A row's two lines of text.
fn row_lines(e: &Entry, lang: Lang) -> (String, String) {
    let name = e
        .path
        .file_name()
        .map(|n| fit_middle(&n.to_string_lossy(), FILE_COLUMNS))
        .unwrap_or_default();
    let player = |p: &str| {
        if p.trim().is_empty() {
            "?".to_string()
        } else {
            fit_end(p, NAME_COLUMNS)
        }
    };
    match &e.error {
        None => (
            format!("{}   {} — {}", e.date, player(&e.red), player(&e.black)),
            format!(
                "{} · {} {} · {name}",
                result_text(e.result, lang),
                e.plies,
                Phrase::Plies.get(lang)
            ),
        ),
        Some(err) => (
            format!("{}   {name}", e.date),
            fit_end(
                &format!("{}: {err}", Phrase::CannotOpen.get(lang)),
                ERROR_COLUMNS,
            ),
        ),
    }
}

/// Display columns of a character: CJK and other wide characters take two.
fn columns(c: char) -> usize {
    if c.is_ascii() || ('\u{00a0}'..'\u{1100}').contains(&c) {
        1
    } else {
        2
    }
}

/// `s` cut to at most `max` columns, ending in `…` when cut (tag values).
fn fit_end(s: &str, max: usize) -> String {
    let s = s.replace(['\n', '\r', '\t'], " ");
    if s.chars().map(columns).sum::<usize>() <= max {
        return s;
    }
    let mut out = String::new();
    let mut used = columns('…');
    for c in s.chars() {
        used += columns(c);
        if used > max {
            break;
        }
        out.push(c);
    }
    out.push('…');
    out
}

/// `s` cut to at most `max` columns by dropping its middle, so both the
/// start (date, players) and the end (`-2.pgn`) of a file name stay.
fn fit_middle(s: &str, max: usize) -> String {
    if s.chars().map(columns).sum::<usize>() <= max {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let budget = max.saturating_sub(columns('…'));
    let (mut head, mut tail) = (0, chars.len());
    let mut used = 0;
    // Take alternately from the front (two parts) and the back (one part).
    loop {
        let front = chars.get(head).copied().filter(|_| head < tail);
        let Some(c) = front else { break };
        if used + columns(c) > budget {
            break;
        }
        used += columns(c);
        head += 1;
        if head % 2 == 0 && tail > head {
            let c = chars[tail - 1];
            if used + columns(c) > budget {
                break;
            }
            used += columns(c);
            tail -= 1;
        }
    }
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[tail..]);
    out
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
        notice.post(Phrase::CannotOpen, format!("{}: {e}", path.display()), true);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn width(s: &str) -> usize {
        s.chars().map(columns).sum()
    }

    #[test]
    fn long_tag_values_are_cut_to_fit_with_an_ellipsis() {
        assert_eq!(fit_end("许银川", NAME_COLUMNS), "许银川");
        let long = "A".repeat(300);
        let cut = fit_end(&long, NAME_COLUMNS);
        assert!(cut.ends_with('…') && width(&cut) <= NAME_COLUMNS, "{cut}");
        let wide = "象".repeat(100);
        let cut = fit_end(&wide, NAME_COLUMNS);
        assert!(width(&cut) <= NAME_COLUMNS, "{cut}");
        assert_eq!(fit_end("a\nb", 10), "a b");
    }

    #[test]
    fn a_250_character_file_name_keeps_its_start_and_end() {
        let name = format!("2024-05-01_143005_{}-vs-B-2.pgn", "x".repeat(250));
        let cut = fit_middle(&name, FILE_COLUMNS);
        assert!(width(&cut) <= FILE_COLUMNS, "{cut}");
        assert!(cut.starts_with("2024-05-01_143005_x"), "{cut}");
        assert!(cut.ends_with("-vs-B-2.pgn"), "{cut}");
        assert!(cut.contains('…'));
        let chinese = format!("{}.pgn", "棋".repeat(250));
        let cut = fit_middle(&chinese, FILE_COLUMNS);
        assert!(
            width(&cut) <= FILE_COLUMNS && cut.ends_with(".pgn"),
            "{cut}"
        );
        assert_eq!(fit_middle("short.pgn", FILE_COLUMNS), "short.pgn");
    }
}
