//! Self-play training data: the engine plays itself at a small fixed node
//! budget from varied starts, and every quiet position of every game is
//! kept with the search's score and the game's result (see [`super::data`]).
//!
//! - **Starts.** Game `i` of a run takes its own random generator from the
//!   seed and `i`. Half of the games start from a line of the openings
//!   file (when one is given) followed by 2–4 random legal moves, the rest
//!   from the start position followed by 4–9 random moves. A start the
//!   search already scores beyond ±3 pawns is drawn again.
//! - **Play.** Each move is a search of `nodes` nodes with a fresh table
//!   per game, so a game depends on its seed alone, whatever thread plays it.
//! - **Adjudication.** A game ends as the rules end it (mate, stalemate,
//!   repetition with perpetual check or chase, 60 moves, no attacking
//!   material), or early: won once the score has stayed beyond ±10 pawns
//!   (or a mate) for 6 plies running, drawn once it has stayed within
//!   ±0.15 pawn for 20 plies after ply 120, drawn at 400 plies.
//! - **Kept positions.** Past the random moves and the first 8 plies of
//!   the game, not in check, the best move not a capture, the score not a
//!   mate: the positions an evaluation is asked about in a quiescence search.
//!
//! Games are numbered on from those already in the output file, so a run
//! that is stopped and started again with the same command goes on with
//! new games instead of repeating old ones, and stops at the same totals.

use super::adjudicate::{Adjudicator, Thresholds};
use super::data::{DataWriter, Record};
use crate::arena::openings::Opening;
use crate::engine::rng::Rng;
use crate::engine::{Engine, Limits, Score};
use crate::rules::{Game, GameResult, Move, Position};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What a run makes.
#[derive(Clone, Debug)]
pub struct Config {
    /// Stop when the file holds this many games…
    pub games: Option<u64>,
    /// …or this many positions.
    pub positions: Option<u64>,
    /// Nodes a move.
    pub nodes: u64,
    /// The run's seed.
    pub seed: u64,
    /// Threads (games played at once).
    pub threads: usize,
    /// Where to write (appended to).
    pub out: PathBuf,
    /// Opening lines to start from (empty: the start position only).
    pub openings: Vec<Opening>,
    /// Hash table per thread, MB.
    pub hash_mb: usize,
    /// The evaluation the games are played and scored with.
    pub evaluator: crate::engine::Evaluator,
}

/// Progress, as the run goes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Games in the file.
    pub games: u64,
    /// Positions in the file.
    pub positions: u64,
    /// Games and positions this run added.
    pub new_games: u64,
    pub new_positions: u64,
    /// Time since the run started.
    pub elapsed: Duration,
    /// Wins for Red, draws, wins for Black among the games this run added.
    pub results: [u64; 3],
}

impl Progress {
    /// Positions a second this run.
    pub fn rate(&self) -> f64 {
        self.new_positions as f64 / self.elapsed.as_secs_f64().max(1e-3)
    }

    /// Time left to reach the targets, if it can be told.
    pub fn eta(&self, config: &Config) -> Option<Duration> {
        let by_positions = config
            .positions
            .map(|t| t.saturating_sub(self.positions) as f64 / self.rate().max(1e-9));
        let game_rate = self.new_games as f64 / self.elapsed.as_secs_f64().max(1e-3);
        let by_games = config
            .games
            .filter(|_| self.new_games > 0)
            .map(|t| t.saturating_sub(self.games) as f64 / game_rate.max(1e-9));
        let secs = match (by_positions, by_games) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b)?,
        };
        (secs.is_finite() && self.new_positions > 0).then(|| Duration::from_secs_f64(secs))
    }
}

/// A game is won once the score stays beyond ±10 pawns for 6 plies, drawn
/// once it stays within ±0.15 for 20 plies after ply 120.
const ADJUDICATION: Thresholds = Thresholds {
    win_score: 1000,
    win_plies: 6,
    draw_score: 15,
    draw_plies: 20,
    draw_from_ply: 120,
};
/// A game still going at this many plies is drawn.
const MAX_PLIES: usize = 400;
/// Plies at the start of a game that are never kept.
const SKIP_PLIES: usize = 8;
/// A start scored beyond this is drawn again.
const START_LIMIT: i32 = 300;

/// Why datagen cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum DatagenError {
    /// Neither a number of games nor of positions.
    #[error("say how much to make: --games N or --positions N")]
    NoTarget,
    /// A node budget of 0.
    #[error("--nodes must be at least 1")]
    NoNodes,
    /// The data file cannot be opened or is not one.
    #[error(transparent)]
    Data(#[from] crate::learn::data::DataError),
    /// A thread's hash table.
    #[error(transparent)]
    Memory(crate::engine::tt::AllocError),
    /// A game cannot be written.
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The data file.
        path: std::path::PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// Runs until a target is reached or `interrupt` is set, calling `on_progress`
/// after each game. Returns the final progress.
///
/// See [`DatagenError`] for what can go wrong.
///
/// # Errors
/// When the output cannot be opened or written, or the config is unusable.
pub fn run(
    config: &Config,
    interrupt: &AtomicBool,
    on_progress: &(dyn Fn(&Progress) + Sync),
) -> Result<Progress, DatagenError> {
    if config.games.is_none() && config.positions.is_none() {
        return Err(DatagenError::NoTarget);
    }
    if config.nodes == 0 {
        return Err(DatagenError::NoNodes);
    }
    let writer = DataWriter::open(&config.out)?;
    let start = Instant::now();
    let progress = Progress {
        games: writer.games,
        positions: writer.positions,
        ..Progress::default()
    };
    if config.reached(&progress) {
        return Ok(progress);
    }
    let run = Run {
        config,
        interrupt,
        on_progress,
        start,
        progress: Mutex::new(progress),
        next_game: AtomicU64::new(writer.games),
        // A run resumed on a file draws from a stream of its own (games cut
        // off by the stop may have been numbered past those written).
        base_seed: config.seed ^ writer.positions.wrapping_mul(0x2545_F491_4F6C_DD1D),
        writer: Mutex::new(writer),
        error: Mutex::new(None),
        stop: AtomicBool::new(false),
    };
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| run.play_games());
        }
    });
    run.finish()
}

impl Config {
    /// `p` has reached a target: the run is over.
    fn reached(&self, p: &Progress) -> bool {
        self.games.is_some_and(|g| p.games >= g) || self.positions.is_some_and(|n| p.positions >= n)
    }
}

impl Progress {
    /// Counts a game written with its `records` (at least one).
    fn add_game(&mut self, records: &[Record]) {
        self.games += 1;
        self.new_games += 1;
        self.positions += records.len() as u64;
        self.new_positions += records.len() as u64;
        if let Some(r) = records.first() {
            self.results[match r.result {
                GameResult::RedWins => 0,
                GameResult::Draw => 1,
                GameResult::BlackWins => 2,
            }] += 1;
        }
    }
}

/// A run in progress: what its threads share.
struct Run<'a> {
    config: &'a Config,
    interrupt: &'a AtomicBool,
    on_progress: &'a (dyn Fn(&Progress) + Sync),
    start: Instant,
    progress: Mutex<Progress>,
    /// The number of the next game to play.
    next_game: AtomicU64,
    /// The seed the games' seeds are drawn from.
    base_seed: u64,
    writer: Mutex<DataWriter>,
    /// What stopped the run, if anything went wrong.
    error: Mutex<Option<DatagenError>>,
    /// Set when a target is reached or something went wrong.
    stop: AtomicBool,
}

impl Run<'_> {
    /// One thread's work: plays games until the run stops.
    fn play_games(&self) {
        let mut engine = match Engine::try_new(self.config.hash_mb) {
            Ok(mut e) => {
                e.set_evaluator(self.config.evaluator.clone());
                e
            }
            Err(e) => return self.fail(DatagenError::Memory(e)),
        };
        loop {
            if self.stop.load(Ordering::Relaxed) || self.interrupt.load(Ordering::Relaxed) {
                return;
            }
            let index = self.next_game.fetch_add(1, Ordering::Relaxed);
            let played = play_game(
                &mut engine,
                self.config,
                self.base_seed,
                index,
                self.interrupt,
            );
            let Some(records) = played else {
                return;
            };
            if !self.add(&records) {
                return;
            }
        }
    }

    /// Writes a game's records and counts them, unless a target was reached
    /// meanwhile; `false` when this thread is to stop.
    fn add(&self, records: &[Record]) -> bool {
        let mut p = lock(&self.progress);
        if self.config.reached(&p) {
            self.stop.store(true, Ordering::Relaxed);
            return false;
        }
        if records.is_empty() {
            // Nothing quiet to keep (a very short game).
            return true;
        }
        if let Err(e) = lock(&self.writer).append(records) {
            self.fail(DatagenError::Write {
                path: self.config.out.clone(),
                error: e,
            });
            return false;
        }
        p.add_game(records);
        p.elapsed = self.start.elapsed();
        if self.config.reached(&p) {
            self.stop.store(true, Ordering::Relaxed);
        }
        (self.on_progress)(&p);
        true
    }

    /// Stops the run with `e`.
    fn fail(&self, e: DatagenError) {
        *lock(&self.error) = Some(e);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The run's error, or its final progress once the file is synced.
    fn finish(self) -> Result<Progress, DatagenError> {
        if let Some(e) = lock(&self.error).take() {
            return Err(e);
        }
        lock(&self.writer)
            .sync()
            .map_err(|error| DatagenError::Write {
                path: self.config.out.clone(),
                error,
            })?;
        let mut p = *lock(&self.progress);
        p.elapsed = self.start.elapsed();
        Ok(p)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The score for the side to move as centipawns, mates far beyond any.
fn cp(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => 30_000,
        Score::Mate(_) => -30_000,
    }
}

/// A start position for game `index`: an opening line or the start, then
/// random legal moves.
fn start_of(config: &Config, rng: &mut Rng) -> (Position, Vec<Move>) {
    let from_book = !config.openings.is_empty() && rng.next_u64().is_multiple_of(2);
    let (mut pos, mut moves, random) = if from_book {
        let o = &config.openings[(rng.next_u64() % config.openings.len() as u64) as usize];
        (o.start, o.moves.clone(), 2 + rng.next_u64() % 3)
    } else {
        (Position::startpos(), Vec::new(), 4 + rng.next_u64() % 6)
    };
    let start = pos;
    for &m in &moves {
        pos.make(m);
    }
    for _ in 0..random {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
        pos.make(m);
        moves.push(m);
    }
    (start, moves)
}

/// Searches the game's current position (the earlier ones for the
/// repetition rules).
fn search(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    interrupt: &AtomicBool,
) -> crate::engine::SearchResult {
    let (positions, _) = game.history();
    let (pos, before) = positions.split_last().expect("a game has its start");
    let request = crate::engine::SearchRequest::new(pos, before, interrupt).limits(limits.clone());
    engine.search(&request, &mut |_| {})
}

/// Plays game `index`; `None` when interrupted.
fn play_game(
    engine: &mut Engine,
    config: &Config,
    seed: u64,
    index: u64,
    interrupt: &AtomicBool,
) -> Option<Vec<Record>> {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xA076_1D64_78BD_642F));
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let mut game = playable_start(engine, config, &mut rng, &limits, interrupt)?;
    engine.clear();
    let first_ply = game.ply();
    // Kept positions with their scores from the side to move's view.
    let mut kept: Vec<(Position, i32)> = Vec::new();
    let mut adjudicator = Adjudicator::new(ADJUDICATION);
    let result = loop {
        if let Some(o) = game.outcome() {
            break o.result;
        }
        if game.ply() >= MAX_PLIES {
            break GameResult::Draw;
        }
        let pos = *game.position();
        let r = search(engine, &game, &limits, interrupt);
        if interrupt.load(Ordering::Relaxed) {
            return None;
        }
        if r.best.is_null() {
            // No legal move: the outcome above would have said so.
            break GameResult::win_for(pos.side_to_move().flip());
        }
        let score = cp(r.score);
        let red = score * pos.side_to_move().sign();
        if let Some(result) = adjudicator.judge(red, game.ply()) {
            break result;
        }
        let quiet = pos.captured_by(r.best).is_none() && !pos.in_check();
        if quiet && game.ply() >= first_ply.max(SKIP_PLIES) && matches!(r.score, Score::Cp(_)) {
            kept.push((pos, score));
        }
        if game.play(r.best).is_err() {
            break GameResult::win_for(pos.side_to_move().flip());
        }
    };
    Some(
        kept.iter()
            .enumerate()
            .map(|(i, (p, s))| Record::new(p, *s, result, i == 0))
            .collect(),
    )
}

/// Draws starts until one is playable and not already decided; `None`
/// when interrupted.
fn playable_start(
    engine: &mut Engine,
    config: &Config,
    rng: &mut Rng,
    limits: &Limits,
    interrupt: &AtomicBool,
) -> Option<Game> {
    loop {
        let (start, moves) = start_of(config, rng);
        let mut game = Game::new(start);
        let mut ok = true;
        for &m in &moves {
            ok &= game.play(m).is_ok();
        }
        if !ok || game.outcome().is_some() {
            continue;
        }
        engine.clear();
        let r = search(engine, &game, limits, interrupt);
        if interrupt.load(Ordering::Relaxed) {
            return None;
        }
        if cp(r.score).abs() <= START_LIMIT {
            return Some(game);
        }
    }
}

/// `1:02:03` or `2:03`.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
