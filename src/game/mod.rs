//! The desktop game: Bevy 0.19, one plugin per file.
//!
//! The plugins split in two groups so the game logic can be tested without a
//! window, a GPU or audio:
//!
//! * logic ([`logic_plugins`]): [`session`] (the game record, selection, turn
//!   flow, undo/redo) and [`ai`] (the off-thread search). They read input
//!   *messages* ([`session::BoardInput`], [`session::GameCommand`]) and write
//!   output messages ([`session::BoardChanged`], [`session::SoundCue`], …).
//! * presentation ([`view_plugins`]): window layout, the drawn board and
//!   pieces, animations, the side panel, menu, overlays, keyboard shortcuts,
//!   and the start-up flags (screenshot, diagnostics). They turn pointer and
//!   keyboard input into the logic's messages and draw what the logic says.
//!
//! Frame order inside `Update` is fixed once, here: [`GameSet`].

mod ai;
mod board;
mod i18n;
mod launch;
mod layout;
mod menu;
mod overlay;
mod panel;
mod pieces;
mod session;
mod shortcuts;
mod theme;

#[cfg(test)]
mod tests;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use std::path::PathBuf;
use std::process::ExitCode;

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// The human plays Red against the AI.
    #[default]
    Red,
    /// The human plays Black against the AI (the AI opens; the board is turned).
    Black,
    /// Two humans on one computer.
    Hotseat,
    /// The AI plays itself.
    AiVsAi,
}

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
}

/// Where the player is.
#[derive(States, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Mode and difficulty choice.
    #[default]
    Menu,
    /// A game on the board.
    Playing,
}

/// Whose move it is while [`Screen::Playing`].
#[derive(SubStates, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
pub enum Turn {
    /// A human may move (selection and board input active).
    #[default]
    Human,
    /// The AI is to move (thinking, or pausing between moves).
    Ai,
    /// The game has ended.
    Over,
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
    app.add_plugins((i18n::plugin, session::plugin, ai::plugin));
}

/// The plugins that need a window, a renderer and input devices.
fn view_plugins(app: &mut App) {
    app.add_plugins((
        theme::plugin,
        layout::plugin,
        board::plugin,
        pieces::plugin,
        panel::plugin,
        menu::plugin,
        overlay::plugin,
        shortcuts::plugin,
        launch::plugin,
    ));
}

/// Runs the desktop game until the window closes.
pub fn run(opts: LaunchOptions) -> ExitCode {
    let (w, h) = opts.window_size.unwrap_or((1280, 900));
    let (w, h) = (w.clamp(320, 8192), h.clamp(240, 8192));
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "象棋 Xiangqi".into(),
                    resolution: WindowResolution::new(w, h),
                    present_mode: PresentMode::AutoVsync,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: launch::asset_root(),
                ..default()
            }),
    );
    logic_plugins(&mut app);
    view_plugins(&mut app);
    let stats = launch::configure(&mut app, &opts);
    session::configure_start(&mut app, &opts);

    let exit = app.run();
    launch::report(&stats);
    match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
