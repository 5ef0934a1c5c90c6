//! The help card (F1, ?, or the toolbar's button): every shortcut of the
//! game screen — the board's keys, then each toolbar command with its key,
//! read from the toolbar's table so a new command appears here by itself.
//! Esc, F1 or its button close it.

use crate::game::i18n::{Lang, Phrase};
use crate::game::panel::toolbar::{HelpCommand, TOOLS};
use crate::game::play::session::Session;
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::{card, card_node};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, button, label, palette};
use crate::game::{GameSet, Screen};
use bevy::input::InputSystems;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HelpOpen>()
        .add_systems(OnExit(Screen::Playing), close_on_exit)
        .add_systems(
            PreUpdate,
            help_keys
                .after(InputSystems)
                .after(crate::game::theme::focus::focus_keys)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (toggle_help, show_help)
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// The help card is open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HelpOpen(pub bool);

/// The card's root.
#[derive(Component)]
struct HelpCard;

/// The board's own keys, before the toolbar's.
const BOARD_KEYS: [(&str, Phrase); 9] = [
    ("← ↑ → ↓", Phrase::KeyCursor),
    ("Enter", Phrase::KeyPick),
    ("Esc", Phrase::KeyCancel),
    ("Tab  Shift+Tab", Phrase::KeyTab),
    ("PgUp PgDn  Shift+← →", Phrase::KeyBrowse),
    ("Home  End", Phrase::KeyBrowseEnds),
    ("E", Phrase::KeyExplorer),
    ("X / Shift+X", Phrase::KeyExclude),
    ("Ctrl+Alt+C", Phrase::KeyCopyMoves),
];

fn close_on_exit(mut open: ResMut<HelpOpen>) {
    open.0 = false;
}

/// F1 and ? open and close the card; Esc closes it (and goes no further).
pub(crate) fn help_keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut open: ResMut<HelpOpen>,
    settings: Option<Res<State<crate::game::cards::settings::SettingsView>>>,
) {
    if settings.is_some_and(|s| *s.get() == crate::game::cards::settings::SettingsView::Open) {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::F1) || (shift && keys.just_pressed(KeyCode::Slash)) {
        open.0 = !open.0;
    } else if open.0 && keys.just_pressed(KeyCode::Escape) {
        keys.clear_just_pressed(KeyCode::Escape);
        open.0 = false;
    }
}

fn toggle_help(mut asked: MessageReader<HelpCommand>, mut open: ResMut<HelpOpen>) {
    if asked.read().count() % 2 == 1 {
        open.0 = !open.0;
    }
}

fn show_help(
    open: Res<HelpOpen>,
    mut commands: Commands,
    cards: Query<Entity, With<HelpCard>>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
) {
    if !open.is_changed() && !lang.is_changed() {
        return;
    }
    for e in &cards {
        commands.entity(e).despawn();
    }
    if open.0 {
        commands.spawn(help_card(&fonts, *lang));
    }
}

/// One row of the card: the keys, then what they do.
fn row(keys: &str, what: &[Phrase], lang: Lang, fonts: &Fonts) -> impl Bundle + use<> {
    let what = what
        .iter()
        .map(|t| t.get(lang))
        .collect::<Vec<_>>()
        .join(" / ");
    (
        plain().column_gap(Val::Px(14.0)),
        Pickable::IGNORE,
        children![
            (
                plain()
                    .width(Val::Px(180.0))
                    .justify_content(JustifyContent::FlexEnd)
                    .flex_shrink(0.0),
                Pickable::IGNORE,
                children![(
                    Text::new(keys.to_string()),
                    fonts.ui(15.0),
                    TextColor(palette::ACCENT),
                    TextLayout::no_wrap(),
                    Pickable::IGNORE,
                )],
            ),
            (
                Text::new(what),
                fonts.ui(15.0),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            ),
        ],
    )
}

fn help_card(fonts: &Fonts, lang: Lang) -> impl Bundle + use<> {
    let mut rows: Vec<(String, Vec<Phrase>)> = BOARD_KEYS
        .iter()
        .map(|(k, t)| (k.to_string(), vec![*t]))
        .collect();
    for tool in TOOLS.iter().filter(|t| !t.keys.is_empty()) {
        // One key for two tools (pause, resume): one row.
        match rows.last_mut() {
            Some((keys, tips)) if keys == tool.keys => tips.push(tool.tip),
            _ => rows.push((tool.keys.to_string(), vec![tool.tip])),
        }
    }
    let fonts_rows = fonts.clone();
    (
        HelpCard,
        crate::game::theme::modal_backdrop(45),
        DespawnOnExit(Screen::Playing),
        children![(
            card(
                card_node(Vec2::new(28.0, 18.0), 2.0, 12.0)
                    .flex_direction(FlexDirection::Column)
                    .align_items(AlignItems::Stretch)
                    .row_gap(Val::Px(4.0))
                    .max_height(Val::Percent(96.0))
                    .max_width(Val::Percent(96.0))
                    .overflow(Overflow::clip()),
                palette::PANEL,
                palette::ACCENT,
            ),
            BoxShadow::new(
                palette::SHADE,
                Val::Px(0.0),
                Val::Px(6.0),
                Val::Px(0.0),
                Val::Px(18.0),
            ),
            Children::spawn((
                Spawn((
                    label(Phrase::HelpTitle, lang, fonts.ui(24.0), palette::ACCENT),
                    plain()
                        .margin(UiRect::bottom(Val::Px(8.0)))
                        .align_self(AlignSelf::Center),
                )),
                bevy::ecs::spawn::SpawnIter(rows.into_iter().map(move |(k, t)| row(
                    &k,
                    &t,
                    lang,
                    &fonts_rows
                )),),
                Spawn((
                    plain()
                        .margin(UiRect::top(Val::Px(10.0)))
                        .align_self(AlignSelf::Center),
                    Pickable::IGNORE,
                    children![button(
                        Phrase::Close,
                        lang,
                        fonts,
                        17.0,
                        OnPress::send(HelpCommand)
                    )],
                )),
            )),
        )],
    )
}
