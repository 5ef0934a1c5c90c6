//! Puzzles made from a reviewed game's mistakes: solved by the better
//! move, their why, their schedule; the computer's mistakes make none.

use super::*;

fn verdict(app: &App) -> MyVerdict {
    ActiveMyPuzzle::verdict(
        app.world()
            .get_resource::<crate::game::play::exercise::ActiveExercise>(),
    )
}

#[test]
fn a_mistake_becomes_a_puzzle_the_better_move_solves_and_the_mistake_does_not() {
    let home = TempDir::new("game-review-puzzle");
    let mut app = reviewed_game(home.path());
    let p = my_puzzles(&app).puzzles[0].clone();
    let start = p.position().unwrap();
    let best = p.best_move().unwrap();
    let mistake = p.played_move().unwrap();

    app.world_mut().write_message(StartMyPuzzle(p.id.clone()));
    run_until(&mut app, "the attempt", |a| {
        a.world().contains_resource::<ActiveMyPuzzle>()
            && *a.world().resource::<State<Play>>().get() == Play::Puzzle
            && *a.world().resource::<Session>().game.start() == start
    });
    app.update();
    assert_eq!(session(&app).position(), &start);
    assert_eq!(verdict(&app), MyVerdict::ToMove);
    assert!(!session(&app).flipped, "Red to move sits at the bottom");

    // The mistake again: not solved; nothing more can be played.
    play_move(&mut app, mistake);
    assert_eq!(verdict(&app), MyVerdict::Wrong(mistake));
    let reply = session(&app).position().legal_moves()[0];
    play_move(&mut app, reply);
    assert_eq!(session(&app).game.ply(), 1, "one move is the answer");

    // Retry, then another move: the engine judges it off the main thread,
    // as `accepts` does.
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(verdict(&app), MyVerdict::ToMove);
    let other = start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != best && m != mistake)
        .unwrap();
    play_move(&mut app, other);
    let judged = |a: &App| !matches!(verdict(a), MyVerdict::Checking(_));
    run_until(&mut app, "the verdict", judged);
    let mut engine = crate::engine::Engine::new(8);
    let ok = accepts(
        &mut engine,
        &start,
        &[],
        other,
        best,
        MARGIN,
        &depth(5),
        &AtomicBool::new(false),
    );
    assert_eq!(
        verdict(&app),
        if ok {
            MyVerdict::Solved(other)
        } else {
            MyVerdict::Wrong(other)
        }
    );

    // Undo, then the engine's move: solved, and saved.
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    app.update();
    assert_eq!(verdict(&app), MyVerdict::ToMove);
    play_move(&mut app, best);
    assert_eq!(verdict(&app), MyVerdict::Solved(best));
    let saved = my_puzzles(&app);
    assert!(saved.puzzles[0].solved);
    assert_eq!(saved.puzzles[0].attempts, 1);

    // Removed from the list, and from the file.
    app.world_mut().write_message(RemoveMyPuzzle(p.id.clone()));
    app.update();
    assert!(my_puzzles(&app).puzzles.is_empty());
    let store = app.world().resource::<MyPuzzleStore>();
    assert!(store.version() > 0);
}

#[test]
fn the_computers_mistakes_make_no_puzzles() {
    let home = TempDir::new("game-review-ai");
    let mut app = app_in(home.path(), 5);
    play_all(&mut app, HANGS_A_CHARIOT);
    // Red was the computer: its blunder is not the player's to practise.
    app.world_mut().resource_mut::<Session>().setup.players.mode = Mode::Black;
    request(&mut app, ReviewRequest::Start(Effort::Quick));
    run_until(&mut app, "the review", |a| state(a).result.is_some());
    assert_eq!(state(&app).new_puzzles, 0);
    assert!(my_puzzles(&app).puzzles.is_empty());
    assert!(crate::game::play::game_review::is_computer_name("电脑 3"));
    assert!(crate::game::play::game_review::is_computer_name("AI 8"));
    assert!(!crate::game::play::game_review::is_computer_name("玩家"));
    assert!(!crate::game::play::game_review::is_computer_name("AIDA"));
}

#[test]
fn the_blunder_shown_is_explained_in_words_off_the_main_thread() {
    let home = TempDir::new("game-review-why");
    let mut app = reviewed_game(home.path());
    let r = state(&app).result.clone().expect("a result");
    // The board shows the position after the blunder: its why is looked
    // for in the background, then read by the card in either language.
    request(&mut app, BrowseCommand::Goto(BLUNDER + 1));
    let found = |a: &App| {
        a.world()
            .resource::<crate::game::play::game_review::ReviewWhy>()
            .of(&r, BLUNDER)
            .is_some()
    };
    run_until(&mut app, "the why", found);
    let why = app
        .world()
        .resource::<crate::game::play::game_review::ReviewWhy>()
        .of(&r, BLUNDER)
        .cloned()
        .unwrap();
    assert!(
        why.text(crate::game::i18n::Lang::En)
            .starts_with("leaves the chariot on c5 undefended: 卒３进１ wins it"),
        "{}",
        why.text(crate::game::i18n::Lang::En)
    );
    assert!(
        why.text(crate::game::i18n::Lang::Zh)
            .starts_with("七路车无保护")
    );
    // The answer that takes the chariot is one of the best moves worth
    // noting: it punishes the blunder, and the card says so.
    request(&mut app, BrowseCommand::Goto(BLUNDER + 2));
    let found = |a: &App| {
        a.world()
            .resource::<crate::game::play::game_review::ReviewWhy>()
            .of(&r, BLUNDER + 1)
            .is_some()
    };
    run_until(&mut app, "what the answer did", found);
    let said = app
        .world()
        .resource::<crate::game::play::game_review::ReviewWhy>()
        .of(&r, BLUNDER + 1)
        .unwrap()
        .text(crate::game::i18n::Lang::En);
    assert!(said.starts_with("punishes the mistake: "), "{said}");
    assert!(said.contains("chariot"), "{said}");
    // A quiet best opening move is looked at and has nothing worth saying.
    let quiet = (0..BLUNDER)
        .find(|&i| r.review.noting(i).is_some())
        .expect("a best move before the blunder");
    request(&mut app, BrowseCommand::Goto(quiet + 1));
    let looked = |a: &App| {
        let w = a
            .world()
            .resource::<crate::game::play::game_review::ReviewWhy>();
        w.looked_at(&r, quiet)
    };
    run_until(&mut app, "the quiet move looked at", looked);
    assert!(
        app.world()
            .resource::<crate::game::play::game_review::ReviewWhy>()
            .of(&r, quiet)
            .is_none()
    );
}

#[test]
fn a_puzzle_from_a_mistake_carries_its_why_and_comes_back_on_its_schedule() {
    use crate::rules::notation::Notation;
    use crate::store::now_unix;
    let home = TempDir::new("game-review-puzzle-theme");
    let mut app = reviewed_game(home.path());
    // The teacher's why is found in the background and kept in the file.
    run_until(&mut app, "the puzzle's theme", |a| {
        my_puzzles(a)
            .puzzles
            .first()
            .is_some_and(|p| p.theme.is_some())
    });
    let p = my_puzzles(&app).puzzles[0].clone();
    assert_eq!(p.played, "d5c5", "the hung chariot is the puzzle");
    let why = crate::teach::why_of(p.theme.as_ref().unwrap()).expect("a why");
    // Said in the player's voice: English with WXF moves …
    let wxf = crate::words::Writing {
        lang: crate::game::i18n::Lang::En,
        notation: Notation::Wxf,
        style: crate::rules::Charset::Simplified.into(),
    };
    let text = why.text(wxf);
    assert!(
        text.starts_with("leaves the chariot on c5 undefended: ") && text.is_ascii(),
        "{text}"
    );
    // … or Chinese, as the review card says it.
    assert!(
        why.text(crate::game::i18n::Lang::Zh)
            .starts_with("七路车无保护")
    );

    let start = p.position().unwrap();
    let (best, mistake) = (p.best_move().unwrap(), p.played_move().unwrap());
    let attempt = |app: &mut App| {
        app.world_mut().write_message(StartMyPuzzle(p.id.clone()));
        run_until(app, "the attempt", |a| {
            a.world().contains_resource::<ActiveMyPuzzle>()
                && *a.world().resource::<Session>().game.start() == start
                && a.world().resource::<Session>().game.ply() == 0
        });
        app.update();
    };
    // Missed: it stays due today, and its next gaps start over.
    attempt(&mut app);
    play_move(&mut app, mistake);
    assert_eq!(verdict(&app), MyVerdict::Wrong(mistake));
    let now = now_unix();
    let missed = my_puzzles(&app);
    assert_eq!(missed.puzzles[0].schedule.misses, 1);
    assert_eq!(missed.due(now), missed.puzzles.len());
    // Found after a retry in the same attempt: solved, still due.
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    play_move(&mut app, best);
    assert_eq!(verdict(&app), MyVerdict::Solved(best));
    let after = my_puzzles(&app).puzzles[0].clone();
    assert!(after.solved);
    assert!(after.schedule.is_due(now) && after.schedule.streak == 0);
    // A new attempt solved at once: back tomorrow.
    attempt(&mut app);
    play_move(&mut app, best);
    assert_eq!(verdict(&app), MyVerdict::Solved(best));
    let solved = my_puzzles(&app).puzzles[0].clone();
    assert_eq!(solved.schedule.streak, 1);
    assert_eq!(solved.schedule.days_left(now), 1);
}
