//! `xiangqi lessons [--lang zh|zh-Hant|en|vi] [--check] [--file PATH]`: the
//! beginner's course — its chapters and lessons, numbered, with their
//! exercise counts — or, with `--check`, every exercise's solution played
//! through the rules and won against the engine's defence
//! ([`crate::course::check`]); any exercise that fails is named
//! (chapter/lesson/exercise and why) and the command exits with code 2.

use super::CliError;
use super::input::{MAX_COURSE_BYTES, read_limited};
use super::output::{escape_controls, fitted};
use crate::course::{Course, Defender, check_course};
use std::io::{self, Write};
use std::path::PathBuf;

/// Arguments of `lessons`.
#[derive(clap::Args, Debug)]
pub struct LessonsArgs {
    /// The titles' language.
    #[arg(long, value_parser = ["zh", "zh-Hant", "en", "vi"], default_value = "en")]
    lang: String,
    /// Prove every exercise: play its solution through the rules, and win
    /// the engine-defended ones against the engine.
    #[arg(long)]
    check: bool,
    /// A course file to use instead of the built-in one (for authors).
    #[arg(long, value_name = "PATH")]
    file: Option<PathBuf>,
}

/// Lists or checks the course.
///
/// # Errors
/// A course file that cannot be read or used (naming the lesson, exercise
/// and field), exercises that fail the check, output that cannot be written.
pub fn run(args: &LessonsArgs) -> Result<(), CliError> {
    let owned;
    let course = match &args.file {
        Some(path) => {
            let bytes = read_limited(path, MAX_COURSE_BYTES, "a course file")
                .map_err(|e| CliError::new(format!("reading {}: {e}", path.display())))?;
            owned = Course::from_bytes(&bytes)
                .map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
            &owned
        }
        None => {
            Course::builtin().map_err(|e| CliError::new(format!("the built-in course: {e}")))?
        }
    };
    let mut out = io::stdout().lock();
    if args.check {
        return check(course, &mut out);
    }
    super::output::finish(write_list(course, &args.lang, &mut out))
}

/// The width of the lessons' title column, in terminal cells.
const TITLE_CELLS: usize = 34;

/// The list as `xiangqi lessons` prints it.
pub fn write_list(course: &Course, lang: &str, out: &mut dyn Write) -> io::Result<()> {
    let zh = lang.starts_with("zh");
    let vi = lang == "vi";
    for (ci, chapter) in course.chapters.iter().enumerate() {
        let title = escape_controls(chapter.title.get(lang));
        if zh {
            writeln!(out, "第{}章 {title}", ci + 1)?;
        } else if vi {
            writeln!(out, "Chương {}: {title}", ci + 1)?;
        } else {
            writeln!(out, "Chapter {}: {title}", ci + 1)?;
        }
        for (li, lesson) in chapter.lessons.iter().enumerate() {
            let n = lesson.exercises.len();
            let count = match (zh, vi, n) {
                (true, _, n) if lang == "zh-Hant" => format!("{n}題"),
                (true, _, n) => format!("{n}题"),
                (false, true, n) => format!("{n} bài tập"),
                (false, false, 1) => "1 exercise".to_string(),
                (false, false, n) => format!("{n} exercises"),
            };
            let pad = fitted(&escape_controls(lesson.title.get(lang)), TITLE_CELLS);
            writeln!(out, "  {}.{:<3} {pad} {count}", ci + 1, li + 1)?;
        }
    }
    let (c, l, e) = course.counts();
    if lang == "zh-Hant" {
        writeln!(out, "共{c}章，{l}課，{e}題")
    } else if zh {
        writeln!(out, "共{c}章，{l}课，{e}题")
    } else if vi {
        writeln!(out, "{c} chương, {l} bài học, {e} bài tập")
    } else {
        writeln!(out, "{c} chapters, {l} lessons, {e} exercises")
    }
}

fn check(course: &Course, out: &mut dyn Write) -> Result<(), CliError> {
    let mut defender = Defender::default();
    let report = check_course(course, &mut defender, &mut |_, _, _| {});
    let (c, l, e) = course.counts();
    let written = (|| -> io::Result<()> {
        for f in &report.failures {
            writeln!(out, "FAIL {f}")?;
        }
        writeln!(
            out,
            "{c} chapters, {l} lessons, {e} exercises checked ({} against the engine, {} of its replies off the stored line): {} failed",
            report.against_engine,
            report.left_the_line,
            report.failures.len()
        )?;
        out.flush()
    })();
    super::output::finish(written)?;
    match report.failures.as_slice() {
        [] => Ok(()),
        [one] => Err(CliError::new(format!("the exercise {one}"))),
        many => Err(CliError::new(format!(
            "{} exercises fail the check, the first {}",
            many.len(),
            many[0]
        ))),
    }
}
