//! Puzzles (残局), the screens: the list of the 42 puzzles with their names
//! and solved marks, and on the board a card with the puzzle's name, the
//! moves left and the verdict, with Retry, Hint, Next and the list.

use super::hint::HintRequest;
use super::i18n::{Lang, Text as T};
use super::panel::InfoColumn;
use super::persist::Notice;
use super::puzzle::{ActivePuzzle, PuzzleProgress, StartPuzzle, failure_text};
use super::session::{GameCommand, Session};
use super::settings::StorePaths;
use super::theme::{Fonts, button, label, palette, screen_root, set_display};
use super::{GameSet, Screen};
use crate::store::puzzles::{self, Verdict};
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Puzzles), spawn_list)
        .add_systems(OnEnter(Screen::Playing), spawn_card)
        .add_observer(on_puzzle_button)
        .add_systems(
            Update,
            (
                list_keys
                    .in_set(GameSet::Input)
                    .run_if(in_state(Screen::Puzzles)),
                (dock_card, refresh_card)
                    .in_set(GameSet::Present)
                    .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
            ),
        );
}

/// What a puzzle button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum PuzzleAction {
    Start(usize),
    Back,
    Retry,
    Next,
    Hint,
    List,
}

/// The menu's button to this screen.
pub fn open_button(lang: Lang, fonts: &Fonts, px: f32) -> impl Bundle {
    button(T::Puzzles, lang, fonts, px, OpenPuzzles)
}

/// Marks the menu's Puzzles button.
#[derive(Component, Clone, Copy)]
pub struct OpenPuzzles;

fn on_puzzle_button(
    click: On<Pointer<Click>>,
    actions: Query<&PuzzleAction>,
    open: Query<(), With<OpenPuzzles>>,
    active: Option<Res<ActivePuzzle>>,
    mut next: ResMut<NextState<Screen>>,
    mut start: MessageWriter<StartPuzzle>,
    mut game: MessageWriter<GameCommand>,
    mut hint: MessageWriter<HintRequest>,
) {
    if open.contains(click.entity) {
        next.set(Screen::Puzzles);
        return;
    }
    let Ok(action) = actions.get(click.entity) else {
        return;
    };
    match *action {
        PuzzleAction::Start(i) => {
            start.write(StartPuzzle(i));
        }
        PuzzleAction::Back => next.set(Screen::Menu),
        PuzzleAction::Retry => {
            game.write(GameCommand::NewGame);
        }
        PuzzleAction::Next => {
            if let Some(a) = active {
                start.write(StartPuzzle((a.index + 1) % puzzles::all().len().max(1)));
            }
        }
        PuzzleAction::Hint => {
            hint.write(HintRequest);
        }
        PuzzleAction::List => next.set(Screen::Puzzles),
    }
}

fn list_keys(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
}

/// "3步杀" / "mate in 2".
fn mate_text(plies: u32, lang: Lang) -> String {
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
                        super::theme::Toggled(false),
                        PuzzleAction::Start(i),
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
            root.spawn(button(T::Back, lang, &fonts, 20.0, PuzzleAction::Back));
        });
}

/// The card over the board during an attempt.
#[derive(Component)]
struct PuzzleCard;

#[derive(Component)]
struct CardTitle;

#[derive(Component)]
struct CardStatus;

fn spawn_card(
    mut commands: Commands,
    active: Option<Res<ActivePuzzle>>,
    fonts: Res<Fonts>,
    lang: Res<Lang>,
) {
    if active.is_none() {
        return;
    }
    let lang = *lang;
    let btn = |t: T, a: PuzzleAction| button(t, lang, &fonts, 14.0, a);
    commands.spawn((
        PuzzleCard,
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            flex_shrink: 0.0,
            row_gap: Val::Px(4.0),
            padding: UiRect::axes(Val::Px(10.0), Val::Px(6.0)),
            border: UiRect::all(Val::Px(1.0)),
            border_radius: BorderRadius::all(Val::Px(8.0)),
            ..default()
        },
        BackgroundColor(palette::BUTTON.with_alpha(0.5)),
        BorderColor::all(palette::ACCENT),
        DespawnOnExit(Screen::Playing),
        children![
            (
                CardTitle,
                Text::new(""),
                fonts.ui(17.0),
                TextColor(palette::ACCENT),
                Pickable::IGNORE,
            ),
            (
                CardStatus,
                Text::new(""),
                fonts.ui(15.0),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            ),
            (
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    justify_content: JustifyContent::Center,
                    column_gap: Val::Px(6.0),
                    row_gap: Val::Px(6.0),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    btn(T::Retry, PuzzleAction::Retry),
                    btn(T::Hint, PuzzleAction::Hint),
                    btn(T::NextPuzzle, PuzzleAction::Next),
                    btn(T::PuzzleList, PuzzleAction::List),
                ],
            ),
        ],
    ));
}

/// Puts the card at the top of the panel's information column (it used to
/// float over the board, where a small window's board has no room for it).
fn dock_card(
    mut commands: Commands,
    cards: Query<Entity, (With<PuzzleCard>, Without<ChildOf>)>,
    info: Query<Entity, With<InfoColumn>>,
) {
    let Ok(column) = info.single() else {
        return;
    };
    for card in &cards {
        commands.entity(column).insert_children(0, &[card]);
    }
}

fn refresh_card(
    active: Option<Res<ActivePuzzle>>,
    lang: Res<Lang>,
    mut cards: Query<&mut Node, With<PuzzleCard>>,
    mut titles: Query<&mut Text, (With<CardTitle>, Without<CardStatus>)>,
    mut statuses: Query<(&mut Text, &mut TextColor), (With<CardStatus>, Without<CardTitle>)>,
) {
    // Gone with the puzzle (another game opened over it), space and all.
    for mut node in &mut cards {
        set_display(&mut node, active.is_some());
    }
    let Some(active) = active else {
        return;
    };
    let lang = *lang;
    let p = active.puzzle();
    let title = format!(
        "{} {}: {} · {}",
        T::Puzzles.get(lang),
        active.index + 1,
        p.name,
        mate_text(p.mate_in_plies, lang)
    );
    let (status, color) = match active.verdict {
        Verdict::Solved { .. } => (T::PuzzleSolved.get(lang).to_string(), palette::ACCENT),
        Verdict::Failed(f) => (
            format!("{} — {}", T::PuzzleFailed.get(lang), failure_text(&f, lang)),
            Color::srgb(1.0, 0.6, 0.55),
        ),
        Verdict::InProgress { plies_left } => (
            format!(
                "{} · {} {}",
                T::PuzzleGoal.get(lang),
                T::MovesLeft.get(lang),
                plies_left.div_ceil(2)
            ),
            palette::TEXT,
        ),
    };
    for mut t in &mut titles {
        if t.0 != title {
            t.0 = title.clone();
        }
    }
    for (mut t, mut c) in &mut statuses {
        if t.0 != status {
            t.0 = status.clone();
            c.0 = color;
        }
    }
}
