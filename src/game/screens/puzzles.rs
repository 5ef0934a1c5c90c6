//! The puzzle (残局) list: first "from my games" — the positions before
//! the player's own mistakes, found by game reviews, each to be answered
//! with a better move, with its progress and a Remove button — then the
//! 42 classic puzzles with their names and solved marks; a click starts
//! one. (On the board, the panel shows the puzzle's card.)

use crate::game::i18n::{Lang, Phrase};
use crate::game::notice::Notice;
use crate::game::play::my_puzzle::{MyPuzzleStore, RemoveMyPuzzle, StartMyPuzzle};
use crate::game::play::puzzle::{PuzzleProgress, StartPuzzle};
use crate::game::settings::CurrentLang;
use crate::game::settings::StorePaths;
use crate::game::theme::judgement::{judgement_color, judgement_word};
use crate::game::theme::{Fonts, OnPress, Toggled, button, label, palette, screen_root};
use crate::game::{GameSet, Screen};
use crate::store::puzzles;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Puzzles), spawn_list)
        .add_systems(
            Update,
            (
                list_keys
                    .in_set(GameSet::Input)
                    .run_if(in_state(Screen::Puzzles)),
                fill_my_puzzles
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
    let moves = plies.div_ceil(2);
    match lang {
        Lang::Zh => format!("{moves}{}", Phrase::MateIn.get(lang)),
        Lang::En => format!("{} {moves}", Phrase::MateIn.get(lang)),
    }
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
                // Filled by `fill_my_puzzles`, and again after a removal.
                grid.spawn((
                    MySection,
                    Node {
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        column_gap: Val::Px(8.0),
                        row_gap: Val::Px(8.0),
                        width: Val::Percent(100.0),
                        flex_shrink: 0.0,
                        ..default()
                    },
                    Pickable::IGNORE,
                ));
                grid.spawn((
                    label(
                        Phrase::ClassicPuzzles,
                        lang,
                        fonts.ui(20.0),
                        palette::ACCENT,
                    ),
                    TextLayout::justify(Justify::Center),
                    Node {
                        width: Val::Percent(100.0),
                        margin: UiRect::top(Val::Px(10.0)),
                        ..default()
                    },
                ));
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
                            format!("✓ {}", Phrase::Solved.get(lang))
                        } else if attempts > 0 {
                            format!("{} · {attempts}", Phrase::Tried.get(lang))
                        } else {
                            Phrase::Unsolved.get(lang).to_string()
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
                Phrase::Back,
                lang,
                &fonts,
                20.0,
                OnPress::go(Screen::Menu),
            ));
        });
}

/// The "from my games" part of the list.
#[derive(Component)]
struct MySection;

/// Fills the "from my games" part when the screen opens and after a
/// puzzle is added or removed.
fn fill_my_puzzles(
    mut commands: Commands,
    sections: Query<Entity, With<MySection>>,
    added: Query<(), Added<MySection>>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    mut shown: Local<Option<u64>>,
    settings: Option<Res<crate::game::settings::UserSettings>>,
) {
    let Ok(section) = sections.single() else {
        return;
    };
    let version = store.version();
    if added.is_empty() && *shown == Some(version) {
        return;
    }
    *shown = Some(version);
    let lang = *lang;
    let mine = store.get(paths.as_deref(), &mut notice).clone();
    let (notation, style) = crate::game::play::move_list::list_style(settings.as_deref());
    // The mistake in the notation of the move list, with its symbol.
    let played = |p: &crate::store::my_puzzles::MyPuzzle| match (p.position(), p.played_move()) {
        (Some(pos), Some(m)) => format!(
            "{}{}",
            crate::rules::notation::format_move(&pos, m, notation, style),
            p.judgement().symbol()
        ),
        _ => p.played.clone(),
    };
    let mut section = commands.entity(section);
    section.despawn_children();
    section.with_children(|s| {
        s.spawn((
            Text::new(format!(
                "{}   {} {} / {}",
                Phrase::MyPuzzles.get(lang),
                Phrase::Solved.get(lang),
                mine.solved(),
                mine.puzzles.len()
            )),
            fonts.ui(20.0),
            TextColor(palette::ACCENT),
            TextLayout::justify(Justify::Center),
            Node {
                width: Val::Percent(100.0),
                ..default()
            },
            Pickable::IGNORE,
        ));
        // What the two kinds of puzzle ask.
        s.spawn((
            Text::new(format!(
                "{}   ·   {} · {}",
                Phrase::FromMyGames.get(lang),
                Phrase::MyPosition.get(lang),
                Phrase::FindBestMove.get(lang)
            )),
            fonts.ui(14.0),
            TextColor(palette::TEXT_DIM),
            TextLayout::justify(Justify::Center),
            Node {
                width: Val::Percent(100.0),
                ..default()
            },
            Pickable::IGNORE,
        ));
        if mine.puzzles.is_empty() {
            s.spawn((
                label(
                    Phrase::MyPuzzlesEmpty,
                    lang,
                    fonts.ui(15.0),
                    palette::TEXT_DIM,
                ),
                TextLayout::justify(Justify::Center),
                Node {
                    width: Val::Percent(100.0),
                    ..default()
                },
            ));
        }
        // Newest first.
        for (n, p) in mine.puzzles.iter().enumerate().rev() {
            let side = p.side().unwrap_or(crate::rules::Color::Red);
            let status = if p.solved {
                format!("✓ {}", Phrase::Solved.get(lang))
            } else if p.attempts > 0 {
                format!("{} · {}", Phrase::Tried.get(lang), p.attempts)
            } else {
                Phrase::Unsolved.get(lang).to_string()
            };
            let added = crate::store::UtcTime::from_unix(p.added);
            s.spawn((
                Node {
                    width: Val::Px(270.0),
                    column_gap: Val::Px(4.0),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .with_children(|cell| {
                cell.spawn((
                    Button,
                    Node {
                        flex_direction: FlexDirection::Column,
                        flex_grow: 1.0,
                        padding: UiRect::axes(Val::Px(10.0), Val::Px(6.0)),
                        border: UiRect::all(Val::Px(if p.solved { 2.0 } else { 1.0 })),
                        border_radius: BorderRadius::all(Val::Px(6.0)),
                        ..default()
                    },
                    BackgroundColor(palette::BUTTON),
                    BorderColor::all(if p.solved {
                        palette::ACCENT
                    } else if p.composed {
                        palette::BUTTON_BORDER
                    } else {
                        judgement_color(p.judgement())
                    }),
                    Toggled(false),
                    OnPress::send(StartMyPuzzle(p.id.clone())),
                ))
                .with_children(|b| {
                    let kind = if p.composed {
                        Phrase::MyPosition.get(lang).to_string()
                    } else {
                        judgement_word(p.judgement(), lang).to_string()
                    };
                    b.spawn((
                        Text::new(format!(
                            "{}. {} · {kind}",
                            n + 1,
                            crate::game::i18n::side_name(side, lang),
                        )),
                        fonts.ui(16.0),
                        TextColor(palette::TEXT),
                        Pickable::IGNORE,
                    ));
                    let detail = if p.composed {
                        format!(
                            "{} · {} · {status}",
                            added.month_day(),
                            Phrase::FindBestMove.get(lang)
                        )
                    } else {
                        format!(
                            "{} · {}{} {} · {status}",
                            added.month_day(),
                            p.ply / 2 + 1,
                            if side == crate::rules::Color::Red {
                                "."
                            } else {
                                "…"
                            },
                            played(p)
                        )
                    };
                    b.spawn((
                        Text::new(detail),
                        fonts.ui(13.0),
                        TextColor(if p.solved {
                            palette::ACCENT
                        } else {
                            palette::TEXT_DIM
                        }),
                        Pickable::IGNORE,
                    ));
                });
                cell.spawn(button(
                    Phrase::Remove,
                    lang,
                    &fonts,
                    13.0,
                    OnPress::send(RemoveMyPuzzle(p.id.clone())),
                ));
            });
        }
    });
}
