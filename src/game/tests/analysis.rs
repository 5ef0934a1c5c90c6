//! Headless tests of the analysis: it follows the position on the board,
//! restarts on every change without showing a line of the old position,
//! waits while the AI thinks, stops when turned off, and plays a line.

use super::{click, session, test_app};
use crate::engine::{Score, SearchInfo};
use crate::game::Mode;
use crate::game::play::analysis::{Analysis, AnalysisBackend, AnalysisCommand};
use crate::game::play::browse::{BrowseCommand, shown_position};
use crate::game::play::search::SearchJob;
use crate::rules::{Move, Position};
use bevy::prelude::*;
use crossbeam_channel::Sender;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the fake engine saw: each search's position, and whether it ended
/// because it was told to stop.
#[derive(Default)]
struct Seen {
    started: Mutex<Vec<Position>>,
    stopped: AtomicUsize,
}

/// A fake engine: reports `lines` lines — the position's first legal moves,
/// scored by their index — at depth 1, 2, 3, … every few milliseconds until
/// stopped. It keeps reporting for a while after the stop flag rises, as a
/// slow engine might: those reports must never show.
fn fake_engine(seen: Arc<Seen>) -> AnalysisBackend {
    AnalysisBackend(Arc::new(
        move |job: SearchJob, lines: usize, out: Sender<SearchInfo>| {
            seen.started.lock().unwrap().push(job.position);
            let moves = job.position.legal_moves();
            let t0 = Instant::now();
            let mut depth = 0;
            while t0.elapsed() < Duration::from_secs(5) {
                if job.stop.load(Ordering::Relaxed) {
                    seen.stopped.fetch_add(1, Ordering::Relaxed);
                    // Late reports from a stopped search.
                    for _ in 0..3 {
                        std::thread::sleep(Duration::from_millis(2));
                        report(&out, &moves, lines, depth + 1);
                    }
                    return;
                }
                depth += 1;
                report(&out, &moves, lines, depth);
                std::thread::sleep(Duration::from_millis(2));
            }
        },
    ))
}

fn report(out: &Sender<SearchInfo>, moves: &[Move], lines: usize, depth: u32) {
    for (k, &m) in moves.iter().take(lines).enumerate() {
        let _ = out.send(SearchInfo {
            multipv: k as u32 + 1,
            depth,
            seldepth: depth,
            score: Score::Cp(100 - 10 * k as i32),
            nodes: 0,
            nps: 0,
            time: Duration::ZERO,
            pv: vec![m],
        });
    }
}

fn app_with_fake(mode: Mode) -> (App, Arc<Seen>) {
    let mut app = test_app(mode, Position::startpos());
    let seen = Arc::new(Seen::default());
    app.insert_resource(fake_engine(seen.clone()));
    (app, seen)
}

fn analysis(app: &App) -> &Analysis {
    app.world().resource::<Analysis>()
}

/// Updates until the analysis shows `n` lines at depth ≥ 2 (or fails).
fn wait_for_lines(app: &mut App, n: usize) {
    let t0 = Instant::now();
    loop {
        app.update();
        let a = analysis(app);
        if a.lines().len() == n && a.lines().iter().all(|l| l.depth >= 2) {
            return;
        }
        assert!(t0.elapsed() < Duration::from_secs(10), "no lines");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Every line shown is about the position on the board.
fn assert_lines_fit_the_board(app: &App) {
    let shown = shown_position(session(app), Some(app.world().resource()));
    let a = analysis(app);
    assert_eq!(a.position(), Some(&shown));
    for line in a.lines() {
        let m = line.pv[0];
        assert!(shown.is_legal(m), "line {m} is not about the board");
    }
}

fn toggle(app: &mut App) {
    app.world_mut().write_message(AnalysisCommand::Toggle);
    app.update();
}

#[test]
fn the_analysis_shows_lines_for_the_board_and_restarts_on_each_move() {
    let (mut app, seen) = app_with_fake(Mode::Hotseat);
    assert!(analysis(&app).lines().is_empty());
    toggle(&mut app);
    assert!(analysis(&app).is_on());
    // Three lines by default, best first.
    wait_for_lines(&mut app, 3);
    assert_lines_fit_the_board(&app);
    let scores: Vec<Score> = analysis(&app).lines().iter().map(|l| l.score).collect();
    assert_eq!(scores, [Score::Cp(100), Score::Cp(90), Score::Cp(80)]);

    // A move: the old search stops, the lines go at once, new ones come for
    // the new position only — even while the old search still reports.
    click(&mut app, "h2");
    click(&mut app, "e2");
    assert_lines_fit_the_board(&app);
    for _ in 0..30 {
        app.update();
        assert_lines_fit_the_board(&app);
        std::thread::sleep(Duration::from_millis(1));
    }
    wait_for_lines(&mut app, 3);
    assert_lines_fit_the_board(&app);
    let started = seen.started.lock().unwrap().clone();
    assert_eq!(started.len(), 2);
    assert_eq!(started[1], *session(&app).position());
    assert!(
        seen.stopped.load(Ordering::Relaxed) >= 1,
        "the old search was stopped"
    );
}

#[test]
fn stepping_back_through_the_game_analyses_the_browsed_position() {
    let (mut app, _) = app_with_fake(Mode::Hotseat);
    click(&mut app, "h2");
    click(&mut app, "e2");
    toggle(&mut app);
    wait_for_lines(&mut app, 3);
    app.world_mut().write_message(BrowseCommand::Prev);
    app.update();
    wait_for_lines(&mut app, 3);
    assert_eq!(analysis(&app).position(), Some(&Position::startpos()));
    assert_lines_fit_the_board(&app);
}

#[test]
fn turning_it_off_stops_the_search_and_hides_the_lines() {
    let (mut app, seen) = app_with_fake(Mode::Hotseat);
    toggle(&mut app);
    wait_for_lines(&mut app, 3);
    toggle(&mut app);
    assert!(!analysis(&app).is_on());
    assert!(analysis(&app).lines().is_empty());
    let t0 = Instant::now();
    while seen.stopped.load(Ordering::Relaxed) == 0 {
        assert!(t0.elapsed() < Duration::from_secs(5), "the search goes on");
        std::thread::sleep(Duration::from_millis(2));
    }
    for _ in 0..10 {
        app.update();
    }
    assert!(analysis(&app).lines().is_empty());
    assert_eq!(seen.started.lock().unwrap().len(), 1, "nothing restarted");
}

#[test]
fn while_the_ai_thinks_its_own_line_stands_in_for_the_analysis() {
    use crate::game::play::ai::AiBackend;
    use crate::game::play::search::SearchProgress;
    let line = vec![
        Move::from_iccs("h2e2").unwrap(),
        Move::from_iccs("h9g7").unwrap(),
    ];
    let reported = line.clone();
    // The player is Black: the AI (Red) thinks first, reports a line when
    // the test lets it (not after a pause a loaded machine can outlast)
    // and thinks on until stopped.
    let report = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let may_report = report.clone();
    let backend = AiBackend(Arc::new(move |job: SearchJob, _level: u8| {
        let t0 = Instant::now();
        while !may_report.load(Ordering::Relaxed) && t0.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = job.progress.send(SearchProgress {
            depth: 4,
            score: Score::Cp(37),
            pv: reported.clone(),
            starting: false,
        });
        let t0 = Instant::now();
        while !job.stop.load(Ordering::Relaxed) && t0.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(1));
        }
        job.position.legal_moves().first().copied()
    }));
    let mut app = super::test_app_with(Mode::Black, Position::startpos(), backend);
    let seen = Arc::new(Seen::default());
    app.insert_resource(fake_engine(seen.clone()));
    toggle(&mut app);
    app.update();
    // No search of its own beside the AI's: it waits, and says so.
    assert!(analysis(&app).waits());
    assert_eq!(analysis(&app).position(), Some(&Position::startpos()));
    report.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    while analysis(&app).lines().is_empty() {
        assert!(t0.elapsed() < Duration::from_secs(5), "no line from the AI");
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    // Once the AI reports, its line stands in for the analysis'.
    assert!(analysis(&app).shows_the_ai() && !analysis(&app).waits());
    let shown = &analysis(&app).lines()[0];
    assert_eq!(
        (shown.depth, shown.score, &shown.pv),
        (4, Score::Cp(37), &line)
    );
    assert!(seen.started.lock().unwrap().is_empty());
}

#[test]
fn in_the_computers_own_game_the_analysis_runs_between_moves_and_keeps_its_lines() {
    use crate::game::play::ai::AiBackend;
    // A computer that thinks a while and reports nothing, as the blurred
    // levels do, then plays its first move.
    let backend = AiBackend(Arc::new(|job: SearchJob, _level: u8| {
        let t0 = Instant::now();
        while !job.stop.load(Ordering::Relaxed) && t0.elapsed() < Duration::from_millis(300) {
            std::thread::sleep(Duration::from_millis(1));
        }
        job.position.legal_moves().first().copied()
    }));
    let mut app = super::test_app_with(Mode::AiVsAi, Position::startpos(), backend);
    let seen = Arc::new(Seen::default());
    app.insert_resource(fake_engine(seen.clone()));
    toggle(&mut app);
    // The first move: the analysis waits, the computer plays.
    let t0 = Instant::now();
    while session(&app).game.ply() == 0 {
        assert!(t0.elapsed() < Duration::from_secs(5), "no first move");
        assert!(analysis(&app).waits() || analysis(&app).position().is_none());
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    // In the pause before the next move the analysis searches the new
    // position and shows lines…
    wait_for_lines(&mut app, 3);
    assert!(!analysis(&app).waits());
    let after_one = *session(&app).position();
    assert_eq!(analysis(&app).position(), Some(&after_one));
    // …and when the computer starts thinking, they stay, marked as waiting.
    let t0 = Instant::now();
    while !analysis(&app).waits() {
        assert!(
            t0.elapsed() < Duration::from_secs(5),
            "the computer never thought"
        );
        std::thread::sleep(Duration::from_millis(2));
        app.update();
    }
    assert_eq!(session(&app).game.ply(), 1);
    assert_eq!(analysis(&app).lines().len(), 3);
    assert_eq!(analysis(&app).position(), Some(&after_one));
}

#[test]
fn clicking_a_line_plays_its_first_move() {
    let (mut app, _) = app_with_fake(Mode::Hotseat);
    toggle(&mut app);
    wait_for_lines(&mut app, 3);
    let second = analysis(&app).lines()[1].pv[0];
    app.world_mut().write_message(AnalysisCommand::PlayLine(1));
    app.update();
    app.update();
    let (_, moves) = session(&app).game.history();
    assert_eq!(moves, [second]);
    // A line that is not there does nothing.
    app.world_mut().write_message(AnalysisCommand::PlayLine(4));
    app.update();
    assert_eq!(session(&app).game.ply(), 1);
}

#[test]
fn the_best_lines_first_move_is_said_in_words_once_it_settles() {
    use crate::game::play::analysis::motifs::LineMotifs;
    use crate::teach::Kind;
    // Red mates with the chariot on b9: the other chariot bars the eighth rank.
    let pos = Position::from_fen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    let mate = Move::from_iccs("b7b9").unwrap();
    let mut app = test_app(Mode::Hotseat, pos);
    // An engine that deepens the same line, a ply every few milliseconds.
    app.insert_resource(AnalysisBackend(Arc::new(
        move |job: SearchJob, _lines: usize, out: Sender<SearchInfo>| {
            for depth in 1..=40 {
                if job.stop.load(Ordering::Relaxed) {
                    return;
                }
                let _ = out.send(SearchInfo {
                    multipv: 1,
                    depth,
                    seldepth: depth,
                    score: Score::Mate(1),
                    nodes: 0,
                    nps: 0,
                    time: Duration::ZERO,
                    pv: vec![mate],
                });
                std::thread::sleep(Duration::from_millis(3));
            }
        },
    )));
    toggle(&mut app);
    let t0 = Instant::now();
    let found = loop {
        app.update();
        let motifs = app.world().resource::<LineMotifs>();
        if let Some(found) = motifs.of(&pos, mate) {
            break found.to_vec();
        }
        // Nothing is looked for before the line has settled.
        if analysis(&app).lines().first().is_none_or(|l| l.depth < 6) {
            assert!(!motifs.running(), "explained before the line settled");
        }
        assert!(t0.elapsed() < Duration::from_secs(30), "no motifs");
        std::thread::sleep(Duration::from_millis(2));
    };
    let said = crate::teach::headline(&found).expect("a headline");
    assert_eq!(said.kind, Kind::Mate);
    assert_eq!(said.mate_in, Some(1));
    // Turned off: the words go with the lines.
    toggle(&mut app);
    app.update();
    assert!(
        app.world()
            .resource::<LineMotifs>()
            .of(&pos, mate)
            .is_none()
    );
}
