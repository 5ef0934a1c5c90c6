//! Keeping the explorer card in step with the answer for the shown
//! position: the heading and the filter, the move rows and their bars, the
//! page of games.

use super::spawn::YearsTitle;
use super::{
    BarPart, ClearPlayer, ExplorerCard, GameRowButton, GameRowText, MineButton, MineText, MoveRow,
    MoveText, OpeningFilterText, OpeningRow, OpeningText, PageLabel, Pager, PlayerText, RowLine,
    Summary, YearText, room,
};
use crate::game::Screen;
use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase, at_move, opening_text};
use crate::game::panel::analysis::score_text;
use crate::game::play::explorer::{Answer, Explorer, ExplorerCommand, Line, PAGE, Source};
use crate::game::play::game_db::{DbImport, GameDb};
use crate::game::play::move_list::list_style;
use crate::game::settings::{CurrentLang, UserSettings};
use crate::game::theme::{OnPress, Toggled, set_display};
use crate::rules::notation::format_move;
use crate::store::db::{GameRow, Tally};
use bevy::prelude::*;

fn tally_text(t: &Tally) -> String {
    format!("+{} ={} −{}", t.wins, t.draws, t.losses)
}

/// The heading: what the database says of the position, or why it says nothing.
fn heading(
    explorer: &Explorer,
    db: &GameDb,
    import: &DbImport,
    answer: Option<&Answer>,
    lang: Lang,
) -> String {
    let title = Phrase::Explorer.get(lang);
    if !db.exists() {
        return Phrase::ExplorerNoDatabase.get(lang).to_string();
    }
    if let Some(p) = import.progress.as_ref().filter(|_| import.running()) {
        return format!(
            "{title} · {} +{}",
            Phrase::DatabaseImporting.get(lang),
            p.added
        );
    }
    if let Some(why) = &explorer.error {
        return format!("{title} · {why}");
    }
    match answer {
        None => format!("{title} · …"),
        Some(a) if a.table.games == 0 => format!("{title} · {}", Phrase::ExplorerNoGames.get(lang)),
        Some(a) => {
            let mine = if a.table.mine.games() > 0 {
                format!(
                    " · {} {}",
                    Phrase::ExplorerYours.get(lang),
                    tally_text(&a.table.mine)
                )
            } else {
                String::new()
            };
            format!(
                "{title} · {} {} · {}{mine}",
                a.table.games,
                Phrase::ExplorerGames.get(lang),
                tally_text(&a.table.all)
            )
        }
    }
}

/// Shows or hides the card and writes its heading.
pub(super) fn show_card(
    (explorer, db, import): (Res<Explorer>, Res<GameDb>, Res<DbImport>),
    lang: CurrentLang,
    mut card: Query<&mut Node, With<ExplorerCard>>,
    mut summary: Query<&mut Text, With<Summary>>,
) {
    let on = explorer.is_on();
    for mut node in &mut card {
        set_display(&mut node, on);
    }
    if !on {
        return;
    }
    let answer = explorer.shown_answer();
    let mut text = heading(&explorer, &db, &import, answer, *lang);
    // Asked again (another filter or page): the old answer until the new one.
    if explorer.is_busy() && answer.is_some() {
        text.push_str(" …");
    }
    for mut t in &mut summary {
        t.set_if_neq(Text(text.clone()));
    }
}

/// The filter of the player's own games: its buttons lit and named.
pub(super) fn show_mine_filter(
    explorer: Res<Explorer>,
    lang: CurrentLang,
    mut buttons: Query<(&MineButton, &mut Toggled)>,
    mut labels: Query<(&MineText, &mut Text)>,
) {
    if !explorer.is_on() {
        return;
    }
    for (b, mut toggled) in &mut buttons {
        toggled.set_if_neq(Toggled(explorer.filter.mine_only == b.0));
    }
    for (b, mut t) in &mut labels {
        let want = if b.0 {
            Phrase::ExplorerMine
        } else {
            Phrase::ExplorerAll
        };
        t.set_if_neq(Text(want.get(*lang).to_string()));
    }
}

/// The shown position's opening, and the opening filter's state; the
/// row hidden while there is neither (the start position, no filter).
pub(super) fn show_opening(
    explorer: Res<Explorer>,
    lang: CurrentLang,
    mut row: Query<&mut Node, (With<OpeningRow>, Without<OpeningText>)>,
    mut name: Query<(&mut Text, &mut Node), (With<OpeningText>, Without<OpeningFilterText>)>,
    mut filter: Query<&mut Text, (With<OpeningFilterText>, Without<OpeningText>)>,
) {
    if !explorer.is_on() || (!explorer.is_changed() && !lang.is_changed()) {
        return;
    }
    let want = explorer
        .opening()
        .map_or_else(String::new, |o| opening_text(&o, *lang));
    for mut node in &mut row {
        set_display(
            &mut node,
            !want.is_empty() || explorer.filter.opening.is_some(),
        );
    }
    for (mut t, mut node) in &mut name {
        set_display(&mut node, !want.is_empty());
        t.set_if_neq(Text(want.clone()));
    }
    let set = match explorer.filter.opening.as_deref() {
        Some(code) if code.len() < 3 => format!("{code}…"),
        Some(code) => code.to_string(),
        None => Phrase::ExplorerAnyOpening.get(*lang).to_string(),
    };
    let label = format!("{}: {set}", Phrase::OpeningLabel.get(*lang));
    for mut t in &mut filter {
        t.set_if_neq(Text(label.clone()));
    }
}

/// Which of `lines` the move rows show, row by row, with `room` rows: the
/// database's first, then the book's; when both have more than fits, the
/// book keeps a third of the rows (at least one).
pub(super) fn visible(lines: &[Line], room: usize) -> Vec<usize> {
    let book: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].source == Source::Book)
        .collect();
    let games: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].source != Source::Book)
        .collect();
    let book_kept = book.len().min((room / 3).max(1)).min(room);
    let games_kept = games.len().min(room - book_kept);
    let book_kept = book.len().min(room - games_kept);
    games[..games_kept]
        .iter()
        .chain(&book[..book_kept])
        .copied()
        .collect()
}

/// A move row's words: the move, its source, its games, and its share of
/// the database's games or the engine's score.
fn line_text(line: &Line, mv: &str, db_games: u32, lang: Lang) -> String {
    let games = line.tally.games();
    match (line.source, line.score) {
        (Source::Book, score) => format!(
            "{mv}  {}  {games}  {}",
            Phrase::ExplorerSourceBook.get(lang),
            score.map_or_else(String::new, score_text)
        ),
        (source, _) => {
            let word = if source == Source::Mine {
                Phrase::ExplorerSourceMine
            } else {
                Phrase::ExplorerSourceDatabase
            };
            let share = 100.0 * f64::from(games) / f64::from(db_games.max(1));
            format!("{mv}  {}  {games}  {share:.0}%", word.get(lang))
        }
    }
}

/// The move rows: the move, its source, its games and share or score, its
/// result bar (its parts as shares of the bar's width); each row's press plays the line it shows.
pub(super) fn show_moves(
    mut commands: Commands,
    explorer: Res<Explorer>,
    (layout, screen): (Res<BoardLayout>, Res<State<Screen>>),
    (settings, lang): (Option<Res<UserSettings>>, CurrentLang),
    mut rows: Query<(Entity, &MoveRow, &mut RowLine, &mut Node)>,
    mut texts: Query<(&MoveText, &mut Text)>,
    mut parts: Query<(&BarPart, &mut Node), Without<MoveRow>>,
) {
    if !explorer.is_on() {
        return;
    }
    let lines = explorer.lines();
    let (room, _) = room(&layout, screen.get());
    let shown = visible(&lines, room);
    let line_of = |slot: usize| shown.get(slot).and_then(|&i| lines.get(i));
    for (entity, row, mut line, mut node) in &mut rows {
        let want = RowLine(shown.get(row.0).copied());
        set_display(&mut node, want.0.is_some());
        if *line != want {
            *line = want;
            if let Some(i) = want.0 {
                commands
                    .entity(entity)
                    .insert(OnPress::send(ExplorerCommand::PlayRow(i)));
            }
        }
    }
    let Some(position) = explorer.shown().copied() else {
        return;
    };
    let db_games: u32 = lines
        .iter()
        .filter(|l| l.source != Source::Book)
        .map(|l| l.tally.games())
        .sum();
    let (notation, style) = list_style(settings.as_deref());
    for (text, mut t) in &mut texts {
        let Some(line) = line_of(text.0) else {
            continue;
        };
        let mv = format_move(&position, line.mv, notation, style);
        t.set_if_neq(Text(line_text(line, &mv, db_games, *lang)));
    }
    for (part, mut node) in &mut parts {
        let Some(line) = line_of(part.0) else {
            continue;
        };
        let t = &line.tally;
        let decided = (t.wins + t.draws + t.losses).max(1) as f32;
        let n = [t.wins, t.draws, t.losses][usize::from(part.1.min(2))] as f32;
        let want = Val::Percent(100.0 * n / decided);
        if node.width != want {
            node.width = want;
        }
    }
}

fn game_text(row: &GameRow, lang: Lang) -> String {
    let name = |n: &str| {
        if n.is_empty() {
            "?".to_string()
        } else {
            n.to_string()
        }
    };
    let result = row.result.map_or("*", |r| r.pgn());
    let date = if row.date.is_empty() {
        "—"
    } else {
        row.date.as_str()
    };
    // The move the game stood at the position before (ply 0 and 1 are
    // move 1's, Red's and Black's).
    let number = row.ply / 2 + 1;
    let at = at_move(number, lang);
    format!(
        "{} – {} · {date} · {result} · {at}",
        name(&row.red),
        name(&row.black)
    )
}

/// The page of games.
pub(super) fn show_games(
    explorer: Res<Explorer>,
    (layout, screen): (Res<BoardLayout>, Res<State<Screen>>),
    lang: CurrentLang,
    mut rows: Query<(&GameRowButton, &mut Node)>,
    mut texts: Query<(&GameRowText, &mut Text)>,
) {
    if !explorer.is_on() {
        return;
    }
    let answer = explorer.shown_answer();
    let games = answer.map_or(&[][..], |a| &a.games[..]);
    let (_, room) = room(&layout, screen.get());
    for (row, mut node) in &mut rows {
        set_display(&mut node, row.0 < games.len().min(room));
    }
    for (text, mut t) in &mut texts {
        if let Some(g) = games.get(text.0) {
            t.set_if_neq(Text(game_text(g, *lang)));
        }
    }
}

/// The games' pager: shown when there are games and room, with the page.
pub(super) fn show_games_pager(
    explorer: Res<Explorer>,
    (layout, screen): (Res<BoardLayout>, Res<State<Screen>>),
    mut pager: Query<&mut Node, With<Pager>>,
    mut label: Query<&mut Text, With<PageLabel>>,
) {
    if !explorer.is_on() {
        return;
    }
    let answer = explorer.shown_answer();
    let games = answer.map_or(&[][..], |a| &a.games[..]);
    let (_, room) = room(&layout, screen.get());
    for mut node in &mut pager {
        set_display(&mut node, room > 0 && !games.is_empty());
    }
    let pages = answer.map_or(1, |a| a.table.games.div_ceil(PAGE).max(1));
    let text = format!("{} / {pages}", answer.map_or(0, |a| a.page) + 1);
    for mut t in &mut label {
        t.set_if_neq(Text(text.clone()));
    }
}

/// The year range: what it is set to, and its title.
pub(super) fn show_years(
    explorer: Res<Explorer>,
    lang: CurrentLang,
    mut years: Query<(&YearText, &mut Text), Without<YearsTitle>>,
    mut title: Query<&mut Text, With<YearsTitle>>,
) {
    if !explorer.is_changed() && !lang.is_changed() {
        return;
    }
    let any = Phrase::ExplorerAnyYear.get(*lang);
    for (y, mut t) in &mut years {
        let set = if y.0 {
            &explorer.filter.since
        } else {
            &explorer.filter.until
        };
        t.set_if_neq(Text(set.clone().unwrap_or_else(|| any.to_string())));
    }
    for mut t in &mut title {
        t.set_if_neq(Text(Phrase::ExplorerYears.get(*lang).to_string()));
    }
}

/// The player: the one chosen, or the line being typed; the clear button
/// while a player is chosen.
pub(super) fn show_player(
    explorer: Res<Explorer>,
    lang: CurrentLang,
    mut player: Query<&mut Text, With<PlayerText>>,
    mut clear: Query<&mut Node, With<ClearPlayer>>,
) {
    if !explorer.is_changed() && !lang.is_changed() {
        return;
    }
    let name = match (&explorer.typing, &explorer.filter.player) {
        (Some(line), _) => format!("{line}|"),
        (None, Some(p)) => p.clone(),
        (None, None) => Phrase::ExplorerAnyPlayer.get(*lang).to_string(),
    };
    let want = format!("{}: {name}", Phrase::ExplorerPlayer.get(*lang));
    for mut t in &mut player {
        t.set_if_neq(Text(want.clone()));
    }
    for mut node in &mut clear {
        set_display(
            &mut node,
            explorer.filter.player.is_some() && explorer.typing.is_none(),
        );
    }
}

#[cfg(test)]
mod tests;
