//! The settings screen: a card over whatever screen is showing (the menu or
//! a game, which goes on underneath), opened with the 设置 / Settings button
//! or the O key, closed with Back, Esc or O again. Every change applies at
//! once and is saved by the settings plugin.
//!
//! Keyboard: ↑/↓ choose a row, ←/→ change it, Enter or Space step through
//! its choices, M mutes. While the card is open it takes the keyboard: the
//! screen under it sees no key presses.
//!
//! A line on the card says when the settings file was broken or could not
//! be saved (the toast said so when it happened).

use crate::game::GameSet;
use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase as T};
use crate::game::settings::{Problem, SettingsFile, UserSettings};
use crate::game::theme::{Fonts, Toggled, button, button_box, label, palette, set_display};
use crate::store::settings::{AnimationSpeed, NotationChoice, PieceChars, Settings};
use bevy::input::InputSystems;
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<SettingsView>()
        .init_resource::<Focus>()
        .add_systems(OnEnter(SettingsView::Open), spawn_card)
        .add_observer(on_settings_button)
        .add_systems(
            PreUpdate,
            // F12 still takes screenshots while the card has the keyboard.
            settings_keys
                .after(InputSystems)
                .after(crate::game::dev_tools::screenshot_key),
        )
        .add_systems(
            Update,
            (
                keep_on_one_line,
                refresh_card.run_if(in_state(SettingsView::Open)),
                refresh_notices,
            )
                .chain()
                .in_set(GameSet::Present),
        );
}

/// Is the settings card showing?
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SettingsView {
    /// No.
    #[default]
    Closed,
    /// Yes, over the current screen.
    Open,
}

/// A button of the settings card (or the one that opens it).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsAction {
    /// Show the card.
    Open,
    /// Hide it.
    Close,
    /// Pick choice `usize` of a row.
    Choose(Row, usize),
    /// Volume up (+1) or down (−1) a step.
    Volume(i8),
}

/// The button that opens the settings (for the menu and the game panel).
pub fn open_button(lang: Lang, fonts: &Fonts, px: f32) -> impl Bundle {
    button(T::Settings, lang, fonts, px, SettingsAction::Open)
}

/// Volume step of −/+ and ←/→.
const VOLUME_STEP: u8 = 10;

/// A row of the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    Volume,
    Sound,
    Animation,
    LegalMoves,
    Coordinates,
    EvalBar,
    Notation,
    Pieces,
    Language,
}

impl Row {
    const ALL: [Row; 9] = [
        Row::Volume,
        Row::Sound,
        Row::Animation,
        Row::LegalMoves,
        Row::Coordinates,
        Row::EvalBar,
        Row::Notation,
        Row::Pieces,
        Row::Language,
    ];

    fn title(self) -> T {
        match self {
            Row::Volume => T::Volume,
            Row::Sound => T::Sound,
            Row::Animation => T::AnimationSpeed,
            Row::LegalMoves => T::ShowLegalMoves,
            Row::Coordinates => T::ShowCoordinates,
            Row::EvalBar => T::ShowEvalBar,
            Row::Notation => T::Notation,
            Row::Pieces => T::PieceChars,
            Row::Language => T::Language,
        }
    }

    /// The choices (none for the volume, which has −/+).
    fn choices(self) -> &'static [T] {
        match self {
            Row::Volume => &[],
            Row::Sound => &[T::SoundOn, T::Muted],
            Row::Animation => &[T::Slow, T::Normal, T::Fast, T::Off],
            Row::LegalMoves | Row::Coordinates | Row::EvalBar => &[T::Show, T::Hide],
            Row::Notation => &[T::NotationChinese, T::NotationWxf, T::NotationIccs],
            Row::Pieces => &[T::Traditional, T::Simplified],
            Row::Language => &[T::LangZh, T::LangEn],
        }
    }

    /// Which choice is in force.
    fn current(self, s: &Settings) -> usize {
        const SPEEDS: [AnimationSpeed; 4] = [
            AnimationSpeed::Slow,
            AnimationSpeed::Normal,
            AnimationSpeed::Fast,
            AnimationSpeed::Off,
        ];
        match self {
            Row::Volume => 0,
            Row::Sound => usize::from(s.muted),
            Row::Animation => SPEEDS
                .iter()
                .position(|&a| a == s.animation_speed)
                .unwrap_or(1),
            Row::LegalMoves => usize::from(!s.show_legal_moves),
            Row::Coordinates => usize::from(!s.show_coordinates),
            Row::EvalBar => usize::from(!s.show_eval_bar),
            Row::Notation => match s.notation {
                NotationChoice::Chinese => 0,
                NotationChoice::Wxf => 1,
                NotationChoice::Iccs => 2,
            },
            Row::Pieces => usize::from(s.piece_chars == PieceChars::Simplified),
            Row::Language => usize::from(s.language == crate::store::settings::Language::English),
        }
    }

    /// Puts choice `i` in force (out-of-range `i` is ignored).
    fn choose(self, s: &mut Settings, i: usize) {
        use crate::store::settings::Language;
        if i >= self.choices().len() {
            return;
        }
        match self {
            Row::Volume => {}
            Row::Sound => s.muted = i == 1,
            Row::Animation => {
                s.animation_speed = [
                    AnimationSpeed::Slow,
                    AnimationSpeed::Normal,
                    AnimationSpeed::Fast,
                    AnimationSpeed::Off,
                ][i];
            }
            Row::LegalMoves => s.show_legal_moves = i == 0,
            Row::Coordinates => s.show_coordinates = i == 0,
            Row::EvalBar => s.show_eval_bar = i == 0,
            Row::Notation => {
                s.notation = [
                    NotationChoice::Chinese,
                    NotationChoice::Wxf,
                    NotationChoice::Iccs,
                ][i];
            }
            Row::Pieces => {
                s.piece_chars = [PieceChars::Traditional, PieceChars::Simplified][i];
            }
            Row::Language => s.language = [Language::Chinese, Language::English][i],
        }
    }

    /// ←/→: the neighbouring choice (stopping at the ends); `wrap` for
    /// Enter, which steps round.
    fn step(self, s: &mut Settings, delta: i32, wrap: bool) {
        if self == Row::Volume {
            let v = if delta > 0 {
                s.volume.saturating_add(VOLUME_STEP).min(100)
            } else {
                s.volume.saturating_sub(VOLUME_STEP)
            };
            s.volume = v;
            return;
        }
        let n = self.choices().len() as i32;
        let i = self.current(s) as i32 + delta;
        let i = if wrap {
            i.rem_euclid(n)
        } else {
            i.clamp(0, n - 1)
        };
        self.choose(s, i as usize);
    }
}

/// Applies a button's action (the open/close ones go to the state).
fn apply(action: SettingsAction, settings: &mut Settings) {
    match action {
        SettingsAction::Choose(row, i) => row.choose(settings, i),
        SettingsAction::Volume(d) => Row::Volume.step(settings, i32::from(d), false),
        SettingsAction::Open | SettingsAction::Close => {}
    }
}

/// The focused row (keyboard).
#[derive(Resource, Default)]
struct Focus(usize);

/// A row of the card (its border shows the keyboard focus).
#[derive(Component, Clone, Copy)]
struct RowBox(usize);

/// The volume number.
#[derive(Component)]
struct VolumeText;

/// The volume bar's fill.
#[derive(Component)]
struct VolumeFill;

/// The card's line about a problem with the settings file.
#[derive(Component)]
struct NoticeText;

fn spawn_card(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: Res<Lang>,
    layout: Res<BoardLayout>,
    mut focus: ResMut<Focus>,
) {
    let lang = *lang;
    // Everything shrinks in small windows so the whole card fits.
    let scale = (layout.window.y / 860.0)
        .min(layout.window.x / 640.0)
        .clamp(0.55, 1.0);
    let px = |v: f32| (v * scale).round();
    focus.0 = 0;
    let root = commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                width: Val::Percent(100.0),
                height: Val::Percent(100.0),
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                ..default()
            },
            BackgroundColor(palette::OVERLAY),
            GlobalZIndex(50),
            DespawnOnExit(SettingsView::Open),
        ))
        .id();
    let card = commands
        .spawn((
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: Val::Px(px(6.0)),
                padding: UiRect::axes(Val::Px(px(26.0)), Val::Px(px(18.0))),
                border: UiRect::all(Val::Px(px(2.0))),
                border_radius: BorderRadius::all(Val::Px(px(12.0))),
                max_width: Val::Percent(96.0),
                max_height: Val::Percent(98.0),
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(palette::PANEL.with_alpha(1.0)),
            BorderColor::all(palette::ACCENT),
        ))
        .id();
    commands.entity(root).add_child(card);
    let title = commands
        .spawn((
            label(T::Settings, lang, fonts.ui(px(28.0)), palette::ACCENT),
            Node {
                align_self: AlignSelf::Center,
                margin: UiRect::bottom(Val::Px(px(4.0))),
                ..default()
            },
        ))
        .id();
    let notice = commands
        .spawn((
            NoticeText,
            Text::new(""),
            fonts.ui(px(14.0)),
            TextColor(palette::CHECK_GLOW.with_alpha(1.0)),
            Node {
                display: Display::None,
                max_width: Val::Px(px(560.0)),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .id();
    commands.entity(card).add_children(&[title, notice]);
    for (i, row) in Row::ALL.into_iter().enumerate() {
        let row_box = commands
            .spawn((
                RowBox(i),
                Node {
                    align_items: AlignItems::Center,
                    column_gap: Val::Px(px(8.0)),
                    padding: UiRect::axes(Val::Px(px(8.0)), Val::Px(px(3.0))),
                    border: UiRect::all(Val::Px(px(2.0))),
                    border_radius: BorderRadius::all(Val::Px(px(6.0))),
                    ..default()
                },
                BorderColor::all(Color::NONE),
                Pickable::IGNORE,
            ))
            .id();
        let title = commands
            .spawn((
                label(row.title(), lang, fonts.ui(px(18.0)), palette::TEXT),
                TextLayout::no_wrap(),
                Node {
                    width: Val::Px(px(160.0)),
                    flex_shrink: 0.0,
                    ..default()
                },
            ))
            .id();
        commands.entity(row_box).add_child(title);
        if row == Row::Volume {
            let minus = commands
                .spawn(sign_button("−", &fonts, scale, SettingsAction::Volume(-1)))
                .id();
            let bar = commands
                .spawn((
                    Node {
                        width: Val::Px(px(160.0)),
                        height: Val::Px(px(10.0)),
                        border_radius: BorderRadius::all(Val::Px(px(5.0))),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    BackgroundColor(palette::BUTTON),
                    Pickable::IGNORE,
                    children![(
                        VolumeFill,
                        Node {
                            width: Val::Percent(0.0),
                            height: Val::Percent(100.0),
                            ..default()
                        },
                        BackgroundColor(palette::ACCENT),
                        Pickable::IGNORE,
                    )],
                ))
                .id();
            let value = commands
                .spawn((
                    VolumeText,
                    Text::new(""),
                    fonts.ui(px(17.0)),
                    TextColor(palette::TEXT),
                    Node {
                        width: Val::Px(px(36.0)),
                        ..default()
                    },
                    TextLayout::justify(Justify::Right),
                    Pickable::IGNORE,
                ))
                .id();
            let plus = commands
                .spawn(sign_button("+", &fonts, scale, SettingsAction::Volume(1)))
                .id();
            commands
                .entity(row_box)
                .add_children(&[minus, bar, value, plus]);
        } else {
            for (j, &choice) in row.choices().iter().enumerate() {
                let b = commands
                    .spawn(button(
                        choice,
                        lang,
                        &fonts,
                        px(16.0),
                        SettingsAction::Choose(row, j),
                    ))
                    .id();
                commands.entity(row_box).add_child(b);
            }
        }
        commands.entity(card).add_child(row_box);
    }
    let footer = commands
        .spawn((
            Node {
                align_items: AlignItems::Center,
                column_gap: Val::Px(px(16.0)),
                margin: UiRect::top(Val::Px(px(10.0))),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .id();
    let back = commands
        .spawn(button(
            T::Back,
            lang,
            &fonts,
            px(20.0),
            SettingsAction::Close,
        ))
        .id();
    let hint = commands
        .spawn(label(
            T::SettingsHint,
            lang,
            fonts.ui(px(13.0)),
            palette::TEXT_DIM,
        ))
        .id();
    commands.entity(footer).add_children(&[back, hint]);
    commands.entity(card).add_child(footer);
}

/// A small square button with a sign on it (same in every language).
fn sign_button(sign: &str, fonts: &Fonts, scale: f32, action: SettingsAction) -> impl Bundle {
    let node = Node {
        width: Val::Px((32.0 * scale).round()),
        height: Val::Px((30.0 * scale).round()),
        ..default()
    };
    button_box(node, sign, fonts.ui((20.0 * scale).round()), (), action)
}

/// Button labels stay on one line (CJK text may otherwise break between
/// any two characters when the row is measured).
fn keep_on_one_line(
    buttons: Query<&Children, Added<SettingsAction>>,
    mut layouts: Query<&mut TextLayout>,
) {
    for children in &buttons {
        for child in children.iter() {
            if let Ok(mut layout) = layouts.get_mut(child) {
                layout.linebreak = bevy::text::LineBreak::NoWrap;
            }
        }
    }
}

fn on_settings_button(
    click: On<Pointer<Click>>,
    actions: Query<&SettingsAction>,
    mut settings: ResMut<UserSettings>,
    mut next: ResMut<NextState<SettingsView>>,
    mut focus: ResMut<Focus>,
) {
    let Ok(&action) = actions.get(click.entity) else {
        return;
    };
    match action {
        SettingsAction::Open => next.set(SettingsView::Open),
        SettingsAction::Close => next.set(SettingsView::Closed),
        SettingsAction::Choose(..) | SettingsAction::Volume(_) => {
            let row = match action {
                SettingsAction::Choose(row, _) => row,
                _ => Row::Volume,
            };
            if let Some(i) = Row::ALL.iter().position(|&r| r == row) {
                focus.0 = i;
            }
            let mut s = settings.0.clone();
            apply(action, &mut s);
            if s != settings.0 {
                settings.0 = s;
            }
        }
    }
}

/// O opens the card; while it is open it has the keyboard to itself.
fn settings_keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    view: Res<State<SettingsView>>,
    mut next: ResMut<NextState<SettingsView>>,
    mut settings: ResMut<UserSettings>,
    mut focus: ResMut<Focus>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if *view.get() == SettingsView::Closed {
        if keys.just_pressed(KeyCode::KeyO) && !ctrl {
            keys.clear_just_pressed(KeyCode::KeyO);
            next.set(SettingsView::Open);
        }
        return;
    }
    let pressed = |k: KeyCode| keys.just_pressed(k);
    let n = Row::ALL.len();
    let row = Row::ALL[focus.0.min(n - 1)];
    let mut s = settings.0.clone();
    if pressed(KeyCode::Escape) || pressed(KeyCode::KeyO) || pressed(KeyCode::Backspace) {
        next.set(SettingsView::Closed);
    } else if pressed(KeyCode::ArrowUp) {
        focus.0 = (focus.0 + n - 1) % n;
    } else if pressed(KeyCode::ArrowDown) || pressed(KeyCode::Tab) {
        focus.0 = (focus.0 + 1) % n;
    } else if pressed(KeyCode::ArrowLeft) {
        row.step(&mut s, -1, false);
    } else if pressed(KeyCode::ArrowRight) {
        row.step(&mut s, 1, false);
    } else if pressed(KeyCode::Enter) || pressed(KeyCode::NumpadEnter) || pressed(KeyCode::Space) {
        row.step(&mut s, 1, row != Row::Volume);
    } else if pressed(KeyCode::KeyM) {
        s.muted = !s.muted;
    }
    if s != settings.0 {
        settings.0 = s;
    }
    // The screen underneath sees nothing.
    keys.reset_all();
}

fn refresh_card(
    settings: Res<UserSettings>,
    focus: Res<Focus>,
    added: Query<(), Added<RowBox>>,
    mut choices: Query<(&SettingsAction, &mut Toggled)>,
    mut rows: Query<(&RowBox, &mut BorderColor)>,
    mut volume_text: Query<&mut Text, With<VolumeText>>,
    mut volume_fill: Query<(&mut Node, &mut BackgroundColor), With<VolumeFill>>,
) {
    if !settings.is_changed() && !focus.is_changed() && added.is_empty() {
        return;
    }
    for (action, mut toggled) in &mut choices {
        if let SettingsAction::Choose(row, i) = *action {
            let on = row.current(&settings) == i;
            if toggled.0 != on {
                toggled.0 = on;
            }
        }
    }
    for (row, mut border) in &mut rows {
        let want = if row.0 == focus.0 {
            BorderColor::all(palette::ACCENT)
        } else {
            BorderColor::all(Color::NONE)
        };
        if *border != want {
            *border = want;
        }
    }
    for mut text in &mut volume_text {
        text.0 = settings.volume.to_string();
    }
    for (mut node, mut bg) in &mut volume_fill {
        node.width = Val::Percent(f32::from(settings.volume.min(100)));
        bg.0 = if settings.muted {
            palette::TEXT_DIM
        } else {
            palette::ACCENT
        };
    }
}

/// The notice's words, in the current language.
fn notice_text(problem: &Problem, lang: Lang) -> String {
    let (what, detail) = problem.words();
    format!("{} — {detail}", what.get(lang))
}

fn refresh_notices(
    notice: Res<SettingsFile>,
    lang: Res<Lang>,
    mut texts: Query<(Ref<NoticeText>, &mut Text, &mut Node)>,
) {
    let force = notice.is_changed() || lang.is_changed();
    for (marker, mut text, mut node) in &mut texts {
        if !force && !marker.is_added() {
            continue;
        }
        let want = notice
            .problem
            .as_ref()
            .map_or_else(String::new, |p| notice_text(p, *lang));
        set_display(&mut node, !want.is_empty());
        if text.0 != want {
            text.0 = want;
        }
    }
}
