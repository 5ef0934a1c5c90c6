//! The engine card as spawned: the title, the lines about damaged entries,
//! the command line and Add with the line saying how the adding goes, then
//! the list (left, a page at a time) beside the selected engine (right:
//! filled by [`super::refresh`]), and Back.

use super::rows::field;
use super::{CardScale, EngineAction, EngineCardRoot, EnginesView, Field};
use crate::game::i18n::{Lang, Phrase};
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::{self, column, row};
use crate::game::theme::scale::{Scale, window_size};
use crate::game::theme::shape::{Shape, hidden, plain};
use crate::game::theme::{Fonts, OnPress, button, label, palette};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The list's column (engine rows and pager).
#[derive(Component)]
pub(super) struct ListBox;

/// The list's pager and its label.
#[derive(Component)]
pub(super) struct ListPager;

#[derive(Component)]
pub(super) struct ListPageText;

/// The selected engine's column (rebuilt when another is selected).
#[derive(Component)]
pub(super) struct DetailBox;

/// The line about the last Add.
#[derive(Component)]
pub(super) struct AddStatusText;

/// The lines about entries of the settings file left out.
#[derive(Component)]
pub(super) struct RejectedText;

/// The height of the selected engine's column with a full page of options.
const DETAIL_PX: f32 = 450.0;

/// The card's size in its reference window (it shrinks in smaller ones).
const REFERENCE: Vec2 = Vec2::new(1000.0, 800.0);

pub(super) fn spawn_card(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    window: Query<&Window, With<PrimaryWindow>>,
) {
    let lang = *lang;
    let size = Scale::fit(window_size(&window), REFERENCE, 0.55, 1.0);
    commands.insert_resource(CardScale(size));
    let padding = Vec2::new(size.px(24.0), size.px(16.0));
    commands.spawn((
        crate::game::theme::modal_backdrop(60),
        DespawnOnExit(EnginesView::Open),
        children![(
            EngineCardRoot,
            layout::card(
                layout::card_node(padding, size.px(2.0), size.px(12.0))
                    .width(Val::Px(size.px(REFERENCE.x - 20.0)))
                    .max_width(Val::Percent(98.0))
                    .max_height(Val::Percent(98.0))
                    .overflow(Overflow::clip())
                    .flex_direction(FlexDirection::Column)
                    .row_gap(Val::Px(size.px(6.0))),
                palette::PANEL.with_alpha(1.0),
                palette::ACCENT,
            ),
            children![
                (
                    layout::title(Phrase::Engines, lang, fonts.ui(size.px(28.0))),
                    plain().align_self(AlignSelf::Center),
                ),
                rejected_lines(&fonts, size),
                add_section(lang, &fonts, size),
                body(lang, &fonts, size),
                footer(lang, &fonts, size),
            ],
        )],
    ));
}

/// Entries of the settings file that were left out (hidden without any).
fn rejected_lines(fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        RejectedText,
        Text::new(""),
        fonts.ui(size.text(13.0)),
        TextColor(palette::BROKEN_TEXT),
        hidden(),
        Pickable::IGNORE,
    )
}

/// What to type, the field and Add, and how the last Add went.
fn add_section(lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        column(size.px(4.0)).flex_shrink(0.0),
        Pickable::IGNORE,
        children![
            label(
                Phrase::EngineCommandHint,
                lang,
                fonts.ui(size.text(13.0)),
                palette::TEXT_DIM
            ),
            (
                row(size.px(8.0)),
                Pickable::IGNORE,
                children![
                    field(Field::Command, size.px(640.0), fonts, size.text(16.0), size),
                    button(
                        Phrase::Browse,
                        lang,
                        fonts,
                        size.px(18.0),
                        OnPress::send(EngineAction::Browse(Field::Command))
                    ),
                    button(
                        Phrase::EngineAdd,
                        lang,
                        fonts,
                        size.px(18.0),
                        OnPress::send(EngineAction::Add)
                    ),
                ],
            ),
            (
                AddStatusText,
                Text::new(""),
                fonts.ui(size.text(13.0)),
                TextColor(palette::TEXT_DIM),
                // Its room is kept while it says nothing.
                plain().min_height(Val::Px(line_height(size))),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// The list beside the selected engine.
fn body(lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        plain()
            .align_items(AlignItems::FlexStart)
            .column_gap(Val::Px(size.px(20.0)))
            .margin(UiRect::top(Val::Px(size.px(4.0)))),
        Pickable::IGNORE,
        children![
            (
                column(size.px(4.0))
                    .width(Val::Px(size.px(290.0)))
                    .flex_shrink(0.0),
                Pickable::IGNORE,
                children![
                    layout::heading(Phrase::EngineList, lang, fonts.ui(size.text(14.0))),
                    (
                        ListBox,
                        column(size.px(4.0)).width(Val::Percent(100.0)),
                        Pickable::IGNORE,
                    ),
                    pager(
                        (ListPager, Pickable::IGNORE),
                        ListPageText,
                        fonts,
                        size,
                        EngineAction::ListPage,
                    ),
                ],
            ),
            (layout::divider(
                layout::Orientation::Vertical,
                Some(size.px(DETAIL_PX)),
                0.0,
                palette::BUTTON_BORDER
            ),),
            (
                DetailBox,
                // The room of a full page of options, kept on a shorter
                // one: the card does not move under the pointer.
                column(size.px(5.0))
                    .flex_grow(1.0)
                    .min_width(Val::Px(0.0))
                    .min_height(Val::Px(size.px(DETAIL_PX))),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// ‹ page › for a list shown a page at a time: `turn(±1)` turns it.
pub(super) fn pager(
    marker: impl Bundle,
    label_marker: impl Component,
    fonts: &Fonts,
    size: Scale,
    turn: fn(i32) -> EngineAction,
) -> impl Bundle {
    (
        marker,
        row(size.px(6.0)),
        children![
            super::rows::sign_button("‹", fonts, size, turn(-1)),
            (
                label_marker,
                Text::new(""),
                fonts.ui(size.text(13.0)),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ),
            super::rows::sign_button("›", fonts, size, turn(1)),
        ],
    )
}

/// Back and the keys' hint.
fn footer(lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        row(size.px(16.0))
            .margin(UiRect::top(Val::Px(size.px(6.0))))
            .flex_shrink(0.0),
        Pickable::IGNORE,
        children![
            button(
                Phrase::Back,
                lang,
                fonts,
                size.px(20.0),
                OnPress::send(EngineAction::Close)
            ),
            label(
                Phrase::EnginesHint,
                lang,
                fonts.ui(size.text(13.0)),
                palette::TEXT_DIM
            ),
        ],
    )
}

/// The height of a line of the card's small text.
pub(super) fn line_height(size: Scale) -> f32 {
    (size.text(13.0) * 1.3).round()
}
