//! The teacher's motifs, from fixed positions: each kind found where it
//! is and named as players name it, and the mates of the puzzle set found
//! at their length.

use xiangqi::rules::{Move, Position};
use xiangqi::store::settings::Language;
use xiangqi::teach::{Explainer, Kind, Motif, Pattern, sentence};

fn explain(fen: &str, history: &[&str], m: &str) -> Vec<Motif> {
    let mut pos = Position::from_fen(fen).unwrap();
    let mut before = Vec::new();
    for h in history {
        before.push(pos);
        pos.play(Move::from_iccs(h).unwrap()).unwrap();
    }
    Explainer::default().of_move(&pos, &before, Move::from_iccs(m).unwrap())
}

fn kinds(found: &[Motif]) -> Vec<Kind> {
    found.iter().map(|m| m.kind).collect()
}

fn one(found: &[Motif], kind: Kind) -> &Motif {
    found
        .iter()
        .find(|m| m.kind == kind)
        .unwrap_or_else(|| panic!("no {kind:?} in {:?}", kinds(found)))
}

fn squares(m: &Motif) -> Vec<String> {
    m.pieces.iter().map(|(s, _)| s.to_string()).collect()
}

/// Black's palace fully manned, so a lone chariot has no quick mate.
const GUARDED: &str = "2bakab2";

#[test]
fn a_fork_names_both_targets() {
    let found = explain("4k4/2r1r4/9/9/9/2N6/9/9/9/3K5 w", &[], "c4d6");
    let fork = one(&found, Kind::Fork);
    assert_eq!(squares(fork), ["d6", "c8", "e8"]);
    assert!(fork.gain >= 500, "{}", fork.gain);
    assert_eq!(
        sentence(fork, Language::En),
        "the horse forks the chariot on c8 and the chariot on e8"
    );
}

#[test]
fn a_pin_to_the_general_leaves_the_pinned_piece_trapped() {
    let found = explain(&format!("{GUARDED}/9/9/9/4n4/9/9/9/R8/3K5 w"), &[], "a1e1");
    assert_eq!(squares(one(&found, Kind::Pin)), ["e1", "e5", "e9"]);
    assert_eq!(squares(one(&found, Kind::Trapped))[0], "e5");
    let threat = one(&found, Kind::Threat);
    assert_eq!(threat.gain, 400);
    assert_eq!(
        sentence(threat, Language::En),
        "threatens 车五进四, winning the horse on e5"
    );
    // A cannon pins through its screen: the piece between screen and
    // general may not leave the file.
    let pos = Position::from_fen("4k4/9/9/9/4n4/9/4P4/9/4C4/3K5 b").unwrap();
    let pins = xiangqi::teach::motif::pins(
        &xiangqi::teach::board::Board::of(&pos),
        xiangqi::rules::Color::Black,
    );
    assert_eq!(pins.len(), 1, "{pins:?}");
    assert_eq!(squares(&pins[0]), ["e1", "e5", "e9"]);
}

#[test]
fn a_piece_left_to_be_taken_is_hanging_and_says_by_what() {
    let found = explain(&format!("{GUARDED}/1r7/9/9/9/R8/9/9/9/3K5 w"), &[], "a4b4");
    let h = one(&found, Kind::Hanging);
    assert_eq!(squares(h), ["b4", "b8"]);
    assert_eq!(h.gain, 900);
    assert_eq!(
        sentence(h, Language::En),
        "leaves the chariot on b4 undefended: 车２进４ wins it"
    );
    assert_eq!(
        sentence(h, Language::Zh),
        "b4位的车无保护：车２进４可以吃掉它"
    );
}

#[test]
fn a_move_that_saves_the_attacked_piece_defends() {
    let fen = format!("{GUARDED}/9/9/9/R1n6/9/9/9/9/3K5 b");
    let found = explain(&fen, &[], "c5e4");
    let d = one(&found, Kind::Defends);
    assert_eq!(d.gain, 400);
    assert_eq!(sentence(d, Language::En), "stops the threat of 车九平七");
    // Leaving the horse where it is defends nothing.
    assert!(!kinds(&explain(&fen, &[], "a9a8")).contains(&Kind::Defends));
}

#[test]
fn captures_are_weighed_by_the_exchange() {
    // The central cannon takes the soldier and the horse takes it back.
    let found = explain(xiangqi::rules::START_FEN, &["h2e2", "h9g7"], "e2e6");
    let c = one(&found, Kind::Capture);
    assert_eq!(c.gain, 100 - 450);
    assert!(sentence(c, Language::En).contains("a sacrifice"));
    // Taking the last advisor: won material and an exposed general.
    let found = explain("3k5/4a4/9/9/9/9/9/9/4R4/5K3 w", &[], "e1e8");
    assert_eq!(one(&found, Kind::Capture).gain, 200);
    assert_eq!(
        one(&found, Kind::ExposedGeneral).side,
        xiangqi::rules::Color::Black
    );
}

#[test]
fn checks_discovered_and_double() {
    let found = explain(&format!("{GUARDED}/9/9/9/9/4N4/9/9/4R4/3K5 w"), &[], "e4c5");
    assert_eq!(
        squares(one(&found, Kind::DiscoveredCheck)),
        ["c5", "e1", "e9"]
    );
    assert!(!kinds(&found).contains(&Kind::Check));
    let found = explain("4k4/9/4N4/9/9/9/9/9/4R4/3K5 w", &[], "e7g8");
    assert!(
        kinds(&found).contains(&Kind::DoubleCheck),
        "{:?}",
        kinds(&found)
    );
}

#[test]
fn mates_carry_their_length_and_classic_name() {
    for (fen, m, pattern) in [
        // 重炮: the cannon checks over the other cannon.
        (
            "3rkr3/9/9/9/4C4/9/3C5/9/9/4K4 w",
            "d3e3",
            Pattern::DoubleCannon,
        ),
        // 马后炮: over its own horse, which guards the flight points.
        (
            "4k4/9/4N4/9/9/9/9/2C6/9/3K5 w",
            "c2e2",
            Pattern::HorseCannon,
        ),
    ] {
        let found = explain(fen, &[], m);
        let mate = one(&found, Kind::Mate);
        assert_eq!(mate.mate_in, Some(1), "{fen}");
        assert_eq!(mate.pattern, Some(pattern), "{fen}");
    }
    let mate = explain("4k4/9/4N4/9/9/9/9/2C6/9/3K5 w", &[], "c2e2");
    assert_eq!(
        sentence(one(&mate, Kind::Mate), Language::Zh),
        "马后炮：炮七平五，1步成杀"
    );
}

#[test]
fn the_puzzle_mates_are_found_at_their_length() {
    // The shared puzzle set: mates of 3 to 9 plies from their first move.
    let text = std::fs::read_to_string("tests/data/puzzles.jsonl").unwrap();
    let mut checked = 0;
    let mut explainer = Explainer::default();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let plies = v["mate_in_plies"].as_u64().unwrap();
        let Ok(pos) = Position::from_fen(v["fen"].as_str().unwrap()) else {
            continue;
        };
        if plies > 9 {
            continue;
        }
        let m = Move::from_iccs(v["first_move"].as_str().unwrap()).unwrap();
        let found = explainer.of_move(&pos, &[], m);
        let mate = one(&found, Kind::Mate);
        assert_eq!(mate.mate_in, Some(plies.div_ceil(2) as u32), "{}", v["id"]);
        assert_eq!(mate.line.len() as u64, plies, "{}", v["id"]);
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
}

#[test]
fn a_repeated_check_is_called_perpetual() {
    let fen = "3k5/9/9/9/9/9/9/9/R8/5K3 w";
    let found = explain(fen, &["a1a9", "d9d8", "a9a8", "d8d9"], "a8a9");
    assert_eq!(
        one(&found, Kind::Perpetual).side,
        xiangqi::rules::Color::Red
    );
    // The first time it is only a check.
    assert!(!kinds(&explain(fen, &[], "a1a9")).contains(&Kind::Perpetual));
}

#[test]
fn a_piece_on_a_horse_leg_blocks_it() {
    let found = explain("1n1akab2/9/9/9/9/9/9/9/1R7/3K5 w", &[], "b1b8");
    assert_eq!(squares(one(&found, Kind::Blocked)), ["b8", "b9"]);
}

#[test]
fn a_position_tells_what_stands_in_it() {
    // Red has just let the horse be taken (h2e2 h7e7 h0g2 e7e3: Black's
    // cannon took the soldier with check).
    let mut pos = Position::startpos();
    let mut before = Vec::new();
    for m in ["h2e2", "h7e7", "h0g2", "e7e3"] {
        before.push(pos);
        pos.play(Move::from_iccs(m).unwrap()).unwrap();
    }
    let found = Explainer::default().of_position(&pos, &before);
    assert_eq!(squares(one(&found, Kind::Check)), ["e3", "e0"]);
    let hanging: Vec<&Motif> = found.iter().filter(|m| m.kind == Kind::Hanging).collect();
    let cannon = hanging
        .iter()
        .find(|h| squares(h) == ["e3"])
        .unwrap_or_else(|| panic!("{hanging:?}"));
    assert_eq!(cannon.line, [Move::from_iccs("g2e3").unwrap()]);
    assert_eq!(
        sentence(cannon, Language::En),
        "the cannon on e3 hangs: 马三进五 wins it"
    );
}
