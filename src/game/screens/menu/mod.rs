//! The menu: over a drawn board in play, softly lit, the title; one first
//! action (Continue when there is a game to continue, else New game); the
//! game's setup as cards — the mode, then the AI's level (one row per AI
//! side in AI vs AI), each level with its name and search depth — and the
//! rest grouped in a row at the foot (puzzles, saved games, settings,
//! language, quit).
//!
//! The setup is a column of option groups ([`setup_groups`]): a later
//! option (clock, handicap) is one more group, one line there.
//!
//! Mouse and keyboard: ↑/↓ mode, ←/→ or 1–8 Red's (or the only AI's)
//! level, Shift with them Black's in AI vs AI, Enter starts, Tab walks the
//! buttons, Q quits, L the language.

use crate::game::cards::settings as settings_card;
use crate::game::i18n::{Lang, Phrase};
use crate::game::play::ai::levels;
use crate::game::play::autosave::ContinueGame;
use crate::game::play::session::{GameSetup, MAX_LEVEL};
use crate::game::settings::CurrentLang;
use crate::game::settings::{StorePaths, UserSettings};
use crate::game::theme::scale::{Scale, window_size};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{
    Fonts, Label, OnPress, Toggled, button, label, palette, screen_root, set_display,
};
use crate::game::{GameSet, Mode, Screen};
use crate::rules::Color as Side;
use bevy::ecs::spawn::SpawnIter;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

mod backdrop;
mod cards;
mod choice;
mod levels;
pub(super) mod options;
mod rating;
mod setup;
mod show;
mod title;

use backdrop::{Backdrop, backdrop_layer};
use cards::*;
use choice::{menu_buttons, menu_keys};
use levels::*;
use setup::setup_groups;
use title::title;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuFocus>()
        .init_resource::<Backdrop>()
        .add_systems(
            OnEnter(Screen::Menu),
            (offer_last_choice, spawn_menu).chain(),
        )
        .add_message::<MenuAction>()
        .add_systems(
            Update,
            (
                (menu_keys, menu_buttons).in_set(GameSet::Input),
                (
                    respawn_on_resize,
                    respawn_on_new_engines,
                    show::show_first_action,
                    show::show_toggles,
                    show::show_level_rows,
                    show::show_level_headings,
                    show::show_tier_names,
                    show::show_level_pills,
                    show::show_engine_parts,
                    show::show_chosen,
                    show::show_skill,
                    show::show_puzzles_due,
                    rating::show_rating,
                )
                    .in_set(GameSet::Present),
            )
                .run_if(in_state(Screen::Menu)),
        );
}

const MODES: [(Mode, Phrase); 4] = [
    (Mode::Red, Phrase::ModeRed),
    (Mode::Black, Phrase::ModeBlack),
    (Mode::Hotseat, Phrase::ModeHotseat),
    (Mode::AiVsAi, Phrase::ModeAiVsAi),
];

/// Which AI side the level keys change (AI vs AI).
#[derive(Resource, Default)]
struct MenuFocus {
    black: bool,
}

/// What a menu button (or key) does.
#[derive(Component, Message, Clone, Copy, Debug, PartialEq, Eq)]
enum MenuAction {
    Mode(Mode),
    Level(Side, u8),
    /// A group of levels (its first level).
    Tier(Side, u8),
    Start,
    Quit,
    Language,
    /// Choose the level the player's rating suggests.
    Suggested,
    /// The player's engine at this place in the engine list for a side.
    Engine(Side, u8),
    /// Step the chosen engine's strength (move time or depth) by ±1.
    Strength(Side, i8),
    /// Step the chosen engine's own strength option by ±1.
    Skill(Side, i8),
}

/// A row of level buttons and its heading.
#[derive(Component, Clone, Copy)]
struct LevelRow(Side);

#[derive(Component, Clone, Copy)]
struct LevelHeading(Side);

/// The menu's root (respawned when the window's size class or the
/// player's engines change).
#[derive(Component)]
struct MenuRoot(Scale, Vec<String>);

/// How large the menu is drawn for a window of `size`: 1 at 1280×900, in
/// steps of 0.05.
fn menu_scale(size: Vec2) -> Scale {
    Scale::fit(size, Vec2::new(1150.0, 900.0), 0.66, 1.45).stepped(20.0)
}

fn spawn_menu(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    backdrop: Res<Backdrop>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    settings: Option<Res<UserSettings>>,
) {
    let size = window_size(&window);
    let engines = engine_names(settings.as_deref());
    spawn_menu_at(
        &mut commands,
        &fonts,
        *lang,
        &backdrop,
        menu_scale(size),
        engines,
    );
}

/// The names of the player's engines, in the list's order.
fn engine_names(settings: Option<&UserSettings>) -> Vec<String> {
    settings.map_or_else(Vec::new, |s| {
        s.engines.engines.iter().map(|e| e.name.clone()).collect()
    })
}

fn respawn_on_resize(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    backdrop: Res<Backdrop>,
    window: Query<&Window, (With<bevy::window::PrimaryWindow>, Changed<Window>)>,
    roots: Query<(Entity, &MenuRoot)>,
    settings: Option<Res<UserSettings>>,
) {
    let Ok(w) = window.single() else {
        return;
    };
    let scale = menu_scale(Vec2::new(w.width(), w.height()));
    let Ok((root, old)) = roots.single() else {
        return;
    };
    if old.0 != scale {
        commands.entity(root).despawn();
        let engines = engine_names(settings.as_deref());
        spawn_menu_at(&mut commands, &fonts, *lang, &backdrop, scale, engines);
    }
}

/// An engine added, renamed or removed (on the engine card over the menu)
/// gives the level rows their new buttons.
fn respawn_on_new_engines(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    backdrop: Res<Backdrop>,
    roots: Query<(Entity, &MenuRoot)>,
    settings: Option<Res<UserSettings>>,
    mut setup: ResMut<GameSetup>,
) {
    let Some(settings) = settings.filter(|s| s.is_changed()) else {
        return;
    };
    let Ok((root, old)) = roots.single() else {
        return;
    };
    if old.1 == engine_names(Some(&settings)) {
        return;
    }
    // A chosen engine that is gone: the built-in level again.
    for side in [Side::Red, Side::Black] {
        let slot = engine_of_mut(&mut setup, side);
        if slot
            .as_ref()
            .is_some_and(|n| settings.engines.get(n).is_none())
        {
            *slot = None;
        }
    }
    let scale = old.0;
    commands.entity(root).despawn();
    let engines = engine_names(Some(&settings));
    spawn_menu_at(&mut commands, &fonts, *lang, &backdrop, scale, engines);
}

fn spawn_menu_at(
    commands: &mut Commands,
    fonts: &Fonts,
    lang: Lang,
    backdrop: &Backdrop,
    s: Scale,
    engines: Vec<String>,
) {
    let mut root = screen_root(Screen::Menu);
    root.0.justify_content = JustifyContent::Center;
    root.0.row_gap = Val::Px(s.px(12.0));
    root.0.overflow = Overflow::clip();
    root.0.padding = UiRect::all(Val::Px(s.px(14.0)));
    let groups = setup_groups(lang, fonts, s, &engines);
    commands.spawn((
        MenuRoot(s, engines),
        root,
        children![
            backdrop_layer(backdrop, s),
            title(lang, fonts, s),
            first_action(lang, fonts, s),
            groups,
            more_row(lang, fonts, s),
            (
                label(
                    Phrase::MenuHint,
                    lang,
                    fonts.ui(s.text(13.0)),
                    palette::TEXT_DIM
                ),
                plain().margin(UiRect::top(Val::Px(s.px(2.0)))),
            ),
        ],
    ));
}

/// Back in the menu, Start offers a new game from the start position with the
/// mode and levels last started from the menu, not whatever the last game was
/// (a puzzle's position and defender, an opened record). The first visit keeps
/// what the command line set up.
fn offer_last_choice(
    mut setup: ResMut<GameSetup>,
    settings: Option<Res<UserSettings>>,
    mut visited: Local<bool>,
) {
    if !std::mem::replace(&mut *visited, true) {
        return;
    }
    setup.start = crate::rules::Position::startpos();
    if let Some(s) = settings {
        setup.players = s.players.clone().clamped();
    }
}

/// The player's engine chosen for `side`'s AI, if one is.
fn engine_of(setup: &GameSetup, side: Side) -> &Option<String> {
    &setup.players.computers[side].engine
}

/// Where the menu sets the engine of `side`'s AI.
fn engine_of_mut(setup: &mut GameSetup, side: Side) -> &mut Option<String> {
    &mut setup.players.computers[side].engine
}

/// The level chosen for `side`'s AI.
fn level_of(setup: &GameSetup, side: Side) -> u8 {
    setup.players.computers[side].level
}
