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
use crate::game::play::file_dialog::{
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
    let mut queue: VecDeque<EngineAction> = actions.read().cloned().collect();
    let mut list = settings.engines.clone();
    // Engines renamed (old name, new one) or removed (old name, `None`), in
    // order: the settings' choices of an engine follow them.
    let mut renamed: Vec<(String, Option<String>)> = Vec::new();
    while let Some(action) = queue.pop_front() {
        let selected = card
            .selected
            .as_ref()
            .and_then(|n| list.engines.iter().position(|e| &e.name == n));
        match action {
            EngineAction::Type(field) => start_typing(&mut card, field, selected, &list, &detected),
            EngineAction::UseFor(use_) => {
                let Some(i) = selected else {
                    continue;
                };
                let name = list.engines[i].name.clone();
                let choice = use_.choice(&mut settings);
                *choice = if choice.as_deref() == Some(name.as_str()) {
                    None
                } else {
                    Some(name)
                };
            }
            EngineAction::Confirm(field) if card.typing == Some(field) => {
                card.typing = None;
                match field {
                    Field::Command => queue.push_front(EngineAction::Add),
                    Field::Rename => {
                        queue.push_front(EngineAction::Rename(card.draft.trim().to_string()))
                    }
                    Field::Option(i) => {
                        queue.push_front(EngineAction::SetText(i, card.draft.clone()))
                    }
                }
            }
            EngineAction::Confirm(field) => {
                start_typing(&mut card, field, selected, &list, &detected)
            }
            EngineAction::Browse(Field::Command) => {
                ask.write(AskFile(FileWanted::EngineProgram));
            }
            EngineAction::Browse(Field::Option(k)) => {
                let option = selected
                    .and_then(|i| detected.options(&list.engines[i].command))
                    .and_then(|o| o.get(k));
                if let Some(option) = option {
                    ask.write(AskFile(FileWanted::EngineFile(option.name.clone())));
                }
            }
            EngineAction::Browse(Field::Rename) => {}
            EngineAction::Add => {
                let command = card.command.trim().to_string();
                if command.is_empty() || matches!(card.add, AddState::Detecting(_)) {
                    continue;
                }
                if card.typing == Some(Field::Command) {
                    card.typing = None;
                }
                card.add = AddState::Detecting(command.clone());
                jobs.add(command);
            }
            EngineAction::Select(name) => {
                let Some(entry) = list.get(&name) else {
                    continue;
                };
                if card.selected.as_ref() != Some(&name) {
                    card.selected = Some(name);
                    card.options_page = 0;
                    card.refusal = None;
                    card.typing = card.typing.filter(|f| *f == Field::Command);
                }
                // Asked again after a failure (the file may be there now).
                if !detected.is_pending(&entry.command)
                    && !matches!(detected.get(&entry.command), Some(Ok(_)))
                {
                    detected.start(&mut jobs, entry);
                }
            }
            EngineAction::Rename(wanted) => {
                let Some(i) = selected else { continue };
                let own = list.engines[i].name.clone();
                let wanted = wanted.trim().to_string();
                match name_refused(&list, &own, &wanted) {
                    Some(refusal) => card.refusal = Some(refusal),
                    None => {
                        card.refusal = None;
                        list.engines[i].name = wanted.clone();
                        if let Some(test) = card.test.as_mut()
                            && *test.name() == own
                        {
                            *test.name() = wanted.clone();
                        }
                        renamed.push((own, Some(wanted.clone())));
                        card.selected = Some(wanted);
                    }
                }
            }
            EngineAction::Remove => {
                let Some(i) = selected else { continue };
                renamed.push((list.engines.remove(i).name, None));
                card.selected = None;
                card.typing = card.typing.filter(|f| *f == Field::Command);
                card.refusal = None;
                card.list_page = card
                    .list_page
                    .min(list.engines.len().saturating_sub(1) / LIST_ROWS);
                // The next one (or the last), with its options.
                if let Some(next) = list
                    .engines
                    .get(i.min(list.engines.len().saturating_sub(1)))
                {
                    queue.push_front(EngineAction::Select(next.name.clone()));
                }
            }
            EngineAction::Test => {
                let Some(i) = selected else { continue };
                let entry = &list.engines[i];
                if matches!(&card.test, Some(TestState::Running(n)) if *n == entry.name) {
                    continue;
                }
                card.test = Some(TestState::Running(entry.name.clone()));
                jobs.test(entry);
            }
            EngineAction::Step(k, delta) => {
                edit_option(&mut card, &mut list, selected, &detected, k, |o, entry| {
                    let now = value_of(entry, o);
                    stepped(o, &now, delta).map_or(Ok(()), |v| set(entry, o, &v))
                });
            }
            EngineAction::SetText(k, text) => {
                edit_option(&mut card, &mut list, selected, &detected, k, |o, entry| {
                    set(entry, o, &text)
                });
            }
            EngineAction::Press(k) => {
                edit_option(&mut card, &mut list, selected, &detected, k, |o, entry| {
                    if super::options::pressed(entry, o) {
                        reset(entry, o);
                        Ok(())
                    } else {
                        set(entry, o, "")
                    }
                });
            }
            EngineAction::Reset(k) => {
                edit_option(&mut card, &mut list, selected, &detected, k, |o, entry| {
                    reset(entry, o);
                    Ok(())
                });
            }
            EngineAction::OptionsPage(delta) => {
                // A field of the page left is typed into no more.
                card.typing = card.typing.filter(|f| !matches!(f, Field::Option(_)));
                let count = selected
                    .and_then(|i| detected.options(&list.engines[i].command))
                    .map_or(0, <[EngineOption]>::len);
                card.options_page = turn_page(card.options_page, delta, count, OPTION_ROWS);
            }
            EngineAction::ListPage(delta) => {
                card.list_page = turn_page(card.list_page, delta, list.engines.len(), LIST_ROWS);
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
        }
    }
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

/// Starts typing into `field`, its text being what it shows now.
fn start_typing(
    card: &mut EngineCard,
    field: Field,
    selected: Option<usize>,
    list: &EngineList,
    detected: &DetectedOptions,
) {
    if card.typing == Some(field) {
        return;
    }
    let entry = selected.map(|i| &list.engines[i]);
    let draft = match field {
        Field::Command => Some(String::new()),
        Field::Rename => entry.map(|e| e.name.clone()),
        Field::Option(k) => entry.and_then(|e| {
            detected
                .options(&e.command)
                .and_then(|o| o.get(k))
                .map(|o| value_of(e, o))
        }),
    };
    if let Some(draft) = draft {
        card.draft = draft;
        card.typing = Some(field);
    }
}

/// Applies `edit` to option `k` of the selected engine; a refusal is kept
/// for the card to show, and nothing is stored.
fn edit_option(
    card: &mut EngineCard,
    list: &mut EngineList,
    selected: Option<usize>,
    detected: &DetectedOptions,
    k: usize,
    edit: impl FnOnce(&EngineOption, &mut EngineEntry) -> Result<(), ValueRefused>,
) {
    let Some(i) = selected else { return };
    let entry = &mut list.engines[i];
    let Some(option) = detected.options(&entry.command).and_then(|o| o.get(k)) else {
        return;
    };
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

/// The page `delta` pages from `page`, within the pages of `count` items
/// shown `per_page` at a time.
fn turn_page(page: usize, delta: i32, count: usize, per_page: usize) -> usize {
    let last = count.saturating_sub(1) / per_page;
    page.saturating_add_signed(delta as isize).min(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_stop_at_both_ends() {
        assert_eq!(turn_page(0, -1, 20, 9), 0);
        assert_eq!(turn_page(0, 1, 20, 9), 1);
        assert_eq!(turn_page(2, 1, 20, 9), 2);
        assert_eq!(turn_page(1, 5, 9, 9), 0);
        assert_eq!(turn_page(0, 1, 0, 9), 0);
    }
}
