//! "Practise your mistakes": puzzles made from the player's own games
//! ([`crate::store::my_puzzles`]), the logic.
//!
//! A game review ([`crate::game::play::game_review`]) adds one puzzle per
//! mistake or blunder of a human side: the position before it, "find the
//! better move". An attempt is a session in [`Play::Puzzle`] (hot-seat, so
//! no AI moves; the board turned so the side to move sits at the bottom)
//! with [`ActiveMyPuzzle`] saying which puzzle. The player has one move:
//! the engine's own move solves it at once, the mistake itself fails at
//! once, and any other move is judged off the main thread by
//! [`accepts`] — it solves the puzzle when the engine rates it within
//! [`MARGIN`] of its best, searched as deep as the review was. Retry (new
//! game) or undo try again. Attempts and solved marks are saved in the
//! puzzles' file.
//!
//! The first answer of an attempt moves the puzzle on its schedule
//! ([`crate::store::schedule`]): solved, it comes back in 1, 3, 7 … days;
//! missed, it stays due. "Next" goes to the next one due. Each puzzle
//! carries the teacher's sentence on why the mistake was one
//! ([`crate::teach::why`]) as its theme: found once, off the main thread,
//! for every puzzle that has none yet, and kept in the file.

use crate::engine::Limits;
use crate::engine::review::accepts;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::puzzle::ActivePuzzle;
use crate::game::play::search::{OffThreadSearch, ReviewEngine, ReviewLimits};
use crate::game::play::session::{BoardInput, GameCommand, GameSetup, PendingGame, Session};
use crate::game::play::stored::Stored;
use crate::game::settings::StorePaths;
use crate::game::{GameSet, Mode, Screen};
use crate::rules::Position;
use crate::rules::{Color, Move};
use crate::store::Players;
use crate::store::my_puzzles::{MARGIN, MyPuzzle, MyPuzzles};
use crate::store::now_unix;
use crate::store::theme::WhyRecord;
use crate::teach::{Explainer, why};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ThemeSearch>()
        .add_message::<StartMyPuzzle>()
        .add_message::<NextMyPuzzle>()
        .add_message::<RemoveMyPuzzle>()
        .add_systems(OnExit(Play::Puzzle), end_attempt)
        .add_systems(
            Update,
            (next_my_puzzle, start_my_puzzle, remove_my_puzzle)
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(Update, find_themes.in_set(GameSet::Resolve))
        .add_systems(
            Update,
            (
                one_move_only.in_set(GameSet::Input),
                judge_attempt.in_set(GameSet::Resolve),
            )
                .run_if(
                    in_state(Play::Puzzle)
                        .and_then(resource_exists::<Session>)
                        .and_then(resource_exists::<ActiveMyPuzzle>),
                ),
        );
}

/// Start (or restart) the puzzle from the player's games with this id.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct StartMyPuzzle(pub String);

/// Start the next unsolved puzzle from the player's games after the one
/// being attempted.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextMyPuzzle;

/// Remove a puzzle from the player's games.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct RemoveMyPuzzle(pub String);

/// The puzzles from the player's games, read from their file on first use.
pub type MyPuzzleStore = Stored<MyPuzzles>;

impl MyPuzzleStore {
    /// Adds the puzzles not there yet and saves; returns how many were new.
    pub fn add(
        &mut self,
        found: Vec<MyPuzzle>,
        paths: Option<&StorePaths>,
        notice: &mut Notice,
    ) -> usize {
        let added = self.get(paths, notice).add(found);
        if added > 0 {
            self.save(paths, notice);
        }
        added
    }
}

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MyVerdict {
    /// The player is to move.
    ToMove,
    /// The engine is judging this move.
    Checking(Move),
    /// This move solves it.
    Solved(Move),
    /// This move is not good enough.
    Wrong(Move),
}

/// The puzzle from the player's games being attempted.
#[derive(Resource)]
pub struct ActiveMyPuzzle {
    /// The puzzle.
    pub puzzle: MyPuzzle,
    /// Where the attempt stands.
    pub verdict: MyVerdict,
    check: Option<OffThreadSearch<bool>>,
    oriented: bool,
    /// The attempt's first answer was recorded on the schedule.
    answered: bool,
}

impl ActiveMyPuzzle {
    /// Is the engine judging a move?
    pub fn checking(&self) -> bool {
        self.check.is_some()
    }
}

fn next_my_puzzle(
    mut requests: MessageReader<NextMyPuzzle>,
    active: Option<Res<ActiveMyPuzzle>>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    mut start: MessageWriter<StartMyPuzzle>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let mine = store.get(paths.as_deref(), &mut notice);
    let at = active
        .as_ref()
        .and_then(|a| mine.puzzles.iter().position(|p| p.id == a.puzzle.id));
    if let Some(i) = mine.next_after(at, now_unix()) {
        start.write(StartMyPuzzle(mine.puzzles[i].id.clone()));
    }
}

fn start_my_puzzle(
    mut requests: MessageReader<StartMyPuzzle>,
    mut commands: Commands,
    mut setup: ResMut<GameSetup>,
    session: Option<ResMut<Session>>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut play: ResMut<NextState<Play>>,
    mut game_commands: MessageWriter<GameCommand>,
) {
    let Some(StartMyPuzzle(id)) = requests.read().last().cloned() else {
        return;
    };
    let mine = store.get(paths.as_deref(), &mut notice);
    let Some(puzzle) = mine.get_mut(&id) else {
        return;
    };
    let Some(start) = puzzle.position() else {
        notice.post(
            Phrase::CannotOpen,
            format!("{}: {}", puzzle.id, puzzle.fen),
            true,
        );
        return;
    };
    puzzle.attempts += 1;
    let puzzle = puzzle.clone();
    store.save(paths.as_deref(), &mut notice);
    let new_setup = GameSetup {
        players: Players::new(
            Mode::Hotseat,
            setup.players.computers.red.level,
            setup.players.computers.black.level,
        ),
        start,
    };
    commands.insert_resource(ActiveMyPuzzle {
        puzzle,
        verdict: MyVerdict::ToMove,
        check: None,
        oriented: false,
        answered: false,
    });
    commands.remove_resource::<ActivePuzzle>();
    commands.remove_resource::<PendingGame>();
    // From one puzzle to the next the state stays: leaving it would end
    // the attempt just started.
    NextState::set_if_neq(&mut *play, Play::Puzzle);
    *setup = new_setup.clone();
    match (session, screen.get()) {
        (Some(mut session), Screen::Playing) => {
            session.setup = new_setup;
            game_commands.write(GameCommand::NewGame);
        }
        _ => next.set(Screen::Playing),
    }
}

fn remove_my_puzzle(
    mut requests: MessageReader<RemoveMyPuzzle>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    let ids: Vec<String> = requests.read().map(|r| r.0.clone()).collect();
    if ids.is_empty() {
        return;
    }
    let mine = store.get(paths.as_deref(), &mut notice);
    let mut removed = false;
    for id in &ids {
        removed |= mine.remove(id);
    }
    if removed {
        store.save(paths.as_deref(), &mut notice);
    }
}

/// One move is the answer: after it the board takes no more.
fn one_move_only(
    session: Res<Session>,
    active: Res<ActiveMyPuzzle>,
    mut input: ResMut<Messages<BoardInput>>,
) {
    if session.game.ply() > 0 || active.checking() {
        input.clear();
    }
}

/// The search limits a move is judged with: as deep as the review looked
/// (bounded by the quick review's limits).
fn judge_limits(puzzle: &MyPuzzle, limits: &ReviewLimits) -> Limits {
    let mut l = limits.quick.clone();
    if puzzle.depth > 0 {
        l.depth = Some(l.depth.map_or(puzzle.depth, |d| d.min(puzzle.depth)));
    }
    l
}

fn judge_attempt(
    mut active: ResMut<ActiveMyPuzzle>,
    mut session: ResMut<Session>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    limits: Res<ReviewLimits>,
    engine: Res<ReviewEngine>,
    time: Res<Time>,
) {
    let Some(start) = active.puzzle.position() else {
        return;
    };
    // The session may still hold the previous game for a frame.
    if *session.game.start() != start {
        return;
    }
    if !active.oriented {
        active.oriented = true;
        let flipped = start.side_to_move() == Color::Black;
        if session.flipped != flipped {
            session.flipped = flipped;
        }
    }
    let Some(&mv) = session.game.moves().first() else {
        // Retry or undo: to move again.
        if active.verdict != MyVerdict::ToMove {
            active.verdict = MyVerdict::ToMove;
            active.check = None;
        }
        return;
    };
    match active.verdict {
        MyVerdict::Checking(m) if m == mv => {
            let Some(check) = &mut active.check else {
                return;
            };
            let Some(answer) = check.poll() else {
                return;
            };
            active.check = None;
            let solved = answer.unwrap_or(false);
            active.verdict = if solved {
                MyVerdict::Solved(mv)
            } else {
                MyVerdict::Wrong(mv)
            };
            record_answer(
                &mut active,
                solved,
                &mut store,
                paths.as_deref(),
                &mut notice,
            );
        }
        MyVerdict::Solved(m) | MyVerdict::Wrong(m) if m == mv => {}
        _ => {
            let best = active.puzzle.best_move();
            if Some(mv) == best {
                active.verdict = MyVerdict::Solved(mv);
                active.check = None;
                record_answer(&mut active, true, &mut store, paths.as_deref(), &mut notice);
            } else if Some(mv) == active.puzzle.played_move() || best.is_none() {
                active.verdict = MyVerdict::Wrong(mv);
                active.check = None;
                record_answer(
                    &mut active,
                    false,
                    &mut store,
                    paths.as_deref(),
                    &mut notice,
                );
            } else {
                let best = best.unwrap_or(Move::NULL);
                let limits = judge_limits(&active.puzzle, &limits);
                let engine = engine.0.clone();
                active.verdict = MyVerdict::Checking(mv);
                // Started from the session at the puzzle's start: the job's
                // position is the one after the move; the puzzle's is known.
                active.check = Some(OffThreadSearch::start(
                    session.search_from(),
                    time.elapsed_secs_f64(),
                    move |job| {
                        Some(engine.with(|e| {
                            accepts(e, &start, &[], mv, best, MARGIN, &limits, &job.stop)
                        }))
                    },
                ));
            }
        }
    }
}

/// The attempt's first answer moves the puzzle on its schedule; a second
/// try after undo does not count again, though finding the move then
/// still marks the puzzle solved.
fn record_answer(
    active: &mut ActiveMyPuzzle,
    solved: bool,
    store: &mut MyPuzzleStore,
    paths: Option<&StorePaths>,
    notice: &mut Notice,
) {
    let first = !active.answered;
    active.answered = true;
    let mine = store.get(paths, notice);
    let changed = if first {
        mine.answer(&active.puzzle.id, solved, now_unix())
    } else {
        match mine.get_mut(&active.puzzle.id) {
            Some(p) if solved && !p.solved => {
                p.solved = true;
                true
            }
            _ => false,
        }
    };
    if changed {
        store.save(paths, notice);
    }
}

/// How many puzzles' themes one background job finds (a few at a time, so
/// a large file's first reading does not hold one job for long).
const THEMES_AT_ONCE: usize = 8;

/// The background job finding the themes of puzzles that have none.
#[derive(Resource, Default)]
pub struct ThemeSearch(Option<OffThreadSearch<Vec<(String, WhyRecord)>>>);

/// Why the puzzle's mistake was one, as kept in the file (an empty record
/// when the rules show nothing).
fn theme_of(explainer: &mut Explainer, p: &MyPuzzle) -> WhyRecord {
    let found = match (p.position(), p.played_move(), p.best_move()) {
        (Some(pos), Some(played), Some(best)) => {
            why(explainer, &pos, &[], played, p.reply_move(), best)
        }
        _ => None,
    };
    found.as_ref().map_or(
        WhyRecord {
            allowed: None,
            better: None,
        },
        WhyRecord::from,
    )
}

/// Finds, off the main thread, the themes of the read puzzles that have
/// none, and keeps them in the file. The puzzles are looked through again
/// only when they change.
fn find_themes(
    mut search: ResMut<ThemeSearch>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
    mut looked_at: Local<Option<u64>>,
) {
    if let Some(job) = &mut search.0 {
        let Some(found) = job.poll() else {
            return;
        };
        search.0 = None;
        let mine = store.get(paths.as_deref(), &mut notice);
        let mut changed = false;
        for (id, theme) in found.into_iter().flatten() {
            if let Some(p) = mine.get_mut(&id) {
                p.theme = Some(theme);
                changed = true;
            }
        }
        if changed {
            store.save(paths.as_deref(), &mut notice);
        }
        return;
    }
    let version = store.version();
    let Some(mine) = store.peek().filter(|_| *looked_at != Some(version)) else {
        return;
    };
    let wanted: Vec<MyPuzzle> = mine
        .puzzles
        .iter()
        .filter(|p| p.wants_theme())
        .take(THEMES_AT_ONCE)
        .cloned()
        .collect();
    if wanted.is_empty() {
        *looked_at = Some(version);
        return;
    }
    search.0 = Some(OffThreadSearch::start_at(
        Position::startpos(),
        Vec::new(),
        0,
        time.elapsed_secs_f64(),
        move |job| {
            let mut explainer = Explainer::default();
            let mut out = Vec::with_capacity(wanted.len());
            for p in &wanted {
                if job.stop.load(std::sync::atomic::Ordering::Relaxed) {
                    break;
                }
                out.push((p.id.clone(), theme_of(&mut explainer, p)));
            }
            Some(out)
        },
    ));
}

fn end_attempt(mut commands: Commands) {
    commands.remove_resource::<ActiveMyPuzzle>();
}
