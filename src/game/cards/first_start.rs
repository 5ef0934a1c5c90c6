//! The first start's card, over the menu the very first time the game
//! starts: "New to xiangqi / I know the rules / I play at a club", or
//! Skip. Each answer says what follows (the course, the level suggested);
//! the answer goes to [`crate::game::play::first_start`] and the card
//! closes. Keys: 1, 2, 3, Esc to skip.

use super::FirstStartView;
use crate::game::Screen;
use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase};
use crate::game::play::first_start::{FirstStartAnswer, first_start_pending};
use crate::game::settings::CurrentLang;
use crate::game::theme::layout;
use crate::game::theme::scale::Scale;
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, Label, OnPress, button, button_box, label, palette};
use crate::store::settings::Experience;
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<FirstStartView>()
        .add_systems(OnEnter(Screen::Menu), open.run_if(first_start_pending))
        .add_systems(OnEnter(FirstStartView::Open), spawn_card)
        .add_systems(
            PreUpdate,
            // Before anything under the card reads the keys; F12 still
            // takes screenshots.
            keys.after(bevy::input::InputSystems)
                .after(crate::game::dev_tools::screenshot_key)
                .run_if(in_state(FirstStartView::Open)),
        )
        .add_systems(
            Update,
            close_when_answered.run_if(in_state(FirstStartView::Open)),
        );
}

fn open(mut next: ResMut<NextState<FirstStartView>>) {
    next.set(FirstStartView::Open);
}

/// The three answers, their notes, and the key of each.
const ANSWERS: [(Experience, Phrase, Phrase, KeyCode); 3] = [
    (
        Experience::New,
        Phrase::FirstStartNew,
        Phrase::FirstStartNewNote,
        KeyCode::Digit1,
    ),
    (
        Experience::KnowsRules,
        Phrase::FirstStartRules,
        Phrase::FirstStartRulesNote,
        KeyCode::Digit2,
    ),
    (
        Experience::Club,
        Phrase::FirstStartClub,
        Phrase::FirstStartClubNote,
        KeyCode::Digit3,
    ),
];

fn spawn_card(
    mut commands: Commands,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    layout: Option<Res<BoardLayout>>,
) {
    let lang: Lang = *lang;
    let window = layout.map_or(Vec2::new(1280.0, 900.0), |l| l.window);
    let size = Scale::fit(window, Vec2::new(700.0, 640.0), 0.6, 1.0);
    let padding = Vec2::new(size.px(30.0), size.px(22.0));
    let rows: Vec<_> = ANSWERS
        .into_iter()
        .map(|(said, title, note, _)| answer_row(said, title, note, lang, &fonts, size))
        .collect();
    commands.spawn((
        crate::game::theme::modal_backdrop(60),
        DespawnOnExit(FirstStartView::Open),
        children![(
            layout::card(
                layout::card_node(padding, size.px(2.0), size.px(12.0))
                    .flex_direction(FlexDirection::Column)
                    .align_items(AlignItems::Stretch)
                    .row_gap(Val::Px(size.px(10.0)))
                    .max_width(Val::Percent(94.0)),
                palette::PANEL.with_alpha(1.0),
                palette::ACCENT,
            ),
            Children::spawn((
                Spawn((
                    label(
                        Phrase::FirstStartTitle,
                        lang,
                        fonts.ui(size.px(28.0)),
                        palette::ACCENT,
                    ),
                    plain().align_self(AlignSelf::Center),
                )),
                Spawn((
                    label(
                        Phrase::FirstStartQuestion,
                        lang,
                        fonts.ui(size.px(17.0)),
                        palette::TEXT_DIM,
                    ),
                    plain()
                        .align_self(AlignSelf::Center)
                        .margin(UiRect::bottom(Val::Px(size.px(6.0)))),
                )),
                SpawnIter(rows.into_iter()),
                Spawn((
                    plain()
                        .align_self(AlignSelf::Center)
                        .margin(UiRect::top(Val::Px(size.px(6.0)))),
                    Pickable::IGNORE,
                    children![button(
                        Phrase::Skip,
                        lang,
                        &fonts,
                        size.px(16.0),
                        OnPress::send(FirstStartAnswer(None)),
                    )],
                )),
            )),
        )],
    ));
}

/// An answer: its button, and under it what follows from it.
fn answer_row(
    said: Experience,
    title: Phrase,
    note: Phrase,
    lang: Lang,
    fonts: &Fonts,
    size: Scale,
) -> impl Bundle + use<> {
    (
        layout::column(size.px(4.0)),
        Pickable::IGNORE,
        children![
            button_box(
                plain()
                    .align_self(AlignSelf::Stretch)
                    .padding(UiRect::axes(Val::Px(size.px(18.0)), Val::Px(size.px(8.0)))),
                title.get(lang),
                fonts.ui(size.px(21.0)),
                Label(title),
                OnPress::send(FirstStartAnswer(Some(said))),
            ),
            (
                label(note, lang, fonts.ui(size.px(14.0)), palette::TEXT_DIM),
                plain().align_self(AlignSelf::Center),
            ),
        ],
    )
}

/// 1, 2, 3 answer; Esc skips.
fn keys(mut keys: ResMut<ButtonInput<KeyCode>>, mut answers: MessageWriter<FirstStartAnswer>) {
    for (said, _, _, key) in ANSWERS {
        if keys.just_pressed(key) {
            answers.write(FirstStartAnswer(Some(said)));
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        answers.write(FirstStartAnswer(None));
    }
    // Nothing under the card hears the keys.
    crate::game::theme::line_edit::take_keys(&mut keys);
}

/// The card goes once it is answered.
fn close_when_answered(
    mut answers: MessageReader<FirstStartAnswer>,
    mut next: ResMut<NextState<FirstStartView>>,
) {
    if answers.read().count() > 0 {
        next.set(FirstStartView::Closed);
    }
}
