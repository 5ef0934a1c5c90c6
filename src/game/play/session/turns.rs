//! The turn flow: clicks and drops picked into moves, moves played and
//! reported, the commands (undo, redo, new game, resign…), the AI's
//! answers.

use super::{
    AiMoveChosen, BoardChanged, BoardInput, CheckAlert, GameCommand, IllegalInput, Outputs,
    Selection, Session, SoundCue,
};
use crate::exercise::Verdict;
use crate::game::play::Turn;
use crate::game::play::exercise::active::{ActiveExercise, ExerciseEvent};
use crate::game::{Mode, Screen};
use crate::rules::{Color, Move, Outcome, Piece, Position, Square};
use bevy::prelude::*;

/// Plays `mv` and reports it (the AI's moves, and a human's through
/// [`human_move`]). Returns false (changing nothing) if illegal.
pub(crate) fn play_move(session: &mut Session, mv: Move, now: f64, out: &mut Outputs) -> bool {
    let pos = *session.position();
    let Some(piece) = pos.piece_at(mv.from()) else {
        return false;
    };
    if session.game.play(mv).is_err() {
        return false;
    }
    let ended = session.ended();
    announce(session, mv, piece, pos.piece_at(mv.to()), ended, now, out);
    true
}

/// The one door for a human's move: an exercise on the board judges it
/// before it is played, and a move it refuses is never played (no move on
/// the board, no move sound). Returns whether the move was played.
pub(crate) fn human_move(
    session: &mut Session,
    exercise: Option<&mut ActiveExercise>,
    mv: Move,
    now: f64,
    out: &mut Outputs,
) -> bool {
    let Some(exercise) = exercise else {
        return play_move(session, mv, now, out);
    };
    let verdict = exercise.judge(mv);
    out.exercise.write(ExerciseEvent::Judged(mv, verdict));
    if let Verdict::Refuse(_) = verdict {
        out.sound.write(SoundCue::Illegal);
        return false;
    }
    if exercise.exercise().ends_by_rules() {
        return play_move(session, mv, now, out);
    }
    // A task the rules do not end (a bare board they call drawn): the
    // board is the exercise's position after the move, a game of its own.
    let pos = *session.position();
    let Some(piece) = pos.piece_at(mv.from()) else {
        return false;
    };
    session.game = crate::rules::Game::new(exercise.exercise().position());
    announce(session, mv, piece, pos.piece_at(mv.to()), None, now, out);
    true
}

/// Tells the views and the sounds of a move played.
fn announce(
    session: &mut Session,
    mv: Move,
    piece: Piece,
    captured: Option<Piece>,
    ended: Option<Outcome>,
    now: f64,
    out: &mut Outputs,
) {
    session.touch(now);
    out.changed.write(BoardChanged::Moved {
        mv,
        piece,
        captured,
    });
    let after = session.position();
    if let Some(outcome) = ended {
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
}

/// May a human move the side to move now (the exercise's lock, if one is
/// on the board)?
fn may_move(session: &Session, exercise: Option<&ActiveExercise>) -> bool {
    match exercise {
        Some(e) => e.exercise().mover() == Some(session.side_to_move()),
        None => session.human_to_move(),
    }
}

pub(super) fn handle_board_input(
    mut inputs: MessageReader<BoardInput>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut exercise: Option<ResMut<ActiveExercise>>,
    time: Res<Time>,
    mut out: Outputs,
) {
    let now = time.elapsed_secs_f64();
    for input in inputs.read() {
        if !may_move(&session, exercise.as_deref()) {
            // The AI's turn (a second click in the frame the human moved),
            // or the exercise takes no move now.
            continue;
        }
        let pos = *session.position();
        if let Some(mv) = pick(*input, &pos, &mut selection, &mut out) {
            human_move(&mut session, exercise.as_deref_mut(), mv, now, &mut out);
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

/// Undo, New game and Menu in an exercise: taken back or started again,
/// or back to where it was chosen; Resign means nothing there. True when
/// the command was the exercise's.
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

pub(super) fn apply_ai_moves(
    mut answers: MessageReader<AiMoveChosen>,
    mut session: ResMut<Session>,
    mut exercise: Option<ResMut<ActiveExercise>>,
    time: Res<Time>,
    mut out: Outputs,
) {
    for answer in answers.read() {
        if answer.generation != session.generation {
            debug!("dropping a stale AI answer {}", answer.mv);
            continue;
        }
        if session.turn_with(exercise.as_deref().map(ActiveExercise::exercise)) != Turn::Ai
            || session.paused
        {
            continue;
        }
        // The other side's move in an exercise: told to it, played unless refused.
        if let Some(exercise) = exercise.as_deref_mut() {
            let verdict = exercise.replied(answer.mv);
            out.exercise.write(ExerciseEvent::Answered(verdict));
            if let Verdict::Refuse(_) = verdict {
                warn!("the exercise refused the defender's move {}", answer.mv);
                continue;
            }
        }
        if !play_move(&mut session, answer.mv, time.elapsed_secs_f64(), &mut out) {
            warn!("the AI chose an illegal move {}", answer.mv);
        }
    }
}
