//! The rows of the move list: numbered rows of main-line moves with the
//! review's verdicts, the comments under them, the variations indented —
//! rebuilt when the game, the notation or the review changes — and the
//! shown move highlighted and scrolled into view.

use super::{MoveBox, MoveCell, MoveRow};
use crate::engine::review::Judgement;
use crate::game::play::browse::{Browse, shown_node};
use crate::game::play::game_review::GameReviewState;
use crate::game::play::move_list::{ListItem, ListMove, Token, list_items, list_style};
use crate::game::play::session::Session;
use crate::game::settings::UserSettings;
use crate::game::theme::judgement::{judgement_color, judgement_symbol};
use crate::game::theme::layout::row;
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, palette};
use crate::rules::records::{Mark, MoveTree, NodeId};
use bevy::prelude::*;

#[derive(Default, PartialEq)]
pub(super) struct ListedFor {
    items: Vec<ListItem>,
    marks: Vec<Option<Judgement>>,
}

pub(super) fn rebuild_rows(
    mut commands: Commands,
    session: Res<Session>,
    settings: Option<Res<UserSettings>>,
    fonts: Res<Fonts>,
    boxes: Query<(Entity, Option<&Children>), With<MoveBox>>,
    added: Query<(), Added<MoveBox>>,
    mut listed: Local<ListedFor>,
    review_state: Res<GameReviewState>,
) {
    let settings_changed = settings.as_ref().is_some_and(|s| s.is_changed());
    if !session.is_changed() && !settings_changed && !review_state.is_changed() && added.is_empty()
    {
        return;
    }
    let (notation, style) = list_style(settings.as_deref());
    // The verdicts of a review of this game, move by move.
    let reviewed = review_state.for_session(&session);
    let marks: Vec<Option<Judgement>> = (1..=session.game.moves().len())
        .map(|ply| reviewed.and_then(|r| r.judgement_before(ply)))
        .collect();
    let want = ListedFor {
        items: list_items(&session, notation, style),
        marks,
    };
    if *listed == want && added.is_empty() {
        return;
    }
    *listed = want;
    for (list, children) in &boxes {
        for child in children.into_iter().flatten() {
            commands.entity(*child).despawn();
        }
        commands.entity(list).with_children(|p| {
            for (index, item) in listed.items.iter().enumerate() {
                match item {
                    ListItem::Row { number, red, black } => {
                        let moves = [red.as_ref(), black.as_ref()];
                        spawn_move_row(p, &fonts, index, *number, moves, &listed.marks);
                    }
                    ListItem::Comment(text) => {
                        p.spawn(comment_row(&fonts, index, text));
                    }
                    ListItem::Variation(tokens) => {
                        p.spawn(variation_row(index))
                            .with_children(|v| spawn_tokens(v, &fonts, index, tokens));
                    }
                }
            }
        });
    }
}

/// A row can be hovered (for the wheel) without blocking its cells.
const HOVERABLE: Pickable = Pickable {
    should_block_lower: false,
    is_hoverable: true,
};

/// A numbered row: the number, Red's move, Black's move, each with the
/// review's verdict on it.
fn spawn_move_row(
    p: &mut ChildSpawnerCommands,
    fonts: &Fonts,
    index: usize,
    number: u32,
    moves: [Option<&ListMove>; 2],
    marks: &[Option<Judgement>],
) {
    p.spawn((MoveRow(index), row(4.0).flex_shrink(0.0), HOVERABLE))
        .with_children(|r| {
            r.spawn((
                Text::new(format!("{number}.")),
                fonts.ui(15.0),
                TextColor(palette::TEXT_DIM),
                plain().width(Val::Px(34.0)),
                Pickable::IGNORE,
            ));
            // "…" for Red's place when the row starts with Black.
            for (cell, empty) in moves.into_iter().zip(["…", ""]) {
                match cell {
                    Some(m) => {
                        let mark = marks.get(m.ply.wrapping_sub(1)).copied().flatten();
                        r.spawn(move_cell(fonts, m.node, index, &m.text, m.mark))
                            .with_children(|c| {
                                if let Some(j) = mark {
                                    c.spawn(mark_text(fonts, j));
                                }
                            });
                    }
                    None => {
                        r.spawn(move_cell(fonts, MoveTree::ROOT, index, empty, None));
                    }
                }
            }
        });
}

/// A comment on the main line, under its move.
fn comment_row(fonts: &Fonts, index: usize, text: &str) -> impl Bundle + use<> {
    (
        MoveRow(index),
        plain().flex_shrink(0.0).padding(UiRect::new(
            Val::Px(38.0),
            Val::Px(4.0),
            Val::Px(1.0),
            Val::Px(3.0),
        )),
        Pickable::IGNORE,
        children![(
            Text::new(text.to_string()),
            fonts.ui(14.0),
            TextColor(palette::COMMENT),
            Pickable::IGNORE,
        )],
    )
}

/// A variation's row: indented, with a line at its left.
fn variation_row(index: usize) -> impl Bundle {
    (
        MoveRow(index),
        row(4.0)
            .flex_wrap(FlexWrap::Wrap)
            .flex_shrink(0.0)
            .margin(UiRect::new(
                Val::Px(24.0),
                Val::Px(2.0),
                Val::Px(1.0),
                Val::Px(3.0),
            ))
            .padding(UiRect::left(Val::Px(8.0)))
            .border(UiRect::left(Val::Px(2.0))),
        BorderColor::all(palette::TEXT_DIM.with_alpha(0.35)),
        HOVERABLE,
    )
}

/// A variation's text: numbers and parentheses, its moves, its comments.
fn spawn_tokens(v: &mut ChildSpawnerCommands, fonts: &Fonts, index: usize, tokens: &[Token]) {
    for token in tokens {
        match token {
            Token::Plain(t) => {
                v.spawn((
                    Text::new(t.clone()),
                    fonts.ui(14.0),
                    TextColor(palette::TEXT_DIM),
                    Pickable::IGNORE,
                ));
            }
            Token::Move(m) => {
                v.spawn(variation_cell(fonts, m.node, index, &m.text, m.mark));
            }
            Token::Comment(t) => {
                v.spawn((
                    Text::new(t.clone()),
                    fonts.ui(13.0),
                    TextColor(palette::COMMENT),
                    Pickable::IGNORE,
                ));
            }
        }
    }
}

/// A move inside a variation: small, as wide as its text.
fn variation_cell(
    fonts: &Fonts,
    node: NodeId,
    row: usize,
    text: &str,
    mark: Option<Mark>,
) -> impl Bundle {
    cell(fonts, node, row, text, mark, 14.0, Val::Auto)
}

/// A main-line move: a column of the row.
fn move_cell(
    fonts: &Fonts,
    node: NodeId,
    row: usize,
    text: &str,
    mark: Option<Mark>,
) -> impl Bundle {
    cell(fonts, node, row, text, mark, 16.0, Val::Percent(42.0))
}

/// A move that a click shows, with its mark: `px` its text size.
fn cell(
    fonts: &Fonts,
    node: NodeId,
    row: usize,
    text: &str,
    mark: Option<Mark>,
    px: f32,
    width: Val,
) -> impl Bundle {
    (
        MoveCell { node, row },
        plain()
            .width(width)
            .padding(UiRect::axes(Val::Px((px - 11.0).max(3.0)), Val::Px(1.0)))
            .border_radius(BorderRadius::all(Val::Px(4.0))),
        BackgroundColor(Color::NONE),
        HOVERABLE,
        children![(
            Text::new(text),
            fonts.ui(px),
            TextColor(palette::TEXT),
            Pickable::IGNORE,
            children![mark_span(fonts, mark, px)],
        )],
    )
}

/// The annotator's mark after a move's text, in its own colour (apart from
/// the review's verdicts at the cell's edge).
fn mark_span(fonts: &Fonts, mark: Option<Mark>, px: f32) -> impl Bundle {
    (
        TextSpan::new(mark.map_or("", Mark::symbol)),
        fonts.ui(px),
        TextColor(palette::ANNOTATOR_MARK),
    )
}

/// A move's verdict after it: its symbol in its colour (none for "good").
#[derive(Component, Clone, Copy)]
pub(super) struct MoveMark(Judgement);

fn mark_text(fonts: &Fonts, j: Judgement) -> impl Bundle {
    (
        MoveMark(j),
        Text::new(judgement_symbol(j)),
        fonts.ui(14.0),
        TextColor(judgement_color(j)),
        // At the cell's right edge, so it never pushes the move onto two lines.
        plain()
            .position_type(PositionType::Absolute)
            .right(Val::Px(4.0)),
        Pickable::IGNORE,
    )
}

pub(super) fn highlight_rows(
    session: Res<Session>,
    browse: Res<Browse>,
    mut cells: Query<(&MoveCell, &mut BackgroundColor, &Children)>,
    mut colors: Query<&mut TextColor, Without<MoveMark>>,
    mut marks: Query<(&MoveMark, &mut TextColor)>,
    mut boxes: Query<(&mut ScrollPosition, &ComputedNode), (With<MoveBox>, Without<MoveCell>)>,
    rows: Query<(&MoveRow, &ComputedNode), (Without<MoveCell>, Without<MoveBox>)>,
    mut seen: Local<Option<(NodeId, usize, usize)>>,
) {
    let shown = shown_node(&session, Some(&browse));
    let mut shown_row = None;
    for (cell, mut bg, children) in &mut cells {
        let empty = cell.node == MoveTree::ROOT;
        let on = cell.node == shown && !empty;
        if on {
            shown_row = Some(cell.row);
        }
        let want_bg = if on { palette::ACCENT } else { Color::NONE };
        bg.set_if_neq(BackgroundColor(want_bg));
        let want_text = match (on, empty) {
            (true, _) => palette::BLACK_INK,
            (false, true) => palette::TEXT_DIM,
            (false, false) => palette::TEXT,
        };
        for child in children.iter() {
            if let Ok(mut c) = colors.get_mut(child)
                && c.0 != want_text
            {
                c.0 = want_text;
            }
            // A verdict stays in its colour, but dark on the highlight.
            if let Ok((mark, mut c)) = marks.get_mut(child) {
                let want = if on {
                    palette::BLACK_INK
                } else {
                    judgement_color(mark.0)
                };
                c.set_if_neq(TextColor(want));
            }
        }
    }
    // Scroll the shown move into view when it, the game or the list changes.
    let mut heights: Vec<(usize, f32)> = rows
        .iter()
        .map(|(r, n)| (r.0, n.size().y * n.inverse_scale_factor()))
        .collect();
    heights.sort_by_key(|&(i, _)| i);
    let key = (shown, session.game.ply(), heights.len());
    if *seen == Some(key) || heights.iter().all(|&(_, h)| h <= 0.0) {
        return;
    }
    *seen = Some(key);
    let total: f32 = heights.iter().map(|&(_, h)| h).sum();
    for (mut scroll, node) in &mut boxes {
        let view_h = node.size().y * node.inverse_scale_factor();
        let target = match shown_row.filter(|_| browse.active()) {
            Some(row) => {
                let above: f32 = heights
                    .iter()
                    .take_while(|&&(i, _)| i < row)
                    .map(|&(_, h)| h)
                    .sum();
                let h = heights.get(row).map_or(0.0, |&(_, h)| h);
                (above + h / 2.0 - view_h / 2.0).max(0.0)
            }
            // Reviewing the start position: the top of the list.
            None if browse.active() => 0.0,
            // The live game: the end of the list (layout clamps the offset).
            None => total,
        };
        if (scroll.y - target).abs() > 0.5 {
            scroll.y = target;
        }
    }
}
