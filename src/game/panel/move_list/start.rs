//! The move list's empty room at the start of a game, used
//! ([`crate::game::play::start_notes`]): the player's record against the
//! level faced, and the engine's own book moves for the position on the
//! board. The card sits under the moves and takes the room they leave; it
//! goes once the game is past its start or has nothing to say.

use super::MoveBox;
use crate::engine::Level;
use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase, last_results, level_record, result_shares};
use crate::game::panel::analysis::score_text;
use crate::game::play::explorer::Explorer;
use crate::game::play::move_list::list_style;
use crate::game::play::rating::PlayerRating;
use crate::game::play::session::Session;
use crate::game::play::start_notes::{StartNotes, start_notes};
use crate::game::settings::{CurrentLang, UserSettings};
use crate::game::theme::layout::column;
use crate::game::theme::shape::Shape;
use crate::game::theme::{Fonts, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::notation::format_move;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            show_notes::<false>.run_if(not(in_state(crate::game::play::Play::Course))),
            // A lesson's board is the lesson's: no book moves beside it.
            show_notes::<true>.run_if(in_state(crate::game::play::Play::Course)),
        )
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// The card under the moves.
#[derive(Component)]
pub(super) struct StartCard;

/// Its heading lines and its body.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Part {
    Record,
    Last,
    BookTitle,
    Book,
}

/// The card, hidden until there is something to say.
pub(super) fn card(fonts: &Fonts) -> impl Bundle + use<> {
    let text = |part: Part, size: f32, color: Color| {
        (
            part,
            Text::new(""),
            fonts.ui(size),
            TextColor(color),
            Pickable::IGNORE,
        )
    };
    (
        StartCard,
        column(4.0)
            .display(Display::None)
            .flex_grow(1.0)
            .min_height(Val::Px(0.0))
            .overflow(Overflow::clip_y())
            .padding(UiRect::axes(Val::Px(8.0), Val::Px(6.0)))
            .border_radius(BorderRadius::all(Val::Px(6.0))),
        BackgroundColor(palette::SHADE.with_alpha(0.18)),
        Pickable::IGNORE,
        children![
            text(Part::Record, 14.0, palette::ACCENT),
            text(Part::Last, 13.0, palette::TEXT_DIM),
            text(Part::BookTitle, 14.0, palette::ACCENT),
            text(Part::Book, 14.0, palette::TEXT),
        ],
    )
}

/// The words of each part (empty: the part is hidden).
/// In a short panel each book move keeps only its score.
fn words(
    notes: &StartNotes,
    settings: Option<&UserSettings>,
    compact: bool,
    lang: Lang,
) -> [(Part, String); 4] {
    let (record, last) = notes
        .record
        .as_ref()
        .and_then(|r| Some((r, Level::new(r.level)?)))
        .map_or_else(Default::default, |(r, level)| {
            (
                level_record(level, r.won, r.drawn, r.lost, lang),
                last_results(&r.last, lang),
            )
        });
    let (notation, style) = list_style(settings);
    let book: Vec<String> = notes
        .book
        .iter()
        .map(|b| {
            let mv = format_move(&notes.position, b.mv, notation, style);
            let score = score_text(b.score());
            if compact {
                format!("{mv}   {score}")
            } else {
                let shares = result_shares(b.wins, b.draws, b.losses, lang);
                format!("{mv}   {score}   {shares}")
            }
        })
        .collect();
    let title = if book.is_empty() {
        String::new()
    } else {
        Phrase::StartBook.get(lang).to_string()
    };
    [
        (Part::Record, record),
        (Part::Last, last),
        (Part::BookTitle, title),
        (Part::Book, book.join("\n")),
    ]
}

fn show_notes<const LESSON: bool>(
    session: Res<Session>,
    rating: Res<PlayerRating>,
    explorer: Res<Explorer>,
    settings: Option<Res<UserSettings>>,
    lang: CurrentLang,
    layout: Res<BoardLayout>,
    mut cards: Query<&mut Node, (With<StartCard>, Without<MoveBox>, Without<Part>)>,
    mut boxes: Query<&mut Node, (With<MoveBox>, Without<StartCard>, Without<Part>)>,
    mut parts: Query<(&Part, &mut Text, &mut Node), (Without<StartCard>, Without<MoveBox>)>,
    added: Query<(), Added<StartCard>>,
    mut explorer_was_on: Local<bool>,
) {
    // The explorer's answers change often; only its being shown matters here.
    let explorer_toggled = explorer.is_on() != *explorer_was_on;
    *explorer_was_on = explorer.is_on();
    let settings_changed = settings.as_ref().is_some_and(|s| s.is_changed());
    if !session.is_changed()
        && !explorer_toggled
        && !rating.is_changed()
        && !settings_changed
        && !lang.is_changed()
        && !layout.is_changed()
        && added.is_empty()
    {
        return;
    }
    let with_book = !explorer.is_on();
    let lesson = LESSON;
    let notes = start_notes(&session, rating.peek(), with_book).filter(|_| !lesson);
    let shown = notes.is_some();
    for mut node in &mut cards {
        set_display(&mut node, shown);
    }
    // With the card, the moves take only their own height and the card the
    // rest; without it, the moves take it all.
    let (grow, basis) = if shown {
        (0.0, Val::Auto)
    } else {
        (1.0, Val::Px(0.0))
    };
    // Before the first move the empty list gives its room to the card.
    let moves = !session.game.moves().is_empty();
    for mut node in &mut boxes {
        if node.flex_grow != grow || node.flex_basis != basis {
            node.flex_grow = grow;
            node.flex_basis = basis;
        }
        set_display(&mut node, moves || !shown);
    }
    let compact = layout.compact_panel();
    let words = notes.map(|n| words(&n, settings.as_deref(), compact, *lang));
    for (part, mut text, mut node) in &mut parts {
        let want = words
            .as_ref()
            .and_then(|w| w.iter().find(|(p, _)| p == part))
            .map_or("", |(_, s)| s.as_str());
        set_display(&mut node, !want.is_empty());
        text.set_if_neq(Text(want.to_string()));
    }
}
