//! The command line: `xiangqi [play|perft|replay|review|render|match|lessons|levels|rate|db|book|datagen|train|uci|bench|gen-sounds|gen-icon]`.
//!
//! Every failure is one line on stderr starting with `error:` and exit code
//! 2; nothing here panics on user input.

mod book;
mod calibrate;
mod db;
mod dist;
mod explain;
mod input;
mod learn;
mod lessons;
mod levels;
mod matches;
mod moves;
mod output;
mod perft;
mod play;
mod puzzles;
mod rate;
mod render;
mod replay;
mod review;
mod spsa;
mod usage;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// An error for the user: printed as `error: {0}`, exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CliError(pub String);

impl CliError {
    /// Wraps anything printable.
    pub fn new(msg: impl std::fmt::Display) -> CliError {
        CliError(msg.to_string())
    }
}

/// `xiangqi --version`: the version, and on a line of its own what the
/// build holds, `features: gui` or `features: none` (`.ci/deb` packs only
/// a binary with the game window; `-V` prints the version alone).
const LONG_VERSION: &str = if cfg!(feature = "gui") {
    concat!(env!("CARGO_PKG_VERSION"), "\nfeatures: gui")
} else {
    concat!(
        env!("CARGO_PKG_VERSION"),
        "\nfeatures: none (no game window: the command line and the engine)"
    )
};

/// Xiangqi (Chinese chess): the game, and an engine for other programs.
#[derive(Parser, Debug)]
#[command(name = "xiangqi", bin_name = "xiangqi", version, long_version = LONG_VERSION, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the game (the menu, or straight into a game with --mode/--fen).
    Play(play::PlayArgs),
    /// Count the leaf nodes of the legal move tree (move generator check).
    Perft(perft::PerftArgs),
    /// Play moves (ICCS, WXF or Chinese, or a PGN file's) and print each in all three notations.
    Replay(replay::ReplayArgs),
    /// Draw a position as a PNG, or a game as an animated GIF.
    Render(render::RenderArgs),
    /// Judge every move of a recorded game with the engine (best … blunder) and sum up each side.
    Review(review::ReviewArgs),
    /// What a move does, or what stands in a position, in words: captures, forks, pins, threats, mates.
    Explain(explain::ExplainArgs),
    /// Play an engine-vs-engine match (built-in or external UCI/UCCI engines).
    Match(Box<matches::MatchArgs>),
    /// The beginner's course: chapters and lessons, or prove every exercise (--check).
    Lessons(lessons::LessonsArgs),
    /// The difficulty levels: how each plays, its rating and the games it rests on.
    Levels,
    /// Fit ratings for every player of match PGNs, all their games at once (maximum likelihood).
    Rate(rate::RateArgs),
    /// Does a shown score keep its promise? Scores in match PGNs against the points then taken.
    Calibrate(calibrate::CalibrateArgs),
    /// The game database: import collections, search by position, stats, export, benchmark.
    Db(Box<db::DbArgs>),
    /// The opening book: grow it with the engine's search, or show a position's book moves.
    Book(book::BookArgs),
    /// Puzzles made from games: build them (proved, themed, rated), list them, prove them again.
    Puzzles(puzzles::PuzzlesArgs),
    /// Make training data for the evaluation network: the engine plays itself at a small node budget.
    Datagen(learn::DatagenArgs),
    /// Train the evaluation network on datagen files (CPU, all cores) and write it quantised.
    Train(Box<learn::TrainArgs>),
    /// Tune the search's pruning and reduction thresholds by SPSA (games of
    /// perturbed pairs at fixed nodes) and write them as a margins file.
    Spsa(Box<spsa::SpsaArgs>),
    /// Run as an engine speaking UCI (or UCCI, if the GUI says `ucci`) on stdin/stdout.
    #[command(alias = "ucci")]
    Uci,
    /// Search fixed positions to a fixed depth and print nodes, time and nodes/s.
    Bench {
        /// Search depth in plies.
        #[arg(long, default_value_t = crate::engine::bench::DEFAULT_DEPTH,
              value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
        /// Hash table size in MB.
        #[arg(long, default_value_t = crate::engine::DEFAULT_HASH_MB as u64,
              value_parser = clap::value_parser!(u64).range(1..=4096))]
        hash: u64,
        /// The evaluation: the shipped network, or the classical one.
        #[arg(long, default_value = "network", value_parser = ["network", "classical"])]
        eval: String,
        /// Search threads (Lazy SMP), 1 up to the machine's threads; with
        /// more than one the node count varies from run to run.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        threads: u64,
        /// The search's thresholds from a margins file (as `xiangqi spsa`
        /// writes), instead of the engine's own.
        #[arg(long, value_name = "FILE")]
        margins: Option<std::path::PathBuf>,
    },
    /// Fit the evaluation's weights to the results of games in PGN files (Texel tuning).
    #[command(hide = true)]
    Tune {
        /// PGN files with finished games (e.g. from `xiangqi match --pgn-out`).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Leave out this many plies at the start of each game.
        #[arg(long, default_value_t = 16)]
        skip: usize,
    },
    /// Regenerate the game's sound effects (assets/sounds) from the synthesizer.
    #[command(hide = true)]
    GenSounds {
        /// Output folder.
        #[arg(default_value = "assets/sounds")]
        dir: std::path::PathBuf,
    },
    /// Print the shell completions for bash, zsh, fish, elvish or PowerShell.
    Completions(dist::CompletionsArgs),
    /// Write the files a package installs beside the binary (man page,
    /// completions, desktop entry, icons, AppStream metadata) under a root.
    #[command(hide = true)]
    DistFiles(dist::DistArgs),
    /// Redraw the game's icon for desktops (assets/desktop/xiangqi.png).
    #[command(hide = true)]
    GenIcon {
        /// Output folder.
        #[arg(default_value = "assets/desktop")]
        dir: std::path::PathBuf,
    },
}

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let text = e.render().to_string();
                    let mut out = std::io::stdout().lock();
                    let written = std::io::Write::write_all(&mut out, text.as_bytes())
                        .and_then(|()| std::io::Write::flush(&mut out));
                    match output::finish(written) {
                        Ok(()) => ExitCode::SUCCESS,
                        Err(e) => {
                            eprintln!("error: {e}");
                            ExitCode::from(2)
                        }
                    }
                }
                _ => {
                    // The subcommand named on the command line, for the `--help` hint.
                    let cmd = <Cli as clap::CommandFactory>::command();
                    let sub = std::env::args()
                        .nth(1)
                        .filter(|a| cmd.find_subcommand(a).is_some());
                    eprintln!(
                        "error: {}",
                        output::escape_controls(&usage::one_line(&e, sub.as_deref()))
                    );
                    ExitCode::from(2)
                }
            };
        }
    };
    // The window returns its own exit code; other commands print and return.
    let result = match cli.command {
        None => play::run(play::PlayArgs::default(), false),
        Some(Command::Play(args)) => play::run(args, true),
        // `db import` says with exit code 1 that an input was refused.
        Some(Command::Db(args)) => db::run(&args),
        Some(other) => run_command(other).map(|()| ExitCode::SUCCESS),
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {}", output::escape_controls(&e.to_string()));
        ExitCode::from(2)
    })
}

/// Runs a command that prints and returns.
fn run_command(command: Command) -> Result<(), CliError> {
    match command {
        // Handled by `main`, which needs their exit codes.
        Command::Play(_) | Command::Db(_) => Ok(()),
        Command::Perft(args) => perft::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Review(args) => review::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Match(args) => matches::run_match(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Calibrate(args) => calibrate::run(&args),
        Command::Levels => levels::run(),
        Command::Lessons(args) => lessons::run(&args),
        Command::Book(args) => book::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::Datagen(args) => learn::run_datagen(&args),
        Command::Train(args) => learn::run_train(&args),
        Command::Uci => {
            crate::engine::uci::run(std::io::BufReader::new(std::io::stdin()), std::io::stdout());
            Ok(())
        }
        Command::Bench {
            depth,
            hash,
            eval,
            threads,
            margins,
        } => {
            let evaluator = match eval.as_str() {
                "classical" => crate::engine::Evaluator::Classical,
                _ => crate::engine::Evaluator::standard(),
            };
            let mut engine = crate::engine::Engine::try_new(hash as usize)
                .map_err(|e| CliError::new(format!("--hash {hash}: {e}")))?;
            engine.set_evaluator(evaluator);
            if let Some(path) = margins {
                engine.set_margins(spsa::read_margins(&path)?);
            }
            let n = usize::try_from(threads).unwrap_or(usize::MAX);
            engine
                .set_threads(n)
                .map_err(|e| CliError::new(format!("--threads {threads}: {e}")))?;
            let mut out = std::io::stdout().lock();
            output::finish(crate::engine::bench::print(&mut engine, depth, &mut out))
        }
        Command::Tune { files, skip } => tune(&files, skip),
        Command::Spsa(args) => spsa::run_spsa(&args),
        Command::GenSounds { dir } => crate::sound_synth::write_all(&dir)
            .map_err(|e| CliError::new(format!("writing sounds to {}: {e}", dir.display()))),
        Command::Completions(args) => dist::completions(&args),
        Command::DistFiles(args) => dist::dist_files(&args),
        Command::GenIcon { dir } => crate::icon::write_png(&dir)
            .map_err(|e| CliError::new(format!("writing the icon to {}: {e}", dir.display()))),
    }
}

/// `xiangqi tune`: reads the games, fits, prints the weights.
fn tune(files: &[std::path::PathBuf], skip: usize) -> Result<(), CliError> {
    use crate::engine::eval::WEIGHTS;
    use crate::learn::tune;
    let mut games = Vec::new();
    let mut bad = 0;
    for f in files {
        // Through the one door, with its collection limit.
        let bytes = crate::store::record::read_collection_bytes(f)
            .map_err(|e| CliError::new(format!("reading {}: {e}", f.display())))?;
        crate::store::record::for_each_game(&bytes, |_, game| match game {
            Ok(game) => games.push(game.to_pgn()),
            Err(_) => bad += 1,
        });
    }
    let samples = tune::samples(&games, skip);
    if samples.is_empty() {
        return Err(CliError::new(
            "no positions from finished games in those files",
        ));
    }
    let fit = tune::tune(&samples, WEIGHTS);
    let mut out = std::io::stdout().lock();
    output::finish((|| {
        use std::io::Write;
        writeln!(
            out,
            "{} games ({bad} unreadable skipped), {} positions",
            games.len(),
            samples.len()
        )?;
        writeln!(out, "k {:.3}", fit.k)?;
        writeln!(out, "error {:.6} with {:?}", fit.start_error, WEIGHTS)?;
        writeln!(out, "error {:.6} with {:?}", fit.error, fit.weights)?;
        out.flush()
    })())
}
