//! Import on the saved-games screen: a button that asks the desktop's file
//! dialog ([`crate::game::desktop::file_dialog`]) for a record (PGN, XQF,
//! DhtmlXQ, dpxq text, PlayOK, a move list —
//! [`crate::game::play::records::open_record`]), which opens on the board
//! for replay with the clocks it recorded. Files can also be dropped on the
//! window or pasted in a game. Two more buttons ask for files or a folder
//! for the game database, imported (collections, folders searched
//! recursively) off the main thread, and a line below says how far it is
//! and, at the end, what it added and refused.
//!
//! Where no dialog can be shown, the button opens a line to type the path
//! into instead (Enter opens or imports it), and the notice says why.

use crate::game::desktop::file_dialog::{AskFile, FileAnswer, FileWanted};
use crate::game::i18n::{Lang, Phrase};
use crate::game::notice::Notice;
use crate::game::play::game_db::{DbCommand, DbImport};
use crate::game::play::records::open_file_on_board;
use crate::game::play::session::GameOpener;
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::centred_column;
use crate::game::theme::line_edit::{LineKey, edit_line, take_keys};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, Label, OnPress, button, label, palette, set_display};
use crate::game::{GameSet, Screen};
use bevy::input::InputSystems;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

pub(in crate::game::screens) fn plugin(app: &mut App) {
    app.add_message::<ToggleImport>()
        // Inside the input set, right after the keyboard is read: while the
        // line is open, no shortcut hears the keys (O would open the
        // settings).
        .add_systems(
            PreUpdate,
            type_path
                .in_set(InputSystems)
                .after(bevy::input::keyboard::keyboard_input_system)
                .run_if(in_state(Screen::SavedGames)),
        )
        .add_systems(
            Update,
            (toggle_field, show_field)
                .chain()
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::SavedGames)),
        )
        // After the dialog's answer is written; the typed line opens from
        // any screen (the game's Open tool has no line of its own).
        .add_systems(
            Update,
            (
                import_chosen.run_if(in_state(Screen::SavedGames)),
                type_instead,
            )
                .after(crate::game::desktop::file_dialog::DialogSystems)
                .in_set(GameSet::Input),
        );
}

/// Show or hide the path line: for a record to open (false) or for the
/// game database (true).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
struct ToggleImport(bool);

/// The line being typed (present while the field is open), and what Enter does.
#[derive(Resource, Clone, Debug, Default)]
struct ImportPath {
    text: String,
    into_database: bool,
}

#[derive(Component)]
struct PathLine;

#[derive(Component)]
struct PathText;

/// The hint above the line (it says what Enter does).
#[derive(Component)]
struct PathHint;

/// How the database's import goes.
#[derive(Component)]
struct ImportStatus;

/// The Import button and its path line (hidden until the button is pressed).
pub fn import_section(lang: Lang, fonts: &Fonts) -> impl Bundle + use<> {
    (
        centred_column(6.0),
        Pickable::IGNORE,
        children![
            (
                plain().column_gap(Val::Px(10.0)),
                Pickable::IGNORE,
                children![
                    button(
                        Phrase::ImportRecord,
                        lang,
                        fonts,
                        18.0,
                        OnPress::send(AskFile(FileWanted::OpenRecord))
                    ),
                    button(
                        Phrase::ImportIntoDatabase,
                        lang,
                        fonts,
                        18.0,
                        OnPress::send(AskFile(FileWanted::DatabaseFiles))
                    ),
                    button(
                        Phrase::ImportFolderIntoDatabase,
                        lang,
                        fonts,
                        18.0,
                        OnPress::send(AskFile(FileWanted::DatabaseFolder))
                    ),
                ],
            ),
            (
                PathLine,
                centred_column(4.0).display(Display::None),
                Pickable::IGNORE,
                children![
                    (
                        PathHint,
                        label(Phrase::ImportHint, lang, fonts.ui(14.0), palette::TEXT_DIM)
                    ),
                    (
                        plain()
                            .min_width(Val::Px(520.0))
                            .padding(UiRect::axes(Val::Px(10.0), Val::Px(6.0)))
                            .border(UiRect::all(Val::Px(1.0)))
                            .border_radius(BorderRadius::all(Val::Px(6.0))),
                        BackgroundColor(palette::SHADE.with_alpha(0.25)),
                        BorderColor::all(palette::ACCENT),
                        Pickable::IGNORE,
                        children![(
                            PathText,
                            Text::new("│"),
                            fonts.ui(16.0),
                            TextColor(palette::TEXT),
                            Pickable::IGNORE,
                        )],
                    ),
                ],
            ),
            (
                ImportStatus,
                Text::new(""),
                fonts.ui(14.0),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ),
        ],
    )
}

fn toggle_field(
    mut toggles: MessageReader<ToggleImport>,
    mut commands: Commands,
    path: Option<Res<ImportPath>>,
) {
    if toggles.is_empty() {
        // Nothing pressed: the line stays as typed.
        return;
    }
    let mut open = path.map(|p| p.into_database);
    for &ToggleImport(into_database) in toggles.read() {
        // The same button closes the line; the other one turns it over.
        open = (open != Some(into_database)).then_some(into_database);
    }
    match open {
        Some(into_database) => commands.insert_resource(ImportPath {
            text: String::new(),
            into_database,
        }),
        None => commands.remove_resource::<ImportPath>(),
    }
}

/// Files or a folder chosen for the database are imported.
fn import_chosen(mut answers: MessageReader<FileAnswer>, mut database: MessageWriter<DbCommand>) {
    for answer in answers.read() {
        let for_database =
            |w: &FileWanted| matches!(w, FileWanted::DatabaseFiles | FileWanted::DatabaseFolder);
        if let Some(paths) = answer.chosen_for(for_database) {
            database.write(DbCommand::Import(paths.to_vec()));
        }
    }
}

/// Without a dialog, the line to type the path into opens (on this screen).
fn type_instead(
    mut answers: MessageReader<FileAnswer>,
    mut toggles: MessageWriter<ToggleImport>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    path: Option<Res<ImportPath>>,
) {
    for answer in answers.read() {
        let into_database = match answer.wanted {
            FileWanted::OpenRecord => false,
            FileWanted::DatabaseFiles | FileWanted::DatabaseFolder => true,
            _ => continue,
        };
        if !answer.no_dialog_for(|_| true) {
            continue;
        }
        if *screen.get() != Screen::SavedGames {
            NextState::set_if_neq(&mut *next, Screen::SavedGames);
        }
        // Open (or turn over) the line, never close it.
        if path.as_ref().map(|p| p.into_database) != Some(into_database) {
            toggles.write(ToggleImport(into_database));
        }
    }
}

/// A typed path with quotes around it or a `~` for the home folder works too.
fn clean_path(typed: &str) -> std::path::PathBuf {
    let t = typed.trim().trim_matches(['"', '\'']);
    if let Some(rest) = t.strip_prefix("~/")
        && let Some(home) = directories::BaseDirs::new()
    {
        return home.home_dir().join(rest);
    }
    std::path::PathBuf::from(t)
}

fn type_path(
    mut keys: MessageReader<KeyboardInput>,
    mut commands: Commands,
    path: Option<ResMut<ImportPath>>,
    mut opener: GameOpener,
    mut notice: ResMut<Notice>,
    mut database: MessageWriter<DbCommand>,
    mut buttons: ResMut<ButtonInput<KeyCode>>,
) {
    let Some(mut path) = path else {
        keys.clear();
        return;
    };
    // Nothing else hears these keys.
    take_keys(&mut buttons);
    for key in keys.read() {
        match edit_line(&mut path.text, key) {
            LineKey::Enter if path.into_database => {
                database.write(DbCommand::Import(vec![clean_path(&path.text)]));
                commands.remove_resource::<ImportPath>();
                return;
            }
            LineKey::Enter => {
                let file = clean_path(&path.text);
                match open_file_on_board(&file, &mut opener) {
                    Ok(()) => {
                        notice.post(Phrase::Opened, file.display().to_string(), false);
                        commands.remove_resource::<ImportPath>();
                    }
                    Err(e) => notice.post(
                        Phrase::CannotOpen,
                        format!("{}: {}", file.display(), e.reason()),
                        true,
                    ),
                }
                return;
            }
            // Esc closes the line (a second Esc leaves the screen).
            LineKey::Escape => {
                commands.remove_resource::<ImportPath>();
                return;
            }
            LineKey::Edited | LineKey::Ignored => {}
        }
    }
}

fn show_field(
    path: Option<Res<ImportPath>>,
    import: Res<DbImport>,
    lang: CurrentLang,
    mut lines: Query<&mut Node, With<PathLine>>,
    mut texts: Query<&mut Text, (With<PathText>, Without<PathHint>, Without<ImportStatus>)>,
    mut hints: Query<(&mut Label, &mut Text), (With<PathHint>, Without<ImportStatus>)>,
    mut status: Query<&mut Text, (With<ImportStatus>, Without<PathHint>)>,
) {
    for mut node in &mut lines {
        set_display(&mut node, path.is_some());
    }
    if let Some(path) = &path {
        let want = format!("{}│", path.text);
        for mut text in &mut texts {
            text.set_if_neq(Text(want.clone()));
        }
        let hint = if path.into_database {
            Phrase::ImportDatabaseHint
        } else {
            Phrase::ImportHint
        };
        for (mut label, mut text) in &mut hints {
            if label.0 != hint {
                label.0 = hint;
            }
            text.set_if_neq(Text(hint.get(*lang).to_string()));
        }
    }
    let line = import_status(&import, *lang);
    for mut text in &mut status {
        text.set_if_neq(Text(line.clone()));
    }
}

/// `棋谱库导入中 · 文件 2/5 · +1234 · 56 %`, or what the last import did.
fn import_status(import: &DbImport, lang: Lang) -> String {
    if import.running() {
        let Some(p) = &import.progress else {
            return Phrase::DatabaseImporting.get(lang).to_string();
        };
        let share = if p.bytes == 0 {
            0.0
        } else {
            100.0 * p.bytes_done as f64 / p.bytes as f64
        };
        return format!(
            "{} · {}/{} · +{} · {share:.0} %",
            Phrase::DatabaseImporting.get(lang),
            p.files_done,
            p.files,
            p.added
        );
    }
    match (&import.summary, &import.error) {
        (Some(s), _) => {
            let refused = s
                .refused
                .first()
                .map_or(String::new(), |r| format!(" · {r}"));
            format!(
                "{}: +{} · ={} · ×{}{refused}",
                Phrase::DatabaseImported.get(lang),
                s.added,
                s.duplicates,
                s.refused.len()
            )
        }
        (None, Some(why)) => format!("{}: {why}", Phrase::DatabaseFailed.get(lang)),
        (None, None) => String::new(),
    }
}

#[cfg(test)]
mod tests;
