//! The learned evaluation: the accumulators the search updates move by
//! move equal a full refresh, the integer network follows the float one
//! it was trained as, bad network files are refused with their reason,
//! `datagen` writes readable records, `train` lowers its loss and is
//! reproducible, and the embedded network loads.

use proptest::prelude::*;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use xiangqi::engine::nnue::{self, FileError, Header, Network};
use xiangqi::engine::uci::run_transcript;
use xiangqi::engine::{Engine, Evaluator, Limits, SearchRequest};
use xiangqi::learn::data::{self, Record};
use xiangqi::learn::datagen;
use xiangqi::learn::trainer::{self, FloatNet, Listener};
use xiangqi::rules::{GameResult, Position};

fn random_network(seed: u64) -> Network {
    FloatNet::random(seed).quantise(Header {
        fit_scale: 500,
        description: "random".into(),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random games: after every move the incrementally updated
    /// accumulators equal those summed from scratch, so do the outputs.
    #[test]
    fn incremental_accumulators_equal_a_full_refresh(seed in any::<u64>(), picks in prop::collection::vec(any::<u16>(), 1..120)) {
        let net = random_network(seed);
        let mut pos = Position::startpos();
        let mut acc = net.refresh(&pos);
        for p in picks {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(p) % moves.len()];
            let (from, to) = (m.from().index(), m.to().index());
            let piece = pos.piece_at(m.from()).unwrap().code();
            let victim = pos.piece_at(m.to()).map_or(0, |v| v.code());
            let mut next = acc;
            net.update(&acc, &mut next, piece, from, to, victim);
            pos.make(m);
            acc = next;
            prop_assert_eq!(acc, net.refresh(&pos));
            let pieces = (pos.occupancy(xiangqi::rules::Color::Red) | pos.occupancy(xiangqi::rules::Color::Black)).count_ones();
            prop_assert_eq!(net.output(&acc, pos.side_to_move().index(), pieces), net.evaluate(&pos));
        }
    }
}

/// Makes a small data file in-process: `games` games at `nodes` nodes, on
/// one thread so the file is the same every run (with two, which games
/// are written first, and what each thread's hash table holds, depend on
/// timing).
fn small_data(dir: &std::path::Path, games: u64, nodes: u64, seed: u64) -> std::path::PathBuf {
    let out = dir.join(format!("d{seed}.bin"));
    let config = datagen::Config {
        games: Some(games),
        positions: None,
        nodes,
        seed,
        threads: 1,
        out: out.clone(),
        openings: Vec::new(),
        hash_mb: 1,
        evaluator: Evaluator::Classical,
    };
    datagen::run(&config, &AtomicBool::new(false), &|_| {}).unwrap();
    out
}

struct Quiet;

impl Listener for Quiet {
    fn loaded(&self, _: usize, _: usize, _: f32) {}
    fn progress(&self, _: usize, _: f64) {}
    fn epoch(&self, _: &trainer::EpochReport) {}
}

fn train_config(files: Vec<std::path::PathBuf>, epochs: usize, threads: usize) -> trainer::Config {
    trainer::Config {
        files,
        out: "unused".into(),
        validation: 0.1,
        epochs,
        batch: 64,
        lr: 0.003,
        // The search's score alone: a few games' results are too few to
        // generalise from, the score is a function of the position.
        lambda: 1.0,
        seed: 7,
        threads,
        epoch_positions: 0,
        init: None,
    }
}

/// Training on a few thousand positions lowers the loss; the same seed and
/// data give the same network whatever the number of threads; and the
/// integer network follows the float one within 8 centipawns (internal
/// scale) on average and 40 at most.
#[test]
fn training_lowers_the_loss_is_reproducible_and_quantises_faithfully() {
    let dir = tempfile::tempdir().unwrap();
    let file = small_data(dir.path(), 40, 300, 3);
    let records = data::read_all(&file).unwrap();
    assert!(records.len() > 1500, "{} positions", records.len());
    let config = train_config(vec![file.clone()], 6, 2);
    let (train, val) = trainer::load(&config).unwrap();
    let a = trainer::train(&config, &train, &val, &Quiet, &AtomicBool::new(false)).unwrap();
    // The loss on the training positions, before and after.
    let before = trainer::mean_loss(&FloatNet::random(config.seed), &train, a.k, 1.0, 2);
    let after = trainer::mean_loss(&a.float, &train, a.k, 1.0, 2);
    assert!(
        after < before * 0.6,
        "training loss {after} vs {before} untrained"
    );
    assert!(a.epochs.last().unwrap().train_loss < a.epochs[0].train_loss);
    // Reproducible, on one thread or two.
    let one = train_config(vec![file], 6, 1);
    let b = trainer::train(&one, &train, &val, &Quiet, &AtomicBool::new(false)).unwrap();
    assert!(
        a.network.to_bytes() == b.network.to_bytes(),
        "the same seed and data gave another network"
    );
    // Quantised against float.
    let mut total = 0.0;
    let mut worst = 0.0f32;
    for r in &records[..400] {
        let pos = r.position();
        let f = a.float.evaluate(&pos);
        let q = a.network.evaluate(&pos) as f32;
        total += (f - q).abs();
        worst = worst.max((f - q).abs());
    }
    let mean = total / 400.0;
    assert!(mean < 8.0 && worst < 40.0, "mean {mean} worst {worst}");
}

/// Remembers the starting loss a fine-tuning run reports.
#[derive(Default)]
struct Start(std::sync::Mutex<Option<f64>>);

impl Listener for Start {
    fn loaded(&self, _: usize, _: usize, _: f32) {}
    fn start(&self, loss: f64) {
        *self.0.lock().unwrap() = Some(loss);
    }
    fn progress(&self, _: usize, _: f64) {}
    fn epoch(&self, _: &trainer::EpochReport) {}
}

/// Fine-tuning (`--init`) starts from the given network, not from random
/// weights: the float weights read back from it evaluate as it does, the
/// loss it reports at the start is that network's, its fit scale is kept,
/// and the network it writes does no worse on the validation positions
/// than the one it started from.
#[test]
fn fine_tuning_starts_from_the_network_and_keeps_its_scale() {
    let dir = tempfile::tempdir().unwrap();
    let first = small_data(dir.path(), 30, 300, 5);
    let config = train_config(vec![first], 4, 2);
    let (train, val) = trainer::load(&config).unwrap();
    let base = trainer::train(&config, &train, &val, &Quiet, &AtomicBool::new(false)).unwrap();
    let back = FloatNet::from_network(&base.network);
    for r in data::read_all(&dir.path().join("d5.bin"))
        .unwrap()
        .iter()
        .take(300)
    {
        let pos = r.position();
        let (f, q) = (back.evaluate(&pos), base.network.evaluate(&pos) as f32);
        assert!((f - q).abs() < 40.0, "read back {f}, quantised {q}");
    }
    let second = small_data(dir.path(), 30, 300, 6);
    let mut tune = train_config(vec![second], 3, 2);
    tune.init = Some(base.network.clone());
    tune.lr = 0.0005;
    let (train2, val2) = trainer::load(&tune).unwrap();
    let k = base.network.fit_scale() as f32;
    let expected_start = trainer::mean_loss(&back, &val2, k, 1.0, 2);
    let start = Start::default();
    let tuned = trainer::train(&tune, &train2, &val2, &start, &AtomicBool::new(false)).unwrap();
    let reported = start
        .0
        .lock()
        .unwrap()
        .expect("a fine-tuning run reports its start");
    assert!(
        (reported - expected_start).abs() < 1e-12,
        "start {reported}, the network's own loss {expected_start}"
    );
    assert_eq!(tuned.k, k, "the starting network's fit scale is kept");
    assert_eq!(
        i32::from(tuned.network.header.fit_scale),
        base.network.fit_scale()
    );
    assert!(tuned.network.header.description.starts_with("fine-tuned"));
    let after = trainer::mean_loss(&tuned.float, &val2, k, 1.0, 2);
    assert!(
        after <= reported,
        "validation loss {after} after, {reported} at the start"
    );
    // Not a start from the random weights the run's seed would draw. (Not
    // "better than random": the network here learnt 30 other games for
    // four epochs, and on these it can fit worse than random weights do:
    // 0.0581 against 0.0552 with the search of 2026-12-08.)
    let random = trainer::mean_loss(&FloatNet::random(tune.seed), &val2, k, 1.0, 2);
    assert!(
        (reported - random).abs() > 1e-6,
        "start {reported}, random {random}"
    );
}

#[test]
fn bad_network_files_are_refused_with_their_reason() {
    let good = random_network(1).to_bytes();
    assert!(Network::from_bytes(&good).is_ok());
    assert_eq!(
        Network::from_bytes(&good[..good.len() - 10]),
        Err(FileError::Truncated {
            got: good.len() - 10,
            want: good.len()
        })
    );
    assert_eq!(
        Network::from_bytes(&good[..50]).unwrap_err(),
        FileError::Truncated { got: 50, want: 96 }
    );
    assert_eq!(
        Network::from_bytes(b"\x89PNG\r\n\x1a\n0000").unwrap_err(),
        FileError::Foreign
    );
    let mut flipped = good.clone();
    let n = flipped.len();
    flipped[n / 2] ^= 0x40;
    assert_eq!(
        Network::from_bytes(&flipped).unwrap_err(),
        FileError::Checksum
    );
    let mut shape = good.clone();
    shape[8] = 0; // hidden size 256 → 0
    shape[9] = 2; // → 512
    let e = Network::from_bytes(&shape).unwrap_err().to_string();
    assert!(e.contains("2×512") && e.contains("2×256"), "{e}");
    let mut version = good;
    version[4] = 9;
    assert!(
        Network::from_bytes(&version)
            .unwrap_err()
            .to_string()
            .contains("version 9")
    );
}

#[test]
fn the_embedded_network_loads_and_sees_the_start_as_level() {
    let net = Network::from_bytes(nnue::EMBEDDED_BYTES).expect("the embedded network");
    assert!(net.fit_scale() > 50, "fit scale {}", net.fit_scale());
    let e = net.evaluate(&Position::startpos());
    assert!(e.abs() < 150, "start position {e}");
    // An extra chariot is a clear advantage for the side that has it.
    let up =
        Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
            .unwrap();
    let down =
        Position::from_fen("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
            .unwrap();
    assert!(
        net.evaluate(&down) > net.evaluate(&up) + 150,
        "{} vs {}",
        net.evaluate(&down),
        net.evaluate(&up)
    );
    // The engine plays with it unless told otherwise.
    assert!(matches!(Engine::new(1).evaluator(), Evaluator::Network(_)));
}

#[test]
fn eval_file_refuses_a_bad_file_and_keeps_the_network() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.nnue");
    std::fs::write(&bad, b"XQNN\x01\x00").unwrap();
    let good = dir.path().join("good.nnue");
    std::fs::write(&good, random_network(5).to_bytes()).unwrap();
    let out = run_transcript(&format!(
        "uci\nsetoption name EvalFile value {}\nsetoption name EvalFile value {}/missing.nnue\nsetoption name EvalFile value {}\nposition startpos\ngo depth 3\n",
        bad.display(),
        dir.path().display(),
        good.display()
    ));
    let errors: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert_eq!(errors.len(), 2, "{out}");
    assert!(
        errors[0].contains("truncated") && errors[0].contains("keeping the current network"),
        "{}",
        errors[0]
    );
    assert!(errors[1].contains("cannot read"), "{}", errors[1]);
    assert!(out.contains("option name EvalFile type string default <embedded>"));
    assert!(out.lines().any(|l| l.starts_with("bestmove")));
    // UCCI names, and the classical evaluation on request.
    let out = run_transcript(
        "ucci\nsetoption usennue false\nposition startpos\ngo depth 3\nsetoption usennue maybe\n",
    );
    assert!(
        out.contains("option usennue type check default true"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("bestmove")), "{out}");
    assert!(
        out.contains("info string error: Use NNUE takes true or false"),
        "{out}"
    );
}

/// The two evaluations see a position alike in sign, and a search with
/// either finds a legal move; a network search's scores are on the display scale.
#[test]
fn both_evaluations_search() {
    let pos = Position::from_fen("3akab2/9/4b4/9/9/9/9/4B4/4A4/R1BAK4 w - - 0 1").unwrap();
    for e in [Evaluator::Classical, Evaluator::standard()] {
        let mut engine = Engine::new(1);
        engine.set_evaluator(e.clone());
        let stop = AtomicBool::new(false);
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let r = engine.search(
            &SearchRequest::new(&pos, &[], &stop).limits(limits),
            &mut |_| {},
        );
        assert!(pos.is_legal(r.best));
        match r.score {
            xiangqi::engine::Score::Cp(c) => assert!(c > 100, "{} sees {c} a chariot up", e.name()),
            s => panic!("{s}"),
        }
    }
}

#[test]
fn datagen_writes_readable_records_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.bin");
    let run = |games: &str| {
        Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args([
                "datagen",
                "--games",
                games,
                "--nodes",
                "400",
                "--threads",
                "2",
                "--quiet",
                "--out",
            ])
            .arg(&out)
            .output()
            .unwrap()
    };
    let o = run("2");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains(": 2 games"), "{text}");
    let records = data::read_all(&out).unwrap();
    assert_eq!(records.iter().filter(|r| r.game_start).count(), 2);
    for r in &records {
        let pos = r.position();
        assert!(!pos.in_check(), "a kept position is not in check");
        assert_eq!(Record::decode(&r.encode()).unwrap(), *r);
        assert!(matches!(
            r.result,
            GameResult::RedWins | GameResult::Draw | GameResult::BlackWins
        ));
    }
    // The same command again: already there, nothing added.
    let o = run("2");
    assert!(o.status.success());
    assert_eq!(data::read_all(&out).unwrap().len(), records.len());
    // A higher target appends.
    let o = run("3");
    assert!(o.status.success());
    let more = data::read_all(&out).unwrap();
    assert_eq!(more.iter().filter(|r| r.game_start).count(), 3);
    assert_eq!(&more[..records.len()], &records[..]);
}

#[test]
fn datagen_and_train_refuse_bad_arguments_with_one_line() {
    let xq = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .output()
            .unwrap()
    };
    for args in [
        &["datagen", "--games", "2", "--out", "/nonexistent-dir/x.bin"][..],
        &["datagen", "--out", "x.bin"],
        &["datagen", "--games", "0", "--out", "x.bin"],
        &[
            "datagen", "--games", "2", "--nodes", "abc", "--out", "x.bin",
        ],
        &["train", "--out", "/tmp/x.nnue"],
        &[
            "train",
            "/nonexistent.bin",
            "--out",
            "/tmp/xq-test-never.nnue",
        ],
        &["train", "Cargo.toml", "--out", "/tmp/xq-test-never.nnue"],
        &["train", "x.bin", "--out", "/tmp/x.nnue", "--lambda", "2"],
        &[
            "train",
            "Cargo.toml",
            "--out",
            "/tmp/xq-test-never.nnue",
            "--init",
            "/nonexistent.nnue",
        ],
        &[
            "train",
            "Cargo.toml",
            "--out",
            "/tmp/xq-test-never.nnue",
            "--init",
            "Cargo.toml",
        ],
    ] {
        let o = xq(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}
