//! `xiangqi spsa`: tunes the search's thresholds by SPSA
//! ([`crate::arena::spsa`]) and writes them as a margins file, which a
//! match then measures (`--a builtin:margins=FILE`).

use super::CliError;
use super::matches::{parse_adjudicate_win, read_openings};
use crate::arena::spsa::{Progress, SpsaConfig, run};
use crate::arena::{Adjudication, Limit};
use crate::engine::margins::{KNOBS, Knob, Margins, knob};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Arguments of `spsa`.
#[derive(clap::Args, Debug)]
pub struct SpsaArgs {
    /// Openings file (as `xiangqi match --openings`), taken in turn.
    #[arg(long, value_name = "FILE")]
    openings: PathBuf,
    /// Where the thresholds reached are written after every step.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Start from this margins file (e.g. an earlier run's `--out`);
    /// without it, from the engine's own.
    #[arg(long, value_name = "FILE")]
    start: Option<PathBuf>,
    /// The knobs to tune, comma-separated (default: every knob with a step).
    #[arg(long, value_name = "NAMES", value_delimiter = ',', value_parser = parse_knob)]
    knobs: Vec<&'static Knob>,
    /// Game pairs in the whole run.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pairs: u64,
    /// Game pairs a step (one perturbation).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    batch: u64,
    /// Nodes a move for both sides.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    nodes: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Each engine's hash table in MB.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    /// The gain at the end, relative to the step squared (fishtest's r).
    #[arg(long, default_value_t = 0.002, value_parser = parse_gain)]
    r_end: f64,
    /// Seed of the signs and the first opening.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// End a game when both engines see one side ahead by CP for MOVES moves.
    #[arg(long, value_name = "CP,MOVES", default_value = "1000,3", value_parser = parse_adjudicate_win)]
    adjudicate_win: (i32, usize),
}

fn parse_knob(s: &str) -> Result<&'static Knob, String> {
    knob(s.trim()).ok_or_else(|| {
        let names: Vec<&str> = KNOBS.iter().map(|k| k.name).collect();
        format!(
            "no threshold is called '{s}' (there are {})",
            names.join(", ")
        )
    })
}

fn parse_gain(s: &str) -> Result<f64, String> {
    s.parse()
        .ok()
        .filter(|r: &f64| *r > 0.0 && *r <= 1.0)
        .ok_or_else(|| format!("'{s}' is not a gain in (0, 1]"))
}

/// The engine's thresholds with those a margins file names.
pub(super) fn read_margins(path: &Path) -> Result<Margins, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::new(format!("reading {}: {e}", path.display())))?;
    Margins::default()
        .read(&text)
        .map_err(|e| CliError::new(format!("{}, {e}", path.display())))
}

/// Reads the arguments into a run.
fn config(args: &SpsaArgs) -> Result<SpsaConfig, CliError> {
    let start = match &args.start {
        Some(path) => read_margins(path)?,
        None => Margins::default(),
    };
    let knobs: Vec<&'static Knob> = if args.knobs.is_empty() {
        KNOBS.iter().filter(|k| k.step > 0.0).collect()
    } else {
        args.knobs.clone()
    };
    Ok(SpsaConfig {
        start,
        knobs,
        openings: read_openings(&args.openings)?,
        limit: Limit::Nodes(args.nodes),
        hash_mb: args.hash as usize,
        pairs: args.pairs as usize,
        batch: args.batch as usize,
        concurrency: args.concurrency as usize,
        r_end: args.r_end,
        seed: args.seed,
        adjudication: Adjudication {
            win: Some(args.adjudicate_win),
            draw: None,
        },
    })
}

/// The margins file written after a step: how far the run got, then every
/// threshold.
fn file_text(config: &SpsaConfig, p: &Progress) -> String {
    let t = &p.total;
    let mut text = format!(
        "# xiangqi spsa: {} of {} game pairs, plus side W-D-L {}-{}-{}\n# tuned:",
        p.pairs, config.pairs, t.wins, t.draws, t.losses
    );
    for (k, v) in config.knobs.iter().zip(&p.theta) {
        text.push_str(&format!(" {}={v:.2}", k.name));
    }
    text.push('\n');
    text + &p.margins(config).to_text()
}

/// Writes the start to `--out` before any game, so an `--out` that cannot
/// be written (or is the openings file) fails at once.
fn write_start(args: &SpsaArgs, config: &SpsaConfig) -> Result<(), CliError> {
    let real = |p: &PathBuf| std::fs::canonicalize(p).ok();
    if real(&args.openings).is_some_and(|o| real(&args.out) == Some(o)) {
        return Err(CliError::new(format!(
            "--out {} is the openings file; it would be overwritten",
            args.out.display()
        )));
    }
    let start = Progress::start(config);
    crate::store::atomic::write_atomic(&args.out, file_text(config, &start).as_bytes())
        .map_err(|e| CliError::new(format!("writing {}: {e}", args.out.display())))?;
    Ok(())
}

/// `xiangqi spsa`.
pub fn run_spsa(args: &SpsaArgs) -> Result<(), CliError> {
    let config = config(args)?;
    write_start(args, &config)?;
    static INTERRUPT: AtomicBool = AtomicBool::new(false);
    let _ = ctrlc::set_handler(|| INTERRUPT.store(true, Ordering::SeqCst));
    let names: Vec<&str> = config.knobs.iter().map(|k| k.name).collect();
    println!(
        "SPSA over {} pairs at {} nodes, {} a step: {}",
        config.pairs,
        args.nodes,
        config.batch,
        names.join(", ")
    );
    let mut write_error = None;
    let mut on_step = |p: &Progress| {
        if let Err(e) =
            crate::store::atomic::write_atomic(&args.out, file_text(&config, p).as_bytes())
        {
            write_error.get_or_insert(format!("writing {}: {e}", args.out.display()));
            INTERRUPT.store(true, Ordering::SeqCst);
        }
        let step_every = (config.pairs / 50).max(config.batch);
        if p.pairs % step_every < config.batch || p.pairs == config.pairs {
            let values: Vec<String> = config
                .knobs
                .iter()
                .zip(&p.theta)
                .map(|(k, v)| format!("{}={v:.1}", k.name))
                .collect();
            let t = &p.total;
            println!(
                "{}/{} pairs, plus W-D-L {}-{}-{}: {}",
                p.pairs,
                config.pairs,
                t.wins,
                t.draws,
                t.losses,
                values.join(" ")
            );
        }
    };
    let end = run(&config, &INTERRUPT, &mut on_step).map_err(CliError::new)?;
    if let Some(e) = write_error {
        return Err(CliError::new(e));
    }
    let changed = end.margins(&config).changes_from(&config.start);
    println!(
        "{} pairs; written to {}; changed from the start: {}",
        end.pairs,
        args.out.display(),
        if changed.is_empty() {
            "nothing"
        } else {
            &changed
        }
    );
    if end.pairs < config.pairs {
        return Err(CliError::new(
            "interrupted; the file holds the steps finished",
        ));
    }
    Ok(())
}
