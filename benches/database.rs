//! The game database: importing a generated collection (games a second)
//! and looking up positions in it. `xiangqi db bench` runs the same on the
//! issue's 100,000 games; this one uses 5,000 so `cargo bench` stays short.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use xiangqi::rules::Position;
use xiangqi::store::db::{Database, Filter, Owner, bench};

const GAMES: usize = 5_000;

fn database(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pgn = dir.path().join("collection.pgn");
    std::fs::write(&pgn, bench::generate_collection(GAMES, 1)).expect("the collection written");
    let mut group = c.benchmark_group("database");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES as u64));
    group.bench_function("import 5,000 games (PGN, Chinese notation)", |b| {
        b.iter(|| {
            let mut db = Database::in_memory().expect("a database");
            let summary = db
                .import(std::slice::from_ref(&pgn), Owner::Collected, &mut |_| {})
                .expect("imported");
            assert_eq!(summary.added as usize, GAMES);
        })
    });
    group.finish();

    let mut db = Database::in_memory().expect("a database");
    db.import(std::slice::from_ref(&pgn), Owner::Collected, &mut |_| {})
        .expect("imported");
    let start = Position::startpos();
    c.bench_function("explore the start position (5,000 games)", |b| {
        b.iter(|| {
            black_box(
                db.explore(black_box(&start), &Filter::default())
                    .expect("explored"),
            )
        })
    });
    c.bench_function("first 20 games at the start position", |b| {
        b.iter(|| {
            black_box(
                db.games_at(black_box(&start), &Filter::default(), 0, 20)
                    .expect("listed"),
            )
        })
    });
}

criterion_group!(benches, database);
criterion_main!(benches);
