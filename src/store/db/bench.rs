//! The database's benchmark: a generated collection written as one PGN
//! file in Chinese notation (as downloaded collections are), imported into
//! a fresh database file, then positions looked up.
//!
//! The games are not random walks, which would share nothing after the
//! first moves: at every position one move is "popular" (ranked by a hash
//! of the position and the move, so every game that reaches the position
//! agrees on it) and is played most of the time, so the collection has
//! opening lines that thousands of games share and then spread out, as
//! real ones do. `xiangqi db bench` and `cargo bench --bench database` run
//! it.

use super::{Database, DbError, Filter, Owner};
use crate::engine::rng::Rng;
use crate::rules::notation::ChineseStyle;
use crate::rules::pgn::{self, PgnGame};
use crate::rules::{Charset, Game, GameResult, Move, Notation, Position};
use std::path::Path;
use std::time::{Duration, Instant};

/// Players' names are drawn from this many.
const PLAYERS: u64 = 300;

/// One generated game: its moves from the start and a result.
pub fn generate_game(rng: &mut Rng) -> PgnGame {
    let mut game = Game::new(Position::startpos());
    let length = 40 + (rng.next_u64() % 140) as usize;
    while game.ply() < length && game.outcome().is_none() {
        let pos = *game.position();
        let mut moves: Vec<Move> = pos.legal_moves().to_vec();
        if moves.is_empty() {
            break;
        }
        // The popular move first, then the others in the same fixed order.
        moves.sort_by_key(|m| rank(&pos, *m));
        let roll = rng.next_f64();
        let pick = if roll < 0.72 {
            0
        } else if roll < 0.9 {
            1 + (rng.next_u64() % 3) as usize
        } else {
            (rng.next_u64() % moves.len() as u64) as usize
        };
        let m = moves[pick.min(moves.len() - 1)];
        if game.play(m).is_err() {
            break;
        }
    }
    let mut g = PgnGame::from_game(&game);
    let red = rng.next_u64() % PLAYERS;
    let black = (red + 1 + rng.next_u64() % (PLAYERS - 1)) % PLAYERS;
    g.set_tag("Event", &format!("Generated Open {}", rng.next_u64() % 40));
    g.set_tag(
        "Date",
        &format!(
            "{}.{:02}.{:02}",
            1980 + rng.next_u64() % 45,
            1 + rng.next_u64() % 12,
            1 + rng.next_u64() % 28
        ),
    );
    g.set_tag("Red", &format!("Player {red}"));
    g.set_tag("Black", &format!("Player {black}"));
    let result = match rng.next_u64() % 10 {
        0..=3 => GameResult::RedWins,
        4..=6 => GameResult::Draw,
        _ => GameResult::BlackWins,
    };
    g.set_tag("Result", result.pgn());
    g.result = Some(result);
    g
}

fn rank(pos: &Position, m: Move) -> u64 {
    let mut z = pos.hash() ^ u64::from(m.to_bits()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 27)
}

/// `games` generated games as PGN text in Chinese notation.
pub fn generate_collection(games: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let style = ChineseStyle::from(Charset::Traditional);
    let mut out = String::new();
    for _ in 0..games {
        out.push_str(&pgn::write_pgn_with(
            &generate_game(&mut rng),
            Notation::Chinese,
            style,
        ));
        out.push('\n');
    }
    out
}

/// What the benchmark measured.
#[derive(Clone, Debug)]
pub struct Report {
    /// Games imported.
    pub games: u64,
    /// Bytes of the PGN file.
    pub pgn_bytes: u64,
    /// Time the import took.
    pub import: Duration,
    /// Size of the database file afterwards (checkpointed).
    pub db_bytes: u64,
    /// Positions indexed.
    pub positions: u64,
    /// Position lookups timed (the explorer's table and its first page of games).
    pub lookups: usize,
    /// Their median.
    pub lookup_median: Duration,
    /// The slowest.
    pub lookup_max: Duration,
    /// The start position's lookup (the most games).
    pub lookup_start: Duration,
}

impl Report {
    /// Games imported a second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.import.as_secs_f64().max(1e-9)
    }
}

/// Writes a collection of `games` into `dir`, imports it into a new
/// database there and times lookups of positions from the games.
///
/// # Errors
/// The files cannot be written, or the database's error.
pub fn run(dir: &Path, games: usize, seed: u64) -> Result<Report, DbError> {
    let io = |source: std::io::Error| DbError::Folder {
        path: dir.to_path_buf(),
        source,
    };
    let pgn_path = dir.join("collection.pgn");
    let text = generate_collection(games, seed);
    std::fs::write(&pgn_path, &text).map_err(io)?;
    let db_path = dir.join("bench.sqlite");
    for stale in ["bench.sqlite", "bench.sqlite-wal", "bench.sqlite-shm"] {
        let _ = std::fs::remove_file(dir.join(stale));
    }
    let mut db = Database::open(&db_path)?;
    let started = Instant::now();
    let summary = db.import(&[pgn_path], Owner::Collected, &mut |_| {})?;
    let import = started.elapsed();
    db.conn()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE);")?;
    let stats = db.stats()?;
    // Positions from the games: the start, then deeper and deeper.
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut probes = vec![Position::startpos()];
    while probes.len() < 200 {
        let g = generate_game(&mut rng);
        let plies = [2, 6, 12, 20, 40];
        let ply = plies[probes.len() % plies.len()].min(g.moves.len());
        let mut p = Position::startpos();
        for &m in &g.moves[..ply] {
            p.make(m);
        }
        probes.push(p);
    }
    let mut times = Vec::with_capacity(probes.len());
    for p in &probes {
        let t = Instant::now();
        let table = db.explore(p, &Filter::default())?;
        let page = db.games_at(p, &Filter::default(), 0, 20)?;
        std::hint::black_box((table, page));
        times.push(t.elapsed());
    }
    let lookup_start = times[0];
    let lookup_max = times.iter().copied().max().unwrap_or_default();
    times.sort();
    Ok(Report {
        games: summary.added,
        pgn_bytes: text.len() as u64,
        import,
        db_bytes: stats.bytes,
        positions: stats.positions,
        lookups: times.len(),
        lookup_median: times[times.len() / 2],
        lookup_max,
        lookup_start,
    })
}
