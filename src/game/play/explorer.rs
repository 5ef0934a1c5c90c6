//! The opening explorer: what the game database knows of the position the
//! board shows (the live game, a browsed ply or variation, a reviewed
//! record) — every move played from it with its count and results, how the
//! player's own games went from it, and the games that reached it.
//!
//! The questions go to the database off the main thread ([`GameDb::run`]);
//! an answer about a position the board no longer shows is dropped, and a
//! new question is asked only once the last one is answered, so a player
//! stepping quickly through a game never queues a backlog.

use crate::game::GameSet;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Turn;
use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::game_db::GameDb;
use crate::game::play::session::GameOpener;
use crate::game::play::session::{BoardInput, Session};
use crate::game::play::variations::TreeCommand;
use crate::rules::Position;
use crate::store::db::{self, Filter, GameRow, StoredGame};
use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Explorer>()
        .add_message::<ExplorerCommand>()
        .add_systems(
            Update,
            (
                handle_commands,
                follow_the_board,
                receive_answers,
                receive_opened,
            )
                .chain()
                .in_set(GameSet::Resolve)
                .run_if(resource_exists::<Session>),
        );
}

/// Games listed a page.
pub const PAGE: u32 = 6;

/// What the player asks of the explorer.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum ExplorerCommand {
    /// Show it or hide it.
    Toggle,
    /// Play move `k` of the answer's list (0 = the most played) from the
    /// shown position: on the live game at the human's turn, into the move
    /// tree while browsing.
    PlayRow(usize),
    /// Open game `k` of the page for replay, at the ply where it stood at
    /// the position.
    OpenRow(usize),
    /// The next or the previous page of games.
    Page(i32),
    /// All games, or only the player's own.
    MineOnly(bool),
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
    task: Option<Task<Result<Answer, String>>>,
    opening: Option<Task<Result<(StoredGame, usize), String>>>,
    answer: Option<Answer>,
    /// Why the database could not answer, if it could not.
    pub error: Option<String>,
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
    session: Res<Session>,
    browse: Res<Browse>,
    turn: Option<Res<State<Turn>>>,
    db: Res<GameDb>,
    mut board: MessageWriter<BoardInput>,
    mut tree: MessageWriter<TreeCommand>,
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
                let shown = shown_position(&session, Some(&browse));
                let Some(mv) = explorer
                    .answer_for(&shown)
                    .and_then(|a| a.table.moves.get(*k))
                    .map(|s| s.mv)
                    .filter(|m| shown.is_legal(*m))
                else {
                    continue;
                };
                let human = turn.as_deref().is_some_and(|t| *t.get() == Turn::Human);
                if browse.active() {
                    tree.write(TreeCommand::AddLine(vec![mv]));
                } else if human {
                    board.write(BoardInput::Click(mv.from()));
                    board.write(BoardInput::Click(mv.to()));
                }
            }
            ExplorerCommand::OpenRow(k) => {
                let shown = shown_position(&session, Some(&browse));
                let Some((id, ply)) = explorer
                    .answer_for(&shown)
                    .and_then(|a| a.games.get(*k))
                    .map(|g| (g.id, g.ply as usize))
                else {
                    continue;
                };
                explorer.opening = Some(
                    db.run(move |db| db.load(id).map(|g| (g, ply)).map_err(|e| e.to_string())),
                );
            }
            ExplorerCommand::Page(step) => {
                let last_page = explorer
                    .answer
                    .as_ref()
                    .map_or(0, |a| a.table.games.saturating_sub(1) / PAGE);
                explorer.page = (i64::from(explorer.page) + i64::from(*step))
                    .clamp(0, i64::from(last_page)) as u32;
            }
            ExplorerCommand::MineOnly(mine) => {
                explorer.filter.mine_only = *mine;
                explorer.page = 0;
            }
        }
    }
}

/// Asks about the shown position when it, the filter or the page changed.
fn follow_the_board(
    mut explorer: ResMut<Explorer>,
    session: Res<Session>,
    browse: Res<Browse>,
    db: Res<GameDb>,
) {
    if !explorer.on || explorer.task.is_some() || !db.exists() {
        return;
    }
    let position = shown_position(&session, Some(&browse));
    let question = (position, explorer.filter.clone(), explorer.page);
    if explorer.asked.as_ref() == Some(&question) {
        return;
    }
    // A new position starts at the first page.
    if explorer
        .asked
        .as_ref()
        .is_some_and(|(p, _, _)| *p != position)
        && explorer.page != 0
    {
        explorer.page = 0;
        return;
    }
    explorer.asked = Some(question.clone());
    let (position, filter, page) = question;
    explorer.task = Some(db.run(move |db| {
        let table = db.explore(&position, &filter).map_err(|e| e.to_string())?;
        let games = db
            .games_at(&position, &filter, page * PAGE, PAGE)
            .map_err(|e| e.to_string())?;
        Ok(Answer {
            position: Some(position),
            page,
            table,
            games,
        })
    }));
}

fn receive_answers(mut explorer: ResMut<Explorer>) {
    let Some(task) = &mut explorer.task else {
        return;
    };
    let Some(answer) = check_ready(task) else {
        return;
    };
    explorer.task = None;
    match answer {
        Ok(answer) => {
            explorer.error = None;
            explorer.answer = Some(answer);
        }
        Err(why) => explorer.error = Some(why),
    }
}

fn receive_opened(
    mut explorer: ResMut<Explorer>,
    mut opener: GameOpener,
    mut notice: ResMut<Notice>,
) {
    let Some(task) = &mut explorer.opening else {
        return;
    };
    let Some(opened) = check_ready(task) else {
        return;
    };
    explorer.opening = None;
    match opened {
        Ok((stored, ply)) => {
            let ply = ply.min(stored.opened.game.all_moves().len());
            opener.open(stored.opened.game, Some(ply), None);
        }
        Err(why) => notice.post(Phrase::DatabaseFailed, why, true),
    }
}
