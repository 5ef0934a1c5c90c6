//! The opening explorer: what the game database knows of the position the
//! board shows (the live game, a browsed ply or variation, a reviewed
//! record) — every move played from it with its count and results, how the
//! player's own games went from it, and the games that reached it — and,
//! beside it, the moves of the engine's opening book with the engine's
//! score and the results of its games ([`crate::engine::book`]), so the
//! explorer has something to say from the first start, before any game is
//! stored. It names the shown position's ECCO opening, and can count only
//! the games of that opening (or of its family: C20, C2, C).
//!
//! The questions go to the database off the main thread ([`GameDb::run`]);
//! an answer about a position the board no longer shows is dropped, and a
//! new question is asked only once the last one is answered, so a player
//! stepping quickly through a game never queues a backlog. Which games
//! count (the player's own, the years, a player's name) is [`filter`].

mod ask;
pub mod filter;

use crate::ecco::Opening;
use crate::engine::Score;
use crate::engine::book::BookMove;
use crate::game::play::game_db::{GameDb, GameDbError};
use crate::game::play::session::Session;
use crate::game::play::shown::{PanelCommands, PlayShown};
use crate::game::{GameSet, Screen};
use crate::rules::{Move, Position};
use crate::store::db::{self, Filter, GameRow, StoredGame, Tally};
use bevy::input::InputSystems;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::tasks::Task;
use filter::type_player;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Explorer>()
        .add_message::<ExplorerCommand>()
        // Inside the input set, right after the keyboard is read: while the
        // player's line is open, no shortcut hears the keys.
        .add_systems(
            PreUpdate,
            type_player
                .in_set(InputSystems)
                .after(bevy::input::keyboard::keyboard_input_system)
                // Only with a keyboard (the input plugin's).
                .run_if(resource_exists::<Messages<KeyboardInput>>),
        )
        .add_systems(
            Update,
            (
                handle_commands.in_set(PanelCommands),
                ask::follow_the_board,
                ask::receive_answers,
                ask::receive_opened,
            )
                .chain()
                .in_set(GameSet::Resolve)
                .run_if(resource_exists::<Session>.or_else(in_state(Screen::Editor))),
        );
}

/// Games listed a page.
pub const PAGE: u32 = 6;

/// What the player asks of the explorer.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ExplorerCommand {
    /// Show it or hide it.
    Toggle,
    /// Play move `k` of [`Explorer::lines`] from the shown position: on the live game at the human's turn, into the move
    /// tree while browsing.
    PlayRow(usize),
    /// Open game `k` of the page for replay, at the ply where it stood at
    /// the position.
    OpenRow(usize),
    /// The next or the previous page of games.
    Page(i32),
    /// All games, or only the player's own.
    MineOnly(bool),
    /// The first year counted one stop later (+1) or earlier (−1); the
    /// stops are [`year_stops`] and "any".
    Since(i32),
    /// The last year counted, likewise.
    Until(i32),
    /// Open the line to type a player's name into (or close it).
    PlayerField,
    /// Only the games of this player (part of a name, either side); `None`
    /// for everyone's.
    Player(Option<String>),
    /// The opening filter one step on: off → the shown opening's code
    /// (C20) → its family (C2) → its letter (C) → off.
    OpeningFilter,
}

/// Where a listed move's numbers come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The engine's opening book: its score and its own games.
    Book,
    /// The game database: the games stored.
    Database,
    /// The player's own games of the database.
    Mine,
}

/// One move the explorer lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The move.
    pub mv: Move,
    /// Where its numbers come from.
    pub source: Source,
    /// Its games, won, drawn and lost by the side that plays it.
    pub tally: Tally,
    /// The engine's score for the side that plays it (book moves).
    pub score: Option<Score>,
}

impl Line {
    fn from_book(m: &BookMove) -> Line {
        Line {
            mv: m.mv,
            source: Source::Book,
            tally: Tally {
                wins: m.wins,
                draws: m.draws,
                losses: m.losses,
                unknown: 0,
            },
            score: Some(m.score()),
        }
    }
}

/// The answer about one position.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The position asked about.
    pub position: Option<Position>,
    /// The page of games listed.
    pub page: u32,
    /// Moves, counts and results.
    pub table: db::Explorer,
    /// That page of the games that reached it.
    pub games: Vec<GameRow>,
}

/// The explorer's state, for its panel.
#[derive(Resource, Default)]
pub struct Explorer {
    on: bool,
    /// Which games count.
    pub filter: Filter,
    /// The page of games shown.
    pub page: u32,
    asked: Option<(Position, Filter, u32)>,
    task: Option<Task<Result<Answer, GameDbError>>>,
    opening: Option<Task<Result<(StoredGame, usize), GameDbError>>>,
    answer: Option<Answer>,
    /// Why the database could not answer, if it could not.
    pub error: Option<String>,
    /// The player's name being typed, while the line is open.
    pub typing: Option<String>,
    /// The position it is about (see [`Explorer::shown`]).
    shown: Option<Position>,
    /// The book's moves for the position they were looked up for.
    book: Option<(Position, Vec<BookMove>)>,
    /// The shown position's ECCO opening.
    shown_opening: Option<Opening>,
}

impl Explorer {
    /// Is the explorer shown?
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Shows the explorer (the game's `--explorer`).
    pub fn switch_on(&mut self) {
        self.on = true;
    }

    /// Is a question out, or the filter or page changed since the last one?
    /// (The answer shown may be about the games chosen before.)
    pub fn is_busy(&self) -> bool {
        self.task.is_some()
            || self
                .asked
                .as_ref()
                .is_none_or(|(_, f, p)| *f != self.filter || *p != self.page)
    }

    /// The position it is about: the one the board shows, or the editor's.
    pub fn shown(&self) -> Option<&Position> {
        self.shown.as_ref()
    }

    /// The latest answer about the position shown, if there is one yet.
    pub fn shown_answer(&self) -> Option<&Answer> {
        self.shown.as_ref().and_then(|p| self.answer_for(p))
    }

    /// The shown position's ECCO opening: that of the moves that led to
    /// it on the board (or of the position itself, in the editor).
    pub fn opening(&self) -> Option<Opening> {
        self.shown_opening
    }

    /// The moves listed for the shown position: the database's (the most
    /// played first; the player's own when only those count), then the
    /// book's (the engine's best first). The book's are there even when
    /// the database has nothing to say or is not there at all.
    pub fn lines(&self) -> Vec<Line> {
        let source = if self.filter.mine_only {
            Source::Mine
        } else {
            Source::Database
        };
        let mut lines: Vec<Line> = self
            .shown_answer()
            .map(|a| {
                a.table
                    .moves
                    .iter()
                    .map(|m| Line {
                        mv: m.mv,
                        source,
                        tally: m.all,
                        score: None,
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let (Some(shown), Some((at, moves))) = (&self.shown, &self.book)
            && shown == at
        {
            lines.extend(moves.iter().map(Line::from_book));
        }
        lines
    }

    /// The latest answer, if it is about `position` (the one shown).
    pub fn answer_for(&self, position: &Position) -> Option<&Answer> {
        self.answer
            .as_ref()
            .filter(|a| a.position.as_ref() == Some(position))
    }
}

fn handle_commands(
    mut commands: MessageReader<ExplorerCommand>,
    mut explorer: ResMut<Explorer>,
    db: Res<GameDb>,
    mut play: MessageWriter<PlayShown>,
) {
    for command in commands.read() {
        match command {
            ExplorerCommand::Toggle => {
                explorer.on = !explorer.on;
                if !explorer.on {
                    explorer.task = None;
                    explorer.asked = None;
                }
            }
            ExplorerCommand::PlayRow(k) => {
                let Some(from) = explorer.shown else {
                    continue;
                };
                if let Some(mv) = explorer.lines().get(*k).map(|l| l.mv) {
                    play.write(PlayShown {
                        from,
                        line: vec![mv],
                    });
                }
            }
            ExplorerCommand::OpenRow(k) => {
                let Some((id, ply)) = explorer
                    .shown_answer()
                    .and_then(|a| a.games.get(*k))
                    .map(|g| (g.id, g.ply as usize))
                else {
                    continue;
                };
                explorer.opening = Some(db.run(move |db| db.load(id).map(|g| (g, ply))));
            }
            other => explorer.choose_games(other),
        }
    }
}
