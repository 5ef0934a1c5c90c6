use super::*;
use crate::rules::notation::parse_move;

/// Plays moves in any notation (ICCS, WXF, Chinese) from the start.
fn line(moves: &str) -> Vec<Move> {
    let mut pos = Position::startpos();
    moves
        .split_whitespace()
        .map(|t| {
            let m = parse_move(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
            pos.make(m);
            m
        })
        .collect()
}

fn code_of(moves: &str) -> &'static str {
    classify(&Position::startpos(), &line(moves))
        .expect("a game from the start classifies")
        .code
}

#[test]
fn every_row_is_well_formed_and_legal() {
    let mut n = 0;
    for row in rows() {
        let row = row.unwrap_or_else(|e| panic!("{e}"));
        assert!(row.opening.zh.chars().all(|c| c != '|' && c != '#'));
        n += 1;
    }
    assert!(n >= 260, "{n} rows");
}

#[test]
fn every_code_has_one_name_and_the_list_is_complete() {
    let mut names: HashMap<&str, (&str, Option<&str>)> = HashMap::new();
    for row in rows().map(Result::unwrap) {
        let o = row.opening;
        let first = *names.entry(o.code).or_insert((o.zh, o.en));
        assert_eq!(
            first,
            (o.zh, o.en),
            "line {}: {} named twice",
            row.line,
            o.code
        );
    }
    // The published classification: A00–A65, B00–B56, C00–C99, D00–D55,
    // E00–E48, with its gaps (A09, A17–A19, …).
    assert_eq!(names.len(), 260);
    assert_eq!(openings().len(), 260);
    for code in [
        "A00", "A65", "B00", "B56", "C00", "C99", "D00", "D55", "E00", "E48",
    ] {
        assert!(names.contains_key(code), "{code}");
    }
    assert!(!names.contains_key("A09") && !names.contains_key("C69"));
    assert_eq!(
        by_code("C00").unwrap().en,
        Some("Central Cannon vs Screen Horses")
    );
}

#[test]
fn no_position_is_claimed_by_two_codes() {
    let mut seen: HashMap<u64, (&str, usize)> = HashMap::new();
    for row in rows().map(Result::unwrap) {
        let end = end_of(&row.moves);
        for key in [Some(end.hash()), mirrored(&end).map(|p| p.hash())]
            .into_iter()
            .flatten()
        {
            if let Some(&(code, line)) = seen.get(&key) {
                assert_eq!(
                    code, row.opening.code,
                    "line {} ({}) reaches the position of line {line} ({code})",
                    row.line, row.opening.code
                );
            }
            seen.insert(key, (row.opening.code, row.line));
        }
    }
}

#[test]
fn each_row_classifies_as_its_own_code() {
    for row in rows().map(Result::unwrap) {
        if row.moves.is_empty() {
            continue;
        }
        let got = classify(&Position::startpos(), &row.moves).unwrap();
        assert_eq!(got.code, row.opening.code, "line {}", row.line);
    }
}

#[test]
fn classic_lines_get_their_codes() {
    // 中炮对屏风马: once Black has both horses out.
    assert_eq!(
        code_of("炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3"),
        "C00"
    );
    // Before the second horse ECCO calls it 中炮对进左马 (B05).
    assert_eq!(code_of("炮二平五 马8进7 马二进三 车9平8"), "B05");
    assert_eq!(code_of("相三进五"), "A10");
    assert_eq!(code_of("兵七进一"), "E00");
    assert_eq!(code_of("兵三进一"), "E00");
    assert_eq!(code_of("炮二平五 炮8平5"), "D00");
    assert_eq!(code_of("炮二平五 炮2平5"), "D50");
    assert_eq!(code_of("马二进三"), "A40");
    assert_eq!(code_of("炮二平四"), "A50");
    assert_eq!(code_of("炮二平六"), "A60");
    // 中炮过河车互进七兵对屏风马平炮兑车, then 红左马盘河对黑退边炮上右士.
    assert_eq!(
        code_of("炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9"),
        "C40"
    );
    assert_eq!(
        code_of(
            "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一 炮8平9 \
             车二平三 炮9退1 马八进七 士4进5 马七进六"
        ),
        "C44"
    );
    // 五七炮对屏风马进３卒右马外盘河.
    assert_eq!(
        code_of("炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 炮八平七 马3进2"),
        "C71"
    );
    // Leaving the lines keeps the last code: extra moves after C00.
    assert_eq!(
        code_of("炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 车二进一 车1进1"),
        "C00"
    );
}

#[test]
fn an_unlisted_first_move_is_other_openings() {
    assert_eq!(code_of("车一进一"), "A00");
    assert_eq!(code_of("车一进一 车9进1"), "A00");
}

#[test]
fn transposed_move_orders_land_on_one_code() {
    // 顺炮直车对横车: black's chariot before or after his horse.
    let a = "炮二平五 炮8平5 马二进三 马8进7 车一平二 车9进1";
    let b = "炮二平五 炮8平5 马二进三 车9进1 车一平二 马8进7";
    assert_eq!(code_of(a), "D20");
    assert_eq!(code_of(b), "D20");
    // 对兵互进右马局: pawns first, or horses first.
    assert_eq!(code_of("兵三进一 卒3进1 马二进三 马2进3"), "E42");
    assert_eq!(code_of("兵三进一 马2进3 马二进三 卒3进1"), "E42");
    // 中炮过河车互进七兵对屏风马 with the pawns and horses in another order.
    let c30 = "炮二平五 马8进7 马二进三 车9平8 车一平二 卒7进1 车二进六 马2进3 兵七进一";
    let c30_other = "炮二平五 马8进7 马二进三 马2进3 车一平二 车9平8 兵七进一 卒7进1 车二进六";
    assert_eq!(code_of(c30), "C30");
    assert_eq!(code_of(c30_other), "C30");
    // Across families: a horse opening that reaches 仙人指路进右马对飞象's
    // position is that opening (ECCO's move-order rules would say A40).
    assert_eq!(code_of("兵三进一 象3进5 马二进三"), "E02");
    assert_eq!(code_of("马二进三 象3进5 兵三进一"), "E02");
}

#[test]
fn mirrored_lines_get_the_same_code() {
    assert_eq!(code_of("炮八平五 马2进3 马八进七 马8进7"), "C00");
    assert_eq!(code_of("炮二平五 马8进7 马二进三 马2进3"), "C00");
    assert_eq!(code_of("相七进五"), "A10");
    assert_eq!(code_of("相七进五 炮2平5"), code_of("相三进五 炮8平5"));
    assert_eq!(code_of("相七进五 炮2平5"), "A27");
    assert_eq!(code_of("炮八平五 炮2平5"), "D00");
    assert_eq!(code_of("炮八平五 炮8平5"), "D50");
    let c71 = "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 兵三进一 卒3进1 炮八平七 马3进2";
    let mirrored: Vec<Move> = line(c71).iter().map(|&m| mirror_move(m)).collect();
    assert_eq!(
        classify(&Position::startpos(), &mirrored).unwrap().code,
        "C71"
    );
}

/// The move seen in a mirror (files a ↔ i).
fn mirror_move(m: Move) -> Move {
    let t = m.to_string();
    let flip = |c: char| (b'a' + b'i' - c as u8) as char;
    let b: Vec<char> = t.chars().collect();
    Move::from_iccs(&format!("{}{}{}{}", flip(b[0]), b[1], flip(b[2]), b[3])).unwrap()
}

#[test]
fn other_starts_and_empty_games_have_no_opening() {
    assert_eq!(classify(&Position::startpos(), &[]), None);
    let handicap =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1")
            .unwrap();
    let m = Move::from_iccs("h2e2").unwrap();
    assert_eq!(classify(&handicap, &[m]), None);
    // Black to move in the standard arrangement is not the standard start.
    let black_first =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
            .unwrap();
    assert_eq!(
        classify(&black_first, &[Move::from_iccs("h7e7").unwrap()]),
        None
    );
}

#[test]
fn an_illegal_move_ends_the_walk_without_a_panic() {
    let mut moves = line("相三进五");
    moves.push(Move::from_iccs("a0a9").unwrap());
    moves.extend(line("炮二平五 马8进7"));
    assert_eq!(classify(&Position::startpos(), &moves).unwrap().code, "A10");
}

#[test]
fn codes_and_prefixes_for_the_command_line() {
    for ok in ["C", "c2", "C20", " E4 ", "A"] {
        let p: CodePrefix = ok.parse().unwrap_or_else(|e| panic!("{ok}: {e}"));
        assert!(openings().iter().any(|o| p.matches(o.code)));
    }
    assert_eq!("c2".parse::<CodePrefix>().unwrap().as_str(), "C2");
    for shape in ["Z99", "C2000", "", "99", "C2x", "中"] {
        assert!(
            matches!(shape.parse::<CodePrefix>(), Err(CodeError::Shape(_))),
            "{shape}"
        );
    }
    for unknown in ["C69", "A9", "E5", "D6"] {
        assert!(
            matches!(unknown.parse::<CodePrefix>(), Err(CodeError::Unknown(_))),
            "{unknown}"
        );
    }
}

#[test]
fn a_mirror_twice_is_the_position() {
    let pos = end_of(&line("炮二平五 马8进7 马二进三 车9平8"));
    let twice = mirrored(&mirrored(&pos).unwrap()).unwrap();
    assert_eq!(twice.hash(), pos.hash());
    assert_ne!(mirrored(&pos).unwrap().hash(), pos.hash());
}

#[test]
fn a_saved_game_carries_its_opening_through_a_pgn_round_trip() {
    use crate::rules::{Game, Notation, pgn};
    let mut game = Game::new(Position::startpos());
    for m in line("炮八平五 马2进3 马八进七 车1平2 车九平八 马8进7") {
        game.play(m).unwrap();
    }
    let g = crate::store::library::pgn_for(&game, &[("Red", "A"), ("Black", "B")]);
    assert_eq!(g.tag("ECCO"), Some("C00"));
    assert_eq!(g.tag("Opening"), Some("中炮对屏风马"));
    let text = pgn::write_pgn(&g, Notation::Chinese);
    assert!(text.contains("[ECCO \"C00\"]\n"), "{text}");
    assert!(text.contains("[Opening \"中炮对屏风马\"]\n"), "{text}");
    let read = pgn::read_pgn(text.as_bytes()).unwrap().remove(0);
    assert_eq!(read.tag("ECCO"), Some("C00"));
    assert_eq!(read.tag("Opening"), Some("中炮对屏风马"));
    assert_eq!(pgn::write_pgn(&read, Notation::Chinese), text);
}

#[test]
fn a_records_own_opening_tag_is_kept() {
    let text = "[ECCO \"C01\"]\n[Opening \"as the source had it\"]\n\n1. 炮二平五 马８进７ *\n";
    let read = crate::rules::pgn::read_pgn(text.as_bytes())
        .unwrap()
        .remove(0);
    let mut tags = read.tags.clone();
    fill_tags(&mut tags, &read.start, &read.moves);
    assert_eq!(tags, read.tags);
    let written = crate::rules::pgn::write_pgn(&read, crate::rules::Notation::Chinese);
    assert!(
        written.contains("[ECCO \"C01\"]\n[Opening \"as the source had it\"]\n"),
        "{written}"
    );
    // Without one, the moves' opening is added; from another start, none.
    let mut tags = Vec::new();
    fill_tags(&mut tags, &read.start, &read.moves);
    assert_eq!(
        tags,
        [
            ("ECCO".to_string(), "B05".to_string()),
            ("Opening".to_string(), "中炮对进左马".to_string())
        ]
    );
    let other = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let mut tags = Vec::new();
    fill_tags(&mut tags, &other, &[Move::from_iccs("a0a1").unwrap()]);
    assert!(tags.is_empty());
}

#[test]
fn a_position_is_named_by_the_row_that_reaches_it() {
    assert_eq!(at(&Position::startpos()), None);
    let c00 = end_of(&line("炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3"));
    assert_eq!(at(&c00).unwrap().code, "C00");
    assert_eq!(at(&mirrored(&c00).unwrap()).unwrap().code, "C00");
    // One move past it is no row's position.
    let past = end_of(&line(
        "炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3 车二进一",
    ));
    assert_eq!(at(&past), None);
}
