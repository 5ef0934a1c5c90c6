//! The move tree in play: variations, comments and marks.
//!
//! The game's record is a move tree ([`crate::rules::Game::tree`]), the
//! moves played its main line. While an earlier position is shown ([`Browse`]), a move on the board goes into the tree
//! instead of the game: the recorded move is followed, any other starts (or
//! follows) a variation, and the board shows the position after it. The
//! live game, its AI and its result are untouched; on a variation the AI
//! does not move (the game waits, as in analysis), and going back to the
//! main line's end resumes it.
//!
//! The move list's tools send [`TreeCommand`]s about the shown move:
//! promote its variation to the main line (which becomes the game), delete
//! its variation, set its comment and its mark; an analysis line clicked
//! while browsing is added as a variation.

use crate::game::play::browse::{Browse, shown_node, shown_position};
use crate::game::play::session::{
    BoardChanged, BoardInput, CheckAlert, Outputs, Selection, Session, SoundCue, pick,
};
use crate::game::{GameSet, Screen};
use crate::rules::Move;
use crate::rules::records::{Mark, MoveTree, NodeId};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TreeCommand>().add_systems(
        Update,
        (play_while_reviewing, handle_tree_commands)
            .chain()
            .in_set(GameSet::Rules)
            // Before the session reads board input: it must not see a move
            // made on a browsed position.
            .before(crate::game::play::session::apply_pending)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// What to do with the shown move (the move list's tools, the analysis).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum TreeCommand {
    /// Make the shown move's variation the main line — the game.
    Promote,
    /// Delete the variation holding the shown move, from where it leaves
    /// its parent line.
    Delete,
    /// Set the shown move's mark, or clear it when it is already this one.
    ToggleMark(Mark),
    /// Replace the shown position's comment (blank removes it).
    Comment(String),
    /// Add these moves from the shown position as a line (an analysis
    /// line) and show the position after the first.
    AddLine(Vec<Move>),
}

/// The first node of the variation holding `id`: the nearest node, going
/// up from `id`, that is not its parent's main continuation. `None` on the
/// main line.
pub fn variation_root(tree: &MoveTree, id: NodeId) -> Option<NodeId> {
    let mut cur = id;
    loop {
        let parent = tree.node(cur)?.parent?;
        if tree.node(parent)?.children.first() != Some(&cur) {
            return Some(cur);
        }
        cur = parent;
    }
}

/// Board input while an earlier position is shown: the same picking as in
/// the game, on the shown position, and a move goes into the tree.
fn play_while_reviewing(
    mut inputs: ResMut<Messages<BoardInput>>,
    mut browse: ResMut<Browse>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut out: Outputs,
) {
    if !browse.active() {
        return;
    }
    let inputs: Vec<BoardInput> = inputs.drain().collect();
    for input in inputs {
        let pos = shown_position(&session, Some(&browse));
        if let Some(mv) = pick(input, &pos, &mut selection, &mut out) {
            play_into_tree(&mut session, &mut browse, mv, &mut out);
        }
    }
}

/// Plays `mv` from the shown node into the tree and shows the result.
fn play_into_tree(session: &mut Session, browse: &mut Browse, mv: Move, out: &mut Outputs) {
    let from = shown_node(session, Some(browse));
    let Some(&pos) = session.tree().position(from) else {
        return;
    };
    let (Some(piece), captured) = (pos.piece_at(mv.from()), pos.piece_at(mv.to())) else {
        return;
    };
    // A first move after the end of the main line extends the record's tail.
    let Ok(id) = session.game.add_variation(from, mv) else {
        return;
    };
    browse.show_node(session, id);
    out.changed.write(BoardChanged::Moved {
        mv,
        piece,
        captured,
    });
    let after = session.tree().position(id).copied().unwrap_or(pos);
    if after.in_check() {
        out.check.write(CheckAlert {
            side: after.side_to_move(),
        });
        out.sound.write(SoundCue::Check);
    } else if captured.is_some() {
        out.sound.write(SoundCue::Capture);
    } else {
        out.sound.write(SoundCue::Move);
    }
}

fn handle_tree_commands(
    mut commands_in: MessageReader<TreeCommand>,
    mut browse: ResMut<Browse>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    time: Res<Time>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let now = time.elapsed_secs_f64();
    for command in commands_in.read() {
        let shown = shown_node(&session, Some(&browse));
        match command {
            TreeCommand::Promote => {
                if !session.promote(shown, now) {
                    continue;
                }
                browse.show_node(&session, shown);
                selection.clear();
                changed.write(BoardChanged::Reset);
            }
            TreeCommand::Delete => {
                let Some(root) = variation_root(session.tree(), shown) else {
                    continue;
                };
                let parent = session
                    .tree()
                    .node(root)
                    .and_then(|n| n.parent)
                    .unwrap_or(MoveTree::ROOT);
                let Some(map) = session.game.remove(root) else {
                    continue;
                };
                let parent = map.get(parent).copied().flatten().unwrap_or(MoveTree::ROOT);
                browse.node = None;
                browse.show_node(&session, parent);
                selection.clear();
                changed.write(BoardChanged::Reset);
            }
            TreeCommand::ToggleMark(mark) => {
                let current = session.tree().node(shown).and_then(|n| n.mark);
                let want = (current != Some(*mark)).then_some(*mark);
                session.game.set_mark(shown, want);
            }
            TreeCommand::Comment(text) => session.game.set_comment(shown, text),
            TreeCommand::AddLine(moves) => {
                let mut node = shown;
                let mut first = None;
                for &mv in moves {
                    match session.game.add_variation(node, mv) {
                        Ok(id) => {
                            first.get_or_insert(id);
                            node = id;
                        }
                        Err(_) => break,
                    }
                }
                if let Some(first) = first {
                    browse.show_node(&session, first);
                    selection.clear();
                    changed.write(BoardChanged::Reset);
                }
            }
        }
    }
}
