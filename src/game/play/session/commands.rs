//! The commands of the toolbar and the keys: undo, redo, flip, new game,
//! resign, menu, pause — and in an exercise, the exercise's own meaning
//! of undo, new game and menu (asked here, the one place).

use super::turns::{human_move, may_move};
use super::{BoardChanged, GameCommand, Outputs, Selection, Session, SoundCue};
use crate::game::play::exercise::active::{ActiveExercise, ExerciseEvent};
use crate::game::{Mode, Screen};
use crate::rules::Color;
use bevy::prelude::*;

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
    mut exercise: Option<ResMut<ActiveExercise>>,
) {
    let now = time.elapsed_secs_f64();
    for command in commands_in.read() {
        debug!("command {command:?}");
        if let Some(exercise) = exercise.as_deref_mut()
            && exercise_command(
                *command,
                exercise,
                &mut session,
                &mut next_screen,
                now,
                &mut out,
            )
        {
            selection.clear();
            continue;
        }
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
                if may_move(&session, exercise.as_deref()) && session.position().is_legal(*mv) {
                    selection.clear();
                    human_move(&mut session, exercise.as_deref_mut(), *mv, now, &mut out);
                }
            }
            GameCommand::NewGame => {
                session.restart(now);
                selection.clear();
                out.changed.write(BoardChanged::Reset);
                out.sound.write(SoundCue::Start);
            }
            GameCommand::Resign => {
                if resign(&mut session, now, &mut out) {
                    selection.clear();
                }
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

/// Undo, New game and Menu in an exercise: taken back or started again,
/// or back to where it was chosen; Resign means nothing there. True when
/// the command was the exercise's.
/// The human (or the side to move in hot-seat) gives up; nothing in a
/// game over or between two computers. True when the game ended so.
fn resign(session: &mut Session, now: f64, out: &mut Outputs) -> bool {
    if session.game.outcome().is_some() {
        return false;
    }
    let by = match session.setup.players.mode {
        Mode::Red => Color::Red,
        Mode::Black => Color::Black,
        Mode::Hotseat => session.side_to_move(),
        Mode::AiVsAi => return false,
    };
    session.game.resign(by);
    session.touch(now);
    out.sound.write(if session.setup.human_color().is_some() {
        SoundCue::Lose
    } else {
        SoundCue::Win
    });
    true
}

fn exercise_command(
    command: GameCommand,
    exercise: &mut ActiveExercise,
    session: &mut Session,
    next_screen: &mut NextState<Screen>,
    now: f64,
    out: &mut Outputs,
) -> bool {
    match command {
        GameCommand::Undo | GameCommand::Redo | GameCommand::NewGame => {
            exercise.restart(command == GameCommand::Undo);
            out.exercise.write(ExerciseEvent::Restarted);
            true
        }
        GameCommand::Menu => {
            session.touch(now);
            next_screen.set(exercise.back_to());
            true
        }
        GameCommand::Resign => true,
        _ => false,
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
