//! The trainer: fits the evaluation network ([`crate::engine::nnue`]) to
//! self-play positions, on the CPU, in plain Rust.
//!
//! - **Target.** For each position, from the side to move: a blend
//!   `λ · σ(score / K) + (1 − λ) · result` of the search's score and the
//!   game's result (1, ½, 0), where `σ(x) = 1 / (1 + e^(−x))` and `K` is
//!   fitted first so that `σ(score / K)` predicts the results of the
//!   training games as well as one number can. The network's output `o`
//!   (in internal centipawns) is judged by `σ(o / K)`, with the mean
//!   squared difference as the loss; so `K` is also the network's
//!   [`fit_scale`](crate::engine::nnue::Network::fit_scale).
//! - **Data.** Positions are split by game into training and validation
//!   (a game's positions are alike, so they go to one side together).
//!   Each epoch shuffles the training positions and mirrors about half of
//!   them left to right (the rules are symmetric), so the net sees both.
//! - **Steps.** Minibatches, split into a fixed number of chunks whose
//!   gradients are computed on all cores and summed in chunk order, then
//!   one Adam step. The result depends on the seed and the data only, not
//!   on the number of threads.
//! - **Fine-tuning.** Training may start from an existing network
//!   ([`Config::init`]) instead of random weights: its weights are read
//!   back to floats, its fit scale `K` is kept (the data's scores are in
//!   the same internal centipawns when that network's search made them,
//!   and the search's margins keep their meaning), and it is the best so
//!   far until an epoch beats its validation loss. So the committed
//!   network can go on learning from data that one sitting makes, without
//!   the earlier generations' data.
//! - **Stopping.** When the validation loss has not improved for an
//!   epoch the learning rate drops to 30 %; after three drops without a
//!   better epoch (or at the epoch limit) training stops, and the best
//!   epoch's weights are written, quantised (see [`crate::engine::nnue`]).

use super::data::{self, Record};
use crate::engine::nnue::{
    BUCKETS, HIDDEN, Header, INPUTS, Network, OUT_SCALE, QA, QB, W1_LIMIT, bucket, feature,
};
use crate::engine::rng::Rng;
use crate::rules::{Color, Position};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Gradient chunks a minibatch is split into (fixed, for reproducibility).
const CHUNKS: usize = 8;

/// What to train.
#[derive(Clone, Debug)]
pub struct Config {
    /// Data files.
    pub files: Vec<PathBuf>,
    /// Where to write the network.
    pub out: PathBuf,
    /// Share of the games held out for validation.
    pub validation: f64,
    /// Epoch limit.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// Adam's learning rate at the start.
    pub lr: f32,
    /// Weight λ of the search's score in the target (the rest is the result).
    pub lambda: f32,
    /// Seed of the initial weights, the split and the shuffles.
    pub seed: u64,
    /// Threads.
    pub threads: usize,
    /// Stop after this many positions an epoch (0: all), for quick tries.
    pub epoch_positions: usize,
    /// Start from this network (fine-tuning) instead of random weights.
    pub init: Option<Network>,
}

/// A training position, compact.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    /// Pieces: point in the low byte, board code in the high byte.
    pieces: [u16; 32],
    n: u8,
    stm: u8,
    /// The search's score from the side to move's view.
    score: i16,
    /// The result from the side to move's view: 0, 1 or 2 halves.
    result: u8,
}

impl Sample {
    /// From a data record.
    pub fn new(r: &Record) -> Sample {
        let mut s = Sample {
            pieces: [0; 32],
            n: 0,
            stm: r.side.index() as u8,
            score: (i32::from(r.score) * r.side.sign()).clamp(-i16::MAX as i32, i16::MAX as i32)
                as i16,
            result: 0,
        };
        for (sq, &code) in r.board.iter().enumerate() {
            if code != 0 && (s.n as usize) < 32 {
                s.pieces[s.n as usize] = sq as u16 | u16::from(code) << 8;
                s.n += 1;
            }
        }
        let red = (r.red_result() * 2.0) as u8;
        s.result = if r.side == Color::Red { red } else { 2 - red };
        s
    }

    /// The position's sample with the given score (for tests).
    pub fn of_position(pos: &Position, stm_score: i32, stm_result: f32) -> Sample {
        let red = if pos.side_to_move() == Color::Red {
            stm_result
        } else {
            1.0 - stm_result
        };
        let result = if red > 0.75 {
            crate::rules::GameResult::RedWins
        } else if red < 0.25 {
            crate::rules::GameResult::BlackWins
        } else {
            crate::rules::GameResult::Draw
        };
        Sample::new(&Record::new(pos, stm_score, result, false))
    }

    fn stm_result(&self) -> f32 {
        f32::from(self.result) / 2.0
    }

    /// Feature lists of the side to move's view and the other's.
    fn features(&self, mirror: bool) -> ([u16; 32], [u16; 32], usize) {
        let mut us = [0u16; 32];
        let mut them = [0u16; 32];
        let stm = usize::from(self.stm);
        for i in 0..usize::from(self.n) {
            let p = self.pieces[i];
            let mut sq = usize::from(p & 0xff);
            if mirror {
                sq = sq / 9 * 9 + (8 - sq % 9);
            }
            let code = (p >> 8) as u8;
            us[i] = feature(stm, code, sq) as u16;
            them[i] = feature(stm ^ 1, code, sq) as u16;
        }
        (us, them, usize::from(self.n))
    }
}

/// The float network the trainer fits.
#[derive(Clone)]
pub struct FloatNet {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl FloatNet {
    fn zeros() -> FloatNet {
        FloatNet {
            w1: vec![0.0; INPUTS * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; BUCKETS * 2 * HIDDEN],
            b2: vec![0.0; BUCKETS],
        }
    }

    /// Small random weights from `seed`.
    pub fn random(seed: u64) -> FloatNet {
        let mut rng = Rng::new(seed);
        let mut n = FloatNet::zeros();
        let mut u = |a: f32| (rng.next_f64() as f32 * 2.0 - 1.0) * a;
        for w in &mut n.w1 {
            *w = u(0.05);
        }
        let a2 = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        for w in &mut n.w2 {
            *w = u(a2);
        }
        n
    }

    /// The float weights a quantised network stands for (the start of a
    /// fine-tuning run).
    pub fn from_network(net: &Network) -> FloatNet {
        let mut n = FloatNet::zeros();
        for (f, row) in net.w1.iter().enumerate() {
            for (i, &w) in row.iter().enumerate() {
                n.w1[f * HIDDEN + i] = f32::from(w) / QA as f32;
            }
        }
        for (i, &w) in net.b1.iter().enumerate() {
            n.b1[i] = f32::from(w) / QA as f32;
        }
        for (b, row) in net.w2.iter().enumerate() {
            for (i, &w) in row.iter().enumerate() {
                n.w2[b * 2 * HIDDEN + i] = f32::from(w) / QB as f32;
            }
        }
        for (b, &w) in net.b2.iter().enumerate() {
            n.b2[b] = w as f32 / (QA * QB) as f32;
        }
        n
    }

    fn params(&mut self) -> [&mut Vec<f32>; 4] {
        [&mut self.w1, &mut self.b1, &mut self.w2, &mut self.b2]
    }

    /// Forward pass: the accumulators of the two views and the output
    /// (in network units; times [`OUT_SCALE`] for internal centipawns).
    fn forward(&self, us: &[u16], them: &[u16], b: usize) -> ([[f32; HIDDEN]; 2], f32) {
        let mut acc = [[0f32; HIDDEN]; 2];
        for (view, feats) in [us, them].into_iter().enumerate() {
            let a = &mut acc[view];
            a.copy_from_slice(&self.b1);
            for &f in feats {
                let row = &self.w1[usize::from(f) * HIDDEN..][..HIDDEN];
                for i in 0..HIDDEN {
                    a[i] += row[i];
                }
            }
        }
        let w2 = &self.w2[b * 2 * HIDDEN..][..2 * HIDDEN];
        let mut out = self.b2[b];
        for view in 0..2 {
            let w = &w2[view * HIDDEN..][..HIDDEN];
            for i in 0..HIDDEN {
                out += acc[view][i].clamp(0.0, 1.0) * w[i];
            }
        }
        (acc, out)
    }

    /// The float network's evaluation of `pos` for the side to move, in
    /// internal centipawns (the reference the quantised network follows).
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let s = Sample::of_position(pos, 0, 0.5);
        let (us, them, n) = s.features(false);
        let (_, out) = self.forward(&us[..n], &them[..n], bucket(n as u32));
        out * OUT_SCALE as f32
    }

    /// Rounds to the engine's integers.
    pub fn quantise(&self, header: Header) -> Network {
        let mut net = Network::zeroed(header);
        let q16 = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        for (f, row) in net.w1.iter_mut().enumerate() {
            for (i, w) in row.iter_mut().enumerate() {
                *w = q16(self.w1[f * HIDDEN + i], QA);
            }
        }
        for (i, w) in net.b1.iter_mut().enumerate() {
            *w = q16(self.b1[i], QA);
        }
        for (b, row) in net.w2.iter_mut().enumerate() {
            for (i, w) in row.iter_mut().enumerate() {
                *w = q16(self.w2[b * 2 * HIDDEN + i], QB);
            }
        }
        for (b, w) in net.b2.iter_mut().enumerate() {
            *w = (self.b2[b] * (QA * QB) as f32).round() as i32;
        }
        net
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The target of a sample: see the module docs.
fn target(s: &Sample, k: f32, lambda: f32) -> f32 {
    let score = f32::from(s.score).clamp(-4000.0, 4000.0);
    lambda * sigmoid(score / k) + (1.0 - lambda) * s.stm_result()
}

/// Loss of one sample, with its gradient added to `g` when given.
fn sample_loss(
    net: &FloatNet,
    s: &Sample,
    mirror: bool,
    k: f32,
    lambda: f32,
    g: Option<&mut FloatNet>,
) -> f32 {
    let (us, them, n) = s.features(mirror);
    let b = bucket(n as u32);
    let (acc, out) = net.forward(&us[..n], &them[..n], b);
    let scale = OUT_SCALE as f32 / k;
    let p = sigmoid(out * scale);
    let t = target(s, k, lambda);
    let loss = (p - t) * (p - t);
    let Some(g) = g else {
        return loss;
    };
    let gout = 2.0 * (p - t) * p * (1.0 - p) * scale;
    g.b2[b] += gout;
    let w2 = &net.w2[b * 2 * HIDDEN..][..2 * HIDDEN];
    let gw2 = &mut g.w2[b * 2 * HIDDEN..][..2 * HIDDEN];
    for (view, feats) in [&us[..n], &them[..n]].into_iter().enumerate() {
        let mut da = [0f32; HIDDEN];
        for i in 0..HIDDEN {
            let a = acc[view][i];
            gw2[view * HIDDEN + i] += gout * a.clamp(0.0, 1.0);
            if a > 0.0 && a < 1.0 {
                da[i] = gout * w2[view * HIDDEN + i];
            }
        }
        for (b, d) in g.b1.iter_mut().zip(&da) {
            *b += d;
        }
        for &f in feats {
            let row = &mut g.w1[usize::from(f) * HIDDEN..][..HIDDEN];
            for i in 0..HIDDEN {
                row[i] += da[i];
            }
        }
    }
    loss
}

/// Adam's moments.
struct Adam {
    m: FloatNet,
    v: FloatNet,
    t: i32,
}

impl Adam {
    fn step(&mut self, net: &mut FloatNet, g: &mut FloatNet, lr: f32, scale: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        const EPS: f32 = 1e-8;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let [pw1, pb1, pw2, pb2] = net.params();
        let [mw1, mb1, mw2, mb2] = self.m.params();
        let [vw1, vb1, vw2, vb2] = self.v.params();
        let [gw1, gb1, gw2, gb2] = g.params();
        for (i, (p, m, v, g)) in [
            (pw1, mw1, vw1, gw1),
            (pb1, mb1, vb1, gb1),
            (pw2, mw2, vw2, gw2),
            (pb2, mb2, vb2, gb2),
        ]
        .into_iter()
        .enumerate()
        {
            let limit = if i < 2 { W1_LIMIT } else { f32::MAX };
            for j in 0..p.len() {
                let gj = g[j] * scale;
                m[j] = B1 * m[j] + (1.0 - B1) * gj;
                v[j] = B2 * v[j] + (1.0 - B2) * gj * gj;
                let step = lr * (m[j] / c1) / ((v[j] / c2).sqrt() + EPS);
                p[j] = (p[j] - step).clamp(-limit, limit);
            }
        }
    }
}

/// Fits `K`: the scale at which `σ(score / K)` best predicts the results.
pub fn fit_scale(samples: &[Sample]) -> f32 {
    let step = (samples.len() / 200_000).max(1);
    let err = |k: f32| {
        let mut e = 0.0f64;
        for s in samples.iter().step_by(step) {
            let p = sigmoid(f32::from(s.score).clamp(-4000.0, 4000.0) / k);
            let d = p - s.stm_result();
            e += f64::from(d * d);
        }
        e
    };
    // Golden-section search on [50, 3000].
    let (mut a, mut b) = (50.0f32, 3000.0f32);
    let r = 0.618_034f32;
    let mut c = b - r * (b - a);
    let mut d = a + r * (b - a);
    let (mut fc, mut fd) = (err(c), err(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = err(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = err(d);
        }
    }
    (a + b) / 2.0
}

/// What each epoch reports.
#[derive(Clone, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train_loss: f64,
    pub validation_loss: f64,
    pub lr: f32,
    pub elapsed: Duration,
    /// This epoch is the best so far (its weights are kept).
    pub best: bool,
}

/// What the trainer tells as it goes.
pub trait Listener: Sync {
    /// Read the data: positions for training and validation, the fitted `K`
    /// (or the starting network's, when fine-tuning).
    fn loaded(&self, train: usize, validation: usize, k: f32);
    /// Fine-tuning: the starting network's validation loss.
    fn start(&self, _validation_loss: f64) {}
    /// Share of the current epoch done, 0..=1.
    fn progress(&self, epoch: usize, done: f64);
    /// An epoch ended.
    fn epoch(&self, r: &EpochReport);
}

/// The result of a run.
pub struct Trained {
    pub network: Network,
    pub float: FloatNet,
    pub epochs: Vec<EpochReport>,
    pub k: f32,
}

/// Why training cannot be done.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// A data file cannot be read or holds damaged records.
    #[error(transparent)]
    Data(#[from] crate::learn::data::DataError),
    /// The files hold no position to train on.
    #[error("no training positions in those files")]
    NoPositions,
    /// Stopped (Ctrl+C) before the end.
    #[error("interrupted")]
    Interrupted,
}

/// Reads the data files into samples, split by game into training and validation.
///
/// # Errors
/// A file that cannot be read or holds damaged records.
pub fn load(config: &Config) -> Result<(Vec<Sample>, Vec<Sample>), TrainError> {
    let mut train = Vec::new();
    let mut val = Vec::new();
    let mut rng = Rng::new(config.seed ^ 0x005E_ED0F_5A17);
    let mut to_val = false;
    for f in &config.files {
        for r in data::read_all(f)? {
            if r.game_start {
                to_val = rng.next_f64() < config.validation;
            }
            if to_val {
                val.push(Sample::new(&r));
            } else {
                train.push(Sample::new(&r));
            }
        }
    }
    if train.is_empty() {
        return Err(TrainError::NoPositions);
    }
    if val.is_empty() {
        // Too few games to hold any out: validate on a slice of training.
        let n = (train.len() / 10).max(1);
        val = train[train.len() - n..].to_vec();
        train.truncate(train.len() - n.min(train.len() - 1));
    }
    Ok((train, val))
}

/// Mean loss of `net` over `samples` (with the scale `k` and score weight
/// `lambda` of the target), computed in fixed chunks on `threads` threads.
pub fn mean_loss(net: &FloatNet, samples: &[Sample], k: f32, lambda: f32, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let per = samples.len().div_ceil(CHUNKS);
    let mut sums = [0f64; CHUNKS];
    run_chunks(threads, &mut sums, |c, sum| {
        let lo = (c * per).min(samples.len());
        let hi = ((c + 1) * per).min(samples.len());
        *sum = samples[lo..hi]
            .iter()
            .map(|s| f64::from(sample_loss(net, s, false, k, lambda, None)))
            .sum();
    });
    sums.iter().sum::<f64>() / samples.len() as f64
}

/// Runs `f(chunk, &mut slot)` for every chunk on up to `threads` threads.
fn run_chunks<T: Send>(threads: usize, slots: &mut [T], f: impl Fn(usize, &mut T) + Sync) {
    let threads = threads.clamp(1, slots.len().max(1));
    if threads == 1 {
        for (c, slot) in slots.iter_mut().enumerate() {
            f(c, slot);
        }
        return;
    }
    let per = slots.len().div_ceil(threads);
    std::thread::scope(|scope| {
        for (t, group) in slots.chunks_mut(per).enumerate() {
            let f = &f;
            scope.spawn(move || {
                for (i, slot) in group.iter_mut().enumerate() {
                    f(t * per + i, slot);
                }
            });
        }
    });
}

/// Trains on `train`, validates on `val`.
pub fn train(
    config: &Config,
    train: &[Sample],
    val: &[Sample],
    listener: &dyn Listener,
    interrupt: &AtomicBool,
) -> Result<Trained, TrainError> {
    let mut run = Run::new(config, train, val, listener);
    for epoch in 1..=config.epochs {
        let train_loss = run.epoch(epoch, interrupt)?;
        if !run.end_epoch(epoch, train_loss) {
            break;
        }
    }
    Ok(run.finish())
}

/// A training run in progress.
struct Run<'a> {
    config: &'a Config,
    train: &'a [Sample],
    val: &'a [Sample],
    listener: &'a dyn Listener,
    /// The scale of the target's score term.
    k: f32,
    net: FloatNet,
    adam: Adam,
    /// One gradient per chunk of a batch.
    grads: Vec<FloatNet>,
    /// The lowest validation loss so far and its network.
    best: (f64, FloatNet),
    lr: f32,
    drops_without_gain: u32,
    reports: Vec<EpochReport>,
    /// Indices into `train`, shuffled each epoch.
    order: Vec<u32>,
    started: Instant,
}

impl<'a> Run<'a> {
    /// The starting network (random, or `config.init` to fine-tune) and
    /// its scale `K`.
    fn new(
        config: &'a Config,
        train: &'a [Sample],
        val: &'a [Sample],
        listener: &'a dyn Listener,
    ) -> Run<'a> {
        let (k, net) = match &config.init {
            Some(init) => (init.fit_scale().max(1) as f32, FloatNet::from_network(init)),
            None => (fit_scale(train), FloatNet::random(config.seed)),
        };
        listener.loaded(train.len(), val.len(), k);
        let adam = Adam {
            m: FloatNet::zeros(),
            v: FloatNet::zeros(),
            t: 0,
        };
        let grads: Vec<FloatNet> = (0..CHUNKS).map(|_| FloatNet::zeros()).collect();
        // A fine-tuning run keeps its start unless an epoch does better.
        let best = if config.init.is_some() {
            let start = mean_loss(&net, val, k, config.lambda, config.threads);
            listener.start(start);
            (start, net.clone())
        } else {
            (f64::INFINITY, net.clone())
        };
        Run {
            config,
            train,
            val,
            listener,
            k,
            net,
            adam,
            grads,
            best,
            lr: config.lr,
            drops_without_gain: 0,
            reports: Vec::new(),
            order: (0..train.len() as u32).collect(),
            started: Instant::now(),
        }
    }

    /// Trains one epoch on a new shuffle of the positions; returns its mean
    /// training loss.
    fn epoch(&mut self, epoch: usize, interrupt: &AtomicBool) -> Result<f64, TrainError> {
        let mut rng = Rng::new(self.config.seed ^ (epoch as u64).wrapping_mul(0x9E37_79B9));
        for i in (1..self.order.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            self.order.swap(i, j);
        }
        let take = if self.config.epoch_positions == 0 {
            self.order.len()
        } else {
            self.config.epoch_positions.min(self.order.len())
        };
        let batch = self.config.batch.max(CHUNKS);
        let mut loss_sum = 0f64;
        let steps = take.div_ceil(batch);
        for step in 0..steps {
            if interrupt.load(Ordering::Relaxed) {
                return Err(TrainError::Interrupted);
            }
            let lo = step * batch;
            let hi = (lo + batch).min(take);
            loss_sum += self.step(epoch, lo, hi);
            self.listener
                .progress(epoch, (step + 1) as f64 / steps as f64);
        }
        Ok(loss_sum / take as f64)
    }

    /// One batch, `order[lo..hi]`: its gradient summed over the chunks in
    /// order, applied by Adam. Returns the batch's summed loss.
    fn step(&mut self, epoch: usize, lo: usize, hi: usize) -> f64 {
        let loss = self.gradients(epoch, lo, hi);
        // Sum the chunks into the first, in order.
        let (first, rest) = self.grads.split_at_mut(1);
        for g in rest.iter_mut() {
            for (dst, src) in first[0].params().into_iter().zip(g.params()) {
                for (d, s) in dst.iter_mut().zip(src.iter()) {
                    *d += *s;
                }
            }
        }
        let scale = 1.0 / (hi - lo) as f32;
        self.adam.step(&mut self.net, &mut first[0], self.lr, scale);
        loss
    }

    /// Fills one gradient per chunk of the batch `order[lo..hi]`, the
    /// chunks on the threads; returns the batch's summed loss.
    fn gradients(&mut self, epoch: usize, lo: usize, hi: usize) -> f64 {
        let idx = &self.order[lo..hi];
        let per = idx.len().div_ceil(CHUNKS);
        let (net, train, k, lambda) = (&self.net, self.train, self.k, self.config.lambda);
        let mut losses = [0f64; CHUNKS];
        let mut slots: Vec<(&mut FloatNet, &mut f64)> =
            self.grads.iter_mut().zip(losses.iter_mut()).collect();
        run_chunks(self.config.threads, &mut slots, |c, (g, loss)| {
            for v in g.params() {
                v.iter_mut().for_each(|x| *x = 0.0);
            }
            let a = (c * per).min(idx.len());
            let b = ((c + 1) * per).min(idx.len());
            let mut sum = 0f64;
            for &i in &idx[a..b] {
                let s = &train[i as usize];
                sum += f64::from(sample_loss(net, s, mirrored(i, epoch), k, lambda, Some(g)));
            }
            **loss = sum;
        });
        drop(slots);
        losses.iter().sum::<f64>()
    }

    /// Validates after `epoch`, keeps the network if it is the best so far
    /// and reports; after an epoch without gain lowers the rate, or says
    /// (`false`) to stop after the third in a row.
    fn end_epoch(&mut self, epoch: usize, train_loss: f64) -> bool {
        let config = self.config;
        let validation_loss = mean_loss(&self.net, self.val, self.k, config.lambda, config.threads);
        let improved = validation_loss < self.best.0;
        if improved {
            self.best = (validation_loss, self.net.clone());
            self.drops_without_gain = 0;
        }
        let report = EpochReport {
            epoch,
            train_loss,
            validation_loss,
            lr: self.lr,
            elapsed: self.started.elapsed(),
            best: improved,
        };
        self.listener.epoch(&report);
        self.reports.push(report);
        if !improved {
            self.drops_without_gain += 1;
            if self.drops_without_gain >= 3 {
                return false;
            }
            self.lr *= 0.3;
        }
        true
    }

    /// The best network, quantised.
    fn finish(self) -> Trained {
        let config = self.config;
        let float = self.best.1;
        let network = float.quantise(Header {
            fit_scale: self.k.round().clamp(1.0, 65535.0) as u16,
            description: format!(
                "{}{} positions, {} epochs, seed {}",
                if config.init.is_some() {
                    "fine-tuned, "
                } else {
                    ""
                },
                self.train.len(),
                self.reports.len(),
                config.seed
            ),
        });
        Trained {
            network,
            float,
            epochs: self.reports,
            k: self.k,
        }
    }
}

/// Whether sample `i` is mirrored in `epoch`: about half the positions,
/// differently each epoch.
fn mirrored(i: u32, epoch: usize) -> bool {
    (u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ epoch as u64).count_ones() % 2 == 1
}
