//! Move parsing (any notation) never panics, and whatever it accepts is a
//! legal move that prints back to text parsing to the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi::rules::Position;
use xiangqi::rules::notation::{Charset, parse_move, to_chinese, to_wxf};

/// Positions with tandem pieces and soldier columns, plus the opening.
const POSITIONS: [&str; 5] = [
    xiangqi::rules::START_FEN,
    "3k5/4n4/9/4n4/9/R8/9/7C1/7C1/R3K4 w - - 0 1",
    "3k5/9/P1P6/P1P6/P8/9/9/9/9/4K4 w - - 0 1",
    "3k5/9/9/9/9/6p1p/6p1p/8p/9/4K4 b - - 0 1",
    "2bak4/4a4/4b4/P1P1P4/P1P6/6p1p/4p1p1p/9/9/2BAKAB2 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let pos = Position::from_fen(POSITIONS[which as usize % POSITIONS.len()]).unwrap();
    let text = String::from_utf8_lossy(rest);
    if let Ok(m) = parse_move(&pos, &text) {
        assert!(pos.is_legal(m), "{text} gave illegal {m}");
        assert_eq!(
            parse_move(&pos, &to_chinese(&pos, m, Charset::Simplified)),
            Ok(m)
        );
        assert_eq!(parse_move(&pos, &to_wxf(&pos, m)), Ok(m));
    }
});
