//! The menu's setup: the groups of options in one card, then Start.

use super::cards::{FirstAction, mode_group, rating_group};
use super::levels::level_group;
use super::*;
use crate::game::theme::layout;
use crate::game::theme::shape::Shape;

/// The setup, one option group under another: the mode, the level(s).
/// Another option (clock, handicap) is one more line here.
pub(super) fn setup_groups(
    lang: Lang,
    fonts: &Fonts,
    s: Scale,
    engines: &[String],
) -> impl Bundle + use<> {
    (
        layout::card(
            layout::card_node(Vec2::new(s.px(22.0), s.px(14.0)), 1.0, s.px(14.0))
                .flex_direction(FlexDirection::Column)
                .align_items(AlignItems::Center)
                .row_gap(Val::Px(s.px(8.0)))
                .max_width(Val::Percent(100.0)),
            palette::PANEL.with_alpha(0.78),
            palette::CARD_BORDER,
        ),
        Pickable::IGNORE,
        children![
            mode_group(lang, fonts, s),
            level_group(Side::Red, lang, fonts, s, engines.to_vec()),
            level_group(Side::Black, lang, fonts, s, engines.to_vec()),
            rating_group(lang, fonts, s),
            super::options::options_section(lang, fonts, s.0),
            (
                button(
                    Phrase::Start,
                    lang,
                    fonts,
                    s.px(20.0),
                    OnPress::send(MenuAction::Start)
                ),
                FirstAction::SetupStart,
            ),
        ],
    )
}
