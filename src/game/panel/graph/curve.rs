//! The graph's curve, drawn into an image: Red's advantage filled in red
//! above the middle line, Black's in dark grey below it, the curve a light
//! line over both.

use crate::game::theme::palette;
use bevy::prelude::*;

/// The curve's image size in pixels (stretched to the graph's box).
const IMAGE_W: u32 = 480;
const IMAGE_H: u32 = 128;

/// How close to the top and bottom a won or lost position is drawn.
const EDGE: f32 = 0.04;

/// Height (0 = top, 1 = bottom) of a value: Red's advantage up.
pub(super) fn y_of(v: f32) -> f32 {
    let v = v.clamp(EDGE, 1.0 - EDGE);
    1.0 - v
}

/// The curve as an image: Red's advantage filled in red above the middle,
/// Black's in dark grey below it, the curve itself as a light line.
pub(super) fn curve_image(values: &[f32]) -> Image {
    let (w, h) = (IMAGE_W as usize, IMAGE_H as usize);
    let mut data = vec![0u8; w * h * 4];
    let hf = h as f32;
    let value_at = |x: usize| -> Option<f32> {
        match values.len() {
            0 => None,
            1 => Some(values[0]),
            n => {
                let t = x as f32 / (w - 1) as f32 * (n - 1) as f32;
                let i = (t.floor() as usize).min(n - 2);
                let f = t - i as f32;
                Some(values[i] * (1.0 - f) + values[i + 1] * f)
            }
        }
    };
    let red = palette::RED_INK.to_srgba();
    let red = [
        (red.red * 255.0 + 40.0).min(255.0) as u8,
        (red.green * 255.0 + 30.0) as u8,
        (red.blue * 255.0 + 30.0) as u8,
    ];
    let black = [20u8, 18, 16];
    let line = [245u8, 235, 215];
    let mid = hf / 2.0;
    for x in 0..w {
        let cy = value_at(x).map(|v| y_of(v) * hf);
        for y in 0..h {
            let py = y as f32 + 0.5;
            let at = (y * w + x) * 4;
            let mut px = [0u8, 0, 0, 0];
            // The middle line.
            if (py - mid).abs() < 0.75 {
                px = [200, 190, 170, 110];
            }
            if let Some(cy) = cy {
                // Area between the middle and the curve.
                let (lo, hi) = if cy < mid { (cy, mid) } else { (mid, cy) };
                if py >= lo && py <= hi {
                    let c = if cy < mid { red } else { black };
                    px = [c[0], c[1], c[2], 200];
                }
                // The line, anti-aliased over about two pixels.
                let d = (py - cy).abs();
                if d < 2.0 {
                    let a = ((2.0 - d) / 2.0 * 255.0) as u8;
                    px = blend(px, [line[0], line[1], line[2], a]);
                }
            }
            data[at..at + 4].copy_from_slice(&px);
        }
    }
    crate::game::theme::rgba_image(IMAGE_W, IMAGE_H, data)
}

/// `top` over `under` (straight alpha).
fn blend(under: [u8; 4], top: [u8; 4]) -> [u8; 4] {
    let ta = f32::from(top[3]) / 255.0;
    let ua = f32::from(under[3]) / 255.0;
    let a = ta + ua * (1.0 - ta);
    if a <= 0.0 {
        return [0, 0, 0, 0];
    }
    let ch =
        |t: u8, u: u8| ((f32::from(t) * ta + f32::from(u) * ua * (1.0 - ta)) / a).round() as u8;
    [
        ch(top[0], under[0]),
        ch(top[1], under[1]),
        ch(top[2], under[2]),
        (a * 255.0).round() as u8,
    ]
}
