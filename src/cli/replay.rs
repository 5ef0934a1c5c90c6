//! `xiangqi replay [--fen FEN] [--pgn FILE | --file FILE] [MOVE ...]`: plays
//! moves (any notation, or a record's main line followed by the extra MOVEs;
//! `--file` takes any format `rules::records` reads) through a
//! [`Game`] and prints each move in ICCS, Chinese and WXF, then the ECCO
//! opening (`opening: C00 中炮对屏风马 (Central Cannon vs Screen Horses)`,
//! for a game from the standard start), the final FEN and how the game
//! stands.

use super::CliError;
use crate::rules::notation::{self, Charset};
use crate::rules::pgn::{self, move_number_label};
use crate::rules::{Game, GameError, Move, Position};
use crate::store::record::OpenedGame;
use crate::store::{LibraryError, OpenError};
use std::io::{self, Write};
use std::path::PathBuf;

/// Arguments of `replay`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("record").args(["pgn", "file"])))]
pub struct ReplayArgs {
    /// Start position (default: the standard opening, or the PGN's).
    #[arg(long, conflicts_with_all = ["pgn", "file"])]
    fen: Option<String>,
    /// A PGN file (GBK or UTF-8) whose main line is played first.
    #[arg(long, conflicts_with = "file")]
    pgn: Option<PathBuf>,
    /// A game record in any format: XQF, DhtmlXQ, dpxq text, PlayOK WXF,
    /// PGN or a plain move list (detected from the content).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Which game of the PGN file (or record), 1 = first.
    #[arg(long, default_value_t = 1, requires = "record", value_parser = game_number)]
    game: u32,
    /// Print Chinese notation in traditional characters.
    #[arg(long)]
    traditional: bool,
    /// Moves to play, in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五).
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

/// `--game N`: games are counted from 1.
pub(super) fn game_number(s: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(0) => Err("games are counted from 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a game number (1 = the first game)".into()),
    }
}

/// Plays the moves and prints one line per move, then `fen:` and `status:`.
///
/// # Errors
/// A [`CliError`] naming the move at fault (`move 14 (车八进十): no such
/// move in this position`), the bad FEN, or the unreadable PGN.
pub fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    match replay(args, &mut out) {
        Ok(()) => Ok(()),
        Err(Failure::User(e)) => Err(e),
        Err(Failure::Output(e)) => super::output::finish(Err(e)),
    }
}

/// A user error to report, or a failure to write the output.
enum Failure {
    User(CliError),
    Output(io::Error),
}

impl From<CliError> for Failure {
    fn from(e: CliError) -> Failure {
        Failure::User(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

fn replay(args: &ReplayArgs, out: &mut impl Write) -> Result<(), Failure> {
    if let Some(i) = args.moves.iter().position(|a| a.trim().is_empty()) {
        return Err(CliError::new(format!("move argument {} is empty", i + 1)).into());
    }
    let (start, pgn_moves) = match args.pgn.as_deref().or(args.file.as_deref()) {
        // A PGN or any other record, each game standing alone, through the
        // one door.
        Some(path) => {
            let opened = read_record(path, args.game)?;
            (*opened.game.start(), opened.game.all_moves().to_vec())
        }
        None => match &args.fen {
            Some(fen) => (
                Position::from_fen(fen).map_err(|e| CliError::new(format!("bad FEN: {e}")))?,
                Vec::new(),
            ),
            None => (Position::startpos(), Vec::new()),
        },
    };
    let charset = if args.traditional {
        Charset::Traditional
    } else {
        Charset::Simplified
    };
    let mut game = Game::new(start);
    for &m in &pgn_moves {
        // A record's move is the record's fault: the error names the file.
        play(&mut game, m, &m.to_string(), charset, out).map_err(|e| match (e, &args.pgn) {
            (Failure::User(e), Some(path)) => {
                Failure::User(CliError::new(format!("{}: PGN: {e}", path.display())))
            }
            (e, _) => e,
        })?;
    }
    // Move numbers (`1.`, `１．`, `2...`) may stand between the moves, as in PGN.
    for token in args.moves.iter().flat_map(|a| a.split_whitespace()) {
        let mv = match pgn::move_part(token) {
            Some(mv) => mv,
            None if token.contains(['.', '．', '。', '…']) => continue,
            None => token,
        };
        let pos = *game.position();
        // Typed by a person: a text that is two different moves in WXF
        // and Vietnamese notation is refused, naming both.
        let m = notation::parse_typed_move(&pos, mv, None).map_err(|e| {
            CliError::new(format!("move {} ({token}): {e}", move_number_label(&pos)))
        })?;
        play(&mut game, m, token, charset, out)?;
    }
    if let Some(o) = crate::ecco::classify(game.start(), game.all_moves()) {
        writeln!(out, "{}", opening_line(&o))?;
    }
    writeln!(out, "fen: {}", game.position().fen())?;
    match game.outcome() {
        Some(o) => writeln!(out, "status: {o}")?,
        None => writeln!(out, "status: ongoing")?,
    }
    out.flush()?;
    Ok(())
}

/// `opening: CODE 中文名`, with the English name in brackets where there
/// is one: the moves are printed in Chinese and the statuses in English, so
/// the line gives both.
pub(super) fn opening_line(o: &crate::ecco::Opening) -> String {
    match o.en {
        Some(en) => format!("opening: {o} ({en})"),
        None => format!("opening: {o}"),
    }
}

/// Reads game `number` of a record in any format the game reads, through
/// the one door ([`crate::store::record`]).
///
/// # Errors
/// A [`CliError`] naming the file, the format and what is wrong.
pub(super) fn read_record(path: &std::path::Path, number: u32) -> Result<OpenedGame, CliError> {
    crate::store::record::open_game_path(path, number as usize).map_err(|e| match e {
        LibraryError::Io { source, .. } => {
            CliError::new(format!("cannot read {}: {source}", path.display()))
        }
        LibraryError::Open { error, .. } => {
            CliError::new(format!("{}: {}", path.display(), without_format(&error)))
        }
    })
}

/// A record's error as the command line says it: a PGN error names its
/// line and move without "invalid PGN" (the file says what it is).
fn without_format(error: &OpenError) -> String {
    match error {
        OpenError::Pgn(e) => e.to_string(),
        OpenError::InGame { number, error } => format!("game {number}: {}", without_format(error)),
        e => e.to_string(),
    }
}

/// Plays one move into the game and prints its line.
fn play(
    game: &mut Game,
    m: Move,
    token: &str,
    charset: Charset,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let pos = *game.position();
    let label = move_number_label(&pos);
    let line = format!(
        "{}{} {} {} {}",
        label,
        if label.ends_with('.') { "" } else { "." },
        notation::to_iccs(m),
        notation::to_chinese(&pos, m, charset),
        notation::to_wxf(&pos, m),
    );
    game.play(m).map_err(|e| {
        let why = match e {
            GameError::Over(o) => format!("the game is already over: {o}"),
            GameError::Illegal(i) => i.to_string(),
        };
        CliError::new(format!("move {label} ({token}): {why}"))
    })?;
    writeln!(out, "{line}")?;
    Ok(())
}
