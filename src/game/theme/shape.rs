//! A box's own measures, set one by one on what a layout function gives:
//! `column(4.0).width(Val::Percent(100.0)).flex_shrink(0.0)`. Screens build
//! their boxes from [`plain`] and the shapes of [`super::layout`] with these
//! setters (named after the [`Node`] fields they set) instead of writing a
//! `Node` out.

use bevy::prelude::*;

/// An empty box: it takes its size from its content, lays it out in a row
/// and has no gaps, padding or border until given them.
pub fn plain() -> Node {
    Node::default()
}

/// The same box, filling its parent: 100 % wide and high.
pub fn fill() -> Node {
    sized(Val::Percent(100.0), Val::Percent(100.0))
}

/// A box of a fixed size, `width` by `height`.
pub fn sized(width: Val, height: Val) -> Node {
    plain().width(width).height(height)
}

/// A spacer: an empty box that grows to take the room left in its row or
/// column.
pub fn spacer() -> Node {
    plain().flex_grow(1.0)
}

/// A box that is not shown (until `set_display` shows it).
pub fn hidden() -> Node {
    plain().display(Display::None)
}

/// Defines [`Shape`] with one setter per field.
macro_rules! setters {
    ($($name:ident: $ty:ty,)*) => {
        /// Setters of a [`Node`]'s fields, each returning the box.
        pub trait Shape: Sized {
            $(
                #[doc = concat!("Sets `", stringify!($name), "`.")]
                fn $name(self, value: $ty) -> Self;
            )*
        }

        impl Shape for Node {
            $(
                fn $name(mut self, value: $ty) -> Self {
                    self.$name = value;
                    self
                }
            )*
        }
    };
}

setters! {
    display: Display,
    position_type: PositionType,
    overflow: Overflow,
    left: Val,
    right: Val,
    top: Val,
    bottom: Val,
    width: Val,
    height: Val,
    min_width: Val,
    min_height: Val,
    max_width: Val,
    max_height: Val,
    aspect_ratio: Option<f32>,
    align_items: AlignItems,
    align_self: AlignSelf,
    align_content: AlignContent,
    justify_content: JustifyContent,
    margin: UiRect,
    padding: UiRect,
    border: UiRect,
    border_radius: BorderRadius,
    flex_direction: FlexDirection,
    flex_wrap: FlexWrap,
    flex_grow: f32,
    flex_shrink: f32,
    flex_basis: Val,
    row_gap: Val,
    column_gap: Val,
}
