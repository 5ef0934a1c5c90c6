//! Perft is the specification: leaf counts of the legal move tree for
//! reference positions (tests/data/perft.epd). Depths up to 4 run always,
//! deeper ones with `cargo test --release -- --ignored`.

use xiangqi::rules::Position;

fn cases() -> Vec<(String, Vec<(u32, u64)>)> {
    include_str!("data/perft.epd")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let (d, n) = p.trim().split_once(' ').unwrap();
                    (d[1..].parse().unwrap(), n.parse().unwrap())
                })
                .collect();
            (fen, counts)
        })
        .collect()
}

fn run(min_depth: u32, max_depth: u32) {
    let cases = cases();
    assert_eq!(cases.len(), 12, "perft.epd holds 12 positions");
    for (fen, counts) in cases {
        let mut pos = Position::from_fen(&fen).unwrap();
        for &(depth, expected) in counts
            .iter()
            .filter(|(d, _)| (min_depth..=max_depth).contains(d))
        {
            assert_eq!(pos.perft(depth), expected, "perft({depth}) of {fen}");
        }
    }
}

#[test]
fn perft_to_depth_4_matches_reference_counts() {
    run(1, 4);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn perft_depth_5_and_6_match_reference_counts() {
    run(5, 6);
}
