//! The list of the course: each chapter with its lessons as tiles — the
//! lesson's number and title, its stars, done or locked (the course's
//! [`progress`] decides) — a click opens one, Enter the next to do; a
//! lesson done can be played again. Esc goes back to the menu.

use super::{course, course_text};
use crate::course::{Lesson, progress};
use crate::game::i18n::{Lang, Phrase, chapter_number};
use crate::game::notice::Notice;
use crate::game::play::course::{CourseProgressStore, OpenLesson};
use crate::game::settings::{CurrentLang, StorePaths};
use crate::game::theme::layout::{scrolling_tiles, tile_box};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, Toggled, button, label, palette, screen_root};
use crate::game::{GameSet, Screen};
use crate::store::course::CourseProgress;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Course), spawn_list)
        .add_systems(
            Update,
            list_keys
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Course)),
        );
}

fn list_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut next: ResMut<NextState<Screen>>,
    mut store: ResMut<CourseProgressStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    mut open: MessageWriter<OpenLesson>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
    if keys.just_pressed(KeyCode::Enter)
        && let Some(course) = course()
    {
        let progress = store.get(paths.as_deref(), &mut notice);
        if let Some(lesson) = progress::next_lesson(course, progress) {
            open.write(OpenLesson::unlocked(&lesson.id));
        }
    }
}

/// What a lesson's tile says under its title.
fn status_line(lesson: &Lesson, progress: &CourseProgress, open: bool, lang: Lang) -> String {
    if !open {
        return Phrase::LessonLocked.get(lang).to_string();
    }
    let (earned, most) = progress::lesson_stars(lesson, progress);
    let state = if progress.is_lesson_done(&lesson.id) {
        Phrase::LessonDone
    } else {
        Phrase::LessonNew
    };
    if most == 0 {
        return state.get(lang).to_string();
    }
    format!("★ {earned} / {most} · {}", state.get(lang))
}

/// A lesson's tile: "2.4 The horse" over its stars and state; a locked
/// one dim (its click is refused by the logic too).
fn lesson_tile(
    number: String,
    lesson: &Lesson,
    progress: &CourseProgress,
    open: bool,
    lang: Lang,
    fonts: &Fonts,
) -> impl Bundle + use<> {
    let done = progress.is_lesson_done(&lesson.id);
    let rim = match (open, done) {
        (true, true) => palette::ACCENT,
        (true, false) => palette::BUTTON_BORDER,
        (false, _) => palette::CARD_BORDER,
    };
    let (title_color, detail_color) = match (open, done) {
        (false, _) => (palette::TEXT_DIM, palette::TEXT_DIM),
        (true, true) => (palette::TEXT, palette::ACCENT),
        (true, false) => (palette::TEXT, palette::TEXT_DIM),
    };
    (
        Button,
        tile_box(if done { 2.0 } else { 1.0 }).width(Val::Px(250.0)),
        BackgroundColor(if open {
            palette::BUTTON
        } else {
            palette::BUTTON.with_alpha(0.4)
        }),
        BorderColor::all(rim),
        Toggled(false),
        OnPress::send(OpenLesson::unlocked(&lesson.id)),
        children![
            (
                Text::new(format!("{number}  {}", course_text(&lesson.title, lang))),
                fonts.ui(16.0),
                TextColor(title_color),
                Pickable::IGNORE,
            ),
            (
                Text::new(status_line(lesson, progress, open, lang)),
                fonts.ui(13.0),
                TextColor(detail_color),
                Pickable::IGNORE,
            ),
        ],
    )
}

fn spawn_list(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    mut store: ResMut<CourseProgressStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
) {
    let lang = *lang;
    let Some(course) = course() else {
        return;
    };
    let progress = store.get(paths.as_deref(), &mut notice).clone();
    let (_, lessons, _) = course.counts();
    let done = course
        .lessons()
        .filter(|(_, l)| progress.is_lesson_done(&l.id))
        .count();
    commands
        .spawn(screen_root(Screen::Course))
        .with_children(|root| {
            root.spawn(label(
                Phrase::CourseTitle,
                lang,
                fonts.ui(34.0),
                palette::ACCENT,
            ));
            root.spawn((
                Text::new(format!(
                    "{} {done} / {lessons}   ·   {}",
                    Phrase::LessonDone.get(lang),
                    Phrase::CourseHint.get(lang)
                )),
                fonts.ui(15.0),
                TextColor(palette::TEXT_DIM),
                Pickable::IGNORE,
            ));
            root.spawn(scrolling_tiles(8.0)).with_children(|grid| {
                for (ci, chapter) in course.chapters.iter().enumerate() {
                    grid.spawn((
                        Text::new(format!(
                            "{} {}",
                            chapter_number(ci + 1, lang),
                            course_text(&chapter.title, lang)
                        )),
                        fonts.ui(20.0),
                        TextColor(palette::ACCENT),
                        TextLayout::justify(Justify::Center),
                        plain()
                            .width(Val::Percent(100.0))
                            .margin(UiRect::top(Val::Px(8.0))),
                        Pickable::IGNORE,
                    ));
                    for (li, lesson) in chapter.lessons.iter().enumerate() {
                        let open = progress::is_unlocked(course, &progress, &lesson.id);
                        grid.spawn(lesson_tile(
                            format!("{}.{}", ci + 1, li + 1),
                            lesson,
                            &progress,
                            open,
                            lang,
                            &fonts,
                        ));
                    }
                }
            });
            root.spawn(button(
                Phrase::Back,
                lang,
                &fonts,
                20.0,
                OnPress::go(Screen::Menu),
            ));
        });
}
