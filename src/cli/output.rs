//! What a command does when its output cannot be written: a closed pipe
//! (`xiangqi bench | head -1`) ends the command quietly, any other write
//! error (`> /dev/full`) is an error for the user.

use super::CliError;
use std::io;

/// Maps the result of writing a command's output to the command's result.
///
/// # Errors
/// A [`CliError`] for any write error but a closed pipe.
pub fn finish(written: io::Result<()>) -> Result<(), CliError> {
    match written {
        Ok(()) => Ok(()),
        // The reader went away (`| head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliError::new(format!("cannot write the output: {e}"))),
    }
}
