//! Keeping the card in step with the settings and the jobs: the list and
//! the selected engine's column are built again when what they show
//! changes (another engine, another page, its options arriving), and the
//! texts, fields and controls in them follow every change of a value in
//! place (so the keyboard's focus stays on the button that was pressed).

use super::jobs::DetectedOptions;
use super::options::{pressed, value_of};
use super::rows::{
    EngineRow, FieldBox, FieldText, OptionNote, OptionToggle, ResetButton, ResetText, ValueText,
    engine_row,
};
use super::spawn::{AddStatusText, ListBox, ListPageText, ListPager, RejectedText};
use super::state::{AddState, LIST_ROWS, OPTION_ROWS, TestState};
use super::texts::{add_status_text, refusal_text, tail, test_text};
use super::{CardScale, EngineCard, EngineUse, Field, RejectedEngines};
use crate::client::options::{EngineOption, OptionKind};
use crate::game::i18n::{Lang, Phrase};
use crate::game::play::move_list::list_style;
use crate::game::settings::{CurrentLang, UserSettings};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, Toggled, label, palette, set_display};
use crate::store::engines::EngineEntry;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The selected engine's last test's line.
#[derive(Component)]
pub(super) struct TestText;

/// The line about a refused name or value.
#[derive(Component)]
pub(super) struct RefusalText;

/// The options' pager and its label.
#[derive(Component)]
pub(super) struct OptionsPager;

#[derive(Component)]
pub(super) struct OptionsPageText;

/// The selected engine, if it is on the list.
pub(super) fn selected<'a>(
    card: &EngineCard,
    settings: &'a UserSettings,
) -> Option<&'a EngineEntry> {
    card.selected.as_ref().and_then(|n| settings.engines.get(n))
}

/// The list: the page of engines, built again when the engines or the
/// page change.
pub(super) fn rebuild_list(
    mut commands: Commands,
    settings: Res<UserSettings>,
    card: Res<EngineCard>,
    fonts: Res<Fonts>,
    scale: Res<CardScale>,
    lang: CurrentLang,
    boxes: Query<(Entity, Ref<ListBox>)>,
    mut pagers: Query<&mut Node, With<ListPager>>,
    mut page_texts: Query<&mut Text, With<ListPageText>>,
    mut last: Local<Option<(Vec<EngineEntry>, usize, Lang)>>,
) {
    let engines = &settings.engines.engines;
    let pages = engines.len().div_ceil(LIST_ROWS).max(1);
    let page = card.list_page.min(pages - 1);
    let key = (engines.clone(), page, *lang);
    let added = boxes.iter().any(|(_, b)| b.is_added());
    if !added && last.as_ref() == Some(&key) {
        return;
    }
    *last = Some(key);
    let size = scale.0;
    for (list, _) in &boxes {
        commands.entity(list).despawn_children();
        if engines.is_empty() {
            commands.entity(list).with_child((
                label(
                    Phrase::EngineNone,
                    *lang,
                    fonts.ui(size.text(14.0)),
                    palette::TEXT_DIM,
                ),
                plain().max_width(Val::Percent(100.0)),
            ));
        }
        for entry in engines.iter().skip(page * LIST_ROWS).take(LIST_ROWS) {
            commands
                .entity(list)
                .with_child(engine_row(entry, &fonts, size));
        }
    }
    for mut node in &mut pagers {
        set_display(&mut node, pages > 1);
    }
    for mut text in &mut page_texts {
        text.set_if_neq(Text(format!("{}/{pages}", page + 1)));
    }
}

/// Lights the "use for" buttons the selected engine does.
pub(super) fn show_uses(
    card: Res<EngineCard>,
    settings: Res<UserSettings>,
    mut buttons: Query<(&EngineUse, &mut Toggled)>,
) {
    let name = selected(&card, &settings).map(|e| e.name.as_str());
    for (use_, mut toggled) in &mut buttons {
        let on = name.is_some() && use_.chosen(&settings) == name;
        toggled.set_if_neq(Toggled(on));
    }
}

/// The lines of the card: the last Add, the damaged entries, the selected
/// engine's test and refusal, the pages, which engine is lit.
pub(super) fn show_texts(
    card: Res<EngineCard>,
    settings: Res<UserSettings>,
    detected: Res<DetectedOptions>,
    rejected: Res<RejectedEngines>,
    lang: CurrentLang,
    mut texts: ParamSet<(
        Query<&mut Text, With<AddStatusText>>,
        Query<(&mut Text, &mut Node), With<RejectedText>>,
        Query<&mut Text, With<TestText>>,
        Query<&mut Text, With<RefusalText>>,
        Query<&mut Text, With<OptionsPageText>>,
    )>,
    mut status_color: Query<&mut TextColor, With<AddStatusText>>,
    mut options_pager: Query<&mut Node, (With<OptionsPager>, Without<Text>)>,
    mut rows: Query<(&EngineRow, &mut Toggled)>,
) {
    let lang = *lang;
    let add = add_status_text(&card.add, lang);
    for mut text in &mut texts.p0() {
        text.set_if_neq(Text(add.clone()));
    }
    let failed = matches!(card.add, AddState::Failed { .. });
    for mut color in &mut status_color {
        let want = if failed {
            palette::BROKEN_TEXT
        } else {
            palette::TEXT_DIM
        };
        color.set_if_neq(TextColor(want));
    }
    let broken = if rejected.0.is_empty() {
        String::new()
    } else {
        format!(
            "{}\n{}",
            Phrase::EngineRejected.get(lang),
            rejected.0.join("\n")
        )
    };
    for (mut text, mut node) in &mut texts.p1() {
        set_display(&mut node, !broken.is_empty());
        text.set_if_neq(Text(broken.clone()));
    }
    let entry = selected(&card, &settings);
    let name = entry.map(|e| e.name.as_str());
    let test = match &card.test {
        Some(t @ (TestState::Running(n) | TestState::Done(n, _) | TestState::Failed(n, _)))
            if Some(n.as_str()) == name =>
        {
            test_text(t, lang, list_style(Some(&settings)))
        }
        _ => String::new(),
    };
    for mut text in &mut texts.p2() {
        text.set_if_neq(Text(test.clone()));
    }
    let refusal = card
        .refusal
        .as_ref()
        .map_or(String::new(), |r| refusal_text(r, lang));
    for mut text in &mut texts.p3() {
        text.set_if_neq(Text(refusal.clone()));
    }
    let count = entry
        .and_then(|e| detected.options(&e.command))
        .map_or(0, <[EngineOption]>::len);
    let pages = count.div_ceil(OPTION_ROWS).max(1);
    for mut node in &mut options_pager {
        set_display(&mut node, pages > 1);
    }
    let page = format!("{}/{pages}", card.options_page.min(pages - 1) + 1);
    for mut text in &mut texts.p4() {
        text.set_if_neq(Text(page.clone()));
    }
    for (row, mut toggled) in &mut rows {
        toggled.set_if_neq(Toggled(Some(row.0.as_str()) == name));
    }
}

/// How many characters a field shows (the end of a longer text).
fn field_chars(field: Field, options: Option<&[EngineOption]>) -> usize {
    match field {
        Field::Command => 84,
        Field::Rename => 26,
        Field::Option(k) => match options.and_then(|o| o.get(k)).map(|o| &o.kind) {
            Some(OptionKind::Spin { .. }) => 15,
            _ => 26,
        },
    }
}

/// The fields: what they hold, or what is typed with a cursor after it;
/// the one typed into has a lit border.
pub(super) fn show_fields(
    card: Res<EngineCard>,
    settings: Res<UserSettings>,
    detected: Res<DetectedOptions>,
    mut texts: Query<(&FieldText, &mut Text)>,
    mut boxes: Query<(&FieldBox, &mut BorderColor)>,
) {
    let entry = selected(&card, &settings);
    let options = entry.and_then(|e| detected.options(&e.command));
    for (FieldText(field), mut text) in &mut texts {
        let shown = if card.typing == Some(*field) {
            let typed = match field {
                Field::Command => &card.command,
                _ => &card.draft,
            };
            format!("{}│", tail(typed, field_chars(*field, options) - 1))
        } else {
            let value = match field {
                Field::Command => card.command.clone(),
                Field::Rename => entry.map_or(String::new(), |e| e.name.clone()),
                Field::Option(k) => entry
                    .zip(options.and_then(|o| o.get(*k)))
                    .map_or(String::new(), |(e, o)| value_of(e, o)),
            };
            tail(&value, field_chars(*field, options))
        };
        text.set_if_neq(Text(shown));
    }
    for (FieldBox(field), mut border) in &mut boxes {
        let want = if card.typing == Some(*field) {
            palette::ACCENT
        } else {
            palette::BUTTON_BORDER
        };
        border.set_if_neq(BorderColor::all(want));
    }
}

/// The selected engine and its options, for the systems showing them.
#[derive(SystemParam)]
pub(super) struct ShownOptions<'w> {
    card: Res<'w, EngineCard>,
    settings: Res<'w, UserSettings>,
    detected: Res<'w, DetectedOptions>,
}

impl ShownOptions<'_> {
    /// The selected engine and its options, when they are known.
    fn get(&self) -> Option<(&EngineEntry, &[EngineOption])> {
        let entry = selected(&self.card, &self.settings)?;
        Some((entry, self.detected.options(&entry.command)?))
    }
}

/// The options' values: a check's on or off, a spin's or a combo's value.
pub(super) fn show_option_values(
    shown: ShownOptions,
    lang: CurrentLang,
    mut values: Query<(&ValueText, &mut Text)>,
) {
    let Some((entry, options)) = shown.get() else {
        return;
    };
    for (ValueText(k), mut text) in &mut values {
        let Some(o) = options.get(*k) else { continue };
        let value = value_of(entry, o);
        let shown = match o.kind {
            OptionKind::Check { .. } if value == "true" => Phrase::SoundOn.get(*lang).to_string(),
            OptionKind::Check { .. } => Phrase::Off.get(*lang).to_string(),
            _ => value,
        };
        text.set_if_neq(Text(shown));
    }
}

/// A check's button lit when on, a button's when it is to be pressed.
pub(super) fn show_option_toggles(
    shown: ShownOptions,
    mut toggles: Query<(&OptionToggle, &mut Toggled)>,
) {
    let Some((entry, options)) = shown.get() else {
        return;
    };
    for (OptionToggle(k), mut toggled) in &mut toggles {
        let Some(o) = options.get(*k) else { continue };
        let on = match o.kind {
            OptionKind::Button => pressed(entry, o),
            _ => value_of(entry, o) == "true",
        };
        toggled.set_if_neq(Toggled(on));
    }
}

/// The note after each option: refused, to be sent, or a spin's bounds.
pub(super) fn show_option_notes(
    shown: ShownOptions,
    lang: CurrentLang,
    mut notes: Query<(&OptionNote, &mut Text, &mut TextColor, &mut Node)>,
) {
    let Some((entry, options)) = shown.get() else {
        return;
    };
    let lang = *lang;
    for (OptionNote(k), mut text, mut color, mut node) in &mut notes {
        let Some(o) = options.get(*k) else { continue };
        let refused = shown
            .card
            .refusal
            .as_ref()
            .is_some_and(|r| r.option() == Some(o.name.as_str()));
        let (note, tint) = if refused {
            (
                Phrase::EngineRefused.get(lang).to_string(),
                palette::BROKEN_TEXT,
            )
        } else {
            match o.kind {
                OptionKind::Button if pressed(entry, o) => (
                    Phrase::EngineWillPress.get(lang).to_string(),
                    palette::ACCENT,
                ),
                OptionKind::Spin { min, max, .. } if !pressed(entry, o) => {
                    (format!("{min}–{max}"), palette::TEXT_DIM)
                }
                _ => (String::new(), palette::TEXT_DIM),
            }
        };
        // An empty note takes no room: the reset button comes first then.
        set_display(&mut node, !note.is_empty());
        text.set_if_neq(Text(note));
        color.set_if_neq(TextColor(tint));
    }
}

/// The button back to the default, shown while an option is set, with the
/// default on it.
pub(super) fn show_option_resets(
    shown: ShownOptions,
    lang: CurrentLang,
    mut resets: Query<(&ResetButton, &mut Node)>,
    mut reset_texts: Query<(&ResetText, &mut Text)>,
) {
    let Some((entry, options)) = shown.get() else {
        return;
    };
    let lang = *lang;
    for (ResetButton(k), mut node) in &mut resets {
        let Some(o) = options.get(*k) else { continue };
        set_display(&mut node, o.kind != OptionKind::Button && pressed(entry, o));
    }
    for (ResetText(k), mut text) in &mut reset_texts {
        let Some(o) = options.get(*k) else { continue };
        let default = match o.kind {
            OptionKind::Check { default: true } => Phrase::SoundOn.get(lang).to_string(),
            OptionKind::Check { default: false } => Phrase::Off.get(lang).to_string(),
            _ => o.default_text(),
        };
        let shown = if default.is_empty() {
            Phrase::EngineDefault.get(lang).to_string()
        } else {
            format!("{} {}", Phrase::EngineDefault.get(lang), tail(&default, 16))
        };
        text.set_if_neq(Text(shown));
    }
}
