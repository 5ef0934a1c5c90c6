//! Headless tests of the tactics trainer: a puzzle from a real game opened
//! from the trainer's screen, the line's move played and its reply coming
//! from the line, a wrong move missing it and moving the rating, the hint
//! counting as a miss, the solution shown.

use super::browse::{app_in, play_move, session, setup};
use super::run_until;
use crate::exercise::tactic::{TacticAttempt, TacticState};
use crate::exercise::{Exercise, Failure, Standing};
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::hint::{Hint, HintRequest};
use crate::game::play::trainer::record::ShowSolution;
use crate::game::play::trainer::teacher::TacticTeacher;
use crate::game::play::trainer::{ActiveTactic, StartTactic, TacticSet, TrainerMode, choose};
use crate::game::{Mode, Screen};
use crate::rules::{Color, Move};
use crate::store::test_util::TempDir;
use crate::store::trainer::{Outcome, Trainer};
use crate::tactics::{Tactic, Theme, parse};
use bevy::prelude::*;
use std::borrow::Cow;

fn sample() -> Vec<Tactic> {
    parse(include_str!("../../../tests/data/tactics_sample.jsonl")).expect("the sample reads")
}

/// The trainer's screen with the sample set, and the puzzle `mode` chose
/// opened on the board.
fn open(home: &std::path::Path, mode: TrainerMode) -> (App, Tactic) {
    let mut app = app_in(home, setup(Mode::Hotseat), Screen::Tactics);
    app.insert_resource(TacticSet(Cow::Owned(sample())));
    let expected = choose(
        &Trainer::default(),
        &sample(),
        mode,
        crate::store::now_unix(),
    )
    .expect("the sample has a puzzle for it");
    app.world_mut().write_message(StartTactic(mode));
    app.update();
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Playing
    );
    (app, expected)
}

fn attempt(app: &App) -> &TacticAttempt {
    app.world()
        .resource::<ActiveExercise>()
        .get::<TacticAttempt>()
        .expect("a puzzle from a game on the board")
}

fn active(app: &App) -> &ActiveTactic {
    app.world().resource::<ActiveTactic>()
}

fn saved(home: &std::path::Path) -> Trainer {
    let path = crate::store::Paths::under(home).trainer_file();
    let (trainer, warning) = Trainer::load(&path);
    assert!(warning.is_none(), "{warning:?}");
    trainer
}

fn line(t: &Tactic) -> Vec<Move> {
    t.line().expect("the line reads")
}

#[test]
fn the_right_moves_play_the_lines_replies_and_solve() {
    let home = TempDir::new("trainer-solve");
    let (mut app, t) = open(home.path(), TrainerMode::Theme(Theme::MateIn2));
    assert_eq!(active(&app).tactic.id, t.id);
    let start = t.position().unwrap();
    assert_eq!(session(&app).position().fen(), start.fen());
    // The solver sits at the bottom.
    assert_eq!(session(&app).flipped, start.side_to_move() == Color::Black);
    let exercise = app.world().resource::<ActiveExercise>();
    assert_eq!(exercise.exercise().lead_in(), Move::from_iccs(&t.last));
    let line = line(&t);
    play_move(&mut app, line[0]);
    // The reply comes from the line, played on the board as the defender's move.
    run_until(&mut app, "the line's reply", |a| session(a).game.ply() == 2);
    assert_eq!(session(&app).game.moves()[1], line[1]);
    assert_eq!(attempt(&app).state(), TacticState::ToMove);
    play_move(&mut app, line[2]);
    app.update();
    assert_eq!(attempt(&app).standing(), Standing::Solved(3));
    assert_eq!(active(&app).outcome, Some(Outcome::Solved));
    let change = active(&app).change.expect("the rating's change");
    assert!(change.after > change.before, "{change:?}");
    let record = saved(home.path());
    assert_eq!(record.attempts(), 1);
    assert!(record.is_solved(&t.id));
    // The teacher tells what the combination did.
    run_until(&mut app, "the teacher's words", |a| {
        a.world().resource::<TacticTeacher>().did.is_some()
    });
}

#[test]
fn a_wrong_move_misses_and_moves_the_rating() {
    let home = TempDir::new("trainer-miss");
    let (mut app, t) = open(home.path(), TrainerMode::Rated);
    let line = line(&t);
    let pos = *session(&app).position();
    let wrong = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            let mut after = pos;
            after.make(m);
            m != line[0] && after.has_legal_move()
        })
        .expect("a move that is not the puzzle's");
    play_move(&mut app, wrong);
    app.update();
    assert_eq!(attempt(&app).state(), TacticState::Missed(wrong));
    assert_eq!(
        attempt(&app).standing(),
        Standing::Failed(Failure::NotTheMove)
    );
    assert_eq!(active(&app).outcome, Some(Outcome::Missed));
    let change = active(&app).change.expect("the rating's change");
    assert!(change.after < change.before, "{change:?}");
    assert!(saved(home.path()).rating().rating < change.before);
    // No reply after the miss.
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(session(&app).game.ply(), 1);

    // Retry: the puzzle again, and solving it now records nothing more.
    app.world_mut()
        .write_message(crate::game::play::session::GameCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(session(&app).game.ply(), 0);
    assert_eq!(attempt(&app).state(), TacticState::ToMove);
    assert_eq!(saved(home.path()).attempts(), 1);
    assert_eq!(active(&app).outcome, Some(Outcome::Missed));
}

#[test]
fn the_hint_is_the_lines_move_and_counts_as_a_miss() {
    let home = TempDir::new("trainer-hint");
    let (mut app, t) = open(home.path(), TrainerMode::Theme(Theme::MateIn1));
    let line = line(&t);
    app.world_mut().write_message(HintRequest);
    app.update();
    app.update();
    let shown = app.world().resource::<Hint>().shown.map(|(_, m)| m);
    assert_eq!(shown, Some(line[0]), "the hint is the line's move");
    assert_eq!(active(&app).outcome, Some(Outcome::Missed));
    let change = active(&app).change.expect("recorded at the hint");
    assert!(change.after < change.before);
    // Found with the hint: solved on the board, still a miss.
    play_move(&mut app, line[0]);
    app.update();
    assert_eq!(attempt(&app).standing(), Standing::Solved(1));
    assert_eq!(active(&app).outcome, Some(Outcome::Missed));
    let record = saved(home.path());
    assert_eq!(record.attempts(), 1);
    assert!(!record.is_solved(&t.id));
}

#[test]
fn the_solution_shown_is_on_the_board_and_next_opens_another() {
    let home = TempDir::new("trainer-shown");
    let (mut app, t) = open(home.path(), TrainerMode::Rated);
    app.world_mut().write_message(ShowSolution);
    app.update();
    app.update();
    assert_eq!(session(&app).game.moves(), line(&t).as_slice());
    assert_eq!(attempt(&app).state(), TacticState::Shown);
    assert_eq!(active(&app).outcome, Some(Outcome::Missed));
    app.world_mut()
        .write_message(crate::game::play::trainer::NextTactic);
    app.update();
    app.update();
    app.update();
    assert_ne!(active(&app).tactic.id, t.id, "the next puzzle");
    assert_eq!(active(&app).outcome, None);
    assert_eq!(session(&app).game.ply(), 0);
}
