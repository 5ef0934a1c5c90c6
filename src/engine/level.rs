//! Difficulty levels: eight named strengths from 入门 (Beginner) to 特级大师
//! (Grandmaster), the same in the game's menu and in `setoption name Level`.
//!
//! Each level is a maximum depth and a time budget. The top three are the
//! full engine within those limits. The lower five search every root move
//! to their depth for an exact score and then choose like a person who
//! sees roughly how good each move is but not precisely: among the moves
//! within a margin of the best, one is drawn with probability growing
//! exponentially with its score (a softmax whose temperature shrinks as the
//! level rises). A move that simply leaves a chariot to be taken is never
//! among the candidates, so weak levels make plausible mistakes, not
//! absurd ones. Every level opens from the small book for variety.

use super::{Engine, Limits, Score, SearchInfo, SearchResult, book};
use crate::rules::{Move, PieceKind, Position};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// A difficulty level, 1 (weakest) to 8 (strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

struct Spec {
    zh: &'static str,
    en: &'static str,
    depth: u32,
    millis: u64,
    /// Softmax temperature in centipawns (0: always the best move).
    temperature: i32,
    /// Only moves within this many centipawns of the best are considered.
    margin: i32,
}

const SPECS: [Spec; 8] = [
    Spec {
        zh: "入门",
        en: "Beginner",
        depth: 1,
        millis: 300,
        temperature: 120,
        margin: 260,
    },
    Spec {
        zh: "新手",
        en: "Novice",
        depth: 2,
        millis: 400,
        temperature: 70,
        margin: 200,
    },
    Spec {
        zh: "初级",
        en: "Elementary",
        depth: 3,
        millis: 500,
        temperature: 40,
        margin: 140,
    },
    Spec {
        zh: "中级",
        en: "Intermediate",
        depth: 4,
        millis: 700,
        temperature: 20,
        margin: 80,
    },
    Spec {
        zh: "高级",
        en: "Advanced",
        depth: 5,
        millis: 1000,
        temperature: 8,
        margin: 30,
    },
    Spec {
        zh: "专家",
        en: "Expert",
        depth: 7,
        millis: 1500,
        temperature: 0,
        margin: 0,
    },
    Spec {
        zh: "大师",
        en: "Master",
        depth: 10,
        millis: 2000,
        temperature: 0,
        margin: 0,
    },
    Spec {
        zh: "特级大师",
        en: "Grandmaster",
        depth: 30,
        millis: 3000,
        temperature: 0,
        margin: 0,
    },
];

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 8] = [
        Level(1),
        Level(2),
        Level(3),
        Level(4),
        Level(5),
        Level(6),
        Level(7),
        Level(8),
    ];

    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(8);

    /// Level `n` (1..=8).
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// 1..=8.
    pub const fn number(self) -> u8 {
        self.0
    }

    fn spec(self) -> &'static Spec {
        &SPECS[(self.0.clamp(1, 8) - 1) as usize]
    }

    /// Chinese name: 入门, 新手, 初级, 中级, 高级, 专家, 大师, 特级大师.
    pub fn name_zh(self) -> &'static str {
        self.spec().zh
    }

    /// English name: Beginner … Grandmaster.
    pub fn name_en(self) -> &'static str {
        self.spec().en
    }

    /// Deepest search, in plies (what the menu shows).
    pub fn max_depth(self) -> u32 {
        self.spec().depth
    }

    /// Thinking time per move at most.
    pub fn time_budget(self) -> Duration {
        Duration::from_millis(self.spec().millis)
    }

    /// The search limits of this level.
    pub fn limits(self) -> Limits {
        Limits {
            depth: Some(self.max_depth()),
            movetime: Some(self.time_budget()),
            ..Limits::default()
        }
    }

    /// Softmax temperature in centipawns (0 for the full-strength levels).
    pub fn temperature(self) -> i32 {
        self.spec().temperature
    }
}

impl Default for Level {
    fn default() -> Self {
        Level(4)
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} ({})", self.0, self.name_en(), self.name_zh())
    }
}

/// A small, fast random number generator (SplitMix64): reproducible from a seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// Seeds the generator.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Chooses the move `level` would play in `pos` (see the module docs):
/// a book move in the opening, otherwise the level's search and, at the low
/// levels, a softmax draw among near-best moves. `rng_seed` makes the choice
/// reproducible. The move is legal whenever a legal move exists.
pub fn choose_move(
    engine: &mut Engine,
    level: Level,
    pos: &Position,
    history: &[Position],
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
    rng_seed: u64,
) -> SearchResult {
    choose_move_scaled(engine, level, pos, history, stop, on_info, rng_seed, 1.0)
}

/// [`choose_move`] with the level's time budget multiplied by `time_scale`
/// (self-play matches use a fraction to finish in reasonable time).
#[doc(hidden)]
pub fn choose_move_scaled(
    engine: &mut Engine,
    level: Level,
    pos: &Position,
    history: &[Position],
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
    rng_seed: u64,
    time_scale: f64,
) -> SearchResult {
    choose_move_within(
        engine,
        level,
        pos,
        history,
        &Limits::default(),
        stop,
        on_info,
        rng_seed,
        time_scale,
    )
}

/// [`choose_move_scaled`] that also keeps within `cap`: the level never
/// searches deeper, longer or more nodes than `cap` allows, and under a
/// clock it thinks no longer than the clock's time management gives.
pub fn choose_move_within(
    engine: &mut Engine,
    level: Level,
    pos: &Position,
    history: &[Position],
    cap: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
    rng_seed: u64,
    time_scale: f64,
) -> SearchResult {
    let mut rng = Rng::new(rng_seed ^ pos.hash());
    if let Some(m) = book::pick(pos, rng.next_u64()) {
        return SearchResult {
            best: m,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: vec![m],
        };
    }
    let mut limits = level.limits();
    limits.movetime = limits
        .movetime
        .map(|t| t.mul_f64(time_scale.clamp(0.001, 1000.0)));
    limits.depth = match (limits.depth, cap.depth) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    limits.movetime = match (limits.movetime, cap.movetime) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    limits.nodes = cap.nodes;
    limits.clock = cap.clock;
    let spec = level.spec();
    if spec.temperature == 0 {
        return engine.search(pos, history, &limits, stop, on_info);
    }
    let start = Instant::now();
    let depth = limits.depth.unwrap_or(spec.depth).min(spec.depth);
    let deadline = super::timeman::plan(&limits).hard.map(|h| start + h);
    let scores = engine.root_scores(pos, history, depth, deadline, stop);
    let Some(&(best_move, best)) = scores.first() else {
        // Stopped before anything was scored, or no legal move.
        let quick = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        return engine.search(pos, history, &quick, &AtomicBool::new(false), on_info);
    };
    let chosen = if Score::from_internal(best).mate_plies().is_some() {
        // A forced mate (for or against) is played or defended as well as it can be.
        best_move
    } else {
        let candidates: Vec<(Move, i32)> = scores
            .iter()
            .copied()
            .filter(|&(m, s)| m == best_move || (s >= best - spec.margin && !hangs_chariot(pos, m)))
            .collect();
        let weights: Vec<f64> = candidates
            .iter()
            .map(|&(_, s)| (f64::from(s - best) / f64::from(spec.temperature)).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        let mut r = rng.next_f64() * total;
        let mut pick = best_move;
        for (&(m, _), w) in candidates.iter().zip(&weights) {
            if r < *w {
                pick = m;
                break;
            }
            r -= w;
        }
        pick
    };
    let score = scores
        .iter()
        .find(|(m, _)| *m == chosen)
        .map_or(best, |s| s.1);
    let info = SearchInfo {
        multipv: 1,
        depth,
        seldepth: depth,
        score: engine.evaluator().score(score),
        nodes: 0,
        nps: 0,
        time: start.elapsed(),
        pv: vec![chosen],
    };
    on_info(&info);
    SearchResult {
        best: chosen,
        ponder: None,
        score: info.score,
        depth,
        nodes: 0,
        pv: vec![chosen],
    }
}

/// True if after `m` the opponent can simply take one of our chariots: with
/// a lesser piece, or with a chariot we cannot take back.
pub fn hangs_chariot(pos: &Position, m: Move) -> bool {
    let mut after = *pos;
    if after.play(m).is_err() {
        return true;
    }
    let us = pos.side_to_move();
    after.legal_captures().iter().any(|&c| {
        let Some(victim) = after.piece_at(c.to()) else {
            return false;
        };
        if victim.color != us || victim.kind != PieceKind::Chariot {
            return false;
        }
        let attacker_is_chariot = after
            .piece_at(c.from())
            .is_some_and(|p| p.kind == PieceKind::Chariot);
        if !attacker_is_chariot {
            return true;
        }
        let mut p2 = after;
        p2.make(c);
        !p2.legal_captures().iter().any(|r| r.to() == c.to())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_have_names_and_rising_depths() {
        let mut last = 0;
        for l in Level::ALL {
            assert!(!l.name_zh().is_empty() && !l.name_en().is_empty());
            assert!(l.max_depth() > last);
            last = l.max_depth();
        }
        assert_eq!(Level::MIN.name_en(), "Beginner");
        assert_eq!(Level::MAX.name_en(), "Grandmaster");
        assert_eq!(Level::MAX.name_zh(), "特级大师");
        assert!(Level::new(0).is_none() && Level::new(9).is_none());
    }

    #[test]
    fn leaving_a_chariot_en_prise_is_recognised() {
        // A black horse on e5 covers c4 but not a4.
        let pos = Position::from_fen("3k5/9/9/9/4n4/9/2R6/9/9/4K4 w - - 0 1").unwrap();
        assert!(hangs_chariot(&pos, Move::from_iccs("c3c4").unwrap()));
        assert!(!hangs_chariot(&pos, Move::from_iccs("c3a3").unwrap()));
        // Chariot against chariot, defended by the general: not hanging.
        let pos = Position::from_fen("5k3/9/9/9/3r5/9/9/9/9/R3K4 w - - 0 1").unwrap();
        assert!(!hangs_chariot(&pos, Move::from_iccs("a0d0").unwrap()));
        assert!(hangs_chariot(&pos, Move::from_iccs("a0a5").unwrap()));
    }
}
