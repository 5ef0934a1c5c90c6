//! The saved-games screen's Review button: on each readable game's row, it
//! opens the game (the row's own click does that) and reviews it as soon as
//! it is on the board ([`ReviewOnOpen`]). Which sides were played by people
//! is read from the record's `Red` and `Black` tags: a side the game saved
//! as the computer ("电脑 3", "AI 3") makes no puzzles of its mistakes.

use crate::game::GameSet;
use crate::game::i18n::{Lang, Phrase};
use crate::game::play::game_review::{ReviewOnOpen, is_computer_name};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, Label, OnPress, button_box};
use crate::store::reviews::Effort;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(in crate::game::screens) fn plugin(app: &mut App) {
    app.add_message::<ReviewSavedGame>()
        .add_systems(Update, on_review.in_set(GameSet::Input));
}

/// Review the game in this file once it is open.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ReviewSavedGame(pub PathBuf);

/// The Review button for a row (placed at its right; the click goes on to
/// the row, which opens the game).
pub fn review_button(path: &Path, lang: Lang, fonts: &Fonts) -> impl Bundle {
    button_box(
        plain()
            .position_type(PositionType::Absolute)
            .right(Val::Px(10.0))
            .top(Val::Px(10.0))
            .padding(UiRect::axes(Val::Px(12.0), Val::Px(5.0))),
        Phrase::ReviewGame.get(lang),
        fonts.ui(15.0),
        Label(Phrase::ReviewGame),
        OnPress::send(ReviewSavedGame(path.to_path_buf())),
    )
}

fn on_review(mut requests: MessageReader<ReviewSavedGame>, mut commands: Commands) {
    let Some(ReviewSavedGame(path)) = requests.read().last() else {
        return;
    };
    let human = match crate::store::record::open_first(path) {
        Ok(g) => [g.tag("Red"), g.tag("Black")].map(|t| !t.is_some_and(is_computer_name)),
        // The row's click reports what is wrong with the file.
        Err(_) => return,
    };
    commands.insert_resource(ReviewOnOpen {
        effort: Effort::Quick,
        human,
    });
}
