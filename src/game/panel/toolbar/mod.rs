//! The game screen's toolbar: a row of drawn icons with tooltips in both
//! languages, one for each command of the game.
//!
//! The toolbar is the table [`TOOLS`] (in `tools.rs`): an entry names its
//! icon, its tooltip, its shortcut (shown in the tooltip and the help
//! card), what it does and when it is shown. A later feature (analysis,
//! review, clock…) adds its button with one line there (and, for a new
//! picture, a variant in [`crate::game::theme::Icon`] drawn in
//! `theme/icons/strokes.rs`). Entries of different groups are set apart by
//! a thin divider.

use crate::game::board::layout::BoardLayout;
use crate::game::play::Play;
use crate::game::play::clock::MatchClock;
use crate::game::play::session::Session;
use crate::game::theme::layout::{self, Orientation, row};
use crate::game::theme::shape::{Shape, sized};
use crate::game::theme::{Icons, Toggled, Tooltip, palette, set_display};
use crate::game::{GameSet, Screen};
use bevy::prelude::*;

mod tools;

pub use tools::{TOOLS, ToolContext, tool_context};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<HelpCommand>().add_systems(
        Update,
        (fill_toolbar, show_tools, tidy_dividers, fit_tools)
            .chain()
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Open or close the help card (F1, ?, the toolbar's button).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpCommand;

/// A toolbar button: its index in [`TOOLS`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolButton(pub usize);

/// A divider between groups.
#[derive(Component)]
struct Divider;

/// The side of a toolbar button, logical pixels.
pub const TOOL_PX: f32 = 38.0;
/// The side in a short panel (800×600): seven to a row instead of five,
/// so the move list keeps its rows.
const COMPACT_TOOL_PX: f32 = 30.0;

/// A toolbar button's icon.
#[derive(Component)]
struct ToolIcon;

/// The side of the buttons and of their icons for the window's panel.
fn tool_sizes(layout: &BoardLayout) -> (f32, f32) {
    if layout.compact_panel() {
        (COMPACT_TOOL_PX, 18.0)
    } else {
        (TOOL_PX, 22.0)
    }
}

/// Keeps the buttons' size in step with the window.
fn fit_tools(
    layout: Option<Res<BoardLayout>>,
    mut buttons: Query<&mut Node, (With<ToolButton>, Without<ToolIcon>)>,
    mut icons: Query<&mut Node, (With<ToolIcon>, Without<ToolButton>)>,
    added: Query<(), Added<ToolButton>>,
) {
    // Without a board (a test of the toolbar alone) the buttons keep their size.
    let Some(layout) = layout else {
        return;
    };
    if !layout.is_changed() && added.is_empty() {
        return;
    }
    let (button, icon) = tool_sizes(&layout);
    for mut node in &mut buttons {
        if node.width != Val::Px(button) {
            node.width = Val::Px(button);
            node.height = Val::Px(button);
        }
    }
    for mut node in &mut icons {
        if node.width != Val::Px(icon) {
            node.width = Val::Px(icon);
            node.height = Val::Px(icon);
        }
    }
}

/// The toolbar: every tool of [`TOOLS`] (hidden ones are not displayed),
/// wrapping onto more rows when the panel is narrow. Its buttons are added
/// by this plugin once the bundle is spawned.
pub fn toolbar() -> impl Bundle {
    (
        Toolbar,
        row(5.0)
            .flex_wrap(FlexWrap::Wrap)
            .align_content(AlignContent::FlexStart)
            .row_gap(Val::Px(6.0)),
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
        sized(Val::Px(TOOL_PX), Val::Px(TOOL_PX))
            .justify_content(JustifyContent::Center)
            .align_items(AlignItems::Center)
            .border(UiRect::all(Val::Px(1.0)))
            .border_radius(BorderRadius::all(Val::Px(8.0))),
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
        Toggled(false),
        (t.action)(),
        Tooltip {
            tip: t.tip,
            keys: t.keys,
        },
        children![(
            ToolIcon,
            ImageNode::new(image).with_color(palette::TEXT),
            sized(Val::Px(22.0), Val::Px(22.0)),
            Pickable::IGNORE,
        )],
    )
}

fn divider() -> impl Bundle {
    (
        Divider,
        layout::divider(
            Orientation::Vertical,
            Some(TOOL_PX * 0.6),
            3.0,
            palette::BUTTON_BORDER.with_alpha(0.6),
        ),
    )
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
        set_display(&mut node, TOOLS[b.0].shown_in(&context));
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
