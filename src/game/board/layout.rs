//! Where things go in the window: the board's cell size and centre, and the
//! side panel's rectangle, recomputed whenever the window changes size.
//!
//! World units are logical pixels (the default 2D camera), origin at the
//! window centre, y up. Board coordinates are `(file, rank)` as floats, Red's
//! view: file 0 = `a` on Red's left, rank 0 = Red's back rank. Turning the
//! board is a point reflection through the board's centre. Grid points land
//! on whole pixels so one- and two-pixel lines stay sharp.

use crate::game::theme::scale::FALLBACK_WINDOW;
use crate::rules::Square;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLayout>()
        .add_systems(First, track_window);
}

/// Margin around the grid, in cells: room for the rim of edge pieces, the
/// frame and the file numbers.
const MARGIN_X: f32 = 1.05;
const MARGIN_Y: f32 = 1.15;

/// The layout of the window.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    /// Window size in logical pixels.
    pub window: Vec2,
    /// Distance between neighbouring points, whole even pixels.
    pub cell: f32,
    /// World position of the board's centre (between ranks 4 and 5, file e).
    pub center: Vec2,
    /// The panel sits right of the board (wide windows) or below it (tall).
    pub panel_right: bool,
    /// Panel rectangle in UI coordinates (left, top, width, height).
    pub panel: Rect,
    /// The board's area in UI coordinates (for overlays).
    pub board_area: Rect,
}

impl Default for BoardLayout {
    fn default() -> Self {
        BoardLayout::for_window(FALLBACK_WINDOW)
    }
}

impl BoardLayout {
    /// Is the panel short (a small window)? The review card and the graph
    /// then take less room: one summary line for both sides, a shorter line
    /// of moves, a lower graph.
    pub fn compact_panel(&self) -> bool {
        if self.panel_right {
            self.panel.height() < 720.0
        } else {
            self.panel.height() < 260.0
        }
    }

    /// The layout of a window of `size` logical pixels.
    pub fn for_window(size: Vec2) -> BoardLayout {
        let size = size.max(Vec2::new(200.0, 200.0));
        let (w, h) = (size.x, size.y);
        let panel_right = w >= h * 1.05;
        let (panel, board_area) = if panel_right {
            // The panel takes what the board cannot use (its height limits
            // it), at least 230 px and at most 420 px.
            let board_w = (h - 16.0) / (9.0 + 2.0 * MARGIN_Y) * (8.0 + 2.0 * MARGIN_X) + 16.0;
            let pw = (w - board_w).clamp(230.0, 420.0).min(w * 0.45);
            (Rect::new(w - pw, 0.0, w, h), Rect::new(0.0, 0.0, w - pw, h))
        } else {
            let ph = (h * 0.31).clamp(190.0, 340.0).min(h * 0.45);
            (Rect::new(0.0, h - ph, w, h), Rect::new(0.0, 0.0, w, h - ph))
        };
        let pad = 8.0;
        let avail = (board_area.size() - Vec2::splat(2.0 * pad)).max(Vec2::splat(20.0));
        let cell = (avail.x / (8.0 + 2.0 * MARGIN_X)).min(avail.y / (9.0 + 2.0 * MARGIN_Y));
        let cell = ((cell / 2.0).floor() * 2.0).max(8.0);
        // UI (y down, origin top-left) to world (y up, origin centre).
        let ui_center = board_area.center();
        let mut center = Vec2::new(ui_center.x - w / 2.0, h / 2.0 - ui_center.y);
        // Grid points (center ± k*cell, ranks at ±cell/2) on whole screen pixels.
        let screen = center + size / 2.0;
        center += screen.round() - screen;
        let line = Self::line_width_for(cell);
        if line % 2.0 == 1.0 {
            center += Vec2::splat(0.5);
        }
        BoardLayout {
            window: size,
            cell,
            center,
            panel_right,
            panel,
            board_area,
        }
    }

    fn line_width_for(cell: f32) -> f32 {
        (cell / 36.0).round().clamp(1.0, 3.0)
    }

    /// Width of the grid lines in pixels.
    pub fn line_width(&self) -> f32 {
        Self::line_width_for(self.cell)
    }

    /// World position of board coordinates.
    pub fn world_of(&self, board: Vec2, flipped: bool) -> Vec2 {
        let local = (board - Vec2::new(4.0, 4.5)) * self.cell;
        self.center + if flipped { -local } else { local }
    }

    /// Board coordinates of a world position.
    pub fn board_of(&self, world: Vec2, flipped: bool) -> Vec2 {
        let local = (world - self.center) / self.cell;
        (if flipped { -local } else { local }) + Vec2::new(4.0, 4.5)
    }

    /// World position of a point.
    pub fn square_world(&self, sq: Square, flipped: bool) -> Vec2 {
        self.world_of(square_coords(sq), flipped)
    }

    /// The point nearest to a world position, if within half a cell of it.
    pub fn square_at(&self, world: Vec2, flipped: bool) -> Option<Square> {
        let b = self.board_of(world, flipped);
        let (f, r) = (b.x.round(), b.y.round());
        if (b.x - f).abs() > 0.5 || (b.y - r).abs() > 0.5 {
            return None;
        }
        if !(0.0..=8.0).contains(&f) || !(0.0..=9.0).contains(&r) {
            return None;
        }
        Square::new(f as u8, r as u8)
    }

    /// Where a world position is in UI coordinates (from the window's
    /// top-left corner, y down).
    pub fn ui_of(&self, world: Vec2) -> Vec2 {
        Vec2::new(world.x + self.window.x / 2.0, self.window.y / 2.0 - world.y)
    }

    /// The world position at UI coordinates `ui`.
    pub fn world_of_ui(&self, ui: Vec2) -> Vec2 {
        Vec2::new(ui.x - self.window.x / 2.0, self.window.y / 2.0 - ui.y)
    }

    /// The board's extent (grid plus margins) in world units.
    pub fn board_size(&self) -> Vec2 {
        Vec2::new(8.0 + 2.0 * MARGIN_X, 9.0 + 2.0 * MARGIN_Y) * self.cell
    }
}

/// Board coordinates of a point.
pub fn square_coords(sq: Square) -> Vec2 {
    Vec2::new(f32::from(sq.file()), f32::from(sq.rank()))
}

fn track_window(window: Query<&Window, With<PrimaryWindow>>, mut layout: ResMut<BoardLayout>) {
    let Ok(window) = window.single() else {
        return;
    };
    let size = Vec2::new(window.width(), window.height());
    if size != layout.window && size.x > 0.0 && size.y > 0.0 {
        let new = BoardLayout::for_window(size);
        if new != *layout {
            *layout = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_map_back_to_themselves_at_any_size_and_orientation() {
        for size in [
            Vec2::new(1280.0, 900.0),
            Vec2::new(800.0, 600.0),
            Vec2::new(700.0, 1000.0),
            Vec2::new(333.0, 1111.0),
        ] {
            let layout = BoardLayout::for_window(size);
            for flipped in [false, true] {
                for sq in Square::all() {
                    let w = layout.square_world(sq, flipped);
                    assert_eq!(layout.square_at(w, flipped), Some(sq));
                    let near = w + Vec2::new(0.4, -0.4) * layout.cell;
                    assert_eq!(layout.square_at(near, flipped), Some(sq));
                }
            }
        }
    }

    #[test]
    fn a_side_panel_takes_only_the_width_the_board_cannot_use() {
        for (w, h) in [
            (1280.0, 900.0),
            (800.0, 600.0),
            (1920.0, 1080.0),
            (1100.0, 900.0),
        ] {
            let l = BoardLayout::for_window(Vec2::new(w, h));
            assert!(l.panel_right, "{w}×{h}");
            // The board is as large as the window's height allows.
            let by_height = (((h - 16.0) / (9.0 + 2.0 * MARGIN_Y)) / 2.0).floor() * 2.0;
            assert_eq!(l.cell, by_height, "{w}×{h}");
            let pw = l.panel.width();
            assert!((230.0..=420.0).contains(&pw), "{w}×{h}: panel {pw}");
        }
        // 800×600: a panel wider than 250 px, room for the puzzle card.
        assert!(
            BoardLayout::for_window(Vec2::new(800.0, 600.0))
                .panel
                .width()
                > 250.0
        );
    }

    #[test]
    fn the_board_fits_beside_or_above_the_panel() {
        for size in [
            Vec2::new(1280.0, 900.0),
            Vec2::new(800.0, 600.0),
            Vec2::new(700.0, 1000.0),
        ] {
            let l = BoardLayout::for_window(size);
            let half = l.board_size() / 2.0;
            let area = l.board_area;
            // World → UI for the board's corners.
            let ui = |p: Vec2| Vec2::new(p.x + size.x / 2.0, size.y / 2.0 - p.y);
            let tl = ui(l.center + Vec2::new(-half.x, half.y));
            let br = ui(l.center + Vec2::new(half.x, -half.y));
            assert!(
                tl.x >= area.min.x - 1.0 && tl.y >= area.min.y - 1.0,
                "{size}"
            );
            assert!(
                br.x <= area.max.x + 1.0 && br.y <= area.max.y + 1.0,
                "{size}"
            );
        }
    }
}
