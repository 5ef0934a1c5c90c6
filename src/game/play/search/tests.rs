//! Tests of the off-thread search and the shared engines.

use super::*;
use crate::game::play::session::{GameSetup, Session};
use bevy::tasks::TaskPool;
use std::time::{Duration, Instant};

fn session_after_one_move() -> Session {
    AsyncComputeTaskPool::get_or_init(TaskPool::default);
    let mut session = Session::new(GameSetup::default(), 0.0);
    let first = session.position().legal_moves()[0];
    session.game.play(first).expect("a legal move");
    session
}

fn wait<T>(search: &mut OffThreadSearch<T>) -> Option<T> {
    let t0 = Instant::now();
    loop {
        if let Some(answer) = search.poll() {
            return answer;
        }
        assert!(t0.elapsed() < Duration::from_secs(10), "no answer");
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn a_search_gets_the_live_position_and_its_history_and_reports_progress() {
    let mut session = session_after_one_move();
    let live = *session.position();
    let mut search = OffThreadSearch::start(session.search_from(), 2.5, |job: SearchJob| {
        let reply = job.position.legal_moves().first().copied();
        let _ = job.progress.send(SearchProgress {
            depth: 3,
            score: Score::Cp(42),
            pv: reply.into_iter().collect(),
            starting: false,
        });
        reply.map(|m| (m, job.history.len()))
    });
    assert_eq!(search.position(), &live);
    assert_eq!(search.started_at(), 2.5);
    assert!(search.is_current(Some(session.generation)));
    let (reply, history) = wait(&mut search).expect("an answer");
    assert_eq!(history, 1, "the start position came before");
    assert!(live.is_legal(reply));
    let progress = search.receive_progress().cloned().expect("a report");
    assert_eq!((progress.depth, progress.score), (3, Score::Cp(42)));
    assert_eq!(progress.pv, [reply]);
    assert!(search.receive_progress().is_none(), "each report once");
    assert_eq!(search.latest(), &progress);

    // The game moves on: the answer is for an older generation.
    session.go_to_ply(0, 3.0);
    assert!(!search.is_current(Some(session.generation)));
    assert!(!search.is_current(None));
    assert_ne!(search.generation(), session.generation);
}

#[test]
fn dropping_a_search_raises_its_stop_flag_and_the_search_ends() {
    let session = session_after_one_move();
    let (started_tx, started) = crossbeam_channel::bounded(1);
    let (ended_tx, ended) = crossbeam_channel::bounded(1);
    let search = OffThreadSearch::start(session.search_from(), 0.0, move |job: SearchJob| {
        let _ = started_tx.send(());
        let t0 = Instant::now();
        while !job.stop.load(Ordering::Relaxed) && t0.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = ended_tx.send(job.stop.load(Ordering::Relaxed));
        None::<Move>
    });
    started
        .recv_timeout(Duration::from_secs(10))
        .expect("the search runs");
    let flag = search.stop_flag();
    assert!(!flag.load(Ordering::Relaxed));
    drop(search);
    assert!(flag.load(Ordering::Relaxed));
    let stopped = ended
        .recv_timeout(Duration::from_secs(10))
        .expect("the search ends");
    assert!(stopped, "it ended because it was told to");
}

#[test]
fn the_full_level_searches_on_the_players_threads_and_the_others_on_one() {
    let max = max_threads();
    for level in Level::ALL {
        let want = if level == Level::MAX { max } else { 1 };
        assert_eq!(level_threads(level.number(), max), want, "{level:?}");
    }
    assert_eq!(search_threads(None), 1, "no settings: one thread");
    let mut settings = UserSettings(crate::store::Settings::default());
    settings.search_threads = 0;
    assert_eq!(search_threads(Some(&settings)), 1);
    settings.search_threads = u16::MAX;
    assert_eq!(search_threads(Some(&settings)), max);
}

#[test]
fn a_shared_engine_searches_on_the_threads_asked_within_the_machine() {
    let engine = SharedEngine::new(1);
    assert_eq!(engine.with(|e| e.threads()), 1);
    let max = max_threads();
    assert_eq!(engine.with_threads(max, |e| e.threads()), max);
    assert_eq!(
        engine.with(|e| e.threads()),
        max,
        "kept for the next search"
    );
    assert_eq!(engine.with_threads(1, |e| e.threads()), 1);
    assert_eq!(engine.with_threads(0, |e| e.threads()), 1);
    assert_eq!(engine.with_threads(max + 5, |e| e.threads()), max);
}
