//! The game's files inside the binary: the fonts and the sounds of
//! `assets/` are compiled in and served by Bevy's `embedded://` asset
//! source, so the game is complete wherever its binary is (an empty folder,
//! `cargo install`). `assets/` stays their source. Also the window icon,
//! drawn by [`crate::icon`].

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::path::{Path, PathBuf};

/// Every embedded file: its path under `embedded://` and its bytes.
const FILES: &[(&str, &[u8])] = &[
    (
        "fonts/pieces.otf",
        include_bytes!("../../assets/fonts/pieces.otf"),
    ),
    ("fonts/ui.otf", include_bytes!("../../assets/fonts/ui.otf")),
    (
        "sounds/capture.wav",
        include_bytes!("../../assets/sounds/capture.wav"),
    ),
    (
        "sounds/check.wav",
        include_bytes!("../../assets/sounds/check.wav"),
    ),
    (
        "sounds/draw.wav",
        include_bytes!("../../assets/sounds/draw.wav"),
    ),
    (
        "sounds/illegal.wav",
        include_bytes!("../../assets/sounds/illegal.wav"),
    ),
    (
        "sounds/lose.wav",
        include_bytes!("../../assets/sounds/lose.wav"),
    ),
    (
        "sounds/move.wav",
        include_bytes!("../../assets/sounds/move.wav"),
    ),
    (
        "sounds/select.wav",
        include_bytes!("../../assets/sounds/select.wav"),
    ),
    (
        "sounds/start.wav",
        include_bytes!("../../assets/sounds/start.wav"),
    ),
    (
        "sounds/win.wav",
        include_bytes!("../../assets/sounds/win.wav"),
    ),
    (
        "sounds/tick.wav",
        include_bytes!("../../assets/sounds/tick.wav"),
    ),
];

/// Side of the window icon in pixels.
const ICON_SIZE: u32 = 64;

/// Registers the embedded files (needs Bevy's `AssetPlugin`).
pub(super) fn plugin(app: &mut App) {
    let registry = app.world().resource::<EmbeddedAssetRegistry>();
    for (path, bytes) in FILES {
        registry.insert_asset(PathBuf::new(), Path::new(path), *bytes);
    }
    app.add_systems(Update, set_window_icon);
}

/// The asset path of an embedded file (`fonts/ui.otf` → `embedded://fonts/ui.otf`).
pub fn path(file: &str) -> String {
    debug_assert!(
        FILES.iter().any(|(p, _)| *p == file),
        "{file} is not embedded"
    );
    format!("embedded://{file}")
}

/// Gives the window its icon once the window exists (on the main thread,
/// where the windowing library keeps its windows).
fn set_window_icon(
    window: Query<Entity, With<PrimaryWindow>>,
    mut done: Local<bool>,
    _main_thread: NonSendMarker,
) {
    if *done || window.is_empty() {
        return;
    }
    let icon =
        match winit::window::Icon::from_rgba(crate::icon::rgba(ICON_SIZE), ICON_SIZE, ICON_SIZE) {
            Ok(icon) => icon,
            Err(e) => {
                warn!("no window icon: {e}");
                *done = true;
                return;
            }
        };
    bevy::winit::WINIT_WINDOWS.with_borrow(|windows| {
        for window in windows.windows.values() {
            window.set_window_icon(Some(icon.clone()));
            *done = true;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_font_and_sound_the_game_loads_is_embedded() {
        let sounds = crate::sound_synth::SOUNDS;
        for name in sounds {
            let file = format!("sounds/{name}.wav");
            assert!(FILES.iter().any(|(p, _)| *p == file), "{file}");
        }
        for file in ["fonts/pieces.otf", "fonts/ui.otf"] {
            assert!(FILES.iter().any(|(p, _)| *p == file), "{file}");
        }
        assert_eq!(FILES.len(), sounds.len() + 2, "nothing else");
    }
}
