//! Xiangqi PGN, read and write.
//!
//! Reading is lenient about what real files contain: GBK or UTF-8 bytes
//! (with or without a BOM), CRLF line ends, full-width digits, move numbers
//! glued to moves (`1.炮二平五`), `{comments}`, `;` comments, nested
//! `(variations)` and NAGs (all skipped), and junk after the result token
//! (skipped up to the next tag line). Each move token may be in any of the
//! three notations whatever `[Format]` says. Every move is checked against
//! the position, and an error names the line, the move number and the token.
//!
//! Writing produces UTF-8 with the tags first, then movetext in the chosen
//! notation wrapped at 80 columns (CJK characters count two).

use super::fen::FenError;
use super::game::{Game, GameError, GameResult};
use super::notation::{self, ChineseStyle, MoveParseError, Notation};
use super::position::Position;
use super::tree::Mark;
use super::types::{Color, Move};

/// One game of a PGN file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order (`FEN` and `Format` included as read).
    pub tags: Vec<(String, String)>,
    /// The start position (`[FEN]`, or the standard opening).
    pub start: Position,
    /// The main line, every move legal.
    pub moves: Vec<Move>,
    /// The result token (or the `Result` tag when there is no token); `None` for `*`.
    pub result: Option<GameResult>,
}

/// What is wrong with a PGN text, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// A `[Name "value"]` pair that does not have that shape.
    #[error("line {line}: malformed tag: {why}")]
    Tag {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// The `[FEN]` tag is not a valid position.
    #[error("line {line}: bad FEN tag: {error}")]
    Fen {
        /// 1-based line.
        line: usize,
        /// Why the FEN is invalid.
        error: FenError,
    },
    /// A move token that is not a legal move.
    #[error("line {line}, move {number} ({token}): {error}")]
    Move {
        /// 1-based line.
        line: usize,
        /// Move number, `14` for Red, `14...` for Black.
        number: String,
        /// The token as written.
        token: String,
        /// Why it is not a move.
        error: MoveParseError,
    },
    /// A `{` comment or `(` variation that never ends.
    #[error("line {line}: {what} opened here is never closed")]
    Unclosed {
        /// 1-based line of the opening bracket.
        line: usize,
        /// `'{' comment` or `'(' variation`.
        what: &'static str,
    },
    /// A `)` with no `(` before it.
    #[error("line {line}: ')' without a matching '('")]
    UnmatchedParen {
        /// 1-based line.
        line: usize,
    },
    /// A move the game record refuses (the game was already over).
    #[error("move {number} ({token}): {error}")]
    Replay {
        /// Move number, `14` or `14...`.
        number: String,
        /// The move in Chinese notation.
        token: String,
        /// Why the game refused it.
        error: GameError,
    },
}

impl PgnError {
    /// The same error with its line counted `by` lines further on (an
    /// error read from a piece of a file, told in the file's lines).
    #[must_use]
    pub fn lines_after(mut self, by: usize) -> PgnError {
        match &mut self {
            PgnError::Tag { line, .. }
            | PgnError::Fen { line, .. }
            | PgnError::Move { line, .. }
            | PgnError::Unclosed { line, .. }
            | PgnError::UnmatchedParen { line } => *line += by,
            PgnError::Replay { .. } => {}
        }
        self
    }
}

/// Whether `line` (indentation and line end aside) is one whole tag pair,
/// `[Name "value"]`: where a game's tag section begins.
///
/// # Examples
/// ```
/// use xiangqi::rules::pgn::is_tag_pair_line;
/// assert!(is_tag_pair_line("  [Event \"Cup\"]\n"));
/// assert!(!is_tag_pair_line("[%clk 0:10:00]"));
/// assert!(!is_tag_pair_line("[Event \"Cup\"] 1. h2e2"));
/// ```
pub fn is_tag_pair_line(line: &str) -> bool {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let b = line.as_bytes();
    let mut i = b.iter().take_while(|c| blank(c)).count();
    if b.get(i) != Some(&b'[') {
        return false;
    }
    i += 1;
    let name = b[i..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    let gap = b[i + name..].iter().take_while(|c| blank(c)).count();
    if name == 0 || gap == 0 {
        return false;
    }
    i += name + gap;
    if b.get(i) != Some(&b'"') {
        return false;
    }
    i += 1;
    loop {
        match b.get(i) {
            None | Some(b'\n' | b'\r') => return false,
            Some(b'\\') => i += 2,
            Some(b'"') => break,
            Some(_) => i += 1,
        }
    }
    i += 1;
    i += b[i..].iter().take_while(|c| blank(c)).count();
    b.get(i) == Some(&b']') && b[i + 1..].iter().all(u8::is_ascii_whitespace)
}

/// `14` when Red is to move in `pos`, `14...` when Black is.
pub fn move_number_label(pos: &Position) -> String {
    match pos.side_to_move() {
        Color::Red => pos.fullmove_number().to_string(),
        Color::Black => format!("{}...", pos.fullmove_number()),
    }
}

impl PgnGame {
    /// An empty game from `start` with a `[Game "Chinese Chess"]` tag.
    pub fn new(start: Position) -> PgnGame {
        PgnGame {
            tags: vec![("Game".into(), "Chinese Chess".into())],
            start,
            moves: Vec::new(),
            result: None,
        }
    }

    /// The moves of a game record up to its cursor, with its result.
    pub fn from_game(game: &Game) -> PgnGame {
        let mut g = PgnGame::new(*game.start());
        g.moves = game.moves().to_vec();
        g.result = game.outcome().map(|o| o.result);
        g
    }

    /// A tag's value (name compared case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one of that name.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag(&mut self.tags, name, value);
    }

    /// The position after the last move.
    pub fn final_position(&self) -> Position {
        let mut p = self.start;
        for &m in &self.moves {
            p.make(m);
        }
        p
    }

    /// Plays the moves into a [`Game`], which judges how the game stands.
    ///
    /// # Errors
    /// [`PgnError::Replay`] if the game record refuses a move (the game had
    /// already ended, e.g. by repetition, before it).
    pub fn to_game(&self) -> Result<Game, PgnError> {
        let mut game = Game::new(self.start);
        for &m in &self.moves {
            let pos = *game.position();
            game.play(m).map_err(|error| PgnError::Replay {
                number: move_number_label(&pos),
                token: notation::to_chinese(&pos, m, ChineseStyle::default()),
                error,
            })?;
        }
        Ok(game)
    }
}

/// Decodes PGN bytes: a BOM decides; otherwise valid UTF-8 is UTF-8, text
/// that is UTF-8 but for a few bad bytes is UTF-8 with each bad byte
/// replaced (U+FFFD, where it stood: one damaged byte does not turn the
/// whole text into mojibake), and anything else is read as GBK (GB18030).
/// Never fails.
pub fn decode(bytes: &[u8]) -> String {
    if let Some((enc, bom_len)) = encoding_rs::Encoding::for_bom(bytes) {
        return enc
            .decode_without_bom_handling(&bytes[bom_len..])
            .0
            .into_owned();
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) if mostly_utf8(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        Err(_) => encoding_rs::GBK
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    }
}

/// Whether bytes that are not all UTF-8 still are UTF-8 text with local
/// damage: its multi-byte characters (which GBK text seldom forms by
/// chance) outnumber the invalid sequences four to one.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut multibyte, mut invalid) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        multibyte += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += usize::from(!chunk.invalid().is_empty());
    }
    multibyte >= 4 * invalid.max(1)
}

/// Reads every game of a PGN file.
///
/// # Errors
/// The first [`PgnError`] met, with its line number. To keep the good games
/// of a file in which some game is bad, use [`read_pgn_games`].
///
/// # Examples
/// ```
/// use xiangqi::rules::pgn::read_pgn;
/// let games = read_pgn("[Game \"Chinese Chess\"]\n1. 炮二平五 马８进７ {ok} 2. h0g2 1-0".as_bytes()).unwrap();
/// assert_eq!(games[0].moves.len(), 3);
/// ```
pub fn read_pgn(bytes: &[u8]) -> Result<Vec<PgnGame>, PgnError> {
    read_pgn_games(bytes).into_iter().collect()
}

/// Reads every game of a PGN file, each on its own: a game with an error
/// (a bad tag, FEN or move) is that game's [`PgnError`], and the games
/// before and after it are still read. A game ends at its result token or
/// where the next game's tags begin.
///
/// # Examples
/// ```
/// use xiangqi::rules::pgn::read_pgn_games;
/// let text = "[Round \"1\"]\n1. 炮二平五 车九进十 *\n\n[Round \"2\"]\n1. 炮二平五 *\n";
/// let games = read_pgn_games(text.as_bytes());
/// assert_eq!(games.len(), 2);
/// assert!(games[0].is_err());
/// assert_eq!(games[1].as_ref().unwrap().moves.len(), 1);
/// ```
pub fn read_pgn_games(bytes: &[u8]) -> Vec<Result<PgnGame, PgnError>> {
    read_games_with(bytes, MainLine::new)
}

/// What a PGN game is read into. The tokenizer ([`read_games_with`]) reads
/// the text once and calls these in the order the text gives them, one
/// game at a time; after a game's first error it calls nothing more for
/// that game. The main-line reader ([`read_pgn_games`]) skips variations;
/// the records' tree reader keeps them, with comments and marks.
pub trait Visitor {
    /// The game read.
    type Output;
    /// The start position: the `[FEN]` tag's (the standard one until then).
    fn start(&mut self, start: Position);
    /// A tag pair as written (`FEN` included).
    fn tag(&mut self, name: String, value: String);
    /// A move token of the line being read: `mv` its move part, `mark` a
    /// mark written after it, `token` the whole token on `line`. An error
    /// returned is the game's error.
    ///
    /// # Errors
    /// A move that does not fit the position it is played in.
    fn san(
        &mut self,
        mv: &str,
        mark: Option<Mark>,
        token: &str,
        line: usize,
    ) -> Result<(), PgnError>;
    /// A NAG (`$1`) or a mark standing on its own (`!?`) after a move.
    fn mark(&mut self, _mark: Mark) {}
    /// A `{comment}`'s text.
    fn comment(&mut self, _text: &str) {}
    /// A `(`: true to read the variation, false to have it skipped whole.
    fn begin_variation(&mut self) -> bool {
        false
    }
    /// The `)` ending a variation that was read.
    fn end_variation(&mut self) {}
    /// The game's end: the result token's result, else the `Result` tag's.
    fn finish(self, result: Option<GameResult>) -> Self::Output;
}

/// Reads every game of a PGN text into visitors made by `new`, each game
/// on its own: a game with an error (a bad tag, FEN, bracket or
/// main-line move) is that game's [`PgnError`], and the games around it
/// are still read. A game ends at its result token or where the next
/// game's tags begin.
pub fn read_games_with<V: Visitor>(
    bytes: &[u8],
    new: impl FnMut() -> V,
) -> Vec<Result<V::Output, PgnError>> {
    read_text_games_with(&decode(bytes), new)
}

/// [`read_games_with`] on text already decoded (see [`decode`]).
pub fn read_text_games_with<V: Visitor>(
    text: &str,
    new: impl FnMut() -> V,
) -> Vec<Result<V::Output, PgnError>> {
    Reader {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        line_blank: true,
    }
    .run(new)
}

/// The main-line reader's visitor: tags, start and moves; variations and
/// comments are skipped.
struct MainLine {
    game: PgnGame,
    pos: Position,
}

impl MainLine {
    fn new() -> MainLine {
        let start = Position::startpos();
        MainLine {
            game: PgnGame {
                tags: Vec::new(),
                start,
                moves: Vec::new(),
                result: None,
            },
            pos: start,
        }
    }
}

impl Visitor for MainLine {
    type Output = PgnGame;

    fn start(&mut self, start: Position) {
        self.game.start = start;
        self.pos = start;
    }

    fn tag(&mut self, name: String, value: String) {
        self.game.tags.push((name, value));
    }

    fn san(&mut self, mv: &str, _: Option<Mark>, token: &str, line: usize) -> Result<(), PgnError> {
        let m = notation::parse_move(&self.pos, mv).map_err(|error| PgnError::Move {
            line,
            number: move_number_label(&self.pos),
            token: token.to_string(),
            error,
        })?;
        self.pos.make(m);
        self.game.moves.push(m);
        Ok(())
    }

    fn finish(mut self, result: Option<GameResult>) -> PgnGame {
        self.game.result = result;
        self.game
    }
}

struct Reader {
    chars: Vec<char>,
    i: usize,
    line: usize,
    /// Nothing but whitespace read so far on the current line.
    line_blank: bool,
}

/// A game being read.
struct Current<V> {
    visitor: V,
    /// A tag was read.
    tagged: bool,
    result_tag: Option<Option<GameResult>>,
    result_token: Option<Option<GameResult>>,
    /// A move token has been read (the game's tags are over).
    in_movetext: bool,
    /// The lines of the `(`s of the variations being read, outermost first.
    open: Vec<usize>,
    /// The game's first error; the rest of the game is skipped.
    error: Option<PgnError>,
    /// A comment or variation never closed ran into the next game's tags:
    /// this game ends there.
    cut: bool,
}

impl<V: Visitor> Current<V> {
    fn new(mut visitor: V) -> Current<V> {
        visitor.start(Position::startpos());
        Current {
            visitor,
            tagged: false,
            result_tag: None,
            result_token: None,
            in_movetext: false,
            open: Vec::new(),
            error: None,
            cut: false,
        }
    }

    fn is_empty(&self) -> bool {
        !self.tagged && !self.in_movetext && self.result_token.is_none() && self.error.is_none()
    }

    /// Records the game's first error.
    fn fail(&mut self, e: PgnError) {
        self.error.get_or_insert(e);
    }

    /// Still reading (no error so far).
    fn live(&self) -> bool {
        self.error.is_none()
    }

    fn finish(mut self) -> Result<V::Output, PgnError> {
        if let Some(&line) = self.open.first() {
            // Never closed: it ran to the end of the game.
            self.fail(PgnError::Unclosed {
                line,
                what: "'(' variation",
            });
        }
        if let Some(e) = self.error {
            return Err(e);
        }
        Ok(self
            .visitor
            .finish(self.result_token.or(self.result_tag).flatten()))
    }
}

fn parse_result(s: &str) -> Option<Option<GameResult>> {
    match s {
        "1-0" => Some(Some(GameResult::RedWins)),
        "0-1" => Some(Some(GameResult::BlackWins)),
        "1/2-1/2" | "½-½" => Some(Some(GameResult::Draw)),
        "*" => Some(None),
        _ => None,
    }
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.line_blank = true;
        } else if !c.is_whitespace() {
            self.line_blank = false;
        }
        Some(c)
    }

    /// True if only whitespace precedes the cursor on its line.
    fn at_line_start(&self) -> bool {
        self.line_blank
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// After a result: skip everything up to a line starting with `[`.
    fn skip_to_tag_line(&mut self) {
        loop {
            while self.peek().is_some_and(|c| c.is_whitespace()) {
                self.bump();
            }
            match self.peek() {
                None => return,
                Some('[') if self.at_line_start() => return,
                Some(_) => self.skip_line(),
            }
        }
    }

    /// Reads a `{comment}` (the cursor on its `{`) and gives its text.
    fn read_comment(&mut self) -> Result<String, PgnError> {
        let line = self.line;
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(PgnError::Unclosed {
                        line,
                        what: "'{' comment",
                    });
                }
                Some('}') => return Ok(text),
                Some('\n') if self.tag_line_ahead() => {
                    // The next game's tags: this comment was never closed.
                    return Err(PgnError::Unclosed {
                        line,
                        what: "'{' comment",
                    });
                }
                Some(c) => text.push(c),
            }
        }
    }

    /// Whether the line from the cursor on (after its indentation) is a
    /// whole tag pair, `[Name "value"]` and nothing else: where a game that
    /// left a `{` or `(` open is taken to end, so that one damaged game
    /// costs that game only, not every game after it.
    fn tag_line_ahead(&self) -> bool {
        let mut i = self.i;
        let at = |i: usize| self.chars.get(i).copied();
        while at(i).is_some_and(|c| c == ' ' || c == '\t') {
            i += 1;
        }
        if at(i) != Some('[') {
            return false;
        }
        i += 1;
        let name_start = i;
        while at(i).is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            i += 1;
        }
        if i == name_start || !at(i).is_some_and(|c| c == ' ' || c == '\t') {
            return false;
        }
        while at(i).is_some_and(|c| c == ' ' || c == '\t') {
            i += 1;
        }
        if at(i) != Some('"') {
            return false;
        }
        i += 1;
        loop {
            match at(i) {
                None | Some('\n') | Some('\r') => return false,
                Some('\\') => i += 2,
                Some('"') => break,
                Some(_) => i += 1,
            }
        }
        i += 1;
        while at(i).is_some_and(|c| c == ' ' || c == '\t') {
            i += 1;
        }
        if at(i) != Some(']') {
            return false;
        }
        i += 1;
        while at(i).is_some_and(|c| c != '\n' && c.is_whitespace()) {
            i += 1;
        }
        matches!(at(i), None | Some('\n'))
    }

    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let line = self.line;
        self.bump();
        let mut depth = 1;
        while depth > 0 {
            match self.peek() {
                None => {
                    return Err(PgnError::Unclosed {
                        line,
                        what: "'(' variation",
                    });
                }
                Some('{') => {
                    self.read_comment()?;
                }
                Some(';') => self.skip_line(),
                Some(c) => {
                    self.bump();
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        '\n' if self.tag_line_ahead() => {
                            // The next game's tags: never closed.
                            return Err(PgnError::Unclosed {
                                line,
                                what: "'(' variation",
                            });
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    fn read_tag(&mut self) -> Result<(String, String), PgnError> {
        let line = self.line;
        let err = |why| PgnError::Tag { line, why };
        self.bump(); // '['
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(err("expected a tag name after '['"));
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some('"') {
            return Err(err("expected '\"' before the tag value"));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') | Some('\r') => {
                    return Err(err("the tag value has no closing '\"'"));
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                Some('"') => {
                    self.bump();
                    break;
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.peek() != Some(']') {
            return Err(err("expected ']' after the tag value"));
        }
        self.bump();
        Ok((name, value))
    }

    fn read_token(&mut self) -> String {
        let mut t = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';') {
                break;
            }
            t.push(c);
            self.bump();
        }
        t
    }

    /// Ends the current game (if anything was read) and starts the next.
    fn end_game<V: Visitor>(
        cur: &mut Current<V>,
        new: &mut impl FnMut() -> V,
        games: &mut Vec<Result<V::Output, PgnError>>,
    ) {
        let done = std::mem::replace(cur, Current::new(new()));
        if !done.is_empty() {
            games.push(done.finish());
        }
    }

    fn run<V: Visitor>(mut self, mut new: impl FnMut() -> V) -> Vec<Result<V::Output, PgnError>> {
        let mut games = Vec::new();
        let mut cur = Current::new(new());
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
                continue;
            }
            let in_variation = !cur.open.is_empty();
            match c {
                '%' if self.at_line_start() => self.skip_line(),
                // Inside a variation a bracket is not a tag (skipped),
                // unless a whole tag pair stands on its line: the variation
                // was never closed and the next game begins.
                '[' | ']' if in_variation && !(self.at_line_start() && self.tag_line_ahead()) => {
                    self.bump();
                }
                '[' => {
                    if cur.in_movetext || cur.result_token.is_some() || cur.cut || in_variation {
                        Self::end_game(&mut cur, &mut new, &mut games);
                    }
                    self.tag_pair(&mut cur);
                }
                '{' => self.comment(&mut cur),
                '(' => self.open_variation(&mut cur),
                ';' => self.skip_line(),
                ')' if in_variation => self.close_variation(&mut cur),
                ')' => {
                    cur.fail(PgnError::UnmatchedParen { line: self.line });
                    self.bump();
                }
                '}' | ']' => {
                    self.bump();
                }
                _ => {
                    let line = self.line;
                    let token = self.read_token();
                    match parse_result(&token) {
                        // A result inside a variation ends nothing.
                        Some(_) if in_variation => {}
                        Some(r) => {
                            cur.result_token = Some(r);
                            Self::end_game(&mut cur, &mut new, &mut games);
                            self.skip_to_tag_line();
                        }
                        None => Self::movetext_token(&mut cur, &token, line),
                    }
                }
            }
        }
        Self::end_game(&mut cur, &mut new, &mut games);
        games
    }

    /// Reads a `[Name "value"]` pair into the current game: `FEN` sets its
    /// start, `Result` its result tag. A malformed pair fails the game and
    /// the rest of its line is skipped.
    fn tag_pair<V: Visitor>(&mut self, cur: &mut Current<V>) {
        let line = self.line;
        let (name, value) = match self.read_tag() {
            Ok(tag) => tag,
            Err(e) => {
                cur.fail(e);
                self.skip_line();
                return;
            }
        };
        cur.tagged = true;
        if name.eq_ignore_ascii_case("FEN") && !value.trim().is_empty() {
            match Position::from_fen_lenient(&value) {
                Ok(start) => cur.visitor.start(start),
                Err(error) => cur.fail(PgnError::Fen { line, error }),
            }
        } else if name.eq_ignore_ascii_case("Result") {
            cur.result_tag = parse_result(value.trim());
        }
        if cur.live() {
            cur.visitor.tag(name, value);
        }
    }

    /// Reads a `{comment}` and hands it to the current game.
    fn comment<V: Visitor>(&mut self, cur: &mut Current<V>) {
        match self.read_comment() {
            Ok(text) if cur.live() => cur.visitor.comment(&text),
            Ok(_) => {}
            // Never closed: it ran to the end of the text or to
            // the next game's tags.
            Err(e) => {
                cur.fail(e);
                cur.cut = true;
            }
        }
    }

    /// A `(`: opens a variation the visitor wants, or skips it whole.
    fn open_variation<V: Visitor>(&mut self, cur: &mut Current<V>) {
        if cur.live() && cur.visitor.begin_variation() {
            cur.open.push(self.line);
            self.bump();
        } else if let Err(e) = self.skip_variation() {
            cur.fail(e);
            cur.cut = true;
        }
    }

    /// A `)` closing an open variation.
    fn close_variation<V: Visitor>(&mut self, cur: &mut Current<V>) {
        cur.open.pop();
        self.bump();
        if cur.live() {
            cur.visitor.end_variation();
        }
    }

    /// A movetext token that is not a result: a NAG, a mark standing
    /// apart, or a move (with its number and marks), read on `line`.
    fn movetext_token<V: Visitor>(cur: &mut Current<V>, token: &str, line: usize) {
        if let Some(nag) = token.strip_prefix('$') {
            if let (true, Some(mark)) = (cur.live(), nag.parse().ok().and_then(Mark::from_nag)) {
                cur.visitor.mark(mark);
            }
            return;
        }
        if let Some(mark) = Mark::from_symbol(token) {
            // A mark standing apart from its move: `炮二平五 !?`.
            if cur.live() {
                cur.visitor.mark(mark);
            }
            return;
        }
        let Some(mv) = move_part(token) else {
            return;
        };
        cur.in_movetext = true;
        if !cur.live() {
            return;
        }
        let suffix = token
            .find(mv)
            .map_or("", |at| &token[at + mv.len()..])
            .trim_start_matches(['+', '#']);
        if let Err(e) = cur.visitor.san(mv, Mark::from_symbol(suffix), token, line) {
            cur.fail(e);
        }
    }
}

/// The move inside a movetext token: drops a leading move number (`12.`,
/// `12...`, full-width `１２．`), NAGs (`$1`) and trailing `!?+#`. `None`
/// if nothing is left.
///
/// # Examples
/// ```
/// use xiangqi::rules::pgn::move_part;
/// assert_eq!(move_part("1.炮二平五"), Some("炮二平五"));
/// assert_eq!(move_part("１．"), None);
/// assert_eq!(move_part("h2e2!"), Some("h2e2"));
/// assert_eq!(move_part("??"), None);
/// assert_eq!(move_part("????"), Some("????"));
/// ```
pub fn move_part(token: &str) -> Option<&str> {
    if token.starts_with('$') {
        return None;
    }
    let digits = token.len()
        - token
            .trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c))
            .len();
    let mut t = token;
    if digits > 0 {
        let rest = &token[digits..];
        let dots = rest.trim_start_matches(['.', '。', '…', '．']);
        if dots.len() < rest.len() || rest.is_empty() {
            t = dots;
        }
    }
    // No move starts with a dot: `1. ... 马８进７` has a lone `...` token.
    let t = t.trim_start_matches(['.', '。', '…', '．']);
    // A run of more than two `?` is no mark (they have at most two): it
    // is a move whose characters were lost, as when GBK text is re-saved
    // as Latin-1, and is reported rather than skipped.
    if t.chars().count() > 2 && t.chars().all(|c| matches!(c, '?' | '？')) {
        return Some(t);
    }
    // Annotations; WXF and ICCS moves end in a digit, so a trailing `+` is a check mark.
    let t = t.trim_end_matches(['!', '?', '+', '#', '！', '？']);
    (!t.is_empty()).then_some(t)
}

/// Writes one game as UTF-8 PGN: tags (`Game`, the file's own tags,
/// `Result`, `FEN` for a non-standard start, `Format`), a blank line, then
/// movetext in `notation` wrapped at 80 columns, ending with the result.
///
/// # Examples
/// ```
/// use xiangqi::rules::{Move, Position};
/// use xiangqi::rules::notation::Notation;
/// use xiangqi::rules::pgn::{PgnGame, write_pgn};
/// let mut g = PgnGame::new(Position::startpos());
/// g.moves.push(Move::from_iccs("h2e2").unwrap());
/// assert!(write_pgn(&g, Notation::Chinese).contains("1. 炮二平五 *"));
/// ```
pub fn write_pgn(game: &PgnGame, notation: Notation) -> String {
    write_pgn_with(game, notation, ChineseStyle::default())
}

/// [`write_pgn`] with a chosen Chinese style (charset, Black's digits).
pub fn write_pgn_with(game: &PgnGame, notation: Notation, style: ChineseStyle) -> String {
    let mut out = String::new();
    let result = game.result.map_or("*", GameResult::pgn);
    let game_tag = game.tag("Game").unwrap_or("Chinese Chess");
    push_tag(&mut out, "Game", game_tag);
    let mut wrote_result = false;
    for (k, v) in &game.tags {
        if ["Game", "FEN", "Format"]
            .iter()
            .any(|n| k.eq_ignore_ascii_case(n))
        {
            continue;
        }
        if k.eq_ignore_ascii_case("Result") {
            push_tag(&mut out, "Result", result);
            wrote_result = true;
        } else {
            push_tag(&mut out, k, v);
        }
    }
    if !wrote_result {
        push_tag(&mut out, "Result", result);
    }
    if game.start != Position::startpos() {
        push_tag(&mut out, "FEN", &game.start.fen());
    }
    push_tag(&mut out, "Format", &notation.to_string());
    out.push('\n');

    let mut tokens = Vec::with_capacity(game.moves.len() * 3 / 2 + 2);
    let mut pos = game.start;
    for (i, &m) in game.moves.iter().enumerate() {
        match pos.side_to_move() {
            Color::Red => tokens.push(format!("{}.", pos.fullmove_number())),
            Color::Black if i == 0 => tokens.push(format!("{}...", pos.fullmove_number())),
            Color::Black => {}
        }
        tokens.push(notation::format_move(&pos, m, notation, style));
        pos.make(m);
    }
    tokens.push(result.to_string());
    let mut col = 0;
    for t in tokens {
        let w = width(&t);
        if col > 0 && col + 1 + w > 80 {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(&t);
        col += w;
    }
    out.push('\n');
    out
}

/// The moves of a game as players paste them into a forum: numbered, in
/// `notation`, on one line, no tags (`1. 炮二平五 马８进７ 2. 马二进三`);
/// a game from another start begins with its `[FEN "…"]` line.
/// Pasted back into the game, the text opens the same game.
///
/// # Examples
/// ```
/// use xiangqi::rules::{Charset, Move, Notation, Position};
/// use xiangqi::rules::pgn::moves_text;
/// let moves = ["h2e2", "h9g7", "h0g2"].map(|m| Move::from_iccs(m).unwrap());
/// let style = Charset::Simplified.into();
/// let text = moves_text(&Position::startpos(), &moves, Notation::Chinese, style);
/// assert_eq!(text, "1. 炮二平五 马８进７ 2. 马二进三");
/// ```
pub fn moves_text(
    start: &Position,
    moves: &[Move],
    notation: Notation,
    style: ChineseStyle,
) -> String {
    let mut tokens = Vec::with_capacity(moves.len() * 3 / 2 + 1);
    let mut pos = *start;
    for (i, &m) in moves.iter().enumerate() {
        match pos.side_to_move() {
            Color::Red => tokens.push(format!("{}.", pos.fullmove_number())),
            Color::Black if i == 0 => tokens.push(format!("{}...", pos.fullmove_number())),
            Color::Black => {}
        }
        tokens.push(notation::format_move(&pos, m, notation, style));
        pos.make(m);
    }
    let line = tokens.join(" ");
    if *start == Position::startpos() {
        line
    } else {
        format!("[FEN \"{}\"]\n\n{line}", start.fen())
    }
}

/// Several games, separated by blank lines.
pub fn write_pgn_games(games: &[PgnGame], notation: Notation, style: ChineseStyle) -> String {
    games
        .iter()
        .map(|g| write_pgn_with(g, notation, style))
        .collect::<Vec<_>>()
        .join("\n")
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    let v: String = value
        .chars()
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            '\n' | '\r' => vec![' '],
            c => vec![c],
        })
        .collect();
    out.push_str(&format!("[{name} \"{v}\"]\n"));
}

/// Display columns: CJK and full-width characters take two.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// Sets `name` to `value` in a tag list, replacing a tag of that name
/// (compared case-insensitively).
pub(crate) fn set_tag(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(k, _)| k.eq_ignore_ascii_case(name)) {
        Some(t) => t.1 = value.to_string(),
        None => tags.push((name.to_string(), value.to_string())),
    }
}
