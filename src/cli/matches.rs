//! `xiangqi match`: engine-vs-engine matches.

use super::CliError;
use crate::arena::{
    GameRecord, Limit, MatchConfig, Opening, PlayerSpec, Sprt, Summary, count, game_pgn, openings,
    run,
};
use crate::client::Protocol;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Engine-vs-engine match options.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("limit").required(true).multiple(false))]
pub struct MatchArgs {
    /// The first engine: `builtin`, `builtin:level=N[,hash=MB,scale=F]`, or a command line.
    #[arg(long, value_name = "SPEC")]
    a: String,
    /// The second engine, as --a.
    #[arg(long, value_name = "SPEC")]
    b: String,
    /// Protocol of engine A when it is external.
    #[arg(long, default_value = "uci", value_parser = parse_protocol)]
    a_protocol: Protocol,
    /// Protocol of engine B when it is external.
    #[arg(long, default_value = "uci", value_parser = parse_protocol)]
    b_protocol: Protocol,
    /// An option for engine A (repeatable).
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_option)]
    a_option: Vec<(String, String)>,
    /// An option for engine B (repeatable).
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_option)]
    b_option: Vec<(String, String)>,
    /// Openings file: `startpos moves …` or `FEN [moves …]` per line; each is played twice.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games to play (default: two per opening).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: Option<u32>,
    /// Fixed time per move, in milliseconds.
    #[arg(long, group = "limit", value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    movetime: Option<u64>,
    /// Engine B's own time per move with --movetime (time odds: e.g. ten times A's)
    #[arg(long, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    b_movetime: Option<u64>,
    /// Engine B's own nodes per move with --nodes (odds that do not depend on the machine's load)
    #[arg(long, value_name = "NODES", value_parser = clap::value_parser!(u64).range(1..))]
    b_nodes: Option<u64>,
    /// Fixed depth.
    #[arg(long, group = "limit", value_parser = clap::value_parser!(u32).range(1..=90))]
    depth: Option<u32>,
    /// Fixed nodes per move.
    #[arg(long, group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Clock per game: BASE+INC in seconds (e.g. 60+0.6); the runner keeps it.
    #[arg(long, group = "limit", value_name = "BASE+INC", value_parser = parse_tc)]
    tc: Option<(Duration, Duration)>,
    /// Games at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    concurrency: u32,
    /// Write the games here as PGN (with score, depth and time per move).
    #[arg(long, value_name = "FILE")]
    pgn_out: Option<PathBuf>,
    /// Stop when this test decides: elo0=0,elo1=10,alpha=0.05,beta=0.05.
    #[arg(long, value_name = "PARAMS", value_parser = parse_sprt)]
    sprt: Option<Sprt>,
    /// How far past its limit a move may come before it loses, in ms
    /// (with --depth or --nodes: the whole allowance per move).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    margin: Option<u64>,
    /// End a game as won when both engines have seen the same side ahead by
    /// CP centipawns or more for their last MOVES moves each (e.g. 1000,4).
    #[arg(long, value_name = "CP,MOVES", value_parser = parse_adjudicate_win, allow_hyphen_values = true)]
    adjudicate_win: Option<(i32, usize)>,
    /// End a game as drawn when, from move FROM on, both engines' scores have
    /// stayed within CP centipawns of level for their last MOVES moves each
    /// (e.g. 10,8,40).
    #[arg(
        long,
        value_name = "CP,MOVES,FROM",
        value_parser = parse_adjudicate_draw,
        allow_hyphen_values = true
    )]
    adjudicate_draw: Option<(i32, usize, u32)>,
    /// Print nothing per game, only the summary.
    #[arg(long)]
    quiet: bool,
}

/// The comma-separated whole numbers of an adjudication rule, each checked.
fn numbers<const N: usize>(s: &str, names: [&str; N]) -> Result<[u32; N], String> {
    let words: Vec<&str> = s.split(',').map(str::trim).collect();
    if words.len() != N {
        return Err(format!(
            "'{s}' is not {} (whole numbers separated by commas)",
            names.join(",")
        ));
    }
    let mut out = [0; N];
    for ((slot, word), name) in out.iter_mut().zip(&words).zip(names) {
        *slot = word
            .parse::<u32>()
            .ok()
            .filter(|v| (1..=100_000).contains(v))
            .ok_or_else(|| format!("{name} '{word}' is not a whole number from 1 to 100000"))?;
    }
    Ok(out)
}

pub(super) fn parse_adjudicate_win(s: &str) -> Result<(i32, usize), String> {
    let [cp, moves] = numbers(s, ["CP", "MOVES"])?;
    Ok((cp as i32, moves as usize))
}

fn parse_adjudicate_draw(s: &str) -> Result<(i32, usize, u32), String> {
    let [cp, moves, from] = numbers(s, ["CP", "MOVES", "FROM"])?;
    Ok((cp as i32, moves as usize, from))
}

fn parse_protocol(s: &str) -> Result<Protocol, String> {
    s.parse()
        .map_err(|e: crate::client::process::UnknownProtocol| e.to_string())
}

fn parse_option(s: &str) -> Result<(String, String), String> {
    let (k, v) = s
        .split_once('=')
        .ok_or_else(|| format!("'{s}' is not NAME=VALUE"))?;
    if k.trim().is_empty() {
        return Err(format!("'{s}' has no option name"));
    }
    Ok((k.trim().to_string(), v.trim().to_string()))
}

fn parse_sprt(s: &str) -> Result<Sprt, String> {
    s.parse()
        .map_err(|e: crate::arena::stats::SprtParseError| e.to_string())
}

fn parse_tc(s: &str) -> Result<(Duration, Duration), String> {
    let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
    let secs = |w: &str, what: &str| {
        w.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0 && *v <= 86_400.0)
            .map(Duration::from_secs_f64)
            .ok_or_else(|| format!("{what} '{w}' is not a number of seconds"))
    };
    let base = secs(base, "base time")?;
    if base.is_zero() {
        return Err("the base time must be more than 0".into());
    }
    Ok((base, secs(inc, "increment")?))
}

/// An external engine's program, checked as the game checks it before a
/// match starts it (a folder, a missing file, a file that cannot run),
/// with a hint when an unquoted path with a space in it was cut short.
fn check_external(flag: &str, spec: &PlayerSpec) -> Result<(), CliError> {
    let PlayerSpec::External { command, .. } = spec else {
        return Ok(());
    };
    crate::client::external::check_program(command).map_err(|why| {
        let whole = std::path::Path::new(command.trim());
        let hint = if command.trim().contains(' ') && whole.exists() {
            format!(
                " (the path has a space: quote it, as --{} \"'{}'\")",
                &flag[2..],
                command.trim()
            )
        } else {
            String::new()
        };
        CliError::new(format!("{flag}: cannot start '{command}': {why}{hint}"))
    })
}

/// The openings of a file (`--openings`), every line checked.
pub(super) fn read_openings(path: &Path) -> Result<Vec<Opening>, CliError> {
    let bytes = crate::store::record::read_record_bytes(path)
        .map_err(|e| CliError::new(format!("reading {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| CliError::new(format!("{}: not UTF-8 text", path.display())))?;
    openings::parse(&text, &path.display().to_string()).map_err(CliError::new)
}

/// Builds the configuration (every input checked) from the arguments.
fn config(args: &MatchArgs) -> Result<MatchConfig, CliError> {
    let a = PlayerSpec::parse(&args.a, args.a_protocol, args.a_option.clone())
        .map_err(|e| CliError::new(format!("--a: {e}")))?;
    let b = PlayerSpec::parse(&args.b, args.b_protocol, args.b_option.clone())
        .map_err(|e| CliError::new(format!("--b: {e}")))?;
    check_external("--a", &a)?;
    check_external("--b", &b)?;
    let openings: Vec<Opening> = match &args.openings {
        Some(path) => read_openings(path)?,
        None => vec![Opening::startpos()],
    };
    let limit = match (args.movetime, args.depth, args.nodes, args.tc) {
        (Some(ms), ..) => Limit::MoveTime(Duration::from_millis(ms)),
        (_, Some(d), ..) => Limit::Depth(d),
        (_, _, Some(n), _) => Limit::Nodes(n),
        (.., Some((base, increment))) => Limit::Clock { base, increment },
        _ => {
            return Err(CliError::new(
                "give one limit: --movetime, --depth, --nodes or --tc",
            ));
        }
    };
    let b_limit = match (args.b_movetime, args.b_nodes, limit) {
        (None, None, _) => None,
        (Some(ms), None, Limit::MoveTime(_)) => Some(Limit::MoveTime(Duration::from_millis(ms))),
        (None, Some(n), Limit::Nodes(_)) => Some(Limit::Nodes(n)),
        (Some(_), ..) => {
            return Err(CliError::new(
                "--b-movetime gives engine B time odds under --movetime; it cannot go with --depth, --nodes or --tc",
            ));
        }
        (None, Some(_), _) => {
            return Err(CliError::new(
                "--b-nodes gives engine B node odds under --nodes; it cannot go with --movetime, --depth or --tc",
            ));
        }
    };
    let margin = match (args.margin, limit, b_limit) {
        (Some(ms), ..) => Duration::from_millis(ms),
        (None, Limit::MoveTime(t), b) => {
            let b = match b {
                Some(Limit::MoveTime(b)) => b,
                _ => t,
            };
            Duration::from_secs(1) + t.max(b) / 2
        }
        (None, Limit::Clock { .. }, _) => Duration::from_millis(100),
        (None, ..) => Duration::from_secs(120),
    };
    let games = args.games.map_or(2 * openings.len(), |g| g as usize);
    Ok(MatchConfig {
        a,
        b,
        openings,
        games,
        limit,
        b_limit,
        concurrency: args.concurrency as usize,
        sprt: args.sprt,
        margin,
        max_plies: 1000,
        adjudication: crate::arena::Adjudication {
            win: args.adjudicate_win,
            draw: args.adjudicate_draw,
        },
    })
}

/// Where the games go with `--pgn-out`: a file rewritten whole after each
/// game (atomically), or a device or pipe the games are appended to.
enum PgnOut {
    File(PathBuf, String),
    Stream(std::fs::File),
}

impl PgnOut {
    /// Opens the output now, so a path that cannot be written fails before
    /// the first game.
    fn open(path: &Path) -> std::io::Result<PgnOut> {
        use crate::store::atomic::{self, Target};
        match atomic::target(path)? {
            Target::File(p) => {
                atomic::write_output(&p, b"")?;
                Ok(PgnOut::File(p, String::new()))
            }
            Target::Stream(p) => Ok(PgnOut::Stream(
                std::fs::File::options().append(true).open(p)?,
            )),
        }
    }

    fn add(&mut self, game: &str) -> std::io::Result<()> {
        match self {
            PgnOut::File(p, all) => {
                all.push_str(game);
                crate::store::atomic::write_output(p, all.as_bytes())
            }
            PgnOut::Stream(f) => f.write_all(game.as_bytes()).and_then(|()| f.flush()),
        }
    }
}

/// The match's own lines on stdout. The first write error is kept: a
/// closed pipe (`| head`) ends the match quietly, any other error is
/// reported at the end.
struct Printer {
    error: Mutex<Option<std::io::Error>>,
}

impl Printer {
    fn line(&self, text: &str) {
        let mut error = self.error.lock().unwrap_or_else(|e| e.into_inner());
        if error.is_some() {
            return;
        }
        let mut out = std::io::stdout().lock();
        let text = super::output::escape_controls(text);
        if let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush()) {
            *error = Some(e);
        }
    }

    fn broken_pipe(&self) -> bool {
        let error = self.error.lock().unwrap_or_else(|e| e.into_inner());
        error
            .as_ref()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// The line printed as a game ends: who played, how it ended, the score so far.
fn game_line(r: &GameRecord, s: &Summary, total: usize) -> String {
    let (red, black) = if r.a_red {
        (&s.names.0, &s.names.1)
    } else {
        (&s.names.1, &s.names.0)
    };
    let t = s.tally;
    let mut line = format!(
        "game {}/{total}: {red} - {black} {} ({}), opening {}; {} - {}: W-D-L {}-{}-{} ({:.1} %)",
        r.number,
        r.result.pgn(),
        r.termination,
        r.opening + 1,
        s.names.0,
        s.names.1,
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score()
    );
    if let Some((llr, _)) = s.verdict {
        line.push_str(&format!(", LLR {llr:.2}"));
    }
    line
}

/// Runs `xiangqi match`.
pub fn run_match(args: &MatchArgs) -> Result<(), CliError> {
    let config = config(args)?;
    let pgn_out = match &args.pgn_out {
        Some(path) => Some(Mutex::new(PgnOut::open(path).map_err(|e| {
            CliError::new(format!("cannot write {}: {e}", path.display()))
        })?)),
        None => None,
    };
    static INTERRUPT: AtomicBool = AtomicBool::new(false);
    // Ctrl+C, SIGTERM, SIGHUP: end every engine process (and what it
    // started) now; the match reports what finished.
    let _ = ctrlc::set_handler(|| {
        INTERRUPT.store(true, Ordering::SeqCst);
        crate::client::process::kill_all();
    });
    let printer = Printer {
        error: Mutex::new(None),
    };
    let write_error = Mutex::new(None::<String>);
    let event = format!("xiangqi match, {}", limit_text(&config));
    let quiet = args.quiet;
    let total = config.games;
    let on_game = |r: &GameRecord, s: &Summary| {
        if !quiet {
            let line = game_line(r, s, total);
            printer.line(&line);
            if printer.broken_pipe() {
                // Nobody reads the match any more: end it.
                INTERRUPT.store(true, Ordering::SeqCst);
            }
        }
        if let (Some(out), Some(path)) = (&pgn_out, &args.pgn_out) {
            let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
            if let Err(e) = out.add(&game_pgn(r, &s.names, &event)) {
                write_error
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(format!("cannot write {}: {e}", path.display()));
            }
        }
    };
    let summary = run(&config, &INTERRUPT, &on_game).map_err(|e| {
        if INTERRUPT.load(Ordering::SeqCst) {
            CliError::new("interrupted before the first game")
        } else {
            CliError::new(e)
        }
    })?;
    if printer.broken_pipe() {
        return Ok(());
    }
    for line in summary_lines(&summary, &config) {
        printer.line(&line);
    }
    if let Some(e) = write_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(CliError::new(e));
    }
    if let Some(e) = printer
        .error
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
    {
        return super::output::finish(Err(e));
    }
    if summary.interrupted {
        return Err(CliError::new("interrupted; the games above were finished"));
    }
    Ok(())
}

fn wdl(wins: u32, draws: u32, losses: u32) -> String {
    format!(
        "{}, {}, {}",
        count(wins, "win", "wins"),
        count(draws, "draw", "draws"),
        count(losses, "loss", "losses")
    )
}

/// The match's limit as the summary and the PGN's `Event` say it, with
/// engine B's odds.
fn limit_text(config: &MatchConfig) -> String {
    match config.b_limit {
        Some(Limit::MoveTime(b)) => format!("{} (B: {} ms)", config.limit, b.as_millis()),
        Some(Limit::Nodes(n)) => format!("{} (B: {n})", config.limit),
        Some(b) => format!("{} (B: {b})", config.limit),
        None => config.limit.to_string(),
    }
}

fn summary_lines(s: &Summary, config: &MatchConfig) -> Vec<String> {
    let t = s.tally;
    let mut lines = vec![
        String::new(),
        format!(
            "{} vs {}, {}, {}",
            s.names.0,
            s.names.1,
            limit_text(config),
            count(t.games(), "game", "games")
        ),
        format!("{}: {}", s.names.0, wdl(t.wins, t.draws, t.losses)),
    ];
    for (label, c) in [("as red", s.as_red), ("as black", s.as_black)] {
        lines.push(format!("  {label}: {}", wdl(c.wins, c.draws, c.losses)));
    }
    let ends: Vec<String> = s
        .terminations
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    lines.push(format!("endings: {}", ends.join(", ")));
    if let (Some(sprt), Some((llr, v))) = (config.sprt, s.verdict) {
        let (lo, hi) = sprt.bounds();
        lines.push(format!(
            "SPRT elo0={} elo1={} alpha={} beta={}: LLR {llr:.2} ({lo:.2}, {hi:.2}), {v}",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        ));
    }
    if t.games() == 0 {
        lines.push("score -, no game finished".into());
        return lines;
    }
    let (elo, err) = t.elo();
    let fmt = |x: f64| {
        if x.abs() < 0.5 {
            "0".into()
        } else if x.is_finite() {
            format!("{x:+.0}")
        } else if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    let err = if err.is_finite() {
        format!("{err:.0}")
    } else {
        "inf".into()
    };
    lines.push(format!(
        "score {:.1} %, Elo {} ± {err}",
        100.0 * t.score(),
        fmt(elo)
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_singular_for_one() {
        assert_eq!(wdl(1, 0, 1), "1 win, 0 draws, 1 loss");
        assert_eq!(wdl(2, 1, 3), "2 wins, 1 draw, 3 losses");
    }
}
