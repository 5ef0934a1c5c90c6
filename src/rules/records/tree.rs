//! A game tree as records hold it: the main line, the variations branching
//! off it (and off each other), and the comments on positions and moves.
//!
//! Nodes live in one vector and point at each other by index, so a record
//! with a very long line (or a hostile file with a million plies) never
//! recurses on the stack when it is built, walked or dropped. Node 0 is the
//! start position; every other node is a move. A node's first child is its
//! main continuation; later children are alternatives to that first child,
//! in the order the record gives them.

use crate::rules::{IllegalMove, Move, Position};

/// Index of a node in a [`MoveTree`]; [`MoveTree::ROOT`] is the start.
pub type NodeId = usize;

/// One node: the move that led here (none at the root), a comment, children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move from the parent's position; `None` only at the root.
    pub mv: Option<Move>,
    /// The parent; `None` only at the root.
    pub parent: Option<NodeId>,
    /// Text the record attaches here (after the move; at the root, before
    /// the first move). Empty when there is none.
    pub comment: String,
    /// Continuations: the first is the main one, the rest are variations.
    pub children: Vec<NodeId>,
}

/// Why a move cannot be added to a [`MoveTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// The parent is not a node of the tree.
    #[error("node {0} is not in the tree")]
    NoSuchNode(NodeId),
    /// The move is illegal in the parent's position.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A tree of moves from one start position, every move legal where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTree {
    start: Position,
    nodes: Vec<Node>,
    /// The position after each node's move, parallel to `nodes`.
    positions: Vec<Position>,
}

impl MoveTree {
    /// The root: the start position.
    pub const ROOT: NodeId = 0;

    /// A tree with no moves yet.
    pub fn new(start: Position) -> MoveTree {
        MoveTree {
            start,
            nodes: vec![Node {
                mv: None,
                parent: None,
                comment: String::new(),
                children: Vec::new(),
            }],
            positions: vec![start],
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// A node (`None` for an index past the end).
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id)
    }

    /// The position after `id`'s move (the start position at the root).
    pub fn position(&self, id: NodeId) -> Option<&Position> {
        self.positions.get(id)
    }

    /// Number of nodes, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the tree holds no move.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Adds `mv` as the last child of `parent` and returns the new node, or
    /// returns the existing child that already plays `mv` (so two records
    /// of one variation merge).
    ///
    /// # Errors
    /// [`TreeError::Illegal`] if the move is illegal in `parent`'s
    /// position, [`TreeError::NoSuchNode`] if `parent` is not in the tree.
    pub fn add(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, TreeError> {
        let pos = *self
            .positions
            .get(parent)
            .ok_or(TreeError::NoSuchNode(parent))?;
        if let Some(&c) = self.nodes[parent]
            .children
            .iter()
            .find(|&&c| self.nodes[c].mv == Some(mv))
        {
            return Ok(c);
        }
        let mut after = pos;
        after.play(mv)?;
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv: Some(mv),
            parent: Some(parent),
            comment: String::new(),
            children: Vec::new(),
        });
        self.positions.push(after);
        self.nodes[parent].children.push(id);
        Ok(id)
    }

    /// Appends text to a node's comment (a blank line between two parts).
    /// Blank text and unknown nodes are ignored.
    pub fn add_comment(&mut self, id: NodeId, text: &str) {
        let text = text.trim_matches(|c: char| c.is_whitespace() && c != '\u{3000}');
        let text = text.trim_end();
        if text.is_empty() {
            return;
        }
        if let Some(n) = self.nodes.get_mut(id) {
            if !n.comment.is_empty() {
                n.comment.push_str("\n\n");
            }
            n.comment.push_str(text);
        }
    }

    /// The nodes of the main line after the root, following first children.
    pub fn main_line_nodes(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut id = Self::ROOT;
        while let Some(&next) = self.nodes[id].children.first() {
            out.push(next);
            id = next;
        }
        out
    }

    /// The moves of the main line.
    pub fn main_line(&self) -> Vec<Move> {
        self.main_line_nodes()
            .into_iter()
            .filter_map(|id| self.nodes[id].mv)
            .collect()
    }

    /// The moves from the root to `id`.
    pub fn line_to(&self, id: NodeId) -> Vec<Move> {
        let mut out = Vec::new();
        let mut cur = Some(id);
        while let Some(n) = cur.and_then(|i| self.nodes.get(i)) {
            out.extend(n.mv);
            cur = n.parent;
        }
        out.reverse();
        out
    }

    /// Number of plies from the root to `id`.
    pub fn depth(&self, id: NodeId) -> usize {
        let mut d = 0;
        let mut cur = self.nodes.get(id).and_then(|n| n.parent);
        while let Some(p) = cur {
            d += 1;
            cur = self.nodes[p].parent;
        }
        d
    }

    /// Number of variations: children that are not a first child.
    pub fn variation_count(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| n.children.len().saturating_sub(1))
            .sum()
    }

    /// Number of nodes with a comment.
    pub fn comment_count(&self) -> usize {
        self.nodes.iter().filter(|n| !n.comment.is_empty()).count()
    }

    /// Every node's id, in the order a record lists them: a move, then its
    /// main continuation's whole subtree, then the alternatives to it.
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![Self::ROOT];
        while let Some(id) = stack.pop() {
            out.push(id);
            stack.extend(self.nodes[id].children.iter().rev());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn first_children_make_the_main_line_and_later_ones_variations() {
        let mut t = MoveTree::new(Position::startpos());
        let a = t.add(MoveTree::ROOT, mv("h2e2")).unwrap();
        let b = t.add(a, mv("h9g7")).unwrap();
        let alt = t.add(a, mv("b9c7")).unwrap();
        assert_eq!(t.main_line(), vec![mv("h2e2"), mv("h9g7")]);
        assert_eq!(t.line_to(alt), vec![mv("h2e2"), mv("b9c7")]);
        assert_eq!(t.variation_count(), 1);
        assert_eq!(t.depth(b), 2);
        assert_eq!(t.preorder(), vec![0, a, b, alt]);
    }

    #[test]
    fn an_illegal_move_is_refused_and_a_repeated_one_merges() {
        let mut t = MoveTree::new(Position::startpos());
        assert!(matches!(
            t.add(MoveTree::ROOT, mv("h2h8")),
            Err(TreeError::Illegal(_))
        ));
        assert_eq!(t.add(7, mv("h2e2")), Err(TreeError::NoSuchNode(7)));
        let a = t.add(MoveTree::ROOT, mv("h2e2")).unwrap();
        assert_eq!(t.add(MoveTree::ROOT, mv("h2e2")).unwrap(), a);
        assert_eq!(t.len(), 2);
    }

    #[test]
    fn comments_are_trimmed_and_joined() {
        let mut t = MoveTree::new(Position::startpos());
        t.add_comment(MoveTree::ROOT, "  first\r\n");
        t.add_comment(MoveTree::ROOT, " \n ");
        t.add_comment(MoveTree::ROOT, "second");
        assert_eq!(t.node(0).unwrap().comment, "first\n\nsecond");
        assert_eq!(t.comment_count(), 1);
    }
}
