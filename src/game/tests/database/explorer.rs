//! The explorer in the game: its answers for the shown position, its rows that play a move and open a game, and the years and player that choose the games.

use super::*;

#[test]
fn the_explorer_answers_for_the_shown_position_and_its_rows_act() {
    let home = tempfile::tempdir().unwrap();
    let collection = home.path().join("cup.pgn");
    std::fs::write(
        &collection,
        "[Red \"A\"]\n[Black \"B\"]\n[Date \"2001.01.01\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n\
         [Red \"C\"]\n[Black \"D\"]\n[Date \"2002.02.02\"]\n[Result \"0-1\"]\n\n1. h2e2 b9c7 0-1\n\n\
         [Red \"E\"]\n[Black \"F\"]\n[Date \"2003.03.03\"]\n[Result \"1/2-1/2\"]\n\n1. b0c2 1/2-1/2\n",
    )
    .unwrap();
    let mut app = hotseat_with(home.path(), collection);
    assert_eq!(
        app.world()
            .resource::<DbImport>()
            .summary
            .as_ref()
            .unwrap()
            .added,
        3
    );

    app.world_mut().write_message(ExplorerCommand::Toggle);
    let start = Position::startpos();
    run_until(&mut app, "the answer for the start", |app| {
        app.world()
            .resource::<Explorer>()
            .answer_for(&start)
            .is_some()
    });
    let answer = app
        .world()
        .resource::<Explorer>()
        .answer_for(&start)
        .cloned()
        .unwrap();
    assert_eq!(answer.table.games, 3);
    assert_eq!(answer.table.moves[0].mv.to_string(), "h2e2");
    assert_eq!(answer.games.len(), 3);
    assert_eq!(answer.games[0].red, "E", "newest first");

    // The most played move is played on the board (hot-seat, Red to move).
    app.world_mut().write_message(ExplorerCommand::PlayRow(0));
    app.update();
    app.update();
    assert_eq!(session(&app).game.ply(), 1);
    let after = *session(&app).position();
    run_until(&mut app, "the answer after 1. h2e2", |app| {
        app.world()
            .resource::<Explorer>()
            .answer_for(&after)
            .is_some()
    });
    let answer = app
        .world()
        .resource::<Explorer>()
        .answer_for(&after)
        .cloned()
        .unwrap();
    assert_eq!(answer.table.games, 2);
    // Black to move: one win (0-1), one loss.
    assert_eq!((answer.table.all.wins, answer.table.all.losses), (1, 1));

    // A game of the list opens at the ply where it stood here.
    app.world_mut().write_message(ExplorerCommand::OpenRow(0));
    run_until(&mut app, "the opened game", |app| {
        session(app).game.all_moves().get(1).map(|m| m.to_string()) == Some("b9c7".into())
    });
    for _ in 0..3 {
        app.update();
    }
    let shown = shown_ply(session(&app), Some(app.world().resource::<Browse>()));
    assert_eq!(shown, 1, "shown where it stood at the position");
}

#[test]
fn the_explorers_years_and_typed_player_choose_the_games() {
    use crate::game::play::explorer::filter::year_stops;
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    let home = tempfile::tempdir().unwrap();
    let collection = home.path().join("years.pgn");
    std::fs::write(
        &collection,
        "[Red \"Hu Ronghua\"]\n[Black \"B\"]\n[Date \"1995.01.01\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n\
         [Red \"Lu Qin\"]\n[Black \"D\"]\n[Date \"2003.02.02\"]\n[Result \"0-1\"]\n\n1. h2e2 b9c7 0-1\n\n\
         [Red \"Xu Yinchuan\"]\n[Black \"Lu Qin\"]\n[Date \"2012.03.03\"]\n[Result \"1/2-1/2\"]\n\n1. b0c2 1/2-1/2\n",
    )
    .unwrap();
    let mut app = hotseat_with(home.path(), collection);
    app.world_mut().write_message(ExplorerCommand::Toggle);
    let start = Position::startpos();
    let games = |app: &mut App, why: &str| -> u32 {
        run_until(app, why, |app| {
            let e = app.world().resource::<Explorer>();
            e.answer_for(&start).is_some() && !e.is_busy()
        });
        app.world()
            .resource::<Explorer>()
            .answer_for(&start)
            .unwrap()
            .table
            .games
    };
    assert_eq!(games(&mut app, "all games"), 3);
    // Since 2000: the stops up to 2000, one press each.
    let stops = year_stops();
    let to_2000 = stops.iter().position(|&y| y == 2000).unwrap() + 1;
    for _ in 0..to_2000 {
        app.world_mut().write_message(ExplorerCommand::Since(1));
    }
    app.update();
    assert_eq!(
        app.world().resource::<Explorer>().filter.since.as_deref(),
        Some("2000")
    );
    assert_eq!(games(&mut app, "since 2000"), 2);
    // Until 2005: back from "any" through the later stops.
    let back = stops.len() - stops.iter().position(|&y| y == 2005).unwrap();
    for _ in 0..back {
        app.world_mut().write_message(ExplorerCommand::Until(-1));
    }
    app.update();
    assert_eq!(
        app.world().resource::<Explorer>().filter.until.as_deref(),
        Some("2005")
    );
    assert_eq!(games(&mut app, "2000 to 2005"), 1);
    // The end cannot go before the start: it pushes the start back.
    for _ in 0..3 {
        app.world_mut().write_message(ExplorerCommand::Until(-1));
    }
    app.update();
    let f = app.world().resource::<Explorer>().filter.clone();
    assert!(f.since <= f.until, "{f:?}");
    // Any years again, then a typed player: "Lu" is in two games, on
    // either side; the keys type into the line, not into shortcuts.
    app.world_mut().resource_mut::<Explorer>().filter.since = None;
    app.world_mut().resource_mut::<Explorer>().filter.until = None;
    app.world_mut().write_message(ExplorerCommand::PlayerField);
    app.update();
    assert_eq!(
        app.world().resource::<Explorer>().typing.as_deref(),
        Some("")
    );
    let press = |app: &mut App, key: Key, text: Option<&str>| {
        app.world_mut().write_message(KeyboardInput {
            key_code: KeyCode::KeyA,
            logical_key: key,
            state: ButtonState::Pressed,
            text: text.map(Into::into),
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    };
    for c in ["L", "u", "x"] {
        press(&mut app, Key::Character(c.into()), Some(c));
    }
    press(&mut app, Key::Backspace, None);
    assert_eq!(
        app.world().resource::<Explorer>().typing.as_deref(),
        Some("Lu")
    );
    assert!(
        session(&app).game.ply() == 0 && !session(&app).flipped,
        "no shortcut ran"
    );
    press(&mut app, Key::Enter, None);
    app.update();
    let e = app.world().resource::<Explorer>();
    assert_eq!(
        (e.typing.as_deref(), e.filter.player.as_deref()),
        (None, Some("Lu"))
    );
    assert_eq!(games(&mut app, "Lu's games"), 2);
    app.world_mut().write_message(ExplorerCommand::Player(None));
    app.update();
    assert_eq!(games(&mut app, "everyone again"), 3);
}

#[test]
fn a_fresh_explorer_shows_the_books_moves_names_the_opening_and_filters_by_it() {
    use crate::game::play::explorer::Source;
    // A new home: the database is there but empty.
    let home = tempfile::tempdir().unwrap();
    let mut app = app_in(
        home.path(),
        crate::game::Mode::Hotseat,
        Position::startpos(),
    );
    app.world_mut().write_message(ExplorerCommand::Toggle);
    let start = Position::startpos();
    run_until(&mut app, "the database's answer for the start", |app| {
        app.world()
            .resource::<Explorer>()
            .answer_for(&start)
            .is_some()
    });
    let explorer = app.world().resource::<Explorer>();
    assert_eq!(explorer.answer_for(&start).unwrap().table.games, 0);
    assert_eq!(explorer.opening(), None, "the start is no opening yet");
    let lines = explorer.lines();
    assert!(lines.len() >= 4, "{lines:?}");
    assert!(lines.iter().all(|l| l.source == Source::Book));
    assert!(
        lines
            .iter()
            .all(|l| l.score.is_some() && l.tally.games() > 0)
    );
    let cannon = lines
        .iter()
        .position(|l| l.mv.to_string() == "h2e2")
        .expect("the central cannon is in the book");

    // Its row plays it on the board; the book answers the new position.
    app.world_mut()
        .write_message(ExplorerCommand::PlayRow(cannon));
    app.update();
    app.update();
    assert_eq!(session(&app).game.ply(), 1);
    let after = *session(&app).position();
    run_until(&mut app, "the book after 1. h2e2", |app| {
        let e = app.world().resource::<Explorer>();
        e.shown() == Some(&after) && !e.lines().is_empty()
    });
    let explorer = app.world().resource::<Explorer>();
    assert_eq!(explorer.opening().map(|o| o.code), Some("B00"));
    let replies = explorer.lines();
    assert!(replies.len() >= 2 && replies.iter().all(|l| after.is_legal(l.mv)));

    // The opening filter: the shown code, its family, its letter, off.
    for want in [Some("B00"), Some("B0"), Some("B"), None] {
        app.world_mut()
            .write_message(ExplorerCommand::OpeningFilter);
        app.update();
        assert_eq!(
            app.world().resource::<Explorer>().filter.opening.as_deref(),
            want
        );
    }
}

#[test]
fn the_opening_filter_counts_only_that_openings_games() {
    let home = tempfile::tempdir().unwrap();
    let collection = home.path().join("two.pgn");
    // A central cannon game (B…) and a pawn opening (E…), both from the start.
    std::fs::write(
        &collection,
        "[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n\n[Result \"0-1\"]\n\n1. c3c4 0-1\n",
    )
    .unwrap();
    let mut app = hotseat_with(home.path(), collection);
    app.world_mut().write_message(ExplorerCommand::Toggle);
    // Play 1. h2e2 on the board: the shown opening is B00.
    let start = Position::startpos();
    run_until(&mut app, "the answer for the start", |app| {
        let e = app.world().resource::<Explorer>();
        e.answer_for(&start).is_some() && !e.is_busy()
    });
    let h2e2 = app
        .world()
        .resource::<Explorer>()
        .lines()
        .iter()
        .position(|l| l.mv.to_string() == "h2e2")
        .unwrap();
    app.world_mut()
        .write_message(ExplorerCommand::PlayRow(h2e2));
    app.update();
    app.update();
    let after = *session(&app).position();
    let games = |app: &mut App, why: &str| -> u32 {
        run_until(app, why, |app| {
            let e = app.world().resource::<Explorer>();
            e.answer_for(&after).is_some() && !e.is_busy()
        });
        app.world()
            .resource::<Explorer>()
            .answer_for(&after)
            .unwrap()
            .table
            .games
    };
    assert_eq!(games(&mut app, "all games after h2e2"), 1);
    // B00, B0, B: the central cannon game, whatever its deeper code,
    // counts under its letter.
    for _ in 0..3 {
        app.world_mut()
            .write_message(ExplorerCommand::OpeningFilter);
        app.update();
    }
    assert_eq!(
        app.world().resource::<Explorer>().filter.opening.as_deref(),
        Some("B")
    );
    assert_eq!(games(&mut app, "only B"), 1);
    // A filter for the pawn opening's letter counts none here.
    app.world_mut().resource_mut::<Explorer>().filter.opening = Some("E".into());
    assert_eq!(games(&mut app, "only E"), 0);
}
