//! Move notations, both directions: Chinese (中文记谱: 炮二平五, 马８进７,
//! 前车进一; in Traditional characters 炮二平五, 傌八進七, 前俥進一), WXF
//! (`C2.5`, `H8+7`, `R+.3`), ICCS (`h2e2`, `H2-E2`) and Vietnamese
//! (`P2-5`, `M8.7`, `Xt.1`).
//!
//! Vietnamese notation is how Vietnamese records (biên bản, kỳ phổ) and
//! books write moves: Chinese notation with Latin letters. The piece —
//! `Tg` Tướng (general), `S` Sĩ, `T` Tượng (elephant), `M` Mã (horse), `X`
//! Xe (chariot), `P` Pháo (cannon), `B` Binh/Tốt (soldier; never `T`, the
//! elephant's; some write `C`, chốt) — then its file, counted 1–9 from
//! the mover's right by both sides, then `.` tấn/tiến (forward), `/` thoái
//! (back) or `-` bình (sideways), then the steps or the file reached, as
//! in Chinese notation: 炮二平五 is `P2-5`, 马8进7 `M8.7`, 车一退一 `X1/1`.
//! Two like pieces on a file are `t` trước (front) and `s` sau (rear) in
//! place of the file (`Pt.1`, `Xs-4`), three soldiers `t`, `g` giữa
//! (middle), `s`. The GUI writes Vietnamese where the player chose Chinese
//! notation and reads Vietnamese; WXF and ICCS stay as they are.
//!
//! Chinese and WXF describe a move the way a player sees it: which piece
//! (by file, or by its place in a column of like pieces), which way it goes
//! and how far or to which file. Both are parsed into one description
//! and resolved against the legal moves of the position, so every
//! notation shares one matcher: a description that fits no legal move is
//! "no such move", one that fits several is "ambiguous" and lists them.
//!
//! Output follows docs/RULES.md: Red writes files with Chinese numerals 一–九,
//! Black with digits (full-width １–９ by default, like most records);
//! input accepts simplified and traditional characters, both sides' piece
//! names for either side, Chinese numerals, ASCII and full-width digits.

use super::position::{IllegalReason, Position};
use super::types::{Color, Move, MoveList, Piece, PieceKind, Square};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which characters Chinese notation is written in (and the pieces show).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Charset {
    /// 帅 马 车 进 后 (what most records print).
    #[default]
    Simplified,
    /// 帥 傌/馬 俥/車 砲 進 後.
    Traditional,
}

/// How Black's file numbers are written in Chinese notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlackDigits {
    /// Full-width `１`–`９`, as in 马８进７ (the usual form in records).
    #[default]
    FullWidth,
    /// ASCII `1`–`9`.
    Ascii,
}

/// Output options for Chinese notation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChineseStyle {
    /// Simplified or traditional characters.
    pub charset: Charset,
    /// Digits used for Black's numbers.
    pub black_digits: BlackDigits,
}

impl From<Charset> for ChineseStyle {
    fn from(charset: Charset) -> ChineseStyle {
        ChineseStyle {
            charset,
            black_digits: BlackDigits::FullWidth,
        }
    }
}

/// The move notations: the three a player chooses, and Vietnamese, which
/// the game writes in place of Chinese when it speaks Vietnamese.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// 炮二平五.
    #[default]
    Chinese,
    /// `C2.5`.
    Wxf,
    /// `h2e2`.
    Iccs,
    /// `P2-5`, `M8.7` (see [`to_vietnamese`]). Never stored: the settings
    /// hold one of the other three.
    #[serde(skip)]
    Vietnamese,
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Chinese => "Chinese",
            Notation::Wxf => "WXF",
            Notation::Iccs => "ICCS",
            Notation::Vietnamese => "Vietnamese",
        })
    }
}

/// Why a move string could not be turned into a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// Nothing but whitespace.
    #[error("empty move")]
    Empty,
    /// A character that does not fit the notation at that place.
    #[error("malformed {notation} move: unexpected '{ch}' at character {at}; expected {expected}")]
    Unexpected {
        /// The notation the string was read as.
        notation: Notation,
        /// The offending character.
        ch: char,
        /// Its place, 1 = first character.
        at: usize,
        /// What would have fitted.
        expected: &'static str,
    },
    /// The string stops before the move is complete.
    #[error("malformed {notation} move: it ends early; expected {expected}")]
    Incomplete {
        /// The notation the string was read as.
        notation: Notation,
        /// What is missing.
        expected: &'static str,
    },
    /// The side to move has no piece of that kind at all.
    #[error("{color} has no {kind} on the board", kind = kind.name())]
    NoSuchPiece {
        /// Side to move.
        color: Color,
        /// Kind named.
        kind: PieceKind,
    },
    /// The side to move has no piece of that kind on the named file.
    #[error("{color} has no {kind} on file {file} (counted from {color}'s right)", kind = kind.name())]
    NoPieceOnFile {
        /// Side to move.
        color: Color,
        /// Kind named.
        kind: PieceKind,
        /// File 1..9 in the mover's own numbering.
        file: u8,
    },
    /// A 前/中/后 (or `+`/`-`) designator, but no column of like pieces it could pick from.
    #[error("{color} has no column of {kind}s in which '{designator}' names one", kind = kind.name())]
    NoTandem {
        /// Side to move.
        color: Color,
        /// Kind named.
        kind: PieceKind,
        /// The designator as written.
        designator: String,
    },
    /// More than one legal move fits the description.
    #[error("ambiguous: it could be any of {}", list(.candidates))]
    Ambiguous {
        /// The legal moves that fit, in ICCS.
        candidates: Vec<Move>,
    },
    /// The text is a legal move in WXF and another in Vietnamese notation
    /// (`P` is WXF's soldier and Vietnamese's cannon, `C` the other way).
    #[error("ambiguous: {text} is {vietnamese} in Vietnamese notation, {wxf} in WXF")]
    TwoNotations {
        /// The text as typed (trimmed).
        text: String,
        /// The Vietnamese reading.
        vietnamese: Move,
        /// The WXF reading.
        wxf: Move,
    },
    /// The described piece exists but cannot move that way.
    #[error("no such move in this position")]
    NoSuchMove,
    /// The move can be made by the piece but breaks a rule (e.g. leaves the general in check).
    #[error("illegal move {mv}: {reason}")]
    Illegal {
        /// The move.
        mv: Move,
        /// Why.
        reason: IllegalReason,
    },
}

fn list(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

// ---------------------------------------------------------------------------
// The shared description of a move.

/// Which way a move goes, as the notations say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// 进 / `+` / `.` (Vietnamese tiến): toward the other side.
    Forward,
    /// 退 / `-` / `/` (thoái): back toward the mover's own side.
    Backward,
    /// 平 / `.` / `-` (bình): along the rank.
    Sideways,
}

/// Place of a piece in a column of like pieces, counted from the front.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordinal {
    /// 前 / `+` / `t`.
    Front,
    /// 中 / `.` / `g` (the middle of three).
    Middle,
    /// 后 / `-` / `s`.
    Rear,
    /// 1-based, 一 = front (four or five soldiers on a file).
    Nth(u8),
}

/// A move as the notations describe it (Chinese, WXF and Vietnamese are
/// three spellings of it): which piece, by its file or its place in a
/// column of like pieces, which way it goes, and how far or to which file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveDescription {
    /// The piece's kind.
    pub kind: PieceKind,
    /// File 1..9 in the mover's numbering (from the mover's right); `None`
    /// when the ordinal names the piece alone.
    pub file: Option<u8>,
    /// Its place in a column of like pieces, when it shares a file.
    pub ordinal: Option<Ordinal>,
    /// Which way it goes.
    pub action: Action,
    /// Steps, or destination file (mover's numbering) for the pieces that
    /// move diagonally and for sideways moves; 10 only from 十.
    pub number: u8,
}

impl MoveDescription {
    /// True if the number names the file reached (sideways moves, and
    /// horses, elephants and advisors), not the steps gone.
    pub fn number_is_file(&self) -> bool {
        self.action == Action::Sideways
            || matches!(
                self.kind,
                PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor
            )
    }
}

type Desc = MoveDescription;

/// File number as the owner of the pieces counts it (1..9 from its right).
fn own_file(c: Color, file: u8) -> u8 {
    match c {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

fn action_of(kind: PieceKind, c: Color, m: Move) -> (Action, u8) {
    let (from, to) = (m.from(), m.to());
    let d = to.rank() as i8 - from.rank() as i8;
    let d = if c == Color::Red { d } else { -d };
    if d == 0 {
        return (Action::Sideways, own_file(c, to.file()));
    }
    let action = if d > 0 {
        Action::Forward
    } else {
        Action::Backward
    };
    let n = match kind {
        PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor => own_file(c, to.file()),
        _ => d.unsigned_abs(),
    };
    (action, n)
}

/// The squares of `piece` on `file`, front first (front = nearer the enemy).
fn column(pos: &Position, piece: Piece, file: u8) -> Vec<Square> {
    let mut v: Vec<Square> = (0..10)
        .filter_map(|r| Square::new(file, r))
        .filter(|&s| pos.piece_at(s) == Some(piece))
        .collect();
    if piece.color == Color::Red {
        v.reverse();
    }
    v
}

fn ordinal_fits(ord: Ordinal, idx: usize, n: usize) -> bool {
    n >= 2
        && match ord {
            Ordinal::Front => idx == 0,
            Ordinal::Rear => idx == n - 1,
            Ordinal::Middle => n % 2 == 1 && idx == n / 2,
            Ordinal::Nth(k) => idx + 1 == k as usize,
        }
}

/// The canonical description of `m`, played in `pos` (docs/RULES.md's
/// conventions); `None` when no piece stands on its from-point.
///
/// # Examples
/// ```
/// use xiangqi::rules::{Move, PieceKind, Position};
/// use xiangqi::rules::notation::{Action, describe_move};
/// let pos = Position::startpos();
/// let d = describe_move(&pos, Move::from_iccs("h2e2").unwrap()).unwrap();
/// assert_eq!((d.kind, d.file, d.action, d.number), (PieceKind::Cannon, Some(2), Action::Sideways, 5));
/// ```
pub fn describe_move(pos: &Position, m: Move) -> Option<MoveDescription> {
    let piece = pos.piece_at(m.from())?;
    let (c, kind) = (piece.color, piece.kind);
    let (action, number) = action_of(kind, c, m);
    let file = own_file(c, m.from().file());
    let mut d = Desc {
        kind,
        file: Some(file),
        ordinal: None,
        action,
        number,
    };
    if matches!(kind, PieceKind::Advisor | PieceKind::Elephant) {
        return Some(d);
    }
    let col = column(pos, piece, m.from().file());
    let n = col.len();
    if n < 2 {
        return Some(d);
    }
    let idx = col.iter().position(|&s| s == m.from()).unwrap_or(0);
    d.ordinal = Some(if n <= 3 && idx == 0 {
        Ordinal::Front
    } else if n <= 3 && idx == n - 1 {
        Ordinal::Rear
    } else if n == 3 {
        Ordinal::Middle
    } else {
        Ordinal::Nth(idx as u8 + 1)
    });
    // Soldiers doubled on two or more files keep the file; otherwise the
    // designator replaces it.
    let tandem_files = if kind == PieceKind::Soldier {
        (0..9u8)
            .filter(|&f| column(pos, piece, f).len() >= 2)
            .count()
    } else {
        1
    };
    if tandem_files < 2 {
        d.file = None;
    }
    Some(d)
}

// ---------------------------------------------------------------------------
// Output.

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// A piece's character in Chinese notation and on the pieces: 帥仕相傌俥炮兵 /
/// 將士象馬車砲卒, or in simplified characters 帅仕相马车炮兵 / 将士象马车炮卒.
pub fn piece_glyph(piece: Piece, cs: Charset) -> &'static str {
    use PieceKind::*;
    match (cs, piece.color, piece.kind) {
        (Charset::Simplified, Color::Red, General) => "帅",
        (Charset::Simplified, Color::Black, General) => "将",
        (Charset::Traditional, Color::Red, General) => "帥",
        (Charset::Traditional, Color::Black, General) => "將",
        (_, Color::Red, Advisor) => "仕",
        (_, Color::Black, Advisor) => "士",
        (_, Color::Red, Elephant) => "相",
        (_, Color::Black, Elephant) => "象",
        (Charset::Simplified, _, Horse) => "马",
        (Charset::Traditional, Color::Red, Horse) => "傌",
        (Charset::Traditional, Color::Black, Horse) => "馬",
        (Charset::Simplified, _, Chariot) => "车",
        (Charset::Traditional, Color::Red, Chariot) => "俥",
        (Charset::Traditional, Color::Black, Chariot) => "車",
        (Charset::Traditional, Color::Black, Cannon) => "砲",
        (_, _, Cannon) => "炮",
        (_, Color::Red, Soldier) => "兵",
        (_, Color::Black, Soldier) => "卒",
    }
}

impl Piece {
    /// The piece's character in `cs` ([`piece_glyph`]).
    pub fn glyph(self, cs: Charset) -> &'static str {
        piece_glyph(self, cs)
    }

    /// The piece's character in `cs` as a `char`.
    pub fn glyph_char(self, cs: Charset) -> char {
        piece_glyph(self, cs).chars().next().unwrap_or('?')
    }
}

fn number_char(c: Color, n: u8, style: ChineseStyle) -> char {
    let n = n.clamp(1, 9);
    match (c, style.black_digits) {
        (Color::Red, _) => RED_NUMERALS[n as usize - 1],
        (Color::Black, BlackDigits::FullWidth) => char::from_u32(0xFF10 + n as u32).unwrap_or('?'),
        (Color::Black, BlackDigits::Ascii) => (b'0' + n) as char,
    }
}

/// The file `piece` stands on, as its owner counts it and Chinese texts
/// name a piece by it: `七路` (a Red piece on Red's seventh file), `３路`
/// (Black's, in the style's digits), as in 七路车, ３路马.
///
/// # Examples
/// ```
/// use xiangqi::rules::{Color, Piece, PieceKind, Square};
/// use xiangqi::rules::notation::{chinese_file, Charset};
/// let red = Piece::new(Color::Red, PieceKind::Chariot);
/// assert_eq!(chinese_file(red, Square::new(2, 0).unwrap(), Charset::Simplified), "七路");
/// let black = Piece::new(Color::Black, PieceKind::Horse);
/// assert_eq!(chinese_file(black, Square::new(2, 9).unwrap(), Charset::Simplified), "３路");
/// ```
pub fn chinese_file(piece: Piece, square: Square, style: impl Into<ChineseStyle>) -> String {
    let n = own_file(piece.color, square.file());
    format!("{}路", number_char(piece.color, n, style.into()))
}

/// A move in Chinese notation, e.g. `炮二平五`, `马８进７`, `前车进一`.
///
/// `style` is a [`Charset`] or a full [`ChineseStyle`]. The move must be
/// legal in `pos` (an empty from-square gives an empty string).
///
/// # Examples
/// ```
/// use xiangqi::rules::{Move, Position};
/// use xiangqi::rules::notation::{to_chinese, Charset};
/// let pos = Position::startpos();
/// let m = Move::from_iccs("h2e2").unwrap();
/// assert_eq!(to_chinese(&pos, m, Charset::Simplified), "炮二平五");
/// ```
pub fn to_chinese(pos: &Position, m: Move, style: impl Into<ChineseStyle>) -> String {
    let style = style.into();
    let Some(d) = describe_move(pos, m) else {
        return String::new();
    };
    let c = pos.side_to_move();
    let c = pos.piece_at(m.from()).map_or(c, |p| p.color);
    let trad = style.charset == Charset::Traditional;
    let mut s = String::with_capacity(16);
    if let Some(o) = d.ordinal {
        s.push(match o {
            Ordinal::Front => '前',
            Ordinal::Middle => '中',
            Ordinal::Rear if trad => '後',
            Ordinal::Rear => '后',
            Ordinal::Nth(k) => RED_NUMERALS[(k.clamp(1, 9) - 1) as usize],
        });
    }
    s.push(Piece::new(c, d.kind).glyph_char(style.charset));
    if let Some(f) = d.file {
        s.push(number_char(c, f, style));
    }
    s.push(match d.action {
        Action::Forward if trad => '進',
        Action::Forward => '进',
        Action::Backward => '退',
        Action::Sideways => '平',
    });
    s.push(number_char(c, d.number, style));
    s
}

/// A move in WXF notation, e.g. `C2.5`, `H8+7`, `R+.3`, `C-+1`.
///
/// Columns of like pieces: `+` front, `-` rear (three soldiers: `+`, `.`,
/// `-`; four or five: `a`–`e` from the front). Soldiers doubled on two files
/// keep the file after the designator: `P+9.8`.
pub fn to_wxf(pos: &Position, m: Move) -> String {
    let Some(d) = describe_move(pos, m) else {
        return String::new();
    };
    let mut s = String::with_capacity(6);
    s.push(match d.kind {
        PieceKind::General => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Chariot => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Soldier => 'P',
    });
    if let Some(o) = d.ordinal {
        s.push(match o {
            Ordinal::Front => '+',
            Ordinal::Middle => '.',
            Ordinal::Rear => '-',
            Ordinal::Nth(k) => (b'a' + k.clamp(1, 5) - 1) as char,
        });
    }
    if let Some(f) = d.file {
        s.push((b'0' + f) as char);
    }
    s.push(match d.action {
        Action::Forward => '+',
        Action::Backward => '-',
        Action::Sideways => '.',
    });
    s.push((b'0' + d.number.min(9)) as char);
    s
}

/// A move as Vietnamese players write it, e.g. `P2-5`, `M8.7`, `X1/1`.
///
/// The convention of Vietnamese records (biên bản): the piece's letter —
/// `Tg` Tướng (general), `S` Sĩ, `T` Tượng, `M` Mã, `X` Xe, `P` Pháo, `B`
/// Binh/Tốt (soldier; not `T`, which is the elephant) — then the file
/// counted as in Chinese notation, Arabic digits for both sides, then the
/// action, `.` tiến (forward), `/` thoái (back), `-` bình (sideways), and
/// the steps or the destination file as in Chinese notation.
///
/// Two like pieces on one file: `t` (trước, front) or `s` (sau, rear)
/// follows the letter in place of the file (`Xt.1`, `Ps-5`); three
/// soldiers: `t`, `g` (giữa, middle), `s`. Four or five soldiers on a file
/// have no common form: `a`–`e` from the front, as WXF writes them.
/// Soldiers doubled on two files keep the file after the designator
/// (`Bt9-8`), as in the other notations.
///
/// # Examples
/// ```
/// use xiangqi::rules::{Move, Position};
/// use xiangqi::rules::notation::to_vietnamese;
/// let pos = Position::startpos();
/// assert_eq!(to_vietnamese(&pos, Move::from_iccs("h2e2").unwrap()), "P2-5");
/// assert_eq!(to_vietnamese(&pos, Move::from_iccs("h0g2").unwrap()), "M2.3");
/// ```
pub fn to_vietnamese(pos: &Position, m: Move) -> String {
    let Some(d) = describe_move(pos, m) else {
        return String::new();
    };
    let mut s = String::with_capacity(8);
    s.push_str(match d.kind {
        PieceKind::General => "Tg",
        PieceKind::Advisor => "S",
        PieceKind::Elephant => "T",
        PieceKind::Horse => "M",
        PieceKind::Chariot => "X",
        PieceKind::Cannon => "P",
        PieceKind::Soldier => "B",
    });
    if let Some(o) = d.ordinal {
        s.push(match o {
            Ordinal::Front => 't',
            Ordinal::Middle => 'g',
            Ordinal::Rear => 's',
            Ordinal::Nth(k) => (b'a' + k.clamp(1, 5) - 1) as char,
        });
    }
    if let Some(f) = d.file {
        s.push((b'0' + f) as char);
    }
    s.push(match d.action {
        Action::Forward => '.',
        Action::Backward => '/',
        Action::Sideways => '-',
    });
    s.push((b'0' + d.number.min(9)) as char);
    s
}

/// Parses a move in Vietnamese notation ([`to_vietnamese`]; `C`, for chốt,
/// is read as the soldier too, as some records write it) and checks it against the
/// legal moves of `pos`: the move is read as its WXF twin.
///
/// # Errors
/// As [`parse_wxf`], for the WXF twin of the text (a piece letter that
/// is none of Vietnamese notation's is reported as malformed).
///
/// # Examples
/// ```
/// use xiangqi::rules::{Move, Position};
/// use xiangqi::rules::notation::parse_vietnamese;
/// let pos = Position::startpos();
/// assert_eq!(parse_vietnamese(&pos, "M8.7").unwrap(), Move::from_iccs("b0c2").unwrap());
/// assert_eq!(parse_vietnamese(&pos, "P2-5").unwrap(), Move::from_iccs("h2e2").unwrap());
/// ```
pub fn parse_vietnamese(pos: &Position, s: &str) -> Result<Move, MoveParseError> {
    let v = normalize(s);
    let text: String = v.iter().collect();
    let (letter, rest, skip) = if let Some(rest) = text.strip_prefix("Tg") {
        ('K', rest, 2)
    } else {
        let mut it = text.chars();
        let letter = match it.next() {
            None => return Err(MoveParseError::Empty),
            Some('S') => 'A',
            Some('T') => 'E',
            Some('M') => 'H',
            Some('X') => 'R',
            Some('P') => 'C',
            Some('B' | 'C') => 'P',
            Some(ch) => {
                return Err(MoveParseError::Unexpected {
                    notation: Notation::Vietnamese,
                    ch,
                    at: 1,
                    expected: VI_PIECE,
                });
            }
        };
        (letter, it.as_str(), 1)
    };
    let mut wxf = String::from(letter);
    let body: Vec<char> = rest.chars().collect();
    let last_action = body.iter().rposition(|c| matches!(c, '.' | '/' | '-'));
    for (i, &c) in body.iter().enumerate() {
        wxf.push(match c {
            't' => '+',
            'g' => '.',
            's' => '-',
            '.' if Some(i) == last_action => '+',
            '/' if Some(i) == last_action => '-',
            '-' if Some(i) == last_action => '.',
            c => c,
        });
    }
    parse_wxf(pos, &wxf).map_err(|e| in_vietnamese(e, &body, skip))
}

/// What Vietnamese notation's piece letters are, for its errors.
const VI_PIECE: &str = "a piece letter Tg, S, T, M, X, P or B";

/// An error of the WXF twin of a Vietnamese move told in Vietnamese
/// notation: the characters and the designator as they were typed (`body`,
/// the text after the piece letter, which took `skip` characters), what
/// was expected in Vietnamese notation's terms.
fn in_vietnamese(e: MoveParseError, body: &[char], skip: usize) -> MoveParseError {
    let expected = |wxf: &'static str| match wxf {
        "a piece letter K A E H R C P" => VI_PIECE,
        "a file or designator, a direction (+ - .) and a number" => {
            "a file or t/g/s, a direction (. / -) and a number"
        }
        "a direction: + forward, - backward, . sideways" => {
            "a direction: . forward, / back, - sideways"
        }
        "a file digit or + - . designator" => "a file digit or t, g, s",
        other => other,
    };
    match e {
        MoveParseError::Unexpected {
            ch,
            at,
            expected: x,
            ..
        } => {
            // Character `at` of the twin is the piece letter (1) or
            // character `at - 2` of the body.
            let typed = at.checked_sub(2).and_then(|i| body.get(i).copied());
            MoveParseError::Unexpected {
                notation: Notation::Vietnamese,
                ch: typed.unwrap_or(ch),
                at: if at == 1 { 1 } else { at - 1 + skip },
                expected: expected(x),
            }
        }
        MoveParseError::Incomplete { expected: x, .. } => MoveParseError::Incomplete {
            notation: Notation::Vietnamese,
            expected: expected(x),
        },
        MoveParseError::NoTandem {
            color,
            kind,
            designator,
        } => MoveParseError::NoTandem {
            color,
            kind,
            designator: designator
                .chars()
                .map(|c| match c {
                    '+' => 't',
                    '.' => 'g',
                    '-' => 's',
                    c => c,
                })
                .collect(),
        },
        other => other,
    }
}

/// A move in ICCS coordinates, e.g. `h2e2`.
pub fn to_iccs(m: Move) -> String {
    m.to_string()
}

/// A move in the chosen notation (`style` matters for Chinese only).
pub fn format_move(pos: &Position, m: Move, notation: Notation, style: ChineseStyle) -> String {
    match notation {
        Notation::Chinese => to_chinese(pos, m, style),
        Notation::Wxf => to_wxf(pos, m),
        Notation::Iccs => to_iccs(m),
        Notation::Vietnamese => to_vietnamese(pos, m),
    }
}

// ---------------------------------------------------------------------------
// Input.

/// Full-width ASCII (`１`, `Ｃ`, `＋`) to ASCII, ideographic space to space, trimmed.
fn normalize(s: &str) -> Vec<char> {
    let v: Vec<char> = s
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect();
    let start = v.iter().position(|c| !c.is_whitespace()).unwrap_or(v.len());
    let end = v
        .iter()
        .rposition(|c| !c.is_whitespace())
        .map_or(start, |e| e + 1);
    v[start..end].to_vec()
}

/// Which notation a string is written in (`None` if it is empty).
pub fn detect_notation(s: &str) -> Option<Notation> {
    let v = normalize(s);
    if v.is_empty() {
        return None;
    }
    if !v.iter().all(char::is_ascii) {
        return Some(Notation::Chinese);
    }
    let file = |c: char| ('a'..='i').contains(&c.to_ascii_lowercase());
    let iccs = v.len() >= 3
        && file(v[0])
        && v[1].is_ascii_digit()
        && (v[2].is_ascii_alphabetic()
            || (v[2] == '-' && v.len() == 5 && v[3].is_ascii_alphabetic()));
    // Vietnamese: a letter WXF does not have (Tg, S, T, M, X) or its `/`
    // for back. P and B are letters of both (a Vietnamese cannon is WXF's
    // soldier): those are WXF's, and `parse_move` tries Vietnamese after.
    let vietnamese =
        matches!(v[0], 'T' | 'S' | 'M' | 'X') || (v.contains(&'/') && !v.contains(&'+'));
    Some(if iccs {
        Notation::Iccs
    } else if vietnamese {
        Notation::Vietnamese
    } else {
        Notation::Wxf
    })
}

/// Parses a move in any of the notations (detected from the text:
/// Chinese, WXF, ICCS or Vietnamese) and checks it against the legal moves
/// of `pos`.
///
/// # Errors
/// A [`MoveParseError`] saying whether the text is malformed, names no
/// piece, is ambiguous, or describes no legal move.
///
/// # Examples
/// ```
/// use xiangqi::rules::{Move, Position};
/// use xiangqi::rules::notation::parse_move;
/// let pos = Position::startpos();
/// let m = Move::from_iccs("h2e2").unwrap();
/// assert_eq!(parse_move(&pos, "炮二平五").unwrap(), m);
/// assert_eq!(parse_move(&pos, "C2.5").unwrap(), m);
/// assert_eq!(parse_move(&pos, "H2-E2").unwrap(), m);
/// assert_eq!(parse_move(&pos, "P2-5").unwrap(), m);
/// assert!(parse_move(&pos, "车八进十").is_err());
/// ```
pub fn parse_move(pos: &Position, s: &str) -> Result<Move, MoveParseError> {
    match detect_notation(s) {
        None => Err(MoveParseError::Empty),
        Some(Notation::Chinese) => parse_chinese(pos, s),
        // `P2-5`, `B7.1`: not a WXF move, perhaps a Vietnamese one.
        Some(Notation::Wxf) => parse_wxf(pos, s).or_else(|wxf| {
            if s.contains(['+', '=']) {
                Err(wxf)
            } else {
                parse_vietnamese(pos, s).map_err(|vi| {
                    // A Vietnamese piece letter in lower case (`m8.7`) is
                    // told in Vietnamese notation.
                    let first = normalize(s).first().copied().unwrap_or(' ');
                    if matches!(first, 't' | 's' | 'm' | 'x') {
                        vi
                    } else {
                        wxf
                    }
                })
            }
        }),
        Some(Notation::Iccs) => parse_iccs(pos, s),
        Some(Notation::Vietnamese) => parse_vietnamese(pos, s),
    }
}

/// Parses a move a person typed, as [`parse_move`], but never reads a
/// text that is a legal move in both WXF and Vietnamese notation (`P3.2`:
/// WXF's soldier sideways, Vietnamese's cannon forward) as one of them
/// unasked: with `prefer` set to one of the two (the notation of the
/// player's language), its reading; otherwise
/// [`MoveParseError::TwoNotations`], naming both.
///
/// # Errors
/// As [`parse_move`], and [`MoveParseError::TwoNotations`].
///
/// # Examples
/// ```
/// use xiangqi::rules::{Move, Position};
/// use xiangqi::rules::notation::{Notation, parse_typed_move};
/// let pos = Position::from_fen("3k5/9/9/9/6P2/9/9/6C2/9/4K4 w - - 0 1").unwrap();
/// let vi = parse_typed_move(&pos, "P3.2", Some(Notation::Vietnamese)).unwrap();
/// assert_eq!(vi, Move::from_iccs("g2g4").unwrap());
/// let refused = parse_typed_move(&pos, "P3.2", None).unwrap_err();
/// assert_eq!(
///     refused.to_string(),
///     "ambiguous: P3.2 is g2g4 in Vietnamese notation, g5h5 in WXF"
/// );
/// ```
pub fn parse_typed_move(
    pos: &Position,
    s: &str,
    prefer: Option<Notation>,
) -> Result<Move, MoveParseError> {
    if detect_notation(s) != Some(Notation::Wxf) || s.contains(['+', '=']) {
        return parse_move(pos, s);
    }
    match (parse_wxf(pos, s), parse_vietnamese(pos, s)) {
        (Ok(wxf), Ok(vietnamese)) if wxf != vietnamese => match prefer {
            Some(Notation::Vietnamese) => Ok(vietnamese),
            Some(Notation::Wxf) => Ok(wxf),
            _ => Err(MoveParseError::TwoNotations {
                text: normalize(s).iter().collect(),
                vietnamese,
                wxf,
            }),
        },
        _ => parse_move(pos, s),
    }
}

/// Parses ICCS coordinates (`h2e2`, `H2-E2`) and checks legality.
///
/// # Errors
/// [`MoveParseError::Unexpected`]/[`MoveParseError::Incomplete`] for bad
/// text, [`MoveParseError::Illegal`] for a move the position does not allow.
pub fn parse_iccs(pos: &Position, s: &str) -> Result<Move, MoveParseError> {
    let v = normalize(s);
    if v.is_empty() {
        return Err(MoveParseError::Empty);
    }
    let bad = |i: usize, expected| {
        Err(MoveParseError::Unexpected {
            notation: Notation::Iccs,
            ch: v[i],
            at: i + 1,
            expected,
        })
    };
    let mut squares = Vec::with_capacity(2);
    let mut i = 0;
    for n in 0..2 {
        if n == 1 && v.get(i) == Some(&'-') {
            i += 1;
        }
        let Some(&f) = v.get(i) else {
            return Err(MoveParseError::Incomplete {
                notation: Notation::Iccs,
                expected: "a file letter a-i",
            });
        };
        let f = f.to_ascii_lowercase();
        if !('a'..='i').contains(&f) {
            return bad(i, "a file letter a-i");
        }
        let Some(&r) = v.get(i + 1) else {
            return Err(MoveParseError::Incomplete {
                notation: Notation::Iccs,
                expected: "a rank digit 0-9",
            });
        };
        if !r.is_ascii_digit() {
            return bad(i + 1, "a rank digit 0-9");
        }
        squares.extend(Square::new(f as u8 - b'a', r as u8 - b'0'));
        i += 2;
    }
    if i < v.len() {
        return bad(i, "the end of the move");
    }
    let m = Move::new(squares[0], squares[1]);
    let mut p = *pos;
    p.play(m).map_err(|e| MoveParseError::Illegal {
        mv: m,
        reason: e.reason,
    })?;
    Ok(m)
}

fn kind_from_chinese(c: char) -> Option<PieceKind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => PieceKind::General,
        '仕' | '士' => PieceKind::Advisor,
        '相' | '象' => PieceKind::Elephant,
        '马' | '馬' | '傌' => PieceKind::Horse,
        '车' | '車' | '俥' => PieceKind::Chariot,
        '炮' | '砲' | '包' => PieceKind::Cannon,
        '兵' | '卒' => PieceKind::Soldier,
        _ => return None,
    })
}

/// 一..九 or 1..9.
fn numeral(c: char) -> Option<u8> {
    if let Some(i) = RED_NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn action_from_chinese(c: char) -> Option<Action> {
    match c {
        '进' | '進' => Some(Action::Forward),
        '退' => Some(Action::Backward),
        '平' => Some(Action::Sideways),
        _ => None,
    }
}

fn ordinal_word(c: char) -> Option<Ordinal> {
    match c {
        '前' => Some(Ordinal::Front),
        '中' => Some(Ordinal::Middle),
        '后' | '後' => Some(Ordinal::Rear),
        _ => None,
    }
}

/// A Chinese or WXF move being read left to right: its characters, where
/// the reading is, and the designator (`前`, `+`, …) read so far.
struct MoveReader {
    notation: Notation,
    v: Vec<char>,
    /// The next character to read.
    i: usize,
    ordinal: Option<Ordinal>,
    /// The designator as written, for the ambiguity error.
    designator: String,
}

impl MoveReader {
    /// The normalized text of `s`; [`MoveParseError::Empty`] if nothing is left.
    fn new(notation: Notation, s: &str) -> Result<MoveReader, MoveParseError> {
        let v = normalize(s);
        if v.is_empty() {
            return Err(MoveParseError::Empty);
        }
        Ok(MoveReader {
            notation,
            v,
            i: 0,
            ordinal: None,
            designator: String::new(),
        })
    }

    /// The character at `i` is not what was `expected`.
    fn bad(&self, i: usize, expected: &'static str) -> MoveParseError {
        MoveParseError::Unexpected {
            notation: self.notation,
            ch: self.v[i],
            at: i + 1,
            expected,
        }
    }

    /// The text ends where something was `expected`.
    fn end(&self, expected: &'static str) -> MoveParseError {
        MoveParseError::Incomplete {
            notation: self.notation,
            expected,
        }
    }

    /// Records a designator character and what it means.
    fn designate(&mut self, c: char, ordinal: Option<Ordinal>) {
        self.ordinal = ordinal;
        self.designator.push(c);
    }

    /// Finds the legal move the text describes.
    fn resolve(
        &self,
        pos: &Position,
        kind: PieceKind,
        file: Option<u8>,
        action: Action,
        number: u8,
    ) -> Result<Move, MoveParseError> {
        let desc = Desc {
            kind,
            file,
            ordinal: self.ordinal,
            action,
            number,
        };
        resolve(pos, desc, &self.designator)
    }
}

/// Parses Chinese notation: 炮二平五, 马８进７, 前车进一, 后炮平５,
/// 前兵九平八, 中兵进一, 二兵平四; simplified or traditional; 一–九 or digits.
///
/// # Errors
/// See [`parse_move`].
pub fn parse_chinese(pos: &Position, s: &str) -> Result<Move, MoveParseError> {
    let mut r = MoveReader::new(Notation::Chinese, s)?;
    let kind = r.chinese_piece()?;
    let file = r.chinese_file()?;
    let action = match r.v.get(r.i) {
        None => return Err(r.end("进, 退 or 平")),
        Some(&c) => action_from_chinese(c).ok_or_else(|| r.bad(r.i, "进, 退 or 平"))?,
    };
    r.i += 1;
    let number = match r.v.get(r.i) {
        None => return Err(r.end("a number (一–九 or 1–9)")),
        Some('十') => 10,
        Some(&c) => numeral(c).ok_or_else(|| r.bad(r.i, "a number (一–九 or 1–9)"))?,
    };
    r.i += 1;
    if r.i < r.v.len() {
        return Err(r.bad(r.i, "the end of the move"));
    }
    r.resolve(pos, kind, file, action, number)
}

impl MoveReader {
    /// The piece of a Chinese move, after its 前/中/后 or number
    /// designator if it has one.
    fn chinese_piece(&mut self) -> Result<PieceKind, MoveParseError> {
        let first = self.v[0];
        let second_is_piece = self.v.get(1).and_then(|&c| kind_from_chinese(c)).is_some();
        if let Some(k) = kind_from_chinese(first) {
            self.i = 1;
            return Ok(k);
        }
        let ord = match (ordinal_word(first), numeral(first)) {
            (Some(o), _) => o,
            (None, Some(n)) if n <= 5 && second_is_piece => Ordinal::Nth(n),
            _ => return Err(self.bad(0, "a piece (车 马 炮 ...) or 前/中/后")),
        };
        self.designate(first, Some(ord));
        self.i += 1;
        match self.v.get(self.i) {
            None => Err(self.end("a piece after the designator")),
            Some(&c) => match kind_from_chinese(c) {
                Some(k) => {
                    self.i += 1;
                    Ok(k)
                }
                // 前九平八: the piece (a soldier) left out.
                None if numeral(c).is_some() => Ok(PieceKind::Soldier),
                None => Err(self.bad(self.i, "a piece (车 马 炮 ...)")),
            },
        }
    }

    /// The file of a Chinese move's piece; optional after a designator.
    fn chinese_file(&mut self) -> Result<Option<u8>, MoveParseError> {
        match self.v.get(self.i) {
            None => Err(self.end("a file number")),
            Some(&c) => {
                if let Some(n) = numeral(c) {
                    self.i += 1;
                    Ok(Some(n))
                } else if self.ordinal.is_none() {
                    Err(self.bad(self.i, "a file number (一–九 or 1–9)"))
                } else {
                    Ok(None)
                }
            }
        }
    }
}

fn kind_from_wxf(c: char) -> Option<PieceKind> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => PieceKind::General,
        'A' => PieceKind::Advisor,
        'E' | 'B' => PieceKind::Elephant,
        'H' | 'N' => PieceKind::Horse,
        'R' => PieceKind::Chariot,
        'C' => PieceKind::Cannon,
        'P' => PieceKind::Soldier,
        _ => return None,
    })
}

fn wxf_ordinal(c: char) -> Option<Ordinal> {
    match c {
        '+' => Some(Ordinal::Front),
        '.' => Some(Ordinal::Middle),
        '-' => Some(Ordinal::Rear),
        'a'..='e' => Some(Ordinal::Nth(c as u8 - b'a' + 1)),
        _ => None,
    }
}

/// Parses WXF notation: `C2.5`, `H8+7`, `R+.3`, `C-+1`, `+R.3`, `P+9.8`,
/// `P9+.8`; case-insensitive piece letters, `B`/`N`/`G` accepted.
///
/// # Errors
/// See [`parse_move`].
pub fn parse_wxf(pos: &Position, s: &str) -> Result<Move, MoveParseError> {
    let mut r = MoveReader::new(Notation::Wxf, s)?;
    let kind = r.wxf_piece()?;
    // The last two characters are the action and the number; before them a
    // file or designator unless the designator came first.
    let need = if r.ordinal.is_some() {
        r.i + 2
    } else {
        r.i + 3
    };
    if r.v.len() < need {
        return Err(r.end("a file or designator, a direction (+ - .) and a number"));
    }
    let act_at = r.v.len() - 2;
    let file = r.wxf_file(act_at)?;
    let action = match r.v[act_at] {
        '+' => Action::Forward,
        '-' => Action::Backward,
        '.' | '=' => Action::Sideways,
        _ => {
            return Err(r.bad(act_at, "a direction: + forward, - backward, . sideways"));
        }
    };
    let number = r.digit(act_at + 1)?;
    r.resolve(pos, kind, file, action, number)
}

impl MoveReader {
    /// The piece letter of a WXF move, after a `+`/`-` designator if the
    /// move starts with one (`+R.3`).
    fn wxf_piece(&mut self) -> Result<PieceKind, MoveParseError> {
        if matches!(self.v[0], '+' | '-') {
            self.designate(self.v[0], wxf_ordinal(self.v[0]));
            self.i = 1;
        }
        let kind = match self.v.get(self.i) {
            None => return Err(self.end("a piece letter K A E H R C P")),
            Some(&c) => {
                kind_from_wxf(c).ok_or_else(|| self.bad(self.i, "a piece letter K A E H R C P"))?
            }
        };
        self.i += 1;
        Ok(kind)
    }

    /// What stands between a WXF move's piece letter and its action at
    /// `act_at`: a file digit, a designator, or both (in either order).
    fn wxf_file(&mut self, act_at: usize) -> Result<Option<u8>, MoveParseError> {
        let i = self.i;
        let middle = self.v[i..act_at].to_vec();
        let undesignated = self.ordinal.is_none();
        let mut file = None;
        match middle[..] {
            [] if !undesignated => {}
            [d] if d.is_ascii_digit() => file = Some(self.digit(i)?),
            [o] if undesignated && wxf_ordinal(o).is_some() => {
                self.designate(o, wxf_ordinal(o));
            }
            [o, d] if undesignated && wxf_ordinal(o).is_some() && d.is_ascii_digit() => {
                self.designate(o, wxf_ordinal(o));
                file = Some(self.digit(i + 1)?);
            }
            [d, o] if undesignated && d.is_ascii_digit() && matches!(o, '+' | '-' | '.') => {
                file = Some(self.digit(i)?);
                self.designate(o, wxf_ordinal(o));
            }
            _ => {
                // Point at the first character that cannot start a designator.
                let at = middle
                    .iter()
                    .position(|c| !(c.is_ascii_digit() || wxf_ordinal(*c).is_some()))
                    .map_or(i + middle.len().min(2), |p| i + p);
                let at = at.min(act_at);
                return Err(self.bad(at, "a file digit or + - . designator"));
            }
        }
        Ok(file)
    }

    /// The digit 1-9 at `at`.
    fn digit(&self, at: usize) -> Result<u8, MoveParseError> {
        match self.v[at] {
            c @ '1'..='9' => Ok(c as u8 - b'0'),
            _ => Err(self.bad(at, "a digit 1-9")),
        }
    }
}

/// Finds the one legal move that fits a description.
fn resolve(pos: &Position, d: Desc, designator: &str) -> Result<Move, MoveParseError> {
    let us = pos.side_to_move();
    let piece = Piece::new(us, d.kind);
    let fits = |m: Move| -> bool {
        if pos.piece_at(m.from()) != Some(piece) {
            return false;
        }
        if d.file.is_some_and(|f| own_file(us, m.from().file()) != f) {
            return false;
        }
        if let Some(o) = d.ordinal {
            let col = column(pos, piece, m.from().file());
            let idx = col.iter().position(|&s| s == m.from()).unwrap_or(0);
            if !ordinal_fits(o, idx, col.len()) {
                return false;
            }
        }
        action_of(d.kind, us, m) == (d.action, d.number)
    };
    // The description is checked first and legality only for the moves
    // that fit it (a record is read move by move; this is its hot spot).
    let mut pseudo = MoveList::new();
    pos.generate_pseudo(&mut pseudo);
    let in_check = pos.in_check();
    let found: Vec<Move> = pseudo
        .iter()
        .copied()
        .filter(|&m| fits(m) && pos.leaves_general_safe(m, in_check))
        .collect();
    match found.len() {
        1 => return Ok(found[0]),
        n if n > 1 => return Err(MoveParseError::Ambiguous { candidates: found }),
        _ => {}
    }
    // Nothing fits: say what is missing, from the most basic fact up.
    let squares: Vec<Square> = pos
        .pieces(us)
        .filter(|&(_, p)| p == piece)
        .map(|(s, _)| s)
        .collect();
    if squares.is_empty() {
        return Err(MoveParseError::NoSuchPiece {
            color: us,
            kind: d.kind,
        });
    }
    if let Some(f) = d.file
        && !squares.iter().any(|s| own_file(us, s.file()) == f)
    {
        return Err(MoveParseError::NoPieceOnFile {
            color: us,
            kind: d.kind,
            file: f,
        });
    }
    if let Some(o) = d.ordinal {
        let named = squares.iter().any(|&s| {
            let col = column(pos, piece, s.file());
            let idx = col.iter().position(|&x| x == s).unwrap_or(0);
            ordinal_fits(o, idx, col.len()) && d.file.is_none_or(|f| own_file(us, s.file()) == f)
        });
        if !named {
            return Err(MoveParseError::NoTandem {
                color: us,
                kind: d.kind,
                designator: designator.to_string(),
            });
        }
    }
    if let Some(&m) = pos.pseudo_legal_moves().iter().find(|&&m| fits(m)) {
        return Err(MoveParseError::Illegal {
            mv: m,
            reason: IllegalReason::SelfCheck,
        });
    }
    Err(MoveParseError::NoSuchMove)
}
