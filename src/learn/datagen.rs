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

/// A won game once the score stays beyond this (centipawns)…
const WIN_SCORE: i32 = 1000;
/// …for this many plies.
const WIN_PLIES: usize = 6;
/// A drawn game once the score stays within this…
const DRAW_SCORE: i32 = 15;
/// …for this many plies, after [`DRAW_FROM_PLY`].
const DRAW_PLIES: usize = 20;
const DRAW_FROM_PLY: usize = 120;
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
    let progress = Mutex::new(Progress {
        games: writer.games,
        positions: writer.positions,
        ..Progress::default()
    });
    let done = |p: &Progress| {
        config.games.is_some_and(|g| p.games >= g)
            || config.positions.is_some_and(|n| p.positions >= n)
    };
    if done(&lock(&progress)) {
        return Ok(*lock(&progress));
    }
    let next_game = AtomicU64::new(writer.games);
    // A run resumed on a file draws from a stream of its own (games cut
    // off by the stop may have been numbered past those written).
    let base_seed = config.seed ^ writer.positions.wrapping_mul(0x2545_F491_4F6C_DD1D);
    let writer = Mutex::new(writer);
    let error: Mutex<Option<DatagenError>> = Mutex::new(None);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            scope.spawn(|| {
                let mut engine = match Engine::try_new(config.hash_mb) {
                    Ok(mut e) => {
                        e.set_evaluator(config.evaluator.clone());
                        e
                    }
                    Err(e) => {
                        *lock(&error) = Some(DatagenError::Memory(e));
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                };
                loop {
                    if stop.load(Ordering::Relaxed) || interrupt.load(Ordering::Relaxed) {
                        return;
                    }
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    let Some(records) = play_game(&mut engine, config, base_seed, index, interrupt)
                    else {
                        return;
                    };
                    let mut p = lock(&progress);
                    if done(&p) {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    if records.is_empty() {
                        // Nothing quiet to keep (a very short game).
                        continue;
                    }
                    if let Err(e) = lock(&writer).append(&records) {
                        *lock(&error) = Some(DatagenError::Write {
                            path: config.out.clone(),
                            error: e,
                        });
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    p.games += 1;
                    p.new_games += 1;
                    p.positions += records.len() as u64;
                    p.new_positions += records.len() as u64;
                    if let Some(r) = records.first() {
                        p.results[match r.result {
                            GameResult::RedWins => 0,
                            GameResult::Draw => 1,
                            GameResult::BlackWins => 2,
                        }] += 1;
                    }
                    p.elapsed = start.elapsed();
                    if done(&p) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    on_progress(&p);
                }
            });
        }
    });
    if let Some(e) = lock(&error).take() {
        return Err(e);
    }
    lock(&writer).sync().map_err(|error| DatagenError::Write {
        path: config.out.clone(),
        error,
    })?;
    let mut p = *lock(&progress);
    p.elapsed = start.elapsed();
    Ok(p)
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
    // Draw starts until one is playable and not already decided.
    let mut game = loop {
        let (start, moves) = start_of(config, &mut rng);
        let mut game = Game::new(start);
        let mut ok = true;
        for &m in &moves {
            ok &= game.play(m).is_ok();
        }
        if !ok || game.outcome().is_some() {
            continue;
        }
        engine.clear();
        let r = search(engine, &game, &limits, interrupt);
        if interrupt.load(Ordering::Relaxed) {
            return None;
        }
        if cp(r.score).abs() <= START_LIMIT {
            break game;
        }
    };
    engine.clear();
    let first_ply = game.ply();
    // Kept positions with their scores from the side to move's view.
    let mut kept: Vec<(Position, i32)> = Vec::new();
    let mut win_run: (i32, usize) = (0, 0);
    let mut draw_run = 0usize;
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
        // Adjudication on the score from Red's side.
        let sign = red.signum();
        if red.abs() >= WIN_SCORE {
            win_run = if win_run.0 == sign {
                (sign, win_run.1 + 1)
            } else {
                (sign, 1)
            };
        } else {
            win_run = (0, 0);
        }
        if win_run.1 >= WIN_PLIES {
            break if win_run.0 > 0 {
                GameResult::RedWins
            } else {
                GameResult::BlackWins
            };
        }
        if game.ply() >= DRAW_FROM_PLY && red.abs() <= DRAW_SCORE {
            draw_run += 1;
            if draw_run >= DRAW_PLIES {
                break GameResult::Draw;
            }
        } else {
            draw_run = 0;
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

/// `1:02:03` or `2:03`.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}
