//! A lesson's moves on the board: refused with the rule or the mistake
//! (never played), the hint, the engine's defence.

use super::*;

#[test]
fn a_move_against_the_rules_is_refused_with_the_rule_in_words() {
    let home = TempDir::new("course-wrong");
    let mut app = list_app(&home);
    open(&mut app, "horse", true);
    go_to_exercise(&mut app, 0);
    // The horse on b0 asked to go straight up: not its shape.
    let from = exercise(&app).position;
    app.world_mut()
        .write_message(BoardInput::Click(Square::parse("b0").unwrap()));
    app.update();
    app.world_mut()
        .write_message(BoardInput::Click(Square::parse("b2").unwrap()));
    app.update();
    app.update();
    assert_eq!(
        active(&app).note,
        Some(Note::Wrong(WrongMove::HorseShape)),
        "the course says why"
    );
    assert_eq!(session(&app).position(), &from, "nothing moved");
    app.world_mut().write_message(BoardInput::Deselect);
    app.update();
    let en = wrong_move_text(&WrongMove::HorseShape, Lang::En);
    assert!(
        en.starts_with("Not allowed: ") && en.contains("horse"),
        "{en}"
    );
    let zh = wrong_move_text(&WrongMove::HorseShape, Lang::Zh);
    assert!(zh.contains("马"), "{zh}");
    // Counted as a mistake: solving now earns two stars.
    let id = exercise(&app).id;
    play_solution(&mut app);
    app.update();
    assert_eq!(active(&app).note, Some(Note::Solved(2)));
    assert_eq!(saved(&home).stars(&id), 2);
}

#[test]
fn a_legal_move_that_misses_the_task_is_taken_back_with_the_reason() {
    let home = TempDir::new("course-mistake");
    let mut app = list_app(&home);
    open(&mut app, "horse", true);
    go_to_exercise(&mut app, 0);
    let start = exercise(&app).position;
    // b0a2 is a horse move, but from a2 f5 is out of reach in the moves left.
    play_move(
        &mut app,
        Move::new(Square::parse("b0").unwrap(), Square::parse("a2").unwrap()),
    );
    app.update();
    assert!(
        matches!(active(&app).note, Some(Note::Mistake(_))),
        "{:?}",
        active(&app).note
    );
    assert_eq!(session(&app).position(), &start, "the move is taken back");
    assert_eq!(attempt_state(&app), Standing::StudentToMove);
}

/// What the board and the sounds were told, from the moment it is added.
#[derive(Resource, Default)]
struct Heard {
    changed: Vec<crate::game::play::session::BoardChanged>,
    sounds: Vec<crate::game::play::session::SoundCue>,
}

fn hear(
    mut changed: MessageReader<crate::game::play::session::BoardChanged>,
    mut sounds: MessageReader<crate::game::play::session::SoundCue>,
    mut heard: ResMut<Heard>,
) {
    heard.changed.extend(changed.read().copied());
    heard.sounds.extend(sounds.read().copied());
}

#[test]
fn a_move_the_course_refuses_is_never_played_heard_or_put_back() {
    use crate::game::play::session::{BoardChanged, SoundCue};
    let home = TempDir::new("course-refused");
    let mut app = list_app(&home);
    open(&mut app, "horse", true);
    go_to_exercise(&mut app, 0);
    let start = exercise(&app).position;
    app.init_resource::<Heard>().add_systems(Last, hear);
    app.update();
    let generation = session(&app).generation;
    // A horse move from which the target is out of reach (a mistake), then
    // a move against the rules (the horse two points straight ahead).
    for (from, to) in [("b0", "a2"), ("b0", "b2")] {
        app.world_mut().resource_mut::<Heard>().changed.clear();
        app.world_mut().resource_mut::<Heard>().sounds.clear();
        let m = Move::new(Square::parse(from).unwrap(), Square::parse(to).unwrap());
        play_move(&mut app, m);
        app.update();
        let heard = app.world().resource::<Heard>();
        assert!(
            !heard
                .changed
                .iter()
                .any(|c| matches!(c, BoardChanged::Moved { .. } | BoardChanged::Reset)),
            "{m}: the board was told {:?}",
            heard.changed
        );
        assert!(
            !heard
                .sounds
                .iter()
                .any(|s| matches!(s, SoundCue::Move | SoundCue::Capture | SoundCue::Check)),
            "{m}: {:?}",
            heard.sounds
        );
        assert!(
            heard.sounds.contains(&SoundCue::Illegal),
            "{m} is refused aloud"
        );
        assert!(
            session(&app).game.moves().is_empty(),
            "{m} never in the game"
        );
        assert_eq!(session(&app).position(), &start);
        assert_eq!(session(&app).generation, generation, "no board rebuilt");
        assert!(
            matches!(active(&app).note, Some(Note::Mistake(_) | Note::Wrong(_))),
            "{m}: {:?}",
            active(&app).note
        );
    }
}

#[test]
fn a_hint_shows_the_next_step_and_costs_the_star() {
    let home = TempDir::new("course-hint");
    let mut app = list_app(&home);
    open(&mut app, "board-points", false);
    go_to_exercise(&mut app, 0);
    let id = exercise(&app).id;
    command(&mut app, LessonCommand::Hint);
    run_until(&mut app, "the hint", |a| {
        matches!(active(a).note, Some(Note::Hint(_)))
    });
    let Some(Note::Hint(m)) = active(&app).note else {
        unreachable!()
    };
    assert_eq!(m, exercise(&app).solution[0]);
    assert_eq!(attempt(&app).unwrap().hints(), 1);
    // The board's hint arrow shows it.
    let generation = session(&app).generation;
    assert_eq!(
        app.world()
            .resource::<crate::game::play::hint::Hint>()
            .arrow(generation),
        Some(m)
    );
    play_solution(&mut app);
    app.update();
    assert_eq!(active(&app).note, Some(Note::Solved(2)));
    assert_eq!(saved(&home).stars(&id), 2, "a hint costs the third star");
    // The toolbar's hint (H) is the course's hint too: none when solved.
    app.world_mut()
        .write_message(crate::game::play::hint::HintRequest);
    app.update();
    app.update();
    assert_eq!(active(&app).note, Some(Note::NoHint));
}

#[test]
fn the_engine_defends_off_the_main_thread_and_its_reply_is_played() {
    let home = TempDir::new("course-defence");
    let mut app = list_app(&home);
    open(&mut app, "mate-two-chariots", true);
    go_to_exercise(&mut app, 0);
    solve(&mut app);
    go_to_exercise(&mut app, 1);
    let ex = exercise(&app);
    assert!(ex.goal.has_defence());
    student_plays(&mut app, ex.solution[0]);
    // The frame returned with the reply still being searched.
    assert_eq!(attempt_state(&app), Standing::DefenceToMove);
    assert!(app.world().resource::<ExerciseJobs>().busy());
    assert_eq!(session(&app).game.ply(), 1);
    run_until(&mut app, "the engine's reply", |a| {
        attempt_state(a) != Standing::DefenceToMove
    });
    assert_eq!(session(&app).game.ply(), 2, "the reply is on the board");
    assert_eq!(session(&app).position(), attempt(&app).unwrap().position());
    assert!(!app.world().resource::<ExerciseJobs>().busy());
    // The rest of the mate, whatever the defence chose.
    solve(&mut app);
    assert_eq!(attempt_state(&app), Standing::Solved(3));
    assert_eq!(saved(&home).stars(&ex.id), 3);
    // Retry starts the exercise again from its position.
    command(&mut app, LessonCommand::Retry);
    app.update();
    assert_eq!(session(&app).position(), &ex.position);
    assert_eq!(attempt_state(&app), Standing::StudentToMove);
}
