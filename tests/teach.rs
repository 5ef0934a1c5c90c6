//! The teacher's motifs, from fixed positions: each kind found where it
//! is and named as players name it, and the mates of the puzzle set found
//! at their length.

use xiangqi::rules::notation::{Charset, Notation};
use xiangqi::rules::{Move, Position};
use xiangqi::teach::{Explainer, Kind, Motif, Pattern, sentence};
use xiangqi::words::{Language, Writing};

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
        &xiangqi::rules::geometry::Reach::of(&pos),
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
        "八路车无保护：车２进４可以吃掉它"
    );
    // Named by its file as the notation counts (Red's eighth), in
    // Traditional too; by its point beside moves written in ICCS.
    assert_eq!(
        sentence(h, Language::ZhHant),
        "八路俥無保護：車２進４可以吃掉它"
    );
    let iccs = Writing::new(Language::Zh, Notation::Iccs, Charset::Simplified);
    assert_eq!(sentence(h, iccs), "b4位的车无保护：b8b4可以吃掉它");
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

// Every kind, each by two positions built for it and at least one close
// position where it must not be reported. These search little (the
// motifs here are all within a move or two), so they stay quick.

fn quick(fen: &str, history: &[&str], m: &str) -> Vec<Motif> {
    let mut pos = Position::from_fen(fen).unwrap();
    let mut before = Vec::new();
    for h in history {
        before.push(pos);
        pos.play(Move::from_iccs(h).unwrap()).unwrap();
    }
    Explainer::new(40_000).of_move(&pos, &before, Move::from_iccs(m).unwrap())
}

fn has(found: &[Motif], kind: Kind) -> bool {
    found.iter().any(|m| m.kind == kind)
}

fn no(found: &[Motif], kind: Kind) {
    // A move that mates is told as the mate alone: the kinds looked for
    // only when it does not would be missing for that reason.
    let after_mate = !matches!(
        kind,
        Kind::Mate
            | Kind::Check
            | Kind::DiscoveredCheck
            | Kind::DoubleCheck
            | Kind::Capture
            | Kind::ExposedGeneral
            | Kind::Blocked
            | Kind::Perpetual
    );
    assert!(
        !(after_mate && has(found, Kind::Mate)),
        "a mate hides {kind:?}: build the position without one"
    );
    assert!(
        !has(found, kind),
        "{kind:?} reported: {:?}",
        found.iter().filter(|m| m.kind == kind).collect::<Vec<_>>()
    );
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

mod capture {
    use super::*;

    #[test]
    fn an_undefended_horse_taken_wins_it_whole() {
        let found = quick("4k4/9/9/9/4n4/9/9/9/4R4/3K5 w", &[], "e1e5");
        let c = one(&found, Kind::Capture);
        assert_eq!(squares(c), ["e5", "e5"]);
        assert_eq!(c.pieces[1].1.kind, xiangqi::rules::PieceKind::Horse);
        assert_eq!(c.gain, 400);
    }

    #[test]
    fn a_soldier_taking_a_defended_horse_still_wins() {
        let found = quick("4k4/4r4/9/9/4n4/4P4/9/9/9/3K5 w", &[], "e4e5");
        assert_eq!(one(&found, Kind::Capture).gain, 200);
    }

    #[test]
    fn an_even_trade_is_not_called_winning() {
        // The chariot takes a chariot the horse on d7 takes back.
        let found = quick("4k4/9/3n5/9/4r4/9/9/9/4R4/3K5 w", &[], "e1e5");
        let c = one(&found, Kind::Capture);
        assert_eq!(c.gain, 0);
        let said = sentence(c, Language::En);
        assert!(!said.contains("wins"), "{said}");
        // A move that takes nothing is no capture.
        no(
            &quick("4k4/9/3n5/9/4r4/9/9/9/4R4/3K5 w", &[], "e1e2"),
            Kind::Capture,
        );
    }
}

mod hanging {
    use super::*;

    #[test]
    fn a_cannon_moved_where_a_horse_takes_it() {
        let found = quick(&format!("{GUARDED}/9/6n2/9/9/9/9/7C1/9/3K5 w"), &[], "h2h5");
        let h = one(&found, Kind::Hanging);
        assert_eq!(squares(h), ["h5", "g7"]);
        assert!(h.by_move);
        assert_eq!(h.gain, 450);
    }

    #[test]
    fn a_defended_piece_is_not_hanging() {
        // The chariot on h0 takes back on h5: the horse wins 50, not a piece.
        let found = quick(
            &format!("{GUARDED}/9/6n2/9/9/9/9/7C1/9/3K3R1 w"),
            &[],
            "h2h5",
        );
        no(&found, Kind::Hanging);
    }
}

mod fork {
    use super::*;

    #[test]
    fn a_horse_forks_the_general_and_a_chariot() {
        let found = quick("2bakab1r/9/9/7N1/9/9/9/9/9/3K5 w", &[], "h6g8");
        let f = one(&found, Kind::Fork);
        assert_eq!(squares(f)[0], "g8");
        assert_eq!(sorted(squares(f)[1..].to_vec()), ["e9", "i9"]);
        assert_eq!(f.gain, 900);
        assert!(has(&found, Kind::Check));
    }

    #[test]
    fn a_horse_forks_two_chariots_on_open_legs() {
        let found = quick("4k4/2r6/5r3/9/9/2N6/9/9/9/3K5 w", &[], "c4d6");
        let f = one(&found, Kind::Fork);
        assert_eq!(sorted(squares(f)[1..].to_vec()), ["c8", "f7"]);
    }

    #[test]
    fn a_blocked_leg_is_no_fork() {
        // The soldier on e6 stands on the leg towards f7: one target only.
        let found = quick("4k4/2r6/5r3/4p4/9/2N6/9/9/9/3K5 w", &[], "c4d6");
        no(&found, Kind::Fork);
    }

    #[test]
    fn two_defended_soldiers_are_not_forked() {
        // The horse on b4 reaches the soldiers on a6 and c6, each guarded
        // by a chariot behind it.
        let found = quick("r1r1k4/9/9/p1p6/9/9/9/2N6/9/3K5 w", &[], "c2b4");
        no(&found, Kind::Fork);
    }
}

mod pin {
    use super::*;

    #[test]
    fn a_cannon_pins_through_its_screen() {
        // Black keeps a chariot, so no forced mate hides the pin.
        let found = quick(
            &format!("{GUARDED}/8r/9/9/4n4/4P4/9/7C1/9/3K5 w"),
            &[],
            "h2e2",
        );
        assert_eq!(squares(one(&found, Kind::Pin)), ["e2", "e5", "e9"]);
    }

    #[test]
    fn the_generals_file_pins_the_piece_between() {
        let found = quick("4k4/9/9/9/4n4/9/9/9/9/3K5 w", &[], "d0e0");
        assert_eq!(squares(one(&found, Kind::Pin)), ["e0", "e5", "e9"]);
    }

    #[test]
    fn a_cannon_with_no_other_screen_checks_and_pins_nothing() {
        // The horse is the cannon's only screen: that is check, not a pin.
        let found = quick(
            &format!("{GUARDED}/8r/9/9/4n4/9/9/7C1/9/3K5 w"),
            &[],
            "h2e2",
        );
        no(&found, Kind::Pin);
        assert!(has(&found, Kind::Check));
    }

    #[test]
    fn a_chariot_behind_two_pieces_pins_neither() {
        let found = quick("4k4/9/9/4p4/4n4/9/9/9/R8/3K5 w", &[], "a1e1");
        no(&found, Kind::Pin);
    }
}

mod discovered_attack {
    use super::*;

    #[test]
    fn a_horse_leaves_the_file_and_the_chariot_sees_a_chariot() {
        let found = quick(&format!("{GUARDED}/r8/9/9/9/N8/9/9/R8/3K5 w"), &[], "a4b6");
        let d = one(&found, Kind::DiscoveredAttack);
        assert_eq!(squares(d), ["b6", "a1", "a8"]);
        assert_eq!(d.gain, 900);
    }

    #[test]
    fn a_horse_leaves_the_rank_and_the_chariot_sees_a_cannon() {
        let found = quick(
            &format!("{GUARDED}/9/9/9/9/9/R1N4c1/9/9/3K5 w"),
            &[],
            "c3d5",
        );
        let d = one(&found, Kind::DiscoveredAttack);
        assert_eq!(squares(d), ["d5", "a3", "h3"]);
        assert_eq!(d.gain, 450);
    }

    #[test]
    fn a_line_opened_onto_a_guarded_soldier_attacks_nothing() {
        // The chariot on a9 takes back on a6.
        let found = quick("r1bakab2/9/9/p8/9/N8/9/9/R8/3K5 w", &[], "a4b6");
        no(&found, Kind::DiscoveredAttack);
    }
}

mod discovered_check {
    use super::*;

    #[test]
    fn a_horse_uncovers_a_cannon_over_an_advisor() {
        let found = quick("4k4/4a4/9/9/9/4N4/9/9/4C4/3K5 w", &[], "e4c5");
        assert_eq!(
            squares(one(&found, Kind::DiscoveredCheck)),
            ["c5", "e1", "e9"]
        );
        no(&found, Kind::DoubleCheck);
    }

    #[test]
    fn a_line_still_blocked_uncovers_no_check() {
        // The elephant on e7 still stands between the chariot and the general.
        let found = quick("4k4/9/4b4/9/9/4N4/9/9/4R4/3K5 w", &[], "e4c5");
        no(&found, Kind::DiscoveredCheck);
        no(&found, Kind::Check);
    }

    #[test]
    fn a_check_by_the_moved_piece_alone_is_not_discovered() {
        let found = quick("4k4/9/9/9/9/9/9/9/R8/3K5 w", &[], "a1a9");
        no(&found, Kind::DiscoveredCheck);
    }
}

mod double_check {
    use super::*;

    #[test]
    fn a_horse_checks_and_uncovers_the_chariot() {
        let found = quick("4k4/9/9/9/4N4/9/9/9/4R4/3K5 w", &[], "e5f7");
        let d = one(&found, Kind::DoubleCheck);
        assert_eq!(sorted(squares(d)), ["e1", "e9", "f7"]);
    }

    #[test]
    fn a_single_discovered_check_is_not_double() {
        let found = quick(&format!("{GUARDED}/9/9/9/9/4N4/9/9/4R4/3K5 w"), &[], "e4c5");
        assert!(has(&found, Kind::DiscoveredCheck));
        no(&found, Kind::DoubleCheck);
    }
}

mod check {
    use super::*;

    #[test]
    fn a_chariot_checks_along_the_file() {
        // Black's palace is manned and it keeps a chariot, so the check is
        // no forced mate (a check that starts a mate is told as the mate).
        let found = quick(&format!("{GUARDED}/8r/9/9/9/9/9/9/R8/3K5 w"), &[], "a1e1");
        assert_eq!(squares(one(&found, Kind::Check)), ["e1", "e9"]);
    }

    #[test]
    fn a_cannon_checks_over_a_screen() {
        let found = quick("4k4/9/9/9/4n4/9/9/7C1/9/3K5 w", &[], "h2e2");
        assert_eq!(squares(one(&found, Kind::Check)), ["e2", "e9"]);
    }

    #[test]
    fn a_move_beside_the_general_is_no_check() {
        let found = quick("4k4/9/9/9/9/9/9/9/R8/3K5 w", &[], "a1a8");
        for k in [Kind::Check, Kind::DiscoveredCheck, Kind::DoubleCheck] {
            no(&found, k);
        }
    }
}

mod mate {
    use super::*;

    #[test]
    fn a_chariot_mates_beside_the_facing_general() {
        // 白脸将: the red general on e0 keeps the black one off e9.
        let found = quick("3k5/9/9/9/9/9/9/9/R8/4K4 w", &[], "a1d1");
        let mate = one(&found, Kind::Mate);
        assert_eq!(mate.mate_in, Some(1));
        assert_eq!(mate.pattern, Some(Pattern::FacingGeneral));
        no(&found, Kind::Check);
    }

    /// The position after `moves` from `fen`, and the pattern of the mate
    /// the side that moved last has given there.
    fn final_pattern(fen: &str, moves: &[&str]) -> Option<Pattern> {
        let mut pos = Position::from_fen(fen).unwrap();
        for m in moves {
            pos.play(Move::from_iccs(m).unwrap()).unwrap();
        }
        let reach = xiangqi::rules::geometry::Reach::of(&pos);
        xiangqi::teach::pattern::pattern_of(&reach, pos.side_to_move().flip())
    }

    #[test]
    fn two_chariots_mate_when_the_second_bars_the_general_s_way() {
        // 双车错: the chariot on a8 holds d8, the other checks on the ninth rank.
        let found = quick("3k5/R8/9/9/9/9/9/9/9/5K1R1 w", &[], "h0h9");
        assert_eq!(one(&found, Kind::Mate).pattern, Some(Pattern::TwoChariots));
        assert_eq!(
            final_pattern("3k5/R8/9/9/9/9/9/9/9/5K1R1 w", &["h0h9"]),
            Some(Pattern::TwoChariots)
        );
    }

    #[test]
    fn a_chariot_that_only_eyes_a_point_the_general_s_own_piece_fills_is_no_second_chariot() {
        // A shipped puzzle's mate (fb2d4d3f77): the chariot on f3 mates the
        // general on f1; the one on a1 reaches only e1, where Red's own
        // advisor stands. One chariot mates: no 双车错 (it was so tagged).
        let fen = "4kab2/9/3a5/1r7/6P1p/1NR6/1R6P/3NB4/r3AK3/3A2B2 b";
        let line = ["b6f6", "g5f5", "f6f5", "c4f4", "f5f4", "b3f3", "f4f3"];
        assert_ne!(final_pattern(fen, &line), Some(Pattern::TwoChariots));
    }

    #[test]
    fn a_check_the_general_steps_out_of_is_not_mate() {
        let found = quick(&format!("{GUARDED}/8r/9/9/9/9/9/9/R8/3K5 w"), &[], "a1e1");
        no(&found, Kind::Mate);
        assert!(has(&found, Kind::Check));
    }
}

mod threat {
    use super::*;

    #[test]
    fn a_chariot_on_the_rank_threatens_an_undefended_horse() {
        let found = quick(&format!("{GUARDED}/9/9/9/4n4/9/9/9/R8/3K5 w"), &[], "a1a5");
        let t = one(&found, Kind::Threat);
        assert_eq!(squares(t), ["a5", "e5"]);
        assert_eq!(t.gain, 400);
    }

    #[test]
    fn a_horse_brings_the_threat_of_mate() {
        // 马后炮 next: 炮七平五 mates unless Black does something.
        // The chariot on i9 cannot come between: 炮七平五 mates at once.
        let found = quick("4k3r/9/9/9/3N5/9/9/2C6/9/3K5 w", &[], "d5e7");
        let t = one(&found, Kind::Threat);
        assert_eq!(t.mate_in, Some(1));
        assert_eq!(t.line, [Move::from_iccs("c2e2").unwrap()]);
    }

    #[test]
    fn attacking_a_guarded_horse_threatens_nothing() {
        // The horse on d7 takes back on e5: the chariot would lose itself.
        let found = quick(
            &format!("{GUARDED}/9/3n5/9/4n4/9/9/9/R8/3K5 w"),
            &[],
            "a1a5",
        );
        no(&found, Kind::Threat);
    }
}

mod trapped {
    use super::*;

    #[test]
    fn a_corner_horse_with_both_ways_out_covered() {
        let found = quick("n1bakab2/9/9/1P7/9/9/9/9/R7R/3K5 w", &[], "i1i8");
        let t = one(&found, Kind::Trapped);
        assert_eq!(squares(t)[..2], ["a9", "a1"]);
        assert_eq!(t.gain, 400);
    }

    #[test]
    fn a_horse_with_a_safe_point_is_not_trapped() {
        // c8 stays open.
        let found = quick("n1bakab2/9/9/1P7/9/9/9/9/R7R/3K5 w", &[], "i1i2");
        no(&found, Kind::Trapped);
    }
}

mod blocked {
    use super::*;

    #[test]
    fn a_chariot_on_an_elephant_eye() {
        let found = quick(&format!("{GUARDED}/9/9/9/9/9/9/9/7R1/3K5 w"), &[], "h1h8");
        assert_eq!(squares(one(&found, Kind::Blocked)), ["h8", "g9"]);
    }

    #[test]
    fn a_point_diagonal_to_a_horse_is_not_its_leg() {
        let found = quick("1n1akab2/9/9/9/9/9/9/9/2R6/3K5 w", &[], "c1c8");
        no(&found, Kind::Blocked);
    }
}

mod exposed_general {
    use super::*;

    #[test]
    fn a_horse_takes_the_last_advisor() {
        let found = quick("3ak4/9/2N6/9/9/9/9/9/3R5/5K3 w", &[], "c7d9");
        let e = one(&found, Kind::ExposedGeneral);
        assert_eq!(squares(e), ["e9"]);
        assert_eq!(e.side, xiangqi::rules::Color::Black);
        assert_eq!(one(&found, Kind::Capture).gain, 200);
    }

    #[test]
    fn a_position_without_advisors_facing_a_chariot() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3A1K3 w").unwrap();
        let found = Explainer::new(40_000).of_position(&pos, &[]);
        let e = one(&found, Kind::ExposedGeneral);
        assert_eq!(squares(e), ["e9"]);
        assert_eq!(e.side, xiangqi::rules::Color::Black);
    }

    #[test]
    fn one_advisor_left_is_not_exposed() {
        let found = quick("3aka3/9/2N6/9/9/9/9/9/3R5/5K3 w", &[], "c7d9");
        no(&found, Kind::ExposedGeneral);
    }
}

mod perpetual {
    use super::*;

    #[test]
    fn a_chariot_checks_on_the_file_as_the_general_steps_across() {
        let fen = "4k4/9/9/9/9/9/9/9/R8/5K3 w";
        let found = quick(fen, &["a1e1", "e9d9", "e1d1", "d9e9"], "d1e1");
        assert_eq!(
            one(&found, Kind::Perpetual).side,
            xiangqi::rules::Color::Red
        );
    }

    #[test]
    fn a_chariot_follows_an_unprotected_cannon_along_the_rank() {
        // Each chariot move attacks the cannon again: a chase; the
        // cannon's moves chase nothing. The fifth move brings back the
        // position after the first: repeated, a perpetual chase.
        let fen = "4k4/9/1c7/9/9/9/9/9/2R6/3K5 w";
        let found = quick(fen, &["c1b1", "b7c7", "b1c1", "c7b7"], "c1b1");
        let p = one(&found, Kind::Perpetual);
        assert_eq!(p.side, xiangqi::rules::Color::Red);
        assert_eq!(squares(p), ["b1", "b7"]);
        assert_eq!(
            sentence(p, Language::En),
            "repeating this chase would be a perpetual chase, which loses"
        );
        assert_eq!(
            sentence(p, Language::Zh),
            "重复这步捉子就是长捉，按规则判负"
        );
        // The first time it is only a chase.
        no(&quick(fen, &[], "c1b1"), Kind::Perpetual);
    }

    #[test]
    fn a_black_chariot_follows_a_cannon_up_and_down_the_file() {
        let fen = "5k3/9/9/9/9/9/r8/7C1/9/3K5 b";
        let found = quick(fen, &["a3a2", "h2h3", "a2a3", "h3h2"], "a3a2");
        let p = one(&found, Kind::Perpetual);
        assert_eq!(p.side, xiangqi::rules::Color::Black);
        assert_eq!(squares(p), ["a2", "h2"]);
    }

    #[test]
    fn following_a_protected_cannon_is_no_chase() {
        // The chariot on a7 guards the cannon on b7 and on c7: attacking a
        // protected cannon with a chariot is not a chase, the repetition
        // is a draw.
        let fen = "4k4/9/rc7/9/9/9/9/9/2R6/3K5 w";
        let found = quick(fen, &["c1b1", "b7c7", "b1c1", "c7b7"], "c1b1");
        no(&found, Kind::Perpetual);
    }

    #[test]
    fn a_repetition_without_check_is_not_perpetual() {
        let fen = "4k4/9/9/9/9/9/9/9/R8/5K3 w";
        let found = quick(fen, &["a1a2", "e9e8", "a2a1", "e8e9"], "a1a2");
        no(&found, Kind::Perpetual);
    }
}

mod check_that_wins {
    use super::*;

    #[test]
    fn a_chariot_checks_on_the_rank_and_takes_the_horse_behind_the_general() {
        // 车九进七 checks along the eighth rank; the general must leave it
        // (e9 or e7), and the chariot takes the horse it stood before.
        let found = quick("3a1a3/4k2n1/9/9/9/9/9/9/R8/3K5 w", &[], "a1a8");
        assert!(kinds(&found).contains(&Kind::Check));
        let t = one(&found, Kind::Threat);
        assert_eq!(squares(t), ["a8", "h8"]);
        assert_eq!(t.gain, 400);
        assert_eq!(t.line.len(), 3);
        assert_eq!(t.line[2], Move::from_iccs("a8h8").unwrap());
        let en = sentence(t, Language::En);
        assert!(
            en.starts_with("车九进七 checks, then after 将５")
                && en.ends_with("wins the horse on h8"),
            "{en}"
        );
        let zh = sentence(t, Language::Zh);
        assert!(
            zh.starts_with("车九进七将军，对方将５") && zh.ends_with("车九平二吃马"),
            "{zh}"
        );
    }

    #[test]
    fn a_cannon_checks_from_the_back_rank_and_then_takes_the_chariot() {
        // From a real game (fsf-nodes-150k-300k #38, ply 77): 炮八进六
        // checks; the elephant must come between, and the cannon, now
        // with a screen on the rank, takes the chariot on g9.
        let found = quick(
            "2bk2r2/5R3/9/3N3P1/3r1Nb1p/9/PC5nP/4B4/4A4/3AK1B2 w - - 9 39",
            &[],
            "b3b9",
        );
        let t = one(&found, Kind::Threat);
        assert_eq!(t.line.len(), 3);
        assert_eq!(t.line[2].to().to_string(), "g9");
        assert_eq!(squares(t)[1], "g9");
        assert!(t.gain >= 900, "{}", t.gain);
    }

    #[test]
    fn a_check_whose_capture_is_taken_back_wins_nothing() {
        // As the first, but a chariot on h9 guards the horse: taking it
        // loses the chariot, so the check is only a check.
        let found = quick("3a1a1r1/4k2n1/9/9/9/9/9/9/R8/3K5 w", &[], "a1a8");
        assert!(kinds(&found).contains(&Kind::Check));
        no(&found, Kind::Threat);
        no(&found, Kind::Fork);
    }
}

mod defends {
    use super::*;

    #[test]
    fn a_chariot_comes_across_to_guard_the_horse() {
        let found = quick("2bakab1r/9/9/9/R3n4/9/9/9/9/3K5 b", &[], "i9i5");
        let d = one(&found, Kind::Defends);
        assert_eq!(squares(d), ["a5", "e5"]);
        assert_eq!(d.gain, 400);
    }

    #[test]
    fn guarding_a_chariot_a_horse_attacks_does_not_save_it() {
        // The horse still wins the chariot for itself.
        let found = quick("2bakab1r/9/9/4p4/2r6/9/3N5/9/9/2BAKAB2 b", &[], "i9i5");
        no(&found, Kind::Defends);
    }
}

/// What one of the best moves did, told only when it is worth noting.
mod strong {
    use super::*;
    use xiangqi::engine::review::Noting;
    use xiangqi::teach::strong;

    fn said(fen: &str, history: &[&str], m: &str, noting: Noting) -> Option<String> {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut before = Vec::new();
        for h in history {
            before.push(pos);
            pos.play(Move::from_iccs(h).unwrap()).unwrap();
        }
        strong(
            &mut Explainer::default(),
            &pos,
            &before,
            Move::from_iccs(m).unwrap(),
            noting,
        )
        .map(|s| s.text(Language::En))
    }

    #[test]
    fn a_fork_is_worth_a_sentence_on_its_own() {
        let fen = "4k4/2r1r4/9/9/9/2N6/9/9/9/3K5 w";
        assert_eq!(
            said(fen, &[], "c4d6", Noting::default()).as_deref(),
            Some("strong: the horse forks the chariot on c8 and the chariot on e8")
        );
        // The same move after the opponent's mistake punishes it.
        assert!(
            said(
                fen,
                &[],
                "c4d6",
                Noting {
                    punishes: true,
                    follows_best: false
                }
            )
            .unwrap()
            .starts_with("punishes the mistake: the horse forks")
        );
    }

    #[test]
    fn quiet_moves_and_taking_back_are_not() {
        // The first move of a game does nothing the rules can show.
        assert_eq!(
            said(xiangqi::rules::START_FEN, &[], "h2e2", Noting::default()),
            None
        );
        // The central cannon takes the soldier, the horse takes it back:
        // material won, but only by taking back, so no news.
        let start = xiangqi::rules::START_FEN;
        assert_eq!(
            said(start, &["h2e2", "h9g7", "e2e6"], "g7e6", Noting::default()),
            None
        );
        // A piece taken for nothing is told after the opponent's mistake
        // (among best moves it is mostly an exchange going on); a mate always.
        let horse = format!("{GUARDED}/9/9/9/4n4/9/9/9/4R4/3K5 w");
        assert_eq!(said(&horse, &[], "e1e5", Noting::default()), None);
        let punishes = Noting {
            punishes: true,
            follows_best: false,
        };
        assert_eq!(
            said(&horse, &[], "e1e5", punishes).as_deref(),
            Some("punishes the mistake: takes the horse on e5 for nothing")
        );
        assert_eq!(
            said(
                "3k5/4a4/9/9/9/9/9/9/4R4/5K3 w",
                &[],
                "e1e8",
                Noting::default()
            )
            .as_deref(),
            Some("strong: 车五进七 mates")
        );
    }
}
