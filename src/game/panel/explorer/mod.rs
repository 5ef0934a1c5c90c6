//! The opening explorer's card in the panel (`E`): for the position the
//! board shows, its ECCO opening, the games of the database that reached
//! it and how they went for the side to move, the player's own results
//! from it, every move played from it and every move of the engine's book
//! (each row names its source — database, mine or book — with its games,
//! its share or the engine's score, and a win/draw/loss bar; a click plays
//! it), and a page of the games (a click opens one at that position).
//! "All" / "Mine", the opening (the shown one's code, family or letter), a
//! range of years and a player (typed: part of a name, either side) choose
//! the games. Hidden while the explorer is off; as many rows as the panel
//! has room for, the book's keeping some of them when the database fills
//! the rest.

mod refresh;
mod spawn;

pub(crate) use spawn::spawn_card;

use crate::game::board::layout::BoardLayout;
use crate::game::panel::{InfoColumn, dock_last};
use crate::game::play::explorer::PAGE;
use crate::game::play::session::Session;
use crate::game::{GameSet, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), spawn::spawn_game_card)
        .add_systems(
            Update,
            (
                dock_last::<ExplorerCard, InfoColumn>.run_if(in_state(Screen::Playing)),
                refresh::show_card,
                refresh::show_opening,
                refresh::show_mine_filter,
                refresh::show_years,
                refresh::show_player,
                refresh::show_moves,
                refresh::show_games,
                refresh::show_games_pager,
            )
                .chain()
                .in_set(GameSet::Present)
                .run_if(
                    in_state(Screen::Playing)
                        .and_then(resource_exists::<Session>)
                        .or_else(in_state(Screen::Editor)),
                ),
        );
}

/// Move rows shown at most (the most played first).
const MOVE_ROWS: usize = 8;
/// The panel's height the other cards need; the rest is the explorer's.
const RESERVED_PX: f32 = 590.0;
/// Move rows shown however small the window.
const MIN_MOVES: usize = 3;
/// Height of one of the explorer's rows.
const ROW_PX: f32 = 24.0;
/// Width of a move's result bar, in pixels (less in a narrow panel: the
/// move's words come first).
const BAR_PX: f32 = 90.0;

/// How many move rows and game rows fit in the panel (the editor's panel
/// scrolls: it shows a fixed number).
fn room(layout: &BoardLayout, screen: &Screen) -> (usize, usize) {
    if *screen == Screen::Editor {
        return (MOVE_ROWS.min(6), 4);
    }
    // At least the three most played moves, even in a small window (the
    // move list above gives up the room).
    let rows = (((layout.panel.height() - RESERVED_PX) / ROW_PX).max(0.0) as usize).max(MIN_MOVES);
    let moves = rows.min(MOVE_ROWS);
    (moves, rows.saturating_sub(moves).min(PAGE as usize))
}

#[derive(Component)]
struct ExplorerCard;

/// The heading: games, results, the player's own.
#[derive(Component)]
struct Summary;

/// Row `k` of the moves: the button, its text, and its bar's three parts.
#[derive(Component, Clone, Copy)]
struct MoveRow(usize);

/// Which of the explorer's lines a move row shows (its press plays it).
#[derive(Component, Clone, Copy, PartialEq, Eq)]
struct RowLine(Option<usize>);

/// The row of the opening and its filter (hidden while there is neither).
#[derive(Component)]
struct OpeningRow;

/// The shown position's opening.
#[derive(Component)]
struct OpeningText;

/// The opening filter's button text.
#[derive(Component)]
struct OpeningFilterText;

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

/// The first (true) or the last (false) year counted.
#[derive(Component, Clone, Copy)]
struct YearText(bool);

/// The player filter's button and its text.
#[derive(Component)]
struct PlayerText;

/// The button that clears the player filter (shown while there is one).
#[derive(Component)]
struct ClearPlayer;
