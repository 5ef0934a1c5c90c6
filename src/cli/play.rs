//! `xiangqi` and `xiangqi play …`: open the game window.

use super::CliError;
use crate::rules::clock::{TimeControl, TimeControlError};
use crate::rules::handicap::Handicap;

/// Who plays whom.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeArg {
    /// You play Red against the computer.
    Red,
    /// You play Black against the computer (it opens; the board is turned).
    Black,
    /// Two players on one computer.
    Hotseat,
    /// The computer plays itself.
    Ai,
}

/// Arguments of `play`.
#[derive(clap::Args, Debug, Default)]
pub struct PlayArgs {
    /// Game mode; without it the menu opens.
    #[arg(long, value_enum)]
    mode: Option<ModeArg>,
    /// Difficulty level, 1 (beginner) to the full engine (see `xiangqi levels`).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=i64::from(crate::engine::Level::MAX.number())))]
    level: Option<u8>,
    /// Start from this position (FEN).
    #[arg(long)]
    fen: Option<String>,
    /// Save a screenshot to PATH after --frames frames, then exit.
    #[arg(long, value_name = "PATH")]
    screenshot: Option<std::path::PathBuf>,
    /// Frames to run before the screenshot.
    #[arg(long, default_value_t = 0)]
    frames: u32,
    /// Print frame-time statistics on exit.
    #[arg(long)]
    diagnostics: bool,
    /// Window size in logical pixels, e.g. 1280x900.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(u32, u32)>,
    /// Open the game with the engine's analysis on (A toggles it).
    #[arg(long)]
    analysis: bool,
    /// Open the game with the opening explorer shown (E toggles it).
    #[arg(long)]
    explorer: bool,
    /// Draw at this many physical pixels per logical pixel (e.g. 2, as on a
    /// high-DPI screen) instead of the screen's own factor.
    #[arg(long, value_name = "FACTOR", value_parser = parse_scale)]
    scale: Option<f32>,
    /// Open this record (any format the game reads) and review it (quick
    /// effort).
    #[arg(long, value_name = "FILE")]
    review: Option<std::path::PathBuf>,
    /// With --review: show the position after this many plies.
    #[arg(long, value_name = "N", requires = "review")]
    ply: Option<usize>,
    /// Open the puzzle list.
    #[arg(long, conflicts_with_all = ["mode", "review", "open"])]
    puzzles: bool,
    /// Open the tactics trainer: puzzles from real games by rating, theme,
    /// streak and review.
    #[arg(long, conflicts_with_all = ["mode", "review", "open", "puzzles"])]
    tactics: bool,
    /// With --tactics: open this puzzle of the trainer's set at once (its
    /// id, as `xiangqi puzzles list` gives it).
    #[arg(long, value_name = "ID", requires = "tactics")]
    tactic: Option<String>,
    /// Open the saved games (with their import line).
    #[arg(long, conflicts_with_all = ["mode", "review", "open", "puzzles"])]
    games: bool,
    /// Open the course "Learn to play": its chapters and lessons.
    #[arg(long, conflicts_with_all = ["mode", "review", "open", "puzzles", "games", "editor"])]
    lessons: bool,
    /// With --lessons: open this lesson at once, numbered as `xiangqi
    /// lessons` lists them (e.g. 2.4), even one not yet unlocked.
    #[arg(long, value_name = "N", requires = "lessons")]
    lesson: Option<String>,
    /// Play on a clock: `600+5` (10 min + 5 s a move), `600:30` (10 min,
    /// then 30 s a move), `0:30` (30 s a move); `RED/BLACK` for time odds.
    #[arg(long, value_name = "SPEC", value_parser = parse_clock)]
    clock: Option<(TimeControl, TimeControl)>,
    /// Start with a handicap: horse, two-horses, chariot, chariot-horse,
    /// advisors-elephants or nine; `black:` before it when Black gives it.
    #[arg(long, value_name = "NAME", value_parser = parse_handicap)]
    handicap: Option<(Handicap, crate::rules::Color)>,
    /// Open this record (PGN, XQF, DhtmlXQ, dpxq text, PlayOK, move list).
    #[arg(long, value_name = "FILE")]
    open: Option<std::path::PathBuf>,
    /// Open the position editor, on --fen if given (an invalid position
    /// too: the editor says what is wrong with it).
    #[arg(long, conflicts_with_all = ["mode", "review", "puzzles"])]
    editor: bool,
    /// Open the menu with the card of the player's engines open (Esc
    /// closes it, back to the settings).
    #[arg(long, conflicts_with_all = ["mode", "review", "puzzles", "games", "editor"])]
    engines: bool,
    /// Open with the settings card open (for screenshots).
    #[arg(long, hide = true)]
    settings: bool,
    /// Play against this engine (a command line: the program and its
    /// arguments, e.g. "/opt/pikafish" or "xiangqi uci") as the computer
    /// side of the chosen mode (Red's in AI vs AI).
    #[arg(long, value_name = "COMMAND")]
    engine: Option<String>,
    /// The protocol of --engine (found by asking, UCI first, when not given).
    #[arg(long, value_name = "uci|ucci", requires = "engine")]
    engine_protocol: Option<crate::client::process::Protocol>,
    /// An option for --engine, sent after its handshake (repeatable).
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_engine_option, requires = "engine")]
    engine_option: Vec<(String, String)>,
    /// How long --engine thinks a move without a clock (milliseconds; 1000
    /// when not given).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u32).range(10..=600_000), requires = "engine")]
    engine_movetime: Option<u32>,
    /// Analyse with this engine (a command line) instead of the built-in
    /// one; opens the game with the analysis on.
    #[arg(long, value_name = "COMMAND")]
    analysis_engine: Option<String>,
}

/// `NAME=VALUE` of `--engine-option` (the value may be empty, for a button).
fn parse_engine_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("'{s}' is not NAME=VALUE")),
    }
}

/// An engine of the command line as the game keeps one: named after its
/// program, its protocol found by asking unless given.
pub fn launch_engine(
    command: &str,
    protocol: Option<crate::client::process::Protocol>,
    options: Vec<(String, String)>,
    movetime: Option<u32>,
) -> Result<crate::store::engines::EngineEntry, CliError> {
    let words = shlex::split(command)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| CliError::new(format!("bad engine command line '{command}'")))?;
    // A program that is not there (or cannot run) is said now, not in the window.
    crate::client::external::check_program(command)
        .map_err(|why| CliError::new(format!("engine {why}")))?;
    let name = std::path::Path::new(&words[0])
        .file_name()
        .map_or_else(|| words[0].clone(), |f| f.to_string_lossy().into_owned());
    Ok(crate::store::engines::EngineEntry {
        name,
        command: command.to_string(),
        protocol: match protocol {
            Some(crate::client::process::Protocol::Uci) => "uci".into(),
            Some(crate::client::process::Protocol::Ucci) => "ucci".into(),
            None => String::new(),
        },
        id_name: String::new(),
        author: String::new(),
        options,
        strength: crate::store::engines::Strength::MoveTime(movetime.unwrap_or(1000)),
        skill: None,
    })
}

fn parse_scale(s: &str) -> Result<f32, String> {
    s.trim()
        .parse::<f32>()
        .ok()
        .filter(|f| (0.5..=4.0).contains(f))
        .ok_or_else(|| format!("'{s}' is not a scale factor between 0.5 and 4"))
}

fn parse_clock(s: &str) -> Result<(TimeControl, TimeControl), TimeControlError> {
    match s.split_once('/') {
        Some((red, black)) => Ok((TimeControl::parse(red)?, TimeControl::parse(black)?)),
        None => {
            let c = TimeControl::parse(s)?;
            Ok((c, c))
        }
    }
}

fn parse_handicap(s: &str) -> Result<(Handicap, crate::rules::Color), String> {
    let (giver, name) = match s.strip_prefix("black:") {
        Some(rest) => (crate::rules::Color::Black, rest),
        None => (
            crate::rules::Color::Red,
            s.strip_prefix("red:").unwrap_or(s),
        ),
    };
    let h = match name {
        "none" => Handicap::None,
        "horse" => Handicap::Horse,
        "two-horses" => Handicap::TwoHorses,
        "chariot" => Handicap::Chariot,
        "chariot-horse" => Handicap::ChariotHorse,
        "advisors-elephants" => Handicap::AdvisorsElephants,
        "nine" => Handicap::NinePieces,
        other => {
            return Err(format!(
                "'{other}' is not a handicap (horse, two-horses, chariot, chariot-horse, advisors-elephants, nine)"
            ));
        }
    };
    Ok((h, giver))
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{s}' is not WIDTHxHEIGHT, e.g. 1280x900"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (200..=10_000).contains(n))
            .ok_or_else(|| format!("'{t}' in '{s}' is not a size between 200 and 10000"))
    };
    Ok((num(w)?, num(h)?))
}

/// Checks the arguments before a window opens: the FEN, `--frames`
/// without `--screenshot`, and that the screenshot's folder exists and
/// can be written.
fn check(args: &PlayArgs) -> Result<(), CliError> {
    if let Some(fen) = &args.fen {
        if args.editor {
            crate::rules::setup::Setup::from_fen(fen).map(|_| ())
        } else {
            crate::rules::Position::from_fen(fen).map(|_| ())
        }
        .map_err(|e| CliError::new(format!("bad FEN: {e}")))?;
    }
    if let Some(number) = &args.lesson {
        lesson_id(number)?;
    }
    if let Some(id) = &args.tactic
        && !crate::tactics::all().iter().any(|t| &t.id == id)
    {
        return Err(CliError::new(format!(
            "--tactic: no puzzle '{id}' in the trainer's set (`xiangqi puzzles list` lists them)"
        )));
    }
    if args.frames > 0 && args.screenshot.is_none() {
        return Err(CliError::new("--frames needs --screenshot PATH"));
    }
    // A record to review or open is read now, so a wrong one is said here
    // rather than in the window's log.
    for (flag, path) in [("--review", &args.review), ("--open", &args.open)] {
        let Some(path) = path else {
            continue;
        };
        let cannot = |why: String| CliError::new(format!("{flag} {}: {why}", path.display()));
        let opened = crate::store::record::open_first(path).map_err(|e| match e {
            crate::store::LibraryError::Open { error, .. } => cannot(error.to_string()),
            e => cannot(e.to_string()),
        })?;
        // A position alone can be opened (and played on), not reviewed.
        if flag == "--review" && opened.plies() == 0 {
            return Err(cannot("the record has no moves to review".into()));
        }
    }
    if let Some(path) = &args.screenshot {
        check_writable(path)?;
    }
    for command in [&args.engine, &args.analysis_engine].into_iter().flatten() {
        launch_engine(command, None, Vec::new(), None)?;
    }
    Ok(())
}

/// The id of the lesson `--lesson` names.
fn lesson_id(number: &str) -> Result<String, CliError> {
    let course = crate::course::Course::builtin()
        .map_err(|e| CliError::new(format!("the built-in course: {e}")))?;
    course
        .lesson_by_number(number)
        .map(|l| l.id.clone())
        .map_err(|e| CliError::new(format!("--lesson: {e}")))
}

/// The screenshot can be written where asked: its folder exists and a file
/// can be created in it (tried with a temporary file, then removed).
fn check_writable(path: &std::path::Path) -> Result<(), CliError> {
    let cannot = |why: String| {
        CliError::new(format!(
            "cannot save the screenshot to {}: {why}",
            path.display()
        ))
    };
    if path.file_name().is_none() || path.is_dir() {
        return Err(cannot("it needs a file name, e.g. shot.png".into()));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    if !dir.is_dir() {
        return Err(cannot(format!(
            "the folder {} does not exist",
            dir.display()
        )));
    }
    let probe = dir.join(format!(".xiangqi-screenshot-{}.tmp", std::process::id()));
    match std::fs::File::create_new(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(cannot(format!(
            "the folder {} is not writable ({e})",
            dir.display()
        ))),
    }
}

/// Opens the window (menu, or a game when `--mode`/`--fen` is given).
#[cfg(feature = "gui")]
pub fn run(args: PlayArgs, direct: bool) -> Result<std::process::ExitCode, CliError> {
    use crate::game::{LaunchOptions, Mode};
    check(&args)?;
    let mode = args.mode.map(|m| match m {
        ModeArg::Red => Mode::Red,
        ModeArg::Black => Mode::Black,
        ModeArg::Hotseat => Mode::Hotseat,
        ModeArg::Ai => Mode::AiVsAi,
    });
    // `play` with a position but no mode starts a game as Red.
    let mode = match mode {
        None if direct && args.fen.is_some() && !args.editor => Some(Mode::Red),
        m => m,
    };
    crate::game::run(LaunchOptions {
        mode,
        level: args.level,
        fen: args.fen,
        screenshot: args.screenshot,
        frames: args.frames,
        diagnostics: args.diagnostics,
        window_size: args.size,
        analysis: args.analysis,
        explorer: args.explorer,
        scale: args.scale,
        review: args.review,
        review_ply: args.ply,
        puzzles: args.puzzles,
        tactics: args.tactics,
        tactic: args.tactic,
        games: args.games,
        lessons: args.lessons,
        lesson: args.lesson.as_deref().map(lesson_id).transpose()?,
        clock: args.clock,
        handicap: args.handicap,
        open: args.open,
        editor: args.editor,
        engines: args.engines,
        settings: args.settings,
        engine: args
            .engine
            .as_deref()
            .map(|c| {
                launch_engine(
                    c,
                    args.engine_protocol,
                    args.engine_option.clone(),
                    args.engine_movetime,
                )
            })
            .transpose()?,
        analysis_engine: args
            .analysis_engine
            .as_deref()
            .map(|c| launch_engine(c, None, Vec::new(), None))
            .transpose()?,
    })
    .map_err(|e| CliError(e.to_string()))
}

/// Without the `gui` feature there is no window to open.
#[cfg(not(feature = "gui"))]
pub fn run(args: PlayArgs, _direct: bool) -> Result<std::process::ExitCode, CliError> {
    check(&args)?;
    Err(CliError::new(
        "this build has no game window (built without the `gui` feature); see --help for the other commands",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_takes_a_position_no_game_can_start_from_but_not_a_broken_fen() {
        let palace = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/3K5/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1";
        let args = |fen: &str, editor: bool| PlayArgs {
            fen: Some(fen.to_string()),
            editor,
            ..PlayArgs::default()
        };
        assert!(check(&args(palace, true)).is_ok());
        let err = check(&args(palace, false)).unwrap_err();
        assert!(
            err.0.contains("red general on d4 is outside its palace"),
            "{}",
            err.0
        );
        let err = check(&args("9/9/9", true)).unwrap_err();
        assert!(err.0.contains("10"), "{}", err.0);
    }

    #[test]
    fn a_record_to_review_or_open_is_read_before_the_window_opens() {
        let dir = crate::store::test_util::TempDir::new("cli-play");
        let file = |name: &str, text: &[u8]| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            p
        };
        let good = file("good.pgn", b"1. h2e2 h9g7 *\n");
        let bad = file("bad.pgn", b"1. h2e2 h2e2 *\n");
        let fen = file("pos.fen", b"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\n");
        let review = |p: &std::path::Path| PlayArgs {
            review: Some(p.to_path_buf()),
            ..PlayArgs::default()
        };
        let open = |p: &std::path::Path| PlayArgs {
            open: Some(p.to_path_buf()),
            ..PlayArgs::default()
        };
        assert!(check(&review(&good)).is_ok());
        let err = check(&review(&bad)).unwrap_err();
        assert!(
            err.0.starts_with("--review ") && err.0.contains("bad.pgn"),
            "{}",
            err.0
        );
        let err = check(&review(&dir.path().join("missing.xqf"))).unwrap_err();
        assert!(err.0.contains("missing.xqf"), "{}", err.0);
        // A position opens (to play on) but is no game to review.
        assert!(check(&open(&fen)).is_ok());
        assert!(check(&review(&fen)).is_err());
    }

    #[test]
    fn a_tactic_to_open_is_one_of_the_trainers_set() {
        let args = |id: &str| PlayArgs {
            tactics: true,
            tactic: Some(id.to_string()),
            ..PlayArgs::default()
        };
        let first = &crate::tactics::all()[0].id;
        assert!(check(&args(first)).is_ok());
        let err = check(&args("no-such-puzzle")).unwrap_err();
        assert!(
            err.0.starts_with("--tactic: no puzzle 'no-such-puzzle'"),
            "{}",
            err.0
        );
    }
}
