//! Headless tests of the tactics trainer: a puzzle from a real game opened
//! from the trainer's screen, the line's move played and its reply coming
//! from the line, a wrong move missing it and moving the rating, the hint
//! counting as a miss, the solution shown.

use super::browse::{app_in, play_move, session, setup};
use super::run_until;
use crate::exercise::tactic::{TacticAttempt, TacticState};
use crate::exercise::{Exercise, Failure, Standing};
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::exercise::run::PlayOut;
use crate::game::play::hint::{Hint, HintRequest};
use crate::game::play::session::BoardChanged;
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

/// What the board was told, frame by frame.
#[derive(Resource, Default)]
struct Told(Vec<BoardChanged>);

fn tell(mut changed: MessageReader<BoardChanged>, mut told: ResMut<Told>) {
    told.0.extend(changed.read().copied());
}

/// Listens to what the board is told from now on.
fn listen(app: &mut App) {
    app.init_resource::<Told>().add_systems(Last, tell);
}

fn told(app: &mut App) -> Vec<BoardChanged> {
    std::mem::take(&mut app.world_mut().resource_mut::<Told>().0)
}

/// Runs frames until the solution has been played out, checking that it
/// comes one move at a time, each as a move the pieces glide (never a
/// redraw), a pause between two; returns the moves the board was told.
fn watch_it_played_out(app: &mut App, t: &Tactic, from: usize) -> Vec<Move> {
    let line = line(t);
    let left = |app: &App| app.world().resource::<PlayOut>().left();
    assert_eq!(left(app), line.len() - from, "the moves to play out");
    let mut seen = Vec::new();
    let mut frames = 0;
    while seen.len() < line.len() - from {
        app.update();
        frames += 1;
        assert!(frames < 400, "played out: {seen:?} of {line:?}");
        let now = told(app);
        assert!(now.len() <= 1, "one move a frame at most: {now:?}");
        for change in now {
            let BoardChanged::Moved { mv, .. } = change else {
                panic!("the board redrawn while played out: {change:?}");
            };
            seen.push(mv);
            // The board has the line up to it, not beyond.
            assert_eq!(session(app).game.moves(), &line[..from + seen.len()]);
            // The next one waits a while (frames are 100 ms).
            app.update();
            assert!(told(app).is_empty(), "a pause between two moves");
            frames += 1;
        }
    }
    assert_eq!(left(app), 0);
    seen
}

#[test]
fn the_solution_shown_is_played_out_move_by_move_and_next_opens_another() {
    let home = TempDir::new("trainer-shown");
    let (mut app, t) = open(home.path(), TrainerMode::Rated);
    listen(&mut app);
    app.world_mut().write_message(ShowSolution);
    // (Shown at the end of the frame, its board started the next.)
    app.update();
    app.update();
    // Shown at once on the card; on the board, not yet.
    assert_eq!(attempt(&app).state(), TacticState::Shown);
    assert_eq!(active(&app).outcome, Some(Outcome::Missed));
    assert_eq!(
        session(&app).game.ply(),
        0,
        "the line is not put there at once"
    );
    assert!(
        told(&mut app).is_empty(),
        "no redraw: the board is where the line starts"
    );
    let seen = watch_it_played_out(&mut app, &t, 0);
    assert_eq!(seen, line(&t));
    assert_eq!(session(&app).game.moves(), line(&t).as_slice());
    for _ in 0..20 {
        app.update();
    }
    assert!(told(&mut app).is_empty(), "nothing after the line");
    assert_eq!(session(&app).game.moves(), line(&t).as_slice());
    app.world_mut()
        .write_message(crate::game::play::trainer::NextTactic);
    app.update();
    app.update();
    app.update();
    assert_ne!(active(&app).tactic.id, t.id, "the next puzzle");
    assert_eq!(active(&app).outcome, None);
    assert_eq!(session(&app).game.ply(), 0);
}

#[test]
fn after_a_wrong_move_the_solution_takes_it_back_and_plays_the_line_out() {
    let home = TempDir::new("trainer-shown-after-miss");
    let (mut app, t) = open(home.path(), TrainerMode::Theme(Theme::MateIn2));
    let line = line(&t);
    // The first move right, its reply, then a wrong one.
    play_move(&mut app, line[0]);
    run_until(&mut app, "the line's reply", |a| session(a).game.ply() == 2);
    let pos = *session(&app).position();
    let wrong = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != line[2])
        .expect("another move");
    play_move(&mut app, wrong);
    app.update();
    assert_eq!(attempt(&app).state(), TacticState::Missed(wrong));
    listen(&mut app);
    app.world_mut().write_message(ShowSolution);
    // (Shown at the end of the frame, put on the board the next.)
    app.update();
    app.update();
    // The wrong move is taken back at once (a redraw, as Undo does) …
    assert_eq!(told(&mut app), [BoardChanged::Reset]);
    assert_eq!(session(&app).game.moves(), &line[..2]);
    // … and the rest of the line is played out from there.
    let seen = watch_it_played_out(&mut app, &t, 2);
    assert_eq!(seen, &line[2..]);
    assert_eq!(attempt(&app).state(), TacticState::Shown);
    // Retry puts the puzzle back at once, and nothing more is played.
    app.world_mut()
        .write_message(crate::game::play::session::GameCommand::NewGame);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(session(&app).game.ply(), 0);
    assert!(
        told(&mut app).iter().all(|c| *c == BoardChanged::Reset),
        "a retry is a redraw"
    );
}

#[test]
fn a_puzzle_opened_by_its_id_is_on_the_board_and_an_unknown_id_is_said() {
    use crate::game::notice::Notice;
    use crate::game::play::trainer::OpenTactic;
    let home = TempDir::new("trainer-open-id");
    let mut app = app_in(home.path(), setup(Mode::Hotseat), Screen::Tactics);
    app.insert_resource(TacticSet(Cow::Owned(sample())));
    app.world_mut()
        .write_message(OpenTactic("no-such-puzzle".into()));
    app.update();
    app.update();
    assert!(!app.world().contains_resource::<ActiveTactic>());
    let said = app.world().resource::<Notice>().current.clone();
    assert_eq!(said.map(|n| n.detail), Some("no-such-puzzle".to_string()));
    let t = sample()[3].clone();
    app.world_mut().write_message(OpenTactic(t.id.clone()));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(active(&app).tactic.id, t.id);
    assert_eq!(active(&app).mode, TrainerMode::Rated);
    assert_eq!(session(&app).position().fen(), t.position().unwrap().fen());
    // The record is started as the trainer's screen starts it.
    let record = app
        .world()
        .resource::<crate::game::play::trainer::TrainerRecord>();
    assert!(record.peek().is_some_and(Trainer::is_started));
}
