//! What the cards of a puzzle on the board share (the puzzle's, the
//! puzzle from the player's games', the trainer's): at the top of the
//! panel while their puzzle is on the board, a column of text lines — each
//! its size and first colour, its words refreshed by the card — over a
//! row of buttons; a size smaller in a short panel, so the moves and their
//! buttons below keep some room.

use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase};
use crate::game::panel::{InfoColumn, dock_first};
use crate::game::play::Play;
use crate::game::play::session::Session;
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::{centred_row, panel_card};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, button};
use crate::game::{GameSet, Screen};
use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

/// A card of a puzzle on the board: its marker.
pub(crate) trait ExerciseCard: Component + Default {
    /// The puzzle's resource: the card is there while it is.
    type Puzzle: Resource;
    /// A line's marker.
    type Line: Component + Copy;
    /// The lines, top to bottom: marker, font size and first colour.
    const LINES: &'static [(Self::Line, f32, Color)];
    /// The buttons under the lines.
    fn buttons() -> Vec<(Phrase, OnPress)>;
}

/// Every puzzle card, whatever its kind, and whether it is drawn for a
/// short panel.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PuzzleCardBox {
    compact: bool,
}

/// A line's size in a short panel or not.
fn line_px(px: f32, compact: bool) -> f32 {
    if compact { (px - 2.0).max(12.0) } else { px }
}

/// The buttons' size in a short panel or not.
fn button_px(compact: bool) -> f32 {
    if compact { 12.0 } else { 14.0 }
}

/// Adds card `C`: spawned while its puzzle is on the board (and gone with
/// it; drawn again when the panel becomes short or tall), docked first in
/// the panel's information column, its words set by `refresh` after.
pub(crate) fn add_card<C: ExerciseCard, M>(
    app: &mut App,
    refresh: impl IntoScheduleConfigs<ScheduleSystem, M>,
) {
    app.add_systems(
        Update,
        (spawn_card::<C>, dock_first::<C, InfoColumn>, refresh)
            .chain()
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// Spawns card `C` when its puzzle comes (also from one puzzle to the
/// next, when the mode changes), despawns it when the puzzle goes, and
/// draws it again at the other size when the panel's height crosses the
/// short panel's.
fn spawn_card<C: ExerciseCard>(
    mut commands: Commands,
    puzzle: Option<Res<C::Puzzle>>,
    cards: Query<(Entity, &PuzzleCardBox), With<C>>,
    (fonts, layout): (Res<Fonts>, Res<BoardLayout>),
    lang: CurrentLang,
) {
    let want = puzzle.is_some().then_some(PuzzleCardBox {
        compact: layout.compact_panel(),
    });
    let mut have = None;
    for (card, drawn) in &cards {
        if Some(*drawn) == want {
            have = Some(card);
        } else {
            commands.entity(card).despawn();
        }
    }
    let Some(size) = want.filter(|_| have.is_none()) else {
        return;
    };
    let lang = *lang;
    commands
        .spawn((
            C::default(),
            size,
            panel_card(),
            DespawnOnExit(Play::Puzzle),
        ))
        .with_children(|card| {
            for &(line, px, color) in C::LINES {
                card.spawn(card_line(line, line_px(px, size.compact), color, &fonts));
            }
            let px = button_px(size.compact);
            card.spawn(button_row(C::buttons(), lang, &fonts, px));
        });
}

/// A line of a card: centred, wrapping within the card.
fn card_line(line: impl Component, px: f32, color: Color, fonts: &Fonts) -> impl Bundle {
    (
        line,
        Text::new(""),
        fonts.ui(px),
        TextColor(color),
        TextLayout::justify(Justify::Center),
        plain().max_width(Val::Percent(100.0)),
        Pickable::IGNORE,
    )
}

/// The card's buttons, in a centred row that wraps.
fn button_row(buttons: Vec<(Phrase, OnPress)>, lang: Lang, fonts: &Fonts, px: f32) -> impl Bundle {
    let fonts = fonts.clone();
    (
        centred_row(6.0),
        Pickable::IGNORE,
        Children::spawn(SpawnWith(move |row: &mut ChildSpawner| {
            for (text, action) in buttons {
                row.spawn(button(text, lang, &fonts, px, action));
            }
        })),
    )
}
