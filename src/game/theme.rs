//! Look and feel: the palette, the fonts, the camera, the wood texture, and
//! the widgets (functions returning bundles) the screens are built from.

use super::Screen;
use super::i18n::{Lang, Text as T};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::BACKGROUND))
        .init_resource::<Fonts>()
        .init_resource::<WoodTexture>()
        .add_systems(
            Update,
            (button_colors, relabel).in_set(super::GameSet::Present),
        );
    // The camera exists before the first state's OnEnter runs. No multisampling:
    // 4× MSAA colour and depth targets cost about 40 MB at 1280×900 (resident memory
    // under software rendering), and a post-process blurs the pieces' characters.
    // Round and slanted edges are anti-aliased in their images instead (shapes.rs).
    app.world_mut().spawn((Camera2d, Msaa::Off));
}

/// Colours.
pub mod palette {
    use bevy::prelude::Color;

    pub const BACKGROUND: Color = Color::srgb(0.16, 0.13, 0.11);
    pub const PANEL: Color = Color::srgba(0.23, 0.19, 0.16, 0.96);
    pub const TEXT: Color = Color::srgb(0.95, 0.91, 0.84);
    pub const TEXT_DIM: Color = Color::srgb(0.72, 0.66, 0.58);
    pub const ACCENT: Color = Color::srgb(0.93, 0.70, 0.32);
    pub const BUTTON: Color = Color::srgb(0.33, 0.26, 0.21);
    pub const BUTTON_HOVER: Color = Color::srgb(0.44, 0.35, 0.27);
    pub const BUTTON_PRESS: Color = Color::srgb(0.56, 0.43, 0.30);
    pub const BUTTON_ON: Color = Color::srgb(0.70, 0.28, 0.20);
    pub const BUTTON_BORDER: Color = Color::srgb(0.55, 0.43, 0.31);

    pub const FRAME: Color = Color::srgb(0.45, 0.28, 0.14);
    pub const INK: Color = Color::srgb(0.32, 0.18, 0.08);

    pub const PIECE_FACE: Color = Color::srgb(0.97, 0.90, 0.76);
    pub const PIECE_RIM: Color = Color::srgb(0.55, 0.34, 0.16);
    pub const PIECE_SHADOW: Color = Color::srgba(0.12, 0.06, 0.02, 0.35);
    pub const RED_INK: Color = Color::srgb(0.72, 0.10, 0.08);
    pub const BLACK_INK: Color = Color::srgb(0.10, 0.09, 0.08);

    pub const MOVE_DOT: Color = Color::srgba(0.12, 0.50, 0.22, 0.85);
    pub const CAPTURE_RING: Color = Color::srgba(0.85, 0.15, 0.10, 0.85);
    pub const SELECT_RING: Color = Color::srgba(0.10, 0.55, 0.95, 0.95);
    pub const LAST_MOVE: Color = Color::srgba(0.05, 0.35, 0.80, 0.85);
    pub const CHECK_GLOW: Color = Color::srgba(1.0, 0.10, 0.05, 0.65);
    pub const ILLEGAL: Color = Color::srgba(0.85, 0.10, 0.05, 0.9);
    pub const OVERLAY: Color = Color::srgba(0.08, 0.06, 0.05, 0.55);
}

/// The project fonts (a CJK subset with its licence in `assets/fonts`),
/// embedded in the binary.
#[derive(Resource, Clone)]
pub struct Fonts {
    /// Engraved piece characters, river text, file numbers.
    pub pieces: Handle<Font>,
    /// Everything else.
    pub ui: Handle<Font>,
}

impl FromWorld for Fonts {
    fn from_world(world: &mut World) -> Self {
        let server = world.resource::<AssetServer>();
        Fonts {
            pieces: server.load(super::embedded::path("fonts/pieces.otf")),
            ui: server.load(super::embedded::path("fonts/ui.otf")),
        }
    }
}

impl Fonts {
    /// A UI text font at `px` logical pixels.
    pub fn ui(&self, px: f32) -> TextFont {
        TextFont {
            font: self.ui.clone().into(),
            font_size: FontSize::Px(px),
            ..default()
        }
    }

    /// The piece font at `px` logical pixels.
    pub fn pieces(&self, px: f32) -> TextFont {
        TextFont {
            font: self.pieces.clone().into(),
            font_size: FontSize::Px(px),
            ..default()
        }
    }
}

/// A procedurally generated wood grain for the board.
#[derive(Resource, Clone)]
pub struct WoodTexture(pub Handle<Image>);

impl FromWorld for WoodTexture {
    fn from_world(world: &mut World) -> Self {
        let image = wood_image(256, 256);
        WoodTexture(world.resource_mut::<Assets<Image>>().add(image))
    }
}

/// Warm wood: long wavy grain lines over a base tone, with a little noise.
fn wood_image(w: u32, h: u32) -> Image {
    let mut data = Vec::with_capacity((w * h * 4) as usize);
    let mut seed = 0x2545_f491_u32;
    let mut noise = || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        (seed % 1000) as f32 / 1000.0
    };
    for y in 0..h {
        for x in 0..w {
            let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
            let tau = std::f32::consts::TAU;
            let wave = (fx * tau * 2.0).sin() * 0.03 + (fx * tau * 5.0 + 1.3).sin() * 0.01;
            let grain = ((fy + wave) * 38.0 * tau).sin() * 0.5 + 0.5;
            let fine = ((fy + wave * 0.5) * 170.0 * tau).sin() * 0.5 + 0.5;
            let shade = 0.93 + 0.05 * grain + 0.02 * fine + 0.015 * noise();
            let base = [0.90_f32, 0.74, 0.50];
            for c in base {
                data.push((c * shade * 255.0).clamp(0.0, 255.0) as u8);
            }
            data.push(255);
        }
    }
    Image::new(
        Extent3d {
            width: w,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// A translated label; retranslated when the language changes.
#[derive(Component, Clone, Copy, Debug)]
pub struct Label(pub T);

/// A button whose colour shows a choice is on (menu choices, pause).
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Toggled(pub bool);

/// A button: rounded box with a centred translated label, carrying `action`.
pub fn button(label: T, lang: Lang, fonts: &Fonts, px: f32, action: impl Component) -> impl Bundle {
    let node = Node {
        padding: UiRect::axes(Val::Px(px * 0.8), Val::Px(px * 0.35)),
        ..default()
    };
    // The label is relabelled when the language changes.
    button_box(node, label.get(lang), fonts.ui(px), Label(label), action)
}

/// The look every button shares: a rounded box with a thin border and its
/// text centred, carrying `action`. `node` gives the size or padding; `extra`
/// goes on the text (a [`Label`] to follow the language, or `()`).
pub fn button_box(
    node: Node,
    text: impl Into<String>,
    font: TextFont,
    extra: impl Bundle,
    action: impl Component,
) -> impl Bundle {
    (
        Button,
        Node {
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(Val::Px(1.0)),
            border_radius: BorderRadius::all(Val::Px(6.0)),
            ..node
        },
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
        Toggled(false),
        action,
        children![(
            Text::new(text),
            // A label never wraps: a wrapped measure made buttons twice as tall.
            TextLayout::no_wrap(),
            font,
            TextColor(palette::TEXT),
            extra,
            Pickable::IGNORE,
        )],
    )
}

/// A line of translated text.
pub fn label(text: T, lang: Lang, font: TextFont, color: Color) -> impl Bundle {
    (
        Text::new(text.get(lang)),
        font,
        TextColor(color),
        Label(text),
        Pickable::IGNORE,
    )
}

fn button_colors(
    mut buttons: Query<
        (&Interaction, &Toggled, &mut BackgroundColor),
        (With<Button>, Or<(Changed<Interaction>, Changed<Toggled>)>),
    >,
) {
    for (interaction, toggled, mut bg) in &mut buttons {
        bg.0 = match (interaction, toggled.0) {
            (Interaction::Pressed, _) => palette::BUTTON_PRESS,
            (_, true) => palette::BUTTON_ON,
            (Interaction::Hovered, false) => palette::BUTTON_HOVER,
            (Interaction::None, false) => palette::BUTTON,
        };
    }
}

pub(super) fn relabel(lang: Res<Lang>, mut labels: Query<(&Label, &mut Text)>) {
    if !lang.is_changed() {
        return;
    }
    for (label, mut text) in &mut labels {
        let s = label.0.get(*lang);
        if text.0 != s {
            text.0 = s.to_string();
        }
    }
}

/// Shows or hides a node, touching it only when that changes.
pub fn set_display(node: &mut Mut<Node>, show: bool) {
    let want = if show { Display::Flex } else { Display::None };
    if node.display != want {
        node.display = want;
    }
}

/// The root of a screen that fills the window (menu, puzzles, saved games): a
/// centred column on the background colour, gone when the screen is left.
pub fn screen_root(screen: Screen) -> (Node, BackgroundColor, DespawnOnExit<Screen>) {
    (
        Node {
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: Val::Px(10.0),
            padding: UiRect::all(Val::Px(16.0)),
            ..default()
        },
        BackgroundColor(palette::BACKGROUND),
        DespawnOnExit(screen),
    )
}
