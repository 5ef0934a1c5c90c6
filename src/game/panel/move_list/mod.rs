//! The move list in the side panel, and the review and tool buttons under it.
//!
//! Moves are numbered in pairs (Red, Black) in the notation chosen in the
//! settings (Chinese by default), the move that led to the shown position is
//! highlighted, and the list scrolls to keep it in view. Clicking a move
//! shows the position after it ([`BrowseCommand::Goto`]); ←/→, Home and
//! End step through the game, and "Back to game" returns to the live one.
//!
//! The panel reserves a slot for all this with [`slot`]; this plugin fills it.

use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase, browsing_ply, on_variation, opening_text};
use crate::game::panel::comment_field::{EditComment, SaveComment, comment_field};
use crate::game::play::browse::{Browse, BrowseCommand, shown_node};
use crate::game::play::move_list::{list_style, teacher_voice};
use crate::game::play::session::Session;
use crate::game::play::variations::TreeCommand;
use crate::game::settings::CurrentLang;
use crate::game::settings::UserSettings;
use crate::game::theme::layout::{column, wrapping_row};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{
    Fonts, OnPress, Toggled, WheelScrolls, button, button_box, palette, set_display,
};
use crate::game::{GameSet, Screen};
use crate::rules::notation::format_move;
use crate::rules::records::{Mark, MoveTree, NodeId};
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

mod fit;
mod rows;
mod start;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(start::plugin);
    app.add_observer(on_move_click).add_systems(
        Update,
        (
            fill_slot,
            fit::fit_move_box,
            rows::rebuild_rows,
            rows::highlight_rows,
            show_opening,
            show_browse_buttons,
            show_tree_tools,
        )
            .chain()
            .in_set(GameSet::Present)
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
        column(6.0)
            .flex_grow(1.0)
            .flex_basis(Val::Px(0.0))
            .min_height(Val::Px(0.0))
            // In a short window the key hint is cut off instead of drawn over the game buttons.
            .overflow(Overflow::clip_y()),
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
    layout: Res<BoardLayout>,
) {
    let lang = *lang;
    for slot in &slots {
        commands.entity(slot).with_children(|p| {
            p.spawn((
                OpeningLine,
                Text::new(""),
                fonts.ui(13.0),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ));
            p.spawn((
                MoveBox,
                plain()
                    .flex_direction(FlexDirection::Column)
                    .flex_grow(1.0)
                    .flex_basis(Val::Px(0.0))
                    .min_height(fit::move_box_min(&layout, false))
                    .overflow(Overflow::scroll_y())
                    .padding(UiRect::all(Val::Px(4.0)))
                    .border_radius(BorderRadius::all(Val::Px(6.0))),
                ScrollPosition::default(),
                WheelScrolls,
                BackgroundColor(palette::SHADE.with_alpha(0.18)),
            ));
            // The room the moves leave at the start of a game, used.
            p.spawn(start::card(&fonts));
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
                row.spawn(small(Phrase::CommentSave, SaveComment, lang, &fonts));
            });
            // One wrapping row, so a narrow panel loses as few lines as it
            // can: the steps, what applies while reviewing or on a
            // variation, then the shown move's mark and comment.
            p.spawn(tool_row())
                .with_children(|row| spawn_tools(row, lang, &fonts));
        });
    }
}

/// The game's opening, named by ECCO, above the moves.
#[derive(Component)]
struct OpeningLine;

/// Names the opening of the game on the board (the moves played, read
/// up to ECCO's depth); empty before the first move and for a game from
/// a set-up position.
fn show_opening(
    session: Res<Session>,
    lang: CurrentLang,
    mut lines: Query<(&mut Text, &mut Node), With<OpeningLine>>,
    added: Query<(), Added<OpeningLine>>,
) {
    if !session.is_changed() && !lang.is_changed() && added.is_empty() {
        return;
    }
    let opening = crate::ecco::classify(session.game.start(), session.game.moves());
    let want = opening.map_or_else(String::new, |o| opening_text(&o, *lang));
    for (mut text, mut node) in &mut lines {
        set_display(&mut node, !want.is_empty());
        text.set_if_neq(Text(want.clone()));
    }
}

/// A small button sending `message`.
fn small<M: Message + Clone>(
    t: Phrase,
    message: M,
    lang: Lang,
    fonts: &Fonts,
) -> impl Bundle + use<M> {
    button(t, lang, fonts, 14.0, OnPress::send(message))
}

/// The steps through the game, the variation's and the review's buttons,
/// the marks and the comment of the shown move.
fn spawn_tools(row: &mut ChildSpawnerCommands, lang: Lang, fonts: &Fonts) {
    let arrow = |s: &str, command: BrowseCommand| {
        let node = plain().padding(UiRect::axes(Val::Px(9.0), Val::Px(3.0)));
        button_box(
            node,
            s.to_string(),
            fonts.ui(14.0),
            (),
            OnPress::send(command),
        )
    };
    row.spawn(arrow("|◀", BrowseCommand::First));
    row.spawn(arrow("◀", BrowseCommand::Prev));
    row.spawn(arrow("▶", BrowseCommand::Next));
    row.spawn(arrow("▶|", BrowseCommand::Last));
    row.spawn((
        small(Phrase::PromoteVariation, TreeCommand::Promote, lang, fonts),
        VariationOnly,
    ));
    row.spawn((
        small(Phrase::DeleteVariation, TreeCommand::Delete, lang, fonts),
        VariationOnly,
    ));
    row.spawn((
        small(Phrase::BackToGame, BrowseCommand::Exit, lang, fonts),
        BrowseOnly,
    ));
    row.spawn((
        small(
            Phrase::PlayFromHere,
            BrowseCommand::PlayFromHere,
            lang,
            fonts,
        ),
        BrowseOnly,
    ));
    for mark in Mark::ALL {
        let node = plain()
            .padding(UiRect::axes(Val::Px(6.0), Val::Px(3.0)))
            .min_width(Val::Px(26.0));
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
        small(Phrase::CommentButton, EditComment, lang, fonts),
        TreeTools,
    ));
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
            on_variation(depth, *lang)
        }
        Some(p) => {
            let total = session.game.ply();
            browsing_ply(p, total, *lang)
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
                // What it does, once found: "提示: 马二进三 · 马一子捉双…".
                match hint
                    .why(session.generation)
                    .and_then(crate::teach::headline)
                {
                    Some(why) => format!(
                        "{}: {text} · {}",
                        Phrase::Hint.get(*lang),
                        crate::teach::sentence(why, teacher_voice(settings.as_deref(), *lang))
                    ),
                    None => format!("{}: {text}", Phrase::Hint.get(*lang)),
                }
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

/// A wrapping row of small tool buttons.
fn tool_row() -> impl Bundle {
    (wrapping_row(5.0), Pickable::IGNORE)
}
