//! The settings card as spawned: the title, the line about the settings
//! file, a row for each setting (its choices, or the volume's bar and
//! −/+), Back, and the button that opens the card of the player's
//! engines.

use super::super::EnginesView;
use super::{Focus, NoticeText, Row, RowBox, SettingsAction, SettingsView, StepText, VolumeFill};
use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase};
use crate::game::settings::CurrentLang;
use crate::game::theme::layout;
use crate::game::theme::scale::Scale;
use crate::game::theme::shape::{Shape, hidden, plain, sized};
use crate::game::theme::{Fonts, OnPress, button, button_box, label, palette};
use bevy::prelude::*;

pub(super) fn spawn_card(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    layout: Res<BoardLayout>,
    mut focus: ResMut<Focus>,
) {
    let lang = *lang;
    // Everything shrinks in small windows so the whole card fits (its
    // seventeen rows, the notice line and the footer).
    let size = Scale::fit(layout.window, Vec2::new(640.0, 1020.0), 0.55, 1.0);
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
                    plain()
                        .align_self(AlignSelf::Center)
                        .margin(UiRect::bottom(Val::Px(size.px(4.0)))),
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
    let padding = Vec2::new(size.px(26.0), size.px(18.0));
    layout::card(
        layout::card_node(padding, size.px(2.0), size.px(12.0))
            .flex_direction(FlexDirection::Column)
            .row_gap(Val::Px(size.px(6.0)))
            .max_width(Val::Percent(96.0))
            .max_height(Val::Percent(98.0))
            .overflow(Overflow::clip()),
        palette::PANEL.with_alpha(1.0),
        palette::ACCENT,
    )
}

/// The line about a problem with the settings file (hidden without one).
fn notice_line(fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        NoticeText,
        Text::new(""),
        fonts.ui(size.px(14.0)),
        TextColor(palette::CHECK_GLOW.with_alpha(1.0)),
        hidden().max_width(Val::Px(size.px(560.0))),
        Pickable::IGNORE,
    )
}

/// One setting: its title, then the volume's −, bar, value and +, or a
/// button per choice.
fn setting_row(i: usize, row: Row, lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle + use<> {
    let fonts = fonts.clone();
    (
        RowBox(i),
        layout::row(size.px(8.0))
            .padding(UiRect::axes(Val::Px(size.px(8.0)), Val::Px(size.px(3.0))))
            .border(UiRect::all(Val::Px(size.px(2.0))))
            .border_radius(BorderRadius::all(Val::Px(size.px(6.0)))),
        BorderColor::all(Color::NONE),
        Pickable::IGNORE,
        Children::spawn(SpawnWith(move |parent: &mut ChildSpawner| {
            parent.spawn((
                label(row.title(), lang, fonts.ui(size.px(18.0)), palette::TEXT),
                TextLayout::no_wrap(),
                plain().width(Val::Px(size.px(160.0))).flex_shrink(0.0),
            ));
            if row == Row::Volume {
                parent.spawn(sign_button("−", &fonts, size, (row, -1)));
                parent.spawn(volume_bar(size));
                parent.spawn(step_value(row, &fonts, size, 36.0));
                parent.spawn(sign_button("+", &fonts, size, (row, 1)));
            } else if row.is_stepped() {
                parent.spawn(sign_button("−", &fonts, size, (row, -1)));
                parent.spawn(step_value(row, &fonts, size, 60.0));
                parent.spawn(sign_button("+", &fonts, size, (row, 1)));
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
        sized(Val::Px(size.px(160.0)), Val::Px(size.px(10.0)))
            .border_radius(BorderRadius::all(Val::Px(size.px(5.0))))
            .overflow(Overflow::clip()),
        BackgroundColor(palette::BUTTON),
        Pickable::IGNORE,
        children![(
            VolumeFill,
            sized(Val::Percent(0.0), Val::Percent(100.0)),
            BackgroundColor(palette::ACCENT),
            Pickable::IGNORE,
        )],
    )
}

/// A stepped row's number (`width`: its room, unscaled).
fn step_value(row: Row, fonts: &Fonts, size: Scale, width: f32) -> impl Bundle {
    (
        StepText(row),
        Text::new(""),
        fonts.ui(size.px(17.0)),
        TextColor(palette::TEXT),
        plain().width(Val::Px(size.px(width))),
        // The threads' "1 / 2" on one line (measured at its narrowest it
        // would be three).
        if row == Row::Volume {
            TextLayout::justify(Justify::Right)
        } else {
            TextLayout {
                justify: Justify::Center,
                linebreak: LineBreak::NoWrap,
            }
        },
        Pickable::IGNORE,
    )
}

/// Back, the button to the player's engines and the keys' hint.
fn footer(lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle {
    (
        layout::row(size.px(16.0)).margin(UiRect::top(Val::Px(size.px(10.0)))),
        Pickable::IGNORE,
        children![
            button(
                Phrase::Back,
                lang,
                fonts,
                size.px(20.0),
                OnPress::go(SettingsView::Closed)
            ),
            button(
                Phrase::Engines,
                lang,
                fonts,
                size.px(20.0),
                OnPress::go(EnginesView::Open)
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
/// turns a stepped row a step up (+1) or down (−1).
fn sign_button(sign: &str, fonts: &Fonts, size: Scale, (row, step): (Row, i8)) -> impl Bundle {
    let node = sized(Val::Px(size.px(32.0)), Val::Px(size.px(30.0)));
    let action = SettingsAction::Step(row, step);
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
