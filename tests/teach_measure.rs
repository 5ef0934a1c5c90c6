//! The teacher measured on real games (issue 41): on positions where the
//! move played wins material or mates by a criterion of its own (the
//! engine's search at a fixed depth, not the teacher), how often the
//! teacher names a fitting motif; on quiet positions (the engine sees no
//! material change in its line after the move), how often it claims a
//! `hanging` piece or a `fork` that is not there; and how long a move's
//! explanation takes.
//!
//! The set is `tests/data/tactics.jsonl`, built by
//! `cargo test --release --no-default-features --test teach_measure -- --ignored build_the_set --nocapture`
//! from the games named in its first line; measured by
//! `cargo test --release --no-default-features --test teach_measure -- --ignored measure --nocapture`.
//! The test that is not ignored holds the shares on a fixed part of the
//! set, so that a regression fails in CI.

use serde_json::{Value, json};
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use xiangqi::engine::{Engine, Limits, Score, SearchRequest};
use xiangqi::rules::records::import_games;
use xiangqi::rules::{Color, Move, PieceKind, Position};
use xiangqi::store::record::read_collection_bytes;
use xiangqi::teach::{Explainer, Kind, Motif};

const SET: &str = "tests/data/tactics.jsonl";

/// The depth of the engine's search that decides what a position is.
const DEPTH: u32 = 8;

/// Material won that makes a tactic: about a piece (a horse is 400).
const PIECE: i32 = 300;

/// How many tactic and quiet positions the set holds.
const TACTICS: usize = 200;
const QUIET: usize = 200;

/// Material by plain piece values, apart from the teacher's own table.
fn material(pos: &Position, c: Color) -> i32 {
    pos.pieces(c)
        .map(|(_, p)| match p.kind {
            PieceKind::Chariot => 900,
            PieceKind::Cannon => 450,
            PieceKind::Horse => 400,
            PieceKind::Advisor | PieceKind::Elephant => 200,
            PieceKind::Soldier => 100,
            PieceKind::General => 0,
        })
        .sum()
}

fn balance(pos: &Position, c: Color) -> i32 {
    material(pos, c) - material(pos, c.flip())
}

fn search(engine: &mut Engine, pos: &Position) -> (Score, Vec<Move>) {
    engine.clear();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(DEPTH),
        ..Limits::default()
    };
    let request = SearchRequest::new(pos, &[], &stop).limits(limits);
    let r = engine.search(&request, &mut |_| {});
    (r.score, r.pv)
}

/// The mover's material change along `line` from `pos`, counted after the
/// last reply (an even number of plies, at most `plies`).
fn line_gain(pos: &Position, line: &[Move], plies: usize) -> Option<i32> {
    let n = line.len().min(plies) / 2 * 2;
    if n == 0 {
        return None;
    }
    let me = pos.side_to_move();
    let mut end = *pos;
    for &m in &line[..n] {
        end.play(m).ok()?;
    }
    Some(balance(&end, me) - balance(pos, me))
}

fn captures_in(pos: &Position, line: &[Move]) -> bool {
    let mut p = *pos;
    for &m in line {
        if p.piece_at(m.to()).is_some() || p.play(m).is_err() {
            return true;
        }
    }
    false
}

/// The games, each as its source's name, start and main line: the CCGC
/// tournament games, the records in other formats, then the calibration
/// games taken in turn from each file.
fn games() -> Vec<(String, Position, Vec<Move>)> {
    let read = |path: &Path| -> Vec<(String, Position, Vec<Move>)> {
        let bytes = read_collection_bytes(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        import_games(&bytes)
            .into_iter()
            .enumerate()
            .filter_map(|(i, g)| {
                let g = g.ok()?;
                Some((format!("{name}#{}", i + 1), *g.start(), g.main_line()))
            })
            .collect()
    };
    let listed = |dir: &str| -> Vec<std::path::PathBuf> {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "md"))
            .collect();
        v.sort();
        v
    };
    let mut out = Vec::new();
    for p in listed("tests/data/pgn")
        .into_iter()
        .chain(listed("tests/data/records"))
        .chain(listed("tests/data/records/xqf"))
    {
        out.extend(read(&p));
    }
    let files: Vec<_> = listed("benches/calibration")
        .iter()
        .map(|p| read(p))
        .collect();
    let longest = files.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..longest {
        for f in &files {
            if let Some(g) = f.get(i) {
                out.push(g.clone());
            }
        }
    }
    out
}

/// Builds `tests/data/tactics.jsonl` from the games (release build: a few
/// minutes).
#[test]
#[ignore]
fn build_the_set() {
    let mut engine = Engine::new(16);
    let (mut tactics, mut quiet) = (Vec::new(), Vec::new());
    let games = games();
    for (gi, (name, start, moves)) in games.iter().enumerate() {
        if tactics.len() >= TACTICS && quiet.len() >= QUIET {
            break;
        }
        let mut positions = vec![*start];
        for &m in moves {
            let mut p = *positions.last().unwrap();
            if p.play(m).is_err() {
                break;
            }
            positions.push(p);
        }
        let (mut taken, mut last) = (0, None::<usize>);
        let quiet_from = 12 + (gi * 7) % 40;
        let mut quiet_taken = false;
        for i in 0..positions.len() - 1 {
            let (pos, m) = (positions[i], moves[i]);
            let after_capture = i > 0 && positions[i - 1].piece_at(moves[i - 1].to()).is_some();
            if after_capture || pos.in_check() {
                continue;
            }
            let me = pos.side_to_move();
            // Tactic: the game's record shows the mover ahead soon after, and
            // the engine's best move is the one played and wins a piece or
            // mates.
            let soon = [2, 4, 6]
                .iter()
                .filter_map(|&k| positions.get(i + k))
                .map(|p| balance(p, me) - balance(&pos, me))
                .max()
                .unwrap_or(0);
            let ends_mated = positions.len() - 1 - i <= 11
                && !positions.last().unwrap().has_legal_move()
                && (positions.len() - 1 - i) % 2 == 1;
            if tactics.len() < TACTICS
                && taken < 2
                && last.is_none_or(|l| i >= l + 6)
                && (soon >= PIECE || ends_mated)
            {
                let (score, pv) = search(&mut engine, &pos);
                if pv.first() == Some(&m) {
                    let family = match score {
                        Score::Mate(n) if n > 0 && n <= 6 => Some(("mate", 0, Some(n))),
                        Score::Mate(_) => None,
                        Score::Cp(_) => match line_gain(&pos, &pv, 8) {
                            Some(g) if g >= PIECE => Some((
                                if pos.piece_at(m.to()).is_some() {
                                    "capture"
                                } else {
                                    "attack"
                                },
                                g,
                                None,
                            )),
                            _ => None,
                        },
                    };
                    if let Some((family, gain, mate_in)) = family {
                        tactics.push(json!({
                            "fen": pos.fen(),
                            "move": xiangqi::rules::to_iccs(m),
                            "family": family,
                            "gain": gain,
                            "mate_in": mate_in,
                            "line": pv.iter().take(8).map(|&x| xiangqi::rules::to_iccs(x)).collect::<Vec<_>>(),
                            "game": format!("{name} ply {}", i + 1),
                        }));
                        taken += 1;
                        last = Some(i);
                        continue;
                    }
                }
            }
            // Quiet: a move that takes nothing and gives no check, the
            // game's next plies take nothing, and the engine's line after
            // it takes nothing either.
            if quiet.len() < QUIET && !quiet_taken && i >= quiet_from {
                let mut after = pos;
                after.play(m).unwrap();
                let calm = (i..(i + 4).min(moves.len()))
                    .all(|k| positions[k].piece_at(moves[k].to()).is_none());
                if calm && !after.in_check() && after.has_legal_move() {
                    let (score, pv) = search(&mut engine, &after);
                    if matches!(score, Score::Cp(_))
                        && pv.len() >= 4
                        && !captures_in(&after, &pv[..4])
                    {
                        quiet.push(json!({
                            "fen": pos.fen(),
                            "move": xiangqi::rules::to_iccs(m),
                            "family": "quiet",
                            "line": pv.iter().take(8).map(|&x| xiangqi::rules::to_iccs(x)).collect::<Vec<_>>(),
                            "game": format!("{name} ply {}", i + 1),
                        }));
                        quiet_taken = true;
                    }
                }
            }
        }
        eprintln!(
            "{gi} {name}: {} tactics, {} quiet",
            tactics.len(),
            quiet.len()
        );
    }
    let mut text = String::from(concat!(
        "{\"source\": \"Positions from real games: tests/data/pgn (CCGC 2006), tests/data/records, ",
        "then benches/calibration/*.pgn.gz taken in turn (engine games). A tactic: the previous move took nothing, ",
        "the side to move is not in check, the game shows it a piece (300) ahead within 6 plies or mated soon, ",
        "and the engine's best move at depth 8 is the move played and mates (in at most 6) or wins at least 300 ",
        "by plain values along its line (after the reply, at most 8 plies); at most 2 a game, 6 plies apart. ",
        "Family: mate, capture (the move takes), attack (it does not). Quiet: one a game from ply 12 + (7 x game index mod 40) on, ",
        "a move that takes nothing and gives no check, the game's next 4 plies take nothing, the engine's line at depth 8 ",
        "after the move takes nothing in 4 plies. Built by tests/teach_measure.rs build_the_set.\"}\n"
    ));
    for v in tactics.iter().chain(&quiet) {
        text.push_str(&v.to_string());
        text.push('\n');
    }
    std::fs::write(SET, text).unwrap();
    eprintln!("{} tactics, {} quiet", tactics.len(), quiet.len());
}

/// One position of the set.
struct Case {
    pos: Position,
    m: Move,
    family: String,
    game: String,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(SET).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            Case {
                pos: Position::from_fen(v["fen"].as_str().unwrap()).unwrap(),
                m: Move::from_iccs(v["move"].as_str().unwrap()).unwrap(),
                family: v["family"].as_str().unwrap().to_string(),
                game: v["game"].as_str().unwrap().to_string(),
            }
        })
        .collect()
}

/// True if the motifs found name what the family says happens.
fn fits(family: &str, found: &[Motif]) -> bool {
    let attack = |m: &Motif| {
        matches!(
            m.kind,
            Kind::Mate
                | Kind::Fork
                | Kind::DiscoveredAttack
                | Kind::DiscoveredCheck
                | Kind::DoubleCheck
                | Kind::Pin
                | Kind::Trapped
                | Kind::Threat
        )
    };
    match family {
        "mate" => found.iter().any(|m| m.kind == Kind::Mate),
        "capture" => found
            .iter()
            .any(|m| (m.kind == Kind::Capture && m.gain >= 100) || attack(m)),
        _ => found.iter().any(attack),
    }
}

/// A `hanging` piece the move leaves or a `fork` it makes: on a quiet
/// position, a false claim.
fn claims(found: &[Motif]) -> bool {
    found
        .iter()
        .any(|m| (m.kind == Kind::Hanging && m.by_move) || m.kind == Kind::Fork)
}

struct Measured {
    named: usize,
    tactics: usize,
    false_claims: usize,
    quiet: usize,
    times: Vec<Duration>,
    missed: Vec<String>,
    claimed: Vec<String>,
}

/// The explainer measured: the review's (`Explainer::default()`), or one
/// searching `XIANGQI_TEACH_NODES` nodes a search when that is set (to
/// compare budgets).
fn explainer() -> Explainer {
    match std::env::var("XIANGQI_TEACH_NODES") {
        Ok(n) => Explainer::new(n.parse().expect("a node count")),
        Err(_) => Explainer::default(),
    }
}

fn measure_on(cases: &[Case], mut explainer: Explainer) -> Measured {
    let mut out = Measured {
        named: 0,
        tactics: 0,
        false_claims: 0,
        quiet: 0,
        times: Vec::new(),
        missed: Vec::new(),
        claimed: Vec::new(),
    };
    for c in cases {
        let t = Instant::now();
        let found = explainer.of_move(&c.pos, &[], c.m);
        out.times.push(t.elapsed());
        let kinds: Vec<&str> = found.iter().map(|m| m.kind.name()).collect();
        let what = format!(
            "{} {} {} [{}] {}",
            c.family,
            c.pos.fen(),
            xiangqi::rules::to_iccs(c.m),
            kinds.join(" "),
            c.game
        );
        if c.family == "quiet" {
            out.quiet += 1;
            if claims(&found) {
                out.false_claims += 1;
                out.claimed.push(what);
            }
        } else {
            out.tactics += 1;
            if fits(&c.family, &found) {
                out.named += 1;
            } else {
                out.missed.push(what);
            }
        }
    }
    out
}

fn share(a: usize, b: usize) -> f64 {
    100.0 * a as f64 / b.max(1) as f64
}

/// Prints the shares and the time a move's explanation takes (release
/// build for the times).
#[test]
#[ignore]
fn measure() {
    let all = cases();
    let m = measure_on(&all, explainer());
    let mut times = m.times.clone();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|&d| ms(d)).sum::<f64>() / times.len() as f64;
    for f in ["mate", "capture", "attack"] {
        let n = all.iter().filter(|c| c.family == f).count();
        let miss = m.missed.iter().filter(|s| s.starts_with(f)).count();
        println!("{f}: {} of {n} named", n - miss);
    }
    println!(
        "tactics named: {} of {} ({:.1} %)",
        m.named,
        m.tactics,
        share(m.named, m.tactics)
    );
    println!(
        "quiet with a false hanging or fork: {} of {} ({:.1} %)",
        m.false_claims,
        m.quiet,
        share(m.false_claims, m.quiet)
    );
    println!(
        "explain per move: mean {:.1} ms, median {:.1} ms, 95th percentile {:.1} ms, max {:.1} ms ({} moves)",
        mean,
        ms(times[times.len() / 2]),
        ms(times[times.len() * 95 / 100]),
        ms(*times.last().unwrap()),
        times.len()
    );
    for s in &m.missed {
        println!("missed: {s}");
    }
    for s in &m.claimed {
        println!("false claim: {s}");
    }
}

/// A check told as winning material (a threat or a fork whose line is
/// the check, the answer and the capture).
fn check_claim(found: &[Motif]) -> Option<&Motif> {
    found
        .iter()
        .find(|m| matches!(m.kind, Kind::Threat | Kind::Fork) && m.line.len() == 3)
}

/// The checks of the games (every checking move played that does not
/// mate, at most `XIANGQI_CHECKS` of them, 400 by default): how many the
/// teacher says win material, and how many of those the engine's line
/// after the check (depth 8, its best answer) does not show winning at
/// least a soldier within 4 or 6 plies: false claims.
#[test]
#[ignore]
fn check_claims() {
    let limit: usize = std::env::var("XIANGQI_CHECKS")
        .map(|n| n.parse().expect("a count"))
        .unwrap_or(400);
    let mut engine = Engine::new(16);
    let mut explainer = explainer();
    let (mut checks, mut claimed, mut wrong) = (0, 0, Vec::new());
    'games: for (name, start, moves) in games() {
        let mut pos = start;
        for (i, &m) in moves.iter().enumerate() {
            let mut after = pos;
            if after.play(m).is_err() {
                break;
            }
            if after.in_check() && after.has_legal_move() && !pos.in_check() {
                checks += 1;
                let found = explainer.of_move(&pos, &[], m);
                if let Some(c) = check_claim(&found) {
                    claimed += 1;
                    let (score, pv) = search(&mut engine, &after);
                    let mut line = vec![m];
                    line.extend(pv);
                    let gain = [4, 6]
                        .iter()
                        .filter_map(|&k| line_gain(&pos, &line, k))
                        .max()
                        .unwrap_or(0);
                    if !matches!(score, Score::Mate(n) if n < 0) && gain < 100 {
                        wrong.push(format!(
                            "{} {} gain {} by the line {}, said {} ({name} ply {})",
                            pos.fen(),
                            xiangqi::rules::to_iccs(m),
                            gain,
                            line.iter()
                                .take(6)
                                .map(|&x| xiangqi::rules::to_iccs(x))
                                .collect::<Vec<_>>()
                                .join(" "),
                            xiangqi::teach::sentence(c, xiangqi::words::Language::En),
                            i + 1
                        ));
                    }
                }
                if checks >= limit {
                    break 'games;
                }
            }
            pos = after;
        }
    }
    println!(
        "checks: {checks}; told as winning material: {claimed}; not borne out by the engine's line: {}",
        wrong.len()
    );
    for w in &wrong {
        println!("not borne out: {w}");
    }
}

/// Every this many tactics of the set make the part CI holds.
const PART: usize = 20;

/// Nodes a search for the quiet half in CI: a `hanging` piece or a `fork`
/// is found by the rules and the exchange, not by the search (which only
/// silences them after a mate, and the quiet moves mate nothing), so a
/// small budget claims what the default does — 7 of the 200 at 500, 1,000,
/// 2,000 and 50,000 nodes — in a fraction of the time.
const QUIET_NODES: u64 = 1_000;

/// The shares held so that a regression fails in CI (about 10 s in a
/// debug build, where the whole set at the default budget takes minutes):
/// every twentieth tactic (10) at the review's budget, all named today (at
/// least 9 must be, the 90 % aim); and the whole quiet half (200), where 7
/// moves carry a false claim today (3.5 %) and more than 10 (the 5 % aim)
/// fails. The times are not held here: `measure` prints them, the `teach`
/// bench times one move.
#[test]
fn the_teacher_names_the_tactics_of_real_games_and_claims_little_falsely() {
    let (quiet, tactics): (Vec<Case>, Vec<Case>) =
        cases().into_iter().partition(|c| c.family == "quiet");
    let part: Vec<Case> = tactics.into_iter().step_by(PART).collect();
    let m = measure_on(&part, Explainer::default());
    assert_eq!(m.tactics, 10);
    assert!(
        m.named >= 9,
        "{} of {} named; missed:\n{}",
        m.named,
        m.tactics,
        m.missed.join("\n")
    );
    let q = measure_on(&quiet, Explainer::new(QUIET_NODES));
    assert_eq!(q.quiet, QUIET);
    assert!(
        q.false_claims * 20 <= q.quiet,
        "{} of {} claimed falsely:\n{}",
        q.false_claims,
        q.quiet,
        q.claimed.join("\n")
    );
}
