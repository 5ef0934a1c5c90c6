//! Pictures out of the game: [`ExportPicture`] asks the desktop's file
//! dialog where, then writes the shown position as a PNG and the game so
//! far as an animated GIF beside it under the same name ([`crate::render`]),
//! off the main thread, drawn as the board is shown (its piece set and
//! theme), and says where in a notice. Without a dialog they
//! go into the player's pictures folder (documents, or the game's data
//! folder, when there is none), and the notice says why.
//!
//! With `XIANGQI_HOME` set (tests, portable installs) the pictures go to
//! `$XIANGQI_HOME/pictures`.

use crate::game::GameSet;
use crate::game::desktop::file_dialog::{
    AskFile, DialogOutcome, DialogSystems, FileAnswer, FileWanted,
};
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::browse::{Browse, shown_last_move, shown_position};
use crate::game::play::session::Session;
use crate::game::settings::{CurrentLang, StorePaths, UserSettings};
use crate::render::{Options, gif, png};
use crate::rules::{Move, Position};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ExportPicture>()
        .add_systems(Update, ask_where.in_set(GameSet::Input))
        .add_systems(
            Update,
            (start_export, finish_export)
                .chain()
                .in_set(GameSet::Rules)
                .after(DialogSystems),
        );
}

/// Write the shown position (PNG) and the game (GIF) as pictures.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportPicture;

/// An export in flight: the files written, or what went wrong; and why
/// not where the player would have chosen (no dialog).
#[derive(Resource)]
struct Exporting(Task<Result<Vec<PathBuf>, ExportError>>, Option<String>);

/// Why pictures could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The picture could not be drawn.
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
    /// A folder or file could not be written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The folder or file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// Where pictures go: `$XIANGQI_HOME/pictures`, else the pictures folder,
/// else documents, else the data folder's `pictures`.
pub fn pictures_dir(paths: Option<&crate::store::Paths>) -> Option<PathBuf> {
    if std::env::var_os(crate::store::paths::HOME_ENV).is_some_and(|h| !h.is_empty()) {
        return paths.map(|p| p.data_dir().join("pictures"));
    }
    let user = directories::UserDirs::new();
    user.as_ref()
        .and_then(|u| u.picture_dir().or(u.document_dir()).map(Path::to_path_buf))
        .map(|d| d.join("Xiangqi"))
        .or_else(|| paths.map(|p| p.data_dir().join("pictures")))
}

/// Renders and writes `xiangqi-<stamp>.png` (the position) and, when the
/// game has moves, `xiangqi-<stamp>.gif` into `dir`, each atomically.
///
/// # Errors
/// The render or I/O error, naming the file.
pub fn write_pictures(
    dir: &Path,
    stem: &str,
    shown: &Position,
    last_move: Option<Move>,
    start: &Position,
    moves: &[Move],
    look: &Options,
) -> Result<Vec<PathBuf>, ExportError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| ExportError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut written = Vec::new();
    let options = Options {
        caption: None,
        last_move,
        ..look.clone()
    };
    let picture = png(shown, &options)?;
    let path = dir.join(format!("{stem}.png"));
    crate::store::atomic::write_atomic(&path, &picture).map_err(io(&path))?;
    written.push(path);
    if !moves.is_empty() {
        let options = Options {
            caption: None,
            last_move: None,
            ..look.clone()
        };
        let anim = gif(start, moves, &options)?;
        let path = dir.join(format!("{stem}.gif"));
        crate::store::atomic::write_atomic(&path, &anim).map_err(io(&path))?;
        written.push(path);
    }
    Ok(written)
}

/// `xiangqi-<stamp>`, the name offered.
fn stamped_stem() -> String {
    format!("xiangqi-{}", crate::store::UtcTime::now().file_stamp())
}

/// Export asks where.
fn ask_where(mut requests: MessageReader<ExportPicture>, mut ask: MessageWriter<AskFile>) {
    if requests.read().count() > 0 {
        ask.write(AskFile(FileWanted::SavePicture(format!(
            "{}.png",
            stamped_stem()
        ))));
    }
}

#[allow(clippy::too_many_arguments)]
fn start_export(
    mut answers: MessageReader<FileAnswer>,
    mut commands: Commands,
    session: Option<Res<Session>>,
    browse: Res<Browse>,
    paths: Option<Res<StorePaths>>,
    exporting: Option<Res<Exporting>>,
    lang: CurrentLang,
    settings: Option<Res<UserSettings>>,
    mut notice: ResMut<Notice>,
) {
    let picture = |w: &FileWanted| matches!(w, FileWanted::SavePicture(_));
    let mut place = None;
    for answer in answers.read() {
        if let Some(chosen) = answer.chosen_for(picture) {
            let file = &chosen[0];
            let stem = file
                .file_stem()
                .map_or_else(stamped_stem, |s| s.to_string_lossy().into_owned());
            let dir = file
                .parent()
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
            place = Some((Some(dir), stem, None));
        } else if let DialogOutcome::NoDialog(why) = &answer.outcome
            && picture(&answer.wanted)
        {
            let dir = pictures_dir(paths.as_ref().and_then(|p| p.0.as_ref()));
            let why = format!("{}: {why}", Phrase::NoFileDialog.get(*lang));
            place = Some((dir, stamped_stem(), Some(why)));
        }
    }
    let Some((dir, stem, why)) = place else {
        return;
    };
    if exporting.is_some() {
        return;
    }
    let Some(session) = session else {
        return;
    };
    let Some(dir) = dir else {
        notice.post(Phrase::ExportFailed, "no folder for pictures", true);
        return;
    };
    let shown = shown_position(&session, Some(&browse));
    let last = shown_last_move(&session, Some(&browse));
    let start = *session.game.start();
    let moves = session.game.moves().to_vec();
    // Drawn as the board is shown: its side at the bottom, its pieces and theme.
    let look = Options {
        flip: session.flipped,
        pieces: settings
            .as_ref()
            .map_or_else(Default::default, |s| s.piece_set),
        theme: settings
            .as_ref()
            .map_or_else(Default::default, |s| s.board_theme),
        ..Options::default()
    };
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { write_pictures(&dir, &stem, &shown, last, &start, &moves, &look) });
    commands.insert_resource(Exporting(task, why));
}

fn finish_export(
    mut commands: Commands,
    exporting: Option<ResMut<Exporting>>,
    mut notice: ResMut<Notice>,
) {
    let Some(mut exporting) = exporting else {
        return;
    };
    let Some(result) = check_ready(&mut exporting.0) else {
        return;
    };
    commands.remove_resource::<Exporting>();
    match result {
        Ok(paths) => {
            let list: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            notice.post(Phrase::ExportedTo, list.join("\n"), false);
            if let Some(why) = &exporting.1 {
                notice.append(why);
            }
        }
        Err(e) => notice.post(Phrase::ExportFailed, e.to_string(), true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;

    #[test]
    fn the_position_and_the_game_are_written_as_png_and_gif() {
        let dir = TempDir::new("export-pictures");
        let mut pos = Position::startpos();
        let moves: Vec<Move> = ["h2e2", "h9g7"]
            .iter()
            .map(|m| Move::from_iccs(m).unwrap())
            .collect();
        for &m in &moves {
            pos.make(m);
        }
        let out = dir.path().join("pics");
        let written = write_pictures(
            &out,
            "x",
            &pos,
            moves.last().copied(),
            &Position::startpos(),
            &moves,
            &Options::default(),
        )
        .unwrap();
        assert_eq!(written, vec![out.join("x.png"), out.join("x.gif")]);
        assert!(std::fs::read(&written[0]).unwrap().starts_with(b"\x89PNG"));
        assert!(std::fs::read(&written[1]).unwrap().starts_with(b"GIF89a"));
        // No moves: the picture only.
        let flipped = Options {
            flip: true,
            pieces: crate::render::PieceSet::Pictograms,
            ..Options::default()
        };
        let only = write_pictures(&out, "y", &pos, None, &pos, &[], &flipped).unwrap();
        assert_eq!(only, vec![out.join("y.png")]);
    }
}
