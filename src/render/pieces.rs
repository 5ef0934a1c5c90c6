//! One piece, drawn in its set: the lacquered disc with the engraved
//! character, the pictogram disc, or the brush disc.
//!
//! The pictures of `xiangqi render` and the pieces in the game's window
//! are drawn here, the window's at their size on screen
//! ([`super::piece_rgba`]). A piece is drawn in a circle of radius `r`
//! round its centre (a character piece's rim reaches 4.5% past it); the shadow under it belongs
//! to the board ([`shadow`]).
//!
//! The sides differ by more than their hue, for players who do not see
//! red: the characters' red is a light vermilion beside the black ink, and
//! in the pictogram and brush sets Black's discs are dark with light ink
//! while Red's are light with red ink. `tests/piece_sets.rs` measures it on
//! the drawn images, as a protanope and a deuteranope would see them.
//!
//! The pictograms are drawn in a box of 100 × 100 units (y down), each a
//! silhouette in the side's ink with its details cut out in the face's
//! colour: a chariot (a turreted cart on two wheels), a horse's head, an
//! elephant's head (ears, trunk and tusks), a cannon on its wheel, an
//! official in the winged hat of the court (the advisor), a crown (the
//! general) and a helmeted soldier with his spear.

use super::font::Font;
use super::style::{BoardTheme, PieceSet, Rgb};
use crate::rules::{Charset, Color, Piece, PieceKind};
use tiny_skia::{
    Color as Rgba, FillRule, GradientStop, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap,
    Point, RadialGradient, Rect, Shader, SpreadMode, Stroke, Transform,
};

/// Red's ink: a vermilion light enough to stay apart from black ink for
/// eyes that do not see red (CIE L* 46 against black's 10).
pub const RED_INK: Rgb = (204, 52, 30);
/// Black's ink on a light face.
pub const BLACK_INK: Rgb = (28, 28, 30);
/// The light ink on Black's dark discs (pictograms, brush).
const LIGHT_INK: Rgb = (244, 238, 224);

/// A lacquered face: highlight, body, edge.
const LIGHT_FACE: [Rgb; 3] = [(255, 246, 226), (243, 221, 176), (214, 178, 120)];
/// Black's dark face in the pictogram and brush sets.
const DARK_FACE: [Rgb; 3] = [(78, 76, 80), (44, 43, 47), (24, 23, 26)];
/// The wooden rim of a character piece.
const WOOD_RIM: Rgb = (128, 80, 34);

/// What a piece is drawn as: its set and, where a character is written,
/// traditional (帥傌) or simplified (帅马) characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Look {
    pub set: PieceSet,
    pub charset: Charset,
}

/// The character on a piece: 帥仕相傌俥炮兵 / 將士象馬車砲卒, or in
/// simplified characters 帅仕相马车炮兵 / 将士象马车炮卒.
pub fn piece_char(piece: Piece, charset: Charset) -> char {
    piece.glyph_char(charset)
}

pub(super) fn rgba((r, g, b): Rgb, a: f32) -> Rgba {
    Rgba::from_rgba8(r, g, b, (a.clamp(0.0, 1.0) * 255.0).round() as u8)
}

pub(super) fn solid(c: Rgb, a: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(rgba(c, a));
    p.anti_alias = true;
    p
}

pub(super) fn shaded(shader: Option<Shader<'static>>, fallback: Rgb) -> Paint<'static> {
    match shader {
        Some(shader) => Paint {
            shader,
            anti_alias: true,
            ..Paint::default()
        },
        None => solid(fallback, 1.0),
    }
}

pub(super) fn stroke(width: f32) -> Stroke {
    Stroke {
        width,
        ..Stroke::default()
    }
}

fn round_stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    }
}

/// The soft shadow a piece of radius `r` at (`x`, `y`) casts on the board.
pub(super) fn shadow(pm: &mut Pixmap, (x, y): (f32, f32), r: f32, theme: BoardTheme) {
    let (color, alpha) = theme.colors().shadow;
    if let Some(c) = PathBuilder::from_circle(x + r * 0.078, y + r * 0.122, r) {
        pm.fill_path(
            &c,
            &solid(color, alpha),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

/// Draws `piece` as `look` has it, radius `r` round (`x`, `y`).
pub(super) fn draw(
    pm: &mut Pixmap,
    font: &Font,
    look: Look,
    piece: Piece,
    (x, y): (f32, f32),
    r: f32,
) {
    let ch = piece_char(piece, look.charset);
    match look.set {
        PieceSet::Characters => characters(pm, font, piece.color, ch, (x, y), r),
        PieceSet::Pictograms => pictogram(pm, font, piece, ch, (x, y), r),
        PieceSet::Brush => brush(pm, font, piece, ch, (x, y), r),
    }
}

/// The colours of a side's disc in the pictogram and brush sets: its face
/// (highlight, body, edge), its rim and its ink.
fn disc_colors(side: Color) -> ([Rgb; 3], Rgb, Rgb) {
    match side {
        Color::Red => (LIGHT_FACE, RED_INK, RED_INK),
        Color::Black => (DARK_FACE, (214, 206, 188), LIGHT_INK),
    }
}

/// A disc of radius `r` with a radial gradient lit from the upper left.
fn face(pm: &mut Pixmap, (x, y): (f32, f32), r: f32, tones: [Rgb; 3]) {
    let Some(disc) = PathBuilder::from_circle(x, y, r) else {
        return;
    };
    let shader = RadialGradient::new(
        Point::from_xy(x - r * 0.35, y - r * 0.4),
        0.0,
        Point::from_xy(x, y),
        r * 1.15,
        vec![
            GradientStop::new(0.0, rgba(tones[0], 1.0)),
            GradientStop::new(0.6, rgba(tones[1], 1.0)),
            GradientStop::new(1.0, rgba(tones[2], 1.0)),
        ],
        SpreadMode::Pad,
        Transform::identity(),
    );
    pm.fill_path(
        &disc,
        &shaded(shader, tones[1]),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

fn ring(pm: &mut Pixmap, (x, y): (f32, f32), radius: f32, width: f32, paint: &Paint) {
    if let Some(c) = PathBuilder::from_circle(x, y, radius) {
        pm.stroke_path(&c, paint, &stroke(width), Transform::identity(), None);
    }
}

/// The classic piece: a lacquered disc, a wooden rim, an inner ring in the
/// side's ink and the engraved character.
fn characters(pm: &mut Pixmap, font: &Font, side: Color, ch: char, at: (f32, f32), r: f32) {
    let ink = match side {
        Color::Red => RED_INK,
        Color::Black => BLACK_INK,
    };
    // The rim is stroked on the disc's edge, half of it outside `r`.
    face(pm, at, r, LIGHT_FACE);
    ring(pm, at, r, r * 0.089, &solid(WOOD_RIM, 0.95));
    ring(pm, at, r * 0.8, r * 0.067, &solid(ink, 0.9));
    font.draw_glyph_centered(pm, ch, at.0, at.1, r * 1.156, &solid(ink, 1.0));
}

/// The pictogram piece: the disc in the side's colours, the picture of
/// the piece, its character small underneath.
fn pictogram(pm: &mut Pixmap, font: &Font, piece: Piece, ch: char, (x, y): (f32, f32), r: f32) {
    let (tones, rim, ink) = disc_colors(piece.color);
    face(pm, (x, y), r, tones);
    ring(pm, (x, y), r * 0.955, r * 0.09, &solid(rim, 1.0));
    ring(pm, (x, y), r * 0.84, r * 0.035, &solid(ink, 0.85));
    // The picture's box: 100 units are 1.04 r, a little above the centre.
    let side = r * 1.04;
    let s = side / 100.0;
    let (left, top) = (x - side / 2.0, y - r * 0.15 - side / 2.0);
    let mut pen = Pen {
        pm,
        t: Transform::from_row(s, 0.0, 0.0, s, left, top),
        ink: solid(ink, 1.0),
        cut: solid(tones[1], 1.0),
    };
    match piece.kind {
        PieceKind::Chariot => chariot(&mut pen),
        PieceKind::Horse => horse(&mut pen),
        PieceKind::Elephant => elephant(&mut pen),
        PieceKind::Cannon => cannon(&mut pen),
        PieceKind::Advisor => advisor(&mut pen),
        PieceKind::General => general(&mut pen),
        PieceKind::Soldier => soldier(&mut pen),
    }
    font.draw_glyph_centered(pm, ch, x, y + r * 0.6, r * 0.4, &solid(ink, 1.0));
}

/// The brush piece: a paper (or ink-dark) disc, an open brushed ring
/// (thick where the brush lands, thin where it lifts) and the character
/// leaning a little, as if written by hand.
fn brush(pm: &mut Pixmap, font: &Font, piece: Piece, ch: char, (x, y): (f32, f32), r: f32) {
    let (tones, _, ink) = disc_colors(piece.color);
    let paper = match piece.color {
        Color::Red => [(252, 247, 236), (244, 235, 216), (226, 212, 184)],
        Color::Black => tones,
    };
    face(pm, (x, y), r, paper);
    // The ring: a band between two circles whose width swells and thins
    // along the stroke, open where the brush left off.
    let start = -1.2_f32;
    let sweep = std::f32::consts::TAU * 0.9;
    let steps = 72;
    let mut outer = Vec::with_capacity(steps + 1);
    let mut inner = Vec::with_capacity(steps + 1);
    for i in 0..=steps {
        let t = i as f32 / steps as f32;
        let a = start + sweep * t;
        // Heavy at the landing, thinning to a dry tail.
        let w = r * (0.05 + 0.11 * (1.0 - t).powf(0.7) * (t * 12.0).min(1.0));
        let mid = r * (0.86 + 0.015 * (a * 3.0).sin());
        outer.push((x + (mid + w / 2.0) * a.cos(), y + (mid + w / 2.0) * a.sin()));
        inner.push((x + (mid - w / 2.0) * a.cos(), y + (mid - w / 2.0) * a.sin()));
    }
    let mut pb = PathBuilder::new();
    if let Some(&(px, py)) = outer.first() {
        pb.move_to(px, py);
    }
    for &(px, py) in outer.iter().skip(1).chain(inner.iter().rev()) {
        pb.line_to(px, py);
    }
    pb.close();
    if let Some(path) = pb.finish() {
        pm.fill_path(
            &path,
            &solid(ink, 0.92),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    // The character, turned a few degrees, then dry-brush streaks of the
    // paper across it: drawn on a small sheet of its own, laid on the disc.
    let sheet = (r * 2.4).ceil();
    let c = sheet / 2.0;
    let Some(mut g) = Pixmap::new(sheet as u32, sheet as u32) else {
        return;
    };
    font.draw_glyph_centered(&mut g, ch, c, c, r * 1.12, &solid(ink, 1.0));
    let mut streak = solid(paper[1], 0.55);
    // Only over the ink: the streaks are where the brush ran dry.
    streak.blend_mode = tiny_skia::BlendMode::SourceAtop;
    for k in 0..5 {
        let dy = r * (-0.42 + 0.21 * k as f32) + r * 0.03 * (k as f32 * 1.7).sin();
        let mut pb = PathBuilder::new();
        pb.move_to(c - r * 0.7, c + dy - r * 0.12);
        pb.line_to(c + r * 0.7, c + dy + r * 0.12);
        if let Some(p) = pb.finish() {
            g.stroke_path(&p, &streak, &stroke(r * 0.018), Transform::identity(), None);
        }
    }
    let t = Transform::from_rotate_at(-5.0, c, c).post_translate(x - c, y - c);
    pm.draw_pixmap(
        0,
        0,
        g.as_ref(),
        &tiny_skia::PixmapPaint {
            quality: tiny_skia::FilterQuality::Bilinear,
            ..tiny_skia::PixmapPaint::default()
        },
        t,
        None,
    );
}

/// Draws in the pictogram box: the silhouette in ink, details cut out in
/// the face's colour.
struct Pen<'a> {
    pm: &'a mut Pixmap,
    t: Transform,
    ink: Paint<'static>,
    cut: Paint<'static>,
}

impl Pen<'_> {
    fn fill(&mut self, path: Option<Path>) {
        if let Some(p) = path {
            self.pm
                .fill_path(&p, &self.ink, FillRule::Winding, self.t, None);
        }
    }

    fn cut(&mut self, path: Option<Path>) {
        if let Some(p) = path {
            self.pm
                .fill_path(&p, &self.cut, FillRule::Winding, self.t, None);
        }
    }

    fn line(&mut self, path: Option<Path>, width: f32, cut: bool) {
        if let Some(p) = path {
            let paint = if cut { &self.cut } else { &self.ink };
            self.pm
                .stroke_path(&p, paint, &round_stroke(width), self.t, None);
        }
    }
}

fn poly(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (&(x0, y0), rest) = points.split_first()?;
    pb.move_to(x0, y0);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    pb.close();
    pb.finish()
}

fn polyline(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (&(x0, y0), rest) = points.split_first()?;
    pb.move_to(x0, y0);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    pb.finish()
}

fn rect(l: f32, t: f32, r: f32, b: f32) -> Option<Path> {
    Rect::from_ltrb(l, t, r, b).map(PathBuilder::from_rect)
}

fn oval(l: f32, t: f32, r: f32, b: f32) -> Option<Path> {
    Rect::from_ltrb(l, t, r, b).and_then(PathBuilder::from_oval)
}

fn dot(x: f32, y: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(x, y, r)
}

/// A cubic Bézier from `a` through the controls `b`, `c` to `d`.
fn curve(a: (f32, f32), b: (f32, f32), c: (f32, f32), d: (f32, f32)) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.cubic_to(b.0, b.1, c.0, c.1, d.0, d.1);
    pb.finish()
}

/// A spoked wheel of radius `r` at (`x`, `y`).
fn wheel(pen: &mut Pen, x: f32, y: f32, r: f32, spokes: usize) {
    pen.cut(dot(x, y, r + 3.0));
    pen.fill(dot(x, y, r));
    pen.cut(dot(x, y, r * 0.68));
    for k in 0..spokes {
        let a = std::f32::consts::PI * k as f32 / spokes as f32;
        let (dx, dy) = (a.cos() * r * 0.7, a.sin() * r * 0.7);
        pen.line(polyline(&[(x - dx, y - dy), (x + dx, y + dy)]), 3.5, false);
    }
    pen.fill(dot(x, y, r * 0.26));
}

/// 車: a turreted war cart on two wheels.
fn chariot(pen: &mut Pen) {
    for l in [16.0, 42.0, 68.0] {
        pen.fill(rect(l, 10.0, l + 16.0, 26.0));
    }
    pen.fill(poly(&[
        (12.0, 24.0),
        (88.0, 24.0),
        (82.0, 60.0),
        (18.0, 60.0),
    ]));
    pen.cut(rect(28.0, 33.0, 36.0, 50.0));
    pen.cut(rect(46.0, 33.0, 54.0, 50.0));
    pen.cut(rect(64.0, 33.0, 72.0, 50.0));
    pen.line(polyline(&[(8.0, 68.0), (92.0, 68.0)]), 5.0, false);
    wheel(pen, 30.0, 76.0, 17.0, 3);
    wheel(pen, 70.0, 76.0, 17.0, 3);
}

/// 馬: a horse's head facing left, mane flying behind.
fn horse(pen: &mut Pen) {
    let mut pb = PathBuilder::new();
    pb.move_to(80.0, 96.0);
    pb.cubic_to(82.0, 70.0, 78.0, 46.0, 66.0, 26.0);
    pb.line_to(68.0, 6.0);
    pb.line_to(58.0, 18.0);
    pb.line_to(52.0, 8.0);
    pb.line_to(48.0, 22.0);
    pb.cubic_to(38.0, 28.0, 26.0, 40.0, 14.0, 56.0);
    pb.cubic_to(8.0, 63.0, 10.0, 74.0, 22.0, 75.0);
    pb.cubic_to(30.0, 76.0, 36.0, 71.0, 42.0, 66.0);
    pb.cubic_to(46.0, 64.0, 48.0, 68.0, 46.0, 74.0);
    pb.cubic_to(44.0, 82.0, 40.0, 90.0, 38.0, 96.0);
    pb.close();
    pen.fill(pb.finish());
    // The mane: tufts along the back of the neck.
    for (x, y) in [
        (70.0, 28.0),
        (75.0, 42.0),
        (78.0, 56.0),
        (80.0, 70.0),
        (81.0, 84.0),
    ] {
        pen.fill(poly(&[
            (x - 3.0, y - 7.0),
            (x + 12.0, y - 1.0),
            (x, y + 6.0),
        ]));
    }
    pen.line(
        curve((60.0, 28.0), (70.0, 46.0), (72.0, 70.0), (71.0, 96.0)),
        2.5,
        true,
    );
    pen.cut(dot(45.0, 36.0, 4.0));
    pen.cut(dot(18.0, 62.0, 2.8));
    pen.line(polyline(&[(12.0, 69.0), (24.0, 70.0)]), 2.2, true);
    pen.line(
        curve((40.0, 44.0), (34.0, 50.0), (30.0, 56.0), (32.0, 64.0)),
        2.0,
        true,
    );
}

/// 象: an elephant's head seen from the front: wide ears, trunk curling
/// out, two tusks.
fn elephant(pen: &mut Pen) {
    pen.fill(oval(2.0, 16.0, 44.0, 70.0));
    pen.fill(oval(56.0, 16.0, 98.0, 70.0));
    pen.line(
        curve((14.0, 28.0), (6.0, 42.0), (10.0, 58.0), (26.0, 64.0)),
        2.5,
        true,
    );
    pen.line(
        curve((86.0, 28.0), (94.0, 42.0), (90.0, 58.0), (74.0, 64.0)),
        2.5,
        true,
    );
    pen.cut(oval(24.0, 8.0, 76.0, 64.0));
    pen.fill(oval(27.0, 11.0, 73.0, 61.0));
    // The trunk, curling out at its tip.
    let trunk = {
        let mut pb = PathBuilder::new();
        pb.move_to(50.0, 48.0);
        pb.cubic_to(50.0, 68.0, 49.0, 82.0, 58.0, 90.0);
        pb.cubic_to(62.0, 93.0, 68.0, 92.0, 69.0, 86.0);
        pb.finish()
    };
    pen.line(trunk.clone(), 17.0, true);
    pen.line(trunk, 12.0, false);
    // Tusks: ink outlines with ivory inside.
    for side in [-1.0, 1.0] {
        let x = |d: f32| 50.0 + side * d;
        let tusk = curve(
            (x(11.0), 56.0),
            (x(14.0), 66.0),
            (x(18.0), 72.0),
            (x(26.0), 74.0),
        );
        pen.line(tusk.clone(), 9.0, false);
        pen.line(tusk, 4.5, true);
    }
    pen.cut(dot(39.0, 33.0, 3.6));
    pen.cut(dot(61.0, 33.0, 3.6));
}

/// 炮: a cannon on its carriage, the barrel raised, the wheel in front.
fn cannon(pen: &mut Pen) {
    let (p0, p1) = ((20.0_f32, 60.0_f32), (90.0_f32, 20.0_f32));
    let (dx, dy) = (p1.0 - p0.0, p1.1 - p0.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let at = |along: f32, across: f32| {
        (
            p0.0 + ux * along - uy * across,
            p0.1 + uy * along + ux * across,
        )
    };
    // The trail resting on the ground.
    pen.line(polyline(&[(40.0, 66.0), (90.0, 92.0)]), 9.0, false);
    pen.fill(poly(&[
        at(0.0, 12.0),
        at(len, 7.5),
        at(len, -7.5),
        at(0.0, -12.0),
    ]));
    pen.fill(dot(at(-5.0, 0.0).0, at(-5.0, 0.0).1, 8.0));
    pen.fill(poly(&[
        at(len - 9.0, 10.0),
        at(len, 10.0),
        at(len, -10.0),
        at(len - 9.0, -10.0),
    ]));
    pen.fill(poly(&[
        at(26.0, 14.0),
        at(33.0, 14.0),
        at(33.0, -14.0),
        at(26.0, -14.0),
    ]));
    pen.line(
        polyline(&[at(len - 10.5, 11.0), at(len - 10.5, -11.0)]),
        2.0,
        true,
    );
    pen.line(polyline(&[at(24.5, 14.0), at(24.5, -14.0)]), 2.0, true);
    pen.line(polyline(&[at(34.5, 14.0), at(34.5, -14.0)]), 2.0, true);
    wheel(pen, 38.0, 74.0, 19.0, 4);
}

/// 仕 / 士: an official of the court in his winged hat, holding his tablet.
fn advisor(pen: &mut Pen) {
    pen.fill(oval(34.0, 4.0, 66.0, 34.0));
    pen.fill(rect(31.0, 18.0, 69.0, 33.0));
    pen.fill(oval(4.0, 21.0, 32.0, 31.0));
    pen.fill(oval(68.0, 21.0, 96.0, 31.0));
    pen.fill(rect(20.0, 24.0, 80.0, 28.0));
    pen.fill(dot(50.0, 45.0, 12.5));
    pen.line(polyline(&[(34.0, 34.5), (66.0, 34.5)]), 3.0, true);
    let mut pb = PathBuilder::new();
    pb.move_to(18.0, 98.0);
    pb.cubic_to(18.0, 74.0, 28.0, 60.0, 50.0, 58.0);
    pb.cubic_to(72.0, 60.0, 82.0, 74.0, 82.0, 98.0);
    pb.close();
    pen.fill(pb.finish());
    pen.line(
        polyline(&[(40.0, 59.0), (50.0, 72.0), (60.0, 59.0)]),
        3.0,
        true,
    );
    pen.cut(poly(&[
        (45.0, 70.0),
        (55.0, 70.0),
        (56.0, 96.0),
        (44.0, 96.0),
    ]));
}

/// 帥 / 將: a crown with three jewelled points.
fn general(pen: &mut Pen) {
    pen.fill(poly(&[
        (18.0, 74.0),
        (10.0, 30.0),
        (32.0, 50.0),
        (50.0, 16.0),
        (68.0, 50.0),
        (90.0, 30.0),
        (82.0, 74.0),
    ]));
    pen.fill(rect(14.0, 74.0, 86.0, 90.0));
    pen.fill(dot(10.0, 27.0, 6.5));
    pen.fill(dot(50.0, 11.0, 7.5));
    pen.fill(dot(90.0, 27.0, 6.5));
    pen.line(polyline(&[(14.0, 74.0), (86.0, 74.0)]), 3.0, true);
    pen.cut(poly(&[
        (50.0, 38.0),
        (57.0, 52.0),
        (50.0, 64.0),
        (43.0, 52.0),
    ]));
    pen.cut(dot(30.0, 82.0, 3.8));
    pen.cut(dot(50.0, 82.0, 4.6));
    pen.cut(dot(70.0, 82.0, 3.8));
}

/// 兵 / 卒: a soldier in a spiked helmet, his spear beside him.
fn soldier(pen: &mut Pen) {
    pen.line(polyline(&[(84.0, 20.0), (84.0, 98.0)]), 4.5, false);
    pen.fill(poly(&[
        (84.0, 2.0),
        (91.0, 18.0),
        (84.0, 25.0),
        (77.0, 18.0),
    ]));
    let mut pb = PathBuilder::new();
    pb.move_to(28.0, 38.0);
    pb.cubic_to(28.0, 14.0, 72.0, 14.0, 72.0, 38.0);
    pb.close();
    pen.fill(pb.finish());
    pen.fill(poly(&[(46.0, 22.0), (50.0, 4.0), (54.0, 22.0)]));
    pen.fill(rect(22.0, 35.0, 78.0, 42.0));
    pen.fill(dot(50.0, 50.0, 11.5));
    pen.line(polyline(&[(26.0, 43.5), (74.0, 43.5)]), 2.5, true);
    pen.fill(oval(30.0, 58.0, 70.0, 68.0));
    pen.fill(poly(&[
        (38.0, 64.0),
        (62.0, 64.0),
        (70.0, 88.0),
        (30.0, 88.0),
    ]));
    pen.fill(rect(22.0, 88.0, 78.0, 98.0));
    pen.line(polyline(&[(26.0, 88.5), (74.0, 88.5)]), 2.5, true);
    pen.line(polyline(&[(34.0, 63.0), (66.0, 63.0)]), 2.0, true);
}
