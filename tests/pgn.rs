//! Xiangqi PGN: the twenty real tournament files (GBK, CRLF, full-width
//! digits, tandem pieces) load and replay to their last move; encodings are
//! detected; comments, variations and junk are skipped; errors name the line,
//! move and token; writing and reading back gives the same game.

use xiangqi::rules::notation::{Charset, ChineseStyle, MoveParseError, Notation};
use xiangqi::rules::pgn::{
    PgnError, PgnGame, decode, read_pgn, write_pgn, write_pgn_games, write_pgn_with,
};
use xiangqi::rules::{GameResult, Move, Position};

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/data/pgn/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// Counts move tokens the simple way: every word after the number on lines
/// like ` 12. 车七平六 车７进１`.
fn count_moves_naively(text: &str) -> usize {
    text.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let digits = l.len() - l.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let words = l
                .split_whitespace()
                .filter(|w| !["1-0", "0-1", "1/2-1/2", "*"].contains(w));
            (digits > 0 && l[digits..].starts_with('.')).then(|| words.count() - 1)
        })
        .sum()
}

fn check_tournament_file(name: &str) {
    let bytes = data(name);
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "{name} is GBK, not UTF-8"
    );
    let games = read_pgn(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(games.len(), 1, "{name}");
    let g = &games[0];
    let text = decode(&bytes);
    assert_eq!(
        g.moves.len(),
        count_moves_naively(&text),
        "{name}: every move read"
    );
    assert!(g.tag("Event").unwrap().contains("Computer Games"));
    assert_eq!(g.tag("Site"), Some("北京中国科技馆"));
    let result = g.result.expect("a decisive or drawn result");
    assert_eq!(Some(result.pgn()), g.tag("Result"));
    let game = g.to_game().unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        game.ply(),
        g.moves.len(),
        "{name}: replayed to the last move"
    );
    if let Some(o) = game.outcome() {
        assert_eq!(o.result, result, "{name}: the rules agree with the record");
    }
    // Written back in every notation, the game reads the same.
    for (notation, style) in [
        (Notation::Chinese, ChineseStyle::default()),
        (Notation::Chinese, ChineseStyle::from(Charset::Traditional)),
        (Notation::Wxf, ChineseStyle::default()),
        (Notation::Iccs, ChineseStyle::default()),
    ] {
        let out = write_pgn_with(g, notation, style);
        for line in out.lines() {
            let w: usize = line.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
            assert!(
                w <= 80 || line.starts_with('['),
                "{name}: line too wide: {line}"
            );
        }
        let back =
            read_pgn(out.as_bytes()).unwrap_or_else(|e| panic!("{name} ({notation}): {e}\n{out}"));
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].moves, g.moves, "{name} ({notation})");
        assert_eq!(back[0].result, g.result);
        assert_eq!(back[0].tag("Red"), g.tag("Red"));
        assert_eq!(back[0].tag("Format"), Some(notation.to_string().as_str()));
    }
}

macro_rules! tournament_files {
    ($($test:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $test() {
                check_tournament_file($file);
            }
        )*
    };
}

tournament_files! {
    ccgc_01_loads_and_replays => "ccgc-01.pgn",
    ccgc_02_loads_and_replays => "ccgc-02.pgn",
    ccgc_05_loads_and_replays => "ccgc-05.pgn",
    ccgc_06_loads_and_replays => "ccgc-06.pgn",
    ccgc_07_loads_and_replays => "ccgc-07.pgn",
    ccgc_08_loads_and_replays => "ccgc-08.pgn",
    ccgc_09_loads_and_replays => "ccgc-09.pgn",
    ccgc_10_loads_and_replays => "ccgc-10.pgn",
    ccgc_11_loads_and_replays => "ccgc-11.pgn",
    ccgc_12_loads_and_replays => "ccgc-12.pgn",
    ccgc_13_loads_and_replays => "ccgc-13.pgn",
    ccgc_14_loads_and_replays => "ccgc-14.pgn",
    ccgc_15_loads_and_replays => "ccgc-15.pgn",
    ccgc_16_loads_and_replays => "ccgc-16.pgn",
    ccgc_19_loads_and_replays => "ccgc-19.pgn",
    ccgc_20_loads_and_replays => "ccgc-20.pgn",
    ccgc_21_loads_and_replays => "ccgc-21.pgn",
    ccgc_22_loads_and_replays => "ccgc-22.pgn",
    ccgc_23_loads_and_replays => "ccgc-23.pgn",
    ccgc_24_loads_and_replays => "ccgc-24.pgn",
}

#[test]
fn the_data_folder_holds_twenty_games() {
    let dir = format!("{}/tests/data/pgn", env!("CARGO_MANIFEST_DIR"));
    let n = std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "pgn")
        })
        .count();
    assert_eq!(n, 20);
}

#[test]
fn gbk_utf8_and_utf8_with_bom_read_the_same() {
    let gbk = data("ccgc-05.pgn");
    let utf8 = decode(&gbk).into_bytes();
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend_from_slice(&utf8);
    let a = read_pgn(&gbk).unwrap();
    assert_eq!(read_pgn(&utf8).unwrap(), a);
    assert_eq!(read_pgn(&bom).unwrap(), a);
    assert_eq!(a[0].tag("Red"), Some("相眼竞技"));
    // LF instead of CRLF changes nothing either.
    let lf = String::from_utf8(utf8).unwrap().replace("\r\n", "\n");
    assert_eq!(read_pgn(lf.as_bytes()).unwrap(), a);
}

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

#[test]
fn comments_variations_nags_and_trailing_junk_are_skipped() {
    let text = "\u{feff}[Game \"Chinese Chess\"]\r\n\
        [Result \"1-0\"]\r\n\
        % an escaped line 车八进十\r\n\
        {A comment with 车八进十 in it}\r\n\
        1.炮二平五 马８进７!? $1 ; line comment 车八进十\r\n\
        (1... 马２进３ (1... 炮８平５ {nested} 2. 马二进三) 2. 车一平二)\r\n\
        2. h0g2 ... R9.8 3.马八进七+ 1-0\r\n\
        ============================\r\n\
        欢迎访问《象棋百科全书》网站 1. junk\r\n";
    let games = read_pgn(text.as_bytes()).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].moves,
        [mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("i9h9"), mv("b0c2")]
    );
    assert_eq!(games[0].result, Some(GameResult::RedWins));
}

#[test]
fn several_games_per_file_each_with_its_tags() {
    let text = "[Game \"Chinese Chess\"]\n[Red \"A\"]\n1. h2e2 h9g7 *\n\n\
        [Red \"B\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n[Format \"WXF\"]\n\
        1... H8+7 2. H2+3\n\
        [Red \"C\"]\n[Result \"0-1\"]\n1. 炮二平五\n";
    let games = read_pgn(text.as_bytes()).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].tag("Red"), Some("A"));
    assert_eq!(games[0].result, None);
    assert_eq!(games[1].tag("Red"), Some("B"));
    assert_eq!(games[1].moves, [mv("h9g7"), mv("h0g2")]);
    assert_eq!(games[1].start.side_to_move(), xiangqi::rules::Color::Black);
    assert_eq!(games[1].result, None);
    assert_eq!(
        games[2].result,
        Some(GameResult::BlackWins),
        "from the Result tag"
    );
    // Black to move first: the movetext starts with `1...`, and the FEN tag is kept.
    let out = write_pgn(&games[1], Notation::Chinese);
    assert!(out.contains("\n1... 马８进７ 2. 马二进三 *\n"), "{out}");
    assert!(out.contains(
        "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]"
    ));
    let all = write_pgn_games(&games, Notation::Iccs, ChineseStyle::default());
    assert_eq!(read_pgn(all.as_bytes()).unwrap().len(), 3);
}

#[test]
fn a_bad_move_names_line_move_number_and_token() {
    let text =
        "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７\n2. 马二进三 车９平８\n3. 车九进十 1-0\n";
    let e = read_pgn(text.as_bytes()).unwrap_err();
    assert_eq!(
        e,
        PgnError::Move {
            line: 5,
            number: "3".into(),
            token: "车九进十".into(),
            error: MoveParseError::NoSuchMove
        }
    );
    assert_eq!(
        e.to_string(),
        "line 5, move 3 (车九进十): no such move in this position"
    );
    let black = "1. 炮二平五 马８进７ 2. 马二进三\n马８进７";
    assert_eq!(
        read_pgn(black.as_bytes()).unwrap_err().to_string(),
        "line 2, move 2... (马８进７): black has no horse on file 8 (counted from black's right)"
    );
    let malformed = "1. 炮二平五\n\n 马８跳７";
    assert!(matches!(
        read_pgn(malformed.as_bytes()).unwrap_err(),
        PgnError::Move {
            line: 3,
            error: MoveParseError::Unexpected { ch: '跳', .. },
            ..
        }
    ));
}

#[test]
fn structural_errors_name_their_line() {
    let unclosed = "[Game \"Chinese Chess\"]\n1. h2e2 {never\nclosed\n";
    assert_eq!(
        read_pgn(unclosed.as_bytes()).unwrap_err(),
        PgnError::Unclosed {
            line: 2,
            what: "'{' comment"
        }
    );
    let variation = "1. h2e2\n(1... h9g7 {x}\n";
    assert_eq!(
        read_pgn(variation.as_bytes()).unwrap_err().to_string(),
        "line 2: '(' variation opened here is never closed"
    );
    assert_eq!(
        read_pgn(b"1. h2e2 h9g7 )").unwrap_err(),
        PgnError::UnmatchedParen { line: 1 }
    );
    for bad in [
        "[Game Chinese]",
        "[Game \"Chinese",
        "[ \"x\"]",
        "[Game \"x\" junk]",
    ] {
        let text = format!("[Red \"a\"]\n{bad}\n1. h2e2");
        assert!(
            matches!(
                read_pgn(text.as_bytes()).unwrap_err(),
                PgnError::Tag { line: 2, .. }
            ),
            "{bad}"
        );
    }
    let fen = "[Game \"Chinese Chess\"]\n[FEN \"9/9/9 w\"]\n1. h2e2";
    let e = read_pgn(fen.as_bytes()).unwrap_err();
    assert!(matches!(e, PgnError::Fen { line: 2, .. }), "{e}");
    assert!(
        e.to_string()
            .starts_with("line 2: bad FEN tag: the board has 3 rows"),
        "{e}"
    );
}

#[test]
fn tag_values_are_escaped_and_unescaped() {
    let mut g = PgnGame::new(Position::startpos());
    g.set_tag("Event", "The \"Big\" one \\ 2006");
    g.moves.push(mv("h2e2"));
    g.result = Some(GameResult::Draw);
    let out = write_pgn(&g, Notation::Wxf);
    assert!(
        out.contains("[Event \"The \\\"Big\\\" one \\\\ 2006\"]"),
        "{out}"
    );
    assert!(out.contains("[Result \"1/2-1/2\"]"));
    assert!(out.contains("[Format \"WXF\"]"));
    assert!(out.ends_with("\n1. C2.5 1/2-1/2\n"), "{out}");
    assert!(!out.contains("[FEN"));
    let back = read_pgn(out.as_bytes()).unwrap();
    assert_eq!(back[0].tag("Event"), Some("The \"Big\" one \\ 2006"));
    assert_eq!(back[0].result, Some(GameResult::Draw));
}

#[test]
fn a_game_record_converts_both_ways() {
    let games = read_pgn(&data("ccgc-05.pgn")).unwrap();
    let game = games[0].to_game().unwrap();
    let again = PgnGame::from_game(&game);
    assert_eq!(again.moves, games[0].moves);
    assert_eq!(
        again.result,
        Some(GameResult::BlackWins),
        "checkmate judged by the rules"
    );
    assert_eq!(again.final_position(), *game.position());
}

#[test]
fn empty_input_has_no_games() {
    assert_eq!(read_pgn(b"").unwrap(), Vec::new());
    assert_eq!(read_pgn(b"  \r\n ; nothing\n").unwrap(), Vec::new());
}

#[test]
fn each_game_of_a_file_stands_alone() {
    use xiangqi::rules::pgn::read_pgn_games;
    let text = "[Round \"1\"]\n1. 炮二平五 马８进７ 1-0\n\n\
        [Round \"2\"]\n1. 炮二平五 车九进十 2. h0g2 0-1\n\n\
        [Round \"3\"]\n[FEN \"9/9/9 w\"]\n1. h2e2 *\n\n\
        [Round \"4\"]\n[Red \"unclosed\n1. h2e2 *\n\n\
        [Round \"5\"]\n1. h2e2 h9g7 *\n";
    let games = read_pgn_games(text.as_bytes());
    assert_eq!(games.len(), 5, "{games:#?}");
    let first = games[0].as_ref().unwrap();
    assert_eq!((first.tag("Round"), first.moves.len()), (Some("1"), 2));
    assert_eq!(first.result, Some(GameResult::RedWins));
    assert!(
        matches!(&games[1], Err(PgnError::Move { line: 5, token, .. }) if token == "车九进十"),
        "{:?}",
        games[1]
    );
    assert!(
        matches!(&games[2], Err(PgnError::Fen { line: 8, .. })),
        "{:?}",
        games[2]
    );
    assert!(
        matches!(&games[3], Err(PgnError::Tag { line: 12, .. })),
        "{:?}",
        games[3]
    );
    let last = games[4].as_ref().unwrap();
    assert_eq!((last.tag("Round"), last.moves.len()), (Some("5"), 2));
    // `read_pgn` still reports the first bad game.
    assert!(matches!(
        read_pgn(text.as_bytes()),
        Err(PgnError::Move { line: 5, .. })
    ));
}

#[test]
fn full_width_move_numbers_are_skipped() {
    for text in [
        "１． 炮二平五 马８进７ ２． 马二进三",
        "１．炮二平五 马８进７ ２．马二进三",
        "1. 炮二平五 马８进７ 2... 马二进三",
        "１２． 炮二平五 马８进７ 　１３． 马二进三",
    ] {
        let games = read_pgn(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            games[0].moves,
            [mv("h2e2"), mv("h9g7"), mv("h0g2")],
            "{text}"
        );
    }
}
