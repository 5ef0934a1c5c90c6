//! The exercise's moves judged: each move the student plays on the board
//! goes to the course's [`Attempt`]; a refused click (a piece selected,
//! then a point it cannot go to) goes there too, to be told why. A move
//! that breaks a rule says which rule; a legal move that misses the task
//! is taken back and says what is wrong with it; a drill's move leaves the
//! student to move again; a solved exercise saves its stars.
//!
//! The engine's replies ([`crate::course::Defender`], fixed depth) and the
//! hints are searched on the [`AsyncComputeTaskPool`]; a system polls them
//! with `check_ready` and the frame never waits. An answer is used only if
//! the attempt has not moved on since it was asked (a retry, another step
//! or lesson drop it). The reply is played on the board through the
//! session's own door, so it glides as any move does.

use super::{ActiveLesson, CourseProgressStore, Note};
use crate::course::{Attempt, Course, Defender, Feedback, State, progress};
use crate::game::GameSet;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::hint::Hint;
use crate::game::play::session::{
    BoardChanged, IllegalInput, Outputs, Selection, Session, SoundCue, play_move,
};
use crate::game::settings::StorePaths;
use crate::rules::{Game, Move};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CourseJobs>()
        .init_resource::<Inbox>()
        .add_systems(
            Update,
            // After the session's moves of the frame (`GameSet::Rules`) and
            // before its turn follows them (`GameSet::Resolve`): a drill's
            // move leaves the student to move with no flicker of the turn.
            (collect, judge, poll_reply, poll_hint)
                .chain()
                .in_set(GameSet::Ai)
                .run_if(
                    in_state(Play::Course)
                        .and_then(resource_exists::<Session>)
                        .and_then(resource_exists::<ActiveLesson>),
                ),
        );
}

/// A search for the attempt, and the attempt it was asked for.
struct Job<T> {
    task: Task<T>,
    /// The exercise's id.
    exercise: String,
    /// Moves of the attempt when asked.
    moves: usize,
}

impl<T> Job<T> {
    fn start(attempt: &Attempt, work: impl Future<Output = T> + Send + 'static) -> Job<T>
    where
        T: Send + 'static,
    {
        Job {
            task: AsyncComputeTaskPool::get().spawn(work),
            exercise: attempt.exercise().id.clone(),
            moves: attempt.moves().len(),
        }
    }

    /// Still about `attempt` as it stands?
    fn is_for(&self, attempt: &Attempt) -> bool {
        self.exercise == attempt.exercise().id && self.moves == attempt.moves().len()
    }
}

/// The searches running for the lesson: the engine's reply, a hint.
#[derive(Resource, Default)]
pub struct CourseJobs {
    reply: Option<Job<Option<Move>>>,
    hint: Option<Job<(Attempt, Option<Move>)>>,
}

impl CourseJobs {
    /// Drops both searches (their answers would be stale).
    pub fn clear(&mut self) {
        self.reply = None;
        self.hint = None;
    }

    /// Is the engine finding its reply?
    pub fn defending(&self) -> bool {
        self.reply.is_some()
    }

    /// Is a hint being found?
    pub fn hinting(&self) -> bool {
        self.hint.is_some()
    }
}

/// The student's moves and refused clicks of this frame.
#[derive(Resource, Default)]
struct Inbox(Vec<Move>, Vec<Move>);

/// Starts finding the next step for the student (counted as a hint once
/// found, as [`Attempt::hint`] counts it).
pub(super) fn ask_hint(active: &mut ActiveLesson, jobs: &mut CourseJobs) {
    let Some(attempt) = active.attempt.as_ref() else {
        return;
    };
    if attempt.state() != State::StudentToMove || jobs.hint.is_some() {
        if attempt.state() != State::StudentToMove {
            active.note = Some(Note::NoHint);
        }
        return;
    }
    let mut copy = attempt.clone();
    jobs.hint = Some(Job::start(attempt, async move {
        let m = copy.hint(&mut Defender::default());
        (copy, m)
    }));
}

fn collect(
    mut changed: MessageReader<BoardChanged>,
    mut refused: MessageReader<IllegalInput>,
    active: Res<ActiveLesson>,
    mut inbox: ResMut<Inbox>,
) {
    let student = active.attempt.as_ref().map(Attempt::student);
    for c in changed.read() {
        if let BoardChanged::Moved { mv, piece, .. } = *c
            && Some(piece.color) == student
        {
            inbox.0.push(mv);
        }
    }
    for r in refused.read() {
        if let Some(from) = r.selected {
            inbox.1.push(Move::new(from, r.square));
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn judge(
    mut inbox: ResMut<Inbox>,
    mut active: ResMut<ActiveLesson>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    mut jobs: ResMut<CourseJobs>,
    mut store: ResMut<CourseProgressStore>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
    time: Res<Time>,
    mut out: Outputs,
) {
    let (played, refused) = (std::mem::take(&mut inbox.0), std::mem::take(&mut inbox.1));
    let now = time.elapsed_secs_f64();
    for m in refused {
        let Some(attempt) = active.attempt.as_mut() else {
            break;
        };
        if let Feedback::Illegal(why) = attempt.try_move(m) {
            active.note = Some(Note::Wrong(why));
        }
    }
    for m in played {
        let Some(attempt) = active.attempt.as_mut() else {
            break;
        };
        if attempt.state() != State::StudentToMove {
            continue;
        }
        let feedback = attempt.try_move(m);
        let position = *attempt.position();
        match feedback {
            Feedback::Illegal(_) | Feedback::Mistake(_) => {
                // Taken back: the board as the attempt stands, put back by
                // `board` (a drill's bare board has no record to undo).
                active.on_board = false;
                selection.clear();
                out.sound.write(SoundCue::Illegal);
                active.note = Some(match feedback {
                    Feedback::Illegal(w) => Note::Wrong(w),
                    Feedback::Mistake(w) => Note::Mistake(w),
                    _ => continue,
                });
            }
            Feedback::Moved => {
                // Only the student moves in a drill: the student again.
                session.replace_game(Game::new(position), now);
                session.paused = true;
                active.note = None;
            }
            Feedback::DefenceToMove => {
                let history = attempt.history().to_vec();
                jobs.reply = Some(Job::start(attempt, async move {
                    Defender::default().best(&position, &history)
                }));
                active.note = None;
            }
            Feedback::Solved { stars } => {
                solved(
                    &mut active,
                    stars,
                    &mut store,
                    paths.as_deref(),
                    &mut notice,
                );
            }
            Feedback::Failed(f) => active.note = Some(Note::Failed(f)),
            Feedback::Defended { .. } | Feedback::NotNow => {}
        }
    }
}

/// Records a solved exercise (its lesson done once every one is) and says so.
fn solved(
    active: &mut ActiveLesson,
    stars: u8,
    store: &mut CourseProgressStore,
    paths: Option<&StorePaths>,
    notice: &mut Notice,
) {
    active.note = Some(Note::Solved(stars));
    let (Ok(course), Some(attempt)) = (Course::builtin(), active.attempt.as_ref()) else {
        return;
    };
    let id = attempt.exercise().id.clone();
    progress::record_solved(course, store.get(paths, notice), &id, stars);
    store.save(paths, notice);
}

#[allow(clippy::too_many_arguments)]
fn poll_reply(
    mut jobs: ResMut<CourseJobs>,
    mut active: ResMut<ActiveLesson>,
    mut session: ResMut<Session>,
    mut store: ResMut<CourseProgressStore>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
    time: Res<Time>,
    mut out: Outputs,
) {
    let Some(job) = jobs.reply.as_mut() else {
        return;
    };
    let Some(answer) = check_ready(&mut job.task) else {
        return;
    };
    let job = jobs.reply.take();
    let Some(attempt) = active.attempt.as_mut() else {
        return;
    };
    let Some(reply) = answer.filter(|_| job.is_some_and(|j| j.is_for(attempt))) else {
        return;
    };
    if session.position() != attempt.position() {
        return;
    }
    let feedback = attempt.defend(reply);
    if matches!(feedback, Feedback::Illegal(_) | Feedback::NotNow) {
        warn!("the course's defender chose an illegal reply {reply}");
        return;
    }
    play_move(&mut session, reply, time.elapsed_secs_f64(), &mut out);
    session.paused = true;
    match feedback {
        Feedback::Solved { stars } => {
            solved(
                &mut active,
                stars,
                &mut store,
                paths.as_deref(),
                &mut notice,
            );
        }
        Feedback::Failed(f) => active.note = Some(Note::Failed(f)),
        _ => {}
    }
}

fn poll_hint(
    mut jobs: ResMut<CourseJobs>,
    mut active: ResMut<ActiveLesson>,
    session: Res<Session>,
    mut hint: ResMut<Hint>,
) {
    let Some(job) = jobs.hint.as_mut() else {
        return;
    };
    let Some((counted, step)) = check_ready(&mut job.task) else {
        return;
    };
    let job = jobs.hint.take();
    let Some(attempt) = active.attempt.as_ref() else {
        return;
    };
    if !job.is_some_and(|j| j.is_for(attempt)) {
        return;
    }
    active.attempt = Some(counted);
    active.note = Some(step.map_or(Note::NoHint, Note::Hint));
    // The board's hint arrow, gone with the next move.
    hint.shown = step.map(|m| (session.generation, m));
}
