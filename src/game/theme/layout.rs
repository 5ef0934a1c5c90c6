//! The boxes screens are laid out with: a row, a column, a row that
//! wraps, a heading, a divider, a card. Each gives the [`Node`] (or bundle) the
//! screens wrote again and again; a screen adds what is its own with
//! struct update syntax, as in `Node { justify_content: JustifyContent::Center, ..row(6.0) }`.

use crate::game::i18n::{Lang, Phrase};
use crate::game::theme::palette;
use crate::game::theme::scale::Scale;
use crate::game::theme::shape::Shape;
use crate::game::theme::wheel::WheelScrolls;
use crate::game::theme::widget::label;
use bevy::prelude::*;

/// A row with `gap` pixels between its items, centred across.
pub fn row(gap: f32) -> Node {
    Node {
        align_items: AlignItems::Center,
        column_gap: Val::Px(gap),
        ..default()
    }
}

/// A column with `gap` pixels between its items.
pub fn column(gap: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: Val::Px(gap),
        ..default()
    }
}

/// A column with `gap` pixels between its items, centred across.
pub fn centred_column(gap: f32) -> Node {
    Node {
        align_items: AlignItems::Center,
        ..column(gap)
    }
}

/// A row that wraps, `gap` pixels between its items across and down.
pub fn wrapping_row(gap: f32) -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        column_gap: Val::Px(gap),
        row_gap: Val::Px(gap),
        ..default()
    }
}

/// A list screen's grid of tiles: a wrapping row, centred, that takes the
/// height left and scrolls (the puzzles, the course's lessons, the
/// trainer's themes): the wheel over it or over its tiles, which still show
/// their hover, and the keyboard focus on a tile it hides ([`WheelScrolls`]).
pub fn scrolling_tiles(gap: f32) -> impl Bundle {
    (
        wrapping_row(gap)
            .justify_content(JustifyContent::Center)
            .align_content(AlignContent::FlexStart)
            .flex_grow(1.0)
            .min_height(Val::Px(0.0))
            .width(Val::Percent(100.0))
            .max_width(Val::Px(1200.0))
            .overflow(Overflow::scroll_y()),
        ScrollPosition::default(),
        WheelScrolls,
        Pickable {
            should_block_lower: false,
            is_hoverable: true,
        },
    )
}

/// A title (of a screen, a card): a translated label in the accent colour.
pub fn title(text: Phrase, lang: Lang, font: TextFont) -> impl Bundle {
    label(text, lang, font, palette::ACCENT)
}

/// A row that wraps, its items centred along it.
pub fn centred_row(gap: f32) -> Node {
    Node {
        justify_content: JustifyContent::Center,
        ..wrapping_row(gap)
    }
}

/// A heading (of a group, a row of choices): a translated label, dimmed.
pub fn heading(text: Phrase, lang: Lang, font: TextFont) -> impl Bundle {
    label(text, lang, font, palette::TEXT_DIM)
}

/// A thin line between the parts of a column (`Vertical`: of a row),
/// `length` long (`None`: across the whole column), `margin` pixels clear
/// of its neighbours on either side.
pub fn divider(
    direction: Orientation,
    length: Option<f32>,
    margin: f32,
    color: Color,
) -> impl Bundle {
    let length = length.map_or(Val::Auto, Val::Px);
    let node = match direction {
        Orientation::Horizontal => Node {
            width: length,
            height: Val::Px(1.0),
            margin: UiRect::vertical(Val::Px(margin)),
            flex_shrink: 0.0,
            ..default()
        },
        Orientation::Vertical => Node {
            width: Val::Px(1.0),
            height: length,
            margin: UiRect::horizontal(Val::Px(margin)),
            ..default()
        },
    };
    (node, BackgroundColor(color), Pickable::IGNORE)
}

/// Which way a [`divider`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    Horizontal,
    Vertical,
}

/// A card's box: `padding` (across, down) inside a border `border` pixels
/// wide, rounded by `radius`.
pub fn card_node(padding: Vec2, border: f32, radius: f32) -> Node {
    Node {
        padding: UiRect::axes(Val::Px(padding.x), Val::Px(padding.y)),
        border: UiRect::all(Val::Px(border)),
        border_radius: BorderRadius::all(Val::Px(radius)),
        ..default()
    }
}

/// A card: its box (see [`card_node`]) filled with `fill`, its border in `rim`.
pub fn card(node: Node, fill: Color, rim: Color) -> impl Bundle {
    (node, BackgroundColor(fill), BorderColor::all(rim))
}

/// A choice drawn as a card (the menu's modes, levels and engines): a
/// centred column in a rounded box with a border, at least `width` wide.
pub fn choice_card(s: Scale, width: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        row_gap: Val::Px(s.px(3.0)),
        padding: UiRect::axes(Val::Px(s.px(10.0)), Val::Px(s.px(8.0))),
        min_width: Val::Px(s.px(width)),
        border: UiRect::all(Val::Px(s.px(2.0).max(1.0))),
        border_radius: BorderRadius::all(Val::Px(s.px(10.0))),
        ..default()
    }
}

/// A tile of a list (the puzzles'): a column in a card's box, its border
/// `border` pixels wide.
pub fn tile_box(border: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        ..card_node(Vec2::new(10.0, 6.0), border, 6.0)
    }
}

/// A row of buttons that wraps when its box is narrow: `across` pixels
/// between the buttons, `down` between the lines.
pub fn button_row(across: f32, down: f32) -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        row_gap: Val::Px(down),
        ..row(across)
    }
}

/// A card docked in the side panel (a puzzle's): a centred column of
/// lines, in the buttons' colour at half strength, rimmed with the accent.
pub fn panel_card() -> impl Bundle {
    card(
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            flex_shrink: 0.0,
            row_gap: Val::Px(4.0),
            ..card_node(Vec2::new(10.0, 6.0), 1.0, 8.0)
        },
        palette::BUTTON.with_alpha(0.5),
        palette::ACCENT,
    )
}
