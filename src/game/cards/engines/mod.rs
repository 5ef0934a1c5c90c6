//! The player's engines: a card over whatever screen is showing, opened
//! from the settings card (or `xiangqi play --engines`), that lists the
//! engines the settings keep ([`crate::store::engines::EngineList`]) and
//! manages them.
//!
//! * Add: a command line (the program and its arguments) typed into the
//!   field, then Add; or Browse, which asks the desktop's file dialog for
//!   the program and adds it (without a dialog, the field is typed into). The program is started off the main thread, asked
//!   UCI and then UCCI, and added under its own name with its author; what
//!   went wrong (no such file, no handshake, an early exit and its last
//!   words on stderr) is said on the card, naming the command.
//! * The list: each engine's name, protocol, own name and author; a click
//!   selects one.
//! * The selected engine: its name (typed: Rename, refused if taken),
//!   Test (a one-second search of the start position: the move, depth and
//!   score it gave), Remove, and its options a page at a time, each with the
//!   control its kind asks for. The settings keep only the values; the
//!   options themselves are asked of the engine (off the main thread) when
//!   it is selected, and kept for the session ([`DetectedOptions`]).
//!
//! Every change goes into [`UserSettings`], which the settings plugin
//! saves. Keyboard: Tab walks the buttons and fields, Enter presses, a
//! field takes every key while it is typed into (Enter keeps, Esc drops
//! the change), Esc closes the card (back to the settings).

mod actions;
mod detail;
mod jobs;
mod options;
mod refresh;
mod rows;
mod spawn;
mod state;
mod texts;

pub(crate) use jobs::{DetectedOptions, Jobs};
pub(crate) use state::{AddState, Refusal, TestState};
#[cfg(test)]
pub(crate) use texts::{add_status_text, test_text};

pub use super::views::EnginesView;
use super::views::SettingsView;
use crate::game::GameSet;
use crate::game::i18n::Phrase;
use crate::game::settings::{StorePaths, UserSettings};
use crate::game::theme::line_edit::{LineKey, edit_line, take_keys};
use crate::game::theme::scale::Scale;
use bevy::input::InputSystems;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    let rejected = rejected_entries(app.world().get_resource::<StorePaths>());
    app.init_state::<EnginesView>()
        .init_resource::<EngineCard>()
        .init_resource::<DetectedOptions>()
        .init_resource::<Jobs>()
        .insert_resource(RejectedEngines(rejected))
        .add_message::<EngineAction>()
        .add_systems(OnEnter(EnginesView::Open), (spawn::spawn_card, on_open))
        .add_systems(OnExit(EnginesView::Open), on_close)
        // Inside the input set, right after the keyboard is read: the card
        // takes the keys before any shortcut (O, the menu's arrows) hears them.
        .add_systems(
            PreUpdate,
            (
                card_keys
                    .in_set(InputSystems)
                    .after(bevy::input::keyboard::keyboard_input_system)
                    .run_if(resource_exists::<Messages<KeyboardInput>>),
                // What Tab and Enter left (they walk and press the card's
                // buttons): nothing reaches the screen under the card.
                swallow_keys
                    .after(InputSystems)
                    .after(crate::game::theme::focus::focus_keys)
                    .after(crate::game::dev_tools::screenshot_key)
                    .run_if(in_state(EnginesView::Open)),
            ),
        )
        .add_systems(
            Update,
            (
                actions::take_files
                    .in_set(GameSet::Input)
                    .after(crate::game::desktop::file_dialog::DialogSystems)
                    .before(actions::handle_actions),
                actions::handle_actions.in_set(GameSet::Input),
                jobs::collect_jobs.in_set(GameSet::Resolve),
                (
                    refresh::rebuild_list,
                    detail::rebuild_detail,
                    refresh::show_texts,
                    refresh::show_uses,
                    refresh::show_fields,
                    refresh::show_option_values,
                    refresh::show_option_toggles,
                    refresh::show_option_notes,
                    refresh::show_option_resets,
                )
                    .chain()
                    .in_set(GameSet::Present)
                    .run_if(in_state(EnginesView::Open)),
            ),
        );
}

/// `--engines`: the card is open from the start (for screenshots and tests).
pub(crate) fn configure_launch(app: &mut App, opts: &crate::game::LaunchOptions) {
    if opts.engines {
        app.insert_state(EnginesView::Open);
    }
}

/// A field of the card that keys type into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The command line of an engine to add.
    Command,
    /// The selected engine's name.
    Rename,
    /// The selected engine's option number `usize` (as it declared them).
    Option(usize),
}

/// What the card's buttons and keys ask for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum EngineAction {
    /// Type into a field (a click on it).
    Type(Field),
    /// Keep what was typed into the field (Enter, or its button), or start
    /// typing into it if it is not being typed into.
    Confirm(Field),
    /// Start the typed command line and add the engine it is.
    Add,
    /// Choose the field's file in the desktop's file dialog: the program
    /// of an engine to add, or a file option's value.
    Browse(Field),
    /// Show this engine's details and options.
    Select(String),
    /// Give the selected engine this name (refused if taken or empty).
    Rename(String),
    /// Take the selected engine off the list.
    Remove,
    /// Start the selected engine and let it search the start position.
    Test,
    /// The next (+1) or previous (−1) value of option `usize`: a spin's
    /// step, a check's other state, a combo's neighbouring choice.
    Step(usize, i32),
    /// A typed value for option `usize` (checked against its kind).
    SetText(usize, String),
    /// Press a button option at the next start, or no longer.
    Press(usize),
    /// Option `usize` back to its default.
    Reset(usize),
    /// The next (+1) or previous (−1) page of options.
    OptionsPage(i32),
    /// The next (+1) or previous (−1) page of the list.
    ListPage(i32),
    /// Close the card (back to the settings).
    Close,
    /// Make the selected engine the one that does this (or the built-in
    /// engine again, if it already is).
    UseFor(EngineUse),
}

/// What the player's engine may do besides playing (which the menu chooses).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineUse {
    /// The analysis (A).
    Analysis,
    /// Hints (H).
    Hint,
    /// The game review.
    Review,
}

impl EngineUse {
    /// The button's words.
    pub fn phrase(self) -> Phrase {
        match self {
            EngineUse::Analysis => Phrase::AnalysisEngine,
            EngineUse::Hint => Phrase::HintEngine,
            EngineUse::Review => Phrase::ReviewEngine,
        }
    }

    /// The engine chosen for it, if one is.
    pub fn chosen(self, s: &crate::store::Settings) -> Option<&str> {
        match self {
            EngineUse::Analysis => s.analysis_engine.as_deref(),
            EngineUse::Hint => s.hint_engine.as_deref(),
            EngineUse::Review => s.review_engine.as_deref(),
        }
    }

    /// Where the settings keep the engine chosen for it.
    pub fn choice(self, s: &mut crate::store::Settings) -> &mut Option<String> {
        match self {
            EngineUse::Analysis => &mut s.analysis_engine,
            EngineUse::Hint => &mut s.hint_engine,
            EngineUse::Review => &mut s.review_engine,
        }
    }
}

/// What the card shows and is doing, kept while it is closed (an engine
/// still being detected is added when it answers).
#[derive(Resource, Debug, Default)]
pub struct EngineCard {
    /// The command line typed into the Add field.
    pub command: String,
    /// The selected engine's name.
    pub selected: Option<String>,
    /// The field the keys type into.
    pub typing: Option<Field>,
    /// The text being typed into the name or an option's field.
    pub draft: String,
    /// What the last Add did.
    pub add: AddState,
    /// The last test.
    pub test: Option<TestState>,
    /// A refused name or option value.
    pub refusal: Option<Refusal>,
    /// The page of options shown.
    pub options_page: usize,
    /// The page of the list shown.
    pub list_page: usize,
}

/// Lines about engine entries of the settings file that could not be read
/// (left out of the list, the file set aside when it is next saved).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct RejectedEngines(pub Vec<String>);

/// The engine list's entries as the settings file holds them, read again
/// for the lines the card shows about the ones that were left out (the
/// settings' own warning joins them with the file's other problems).
fn rejected_entries(paths: Option<&StorePaths>) -> Vec<String> {
    let Some(file) = paths.and_then(|p| p.0.as_ref()).map(|p| p.settings_file()) else {
        return Vec::new();
    };
    let Ok(bytes) = std::fs::read(file) else {
        return Vec::new();
    };
    serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v.get("engines").cloned())
        .and_then(|v| serde_json::from_value::<crate::store::engines::EngineList>(v).ok())
        .map_or_else(Vec::new, |list| list.rejected)
}

/// The scale the card was drawn at (the rows rebuilt later use it too).
#[derive(Resource, Clone, Copy, Debug)]
struct CardScale(Scale);

/// The card's root.
#[derive(Component)]
struct EngineCardRoot;

/// The settings card closes under this one; the first engine is selected
/// (so its options are asked for) when none is.
fn on_open(
    mut settings_view: Option<ResMut<NextState<SettingsView>>>,
    card: Res<EngineCard>,
    settings: Res<UserSettings>,
    mut actions: MessageWriter<EngineAction>,
) {
    if let Some(next) = settings_view.as_mut() {
        next.set(SettingsView::Closed);
    }
    let selected = card
        .selected
        .as_ref()
        .filter(|name| settings.engines.get(name).is_some())
        .or_else(|| settings.engines.engines.first().map(|e| &e.name));
    if let Some(name) = selected {
        actions.write(EngineAction::Select(name.clone()));
    }
}

/// Nothing is typed into a card that is gone.
fn on_close(mut card: ResMut<EngineCard>) {
    card.typing = None;
    card.refusal = None;
}

/// Keys for the card: into the field being typed (and nowhere else), or
/// Esc to close it; Tab and Enter go on to the focus ring, nothing else to
/// the screen under the card.
fn card_keys(
    view: Res<State<EnginesView>>,
    mut typed: MessageReader<KeyboardInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut card: ResMut<EngineCard>,
    mut actions: MessageWriter<EngineAction>,
) {
    if *view.get() == EnginesView::Closed {
        typed.clear();
        return;
    }
    if let Some(field) = card.typing {
        let card = &mut *card;
        for key in typed.read() {
            let text = match field {
                Field::Command => &mut card.command,
                _ => &mut card.draft,
            };
            match edit_line(text, key) {
                LineKey::Enter => {
                    actions.write(EngineAction::Confirm(field));
                    break;
                }
                LineKey::Escape => {
                    card.typing = None;
                    break;
                }
                LineKey::Edited | LineKey::Ignored => {}
            }
        }
        take_keys(&mut keys);
        return;
    }
    typed.clear();
    if keys.just_pressed(KeyCode::Escape) {
        actions.write(EngineAction::Close);
    }
    const FOR_THE_RING: [KeyCode; 5] = [
        KeyCode::Tab,
        KeyCode::Enter,
        KeyCode::NumpadEnter,
        KeyCode::Space,
        KeyCode::F12,
    ];
    let others: Vec<KeyCode> = keys
        .get_just_pressed()
        .filter(|k| !FOR_THE_RING.contains(k))
        .copied()
        .collect();
    for key in others {
        keys.clear_just_pressed(key);
    }
}

/// The screen under the card hears no key.
fn swallow_keys(mut keys: ResMut<ButtonInput<KeyCode>>) {
    take_keys(&mut keys);
}
