//! The command line: `xiangqi [play|perft|replay|uci|bench|gen-sounds]`.
//!
//! Every failure is one line on stderr starting with `error:` and exit code
//! 2; nothing here panics on user input.

mod perft;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// An error for the user: printed as `error: {0}`, exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CliError(pub String);

impl CliError {
    /// Wraps anything printable.
    pub fn new(msg: impl std::fmt::Display) -> CliError {
        CliError(msg.to_string())
    }
}

/// Xiangqi (Chinese chess): the game, and an engine for other programs.
#[derive(Parser, Debug)]
#[command(name = "xiangqi", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal move tree (move generator check).
    Perft(perft::PerftArgs),
    /// Regenerate the game's sound effects (assets/sounds) from the synthesizer.
    #[command(hide = true)]
    GenSounds {
        /// Output folder.
        #[arg(default_value = "assets/sounds")]
        dir: std::path::PathBuf,
    },
}

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    ExitCode::SUCCESS
                }
                _ => {
                    let _ = e.print();
                    ExitCode::from(2)
                }
            };
        }
    };
    let result = match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::GenSounds { dir }) => crate::sound_synth::write_all(&dir)
            .map_err(|e| CliError::new(format!("writing sounds to {}: {e}", dir.display()))),
        None => Err(CliError::new("no command given (try --help)")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
