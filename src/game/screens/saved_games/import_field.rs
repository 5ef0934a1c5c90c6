//! Import on the saved-games screen: a button that opens a line to type a
//! record's path into (PGN, XQF, DhtmlXQ, dpxq text, PlayOK, a move list —
//! [`crate::game::play::records::open_record`]); Enter opens it on the
//! board for replay, with the clocks it recorded. Files can also be dropped
//! on the window or pasted in a game.

use crate::game::i18n::{Lang, Phrase};
use crate::game::notice::Notice;
use crate::game::play::records::open_file_on_board;
use crate::game::play::session::GameOpener;
use crate::game::theme::{Fonts, OnPress, button, label, palette, set_display};
use crate::game::{GameSet, Screen};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

pub(in crate::game::screens) fn plugin(app: &mut App) {
    app.add_message::<ToggleImport>().add_systems(
        Update,
        (toggle_field, type_path, show_field)
            .chain()
            .in_set(GameSet::Input)
            .run_if(in_state(Screen::SavedGames)),
    );
}

/// Show or hide the path line.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
struct ToggleImport;

/// The line being typed (present while the field is open).
#[derive(Resource, Clone, Debug, Default)]
struct ImportPath(String);

#[derive(Component)]
struct PathLine;

#[derive(Component)]
struct PathText;

/// The Import button and its path line (hidden until the button is pressed).
pub fn import_section(lang: Lang, fonts: &Fonts) -> impl Bundle + use<> {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: Val::Px(6.0),
            ..default()
        },
        Pickable::IGNORE,
        children![
            button(
                Phrase::ImportRecord,
                lang,
                fonts,
                18.0,
                OnPress::send(ToggleImport)
            ),
            (
                PathLine,
                Node {
                    display: Display::None,
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: Val::Px(4.0),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    label(Phrase::ImportHint, lang, fonts.ui(14.0), palette::TEXT_DIM),
                    (
                        Node {
                            min_width: Val::Px(520.0),
                            padding: UiRect::axes(Val::Px(10.0), Val::Px(6.0)),
                            border: UiRect::all(Val::Px(1.0)),
                            border_radius: BorderRadius::all(Val::Px(6.0)),
                            ..default()
                        },
                        BackgroundColor(palette::SHADE.with_alpha(0.25)),
                        BorderColor::all(palette::ACCENT),
                        Pickable::IGNORE,
                        children![(
                            PathText,
                            Text::new("▏"),
                            fonts.ui(16.0),
                            TextColor(palette::TEXT),
                            Pickable::IGNORE,
                        )],
                    ),
                ],
            ),
        ],
    )
}

fn toggle_field(
    mut toggles: MessageReader<ToggleImport>,
    mut commands: Commands,
    path: Option<Res<ImportPath>>,
) {
    if toggles.read().count() % 2 == 1 {
        if path.is_some() {
            commands.remove_resource::<ImportPath>();
        } else {
            commands.insert_resource(ImportPath::default());
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
) {
    let Some(mut path) = path else {
        keys.clear();
        return;
    };
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        match &key.logical_key {
            Key::Character(c) => path.0.push_str(c),
            Key::Space => path.0.push(' '),
            Key::Backspace => {
                path.0.pop();
            }
            Key::Enter => {
                let file = clean_path(&path.0);
                match open_file_on_board(&file, &mut opener) {
                    Ok(()) => {
                        notice.post(Phrase::Opened, file.display().to_string(), false);
                        commands.remove_resource::<ImportPath>();
                    }
                    Err(e) => {
                        notice.post(Phrase::CannotOpen, format!("{}: {e}", file.display()), true)
                    }
                }
                return;
            }
            _ => {}
        }
    }
}

fn show_field(
    path: Option<Res<ImportPath>>,
    mut lines: Query<&mut Node, With<PathLine>>,
    mut texts: Query<&mut Text, With<PathText>>,
) {
    for mut node in &mut lines {
        set_display(&mut node, path.is_some());
    }
    if let Some(path) = path {
        let want = format!("{}▏", path.0);
        for mut text in &mut texts {
            text.set_if_neq(Text(want.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_paths_lose_their_quotes() {
        assert_eq!(
            clean_path("  '/tmp/a game.xqf' "),
            std::path::PathBuf::from("/tmp/a game.xqf")
        );
        assert_eq!(clean_path("\"x.pgn\""), std::path::PathBuf::from("x.pgn"));
    }
}
