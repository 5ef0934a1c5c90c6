//! Move generator speed: perft from the start position and from a busy
//! middle-game position (bulk-counted leaves). `xiangqi perft 5` reports the
//! same figure as a single run.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use xiangqi::rules::Position;

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let mut start = Position::startpos();
    group.bench_function("startpos depth 4 (3,290,240 leaves)", |b| {
        b.iter(|| assert_eq!(black_box(&mut start).perft(4), 3_290_240))
    });
    let mut mid = Position::from_fen(
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    )
    .unwrap();
    group.bench_function("middle game depth 4 (1,339,047 leaves)", |b| {
        b.iter(|| assert_eq!(black_box(&mut mid).perft(4), 1_339_047))
    });
    group.finish();
    c.bench_function("legal_moves startpos", |b| {
        let p = Position::startpos();
        b.iter(|| black_box(&p).legal_moves().len())
    });
}

criterion_group!(benches, perft);
criterion_main!(benches);
