//! The ladder's levels keep the search they were measured with: each level
//! from 1 to 28 (depth 1 to 8, their clock taken away) chooses, on a fixed
//! set of positions, the moves written in `data/level_choices.tsv` when the
//! steps were measured. A change to the search or the evaluation that
//! moves a level's choice fails here: either keep the levels on today's
//! search, or measure every step it moves again and write the file anew
//! (`XIANGQI_BLESS=1 cargo test --test levels_same`).

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;
use xiangqi::engine::{Engine, Level, SearchRequest};
use xiangqi::rules::Position;

const POSITIONS: [&str; 8] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbak3r/4a4/1c2b1n2/p1p1p3p/6p2/P1P6/4P1PcP/1CN3NC1/4A4/R1B1KAB1R w - - 10 6",
    "r1b1kab1r/4a4/1cn3nc1/p1p1p1p1p/9/6PC1/P1P1P3P/1C4N2/9/RNBAKAB1R w - - 6 4",
    "r2akab1r/9/1cn1b1nc1/p3p1p1p/2p6/9/P1P1P1P1P/1CN1B2C1/4A4/3RKABNR w - - 8 5",
    "1r1a1R3/3k5/3a5/R8/n8/6B2/p1r6/4B4/9/3K5 w - - 22 110",
    "r1ba1a3/4nk2r/6nc1/pC2p1p1p/6b2/2p3B2/P1c1P1P1P/R4ANCB/4N4/4KAR2 w - - 2 20",
    "3k2b2/8r/b8/9/9/9/9/BR7/5K3/8p w - - 100 151",
    "9/7nr/3aka3/5R3/1R4N2/8P/4pc3/3Ac4/7r1/N3KA3 w - - 8 83",
];

/// Each level's choice in each position, one line a level.
fn choices() -> String {
    let mut engine = Engine::new(16);
    let mut out = String::new();
    for n in 1..=28 {
        let level = Level::new(n).expect("a level");
        let persona = level.persona().scaled(1000.0);
        write!(out, "{n}").unwrap();
        for (i, fen) in POSITIONS.iter().enumerate() {
            let pos = Position::from_fen(fen).expect("fen");
            engine.clear();
            let stop = AtomicBool::new(false);
            let request = SearchRequest::new(&pos, &[], &stop).limits(persona.limits());
            let chosen = persona.choose(&mut engine, &request, 7 + i as u64, &mut |_| {});
            write!(out, " {}", chosen.best).unwrap();
        }
        out.push('\n');
    }
    out
}

#[test]
fn every_level_chooses_the_moves_it_was_measured_with() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/level_choices.tsv");
    let now = choices();
    if std::env::var_os("XIANGQI_BLESS").is_some() {
        std::fs::write(path, &now).expect("writes");
        return;
    }
    let then = std::fs::read_to_string(path).expect("tests/data/level_choices.tsv");
    for (a, b) in then.lines().zip(now.lines()) {
        assert_eq!(
            a,
            b,
            "level {}: then / now",
            a.split(' ').next().unwrap_or("?")
        );
    }
    assert_eq!(then.lines().count(), now.lines().count());
}
