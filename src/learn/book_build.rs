//! Growing the book with the engine's own search (`xiangqi book build`).
//!
//! - **The tree.** From the start position, ply by ply: each position is
//!   searched once with several lines (MultiPV) at a fixed node budget,
//!   and its moves are those of the last finished depth that score within
//!   a margin of the best, at most the ply's width (the widths narrow with
//!   depth: many first moves, one line deep in the tree). Each move's
//!   position is grown at the next ply, up to the last ply; a position
//!   reached again by another order of moves (a transposition) is grown
//!   once.
//! - **The results.** Every position the tree ends in (a book move whose
//!   position is not itself in the book) is played on by the engine against
//!   itself at a small node budget, as many games as the recipe says; game
//!   `g` searches `game_nodes × (4 + g) / 4` nodes a move, so a leaf's games
//!   differ. A game ends by the rules, or when the score has stayed beyond
//!   ±8 pawns for 4 plies (won), within ±0.15 for 20 plies after 80 plies
//!   (drawn), or at 300 plies (drawn). A book move's wins, draws and losses
//!   are those of the games played from the leaves below it, for the side
//!   that plays it; a move back into a position grown earlier counts none.
//! - **Reproducible.** Every search has a fresh hash table of a fixed size
//!   and a node budget, never a time: the same recipe makes the same file
//!   on any machine, however loaded, with any number of threads.

use super::adjudicate::{Adjudicator, Thresholds};
use crate::engine::book::{Book, BookMove, mirror_move, mirrored};
use crate::engine::{Engine, Limits, Score, SearchRequest};
use crate::rules::{Game, GameResult, Move, Position};
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The hash table of every search, MB (fixed: it changes the results).
const BUILD_HASH_MB: usize = 16;
/// A playout is won once the score stays beyond ±8 pawns for 4 plies,
/// drawn once it stays within ±0.15 for 20 plies after ply 80.
const ADJUDICATION: Thresholds = Thresholds {
    win_score: 800,
    win_plies: 4,
    draw_score: 15,
    draw_plies: 20,
    draw_from_ply: 80,
};
/// A playout this long is a draw.
const MAX_PLIES: usize = 300;

/// How a book is grown: the command's numbers. The same recipe makes the
/// same book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// Plies grown from the start (the deepest book moves are played at
    /// ply `plies`, counting the first as 1).
    pub plies: u32,
    /// Nodes of each position's search.
    pub nodes: u64,
    /// Moves kept at most in a position at ply 0, 1, …; the last applies to
    /// every later ply.
    pub widths: Vec<usize>,
    /// Moves within this many centipawns of the best are kept.
    pub margin: i32,
    /// Games played on from each leaf (0: no results, only scores).
    pub games: u32,
    /// Nodes a move in those games.
    pub game_nodes: u64,
}

impl Recipe {
    /// The number of moves kept at `ply`.
    pub fn width(&self, ply: u32) -> usize {
        let i = (ply as usize).min(self.widths.len().saturating_sub(1));
        self.widths.get(i).copied().unwrap_or(1).max(1)
    }

    /// The command that makes this book (stored in the file).
    pub fn command(&self) -> String {
        let widths: Vec<String> = self.widths.iter().map(usize::to_string).collect();
        format!(
            "xiangqi book build --plies {} --nodes {} --width {} --margin {} --games {} --game-nodes {}",
            self.plies,
            self.nodes,
            widths.join(","),
            self.margin,
            self.games,
            self.game_nodes
        )
    }
}

/// Where a build is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildProgress {
    /// Searching the positions at `ply`: `done` of `total`.
    Grow {
        /// The ply.
        ply: u32,
        /// Positions searched.
        done: usize,
        /// Positions at that ply.
        total: usize,
    },
    /// Playing games from the leaves: `done` of `total` leaves.
    Play {
        /// Leaves played.
        done: usize,
        /// Leaves.
        total: usize,
    },
}

/// Grows the book `recipe` describes on `threads` threads, telling
/// `progress` as it goes (from any of them).
pub fn build(recipe: &Recipe, threads: usize, progress: &(dyn Fn(BuildProgress) + Sync)) -> Book {
    let mut book = Book::new(recipe.command());
    let start = Position::startpos();
    let mut seen: HashSet<u64> = HashSet::from([start.hash()]);
    let mut frontier: Vec<(Option<(u32, Move)>, Position)> = vec![(None, start)];
    for ply in 0..recipe.plies {
        let width = recipe.width(ply);
        let total = frontier.len();
        let chosen = parallel(
            &frontier,
            threads,
            |engine, (_, pos)| candidates(engine, pos, width, recipe.nodes, recipe.margin),
            |done| progress(BuildProgress::Grow { ply, done, total }),
        );
        let mut next = Vec::new();
        for ((from, pos), moves) in frontier.into_iter().zip(chosen) {
            if moves.is_empty() {
                // Mated or stalemated: a leaf.
                continue;
            }
            let book_moves = moves
                .iter()
                .map(|&(mv, score)| BookMove::new(mv, score, [0; 3]))
                .collect();
            let index = book.push(from, pos, book_moves) as u32;
            for &(mv, _) in &moves {
                let mut child = pos;
                child.make(mv);
                let mirror = mirrored(&child).map_or(child.hash(), |m| m.hash());
                if ply + 1 < recipe.plies && !seen.contains(&mirror) && seen.insert(child.hash()) {
                    next.push((Some((index, mv)), child));
                }
            }
        }
        frontier = next;
    }
    play_out(&mut book, recipe, threads, progress);
    book
}

/// The moves kept in `pos` with their scores, best first: those of the
/// search's last finished depth within `margin` of the best, at most
/// `width`; none when there is no legal move.
fn candidates(
    engine: &mut Engine,
    pos: &Position,
    width: usize,
    nodes: u64,
    margin: i32,
) -> Vec<(Move, Score)> {
    engine.clear();
    // In a position that is its own mirror image (the start) a move and
    // its mirror are one opening: twice the lines, one of each pair kept.
    let symmetric = mirrored(pos).is_some_and(|m| m.hash() == pos.hash());
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let request = SearchRequest::new(pos, &[], &stop)
        .limits(limits)
        .lines(if symmetric { 2 * width } else { width });
    // Each finished depth reports all its lines, best first.
    let mut lines: Vec<(Move, Score)> = Vec::new();
    let result = engine.search(&request, &mut |info| {
        if info.multipv == 1 {
            lines.clear();
        }
        if let Some(&mv) = info.pv.first() {
            lines.push((mv, info.score));
        }
    });
    if result.best.is_null() {
        return Vec::new();
    }
    if lines.is_empty() {
        lines.push((result.best, result.score));
    }
    if symmetric {
        lines = fold_mirrors(&lines);
    }
    let best = centipawns(lines[0].1);
    lines.retain(|&(_, s)| centipawns(s) >= best.saturating_sub(margin));
    lines.truncate(width);
    lines
}

/// One move of each mirrored pair, at the better score of the two (the
/// order kept): the one on Red's right (炮二平五, not 炮八平五) or
/// Black's, as players name the openings.
fn fold_mirrors(lines: &[(Move, Score)]) -> Vec<(Move, Score)> {
    let right = |m: Move| {
        let (from, to) = (m.from().file(), m.to().file());
        // Red's right is files e–i; Black's, seen from Black, a–e (an
        // opening move starts on its own side's half).
        let red = crate::rules::geometry::own_half(crate::rules::Color::Red, m.from());
        let side = if from == 4 { to } else { from };
        if red { side > 4 } else { side < 4 }
    };
    let mut kept: Vec<(Move, Score)> = Vec::new();
    for &(mv, score) in lines {
        let mirror = mirror_move(mv);
        if kept.iter().any(|&(k, _)| k == mirror || k == mv) {
            continue;
        }
        let paired = mirror != mv && lines.iter().any(|&(m, _)| m == mirror);
        let canonical = if paired && !right(mv) { mirror } else { mv };
        kept.push((canonical, score));
    }
    kept
}

/// A score as centipawns, mates beyond any.
fn centipawns(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    }
}

/// Plays the games from the leaves and writes each move's results.
fn play_out(
    book: &mut Book,
    recipe: &Recipe,
    threads: usize,
    progress: &(dyn Fn(BuildProgress) + Sync),
) {
    // The leaves, in the order the tree meets them.
    let mut leaves: Vec<Position> = Vec::new();
    let mut leaf_index: HashMap<u64, usize> = HashMap::new();
    for (position, moves) in book.positions() {
        for m in moves {
            let mut child = *position;
            child.make(m.mv);
            if book.find(&child).is_some() || leaf_of(&leaf_index, &child).is_some() {
                continue;
            }
            leaf_index.insert(child.hash(), leaves.len());
            leaves.push(child);
        }
    }
    let total = leaves.len();
    let results: Vec<[u32; 3]> = parallel(
        &leaves,
        threads,
        |engine, pos| {
            let mut counts = [0u32; 3];
            for g in 0..recipe.games {
                let nodes = (recipe.game_nodes * (4 + u64::from(g)) / 4).max(1);
                counts[slot(playout(engine, *pos, nodes))] += 1;
            }
            counts
        },
        |done| progress(BuildProgress::Play { done, total }),
    );
    // Red's wins, draws and Black's wins below each position, the deepest
    // first (a position's children come after it, but for a move back into
    // an earlier position).
    let mut below = vec![[0u32; 3]; book.len()];
    for i in (0..book.len()).rev() {
        let Some((&pos, moves)) = book.entry(i) else {
            continue;
        };
        let mover = pos.side_to_move();
        let counts: Vec<[u32; 3]> = moves
            .iter()
            .map(|m| {
                let mut child = pos;
                child.make(m.mv);
                match book.find(&child) {
                    Some((j, _)) if j > i => below[j],
                    Some(_) => [0; 3],
                    None => leaf_of(&leaf_index, &child).map_or([0; 3], |l| results[l]),
                }
            })
            .collect();
        let mut sum = [0u32; 3];
        let moves = book.moves_mut(i).unwrap_or_default();
        for (m, &[red, draws, black]) in moves.iter_mut().zip(&counts) {
            (m.wins, m.draws, m.losses) = if mover == crate::rules::Color::Red {
                (red, draws, black)
            } else {
                (black, draws, red)
            };
            sum[0] += red;
            sum[1] += draws;
            sum[2] += black;
        }
        below[i] = sum;
    }
}

/// The leaf that is `pos` or its mirror image.
fn leaf_of(leaves: &HashMap<u64, usize>, pos: &Position) -> Option<usize> {
    leaves
        .get(&pos.hash())
        .copied()
        .or_else(|| mirrored(pos).and_then(|m| leaves.get(&m.hash()).copied()))
}

/// Red's win, a draw, Black's win: 0, 1, 2.
fn slot(result: GameResult) -> usize {
    match result.winner() {
        Some(crate::rules::Color::Red) => 0,
        None => 1,
        Some(_) => 2,
    }
}

/// One game of the engine against itself from `start`, `nodes` a move.
fn playout(engine: &mut Engine, start: Position, nodes: u64) -> GameResult {
    engine.clear();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut game = Game::new(start);
    let mut adjudicator = Adjudicator::new(ADJUDICATION);
    loop {
        if let Some(o) = game.outcome() {
            return o.result;
        }
        if game.ply() >= MAX_PLIES {
            return GameResult::Draw;
        }
        let (positions, _) = game.history();
        let Some((pos, before)) = positions.split_last() else {
            return GameResult::Draw;
        };
        let pos = *pos;
        let request = SearchRequest::new(&pos, before, &stop).limits(limits.clone());
        let r = engine.search(&request, &mut |_| {});
        if r.best.is_null() {
            return GameResult::win_for(pos.side_to_move().flip());
        }
        let red = centipawns(r.score).clamp(-100_000, 100_000) * pos.side_to_move().sign();
        if let Some(result) = adjudicator.judge(red, game.ply()) {
            return result;
        }
        if game.play(r.best).is_err() {
            return GameResult::win_for(pos.side_to_move().flip());
        }
    }
}

/// `work` on every item on `threads` threads, each with its own engine;
/// the answers in the items' order. `done` hears the count finished.
fn parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&mut Engine, &T) -> R + Sync,
    done: impl Fn(usize) + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let answers: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                let mut engine = Engine::new(BUILD_HASH_MB);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else {
                        break;
                    };
                    let answer = work(&mut engine, item);
                    lock(&answers)[i] = Some(answer);
                    done(finished.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
    answers
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .into_iter()
        .flatten()
        .collect()
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::book::format;

    fn tiny() -> Recipe {
        Recipe {
            plies: 2,
            nodes: 3_000,
            widths: vec![3, 2],
            margin: 60,
            games: 1,
            game_nodes: 300,
        }
    }

    #[test]
    fn a_tiny_build_is_the_same_every_time_and_on_any_threads() {
        let quiet = |_| {};
        let one = format::to_bytes(&build(&tiny(), 1, &quiet));
        let two = format::to_bytes(&build(&tiny(), 2, &quiet));
        assert_eq!(one, two);
        let book = format::from_bytes(&one).unwrap();
        assert_eq!(book.recipe(), tiny().command());
        let start = Position::startpos();
        let firsts = book.moves(&start);
        assert!(!firsts.is_empty() && firsts.len() <= 3, "{firsts:?}");
        // Every first move's reply is in the book, and every game counted
        // at the start is counted once below.
        for m in &firsts {
            let mut after = start;
            after.make(m.mv);
            let replies = book.moves(&after);
            assert!(!replies.is_empty() && replies.len() <= 2);
            let below: u64 = replies.iter().map(BookMove::games).sum();
            assert_eq!(below, m.games(), "{}", m.mv);
            // Red's wins after a first move are Black's losses after it.
            let red_wins: u32 = replies.iter().map(|r| r.losses).sum();
            assert_eq!(red_wins, m.wins);
        }
        assert_eq!(book.depth(), 1);
        // One game a leaf: as many games at the start as leaves.
        let leaves: usize = book.positions().skip(1).map(|(_, m)| m.len()).sum();
        let at_start: u64 = firsts.iter().map(BookMove::games).sum();
        assert_eq!(at_start as usize, leaves);
    }

    #[test]
    fn widths_narrow_and_the_last_repeats() {
        let r = Recipe {
            widths: vec![6, 3, 1],
            ..tiny()
        };
        assert_eq!(
            (0..5).map(|p| r.width(p)).collect::<Vec<_>>(),
            [6, 3, 1, 1, 1]
        );
        assert!(r.command().contains("--width 6,3,1"));
    }
}
