//! The opening explorer's card in the panel (`O`): for the position the
//! board shows, the games of the database that reached it and how they
//! went for the side to move, the player's own results from it, every move
//! played from it (how often, its share, a win/draw/loss bar; a click plays
//! it), and a page of the games (a click opens one at that position).
//! "All" / "Mine" chooses the games. Hidden while the explorer is off.

use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase};
use crate::game::panel::{InfoColumn, dock_last};
use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::explorer::{Explorer, ExplorerCommand, PAGE};
use crate::game::play::game_db::{DbImport, GameDb};
use crate::game::play::move_list::list_style;
use crate::game::play::session::Session;
use crate::game::settings::{CurrentLang, UserSettings};
use crate::game::theme::{Fonts, OnPress, Toggled, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::notation::format_move;
use crate::store::db::{GameRow, Tally};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn_card)
        .add_systems(
            Update,
            (dock_last::<ExplorerCard, InfoColumn>, refresh_card)
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Move rows shown at most (the most played first).
const MOVE_ROWS: usize = 8;
/// The panel's height the other cards need; the rest is the explorer's.
const RESERVED_PX: f32 = 560.0;
/// Height of one of the explorer's rows.
const ROW_PX: f32 = 24.0;
/// Width of a move's result bar, in pixels.
const BAR_PX: f32 = 90.0;

#[derive(Component)]
struct ExplorerCard;

/// The heading: games, results, the player's own.
#[derive(Component)]
struct Summary;

/// Row `k` of the moves: the button, its text, and its bar's three parts.
#[derive(Component, Clone, Copy)]
struct MoveRow(usize);

#[derive(Component, Clone, Copy)]
struct MoveText(usize);

#[derive(Component, Clone, Copy)]
struct BarPart(usize, u8);

/// Row `k` of the page of games.
#[derive(Component, Clone, Copy)]
struct GameRowButton(usize);

#[derive(Component, Clone, Copy)]
struct GameRowText(usize);

/// The page's label between its arrows.
#[derive(Component)]
struct PageLabel;

/// The row of the page's arrows and label.
#[derive(Component)]
struct Pager;

/// The All / Mine buttons.
#[derive(Component, Clone, Copy)]
struct MineButton(bool);

#[derive(Component, Clone, Copy)]
struct MineText(bool);

fn small_button<B: Bundle>(fonts: &Fonts, text: B, press: OnPress) -> impl Bundle + use<B> {
    (
        Button,
        Node {
            padding: UiRect::axes(Val::Px(8.0), Val::Px(2.0)),
            border: UiRect::all(Val::Px(1.0)),
            border_radius: BorderRadius::all(Val::Px(6.0)),
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
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

fn spawn_card(mut commands: Commands, fonts: Res<Fonts>) {
    let summary = commands
        .spawn((
            Summary,
            Text::new(""),
            fonts.ui(15.0),
            TextColor(palette::ACCENT),
            Pickable::IGNORE,
        ))
        .id();
    let filter = commands
        .spawn((
            Node {
                column_gap: Val::Px(6.0),
                ..default()
            },
            Pickable::IGNORE,
        ))
        .id();
    for mine in [false, true] {
        let b = commands
            .spawn((
                MineButton(mine),
                small_button(
                    &fonts,
                    (MineText(mine), Text::new("")),
                    OnPress::send(ExplorerCommand::MineOnly(mine)),
                ),
            ))
            .id();
        commands.entity(filter).add_child(b);
    }
    let moves: Vec<Entity> = (0..MOVE_ROWS)
        .map(|k| {
            let bar = commands
                .spawn((
                    Node {
                        width: Val::Px(BAR_PX),
                        height: Val::Px(8.0),
                        flex_shrink: 0.0,
                        border_radius: BorderRadius::all(Val::Px(3.0)),
                        overflow: Overflow::clip(),
                        ..default()
                    },
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
                        Node {
                            width: Val::Px(0.0),
                            height: Val::Percent(100.0),
                            ..default()
                        },
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
                    Node {
                        flex_grow: 1.0,
                        ..default()
                    },
                    Pickable::IGNORE,
                ))
                .id();
            let row = commands
                .spawn((
                    MoveRow(k),
                    Button,
                    Node {
                        width: Val::Percent(100.0),
                        align_items: AlignItems::Center,
                        column_gap: Val::Px(8.0),
                        padding: UiRect::axes(Val::Px(8.0), Val::Px(2.0)),
                        border: UiRect::all(Val::Px(1.0)),
                        border_radius: BorderRadius::all(Val::Px(6.0)),
                        overflow: Overflow::clip(),
                        ..default()
                    },
                    BackgroundColor(palette::BUTTON),
                    BorderColor::all(palette::BUTTON_BORDER),
                    Toggled(false),
                    OnPress::send(ExplorerCommand::PlayRow(k)),
                ))
                .id();
            commands.entity(row).add_children(&[text, bar]);
            row
        })
        .collect();
    let games: Vec<Entity> = (0..PAGE as usize)
        .map(|k| {
            commands
                .spawn((
                    GameRowButton(k),
                    Button,
                    Node {
                        width: Val::Percent(100.0),
                        padding: UiRect::axes(Val::Px(8.0), Val::Px(1.0)),
                        border_radius: BorderRadius::all(Val::Px(4.0)),
                        overflow: Overflow::clip(),
                        ..default()
                    },
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
        })
        .collect();
    let pager = commands
        .spawn((
            Pager,
            Node {
                column_gap: Val::Px(8.0),
                align_items: AlignItems::Center,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .id();
    let prev = commands
        .spawn(small_button(
            &fonts,
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
            &fonts,
            Text::new("›"),
            OnPress::send(ExplorerCommand::Page(1)),
        ))
        .id();
    commands.entity(pager).add_children(&[prev, label, next]);
    let card = commands
        .spawn((
            ExplorerCard,
            Node {
                flex_direction: FlexDirection::Column,
                flex_shrink: 0.0,
                row_gap: Val::Px(4.0),
                padding: UiRect::all(Val::Px(8.0)),
                border: UiRect::all(Val::Px(1.0)),
                border_radius: BorderRadius::all(Val::Px(8.0)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(palette::BUTTON.with_alpha(0.35)),
            BorderColor::all(palette::BUTTON_BORDER),
            DespawnOnExit(Screen::Playing),
        ))
        .id();
    commands
        .entity(card)
        .add_children(&[summary, filter])
        .add_children(&moves)
        .add_children(&games)
        .add_child(pager);
}

fn tally_text(t: &Tally) -> String {
    format!("+{} ={} −{}", t.wins, t.draws, t.losses)
}

fn game_text(row: &GameRow, lang: Lang) -> String {
    let name = |n: &str| {
        if n.is_empty() {
            "?".to_string()
        } else {
            n.to_string()
        }
    };
    let result = row.result.map_or("*", |r| r.pgn());
    let date = if row.date.is_empty() {
        "—"
    } else {
        row.date.as_str()
    };
    let at = match lang {
        Lang::Zh => format!("第{}着", row.ply),
        Lang::En => format!("ply {}", row.ply),
    };
    format!(
        "{} – {} · {date} · {result} · {at}",
        name(&row.red),
        name(&row.black)
    )
}

fn refresh_card(
    (explorer, db, import): (Res<Explorer>, Res<GameDb>, Res<DbImport>),
    (session, browse, layout): (Res<Session>, Res<Browse>, Res<BoardLayout>),
    settings: Option<Res<UserSettings>>,
    lang: CurrentLang,
    mut card: Query<&mut Node, With<ExplorerCard>>,
    mut summary: Query<&mut Text, With<Summary>>,
    mut move_rows: Query<(&MoveRow, &mut Node), Without<ExplorerCard>>,
    mut move_texts: Query<(&MoveText, &mut Text), Without<Summary>>,
    mut parts: Query<(&BarPart, &mut Node), (Without<ExplorerCard>, Without<MoveRow>)>,
    mut game_rows: Query<
        (&GameRowButton, &mut Node),
        (Without<ExplorerCard>, Without<MoveRow>, Without<BarPart>),
    >,
    mut game_texts: Query<(&GameRowText, &mut Text), (Without<Summary>, Without<MoveText>)>,
    mut page_label: Query<
        &mut Text,
        (
            With<PageLabel>,
            Without<Summary>,
            Without<MoveText>,
            Without<GameRowText>,
        ),
    >,
    mut mine_buttons: Query<(&MineButton, &mut Toggled)>,
    mut pager: Query<
        &mut Node,
        (
            With<Pager>,
            Without<ExplorerCard>,
            Without<MoveRow>,
            Without<BarPart>,
            Without<GameRowButton>,
        ),
    >,
    mut mine_texts: Query<
        (&MineText, &mut Text),
        (
            Without<Summary>,
            Without<MoveText>,
            Without<GameRowText>,
            Without<PageLabel>,
        ),
    >,
) {
    let on = explorer.is_on();
    for mut node in &mut card {
        set_display(&mut node, on);
    }
    if !on {
        return;
    }
    let lang = *lang;
    let position = shown_position(&session, Some(&browse));
    let answer = explorer.answer_for(&position);
    let heading = if !db.exists() {
        Phrase::ExplorerNoDatabase.get(lang).to_string()
    } else if let Some(p) = &import.progress
        && import.running()
    {
        format!(
            "{} · {} +{}",
            Phrase::Explorer.get(lang),
            Phrase::DatabaseImporting.get(lang),
            p.added
        )
    } else if let Some(why) = &explorer.error {
        format!("{} · {why}", Phrase::Explorer.get(lang))
    } else {
        match answer {
            None => format!("{} · …", Phrase::Explorer.get(lang)),
            Some(a) if a.table.games == 0 => {
                format!(
                    "{} · {}",
                    Phrase::Explorer.get(lang),
                    Phrase::ExplorerNoGames.get(lang)
                )
            }
            Some(a) => {
                let mine = if a.table.mine.games() > 0 {
                    format!(
                        " · {} {}",
                        Phrase::ExplorerYours.get(lang),
                        tally_text(&a.table.mine)
                    )
                } else {
                    String::new()
                };
                format!(
                    "{} · {} {} · {}{mine}",
                    Phrase::Explorer.get(lang),
                    a.table.games,
                    Phrase::ExplorerGames.get(lang),
                    tally_text(&a.table.all)
                )
            }
        }
    };
    for mut t in &mut summary {
        t.set_if_neq(Text(heading.clone()));
    }
    for (b, mut toggled) in &mut mine_buttons {
        toggled.set_if_neq(Toggled(explorer.filter.mine_only == b.0));
    }
    for (b, mut t) in &mut mine_texts {
        let want = if b.0 {
            Phrase::ExplorerMine
        } else {
            Phrase::ExplorerAll
        };
        t.set_if_neq(Text(want.get(lang).to_string()));
    }
    // What fits beside the player cards, the move list and the toolbar.
    let rows = ((layout.panel.height() - RESERVED_PX) / ROW_PX).max(0.0) as usize;
    let move_room = rows.min(MOVE_ROWS);
    let game_room = rows.saturating_sub(move_room).min(PAGE as usize);
    let moves = answer.map_or(&[][..], |a| &a.table.moves[..]);
    let total: u32 = moves.iter().map(|m| m.all.games()).sum();
    let (notation, style) = list_style(settings.as_deref());
    for (row, mut node) in &mut move_rows {
        set_display(&mut node, row.0 < moves.len().min(move_room));
    }
    for (text, mut t) in &mut move_texts {
        let Some(stat) = moves.get(text.0) else {
            continue;
        };
        let share = 100.0 * f64::from(stat.all.games()) / f64::from(total.max(1));
        let s = format!(
            "{}  {}  {share:.0}%",
            format_move(&position, stat.mv, notation, style),
            stat.all.games()
        );
        t.set_if_neq(Text(s));
    }
    for (part, mut node) in &mut parts {
        let Some(stat) = moves.get(part.0) else {
            continue;
        };
        let t = &stat.all;
        let decided = (t.wins + t.draws + t.losses).max(1) as f32;
        let n = match part.1 {
            0 => t.wins,
            1 => t.draws,
            _ => t.losses,
        } as f32;
        let want = Val::Px(BAR_PX * n / decided);
        if node.width != want {
            node.width = want;
        }
    }
    let games = answer.map_or(&[][..], |a| &a.games[..]);
    for (row, mut node) in &mut game_rows {
        set_display(&mut node, row.0 < games.len().min(game_room));
    }
    for (text, mut t) in &mut game_texts {
        if let Some(g) = games.get(text.0) {
            t.set_if_neq(Text(game_text(g, lang)));
        }
    }
    for mut node in &mut pager {
        set_display(&mut node, game_room > 0 && !games.is_empty());
    }
    let pages = answer.map_or(1, |a| a.table.games.div_ceil(PAGE).max(1));
    let label = format!("{} / {pages}", answer.map_or(0, |a| a.page) + 1);
    for mut t in &mut page_label {
        t.set_if_neq(Text(label.clone()));
    }
}
