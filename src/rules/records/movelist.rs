//! Records whose moves are text: plain move lists pasted from pages, and
//! the two formats that wrap one in a header — dpxq.com's plain text and
//! PlayOK's WXF export.
//!
//! A move list may be numbered or not, spaced or run together
//! (`1.兵七进一炮2平32.兵三进一`), with half- or full-width digits, in
//! simplified or traditional characters, in Chinese, WXF or ICCS (with a
//! dash, in capitals). The scanner finds each move by its shape, so it
//! needs no spaces: a Chinese move is four characters (five with a
//! 前/后 designator and a file), an ICCS move two squares, a WXF move a
//! letter and three or four signs. A run of digits is a move number.
//! `{…}` is a comment on the position reached. Anything else is an error
//! that quotes the text, so a broken move is never skipped silently.

use super::{Format, ImportedGame, MoveTree, NodeId, RecordError, parse_result, pgn_date};
use crate::rules::notation::parse_move;
use crate::rules::pgn::move_number_label;
use crate::rules::position::Position;

/// Full-width ASCII to ASCII, the ideographic space to a space.
fn narrow(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        c => c,
    }
}

fn is_piece(c: char) -> bool {
    "帅帥将將仕士相象马馬傌车車俥炮砲包兵卒".contains(c)
}

fn is_number(c: char) -> bool {
    "一二三四五六七八九".contains(c) || ('1'..='9').contains(&c)
}

fn is_action(c: char) -> bool {
    "进進退平".contains(c)
}

fn is_designator(c: char) -> bool {
    "前中后後".contains(c) || "一二三四五".contains(c)
}

/// Length of a Chinese move starting at `v[0]`, if one does.
fn chinese_len(v: &[char]) -> Option<usize> {
    let at = |i: usize| v.get(i).copied().unwrap_or(' ');
    // 前兵九平八: designator, piece, file, action, number.
    if is_designator(at(0))
        && is_piece(at(1))
        && is_number(at(2))
        && is_action(at(3))
        && is_number(at(4))
    {
        return Some(5);
    }
    let four = (is_piece(at(0)) && is_number(at(1)))
        || (is_designator(at(0)) && is_piece(at(1)))
        || ("前中后後".contains(at(0)) && is_number(at(1)));
    (four && is_action(at(2)) && is_number(at(3))).then_some(4)
}

fn is_file_letter(c: char) -> bool {
    ('a'..='i').contains(&c.to_ascii_lowercase())
}

/// Length of an ICCS move (`h2e2`, `H2-E2`) starting at `v[0]`, if one does.
fn iccs_len(v: &[char]) -> Option<usize> {
    let at = |i: usize| v.get(i).copied().unwrap_or(' ');
    if !(is_file_letter(at(0)) && at(1).is_ascii_digit()) {
        return None;
    }
    let second = if at(2) == '-' { 3 } else { 2 };
    (is_file_letter(at(second)) && at(second + 1).is_ascii_digit()).then_some(second + 2)
}

/// Length of a WXF move (`C2.5`, `R+.3`, `+R.3`, `P+9.8`) starting at `v[0]`.
fn wxf_len(v: &[char]) -> Option<usize> {
    let letter = |c: char| "KAEHRCPBNGkaehrcpbng".contains(c);
    let sign = |c: char| matches!(c, '+' | '-' | '.' | '=');
    let fits = |n: usize| -> bool {
        if v.len() < n {
            return false;
        }
        let w = &v[..n];
        let (head, body) = if matches!(w[0], '+' | '-') {
            (letter(w[1]), &w[2..])
        } else {
            (letter(w[0]), &w[1..])
        };
        head && body.len() >= 3
            && body[..body.len() - 2]
                .iter()
                .all(|&c| ('1'..='9').contains(&c) || sign(c) || ('a'..='e').contains(&c))
            && sign(body[body.len() - 2])
            && ('1'..='9').contains(&body[body.len() - 1])
    };
    [5, 4].into_iter().find(|&n| fits(n))
}

/// Reads a move list into `game`'s tree, starting at its root.
fn read_moves(game: &mut ImportedGame, text: &str, first_line: usize) -> Result<(), RecordError> {
    let mut scan = Scanner {
        v: text.chars().map(narrow).collect(),
        raw: text.chars().collect(),
        i: 0,
        line: first_line,
        at: MoveTree::ROOT,
        last_number: String::from("0"),
        game,
    };
    while scan.i < scan.v.len() {
        scan.step()?;
    }
    Ok(())
}

/// A move list being read into a game's main line.
struct Scanner<'a> {
    game: &'a mut ImportedGame,
    /// The text, full-width ASCII narrowed.
    v: Vec<char>,
    /// The text as written, for comments and quotes in errors.
    raw: Vec<char>,
    /// The next character.
    i: usize,
    line: usize,
    /// The node the next move is played from.
    at: NodeId,
    /// The number of the last move played, for errors.
    last_number: String,
}

impl Scanner<'_> {
    /// Reads what starts at `i`: a line end, a separator, a comment, a
    /// move number or result, or a move.
    fn step(&mut self) -> Result<(), RecordError> {
        let c = self.v[self.i];
        if c == '\n' {
            self.line += 1;
            self.i += 1;
        } else if c.is_whitespace() || "，、；;。,|\u{feff}".contains(c) || c == '.' || c == '…'
        {
            self.i += 1;
        } else if c == '{' {
            self.comment()?;
        } else if c.is_ascii_digit() {
            self.number_or_result();
        } else if c == '*' {
            self.i += 1;
        } else {
            self.move_or_word()?;
        }
        Ok(())
    }

    /// A `{…}` comment on the position reached.
    fn comment(&mut self) -> Result<(), RecordError> {
        let i = self.i;
        let end = self.v[i..].iter().position(|&d| d == '}').map(|e| i + e);
        let Some(end) = end else {
            return Err(RecordError::Text {
                line: self.line,
                after: self.last_number.clone(),
                text: "{ (a comment that never ends)".into(),
            });
        };
        let comment: String = self.raw[i + 1..end].iter().collect();
        self.line += comment.matches('\n').count();
        self.game.tree.add_comment(self.at, &comment);
        self.i = end + 1;
        Ok(())
    }

    /// A result (`1-0`, `0-1`, `1/2-1/2`), or else a move number: digits,
    /// the dots after them skipped as separators.
    fn number_or_result(&mut self) {
        let rest: String = self.v[self.i..].iter().take(8).collect();
        if let Some(r) = ["1-0", "0-1", "1/2-1/2"]
            .iter()
            .find(|r| rest.starts_with(**r))
        {
            self.game.result = self.game.result.or(parse_result(r));
            self.i += r.chars().count();
            return;
        }
        while self.i < self.v.len() && self.v[self.i].is_ascii_digit() {
            self.i += 1;
        }
    }

    /// A move in any notation, else a result in words, else an error that
    /// quotes the text.
    fn move_or_word(&mut self) -> Result<(), RecordError> {
        let rest = &self.v[self.i..];
        let len = chinese_len(rest)
            .or_else(|| iccs_len(rest))
            .or_else(|| wxf_len(rest));
        if let Some(len) = len {
            return self.play(len);
        }
        let word: String = self.raw[self.i..]
            .iter()
            .take_while(|c| !c.is_whitespace())
            .take(16)
            .collect();
        if let Some(r) = result_word(&word) {
            self.game.result = self.game.result.or(Some(r.1));
            self.i += r.0;
            return Ok(());
        }
        Err(RecordError::Text {
            line: self.line,
            after: self.last_number.clone(),
            text: word,
        })
    }

    /// Plays the move of `len` characters at `i`.
    fn play(&mut self, len: usize) -> Result<(), RecordError> {
        let i = self.i;
        let token: String = self.v[i..i + len].iter().collect();
        let tree = &mut self.game.tree;
        let pos: Position = *tree.position(self.at).unwrap_or(tree.start());
        let number = move_number_label(&pos);
        let mv = parse_move(&pos, &token).map_err(|error| RecordError::Move {
            place: String::new(),
            number: number.clone(),
            text: self.raw[i..i + len].iter().collect(),
            error,
        })?;
        self.at = super::add_move(tree, self.at, mv, 0)?;
        self.last_number = number;
        self.i += len;
        Ok(())
    }
}

/// A result written in words (红胜, 黑方胜, 和棋, 红先负 …) at the start of
/// `word`: its length in characters and the result.
fn result_word(word: &str) -> Option<(usize, crate::rules::GameResult)> {
    (2..=4)
        .rev()
        .filter(|&n| word.chars().count() >= n)
        .find_map(|n| {
            let w: String = word.chars().take(n).collect();
            let sided = w.starts_with(['红', '紅', '黑']);
            let ends = w.ends_with(['胜', '勝', '负', '負', '和']);
            ((sided && ends) || w == "和棋" || w == "和局")
                .then(|| parse_result(&w).map(|r| (n, r)))
                .flatten()
        })
}

/// Reads a plain move list from the standard start.
pub(super) fn read_plain(text: &str) -> Result<ImportedGame, RecordError> {
    if text.trim().is_empty() {
        return Err(RecordError::Empty);
    }
    let mut game = ImportedGame::new(Format::MoveList, Position::startpos());
    read_moves(&mut game, text, 1)?;
    if game.tree.is_empty() {
        return Err(RecordError::NoMoves);
    }
    Ok(game)
}

/// The header keys of dpxq text and the PGN tags they become.
const DPXQ_KEYS: [(&str, &str); 10] = [
    ("标题", "Title"),
    ("赛事", "Event"),
    ("轮次", "Round"),
    ("布局", "Opening"),
    ("红方", "Red"),
    ("黑方", "Black"),
    ("结果", "Result"),
    ("日期", "Date"),
    ("地点", "Site"),
    ("记时规则", "TimeControl"),
];

/// `键: 值` with an ASCII or full-width colon.
fn key_value(line: &str) -> Option<(&str, &str)> {
    let (k, v) = line.split_once([':', '：'])?;
    let k = k.trim();
    (!k.is_empty() && !k.is_ascii() && k.chars().count() <= 8).then_some((k, v.trim()))
}

/// True if the text opens with dpxq's `键: 值` lines naming the players.
pub(super) fn is_dpxq_header(text: &str) -> bool {
    let keys: Vec<&str> = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .map_while(key_value)
        .map(|(k, _)| k)
        .collect();
    keys.iter()
        .filter(|k| DPXQ_KEYS.iter().any(|(d, _)| d == *k))
        .count()
        >= 2
}

/// Reads dpxq.com's plain text: header lines, a blank line, the moves and
/// the closing `棋谱由 http://www.dpxq.com/ 生成`.
pub(super) fn read_dpxq(text: &str) -> Result<ImportedGame, RecordError> {
    let mut game = ImportedGame::new(Format::DpxqText, Position::startpos());
    let lines: Vec<&str> = text.lines().collect();
    let mut body = 0;
    while body < lines.len() {
        let l = lines[body].trim();
        if l.is_empty() && game.tags.is_empty() {
            body += 1;
            continue;
        }
        let Some((k, v)) = key_value(l) else { break };
        match DPXQ_KEYS.iter().find(|(d, _)| *d == k) {
            Some((_, "Result")) => game.result = parse_result(v),
            Some((_, "Date")) => game.set_tag("Date", &pgn_date(v)),
            Some((_, "Opening")) => match v.split_once(' ') {
                Some((eco, name)) if eco.len() == 3 && eco.is_ascii() => {
                    game.set_tag("ECCO", eco);
                    game.set_tag("Opening", name);
                }
                _ => game.set_tag("Opening", v),
            },
            Some((_, tag)) => game.set_tag(tag, v),
            None => {}
        }
        body += 1;
    }
    let is_footer = |l: &&str| l.contains("dpxq.com") && l.contains("生成");
    let moves: Vec<&str> = lines[body..]
        .iter()
        .map(|l| if is_footer(l) { "" } else { l })
        .collect();
    read_moves(&mut game, &moves.join("\n"), body + 1)?;
    // dpxq.com always ends its text with this line: without it the text
    // stopped somewhere in the header or the moves.
    if !lines[body..].iter().any(is_footer) {
        return Err(RecordError::Cut(format!(
            "no closing line '棋谱由 http://www.dpxq.com/ 生成' after {}",
            match game.main_line().len() {
                0 => "the header".to_string(),
                n => format!("{n} plies"),
            }
        )));
    }
    Ok(game)
}

/// Reads PlayOK's WXF export: `RED name ; rating ;;` header lines, then the
/// moves between `START{` and `}END`.
pub(super) fn read_playok(text: &str) -> Result<ImportedGame, RecordError> {
    // PlayOK always writes both markers: without them the text was cut.
    let Some((head, rest)) = text.split_once("START{") else {
        return Err(RecordError::Cut("no START{ after the header".into()));
    };
    let Some((moves, _)) = rest.split_once("}END") else {
        return Err(RecordError::Cut("no }END after the moves".into()));
    };
    let mut start = Position::startpos();
    let mut tags: Vec<(&str, String)> = Vec::new();
    let mut result = None;
    for line in head.lines() {
        let line = line.trim();
        let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let value = value.trim();
        let field = |n: usize| value.split(';').nth(n).map(str::trim).unwrap_or("");
        match key.to_ascii_uppercase().as_str() {
            "RED" => {
                tags.push(("Red", field(0).to_string()));
                tags.push(("RedElo", field(1).to_string()));
            }
            "BLACK" => {
                tags.push(("Black", field(0).to_string()));
                tags.push(("BlackElo", field(1).to_string()));
            }
            "RESULT" => result = parse_result(value),
            "DATE" => tags.push(("Date", pgn_date(value))),
            "EVENT" => {
                tags.push(("Event", field(0).to_string()));
                tags.push(("TimeControl", field(1).to_string()));
            }
            "FEN" => {
                start = Position::from_fen_lenient(value).map_err(RecordError::Start)?;
            }
            _ => {}
        }
    }
    let mut game = ImportedGame::new(Format::PlayOkWxf, start);
    for (k, v) in tags {
        game.set_tag(k, &v);
    }
    game.result = result;
    read_moves(&mut game, moves, head.lines().count().max(1))?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iccs(text: &str) -> Vec<String> {
        read_plain(text)
            .unwrap()
            .main_line()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    #[test]
    fn every_way_of_writing_the_same_opening_gives_the_same_moves() {
        let want = ["c3c4", "h7g7", "g3g4"];
        for text in [
            "1.兵七进一炮2平32.兵三进一",
            "1. 兵七进一 炮２平３ 2. 兵三进一",
            "１．兵七進一　砲２平３　２．兵三進一",
            "兵七进一 炮8平7 兵三进一",
            "c3c4 h7g7 g3g4",
            "C3-C4 H7-G7 G3-G4",
            "1. P7+1 c8.7 2. P3+1",
            "1.P7+1 c8.7 2.P3+1",
        ] {
            let text = text
                .replace("炮2平3", "炮8平7")
                .replace("炮２平３", "炮８平７")
                .replace("砲２平３", "砲８平７");
            assert_eq!(iccs(&text), want, "{text}");
        }
    }

    #[test]
    fn stray_text_is_an_error_that_quotes_it() {
        let e = read_plain("1. 炮二平五 马８进７ 2. 炮二平 马2进3").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, after move 1...: '炮二平' is not a move"
        );
        let e = read_plain("1. h2e2 h9g7\n2. h0h9").unwrap_err();
        assert!(
            e.to_string().starts_with("move 2 (h0h9): illegal move"),
            "{e}"
        );
        assert_eq!(read_plain(" \n").unwrap_err(), RecordError::Empty);
    }

    #[test]
    fn comments_and_result_words_are_kept() {
        let g = read_plain("{开局} 1. 炮二平五 {中炮} 马８进７ 红胜").unwrap();
        assert_eq!(g.tree.node(0).unwrap().comment, "开局");
        assert_eq!(g.tree.comment_count(), 2);
        assert_eq!(g.result, Some(crate::rules::GameResult::RedWins));
    }
}
