//! `xiangqi db …`: the game database from the command line — import
//! collections, ask what was played from a position, count what is
//! stored, export the games through a position, and the benchmark.

use super::CliError;
use super::output::{escape_controls, finish, padded};
use crate::ecco::CodePrefix;
use crate::rules::notation::{ChineseStyle, format_move};
use crate::rules::{Charset, GameResult, Notation, Position};
use crate::store::db::{self, Database, DbError, Explorer, Filter, Owner, Progress, Tally};
use std::cell::Cell;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of `db`.
#[derive(clap::Args, Debug)]
pub struct DbArgs {
    /// The database file (default: the game's own, in its data folder).
    #[arg(long, global = true, value_name = "FILE")]
    db: Option<PathBuf>,
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(clap::Subcommand, Debug)]
enum DbCommand {
    /// Import record files and folders (searched recursively): PGN with many games, XQF, DhtmlXQ, dpxq, PlayOK, move lists.
    Import {
        /// Files and folders.
        #[arg(required = true, value_name = "FILES-OR-FOLDERS")]
        inputs: Vec<PathBuf>,
        /// Store them as the player's own games, played with this colour.
        #[arg(long, value_parser = ["red", "black", "both"])]
        mine: Option<String>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// What was played from a position and how it scored, and the first games that reached it.
    Search {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        filter: FilterArgs,
        /// Games to list.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(0..=10_000))]
        games: u32,
        /// Skip this many games of the list (paging).
        #[arg(long, default_value_t = 0)]
        offset: u32,
        /// Notation of the moves.
        #[arg(long, default_value = "chinese", value_parser = ["chinese", "wxf", "iccs"])]
        notation: String,
        /// Print Chinese notation in traditional characters.
        #[arg(long)]
        traditional: bool,
    },
    /// How many games and positions are stored, and the file's size.
    Stats,
    /// Write the games that reached a position to a PGN file.
    Export {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        filter: FilterArgs,
        /// The PGN file to write (replaced whole, atomically); `-` for the standard output.
        #[arg(long, value_name = "FILE")]
        pgn: PathBuf,
        /// Write Chinese notation in traditional characters.
        #[arg(long)]
        traditional: bool,
    },
    /// Benchmark: generate a collection, import it into a new database, time position lookups.
    Bench {
        /// Games in the generated collection.
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
        games: u64,
        /// Folder for the collection and the database (default: a temporary one, removed after).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Seed of the generated games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// The position asked about.
#[derive(clap::Args, Debug)]
pub(super) struct PositionArgs {
    /// The position (default: the standard start).
    #[arg(long)]
    fen: Option<String>,
    /// Moves played from it first (ICCS, WXF or Chinese; spaces or commas between).
    #[arg(long, num_args = 1.., value_delimiter = ',')]
    moves: Vec<String>,
}

impl PositionArgs {
    fn position(&self) -> Result<Position, CliError> {
        Ok(self.played()?.0)
    }

    /// The position and its ECCO opening: that of the moves from the
    /// standard start, or of the position itself when a row reaches it.
    pub(super) fn with_opening(
        &self,
    ) -> Result<(Position, Option<crate::ecco::Opening>), CliError> {
        let (pos, moves) = self.played()?;
        let opening = match self.fen {
            None => crate::ecco::classify(&Position::startpos(), &moves),
            Some(_) => None,
        };
        Ok((pos, opening.or_else(|| crate::ecco::at(&pos))))
    }

    /// The position after the moves, and the moves.
    fn played(&self) -> Result<(Position, Vec<crate::rules::Move>), CliError> {
        let start = match &self.fen {
            Some(fen) => {
                Position::from_fen(fen.trim()).map_err(|e| CliError::new(format!("--fen: {e}")))?
            }
            None => Position::startpos(),
        };
        let game = super::moves::play(start, &self.moves, None)?;
        Ok((*game.position(), game.moves().to_vec()))
    }
}

/// Which games.
#[derive(clap::Args, Debug)]
struct FilterArgs {
    /// Only the player's own games.
    #[arg(long)]
    mine: bool,
    /// Games on or after this date (2020, 2020.05, 2020-05-01).
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    since: Option<String>,
    /// Games on or before this date.
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    until: Option<String>,
    /// A player (part of the name), on either side.
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Games of this ECCO opening: a code (C20) or its start (C2, C).
    #[arg(long, value_name = "CODE")]
    opening: Option<CodePrefix>,
}

impl FilterArgs {
    fn filter(&self) -> Filter {
        Filter {
            mine_only: self.mine,
            since: self.since.clone(),
            until: self.until.clone(),
            player: self.player.clone().filter(|p| !p.trim().is_empty()),
            opening: self.opening.as_ref().map(|o| o.as_str().to_string()),
        }
    }
}

/// A date as `YYYY`, `YYYY.MM` or `YYYY.MM.DD` (`-` or `/` also between).
fn parse_date(s: &str) -> Result<String, String> {
    let normal = db::normal_date(s);
    let parts: Vec<&str> = normal.split('.').collect();
    let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
    let within = |p: &str, most: u32| p.parse::<u32>().is_ok_and(|n| (1..=most).contains(&n));
    let ok = !parts.is_empty()
        && parts.len() <= 3
        && digits(parts[0], 4)
        && parts[1..].iter().all(|p| digits(p, 2))
        && parts.get(1).is_none_or(|m| within(m, 12))
        && parts.get(2).is_none_or(|d| within(d, 31));
    if ok {
        Ok(normal)
    } else {
        Err(format!(
            "'{s}': expected a date as 2020, 2020.05 or 2020.05.01"
        ))
    }
}

/// Runs a `db` command.
///
/// # Errors
/// The database cannot be opened or fails; bad arguments; output that
/// cannot be written.
pub fn run(args: &DbArgs) -> Result<ExitCode, CliError> {
    if let DbCommand::Bench { games, dir, seed } = &args.command {
        return bench(*games, dir.as_deref(), *seed).map(|()| ExitCode::SUCCESS);
    }
    // The game's own database is rebuilt with the player's saved games;
    // another one from what can be read of it.
    let (path, saved) = match &args.db {
        Some(p) => (p.clone(), None),
        None => {
            let paths = crate::store::Paths::from_env().ok_or_else(|| {
                CliError::new("no home folder for the game database; give --db FILE")
            })?;
            (paths.database_file(), Some(paths.games_dir()))
        }
    };
    let errors = DbErrors {
        path: &path,
        damaged: Cell::new(false),
    };
    // search, stats and export only read: a file that cannot be written
    // (a read-only file or folder) is read as it is.
    let reads_only = !matches!(args.command, DbCommand::Import { .. });
    let open = |thorough: bool| {
        let (database, recovery) = match Database::open_or_rebuild(
            &path,
            thorough,
            saved.as_deref(),
            &db::saved_game_owner,
        ) {
            Ok(opened) => opened,
            Err(e) if reads_only && (e.is_read_only() || e.is_cannot_open()) && path.is_file() => {
                let database = Database::open_read_only(&path).map_err(|_| errors.of(e))?;
                (database, None)
            }
            Err(e) => return Err(errors.of(e)),
        };
        if let Some(r) = &recovery {
            eprintln!("note: {}: {r}", path.display());
        }
        Ok::<_, CliError>((database, recovery.is_some()))
    };
    // An import checks every page first: it never writes into a damaged
    // file. The other commands only read: they look closer when SQLite
    // finds damage, and run again on the rebuilt file.
    let thorough = matches!(args.command, DbCommand::Import { .. });
    let (mut database, _) = open(thorough)?;
    let outcome = command(&mut database, &args.command, &errors);
    if outcome.is_err() && errors.damaged.get() && !thorough {
        drop(database);
        errors.damaged.set(false);
        let (mut database, rebuilt) = open(true)?;
        if rebuilt {
            return command(&mut database, &args.command, &errors);
        }
    }
    outcome
}

/// What a database error says on the command line: the file named, and
/// what to do where that helps; it remembers whether the file was found
/// damaged.
struct DbErrors<'a> {
    path: &'a Path,
    damaged: Cell<bool>,
}

impl DbErrors<'_> {
    fn of(&self, e: DbError) -> CliError {
        if e.is_damage() {
            self.damaged.set(true);
        }
        let text = e.to_string();
        let file = self.path.display().to_string();
        let named = if text.contains(&file) {
            text
        } else {
            format!("{file}: {text}")
        };
        let hint = if e.is_busy() {
            "; another program (the game, or another command) is writing to it: try again when it is done"
        } else if e.is_read_only() {
            "; the file or its folder cannot be written: check their permissions"
        } else {
            ""
        };
        CliError::new(format!("{named}{hint}"))
    }
}

fn command(
    database: &mut Database,
    command: &DbCommand,
    errors: &DbErrors,
) -> Result<ExitCode, CliError> {
    match command {
        DbCommand::Import {
            inputs,
            mine,
            quiet,
        } => import(database, inputs, mine.as_deref(), *quiet, errors),
        DbCommand::Bench { .. } => Ok(ExitCode::SUCCESS),
        other => read_command(database, other, errors).map(|()| ExitCode::SUCCESS),
    }
}

/// The commands that only read: search, stats, export.
fn read_command(
    database: &mut Database,
    command: &DbCommand,
    errors: &DbErrors,
) -> Result<(), CliError> {
    match command {
        DbCommand::Search {
            position,
            filter,
            games,
            offset,
            notation,
            traditional,
        } => search(
            database,
            position.with_opening()?,
            &filter.filter(),
            (*games, *offset),
            (notation, charset(*traditional)),
            errors,
        ),
        DbCommand::Stats => stats(database, errors),
        DbCommand::Export {
            position,
            filter,
            pgn,
            traditional,
        } => export(
            database,
            &position.position()?,
            &filter.filter(),
            (pgn, charset(*traditional)),
            errors,
        ),
        DbCommand::Import { .. } | DbCommand::Bench { .. } => Ok(()),
    }
}

fn import(
    db: &mut Database,
    inputs: &[PathBuf],
    mine: Option<&str>,
    quiet: bool,
    errors: &DbErrors,
) -> Result<ExitCode, CliError> {
    let owner = match mine {
        Some("red") => Owner::Mine(crate::rules::Color::Red),
        Some("black") => Owner::Mine(crate::rules::Color::Black),
        Some(_) => Owner::MineBothSides,
        None => Owner::Collected,
    };
    let tty = std::io::stderr().is_terminal() && !quiet;
    let mut shown = false;
    let summary = db
        .import(inputs, owner, &mut |p| {
            if tty {
                shown = true;
                let mut err = std::io::stderr().lock();
                let _ = write!(err, "\r{}\x1b[K", progress_line(p));
            }
        })
        .map_err(|e| errors.of(e))?;
    if shown {
        eprintln!();
    }
    let mut out = std::io::stdout().lock();
    let written = (|| {
        for r in &summary.refused {
            writeln!(out, "refused: {}", escape_controls(&r.to_string()))?;
        }
        writeln!(
            out,
            "{} files: {} games added, {} already there, {} refused, in {} ({:.0} games/s)",
            summary.files,
            summary.added,
            summary.duplicates,
            summary.refused.len(),
            clock(summary.elapsed),
            (summary.added + summary.duplicates) as f64 / summary.elapsed.as_secs_f64().max(1e-3)
        )
    })();
    finish(written)?;
    // As `cp` and `rsync` do: a script can tell that an input was not
    // taken (a file refused whole, not a game refused inside one).
    if summary.refused.iter().any(|r| r.game.is_none()) {
        Ok(ExitCode::from(1))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

fn progress_line(p: &Progress) -> String {
    const WIDTH: usize = 24;
    let share = if p.bytes == 0 {
        1.0
    } else {
        p.bytes_done as f64 / p.bytes as f64
    };
    let filled = ((share * WIDTH as f64) as usize).min(WIDTH);
    format!(
        "[{}{}] {:>3.0} %  file {}/{}  {} games ({} duplicates, {} refused)  {:.0} games/s  ETA {}",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
        share * 100.0,
        p.files_done.min(p.files.saturating_sub(1)) + 1,
        p.files,
        p.added,
        p.duplicates,
        p.refused,
        p.games_per_second(),
        p.eta().map_or("?".into(), clock)
    )
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The characters of Chinese notation: simplified unless asked (as
/// `replay` and `review` write them).
fn charset(traditional: bool) -> Charset {
    if traditional {
        Charset::Traditional
    } else {
        Charset::Simplified
    }
}

fn search(
    db: &Database,
    (pos, opening): (Position, Option<crate::ecco::Opening>),
    filter: &Filter,
    (games, offset): (u32, u32),
    (notation, charset): (&str, Charset),
    errors: &DbErrors,
) -> Result<(), CliError> {
    let notation = match notation {
        "wxf" => Notation::Wxf,
        "iccs" => Notation::Iccs,
        _ => Notation::Chinese,
    };
    let pos = &pos;
    let explorer = db.explore(pos, filter).map_err(|e| errors.of(e))?;
    let rows = db
        .games_at(pos, filter, offset, games)
        .map_err(|e| errors.of(e))?;
    let mut out = std::io::stdout().lock();
    let written = (|| {
        write_table(
            &mut out,
            (pos, opening),
            &explorer,
            filter,
            (notation, charset),
        )?;
        if !rows.is_empty() {
            writeln!(out)?;
            writeln!(
                out,
                "games {}–{} of {}:",
                offset + 1,
                offset as usize + rows.len(),
                explorer.games
            )?;
            for r in &rows {
                writeln!(
                    out,
                    "  #{:<7} {} – {}, {}{}, {}, at ply {}{}",
                    r.id,
                    name(&r.red),
                    name(&r.black),
                    if r.event.is_empty() {
                        String::new()
                    } else {
                        format!("{}, ", escape_controls(&r.event))
                    },
                    if r.date.is_empty() {
                        "no date".to_string()
                    } else {
                        escape_controls(&r.date)
                    },
                    r.result.map_or("*", GameResult::pgn),
                    r.ply,
                    if r.ecco.is_empty() {
                        String::new()
                    } else {
                        format!(", {}", r.ecco)
                    }
                )?;
            }
        }
        Ok(())
    })();
    finish(written)
}

fn name(n: &str) -> String {
    if n.is_empty() {
        "?".into()
    } else {
        escape_controls(n)
    }
}

fn write_table(
    out: &mut impl Write,
    (pos, opening): (&Position, Option<crate::ecco::Opening>),
    e: &Explorer,
    filter: &Filter,
    (notation, charset): (Notation, Charset),
) -> std::io::Result<()> {
    let side = match pos.side_to_move() {
        crate::rules::Color::Red => "Red",
        crate::rules::Color::Black => "Black",
    };
    writeln!(out, "{}", pos.fen())?;
    if let Some(o) = opening {
        writeln!(out, "opening: {o}")?;
    }
    if e.games == 0 && !filter.is_open() {
        return writeln!(
            out,
            "no game the filter lets through reached this position (without it there may be some)"
        );
    }
    if e.games == 0 {
        return writeln!(out, "no game in the database reached this position");
    }
    writeln!(
        out,
        "{} games, {} to move: {}{}",
        e.games,
        side,
        tally(&e.all),
        if e.mine.games() > 0 {
            format!("; your games: {}", tally(&e.mine))
        } else {
            String::new()
        }
    )?;
    if e.moves.is_empty() {
        return Ok(());
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:<10} {:>8} {:>7}  {:>5} {:>5} {:>5}  {:>6}",
        "move", "games", "share", "win", "draw", "loss", "score"
    )?;
    let style = ChineseStyle::from(charset);
    let total: u32 = e.moves.iter().map(|m| m.all.games()).sum();
    for m in &e.moves {
        let text = format_move(pos, m.mv, notation, style);
        let t = &m.all;
        let decided = f64::from((t.wins + t.draws + t.losses).max(1));
        let pct = |n: u32| format!("{:.0}%", 100.0 * f64::from(n) / decided);
        writeln!(
            out,
            "{} {:>8} {:>6.1}%  {:>5} {:>5} {:>5}  {:>6}{}",
            padded(&text, 10),
            t.games(),
            100.0 * f64::from(t.games()) / f64::from(total.max(1)),
            pct(t.wins),
            pct(t.draws),
            pct(t.losses),
            t.score()
                .map_or("-".into(), |s| format!("{:.1}%", s * 100.0)),
            if m.mine.games() > 0 {
                format!("  (yours: {})", tally(&m.mine))
            } else {
                String::new()
            }
        )?;
    }
    Ok(())
}

fn tally(t: &Tally) -> String {
    format!("+{} ={} -{}", t.wins, t.draws, t.losses)
}

fn stats(db: &Database, errors: &DbErrors) -> Result<(), CliError> {
    let s = db.stats().map_err(|e| errors.of(e))?;
    let mut out = std::io::stdout().lock();
    let [red, draw, black, unknown] = s.results;
    let written = (|| {
        writeln!(
            out,
            "{}",
            db.path()
                .map_or("(in memory)".into(), |p| p.display().to_string())
        )?;
        writeln!(out, "games:     {} ({} of them yours)", s.games, s.mine)?;
        writeln!(
            out,
            "results:   1-0 {red}, 1/2-1/2 {draw}, 0-1 {black}, unknown {unknown}"
        )?;
        writeln!(
            out,
            "positions: {} indexed, {} distinct",
            s.positions, s.distinct_positions
        )?;
        writeln!(
            out,
            "size:      {:.1} MB ({} bytes a game)",
            s.bytes as f64 / 1e6,
            s.bytes.checked_div(s.games).unwrap_or(0)
        )
    })();
    finish(written)
}

fn export(
    db: &Database,
    pos: &Position,
    filter: &Filter,
    (pgn, charset): (&Path, Charset),
    errors: &DbErrors,
) -> Result<(), CliError> {
    let style = ChineseStyle::from(charset);
    let mut text = String::new();
    let (mut games, mut left_out) = (0, 0);
    let mut offset = 0;
    loop {
        let rows = db
            .games_at(pos, filter, offset, 1000)
            .map_err(|e| errors.of(e))?;
        if rows.is_empty() {
            break;
        }
        offset += rows.len() as u32;
        for r in rows {
            let stored = match db.load(r.id) {
                Ok(stored) => stored,
                // One damaged game costs that game, not the export.
                Err(e @ DbError::Damaged { .. }) => {
                    eprintln!(
                        "note: {}: {}; left out",
                        errors.path.display(),
                        escape_controls(&e.to_string())
                    );
                    left_out += 1;
                    continue;
                }
                Err(e) => return Err(errors.of(e)),
            };
            if games > 0 {
                text.push('\n');
            }
            // The whole tree: variations, comments and marks as stored.
            let g = &stored.opened;
            // The opening by the moves, unless the record named its own.
            let mut tags = g.tags.clone();
            crate::ecco::fill_tags(&mut tags, g.game.start(), g.game.all_moves());
            text.push_str(&crate::rules::records::write_pgn_tree(
                &tags,
                g.game.tree(),
                g.result,
                Notation::Chinese,
                style,
            ));
            games += 1;
        }
    }
    let left_out = if left_out > 0 {
        format!(" ({left_out} damaged left out)")
    } else {
        String::new()
    };
    if pgn == Path::new("-") {
        let mut out = std::io::stdout().lock();
        let written = out.write_all(text.as_bytes()).and_then(|()| out.flush());
        finish(written)?;
        eprintln!("{games} games{left_out}");
        return Ok(());
    }
    crate::store::write_atomic(pgn, text.as_bytes())
        .map_err(|e| CliError::new(format!("cannot write {}: {e}", pgn.display())))?;
    finish(writeln!(
        std::io::stdout(),
        "{}: {games} games{left_out}",
        pgn.display(),
    ))
}

fn bench(games: u64, dir: Option<&std::path::Path>, seed: u64) -> Result<(), CliError> {
    let temp;
    let dir = match dir {
        Some(d) => {
            std::fs::create_dir_all(d)
                .map_err(|e| CliError::new(format!("{}: {e}", d.display())))?;
            d.to_path_buf()
        }
        None => {
            temp = tempfile::Builder::new()
                .prefix("xiangqi-db-bench-")
                .tempdir()
                .map_err(|e| CliError::new(format!("a temporary folder: {e}")))?;
            temp.path().to_path_buf()
        }
    };
    let started = Instant::now();
    let r = db::bench::run(&dir, games as usize, seed).map_err(CliError::new)?;
    let mut out = std::io::stdout().lock();
    let written = (|| {
        writeln!(
            out,
            "collection: {} games, {:.1} MB of PGN (Chinese notation), generated in {}",
            games,
            r.pgn_bytes as f64 / 1e6,
            clock(started.elapsed().saturating_sub(r.import))
        )?;
        writeln!(
            out,
            "import:     {} games in {:.2} s: {:.0} games/s (one core)",
            r.games,
            r.import.as_secs_f64(),
            r.games_per_second()
        )?;
        writeln!(
            out,
            "database:   {:.1} MB, {} bytes a game, {} positions indexed",
            r.db_bytes as f64 / 1e6,
            r.db_bytes.checked_div(r.games).unwrap_or(0),
            r.positions
        )?;
        writeln!(
            out,
            "lookup:     {} positions (explorer table + first 20 games): median {:.2} ms, slowest {:.2} ms, start position {:.2} ms",
            r.lookups,
            ms(r.lookup_median),
            ms(r.lookup_max),
            ms(r.lookup_start)
        )
    })();
    finish(written)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
