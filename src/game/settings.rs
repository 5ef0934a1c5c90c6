//! The player's settings as a Bevy resource: loaded once at start-up from
//! the settings file ([`crate::store::Settings`]), saved (atomically) in the
//! frame after any change, and mirrored into the interface language
//! ([`Lang`]).
//!
//! A broken file never stops the game: the defaults (or the fields that were
//! valid) are used and the problem is kept in [`SettingsNotice`] for the
//! screen to show. Nothing is written until the player changes a setting.
//!
//! Tests point the plugin at a temporary folder by inserting [`StorePaths`]
//! before adding it; the game uses [`Paths::from_env`] (`XIANGQI_HOME` or
//! the platform directories).

use super::GameSet;
use super::i18n::Lang;
use crate::rules::Charset;
use crate::store::settings::Language;
use crate::store::{Paths, Settings};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    let paths = app
        .world_mut()
        .get_resource_or_insert_with(|| StorePaths(Paths::from_env()))
        .clone();
    let (settings, warning) = match &paths.0 {
        Some(p) => Settings::load(&p.settings_file()),
        None => (Settings::default(), None),
    };
    if let Some(w) = &warning {
        warn!("settings: {w}");
    }
    app.insert_resource(Lang::from(settings.language))
        .insert_resource(SavedSettings(settings.clone()))
        .insert_resource(UserSettings(settings))
        .insert_resource(SettingsNotice {
            problem: warning.map(|w| Problem::Broken(w.to_string())),
        })
        .add_systems(Update, sync_language.in_set(GameSet::Rules))
        .add_systems(Last, save_changes);
}

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
        self.piece_chars.into()
    }

    /// Multiplier for the pieces' glide time (0: no animation).
    pub fn glide_factor(&self) -> f32 {
        self.animation_speed.duration_factor()
    }
}

/// What is in the file (to save only real changes).
#[derive(Resource)]
struct SavedSettings(Settings);

/// A problem with the settings file, for the player to see.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsNotice {
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

impl From<Language> for Lang {
    fn from(l: Language) -> Lang {
        match l {
            Language::Chinese => Lang::Zh,
            Language::English => Lang::En,
        }
    }
}

impl From<Lang> for Language {
    fn from(l: Lang) -> Language {
        match l {
            Lang::Zh => Language::Chinese,
            Lang::En => Language::English,
        }
    }
}

/// Keeps [`Lang`] and the language setting equal: a change of either (the
/// menu's language button changes [`Lang`], the settings screen the
/// setting) is copied to the other.
fn sync_language(
    mut settings: ResMut<UserSettings>,
    mut lang: ResMut<Lang>,
    mut seen: Local<Option<Lang>>,
) {
    let lang_moved = seen.is_some_and(|l| l != *lang);
    if lang_moved {
        let want = Language::from(*lang);
        if settings.language != want {
            settings.language = want;
        }
    } else {
        let want = Lang::from(settings.language);
        if *lang != want {
            *lang = want;
        }
    }
    *seen = Some(*lang);
}

/// Writes the settings when they differ from what was last saved.
fn save_changes(
    settings: Res<UserSettings>,
    paths: Res<StorePaths>,
    mut saved: ResMut<SavedSettings>,
    mut notice: ResMut<SettingsNotice>,
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
            if notice.problem.is_some() {
                notice.problem = None;
            }
        }
        Err(e) => {
            warn!("could not save the settings to {}: {e}", file.display());
            notice.problem = Some(Problem::NotSaved(format!("{}: {e}", file.display())));
        }
    }
}
