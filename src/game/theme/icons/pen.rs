//! The pen the icons are drawn with: strokes and fills on the 24-unit grid.

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// Strokes and fills on the 24-unit grid.
pub(super) struct Pen<'a> {
    pm: &'a mut Pixmap,
    t: Transform,
}

impl<'a> Pen<'a> {
    pub fn new(pm: &'a mut Pixmap, t: Transform) -> Pen<'a> {
        Pen { pm, t }
    }

    fn paint() -> Paint<'static> {
        let mut p = Paint::default();
        p.set_color_rgba8(255, 255, 255, 255);
        p.anti_alias = true;
        p
    }

    pub fn stroke(&mut self, width: f32, build: impl FnOnce(&mut PathBuilder)) {
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

    pub fn fill(&mut self, build: impl FnOnce(&mut PathBuilder)) {
        let mut pb = PathBuilder::new();
        build(&mut pb);
        if let Some(path) = pb.finish() {
            self.pm
                .fill_path(&path, &Self::paint(), FillRule::Winding, self.t, None);
        }
    }

    pub fn line(&mut self, width: f32, a: (f32, f32), b: (f32, f32)) {
        self.stroke(width, |pb| {
            pb.move_to(a.0, a.1);
            pb.line_to(b.0, b.1);
        });
    }

    pub fn circle(&mut self, width: f32, c: (f32, f32), r: f32) {
        self.stroke(width, |pb| pb.push_circle(c.0, c.1, r));
    }

    pub fn dot(&mut self, c: (f32, f32), r: f32) {
        self.fill(|pb| pb.push_circle(c.0, c.1, r));
    }

    /// A rounded rectangle's outline.
    pub fn round_rect(&mut self, width: f32, x0: f32, y0: f32, x1: f32, y1: f32, r: f32) {
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
    pub fn curved_arrow(&mut self, mirror: bool) {
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
