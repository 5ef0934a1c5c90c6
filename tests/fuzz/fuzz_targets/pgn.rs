//! PGN reading never panics on any bytes, and a game it reads writes out
//! and reads back to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::rules::notation::Notation;
use xiangqi::rules::pgn::{read_pgn, write_pgn};

fuzz_target!(|data: &[u8]| {
    let Ok(games) = read_pgn(data) else { return };
    for g in &games {
        let _ = g.to_game();
        for n in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
            let out = write_pgn(g, n);
            let back = read_pgn(out.as_bytes()).expect("written PGN reads back");
            assert_eq!(back.len(), 1, "{out}");
            assert_eq!(back[0].moves, g.moves, "{out}");
            assert_eq!(back[0].start, g.start, "{out}");
        }
    }
});
