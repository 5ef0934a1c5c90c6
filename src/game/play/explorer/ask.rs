//! The explorer's questions to the database: asked when the shown
//! position, the filter or the page change (one at a time), the answers
//! and the games opened taken in.

use super::{Answer, Explorer, PAGE};
use crate::engine::book;
use crate::game::Screen;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::browse::{Browse, shown_node, shown_position};
use crate::game::play::editor::Editor;
use crate::game::play::game_db::GameDb;
use crate::game::play::session::{GameOpener, Session};
use crate::rules::Position;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;

/// The position the explorer is about: the editor's arrangement on the
/// editor's screen (when it is a valid position), else what the board of
/// the game shows (the live game, a browsed ply or variation).
fn shown_here(
    screen: &State<Screen>,
    editor: Option<&Editor>,
    session: Option<&Session>,
    browse: Option<&Browse>,
) -> Option<Position> {
    if *screen.get() == Screen::Editor {
        return editor.and_then(|e| e.setup.validate().ok());
    }
    session.map(|s| shown_position(s, browse))
}

/// Asks about the shown position when it, the filter or the page changed.
pub(super) fn follow_the_board(
    mut explorer: ResMut<Explorer>,
    (session, browse): (Option<Res<Session>>, Option<Res<Browse>>),
    (screen, editor): (Res<State<Screen>>, Option<Res<Editor>>),
    db: Res<GameDb>,
) {
    let shown = shown_here(
        &screen,
        editor.as_deref(),
        session.as_deref(),
        browse.as_deref(),
    );
    if explorer.shown != shown {
        explorer.shown = shown;
        explorer.shown_opening = match (screen.get(), session.as_deref(), shown) {
            (Screen::Editor, _, Some(pos)) => crate::ecco::at(&pos),
            (_, Some(s), Some(_)) => {
                let line = s.tree().line_to(shown_node(s, browse.as_deref()));
                crate::ecco::classify(s.tree().start(), &line)
            }
            _ => None,
        };
    }
    // The book is looked up at once (it is in memory), while the explorer
    // is shown.
    if explorer.on
        && let Some(pos) = shown
        && explorer.book.as_ref().is_none_or(|(at, _)| *at != pos)
    {
        explorer.book = Some((pos, book::embedded().moves(&pos)));
    }
    if !explorer.on || explorer.task.is_some() || !db.exists() {
        return;
    }
    let Some(position) = shown else {
        return;
    };
    let question = (position, explorer.filter.clone(), explorer.page);
    if explorer.asked.as_ref() == Some(&question) {
        return;
    }
    // A new position starts at the first page.
    if explorer
        .asked
        .as_ref()
        .is_some_and(|(p, _, _)| *p != position)
        && explorer.page != 0
    {
        explorer.page = 0;
        return;
    }
    explorer.asked = Some(question.clone());
    let (position, filter, page) = question;
    explorer.task = Some(db.run(move |db| {
        let table = db.explore(&position, &filter)?;
        let games = db.games_at(&position, &filter, page * PAGE, PAGE)?;
        Ok(Answer {
            position: Some(position),
            page,
            table,
            games,
        })
    }));
}

pub(super) fn receive_answers(mut explorer: ResMut<Explorer>) {
    let Some(task) = &mut explorer.task else {
        return;
    };
    let Some(answer) = check_ready(task) else {
        return;
    };
    explorer.task = None;
    match answer {
        Ok(answer) => {
            explorer.error = None;
            explorer.answer = Some(answer);
        }
        Err(why) => explorer.error = Some(why.to_string()),
    }
}

pub(super) fn receive_opened(
    mut explorer: ResMut<Explorer>,
    mut opener: GameOpener,
    mut notice: ResMut<Notice>,
) {
    let Some(task) = &mut explorer.opening else {
        return;
    };
    let Some(opened) = check_ready(task) else {
        return;
    };
    explorer.opening = None;
    match opened {
        Ok((stored, ply)) => {
            let ply = ply.min(stored.opened.game.all_moves().len());
            opener.open(stored.opened.game, Some(ply), None);
        }
        Err(why) => notice.post(Phrase::DatabaseFailed, why.to_string(), true),
    }
}
