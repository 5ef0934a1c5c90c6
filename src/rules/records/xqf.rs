//! XQF, the binary format of 象棋演播室 (XQStudio): a 1024-byte header with
//! the piece list and GBK strings, then the game tree as a preorder walk of
//! 4-byte move records with optional comments. Version 1.0 (10) is plain;
//! versions 11 and later hide the piece squares, the move squares and the
//! comment lengths behind offsets and a 32-byte key stream derived from
//! header bytes. `docs/records.md` gives the layout byte by byte; the names
//! below follow it.

use super::{
    ImportedGame, MoveTree, NodeId, RecordError, add_move, first_mover, listed_piece, parse_result,
    pgn_date, place, setup,
};
use crate::rules::game::GameResult;
use crate::rules::pgn::move_number_label;
use crate::rules::types::{Move, Piece, Square};

const HEADER: usize = 0x400;
const KEY_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The offsets and key stream a file's header defines (all zero in 1.0).
struct Keys {
    version: u8,
    /// Subtracted from each piece square.
    piece: u8,
    /// Subtracted (after 24) from each from-square.
    from: u8,
    /// Subtracted (after 32) from each to-square.
    to: u8,
    /// Subtracted from each comment length.
    comment: i64,
    stream: [u8; 32],
}

impl Keys {
    fn new(h: &[u8]) -> Keys {
        let version = h[2];
        if version < 11 {
            return Keys {
                version,
                piece: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        // f(x) = 54x² + 221; only the low byte of each product matters.
        let f = |x: u8| -> u32 { 54 * u32::from(x) * u32::from(x) + 221 };
        let piece = (f(h[13]) * u32::from(h[13])) as u8;
        let from = (f(h[14]) * u32::from(piece)) as u8;
        let to = (f(h[15]) * u32::from(from)) as u8;
        let comment = (i64::from(h[12]) * 256 + i64::from(h[13])) % 32000 + 767;
        let signed = |b: u8| i32::from(b as i8);
        let mut key = [0u8; 4];
        for (i, k) in key.iter_mut().enumerate() {
            *k = (signed(h[8 + i]) | (signed(h[12 + i]) & signed(h[3]))) as u8;
        }
        let mut stream = [0u8; 32];
        for (j, s) in stream.iter_mut().enumerate() {
            *s = key[j % 4] & KEY_MASK[j];
        }
        Keys {
            version,
            piece,
            from,
            to,
            comment,
            stream,
        }
    }
}

/// Reads the move records after the header, undoing the key stream.
struct Records<'a> {
    bytes: &'a [u8],
    at: usize,
    /// Bytes decrypted so far (the key stream's position).
    n: usize,
    keys: &'a Keys,
}

impl Records<'_> {
    fn take(&mut self, what: &'static str, len: usize) -> Result<Vec<u8>, RecordError> {
        let end = self.at.checked_add(len).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(RecordError::Truncated {
                what,
                at: self.at,
                needed: len,
                len: self.bytes.len(),
            });
        };
        let out = self.bytes[self.at..end]
            .iter()
            .enumerate()
            .map(|(i, &b)| b.wrapping_sub(self.keys.stream[(self.n + i) % 32]))
            .collect();
        self.n += len;
        self.at = end;
        Ok(out)
    }

    fn at_end(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// One record: squares, "a move follows", "a variation follows", comment.
    fn record(&mut self) -> Result<Record, RecordError> {
        let r = self.take("a move record", 4)?;
        let k = self.keys;
        let (next, alternative, has_comment) = if k.version < 11 {
            (r[2] & 0xF0 != 0, r[2] & 0x0F != 0, true)
        } else {
            (r[2] & 0x80 != 0, r[2] & 0x40 != 0, r[2] & 0x20 != 0)
        };
        let mut comment = String::new();
        if has_comment {
            let len = self.take("a comment length", 4)?;
            let len = i64::from(i32::from_le_bytes([len[0], len[1], len[2], len[3]])) - k.comment;
            // XQStudio reads a length that comes out negative as no comment.
            let len = len.max(0);
            if len as u64 > (self.bytes.len() - self.at) as u64 {
                return Err(RecordError::Truncated {
                    what: "a comment",
                    at: self.at,
                    needed: len as usize,
                    len: self.bytes.len(),
                });
            }
            let text = self.take("a comment", len as usize)?;
            comment = encoding_rs::GBK
                .decode_without_bom_handling(&text)
                .0
                .into_owned();
        }
        Ok(Record {
            from: r[0].wrapping_sub(24).wrapping_sub(k.from),
            to: r[1].wrapping_sub(32).wrapping_sub(k.to),
            next,
            alternative,
            comment,
        })
    }
}

struct Record {
    from: u8,
    to: u8,
    next: bool,
    alternative: bool,
    comment: String,
}

/// `x*10+y` to a square (x = file from Red's left, y = rank from Red's side).
fn square(v: u8) -> Option<Square> {
    (v < 90).then(|| Square::new(v / 10, v % 10)).flatten()
}

/// A length-prefixed GBK string of the header (`len` bytes in all).
fn string(h: &[u8], at: usize, len: usize) -> String {
    let n = usize::from(h[at]).min(len - 1);
    let text = &h[at + 1..at + 1 + n];
    let text = text.split(|&b| b == 0).next().unwrap_or(&[]);
    encoding_rs::GBK
        .decode_without_bom_handling(text)
        .0
        .trim()
        .to_string()
}

/// Reads an XQF file.
pub(super) fn read(bytes: &[u8]) -> Result<ImportedGame, RecordError> {
    let h = header(bytes)?;
    let keys = Keys::new(h);
    let pieces = piece_list(h, &keys);
    let mut rec = Records {
        bytes,
        at: HEADER,
        n: 0,
        keys: &keys,
    };
    let root = rec.record()?;
    let side = side_to_move(&rec, root.next, h, &pieces);
    let start = setup("piece list", &pieces, side)?;
    let mut game = ImportedGame::new(super::Format::Xqf, start);
    game.tree.add_comment(MoveTree::ROOT, &root.comment);
    read_tree(&mut rec, &mut game.tree, root.next)?;
    set_header_tags(&mut game, h);
    Ok(game)
}

/// The 1024-byte header, checked: long enough, a known version, and (when
/// obfuscated) key bytes that add up as they should.
fn header(bytes: &[u8]) -> Result<&[u8], RecordError> {
    if bytes.len() < HEADER {
        return Err(RecordError::Truncated {
            what: "the header",
            at: 0,
            needed: HEADER,
            len: bytes.len(),
        });
    }
    let h = &bytes[..HEADER];
    if h[2] < 10 {
        return Err(RecordError::Version { found: h[2] });
    }
    // The four key bytes of an obfuscated header add up to 0 (mod 256).
    let sum = h[12..16].iter().fold(0u8, |a, &b| a.wrapping_add(b));
    if h[2] >= 11 && sum != 0 {
        return Err(RecordError::Field {
            field: "header".into(),
            why: format!("its key bytes add up to {sum}, not 0 (mod 256): the header is damaged"),
        });
    }
    Ok(h)
}

/// The pieces on the board at the start, from the header's 32 squares
/// (rotated in version 12 and later, offset from version 11).
fn piece_list(h: &[u8], keys: &Keys) -> Vec<(Square, Piece)> {
    let mut raw = [0u8; 32];
    raw.copy_from_slice(&h[0x10..0x30]);
    if keys.version >= 12 {
        for (i, &b) in h[0x10..0x30].iter().enumerate() {
            raw[(usize::from(keys.piece) + 1 + i) % 32] = b;
        }
    }
    let mut pieces: Vec<(Square, Piece)> = Vec::with_capacity(32);
    for (i, &b) in raw.iter().enumerate() {
        if let Some(sq) = square(b.wrapping_sub(keys.piece)) {
            pieces.push((sq, listed_piece(i)));
        }
    }
    pieces
}

/// Who moves first: the owner of the first move's piece (`rec` stands just
/// after the root's record, `has_move` says a move follows), else the
/// header's byte 0x32.
fn side_to_move(
    rec: &Records,
    has_move: bool,
    h: &[u8],
    pieces: &[(Square, Piece)],
) -> crate::rules::Color {
    // Reading the first record again would disturb the key stream, so peek
    // at a copy.
    let first_from = if has_move {
        let mut peek = Records {
            bytes: rec.bytes,
            at: rec.at,
            n: rec.n,
            keys: rec.keys,
        };
        peek.record().ok().and_then(|r| square(r.from))
    } else {
        None
    };
    // With no move to tell, byte 0x32 says who is to move (1 = Black).
    match first_from {
        Some(_) => first_mover(pieces, first_from),
        None if h[0x32] == 1 => crate::rules::Color::Black,
        None => crate::rules::Color::Red,
    }
}

/// The header's strings as PGN tags, and its result byte.
fn set_header_tags(game: &mut ImportedGame, h: &[u8]) {
    let tags = [
        ("Title", string(h, 0x50, 64)),
        ("Event", string(h, 0xD0, 64)),
        ("Date", pgn_date(&string(h, 0x110, 16))),
        ("Site", string(h, 0x120, 16)),
        ("Red", string(h, 0x130, 16)),
        ("Black", string(h, 0x140, 16)),
        ("TimeControl", string(h, 0x150, 64)),
        ("Annotator", string(h, 0x1D0, 16)),
        ("Author", string(h, 0x1E0, 16)),
    ];
    for (k, v) in tags {
        game.set_tag(k, &v);
    }
    game.result = match h[0x33] {
        1 => parse_result("1-0"),
        2 => parse_result("0-1"),
        3 => Some(GameResult::Draw),
        _ => None,
    };
}

/// Reads the records after the root's: each move, then (if flagged) its
/// continuation's subtree, then (if flagged) the alternative to it. An
/// explicit stack stands in for recursion, so depth costs no stack.
fn read_tree(
    rec: &mut Records,
    tree: &mut MoveTree,
    root_has_next: bool,
) -> Result<(), RecordError> {
    // Parents still owed an alternative move, innermost last.
    let mut owed: Vec<NodeId> = Vec::new();
    let mut parent = root_has_next.then_some(MoveTree::ROOT);
    // Variations are numbered in the order they start.
    let mut variation_of: Vec<u32> = vec![0];
    let mut variations = 0u32;
    while let Some(p) = parent {
        if rec.at_end() {
            // Some writers leave the last flags set; the tree ends with the file.
            break;
        }
        let r = rec.record()?;
        let pos = *tree.position(p).unwrap_or(tree.start());
        let branch = if tree.node(p).is_some_and(|n| !n.children.is_empty()) {
            variations += 1;
            variations
        } else {
            variation_of.get(p).copied().unwrap_or(0)
        };
        let (Some(from), Some(to)) = (square(r.from), square(r.to)) else {
            let (what, value) = if square(r.from).is_none() {
                ("from-square", r.from)
            } else {
                ("to-square", r.to)
            };
            return Err(RecordError::Square {
                place: place(branch),
                number: move_number_label(&pos),
                what,
                value: u32::from(value),
            });
        };
        let id = add_move(tree, p, Move::new(from, to), branch)?;
        if variation_of.len() <= id {
            variation_of.resize(id + 1, 0);
        }
        variation_of[id] = branch;
        tree.add_comment(id, &r.comment);
        if r.alternative {
            owed.push(p);
        }
        parent = if r.next { Some(id) } else { owed.pop() };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An XQF 1.0 file: standard pieces, then records (from, to, tag, comment).
    fn xqf10(records: &[(u8, u8, u8, &str)]) -> Vec<u8> {
        let mut b = vec![0u8; HEADER];
        b[0] = b'X';
        b[1] = b'Q';
        b[2] = 10;
        let squares: [u8; 32] = [
            0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83, 9, 19, 29, 39, 49, 59,
            69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
        ];
        b[0x10..0x30].copy_from_slice(&squares);
        b[0x130] = 3;
        b[0x131..0x134].copy_from_slice(b"Lee");
        for &(from, to, tag, comment) in records {
            b.extend([from + 24, to + 32, tag, 0]);
            b.extend((comment.len() as u32).to_le_bytes());
            b.extend(comment.as_bytes());
        }
        b
    }

    #[test]
    fn version_1_0_reads_moves_variations_and_comments() {
        // Root, 1. h2e2 (variation: 1. b2e2), 1... h9g7.
        let file = xqf10(&[
            (0, 0, 0xF0, "start"),
            (72, 42, 0xFF, "central cannon"),
            (79, 67, 0x00, ""),
            (12, 42, 0x00, "the other cannon"),
        ]);
        let g = read(&file).unwrap();
        assert_eq!(g.tree.main_line().len(), 2);
        assert_eq!(g.tree.main_line()[0], Move::from_iccs("h2e2").unwrap());
        assert_eq!(g.tree.variation_count(), 1);
        assert_eq!(g.tree.node(0).unwrap().comment, "start");
        assert_eq!(g.tree.comment_count(), 3);
        assert_eq!(g.tag("Red"), Some("Lee"));
    }

    #[test]
    fn a_bad_square_names_the_move() {
        let file = xqf10(&[(0, 0, 0xF0, ""), (72, 42, 0xF0, ""), (95, 67, 0, "")]);
        let e = read(&file).unwrap_err().to_string();
        assert_eq!(e, "move 1...: from-square 95 is not a point of the board");
    }

    #[test]
    fn an_illegal_move_names_the_move_and_the_reason() {
        let file = xqf10(&[(0, 0, 0xF0, ""), (72, 78, 0, "")]);
        let e = read(&file).unwrap_err().to_string();
        assert!(e.starts_with("move 1 (h2h8): illegal move"), "{e}");
    }

    #[test]
    fn a_damaged_obfuscated_header_is_named() {
        let mut file = xqf10(&[(0, 0, 0, "")]);
        file[2] = 18;
        file[12] = 1;
        let e = read(&file).unwrap_err().to_string();
        assert_eq!(
            e,
            "header: its key bytes add up to 1, not 0 (mod 256): the header is damaged"
        );
    }

    #[test]
    fn with_no_moves_the_header_says_who_moves() {
        let mut file = xqf10(&[(0, 0, 0, "")]);
        assert_eq!(
            read(&file).unwrap().start().side_to_move(),
            crate::rules::Color::Red
        );
        file[0x32] = 1;
        assert_eq!(
            read(&file).unwrap().start().side_to_move(),
            crate::rules::Color::Black
        );
    }

    #[test]
    fn a_short_file_says_where_it_ends() {
        let mut file = xqf10(&[(0, 0, 0xF0, "start")]);
        file.truncate(HEADER + 10);
        let e = read(&file).unwrap_err().to_string();
        assert!(e.contains("ends at byte 1034 inside a comment"), "{e}");
        assert!(
            read(b"XQ\x0a")
                .unwrap_err()
                .to_string()
                .contains("the header")
        );
    }
}
