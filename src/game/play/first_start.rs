//! The first start's question, answered: "new to xiangqi", "I know the
//! rules" or "I play at a club" (or skipped). The answer is kept in the
//! settings, so the card is shown once; it sets the level suggested until
//! the player has a rating of their own ([`super::rating::suggested_level`])
//! and puts that level in the menu's game against the computer. A
//! newcomer is taken to the course ("Learn to play").

use crate::game::GameSet;
use crate::game::notice::Notice;
use crate::game::play::rating::{PlayerRating, suggested_level};
use crate::game::play::session::GameSetup;
use crate::game::settings::{StorePaths, UserSettings};
use crate::game::{Mode, Screen};
use crate::store::settings::Experience;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<FirstStartAnswer>()
        .add_systems(Update, answer.in_set(GameSet::Input));
}

/// The player's answer: what they said of themself, or `None` (skipped).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstStartAnswer(pub Option<Experience>);

/// Should the first start's card be shown? Only until it is answered.
pub fn first_start_pending(settings: Option<Res<UserSettings>>) -> bool {
    settings.is_some_and(|s| !s.first_start_done)
}

fn answer(
    mut answers: MessageReader<FirstStartAnswer>,
    mut settings: Option<ResMut<UserSettings>>,
    mut setup: Option<ResMut<GameSetup>>,
    mut rating: ResMut<PlayerRating>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let Some(FirstStartAnswer(said)) = answers.read().last().copied() else {
        return;
    };
    let Some(settings) = settings.as_mut() else {
        return;
    };
    settings.first_start_done = true;
    settings.experience = said;
    let Some(said) = said else {
        return;
    };
    // A newcomer goes to the course's first lesson list.
    if said == Experience::New {
        screen.set(Screen::Course);
    }
    // The game against the computer at the level suggested.
    if let Some(level) = suggested_level(rating.get(paths.as_deref(), &mut notice), Some(said)) {
        settings.players.mode = Mode::Red;
        settings.players.computers.red.level = level;
        if let Some(setup) = setup.as_mut() {
            setup.players.mode = Mode::Red;
            setup.players.computers.red.level = level;
        }
    }
}
