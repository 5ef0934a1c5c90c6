//! Precomputed board geometry.
//!
//! Every "where can this piece go from here" question whose answer does not
//! depend on the other pieces is answered once, at compile time, so move
//! generation and attack tests never test board edges, palaces or the river.

/// Up to eight target squares with one auxiliary square each (a horse's leg,
/// an elephant's eye).
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    pub n: u8,
    pub to: [u8; 8],
    pub aux: [u8; 8],
}

impl Steps {
    const EMPTY: Steps = Steps {
        n: 0,
        to: [0; 8],
        aux: [0; 8],
    };

    const fn push(mut self, to: i32, aux: i32) -> Steps {
        self.to[self.n as usize] = to as u8;
        self.aux[self.n as usize] = aux as u8;
        self.n += 1;
        self
    }
}

/// A ray of squares in one direction from a square, nearest first.
#[derive(Clone, Copy)]
pub(crate) struct Ray {
    pub n: u8,
    pub sq: [u8; 9],
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn in_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7) && r >= 0 && r <= 9
}

const fn idx(f: i32, r: i32) -> i32 {
    r * 9 + f
}

/// Orthogonal directions: north (+rank), south, east (+file), west.
pub(crate) const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn gen_king() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = (s % 9, s / 9);
        if in_palace(f, r) {
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + DIRS[d].0, r + DIRS[d].1);
                // Stay in the same palace: ranks 0..=2 or 7..=9.
                if in_palace(nf, nr) && ((r <= 2) == (nr <= 2)) {
                    t[s as usize] = t[s as usize].push(idx(nf, nr), 0);
                }
                d += 1;
            }
        }
        s += 1;
    }
    t
}

const fn gen_advisor() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut s = 0;
    while s < 90 {
        let (f, r) = (s % 9, s / 9);
        if in_palace(f, r) {
            let mut d = 0;
            while d < 4 {
                let (nf, nr) = (f + diag[d].0, r + diag[d].1);
                if in_palace(nf, nr) && ((r <= 2) == (nr <= 2)) {
                    t[s as usize] = t[s as usize].push(idx(nf, nr), 0);
                }
                d += 1;
            }
        }
        s += 1;
    }
    t
}

const fn gen_elephant() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let diag = [(2, 2), (2, -2), (-2, 2), (-2, -2)];
    let mut s = 0;
    while s < 90 {
        let (f, r) = (s % 9, s / 9);
        let mut d = 0;
        while d < 4 {
            let (nf, nr) = (f + diag[d].0, r + diag[d].1);
            // Never across the river: both ends on the same half.
            if on_board(nf, nr) && ((r <= 4) == (nr <= 4)) {
                let eye = idx(f + diag[d].0 / 2, r + diag[d].1 / 2);
                t[s as usize] = t[s as usize].push(idx(nf, nr), eye);
            }
            d += 1;
        }
        s += 1;
    }
    t
}

const HORSE_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// The leg of a horse jump: one orthogonal step along the long side.
const fn leg_of(df: i32, dr: i32) -> (i32, i32) {
    if dr == 2 || dr == -2 {
        (0, dr / 2)
    } else {
        (df / 2, 0)
    }
}

const fn gen_horse() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = (s % 9, s / 9);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = HORSE_JUMPS[d];
            if on_board(f + df, r + dr) {
                let (lf, lr) = leg_of(df, dr);
                t[s as usize] = t[s as usize].push(idx(f + df, r + dr), idx(f + lf, r + lr));
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// For each square, the squares a horse could attack it from, with the leg
/// that must be empty for that attack.
const fn gen_horse_attackers() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = (s % 9, s / 9);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = HORSE_JUMPS[d];
            // A horse at (f-df, r-dr) jumping (df, dr) lands on s.
            let (hf, hr) = (f - df, r - dr);
            if on_board(hf, hr) {
                let (lf, lr) = leg_of(df, dr);
                t[s as usize] = t[s as usize].push(idx(hf, hr), idx(hf + lf, hr + lr));
            }
            d += 1;
        }
        s += 1;
    }
    t
}

const fn crossed(color: usize, r: i32) -> bool {
    if color == 0 { r >= 5 } else { r <= 4 }
}

const fn gen_soldier() -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = (s % 9, s / 9);
            if on_board(f, r + fwd) {
                t[c][s as usize] = t[c][s as usize].push(idx(f, r + fwd), 0);
            }
            if crossed(c, r) {
                if f > 0 {
                    t[c][s as usize] = t[c][s as usize].push(idx(f - 1, r), 0);
                }
                if f < 8 {
                    t[c][s as usize] = t[c][s as usize].push(idx(f + 1, r), 0);
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// For each colour and square, where a soldier of that colour attacks the square from.
const fn gen_soldier_attackers() -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let moves = gen_soldier();
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 90 {
            let m = moves[c][s];
            let mut i = 0;
            while i < m.n as usize {
                let to = m.to[i] as usize;
                t[c][to] = t[c][to].push(s as i32, 0);
                i += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
}

const fn gen_rays() -> [[Ray; 4]; 90] {
    let mut t = [[Ray { n: 0, sq: [0; 9] }; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let (mut f, mut r) = (s % 9 + DIRS[d].0, s / 9 + DIRS[d].1);
            while on_board(f, r) {
                let ray = &mut t[s as usize][d];
                ray.sq[ray.n as usize] = idx(f, r) as u8;
                ray.n += 1;
                f += DIRS[d].0;
                r += DIRS[d].1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

pub(crate) static KING: [Steps; 90] = gen_king();
pub(crate) static ADVISOR: [Steps; 90] = gen_advisor();
pub(crate) static ELEPHANT: [Steps; 90] = gen_elephant();
pub(crate) static HORSE: [Steps; 90] = gen_horse();
pub(crate) static HORSE_ATTACKERS: [Steps; 90] = gen_horse_attackers();
pub(crate) static SOLDIER: [[Steps; 90]; 2] = gen_soldier();
pub(crate) static SOLDIER_ATTACKERS: [[Steps; 90]; 2] = gen_soldier_attackers();
pub(crate) static RAYS: [[Ray; 4]; 90] = gen_rays();

/// True if `sq` lies in either palace.
pub(crate) const fn is_palace(sq: usize) -> bool {
    in_palace((sq % 9) as i32, (sq / 9) as i32)
}

/// True if a soldier of `color` (0 Red, 1 Black) on `sq` has crossed the river.
pub(crate) const fn soldier_crossed(color: usize, sq: usize) -> bool {
    crossed(color, (sq / 9) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_match_the_geometry() {
        // Centre of the red palace: four king steps, four advisor steps.
        assert_eq!(KING[idx(4, 1) as usize].n, 4);
        assert_eq!(ADVISOR[idx(4, 1) as usize].n, 4);
        // A corner of the palace: two king steps, one advisor step.
        assert_eq!(KING[idx(3, 0) as usize].n, 2);
        assert_eq!(ADVISOR[idx(3, 0) as usize].n, 1);
        // Elephant on c4 cannot cross: only a2... c4 -> a2, e2.
        assert_eq!(ELEPHANT[idx(2, 4) as usize].n, 2);
        // Horse in a corner: two jumps; in the middle: eight.
        assert_eq!(HORSE[0].n, 2);
        assert_eq!(HORSE[idx(4, 4) as usize].n, 8);
        // Red soldier before the river: one step; after: three; on the last rank at the edge: one.
        assert_eq!(SOLDIER[0][idx(0, 3) as usize].n, 1);
        assert_eq!(SOLDIER[0][idx(4, 5) as usize].n, 3);
        assert_eq!(SOLDIER[0][idx(0, 9) as usize].n, 1);
        // Rays from a0: north 9 squares, east 8.
        assert_eq!(RAYS[0][0].n, 9);
        assert_eq!(RAYS[0][2].n, 8);
        assert_eq!(RAYS[0][1].n, 0);
    }
}
