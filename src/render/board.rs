//! Paints one frame: the board, the pieces, the marks and the caption.
//!
//! Every length is a fraction of the distance between two points (`CELL`
//! pixels), so the proportions stay right if the size changes. Points are
//! placed by their ICCS file and rank, turned round when Black is at the
//! bottom.

use super::font::Font;
use super::pieces::{self, Look, rgba, shaded, solid, stroke};
use super::style::{Rgb, ThemeColors};
use super::{Options, RenderError};
use crate::rules::notation::{Charset, to_chinese};
use crate::rules::{Color, Move, Position, Square};
use tiny_skia::{
    FillRule, GradientStop, LinearGradient, PathBuilder, Pixmap, Point, Rect, SpreadMode, Transform,
};

/// Pixels between two neighbouring points.
pub(super) const CELL: f32 = 60.0;
/// From the image's edge to the outermost grid line.
const MARGIN: f32 = CELL * 1.25;
/// Height of the caption band under the board (one line).
const CAPTION: f32 = CELL * 0.8;
/// Each further caption line adds this much.
const CAPTION_LINE: f32 = CELL * 0.45;
/// The most lines a caption may take.
pub(super) const MAX_CAPTION_LINES: usize = 6;

const MARK: Rgb = (22, 104, 196);

/// Draws boards with one font and one size.
pub(super) struct Painter {
    font: Font,
    /// Lines of the caption band under the board (0: none).
    caption_lines: usize,
}

impl Painter {
    /// A painter; `with_caption` reserves a one-line band under the board.
    pub(super) fn new(with_caption: bool) -> Result<Painter, RenderError> {
        Painter::with_lines(usize::from(with_caption))
    }

    /// A painter whose caption band holds `lines` lines.
    pub(super) fn with_lines(lines: usize) -> Result<Painter, RenderError> {
        Ok(Painter {
            font: Font::pieces().ok_or(RenderError::Font)?,
            caption_lines: lines.min(MAX_CAPTION_LINES),
        })
    }

    /// The lines a caption is drawn in and their size: one line, shrunk
    /// a little if it must be; else each line of the text (`\n` breaks
    /// it) wrapped to the picture's width, at a size that stays legible.
    ///
    /// # Errors
    /// [`RenderError::CaptionTooLong`] past [`MAX_CAPTION_LINES`].
    pub(super) fn layout(&self, text: &str) -> Result<(Vec<String>, f32), RenderError> {
        let max = self.width() as f32 - 2.0 * CELL * 0.3;
        let paragraphs: Vec<&str> = text.split('\n').map(|l| l.trim_end_matches('\r')).collect();
        let full = CELL * 0.42;
        if let [one] = paragraphs[..] {
            let w = self.font.width(one, full);
            if w <= max {
                return Ok((vec![one.to_string()], full));
            }
            // Down to 0.3 of a cell a line stays readable.
            if w * 0.3 / 0.42 <= max {
                return Ok((vec![one.to_string()], full * max / w));
            }
        }
        let size = CELL * 0.34;
        let too_long = || RenderError::CaptionTooLong {
            max: MAX_CAPTION_LINES,
        };
        let mut lines: Vec<String> = Vec::new();
        for p in paragraphs {
            let mut line = String::new();
            for c in p.chars() {
                line.push(c);
                if self.font.width(&line, size) <= max {
                    continue;
                }
                // Break at the last space if there is one, else before `c`.
                let (head, rest) = match line.trim_end().rfind(' ') {
                    Some(i) if i > 0 => (line[..i].to_string(), line[i + 1..].to_string()),
                    _ => {
                        line.pop();
                        (line.clone(), c.to_string())
                    }
                };
                lines.push(head);
                line = rest;
                if lines.len() >= MAX_CAPTION_LINES {
                    return Err(too_long());
                }
            }
            lines.push(line);
        }
        if lines.len() > MAX_CAPTION_LINES {
            return Err(too_long());
        }
        Ok((lines, size))
    }

    pub(super) fn width(&self) -> u32 {
        (2.0 * MARGIN + 8.0 * CELL).round() as u32
    }

    pub(super) fn height(&self) -> u32 {
        let band = match self.caption_lines {
            0 => 0.0,
            n => CAPTION + (n - 1) as f32 * CAPTION_LINE,
        };
        (2.0 * MARGIN + 9.0 * CELL + band).round() as u32
    }

    /// The whole picture of `pos`.
    pub(super) fn paint(&self, pos: &Position, options: &Options) -> Result<Pixmap, RenderError> {
        if let Some(ch) = options.caption.as_deref().and_then(|c| {
            c.chars()
                .find(|&ch| !matches!(ch, '\n' | '\r') && !self.font.has(ch))
        }) {
            return Err(RenderError::MissingGlyph { ch });
        }
        if let Some(text) = options.caption.as_deref() {
            self.layout(text)?;
        }
        let mut pm = Pixmap::new(self.width(), self.height()).ok_or(RenderError::Font)?;
        let flip = options.flip;
        let colors = options.theme.colors();
        self.wood(&mut pm, colors);
        self.grid(&mut pm, colors.ink);
        self.river(&mut pm, colors.ink);
        self.coordinates(&mut pm, flip, colors.ink);
        let look = Look {
            set: options.pieces,
            charset: Charset::Traditional,
        };
        let r = CELL * 0.45;
        for sq in Square::all() {
            if pos.piece_at(sq).is_some() {
                pieces::shadow(&mut pm, point(sq, flip), r, options.theme);
            }
        }
        if let Some(m) = options.last_move {
            self.left_mark(&mut pm, point(m.from(), flip));
        }
        for sq in Square::all() {
            if let Some(p) = pos.piece_at(sq) {
                pieces::draw(&mut pm, &self.font, look, p, point(sq, flip), r);
            }
        }
        if let Some(m) = options.last_move {
            self.corners(&mut pm, point(m.to(), flip));
        }
        if let Some(text) = options
            .caption
            .as_deref()
            .filter(|_| self.caption_lines > 0)
        {
            self.caption(&mut pm, text, colors.ink);
        }
        Ok(pm)
    }

    /// The surface (warm wood, ebony, paper): a diagonal gradient, soft
    /// grain, a darker edge.
    fn wood(&self, pm: &mut Pixmap, colors: &ThemeColors) {
        let (w, h) = (pm.width() as f32, pm.height() as f32);
        let [light, middle, far] = colors.surface;
        let stops = vec![
            GradientStop::new(0.0, rgba(light, 1.0)),
            GradientStop::new(0.45, rgba(middle, 1.0)),
            GradientStop::new(1.0, rgba(far, 1.0)),
        ];
        let shader = LinearGradient::new(
            Point::from_xy(0.0, 0.0),
            Point::from_xy(w, h),
            stops,
            SpreadMode::Pad,
            Transform::identity(),
        );
        if let Some(r) = Rect::from_xywh(0.0, 0.0, w, h) {
            pm.fill_rect(r, &shaded(shader, colors.base), Transform::identity(), None);
        }
        // Grain: long, gently waving lines of a darker tone, from a fixed
        // pseudo-random sequence so every image of a position is the same.
        let mut seed: u32 = 0x9E37_79B9;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as f32 / u32::MAX as f32
        };
        let mut y = -10.0;
        while y < h + 10.0 {
            let mut pb = PathBuilder::new();
            let amp = 2.0 + next() * 7.0;
            let phase = next() * std::f32::consts::TAU;
            pb.move_to(-5.0, y);
            let steps = 12;
            for i in 1..=steps {
                let x = w * i as f32 / steps as f32 + 5.0;
                let wave = ((i as f32) * 0.9 + phase).sin() * amp;
                pb.line_to(x, y + wave);
            }
            if let Some(path) = pb.finish() {
                let alpha = (0.05 + next() * 0.08) * colors.grain.1;
                let width = 0.8 + next() * 2.2;
                pm.stroke_path(
                    &path,
                    &solid(colors.grain.0, alpha),
                    &stroke(width),
                    Transform::identity(),
                    None,
                );
            }
            y += 4.0 + next() * 9.0;
        }
        // A darker rim, like the edge of a board.
        if let Some(r) = Rect::from_xywh(3.0, 3.0, w - 6.0, h - 6.0) {
            let path = PathBuilder::from_rect(r);
            pm.stroke_path(
                &path,
                &solid(colors.edge, 0.55),
                &stroke(6.0),
                Transform::identity(),
                None,
            );
        }
    }

    fn line(pm: &mut Pixmap, a: (f32, f32), b: (f32, f32), width: f32, ink: (Rgb, f32)) {
        let (ink, alpha) = ink;
        let mut pb = PathBuilder::new();
        pb.move_to(a.0, a.1);
        pb.line_to(b.0, b.1);
        if let Some(path) = pb.finish() {
            pm.stroke_path(
                &path,
                &solid(ink, alpha),
                &stroke(width),
                Transform::identity(),
                None,
            );
        }
    }

    /// Grid lines (the inner files break at the river), palace diagonals,
    /// a double frame and the small corner marks of the cannons' and
    /// soldiers' points.
    fn grid(&self, pm: &mut Pixmap, ink: Rgb) {
        let at = |col: f32, row: f32| (MARGIN + col * CELL, MARGIN + row * CELL);
        let w = CELL * 0.028;
        for row in 0..10 {
            Self::line(pm, at(0.0, row as f32), at(8.0, row as f32), w, (ink, 0.9));
        }
        for col in 0..9 {
            let c = col as f32;
            if col == 0 || col == 8 {
                Self::line(pm, at(c, 0.0), at(c, 9.0), w, (ink, 0.9));
            } else {
                Self::line(pm, at(c, 0.0), at(c, 4.0), w, (ink, 0.9));
                Self::line(pm, at(c, 5.0), at(c, 9.0), w, (ink, 0.9));
            }
        }
        for top in [0.0, 7.0] {
            Self::line(pm, at(3.0, top), at(5.0, top + 2.0), w, (ink, 0.9));
            Self::line(pm, at(5.0, top), at(3.0, top + 2.0), w, (ink, 0.9));
        }
        for (pad, width) in [(CELL * 0.64, CELL * 0.06), (CELL * 0.56, CELL * 0.02)] {
            let r = Rect::from_ltrb(
                MARGIN - pad,
                MARGIN - pad,
                MARGIN + 8.0 * CELL + pad,
                MARGIN + 9.0 * CELL + pad,
            );
            if let Some(r) = r {
                let path = PathBuilder::from_rect(r);
                pm.stroke_path(
                    &path,
                    &solid(ink, 0.95),
                    &stroke(width),
                    Transform::identity(),
                    None,
                );
            }
        }
        let points = [
            (1, 2),
            (7, 2),
            (1, 7),
            (7, 7),
            (0, 3),
            (2, 3),
            (4, 3),
            (6, 3),
            (8, 3),
            (0, 6),
            (2, 6),
            (4, 6),
            (6, 6),
            (8, 6),
        ];
        let (gap, len) = (CELL * 0.08, CELL * 0.2);
        for (col, row) in points {
            let (x, y) = at(col as f32, row as f32);
            for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                if (col == 0 && dx < 0.0) || (col == 8 && dx > 0.0) {
                    continue;
                }
                let (cx, cy) = (x + dx * gap, y + dy * gap);
                let mut pb = PathBuilder::new();
                pb.move_to(cx + dx * len, cy);
                pb.line_to(cx, cy);
                pb.line_to(cx, cy + dy * len);
                if let Some(path) = pb.finish() {
                    pm.stroke_path(
                        &path,
                        &solid(ink, 0.85),
                        &stroke(w),
                        Transform::identity(),
                        None,
                    );
                }
            }
        }
    }

    /// 楚河 on the left half of the river, 漢界 on the right.
    fn river(&self, pm: &mut Pixmap, ink: Rgb) {
        let y = MARGIN + 4.5 * CELL;
        let size = CELL * 0.62;
        let paint = solid(ink, 0.72);
        for (col, ch) in [(1.35, '楚'), (2.65, '河'), (5.35, '漢'), (6.65, '界')] {
            self.font
                .draw_glyph_centered(pm, ch, MARGIN + col * CELL, y, size, &paint);
        }
    }

    /// Files a–i under and over the board, ranks 0–9 left and right.
    fn coordinates(&self, pm: &mut Pixmap, flip: bool, ink: Rgb) {
        let size = CELL * 0.3;
        let paint = solid(ink, 0.85);
        let scale = size / self.font.units_per_em();
        let letter_base = self.font.x_height() * scale / 2.0;
        let digit_base = self.font.cap_height() * scale / 2.0;
        let out = CELL * 0.95;
        for f in 0..9u8 {
            let col = if flip { 8 - f } else { f };
            let x = MARGIN + f32::from(col) * CELL;
            let label = char::from(b'a' + f).to_string();
            for y in [MARGIN - out, MARGIN + 9.0 * CELL + out] {
                self.font
                    .draw_centered(pm, &label, x, y + letter_base, size, &paint);
            }
        }
        for r in 0..10u8 {
            let row = if flip { r } else { 9 - r };
            let y = MARGIN + f32::from(row) * CELL + digit_base;
            let label = r.to_string();
            for x in [MARGIN - out, MARGIN + 8.0 * CELL + out] {
                self.font.draw_centered(pm, &label, x, y, size, &paint);
            }
        }
    }

    /// The point a piece left: a soft ring.
    fn left_mark(&self, pm: &mut Pixmap, (x, y): (f32, f32)) {
        if let Some(c) = PathBuilder::from_circle(x, y, CELL * 0.2) {
            pm.fill_path(
                &c,
                &solid(MARK, 0.22),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
            pm.stroke_path(
                &c,
                &solid(MARK, 0.8),
                &stroke(CELL * 0.035),
                Transform::identity(),
                None,
            );
        }
    }

    /// The point a piece arrived on: four corner brackets round it.
    fn corners(&self, pm: &mut Pixmap, (x, y): (f32, f32)) {
        let (half, len) = (CELL * 0.5, CELL * 0.16);
        for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            let (cx, cy) = (x + dx * half, y + dy * half);
            let mut pb = PathBuilder::new();
            pb.move_to(cx - dx * len, cy);
            pb.line_to(cx, cy);
            pb.line_to(cx, cy - dy * len);
            if let Some(path) = pb.finish() {
                let mut s = stroke(CELL * 0.055);
                s.line_cap = tiny_skia::LineCap::Round;
                s.line_join = tiny_skia::LineJoin::Round;
                pm.stroke_path(&path, &solid(MARK, 0.95), &s, Transform::identity(), None);
            }
        }
    }

    fn caption(&self, pm: &mut Pixmap, text: &str, ink: Rgb) {
        let Ok((lines, size)) = self.layout(text) else {
            return;
        };
        let scale = size / self.font.units_per_em();
        let centre = 2.0 * MARGIN + 9.0 * CELL + CAPTION * 0.3;
        let first = centre + self.font.cap_height() * scale / 2.0;
        let x = self.width() as f32 / 2.0;
        for (i, line) in lines.iter().take(self.caption_lines).enumerate() {
            let baseline = first + i as f32 * CAPTION_LINE;
            self.font
                .draw_centered(pm, line, x, baseline, size, &solid(ink, 1.0));
        }
    }
}

/// The pixel centre of a point.
/// The picture's size without a caption band, in pixels.
pub(super) fn size_without_caption() -> (f32, f32) {
    (
        (2.0 * MARGIN + 8.0 * CELL).round(),
        (2.0 * MARGIN + 9.0 * CELL).round(),
    )
}

pub(super) fn point(sq: Square, flip: bool) -> (f32, f32) {
    let (file, rank) = (f32::from(sq.file()), f32::from(sq.rank()));
    let (col, row) = if flip {
        (8.0 - file, rank)
    } else {
        (file, 9.0 - rank)
    };
    (MARGIN + col * CELL, MARGIN + row * CELL)
}

/// `12. 炮二平五` / `12... 马８进７`: a move as a frame's caption.
pub(super) fn move_caption(before: &Position, m: Move) -> String {
    let n = before.fullmove_number();
    let dots = match before.side_to_move() {
        Color::Red => ".",
        Color::Black => "...",
    };
    format!("{n}{dots} {}", to_chinese(before, m, Charset::Simplified))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_font_has_every_character_the_board_draws() {
        let font = Font::pieces().unwrap();
        for c in Color::ALL {
            for kind in crate::rules::PieceKind::ALL {
                for charset in [Charset::Traditional, Charset::Simplified] {
                    let ch = pieces::piece_char(crate::rules::Piece { color: c, kind }, charset);
                    assert!(font.glyph(ch).and_then(|g| g.path).is_some(), "{ch}");
                }
            }
        }
        for ch in "楚河漢界abcdefghi0123456789.．炮二平五马８进７帅将車傌兵卒后前".chars()
        {
            assert!(font.has(ch), "{ch}");
        }
    }

    #[test]
    fn flipping_turns_the_board_round() {
        let a0 = Square::new(0, 0).unwrap();
        let i9 = Square::new(8, 9).unwrap();
        assert_eq!(point(a0, false), point(i9, true));
        assert!(
            point(a0, false).1 > point(i9, false).1,
            "rank 0 is at the bottom"
        );
    }

    #[test]
    fn a_caption_the_font_cannot_draw_is_refused() {
        let p = Painter::new(true).unwrap();
        let o = Options {
            caption: Some("ok \u{1F600}".into()),
            ..Options::default()
        };
        let e = p.paint(&Position::startpos(), &o).unwrap_err();
        assert!(matches!(e, RenderError::MissingGlyph { ch: '\u{1F600}' }));
    }

    #[test]
    fn a_long_caption_wraps_legibly_and_newlines_break_it() {
        let p = Painter::new(true).unwrap();
        let (lines, size) = p.layout("第一行\n第二行").unwrap();
        assert_eq!(lines, ["第一行", "第二行"]);
        assert!(size >= CELL * 0.3);
        let long = "柳大华 vs 吕钦 ".repeat(12);
        let (lines, size) = p.layout(&long).unwrap();
        assert!(
            lines.len() > 1 && lines.len() <= MAX_CAPTION_LINES,
            "{lines:?}"
        );
        assert!(size >= CELL * 0.3, "{size}");
        let max = p.width() as f32 - 2.0 * CELL * 0.3;
        for l in &lines {
            assert!(p.font.width(l, size) <= max, "{l}");
        }
        // 3,000 characters: refused, not drawn invisibly small.
        let e = p.layout(&"象".repeat(3000)).unwrap_err();
        assert!(matches!(e, RenderError::CaptionTooLong { .. }), "{e}");
        // The band grows with the lines.
        let two = Painter::with_lines(2).unwrap();
        assert!(two.height() > p.height());
    }

    #[test]
    fn pieces_are_drawn_in_their_colours_on_their_points() {
        let p = Painter::new(false).unwrap();
        let pm = p.paint(&Position::startpos(), &Options::default()).unwrap();
        // The pixel at a point with no piece is wood; at a piece, the disc's
        // light face or its ink.
        let pixel = |sq: &str, dx: f32, dy: f32| {
            let (x, y) = point(Square::parse(sq).unwrap(), false);
            let c = pm
                .pixel((x + CELL * dx) as u32, (y + CELL * dy) as u32)
                .unwrap();
            (c.red(), c.green(), c.blue())
        };
        let (r, g, b) = pixel("e5", 0.3, 0.3);
        assert!(r > 190 && g > 140 && b < 150, "wood beside e5: {r} {g} {b}");
        let (r, g, b) = pixel("e0", 0.4, 0.0);
        assert!(
            r > 200 && g > 180 && b > 130,
            "piece face at e0: {r} {g} {b}"
        );
        let (r, g, b) = pixel("e4", 0.3, 0.3);
        assert!((r, g, b) != pixel("e0", 0.4, 0.0), "no piece at e4");
    }
}
