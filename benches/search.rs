//! Search speed: fixed-depth searches from the start position and a busy
//! middle game with a fresh hash table each time (with the network and
//! with the classical evaluation), and the static evaluations alone: the
//! classical one, the network from scratch, and the network's incremental
//! update for one move plus its output, as the search does it.
//! `xiangqi bench` reports nodes/s over a wider set. And the teacher: one
//! move of the busy middle game explained as the review explains it (aim:
//! 50 ms, issue 41; `tests/teach_measure.rs` times it over a set of real
//! games).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use xiangqi::engine::eval::evaluate;
use xiangqi::engine::{Engine, Evaluator, Limits, nnue};
use xiangqi::rules::{Move, Position};
use xiangqi::teach::Explainer;

fn search_to(engine: &mut Engine, pos: &Position, depth: u32) -> u64 {
    engine.clear();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let request = xiangqi::engine::SearchRequest::new(pos, &[], &stop).limits(limits);
    engine.search(&request, &mut |_| {}).nodes
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let start = Position::startpos();
    let mid = Position::from_fen(
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    )
    .unwrap();
    for eval in [Evaluator::standard(), Evaluator::Classical] {
        let mut engine = Engine::new(16);
        engine.set_evaluator(eval.clone());
        let name = eval.name();
        group.bench_function(format!("startpos depth 10, {name}"), |b| {
            b.iter(|| search_to(&mut engine, black_box(&start), 10))
        });
        group.bench_function(format!("middle game depth 9, {name}"), |b| {
            b.iter(|| search_to(&mut engine, black_box(&mid), 9))
        });
    }
    group.finish();
    c.bench_function("evaluate middle game, classical", |b| {
        b.iter(|| evaluate(black_box(&mid)))
    });
    let net = nnue::embedded();
    c.bench_function("evaluate middle game, network from scratch", |b| {
        b.iter(|| net.evaluate(black_box(&mid)))
    });
    // f6f9: a chariot move with a capture, both views' rows changed.
    let m = Move::from_iccs("f6f9").unwrap();
    let acc = net.refresh(&mid);
    let (piece, victim) = (
        mid.piece_at(m.from()).unwrap().code(),
        mid.piece_at(m.to()).map_or(0, |p| p.code()),
    );
    c.bench_function("network update for a capture and output", |b| {
        b.iter(|| {
            let mut next = acc;
            net.update(
                black_box(&acc),
                &mut next,
                piece,
                m.from().index(),
                m.to().index(),
                victim,
            );
            net.output(&next, 1, 31)
        })
    });
}

fn explain(c: &mut Criterion) {
    let mid = Position::from_fen(
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    )
    .unwrap();
    // The chariot takes the soldier on g6: a capture, a threat, a defence
    // to weigh.
    let m = Move::from_iccs("f6g6").unwrap();
    let mut group = c.benchmark_group("teach");
    group.sample_size(10);
    group.bench_function("explain a middle-game move, fresh explainer", |b| {
        b.iter(|| Explainer::default().of_move(black_box(&mid), &[], m))
    });
    group.finish();
}

criterion_group!(benches, search, explain);
criterion_main!(benches);
