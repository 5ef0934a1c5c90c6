//! The transposition table: a big hash map from position (Zobrist key) to
//! what an earlier search learned there — a score with its bound, the depth
//! it was searched to, and the best move.
//!
//! The same position is reached by many move orders, so this both saves work
//! (a deep enough entry ends the node at once) and orders moves (the stored
//! move is tried first, and it is usually best). Entries are 16 bytes, four
//! to a 64-byte bucket (one cache line). A store replaces the entry of the
//! same position, else the least valuable one in the bucket: shallow, or
//! left over from an earlier search (the generation counter ages entries),
//! so deep results survive while fresh ones always find a slot.
//!
//! The search threads share one table without locks ("lockless hashing"):
//! an entry is two 64-bit words, the data and the key XOR-ed with the
//! data, each written and read whole. Two threads writing the same entry
//! at once may leave one's key word beside the other's data; such a torn
//! entry no longer gives its position's key back, so a probe takes it for
//! another position's and it is never used.

use crate::rules::Move;
use std::sync::atomic::{AtomicU64, Ordering};

use super::score::MATE_BOUND;

/// What a stored score says about the true score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is exactly this.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One stored result as two words: `check` is the key XOR-ed with `data`.
#[derive(Default)]
#[repr(C)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// An entry read out of the table (both words read; the key recovered).
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low 2 bits (0 = empty), generation above.
    gen_bound: u8,
}

impl Slot {
    /// The data word: move, score, evaluation, depth, generation and bound.
    #[inline]
    fn data(&self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.gen_bound) << 56
    }
}

impl Entry {
    /// Both words, relaxed: a torn pair recovers a key no position has.
    #[inline]
    fn load(&self) -> Slot {
        let check = self.check.load(Ordering::Relaxed);
        let data = self.data.load(Ordering::Relaxed);
        Slot {
            key: check ^ data,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            gen_bound: (data >> 56) as u8,
        }
    }

    #[inline]
    fn save(&self, slot: &Slot) {
        let data = slot.data();
        self.check.store(slot.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// A probe hit.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// Best (or refutation) move, maybe [`Move::NULL`].
    pub mv: Move,
    /// Score, already adjusted to the probing ply.
    pub score: i32,
    /// Static evaluation stored with the entry.
    pub eval: i32,
    /// Depth searched.
    pub depth: i32,
    /// Kind of bound.
    pub bound: Bound,
}

/// The memory for a table of this size could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {mb} MB hash table")]
pub struct AllocError {
    /// The size asked for.
    pub mb: usize,
}

/// The table itself. Probes and stores take `&self`: any number of
/// search threads share it (see the module's notes on lockless hashing).
pub struct Tt {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Tt {
        Tt::try_new(mb).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table of about `mb` megabytes, or an error if the memory cannot
    /// be had (the process goes on; nothing is aborted).
    pub fn try_new(mb: usize) -> Result<Tt, AllocError> {
        let n = (mb.max(1).saturating_mul(1024 * 1024) / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(n)
            .map_err(|_| AllocError { mb })?;
        buckets.extend((0..n).map(|_| Bucket::default()));
        Ok(Tt {
            buckets,
            generation: 0,
        })
    }

    /// A table of exactly `n` buckets (tests crowd a few buckets).
    #[cfg(test)]
    fn with_buckets(n: usize) -> Tt {
        Tt {
            buckets: (0..n.max(1)).map(|_| Bucket::default()).collect(),
            generation: 0,
        }
    }

    /// Size in megabytes.
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            *b = Bucket::default();
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become cheaper to replace.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(4) & 0xfc;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks the CPU to start loading the bucket of `key` (call it as soon
    /// as a move is made; the child node probes it a little later).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let p = (&self.buckets[self.index(key)] as *const Bucket).cast::<i8>();
            // SAFETY: SSE is part of every x86_64 target, and a prefetch is
            // only a hint: it never faults and the pointer is in bounds.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks up `key`; `ply` converts mate scores back to "from here".
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let b = &self.buckets[self.index(key)];
        let e =
            b.0.iter()
                .map(Entry::load)
                .find(|e| e.key == key && e.gen_bound & 3 != 0)?;
        let bound = match e.gen_bound & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv: Move::from_bits(e.mv).unwrap_or(Move::NULL),
            score: score_from_tt(e.score as i32, ply),
            eval: e.eval as i32,
            depth: e.depth as i32,
            bound,
        })
    }

    /// Stores a result. A null `mv` keeps the move already stored for this position.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let b = &self.buckets[self.index(key)];
        let slots: [Slot; 4] = std::array::from_fn(|s| b.0[s].load());
        let age = |e: &Slot| (generation.wrapping_sub(e.gen_bound & 0xfc) >> 2) as i32;
        let slot = match slots.iter().position(|e| e.key == key) {
            Some(s) => s,
            None => {
                let mut best = 0;
                let mut worst = i32::MAX;
                for (s, e) in slots.iter().enumerate() {
                    if e.gen_bound & 3 == 0 {
                        best = s;
                        break;
                    }
                    let value = e.depth as i32 - 8 * age(e);
                    if value < worst {
                        worst = value;
                        best = s;
                    }
                }
                best
            }
        };
        let e = &slots[slot];
        // Keep a deeper exact result of the same search unless this one is exact.
        if e.key == key
            && bound != Bound::Exact
            && e.depth as i32 > depth + 2
            && e.gen_bound & 0xfc == generation
        {
            return;
        }
        let keep_move = mv.is_null() && e.key == key;
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        b.0[slot].save(&Slot {
            key,
            mv: if keep_move { e.mv } else { mv.to_bits() },
            score: score_to_tt(score, ply) as i16,
            eval: eval.clamp(-32000, 32000) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: generation | bound_bits,
        });
    }
}

/// Mate scores are stored as "mate from this node", not from the root.
#[inline]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    #[test]
    fn stored_entries_come_back_with_mate_scores_relative_to_the_ply() {
        let mut tt = Tt::new(1);
        let m = Move::new(Square::new(7, 2).unwrap(), Square::new(4, 2).unwrap());
        tt.store(42, 3, m, MATE_BOUND + 100, 5, 7, Bound::Exact);
        let hit = tt.probe(42, 5).unwrap();
        assert_eq!(hit.mv, m);
        assert_eq!(hit.score, MATE_BOUND + 100 + 3 - 5);
        assert_eq!(hit.depth, 7);
        assert_eq!(hit.bound, Bound::Exact);
        assert!(tt.probe(43, 0).is_none());
        tt.clear();
        assert!(tt.probe(42, 0).is_none());
    }

    #[test]
    fn a_torn_entry_is_never_read() {
        let tt = Tt::with_buckets(1);
        let m = Move::new(Square::new(7, 2).unwrap(), Square::new(4, 2).unwrap());
        let (a, b) = (0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321);
        tt.store(a, 0, m, 10, 20, 5, Bound::Exact);
        let a_check = tt.buckets[0].0[0].check.load(Ordering::Relaxed);
        tt.store(b, 0, Move::NULL, -30, 40, 9, Bound::Lower);
        let b_data = tt.buckets[0].0[1].data.load(Ordering::Relaxed);
        // One thread's key word beside another's data: neither key finds it.
        let e = &tt.buckets[0].0[0];
        e.check.store(a_check, Ordering::Relaxed);
        e.data.store(b_data, Ordering::Relaxed);
        tt.buckets[0].0[1].check.store(0, Ordering::Relaxed);
        assert!(tt.probe(a, 0).is_none());
        assert!(tt.probe(b, 0).is_none());
    }

    /// What a hammering thread stores for `pos`: every field follows from
    /// the key, so a probe can tell a whole entry from a torn one.
    fn fields(key: u64) -> (i32, i32, i32) {
        (
            (key % 2000) as i32 - 1000,
            (key >> 20) as i32 % 500,
            (key % 60) as i32,
        )
    }

    #[test]
    fn two_threads_hammering_one_bucket_only_ever_read_whole_entries() {
        let mut positions = Vec::new();
        for fen in crate::engine::bench::POSITIONS {
            let pos = crate::rules::Position::from_fen(fen).unwrap();
            for &m in pos.legal_moves().iter().take(4) {
                let mut p = pos;
                p.make(m);
                positions.push(p);
            }
        }
        // Twice as many positions as the bucket has entries: every store
        // pushes one out, and the threads write the same entries.
        positions.truncate(8);
        let tt = Tt::with_buckets(1);
        let hammer = |seed: u64| {
            let mut x = seed;
            let (mut hits, mut stores) = (0, 0);
            for _ in 0..100_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let pos = &positions[((x >> 16) % positions.len() as u64) as usize];
                let key = pos.hash();
                if x & 1 == 0 {
                    let moves = pos.legal_moves();
                    let m = moves[((x >> 8) as usize) % moves.len()];
                    let (score, eval, depth) = fields(key);
                    tt.store(key, 0, m, score, eval, depth, Bound::Exact);
                    stores += 1;
                } else if let Some(h) = tt.probe(key, 0) {
                    assert!(pos.is_legal(h.mv), "a move of another position");
                    assert_eq!((h.score, h.eval, h.depth), fields(key));
                    assert_eq!(h.bound, Bound::Exact);
                    hits += 1;
                }
            }
            (hits, stores)
        };
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| hammer(0x9E37_79B9_7F4A_7C15));
            let b = s.spawn(|| hammer(0xD1B5_4A32_D192_ED03));
            (a.join().unwrap(), b.join().unwrap())
        });
        // The test tested something: entries were both written and found.
        assert!(a.0 > 0 && b.0 > 0 && a.1 > 0 && b.1 > 0, "{a:?} {b:?}");
    }

    #[test]
    fn a_bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }
}
