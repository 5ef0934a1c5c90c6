//! `xiangqi replay --file` and `xiangqi render`, run as real processes:
//! a record in any format replays exactly as its PGN does, and the PNG and
//! GIF written are real images of the right size and frame count.

use std::path::PathBuf;
use std::process::{Command, Output};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn sample(name: &str) -> String {
    format!("{}/tests/data/records/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-records-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const SAMPLES: [&str; 6] = [
    "xqf/XQFEXAMA.XQF",
    "xqf/XQFEXAMB.XQF",
    "dhtmlxq-ubb-liuyongfu-zhangyongsheng.txt",
    "dpxq-text-liuyongfu-zhangyongsheng.txt",
    "playok-wxf.txt",
    "pgn-handicap-xu-yinchuan-nie-weiping-1999.pgn",
];

#[test]
fn replay_file_prints_what_replay_pgn_prints_for_the_same_game() {
    let dir = scratch("replay");
    for name in SAMPLES {
        let games = xiangqi::rules::records::import(&std::fs::read(sample(name)).unwrap()).unwrap();
        let pgn =
            xiangqi::rules::pgn::write_pgn(&games[0].to_pgn(), xiangqi::rules::Notation::Iccs);
        let pgn_path = dir.join("game.pgn");
        std::fs::write(&pgn_path, pgn).unwrap();
        let from_file = xiangqi(&["replay", "--file", &sample(name)]);
        let from_pgn = xiangqi(&["replay", "--pgn", pgn_path.to_str().unwrap()]);
        assert!(from_file.status.success(), "{name}: {}", stderr(&from_file));
        assert!(from_pgn.status.success(), "{name}: {}", stderr(&from_pgn));
        assert_eq!(stdout(&from_file), stdout(&from_pgn), "{name}");
        assert!(stdout(&from_file).lines().count() > 50, "{name}");
    }
}

#[test]
fn replay_file_errors_name_the_file_the_format_and_the_move() {
    let dir = scratch("errors");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "1. 炮二平五 马８进７\n2. 车一进十").unwrap();
    let o = xiangqi(&["replay", "--file", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        format!(
            "error: {}: move list: line 2, after move 1...: '车一进十' is not a move\n",
            bad.display()
        )
    );
    let o = xiangqi(&["replay", "--file", &sample("playok-wxf.txt"), "--game", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).ends_with("PlayOK WXF: game 2 asked for, but the file holds 1\n"),
        "{}",
        stderr(&o)
    );
    let o = xiangqi(&["replay", "--pgn", "a.pgn", "--file", "b.xqf"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn render_writes_a_png_of_a_position() {
    let dir = scratch("png");
    let out = dir.join("board.png");
    let fen = "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
    let o = xiangqi(&[
        "render",
        "--fen",
        fen,
        "--out",
        out.to_str().unwrap(),
        "--caption",
        "残局 1",
        "--flip",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("wrote {}\n", out.display()));
    let png = tiny_skia::Pixmap::load_png(&out).unwrap();
    let plain = dir.join("plain.png");
    let o = xiangqi(&["render", "--fen", fen, "--out", plain.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let plain = tiny_skia::Pixmap::load_png(&plain).unwrap();
    assert_eq!(png.width(), plain.width());
    assert!(png.height() > plain.height(), "the caption adds a band");
    assert_ne!(png.data(), plain.data());
}

#[test]
fn render_writes_an_animated_gif_of_a_game_and_a_png_of_its_end() {
    let dir = scratch("gif");
    let gif_path = dir.join("game.gif");
    let png_path = dir.join("end.png");
    let o = xiangqi(&[
        "render",
        "--file",
        &sample("playok-wxf.txt"),
        "--gif",
        gif_path.to_str().unwrap(),
        "--out",
        png_path.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(std::fs::File::open(&gif_path).unwrap())
        .unwrap();
    let (w, h) = (decoder.width(), decoder.height());
    let mut frames = 0;
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        frames += 1;
        delays.push(frame.delay);
        assert!(frame.left + frame.width <= w && frame.top + frame.height <= h);
    }
    // The start and one frame for each of the 55 plies.
    assert_eq!(frames, 56);
    assert_eq!(delays.last(), Some(&400));
    let png = tiny_skia::Pixmap::load_png(&png_path).unwrap();
    assert_eq!(
        (png.width(), png.height()),
        (u32::from(w), u32::from(h) - 48)
    );
}

#[test]
fn render_refuses_what_it_cannot_do() {
    let dir = scratch("refuse");
    let out = dir.join("x.png");
    let o = xiangqi(&["render", "--fen", "9/9/9", "--out", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: bad FEN: "), "{}", stderr(&o));
    let o = xiangqi(&["render", "--out", out.to_str().unwrap(), "--caption", "🙂"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("'🙂' is not in the board font"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists(), "nothing is written after an error");
    let o = xiangqi(&[
        "render",
        "--fen",
        "4k4/9/9/9/9/9/9/9/9/3K5",
        "--gif",
        "g.gif",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("<--pgn <PGN>|--file <FILE>>"),
        "{}",
        stderr(&o)
    );
    let o = xiangqi(&["render"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("<--out <PNG>|--gif <GIF>>"),
        "{}",
        stderr(&o)
    );
    let o = xiangqi(&["render", "--file", "x", "--game", "0", "--out", "a.png"]);
    assert!(
        stderr(&o).contains("games are counted from 1"),
        "{}",
        stderr(&o)
    );
    // A piece set or a theme that does not exist: named, with the ones that do.
    let path = out.to_str().unwrap();
    let o = xiangqi(&["render", "--out", path, "--pieces", "emoji"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("'emoji'") && e.contains("characters, pictograms and brush"),
        "{e}"
    );
    let o = xiangqi(&["render", "--out", path, "--theme", "neon"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("'neon'") && e.contains("wood, dark and paper"),
        "{e}"
    );
    assert!(!out.exists(), "nothing is written after an error");
}

#[test]
fn render_draws_each_piece_set_on_each_theme() {
    let dir = scratch("sets");
    let mut seen = Vec::new();
    for pieces in ["characters", "pictograms", "brush"] {
        for theme in ["wood", "dark", "paper"] {
            let out = dir.join(format!("{pieces}-{theme}.png"));
            let o = xiangqi(&[
                "render",
                "--pieces",
                pieces,
                "--theme",
                theme,
                "--out",
                out.to_str().unwrap(),
            ]);
            assert!(o.status.success(), "{pieces} {theme}: {}", stderr(&o));
            let png = tiny_skia::Pixmap::load_png(&out).unwrap();
            assert!(!seen.contains(&png.data().to_vec()), "{pieces} {theme}");
            seen.push(png.data().to_vec());
        }
    }
}
