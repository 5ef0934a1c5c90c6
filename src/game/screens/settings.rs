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
use crate::game::i18n::{Lang, Phrase};
use crate::game::settings::CurrentLang;
use crate::game::settings::{Problem, SettingsFile, UserSettings};
use crate::game::theme::scale::Scale;
use crate::game::theme::{
    Fonts, OnPress, Toggled, button, button_box, label, palette, set_display,
};
use crate::rules::{Charset, Notation};
use crate::store::settings::{AnimationSpeed, MAX_ANALYSIS_LINES, ScoreView, Settings};
use bevy::input::InputSystems;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<SettingsView>()
        .init_resource::<Focus>()
        .add_systems(OnEnter(SettingsView::Open), spawn_card)
        .add_message::<SettingsAction>()
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
                settings_buttons.in_set(GameSet::Input),
                (
                    refresh_card.run_if(in_state(SettingsView::Open)),
                    refresh_notices,
                )
                    .chain()
                    .in_set(GameSet::Present),
            ),
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

/// A choice on the settings card (also marks its button).
#[derive(Component, Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsAction {
    /// Pick choice `usize` of a row.
    Choose(Row, usize),
    /// Volume up (+1) or down (−1) a step.
    Volume(i8),
}

/// The button that opens the settings (for the menu and the game panel).
pub fn open_button(lang: Lang, fonts: &Fonts, px: f32) -> impl Bundle + use<> {
    button(
        Phrase::Settings,
        lang,
        fonts,
        px,
        OnPress::go(SettingsView::Open),
    )
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
    AnalysisLines,
    ScoreView,
    Notation,
    Pieces,
    Language,
}

impl Row {
    const ALL: [Row; 11] = [
        Row::Volume,
        Row::Sound,
        Row::Animation,
        Row::LegalMoves,
        Row::Coordinates,
        Row::EvalBar,
        Row::AnalysisLines,
        Row::ScoreView,
        Row::Notation,
        Row::Pieces,
        Row::Language,
    ];

    fn title(self) -> Phrase {
        match self {
            Row::Volume => Phrase::Volume,
            Row::Sound => Phrase::Sound,
            Row::Animation => Phrase::AnimationSpeed,
            Row::LegalMoves => Phrase::ShowLegalMoves,
            Row::Coordinates => Phrase::ShowCoordinates,
            Row::EvalBar => Phrase::ShowEvalBar,
            Row::AnalysisLines => Phrase::AnalysisLines,
            Row::ScoreView => Phrase::ScoreView,
            Row::Notation => Phrase::Notation,
            Row::Pieces => Phrase::PieceChars,
            Row::Language => Phrase::Language,
        }
    }

    /// The choices (none for the volume, which has −/+).
    fn choices(self) -> &'static [Phrase] {
        match self {
            Row::Volume => &[],
            Row::Sound => &[Phrase::SoundOn, Phrase::Muted],
            Row::Animation => &[Phrase::Slow, Phrase::Normal, Phrase::Fast, Phrase::Off],
            Row::LegalMoves | Row::Coordinates | Row::EvalBar => &[Phrase::Show, Phrase::Hide],
            Row::AnalysisLines => &[
                Phrase::One,
                Phrase::Two,
                Phrase::Three,
                Phrase::Four,
                Phrase::Five,
            ],
            Row::ScoreView => &[Phrase::ScoreRed, Phrase::ScoreMover],
            Row::Notation => &[
                Phrase::NotationChinese,
                Phrase::NotationWxf,
                Phrase::NotationIccs,
            ],
            Row::Pieces => &[Phrase::Traditional, Phrase::Simplified],
            Row::Language => &[Phrase::LangZh, Phrase::LangEn],
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
            Row::AnalysisLines => usize::from(s.analysis_lines.clamp(1, MAX_ANALYSIS_LINES) - 1),
            Row::ScoreView => usize::from(s.score_view == ScoreView::Mover),
            Row::Notation => match s.notation {
                Notation::Chinese => 0,
                Notation::Wxf => 1,
                Notation::Iccs => 2,
            },
            Row::Pieces => usize::from(s.piece_chars == Charset::Simplified),
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
            // `i` is below the five choices.
            Row::AnalysisLines => s.analysis_lines = i as u8 + 1,
            Row::ScoreView => s.score_view = [ScoreView::Red, ScoreView::Mover][i],
            Row::Notation => {
                s.notation = [Notation::Chinese, Notation::Wxf, Notation::Iccs][i];
            }
            Row::Pieces => {
                s.piece_chars = [Charset::Traditional, Charset::Simplified][i];
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

/// Applies a choice.
fn apply(action: SettingsAction, settings: &mut Settings) {
    match action {
        SettingsAction::Choose(row, i) => row.choose(settings, i),
        SettingsAction::Volume(d) => Row::Volume.step(settings, i32::from(d), false),
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
    lang: CurrentLang,
    layout: Res<BoardLayout>,
    mut focus: ResMut<Focus>,
) {
    let lang = *lang;
    // Everything shrinks in small windows so the whole card fits.
    let size = Scale::fit(layout.window, Vec2::new(640.0, 860.0), 0.55, 1.0);
    focus.0 = 0;
    let row_fonts = fonts.clone();
    commands.spawn((
        backdrop(),
        children![(
            card(size),
            Children::spawn((
                Spawn((
                    label(
                        Phrase::Settings,
                        lang,
                        fonts.ui(size.px(28.0)),
                        palette::ACCENT
                    ),
                    Node {
                        align_self: AlignSelf::Center,
                        margin: UiRect::bottom(Val::Px(size.px(4.0))),
                        ..default()
                    },
                )),
                Spawn(notice_line(&fonts, size)),
                SpawnIter(
                    Row::ALL
                        .into_iter()
                        .enumerate()
                        .map(move |(i, row)| setting_row(i, row, lang, &row_fonts, size)),
                ),
                Spawn(footer(lang, &fonts, size)),
            )),
        )],
    ));
}

/// The dimmed window behind the card, centring it.
fn backdrop() -> impl Bundle {
    (
        crate::game::theme::modal_backdrop(50),
        DespawnOnExit(SettingsView::Open),
    )
}

/// The card itself: a column of rows.
fn card(size: Scale) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            row_gap: Val::Px(size.px(6.0)),
            padding: UiRect::axes(Val::Px(size.px(26.0)), Val::Px(size.px(18.0))),
            border: UiRect::all(Val::Px(size.px(2.0))),
            border_radius: BorderRadius::all(Val::Px(size.px(12.0))),
            max_width: Val::Percent(96.0),
            max_height: Val::Percent(98.0),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(palette::PANEL.with_alpha(1.0)),
        BorderColor::all(palette::ACCENT),
    )
}

/// The line about a problem with the settings file (hidden without one).
fn notice_line(fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        NoticeText,
        Text::new(""),
        fonts.ui(size.px(14.0)),
        TextColor(palette::CHECK_GLOW.with_alpha(1.0)),
        Node {
            display: Display::None,
            max_width: Val::Px(size.px(560.0)),
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// One setting: its title, then the volume's −, bar, value and +, or a
/// button per choice.
fn setting_row(i: usize, row: Row, lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle + use<> {
    let fonts = fonts.clone();
    (
        RowBox(i),
        Node {
            align_items: AlignItems::Center,
            column_gap: Val::Px(size.px(8.0)),
            padding: UiRect::axes(Val::Px(size.px(8.0)), Val::Px(size.px(3.0))),
            border: UiRect::all(Val::Px(size.px(2.0))),
            border_radius: BorderRadius::all(Val::Px(size.px(6.0))),
            ..default()
        },
        BorderColor::all(Color::NONE),
        Pickable::IGNORE,
        Children::spawn(SpawnWith(move |parent: &mut ChildSpawner| {
            parent.spawn((
                label(row.title(), lang, fonts.ui(size.px(18.0)), palette::TEXT),
                TextLayout::no_wrap(),
                Node {
                    width: Val::Px(size.px(160.0)),
                    flex_shrink: 0.0,
                    ..default()
                },
            ));
            if row == Row::Volume {
                parent.spawn(sign_button("−", &fonts, size, -1));
                parent.spawn(volume_bar(size));
                parent.spawn(volume_value(&fonts, size));
                parent.spawn(sign_button("+", &fonts, size, 1));
            } else {
                for (j, &choice) in row.choices().iter().enumerate() {
                    let action = SettingsAction::Choose(row, j);
                    parent.spawn((
                        button(choice, lang, &fonts, size.px(16.0), OnPress::send(action)),
                        action,
                    ));
                }
            }
        })),
    )
}

/// The volume as a bar filled to its level.
fn volume_bar(size: Scale) -> impl Bundle {
    (
        Node {
            width: Val::Px(size.px(160.0)),
            height: Val::Px(size.px(10.0)),
            border_radius: BorderRadius::all(Val::Px(size.px(5.0))),
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
    )
}

/// The volume as a number.
fn volume_value(fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        VolumeText,
        Text::new(""),
        fonts.ui(size.px(17.0)),
        TextColor(palette::TEXT),
        Node {
            width: Val::Px(size.px(36.0)),
            ..default()
        },
        TextLayout::justify(Justify::Right),
        Pickable::IGNORE,
    )
}

/// Back and the keys' hint.
fn footer(lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        Node {
            align_items: AlignItems::Center,
            column_gap: Val::Px(size.px(16.0)),
            margin: UiRect::top(Val::Px(size.px(10.0))),
            ..default()
        },
        Pickable::IGNORE,
        children![
            button(
                Phrase::Back,
                lang,
                fonts,
                size.px(20.0),
                OnPress::go(SettingsView::Closed)
            ),
            label(
                Phrase::SettingsHint,
                lang,
                fonts.ui(size.px(13.0)),
                palette::TEXT_DIM
            ),
        ],
    )
}

/// A small square button with a sign on it (same in every language) that
/// turns the volume a step up (+1) or down (−1).
fn sign_button(sign: &str, fonts: &Fonts, size: Scale, step: i8) -> impl Bundle {
    let node = Node {
        width: Val::Px(size.px(32.0)),
        height: Val::Px(size.px(30.0)),
        ..default()
    };
    let action = SettingsAction::Volume(step);
    (
        button_box(
            node,
            sign,
            fonts.ui(size.px(20.0)),
            (),
            OnPress::send(action),
        ),
        action,
    )
}

/// A choice clicked: it is put in force and its row takes the focus.
fn settings_buttons(
    mut actions: MessageReader<SettingsAction>,
    mut settings: ResMut<UserSettings>,
    mut focus: ResMut<Focus>,
) {
    for &action in actions.read() {
        let row = match action {
            SettingsAction::Choose(row, _) => row,
            SettingsAction::Volume(_) => Row::Volume,
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
            toggled.set_if_neq(Toggled(on));
        }
    }
    for (row, mut border) in &mut rows {
        let want = if row.0 == focus.0 {
            BorderColor::all(palette::ACCENT)
        } else {
            BorderColor::all(Color::NONE)
        };
        border.set_if_neq(want);
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
    lang: CurrentLang,
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
        text.set_if_neq(Text(want));
    }
}
