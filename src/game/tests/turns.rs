//! Headless tests of a turn on the board: selecting, clicking and
//! dragging, the AI's answers (applied once, stale ones dropped), undo
//! against the AI and in hot seat, mate, resigning, and leaving.

use super::*;

#[test]
fn selecting_a_piece_shows_exactly_its_legal_destinations() {
    let mut app = test_app(Mode::Hotseat, Position::startpos());
    for from in ["h2", "b0", "e3", "a0", "e0"] {
        click(&mut app, "i9"); // nothing of Red's: keeps the test honest about switching
        click(&mut app, from);
        let selection = app.world().resource::<Selection>();
        assert_eq!(selection.from, Some(sq(from)));
        let shown: BTreeSet<Square> = selection.targets().collect();
        let legal: BTreeSet<Square> = Position::startpos()
            .legal_moves()
            .iter()
            .filter(|m| m.from() == sq(from))
            .map(|m| m.to())
            .collect();
        assert_eq!(shown, legal, "destinations of {from}");
    }
    // The cannon on h2: along its rank, up its file, and the capture on h9.
    click(&mut app, "h2");
    let shown: BTreeSet<Square> = app.world().resource::<Selection>().targets().collect();
    assert!(shown.contains(&sq("h9")) && shown.contains(&sq("e2")));
    assert!(
        !shown.contains(&sq("h8")),
        "the cannon needs a screen to capture"
    );
}

#[test]
fn an_illegal_click_changes_nothing_but_is_reported() {
    let mut app = test_app(Mode::Hotseat, Position::startpos());
    click(&mut app, "h2");
    let before_selection = app.world().resource::<Selection>().clone();
    let before_fen = fen(&app);
    let before_generation = session(&app).generation;
    click(&mut app, "e5"); // the cannon cannot go there
    assert_eq!(fen(&app), before_fen);
    assert_eq!(session(&app).generation, before_generation);
    assert_eq!(*app.world().resource::<Selection>(), before_selection);
    let log = app.world().resource::<Log>();
    assert_eq!(
        log.illegal,
        vec![IllegalInput {
            square: sq("e5"),
            selected: Some(sq("h2"))
        }]
    );
    // Clicking an enemy piece with nothing selected does not select it.
    click(&mut app, "h2"); // deselect
    click(&mut app, "h9");
    assert_eq!(app.world().resource::<Selection>().from, None);
    assert_eq!(fen(&app), before_fen);
}

#[test]
fn a_move_applies_once_and_flips_the_turn() {
    let mut app = test_app(Mode::Hotseat, Position::startpos());
    click(&mut app, "h2");
    click(&mut app, "e2");
    for _ in 0..5 {
        app.update();
    }
    let s = session(&app);
    assert_eq!(s.game.moves(), &[Move::from_iccs("h2e2").unwrap()]);
    assert_eq!(s.side_to_move(), crate::rules::Color::Black);
    let moved = app
        .world()
        .resource::<Log>()
        .changed
        .iter()
        .filter(|c| matches!(c, BoardChanged::Moved { .. }))
        .count();
    assert_eq!(moved, 1);
}

#[test]
fn an_ai_move_message_applies_once_and_flips_the_turn() {
    let mut app = test_app(Mode::Black, Position::startpos());
    assert_eq!(turn(&app), Turn::Ai);
    let generation = session(&app).generation;
    let answer = AiMoveChosen {
        generation,
        mv: Move::from_iccs("h2e2").unwrap(),
    };
    app.world_mut().write_message(answer);
    app.update();
    app.world_mut().write_message(answer); // a duplicate is now stale
    app.update();
    app.update();
    let s = session(&app);
    assert_eq!(s.game.moves(), &[answer.mv]);
    assert_eq!(s.side_to_move(), crate::rules::Color::Black);
    assert_eq!(turn(&app), Turn::Human);
}

#[test]
fn a_stale_ai_answer_is_dropped() {
    let mut app = test_app(Mode::Black, Position::startpos());
    for _ in 0..3 {
        app.update();
    }
    let generation = session(&app).generation;
    app.world_mut().write_message(AiMoveChosen {
        generation: generation.wrapping_sub(1),
        mv: Move::from_iccs("h2e2").unwrap(),
    });
    app.update();
    app.update();
    assert_eq!(session(&app).game.ply(), 0);
    assert_eq!(fen(&app), Position::startpos().fen());
    assert_eq!(turn(&app), Turn::Ai);
}

#[test]
fn undo_while_the_ai_thinks_cancels_the_search_and_returns_the_turn() {
    let mut app = test_app(Mode::Red, Position::startpos());
    click(&mut app, "h2");
    click(&mut app, "e2");
    for _ in 0..6 {
        app.update();
    }
    assert_eq!(turn(&app), Turn::Ai);
    let stop = {
        let ai = app.world().resource::<AiState>();
        assert!(ai.thinking(), "the AI should be thinking");
        ai.stop_flag().expect("a running search")
    };
    // The human cannot move for the AI.
    click(&mut app, "h7");
    click(&mut app, "e7");
    assert_eq!(session(&app).game.ply(), 1);

    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    assert!(stop.load(Ordering::Relaxed), "the search was told to stop");
    assert!(!app.world().resource::<AiState>().thinking());
    app.update();
    assert_eq!(session(&app).game.ply(), 0);
    assert_eq!(turn(&app), Turn::Human);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(session(&app).game.ply(), 0, "no late AI move arrives");
    assert!(!app.world().resource::<AiState>().thinking());
}

#[test]
fn undo_against_the_ai_takes_back_two_plies() {
    let mut app = test_app_with(Mode::Red, Position::startpos(), instant_backend());
    click(&mut app, "h2");
    click(&mut app, "e2");
    let t0 = Instant::now();
    while session(&app).game.ply() < 2 && t0.elapsed() < Duration::from_secs(10) {
        app.update();
    }
    app.update();
    assert_eq!(session(&app).game.ply(), 2);
    assert_eq!(turn(&app), Turn::Human);
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    app.update();
    assert_eq!(session(&app).game.ply(), 0);
    assert_eq!(turn(&app), Turn::Human);
    app.world_mut().write_message(GameCommand::Redo);
    app.update();
    assert_eq!(session(&app).game.ply(), 2);
}

#[test]
fn hot_seat_alternates_and_never_starts_the_ai() {
    let mut app = test_app(Mode::Hotseat, Position::startpos());
    let plies = [("h2", "e2"), ("h7", "e7"), ("b0", "c2"), ("b9", "c7")];
    for (i, (from, to)) in plies.iter().enumerate() {
        // The side not to move cannot move.
        let (wrong_from, _) = plies[(i + 1) % plies.len()];
        click(&mut app, wrong_from);
        assert_eq!(app.world().resource::<Selection>().from, None);
        click(&mut app, from);
        click(&mut app, to);
        app.update();
        assert_eq!(session(&app).game.ply(), i + 1);
        assert_eq!(turn(&app), Turn::Human);
        assert!(!app.world().resource::<AiState>().thinking());
    }
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    assert_eq!(session(&app).game.ply(), 3, "hot-seat undo is one ply");
}

#[test]
fn a_mating_move_ends_the_game_with_checkmate() {
    let start = Position::from_fen("4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1").expect("fen");
    let mut app = test_app(Mode::Hotseat, start);
    click(&mut app, "i0");
    click(&mut app, "i9");
    app.update();
    let outcome = session(&app).game.outcome().expect("the game is over");
    assert_eq!(outcome.result, GameResult::RedWins);
    assert_eq!(outcome.reason, Reason::Checkmate);
    assert_eq!(turn(&app), Turn::Over);
    // Nothing moves after the end.
    click(&mut app, "e9");
    click(&mut app, "d9");
    assert_eq!(session(&app).game.ply(), 1);
}

#[test]
fn resigning_ends_the_game_for_the_human() {
    let mut app = test_app(Mode::Red, Position::startpos());
    app.world_mut().write_message(GameCommand::Resign);
    app.update();
    app.update();
    let outcome = session(&app).game.outcome().expect("over");
    assert_eq!(outcome.result, GameResult::BlackWins);
    assert_eq!(
        outcome.reason,
        Reason::Resignation {
            by: crate::rules::Color::Red
        }
    );
    assert_eq!(turn(&app), Turn::Over);
}

#[test]
fn leaving_for_the_menu_stops_the_search() {
    let mut app = test_app(Mode::Black, Position::startpos());
    for _ in 0..3 {
        app.update();
    }
    let stop = app
        .world()
        .resource::<AiState>()
        .stop_flag()
        .expect("thinking");
    app.world_mut().write_message(GameCommand::Menu);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    assert!(stop.load(Ordering::Relaxed));
    assert!(!app.world().contains_resource::<Session>());
}

#[test]
fn drag_and_drop_plays_the_move() {
    let mut app = test_app(Mode::Hotseat, Position::startpos());
    app.world_mut()
        .write_message(BoardInput::DragStart(sq("b0")));
    app.update();
    app.world_mut().write_message(BoardInput::Drop {
        from: sq("b0"),
        to: Some(sq("c2")),
    });
    app.update();
    assert_eq!(
        session(&app).game.moves(),
        &[Move::from_iccs("b0c2").unwrap()]
    );
    // An illegal drop changes nothing.
    app.world_mut()
        .write_message(BoardInput::DragStart(sq("b9")));
    app.update();
    app.world_mut().write_message(BoardInput::Drop {
        from: sq("b9"),
        to: Some(sq("b5")),
    });
    app.update();
    assert_eq!(session(&app).game.ply(), 1);
}

#[test]
fn a_hint_says_what_its_move_does() {
    use crate::game::play::hint::{Hint, HintRequest};
    use crate::teach::{Kind, Pattern};
    // 炮七平五 mates: the cannon over its own horse.
    let start = Position::from_fen("4k4/9/4N4/9/9/9/9/2C6/9/3K5 w").unwrap();
    let mut app = test_app(Mode::Hotseat, start);
    app.world_mut().write_message(HintRequest);
    let generation = session(&app).generation;
    run_until(&mut app, "the hint and what it does", |app| {
        app.world().resource::<Hint>().why(generation).is_some()
    });
    let hint = app.world().resource::<Hint>();
    assert_eq!(
        hint.arrow(generation).map(|m| m.to_string()).as_deref(),
        Some("c2e2")
    );
    let headline = crate::teach::headline(hint.why(generation).unwrap()).unwrap();
    assert_eq!(headline.kind, Kind::Mate);
    assert_eq!(headline.pattern, Some(Pattern::HorseCannon));
    // A move played makes it stale: the hint and its why are gone.
    click(&mut app, "c2");
    click(&mut app, "c3");
    app.update();
    let generation = session(&app).generation;
    assert!(app.world().resource::<Hint>().why(generation).is_none());
}
