//! Over the board: the brief 将/帅 stamp when a general is put in check, and
//! the game's end — a seal with the result (胜, 负, 和棋…) slams onto the
//! board, then the game-over card (result, reason, New game / Menu) rises.

use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase, reason_text, result_text};
use crate::game::play::Turn;
use crate::game::play::game_review::ReviewRequest;
use crate::game::play::session::{GameCommand, Session, human_won};
use crate::game::play::trainer::ActiveTactic;
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::{card, card_node};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, button, palette};
use crate::game::{GameSet, Screen};
use crate::store::reviews::Effort;
use bevy::prelude::*;

mod seal;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Turn::Over),
        (
            // A lesson's card says how an exercise ended, and so does the
            // card of a puzzle from a game.
            spawn_game_over.run_if(
                not(in_state(crate::game::play::Play::Course))
                    .and_then(not(resource_exists::<ActiveTactic>)),
            ),
            seal::stamp_result,
        ),
    )
    .add_systems(
        Update,
        (
            place_overlay,
            retranslate_card,
            close_for_review,
            (seal::spawn_banner, seal::fade_banner).chain(),
        )
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// The game-over card; it appears after [`OVERLAY_DELAY`] so the last move
/// (and a 将军 banner) can be seen first.
#[derive(Component)]
struct GameOverOverlay {
    elapsed: f32,
}

const OVERLAY_DELAY: f32 = 1.5;

/// Seconds the card takes to rise into place.
const CARD_RISE: f32 = 0.35;

/// The card's computed texts (retranslated when the language changes).
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum CardText {
    Headline,
    Detail,
}

fn spawn_game_over(
    mut commands: Commands,
    session: Res<Session>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
) {
    let lang = *lang;
    let Some((headline, detail)) = card_texts(&session, lang) else {
        return;
    };
    commands.spawn((
        GameOverOverlay { elapsed: 0.0 },
        Visibility::Hidden,
        plain()
            .position_type(PositionType::Absolute)
            .align_items(AlignItems::Center)
            .justify_content(JustifyContent::Center),
        BackgroundColor(palette::OVERLAY),
        GlobalZIndex(10),
        DespawnOnExit(Turn::Over),
        children![result_card(headline, detail, lang, &fonts)],
    ));
}

/// The card over the board: the headline, the detail, and what to do next.
fn result_card(headline: String, detail: String, lang: Lang, fonts: &Fonts) -> impl Bundle + use<> {
    let action = |t: Phrase, action: OnPress| button(t, lang, fonts, 20.0, action);
    (
        ResultCard,
        card(
            card_node(Vec2::new(36.0, 24.0), 2.0, 12.0)
                .flex_direction(FlexDirection::Column)
                .align_items(AlignItems::Center)
                .row_gap(Val::Px(12.0))
                .max_width(Val::Percent(90.0)),
            palette::PANEL,
            palette::ACCENT,
        ),
        BoxShadow::new(
            palette::SHADE.with_alpha(0.55),
            Val::Px(0.0),
            Val::Px(8.0),
            Val::Px(0.0),
            Val::Px(22.0),
        ),
        children![
            (
                CardText::Headline,
                Text::new(headline),
                fonts.ui(40.0),
                TextColor(palette::ACCENT),
                Pickable::IGNORE,
            ),
            (
                CardText::Detail,
                Text::new(detail),
                fonts.ui(22.0),
                TextColor(palette::TEXT),
                TextLayout::justify(Justify::Center),
                Pickable::IGNORE,
            ),
            (
                plain()
                    .column_gap(Val::Px(12.0))
                    .margin(UiRect::top(Val::Px(8.0))),
                Pickable::IGNORE,
                children![
                    action(Phrase::NewGame, OnPress::send(GameCommand::NewGame)),
                    action(Phrase::Menu, OnPress::send(GameCommand::Menu)),
                    // Review the game just ended.
                    action(
                        Phrase::ReviewGame,
                        OnPress::send(ReviewRequest::Start(Effort::Quick))
                    ),
                ],
            ),
        ],
    )
}

/// The card's headline ("You win!", or the result) and detail line.
fn card_texts(session: &Session, lang: Lang) -> Option<(String, String)> {
    let outcome = session.game.outcome()?;
    let headline = match human_won(session) {
        Some(true) => Phrase::YouWin.get(lang).to_string(),
        Some(false) => Phrase::YouLose.get(lang).to_string(),
        None => result_text(&outcome, lang).to_string(),
    };
    let detail = if human_won(session).is_some() {
        format!(
            "{} · {}",
            result_text(&outcome, lang),
            reason_text(&outcome.reason, lang)
        )
    } else {
        reason_text(&outcome.reason, lang)
    };
    Some((headline, detail))
}

fn retranslate_card(
    lang: CurrentLang,
    session: Res<Session>,
    mut texts: Query<(&CardText, &mut Text)>,
) {
    if !lang.is_changed() || texts.is_empty() {
        return;
    }
    let Some((headline, detail)) = card_texts(&session, *lang) else {
        return;
    };
    for (which, mut text) in &mut texts {
        let want = match which {
            CardText::Headline => &headline,
            CardText::Detail => &detail,
        };
        if text.0 != *want {
            text.0.clone_from(want);
        }
    }
}

/// The game-over card itself (it rises into place).
#[derive(Component)]
struct ResultCard;
/// A review asked for, or an earlier position shown, closes the
/// card (the board is looked at; it does not come back).
fn close_for_review(
    mut commands: Commands,
    mut requests: MessageReader<ReviewRequest>,
    browse: Res<crate::game::play::browse::Browse>,
    cards: Query<Entity, With<GameOverOverlay>>,
) {
    let asked = requests
        .read()
        .any(|r| matches!(r, ReviewRequest::Start(_)));
    if asked || browse.active() {
        for card in &cards {
            commands.entity(card).despawn();
        }
    }
}

fn place_overlay(
    layout: Res<BoardLayout>,
    time: Res<Time>,
    mut overlay: Query<(
        &mut GameOverOverlay,
        &mut Node,
        &mut Visibility,
        &mut BackgroundColor,
    )>,
    mut cards: Query<&mut UiTransform, With<ResultCard>>,
) {
    for (mut marker, mut node, mut visibility, mut bg) in &mut overlay {
        marker.elapsed += time.delta_secs();
        if *visibility == Visibility::Hidden && marker.elapsed >= OVERLAY_DELAY {
            *visibility = Visibility::Inherited;
        }
        let t = ((marker.elapsed - OVERLAY_DELAY) / CARD_RISE).clamp(0.0, 1.0);
        if t < 1.0 || bg.0.alpha() != palette::OVERLAY.alpha() {
            bg.0 = palette::OVERLAY.with_alpha(palette::OVERLAY.alpha() * t);
            let rise = EasingCurve::new(0.0, 1.0, EaseFunction::BackOut).sample_clamped(t);
            for mut tf in &mut cards {
                let want = UiTransform {
                    translation: Val2::px(0.0, 40.0 * (1.0 - rise)),
                    scale: Vec2::splat(0.85 + 0.15 * rise),
                    ..default()
                };
                tf.set_if_neq(want);
            }
        }
        let a = layout.board_area;
        let want = (
            Val::Px(a.min.x),
            Val::Px(a.min.y),
            Val::Px(a.width()),
            Val::Px(a.height()),
        );
        if (node.left, node.top, node.width, node.height) != want {
            (node.left, node.top, node.width, node.height) = want;
        }
    }
}
