//! `xiangqi datagen` and `xiangqi train`: the evaluation network's data and
//! its trainer (see [`crate::learn`]).

use super::CliError;
use crate::learn::datagen::{self, Config, Progress, clock};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Self-play data options.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("target").required(true).multiple(true))]
pub struct DatagenArgs {
    /// Stop when the output holds this many games.
    #[arg(long, group = "target", value_parser = clap::value_parser!(u64).range(1..))]
    games: Option<u64>,
    /// Stop when the output holds this many positions.
    #[arg(long, group = "target", value_parser = clap::value_parser!(u64).range(1..))]
    positions: Option<u64>,
    /// Nodes searched a move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Seed of the run (the same seed and file make the same games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// The data file; appended to if it exists.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Openings to start half of the games from (as for `xiangqi match`).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Hash table per thread in MB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    /// The evaluation that plays and scores the games: `network` (the
    /// shipped one), `classical`, or a network file.
    #[arg(long, default_value = "network", value_name = "EVAL")]
    eval: String,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
}

/// Runs `xiangqi datagen`.
pub fn run_datagen(args: &DatagenArgs) -> Result<(), CliError> {
    let config = args.config()?;
    static INTERRUPT: AtomicBool = AtomicBool::new(false);
    let _ = ctrlc::set_handler(|| INTERRUPT.store(true, Ordering::SeqCst));
    let tty = std::io::stderr().is_terminal();
    let reporter = DatagenReporter {
        quiet: args.quiet,
        tty,
        last: Mutex::new(Instant::now() - Duration::from_secs(10)),
    };
    let result = datagen::run(&config, &INTERRUPT, &|p| reporter.progress(p, &config));
    if tty && !args.quiet {
        eprintln!();
    }
    let p = result.map_err(CliError::new)?;
    let written = writeln!(std::io::stdout(), "{}", datagen_summary(&config, &p));
    super::output::finish(written)?;
    if INTERRUPT.load(Ordering::SeqCst) {
        return Err(CliError::new(
            "interrupted; the games above were written, and the same command goes on from there",
        ));
    }
    Ok(())
}

impl DatagenArgs {
    /// The run's config: the openings read, the evaluation loaded.
    fn config(&self) -> Result<Config, CliError> {
        let openings = match &self.openings {
            None => Vec::new(),
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| CliError::new(format!("reading {}: {e}", path.display())))?;
                crate::arena::openings::parse(&text, &path.display().to_string())
                    .map_err(CliError::new)?
            }
        };
        let threads = self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |t| t as usize,
        );
        let evaluator = match self.eval.as_str() {
            "network" => crate::arena::EvalChoice::Standard,
            "classical" => crate::arena::EvalChoice::Classical,
            path => crate::arena::EvalChoice::File(path.into()),
        }
        .evaluator()
        .map_err(|e| CliError::new(e.to_string()))?;
        Ok(Config {
            games: self.games,
            positions: self.positions,
            nodes: self.nodes,
            seed: self.seed,
            threads,
            out: self.out.clone(),
            openings,
            hash_mb: self.hash as usize,
            evaluator,
        })
    }
}

/// Datagen's progress line on standard error.
struct DatagenReporter {
    /// `--quiet`: no line.
    quiet: bool,
    /// Standard error is a terminal: the line is redrawn in place.
    tty: bool,
    /// When the line was last shown.
    last: Mutex<Instant>,
}

impl DatagenReporter {
    /// Shows `p`: a line a second on a terminal, every 10 s into a log.
    fn progress(&self, p: &Progress, config: &Config) {
        if self.quiet {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let every = if self.tty { 1 } else { 10 };
        if last.elapsed() < Duration::from_secs(every) {
            return;
        }
        *last = Instant::now();
        let line = progress_line(p, config);
        let mut err = std::io::stderr().lock();
        let _ = if self.tty {
            write!(err, "\r{line}\x1b[K")
        } else {
            writeln!(err, "{line}")
        };
    }
}

/// The line a finished run prints: what the file holds, what was added.
fn datagen_summary(config: &Config, p: &Progress) -> String {
    let [r, d, b] = p.results;
    format!(
        "{}: {} games, {} positions ({} games and {} positions added in {}, {:.0} positions/s; red wins {r}, draws {d}, black wins {b})",
        config.out.display(),
        p.games,
        p.positions,
        p.new_games,
        p.new_positions,
        clock(p.elapsed),
        p.rate()
    )
}

fn progress_line(p: &Progress, config: &Config) -> String {
    let target = match (config.games, config.positions) {
        (Some(g), _) => format!("games {}/{g}, positions {}", p.games, p.positions),
        (None, Some(n)) => format!("games {}, positions {}/{n}", p.games, p.positions),
        (None, None) => format!("games {}, positions {}", p.games, p.positions),
    };
    let eta = p.eta(config).map_or("?".into(), clock);
    format!(
        "datagen: {target}, {:.0} positions/s, elapsed {}, ETA {eta}",
        p.rate(),
        clock(p.elapsed)
    )
}

/// Trainer options.
#[derive(clap::Args, Debug)]
pub struct TrainArgs {
    /// Data files written by `xiangqi datagen`.
    #[arg(required = true, value_name = "DATA")]
    files: Vec<PathBuf>,
    /// Where to write the network.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Share of the games held out for validation, in percent.
    #[arg(long, default_value_t = 5.0)]
    validation: f64,
    /// At most this many epochs.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    epochs: u32,
    /// Positions a step.
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u32).range(8..=10_000_000))]
    batch: u32,
    /// Adam's learning rate at the start.
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Weight of the search's score in the target, 0..=1 (the rest is the game's result).
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Seed of the initial weights, the validation split and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Use at most this many positions an epoch (0: all).
    #[arg(long, default_value_t = 0)]
    epoch_positions: usize,
    /// Fine-tune this network (a file `xiangqi train` wrote, or `embedded`
    /// for the one shipped in the binary) instead of starting from random
    /// weights; its fit scale is kept.
    #[arg(long, value_name = "NETWORK")]
    init: Option<PathBuf>,
}

struct TrainListener {
    tty: bool,
    /// Fine-tuning: `K` is the starting network's, not fitted.
    fine_tune: bool,
    epochs: u32,
    last: Mutex<Instant>,
}

impl crate::learn::trainer::Listener for TrainListener {
    fn loaded(&self, train: usize, validation: usize, k: f32) {
        let scale = if self.fine_tune {
            format!("the starting network's scale K = {k:.0}")
        } else {
            format!("fitted scale K = {k:.0} (σ(score/K) predicts the result)")
        };
        eprintln!("train: {train} positions for training, {validation} for validation; {scale}");
    }

    fn progress(&self, epoch: usize, done: f64) {
        if !self.tty {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() < Duration::from_millis(250) && done < 1.0 {
            return;
        }
        *last = Instant::now();
        let width = 30;
        let filled = ((done * width as f64) as usize).min(width);
        eprint!(
            "\repoch {epoch}/{} [{}{}] {:3.0} %\x1b[K",
            self.epochs,
            "#".repeat(filled),
            "-".repeat(width - filled),
            100.0 * done
        );
    }

    fn start(&self, validation_loss: f64) {
        eprintln!("epoch   0: validation loss {validation_loss:.6} (the starting network)");
    }

    fn epoch(&self, r: &crate::learn::trainer::EpochReport) {
        if self.tty {
            eprint!("\r\x1b[K");
        }
        eprintln!(
            "epoch {:>3}: train loss {:.6}, validation loss {:.6}{}, lr {:.2e}, {}",
            r.epoch,
            r.train_loss,
            r.validation_loss,
            if r.best { " (best)" } else { "" },
            r.lr,
            clock(r.elapsed)
        );
    }
}

/// The network `--init` names: `embedded`, or a file, refused with what is
/// wrong with it.
fn read_network(path: &std::path::Path) -> Result<crate::engine::nnue::Network, CliError> {
    use crate::engine::nnue;
    if path.as_os_str() == "embedded" {
        return Ok((*nnue::embedded()).clone());
    }
    nnue::Network::read_file(path)
        .map_err(|e| CliError::new(format!("--init {}: {e}", path.display())))
}

/// Whether two paths name one file (through links, `..` and the like);
/// a path that does not exist is no other file.
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Runs `xiangqi train`.
pub fn run_train(args: &TrainArgs) -> Result<(), CliError> {
    use crate::learn::trainer;
    args.check()?;
    let config = args.config()?;
    static INTERRUPT: AtomicBool = AtomicBool::new(false);
    let _ = ctrlc::set_handler(|| INTERRUPT.store(true, Ordering::SeqCst));
    let (train, val) = trainer::load(&config).map_err(CliError::new)?;
    check_writable(&args.out)?;
    let listener = TrainListener {
        tty: std::io::stderr().is_terminal(),
        fine_tune: config.init.is_some(),
        epochs: args.epochs,
        last: Mutex::new(Instant::now()),
    };
    let trained =
        trainer::train(&config, &train, &val, &listener, &INTERRUPT).map_err(CliError::new)?;
    let bytes = trained.network.to_bytes();
    crate::store::atomic::write_output(&args.out, &bytes)
        .map_err(|e| CliError::new(format!("writing {}: {e}", args.out.display())))?;
    let best = trained
        .epochs
        .iter()
        .rfind(|r| r.best)
        .map_or(0.0, |r| r.validation_loss);
    let written = writeln!(
        std::io::stdout(),
        "{}: {} bytes, best validation loss {best:.6} after {} epochs, K = {:.0}",
        args.out.display(),
        bytes.len(),
        trained.epochs.len(),
        trained.k
    );
    super::output::finish(written)
}

impl TrainArgs {
    /// Refuses options out of range, and an output that is one of the inputs.
    fn check(&self) -> Result<(), CliError> {
        if !(0.0..=1.0).contains(&self.lambda) {
            return Err(CliError::new(format!(
                "--lambda must be within 0 and 1, not {}",
                self.lambda
            )));
        }
        // None held out would have the trainer hold out a tenth unasked.
        if !(self.validation > 0.0 && self.validation < 50.0) {
            return Err(CliError::new(format!(
                "--validation must be a percentage above 0 and below 50, not {}",
                self.validation
            )));
        }
        for input in self.files.iter().chain(&self.init) {
            if same_file(input, &self.out) {
                return Err(CliError::new(format!(
                    "--out {}: that is one of the inputs; name another file",
                    self.out.display()
                )));
            }
        }
        if !(self.lr > 0.0 && self.lr < 1.0) {
            return Err(CliError::new(format!(
                "--lr must be within 0 and 1, not {}",
                self.lr
            )));
        }
        Ok(())
    }

    /// The trainer's config, with the `--init` network read.
    fn config(&self) -> Result<crate::learn::trainer::Config, CliError> {
        let init = self.init.as_deref().map(read_network).transpose()?;
        Ok(crate::learn::trainer::Config {
            files: self.files.clone(),
            out: self.out.clone(),
            validation: self.validation / 100.0,
            epochs: self.epochs as usize,
            batch: self.batch as usize,
            lr: self.lr,
            lambda: self.lambda,
            seed: self.seed,
            threads: self.threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, usize::from),
                |t| t as usize,
            ),
            epoch_positions: self.epoch_positions,
            init,
        })
    }
}

/// Fails before the training, not after it, if the network cannot be
/// written at `out`: a file of a fresh name is made beside it and removed
/// (the target, and any file of the player's, are left alone).
fn check_writable(out: &std::path::Path) -> Result<(), CliError> {
    let folder = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => std::path::Path::new("."),
    };
    tempfile::Builder::new()
        .prefix(".xiangqi-write-check-")
        .tempfile_in(folder)
        .and_then(|probe| probe.close())
        .map_err(|e| CliError::new(format!("cannot write beside {}: {e}", out.display())))
}
