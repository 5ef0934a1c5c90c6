//! Which puzzle comes next: near a rating, with some variety drawn from
//! the record itself (its count of attempts), so the same record always
//! picks the same puzzle and a test can say which.

use super::Trainer;
use crate::tactics::{Tactic, Theme};

/// The most puzzles the choice is made among.
pub const VARIETY: usize = 6;

/// How much farther from the aim than the nearest a puzzle may be and
/// still be chosen (rating points).
pub const WINDOW: f64 = 100.0;

/// How far below the player's rating a streak's ladder starts.
pub const STREAK_BELOW: f64 = 500.0;

/// How much each step of a streak's ladder climbs.
pub const STREAK_STEP: f64 = 40.0;

/// A well-mixed number from `x` (SplitMix64's finaliser).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Of `candidates`, the nearest to `aim` and those at most `window`
/// farther (at most [`VARIETY`], nearest first, the set's order on a tie):
/// the one `seed` points at.
fn near<'a>(
    candidates: impl Iterator<Item = &'a Tactic>,
    aim: f64,
    window: f64,
    seed: u64,
) -> Option<&'a Tactic> {
    let mut by_distance: Vec<(f64, &Tactic)> = candidates
        .map(|t| ((f64::from(t.rating) - aim).abs(), t))
        .collect();
    by_distance.sort_by(|a, b| a.0.total_cmp(&b.0));
    let nearest = by_distance.first()?.0;
    let within = by_distance
        .iter()
        .take(VARIETY)
        .take_while(|(d, _)| *d <= nearest + window)
        .count()
        .max(1);
    let at = usize::try_from(mix(seed) % within as u64).unwrap_or(0);
    Some(by_distance[at].1)
}

impl Trainer {
    /// A seed for the next choice of kind `kind`: the attempts so far.
    fn seed(&self, kind: u64) -> u64 {
        self.attempts ^ kind.rotate_left(40)
    }

    /// The first of `pools` that offers a puzzle, chosen near `aim`.
    fn first_near<'a>(
        &self,
        set: &'a [Tactic],
        pools: &[&dyn Fn(&Tactic) -> bool],
        aim: f64,
        window: f64,
        seed: u64,
    ) -> Option<&'a Tactic> {
        pools
            .iter()
            .find_map(|keep| near(set.iter().filter(|t| keep(t)), aim, window, seed))
    }

    /// A puzzle for the rated trainer: one never tried, near the rating
    /// (among the few nearest, by the count of attempts); when every one
    /// has been tried, a missed one due at `now`; never one solved.
    pub fn next_at_rating<'a>(&self, set: &'a [Tactic], now: u64) -> Option<&'a Tactic> {
        let fresh = |t: &Tactic| !self.is_seen(&t.id);
        let due = |t: &Tactic| !self.is_solved(&t.id) && self.is_due(&t.id, now);
        self.first_near(
            set,
            &[&fresh, &due],
            self.rating().rating,
            WINDOW,
            self.seed(1),
        )
    }

    /// A puzzle of `theme`, chosen as [`Trainer::next_at_rating`] does.
    pub fn next_in_theme<'a>(
        &self,
        set: &'a [Tactic],
        theme: Theme,
        now: u64,
    ) -> Option<&'a Tactic> {
        let fresh = |t: &Tactic| t.has(theme) && !self.is_seen(&t.id);
        let due = |t: &Tactic| t.has(theme) && !self.is_solved(&t.id) && self.is_due(&t.id, now);
        let kind = Theme::ALL.iter().position(|&x| x == theme).unwrap_or(0) as u64 + 2;
        self.first_near(
            set,
            &[&fresh, &due],
            self.rating().rating,
            WINDOW,
            self.seed(kind),
        )
    }

    /// The rating the streak's next step aims at: [`STREAK_BELOW`] under
    /// the rating the streak started from, [`STREAK_STEP`] higher for
    /// each puzzle solved in it.
    pub fn streak_aim(&self) -> f64 {
        let foot = match self.ladder {
            Some(r) if self.streak.current > 0 => r,
            _ => self.rating().rating,
        };
        foot - STREAK_BELOW + f64::from(self.streak.current) * STREAK_STEP
    }

    /// The streak's next puzzle: the one nearest [`Trainer::streak_aim`]
    /// never tried, else one missed; never one solved.
    pub fn next_in_streak<'a>(&self, set: &'a [Tactic]) -> Option<&'a Tactic> {
        let fresh = |t: &Tactic| !self.is_seen(&t.id);
        let missed = |t: &Tactic| !self.is_solved(&t.id);
        let window = STREAK_STEP / 2.0;
        self.first_near(
            set,
            &[&fresh, &missed],
            self.streak_aim(),
            window,
            self.seed(0),
        )
    }

    /// Whether the puzzle `id` is on the schedule and due at `now`.
    fn is_due(&self, id: &str, now: u64) -> bool {
        self.review.get(id).is_some_and(|s| s.is_due(now))
    }

    /// The missed puzzles due at `now`, longest due first (the set's order
    /// on a tie).
    pub fn due<'a>(&self, set: &'a [Tactic], now: u64) -> Vec<&'a Tactic> {
        let mut out: Vec<(u64, &Tactic)> = set
            .iter()
            .filter_map(|t| {
                let s = self.review.get(&t.id).filter(|s| s.is_due(now))?;
                Some((s.due, t))
            })
            .collect();
        out.sort_by_key(|(due, _)| *due);
        out.into_iter().map(|(_, t)| t).collect()
    }
}
