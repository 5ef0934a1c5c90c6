//! The toast: the latest [`Notice`] in a box at the top of the window, over
//! every screen, for a few seconds (errors longer).

use crate::game::GameSet;
use crate::game::notice::Notice;
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::{card, card_node};
use crate::game::theme::shape::{Shape, hidden};
use crate::game::theme::{Fonts, palette, set_display};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_toast)
        .add_systems(Update, show_toast.in_set(GameSet::Present));
}

/// The toast at the top of the window.
#[derive(Component)]
struct Toast;

/// Seconds a notice stays (errors longer).
const TOAST_SECS: f64 = 4.0;
const TOAST_ERROR_SECS: f64 = 9.0;

fn spawn_toast(mut commands: Commands, fonts: Res<Fonts>) {
    commands.spawn((
        Toast,
        hidden()
            .position_type(PositionType::Absolute)
            .top(Val::Px(10.0))
            .left(Val::Percent(10.0))
            .width(Val::Percent(80.0))
            .justify_content(JustifyContent::Center),
        GlobalZIndex(50),
        Pickable::IGNORE,
        children![(
            card(
                card_node(Vec2::new(14.0, 8.0), 1.0, 8.0).max_width(Val::Percent(100.0)),
                palette::PANEL,
                palette::ACCENT,
            ),
            Pickable::IGNORE,
            children![(
                Text::new(""),
                fonts.ui(16.0),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            )],
        )],
    ));
}

fn show_toast(
    notice: Res<Notice>,
    lang: CurrentLang,
    time: Res<Time>,
    mut shown: Local<(u64, f64)>,
    mut toast: Query<(&mut Node, &Children), With<Toast>>,
    mut boxes: Query<(&mut BorderColor, &Children), Without<Toast>>,
    mut texts: Query<(&mut Text, &mut TextColor)>,
) {
    let now = time.elapsed_secs_f64();
    if notice.serial != shown.0 {
        *shown = (notice.serial, now);
    }
    let Some(current) = &notice.current else {
        return;
    };
    let life = if current.error {
        TOAST_ERROR_SECS
    } else {
        TOAST_SECS
    };
    let visible = notice.serial > 0 && now - shown.1 < life;
    for (mut node, children) in &mut toast {
        set_display(&mut node, visible);
        if !visible || !(notice.is_changed() || lang.is_changed()) {
            continue;
        }
        for child in children.iter() {
            let Ok((mut border, inner)) = boxes.get_mut(child) else {
                continue;
            };
            *border = BorderColor::all(if current.error {
                palette::ILLEGAL
            } else {
                palette::ACCENT
            });
            for t in inner.iter() {
                if let Ok((mut text, mut color)) = texts.get_mut(t) {
                    text.0 = if current.detail.is_empty() {
                        current.what.get(*lang).to_string()
                    } else {
                        format!("{}: {}", current.what.get(*lang), current.detail)
                    };
                    color.0 = if current.error {
                        palette::TOAST_ERROR
                    } else {
                        palette::TEXT
                    };
                }
            }
        }
    }
}
