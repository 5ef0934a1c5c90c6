//! Search speed: fixed-depth searches from the start position and a busy
//! middle game with a fresh hash table each time, and the static
//! evaluation alone. `xiangqi bench` reports nodes/s over a wider set.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use xiangqi::engine::eval::evaluate;
use xiangqi::engine::{Engine, Limits};
use xiangqi::rules::Position;

fn search_to(engine: &mut Engine, pos: &Position, depth: u32) -> u64 {
    engine.clear();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    engine
        .search(pos, &[], &limits, &AtomicBool::new(false), &mut |_| {})
        .nodes
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut engine = Engine::new(16);
    let start = Position::startpos();
    group.bench_function("startpos depth 10", |b| {
        b.iter(|| search_to(&mut engine, black_box(&start), 10))
    });
    let mid = Position::from_fen(
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    )
    .unwrap();
    group.bench_function("middle game depth 9", |b| {
        b.iter(|| search_to(&mut engine, black_box(&mid), 9))
    });
    group.finish();
    c.bench_function("evaluate middle game", |b| {
        b.iter(|| evaluate(black_box(&mid)))
    });
}

criterion_group!(benches, search);
criterion_main!(benches);
