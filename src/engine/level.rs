//! Difficulty levels: a ladder of named strengths from 入门 (Beginner), for
//! someone who has just learned the moves, to 特级大师 (Grandmaster), the
//! full engine; the same in the game's menu, in `setoption name Level` and
//! in `xiangqi levels`.
//!
//! Each level is a persona ([`Persona`]): a maximum depth and a time
//! budget, and how it chooses among the moves it has searched. The top
//! levels are the full engine within those limits. The others search every
//! root move to their depth for an exact score and then choose like a
//! person who sees roughly how good each move is but not precisely: among
//! the moves within a margin of the best, one is drawn with probability
//! growing exponentially with its score (a softmax whose temperature
//! shrinks as the level rises). The weakest also judge a share of their
//! moves at a glance ([`Persona::careless`]): what the move itself wins and
//! whether the moved piece can be taken, blind to the other threats — the
//! mistakes a beginner makes. A move that simply leaves a chariot to be
//! taken is never chosen, a careless move never loses more than a minor
//! piece, and a forced mate is always played or defended, so weak levels
//! lose plausibly, not absurdly. The book is used for a number of plies
//! that grows with the level (a beginner knows no openings).
//!
//! The levels are spaced so that each scores 60–75 % against the one below
//! it, and each has a rating fitted to all the ladder's games at once
//! ([`Level::rating`], [`RATING_SCALE`]); `benches/strength.md` ("The
//! ladder") has the games and the commands.

use super::{Engine, Limits, Score, SearchInfo, SearchResult, book};
use crate::rules::{Move, PieceKind, Position, Square};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The most a careless move may lose, as the level's search sees it, in
/// centipawns: a horse or a cannon, never a chariot.
const MAX_CARELESS_LOSS: i32 = 500;

/// A difficulty level, 1 (weakest) to [`Level::COUNT`] (the full engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How a level plays: what it searches and how it chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Persona {
    /// Deepest search, in plies.
    pub depth: u32,
    /// Thinking time per move at most, in milliseconds.
    pub millis: u64,
    /// Softmax temperature in centipawns as players read them (0: always
    /// the best move, the full engine's search within the limits).
    pub temperature: i32,
    /// Only moves within this many centipawns (as players read them) of
    /// the best are considered.
    pub margin: i32,
    /// Share of moves chosen carelessly, in percent: looking only at what
    /// the move itself wins and whether the moved piece can be taken, not
    /// at the opponent's other replies (the threats a beginner overlooks).
    pub careless: u32,
    /// Plies the opening book is used for (its lines are strong; a beginner
    /// does not know them).
    pub book_plies: u32,
}

struct Spec {
    zh: &'static str,
    en: &'static str,
    persona: Persona,
    /// Median think time at human pace, in milliseconds (see [`super::pace`]).
    pace_ms: u64,
    /// The level's rating on the ladder's scale (see [`RATING_SCALE`]).
    rating: i32,
    /// Half the 95 % interval of that rating.
    rating_margin: i32,
    /// Its games against the level below in the ladder's measurement:
    /// wins, draws, losses (against the beginner stand-in for the first).
    step: [u16; 3],
}

/// One row of the ladder: name, depth, ms, temperature, margin,
/// careless %, book plies, pace (ms), rating ± margin, and the measured
/// W-D-L against the level below.
#[allow(clippy::too_many_arguments)]
const fn spec(
    zh: &'static str,
    en: &'static str,
    (depth, millis): (u32, u64),
    (temperature, margin, careless): (i32, i32, u32),
    book_plies: u32,
    pace_ms: u64,
    (rating, rating_margin): (i32, i32),
    step: [u16; 3],
) -> Spec {
    Spec {
        zh,
        en,
        persona: Persona {
            depth,
            millis,
            temperature,
            margin,
            careless,
            book_plies,
        },
        pace_ms,
        rating,
        rating_margin,
        step,
    }
}

/// What the ratings are measured against, for the menu's notes and
/// `xiangqi levels`.
pub const RATING_SCALE: &str = "\
Ratings: a maximum-likelihood fit (`xiangqi rate`) to all the ladder's games at once, on a
scale where the rules-only beginner stand-in (`builtin:beginner`: it takes the most valuable
piece it can, and otherwise plays a random move that does not leave the moved piece to be
taken) is 500; the random mover comes out near 70. Each level played the one below it at
least 60 games from the balanced openings (both colours), at its own depth and time budget.
The steps above depth 11 (depths 12, 14, 16 and 18, then the full engine at 3 s a move)
were fitted to their own games with level 30 held at its rating; depth 18 played depth 16 in
120 games (33-81-6), the full engine played depth 18 in 60 (28-29-3) and depth 16 in 14 (9-5-0).
benches/strength.md (\"The ladder\" and \"The top of the ladder\") has the games and the
commands.";

/// The ladder, weakest first (see `benches/strength.md`, "The ladder").
const SPECS: [Spec; 35] = [
    spec(
        "入门 1",
        "Beginner 1",
        (1, 300),
        (600, 2000, 100),
        0,
        2000,
        (710, 67),
        [44, 5, 11],
    ),
    spec(
        "入门 2",
        "Beginner 2",
        (1, 300),
        (200, 700, 100),
        0,
        2100,
        (816, 52),
        [39, 0, 21],
    ),
    spec(
        "入门 3",
        "Beginner 3",
        (1, 300),
        (120, 400, 100),
        0,
        2200,
        (940, 46),
        [45, 0, 15],
    ),
    spec(
        "新手 1",
        "Novice 1",
        (1, 300),
        (95, 300, 50),
        4,
        2400,
        (1042, 65),
        [39, 0, 21],
    ),
    spec(
        "新手 2",
        "Novice 2",
        (1, 300),
        (75, 200, 20),
        6,
        2500,
        (1176, 68),
        [41, 1, 18],
    ),
    spec(
        "新手 3",
        "Novice 3",
        (1, 300),
        (60, 150, 0),
        8,
        2600,
        (1359, 61),
        [45, 0, 15],
    ),
    spec(
        "初级 1",
        "Elementary 1",
        (2, 400),
        (80, 200, 0),
        10,
        2800,
        (1459, 49),
        [38, 1, 21],
    ),
    spec(
        "初级 2",
        "Elementary 2",
        (2, 400),
        (65, 175, 0),
        11,
        2900,
        (1551, 66),
        [37, 4, 19],
    ),
    spec(
        "初级 3",
        "Elementary 3",
        (2, 400),
        (50, 150, 0),
        12,
        3000,
        (1700, 44),
        [43, 1, 16],
    ),
    spec(
        "初级 4",
        "Elementary 4",
        (3, 500),
        (70, 180, 0),
        13,
        3100,
        (1803, 67),
        [35, 4, 21],
    ),
    spec(
        "中级 1",
        "Intermediate 1",
        (3, 500),
        (50, 150, 0),
        14,
        3300,
        (1978, 52),
        [41, 3, 16],
    ),
    spec(
        "中级 2",
        "Intermediate 2",
        (3, 500),
        (40, 120, 0),
        15,
        3400,
        (2111, 66),
        [38, 3, 19],
    ),
    spec(
        "中级 3",
        "Intermediate 3",
        (3, 500),
        (30, 100, 0),
        16,
        3500,
        (2250, 35),
        [40, 0, 20],
    ),
    spec(
        "中级 4",
        "Intermediate 4",
        (4, 700),
        (38, 110, 0),
        17,
        3600,
        (2373, 64),
        [38, 3, 19],
    ),
    spec(
        "高级 1",
        "Advanced 1",
        (4, 700),
        (35, 100, 0),
        18,
        3800,
        (2452, 43),
        [34, 4, 22],
    ),
    spec(
        "高级 2",
        "Advanced 2",
        (4, 700),
        (25, 80, 0),
        20,
        3900,
        (2608, 53),
        [41, 5, 14],
    ),
    spec(
        "高级 3",
        "Advanced 3",
        (4, 700),
        (17, 55, 0),
        22,
        4000,
        (2774, 38),
        [38, 2, 20],
    ),
    spec(
        "高级 4",
        "Advanced 4",
        (5, 1000),
        (24, 72, 0),
        25,
        4100,
        (2865, 47),
        [38, 7, 15],
    ),
    spec(
        "专家 1",
        "Expert 1",
        (5, 1000),
        (21, 64, 0),
        26,
        4300,
        (2945, 64),
        [36, 5, 19],
    ),
    spec(
        "专家 2",
        "Expert 2",
        (5, 1000),
        (18, 55, 0),
        26,
        4400,
        (3049, 38),
        [39, 3, 18],
    ),
    spec(
        "专家 3",
        "Expert 3",
        (5, 1000),
        (12, 40, 0),
        27,
        4500,
        (3171, 58),
        [40, 5, 15],
    ),
    spec(
        "专家 4",
        "Expert 4",
        (5, 1000),
        (8, 30, 0),
        30,
        4600,
        (3276, 50),
        [36, 6, 18],
    ),
    spec(
        "大师 1",
        "Master 1",
        (5, 1000),
        (3, 12, 0),
        32,
        4800,
        (3367, 47),
        [37, 2, 21],
    ),
    spec(
        "大师 2",
        "Master 2",
        (6, 1200),
        (9, 28, 0),
        34,
        5000,
        (3529, 39),
        [36, 6, 18],
    ),
    spec(
        "大师 3",
        "Master 3",
        (7, 1500),
        (12, 36, 0),
        38,
        5200,
        (3614, 48),
        [66, 17, 37],
    ),
    spec(
        "大师 4",
        "Master 4",
        (7, 1500),
        (0, 0, 0),
        40,
        5400,
        (3812, 35),
        [160, 39, 41],
    ),
    spec(
        "特级大师 1",
        "Grandmaster 1",
        (8, 1800),
        (0, 0, 0),
        40,
        5800,
        (3984, 69),
        [37, 16, 7],
    ),
    spec(
        "特级大师 2",
        "Grandmaster 2",
        (9, 2000),
        (0, 0, 0),
        40,
        6100,
        (4141, 60),
        [33, 22, 5],
    ),
    spec(
        "特级大师 3",
        "Grandmaster 3",
        (10, 2000),
        (0, 0, 0),
        40,
        6400,
        (4299, 68),
        [30, 26, 4],
    ),
    spec(
        "特级大师 4",
        "Grandmaster 4",
        (11, 2500),
        (0, 0, 0),
        40,
        6700,
        (4458, 96),
        [29, 28, 3],
    ),
    spec(
        "特级大师 5",
        "Grandmaster 5",
        (12, 3000),
        (0, 0, 0),
        40,
        6800,
        (4545, 67),
        [19, 37, 4],
    ),
    spec(
        "特级大师 6",
        "Grandmaster 6",
        (14, 3000),
        (0, 0, 0),
        40,
        6900,
        (4725, 67),
        [32, 25, 3],
    ),
    spec(
        "特级大师 7",
        "Grandmaster 7",
        (16, 3000),
        (0, 0, 0),
        40,
        7000,
        (4824, 51),
        [20, 37, 3],
    ),
    spec(
        "特级大师 8",
        "Grandmaster 8",
        (18, 3000),
        (0, 0, 0),
        40,
        7100,
        (4904, 53),
        [33, 81, 6],
    ),
    spec(
        "特级大师 9",
        "Grandmaster 9",
        (MAX_DEPTH, 3000),
        (0, 0, 0),
        40,
        7200,
        (5057, 88),
        [28, 29, 3],
    ),
];

/// The full engine's depth limit: none that binds within its time.
const MAX_DEPTH: u32 = 30;

/// This ladder's number in stored files (settings, autosaves): 3. Files
/// without one are from the eight-level ladder (1); ladder 2 had 31 levels,
/// its top the full engine, before the steps between depth 11 and the full
/// engine were measured and put in.
pub const LADDER: u32 = 3;

/// The level of this ladder closest in strength to level `old` of the
/// eight-level ladder (settings and autosaves from then).
const FROM_EIGHT: [u8; 8] = [3, 8, 12, 16, 22, 26, 29, Level::COUNT as u8];

impl Level {
    /// How many levels there are.
    pub const COUNT: usize = SPECS.len();

    /// All levels, weakest first.
    pub const ALL: [Level; Level::COUNT] = {
        let mut all = [Level(1); Level::COUNT];
        let mut i = 0;
        while i < Level::COUNT {
            all[i] = Level(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level: the full engine.
    pub const MAX: Level = Level(Level::COUNT as u8);

    /// Level `n` (1 to [`Level::COUNT`]).
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n as usize <= Level::COUNT {
            Some(Level(n))
        } else {
            None
        }
    }

    /// 1 to [`Level::COUNT`].
    pub const fn number(self) -> u8 {
        self.0
    }

    fn spec(self) -> &'static Spec {
        &SPECS[(self.0.clamp(1, Level::COUNT as u8) - 1) as usize]
    }

    /// Chinese name: 入门, 新手, 初级, 中级, 高级, 专家, 大师, 特级大师.
    pub fn name_zh(self) -> &'static str {
        self.spec().zh
    }

    /// English name: Beginner … Grandmaster.
    pub fn name_en(self) -> &'static str {
        self.spec().en
    }

    /// The group of levels it belongs to, in Chinese: 入门, 新手, 初级,
    /// 中级, 高级, 专家, 大师, 特级大师 (its name without the step's number).
    pub fn tier_zh(self) -> &'static str {
        tier_of(self.name_zh())
    }

    /// The group in English: Beginner … Grandmaster.
    pub fn tier_en(self) -> &'static str {
        tier_of(self.name_en())
    }

    /// The step within its group, from 1.
    pub fn step_in_tier(self) -> u8 {
        Level::ALL
            .iter()
            .filter(|l| **l <= self && l.tier_en() == self.tier_en())
            .count() as u8
    }

    /// Is `other` in the same group?
    pub fn same_tier(self, other: Level) -> bool {
        self.tier_en() == other.tier_en()
    }

    /// The first level of each group, weakest group first.
    pub fn tier_starts() -> Vec<Level> {
        Level::ALL
            .iter()
            .copied()
            .filter(|l| l.step_in_tier() == 1)
            .collect()
    }

    /// How it plays.
    pub fn persona(self) -> Persona {
        self.spec().persona
    }

    /// Deepest search, in plies (what the menu shows).
    pub fn max_depth(self) -> u32 {
        self.spec().persona.depth
    }

    /// Thinking time per move at most.
    pub fn time_budget(self) -> Duration {
        Duration::from_millis(self.spec().persona.millis)
    }

    /// The search limits of this level.
    pub fn limits(self) -> Limits {
        self.persona().limits()
    }

    /// Softmax temperature in centipawns (0 for the full-strength levels).
    pub fn temperature(self) -> i32 {
        self.spec().persona.temperature
    }

    /// Median think time at human pace (the game's default; see [`super::pace`]).
    pub fn pace(self) -> Duration {
        Duration::from_millis(self.spec().pace_ms)
    }

    /// Its rating on the ladder's scale ([`RATING_SCALE`]).
    pub fn rating(self) -> i32 {
        self.spec().rating
    }

    /// Half the 95 % interval of [`Level::rating`].
    pub fn rating_margin(self) -> i32 {
        self.spec().rating_margin
    }

    /// Its measured games against the level below: wins, draws, losses
    /// (the first level's are against the rules-only beginner stand-in).
    pub fn step(self) -> [u16; 3] {
        self.spec().step
    }

    /// The level closest in strength to level `old` (1 to 8) of the
    /// eight-level ladder that came before this one: what a setting or an
    /// autosave from then means now. `None` for a number that was never
    /// a level.
    pub fn from_eight(old: u8) -> Option<Level> {
        let n = *FROM_EIGHT.get(usize::from(old).checked_sub(1)?)?;
        Level::new(n)
    }

    /// What level `old` of ladder `ladder` (as stored files name it, see
    /// [`LADDER`]) means now: the eight-level ladder through
    /// [`Level::from_eight`]; ladder 2's levels 1–30 are the same, its
    /// top (31, the full engine) is the full engine still. `None` for a
    /// number that was never a level of that ladder.
    pub fn from_ladder(ladder: u32, old: u8) -> Option<Level> {
        match ladder {
            0 | 1 => Level::from_eight(old),
            2 if old == 31 => Some(Level::MAX),
            2 if old > 31 => None,
            _ => Level::new(old),
        }
    }
}

/// "入门 2" → "入门".
fn tier_of(name: &'static str) -> &'static str {
    name.rsplit_once(' ').map_or(name, |(tier, _)| tier)
}

impl Persona {
    /// Its search limits.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: Some(self.depth),
            movetime: Some(Duration::from_millis(self.millis)),
            ..Limits::default()
        }
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
    choose_move_as(
        engine,
        &level.persona(),
        pos,
        history,
        cap,
        stop,
        on_info,
        rng_seed,
        time_scale,
    )
}

/// [`choose_move_within`] for a persona of one's own (the ladder's tuning
/// tries personas before they become levels).
pub fn choose_move_as(
    engine: &mut Engine,
    persona: &Persona,
    pos: &Position,
    history: &[Position],
    cap: &Limits,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
    rng_seed: u64,
    time_scale: f64,
) -> SearchResult {
    let mut rng = Rng::new(rng_seed ^ pos.hash());
    let in_book = history.len() < persona.book_plies as usize;
    if let Some(m) = book::pick(pos, rng.next_u64()).filter(|_| in_book) {
        return SearchResult {
            best: m,
            ponder: None,
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: vec![m],
        };
    }
    let mut limits = persona.limits();
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
    let spec = persona;
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
    // Margins and temperatures are in centipawns as players read them,
    // whichever evaluation searched.
    let shown: Vec<(Move, i32)> = scores
        .iter()
        .map(|&(m, s)| (m, engine.evaluator().display_cp(s)))
        .collect();
    let best_shown = shown[0].1;
    // A careless move, unless in check (a person looks hard then); and not
    // one that throws the game away: if the search sees it losing more
    // than a minor piece, the level looks again.
    let careless = (u64::from(spec.careless) > rng.next_u64() % 100 && !pos.in_check())
        .then(|| careless_choice(pos, spec, &mut rng))
        .flatten()
        .filter(|m| {
            shown
                .iter()
                .find(|(c, _)| c == m)
                .is_some_and(|&(_, s)| s >= best_shown - MAX_CARELESS_LOSS)
        });
    let chosen = if Score::from_internal(best).mate_plies().is_some() {
        // A forced mate (for or against) is played or defended as well as it can be.
        best_move
    } else if let Some(m) = careless {
        m
    } else {
        let candidates: Vec<(Move, i32)> = shown
            .iter()
            .copied()
            .filter(|&(m, s)| {
                m == best_move || (s >= best_shown - spec.margin && !hangs_chariot(pos, m))
            })
            .collect();
        softmax_pick(&candidates, best_shown, spec.temperature, &mut rng).unwrap_or(best_move)
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

/// A move chosen at a glance (see [`Persona::careless`]): each move is judged by
/// the position right after it and by whether the moved piece can simply be
/// taken there, and one is drawn by the level's softmax among those within
/// its margin of the best-looking. Moves that leave a chariot to be taken
/// are left out; `None` when every move does.
fn careless_choice(pos: &Position, spec: &Persona, rng: &mut Rng) -> Option<Move> {
    let glanced: Vec<(Move, i32)> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| !hangs_chariot(pos, m))
        .map(|m| (m, glance(pos, m)))
        .collect();
    let top = glanced.iter().map(|g| g.1).max()?;
    let candidates: Vec<(Move, i32)> = glanced
        .into_iter()
        .filter(|&(_, s)| s >= top - spec.margin)
        .collect();
    Some(softmax_pick(&candidates, top, spec.temperature, rng).unwrap_or(candidates[0].0))
}

/// One of `candidates` drawn with weight `exp((score - best) / temperature)`.
fn softmax_pick(
    candidates: &[(Move, i32)],
    best: i32,
    temperature: i32,
    rng: &mut Rng,
) -> Option<Move> {
    let weights: Vec<f64> = candidates
        .iter()
        .map(|&(_, s)| (f64::from(s - best) / f64::from(temperature.max(1))).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut r = rng.next_f64() * total;
    for (&(m, _), w) in candidates.iter().zip(&weights) {
        if r < *w {
            return Some(m);
        }
        r -= w;
    }
    None
}

/// What `m` is worth at a glance, for the side to move: material and
/// placement right after it, less what the moved piece can lose where it
/// lands. Threats against the other pieces go unseen.
fn glance(pos: &Position, m: Move) -> i32 {
    let mut after = *pos;
    after.make(m);
    // Material and placement only: the full evaluation weighs threats,
    // which is what a glance does not see.
    super::eval::Acc::new(&after).quick(pos.side_to_move()) - exposed(&after, m.to())
}

/// What stands on `sq` can lose when the side to move in `after` takes it:
/// all of it when it is not defended, the difference when a cheaper piece
/// takes a defended one.
fn exposed(after: &Position, sq: Square) -> i32 {
    let Some(piece) = after.piece_at(sq) else {
        return 0;
    };
    let cheapest = after
        .legal_captures()
        .iter()
        .filter(|c| c.to() == sq)
        .filter_map(|&c| after.piece_at(c.from()).map(|p| (glance_value(p.kind), c)))
        .min_by_key(|&(v, _)| v);
    let Some((attacker, take)) = cheapest else {
        return 0;
    };
    let mut taken = *after;
    taken.make(take);
    let defended = taken.legal_captures().iter().any(|r| r.to() == sq);
    let ours = glance_value(piece.kind);
    if defended {
        (ours - attacker).max(0)
    } else {
        ours
    }
}

/// Piece values at a glance, in centipawns.
fn glance_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Chariot => 900,
        PieceKind::Cannon => 450,
        PieceKind::Horse => 400,
        PieceKind::Advisor | PieceKind::Elephant => 200,
        PieceKind::Soldier => 100,
        PieceKind::General => 0,
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
    fn levels_have_names_and_rise_in_every_knob_and_rating() {
        for pair in Level::ALL.windows(2) {
            let (lo, hi) = (pair[0], pair[1]);
            let (a, b) = (lo.persona(), hi.persona());
            assert!(hi.rating() > lo.rating(), "{hi} is rated above {lo}");
            assert!(b.depth >= a.depth && b.millis >= a.millis, "{hi}");
            assert!(
                b.careless <= a.careless && b.book_plies >= a.book_plies,
                "{hi}"
            );
            // Within a depth the blur falls; a level one ply deeper may
            // blur more (a ply is worth more than the sharper judgement).
            assert!(
                b.depth > a.depth || b.temperature <= a.temperature,
                "{hi} is less blurred than {lo}"
            );
            assert!(hi.pace() >= lo.pace(), "{hi} thinks at least as long");
            assert_ne!(hi.name_zh(), lo.name_zh());
        }
        for l in Level::ALL {
            assert!(!l.name_zh().is_empty() && !l.name_en().is_empty());
        }
        assert!(Level::MIN.name_en().starts_with("Beginner"));
        assert!(Level::MAX.name_en().starts_with("Grandmaster"));
        assert!(Level::MAX.name_zh().starts_with("特级大师"));
        // The top level is the full engine: no depth cap that binds.
        assert_eq!(Level::MAX.max_depth(), MAX_DEPTH);
        assert_eq!(Level::MAX.temperature(), 0);
        assert_eq!(Level::MAX.persona().careless, 0);
        assert!(Level::new(0).is_none() && Level::new(Level::COUNT as u8 + 1).is_none());
        assert_eq!(Level::ALL.len(), Level::COUNT);
        assert_eq!(Level::ALL[Level::COUNT - 1], Level::MAX);
    }

    #[test]
    fn every_step_of_the_shipped_ladder_was_measured_and_rises() {
        // How close each step is to the 60–75 % it aims at is in
        // benches/strength.md.
        for level in Level::ALL {
            let [w, d, l] = level.step().map(f64::from);
            let games = w + d + l;
            assert!(games >= 60.0, "{level}: {games} games");
            let score = (w + d / 2.0) / games;
            let least = if level == Level::MIN { 0.55 } else { 0.5 };
            assert!(
                score > least,
                "{level} scored {:.1} % against the one below",
                score * 100.0
            );
            assert!(level.rating_margin() > 0, "{level}");
        }
    }

    #[test]
    fn levels_come_in_named_groups_of_numbered_steps() {
        let tiers: Vec<&str> = Level::ALL.iter().map(|l| l.tier_en()).collect();
        let mut distinct = tiers.clone();
        distinct.dedup();
        assert_eq!(
            distinct,
            [
                "Beginner",
                "Novice",
                "Elementary",
                "Intermediate",
                "Advanced",
                "Expert",
                "Master",
                "Grandmaster"
            ]
        );
        for l in Level::ALL {
            let n = l.step_in_tier();
            assert_eq!(l.name_en(), format!("{} {n}", l.tier_en()));
            assert_eq!(l.name_zh(), format!("{} {n}", l.tier_zh()));
        }
    }

    #[test]
    fn the_eight_old_levels_map_onto_rising_levels_of_this_ladder() {
        let mapped: Vec<Level> = (1..=8).map(|n| Level::from_eight(n).unwrap()).collect();
        assert!(mapped.windows(2).all(|w| w[0] < w[1]), "{mapped:?}");
        assert_eq!(mapped[7], Level::MAX);
        assert_eq!(Level::from_eight(0), None);
        assert_eq!(Level::from_eight(9), None);
    }

    #[test]
    fn levels_of_older_ladders_keep_their_meaning() {
        // No number and ladder 1: the eight levels.
        for ladder in [0, 1] {
            assert_eq!(Level::from_ladder(ladder, 8), Some(Level::MAX));
            assert_eq!(Level::from_ladder(ladder, 1), Level::from_eight(1));
            assert_eq!(Level::from_ladder(ladder, 9), None);
        }
        // Ladder 2: the same levels up to depth 11; its top was the full engine.
        for n in 1..=30 {
            let now = Level::from_ladder(2, n).unwrap();
            assert_eq!(now.number(), n);
        }
        assert_eq!(Level::from_ladder(2, 30).unwrap().max_depth(), 11);
        assert_eq!(Level::from_ladder(2, 31), Some(Level::MAX));
        assert_eq!(Level::from_ladder(2, 32), None);
        assert_eq!(Level::from_ladder(2, 0), None);
        // This ladder: as stored.
        let top = Level::COUNT as u8;
        assert_eq!(Level::from_ladder(LADDER, top), Some(Level::MAX));
        assert_eq!(Level::from_ladder(LADDER, top + 1), None);
    }

    #[test]
    fn a_glance_sees_what_the_moved_piece_can_lose_where_it_lands() {
        let e4 = Square::parse("e4").unwrap();
        // The black soldier can take the horse, nothing takes back: all of it.
        let alone = Position::from_fen("3k5/9/9/9/4p4/4N4/9/9/9/4K4 b - - 0 1").unwrap();
        assert_eq!(exposed(&alone, e4), 400);
        // Defended by the chariot: the horse for a soldier.
        let defended = Position::from_fen("3k5/9/9/9/4p4/4N4/9/9/4R4/5K3 b - - 0 1").unwrap();
        assert_eq!(exposed(&defended, e4), 300);
        // Nothing attacks e4 once the soldier is gone.
        let safe = Position::from_fen("3k5/9/9/9/9/4N4/9/9/9/4K4 b - - 0 1").unwrap();
        assert_eq!(exposed(&safe, e4), 0);
    }

    #[test]
    fn a_careless_level_overlooks_a_threat_that_a_careful_one_sees() {
        // The black chariot on c7 attacks the red horse on c4, which nothing
        // defends; Red to move.
        let pos = Position::from_fen("3k5/9/2r6/9/9/2N6/P3P1P1P/9/9/4K4 w - - 0 1").unwrap();
        let horse_hangs = |m: Move| {
            let mut after = pos;
            after.make(m);
            after.legal_captures().iter().any(|c| {
                after
                    .piece_at(c.to())
                    .is_some_and(|p| p.kind == PieceKind::Horse)
            })
        };
        let saved = |persona: &Persona| {
            let mut engine = Engine::new(1);
            (0..40)
                .filter(|&seed| {
                    let r = choose_move_as(
                        &mut engine,
                        persona,
                        &pos,
                        &[],
                        &Limits::default(),
                        &AtomicBool::new(false),
                        &mut |_| {},
                        seed,
                        1.0,
                    );
                    !horse_hangs(r.best)
                })
                .count()
        };
        // A level that searches one ply and judges sharply enough to see
        // a horse hang (新手 3), then the same judging at a glance.
        let careful = Persona {
            careless: 0,
            book_plies: 0,
            ..Level::new(6).unwrap().persona()
        };
        assert_eq!(careful.depth, 1);
        let careless = Persona {
            careless: 100,
            ..careful
        };
        assert_eq!(saved(&careful), 40, "the careful look sees the chariot");
        let n = saved(&careless);
        assert!(
            n < 30,
            "a careless look saves the horse only by chance: {n} of 40"
        );
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
