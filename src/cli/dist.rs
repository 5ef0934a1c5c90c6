//! What a package installs beside the binary, made from the program
//! itself: the man page and the shell completions from the command line's
//! own definition (`clap_mangen`, `clap_complete`), the desktop entry and
//! the AppStream metadata from `assets/desktop`, and the icon drawn at the
//! sizes desktops look for. `.ci/deb` puts them in a Debian package.

use super::{Cli, CliError};
use clap::CommandFactory;
use clap_complete::Shell;
use std::path::{Path, PathBuf};

/// Arguments of `completions`.
#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Arguments of `dist-files`.
#[derive(clap::Args, Debug)]
pub struct DistArgs {
    /// The root the files go under (`ROOT/usr/share/…`).
    root: PathBuf,
}

/// The icon's sizes in `hicolor`.
const ICON_SIZES: [u32; 6] = [16, 32, 48, 64, 128, 256];

use crate::icon::APP_ID;

const DESKTOP: &str = include_str!("../../assets/desktop/io.github.xiangqi.Xiangqi.desktop");
const METAINFO: &str = include_str!("../../assets/desktop/io.github.xiangqi.Xiangqi.metainfo.xml");

/// The manual's section: 6, games (the package installs the binary in
/// `/usr/games`, as Debian keeps games).
const MAN_SECTION: &str = "6";

/// The command line as completions offer it: the hidden commands (tools
/// for developers and packagers) left out.
fn visible_command() -> clap::Command {
    let full = Cli::command();
    let subcommands: Vec<clap::Command> = full
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .cloned()
        .collect();
    let mut visible = clap::Command::new("xiangqi")
        .bin_name("xiangqi")
        .version(env!("CARGO_PKG_VERSION"))
        .subcommands(subcommands);
    if let Some(about) = full.get_about() {
        visible = visible.about(about.clone());
    }
    visible
}

/// `xiangqi completions SHELL`: the completions on stdout.
pub fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut visible_command(), "xiangqi", &mut out);
    let mut stdout = std::io::stdout().lock();
    super::output::finish(std::io::Write::write_all(&mut stdout, &out))
}

/// The man pages: `xiangqi.6` and one for each command it lists
/// (`xiangqi-replay.6`, `xiangqi-db-import.6`…), by file name.
pub fn man_pages() -> Result<Vec<(String, Vec<u8>)>, CliError> {
    fn add(cmd: clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
        let man = clap_mangen::Man::new(cmd.clone()).section(MAN_SECTION);
        let mut out = Vec::new();
        man.render(&mut out)?;
        pages.push((man.get_filename(), out));
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            add(sub.clone(), pages)?;
        }
        Ok(())
    }
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    let mut pages = Vec::new();
    add(cmd, &mut pages).map_err(|e| CliError::new(format!("writing the man pages: {e}")))?;
    Ok(pages)
}

/// Every file under `root`, by its path there, and its bytes.
pub fn files() -> Result<Vec<(PathBuf, Vec<u8>)>, CliError> {
    let share = Path::new("usr/share");
    let mut files: Vec<(PathBuf, Vec<u8>)> = man_pages()?
        .into_iter()
        .map(|(name, page)| (share.join(format!("man/man{MAN_SECTION}/{name}")), page))
        .collect();
    files.push((
        share.join(format!("applications/{APP_ID}.desktop")),
        DESKTOP.as_bytes().to_vec(),
    ));
    files.push((
        share.join(format!("metainfo/{APP_ID}.metainfo.xml")),
        METAINFO.as_bytes().to_vec(),
    ));
    for (shell, path) in [
        (Shell::Bash, "bash-completion/completions/xiangqi"),
        (Shell::Zsh, "zsh/vendor-completions/_xiangqi"),
        (Shell::Fish, "fish/vendor_completions.d/xiangqi.fish"),
    ] {
        let mut out = Vec::new();
        clap_complete::generate(shell, &mut visible_command(), "xiangqi", &mut out);
        files.push((share.join(path), out));
    }
    for size in ICON_SIZES {
        files.push((
            share.join(format!("icons/hicolor/{size}x{size}/apps/xiangqi.png")),
            crate::icon::png(size),
        ));
    }
    Ok(files)
}

/// `xiangqi dist-files ROOT`: writes them (each through a temporary
/// file), the whole tree first, then lists the paths written, so a reader
/// that goes away (`| head -1`) or a full output cannot cut the tree short.
pub fn dist_files(args: &DistArgs) -> Result<(), CliError> {
    let mut written = Vec::new();
    for (path, bytes) in files()? {
        let to = args.root.join(&path);
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError::new(format!("creating {}: {e}", dir.display())))?;
        }
        crate::store::atomic::write_output(&to, &bytes)
            .map_err(|e| CliError::new(format!("writing {}: {e}", to.display())))?;
        written.push(to);
    }
    let mut out = std::io::stdout().lock();
    super::output::finish((|| {
        use std::io::Write;
        for to in &written {
            writeln!(out, "{}", to.display())?;
        }
        out.flush()
    })())
}
