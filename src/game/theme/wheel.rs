//! Boxes that scroll: the mouse wheel scrolls the [`WheelScrolls`] box under
//! the pointer (the move list, the review card, the list screens' grids of
//! tiles, the editor's panel, the saved games), and a button the keyboard
//! focus reaches inside one is scrolled into view, so a player at 800×600
//! reaches every theme, puzzle and lesson with the wheel or with Tab.

use crate::game::theme::focus::Focus;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::picking::hover::HoverMap;
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (wheel_scroll, reveal_focus)
            .chain()
            .in_set(crate::game::GameSet::Input),
    );
}

/// A box the wheel scrolls (it has a [`ScrollPosition`] and scrolls on y).
#[derive(Component, Default)]
pub struct WheelScrolls;

/// Pixels one line of the wheel scrolls.
const LINE: f32 = 30.0;

/// Room kept beside a button scrolled into view, for its focus ring.
const MARGIN: f32 = 6.0;

/// How far `node` scrolls on y at most, in logical pixels.
fn hidden(node: &ComputedNode) -> f32 {
    ((node.content_size.y - node.size().y) * node.inverse_scale_factor()).max(0.0)
}

/// The nearest [`WheelScrolls`] box holding `e` (or `e` itself).
fn scroller(
    mut e: Entity,
    parents: &Query<&ChildOf>,
    boxes: &Query<(&mut ScrollPosition, &ComputedNode, &UiGlobalTransform), With<WheelScrolls>>,
) -> Option<Entity> {
    loop {
        if boxes.contains(e) {
            return Some(e);
        }
        e = parents.get(e).ok()?.parent();
    }
}

/// Scrolls each [`WheelScrolls`] box under the pointer, within its content.
fn wheel_scroll(
    mut wheel: MessageReader<MouseWheel>,
    hover: Option<Res<HoverMap>>,
    parents: Query<&ChildOf>,
    mut boxes: Query<(&mut ScrollPosition, &ComputedNode, &UiGlobalTransform), With<WheelScrolls>>,
) {
    let Some(hover) = hover else {
        wheel.clear();
        return;
    };
    // The frame's turns of the wheel, added up: the hover is the same for all.
    let dy: f32 = wheel
        .read()
        .map(|event| match event.unit {
            MouseScrollUnit::Line => event.y * LINE,
            MouseScrollUnit::Pixel => event.y,
        })
        .sum();
    if dy == 0.0 {
        return;
    }
    let mut hit = Vec::new();
    for hits in hover.values() {
        for &entity in hits.keys() {
            if let Some(b) = scroller(entity, &parents, &boxes)
                && !hit.contains(&b)
            {
                hit.push(b);
            }
        }
    }
    for e in hit {
        if let Ok((mut scroll, node, _)) = boxes.get_mut(e) {
            scroll.y = (scroll.y - dy).clamp(0.0, hidden(node));
        }
    }
}

/// When the keyboard focus moves to a button inside a [`WheelScrolls`] box
/// that shows only part of it, scrolls the box so the whole button shows.
fn reveal_focus(
    focus: Res<Focus>,
    parents: Query<&ChildOf>,
    items: Query<(&ComputedNode, &UiGlobalTransform), Without<WheelScrolls>>,
    mut boxes: Query<(&mut ScrollPosition, &ComputedNode, &UiGlobalTransform), With<WheelScrolls>>,
) {
    if !focus.is_changed() {
        return;
    }
    let Some(item) = focus.0 else {
        return;
    };
    let Some(b) = parents
        .get(item)
        .ok()
        .and_then(|p| scroller(p.parent(), &parents, &boxes))
    else {
        return;
    };
    let Ok((item_node, item_at)) = items.get(item) else {
        return;
    };
    let Ok((mut scroll, node, at)) = boxes.get_mut(b) else {
        return;
    };
    // Centres and sizes are in physical pixels, the scroll in logical ones.
    let (top, bottom) = (
        at.translation.y - node.size().y / 2.0,
        at.translation.y + node.size().y / 2.0,
    );
    let half = item_node.size().y / 2.0;
    let (item_top, item_bottom) = (item_at.translation.y - half, item_at.translation.y + half);
    let k = node.inverse_scale_factor();
    let by = if item_top < top {
        (item_top - top) * k - MARGIN
    } else if item_bottom > bottom {
        ((item_bottom - bottom) * k + MARGIN).min((item_top - top) * k)
    } else {
        return;
    };
    scroll.y = (scroll.y + by).clamp(0.0, hidden(node));
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::picking::backend::HitData;
    use bevy::picking::pointer::PointerId;
    use bevy::platform::collections::HashMap;

    /// A box 100 px high (scale 1) showing 400 px of content, centred at
    /// y = 150, with one item inside; the wheel and the focus plugins only.
    fn app() -> (App, Entity, Entity) {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<MouseWheel>()
            .init_resource::<Focus>()
            .init_resource::<HoverMap>()
            .add_plugins(plugin);
        let node = ComputedNode {
            size: Vec2::new(300.0, 100.0),
            content_size: Vec2::new(300.0, 400.0),
            inverse_scale_factor: 1.0,
            ..default()
        };
        let item_node = ComputedNode {
            size: Vec2::new(100.0, 40.0),
            inverse_scale_factor: 1.0,
            ..default()
        };
        let b = app
            .world_mut()
            .spawn((
                WheelScrolls,
                ScrollPosition::default(),
                node,
                UiGlobalTransform::from_translation(Vec2::new(150.0, 150.0)),
            ))
            .id();
        let item = app
            .world_mut()
            .spawn((
                item_node,
                UiGlobalTransform::from_translation(Vec2::new(150.0, 150.0)),
                ChildOf(b),
            ))
            .id();
        app.update();
        (app, b, item)
    }

    fn hover(app: &mut App, e: Entity) {
        let hit = HitData::new(e, 0.0, None, None);
        let mut map = HashMap::default();
        map.insert(PointerId::Mouse, [(e, hit)].into_iter().collect());
        *app.world_mut().resource_mut::<HoverMap>() = HoverMap(map);
    }

    fn wheel(app: &mut App, lines: f32) {
        app.world_mut().write_message(MouseWheel {
            unit: MouseScrollUnit::Line,
            x: 0.0,
            y: lines,
            window: Entity::PLACEHOLDER,
            phase: bevy::input::touch::TouchPhase::Moved,
        });
        app.update();
    }

    fn scrolled(app: &App, b: Entity) -> f32 {
        app.world().get::<ScrollPosition>(b).unwrap().y
    }

    #[test]
    fn the_wheel_scrolls_the_box_under_the_pointer_within_its_content() {
        let (mut app, b, item) = app();
        wheel(&mut app, -2.0);
        assert_eq!(scrolled(&app, b), 0.0, "nothing under the pointer");
        hover(&mut app, item);
        wheel(&mut app, -2.0);
        assert_eq!(scrolled(&app, b), 2.0 * LINE, "down two lines");
        wheel(&mut app, 1.0);
        assert_eq!(scrolled(&app, b), LINE, "up one");
        wheel(&mut app, -50.0);
        assert_eq!(scrolled(&app, b), 300.0, "no further than the content");
        wheel(&mut app, 50.0);
        assert_eq!(scrolled(&app, b), 0.0, "no further than the top");
    }

    fn place(app: &mut App, item: Entity, y: f32) {
        let at = UiGlobalTransform::from_translation(Vec2::new(150.0, y));
        app.world_mut().entity_mut(item).insert(at);
    }

    fn focus(app: &mut App, item: Option<Entity>) {
        app.world_mut().resource_mut::<Focus>().0 = item;
        app.update();
    }

    #[test]
    fn the_focus_scrolls_a_hidden_button_into_view() {
        let (mut app, b, item) = app();
        // The box shows y 100..200. An item at 260 (240..280) is below it.
        place(&mut app, item, 260.0);
        focus(&mut app, Some(item));
        assert_eq!(
            scrolled(&app, b),
            80.0 + MARGIN,
            "its bottom edge brought to the box's, and room for the ring"
        );
        // Shown already: nothing moves.
        place(&mut app, item, 150.0);
        focus(&mut app, None);
        focus(&mut app, Some(item));
        assert_eq!(scrolled(&app, b), 80.0 + MARGIN);
        // Above the box (scrolled past): back up to its top edge.
        place(&mut app, item, 70.0);
        focus(&mut app, None);
        focus(&mut app, Some(item));
        // Its top at 50: up by 50 and the ring's room.
        assert_eq!(
            scrolled(&app, b),
            80.0 + MARGIN - (50.0 + MARGIN),
            "to its top edge"
        );
    }
}
