//! The game screen's toolbar: a row of drawn icons with tooltips in both
//! languages, one for each command of the game.
//!
//! The toolbar is the table [`TOOLS`]: an entry names its icon, its tooltip,
//! its shortcut (shown in the tooltip and the help card), what it does and
//! when it is shown. A later feature (analysis, review, clock…) adds its
//! button with one line there (and, for a new picture, a variant in
//! [`Icon`] drawn in `theme/icons.rs`). Entries of different groups are
//! set apart by a thin divider.

use crate::game::i18n::Phrase;
use crate::game::play::Play;
use crate::game::play::analysis::AnalysisCommand;
use crate::game::play::clock::MatchClock;
use crate::game::play::export::ExportPicture;
use crate::game::play::hint::HintRequest;
use crate::game::play::records::FileCommand;
use crate::game::play::session::{GameCommand, Session};
use crate::game::screens::settings::SettingsView;
use crate::game::theme::{Icon, Icons, OnPress, Toggled, Tooltip, palette, set_display};
use crate::game::{GameSet, Mode, Screen};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<HelpCommand>().add_systems(
        Update,
        (fill_toolbar, show_tools, tidy_dividers)
            .chain()
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Open or close the help card (F1, ?, the toolbar's button).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpCommand;

/// What decides whether a tool is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolContext {
    /// How the game is played.
    pub mode: Mode,
    /// The game has ended.
    pub over: bool,
    /// A puzzle is being solved.
    pub puzzle: bool,
    /// AI vs AI, or a game on a clock, is paused.
    pub paused: bool,
    /// The game is played on a clock.
    pub clocked: bool,
}

/// Groups of tools, set apart in the bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Moves: undo, redo, hint, flip.
    Moves,
    /// The game: new, resign, pause.
    Game,
    /// Records: save, copy, paste.
    Records,
    /// The application: help, settings, menu.
    App,
}

/// One button of the toolbar.
pub struct Tool {
    /// Its picture.
    pub icon: Icon,
    /// Its name (the tooltip).
    pub tip: Phrase,
    /// Its shortcut, as written in the tooltip and the help card ("" = none).
    pub keys: &'static str,
    /// Its group.
    pub group: Group,
    /// What it does.
    pub action: fn() -> OnPress,
    /// Whether it is shown.
    pub shown: fn(&ToolContext) -> bool,
}

const fn tool(
    icon: Icon,
    tip: Phrase,
    keys: &'static str,
    group: Group,
    action: fn() -> OnPress,
    shown: fn(&ToolContext) -> bool,
) -> Tool {
    Tool {
        icon,
        tip,
        keys,
        group,
        action,
        shown,
    }
}

fn always(_: &ToolContext) -> bool {
    true
}

/// The toolbar, in order. One line per button.
pub const TOOLS: &[Tool] = &[
    tool(
        Icon::Undo,
        Phrase::Undo,
        "Ctrl+Z",
        Group::Moves,
        || OnPress::send(GameCommand::Undo),
        always,
    ),
    tool(
        Icon::Redo,
        Phrase::Redo,
        "Ctrl+Y",
        Group::Moves,
        || OnPress::send(GameCommand::Redo),
        always,
    ),
    tool(
        Icon::Hint,
        Phrase::Hint,
        "H",
        Group::Moves,
        || OnPress::send(HintRequest),
        |c| !c.over,
    ),
    tool(
        Icon::Analysis,
        Phrase::Analysis,
        "A",
        Group::Moves,
        || OnPress::send(AnalysisCommand::Toggle),
        always,
    ),
    tool(
        Icon::Flip,
        Phrase::Flip,
        "F",
        Group::Moves,
        || OnPress::send(GameCommand::Flip),
        always,
    ),
    tool(
        Icon::NewGame,
        Phrase::NewGame,
        "N",
        Group::Game,
        || OnPress::send(GameCommand::NewGame),
        always,
    ),
    tool(
        Icon::Resign,
        Phrase::Resign,
        "",
        Group::Game,
        || OnPress::send(GameCommand::Resign),
        |c| c.mode != Mode::AiVsAi && !c.over,
    ),
    tool(
        Icon::Pause,
        Phrase::Pause,
        "Space",
        Group::Game,
        || OnPress::send(GameCommand::TogglePause),
        |c| (c.mode == Mode::AiVsAi || c.clocked) && !c.paused && !c.over,
    ),
    tool(
        Icon::Resume,
        Phrase::Resume,
        "Space",
        Group::Game,
        || OnPress::send(GameCommand::TogglePause),
        |c| (c.mode == Mode::AiVsAi || c.clocked) && c.paused && !c.over,
    ),
    tool(
        Icon::Save,
        Phrase::SaveGame,
        "Ctrl+S",
        Group::Records,
        || OnPress::send(FileCommand::Save),
        always,
    ),
    tool(
        Icon::CopyPgn,
        Phrase::CopyPgn,
        "Ctrl+C",
        Group::Records,
        || OnPress::send(FileCommand::CopyPgn),
        always,
    ),
    tool(
        Icon::CopyFen,
        Phrase::CopyFen,
        "Ctrl+Shift+C",
        Group::Records,
        || OnPress::send(FileCommand::CopyFen),
        always,
    ),
    tool(
        Icon::Paste,
        Phrase::Paste,
        "Ctrl+V",
        Group::Records,
        || OnPress::send(FileCommand::Paste),
        always,
    ),
    tool(
        Icon::Export,
        Phrase::ExportPicture,
        "",
        Group::Records,
        || OnPress::send(ExportPicture),
        always,
    ),
    tool(
        Icon::EditPosition,
        Phrase::EditPosition,
        "",
        Group::Records,
        || OnPress::send(crate::game::play::editor::EditPosition),
        always,
    ),
    tool(
        Icon::Help,
        Phrase::Shortcuts,
        "F1  ?",
        Group::App,
        || OnPress::send(HelpCommand),
        always,
    ),
    tool(
        Icon::Settings,
        Phrase::Settings,
        "O",
        Group::App,
        || OnPress::go(SettingsView::Open),
        always,
    ),
    tool(
        Icon::Menu,
        Phrase::Menu,
        "Esc",
        Group::App,
        || OnPress::send(GameCommand::Menu),
        always,
    ),
];

/// A toolbar button: its index in [`TOOLS`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolButton(pub usize);

/// A divider between groups.
#[derive(Component)]
struct Divider;

/// The side of a toolbar button, logical pixels.
pub const TOOL_PX: f32 = 38.0;

/// The toolbar: every tool of [`TOOLS`] (hidden ones are not displayed),
/// wrapping onto more rows when the panel is narrow. Its buttons are added
/// by this plugin once the bundle is spawned.
pub fn toolbar() -> impl Bundle {
    (
        Toolbar,
        Node {
            flex_wrap: FlexWrap::Wrap,
            align_items: AlignItems::Center,
            align_content: AlignContent::FlexStart,
            column_gap: Val::Px(5.0),
            row_gap: Val::Px(6.0),
            ..default()
        },
        Pickable::IGNORE,
    )
}

/// The toolbar's root.
#[derive(Component)]
pub struct Toolbar;

fn fill_toolbar(mut commands: Commands, bars: Query<Entity, Added<Toolbar>>, icons: Res<Icons>) {
    for bar in &bars {
        commands.entity(bar).with_children(|p| {
            for (i, t) in TOOLS.iter().enumerate() {
                if i > 0 && TOOLS[i - 1].group != t.group {
                    p.spawn(divider());
                }
                p.spawn(tool_button(i, icons.get(t.icon)));
            }
        });
    }
}

fn tool_button(i: usize, image: Handle<Image>) -> impl Bundle {
    let t = &TOOLS[i];
    (
        Button,
        ToolButton(i),
        Node {
            width: Val::Px(TOOL_PX),
            height: Val::Px(TOOL_PX),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(Val::Px(1.0)),
            border_radius: BorderRadius::all(Val::Px(8.0)),
            ..default()
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
        Toggled(false),
        (t.action)(),
        Tooltip {
            tip: t.tip,
            keys: t.keys,
        },
        children![(
            ImageNode::new(image).with_color(palette::TEXT),
            Node {
                width: Val::Px(22.0),
                height: Val::Px(22.0),
                ..default()
            },
            Pickable::IGNORE,
        )],
    )
}

fn divider() -> impl Bundle {
    (
        Divider,
        Node {
            width: Val::Px(1.0),
            height: Val::Px(TOOL_PX * 0.6),
            margin: UiRect::horizontal(Val::Px(3.0)),
            ..default()
        },
        BackgroundColor(palette::BUTTON_BORDER.with_alpha(0.6)),
        Pickable::IGNORE,
    )
}

/// The context of the game now.
pub fn tool_context(session: &Session, play: &Play, clocked: bool) -> ToolContext {
    ToolContext {
        mode: session.setup.mode,
        over: session.game.outcome().is_some(),
        puzzle: *play == Play::Puzzle,
        paused: session.paused,
        clocked,
    }
}

fn show_tools(
    session: Res<Session>,
    play: Res<State<Play>>,
    clock: Res<MatchClock>,
    mut buttons: Query<(&ToolButton, &mut Node)>,
    added: Query<(), Added<ToolButton>>,
    mut shown_for: Local<Option<ToolContext>>,
) {
    let context = tool_context(&session, play.get(), clock.clock.is_some());
    if added.is_empty() && *shown_for == Some(context) {
        return;
    }
    *shown_for = Some(context);
    for (b, mut node) in &mut buttons {
        set_display(&mut node, (TOOLS[b.0].shown)(&context));
    }
}

/// A divider that wrapping left at the start or end of a row is hidden (it
/// keeps its place, so the rows do not change).
fn tidy_dividers(
    bars: Query<&Children, With<Toolbar>>,
    items: Query<(&bevy::ui::UiGlobalTransform, &Node, Has<Divider>)>,
    mut vis: Query<&mut Visibility, With<Divider>>,
) {
    for children in &bars {
        // The shown items in order: their row (y) and whether each is a divider.
        let shown: Vec<(Entity, f32, bool)> = children
            .iter()
            .filter_map(|e| {
                let (at, node, divider) = items.get(e).ok()?;
                (node.display != Display::None).then_some((e, at.translation.y, divider))
            })
            .collect();
        for (i, &(e, y, divider)) in shown.iter().enumerate() {
            if !divider {
                continue;
            }
            let same_row = |j: Option<&(Entity, f32, bool)>| {
                j.is_some_and(|&(_, yj, d)| !d && (yj - y).abs() < 2.0)
            };
            let inside =
                same_row(i.checked_sub(1).and_then(|j| shown.get(j))) && same_row(shown.get(i + 1));
            if let Ok(mut v) = vis.get_mut(e) {
                v.set_if_neq(if inside {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(icon: Icon, context: &ToolContext) -> bool {
        TOOLS
            .iter()
            .find(|t| t.icon == icon)
            .is_some_and(|t| (t.shown)(context))
    }

    #[test]
    fn pause_is_offered_in_a_game_on_a_clock_and_in_ai_vs_ai_only() {
        let context = |mode, clocked, paused| ToolContext {
            mode,
            over: false,
            puzzle: false,
            paused,
            clocked,
        };
        assert!(!shown(Icon::Pause, &context(Mode::Hotseat, false, false)));
        assert!(shown(Icon::Pause, &context(Mode::Hotseat, true, false)));
        assert!(shown(Icon::Pause, &context(Mode::AiVsAi, false, false)));
        // Paused: Resume takes its place.
        assert!(!shown(Icon::Pause, &context(Mode::Red, true, true)));
        assert!(shown(Icon::Resume, &context(Mode::Red, true, true)));
        // An ended game has nothing to pause.
        let over = ToolContext {
            over: true,
            ..context(Mode::Red, true, false)
        };
        assert!(!shown(Icon::Pause, &over));
        assert!(shown(Icon::Export, &over));
    }
}
