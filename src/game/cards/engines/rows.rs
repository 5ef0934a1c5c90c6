//! The card's pieces as bundles: a typed field, an engine's row in the
//! list, and an option's row with the control its kind asks for — a spin's
//! ‹ value ›, a check's on/off, a combo's ‹ choice ›, a text or file field,
//! a button to press at the next start.

use super::{EngineAction, Field};
use crate::client::options::{EngineOption, OptionKind};
use crate::game::i18n::{Lang, Phrase};
use crate::game::theme::layout::row;
use crate::game::theme::scale::Scale;
use crate::game::theme::shape::{Shape, hidden, plain, sized};
use crate::game::theme::{Fonts, OnPress, Toggled, button, button_box, palette};
use crate::store::engines::EngineEntry;
use bevy::prelude::*;

/// A field's box (its border lights while it is typed into).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FieldBox(pub Field);

/// A field's text: what it holds, or what is being typed.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FieldText(pub Field);

/// An engine's row in the list (lit while it is selected).
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub(super) struct EngineRow(pub String);

/// The text of option `usize`'s check or combo control.
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct ValueText(pub usize);

/// Option `usize`'s check or button control (lit when on, or pressed).
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct OptionToggle(pub usize);

/// The line after option `usize`'s control: its bounds, a refusal, a
/// press to come.
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct OptionNote(pub usize);

/// The button that puts option `usize` back to its default (shown while it
/// has another value), and its text.
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct ResetButton(pub usize);

#[derive(Component, Clone, Copy, Debug)]
pub(super) struct ResetText(pub usize);

/// A field to type into: a dark box with its text, pressed (clicked, or
/// Enter on the focus ring) to type.
pub(super) fn field(
    field: Field,
    width: f32,
    fonts: &Fonts,
    px: f32,
    size: Scale,
) -> impl Bundle + use<> {
    (
        Button,
        FieldBox(field),
        plain()
            .width(Val::Px(width))
            // An empty field keeps the height of a line.
            .min_height(Val::Px(px * 1.3 + size.px(8.0) + 2.0))
            .flex_shrink(0.0)
            .align_items(AlignItems::Center)
            .padding(UiRect::axes(Val::Px(size.px(8.0)), Val::Px(size.px(4.0))))
            .border(UiRect::all(Val::Px(1.0)))
            .border_radius(BorderRadius::all(Val::Px(size.px(5.0))))
            .overflow(Overflow::clip()),
        BackgroundColor(palette::SHADE.with_alpha(0.35)),
        BorderColor::all(palette::BUTTON_BORDER),
        OnPress::send(EngineAction::Type(field)),
        children![(
            FieldText(field),
            Text::new(""),
            TextLayout::no_wrap(),
            fonts.ui(px),
            TextColor(palette::TEXT),
            Pickable::IGNORE,
        )],
    )
}

/// `UCI · Pikafish 2024 · the Pikafish developers`.
pub(super) fn entry_details(entry: &EngineEntry) -> String {
    let mut parts = vec![entry.protocol.to_uppercase()];
    for part in [&entry.id_name, &entry.author] {
        if !part.is_empty() && *part != entry.name {
            parts.push(part.clone());
        }
    }
    parts.join(" · ")
}

/// An engine in the list: its name, and its protocol, own name and author.
pub(super) fn engine_row(entry: &EngineEntry, fonts: &Fonts, size: Scale) -> impl Bundle + use<> {
    (
        Button,
        EngineRow(entry.name.clone()),
        plain()
            .flex_direction(FlexDirection::Column)
            .flex_shrink(0.0)
            .width(Val::Percent(100.0))
            .padding(UiRect::axes(Val::Px(size.px(10.0)), Val::Px(size.px(4.0))))
            .border(UiRect::all(Val::Px(1.0)))
            .border_radius(BorderRadius::all(Val::Px(size.px(6.0))))
            .overflow(Overflow::clip()),
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
        Toggled(false),
        OnPress::send(EngineAction::Select(entry.name.clone())),
        children![
            (
                Text::new(entry.name.clone()),
                TextLayout::no_wrap(),
                fonts.ui(size.text(16.0)),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            ),
            (
                Text::new(entry_details(entry)),
                TextLayout::no_wrap(),
                fonts.ui(size.text(12.0)),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// A small button with a sign (‹ ›), doing `action`.
pub(super) fn sign_button(
    sign: &str,
    fonts: &Fonts,
    size: Scale,
    action: EngineAction,
) -> impl Bundle + use<> {
    button_box(
        sized(Val::Px(size.px(28.0)), Val::Px(size.px(26.0))).flex_shrink(0.0),
        sign.to_string(),
        fonts.ui(size.text(16.0)),
        (),
        OnPress::send(action),
    )
}

/// Widths in an option's row: the name, the control, the rest.
const NAME_PX: f32 = 180.0;
const CONTROL_PX: f32 = 250.0;

/// Option `k`'s row: its name, its control, and its note and reset button.
pub(super) fn option_row(
    k: usize,
    option: &EngineOption,
    lang: Lang,
    fonts: &Fonts,
    size: Scale,
) -> impl Bundle + use<> {
    let fonts = fonts.clone();
    let option = option.clone();
    (
        row(size.px(8.0))
            .min_height(Val::Px(size.px(30.0)))
            .flex_shrink(0.0),
        Pickable::IGNORE,
        Children::spawn(SpawnWith(move |parent: &mut ChildSpawner| {
            let px = size.text(15.0);
            parent.spawn((
                plain()
                    .width(Val::Px(size.px(NAME_PX)))
                    .flex_shrink(0.0)
                    .overflow(Overflow::clip()),
                Pickable::IGNORE,
                children![(
                    Text::new(option.name.clone()),
                    TextLayout::no_wrap(),
                    fonts.ui(px),
                    TextColor(palette::TEXT),
                    Pickable::IGNORE,
                )],
            ));
            parent
                .spawn((
                    row(size.px(4.0))
                        .width(Val::Px(size.px(CONTROL_PX)))
                        .flex_shrink(0.0),
                    Pickable::IGNORE,
                ))
                .with_children(|control| control_of(control, k, &option, lang, &fonts, size));
            parent.spawn((
                OptionNote(k),
                Text::new(""),
                TextLayout::no_wrap(),
                fonts.ui(size.text(12.0)),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ));
            parent.spawn((
                ResetButton(k),
                button_box(
                    hidden()
                        .padding(UiRect::axes(Val::Px(size.px(6.0)), Val::Px(size.px(2.0))))
                        .flex_shrink(0.0),
                    "",
                    fonts.ui(size.text(12.0)),
                    ResetText(k),
                    OnPress::send(EngineAction::Reset(k)),
                ),
            ));
        })),
    )
}

/// The control option `k`'s kind asks for.
fn control_of(
    parent: &mut ChildSpawner,
    k: usize,
    option: &EngineOption,
    lang: Lang,
    fonts: &Fonts,
    size: Scale,
) {
    let px = size.text(15.0);
    match &option.kind {
        OptionKind::Spin { .. } => {
            parent.spawn(sign_button("‹", fonts, size, EngineAction::Step(k, -1)));
            parent.spawn(field(Field::Option(k), size.px(150.0), fonts, px, size));
            parent.spawn(sign_button("›", fonts, size, EngineAction::Step(k, 1)));
        }
        OptionKind::Combo { .. } => {
            parent.spawn(sign_button("‹", fonts, size, EngineAction::Step(k, -1)));
            parent.spawn(combo_value(k, fonts, size));
            parent.spawn(sign_button("›", fonts, size, EngineAction::Step(k, 1)));
        }
        OptionKind::Check { .. } => {
            parent.spawn((
                OptionToggle(k),
                button_box(
                    plain()
                        .width(Val::Px(size.px(70.0)))
                        .padding(UiRect::vertical(Val::Px(size.px(3.0)))),
                    "",
                    fonts.ui(px),
                    ValueText(k),
                    OnPress::send(EngineAction::Step(k, 1)),
                ),
            ));
        }
        OptionKind::String { .. } => {
            parent.spawn(field(
                Field::Option(k),
                size.px(CONTROL_PX),
                fonts,
                px,
                size,
            ));
        }
        OptionKind::File { .. } => {
            // The path, and the file dialog's button beside it.
            parent.spawn(field(
                Field::Option(k),
                size.px(CONTROL_PX - 34.0),
                fonts,
                px,
                size,
            ));
            parent.spawn(sign_button(
                "…",
                fonts,
                size,
                EngineAction::Browse(Field::Option(k)),
            ));
        }
        OptionKind::Button => {
            parent.spawn((
                OptionToggle(k),
                button(
                    Phrase::EnginePress,
                    lang,
                    fonts,
                    px,
                    OnPress::send(EngineAction::Press(k)),
                ),
            ));
        }
    }
}

/// A combo option's value, between its two arrows.
fn combo_value(k: usize, fonts: &Fonts, size: Scale) -> impl Bundle + use<> {
    let value_box = plain()
        .width(Val::Px(size.px(150.0)))
        .flex_shrink(0.0)
        .justify_content(JustifyContent::Center)
        .overflow(Overflow::clip());
    (
        value_box,
        Pickable::IGNORE,
        children![(
            ValueText(k),
            Text::new(""),
            TextLayout::no_wrap(),
            fonts.ui(size.text(15.0)),
            TextColor(palette::TEXT),
            Pickable::IGNORE,
        )],
    )
}
