//! The drawn board and the pointer on it.
//!
//! The board is a textured sprite (wood, ebony or paper, as the board
//! theme says; the one pickable surface) under its decoration
//! ([`crate::game::board::decor`]), which is rebuilt when the window size,
//! the orientation or the theme changes, so lines stay one or two whole
//! pixels wide at any size. The window round the board takes the theme's
//! background.
//!
//! Pointer events on the surface are turned into [`BoardInput`] messages:
//! a click on a point, or a drag of a piece from one point to another.

use crate::game::board::decor::{BoardDecor, spawn_decor};
use crate::game::board::layout::BoardLayout;
use crate::game::board::z;
use crate::game::i18n::Lang;
use crate::game::play::analysis::{Analysis, AnalysisCommand};
use crate::game::play::session::{BoardInput, Session};
use crate::game::settings::UserSettings;
use crate::game::theme::{BoardTextures, Fonts, palette};
use crate::game::{GameSet, Screen};
use crate::render::BoardTheme;
use crate::rules::Square;
use bevy::picking::events::{Click, Drag, DragEnd, Pointer, Press};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::sprite::{SpritePickingMode, SpritePickingSettings};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(SpritePickingSettings {
        require_markers: false,
        picking_mode: SpritePickingMode::BoundingBox,
    })
    .init_resource::<Gesture>()
    .add_systems(OnEnter(Screen::Playing), spawn_surface)
    .add_systems(OnExit(Screen::Playing), reset_gesture)
    .add_systems(
        Update,
        (
            redraw_board
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
            follow_theme_background.in_set(GameSet::Present),
        ),
    );
}

/// Pixels the pointer must travel before a press becomes a drag.
const DRAG_THRESHOLD: f32 = 6.0;

/// The pickable wood surface.
#[derive(Component)]
pub struct BoardSurface;

/// The pointer gesture in progress on the board.
#[derive(Resource, Default, Debug)]
pub struct Gesture {
    /// The point pressed.
    pub pressed: Option<Square>,
    /// A piece is being dragged from `pressed`.
    pub dragging: bool,
    /// Where the dragged piece is, in world units.
    pub drag_world: Vec2,
}

fn reset_gesture(mut gesture: ResMut<Gesture>) {
    *gesture = Gesture::default();
}

/// The board theme in force (the classic wood without settings).
fn theme_of(settings: Option<&UserSettings>) -> BoardTheme {
    settings.map_or(BoardTheme::default(), |s| s.board_theme)
}

fn spawn_surface(
    mut commands: Commands,
    textures: Res<BoardTextures>,
    settings: Option<Res<UserSettings>>,
) {
    commands
        .spawn((
            BoardSurface,
            Sprite {
                image: textures.get(theme_of(settings.as_deref())),
                custom_size: Some(Vec2::ONE),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, z::SURFACE),
            Pickable::default(),
            DespawnOnExit(Screen::Playing),
        ))
        .observe(on_press)
        .observe(on_click)
        .observe(on_drag)
        .observe(on_drag_end);
}

fn pointer_world(camera: &(&Camera, &GlobalTransform), viewport: Vec2) -> Option<Vec2> {
    camera.0.viewport_to_world_2d(camera.1, viewport).ok()
}

fn on_press(
    press: On<Pointer<Press>>,
    layout: Res<BoardLayout>,
    session: Option<Res<Session>>,
    mut gesture: ResMut<Gesture>,
) {
    if press.button != PointerButton::Primary {
        return;
    }
    let (Some(session), Some(hit)) = (session, press.hit.position) else {
        return;
    };
    *gesture = Gesture {
        pressed: layout.square_at(hit.truncate(), session.flipped),
        dragging: false,
        drag_world: hit.truncate(),
    };
}

fn on_click(
    click: On<Pointer<Click>>,
    layout: Res<BoardLayout>,
    session: Option<Res<Session>>,
    gesture: Res<Gesture>,
    mut input: MessageWriter<BoardInput>,
    analysis: Option<Res<Analysis>>,
    mut exclude: MessageWriter<AnalysisCommand>,
) {
    let Some(session) = session else {
        return;
    };
    match click.button {
        PointerButton::Secondary => {
            // On the head of an analysis arrow: that line's move is left
            // out of the search. Elsewhere: the selection is dropped.
            let square = click
                .hit
                .position
                .and_then(|p| layout.square_at(p.truncate(), session.flipped));
            let line = square.and_then(|sq| {
                analysis
                    .as_deref()?
                    .lines()
                    .iter()
                    .position(|l| l.pv.first().is_some_and(|m| m.to() == sq))
            });
            match line {
                Some(k) => {
                    exclude.write(AnalysisCommand::Exclude(k));
                }
                None => {
                    input.write(BoardInput::Deselect);
                }
            }
        }
        PointerButton::Primary if !gesture.dragging => {
            let square = click
                .hit
                .position
                .and_then(|p| layout.square_at(p.truncate(), session.flipped));
            let event = match square {
                Some(sq) => BoardInput::Click(sq),
                None => BoardInput::Deselect,
            };
            debug!("board click at {:?}: {event:?}", click.hit.position);
            input.write(event);
        }
        _ => {}
    }
}

fn on_drag(
    drag: On<Pointer<Drag>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    session: Option<Res<Session>>,
    mut gesture: ResMut<Gesture>,
    mut input: MessageWriter<BoardInput>,
) {
    if drag.button != PointerButton::Primary {
        return;
    }
    let (Some(session), Some(from)) = (session, gesture.pressed) else {
        return;
    };
    let Some(world) = pointer_world(&camera, drag.pointer_location.position) else {
        return;
    };
    if !gesture.dragging {
        let pos = session.position();
        let own = pos
            .piece_at(from)
            .is_some_and(|p| p.color == pos.side_to_move());
        if drag.distance.length() < DRAG_THRESHOLD || !own || !session.human_to_move() {
            return;
        }
        gesture.dragging = true;
        input.write(BoardInput::DragStart(from));
    }
    gesture.drag_world = world;
}

fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    camera: Single<(&Camera, &GlobalTransform)>,
    layout: Res<BoardLayout>,
    session: Option<Res<Session>>,
    mut gesture: ResMut<Gesture>,
    mut input: MessageWriter<BoardInput>,
) {
    if end.button != PointerButton::Primary {
        return;
    }
    if let (Some(session), Some(from), true) = (session, gesture.pressed, gesture.dragging) {
        let to = pointer_world(&camera, end.pointer_location.position)
            .and_then(|w| layout.square_at(w, session.flipped));
        input.write(BoardInput::Drop { from, to });
    }
    *gesture = Gesture::default();
}

/// The window's background follows the board theme.
fn follow_theme_background(settings: Option<Res<UserSettings>>, mut clear: ResMut<ClearColor>) {
    let want = palette::board_background(theme_of(settings.as_deref()));
    if clear.0 != want {
        clear.0 = want;
    }
}

/// What the decoration was last drawn for.
#[derive(Default, PartialEq, Clone, Copy)]
struct DrawnFor {
    layout: Option<BoardLayout>,
    flipped: bool,
    theme: BoardTheme,
}

fn redraw_board(
    mut commands: Commands,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    fonts: Res<Fonts>,
    settings: Option<Res<UserSettings>>,
    textures: Res<BoardTextures>,
    mut images: ResMut<Assets<Image>>,
    decor: Query<Entity, With<BoardDecor>>,
    mut surface: Query<(&mut Sprite, &mut Transform), With<BoardSurface>>,
    mut drawn: Local<DrawnFor>,
) {
    let theme = theme_of(settings.as_deref());
    let want = DrawnFor {
        layout: Some(*layout),
        flipped: session.flipped,
        theme,
    };
    let fresh_surface = surface
        .iter()
        .any(|(s, _)| s.custom_size == Some(Vec2::ONE));
    if *drawn == want && !fresh_surface && !decor.is_empty() {
        return;
    }
    *drawn = want;
    for e in &decor {
        commands.entity(e).despawn();
    }
    for (mut sprite, mut tf) in &mut surface {
        sprite.custom_size = Some(layout.board_size());
        sprite.image = textures.get(theme);
        tf.translation = layout.center.extend(z::SURFACE);
    }
    let lang = settings
        .as_deref()
        .map_or(Lang::default(), UserSettings::lang);
    let look = (&*fonts, theme, lang);
    spawn_decor(&mut commands, &mut images, &layout, session.flipped, look);
}
