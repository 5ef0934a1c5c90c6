//! The piece sets, measured on the drawn images: in every set on every
//! board theme Red's and Black's pieces differ in lightness, not only in
//! hue, also as a protanope or a deuteranope sees them; and the seven
//! pictograms are seven different pictures.
//!
//! Colour blindness is simulated with Machado, Oliveira and Fernandes'
//! matrices (2009, severity 1.0) on linear RGB; lightness is CIE L*.

use xiangqi::render::{self, BoardTheme, Options, PieceSet, board_point, piece_rgba};
use xiangqi::rules::{Charset, Color, Piece, PieceKind, Position, Square};

/// What a side's ink and face must differ by, at least, in L*.
const MIN_DELTA_L: f32 = 25.0;

#[derive(Clone, Copy, Debug)]
enum Vision {
    Normal,
    Protanopia,
    Deuteranopia,
}

const VISIONS: [Vision; 3] = [Vision::Normal, Vision::Protanopia, Vision::Deuteranopia];

fn linear(c: u8) -> f32 {
    let c = f32::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// CIE L* of an sRGB colour as `vision` sees it.
fn lightness([r, g, b]: [u8; 3], vision: Vision) -> f32 {
    let rgb = [linear(r), linear(g), linear(b)];
    let m: [[f32; 3]; 3] = match vision {
        Vision::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        Vision::Protanopia => [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
        Vision::Deuteranopia => [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
    };
    let seen: Vec<f32> = m
        .iter()
        .map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
        .collect();
    let y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2];
    let f = if y > 0.008856 {
        y.cbrt()
    } else {
        7.787 * y + 16.0 / 116.0
    };
    116.0 * f - 16.0
}

fn median(mut v: Vec<f32>) -> f32 {
    v.sort_by(f32::total_cmp);
    v[v.len() / 2]
}

/// A side's face and ink, in L*: the face is the disc's commonest
/// lightness (its median), the ink what stands more than 20 away from it
/// — the quarter of those pixels farthest from the face, the strokes'
/// cores rather than their anti-aliased edges, which are part face.
#[derive(Debug)]
struct Sides {
    face: [f32; 2],
    ink: [f32; 2],
}

/// Measures the start position as drawn with `set` on `theme`.
fn measure(set: PieceSet, theme: BoardTheme, vision: Vision) -> Sides {
    let options = Options {
        pieces: set,
        theme,
        ..Options::default()
    };
    let bytes = render::png(&Position::startpos(), &options).unwrap();
    let pm = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let (w, h) = (pm.width() as f32, pm.height() as f32);
    let at = |sq: Square| {
        let (fx, fy) = board_point(sq, false);
        (fx * w, fy * h)
    };
    let a0 = Square::parse("a0").unwrap();
    let b0 = Square::parse("b0").unwrap();
    let cell = at(b0).0 - at(a0).0;
    // Inside the rim of every set.
    let reach = cell * 0.45 * 0.78;
    let mut faces = [Vec::new(), Vec::new()];
    let mut inks = [Vec::new(), Vec::new()];
    let pos = Position::startpos();
    for sq in Square::all() {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let side = usize::from(piece.color == Color::Black);
        let (cx, cy) = at(sq);
        let mut ls = Vec::new();
        for y in (cy - reach) as u32..=(cy + reach) as u32 {
            for x in (cx - reach) as u32..=(cx + reach) as u32 {
                let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                if dx * dx + dy * dy > reach * reach {
                    continue;
                }
                let p = pm.pixel(x, y).unwrap().demultiply();
                ls.push(lightness([p.red(), p.green(), p.blue()], vision));
            }
        }
        let face = median(ls.clone());
        let mut ink: Vec<f32> = ls.into_iter().filter(|l| (l - face).abs() > 20.0).collect();
        assert!(
            ink.len() > 20,
            "{set} on {theme}: the piece at {sq} has no marking"
        );
        ink.sort_by(|a, b| (b - face).abs().total_cmp(&(a - face).abs()));
        let core = &ink[..ink.len() / 4];
        faces[side].push(face);
        inks[side].push(core.iter().sum::<f32>() / core.len() as f32);
    }
    let mean = |v: &Vec<f32>| v.iter().sum::<f32>() / v.len() as f32;
    Sides {
        face: [mean(&faces[0]), mean(&faces[1])],
        ink: [mean(&inks[0]), mean(&inks[1])],
    }
}

#[test]
fn the_sides_differ_in_lightness_in_every_set_on_every_theme_for_colour_blind_eyes() {
    for set in PieceSet::ALL {
        for theme in BoardTheme::ALL {
            for vision in VISIONS {
                let s = measure(set, theme, vision);
                let face = (s.face[0] - s.face[1]).abs();
                let ink = (s.ink[0] - s.ink[1]).abs();
                assert!(
                    face.max(ink) >= MIN_DELTA_L,
                    "{set} on {theme} as seen with {vision:?}: faces {:.0}/{:.0}, inks {:.0}/{:.0} (L*)",
                    s.face[0],
                    s.face[1],
                    s.ink[0],
                    s.ink[1],
                );
                // On every disc the marking stands out from the face.
                for side in 0..2 {
                    assert!(
                        (s.face[side] - s.ink[side]).abs() >= 30.0,
                        "{set} {theme} {vision:?}: {s:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_seven_pictograms_are_seven_different_pictures() {
    let side = 96;
    for color in Color::ALL {
        let images: Vec<(PieceKind, Vec<u8>)> = PieceKind::ALL
            .into_iter()
            .map(|kind| {
                let piece = Piece { color, kind };
                let rgba = piece_rgba(piece, PieceSet::Pictograms, Charset::Traditional, side);
                (kind, rgba.unwrap())
            })
            .collect();
        for (i, (ka, a)) in images.iter().enumerate() {
            for (kb, b) in &images[i + 1..] {
                let differing = a
                    .chunks(4)
                    .zip(b.chunks(4))
                    .filter(|(p, q)| {
                        p.iter()
                            .zip(q.iter())
                            .map(|(x, y)| x.abs_diff(*y) as u32)
                            .sum::<u32>()
                            > 120
                    })
                    .count();
                let share = differing as f32 / (side * side) as f32;
                assert!(
                    share > 0.08,
                    "{color:?} {ka:?} and {kb:?} differ in only {:.1}% of their pixels",
                    share * 100.0
                );
            }
        }
    }
}

#[test]
fn every_set_draws_every_piece_in_both_charsets() {
    for set in PieceSet::ALL {
        for charset in [Charset::Traditional, Charset::Simplified] {
            for color in Color::ALL {
                for kind in PieceKind::ALL {
                    let rgba = piece_rgba(Piece { color, kind }, set, charset, 48).unwrap();
                    // Opaque in the middle, clear in the corner.
                    let at = |x: usize, y: usize| rgba[(y * 48 + x) * 4 + 3];
                    assert_eq!(at(24, 24), 255, "{set} {color:?} {kind:?}");
                    assert_eq!(at(0, 0), 0, "{set} {color:?} {kind:?}");
                }
            }
        }
    }
}
