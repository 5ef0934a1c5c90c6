//! A level row of the menu: the groups of levels, the steps of the chosen
//! group, the player's engines, the chosen level's or engine's words and
//! the engine's own strength option.

use super::cards::{card_bundle, heading};
use super::*;
use crate::game::theme::layout::{self, centred_column, choice_card};
use crate::game::theme::shape::Shape;

/// "Difficulty" (or which AI side's level): the groups of levels (入门 …
/// 特级大师), the steps of the chosen group, then the chosen level's name
/// and rating.
pub(super) fn level_group(
    side: Side,
    lang: Lang,
    fonts: &Fonts,
    s: Scale,
    engines: Vec<String>,
) -> impl Bundle + use<> {
    let tier_fonts = fonts.clone();
    let pill_fonts = fonts.clone();
    let engine_fonts = fonts.clone();
    (
        centred_column(s.px(5.0)).margin(UiRect::top(Val::Px(s.px(4.0)))),
        LevelRow(side),
        Pickable::IGNORE,
        children![
            (
                heading(Phrase::Difficulty, lang, fonts, s),
                LevelHeading(side)
            ),
            (
                layout::centred_row(s.px(5.0)),
                Pickable::IGNORE,
                Children::spawn(SpawnIter(
                    crate::engine::Level::tier_starts()
                        .into_iter()
                        .map(move |first| tier_button(&tier_fonts, side, first.number(), s)),
                )),
            ),
            (
                layout::centred_row(s.px(4.0)),
                Pickable::IGNORE,
                Children::spawn(SpawnIter(
                    levels().into_iter().map(move |info| level_button(
                        &pill_fonts,
                        side,
                        info.level,
                        s
                    )),
                )),
            ),
            // The player's engines, after the built-in levels.
            (
                layout::centred_row(s.px(5.0)),
                EngineRow,
                Pickable::IGNORE,
                Children::spawn(SpawnIter(engines.into_iter().enumerate().map(
                    move |(i, name)| engine_button(&engine_fonts, side, i as u8, name, s)
                ))),
            ),
            chosen_row(side, fonts, s),
            // The engine's own strength option, when it has one.
            skill_row(side, fonts, s),
        ],
    )
}

/// The chosen level's name and rating, or the chosen engine's name with ◀ ▶
/// stepping its strength.
fn chosen_row(side: Side, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    (
        layout::centred_row(s.px(6.0)),
        Pickable::IGNORE,
        children![
            (
                strength_button("◀", MenuAction::Strength(side, -1), fonts, s),
                StrengthStep(side),
            ),
            (
                LevelChosen(side),
                Text::new(""),
                fonts.ui(s.text(15.0)),
                TextColor(palette::TEXT),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            ),
            (
                strength_button("▶", MenuAction::Strength(side, 1), fonts, s),
                StrengthStep(side),
            ),
        ],
    )
}

/// The chosen engine's own strength option with ◀ ▶ stepping it.
fn skill_row(side: Side, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    (
        layout::centred_row(s.px(6.0)),
        SkillRow(side),
        Pickable::IGNORE,
        children![
            strength_button("◀", MenuAction::Skill(side, -1), fonts, s),
            (
                SkillText(side),
                Text::new(""),
                fonts.ui(s.text(14.0)),
                TextColor(palette::TEXT_DIM),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            ),
            strength_button("▶", MenuAction::Skill(side, 1), fonts, s),
        ],
    )
}

/// The row of the chosen engine's own strength option (`UCI_Elo`, `Skill
/// Level`), shown when it has one.
#[derive(Component, Clone, Copy)]
pub(super) struct SkillRow(pub(super) Side);

/// Its value.
#[derive(Component, Clone, Copy)]
pub(super) struct SkillText(pub(super) Side);

/// The row of the player's engines (hidden when there are none).
#[derive(Component, Clone, Copy)]
pub(super) struct EngineRow;

/// A ‹ › button stepping the chosen engine's strength (shown while one is
/// chosen).
#[derive(Component, Clone, Copy)]
pub(super) struct StrengthStep(pub(super) Side);

/// One of the player's engines as a choice for `side`'s AI.
fn engine_button(
    fonts: &Fonts,
    side: Side,
    index: u8,
    name: String,
    s: Scale,
) -> impl Bundle + use<> {
    let node = choice_card(s, 0.0)
        .padding(UiRect::axes(Val::Px(s.px(9.0)), Val::Px(s.px(4.0))))
        .border_radius(BorderRadius::all(Val::Px(s.px(8.0))));
    (
        card_bundle(node, MenuAction::Engine(side, index)),
        children![(
            Text::new(name),
            fonts.ui(s.text(15.0)),
            TextColor(palette::ACCENT),
            TextLayout::no_wrap(),
            Pickable::IGNORE,
        )],
    )
}

/// A ◀ or ▶ button, as the clock's and the handicap's.
fn strength_button(
    glyph: &'static str,
    action: MenuAction,
    fonts: &Fonts,
    s: Scale,
) -> impl Bundle + use<> {
    super::options::arrow_button(glyph, OnPress::send(action), fonts, s.0)
}

/// A group's button: its name; it chooses the group's first level.
fn tier_button(fonts: &Fonts, side: Side, first: u8, s: Scale) -> impl Bundle + use<> {
    let node = choice_card(s, 0.0)
        .padding(UiRect::axes(Val::Px(s.px(9.0)), Val::Px(s.px(4.0))))
        .border_radius(BorderRadius::all(Val::Px(s.px(8.0))));
    (
        card_bundle(node, MenuAction::Tier(side, first)),
        children![(
            TierName(first),
            Text::new(""),
            fonts.ui(s.text(15.0)),
            TextColor(palette::TEXT),
            TextLayout::no_wrap(),
            Pickable::IGNORE,
        )],
    )
}

/// The name of the group starting at this level.
#[derive(Component, Clone, Copy)]
pub(super) struct TierName(pub(super) u8);

/// A level's button in its group's row (shown while its group is chosen).
#[derive(Component, Clone, Copy)]
pub(super) struct LevelPill(pub(super) u8);

/// A level's button: its step in its group.
pub(super) fn level_button(fonts: &Fonts, side: Side, level: u8, s: Scale) -> impl Bundle + use<> {
    let step = crate::engine::Level::new(level).map_or(level, |l| l.step_in_tier());
    let node = choice_card(s, 34.0)
        .min_width(Val::Px(s.px(34.0)))
        .padding(UiRect::axes(Val::Px(s.px(4.0)), Val::Px(s.px(3.0))))
        .border_radius(BorderRadius::all(Val::Px(s.px(7.0))));
    (
        card_bundle(node, MenuAction::Level(side, level)),
        LevelPill(level),
        children![(
            Text::new(step.to_string()),
            fonts.ui(s.px(18.0)),
            TextColor(palette::ACCENT),
            TextLayout::no_wrap(),
            Pickable::IGNORE,
        )],
    )
}

/// The chosen level's name and rating under a strip of level buttons.
#[derive(Component, Clone, Copy)]
pub(super) struct LevelChosen(pub(super) Side);
