//! The one door to a game record. Every way a record comes in — a file
//! dropped on the window, a paste, the import field, a row of the saved
//! games, `--open`, `--review`, the command line — goes through
//! [`open_bytes`] or [`open_path`]: one size limit, one reading of every
//! format the project knows (FEN, PGN, XQF, DhtmlXQ, dpxq text, PlayOK WXF,
//! move lists), one typed error, and the same game with its variations,
//! comments and clocks whichever way it came.

use super::file_name;
use crate::rules::clock::GameClock;
use crate::rules::notation::{self, MoveParseError};
use crate::rules::pgn::{self, PgnError, PgnGame};
use crate::rules::records::{self, CheckedGame, Format, ImportError, RecordError};
use crate::rules::{FenError, Game, GameResult, Position};
use std::io;
use std::path::{Path, PathBuf};

/// Why content could not be opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpenError {
    /// Nothing but whitespace.
    #[error("the text is empty")]
    Empty,
    /// Binary data, not text.
    #[error("this is not a text file (it contains binary data)")]
    Binary,
    /// Too big to be a game record.
    #[error("the file is too large to be a game record (more than {} MB)", MAX_FILE_BYTES >> 20)]
    TooLarge {
        /// Its size as the file system gives it (0 for a device or a pipe).
        bytes: u64,
    },
    /// Looks like FEN but is not a valid position.
    #[error("invalid FEN: {0}")]
    Fen(FenError),
    /// A move after a FEN's `moves` that is not a move there.
    #[error("move {number} ({token}): {error}")]
    Move {
        /// Move number, `14` or `14...`.
        number: String,
        /// The move as written.
        token: String,
        /// Why it is not a move.
        error: MoveParseError,
    },
    /// Looks like PGN but has an error.
    #[error("invalid PGN: {0}")]
    Pgn(PgnError),
    /// A record in another format with an error: the format, what and where.
    #[error(transparent)]
    Record(Box<ImportError>),
    /// PGN without any game in it.
    #[error("the PGN holds no game")]
    NoGame,
    /// Neither FEN nor PGN.
    #[error("not a FEN position or a PGN game (it starts with \"{start}\")")]
    NotRecognized {
        /// The first characters, for the message.
        start: String,
    },
    /// The file could not be read.
    #[error("cannot be read: {0}")]
    Io(String),
    /// One game of a record of several: its number (1 = first) and its
    /// error.
    #[error("game {number}: {error}")]
    InGame {
        /// The game's number.
        number: usize,
        /// What is wrong with it.
        error: Box<OpenError>,
    },
}

/// A record file, or the saved-games folder, that could not be read or
/// written: the file and why.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// An I/O error.
    #[error("{file}: {source}", file = file_name(path))]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// Not a readable PGN file.
    #[error("{file}: {error}", file = file_name(path))]
    Open {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        error: OpenError,
    },
}

impl LibraryError {
    /// What is wrong, without the file's name (for a message that names
    /// the file already).
    pub fn reason(&self) -> String {
        match self {
            LibraryError::Open { error, .. } => error.to_string(),
            LibraryError::Io { source, .. } => format!("cannot be read: {source}"),
        }
    }
}

/// The extensions of the record files the door reads (lower case): what a
/// folder is searched for and what the file dialog offers.
pub const EXTENSIONS: [&str; 7] = ["pgn", "xqf", "txt", "htm", "html", "dhtml", "xq"];

/// Files bigger than this are not a game record the game reads.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// One game of an opened record.
#[derive(Clone, Debug)]
pub struct OpenedGame {
    /// The format it was read from; `None` for a FEN line (with or without
    /// an engine's `moves …`).
    pub format: Option<Format>,
    /// The record's tags (`Event`, `Red`, `Black`, `Date`, `Result`, …).
    pub tags: Vec<(String, String)>,
    /// The result the record states, if any.
    pub result: Option<GameResult>,
    /// The game: its move tree (variations, comments, marks and the moves'
    /// clocks), the cursor at the end of its main line.
    pub game: Game,
    /// The clocks the record kept, when it names a time control.
    pub clock: Option<GameClock>,
}

impl OpenedGame {
    fn from_checked(checked: CheckedGame) -> OpenedGame {
        let clock = GameClock::of_record(&checked.tags, checked.game.tree());
        OpenedGame {
            format: Some(checked.format),
            game: checked.game,
            tags: checked.tags,
            result: checked.result,
            clock,
        }
    }

    fn position(format: Option<Format>, game: Game) -> OpenedGame {
        OpenedGame {
            format,
            tags: Vec::new(),
            result: None,
            game,
            clock: None,
        }
    }

    /// A tag's value (name compared case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Number of moves of the main line.
    pub fn plies(&self) -> usize {
        self.game.all_moves().len()
    }

    /// The main line as a PGN game: tags, start, moves, result.
    pub fn to_pgn(&self) -> PgnGame {
        let mut g = PgnGame::new(*self.game.start());
        for (k, v) in &self.tags {
            g.set_tag(k, v);
        }
        if let Some(r) = self.result {
            g.set_tag("Result", r.pgn());
        }
        g.moves = self.game.all_moves().to_vec();
        g.result = self.result;
        g
    }
}

/// Opens the bytes of a record file or pasted text: every good game in
/// it (a file of several games keeps its good games when one is bad).
/// UTF-8 (with or without a BOM) or GBK.
///
/// # Errors
/// [`OpenError`] says what is wrong: empty, binary, a bad FEN or move, or
/// the record's own error (its format, the move number and why); with no
/// good game, the first error met.
///
/// # Examples
/// ```
/// use xiangqi::store::record::open_bytes;
/// let games = open_bytes("1. 炮二平五 马８进７ {a classic} 2. h0g2".as_bytes()).unwrap();
/// assert_eq!(games[0].plies(), 3);
/// assert_eq!(games[0].game.tree().comment_count(), 1);
/// let e = open_bytes(b"hello world").unwrap_err();
/// assert!(e.to_string().starts_with("not a FEN position or a PGN game"), "{e}");
/// ```
pub fn open_bytes(bytes: &[u8]) -> Result<Vec<OpenedGame>, OpenError> {
    match read(decode(bytes))? {
        Read::Position(game) => Ok(vec![*game]),
        Read::Record(_, games, text) => collect(games, &text),
    }
}

/// Opens game `number` (1 = first) of a record, as [`open_bytes`] reads
/// it; a position (FEN) is a record of one game.
///
/// # Errors
/// That game's error (not another's), or that there is no such game.
pub fn open_game(bytes: &[u8], number: usize) -> Result<OpenedGame, OpenError> {
    match read(decode(bytes))? {
        Read::Position(game) if number == 1 => Ok(*game),
        Read::Position(_) => Err(no_such_game(Format::MoveList, number, 1)),
        Read::Record(format, mut games, text) => {
            let found = games.len();
            if number == 0 || number > found {
                return Err(no_such_game(format, number, found));
            }
            games
                .swap_remove(number - 1)
                .map(OpenedGame::from_checked)
                .map_err(|e| match describe(e, &text) {
                    error if found > 1 => OpenError::InGame {
                        number,
                        error: Box::new(error),
                    },
                    error => error,
                })
        }
    }
}

/// Files of a game collection (the database's import) may be this big.
pub const MAX_COLLECTION_BYTES: u64 = 1 << 30;

/// A PGN collection is read this much text at a time (whole games).
const CHUNK_BYTES: usize = 256 * 1024;

/// Each game of a record, in order, read as [`open_bytes`] reads it, handed
/// to `each` with its number (1 = first) as soon as it is read: a PGN
/// collection of a hundred thousand games is read a few hundred games at a
/// time, never all at once. A game that cannot be read is its error, and
/// the games after it are still read; a record that is not one at all (or
/// a FEN line, which is one game) is game 1.
pub fn for_each_game(bytes: &[u8], mut each: impl FnMut(usize, Result<OpenedGame, OpenError>)) {
    let text = match decode(bytes) {
        Decoded::Text {
            format: Format::Pgn,
            text,
        } => text,
        decoded => {
            match read(decoded) {
                Err(e) => each(1, Err(e)),
                Ok(Read::Position(game)) => each(1, Ok(*game)),
                Ok(Read::Record(_, games, text)) => {
                    let single = games.len() == 1;
                    for (i, game) in games.into_iter().enumerate() {
                        match game {
                            Ok(g) if holds_a_game(&g) => {
                                each(i + 1, Ok(OpenedGame::from_checked(g)));
                            }
                            Ok(_) if single => each(1, Err(OpenError::NoGame)),
                            Ok(_) => {}
                            Err(e) => each(i + 1, Err(describe(e, &text))),
                        }
                    }
                }
            }
            return;
        }
    };
    let mut number = 0;
    // Lines before the piece: errors are told in the file's lines.
    let mut lines = 0;
    for chunk in pgn_chunks(&text, CHUNK_BYTES) {
        for game in records::import_text(chunk, Format::Pgn) {
            match game {
                Ok(g) if !holds_a_game(&g) => {}
                Ok(g) => {
                    number += 1;
                    each(number, Ok(OpenedGame::from_checked(g)));
                }
                Err(e) => {
                    number += 1;
                    each(number, Err(describe(e.lines_after(lines), chunk)));
                }
            }
        }
        lines += chunk.matches('\n').count();
    }
}

/// `text` cut between games into pieces of about `size` bytes: a cut falls
/// only where a tag line begins a new game after movetext, outside braces.
fn pgn_chunks(text: &str, size: usize) -> Vec<&str> {
    let mut chunks = Vec::new();
    let (mut start, mut at) = (0, 0);
    let mut in_movetext = false;
    let mut depth = 0usize;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        // A whole tag pair ends a `{` left open, as the reader takes it.
        if pgn::is_tag_pair_line(trimmed) {
            depth = 0;
        }
        let tag_line = depth == 0 && trimmed.starts_with('[');
        if tag_line && in_movetext && at - start >= size {
            chunks.push(&text[start..at]);
            start = at;
        }
        if tag_line {
            in_movetext = false;
        } else if !trimmed.trim().is_empty() {
            in_movetext = true;
        }
        for c in line.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        at += line.len();
    }
    if start < text.len() {
        chunks.push(&text[start..]);
    }
    chunks
}

fn no_such_game(format: Format, asked: usize, found: usize) -> OpenError {
    OpenError::Record(Box::new(ImportError {
        format,
        error: RecordError::NoSuchGame { asked, found },
    }))
}

/// A record's bytes, its format recognised and its text decoded, once.
enum Decoded {
    /// An XQF file: binary, read from its bytes.
    Xqf(Vec<Result<CheckedGame, ImportError>>),
    /// Any other record (or a FEN line): its text and the format it reads as.
    Text {
        /// The format [`records::detect_text`] recognises.
        format: Format,
        /// The text, decoded as [`pgn::decode`] decodes it.
        text: String,
    },
}

fn decode(bytes: &[u8]) -> Decoded {
    if records::is_xqf(bytes) {
        return Decoded::Xqf(records::import_xqf(bytes));
    }
    let text = pgn::decode(bytes);
    Decoded::Text {
        format: records::detect_text(&text),
        text,
    }
}

/// What the bytes hold before their games are judged.
enum Read {
    /// A FEN line (with an engine's moves, perhaps).
    Position(Box<OpenedGame>),
    /// A record's format, its games, each read or refused on its own, and
    /// its text (for the message when nothing in it is a move).
    Record(Format, Vec<Result<CheckedGame, ImportError>>, String),
}

fn read(decoded: Decoded) -> Result<Read, OpenError> {
    let (format, text) = match decoded {
        Decoded::Xqf(games) => return Ok(Read::Record(Format::Xqf, games, String::new())),
        Decoded::Text { format, text } => (format, text),
    };
    if text.contains('\0') {
        return Err(OpenError::Binary);
    }
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if trimmed.is_empty() {
        return Err(OpenError::Empty);
    }
    if let Some(line) = fen_candidate(trimmed) {
        return open_fen_line(line).map(|g| Read::Position(Box::new(g)));
    }
    Ok(Read::Record(
        format,
        records::import_text(&text, format),
        trimmed.to_string(),
    ))
}

/// The good games of a record, or the error to report.
fn collect(
    read: Vec<Result<CheckedGame, ImportError>>,
    text: &str,
) -> Result<Vec<OpenedGame>, OpenError> {
    let mut games = Vec::new();
    let mut first_error = None;
    for game in read {
        match game {
            Ok(g) if holds_a_game(&g) => {
                games.push(OpenedGame::from_checked(g));
            }
            Ok(_) => {}
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    if !games.is_empty() {
        return Ok(games);
    }
    Err(match first_error {
        None => OpenError::NoGame,
        Some(e) => describe(e, text),
    })
}

/// A record's entry with tags or moves (a reader's empty entry between
/// games is none).
fn holds_a_game(g: &CheckedGame) -> bool {
    !g.tags.is_empty() || !g.game.tree().is_empty()
}

/// The error a record's reader gave, as the player should read it.
fn describe(e: ImportError, text: &str) -> OpenError {
    match e.error {
        RecordError::Pgn(e) => OpenError::Pgn(e),
        // Text with no move in it at all is neither a record nor a FEN.
        RecordError::NoMoves | RecordError::Empty if e.format == Format::MoveList => {
            not_recognized(text)
        }
        RecordError::Text { ref after, .. } if e.format == Format::MoveList && after == "0" => {
            not_recognized(text)
        }
        _ => OpenError::Record(Box::new(e)),
    }
}

/// Reads a record file (at most [`MAX_FILE_BYTES`]) and opens it as
/// [`open_bytes`] does.
///
/// # Errors
/// [`LibraryError`] naming the file: it cannot be read, is too large, or
/// what is wrong with the record.
pub fn open_path(path: &Path) -> Result<Vec<OpenedGame>, LibraryError> {
    let bytes = read_limited(path)?;
    open_bytes(&bytes).map_err(|error| LibraryError::Open {
        path: path.to_path_buf(),
        error,
    })
}

/// Game `number` (1 = first) of a record file (see [`open_game`]).
///
/// # Errors
/// As [`open_path`], with that game's error.
pub fn open_game_path(path: &Path, number: usize) -> Result<OpenedGame, LibraryError> {
    let bytes = read_limited(path)?;
    open_game(&bytes, number).map_err(|error| LibraryError::Open {
        path: path.to_path_buf(),
        error,
    })
}

/// The first game of a record file (see [`open_path`]).
///
/// # Errors
/// As [`open_path`].
pub fn open_first(path: &Path) -> Result<OpenedGame, LibraryError> {
    open_path(path).map(|mut games| games.swap_remove(0))
}

/// A FEN, or an engine's `FEN moves h2e2 h9g7` (its `position fen …`
/// command): the moves are played and it opens as a game.
fn open_fen_line(line: &str) -> Result<OpenedGame, OpenError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (fen, moves) = match words.iter().position(|w| *w == "moves") {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (&words[..], &[][..]),
    };
    let start = Position::from_fen(&fen.join(" ")).map_err(OpenError::Fen)?;
    let mut game = Game::new(start);
    for token in moves {
        let pos = *game.position();
        let m = notation::parse_move(&pos, token).map_err(|error| OpenError::Move {
            number: pgn::move_number_label(&pos),
            token: token.to_string(),
            error,
        })?;
        game.play(m).map_err(|error| {
            OpenError::Pgn(PgnError::Replay {
                number: pgn::move_number_label(&pos),
                token: token.to_string(),
                error,
            })
        })?;
    }
    Ok(OpenedGame::position(None, game))
}

/// The FEN in `text` if it looks like one (a board field with slashes),
/// optionally after a `fen` / `position fen` prefix.
fn fen_candidate(text: &str) -> Option<&str> {
    let mut s = text.lines().next()?.trim();
    for prefix in ["position fen ", "fen:", "fen "] {
        if let Some(head) = s.get(..prefix.len())
            && head.eq_ignore_ascii_case(prefix)
        {
            s = s[prefix.len()..].trim_start();
            break;
        }
    }
    let board = s.split_whitespace().next()?;
    let slashes = board.matches('/').count();
    let fen_chars = board.chars().all(|c| c.is_ascii_alphanumeric() || c == '/');
    // Only a FEN line, perhaps followed by more lines that are not PGN.
    (slashes >= 5 && fen_chars && !text.lines().any(|l| l.trim_start().starts_with('[')))
        .then_some(s)
}

fn not_recognized(text: &str) -> OpenError {
    let start: String = text.trim().chars().take(24).collect();
    OpenError::NotRecognized { start }
}

fn read_limited(path: &Path) -> Result<Vec<u8>, LibraryError> {
    read_record_bytes(path).map_err(|source| match source.kind() {
        io::ErrorKind::FileTooLarge => LibraryError::Open {
            path: path.to_path_buf(),
            error: OpenError::TooLarge {
                bytes: std::fs::metadata(path).map_or(0, |m| m.len()),
            },
        },
        _ => LibraryError::Io {
            path: path.to_path_buf(),
            source,
        },
    })
}

/// The bytes of a record file, at most [`MAX_FILE_BYTES`] of them: the
/// limit holds while reading, so a device or a pipe that never ends
/// (`/dev/zero`) is refused too, not read until memory runs out.
///
/// # Errors
/// [`io::ErrorKind::FileTooLarge`] past the limit, or the I/O error.
pub fn read_record_bytes(path: &Path) -> io::Result<Vec<u8>> {
    read_at_most(path, MAX_FILE_BYTES, "a game record")
}

/// The bytes of a collection file for the database's import, at most
/// [`MAX_COLLECTION_BYTES`] of them (the limit holding while reading, as
/// for [`read_record_bytes`]). A gzipped file (`.pgn.gz`, known by its
/// first two bytes) is unpacked, the limit holding for what it unpacks to.
///
/// # Errors
/// [`io::ErrorKind::FileTooLarge`] past the limit, a gzip stream that is
/// broken or cut short ([`io::ErrorKind::InvalidData`] naming it), or the
/// I/O error.
pub fn read_collection_bytes(path: &Path) -> io::Result<Vec<u8>> {
    let what = "a game collection";
    let bytes = read_at_most(path, MAX_COLLECTION_BYTES, what)?;
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes);
    }
    let unpacked = take_at_most(
        flate2::read::MultiGzDecoder::new(bytes.as_slice()),
        MAX_COLLECTION_BYTES,
        what,
    );
    unpacked.map_err(|e| match e.kind() {
        io::ErrorKind::FileTooLarge => e,
        _ => io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a gzip file that cannot be unpacked: {e}"),
        ),
    })
}

fn read_at_most(path: &Path, limit: u64, what: &str) -> io::Result<Vec<u8>> {
    take_at_most(std::fs::File::open(path)?, limit, what)
}

/// All of `source`, if it holds at most `limit` bytes (the limit holding
/// while reading); else [`io::ErrorKind::FileTooLarge`] naming `what`.
pub(crate) fn take_at_most(source: impl io::Read, limit: u64, what: &str) -> io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    source.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("more than {} MB, too large to be {what}", limit >> 20),
        ));
    }
    Ok(bytes)
}
