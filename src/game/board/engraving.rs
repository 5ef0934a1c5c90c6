//! Display settings applied to the drawn board: the characters engraved on
//! the pieces (traditional 帥傌 or simplified 帅马) and the file numbers
//! around the board (shown or not, in the language's numerals). Both follow [`UserSettings`] at once, including pieces
//! spawned later (a new game, undo).

use crate::game::board::decor::{FileNumber, file_number_text};
use crate::game::board::pieces::{PieceView, piece_char};
use crate::game::play::session::Session;
use crate::game::settings::UserSettings;
use crate::game::{GameSet, Screen};
use crate::rules::{Charset, Color as Side, Piece, PieceKind};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (engrave_pieces, show_file_numbers)
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// The character on a piece in `charset`.
pub fn engraving(p: Piece, charset: Charset) -> &'static str {
    match charset {
        Charset::Traditional => piece_char(p),
        Charset::Simplified => match (p.color, p.kind) {
            (Side::Red, PieceKind::General) => "帅",
            (Side::Black, PieceKind::General) => "将",
            (_, PieceKind::Horse) => "马",
            (_, PieceKind::Chariot) => "车",
            (_, PieceKind::Cannon) => "炮",
            _ => piece_char(p),
        },
    }
}

fn engrave_pieces(
    settings: Res<UserSettings>,
    pieces: Query<(&PieceView, &Children)>,
    mut glyphs: Query<&mut Text2d>,
) {
    let charset = settings.charset();
    for (view, children) in &pieces {
        let want = engraving(view.piece, charset);
        for child in children.iter() {
            if let Ok(mut text) = glyphs.get_mut(child)
                && text.0 != want
            {
                text.0 = want.to_string();
            }
        }
    }
}

fn show_file_numbers(
    settings: Res<UserSettings>,
    mut numbers: Query<(&FileNumber, &mut Visibility, &mut Text2d)>,
) {
    let want = if settings.show_coordinates {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for (&n, mut v, mut text) in &mut numbers {
        v.set_if_neq(want);
        let label = file_number_text(n, settings.lang());
        if text.0 != label {
            text.0 = label;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simplified_pieces_differ_only_where_the_characters_do() {
        let red_horse = Piece {
            color: Side::Red,
            kind: PieceKind::Horse,
        };
        let black_cannon = Piece {
            color: Side::Black,
            kind: PieceKind::Cannon,
        };
        let black_advisor = Piece {
            color: Side::Black,
            kind: PieceKind::Advisor,
        };
        assert_eq!(engraving(red_horse, Charset::Traditional), "傌");
        assert_eq!(engraving(red_horse, Charset::Simplified), "马");
        assert_eq!(engraving(black_cannon, Charset::Traditional), "砲");
        assert_eq!(engraving(black_cannon, Charset::Simplified), "炮");
        assert_eq!(engraving(black_advisor, Charset::Simplified), "士");
    }
}
