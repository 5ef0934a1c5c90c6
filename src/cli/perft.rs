//! `xiangqi perft DEPTH [--fen FEN] [--divide]`.

use super::CliError;
use crate::rules::{Position, START_FEN};
use std::io::Write;
use std::time::Instant;

/// Arguments of `perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Depth in plies (1..=10).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=10))]
    depth: u32,
    /// Start position (default: the standard opening).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Print one `move: count` line per root move.
    #[arg(long)]
    divide: bool,
}

/// Runs perft and prints the count, the time and the speed.
///
/// # Errors
/// A bad FEN, or output that cannot be written (a closed pipe ends quietly).
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    let mut pos =
        Position::from_fen(&args.fen).map_err(|e| CliError::new(format!("bad FEN: {e}")))?;
    let t = Instant::now();
    let mut out = std::io::stdout().lock();
    let (total, written) = if args.divide {
        let mut total = 0;
        let mut written = Ok(());
        for (m, n) in pos.perft_divide(args.depth) {
            written = written.and_then(|()| writeln!(out, "{m}: {n}"));
            total += n;
        }
        (total, written.and_then(|()| writeln!(out)))
    } else {
        (pos.perft(args.depth), Ok(()))
    };
    let secs = t.elapsed().as_secs_f64();
    let written = written
        .and_then(|()| writeln!(out, "nodes: {total}"))
        .and_then(|()| out.flush());
    super::output::finish(written)?;
    eprintln!(
        "time: {:.3} s, {:.1} M nodes/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
