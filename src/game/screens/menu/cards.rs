//! The menu's cards and buttons: the first action, the setup groups (mode
//! cards with their pieces, level rows) and the row of the rest at the foot.

use super::*;
use crate::game::theme::disc::{DiscSize, disc as theme_disc};
use crate::game::theme::layout::{self, Orientation, divider};

/// The one large button: Continue when there is a game, else New game.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(super) enum FirstAction {
    Continue,
    NewGame,
    /// The setup's own Start, shown when Continue is the first action.
    SetupStart,
}

pub(super) fn first_action(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let big = |t: Phrase, action: OnPress, which: FirstAction| {
        let node = Node {
            min_width: Val::Px(s.px(240.0)),
            padding: UiRect::axes(Val::Px(s.px(28.0)), Val::Px(s.px(10.0))),
            ..default()
        };
        (
            crate::game::theme::button_box(
                node,
                t.get(lang),
                fonts.ui(s.px(26.0)),
                Label(t),
                action,
            ),
            which,
            Primary,
            BoxShadow::new(
                palette::SHADE,
                Val::Px(0.0),
                Val::Px(s.px(3.0)),
                Val::Px(0.0),
                Val::Px(s.px(10.0)),
            ),
        )
    };
    (
        Node {
            margin: UiRect::vertical(Val::Px(s.px(4.0))),
            ..default()
        },
        Pickable::IGNORE,
        children![
            big(
                Phrase::Continue,
                OnPress::send(ContinueGame),
                FirstAction::Continue
            ),
            big(
                Phrase::NewGame,
                OnPress::send(MenuAction::Start),
                FirstAction::NewGame
            ),
        ],
    )
}

/// A first action: accent colours, a shadow.
#[derive(Component)]
pub(super) struct Primary;

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
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: Val::Px(s.px(8.0)),
                max_width: Val::Percent(100.0),
                ..layout::card_node(Vec2::new(s.px(22.0), s.px(14.0)), 1.0, s.px(14.0))
            },
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

/// A group's heading.
pub(super) fn heading(text: Phrase, lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    layout::heading(text, lang, fonts.ui(s.text(16.0)))
}

/// The four modes as cards.
pub(super) fn mode_group(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let fonts = fonts.clone();
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: Val::Px(s.px(6.0)),
            ..default()
        },
        Pickable::IGNORE,
        children![
            heading(Phrase::ModeHeading, lang, &fonts, s),
            (
                layout::centred_row(s.px(10.0)),
                Pickable::IGNORE,
                Children::spawn(SpawnIter(
                    MODES
                        .into_iter()
                        .map(move |(mode, text)| mode_card(mode, text, lang, &fonts, s)),
                )),
            ),
        ],
    )
}

/// The look of a card: a rounded box that is a button.
pub(super) fn card_node(s: Scale, width: f32) -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        row_gap: Val::Px(s.px(3.0)),
        padding: UiRect::axes(Val::Px(s.px(10.0)), Val::Px(s.px(8.0))),
        min_width: Val::Px(s.px(width)),
        border: UiRect::all(Val::Px(s.px(2.0).max(1.0))),
        border_radius: BorderRadius::all(Val::Px(s.px(10.0))),
        ..default()
    }
}

pub(super) fn card_bundle(node: Node, action: MenuAction) -> impl Bundle {
    (
        Button,
        node,
        BackgroundColor(palette::BUTTON),
        BorderColor::all(palette::BUTTON_BORDER),
        BoxShadow::new(
            palette::SHADE.with_alpha(0.35),
            Val::Px(0.0),
            Val::Px(2.0),
            Val::Px(0.0),
            Val::Px(5.0),
        ),
        Toggled(false),
        action,
        OnPress::send(action),
    )
}

/// A small piece for a card.
pub(super) fn disc(ch: &str, side: Side, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let size = DiscSize {
        diameter: s.px(30.0),
        rim: s.px(2.5).max(1.5),
        glyph: s.px(17.0),
    };
    theme_disc(ch, palette::ink(side), size, fonts)
}

pub(super) fn mode_card(
    mode: Mode,
    text: Phrase,
    lang: Lang,
    fonts: &Fonts,
    s: Scale,
) -> impl Bundle + use<> {
    let (a, b) = match mode {
        Mode::Red => (("帥", Side::Red), None),
        Mode::Black => (("將", Side::Black), None),
        Mode::Hotseat => (("帥", Side::Red), Some(("將", Side::Black))),
        Mode::AiVsAi => (("炮", Side::Red), Some(("砲", Side::Black))),
    };
    let pieces = (
        Node {
            column_gap: Val::Px(s.px(4.0)),
            ..default()
        },
        Pickable::IGNORE,
        Children::spawn(SpawnIter(
            std::iter::once(a)
                .chain(b)
                .map({
                    let fonts = fonts.clone();
                    move |(ch, side)| disc(ch, side, &fonts, s)
                })
                .collect::<Vec<_>>()
                .into_iter(),
        )),
    );
    (
        card_bundle(card_node(s, 168.0), MenuAction::Mode(mode)),
        children![
            pieces,
            (
                label(text, lang, fonts.ui(s.text(15.0)), palette::TEXT),
                TextLayout::justify(Justify::Center),
            ),
        ],
    )
}

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
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            row_gap: Val::Px(s.px(5.0)),
            margin: UiRect::top(Val::Px(s.px(4.0))),
            ..default()
        },
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
            ),
            // The engine's own strength option, when it has one.
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
            ),
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
    let node = Node {
        padding: UiRect::axes(Val::Px(s.px(9.0)), Val::Px(s.px(4.0))),
        border_radius: BorderRadius::all(Val::Px(s.px(8.0))),
        ..card_node(s, 0.0)
    };
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
    let node = Node {
        padding: UiRect::axes(Val::Px(s.px(9.0)), Val::Px(s.px(4.0))),
        border_radius: BorderRadius::all(Val::Px(s.px(8.0))),
        ..card_node(s, 0.0)
    };
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

/// The player's rating, its recent history and the level suggested.
pub(super) fn rating_group(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    (
        RatingRow,
        Node {
            align_items: AlignItems::Center,
            column_gap: Val::Px(s.px(10.0)),
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![
            (
                RatingText,
                Text::new(""),
                fonts.ui(s.text(14.0)),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ),
            (
                RatingGraph,
                Node {
                    width: Val::Px(s.px(RATING_GRAPH.x)),
                    height: Val::Px(s.px(RATING_GRAPH.y)),
                    display: Display::None,
                    ..default()
                },
                Pickable::IGNORE,
            ),
            (
                menu_button(
                    Phrase::PlaySuggested,
                    lang,
                    fonts,
                    s.text(14.0),
                    MenuAction::Suggested
                ),
                SuggestButton,
            ),
        ],
    )
}

/// The rating graph's size in logical pixels at scale 1.
pub(super) const RATING_GRAPH: Vec2 = Vec2::new(150.0, 34.0);

/// The row of the player's rating (hidden when no game is rated here: hot-seat).
#[derive(Component)]
pub(super) struct RatingRow;

/// "Your rating 1234 · 12 games · suggested: 业余三级".
#[derive(Component)]
pub(super) struct RatingText;

/// The line graph of the last ratings.
#[derive(Component)]
pub(super) struct RatingGraph;

/// Play the suggested level.
#[derive(Component)]
pub(super) struct SuggestButton;

/// Puzzles, saved games | settings, language | quit.
pub(super) fn more_row(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let px = s.px(17.0).max(12.0);
    let bar = || {
        divider(
            Orientation::Vertical,
            Some(px * 1.4),
            s.px(6.0),
            palette::BUTTON_BORDER,
        )
    };
    (
        Node {
            column_gap: Val::Px(s.px(10.0)),
            row_gap: Val::Px(s.px(8.0)),
            align_items: AlignItems::Center,
            flex_wrap: FlexWrap::Wrap,
            justify_content: JustifyContent::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![
            button(
                Phrase::Puzzles,
                lang,
                fonts,
                px,
                OnPress::go(Screen::Puzzles)
            ),
            button(
                Phrase::SavedGames,
                lang,
                fonts,
                px,
                OnPress::go(Screen::SavedGames)
            ),
            button(
                Phrase::EditPosition,
                lang,
                fonts,
                px,
                OnPress::send(crate::game::play::editor::EditPosition)
            ),
            bar(),
            settings_card::open_button(lang, fonts, px),
            menu_button(
                Phrase::LanguageToggle,
                lang,
                fonts,
                px,
                MenuAction::Language
            ),
            bar(),
            menu_button(Phrase::Quit, lang, fonts, px, MenuAction::Quit),
        ],
    )
}

/// A menu button doing `action`, which also marks it for [`show_choices`].
pub(super) fn menu_button(
    text: Phrase,
    lang: Lang,
    fonts: &Fonts,
    px: f32,
    action: MenuAction,
) -> impl Bundle + use<> {
    (button(text, lang, fonts, px, OnPress::send(action)), action)
}

/// A level's button: its step in its group.
pub(super) fn level_button(fonts: &Fonts, side: Side, level: u8, s: Scale) -> impl Bundle + use<> {
    let step = crate::engine::Level::new(level).map_or(level, |l| l.step_in_tier());
    let node = Node {
        min_width: Val::Px(s.px(34.0)),
        padding: UiRect::axes(Val::Px(s.px(4.0)), Val::Px(s.px(3.0))),
        border_radius: BorderRadius::all(Val::Px(s.px(7.0))),
        ..card_node(s, 34.0)
    };
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
