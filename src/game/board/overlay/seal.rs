//! The seals stamped on the board: 将/帅 with "check" when a general is put
//! in check, the result (胜, 负, 和棋…) when the game ends; each comes down
//! hard, holds, and fades.

use crate::game::Screen;
use crate::game::board::engraving::engraving;
use crate::game::board::layout::BoardLayout;
use crate::game::board::z;
use crate::game::i18n::Phrase;
use crate::game::play::session::{CheckAlert, Session, human_won};
use crate::game::settings::{CurrentLang, UserSettings};
use crate::game::theme::{Fonts, palette};
use crate::rules::{Charset, GameResult, Piece, PieceKind};
use bevy::prelude::*;

/// Seconds the check stamp stays.
const BANNER_SECS: f32 = 1.2;
/// Seconds the result's seal stays (it fades as the card comes).
const RESULT_SECS: f32 = 1.9;

/// A stamp on the board: the check's, or the result's.
#[derive(Component)]
pub(super) struct Banner {
    elapsed: f32,
    secs: f32,
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
pub(super) fn stamp_result(
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

pub(super) fn spawn_banner(
    mut alerts: MessageReader<CheckAlert>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    session: Res<Session>,
    settings: Option<Res<UserSettings>>,
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
    let charset = settings.map_or(Charset::Simplified, |s| s.charset());
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
pub(super) fn fade_banner(
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
