//! The pieces of the pictogram and brush sets: each of the fourteen
//! pieces drawn by the render module ([`crate::render::piece_rgba`], the
//! same drawing as `xiangqi render`'s) at its size on screen, in physical
//! pixels, into an image that the piece's picture sprite shows. The images
//! are redrawn in place when the set, the characters or the size changes,
//! so the sprites keep their handles.
//!
//! The character set keeps its own parts (rim, face, ring and text, marked
//! [`LookPart::Engraved`]); every piece has both kinds of parts and shows
//! the ones of the set in force, so a change in the settings shows at once.

use super::RADIUS;
use crate::game::board::layout::BoardLayout;
use crate::game::settings::UserSettings;
use crate::game::theme::rgba_image;
use crate::render::{PIECE_IMAGE_SPAN, PieceSet, piece_rgba};
use crate::rules::{Charset, Color as Side, Piece, PieceKind};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Which set a part of a piece belongs to.
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum LookPart {
    /// The character set's rim, face, ring and character.
    Engraved,
    /// The picture of the pictogram and brush sets.
    Picture,
}

impl LookPart {
    /// Whether the part shows in `set`.
    fn shows_in(self, set: PieceSet) -> bool {
        (self == LookPart::Engraved) == (set == PieceSet::Characters)
    }

    /// The part's visibility in `set`.
    pub(super) fn visibility(self, set: PieceSet) -> Visibility {
        if self.shows_in(set) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    }
}

/// What the images were last drawn as: the set, the characters and the
/// image's side in pixels.
type Drawn = (PieceSet, Charset, u32);

/// The images of the fourteen pieces (Red's seven, then Black's).
#[derive(Resource)]
pub struct PieceImages {
    handles: Vec<Handle<Image>>,
    drawn: Option<Drawn>,
}

impl PieceImages {
    /// The image of `piece`.
    pub(super) fn get(&self, piece: Piece) -> Handle<Image> {
        self.handles[index(piece)].clone()
    }
}

fn index(piece: Piece) -> usize {
    let kind = PieceKind::ALL
        .iter()
        .position(|&k| k == piece.kind)
        .unwrap_or(0);
    usize::from(piece.color == Side::Black) * PieceKind::ALL.len() + kind
}

impl FromWorld for PieceImages {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        let handles = (0..2 * PieceKind::ALL.len())
            .map(|_| images.add(rgba_image(1, 1, vec![0; 4])))
            .collect();
        PieceImages {
            handles,
            drawn: None,
        }
    }
}

/// The side in pixels of a piece's image on a board of `cell` logical
/// pixels seen at `scale` physical pixels per logical one.
pub(super) fn image_side(cell: f32, scale: f32) -> u32 {
    (2.0 * PIECE_IMAGE_SPAN * RADIUS * cell * scale)
        .round()
        .clamp(8.0, 1024.0) as u32
}

/// (Re)draws the images when the set, the characters or the size changed
/// (nothing to draw for the character set).
pub(super) fn paint_piece_images(
    settings: Option<Res<UserSettings>>,
    layout: Res<BoardLayout>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut pictures: ResMut<PieceImages>,
    mut images: ResMut<Assets<Image>>,
) {
    let Some(settings) = settings else {
        return;
    };
    let set = settings.piece_set;
    if set == PieceSet::Characters {
        return;
    }
    let scale = window.single().map_or(1.0, Window::scale_factor);
    let side = image_side(layout.cell, scale);
    let want = (set, settings.charset(), side);
    if pictures.drawn == Some(want) {
        return;
    }
    for color in Side::ALL {
        for kind in PieceKind::ALL {
            let piece = Piece { color, kind };
            let rgba = match piece_rgba(piece, set, want.1, side) {
                Ok(rgba) => rgba,
                Err(e) => {
                    warn!("cannot draw the {set} pieces: {e}");
                    return;
                }
            };
            if let Some(mut image) = images.get_mut(&pictures.get(piece)) {
                *image = rgba_image(side, side, rgba);
            }
        }
    }
    pictures.drawn = Some(want);
}

/// Shows each piece's parts of the set in force.
pub(super) fn show_look(
    settings: Option<Res<UserSettings>>,
    mut parts: Query<(&LookPart, &mut Visibility)>,
) {
    let set = settings.map_or(PieceSet::Characters, |s| s.piece_set);
    for (part, mut visibility) in &mut parts {
        visibility.set_if_neq(part.visibility(set));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_set_shows_its_own_parts() {
        assert_eq!(
            LookPart::Engraved.visibility(PieceSet::Characters),
            Visibility::Inherited
        );
        assert_eq!(
            LookPart::Picture.visibility(PieceSet::Characters),
            Visibility::Hidden
        );
        for set in [PieceSet::Pictograms, PieceSet::Brush] {
            assert_eq!(LookPart::Engraved.visibility(set), Visibility::Hidden);
            assert_eq!(LookPart::Picture.visibility(set), Visibility::Inherited);
        }
    }

    #[test]
    fn the_fourteen_pieces_have_fourteen_images_drawn_at_their_size_on_screen() {
        let mut seen = std::collections::HashSet::new();
        for color in Side::ALL {
            for kind in PieceKind::ALL {
                assert!(seen.insert(index(Piece { color, kind })));
            }
        }
        assert_eq!(seen.len(), 14);
        assert!(seen.iter().all(|&i| i < 14));
        // A 60-pixel cell: a piece 54 pixels across, its image a little more.
        assert_eq!(image_side(60.0, 1.0), 57);
        assert_eq!(image_side(60.0, 2.0), 114);
    }

    #[test]
    fn changing_the_piece_set_shows_the_other_parts_and_draws_the_pictures_at_once() {
        use crate::store::Settings;
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::asset::AssetPlugin::default()))
            .init_asset::<Image>()
            .insert_resource(UserSettings(Settings::default()))
            .insert_resource(BoardLayout::default())
            .init_resource::<PieceImages>()
            .add_systems(Update, (paint_piece_images, show_look));
        let engraved = app
            .world_mut()
            .spawn((LookPart::Engraved, Visibility::Inherited))
            .id();
        let picture = app
            .world_mut()
            .spawn((LookPart::Picture, Visibility::Hidden))
            .id();
        let horse = Piece {
            color: Side::Black,
            kind: PieceKind::Horse,
        };
        let size = |app: &App| {
            let handle = app.world().resource::<PieceImages>().get(horse);
            let images = app.world().resource::<Assets<Image>>();
            images.get(&handle).map(|i| (i.width(), i.height()))
        };
        let shown = |app: &App, e: Entity| app.world().get::<Visibility>(e).copied();
        app.update();
        assert_eq!(shown(&app, engraved), Some(Visibility::Inherited));
        assert_eq!(shown(&app, picture), Some(Visibility::Hidden));
        assert_eq!(size(&app), Some((1, 1)), "nothing drawn for the characters");

        app.world_mut().resource_mut::<UserSettings>().piece_set = PieceSet::Pictograms;
        app.update();
        assert_eq!(shown(&app, engraved), Some(Visibility::Hidden));
        assert_eq!(shown(&app, picture), Some(Visibility::Inherited));
        let side = image_side(BoardLayout::default().cell, 1.0);
        assert_eq!(size(&app), Some((side, side)));
        let handle = app.world().resource::<PieceImages>().get(horse);
        let pictogram = app
            .world()
            .resource::<Assets<Image>>()
            .get(&handle)
            .unwrap()
            .data
            .clone();

        app.world_mut().resource_mut::<UserSettings>().piece_set = PieceSet::Brush;
        app.update();
        let brush = app
            .world()
            .resource::<Assets<Image>>()
            .get(&handle)
            .unwrap()
            .data
            .clone();
        assert_ne!(
            pictogram, brush,
            "the pictures are drawn again in the new set"
        );
    }
}
