//! A position saved from the editor as a puzzle: the engine's answer, the player's list, and an editor that does not change while it waits.

use super::*;

/// Red mates at once: the chariot to the general's file (the generals
/// may not face each other on the open e-file).
const MATE_IN_ONE: &str = "3k5/9/9/9/9/9/9/9/R8/4K4 w";

/// Saves the editor's position as a puzzle and waits for the engine's
/// answer (a mate in one may be answered within the frames `send` runs,
/// so it waits for the file rather than for a moment of saving).
fn save_as_puzzle(app: &mut App) {
    send(app, EditorCommand::SaveAsPuzzle);
    run_until(app, "the engine's answer", |a| !editor(a).saving());
}

/// Starts the puzzle `id` from the list and waits for its board, `pos`.
fn start_puzzle(app: &mut App, id: &str, pos: crate::rules::Position) {
    app.world_mut().write_message(StartMyPuzzle(id.to_string()));
    run_until(app, "the attempt", |a| {
        a.world().contains_resource::<ActiveMyPuzzle>()
            && a.world()
                .get_resource::<Session>()
                .is_some_and(|s| *s.game.start() == pos)
    });
    app.update();
}

#[test]
fn a_position_saved_as_a_puzzle_joins_my_puzzles_and_its_best_move_solves_it() {
    let home = TempDir::new("editor-puzzle");
    let mut app = editor_app(home.path());
    set_up(&mut app, MATE_IN_ONE);
    let pos = editor(&app).setup.validate().expect("valid");
    save_as_puzzle(&mut app);
    let file = Paths::under(home.path()).my_puzzles_file();
    let saved = MyPuzzles::load(&file).0;
    assert_eq!(saved.puzzles.len(), 1);
    let p = saved.puzzles[0].clone();
    assert!(p.composed && !p.solved && p.attempts == 0);
    assert_eq!(p.position(), Some(pos));
    let best = p.best_move().expect("a best move");
    let mut after = pos;
    after.play(best).expect("legal");
    assert!(
        after.legal_moves().is_empty(),
        "the engine finds the mate: {best}"
    );
    assert_eq!(notice(&app).map(|n| n.0), Some(Phrase::PuzzleSaved));

    // Saved again: still one.
    save_as_puzzle(&mut app);
    assert_eq!(MyPuzzles::load(&file).0.puzzles.len(), 1);
    assert_eq!(notice(&app).map(|n| n.0), Some(Phrase::PuzzleAlreadySaved));

    // Played from the list: another move is not enough, the best one solves it.
    start_puzzle(&mut app, &p.id, pos);
    // Judged as `accepts` judges it, as deep as the puzzle was searched.
    let other = Move::from_iccs("a1a2").expect("move");
    let limits = Limits {
        depth: Some(p.depth.min(4)),
        ..Limits::default()
    };
    let ok = accepts(
        &mut crate::engine::Engine::new(8),
        &pos,
        &[],
        other,
        best,
        MARGIN,
        &limits,
        &AtomicBool::new(false),
    );
    for m in [other, best] {
        if m == best {
            app.world_mut().write_message(GameCommand::NewGame);
            app.update();
            app.update();
        }
        app.world_mut().write_message(BoardInput::Click(m.from()));
        app.update();
        app.world_mut().write_message(BoardInput::Click(m.to()));
        app.update();
        run_until(&mut app, "the verdict", |a| {
            !matches!(
                ActiveMyPuzzle::verdict(
                    a.world()
                        .get_resource::<crate::game::play::exercise::ActiveExercise>()
                ),
                MyVerdict::Checking(_) | MyVerdict::ToMove
            )
        });
        let verdict = ActiveMyPuzzle::verdict(
            app.world()
                .get_resource::<crate::game::play::exercise::ActiveExercise>(),
        );
        let want = if m == best || ok {
            MyVerdict::Solved(m)
        } else {
            MyVerdict::Wrong(m)
        };
        assert_eq!(verdict, want);
    }
    let saved = MyPuzzles::load(&file).0;
    assert!(saved.puzzles[0].solved);
    assert_eq!(saved.puzzles[0].attempts, 1);
}

#[test]
fn waiting_for_the_engine_changes_nothing_the_editor_shows() {
    let home = TempDir::new("editor-waiting");
    let mut app = editor_app(home.path());
    // A search that takes a while.
    app.insert_resource(ReviewLimits {
        quick: Limits {
            movetime: Some(Duration::from_millis(400)),
            ..Limits::default()
        },
        thorough: Limits::default(),
    });
    send(&mut app, EditorCommand::SaveAsPuzzle);
    assert!(editor(&app).saving());
    // The views rebuild the board when the state changes: while the
    // engine searches, a piece being dragged would vanish every frame.
    app.world_mut().resource_mut::<Changes>().0 = 0;
    run_until(&mut app, "the engine's answer", |a| !editor(a).saving());
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(app.world().resource::<Changes>().0, 1, "only the answer");
    assert_eq!(
        MyPuzzles::load(&Paths::under(home.path()).my_puzzles_file())
            .0
            .puzzles
            .len(),
        1
    );
}

/// Counts the board input every reader can still see.
#[derive(Resource, Default)]
struct SeenInput(usize);

fn see_input(mut inputs: MessageReader<BoardInput>, mut seen: ResMut<SeenInput>) {
    seen.0 += inputs.read().count();
}

#[test]
fn a_puzzle_of_mine_takes_exactly_one_move_and_drops_no_input() {
    let home = TempDir::new("editor-puzzle-one-move");
    let mut app = editor_app(home.path());
    set_up(&mut app, MATE_IN_ONE);
    let pos = editor(&app).setup.validate().expect("valid");
    save_as_puzzle(&mut app);
    let file = Paths::under(home.path()).my_puzzles_file();
    let p = MyPuzzles::load(&file).0.puzzles[0].clone();
    start_puzzle(&mut app, &p.id, pos);
    app.init_resource::<SeenInput>()
        .add_systems(PreUpdate, see_input);
    let best = p.best_move().expect("a best move");
    // The best move, then the clicks of a second move: the board takes the
    // one answer only, and nothing is cleared away.
    let second = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != best && m.from() != best.from())
        .expect("another move");
    for m in [best, second] {
        app.world_mut().write_message(BoardInput::Click(m.from()));
        app.update();
        app.world_mut().write_message(BoardInput::Click(m.to()));
        app.update();
    }
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Session>().game.moves(),
        [best],
        "one move, no second"
    );
    assert_eq!(app.world().resource::<SeenInput>().0, 4, "no input dropped");
    assert_eq!(
        ActiveMyPuzzle::verdict(
            app.world()
                .get_resource::<crate::game::play::exercise::ActiveExercise>()
        ),
        MyVerdict::Solved(best)
    );
}
