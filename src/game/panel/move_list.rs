//! The move list in the side panel, and the review and tool buttons under it.
//!
//! Moves are numbered in pairs (Red, Black) in the notation chosen in the
//! settings (Chinese by default), the move that led to the shown position is
//! highlighted, and the list scrolls to keep it in view. Clicking a move
//! reviews the position after it ([`ReviewCommand::Goto`]); ←/→, Home and
//! End step through the game, and "Back to game" returns to the live one.
//!
//! The panel reserves a slot for all this with [`slot`]; this plugin fills it.

use crate::game::i18n::{Lang, Phrase as T};
use crate::game::play::hint::HintRequest;
use crate::game::play::records::FileCommand;
use crate::game::play::review::{Review, ReviewCommand, shown_ply};
use crate::game::play::session::Session;
use crate::game::settings::UserSettings;
use crate::game::theme::{Fonts, OnPress, button, button_box, label, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::notation::{BlackDigits, ChineseStyle, Notation, format_move};
use crate::rules::{Charset, Color as Side, Move};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::picking::events::{Click, Pointer};
use bevy::picking::hover::HoverMap;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(on_move_click).add_systems(
        Update,
        (
            wheel_scroll.in_set(GameSet::Input),
            (fill_slot, rebuild_rows, highlight_rows, show_review_buttons)
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

/// A row: one move number, Red's and Black's moves.
#[derive(Component)]
struct MoveRow;

/// A clickable move: the ply of the position after it (1 = after the first move).
#[derive(Component, Clone, Copy)]
struct MoveCell(usize);

/// The "reviewing move n" line.
#[derive(Component)]
struct ReviewLine;

/// Shown only while reviewing.
#[derive(Component)]
struct ReviewOnly;

fn fill_slot(
    mut commands: Commands,
    slots: Query<Entity, Added<MoveListSlot>>,
    fonts: Res<Fonts>,
    lang: Res<Lang>,
) {
    let lang = *lang;
    for slot in &slots {
        let small = |t: T, action: OnPress| button(t, lang, &fonts, 14.0, action);
        let arrow = |s: &str, command: ReviewCommand| {
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
        let review = |t: T, command: ReviewCommand| small(t, OnPress::send(command));
        let file = |t: T, command: FileCommand| small(t, OnPress::send(command));
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
                ReviewLine,
                Text::new(""),
                fonts.ui(14.0),
                TextColor(palette::ACCENT),
                Pickable::IGNORE,
            ));
            p.spawn(tool_row()).with_children(|row| {
                row.spawn(arrow("|◀", ReviewCommand::First));
                row.spawn(arrow("◀", ReviewCommand::Prev));
                row.spawn(arrow("▶", ReviewCommand::Next));
                row.spawn(arrow("▶|", ReviewCommand::Last));
                row.spawn((review(T::BackToGame, ReviewCommand::Exit), ReviewOnly));
                row.spawn((
                    review(T::PlayFromHere, ReviewCommand::PlayFromHere),
                    ReviewOnly,
                ));
            });
            p.spawn(tool_row()).with_children(|row| {
                row.spawn(small(T::Hint, OnPress::send(HintRequest)));
                row.spawn(file(T::SaveGame, FileCommand::Save));
                row.spawn(file(T::CopyFen, FileCommand::CopyFen));
                row.spawn(file(T::CopyPgn, FileCommand::CopyPgn));
                row.spawn(file(T::Paste, FileCommand::Paste));
                row.spawn(small(
                    T::ExportPicture,
                    OnPress::send(crate::game::play::export::ExportPicture),
                ));
            });
            p.spawn(label(
                T::ReviewKeysHint,
                lang,
                fonts.ui(12.0),
                palette::TEXT_DIM,
            ));
        });
    }
}

/// The notation and characters the list (and the panel's best line) is written in.
pub fn list_style(settings: Option<&UserSettings>) -> (Notation, ChineseStyle) {
    let notation = settings.map_or(Notation::Chinese, |s| s.notation.into());
    let charset = settings.map_or(Charset::Simplified, |s| s.charset());
    (
        notation,
        ChineseStyle {
            charset,
            black_digits: BlackDigits::FullWidth,
        },
    )
}

/// The moves of the game as text, with their plies, paired into numbered rows.
pub fn move_rows(session: &Session, notation: Notation, style: ChineseStyle) -> Vec<MoveRowText> {
    let game = &session.game;
    let mut rows: Vec<MoveRowText> = Vec::new();
    for (i, &m) in game.moves().iter().enumerate() {
        let Some(before) = game.position_at(i) else {
            break;
        };
        let text = format_move(before, m, notation, style);
        let ply = i + 1;
        let red_move = before.side_to_move() == Side::Red;
        if red_move || rows.is_empty() {
            rows.push(MoveRowText {
                number: rows.len() + 1,
                red: None,
                black: None,
            });
        }
        let row = rows.last_mut().expect("a row was just pushed");
        if red_move {
            row.red = Some((ply, text));
        } else {
            row.black = Some((ply, text));
        }
    }
    rows
}

/// One numbered row of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRowText {
    /// 1-based move number.
    pub number: usize,
    /// Red's move: the ply after it and its text.
    pub red: Option<(usize, String)>,
    /// Black's move.
    pub black: Option<(usize, String)>,
}

#[derive(Default, PartialEq)]
struct ListedFor {
    moves: Vec<Move>,
    start: Option<u64>,
    notation: Option<Notation>,
    style: Option<ChineseStyle>,
}

fn rebuild_rows(
    mut commands: Commands,
    session: Res<Session>,
    settings: Option<Res<UserSettings>>,
    fonts: Res<Fonts>,
    boxes: Query<(Entity, Option<&Children>), With<MoveBox>>,
    added: Query<(), Added<MoveBox>>,
    mut listed: Local<ListedFor>,
) {
    let (notation, style) = list_style(settings.as_deref());
    let want = ListedFor {
        moves: session.game.moves().to_vec(),
        start: Some(session.game.start().hash()),
        notation: Some(notation),
        style: Some(style),
    };
    if *listed == want && added.is_empty() {
        return;
    }
    *listed = want;
    let rows = move_rows(&session, notation, style);
    for (list, children) in &boxes {
        for child in children.into_iter().flatten() {
            commands.entity(*child).despawn();
        }
        commands.entity(list).with_children(|p| {
            for row in &rows {
                p.spawn((
                    MoveRow,
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
                        Text::new(format!("{}.", row.number)),
                        fonts.ui(15.0),
                        TextColor(palette::TEXT_DIM),
                        Node {
                            width: Val::Px(34.0),
                            ..default()
                        },
                        Pickable::IGNORE,
                    ));
                    // "…" for Red's place when the record starts with Black.
                    for (cell, empty) in [(&row.red, "…"), (&row.black, "")] {
                        match cell {
                            Some((ply, text)) => {
                                r.spawn(move_cell(&fonts, *ply, text));
                            }
                            None => {
                                r.spawn(move_cell(&fonts, 0, empty));
                            }
                        }
                    }
                });
            }
        });
    }
}

fn move_cell(fonts: &Fonts, ply: usize, text: &str) -> impl Bundle {
    (
        MoveCell(ply),
        Node {
            width: Val::Percent(42.0),
            padding: UiRect::axes(Val::Px(5.0), Val::Px(1.0)),
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
            fonts.ui(16.0),
            TextColor(palette::TEXT),
            Pickable::IGNORE,
        )],
    )
}

fn highlight_rows(
    session: Res<Session>,
    review: Res<Review>,
    mut cells: Query<(&MoveCell, &mut BackgroundColor, &Children, &ComputedNode)>,
    mut colors: Query<&mut TextColor>,
    mut boxes: Query<(&mut ScrollPosition, &ComputedNode), (With<MoveBox>, Without<MoveCell>)>,
    rows: Query<&ComputedNode, (With<MoveRow>, Without<MoveCell>, Without<MoveBox>)>,
    mut seen: Local<Option<(usize, usize, usize)>>,
) {
    let shown = shown_ply(&session, Some(&review));
    for (cell, mut bg, children, _) in &mut cells {
        let on = cell.0 == shown && cell.0 > 0;
        let want_bg = if on { palette::ACCENT } else { Color::NONE };
        if bg.0 != want_bg {
            bg.0 = want_bg;
        }
        let want_text = match (on, cell.0) {
            (true, _) => palette::BLACK_INK,
            (false, 0) => palette::TEXT_DIM,
            (false, _) => palette::TEXT,
        };
        for child in children.iter() {
            if let Ok(mut c) = colors.get_mut(child)
                && c.0 != want_text
            {
                c.0 = want_text;
            }
        }
    }
    // Scroll the shown move into view when it, the game or the row count changes.
    let row_count = rows.iter().count();
    let key = (shown, session.game.ply(), row_count);
    let row_h = rows
        .iter()
        .next()
        .map_or(0.0, |n| n.size().y * n.inverse_scale_factor());
    if *seen == Some(key) || row_h <= 0.0 {
        return;
    }
    *seen = Some(key);
    for (mut scroll, node) in &mut boxes {
        let view_h = node.size().y * node.inverse_scale_factor();
        let row = shown.div_ceil(2) as f32; // rows above and including the shown move
        let target = if review.active() {
            (row * row_h - view_h / 2.0).max(0.0)
        } else {
            // The live game: the end of the list (layout clamps the offset).
            row_count as f32 * row_h
        };
        if (scroll.y - target).abs() > 0.5 {
            scroll.y = target;
        }
    }
}

fn show_review_buttons(
    session: Res<Session>,
    review: Res<Review>,
    lang: Res<Lang>,
    mut buttons: Query<&mut Node, With<ReviewOnly>>,
    mut lines: Query<&mut Text, With<ReviewLine>>,
    hint: Res<crate::game::play::hint::Hint>,
    settings: Option<Res<UserSettings>>,
) {
    for mut node in &mut buttons {
        set_display(&mut node, review.active());
    }
    let want = match review.ply {
        Some(p) => {
            let total = session.game.ply();
            match *lang {
                Lang::Zh => format!("{}: {p} / {total}", T::Reviewing.get(*lang)),
                Lang::En => format!("{}: ply {p} of {total}", T::Reviewing.get(*lang)),
            }
        }
        None if hint.thinking() => format!("{}: {}…", T::Hint.get(*lang), T::Thinking.get(*lang)),
        None => match hint.arrow(session.generation) {
            Some(m) => {
                let (notation, style) = list_style(settings.as_deref());
                let text = format_move(session.position(), m, notation, style);
                format!("{}: {text}", T::Hint.get(*lang))
            }
            None => String::new(),
        },
    };
    for mut text in &mut lines {
        if text.0 != want {
            text.0 = want.clone();
        }
    }
}

fn on_move_click(
    click: On<Pointer<Click>>,
    cells: Query<&MoveCell>,
    session: Option<Res<Session>>,
    mut out: MessageWriter<ReviewCommand>,
) {
    let (Ok(cell), Some(session)) = (cells.get(click.entity), session) else {
        return;
    };
    if cell.0 == 0 {
        return;
    }
    out.write(if cell.0 >= session.game.ply() {
        ReviewCommand::Exit
    } else {
        ReviewCommand::Goto(cell.0)
    });
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
