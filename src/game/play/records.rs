//! Game records in and out: Save writes the game as PGN into the saved-games
//! folder, Save as where the player chooses in the desktop's file dialog;
//! Copy FEN / Copy PGN put it on the clipboard; Paste, Open (the file
//! dialog) and a file dropped on the window open a FEN or a record.
//!
//! What happened goes to the [`Notice`]: "saved as …", or what is wrong
//! with a file and where.

use crate::game::GameSet;
use crate::game::desktop::file_dialog::{AskFile, DialogOutcome, FileAnswer, FileWanted};
use crate::game::i18n::{Lang, Phrase};
use crate::game::notice::Notice;
use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::clock::MatchClock;
use crate::game::play::session::{GameOpener, OpenFile, Session};
use crate::game::settings::CurrentLang;
use crate::game::settings::{StorePaths, UserSettings};
use crate::rules::Color as Side;
use crate::rules::notation::Notation;
use crate::rules::pgn::PgnGame;
use crate::rules::records::{MoveTree, write_pgn_tree};
use crate::store::LibraryError;
use crate::store::library;
use crate::store::record::{self, OpenError, OpenedGame};
use bevy::clipboard::Clipboard;
use bevy::prelude::*;
use bevy::window::FileDragAndDrop;

pub(super) fn plugin(app: &mut App) {
    // File drops come from the window; registered here too so the logic
    // runs without one.
    app.add_message::<FileCommand>()
        .add_message::<OpenFile>()
        .add_message::<FileDragAndDrop>()
        .add_systems(Update, handle_files.in_set(GameSet::Rules))
        .add_systems(
            Update,
            (ask_for_files, take_chosen_files)
                .in_set(GameSet::Input)
                .after(crate::game::desktop::file_dialog::DialogSystems),
        );
}

/// Record commands (buttons, shortcuts).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileCommand {
    /// Save the game as PGN in the saved-games folder.
    Save,
    /// Save the game as PGN where the player chooses (the file dialog; the
    /// saved-games folder when there is none).
    SaveAs,
    /// Open a record the player chooses in the file dialog.
    Open,
    /// The shown position's FEN to the clipboard.
    CopyFen,
    /// The game's PGN to the clipboard.
    CopyPgn,
    /// The game's moves as numbered text in the move list's notation
    /// (`1. 炮二平五 马８进７ 2. …`), as players paste them into forums.
    CopyMoves,
    /// Open the FEN or PGN on the clipboard.
    Paste,
}

/// The game as a PGN record with its players and date.
pub fn pgn_of(session: &Session, lang: Lang) -> PgnGame {
    let player = |side: Side| match session.setup.player(side) {
        crate::game::play::session::Player::Human => Phrase::Human.get(lang).to_string(),
        crate::game::play::session::Player::Ai { level } => {
            format!("{} {level}", Phrase::Computer.get(lang))
        }
        crate::game::play::session::Player::Engine { name } => name,
    };
    let now = crate::store::UtcTime::now();
    let (date, time) = (now.pgn_date(), now.pgn_time());
    let red = player(Side::Red);
    let black = player(Side::Black);
    let setup = (*session.game.start() != crate::rules::Position::startpos()).then_some("1");
    let mut game = session.game.clone();
    // The record holds the moves played, not an undone tail.
    let ply = game.ply();
    game.goto(ply);
    let mut pgn = library::pgn_for(
        &game,
        &[
            ("Event", "Xiangqi"),
            ("Red", &red),
            ("Black", &black),
            ("Date", &date),
            ("Time", &time),
        ],
    );
    // A handicap or set-up start: the FEN tag is written with it.
    if let Some(flag) = setup {
        pgn.set_tag("SetUp", flag);
    }
    pgn
}

/// The game as a record writes it: its tags (with the match clock's
/// `TimeControl`) and its tree, each main-line move with the match clock's
/// time after it (no clocks without one).
fn record_of(session: &Session, lang: Lang, clock: Option<&MatchClock>) -> (PgnGame, MoveTree) {
    let mut pgn = pgn_of(session, lang);
    let mut tree = session.tree().clone();
    match clock.and_then(|c| c.clock.as_ref()) {
        Some(c) => c.annotate(&mut pgn, &mut tree),
        None => tree.clear_clocks(),
    }
    (pgn, tree)
}

/// The first game of pasted text or a file's bytes, through the one door
/// ([`crate::store::record`]).
///
/// # Errors
/// What is wrong, naming the format and the move.
pub fn open_record(bytes: &[u8]) -> Result<OpenedGame, OpenError> {
    record::open_bytes(bytes).map(|mut games| games.swap_remove(0))
}

/// Opens a record file on the board (see [`open_on_board`]): a file
/// dropped on the window, typed into the import field, picked from the
/// saved games or named by `--open`.
///
/// # Errors
/// The file that cannot be read, or what is wrong with the record
/// ([`LibraryError::reason`] says it without the file's name); the board
/// is then left as it was.
pub fn open_file_on_board(
    path: &std::path::Path,
    opener: &mut GameOpener,
) -> Result<(), LibraryError> {
    let record = record::open_first(path)?;
    open_on_board(opener, record);
    Ok(())
}

/// Puts an opened record on the board with its clocks, variations and
/// comments: a record opens at its start for replay, a position is played
/// on. Every way into the game (drop, paste, import field, saved games)
/// ends here.
pub fn open_on_board(opener: &mut GameOpener, opened: OpenedGame) {
    let browse = (opened.game.ply() > 0).then_some(0);
    opener.open(opened.game, browse, opened.clock);
}

/// What a copy command puts on the clipboard, and the notice that says so.
fn copied_text(
    command: FileCommand,
    session: &Session,
    browse: &Browse,
    settings: Option<&UserSettings>,
    lang: Lang,
    clock: Option<&MatchClock>,
) -> (String, Phrase) {
    match command {
        FileCommand::CopyFen => (
            shown_position(session, Some(browse)).fen(),
            Phrase::FenCopied,
        ),
        FileCommand::CopyMoves => {
            let (notation, style) = crate::game::play::move_list::list_style(settings);
            let game = &session.game;
            let moves = &game.all_moves()[..game.ply()];
            (
                crate::rules::pgn::moves_text(game.start(), moves, notation, style),
                Phrase::MovesCopied,
            )
        }
        _ => (pgn_text(session, settings, lang, clock), Phrase::PgnCopied),
    }
}

fn handle_files(
    mut commands_in: MessageReader<FileCommand>,
    mut drops: MessageReader<FileDragAndDrop>,
    mut opens: MessageReader<OpenFile>,
    mut opener: GameOpener,
    browse: Res<Browse>,
    paths: Option<Res<StorePaths>>,
    settings: Option<Res<UserSettings>>,
    lang: CurrentLang,
    mut clipboard: Option<ResMut<Clipboard>>,
    mut notice: ResMut<Notice>,
    clock: Option<Res<MatchClock>>,
) {
    let mut pasted: Option<Result<OpenedGame, OpenError>> = None;
    for command in commands_in.read() {
        match command {
            FileCommand::Save => {
                let Some(session) = opener.session() else {
                    continue;
                };
                save_game(
                    session,
                    paths.as_deref(),
                    *lang,
                    clock.as_deref(),
                    &mut notice,
                );
            }
            FileCommand::CopyFen | FileCommand::CopyPgn | FileCommand::CopyMoves => {
                let Some(session) = opener.session() else {
                    continue;
                };
                let (text, copied) = copied_text(
                    *command,
                    session,
                    &browse,
                    settings.as_deref(),
                    *lang,
                    clock.as_deref(),
                );
                copy(clipboard.as_deref_mut(), text, copied, &mut notice);
            }
            // The file dialog's (`ask_for_files`).
            FileCommand::SaveAs | FileCommand::Open => {}
            FileCommand::Paste => {
                if let Some(read) = paste(clipboard.as_deref_mut(), &mut notice) {
                    pasted = Some(read);
                }
            }
        }
    }
    let dropped = drops.read().filter_map(|drop| match drop {
        FileDragAndDrop::DroppedFile { path_buf, .. } => Some(path_buf),
        _ => None,
    });
    for path in opens.read().map(|OpenFile(path)| path).chain(dropped) {
        open_path(path, &mut opener, &mut notice);
    }
    let source = Phrase::Clipboard.get(*lang);
    match pasted {
        Some(Ok(record)) => {
            notice.post(Phrase::Opened, source, false);
            open_on_board(&mut opener, record);
        }
        Some(Err(e)) => notice.post(Phrase::CannotOpen, format!("{source}: {e}"), true),
        None => {}
    }
}

/// Puts `text` on the clipboard; the notice says `copied` or why not.
fn copy(clipboard: Option<&mut Clipboard>, text: String, copied: Phrase, notice: &mut Notice) {
    let line = first_line(&text);
    match clipboard.map(|c| c.set_text(text)) {
        Some(Ok(())) => notice.post(copied, line, false),
        Some(Err(e)) => notice.post(Phrase::ClipboardFailed, e.to_string(), true),
        None => notice.post(Phrase::ClipboardFailed, "no clipboard", true),
    }
}

/// The record on the clipboard, read (`None`, and the notice says why,
/// when the clipboard cannot be read).
fn paste(
    clipboard: Option<&mut Clipboard>,
    notice: &mut Notice,
) -> Option<Result<OpenedGame, OpenError>> {
    match clipboard.map(|c| c.fetch_text().poll_result()) {
        Some(Some(Ok(text))) => return Some(open_record(text.as_bytes())),
        Some(Some(Err(e))) => notice.post(Phrase::ClipboardFailed, e.to_string(), true),
        _ => notice.post(Phrase::ClipboardFailed, "no clipboard", true),
    }
    None
}

/// Opens the record file at `path` on the board; the notice says so, or
/// what is wrong with it.
fn open_path(path: &std::path::Path, opener: &mut GameOpener, notice: &mut Notice) {
    let source = path.display().to_string();
    match open_file_on_board(path, opener) {
        Ok(()) => notice.post(Phrase::Opened, source, false),
        Err(e) => notice.post(
            Phrase::CannotOpen,
            format!("{source}: {}", e.reason()),
            true,
        ),
    }
}

/// Open and Save as ask the file dialog.
fn ask_for_files(
    mut commands_in: MessageReader<FileCommand>,
    session: Option<Res<Session>>,
    lang: CurrentLang,
    mut ask: MessageWriter<AskFile>,
) {
    for command in commands_in.read() {
        match command {
            FileCommand::Open => {
                ask.write(AskFile(FileWanted::OpenRecord));
            }
            FileCommand::SaveAs => {
                let Some(session) = session.as_deref() else {
                    continue;
                };
                let name = format!("{}.pgn", library::file_stem(&pgn_of(session, *lang)));
                ask.write(AskFile(FileWanted::SaveRecord(name)));
            }
            _ => {}
        }
    }
}

/// A record chosen is opened; the game is saved where the player chose
/// (or, without a dialog, in the saved-games folder).
fn take_chosen_files(
    mut answers: MessageReader<FileAnswer>,
    mut opens: MessageWriter<OpenFile>,
    session: Option<Res<Session>>,
    paths: Option<Res<StorePaths>>,
    lang: CurrentLang,
    clock: Option<Res<MatchClock>>,
    mut notice: ResMut<Notice>,
) {
    for answer in answers.read() {
        if let Some(chosen) = answer.chosen_for(|w| *w == FileWanted::OpenRecord) {
            opens.write(OpenFile(chosen[0].clone()));
            continue;
        }
        let saving = |w: &FileWanted| matches!(w, FileWanted::SaveRecord(_));
        let Some(session) = session.as_deref() else {
            continue;
        };
        if let Some(chosen) = answer.chosen_for(saving) {
            let (pgn, tree) = record_of(session, *lang, clock.as_deref());
            match library::save_pgn_tree_as(&chosen[0], &pgn, &tree) {
                Ok(path) => notice.post(Phrase::SavedAs, path.display().to_string(), false),
                Err(e) => notice.post(Phrase::NotSavedGame, e.to_string(), true),
            }
        } else if let DialogOutcome::NoDialog(why) = &answer.outcome
            && saving(&answer.wanted)
        {
            // Where it went, and why not where the player would have chosen.
            save_game(
                session,
                paths.as_deref(),
                *lang,
                clock.as_deref(),
                &mut notice,
            );
            notice.append(&format!("{}: {why}", Phrase::NoFileDialog.get(*lang)));
        }
    }
}

/// Saves the game in the games folder (as a PGN with its variations,
/// comments and clocks).
fn save_game(
    session: &Session,
    paths: Option<&StorePaths>,
    lang: Lang,
    clock: Option<&MatchClock>,
    notice: &mut Notice,
) {
    let Some(dir) = paths.and_then(|p| p.0.as_ref()).map(|p| p.games_dir()) else {
        notice.post(Phrase::NotSavedGame, "no data folder", true);
        return;
    };
    let (pgn, tree) = record_of(session, lang, clock);
    match library::save_pgn_tree(&dir, &pgn, &tree) {
        Ok(path) => notice.post(Phrase::SavedAs, path.display().to_string(), false),
        Err(e) => notice.post(Phrase::NotSavedGame, e.to_string(), true),
    }
}

/// The game as PGN text, its moves in the settings' notation.
fn pgn_text(
    session: &Session,
    settings: Option<&UserSettings>,
    lang: Lang,
    clock: Option<&MatchClock>,
) -> String {
    // The file keeps one of PGN's notations (Chinese, not the Vietnamese
    // form), in the list's characters.
    let notation = settings.map_or(Notation::Chinese, |s| s.notation);
    let style = crate::game::play::move_list::list_style(settings).1;
    let (pgn, tree) = record_of(session, lang, clock);
    write_pgn_tree(&pgn.tags, &tree, pgn.result, notation, style)
}

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or_default();
    let short: String = line.chars().take(60).collect();
    if short.len() < line.len() {
        format!("{short}…")
    } else {
        short
    }
}

#[cfg(test)]
mod tests;
