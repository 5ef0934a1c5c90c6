//! `xiangqi render`: a PNG of a position (`--fen`, or the end of a game
//! from `--pgn`/`--file`) and an animated GIF of a game. Files are written
//! to a temporary file and renamed into place, so a failed run never leaves
//! half an image.

use super::CliError;
use crate::render::{self, BoardTheme, Options, PieceSet};
use crate::rules::{Move, Position};
use std::io::Write;
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
    /// How the pieces are drawn: characters (the engraved Chinese
    /// characters), pictograms (a picture of each piece, its character
    /// small) or brush.
    #[arg(long, value_name = "NAME", default_value = "characters",
          value_parser = StyleName::<PieceSet>::new(|| PieceSet::ALL.map(PieceSet::name).to_vec()))]
    pieces: PieceSet,
    /// The board's colours: wood, dark or paper.
    #[arg(long, value_name = "NAME", default_value = "wood",
          value_parser = StyleName::<BoardTheme>::new(|| BoardTheme::ALL.map(BoardTheme::name).to_vec()))]
    theme: BoardTheme,
}

/// A style's name on the command line: read by the style's own `FromStr`
/// (whose error names the choices), and the names offered to the shell's
/// completions and the help.
#[derive(Clone)]
struct StyleName<T> {
    names: fn() -> Vec<&'static str>,
    of: std::marker::PhantomData<fn() -> T>,
}

impl<T> StyleName<T> {
    fn new(names: fn() -> Vec<&'static str>) -> Self {
        StyleName {
            names,
            of: std::marker::PhantomData,
        }
    }
}

impl<T> clap::builder::TypedValueParser for StyleName<T>
where
    T: std::str::FromStr + Clone + Send + Sync + 'static,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        clap::builder::StringValueParser::new()
            .try_map(|s| s.parse::<T>())
            .parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.names)()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// Draws and writes the pictures asked for, one `wrote …` line each.
///
/// # Errors
/// A [`CliError`] for a bad FEN, an unreadable record, a caption the font
/// cannot draw, or a file that cannot be written.
pub fn run(args: &RenderArgs) -> Result<(), CliError> {
    check_paths(args)?;
    let (start, moves) = source(args)?;
    let mut end = start;
    for &m in &moves {
        end.make(m);
    }
    let mut out = std::io::stdout().lock();
    if let Some(path) = &args.out {
        let options = Options {
            flip: args.flip,
            caption: args.caption.clone(),
            last_move: moves.last().copied(),
            pieces: args.pieces,
            theme: args.theme,
        };
        let bytes = render::png(&end, &options).map_err(CliError::new)?;
        write(path, &bytes, &mut out)?;
    }
    if let Some(path) = &args.gif {
        let options = Options {
            flip: args.flip,
            caption: args.caption.clone(),
            last_move: None,
            pieces: args.pieces,
            theme: args.theme,
        };
        let bytes = render::gif(&start, &moves, &options)
            .map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
        write(path, &bytes, &mut out)?;
    }
    Ok(())
}

/// Refuses outputs that would overwrite the record read, or each other,
/// before anything is drawn.
fn check_paths(args: &RenderArgs) -> Result<(), CliError> {
    let record = args.pgn.as_ref().or(args.file.as_ref());
    for out in [&args.out, &args.gif].into_iter().flatten() {
        if let Some(record) = record
            && same_file(out, record)
        {
            return Err(CliError::new(format!(
                "{} is the record being read; refusing to draw over it",
                out.display()
            )));
        }
    }
    if let (Some(png), Some(gif)) = (&args.out, &args.gif)
        && same_file(png, gif)
    {
        return Err(CliError::new(format!(
            "--out and --gif both name {}; give each its own file",
            png.display()
        )));
    }
    Ok(())
}

/// Whether two paths name one file (or would, once written).
fn same_file(a: &Path, b: &Path) -> bool {
    let key = |p: &Path| -> Option<PathBuf> {
        let t = crate::store::atomic::target(p).ok()?;
        let p = t.path();
        if let Ok(c) = p.canonicalize() {
            return Some(c);
        }
        // Not there yet: its folder's real path and its name.
        let dir = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        Some(dir.canonicalize().ok()?.join(p.file_name()?))
    };
    match (key(a), key(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
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
    let opened = super::replay::read_record(record, args.game)?;
    Ok((*opened.game.start(), opened.game.all_moves().to_vec()))
}

/// Writes one picture and says so on stdout; a picture sent to a device or
/// a pipe (`--out /dev/stdout`) is not followed by a `wrote` line, so the
/// stream holds the picture alone.
fn write(path: &Path, bytes: &[u8], out: &mut impl Write) -> Result<(), CliError> {
    let cannot = |e: std::io::Error| CliError::new(format!("cannot write {}: {e}", path.display()));
    let target = crate::store::atomic::target(path).map_err(cannot)?;
    crate::store::atomic::write_output(path, bytes).map_err(cannot)?;
    if matches!(target, crate::store::atomic::Target::File(_)) {
        super::output::finish(
            writeln!(out, "wrote {}", path.display()).and_then(|()| out.flush()),
        )?;
    }
    Ok(())
}
