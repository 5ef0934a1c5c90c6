//! `xiangqi render`: a PNG of a position (`--fen`, or the end of a game
//! from `--pgn`/`--file`) and an animated GIF of a game. Files are written
//! to a temporary file and renamed into place, so a failed run never leaves
//! half an image.

use super::CliError;
use crate::render::{self, Options};
use crate::rules::{Move, Position};
use std::path::{Path, PathBuf};

/// Arguments of `render`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("record").args(["pgn", "file"])))]
#[command(group(clap::ArgGroup::new("output").args(["out", "gif"]).required(true).multiple(true)))]
pub struct RenderArgs {
    /// The position to draw (default: the standard opening, or the game's last position).
    #[arg(long, conflicts_with = "record")]
    fen: Option<String>,
    /// A PGN file whose game is drawn.
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// A game record in any format `replay --file` reads (XQF, DhtmlXQ, dpxq text, PlayOK WXF, PGN, a move list).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Which game of the file, 1 = first.
    #[arg(long, default_value_t = 1, requires = "record", value_parser = super::replay::game_number)]
    game: u32,
    /// Write a PNG of the position (with --pgn/--file: the game's last position, its last move marked).
    #[arg(long, value_name = "PNG")]
    out: Option<PathBuf>,
    /// Write an animated GIF of the game, a frame a move.
    #[arg(long, value_name = "GIF", requires = "record")]
    gif: Option<PathBuf>,
    /// Text under the board (under the first frame of a GIF).
    #[arg(long)]
    caption: Option<String>,
    /// Black at the bottom.
    #[arg(long)]
    flip: bool,
}

/// Draws and writes the pictures asked for, one `wrote …` line each.
///
/// # Errors
/// A [`CliError`] for a bad FEN, an unreadable record, a caption the font
/// cannot draw, or a file that cannot be written.
pub fn run(args: &RenderArgs) -> Result<(), CliError> {
    let (start, moves) = source(args)?;
    let mut end = start;
    for &m in &moves {
        end.make(m);
    }
    if let Some(path) = &args.out {
        let options = Options {
            flip: args.flip,
            caption: args.caption.clone(),
            last_move: moves.last().copied(),
        };
        let bytes = render::png(&end, &options).map_err(CliError::new)?;
        write(path, &bytes)?;
    }
    if let Some(path) = &args.gif {
        let options = Options {
            flip: args.flip,
            caption: args.caption.clone(),
            last_move: None,
        };
        let bytes = render::gif(&start, &moves, &options)
            .map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
        write(path, &bytes)?;
    }
    Ok(())
}

/// The start position and the main line to draw.
fn source(args: &RenderArgs) -> Result<(Position, Vec<Move>), CliError> {
    if let Some(fen) = &args.fen {
        let pos = Position::from_fen(fen).map_err(|e| CliError::new(format!("bad FEN: {e}")))?;
        return Ok((pos, Vec::new()));
    }
    let record = match (&args.pgn, &args.file) {
        (Some(p), _) | (None, Some(p)) => p,
        (None, None) => return Ok((Position::startpos(), Vec::new())),
    };
    let game = super::replay::read_record(record, args.game)?;
    Ok((*game.start(), game.main_line()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    crate::store::write_atomic(path, bytes)
        .map_err(|e| CliError::new(format!("cannot write {}: {e}", path.display())))?;
    println!("wrote {}", path.display());
    Ok(())
}
