//! The explorer card's entities: the heading, the All / Mine buttons, the
//! move rows with their bars, the game rows and the pager.

use super::{
    BAR_PX, BarPart, ClearPlayer, ExplorerCard, GameRowButton, GameRowText, MOVE_ROWS, MineButton,
    MineText, MoveRow, MoveText, OpeningFilterText, OpeningRow, OpeningText, PageLabel, Pager,
    PlayerText, RowLine, Summary, YearText,
};
use crate::game::Screen;
use crate::game::play::explorer::{ExplorerCommand, PAGE};
use crate::game::theme::layout::{card, card_node, column, row};
use crate::game::theme::shape::{Shape, plain, sized, spacer};
use crate::game::theme::{Fonts, OnPress, Toggled, palette};
use bevy::prelude::*;

pub(super) fn spawn_game_card(mut commands: Commands, fonts: Res<Fonts>) {
    spawn_card(&mut commands, &fonts, Screen::Playing);
}

/// The card (hidden until the explorer is on), gone when `screen` ends:
/// docked in the game's panel, or put at the end of the editor's.
pub(crate) fn spawn_card(commands: &mut Commands, fonts: &Fonts, screen: Screen) -> Entity {
    let summary = commands
        .spawn((
            Summary,
            Text::new(""),
            fonts.ui(15.0),
            TextColor(palette::ACCENT),
            Pickable::IGNORE,
        ))
        .id();
    let opening = opening_row(commands, fonts);
    let filter = filter_row(commands, fonts);
    let years = year_row(commands, fonts);
    let moves: Vec<Entity> = (0..MOVE_ROWS)
        .map(|k| move_row(commands, fonts, k))
        .collect();
    let games: Vec<Entity> = (0..PAGE as usize)
        .map(|k| game_row(commands, fonts, k))
        .collect();
    let pager = pager(commands, fonts);
    let card = commands
        .spawn((
            ExplorerCard,
            card(
                column(4.0)
                    .flex_shrink(0.0)
                    .display(Display::None)
                    .padding(UiRect::all(Val::Px(8.0)))
                    .border(UiRect::all(Val::Px(1.0)))
                    .border_radius(BorderRadius::all(Val::Px(8.0))),
                palette::BUTTON.with_alpha(0.35),
                palette::BUTTON_BORDER,
            ),
            DespawnOnExit(screen),
        ))
        .id();
    commands
        .entity(card)
        .add_children(&[summary, opening, filter, years])
        .add_children(&moves)
        .add_children(&games)
        .add_child(pager);
    card
}

/// A small button with `text` (a text bundle) that does `press`.
fn small_button<B: Bundle>(fonts: &Fonts, text: B, press: OnPress) -> impl Bundle + use<B> {
    (
        Button,
        card(
            card_node(Vec2::new(8.0, 2.0), 1.0, 6.0).align_items(AlignItems::Center),
            palette::BUTTON,
            palette::BUTTON_BORDER,
        ),
        Toggled(false),
        press,
        children![(
            text,
            fonts.ui(13.0),
            TextColor(palette::TEXT),
            Pickable::IGNORE
        )],
    )
}

/// The shown position's opening, and the button that counts only its
/// games (or its family's).
fn opening_row(commands: &mut Commands, fonts: &Fonts) -> Entity {
    let row = commands
        .spawn((
            OpeningRow,
            row(6.0).width(Val::Percent(100.0)),
            Pickable::IGNORE,
        ))
        .id();
    let name = commands
        .spawn((
            OpeningText,
            Text::new(""),
            TextLayout::no_wrap(),
            fonts.ui(13.0),
            TextColor(palette::TEXT),
            spacer().overflow(Overflow::clip()),
            Pickable::IGNORE,
        ))
        .id();
    let filter = commands
        .spawn(small_button(
            fonts,
            (OpeningFilterText, Text::new("")),
            OnPress::send(ExplorerCommand::OpeningFilter),
        ))
        .id();
    commands.entity(filter).insert(
        card_node(Vec2::new(8.0, 2.0), 1.0, 6.0)
            .align_items(AlignItems::Center)
            .flex_shrink(0.0),
    );
    commands.entity(row).add_children(&[name, filter]);
    row
}

fn filter_row(commands: &mut Commands, fonts: &Fonts) -> Entity {
    let filter = commands.spawn((row(6.0), Pickable::IGNORE)).id();
    for mine in [false, true] {
        let b = commands
            .spawn((
                MineButton(mine),
                small_button(
                    fonts,
                    (MineText(mine), Text::new("")),
                    OnPress::send(ExplorerCommand::MineOnly(mine)),
                ),
            ))
            .id();
        commands.entity(filter).add_child(b);
    }
    let player = commands
        .spawn(small_button(
            fonts,
            (PlayerText, Text::new("")),
            OnPress::send(ExplorerCommand::PlayerField),
        ))
        .id();
    let clear = commands
        .spawn((
            ClearPlayer,
            small_button(
                fonts,
                Text::new("×"),
                OnPress::send(ExplorerCommand::Player(None)),
            ),
        ))
        .id();
    commands.entity(filter).add_children(&[player, clear]);
    filter
}

/// Years ‹ from › – ‹ to ›.
fn year_row(commands: &mut Commands, fonts: &Fonts) -> Entity {
    let row = commands.spawn((row(4.0), Pickable::IGNORE)).id();
    let label = |commands: &mut Commands, text: Text, marker: Option<YearText>| {
        let mut e = commands.spawn((
            text,
            fonts.ui(13.0),
            TextColor(palette::TEXT_DIM),
            Pickable::IGNORE,
        ));
        if let Some(m) = marker {
            e.insert(m);
        }
        e.id()
    };
    let title = label(commands, Text::new(""), None);
    commands.entity(title).insert(YearsTitle);
    commands.entity(row).add_child(title);
    for start in [true, false] {
        let step = |d: i32| {
            if start {
                ExplorerCommand::Since(d)
            } else {
                ExplorerCommand::Until(d)
            }
        };
        let back = commands
            .spawn(small_button(fonts, Text::new("‹"), OnPress::send(step(-1))))
            .id();
        let year = label(commands, Text::new(""), Some(YearText(start)));
        let on = commands
            .spawn(small_button(fonts, Text::new("›"), OnPress::send(step(1))))
            .id();
        commands.entity(row).add_children(&[back, year, on]);
        if start {
            let dash = label(commands, Text::new("–"), None);
            commands.entity(row).add_child(dash);
        }
    }
    row
}

/// The "Years" label of the year row.
#[derive(Component)]
pub(super) struct YearsTitle;

/// Move row `k`: its text, then its win/draw/loss bar.
fn move_row(commands: &mut Commands, fonts: &Fonts, k: usize) -> Entity {
    let bar = commands
        .spawn((
            // Narrower in a narrow panel: the move's words come first.
            sized(Val::Px(BAR_PX), Val::Px(8.0))
                .flex_shrink(1.0)
                .min_width(Val::Px(0.0))
                .border_radius(BorderRadius::all(Val::Px(3.0)))
                .overflow(Overflow::clip()),
            Pickable::IGNORE,
        ))
        .id();
    for (part, color) in [
        (0, palette::WDL_WIN),
        (1, palette::WDL_DRAW),
        (2, palette::WDL_LOSS),
    ] {
        let p = commands
            .spawn((
                BarPart(k, part),
                sized(Val::Px(0.0), Val::Percent(100.0)),
                BackgroundColor(color),
                Pickable::IGNORE,
            ))
            .id();
        commands.entity(bar).add_child(p);
    }
    let text = commands
        .spawn((
            MoveText(k),
            Text::new(""),
            TextLayout::no_wrap(),
            fonts.ui(14.0),
            TextColor(palette::TEXT),
            spacer(),
            Pickable::IGNORE,
        ))
        .id();
    let button = commands
        .spawn((
            MoveRow(k),
            RowLine(Some(k)),
            Button,
            card(
                row(8.0)
                    .width(Val::Percent(100.0))
                    .overflow(Overflow::clip())
                    .padding(UiRect::axes(Val::Px(8.0), Val::Px(2.0)))
                    .border(UiRect::all(Val::Px(1.0)))
                    .border_radius(BorderRadius::all(Val::Px(6.0))),
                palette::BUTTON,
                palette::BUTTON_BORDER,
            ),
            Toggled(false),
            OnPress::send(ExplorerCommand::PlayRow(k)),
        ))
        .id();
    commands.entity(button).add_children(&[text, bar]);
    button
}

/// Game row `k` of the page.
fn game_row(commands: &mut Commands, fonts: &Fonts, k: usize) -> Entity {
    commands
        .spawn((
            GameRowButton(k),
            Button,
            plain()
                .width(Val::Percent(100.0))
                .padding(UiRect::axes(Val::Px(8.0), Val::Px(1.0)))
                .border_radius(BorderRadius::all(Val::Px(4.0)))
                .overflow(Overflow::clip()),
            BackgroundColor(Color::NONE),
            Toggled(false),
            OnPress::send(ExplorerCommand::OpenRow(k)),
            children![(
                GameRowText(k),
                Text::new(""),
                TextLayout::no_wrap(),
                fonts.ui(12.0),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            )],
        ))
        .id()
}

/// ‹ page / pages ›
fn pager(commands: &mut Commands, fonts: &Fonts) -> Entity {
    let prev = commands
        .spawn(small_button(
            fonts,
            Text::new("‹"),
            OnPress::send(ExplorerCommand::Page(-1)),
        ))
        .id();
    let label = commands
        .spawn((
            PageLabel,
            Text::new(""),
            fonts.ui(12.0),
            TextColor(palette::TEXT_DIM),
            Pickable::IGNORE,
        ))
        .id();
    let next = commands
        .spawn(small_button(
            fonts,
            Text::new("›"),
            OnPress::send(ExplorerCommand::Page(1)),
        ))
        .id();
    let pager = commands.spawn((Pager, row(8.0), Pickable::IGNORE)).id();
    commands.entity(pager).add_children(&[prev, label, next]);
    pager
}
