//! The menu: title, mode, difficulty (one level per AI side), Continue,
//! Puzzles, Saved games, Start, Quit, the language and the settings.
//! Mouse and keyboard: ↑/↓ mode, ←/→ or 1–8 level, Tab chooses which AI
//! side the keys set in AI vs AI, Enter starts, Q quits.

use crate::game::i18n::{Lang, Phrase as T};
use crate::game::play::ai::levels;
use crate::game::play::autosave::{ContinueGame, can_continue};
use crate::game::play::session::{GameSetup, MAX_LEVEL};
use crate::game::screens::settings as settings_card;
use crate::game::settings::{StorePaths, UserSettings};
use crate::game::theme::{
    Fonts, Label, OnPress, Toggled, button, label, palette, screen_root, set_display,
};
use crate::game::{GameSet, Mode, Screen};
use crate::rules::Color as Side;
use crate::store::autosave::GameMode;
use bevy::ecs::spawn::SpawnIter;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuFocus>()
        .add_systems(
            OnEnter(Screen::Menu),
            (offer_last_choice, spawn_menu).chain(),
        )
        .add_message::<MenuAction>()
        .add_systems(
            Update,
            (
                (menu_keys, menu_buttons).in_set(GameSet::Input),
                (hide_continue, show_choices).in_set(GameSet::Present),
            )
                .run_if(in_state(Screen::Menu)),
        );
}

const MODES: [(Mode, T); 4] = [
    (Mode::Red, T::ModeRed),
    (Mode::Black, T::ModeBlack),
    (Mode::Hotseat, T::ModeHotseat),
    (Mode::AiVsAi, T::ModeAiVsAi),
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
    Start,
    Quit,
    Language,
}

/// A row of level buttons and its heading.
#[derive(Component, Clone, Copy)]
struct LevelRow(Side);

#[derive(Component, Clone, Copy)]
struct LevelHeading(Side);

fn spawn_menu(mut commands: Commands, fonts: Res<Fonts>, lang: Res<Lang>) {
    let lang = *lang;
    let fonts = &*fonts;
    let mut root = screen_root(Screen::Menu);
    root.0.justify_content = JustifyContent::Center;
    root.0.row_gap = Val::Px(12.0);
    root.0.overflow = Overflow::clip();
    commands.spawn((
        root,
        children![
            (
                Text::new("象棋"),
                fonts.pieces(84.0),
                TextColor(palette::ACCENT),
                Pickable::IGNORE,
            ),
            label(T::Subtitle, lang, fonts.ui(20.0), palette::TEXT_DIM),
            label(T::ModeHeading, lang, fonts.ui(18.0), palette::TEXT_DIM),
            mode_row(lang, fonts),
            level_heading(Side::Red, lang, fonts),
            level_row(Side::Red, fonts),
            level_heading(Side::Black, lang, fonts),
            level_row(Side::Black, fonts),
            crate::game::screens::menu_options::options_section(lang, fonts),
            more_row(lang, fonts),
            action_row(lang, fonts),
            label(T::MenuHint, lang, fonts.ui(14.0), palette::TEXT_DIM),
        ],
    ));
}

/// A menu button doing `action`, which also marks it for [`show_choices`].
fn menu_button(
    text: T,
    lang: Lang,
    fonts: &Fonts,
    px: f32,
    action: MenuAction,
) -> impl Bundle + use<> {
    (button(text, lang, fonts, px, OnPress::send(action)), action)
}

/// A row that wraps, centred.
fn wrapping_row(gap: f32) -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        column_gap: Val::Px(gap),
        row_gap: Val::Px(gap),
        ..default()
    }
}

/// The four modes.
fn mode_row(lang: Lang, fonts: &Fonts) -> impl Bundle {
    let fonts = fonts.clone();
    (
        wrapping_row(10.0),
        Pickable::IGNORE,
        Children::spawn(SpawnIter(MODES.into_iter().map(move |(mode, text)| {
            menu_button(text, lang, &fonts, 20.0, MenuAction::Mode(mode))
        }))),
    )
}

/// "Difficulty", or which AI side's level the row below sets.
fn level_heading(side: Side, lang: Lang, fonts: &Fonts) -> impl Bundle {
    (
        label(T::Difficulty, lang, fonts.ui(18.0), palette::TEXT_DIM),
        LevelHeading(side),
        Node {
            margin: UiRect::top(Val::Px(8.0)),
            ..default()
        },
    )
}

/// One AI side's eight levels.
fn level_row(side: Side, fonts: &Fonts) -> impl Bundle {
    let fonts = fonts.clone();
    (
        LevelRow(side),
        Node {
            max_width: Val::Px(1200.0),
            ..wrapping_row(6.0)
        },
        Pickable::IGNORE,
        Children::spawn(SpawnIter(
            levels()
                .into_iter()
                .map(move |info| level_button(&fonts, side, info.level)),
        )),
    )
}

/// Continue (when there is an autosave), Puzzles, Saved games.
fn more_row(lang: Lang, fonts: &Fonts) -> impl Bundle {
    (
        Node {
            column_gap: Val::Px(14.0),
            margin: UiRect::top(Val::Px(14.0)),
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                button(T::Continue, lang, fonts, 22.0, OnPress::send(ContinueGame)),
                ContinueButton,
            ),
            button(T::Puzzles, lang, fonts, 22.0, OnPress::go(Screen::Puzzles)),
            button(
                T::SavedGames,
                lang,
                fonts,
                22.0,
                OnPress::go(Screen::SavedGames)
            ),
        ],
    )
}

/// Start, Quit, the language and the settings.
fn action_row(lang: Lang, fonts: &Fonts) -> impl Bundle {
    (
        Node {
            column_gap: Val::Px(14.0),
            margin: UiRect::top(Val::Px(14.0)),
            ..default()
        },
        Pickable::IGNORE,
        children![
            menu_button(T::Start, lang, fonts, 26.0, MenuAction::Start),
            menu_button(T::Quit, lang, fonts, 26.0, MenuAction::Quit),
            menu_button(T::LanguageToggle, lang, fonts, 18.0, MenuAction::Language),
            settings_card::open_button(lang, fonts, 18.0),
        ],
    )
}

/// Shown only when there is an autosave.
#[derive(Component)]
struct ContinueButton;

fn hide_continue(
    paths: Option<Res<StorePaths>>,
    mut buttons: Query<&mut Node, Added<ContinueButton>>,
) {
    let show = can_continue(paths.as_deref());
    for mut node in &mut buttons {
        set_display(&mut node, show);
    }
}

/// A level button: number, name and search depth, in two lines.
fn level_button(fonts: &Fonts, side: Side, level: u8) -> impl Bundle + use<> {
    (
        Button,
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            padding: UiRect::axes(Val::Px(9.0), Val::Px(5.0)),
            min_width: Val::Px(78.0),
            border: UiRect::all(Val::Px(1.0)),
            border_radius: BorderRadius::all(Val::Px(6.0)),
            ..default()
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
        Toggled(false),
        MenuAction::Level(side, level),
        OnPress::send(MenuAction::Level(side, level)),
        children![
            (
                LevelName(level),
                Text::new(""),
                fonts.ui(17.0),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            ),
            (
                LevelDepth(level),
                Text::new(""),
                fonts.ui(13.0),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ),
        ],
    )
}

#[derive(Component, Clone, Copy)]
struct LevelName(u8);

#[derive(Component, Clone, Copy)]
struct LevelDepth(u8);

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
        setup.mode = Mode::from(s.last_mode);
        setup.red_level = s.red_level.clamp(1, MAX_LEVEL);
        setup.black_level = s.black_level.clamp(1, MAX_LEVEL);
    }
}

/// What the menu's choices change, for buttons and keys alike.
#[derive(SystemParam)]
struct MenuChoice<'w> {
    setup: ResMut<'w, GameSetup>,
    focus: ResMut<'w, MenuFocus>,
    lang: ResMut<'w, Lang>,
    next: ResMut<'w, NextState<Screen>>,
    exit: MessageWriter<'w, AppExit>,
    settings: Option<ResMut<'w, UserSettings>>,
}

impl MenuChoice<'_> {
    fn apply(&mut self, action: MenuAction) {
        let setup = &mut *self.setup;
        match action {
            MenuAction::Mode(m) => setup.mode = m,
            MenuAction::Level(side, level) => {
                let level = level.clamp(1, MAX_LEVEL);
                if setup.mode == Mode::AiVsAi && side == Side::Black {
                    setup.black_level = level;
                    self.focus.black = true;
                } else {
                    setup.red_level = level;
                    self.focus.black = false;
                }
            }
            MenuAction::Start => {
                // The next start of the game offers the same choice.
                if let Some(settings) = self.settings.as_mut() {
                    let mode = GameMode::from(setup.mode);
                    let (red, black) = (setup.red_level, setup.black_level);
                    if (settings.last_mode, settings.red_level, settings.black_level)
                        != (mode, red, black)
                    {
                        settings.last_mode = mode;
                        settings.red_level = red;
                        settings.black_level = black;
                    }
                }
                self.next.set(Screen::Playing);
            }
            MenuAction::Quit => {
                self.exit.write(AppExit::Success);
            }
            MenuAction::Language => *self.lang = self.lang.toggled(),
        }
    }
}

fn menu_buttons(mut actions: MessageReader<MenuAction>, mut menu: MenuChoice) {
    for &action in actions.read() {
        menu.apply(action);
    }
}

fn menu_keys(keys: Res<ButtonInput<KeyCode>>, mut menu: MenuChoice) {
    let setup = &*menu.setup;
    let mode_index = MODES
        .iter()
        .position(|(m, _)| *m == setup.mode)
        .unwrap_or(0);
    let side = if setup.mode == Mode::AiVsAi && menu.focus.black {
        Side::Black
    } else {
        Side::Red
    };
    let level = match side {
        Side::Red => setup.red_level,
        Side::Black => setup.black_level,
    };
    let mut action = None;
    if keys.just_pressed(KeyCode::ArrowUp) {
        action = Some(MenuAction::Mode(MODES[(mode_index + 3) % 4].0));
    } else if keys.just_pressed(KeyCode::ArrowDown) {
        action = Some(MenuAction::Mode(MODES[(mode_index + 1) % 4].0));
    } else if keys.just_pressed(KeyCode::ArrowLeft) {
        action = Some(MenuAction::Level(side, level.saturating_sub(1).max(1)));
    } else if keys.just_pressed(KeyCode::ArrowRight) {
        action = Some(MenuAction::Level(side, (level + 1).min(MAX_LEVEL)));
    } else if keys.just_pressed(KeyCode::Tab) {
        menu.focus.black = !menu.focus.black;
    } else if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter) {
        action = Some(MenuAction::Start);
    } else if keys.just_pressed(KeyCode::KeyQ) {
        action = Some(MenuAction::Quit);
    } else if keys.just_pressed(KeyCode::KeyL) {
        action = Some(MenuAction::Language);
    }
    let digits = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
    ];
    for (i, key) in digits.iter().enumerate() {
        if keys.just_pressed(*key) {
            action = Some(MenuAction::Level(side, i as u8 + 1));
        }
    }
    if let Some(action) = action {
        menu.apply(action);
    }
}

fn show_choices(
    setup: Res<GameSetup>,
    focus: Res<MenuFocus>,
    lang: Res<Lang>,
    mut buttons: Query<(&MenuAction, &mut Toggled, &mut BorderColor)>,
    mut rows: Query<(&LevelRow, &mut Node), Without<LevelHeading>>,
    mut headings: Query<(&LevelHeading, &mut Label, &mut Text, &mut Node), Without<LevelRow>>,
    mut names: Query<(&LevelName, &mut Text), (Without<LevelHeading>, Without<LevelDepth>)>,
    mut depths: Query<(&LevelDepth, &mut Text), (Without<LevelHeading>, Without<LevelName>)>,
) {
    let ai_vs_ai = setup.mode == Mode::AiVsAi;
    let hotseat = setup.mode == Mode::Hotseat;
    for (action, mut toggled, mut border) in &mut buttons {
        let (on, focused) = match *action {
            MenuAction::Mode(m) => (m == setup.mode, false),
            MenuAction::Level(Side::Red, l) => (
                l == setup.red_level,
                ai_vs_ai && !focus.black && l == setup.red_level,
            ),
            MenuAction::Level(Side::Black, l) => (
                l == setup.black_level,
                ai_vs_ai && focus.black && l == setup.black_level,
            ),
            _ => (false, false),
        };
        if toggled.0 != on {
            toggled.0 = on;
        }
        let want = if focused {
            BorderColor::all(palette::ACCENT)
        } else {
            BorderColor::all(palette::BUTTON_BORDER)
        };
        if *border != want {
            *border = want;
        }
    }
    for (row, mut node) in &mut rows {
        let show = !hotseat && (row.0 == Side::Red || ai_vs_ai);
        set_display(&mut node, show);
    }
    for (heading, mut label, mut text, mut node) in &mut headings {
        let show = !hotseat && (heading.0 == Side::Red || ai_vs_ai);
        set_display(&mut node, show);
        let want = match (ai_vs_ai, heading.0) {
            (false, _) => T::Difficulty,
            (true, Side::Red) => T::RedAiLevel,
            (true, Side::Black) => T::BlackAiLevel,
        };
        if label.0 != want || lang.is_changed() {
            label.0 = want;
            text.0 = want.get(*lang).to_string();
        }
    }
    if lang.is_changed() || names.iter().any(|(_, t)| t.0.is_empty()) {
        for (name, mut text) in &mut names {
            let info = crate::game::play::ai::level_info(name.0);
            let n = match *lang {
                Lang::Zh => info.name_zh,
                Lang::En => info.name_en,
            };
            text.0 = format!("{} {n}", info.level);
        }
        for (depth, mut text) in &mut depths {
            let info = crate::game::play::ai::level_info(depth.0);
            text.0 = format!("{} {}", T::Depth.get(*lang), info.depth);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;
    use crate::store::{Paths, Settings};
    use bevy::state::app::StatesPlugin;

    /// The menu's keys with the settings stored under `dir`, the way the game
    /// starts without a `--mode` flag.
    fn menu_app(dir: &std::path::Path) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        crate::game::logic_plugins(&mut app);
        app.insert_resource(StorePaths(Some(Paths::under(dir))));
        app.add_plugins(crate::game::settings::plugin);
        crate::game::play::session::configure_start(
            &mut app,
            &crate::game::LaunchOptions::default(),
        );
        app.init_resource::<MenuFocus>()
            .init_resource::<ButtonInput<KeyCode>>()
            .add_systems(Update, menu_keys.run_if(in_state(Screen::Menu)))
            .add_systems(OnEnter(Screen::Menu), offer_last_choice);
        app.update();
        app
    }

    fn press(app: &mut App, key: KeyCode) {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
    }

    #[test]
    fn the_menu_offers_the_mode_and_levels_started_last_time() {
        let dir = TempDir::new("menu-remembers");
        let mut app = menu_app(dir.path());
        let setup = app.world().resource::<GameSetup>();
        let defaults = Settings::default();
        assert_eq!(GameMode::from(setup.mode), defaults.last_mode);

        // AI vs AI (three down from "you play Red"), Red at 6, Black at 3, start.
        for key in [KeyCode::ArrowDown; 3] {
            press(&mut app, key);
        }
        press(&mut app, KeyCode::Digit6);
        press(&mut app, KeyCode::Tab);
        press(&mut app, KeyCode::Digit3);
        press(&mut app, KeyCode::Enter);
        app.update();
        let setup = app.world().resource::<GameSetup>();
        assert_eq!(
            (setup.mode, setup.red_level, setup.black_level),
            (Mode::AiVsAi, 6, 3)
        );
        drop(app);

        let app = menu_app(dir.path());
        let setup = app.world().resource::<GameSetup>();
        assert_eq!(
            (setup.mode, setup.red_level, setup.black_level),
            (Mode::AiVsAi, 6, 3),
            "a new start of the game offers the last choice"
        );
    }

    #[test]
    fn back_in_the_menu_start_offers_a_new_game_not_the_last_puzzle() {
        let dir = TempDir::new("menu-offer");
        let mut app = menu_app(dir.path());
        press(&mut app, KeyCode::ArrowDown); // you play Black
        press(&mut app, KeyCode::Digit5);
        press(&mut app, KeyCode::Enter);
        app.update();
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Playing
        );
        // A puzzle replaces the setup: its position, Red against level 8.
        let puzzle =
            crate::rules::Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").expect("fen");
        *app.world_mut().resource_mut::<GameSetup>() = GameSetup {
            mode: Mode::Red,
            red_level: 8,
            black_level: 8,
            start: puzzle,
        };
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
        app.update();
        let setup = app.world().resource::<GameSetup>();
        // The AI plays Red in this mode: the key set Red's level.
        assert_eq!(
            (setup.mode, setup.red_level, setup.black_level),
            (Mode::Black, 5, Settings::default().black_level)
        );
        assert_eq!(setup.start, crate::rules::Position::startpos());
    }
}
