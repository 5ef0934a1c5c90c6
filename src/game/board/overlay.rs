//! Over the board: the game-over card (result, reason, New game / Menu) and
//! the brief 将军 banner when a general is put in check.

use crate::game::board::layout::BoardLayout;
use crate::game::board::z;
use crate::game::i18n::{Lang, Phrase as T, reason_text, result_text};
use crate::game::play::Turn;
use crate::game::play::game_review::ReviewRequest;
use crate::game::play::session::{CheckAlert, GameCommand, Session, human_won};
use crate::game::theme::{Fonts, OnPress, button, palette};
use crate::game::{GameSet, Screen};
use crate::store::reviews::Effort;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Turn::Over), spawn_game_over)
        .add_systems(
            Update,
            (
                place_overlay,
                retranslate_card,
                close_for_review,
                (spawn_banner, fade_banner).chain(),
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

const OVERLAY_DELAY: f32 = 0.9;

/// The card's computed texts (retranslated when the language changes).
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum CardText {
    Headline,
    Detail,
}

/// Seconds the check banner stays.
const BANNER_SECS: f32 = 1.1;

#[derive(Component)]
struct Banner {
    elapsed: f32,
}

fn spawn_game_over(
    mut commands: Commands,
    session: Res<Session>,
    fonts: Res<Fonts>,
    lang: Res<Lang>,
) {
    let lang = *lang;
    let Some((headline, detail)) = card_texts(&session, lang) else {
        return;
    };
    commands.spawn((
        GameOverOverlay { elapsed: 0.0 },
        Visibility::Hidden,
        Node {
            position_type: PositionType::Absolute,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            ..default()
        },
        BackgroundColor(palette::OVERLAY),
        GlobalZIndex(10),
        DespawnOnExit(Turn::Over),
        children![(
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: Val::Px(12.0),
                padding: UiRect::axes(Val::Px(36.0), Val::Px(24.0)),
                border: UiRect::all(Val::Px(2.0)),
                border_radius: BorderRadius::all(Val::Px(12.0)),
                max_width: Val::Percent(90.0),
                ..default()
            },
            BackgroundColor(palette::PANEL),
            BorderColor::all(palette::ACCENT),
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
                    Node {
                        column_gap: Val::Px(12.0),
                        margin: UiRect::top(Val::Px(8.0)),
                        ..default()
                    },
                    Pickable::IGNORE,
                    children![
                        button(
                            T::NewGame,
                            lang,
                            &fonts,
                            20.0,
                            OnPress::send(GameCommand::NewGame)
                        ),
                        button(
                            T::Menu,
                            lang,
                            &fonts,
                            20.0,
                            OnPress::send(GameCommand::Menu)
                        ),
                        // issue 11: review the game just ended.
                        button(
                            T::ReviewGame,
                            lang,
                            &fonts,
                            20.0,
                            OnPress::send(ReviewRequest::Start(Effort::Quick))
                        ),
                    ],
                ),
            ],
        )],
    ));
}

/// The card's headline ("You win!", or the result) and detail line.
fn card_texts(session: &Session, lang: Lang) -> Option<(String, String)> {
    let outcome = session.game.outcome()?;
    let headline = match human_won(session) {
        Some(true) => T::YouWin.get(lang).to_string(),
        Some(false) => T::YouLose.get(lang).to_string(),
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
    lang: Res<Lang>,
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

/// issue 11: a review asked for, or an earlier position shown, closes the
/// card (the board is looked at; it does not come back).
fn close_for_review(
    mut commands: Commands,
    mut requests: MessageReader<ReviewRequest>,
    review: Res<crate::game::play::review::Review>,
    cards: Query<Entity, With<GameOverOverlay>>,
) {
    let asked = requests
        .read()
        .any(|r| matches!(r, ReviewRequest::Start(_)));
    if asked || review.active() {
        for card in &cards {
            commands.entity(card).despawn();
        }
    }
}

fn place_overlay(
    layout: Res<BoardLayout>,
    time: Res<Time>,
    mut overlay: Query<(&mut GameOverOverlay, &mut Node, &mut Visibility)>,
) {
    for (mut marker, mut node, mut visibility) in &mut overlay {
        if *visibility == Visibility::Hidden {
            marker.elapsed += time.delta_secs();
            if marker.elapsed >= OVERLAY_DELAY {
                *visibility = Visibility::Inherited;
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

fn spawn_banner(
    mut alerts: MessageReader<CheckAlert>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    fonts: Res<Fonts>,
    lang: Res<Lang>,
    old: Query<Entity, With<Banner>>,
) {
    if alerts.read().last().is_none() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let cell = layout.cell;
    commands.spawn((
        Banner { elapsed: 0.0 },
        Sprite::from_color(
            palette::PANEL.with_alpha(0.85),
            Vec2::new(cell * 3.6, cell * 1.4),
        ),
        Transform::from_translation(layout.center.extend(z::BANNER)),
        DespawnOnExit(Screen::Playing),
        children![(
            Text2d::new(T::Check.get(*lang)),
            fonts.ui((cell * 0.9).round()),
            TextColor(palette::CHECK_GLOW.with_alpha(1.0)),
            Transform::from_xyz(0.0, 0.0, 0.5),
        )],
    ));
}

fn fade_banner(
    mut commands: Commands,
    time: Res<Time>,
    mut banners: Query<(Entity, &mut Banner, &mut Sprite, &mut Transform, &Children)>,
    mut texts: Query<&mut TextColor>,
) {
    for (e, mut banner, mut sprite, mut tf, children) in &mut banners {
        banner.elapsed += time.delta_secs();
        let t = banner.elapsed / BANNER_SECS;
        // Pop in, hold, fade out.
        let alpha = if t < 0.7 {
            1.0
        } else {
            ((1.0 - t) / 0.3).max(0.0)
        };
        let scale =
            0.85 + 0.15 * EasingCurve::new(0.0, 1.0, EaseFunction::BackOut).sample_clamped(t * 5.0);
        tf.scale = Vec3::new(scale, scale, 1.0);
        sprite.color.set_alpha(0.85 * alpha);
        for child in children.iter() {
            if let Ok(mut c) = texts.get_mut(child) {
                c.0.set_alpha(alpha);
            }
        }
        if t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}
