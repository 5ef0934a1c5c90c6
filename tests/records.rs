//! Game records in other formats than PGN, read from the sample files in
//! `tests/data/records/`: every sample imports and replays to its last
//! move, the same game in two formats gives the same moves, variations
//! and comments survive, bad input gets an error naming the format and the
//! move, and no byte string makes the reader panic.

use proptest::prelude::*;
use xiangqi::rules::records::{Format, ImportedGame, RecordError, detect, import, import_games};
use xiangqi::rules::{GameResult, Move, Position};

fn sample(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/records/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn one(name: &str) -> ImportedGame {
    let mut games = import(&sample(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(games.len(), 1, "{name}");
    games.remove(0)
}

fn iccs(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// (file, format, main-line plies, red, black, result)
const SAMPLES: [(&str, Format, usize, &str, &str, Option<GameResult>); 6] = [
    (
        "xqf/XQFEXAMA.XQF",
        Format::Xqf,
        110,
        "柳大华",
        "吕  钦",
        Some(GameResult::BlackWins),
    ),
    (
        "xqf/XQFEXAMB.XQF",
        Format::Xqf,
        87,
        "",
        "",
        Some(GameResult::Draw),
    ),
    (
        "dhtmlxq-ubb-liuyongfu-zhangyongsheng.txt",
        Format::DhtmlXq,
        107,
        "北京 刘永富",
        "北京 张永生",
        Some(GameResult::BlackWins),
    ),
    (
        "dpxq-text-liuyongfu-zhangyongsheng.txt",
        Format::DpxqText,
        107,
        "北京 刘永富",
        "北京 张永生",
        Some(GameResult::BlackWins),
    ),
    (
        "playok-wxf.txt",
        Format::PlayOkWxf,
        55,
        "tmt6838g",
        "computerhuang",
        Some(GameResult::RedWins),
    ),
    (
        "pgn-handicap-xu-yinchuan-nie-weiping-1999.pgn",
        Format::Pgn,
        75,
        "许银川",
        "聂卫平",
        Some(GameResult::RedWins),
    ),
];

#[test]
fn every_sample_imports_and_replays_to_its_last_move() {
    for (name, format, plies, red, black, result) in SAMPLES {
        assert_eq!(detect(&sample(name)), format, "{name}");
        let g = one(name);
        assert_eq!(g.format, format, "{name}");
        assert_eq!(g.main_line().len(), plies, "{name}");
        assert_eq!(g.tag("Red").unwrap_or(""), red, "{name}");
        assert_eq!(g.tag("Black").unwrap_or(""), black, "{name}");
        assert_eq!(g.result, result, "{name}");
        // The game record (which also judges repetition and the 60-move
        // rule) accepts every move of the main line.
        let game = g
            .to_pgn()
            .to_game()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(game.ply(), plies, "{name}");
        assert_eq!(*game.position(), g.to_pgn().final_position(), "{name}");
    }
}

#[test]
fn the_dpxq_text_and_the_dhtmlxq_record_of_one_game_give_the_same_moves() {
    let text = one("dpxq-text-liuyongfu-zhangyongsheng.txt");
    let ubb = one("dhtmlxq-ubb-liuyongfu-zhangyongsheng.txt");
    assert_eq!(iccs(&text.main_line()), iccs(&ubb.main_line()));
    assert_eq!(text.start(), ubb.start());
    for tag in [
        "Event", "Round", "Date", "Site", "ECCO", "Opening", "Red", "Black",
    ] {
        assert_eq!(text.tag(tag), ubb.tag(tag), "{tag}");
    }
    assert_eq!(text.tag("Date"), Some("2026.08.31"));
    assert_eq!(text.tag("ECCO"), Some("B00"));
    let first: Vec<String> = iccs(&text.main_line()).into_iter().take(4).collect();
    assert_eq!(first, ["h2e2", "f9e8", "h0g2", "h7d7"]);
}

#[test]
fn xqf_keeps_variations_and_comments() {
    let a = one("xqf/XQFEXAMA.XQF");
    assert_eq!(a.tag("Event"), Some("\"中立杯\"象棋电视快棋赛"));
    assert_eq!(a.tag("Date"), Some("1997.11.16"));
    assert!(a.tree.node(0).unwrap().comment.contains("中立杯"));
    assert!(a.tree.comment_count() >= 10, "{}", a.tree.comment_count());
    assert_eq!(iccs(&a.main_line()[..2]), ["c3c4", "h9g7"]);

    let b = one("xqf/XQFEXAMB.XQF");
    assert_eq!(b.tag("Title"), Some("七星聚会"));
    // 七星聚会 is an ending set up from the piece list, Red to move.
    assert_ne!(*b.start(), Position::startpos());
    assert_eq!(
        b.start().count(
            xiangqi::rules::Color::Red,
            xiangqi::rules::PieceKind::Soldier
        ),
        3
    );
    let variations = b.tree.variation_count();
    assert!(variations >= 10, "{variations} variations");
    assert!(b.tree.comment_count() >= 10);
    // Every node of every variation is a legal move from its parent: the
    // tree checks each as it is added, so replaying each line from the
    // start must succeed too.
    for id in b.tree.preorder() {
        let mut p = *b.start();
        for m in b.tree.line_to(id) {
            p.play(m).unwrap();
        }
        assert_eq!(&p, b.tree.position(id).unwrap());
    }
    let comment = b
        .tree
        .preorder()
        .into_iter()
        .map(|id| b.tree.node(id).unwrap().comment.clone())
        .find(|c| c.contains("车5平3"));
    assert!(comment.is_some(), "the comment on the first variation");
}

#[test]
fn pgn_comments_come_into_the_tree() {
    let g = one("pgn-handicap-xu-yinchuan-nie-weiping-1999.pgn");
    assert!(g.tree.node(0).unwrap().comment.contains("评注：许银川"));
    assert_eq!(g.tree.comment_count(), 12);
    let last = *g.tree.main_line_nodes().last().unwrap();
    assert!(g.tree.node(last).unwrap().comment.contains("聂棋圣认负"));
}

#[test]
fn a_gbk_record_reads_like_its_utf8_twin() {
    for name in [
        "dpxq-text-liuyongfu-zhangyongsheng.txt",
        "dhtmlxq-ubb-liuyongfu-zhangyongsheng.txt",
    ] {
        let utf8 = sample(name);
        let text = String::from_utf8(utf8.clone()).unwrap();
        let (gbk, _, bad) = encoding_rs::GBK.encode(&text);
        assert!(!bad, "{name} encodes in GBK");
        assert_ne!(gbk.as_ref(), utf8.as_slice());
        let a = import(&utf8).unwrap().remove(0);
        let b = import(&gbk).unwrap().remove(0);
        assert_eq!(a, b, "{name}");
    }
}

#[test]
fn the_pgn_of_an_import_reads_back_the_same() {
    for (name, ..) in SAMPLES {
        let g = one(name);
        let pgn = xiangqi::rules::pgn::write_pgn(&g.to_pgn(), xiangqi::rules::Notation::Chinese);
        let back = xiangqi::rules::read_pgn(pgn.as_bytes()).unwrap().remove(0);
        assert_eq!(back.moves, g.main_line(), "{name}");
        assert_eq!(back.start, *g.start(), "{name}");
        assert_eq!(back.result, g.result, "{name}");
    }
}

#[test]
fn errors_name_the_format_the_move_and_the_fault() {
    // A DhtmlXQ move list with its fifth ply (3. 车一平二) sent through its own pieces.
    let text = String::from_utf8(sample("dhtmlxq-ubb-liuyongfu-zhangyongsheng.txt")).unwrap();
    let broken = text.replacen("77475041796772328979", "77475041796772328909", 1);
    let e = import(broken.as_bytes()).unwrap_err();
    assert_eq!(e.format, Format::DhtmlXq);
    assert_eq!(
        e.to_string(),
        "DhtmlXQ: move 3 (i0a0): illegal move i0a0: the piece cannot move there"
    );

    let e = import("[DhtmlXQ][DhtmlXQ_binit]123[/DhtmlXQ_binit][/DhtmlXQ]".as_bytes()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "DhtmlXQ: binit: 3 digits; it needs 64 (32 pieces as xy)"
    );

    let wxf = String::from_utf8(sample("playok-wxf.txt"))
        .unwrap()
        .replace("r6+3", "r6+9");
    let e = import(wxf.as_bytes()).unwrap_err();
    assert!(
        e.to_string().starts_with("PlayOK WXF: move 6... (r6+9): "),
        "{e}"
    );

    let dpxq = String::from_utf8(sample("dpxq-text-liuyongfu-zhangyongsheng.txt"))
        .unwrap()
        .replace("车八进五", "车八进九");
    let e = import(dpxq.as_bytes()).unwrap_err();
    assert!(
        e.to_string().starts_with("dpxq text: move 11 (车八进九): "),
        "{e}"
    );

    let mut xqf = sample("xqf/XQFEXAMA.XQF");
    xqf.truncate(2000);
    let e = import(&xqf).unwrap_err();
    assert_eq!(e.format, Format::Xqf);
    assert!(
        e.to_string()
            .starts_with("XQF: the file ends at byte 2000 inside "),
        "{e}"
    );

    let mut old = sample("xqf/XQFEXAMA.XQF");
    old[2] = 3;
    assert_eq!(
        import(&old).unwrap_err().error,
        RecordError::Version { found: 3 }
    );

    let e = import("just some words".as_bytes()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move list: line 1, after move 0: 'just' is not a move"
    );
    assert_eq!(import(b"").unwrap_err().error, RecordError::Empty);
}

#[test]
fn plain_lists_in_every_notation_agree() {
    let want = ["h2e2", "h9g7", "h0g2", "i9h9"];
    for text in [
        "1.炮二平五 马8进7 2.马二进三 车9平8",
        "1.炮二平五马８进７2.马二进三车９平８",
        "１．炮二平五　马８进７　２．马二进三　车９平８",
        "炮二平五\n馬8進7\n傌二進三\n車9平8",
        "1. C2.5 h8+7 2. H2+3 r9.8",
        "H2-E2 H9-G7 H0-G2 I9-H9",
        "h2e2 h9g7 h0g2 i9h9 *",
        "1. h2-e2 h9-g7 2. h0-g2 i9-h9 1-0",
    ] {
        let g = import(text.as_bytes())
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .remove(0);
        assert_eq!(g.format, Format::MoveList, "{text}");
        assert_eq!(iccs(&g.main_line()), want, "{text}");
    }
}

/// Bytes of a sample with a few bytes changed.
fn mutated(name: &str, edits: &[(usize, u8)]) -> Vec<u8> {
    let mut b = sample(name);
    for &(at, v) in edits {
        let n = b.len();
        b[at % n] = v;
    }
    b
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..3000)) {
        let _ = import_games(&bytes);
    }

    #[test]
    fn random_bytes_after_an_xqf_signature_never_panic(
        version in any::<u8>(),
        body in prop::collection::vec(any::<u8>(), 0..3000),
    ) {
        let mut bytes = vec![b'X', b'Q', version];
        bytes.extend(body);
        let _ = import_games(&bytes);
    }

    #[test]
    fn damaged_samples_never_panic(
        which in 0..6usize,
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..8),
    ) {
        let _ = import_games(&mutated(SAMPLES[which].0, &edits));
    }

    #[test]
    fn text_made_of_record_pieces_never_panics(
        parts in prop::collection::vec(prop::sample::select(vec![
            "[DhtmlXQ]", "[/DhtmlXQ]", "[DhtmlXQ_movelist]", "[/DhtmlXQ_movelist]",
            "[DhtmlXQ_move_0_1_1]", "[/DhtmlXQ_move_0_1_1]", "[DhtmlXQ_binit]", "[/DhtmlXQ_binit]",
            "[DhtmlXQ_comment1_2]", "7747", "99", "1", "%5B", "START{", "}END", "FORMAT WXF",
            "红方: 甲\n", "黑方: 乙\n", "1.", "炮二平五", "马8进7", "前", "后兵", "C2.5", "h2e2",
            "{", "}", "\n", " ", "红胜", "1-0", "１０", "。", "\u{3000}",
        ]), 0..40),
    ) {
        let _ = import_games(parts.concat().as_bytes());
    }
}

#[test]
fn copied_move_text_pastes_back_as_the_same_game() {
    use xiangqi::rules::pgn::moves_text;
    use xiangqi::rules::{Charset, Notation, Position};
    use xiangqi::store::record::open_bytes;
    let game = one("pgn-handicap-xu-yinchuan-nie-weiping-1999.pgn");
    let moves = game.main_line();
    assert!(moves.len() > 20);
    let starts = [*game.start(), Position::startpos()];
    for start in starts {
        // The handicap game's moves only fit its own start.
        let moves: Vec<_> = if start == *game.start() {
            moves.clone()
        } else {
            ["h2e2", "h9g7", "h0g2", "i9h9"]
                .iter()
                .map(|m| Move::from_iccs(m).unwrap())
                .collect()
        };
        for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
            for charset in [Charset::Simplified, Charset::Traditional] {
                let text = moves_text(&start, &moves, notation, charset.into());
                assert!(text.contains("1."), "{text}");
                let pasted = open_bytes(text.as_bytes())
                    .unwrap_or_else(|e| panic!("{notation} {charset:?}: {e}\n{text}"));
                assert_eq!(pasted.len(), 1);
                assert_eq!(pasted[0].game.start(), &start, "{notation}: {text}");
                assert_eq!(pasted[0].game.all_moves(), &moves[..], "{notation}: {text}");
            }
        }
    }
}
