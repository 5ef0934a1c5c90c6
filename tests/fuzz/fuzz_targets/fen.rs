//! FEN parsing never panics, and every position it accepts prints back to
//! a FEN that parses to the same position; its moves survive every notation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::rules::Position;
use xiangqi::rules::notation::{Charset, parse_move, to_chinese, to_wxf};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = Position::from_fen(&text) else {
        return;
    };
    let again = Position::from_fen(&pos.fen()).expect("printed FEN parses");
    assert_eq!(again, pos, "FEN round trip of {}", pos.fen());
    for &m in pos.legal_moves().iter() {
        for s in [
            to_chinese(&pos, m, Charset::Simplified),
            to_chinese(&pos, m, Charset::Traditional),
            to_wxf(&pos, m),
            m.to_string(),
        ] {
            assert_eq!(parse_move(&pos, &s), Ok(m), "{s} in {}", pos.fen());
        }
    }
});
