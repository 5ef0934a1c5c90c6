//! `xiangqi book build …` grows the opening book with the engine's own
//! search (see [`crate::learn::book_build`] and `docs/book.md`);
//! `xiangqi book show [--fen FEN] [--moves M…]` prints a position's book
//! moves with the engine's score and the games' wins, draws and losses.

use super::CliError;
use super::db::PositionArgs;
use super::output::{finish, padded};
use crate::engine::Score;
use crate::engine::book::{self, Book};
use crate::learn::book_build::{self, BuildProgress, Recipe};
use crate::rules::notation::{ChineseStyle, format_move};
use crate::rules::{Charset, Notation, Position};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Arguments of `book`.
#[derive(clap::Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(clap::Subcommand, Debug)]
enum BookCommand {
    /// Grow an opening book with the engine's search at fixed node budgets (the same command makes the same file).
    Build(BuildArgs),
    /// A position's book moves: the engine's score and how the games from each went.
    Show(ShowArgs),
}

/// Arguments of `book build`.
#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// The book file to write (replaced whole, atomically).
    #[arg(long, value_name = "FILE", default_value = "assets/book/book.bin")]
    out: PathBuf,
    /// Plies grown from the start position.
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=40))]
    plies: u32,
    /// Nodes of each position's search (several lines at once).
    #[arg(long, default_value_t = 500_000, value_parser = clap::value_parser!(u64).range(100..=1_000_000_000))]
    nodes: u64,
    /// Moves kept at most a position, ply by ply from the start; the last applies to every later ply.
    #[arg(long, value_delimiter = ',', default_values_t = [7, 4, 3, 2, 2, 2, 1], value_parser = clap::value_parser!(u8).range(1..=20))]
    width: Vec<u8>,
    /// Moves within this many centipawns of the best are kept.
    #[arg(long, default_value_t = 35, value_parser = clap::value_parser!(i32).range(0..=1000))]
    margin: i32,
    /// Games the engine plays against itself from each leaf of the tree, for the win/draw/loss counts.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=100))]
    games: u32,
    /// Nodes a move in those games.
    #[arg(long, default_value_t = 4_000, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    game_nodes: u64,
    /// Threads (default: every core); the book does not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
}

/// Arguments of `book show`.
#[derive(clap::Args, Debug)]
struct ShowArgs {
    #[command(flatten)]
    at: PositionArgs,
    /// A book file (default: the book inside the program).
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
    /// Notation of the moves.
    #[arg(long, default_value = "chinese", value_parser = ["chinese", "wxf", "iccs"])]
    notation: String,
    /// Print the book's recipe (the command that built it) and size instead.
    #[arg(long)]
    recipe: bool,
}

/// Runs a `book` command.
///
/// # Errors
/// Bad arguments, a book file that cannot be read or is not a book, a
/// file that cannot be written, output that cannot be written.
pub fn run(args: &BookArgs) -> Result<(), CliError> {
    match &args.command {
        BookCommand::Build(b) => run_build(b),
        BookCommand::Show(s) => run_show(s),
    }
}

fn run_build(args: &BuildArgs) -> Result<(), CliError> {
    crate::store::atomic::check_parent(&args.out)
        .map_err(|e| CliError::new(format!("--out {}: {e}", args.out.display())))?;
    let recipe = Recipe {
        plies: args.plies,
        nodes: args.nodes,
        widths: args.width.iter().map(|&w| usize::from(w)).collect(),
        margin: args.margin,
        games: args.games,
        game_nodes: args.game_nodes,
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t as usize,
    );
    let tty = std::io::stderr().is_terminal() && !args.quiet;
    let start = Instant::now();
    let last = Mutex::new(Instant::now() - Duration::from_secs(10));
    let report = |p: BuildProgress| {
        if !tty {
            return;
        }
        let mut last = last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if last.elapsed() < Duration::from_millis(250) {
            return;
        }
        *last = Instant::now();
        let what = match p {
            BuildProgress::Grow { ply, done, total } => {
                format!("ply {}: {done}/{total} positions searched", ply + 1)
            }
            BuildProgress::Play { done, total } => format!("games from {done}/{total} leaves"),
        };
        eprint!(
            "\r{what}, {}    ",
            crate::learn::datagen::clock(start.elapsed())
        );
    };
    let built = book_build::build(&recipe, threads, &report);
    if tty {
        eprintln!();
    }
    let bytes = book::format::to_bytes(&built);
    crate::store::atomic::write_atomic(&args.out, &bytes)
        .map_err(|e| CliError::new(format!("writing {}: {e}", args.out.display())))?;
    let moves: usize = built.positions().map(|(_, m)| m.len()).sum();
    let games: u64 = built
        .moves(&Position::startpos())
        .iter()
        .map(book::BookMove::games)
        .sum();
    let written = writeln!(
        std::io::stdout(),
        "{}: {} positions, {moves} moves, {} plies deep, {games} games, {} bytes, in {}",
        args.out.display(),
        built.len(),
        built.depth() + 1,
        bytes.len(),
        crate::learn::datagen::clock(start.elapsed())
    );
    finish(written)
}

/// Reads a book file.
fn read_book(path: &std::path::Path) -> Result<Book, CliError> {
    let bytes = super::input::read_limited(path, super::input::MAX_BOOK_BYTES, "a book file")
        .map_err(|e| CliError::new(format!("reading {}: {e}", path.display())))?;
    book::format::from_bytes(&bytes).map_err(|e| CliError::new(format!("{}: {e}", path.display())))
}

fn run_show(args: &ShowArgs) -> Result<(), CliError> {
    let loaded;
    let book = match &args.book {
        Some(path) => {
            loaded = read_book(path)?;
            &loaded
        }
        None => book::embedded(),
    };
    if args.recipe {
        let moves: usize = book.positions().map(|(_, m)| m.len()).sum();
        return finish(writeln!(
            std::io::stdout(),
            "recipe: {}\npositions: {}, moves: {moves}, book moves up to ply {}\npositions by ply: {}",
            super::output::escape_controls(book.recipe()),
            book.len(),
            book.depth() + 1,
            book.by_ply()
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    let (pos, opening) = args.at.with_opening()?;
    let notation = match args.notation.as_str() {
        "wxf" => Notation::Wxf,
        "iccs" => Notation::Iccs,
        _ => Notation::Chinese,
    };
    let mut out = std::io::stdout().lock();
    let written = (|| {
        writeln!(out, "{}", pos.fen())?;
        if let Some(o) = opening {
            writeln!(out, "opening: {o}")?;
        }
        let moves = book.moves(&pos);
        if moves.is_empty() {
            return writeln!(out, "not in the book");
        }
        writeln!(
            out,
            "{:<10} {:>6} {:>7}  {:>5} {:>5} {:>5}",
            "move", "score", "games", "win", "draw", "loss"
        )?;
        let style = ChineseStyle::from(Charset::Simplified);
        for m in moves {
            let text = format_move(&pos, m.mv, notation, style);
            let decided = m.games().max(1) as f64;
            let pct = |n: u32| format!("{:.0}%", 100.0 * f64::from(n) / decided);
            writeln!(
                out,
                "{} {:>6} {:>7}  {:>5} {:>5} {:>5}",
                padded(&text, 10),
                pawns(m.score()),
                m.games(),
                pct(m.wins),
                pct(m.draws),
                pct(m.losses),
            )?;
        }
        Ok(())
    })();
    finish(written)
}

/// A score as players read it: `+0.35`, `-1.20`, `M3`, `-M2`.
fn pawns(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("{:+.2}", f64::from(c) / 100.0),
        Score::Mate(n) if n > 0 => format!("M{n}"),
        Score::Mate(n) => format!("-M{}", -n),
    }
}
