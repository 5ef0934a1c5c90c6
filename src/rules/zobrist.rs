//! Zobrist keys: one random 64-bit number per (piece, square) and one for
//! the side to move. A position's hash is the XOR of the keys of what is on
//! it, so a move updates it with two or three XORs.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn gen_keys() -> [[u64; 90]; 16] {
    let mut keys = [[0u64; 90]; 16];
    let mut state = 0x5851_F42D_4C95_7F2D_u64;
    let mut p = 0;
    while p < 16 {
        let mut s = 0;
        while s < 90 {
            let (ns, k) = splitmix(state);
            state = ns;
            // Code 0 (empty) and 8 (unused) keep zero keys.
            if p != 0 && p != 8 {
                keys[p][s] = k;
            }
            s += 1;
        }
        p += 1;
    }
    keys
}

/// Keys indexed by internal piece code and square.
pub(crate) static PIECE_KEYS: [[u64; 90]; 16] = gen_keys();

/// XORed in when Black is to move.
pub(crate) const SIDE_KEY: u64 = splitmix(0xD1B5_4A32_D192_ED03).1;
