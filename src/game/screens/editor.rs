//! The position editor, the view: the board (the drawn board of the
//! picture renderer, without pieces) with the arrangement on it, and a
//! panel beside it — the box of pieces of both sides with how many of each
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

use crate::game::board::engraving::engraving;
use crate::game::i18n::{Lang, Phrase, side_name};
use crate::game::play::editor::{Editor, EditorCommand};
use crate::game::play::session::MAX_LEVEL;
use crate::game::settings::CurrentLang;
use crate::game::settings::UserSettings;
use crate::game::theme::scale::{Scale, window_size};
use crate::game::theme::{
    Fonts, OnPress, Toggled, button, label, palette, screen_root, set_display,
};
use crate::game::{GameSet, Mode, Screen};
use crate::rules::setup::Setup;
use crate::rules::{Charset, Color as Side, Piece, Square};
use bevy::asset::RenderAssetUsages;
use bevy::picking::events::{Click, Drag, DragEnd, DragStart, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::PrimaryWindow;

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
                (respawn_on_resize, show_board, show_panel)
                    .chain()
                    .in_set(GameSet::Present),
            )
                .run_if(in_state(Screen::Editor)),
        );
}

/// The modes offered for Play, with their short names.
const MODES: [(Mode, Phrase); 4] = [
    (Mode::Red, Phrase::ModeRedShort),
    (Mode::Black, Phrase::ModeBlackShort),
    (Mode::Hotseat, Phrase::ModeHotseat),
    (Mode::AiVsAi, Phrase::ModeAiVsAi),
];

/// The board's picture, once for each orientation.
#[derive(Resource)]
struct BoardImages {
    normal: Handle<Image>,
    flipped: Handle<Image>,
}

impl FromWorld for BoardImages {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        let mut make = |flip: bool| {
            let image = match crate::render::empty_board_rgba(flip) {
                Ok((w, h, data)) => Image::new(
                    Extent3d {
                        width: w,
                        height: h,
                        depth_or_array_layers: 1,
                    },
                    TextureDimension::D2,
                    data,
                    TextureFormat::Rgba8UnormSrgb,
                    RenderAssetUsages::RENDER_WORLD,
                ),
                Err(e) => {
                    warn!("cannot draw the editor's board: {e}");
                    Image::default()
                }
            };
            images.add(image)
        };
        BoardImages {
            normal: make(false),
            flipped: make(true),
        }
    }
}

/// Where the board and the panel go in a window, in logical pixels (x
/// right, y down from the top-left corner).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Geometry {
    board: Rect,
    panel: Rect,
    /// Size of texts and buttons: 1 at 1280×900.
    s: f32,
}

/// The board picture's width over its height.
const BOARD_ASPECT: f32 = 630.0 / 690.0;

impl Geometry {
    fn for_window(size: Vec2) -> Geometry {
        let size = size.max(Vec2::new(320.0, 240.0));
        let pad = 10.0;
        let pw = (size.x * 0.36).clamp(280.0, 440.0).min(size.x * 0.6);
        let area = Vec2::new(size.x - pw - 2.0 * pad, size.y - 2.0 * pad).max(Vec2::splat(50.0));
        let h = area.y.min(area.x / BOARD_ASPECT).floor();
        let w = (h * BOARD_ASPECT).floor();
        let min = Vec2::new(pad + (area.x - w) / 2.0, (size.y - h) / 2.0).floor();
        Geometry {
            board: Rect::from_corners(min, min + Vec2::new(w, h)),
            panel: Rect::new(size.x - pw, 0.0, size.x, size.y),
            s: Scale::fit(size, Vec2::new(1280.0, 900.0), 0.62, 1.4).0,
        }
    }

    /// Where a point is drawn.
    fn point(&self, sq: Square, flipped: bool) -> Vec2 {
        let (fx, fy) = crate::render::board_point(sq, flipped);
        self.board.min + Vec2::new(fx, fy) * self.board.size()
    }

    /// Distance between neighbouring points.
    fn cell(&self) -> f32 {
        match (Square::new(0, 0), Square::new(1, 0)) {
            (Some(a), Some(b)) => {
                (crate::render::board_point(b, false).0 - crate::render::board_point(a, false).0)
                    * self.board.width()
            }
            _ => self.board.width() / 10.5,
        }
    }

    /// The point under `p`, if within half a cell of it.
    fn square_at(&self, p: Vec2, flipped: bool) -> Option<Square> {
        let half = self.cell() / 2.0;
        Square::all()
            .map(|sq| (sq, self.point(sq, flipped).distance(p)))
            .filter(|&(_, d)| d <= half)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(sq, _)| sq)
    }

    /// A piece's diameter on the board.
    fn piece(&self) -> f32 {
        (self.cell() * 0.9).round()
    }
}

/// The screen's root, with the geometry it was built for.
#[derive(Component)]
struct EditorRoot(Geometry);

/// The board picture.
#[derive(Component)]
struct BoardNode;

/// A piece on the board.
#[derive(Component, Clone, Copy)]
struct BoardPiece(Square, Piece);

/// A piece in the box.
#[derive(Component, Clone, Copy)]
struct BoxPiece(Piece);

/// The disc of a piece in the box (faded when none is left).
#[derive(Component, Clone, Copy)]
struct BoxDisc(Piece);

/// How many of a piece are left in the box.
#[derive(Component, Clone, Copy)]
struct BoxCount(Piece);

#[derive(Component, Clone, Copy)]
struct SideButton(Side);

#[derive(Component, Clone, Copy)]
struct ModeButton(Mode);

#[derive(Component, Clone, Copy)]
struct LevelButton(u8);

/// The level row (hidden for two players).
#[derive(Component)]
struct LevelRow;

#[derive(Component)]
struct FenLine;

#[derive(Component)]
struct StatusLine;

#[derive(Component)]
struct SavingLine;

/// A button offered only for a valid position.
#[derive(Component, Clone, Copy)]
struct NeedsValid(EditorCommand);

/// The piece following the pointer.
#[derive(Component)]
struct Ghost;

/// The drag in progress.
#[derive(Resource, Default)]
struct Dragging {
    piece: Option<Piece>,
    /// The point it was lifted from (`None`: from the box).
    from: Option<Square>,
}

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

fn spawn_editor(
    mut commands: Commands,
    look: Look,
    editor: Res<Editor>,
    window: Query<&Window, With<PrimaryWindow>>,
) {
    let g = Geometry::for_window(window_size(&window));
    spawn_at(&mut commands, &look, &editor, g);
}

fn respawn_on_resize(
    mut commands: Commands,
    look: Look,
    editor: Res<Editor>,
    window: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    roots: Query<(Entity, &EditorRoot)>,
    ghosts: Query<Entity, With<Ghost>>,
    mut dragging: ResMut<Dragging>,
) {
    let Ok(w) = window.single() else {
        return;
    };
    let g = Geometry::for_window(Vec2::new(w.width(), w.height()));
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

/// A piece as drawn in the UI: a lacquered disc with its character.
fn disc(piece: Piece, d: f32, fonts: &Fonts, charset: Charset) -> impl Bundle + use<> {
    let ink = match piece.color {
        Side::Red => palette::RED_INK,
        Side::Black => palette::BLACK_INK,
    };
    (
        Node {
            width: Val::Px(d),
            height: Val::Px(d),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(Val::Px((d * 0.06).max(1.5))),
            border_radius: BorderRadius::MAX,
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(palette::PIECE_FACE),
        BorderColor::all(palette::PIECE_RIM),
        BoxShadow::new(
            palette::PIECE_SHADOW,
            Val::Px(d * 0.03),
            Val::Px(d * 0.05),
            Val::Px(0.0),
            Val::Px(d * 0.05),
        ),
        Pickable::IGNORE,
        children![
            (
                Node {
                    position_type: PositionType::Absolute,
                    left: Val::Percent(6.0),
                    top: Val::Percent(6.0),
                    right: Val::Percent(6.0),
                    bottom: Val::Percent(6.0),
                    border: UiRect::all(Val::Px((d * 0.025).max(1.0))),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BorderColor::all(ink.with_alpha(0.75)),
                Pickable::IGNORE,
            ),
            (
                Text::new(engraving(piece, charset)),
                fonts.pieces((d * 0.56).round()),
                TextColor(ink),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            ),
        ],
    )
}

fn spawn_at(commands: &mut Commands, look: &Look, editor: &Editor, g: Geometry) {
    let lang = *look.lang;
    let fonts = &*look.fonts;
    let s = g.s;
    let px = |v: f32| (v * s).round();
    let mut root = screen_root(Screen::Editor);
    root.0.padding = UiRect::ZERO;
    let image = if editor.flipped {
        look.images.flipped.clone()
    } else {
        look.images.normal.clone()
    };
    commands.spawn((EditorRoot(g), root)).with_children(|root| {
        root.spawn((
            BoardNode,
            ImageNode::new(image),
            Node {
                position_type: PositionType::Absolute,
                left: Val::Px(g.board.min.x),
                top: Val::Px(g.board.min.y),
                width: Val::Px(g.board.width()),
                height: Val::Px(g.board.height()),
                ..default()
            },
            BoxShadow::new(
                Color::srgba(0.0, 0.0, 0.0, 0.5),
                Val::Px(0.0),
                Val::Px(4.0),
                Val::Px(0.0),
                Val::Px(14.0),
            ),
        ))
        .observe(on_board_click);
        root.spawn((
            Node {
                position_type: PositionType::Absolute,
                left: Val::Px(g.panel.min.x),
                top: Val::Px(0.0),
                width: Val::Px(g.panel.width()),
                height: Val::Percent(100.0),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Stretch,
                row_gap: Val::Px(px(9.0)),
                padding: UiRect::axes(Val::Px(px(14.0)), Val::Px(px(12.0))),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            ScrollPosition::default(),
            BackgroundColor(palette::PANEL),
        ))
        .with_children(|panel| {
            panel.spawn(label(
                Phrase::EditorTitle,
                lang,
                fonts.ui(px(24.0)),
                palette::ACCENT,
            ));
            panel.spawn(label(
                Phrase::EditorHint,
                lang,
                fonts.ui(px(13.0).max(11.0)),
                palette::TEXT_DIM,
            ));
            // The box: the side at the top of the board first.
            let sides = if editor.flipped {
                [Side::Red, Side::Black]
            } else {
                [Side::Black, Side::Red]
            };
            for side in sides {
                spawn_box_row(panel, side, look, g);
            }
            panel
                .spawn((row(px(6.0)), Pickable::IGNORE))
                .with_children(|r| {
                    let btn = |t: Phrase, c: EditorCommand| {
                        button(t, lang, fonts, px(15.0).max(12.0), OnPress::send(c))
                    };
                    r.spawn(btn(Phrase::ClearBoard, EditorCommand::Clear));
                    r.spawn(btn(Phrase::StartPosition, EditorCommand::StartPosition));
                    r.spawn(btn(Phrase::Flip, EditorCommand::Flip));
                });
            panel
                .spawn((row(px(6.0)), Pickable::IGNORE))
                .with_children(|r| {
                    r.spawn(label(
                        Phrase::SideToMove,
                        lang,
                        fonts.ui(px(15.0).max(12.0)),
                        palette::TEXT_DIM,
                    ));
                    for side in [Side::Red, Side::Black] {
                        r.spawn((
                            button(
                                if side == Side::Red {
                                    Phrase::Red
                                } else {
                                    Phrase::Black
                                },
                                lang,
                                fonts,
                                px(15.0).max(12.0),
                                OnPress::send(EditorCommand::SideToMove(side)),
                            ),
                            SideButton(side),
                        ));
                    }
                });
            panel.spawn((
                FenLine,
                Text::new(""),
                fonts.ui(px(13.0).max(11.0)),
                TextColor(palette::TEXT),
                TextLayout {
                    linebreak: LineBreak::AnyCharacter,
                    ..default()
                },
                Node {
                    padding: UiRect::axes(Val::Px(px(8.0)), Val::Px(px(5.0))),
                    border_radius: BorderRadius::all(Val::Px(5.0)),
                    ..default()
                },
                BackgroundColor(palette::BACKGROUND.with_alpha(0.7)),
                Pickable::IGNORE,
            ));
            panel.spawn((
                StatusLine,
                Text::new(""),
                fonts.ui(px(15.0).max(12.0)),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            ));
            panel.spawn((
                Node {
                    height: Val::Px(1.0),
                    flex_shrink: 0.0,
                    ..default()
                },
                BackgroundColor(palette::CARD_BORDER),
                Pickable::IGNORE,
            ));
            panel
                .spawn((row(px(5.0)), Pickable::IGNORE))
                .with_children(|r| {
                    for (mode, text) in MODES {
                        r.spawn((
                            button(
                                text,
                                lang,
                                fonts,
                                px(14.0).max(11.0),
                                OnPress::send(EditorCommand::Mode(mode)),
                            ),
                            ModeButton(mode),
                        ));
                    }
                });
            panel
                .spawn((
                    LevelRow,
                    Visibility::Inherited,
                    row(px(4.0)),
                    Pickable::IGNORE,
                ))
                .with_children(|r| {
                    r.spawn(label(
                        Phrase::Difficulty,
                        lang,
                        fonts.ui(px(14.0).max(11.0)),
                        palette::TEXT_DIM,
                    ));
                    for level in 1..=MAX_LEVEL {
                        let node = Node {
                            width: Val::Px(px(26.0).max(20.0)),
                            height: Val::Px(px(26.0).max(20.0)),
                            ..default()
                        };
                        r.spawn((
                            crate::game::theme::button_box(
                                node,
                                level.to_string(),
                                fonts.ui(px(14.0).max(11.0)),
                                (),
                                OnPress::send(EditorCommand::Level(level)),
                            ),
                            LevelButton(level),
                        ));
                    }
                });
            panel
                .spawn((row(px(6.0)), Pickable::IGNORE))
                .with_children(|r| {
                    for (t, c) in [
                        (Phrase::PlayPosition, EditorCommand::Play),
                        (Phrase::AnalysePosition, EditorCommand::Analyse),
                        (Phrase::CopyFen, EditorCommand::CopyFen),
                        (Phrase::SaveAsPuzzle, EditorCommand::SaveAsPuzzle),
                    ] {
                        r.spawn((
                            button(t, lang, fonts, px(16.0).max(12.0), OnPress::send(c)),
                            NeedsValid(c),
                        ));
                    }
                });
            panel.spawn((
                SavingLine,
                label(
                    Phrase::SavingPuzzle,
                    lang,
                    fonts.ui(px(13.0).max(11.0)),
                    palette::ACCENT,
                ),
                Node {
                    display: Display::None,
                    ..default()
                },
            ));
            panel.spawn((
                Node {
                    flex_grow: 1.0,
                    ..default()
                },
                Pickable::IGNORE,
            ));
            panel
                .spawn((row(0.0), Pickable::IGNORE))
                .with_children(|r| {
                    r.spawn(button(
                        Phrase::Back,
                        lang,
                        fonts,
                        px(17.0).max(13.0),
                        OnPress::send(EditorCommand::Back),
                    ));
                });
        });
    });
}

/// A row that wraps.
fn row(gap: f32) -> Node {
    Node {
        flex_wrap: FlexWrap::Wrap,
        align_items: AlignItems::Center,
        column_gap: Val::Px(gap),
        row_gap: Val::Px(gap),
        flex_shrink: 0.0,
        ..default()
    }
}

/// One side's pieces in the box: each a button (click: pick it up; drag:
/// put it on the board) with how many are left.
fn spawn_box_row(panel: &mut ChildSpawnerCommands, side: Side, look: &Look, g: Geometry) {
    let fonts = &*look.fonts;
    let charset = look.charset();
    let inner = g.panel.width() - 2.0 * (14.0 * g.s).round();
    // Seven tiles and their gaps across the panel.
    let tile = ((inner - 6.0 * 4.0) / 7.0).floor().clamp(30.0, 54.0);
    let d = (tile - 8.0).max(20.0);
    panel
        .spawn((
            Node {
                column_gap: Val::Px(4.0),
                flex_shrink: 0.0,
                ..default()
            },
            Pickable::IGNORE,
        ))
        .with_children(|r| {
            for piece in Setup::palette(side) {
                r.spawn((
                    Button,
                    BoxPiece(piece),
                    Node {
                        width: Val::Px(tile),
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        padding: UiRect::all(Val::Px(3.0)),
                        row_gap: Val::Px(1.0),
                        border: UiRect::all(Val::Px(1.0)),
                        border_radius: BorderRadius::all(Val::Px(6.0)),
                        ..default()
                    },
                    BackgroundColor(palette::BUTTON),
                    BorderColor::all(palette::BUTTON_BORDER),
                    Toggled(false),
                    OnPress::send(PickUp(piece)),
                    children![
                        (disc(piece, d, fonts, charset), BoxDisc(piece)),
                        (
                            BoxCount(piece),
                            Text::new(""),
                            fonts.ui((12.0 * g.s).round().max(10.0)),
                            TextColor(palette::TEXT),
                            TextLayout::no_wrap(),
                            Pickable::IGNORE,
                        ),
                    ],
                ))
                .observe(on_drag_start)
                .observe(on_drag)
                .observe(on_drag_end);
            }
        });
}

/// The pieces on the board, the picture for the orientation.
fn show_board(
    mut commands: Commands,
    look: Look,
    editor: Res<Editor>,
    roots: Query<&EditorRoot>,
    mut board: Query<(Entity, &mut ImageNode), With<BoardNode>>,
    added: Query<(), Added<BoardNode>>,
    pieces: Query<Entity, With<BoardPiece>>,
) {
    let Ok(EditorRoot(g)) = roots.single() else {
        return;
    };
    let Ok((board_entity, mut image)) = board.single_mut() else {
        return;
    };
    let settings_changed = look.settings.as_ref().is_some_and(|s| s.is_changed());
    if !editor.is_changed() && added.is_empty() && !settings_changed {
        return;
    }
    let want = if editor.flipped {
        &look.images.flipped
    } else {
        &look.images.normal
    };
    if image.image != *want {
        image.image = want.clone();
    }
    for e in &pieces {
        commands.entity(e).despawn();
    }
    let d = g.piece();
    let charset = look.charset();
    for (sq, piece) in editor.setup.pieces() {
        let at = g.point(sq, editor.flipped) - g.board.min - Vec2::splat(d / 2.0);
        let e = commands
            .spawn((
                BoardPiece(sq, piece),
                Node {
                    position_type: PositionType::Absolute,
                    left: Val::Px(at.x),
                    top: Val::Px(at.y),
                    width: Val::Px(d),
                    height: Val::Px(d),
                    ..default()
                },
                children![disc(piece, d, &look.fonts, charset)],
            ))
            .observe(on_drag_start)
            .observe(on_drag)
            .observe(on_drag_end)
            .id();
        commands.entity(board_entity).add_child(e);
    }
}

/// Counts, toggles, the FEN, the verdict, and the actions a valid position allows.
fn show_panel(
    mut commands: Commands,
    editor: Res<Editor>,
    picked: Res<Picked>,
    lang: CurrentLang,
    mut counts: Query<
        (&BoxCount, &mut Text, &mut TextColor),
        (Without<FenLine>, Without<StatusLine>),
    >,
    mut toggles: Query<(
        &mut Toggled,
        Option<&BoxPiece>,
        Option<&SideButton>,
        Option<&ModeButton>,
        Option<&LevelButton>,
    )>,
    mut fen: Query<&mut Text, (With<FenLine>, Without<StatusLine>, Without<BoxCount>)>,
    mut status: Query<
        (&mut Text, &mut TextColor),
        (With<StatusLine>, Without<FenLine>, Without<BoxCount>),
    >,
    mut saving: Query<&mut Node, With<SavingLine>>,
    mut levels: Query<&mut Visibility, With<LevelRow>>,
    actions: Query<(Entity, &NeedsValid, Has<Button>, &Children)>,
    mut texts: Query<&mut TextColor, (Without<BoxCount>, Without<StatusLine>)>,
    fresh: Query<(), Added<StatusLine>>,
    mut discs: Query<(&BoxDisc, &mut BackgroundColor, &mut BorderColor)>,
) {
    if !editor.is_changed() && !picked.is_changed() && !lang.is_changed() && fresh.is_empty() {
        return;
    }
    let lang = *lang;
    for (count, mut text, mut color) in &mut counts {
        let n = editor.setup.in_box(count.0);
        let want = format!("×{n}");
        text.set_if_neq(Text(want));
        let c = if n == 0 {
            palette::TEXT_DIM.with_alpha(0.6)
        } else {
            palette::TEXT
        };
        color.set_if_neq(TextColor(c));
    }
    for (disc, mut face, mut rim) in &mut discs {
        let alpha = if editor.setup.in_box(disc.0) == 0 {
            0.35
        } else {
            1.0
        };
        face.0.set_alpha(alpha);
        let want = BorderColor::all(palette::PIECE_RIM.with_alpha(alpha));
        rim.set_if_neq(want);
    }
    for (mut toggled, piece, side, mode, level) in &mut toggles {
        let on = if let Some(p) = piece {
            picked.0 == Some(p.0)
        } else if let Some(s) = side {
            editor.setup.side_to_move == s.0
        } else if let Some(m) = mode {
            editor.mode == m.0
        } else if let Some(l) = level {
            editor.level == l.0
        } else {
            continue;
        };
        toggled.set_if_neq(Toggled(on));
    }
    let st = editor.status();
    for mut text in &mut fen {
        text.set_if_neq(Text(st.fen.clone()));
    }
    let (line, color) = match &st.error {
        None => (
            format!(
                "✓ {} · {}{}",
                Phrase::PositionValid.get(lang),
                side_name(editor.setup.side_to_move, lang),
                match lang {
                    Lang::Zh => Phrase::SideToMove.get(lang).to_string(),
                    Lang::En => format!(" {}", Phrase::ToMove.get(lang)),
                }
            ),
            Color::srgb(0.60, 0.86, 0.52),
        ),
        Some(e) => (
            format!("{}: {e}", Phrase::PositionInvalid.get(lang)),
            Color::srgb(1.0, 0.55, 0.50),
        ),
    };
    for (mut text, mut c) in &mut status {
        text.set_if_neq(Text(line.clone()));
        c.set_if_neq(TextColor(color));
    }
    for mut node in &mut saving {
        set_display(&mut node, editor.saving());
    }
    // No AI for two players: the levels are hidden, keeping their place so
    // the buttons below stay where they were.
    for mut vis in &mut levels {
        let want = if editor.mode == Mode::Hotseat {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        vis.set_if_neq(want);
    }
    // An action a position does not allow is greyed, left out of Tab, and
    // does nothing.
    for (e, needs, is_button, children) in &actions {
        let on = st.valid();
        if on != is_button {
            if on {
                commands.entity(e).insert((
                    Button,
                    OnPress::send(needs.0),
                    BackgroundColor(palette::BUTTON),
                ));
            } else {
                commands.entity(e).remove::<(Button, OnPress)>().insert((
                    BackgroundColor(palette::BUTTON.with_alpha(0.35)),
                    Interaction::None,
                ));
            }
        }
        for child in children.iter() {
            if let Ok(mut c) = texts.get_mut(child) {
                let want = if on {
                    palette::TEXT
                } else {
                    palette::TEXT_DIM.with_alpha(0.55)
                };
                c.set_if_neq(TextColor(want));
            }
        }
    }
}

/// The pointer's position in the window, if it is in one.
fn pointer_at(location: &bevy::picking::pointer::Location) -> Vec2 {
    location.position
}

fn on_drag_start(
    ev: On<Pointer<DragStart>>,
    mut commands: Commands,
    look: Look,
    roots: Query<&EditorRoot>,
    box_pieces: Query<&BoxPiece>,
    mut board_pieces: Query<(&BoardPiece, &mut Visibility)>,
    mut dragging: ResMut<Dragging>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    let Ok(EditorRoot(g)) = roots.single() else {
        return;
    };
    let (piece, from) = if let Ok(b) = box_pieces.get(ev.entity) {
        (b.0, None)
    } else if let Ok((b, mut vis)) = board_pieces.get_mut(ev.entity) {
        *vis = Visibility::Hidden;
        (b.1, Some(b.0))
    } else {
        return;
    };
    *dragging = Dragging {
        piece: Some(piece),
        from,
    };
    let d = g.piece();
    let at = pointer_at(&ev.pointer_location) - Vec2::splat(d / 2.0);
    commands.spawn((
        Ghost,
        Node {
            position_type: PositionType::Absolute,
            left: Val::Px(at.x),
            top: Val::Px(at.y),
            width: Val::Px(d),
            height: Val::Px(d),
            ..default()
        },
        UiTransform::from_scale(Vec2::splat(1.08)),
        GlobalZIndex(30),
        Pickable::IGNORE,
        DespawnOnExit(Screen::Editor),
        children![disc(piece, d, &look.fonts, look.charset())],
    ));
}

fn on_drag(
    ev: On<Pointer<Drag>>,
    roots: Query<&EditorRoot>,
    mut ghosts: Query<&mut Node, With<Ghost>>,
) {
    let Ok(EditorRoot(g)) = roots.single() else {
        return;
    };
    let d = g.piece();
    let at = pointer_at(&ev.pointer_location) - Vec2::splat(d / 2.0);
    for mut node in &mut ghosts {
        node.left = Val::Px(at.x);
        node.top = Val::Px(at.y);
    }
}

fn on_drag_end(
    ev: On<Pointer<DragEnd>>,
    mut commands: Commands,
    editor: Res<Editor>,
    roots: Query<&EditorRoot>,
    ghosts: Query<Entity, With<Ghost>>,
    mut board_pieces: Query<&mut Visibility, With<BoardPiece>>,
    mut dragging: ResMut<Dragging>,
    mut out: MessageWriter<EditorCommand>,
) {
    if ev.button != PointerButton::Primary {
        return;
    }
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    for mut vis in &mut board_pieces {
        if *vis == Visibility::Hidden {
            *vis = Visibility::Inherited;
        }
    }
    let Dragging { piece, from } = std::mem::take(&mut *dragging);
    let (Some(piece), Ok(EditorRoot(g))) = (piece, roots.single()) else {
        return;
    };
    let to = g.square_at(pointer_at(&ev.pointer_location), editor.flipped);
    let command = match (from, to) {
        (None, Some(to)) => EditorCommand::Place(to, piece),
        (None, None) => return,
        (Some(from), Some(to)) if from == to => return,
        (Some(from), Some(to)) => EditorCommand::Move { from, to },
        // Dragged off the board: back into the box.
        (Some(from), None) => EditorCommand::Remove(from),
    };
    out.write(command);
}

/// Right click: take the piece off. Left click with a piece picked from
/// the box: put one down there.
fn on_board_click(
    ev: On<Pointer<Click>>,
    editor: Res<Editor>,
    picked: Res<Picked>,
    roots: Query<&EditorRoot>,
    mut out: MessageWriter<EditorCommand>,
) {
    let Ok(EditorRoot(g)) = roots.single() else {
        return;
    };
    let Some(sq) = g.square_at(pointer_at(&ev.pointer_location), editor.flipped) else {
        return;
    };
    match ev.button {
        PointerButton::Secondary if editor.setup.piece(sq).is_some() => {
            out.write(EditorCommand::Remove(sq));
        }
        PointerButton::Primary => {
            if let Some(piece) = picked.0 {
                out.write(EditorCommand::Place(sq, piece));
            }
        }
        _ => {}
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

/// Esc: put back what is picked up, else leave.
fn editor_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut picked: ResMut<Picked>,
    mut out: MessageWriter<EditorCommand>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        if picked.0.is_some() {
            picked.0 = None;
        } else {
            out.write(EditorCommand::Back);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_maps_back_to_itself_and_the_board_fits_beside_the_panel() {
        for size in [
            Vec2::new(1280.0, 900.0),
            Vec2::new(800.0, 600.0),
            Vec2::new(1920.0, 1080.0),
        ] {
            let g = Geometry::for_window(size);
            assert!(g.board.max.x <= g.panel.min.x, "{size}: {g:?}");
            assert!(g.board.min.y >= 0.0 && g.board.max.y <= size.y, "{size}");
            assert!(g.cell() > 40.0, "{size}: cell {}", g.cell());
            for flipped in [false, true] {
                for sq in Square::all() {
                    let p = g.point(sq, flipped);
                    assert_eq!(g.square_at(p, flipped), Some(sq));
                    let near = p + Vec2::new(0.3, -0.3) * g.cell();
                    assert_eq!(g.square_at(near, flipped), Some(sq));
                }
                // Off the board: no point.
                assert_eq!(g.square_at(g.panel.center(), flipped), None);
            }
        }
    }
}
