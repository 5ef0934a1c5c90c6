//! A game tree as records hold it: the main line, the variations branching
//! off it (and off each other), and the comments on positions and moves.
//!
//! Nodes live in one vector and point at each other by index, so a record
//! with a very long line (or a hostile file with a million plies) never
//! recurses on the stack when it is built, walked or dropped. Node 0 is the
//! start position; every other node is a move. A node's first child is its
//! main continuation; later children are alternatives to that first child,
//! in the order the record gives them.
//!
//! A move's node also carries the clock its record gives it: the time the
//! mover had left after the move, which PGN writes as `[%clk h:mm:ss]`
//! ([`format_clk`], [`parse_clk`]).

use crate::rules::{IllegalMove, Move, Position};
use std::time::Duration;

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
    /// The annotator's mark on the move (`!`, `?`, …).
    pub mark: Option<Mark>,
    /// The time the mover had left on its clock after the move (PGN's
    /// `[%clk h:mm:ss]`); `None` at the root and where the record says none.
    pub clock: Option<Duration>,
}

/// An annotator's mark on a move: PGN's NAGs `$1`–`$6` and the suffixes
/// players write after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// `!` (`$1`).
    Good,
    /// `?` (`$2`).
    Mistake,
    /// `!!` (`$3`).
    Brilliant,
    /// `??` (`$4`).
    Blunder,
    /// `!?` (`$5`).
    Interesting,
    /// `?!` (`$6`).
    Dubious,
}

impl Mark {
    /// Every mark, in NAG order.
    pub const ALL: [Mark; 6] = [
        Mark::Good,
        Mark::Mistake,
        Mark::Brilliant,
        Mark::Blunder,
        Mark::Interesting,
        Mark::Dubious,
    ];

    /// The suffix players write: `!`, `?`, `!!`, `??`, `!?`, `?!`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Good => "!",
            Mark::Mistake => "?",
            Mark::Brilliant => "!!",
            Mark::Blunder => "??",
            Mark::Interesting => "!?",
            Mark::Dubious => "?!",
        }
    }

    /// PGN's numeric annotation glyph, 1–6.
    pub fn nag(self) -> u8 {
        Mark::ALL
            .iter()
            .position(|&m| m == self)
            .map_or(0, |i| i as u8 + 1)
    }

    /// The mark of NAG `n` (`None` for the NAGs that are not move marks).
    pub fn from_nag(n: u32) -> Option<Mark> {
        let i = usize::try_from(n).ok()?.checked_sub(1)?;
        Mark::ALL.get(i).copied()
    }

    /// The mark a suffix spells, full-width `！`/`？` included; `None` for
    /// anything else.
    ///
    /// # Examples
    /// ```
    /// use xiangqi::rules::records::Mark;
    /// assert_eq!(Mark::from_symbol("?!"), Some(Mark::Dubious));
    /// assert_eq!(Mark::from_symbol("！！"), Some(Mark::Brilliant));
    /// assert_eq!(Mark::from_symbol("!!!"), None);
    /// ```
    pub fn from_symbol(s: &str) -> Option<Mark> {
        let half: String = s
            .chars()
            .map(|c| match c {
                '！' => '!',
                '？' => '?',
                c => c,
            })
            .collect();
        Mark::ALL.into_iter().find(|m| m.symbol() == half)
    }
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
///
/// Two trees are equal when they hold the same moves in the same order with
/// the same comments, marks and clocks, however their nodes are numbered.
#[derive(Clone, Debug)]
pub struct MoveTree {
    start: Position,
    nodes: Vec<Node>,
    /// The position after each node's move, parallel to `nodes`.
    positions: Vec<Position>,
}

impl PartialEq for MoveTree {
    fn eq(&self, other: &MoveTree) -> bool {
        if self.start != other.start {
            return false;
        }
        let mut pairs = vec![(Self::ROOT, Self::ROOT)];
        while let Some((a, b)) = pairs.pop() {
            let (x, y) = (&self.nodes[a], &other.nodes[b]);
            if x.mv != y.mv
                || x.comment != y.comment
                || x.mark != y.mark
                || x.clock != y.clock
                || x.children.len() != y.children.len()
            {
                return false;
            }
            pairs.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }
}

impl Eq for MoveTree {}

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
                mark: None,
                clock: None,
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
            mark: None,
            clock: None,
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

    /// Replaces a node's comment (blank text removes it). Unknown nodes are
    /// ignored.
    pub fn set_comment(&mut self, id: NodeId, text: &str) {
        if let Some(n) = self.nodes.get_mut(id) {
            n.comment.clear();
        }
        self.add_comment(id, text);
    }

    /// Sets or clears a move's mark. The root and unknown nodes are ignored.
    pub fn set_mark(&mut self, id: NodeId, mark: Option<Mark>) {
        if let Some(n) = self.nodes.get_mut(id).filter(|n| n.mv.is_some()) {
            n.mark = mark;
        }
    }

    /// Sets or clears the clock after a move (what its mover had left).
    /// The root and unknown nodes are ignored.
    pub fn set_clock(&mut self, id: NodeId, clock: Option<Duration>) {
        if let Some(n) = self.nodes.get_mut(id).filter(|n| n.mv.is_some()) {
            n.clock = clock;
        }
    }

    /// Clears every move's clock.
    pub fn clear_clocks(&mut self) {
        for n in &mut self.nodes {
            n.clock = None;
        }
    }

    /// Reads the `[%clk h:mm:ss]` notes a record wrote into its comments
    /// as the moves' clocks: each comment that holds one loses it (keeping
    /// any other text), and its move gets the time. Records call this once,
    /// as they are read.
    pub(crate) fn read_clock_notes(&mut self) {
        for id in 0..self.nodes.len() {
            if !self.nodes[id].comment.contains("[%clk") {
                continue;
            }
            let comment = std::mem::take(&mut self.nodes[id].comment);
            let clock = parse_clk(&comment);
            self.set_comment(id, &without_clk_notes(&comment));
            if clock.is_some() {
                self.set_clock(id, clock);
            }
        }
    }

    /// The child of `id` that plays `mv`, if there is one.
    pub fn child_with(&self, id: NodeId, mv: Move) -> Option<NodeId> {
        self.nodes
            .get(id)?
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv == Some(mv))
    }

    /// The nodes from the first move to `id` (empty for the root).
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut cur = Some(id);
        while let Some(i) = cur {
            let Some(n) = self.nodes.get(i) else { break };
            if n.mv.is_some() {
                out.push(i);
            }
            cur = n.parent;
        }
        out.reverse();
        out
    }

    /// True when `id` is the root or on the main line.
    pub fn is_main_line(&self, id: NodeId) -> bool {
        let mut cur = id;
        while let Some(p) = self.nodes.get(cur).and_then(|n| n.parent) {
            if self.nodes[p].children.first() != Some(&cur) {
                return false;
            }
            cur = p;
        }
        id < self.nodes.len()
    }

    /// Promotes the variation holding `id` one level: the nearest node on
    /// the way up from `id` that is an alternative becomes its parent's
    /// main continuation, and the old one its first alternative. Returns
    /// false (and changes nothing) when `id` is already on the main line or
    /// not in the tree.
    pub fn promote(&mut self, id: NodeId) -> bool {
        let mut cur = id;
        while let Some(p) = self.nodes.get(cur).and_then(|n| n.parent) {
            let siblings = &mut self.nodes[p].children;
            if let Some(i) = siblings.iter().position(|&c| c == cur).filter(|&i| i > 0) {
                let v = siblings.remove(i);
                siblings.insert(0, v);
                return true;
            }
            cur = p;
        }
        false
    }

    /// Promotes the variation holding `id` until `id` is on the main line.
    pub fn promote_to_main_line(&mut self, id: NodeId) {
        while self.promote(id) {}
    }

    /// Deletes `id` and everything after it; the root cannot be deleted.
    /// Node ids change: the answer maps each old id to its new one (`None`
    /// for the deleted ones), or is `None` when nothing was deleted.
    pub fn remove(&mut self, id: NodeId) -> Option<Vec<Option<NodeId>>> {
        let parent = self.nodes.get(id)?.parent?;
        let mut gone = vec![false; self.nodes.len()];
        let mut stack = vec![id];
        while let Some(i) = stack.pop() {
            gone[i] = true;
            stack.extend(self.nodes[i].children.iter().copied());
        }
        self.nodes[parent].children.retain(|&c| c != id);
        let mut map = vec![None; self.nodes.len()];
        let mut next = 0;
        for (old, g) in gone.iter().enumerate() {
            if !g {
                map[old] = Some(next);
                next += 1;
            }
        }
        let nodes = std::mem::take(&mut self.nodes);
        let positions = std::mem::take(&mut self.positions);
        for ((old, mut n), p) in nodes.into_iter().enumerate().zip(positions) {
            if gone[old] {
                continue;
            }
            n.parent = n.parent.and_then(|q| map[q]);
            n.children = n.children.iter().filter_map(|&c| map[c]).collect();
            self.nodes.push(n);
            self.positions.push(p);
        }
        Some(map)
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

/// `h:mm:ss` for a `[%clk]` note (whole seconds, rounded down).
pub fn format_clk(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The time in a comment's `[%clk h:mm:ss]` (seconds may have a fraction).
pub fn parse_clk(comment: &str) -> Option<Duration> {
    let start = comment.find("[%clk")?;
    let rest = &comment[start + 5..];
    let end = rest.find(']')?;
    let mut total = 0.0f64;
    for part in rest[..end].trim().split(':') {
        let v: f64 = part.trim().parse().ok()?;
        if !(0.0..1e7).contains(&v) {
            return None;
        }
        total = total * 60.0 + v;
    }
    Some(Duration::from_secs_f64(total))
}

/// A comment without its `[%clk …]` notes, trimmed.
fn without_clk_notes(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("[%clk") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find(']').map_or("", |j| &rest[i + j + 1..]);
    }
    out.push_str(rest);
    out.trim().to_string()
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
    fn trees_are_equal_by_content_not_numbering() {
        let mut x = MoveTree::new(Position::startpos());
        let a = x.add(MoveTree::ROOT, mv("h2e2")).unwrap();
        x.add(MoveTree::ROOT, mv("b2e2")).unwrap();
        x.add(a, mv("h9g7")).unwrap();
        let mut y = MoveTree::new(Position::startpos());
        let a2 = y.add(MoveTree::ROOT, mv("h2e2")).unwrap();
        y.add(a2, mv("h9g7")).unwrap();
        let b2 = y.add(MoveTree::ROOT, mv("b2e2")).unwrap();
        assert_eq!(x, y);
        y.set_comment(b2, "differs");
        assert_ne!(x, y);
        y.set_comment(b2, "");
        y.promote(b2);
        assert_ne!(x, y, "the order of continuations matters");
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

    /// A start with `h2e2` and three answers, the last with a follow-up.
    fn branching() -> (MoveTree, [NodeId; 5]) {
        let mut t = MoveTree::new(Position::startpos());
        let a = t.add(MoveTree::ROOT, mv("h2e2")).unwrap();
        let b = t.add(a, mv("h9g7")).unwrap();
        let c = t.add(a, mv("b9c7")).unwrap();
        let d = t.add(a, mv("h7e7")).unwrap();
        let e = t.add(d, mv("h0g2")).unwrap();
        (t, [a, b, c, d, e])
    }

    #[test]
    fn promoting_a_variation_swaps_it_with_the_main_continuation() {
        let (mut t, [a, b, c, d, e]) = branching();
        assert!(!t.is_main_line(e));
        assert!(t.promote(e));
        assert_eq!(t.node(a).unwrap().children, vec![d, b, c]);
        assert!(t.is_main_line(e));
        assert_eq!(t.main_line(), vec![mv("h2e2"), mv("h7e7"), mv("h0g2")]);
        assert!(!t.promote(e), "already on the main line");
        assert!(!t.promote(99));
        t.promote_to_main_line(c);
        assert_eq!(t.node(a).unwrap().children, vec![c, d, b]);
    }

    #[test]
    fn removing_a_variation_drops_its_subtree_and_renumbers_the_rest() {
        let (mut t, [a, b, c, d, _]) = branching();
        t.set_comment(c, "kept");
        let map = t.remove(d).unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(map[d], None);
        assert_eq!(map[5], None, "the follow-up goes with it");
        let (a2, b2, c2) = (map[a].unwrap(), map[b].unwrap(), map[c].unwrap());
        assert_eq!(t.node(a2).unwrap().children, vec![b2, c2]);
        assert_eq!(t.node(c2).unwrap().comment, "kept");
        assert_eq!(
            t.position(c2),
            Some(&{
                let mut p = Position::startpos();
                p.play(mv("h2e2")).unwrap();
                p.play(mv("b9c7")).unwrap();
                p
            })
        );
        assert_eq!(t.node(c2).unwrap().parent, Some(a2));
        assert!(t.remove(MoveTree::ROOT).is_none(), "the start stays");
        assert!(t.remove(42).is_none());
        // Removing the main continuation makes the next alternative main.
        t.remove(b2).unwrap();
        assert_eq!(t.main_line(), vec![mv("h2e2"), mv("b9c7")]);
    }

    #[test]
    fn marks_sit_on_moves_and_read_from_nags_and_suffixes() {
        let (mut t, [a, ..]) = branching();
        t.set_mark(a, Some(Mark::Interesting));
        t.set_mark(MoveTree::ROOT, Some(Mark::Good));
        assert_eq!(t.node(a).unwrap().mark, Some(Mark::Interesting));
        assert_eq!(
            t.node(0).unwrap().mark,
            None,
            "the start has no move to mark"
        );
        for m in Mark::ALL {
            assert_eq!(Mark::from_nag(u32::from(m.nag())), Some(m));
            assert_eq!(Mark::from_symbol(m.symbol()), Some(m));
        }
        assert_eq!(Mark::from_nag(0), None);
        assert_eq!(Mark::from_nag(7), None);
        assert_eq!(Mark::from_symbol("？！"), Some(Mark::Dubious));
    }

    #[test]
    fn paths_and_children_are_found_by_move() {
        let (t, [a, _, c, d, e]) = branching();
        assert_eq!(t.path_to(e), vec![a, d, e]);
        assert!(t.path_to(MoveTree::ROOT).is_empty());
        assert_eq!(t.child_with(a, mv("b9c7")), Some(c));
        assert_eq!(t.child_with(a, mv("a9a8")), None);
    }
}
