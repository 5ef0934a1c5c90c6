//! The real game under a display: open a mid-game position, save a
//! screenshot after a few frames, and check it is not blank and that the
//! board, the pieces and the panel are drawn where and in the colours they
//! should be. Then the same from a copy of the binary alone in an empty
//! folder: the fonts and sounds are inside it. It uses the display in
//! `DISPLAY` if there is one, and otherwise starts the game under
//! `xvfb-run` (the README's test command installs it). And once more on
//! Wayland, natively, under weston's headless backend.
//!
//! The binary is the one cargo built for these tests: the dev build under
//! `cargo test`, the release build under `cargo test --release`.
#![cfg(feature = "gui")]

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, Image, ImageSampler, ImageType};
use bevy::prelude::*;
use std::process::Command;
use xiangqi::game::{panel_in_window, point_in_window};
use xiangqi::rules::{Color as Side, Position, Square};

/// After 炮二平五 马８进７ 马二进三 车９平８ and a few more: pieces of both
/// colours in the middle of the board.
const MIDGAME: &str = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 5";

fn srgb(c: Color) -> Vec3 {
    let s = c.to_srgba();
    Vec3::new(s.red, s.green, s.blue)
}

fn run_game(size: (u32, u32), path: &std::path::Path) {
    run_binary(
        std::path::Path::new(env!("CARGO_BIN_EXE_xiangqi")),
        None,
        size,
        path,
    );
}

/// Runs `game` on the mid-game position (from `dir` if given, with no
/// trace of the source tree in its environment) and saves a screenshot.
fn run_binary(
    game: &std::path::Path,
    dir: Option<&std::path::Path>,
    size: (u32, u32),
    path: &std::path::Path,
) {
    let mut cmd = if std::env::var_os("DISPLAY").is_some() {
        Command::new(game)
    } else {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x1024x24"]).arg(game);
        c
    };
    // X11 here, even on a Wayland session (the Wayland test is its own).
    cmd.env_remove("WAYLAND_DISPLAY");
    if let Some(dir) = dir {
        cmd.current_dir(dir);
        for (name, _) in std::env::vars_os() {
            let name = name.to_string_lossy().into_owned();
            if name.starts_with("CARGO") || name == "BEVY_ASSET_ROOT" {
                cmd.env_remove(name);
            }
        }
    }
    // Settings and autosave go to a scratch folder, never the user's.
    let home = std::env::temp_dir().join(format!(
        "xiangqi-shot-home-{}-{}",
        std::process::id(),
        path.file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
    ));
    let status = cmd
        .env("XIANGQI_HOME", &home)
        .args(["play", "--mode", "hotseat", "--fen", MIDGAME])
        .args(["--size", &format!("{}x{}", size.0, size.1)])
        .arg("--screenshot")
        .arg(path)
        .args(["--frames", "20"])
        .status()
        .expect(
            "the game starts (without a DISPLAY this needs xvfb-run: apt-get install xvfb xauth)",
        );
    let _ = std::fs::remove_dir_all(&home);
    assert!(status.success(), "the game exits cleanly: {status}");
}

fn load(path: &std::path::Path) -> Image {
    let bytes = std::fs::read(path).expect("the screenshot was written");
    Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::MAIN_WORLD,
    )
    .expect("a PNG")
}

/// Colours in a square of `r` pixels around `p`.
fn around(img: &Image, p: Vec2, r: f32) -> Vec<Vec3> {
    let mut out = Vec::new();
    let r = r as i32;
    for dy in -r..=r {
        for dx in -r..=r {
            let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
            if x >= 0
                && y >= 0
                && let Ok(c) = img.get_color_at(x as u32, y as u32)
            {
                out.push(srgb(c));
            }
        }
    }
    out
}

#[test]
fn the_game_draws_board_pieces_and_panel_where_they_belong() {
    let size = (1000, 720);
    let path = std::env::temp_dir().join(format!("xiangqi-shot-{}.png", std::process::id()));
    run_game(size, &path);
    let img = load(&path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        (img.width(), img.height()),
        size,
        "screenshot of the whole window"
    );

    // Not blank: many different colours.
    let all = around(&img, Vec2::new(500.0, 360.0), 300.0);
    let mean = all.iter().sum::<Vec3>() / all.len() as f32;
    let var = all
        .iter()
        .map(|c| (*c - mean).length_squared())
        .sum::<f32>()
        / all.len() as f32;
    assert!(
        var > 0.01,
        "the screenshot is nearly uniform (variance {var})"
    );

    let pos = Position::from_fen(MIDGAME).expect("fen");
    let warm_wood = |c: &Vec3| c.x > 0.6 && c.x > c.y && c.y > c.z;
    for sq in Square::all() {
        let (p, cell) = point_in_window(size, sq, false);
        match pos.piece_at(sq) {
            None => {
                // Between the lines near an empty point (clear of the
                // diagonals, the corner marks and the frame): wood.
                let q = p + Vec2::new(cell * 0.35, cell * 0.12);
                let wood = around(&img, q, 2.0);
                assert!(
                    wood.iter().all(warm_wood),
                    "wood near empty {sq}: {:?}",
                    wood[0]
                );
            }
            Some(piece) => {
                // The face is ivory; the engraving has the side's ink.
                let face = around(&img, p + Vec2::new(cell * 0.37, 0.0), 1.0);
                assert!(
                    face.iter().any(|c| c.x > 0.85 && c.y > 0.75 && c.z > 0.55),
                    "piece face at {sq}: {:?}",
                    face[0]
                );
                let glyph = around(&img, p, cell * 0.18);
                let inked = match piece.color {
                    Side::Red => glyph.iter().any(|c| c.x > 0.5 && c.y < 0.3 && c.z < 0.3),
                    Side::Black => glyph.iter().any(|c| c.x < 0.25 && c.y < 0.25 && c.z < 0.25),
                };
                assert!(inked, "{:?} ink on the piece at {sq}", piece.color);
            }
        }
    }

    // The panel is dark brown, not wood (sampled in its padding, clear of text).
    let panel = panel_in_window(size);
    let c = around(&img, Vec2::new(panel.min.x + 7.0, panel.center().y), 2.0);
    assert!(
        c.iter().all(|c| c.x < 0.35 && c.x >= c.z),
        "panel colour {:?}",
        c[0]
    );
}

/// Pixels of the text colour (light, warm) in `rect`.
fn light_pixels(img: &Image, rect: Rect) -> usize {
    let mut n = 0;
    for y in rect.min.y as u32..rect.max.y as u32 {
        for x in rect.min.x as u32..rect.max.x as u32 {
            if let Ok(c) = img.get_color_at(x, y) {
                let c = srgb(c);
                if c.x > 0.75 && c.y > 0.7 && c.z > 0.6 {
                    n += 1;
                }
            }
        }
    }
    n
}

#[test]
fn the_binary_alone_in_an_empty_folder_draws_piece_glyphs_and_panel_text() {
    let scratch = std::env::temp_dir().join(format!("xiangqi-alone-{}", std::process::id()));
    let dir = scratch.join("empty");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let game = dir.join("xiangqi");
    std::fs::copy(env!("CARGO_BIN_EXE_xiangqi"), &game).expect("the binary is copied");
    let size = (1000, 720);
    let path = scratch.join("alone.png");
    run_binary(&game, Some(&dir), size, &path);
    let img = load(&path);
    let left: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    let _ = std::fs::remove_dir_all(&scratch);
    assert_eq!(left, ["xiangqi"], "the game wrote nothing beside itself");
    assert_characters_and_words(&img, size);
}

/// Every piece of the mid-game position has its character, and the panel
/// its words.
fn assert_characters_and_words(img: &Image, size: (u32, u32)) {
    // Every piece has its character: the side's ink in the middle of the face.
    let pos = Position::from_fen(MIDGAME).expect("fen");
    for sq in Square::all() {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let (p, cell) = point_in_window(size, sq, false);
        let glyph = around(img, p, cell * 0.18);
        let inked = match piece.color {
            Side::Red => glyph.iter().any(|c| c.x > 0.5 && c.y < 0.3 && c.z < 0.3),
            Side::Black => glyph.iter().any(|c| c.x < 0.25 && c.y < 0.25 && c.z < 0.25),
        };
        assert!(inked, "no character on the piece at {sq}");
    }

    // The panel has its words: many pixels of the light text colour (its
    // only light shape without text is the 16-pixel turn dot's ring).
    let light = light_pixels(img, panel_in_window(size));
    assert!(light > 1500, "the panel has no text ({light} light pixels)");
}

/// On a Wayland session the window opens natively, without XWayland: the
/// game under weston's headless backend (the README's test command
/// installs weston) draws the position with its characters and words.
#[test]
fn the_game_opens_natively_under_wayland() {
    use std::os::unix::fs::PermissionsExt;
    let scratch = std::env::temp_dir().join(format!("xiangqi-wayland-{}", std::process::id()));
    let runtime = scratch.join("runtime");
    std::fs::create_dir_all(&runtime).expect("a runtime folder");
    std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    let socket = "xiangqi-test-0";
    let mut weston = Command::new("weston")
        .args(["--backend=headless-backend.so", "--idle-time=0"])
        .args(["--width=1280", "--height=1024"])
        .arg(format!("--socket={socket}"))
        .env("XDG_RUNTIME_DIR", &runtime)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("weston starts (apt-get install weston: the README's test command installs it)");
    let t0 = std::time::Instant::now();
    while !runtime.join(socket).exists() {
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(20),
            "weston's socket never appeared"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let size = (1000, 720);
    let path = scratch.join("wayland.png");
    let status = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .env_remove("DISPLAY")
        .env("WAYLAND_DISPLAY", socket)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("XIANGQI_HOME", scratch.join("home"))
        .args(["play", "--mode", "hotseat", "--fen", MIDGAME])
        .args(["--size", &format!("{}x{}", size.0, size.1)])
        .arg("--screenshot")
        .arg(&path)
        .args(["--frames", "20"])
        .status()
        .expect("the game starts");
    let _ = weston.kill();
    let _ = weston.wait();
    assert!(
        status.success(),
        "the game exits cleanly under Wayland: {status}"
    );
    let img = load(&path);
    let _ = std::fs::remove_dir_all(&scratch);
    assert_characters_and_words(&img, size);
}

/// Runs the game with `args` in a window of `size`, its files under `home`,
/// and saves a screenshot to `path` after `frames` frames.
fn shoot(
    args: &[&str],
    home: &std::path::Path,
    size: (u32, u32),
    frames: u32,
    path: &std::path::Path,
) {
    let game = std::path::Path::new(env!("CARGO_BIN_EXE_xiangqi"));
    let mut cmd = if std::env::var_os("DISPLAY").is_some() {
        Command::new(game)
    } else {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x1024x24"]).arg(game);
        c
    };
    let status = cmd
        .env_remove("WAYLAND_DISPLAY")
        .env("XIANGQI_HOME", home)
        .arg("play")
        .args(args)
        .args(["--size", &format!("{}x{}", size.0, size.1)])
        .arg("--screenshot")
        .arg(path)
        .args(["--frames", &frames.to_string()])
        .status()
        .expect("the game starts (without a DISPLAY this needs xvfb-run)");
    assert!(status.success(), "the game exits cleanly: {status}");
}

/// A scratch folder for one test's files, emptied first.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xiangqi-shot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The tallest run, in pixels, of the move list's shade (a little darker
/// than the panel, which is read at the panel's edge) in the column `x`
/// of the panel `panel`.
fn shade_run(img: &Image, panel: Rect, x: u32) -> u32 {
    let edge = panel.min.x as u32 + 5;
    let (mut best, mut run) = (0, 0);
    for y in panel.min.y as u32 + 2..panel.max.y as u32 - 2 {
        let (Ok(c), Ok(bg)) = (img.get_color_at(x, y), img.get_color_at(edge, y)) else {
            continue;
        };
        let d = srgb(bg) - srgb(c);
        let shade = [d.x, d.y, d.z]
            .iter()
            .all(|d| (1.5 / 255.0..=14.0 / 255.0).contains(d));
        run = if shade { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// The review of `record`'s game as the game stores it, under `home`
/// (every move scored even, the first legal move the better one), so the
/// game shows it at once instead of reviewing.
fn store_a_review(home: &std::path::Path, record: &std::path::Path) {
    use xiangqi::engine::review::{PositionReview, review_with};
    let opened = xiangqi::store::record::open_first(record).expect("the record opens");
    let start = *opened.game.start();
    let moves = opened.game.all_moves().to_vec();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let review = review_with(&start, &moves, &stop, &mut |_, _| {}, &mut |pos, _| {
        let best = pos
            .legal_moves()
            .first()
            .copied()
            .unwrap_or(xiangqi::rules::Move::NULL);
        Ok::<_, std::convert::Infallible>(PositionReview {
            score: xiangqi::engine::Score::Cp(0),
            best,
            line: vec![best],
            depth: 1,
        })
    })
    .expect("the game is reviewed");
    let dir = xiangqi::store::Paths::under(home).reviews_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let effort = xiangqi::store::reviews::Effort::Thorough;
    xiangqi::store::reviews::save(&dir, &start, &moves, effort, &review).expect("stored");
}

/// F28: reviewing a record at 800×600, the move list keeps at least six
/// rows between the review's card and its buttons (the card scrolls).
#[test]
fn a_review_at_800x600_keeps_six_rows_of_moves() {
    let size = (800, 600);
    let home = scratch("review-800");
    let record =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn/ccgc-01.pgn");
    store_a_review(&home, &record);
    let path = home.join("review.png");
    let review = record.to_str().unwrap();
    shoot(&["--review", review], &home, size, 40, &path);
    let img = load(&path);
    let panel = panel_in_window(size);
    // Inside the move box, left of its rows' numbers.
    let run = shade_run(&img, panel, panel.min.x as u32 + 16);
    let _ = std::fs::remove_dir_all(&home);
    assert!(
        run >= 6 * 22,
        "the move list is {run} px high: fewer than six rows"
    );
}

/// F29: during a lesson the panel under the lesson's card is no empty
/// field (the card takes the room, with the lesson's outline).
#[test]
fn a_lesson_leaves_no_empty_field_in_the_panel() {
    let size = (1280, 900);
    let home = scratch("lesson-1280");
    let path = home.join("lesson.png");
    shoot(&["--lessons", "--lesson", "2.4"], &home, size, 40, &path);
    let img = load(&path);
    let panel = panel_in_window(size);
    let run = shade_run(&img, panel, panel.center().x as u32);
    let _ = std::fs::remove_dir_all(&home);
    assert!(
        (run as f32) < panel.height() / 4.0,
        "an empty field {run} px high under the lesson's card"
    );
}
