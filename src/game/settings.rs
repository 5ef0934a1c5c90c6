//! The player's settings as a Bevy resource: loaded once at start-up from
//! the settings file ([`crate::store::Settings`]) and saved (atomically) in
//! the frame after any change. The interface language is the language
//! setting: views read it through [`CurrentLang`].
//!
//! A broken file never stops the game: the defaults (or the fields that were
//! valid) are used, the problem is kept in [`SettingsFile`] for the settings
//! card and posted as a [`Notice`]. Nothing is written until the player changes a setting.
//!
//! A first start, with no settings file yet, takes the language of the
//! system's locale ([`SystemLanguage`]).
//!
//! Tests point the plugin at a temporary folder by inserting [`StorePaths`]
//! before adding it; the game uses [`Paths::from_env`] (`XIANGQI_HOME` or
//! the platform directories).

use crate::game::GameSet;
use crate::game::i18n::{Lang, Phrase};
use crate::game::notice::Notice;
use crate::rules::Charset;
use crate::store::{Paths, Settings};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::ops::Deref;

pub(super) fn plugin(app: &mut App) {
    let paths = app
        .world_mut()
        .get_resource_or_insert_with(|| StorePaths(Paths::from_env()))
        .clone();
    let system = app
        .world()
        .get_resource::<SystemLanguage>()
        .and_then(|l| l.0);
    let (settings, warning) = match &paths.0 {
        Some(p) if p.settings_file().exists() => Settings::load(&p.settings_file()),
        _ => (Settings::first_start(system), None),
    };
    app.insert_resource(SavedSettings(settings.clone()))
        .insert_resource(UserSettings(settings))
        .insert_resource(SettingsFile {
            problem: warning.map(|w| Problem::Broken(w.to_string())),
        })
        .add_systems(Update, announce_problem.in_set(GameSet::Present))
        .add_systems(Last, save_changes);
}

/// The language of the system's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`),
/// which a first start — no settings file yet — speaks. The game inserts
/// it before the plugins; without it (the tests) a first start speaks the
/// default language.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SystemLanguage(pub Option<Lang>);

/// Where the game keeps its files (`None`: nowhere, nothing is saved).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct StorePaths(pub Option<Paths>);

/// The settings in force. Change them through this resource; the file
/// follows.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Deref, DerefMut)]
pub struct UserSettings(pub Settings);

impl UserSettings {
    /// Characters on the pieces.
    pub fn charset(&self) -> Charset {
        self.piece_chars
    }

    /// Multiplier for the pieces' glide time (0: no animation).
    pub fn glide_factor(&self) -> f32 {
        self.animation_speed.duration_factor()
    }

    /// The interface language.
    pub fn lang(&self) -> Lang {
        self.language
    }

    /// Switches the interface language to the next one (the menu's
    /// language button cycles through the four).
    pub fn toggle_language(&mut self) {
        self.language = self.lang().toggled();
    }
}

/// The interface language, read from the language setting where it lives
/// ([`UserSettings`]); the default language where there are no settings
/// (the logic-only tests run without the settings plugin).
///
/// It dereferences to the [`Lang`], as `Res<Lang>` did when the language was a resource of its own; `is_changed` is the
/// settings' (a change of any setting refreshes the texts that follow the
/// language, which then find nothing to change).
#[derive(SystemParam)]
pub struct CurrentLang<'w> {
    settings: Option<Res<'w, UserSettings>>,
}

impl CurrentLang<'_> {
    /// Have the settings (so maybe the language) changed since the system
    /// last ran?
    pub fn is_changed(&self) -> bool {
        self.settings.as_ref().is_some_and(|s| s.is_changed())
    }
}

impl Deref for CurrentLang<'_> {
    type Target = Lang;

    fn deref(&self) -> &Lang {
        // `Lang::default()`, which is not a constant.
        const NO_SETTINGS: Lang = Lang::Zh;
        self.settings.as_ref().map_or(&NO_SETTINGS, |s| &s.language)
    }
}

/// What is in the file (to save only real changes).
#[derive(Resource)]
struct SavedSettings(Settings);

/// The state of the settings file: a problem with it, for the player to see
/// (in a notice when it appears, and on the settings card while it lasts).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsFile {
    /// `None` when all is well.
    pub problem: Option<Problem>,
}

/// What went wrong with the settings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file could not be read as it was (details: file, line, column).
    Broken(String),
    /// Saving failed (the OS error).
    NotSaved(String),
}

/// Writes the settings when they differ from what was last saved.
fn save_changes(
    settings: Res<UserSettings>,
    paths: Res<StorePaths>,
    mut saved: ResMut<SavedSettings>,
    mut file_state: ResMut<SettingsFile>,
) {
    if !settings.is_changed() || settings.0 == saved.0 {
        return;
    }
    saved.0 = settings.0.clone();
    let Some(paths) = &paths.0 else {
        return;
    };
    let file = paths.settings_file();
    match settings.save(&file) {
        Ok(()) => {
            debug!("settings saved to {}", file.display());
            // The file is whole again.
            if file_state.problem.is_some() {
                file_state.problem = None;
            }
        }
        Err(e) => {
            file_state.problem = Some(Problem::NotSaved(format!("{}: {e}", file.display())));
        }
    }
}

impl Problem {
    /// What the notice says, and its details.
    pub fn words(&self) -> (Phrase, &str) {
        match self {
            Problem::Broken(detail) => (Phrase::SettingsBroken, detail),
            Problem::NotSaved(detail) => (Phrase::SettingsNotSaved, detail),
        }
    }
}

/// Posts a new problem with the file as a notice.
fn announce_problem(file: Res<SettingsFile>, notice: Option<ResMut<Notice>>) {
    if !file.is_changed() {
        return;
    }
    if let (Some(problem), Some(mut notice)) = (&file.problem, notice) {
        let (what, detail) = problem.words();
        notice.post(what, detail, true);
    }
}
