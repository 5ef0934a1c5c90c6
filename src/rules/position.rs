//! The position: a 90-point mailbox, per-colour occupancy bitsets, the two
//! generals' squares and an incrementally updated Zobrist hash.
//!
//! Move generation is pseudo-legal first, then filtered. Most moves cannot
//! possibly expose their own general (they neither start nor end on the
//! general's file or rank, nor leave a horse-leg point next to it), so only
//! the rest are tried on the board and tested with [`Position::is_attacked`]-
//! style ray and jump tests from the general.

use super::tables::{
    ADVISOR, ELEPHANT, HORSE, HORSE_ATTACKERS, KING, RAYS, SOLDIER, SOLDIER_ATTACKERS, Steps,
    is_palace, soldier_crossed,
};
use super::types::{Color, Move, MoveList, Piece, PieceKind, Square};
use super::zobrist::{PIECE_KEYS, SIDE_KEY};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

const fn code(c: Color, k: PieceKind) -> u8 {
    Piece::new(c, k).code()
}

/// A board code's kind, as its [`PieceKind`] index (see [`kind`]).
#[inline]
const fn kind_of(code: u8) -> usize {
    ((code & 7) - 1) as usize
}

/// The kind indices [`kind_of`] gives, named for the move generator's matches.
mod kind {
    use super::PieceKind;
    pub const GENERAL: usize = PieceKind::General as usize;
    pub const ADVISOR: usize = PieceKind::Advisor as usize;
    pub const ELEPHANT: usize = PieceKind::Elephant as usize;
    pub const HORSE: usize = PieceKind::Horse as usize;
    pub const CHARIOT: usize = PieceKind::Chariot as usize;
    pub const CANNON: usize = PieceKind::Cannon as usize;
}

#[inline]
const fn color_of(code: u8) -> usize {
    (code >> 3) as usize
}

#[inline]
const fn bit(sq: usize) -> u128 {
    1u128 << sq
}

/// What [`Position::make`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
    halfmove: u16,
    hash: u64,
}

impl Undo {
    /// The piece the move captured, if any.
    pub fn captured(&self) -> Option<Piece> {
        Piece::from_code(self.captured)
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// Why.
    pub reason: IllegalReason,
}

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalReason {
    /// The from-square is empty.
    #[error("no piece on the from-square")]
    NoPiece,
    /// The piece on the from-square belongs to the side not to move.
    #[error("that piece belongs to the side not to move")]
    WrongColor,
    /// The piece cannot move that way.
    #[error("the piece cannot move there")]
    CannotReach,
    /// The move would leave the mover's general attacked or facing the other.
    #[error("it would leave the general in check")]
    SelfCheck,
}

/// A position: pieces, side to move, clocks and hash. Cheap to copy.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [u8; 90],
    pub(crate) occ: [u128; 2],
    pub(crate) kings: [u8; 2],
    pub(crate) side: Color,
    pub(crate) hash: u64,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u32,
}

impl Position {
    /// An empty board (no generals): the starting point for building positions.
    pub(crate) fn empty() -> Position {
        Position {
            board: [0; 90],
            occ: [0; 2],
            kings: [0; 2],
            side: Color::Red,
            hash: 0,
            halfmove: 0,
            fullmove: 1,
        }
    }

    /// Puts a piece on an empty square (board building only).
    pub(crate) fn put(&mut self, sq: Square, p: Piece) {
        let s = sq.index();
        let c = p.code();
        self.board[s] = c;
        self.occ[p.color.index()] |= bit(s);
        self.hash ^= PIECE_KEYS[c as usize][s];
        if p.kind == PieceKind::General {
            self.kings[p.color.index()] = s as u8;
        }
    }

    /// Sets the side to move (board building only).
    pub(crate) fn set_side(&mut self, c: Color) {
        if self.side != c {
            self.side = c;
            self.hash ^= SIDE_KEY;
        }
    }

    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// Zobrist hash of pieces and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture (the 60-move rule counts 120 of these).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// The move number, starting at 1 and increasing after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Where a side's general stands.
    #[inline]
    pub fn king_square(&self, c: Color) -> Square {
        Square::from_index_unchecked(self.kings[c.index()] as usize)
    }

    /// Occupancy of one colour as a 90-bit set (bit `i` = square index `i`).
    #[inline]
    pub fn occupancy(&self, c: Color) -> u128 {
        self.occ[c.index()]
    }

    /// All pieces of one colour with their squares.
    pub fn pieces(&self, c: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut bb = self.occ[c.index()];
        std::iter::from_fn(move || {
            if bb == 0 {
                return None;
            }
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            Piece::from_code(self.board[s]).map(|p| (Square::from_index_unchecked(s), p))
        })
    }

    /// Number of pieces of a kind and colour on the board.
    pub fn count(&self, c: Color, k: PieceKind) -> u32 {
        let want = code(c, k);
        self.pieces(c).filter(|(_, p)| p.code() == want).count() as u32
    }

    /// True if `c` still has a chariot, horse, cannon or soldier (something
    /// that can ever give mate).
    pub fn has_attacking_material(&self, c: Color) -> bool {
        self.pieces(c).any(|(_, p)| {
            matches!(
                p.kind,
                PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon | PieceKind::Soldier
            )
        })
    }

    /// Recomputes the hash from scratch (for tests of the incremental update).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (s, &c) in self.board.iter().enumerate() {
            h ^= PIECE_KEYS[c as usize][s];
        }
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        h
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// True if `c`'s general is attacked, including by the other general
    /// along an open file.
    pub fn king_attacked(&self, c: Color) -> bool {
        let k = self.kings[c.index()] as usize;
        self.square_attacked_for_check(k, c.flip(), true)
    }

    /// Attack test used for generals: chariots, cannons, horses, soldiers and
    /// (when `flying`) the enemy general along the file. Advisors and
    /// elephants never reach the enemy general, and a general can only be
    /// next to the other in the flying sense, so they are not tested.
    #[inline]
    fn square_attacked_for_check(&self, s: usize, by: Color, flying: bool) -> bool {
        attacked_on_board(&self.board, s, by, flying)
    }

    /// True if any piece of `by` could capture on `sq` (pseudo-legally: pins
    /// are ignored). Generals, advisors and elephants count too.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        let s = sq.index();
        if self.square_attacked_for_check(s, by, false) {
            return true;
        }
        let b = &self.board;
        let near = |steps: &Steps, kind: PieceKind, need_aux: bool| {
            let want = code(by, kind);
            (0..steps.n as usize).any(|i| {
                b[steps.to[i] as usize] == want && (!need_aux || b[steps.aux[i] as usize] == 0)
            })
        };
        // These moves are symmetric, so "from where could it reach s" is the
        // same table as "where can it go from s".
        near(&KING[s], PieceKind::General, false)
            || near(&ADVISOR[s], PieceKind::Advisor, false)
            || near(&ELEPHANT[s], PieceKind::Elephant, true)
    }

    /// Plays a move without any legality check. The move must be legal
    /// (or at least pseudo-legal) in this position.
    #[inline]
    pub fn make(&mut self, m: Move) -> Undo {
        let from = m.from().index();
        let to = m.to().index();
        let piece = self.board[from];
        let captured = self.board[to];
        let undo = Undo {
            captured,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let us = self.side.index();
        self.hash ^= PIECE_KEYS[piece as usize][from] ^ PIECE_KEYS[piece as usize][to] ^ SIDE_KEY;
        if captured != 0 {
            self.hash ^= PIECE_KEYS[captured as usize][to];
            self.occ[us ^ 1] &= !bit(to);
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        self.board[to] = piece;
        self.board[from] = 0;
        self.occ[us] ^= bit(from) | bit(to);
        if kind_of(piece) == kind::GENERAL {
            self.kings[us] = to as u8;
        }
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        undo
    }

    /// Takes back a move made with [`Position::make`].
    #[inline]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        self.side = self.side.flip();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        let from = m.from().index();
        let to = m.to().index();
        let piece = self.board[to];
        let us = self.side.index();
        self.board[from] = piece;
        self.board[to] = undo.captured;
        self.occ[us] ^= bit(from) | bit(to);
        if undo.captured != 0 {
            self.occ[us ^ 1] |= bit(to);
        }
        if kind_of(piece) == kind::GENERAL {
            self.kings[us] = from as u8;
        }
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }

    /// Passes the turn (for null-move pruning). Never call it in check.
    pub fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: 0,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        self.hash ^= SIDE_KEY;
        self.side = self.side.flip();
        undo
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self, undo: Undo) {
        self.side = self.side.flip();
        self.hash = undo.hash;
        self.halfmove = undo.halfmove;
    }

    /// The piece a move would capture.
    #[inline]
    pub fn captured_by(&self, m: Move) -> Option<Piece> {
        Piece::from_code(self.board[m.to().index()])
    }

    /// Pseudo-legal moves (legal except for leaving one's own general attacked).
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list);
        list
    }

    fn generate<const CAPTURES: bool>(&self, list: &mut MoveList) {
        let us = self.side.index();
        let b = &self.board;
        let mut bb = self.occ[us];
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let fsq = Square::from_index_unchecked(from);
            let piece = b[from];
            let mut push = |to: usize| {
                let t = b[to];
                if t == 0 {
                    if !CAPTURES {
                        list.push(Move::new(fsq, Square::from_index_unchecked(to)));
                    }
                } else if color_of(t) != us {
                    list.push(Move::new(fsq, Square::from_index_unchecked(to)));
                }
            };
            match kind_of(piece) {
                kind::GENERAL => steps(&KING[from], &mut push),
                kind::ADVISOR => steps(&ADVISOR[from], &mut push),
                kind::ELEPHANT => steps_aux(&ELEPHANT[from], b, &mut push),
                kind::HORSE => steps_aux(&HORSE[from], b, &mut push),
                kind::CHARIOT => {
                    for ray in &RAYS[from] {
                        for &s in &ray.sq[..ray.n as usize] {
                            let s = s as usize;
                            push(s);
                            if b[s] != 0 {
                                break;
                            }
                        }
                    }
                }
                kind::CANNON => {
                    for ray in &RAYS[from] {
                        let squares = &ray.sq[..ray.n as usize];
                        let mut i = 0;
                        while i < squares.len() && b[squares[i] as usize] == 0 {
                            if !CAPTURES {
                                push(squares[i] as usize);
                            }
                            i += 1;
                        }
                        // squares[i] is the screen; the first piece beyond it
                        // is the only thing a cannon can capture.
                        i += 1;
                        while i < squares.len() {
                            let s = squares[i] as usize;
                            if b[s] != 0 {
                                if color_of(b[s]) != us {
                                    push(s);
                                }
                                break;
                            }
                            i += 1;
                        }
                    }
                }
                // The soldier.
                _ => steps(&SOLDIER[us][from], &mut push),
            }
        }
    }

    /// True if playing `m` (pseudo-legal) leaves the mover's general safe.
    ///
    /// When the mover is not in check, a move can only expose its general
    /// along a line through the general (uncovering a chariot, the other
    /// general, or a cannon by removing or adding a screen) or by freeing a
    /// horse's leg next to it. A move that neither starts nor ends on the
    /// general's file or rank nor leaves a leg point is accepted at once;
    /// for the rest only those lines and legs are re-tested.
    ///
    /// `in_check` must be `self.in_check()` (the search already knows it).
    /// Pair it with [`Position::is_pseudo_legal`] to validate a hash move.
    #[inline]
    pub fn leaves_general_safe(&self, m: Move, in_check: bool) -> bool {
        let us = self.side;
        let them = us.flip();
        let k = self.kings[us.index()] as usize;
        let from = m.from().index();
        let to = m.to().index();
        let (kf, kr) = (k % 9, k / 9);
        let leg = (from % 9).abs_diff(kf) == 1 && (from / 9).abs_diff(kr) == 1;
        if !in_check && !leg && from % 9 != kf && from / 9 != kr && to % 9 != kf && to / 9 != kr {
            return true;
        }
        let mut b = self.board;
        b[to] = b[from];
        b[from] = 0;
        if in_check || from == k {
            let k = if from == k { to } else { k };
            return !attacked_on_board(&b, k, them, true);
        }
        if let Some(d) = direction(k, from)
            && ray_attacked(&b, k, d, them)
        {
            return false;
        }
        if let Some(d) = direction(k, to)
            && ray_attacked(&b, k, d, them)
        {
            return false;
        }
        if leg {
            // `from` was a horse leg: test the two jumps through it.
            let horse = code(them, PieceKind::Horse);
            let h = &HORSE_ATTACKERS[k];
            for i in 0..h.n as usize {
                if h.aux[i] as usize == from && b[h.to[i] as usize] == horse {
                    return false;
                }
            }
        }
        true
    }

    /// True if `m`, the move just played to reach this position (so by the
    /// side not to move), gives check. Cheaper than [`Position::in_check`]:
    /// a move can only check with the piece it moved (a horse or soldier
    /// now next to the general, a chariot or cannon on its line), by opening
    /// a line through the general (discovered chariot, cannon or general)
    /// or a horse leg next to it, or by becoming a cannon's screen; so only
    /// the one or two lines through `from` and `to`, the horse jumps and the
    /// soldier steps are examined.
    #[inline]
    pub fn last_move_checks(&self, m: Move) -> bool {
        let b = &self.board;
        let them = self.side;
        let us = them.flip();
        let k = self.kings[them.index()] as usize;
        let (from, to) = (m.from().index(), m.to().index());
        let moved = b[to];
        if moved == code(us, PieceKind::Horse) {
            let h = &HORSE_ATTACKERS[k];
            for i in 0..h.n as usize {
                if h.to[i] as usize == to && b[h.aux[i] as usize] == 0 {
                    return true;
                }
            }
        } else if moved == code(us, PieceKind::Soldier) {
            let p = &SOLDIER_ATTACKERS[us.index()][k];
            if p.to[..p.n as usize].iter().any(|&s| s as usize == to) {
                return true;
            }
        }
        let from_dir = direction(k, from);
        if let Some(d) = from_dir
            && ray_attacked(b, k, d, us)
        {
            return true;
        }
        if let Some(d) = direction(k, to)
            && Some(d) != from_dir
            && ray_attacked(b, k, d, us)
        {
            return true;
        }
        let (kf, kr) = (k % 9, k / 9);
        if (from % 9).abs_diff(kf) == 1 && (from / 9).abs_diff(kr) == 1 {
            // `from` was a horse leg next to the general.
            let horse = code(us, PieceKind::Horse);
            let h = &HORSE_ATTACKERS[k];
            for i in 0..h.n as usize {
                if h.aux[i] as usize == from && b[h.to[i] as usize] == horse {
                    return true;
                }
            }
        }
        false
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list);
        let in_check = self.in_check();
        list.retain(|m| self.leaves_general_safe(m, in_check));
        list
    }

    /// Legal captures only (for quiescence search).
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<true>(&mut list);
        let in_check = self.in_check();
        list.retain(|m| self.leaves_general_safe(m, in_check));
        list
    }

    /// True if the side to move has a legal move (no mate, no stalemate):
    /// stops at the first one, so judging a position costs a fraction of
    /// generating them all.
    pub fn has_legal_move(&self) -> bool {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list);
        let in_check = self.in_check();
        list.iter().any(|&m| self.leaves_general_safe(m, in_check))
    }

    /// Number of legal moves (perft's last ply).
    pub fn count_legal(&self) -> usize {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list);
        let in_check = self.in_check();
        let mut n = 0;
        for &m in list.iter() {
            n += self.leaves_general_safe(m, in_check) as usize;
        }
        n
    }

    /// Appends every pseudo-legal move to `list` (the search's fast door:
    /// no legality filter, no allocation). Check each move with
    /// [`Position::leaves_general_safe`] before playing it.
    #[inline]
    pub fn generate_pseudo(&self, list: &mut MoveList) {
        self.generate::<false>(list);
    }

    /// Appends the pseudo-legal captures to `list` (for quiescence search).
    #[inline]
    pub fn generate_pseudo_captures(&self, list: &mut MoveList) {
        self.generate::<true>(list);
    }

    /// True if `m` is pseudo-legal here: the mover's piece can make that step
    /// given the other pieces (ignoring checks).
    pub fn is_pseudo_legal(&self, m: Move) -> bool {
        let from = m.from().index();
        let to = m.to().index();
        let p = self.board[from];
        if p == 0 || color_of(p) != self.side.index() || from == to {
            return false;
        }
        let t = self.board[to];
        if t != 0 && color_of(t) == self.side.index() {
            return false;
        }
        let b = &self.board;
        let in_steps = |st: &Steps, aux: bool| {
            (0..st.n as usize)
                .any(|i| st.to[i] as usize == to && (!aux || b[st.aux[i] as usize] == 0))
        };
        match kind_of(p) {
            kind::GENERAL => in_steps(&KING[from], false),
            kind::ADVISOR => in_steps(&ADVISOR[from], false),
            kind::ELEPHANT => in_steps(&ELEPHANT[from], true),
            kind::HORSE => in_steps(&HORSE[from], true),
            kind::CHARIOT | kind::CANNON => {
                // Chariot or cannon: count pieces strictly between.
                let (ff, fr, tf, tr) = (from % 9, from / 9, to % 9, to / 9);
                if ff != tf && fr != tr {
                    return false;
                }
                // A chariot, or a cannon moving without capturing, needs a
                // clear line; a capturing cannon needs exactly one screen.
                let screens = if kind_of(p) == kind::CANNON && t != 0 {
                    1
                } else {
                    0
                };
                between_count(b, from, to) == screens
            }
            // The soldier.
            _ => in_steps(&SOLDIER[self.side.index()][from], false),
        }
    }

    /// True if `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_pseudo_legal(m) && self.leaves_general_safe(m, self.in_check())
    }

    /// Plays a move after checking it (the door for user input).
    ///
    /// # Errors
    /// [`IllegalMove`] says why the move cannot be played; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        let reason = match self.piece_at(m.from()) {
            None => Some(IllegalReason::NoPiece),
            Some(p) if p.color != self.side => Some(IllegalReason::WrongColor),
            Some(_) if !self.is_pseudo_legal(m) => Some(IllegalReason::CannotReach),
            Some(_) if !self.leaves_general_safe(m, self.in_check()) => {
                Some(IllegalReason::SelfCheck)
            }
            Some(_) => None,
        };
        match reason {
            Some(reason) => Err(IllegalMove { mv: m, reason }),
            None => {
                self.make(m);
                Ok(())
            }
        }
    }

    /// True if the (legal) move gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut p = *self;
        p.make(m);
        p.last_move_checks(m)
    }

    /// Perft: number of leaf nodes of the legal move tree to `depth`.
    pub fn perft(&mut self, depth: u32) -> u64 {
        self.perft_until(depth, &AtomicBool::new(false))
            .unwrap_or(0)
    }

    /// [`Position::perft`] that gives up (`None`) once `stop` is set, for
    /// the engine mode's `go perft`.
    pub fn perft_until(&mut self, depth: u32, stop: &AtomicBool) -> Option<u64> {
        if depth == 0 {
            return Some(1);
        }
        if depth == 1 {
            return Some(self.count_legal() as u64);
        }
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let moves = self.legal_moves();
        let mut n = 0;
        for &m in moves.iter() {
            let u = self.make(m);
            let r = self.perft_until(depth - 1, stop);
            self.unmake(m, u);
            n += r?;
        }
        Some(n)
    }

    /// Perft split by root move.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let moves = self.legal_moves();
        moves
            .iter()
            .map(|&m| {
                let u = self.make(m);
                let n = if depth <= 1 { 1 } else { self.perft(depth - 1) };
                self.unmake(m, u);
                (m, n)
            })
            .collect()
    }

    /// True if a general is in its palace and an advisor on a palace point (for validation).
    pub(crate) fn palace(sq: usize) -> bool {
        is_palace(sq)
    }

    /// True if a soldier of `c` on `sq` has crossed the river.
    pub fn soldier_has_crossed(c: Color, sq: Square) -> bool {
        soldier_crossed(c.index(), sq.index())
    }

    /// The same position with the side to move switched (hash updated).
    /// Used by chase detection to ask "what could the mover attack now?".
    pub(crate) fn with_side(&self, c: Color) -> Position {
        let mut p = *self;
        p.set_side(c);
        p
    }
}

/// The ray direction (index into `RAYS`) from `k` to `s`, if they share a line.
#[inline]
fn direction(k: usize, s: usize) -> Option<usize> {
    let (kf, kr, sf, sr) = (k % 9, k / 9, s % 9, s / 9);
    if kf == sf {
        if sr > kr {
            Some(0)
        } else if sr < kr {
            Some(1)
        } else {
            None
        }
    } else if kr == sr {
        if sf > kf { Some(2) } else { Some(3) }
    } else {
        None
    }
}

/// Is `s` attacked along one ray by a chariot, a cannon over one screen, or
/// (vertically) the other general?
#[inline]
fn ray_attacked(b: &[u8; 90], s: usize, d: usize, by: Color) -> bool {
    let ray = &RAYS[s][d];
    let n = ray.n as usize;
    let mut i = 0;
    while i < n && b[ray.sq[i] as usize] == 0 {
        i += 1;
    }
    if i == n {
        return false;
    }
    let p = b[ray.sq[i] as usize];
    if p == code(by, PieceKind::Chariot) || (d < 2 && p == code(by, PieceKind::General)) {
        return true;
    }
    i += 1;
    while i < n && b[ray.sq[i] as usize] == 0 {
        i += 1;
    }
    i < n && b[ray.sq[i] as usize] == code(by, PieceKind::Cannon)
}

/// The attack test behind [`Position::king_attacked`], on a bare board so
/// legality checks can try a move on a 90-byte copy.
#[inline]
fn attacked_on_board(b: &[u8; 90], s: usize, by: Color, flying: bool) -> bool {
    let chariot = code(by, PieceKind::Chariot);
    let cannon = code(by, PieceKind::Cannon);
    let general = code(by, PieceKind::General);
    for (d, ray) in RAYS[s].iter().enumerate() {
        let n = ray.n as usize;
        let mut i = 0;
        while i < n && b[ray.sq[i] as usize] == 0 {
            i += 1;
        }
        if i == n {
            continue;
        }
        let p = b[ray.sq[i] as usize];
        if p == chariot || (flying && d < 2 && p == general) {
            return true;
        }
        i += 1;
        while i < n && b[ray.sq[i] as usize] == 0 {
            i += 1;
        }
        if i < n && b[ray.sq[i] as usize] == cannon {
            return true;
        }
    }
    let horse = code(by, PieceKind::Horse);
    let h = &HORSE_ATTACKERS[s];
    for i in 0..h.n as usize {
        if b[h.to[i] as usize] == horse && b[h.aux[i] as usize] == 0 {
            return true;
        }
    }
    let soldier = code(by, PieceKind::Soldier);
    let p = &SOLDIER_ATTACKERS[by.index()][s];
    for i in 0..p.n as usize {
        if b[p.to[i] as usize] == soldier {
            return true;
        }
    }
    false
}

#[inline]
fn steps(st: &Steps, push: &mut impl FnMut(usize)) {
    for i in 0..st.n as usize {
        push(st.to[i] as usize);
    }
}

#[inline]
fn steps_aux(st: &Steps, b: &[u8; 90], push: &mut impl FnMut(usize)) {
    for i in 0..st.n as usize {
        if b[st.aux[i] as usize] == 0 {
            push(st.to[i] as usize);
        }
    }
}

/// Pieces strictly between two squares on one line.
fn between_count(b: &[u8; 90], from: usize, to: usize) -> usize {
    let (ff, fr, tf, tr) = (from % 9, from / 9, to % 9, to / 9);
    let step: isize = if ff == tf {
        if tr > fr { 9 } else { -9 }
    } else if tf > ff {
        1
    } else {
        -1
    };
    let mut s = from as isize + step;
    let mut n = 0;
    while s != to as isize {
        if b[s as usize] != 0 {
            n += 1;
        }
        s += step;
    }
    n
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl fmt::Display for Position {
    /// A text diagram, Black at the top, with ICCS coordinates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10u8).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9u8 {
                let sq = Square::new(file, rank).unwrap_or(Square::from_index_unchecked(0));
                match self.piece_at(sq) {
                    Some(p) => write!(f, " {}", p.fen_char())?,
                    None => write!(f, " .")?,
                }
            }
            writeln!(f)?;
        }
        writeln!(f, "   a b c d e f g h i")?;
        writeln!(f, "fen: {}", self.fen())?;
        write!(f, "key: {:016x}", self.hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fast legality and check tests against the full attack test, on
    /// every pseudo-legal move of random games.
    #[test]
    fn fast_legality_and_check_tests_agree_with_the_full_attack_test() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let (mut checks, mut illegal) = (0, 0);
        for _ in 0..60 {
            let mut pos = Position::startpos();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let in_check = pos.in_check();
                let us = pos.side_to_move();
                for &m in pos.pseudo_legal_moves().iter() {
                    let mut p = pos;
                    p.make(m);
                    let safe = !p.king_attacked(us);
                    assert_eq!(
                        pos.leaves_general_safe(m, in_check),
                        safe,
                        "{m} in {}",
                        pos.fen()
                    );
                    illegal += usize::from(!safe);
                    if safe {
                        assert_eq!(p.last_move_checks(m), p.in_check(), "{m} in {}", pos.fen());
                        checks += usize::from(p.in_check());
                    }
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(
            checks > 100 && illegal > 100,
            "{checks} checks, {illegal} illegal"
        );
    }
}
