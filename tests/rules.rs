//! One test per rule edge of docs/RULES.md, and one per FEN error.

use xiangqi::rules::{
    Color, FenError, Game, GameResult, IllegalReason, Move, Outcome, PieceKind, Position, Reason,
    Square,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let sq = Square::parse(from).unwrap();
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == sq)
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn play_all(fen: &str, moves: &str) -> Game {
    let mut g = Game::new(pos(fen));
    for m in moves.split_whitespace() {
        g.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn start_position_has_44_moves() {
    assert_eq!(Position::startpos().legal_moves().len(), 44);
}

#[test]
fn flying_general_pins_the_only_piece_between_the_generals() {
    // Red cannon on e1 is all that stands between the generals.
    let p = pos("4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1");
    let cannon = moves_from(&p, "e1");
    assert_eq!(cannon.len(), 7, "only along the file: {cannon:?}");
    assert!(cannon.iter().all(|m| m.starts_with("e1e")));
    // The general may not step onto the open file either.
    let p = pos("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&p, "d0"), vec!["d0d1"]);
}

#[test]
fn horse_leg_blocks_its_jumps() {
    let p = pos("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1");
    assert_eq!(moves_from(&p, "b0"), vec!["b0d1"]);
    let free = pos("3k5/9/9/9/9/9/9/9/9/1N2K4 w - - 0 1");
    assert_eq!(moves_from(&free, "b0"), vec!["b0a2", "b0c2", "b0d1"]);
}

#[test]
fn elephant_eye_blocks_and_the_river_stops_it() {
    let p = pos("5k3/9/9/9/9/9/9/9/3R5/2B1K4 w - - 0 1");
    assert_eq!(moves_from(&p, "c0"), vec!["c0a2"]);
    let river = pos("4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&river, "c4"), vec!["c4a2", "c4e2"]);
}

#[test]
fn cannon_captures_only_over_exactly_one_screen() {
    // Screen on b5, target on b7: capture allowed, nothing beyond the target.
    let p = pos("4k4/9/1r7/9/1r7/9/9/1C7/9/3K5 w - - 0 1");
    let m = moves_from(&p, "b2");
    assert!(m.contains(&"b2b7".to_string()));
    assert!(
        !m.contains(&"b2b5".to_string()),
        "cannot capture the screen"
    );
    assert!(
        !m.contains(&"b2b6".to_string()),
        "cannot move past the screen"
    );
    // Two screens: no capture.
    let p = pos("4k4/9/1r7/1n7/1r7/9/9/1C7/9/3K5 w - - 0 1");
    assert!(!moves_from(&p, "b2").contains(&"b2b7".to_string()));
    // A cannon checks over a screen.
    let p = pos("4k4/9/9/9/4r4/9/9/4C4/9/3K5 b - - 0 1");
    assert!(p.in_check());
}

#[test]
fn soldiers_move_sideways_only_after_crossing() {
    let p = pos("4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&p, "e3"), vec!["e3e4"]);
    let p = pos("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(moves_from(&p, "e5"), vec!["e5d5", "e5e6", "e5f5"]);
}

#[test]
fn checkmate_loses() {
    let g = Game::new(pos("3k5/R8/9/9/9/9/9/9/9/3RK4 b - - 0 1"));
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            result: GameResult::RedWins,
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn stalemate_loses_too() {
    let p = pos("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(!p.in_check());
    let g = Game::new(p);
    let o = g.outcome().unwrap();
    assert_eq!(o.result, GameResult::RedWins);
    assert_eq!(o.reason, Reason::Stalemate);
    assert_eq!(o.to_string(), "1-0 red wins (stalemate)");
}

#[test]
fn perpetual_check_loses() {
    let moves = "a0d0 d9e9 d0e0 e9d9 e0d0 d9e9 d0e0 e9d9 e0d0";
    let mut g = Game::new(pos("3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1"));
    let list: Vec<&str> = moves.split_whitespace().collect();
    for (i, m) in list.iter().enumerate() {
        assert_eq!(g.outcome(), None, "over too early, before ply {i}");
        g.play(mv(m)).unwrap();
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.result, GameResult::BlackWins);
    assert_eq!(o.reason, Reason::PerpetualCheck { by: Color::Red });
    assert_eq!(o.to_string(), "0-1 black wins (perpetual check by red)");
    // The game refuses further moves.
    assert!(g.play(mv("d9e9")).is_err());
}

#[test]
fn perpetual_chase_loses() {
    let g = play_all(
        "n2k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1",
        "a9c8 a0c0 c8a9 c0a0 a9c8 a0c0 c8a9 c0a0",
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.result, GameResult::BlackWins);
    assert_eq!(o.reason, Reason::PerpetualChase { by: Color::Red });
}

#[test]
fn chasing_a_protected_piece_is_not_a_chase_but_a_horse_on_a_chariot_is() {
    use xiangqi::rules::is_chase;
    // Chariot attacks a horse protected by its general's advisor... use a
    // chariot protecting the horse instead.
    let p = pos("r2k5/9/n8/9/9/9/9/9/9/1R2K4 w - - 0 1");
    assert!(
        !is_chase(&p, mv("b0a0")),
        "the horse on a7 is protected by a9"
    );
    let p = pos("3k5/9/n8/9/9/9/9/9/9/1R2K4 w - - 0 1");
    assert!(is_chase(&p, mv("b0a0")), "unprotected horse");
    // A horse attacking a protected chariot is still a chase.
    let p = pos("3k5/9/9/9/9/9/r8/9/9/1N2K4 w - - 0 1");
    assert!(is_chase(&p, mv("b0c2")) || is_chase(&p, mv("b0a2")));
}

#[test]
fn mutual_perpetual_check_and_plain_repetition_are_draws() {
    use xiangqi::rules::game::judge_repetition;
    let both_check = [
        (Color::Red, true, false),
        (Color::Black, true, false),
        (Color::Red, true, false),
        (Color::Black, true, false),
    ];
    let o = judge_repetition(&both_check);
    assert_eq!((o.result, o.reason), (GameResult::Draw, Reason::Repetition));
    let check_vs_chase = [
        (Color::Red, true, false),
        (Color::Black, false, true),
        (Color::Red, true, false),
        (Color::Black, false, true),
    ];
    assert_eq!(
        judge_repetition(&check_vs_chase).reason,
        Reason::PerpetualCheck { by: Color::Red }
    );
    // Kings shuffling back and forth: nobody to blame.
    let g = play_all(
        "3k5/9/9/9/9/9/9/9/9/R4K3 b - - 0 1",
        "d9e9 f0f1 e9d9 f1f0 d9e9 f0f1 e9d9 f1f0",
    );
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Repetition));
}

#[test]
fn sixty_move_rule_draws_after_120_quiet_plies() {
    let mut g = Game::new(pos("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80"));
    assert_eq!(g.outcome(), None);
    g.play(mv("a0a1")).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, Reason::SixtyMoveRule)
    );
}

#[test]
fn no_attacking_material_is_a_draw() {
    let g = Game::new(pos("3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"));
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some(Reason::NoAttackingMaterial)
    );
}

#[test]
fn resignation_and_agreed_draw() {
    let mut g = Game::new(Position::startpos());
    g.play(mv("h2e2")).unwrap();
    g.resign(Color::Black);
    assert_eq!(
        g.outcome().unwrap().to_string(),
        "1-0 red wins (black resigns)"
    );
    let mut g = Game::new(Position::startpos());
    g.agree_draw();
    assert_eq!(g.outcome().unwrap().result, GameResult::Draw);
}

#[test]
fn undo_redo_and_goto_move_the_cursor() {
    let mut g = play_all(xiangqi::rules::START_FEN, "h2e2 h9g7 h0g2 i9h9");
    let end = *g.position();
    assert!(g.undo());
    assert!(g.undo());
    assert_eq!(g.ply(), 2);
    assert!(g.redo());
    g.goto(4);
    assert_eq!(*g.position(), end);
    g.goto(0);
    assert_eq!(*g.position(), Position::startpos());
    // Playing after an undo discards the redo tail (the record keeps it
    // as a variation).
    g.play(mv("b0c2")).unwrap();
    assert_eq!(g.all_moves().len(), 1);
    assert!(!g.redo());
}

#[test]
fn the_game_is_its_move_tree_and_derives_the_rest() {
    let mut g = play_all(xiangqi::rules::START_FEN, "h2e2 h9g7 h0g2 i9h9");
    g.goto(2);
    // Another move after undo: the old continuation becomes a variation.
    g.play(mv("b0c2")).unwrap();
    assert_eq!(g.all_moves(), &[mv("h2e2"), mv("h9g7"), mv("b0c2")]);
    assert_eq!(g.tree().variation_count(), 1);
    assert_eq!(g.tree().main_line(), g.all_moves());
    // The same move as the record's: its continuation is the redo tail again.
    g.goto(2);
    g.play(mv("h0g2")).unwrap();
    assert_eq!(g.ply(), 3);
    assert_eq!(g.all_moves().len(), 4, "i9h9 is back as the redo tail");
    assert_eq!(g.tree().variation_count(), 1, "b0c2 is now the variation");
    // Promoting a variation makes it the game; positions follow.
    let b0c2 = g
        .tree()
        .child_with(g.node_at(2).unwrap(), mv("b0c2"))
        .unwrap();
    g.goto(4);
    assert!(g.promote_to_main_line(b0c2));
    assert_eq!(g.all_moves(), &[mv("h2e2"), mv("h9g7"), mv("b0c2")]);
    assert_eq!(g.ply(), 2, "the cursor goes back to where the lines part");
    assert!(g.redo());
    let mut p = Position::startpos();
    for m in ["h2e2", "h9g7", "b0c2"] {
        p.make(mv(m));
    }
    assert_eq!(*g.position(), p);
    assert!(!g.promote_to_main_line(b0c2), "already the main line");
    // Deleting the variation that was the main line.
    let h0g2 = g
        .tree()
        .child_with(g.node_at(2).unwrap(), mv("h0g2"))
        .unwrap();
    assert!(g.remove(h0g2).is_some());
    assert_eq!(g.tree().variation_count(), 0);
    assert_eq!(g.all_moves().len(), 3);
    // Deleting part of the main line ends the game's record before it.
    let second = g.node_at(2).unwrap();
    g.remove(second).unwrap();
    assert_eq!(g.all_moves(), &[mv("h2e2")]);
    assert_eq!(g.ply(), 1);
    assert_eq!(g.tree().len(), 2);
    // A variation added at the end of the main line extends it.
    let end = g.node_at(1).unwrap();
    g.add_variation(end, mv("b9c7")).unwrap();
    assert_eq!(g.all_moves(), &[mv("h2e2"), mv("b9c7")]);
    // One added elsewhere leaves the main line alone.
    g.add_variation(xiangqi::rules::MoveTree::ROOT, mv("b2e2"))
        .unwrap();
    assert_eq!(g.all_moves(), &[mv("h2e2"), mv("b9c7")]);
    assert_eq!(g.tree().variation_count(), 1);
    assert!(g.add_variation(end, mv("a0a5")).is_err(), "an illegal move");
}

#[test]
fn a_game_from_a_tree_stops_where_the_rules_end_it() {
    // Red's perpetual check loses after its ninth move; a tenth move the
    // tree holds is legal on the board but not in the game.
    let moves = "a0d0 d9e9 d0e0 e9d9 e0d0 d9e9 d0e0 e9d9 e0d0 d9e9";
    let mut tree = xiangqi::rules::MoveTree::new(pos("3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1"));
    let mut at = xiangqi::rules::MoveTree::ROOT;
    for m in moves.split_whitespace() {
        at = tree.add(at, mv(m)).unwrap();
    }
    let g = Game::from_tree(tree.clone());
    assert_eq!(g.all_moves().len(), 9);
    assert_eq!(g.ply(), 9);
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some(Reason::PerpetualCheck { by: Color::Red })
    );
    assert_eq!(g.tree(), &tree, "the record itself is kept whole");
}

#[test]
fn illegal_moves_say_why() {
    let mut p = Position::startpos();
    let err = |p: &mut Position, m: &str| p.play(mv(m)).unwrap_err().reason;
    assert_eq!(err(&mut p, "e5e6"), IllegalReason::NoPiece);
    assert_eq!(err(&mut p, "h7e7"), IllegalReason::WrongColor);
    assert_eq!(err(&mut p, "b0b2"), IllegalReason::CannotReach);
    let mut q = pos("4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1");
    assert_eq!(err(&mut q, "e1d1"), IllegalReason::SelfCheck);
    assert_eq!(p, Position::startpos(), "a refused move changes nothing");
}

fn fen_err(fen: &str) -> FenError {
    Position::from_fen(fen).unwrap_err()
}

#[test]
fn fen_errors_name_the_rule_and_the_place() {
    use FenError::*;
    assert_eq!(fen_err(""), Empty);
    assert_eq!(fen_err("9/9/9 w"), RowCount { found: 3 });
    assert!(matches!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
        RowLength {
            rank: 0,
            found: 8,
            ..
        }
    ));
    assert!(matches!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"),
        RowLength { rank: 0, .. }
    ));
    assert_eq!(
        fen_err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w"),
        UnknownChar { ch: 'X', rank: 0 }
    );
    assert!(matches!(
        fen_err("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        GeneralCount {
            color: Color::Black,
            found: 0
        }
    ));
    assert!(matches!(
        fen_err("4k4/9/9/9/9/9/9/9/9/K3K4 w"),
        OutsidePalace { .. } | GeneralCount { .. }
    ));
    assert!(matches!(
        fen_err("4k4/9/9/9/9/9/9/9/9/3KK4 w"),
        GeneralCount {
            color: Color::Red,
            found: 2
        }
    ));
    assert!(matches!(
        fen_err("4k4/9/9/9/9/9/9/9/9/K8 w"),
        OutsidePalace { .. }
    ));
    assert!(matches!(
        fen_err("4k4/9/9/9/9/9/9/9/9/3KA4 w"),
        Unreachable { .. }
    ));
    assert!(matches!(
        fen_err("4k4/9/9/9/9/9/9/9/A8/3K5 w"),
        OutsidePalace { .. }
    ));
    // Elephants: off their seven points, and across the river.
    assert!(matches!(
        fen_err("4k4/9/9/9/9/9/9/9/9/1B1K5 w"),
        Unreachable { .. }
    ));
    let e = fen_err("4k4/9/9/2B6/9/9/9/9/9/3K5 w");
    assert!(e.to_string().contains("never cross the river"), "{e}");
    // Soldiers: behind the start rank, or on b/d/f/h before crossing.
    let e = fen_err("4k4/9/9/9/9/9/9/9/P8/3K5 w");
    assert!(e.to_string().contains("a1"), "{e}");
    let e = fen_err("4k4/9/9/9/9/9/1P7/9/9/3K5 w");
    assert!(
        e.to_string().contains("b3") && e.to_string().contains("crossing"),
        "{e}"
    );
    assert!(matches!(
        fen_err("4k4/9/9/9/P1P1P1P1P/9/P8/9/9/3K5 w"),
        TooMany {
            kind: PieceKind::Soldier,
            found: 6,
            ..
        }
    ));
    assert!(matches!(
        fen_err("4k4/9/9/9/RRR6/9/9/9/9/3K5 w"),
        TooMany {
            kind: PieceKind::Chariot,
            found: 3,
            ..
        }
    ));
    assert_eq!(
        fen_err("4k4/9/9/9/9/9/9/9/9/4K4 w"),
        GeneralsFacing { file: 'e' }
    );
    assert_eq!(
        fen_err("3k5/9/9/9/9/9/9/9/9/3RK4 w"),
        SideNotToMoveInCheck {
            color: Color::Black
        }
    );
    assert!(matches!(
        fen_err("3k5/9/9/9/9/9/9/9/9/4K4 x"),
        BadSide { .. }
    ));
    assert!(matches!(
        fen_err("3k5/9/9/9/9/9/9/9/9/4K4 w - - x 1"),
        BadCounter { .. }
    ));
}

#[test]
fn fen_accepts_the_variants_players_use() {
    // 'r' for Red, E/H letters, no counters.
    let a = pos("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
    assert_eq!(a.fen(), xiangqi::rules::START_FEN);
}

#[test]
fn lenient_fen_accepts_composed_placements_but_not_broken_generals() {
    // A black soldier on its own back rank (from a composed puzzle).
    let fen = "3k1p3/4P4/9/9/6CCR/3n4c/2Pn5/8B/5p3/4K4 w - - 0 1";
    assert!(matches!(
        Position::from_fen(fen),
        Err(FenError::Unreachable { .. })
    ));
    let p = Position::from_fen_lenient(fen).unwrap();
    assert_eq!(p.fen(), fen);
    assert!(Position::from_fen_lenient("4k4/9/9/9/9/9/9/9/9/K8 w").is_err());
    assert!(Position::from_fen_lenient("4k4/9/9/9/9/9/9/9/9/4K4 w").is_err());
}

#[test]
fn fen_rejects_adjacent_digits_naming_the_rank() {
    // `54` adds up to nine points, but a run of empty points is one digit.
    let e = fen_err("4k4/9/9/9/9/9/9/9/9/54 w - - 0 1");
    assert_eq!(
        e,
        FenError::AdjacentDigits {
            rank: 0,
            row: 10,
            digits: "54".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "rank 0 (row 10 of the FEN) has the digits '54' in a row; \
         a run of empty points is written as one digit"
    );
    assert_eq!(
        fen_err("4k4/111111111/9/9/9/9/9/9/9/3K5 w - - 0 1"),
        FenError::AdjacentDigits {
            rank: 8,
            row: 2,
            digits: "111111111".into()
        }
    );
    // Lenient parsing (PGN FEN tags, engine mode) rejects them too.
    assert!(matches!(
        Position::from_fen_lenient("3k5/9/9/9/9/9/9/9/9/3K14 w"),
        Err(FenError::AdjacentDigits { .. })
    ));
}

#[test]
fn fen_rejects_text_after_the_move_number_but_accepts_large_move_numbers() {
    let e = fen_err("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 extra");
    assert_eq!(
        e,
        FenError::ExtraText {
            text: "extra".into()
        }
    );
    assert_eq!(e.to_string(), "unexpected text after the FEN: 'extra'");
    assert_eq!(
        fen_err("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 2 3"),
        FenError::ExtraText { text: "2 3".into() }
    );
    assert!(matches!(
        Position::from_fen_lenient("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1 moves h2e2"),
        Err(FenError::ExtraText { .. })
    ));
    // The short forms stay accepted.
    for fen in [
        "4k4/9/9/9/9/9/9/9/9/3K5",
        "4k4/9/9/9/9/9/9/9/9/3K5 w",
        "4k4/9/9/9/9/9/9/9/9/3K5 w 0 1",
        "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
    ] {
        assert!(Position::from_fen(fen).is_ok(), "{fen}");
    }
    let p = pos("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 70000");
    assert_eq!(p.fullmove_number(), 70000);
    assert_eq!(p.fen(), "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 70000");
    let mut q = p;
    q.play(mv("e9f9")).unwrap();
    assert_eq!(q.fullmove_number(), 70001);
}

#[test]
fn fen_says_one_row_not_one_rows() {
    assert_eq!(
        fen_err("4k4").to_string(),
        "the board has 1 row; it needs 10 separated by '/'"
    );
    assert_eq!(
        fen_err("9/9").to_string(),
        "the board has 2 rows; it needs 10 separated by '/'"
    );
}

#[test]
fn a_result_gives_each_side_its_points() {
    assert_eq!(GameResult::RedWins.points_for(Color::Red), 1.0);
    assert_eq!(GameResult::RedWins.points_for(Color::Black), 0.0);
    assert_eq!(GameResult::BlackWins.points_for(Color::Black), 1.0);
    assert_eq!(GameResult::BlackWins.points_for(Color::Red), 0.0);
    assert_eq!(GameResult::Draw.points_for(Color::Red), 0.5);
    assert_eq!(GameResult::Draw.points_for(Color::Black), 0.5);
}
