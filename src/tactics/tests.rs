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

/// A fork (or a pin) is a theme only when the line wins one of its targets: the
/// cannon's fork of two chariots is cashed (on the square the chariot
/// fled to); a check the teacher reads as a fork of the general and a
/// chariot that might block is not, when the line wins another piece.
#[test]
fn a_fork_is_a_theme_only_when_the_line_wins_a_target() {
    let cashed = r#"{"id":"f1a0d2a582","fen":"r1ba1a1Cr/4kc3/4b2R1/4p4/8p/4P3P/P1p2p3/3A5/4A4/3RK1B2 w - - 1 28","last":"c4c3","moves":["h9d9","i9i7","h7i7"],"themes":[],"rating":1221,"source":{"game":"Level 5 – Level 2, game 16","ply":54}}"#;
    let not_cashed = r#"{"id":"e15a860119","fen":"2bak4/9/3a5/8r/9/1R7/2r5p/R3NA3/4K4/3A2B2 w - - 5 64","last":"f3c3","moves":["b4e4","d7e8","e2c3"],"themes":[],"rating":1659,"source":{"game":"Level 3 – Level 5, game 55","ply":126}}"#;
    let mut explainer = crate::teach::motif::Explainer::new(50_000);
    let themes = |e: &mut crate::teach::motif::Explainer, text: &str| {
        tag::of_tactic(e, &parse(text).expect("reads")[0]).expect("its line plays")
    };
    assert!(themes(&mut explainer, cashed).contains(&Theme::Fork));
    let other = themes(&mut explainer, not_cashed);
    assert!(!other.contains(&Theme::Fork), "{other:?}");
    assert!(other.contains(&Theme::Material), "{other:?}");
    // The chariot takes a cannon and so pins an advisor: the line ends
    // there, the pin wins nothing.
    let pinned = r#"{"id":"78f2afce96","fen":"r2akr3/4a4/nR2c3b/p3C3p/4p1p2/2P6/P5P1P/8R/9/2BAKAB2 w - - 2 19","last":"i9f9","moves":["b7e7"],"themes":[],"rating":932,"source":{"game":"Level 3 – Level 3, game 51","ply":36}}"#;
    let one = themes(&mut explainer, pinned);
    assert!(
        !one.contains(&Theme::Pin) && one.contains(&Theme::Hanging),
        "{one:?}"
    );
}

#[test]
fn a_ladder_source_names_its_levels_and_game() {
    let source = |game: &str| Source {
        game: game.into(),
        ply: 40,
    };
    assert_eq!(
        source("Level 1 – Level 3, game 115").ladder(),
        Some(LadderGame {
            red: 1,
            black: 3,
            game: 115
        })
    );
    for other in [
        "Xu Yinchuan – Lü Qin, 2019 national championship, game 3",
        "Level 1 – Lü Qin, game 3",
        "Level 1 – Level 3",
        "test",
    ] {
        assert_eq!(source(other).ladder(), None, "{other}");
    }
}
