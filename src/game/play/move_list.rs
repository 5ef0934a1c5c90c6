//! The move list's model: what the list in the panel shows, as plain data
//! over the session's move tree (numbered rows of the main line, comments,
//! variations as text with their moves), in the notation the settings
//! choose. The panel's move list draws it.

use crate::game::i18n::Lang;
use crate::game::play::session::Session;
use crate::game::settings::UserSettings;
use crate::rules::notation::{BlackDigits, ChineseStyle, Notation, format_move};
use crate::rules::records::{Mark, MoveTree, NodeId};
use crate::rules::{Charset, Color as Side};
use crate::words::Writing;

/// The notation and characters the list (and the panel's best line) is
/// written in: the chosen notation in the language's own habits — Chinese
/// notation is written in Traditional characters (俥傌炮, 進退平) in
/// Traditional Chinese whatever the pieces show, and in Vietnamese it is
/// the Vietnamese records' notation (`P2-5`, `M8.7`).
pub fn list_style(settings: Option<&UserSettings>) -> (Notation, ChineseStyle) {
    let notation = settings.map_or(Notation::Chinese, |s| s.notation);
    let lang = settings.map_or(Lang::default(), |s| s.lang());
    let charset = settings.map_or(Charset::Simplified, |s| s.charset());
    let writing = Writing::new(lang, notation, charset);
    (
        writing.notation,
        ChineseStyle {
            charset: writing.style.charset,
            black_digits: BlackDigits::FullWidth,
        },
    )
}

/// How the teacher's sentences speak to this player: the shown language,
/// with moves in the list's notation and characters.
pub fn teacher_voice(settings: Option<&UserSettings>, lang: crate::game::i18n::Lang) -> Writing {
    let (notation, style) = list_style(settings);
    Writing {
        lang,
        notation,
        style,
    }
}

/// One entry of the move list: a numbered row of the main line, a
/// variation, or a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListItem {
    /// A numbered row: Red's and Black's main-line moves.
    Row {
        /// The move number.
        number: u32,
        /// Red's move (`None`: "…" when the row starts with Black).
        red: Option<ListMove>,
        /// Black's move.
        black: Option<ListMove>,
    },
    /// A variation off the main line, indented, with the variations inside
    /// it inline in parentheses.
    Variation(Vec<Token>),
    /// The comment after a main-line move (or before the first).
    Comment(String),
}

/// A move in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListMove {
    /// Its tree node.
    pub node: NodeId,
    /// The ply after it, on the main line (0 in a variation).
    pub ply: usize,
    /// The move in the chosen notation.
    pub text: String,
    /// The annotator's mark on it.
    pub mark: Option<Mark>,
}

/// A piece of a variation's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A move number (`3.`, `3…`) or a parenthesis.
    Plain(String),
    /// A move.
    Move(ListMove),
    /// A comment.
    Comment(String),
}

fn list_move(
    tree: &MoveTree,
    id: NodeId,
    ply: usize,
    notation: Notation,
    style: ChineseStyle,
) -> Option<(ListMove, Side, u32)> {
    let node = tree.node(id)?;
    let before = tree.position(node.parent?)?;
    let text = format_move(before, node.mv?, notation, style);
    Some((
        ListMove {
            node: id,
            ply,
            text,
            mark: node.mark,
        },
        before.side_to_move(),
        before.fullmove_number(),
    ))
}

/// The move list of the session: the main line up to the live ply in
/// numbered rows, each move's comment and the variations branching off it
/// after it, in the chosen notation.
pub fn list_items(session: &Session, notation: Notation, style: ChineseStyle) -> Vec<ListItem> {
    let tree = session.tree();
    let mut items = Vec::new();
    if let Some(root) = tree.node(MoveTree::ROOT).filter(|n| !n.comment.is_empty()) {
        items.push(ListItem::Comment(root.comment.clone()));
    }
    let main = tree.main_line_nodes();
    let first = tree.start().fullmove_number();
    for (i, &id) in main.iter().take(session.game.ply()).enumerate() {
        let Some((mv, side, number)) = list_move(tree, id, i + 1, notation, style) else {
            break;
        };
        let number = number.saturating_sub(first) + 1;
        let open_row = matches!(
            items.last(),
            Some(ListItem::Row { number: n, black: None, .. }) if *n == number
        );
        match (side, open_row) {
            (Side::Black, true) => {
                if let Some(ListItem::Row { black, .. }) = items.last_mut() {
                    *black = Some(mv);
                }
            }
            (Side::Black, false) => items.push(ListItem::Row {
                number,
                red: None,
                black: Some(mv),
            }),
            (Side::Red, _) => items.push(ListItem::Row {
                number,
                red: Some(mv),
                black: None,
            }),
        }
        let Some(node) = tree.node(id) else { break };
        if !node.comment.is_empty() {
            items.push(ListItem::Comment(node.comment.clone()));
        }
        let siblings = node
            .parent
            .and_then(|p| tree.node(p))
            .map_or(&[][..], |p| &p.children[..]);
        for &alt in siblings.iter().skip(1) {
            items.push(ListItem::Variation(variation_tokens(
                tree, alt, notation, style,
            )));
        }
    }
    items
}

/// The tokens of the variation starting at `alt`, with the variations
/// inside it in parentheses (as PGN writes them, without recursion).
fn variation_tokens(
    tree: &MoveTree,
    alt: NodeId,
    notation: Notation,
    style: ChineseStyle,
) -> Vec<Token> {
    enum Step {
        Text(&'static str),
        Move(NodeId, bool),
        Line(NodeId, bool),
    }
    let mut out = Vec::new();
    let mut steps = vec![Step::Line(alt, false), Step::Move(alt, true)];
    while let Some(step) = steps.pop() {
        match step {
            Step::Text(t) => out.push(Token::Plain(t.to_string())),
            Step::Move(id, numbered) => {
                let Some((mv, side, number)) = list_move(tree, id, 0, notation, style) else {
                    continue;
                };
                match side {
                    Side::Red => out.push(Token::Plain(format!("{number}."))),
                    Side::Black if numbered => out.push(Token::Plain(format!("{number}…"))),
                    Side::Black => {}
                }
                out.push(Token::Move(mv));
                if let Some(node) = tree.node(id).filter(|n| !n.comment.is_empty()) {
                    out.push(Token::Comment(node.comment.clone()));
                }
            }
            Step::Line(id, numbered) => {
                let Some(node) = tree.node(id) else { continue };
                let numbered = numbered || !node.comment.is_empty();
                let Some((&main, alts)) = node.children.split_first() else {
                    continue;
                };
                steps.push(Step::Line(main, !alts.is_empty()));
                for &a in alts.iter().rev() {
                    steps.push(Step::Text(")"));
                    steps.push(Step::Line(a, false));
                    steps.push(Step::Move(a, true));
                    steps.push(Step::Text("("));
                }
                steps.push(Step::Move(main, numbered));
            }
        }
    }
    out
}
