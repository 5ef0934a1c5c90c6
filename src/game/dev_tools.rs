//! Start-up flags for players and tests: `--screenshot PATH --frames N`
//! saves a screenshot after N frames and exits; `--diagnostics` records
//! frame times (separately while the AI thinks and while it does not) and
//! prints median, 95th percentile and maximum on exit. F12 saves a
//! screenshot in the current directory.

use crate::game::LaunchOptions;
use crate::game::play::ai::AiState;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub(super) fn plugin(app: &mut App) {
    // The flags' systems are added by `configure`; F12 is always there, read
    // before any screen (the settings card takes every other key) sees the keys.
    app.add_systems(PreUpdate, screenshot_key.after(bevy::input::InputSystems));
}

/// F12 saves `xiangqi-N.png` in the current directory.
pub(crate) fn screenshot_key(
    keys: Res<ButtonInput<KeyCode>>,
    mut commands: Commands,
    mut n: Local<u32>,
) {
    if !keys.just_pressed(KeyCode::F12) {
        return;
    }
    let mut path;
    loop {
        *n += 1;
        path = PathBuf::from(format!("xiangqi-{}.png", *n));
        if !path.exists() {
            break;
        }
    }
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
}

/// Frames to wait before a screenshot when `--frames` is 0.
const DEFAULT_FRAMES: u32 = 30;
/// Start-up frames left out of the statistics (shader compilation, loading).
const WARMUP_FRAMES: u32 = 10;

/// Frame times in milliseconds, and how long the first frame took to show.
#[derive(Default, Debug)]
pub struct FrameStats {
    enabled: bool,
    idle: Vec<f32>,
    thinking: Vec<f32>,
    started: Option<std::time::Instant>,
    first_frame_ms: Option<f32>,
    /// Peak resident memory when `--screenshot` asked for its capture, which
    /// itself needs a few copies of the frame.
    peak_before_screenshot_kb: Option<u64>,
    /// Why the run failed (the screenshot could not be saved), for the exit.
    failure: Option<String>,
}

#[derive(Resource, Clone)]
struct SharedStats(Arc<Mutex<FrameStats>>);

#[derive(Resource)]
struct ScreenshotPlan {
    /// Where the failure is reported.
    stats: Arc<Mutex<FrameStats>>,
    path: PathBuf,
    partial: PathBuf,
    frames: u32,
    counted: u32,
    requested: bool,
    captured: bool,
}

/// Adds the systems the flags ask for; the returned stats are printed by [`report`].
pub(crate) fn configure(
    app: &mut App,
    opts: &LaunchOptions,
    started: std::time::Instant,
) -> Arc<Mutex<FrameStats>> {
    let stats = Arc::new(Mutex::new(FrameStats {
        enabled: opts.diagnostics,
        started: Some(started),
        ..default()
    }));
    if opts.diagnostics {
        app.insert_resource(SharedStats(stats.clone()))
            .add_systems(Last, record_frame);
    }
    if let Some(path) = &opts.screenshot {
        let partial = path.with_extension("partial.png");
        app.insert_resource(ScreenshotPlan {
            stats: stats.clone(),
            path: path.clone(),
            partial,
            frames: if opts.frames == 0 {
                DEFAULT_FRAMES
            } else {
                opts.frames
            },
            counted: 0,
            requested: false,
            captured: false,
        })
        .add_systems(Last, take_screenshot);
    }
    stats
}

fn record_frame(
    time: Res<Time<Real>>,
    ai: Res<AiState>,
    stats: Res<SharedStats>,
    mut frame: Local<u32>,
) {
    *frame += 1;
    if *frame == 2
        && let Ok(mut s) = stats.0.lock()
    {
        // The second frame: the first one has been presented.
        s.first_frame_ms = s.started.map(|t| t.elapsed().as_secs_f32() * 1000.0);
    }
    if *frame <= WARMUP_FRAMES {
        return;
    }
    let ms = time.delta_secs() * 1000.0;
    if let Ok(mut s) = stats.0.lock() {
        if ai.thinking() {
            s.thinking.push(ms);
        } else {
            s.idle.push(ms);
        }
    }
}

fn take_screenshot(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    mut exit: MessageWriter<AppExit>,
    stats: Option<Res<SharedStats>>,
) {
    if plan.captured {
        match std::fs::rename(&plan.partial, &plan.path) {
            Ok(()) => {
                info!("screenshot saved to {}", plan.path.display());
                exit.write(AppExit::Success);
            }
            Err(e) => {
                let _ = std::fs::remove_file(&plan.partial);
                let why = format!(
                    "could not save the screenshot to {}: {e}",
                    plan.path.display()
                );
                if let Ok(mut s) = plan.stats.lock() {
                    s.failure = Some(why);
                }
                exit.write(AppExit::from_code(2));
            }
        }
        plan.captured = false;
        return;
    }
    plan.counted += 1;
    if !plan.requested && plan.counted >= plan.frames {
        plan.requested = true;
        if let Some(stats) = stats
            && let Ok(mut s) = stats.0.lock()
        {
            s.peak_before_screenshot_kb = peak_rss_kb();
        }
        let mut save = save_to_disk(plan.partial.clone());
        commands.spawn(Screenshot::primary_window()).observe(
            move |captured: On<ScreenshotCaptured>, mut plan: ResMut<ScreenshotPlan>| {
                save(captured);
                plan.captured = true;
            },
        );
    }
}

fn summary(name: &str, v: &[f32]) -> String {
    if v.is_empty() {
        return format!("{name}: no frames");
    }
    let mut s = v.to_vec();
    s.sort_by(f32::total_cmp);
    let pick = |q: f32| s[((s.len() - 1) as f32 * q).round() as usize];
    format!(
        "{name}: {} frames, median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        s.len(),
        pick(0.5),
        pick(0.95),
        s[s.len() - 1]
    )
}

/// Why the run failed, if it did (printed as the `error:` line).
pub(crate) fn failure(stats: &Arc<Mutex<FrameStats>>) -> Option<String> {
    stats.lock().ok().and_then(|s| s.failure.clone())
}

/// Why the game did not run to its end.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// No display at all.
    #[error("no display: neither WAYLAND_DISPLAY nor DISPLAY is set; the game needs a window")]
    NoDisplay,
    /// The windowing library could not open the window.
    #[error("cannot open the game window on display '{display}': {reason}")]
    NoWindow {
        /// `WAYLAND_DISPLAY` when it is set (the window opens there), else `DISPLAY`.
        display: String,
        /// What the windowing library said.
        reason: String,
    },
    /// The run itself failed (a screenshot that could not be saved, a
    /// frame budget missed): the dev tools' words.
    #[error("{0}")]
    Run(String),
}

/// A panic's message, caught.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Panicked(pub String);

/// Refuses to start without a display: the window opens natively on a
/// Wayland session (`WAYLAND_DISPLAY`) and under X11 (`DISPLAY`).
pub(crate) fn check_display() -> Result<(), RunError> {
    if !cfg!(target_os = "linux") {
        return Ok(());
    }
    if set("WAYLAND_DISPLAY") || set("DISPLAY") {
        Ok(())
    } else {
        Err(RunError::NoDisplay)
    }
}

/// Is the environment variable set to something?
fn set(name: &str) -> bool {
    std::env::var_os(name).is_some_and(|v| !v.is_empty())
}

/// The error when the window could not be opened; `why` is the panic
/// message from the windowing library.
pub(crate) fn no_window(why: &Panicked) -> RunError {
    let display = if set("WAYLAND_DISPLAY") {
        std::env::var("WAYLAND_DISPLAY").unwrap_or_default()
    } else {
        std::env::var("DISPLAY").unwrap_or_default()
    };
    let why = why.0.as_str();
    let reason = if why.contains("XOpenDisplayFailed") {
        "cannot connect to the X server".to_string()
    } else {
        why.lines().next().unwrap_or(why).to_string()
    };
    RunError::NoWindow { display, reason }
}

/// Runs `f`; a panic inside it becomes its message instead of the usual
/// "thread 'main' panicked" text and backtrace on stderr.
pub(crate) fn without_panic_message(f: impl FnOnce()) -> Result<(), Panicked> {
    let message = Arc::new(Mutex::new(None::<String>));
    let seen = message.clone();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload_as_str()
            .map_or_else(|| "unknown error".to_string(), str::to_string);
        if let Ok(mut m) = seen.lock() {
            m.get_or_insert(text);
        }
    }));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(previous);
    result.map_err(|_| {
        Panicked(
            message
                .lock()
                .ok()
                .and_then(|mut m| m.take())
                .unwrap_or_else(|| "unknown error".into()),
        )
    })
}

/// Prints the frame-time statistics if `--diagnostics` was given.
pub(crate) fn report(stats: &Arc<Mutex<FrameStats>>) {
    let Ok(s) = stats.lock() else {
        return;
    };
    if !s.enabled {
        return;
    }
    if let Some(ms) = s.first_frame_ms {
        println!("first frame shown {ms:.0} ms after start");
    }
    println!("frame times");
    println!("  {}", summary("idle    ", &s.idle));
    println!("  {}", summary("thinking", &s.thinking));
    let mb = |kb: u64| kb as f64 / 1024.0;
    match (peak_rss_kb(), s.peak_before_screenshot_kb) {
        (Some(kb), Some(before)) => println!(
            "peak memory (RSS) {:.0} MB, {:.0} MB before the screenshot",
            mb(kb),
            mb(before)
        ),
        (Some(kb), None) => println!("peak memory (RSS) {:.0} MB", mb(kb)),
        _ => {}
    }
}

/// Peak resident memory from /proc (Linux); `None` elsewhere.
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
