//! PGN's comments, marks and variations, read into a [`MoveTree`] and
//! written back out.
//!
//! The PGN tokenizer (`rules::pgn`) reads the text once; the main-line
//! reader's visitor skips `{comments}`, `(variations)` and NAGs, and the
//! visitor here ([`TreeReader`]) keeps them all, so both read the same
//! main line from the same pass. A move of a variation that does not fit
//! ends that variation (the moves before it, the main line and the other
//! variations stay); a main-line move that does not fit is the game's error.
//!
//! A comment's `[%clk h:mm:ss]` notes are read once, into the moves'
//! clocks ([`crate::rules::tree::Node::clock`]); the rest of its text stays
//! the comment.
//!
//! [`write_tree`] writes a tree as PGN movetext: each move's mark as a NAG
//! (`$1`–`$6`), its comment in braces after it (its clock's `[%clk]` note
//! after the text), and the alternatives to a
//! move in parentheses right after that move, nested as deep as the tree.
//! Black's first move in a variation, and after one closes, carries its
//! number (`3...`). Reading that text gives the same tree back.

use super::{Format, ImportedGame, Mark, MoveTree, NodeId, TreeError};
use crate::rules::notation::{self, ChineseStyle, MoveParseError, Notation, parse_move};
use crate::rules::pgn::{self, PgnError, PgnGame, Visitor, move_number_label};
use crate::rules::tree::{Node, format_clk};
use crate::rules::{Color, GameResult, Position};

/// The games of a PGN file's bytes, each read once into its tree.
#[cfg(test)]
fn games(bytes: &[u8]) -> Vec<Result<ImportedGame, PgnError>> {
    pgn::read_games_with(bytes, TreeReader::new)
}

/// The games of a PGN text (decoded), each read once into its tree.
pub(super) fn text_games(text: &str) -> Vec<Result<ImportedGame, PgnError>> {
    pgn::read_text_games_with(text, TreeReader::new)
}

/// The tree reader's visitor: every move, variation, comment and mark.
struct TreeReader {
    game: ImportedGame,
    /// The node the next move is played from.
    at: NodeId,
    /// Where each open variation goes back to when it closes.
    open: Vec<NodeId>,
    /// The innermost variation holds a move that does not fit: the rest
    /// of it is left out (the main line and the other variations stay).
    dead: bool,
}

impl TreeReader {
    fn new() -> TreeReader {
        TreeReader {
            game: ImportedGame::new(Format::Pgn, Position::startpos()),
            at: MoveTree::ROOT,
            open: Vec::new(),
            dead: false,
        }
    }
}

impl Visitor for TreeReader {
    type Output = ImportedGame;

    fn start(&mut self, start: Position) {
        self.game.tree = MoveTree::new(start);
        self.at = MoveTree::ROOT;
    }

    fn tag(&mut self, name: String, value: String) {
        self.game.tags.push((name, value));
    }

    fn san(
        &mut self,
        mv: &str,
        mark: Option<Mark>,
        token: &str,
        line: usize,
    ) -> Result<(), PgnError> {
        if self.dead {
            return Ok(());
        }
        let Some(&pos) = self.game.tree.position(self.at) else {
            return Ok(());
        };
        let added = parse_move(&pos, mv)
            .map_err(|error| PgnError::Move {
                line,
                number: move_number_label(&pos),
                token: token.to_string(),
                error,
            })
            .and_then(|m| {
                // Parsed in this position, so the tree takes it.
                self.game.tree.add(self.at, m).map_err(|e| PgnError::Move {
                    line,
                    number: move_number_label(&pos),
                    token: token.to_string(),
                    error: match e {
                        TreeError::Illegal(i) => MoveParseError::Illegal {
                            mv: i.mv,
                            reason: i.reason,
                        },
                        TreeError::NoSuchNode(_) => MoveParseError::NoSuchMove,
                    },
                })
            });
        match added {
            Ok(id) => {
                self.at = id;
                if mark.is_some() {
                    self.game.tree.set_mark(id, mark);
                }
                Ok(())
            }
            // In a variation: that variation ends here.
            Err(_) if !self.open.is_empty() => {
                self.dead = true;
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    fn mark(&mut self, mark: Mark) {
        if !self.dead {
            self.game.tree.set_mark(self.at, Some(mark));
        }
    }

    fn comment(&mut self, text: &str) {
        if !self.dead {
            self.game.tree.add_comment(self.at, text);
        }
    }

    fn begin_variation(&mut self) -> bool {
        // A variation replaces the move just played; before any move, or
        // inside a variation already left out, there is none to replace.
        let parent = self.game.tree.node(self.at).and_then(|n| n.parent);
        match parent {
            Some(parent) if !self.dead => {
                self.open.push(self.at);
                self.at = parent;
                true
            }
            _ => false,
        }
    }

    fn end_variation(&mut self) {
        if let Some(back) = self.open.pop() {
            self.at = back;
        }
        self.dead = false;
    }

    fn finish(mut self, result: Option<GameResult>) -> ImportedGame {
        self.game.result = result;
        self.game.tree.read_clock_notes();
        self.game
    }
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
                let numbered = numbered || (id != MoveTree::ROOT && note(node).is_some());
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
    if let Some(text) = note(node) {
        tokens.push(comment(&text));
    }
}

/// What a move's braces hold: its comment, then its clock's `[%clk]`
/// note (after a blank line when both are there); `None` for neither.
fn note(node: &Node) -> Option<String> {
    let mut text = node.comment.clone();
    if let Some(left) = node.clock {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str(&format!("[%clk {}]", format_clk(left)));
    }
    (!text.is_empty()).then_some(text)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<ImportedGame> {
        games(text.as_bytes())
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
        // Read in one pass, the rest of the game keeps its comments.
        assert_eq!(g[0].tree.comment_count(), 1);
        // Only the bad variation's rest is left out: the good moves before
        // the bad one, and the other variations, stay.
        let g = read("[Event \"x\"]\n1. h2e2 (1. b2e2 h9g7 2. h2h8 {gone}) (1. c3c4) h9g7 *\n");
        assert_eq!(g[0].main_line().len(), 2);
        assert_eq!(g[0].tree.variation_count(), 2);
        assert_eq!(g[0].tree.len(), 6);
        assert_eq!(g[0].tree.comment_count(), 0);
        // A bad main-line move is the game's error, with its line and token.
        let e = games("[Event \"x\"]\n1. h2e2 (1. b2e2)\nh2h8 *\n".as_bytes()).remove(0);
        assert!(
            e.unwrap_err()
                .to_string()
                .starts_with("line 3, move 1... (h2h8)")
        );
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

    #[test]
    fn clocks_are_read_from_their_notes_and_written_after_the_comment() {
        let g = read(
            "[Event \"x\"]\n1. h2e2 {[%clk 0:09:50] central} h9g7 {[%clk 0:09:55]} \
             (1... h7e7 {same [%clk 0:01:00]}) 2. h0g2 {a} {[%clk 0:09:40]} {b} *\n",
        );
        let t = &g[0].tree;
        let main = t.main_line_nodes();
        let secs = |s| Some(std::time::Duration::from_secs(s));
        let node = |id| t.node(id).unwrap();
        assert_eq!(
            (node(main[0]).clock, node(main[0]).comment.as_str()),
            (secs(590), "central")
        );
        assert_eq!(
            (node(main[1]).clock, node(main[1]).comment.as_str()),
            (secs(595), "")
        );
        assert_eq!(node(main[2]).clock, secs(580));
        assert_eq!(node(main[2]).comment, "a\n\n\n\nb");
        let alt = node(node(main[0]).children[1]);
        assert_eq!((alt.clock, alt.comment.as_str()), (secs(60), "same"));
        // Written as the game has always written them: the note after the
        // comment, a blank line between; a clock alone numbers Black's move.
        let text = write_tree(t, Notation::Iccs, ChineseStyle::default());
        assert_eq!(
            text,
            "1. h2e2 {central\n\n[%clk 0:09:50]} 1... h9g7 {[%clk 0:09:55]} \
             (1... h7e7 {same\n\n[%clk 0:01:00]}) 2. h0g2 {a\n\n\n\nb\n\n[%clk 0:09:40]}"
        );
        assert_eq!(read(&format!("[Event \"x\"]\n{text} *\n"))[0].tree, *t);
    }
}
