//! Keyboard focus: Tab and Shift+Tab walk every visible button in the order
//! the screen lists them (its UI tree, depth first), Enter or Space presses
//! the focused one, Esc lets go of it, and a ring (an [`Outline`]) shows
//! which one has it. A visible [`FocusTrap`] (a card over the screen) keeps
//! the focus inside it. A mouse press hides the ring.
//!
//! These keys are read in `PreUpdate`, before any screen sees them: a key
//! used here is taken out of `ButtonInput` so the same Enter does not also
//! start a game or move a piece.
//!
//! Why not `bevy::input_focus::tab_navigation` (read in bevy_input_focus
//! 0.19.1, `tab_navigation.rs`): its walk (`gather_focusable`) visits every
//! entity with a [`TabIndex`](bevy::input_focus::tab_navigation::TabIndex)
//! whatever its `Display` or `Visibility`, so Tab would land on the many
//! buttons this game hides with `Display::None` (the browsing row, the
//! cards of other modes); a modal `TabGroup` only holds the focus once it is
//! already inside the group (`navigate` looks up the group of the current
//! focus), while a card shown here must take the focus from the screen under
//! it; it reads Tab through `FocusedInput<KeyboardInput>` observers, so it
//! cannot take Enter or Space out of `ButtonInput` before the screens read
//! them; and it presses nothing (Enter and Space are ours in any case).
//! Using it would mean a `TabIndex` on every button, a `TabGroup` on every
//! root and these three gaps filled by hand beside it.

use crate::game::theme::palette;
use crate::game::theme::widget::OnPress;
use bevy::input::InputSystems;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Focus>().add_systems(
        PreUpdate,
        (focus_keys, drop_focus_on_click, show_ring)
            .chain()
            .after(InputSystems),
    );
}

/// The button that has the keyboard focus.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Focus(pub Option<Entity>);

/// A card over the screen: while it is shown, Tab stays inside it.
#[derive(Component, Default)]
pub struct FocusTrap;

/// The buttons Tab visits, in order: the visible [`Button`]s of the UI tree
/// (inside the visible [`FocusTrap`], if any), depth first, roots in the
/// order they were made.
pub fn focus_order(world_nodes: &FocusQuery) -> Vec<Entity> {
    let mut roots: Vec<Entity> = world_nodes
        .roots
        .iter()
        .filter(|e| world_nodes.visible(*e))
        .collect();
    roots.sort();
    // The last trap shown wins (a card over a card).
    let mut traps: Vec<Entity> = world_nodes
        .traps
        .iter()
        .filter(|&e| world_nodes.shown_with_ancestors(e))
        .collect();
    traps.sort();
    let starts = match traps.last() {
        Some(&trap) => vec![trap],
        None => roots,
    };
    let mut out = Vec::new();
    for root in starts {
        world_nodes.walk(root, &mut out);
    }
    out
}

/// What [`focus_order`] reads.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FocusQuery<'w, 's> {
    roots: Query<'w, 's, Entity, (With<Node>, Without<ChildOf>)>,
    traps: Query<'w, 's, Entity, With<FocusTrap>>,
    nodes: Query<
        'w,
        's,
        (
            &'static Node,
            Option<&'static Visibility>,
            Option<&'static Children>,
            Has<Button>,
            Option<&'static ChildOf>,
        ),
    >,
}

impl FocusQuery<'_, '_> {
    fn visible(&self, e: Entity) -> bool {
        match self.nodes.get(e) {
            Ok((node, vis, ..)) => {
                node.display != Display::None && vis != Some(&Visibility::Hidden)
            }
            Err(_) => false,
        }
    }

    fn shown_with_ancestors(&self, mut e: Entity) -> bool {
        loop {
            if !self.visible(e) {
                return false;
            }
            match self.nodes.get(e) {
                Ok((.., Some(parent))) => e = parent.parent(),
                _ => return true,
            }
        }
    }

    fn walk(&self, e: Entity, out: &mut Vec<Entity>) {
        if !self.visible(e) {
            return;
        }
        let Ok((_, _, children, is_button, _)) = self.nodes.get(e) else {
            return;
        };
        if is_button {
            out.push(e);
            return;
        }
        if let Some(children) = children {
            for child in children.iter() {
                self.walk(child, out);
            }
        }
    }
}

fn held(keys: &ButtonInput<KeyCode>, a: KeyCode, b: KeyCode) -> bool {
    keys.any_pressed([a, b]) || keys.any_just_released([a, b]) || keys.any_just_pressed([a, b])
}

/// Tab / Shift+Tab move the focus; Enter / Space press the focused button; Esc drops it.
pub(crate) fn focus_keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut focus: ResMut<Focus>,
    nodes: FocusQuery,
    actions: Query<&OnPress>,
    mut commands: Commands,
) {
    let order = focus_order(&nodes);
    // A focused button that went away (or out of a trap) has no focus.
    if let Some(e) = focus.0
        && !order.contains(&e)
    {
        focus.0 = None;
    }
    if keys.just_pressed(KeyCode::Tab) {
        keys.clear_just_pressed(KeyCode::Tab);
        if order.is_empty() {
            return;
        }
        let back = held(&keys, KeyCode::ShiftLeft, KeyCode::ShiftRight);
        let n = order.len();
        let at = focus.0.and_then(|e| order.iter().position(|&o| o == e));
        let next = match (at, back) {
            (None, false) => 0,
            (None, true) => n - 1,
            (Some(i), false) => (i + 1) % n,
            (Some(i), true) => (i + n - 1) % n,
        };
        focus.0 = Some(order[next]);
        return;
    }
    let Some(focused) = focus.0 else {
        return;
    };
    for key in [KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space] {
        if keys.just_pressed(key) {
            keys.clear_just_pressed(key);
            if let Ok(action) = actions.get(focused) {
                action.run(&mut commands);
            }
            return;
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        keys.clear_just_pressed(KeyCode::Escape);
        focus.0 = None;
    }
}

fn drop_focus_on_click(mouse: Option<Res<ButtonInput<MouseButton>>>, mut focus: ResMut<Focus>) {
    if mouse.is_some_and(|m| m.get_just_pressed().next().is_some()) && focus.0.is_some() {
        focus.0 = None;
    }
}

/// The ring around the focused button.
fn show_ring(
    focus: Res<Focus>,
    mut commands: Commands,
    rings: Query<Entity, With<FocusRing>>,
    exists: Query<(), With<Node>>,
) {
    if !focus.is_changed() {
        return;
    }
    for e in &rings {
        if Some(e) != focus.0 {
            commands.entity(e).remove::<(FocusRing, Outline)>();
        }
    }
    if let Some(e) = focus.0
        && exists.contains(e)
    {
        commands.entity(e).insert((
            FocusRing,
            Outline::new(Val::Px(2.5), Val::Px(2.0), palette::FOCUS),
        ));
    }
}

/// Marks the entity wearing the focus ring.
#[derive(Component)]
struct FocusRing;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
    struct Pressed(u8);

    #[derive(Resource, Default)]
    struct Log(Vec<u8>);

    fn log(mut pressed: MessageReader<Pressed>, mut log: ResMut<Log>) {
        log.0.extend(pressed.read().map(|p| p.0));
    }

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<Log>()
            .add_message::<Pressed>()
            .add_plugins(plugin)
            .add_systems(Update, log);
        app
    }

    fn button(n: u8) -> impl Bundle {
        (Button, Node::default(), OnPress::send(Pressed(n)))
    }

    fn tap(app: &mut App, keys: &[KeyCode]) {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for &k in keys {
            input.press(k);
        }
        app.update();
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        for &k in keys {
            input.release(k);
        }
        input.clear();
    }

    fn focused(app: &App) -> Option<Entity> {
        app.world().resource::<Focus>().0
    }

    #[test]
    fn tab_walks_the_visible_buttons_in_tree_order_and_enter_presses() {
        let mut app = app();
        let world = app.world_mut();
        let a = world.spawn(button(1)).id();
        let hidden_row = world
            .spawn((
                Node {
                    display: Display::None,
                    ..default()
                },
                children![button(9)],
            ))
            .id();
        let row = world
            .spawn((Node::default(), children![button(2), button(3)]))
            .id();
        let hidden = world.spawn((button(8), Visibility::Hidden)).id();
        let root = world.spawn(Node::default()).id();
        world
            .entity_mut(root)
            .add_children(&[a, hidden_row, row, hidden]);
        let row_buttons: Vec<Entity> = world
            .entity(row)
            .get::<Children>()
            .expect("children")
            .iter()
            .collect();
        app.update();

        let want = [a, row_buttons[0], row_buttons[1]];
        for (i, &w) in want.iter().chain(want.iter()).enumerate() {
            tap(&mut app, &[KeyCode::Tab]);
            assert_eq!(focused(&app), Some(w), "tab {i}");
        }
        // Shift+Tab goes back, wrapping at the start.
        tap(&mut app, &[KeyCode::ShiftLeft, KeyCode::Tab]);
        assert_eq!(focused(&app), Some(row_buttons[0]));
        tap(&mut app, &[KeyCode::ShiftLeft, KeyCode::Tab]);
        tap(&mut app, &[KeyCode::ShiftLeft, KeyCode::Tab]);
        assert_eq!(focused(&app), Some(row_buttons[1]));
        // The ring is on the focused button only.
        assert!(app.world().entity(row_buttons[1]).contains::<Outline>());
        assert!(!app.world().entity(a).contains::<Outline>());

        // Enter presses it, and the key is taken: no one else sees it.
        tap(&mut app, &[KeyCode::Enter]);
        app.update();
        assert_eq!(app.world().resource::<Log>().0, vec![3]);
        // Esc lets go of the focus; Enter then presses nothing.
        tap(&mut app, &[KeyCode::Escape]);
        assert_eq!(focused(&app), None);
        tap(&mut app, &[KeyCode::Enter]);
        app.update();
        assert_eq!(app.world().resource::<Log>().0, vec![3]);
        assert!(!app.world().entity(row_buttons[1]).contains::<Outline>());
    }

    #[test]
    fn a_shown_card_keeps_the_focus_inside_it() {
        let mut app = app();
        let world = app.world_mut();
        let behind = world.spawn(button(1)).id();
        let card = world
            .spawn((Node::default(), FocusTrap, children![button(2), button(3)]))
            .id();
        let inside: Vec<Entity> = world
            .entity(card)
            .get::<Children>()
            .expect("children")
            .iter()
            .collect();
        app.update();
        for want in [inside[0], inside[1], inside[0]] {
            tap(&mut app, &[KeyCode::Tab]);
            assert_eq!(focused(&app), Some(want));
        }
        // The card closes: the focus goes back to the screen.
        app.world_mut().entity_mut(card).despawn();
        tap(&mut app, &[KeyCode::Tab]);
        assert_eq!(focused(&app), Some(behind));
    }
}
