//! The puzzle (残局) list: the 42 puzzles with their names and solved marks;
//! a click starts one. (On the board, the panel shows the puzzle's card.)

use crate::game::i18n::{Lang, Phrase as T};
use crate::game::notice::Notice;
use crate::game::play::puzzle::{PuzzleProgress, StartPuzzle};
use crate::game::settings::StorePaths;
use crate::game::theme::{Fonts, OnPress, Toggled, button, label, palette, screen_root};
use crate::game::{GameSet, Screen};
use crate::store::puzzles;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Puzzles), spawn_list)
        .add_systems(
            Update,
            (list_keys
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Puzzles)),),
        );
}

fn list_keys(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
}

/// "3步杀" / "mate in 2".
pub fn mate_text(plies: u32, lang: Lang) -> String {
    let moves = plies.div_ceil(2);
    match lang {
        Lang::Zh => format!("{moves}{}", T::MateIn.get(lang)),
        Lang::En => format!("{} {moves}", T::MateIn.get(lang)),
    }
}

fn spawn_list(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: Res<Lang>,
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
                T::PuzzlesTitle,
                lang,
                fonts.ui(34.0),
                palette::ACCENT,
            ));
            root.spawn((
                Text::new(format!(
                    "{} {solved} / {}   ·   {}",
                    T::Solved.get(lang),
                    all.len(),
                    T::PuzzlesHint.get(lang)
                )),
                fonts.ui(15.0),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ));
            root.spawn((
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    justify_content: JustifyContent::Center,
                    align_content: AlignContent::FlexStart,
                    column_gap: Val::Px(8.0),
                    row_gap: Val::Px(8.0),
                    flex_grow: 1.0,
                    min_height: Val::Px(0.0),
                    width: Val::Percent(100.0),
                    max_width: Val::Px(1200.0),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                ScrollPosition::default(),
                Pickable {
                    should_block_lower: false,
                    is_hoverable: true,
                },
            ))
            .with_children(|grid| {
                for (i, p) in all.iter().enumerate() {
                    let done = progress.is_solved(&p.id);
                    let attempts = progress.attempts(&p.id);
                    grid.spawn((
                        Button,
                        Node {
                            flex_direction: FlexDirection::Column,
                            width: Val::Px(270.0),
                            padding: UiRect::axes(Val::Px(10.0), Val::Px(6.0)),
                            border: UiRect::all(Val::Px(if done { 2.0 } else { 1.0 })),
                            border_radius: BorderRadius::all(Val::Px(6.0)),
                            ..default()
                        },
                        BackgroundColor(palette::BUTTON),
                        BorderColor::all(if done {
                            palette::ACCENT
                        } else {
                            palette::BUTTON_BORDER
                        }),
                        Toggled(false),
                        OnPress::send(StartPuzzle(i)),
                    ))
                    .with_children(|b| {
                        b.spawn((
                            Text::new(format!("{}. {}", i + 1, p.name)),
                            fonts.ui(16.0),
                            TextColor(palette::TEXT),
                            Pickable::IGNORE,
                        ));
                        let status = if done {
                            format!("✓ {}", T::Solved.get(lang))
                        } else if attempts > 0 {
                            format!("{} · {attempts}", T::Tried.get(lang))
                        } else {
                            T::Unsolved.get(lang).to_string()
                        };
                        b.spawn((
                            Text::new(format!("{} · {status}", mate_text(p.mate_in_plies, lang))),
                            fonts.ui(13.0),
                            TextColor(if done {
                                palette::ACCENT
                            } else {
                                palette::TEXT_DIM
                            }),
                            Pickable::IGNORE,
                        ));
                    });
                }
            });
            root.spawn(button(
                T::Back,
                lang,
                &fonts,
                20.0,
                OnPress::go(Screen::Menu),
            ));
        });
}
