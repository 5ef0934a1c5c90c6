//! Reading a game record of any format never panics on any bytes, every
//! node of an imported tree is reached by legal moves, and the main line
//! written as PGN reads back to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::rules::notation::Notation;
use xiangqi::rules::pgn::{read_pgn, write_pgn};
use xiangqi::rules::records::import_games;

fuzz_target!(|data: &[u8]| {
    for g in import_games(data).into_iter().flatten() {
        for id in g.tree.preorder() {
            let mut p = *g.start();
            for m in g.tree.line_to(id) {
                p.play(m).expect("tree moves are legal");
            }
        }
        let out = write_pgn(&g.to_pgn(), Notation::Iccs);
        let back = read_pgn(out.as_bytes()).expect("written PGN reads back");
        assert_eq!(back[0].moves, g.main_line(), "{out}");
    }
});
