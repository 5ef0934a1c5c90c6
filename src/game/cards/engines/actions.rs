//! What the card's buttons and keys do: add, select, rename, remove and
//! test an engine, edit its options, turn the pages. The settings change
//! through [`UserSettings`] (saved by the settings plugin); the engines are
//! started by [`super::jobs`], off the main thread.

use super::jobs::{DetectedOptions, Jobs};
use super::options::{reset, set, stepped, value_of};
use super::state::{AddState, LIST_ROWS, OPTION_ROWS, Refusal, TestState};
use super::{EngineAction, EngineCard, EnginesView, Field};
use crate::client::options::{EngineOption, ValueRefused};
use crate::game::cards::SettingsView;
use crate::game::desktop::file_dialog::{
    AskFile, DialogOutcome, FileAnswer, FileWanted, command_word,
};
use crate::game::settings::UserSettings;
use crate::store::Settings;
use crate::store::engines::{EngineEntry, EngineList};
use bevy::prelude::*;
use std::collections::VecDeque;

/// The file dialog's answers for the card: a program chosen is added, a
/// file chosen becomes its option's value; without a dialog, the field is
/// typed into instead.
pub(super) fn take_files(
    mut answers: MessageReader<FileAnswer>,
    mut card: ResMut<EngineCard>,
    settings: Res<UserSettings>,
    detected: Res<DetectedOptions>,
    mut actions: MessageWriter<EngineAction>,
) {
    for answer in answers.read() {
        let field = match &answer.wanted {
            FileWanted::EngineProgram => Field::Command,
            FileWanted::EngineFile(name) => {
                let options = card
                    .selected
                    .as_ref()
                    .and_then(|n| settings.engines.get(n))
                    .and_then(|e| detected.options(&e.command));
                match options.and_then(|o| o.iter().position(|o| &o.name == name)) {
                    Some(k) => Field::Option(k),
                    None => continue,
                }
            }
            _ => continue,
        };
        match (&answer.outcome, field) {
            (DialogOutcome::Chosen(paths), Field::Command) if !paths.is_empty() => {
                card.command = command_word(&paths[0]);
                actions.write(EngineAction::Add);
            }
            (DialogOutcome::Chosen(paths), Field::Option(k)) if !paths.is_empty() => {
                actions.write(EngineAction::SetText(k, paths[0].display().to_string()));
            }
            (DialogOutcome::NoDialog(_), field) if card.typing != Some(field) => {
                actions.write(EngineAction::Confirm(field));
            }
            _ => {}
        }
    }
}

/// Why `wanted` cannot be the name of the engine named `own`.
fn name_refused(list: &EngineList, own: &str, wanted: &str) -> Option<Refusal> {
    let refused = |taken| {
        Some(Refusal::Name {
            wanted: wanted.to_string(),
            taken,
        })
    };
    if wanted.is_empty() {
        refused(false)
    } else if wanted != own && list.get(wanted).is_some() {
        refused(true)
    } else {
        None
    }
}

pub(super) fn handle_actions(
    mut actions: MessageReader<EngineAction>,
    mut card: ResMut<EngineCard>,
    mut settings: ResMut<UserSettings>,
    mut jobs: ResMut<Jobs>,
    mut detected: ResMut<DetectedOptions>,
    mut view: ResMut<NextState<EnginesView>>,
    mut settings_view: Option<ResMut<NextState<SettingsView>>>,
    state: Res<State<EnginesView>>,
    mut ask: MessageWriter<AskFile>,
) {
    if actions.is_empty() {
        return;
    }
    let mut pass = Pass {
        queue: actions.read().cloned().collect(),
        list: settings.engines.clone(),
        renamed: Vec::new(),
        card: &mut card,
        jobs: &mut jobs,
        detected: &mut detected,
    };
    while let Some(action) = pass.queue.pop_front() {
        let selected = pass.selected();
        match action {
            EngineAction::UseFor(use_) => {
                let Some(i) = selected else {
                    continue;
                };
                let name = pass.list.engines[i].name.clone();
                let choice = use_.choice(&mut settings);
                *choice = if choice.as_deref() == Some(name.as_str()) {
                    None
                } else {
                    Some(name)
                };
            }
            EngineAction::Browse(field) => {
                if let Some(wanted) = pass.file_wanted(field, selected) {
                    ask.write(AskFile(wanted));
                }
            }
            EngineAction::Close => {
                // Closed already (Esc and Back at once).
                if *state.get() == EnginesView::Open {
                    view.set(EnginesView::Closed);
                    if let Some(next) = settings_view.as_mut() {
                        next.set(SettingsView::Open);
                    }
                }
            }
            action => pass.apply(action, selected),
        }
    }
    let Pass { list, renamed, .. } = pass;
    if list != settings.engines {
        let s = &mut settings.0;
        s.engines = list;
        for (old, new) in renamed {
            for choice in engine_choices(s) {
                if choice.as_deref() == Some(old.as_str()) {
                    choice.clone_from(&new);
                }
            }
        }
    }
}

/// One frame's actions at work on a copy of the engine list.
struct Pass<'a> {
    /// The actions still to do (an action may push the next one).
    queue: VecDeque<EngineAction>,
    list: EngineList,
    /// Engines renamed (old name, new one) or removed (old name, `None`), in
    /// order: the settings' choices of an engine follow them.
    renamed: Vec<(String, Option<String>)>,
    card: &'a mut EngineCard,
    jobs: &'a mut Jobs,
    detected: &'a mut DetectedOptions,
}

impl Pass<'_> {
    /// The selected engine's place in the list.
    fn selected(&self) -> Option<usize> {
        self.card
            .selected
            .as_ref()
            .and_then(|n| self.list.engines.iter().position(|e| &e.name == n))
    }

    /// The file a Browse button of `field` asks the desktop for.
    fn file_wanted(&self, field: Field, selected: Option<usize>) -> Option<FileWanted> {
        match field {
            Field::Command => Some(FileWanted::EngineProgram),
            Field::Option(k) => selected
                .and_then(|i| self.detected.options(&self.list.engines[i].command))
                .and_then(|o| o.get(k))
                .map(|option| FileWanted::EngineFile(option.name.clone())),
            Field::Rename => None,
        }
    }

    /// Does an action on the card, the list or an option.
    fn apply(&mut self, action: EngineAction, selected: Option<usize>) {
        match action {
            EngineAction::Type(field) => self.start_typing(field, selected),
            EngineAction::Confirm(field) if self.card.typing == Some(field) => {
                self.card.typing = None;
                let next = match field {
                    Field::Command => EngineAction::Add,
                    Field::Rename => EngineAction::Rename(self.card.draft.trim().to_string()),
                    Field::Option(i) => EngineAction::SetText(i, self.card.draft.clone()),
                };
                self.queue.push_front(next);
            }
            EngineAction::Confirm(field) => self.start_typing(field, selected),
            EngineAction::Add => self.add(),
            EngineAction::Select(name) => self.select(name),
            EngineAction::Rename(wanted) => self.rename(selected, wanted.trim().to_string()),
            EngineAction::Remove => self.remove(selected),
            EngineAction::Test => self.test(selected),
            EngineAction::Step(k, delta) => self.edit_option(selected, k, |o, entry| {
                let now = value_of(entry, o);
                stepped(o, &now, delta).map_or(Ok(()), |v| set(entry, o, &v))
            }),
            EngineAction::SetText(k, text) => {
                self.edit_option(selected, k, |o, entry| set(entry, o, &text));
            }
            EngineAction::Press(k) => self.edit_option(selected, k, |o, entry| {
                if super::options::pressed(entry, o) {
                    reset(entry, o);
                    Ok(())
                } else {
                    set(entry, o, "")
                }
            }),
            EngineAction::Reset(k) => self.edit_option(selected, k, |o, entry| {
                reset(entry, o);
                Ok(())
            }),
            EngineAction::OptionsPage(delta) => {
                // A field of the page left is typed into no more.
                let card = &mut *self.card;
                card.typing = card.typing.filter(|f| !matches!(f, Field::Option(_)));
                let count = selected
                    .and_then(|i| self.detected.options(&self.list.engines[i].command))
                    .map_or(0, <[EngineOption]>::len);
                card.options_page = turn_page(card.options_page, delta, count, OPTION_ROWS);
            }
            EngineAction::ListPage(delta) => {
                let count = self.list.engines.len();
                self.card.list_page = turn_page(self.card.list_page, delta, count, LIST_ROWS);
            }
            // Done by the system itself (they reach past the list).
            EngineAction::UseFor(_) | EngineAction::Browse(_) | EngineAction::Close => {}
        }
    }

    /// Starts the typed command line, to add the engine it is.
    fn add(&mut self) {
        let card = &mut *self.card;
        let command = card.command.trim().to_string();
        if command.is_empty() || matches!(card.add, AddState::Detecting(_)) {
            return;
        }
        if card.typing == Some(Field::Command) {
            card.typing = None;
        }
        card.add = AddState::Detecting(command.clone());
        self.jobs.add(command);
    }

    /// Shows the engine named `name`, its options asked for if not known.
    fn select(&mut self, name: String) {
        let Some(entry) = self.list.get(&name) else {
            return;
        };
        let card = &mut *self.card;
        if card.selected.as_ref() != Some(&name) {
            card.selected = Some(name);
            card.options_page = 0;
            card.refusal = None;
            card.typing = card.typing.filter(|f| *f == Field::Command);
        }
        // Asked again after a failure (the file may be there now).
        if !self.detected.is_pending(&entry.command)
            && !matches!(self.detected.get(&entry.command), Some(Ok(_)))
        {
            self.detected.start(self.jobs, entry);
        }
    }

    /// Renames the selected engine to `wanted`, unless refused.
    fn rename(&mut self, selected: Option<usize>, wanted: String) {
        let Some(i) = selected else { return };
        let card = &mut *self.card;
        let own = self.list.engines[i].name.clone();
        match name_refused(&self.list, &own, &wanted) {
            Some(refusal) => card.refusal = Some(refusal),
            None => {
                card.refusal = None;
                self.list.engines[i].name = wanted.clone();
                if let Some(test) = card.test.as_mut()
                    && *test.name() == own
                {
                    *test.name() = wanted.clone();
                }
                self.renamed.push((own, Some(wanted.clone())));
                card.selected = Some(wanted);
            }
        }
    }

    /// Takes the selected engine off the list and selects the next one.
    fn remove(&mut self, selected: Option<usize>) {
        let Some(i) = selected else { return };
        let engines = &mut self.list.engines;
        self.renamed.push((engines.remove(i).name, None));
        let card = &mut *self.card;
        card.selected = None;
        card.typing = card.typing.filter(|f| *f == Field::Command);
        card.refusal = None;
        card.list_page = card
            .list_page
            .min(engines.len().saturating_sub(1) / LIST_ROWS);
        // The next one (or the last), with its options.
        if let Some(next) = engines.get(i.min(engines.len().saturating_sub(1))) {
            self.queue
                .push_front(EngineAction::Select(next.name.clone()));
        }
    }

    /// Starts the selected engine on a test search (unless it is on one).
    fn test(&mut self, selected: Option<usize>) {
        let Some(i) = selected else { return };
        let entry = &self.list.engines[i];
        if matches!(&self.card.test, Some(TestState::Running(n)) if *n == entry.name) {
            return;
        }
        self.card.test = Some(TestState::Running(entry.name.clone()));
        self.jobs.test(entry);
    }
}

/// The settings' choices of an engine by its name: the opponents, the
/// analysis, the hints, the review.
fn engine_choices(s: &mut Settings) -> [&mut Option<String>; 5] {
    let crate::rules::ByColor { red, black } = &mut s.players.computers;
    [
        &mut red.engine,
        &mut black.engine,
        &mut s.analysis_engine,
        &mut s.hint_engine,
        &mut s.review_engine,
    ]
}

impl Pass<'_> {
    /// Starts typing into `field`, its text being what it shows now.
    fn start_typing(&mut self, field: Field, selected: Option<usize>) {
        if self.card.typing == Some(field) {
            return;
        }
        let entry = selected.map(|i| &self.list.engines[i]);
        let draft = match field {
            Field::Command => Some(String::new()),
            Field::Rename => entry.map(|e| e.name.clone()),
            Field::Option(k) => entry.and_then(|e| {
                self.detected
                    .options(&e.command)
                    .and_then(|o| o.get(k))
                    .map(|o| value_of(e, o))
            }),
        };
        if let Some(draft) = draft {
            self.card.draft = draft;
            self.card.typing = Some(field);
        }
    }

    /// Applies `edit` to option `k` of the selected engine; a refusal is kept
    /// for the card to show, and nothing is stored.
    fn edit_option(
        &mut self,
        selected: Option<usize>,
        k: usize,
        edit: impl FnOnce(&EngineOption, &mut EngineEntry) -> Result<(), ValueRefused>,
    ) {
        let Some(i) = selected else { return };
        let entry = &mut self.list.engines[i];
        let Some(option) = self.detected.options(&entry.command).and_then(|o| o.get(k)) else {
            return;
        };
        let card = &mut *self.card;
        card.refusal = match edit(option, entry) {
            Ok(()) => None,
            Err(why) => Some(Refusal::Value {
                option: option.name.clone(),
                why: why.to_string(),
            }),
        };
        if card.typing == Some(Field::Option(k)) {
            card.typing = None;
        }
    }
}

/// The page `delta` pages from `page`, within the pages of `count` items
/// shown `per_page` at a time.
fn turn_page(page: usize, delta: i32, count: usize, per_page: usize) -> usize {
    let last = count.saturating_sub(1) / per_page;
    page.saturating_add_signed(delta as isize).min(last)
}

#[cfg(test)]
mod tests;
