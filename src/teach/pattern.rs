//! The classic mates, told by the final position: which pieces give the
//! check, what screens a cannon, where a horse stands, what covers the
//! general's flight points.

use super::board::{Board, in_palace, points_between};
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

/// The pattern of the mate `side` has given on `b` (the mated general
/// without a move), if it is a classic one.
pub fn pattern_of(b: &Board, side: Color) -> Option<Pattern> {
    let mated = side.flip();
    let g = b.general(mated)?;
    let checkers = b.attackers(g, side);
    let kind = |s: Square| b.get(s).map(|p| p.kind);
    let mine = |k: PieceKind| -> Vec<Square> {
        Square::all()
            .filter(|&s| b.get(s) == Some(Piece::new(side, k)))
            .collect()
    };
    let flights: Vec<Square> = [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .iter()
        .filter_map(|&(df, dr)| {
            Square::new((g.file() as i32 + df) as u8, (g.rank() as i32 + dr) as u8)
        })
        .filter(|&f| in_palace(mated, f))
        .collect();
    let cannon_checks: Vec<Square> = checkers
        .iter()
        .copied()
        .filter(|&s| kind(s) == Some(PieceKind::Cannon))
        .collect();
    // The screen of a cannon's check.
    let screen =
        |c: Square| -> Option<Square> { between(c, g).into_iter().find(|&s| b.get(s).is_some()) };
    if !cannon_checks.is_empty()
        && flights
            .iter()
            .any(|&f| b.get(f) == Some(Piece::new(mated, PieceKind::Advisor)))
        && flights
            .iter()
            .all(|&f| b.get(f).is_some_and(|p| p.color == mated) || covered(b, f, side, g))
        && flights
            .iter()
            .filter(|&&f| b.get(f).is_some_and(|p| p.color == mated))
            .count()
            >= 2
    {
        return Some(Pattern::SmotheredPalace);
    }
    for &c in &cannon_checks {
        match screen(c).and_then(|s| b.get(s)) {
            Some(p) if p == Piece::new(side, PieceKind::Cannon) => {
                return Some(Pattern::DoubleCannon);
            }
            Some(p) if p == Piece::new(side, PieceKind::Horse) => {
                return Some(Pattern::HorseCannon);
            }
            _ => {}
        }
    }
    let back = if mated == Color::Black { 9 } else { 0 };
    let trough_rank = if mated == Color::Black { 8 } else { 1 };
    if checkers.iter().any(|&s| {
        kind(s) == Some(PieceKind::Horse) && s.rank() == trough_rank && matches!(s.file(), 2 | 6)
    }) {
        return Some(Pattern::HorseInTrough);
    }
    let cannons = mine(PieceKind::Cannon);
    if !cannon_checks.is_empty()
        && cannons.iter().any(|c| c.file() == 4)
        && cannons.iter().any(|c| c.rank() == back && c.file() != 4)
    {
        return Some(Pattern::HeavenAndEarthCannons);
    }
    let chariot_checks = checkers
        .iter()
        .any(|&s| kind(s) == Some(PieceKind::Chariot));
    if chariot_checks
        && flights
            .iter()
            .any(|&f| f.file() == 4 && cannons.iter().any(|&c| c.file() == 4 && b.attacks(c, f)))
    {
        return Some(Pattern::IronBolt);
    }
    let chariots = mine(PieceKind::Chariot);
    if chariot_checks
        && chariots.len() == 2
        && chariots
            .iter()
            .any(|&c| !checkers.contains(&c) && flights.iter().any(|&f| reaches(b, c, f, g)))
    {
        return Some(Pattern::TwoChariots);
    }
    let own_general = b.general(side)?;
    let mut others = b.clone();
    others.remove(g);
    if flights.iter().any(|&f| {
        b.get(f).is_none_or(|p| p.color == side)
            && f.file() == own_general.file()
            && between(own_general, f)
                .iter()
                .all(|&s| s == g || b.get(s).is_none())
            && others.attackers(f, side).is_empty()
    }) {
        return Some(Pattern::FacingGeneral);
    }
    None
}

/// The points strictly between two points of one line (none when they
/// share no line).
fn between(a: Square, b: Square) -> Vec<Square> {
    points_between(a, b).unwrap_or_default()
}

/// True if `side` covers `f` once the general on `g` stood there.
fn covered(b: &Board, f: Square, side: Color, g: Square) -> bool {
    let mut moved = b.clone();
    moved.remove(g);
    !moved.attackers(f, side).is_empty()
}

/// True if the piece on `c` would reach `f` with the general gone from `g`.
fn reaches(b: &Board, c: Square, f: Square, g: Square) -> bool {
    let mut moved = b.clone();
    moved.remove(g);
    moved.attacks(c, f)
}
