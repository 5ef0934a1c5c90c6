//! Pictures of positions and games: a PNG of one position and an animated
//! GIF of a whole game, drawn as a board (wood, dark or paper: [`BoardTheme`])
//! with grid lines, palace diagonals, the river's 楚河 漢界, coordinates
//! (ICCS files a–i and ranks 0–9), the pieces (lacquered discs engraved
//! with their Chinese characters, pictograms, or brush-written characters:
//! [`PieceSet`]), the last move marked, and an optional caption underneath.
//! The game's window draws its pieces with the same code ([`piece_rgba`]).
//!
//! Drawing is vector work in `tiny-skia` (anti-aliased paths and
//! gradients); characters come from the project's own piece font through
//! `ttf-parser`; frames are encoded with the `png` and `gif` crates. None of
//! it needs the `gui` feature.

mod board;
mod font;
mod gif;
mod pieces;
mod style;

use crate::rules::{Charset, Move, Piece, Position};

pub use gif::{GifFrame, game_frames};
pub use pieces::{BLACK_INK, RED_INK, piece_char};
pub use style::{BoardTheme, PieceSet, Rgb, StyleError, ThemeColors};

/// What to draw besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Black at the bottom.
    pub flip: bool,
    /// Text under the board (characters the piece font lacks are refused).
    pub caption: Option<String>,
    /// The move that led to the position, marked on its two points.
    pub last_move: Option<Move>,
    /// How the pieces are drawn.
    pub pieces: PieceSet,
    /// The board's colours.
    pub theme: BoardTheme,
}

/// Why a picture could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The built-in font could not be read.
    #[error("the built-in piece font cannot be read")]
    Font,
    /// A caption character the piece font has no glyph for.
    #[error(
        "the caption's character '{ch}' is not in the board font (it has Chinese, Latin letters, digits and common punctuation)"
    )]
    MissingGlyph {
        /// The character.
        ch: char,
    },
    /// A caption that does not fit under the board at a legible size.
    #[error("the caption is too long: it takes more than {max} lines under the board")]
    CaptionTooLong {
        /// The most lines a caption may take.
        max: usize,
    },
    /// The PNG encoder failed.
    #[error("cannot encode the PNG: {0}")]
    Png(String),
    /// The GIF encoder failed.
    #[error("cannot encode the GIF: {0}")]
    Gif(String),
    /// A game with no position to show.
    #[error("the game has no moves to animate")]
    NoMoves,
}

/// The position as a PNG image.
///
/// # Errors
/// [`RenderError::MissingGlyph`] for a caption the font cannot draw,
/// [`RenderError::Png`] if encoding fails.
///
/// # Examples
/// ```
/// use xiangqi::rules::Position;
/// use xiangqi::render::{png, Options};
/// let bytes = png(&Position::startpos(), &Options::default()).unwrap();
/// assert!(bytes.starts_with(b"\x89PNG"));
/// ```
pub fn png(pos: &Position, options: &Options) -> Result<Vec<u8>, RenderError> {
    let painter = board::Painter::with_lines(caption_lines(options)?)?;
    let pixmap = painter.paint(pos, options)?;
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Png(e.to_string()))
}

/// The board without pieces (wood, grid, river, coordinates) as an RGBA8
/// image, `width × height` pixels, for the position editor to put pieces
/// on. Its points are [`board_point`]s.
///
/// # Errors
/// [`RenderError::Font`] if the built-in font cannot be read.
pub fn empty_board_rgba(flip: bool) -> Result<(u32, u32, Vec<u8>), RenderError> {
    let painter = board::Painter::new(false)?;
    let options = Options {
        flip,
        ..Options::default()
    };
    let pm = painter.paint(&Position::empty(), &options)?;
    Ok((pm.width(), pm.height(), straight_rgba(&pm)))
}

/// A pixmap's pixels as straight (not premultiplied) RGBA bytes, row by
/// row: tiny-skia keeps premultiplied alpha, images want it straight.
pub fn straight_rgba(pm: &tiny_skia::Pixmap) -> Vec<u8> {
    pm.pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect()
}

/// Where the point `sq` is on [`empty_board_rgba`]'s image, as fractions of
/// its width and height (0..1, from the top-left corner).
pub fn board_point(sq: crate::rules::Square, flip: bool) -> (f32, f32) {
    let (x, y) = board::point(sq, flip);
    let (w, h) = board::size_without_caption();
    (x / w, y / h)
}

/// A whole game as an animated GIF: the start position, then one frame a
/// move with the move marked and written underneath (`12. 炮二平五`); the
/// last frame stays longer. `options.caption`, if set, stands under the
/// start position; `options.last_move` is ignored.
///
/// # Errors
/// [`RenderError::NoMoves`] for a game without moves,
/// [`RenderError::MissingGlyph`] for a caption the font cannot draw,
/// [`RenderError::Gif`] if encoding fails.
pub fn gif(start: &Position, moves: &[Move], options: &Options) -> Result<Vec<u8>, RenderError> {
    if moves.is_empty() {
        return Err(RenderError::NoMoves);
    }
    // Every frame has a line for its move; the first may need more.
    let painter = board::Painter::with_lines(caption_lines(options)?.max(1))?;
    let frames = game_frames(start, moves, options);
    gif::encode(&painter, &frames, options)
}

/// How far a piece image reaches round the piece's centre, in radii: the
/// image of [`piece_rgba`] is `2 × PIECE_IMAGE_SPAN` radii wide, so a
/// character piece's rim and the anti-aliased edges fit inside it.
pub const PIECE_IMAGE_SPAN: f32 = 1.06;

/// One piece drawn alone on a transparent square `side` pixels wide, as
/// straight RGBA bytes row by row (the game's window draws its pieces
/// from these). The piece's radius is `side / (2 × PIECE_IMAGE_SPAN)`;
/// there is no shadow.
///
/// # Errors
/// [`RenderError::Font`] if the built-in font cannot be read (or `side`
/// is 0).
///
/// # Examples
/// ```
/// use xiangqi::render::{PieceSet, piece_rgba};
/// use xiangqi::rules::{Charset, Color, Piece, PieceKind};
/// let horse = Piece { color: Color::Black, kind: PieceKind::Horse };
/// let rgba = piece_rgba(horse, PieceSet::Pictograms, Charset::Traditional, 64).unwrap();
/// assert_eq!(rgba.len(), 64 * 64 * 4);
/// ```
pub fn piece_rgba(
    piece: Piece,
    set: PieceSet,
    charset: Charset,
    side: u32,
) -> Result<Vec<u8>, RenderError> {
    let font = font::Font::pieces().ok_or(RenderError::Font)?;
    let mut pm = tiny_skia::Pixmap::new(side, side).ok_or(RenderError::Font)?;
    let half = side as f32 / 2.0;
    let look = pieces::Look { set, charset };
    pieces::draw(
        &mut pm,
        &font,
        look,
        piece,
        (half, half),
        half / PIECE_IMAGE_SPAN,
    );
    Ok(straight_rgba(&pm))
}

/// How many lines the caption of `options` takes (0 without one).
fn caption_lines(options: &Options) -> Result<usize, RenderError> {
    match &options.caption {
        Some(text) => Ok(board::Painter::new(true)?.layout(text)?.0.len()),
        None => Ok(0),
    }
}
