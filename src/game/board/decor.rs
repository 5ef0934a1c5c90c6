//! The board's decoration: sprites for the grid, palace diagonals, corner
//! marks and frame, and 2D text for the river and the file numbers, drawn
//! for a layout, an orientation and a board theme (whose ink they take).

use crate::game::Screen;
use crate::game::board::layout::BoardLayout;
use crate::game::board::{shapes, z};
use crate::game::i18n::{Lang, RED_FILE_NUMERALS};
use crate::game::theme::{Fonts, palette};
use crate::render::BoardTheme;
use bevy::prelude::*;

/// Lines, marks and labels of the board (rebuilt on resize/flip).
#[derive(Component, Clone)]
pub(super) struct BoardDecor;

/// A file number beside the board (hidden by the coordinates setting):
/// the file counted from its side's right, 1–9, and whether it is Red's
/// (一…九, or digits where the language writes them so).
#[derive(Component, Clone, Copy)]
pub struct FileNumber {
    /// 1–9 from the side's right.
    pub number: u8,
    /// Red's number, below the board.
    pub red: bool,
}

/// A rank's number beside the board's left edge, 0 (Red's back rank) to 9,
/// shown only in a lesson, where points are named as the course names them
/// (e0, h2: [`file_number_text`] gives the file's letter there).
#[derive(Component, Clone, Copy)]
pub struct RankNumber;

/// A file number's text in `lang`: Red's in Chinese numerals, but in
/// Vietnamese, whose records count both sides' files in digits; in a
/// `lesson` Red's side names the files by the letters the course uses,
/// a to i from Red's left.
pub fn file_number_text(n: FileNumber, lang: Lang, lesson: bool) -> String {
    if n.red && lesson {
        char::from(b'a' + 9 - n.number.clamp(1, 9)).to_string()
    } else if n.red && lang != Lang::Vi {
        RED_FILE_NUMERALS[usize::from(n.number.clamp(1, 9) - 1)].to_string()
    } else {
        n.number.to_string()
    }
}

/// Draws the decoration for `layout`, seen from Black when `flipped`.
pub(super) fn spawn_decor(
    commands: &mut Commands,
    images: &mut Assets<Image>,
    layout: &BoardLayout,
    flipped: bool,
    (fonts, theme, lang): (&Fonts, BoardTheme, Lang),
) {
    let at = |f: f32, r: f32| layout.world_of(Vec2::new(f, r), flipped);
    let lw = layout.line_width();
    let ink = palette::board_ink(theme);
    let mut lines = grid_lines(&at, lw, ink);
    lines.extend(frame_lines(&at, lw, palette::board_frame(theme)));
    lines.extend(corner_marks(&at, lw, ink));
    for line in lines {
        commands.spawn((line.sprite(images), line.transform(), decor()));
    }
    spawn_river(commands, layout, fonts, ink);
    spawn_file_numbers(commands, layout, &at, fonts, ink, lang);
}

/// Lines, marks and labels go when the board is redrawn or left.
fn decor() -> impl Bundle {
    (BoardDecor, DespawnOnExit(Screen::Playing))
}

/// A straight line on the board, in world units.
struct Line {
    a: Vec2,
    b: Vec2,
    width: f32,
    color: Color,
}

impl Line {
    fn new(a: Vec2, b: Vec2, width: f32, color: Color) -> Line {
        Line { a, b, width, color }
    }

    /// Lines along the grid sit on whole pixels and are sharp as they are; a
    /// slanted one gets anti-aliased edges from a band image.
    fn sprite(&self, images: &mut Assets<Image>) -> Sprite {
        let d = self.b - self.a;
        let len = d.length();
        if d.x.abs() < 1e-3 || d.y.abs() < 1e-3 {
            Sprite::from_color(self.color, Vec2::new(len + self.width, self.width))
        } else {
            let (image, height) = shapes::band(self.width);
            Sprite {
                image: images.add(image),
                color: self.color,
                custom_size: Some(Vec2::new(len + self.width, height)),
                ..default()
            }
        }
    }

    fn transform(&self) -> Transform {
        let d = self.b - self.a;
        Transform {
            translation: ((self.a + self.b) / 2.0).extend(z::GRID),
            rotation: Quat::from_rotation_z(d.y.atan2(d.x)),
            ..default()
        }
    }
}

/// Ranks, files (the inner ones stop at the river) and the palaces' diagonals.
fn grid_lines(at: &impl Fn(f32, f32) -> Vec2, lw: f32, color: Color) -> Vec<Line> {
    let ink = |a, b| Line::new(a, b, lw, color);
    let mut lines = Vec::new();
    for r in 0..10 {
        lines.push(ink(at(0.0, r as f32), at(8.0, r as f32)));
    }
    for f in 0..9 {
        let f = f as f32;
        if f == 0.0 || f == 8.0 {
            lines.push(ink(at(f, 0.0), at(f, 9.0)));
        } else {
            lines.push(ink(at(f, 0.0), at(f, 4.0)));
            lines.push(ink(at(f, 5.0), at(f, 9.0)));
        }
    }
    for (r0, r1) in [(0.0, 2.0), (7.0, 9.0)] {
        lines.push(ink(at(3.0, r0), at(5.0, r1)));
        lines.push(ink(at(5.0, r0), at(3.0, r1)));
    }
    lines
}

/// The frame: a thicker line a little outside the grid.
fn frame_lines(at: &impl Fn(f32, f32) -> Vec2, lw: f32, color: Color) -> Vec<Line> {
    let m = 0.22;
    let fw = (lw * 2.5).round();
    let corners = [
        at(-m, -m),
        at(8.0 + m, -m),
        at(8.0 + m, 9.0 + m),
        at(-m, 9.0 + m),
    ];
    (0..4)
        .map(|i| Line::new(corners[i], corners[(i + 1) % 4], fw, color))
        .collect()
}

/// The corner marks at the cannon and soldier points.
fn corner_marks(at: &impl Fn(f32, f32) -> Vec2, lw: f32, ink: Color) -> Vec<Line> {
    let gap = 0.08;
    let arm = 0.2;
    let mut points = vec![(1.0, 2.0), (7.0, 2.0), (1.0, 7.0), (7.0, 7.0)];
    for f in [0.0, 2.0, 4.0, 6.0, 8.0] {
        points.push((f, 3.0));
        points.push((f, 6.0));
    }
    let mut lines = Vec::new();
    for (f, r) in points {
        for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            let fx = f + sx * gap;
            if !(0.0..=8.0).contains(&fx) {
                continue; // edge points get marks on the inner side only
            }
            let c = Vec2::new(fx, r + sy * gap);
            let corner = at(c.x, c.y);
            lines.push(Line::new(corner, at(c.x + sx * arm, c.y), lw, ink));
            lines.push(Line::new(corner, at(c.x, c.y + sy * arm), lw, ink));
        }
    }
    lines
}

/// 楚河 漢界 across the river.
fn spawn_river(commands: &mut Commands, layout: &BoardLayout, fonts: &Fonts, ink: Color) {
    let cell = layout.cell;
    let river_px = (cell * 0.5).round();
    for (text, dx) in [("楚 河", -2.0), ("漢 界", 2.0)] {
        let pos = layout.center + Vec2::new(dx * cell, 0.0);
        commands.spawn((
            Text2d::new(text),
            fonts.pieces(river_px),
            TextColor(ink.with_alpha(0.85)),
            Transform::from_translation(pos.extend(z::GRID)),
            decor(),
        ));
    }
}

/// File numbers: Red counts 一…九 from its right, Black 1…9 from its right
/// (Red in digits too in Vietnamese).
fn spawn_file_numbers(
    commands: &mut Commands,
    layout: &BoardLayout,
    at: &impl Fn(f32, f32) -> Vec2,
    fonts: &Fonts,
    ink: Color,
    lang: Lang,
) {
    let num_px = (layout.cell * 0.3).round().max(10.0);
    let off = 0.72;
    for file in 0..9u8 {
        let f = f32::from(file);
        let red = FileNumber {
            number: 9 - file,
            red: true,
        };
        let black = FileNumber {
            number: file + 1,
            red: false,
        };
        for (n, r) in [(red, -off), (black, 9.0 + off)] {
            commands.spawn((
                Text2d::new(file_number_text(n, lang, false)),
                fonts.pieces(num_px),
                TextColor(ink.with_alpha(0.9)),
                Transform::from_translation(at(f, r).extend(z::GRID)),
                decor(),
                n,
            ));
        }
    }
    // The ranks, left of the frame (shown in a lesson).
    for rank in 0..10u8 {
        commands.spawn((
            Text2d::new(rank.to_string()),
            fonts.pieces(num_px),
            TextColor(ink.with_alpha(0.9)),
            Transform::from_translation(at(-0.62, f32::from(rank)).extend(z::GRID)),
            Visibility::Hidden,
            decor(),
            RankNumber,
        ));
    }
}
