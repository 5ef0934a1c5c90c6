//! Review: looking back at an earlier position of the game, read-only.
//!
//! [`Review::ply`] is `None` for the live game, or the ply whose position the
//! board shows. While reviewing, board input is dropped (nothing can be
//! moved), the pieces are drawn from [`shown_position`] and the last-move
//! marks from [`shown_last_move`]. Navigation arrives as [`ReviewCommand`]
//! messages (move list clicks, ←/→/Home/End, the review buttons), and every
//! change of the shown ply redraws the board with [`BoardChanged::Reset`].
//!
//! "Play from here" turns a reviewed position into the live one: the moves
//! after it become the redo tail, as after undo.

use crate::game::play::session::{
    BoardChanged, BoardInput, GameCommand, PendingGame, Selection, Session,
};
use crate::game::{GameSet, Screen};
use crate::rules::{Move, Position};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Review>()
        .add_message::<ReviewCommand>()
        .add_systems(OnEnter(Screen::Playing), reset_review)
        .add_systems(OnExit(Screen::Playing), reset_review)
        .add_systems(
            Update,
            (
                drop_input_while_reviewing.in_set(GameSet::Input),
                // A record opened for review shows its first ply.
                review_pending
                    .in_set(GameSet::Rules)
                    .before(crate::game::play::session::apply_pending),
                // Before the session's commands: "play from here" must land
                // before an undo or new game read in the same frame.
                handle_review.in_set(GameSet::Rules).before(GameSet::Ai),
                keep_review_in_range.in_set(GameSet::Present),
            )
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Which position the board shows.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Review {
    /// `None`: the live game. `Some(n)`: the position after `n` plies
    /// (0 = the start), always less than the game's current ply.
    pub ply: Option<usize>,
}

impl Review {
    /// Is an earlier position shown?
    pub fn active(&self) -> bool {
        self.ply.is_some()
    }
}

/// Review navigation.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewCommand {
    /// One ply back (from the live game: the position before the last move).
    Prev,
    /// One ply forward (reaching the end returns to the live game).
    Next,
    /// The start position.
    First,
    /// The live game.
    Last,
    /// The position after this many plies.
    Goto(usize),
    /// Back to the live game.
    Exit,
    /// Make the shown position the live one (later moves become redo).
    PlayFromHere,
}

/// The ply the board shows: the reviewed one or the live one.
pub fn shown_ply(session: &Session, review: Option<&Review>) -> usize {
    let live = session.game.ply();
    review.and_then(|r| r.ply).map_or(live, |p| p.min(live))
}

/// The position the board shows.
pub fn shown_position(session: &Session, review: Option<&Review>) -> Position {
    let ply = shown_ply(session, review);
    session
        .game
        .position_at(ply)
        .copied()
        .unwrap_or(*session.position())
}

/// The move that led to the shown position, if any.
pub fn shown_last_move(session: &Session, review: Option<&Review>) -> Option<Move> {
    let ply = shown_ply(session, review);
    ply.checked_sub(1)
        .and_then(|i| session.game.moves().get(i).copied())
}

fn reset_review(mut review: ResMut<Review>) {
    if review.ply.is_some() {
        review.ply = None;
    }
}

/// Nothing moves on the board while an earlier position is shown.
fn drop_input_while_reviewing(review: Res<Review>, mut input: ResMut<Messages<BoardInput>>) {
    if review.active() {
        input.clear();
    }
}

/// A game about to be put on the board may ask to be shown at a ply.
fn review_pending(pending: Option<Res<PendingGame>>, mut review: ResMut<Review>) {
    if let Some(pending) = pending {
        review.ply = pending.review.filter(|&p| p < pending.game.ply());
    }
}

fn handle_review(
    mut commands_in: MessageReader<ReviewCommand>,
    mut game_commands: MessageReader<GameCommand>,
    mut review: ResMut<Review>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    time: Res<Time>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let live = session.game.ply();
    let before = review.ply;
    let mut ply = review.ply;
    for command in commands_in.read() {
        let current = ply.unwrap_or(live);
        ply = match *command {
            ReviewCommand::Prev => Some(current.saturating_sub(1)),
            ReviewCommand::Next => Some(current + 1),
            ReviewCommand::First => Some(0),
            ReviewCommand::Last | ReviewCommand::Exit => None,
            ReviewCommand::Goto(n) => Some(n),
            ReviewCommand::PlayFromHere => {
                if let Some(p) = ply.filter(|&p| p < live) {
                    session.go_to_ply(p, time.elapsed_secs_f64());
                }
                None
            }
        };
        ply = ply.filter(|&p| p < live);
    }
    // Undo, redo and a new game act on the live game: show it.
    if game_commands.read().any(|c| {
        matches!(
            c,
            GameCommand::Undo | GameCommand::Redo | GameCommand::NewGame
        )
    }) {
        ply = None;
    }
    if ply != before || session.game.ply() != live {
        review.ply = ply;
        if ply.is_some() {
            selection.clear();
        }
        changed.write(BoardChanged::Reset);
    }
}

/// A shown ply past the live one (after undo) becomes the live game.
fn keep_review_in_range(
    mut review: ResMut<Review>,
    session: Res<Session>,
    mut changed: MessageWriter<BoardChanged>,
) {
    if let Some(p) = review.ply
        && p >= session.game.ply()
    {
        review.ply = None;
        changed.write(BoardChanged::Reset);
    }
}
