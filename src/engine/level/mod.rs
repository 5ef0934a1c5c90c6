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
//! piece (or, at the weakest level, more than its temperature), and a
//! forced mate is always played or defended, so weak levels lose
//! plausibly, not absurdly. They also finish what they start
//! ([`convert`]): no move that allows a quick mate or ends the game by a
//! third repetition, none back into a seen position once a chariot or
//! more ahead, and once the opponent's chariots are gone as well a won
//! ending is played by a sharper self. The book (the engine's own,
//! [`crate::engine::book`]) is used for a number of plies that grows with
//! the level (a beginner knows no openings).
//!
//! The levels are spaced so that each scores 60–75 % against the one below
//! it, and each has a rating fitted to all the ladder's games at once
//! ([`Level::rating`], [`RATING_SCALE`]); `benches/strength.md` ("The
//! ladder") has the games and the commands.

mod convert;
mod ladder;
mod persona;

pub use convert::glance_value;
pub use ladder::{LADDER, RATING_SCALE};
pub use persona::{Persona, hangs_chariot};

use super::{Engine, Limits, SearchInfo, SearchRequest, SearchResult};
use ladder::{FROM_EIGHT, SPECS, Spec, from_ladder_three};
use std::time::Duration;

/// A difficulty level, 1 (weakest) to [`Level::COUNT`] (the full engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

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

    /// The move this level plays, as its persona chooses it
    /// ([`Persona::choose`]).
    pub fn choose(
        self,
        engine: &mut Engine,
        request: &SearchRequest,
        seed: u64,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.persona().choose(engine, request, seed, on_info)
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
    /// [`Level::from_eight`]; ladder 2's levels 1–30 are ladder 3's, its
    /// top (31, the full engine) is the full engine still; ladder 3's
    /// levels up to 25 are the same, the ones above one up (a rung was put
    /// in between depths 7 and 8). `None` for a number that was never a
    /// level of that ladder.
    pub fn from_ladder(ladder: u32, old: u8) -> Option<Level> {
        match ladder {
            0 | 1 => Level::from_eight(old),
            2 if old == 31 => Some(Level::MAX),
            2 if old > 31 => None,
            2 | 3 => Level::new(from_ladder_three(old)?),
            _ => Level::new(old),
        }
    }
}

/// "入门 2" → "入门".
fn tier_of(name: &'static str) -> &'static str {
    name.rsplit_once(' ').map_or(name, |(tier, _)| tier)
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
        assert_eq!(Level::MAX.max_depth(), ladder::MAX_DEPTH);
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
        // Ladders 2 and 3: the same levels up to 25, one up above (depth
        // 7 unblurred was 26; now a blurred depth 8 is 27).
        for ladder in [2, 3] {
            for n in 1..=30 {
                let now = Level::from_ladder(ladder, n).unwrap();
                assert_eq!(now.number(), if n <= 25 { n } else { n + 1 });
            }
            assert_eq!(Level::from_ladder(ladder, 26).unwrap().max_depth(), 8);
        }
        assert_eq!(Level::from_ladder(3, 35), Some(Level::MAX));
        assert_eq!(Level::from_ladder(3, 36), None);
        assert_eq!(Level::from_ladder(2, 30).unwrap().max_depth(), 11);
        assert_eq!(Level::from_ladder(2, 31), Some(Level::MAX));
        assert_eq!(Level::from_ladder(2, 32), None);
        assert_eq!(Level::from_ladder(2, 0), None);
        // This ladder: as stored.
        let top = Level::COUNT as u8;
        assert_eq!(Level::from_ladder(LADDER, top), Some(Level::MAX));
        assert_eq!(Level::from_ladder(LADDER, top + 1), None);
    }
}
