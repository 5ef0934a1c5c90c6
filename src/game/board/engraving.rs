//! Display settings applied to the drawn board: the characters engraved on
//! the pieces (traditional 帥傌 or simplified 帅马) and the file numbers
//! around the board (shown or not, in the language's numerals; in a
//! lesson the course's point names, a–i and 0–9). Both follow [`UserSettings`] at once, including pieces
//! spawned later (a new game, undo).

use crate::game::board::decor::{FileNumber, RankNumber, file_number_text};
use crate::game::board::pieces::PieceView;
use crate::game::play::Play;
use crate::game::play::session::Session;
use crate::game::settings::UserSettings;
use crate::game::{GameSet, Screen};
use crate::rules::{Charset, Piece};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            engrave_pieces,
            show_file_numbers::<false>.run_if(not(in_state(Play::Course))),
            show_file_numbers::<true>.run_if(in_state(Play::Course)),
        )
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// The character on a piece in `charset`.
pub fn engraving(p: Piece, charset: Charset) -> &'static str {
    p.glyph(charset)
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

/// The file numbers follow the coordinates setting and the language; in a
/// lesson the points are named as the course names them (files a–i below,
/// ranks 0–9 at the left), whatever the setting, since its texts use them
/// (`LESSON`).
fn show_file_numbers<const LESSON: bool>(
    settings: Res<UserSettings>,
    mut numbers: Query<(&FileNumber, &mut Visibility, &mut Text2d), Without<RankNumber>>,
    mut ranks: Query<&mut Visibility, With<RankNumber>>,
) {
    let lesson = LESSON;
    let shown = |on: bool| {
        if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    for (&n, mut v, mut text) in &mut numbers {
        // (Black's numbers would only crowd the names a lesson uses.)
        v.set_if_neq(shown(if lesson {
            n.red
        } else {
            settings.show_coordinates
        }));
        let label = file_number_text(n, settings.lang(), lesson);
        if text.0 != label {
            text.0 = label;
        }
    }
    for mut v in &mut ranks {
        v.set_if_neq(shown(lesson));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color as Side, PieceKind};

    #[test]
    fn in_a_lesson_reds_files_are_lettered_as_the_course_names_them() {
        let red = |number| FileNumber { number, red: true };
        let black = FileNumber {
            number: 1,
            red: false,
        };
        let lang = crate::game::i18n::Lang::Zh;
        // Red's file 九 is the a-file at its left, 一 the i-file.
        assert_eq!(file_number_text(red(9), lang, true), "a");
        assert_eq!(file_number_text(red(5), lang, true), "e");
        assert_eq!(file_number_text(red(1), lang, true), "i");
        assert_eq!(file_number_text(red(9), lang, false), "九");
        assert_eq!(file_number_text(black, lang, true), "1");
    }

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
