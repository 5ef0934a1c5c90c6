//! Headless tests of the course on the board: opening lessons (and being
//! refused a locked one), pages then exercises, moves judged by the
//! course's attempt — a solution solves and is saved, a move against the
//! rules says which rule, a hint costs a star — the engine's defence
//! replying through its task, the next lesson unlocking, and Menu going
//! back to the list.

use super::browse::{app_in, play_move, session, setup};
use super::run_until;
use crate::course::State as Standing;
use crate::course::{Course, Exercise, Lesson, WrongMove, progress};
use crate::game::i18n::{Lang, wrong_move_text};
use crate::game::play::course::{ActiveLesson, LessonCommand, Note, OpenLesson, Step};
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::exercise::run::ExerciseJobs;
use crate::game::play::session::{BoardInput, GameCommand};
use crate::game::play::{Play, Turn};
use crate::game::{Mode, Screen};
use crate::rules::{Move, Square};
use crate::store::Paths;
use crate::store::course::CourseProgress;
use crate::store::test_util::TempDir;
use bevy::prelude::*;

fn course() -> &'static Course {
    Course::builtin().expect("the built-in course")
}

fn lesson(id: &str) -> &'static Lesson {
    course().lesson(id).expect("a lesson of the course")
}

fn active(app: &App) -> &ActiveLesson {
    app.world().resource::<ActiveLesson>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn saved(home: &TempDir) -> CourseProgress {
    CourseProgress::load(&Paths::under(home.path()).course_progress_file()).0
}

/// The course's list, as `--lessons` opens it.
fn list_app(home: &TempDir) -> App {
    app_in(home.path(), setup(Mode::Red), Screen::Course)
}

fn open(app: &mut App, id: &str, despite_lock: bool) {
    app.world_mut().write_message(OpenLesson {
        id: id.to_string(),
        despite_lock,
    });
    app.update();
    app.update();
    app.update();
}

fn command(app: &mut App, c: LessonCommand) {
    app.world_mut().write_message(c);
    app.update();
    app.update();
}

/// Next until exercise `i` is shown (its board set up).
fn go_to_exercise(app: &mut App, i: usize) {
    for _ in 0..20 {
        if active(app).step == Step::Exercise(i) && on_board(app) {
            return;
        }
        command(app, LessonCommand::Next);
    }
    panic!("exercise {i} not reached: at {:?}", active(app).step);
}

/// The lesson's exercise on the board (a page's board, or an attempt).
fn on_board_exercise(app: &App) -> &ActiveExercise {
    app.world().resource::<ActiveExercise>()
}

/// Does the board show the step's exercise?
fn on_board(app: &App) -> bool {
    app.world()
        .get_resource::<ActiveExercise>()
        .is_some_and(|e| e.on_board)
}

/// The try at the exercise shown.
fn attempt(app: &App) -> Option<crate::course::Attempt> {
    app.world()
        .get_resource::<ActiveExercise>()
        .and_then(|e| e.get::<crate::course::Attempt>())
        .cloned()
}

fn exercise(app: &App) -> Exercise {
    attempt(app).expect("an exercise shown").exercise().clone()
}

fn attempt_state(app: &App) -> Standing {
    attempt(app).expect("an exercise").state()
}

/// Waits for the board to take the student's move, then plays `m`.
fn student_plays(app: &mut App, m: Move) {
    let what = format!(
        "the student's turn before {m} in {} after {:?} (board {})",
        exercise(app).id,
        attempt(app).map(|a| a.moves().to_vec()),
        session(app).position().fen()
    );
    run_until(app, &what, |a| {
        *a.world().resource::<State<Turn>>().get() == Turn::Human
    });
    play_move(app, m);
}

/// Solves the exercise shown with the course's own next steps (not
/// counted as hints), whatever the defence replies.
fn solve(app: &mut App) {
    for _ in 0..40 {
        run_until(app, "the defence's reply", |a| {
            attempt_state(a) != Standing::DefenceToMove
        });
        if attempt_state(app) != Standing::StudentToMove {
            return;
        }
        let mut defender = crate::course::Defender::default();
        let m = attempt(app)
            .unwrap()
            .next_step(&mut defender)
            .expect("a next step");
        student_plays(app, m);
    }
}

/// Plays the student's moves of the exercise's stored solution.
fn play_solution(app: &mut App) {
    let ex = exercise(app);
    let defended = ex.goal.has_defence();
    for (k, &m) in ex.solution.iter().enumerate() {
        if defended && k % 2 == 1 {
            // The engine's reply (the stored line's, or as good).
            run_until(app, "the defence's reply", |a| {
                attempt_state(a) != Standing::DefenceToMove
            });
            continue;
        }
        assert_eq!(
            session(app).position(),
            attempt(app).unwrap().position(),
            "the board shows the attempt"
        );
        student_plays(app, m);
    }
}

#[test]
fn the_first_lesson_opens_on_its_first_page_and_a_locked_one_is_refused() {
    let home = TempDir::new("course-open");
    let mut app = list_app(&home);
    assert_eq!(screen(&app), Screen::Course);
    // The second lesson is locked until the first is done.
    open(&mut app, "board-coordinates", false);
    assert_eq!(screen(&app), Screen::Course, "a locked lesson stays shut");
    assert!(app.world().get_resource::<ActiveLesson>().is_none());

    open(&mut app, "board-points", false);
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Course);
    let a = active(&app);
    assert_eq!(a.step, Step::Page(0));
    assert_eq!(a.number, "1.1");
    assert!(on_board(&app));
    // A page takes no moves (the exercise's lock: nobody moves) and the
    // computer never plays; the board is not locked by faking players.
    let s = session(&app);
    assert_eq!(s.setup.players.mode, Mode::Hotseat);
    assert!(!s.paused);
    assert_eq!(on_board_exercise(&app).exercise().mover(), None);
    assert_ne!(*app.world().resource::<State<Turn>>().get(), Turn::Human);
    // The page's points are the marks the board draws.
    let page = &lesson("board-points").pages[0];
    assert_eq!(active(&app).marks().1, page.points);
    assert_eq!(saved(&home).last_lesson.as_deref(), Some("board-points"));

    // Next goes through the pages to the first exercise, Back returns.
    go_to_exercise(&mut app, 0);
    let ex = exercise(&app);
    assert_eq!(session(&app).position(), &ex.position);
    assert_eq!(session(&app).setup.players.mode, Mode::Red);
    command(&mut app, LessonCommand::Back);
    assert_eq!(active(&app).step, Step::Page(2));
    // Next cannot skip an exercise not solved.
    go_to_exercise(&mut app, 0);
    command(&mut app, LessonCommand::Next);
    assert_eq!(active(&app).step, Step::Exercise(0));

    // Menu goes back to the list.
    app.world_mut().write_message(GameCommand::Menu);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Course);
    assert!(app.world().get_resource::<ActiveLesson>().is_none());
}

#[test]
fn solving_every_exercise_saves_the_stars_and_unlocks_the_next_lesson() {
    let home = TempDir::new("course-solve");
    let mut app = list_app(&home);
    open(&mut app, "board-points", false);
    let n = lesson("board-points").exercises.len();
    for i in 0..n {
        go_to_exercise(&mut app, i);
        let id = exercise(&app).id;
        play_solution(&mut app);
        app.update();
        assert_eq!(active(&app).note, Some(Note::Solved(3)), "{id}");
        let p = saved(&home);
        assert_eq!(p.stars(&id), 3, "{id} saved with three stars");
        // Solved, the board takes no more moves.
        assert_eq!(on_board_exercise(&app).exercise().mover(), None);
    }
    let p = saved(&home);
    assert!(p.is_lesson_done("board-points"));
    assert!(progress::is_unlocked(course(), &p, "board-coordinates"));
    assert!(!progress::is_unlocked(course(), &p, "board-goal"));
    // The next lesson opens from the last exercise.
    command(&mut app, LessonCommand::NextLesson);
    app.update();
    assert_eq!(active(&app).lesson.id, "board-coordinates");
    assert_eq!(active(&app).step, Step::Page(0));
    assert_eq!(*app.world().resource::<State<Play>>().get(), Play::Course);
    // A lesson done can be played again.
    open(&mut app, "board-points", false);
    assert_eq!(active(&app).lesson.id, "board-points");
}

#[test]
fn the_launch_opens_the_list_and_the_lesson_asked_for() {
    let home = TempDir::new("course-launch");
    let mut app =
        crate::game::tests::logic_app(Some(home.path()), crate::game::tests::slow_backend());
    let opts = crate::game::LaunchOptions {
        lessons: true,
        lesson: Some("horse".into()),
        ..Default::default()
    };
    crate::game::play::course::configure_launch(&mut app, &opts);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(screen(&app), Screen::Playing);
    assert_eq!(active(&app).lesson.id, "horse");
    assert_eq!(active(&app).number, "2.4");
}

#[test]
fn space_does_not_set_a_lessons_page_playing() {
    let home = TempDir::new("course-space");
    let mut app = list_app(&home);
    app.add_plugins(crate::game::input::plugin);
    let horse = course().lesson_by_number("2.4").expect("lesson 2.4");
    open(&mut app, &horse.id, true);
    assert_eq!(active(&app).step, Step::Page(0));
    let before = session(&app).position().fen();
    for _ in 0..3 {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::Space);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::Space);
        keys.clear();
        for _ in 0..5 {
            app.update();
        }
    }
    assert!(!session(&app).paused, "no board is locked by pausing it");
    assert_eq!(
        session(&app).position().fen(),
        before,
        "nobody plays on a page"
    );
}

#[test]
fn a_lesson_takes_the_hint_key_but_not_the_analysis_or_save_keys() {
    let home = TempDir::new("course-keys");
    let mut app = list_app(&home);
    app.add_plugins(crate::game::input::plugin);
    let horse = course().lesson_by_number("2.4").expect("lesson 2.4");
    open(&mut app, &horse.id, true);
    go_to_exercise(&mut app, 0);
    let tap = |app: &mut App, chord: &[KeyCode]| {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for &k in chord {
            keys.press(k);
        }
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for &k in chord {
            keys.release(k);
        }
        keys.clear();
        app.update();
    };
    tap(&mut app, &[KeyCode::KeyA]);
    tap(&mut app, &[KeyCode::ControlLeft, KeyCode::KeyS]);
    assert!(
        !app.world()
            .resource::<crate::game::play::analysis::Analysis>()
            .is_on(),
        "A does not show the analysis in an exercise"
    );
    assert!(
        !Paths::under(home.path()).games_dir().exists(),
        "Ctrl+S saves no game"
    );
    tap(&mut app, &[KeyCode::KeyH]);
    run_until(&mut app, "the hint", |a| {
        attempt(a).is_some_and(|t| t.hints() == 1)
    });
}

mod moves;
