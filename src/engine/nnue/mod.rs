//! The learned evaluation (NNUE, "efficiently updatable neural network").
//!
//! **Inputs.** Each side sees the board from its own end: a piece is one
//! of 1,260 features, `(relation * 7 + kind) * 90 + point`, where the
//! relation is 0 for the viewer's own pieces and 1 for the other side's,
//! and the point is counted from the viewer's end (Black's view rotates
//! the board). Generals count too, so the net sees where they stand.
//!
//! **Layers.** The features of each view are summed through one shared
//! `1260 × 256` layer into that view's *accumulator* (256 numbers); the
//! side to move's accumulator and the other's, clipped to `0..=1`
//! ("clipped ReLU"), feed one output neuron of eight, chosen by the number
//! of pieces on the board (2–5, 6–9, …, 30–32). The output times 400 is
//! the score in the engine's internal centipawns, fitted so that
//! `1 / (1 + e^(−score / K))` is the expected result, `K` being
//! [`Network::fit_scale`]; what a player reads is rescaled to the
//! program's one display scale ([`crate::engine::DISPLAY_SCALE`]).
//!
//! **Arithmetic.** Quantised to integers: the first layer in `i16` scaled
//! by [`QA`], the output weights by [`QB`], so the accumulators are `i16`
//! and the output an `i32`. A move changes two or three features of each
//! view, so the search updates the accumulators incrementally (subtract
//! the rows a move removes, add those it brings) on a stack with one entry
//! a ply, and never sums the whole board again. The loops are plain
//! slices of fixed length, which the compiler turns into vector code.
//!
//! **Files.** [`Network::from_bytes`] reads the format the trainer
//! writes ([`Network::to_bytes`]); the one shipped with the game is
//! embedded in the binary ([`embedded`]).

mod file;

pub use file::{FileError, Header, W1_BOUND};

use crate::rules::Position;
use std::sync::{Arc, OnceLock};

/// Features a view can have.
pub const INPUTS: usize = 1260;
/// Numbers in one view's accumulator.
pub const HIDDEN: usize = 256;
/// Output neurons, chosen by the number of pieces.
pub const BUCKETS: usize = 8;
/// Scale of the first layer's weights and of the accumulators (1.0 = `QA`).
pub const QA: i32 = 255;
/// Scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output.
pub const OUT_SCALE: i32 = 400;
/// A first-layer weight or bias is kept within ±this (so 32 pieces cannot
/// overflow an `i16` accumulator).
pub const W1_LIMIT: f32 = 1.98;

/// The feature of a piece (board code `code`, see [`Position`]) on point
/// `sq` seen by `view` (0 Red, 1 Black).
#[inline]
pub fn feature(view: usize, code: u8, sq: usize) -> usize {
    let color = usize::from(code >> 3);
    let kind = usize::from(code & 7) - 1;
    if view == 0 {
        (color * 7 + kind) * 90 + sq
    } else {
        ((color ^ 1) * 7 + kind) * 90 + (89 - sq)
    }
}

/// The output neuron for a board with `pieces` pieces.
#[inline]
pub fn bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(2) / 4).min(BUCKETS as u32 - 1) as usize
}

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// First layer, one row of [`HIDDEN`] a feature.
    pub(crate) w1: Box<[[i16; HIDDEN]; INPUTS]>,
    pub(crate) b1: [i16; HIDDEN],
    /// Output weights: for each bucket, the side to move's half then the other's.
    pub(crate) w2: [[i16; 2 * HIDDEN]; BUCKETS],
    pub(crate) b2: [i32; BUCKETS],
    /// What the file said of itself.
    pub header: Header,
    /// The processor has AVX2 (checked once, when the network is made).
    avx2: bool,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("header", &self.header)
            .finish_non_exhaustive()
    }
}

/// One view's accumulator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Half(pub [i16; HIDDEN]);

/// Both views' accumulators of one position, Red's first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator {
    pub views: [Half; 2],
}

impl Network {
    /// A network of zeros, to be filled in (the reader and the trainer).
    pub(crate) fn zeroed(header: Header) -> Network {
        Network {
            w1: vec![[0i16; HIDDEN]; INPUTS]
                .into_boxed_slice()
                .try_into()
                .expect("INPUTS rows"),
            b1: [0; HIDDEN],
            w2: [[0; 2 * HIDDEN]; BUCKETS],
            b2: [0; BUCKETS],
            header,
            #[cfg(target_arch = "x86_64")]
            avx2: std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            avx2: false,
        }
    }

    /// Both accumulators of `pos`, summed from scratch.
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            views: [Half(self.b1), Half(self.b1)],
        };
        let mut all = pos.occ[0] | pos.occ[1];
        while all != 0 {
            let s = all.trailing_zeros() as usize;
            all &= all - 1;
            let code = pos.board[s];
            for view in 0..2 {
                add(&mut acc.views[view].0, &self.w1[feature(view, code, s)]);
            }
        }
        acc
    }

    /// `dst` = `src` after the move `from`→`to` of the piece `piece`,
    /// capturing `victim` (0 for none). Called with the board before the move.
    #[inline]
    pub fn update(
        &self,
        src: &Accumulator,
        dst: &mut Accumulator,
        piece: u8,
        from: usize,
        to: usize,
        victim: u8,
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the processor has AVX2.
            unsafe { update_avx2(self, src, dst, piece, from, to, victim) };
            return;
        }
        update_rows(self, src, dst, piece, from, to, victim);
    }

    /// The network's output for the side to move `stm` (0 Red, 1 Black)
    /// with `pieces` on the board, in internal centipawns.
    #[inline]
    pub fn output(&self, acc: &Accumulator, stm: usize, pieces: u32) -> i32 {
        let b = bucket(pieces);
        let w = &self.w2[b];
        let (us, them) = (&acc.views[stm].0, &acc.views[stm ^ 1].0);
        let (wu, wt) = w.split_at(HIDDEN);
        let (wu, wt) = (wu.try_into().expect("half"), wt.try_into().expect("half"));
        #[cfg(target_arch = "x86_64")]
        let dot = if self.avx2 {
            // SAFETY: `avx2` is set only when the processor has AVX2.
            unsafe { dot_avx2(us, wu) + dot_avx2(them, wt) }
        } else {
            dot_clipped(us, wu) + dot_clipped(them, wt)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let dot = dot_clipped(us, wu) + dot_clipped(them, wt);
        let sum = i64::from(dot) + i64::from(self.b2[b]);
        (sum * i64::from(OUT_SCALE) / i64::from(QA * QB)) as i32
    }

    /// Evaluates `pos` from scratch for the side to move, internal centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let acc = self.refresh(pos);
        let pieces = (pos.occ[0] | pos.occ[1]).count_ones();
        self.output(&acc, pos.side_to_move().index(), pieces)
    }

    /// The scale of the internal score: `1 / (1 + e^(−score / fit_scale))`
    /// is the expected result.
    pub fn fit_scale(&self) -> i32 {
        i32::from(self.header.fit_scale)
    }
}

/// The update of [`Network::update`], written as plain loops over fixed
/// lengths that the compiler vectorises (SSE2 everywhere on x86-64; AVX2
/// through [`update_avx2`]).
#[inline(always)]
fn update_rows(
    net: &Network,
    src: &Accumulator,
    dst: &mut Accumulator,
    piece: u8,
    from: usize,
    to: usize,
    victim: u8,
) {
    for view in 0..2 {
        let sub1 = &net.w1[feature(view, piece, from)];
        let add1 = &net.w1[feature(view, piece, to)];
        let s = &src.views[view].0;
        let d = &mut dst.views[view].0;
        if victim == 0 {
            for i in 0..HIDDEN {
                d[i] = s[i].wrapping_sub(sub1[i]).wrapping_add(add1[i]);
            }
        } else {
            let sub2 = &net.w1[feature(view, victim, to)];
            for i in 0..HIDDEN {
                d[i] = s[i]
                    .wrapping_sub(sub1[i])
                    .wrapping_add(add1[i])
                    .wrapping_sub(sub2[i]);
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn update_avx2(
    net: &Network,
    src: &Accumulator,
    dst: &mut Accumulator,
    piece: u8,
    from: usize,
    to: usize,
    victim: u8,
) {
    update_rows(net, src, dst, piece, from, to, victim);
}

/// [`dot_clipped`] with AVX2: clamp sixteen accumulators at a time and
/// multiply-add them to the weights in pairs (`vpmaddwd`; 255 · 32767 · 2
/// fits an `i32` lane). The same integers as the portable loop, faster.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn dot_avx2(a: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i32 {
    use std::arch::x86_64::*;
    let zero = _mm256_setzero_si256();
    let qa = _mm256_set1_epi16(QA as i16);
    let mut sum = _mm256_setzero_si256();
    for i in (0..HIDDEN).step_by(16) {
        // SAFETY: `i + 16 <= HIDDEN`, so both 32-byte loads stay inside
        // the arrays; unaligned loads need no alignment.
        let (x, y) = unsafe {
            (
                _mm256_loadu_si256(a.as_ptr().add(i).cast()),
                _mm256_loadu_si256(w.as_ptr().add(i).cast()),
            )
        };
        let c = _mm256_min_epi16(_mm256_max_epi16(x, zero), qa);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(c, y));
    }
    let hi = _mm256_extracti128_si256::<1>(sum);
    let s = _mm_add_epi32(_mm256_castsi256_si128(sum), hi);
    let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b01_00_11_10>(s));
    let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
    _mm_cvtsi128_si32(s)
}

#[inline]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for i in 0..HIDDEN {
        acc[i] = acc[i].wrapping_add(row[i]);
    }
}

/// Σ clamp(a, 0, QA) · w, in `i32` (at most 256 · 255 · 32767 < 2³¹).
#[inline(always)]
fn dot_clipped(a: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i32 {
    let mut sum = [0i32; 16];
    for (ac, wc) in a.chunks_exact(16).zip(w.chunks_exact(16)) {
        for k in 0..16 {
            let x = i32::from(ac[k].clamp(0, QA as i16));
            sum[k] += x * i32::from(wc[k]);
        }
    }
    sum.iter().sum()
}

/// The network shipped with the game, read once from the bytes embedded in
/// the binary.
pub fn embedded() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| {
        Arc::new(
            Network::from_bytes(EMBEDDED_BYTES)
                .expect("the embedded network is checked by the tests"),
        )
    })
    .clone()
}

/// The shipped network file (`assets/nnue/xiangqi.nnue`).
pub const EMBEDDED_BYTES: &[u8] = include_bytes!("../../../assets/nnue/xiangqi.nnue");

#[cfg(test)]
mod tests {
    use super::*;

    fn test_network() -> Network {
        let mut net = Network::zeroed(Header {
            fit_scale: 500,
            description: String::new(),
        });
        let mut x: u32 = 12345;
        let mut next = || {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            ((x >> 16) % 1001) as i16 - 500
        };
        for row in net.w1.iter_mut() {
            for w in row.iter_mut() {
                *w = next();
            }
        }
        for w in net.b1.iter_mut() {
            *w = next();
        }
        for row in net.w2.iter_mut() {
            for w in row.iter_mut() {
                *w = next() * 60;
            }
        }
        net
    }

    /// The vector paths give the same integers as the portable loops.
    #[test]
    fn vector_and_portable_arithmetic_agree() {
        let mut net = test_network();
        let pos = Position::from_fen(
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
        )
        .unwrap();
        let acc = net.refresh(&pos);
        for (a, w) in [(&acc.views[0].0, &net.w2[3]), (&acc.views[1].0, &net.w2[5])] {
            let half: &[i16; HIDDEN] = w[..HIDDEN].try_into().unwrap();
            let portable = dot_clipped(a, half);
            let reference: i32 = a
                .iter()
                .zip(half)
                .map(|(&x, &y)| i32::from(x.clamp(0, QA as i16)) * i32::from(y))
                .sum();
            assert_eq!(portable, reference);
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: checked just above.
                assert_eq!(unsafe { dot_avx2(a, half) }, reference);
            }
        }
        let with = net.evaluate(&pos);
        let mut dst_fast = acc;
        net.update(&acc, &mut dst_fast, 0x0d, 19, 22, 0);
        net.avx2 = false;
        let mut dst_slow = acc;
        net.update(&acc, &mut dst_slow, 0x0d, 19, 22, 0);
        assert_eq!(dst_fast, dst_slow);
        assert_eq!(net.evaluate(&pos), with);
    }
}
