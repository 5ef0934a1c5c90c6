//! The game without a display to open its window on: one `error:` line and
//! exit code 2, never a panic from the windowing library.
#![cfg(feature = "gui")]

use std::process::{Command, Output};

fn play(env: &[(&str, Option<&str>)]) -> Output {
    let home = std::env::temp_dir().join(format!("xiangqi-nodisplay-{}", std::process::id()));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
    cmd.arg("play").env("XIANGQI_HOME", &home);
    for (name, value) in env {
        match value {
            Some(v) => cmd.env(name, v),
            None => cmd.env_remove(name),
        };
    }
    let o = cmd.output().expect("the binary runs");
    let _ = std::fs::remove_dir_all(&home);
    o
}

fn check(o: &Output, start: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let errors: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{err}");
    assert!(errors[0].starts_with(start), "{err}");
    assert_eq!(
        err.lines().last(),
        Some(errors[0]),
        "the error line comes last: {err}"
    );
}

#[test]
fn a_display_that_is_not_there_is_an_error_line() {
    // Nothing listens on display :55 (the tests' Xvfb, if any, is elsewhere).
    assert!(!std::path::Path::new("/tmp/.X11-unix/X55").exists());
    let o = play(&[("DISPLAY", Some(":55")), ("WAYLAND_DISPLAY", None)]);
    check(
        &o,
        "error: cannot open the game window on display ':55': cannot connect to the X server",
    );
}

#[test]
fn no_display_at_all_is_an_error_line() {
    for env in [
        [("DISPLAY", None), ("WAYLAND_DISPLAY", None)],
        [("DISPLAY", Some("")), ("WAYLAND_DISPLAY", None)],
    ] {
        check(
            &play(&env),
            "error: no display: neither WAYLAND_DISPLAY nor DISPLAY is set",
        );
    }
    // A Wayland display is tried natively: one that is not there is named.
    let o = play(&[
        ("DISPLAY", None),
        ("WAYLAND_DISPLAY", Some("bogus-wayland-0")),
    ]);
    check(
        &o,
        "error: cannot open the game window on display 'bogus-wayland-0'",
    );
}
