//! Game records in the formats players have besides PGN: XQF files from
//! 象棋演播室 (1.0 and the later obfuscated versions), 东萍 DhtmlXQ/UBB
//! records, dpxq.com plain text, PlayOK's WXF export, and move lists pasted
//! from anywhere, in any notation.
//!
//! [`import`] takes the bytes of a file or a paste, recognises the format
//! ([`detect`]) and gives the games in it; PGN goes through the PGN reader,
//! and its comments, variations and clocks are read into the tree as well.
//! [`import_text`] and [`import_xqf`] read a record whose format is known
//! (its text decoded once) into [`CheckedGame`]s: each game played through
//! by the rules once, as [`Game`].
//! A game keeps its whole tree — main line, variations and comments — in a
//! [`MoveTree`]; [`ImportedGame::to_pgn`] gives the main line for code that
//! plays one line. Every move is checked against its position, and an
//! error names the format, the move number and what is wrong.
//!
//! Record texts are GBK or UTF-8 (with or without a BOM), decoded as the
//! PGN reader decodes them.

mod dhtmlxq;
mod movelist;
mod pgn_tree;
mod xqf;

pub use crate::rules::tree::{Mark, MoveTree, Node, NodeId, TreeError};
pub use pgn_tree::{write_pgn_tree, write_tree};

use super::fen::FenError;
use super::game::{Game, GameResult};
use super::notation::{ChineseStyle, MoveParseError, Notation};
use super::pgn::{self, PgnError, PgnGame};
use super::position::Position;
use super::types::{Color, Move, Piece, PieceKind, Square};
use std::fmt;

/// The record formats [`import`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Portable Game Notation, Xiangqi flavour.
    Pgn,
    /// 象棋演播室 XQF, binary.
    Xqf,
    /// 东萍 DhtmlXQ / UBB tags.
    DhtmlXq,
    /// dpxq.com's plain text: `键: 值` lines, then numbered moves.
    DpxqText,
    /// PlayOK's WXF export (`FORMAT WXF` … `START{` … `}END`).
    PlayOkWxf,
    /// Moves and nothing else, in any notation.
    MoveList,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Pgn => "PGN",
            Format::Xqf => "XQF",
            Format::DhtmlXq => "DhtmlXQ",
            Format::DpxqText => "dpxq text",
            Format::PlayOkWxf => "PlayOK WXF",
            Format::MoveList => "move list",
        })
    }
}

/// One game read from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedGame {
    /// The format it was read from.
    pub format: Format,
    /// PGN-style tags (`Event`, `Site`, `Date`, `Round`, `Red`, `Black`,
    /// `Result`, `Opening`, …) from the record's header.
    pub tags: Vec<(String, String)>,
    /// Start position, moves, variations and comments.
    pub tree: MoveTree,
    /// The result the record states, if any.
    pub result: Option<GameResult>,
}

impl ImportedGame {
    fn new(format: Format, start: Position) -> ImportedGame {
        ImportedGame {
            format,
            tags: Vec::new(),
            tree: MoveTree::new(start),
            result: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        self.tree.start()
    }

    /// The moves of the main line.
    pub fn main_line(&self) -> Vec<Move> {
        self.tree.main_line()
    }

    /// A tag's value (name compared case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag unless the value is blank; replaces one of the same name.
    fn set_tag(&mut self, name: &str, value: &str) {
        let value = value.trim();
        if !value.is_empty() {
            pgn::set_tag(&mut self.tags, name, value);
        }
    }

    /// The whole game as PGN text: tags, the main line with its
    /// variations, comments and marks, and the result.
    pub fn write_pgn(&self, notation: Notation, style: ChineseStyle) -> String {
        write_pgn_tree(&self.tags, &self.tree, self.result, notation, style)
    }

    /// The main line as a PGN game (tags, start, moves, result); the
    /// variations and comments stay in [`ImportedGame::tree`].
    pub fn to_pgn(&self) -> PgnGame {
        let mut g = PgnGame::new(*self.start());
        for (k, v) in &self.tags {
            g.set_tag(k, v);
        }
        if let Some(r) = self.result {
            g.set_tag("Result", r.pgn());
        }
        g.moves = self.main_line();
        g.result = self.result;
        g
    }
}

/// A record that cannot be read: the format, and what is wrong where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{format}: {error}")]
pub struct ImportError {
    /// The format the bytes were read as.
    pub format: Format,
    /// What is wrong.
    pub error: RecordError,
}

/// What is wrong with a record, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// No bytes, or only whitespace.
    #[error("the record is empty")]
    Empty,
    /// The bytes stop inside a part of the record.
    #[error("the file ends at byte {len} inside {what}, which needs {needed} bytes from byte {at}")]
    Truncated {
        /// The part being read.
        what: &'static str,
        /// Its offset.
        at: usize,
        /// Its length.
        needed: usize,
        /// The file's length.
        len: usize,
    },
    /// An XQF version this reader does not know.
    #[error("unknown XQF version {found} (known: 10 = 1.0, 11 and later)")]
    Version {
        /// The version byte.
        found: u8,
    },
    /// A field of the header or setup that does not have its shape.
    #[error("{field}: {why}")]
    Field {
        /// The field (`binit`, `piece list`, …).
        field: String,
        /// What is wrong with it.
        why: String,
    },
    /// The start position the record sets up is not a position.
    #[error("the start position is impossible: {0}")]
    Start(FenError),
    /// A move that does not fit its position.
    #[error("{place}move {number} ({text}): {error}")]
    Move {
        /// `""` on the main line, `"variation 3, "` in one.
        place: String,
        /// Move number, `14` for Red, `14...` for Black.
        number: String,
        /// The move as the record writes it.
        text: String,
        /// Why it is not a move there.
        error: MoveParseError,
    },
    /// A move whose squares are off the board.
    #[error("{place}move {number}: {what} {value} is not a point of the board")]
    Square {
        /// `""` on the main line, `"variation 3, "` in one.
        place: String,
        /// Move number.
        number: String,
        /// Which square (`from-square`, `to-square`).
        what: &'static str,
        /// The value read.
        value: u32,
    },
    /// A variation that branches off a ply its parent line does not have.
    #[error("variation {branch} branches at ply {ply} of line {parent}, which has no such ply")]
    Branch {
        /// The variation's number.
        branch: u32,
        /// The line it branches from.
        parent: u32,
        /// The 1-based ply it replaces.
        ply: u32,
    },
    /// Text in a move list that is neither a move nor a move number.
    #[error("line {line}, after move {after}: '{text}' is not a move")]
    Text {
        /// 1-based line.
        line: usize,
        /// The last move number read (`0` before the first).
        after: String,
        /// The text, up to the next space.
        text: String,
    },
    /// Nothing in the text looks like a move or a known record.
    #[error("no moves found (and no PGN, XQF, DhtmlXQ, dpxq or PlayOK header)")]
    NoMoves,
    /// A PGN record's error.
    #[error(transparent)]
    Pgn(PgnError),
    /// The text stops before the record's end: a closing tag or marker
    /// its format always writes is missing.
    #[error("the record is cut short: {0}")]
    Cut(String),
    /// A main-line move after the game ended by the rules (a repetition,
    /// the 60-move rule…): the record goes on where no game can.
    #[error("move {number} ({text}): the game is already over: {outcome}")]
    AfterEnd {
        /// Move number, `14` for Red, `14...` for Black.
        number: String,
        /// The move, in ICCS.
        text: String,
        /// How the game had ended.
        outcome: String,
    },
    /// The record's file holds no game with the asked number.
    #[error("game {asked} asked for, but the file holds {found}")]
    NoSuchGame {
        /// The number asked for, 1 = first.
        asked: usize,
        /// Games in the record.
        found: usize,
    },
}

impl RecordError {
    fn with(self, format: Format) -> ImportError {
        ImportError {
            format,
            error: self,
        }
    }
}

/// Recognises a record's format from its bytes. Bytes that match no
/// header are a [`Format::MoveList`].
///
/// # Examples
/// ```
/// use xiangqi::rules::records::{detect, Format};
/// assert_eq!(detect(b"[Event \"x\"]\n1. h2e2 *"), Format::Pgn);
/// assert_eq!(detect("1.炮二平五 马８进７".as_bytes()), Format::MoveList);
/// ```
pub fn detect(bytes: &[u8]) -> Format {
    if is_xqf(bytes) {
        return Format::Xqf;
    }
    detect_text(&pgn::decode(bytes))
}

/// [`detect`] for a record's text (decoded as [`pgn::decode`] decodes it)
/// that is not an XQF file.
pub fn detect_text(text: &str) -> Format {
    let lower = text.to_ascii_lowercase();
    if lower.contains("[dhtmlxq") || lower.contains("%5bdhtmlxq") {
        return Format::DhtmlXq;
    }
    let first = text
        .lines()
        .map(|l| l.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}'))
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if first.to_ascii_uppercase().starts_with("FORMAT") || text.contains("START{") {
        return Format::PlayOkWxf;
    }
    if first.starts_with('[') && first.contains('"') {
        return Format::Pgn;
    }
    if movelist::is_dpxq_header(text) {
        return Format::DpxqText;
    }
    if pgn_preamble(text).is_some() {
        return Format::Pgn;
    }
    Format::MoveList
}

/// Where the first tag section of a PGN collection begins (a byte offset
/// in `text`) when something else comes first that is no game: comments
/// (`{…}`, `;` lines), `%` escape lines, blank lines and at most three
/// lines of other text with no result in them (a site's banner, a title),
/// all within the first 64 KB. `None` when the text does not begin so.
fn pgn_preamble(text: &str) -> Option<usize> {
    const MOST_BYTES: usize = 64 * 1024;
    const MOST_LINES: usize = 3;
    let (mut at, mut depth, mut lines) = (0, 0usize, 0);
    for line in text.split_inclusive('\n') {
        if at > MOST_BYTES {
            return None;
        }
        let t = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        if depth == 0 && pgn::is_tag_pair_line(t) {
            return Some(at);
        }
        at += line.len();
        if depth == 0 && (t.is_empty() || t.starts_with(';') || t.starts_with('%')) {
            continue;
        }
        let mut outside = String::new();
        for c in t.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                ';' if depth == 0 => break,
                c if depth == 0 => outside.push(c),
                _ => {}
            }
        }
        if outside.trim().is_empty() {
            continue;
        }
        let result = |w: &str| matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*");
        if outside.split_whitespace().any(result) {
            return None;
        }
        lines += 1;
        if lines > MOST_LINES {
            return None;
        }
    }
    None
}

/// A PGN text with what comes before its first tag section (see
/// [`pgn_preamble`]) blanked out, its line breaks kept so that lines are
/// still counted from the top of the file; the text as it is when it
/// begins with a tag.
fn without_preamble(text: &str) -> std::borrow::Cow<'_, str> {
    let first = text.chars().find(|c| !c.is_ascii_whitespace());
    if first == Some('[') {
        return std::borrow::Cow::Borrowed(text);
    }
    match pgn_preamble(text) {
        Some(at) => {
            let blank: String = text[..at].chars().filter(|&c| c == '\n').collect();
            let rest = &text[at..];
            // A byte-order mark left at the very start is not text.
            let rest = match blank.is_empty() {
                true => rest.strip_prefix('\u{feff}').unwrap_or(rest),
                false => rest,
            };
            std::borrow::Cow::Owned(format!("{blank}{rest}"))
        }
        None => std::borrow::Cow::Borrowed(text),
    }
}

impl ImportError {
    /// The same error with its line (a PGN error's) counted `by` lines
    /// further on: an error read from a piece of a file, in the file's lines.
    #[must_use]
    pub fn lines_after(self, by: usize) -> ImportError {
        match self.error {
            RecordError::Pgn(e) => RecordError::Pgn(e.lines_after(by)).with(self.format),
            _ => self,
        }
    }
}

/// One game of a record, played through by the rules: its [`Game`] (whose
/// tree holds the record's main line, variations, comments, marks and
/// clocks, the cursor at the end of the main line) built once.
#[derive(Clone, Debug)]
pub struct CheckedGame {
    /// The format it was read from.
    pub format: Format,
    /// PGN-style tags from the record's header.
    pub tags: Vec<(String, String)>,
    /// The result the record states, if any.
    pub result: Option<GameResult>,
    /// The game.
    pub game: Game,
}

impl From<CheckedGame> for ImportedGame {
    fn from(g: CheckedGame) -> ImportedGame {
        ImportedGame {
            format: g.format,
            tags: g.tags,
            tree: g.game.into_tree(),
            result: g.result,
        }
    }
}

/// Reads every game of a record, each on its own: a game with an error is
/// that game's [`ImportError`] and the others are still read (only PGN
/// files hold more than one game). Never panics, whatever the bytes.
pub fn import_games(bytes: &[u8]) -> Vec<Result<ImportedGame, ImportError>> {
    let games = if is_xqf(bytes) {
        import_xqf(bytes)
    } else {
        let text = pgn::decode(bytes);
        import_text(&text, detect_text(&text))
    };
    games
        .into_iter()
        .map(|g| g.map(ImportedGame::from))
        .collect()
}

/// Is this an XQF file (`XQ` then a version byte)?
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"XQ") && !bytes.starts_with(b"XQ ")
}

/// The game of an XQF file, checked by the rules (see [`import_games`]).
pub fn import_xqf(bytes: &[u8]) -> Vec<Result<CheckedGame, ImportError>> {
    checked(vec![xqf::read(bytes).map_err(|e| e.with(Format::Xqf))])
}

/// The games of a record's text (decoded as [`pgn::decode`] decodes it) in
/// `format`, each read on its own and checked by the rules (see
/// [`import_games`]).
pub fn import_text(text: &str, format: Format) -> Vec<Result<CheckedGame, ImportError>> {
    checked(read_games(text, format))
}

fn checked(games: Vec<Result<ImportedGame, ImportError>>) -> Vec<Result<CheckedGame, ImportError>> {
    games
        .into_iter()
        .map(|g| {
            let g = g?;
            let format = g.format;
            check_end(g).map_err(|e| e.with(format))
        })
        .collect()
}

/// The rules' end of a game holds in a record too: a main-line move after
/// the game is over (as `replay` and a match would judge it) is an error.
/// The game played through is handed back.
fn check_end(g: ImportedGame) -> Result<CheckedGame, RecordError> {
    let ImportedGame {
        format,
        tags,
        tree,
        result,
    } = g;
    // The game stops its main line where the rules end it.
    let game = Game::from_tree(tree);
    let line = game.tree().main_line();
    let played = game.moves().len();
    if played == line.len() {
        return Ok(CheckedGame {
            format,
            tags,
            result,
            game,
        });
    }
    let outcome = game.outcome().map_or_else(String::new, |o| o.to_string());
    Err(RecordError::AfterEnd {
        number: pgn::move_number_label(game.position()),
        text: line[played].to_string(),
        outcome,
    })
}

fn read_games(text: &str, format: Format) -> Vec<Result<ImportedGame, ImportError>> {
    let one = |r: Result<ImportedGame, RecordError>| vec![r.map_err(|e| e.with(format))];
    let mut games = match format {
        Format::Pgn => {
            return pgn_tree::text_games(&without_preamble(text))
                .into_iter()
                .map(|g| g.map_err(|e| RecordError::Pgn(e).with(format)))
                .collect();
        }
        Format::DhtmlXq => dhtmlxq::read_all(text)
            .into_iter()
            .map(|g| g.map_err(|e| e.with(format)))
            .collect(),
        Format::DpxqText => one(movelist::read_dpxq(text)),
        Format::PlayOkWxf => one(movelist::read_playok(text)),
        Format::Xqf => one(Err(RecordError::Field {
            field: "XQF".to_string(),
            why: "an XQF file is binary, not text".to_string(),
        })),
        Format::MoveList => one(movelist::read_plain(text)),
    };
    // The clocks' `[%clk]` notes, in whatever format they were written.
    for g in games.iter_mut().flatten() {
        g.tree.read_clock_notes();
    }
    games
}

/// Reads a record: every game in it, or the first error.
///
/// # Errors
/// An [`ImportError`] naming the format and, for a bad move, the move
/// number and why; in a file of several games, the first bad game's.
///
/// # Examples
/// ```
/// use xiangqi::rules::records::{import, Format};
/// let games = import("1.炮二平五 马8进7 2.马二进三".as_bytes()).unwrap();
/// assert_eq!(games[0].format, Format::MoveList);
/// assert_eq!(games[0].main_line().len(), 3);
/// let e = import("1. h2e2 h9g7 2. h0h9".as_bytes()).unwrap_err();
/// assert!(e.to_string().starts_with("move list: move 2 (h0h9)"), "{e}");
/// ```
pub fn import(bytes: &[u8]) -> Result<Vec<ImportedGame>, ImportError> {
    let games = import_games(bytes);
    let n = games.len();
    let mut out = Vec::with_capacity(n);
    for (i, g) in games.into_iter().enumerate() {
        match g {
            Ok(g) => out.push(g),
            Err(ImportError {
                format,
                error: RecordError::Pgn(e),
            }) if n > 1 => {
                return Err(ImportError {
                    format,
                    error: RecordError::Field {
                        field: format!("game {}", i + 1),
                        why: e.to_string(),
                    },
                });
            }
            Err(e) => return Err(e),
        }
    }
    if out.is_empty() {
        return Err(RecordError::Empty.with(Format::Pgn));
    }
    Ok(out)
}

/// The six lines of pieces records list in a fixed order: 车 马 相 仕 帅
/// 仕 相 马 车, 炮 炮, 兵 ×5 for one side.
const SIDE_ORDER: [PieceKind; 16] = {
    use PieceKind::*;
    [
        Chariot, Horse, Elephant, Advisor, General, Advisor, Elephant, Horse, Chariot, Cannon,
        Cannon, Soldier, Soldier, Soldier, Soldier, Soldier,
    ]
};

/// The piece at index `i` (0–31) of a record's piece list: Red's 16, then Black's.
fn listed_piece(i: usize) -> Piece {
    let color = if i < 16 { Color::Red } else { Color::Black };
    Piece::new(color, SIDE_ORDER[i % 16])
}

/// Builds a start position from placed pieces.
///
/// # Errors
/// [`RecordError::Field`] if two pieces share a point, [`RecordError::Start`]
/// if the placement breaks the generals' rules.
fn setup(field: &str, pieces: &[(Square, Piece)], side: Color) -> Result<Position, RecordError> {
    let mut board: [Option<Piece>; 90] = [None; 90];
    for &(sq, p) in pieces {
        if let Some(q) = board[sq.index()] {
            return Err(RecordError::Field {
                field: field.to_string(),
                why: format!("{p} and {q} both stand on {sq}"),
            });
        }
        board[sq.index()] = Some(p);
    }
    let mut fen = String::with_capacity(100);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            match Square::new(file, rank).and_then(|s| board[s.index()]) {
                Some(p) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(match side {
        Color::Red => " w - - 0 1",
        Color::Black => " b - - 0 1",
    });
    Position::from_fen_lenient(&fen).map_err(RecordError::Start)
}

/// Which side moves first: the owner of the piece on the first move's
/// from-square, or Red.
fn first_mover(pieces: &[(Square, Piece)], first: Option<Square>) -> Color {
    first
        .and_then(|f| pieces.iter().find(|(s, _)| *s == f))
        .map_or(Color::Red, |(_, p)| p.color)
}

/// A result as Chinese records write it: 红胜, 黑胜, 和棋, 红先胜, 红方胜, 1-0 …
fn parse_result(s: &str) -> Option<GameResult> {
    let s = s.trim();
    match s {
        "1-0" => return Some(GameResult::RedWins),
        "0-1" => return Some(GameResult::BlackWins),
        "1/2-1/2" | "½-½" => return Some(GameResult::Draw),
        _ => {}
    }
    if s.contains('和') {
        return Some(GameResult::Draw);
    }
    // 红先胜 / 红先负 / 黑先胜: the outcome is the side named first, unless
    // the text says who won with 胜 right after a side.
    let red_first = s.starts_with('红') || s.starts_with('紅');
    let black_first = s.starts_with('黑');
    let win = s.ends_with('胜') || s.ends_with('勝');
    let loss = s.ends_with('负') || s.ends_with('負');
    match (red_first, black_first, win, loss) {
        (true, _, true, _) => Some(GameResult::RedWins),
        (true, _, _, true) => Some(GameResult::BlackWins),
        (_, true, true, _) => Some(GameResult::BlackWins),
        (_, true, _, true) => Some(GameResult::RedWins),
        _ => None,
    }
}

/// `2026-08-31` or `2026年8月31日` as PGN's `2026.08.31`; other text as it is.
fn pgn_date(s: &str) -> String {
    let parts: Vec<&str> = s
        .trim()
        .split(|c: char| !c.is_ascii_digit())
        .filter(|p| !p.is_empty())
        .collect();
    match parts.as_slice() {
        [y, m, d, ..] if y.len() == 4 && m.len() <= 2 && d.len() <= 2 => {
            format!("{y}.{m:0>2}.{d:0>2}")
        }
        _ => s.trim().to_string(),
    }
}

/// Where a move stands, for errors: `""` on the main line, `"variation N, "`.
fn place(variation: u32) -> String {
    if variation == 0 {
        String::new()
    } else {
        format!("variation {variation}, ")
    }
}

/// Adds a coordinate move to the tree, or says why it does not fit.
fn add_move(
    tree: &mut MoveTree,
    parent: NodeId,
    mv: Move,
    variation: u32,
) -> Result<NodeId, RecordError> {
    let pos = *tree.position(parent).unwrap_or(tree.start());
    tree.add(parent, mv).map_err(|e| RecordError::Move {
        place: place(variation),
        number: pgn::move_number_label(&pos),
        text: mv.to_string(),
        error: match e {
            TreeError::Illegal(i) => MoveParseError::Illegal {
                mv: i.mv,
                reason: i.reason,
            },
            TreeError::NoSuchNode(_) => MoveParseError::NoSuchMove,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_as_chinese_records_write_them() {
        assert_eq!(parse_result("红胜"), Some(GameResult::RedWins));
        assert_eq!(parse_result("黑方胜"), Some(GameResult::BlackWins));
        assert_eq!(parse_result("红先负"), Some(GameResult::BlackWins));
        assert_eq!(parse_result("和棋"), Some(GameResult::Draw));
        assert_eq!(parse_result("0-1"), Some(GameResult::BlackWins));
        assert_eq!(parse_result("未知"), None);
    }

    #[test]
    fn dates_become_pgn_dates() {
        assert_eq!(pgn_date("2026-08-31"), "2026.08.31");
        assert_eq!(pgn_date("1997年11月16日"), "1997.11.16");
        assert_eq!(pgn_date("去年"), "去年");
    }

    #[test]
    fn a_setup_with_two_pieces_on_a_point_names_both() {
        let sq = Square::new(4, 0).unwrap();
        let k = Piece::new(Color::Red, PieceKind::General);
        let e = setup("binit", &[(sq, k), (sq, k)], Color::Red).unwrap_err();
        assert!(e.to_string().contains("both stand on e0"), "{e}");
    }

    #[test]
    fn the_formats_are_told_apart() {
        assert_eq!(detect(b"XQ\x0a"), Format::Xqf);
        assert_eq!(detect(b"[DhtmlXQ][/DhtmlXQ]"), Format::DhtmlXq);
        assert_eq!(detect(b"FORMAT WXF\nSTART{\n}END"), Format::PlayOkWxf);
        assert_eq!(
            detect("标题: x\n红方: a\n黑方: b\n\n1.炮二平五".as_bytes()),
            Format::DpxqText
        );
        assert_eq!(detect(b"[Red \"a\"]\n1. h2e2"), Format::Pgn);
        assert_eq!(detect(b"h2e2 h9g7"), Format::MoveList);
    }
}
