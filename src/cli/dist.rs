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

const DESKTOP: &str = include_str!("../../assets/desktop/xiangqi.desktop");
const METAINFO: &str = include_str!("../../assets/desktop/xiangqi.metainfo.xml");

/// `xiangqi completions SHELL`: the completions on stdout.
pub fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "xiangqi", &mut out);
    let mut stdout = std::io::stdout().lock();
    super::output::finish(std::io::Write::write_all(&mut stdout, &out))
}

/// The man page, `xiangqi.1`.
pub fn man_page() -> Result<Vec<u8>, CliError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .map_err(|e| CliError::new(format!("writing the man page: {e}")))?;
    Ok(out)
}

/// Every file under `root`, by its path there, and its bytes.
pub fn files() -> Result<Vec<(PathBuf, Vec<u8>)>, CliError> {
    let share = Path::new("usr/share");
    let mut files = vec![
        (share.join("man/man1/xiangqi.1"), man_page()?),
        (
            share.join("applications/xiangqi.desktop"),
            DESKTOP.as_bytes().to_vec(),
        ),
        (
            share.join("metainfo/xiangqi.metainfo.xml"),
            METAINFO.as_bytes().to_vec(),
        ),
    ];
    for (shell, path) in [
        (Shell::Bash, "bash-completion/completions/xiangqi"),
        (Shell::Zsh, "zsh/vendor-completions/_xiangqi"),
        (Shell::Fish, "fish/vendor_completions.d/xiangqi.fish"),
    ] {
        let mut out = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "xiangqi", &mut out);
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
