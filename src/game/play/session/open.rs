//! Games that come from elsewhere: the clocks the next game is played
//! with, a game waiting to be put on the board, and the opener of records.

use super::{GameSetup, Session};
use crate::game::play::Play;
use crate::game::{Mode, Screen};
use crate::rules::Game;
use crate::rules::clock::{GameClock, TimeControl};
use crate::store::Players;
use bevy::prelude::*;

/// The clocks the next game from the menu is played with.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockSetup {
    /// Red's control.
    pub red: TimeControl,
    /// Black's control.
    pub black: TimeControl,
}

impl ClockSetup {
    /// Is either side on a clock?
    pub fn is_timed(&self) -> bool {
        self.red.is_timed() || self.black.is_timed()
    }
}

/// A game to put on the board when the session starts (a restored autosave,
/// an opened record).
#[derive(Resource, Clone, Debug)]
pub struct PendingGame {
    /// The record (variations, comments and marks included), cursor included.
    pub game: Game,
    /// Show this ply for review first (a loaded record opens at its start).
    pub browse: Option<usize>,
    /// The clocks it was played on (the autosave's, a record's), if any.
    pub clock: Option<GameClock>,
    /// What the player had taken back (an autosave's game).
    pub takebacks: super::Takebacks,
}

/// Opens records: `open(game, review)` puts `game` (a loaded or pasted
/// record) on the board as a two-player game, shown for review at
/// `review`. From any screen; on the board it replaces the game in play (a
/// puzzle included).
#[derive(bevy::ecs::system::SystemParam)]
pub struct GameOpener<'w, 's> {
    commands: Commands<'w, 's>,
    setup: ResMut<'w, GameSetup>,
    session: Option<ResMut<'w, Session>>,
    screen: ResMut<'w, NextState<Screen>>,
    play: ResMut<'w, NextState<Play>>,
}

impl<'w, 's> GameOpener<'w, 's> {
    /// The game on the board, if there is one.
    pub fn session(&self) -> Option<&Session> {
        self.session.as_deref()
    }

    /// Opens `game` (its variations, comments and marks included), shown
    /// at ply `review` if given, on the clocks the record kept, if any.
    pub fn open(&mut self, game: Game, browse: Option<usize>, clock: Option<GameClock>) {
        let setup = GameSetup {
            players: Players::new(
                Mode::Hotseat,
                self.setup.players.computers.red.level,
                self.setup.players.computers.black.level,
            ),
            start: *game.start(),
        };
        *self.setup = setup.clone();
        self.play.set(Play::Free);
        self.commands.insert_resource(PendingGame {
            game,
            browse,
            clock,
            takebacks: super::Takebacks::default(),
        });
        match self.session.as_deref_mut() {
            Some(session) => {
                session.setup = setup;
                session.flipped = false;
                session.paused = false;
            }
            None => self.screen.set(Screen::Playing),
        }
    }
}
