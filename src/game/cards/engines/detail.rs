//! The selected engine's column of the engine card: its name and buttons,
//! its command, what it is used for, its test, and a page of its options.

use super::jobs::DetectedOptions;
use super::refresh::{OptionsPageText, OptionsPager, RefusalText, TestText, selected};
use super::rows::{field, option_row};
use super::spawn::{DetailBox, line_height, pager};
use super::state::OPTION_ROWS;
use super::{CardScale, EngineAction, EngineCard, EngineUse, Field};
use crate::client::options::EngineOption;
use crate::game::i18n::{Lang, Phrase};
use crate::game::settings::{CurrentLang, UserSettings};
use crate::game::theme::layout::{button_row, row};
use crate::game::theme::scale::Scale;
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, button, label, palette};
use crate::store::engines::EngineEntry;
use bevy::prelude::*;

/// What the selected engine's column is built from.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct DetailKey {
    entry: Option<(String, String)>,
    any: bool,
    options: Option<Result<Vec<EngineOption>, super::jobs::JobError>>,
    pending: bool,
    page: usize,
    lang: Lang,
}

/// The selected engine's column, built again when another engine is
/// selected, its options arrive or another page of them is shown.
pub(super) fn rebuild_detail(
    mut commands: Commands,
    settings: Res<UserSettings>,
    card: Res<EngineCard>,
    detected: Res<DetectedOptions>,
    fonts: Res<Fonts>,
    scale: Res<CardScale>,
    lang: CurrentLang,
    boxes: Query<(Entity, Ref<DetailBox>)>,
    mut last: Local<Option<DetailKey>>,
) {
    let entry = selected(&card, &settings);
    let key = DetailKey {
        entry: entry.map(|e| (e.name.clone(), e.command.clone())),
        any: !settings.engines.engines.is_empty(),
        options: entry.and_then(|e| detected.get(&e.command).cloned()),
        pending: entry.is_some_and(|e| detected.is_pending(&e.command)),
        page: card.options_page,
        lang: *lang,
    };
    let added = boxes.iter().any(|(_, b)| b.is_added());
    if !added && last.as_ref() == Some(&key) {
        return;
    }
    let size = scale.0;
    let lang = *lang;
    for (detail, _) in &boxes {
        commands.entity(detail).despawn_children();
        let Some(entry) = entry else {
            let hint = if key.any {
                Phrase::EngineSelectHint
            } else {
                Phrase::EngineAddHint
            };
            commands.entity(detail).with_child(label(
                hint,
                lang,
                fonts.ui(size.text(15.0)),
                palette::TEXT_DIM,
            ));
            continue;
        };
        commands.entity(detail).with_children(|parent| {
            spawn_head(parent, entry, lang, &fonts, size);
            spawn_options(parent, &key, card.options_page, lang, &fonts, size);
        });
    }
    *last = Some(key);
}

/// The selected engine's name and buttons, its command, what it is used
/// for, the lines of its test and refusals, and the options' heading.
fn spawn_head(
    parent: &mut ChildSpawnerCommands,
    entry: &EngineEntry,
    lang: Lang,
    fonts: &Fonts,
    size: Scale,
) {
    parent.spawn(name_row(lang, fonts, size));
    parent.spawn((
        Text::new(format!(
            "{}  {}",
            Phrase::EngineCommandLabel.get(lang),
            entry.command
        )),
        fonts.ui(size.text(13.0)),
        TextColor(palette::TEXT_DIM),
        Pickable::IGNORE,
    ));
    // A line's room is kept while it says nothing, so the options
    // below do not move under the pointer when it speaks.
    let line = |color: Color| {
        (
            Text::new(""),
            fonts.ui(size.text(13.0)),
            TextColor(color),
            plain().min_height(Val::Px(line_height(size))),
            Pickable::IGNORE,
        )
    };
    parent.spawn(uses_row(lang, fonts, size));
    parent.spawn((TestText, line(palette::TEXT)));
    parent.spawn((RefusalText, line(palette::BROKEN_TEXT)));
    parent.spawn((
        row(size.px(16.0)).margin(UiRect::top(Val::Px(size.px(6.0)))),
        Pickable::IGNORE,
        children![
            label(
                Phrase::EngineOptions,
                lang,
                fonts.ui(size.text(15.0)),
                palette::ACCENT
            ),
            pager(
                (OptionsPager, Pickable::IGNORE),
                OptionsPageText,
                fonts,
                size,
                EngineAction::OptionsPage,
            ),
        ],
    ));
}

/// The page of options shown, or why there are none to show.
fn spawn_options(
    parent: &mut ChildSpawnerCommands,
    key: &DetailKey,
    page: usize,
    lang: Lang,
    fonts: &Fonts,
    size: Scale,
) {
    let (phrase, why) = match &key.options {
        Some(Ok(options)) if !options.is_empty() => {
            let pages = options.len().div_ceil(OPTION_ROWS);
            let page = page.min(pages - 1);
            for (k, option) in options
                .iter()
                .enumerate()
                .skip(page * OPTION_ROWS)
                .take(OPTION_ROWS)
            {
                parent.spawn(option_row(k, option, lang, fonts, size));
            }
            return;
        }
        Some(Ok(_)) => (Phrase::EngineNoOptions, String::new()),
        _ if key.pending => (Phrase::EngineReadingOptions, String::new()),
        Some(Err(why)) => (Phrase::EngineOptionsFailed, format!(": {why}")),
        None => (Phrase::EngineReadingOptions, String::new()),
    };
    parent.spawn((
        Text::new(format!("{}{why}", phrase.get(lang))),
        fonts.ui(size.text(14.0)),
        TextColor(if why.is_empty() {
            palette::TEXT_DIM
        } else {
            palette::BROKEN_TEXT
        }),
        Pickable::IGNORE,
    ));
}

/// The name's field, Rename, Test and Remove.
fn name_row(lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle + use<> {
    let px = size.px(16.0);
    (
        button_row(size.px(8.0), size.px(4.0)),
        Pickable::IGNORE,
        children![
            field(Field::Rename, size.px(250.0), fonts, size.text(16.0), size),
            button(
                Phrase::EngineRename,
                lang,
                fonts,
                px,
                OnPress::send(EngineAction::Confirm(Field::Rename))
            ),
            button(
                Phrase::EngineTest,
                lang,
                fonts,
                px,
                OnPress::send(EngineAction::Test)
            ),
            button(
                Phrase::Remove,
                lang,
                fonts,
                px,
                OnPress::send(EngineAction::Remove)
            ),
        ],
    )
}

/// "Use for": the analysis, the hints, the review, each a button lit when
/// the selected engine does it (the built-in engine does what none does).
fn uses_row(lang: Lang, fonts: &Fonts, size: Scale) -> impl Bundle + use<> {
    let px = size.px(14.0);
    let toggle = |use_: EngineUse| {
        (
            button(
                use_.phrase(),
                lang,
                fonts,
                px,
                OnPress::send(EngineAction::UseFor(use_)),
            ),
            use_,
        )
    };
    (
        button_row(size.px(8.0), size.px(4.0)),
        Pickable::IGNORE,
        children![
            label(
                Phrase::EngineUsedFor,
                lang,
                fonts.ui(size.text(14.0)),
                palette::TEXT_DIM
            ),
            toggle(EngineUse::Analysis),
            toggle(EngineUse::Hint),
            toggle(EngineUse::Review),
        ],
    )
}
