//! The course "Learn to play" on the board, the logic: which lesson is
//! open and which of its steps — a page to read, an exercise to do — the
//! board shows, the student's moves judged by the course's
//! [`Attempt`], the engine's replies and the hints found off the main
//! thread, and the progress saved.
//!
//! A lesson is an ordinary session in [`Play::Course`]; each step is an
//! exercise on the board through the one door for exercises
//! ([`crate::game::play::exercise`]): a page is a board to look at
//! ([`crate::exercise::viewing::Viewing`], nobody moves), an exercise is
//! the course's [`Attempt`], which judges each move before it is played
//! and whose defender and hint are searched by the one search helper.
//!
//! - [`board`] — the step's exercise, and who sits where.
//! - [`judge`] — what the attempt said, as the card's note; the stars saved.
//!
//! It writes nothing to the views but its state ([`ActiveLesson`]), which
//! the lesson card and the board's marks read.

pub mod board;
pub mod judge;

use crate::course::{Course, Lesson, Mistake, WrongMove, progress};
use crate::exercise::Failure;
use crate::game::notice::Notice;
use crate::game::play::exercise::{ActiveExercise, ExerciseOpener};
use crate::game::play::hint::HintRequest;
use crate::game::play::session::GameCommand;
use crate::game::play::stored::Stored;
use crate::game::settings::StorePaths;
use crate::game::{GameSet, LaunchOptions, Screen};
use crate::rules::{Move, Square};
use crate::store::course::CourseProgress;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((board::plugin, judge::plugin));
    app.add_message::<OpenLesson>()
        .add_message::<LessonCommand>();
    // The lesson goes with its exercise (leaving the course).
    let end = end_lesson.run_if(resource_removed::<ActiveExercise>);
    let input = (open_lesson, lesson_commands, read_last_page).chain();
    app.add_systems(Update, (input.in_set(GameSet::Input), end));
}

/// `--lessons [--lesson N]`: the list opens, and the lesson with it.
pub(crate) fn configure_launch(app: &mut App, opts: &LaunchOptions) {
    if opts.lessons {
        app.insert_state(Screen::Course);
    }
    if let Some(id) = &opts.lesson {
        app.world_mut().write_message(OpenLesson {
            id: id.clone(),
            despite_lock: true,
        });
    }
}

/// Open a lesson (a click in the list, "Next lesson", `--lesson`).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenLesson {
    /// The lesson's id.
    pub id: String,
    /// Open it even if not yet unlocked (`--lesson`, for authors).
    pub despite_lock: bool,
}

impl OpenLesson {
    /// The lesson `id`, if it is unlocked.
    pub fn unlocked(id: &str) -> OpenLesson {
        OpenLesson {
            id: id.to_string(),
            despite_lock: false,
        }
    }
}

/// The lesson card's buttons and keys.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonCommand {
    /// The next page or exercise.
    Next,
    /// The page or exercise before.
    Back,
    /// Show the next step of the exercise (costs a star).
    Hint,
    /// Start the exercise again.
    Retry,
    /// Open the lesson after this one.
    NextLesson,
}

/// Where in its lesson the student is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Reading page `n` (0 = first).
    Page(usize),
    /// Doing exercise `n` (0 = first).
    Exercise(usize),
}

/// What the course says about the last thing done, for the lesson card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// A move that breaks a rule, refused.
    Wrong(WrongMove),
    /// A legal move that does not do the task, taken back.
    Mistake(Mistake),
    /// The hint: this move (also drawn as an arrow).
    Hint(Move),
    /// No hint now (the other side is to move, or nothing is left).
    NoHint,
    /// Solved with this many stars.
    Solved(u8),
    /// Over without success.
    Failed(Failure),
}

/// The lesson open on the board (while [`Play::Course`]).
#[derive(Resource, Clone, Debug)]
pub struct ActiveLesson {
    /// The lesson.
    pub lesson: &'static Lesson,
    /// Its number as `xiangqi lessons` gives it ("2.4").
    pub number: String,
    /// The step shown (its exercise is the [`ActiveExercise`]).
    pub step: Step,
    /// What the course says now.
    pub note: Option<Note>,
}

impl ActiveLesson {
    fn new(lesson: &'static Lesson, number: String) -> ActiveLesson {
        ActiveLesson {
            lesson,
            number,
            step: Step::Page(0),
            note: None,
        }
        .at(Step::Page(0))
    }

    /// The same lesson at `step` (its exercise starts afresh: see
    /// [`board::exercise_for`]).
    fn at(mut self, step: Step) -> ActiveLesson {
        self.step = match step {
            Step::Page(_) if self.lesson.pages.is_empty() => Step::Exercise(0),
            s => s,
        };
        self.note = None;
        self
    }

    /// The exercise of the step shown, fresh.
    pub fn exercise(&self) -> ActiveExercise {
        board::exercise_for(self.lesson, self.step)
    }

    /// The step after this one, if any (the pages, then the exercises).
    pub fn next_step(&self) -> Option<Step> {
        let (pages, exercises) = (self.lesson.pages.len(), self.lesson.exercises.len());
        match self.step {
            Step::Page(i) if i + 1 < pages => Some(Step::Page(i + 1)),
            Step::Page(_) if exercises > 0 => Some(Step::Exercise(0)),
            Step::Exercise(i) if i + 1 < exercises => Some(Step::Exercise(i + 1)),
            _ => None,
        }
    }

    /// The step before this one, if any.
    pub fn previous_step(&self) -> Option<Step> {
        let pages = self.lesson.pages.len();
        match self.step {
            Step::Page(i) if i > 0 => Some(Step::Page(i - 1)),
            Step::Exercise(0) if pages > 0 => Some(Step::Page(pages - 1)),
            Step::Exercise(i) if i > 0 => Some(Step::Exercise(i - 1)),
            _ => None,
        }
    }

    /// Is the exercise shown solved in this try?
    pub fn solved(&self) -> Option<u8> {
        match self.note {
            Some(Note::Solved(stars)) => Some(stars),
            _ => None,
        }
    }

    /// The arrows and points the step shows on the board.
    pub fn marks(&self) -> (Vec<Move>, Vec<Square>) {
        match self.step {
            Step::Page(i) => self
                .lesson
                .pages
                .get(i)
                .map(|p| (p.arrows.clone(), p.points.clone()))
                .unwrap_or_default(),
            Step::Exercise(i) => (
                Vec::new(),
                self.lesson
                    .exercises
                    .get(i)
                    .map(|e| e.points.clone())
                    .unwrap_or_default(),
            ),
        }
    }
}

/// The lesson after `id` in the course's order.
pub fn lesson_after(course: &'static Course, id: &str) -> Option<&'static Lesson> {
    let mut lessons = course.lessons().map(|(_, l)| l);
    lessons.find(|l| l.id == id)?;
    lessons.next()
}

/// A lesson's number as `xiangqi lessons` gives it ("2.4").
pub fn lesson_number(course: &Course, id: &str) -> String {
    for (ci, chapter) in course.chapters.iter().enumerate() {
        if let Some(li) = chapter.lessons.iter().position(|l| l.id == id) {
            return format!("{}.{}", ci + 1, li + 1);
        }
    }
    String::new()
}

/// The student's progress, read from its file on first use.
pub type CourseProgressStore = Stored<CourseProgress>;

fn open_lesson(
    mut requests: MessageReader<OpenLesson>,
    mut opener: ExerciseOpener,
    mut store: ResMut<CourseProgressStore>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
) {
    let Some(request) = requests.read().last().cloned() else {
        return;
    };
    let Ok(course) = Course::builtin() else {
        return;
    };
    let Some(lesson) = course.lesson(&request.id) else {
        return;
    };
    let progress = store.get(paths.as_deref(), &mut notice);
    if !request.despite_lock && !progress::is_unlocked(course, progress, &lesson.id) {
        return;
    }
    progress.last_lesson = Some(lesson.id.clone());
    store.save(paths.as_deref(), &mut notice);
    let active = ActiveLesson::new(lesson, lesson_number(course, &lesson.id));
    let exercise = active.exercise();
    opener.commands().insert_resource(active);
    opener.open(exercise, board::players_for(None));
}

/// The card's buttons: a step forward or back (its exercise put on the
/// board), the hint and the retry as the board's own commands, the next
/// lesson.
fn lesson_commands(
    mut requests: MessageReader<LessonCommand>,
    mut commands: Commands,
    active: Option<ResMut<ActiveLesson>>,
    mut store: ResMut<CourseProgressStore>,
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
    mut open: MessageWriter<OpenLesson>,
    mut hint: MessageWriter<HintRequest>,
    mut game: MessageWriter<GameCommand>,
) {
    let Some(mut active) = active else {
        requests.clear();
        return;
    };
    let Ok(course) = Course::builtin() else {
        return;
    };
    for command in requests.read().copied().collect::<Vec<_>>() {
        let step = match command {
            LessonCommand::Next => next_step(&active, &mut store, paths.as_deref(), &mut notice),
            LessonCommand::Back => active.previous_step(),
            LessonCommand::Hint => {
                hint.write(HintRequest);
                None
            }
            LessonCommand::Retry => {
                game.write(GameCommand::NewGame);
                None
            }
            LessonCommand::NextLesson => {
                if let Some(next) = lesson_after(course, &active.lesson.id) {
                    open.write(OpenLesson::unlocked(&next.id));
                }
                None
            }
        };
        if let Some(step) = step {
            *active = active.clone().at(step);
            commands.insert_resource(active.exercise());
        }
    }
}

/// The step Next goes to, once the step allows going on (a page read, an
/// exercise solved now or before); marks the pages read on leaving them.
fn next_step(
    active: &ActiveLesson,
    store: &mut CourseProgressStore,
    paths: Option<&StorePaths>,
    notice: &mut Notice,
) -> Option<Step> {
    let solved_before = match active.step {
        Step::Exercise(i) => active
            .lesson
            .exercises
            .get(i)
            .is_some_and(|e| store.get(paths, notice).is_solved(&e.id)),
        Step::Page(_) => true,
    };
    let may = active.solved().is_some() || solved_before;
    match (may, active.next_step()) {
        (true, Some(step)) => {
            if let Step::Page(_) = active.step
                && !matches!(step, Step::Page(_))
            {
                read_pages(active, store, paths, notice);
            }
            Some(step)
        }
        (_, None) if matches!(active.step, Step::Page(_)) => {
            // The last page of a lesson without exercises.
            read_pages(active, store, paths, notice);
            None
        }
        _ => None,
    }
}

/// Marks the lesson's pages read (a lesson without exercises is then done).
fn read_pages(
    active: &ActiveLesson,
    store: &mut CourseProgressStore,
    paths: Option<&StorePaths>,
    notice: &mut Notice,
) {
    if progress::record_read(store.get(paths, notice), active.lesson) {
        store.save(paths, notice);
    }
}

/// A lesson without exercises is done once its last page is shown.
fn read_last_page(
    active: Option<Res<ActiveLesson>>,
    mut store: ResMut<CourseProgressStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    let Some(active) = active.filter(|a| a.is_changed()) else {
        return;
    };
    if active.lesson.exercises.is_empty() && active.next_step().is_none() {
        read_pages(&active, &mut store, paths.as_deref(), &mut notice);
    }
}

fn end_lesson(mut commands: Commands) {
    commands.remove_resource::<ActiveLesson>();
}
