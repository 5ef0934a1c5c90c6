//! What a puzzle is about: named as `xiangqi puzzles list --json` writes
//! them, found by [`crate::tactics`]'s generator from the teacher's
//! motifs of the solution line.

use crate::teach::pattern::Pattern;

/// A puzzle's theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Theme {
    /// The line ends in mate.
    Mate,
    /// Mate with the first move.
    MateIn1,
    /// Mate with the second move.
    MateIn2,
    /// Mate with the third move.
    MateIn3,
    /// Mate in four moves or more.
    LongMate,
    /// A classic mate ([`Pattern`]).
    Pattern(Pattern),
    /// The line wins material (at least a horse) and ends without mate.
    Material,
    /// One piece attacks two worth taking.
    Fork,
    /// A piece that cannot move without exposing its general.
    Pin,
    /// A piece moves out of the way and another attacks.
    DiscoveredAttack,
    /// A piece moves out of the way and another gives check.
    DiscoveredCheck,
    /// Two pieces give check at once.
    DoubleCheck,
    /// A piece left to be taken for less than it is worth is taken.
    Hanging,
    /// A piece attacked with no safe point to go to.
    Trapped,
    /// The first move gives material away.
    Sacrifice,
    /// The line meets the opponent's threat first (only that holds).
    Defensive,
    /// Most of the solver's moves give check.
    AttackOnGeneral,
    /// A soldier crosses the river or acts beyond it.
    Soldier,
    /// Before the 12th move, most pieces still on the board.
    Opening,
    /// Between the opening and the ending.
    Middlegame,
    /// Few pieces left.
    Endgame,
    /// One move to find.
    OneMove,
    /// Two or three moves to find.
    Short,
    /// Four moves or more.
    Long,
}

impl Theme {
    /// Every theme, in the order the theme list shows them.
    pub const ALL: [Theme; 31] = [
        Theme::Mate,
        Theme::MateIn1,
        Theme::MateIn2,
        Theme::MateIn3,
        Theme::LongMate,
        Theme::Pattern(Pattern::SmotheredPalace),
        Theme::Pattern(Pattern::DoubleCannon),
        Theme::Pattern(Pattern::HorseCannon),
        Theme::Pattern(Pattern::HorseInTrough),
        Theme::Pattern(Pattern::HeavenAndEarthCannons),
        Theme::Pattern(Pattern::IronBolt),
        Theme::Pattern(Pattern::TwoChariots),
        Theme::Pattern(Pattern::FacingGeneral),
        Theme::Material,
        Theme::Fork,
        Theme::Pin,
        Theme::DiscoveredAttack,
        Theme::DiscoveredCheck,
        Theme::DoubleCheck,
        Theme::Hanging,
        Theme::Trapped,
        Theme::Sacrifice,
        Theme::Defensive,
        Theme::AttackOnGeneral,
        Theme::Soldier,
        Theme::Opening,
        Theme::Middlegame,
        Theme::Endgame,
        Theme::OneMove,
        Theme::Short,
        Theme::Long,
    ];

    /// The name in the file and in `--theme` (ASCII, stable).
    pub fn key(self) -> &'static str {
        match self {
            Theme::Mate => "mate",
            Theme::MateIn1 => "mate_in_1",
            Theme::MateIn2 => "mate_in_2",
            Theme::MateIn3 => "mate_in_3",
            Theme::LongMate => "long_mate",
            Theme::Pattern(p) => pattern_key(p),
            Theme::Material => "material",
            Theme::Fork => "fork",
            Theme::Pin => "pin",
            Theme::DiscoveredAttack => "discovered_attack",
            Theme::DiscoveredCheck => "discovered_check",
            Theme::DoubleCheck => "double_check",
            Theme::Hanging => "hanging",
            Theme::Trapped => "trapped",
            Theme::Sacrifice => "sacrifice",
            Theme::Defensive => "defensive",
            Theme::AttackOnGeneral => "attack_on_general",
            Theme::Soldier => "soldier",
            Theme::Opening => "opening",
            Theme::Middlegame => "middlegame",
            Theme::Endgame => "endgame",
            Theme::OneMove => "one_move",
            Theme::Short => "short",
            Theme::Long => "long",
        }
    }

    /// The theme named `key` (as [`Theme::key`] writes it).
    pub fn from_key(key: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The theme of a mate in `n` of the solver's moves.
    pub fn mate_in(n: usize) -> Theme {
        match n {
            0 | 1 => Theme::MateIn1,
            2 => Theme::MateIn2,
            3 => Theme::MateIn3,
            _ => Theme::LongMate,
        }
    }

    /// The theme of a line of `n` solver moves.
    pub fn length(n: usize) -> Theme {
        match n {
            0 | 1 => Theme::OneMove,
            2 | 3 => Theme::Short,
            _ => Theme::Long,
        }
    }
}

fn pattern_key(p: Pattern) -> &'static str {
    match p {
        Pattern::SmotheredPalace => "smothered_palace",
        Pattern::DoubleCannon => "double_cannon",
        Pattern::HorseCannon => "horse_cannon",
        Pattern::HorseInTrough => "horse_in_trough",
        Pattern::HeavenAndEarthCannons => "heaven_and_earth_cannons",
        Pattern::IronBolt => "iron_bolt",
        Pattern::TwoChariots => "two_chariots",
        Pattern::FacingGeneral => "facing_general",
    }
}
