//! The game without its window: the session and its turn flow, the AI and
//! the hint (both searching off the main thread through [`search`]),
//! browsing the game, the game review, the move list's model, puzzles, the
//! autosave, records in and out, moves played from a panel onto the shown
//! board ([`shown`]), and the notices for the player. It reads input
//! messages and writes output messages; it depends only on the rules, the
//! engine and the store (and the words and settings the whole game shares),
//! never on what draws it.

pub mod ai;
pub mod analysis;
pub mod autosave;
pub mod browse;
pub mod captures;
pub mod clock;
pub mod course;
pub mod editor;
pub mod exercise;
pub mod explorer;
pub mod export;
pub mod external;
pub mod first_start;
pub mod game_db;
pub mod game_review;
pub mod hint;
pub mod move_list;
pub mod my_puzzle;
pub mod puzzle;
pub mod rating;
pub mod records;
pub mod search;
pub mod session;
pub mod shown;
pub mod start_notes;
pub mod stored;
pub mod think;
pub mod trainer;
pub mod variations;
pub mod worker;

use crate::game::Screen;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<Turn>().add_sub_state::<Play>();
    app.add_plugins((
        session::plugin,
        ai::plugin,
        external::plugin,
        stored::plugin,
    ));
    app.add_plugins((
        browse::plugin,
        autosave::plugin,
        puzzle::plugin,
        hint::plugin,
        analysis::plugin,
        records::plugin,
    ));
    app.add_plugins((game_review::plugin, my_puzzle::plugin, trainer::plugin));
    app.add_plugins((clock::plugin, export::plugin));
    app.add_plugins(editor::plugin);
    app.add_plugins((variations::plugin, game_db::plugin, explorer::plugin));
    app.add_plugins((
        rating::plugin,
        shown::plugin,
        first_start::plugin,
        course::plugin,
        exercise::plugin,
    ));
}

/// Whose move it is while [`Screen::Playing`].
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
pub enum Turn {
    /// A human may move (selection and board input active).
    #[default]
    Human,
    /// The AI is to move (thinking, or pausing between moves).
    Ai,
    /// The game has ended.
    Over,
}

/// What kind of game is on the board while [`Screen::Playing`].
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
pub enum Play {
    /// An ordinary game (or an opened record).
    #[default]
    Free,
    /// A puzzle attempt ([`puzzle::ActivePuzzle`], [`my_puzzle::ActiveMyPuzzle`]
    /// or [`trainer::ActiveTactic`] says which).
    Puzzle,
    /// A lesson of the course ([`course::ActiveLesson`] says which).
    Course,
}
