//! Where the editor's board and panel go: the game's board layout
//! ([`BoardLayout`]) — the same cell, centre and panel as in a game — with
//! the picture of the board fitted to it.

use crate::game::board::layout::BoardLayout;
use crate::game::theme::scale::Scale;
use crate::rules::Square;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Where the board and the panel go in a window, in logical pixels (x
/// right, y down from the top-left corner).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Placement {
    layout: BoardLayout,
    /// The board: the grid and its margins, as in a game.
    pub board: Rect,
    pub panel: Rect,
    /// Size of texts and buttons: 1 at 1280×900.
    pub s: f32,
}

impl Placement {
    /// The editor laid out as a game is in the same window.
    pub fn of(layout: &BoardLayout) -> Placement {
        Placement {
            layout: *layout,
            board: Rect::from_center_size(layout.ui_of(layout.center), layout.board_size()),
            panel: layout.panel,
            s: Scale::fit(layout.window, Vec2::new(1280.0, 900.0), 0.62, 1.4).0,
        }
    }

    /// Where a point is drawn.
    pub fn point(&self, sq: Square, flipped: bool) -> Vec2 {
        self.layout.ui_of(self.layout.square_world(sq, flipped))
    }

    /// Distance between neighbouring points.
    pub fn cell(&self) -> f32 {
        self.layout.cell
    }

    /// The point under `p`, if within half a cell of it.
    pub fn square_at(&self, p: Vec2, flipped: bool) -> Option<Square> {
        self.layout.square_at(self.layout.world_of_ui(p), flipped)
    }

    /// A piece's diameter on the board.
    pub fn piece(&self) -> f32 {
        (self.cell() * 0.9).round()
    }

    /// The part of the board's picture that is [`Placement::board`]: the
    /// grid and as much margin around it as a game's board has.
    pub fn crop(&self, picture: &BoardImages) -> Rect {
        let cells = self.board.size() / self.cell();
        Rect::from_center_size(picture.centre, cells * picture.cell)
    }
}

/// The board's picture (drawn by the picture renderer, without pieces),
/// once for each orientation, with where its grid is.
#[derive(Resource)]
pub(super) struct BoardImages {
    normal: Handle<Image>,
    flipped: Handle<Image>,
    /// The centre of the grid in the picture, in its pixels.
    centre: Vec2,
    /// The distance between neighbouring points in the picture's pixels.
    cell: f32,
}

impl FromWorld for BoardImages {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        let mut size = Vec2::ZERO;
        let mut make = |flip: bool| {
            let image = match crate::render::empty_board_rgba(flip) {
                Ok((w, h, data)) => {
                    size = Vec2::new(w as f32, h as f32);
                    Image::new(
                        Extent3d {
                            width: w,
                            height: h,
                            depth_or_array_layers: 1,
                        },
                        TextureDimension::D2,
                        data,
                        TextureFormat::Rgba8UnormSrgb,
                        RenderAssetUsages::RENDER_WORLD,
                    )
                }
                Err(e) => {
                    warn!("cannot draw the editor's board: {e}");
                    Image::default()
                }
            };
            images.add(image)
        };
        let (normal, flipped) = (make(false), make(true));
        // Two opposite corners of the grid: a0 and i9.
        let corner = |file, rank| {
            Square::new(file, rank).map_or(Vec2::ZERO, |sq| {
                let (fx, fy) = crate::render::board_point(sq, false);
                Vec2::new(fx, fy) * size
            })
        };
        let (a0, i9) = (corner(0, 0), corner(8, 9));
        BoardImages {
            normal,
            flipped,
            centre: (a0 + i9) / 2.0,
            cell: (i9.x - a0.x) / 8.0,
        }
    }
}

impl BoardImages {
    /// The picture for the orientation.
    pub fn for_side(&self, flipped: bool) -> &Handle<Image> {
        if flipped { &self.flipped } else { &self.normal }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_maps_back_to_itself_and_the_board_fits_beside_the_panel() {
        for size in [
            Vec2::new(1280.0, 900.0),
            Vec2::new(800.0, 600.0),
            Vec2::new(1920.0, 1080.0),
        ] {
            let g = Placement::of(&BoardLayout::for_window(size));
            assert!(g.board.max.x <= g.panel.min.x, "{size}: {g:?}");
            assert!(g.board.min.y >= 0.0 && g.board.max.y <= size.y, "{size}");
            assert!(g.cell() > 40.0, "{size}: cell {}", g.cell());
            for flipped in [false, true] {
                for sq in Square::all() {
                    let p = g.point(sq, flipped);
                    assert_eq!(g.square_at(p, flipped), Some(sq));
                    let near = p + Vec2::new(0.3, -0.3) * g.cell();
                    assert_eq!(g.square_at(near, flipped), Some(sq));
                }
                // Off the board: no point.
                assert_eq!(g.square_at(g.panel.center(), flipped), None);
            }
        }
    }
}
