//! The turn flow: clicks and drops picked into moves, moves played and
//! reported, the commands (undo, redo, new game, resign…), the AI's
//! answers.

use super::{
    AiMoveChosen, BoardChanged, BoardInput, CheckAlert, ExerciseMove, IllegalInput, Outputs,
    Selection, Session, SoundCue,
};
use crate::exercise::Verdict;
use crate::game::play::Turn;
use crate::game::play::exercise::active::{ActiveExercise, ExerciseEvent};
use crate::rules::{Move, Outcome, Piece, Position, Square};
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
pub(super) fn may_move(session: &Session, exercise: Option<&ActiveExercise>) -> bool {
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

/// The exercise's own board played out on the session: each move played
/// as the AI's are (the pieces glide), if it is the exercise board's next
/// move where the session stands; nothing is asked of the exercise, whose
/// board it already is.
pub(super) fn apply_exercise_moves(
    mut moves: MessageReader<ExerciseMove>,
    mut session: ResMut<Session>,
    exercise: Option<Res<ActiveExercise>>,
    time: Res<Time>,
    mut out: Outputs,
) {
    for m in moves.read() {
        let next = exercise
            .as_deref()
            .and_then(|e| e.board().moves().get(session.game.ply()).copied());
        if m.generation != session.generation || next != Some(m.mv) {
            debug!("dropping a stale move of the exercise's board {}", m.mv);
            continue;
        }
        if !play_move(&mut session, m.mv, time.elapsed_secs_f64(), &mut out) {
            warn!("the exercise's board has an illegal move {}", m.mv);
        }
    }
}
