//! The desktop's own file dialog wherever the player names a file or a
//! folder: a record to open, a record or pictures to save, files or a
//! folder for the game database, an engine's program, a file for an
//! engine's option.
//!
//! A view or a shortcut writes [`AskFile`]; the dialog runs off the main
//! thread (on the async task pool: the XDG desktop portal is spoken to over
//! D-Bus with `rfd`, no GTK in the process) and [`FileAnswer`] comes back
//! with the paths chosen, a cancel, or why there is no dialog: no session
//! bus, or no portal on it (a window manager without a desktop, a bare
//! X server, a container). The one who asked then does what the file is
//! for, or, without a dialog, falls back to what the game did before
//! (a typed path, the default folder), and the notice posted here says
//! why. A frame never waits for a dialog; one is open at a time.
//!
//! The backend is a resource ([`DialogBackend`]) so the tests answer in
//! its place.

use crate::game::GameSet;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::settings::CurrentLang;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<AskFile>()
        .add_message::<FileAnswer>()
        .init_resource::<DialogBackend>()
        .add_systems(
            Update,
            (finish_dialog, start_dialog)
                .chain()
                .in_set(GameSet::Input)
                .in_set(DialogSystems),
        );
}

/// Where the dialogs are started and their answers written: who reads
/// [`FileAnswer`] runs after it.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct DialogSystems;

/// What the player is asked to choose, and so what the answer is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileWanted {
    /// A record to open on the board (PGN, XQF, DhtmlXQ, dpxq, PlayOK, text).
    OpenRecord,
    /// Record files to import into the game database (several at once).
    DatabaseFiles,
    /// A folder to import into the game database (searched recursively).
    DatabaseFolder,
    /// Where to save the game as PGN; the name offered.
    SaveRecord(String),
    /// Where to write the shown position as PNG (the game's GIF goes beside
    /// it under the same name); the name offered.
    SavePicture(String),
    /// An engine's program, to add it.
    EngineProgram,
    /// A file for an engine's option (a network, a book), by the option's name.
    EngineFile(String),
}

impl FileWanted {
    /// The dialog's title.
    fn title(&self) -> Phrase {
        match self {
            FileWanted::OpenRecord => Phrase::DialogOpenRecord,
            FileWanted::DatabaseFiles => Phrase::DialogDatabaseFiles,
            FileWanted::DatabaseFolder => Phrase::DialogDatabaseFolder,
            FileWanted::SaveRecord(_) => Phrase::DialogSaveRecord,
            FileWanted::SavePicture(_) => Phrase::DialogSavePicture,
            FileWanted::EngineProgram => Phrase::DialogEngineProgram,
            FileWanted::EngineFile(_) => Phrase::DialogEngineFile,
        }
    }
}

/// Open the desktop's file dialog for this.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct AskFile(pub FileWanted);

/// What came of an [`AskFile`].
#[derive(Message, Clone, Debug)]
pub struct FileAnswer {
    /// What was asked.
    pub wanted: FileWanted,
    /// What the player chose.
    pub outcome: DialogOutcome,
}

impl FileAnswer {
    /// The paths chosen for `wanted`, if this answer is for it and the
    /// player chose any.
    pub fn chosen_for(&self, wanted: impl Fn(&FileWanted) -> bool) -> Option<&[PathBuf]> {
        match &self.outcome {
            DialogOutcome::Chosen(paths) if wanted(&self.wanted) && !paths.is_empty() => {
                Some(paths)
            }
            _ => None,
        }
    }

    /// This answer is for `wanted` and there was no dialog to ask.
    pub fn no_dialog_for(&self, wanted: impl Fn(&FileWanted) -> bool) -> bool {
        matches!(self.outcome, DialogOutcome::NoDialog(_)) && wanted(&self.wanted)
    }
}

/// The dialog's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogOutcome {
    /// The paths chosen (one, or several where several were allowed).
    Chosen(Vec<PathBuf>),
    /// The player closed the dialog without choosing.
    Cancelled,
    /// No dialog could be shown.
    NoDialog(NoDialog),
}

/// Why no file dialog could be shown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoDialog {
    /// No D-Bus session bus to reach a portal through.
    #[error("no D-Bus session bus ({0})")]
    NoSessionBus(String),
    /// The session bus has no desktop portal.
    #[error(
        "no desktop portal on the session bus (org.freedesktop.portal.Desktop): install xdg-desktop-portal and a backend for your desktop (-gtk, -gnome, -kde, -wlr)"
    )]
    NoPortal,
    /// The portal is there but has no file chooser (no backend for this
    /// desktop).
    #[error(
        "the desktop portal has no file chooser ({0}): install the xdg-desktop-portal backend for your desktop (-gtk, -gnome, -kde, -wlr)"
    )]
    NoFileChooser(String),
    /// The portal was asked and failed.
    #[error("the desktop portal did not answer: {0}")]
    PortalFailed(String),
}

type DialogFuture = Pin<Box<dyn Future<Output = DialogOutcome> + Send>>;

/// What shows a dialog: the desktop portal, or a test's stand-in.
#[derive(Resource, Clone)]
pub struct DialogBackend(pub Arc<dyn Fn(FileWanted, String) -> DialogFuture + Send + Sync>);

impl Default for DialogBackend {
    fn default() -> Self {
        DialogBackend(Arc::new(|wanted, title| {
            Box::pin(portal_dialog(wanted, title))
        }))
    }
}

/// The dialog open now.
#[derive(Resource)]
struct OpenDialog {
    wanted: FileWanted,
    task: Task<DialogOutcome>,
}

fn start_dialog(
    mut asks: MessageReader<AskFile>,
    open: Option<Res<OpenDialog>>,
    backend: Res<DialogBackend>,
    lang: CurrentLang,
    mut commands: Commands,
) {
    // One dialog at a time: a second ask while one is open is dropped (the
    // open one is in front of the window).
    let Some(AskFile(wanted)) = asks.read().last().cloned() else {
        return;
    };
    if open.is_some() {
        return;
    }
    let title = wanted.title().get(*lang).to_string();
    let future = (backend.0)(wanted.clone(), title);
    let task = AsyncComputeTaskPool::get().spawn(future);
    commands.insert_resource(OpenDialog { wanted, task });
}

fn finish_dialog(
    open: Option<ResMut<OpenDialog>>,
    mut commands: Commands,
    mut answers: MessageWriter<FileAnswer>,
    mut notice: ResMut<Notice>,
) {
    let Some(mut open) = open else {
        return;
    };
    let Some(outcome) = check_ready(&mut open.task) else {
        return;
    };
    commands.remove_resource::<OpenDialog>();
    if let DialogOutcome::NoDialog(why) = &outcome {
        notice.post(Phrase::NoFileDialog, why.to_string(), true);
    }
    answers.write(FileAnswer {
        wanted: open.wanted.clone(),
        outcome,
    });
}

/// Is there a portal to ask? The session bus must answer and own (or be
/// able to start) `org.freedesktop.portal.Desktop`, and the portal must
/// have a file chooser (it has none without a backend for the desktop).
///
/// # Errors
/// Why there is no dialog to show.
pub async fn portal_present() -> Result<(), NoDialog> {
    const PORTAL: &str = "org.freedesktop.portal.Desktop";
    let bus = zbus::Connection::session()
        .await
        .map_err(|e| NoDialog::NoSessionBus(e.to_string()))?;
    let dbus = zbus::fdo::DBusProxy::new(&bus)
        .await
        .map_err(|e| NoDialog::NoSessionBus(e.to_string()))?;
    let name = zbus::names::BusName::try_from(PORTAL).map_err(|_| NoDialog::NoPortal)?;
    if !dbus.name_has_owner(name).await.unwrap_or(false) {
        let activatable = dbus
            .list_activatable_names()
            .await
            .map_err(|e| NoDialog::PortalFailed(e.to_string()))?;
        if !activatable.iter().any(|n| n.as_str() == PORTAL) {
            return Err(NoDialog::NoPortal);
        }
    }
    // Asking the file chooser's version starts the portal if it must.
    let chooser = zbus::Proxy::new(
        &bus,
        PORTAL,
        "/org/freedesktop/portal/desktop",
        "org.freedesktop.portal.FileChooser",
    )
    .await
    .map_err(|e| NoDialog::PortalFailed(e.to_string()))?;
    chooser
        .get_property::<u32>("version")
        .await
        .map(|_| ())
        .map_err(|e| NoDialog::NoFileChooser(e.to_string()))
}

/// Ask the portal.
async fn portal_dialog(wanted: FileWanted, title: String) -> DialogOutcome {
    if let Err(why) = portal_present().await {
        return DialogOutcome::NoDialog(why);
    }
    let home = directories::UserDirs::new();
    let documents = home
        .as_ref()
        .and_then(|u| u.document_dir().map(|d| d.to_path_buf()))
        .or_else(|| home.as_ref().map(|u| u.home_dir().to_path_buf()));
    let mut dialog = rfd::AsyncFileDialog::new().set_title(title);
    if let Some(dir) = &documents {
        dialog = dialog.set_directory(dir);
    }
    // The record files the game reads (and gzipped collections).
    let mut extensions = crate::store::record::EXTENSIONS.to_vec();
    extensions.push("gz");
    let records = |d: rfd::AsyncFileDialog| d.add_filter("PGN, XQF, DhtmlXQ, dpxq", &extensions);
    let one = |f: Option<rfd::FileHandle>| f.map(|f| vec![f.path().to_path_buf()]);
    let chosen = match wanted {
        FileWanted::OpenRecord => one(records(dialog).pick_file().await),
        FileWanted::DatabaseFiles => records(dialog)
            .pick_files()
            .await
            .map(|fs| fs.iter().map(|f| f.path().to_path_buf()).collect()),
        FileWanted::DatabaseFolder => one(dialog.pick_folder().await),
        FileWanted::SaveRecord(name) => one(dialog
            .add_filter("PGN", &["pgn"])
            .set_file_name(name)
            .save_file()
            .await),
        FileWanted::SavePicture(name) => one(dialog
            .add_filter("PNG", &["png"])
            .set_file_name(name)
            .save_file()
            .await),
        FileWanted::EngineProgram | FileWanted::EngineFile(_) => one(dialog.pick_file().await),
    };
    match chosen {
        Some(paths) => DialogOutcome::Chosen(paths),
        None => DialogOutcome::Cancelled,
    }
}

/// A path for the command line of an engine: quoted when it holds spaces
/// or quotes (the command is split like a shell's).
pub fn command_word(path: &std::path::Path) -> String {
    let text = path.display().to_string();
    shlex::try_quote(&text).map_or(text.clone(), |q| q.into_owned())
}

/// For the tests: a backend that answers every ask with `outcome`, and
/// keeps what was asked.
#[cfg(test)]
pub fn answering(
    outcome: DialogOutcome,
) -> (
    DialogBackend,
    Arc<std::sync::Mutex<Vec<(FileWanted, String)>>>,
) {
    let asked = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = asked.clone();
    let backend = DialogBackend(Arc::new(move |wanted, title| {
        log.lock().expect("the test's log").push((wanted, title));
        let outcome = outcome.clone();
        Box::pin(async move { outcome })
    }));
    (backend, asked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_with_spaces_is_quoted_for_the_command_line() {
        assert_eq!(
            command_word(std::path::Path::new("/opt/engines/pikafish")),
            "/opt/engines/pikafish"
        );
        let quoted = command_word(std::path::Path::new("/home/me/My Engines/eleeye"));
        assert_eq!(
            shlex::split(&quoted).unwrap(),
            vec!["/home/me/My Engines/eleeye"]
        );
    }

    #[test]
    fn the_probe_tells_no_bus_from_a_bus_without_a_portal() {
        // One test for both, as both set the process's bus address.
        // A socket that does not exist is no bus.
        let why = bevy::tasks::block_on(async {
            with_bus("unix:path=/nonexistent/xiangqi-test-bus", portal_present()).await
        });
        match why {
            Err(NoDialog::NoSessionBus(detail)) => assert!(!detail.is_empty()),
            other => panic!("expected no session bus, got {other:?}"),
        }
        // A private bus with nothing on it and no services to start: a
        // bus, but no portal.
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("bus.conf");
        std::fs::write(
            &config,
            format!(
                "<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\" \
                 \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n\
                 <busconfig><type>session</type><listen>unix:dir={}</listen>\
                 <policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>\
                 <allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n",
                dir.path().display()
            ),
        )
        .unwrap();
        let mut daemon = std::process::Command::new("dbus-daemon")
            .arg(format!("--config-file={}", config.display()))
            .args(["--nofork", "--print-address=1"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("dbus-daemon (the README's test command installs dbus)");
        let mut address = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(daemon.stdout.take().expect("its output")),
            &mut address,
        )
        .expect("the bus's address");
        let why = bevy::tasks::block_on(async { with_bus(address.trim(), portal_present()).await });
        let _ = daemon.kill();
        let _ = daemon.wait();
        assert_eq!(why, Err(NoDialog::NoPortal));
        assert!(
            NoDialog::NoPortal
                .to_string()
                .contains("xdg-desktop-portal")
        );
    }

    /// Runs `f` with the session bus address set to `address`.
    async fn with_bus<T>(address: &str, f: impl Future<Output = T>) -> T {
        // SAFETY: the variable is read when the connection is made, inside
        // `f`; no other test in this binary reads or writes it.
        unsafe { std::env::set_var("DBUS_SESSION_BUS_ADDRESS", address) };
        f.await
    }
}
