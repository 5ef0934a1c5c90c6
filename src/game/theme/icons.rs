//! The toolbar's icons, drawn once at start-up with `tiny-skia` into white
//! images on a transparent ground (an `ImageNode`'s colour tints them).
//!
//! Each icon is drawn on a 24-unit grid at [`ICON_PX`] pixels, twice the
//! size a button shows it at, so it stays sharp at scale factor 2. Adding an
//! icon: a variant in [`Icon`], its strokes in [`draw`].

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// Pixels of an icon's image.
pub const ICON_PX: u32 = 48;

/// A drawn icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Icon {
    Undo,
    Redo,
    Flip,
    Hint,
    NewGame,
    Resign,
    Pause,
    Resume,
    Save,
    CopyPgn,
    CopyFen,
    Paste,
    Help,
    Settings,
    Menu,
    Analysis,
    Export,
    EditPosition,
}

impl Icon {
    /// Every icon (the resource draws them all).
    pub const ALL: [Icon; 18] = [
        Icon::Undo,
        Icon::Redo,
        Icon::Flip,
        Icon::Hint,
        Icon::NewGame,
        Icon::Resign,
        Icon::Pause,
        Icon::Resume,
        Icon::Save,
        Icon::CopyPgn,
        Icon::CopyFen,
        Icon::Paste,
        Icon::Help,
        Icon::Settings,
        Icon::Menu,
        Icon::Analysis,
        Icon::Export,
        Icon::EditPosition,
    ];
}

/// The icons' images.
#[derive(Resource, Clone)]
pub struct Icons(Vec<(Icon, Handle<Image>)>);

impl Icons {
    /// The image of `icon`.
    pub fn get(&self, icon: Icon) -> Handle<Image> {
        self.0
            .iter()
            .find(|(i, _)| *i == icon)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    }
}

impl Icons {
    /// No images (every icon blank): for tests without a renderer.
    #[cfg(test)]
    pub fn blank() -> Icons {
        Icons(Vec::new())
    }
}

impl FromWorld for Icons {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        Icons(
            Icon::ALL
                .iter()
                .map(|&icon| (icon, images.add(icon_image(icon))))
                .collect(),
        )
    }
}

/// The icon as a white image with coverage in alpha.
pub fn icon_image(icon: Icon) -> Image {
    let alpha = icon_alpha(icon);
    let mut data = Vec::with_capacity(alpha.len() * 4);
    for a in alpha {
        data.extend_from_slice(&[255, 255, 255, a]);
    }
    Image::new(
        Extent3d {
            width: ICON_PX,
            height: ICON_PX,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// The icon's coverage, row by row.
pub fn icon_alpha(icon: Icon) -> Vec<u8> {
    let Some(mut pm) = Pixmap::new(ICON_PX, ICON_PX) else {
        return vec![0; (ICON_PX * ICON_PX) as usize];
    };
    let scale = ICON_PX as f32 / 24.0;
    let mut pen = Pen {
        pm: &mut pm,
        t: Transform::from_scale(scale, scale),
    };
    draw(icon, &mut pen);
    pm.pixels().iter().map(|p| p.alpha()).collect()
}

/// Strokes and fills on the 24-unit grid.
struct Pen<'a> {
    pm: &'a mut Pixmap,
    t: Transform,
}

impl Pen<'_> {
    fn paint() -> Paint<'static> {
        let mut p = Paint::default();
        p.set_color_rgba8(255, 255, 255, 255);
        p.anti_alias = true;
        p
    }

    fn stroke(&mut self, width: f32, build: impl FnOnce(&mut PathBuilder)) {
        let mut pb = PathBuilder::new();
        build(&mut pb);
        if let Some(path) = pb.finish() {
            let stroke = Stroke {
                width,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            self.pm
                .stroke_path(&path, &Self::paint(), &stroke, self.t, None);
        }
    }

    fn fill(&mut self, build: impl FnOnce(&mut PathBuilder)) {
        let mut pb = PathBuilder::new();
        build(&mut pb);
        if let Some(path) = pb.finish() {
            self.pm
                .fill_path(&path, &Self::paint(), FillRule::Winding, self.t, None);
        }
    }

    fn line(&mut self, width: f32, a: (f32, f32), b: (f32, f32)) {
        self.stroke(width, |pb| {
            pb.move_to(a.0, a.1);
            pb.line_to(b.0, b.1);
        });
    }

    fn circle(&mut self, width: f32, c: (f32, f32), r: f32) {
        self.stroke(width, |pb| pb.push_circle(c.0, c.1, r));
    }

    fn dot(&mut self, c: (f32, f32), r: f32) {
        self.fill(|pb| pb.push_circle(c.0, c.1, r));
    }

    /// A rounded rectangle's outline.
    fn round_rect(&mut self, width: f32, x0: f32, y0: f32, x1: f32, y1: f32, r: f32) {
        self.stroke(width, |pb| {
            pb.move_to(x0 + r, y0);
            pb.line_to(x1 - r, y0);
            pb.quad_to(x1, y0, x1, y0 + r);
            pb.line_to(x1, y1 - r);
            pb.quad_to(x1, y1, x1 - r, y1);
            pb.line_to(x0 + r, y1);
            pb.quad_to(x0, y1, x0, y1 - r);
            pb.line_to(x0, y0 + r);
            pb.quad_to(x0, y0, x0 + r, y0);
            pb.close();
        });
    }

    /// The curved arrow of undo; `mirror` turns it into redo's.
    fn curved_arrow(&mut self, mirror: bool) {
        let m = |x: f32| if mirror { 24.0 - x } else { x };
        self.stroke(2.2, |pb| {
            pb.move_to(m(5.0), 9.5);
            pb.line_to(m(14.5), 9.5);
            pb.cubic_to(m(18.5), 9.5, m(20.5), 12.0, m(20.5), 14.5);
            pb.cubic_to(m(20.5), 17.0, m(18.5), 19.5, m(14.5), 19.5);
            pb.line_to(m(9.0), 19.5);
        });
        self.stroke(2.2, |pb| {
            pb.move_to(m(9.0), 5.0);
            pb.line_to(m(4.5), 9.5);
            pb.line_to(m(9.0), 14.0);
        });
    }
}

/// Draws `icon` with `pen` (24 units square, y down).
fn draw(icon: Icon, pen: &mut Pen) {
    match icon {
        Icon::Undo => pen.curved_arrow(false),
        Icon::Redo => pen.curved_arrow(true),
        Icon::Flip => {
            // Two arrows, up and down: the board turns.
            pen.line(2.2, (8.0, 19.5), (8.0, 4.5));
            pen.stroke(2.2, |pb| {
                pb.move_to(4.0, 8.5);
                pb.line_to(8.0, 4.5);
                pb.line_to(12.0, 8.5);
            });
            pen.line(2.2, (16.0, 4.5), (16.0, 19.5));
            pen.stroke(2.2, |pb| {
                pb.move_to(12.0, 15.5);
                pb.line_to(16.0, 19.5);
                pb.line_to(20.0, 15.5);
            });
        }
        Icon::Hint => {
            // A light bulb.
            pen.stroke(2.0, |pb| {
                pb.move_to(9.0, 16.0);
                pb.cubic_to(9.0, 13.5, 5.5, 12.5, 5.5, 9.0);
                pb.cubic_to(5.5, 5.4, 8.4, 2.8, 12.0, 2.8);
                pb.cubic_to(15.6, 2.8, 18.5, 5.4, 18.5, 9.0);
                pb.cubic_to(18.5, 12.5, 15.0, 13.5, 15.0, 16.0);
                pb.close();
            });
            pen.line(2.0, (9.5, 19.0), (14.5, 19.0));
            pen.line(2.0, (10.5, 21.8), (13.5, 21.8));
        }
        Icon::NewGame => {
            // A piece with a plus.
            pen.circle(2.0, (12.0, 12.0), 9.0);
            pen.line(2.2, (12.0, 7.5), (12.0, 16.5));
            pen.line(2.2, (7.5, 12.0), (16.5, 12.0));
        }
        Icon::Resign => {
            // A white flag.
            pen.line(2.2, (6.0, 3.5), (6.0, 21.0));
            pen.fill(|pb| {
                pb.move_to(6.0, 4.0);
                pb.cubic_to(10.0, 2.5, 13.0, 6.0, 19.0, 4.5);
                pb.line_to(19.0, 13.0);
                pb.cubic_to(13.0, 14.5, 10.0, 11.0, 6.0, 12.5);
                pb.close();
            });
        }
        Icon::Pause => {
            pen.fill(|pb| {
                pb.push_rect(tiny_skia::Rect::from_xywh(6.5, 5.0, 4.0, 14.0).expect("rect"));
                pb.push_rect(tiny_skia::Rect::from_xywh(13.5, 5.0, 4.0, 14.0).expect("rect"));
            });
        }
        Icon::Resume => {
            pen.fill(|pb| {
                pb.move_to(7.5, 4.5);
                pb.line_to(19.0, 12.0);
                pb.line_to(7.5, 19.5);
                pb.close();
            });
        }
        Icon::Save => {
            // A tray with an arrow into it.
            pen.stroke(2.0, |pb| {
                pb.move_to(4.0, 14.0);
                pb.line_to(4.0, 20.0);
                pb.line_to(20.0, 20.0);
                pb.line_to(20.0, 14.0);
            });
            pen.line(2.2, (12.0, 3.5), (12.0, 15.0));
            pen.stroke(2.2, |pb| {
                pb.move_to(7.5, 10.5);
                pb.line_to(12.0, 15.0);
                pb.line_to(16.5, 10.5);
            });
        }
        Icon::CopyPgn => {
            // Two sheets, the front one with lines of moves.
            pen.round_rect(1.8, 8.0, 7.0, 20.0, 21.0, 2.0);
            pen.stroke(1.8, |pb| {
                pb.move_to(5.0, 17.0);
                pb.line_to(4.0, 17.0);
                pb.line_to(4.0, 3.0);
                pb.line_to(15.0, 3.0);
                pb.line_to(15.0, 4.0);
            });
            for y in [11.0, 14.0, 17.0] {
                pen.line(1.5, (11.0, y), (17.0, y));
            }
        }
        Icon::CopyFen => {
            // A sheet with a small board on it.
            pen.round_rect(1.8, 8.0, 7.0, 20.0, 21.0, 2.0);
            pen.stroke(1.8, |pb| {
                pb.move_to(5.0, 17.0);
                pb.line_to(4.0, 17.0);
                pb.line_to(4.0, 3.0);
                pb.line_to(15.0, 3.0);
                pb.line_to(15.0, 4.0);
            });
            for i in 0..3 {
                let v = 11.0 + 3.0 * i as f32;
                pen.line(1.2, (11.0, v), (17.0, v));
                pen.line(1.2, (v, 11.0), (v, 17.0));
            }
        }
        Icon::Paste => {
            // A clipboard.
            pen.round_rect(1.8, 5.0, 5.0, 19.0, 21.5, 2.0);
            pen.fill(|pb| {
                pb.push_rect(tiny_skia::Rect::from_xywh(8.5, 2.5, 7.0, 4.5).expect("rect"));
            });
            for y in [11.5, 15.0, 18.0] {
                pen.line(1.5, (8.5, y), (15.5, y));
            }
        }
        Icon::Help => {
            pen.circle(2.0, (12.0, 12.0), 9.5);
            pen.stroke(2.2, |pb| {
                pb.move_to(9.0, 9.5);
                pb.cubic_to(9.0, 5.8, 15.0, 5.8, 15.0, 9.5);
                pb.cubic_to(15.0, 12.0, 12.0, 12.0, 12.0, 14.5);
            });
            pen.dot((12.0, 17.5), 1.4);
        }
        Icon::Analysis => {
            // A magnifying glass over a rising line: the engine looks deeper.
            pen.circle(2.2, (10.0, 10.0), 6.5);
            pen.line(2.8, (14.8, 14.8), (20.5, 20.5));
            pen.stroke(1.8, |pb| {
                pb.move_to(6.5, 12.0);
                pb.line_to(9.0, 9.5);
                pb.line_to(11.0, 11.0);
                pb.line_to(13.5, 7.5);
            });
        }
        Icon::Export => {
            // A framed picture (hills under a sun) with an arrow out of it.
            pen.stroke(1.8, |pb| {
                pb.move_to(14.0, 4.0);
                pb.line_to(3.5, 4.0);
                pb.line_to(3.5, 19.5);
                pb.line_to(19.5, 19.5);
                pb.line_to(19.5, 12.0);
            });
            pen.fill(|pb| {
                pb.move_to(5.0, 18.0);
                pb.line_to(9.5, 11.5);
                pb.line_to(12.5, 15.0);
                pb.line_to(14.5, 13.0);
                pb.line_to(18.0, 18.0);
                pb.close();
            });
            pen.dot((8.0, 8.0), 1.6);
            pen.line(2.0, (13.5, 9.5), (20.0, 3.0));
            pen.stroke(2.0, |pb| {
                pb.move_to(15.0, 3.0);
                pb.line_to(20.0, 3.0);
                pb.line_to(20.0, 8.0);
            });
        }
        Icon::Settings => {
            // A gear: a ring with eight teeth.
            pen.circle(2.2, (12.0, 12.0), 6.0);
            pen.circle(2.0, (12.0, 12.0), 2.2);
            for k in 0..8 {
                let a = k as f32 * std::f32::consts::TAU / 8.0;
                let (s, c) = a.sin_cos();
                pen.line(
                    3.2,
                    (12.0 + 7.0 * c, 12.0 + 7.0 * s),
                    (12.0 + 9.6 * c, 12.0 + 9.6 * s),
                );
            }
        }
        Icon::EditPosition => {
            // A corner of the board with a pencil across it.
            pen.stroke(1.6, |pb| {
                pb.move_to(3.5, 15.0);
                pb.line_to(3.5, 3.5);
                pb.line_to(15.0, 3.5);
            });
            pen.line(1.3, (3.5, 9.0), (12.0, 9.0));
            pen.line(1.3, (9.0, 3.5), (9.0, 12.0));
            pen.circle(1.6, (9.0, 9.0), 2.6);
            pen.stroke(1.8, |pb| {
                pb.move_to(20.5, 8.0);
                pb.line_to(10.5, 18.0);
                pb.line_to(9.0, 21.0);
                pb.line_to(12.0, 19.5);
                pb.line_to(22.0, 9.5);
                pb.close();
            });
            pen.line(1.6, (18.5, 10.0), (20.0, 11.5));
        }
        Icon::Menu => {
            // A house: back to the menu.
            pen.stroke(2.2, |pb| {
                pb.move_to(3.5, 11.5);
                pb.line_to(12.0, 4.0);
                pb.line_to(20.5, 11.5);
            });
            pen.stroke(2.0, |pb| {
                pb.move_to(6.0, 10.0);
                pb.line_to(6.0, 20.0);
                pb.line_to(18.0, 20.0);
                pb.line_to(18.0, 10.0);
            });
            pen.round_rect(1.6, 10.0, 14.0, 14.0, 20.0, 0.5);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_icon_is_drawn_inside_its_image_and_no_two_are_alike() {
        let drawn: Vec<Vec<u8>> = Icon::ALL.iter().map(|&i| icon_alpha(i)).collect();
        for (icon, alpha) in Icon::ALL.iter().zip(&drawn) {
            let ink = alpha.iter().filter(|&&a| a > 128).count();
            let total = alpha.len();
            assert!(
                ink > total / 25 && ink < total / 2,
                "{icon:?}: {ink} of {total} pixels inked"
            );
            // A one-pixel border stays clear: nothing is cut at the edge.
            let n = ICON_PX as usize;
            for i in 0..n {
                for (x, y) in [(i, 0), (i, n - 1), (0, i), (n - 1, i)] {
                    assert!(
                        alpha[y * n + x] < 40,
                        "{icon:?} touches its edge at {x},{y}"
                    );
                }
            }
        }
        for i in 0..drawn.len() {
            for j in i + 1..drawn.len() {
                assert_ne!(drawn[i], drawn[j], "{:?} {:?}", Icon::ALL[i], Icon::ALL[j]);
            }
        }
    }
}
