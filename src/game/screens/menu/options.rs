//! The menu's clock and handicap choices: one section ([`options_section`])
//! the menu places with one line.
//!
//! Each side's clock steps through [`CLOCKS`] (◀ ▶), so either side may
//! play on another control (time odds); the handicap steps through
//! [`Handicap::ALL`] and the giving side is Red or Black. The choices are
//! kept in the settings like the mode and levels, go into
//! [`ClockSetup`] for the next game's clocks, and the handicap's position
//! into [`GameSetup::start`].

use crate::game::i18n::{Lang, Phrase, clock_text, handicap_name};
use crate::game::play::clock::ClockSetup;
use crate::game::play::session::GameSetup;
use crate::game::settings::CurrentLang;
use crate::game::settings::UserSettings;
use crate::game::theme::layout::{centred_column, row};
use crate::game::theme::shape::{Shape, plain, sized};
use crate::game::theme::{Fonts, OnPress, Toggled, button, button_box, label, palette};
use crate::game::{GameSet, Screen};
use crate::rules::Color as Side;
use crate::rules::clock::TimeControl;
use crate::rules::handicap::Handicap;
use bevy::prelude::*;

pub(in crate::game::screens) fn plugin(app: &mut App) {
    app.add_message::<OptionAction>().add_systems(
        Update,
        (
            apply_actions.in_set(GameSet::Input),
            (follow_settings, show_options)
                .chain()
                .in_set(GameSet::Present),
        )
            .run_if(in_state(Screen::Menu)),
    );
}

/// The clocks offered, in order: none, Fischer, 读秒, 步时.
pub const CLOCKS: [TimeControl; 12] = [
    TimeControl::None,
    TimeControl::Fischer {
        base: 180,
        increment: 2,
    },
    TimeControl::Fischer {
        base: 300,
        increment: 3,
    },
    TimeControl::Fischer {
        base: 600,
        increment: 5,
    },
    TimeControl::Fischer {
        base: 900,
        increment: 10,
    },
    TimeControl::Fischer {
        base: 1800,
        increment: 20,
    },
    TimeControl::Countdown {
        base: 300,
        per_move: 20,
    },
    TimeControl::Countdown {
        base: 600,
        per_move: 30,
    },
    TimeControl::Countdown {
        base: 1200,
        per_move: 60,
    },
    TimeControl::Countdown {
        base: 0,
        per_move: 30,
    },
    TimeControl::Countdown {
        base: 0,
        per_move: 60,
    },
    TimeControl::Countdown {
        base: 0,
        per_move: 120,
    },
];

/// What an option button does.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
enum OptionAction {
    /// Step a side's clock by ±1 through [`CLOCKS`].
    Clock(Side, i8),
    /// Step the handicap by ±1.
    Handicap(i8),
    /// Who gives the handicap.
    Giver(Side),
}

/// A text the section refreshes.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum OptionText {
    Clock(Side),
    Handicap,
}

/// A giver button (its colour shows the choice).
#[derive(Component, Clone, Copy)]
struct GiverButton(Side);

/// The clock and handicap choices, as one block for the menu.
/// `k` is the menu's scale (1 at 1280×900).
pub fn options_section(lang: Lang, fonts: &Fonts, k: f32) -> impl Bundle + use<> {
    let px = |v: f32| (v * k).round();
    let text = |v: f32| px(v).max(12.0);
    let row = || {
        row(px(8.0))
            .flex_wrap(FlexWrap::Wrap)
            .justify_content(JustifyContent::Center)
            .row_gap(Val::Px(px(6.0)))
    };
    (
        centred_column(px(6.0)).margin(UiRect::top(Val::Px(px(2.0)))),
        Pickable::IGNORE,
        children![
            (
                row(),
                Pickable::IGNORE,
                children![
                    label(
                        Phrase::ClockHeading,
                        lang,
                        fonts.ui(text(16.0)),
                        palette::TEXT_DIM
                    ),
                    stepper(Side::Red, Phrase::RedClock, lang, fonts, k),
                    stepper(Side::Black, Phrase::BlackClock, lang, fonts, k),
                ],
            ),
            (
                row(),
                Pickable::IGNORE,
                children![
                    label(
                        Phrase::HandicapHeading,
                        lang,
                        fonts.ui(text(16.0)),
                        palette::TEXT_DIM
                    ),
                    arrow("◀", OptionAction::Handicap(-1), fonts, k),
                    value_text(OptionText::Handicap, fonts, 110.0, k),
                    arrow("▶", OptionAction::Handicap(1), fonts, k),
                    label(
                        Phrase::HandicapGiver,
                        lang,
                        fonts.ui(text(15.0)),
                        palette::TEXT_DIM
                    ),
                    (
                        button(
                            Phrase::Red,
                            lang,
                            fonts,
                            text(15.0),
                            OnPress::send(OptionAction::Giver(Side::Red))
                        ),
                        GiverButton(Side::Red),
                    ),
                    (
                        button(
                            Phrase::Black,
                            lang,
                            fonts,
                            text(15.0),
                            OnPress::send(OptionAction::Giver(Side::Black))
                        ),
                        GiverButton(Side::Black),
                    ),
                ],
            ),
        ],
    )
}

/// "红方 ◀ 10分+5秒 ▶".
fn stepper(side: Side, name: Phrase, lang: Lang, fonts: &Fonts, k: f32) -> impl Bundle + use<> {
    (
        row((4.0 * k).round()),
        Pickable::IGNORE,
        children![
            label(
                name,
                lang,
                fonts.ui((15.0 * k).round().max(12.0)),
                palette::TEXT
            ),
            arrow("◀", OptionAction::Clock(side, -1), fonts, k),
            value_text(OptionText::Clock(side), fonts, 120.0, k),
            arrow("▶", OptionAction::Clock(side, 1), fonts, k),
        ],
    )
}

fn arrow(glyph: &'static str, action: OptionAction, fonts: &Fonts, k: f32) -> impl Bundle + use<> {
    arrow_button(glyph, OnPress::send(action), fonts, k)
}

/// A square ◀ or ▶ button of the menu (`k`: the menu's scale).
pub(super) fn arrow_button(
    glyph: &'static str,
    press: OnPress,
    fonts: &Fonts,
    k: f32,
) -> impl Bundle + use<> {
    let side = (28.0 * k).round();
    button_box(
        sized(Val::Px(side), Val::Px(side)),
        glyph,
        fonts.ui((15.0 * k).round().max(12.0)),
        (),
        press,
    )
}

fn value_text(which: OptionText, fonts: &Fonts, width: f32, k: f32) -> impl Bundle + use<> {
    (
        plain()
            .min_width(Val::Px((width * k).round()))
            .justify_content(JustifyContent::Center),
        Pickable::IGNORE,
        children![(
            which,
            Text::new(""),
            TextLayout {
                justify: Justify::Center,
                linebreak: LineBreak::NoWrap,
            },
            fonts.ui((16.0 * k).round().max(12.0)),
            TextColor(palette::ACCENT),
            Pickable::IGNORE,
        )],
    )
}

/// `c` stepped by `by` through [`CLOCKS`] (a control not in the list
/// steps from the start).
pub fn step_clock(c: TimeControl, by: i8) -> TimeControl {
    let n = CLOCKS.len() as i32;
    let i = CLOCKS.iter().position(|&x| x == c).map_or(0, |i| i as i32);
    CLOCKS[(i + i32::from(by)).rem_euclid(n) as usize]
}

fn step_handicap(h: Handicap, by: i8) -> Handicap {
    let n = Handicap::ALL.len() as i32;
    let i = Handicap::ALL.iter().position(|&x| x == h).unwrap_or(0) as i32;
    Handicap::ALL[(i + i32::from(by)).rem_euclid(n) as usize]
}

fn apply_actions(mut actions: MessageReader<OptionAction>, settings: Option<ResMut<UserSettings>>) {
    let Some(mut settings) = settings else {
        actions.clear();
        return;
    };
    for &action in actions.read() {
        match action {
            OptionAction::Clock(Side::Red, by) => {
                settings.red_clock = step_clock(settings.red_clock, by);
            }
            OptionAction::Clock(Side::Black, by) => {
                settings.black_clock = step_clock(settings.black_clock, by);
            }
            OptionAction::Handicap(by) => settings.handicap = step_handicap(settings.handicap, by),
            OptionAction::Giver(side) => settings.black_gives = side == Side::Black,
        }
    }
}

/// The next game follows the settings: its clocks, and its start for a
/// handicap (a position given on the command line stays when there is none).
fn follow_settings(
    settings: Option<Res<UserSettings>>,
    mut clocks: ResMut<ClockSetup>,
    mut setup: ResMut<GameSetup>,
) {
    let Some(s) = settings else {
        return;
    };
    let want = ClockSetup {
        red: s.red_clock,
        black: s.black_clock,
    };
    clocks.set_if_neq(want);
    let giver = if s.black_gives {
        Side::Black
    } else {
        Side::Red
    };
    let handicap_starts: Vec<_> = Handicap::ALL[1..]
        .iter()
        .flat_map(|h| [h.position(Side::Red), h.position(Side::Black)])
        .collect();
    if s.handicap != Handicap::None {
        let start = s.handicap.position(giver);
        if setup.start != start {
            setup.start = start;
        }
    } else if handicap_starts.contains(&setup.start) {
        setup.start = crate::rules::Position::startpos();
    }
}

fn show_options(
    settings: Option<Res<UserSettings>>,
    lang: CurrentLang,
    mut texts: Query<(&OptionText, &mut Text)>,
    mut givers: Query<(&GiverButton, &mut Toggled)>,
) {
    let Some(s) = settings else {
        return;
    };
    for (which, mut text) in &mut texts {
        let want = match which {
            OptionText::Clock(Side::Red) => clock_text(s.red_clock, *lang),
            OptionText::Clock(Side::Black) => clock_text(s.black_clock, *lang),
            OptionText::Handicap => handicap_name(s.handicap, *lang).to_string(),
        };
        text.set_if_neq(Text(want));
    }
    for (giver, mut toggled) in &mut givers {
        let on = s.handicap != Handicap::None && (giver.0 == Side::Black) == s.black_gives;
        toggled.set_if_neq(Toggled(on));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_step_round_the_list_both_ways() {
        assert_eq!(step_clock(TimeControl::None, -1), CLOCKS[CLOCKS.len() - 1]);
        assert_eq!(step_clock(CLOCKS[CLOCKS.len() - 1], 1), TimeControl::None);
        assert_eq!(step_clock(TimeControl::None, 1), CLOCKS[1]);
        // Every kind is offered.
        assert!(
            CLOCKS
                .iter()
                .any(|c| matches!(c, TimeControl::Fischer { .. }))
        );
        assert!(
            CLOCKS
                .iter()
                .any(|c| matches!(c, TimeControl::Countdown { base, .. } if *base > 0))
        );
        assert!(
            CLOCKS
                .iter()
                .any(|c| matches!(c, TimeControl::Countdown { base: 0, .. }))
        );
        assert_eq!(step_handicap(Handicap::None, -1), Handicap::NinePieces);
    }
}
