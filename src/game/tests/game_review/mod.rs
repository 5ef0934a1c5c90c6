//! Headless tests of the game review: a review runs in the
//! background to its end and judges every move, a cancelled review stops
//! its search, the graph draws the analysis, a stored review is reused, and
//! a mistake becomes a puzzle its better move solves and the mistake does
//! not. The engine searches shallowly (depth 7) so the tests are quick.

use super::{logic_app, run_until, slow_backend};
use crate::engine::Limits;
use crate::engine::review::{Judgement, accepts};
use crate::game::panel::graph::graph_data;
use crate::game::play::Play;
use crate::game::play::browse::{Browse, BrowseCommand};
use crate::game::play::game_review::{GameReviewState, ReviewLimits, ReviewRequest};
use crate::game::play::my_puzzle::{
    ActiveMyPuzzle, MyPuzzleStore, MyVerdict, RemoveMyPuzzle, StartMyPuzzle,
};
use crate::game::play::session::{BoardInput, GameCommand, GameSetup, Session};
use crate::game::settings::StorePaths;
use crate::game::{Mode, Screen};
use crate::rules::{Color, Move, Position};
use crate::store::Paths;
use crate::store::Players;
use crate::store::my_puzzles::{MARGIN, MyPuzzles};
use crate::store::reviews::{self, Effort};
use crate::store::test_util::TempDir;
use bevy::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Red's fifth move (ply 9) puts a chariot where a soldier takes it for nothing.
const HANGS_A_CHARIOT: &str = "h2e2 h9g7 i0i1 i9h9 i1d1 b9c7 d1d5 a9a8 d5c5 c6c5";
/// The blunder's index among the moves.
const BLUNDER: usize = 8;

fn moves(line: &str) -> Vec<Move> {
    line.split_whitespace()
        .map(|m| Move::from_iccs(m).expect("a move"))
        .collect()
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// A hot-seat game with the store under `home`; reviews search to depth 7
/// (`thorough_depth` for a thorough one).
fn app_in(home: &Path, thorough_depth: u32) -> App {
    let mut app = logic_app(Some(home), slow_backend());
    app.insert_resource(ReviewLimits {
        quick: depth(7),
        thorough: depth(thorough_depth),
    });
    app.insert_resource(GameSetup {
        players: Players::new(Mode::Hotseat, 1, 1),
        start: Position::startpos(),
    });
    app.insert_state(Screen::Playing);
    app.update();
    app.update();
    app
}

fn play_move(app: &mut App, m: Move) {
    app.world_mut().write_message(BoardInput::Click(m.from()));
    app.update();
    app.world_mut().write_message(BoardInput::Click(m.to()));
    app.update();
}

fn play_all(app: &mut App, line: &str) {
    for m in moves(line) {
        play_move(app, m);
    }
    assert_eq!(session(app).game.moves(), moves(line).as_slice());
}

fn session(app: &App) -> &Session {
    app.world().resource::<Session>()
}

fn state(app: &App) -> &GameReviewState {
    app.world().resource::<GameReviewState>()
}

fn request<M: Message>(app: &mut App, m: M) {
    app.world_mut().write_message(m);
    app.update();
}

fn my_puzzles(app: &App) -> MyPuzzles {
    let home = app.world().resource::<StorePaths>().0.clone().unwrap();
    MyPuzzles::load(&home.my_puzzles_file()).0
}

/// Plays the game with the hung chariot and reviews it (quick).
fn reviewed_game(home: &Path) -> App {
    let mut app = app_in(home, 5);
    play_all(&mut app, HANGS_A_CHARIOT);
    request(&mut app, ReviewRequest::Start(Effort::Quick));
    run_until(&mut app, "the review's end", |a| {
        state(a).result.is_some() && state(a).progress().is_none()
    });
    app
}

#[test]
fn a_review_runs_in_the_background_to_its_end_and_judges_every_move() {
    let home = TempDir::new("game-review");
    let mut app = app_in(home.path(), 5);
    play_all(&mut app, HANGS_A_CHARIOT);
    assert!(state(&app).result.is_none(), "nothing stored yet");
    request(&mut app, ReviewRequest::Start(Effort::Quick));
    // The frame returned while the engine works: a job with progress.
    let (done, total, effort) = state(&app).progress().expect("a review job");
    assert_eq!((total, effort), (11, Effort::Quick));
    assert!(done <= total);
    run_until(&mut app, "the review's end", |a| state(a).result.is_some());
    assert!(state(&app).progress().is_none());

    let r = state(&app).result.clone().expect("a result");
    assert!(!r.from_store);
    assert_eq!(r.moves, moves(HANGS_A_CHARIOT));
    assert_eq!(r.review.moves.len(), 10);
    // The marks: the hung chariot is a blunder, nothing before it is flagged.
    assert_eq!(r.judgement_before(BLUNDER + 1), Some(Judgement::Blunder));
    for ply in 1..=BLUNDER {
        let j = r.judgement_before(ply).expect("every move judged");
        assert!(!j.is_serious(), "ply {ply}: {j:?}");
    }
    let red = r.review.summary(Color::Red);
    assert_eq!(red.count(Judgement::Blunder), 1);
    assert!(red.accuracy < r.review.summary(Color::Black).accuracy);

    // The graph's data is the analysis: Red's expected score at every
    // position, the blunder marked where it was played, the live position current.
    let data = graph_data(&r, session(&app).game.ply());
    let curve = r
        .review
        .curve(&Position::startpos(), &moves(HANGS_A_CHARIOT));
    assert_eq!(data.values.len(), 11);
    for (v, c) in data.values.iter().zip(&curve) {
        assert!((f64::from(*v) - c).abs() < 1e-6, "{v} vs {c}");
    }
    // A chariot down in the opening: an expected result under a quarter.
    assert!(data.values[BLUNDER] > 0.3 && data.values[BLUNDER + 2] < 0.25);
    assert_eq!(data.marks, [(BLUNDER + 1, Judgement::Blunder)]);
    assert_eq!(data.current, 10);
    // Reviewing an earlier position moves the graph's mark.
    request(&mut app, BrowseCommand::Goto(4));
    assert_eq!(app.world().resource::<Browse>().ply, Some(4));
    let shown =
        crate::game::play::browse::shown_ply(session(&app), Some(app.world().resource::<Browse>()));
    assert_eq!(graph_data(&r, shown).current, 4);

    // Stored for next time.
    let dir = Paths::under(home.path()).reviews_dir();
    let stored = reviews::load(&dir, &Position::startpos(), &moves(HANGS_A_CHARIOT))
        .expect("readable")
        .expect("stored");
    assert_eq!(stored.effort, Effort::Quick);
    assert_eq!(stored.review, r.review);

    // The hot-seat game was played by people: the blunder is a puzzle.
    assert_eq!(state(&app).new_puzzles, 1);
    let mine = my_puzzles(&app);
    assert_eq!(mine.puzzles.len(), 1);
    let p = &mine.puzzles[0];
    let mut before = Position::startpos();
    for m in &moves(HANGS_A_CHARIOT)[..BLUNDER] {
        before.make(*m);
    }
    assert_eq!(p.fen, before.fen());
    assert_eq!(p.played_move(), Some(moves(HANGS_A_CHARIOT)[BLUNDER]));
    assert_eq!(p.best_move(), Some(r.review.moves[BLUNDER].before.best));
    assert_eq!(p.judgement(), Judgement::Blunder);
}

#[test]
fn cancelling_a_review_stops_its_search_and_the_engine_is_free_again() {
    let home = TempDir::new("game-review-cancel");
    // Thorough searches as deep as it can: it would run for minutes.
    let mut app = app_in(home.path(), 60);
    play_all(&mut app, HANGS_A_CHARIOT);
    request(&mut app, ReviewRequest::Start(Effort::Thorough));
    for _ in 0..3 {
        app.update();
    }
    let stop = state(&app).stop_flag().expect("a running review");
    assert!(!stop.load(Ordering::Relaxed));
    request(&mut app, ReviewRequest::Cancel);
    assert!(stop.load(Ordering::Relaxed), "the search was told to stop");
    assert!(state(&app).progress().is_none());
    assert!(state(&app).result.is_none());
    // Nothing half-done is stored, and the review's engine is free: a
    // quick review now runs to its end.
    let dir = Paths::under(home.path()).reviews_dir();
    request(&mut app, ReviewRequest::Start(Effort::Quick));
    run_until(&mut app, "the quick review", |a| state(a).result.is_some());
    let r = state(&app).result.as_ref().unwrap();
    assert_eq!(r.effort, Effort::Quick);
    let stored = reviews::load(&dir, &Position::startpos(), &moves(HANGS_A_CHARIOT))
        .unwrap()
        .unwrap();
    assert_eq!(stored.effort, Effort::Quick);

    // A new game stops a review in flight too.
    request(&mut app, ReviewRequest::Start(Effort::Thorough));
    let stop = state(&app).stop_flag().expect("a running review");
    request(&mut app, GameCommand::NewGame);
    app.update();
    assert!(stop.load(Ordering::Relaxed));
    assert!(state(&app).progress().is_none());
    assert!(
        state(&app).result.is_none(),
        "the result was about the old game"
    );
}

#[test]
fn a_stored_review_is_used_at_once_and_a_damaged_one_is_redone() {
    let home = TempDir::new("game-review-store");
    drop(reviewed_game(home.path()));

    // The same game again, in a new app: the stored review is picked up
    // as soon as the game is on the board, without a search.
    let mut app = app_in(home.path(), 5);
    play_all(&mut app, HANGS_A_CHARIOT);
    app.update();
    let r = state(&app)
        .result
        .clone()
        .expect("picked up from the store");
    assert!(r.from_store);
    assert_eq!(r.judgement_before(BLUNDER + 1), Some(Judgement::Blunder));
    request(&mut app, ReviewRequest::Start(Effort::Quick));
    assert!(
        state(&app).progress().is_none(),
        "no search for a stored review"
    );
    // A thorough review is deeper than the stored quick one: it searches.
    request(&mut app, ReviewRequest::Start(Effort::Thorough));
    assert!(state(&app).progress().is_some());
    request(&mut app, ReviewRequest::Cancel);
    // The puzzle is not added twice.
    assert_eq!(my_puzzles(&app).puzzles.len(), 1);
    drop(app);

    // A damaged file is not used: the review runs again and replaces it.
    let file = reviews::review_file(
        &Paths::under(home.path()).reviews_dir(),
        &Position::startpos(),
        &moves(HANGS_A_CHARIOT),
    );
    std::fs::write(&file, "{\"format\":1,\"effort\":\"qui").unwrap();
    let mut app = app_in(home.path(), 5);
    play_all(&mut app, HANGS_A_CHARIOT);
    app.update();
    assert!(state(&app).result.is_none());
    request(&mut app, ReviewRequest::Start(Effort::Quick));
    assert!(state(&app).progress().is_some(), "searched again");
    run_until(&mut app, "the review", |a| state(a).result.is_some());
    assert!(!state(&app).result.as_ref().unwrap().from_store);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("{\"format\":1"), "{text}");
    assert!(
        reviews::load(
            &Paths::under(home.path()).reviews_dir(),
            &Position::startpos(),
            &moves(HANGS_A_CHARIOT)
        )
        .unwrap()
        .is_some()
    );
}

#[test]
fn the_review_is_offered_when_a_game_ends_or_for_a_record_never_in_a_live_game() {
    use crate::game::play::clock::MatchClock;
    use crate::game::play::game_review::review_offered;
    use crate::rules::clock::{GameClock, TimeControl};
    let session = |mode| {
        let mut s = Session::new(
            GameSetup {
                players: Players::new(mode, 3, 3),
                start: Position::startpos(),
            },
            0.0,
        );
        s.game.play(Move::from_iccs("h2e2").unwrap()).unwrap();
        s
    };
    let untimed = MatchClock::default();
    let mut timed = MatchClock::default();
    let five = TimeControl::parse("300+2").unwrap();
    timed.set(Some(GameClock::new(five, five, Color::Red)), &[]);
    // A game against the computer, or the computer's own: not while it lasts.
    for mode in [Mode::Red, Mode::Black, Mode::AiVsAi] {
        let mut s = session(mode);
        assert!(!review_offered(&s, Some(&untimed)), "{mode}");
        s.game.resign(Color::Red);
        assert!(review_offered(&s, Some(&untimed)), "{mode} ended");
    }
    // Two players: a record or an analysis board, unless on the clocks.
    let s = session(Mode::Hotseat);
    assert!(review_offered(&s, Some(&untimed)));
    assert!(review_offered(&s, None));
    assert!(!review_offered(&s, Some(&timed)));
}

mod puzzles;
