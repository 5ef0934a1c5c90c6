//! The move list in the side panel, and the review and tool buttons under it.
//!
//! Moves are numbered in pairs (Red, Black) in the notation chosen in the
//! settings (Chinese by default), the move that led to the shown position is
//! highlighted, and the list scrolls to keep it in view. Clicking a move
//! shows the position after it ([`BrowseCommand::Goto`]); ←/→, Home and
//! End step through the game, and "Back to game" returns to the live one.
//!
//! The panel reserves a slot for all this with [`slot`]; this plugin fills it.

use crate::engine::review::Judgement;
use crate::game::i18n::{Lang, Phrase};
use crate::game::panel::comment_field::{EditComment, SaveComment, comment_field};
use crate::game::play::browse::{Browse, BrowseCommand, shown_node};
use crate::game::play::game_review::GameReviewState;
use crate::game::play::move_list::{ListItem, Token, list_items, list_style};
use crate::game::play::session::Session;
use crate::game::play::variations::TreeCommand;
use crate::game::settings::CurrentLang;
use crate::game::settings::UserSettings;
use crate::game::theme::judgement::{judgement_color, judgement_symbol};
use crate::game::theme::{Fonts, OnPress, Toggled, button, button_box, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::notation::format_move;
use crate::rules::records::{Mark, MoveTree, NodeId};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::picking::events::{Click, Pointer};
use bevy::picking::hover::HoverMap;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(on_move_click).add_systems(
        Update,
        (
            wheel_scroll.in_set(GameSet::Input),
            (
                fill_slot,
                rebuild_rows,
                highlight_rows,
                show_browse_buttons,
                show_tree_tools,
            )
                .chain()
                .in_set(GameSet::Present),
        )
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Where the panel puts the move list (a flexible column).
#[derive(Component)]
pub struct MoveListSlot;

/// The bundle the panel places in its info column.
pub fn slot() -> impl Bundle {
    (
        MoveListSlot,
        Node {
            flex_direction: FlexDirection::Column,
            flex_grow: 1.0,
            flex_basis: Val::Px(0.0),
            min_height: Val::Px(0.0),
            row_gap: Val::Px(6.0),
            // In a short window the key hint is cut off instead of drawn over the game buttons.
            overflow: Overflow::clip_y(),
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// The scrolling box of move rows.
#[derive(Component)]
struct MoveBox;

/// An entry of the list (a numbered row, a variation, a comment), by its
/// place in the list.
#[derive(Component)]
struct MoveRow(usize);

/// A clickable move: its tree node (the root for an empty place) and the
/// list entry it is in.
#[derive(Component, Clone, Copy)]
struct MoveCell {
    node: NodeId,
    row: usize,
}

/// The "reviewing move n" line (browsing).
#[derive(Component)]
struct BrowseLine;

/// Shown only while browsing.
#[derive(Component)]
struct BrowseOnly;

/// A tool for the shown move (hidden at the start position).
#[derive(Component)]
struct TreeTools;

/// Shown only on a variation (promote, delete).
#[derive(Component)]
struct VariationOnly;

/// Sets a mark on the shown move; lit when the move has it.
#[derive(Component, Clone, Copy)]
struct MarkButton(Mark);

/// Keeps the tools in step with the shown move.
fn show_tree_tools(
    session: Res<Session>,
    browse: Res<Browse>,
    mut tools: Query<&mut Node, (With<TreeTools>, Without<VariationOnly>)>,
    mut variation_only: Query<&mut Node, (With<VariationOnly>, Without<TreeTools>)>,
    mut marks: Query<(&MarkButton, &mut Toggled)>,
) {
    let shown = shown_node(&session, Some(&browse));
    let node = session.tree().node(shown);
    for mut n in &mut tools {
        set_display(&mut n, shown != MoveTree::ROOT);
    }
    let on_variation = !session.tree().is_main_line(shown);
    for mut n in &mut variation_only {
        set_display(&mut n, on_variation);
    }
    let mark = node.and_then(|n| n.mark);
    for (button, mut toggled) in &mut marks {
        let on = mark == Some(button.0);
        toggled.set_if_neq(Toggled(on));
    }
}

fn fill_slot(
    mut commands: Commands,
    slots: Query<Entity, Added<MoveListSlot>>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
) {
    let lang = *lang;
    for slot in &slots {
        let small = |t: Phrase, action: OnPress| button(t, lang, &fonts, 14.0, action);
        let arrow = |s: &str, command: BrowseCommand| {
            let node = Node {
                padding: UiRect::axes(Val::Px(9.0), Val::Px(3.0)),
                ..default()
            };
            button_box(
                node,
                s.to_string(),
                fonts.ui(14.0),
                (),
                OnPress::send(command),
            )
        };
        let browse = |t: Phrase, command: BrowseCommand| small(t, OnPress::send(command));
        commands.entity(slot).with_children(|p| {
            p.spawn((
                MoveBox,
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    flex_basis: Val::Px(0.0),
                    min_height: Val::Px(60.0),
                    overflow: Overflow::scroll_y(),
                    padding: UiRect::all(Val::Px(4.0)),
                    border_radius: BorderRadius::all(Val::Px(6.0)),
                    ..default()
                },
                ScrollPosition::default(),
                BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.18)),
            ));
            p.spawn((
                BrowseLine,
                Text::new(""),
                fonts.ui(14.0),
                TextColor(palette::ACCENT),
                Pickable::IGNORE,
            ));
            // The comment editor, when open, above the tools: in a short
            // window the tools are cut off before it is.
            p.spawn(comment_field(&fonts)).with_children(|row| {
                row.spawn(small(Phrase::CommentSave, OnPress::send(SaveComment)));
            });
            // One wrapping row, so a narrow panel loses as few lines as it
            // can: the steps, what applies while reviewing or on a
            // variation, then the shown move's mark and comment.
            p.spawn(tool_row()).with_children(|row| {
                row.spawn(arrow("|◀", BrowseCommand::First));
                row.spawn(arrow("◀", BrowseCommand::Prev));
                row.spawn(arrow("▶", BrowseCommand::Next));
                row.spawn(arrow("▶|", BrowseCommand::Last));
                row.spawn((
                    small(
                        Phrase::PromoteVariation,
                        OnPress::send(TreeCommand::Promote),
                    ),
                    VariationOnly,
                ));
                row.spawn((
                    small(Phrase::DeleteVariation, OnPress::send(TreeCommand::Delete)),
                    VariationOnly,
                ));
                row.spawn((browse(Phrase::BackToGame, BrowseCommand::Exit), BrowseOnly));
                row.spawn((
                    browse(Phrase::PlayFromHere, BrowseCommand::PlayFromHere),
                    BrowseOnly,
                ));
                for mark in Mark::ALL {
                    let node = Node {
                        padding: UiRect::axes(Val::Px(6.0), Val::Px(3.0)),
                        min_width: Val::Px(26.0),
                        ..default()
                    };
                    row.spawn((
                        button_box(
                            node,
                            mark.symbol(),
                            fonts.ui(14.0),
                            (),
                            OnPress::send(TreeCommand::ToggleMark(mark)),
                        ),
                        MarkButton(mark),
                        TreeTools,
                    ));
                }
                row.spawn((
                    small(Phrase::CommentButton, OnPress::send(EditComment)),
                    TreeTools,
                ));
            });
        });
    }
}

#[derive(Default, PartialEq)]
struct ListedFor {
    items: Vec<ListItem>,
    marks: Vec<Option<Judgement>>,
}

fn rebuild_rows(
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
    let items = &listed.items;
    let marks = &listed.marks;
    for (list, children) in &boxes {
        for child in children.into_iter().flatten() {
            commands.entity(*child).despawn();
        }
        commands.entity(list).with_children(|p| {
            for (index, item) in items.iter().enumerate() {
                let row = MoveRow(index);
                match item {
                    ListItem::Row { number, red, black } => {
                        p.spawn((
                            row,
                            Node {
                                align_items: AlignItems::Center,
                                column_gap: Val::Px(4.0),
                                flex_shrink: 0.0,
                                ..default()
                            },
                            Pickable {
                                should_block_lower: false,
                                is_hoverable: true,
                            },
                        ))
                        .with_children(|r| {
                            r.spawn((
                                Text::new(format!("{number}.")),
                                fonts.ui(15.0),
                                TextColor(palette::TEXT_DIM),
                                Node {
                                    width: Val::Px(34.0),
                                    ..default()
                                },
                                Pickable::IGNORE,
                            ));
                            // "…" for Red's place when the row starts with Black.
                            for (cell, empty) in [(red, "…"), (black, "")] {
                                match cell {
                                    Some(m) => {
                                        let mark =
                                            marks.get(m.ply.wrapping_sub(1)).copied().flatten();
                                        r.spawn(move_cell(&fonts, m.node, index, &m.text, m.mark))
                                            .with_children(|c| {
                                                if let Some(j) = mark {
                                                    c.spawn(mark_text(&fonts, j));
                                                }
                                            });
                                    }
                                    None => {
                                        r.spawn(move_cell(
                                            &fonts,
                                            MoveTree::ROOT,
                                            index,
                                            empty,
                                            None,
                                        ));
                                    }
                                }
                            }
                        });
                    }
                    ListItem::Comment(text) => {
                        p.spawn((
                            row,
                            Node {
                                flex_shrink: 0.0,
                                padding: UiRect::new(
                                    Val::Px(38.0),
                                    Val::Px(4.0),
                                    Val::Px(1.0),
                                    Val::Px(3.0),
                                ),
                                ..default()
                            },
                            Pickable::IGNORE,
                            children![(
                                Text::new(text.clone()),
                                fonts.ui(14.0),
                                TextColor(COMMENT),
                                Pickable::IGNORE,
                            )],
                        ));
                    }
                    ListItem::Variation(tokens) => {
                        p.spawn((
                            row,
                            Node {
                                flex_wrap: FlexWrap::Wrap,
                                align_items: AlignItems::Center,
                                column_gap: Val::Px(4.0),
                                flex_shrink: 0.0,
                                margin: UiRect::new(
                                    Val::Px(24.0),
                                    Val::Px(2.0),
                                    Val::Px(1.0),
                                    Val::Px(3.0),
                                ),
                                padding: UiRect::left(Val::Px(8.0)),
                                border: UiRect::left(Val::Px(2.0)),
                                ..default()
                            },
                            BorderColor::all(palette::TEXT_DIM.with_alpha(0.35)),
                            Pickable {
                                should_block_lower: false,
                                is_hoverable: true,
                            },
                        ))
                        .with_children(|v| {
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
                                        v.spawn(variation_cell(
                                            &fonts, m.node, index, &m.text, m.mark,
                                        ));
                                    }
                                    Token::Comment(t) => {
                                        v.spawn((
                                            Text::new(t.clone()),
                                            fonts.ui(13.0),
                                            TextColor(COMMENT),
                                            Pickable::IGNORE,
                                        ));
                                    }
                                }
                            }
                        });
                    }
                }
            }
        });
    }
}

/// The colour of comments: a soft green, apart from moves and numbers.
const COMMENT: Color = Color::srgb(0.62, 0.78, 0.58);

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
        Node {
            width,
            padding: UiRect::axes(Val::Px((px - 11.0).max(3.0)), Val::Px(1.0)),
            border_radius: BorderRadius::all(Val::Px(4.0)),
            ..default()
        },
        BackgroundColor(Color::NONE),
        Pickable {
            should_block_lower: false,
            is_hoverable: true,
        },
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
        TextColor(ANNOTATOR_MARK),
    )
}

/// Annotator marks: a warm orange, readable on the panel and on the highlight.
const ANNOTATOR_MARK: Color = Color::srgb(0.93, 0.42, 0.22);

/// A move's verdict after it: its symbol in its colour (none for "good").
#[derive(Component, Clone, Copy)]
struct MoveMark(Judgement);

fn mark_text(fonts: &Fonts, j: Judgement) -> impl Bundle {
    (
        MoveMark(j),
        Text::new(judgement_symbol(j)),
        fonts.ui(14.0),
        TextColor(judgement_color(j)),
        // At the cell's right edge, so it never pushes the move onto two lines.
        Node {
            position_type: PositionType::Absolute,
            right: Val::Px(4.0),
            ..default()
        },
        Pickable::IGNORE,
    )
}

fn highlight_rows(
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

fn show_browse_buttons(
    session: Res<Session>,
    browse: Res<Browse>,
    lang: CurrentLang,
    mut buttons: Query<&mut Node, With<BrowseOnly>>,
    mut lines: Query<&mut Text, With<BrowseLine>>,
    hint: Res<crate::game::play::hint::Hint>,
    settings: Option<Res<UserSettings>>,
) {
    // On a variation its own buttons (promote, delete) take their place;
    // ▶| and End still go back to the game.
    for mut node in &mut buttons {
        set_display(&mut node, browse.active() && !browse.on_variation());
    }
    let want = match browse.ply {
        Some(_) if browse.on_variation() => {
            let node = shown_node(&session, Some(&browse));
            let depth = session.tree().depth(node);
            match *lang {
                Lang::Zh => format!("{}: {depth}", Phrase::OnVariation.get(*lang)),
                Lang::En => format!("{}: ply {depth}", Phrase::OnVariation.get(*lang)),
            }
        }
        Some(p) => {
            let total = session.game.ply();
            match *lang {
                Lang::Zh => format!("{}: {p} / {total}", Phrase::Browsing.get(*lang)),
                Lang::En => format!("{}: ply {p} of {total}", Phrase::Browsing.get(*lang)),
            }
        }
        None if hint.thinking() => format!(
            "{}: {}…",
            Phrase::Hint.get(*lang),
            Phrase::Thinking.get(*lang)
        ),
        None => match hint.arrow(session.generation) {
            Some(m) => {
                let (notation, style) = list_style(settings.as_deref());
                let text = format_move(session.position(), m, notation, style);
                format!("{}: {text}", Phrase::Hint.get(*lang))
            }
            None => String::new(),
        },
    };
    for mut text in &mut lines {
        text.set_if_neq(Text(want.clone()));
    }
}

fn on_move_click(
    click: On<Pointer<Click>>,
    cells: Query<&MoveCell>,
    mut out: MessageWriter<BrowseCommand>,
) {
    let Ok(cell) = cells.get(click.entity) else {
        return;
    };
    if cell.node != MoveTree::ROOT {
        out.write(BrowseCommand::GotoNode(cell.node));
    }
}

/// The mouse wheel scrolls the move list under the pointer.
fn wheel_scroll(
    mut wheel: MessageReader<MouseWheel>,
    hover: Res<HoverMap>,
    parents: Query<&ChildOf>,
    mut boxes: Query<&mut ScrollPosition, With<MoveBox>>,
    rows: Query<&ComputedNode, With<MoveRow>>,
) {
    let content: f32 = rows
        .iter()
        .map(|n| n.size().y * n.inverse_scale_factor())
        .sum();
    for event in wheel.read() {
        let dy = match event.unit {
            MouseScrollUnit::Line => event.y * 24.0,
            MouseScrollUnit::Pixel => event.y,
        };
        let mut hit = Vec::new();
        for hits in hover.values() {
            for &entity in hits.keys() {
                // Walk up from the hovered entity to a move box.
                let mut e = entity;
                loop {
                    if boxes.contains(e) {
                        if !hit.contains(&e) {
                            hit.push(e);
                        }
                        break;
                    }
                    match parents.get(e) {
                        Ok(p) => e = p.parent(),
                        Err(_) => break,
                    }
                }
            }
        }
        for e in hit {
            if let Ok(mut scroll) = boxes.get_mut(e) {
                scroll.y = (scroll.y - dy).clamp(0.0, content.max(0.0));
            }
        }
    }
}

/// A wrapping row of small tool buttons.
fn tool_row() -> impl Bundle {
    (
        Node {
            flex_wrap: FlexWrap::Wrap,
            column_gap: Val::Px(5.0),
            row_gap: Val::Px(5.0),
            ..default()
        },
        Pickable::IGNORE,
    )
}
