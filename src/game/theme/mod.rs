//! Look and feel: the palette, the fonts, the camera, the wood texture, and
//! the widgets (functions returning bundles) the screens are built from.

pub mod disc;
pub mod fade;
pub mod focus;
pub mod fonts;
pub mod icons;
pub mod judgement;
pub mod layout;
pub mod line_edit;
pub mod palette;
pub mod scale;
pub mod shape;
pub mod tooltip;
pub mod wheel;
pub mod widget;

pub use focus::FocusTrap;
pub use fonts::Fonts;
pub use icons::{Icon, Icons};
pub use tooltip::{PointerWish, Tooltip};
pub use wheel::WheelScrolls;
pub use widget::{Label, OnPress, Toggled, button, button_box, label, screen_root, set_display};

use crate::render::BoardTheme;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::BACKGROUND))
        .init_resource::<Fonts>()
        .init_resource::<BoardTextures>()
        .init_resource::<Icons>()
        .add_plugins((focus::plugin, tooltip::plugin, fade::plugin, wheel::plugin))
        .add_observer(widget::press)
        .add_systems(
            Update,
            (widget::button_colors, widget::relabel).in_set(crate::game::GameSet::Present),
        );
    // The camera exists before the first state's OnEnter runs. No multisampling:
    // 4× MSAA colour and depth targets cost about 40 MB at 1280×900 (resident memory
    // under software rendering), and a post-process blurs the pieces' characters.
    // Round and slanted edges are anti-aliased in their images instead (shapes.rs).
    app.world_mut().spawn((Camera2d, Msaa::Off));
}

/// The board's surface in each theme: procedurally generated grain (wood,
/// ebony) or fibres (paper) over the theme's base tone.
#[derive(Resource, Clone)]
pub struct BoardTextures([Handle<Image>; 3]);

impl BoardTextures {
    /// The surface of `theme`.
    pub fn get(&self, theme: BoardTheme) -> Handle<Image> {
        let i = BoardTheme::ALL
            .iter()
            .position(|&t| t == theme)
            .unwrap_or(0);
        self.0[i].clone()
    }
}

impl FromWorld for BoardTextures {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        BoardTextures(BoardTheme::ALL.map(|t| images.add(wood_image(256, 256, t))))
    }
}

/// Long wavy grain lines over the theme's base tone, with a little noise
/// (on paper, fainter and finer: fibres).
fn wood_image(w: u32, h: u32, theme: BoardTheme) -> Image {
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
            let shade = match theme {
                BoardTheme::Wood => 0.93 + 0.05 * grain + 0.02 * fine + 0.015 * noise(),
                BoardTheme::Dark => 0.92 + 0.05 * grain + 0.02 * fine + 0.02 * noise(),
                BoardTheme::Paper => 0.98 + 0.006 * grain + 0.01 * fine + 0.012 * noise(),
            };
            let base = match theme {
                // The classic board's tone, as it always was.
                BoardTheme::Wood => [0.90_f32, 0.74, 0.50],
                _ => {
                    let (r, g, b) = theme.colors().base;
                    [r, g, b].map(|c| f32::from(c) / 255.0)
                }
            };
            for c in base {
                data.push((c * shade * 255.0).clamp(0.0, 255.0) as u8);
            }
            data.push(255);
        }
    }
    rgba_image(w, h, data)
}

/// An sRGB image of `width` × `height` from straight RGBA bytes, row by row.
pub fn rgba_image(width: u32, height: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// The dimmed window behind a modal card (settings, help), drawn at `z`: it
/// centres its child and keeps Tab inside it ([`FocusTrap`]).
pub fn modal_backdrop(z: i32) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            ..default()
        },
        BackgroundColor(palette::OVERLAY),
        GlobalZIndex(z),
        FocusTrap,
    )
}
