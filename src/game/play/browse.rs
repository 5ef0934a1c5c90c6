//! Browsing: looking back at an earlier position of the game, read-only
//! (not the engine judging the moves: that is the game review,
//! [`crate::game::play::game_review`]).
//!
//! [`Browse::ply`] is `None` for the live game, or the ply whose position the
//! board shows. While browsing, board input is dropped (nothing can be
//! moved), the pieces are drawn from [`shown_position`] and the last-move
//! marks from [`shown_last_move`]. Navigation arrives as [`BrowseCommand`]
//! messages (move list clicks, ←/→/Home/End, the browsing buttons), and every
//! change of the shown ply redraws the board with [`BoardChanged::Reset`].
//!
//! "Play from here" turns a browsed position into the live one: the moves
//! after it become the redo tail, as after undo.
//!
//! The shown position may also be a node of a variation
//! ([`Browse::node`], see [`crate::game::play::variations`]): moves made
//! while browsing go into the session's move tree and never touch the
//! live game. ←/→ (PageUp/PageDown) then step along that variation.

use crate::game::play::session::{BoardChanged, GameCommand, PendingGame, Selection, Session};
use crate::game::{GameSet, Screen};
use crate::rules::records::{MoveTree, NodeId};
use crate::rules::{Move, Position};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Browse>()
        .add_message::<BrowseCommand>()
        .add_systems(OnEnter(Screen::Playing), reset_browse)
        .add_systems(OnExit(Screen::Playing), reset_browse)
        .add_systems(
            Update,
            (
                // A record opened for browsing shows its first ply.
                browse_pending
                    .in_set(GameSet::Rules)
                    .before(crate::game::play::session::apply_pending),
                // Before the session's commands: "play from here" must land
                // before an undo or new game read in the same frame.
                handle_browse.in_set(GameSet::Rules).before(GameSet::Ai),
                keep_browse_in_range.in_set(GameSet::Present),
            )
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Which position the board shows.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Browse {
    /// `None`: the live game. `Some(n)`: the position after `n` plies
    /// (0 = the start), always less than the game's current ply. On a
    /// variation, the ply where it leaves the main line.
    pub ply: Option<usize>,
    /// A node of the move tree off the main line, when a variation is shown.
    pub node: Option<NodeId>,
}

impl Browse {
    /// Is an earlier position shown?
    pub fn active(&self) -> bool {
        self.ply.is_some()
    }

    /// Is a variation (not the game) shown?
    pub fn on_variation(&self) -> bool {
        self.node.is_some()
    }

    /// Shows the tree node `id`: a main-line position as a ply (the live
    /// game at the cursor or after it), any other as a variation.
    pub fn show_node(&mut self, session: &Session, id: NodeId) {
        let tree = session.tree();
        let live = session.game.ply();
        if tree.node(id).is_none() {
            return;
        }
        if tree.is_main_line(id) {
            let depth = tree.depth(id);
            self.ply = (depth < live).then_some(depth);
            self.node = None;
            return;
        }
        let mut anchor = id;
        while !tree.is_main_line(anchor) {
            anchor = tree
                .node(anchor)
                .and_then(|n| n.parent)
                .unwrap_or(MoveTree::ROOT);
        }
        self.ply = Some(tree.depth(anchor).min(live.saturating_sub(1)));
        self.node = Some(id);
    }

    /// Back to the live game.
    pub fn exit(&mut self) {
        self.ply = None;
        self.node = None;
    }
}

/// Browsing commands.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BrowseCommand {
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
    /// The position after a node of the move tree (a variation's move).
    GotoNode(NodeId),
    /// Make the shown position the live one (later moves become redo).
    PlayFromHere,
}

/// The ply the board shows: the browsed one or the live one (on a
/// variation, where it leaves the main line).
pub fn shown_ply(session: &Session, browse: Option<&Browse>) -> usize {
    let live = session.game.ply();
    browse.and_then(|r| r.ply).map_or(live, |p| p.min(live))
}

/// The tree node of the position the board shows.
pub fn shown_node(session: &Session, browse: Option<&Browse>) -> NodeId {
    match browse.and_then(|r| r.node) {
        Some(id) if session.tree().node(id).is_some() => id,
        _ => session.main_node(shown_ply(session, browse)),
    }
}

/// The positions before the shown one, oldest first (a search's history).
pub fn shown_history(session: &Session, browse: Option<&Browse>) -> Vec<Position> {
    let id = shown_node(session, browse);
    let tree = session.tree();
    let mut out = vec![*tree.start()];
    for n in tree.path_to(id) {
        out.extend(tree.position(n).copied());
    }
    out.pop();
    out
}

/// The position the board shows.
pub fn shown_position(session: &Session, browse: Option<&Browse>) -> Position {
    if let Some(pos) = browse
        .and_then(|r| r.node)
        .and_then(|id| session.tree().position(id))
    {
        return *pos;
    }
    let ply = shown_ply(session, browse);
    session
        .game
        .position_at(ply)
        .copied()
        .unwrap_or(*session.position())
}

/// The move that led to the shown position, if any.
pub fn shown_last_move(session: &Session, browse: Option<&Browse>) -> Option<Move> {
    if let Some(node) = browse
        .and_then(|r| r.node)
        .and_then(|id| session.tree().node(id))
    {
        return node.mv;
    }
    let ply = shown_ply(session, browse);
    ply.checked_sub(1)
        .and_then(|i| session.game.moves().get(i).copied())
}

fn reset_browse(mut browse: ResMut<Browse>) {
    if browse.ply.is_some() || browse.node.is_some() {
        browse.exit();
    }
}

/// A game about to be put on the board may ask to be shown at a ply.
fn browse_pending(pending: Option<Res<PendingGame>>, mut browse: ResMut<Browse>) {
    if let Some(pending) = pending {
        browse.ply = pending.browse.filter(|&p| p < pending.game.ply());
        browse.node = None;
    }
}

fn handle_browse(
    mut commands_in: MessageReader<BrowseCommand>,
    mut game_commands: MessageReader<GameCommand>,
    mut browse: ResMut<Browse>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    time: Res<Time>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let live = session.game.ply();
    let before = *browse;
    let mut shown = *browse;
    for command in commands_in.read() {
        let current = shown.ply.unwrap_or(live);
        match *command {
            BrowseCommand::Prev => match shown.node {
                Some(id) => {
                    let parent = session.tree().node(id).and_then(|n| n.parent);
                    shown.show_node(&session, parent.unwrap_or(MoveTree::ROOT));
                }
                None => shown.ply = Some(current.saturating_sub(1)),
            },
            BrowseCommand::Next => match shown.node {
                Some(id) => {
                    let next = session.tree().node(id).and_then(|n| n.children.first());
                    if let Some(&next) = next {
                        shown.show_node(&session, next);
                    }
                }
                None => shown.ply = Some(current + 1),
            },
            BrowseCommand::First => {
                shown.ply = Some(0);
                shown.node = None;
            }
            BrowseCommand::Last | BrowseCommand::Exit => shown.exit(),
            BrowseCommand::Goto(n) => {
                shown.ply = Some(n);
                shown.node = None;
            }
            BrowseCommand::GotoNode(id) => shown.show_node(&session, id),
            BrowseCommand::PlayFromHere => {
                let now = time.elapsed_secs_f64();
                if let Some(id) = shown.node {
                    // A variation played on becomes the game.
                    session.promote(id, now);
                    let depth = session.tree().depth(id);
                    session.go_to_ply(depth, now);
                } else if let Some(p) = shown.ply.filter(|&p| p < live) {
                    session.go_to_ply(p, now);
                }
                shown.exit();
            }
        }
        if shown.node.is_none() {
            shown.ply = shown.ply.filter(|&p| p < live);
        }
    }
    // Undo, redo and a new game act on the live game: show it.
    if game_commands.read().any(|c| {
        matches!(
            c,
            GameCommand::Undo | GameCommand::Redo | GameCommand::NewGame
        )
    }) {
        shown.exit();
    }
    if shown != before || session.game.ply() != live {
        *browse = shown;
        if shown.active() {
            selection.clear();
        }
        changed.write(BoardChanged::Reset);
    }
}

/// A shown ply past the live one (after undo) becomes the live game; a
/// shown variation that is gone or became the main line is shown as what
/// it is now.
fn keep_browse_in_range(
    mut browse: ResMut<Browse>,
    session: Res<Session>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let before = *browse;
    match browse.node {
        Some(id) => {
            if session.tree().node(id).is_none() {
                browse.exit();
            } else if session.tree().is_main_line(id) {
                browse.show_node(&session, id);
            }
        }
        None => {
            if browse.ply.is_some_and(|p| p >= session.game.ply()) {
                browse.exit();
            }
        }
    }
    if *browse != before {
        changed.write(BoardChanged::Reset);
    }
}
