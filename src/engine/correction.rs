//! Correction history: how far the static evaluation has proved wrong in
//! positions with the same soldiers, learned by the search and added to the
//! evaluation it prunes by (Stockfish's pawn correction history).
//!
//! Each node whose search settles a score the static evaluation did not
//! foresee (a quiet best move or none, and a result on the right side of
//! its bound) nudges the entry of its soldier structure and side to move
//! toward the difference, weighted by depth. The evaluation the next
//! nodes with those soldiers prune by — reverse futility, null move,
//! futility, the quiescence search's stand-pat — is then moved by the
//! entry, up to [`MAX_SHIFT`] either way. The table stores only what was
//! learned: the transposition table keeps the uncorrected evaluation.

use crate::rules::Move;

/// Entries per side to move (a power of two), by soldier key.
pub const SIZE: usize = 16384;
/// Bound of an entry; the update keeps it inside ("gravity").
const LIMIT: i32 = 1024;
/// The most an entry can move an evaluation: `LIMIT² / SHIFT_DIV`.
const SHIFT_DIV: i32 = 16384;
/// `LIMIT² / SHIFT_DIV`, in the evaluation's units.
pub const MAX_SHIFT: i32 = LIMIT * LIMIT / SHIFT_DIV;

/// Board codes of the two colours' soldiers.
const SOLDIERS: [u8; 2] = [7, 15];

/// The learned corrections, by soldier key and side to move.
#[derive(Clone)]
pub struct Correction {
    table: Box<[[i16; 2]]>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction {
            table: vec![[0; 2]; SIZE].into_boxed_slice(),
        }
    }
}

impl Correction {
    /// Forgets everything.
    pub fn clear(&mut self) {
        self.table.fill([0; 2]);
    }

    /// The static evaluation `raw` (from the mover's side) of a position
    /// with soldier key `key` and side `side` (0 red, 1 black) to move,
    /// corrected by what was learned.
    #[inline]
    pub fn correct(&self, raw: i32, key: u64, side: usize) -> i32 {
        let c = i32::from(self.table[index(key)][side]);
        raw + c * c.abs() / SHIFT_DIV
    }

    /// A search of `depth` plies found the position worth `diff` more
    /// than its corrected static evaluation said: the entry moves toward
    /// it.
    pub fn learn(&mut self, key: u64, side: usize, depth: i32, diff: i32) {
        let bonus = (diff.saturating_mul(depth) / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let entry = &mut self.table[index(key)][side];
        let mut v = i32::from(*entry);
        v += bonus - v * bonus.abs() / LIMIT;
        *entry = v as i16;
    }
}

#[inline]
fn index(key: u64) -> usize {
    (key >> 50) as usize & (SIZE - 1)
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn soldier_keys() -> [[u64; 90]; 2] {
    let mut keys = [[0u64; 90]; 2];
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let (next, k) = splitmix(state);
            state = next;
            keys[c][s] = k;
            s += 1;
        }
        c += 1;
    }
    keys
}

/// One random key per colour and square of a soldier.
const KEYS: [[u64; 90]; 2] = soldier_keys();

/// The key of a soldier's board code on `square`; 0 for any other piece.
#[inline]
fn key_of(code: u8, square: usize) -> u64 {
    match code {
        7 => KEYS[0][square],
        15 => KEYS[1][square],
        _ => 0,
    }
}

/// The soldier key of a board: the keys of its soldiers, XORed.
pub fn soldier_key(board: &[u8; 90]) -> u64 {
    board
        .iter()
        .enumerate()
        .filter(|(_, c)| SOLDIERS.contains(c))
        .fold(0, |k, (s, &c)| k ^ key_of(c, s))
}

/// The soldier key after `m` is played on `board` (still before it),
/// from the key before it.
#[inline]
pub fn soldier_key_after(key: u64, board: &[u8; 90], m: Move) -> u64 {
    let (from, to) = (m.from().index(), m.to().index());
    let piece = board[from];
    key ^ key_of(piece, from) ^ key_of(piece, to) ^ key_of(board[to], to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;
    use crate::rules::Position;

    #[test]
    fn the_soldier_key_follows_moves_and_captures_of_soldiers_only() {
        let mut rng = Rng::new(7);
        let mut soldier_moves = 0;
        for _ in 0..40 {
            let mut pos = Position::startpos();
            let mut key = soldier_key(&pos.board);
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
                let next = soldier_key_after(key, &pos.board, m);
                let touches = [m.from().index(), m.to().index()]
                    .iter()
                    .any(|&s| SOLDIERS.contains(&pos.board[s]));
                assert_eq!(next != key, touches, "{m} from {}", pos.fen());
                soldier_moves += usize::from(touches);
                pos.make(m);
                key = next;
                assert_eq!(key, soldier_key(&pos.board), "after {m}: {}", pos.fen());
            }
        }
        assert!(
            soldier_moves > 100,
            "only {soldier_moves} soldier moves seen"
        );
    }

    #[test]
    fn a_correction_is_learned_per_structure_and_side_and_stays_bounded() {
        let mut c = Correction::default();
        let (a, b) = (0x1234_5678_9ABC_DEF0, 0x0FED_CBA9_8765_4321);
        assert_ne!(index(a), index(b));
        for _ in 0..200 {
            c.learn(a, 0, 12, 400);
        }
        let shifted = c.correct(50, a, 0) - 50;
        assert!(shifted > MAX_SHIFT / 2 && shifted <= MAX_SHIFT, "{shifted}");
        assert_eq!(c.correct(50, a, 1), 50, "the other side to move");
        assert_eq!(c.correct(50, b, 0), 50, "another soldier structure");
        for _ in 0..400 {
            c.learn(a, 0, 12, -400);
        }
        let shifted = c.correct(50, a, 0) - 50;
        assert!((-MAX_SHIFT..-MAX_SHIFT / 2).contains(&shifted), "{shifted}");
        c.clear();
        assert_eq!(c.correct(50, a, 0), 50);
    }
}
