//! PGN's comments and variations, read into a [`MoveTree`].
//!
//! The PGN reader (`rules::pgn`) reads tags, the start position and the
//! main line, and checks every move; it skips `{comments}` and
//! `(variations)`. Here each game's movetext is read again into a tree. The
//! tree is used only if its main line is exactly the reader's (so a game
//! reads the same moves whichever door it came in by); otherwise, or if a
//! variation holds a bad move, the game keeps its main line alone.

use super::{Format, ImportedGame, MoveTree, NodeId};
use crate::rules::notation::parse_move;
use crate::rules::pgn::{PgnGame, decode, move_part};

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
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"{}();".contains(chars[i]) {
                    i += 1;
                }
                let token: String = chars[start..i].iter().collect();
                if ["1-0", "0-1", "1/2-1/2", "½-½", "*"].contains(&token.as_str()) {
                    continue;
                }
                let Some(mv) = move_part(&token) else {
                    continue;
                };
                let pos = *tree.position(at)?;
                let m = parse_move(&pos, mv).ok()?;
                at = tree.add(at, m).ok()?;
            }
        }
    }
    open.is_empty().then_some(tree)
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
}
