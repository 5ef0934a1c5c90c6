//! The widgets the screens are built from: functions returning bundles,
//! buttons with what they do attached ([`OnPress`]), as in
//! `button(text, action)`. One observer runs the action of any button
//! clicked.

use crate::game::Screen;
use crate::game::i18n::{Lang, Phrase};
use crate::game::settings::CurrentLang;
use crate::game::theme::fonts::Fonts;
use crate::game::theme::palette;
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use std::sync::Arc;

/// What a button does when clicked.
#[derive(Component, Clone)]
pub struct OnPress(Arc<dyn Fn(&mut Commands) + Send + Sync>);

impl OnPress {
    /// Writes `message` (for the logic, or the screen's own handler).
    pub fn send<M: Message + Clone>(message: M) -> OnPress {
        OnPress(Arc::new(move |commands: &mut Commands| {
            commands.write_message(message.clone());
        }))
    }

    /// Does what the button does (a click, or Enter on the focused button).
    pub fn run(&self, commands: &mut Commands) {
        (self.0)(commands);
    }

    /// Goes to `state` (another screen, the settings card).
    pub fn go<S: FreelyMutableState>(state: S) -> OnPress {
        OnPress(Arc::new(move |commands: &mut Commands| {
            commands.set_state(state.clone());
        }))
    }
}

/// Runs the action of the button clicked.
pub(crate) fn press(click: On<Pointer<Click>>, buttons: Query<&OnPress>, mut commands: Commands) {
    // Buttons answer the main button; a right click may mean something else
    // (the analysis's lines: leave the move out).
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(action) = buttons.get(click.entity) {
        action.run(&mut commands);
    }
}

/// A translated label; retranslated when the language changes.
#[derive(Component, Clone, Copy, Debug)]
pub struct Label(pub Phrase);

/// A button whose colour shows a choice is on (menu choices, pause).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Toggled(pub bool);

/// A button: rounded box with a centred translated label, doing `action`.
pub fn button(
    label: Phrase,
    lang: Lang,
    fonts: &Fonts,
    px: f32,
    action: OnPress,
) -> impl Bundle + use<> {
    let node = Node {
        padding: UiRect::axes(Val::Px(px * 0.8), Val::Px(px * 0.35)),
        ..default()
    };
    // The label is relabelled when the language changes.
    button_box(node, label.get(lang), fonts.ui(px), Label(label), action)
}

/// The look every button shares: a rounded box with a thin border and its
/// text centred, doing `action`. `node` gives the size or padding; `extra`
/// goes on the text (a [`Label`] to follow the language, or `()`).
pub fn button_box(
    node: Node,
    text: impl Into<String>,
    font: TextFont,
    extra: impl Bundle,
    action: OnPress,
) -> impl Bundle {
    (
        Button,
        Node {
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(Val::Px(1.0)),
            border_radius: BorderRadius::all(Val::Px(6.0)),
            ..node
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
        Toggled(false),
        action,
        children![(
            Text::new(text),
            // A label never wraps: a wrapped measure makes buttons twice as tall.
            TextLayout::no_wrap(),
            font,
            TextColor(palette::TEXT),
            extra,
            Pickable::IGNORE,
        )],
    )
}

/// A line of translated text.
pub fn label(text: Phrase, lang: Lang, font: TextFont, color: Color) -> impl Bundle {
    (
        Text::new(text.get(lang)),
        font,
        TextColor(color),
        Label(text),
        Pickable::IGNORE,
    )
}

/// Buttons answer the pointer: lighter under it, darker and a little
/// smaller while pressed; a button that is on keeps its colour, lightened.
pub(crate) fn button_colors(
    mut commands: Commands,
    mut buttons: Query<
        (Entity, &Interaction, &Toggled, &mut BackgroundColor),
        (With<Button>, Or<(Changed<Interaction>, Changed<Toggled>)>),
    >,
) {
    for (e, interaction, toggled, mut bg) in &mut buttons {
        bg.0 = match (interaction, toggled.0) {
            (Interaction::Pressed, _) => palette::BUTTON_PRESS,
            (Interaction::Hovered, true) => palette::BUTTON_ON.mix(&Color::WHITE, 0.14),
            (Interaction::None, true) => palette::BUTTON_ON,
            (Interaction::Hovered, false) => palette::BUTTON_HOVER,
            (Interaction::None, false) => palette::BUTTON,
        };
        let scale = if *interaction == Interaction::Pressed {
            0.95
        } else {
            1.0
        };
        // The button may be gone by the time this applies: a list rebuilt
        // in the frame it was clicked (the puzzle list when a puzzle of
        // mine starts and its attempts are counted).
        commands
            .entity(e)
            .try_insert(UiTransform::from_scale(Vec2::splat(scale)));
    }
}

pub(crate) fn relabel(lang: CurrentLang, mut labels: Query<(&Label, &mut Text)>) {
    if !lang.is_changed() {
        return;
    }
    for (label, mut text) in &mut labels {
        let s = label.0.get(*lang);
        text.set_if_neq(Text(s.to_string()));
    }
}

/// Shows or hides a node, touching it only when that changes.
pub fn set_display(node: &mut Mut<Node>, show: bool) {
    let want = if show { Display::Flex } else { Display::None };
    if node.display != want {
        node.display = want;
    }
}

/// The root of a screen that fills the window (menu, puzzles, saved games): a
/// centred column on the background colour, gone when the screen is left.
pub fn screen_root(screen: Screen) -> (Node, BackgroundColor, DespawnOnExit<Screen>) {
    (
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: Val::Px(10.0),
            padding: UiRect::all(Val::Px(16.0)),
            ..default()
        },
        BackgroundColor(palette::BACKGROUND),
        DespawnOnExit(screen),
    )
}
