//! A lesson's card at the top of the panel: the lesson's number and title,
//! where in it the student is (page or exercise, of how many), the page's
//! text or the exercise's task, what the course says now (why a move is
//! refused, the hint, solved with its stars, the other side thinking), and
//! the buttons: back, next, hint, retry, the next lesson and the list.
//! It only reads [`ActiveLesson`] and sends [`LessonCommand`]s.

use crate::course::{Attempt, State};
use crate::exercise::Failure;
use crate::game::i18n::{Lang, Phrase, lesson_step, mistake_text, reason_text, wrong_move_text};
use crate::game::panel::{InfoColumn, dock_first};
use crate::game::play::Play;
use crate::game::play::course::{ActiveLesson, CourseProgressStore, LessonCommand, Note, Step};
use crate::game::play::exercise::ActiveExercise;
use crate::game::play::exercise::run::ExerciseJobs;
use crate::game::play::session::Session;
use crate::game::screens::course::{course_text, stars_text};
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::{button_row, panel_card};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, button, palette, set_display};
use crate::game::{GameSet, Screen};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Play::Course), spawn_card)
        .add_systems(
            Update,
            (
                dock_first::<LessonCard, InfoColumn>,
                grow_card,
                refresh_card,
                show_buttons,
            )
                .in_set(GameSet::Present)
                .run_if(
                    in_state(Screen::Playing)
                        .and_then(resource_exists::<Session>)
                        .and_then(resource_exists::<ActiveLesson>),
                ),
        );
}

/// The card during a lesson (gone with it).
#[derive(Component)]
pub(super) struct LessonCard;

/// The card's texts.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Line {
    /// "2.4 The horse".
    Title,
    /// "Exercise 1 / 3 · ★★☆".
    Step,
    /// The page's text or the exercise's task.
    Body,
    /// What the course says now.
    Status,
    /// The lesson's steps, the one shown marked, with the key points of the
    /// pages read ([`outline`]).
    Outline,
}

/// A button of the card, shown when its command means something now.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
struct CardButton(LessonCommand);

fn spawn_card(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    layout: Option<Res<crate::game::board::layout::BoardLayout>>,
) {
    let lang = *lang;
    // A lesson is read: its text grows with a taller window (the panel has
    // the room), up to a third larger than at 800×600.
    let k = layout.map_or(1.0, |l| (l.window.y / 640.0).clamp(1.0, 1.35));
    let btn = |t: Phrase, c: LessonCommand| {
        (
            button(t, lang, &fonts, 14.0 * k, OnPress::send(c)),
            CardButton(c),
        )
    };
    let line = |l: Line, px: f32, color: Color| {
        (
            l,
            Text::new(""),
            fonts.ui(px * k),
            TextColor(color),
            // Long texts wrap inside the card.
            plain().max_width(Val::Percent(100.0)),
            Pickable::IGNORE,
        )
    };
    commands.spawn((
        LessonCard,
        panel_card(),
        DespawnOnExit(Play::Course),
        children![
            line(Line::Title, 17.0, palette::ACCENT),
            line(Line::Step, 13.0, palette::TEXT_DIM),
            line(Line::Body, 15.0, palette::TEXT),
            line(Line::Status, 15.0, palette::TEXT),
            (
                button_row(6.0, 6.0).justify_content(JustifyContent::Center),
                Pickable::IGNORE,
                children![
                    btn(Phrase::LessonBack, LessonCommand::Back),
                    btn(Phrase::Hint, LessonCommand::Hint),
                    btn(Phrase::Retry, LessonCommand::Retry),
                    btn(Phrase::LessonNext, LessonCommand::Next),
                    btn(Phrase::NextLesson, LessonCommand::NextLesson),
                    button(
                        Phrase::LessonList,
                        lang,
                        &fonts,
                        14.0 * k,
                        OnPress::go(Screen::Course)
                    ),
                ],
            ),
            (
                Line::Outline,
                Text::new(""),
                fonts.ui(14.0 * k),
                TextColor(palette::TEXT_DIM),
                plain()
                    .max_width(Val::Percent(100.0))
                    .align_self(AlignSelf::FlexStart)
                    .margin(UiRect::top(Val::Px(8.0))),
                Pickable::IGNORE,
            ),
        ],
    ));
}

/// The card takes the room of the panel's column (a lesson has few moves
/// to list): its outline of the lesson is read there.
fn grow_card(mut cards: Query<&mut Node, Added<LessonCard>>) {
    for mut node in &mut cards {
        node.flex_grow = 1.0;
    }
}

/// The lesson's steps, one a line: each page (with its key point once
/// read) and each exercise (with its best stars), the step shown marked.
fn outline(active: &ActiveLesson, store: &CourseProgressStore, lang: Lang) -> String {
    let lesson = active.lesson;
    let mark = |here: bool| if here { "›" } else { "·" };
    let mut lines = Vec::new();
    let read = match active.step {
        Step::Page(i) => i,
        Step::Exercise(_) => lesson.pages.len(),
    };
    for (i, page) in lesson.pages.iter().enumerate() {
        let step = lesson_step(Phrase::LessonPage, i + 1, lesson.pages.len(), lang);
        let here = active.step == Step::Page(i);
        if i < read {
            lines.push(format!(
                "{} {step}: {}",
                mark(here),
                course_text(&page.text, lang)
            ));
        } else {
            lines.push(format!("{} {step}", mark(here)));
        }
    }
    let count = lesson.exercises.len();
    for (i, exercise) in lesson.exercises.iter().enumerate() {
        let mut step = lesson_step(Phrase::LessonExercise, i + 1, count, lang);
        let best = store.peek().map_or(0, |p| p.stars(&exercise.id));
        if best > 0 {
            step = format!("{step} · {}", stars_text(u32::from(best), 3));
        }
        lines.push(format!("{} {step}", mark(active.step == Step::Exercise(i))));
    }
    lines.join("\n")
}

/// Is the exercise shown solved, now or before?
fn exercise_solved(active: &ActiveLesson, store: &CourseProgressStore) -> bool {
    active.solved().is_some()
        || match active.step {
            Step::Exercise(i) => active
                .lesson
                .exercises
                .get(i)
                .is_some_and(|e| store.peek().is_some_and(|p| p.is_solved(&e.id))),
            Step::Page(_) => true,
        }
}

/// The card's lines for the lesson as it stands.
fn texts(
    active: &ActiveLesson,
    attempt: Option<&Attempt>,
    jobs: &ExerciseJobs,
    store: &CourseProgressStore,
    lang: Lang,
) -> [(Line, String, Color); 5] {
    let lesson = active.lesson;
    let title = format!("{}  {}", active.number, course_text(&lesson.title, lang));
    let (step, body) = match active.step {
        Step::Page(i) => (
            lesson_step(Phrase::LessonPage, i + 1, lesson.pages.len(), lang),
            lesson
                .pages
                .get(i)
                .map_or("", |p| course_text(&p.text, lang))
                .to_string(),
        ),
        Step::Exercise(i) => {
            let exercise = lesson.exercises.get(i);
            let best = exercise
                .and_then(|e| store.peek().map(|p| p.stars(&e.id)))
                .unwrap_or(0);
            let mut step = lesson_step(Phrase::LessonExercise, i + 1, lesson.exercises.len(), lang);
            if best > 0 {
                step = format!("{step} · {}", stars_text(u32::from(best), 3));
            }
            (
                step,
                exercise
                    .map_or("", |e| course_text(&e.prompt, lang))
                    .to_string(),
            )
        }
    };
    let (status, color) = status(active, attempt, jobs, store, lang);
    [
        (Line::Title, title, palette::ACCENT),
        (Line::Step, step, palette::TEXT_DIM),
        (Line::Body, body, palette::TEXT),
        (Line::Status, status, color),
        (
            Line::Outline,
            outline(active, store, lang),
            palette::TEXT_DIM,
        ),
    ]
}

/// What the course says now, and its colour.
fn status(
    active: &ActiveLesson,
    attempt: Option<&Attempt>,
    jobs: &ExerciseJobs,
    store: &CourseProgressStore,
    lang: Lang,
) -> (String, Color) {
    let lesson_done = store
        .peek()
        .is_some_and(|p| p.is_lesson_done(&active.lesson.id));
    let last = active.next_step().is_none();
    match active.note {
        Some(Note::Wrong(w)) => return (wrong_move_text(&w, lang), palette::WRONG_TEXT),
        Some(Note::Mistake(m)) => return (mistake_text(&m, lang), palette::WRONG_TEXT),
        Some(Note::Hint(_)) => {
            return (Phrase::LessonHintMove.get(lang).into(), palette::GOOD_TEXT);
        }
        Some(Note::NoHint) => return (Phrase::LessonNoHint.get(lang).into(), palette::TEXT_DIM),
        Some(Note::Solved(stars)) => {
            let mut text = format!(
                "{} {}",
                Phrase::LessonSolved.get(lang),
                stars_text(u32::from(stars), 3)
            );
            if let Some(note) = attempt.and_then(|a| a.exercise().note.as_ref()) {
                text = format!("{text} {}", course_text(note, lang));
            }
            if last && lesson_done {
                text = format!("{text} {}", Phrase::LessonAllDone.get(lang));
            }
            return (text, palette::GOOD_TEXT);
        }
        Some(Note::Failed(f)) => {
            let why = match f {
                Failure::OutOfMoves => Phrase::PuzzleOutOfMoves.get(lang).to_string(),
                Failure::GameOver(o) => reason_text(&o.reason, lang),
                Failure::NotGoodEnough => Phrase::NotGoodEnough.get(lang).to_string(),
                Failure::NotTheMove => Phrase::NotTheMove.get(lang).to_string(),
                Failure::Shown => Phrase::SolutionShown.get(lang).to_string(),
            };
            return (
                format!(
                    "{}{why} · {}",
                    Phrase::LessonFailed.get(lang),
                    Phrase::LessonRetryHint.get(lang)
                ),
                palette::WRONG_TEXT,
            );
        }
        None => {}
    }
    if jobs.busy() {
        return (Phrase::LessonDefending.get(lang).into(), palette::TEXT_DIM);
    }
    if jobs.hinting() {
        return (Phrase::LessonHinting.get(lang).into(), palette::TEXT_DIM);
    }
    match attempt {
        Some(a) if a.state() == State::StudentToMove => (
            format!(
                "{} · {} {}",
                Phrase::LessonYourMove.get(lang),
                Phrase::MovesLeftShort.get(lang),
                a.moves_left()
            ),
            palette::TEXT,
        ),
        _ if last && lesson_done => (Phrase::LessonAllDone.get(lang).into(), palette::GOOD_TEXT),
        _ => (String::new(), palette::TEXT),
    }
}

fn refresh_card(
    active: Res<ActiveLesson>,
    exercise: Option<Res<ActiveExercise>>,
    jobs: Res<ExerciseJobs>,
    store: Res<CourseProgressStore>,
    lang: CurrentLang,
    mut lines: Query<(&Line, &mut Text, &mut TextColor, &mut Node)>,
) {
    let lang = *lang;
    let attempt = exercise.as_deref().and_then(ActiveExercise::get::<Attempt>);
    let texts = texts(&active, attempt, &jobs, &store, lang);
    for (line, mut text, mut color, mut node) in &mut lines {
        let Some((_, want, c)) = texts.iter().find(|(l, _, _)| l == line) else {
            continue;
        };
        text.set_if_neq(Text(want.clone()));
        color.set_if_neq(TextColor(*c));
        set_display(&mut node, !want.is_empty());
    }
}

/// Back where there is a step before; Next once the step allows going on;
/// Hint and Retry in an exercise; the next lesson at the end of one done.
fn show_buttons(
    active: Res<ActiveLesson>,
    exercise: Option<Res<ActiveExercise>>,
    store: Res<CourseProgressStore>,
    mut buttons: Query<(&CardButton, &mut Node)>,
) {
    let attempt = exercise.as_deref().and_then(ActiveExercise::get::<Attempt>);
    let in_exercise = attempt.is_some();
    let going = attempt.is_some_and(|a| a.state() == State::StudentToMove);
    let done = store
        .peek()
        .is_some_and(|p| p.is_lesson_done(&active.lesson.id));
    for (button, mut node) in &mut buttons {
        let show = match button.0 {
            LessonCommand::Back => active.previous_step().is_some(),
            LessonCommand::Next => active.next_step().is_some() && exercise_solved(&active, &store),
            LessonCommand::Hint => going,
            LessonCommand::Retry => in_exercise,
            LessonCommand::NextLesson => active.next_step().is_none() && done,
        };
        set_display(&mut node, show);
    }
}
