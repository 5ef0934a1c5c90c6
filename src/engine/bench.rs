//! `xiangqi bench`: a fixed set of positions searched to a fixed depth with
//! a fresh hash table, printing the node count, the time and the speed.
//!
//! The node count is deterministic (a fingerprint of the search: any change
//! to pruning, ordering or evaluation changes it), and nodes per second is
//! the number to watch when working on speed. On several threads
//! (`--threads`, Lazy SMP) the count varies from run to run, and the
//! time to reach the depth is the number to watch. The positions mix openings,
//! sharp middle games and endings so no single phase dominates.

use super::{Engine, Limits, SearchRequest};
use crate::rules::Position;
use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Default depth of `xiangqi bench`.
pub const DEFAULT_DEPTH: u32 = 10;

/// The bench positions (FEN).
pub const POSITIONS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 4 4",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "2bakab2/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "3ak4/4a4/4b4/p3p4/2c3p2/9/P1P3N2/4B4/4A4/2BAK4 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "3k5/4a4/4ba3/9/2b6/9/9/4B4/3pA4/3AK1R2 w - - 0 1",
    "4k4/9/4P4/9/9/9/9/9/9/3K5 w - - 0 1",
];

/// Totals of a bench run.
#[derive(Clone, Copy, Debug)]
pub struct BenchResult {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth`; `per_position` hears each
/// position's index, FEN, nodes and time, and an error from it stops the
/// run (the output it writes to has gone away).
///
/// # Errors
/// The first error `per_position` returns.
pub fn run<E>(
    engine: &mut Engine,
    depth: u32,
    per_position: &mut dyn FnMut(usize, &str, u64, Duration) -> Result<(), E>,
) -> Result<BenchResult, E> {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for (i, fen) in POSITIONS.iter().enumerate() {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        engine.clear();
        let t = Instant::now();
        let request = SearchRequest::new(&pos, &[], &stop).limits(limits.clone());
        let r = engine.search(&request, &mut |_| {});
        let dt = t.elapsed();
        per_position(i + 1, fen, r.nodes, dt)?;
        nodes += r.nodes;
        time += dt;
    }
    Ok(BenchResult { nodes, time })
}

/// `xiangqi bench`: runs [`run`] on the engine's threads and writes one
/// line per position (its nodes and its time to the depth) and the totals
/// to `out`, flushing each line.
///
/// # Errors
/// The first write error (a closed pipe is `BrokenPipe`); the run stops there.
pub fn print(engine: &mut Engine, depth: u32, out: &mut dyn Write) -> io::Result<()> {
    let r = run(engine, depth, &mut |i, fen, nodes, t| {
        writeln!(
            out,
            "position {i:2}: {nodes:>10} nodes {:>7.3} s  {fen}",
            t.as_secs_f64()
        )?;
        out.flush()
    })?;
    writeln!(out)?;
    writeln!(out, "eval:    {}", engine.evaluator().name())?;
    writeln!(out, "threads: {}", engine.threads())?;
    writeln!(out, "depth:   {depth}")?;
    writeln!(out, "nodes:   {}", r.nodes)?;
    writeln!(
        out,
        "time:    {:.3} s (to depth {depth})",
        r.time.as_secs_f64()
    )?;
    writeln!(out, "nodes/s: {}", r.nps())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Evaluator;

    #[test]
    fn every_bench_position_is_valid() {
        for fen in POSITIONS {
            assert!(Position::from_fen(fen).is_ok(), "{fen}");
        }
    }

    #[test]
    fn a_shallow_bench_is_deterministic() {
        let mut engine = Engine::new(1);
        engine.set_evaluator(Evaluator::Classical);
        let a = run(&mut engine, 3, &mut |_, _, _, _| Ok::<(), ()>(())).unwrap();
        // Again with the same engine: each position starts from a clear table.
        let b = run(&mut engine, 3, &mut |_, _, _, _| Ok::<(), ()>(())).unwrap();
        assert_eq!(a.nodes, b.nodes);
        assert!(a.nodes > 0);
    }

    /// A writer that fails after `ok` writes, as a closed pipe or a full disk does.
    struct Failing {
        ok: usize,
        kind: io::ErrorKind,
    }

    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.ok == 0 {
                return Err(self.kind.into());
            }
            self.ok -= 1;
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_write_error_stops_the_bench_and_is_returned() {
        let mut out = Failing {
            ok: 1,
            kind: io::ErrorKind::BrokenPipe,
        };
        let e = print(&mut Engine::new(1), 1, &mut out).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
    }
}
