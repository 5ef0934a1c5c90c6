//! The texts of the players' cards: the side's name, who plays it (shorter
//! on a narrow card beside a clock) and what it is doing.

use super::{Badge, CardField, PlayerCard, PlayerCards};
use crate::game::i18n::{Lang, Phrase, level_name, side_name};
use crate::game::play::Play;
use crate::game::play::ai::{AiState, level_info};
use crate::game::play::clock::MatchClock;
use crate::game::play::rating::PlayerRating;
use crate::game::play::session::{Player, Session};
use crate::game::settings::CurrentLang;
use crate::game::theme::set_display;
use crate::rules::Color as Side;
use bevy::prelude::*;

/// Cards narrower than this (logical pixels) with a clock drop their badge
/// and the AI's depth, so the names keep a line each beside the clock.
const NARROW_CARD: f32 = 300.0;

/// The cards are narrow (see [`NARROW_CARD`]).
#[derive(Default)]
pub(super) struct Narrow(bool);

/// Measures the cards once laid out: a narrow card (a bottom panel, a
/// small window) hides its badge and shortens who plays.
pub(super) fn fit_narrow_cards(
    cards: Query<&ComputedNode, With<PlayerCard>>,
    mut badges: Query<&mut Node, With<Badge>>,
    mut narrow: Local<Narrow>,
    mut who: Query<(&CardField, &mut Text)>,
    session: Res<Session>,
    lang: CurrentLang,
    clock: Res<MatchClock>,
    rating: Option<Res<PlayerRating>>,
) {
    let Some(width) = cards
        .iter()
        .map(|c| c.size().x * c.inverse_scale_factor())
        .find(|w| *w > 0.0)
    else {
        return;
    };
    // Only a clock beside the names needs the room.
    let now = width < NARROW_CARD && clock.clock.is_some();
    let rating_changed = rating.as_ref().is_some_and(|r| r.is_changed());
    if now == narrow.0
        && !session.is_changed()
        && !lang.is_changed()
        && !clock.is_changed()
        && !rating_changed
    {
        return;
    }
    narrow.0 = now;
    for mut node in &mut badges {
        set_display(&mut node, !now);
    }
    for (field, mut text) in &mut who {
        if let CardField::Who(side) = *field {
            let mine = rating
                .as_deref()
                .and_then(PlayerRating::peek)
                .and_then(|p| p.rating);
            let want = who_text(&session, side, *lang, now, mine);
            text.set_if_neq(Text(want));
        }
    }
}

/// Who plays `side`: "Human" ("Human · your rating 1234" against the
/// computer, once the player has a rating), or "AI 3 · name · rating 1450"
/// ("AI 3 · name" when `short`).
fn who_text(
    session: &Session,
    side: Side,
    lang: Lang,
    short: bool,
    player_rating: Option<f64>,
) -> String {
    match session.setup.player(side) {
        Player::Human => {
            let rated = matches!(session.setup.player(side.flip()), Player::Ai { .. });
            match player_rating.filter(|_| rated && !short) {
                Some(r) => format!(
                    "{} · {} {r:.0}",
                    Phrase::Human.get(lang),
                    Phrase::RatingChanged.get(lang)
                ),
                None => Phrase::Human.get(lang).to_string(),
            }
        }
        // The player's engine, by the name it has in the engine list.
        Player::Engine { name } => format!("{} · {name}", Phrase::Computer.get(lang)),
        Player::Ai { level } => {
            let info = level_info(level);
            let name = level_name(
                crate::engine::Level::new(info.level).unwrap_or_default(),
                lang,
            );
            if short {
                format!("{} {level} · {name}", Phrase::Computer.get(lang))
            } else {
                format!(
                    "{} {level} · {name} · {} {}",
                    Phrase::Computer.get(lang),
                    Phrase::LevelRating.get(lang),
                    info.rating
                )
            }
        }
    }
}

pub(super) fn refresh_cards(
    session: Res<Session>,
    lang: CurrentLang,
    ai: Res<AiState>,
    time: Res<Time>,
    play: Res<State<Play>>,
    mut texts: Query<(&CardField, &mut Text)>,
    mut roots: Query<&mut Node, With<PlayerCards>>,
) {
    let lang = *lang;
    for mut node in &mut roots {
        // A puzzle's or a lesson's card says who plays what.
        set_display(&mut node, *play.get() == Play::Free);
    }
    let stm = session.side_to_move();
    let over = session.game.outcome();
    for (field, mut text) in &mut texts {
        let want = match *field {
            CardField::Name(side) => side_name(side, lang).to_string(),
            // Set by `fit_narrow_cards`, which knows the card's width.
            CardField::Who(_) => continue,
            CardField::Status(side) => match &over {
                Some(o) if o.result.winner() == Some(side) => Phrase::Winner.get(lang).to_string(),
                Some(_) => String::new(),
                None if side != stm => String::new(),
                None if session.paused => Phrase::Paused.get(lang).to_string(),
                None if ai.search().is_some() => {
                    // Dots that come and go while the AI thinks.
                    let n = (time.elapsed_secs() * 2.5) as usize % 4;
                    format!("{}{}", Phrase::Thinking.get(lang), ".".repeat(n))
                }
                None => Phrase::ToMove.get(lang).to_string(),
            },
        };
        text.set_if_neq(Text(want));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use crate::game::tests::{session, test_app};
    use crate::rules::Position;

    #[test]
    fn the_players_card_shows_their_rating_against_the_computer_only() {
        let app = test_app(Mode::Red, Position::startpos());
        let s = session(&app);
        assert_eq!(
            who_text(s, Side::Red, Lang::En, false, Some(1234.4)),
            "Human · Your rating 1234"
        );
        assert_eq!(who_text(s, Side::Red, Lang::En, false, None), "Human");
        // A narrow card beside a clock keeps the short form.
        assert_eq!(
            who_text(s, Side::Red, Lang::En, true, Some(1234.0)),
            "Human"
        );
        let hotseat = test_app(Mode::Hotseat, Position::startpos());
        assert_eq!(
            who_text(
                session(&hotseat),
                Side::Black,
                Lang::En,
                false,
                Some(1234.0)
            ),
            "Human",
            "no rating between two people"
        );
    }
}
