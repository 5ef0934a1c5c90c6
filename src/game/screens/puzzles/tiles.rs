//! What the puzzle list's tiles and lines share (the classic puzzles, the
//! puzzles from the player's games, the tactics trainer's ways and
//! themes): a tile with its name over a line of detail, its rim, the lines
//! and headings across the list, and the screens' way back.

use crate::game::i18n::{Lang, Phrase};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, Toggled, label, palette};
use crate::game::{GameSet, Screen};
use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

/// "Solved", "Tried · 3" or "Unsolved".
pub(super) fn status_text(solved: bool, attempts: u32, lang: Lang) -> String {
    if solved {
        format!("✓ {}", Phrase::Solved.get(lang))
    } else if attempts > 0 {
        format!("{} · {attempts}", Phrase::Tried.get(lang))
    } else {
        Phrase::Unsolved.get(lang).to_string()
    }
}

/// A puzzle tile's border: thicker once solved.
pub(super) fn rim_width(solved: bool) -> f32 {
    if solved { 2.0 } else { 1.0 }
}

/// A puzzle's button: its name over a line of detail, its border in `rim`.
/// `node` (a [`tile_box`]) sizes it.
pub(super) fn tile(
    node: Node,
    solved: bool,
    rim: Color,
    action: OnPress,
    (name, detail): (String, String),
    fonts: &Fonts,
) -> impl Bundle + use<> {
    (
        Button,
        node,
        BackgroundColor(palette::BUTTON),
        BorderColor::all(rim),
        Toggled(false),
        action,
        children![
            (
                Text::new(name),
                fonts.ui(16.0),
                TextColor(palette::TEXT),
                Pickable::IGNORE,
            ),
            (
                Text::new(detail),
                fonts.ui(13.0),
                TextColor(if solved {
                    palette::ACCENT
                } else {
                    palette::TEXT_DIM
                }),
                Pickable::IGNORE,
            ),
        ],
    )
}

/// A line across the list, centred.
pub(super) fn centred(text: impl Bundle, node: Node) -> impl Bundle {
    (
        text,
        TextLayout::justify(Justify::Center),
        node.width(Val::Percent(100.0)),
    )
}

/// A tile's rim: the accent once solved (or offered first), else plain.
pub(super) fn rim(lit: bool) -> Color {
    if lit {
        palette::ACCENT
    } else {
        palette::BUTTON_BORDER
    }
}

/// A list screen's systems: `spawn` on entering `screen`, and Esc going
/// `back`.
pub(super) fn list_screen<M>(
    app: &mut App,
    screen: Screen,
    spawn: impl IntoScheduleConfigs<ScheduleSystem, M>,
    back: Screen,
) {
    let escape = move |keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>| {
        if keys.just_pressed(KeyCode::Escape) {
            next.set(back);
        }
    };
    app.add_systems(OnEnter(screen), spawn).add_systems(
        Update,
        escape.in_set(GameSet::Input).run_if(in_state(screen)),
    );
}

/// A line of text across the list, centred.
pub(super) fn text_line(text: String, px: f32, color: Color, fonts: &Fonts) -> impl Bundle + use<> {
    centred(
        (
            Text::new(text),
            fonts.ui(px),
            TextColor(color),
            Pickable::IGNORE,
        ),
        Node::default(),
    )
}

/// A heading across the list of tiles.
pub(super) fn list_heading(text: Phrase, lang: Lang, fonts: &Fonts) -> impl Bundle + use<> {
    centred(
        label(text, lang, fonts.ui(20.0), palette::ACCENT),
        plain().margin(UiRect::top(Val::Px(10.0))),
    )
}
