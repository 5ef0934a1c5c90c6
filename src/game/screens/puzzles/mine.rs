//! The "from my games" part of the puzzle list: the positions before the
//! player's own mistakes (and the positions they set up), newest first,
//! each with its progress and a Remove button.

use super::tiles::{centred, rim_width, status_text, text_line, tile};
use crate::game::i18n::{Lang, Phrase, comes_back, due_today, side_name};
use crate::game::notice::Notice;
use crate::game::play::move_list::list_style;
use crate::game::play::my_puzzle::{MyPuzzleStore, NextMyPuzzle, RemoveMyPuzzle, StartMyPuzzle};
use crate::game::settings::{CurrentLang, StorePaths, UserSettings};
use crate::game::theme::judgement::{judgement_color, judgement_word};
use crate::game::theme::layout::{tile_box, wrapping_row};
use crate::game::theme::shape::{Shape, plain};
use crate::game::theme::{Fonts, OnPress, button, label, palette};
use crate::rules::Color as Side;
use crate::rules::notation::{ChineseStyle, Notation, format_move};
use crate::store::my_puzzles::MyPuzzle;
use crate::store::{UtcTime, now_unix};
use bevy::prelude::*;

/// The "from my games" part of the list.
#[derive(Component)]
pub(super) struct MySection;

/// The part's box, filled by [`fill_my_puzzles`].
pub(super) fn section() -> impl Bundle {
    (
        MySection,
        wrapping_row(8.0)
            .justify_content(JustifyContent::Center)
            .width(Val::Percent(100.0))
            .flex_shrink(0.0),
        Pickable::IGNORE,
    )
}

/// How a move of the list is written (the settings' notation).
#[derive(Clone, Copy)]
struct Writing(Notation, ChineseStyle);

/// Fills the "from my games" part when the screen opens and after a
/// puzzle is added or removed.
pub(super) fn fill_my_puzzles(
    mut commands: Commands,
    sections: Query<Entity, With<MySection>>,
    added: Query<(), Added<MySection>>,
    mut store: ResMut<MyPuzzleStore>,
    paths: Option<Res<StorePaths>>,
    mut notice: ResMut<Notice>,
    fonts: Res<Fonts>,
    lang: CurrentLang,
    mut shown: Local<Option<u64>>,
    settings: Option<Res<UserSettings>>,
) {
    let Ok(section) = sections.single() else {
        return;
    };
    let version = store.version();
    if added.is_empty() && *shown == Some(version) {
        return;
    }
    *shown = Some(version);
    let lang = *lang;
    let mine = store.get(paths.as_deref(), &mut notice).clone();
    let (notation, style) = list_style(settings.as_deref());
    let writing = Writing(notation, style);
    let now = now_unix();
    let due = mine.due(now);
    let mut section = commands.entity(section);
    section.despawn_children();
    section.with_children(|s| {
        let count = (mine.solved(), mine.puzzles.len());
        spawn_head(s, count, due, lang, &fonts);
        // Newest first.
        for (n, p) in mine.puzzles.iter().enumerate().rev() {
            s.spawn(my_tile(n, p, writing, lang, &fonts, now));
        }
    });
}

/// The part's head: how many of how many are solved and due, Practise
/// for the ones due, what the two kinds of puzzle ask (and a word when
/// there are none yet).
fn spawn_head(
    s: &mut ChildSpawnerCommands,
    (solved, total): (usize, usize),
    due: usize,
    lang: Lang,
    fonts: &Fonts,
) {
    let line = |text: String, px: f32, color: Color| text_line(text, px, color, fonts);
    let mut head = format!(
        "{}   {} {solved} / {total}",
        Phrase::MyPuzzles.get(lang),
        Phrase::Solved.get(lang),
    );
    if due > 0 {
        head.push_str(&format!("   ·   {}", due_today(due, lang)));
    }
    s.spawn(line(head, 20.0, palette::ACCENT));
    // Practise the ones due, one after another.
    if due > 0 {
        s.spawn((
            plain()
                .width(Val::Percent(100.0))
                .justify_content(JustifyContent::Center),
            Pickable::IGNORE,
            children![button(
                Phrase::PractiseDue,
                lang,
                fonts,
                15.0,
                OnPress::send(NextMyPuzzle),
            )],
        ));
    }
    // What the two kinds of puzzle ask.
    s.spawn(line(
        format!(
            "{}   ·   {} · {}",
            Phrase::FromMyGames.get(lang),
            Phrase::MyPosition.get(lang),
            Phrase::FindBestMove.get(lang)
        ),
        14.0,
        palette::TEXT_DIM,
    ));
    if total == 0 {
        s.spawn(centred(
            label(
                Phrase::MyPuzzlesEmpty,
                lang,
                fonts.ui(15.0),
                palette::TEXT_DIM,
            ),
            Node::default(),
        ));
    }
}

/// One puzzle of mine: its button, and Remove beside it.
fn my_tile(
    n: usize,
    p: &MyPuzzle,
    writing: Writing,
    lang: Lang,
    fonts: &Fonts,
    now: u64,
) -> impl Bundle + use<> {
    let rim = if p.solved {
        palette::ACCENT
    } else if p.composed {
        palette::BUTTON_BORDER
    } else {
        judgement_color(p.judgement())
    };
    let node = tile_box(rim_width(p.solved)).flex_grow(1.0);
    (
        plain().width(Val::Px(270.0)).column_gap(Val::Px(4.0)),
        Pickable::IGNORE,
        children![
            tile(
                node,
                p.solved,
                rim,
                OnPress::send(StartMyPuzzle(p.id.clone())),
                tile_lines(n, p, writing, lang, now),
                fonts,
            ),
            button(
                Phrase::Remove,
                lang,
                fonts,
                13.0,
                OnPress::send(RemoveMyPuzzle(p.id.clone())),
            ),
        ],
    )
}

/// "3. Red · Mistake · due today" over "05-12 · 14. 炮二平五? · Unsolved".
fn tile_lines(n: usize, p: &MyPuzzle, writing: Writing, lang: Lang, now: u64) -> (String, String) {
    let side = p.side().unwrap_or(Side::Red);
    let status = status_text(p.solved, p.attempts, lang);
    let added = UtcTime::from_unix(p.added);
    let kind = if p.composed {
        Phrase::MyPosition.get(lang).to_string()
    } else {
        judgement_word(p.judgement(), lang).to_string()
    };
    let name = format!(
        "{}. {} · {kind} · {}",
        n + 1,
        side_name(side, lang),
        comes_back(p.schedule.days_left(now), lang)
    );
    let detail = if p.composed {
        format!(
            "{} · {} · {status}",
            added.month_day(),
            Phrase::FindBestMove.get(lang)
        )
    } else {
        format!(
            "{} · {}{} {} · {status}",
            added.month_day(),
            p.ply / 2 + 1,
            if side == Side::Red { "." } else { "…" },
            played(p, writing)
        )
    };
    (name, detail)
}

/// The mistake in the notation of the move list, with its symbol.
fn played(p: &MyPuzzle, Writing(notation, style): Writing) -> String {
    match (p.position(), p.played_move()) {
        (Some(pos), Some(m)) => format!(
            "{}{}",
            format_move(&pos, m, notation, style),
            p.judgement().symbol()
        ),
        _ => p.played.clone(),
    }
}
