//! A game: its record (a move tree whose main line is the moves played), a
//! cursor for undo/redo, and the judgement of how it ended (mate, stalemate, repetition with perpetual
//! check/chase, the 60-move rule, bare material, resignation, agreement).

use super::position::{IllegalMove, IllegalReason, Position};
use super::tree::{Mark, MoveTree, NodeId, TreeError};
use super::types::{Color, Move, PieceKind, Square};
use std::fmt;

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// 1-0.
    RedWins,
    /// 0-1.
    BlackWins,
    /// 1/2-1/2.
    Draw,
}

impl GameResult {
    /// The PGN token.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// A win for `c`.
    pub fn win_for(c: Color) -> GameResult {
        match c {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The points `c` takes from the game: 1 for a win, ½ for a draw,
    /// 0 for a loss.
    pub fn points_for(self, c: Color) -> f64 {
        match self.winner() {
            Some(w) if w == c => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::RedWins => Some(Color::Red),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check with no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check (a loss).
    Stalemate,
    /// `by` checked on every move of a repeating cycle and the other side did not.
    PerpetualCheck {
        /// The side that checked (and loses).
        by: Color,
    },
    /// `by` chased on every move of a repeating cycle, the other side neither checked nor chased.
    PerpetualChase {
        /// The side that chased (and loses).
        by: Color,
    },
    /// A position repeated three times with both sides equally to blame.
    Repetition,
    /// 120 plies without a capture.
    SixtyMoveRule,
    /// Neither side has a chariot, horse, cannon or soldier.
    NoAttackingMaterial,
    /// `by` resigned.
    Resignation {
        /// Who resigned.
        by: Color,
    },
    /// The players agreed a draw.
    AgreedDraw,
    /// `by`'s flag fell (its time ran out) and the other side could still mate: a loss.
    Timeout {
        /// The side whose time ran out.
        by: Color,
    },
    /// `by`'s flag fell but the other side has nothing that can mate: a draw.
    TimeoutDraw {
        /// The side whose time ran out.
        by: Color,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Checkmate => f.write_str("checkmate"),
            Reason::Stalemate => f.write_str("stalemate"),
            Reason::PerpetualCheck { by } => write!(f, "perpetual check by {by}"),
            Reason::PerpetualChase { by } => write!(f, "perpetual chase by {by}"),
            Reason::Repetition => f.write_str("repetition"),
            Reason::SixtyMoveRule => f.write_str("60-move rule"),
            Reason::NoAttackingMaterial => f.write_str("no attacking material"),
            Reason::Resignation { by } => write!(f, "{by} resigns"),
            Reason::AgreedDraw => f.write_str("draw agreed"),
            Reason::Timeout { by } => write!(f, "{by} lost on time"),
            Reason::TimeoutDraw { by } => {
                write!(f, "{by} ran out of time; the other side cannot mate")
            }
        }
    }
}

/// The end of a game: result and reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    /// `1-0 red wins (checkmate)`, `1/2-1/2 draw (60-move rule)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.result.winner() {
            Some(c) => write!(f, "{} {c} wins ({})", self.result.pgn(), self.reason),
            None => write!(f, "{} draw ({})", self.result.pgn(), self.reason),
        }
    }
}

/// What can go wrong playing a move in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move is illegal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The game is already over.
    #[error("the game is over: {0}")]
    Over(Outcome),
}

/// How a ply relates to the repetition rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PlyFlags {
    check: bool,
    chase: bool,
}

/// A game record with undo/redo: the one record of a game.
///
/// The record is a [`MoveTree`]: the moves played are its main line, and
/// the variations, comments and marks hang off it. The positions, the
/// checks and the outcome are derived here from the main line,
/// so they cannot drift from the tree. Playing a move after undo keeps the
/// old continuation as a variation; making a variation the main line
/// ([`Game::promote_to_main_line`]) or deleting one ([`Game::remove`]) is
/// done through the game, which derives the rest again.
#[derive(Clone, Debug)]
pub struct Game {
    tree: MoveTree,
    /// nodes[i] is the tree node of the position after i moves (ROOT first).
    nodes: Vec<NodeId>,
    /// positions[i] is the position after i moves; moves.len() + 1 entries.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// checks[i]: whether move i gave check.
    checks: Vec<bool>,
    cursor: usize,
    /// A resignation or agreed draw, and the ply it happened at.
    declared: Option<(usize, Outcome)>,
}

impl Game {
    /// A new game from a start position.
    pub fn new(start: Position) -> Game {
        Game::from_tree(MoveTree::new(start))
    }

    /// The game whose record is `tree`: its main line is played (up to the
    /// first position the rules end the game in) and the cursor is at the
    /// end of it.
    pub fn from_tree(tree: MoveTree) -> Game {
        let start = *tree.start();
        let mut game = Game {
            tree,
            nodes: vec![MoveTree::ROOT],
            positions: vec![start],
            moves: Vec::new(),
            checks: Vec::new(),
            cursor: 0,
            declared: None,
        };
        game.derive_from(0);
        game.cursor = game.moves.len();
        game
    }

    /// Derives the main line after ply `ply` again from the tree: the
    /// positions, moves and flags past it are dropped and the tree's main
    /// continuation from there is followed, stopping where the rules end
    /// the game (a record cannot continue past a mate or a lost
    /// repetition). The cursor stays where it was, within the line.
    fn derive_from(&mut self, ply: usize) {
        self.derive(ply, false);
    }

    /// [`Game::derive_from`]; `open_at_ply`: the caller has just judged the
    /// position at `ply` and the rules do not end the game there, so it is
    /// not judged twice (each judgement looks back over the repetitions).
    fn derive(&mut self, ply: usize, open_at_ply: bool) {
        let ply = ply.min(self.moves.len());
        let mut known_open = open_at_ply;
        self.nodes.truncate(ply + 1);
        self.positions.truncate(ply + 1);
        self.moves.truncate(ply);
        self.checks.truncate(ply);
        if self.declared.is_some_and(|(at, _)| at > ply) {
            self.declared = None;
        }
        let cursor = self.cursor;
        loop {
            let here = self.nodes[self.nodes.len() - 1];
            let Some(&next) = self.tree.node(here).and_then(|n| n.children.first()) else {
                break;
            };
            let Some(m) = self.tree.node(next).and_then(|n| n.mv) else {
                break;
            };
            self.cursor = self.moves.len();
            // The tree holds only legal moves, so the side to move here has
            // one (`next`): no mate or stalemate to look for.
            if !std::mem::take(&mut known_open) && self.rules_outcome_with(true).is_some() {
                break;
            }
            let Some(&after) = self.tree.position(next) else {
                break;
            };
            // Whether the move chased is worked out only when a cycle is
            // judged: it costs several move generations, and most plies
            // never take part in a repetition.
            self.checks.push(after.in_check());
            self.positions.push(after);
            self.moves.push(m);
            self.nodes.push(next);
        }
        self.cursor = cursor.min(self.moves.len());
    }

    /// The record: main line, variations, comments and marks.
    pub fn tree(&self) -> &MoveTree {
        &self.tree
    }

    /// The record, taken out of the game.
    pub fn into_tree(self) -> MoveTree {
        self.tree
    }

    /// The tree node of the cursor's position.
    pub fn node(&self) -> NodeId {
        self.nodes[self.cursor]
    }

    /// The tree node of the position after `ply` plies of the main line
    /// (the root for 0); `None` past its end.
    pub fn node_at(&self, ply: usize) -> Option<NodeId> {
        self.nodes.get(ply).copied()
    }

    /// The main line's nodes after the root, one a ply.
    pub fn main_line_nodes(&self) -> &[NodeId] {
        &self.nodes[1..]
    }

    /// Sets the comment of a node (blank text removes it).
    pub fn set_comment(&mut self, id: NodeId, text: &str) {
        self.tree.set_comment(id, text);
    }

    /// Appends text to the comment of a node.
    pub fn add_comment(&mut self, id: NodeId, text: &str) {
        self.tree.add_comment(id, text);
    }

    /// Sets or clears the mark of a node's move.
    pub fn set_mark(&mut self, id: NodeId, mark: Option<Mark>) {
        self.tree.set_mark(id, mark);
    }

    /// Adds `mv` after `parent` as a variation (or finds the child that
    /// already plays it) without changing the main line; a move after the
    /// main line's last node extends the main line.
    ///
    /// # Errors
    /// [`TreeError`] when `parent` is not in the tree or the move is illegal there.
    pub fn add_variation(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, TreeError> {
        let id = self.tree.add(parent, mv)?;
        if self.nodes.last() == Some(&parent) {
            self.derive_from(self.nodes.len() - 1);
        }
        Ok(id)
    }

    /// Makes the line through `id` the main line (the game's record); the
    /// cursor stays at its ply where the two lines still agree, otherwise
    /// it goes back to where they part. False when `id` is already on the
    /// main line or not in the tree.
    pub fn promote_to_main_line(&mut self, id: NodeId) -> bool {
        if self.tree.node(id).is_none() || self.tree.is_main_line(id) {
            return false;
        }
        // The first node of the path that was not on the main line.
        let path = self.tree.path_to(id);
        let fork = path
            .iter()
            .position(|n| !self.nodes.contains(n))
            .unwrap_or(path.len());
        self.tree.promote_to_main_line(id);
        // A result declared on the old line no longer applies.
        self.declared = None;
        self.cursor = self.cursor.min(fork);
        self.derive_from(fork);
        true
    }

    /// Deletes `id` and everything after it (the root cannot be deleted).
    /// Node ids change: the answer maps each old id to its new one (`None`
    /// for the deleted ones), or is `None` when nothing was deleted. A
    /// deleted part of the main line ends the game's record before it.
    pub fn remove(&mut self, id: NodeId) -> Option<Vec<Option<NodeId>>> {
        let ply = self.nodes.iter().position(|&n| n == id);
        let map = self.tree.remove(id)?;
        let keep = ply.map_or(self.nodes.len(), |p| p);
        self.nodes.truncate(keep);
        for n in &mut self.nodes {
            *n = map[*n].unwrap_or(MoveTree::ROOT);
        }
        let last = self.nodes.len() - 1;
        self.derive_from(last);
        Some(map)
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The position after `ply` moves (0 = start), if recorded.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// Moves up to the cursor.
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// All recorded moves, including those undone but still redoable.
    pub fn all_moves(&self) -> &[Move] {
        &self.moves
    }

    /// Number of plies up to the cursor.
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// Plays a move at the cursor. The moves after the cursor (undone but
    /// redoable) stay in the record as a variation; if the move is the one
    /// the record already continues with, its continuation becomes the
    /// redo tail again.
    ///
    /// # Errors
    /// [`GameError::Illegal`] for an illegal move, [`GameError::Over`] if the game has ended.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        let here = self.node();
        let child = self.tree.add(here, m).map_err(|e| match e {
            TreeError::Illegal(e) => GameError::Illegal(e),
            // The cursor's node is always in the tree; were it not, the
            // move could not be played from it.
            TreeError::NoSuchNode(_) => GameError::Illegal(IllegalMove {
                mv: m,
                reason: IllegalReason::NoPiece,
            }),
        })?;
        // Every node up to the cursor is on the main line, so this makes
        // `child` its parent's main continuation.
        self.tree.promote(child);
        let ply = self.cursor;
        if self.declared.is_some_and(|(at, _)| at >= ply) {
            self.declared = None;
        }
        // `outcome()` above judged the position at the cursor: open.
        self.derive(ply, true);
        self.cursor = (ply + 1).min(self.moves.len());
        Ok(())
    }

    /// Steps back one ply. False at the start.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Steps forward one ply. False at the end of the record.
    pub fn redo(&mut self) -> bool {
        if self.cursor >= self.moves.len() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// Moves the cursor to `ply` (clamped to the record).
    pub fn goto(&mut self, ply: usize) {
        self.cursor = ply.min(self.moves.len());
    }

    /// Records `by` resigning at the cursor.
    pub fn resign(&mut self, by: Color) {
        self.declared = Some((
            self.cursor,
            Outcome {
                result: GameResult::win_for(by.flip()),
                reason: Reason::Resignation { by },
            },
        ));
    }

    /// Records the flag of the side to move falling at the cursor: a loss,
    /// or a draw when the other side has nothing that can ever mate
    /// (no chariot, horse, cannon or soldier).
    pub fn time_out(&mut self) {
        let pos = self.position();
        let by = pos.side_to_move();
        let outcome = if pos.has_attacking_material(by.flip()) {
            Outcome {
                result: GameResult::win_for(by.flip()),
                reason: Reason::Timeout { by },
            }
        } else {
            Outcome {
                result: GameResult::Draw,
                reason: Reason::TimeoutDraw { by },
            }
        };
        self.declared = Some((self.cursor, outcome));
    }

    /// Records an agreed draw at the cursor.
    pub fn agree_draw(&mut self) {
        self.declared = Some((
            self.cursor,
            Outcome {
                result: GameResult::Draw,
                reason: Reason::AgreedDraw,
            },
        ));
    }

    /// Positions and moves leading to the cursor, for callers that need to
    /// judge repetition themselves (the engine).
    pub fn history(&self) -> (&[Position], &[Move]) {
        (&self.positions[..=self.cursor], &self.moves[..self.cursor])
    }

    /// How the game stands at the cursor: `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some((ply, o)) = self.declared
            && ply == self.cursor
        {
            return Some(o);
        }
        self.rules_outcome()
    }

    /// How the rules end the game at the cursor (mate, stalemate,
    /// repetition, the 60-move rule, bare material), declarations aside.
    fn rules_outcome(&self) -> Option<Outcome> {
        self.rules_outcome_with(false)
    }

    /// [`Game::rules_outcome`]; `has_move`: a legal move is known to exist
    /// at the cursor, so there is no mate or stalemate to look for.
    fn rules_outcome_with(&self, has_move: bool) -> Option<Outcome> {
        let pos = self.position();
        let stm = pos.side_to_move();
        if !has_move && !pos.has_legal_move() {
            let reason = if pos.in_check() {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            };
            return Some(Outcome {
                result: GameResult::win_for(stm.flip()),
                reason,
            });
        }
        if let Some(o) = self.repetition_outcome() {
            return Some(o);
        }
        if pos.halfmove_clock() >= 120 {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: Reason::SixtyMoveRule,
            });
        }
        if !pos.has_attacking_material(Color::Red) && !pos.has_attacking_material(Color::Black) {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: Reason::NoAttackingMaterial,
            });
        }
        None
    }

    /// Judges a third occurrence of the cursor position, if there is one.
    fn repetition_outcome(&self) -> Option<Outcome> {
        self.cycle_outcome(2)
    }

    /// How a draw claim at the cursor stands under the repetition rules:
    /// if the position occurred at least once before (since the last
    /// capture), the cycle since then is judged as a third occurrence would
    /// be (perpetual check or chase loses, otherwise a draw); `None` when
    /// there is no repetition to claim.
    pub fn repetition_claim(&self) -> Option<Outcome> {
        self.cycle_outcome(1)
    }

    /// Judges the cycle since the previous occurrence of the cursor
    /// position once it has occurred `earlier` times before.
    fn cycle_outcome(&self, earlier: usize) -> Option<Outcome> {
        let pos = self.position();
        let h = pos.hash();
        // Captures make earlier positions unreachable, so look back only as
        // far as the last capture.
        let window = (pos.halfmove_clock() as usize).min(self.cursor);
        let earliest = self.cursor - window;
        let mut found = (earliest..self.cursor)
            .rev()
            .filter(|&i| self.positions[i].hash() == h);
        // The repeating cycle: the moves since the previous occurrence.
        let start = found.next()?;
        if found.take(earlier - 1).count() < earlier - 1 {
            return None;
        }
        let cycle = judge_cycle((start..self.cursor).map(|i| {
            let check = self.checks[i];
            // A check counts for a chase too, so a checking move's chase is
            // not needed.
            let chase = !check && is_chase(&self.positions[i], self.moves[i]);
            (self.positions[i].side_to_move(), PlyFlags { check, chase })
        }));
        Some(cycle)
    }
}

/// Level of blame for one side over a cycle: 2 = every move checked,
/// 1 = every move chased, 0 = neither.
fn judge_cycle(plies: impl Iterator<Item = (Color, PlyFlags)>) -> Outcome {
    let mut all_check = [true; 2];
    let mut all_chase = [true; 2];
    let mut moved = [false; 2];
    for (c, f) in plies {
        let i = c.index();
        moved[i] = true;
        all_check[i] &= f.check;
        all_chase[i] &= f.chase || f.check;
    }
    let level = |i: usize| {
        if !moved[i] {
            0
        } else if all_check[i] {
            2
        } else if all_chase[i] {
            1
        } else {
            0
        }
    };
    let (r, b) = (level(0), level(1));
    let (result, reason) = if r > b {
        (GameResult::BlackWins, blame(r, Color::Red))
    } else if b > r {
        (GameResult::RedWins, blame(b, Color::Black))
    } else {
        (GameResult::Draw, Reason::Repetition)
    };
    Outcome { result, reason }
}

fn blame(level: u8, by: Color) -> Reason {
    if level == 2 {
        Reason::PerpetualCheck { by }
    } else {
        Reason::PerpetualChase { by }
    }
}

/// Judges a repetition cycle given, for each ply in order, the mover and
/// whether the move checked and whether it chased. Used by the engine to
/// score repetitions inside the search exactly as a game would end.
pub fn judge_repetition(plies: &[(Color, bool, bool)]) -> Outcome {
    judge_cycle(
        plies
            .iter()
            .map(|&(c, check, chase)| (c, PlyFlags { check, chase })),
    )
}

/// Pieces that may be chased even when protected, given the attacker kind.
fn chased_even_if_protected(attacker: PieceKind, target: PieceKind) -> bool {
    use PieceKind::*;
    match attacker {
        Horse | Cannon => target == Chariot,
        Advisor | Elephant => matches!(target, Chariot | Horse | Cannon),
        _ => false,
    }
}

/// Legal captures by `side` in `pos` regardless of whose turn it is.
fn captures_by(pos: &Position, side: Color) -> Vec<Move> {
    pos.with_side(side).legal_captures().to_vec()
}

/// True if playing `m` in `before` is a chase as docs/RULES.md defines it: after
/// the move one of the mover's pieces (not a general or soldier) newly
/// attacks an enemy piece (not the general, not an uncrossed soldier, not a
/// piece of its own kind) that is unprotected — or that it may chase even
/// when protected (horse/cannon on chariot; advisor/elephant on chariot,
/// horse or cannon).
pub fn is_chase(before: &Position, m: Move) -> bool {
    chased(before, m).is_some()
}

/// The chase `m` makes in `before` (see [`is_chase`]): the point of the
/// chasing piece after the move and the point of the piece it chases (the
/// first found); `None` when the move chases nothing.
pub fn chased(before: &Position, m: Move) -> Option<(Square, Square)> {
    let mover = before.side_to_move();
    let mut after = *before;
    if after.play(m).is_err() {
        return None;
    }
    let attacks_before = captures_by(before, mover);
    for c in captures_by(&after, mover) {
        let (a, t) = (c.from(), c.to());
        let (Some(attacker), Some(target)) = (after.piece_at(a), after.piece_at(t)) else {
            continue;
        };
        if matches!(attacker.kind, PieceKind::General | PieceKind::Soldier)
            || target.kind == PieceKind::General
            || attacker.kind == target.kind
        {
            continue;
        }
        if target.kind == PieceKind::Soldier && !Position::soldier_has_crossed(target.color, t) {
            continue;
        }
        let a_before: Square = if a == m.to() { m.from() } else { a };
        if attacks_before.contains(&Move::new(a_before, t)) {
            continue;
        }
        if chased_even_if_protected(attacker.kind, target.kind) || !is_protected(&after, c) {
            return Some((a, t));
        }
    }
    None
}

/// After the capture `c` (by the side not to move in `pos`), could the
/// victim's side legally recapture on the square?
fn is_protected(pos: &Position, c: Move) -> bool {
    let attacker_side = pos.side_to_move().flip();
    let mut p = pos.with_side(attacker_side);
    p.make(c);
    p.legal_captures().iter().any(|r| r.to() == c.to())
}
