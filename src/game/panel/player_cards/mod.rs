//! A card for each player: their side (a small piece), who plays it (a
//! human, or the AI's level and depth), whose move it is (the card of the
//! side to move glows and breathes; an AI's card says it is thinking) and
//! the pieces that player has captured.
//!
//! The card of the side at the top of the board comes first. Each card ends
//! with an empty [`PlayerCardSlot`] for what a later feature puts there (a
//! clock face): spawn it as a child of the entity holding
//! `PlayerCardSlot(side)`.

use crate::game::board::engraving::engraving;
use crate::game::board::layout::BoardLayout;
use crate::game::panel::review_card::ReviewShown;
use crate::game::play::session::Session;
use crate::game::theme::disc::{DiscSize, disc};
use crate::game::theme::layout::{self, card_node, column, row, wrapping_row};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::{Charset, Color as Side, Piece, PieceKind};
use bevy::prelude::*;

mod captures;
mod texts;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            fill_cards,
            order_cards,
            texts::fit_narrow_cards,
            texts::refresh_cards,
            captures::refresh_captures,
            breathe,
            fold_for_review,
        )
            .chain()
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// The place in a player's card for a later feature (a clock): an empty row
/// at the card's right end, centred vertically. Children added to it show
/// there; the card grows to fit them.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerCardSlot(pub Side);

/// The column holding both cards (its direction puts the top player first).
#[derive(Component)]
pub struct PlayerCards;

/// One player's card.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerCard(pub Side);

/// Texts of a card.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum CardField {
    Name(Side),
    Who(Side),
    Status(Side),
}

/// The row of pieces a player has captured.
#[derive(Component, Clone, Copy)]
struct Captures(Side);

/// The little piece at a card's left.
#[derive(Component, Clone, Copy)]
struct Badge(Side);

/// The two cards, for the panel to place.
pub fn player_cards() -> impl Bundle {
    (
        PlayerCards,
        plain()
            .flex_direction(FlexDirection::ColumnReverse)
            .row_gap(Val::Px(8.0))
            .flex_shrink(0.0),
        Pickable::IGNORE,
    )
}

fn fill_cards(mut commands: Commands, added: Query<Entity, Added<PlayerCards>>, fonts: Res<Fonts>) {
    for root in &added {
        commands.entity(root).with_children(|p| {
            for side in [Side::Red, Side::Black] {
                p.spawn(card(side, &fonts));
            }
        });
    }
}

fn card(side: Side, fonts: &Fonts) -> impl Bundle + use<> {
    (
        PlayerCard(side),
        layout::card(
            card_node(Vec2::new(10.0, 7.0), 2.0, 10.0)
                .align_items(AlignItems::Center)
                .column_gap(Val::Px(10.0))
                .min_width(Val::Px(0.0)),
            palette::CARD,
            palette::CARD_BORDER,
        ),
        Pickable::IGNORE,
        children![
            badge(side, fonts),
            (
                column(2.0).flex_grow(1.0).min_width(Val::Px(0.0)),
                Pickable::IGNORE,
                children![
                    name_line(side, fonts),
                    (
                        CardField::Who(side),
                        Text::new(""),
                        fonts.ui(14.0),
                        TextColor(palette::TEXT_DIM),
                        Pickable::IGNORE,
                    ),
                    (
                        Captures(side),
                        wrapping_row(2.0)
                            .min_height(Val::Px(20.0))
                            .margin(UiRect::top(Val::Px(2.0))),
                        Pickable::IGNORE,
                    ),
                ],
            ),
            (
                PlayerCardSlot(side),
                plain().flex_shrink(0.0).align_items(AlignItems::Center),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// The side's general at the card's left.
fn badge(side: Side, fonts: &Fonts) -> impl Bundle + use<> {
    let general = Piece {
        color: side,
        kind: PieceKind::General,
    };
    let size = DiscSize {
        diameter: 38.0,
        rim: 3.0,
        glyph: 21.0,
    };
    (
        Badge(side),
        disc(
            engraving(general, Charset::Traditional),
            palette::ink(side),
            size,
            fonts,
        ),
        BoxShadow::new(
            palette::SHADE.with_alpha(0.45),
            Val::Px(1.0),
            Val::Px(2.0),
            Val::Px(0.0),
            Val::Px(3.0),
        ),
    )
}

/// The side's name and what it is doing (thinking, in check).
fn name_line(side: Side, fonts: &Fonts) -> impl Bundle + use<> {
    (
        row(8.0)
            .align_items(AlignItems::Baseline)
            .flex_wrap(FlexWrap::Wrap),
        Pickable::IGNORE,
        children![
            (
                CardField::Name(side),
                Text::new(""),
                fonts.ui(18.0),
                TextColor(palette::TEXT),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            ),
            (
                CardField::Status(side),
                Text::new(""),
                fonts.ui(14.0),
                TextColor(palette::ACCENT),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// The top player's card first: Black's when Red sits at the bottom.
fn order_cards(session: Res<Session>, mut roots: Query<&mut Node, With<PlayerCards>>) {
    let want = if session.flipped {
        FlexDirection::Column
    } else {
        FlexDirection::ColumnReverse
    };
    for mut node in &mut roots {
        if node.flex_direction != want {
            node.flex_direction = want;
        }
    }
}

/// The card of the side to move glows, breathing; the other rests.
fn breathe(
    session: Res<Session>,
    time: Res<Time>,
    mut cards: Query<(&PlayerCard, &mut BorderColor, &mut BackgroundColor)>,
    mut badges: Query<(&Badge, &mut Node)>,
) {
    let over = session.game.outcome().is_some();
    let stm = session.side_to_move();
    let t = time.elapsed_secs();
    let wave = 0.5 + 0.5 * (t * 3.0).sin();
    for (card, mut border, mut bg) in &mut cards {
        let active = !over && card.0 == stm;
        let want_border = if active {
            palette::ACCENT.with_alpha(0.55 + 0.45 * wave)
        } else {
            palette::CARD_BORDER
        };
        let want_bg = if active {
            palette::CARD.mix(&palette::ACCENT, 0.06 + 0.05 * wave)
        } else {
            palette::CARD.with_alpha(0.7)
        };
        border.set_if_neq(BorderColor::all(want_border));
        bg.set_if_neq(BackgroundColor(want_bg));
    }
    for (badge, mut node) in &mut badges {
        let active = !over && badge.0 == stm;
        // The side to move's piece is a little larger, as if lifted.
        let px = if active { 38.0 + 2.0 * wave } else { 34.0 };
        if node.width != Val::Px(px) {
            node.width = Val::Px(px);
            node.height = Val::Px(px);
        }
    }
}

/// In a short panel (800×600) a review's card needs the room: the cards
/// keep their names and captures and drop who plays.
fn fold_for_review(
    layout: Res<BoardLayout>,
    review: Res<ReviewShown>,
    mut fields: Query<(&CardField, &mut Node)>,
) {
    let folded = layout.compact_panel() && review.0;
    for (field, mut node) in &mut fields {
        if let CardField::Who(_) = field {
            set_display(&mut node, !folded);
        }
    }
}
