//! The opening explorer: what the game database knows of the position the
//! board shows (the live game, a browsed ply or variation, a reviewed
//! record) — every move played from it with its count and results, how the
//! player's own games went from it, and the games that reached it.
//!
//! The questions go to the database off the main thread ([`GameDb::run`]);
//! an answer about a position the board no longer shows is dropped, and a
//! new question is asked only once the last one is answered, so a player
//! stepping quickly through a game never queues a backlog.

use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Turn;
use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::editor::Editor;
use crate::game::play::game_db::{GameDb, GameDbError};
use crate::game::play::session::GameOpener;
use crate::game::play::session::{GameCommand, Session};
use crate::game::play::variations::TreeCommand;
use crate::game::theme::line_edit::{LineKey, edit_line};
use crate::game::{GameSet, Screen};
use crate::rules::Position;
use crate::rules::setup::Setup;
use crate::store::db::{self, Filter, GameRow, StoredGame};
use bevy::input::InputSystems;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy::tasks::{Task, futures::check_ready};

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
                handle_commands,
                follow_the_board,
                receive_answers,
                receive_opened,
            )
                .chain()
                .in_set(GameSet::Resolve)
                .run_if(resource_exists::<Session>.or_else(in_state(Screen::Editor))),
        );
}

/// The position the explorer is about: the editor's arrangement on the
/// editor's screen (when it is a valid position), else what the board of
/// the game shows (the live game, a browsed ply or variation).
fn shown_here(
    screen: &State<Screen>,
    editor: Option<&Editor>,
    session: Option<&Session>,
    browse: Option<&Browse>,
) -> Option<Position> {
    if *screen.get() == Screen::Editor {
        return editor.and_then(|e| e.setup.validate().ok());
    }
    session.map(|s| shown_position(s, browse))
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
}

/// The years the date filter steps through, oldest first: decades, then
/// closer together, then every year from 2024 to this one. Before the first
/// and after the last is "any".
pub fn year_stops() -> Vec<u16> {
    let this_year = crate::store::UtcTime::now()
        .pgn_date()
        .get(..4)
        .and_then(|y| y.parse::<u16>().ok())
        .unwrap_or(2026);
    let mut stops = vec![
        1950, 1960, 1970, 1980, 1990, 2000, 2005, 2010, 2015, 2018, 2020, 2022,
    ];
    stops.extend(2024..=this_year.max(2024));
    stops
}

/// The year `step` stops from `year` among `stops` (`None` = any: below
/// the first stop for a start, above the last for an end).
fn step_year(stops: &[u16], year: Option<&str>, step: i32, is_start: bool) -> Option<String> {
    let n = stops.len() as i32;
    // Index among the stops; "any" is -1 for a start, n for an end.
    let at = match year
        .and_then(|y| y.get(..4))
        .and_then(|y| y.parse::<u16>().ok())
    {
        Some(y) => stops
            .iter()
            .position(|&s| s >= y)
            .map_or(n - 1, |i| i as i32),
        None if is_start => -1,
        None => n,
    };
    let to = (at + step).clamp(-1, n);
    (0..n).contains(&to).then(|| stops[to as usize].to_string())
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

    /// The latest answer, if it is about `position` (the one shown).
    pub fn answer_for(&self, position: &Position) -> Option<&Answer> {
        self.answer
            .as_ref()
            .filter(|a| a.position.as_ref() == Some(position))
    }
}

/// Keys type the player's name while the line is open; Enter chooses the
/// games of that player (an empty line: everyone's), Esc closes the line.
fn type_player(
    mut explorer: ResMut<Explorer>,
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut commands: MessageWriter<ExplorerCommand>,
) {
    if explorer.typing.is_none() {
        typed.clear();
        return;
    }
    let explorer = &mut *explorer;
    let Some(line) = explorer.typing.as_mut() else {
        return;
    };
    for key in typed.read() {
        match edit_line(line, key) {
            LineKey::Enter => {
                commands.write(ExplorerCommand::Player(Some(line.clone())));
            }
            LineKey::Escape => {
                explorer.typing = None;
                break;
            }
            LineKey::Edited | LineKey::Ignored => {}
        }
    }
    keys.reset_all();
}

fn handle_commands(
    mut commands: MessageReader<ExplorerCommand>,
    mut explorer: ResMut<Explorer>,
    browse: Option<Res<Browse>>,
    turn: Option<Res<State<Turn>>>,
    screen: Res<State<Screen>>,
    mut editor: Option<ResMut<Editor>>,
    db: Res<GameDb>,
    mut game: MessageWriter<GameCommand>,
    mut tree: MessageWriter<TreeCommand>,
) {
    let in_editor = *screen.get() == Screen::Editor;
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
                let Some(shown) = explorer.shown else {
                    continue;
                };
                let Some(mv) = explorer
                    .shown_answer()
                    .and_then(|a| a.table.moves.get(*k))
                    .map(|s| s.mv)
                    .filter(|m| shown.is_legal(*m))
                else {
                    continue;
                };
                let human = turn.as_deref().is_some_and(|t| *t.get() == Turn::Human);
                if in_editor {
                    // The editor's arrangement becomes the position after it.
                    if let Some(editor) = editor.as_deref_mut() {
                        let mut after = shown;
                        after.make(mv);
                        editor.setup = Setup::from_position(&after);
                    }
                } else if browse.as_deref().is_some_and(Browse::active) {
                    tree.write(TreeCommand::AddLine(vec![mv]));
                } else if human {
                    game.write(GameCommand::Play(mv));
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
            ExplorerCommand::Since(step) => {
                let since = step_year(&year_stops(), explorer.filter.since.as_deref(), *step, true);
                // The range never turns round: the end moves with the start.
                if let (Some(s), Some(u)) = (&since, &explorer.filter.until)
                    && s > u
                {
                    explorer.filter.until = Some(s.clone());
                }
                explorer.filter.since = since;
                explorer.page = 0;
            }
            ExplorerCommand::Until(step) => {
                let until = step_year(
                    &year_stops(),
                    explorer.filter.until.as_deref(),
                    *step,
                    false,
                );
                if let (Some(s), Some(u)) = (&explorer.filter.since, &until)
                    && s > u
                {
                    explorer.filter.since = Some(u.clone());
                }
                explorer.filter.until = until;
                explorer.page = 0;
            }
            ExplorerCommand::PlayerField => {
                explorer.typing = match explorer.typing {
                    Some(_) => None,
                    None => Some(explorer.filter.player.clone().unwrap_or_default()),
                };
            }
            ExplorerCommand::Player(name) => {
                explorer.filter.player = name
                    .as_deref()
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(str::to_string);
                explorer.typing = None;
                explorer.page = 0;
            }
        }
    }
}

/// Asks about the shown position when it, the filter or the page changed.
fn follow_the_board(
    mut explorer: ResMut<Explorer>,
    (session, browse): (Option<Res<Session>>, Option<Res<Browse>>),
    (screen, editor): (Res<State<Screen>>, Option<Res<Editor>>),
    db: Res<GameDb>,
) {
    let shown = shown_here(
        &screen,
        editor.as_deref(),
        session.as_deref(),
        browse.as_deref(),
    );
    if explorer.shown != shown {
        explorer.shown = shown;
    }
    if !explorer.on || explorer.task.is_some() || !db.exists() {
        return;
    }
    let Some(position) = shown else {
        return;
    };
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
        let table = db.explore(&position, &filter)?;
        let games = db.games_at(&position, &filter, page * PAGE, PAGE)?;
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
        Err(why) => explorer.error = Some(why.to_string()),
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
        Err(why) => notice.post(Phrase::DatabaseFailed, why.to_string(), true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_years_step_through_the_stops_and_any() {
        let stops = [1990, 2000, 2010];
        assert_eq!(step_year(&stops, None, 1, true).as_deref(), Some("1990"));
        assert_eq!(
            step_year(&stops, Some("1990"), 1, true).as_deref(),
            Some("2000")
        );
        assert_eq!(
            step_year(&stops, Some("1990"), -1, true),
            None,
            "back to any"
        );
        assert_eq!(step_year(&stops, None, -1, true), None, "any stays any");
        assert_eq!(
            step_year(&stops, Some("2010"), 1, true),
            None,
            "past the last: any"
        );
        assert_eq!(step_year(&stops, None, -1, false).as_deref(), Some("2010"));
        assert_eq!(step_year(&stops, None, 1, false), None);
        // A year between stops goes to the next stop's neighbours.
        assert_eq!(
            step_year(&stops, Some("1995"), 1, true).as_deref(),
            Some("2010")
        );
        assert_eq!(
            step_year(&stops, Some("1995"), -1, true).as_deref(),
            Some("1990")
        );
        let all = year_stops();
        assert!(all.windows(2).all(|w| w[0] < w[1]), "{all:?}");
        assert!(*all.last().unwrap() >= 2026);
    }
}
