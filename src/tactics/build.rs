//! The generator and the second proof on several threads: games read
//! through the one door for records ([`crate::store::record`]), mined
//! ([`Miner`]), rated ([`rate`]) and merged without duplicates; a set
//! proved again ([`Prover::check`]). Results never depend on the number
//! of threads: each game and each puzzle is searched on its own, from a
//! cleared table.

use super::mine::{Found, GameMoves, Miner, Settings};
use super::prove::{Budget, Prover, Rejected};
use super::{Tactic, rate, tag};
use crate::engine::Engine;
use crate::store::record::{self, OpenedGame};
use crate::teach::motif::Explainer;
use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Themes every puzzle of `tactics` again from its position and line
/// (`tag::of_tactic`), on `jobs` threads. Returns the puzzles whose
/// themes changed; a puzzle whose line does not read keeps its themes and
/// is named in the second value.
pub fn tag_all(
    tactics: &mut [Tactic],
    jobs: usize,
    done: &(dyn Fn() + Sync),
) -> (usize, Vec<String>) {
    let themed = par_map(
        tactics,
        jobs,
        || Explainer::new(50_000),
        tag::of_tactic,
        &|_, _| done(),
    );
    let (mut changed, mut bad) = (0, Vec::new());
    for (t, themes) in tactics.iter_mut().zip(themed) {
        let Some(themes) = themes else {
            bad.push(t.id.clone());
            continue;
        };
        let keys: Vec<String> = themes.iter().map(|x| x.key().to_string()).collect();
        if keys != t.themes {
            t.themes = keys;
            changed += 1;
        }
    }
    (changed, bad)
}

/// A record file that could not be read.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {problem}")]
pub struct ReadError {
    /// The file.
    pub path: String,
    /// What went wrong.
    pub problem: String,
}

/// The games of a record file (a game that cannot be read is skipped and
/// counted in the second value).
///
/// # Errors
/// [`ReadError`] for a file that cannot be read at all.
pub fn read_games(path: &Path) -> Result<(Vec<GameMoves>, usize), ReadError> {
    let bytes = record::read_collection_bytes(path).map_err(|e| ReadError {
        path: path.display().to_string(),
        problem: e.to_string(),
    })?;
    let mut games = Vec::new();
    let mut bad = 0;
    record::for_each_game(&bytes, |_, g| match g {
        Ok(g) => games.push(GameMoves {
            name: game_name(&g),
            start: *g.game.start(),
            moves: g.game.all_moves().to_vec(),
        }),
        Err(_) => bad += 1,
    });
    Ok((games, bad))
}

/// What a puzzle says its game was: `Level 5 – Level 7, game 12` for the
/// ladder's games, else the players, the event and the round.
pub fn game_name(g: &OpenedGame) -> String {
    let level = |side: &str| {
        let name = g.tag(side).unwrap_or("?");
        ladder_level(name).map_or(name.to_string(), |n| format!("Level {n}"))
    };
    let (red, black) = (level("Red"), level("Black"));
    let round = g.tag("Round").filter(|r| !r.is_empty() && *r != "?");
    let event = g
        .tag("Event")
        .filter(|e| !e.is_empty() && !e.starts_with("xiangqi match"));
    let mut name = format!("{red} – {black}");
    if let Some(e) = event {
        name.push_str(&format!(", {e}"));
    }
    if let Some(r) = round {
        name.push_str(&format!(", game {r}"));
    }
    name
}

/// The level of a ladder player as a match names it: `xiangqi L5`, or
/// `xiangqi L5 seed=2` for another series of its games.
fn ladder_level(name: &str) -> Option<u8> {
    let rest = name.strip_prefix("xiangqi L")?;
    let (n, more) = rest.split_once(' ').unwrap_or((rest, ""));
    let seeded = more.is_empty()
        || more
            .strip_prefix("seed=")
            .is_some_and(|s| s.parse::<u64>().is_ok());
    n.parse().ok().filter(|_| seeded)
}

/// `f` over `items` on `jobs` threads, each with its own worker made by
/// `make`; the results in the items' order. `done` hears each finished item.
pub fn par_map<T: Sync, W, R: Send>(
    items: &[T],
    jobs: usize,
    make: impl Fn() -> W + Sync,
    f: impl Fn(&mut W, &T) -> R + Sync,
    done: &(dyn Fn(usize, &R) + Sync),
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| {
                let mut w = make();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = f(&mut w, item);
                    done(i, &r);
                    if let Ok(mut o) = out.lock() {
                        o[i] = Some(r);
                    }
                }
            });
        }
    });
    let out = out.into_inner().unwrap_or_else(|e| e.into_inner());
    out.into_iter().flatten().collect()
}

/// The puzzles of `games`, in the games' order, without two of one
/// position (the first found is kept).
pub fn mine_all(
    games: &[GameMoves],
    settings: Settings,
    jobs: usize,
    done: &(dyn Fn(usize, &Found) + Sync),
) -> Vec<Tactic> {
    let found = par_map(games, jobs, || Miner::new(settings), |m, g| m.mine(g), done);
    merge(found.into_iter().map(|f| f.tactics))
}

/// How the rating levels did: for each level's rating, the tries it
/// solved and the tries it made.
pub type Solved = std::collections::BTreeMap<i32, (u32, u32)>;

/// Rates the puzzles by how the levels do on them (see [`rate`]): the
/// ones not rated yet (rating 0), or all of them `again`. A rating depends
/// on the puzzle alone, so a rated one keeps its rating. Returns how each
/// level did on the puzzles rated.
pub fn rate_all(
    tactics: &mut [Tactic],
    jobs: usize,
    again: bool,
    done: &(dyn Fn(usize, &i32) + Sync),
) -> Solved {
    let todo: Vec<usize> = (0..tactics.len())
        .filter(|&i| again || tactics[i].rating == 0)
        .collect();
    let items: Vec<Tactic> = todo.iter().map(|&i| tactics[i].clone()).collect();
    let rated = par_map(
        &items,
        jobs,
        || Engine::new(16),
        |e, t| {
            let tries = rate::tries(e, t);
            (rate::fit(&tries), tries)
        },
        &|i, (r, _)| done(i, r),
    );
    let mut solved = Solved::new();
    for (i, (r, tries)) in todo.into_iter().zip(rated) {
        tactics[i].rating = r;
        for (level, ok) in tries {
            let e = solved.entry(level as i32).or_default();
            e.0 += u32::from(ok);
            e.1 += 1;
        }
    }
    solved
}

/// Proves every puzzle again (or only looks at each first move again,
/// `first_only`: still the engine's and still the only good one at the
/// budget's `confirm`); the ones that fail, with why.
pub fn check_all(
    tactics: &[Tactic],
    budget: Budget,
    first_only: bool,
    jobs: usize,
    done: &(dyn Fn(usize, &Option<Rejected>) + Sync),
) -> Vec<(String, Rejected)> {
    let verdicts = par_map(
        tactics,
        jobs,
        || Prover::new(budget),
        |p, t| {
            if first_only {
                confirm_one(p, t).err()
            } else {
                check_one(p, t).err()
            }
        },
        done,
    );
    tactics
        .iter()
        .zip(verdicts)
        .filter_map(|(t, v)| v.map(|v| (t.id.clone(), v)))
        .collect()
}

/// Proves one puzzle again.
///
/// # Errors
/// [`Rejected`] for what fails.
pub fn check_one(p: &mut Prover, t: &Tactic) -> Result<(), Rejected> {
    let pos = t.position().map_err(|_| Rejected::Illegal(0))?;
    let line = t.line().ok_or(Rejected::Illegal(1))?;
    p.check(&pos, &line)
}

/// Looks at a stored puzzle's first move again ([`Prover::confirm`]).
///
/// # Errors
/// [`Rejected`] when it is no longer the engine's or no longer the only good one.
pub fn confirm_one(p: &mut Prover, t: &Tactic) -> Result<(), Rejected> {
    let pos = t.position().map_err(|_| Rejected::Illegal(0))?;
    let first = t
        .line()
        .and_then(|l| l.first().copied())
        .ok_or(Rejected::Illegal(1))?;
    p.confirm(&pos, &[], first)
}

/// Sets of puzzles as one, without two of one position (the first kept),
/// in the order given.
pub fn merge(sets: impl IntoIterator<Item = Vec<Tactic>>) -> Vec<Tactic> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for t in sets.into_iter().flatten() {
        let key = t.position().map_or(0, |p| p.hash());
        if seen.insert(key) {
            out.push(t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    fn one_move() -> Tactic {
        let line = r#"{"id":"0bf8903943","fen":"7R1/5kr2/b4a2c/9/2p3N2/9/p8/1n2K4/4R4/9 b - - 7 117","last":"h3g5","moves":["g8g5"],"themes":["material"],"rating":0,"source":{"game":"Level 1 – Level 3, game 47","ply":233}}"#;
        crate::tactics::parse(line).expect("reads").remove(0)
    }

    #[test]
    fn a_ladder_player_is_named_by_its_level_in_any_series() {
        assert_eq!(ladder_level("xiangqi L5"), Some(5));
        assert_eq!(ladder_level("xiangqi L12 seed=3"), Some(12));
        assert_eq!(ladder_level("xiangqi L2 careless=60"), None);
        assert_eq!(ladder_level("xiangqi Lx"), None);
        assert_eq!(ladder_level("Pikafish"), None);
    }

    #[test]
    fn a_ladder_games_name_reads_back_as_its_levels_and_game() {
        // What the generator writes, the trainer reads (`Source::ladder`).
        let pgn = "[Game \"Chinese Chess\"]\n[Event \"xiangqi match, 5000 ms a move\"]\n\
                   [Round \"57\"]\n[Red \"xiangqi L2 seed=2\"]\n[Black \"xiangqi L4\"]\n\
                   [Result \"*\"]\n[Format \"ICCS\"]\n\n1. h0g2 c9e7 *\n";
        let mut names = Vec::new();
        record::for_each_game(pgn.as_bytes(), |_, g| {
            names.push(game_name(&g.expect("reads")))
        });
        assert_eq!(names, ["Level 2 – Level 4, game 57"]);
        let source = crate::tactics::Source {
            game: names.remove(0),
            ply: 3,
        };
        let ladder = crate::tactics::LadderGame {
            red: 2,
            black: 4,
            game: 57,
        };
        assert_eq!(source.ladder(), Some(ladder));
    }

    #[test]
    fn rating_leaves_the_rated_alone_unless_asked_again() {
        let rated = Tactic {
            id: "rated".into(),
            rating: 1234,
            ..one_move()
        };
        let mut set = vec![rated, one_move()];
        let asked = AtomicUsize::new(0);
        let count = |_: usize, _: &i32| {
            asked.fetch_add(1, Ordering::Relaxed);
        };
        let solved = rate_all(&mut set, 2, false, &count);
        assert_eq!(asked.load(Ordering::Relaxed), 1);
        let tries: u32 = solved.values().map(|&(_, n)| n).sum();
        assert_eq!(tries as usize, rate::RATERS.len() * rate::TRIES as usize);
        assert_eq!(set[0].rating, 1234);
        let fitted = set[1].rating;
        assert!((400..=6000).contains(&fitted), "{fitted}");
        rate_all(&mut set, 2, true, &count);
        assert_eq!(asked.load(Ordering::Relaxed), 3);
        assert_eq!((set[0].rating, set[1].rating), (fitted, fitted));
    }
}
