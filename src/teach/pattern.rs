//! The classic mates, told by the final position: which pieces give the
//! check, what screens a cannon, where a horse stands, what covers the
//! general's flight points.

use crate::rules::geometry::{Reach, between, palace_steps};
use crate::rules::{Color, Piece, PieceKind, Square};

/// A classic mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// 闷宫: a cannon's check, the general hemmed in by its own advisors.
    SmotheredPalace,
    /// 重炮: a cannon checks over the other cannon.
    DoubleCannon,
    /// 马后炮: a cannon checks over its own horse.
    HorseCannon,
    /// 卧槽马: a horse checks from the point beside the palace's corner.
    HorseInTrough,
    /// 天地炮: one cannon on the central file, the other on the back rank.
    HeavenAndEarthCannons,
    /// 铁门栓: a central cannon bars the middle, a chariot mates.
    IronBolt,
    /// 双车错: two chariots, one checking, the other barring the way.
    TwoChariots,
    /// 白脸将: the mating general itself bars a flight point.
    FacingGeneral,
}

impl Pattern {
    /// Every classic mate, in the order the course teaches them.
    pub const ALL: [Pattern; 8] = [
        Pattern::SmotheredPalace,
        Pattern::DoubleCannon,
        Pattern::HorseCannon,
        Pattern::HorseInTrough,
        Pattern::HeavenAndEarthCannons,
        Pattern::IronBolt,
        Pattern::TwoChariots,
        Pattern::FacingGeneral,
    ];

    /// The name players know it by.
    pub fn zh(self) -> &'static str {
        match self {
            Pattern::SmotheredPalace => "闷宫",
            Pattern::DoubleCannon => "重炮",
            Pattern::HorseCannon => "马后炮",
            Pattern::HorseInTrough => "卧槽马",
            Pattern::HeavenAndEarthCannons => "天地炮",
            Pattern::IronBolt => "铁门栓",
            Pattern::TwoChariots => "双车错",
            Pattern::FacingGeneral => "白脸将",
        }
    }

    /// The English name.
    pub fn en(self) -> &'static str {
        match self {
            Pattern::SmotheredPalace => "smothered palace",
            Pattern::DoubleCannon => "double cannons",
            Pattern::HorseCannon => "cannon behind horse",
            Pattern::HorseInTrough => "horse in the trough",
            Pattern::HeavenAndEarthCannons => "heaven and earth cannons",
            Pattern::IronBolt => "iron bolt",
            Pattern::TwoChariots => "two chariots",
            Pattern::FacingGeneral => "facing general",
        }
    }

    /// The Vietnamese name: the Sino-Vietnamese reading of the Chinese one,
    /// as Vietnamese books name the classic mates.
    pub fn vi(self) -> &'static str {
        match self {
            Pattern::SmotheredPalace => "Muộn cung",
            Pattern::DoubleCannon => "Trùng pháo",
            Pattern::HorseCannon => "Mã hậu pháo",
            Pattern::HorseInTrough => "Ngọa tào mã",
            Pattern::HeavenAndEarthCannons => "Thiên địa pháo",
            Pattern::IronBolt => "Thiết môn xuyên",
            Pattern::TwoChariots => "Song xa thác",
            Pattern::FacingGeneral => "Bạch diện tướng",
        }
    }

    /// The name in `--json` (the Chinese one, as players search for it).
    pub fn key(self) -> &'static str {
        self.zh()
    }
}

/// What a mate's final position holds, as the patterns ask it: the mated
/// general, its checkers, its flight points, the mating side's cannons.
struct Mated<'a> {
    b: &'a Reach,
    side: Color,
    mated: Color,
    g: Square,
    checkers: Vec<Square>,
    flights: Vec<Square>,
    cannon_checks: Vec<Square>,
    cannons: Vec<Square>,
}

impl Mated<'_> {
    fn kind(&self, s: Square) -> Option<PieceKind> {
        self.b.get(s).map(|p| p.kind)
    }

    /// The mating side's pieces of kind `k`.
    fn mine(&self, k: PieceKind) -> Vec<Square> {
        Square::all()
            .filter(|&s| self.b.get(s) == Some(Piece::new(self.side, k)))
            .collect()
    }

    /// True if a flight point holds one of the mated side's own pieces.
    fn own_on(&self, f: Square) -> bool {
        self.b.get(f).is_some_and(|p| p.color == self.mated)
    }

    /// 闷宫: a cannon checks, the general's own advisors fill its palace.
    fn smothered(&self) -> bool {
        let (b, mated) = (self.b, self.mated);
        !self.cannon_checks.is_empty()
            && self
                .flights
                .iter()
                .any(|&f| b.get(f) == Some(Piece::new(mated, PieceKind::Advisor)))
            && self
                .flights
                .iter()
                .all(|&f| self.own_on(f) || covered(b, f, self.side, self.g))
            && self.flights.iter().filter(|&&f| self.own_on(f)).count() >= 2
    }

    /// 重炮 or 马后炮: the screen of a cannon's check.
    fn screened(&self) -> Option<Pattern> {
        for &c in &self.cannon_checks {
            let screen = between(c, self.g).into_iter().find_map(|s| self.b.get(s));
            match screen {
                Some(p) if p == Piece::new(self.side, PieceKind::Cannon) => {
                    return Some(Pattern::DoubleCannon);
                }
                Some(p) if p == Piece::new(self.side, PieceKind::Horse) => {
                    return Some(Pattern::HorseCannon);
                }
                _ => {}
            }
        }
        None
    }

    /// 卧槽马: a horse checks from beside the palace's corner.
    fn horse_in_trough(&self) -> bool {
        let trough_rank = if self.mated == Color::Black { 8 } else { 1 };
        self.checkers.iter().any(|&s| {
            self.kind(s) == Some(PieceKind::Horse)
                && s.rank() == trough_rank
                && matches!(s.file(), 2 | 6)
        })
    }

    /// 天地炮: one cannon on the central file, the other on the back rank.
    fn heaven_and_earth(&self) -> bool {
        let back = if self.mated == Color::Black { 9 } else { 0 };
        !self.cannon_checks.is_empty()
            && self.cannons.iter().any(|c| c.file() == 4)
            && self
                .cannons
                .iter()
                .any(|c| c.rank() == back && c.file() != 4)
    }

    fn chariot_checks(&self) -> bool {
        self.checkers
            .iter()
            .any(|&s| self.kind(s) == Some(PieceKind::Chariot))
    }

    /// 铁门栓: a chariot mates, a central cannon bars the middle.
    fn iron_bolt(&self) -> bool {
        self.chariot_checks()
            && self.flights.iter().any(|&f| {
                f.file() == 4
                    && self
                        .cannons
                        .iter()
                        .any(|&c| c.file() == 4 && self.b.attacks(c, f))
            })
    }

    /// 双车错: two chariots, one checking, the other barring the way.
    fn two_chariots(&self) -> bool {
        let chariots = self.mine(PieceKind::Chariot);
        // The other chariot bars a point the general could go to: not one
        // its own piece already fills (a chariot that only eyes the
        // general's advisor does nothing for the mate).
        self.chariot_checks()
            && chariots.len() == 2
            && chariots.iter().any(|&c| {
                !self.checkers.contains(&c)
                    && self
                        .flights
                        .iter()
                        .any(|&f| !self.own_on(f) && reaches(self.b, c, f, self.g))
            })
    }

    /// 白脸将: the mating general itself bars a flight point.
    fn facing_general(&self) -> bool {
        let Some(own_general) = self.b.general(self.side) else {
            return false;
        };
        let mut others = self.b.clone();
        others.remove(self.g);
        self.flights.iter().any(|&f| {
            self.b.get(f).is_none_or(|p| p.color == self.side)
                && f.file() == own_general.file()
                && between(own_general, f)
                    .iter()
                    .all(|&s| s == self.g || self.b.get(s).is_none())
                && others.attackers(f, self.side).is_empty()
        })
    }
}

/// The pattern of the mate `side` has given on `b` (the mated general
/// without a move), if it is a classic one.
pub fn pattern_of(b: &Reach, side: Color) -> Option<Pattern> {
    let mated = side.flip();
    let g = b.general(mated)?;
    let checkers = b.attackers(g, side);
    let cannon_checks = checkers
        .iter()
        .copied()
        .filter(|&s| b.get(s).is_some_and(|p| p.kind == PieceKind::Cannon))
        .collect();
    let mut m = Mated {
        b,
        side,
        mated,
        g,
        checkers,
        flights: palace_steps(mated, g),
        cannon_checks,
        cannons: Vec::new(),
    };
    m.cannons = m.mine(PieceKind::Cannon);
    if m.smothered() {
        return Some(Pattern::SmotheredPalace);
    }
    if let Some(p) = m.screened() {
        return Some(p);
    }
    [
        (m.horse_in_trough(), Pattern::HorseInTrough),
        (m.heaven_and_earth(), Pattern::HeavenAndEarthCannons),
        (m.iron_bolt(), Pattern::IronBolt),
        (m.two_chariots(), Pattern::TwoChariots),
        (m.facing_general(), Pattern::FacingGeneral),
    ]
    .into_iter()
    .find_map(|(found, p)| found.then_some(p))
}

/// True if `side` covers `f` once the general on `g` stood there.
fn covered(b: &Reach, f: Square, side: Color, g: Square) -> bool {
    let mut moved = b.clone();
    moved.remove(g);
    !moved.attackers(f, side).is_empty()
}

/// True if the piece on `c` would reach `f` with the general gone from `g`.
fn reaches(b: &Reach, c: Square, f: Square, g: Square) -> bool {
    let mut moved = b.clone();
    moved.remove(g);
    moved.attacks(c, f)
}
