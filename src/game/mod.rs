//! The desktop game: Bevy 0.19, one plugin per file, in folders by role.
//!
//! * [`play`]: the game without its window — the session and turn flow,
//!   the AI and the hint (off the main thread), review, puzzles, autosave,
//!   records. It reads input *messages* ([`play::session::BoardInput`],
//!   [`play::session::GameCommand`], …) and writes output messages
//!   ([`play::session::BoardChanged`], [`play::session::SoundCue`], …), so
//!   it runs and is tested without a window, a GPU or audio.
//! * shared by both sides: [`i18n`] (every word), [`settings`] (the
//!   player's settings file) and [`notice`] (messages for the player).
//! * the views, which depend on the logic and never the other way:
//!   [`board`] (layout, surface, pieces, marks, arrows, the game-over card),
//!   [`panel`] (turn, players, move list, evaluation bar, puzzle card),
//!   [`screens`] (menu, puzzle list, saved games, editor), [`cards`] (the
//!   settings and engine cards over a screen),
//!   [`theme`] (palette, fonts, widgets), [`toast`], [`input`] (keyboard to
//!   messages), [`audio`], [`speech`] (spoken moves), [`embedded`] (the files inside the binary) and
//!   [`dev_tools`] (screenshots, frame statistics).
//!
//! Frame order inside `Update` is fixed once, here: [`GameSet`].

mod audio;
mod board;
mod cards;
mod desktop;
mod dev_tools;
mod embedded;
mod i18n;
mod input;
mod notice;
mod panel;
mod play;
mod screens;
mod settings;
mod speech;
mod theme;
mod toast;

#[cfg(test)]
mod tests;

pub use crate::store::players::Mode;
use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
pub use dev_tools::RunError;
use std::path::PathBuf;
use std::process::ExitCode;

/// What the binary asks the game to do (filled from the command line).
#[derive(Clone, Debug, Default)]
pub struct LaunchOptions {
    /// `None` opens the menu; `Some` starts a game directly.
    pub mode: Option<Mode>,
    /// Difficulty 1..=8 (out-of-range values are clamped).
    pub level: Option<u8>,
    /// Start position; an invalid FEN is reported and the game starts from the opening.
    pub fen: Option<String>,
    /// Save a screenshot here after `frames` frames, then exit.
    pub screenshot: Option<PathBuf>,
    /// Frames to run before the screenshot (0 = a sensible default).
    pub frames: u32,
    /// Print frame-time statistics on exit.
    pub diagnostics: bool,
    /// Window size in logical pixels.
    pub window_size: Option<(u32, u32)>,
    /// Open the game with the analysis on.
    pub analysis: bool,
    /// Open the game with the opening explorer shown.
    pub explorer: bool,
    /// Physical pixels per logical pixel, instead of the screen's (`--scale`).
    pub scale: Option<f32>,
    /// Open this PGN file and review it.
    pub review: Option<PathBuf>,
    /// With `review`: show the position after this many plies.
    pub review_ply: Option<usize>,
    /// Open the puzzle list.
    pub puzzles: bool,
    /// Open the tactics trainer's screen (`--tactics`).
    pub tactics: bool,
    /// With `tactics`: open the trainer's puzzle with this id (`--tactic`).
    pub tactic: Option<String>,
    /// Open the saved games.
    pub games: bool,
    /// Open the course's list of lessons (`--lessons`).
    pub lessons: bool,
    /// With `lessons`: open the lesson with this id (`--lesson 2.4`).
    pub lesson: Option<String>,
    /// Clocks for Red and Black (the menu's choice otherwise).
    pub clock: Option<(
        crate::rules::clock::TimeControl,
        crate::rules::clock::TimeControl,
    )>,
    /// A handicap start and the side that gives it.
    pub handicap: Option<(crate::rules::handicap::Handicap, crate::rules::Color)>,
    /// A record to open at start (any format the game reads).
    pub open: Option<PathBuf>,
    /// Open the position editor (on `fen`, valid or not, if given).
    pub editor: bool,
    /// Open the menu with the engine list's card open (`--engines`).
    pub engines: bool,
    /// Open with the settings card open (`--settings`, for screenshots).
    pub settings: bool,
    /// An engine of the command line as the computer side (`--engine`).
    pub engine: Option<crate::store::engines::EngineEntry>,
    /// An engine of the command line for the analysis (`--analysis-engine`).
    pub analysis_engine: Option<crate::store::engines::EngineEntry>,
}

/// Where the player is.
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Mode and difficulty choice.
    #[default]
    Menu,
    /// A game on the board.
    Playing,
    /// The puzzle (残局) list.
    Puzzles,
    /// The tactics trainer: puzzles from real games by rating, theme,
    /// streak or review (a puzzle is played on the board, in
    /// [`play::Play::Puzzle`]).
    Tactics,
    /// The saved games list.
    SavedGames,
    /// The position editor.
    Editor,
    /// The course "Learn to play": its chapters and lessons (a lesson is
    /// played on the board, in [`play::Play::Course`]).
    Course,
}

/// The order of the game's own systems in `Update`.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Keyboard and pointer become messages.
    Input,
    /// Commands and board clicks change the game.
    Rules,
    /// The AI: stale searches stopped, new ones started, answers collected.
    Ai,
    /// AI answers applied, turn state updated.
    Resolve,
    /// Animations advance.
    Animate,
    /// Sprites, markers and texts follow the state.
    Present,
}

/// Configures [`GameSet`] and adds the plugins that run without a window.
pub(crate) fn logic_plugins(app: &mut App) {
    app.configure_sets(
        Update,
        (
            GameSet::Input,
            GameSet::Rules,
            GameSet::Ai,
            GameSet::Resolve,
            GameSet::Animate,
            GameSet::Present,
        )
            .chain(),
    );
    app.init_state::<Screen>();
    app.add_plugins((notice::plugin, play::plugin, desktop::plugin));
}

/// The plugins that need a window, a renderer and input devices.
fn view_plugins(app: &mut App) {
    // The settings first: the others read them. (Not a logic plugin: the
    // logic tests must not read the player's real settings file.)
    app.add_plugins(settings::plugin);
    app.add_plugins((
        theme::plugin,
        board::plugin,
        panel::plugin,
        screens::plugin,
        cards::plugin,
        input::plugin,
        dev_tools::plugin,
        audio::plugin,
        speech::plugin,
        toast::plugin,
    ));
}

/// Where a point is drawn in a window of `size` logical pixels: its centre
/// (x right, y down from the top-left corner) and the distance between
/// points. For checking screenshots (CI).
pub fn point_in_window(
    size: (u32, u32),
    square: crate::rules::Square,
    flipped: bool,
) -> (Vec2, f32) {
    let size = Vec2::new(size.0 as f32, size.1 as f32);
    let layout = board::layout::BoardLayout::for_window(size);
    let world = layout.square_world(square, flipped);
    (
        Vec2::new(world.x + size.x / 2.0, size.y / 2.0 - world.y),
        layout.cell,
    )
}

/// The side panel's rectangle in a window of `size` logical pixels (x right, y down).
pub fn panel_in_window(size: (u32, u32)) -> Rect {
    board::layout::BoardLayout::for_window(Vec2::new(size.0 as f32, size.1 as f32)).panel
}

/// Runs the desktop game until the window closes.
///
/// # Errors
/// One line for the user when there is no display to open the window on,
/// or when `--screenshot` could not be saved.
pub fn run(opts: LaunchOptions) -> Result<ExitCode, RunError> {
    let started = std::time::Instant::now();
    dev_tools::check_display()?;
    let (w, h) = opts.window_size.unwrap_or((1280, 900));
    let (w, h) = (w.clamp(320, 8192), h.clamp(240, 8192));
    let mut resolution = WindowResolution::new(w, h);
    if let Some(scale) = opts.scale {
        // The size stays in logical pixels: the window has `scale` times as many.
        let px = |n: u32| (n as f32 * scale).round() as u32;
        resolution = WindowResolution::new(px(w), px(h)).with_scale_factor_override(scale);
    }
    let mut app = App::new();
    // Opening the display happens here (winit's event loop); its failure is
    // a panic inside Bevy, turned into an error for the user.
    dev_tools::without_panic_message(|| {
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "象棋 Xiangqi".into(),
                        // The Wayland app id and X11 class: the desktop
                        // entry's name and its StartupWMClass.
                        name: Some(crate::icon::APP_ID.into()),
                        resolution,
                        present_mode: PresentMode::AutoVsync,
                        ..default()
                    }),
                    ..default()
                })
                .set(bevy::log::LogPlugin {
                    // The text shaper's segmenter has no CJK dictionary and says
                    // so for every Chinese string; line breaking still works.
                    filter: format!("{},icu_provider=error", bevy::log::DEFAULT_FILTER),
                    ..default()
                }),
        );
    })
    .map_err(|why| dev_tools::no_window(&why))?;
    app.add_plugins(embedded::plugin);
    // A first start speaks the system's language (tests leave it out and
    // start in the default one).
    app.insert_resource(settings::SystemLanguage(
        crate::words::Language::from_environment(|name| std::env::var(name).ok()),
    ));
    logic_plugins(&mut app);
    view_plugins(&mut app);
    play::worker::search_at_idle_priority();
    let stats = dev_tools::configure(&mut app, &opts, started);
    play::session::configure_start(&mut app, &opts);
    if opts.analysis || opts.analysis_engine.is_some() {
        app.world_mut()
            .resource_mut::<play::analysis::Analysis>()
            .switch_on();
    }
    if opts.explorer {
        app.world_mut()
            .resource_mut::<play::explorer::Explorer>()
            .switch_on();
    }
    play::game_review::configure_launch(&mut app, &opts);
    play::editor::configure_launch(&mut app, &opts);
    play::course::configure_launch(&mut app, &opts);
    play::trainer::configure_launch(&mut app, &opts);
    cards::engines::configure_launch(&mut app, &opts);
    cards::settings::configure_launch(&mut app, &opts);

    let exit = app.run();
    dev_tools::report(&stats);
    if let Some(failure) = dev_tools::failure(&stats) {
        return Err(RunError::Run(failure));
    }
    Ok(match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    })
}
