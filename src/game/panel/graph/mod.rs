//! The evaluation graph of a reviewed game, in the panel: Red's expected
//! score at every position (Red's advantage up, the middle line level),
//! from [`crate::engine::review::GameReview::curve`] — mate scores are
//! already the edges of that scale, and the drawing keeps a small margin
//! from them. Mistakes and blunders are dots in their colour on the curve;
//! the position shown on the board is a bright vertical line. A press or a
//! drag on the graph shows that position ([`BrowseCommand`]).
//!
//! The review card places a [`slot`]; this plugin fills it. What is drawn is
//! [`graph_data`], which the tests compare with the analysis.

use crate::engine::review::Judgement;
use crate::game::board::layout::BoardLayout;
use crate::game::play::browse::{Browse, BrowseCommand, shown_ply};
use crate::game::play::game_review::{GameReviewState, ReviewedGame};
use crate::game::play::session::Session;
use crate::game::theme::judgement::judgement_color;
use crate::game::theme::shape::{Shape, fill, plain, sized};
use crate::game::theme::{palette, set_display};
use crate::game::{GameSet, Screen};
use bevy::picking::events::{Drag, Pointer, Press};
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use curve::{curve_image, y_of};

mod curve;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(on_press)
        .add_observer(on_drag)
        .add_systems(
            Update,
            (fill_slot, draw_graph)
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Height of the graph in logical pixels (in a small window, the second).
pub const GRAPH_HEIGHT: (f32, f32) = (64.0, 40.0);

/// What the graph shows.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphData {
    /// Red's expected score (0..=1) at every position, start to end.
    pub values: Vec<f32>,
    /// Mistakes and blunders: the position after the move (its index in
    /// `values`) and the verdict.
    pub marks: Vec<(usize, Judgement)>,
    /// The position shown on the board (an index in `values`).
    pub current: usize,
}

/// The graph of `reviewed` with `shown` (a ply) marked.
pub fn graph_data(reviewed: &ReviewedGame, shown: usize) -> GraphData {
    let values: Vec<f32> = reviewed
        .curve
        .iter()
        .map(|&v| v.clamp(0.0, 1.0) as f32)
        .collect();
    let marks = reviewed
        .review
        .moves
        .iter()
        .filter(|m| m.judgement.is_serious())
        .map(|m| (m.ply + 1, m.judgement))
        .collect();
    GraphData {
        current: shown.min(values.len().saturating_sub(1)),
        values,
        marks,
    }
}

/// Where the review card puts the graph.
#[derive(Component)]
pub struct GraphSlot;

/// The bundle the review card places.
pub fn slot() -> impl Bundle {
    (
        GraphSlot,
        sized(Val::Percent(100.0), Val::Px(GRAPH_HEIGHT.0)).flex_shrink(0.0),
        Pickable::IGNORE,
    )
}

/// The box the curve is drawn in (pressed and dragged on).
#[derive(Component)]
struct GraphArea;

/// The shown position's line.
#[derive(Component)]
struct CurrentLine;

/// A mistake's dot.
#[derive(Component)]
struct MarkDot;

fn fill_slot(
    mut commands: Commands,
    slots: Query<Entity, Added<GraphSlot>>,
    mut images: ResMut<Assets<Image>>,
) {
    for slot in &slots {
        let image = images.add(curve_image(&[]));
        commands.entity(slot).with_children(|p| {
            p.spawn((
                GraphArea,
                fill()
                    .border(UiRect::all(Val::Px(1.0)))
                    .border_radius(BorderRadius::all(Val::Px(4.0)))
                    .overflow(Overflow::clip()),
                BorderColor::all(palette::BUTTON_BORDER),
                BackgroundColor(palette::SHADE.with_alpha(0.25)),
                ImageNode::new(image).with_mode(NodeImageMode::Stretch),
                Pickable {
                    should_block_lower: true,
                    is_hoverable: true,
                },
            ))
            .with_children(|g| {
                g.spawn((
                    CurrentLine,
                    plain()
                        .position_type(PositionType::Absolute)
                        .top(Val::Px(0.0))
                        .bottom(Val::Px(0.0))
                        .width(Val::Px(2.0))
                        .margin(UiRect::left(Val::Px(-1.0))),
                    BackgroundColor(palette::ACCENT),
                    Pickable::IGNORE,
                ));
            });
        });
    }
}

/// Redraws the curve when the review changes and moves the marks.
fn draw_graph(
    mut commands: Commands,
    state: Res<GameReviewState>,
    session: Res<Session>,
    browse: Res<Browse>,
    layout: Res<BoardLayout>,
    mut slots: Query<&mut Node, (With<GraphSlot>, Without<CurrentLine>)>,
    areas: Query<(Entity, &ImageNode), With<GraphArea>>,
    mut lines: Query<&mut Node, (With<CurrentLine>, Without<GraphSlot>)>,
    dots: Query<Entity, With<MarkDot>>,
    mut images: ResMut<Assets<Image>>,
    mut drawn: Local<Option<(Vec<f32>, Vec<(usize, Judgement)>)>>,
) {
    let reviewed = state.for_session(&session);
    let height = Val::Px(if layout.compact_panel() {
        GRAPH_HEIGHT.1
    } else {
        GRAPH_HEIGHT.0
    });
    for mut node in &mut slots {
        set_display(&mut node, reviewed.is_some());
        if node.height != height {
            node.height = height;
        }
    }
    let Some(reviewed) = reviewed else {
        *drawn = None;
        return;
    };
    let data = graph_data(reviewed, shown_ply(&session, Some(&browse)));
    let n = data.values.len();
    let x_of = |i: usize| {
        if n > 1 {
            i as f32 / (n - 1) as f32 * 100.0
        } else {
            50.0
        }
    };
    // Centred on its position, but inside the box at either end.
    let x = x_of(data.current);
    let nudge = Val::Px(if x <= 0.0 {
        0.0
    } else if x >= 100.0 {
        -2.0
    } else {
        -1.0
    });
    for mut line in &mut lines {
        let left = Val::Percent(x);
        if line.left != left || line.margin.left != nudge {
            line.left = left;
            line.margin.left = nudge;
        }
    }
    let key = (data.values.clone(), data.marks.clone());
    if drawn.as_ref() == Some(&key) {
        return;
    }
    *drawn = Some(key);
    for (area, image) in &areas {
        if let Some(mut img) = images.get_mut(&image.image) {
            *img = curve_image(&data.values);
        }
        for dot in &dots {
            commands.entity(dot).despawn();
        }
        commands.entity(area).with_children(|g| {
            for &(i, j) in &data.marks {
                let v = data.values.get(i).copied().unwrap_or(0.5);
                g.spawn(mark_dot(x_of(i), y_of(v) * 100.0, j));
            }
        });
    }
}

/// A verdict's dot on the curve, at `x`, `y` per cent of the graph.
fn mark_dot(x: f32, y: f32, j: Judgement) -> impl Bundle {
    (
        MarkDot,
        sized(Val::Px(8.0), Val::Px(8.0))
            .position_type(PositionType::Absolute)
            .left(Val::Percent(x))
            .top(Val::Percent(y))
            .margin(UiRect {
                left: Val::Px(-4.0),
                top: Val::Px(-4.0),
                ..default()
            })
            .border(UiRect::all(Val::Px(1.0)))
            .border_radius(BorderRadius::MAX),
        BackgroundColor(judgement_color(j)),
        BorderColor::all(palette::SHADE.with_alpha(0.7)),
        Pickable::IGNORE,
    )
}

/// The position under the pointer, as a review command.
fn jump(
    entity: Entity,
    position: Vec2,
    areas: &Query<(&ComputedNode, &UiGlobalTransform), With<GraphArea>>,
    state: &GameReviewState,
    session: Option<&Session>,
    out: &mut MessageWriter<BrowseCommand>,
) {
    let (Ok((node, transform)), Some(session)) = (areas.get(entity), session) else {
        return;
    };
    let Some(reviewed) = state.for_session(session) else {
        return;
    };
    // Pointer positions are logical; the node's geometry is physical.
    let scale = 1.0 / node.inverse_scale_factor().max(f32::EPSILON);
    let Some(p) = node.normalize_point(*transform, position * scale) else {
        return;
    };
    let n = reviewed.curve.len();
    if n == 0 {
        return;
    }
    let f = (p.x + 0.5).clamp(0.0, 1.0);
    let ply = (f * (n - 1) as f32).round() as usize;
    out.write(if ply >= session.game.ply() {
        BrowseCommand::Exit
    } else {
        BrowseCommand::Goto(ply)
    });
}

fn on_press(
    press: On<Pointer<Press>>,
    areas: Query<(&ComputedNode, &UiGlobalTransform), With<GraphArea>>,
    state: Res<GameReviewState>,
    session: Option<Res<Session>>,
    mut out: MessageWriter<BrowseCommand>,
) {
    jump(
        press.entity,
        press.pointer_location.position,
        &areas,
        &state,
        session.as_deref(),
        &mut out,
    );
}

fn on_drag(
    drag: On<Pointer<Drag>>,
    areas: Query<(&ComputedNode, &UiGlobalTransform), With<GraphArea>>,
    state: Res<GameReviewState>,
    session: Option<Res<Session>>,
    mut out: MessageWriter<BrowseCommand>,
) {
    jump(
        drag.entity,
        drag.pointer_location.position,
        &areas,
        &state,
        session.as_deref(),
        &mut out,
    );
}
