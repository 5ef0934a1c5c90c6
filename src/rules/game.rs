//! A game: a start position, the moves played, a cursor for undo/redo, and
//! the judgement of how it ended (mate, stalemate, repetition with perpetual
//! check/chase, the 60-move rule, bare material, resignation, agreement).

use super::position::{IllegalMove, Position};
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

/// A game record with undo/redo.
#[derive(Clone, Debug)]
pub struct Game {
    /// positions[i] is the position after i moves; moves.len() + 1 entries.
    positions: Vec<Position>,
    moves: Vec<Move>,
    flags: Vec<PlyFlags>,
    cursor: usize,
    /// A resignation or agreed draw, and the ply it happened at.
    declared: Option<(usize, Outcome)>,
}

impl Game {
    /// A new game from a start position.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            flags: Vec::new(),
            cursor: 0,
            declared: None,
        }
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

    /// Plays a move at the cursor, discarding any redo tail.
    ///
    /// # Errors
    /// [`GameError::Illegal`] for an illegal move, [`GameError::Over`] if the game has ended.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        let before = *self.position();
        let mut after = before;
        after.play(m)?;
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.flags.truncate(self.cursor);
        if self.declared.is_some_and(|(ply, _)| ply >= self.cursor) {
            self.declared = None;
        }
        self.flags.push(PlyFlags {
            check: after.in_check(),
            chase: is_chase(&before, m),
        });
        self.positions.push(after);
        self.moves.push(m);
        self.cursor += 1;
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

    /// Hashes of the positions before the cursor's position, oldest first
    /// (for the engine's repetition detection).
    pub fn history_hashes(&self) -> Vec<u64> {
        self.positions[..self.cursor]
            .iter()
            .map(Position::hash)
            .collect()
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
        let pos = self.position();
        let stm = pos.side_to_move();
        if pos.legal_moves().is_empty() {
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
        let cycle = judge_cycle(
            (start..self.cursor).map(|i| (self.positions[i].side_to_move(), self.flags[i])),
        );
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

/// True if playing `m` in `before` is a chase as RULES.md defines it: after
/// the move one of the mover's pieces (not a general or soldier) newly
/// attacks an enemy piece (not the general, not an uncrossed soldier, not a
/// piece of its own kind) that is unprotected — or that it may chase even
/// when protected (horse/cannon on chariot; advisor/elephant on chariot,
/// horse or cannon).
pub fn is_chase(before: &Position, m: Move) -> bool {
    let mover = before.side_to_move();
    let mut after = *before;
    if after.play(m).is_err() {
        return false;
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
            return true;
        }
    }
    false
}

/// After the capture `c` (by the side not to move in `pos`), could the
/// victim's side legally recapture on the square?
fn is_protected(pos: &Position, c: Move) -> bool {
    let attacker_side = pos.side_to_move().flip();
    let mut p = pos.with_side(attacker_side);
    p.make(c);
    p.legal_captures().iter().any(|r| r.to() == c.to())
}
