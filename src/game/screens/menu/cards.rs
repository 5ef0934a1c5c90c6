//! The menu's cards and buttons: the first action, the setup groups (mode
//! cards with their pieces, level rows) and the row of the rest at the foot.

use super::*;
use crate::game::theme::disc::{DiscSize, disc as theme_disc};
use crate::game::theme::layout::{self, Orientation, centred_column, choice_card, divider, row};
use crate::game::theme::shape::{Shape, hidden, plain, sized};

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
        let node = plain()
            .min_width(Val::Px(s.px(240.0)))
            .padding(UiRect::axes(Val::Px(s.px(28.0)), Val::Px(s.px(10.0))));
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
        plain().margin(UiRect::vertical(Val::Px(s.px(4.0)))),
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

/// A group's heading.
pub(super) fn heading(text: Phrase, lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    layout::heading(text, lang, fonts.ui(s.text(16.0)))
}

/// The four modes as cards.
pub(super) fn mode_group(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let fonts = fonts.clone();
    (
        centred_column(s.px(6.0)),
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
        plain().column_gap(Val::Px(s.px(4.0))),
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
        card_bundle(choice_card(s, 168.0), MenuAction::Mode(mode)),
        children![
            pieces,
            (
                label(text, lang, fonts.ui(s.text(15.0)), palette::TEXT),
                TextLayout::justify(Justify::Center),
            ),
        ],
    )
}

/// The player's rating, its recent history and the level suggested.
pub(super) fn rating_group(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    (
        RatingRow,
        row(s.px(10.0))
            .flex_wrap(FlexWrap::Wrap)
            .justify_content(JustifyContent::Center),
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
                sized(Val::Px(s.px(RATING_GRAPH.x)), Val::Px(s.px(RATING_GRAPH.y)))
                    .display(Display::None),
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

/// Beside Puzzles: how many of the player's mistakes are due today.
#[derive(Component)]
pub(super) struct PuzzlesDue;

/// Learn to play, puzzles, saved games | settings, language | quit.
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
        row(s.px(10.0))
            .row_gap(Val::Px(s.px(8.0)))
            .flex_wrap(FlexWrap::Wrap)
            .justify_content(JustifyContent::Center),
        Pickable::IGNORE,
        children![
            button(
                Phrase::LearnToPlay,
                lang,
                fonts,
                px,
                OnPress::go(Screen::Course)
            ),
            button(
                Phrase::Puzzles,
                lang,
                fonts,
                px,
                OnPress::go(Screen::Puzzles)
            ),
            (
                PuzzlesDue,
                Text::new(""),
                fonts.ui(px * 0.85),
                TextColor(palette::ACCENT),
                hidden(),
                Pickable::IGNORE,
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

/// A menu button doing `action`, which also marks it for the systems of
/// `show.rs`.
pub(super) fn menu_button(
    text: Phrase,
    lang: Lang,
    fonts: &Fonts,
    px: f32,
    action: MenuAction,
) -> impl Bundle + use<> {
    (button(text, lang, fonts, px, OnPress::send(action)), action)
}
