//! Glyphs from the project's piece font (`assets/fonts/pieces.otf`, a
//! Noto Serif CJK SC Bold subset) as vector paths: the outlines are read
//! with `ttf-parser` and filled by `tiny-skia`, so the characters are as
//! crisp as the board's lines at any size.

use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Rect, Transform};

/// The font, built into the binary so images can be made from anywhere.
static PIECES_OTF: &[u8] = include_bytes!("../../assets/fonts/pieces.otf");

/// A parsed font face.
pub(super) struct Font {
    face: ttf_parser::Face<'static>,
}

/// Turns outline commands (font units, y up) into a path (y down).
struct Outline(PathBuilder);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, -y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, -y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, -y1, x, -y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, -y1, x2, -y2, x, -y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// A glyph's outline in font units (y down) and its advance.
pub(super) struct Glyph {
    /// `None` for a blank glyph (a space).
    pub path: Option<Path>,
    pub advance: f32,
}

impl Font {
    /// The built-in piece font.
    pub(super) fn pieces() -> Option<Font> {
        ttf_parser::Face::parse(PIECES_OTF, 0)
            .ok()
            .map(|face| Font { face })
    }

    /// Font units per em.
    pub(super) fn units_per_em(&self) -> f32 {
        f32::from(self.face.units_per_em())
    }

    /// Height of lower-case letters, in font units.
    pub(super) fn x_height(&self) -> f32 {
        self.face
            .x_height()
            .map_or(self.units_per_em() * 0.5, f32::from)
    }

    /// Height of capitals and digits, in font units.
    pub(super) fn cap_height(&self) -> f32 {
        self.face
            .capital_height()
            .map_or(self.units_per_em() * 0.7, f32::from)
    }

    /// True if the font draws `c`.
    pub(super) fn has(&self, c: char) -> bool {
        c.is_whitespace() || self.face.glyph_index(c).is_some()
    }

    /// The glyph of `c`, or `None` if the font has none.
    pub(super) fn glyph(&self, c: char) -> Option<Glyph> {
        let id = self.face.glyph_index(c)?;
        let advance = self.face.glyph_hor_advance(id).map_or(0.0, f32::from);
        let mut outline = Outline(PathBuilder::new());
        let path = self
            .face
            .outline_glyph(id, &mut outline)
            .and_then(|_| outline.0.finish());
        Some(Glyph { path, advance })
    }

    /// Width of `text` at `size` pixels per em (missing glyphs count nothing).
    pub(super) fn width(&self, text: &str, size: f32) -> f32 {
        let scale = size / self.units_per_em();
        text.chars()
            .filter_map(|c| self.glyph(c))
            .map(|g| g.advance * scale)
            .sum()
    }

    /// Draws `text` with its baseline at `y`, centred on `x`.
    pub(super) fn draw_centered(
        &self,
        pixmap: &mut Pixmap,
        text: &str,
        x: f32,
        baseline: f32,
        size: f32,
        paint: &Paint,
    ) {
        let scale = size / self.units_per_em();
        let mut pen = x - self.width(text, size) / 2.0;
        for c in text.chars() {
            let Some(g) = self.glyph(c) else { continue };
            if let Some(path) = &g.path {
                let t = Transform::from_row(scale, 0.0, 0.0, scale, pen, baseline);
                pixmap.fill_path(path, paint, FillRule::Winding, t, None);
            }
            pen += g.advance * scale;
        }
    }

    /// Draws one character with its outline's box centred on (`x`, `y`).
    pub(super) fn draw_glyph_centered(
        &self,
        pixmap: &mut Pixmap,
        c: char,
        x: f32,
        y: f32,
        size: f32,
        paint: &Paint,
    ) {
        let Some(path) = self.glyph(c).and_then(|g| g.path) else {
            return;
        };
        let b: Rect = path.bounds();
        let scale = size / self.units_per_em();
        let (cx, cy) = (b.x() + b.width() / 2.0, b.y() + b.height() / 2.0);
        let t = Transform::from_row(scale, 0.0, 0.0, scale, x - cx * scale, y - cy * scale);
        pixmap.fill_path(&path, paint, FillRule::Winding, t, None);
    }
}
