//! The widgets the screens are built from: functions returning bundles.

use crate::game::Screen;
use crate::game::i18n::{Lang, Phrase as T};
use crate::game::theme::fonts::Fonts;
use crate::game::theme::palette;
use bevy::prelude::*;

/// A translated label; retranslated when the language changes.
#[derive(Component, Clone, Copy, Debug)]
pub struct Label(pub T);

/// A button whose colour shows a choice is on (menu choices, pause).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Toggled(pub bool);

/// A button: rounded box with a centred translated label, carrying `action`.
pub fn button(label: T, lang: Lang, fonts: &Fonts, px: f32, action: impl Component) -> impl Bundle {
    let node = Node {
        padding: UiRect::axes(Val::Px(px * 0.8), Val::Px(px * 0.35)),
        ..default()
    };
    // The label is relabelled when the language changes.
    button_box(node, label.get(lang), fonts.ui(px), Label(label), action)
}

/// The look every button shares: a rounded box with a thin border and its
/// text centred, carrying `action`. `node` gives the size or padding; `extra`
/// goes on the text (a [`Label`] to follow the language, or `()`).
pub fn button_box(
    node: Node,
    text: impl Into<String>,
    font: TextFont,
    extra: impl Bundle,
    action: impl Component,
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
            // A label never wraps: a wrapped measure made buttons twice as tall.
            TextLayout::no_wrap(),
            font,
            TextColor(palette::TEXT),
            extra,
            Pickable::IGNORE,
        )],
    )
}

/// A line of translated text.
pub fn label(text: T, lang: Lang, font: TextFont, color: Color) -> impl Bundle {
    (
        Text::new(text.get(lang)),
        font,
        TextColor(color),
        Label(text),
        Pickable::IGNORE,
    )
}

pub(crate) fn button_colors(
    mut buttons: Query<
        (&Interaction, &Toggled, &mut BackgroundColor),
        (With<Button>, Or<(Changed<Interaction>, Changed<Toggled>)>),
    >,
) {
    for (interaction, toggled, mut bg) in &mut buttons {
        bg.0 = match (interaction, toggled.0) {
            (Interaction::Pressed, _) => palette::BUTTON_PRESS,
            (_, true) => palette::BUTTON_ON,
            (Interaction::Hovered, false) => palette::BUTTON_HOVER,
            (Interaction::None, false) => palette::BUTTON,
        };
    }
}

pub(crate) fn relabel(lang: Res<Lang>, mut labels: Query<(&Label, &mut Text)>) {
    if !lang.is_changed() {
        return;
    }
    for (label, mut text) in &mut labels {
        let s = label.0.get(*lang);
        if text.0 != s {
            text.0 = s.to_string();
        }
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
