//! `xiangqi puzzles build|rate|tag|merge|list|check`: the puzzles made from
//! games ([`crate::tactics`]) — generated, rated, themed again, merged,
//! listed and proved again. The recipe of the shipped set is `docs/puzzles.md`.

use super::CliError;
use super::output::finish;
use crate::engine::rng::Rng;
use crate::tactics::build::{self, ReadError};
use crate::tactics::mine::Settings;
use crate::tactics::prove::Budget;
use crate::tactics::{self, Tactic, Theme};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Arguments of `puzzles`.
#[derive(clap::Args, Debug)]
pub struct PuzzlesArgs {
    #[command(subcommand)]
    command: PuzzlesCommand,
}

#[derive(clap::Subcommand, Debug)]
enum PuzzlesCommand {
    /// Make puzzles from games: each one proved (every solver move the only good one), themed and rated.
    Build(BuildArgs),
    /// Rate puzzles by how the levels do on them (the unrated ones, or all `--again`).
    Rate(RateArgs),
    /// Theme puzzles again from their position and line (after a change to how themes are found).
    Tag(TagArgs),
    /// Join puzzle files, leaving out a position found twice (the first kept), sorted by rating.
    Merge(MergeArgs),
    /// List puzzles (default: the ones inside the program), one a line.
    List(ListArgs),
    /// Prove puzzles again; names every one that fails and exits non-zero.
    Check(CheckArgs),
}

#[derive(clap::Args, Debug)]
struct Work {
    /// Nodes of each search of the proof (the solver's with two lines).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1_000..=10_000_000_000))]
    nodes: u64,
    /// Threads (default: every core); the result does not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
}

/// Arguments of `puzzles build`.
#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// Game records (PGN, also .pgn.gz, or any record the game opens).
    #[arg(required = true)]
    games: Vec<PathBuf>,
    /// The puzzle file to write (JSON lines; replaced whole, atomically).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    work: Work,
    /// Nodes of the second look at each first move.
    #[arg(long, default_value_t = 4_000_000, value_parser = clap::value_parser!(u64).range(1_000..=10_000_000_000))]
    confirm: u64,
    /// Nodes of the brief look at every position of a game.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    scan: u64,
    /// Puzzles one game gives at most.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=50))]
    per_game: u32,
    /// Leave the rating at 0 (rate later with `puzzles rate`).
    #[arg(long)]
    no_rate: bool,
    /// Say on stderr, for each game, the chances found and why each turned-down one is no puzzle.
    #[arg(long)]
    verbose: bool,
}

/// Arguments of `puzzles rate`.
#[derive(clap::Args, Debug)]
struct RateArgs {
    /// The puzzle file.
    file: PathBuf,
    /// Where to write the rated puzzles.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Rate the puzzles already rated again too (a rating depends on the
    /// puzzle alone: by default only the unrated ones, rating 0, are rated).
    #[arg(long)]
    again: bool,
    #[command(flatten)]
    work: Work,
}

/// Arguments of `puzzles tag`.
#[derive(clap::Args, Debug)]
struct TagArgs {
    /// The puzzle file.
    file: PathBuf,
    /// Where to write the puzzles with their themes found again.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    #[command(flatten)]
    work: Work,
}

/// Arguments of `puzzles merge`.
#[derive(clap::Args, Debug)]
struct MergeArgs {
    /// Puzzle files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Where to write them.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Arguments of `puzzles list`.
#[derive(clap::Args, Debug)]
struct ListArgs {
    /// A puzzle file (default: the puzzles inside the program).
    file: Option<PathBuf>,
    /// Only puzzles with this theme (`puzzles list --themes` names them).
    #[arg(long)]
    theme: Option<String>,
    /// Only puzzles rated within A-B.
    #[arg(long, value_name = "A-B")]
    rating: Option<String>,
    /// One JSON object a line.
    #[arg(long)]
    json: bool,
    /// Count the puzzles of each theme instead.
    #[arg(long)]
    themes: bool,
}

/// Arguments of `puzzles check`.
#[derive(clap::Args, Debug)]
struct CheckArgs {
    /// A puzzle file (default: the puzzles inside the program).
    file: Option<PathBuf>,
    /// Check this many, drawn at random (the same ones for the same --seed).
    #[arg(long)]
    sample: Option<usize>,
    /// Which sample.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only the second look at each first move, at --nodes: still the
    /// engine's move and still the only good one.
    #[arg(long)]
    first: bool,
    /// Write the puzzles that pass to this file (replaced whole,
    /// atomically) and drop the rest: the last step of the recipe, which
    /// then succeeds however many fail.
    #[arg(long, value_name = "FILE")]
    keep: Option<PathBuf>,
    #[command(flatten)]
    work: Work,
}

/// Runs `puzzles`.
///
/// # Errors
/// [`CliError`] for a file that cannot be read or written, a bad option,
/// and (for `check`) the puzzles that fail.
pub fn run(args: &PuzzlesArgs) -> Result<(), CliError> {
    match &args.command {
        PuzzlesCommand::Build(a) => run_build(a),
        PuzzlesCommand::Rate(a) => run_rate(a),
        PuzzlesCommand::Tag(a) => run_tag(a),
        PuzzlesCommand::Merge(a) => run_merge(a),
        PuzzlesCommand::List(a) => run_list(a),
        PuzzlesCommand::Check(a) => run_check(a),
    }
}

fn threads(w: &Work) -> usize {
    w.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    )
}

/// A progress line on stderr, when it is a terminal and not `--quiet`.
fn progress(quiet: bool, what: &'static str, total: usize) -> impl Fn() + Sync {
    let shown = !quiet && std::io::stderr().is_terminal();
    let count = AtomicUsize::new(0);
    move || {
        let n = count.fetch_add(1, Ordering::Relaxed) + 1;
        if shown {
            eprint!("\r{what} {n}/{total}");
            if n == total {
                eprintln!();
            }
        }
    }
}

fn run_build(a: &BuildArgs) -> Result<(), CliError> {
    crate::store::atomic::check_parent(&a.out)
        .map_err(|e| CliError::new(format!("--out {}: {e}", a.out.display())))?;
    let mut games = Vec::new();
    for path in &a.games {
        let (g, bad) = build::read_games(path).map_err(|e: ReadError| CliError::new(e))?;
        if bad > 0 {
            eprintln!(
                "{}: {bad} games could not be read and are left out",
                path.display()
            );
        }
        games.extend(g);
    }
    let settings = Settings {
        budget: Budget {
            nodes: a.work.nodes,
            confirm: a.confirm,
        },
        scan: a.scan,
        per_game: a.per_game as usize,
        ..Settings::default()
    };
    let jobs = threads(&a.work);
    let tick = progress(a.work.quiet, "games", games.len());
    let said = |i: usize, f: &crate::tactics::mine::Found| {
        tick();
        if a.verbose {
            let name = &games[i].name;
            eprintln!("{name}: {} puzzles", f.tactics.len());
            for (ply, why) in &f.rejected {
                eprintln!("  ply {ply}: {why}");
            }
        }
    };
    let mut found = build::mine_all(&games, settings, jobs, &said);
    if !a.no_rate {
        let tick = progress(a.work.quiet, "rated", found.len());
        let solved = build::rate_all(&mut found, jobs, true, &|_, _| tick());
        say_solved(&solved);
    }
    write(&a.out, &found)?;
    eprintln!("{} puzzles from {} games", found.len(), games.len());
    Ok(())
}

fn run_rate(a: &RateArgs) -> Result<(), CliError> {
    let mut set = read(&a.file)?;
    let todo = set.iter().filter(|t| a.again || t.rating == 0).count();
    let tick = progress(a.work.quiet, "rated", todo);
    let solved = build::rate_all(&mut set, threads(&a.work), a.again, &|_, _| tick());
    say_solved(&solved);
    write(&a.out, &set)
}

/// How each rating level did on the puzzles just rated, on stderr: the
/// stronger the level, the more it should solve.
fn say_solved(solved: &build::Solved) {
    for (rating, &(ok, n)) in solved {
        let pct = 100.0 * f64::from(ok) / f64::from(n.max(1));
        eprintln!("level rated {rating}: solved {ok} of {n} tries ({pct:.0} %)");
    }
}

fn run_tag(a: &TagArgs) -> Result<(), CliError> {
    let mut set = read(&a.file)?;
    let tick = progress(a.work.quiet, "themed", set.len());
    let (changed, bad) = build::tag_all(&mut set, threads(&a.work), &|| tick());
    write(&a.out, &set)?;
    eprintln!("{} puzzles, the themes of {changed} changed", set.len());
    if bad.is_empty() {
        Ok(())
    } else {
        Err(CliError::new(format!(
            "{} puzzles whose line does not read kept their themes: {}",
            bad.len(),
            bad.join(", ")
        )))
    }
}

fn run_merge(a: &MergeArgs) -> Result<(), CliError> {
    let mut sets = Vec::new();
    for f in &a.files {
        sets.push(read(f)?);
    }
    let mut all = build::merge(sets);
    all.sort_by(|x, y| x.rating.cmp(&y.rating).then_with(|| x.id.cmp(&y.id)));
    write(&a.out, &all)?;
    eprintln!("{} puzzles", all.len());
    Ok(())
}

/// The puzzles of `file`, or the shipped ones.
fn set_of(file: Option<&PathBuf>) -> Result<Vec<Tactic>, CliError> {
    match file {
        Some(f) => read(f),
        None => Ok(tactics::all().to_vec()),
    }
}

fn read(path: &Path) -> Result<Vec<Tactic>, CliError> {
    let name = path.display();
    let bytes = crate::store::record::read_collection_bytes(path)
        .map_err(|e| CliError::new(format!("{name}: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        CliError::new(format!("{name}: not UTF-8 text (byte {at})"))
    })?;
    tactics::parse(&text).map_err(|e| CliError::new(format!("{name}: {e}")))
}

fn write(path: &Path, set: &[Tactic]) -> Result<(), CliError> {
    let mut text = String::new();
    for t in set {
        let line = serde_json::to_string(t).map_err(CliError::new)?;
        text.push_str(&line);
        text.push('\n');
    }
    crate::store::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| CliError::new(format!("writing {}: {e}", path.display())))
}

/// `A-B` as a range of ratings.
fn rating_range(text: &str) -> Result<(i32, i32), CliError> {
    let bad = || CliError::new(format!("--rating '{text}': give it as A-B, e.g. 1200-1800"));
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

fn run_list(a: &ListArgs) -> Result<(), CliError> {
    let set = set_of(a.file.as_ref())?;
    let theme = match &a.theme {
        Some(k) => Some(Theme::from_key(k).ok_or_else(|| {
            let known: Vec<&str> = Theme::ALL.iter().map(|t| t.key()).collect();
            CliError::new(format!(
                "--theme '{k}' is not a theme; the themes: {}",
                known.join(", ")
            ))
        })?),
        None => None,
    };
    let range = a.rating.as_deref().map(rating_range).transpose()?;
    let chosen: Vec<&Tactic> = set
        .iter()
        .filter(|t| theme.is_none_or(|th| t.has(th)))
        .filter(|t| range.is_none_or(|(lo, hi)| (lo..=hi).contains(&t.rating)))
        .collect();
    let mut out = std::io::stdout().lock();
    let written = if a.themes {
        list_themes(&mut out, &chosen)
    } else {
        chosen
            .iter()
            .try_for_each(|t| list_one(&mut out, t, a.json))
    };
    finish(written)
}

fn list_one(out: &mut impl Write, t: &Tactic, json: bool) -> std::io::Result<()> {
    if json {
        let line = serde_json::to_string(t).map_err(std::io::Error::other)?;
        return writeln!(out, "{line}");
    }
    writeln!(
        out,
        "{}  {:>4}  {}  {}  [{}]",
        t.id,
        t.rating,
        t.fen,
        t.moves.join(" "),
        t.themes.join(", ")
    )
}

fn list_themes(out: &mut impl Write, set: &[&Tactic]) -> std::io::Result<()> {
    for th in Theme::ALL {
        let n = set.iter().filter(|t| t.has(th)).count();
        writeln!(out, "{:<26} {n}", th.key())?;
    }
    Ok(())
}

/// `n` of `len` indices drawn with `seed`, in order.
fn sample(len: usize, n: usize, seed: u64) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..len).collect();
    let mut rng = Rng::new(seed);
    for i in 0..len.min(n) {
        let j = i + (rng.next_u64() % (len - i) as u64) as usize;
        idx.swap(i, j);
    }
    let mut chosen = idx[..len.min(n)].to_vec();
    chosen.sort_unstable();
    chosen
}

fn run_check(a: &CheckArgs) -> Result<(), CliError> {
    if let Some(out) = &a.keep {
        crate::store::atomic::check_parent(out)
            .map_err(|e| CliError::new(format!("--keep {}: {e}", out.display())))?;
    }
    let set = set_of(a.file.as_ref())?;
    let chosen: Vec<Tactic> = match a.sample {
        Some(n) => sample(set.len(), n, a.seed)
            .into_iter()
            .map(|i| set[i].clone())
            .collect(),
        None => set,
    };
    let budget = Budget {
        nodes: a.work.nodes,
        confirm: a.work.nodes,
    };
    let tick = progress(a.work.quiet, "checked", chosen.len());
    let failed = build::check_all(&chosen, budget, a.first, threads(&a.work), &|_, _| tick());
    for (id, why) in &failed {
        eprintln!("{id}: {why}");
    }
    let ids: Vec<&str> = failed.iter().map(|(id, _)| id.as_str()).collect();
    if let Some(out) = &a.keep {
        let kept: Vec<Tactic> = chosen
            .into_iter()
            .filter(|t| !ids.contains(&t.id.as_str()))
            .collect();
        write(out, &kept)?;
        println!("{} puzzles proved, {} dropped", kept.len(), ids.len());
        return Ok(());
    }
    if failed.is_empty() {
        println!("{} puzzles proved", chosen.len());
        Ok(())
    } else {
        Err(CliError::new(format!(
            "{} of {} puzzles fail: {}",
            failed.len(),
            chosen.len(),
            ids.join(", ")
        )))
    }
}
