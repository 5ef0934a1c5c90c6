//! Static evaluation: how good a quiet position is for the side to move, in
//! centipawns where an uncrossed soldier is worth 100.
//!
//! The score is a blend of a middle-game and an end-game score, weighted by
//! how much heavy material (chariots, horses, cannons) is left. Each of the
//! two scores is material plus a piece-square table per piece kind (written
//! from Red's side and mirrored for Black), plus a few terms a table cannot
//! see: general safety (missing advisors and elephants against the attackers
//! left, an open file or a "hollow cannon" aimed at the general), chariot and
//! horse mobility, and a small bonus for having the move. Soldier advancement
//! and horse/cannon placement live in the tables. A side without anything
//! that can give mate cannot win, so its advantage is scaled down.

use crate::rules::tables::{HORSE, RAYS};
use crate::rules::{Color, PieceKind, Position};

/// Material values (middle game, end game) by [`PieceKind`] index.
pub const MATERIAL_MG: [i32; 7] = [0, 200, 200, 400, 900, 450, 100];
/// End-game material: horses gain, cannons lose (fewer screens).
pub const MATERIAL_EG: [i32; 7] = [0, 200, 200, 450, 950, 420, 110];

/// Bonus for the side to move.
const TEMPO: i32 = 10;

/// Phase weight of a piece kind; a full board is [`PHASE_MAX`].
const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 2, 4, 2, 0];
const PHASE_MAX: i32 = 32;

// Piece-square tables from Red's side, written as the board looks with Black
// at the top: the first row is rank 9, the last rank 0.

#[rustfmt::skip]
const GENERAL_MG: [i32; 90] = [
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0, -30, -25, -30, 0, 0, 0,
    0, 0, 0, -12,  -8, -12, 0, 0, 0,
    0, 0, 0,  -4,   2,  -4, 0, 0, 0,
];

#[rustfmt::skip]
const GENERAL_EG: [i32; 90] = [
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0, -10,  -4, -10, 0, 0, 0,
    0, 0, 0,  -4,   6,  -4, 0, 0, 0,
    0, 0, 0,  -6,   4,  -6, 0, 0, 0,
];

#[rustfmt::skip]
const ADVISOR_PST: [i32; 90] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0,-4, 0,-4, 0, 0, 0,
    0, 0, 0, 0, 6, 0, 0, 0, 0,
    0, 0, 0, 2, 0, 2, 0, 0, 0,
];

#[rustfmt::skip]
const ELEPHANT_PST: [i32; 90] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0,-2, 0, 0, 0,-2, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
   -4, 0, 0, 0, 6, 0, 0, 0,-4,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 2, 0, 0, 0, 2, 0, 0,
];

#[rustfmt::skip]
const HORSE_PST: [i32; 90] = [
    4,  8, 16, 12,  4, 12, 16,  8,  4,
    4, 10, 28, 16,  8, 16, 28, 10,  4,
   12, 14, 16, 20, 18, 20, 16, 14, 12,
    8, 24, 18, 24, 20, 24, 18, 24,  8,
    6, 16, 14, 18, 16, 18, 14, 16,  6,
    4, 12, 16, 14, 12, 14, 16, 12,  4,
    2,  6,  8,  6, 10,  6,  8,  6,  2,
    4,  2,  8,  8,  4,  8,  8,  2,  4,
    0,  2,  4,  4,-10,  4,  4,  2,  0,
    0, -4,  0,  0,  0,  0,  0, -4,  0,
];

#[rustfmt::skip]
const CHARIOT_PST: [i32; 90] = [
    6,  8,  7, 13, 14, 13,  7,  8,  6,
    6, 12,  9, 16, 33, 16,  9, 12,  6,
    6,  8,  7, 14, 16, 14,  7,  8,  6,
    6, 13, 13, 16, 16, 16, 13, 13,  6,
    8, 11, 11, 14, 15, 14, 11, 11,  8,
    8, 12, 12, 14, 15, 14, 12, 12,  8,
    4,  9,  4, 12, 14, 12,  4,  9,  4,
   -2,  8,  4, 12, 12, 12,  4,  8, -2,
    5,  8,  6, 12,  0, 12,  6,  8,  5,
   -6,  6,  4, 12,  0, 12,  4,  6, -6,
];

#[rustfmt::skip]
const CANNON_PST: [i32; 90] = [
    6,  4,  0,-10,-12,-10,  0,  4,  6,
    2,  2,  0, -4,-14, -4,  0,  2,  2,
    2,  2,  0,-10, -8,-10,  0,  2,  2,
    0,  0, -2,  4, 10,  4, -2,  0,  0,
    0,  0,  0,  2,  8,  2,  0,  0,  0,
   -2,  0,  4,  2,  6,  2,  4,  0, -2,
    0,  0,  0,  2,  4,  2,  0,  0,  0,
    4,  0,  8,  6, 10,  6,  8,  0,  4,
    0,  2,  4,  6,  6,  6,  4,  2,  0,
    0,  0,  2,  6,  6,  6,  2,  0,  0,
];

#[rustfmt::skip]
const SOLDIER_MG: [i32; 90] = [
    0,  3,  6,  9, 12,  9,  6,  3,  0,
   18, 36, 56, 80,120, 80, 56, 36, 18,
   14, 26, 42, 60, 80, 60, 42, 26, 14,
   10, 20, 30, 34, 40, 34, 30, 20, 10,
    6, 12, 18, 18, 20, 18, 18, 12,  6,
    2,  0,  8,  0,  8,  0,  8,  0,  2,
    0,  0, -2,  0,  4,  0, -2,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
const SOLDIER_EG: [i32; 90] = [
   10, 15, 20, 25, 25, 25, 20, 15, 10,
   40, 55, 70, 90,110, 90, 70, 55, 40,
   40, 50, 65, 80, 90, 80, 65, 50, 40,
   35, 45, 55, 65, 70, 65, 55, 45, 35,
   30, 35, 45, 50, 50, 50, 45, 35, 30,
    0,  0,  6,  0,  8,  0,  6,  0,  0,
    0,  0,  0,  0,  4,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
    0,  0,  0,  0,  0,  0,  0,  0,  0,
];

/// Material + placement per board code (`color * 8 + kind + 1`) and square,
/// signed from Red's side: `[mg, eg]`.
pub(crate) struct Tables {
    pub psq: [[[i32; 2]; 90]; 16],
}

const fn table_value(t: &[i32; 90], sq: usize) -> i32 {
    // Row 0 of the written table is rank 9.
    let (file, rank) = (sq % 9, sq / 9);
    t[(9 - rank) * 9 + file]
}

const fn build() -> Tables {
    let mut psq = [[[0i32; 2]; 90]; 16];
    let mut kind = 0;
    while kind < 7 {
        let (mg_t, eg_t): (&[i32; 90], &[i32; 90]) = match kind {
            0 => (&GENERAL_MG, &GENERAL_EG),
            1 => (&ADVISOR_PST, &ADVISOR_PST),
            2 => (&ELEPHANT_PST, &ELEPHANT_PST),
            3 => (&HORSE_PST, &HORSE_PST),
            4 => (&CHARIOT_PST, &CHARIOT_PST),
            5 => (&CANNON_PST, &CANNON_PST),
            _ => (&SOLDIER_MG, &SOLDIER_EG),
        };
        let mut sq = 0;
        while sq < 90 {
            let mg = MATERIAL_MG[kind] + table_value(mg_t, sq);
            let eg = MATERIAL_EG[kind] + table_value(eg_t, sq);
            // Red: code kind+1 on sq. Black: code 8+kind+1 on the mirrored square.
            psq[kind + 1][sq] = [mg, eg];
            psq[8 + kind + 1][89 - sq] = [-mg, -eg];
            sq += 1;
        }
        kind += 1;
    }
    Tables { psq }
}

pub(crate) static TABLES: Tables = build();

/// Value of a captured piece for move ordering and delta pruning.
#[inline]
pub(crate) fn capture_value(code: u8) -> i32 {
    if code == 0 {
        0
    } else {
        MATERIAL_MG[((code & 7) - 1) as usize]
    }
}

const GENERAL: usize = PieceKind::General as usize + 1;
const ADVISOR: usize = PieceKind::Advisor as usize + 1;
const ELEPHANT: usize = PieceKind::Elephant as usize + 1;
const HORSE_C: usize = PieceKind::Horse as usize + 1;
const CHARIOT: usize = PieceKind::Chariot as usize + 1;
const CANNON: usize = PieceKind::Cannon as usize + 1;
const SOLDIER: usize = PieceKind::Soldier as usize + 1;

/// Material, placement and piece counts of a position, kept up to date
/// move by move by the search so the evaluation does not recount them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Acc {
    /// Middle-game and end-game material + piece-square sums, Red's side.
    pub mg: i32,
    pub eg: i32,
    /// Pieces per board code.
    pub count: [i8; 16],
    /// Where the chariots and horses of both sides stand (for mobility).
    pub mobile: u128,
    /// Game phase: weighted heavy pieces, see [`PHASE_MAX`].
    pub phase: i32,
}

#[inline]
const fn is_mobile(code: u8) -> bool {
    let k = (code & 7) as usize;
    code != 0 && (k == CHARIOT || k == HORSE_C)
}

impl Acc {
    /// Counts everything from scratch.
    pub fn new(pos: &Position) -> Acc {
        let mut acc = Acc::default();
        let mut all = pos.occ[0] | pos.occ[1];
        while all != 0 {
            let s = all.trailing_zeros() as usize;
            all &= all - 1;
            let code = pos.board[s] as usize;
            let [m, e] = TABLES.psq[code][s];
            acc.mg += m;
            acc.eg += e;
            acc.count[code] += 1;
            acc.phase += PHASE_WEIGHT[(code & 7) - 1];
            if is_mobile(code as u8) {
                acc.mobile |= 1u128 << s;
            }
        }
        acc
    }

    /// Updates for `m`, to be called on the board *before* the move.
    #[inline]
    pub fn apply(&mut self, board: &[u8; 90], from: usize, to: usize) {
        let piece = board[from] as usize;
        let victim = board[to] as usize;
        if is_mobile(victim as u8) {
            self.mobile &= !(1u128 << to);
        }
        if is_mobile(piece as u8) {
            self.mobile = (self.mobile & !(1u128 << from)) | (1u128 << to);
        }
        let t = &TABLES.psq[piece];
        self.mg += t[to][0] - t[from][0];
        self.eg += t[to][1] - t[from][1];
        if victim != 0 {
            let v = TABLES.psq[victim][to];
            self.mg -= v[0];
            self.eg -= v[1];
            self.count[victim] -= 1;
            self.phase -= PHASE_WEIGHT[(victim & 7) - 1];
        }
    }

    #[inline]
    pub fn phase(&self) -> i32 {
        self.phase.min(PHASE_MAX)
    }

    /// Material and placement only, for the side to move: a cheap estimate
    /// the quiescence search uses to skip hopeless full evaluations.
    #[inline]
    pub fn quick(&self, side: Color) -> i32 {
        let phase = self.phase();
        side.sign() * ((self.mg * phase + self.eg * (PHASE_MAX - phase)) / PHASE_MAX) + TEMPO
    }
}

/// Evaluates `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_acc(pos, &Acc::new(pos))
}

/// How much each group of terms counts, in percent of its hand-set value.
/// [`WEIGHTS`] is what the engine plays with; the tuner (`xiangqi tune`)
/// fits them to game results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Piece-square tables (placement beyond material).
    pub placement: i32,
    /// Chariot and horse mobility.
    pub mobility: i32,
    /// General safety (missing defenders, danger on the general's file).
    pub safety: i32,
}

/// The weights the engine plays with.
pub const WEIGHTS: Weights = Weights {
    placement: 400,
    mobility: 400,
    safety: 50,
};

/// The evaluation split into the groups [`Weights`] scale, Red's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Material only, middle game and end game.
    pub material: [i32; 2],
    /// Piece-square placement, middle game and end game.
    pub placement: [i32; 2],
    /// Mobility difference.
    pub mobility: i32,
    /// General safety as a score for Red (Black's penalties minus Red's),
    /// middle game and end game.
    pub safety: [i32; 2],
    /// Game phase, 0 (bare) ..= [`PHASE_MAX`].
    pub phase: i32,
    /// Red, Black: has something that can give mate.
    pub can_mate: [bool; 2],
    /// +1 when Red is to move, −1 for Black.
    pub side: i32,
}

impl Terms {
    /// The score for the side to move with `w`.
    #[inline]
    pub fn score(&self, w: &Weights) -> i32 {
        if !self.can_mate[0] && !self.can_mate[1] {
            return 0;
        }
        self.side * self.red_score(w) + TEMPO
    }

    /// The score from Red's side with `w`, without the bonus for the move.
    #[inline]
    pub fn red_score(&self, w: &Weights) -> i32 {
        if !self.can_mate[0] && !self.can_mate[1] {
            return 0;
        }
        let mg = self.material[0]
            + self.placement[0] * w.placement / 100
            + self.mobility * w.mobility / 100
            + self.safety[0] * w.safety / 100;
        let eg = self.material[1]
            + self.placement[1] * w.placement / 100
            + (self.mobility * 3 / 4) * w.mobility / 100
            + self.safety[1] * w.safety / 100;
        let phase = self.phase;
        let mut score = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
        // A side that cannot mate has an advantage worth little.
        if (score > 0 && !self.can_mate[0]) || (score < 0 && !self.can_mate[1]) {
            score /= 8;
        }
        score
    }
}

/// [`evaluate`] with material and placement already counted.
#[inline]
pub(crate) fn evaluate_acc(pos: &Position, acc: &Acc) -> i32 {
    terms(pos, acc).score(&WEIGHTS)
}

/// The terms of the evaluation of `pos` (for the tuner).
pub fn evaluation_terms(pos: &Position) -> Terms {
    terms(pos, &Acc::new(pos))
}

fn terms(pos: &Position, acc: &Acc) -> Terms {
    let b = &pos.board;
    let count: [i32; 16] = acc.count.map(i32::from);
    let mut t = Terms {
        phase: acc.phase(),
        side: pos.side.sign(),
        ..Terms::default()
    };
    for kind in 0..7 {
        let n = count[kind + 1] - count[8 + kind + 1];
        t.material[0] += n * MATERIAL_MG[kind];
        t.material[1] += n * MATERIAL_EG[kind];
    }
    t.placement = [acc.mg - t.material[0], acc.eg - t.material[1]];

    // Without a chariot, horse, cannon or soldier a side cannot mate.
    let attacking = |base: usize| {
        count[base + HORSE_C] + count[base + CHARIOT] + count[base + CANNON] + count[base + SOLDIER]
            > 0
    };
    t.can_mate = [attacking(0), attacking(8)];
    if !t.can_mate[0] && !t.can_mate[1] {
        return t;
    }
    // Mobility of chariots and horses.
    let mut mob = [0i32; 2];
    for (color, mob) in mob.iter_mut().enumerate() {
        let mut bb = pos.occ[color] & acc.mobile;
        while bb != 0 {
            let s = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            match (b[s] & 7) as usize {
                CHARIOT => {
                    // Empty points plus the first enemy piece on each ray.
                    let mut n = 0;
                    for ray in &RAYS[s] {
                        for &t in &ray.sq[..ray.n as usize] {
                            let t = b[t as usize];
                            if t == 0 {
                                n += 1;
                            } else {
                                n += i32::from((t >> 3) as usize != color);
                                break;
                            }
                        }
                    }
                    *mob += 3 * (n - 7);
                }
                HORSE_C => {
                    // A horse with hobbled legs is a poor horse.
                    let st = &HORSE[s];
                    let mut n = 0;
                    for i in 0..st.n as usize {
                        let t = b[st.to[i] as usize];
                        if b[st.aux[i] as usize] == 0 && (t == 0 || (t >> 3) as usize != color) {
                            n += 1;
                        }
                    }
                    *mob += 5 * (n - 3);
                }
                _ => {}
            }
        }
    }
    t.mobility = mob[0] - mob[1];

    // General safety, for each defender.
    for c in [Color::Red, Color::Black] {
        let us = c.index() * 8;
        let them = (c.index() ^ 1) * 8;
        let attackers = 2 * count[them + CHARIOT] + count[them + HORSE_C] + count[them + CANNON];
        let missing_a = 2 - count[us + ADVISOR];
        let missing_e = 2 - count[us + ELEPHANT];
        let mut penalty = missing_a * (6 + 5 * attackers) + missing_e * (4 + 4 * attackers);
        penalty += file_danger(pos, c, count[them + CHARIOT] > 0);
        t.safety[0] -= c.sign() * penalty;
        t.safety[1] -= c.sign() * (penalty / 3);
    }
    debug_assert!(count[GENERAL] == 1 && count[8 + GENERAL] == 1);
    t
}

/// Danger along the general's file toward the enemy: a "hollow cannon"
/// (enemy cannon with nothing between, 空头炮), a cannon behind two screens
/// ready to check, a chariot pinning a lone screen, or a wholly open file
/// while the enemy has a chariot.
fn file_danger(pos: &Position, c: Color, enemy_chariot: bool) -> i32 {
    let b = &pos.board;
    let k = pos.kings[c.index()] as usize;
    // Toward the enemy: north for Red (ray 0), south for Black (ray 1).
    let ray = &RAYS[k][c.index()];
    let enemy = (c.index() ^ 1) as u8;
    let mut seen = 0;
    for &t in &ray.sq[..ray.n as usize] {
        let p = b[t as usize];
        if p == 0 {
            continue;
        }
        let is_enemy = p >> 3 == enemy;
        let kind = (p & 7) as usize;
        match (seen, is_enemy, kind) {
            (0, true, CANNON) => return 60,
            (1, true, CHARIOT) => return 20,
            (2, true, CANNON) => return 15,
            (0, true, GENERAL) => return 0,
            _ => {}
        }
        seen += 1;
        if seen > 2 {
            return 0;
        }
    }
    if seen == 0 && enemy_chariot { 20 } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_apart_from_tempo() {
        let p = Position::startpos();
        assert_eq!(evaluate(&p), TEMPO);
    }

    /// The same position seen from the other side: board rotated, colours
    /// swapped, the other side to move.
    pub(crate) fn mirrored(fen: &str) -> String {
        let mut parts = fen.split_whitespace();
        let board = parts.next().unwrap();
        let side = parts.next().unwrap();
        let rows: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .rev()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let side = if side == "w" { "b" } else { "w" };
        format!("{} {side} - - 0 1", rows.join("/"))
    }

    #[test]
    fn evaluation_is_symmetric_under_colour_flip() {
        for fen in [
            "3akab2/9/4b4/p3p4/2c3p2/9/P1P3N2/4B4/4A4/2BAK4 w - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
            "4k4/9/9/9/9/9/9/9/4A4/3RK4 w - - 0 1",
        ] {
            let a = Position::from_fen(fen).unwrap();
            let b = Position::from_fen(&mirrored(fen)).unwrap();
            assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
        }
    }

    #[test]
    fn the_accumulator_follows_moves() {
        let mut pos = Position::from_fen(
            "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
        )
        .unwrap();
        let mut acc = Acc::new(&pos);
        for m in ["f6f9", "e9e8", "h2h9", "a9a8"] {
            let m = crate::rules::Move::from_iccs(m).unwrap();
            assert!(pos.is_legal(m), "{m}");
            acc.apply(&pos.board, m.from().index(), m.to().index());
            pos.make(m);
            assert_eq!(acc, Acc::new(&pos));
        }
    }

    #[test]
    fn an_extra_chariot_is_worth_most_of_nine_soldiers() {
        let p = Position::from_fen("3akab2/9/4b4/9/9/9/9/4B4/4A4/R1BAK4 w - - 0 1").unwrap();
        let e = evaluate(&p);
        assert!(e > 700 && e < 1200, "{e}");
    }
}
