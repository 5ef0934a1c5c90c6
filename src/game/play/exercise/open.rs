//! Putting an exercise on the board, the one way every mode starts one: the
//! [`ActiveExercise`] in place (its board shown by [`super::run`]), the
//! players it wants, the play state, a game waiting to be restored dropped,
//! and the game's screen opened if it is not open yet.

use super::active::ActiveExercise;
use crate::game::Screen;
use crate::game::play::Play;
use crate::game::play::session::{GameSetup, PendingGame, Session};
use crate::store::Players;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// What a mode needs to put its exercise on the board.
#[derive(SystemParam)]
pub struct ExerciseOpener<'w, 's> {
    commands: Commands<'w, 's>,
    setup: ResMut<'w, GameSetup>,
    session: Option<ResMut<'w, Session>>,
    screen: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Screen>>,
    play: ResMut<'w, NextState<Play>>,
}

impl<'w, 's> ExerciseOpener<'w, 's> {
    /// The players set up last (the levels the menu offers).
    pub fn players(&self) -> &Players {
        &self.setup.players
    }

    /// Puts `exercise` on the board with `players`, in the play state of
    /// the list it was chosen from (Menu goes back there). From one
    /// exercise to the next the state stays (leaving it would end the one
    /// just started) and the board is replaced in place.
    pub fn open(&mut self, exercise: ActiveExercise, players: Players) {
        let state = match exercise.back_to() {
            Screen::Course => Play::Course,
            _ => Play::Puzzle,
        };
        let setup = GameSetup {
            players,
            start: exercise.exercise().start(),
        };
        self.commands.insert_resource(exercise);
        self.commands.remove_resource::<PendingGame>();
        NextState::set_if_neq(&mut *self.play, state);
        *self.setup = setup.clone();
        match (self.session.as_deref_mut(), self.screen.get()) {
            (Some(session), Screen::Playing) => session.setup = setup,
            _ => NextState::set_if_neq(&mut *self.next, Screen::Playing),
        }
    }

    /// For the mode's own resources beside the exercise.
    pub fn commands(&mut self) -> &mut Commands<'w, 's> {
        &mut self.commands
    }
}
