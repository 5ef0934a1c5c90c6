//! The player's own rating in the game: every finished game against the
//! computer moves it ([`crate::store::profile`] has the rule), the menu
//! shows it with its history and the level to play next.
//!
//! Rated: a game against one computer level (Red or Black), from the
//! standard start position (not a handicap, not an edited position), played
//! to its end here — a checkmate, a rule's verdict, a resignation or a flag
//! — and rated once, however the player steps about in it afterwards. Not
//! rated: hot-seat and AI-vs-AI games, puzzles, opened records, a game taken
//! back to before the player's first move, and one with ten take-backs or
//! more (three to nine count half).

use crate::engine::Level;
use crate::game::i18n::{Lang, Phrase};
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::session::{BoardChanged, Player, Session};
use crate::game::play::stored::Stored;
use crate::game::settings::{CurrentLang, StorePaths};
use crate::game::{GameSet, Mode, Screen};
use crate::rules::{Color as Side, GameResult, Position};
use crate::store::profile::Profile;
use crate::store::settings::Experience;
use bevy::prelude::*;

/// The level the player's rating suggests, or before the first rated game
/// what they said on the first start (see `Profile::suggestion_or`).
pub fn suggested_level(profile: &Profile, said: Option<Experience>) -> Option<u8> {
    let levels: Vec<(u8, i32)> = Level::ALL
        .iter()
        .map(|l| (l.number(), l.rating()))
        .collect();
    profile.suggestion_or(said.map(Experience::assumed_rating), &levels)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastMove>()
        // Read when a game starts, so the player's card can show it
        // (reading it reports a damaged file once).
        .add_systems(OnEnter(Screen::Playing), read_profile)
        .add_systems(
            Update,
            rate_finished_games.in_set(GameSet::Present).run_if(
                in_state(Screen::Playing)
                    .and_then(in_state(Play::Free))
                    .and_then(resource_exists::<Session>),
            ),
        );
}

fn read_profile(
    mut rating: ResMut<PlayerRating>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    rating.get(paths.as_deref(), &mut notice);
}

/// The player's profile, read from its file on first use.
pub type PlayerRating = Stored<Profile>;

impl PlayerRating {
    /// Rates a finished game and saves the profile; the change, or `None`
    /// when the game does not count.
    fn record(
        &mut self,
        paths: Option<&StorePaths>,
        notice: &mut Notice,
        game: FinishedGame,
    ) -> Option<f64> {
        let profile = self.get(paths, notice);
        let delta = profile.record(
            game.level.number(),
            game.level.rating(),
            game.score,
            game.takebacks,
            now_unix(),
        )?;
        self.save(paths, notice);
        Some(delta)
    }
}

fn now_unix() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A game that may be rated.
#[derive(Clone, Copy, Debug, PartialEq)]
struct FinishedGame {
    level: Level,
    score: f64,
    takebacks: u32,
}

/// The game that just ended in `session`, if it is one to rate (see the
/// module docs); `played_here` says its last move (or its end) happened on
/// this board, not in a record stepped to its end.
fn finished_game(session: &Session, played_here: bool) -> Option<FinishedGame> {
    let human = match session.setup.players.mode {
        Mode::Red => Side::Red,
        Mode::Black => Side::Black,
        Mode::Hotseat | Mode::AiVsAi => return None,
    };
    // Only the built-in levels have ratings on the player's scale.
    if !matches!(session.setup.player(human.flip()), Player::Ai { .. }) {
        return None;
    }
    let game = &session.game;
    let outcome = game.outcome()?;
    let standard = Position::startpos();
    if !played_here
        || session.takebacks.to_start
        || session.takebacks.rated
        || game.ply() != game.all_moves().len()
        || *game.start() != standard
        || session.setup.start != standard
    {
        return None;
    }
    let score = match (outcome.result, human) {
        (GameResult::Draw, _) => 0.5,
        (GameResult::RedWins, Side::Red) | (GameResult::BlackWins, Side::Black) => 1.0,
        _ => 0.0,
    };
    Some(FinishedGame {
        level: Level::new(session.setup.players.computers.red.level)?,
        score,
        takebacks: session.takebacks.count,
    })
}

/// Where the last move on the board was made (start position, ply).
#[derive(Resource, Default)]
struct LastMove(Option<(u64, usize)>);

fn rate_finished_games(
    mut session: ResMut<Session>,
    mut changes: MessageReader<BoardChanged>,
    mut last: ResMut<LastMove>,
    mut rating: ResMut<PlayerRating>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    lang: CurrentLang,
) {
    if changes
        .read()
        .any(|c| matches!(c, BoardChanged::Moved { .. }))
    {
        last.0 = Some((session.game.start().hash(), session.game.ply()));
    }
    if !session.is_changed() {
        return;
    }
    let played_here = last.0 == Some((session.game.start().hash(), session.game.ply()));
    let Some(game) = finished_game(&session, played_here) else {
        return;
    };
    // Once per game, whatever happens on the board after (not a change
    // anything else needs to see).
    session.bypass_change_detection().takebacks.rated = true;
    let Some(delta) = rating.record(paths.as_deref(), &mut notice, game) else {
        return;
    };
    let now = rating.peek().and_then(|p| p.rating).unwrap_or_default();
    notice.post(
        Phrase::RatingChanged,
        rating_change_text(now, delta, game.level, *lang),
        false,
    );
}

/// "1234 (+12) · 业余三级": the new rating, the change and the level played.
pub fn rating_change_text(rating: f64, delta: f64, level: Level, lang: Lang) -> String {
    let name = crate::game::i18n::level_name(level, lang);
    format!("{:.0} ({delta:+.0}) · {name}", rating.round())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::play::session::GameSetup;
    use crate::rules::Move;
    use crate::store::Players;

    fn session(mode: Mode) -> Session {
        Session::new(
            GameSetup {
                players: Players::new(mode, 2, 3),
                ..GameSetup::default()
            },
            0.0,
        )
    }

    fn resign(s: &mut Session, by: Side) {
        s.game.play(Move::from_iccs("h2e2").unwrap()).unwrap();
        s.game.resign(by);
    }

    #[test]
    fn a_game_against_a_level_played_to_its_end_is_rated_from_the_players_side() {
        let mut s = session(Mode::Red);
        resign(&mut s, Side::Black);
        let g = finished_game(&s, true).expect("rated");
        assert_eq!((g.level.number(), g.score, g.takebacks), (2, 1.0, 0));
        let mut s = session(Mode::Black);
        resign(&mut s, Side::Black);
        assert_eq!(finished_game(&s, true).map(|g| g.score), Some(0.0));
    }

    #[test]
    fn games_that_say_nothing_about_the_player_are_not_rated() {
        for mode in [Mode::Hotseat, Mode::AiVsAi] {
            let mut s = session(mode);
            resign(&mut s, Side::Black);
            assert_eq!(finished_game(&s, true), None, "{mode:?}");
        }
        // Not played here: an opened record stepped to its end.
        let mut s = session(Mode::Red);
        resign(&mut s, Side::Black);
        assert_eq!(finished_game(&s, false), None);
        // Taken back to the start, or already rated.
        let mut back = s.clone();
        back.takebacks.to_start = true;
        assert_eq!(finished_game(&back, true), None);
        let mut rated = s.clone();
        rated.takebacks.rated = true;
        assert_eq!(finished_game(&rated, true), None);
        // From another start (a handicap, an edited position).
        let start = Position::from_fen(
            "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        )
        .unwrap();
        let mut odds = Session::new(
            GameSetup {
                players: Players::new(Mode::Red, 3, 3),
                start,
            },
            0.0,
        );
        odds.game.resign(Side::Black);
        assert_eq!(finished_game(&odds, true), None);
        // Still going.
        assert_eq!(finished_game(&session(Mode::Red), true), None);
    }

    #[test]
    fn the_change_text_names_the_rating_the_change_and_the_level() {
        let l = Level::MIN;
        assert_eq!(
            rating_change_text(1234.4, 12.2, l, Lang::En),
            format!("1234 (+12) · {}", l.name_en())
        );
        assert!(rating_change_text(900.0, -8.0, l, Lang::Zh).contains("(-8)"));
    }
}
