//! The ladder: the 36 levels' specifications, weakest first, each with
//! its persona, pace, rating and the games that measured its step.

use super::Persona;

pub(super) struct Spec {
    pub(super) zh: &'static str,
    pub(super) en: &'static str,
    pub(super) persona: Persona,
    /// Median think time at human pace, in milliseconds (see [`super::pace`]).
    pub(super) pace_ms: u64,
    /// The level's rating on the ladder's scale (see [`RATING_SCALE`]).
    pub(super) rating: i32,
    /// Half the 95 % interval of that rating.
    pub(super) rating_margin: i32,
    /// Its games against the level below in the ladder's measurement:
    /// wins, draws, losses (against the beginner stand-in for the first).
    pub(super) step: [u16; 3],
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
Ratings: a maximum-likelihood fit (`xiangqi rate`) to the ladder's games, on a scale where the
rules-only beginner stand-in (`builtin:beginner`: it takes the most valuable piece it can, and
otherwise plays a random move that does not leave the moved piece to be taken) is 500. Levels
1-19 were refitted on 2026-12-04 to 6,600 games, each level against the one below it (480 games
a step up to level 9, 240 to level 18, 120 for level 19; the balanced openings, both colours);
every level from 1 to 8 beat the random mover in 240 games or more without a loss. Levels 19-32
were measured again on 2026-12-04, 120 games a step (the blur of levels 19-21, 25 and 26
retuned, and a rung put in between depths 7 and 8, the blurred depth 8 of level 27), and fitted
with level 18 held at its rating: every step from level 1 to depth 12 scores 60-75 %. The steps
above (depths 14, 16 and 18, then the full engine at 3 s a move) keep the differences of their
earlier fit, moved up with depth 12; depth 18 played depth 16 in 120 games (33-81-6), the full
engine played depth 18 in 60 (28-29-3) and depth 16 in 14 (9-5-0).
benches/strength.md (\"The ladder\", \"The top of the ladder\", \"The low ladder
refitted\", \"Levels 19-30 measured again\", \"A rung between depths 7 and 8\") has the games
and the commands.";

/// The ladder, weakest first (see `benches/strength.md`, "The ladder").
pub(super) const SPECS: [Spec; 36] = [
    spec(
        "入门 1",
        "Beginner 1",
        (1, 300),
        (1000, 3000, 100),
        0,
        2000,
        (691, 25),
        [339, 43, 98],
    ),
    spec(
        "入门 2",
        "Beginner 2",
        (1, 300),
        (260, 900, 100),
        0,
        2100,
        (833, 23),
        [318, 30, 132],
    ),
    spec(
        "入门 3",
        "Beginner 3",
        (1, 300),
        (140, 450, 100),
        0,
        2200,
        (915, 23),
        [280, 32, 168],
    ),
    spec(
        "新手 1",
        "Novice 1",
        (1, 300),
        (95, 300, 50),
        4,
        2400,
        (1067, 24),
        [329, 19, 132],
    ),
    spec(
        "新手 2",
        "Novice 2",
        (1, 300),
        (75, 200, 20),
        6,
        2500,
        (1199, 24),
        [323, 9, 148],
    ),
    spec(
        "新手 3",
        "Novice 3",
        (1, 300),
        (60, 150, 0),
        8,
        2600,
        (1359, 24),
        [339, 9, 132],
    ),
    spec(
        "初级 1",
        "Elementary 1",
        (2, 400),
        (70, 180, 0),
        10,
        2800,
        (1527, 24),
        [334, 28, 118],
    ),
    spec(
        "初级 2",
        "Elementary 2",
        (2, 400),
        (60, 165, 0),
        11,
        2900,
        (1646, 24),
        [300, 38, 142],
    ),
    spec(
        "初级 3",
        "Elementary 3",
        (2, 400),
        (50, 150, 0),
        12,
        3000,
        (1789, 27),
        [322, 24, 134],
    ),
    spec(
        "初级 4",
        "Elementary 4",
        (3, 500),
        (57, 160, 0),
        13,
        3100,
        (1919, 34),
        [158, 10, 72],
    ),
    spec(
        "中级 1",
        "Intermediate 1",
        (3, 500),
        (48, 135, 0),
        14,
        3300,
        (2101, 34),
        [173, 10, 57],
    ),
    spec(
        "中级 2",
        "Intermediate 2",
        (3, 500),
        (42, 120, 0),
        15,
        3400,
        (2208, 33),
        [148, 16, 76],
    ),
    spec(
        "中级 3",
        "Intermediate 3",
        (3, 500),
        (36, 105, 0),
        16,
        3500,
        (2346, 34),
        [160, 11, 69],
    ),
    spec(
        "中级 4",
        "Intermediate 4",
        (4, 700),
        (38, 110, 0),
        17,
        3600,
        (2489, 35),
        [161, 12, 67],
    ),
    spec(
        "高级 1",
        "Advanced 1",
        (4, 700),
        (32, 94, 0),
        18,
        3800,
        (2671, 35),
        [173, 10, 57],
    ),
    spec(
        "高级 2",
        "Advanced 2",
        (4, 700),
        (27, 80, 0),
        20,
        3900,
        (2816, 33),
        [161, 13, 66],
    ),
    spec(
        "高级 3",
        "Advanced 3",
        (4, 700),
        (21, 64, 0),
        22,
        4000,
        (2943, 33),
        [154, 16, 70],
    ),
    spec(
        "高级 4",
        "Advanced 4",
        (5, 1000),
        (24, 72, 0),
        25,
        4100,
        (3042, 37),
        [145, 17, 78],
    ),
    spec(
        "专家 1",
        "Expert 1",
        (5, 1000),
        (19, 58, 0),
        26,
        4300,
        (3227, 50),
        [88, 3, 29],
    ),
    spec(
        "专家 2",
        "Expert 2",
        (5, 1000),
        (15, 47, 0),
        26,
        4400,
        (3398, 48),
        [84, 7, 29],
    ),
    spec(
        "专家 3",
        "Expert 3",
        (5, 1000),
        (12, 38, 0),
        27,
        4500,
        (3547, 47),
        [81, 7, 32],
    ),
    spec(
        "专家 4",
        "Expert 4",
        (5, 1000),
        (8, 30, 0),
        30,
        4600,
        (3647, 47),
        [75, 4, 41],
    ),
    spec(
        "大师 1",
        "Master 1",
        (5, 1000),
        (3, 12, 0),
        32,
        4800,
        (3810, 48),
        [81, 11, 28],
    ),
    spec(
        "大师 2",
        "Master 2",
        (6, 1200),
        (9, 28, 0),
        34,
        5000,
        (3949, 49),
        [78, 10, 32],
    ),
    spec(
        "大师 3",
        "Master 3",
        (7, 1500),
        (6, 20, 0),
        38,
        5200,
        (4135, 49),
        [84, 11, 25],
    ),
    spec(
        "大师 4",
        "Master 4",
        (7, 1500),
        (1, 4, 0),
        40,
        5400,
        (4294, 49),
        [82, 8, 30],
    ),
    spec(
        "大师 5",
        "Master 5",
        (8, 1800),
        (6, 20, 0),
        40,
        5600,
        (4465, 48),
        [77, 21, 22],
    ),
    spec(
        "特级大师 1",
        "Grandmaster 1",
        (8, 1800),
        (0, 0, 0),
        40,
        5800,
        (4610, 48),
        [75, 18, 27],
    ),
    spec(
        "特级大师 2",
        "Grandmaster 2",
        (9, 2000),
        (0, 0, 0),
        40,
        6100,
        (4756, 47),
        [61, 46, 13],
    ),
    spec(
        "特级大师 3",
        "Grandmaster 3",
        (10, 2000),
        (0, 0, 0),
        40,
        6400,
        (4863, 46),
        [52, 52, 16],
    ),
    spec(
        "特级大师 4",
        "Grandmaster 4",
        (11, 2500),
        (0, 0, 0),
        40,
        6700,
        (4979, 46),
        [51, 57, 12],
    ),
    spec(
        "特级大师 5",
        "Grandmaster 5",
        (12, 3000),
        (0, 0, 0),
        40,
        6800,
        (5073, 64),
        [45, 62, 13],
    ),
    spec(
        "特级大师 6",
        "Grandmaster 6",
        (14, 3000),
        (0, 0, 0),
        40,
        6900,
        (5253, 67),
        [32, 25, 3],
    ),
    spec(
        "特级大师 7",
        "Grandmaster 7",
        (16, 3000),
        (0, 0, 0),
        40,
        7000,
        (5352, 51),
        [20, 37, 3],
    ),
    spec(
        "特级大师 8",
        "Grandmaster 8",
        (18, 3000),
        (0, 0, 0),
        40,
        7100,
        (5432, 53),
        [33, 81, 6],
    ),
    spec(
        "特级大师 9",
        "Grandmaster 9",
        (MAX_DEPTH, 3000),
        (0, 0, 0),
        40,
        7200,
        (5585, 88),
        [28, 29, 3],
    ),
];

/// The full engine's depth limit: none that binds within its time.
pub(super) const MAX_DEPTH: u32 = 30;

/// This ladder's number in stored files (settings, autosaves): 4. Files
/// without one are from the eight-level ladder (1); ladder 2 had 31 levels,
/// its top the full engine, before the steps between depth 11 and the full
/// engine were measured and put in; ladder 3 had 35, with depth 7 unblurred
/// at 26 and depth 8 unblurred at 27, before the rung between them.
pub const LADDER: u32 = 4;

/// The level of this ladder closest in strength to level `old` of the
/// eight-level ladder (settings and autosaves from then).
pub(super) const FROM_EIGHT: [u8; 8] = [3, 8, 12, 16, 22, 27, 30, SPECS.len() as u8];

/// The level of this ladder closest in strength to level `old` of ladder 3
/// (35 levels): the same up to 25; its 26 (depth 7 unblurred) is nearest
/// this ladder's 27 (depth 8, lightly blurred); above, one up.
pub(super) fn from_ladder_three(old: u8) -> Option<u8> {
    match old {
        0 => None,
        1..=25 => Some(old),
        26..=35 => Some(old + 1),
        _ => None,
    }
}
