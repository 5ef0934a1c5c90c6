//! The words room: what the player reads, apart from who draws it. The
//! [`Language`] (the setting, and its reading of a system locale), how a
//! language writes moves ([`Writing`]: the notation and Chinese characters
//! each language's players use), the one Simplified → Traditional
//! dispatch ([`Language::chinese`]) and the pieces' names.
//!
//! One plain-Rust room for the words the game, the teacher, the course,
//! speech and the command line share, so that none of them decides again
//! what a language writes. It sits beside [`crate::hant`] (the generated
//! Simplified → Traditional tables and their converter, a developer's tool
//! keeps them) and below every room that speaks: it knows the rules' pieces
//! and notations, nothing else. The settings store the language
//! (`store::settings` (de)serializes it as it always did); the game's
//! interface words stay in `game::i18n`, the teacher's sentences in
//! `teach::words`, the course's reasons in `course`.

mod language;

pub use language::Language;

use crate::rules::notation::{ChineseStyle, Notation};
use crate::rules::{Charset, Piece, PieceKind};

impl Language {
    /// A text written in Simplified Chinese, in the Chinese of this
    /// language: Traditional characters for [`Language::ZhHant`]
    /// ([`crate::hant::to_traditional`]), as it is otherwise. The one
    /// place a Simplified text becomes Traditional.
    ///
    /// # Examples
    ///
    /// ```
    /// use xiangqi::words::Language;
    /// assert_eq!(Language::ZhHant.chinese("红方长将判负"), "紅方長將判負");
    /// assert_eq!(Language::Zh.chinese("红方长将判负"), "红方长将判负");
    /// ```
    pub fn chinese(self, simplified: &str) -> String {
        match self {
            Language::ZhHant => crate::hant::to_traditional(simplified).into_owned(),
            _ => simplified.to_string(),
        }
    }

    /// The characters this language writes Chinese notation and piece
    /// names in: Traditional for Traditional Chinese, else `chosen` (the
    /// pieces' setting).
    pub fn charset(self, chosen: Charset) -> Charset {
        match self {
            Language::ZhHant => Charset::Traditional,
            _ => chosen,
        }
    }

    /// The notation this language writes moves in when the player chose
    /// `chosen`: Chinese notation is the Vietnamese records' notation
    /// (`P2-5`, `M8.7`) in Vietnamese; WXF and ICCS stay as they are.
    pub fn notation(self, chosen: Notation) -> Notation {
        match (chosen, self) {
            (Notation::Chinese, Language::Vi) => Notation::Vietnamese,
            (n, _) => n,
        }
    }
}

/// How a text is written for a reader: the language of its sentences and
/// the notation (and characters) of the moves in them — the move list's,
/// so a player who reads `C2.5` there reads it in the teacher's sentence
/// too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Writing {
    /// The sentences' language.
    pub lang: Language,
    /// The moves' notation.
    pub notation: Notation,
    /// The characters of Chinese notation.
    pub style: ChineseStyle,
}

impl Writing {
    /// `lang` with the player's chosen notation and piece characters, in
    /// the language's own habits ([`Language::notation`],
    /// [`Language::charset`]).
    pub fn new(lang: Language, chosen: Notation, charset: Charset) -> Writing {
        Writing {
            lang,
            notation: lang.notation(chosen),
            style: lang.charset(charset).into(),
        }
    }

    /// `m` played in `pos`, as this writing writes it.
    pub fn move_text(&self, pos: &crate::rules::Position, m: crate::rules::Move) -> String {
        crate::rules::notation::format_move(pos, m, self.notation, self.style)
    }
}

impl From<Language> for Writing {
    /// The language with moves as its players write them: Chinese
    /// notation in simplified characters (English too), in traditional
    /// ones for Traditional Chinese, Vietnamese notation (`P2-5`) for
    /// Vietnamese.
    fn from(lang: Language) -> Writing {
        Writing::new(lang, Notation::Chinese, Charset::Simplified)
    }
}

/// A piece's name: 车, 马, 相/象 … by its side in Chinese (俥, 傌, 砲 … in
/// Traditional: the pieces' characters, [`Piece::glyph`]), chariot, horse
/// … in English, Xe, Mã, Tượng … in Vietnamese.
pub fn piece_name(p: Piece, lang: Language) -> &'static str {
    match lang {
        Language::En => p.kind.name(),
        Language::Vi => match p.kind {
            PieceKind::General => "Tướng",
            PieceKind::Advisor => "Sĩ",
            PieceKind::Elephant => "Tượng",
            PieceKind::Horse => "Mã",
            PieceKind::Chariot => "Xe",
            PieceKind::Cannon => "Pháo",
            PieceKind::Soldier => "Tốt",
        },
        Language::Zh | Language::ZhHant => p.glyph(lang.charset(Charset::Simplified)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn each_language_writes_moves_as_its_players_do() {
        let w = Writing::from(Language::Vi);
        assert_eq!(w.notation, Notation::Vietnamese);
        let w = Writing::new(Language::ZhHant, Notation::Chinese, Charset::Simplified);
        assert_eq!(
            (w.notation, w.style.charset),
            (Notation::Chinese, Charset::Traditional)
        );
        let w = Writing::new(Language::Vi, Notation::Wxf, Charset::Simplified);
        assert_eq!(w.notation, Notation::Wxf);
        let w = Writing::new(Language::En, Notation::Chinese, Charset::Traditional);
        assert_eq!(w.style.charset, Charset::Traditional);
    }

    #[test]
    fn the_pieces_are_named_in_each_language() {
        let red_horse = Piece::new(Color::Red, PieceKind::Horse);
        let black_cannon = Piece::new(Color::Black, PieceKind::Cannon);
        assert_eq!(piece_name(red_horse, Language::Zh), "马");
        assert_eq!(piece_name(red_horse, Language::ZhHant), "傌");
        assert_eq!(piece_name(black_cannon, Language::ZhHant), "砲");
        assert_eq!(piece_name(black_cannon, Language::Zh), "炮");
        assert_eq!(piece_name(red_horse, Language::En), "horse");
        assert_eq!(piece_name(red_horse, Language::Vi), "Mã");
    }
}
