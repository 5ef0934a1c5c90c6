//! What a command does when its output cannot be written: a closed pipe
//! (`xiangqi bench | head -1`) ends the command quietly, any other write
//! error (`> /dev/full`) is an error for the user. Text that came from a
//! file or another program is printed with its control characters escaped,
//! so a record cannot retitle or clear the terminal, and padded to its
//! width in terminal cells (a Chinese character takes two).

use super::CliError;
use std::io;
use unicode_width::UnicodeWidthStr;

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

/// `text` with every control character (ESC, BEL, a newline…) written as
/// an escape (`\u{1b}`, `\n`), so it prints as one line and the terminal
/// obeys none of it.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// How many terminal cells `text` takes (a Chinese character takes two).
pub fn cells(text: &str) -> usize {
    text.width()
}

/// `text` followed by spaces to `width` terminal cells, for columns that
/// line up.
pub fn padded(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(cells(text));
    format!("{text}{}", " ".repeat(pad))
}

/// `text` in exactly `width` terminal cells: padded with spaces, or cut
/// (at a character, never inside a wide one) and ended with `…`.
pub fn fitted(text: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    if cells(text) <= width {
        return padded(text, width);
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    padded(&out, width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(
            escape_controls("a\u{1b}]0;x\u{7}\n炮二平五"),
            "a\\u{1b}]0;x\\u{7}\\n炮二平五"
        );
    }

    #[test]
    fn a_long_title_is_cut_to_its_column_by_terminal_cells() {
        assert_eq!(fitted("abc", 5), "abc  ");
        assert_eq!(fitted("abcdef", 5), "abcd…");
        // Two cells a character: 炮二 is four, the ellipsis one more.
        assert_eq!(fitted("炮二平五进", 6), "炮二… ");
        assert_eq!(
            cells(&fitted("Two chariots against a full defence", 34)),
            34
        );
    }
}
