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
use crate::game::play::autosave::{ContinueGame, can_continue};
use crate::game::play::session::{GameSetup, MAX_LEVEL};
use crate::game::settings::CurrentLang;
use crate::game::settings::{StorePaths, UserSettings};
use crate::game::theme::scale::{Scale, window_size};
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
pub(super) mod options;
mod rating;
mod title;

use backdrop::{Backdrop, backdrop_layer};
use cards::*;
use choice::{menu_buttons, menu_keys};
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
                    show_first_action,
                    show_choices,
                    show_skill,
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
                Node {
                    margin: UiRect::top(Val::Px(s.px(2.0))),
                    ..default()
                },
            ),
        ],
    ));
}

/// Continue leads when there is a game to continue; otherwise New game does
/// and the setup needs no Start of its own.
fn show_first_action(
    paths: Option<Res<StorePaths>>,
    mut buttons: Query<(&FirstAction, &mut Node), Added<FirstAction>>,
    mut primary: Query<&mut Toggled, Added<Primary>>,
) {
    for mut t in &mut primary {
        t.0 = true;
    }
    if buttons.is_empty() {
        return;
    }
    let can = can_continue(paths.as_deref());
    for (which, mut node) in &mut buttons {
        let show = match which {
            FirstAction::Continue | FirstAction::SetupStart => can,
            FirstAction::NewGame => !can,
        };
        set_display(&mut node, show);
    }
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
        setup.mode = s.last_mode;
        setup.level = s.red_level.clamp(1, MAX_LEVEL);
        setup.black_level = s.black_level.clamp(1, MAX_LEVEL);
        setup.engine = s.red_engine.clone();
        setup.black_engine = s.black_engine.clone();
    }
}

fn show_choices(
    setup: Res<GameSetup>,
    focus: Res<MenuFocus>,
    lang: CurrentLang,
    settings: Option<Res<UserSettings>>,
    mut engine_parts: Query<
        (&mut Node, Option<&EngineRow>, Option<&StrengthStep>),
        (
            Or<(With<EngineRow>, With<StrengthStep>)>,
            Without<LevelRow>,
            Without<LevelHeading>,
            Without<LevelPill>,
        ),
    >,
    mut buttons: Query<(&MenuAction, &mut Toggled, &mut BorderColor)>,
    mut rows: Query<(&LevelRow, &mut Node), Without<LevelHeading>>,
    mut headings: Query<(&LevelHeading, &mut Label, &mut Text, &mut Node), Without<LevelRow>>,
    mut chosen: Query<(&LevelChosen, &mut Text), (Without<LevelHeading>, Without<TierName>)>,
    mut tiers: Query<(&TierName, &mut Text), (Without<LevelHeading>, Without<LevelChosen>)>,
    mut pills: Query<
        (&LevelPill, &MenuAction, &mut Node),
        (Without<LevelRow>, Without<LevelHeading>),
    >,
) {
    let ai_vs_ai = setup.mode == Mode::AiVsAi;
    let hotseat = setup.mode == Mode::Hotseat;
    for (action, mut toggled, mut border) in &mut buttons {
        let (on, focused) = match *action {
            MenuAction::Mode(m) => (m == setup.mode, false),
            MenuAction::Level(Side::Red, l) => (
                l == setup.level,
                ai_vs_ai && !focus.black && l == setup.level,
            ),
            MenuAction::Level(Side::Black, l) => (
                l == setup.black_level,
                ai_vs_ai && focus.black && l == setup.black_level,
            ),
            MenuAction::Tier(side, first) => (
                engine_of(&setup, side).is_none() && same_tier(first, level_of(&setup, side)),
                false,
            ),
            MenuAction::Engine(side, i) => {
                let name = settings
                    .as_deref()
                    .and_then(|s| s.engines.engines.get(usize::from(i)))
                    .map(|e| e.name.as_str());
                let on = name.is_some() && engine_of(&setup, side).as_deref() == name;
                (on, ai_vs_ai && on && focus.black == (side == Side::Black))
            }
            _ => (false, false),
        };
        toggled.set_if_neq(Toggled(on));
        let want = if focused {
            BorderColor::all(palette::ACCENT)
        } else {
            BorderColor::all(palette::BUTTON_BORDER)
        };
        border.set_if_neq(want);
    }
    for (row, mut node) in &mut rows {
        let show = !hotseat && (row.0 == Side::Red || ai_vs_ai);
        set_display(&mut node, show);
    }
    for (heading, mut label, mut text, mut node) in &mut headings {
        let show = !hotseat && (heading.0 == Side::Red || ai_vs_ai);
        set_display(&mut node, show);
        let want = match (ai_vs_ai, heading.0) {
            (false, _) => Phrase::Difficulty,
            (true, Side::Red) => Phrase::RedAiLevel,
            (true, Side::Black) => Phrase::BlackAiLevel,
        };
        if label.0 != want || lang.is_changed() {
            label.0 = want;
            text.0 = want.get(*lang).to_string();
        }
    }
    for (name, mut text) in &mut tiers {
        let want = crate::engine::Level::new(name.0).map_or("", |l| match *lang {
            Lang::Zh => l.tier_zh(),
            Lang::En => l.tier_en(),
        });
        if text.0 != want {
            text.0 = want.to_string();
        }
    }
    for (pill, action, mut node) in &mut pills {
        if let MenuAction::Level(side, _) = *action {
            let shown =
                engine_of(&setup, side).is_none() && same_tier(pill.0, level_of(&setup, side));
            set_display(&mut node, shown);
        }
    }
    let any_engine = settings
        .as_deref()
        .is_some_and(|s| !s.engines.engines.is_empty());
    for (mut node, row, step) in &mut engine_parts {
        let shown = match (row, step) {
            (Some(_), _) => any_engine,
            (_, Some(step)) => engine_of(&setup, step.0).is_some(),
            _ => continue,
        };
        set_display(&mut node, shown);
    }
    for (which, mut text) in &mut chosen {
        let want = match engine_of(&setup, which.0) {
            Some(name) => {
                let strength = settings
                    .as_deref()
                    .and_then(|s| s.engines.get(name))
                    .map(|e| e.strength)
                    .unwrap_or_default();
                format!(
                    "{name} · {} {}",
                    Phrase::EngineStrength.get(*lang),
                    strength.text(*lang == Lang::Zh)
                )
            }
            None => chosen_level_text(level_of(&setup, which.0), *lang),
        };
        if text.0 != want {
            text.0 = want;
        }
    }
}

/// The chosen engine's own strength option: its row when it has one, and
/// its value ("UCI_Elo 1800", "Skill Level: the engine's default").
fn show_skill(
    setup: Res<GameSetup>,
    lang: CurrentLang,
    settings: Option<Res<UserSettings>>,
    mut rows: Query<(&SkillRow, &mut Node)>,
    mut texts: Query<(&SkillText, &mut Text)>,
) {
    let entry = |side: Side| {
        let name = engine_of(&setup, side).as_deref()?;
        settings
            .as_deref()?
            .engines
            .get(name)
            .filter(|e| e.skill.is_some())
    };
    for (row, mut node) in &mut rows {
        set_display(&mut node, entry(row.0).is_some());
    }
    for (which, mut text) in &mut texts {
        let Some(e) = entry(which.0) else {
            continue;
        };
        let skill = e.skill.as_ref().map_or("", |s| s.name.as_str());
        let want = match e.skill_value() {
            Some(v) => format!("{skill} {v}"),
            None => format!("{skill} · {}", Phrase::EngineOwnDefault.get(*lang)),
        };
        text.set_if_neq(Text(want));
    }
}

/// The player's engine chosen for `side`'s AI, if one is.
fn engine_of(setup: &GameSetup, side: Side) -> &Option<String> {
    match side {
        Side::Red => &setup.engine,
        Side::Black => &setup.black_engine,
    }
}

/// Where the menu sets the engine of `side`'s AI.
fn engine_of_mut(setup: &mut GameSetup, side: Side) -> &mut Option<String> {
    match side {
        Side::Red => &mut setup.engine,
        Side::Black => &mut setup.black_engine,
    }
}

/// "7 业余五级 · 等级分 1450": the chosen level's number, name and rating.
fn chosen_level_text(level: u8, lang: Lang) -> String {
    let info = crate::game::play::ai::level_info(level);
    let name = match lang {
        Lang::Zh => info.name_zh,
        Lang::En => info.name_en,
    };
    format!(
        "{} {name} · {} {}",
        info.level,
        Phrase::LevelRating.get(lang),
        info.rating
    )
}

/// The level chosen for `side`'s AI.
fn level_of(setup: &GameSetup, side: Side) -> u8 {
    match side {
        Side::Red => setup.level,
        Side::Black => setup.black_level,
    }
}

/// Are levels `a` and `b` in the same group?
fn same_tier(a: u8, b: u8) -> bool {
    match (crate::engine::Level::new(a), crate::engine::Level::new(b)) {
        (Some(a), Some(b)) => a.same_tier(b),
        _ => false,
    }
}
