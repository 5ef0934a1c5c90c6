//! 东萍 DhtmlXQ / UBB records: `[DhtmlXQ_name]value[/DhtmlXQ_name]` tags,
//! as dpxq.com and many Chinese sites publish games, sometimes URL-encoded
//! inside an HTML attribute or escaped inside a JavaScript string.
//!
//! Coordinates are `x` 0–8 from Red's left and `y` 0–9 from the top
//! (Black's back rank is y = 0). `binit` places the 32 pieces, `movelist`
//! is the main line (4 digits a move), `move_P_S_B` is variation B
//! replacing the move at ply S of line P, and `commentN` / `commentB_N`
//! are comments after ply N of the main line / of variation B.

use super::{
    Format, ImportedGame, MoveTree, NodeId, RecordError, add_move, first_mover, listed_piece,
    parse_result, pgn_date, place, setup,
};
use crate::rules::pgn::move_number_label;
use crate::rules::position::Position;
use crate::rules::types::{Move, Piece, Square};
use std::collections::BTreeMap;

/// The tags of a record, by name (lower case, without `DhtmlXQ_`). A
/// value runs to the next tag; a tag whose value is not closed by its own
/// closing tag is left out, unless the text ends inside it: then the
/// record is cut short. One pass over the text, whatever it holds.
fn tags(text: &str) -> Result<BTreeMap<String, String>, RecordError> {
    let mut out = BTreeMap::new();
    let lower = text.to_ascii_lowercase();
    let open = "[dhtmlxq_";
    // Where any DhtmlXQ tag, opening or closing, starts at or after `at`.
    let next_tag = |at: usize| -> usize {
        let mut i = at;
        while let Some(j) = lower[i..].find('[').map(|j| i + j) {
            let rest = &lower[j + 1..];
            if rest.starts_with("dhtmlxq")
                || rest.starts_with("/dhtmlxq")
                || rest.starts_with("\\/dhtmlxq")
            {
                return j;
            }
            i = j + 1;
        }
        lower.len()
    };
    let mut from = 0;
    while let Some(i) = lower[from..].find(open).map(|i| i + from) {
        let name_start = i + open.len();
        let Some(name_len) = lower[name_start..].find(']') else {
            return Err(RecordError::Cut(format!(
                "the text ends inside the tag '{}'",
                shorten(&text[i..])
            )));
        };
        let name = &lower[name_start..name_start + name_len];
        let value_start = name_start + name_len + 1;
        let end = next_tag(value_start);
        let rest = &lower[end..];
        // Inside a JavaScript string the slash may be escaped.
        let close = [format!("[/dhtmlxq_{name}]"), format!("[\\/dhtmlxq_{name}]")]
            .into_iter()
            .find(|c| rest.starts_with(c.as_str()));
        match close {
            Some(c) => {
                out.insert(name.to_string(), text[value_start..end].to_string());
                from = end + c.len();
            }
            None if end == lower.len() => {
                return Err(RecordError::Cut(format!(
                    "[DhtmlXQ_{name}] has no closing [/DhtmlXQ_{name}]"
                )));
            }
            None => from = end,
        }
    }
    Ok(out)
}

/// Every game of a DhtmlXQ text: one per `[DhtmlXQ]…[/DhtmlXQ]` block (a
/// page may hold several), or the whole text when it has no such block.
/// A block without its closing `[/DhtmlXQ]` is cut short.
pub(super) fn read_all(text: &str) -> Vec<Result<ImportedGame, RecordError>> {
    let lower = text.to_ascii_lowercase();
    let decoded;
    let (text, lower) = if !lower.contains("[dhtmlxq") && lower.contains("%5bdhtmlxq") {
        decoded = percent_decode(text);
        (decoded.as_str(), decoded.to_ascii_lowercase())
    } else {
        (text, lower)
    };
    let mut blocks = Vec::new();
    let mut from = 0;
    while let Some(i) = lower[from..].find("[dhtmlxq]").map(|i| i + from) {
        let body = i + "[dhtmlxq]".len();
        let close = ["[/dhtmlxq]", "[\\/dhtmlxq]"]
            .iter()
            .filter_map(|c| lower[body..].find(c).map(|j| (body + j, c.len())))
            .min();
        let Some((end, len)) = close else {
            blocks.push(Err(RecordError::Cut(
                "[DhtmlXQ] has no closing [/DhtmlXQ]".into(),
            )));
            break;
        };
        blocks.push(read(&text[body..end]));
        from = end + len;
    }
    if blocks.is_empty() {
        blocks.push(read(text));
    }
    blocks
}

/// `%5B` → `[` and so on; bytes that do not decode stay as they are.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%'
            && let (Some(h), Some(l)) = (
                b.get(i + 1).and_then(|&c| hex(c)),
                b.get(i + 2).and_then(|&c| hex(c)),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    crate::rules::pgn::decode(&out)
}

/// A DhtmlXQ point `xy` (y from the top) as a square.
fn square(x: u8, y: u8) -> Option<Square> {
    (x < 9 && y < 10).then(|| Square::new(x, 9 - y)).flatten()
}

fn digits(field: &str, value: &str) -> Result<Vec<u8>, RecordError> {
    let v: String = value.chars().filter(|c| !c.is_whitespace()).collect();
    v.chars()
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| RecordError::Field {
            field: field.to_string(),
            why: format!("'{}' is not all digits", shorten(&v)),
        })
}

fn shorten(s: &str) -> String {
    let mut t: String = s.chars().take(24).collect();
    if s.chars().count() > 24 {
        t.push('…');
    }
    t
}

/// The moves of a `movelist` or variation, 4 digits each.
fn moves(field: &str, value: &str) -> Result<Vec<[u8; 4]>, RecordError> {
    let d = digits(field, value)?;
    if d.len() % 4 != 0 {
        return Err(RecordError::Field {
            field: field.to_string(),
            why: format!("{} digits; a move takes 4", d.len()),
        });
    }
    Ok(d.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect())
}

fn pieces(value: &str) -> Result<Vec<(Square, Piece)>, RecordError> {
    let d = digits("binit", value)?;
    if d.len() != 64 {
        return Err(RecordError::Field {
            field: "binit".into(),
            why: format!("{} digits; it needs 64 (32 pieces as xy)", d.len()),
        });
    }
    let mut out = Vec::with_capacity(32);
    for (i, p) in d.chunks(2).enumerate() {
        if let Some(sq) = square(p[0], p[1]) {
            out.push((sq, listed_piece(i)));
        }
    }
    Ok(out)
}

/// Reads a DhtmlXQ record.
pub(super) fn read(text: &str) -> Result<ImportedGame, RecordError> {
    let lower = text.to_ascii_lowercase();
    let text = if !lower.contains("[dhtmlxq") && lower.contains("%5bdhtmlxq") {
        percent_decode(text)
    } else {
        text.to_string()
    };
    let t = tags(&text)?;
    let main = match t.get("movelist") {
        Some(v) => moves("movelist", v)?,
        None => Vec::new(),
    };
    let first_from = main.first().and_then(|m| square(m[0], m[1]));
    let start = start_position(&t, first_from)?;
    let mut game = ImportedGame::new(Format::DhtmlXq, start);

    // Line 0 is the main line; each variation is the nodes of its line
    // from the root, so a later variation can branch off any ply of it.
    let mut lines: BTreeMap<u32, Vec<NodeId>> = BTreeMap::new();
    lines.insert(0, play_line(&mut game.tree, &[MoveTree::ROOT], &main, 0)?);
    place_variations(&mut game.tree, &mut lines, variations(&t)?)?;
    add_comments(&mut game.tree, &t, &lines);
    set_tags(&mut game, &t);
    Ok(game)
}

/// The start position: `binit`'s pieces, or the standard opening (with
/// Black to move when the first move is a Black piece's).
fn start_position(
    t: &BTreeMap<String, String>,
    first_from: Option<Square>,
) -> Result<Position, RecordError> {
    match t.get("binit").map(|v| v.trim()) {
        None | Some("") => {
            let mut p = Position::startpos();
            if let Some(f) = first_from
                && p.piece_at(f).is_some_and(|pc| pc.color != p.side_to_move())
            {
                p = Position::from_fen(&p.fen().replacen(" w ", " b ", 1))
                    .map_err(RecordError::Start)?;
            }
            Ok(p)
        }
        Some(v) => {
            let pieces = pieces(v)?;
            setup("binit", &pieces, first_mover(&pieces, first_from))
        }
    }
}

/// A `move_P_S_B` tag: variation `branch` replacing the move at ply
/// `step` of line `parent`.
struct Variation {
    branch: u32,
    parent: u32,
    step: u32,
    moves: Vec<[u8; 4]>,
}

/// The variations of the record, by branch number.
fn variations(t: &BTreeMap<String, String>) -> Result<Vec<Variation>, RecordError> {
    let mut pending = Vec::new();
    for (name, value) in t {
        if let Some(rest) = name.strip_prefix("move_") {
            let n: Vec<u32> = rest.split('_').filter_map(|s| s.parse().ok()).collect();
            if let [parent, step, branch] = n[..] {
                let moves = moves(&format!("move_{rest}"), value)?;
                pending.push(Variation {
                    branch,
                    parent,
                    step,
                    moves,
                });
            }
        }
    }
    pending.sort_by_key(|v| v.branch);
    Ok(pending)
}

/// Plays each variation off its parent line, adding its line to `lines`.
/// A variation may name a parent with a larger number: place what can be
/// placed until nothing changes.
fn place_variations(
    tree: &mut MoveTree,
    lines: &mut BTreeMap<u32, Vec<NodeId>>,
    mut pending: Vec<Variation>,
) -> Result<(), RecordError> {
    while !pending.is_empty() {
        let before = pending.len();
        let mut rest = Vec::new();
        for v in pending {
            let Some(pline) = lines.get(&v.parent) else {
                rest.push(v);
                continue;
            };
            // Nodes up to ply step - 1 of the parent line, the root first.
            let keep = v.step as usize;
            if v.step == 0 || pline.len() < keep {
                return Err(RecordError::Branch {
                    branch: v.branch,
                    parent: v.parent,
                    ply: v.step,
                });
            }
            let base = pline[..keep].to_vec();
            let line = play_line(tree, &base, &v.moves, v.branch)?;
            lines.insert(v.branch, line);
        }
        if rest.len() == before {
            let v = &rest[0];
            return Err(RecordError::Branch {
                branch: v.branch,
                parent: v.parent,
                ply: v.step,
            });
        }
        pending = rest;
    }
    Ok(())
}

/// Puts each `commentN` / `commentB_N` on its ply; `||` is a line break.
fn add_comments(
    tree: &mut MoveTree,
    t: &BTreeMap<String, String>,
    lines: &BTreeMap<u32, Vec<NodeId>>,
) {
    for (name, value) in t {
        let Some(rest) = name.strip_prefix("comment") else {
            continue;
        };
        let n: Vec<usize> = rest.split('_').filter_map(|s| s.parse().ok()).collect();
        let (line, ply) = match n[..] {
            [ply] => (0, ply),
            [branch, ply] => (branch as u32, ply),
            _ => continue,
        };
        if let Some(&id) = lines.get(&line).and_then(|l| l.get(ply)) {
            tree.add_comment(id, &value.replace("||", "\n"));
        }
    }
}

/// The record's PGN tags and result.
fn set_tags(game: &mut ImportedGame, t: &BTreeMap<String, String>) {
    let get = |k: &str| t.get(k).map(String::as_str).unwrap_or("");
    let open = get("open");
    let (eco, opening) = match open.split_once(' ') {
        Some((code, name))
            if code.len() == 3 && code.starts_with(|c: char| c.is_ascii_uppercase()) =>
        {
            (code, name)
        }
        _ => ("", open),
    };
    for (k, v) in [
        ("Title", get("title").to_string()),
        ("Event", get("event").to_string()),
        ("Round", get("round").to_string()),
        ("Date", pgn_date(get("date"))),
        ("Site", get("place").to_string()),
        ("Red", get("red").to_string()),
        ("Black", get("black").to_string()),
        ("ECCO", eco.to_string()),
        ("Opening", opening.to_string()),
        ("TimeControl", get("timerule").to_string()),
    ] {
        game.set_tag(k, &v);
    }
    game.result = parse_result(get("result"));
}

/// Plays `moves` from the last node of `base` (the nodes from the root to
/// the branching point); returns `base` extended by the new nodes.
fn play_line(
    tree: &mut MoveTree,
    base: &[NodeId],
    moves: &[[u8; 4]],
    line: u32,
) -> Result<Vec<NodeId>, RecordError> {
    let mut nodes = base.to_vec();
    let mut at = *base.last().unwrap_or(&MoveTree::ROOT);
    for m in moves {
        let (Some(from), Some(to)) = (square(m[0], m[1]), square(m[2], m[3])) else {
            let pos = tree.position(at).copied().unwrap_or(*tree.start());
            return Err(RecordError::Move {
                place: place(line),
                number: move_number_label(&pos),
                text: m.iter().map(|d| char::from(b'0' + d)).collect(),
                error: crate::rules::MoveParseError::NoSuchMove,
            });
        };
        at = add_move(tree, at, Move::new(from, to), line)?;
        nodes.push(at);
    }
    Ok(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(body: &str) -> String {
        format!("[DhtmlXQ]\n{body}\n[/DhtmlXQ]")
    }

    #[test]
    fn variations_and_comments_land_on_their_plies() {
        // 1. h2e2 h9g7 2. h0g2; variation 1 replaces ply 2 by b9c7 h0g2,
        // and variation 2 replaces ply 3 of variation 1 by b0c2.
        let text = record(
            "[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]\n\
             [DhtmlXQ_move_0_2_1]10227967[/DhtmlXQ_move_0_2_1]\n\
             [DhtmlXQ_move_1_3_2]1927[/DhtmlXQ_move_1_3_2]\n\
             [DhtmlXQ_comment0]start||here[/DhtmlXQ_comment0]\n\
             [DhtmlXQ_comment1_2]horse[/DhtmlXQ_comment1_2]",
        );
        let g = read(&text).unwrap();
        let iccs: Vec<String> = g.main_line().iter().map(Move::to_string).collect();
        assert_eq!(iccs, ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(g.tree.variation_count(), 2);
        assert_eq!(g.tree.len(), 7);
        assert_eq!(g.tree.node(0).unwrap().comment, "start\nhere");
        let horse = g
            .tree
            .preorder()
            .into_iter()
            .find(|&id| g.tree.node(id).unwrap().comment == "horse");
        let line: Vec<String> = g
            .tree
            .line_to(horse.unwrap())
            .iter()
            .map(Move::to_string)
            .collect();
        assert_eq!(line, ["h2e2", "b9c7"]);
    }

    #[test]
    fn a_variation_off_the_end_of_its_line_is_refused() {
        let text = record(
            "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][DhtmlXQ_move_0_5_1]1022[/DhtmlXQ_move_0_5_1]",
        );
        let e = read(&text).unwrap_err().to_string();
        assert_eq!(
            e,
            "variation 1 branches at ply 5 of line 0, which has no such ply"
        );
    }

    #[test]
    fn tags_close_by_name_and_unclosed_ones_are_left_out() {
        let t = tags(
            "[DhtmlXQ_title]a [b] c[/DhtmlXQ_title][DhtmlXQ_red]x[DhtmlXQ_black]y[\\/DhtmlXQ_black]",
        )
        .unwrap();
        assert_eq!(t.get("title").map(String::as_str), Some("a [b] c"));
        assert_eq!(t.get("red"), None);
        assert_eq!(t.get("black").map(String::as_str), Some("y"));
    }

    #[test]
    fn a_record_cut_short_is_an_error_not_an_empty_game() {
        for cut in [
            "[DhtmlXQ]\n[DhtmlXQ_movelist]77477062",
            "[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n",
            "[DhtmlXQ]\n[DhtmlXQ_title]x[/DhtmlXQ_title]\n[DhtmlXQ_move",
        ] {
            let games = read_all(cut);
            assert_eq!(games.len(), 1, "{cut}");
            let e = games[0].clone().unwrap_err();
            assert!(matches!(e, RecordError::Cut(_)), "{cut}: {e}");
        }
    }

    #[test]
    fn each_block_of_a_page_is_a_game() {
        let page = format!(
            "<p>{}</p><p>{}</p>",
            record("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"),
            record("[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]")
        );
        let games: Vec<ImportedGame> = read_all(&page).into_iter().map(Result::unwrap).collect();
        let plies: Vec<usize> = games.iter().map(|g| g.main_line().len()).collect();
        assert_eq!(plies, [1, 2]);
    }

    #[test]
    fn url_encoded_records_are_read() {
        let text = "<param value=\"%5BDhtmlXQ%5D%5BDhtmlXQ_movelist%5D7747%5B/DhtmlXQ_movelist%5D%5B/DhtmlXQ%5D\">";
        assert_eq!(read(text).unwrap().main_line().len(), 1);
    }

    #[test]
    fn a_bad_movelist_names_the_field() {
        let e = read(&record("[DhtmlXQ_movelist]774[/DhtmlXQ_movelist]")).unwrap_err();
        assert_eq!(e.to_string(), "movelist: 3 digits; a move takes 4");
        let e = read(&record("[DhtmlXQ_movelist]7740[/DhtmlXQ_movelist]")).unwrap_err();
        assert!(
            e.to_string().starts_with("move 1 (h2e9): illegal move"),
            "{e}"
        );
    }
}
