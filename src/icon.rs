//! The game's icon, drawn here: a piece seen from above — ivory face, wooden
//! rim, a red engraved ring and, inside it, the palace's frame and
//! diagonals in red ink. The window uses [`rgba`]; desktops use the PNG that
//! `xiangqi gen-icon` writes from [`png`] (`assets/desktop/xiangqi.png`, which
//! a test keeps equal to this drawing).

use std::fs;
use std::io;
use std::path::Path;

/// Side of the committed PNG, in pixels.
pub const PNG_SIZE: u32 = 256;

/// File name of the committed PNG (in `assets/desktop`).
pub const PNG_NAME: &str = "xiangqi.png";

/// The game's id on desktops, reverse-DNS as AppStream wants it: the
/// AppStream component's id, the desktop entry's file name, and the
/// window's Wayland app id and X11 class (`StartupWMClass`), by which
/// desktops match the window to its entry and icon.
pub const APP_ID: &str = "io.github.xiangqi.Xiangqi";

const FACE: [f32; 3] = [0.97, 0.90, 0.76];
const RIM: [f32; 3] = [0.55, 0.34, 0.16];
const RED: [f32; 3] = [0.72, 0.10, 0.08];

/// Samples per pixel along each axis (edges are anti-aliased by averaging).
const SUBSAMPLES: u32 = 4;

/// The colour and coverage at a point of the unit square (centre 0.5, 0.5).
fn paint(x: f32, y: f32) -> Option<[f32; 3]> {
    let (dx, dy) = (x - 0.5, y - 0.5);
    let r = (dx * dx + dy * dy).sqrt();
    if r > 0.48 {
        return None;
    }
    if r > 0.43 {
        return Some(RIM);
    }
    if (0.34..0.375).contains(&r) {
        return Some(RED);
    }
    // The palace: a square frame and its two diagonals.
    let half = 0.19;
    let stroke = 0.028;
    let (ax, ay) = (dx.abs(), dy.abs());
    let inside = ax <= half + stroke / 2.0 && ay <= half + stroke / 2.0;
    let on_frame = inside && (ax >= half - stroke / 2.0 || ay >= half - stroke / 2.0);
    let on_diagonal = inside && (ax - ay).abs() <= stroke * std::f32::consts::FRAC_1_SQRT_2;
    if on_frame || on_diagonal {
        return Some(RED);
    }
    Some(FACE)
}

/// The icon as `size`×`size` RGBA8 pixels, rows from the top, straight alpha.
pub fn rgba(size: u32) -> Vec<u8> {
    let n = SUBSAMPLES;
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    for py in 0..size {
        for px in 0..size {
            let mut sum = [0.0f32; 3];
            let mut covered = 0u32;
            for sy in 0..n {
                for sx in 0..n {
                    let x = (px as f32 + (sx as f32 + 0.5) / n as f32) / size as f32;
                    let y = (py as f32 + (sy as f32 + 0.5) / n as f32) / size as f32;
                    if let Some(c) = paint(x, y) {
                        for (s, v) in sum.iter_mut().zip(c) {
                            *s += v;
                        }
                        covered += 1;
                    }
                }
            }
            if covered == 0 {
                out.extend_from_slice(&[0, 0, 0, 0]);
                continue;
            }
            for s in sum {
                out.push((s / covered as f32 * 255.0).round().clamp(0.0, 255.0) as u8);
            }
            out.push((covered as f32 / (n * n) as f32 * 255.0).round() as u8);
        }
    }
    out
}

/// The icon as a PNG file of `size`×`size` pixels, encoded by tiny-skia
/// (deterministic: the same drawing gives the same bytes).
pub fn png(size: u32) -> Vec<u8> {
    let mut pixels = rgba(size);
    // tiny-skia keeps premultiplied colours; it writes them back straight.
    for px in pixels.chunks_exact_mut(4) {
        let a = u16::from(px[3]);
        for c in &mut px[..3] {
            *c = ((u16::from(*c) * a + 127) / 255) as u8;
        }
    }
    tiny_skia::IntSize::from_wh(size, size)
        .and_then(|wh| tiny_skia::Pixmap::from_vec(pixels, wh))
        .and_then(|pixmap| pixmap.encode_png().ok())
        .unwrap_or_default()
}

/// Writes [`PNG_NAME`] into `dir` (the committed one is in `assets/desktop`).
///
/// # Errors
/// The folder cannot be made or the file written.
pub fn write_png(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    crate::store::atomic::write_output(&dir.join(PNG_NAME), &png(PNG_SIZE))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(img: &[u8], size: u32, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * size + x) * 4) as usize;
        [img[i], img[i + 1], img[i + 2], img[i + 3]]
    }

    #[test]
    fn the_icon_is_a_round_piece_with_red_ink_on_ivory() {
        let size = 64;
        let img = rgba(size);
        assert_eq!(img.len(), (size * size * 4) as usize);
        // Corners are transparent, the centre (where the diagonals cross) is red ink.
        assert_eq!(pixel(&img, size, 0, 0)[3], 0);
        assert_eq!(pixel(&img, size, size - 1, size - 1)[3], 0);
        let centre = pixel(&img, size, size / 2, size / 2);
        assert!(
            centre[0] > 150 && centre[1] < 80 && centre[3] == 255,
            "{centre:?}"
        );
        // Between the palace and the ring: ivory.
        let face = pixel(&img, size, size / 2, (size as f32 * 0.23) as u32);
        assert!(face[0] > 230 && face[1] > 210 && face[2] > 170, "{face:?}");
        // The rim is wood brown.
        let rim = pixel(&img, size, size / 2, (size as f32 * 0.05) as u32);
        assert!(
            rim[0] > rim[1] && rim[1] > rim[2] && rim[0] < 170,
            "{rim:?}"
        );
        // Left and right halves mirror each other (up to rounding: the
        // samples are summed in another order).
        for y in 0..size {
            for x in 0..size / 2 {
                let (a, b) = (pixel(&img, size, x, y), pixel(&img, size, size - 1 - x, y));
                assert!(
                    a.iter().zip(b).all(|(p, q)| p.abs_diff(q) <= 1),
                    "{x},{y}: {a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn the_png_holds_the_pixels() {
        let size = 16;
        let file = png(size);
        assert!(file.starts_with(b"\x89PNG\r\n\x1a\n"));
        let back = tiny_skia::Pixmap::decode_png(&file).expect("a PNG");
        assert_eq!((back.width(), back.height()), (size, size));
        let pixels = rgba(size);
        for (i, (px, want)) in back.pixels().iter().zip(pixels.chunks_exact(4)).enumerate() {
            let px = px.demultiply();
            let got = [px.red(), px.green(), px.blue(), px.alpha()];
            assert_eq!(got[3], want[3], "pixel {i}: alpha");
            // Colours go through premultiplication: exact where opaque,
            // within rounding at the anti-aliased rim.
            let tolerance = if want[3] == 255 {
                0
            } else {
                255 / u32::from(want[3].max(1)) + 1
            };
            for c in 0..3 {
                assert!(
                    u32::from(got[c].abs_diff(want[c])) <= tolerance,
                    "pixel {i}: {got:?} vs {want:?}"
                );
            }
        }
        assert_eq!(png(size), file, "the same bytes each time");
    }
}
