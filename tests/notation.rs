//! Move notations: docs/RULES.md's worked example, tandem pieces, soldiers in
//! columns, every error kind, and property tests that every legal move in
//! random positions round-trips through Chinese (both charsets, both digit
//! styles), WXF and ICCS, and that FEN round-trips.

use proptest::prelude::*;
use xiangqi::rules::notation::{
    self, BlackDigits, Charset, ChineseStyle, MoveParseError, Notation, detect_notation,
    parse_chinese, parse_move, parse_vietnamese, parse_wxf, to_chinese, to_iccs, to_vietnamese,
    to_wxf,
};
use xiangqi::rules::{Color, IllegalReason, Move, PieceKind, Position};

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// Plays ICCS moves from the start and returns each move's Chinese form.
fn chinese_line(moves: &str, style: ChineseStyle) -> Vec<String> {
    let mut p = Position::startpos();
    moves
        .split_whitespace()
        .map(|s| {
            let m = mv(s);
            let c = to_chinese(&p, m, style);
            p.play(m).unwrap();
            c
        })
        .collect()
}

#[test]
fn worked_example_of_rules_md_prints_and_parses() {
    let line = "b0c2 b9c7 c3c4 h9i7 c2d4 h7e7";
    let want = [
        "马八进七",
        "马２进３",
        "兵七进一",
        "马８进９",
        "马七进六",
        "炮８平５",
    ];
    assert_eq!(chinese_line(line, ChineseStyle::default()), want);
    let mut p = Position::startpos();
    for (iccs, cn) in line.split_whitespace().zip(want) {
        assert_eq!(parse_move(&p, cn).unwrap(), mv(iccs), "{cn}");
        p.play(mv(iccs)).unwrap();
    }
}

#[test]
fn black_digits_can_be_ascii() {
    let style = ChineseStyle {
        charset: Charset::Simplified,
        black_digits: BlackDigits::Ascii,
    };
    assert_eq!(chinese_line("h2e2 h9g7", style), ["炮二平五", "马8进7"]);
}

#[test]
fn traditional_charset_uses_traditional_characters() {
    let trad = ChineseStyle::from(Charset::Traditional);
    assert_eq!(
        chinese_line("h2e2 h9g7 h0g2 h7h0", trad),
        ["炮二平五", "馬８進７", "傌二進三", "砲８進７"]
    );
    assert_eq!(chinese_line("i0i1 a9a8", trad), ["俥一進一", "車１進１"]);
    // As Traditional Chinese players write and type them: 俥傌相仕帥炮兵
    // for Red, 車馬象士將砲卒 for Black, 進退平.
    let start = Position::startpos();
    let red: Vec<String> = ["b0c2", "c0e2", "d0e1", "e0e1"]
        .iter()
        .map(|m| to_chinese(&start, mv(m), trad))
        .collect();
    assert_eq!(red, ["傌八進七", "相七進五", "仕六進五", "帥五進一"]);
    for (text, m) in [
        ("傌八進七", "b0c2"),
        ("馬八進七", "b0c2"),
        ("俥一進一", "i0i1"),
        ("炮二退一", "h2h1"),
        ("兵七進一", "c3c4"),
    ] {
        assert_eq!(parse_chinese(&start, text), Ok(mv(m)), "{text}");
    }
    let mut black = Position::startpos();
    black.play(mv("h2e2")).unwrap();
    for (text, m) in [
        ("馬８進７", "h9g7"),
        ("砲８平５", "h7e7"),
        ("卒７進１", "g6g5"),
        ("象３進５", "c9e7"),
        ("士４進５", "d9e8"),
        ("將５進１", "e9e8"),
    ] {
        assert_eq!(parse_chinese(&black, text), Ok(mv(m)), "{text}");
    }
}

#[test]
fn both_sides_piece_names_and_all_digit_forms_are_accepted() {
    let p = Position::startpos();
    for s in [
        "炮二平五",
        "砲二平五",
        "包二平五",
        "炮2平5",
        "炮２平５",
        "炮二平5",
        "C2.5",
        "c2.5",
        "Ｃ２.５",
        "h2e2",
        "H2-E2",
        " h2e2 ",
    ] {
        assert_eq!(parse_move(&p, s).unwrap(), mv("h2e2"), "{s}");
    }
    for s in ["马二进三", "馬二進三", "傌二进三", "H2+3", "N2+3"] {
        assert_eq!(parse_move(&p, s).unwrap(), mv("h0g2"), "{s}");
    }
    for s in ["车一进一", "車一进一", "俥一進一"] {
        assert_eq!(parse_move(&p, s).unwrap(), mv("i0i1"), "{s}");
    }
    for s in ["帅五进一", "帥五进一", "将五进一", "將五进一", "K5+1"] {
        assert_eq!(parse_move(&p, s).unwrap(), mv("e0e1"), "{s}");
    }
    for s in ["仕四进五", "士四进五", "A4+5"] {
        assert_eq!(parse_move(&p, s).unwrap(), mv("f0e1"), "{s}");
    }
    for s in ["相三进五", "象三进五", "E3+5", "B3+5"] {
        assert_eq!(parse_move(&p, s).unwrap(), mv("g0e2"), "{s}");
    }
    for s in ["兵三进一", "卒三进一", "P3+1"] {
        assert_eq!(parse_move(&p, s).unwrap(), mv("g3g4"), "{s}");
    }
    let mut b = p;
    b.play(mv("h2e2")).unwrap();
    for s in ["马８进７", "马8进7", "馬８進７", "马八进七", "H8+7", "h9g7"] {
        assert_eq!(parse_move(&b, s).unwrap(), mv("h9g7"), "{s}");
    }
}

#[test]
fn wxf_examples_from_the_start() {
    let p = Position::startpos();
    assert_eq!(to_wxf(&p, mv("h2e2")), "C2.5");
    assert_eq!(to_wxf(&p, mv("b0c2")), "H8+7");
    assert_eq!(to_iccs(mv("h2e2")), "h2e2");
    assert_eq!(parse_wxf(&p, "H8+7").unwrap(), mv("b0c2"));
}

/// Two red chariots on file 九 (a), two red cannons on file 二 (h),
/// two black horses on file 5 (e).
const TANDEM: &str = "3k5/4n4/9/4n4/9/R8/9/7C1/7C1/R3K4 w - - 0 1";

#[test]
fn tandem_pieces_use_front_and_rear() {
    let p = pos(TANDEM);
    assert_eq!(to_chinese(&p, mv("a4a5"), Charset::Simplified), "前车进一");
    assert_eq!(to_chinese(&p, mv("a0a1"), Charset::Simplified), "后车进一");
    assert_eq!(to_chinese(&p, mv("a0a1"), Charset::Traditional), "後俥進一");
    assert_eq!(to_chinese(&p, mv("a4g4"), Charset::Simplified), "前车平三");
    assert_eq!(to_wxf(&p, mv("a4g4")), "R+.3");
    assert_eq!(to_wxf(&p, mv("h1h0")), "C--1");
    assert_eq!(to_wxf(&p, mv("h2h5")), "C++3");
    for (s, m) in [
        ("前车进一", "a4a5"),
        ("後車進一", "a0a1"),
        ("R+.3", "a4g4"),
        ("+R.3", "a4g4"),
        ("C-.1", "h1i1"),
        ("-C-1", "h1h0"),
        ("后炮退一", "h1h0"),
        // Lenient: the file instead of the designator when only one piece fits.
        ("车九平三", "a4g4"),
    ] {
        assert_eq!(parse_move(&p, s).unwrap(), mv(m), "{s}");
    }
    let mut b = p;
    b.play(mv("a4a5")).unwrap();
    assert_eq!(to_chinese(&b, mv("e6g5"), Charset::Simplified), "前马进７");
    assert_eq!(to_chinese(&b, mv("e8c7"), Charset::Simplified), "后马进３");
    assert_eq!(parse_move(&b, "后马进3").unwrap(), mv("e8c7"));
    assert_eq!(to_wxf(&b, mv("e8c7")), "H-+3");
}

/// Vietnamese records: `P2-5 M8.7`, letters Tg S T M X P B, `.` tiến,
/// `/` thoái, `-` bình, `t`/`g`/`s` for front, middle and rear.
#[test]
fn vietnamese_notation_writes_moves_as_vietnamese_records_do() {
    let mut p = Position::startpos();
    let mut line = Vec::new();
    for m in [
        "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7b3", "g3g4", "c6c5",
    ] {
        line.push(to_vietnamese(&p, mv(m)));
        p.play(mv(m)).unwrap();
    }
    assert_eq!(
        line,
        [
            "P2-5", "M8.7", "M2.3", "X9-8", "X1-2", "P2.4", "B3.1", "B3.1"
        ]
    );
    let p = Position::startpos();
    assert_eq!(to_vietnamese(&p, mv("e0e1")), "Tg5.1");
    assert_eq!(to_vietnamese(&p, mv("d0e1")), "S6.5");
    assert_eq!(to_vietnamese(&p, mv("c0e2")), "T7.5");
    assert_eq!(to_vietnamese(&p, mv("h2h1")), "P2/1");
    let t = pos(TANDEM);
    assert_eq!(to_vietnamese(&t, mv("a4a5")), "Xt.1");
    assert_eq!(to_vietnamese(&t, mv("a0a1")), "Xs.1");
    assert_eq!(to_vietnamese(&t, mv("a4g4")), "Xt-3");
    assert_eq!(to_vietnamese(&t, mv("h1h0")), "Ps/1");
    let mut three = pos(SOLDIERS);
    three.play(mv("c7b7")).unwrap();
    three.play(mv("d9d8")).unwrap();
    assert_eq!(to_vietnamese(&three, mv("a6b6")), "Bg-8");
    assert_eq!(to_vietnamese(&pos(SOLDIERS), mv("a7b7")), "Bt9-8");
    for (s, m, at) in [
        ("P2-5", "h2e2", Position::startpos()),
        ("M8.7", "b0c2", Position::startpos()),
        ("Tg5.1", "e0e1", Position::startpos()),
        ("Xs.1", "a0a1", pos(TANDEM)),
        ("Bg-8", "a6b6", three),
        ("C3.1", "g3g4", Position::startpos()),
    ] {
        assert_eq!(parse_vietnamese(&at, s).unwrap(), mv(m), "{s}");
    }
    assert_eq!(
        notation::format_move(
            &Position::startpos(),
            mv("h2e2"),
            Notation::Vietnamese,
            ChineseStyle::default()
        ),
        "P2-5"
    );
    assert!(parse_vietnamese(&Position::startpos(), "K5.1").is_err());
    assert!(parse_vietnamese(&Position::startpos(), "").is_err());
}

#[test]
fn advisors_and_elephants_keep_their_file() {
    // Red advisors d0 and d2, elephants c0 and c4.
    let p = pos("3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w - - 0 1");
    assert_eq!(to_chinese(&p, mv("d0e1"), Charset::Simplified), "仕六进五");
    assert_eq!(to_chinese(&p, mv("d2e1"), Charset::Simplified), "仕六退五");
    assert_eq!(to_chinese(&p, mv("c4e2"), Charset::Simplified), "相七退五");
    assert_eq!(to_chinese(&p, mv("c0e2"), Charset::Simplified), "相七进五");
    assert_eq!(to_wxf(&p, mv("c4a2")), "E7-9");
}

/// Red soldiers: three on file a (ranks 5, 6, 7), two on file c.
const SOLDIERS: &str = "3k5/9/P1P6/P1P6/P8/9/9/9/9/4K4 w - - 0 1";

#[test]
fn three_soldiers_on_a_file_use_front_middle_rear() {
    // Only file a holds several soldiers once c7 moves away.
    let mut p = pos(SOLDIERS);
    p.play(mv("c7b7")).unwrap();
    p.play(mv("d9d8")).unwrap();
    assert_eq!(to_chinese(&p, mv("a7a8"), Charset::Simplified), "前兵进一");
    assert_eq!(to_chinese(&p, mv("a6b6"), Charset::Simplified), "中兵平八");
    assert_eq!(to_chinese(&p, mv("a5b5"), Charset::Simplified), "后兵平八");
    assert_eq!(to_wxf(&p, mv("a6b6")), "P..8");
    assert_eq!(parse_move(&p, "中兵平八").unwrap(), mv("a6b6"));
    assert_eq!(parse_move(&p, "P..8").unwrap(), mv("a6b6"));
    assert_eq!(parse_move(&p, "二兵平八").unwrap(), mv("a6b6"));
    assert_eq!(parse_move(&p, "后兵平8").unwrap(), mv("a5b5"));
}

#[test]
fn four_soldiers_on_a_file_are_counted_from_the_front() {
    let p = pos("3k5/P8/P8/P8/P8/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(to_chinese(&p, mv("a8b8"), Charset::Simplified), "一兵平八");
    assert_eq!(to_chinese(&p, mv("a7b7"), Charset::Simplified), "二兵平八");
    assert_eq!(to_chinese(&p, mv("a6b6"), Charset::Simplified), "三兵平八");
    assert_eq!(to_chinese(&p, mv("a5b5"), Charset::Simplified), "四兵平八");
    assert_eq!(to_wxf(&p, mv("a5b5")), "Pd.8");
    assert_eq!(parse_move(&p, "三兵平八").unwrap(), mv("a6b6"));
    assert_eq!(parse_move(&p, "Pc.8").unwrap(), mv("a6b6"));
    assert_eq!(parse_move(&p, "前兵平八").unwrap(), mv("a8b8"));
    assert_eq!(parse_move(&p, "后兵平八").unwrap(), mv("a5b5"));
}

#[test]
fn soldiers_doubled_on_two_files_keep_the_file() {
    let p = pos(SOLDIERS);
    assert_eq!(
        to_chinese(&p, mv("a7b7"), Charset::Simplified),
        "前兵九平八"
    );
    assert_eq!(
        to_chinese(&p, mv("c6d6"), Charset::Simplified),
        "后兵七平六"
    );
    assert_eq!(
        to_chinese(&p, mv("a6b6"), Charset::Simplified),
        "中兵九平八"
    );
    assert_eq!(to_wxf(&p, mv("a7b7")), "P+9.8");
    assert_eq!(to_wxf(&p, mv("c6d6")), "P-7.6");
    for (s, m) in [
        ("前兵九平八", "a7b7"),
        ("前九平八", "a7b7"),
        ("后兵七平六", "c6d6"),
        ("P+9.8", "a7b7"),
        ("P9+.8", "a7b7"),
        ("P-7.6", "c6d6"),
    ] {
        assert_eq!(parse_move(&p, s).unwrap(), mv(m), "{s}");
    }
    // Without the file, 前兵进一 fits the front soldier of both files.
    match parse_move(&p, "前兵进一") {
        Err(MoveParseError::Ambiguous { candidates }) => {
            assert_eq!(candidates.len(), 2);
            assert!(candidates.contains(&mv("a7a8")) && candidates.contains(&mv("c7c8")));
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
}

#[test]
fn black_tandem_pieces_count_front_toward_red() {
    // Black soldiers on i4, i3 (front is i3, nearer Red) and g3.
    let p = pos("3k5/9/9/9/9/6p1p/6p1p/8p/9/4K4 b - - 0 1");
    assert_eq!(
        to_chinese(&p, mv("i2h2"), Charset::Simplified),
        "前卒９平８"
    );
    assert_eq!(
        to_chinese(&p, mv("i4h4"), Charset::Simplified),
        "后卒９平８"
    );
    assert_eq!(
        to_chinese(&p, mv("g4f4"), Charset::Simplified),
        "后卒７平６"
    );
    assert_eq!(
        to_chinese(&p, mv("g3f3"), Charset::Simplified),
        "前卒７平６"
    );
    assert_eq!(parse_move(&p, "中卒９平８").unwrap(), mv("i3h3"));
}

#[test]
fn ambiguous_input_lists_the_candidates() {
    let p = pos(TANDEM);
    let e = parse_move(&p, "车九进一").unwrap_err();
    assert_eq!(
        e,
        MoveParseError::Ambiguous {
            candidates: vec![mv("a0a1"), mv("a4a5")]
        }
    );
    assert_eq!(e.to_string(), "ambiguous: it could be any of a0a1, a4a5");
}

#[test]
fn impossible_moves_say_why() {
    let p = Position::startpos();
    let e = parse_move(&p, "车八进十").unwrap_err();
    assert_eq!(
        e,
        MoveParseError::NoPieceOnFile {
            color: Color::Red,
            kind: PieceKind::Chariot,
            file: 8
        }
    );
    assert_eq!(
        parse_move(&p, "车九进十").unwrap_err(),
        MoveParseError::NoSuchMove
    );
    assert_eq!(
        parse_move(&p, "车九进十").unwrap_err().to_string(),
        "no such move in this position"
    );
    assert_eq!(
        parse_move(&p, "马二进四").unwrap_err(),
        MoveParseError::NoSuchMove
    );
    assert_eq!(
        parse_move(&p, "C2+6").unwrap_err(),
        MoveParseError::NoSuchMove
    );
    assert!(matches!(
        parse_move(&p, "前车进一").unwrap_err(),
        MoveParseError::NoTandem {
            kind: PieceKind::Chariot,
            ..
        }
    ));
    let bare = pos("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(
        parse_move(&bare, "车一进一").unwrap_err(),
        MoveParseError::NoSuchPiece {
            color: Color::Red,
            kind: PieceKind::Chariot
        }
    );
    // Black's piece is not Red's to move.
    assert!(matches!(
        parse_move(&p, "h9g7").unwrap_err(),
        MoveParseError::Illegal {
            reason: IllegalReason::WrongColor,
            ..
        }
    ));
    assert!(matches!(
        parse_move(&p, "h2g3").unwrap_err(),
        MoveParseError::Illegal {
            reason: IllegalReason::CannotReach,
            ..
        }
    ));
}

#[test]
fn moves_into_check_are_illegal() {
    // Red's cannon on e3 is pinned by the black chariot on e9 (e0 general).
    let p = pos("3kr4/9/9/9/9/9/4C4/9/9/4K4 w - - 0 1");
    assert_eq!(
        parse_move(&p, "炮五平四").unwrap_err(),
        MoveParseError::Illegal {
            mv: mv("e3f3"),
            reason: IllegalReason::SelfCheck
        }
    );
    assert!(matches!(
        parse_move(&p, "e3f3").unwrap_err(),
        MoveParseError::Illegal {
            reason: IllegalReason::SelfCheck,
            ..
        }
    ));
}

#[test]
fn malformed_input_names_the_character_and_place() {
    let p = Position::startpos();
    assert_eq!(parse_move(&p, "   ").unwrap_err(), MoveParseError::Empty);
    let e = parse_move(&p, "炮二跳五").unwrap_err();
    assert_eq!(
        e,
        MoveParseError::Unexpected {
            notation: Notation::Chinese,
            ch: '跳',
            at: 3,
            expected: "进, 退 or 平"
        }
    );
    assert_eq!(
        e.to_string(),
        "malformed Chinese move: unexpected '跳' at character 3; expected 进, 退 or 平"
    );
    assert!(matches!(
        parse_move(&p, "炮二平").unwrap_err(),
        MoveParseError::Incomplete { .. }
    ));
    assert!(matches!(
        parse_move(&p, "炮二平五五").unwrap_err(),
        MoveParseError::Unexpected { at: 5, .. }
    ));
    assert!(matches!(
        parse_move(&p, "龙二平五").unwrap_err(),
        MoveParseError::Unexpected {
            ch: '龙',
            at: 1,
            ..
        }
    ));
    assert!(matches!(
        parse_move(&p, "Z2.5").unwrap_err(),
        MoveParseError::Unexpected {
            notation: Notation::Wxf,
            ch: 'Z',
            at: 1,
            ..
        }
    ));
    assert!(matches!(
        parse_move(&p, "C2*5").unwrap_err(),
        MoveParseError::Unexpected {
            notation: Notation::Wxf,
            ch: '*',
            at: 3,
            ..
        }
    ));
    assert!(matches!(
        parse_move(&p, "C2.0").unwrap_err(),
        MoveParseError::Unexpected { ch: '0', at: 4, .. }
    ));
    assert!(matches!(
        parse_move(&p, "C2").unwrap_err(),
        MoveParseError::Incomplete { .. }
    ));
    assert!(matches!(
        parse_move(&p, "h2z2").unwrap_err(),
        MoveParseError::Unexpected {
            notation: Notation::Iccs,
            ch: 'z',
            at: 3,
            ..
        }
    ));
    assert!(matches!(
        parse_move(&p, "h2e2x").unwrap_err(),
        MoveParseError::Unexpected {
            notation: Notation::Iccs,
            at: 5,
            ..
        }
    ));
    assert!(matches!(
        parse_move(&p, "h2e").unwrap_err(),
        MoveParseError::Incomplete { .. }
    ));
}

#[test]
fn notation_is_detected() {
    assert_eq!(detect_notation("h2e2"), Some(Notation::Iccs));
    assert_eq!(detect_notation("H2-E2"), Some(Notation::Iccs));
    assert_eq!(detect_notation("C2.5"), Some(Notation::Wxf));
    assert_eq!(detect_notation("C2-1"), Some(Notation::Wxf));
    assert_eq!(detect_notation("c2-1"), Some(Notation::Wxf));
    assert_eq!(detect_notation("炮二平五"), Some(Notation::Chinese));
    assert_eq!(detect_notation("M8.7"), Some(Notation::Vietnamese));
    assert_eq!(detect_notation("Tg5.1"), Some(Notation::Vietnamese));
    assert_eq!(detect_notation("X1/1"), Some(Notation::Vietnamese));
    // P and B are WXF's letters too: WXF first, then Vietnamese.
    let start = Position::startpos();
    assert_eq!(parse_move(&start, "P2-5"), Ok(mv("h2e2")));
    assert_eq!(parse_move(&start, "P7+1"), Ok(mv("c3c4")));
    assert_eq!(parse_move(&start, "B7.1"), Ok(mv("c3c4")));
    assert_eq!(parse_move(&start, "M2.3"), Ok(mv("h0g2")));
    assert_eq!(parse_move(&start, "P2.7"), Ok(mv("h2h9")));
    assert!(parse_move(&start, "P2+5").is_err());
    assert_eq!(detect_notation(" "), None);
    assert!(parse_chinese(&Position::startpos(), "炮二平五").is_ok());
}

// ---------------------------------------------------------------------------
// Property tests.

/// Start points for playouts: the opening and positions full of tandem pieces.
const STARTS: [&str; 4] = [
    xiangqi::rules::START_FEN,
    TANDEM,
    SOLDIERS,
    "2bak4/4a4/4b4/P1P1P4/P1P6/6p1p/4p1p1p/9/9/2BAKAB2 w - - 0 1",
];

fn styles() -> [ChineseStyle; 4] {
    let s = |charset, black_digits| ChineseStyle {
        charset,
        black_digits,
    };
    [
        s(Charset::Simplified, BlackDigits::FullWidth),
        s(Charset::Simplified, BlackDigits::Ascii),
        s(Charset::Traditional, BlackDigits::FullWidth),
        s(Charset::Traditional, BlackDigits::Ascii),
    ]
}

fn check_round_trips(p: &Position) -> Result<(), TestCaseError> {
    let back = Position::from_fen(&p.fen()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(back, *p, "FEN {}", p.fen());
    for &m in p.legal_moves().iter() {
        for style in styles() {
            let s = to_chinese(p, m, style);
            prop_assert_eq!(parse_move(p, &s), Ok(m), "{} in {}", s, p.fen());
        }
        let w = to_wxf(p, m);
        prop_assert_eq!(parse_move(p, &w), Ok(m), "{} in {}", w, p.fen());
        prop_assert_eq!(parse_move(p, &to_iccs(m)), Ok(m));
        let n = notation::format_move(p, m, Notation::Iccs, ChineseStyle::default());
        prop_assert_eq!(n, m.to_string());
        let v = to_vietnamese(p, m);
        prop_assert_eq!(parse_vietnamese(p, &v), Ok(m), "{} in {}", v, p.fen());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_legal_move_round_trips_through_every_notation(
        start in 0..STARTS.len(),
        choices in proptest::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut p = Position::from_fen(STARTS[start]).unwrap();
        check_round_trips(&p)?;
        for c in choices {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[c as usize % moves.len()]).unwrap();
            check_round_trips(&p)?;
        }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(s in "\\PC{0,8}") {
        let _ = parse_move(&Position::startpos(), &s);
    }

    #[test]
    fn parsing_notation_like_text_never_panics(s in "[前中后一二三四五车马炮兵卒进退平１２３0-9a-iA-Z+.=-]{0,7}") {
        let p = Position::from_fen(SOLDIERS).unwrap();
        let _ = parse_move(&p, &s);
        let _ = parse_move(&Position::startpos(), &s);
    }
}
