//! The position editor, the view: the board (the drawn board of the
//! picture renderer, without pieces, where a game's board is: see
//! [`place`]) with the arrangement on it, and a panel beside it (under it
//! in a tall window) — the box of pieces of both sides with how many of each
//! are left, Clear / Start position / Flip, who moves first, the FEN and
//! the verdict on it (the FEN reader's own words when something is wrong),
//! the mode and level to play it with, and Play / Analyse / Copy FEN /
//! Save as puzzle, offered only for a valid position.
//!
//! Pointer: drag a piece from the box onto a point, or from point to
//! point; drag it off the board or right-click it to take it off. A click
//! on a piece in the box picks it up for clicking onto points. Keyboard:
//! Tab walks every button (the pieces in the box included), Enter presses,
//! Esc drops what is picked up, else goes back.

mod board;
mod panel;
mod place;
mod show;

use crate::game::board::layout::BoardLayout;
use crate::game::play::editor::{Editor, EditorCommand};
use crate::game::settings::CurrentLang;
use crate::game::settings::UserSettings;
use crate::game::theme::{Fonts, screen_root};
use crate::game::{GameSet, Screen};
use crate::rules::{Charset, Piece};
use bevy::prelude::*;
use board::{Dragging, Ghost};
use place::{BoardImages, Placement};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardImages>()
        .init_resource::<Dragging>()
        .init_resource::<Picked>()
        .add_message::<PickUp>()
        .add_systems(OnEnter(Screen::Editor), spawn_editor)
        .add_systems(OnExit(Screen::Editor), forget_gesture)
        .add_systems(
            Update,
            (
                (editor_keys, pick_up).in_set(GameSet::Input),
                (
                    respawn_on_resize,
                    board::show_board,
                    show::show_panel,
                    show::show_level_steps,
                    show::show_level_name,
                )
                    .chain()
                    .in_set(GameSet::Present),
            )
                .run_if(in_state(Screen::Editor)),
        );
}

/// The screen's root, with where it put the board and the panel.
#[derive(Component)]
struct EditorRoot(Placement);

/// A piece in the box.
#[derive(Component, Clone, Copy)]
struct BoxPiece(Piece);

/// The piece picked from the box by a click, put down by clicks on points.
#[derive(Resource, Default, PartialEq, Eq)]
struct Picked(Option<Piece>);

/// Pick a piece from the box (again: put it back).
#[derive(Message, Clone, Copy)]
struct PickUp(Piece);

#[derive(bevy::ecs::system::SystemParam)]
struct Look<'w> {
    fonts: Res<'w, Fonts>,
    lang: CurrentLang<'w>,
    images: Res<'w, BoardImages>,
    settings: Option<Res<'w, UserSettings>>,
}

impl Look<'_> {
    fn charset(&self) -> Charset {
        self.settings
            .as_ref()
            .map_or(Charset::Traditional, |s| s.charset())
    }
}

fn spawn_editor(mut commands: Commands, look: Look, editor: Res<Editor>, layout: Res<BoardLayout>) {
    spawn_at(&mut commands, &look, &editor, Placement::of(&layout));
}

fn respawn_on_resize(
    mut commands: Commands,
    look: Look,
    editor: Res<Editor>,
    layout: Res<BoardLayout>,
    roots: Query<(Entity, &EditorRoot)>,
    ghosts: Query<Entity, With<Ghost>>,
    mut dragging: ResMut<Dragging>,
) {
    if !layout.is_changed() {
        return;
    }
    let g = Placement::of(&layout);
    let Ok((root, old)) = roots.single() else {
        return;
    };
    if old.0 != g {
        commands.entity(root).despawn();
        for e in &ghosts {
            commands.entity(e).despawn();
        }
        *dragging = Dragging::default();
        spawn_at(&mut commands, &look, &editor, g);
    }
}

fn forget_gesture(mut dragging: ResMut<Dragging>, mut picked: ResMut<Picked>) {
    *dragging = Dragging::default();
    picked.0 = None;
}

/// The screen: the board where the game's layout puts it, the panel beside
/// (or under) it.
fn spawn_at(commands: &mut Commands, look: &Look, editor: &Editor, g: Placement) {
    let mut root = screen_root(Screen::Editor);
    root.0.padding = UiRect::ZERO;
    let mut panel_id = None;
    commands.spawn((EditorRoot(g), root)).with_children(|root| {
        root.spawn(board::board_node(&g, look, editor.flipped))
            .observe(board::on_board_click);
        panel_id = Some(
            root.spawn(panel::panel_node(&g))
                .with_children(|p| panel::spawn_panel(p, look, editor, &g))
                .id(),
        );
    });
    // The opening explorer for the arrangement, at the end of the panel
    // (shown while the explorer is on: its button or E).
    let card = crate::game::panel::explorer::spawn_card(commands, &look.fonts, Screen::Editor);
    if let Some(panel) = panel_id {
        commands.entity(panel).add_child(card);
    }
}

fn pick_up(mut requests: MessageReader<PickUp>, mut picked: ResMut<Picked>) {
    for &PickUp(piece) in requests.read() {
        picked.0 = if picked.0 == Some(piece) {
            None
        } else {
            Some(piece)
        };
    }
}

/// Esc: put back what is picked up, else leave. E: the opening explorer.
fn editor_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut picked: ResMut<Picked>,
    mut out: MessageWriter<EditorCommand>,
    mut explorer: MessageWriter<crate::game::play::explorer::ExplorerCommand>,
) {
    if keys.just_pressed(KeyCode::KeyE) {
        explorer.write(crate::game::play::explorer::ExplorerCommand::Toggle);
    }
    if keys.just_pressed(KeyCode::Escape) {
        if picked.0.is_some() {
            picked.0 = None;
        } else {
            out.write(EditorCommand::Back);
        }
    }
}
