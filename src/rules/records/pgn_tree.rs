//! PGN's comments, marks and variations, read into a [`MoveTree`] and
//! written back out.
//!
//! The PGN reader (`rules::pgn`) reads tags, the start position and the
//! main line, and checks every move; it skips `{comments}`,
//! `(variations)` and NAGs. Here each game's movetext is read again into a
//! tree. The tree is used only if its main line is exactly the reader's (so
//! a game reads the same moves whichever door it came in by); otherwise, or
//! if a variation holds a bad move, the game keeps its main line alone.
//!
//! [`write_tree`] writes a tree as PGN movetext: each move's mark as a NAG
//! (`$1`–`$6`), its comment in braces after it, and the alternatives to a
//! move in parentheses right after that move, nested as deep as the tree.
//! Black's first move in a variation, and after one closes, carries its
//! number (`3...`). Reading that text gives the same tree back.

use super::{Format, ImportedGame, Mark, MoveTree, NodeId};
use crate::rules::notation::{self, ChineseStyle, Notation, parse_move};
use crate::rules::pgn::{PgnGame, decode, move_part};
use crate::rules::{Color, GameResult};

/// The movetext of each game of a PGN text: what follows its tag lines up
/// to the next game's tags.
fn movetexts(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    let mut in_moves = false;
    for line in text.lines() {
        let t = line.trim_start_matches('\u{feff}').trim();
        if t.starts_with('[') && t.ends_with(']') && t.contains('"') {
            if in_moves || current.is_none() {
                out.extend(current.take());
                current = Some(String::new());
                in_moves = false;
            }
            continue;
        }
        if !t.is_empty() {
            in_moves = true;
        }
        let game = current.get_or_insert_with(String::new);
        game.push_str(line);
        game.push('\n');
    }
    out.extend(current);
    out
}

/// Reads one movetext into a tree from `game`'s start, or `None` if a move
/// does not fit or the brackets do not match.
fn tree_of(game: &PgnGame, movetext: &str) -> Option<MoveTree> {
    let mut tree = MoveTree::new(game.start);
    let mut at: NodeId = MoveTree::ROOT;
    // Where each open variation goes back to when it closes.
    let mut open: Vec<NodeId> = Vec::new();
    let chars: Vec<char> = movetext.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '{' => {
                let end = chars[i..].iter().position(|&c| c == '}')? + i;
                let comment: String = chars[i + 1..end].iter().collect();
                tree.add_comment(at, &comment);
                i = end + 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                open.push(at);
                // A variation replaces the move just played.
                at = tree.node(at)?.parent?;
                i += 1;
            }
            ')' => {
                at = open.pop()?;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            // A `}` that closes nothing: skipped, as the main-line reader
            // skips it (a token cannot start with it, so reading one would
            // never move on).
            '}' => i += 1,
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"{}();".contains(chars[i]) {
                    i += 1;
                }
                let token: String = chars[start..i].iter().collect();
                if ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&token.as_str()) {
                    continue;
                }
                if let Some(nag) = token.strip_prefix('$') {
                    if let Some(mark) = nag.parse().ok().and_then(Mark::from_nag) {
                        tree.set_mark(at, Some(mark));
                    }
                    continue;
                }
                if let Some(mark) = Mark::from_symbol(&token) {
                    // A mark standing apart from its move: `炮二平五 !?`.
                    tree.set_mark(at, Some(mark));
                    continue;
                }
                let Some(mv) = move_part(&token) else {
                    continue;
                };
                let pos = *tree.position(at)?;
                let m = parse_move(&pos, mv).ok()?;
                at = tree.add(at, m).ok()?;
                let suffix = token[token.find(mv)? + mv.len()..].trim_start_matches(['+', '#']);
                if let Some(mark) = Mark::from_symbol(suffix) {
                    tree.set_mark(at, Some(mark));
                }
            }
        }
    }
    open.is_empty().then_some(tree)
}

/// What the writer does next.
enum Step {
    /// Write the line that continues after this node.
    Line(NodeId, bool),
    /// Write this node's move (its number always shown), its mark and comment.
    Move(NodeId),
    /// Open or close a variation.
    Text(&'static str),
}

/// A tree as PGN movetext (no tags, no result), tokens separated by single
/// spaces. Comments lose any `}` (PGN has no way to write one inside
/// braces; it becomes `）`).
///
/// Written without recursion, so a hostile record's deep nesting cannot
/// overflow the stack.
///
/// # Examples
/// ```
/// use xiangqi::rules::records::{Mark, MoveTree, write_tree};
/// use xiangqi::rules::notation::{ChineseStyle, Notation};
/// use xiangqi::rules::{Move, Position};
/// let mut t = MoveTree::new(Position::startpos());
/// let a = t.add(MoveTree::ROOT, Move::from_iccs("h2e2").unwrap()).unwrap();
/// t.add(a, Move::from_iccs("h9g7").unwrap()).unwrap();
/// let b = t.add(a, Move::from_iccs("h7e7").unwrap()).unwrap();
/// t.set_mark(b, Some(Mark::Interesting));
/// t.set_comment(b, "the same-direction cannons");
/// assert_eq!(
///     write_tree(&t, Notation::Iccs, ChineseStyle::default()),
///     "1. h2e2 h9g7 (1... h7e7 $5 {the same-direction cannons})"
/// );
/// ```
pub fn write_tree(tree: &MoveTree, notation: Notation, style: ChineseStyle) -> String {
    let mut tokens: Vec<String> = Vec::new();
    if let Some(root) = tree.node(MoveTree::ROOT).filter(|n| !n.comment.is_empty()) {
        tokens.push(comment(&root.comment));
    }
    let mut steps = vec![Step::Line(MoveTree::ROOT, true)];
    while let Some(step) = steps.pop() {
        match step {
            Step::Text(t) => tokens.push(t.to_string()),
            Step::Move(id) => push_move(tree, id, true, notation, style, &mut tokens),
            Step::Line(id, numbered) => {
                let Some(node) = tree.node(id) else { continue };
                // After a comment Black's move shows its number again.
                let numbered = numbered || (id != MoveTree::ROOT && !node.comment.is_empty());
                let Some((&main, alts)) = node.children.split_first() else {
                    continue;
                };
                push_move(tree, main, numbered, notation, style, &mut tokens);
                // After a variation Black's move shows its number again.
                steps.push(Step::Line(main, !alts.is_empty()));
                for &alt in alts.iter().rev() {
                    steps.push(Step::Text(")"));
                    steps.push(Step::Line(alt, false));
                    steps.push(Step::Move(alt));
                    steps.push(Step::Text("("));
                }
            }
        }
    }
    // Parentheses hug what they enclose.
    let mut out = String::new();
    for t in tokens {
        if !out.is_empty() && !out.ends_with('(') && t != ")" {
            out.push(' ');
        }
        out.push_str(&t);
    }
    out
}

fn push_move(
    tree: &MoveTree,
    id: NodeId,
    numbered: bool,
    notation: Notation,
    style: ChineseStyle,
    tokens: &mut Vec<String>,
) {
    let (Some(node), Some(pos)) = (tree.node(id), node_parent_position(tree, id)) else {
        return;
    };
    let Some(mv) = node.mv else { return };
    match pos.side_to_move() {
        Color::Red => tokens.push(format!("{}.", pos.fullmove_number())),
        Color::Black if numbered => tokens.push(format!("{}...", pos.fullmove_number())),
        Color::Black => {}
    }
    tokens.push(notation::format_move(&pos, mv, notation, style));
    if let Some(mark) = node.mark {
        tokens.push(format!("${}", mark.nag()));
    }
    if !node.comment.is_empty() {
        tokens.push(comment(&node.comment));
    }
}

fn node_parent_position(tree: &MoveTree, id: NodeId) -> Option<crate::rules::Position> {
    tree.position(tree.node(id)?.parent?).copied()
}

fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', "）"))
}

/// A whole game as PGN with its variations, comments and marks: the tags
/// (`Game`, the game's own, `Result`, `FEN` for a non-standard start,
/// `Format`), a blank line, the movetext wrapped at 80 columns, the result.
pub fn write_pgn_tree(
    tags: &[(String, String)],
    tree: &MoveTree,
    result: Option<GameResult>,
    notation: Notation,
    style: ChineseStyle,
) -> String {
    // The header is the main-line writer's, so both agree on tags.
    let mut header = PgnGame::new(*tree.start());
    header.tags = tags.to_vec();
    header.result = result;
    let plain = crate::rules::pgn::write_pgn_with(&header, notation, style);
    let head = plain.split("\n\n").next().unwrap_or_default();
    let mut text = write_tree(tree, notation, style);
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(result.map_or("*", GameResult::pgn));
    format!("{head}\n\n{}\n", wrap(&text, 80))
}

/// Breaks text at spaces outside comments so lines stay within `cols`
/// display columns where a token allows (CJK characters count two).
fn wrap(text: &str, cols: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    let mut in_comment = false;
    for word in text.split(' ') {
        let w: usize = word.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
        if !out.is_empty() {
            if !in_comment && col + 1 + w > cols {
                out.push('\n');
                col = 0;
            } else {
                out.push(' ');
                col += 1;
            }
        }
        out.push_str(word);
        col += w;
        for c in word.chars() {
            match c {
                '{' if !in_comment => in_comment = true,
                '}' if in_comment => in_comment = false,
                _ => {}
            }
        }
    }
    out
}

/// The games of a PGN text as imported games, their trees filled in where
/// the movetext allows.
pub(super) fn games(
    bytes: &[u8],
    read: Vec<Result<PgnGame, crate::rules::PgnError>>,
) -> Vec<Result<ImportedGame, crate::rules::PgnError>> {
    let texts = movetexts(&decode(bytes));
    let aligned = texts.len() == read.len();
    read.into_iter()
        .enumerate()
        .map(|(n, g)| {
            let g = g?;
            let mut out = ImportedGame::new(Format::Pgn, g.start);
            out.tags = g.tags.clone();
            out.result = g.result;
            let tree = aligned
                .then(|| tree_of(&g, &texts[n]))
                .flatten()
                .filter(|t| t.main_line() == g.moves);
            out.tree = match tree {
                Some(t) => t,
                None => {
                    let mut t = MoveTree::new(g.start);
                    let mut id = MoveTree::ROOT;
                    for &m in &g.moves {
                        match t.add(id, m) {
                            Ok(next) => id = next,
                            Err(_) => break,
                        }
                    }
                    t
                }
            };
            Ok(out)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pgn::read_pgn_games;

    fn read(text: &str) -> Vec<ImportedGame> {
        games(text.as_bytes(), read_pgn_games(text.as_bytes()))
            .into_iter()
            .map(Result::unwrap)
            .collect()
    }

    #[test]
    fn comments_and_nested_variations_land_in_the_tree() {
        let g = read(
            "[Event \"x\"]\n{before} 1. 炮二平五 {central} 马８进７ (1... 炮８平５ {same} (1... 马２进３) 2. 马二进三) \
             2. 马二进三 ; to the end of the line\n车９平８ 1-0\n",
        );
        let t = &g[0].tree;
        let main: Vec<String> = t.main_line().iter().map(|m| m.to_string()).collect();
        assert_eq!(main, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(t.variation_count(), 2);
        assert_eq!(t.node(0).unwrap().comment, "before");
        assert_eq!(t.comment_count(), 3);
        assert_eq!(t.len(), 8);
    }

    #[test]
    fn each_game_gets_its_own_tree() {
        let g = read("[Round \"1\"]\n1. h2e2 {a} *\n\n[Round \"2\"]\n1. b2e2 (1. h2e2) *\n");
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tree.comment_count(), 1);
        assert_eq!(g[1].tree.variation_count(), 1);
        assert_eq!(g[1].tree.comment_count(), 0);
    }

    #[test]
    fn a_bad_variation_leaves_the_main_line() {
        let g = read("[Event \"x\"]\n1. h2e2 (1. h2h8) h9g7 {kept out} *\n");
        assert_eq!(g[0].main_line().len(), 2);
        assert_eq!(g[0].tree.variation_count(), 0);
        assert_eq!(g[0].tree.comment_count(), 0);
    }

    #[test]
    fn marks_read_from_nags_suffixes_and_loose_tokens() {
        let g = read("[Event \"x\"]\n1. h2e2! $2 h9g7?! (1... h7e7 ！？) 2. h0g2 ?? *\n");
        let t = &g[0].tree;
        let main = t.main_line_nodes();
        // A NAG after a suffix replaces it: the last word stands.
        assert_eq!(t.node(main[0]).unwrap().mark, Some(Mark::Mistake));
        assert_eq!(t.node(main[1]).unwrap().mark, Some(Mark::Dubious));
        assert_eq!(t.node(main[2]).unwrap().mark, Some(Mark::Blunder));
        let alt = t.node(main[0]).unwrap().children[1];
        assert_eq!(t.node(alt).unwrap().mark, Some(Mark::Interesting));
    }

    #[test]
    fn a_written_tree_reads_back_the_same() {
        let text = "[Event \"x\"]\n{before} 1. 炮二平五 $1 {central} 马８进７ (1... 炮８平５ $6 {same} \
                    (1... 马２进３) 2. 马二进三) 2. 马二进三 {a long comment that goes on and on, \
                    longer than one line of eighty columns can hold} 车９平８ 1-0\n";
        let first = read(text).remove(0);
        for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
            let written = first.write_pgn(notation, ChineseStyle::default());
            let again = read(&written).remove(0);
            assert_eq!(again.tree, first.tree, "{notation}:\n{written}");
            assert_eq!(again.result, first.result);
            assert_eq!(again.tag("Event"), Some("x"));
        }
        let iccs = first.write_pgn(Notation::Iccs, ChineseStyle::default());
        assert!(
            iccs.replace('\n', " ").contains(
                "{before} 1. h2e2 $1 {central} 1... h9g7 (1... h7e7 $6 {same} 2. h0g2) (1... b9c7) 2. h0g2 {a long"
            ),
            "{iccs}"
        );
        assert!(
            iccs.lines()
                .all(|l| l.chars().count() <= 80 || l.contains('{')),
            "{iccs}"
        );
    }

    #[test]
    fn a_closing_brace_in_a_comment_cannot_end_it_early() {
        let mut t = MoveTree::new(crate::rules::Position::startpos());
        let a = t
            .add(
                MoveTree::ROOT,
                crate::rules::Move::from_iccs("h2e2").unwrap(),
            )
            .unwrap();
        t.set_comment(a, "see {this} note");
        let s = write_tree(&t, Notation::Iccs, ChineseStyle::default());
        assert_eq!(s, "1. h2e2 {see {this） note}");
    }
}
