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

pub use super::views::SettingsView;
use crate::game::GameSet;
use crate::game::i18n::{Lang, Phrase};
use crate::game::settings::CurrentLang;
use crate::game::settings::{Problem, SettingsFile, UserSettings};
use crate::game::theme::line_edit::take_keys;
use crate::game::theme::{Fonts, OnPress, Toggled, button, palette, set_display};
use bevy::input::InputSystems;
use bevy::prelude::*;

mod card;
mod rows;

pub use rows::Row;
use rows::apply;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<SettingsView>()
        .init_resource::<Focus>()
        .add_systems(OnEnter(SettingsView::Open), card::spawn_card)
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

/// `--settings`: the card opens as the game starts (for screenshots), a
/// few frames in, when the window's size is known and the card is sized
/// for it.
pub(crate) fn configure_launch(app: &mut App, opts: &crate::game::LaunchOptions) {
    if opts.settings {
        app.add_systems(Update, open_at_start);
    }
}

fn open_at_start(mut frames: Local<u32>, mut next: ResMut<NextState<SettingsView>>) {
    *frames += 1;
    if *frames == 5 {
        next.set(SettingsView::Open);
    }
}

/// A choice on the settings card (also marks its button).
#[derive(Component, Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsAction {
    /// Pick choice `usize` of a row.
    Choose(Row, usize),
    /// A stepped row (the volume, the threads) up (+1) or down (−1) a step.
    Step(Row, i8),
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

/// The focused row (keyboard).
#[derive(Resource, Default)]
struct Focus(usize);

/// A row of the card (its border shows the keyboard focus).
#[derive(Component, Clone, Copy)]
struct RowBox(usize);

/// The number of a stepped row (the volume; the threads, of the most).
#[derive(Component)]
struct StepText(Row);

/// The volume bar's fill.
#[derive(Component)]
struct VolumeFill;

/// The card's line about a problem with the settings file, or spoken
/// moves without a synthesizer.
#[derive(Component)]
struct NoticeText;

/// A choice clicked: it is put in force and its row takes the focus.
fn settings_buttons(
    mut actions: MessageReader<SettingsAction>,
    mut settings: ResMut<UserSettings>,
    mut focus: ResMut<Focus>,
) {
    for &action in actions.read() {
        let row = match action {
            SettingsAction::Choose(row, _) => row,
            SettingsAction::Step(row, _) => row,
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
    // Ctrl+O opens a record. A Ctrl released in the same frame as the O
    // still counts (fast typists, synthetic input).
    let ctrls = [KeyCode::ControlLeft, KeyCode::ControlRight];
    let ctrl = keys.any_pressed(ctrls) || keys.any_just_released(ctrls);
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
    take_keys(&mut keys);
}

fn refresh_card(
    settings: Res<UserSettings>,
    focus: Res<Focus>,
    added: Query<(), Added<RowBox>>,
    mut choices: Query<(&SettingsAction, &mut Toggled)>,
    mut rows: Query<(&RowBox, &mut BorderColor)>,
    mut step_text: Query<(&StepText, &mut Text)>,
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
    for (StepText(row), mut text) in &mut step_text {
        text.0 = match row {
            Row::Threads => format!(
                "{} / {}",
                settings.search_threads(),
                crate::engine::max_threads()
            ),
            _ => settings.volume.to_string(),
        };
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
    settings: Res<UserSettings>,
    speech: Option<Res<crate::game::speech::Speech>>,
    mut texts: Query<(Ref<NoticeText>, &mut Text, &mut Node)>,
) {
    let force = notice.is_changed() || lang.is_changed() || settings.is_changed();
    // Spoken moves asked for where nothing can speak: what to install.
    let no_speech = match speech.as_deref().map(|s| &s.synth) {
        Some(Err(why)) if settings.speak_moves => {
            Some(format!("{}: {why}", Phrase::NoSpeechSynth.get(*lang)))
        }
        _ => None,
    };
    for (marker, mut text, mut node) in &mut texts {
        if !force && !marker.is_added() {
            continue;
        }
        let file = notice.problem.as_ref().map(|p| notice_text(p, *lang));
        let want = [file, no_speech.clone()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("\n");
        set_display(&mut node, !want.is_empty());
        text.set_if_neq(Text(want));
    }
}
