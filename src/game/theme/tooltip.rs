//! Tooltips and the pointer's shape.
//!
//! A button with a [`Tooltip`] shows its words (in the current language) and
//! its shortcut in a small dark label under it, or above it near the foot of
//! the window, after the pointer has rested on it a moment, or at once when
//! the keyboard focus reaches it.
//!
//! The pointer becomes a hand over any button; the board asks for its own
//! shapes (a hand over a piece that may move, a closed hand while dragging)
//! through [`PointerWish`].

use crate::game::i18n::Phrase;
use crate::game::settings::CurrentLang;
use crate::game::theme::focus::Focus;
use crate::game::theme::scale::window_size;
use crate::game::theme::{Fonts, palette};
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;
use bevy::window::{CursorIcon, PrimaryWindow, SystemCursorIcon};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PointerWish>()
        .add_systems(Startup, spawn_tip)
        .add_systems(
            Update,
            (show_tip, set_cursor).in_set(crate::game::GameSet::Present),
        );
}

/// Seconds the pointer rests on a button before its tooltip shows.
const TIP_DELAY: f32 = 0.45;

/// What a button's tooltip says: its name and, if it has one, its shortcut.
#[derive(Component, Clone, Copy, Debug)]
pub struct Tooltip {
    pub tip: Phrase,
    pub keys: &'static str,
}

/// The pointer shape the board would like (none: the arrow).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointerWish(pub Option<SystemCursorIcon>);

/// The one tooltip label.
#[derive(Component)]
struct TipBox;

fn spawn_tip(mut commands: Commands, fonts: Res<Fonts>) {
    commands.spawn((
        TipBox,
        Node {
            position_type: PositionType::Absolute,
            display: Display::None,
            padding: UiRect::axes(Val::Px(9.0), Val::Px(5.0)),
            border_radius: BorderRadius::all(Val::Px(5.0)),
            border: UiRect::all(Val::Px(1.0)),
            ..default()
        },
        BackgroundColor(palette::TOOLTIP),
        BorderColor::all(palette::CARD_BORDER),
        GlobalZIndex(60),
        Pickable::IGNORE,
        children![(
            Text::new(""),
            TextLayout::no_wrap(),
            fonts.ui(14.0),
            TextColor(palette::TEXT),
            Pickable::IGNORE,
        )],
    ));
}

fn show_tip(
    time: Res<Time>,
    lang: CurrentLang,
    focus: Option<Res<Focus>>,
    window: Query<&Window, With<PrimaryWindow>>,
    buttons: Query<(
        Entity,
        &Interaction,
        &Tooltip,
        &ComputedNode,
        &UiGlobalTransform,
    )>,
    mut tip: Query<(&mut Node, &ComputedNode, &Children), With<TipBox>>,
    mut texts: Query<&mut Text>,
    mut rest: Local<(Option<Entity>, f32)>,
) {
    let Ok((mut node, tip_size, children)) = tip.single_mut() else {
        return;
    };
    let hovered = buttons
        .iter()
        .find(|(_, i, ..)| **i != Interaction::None)
        .map(|(e, ..)| e);
    if hovered != rest.0 {
        *rest = (hovered, 0.0);
    } else {
        rest.1 += time.delta_secs();
    }
    let focused = focus.and_then(|f| f.0).filter(|e| buttons.contains(*e));
    let shown = match hovered {
        Some(e) if rest.1 >= TIP_DELAY => Some(e),
        Some(_) => None,
        None => focused,
    };
    let Some((_, _, tooltip, size, at)) = shown.and_then(|e| buttons.get(e).ok()) else {
        crate::game::theme::set_display(&mut node, false);
        return;
    };
    let want = if tooltip.keys.is_empty() {
        tooltip.tip.get(*lang).to_string()
    } else {
        format!("{}  {}", tooltip.tip.get(*lang), tooltip.keys)
    };
    for child in children.iter() {
        if let Ok(mut text) = texts.get_mut(child)
            && text.0 != want
        {
            text.0.clone_from(&want);
        }
    }
    // Physical pixels to logical.
    let k = size.inverse_scale_factor();
    let centre = at.translation * k;
    let half = size.size() * k / 2.0;
    let own = tip_size.size() * tip_size.inverse_scale_factor();
    let win = window_size(&window);
    let left = (centre.x - own.x / 2.0).clamp(4.0, (win.x - own.x - 4.0).max(4.0));
    let below = centre.y + half.y + 6.0;
    let top = if below + own.y > win.y - 4.0 {
        centre.y - half.y - own.y - 6.0
    } else {
        below
    };
    let (l, t) = (Val::Px(left.round()), Val::Px(top.round()));
    if node.left != l || node.top != t {
        node.left = l;
        node.top = t;
    }
    crate::game::theme::set_display(&mut node, true);
}

/// A hand over buttons, else what the board wishes.
fn set_cursor(
    mut commands: Commands,
    window: Query<(Entity, Option<&CursorIcon>), With<PrimaryWindow>>,
    buttons: Query<&Interaction, With<Button>>,
    wish: Res<PointerWish>,
) {
    let Ok((win, current)) = window.single() else {
        return;
    };
    let over_button = buttons.iter().any(|i| *i != Interaction::None);
    let want = if over_button {
        SystemCursorIcon::Pointer
    } else {
        wish.0.unwrap_or_default()
    };
    let want = CursorIcon::System(want);
    if current != Some(&want) {
        commands.entity(win).insert(want);
    }
}
