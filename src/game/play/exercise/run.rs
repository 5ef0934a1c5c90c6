//! The exercise's board put on the session, its questions (the
//! defender's reply, a move's judgement) and its hint answered off the
//! main thread by the one search helper, and the clicks the board refused
//! told to it (so a lesson can say which rule the move breaks).
//!
//! A board rebuilt to go on from the one shown (a solution shown) is
//! played out ([`PlayOut`]): back to where the two agree, then its moves
//! one at a time, each sent to the session ([`ExerciseMove`]) as the
//! defender's replies are, so the pieces glide and the moves sound.

use super::active::{ActiveExercise, ExerciseEvent};
use crate::exercise::{Answer, Question, Standing};
use crate::game::GameSet;
use crate::game::play::Play;
use crate::game::play::hint::{Hint, HintRequest};
use crate::game::play::search::OffThreadSearch;
use crate::game::play::session::{
    AiMoveChosen, BoardChanged, ExerciseMove, IllegalInput, Selection, Session,
};
use crate::rules::{Color, Game, Move};
use bevy::prelude::*;
use std::collections::VecDeque;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ExerciseJobs>()
        .init_resource::<PlayOut>()
        .add_systems(
            Update,
            (
                // After the session's commands and moves of the frame.
                (
                    show,
                    play_out,
                    refused_clicks,
                    ask,
                    poll,
                    // The exercise's hint is looked for only when one is asked.
                    start_hint.run_if(on_message::<HintRequest>),
                    poll_hint,
                )
                    .chain()
                    .in_set(GameSet::Ai)
                    .run_if(resource_exists::<ActiveExercise>.and_then(resource_exists::<Session>)),
                drop_jobs.run_if(resource_removed::<ActiveExercise>),
            ),
        );
    // Leaving a mode's state takes its exercise off the board (the mode's
    // own state follows it: its systems run on the removal).
    app.add_systems(OnExit(Play::Course), end_exercise)
        .add_systems(OnExit(Play::Puzzle), end_exercise);
}

/// A question being answered, for the exercise's version it was asked at.
struct Job {
    version: u64,
    search: OffThreadSearch<Answer>,
}

/// The searches running for the exercise: its question, its hint.
#[derive(Resource, Default)]
pub struct ExerciseJobs {
    question: Option<Job>,
    hint: Option<Job>,
    /// The version whose question was asked (asked once).
    asked: Option<u64>,
}

impl ExerciseJobs {
    /// Is a question being answered (the defender thinking, a move judged)?
    pub fn busy(&self) -> bool {
        self.question.is_some()
    }

    /// Is a hint being found?
    pub fn hinting(&self) -> bool {
        self.hint.is_some()
    }
}

fn end_exercise(mut commands: Commands) {
    commands.remove_resource::<ActiveExercise>();
}

fn drop_jobs(mut jobs: ResMut<ExerciseJobs>, mut out: ResMut<PlayOut>) {
    *jobs = ExerciseJobs::default();
    *out = PlayOut::default();
}

/// Seconds from one move of a board played out to the next: the glide
/// and a moment to see where the piece went.
pub const PLAY_OUT_STEP: f64 = 0.8;

/// The moves of a board being played out (a solution shown), and when the
/// next is played.
#[derive(Resource, Default)]
pub struct PlayOut {
    moves: VecDeque<Move>,
    next_at: f64,
}

impl PlayOut {
    /// Moves still to be played (tests).
    #[cfg(test)]
    pub fn left(&self) -> usize {
        self.moves.len()
    }
}

/// How many moves `shown` and `board` have in common from the start, when
/// `board` goes on from there (same start, more moves after them).
fn agreed_plies(shown: &Game, board: &Game) -> Option<usize> {
    if shown.start() != board.start() {
        return None;
    }
    let (a, b) = (shown.moves(), board.moves());
    let kept = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    (kept < b.len()).then_some(kept)
}

/// `game`'s first `plies` moves, a game of their own.
fn first_plies(game: &Game, plies: usize) -> Game {
    let mut first = Game::new(*game.start());
    for &m in game.moves().iter().take(plies) {
        if first.play(m).is_err() {
            break;
        }
    }
    first
}

/// The next move of a board played out, once its time has come: sent to
/// the session to play, as the defender's replies are.
fn play_out(
    mut out: ResMut<PlayOut>,
    session: Res<Session>,
    time: Res<Time>,
    mut moves: MessageWriter<ExerciseMove>,
) {
    let now = time.elapsed_secs_f64();
    if now < out.next_at {
        return;
    }
    if let Some(mv) = out.moves.pop_front() {
        moves.write(ExerciseMove {
            generation: session.generation,
            mv,
        });
        out.next_at = now + PLAY_OUT_STEP;
    }
}

fn start(question: Question, version: u64, session: &Session, now: f64) -> Job {
    Job {
        version,
        search: OffThreadSearch::start(session.search_from(), now, move |job| {
            Some(question.run(&job.stop))
        }),
    }
}

/// Puts the exercise as it stands on the board (a new one, a retry), or
/// starts playing it out from the board shown (a solution shown).
fn show(
    mut active: ResMut<ActiveExercise>,
    mut session: ResMut<Session>,
    (mut selection, mut hint): (ResMut<Selection>, ResMut<Hint>),
    time: Res<Time>,
    mut changed: MessageWriter<BoardChanged>,
    mut out: ResMut<PlayOut>,
) {
    if active.on_board {
        return;
    }
    active.on_board = true;
    let play_out = std::mem::take(&mut active.play_out);
    let now = time.elapsed_secs_f64();
    selection.clear();
    hint.shown = None;
    out.moves.clear();
    let game = active.board();
    if play_out && let Some(kept) = agreed_plies(&session.game, &game) {
        // Back to where the two agree (a wrong move taken back), then on:
        // the first move a step after the jump, half a step at once.
        let back = session.game.moves().len() != kept;
        if back {
            session.replace_game(first_plies(&game, kept), now);
            changed.write(BoardChanged::Reset);
        }
        out.moves = game.moves()[kept..].iter().copied().collect();
        out.next_at = now
            + if back {
                PLAY_OUT_STEP
            } else {
                PLAY_OUT_STEP / 2.0
            };
        return;
    }
    // The student sits at the bottom (a page to look at is shown from Red's side).
    let e = active.exercise();
    session.flipped = e.standing() != Standing::Viewing && e.student() == Color::Black;
    session.setup.start = *game.start();
    session.replace_game(game, now);
    changed.write(BoardChanged::Reset);
}

/// A point the selected piece cannot go to: the exercise is told, to say why.
fn refused_clicks(
    mut refused: MessageReader<IllegalInput>,
    mut active: ResMut<ActiveExercise>,
    mut events: MessageWriter<ExerciseEvent>,
) {
    for r in refused.read() {
        if let Some(from) = r.selected {
            let mv = Move::new(from, r.square);
            let verdict = active.judge(mv);
            events.write(ExerciseEvent::Judged(mv, verdict));
        }
    }
}

/// Starts answering the exercise's question, once for each version.
fn ask(
    active: Res<ActiveExercise>,
    mut jobs: ResMut<ExerciseJobs>,
    session: Res<Session>,
    time: Res<Time>,
) {
    let version = active.version();
    if jobs.question.as_ref().is_some_and(|j| j.version != version) {
        jobs.question = None;
    }
    if jobs.asked == Some(version) || jobs.question.is_some() || !active.on_board {
        return;
    }
    jobs.asked = Some(version);
    if let Some(q) = active.exercise().question() {
        jobs.question = Some(start(q, version, &session, time.elapsed_secs_f64()));
    }
}

/// An answer for the exercise as it still stands: a reply goes to the
/// board as the defender's move (the session plays it and tells the
/// exercise); a judgement goes to the exercise.
fn poll(
    mut active: ResMut<ActiveExercise>,
    mut jobs: ResMut<ExerciseJobs>,
    session: Res<Session>,
    mut replies: MessageWriter<AiMoveChosen>,
    mut events: MessageWriter<ExerciseEvent>,
) {
    let Some(job) = jobs.question.as_mut() else {
        return;
    };
    let Some(answer) = job.search.poll() else {
        return;
    };
    let version = job.version;
    jobs.question = None;
    if version != active.version() {
        return;
    }
    match answer {
        Some(Answer::Reply(Some(mv))) => {
            replies.write(AiMoveChosen {
                mv,
                generation: session.generation,
            });
        }
        Some(a @ Answer::Accepted(_)) => {
            let verdict = active.answer(a);
            events.write(ExerciseEvent::Answered(verdict));
        }
        _ => warn!("the exercise's question found no answer"),
    }
}

fn start_hint(
    mut requests: MessageReader<HintRequest>,
    mut active: ResMut<ActiveExercise>,
    mut jobs: ResMut<ExerciseJobs>,
    session: Res<Session>,
    time: Res<Time>,
    (mut hint, mut events): (ResMut<Hint>, MessageWriter<ExerciseEvent>),
) {
    if requests.read().count() == 0 || jobs.hint.is_some() {
        return;
    }
    let Some(q) = active.exercise().hint() else {
        return;
    };
    match q.ready() {
        Some(Answer::Hint(found)) => {
            show_hint(&mut active, found, &session, &mut hint, &mut events)
        }
        _ => {
            jobs.hint = Some(start(
                q,
                active.version(),
                &session,
                time.elapsed_secs_f64(),
            ))
        }
    }
}

/// The hint found: told to the exercise (it may cost a star) and drawn as
/// the board's arrow, gone with the next move.
fn show_hint(
    active: &mut ActiveExercise,
    found: Option<Move>,
    session: &Session,
    hint: &mut Hint,
    events: &mut MessageWriter<ExerciseEvent>,
) {
    active.note(|e| e.hinted(found));
    hint.shown = found.map(|m| (session.generation, m));
    events.write(ExerciseEvent::Hinted(found));
}

fn poll_hint(
    mut active: ResMut<ActiveExercise>,
    mut jobs: ResMut<ExerciseJobs>,
    session: Res<Session>,
    mut hint: ResMut<Hint>,
    mut events: MessageWriter<ExerciseEvent>,
) {
    let Some(job) = jobs.hint.as_mut() else {
        return;
    };
    let Some(answer) = job.search.poll() else {
        return;
    };
    let version = job.version;
    jobs.hint = None;
    if version != active.version() {
        return;
    }
    let found = match answer {
        Some(Answer::Hint(m)) => m,
        _ => None,
    };
    show_hint(&mut active, found, &session, &mut hint, &mut events);
}
