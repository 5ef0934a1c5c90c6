//! The turn flow: clicks and drops picked into moves, moves played and
//! reported, the commands (undo, redo, new game, resign…), the AI's
//! answers.

use super::{
    AiMoveChosen, BoardChanged, BoardInput, CheckAlert, GameCommand, IllegalInput, Outputs,
    Selection, Session, SoundCue,
};
use crate::game::play::Turn;
use crate::game::{Mode, Screen};
use crate::rules::{Color, Move, Position, Square};
use bevy::prelude::*;

/// Plays `mv` and reports it (the course plays the engine's replies through
/// it too). Returns false (changing nothing) if illegal.
pub(crate) fn play_move(session: &mut Session, mv: Move, now: f64, out: &mut Outputs) -> bool {
    let pos = *session.position();
    let Some(piece) = pos.piece_at(mv.from()) else {
        return false;
    };
    let captured = pos.piece_at(mv.to());
    if session.drill && session.game.outcome().is_some() {
        // A drill on a board the rules call drawn (bare generals): the
        // record cannot go on, so the board is the position after the move,
        // a game of its own; the course judges the move.
        if !pos.is_legal(mv) {
            return false;
        }
        let mut after = pos;
        after.make(mv);
        session.game = crate::rules::Game::new(after);
    } else if session.game.play(mv).is_err() {
        return false;
    }
    session.touch(now);
    out.changed.write(BoardChanged::Moved {
        mv,
        piece,
        captured,
    });
    let after = session.position();
    if let Some(outcome) = session.ended() {
        let cue = match (outcome.result.winner(), session.setup.human_color()) {
            (None, _) => SoundCue::Draw,
            (Some(w), Some(h)) if w != h => SoundCue::Lose,
            _ => SoundCue::Win,
        };
        if after.in_check() {
            out.check.write(CheckAlert {
                side: after.side_to_move(),
            });
        }
        out.sound.write(cue);
    } else if after.in_check() {
        out.check.write(CheckAlert {
            side: after.side_to_move(),
        });
        out.sound.write(SoundCue::Check);
    } else if captured.is_some() {
        out.sound.write(SoundCue::Capture);
    } else {
        out.sound.write(SoundCue::Move);
    }
    true
}

pub(super) fn handle_board_input(
    mut inputs: MessageReader<BoardInput>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    time: Res<Time>,
    mut out: Outputs,
) {
    let now = time.elapsed_secs_f64();
    for input in inputs.read() {
        if !session.human_to_move() {
            // The AI's turn (a second click in the frame the human moved).
            continue;
        }
        let pos = *session.position();
        if let Some(mv) = pick(*input, &pos, &mut selection, &mut out) {
            play_move(&mut session, mv, now, &mut out);
        }
    }
}

/// Picking on the board in `pos`: a click or drag selects one of the
/// mover's pieces (and says so), a second click on it lets it go, a click
/// or drop on one of its targets gives the move to play (the selection
/// cleared), anything else is reported as illegal. Shared by the game and
/// by moves made into the move tree while browsing.
pub(crate) fn pick(
    input: BoardInput,
    pos: &Position,
    selection: &mut Selection,
    out: &mut Outputs,
) -> Option<Move> {
    let own = |sq: Square| {
        pos.piece_at(sq)
            .is_some_and(|p| p.color == pos.side_to_move())
    };
    let (target, clicked) = match input {
        BoardInput::Click(sq) => (sq, true),
        BoardInput::DragStart(sq) => {
            if own(sq) && selection.from != Some(sq) {
                selection.select(pos, sq);
                out.sound.write(SoundCue::Select);
            }
            return None;
        }
        BoardInput::Drop { from, to } => match to.filter(|&to| to != from) {
            // Dropped where it started (or off the board): stays selected.
            Some(to) if selection.from == Some(from) => (to, false),
            _ => return None,
        },
        BoardInput::Deselect => {
            selection.clear();
            return None;
        }
    };
    if let Some(mv) = selection.moves.iter().copied().find(|m| m.to() == target) {
        selection.clear();
        return Some(mv);
    }
    if clicked && selection.from == Some(target) {
        selection.clear();
    } else if clicked && own(target) {
        selection.select(pos, target);
        out.sound.write(SoundCue::Select);
    } else {
        out.illegal.write(IllegalInput {
            square: target,
            selected: selection.from,
        });
        out.sound.write(SoundCue::Illegal);
    }
    None
}

pub(super) fn drop_board_input(mut inputs: MessageReader<BoardInput>) {
    inputs.clear();
}

pub(super) fn handle_commands(
    mut commands_in: MessageReader<GameCommand>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut next_screen: ResMut<NextState<Screen>>,
    time: Res<Time>,
    mut out: Outputs,
    mut trouble: Option<ResMut<crate::game::play::external::EngineTrouble>>,
    mut notice: Option<ResMut<crate::game::notice::Notice>>,
    mut engines: Option<ResMut<crate::game::play::external::ExternalEngines>>,
) {
    let now = time.elapsed_secs_f64();
    for command in commands_in.read() {
        debug!("command {command:?}");
        match command {
            GameCommand::Undo => {
                if undo(&mut session) {
                    session.touch(now);
                    selection.clear();
                    out.changed.write(BoardChanged::Reset);
                }
            }
            GameCommand::Redo => {
                if redo(&mut session) {
                    session.touch(now);
                    selection.clear();
                    out.changed.write(BoardChanged::Reset);
                }
            }
            GameCommand::Flip => session.flipped = !session.flipped,
            GameCommand::Play(mv) => {
                if session.human_to_move() && session.position().is_legal(*mv) {
                    selection.clear();
                    play_move(&mut session, *mv, now, &mut out);
                }
            }
            GameCommand::NewGame => {
                session.restart(now);
                selection.clear();
                out.changed.write(BoardChanged::Reset);
                out.sound.write(SoundCue::Start);
            }
            GameCommand::Resign => {
                if session.game.outcome().is_some() {
                    continue;
                }
                let by = match session.setup.players.mode {
                    Mode::Red => Color::Red,
                    Mode::Black => Color::Black,
                    Mode::Hotseat => session.side_to_move(),
                    Mode::AiVsAi => continue,
                };
                session.game.resign(by);
                session.touch(now);
                selection.clear();
                out.sound.write(if session.setup.human_color().is_some() {
                    SoundCue::Lose
                } else {
                    SoundCue::Win
                });
            }
            GameCommand::Menu => {
                session.touch(now);
                next_screen.set(Screen::Menu);
            }
            GameCommand::TogglePause => {
                // After the player's engine failed: the built-in engine
                // takes its side over at the level chosen for that side.
                if let Some((side, name, _)) = trouble.as_mut().and_then(|t| t.failed.take()) {
                    builtin_takes_over(&mut session, side, &name, now, &mut engines, &mut notice);
                } else if session.setup.players.mode == Mode::AiVsAi {
                    session.paused = !session.paused;
                    // A search in flight is abandoned; resuming starts afresh.
                    session.touch(now);
                }
            }
        }
    }
}

/// After the player's engine failed on `side`: the built-in engine takes
/// it over at the level chosen for that side, and the game goes on.
fn builtin_takes_over(
    session: &mut Session,
    side: Color,
    name: &str,
    now: f64,
    engines: &mut Option<ResMut<crate::game::play::external::ExternalEngines>>,
    notice: &mut Option<ResMut<crate::game::notice::Notice>>,
) {
    session.setup.players.computer_mut(side).engine = None;
    if let Some(engines) = engines.as_mut() {
        engines.end(crate::game::play::external::Use::Opponent(side));
    }
    session.paused = false;
    session.touch(now);
    if let Some(notice) = notice.as_mut() {
        let level = match session.setup.player(side) {
            crate::game::play::session::Player::Ai { level } => level,
            _ => 0,
        };
        notice.post(
            crate::game::i18n::Phrase::EngineTakenOver,
            format!("{name} → {level}"),
            false,
        );
    }
}

/// Undo one ply in hot-seat and AI vs AI (which also pauses), and back to
/// the human's previous turn against the AI: two plies normally, one while
/// the AI is still thinking about its reply. Returns whether anything changed.
fn undo(session: &mut Session) -> bool {
    let Some(human) = session.setup.human_color() else {
        if session.setup.players.mode == Mode::AiVsAi {
            session.paused = true;
        }
        return session.game.undo();
    };
    let start = session.game.ply();
    while session.game.undo() {
        if session.side_to_move() == human {
            session.takebacks.count += 1;
            // Back before the player's first move (ply 0 as Red, 1 as Black).
            if session.game.ply() <= 1 {
                session.takebacks.to_start = true;
            }
            return true;
        }
    }
    // No human move to take back (the AI's opening move only): restore.
    session.game.goto(start);
    false
}

/// Redo one ply, and against the AI also its reply, so the human is to move.
fn redo(session: &mut Session) -> bool {
    if !session.game.redo() {
        return false;
    }
    if let Some(human) = session.setup.human_color() {
        while session.side_to_move() != human && session.game.outcome().is_none() {
            if !session.game.redo() {
                break;
            }
        }
    }
    true
}

pub(super) fn apply_ai_moves(
    mut answers: MessageReader<AiMoveChosen>,
    mut session: ResMut<Session>,
    time: Res<Time>,
    mut out: Outputs,
) {
    for answer in answers.read() {
        if answer.generation != session.generation {
            debug!("dropping a stale AI answer {}", answer.mv);
            continue;
        }
        if session.turn() != Turn::Ai || session.paused {
            continue;
        }
        if !play_move(&mut session, answer.mv, time.elapsed_secs_f64(), &mut out) {
            warn!("the AI chose an illegal move {}", answer.mv);
        }
    }
}
