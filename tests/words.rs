//! The words room and the rules' notations as a player meets them: the
//! teacher's sentences for a defended piece and for a finished game, a
//! move that reads differently in WXF and Vietnamese notation, and the
//! errors of a Vietnamese move told in Vietnamese notation (issue 53: F5,
//! F6, F7, F19).

use xiangqi::rules::notation::{Notation, parse_move, parse_typed_move};
use xiangqi::rules::{Move, Position};
use xiangqi::teach::{Explainer, Kind, sentence};
use xiangqi::words::Language;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn iccs(m: &str) -> Move {
    Move::from_iccs(m).unwrap()
}

#[test]
fn f5_a_piece_a_horse_takes_back_on_is_won_for_a_cannon_not_undefended() {
    let p = pos("r3k4/9/1cn6/9/9/9/9/1C7/9/3K5 b - - 0 1");
    let found = Explainer::default().of_move(&p, &[], iccs("a9b9"));
    let h = found
        .iter()
        .find(|f| f.kind == Kind::Hanging)
        .expect("the chariot can be won");
    assert_eq!(h.gain, 450);
    assert_eq!(
        sentence(h, Language::En),
        "leaves the chariot on b9 to be won for a cannon (炮八进七, the horse takes back: +4.5)"
    );
    let zh = sentence(h, Language::Zh);
    assert!(
        !zh.contains("无保护") && zh.contains("马吃回") && zh.contains("炮"),
        "{zh}"
    );
    let hant = sentence(h, Language::ZhHant);
    assert!(
        !hant.contains("無保護") && hant.contains("馬吃回"),
        "{hant}"
    );
    let vi = sentence(h, Language::Vi);
    assert!(
        !vi.contains("không được bảo vệ") && vi.contains("Mã ăn lại"),
        "{vi}"
    );
    // In the position after it, the same: the chariot can be won.
    let after = pos("1r2k4/9/1cn6/9/9/9/9/1C7/9/3K5 w - - 0 1");
    let found = Explainer::default().of_position(&after, &[]);
    let h = found.iter().find(|f| f.kind == Kind::Hanging).unwrap();
    assert_eq!(
        sentence(h, Language::En),
        "the chariot on b9 can be won for a cannon (炮八进七, the horse takes back: +4.5)"
    );
}

#[test]
fn f6_a_move_of_two_notations_is_read_in_the_players_or_refused() {
    let p = pos("3k5/9/9/9/6P2/9/9/6C2/9/4K4 w - - 0 1");
    assert_eq!(
        parse_typed_move(&p, "P3.2", Some(Notation::Vietnamese)),
        Ok(iccs("g2g4"))
    );
    assert_eq!(
        parse_typed_move(&p, "P3.2", None).unwrap_err().to_string(),
        "ambiguous: P3.2 is g2g4 in Vietnamese notation, g5h5 in WXF"
    );
    // One reading legal: that one, as before.
    assert_eq!(parse_typed_move(&p, "P3+1", None), Ok(iccs("g5g6")));
    let start = Position::startpos();
    assert_eq!(parse_typed_move(&start, "P2-5", None), Ok(iccs("h2e2")));
}

#[test]
fn f7_a_finished_position_says_it_is_over_and_threatens_nothing() {
    let mated = pos("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
    let found = Explainer::default().of_position(&mated, &[]);
    assert_eq!(found[0].kind, Kind::GameOver);
    assert_eq!(
        sentence(&found[0], Language::En),
        "the game is over: Black is checkmated"
    );
    assert!(found.iter().all(|f| f.kind != Kind::Threat));
    let stalemated = pos("3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1");
    let found = Explainer::default().of_position(&stalemated, &[]);
    assert_eq!(found[0].kind, Kind::GameOver);
    assert_eq!(
        sentence(&found[0], Language::Zh),
        "对局已结束：黑方无子可动（困毙），判负"
    );
    assert_eq!(
        sentence(&found[0], Language::En),
        "the game is over: Black has no legal move (stalemate), which loses"
    );
    assert!(found.iter().all(|f| f.kind != Kind::Threat), "{found:?}");
}

#[test]
fn f19_a_vietnamese_move_is_refused_in_vietnamese_notation() {
    let two = pos("3k5/9/9/9/9/9/4R4/9/4R4/5K3 w - - 0 1");
    assert_eq!(
        parse_move(&two, "Xg.1").unwrap_err().to_string(),
        "red has no column of chariots in which 'g' names one"
    );
    let one = pos("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1");
    assert_eq!(
        parse_move(&one, "Xt.1").unwrap_err().to_string(),
        "red has no column of chariots in which 't' names one"
    );
    let start = Position::startpos();
    assert_eq!(
        parse_move(&start, "Tg").unwrap_err().to_string(),
        "malformed Vietnamese move: it ends early; expected a file or t/g/s, a direction (. / -) and a number"
    );
    assert_eq!(
        parse_move(&start, "m8.7").unwrap_err().to_string(),
        "malformed Vietnamese move: unexpected 'm' at character 1; expected a piece letter Tg, S, T, M, X, P or B"
    );
    // A bad direction is named as typed, at its place.
    assert_eq!(
        parse_move(&start, "M8x7").unwrap_err().to_string(),
        "malformed Vietnamese move: unexpected 'x' at character 3; expected a direction: . forward, / back, - sideways"
    );
}
