//! Over the board: the brief 将/帅 stamp when a general is put in check, and
//! the game's end — a seal with the result (胜, 负, 和棋…) slams onto the
//! board, then the game-over card (result, reason, New game / Menu) rises.

use crate::game::board::engraving::engraving;
use crate::game::board::layout::BoardLayout;
use crate::game::board::z;
use crate::game::i18n::{Lang, Phrase, reason_text, result_text};
use crate::game::play::Turn;
use crate::game::play::game_review::ReviewRequest;
use crate::game::play::session::{CheckAlert, GameCommand, Session, human_won};
use crate::game::settings::CurrentLang;
use crate::game::theme::{Fonts, OnPress, button, palette};
use crate::game::{GameSet, Screen};
use crate::rules::{GameResult, Piece, PieceKind};
use crate::store::reviews::Effort;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Turn::Over), (spawn_game_over, stamp_result))
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

const OVERLAY_DELAY: f32 = 1.5;

/// Seconds the card takes to rise into place.
const CARD_RISE: f32 = 0.35;

/// The card's computed texts (retranslated when the language changes).
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum CardText {
    Headline,
    Detail,
}

/// Seconds the check stamp stays.
const BANNER_SECS: f32 = 1.2;
/// Seconds the result's seal stays (it fades as the card comes).
const RESULT_SECS: f32 = 1.9;

/// A stamp on the board: the check's, or the result's.
#[derive(Component)]
struct Banner {
    elapsed: f32,
    secs: f32,
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
            ResultCard,
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
            BoxShadow::new(
                Color::srgba(0.0, 0.0, 0.0, 0.55),
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
                    Node {
                        column_gap: Val::Px(12.0),
                        margin: UiRect::top(Val::Px(8.0)),
                        ..default()
                    },
                    Pickable::IGNORE,
                    children![
                        button(
                            Phrase::NewGame,
                            lang,
                            &fonts,
                            20.0,
                            OnPress::send(GameCommand::NewGame)
                        ),
                        button(
                            Phrase::Menu,
                            lang,
                            &fonts,
                            20.0,
                            OnPress::send(GameCommand::Menu)
                        ),
                        // Review the game just ended.
                        button(
                            Phrase::ReviewGame,
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

/// A square red seal on the board, turned a little, with `text` cut in
/// pale characters (one or two), and `caption` under it.
fn seal(
    commands: &mut Commands,
    layout: &BoardLayout,
    fonts: &Fonts,
    text: &str,
    caption: Option<&str>,
    secs: f32,
) {
    let cell = layout.cell;
    let chars = text.chars().count().max(1) as f32;
    let side = cell * if chars > 1.0 { 2.6 } else { 1.9 };
    let glyph = side * if chars > 1.0 { 0.42 } else { 0.66 };
    let mut root = commands.spawn((
        Banner { elapsed: 0.0, secs },
        Sprite::from_color(palette::SEAL, Vec2::splat(side)),
        Transform::from_translation(layout.center.extend(z::BANNER))
            .with_rotation(Quat::from_rotation_z(0.12)),
        DespawnOnExit(Screen::Playing),
    ));
    root.with_children(|p| {
        // A pale line cut inside the edge.
        p.spawn((
            Sprite::from_color(palette::PIECE_FACE, Vec2::splat(side * 0.88)),
            Transform::from_xyz(0.0, 0.0, 0.1),
        ));
        p.spawn((
            Sprite::from_color(palette::SEAL, Vec2::splat(side * 0.82)),
            Transform::from_xyz(0.0, 0.0, 0.2),
        ));
        p.spawn((
            Text2d::new(text.to_string()),
            fonts.pieces(glyph.round()),
            TextColor(palette::PIECE_FACE),
            Transform::from_xyz(0.0, 0.0, 0.3),
        ));
        if let Some(caption) = caption {
            p.spawn((
                Sprite::from_color(
                    palette::PANEL.with_alpha(0.9),
                    Vec2::new(side * 1.3, cell * 0.62),
                ),
                Transform::from_xyz(0.0, -side * 0.5 - cell * 0.45, 0.4),
            ));
            p.spawn((
                Text2d::new(caption.to_string()),
                fonts.ui((cell * 0.4).round()),
                TextColor(palette::TEXT),
                Transform::from_xyz(0.0, -side * 0.5 - cell * 0.45, 0.5),
            ));
        }
    });
}

/// The game's end: a seal with the result (the player's 胜 or 负, or who won).
fn stamp_result(
    mut commands: Commands,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    fonts: Res<Fonts>,
    old: Query<Entity, With<Banner>>,
) {
    let Some(outcome) = session.game.outcome() else {
        return;
    };
    for e in &old {
        commands.entity(e).despawn();
    }
    let text = match (human_won(&session), outcome.result) {
        (Some(true), _) => "胜",
        (Some(false), _) => "负",
        (None, GameResult::Draw) => "和棋",
        (None, GameResult::RedWins) => "红胜",
        (None, GameResult::BlackWins) => "黑胜",
    };
    seal(&mut commands, &layout, &fonts, text, None, RESULT_SECS);
}

fn spawn_banner(
    mut alerts: MessageReader<CheckAlert>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    session: Res<Session>,
    settings: Option<Res<crate::game::settings::UserSettings>>,
    old: Query<Entity, With<Banner>>,
) {
    let Some(alert) = alerts.read().last().copied() else {
        return;
    };
    // A check that ends the game gets the result's seal instead.
    if session.game.outcome().is_some() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let charset = settings.map_or(crate::rules::Charset::Simplified, |s| s.charset());
    let general = engraving(
        Piece {
            color: alert.side,
            kind: PieceKind::General,
        },
        charset,
    );
    seal(
        &mut commands,
        &layout,
        &fonts,
        general,
        Some(Phrase::Check.get(*lang)),
        BANNER_SECS,
    );
}

/// A stamp comes down hard (large and faint to its size), holds, and fades.
fn fade_banner(
    mut commands: Commands,
    time: Res<Time>,
    mut banners: Query<(Entity, &mut Banner, &mut Sprite, &mut Transform, &Children)>,
    mut parts: Query<&mut Sprite, Without<Banner>>,
    mut texts: Query<&mut TextColor, (Without<Banner>, Without<Sprite>)>,
) {
    for (e, mut banner, mut sprite, mut tf, children) in &mut banners {
        banner.elapsed += time.delta_secs();
        let t = banner.elapsed / banner.secs;
        let down = (banner.elapsed / 0.16).min(1.0);
        let alpha = if t < 0.75 {
            down
        } else {
            ((1.0 - t) / 0.25).max(0.0)
        };
        // From 1.8× to 1× (ease in: it lands), then a small settle.
        let landing = 1.0 + 0.8 * (1.0 - down * down);
        let settle = if down >= 1.0 {
            1.0 - 0.04
                * ((banner.elapsed - 0.16) * 18.0).sin()
                * (-(banner.elapsed - 0.16) * 9.0).exp()
        } else {
            1.0
        };
        let scale = landing * settle;
        tf.scale = Vec3::new(scale, scale, 1.0);
        sprite.color.set_alpha(alpha);
        for child in children.iter() {
            if let Ok(mut s) = parts.get_mut(child) {
                // The caption's ground stays a little see-through.
                let keep = if s.custom_size.is_some_and(|z| z.x > z.y * 1.5) {
                    0.9
                } else {
                    1.0
                };
                s.color.set_alpha(alpha * keep);
            }
            if let Ok(mut c) = texts.get_mut(child) {
                c.0.set_alpha(alpha);
            }
        }
        if t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}
