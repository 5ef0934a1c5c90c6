//! The menu's title: the game's name, its subtitle and the seal beside it.

use super::*;
use crate::game::theme::layout::row;
use crate::game::theme::shape::{Shape, plain, sized};

/// 象棋, large, with a seal beside it.
pub(super) fn title(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    (
        plain()
            .flex_direction(FlexDirection::Column)
            .align_items(AlignItems::Center),
        Pickable::IGNORE,
        children![
            (
                row(s.px(18.0)),
                Pickable::IGNORE,
                children![
                    (
                        Text::new("象棋"),
                        fonts.pieces(s.px(104.0)),
                        TextColor(palette::ACCENT),
                        TextShadow {
                            offset: Vec2::new(0.0, s.px(4.0)),
                            color: palette::SHADE.with_alpha(0.6),
                        },
                        TextLayout::no_wrap(),
                        Pickable::IGNORE,
                    ),
                    seal(fonts, s),
                ],
            ),
            (
                label(
                    Phrase::Subtitle,
                    lang,
                    fonts.ui(s.px(20.0)),
                    palette::TEXT_DIM
                ),
                TextShadow {
                    offset: Vec2::new(0.0, 2.0),
                    color: palette::SHADE.with_alpha(0.6),
                },
            ),
        ],
    )
}

/// A red square seal with 楚河 漢界 cut in two columns.
pub(super) fn seal(fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let side = s.px(64.0);
    (
        sized(Val::Px(side), Val::Px(side))
            .flex_direction(FlexDirection::RowReverse)
            .justify_content(JustifyContent::SpaceEvenly)
            .align_items(AlignItems::Center)
            .border(UiRect::all(Val::Px(s.px(3.0))))
            .border_radius(BorderRadius::all(Val::Px(s.px(6.0)))),
        BackgroundColor(palette::SEAL),
        BorderColor::all(palette::PIECE_FACE.with_alpha(0.85)),
        UiTransform::from_rotation(Rot2::degrees(-6.0)),
        Pickable::IGNORE,
        children![seal_column("楚河", fonts, s), seal_column("漢界", fonts, s)],
    )
}

pub(super) fn seal_column(text: &str, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    (
        Text::new(
            text.chars()
                .map(|c| format!("{c}\n"))
                .collect::<String>()
                .trim_end()
                .to_string(),
        ),
        fonts.pieces(s.px(20.0)),
        TextColor(palette::PIECE_FACE),
        TextLayout {
            linebreak: LineBreak::AnyCharacter,
            ..default()
        },
        Pickable::IGNORE,
    )
}
