//! Anti-aliased shapes as textures: discs and rings with a full mipmap chain,
//! and bands and arrows rasterised at their size on screen.
//!
//! The camera renders without multisampling (4× MSAA targets cost about 40 MB
//! at 1280×900, resident memory under software rendering), so round and
//! slanted edges get their smoothness from coverage computed here instead.
//! The images are white with the shape in the alpha channel; sprites tint
//! them. Axis-aligned lines on whole pixels need none of this and stay plain
//! sprites.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shapes>();
}

/// A disc image spans `-SPAN..SPAN` radii, so its anti-aliased edge at radius
/// 1 is not cut off by the texture's border.
pub const SPAN: f32 = 1.06;

/// Size of a sprite drawing a shape of radius 1 (scale it by the radius).
pub const UNIT: Vec2 = Vec2::splat(2.0 * SPAN);

/// Mipmapped disc and ring images, shared by every piece and mark.
#[derive(Resource)]
pub struct Shapes {
    /// A disc of radius 1.
    pub disc: Handle<Image>,
    /// A ring from radius 0.86 to 1 (selection and capture marks).
    pub ring: Handle<Image>,
    /// A thin ring from radius 0.76 to 0.81 (the line engraved on a piece's face).
    pub inner_ring: Handle<Image>,
    /// A soft disc for shadows and glows: opaque to 0.8, fading out by 1.
    pub soft_disc: Handle<Image>,
}

impl FromWorld for Shapes {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        let mut add = |f: &dyn Fn(f32, f32) -> f32| images.add(radial_image(256, f));
        Shapes {
            disc: add(&|r, px| annulus(r, px, -1.0, 1.0)),
            ring: add(&|r, px| annulus(r, px, 0.86, 1.0)),
            inner_ring: add(&|r, px| annulus(r, px, 0.76, 0.81)),
            soft_disc: add(&|r, _| {
                let t = ((r - 0.8) / 0.2).clamp(0.0, 1.0);
                1.0 - t * t * (3.0 - 2.0 * t)
            }),
        }
    }
}

/// Coverage of a pixel `px` units wide whose centre is at radius `r`, by the
/// ring from radius `a` to `b`: the share of the pixel's radial extent inside
/// it. A one-pixel ramp at each edge, and a ring thinner than a pixel comes
/// out fainter rather than wider.
fn annulus(r: f32, px: f32, a: f32, b: f32) -> f32 {
    overlap(r - px / 2.0, r + px / 2.0, a, b) / px
}

/// A square image of a round shape given as coverage by radius, with every
/// mip level computed from the shape itself (not blurred from the level
/// above), so it stays sharp at any size it is drawn at.
fn radial_image(size: u32, coverage: &dyn Fn(f32, f32) -> f32) -> Image {
    let levels = size.ilog2() + 1;
    let mut data = Vec::new();
    for level in 0..levels {
        let n = size >> level;
        let px = 2.0 * SPAN / n as f32; // radius units per pixel
        for y in 0..n {
            for x in 0..n {
                let c = |v: u32| (v as f32 + 0.5) * px - SPAN;
                let r = Vec2::new(c(x), c(y)).length();
                let a = if n <= 2 {
                    0.5 // a shape smaller than two pixels is a blur
                } else {
                    coverage(r, px)
                };
                data.extend_from_slice(&[255, 255, 255, (a * 255.0).round() as u8]);
            }
        }
    }
    let mut image = white_image(size, size, Vec::new());
    image.data = Some(data);
    image.texture_descriptor.mip_level_count = levels;
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        ..default()
    });
    image
}

/// An RGBA image, white, with `alpha` per pixel (row by row; empty for none yet).
fn white_image(width: u32, height: u32, alpha: Vec<f32>) -> Image {
    let mut data = Vec::with_capacity(alpha.len() * 4);
    for a in alpha {
        data.extend_from_slice(&[255, 255, 255, (a.clamp(0.0, 1.0) * 255.0).round() as u8]);
    }
    let mut image = Image::new_uninit(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.data = Some(data);
    image.sampler = ImageSampler::linear();
    image
}

/// A straight band `width` pixels wide, as an image one pixel long and a few
/// pixels high with anti-aliased long edges; draw it as a sprite of the
/// returned size, stretched to its length along x and rotated.
pub fn band(width: f32) -> (Image, f32) {
    let height = (width.ceil() as u32 + 2) | 1; // odd: the centre row is the band's middle
    let mid = height as f32 / 2.0;
    let alpha = (0..height)
        .map(|row| {
            overlap(
                row as f32,
                row as f32 + 1.0,
                mid - width / 2.0,
                mid + width / 2.0,
            )
        })
        .collect();
    (white_image(1, height, alpha), height as f32)
}

/// The length of the overlap of two intervals.
fn overlap(a0: f32, a1: f32, b0: f32, b1: f32) -> f32 {
    (a1.min(b1) - a0.max(b0)).max(0.0)
}

/// An arrow pointing along +x: a shaft `shaft_len` long and `width` wide, then
/// a head `head_len` long and `head_w` wide, rasterised at one texel per
/// pixel with 4×4 samples per pixel. Returns the image and its size; the
/// shaft starts one pixel from the image's left edge, on its middle row.
pub fn arrow(shaft_len: f32, width: f32, head_len: f32, head_w: f32) -> (Image, Vec2) {
    let w = (shaft_len + head_len).ceil() as u32 + 2;
    let h = head_w.ceil() as u32 + 2;
    let mid = h as f32 / 2.0;
    let inside = |x: f32, y: f32| {
        let (x, y) = (x - 1.0, (y - mid).abs());
        if x < 0.0 {
            false
        } else if x <= shaft_len {
            y <= width / 2.0
        } else {
            let t = (x - shaft_len) / head_len;
            t <= 1.0 && y <= head_w / 2.0 * (1.0 - t)
        }
    };
    let mut alpha = Vec::with_capacity((w * h) as usize);
    for row in 0..h {
        for col in 0..w {
            let mut hits = 0;
            for sy in 0..4 {
                for sx in 0..4 {
                    let x = col as f32 + (sx as f32 + 0.5) / 4.0;
                    let y = row as f32 + (sy as f32 + 0.5) / 4.0;
                    hits += u32::from(inside(x, y));
                }
            }
            alpha.push(hits as f32 / 16.0);
        }
    }
    (white_image(w, h, alpha), Vec2::new(w as f32, h as f32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alpha(image: &Image) -> Vec<u8> {
        image
            .data
            .as_ref()
            .expect("data")
            .chunks(4)
            .map(|p| p[3])
            .collect()
    }

    #[test]
    fn a_band_covers_its_width_and_fades_at_both_edges() {
        for width in [1.0, 1.5, 2.0, 3.0, 9.6] {
            let (image, height) = band(width);
            let a = alpha(&image);
            assert_eq!(a.len() as f32, height);
            let total: f32 = a.iter().map(|&v| f32::from(v) / 255.0).sum();
            assert!((total - width).abs() < 0.02, "{width}: {total}");
            assert_eq!(a[0], 0, "{width}: transparent first row");
            assert_eq!(a[a.len() - 1], 0, "{width}: transparent last row");
        }
    }

    #[test]
    fn every_mip_level_of_a_disc_is_round_and_as_large() {
        let image = radial_image(64, &|r, px| annulus(r, px, -1.0, 1.0));
        let data = image.data.as_ref().expect("data");
        let mut offset = 0;
        for level in 0..7u32 {
            let n = 64usize >> level;
            let a: Vec<f32> = data[offset..offset + n * n * 4]
                .chunks(4)
                .map(|p| f32::from(p[3]) / 255.0)
                .collect();
            offset += n * n * 4;
            if n > 2 {
                // Covered area, in pixels, is π r² with r in pixels.
                let r_px = n as f32 / (2.0 * SPAN);
                let area: f32 = a.iter().sum();
                let want = std::f32::consts::PI * r_px * r_px;
                assert!(
                    (area - want).abs() / want < 0.03,
                    "level {level}: {area} vs {want}"
                );
                // The centre is solid; the corners are empty once a pixel is
                // smaller than the margin outside the disc.
                assert_eq!(a[n / 2 * n + n / 2], 1.0);
                if n >= 16 {
                    assert_eq!(a[0], 0.0, "level {level}");
                }
            }
        }
        assert_eq!(offset, data.len(), "the chain ends at 1×1");
        assert_eq!(image.texture_descriptor.mip_level_count, 7);
    }

    #[test]
    fn an_arrow_has_its_shaft_and_head_where_asked() {
        let (image, size) = arrow(40.0, 6.0, 12.0, 14.0);
        let a = alpha(&image);
        let (w, h) = (size.x as usize, size.y as usize);
        let at = |x: usize, y: usize| a[y * w + x];
        let mid = h / 2;
        assert_eq!(at(20, mid), 255, "shaft middle");
        assert_eq!(at(20, 0), 0, "above the shaft");
        assert_eq!(at(43, mid), 255, "head near its base");
        assert!(at(43, 2) > 0, "head wider than the shaft");
        assert_eq!(at(w - 1, mid), 0, "past the tip");
    }
}
