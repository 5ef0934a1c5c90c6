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

use crate::rules::Move;

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

/// One stored result.
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Bound in the low 2 bits (0 = empty), generation above.
    gen_bound: u8,
}

#[derive(Clone, Copy, Default)]
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

/// The table itself.
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
        buckets.resize(n, Bucket::default());
        Ok(Tt {
            buckets,
            generation: 0,
        })
    }

    /// Size in megabytes.
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
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
        let e = b.0.iter().find(|e| e.key == key && e.gen_bound & 3 != 0)?;
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
        &mut self,
        key: u64,
        ply: usize,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let i = self.index(key);
        let b = &mut self.buckets[i];
        let age = |e: &Entry| (generation.wrapping_sub(e.gen_bound & 0xfc) >> 2) as i32;
        let slot = match b.0.iter().position(|e| e.key == key) {
            Some(s) => s,
            None => {
                let mut best = 0;
                let mut worst = i32::MAX;
                for (s, e) in b.0.iter().enumerate() {
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
        let e = &mut b.0[slot];
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
        *e = Entry {
            key,
            mv: if keep_move { e.mv } else { mv.to_bits() },
            score: score_to_tt(score, ply) as i16,
            eval: eval.clamp(-32000, 32000) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: generation | bound_bits,
        };
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
    fn a_bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
    }
}
