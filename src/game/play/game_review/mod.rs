//! "Review this game": the engine looks at every position of the game on
//! the board, in the background, and judges every move
//! ([`crate::engine::review`]).
//!
//! A [`ReviewRequest::Start`] with an effort (quick or thorough) reviews
//! the moves played so far. A review already stored for the same game
//! ([`crate::store::reviews`], in the data folder) at that effort or
//! deeper is used at once; otherwise a job starts on a thread of its own
//! ([`OffThreadSearch`], idle priority, its own engine), counting the
//! positions done for the progress bar. [`ReviewRequest::Cancel`],
//! leaving the board, opening another game or playing a different move
//! stop it (the stop flag is raised when the job is dropped). The frame
//! never waits for it.
//!
//! When the job ends, the review is stored (temporary file, then rename)
//! so that a second review is instant, shown ([`GameReviewState::result`])
//! — the move list's marks, the graph, the better move — and every
//! mistake or blunder of a human side becomes a puzzle in "from my games"
//! ([`crate::game::play::my_puzzle`]).
//!
//! The result stays shown while the game on the board is the reviewed one
//! (undo and redo within it included) and is dropped when the game changes
//! to another; a stored review is also picked up by itself when a game
//! whose review is stored is put on the board.

use crate::engine::review::{GameReview, Judgement};
use crate::game::Mode;
use crate::game::i18n::Phrase;
use crate::game::play::Play;
use crate::game::play::clock::MatchClock;
pub use crate::game::play::search::{ReviewEngine, ReviewLimits};
use crate::game::play::session::{PendingGame, Player, Session};
use crate::game::settings::StorePaths;
use crate::game::{GameSet, Screen};
use crate::rules::{Color, Move, Position};
use crate::store::reviews::{self, Effort};
use bevy::prelude::*;
use job::{Job, Reviewer};
use std::path::PathBuf;
use std::sync::atomic::Ordering;

mod job;
mod why;

pub use why::ReviewWhy;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameReviewState>()
        .init_resource::<ReviewLimits>()
        .init_resource::<ReviewEngine>()
        .add_message::<ReviewRequest>()
        .add_systems(OnExit(Screen::Playing), drop_review)
        .add_systems(
            Update,
            (
                review_on_open,
                handle_requests,
                follow_the_game,
                job::poll_job,
            )
                .chain()
                .in_set(GameSet::Resolve)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        )
        .add_systems(Last, stop_on_exit)
        .add_plugins(why::plugin);
}

/// `--review FILE [--ply N]` opens a record and reviews it; `--puzzles`
/// opens the puzzle list and `--games` the saved games (for looking at
/// them, and screenshots).
pub(crate) fn configure_launch(app: &mut App, opts: &crate::game::LaunchOptions) {
    if opts.puzzles {
        app.insert_state(Screen::Puzzles);
    }
    if opts.games {
        app.insert_state(Screen::SavedGames);
    }
    let Some(path) = &opts.review else {
        return;
    };
    match crate::store::record::open_first(path) {
        Ok(opened) => {
            let human =
                [opened.tag("Red"), opened.tag("Black")].map(|t| !t.is_some_and(is_computer_name));
            let game = opened.game;
            let mut setup = app
                .world()
                .get_resource::<crate::game::play::session::GameSetup>()
                .cloned()
                .unwrap_or_default();
            setup.players.mode = crate::game::Mode::Hotseat;
            setup.start = *game.start();
            app.insert_resource(setup);
            // Its clocks come with it, as through every other door.
            app.insert_resource(PendingGame {
                game,
                browse: opts.review_ply,
                clock: opened.clock,
                takebacks: Default::default(),
            });
            app.insert_resource(ReviewOnOpen {
                effort: Effort::Quick,
                human,
            });
            app.insert_state(Screen::Playing);
        }
        Err(e) => warn!("--review ignored: {e}"),
    }
}

/// Review commands (the panel's buttons, the game-over card).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewRequest {
    /// Review the game on the board at this effort.
    Start(Effort),
    /// Stop the review in progress.
    Cancel,
}

/// A review to start as soon as the game being opened is on the board
/// (the saved-games screen's Review button), with the sides that were
/// played by people (`human[Color as usize]`), read from the record.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewOnOpen {
    /// The effort.
    pub effort: Effort,
    /// Which sides a person played.
    pub human: [bool; 2],
}

/// A reviewed game: what was reviewed and the verdicts.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedGame {
    /// The start position.
    pub start: Position,
    /// The moves reviewed.
    pub moves: Vec<Move>,
    /// The engine's views and verdicts.
    pub review: GameReview,
    /// At what effort.
    pub effort: Effort,
    /// Red's expected score at every position ([`GameReview::curve`]).
    pub curve: Vec<f64>,
    /// Read from the stored review (not searched now).
    pub from_store: bool,
}

impl ReviewedGame {
    fn new(
        start: Position,
        moves: Vec<Move>,
        review: GameReview,
        effort: Effort,
        from_store: bool,
    ) -> Self {
        let curve = review.curve(&start, &moves);
        ReviewedGame {
            start,
            moves,
            review,
            effort,
            curve,
            from_store,
        }
    }

    /// Is it about the game of `session`: the same start, and the moves
    /// reviewed all in its record (undone ones included, so undo and redo
    /// keep it; a new game or a different move drops it)?
    pub fn fits(&self, session: &Session) -> bool {
        fits(&self.start, &self.moves, session)
    }

    /// The verdict on the move that led to the position after `ply` plies.
    pub fn judgement_before(&self, ply: usize) -> Option<Judgement> {
        ply.checked_sub(1)
            .and_then(|i| self.review.moves.get(i))
            .map(|m| m.judgement)
    }
}

fn fits(start: &Position, moves: &[Move], session: &Session) -> bool {
    let game = &session.game;
    game.start() == start && game.all_moves().starts_with(moves)
}

/// The review: the one running and the last result.
#[derive(Resource, Default)]
pub struct GameReviewState {
    job: Option<Job>,
    /// The last review finished (or read back), while it is about the game
    /// on the board.
    pub result: Option<ReviewedGame>,
    /// Puzzles the last review added to "from my games".
    pub new_puzzles: usize,
}

impl GameReviewState {
    /// The review in progress: positions done, positions in all, effort.
    pub fn progress(&self) -> Option<(usize, usize, Effort)> {
        self.job
            .as_ref()
            .map(|j| (j.done.load(Ordering::Relaxed), j.moves.len() + 1, j.effort))
    }

    /// The result, if it is about `session`'s game.
    pub fn for_session(&self, session: &Session) -> Option<&ReviewedGame> {
        self.result.as_ref().filter(|r| r.fits(session))
    }

    /// The running job's stop flag (tests).
    #[cfg(test)]
    pub fn stop_flag(&self) -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
        self.job.as_ref().map(|j| j.search.stop_flag())
    }
}

/// Whether the review is offered for the game on the board: once it has
/// ended, or for a record or an analysis board (two players, no clocks),
/// never in the middle of a live game or of the computer's own game.
pub fn review_offered(session: &Session, clock: Option<&MatchClock>) -> bool {
    session.game.outcome().is_some()
        || session.setup.players.mode == Mode::Hotseat && clock.is_none_or(|c| c.clock.is_none())
}

/// Is this a player name the game writes for the computer ("电脑 3", "AI 3",
/// "Máy 3", in any of the languages)?
pub fn is_computer_name(name: &str) -> bool {
    let words = name.trim().trim_end_matches(|c: char| c.is_ascii_digit());
    let words = words.trim();
    crate::game::i18n::Lang::ALL
        .iter()
        .any(|&l| words == Phrase::Computer.get(l))
}

/// Which sides a person plays in `session`'s game.
pub fn human_sides(session: &Session) -> [bool; 2] {
    Color::ALL.map(|c| session.setup.player(c) == Player::Human)
}

/// The reviews folder, if the game saves anything.
fn reviews_dir(paths: Option<&StorePaths>) -> Option<PathBuf> {
    paths.and_then(|p| p.0.as_ref()).map(|p| p.reviews_dir())
}

/// The saved-games screen asked for a review of the game it opened.
fn review_on_open(
    mut commands: Commands,
    on_open: Option<Res<ReviewOnOpen>>,
    pending: Option<Res<PendingGame>>,
    session: Res<Session>,
    play: Res<State<Play>>,
    mut reviewer: Reviewer,
) {
    let Some(on_open) = on_open else {
        return;
    };
    if pending.is_some() {
        return;
    }
    commands.remove_resource::<ReviewOnOpen>();
    if *play.get() == Play::Free {
        reviewer.start(&session, on_open.effort, on_open.human);
    }
}

fn handle_requests(
    mut requests: MessageReader<ReviewRequest>,
    session: Res<Session>,
    play: Res<State<Play>>,
    mut reviewer: Reviewer,
) {
    for request in requests.read() {
        match *request {
            ReviewRequest::Start(effort) => {
                // A puzzle attempt is not a game to review.
                if *play.get() == Play::Free {
                    reviewer.start(&session, effort, human_sides(&session));
                }
            }
            ReviewRequest::Cancel => reviewer.state.job = None,
        }
    }
}

/// Drops a job and a result that are about another game than the one on
/// the board, and picks up a stored review when a game is put on the board.
fn follow_the_game(
    session: Res<Session>,
    play: Res<State<Play>>,
    mut reviewer: Reviewer,
    mut looked_up: Local<Option<(u64, Vec<Move>)>>,
) {
    let state = &mut reviewer.state;
    if state
        .job
        .as_ref()
        .is_some_and(|j| !fits(&j.start, &j.moves, &session))
    {
        state.job = None;
    }
    if state.result.as_ref().is_some_and(|r| !r.fits(&session)) {
        state.result = None;
        state.new_puzzles = 0;
    }
    if state.result.is_some() || state.job.is_some() || *play.get() != Play::Free {
        return;
    }
    // One look in the store per game shown (a missing file costs a failed open).
    let key = (session.game.start().hash(), session.game.moves().to_vec());
    if key.1.is_empty() || looked_up.as_ref() == Some(&key) {
        return;
    }
    *looked_up = Some(key);
    let Some(dir) = reviews_dir(reviewer.paths.as_deref()) else {
        return;
    };
    let start = *session.game.start();
    let moves = session.game.moves().to_vec();
    if let Ok(Some(stored)) = reviews::load(&dir, &start, &moves) {
        reviewer.state.result = Some(ReviewedGame::new(
            start,
            moves,
            stored.review,
            stored.effort,
            true,
        ));
    }
}

/// Leaving the board stops the review and forgets its result (it is stored).
fn drop_review(mut state: ResMut<GameReviewState>) {
    state.job = None;
    state.result = None;
    state.new_puzzles = 0;
}

fn stop_on_exit(mut exits: MessageReader<AppExit>, mut state: ResMut<GameReviewState>) {
    if exits.read().next().is_some() {
        state.job = None;
    }
}
