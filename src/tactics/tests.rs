use super::*;

const GOOD: &str = r#"{"id":"a1","fen":"3k5/9/9/9/9/9/9/9/4A4/R3K4 w","last":"e8d8","moves":["a0a9"],"themes":["mate","mate_in_1","one_move"],"rating":800,"source":{"game":"test","ply":40}}"#;

#[test]
fn a_good_line_reads_and_its_line_plays() {
    let t = parse(GOOD).expect("reads");
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].line().map(|l| l.len()), Some(1));
    assert_eq!(
        t[0].theme_list(),
        vec![Theme::Mate, Theme::MateIn1, Theme::OneMove]
    );
    assert!(t[0].has(Theme::Mate) && !t[0].has(Theme::Fork));
}

fn error_of(text: &str) -> String {
    parse(text).expect_err("refused").to_string()
}

#[test]
fn a_bad_line_is_named_by_line_and_field() {
    let bad_move = GOOD.replace("a0a9", "a0b9");
    assert!(error_of(&format!("\n{bad_move}")).starts_with("line 2, field `moves`"));
    let bad_fen = GOOD.replace("3k5/", "3k6/");
    assert!(error_of(&bad_fen).starts_with("line 1, field `fen`"));
    let even = GOOD.replace(r#"["a0a9"]"#, r#"["a0a9","d9e9"]"#);
    assert!(error_of(&even).contains("field `moves`"));
    let theme = GOOD.replace("one_move", "one-move");
    assert!(error_of(&theme).contains("unknown theme `one-move`"));
    let twice = format!("{GOOD}\n{GOOD}");
    assert!(error_of(&twice).starts_with("line 2, field `id`"));
    assert!(error_of("{\"id\":3}").starts_with("line 1:"));
}

#[test]
fn every_theme_key_reads_back() {
    for t in Theme::ALL {
        assert_eq!(Theme::from_key(t.key()), Some(t), "{t:?}");
    }
    let keys: std::collections::HashSet<_> = Theme::ALL.iter().map(|t| t.key()).collect();
    assert_eq!(keys.len(), Theme::ALL.len());
}

#[test]
fn ids_are_stable_and_tell_positions_apart() {
    let p = Position::startpos();
    let a = Move::from_iccs("h2e2").unwrap();
    let b = Move::from_iccs("b2e2").unwrap();
    assert_eq!(id_of(&p, a), id_of(&p, a));
    assert_ne!(id_of(&p, a), id_of(&p, b));
}
