//! The clock faces: one per side, large, at the right end of that player's
//! card ([`PlayerCardSlot`]).
//!
//! [`clock_face`] is a self-contained bundle, put into each card's slot as
//! the card appears; [`show_faces`] fills it from [`MatchClock`]. The
//! running clock has a bright border, the last ten seconds turn the face
//! red (and tick, see [`crate::game::play::clock`]), a fallen flag shows
//! "0.0" on a dark red face. A game without clocks hides the faces.
//!
//! It also holds the clocks while the settings card covers the board.

use crate::game::cards::settings::SettingsView;
use crate::game::i18n::clock_text;
use crate::game::panel::player_cards::PlayerCardSlot;
use crate::game::play::clock::{ClockHold, MatchClock};
use crate::game::play::session::Session;
use crate::game::settings::CurrentLang;
use crate::game::theme::shape::{Shape, hidden};
use crate::game::theme::{Fonts, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::Color as Side;
use crate::rules::clock::format_face;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            hold_under_cards.in_set(GameSet::Input),
            (attach_faces, show_faces)
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        ),
    );
}

/// A side's clock face.
#[derive(Component, Clone, Copy)]
pub struct ClockFace(pub Side);

/// The time on a face.
#[derive(Component, Clone, Copy)]
struct FaceTime(Side);

/// The control under the time.
#[derive(Component, Clone, Copy)]
struct FaceCaption(Side);

/// `side`'s clock face: the time large, its control small beneath.
/// Hidden in a game without clocks.
pub fn clock_face(side: Side, fonts: &Fonts) -> impl Bundle + use<> {
    (
        ClockFace(side),
        hidden()
            .flex_direction(FlexDirection::Column)
            .align_items(AlignItems::Center)
            .padding(UiRect::axes(Val::Px(10.0), Val::Px(3.0)))
            .border(UiRect::all(Val::Px(2.0)))
            .border_radius(BorderRadius::all(Val::Px(8.0))),
        BackgroundColor(palette::CLOCK_FACE),
        BorderColor::all(palette::BUTTON_BORDER),
        Pickable::IGNORE,
        children![
            (
                FaceTime(side),
                Text::new(""),
                fonts.ui(30.0),
                TextColor(palette::TEXT),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            ),
            (
                FaceCaption(side),
                Text::new(""),
                fonts.ui(12.0),
                TextColor(palette::TEXT_DIM),
                TextLayout::no_wrap(),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// Each new player card gets its side's face.
fn attach_faces(
    mut commands: Commands,
    slots: Query<(Entity, &PlayerCardSlot), Added<PlayerCardSlot>>,
    fonts: Res<Fonts>,
) {
    for (slot, side) in &slots {
        commands.entity(slot).with_child(clock_face(side.0, &fonts));
    }
}

/// The clocks stop while the settings card is over the board.
fn hold_under_cards(view: Option<Res<State<SettingsView>>>, mut hold: ResMut<ClockHold>) {
    let covered = view.is_some_and(|v| *v.get() == SettingsView::Open);
    if hold.covered != covered {
        hold.covered = covered;
    }
}

fn show_faces(
    clock: Res<MatchClock>,
    lang: CurrentLang,
    mut faces: Query<(
        &ClockFace,
        &mut Node,
        &mut BackgroundColor,
        &mut BorderColor,
    )>,
    mut times: Query<(&FaceTime, &mut Text, &mut TextColor), Without<FaceCaption>>,
    mut captions: Query<(&FaceCaption, &mut Text), Without<FaceTime>>,
) {
    let clock = clock.clock.as_ref();
    for (face, mut node, mut bg, mut border) in &mut faces {
        set_display(&mut node, clock.is_some());
        let Some(c) = clock else {
            continue;
        };
        let v = c.view(face.0);
        let want_bg = if v.flagged {
            palette::CLOCK_FLAGGED
        } else if v.urgent && v.running {
            palette::CLOCK_URGENT
        } else {
            palette::CLOCK_FACE
        };
        bg.set_if_neq(BackgroundColor(want_bg));
        let want_border = if v.running {
            BorderColor::all(palette::ACCENT)
        } else {
            BorderColor::all(palette::BUTTON_BORDER)
        };
        border.set_if_neq(want_border);
    }
    let Some(c) = clock else {
        return;
    };
    for (t, mut text, mut color) in &mut times {
        let v = c.view(t.0);
        let want = if c.control(t.0).is_timed() {
            format_face(v.shown)
        } else {
            "—".to_string()
        };
        text.set_if_neq(Text(want));
        let want_color = if v.running || v.flagged {
            palette::TEXT
        } else {
            palette::TEXT_DIM
        };
        color.set_if_neq(TextColor(want_color));
    }
    for (cap, mut text) in &mut captions {
        let want = clock_text(c.control(cap.0), *lang);
        text.set_if_neq(Text(want));
    }
}
