//! The mouse wheel scrolls the box under the pointer: the move list, and
//! the review card when a short panel gives it less room than it needs.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::picking::hover::HoverMap;
use bevy::prelude::*;

/// A box the wheel scrolls (it has a [`ScrollPosition`] and scrolls on y).
#[derive(Component)]
pub struct WheelScrolls;

/// Scrolls each [`WheelScrolls`] box under the pointer, within its content.
pub(super) fn wheel_scroll(
    mut wheel: MessageReader<MouseWheel>,
    hover: Res<HoverMap>,
    parents: Query<&ChildOf>,
    mut boxes: Query<(&mut ScrollPosition, &ComputedNode), With<WheelScrolls>>,
) {
    for event in wheel.read() {
        let dy = match event.unit {
            MouseScrollUnit::Line => event.y * 24.0,
            MouseScrollUnit::Pixel => event.y,
        };
        let mut hit = Vec::new();
        for hits in hover.values() {
            for &entity in hits.keys() {
                // Walk up from the hovered entity to a box that scrolls.
                let mut e = entity;
                loop {
                    if boxes.contains(e) {
                        if !hit.contains(&e) {
                            hit.push(e);
                        }
                        break;
                    }
                    match parents.get(e) {
                        Ok(p) => e = p.parent(),
                        Err(_) => break,
                    }
                }
            }
        }
        for e in hit {
            if let Ok((mut scroll, node)) = boxes.get_mut(e) {
                let hidden = (node.content_size.y - node.size().y) * node.inverse_scale_factor();
                scroll.y = (scroll.y - dy).clamp(0.0, hidden.max(0.0));
            }
        }
    }
}
