//! Move ordering: alpha-beta prunes most when the best move comes first.
//!
//! The picker hands out moves in stages, in the order good engines have
//! found works, and generates each stage only when the earlier ones did not
//! already end the node: first the hash move (best move of an earlier search
//! of this position, often enough for a cutoff with no generation at all),
//! then captures by "most valuable victim, least valuable attacker" (a
//! soldier taking a chariot before a chariot taking a soldier), then the two
//! killer moves (quiet moves that caused a cutoff at this ply in a sibling),
//! then the other quiet moves by their history score (how often each
//! piece/target pair caused a cutoff anywhere). Moves are pseudo-legal; the
//! search checks legality just before playing each.

use super::correction::Correction;
use super::eval::capture_value;
use crate::rules::{MAX_MOVES, Move, MoveList, Position};

/// Board codes times squares: the (piece, target) pairs a move is indexed by.
pub const PIECE_SQUARES: usize = 16 * 90;

/// No move to follow up (the start, a null move): [`MovePicker::follows`].
pub const NO_PAIR: usize = usize::MAX;

/// The move-ordering memory of one thread.
#[derive(Clone)]
pub struct History {
    /// How often each quiet move cut a node off: by board code of the
    /// moving piece and target square.
    pub quiet: [[i32; 90]; 16],
    /// Continuation (follow-up) history: how often a quiet move cut a node
    /// off right after a given move one or two plies before, by that
    /// move's (piece, target) and this one's. Read and written only by
    /// searches that follow up ([`crate::engine::Limits::classic`] off).
    pub cont: Box<[[i16; PIECE_SQUARES]]>,
    /// Capture history: how often a capture cut a node off, by board code
    /// of the capturing piece, target square and kind of the piece taken.
    /// Read and written only by the searches that follow up.
    pub capture: [[[i16; 8]; 90]; 16],
    /// How far the static evaluation proved wrong, by soldier structure
    /// (read and written only by the searches that follow up).
    pub correction: Correction,
}

impl Default for History {
    fn default() -> Self {
        History {
            quiet: [[0; 90]; 16],
            cont: vec![[0; PIECE_SQUARES]; PIECE_SQUARES].into_boxed_slice(),
            capture: [[[0; 8]; 90]; 16],
            correction: Correction::default(),
        }
    }
}

impl History {
    /// Forgets everything.
    pub fn clear(&mut self) {
        self.quiet = [[0; 90]; 16];
        self.cont.iter_mut().for_each(|row| row.fill(0));
        self.capture = [[[0; 8]; 90]; 16];
        self.correction.clear();
    }

    /// Ages the scores between searches: halves them (the follow-ups and
    /// the captures' too, when `cont`).
    pub fn halve(&mut self, cont: bool) {
        self.quiet.iter_mut().flatten().for_each(|h| *h /= 2);
        if cont {
            self.cont.iter_mut().flatten().for_each(|h| *h /= 2);
            self.capture
                .iter_mut()
                .flatten()
                .flatten()
                .for_each(|h| *h /= 2);
        }
    }
}

/// The (piece, target) index of a move whose piece (board code) is `piece`.
#[inline]
pub fn pair(piece: u8, m: Move) -> usize {
    piece as usize * 90 + m.to().index()
}

/// The capture history's score of capture `m` by the piece of board code
/// `piece` of the piece of board code `victim`.
#[inline]
pub fn capture_entry(history: &mut History, piece: u8, m: Move, victim: u8) -> &mut i16 {
    &mut history.capture[piece as usize][m.to().index()][(victim & 7) as usize]
}

/// [`capture_entry`]'s score, read.
#[inline]
fn capture_score(history: &History, piece: u8, m: Move, victim: u8) -> i32 {
    i32::from(history.capture[piece as usize][m.to().index()][(victim & 7) as usize])
}

/// Upper bound of a history score (the update keeps it inside).
pub const HISTORY_MAX: i32 = 16384;

const HASH_SCORE: i32 = 1 << 30;
const CAPTURE_SCORE: i32 = 1 << 24;
const KILLER_SCORE: i32 = 1 << 20;
/// The capture history counts this many times less than the victim's
/// value (times 8) in the captures' order: at its most (4,096) it lifts a
/// capture as much as a horse's worth more of victim would.
const CAPTURE_HISTORY_WEIGHT: i32 = 4;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    Hash,
    GenCaptures,
    Captures,
    Killers,
    GenQuiets,
    Quiets,
    Done,
}

/// Scratch space of one ply, owned by the search and reused node after
/// node so no move list is allocated or cleared per node.
#[derive(Clone)]
pub struct Buffer {
    list: MoveList,
    /// Ordering score in the high bits, move in the low 16: one integer
    /// sorts both.
    items: [i64; MAX_MOVES],
}

impl Default for Buffer {
    fn default() -> Self {
        Buffer {
            list: MoveList::new(),
            items: [0; MAX_MOVES],
        }
    }
}

/// Yields the moves of one node, best-looking first.
pub struct MovePicker {
    stage: Stage,
    hash_move: Move,
    killers: [Move; 2],
    killer_index: usize,
    captures_only: bool,
    /// The (piece, target) pairs of the moves one and two plies before,
    /// or [`NO_PAIR`]: their follow-up histories join the quiet order.
    follows: [usize; 2],
    /// The capture history joins the captures' order.
    learned_captures: bool,
    len: usize,
    next: usize,
}

#[inline]
fn pack(score: i32, m: Move) -> i64 {
    ((score as i64) << 16) | m.to_bits() as i64
}

#[inline]
fn unpack(item: i64) -> (Move, i32) {
    (
        Move::from_bits((item & 0xffff) as u16).unwrap_or(Move::NULL),
        (item >> 16) as i32,
    )
}

impl MovePicker {
    /// A picker for `pos`. With `captures_only` (quiescence) only the hash
    /// move, if it is a capture, and the captures come out.
    pub fn new(
        pos: &Position,
        hash_move: Move,
        killers: [Move; 2],
        captures_only: bool,
    ) -> MovePicker {
        let hash_ok = !hash_move.is_null()
            && pos.is_pseudo_legal(hash_move)
            && (!captures_only || pos.board[hash_move.to().index()] != 0);
        MovePicker {
            stage: if hash_ok {
                Stage::Hash
            } else {
                Stage::GenCaptures
            },
            hash_move: if hash_ok { hash_move } else { Move::NULL },
            killers,
            killer_index: 0,
            captures_only,
            follows: [NO_PAIR; 2],
            learned_captures: false,
            len: 0,
            next: 0,
        }
    }

    /// Orders the quiet moves by their follow-up histories too, after the
    /// moves of these (piece, target) pairs ([`NO_PAIR`]: none).
    pub fn follows(mut self, follows: [usize; 2]) -> MovePicker {
        self.follows = follows;
        self
    }

    /// Orders the captures by the capture history too (`on`), after
    /// their victims and attackers.
    pub fn learned_captures(mut self, on: bool) -> MovePicker {
        self.learned_captures = on;
        self
    }

    /// The next move and its ordering score, or `None` when all were given.
    /// `pos` must be the position the picker was made for, and `buf` the
    /// same scratch space every time.
    pub fn next(
        &mut self,
        pos: &Position,
        history: &History,
        buf: &mut Buffer,
    ) -> Option<(Move, i32)> {
        loop {
            match self.stage {
                Stage::Hash => {
                    self.stage = Stage::GenCaptures;
                    return Some((self.hash_move, HASH_SCORE));
                }
                Stage::GenCaptures => {
                    let list = &mut buf.list;
                    list.retain(|_| false);
                    pos.generate_pseudo_captures(list);
                    let b = &pos.board;
                    self.len = 0;
                    for &m in list.iter() {
                        if m == self.hash_move {
                            continue;
                        }
                        let piece = b[m.from().index()];
                        let victim = b[m.to().index()];
                        let mut score =
                            CAPTURE_SCORE + capture_value(victim) * 8 - capture_value(piece) / 16;
                        if self.learned_captures {
                            score +=
                                capture_score(history, piece, m, victim) / CAPTURE_HISTORY_WEIGHT;
                        }
                        buf.items[self.len] = pack(score, m);
                        self.len += 1;
                    }
                    self.next = 0;
                    self.stage = Stage::Captures;
                }
                Stage::Captures => {
                    if let Some(r) = self.select(&mut buf.items) {
                        return Some(r);
                    }
                    self.stage = if self.captures_only {
                        Stage::Done
                    } else {
                        Stage::Killers
                    };
                }
                Stage::Killers => {
                    while self.killer_index < 2 {
                        let k = self.killers[self.killer_index];
                        self.killer_index += 1;
                        if !k.is_null()
                            && k != self.hash_move
                            && pos.board[k.to().index()] == 0
                            && pos.is_pseudo_legal(k)
                        {
                            return Some((k, KILLER_SCORE + 2 - self.killer_index as i32));
                        }
                    }
                    self.stage = Stage::GenQuiets;
                }
                Stage::GenQuiets => {
                    let list = &mut buf.list;
                    list.retain(|_| false);
                    pos.generate_pseudo(list);
                    let b = &pos.board;
                    self.len = 0;
                    for &m in list.iter() {
                        if b[m.to().index()] != 0
                            || m == self.hash_move
                            || m == self.killers[0]
                            || m == self.killers[1]
                        {
                            continue;
                        }
                        let piece = b[m.from().index()];
                        let mut score = history.quiet[piece as usize][m.to().index()];
                        for &f in &self.follows {
                            if f != NO_PAIR {
                                score += i32::from(history.cont[f][pair(piece, m)]);
                            }
                        }
                        buf.items[self.len] = pack(score, m);
                        self.len += 1;
                    }
                    buf.items[..self.len].sort_unstable_by(|a, b| b.cmp(a));
                    self.next = 0;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if self.next < self.len {
                        let r = unpack(buf.items[self.next]);
                        self.next += 1;
                        return Some(r);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    /// Selection of the best remaining capture.
    #[inline]
    fn select(&mut self, items: &mut [i64; MAX_MOVES]) -> Option<(Move, i32)> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..self.len {
            if items[i] > items[best] {
                best = i;
            }
        }
        items.swap(self.next, best);
        let r = unpack(items[self.next]);
        self.next += 1;
        Some(r)
    }

    /// True if an ordering score is a killer's.
    pub fn is_killer_score(score: i32) -> bool {
        (KILLER_SCORE..CAPTURE_SCORE).contains(&score)
    }

    /// True if an ordering score is a plain quiet move's.
    pub fn is_quiet_score(score: i32) -> bool {
        score < KILLER_SCORE
    }
}

/// [`update_history`] for a follow-up history's score.
#[inline]
pub fn update_cont(h: &mut i16, bonus: i32) {
    let mut wide = i32::from(*h);
    update_history(&mut wide, bonus);
    *h = wide as i16;
}

/// Nudges a history score toward `HISTORY_MAX` (bonus > 0) or away from it,
/// shrinking big values so old lessons fade ("history gravity").
#[inline]
pub fn update_history(h: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_comes_once_hash_move_first_then_captures() {
        let pos = Position::startpos();
        let hash = Move::from_iccs("h2e2").unwrap();
        let killer = Move::from_iccs("b0c2").unwrap();
        let history = History::default();
        let mut buf = Buffer::default();
        let mut p = MovePicker::new(&pos, hash, [killer, Move::NULL], false);
        let mut seen = Vec::new();
        while let Some((m, _)) = p.next(&pos, &history, &mut buf) {
            seen.push(m);
        }
        assert_eq!(seen[0], hash);
        // The two cannon captures of a horse, then the killer.
        assert!(pos.captured_by(seen[1]).is_some() && pos.captured_by(seen[2]).is_some());
        assert_eq!(seen[3], killer);
        let mut all = pos.pseudo_legal_moves().to_vec();
        all.sort_by_key(|m| m.to_bits());
        seen.sort_by_key(|m| m.to_bits());
        assert_eq!(seen, all);
        // Quiescence: captures only; a quiet hash move is skipped.
        let mut q = MovePicker::new(&pos, hash, [Move::NULL; 2], true);
        let mut n = 0;
        while let Some((m, _)) = q.next(&pos, &history, &mut buf) {
            assert!(pos.captured_by(m).is_some());
            n += 1;
        }
        assert_eq!(n, 2);
    }

    #[test]
    fn a_follow_up_history_lifts_its_quiet_move_only_when_followed() {
        let pos = Position::startpos();
        let mut history = History::default();
        let mut buf = Buffer::default();
        // The reply the follow-up table likes after the move of pair 100.
        let liked = Move::from_iccs("a0a1").expect("move");
        let piece = pos.board[liked.from().index()];
        history.cont[100][pair(piece, liked)] = 9000;
        let first_quiet = |picker: MovePicker, buf: &mut Buffer| {
            let mut p = picker;
            std::iter::from_fn(|| p.next(&pos, &history, buf))
                .find(|&(_, order)| MovePicker::is_quiet_score(order))
                .map(|(m, _)| m)
        };
        let plain = MovePicker::new(&pos, Move::NULL, [Move::NULL; 2], false);
        assert_ne!(first_quiet(plain, &mut buf), Some(liked));
        let followed =
            MovePicker::new(&pos, Move::NULL, [Move::NULL; 2], false).follows([NO_PAIR, 100]);
        assert_eq!(first_quiet(followed, &mut buf), Some(liked));
        let mut h = 0i16;
        for _ in 0..1000 {
            update_cont(&mut h, 30_000);
        }
        assert_eq!(i32::from(h), HISTORY_MAX);
    }

    #[test]
    fn the_capture_history_reorders_equal_captures_only_when_learned() {
        // Both cannons can take a horse: the same victim, the same attacker.
        let pos = Position::startpos();
        let mut buf = Buffer::default();
        let first_capture = |picker: MovePicker, history: &History, buf: &mut Buffer| {
            let mut p = picker;
            p.next(&pos, history, buf).map(|(m, _)| m)
        };
        let mut history = History::default();
        let plain = MovePicker::new(&pos, Move::NULL, [Move::NULL; 2], true);
        let first = first_capture(plain, &history, &mut buf).expect("a capture");
        let other = ["b2b9", "h2h9"]
            .map(|m| Move::from_iccs(m).expect("move"))
            .into_iter()
            .find(|&m| m != first)
            .expect("the other capture");
        let (piece, victim) = (
            pos.board[other.from().index()],
            pos.board[other.to().index()],
        );
        update_cont(capture_entry(&mut history, piece, other, victim), 2000);
        let plain = MovePicker::new(&pos, Move::NULL, [Move::NULL; 2], true);
        assert_eq!(first_capture(plain, &history, &mut buf), Some(first));
        let learned =
            MovePicker::new(&pos, Move::NULL, [Move::NULL; 2], true).learned_captures(true);
        assert_eq!(first_capture(learned, &history, &mut buf), Some(other));
    }

    #[test]
    fn history_stays_bounded() {
        let mut h = 0;
        for _ in 0..1000 {
            update_history(&mut h, 5000);
        }
        assert!(h <= HISTORY_MAX);
        for _ in 0..1000 {
            update_history(&mut h, -5000);
        }
        assert!(h >= -HISTORY_MAX);
    }
}
