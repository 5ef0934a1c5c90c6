//! The saved-games folder: one PGN file per game, listed newest first;
//! records are opened through [`record`], the one door.
//!
//! A file that cannot be read appears in the listing with its error instead
//! of breaking the listing; saving never overwrites an existing file.

use super::record::{LibraryError, OpenError};
use super::{UtcTime, atomic, now_unix, record, unix_from_utc};
use crate::rules::notation::{self, Notation};
use crate::rules::pgn::{self, PgnGame};
use crate::rules::records::{MoveTree, write_pgn_tree};
use crate::rules::{Game, GameResult, Position};
use std::io;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

pub use super::record::MAX_FILE_BYTES;

/// One file of the saved-games folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// `2024-05-01 14:30` from the `Date`/`Time` tags, else the file's
    /// modification time (UTC).
    pub date: String,
    /// The `Red` tag (empty if none).
    pub red: String,
    /// The `Black` tag (empty if none).
    pub black: String,
    /// The result, `None` for an unfinished game (`*`).
    pub result: Option<GameResult>,
    /// Number of plies of the (first) game.
    pub plies: usize,
    /// Why the file could not be read, if it could not; the other fields
    /// are then empty except `path` and `date`.
    pub error: Option<String>,
    /// Sort key: seconds since the Unix epoch.
    pub time: u64,
}

/// What pasted or dropped content turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opened {
    /// A FEN position.
    Fen(Position),
    /// One or more PGN games (at least one).
    Pgn(Vec<PgnGame>),
}

impl Opened {
    /// The games of the door as PGN; a bare position as itself.
    fn from_games(mut games: Vec<record::OpenedGame>) -> Opened {
        match games.as_slice() {
            [g] if g.format.is_none() && g.plies() == 0 => {
                Opened::Fen(*games.swap_remove(0).game.start())
            }
            _ => Opened::Pgn(games.iter().map(record::OpenedGame::to_pgn).collect()),
        }
    }

    /// The first game (a FEN becomes a game with no moves).
    pub fn into_first_game(self) -> PgnGame {
        match self {
            Opened::Fen(p) => PgnGame::new(p),
            Opened::Pgn(mut games) => games.swap_remove(0),
        }
    }
}

/// Opens pasted text or the bytes of a dropped file as PGN games or a
/// position: the [`record`] door, seen as PGN.
///
/// # Errors
/// [`OpenError`] says what is wrong (a PGN error names the line and move).
pub fn open_text(bytes: &[u8]) -> Result<Opened, OpenError> {
    record::open_bytes(bytes).map(Opened::from_games)
}

/// Reads and opens a file (`.pgn`, `.fen` or anything with that content).
///
/// # Errors
/// [`LibraryError`] naming the file.
pub fn open_file(path: &Path) -> Result<Opened, LibraryError> {
    record::open_path(path).map(Opened::from_games)
}

/// Loads the first game of a saved PGN file, every move checked.
///
/// # Errors
/// [`LibraryError`] naming the file and the problem.
pub fn load(path: &Path) -> Result<PgnGame, LibraryError> {
    open_file(path).map(Opened::into_first_game)
}

/// Lists the folder, newest first. A missing folder is an empty list; a
/// file that cannot be read is listed with its error.
pub fn list(dir: &Path) -> Vec<Entry> {
    let mut entries: Vec<Entry> = files(dir).iter().map(|(p, _)| entry(p)).collect();
    entries.sort_by(newest_first);
    entries
}

/// The order of the listing: newest first, then by path.
pub fn newest_first(a: &Entry, b: &Entry) -> std::cmp::Ordering {
    b.time.cmp(&a.time).then_with(|| b.path.cmp(&a.path))
}

/// Lists the folder on a thread of its own, so that a folder of large
/// files never holds up the caller: each entry is sent as soon as its file
/// is read, the most recently modified files first, and the channel closes
/// when all are sent. Dropping the receiver stops the reading after the
/// file in hand. Sort what arrives with [`newest_first`].
pub fn list_in_background(dir: PathBuf) -> crossbeam_channel::Receiver<Entry> {
    let (tx, rx) = crossbeam_channel::unbounded();
    let spawned = std::thread::Builder::new()
        .name("saved-games listing".into())
        .spawn(move || {
            for (path, _) in files(&dir) {
                if tx.send(entry(&path)).is_err() {
                    return;
                }
            }
        });
    if spawned.is_err() {
        // No thread to be had: an empty listing rather than a frozen window.
        return crossbeam_channel::never();
    }
    rx
}

/// The folder's game files (no temporary or hidden files) with their
/// modification times, most recently modified first. Cheap: no file is read.
fn files(dir: &Path) -> Vec<(PathBuf, u64)> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(PathBuf, u64)> = rd
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && !atomic::is_temp_file(p) && !is_hidden(p))
        .map(|p| {
            let t = mtime(&p);
            (p, t)
        })
        .collect();
    files.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| b.0.cmp(&a.0)));
    files
}

fn mtime(path: &Path) -> u64 {
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs())
}

fn is_hidden(p: &Path) -> bool {
    p.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.'))
}

fn entry(path: &Path) -> Entry {
    let mtime = mtime(path);
    let mut e = Entry {
        path: path.to_path_buf(),
        date: format_date(mtime),
        red: String::new(),
        black: String::new(),
        result: None,
        plies: 0,
        error: None,
        time: mtime,
    };
    match load(path) {
        Ok(g) => {
            e.red = g.tag("Red").unwrap_or_default().to_string();
            e.black = g.tag("Black").unwrap_or_default().to_string();
            e.result = g.result;
            e.plies = g.moves.len();
            if let Some(t) = tag_time(&g) {
                e.time = t;
                e.date = format_date(t);
            }
        }
        Err(LibraryError::Open { error, .. }) => e.error = Some(error.to_string()),
        Err(LibraryError::Io { source, .. }) => e.error = Some(format!("cannot be read: {source}")),
    }
    e
}

/// `Date` (`2024.05.01`) and optional `Time` (`14:30:05`) tags as seconds.
fn tag_time(g: &PgnGame) -> Option<u64> {
    let date = g.tag("Date")?;
    let mut d = date
        .trim()
        .split(['.', '-', '/'])
        .map(|s| s.parse::<u32>().ok());
    let (y, m, day) = (d.next()??, d.next()??, d.next()??);
    let (mut hh, mut mm, mut ss) = (0, 0, 0);
    if let Some(t) = g.tag("Time") {
        let mut parts = t.trim().split(':').map(|s| s.parse::<u32>().ok());
        hh = parts.next().flatten().unwrap_or(0);
        mm = parts.next().flatten().unwrap_or(0);
        ss = parts.next().flatten().unwrap_or(0);
    }
    unix_from_utc(i64::from(y), m, day, hh, mm, ss)
}

fn format_date(secs: u64) -> String {
    UtcTime::from_unix(secs).to_minute()
}

/// Builds the PGN record of `game` (every recorded move, the result at the
/// end if the game is over) with `tags` (e.g. `("Red", "Player")`,
/// `("Black", "AI level 5")`), adding `Date` and `Time` (UTC) unless given,
/// and the ECCO opening (`ECCO`, `Opening`) when the moves have one.
pub fn pgn_for(game: &Game, tags: &[(&str, &str)]) -> PgnGame {
    let mut end = game.clone();
    end.goto(game.all_moves().len());
    let mut g = PgnGame::from_game(&end);
    let now = UtcTime::now();
    g.set_tag("Event", "Xiangqi");
    g.set_tag("Date", &now.pgn_date());
    g.set_tag("Time", &now.pgn_time());
    for (k, v) in tags {
        g.set_tag(k, v);
    }
    crate::ecco::fill_tags(&mut g.tags, &g.start, &g.moves);
    g
}

/// Saves `game` with `tags` (see [`pgn_for`]) as a new file in `dir`.
///
/// # Errors
/// [`LibraryError::Io`]; nothing is then written.
pub fn save_pgn(dir: &Path, game: &Game, tags: &[(&str, &str)]) -> Result<PathBuf, LibraryError> {
    save_pgn_game(dir, &pgn_for(game, tags))
}

/// Saves a PGN record as a new file in `dir`, named after its date, time
/// and players (`2024-05-01_143005_Player-vs-AI.pgn`, then `…-2.pgn` …),
/// written atomically and never over an existing file.
///
/// # Errors
/// [`LibraryError::Io`]; nothing is then written.
pub fn save_pgn_game(dir: &Path, game: &PgnGame) -> Result<PathBuf, LibraryError> {
    save_pgn_text(dir, game, &pgn::write_pgn(game, Notation::Chinese))
}

/// Saves a game as `tree` holds it — main line, variations, comments and
/// marks — with the tags and result of `game`, as [`save_pgn_game`] does.
///
/// # Errors
/// [`LibraryError::Io`]; nothing is then written.
pub fn save_pgn_tree(dir: &Path, game: &PgnGame, tree: &MoveTree) -> Result<PathBuf, LibraryError> {
    save_pgn_text(dir, game, &pgn_tree_text(game, tree))
}

/// The PGN text [`save_pgn_tree`] writes: the tags and result of `game`,
/// the moves, variations, comments and marks of `tree`, in Chinese notation.
pub fn pgn_tree_text(game: &PgnGame, tree: &MoveTree) -> String {
    write_pgn_tree(
        &game.tags,
        tree,
        game.result,
        Notation::Chinese,
        notation::ChineseStyle::default(),
    )
}

/// Saves a game as [`save_pgn_tree`] does, but at `path` (a `.pgn` is added
/// when it has no extension), written atomically over what was there: the
/// player chose the file.
///
/// # Errors
/// [`LibraryError::Io`] naming the file; nothing is then written.
pub fn save_pgn_tree_as(
    path: &Path,
    game: &PgnGame,
    tree: &MoveTree,
) -> Result<PathBuf, LibraryError> {
    let path = if path.extension().is_none() {
        path.with_extension("pgn")
    } else {
        path.to_path_buf()
    };
    crate::store::atomic::write_atomic(&path, pgn_tree_text(game, tree).as_bytes()).map_err(
        |source| LibraryError::Io {
            path: path.clone(),
            source,
        },
    )?;
    Ok(path)
}

fn save_pgn_text(dir: &Path, game: &PgnGame, text: &str) -> Result<PathBuf, LibraryError> {
    let stem = file_stem(game);
    let io_err = |path: &Path, source| LibraryError::Io {
        path: path.to_path_buf(),
        source,
    };
    for n in 1..10_000 {
        let name = if n == 1 {
            format!("{stem}.pgn")
        } else {
            format!("{stem}-{n}.pgn")
        };
        let path = dir.join(name);
        match atomic::write_new_atomic(&path, text.as_bytes()) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io_err(&path, e)),
        }
    }
    Err(io_err(
        dir,
        io::Error::new(io::ErrorKind::AlreadyExists, "no free file name"),
    ))
}

/// `2024-05-01_143005_Red-vs-Black` from the tags (now, if no date).
pub fn file_stem(g: &PgnGame) -> String {
    let stamp = UtcTime::from_unix(tag_time(g).unwrap_or_else(now_unix)).file_stamp();
    let red = clean_name(g.tag("Red").unwrap_or("Red"));
    let black = clean_name(g.tag("Black").unwrap_or("Black"));
    format!("{stamp}_{red}-vs-{black}")
}

/// A player name safe in a file name on every platform: letters (any
/// script) and digits kept, runs of anything else become `_`, at most 24
/// characters.
fn clean_name(s: &str) -> String {
    let mut out = String::new();
    for c in s.trim().chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
        if out.chars().count() >= 24 {
            break;
        }
    }
    let out = out.trim_matches('_').to_string();
    if out.is_empty() { "player".into() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Move;
    use crate::store::test_util::TempDir;
    use std::fs;

    fn sample_game(moves: &[&str]) -> Game {
        let mut g = Game::new(Position::startpos());
        for m in moves {
            g.play(Move::from_iccs(m).unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn saved_game_loads_back_with_tags_and_moves() {
        let t = TempDir::new("lib-save");
        let game = sample_game(&["h2e2", "h9g7", "h0g2"]);
        let p = save_pgn(t.path(), &game, &[("Red", "Player"), ("Black", "AI 5")]).unwrap();
        let name = p.file_name().unwrap().to_str().unwrap();
        assert!(name.ends_with("_Player-vs-AI_5.pgn"), "{name}");
        let g = load(&p).unwrap();
        assert_eq!(g.moves, game.all_moves());
        assert_eq!(g.tag("Red"), Some("Player"));
        assert_eq!(g.start, Position::startpos());
    }

    #[test]
    fn saving_twice_gives_unique_filenames_and_never_overwrites() {
        let t = TempDir::new("lib-unique");
        let game = sample_game(&["h2e2"]);
        let tags = [
            ("Red", "A/B: C?"),
            ("Black", "棋手"),
            ("Date", "2024.05.01"),
            ("Time", "14:30:05"),
        ];
        let p1 = save_pgn(t.path(), &game, &tags).unwrap();
        let first = fs::read(&p1).unwrap();
        let p2 = save_pgn(t.path(), &sample_game(&["b2e2"]), &tags).unwrap();
        let p3 = save_pgn(t.path(), &game, &tags).unwrap();
        assert_eq!(
            p1.file_name().unwrap(),
            "2024-05-01_143005_A_B_C-vs-棋手.pgn"
        );
        assert_eq!(
            p2.file_name().unwrap(),
            "2024-05-01_143005_A_B_C-vs-棋手-2.pgn"
        );
        assert_eq!(
            p3.file_name().unwrap(),
            "2024-05-01_143005_A_B_C-vs-棋手-3.pgn"
        );
        assert_eq!(fs::read(&p1).unwrap(), first);
        assert_eq!(fs::read_dir(t.path()).unwrap().count(), 3);
    }

    #[test]
    fn listing_is_newest_first_and_shows_corrupt_files_with_their_error() {
        let t = TempDir::new("lib-list");
        let game = sample_game(&["h2e2", "h9g7"]);
        let old = save_pgn(t.path(), &game, &[("Red", "Old"), ("Date", "2020.01.02")]).unwrap();
        let mut over = Game::new(Position::startpos());
        over.play(Move::from_iccs("h2e2").unwrap()).unwrap();
        over.resign(crate::rules::Color::Black);
        let new = save_pgn(
            t.path(),
            &over,
            &[
                ("Red", "New"),
                ("Black", "B"),
                ("Date", "2024.03.04"),
                ("Time", "05:06:07"),
            ],
        )
        .unwrap();
        let bad = t.path().join("broken.pgn");
        fs::write(&bad, "[Game \"Chinese Chess\"]\n1. h2e2 h2e2 *\n").unwrap();
        fs::write(t.path().join("foreign.pgn"), [0u8, 159, 146, 150]).unwrap();
        fs::write(t.path().join(".hidden.pgn.1-0.tmp"), "partial").unwrap();
        let list = list(t.path());
        assert_eq!(list.len(), 4, "{list:#?}");
        let good: Vec<&Entry> = list.iter().filter(|e| e.error.is_none()).collect();
        assert_eq!(good.len(), 2);
        assert_eq!(good[0].path, new);
        assert_eq!(good[0].date, "2024-03-04 05:06");
        assert_eq!((good[0].red.as_str(), good[0].black.as_str()), ("New", "B"));
        assert_eq!(good[0].plies, 1);
        assert_eq!(good[1].path, old);
        assert_eq!(good[1].plies, 2);
        assert_eq!(good[1].result, None);
        let broken = list.iter().find(|e| e.path == bad).unwrap();
        let err = broken.error.as_deref().unwrap();
        assert!(err.contains("line 2"), "{err}");
        let foreign = list
            .iter()
            .find(|e| e.path.ends_with("foreign.pgn"))
            .unwrap();
        assert!(foreign.error.is_some());
    }

    #[test]
    fn the_background_listing_sends_every_entry_and_closes() {
        let t = TempDir::new("lib-background");
        let game = sample_game(&["h2e2", "h9g7"]);
        let mut saved = Vec::new();
        for (i, date) in ["2020.01.02", "2024.03.04", "2022.05.06"]
            .iter()
            .enumerate()
        {
            let red = format!("P{i}");
            saved
                .push(save_pgn(t.path(), &game, &[("Red", red.as_str()), ("Date", date)]).unwrap());
        }
        fs::write(t.path().join("broken.pgn"), "1. h2e2 h2e2 *").unwrap();
        let rx = list_in_background(t.path().to_path_buf());
        let mut got: Vec<Entry> = rx.iter().collect();
        assert_eq!(got.len(), 4);
        got.sort_by(newest_first);
        assert_eq!(got, list(t.path()));
        let good: Vec<&Entry> = got.iter().filter(|e| e.error.is_none()).collect();
        assert_eq!(good[0].path, saved[1], "newest by its Date tag");
        assert_eq!(good[2].path, saved[0]);
        // A missing folder: the channel just closes.
        let none = list_in_background(t.path().join("missing"));
        assert_eq!(none.iter().count(), 0);
    }

    #[test]
    fn the_background_listing_does_not_wait_for_the_files() {
        let t = TempDir::new("lib-background-big");
        // Big (but not too big) files: reading them takes a while.
        let moves = "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 ";
        let mut text = String::from("[Game \"Chinese Chess\"]\n");
        text.push_str(moves);
        text.push_str(&format!("{{{}}}", "x".repeat(6 * 1024 * 1024)));
        text.push_str(" *\n");
        for i in 0..3 {
            fs::write(t.path().join(format!("big-{i}.pgn")), &text).unwrap();
        }
        let started = std::time::Instant::now();
        let rx = list_in_background(t.path().to_path_buf());
        let returned = started.elapsed();
        let all: Vec<Entry> = rx.iter().collect();
        let finished = started.elapsed();
        assert_eq!(all.len(), 3);
        assert!(
            all.iter().all(|e| e.error.is_none() && e.plies == 6),
            "{all:#?}"
        );
        // The call returns long before the files are read.
        assert!(returned * 10 < finished, "{returned:?} vs {finished:?}");
    }

    #[test]
    fn listing_a_missing_folder_is_empty() {
        assert!(list(Path::new("/nonexistent/xiangqi/games")).is_empty());
    }

    #[test]
    fn open_text_detects_fen() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(
            open_text(fen.as_bytes()),
            Ok(Opened::Fen(Position::startpos()))
        );
        let padded = format!("\u{feff}  fen {fen}\r\n");
        assert_eq!(
            open_text(padded.as_bytes()),
            Ok(Opened::Fen(Position::startpos()))
        );
        let e =
            open_text(b"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w").unwrap_err();
        assert!(matches!(e, OpenError::Fen(_)), "{e:?}");
        assert!(e.to_string().starts_with("invalid FEN: "), "{e}");
    }

    #[test]
    fn open_text_refuses_text_after_a_fen_but_plays_an_engine_line_of_moves() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let e = open_text(format!("{start} extra").as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid FEN: unexpected text after the FEN: 'extra'"
        );
        let e = open_text(b"4k4/9/9/9/9/9/9/9/9/54 w - - 0 1").unwrap_err();
        assert!(e.to_string().contains("the digits '54' in a row"), "{e}");
        let Ok(Opened::Pgn(games)) =
            open_text(format!("position fen {start} moves h2e2 h9g7").as_bytes())
        else {
            panic!("a game")
        };
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(games[0].start, Position::startpos());
        assert_eq!(
            open_text(format!("{start} moves").as_bytes()),
            Ok(Opened::Fen(Position::startpos()))
        );
        let e = open_text(format!("{start} moves h2e2 h2e2").as_bytes()).unwrap_err();
        assert!(e.to_string().starts_with("move 1... (h2e2): "), "{e}");
    }

    #[test]
    fn open_text_keeps_the_good_games_of_a_file_and_reads_full_width_numbers() {
        let text =
            "[Red \"Bad\"]\n1. 炮二平五 车九进十 *\n\n[Red \"Good\"]\n１． 炮二平五 马８进７ *\n";
        let Ok(Opened::Pgn(games)) = open_text(text.as_bytes()) else {
            panic!("the good game opens")
        };
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Red"), Some("Good"));
        assert_eq!(games[0].moves.len(), 2);
        // With no good game, the first error is reported.
        let e = open_text("[Red \"Bad\"]\n1. 炮二平五 车九进十 *\n".as_bytes()).unwrap_err();
        assert!(
            e.to_string().contains("line 2, move 1... (车九进十)"),
            "{e}"
        );
    }

    #[test]
    fn open_text_reads_pgn_in_utf8_and_gbk() {
        let text = "[Game \"Chinese Chess\"]\n[Red \"甲\"]\n1. 炮二平五 马８进７ 2. h0g2 *\n";
        let Ok(Opened::Pgn(games)) = open_text(text.as_bytes()) else {
            panic!("not PGN")
        };
        assert_eq!(games[0].moves.len(), 3);
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        assert!(std::str::from_utf8(&gbk).is_err());
        assert_eq!(open_text(&gbk), Ok(Opened::Pgn(games)));
        // Bare movetext is PGN too.
        let Ok(Opened::Pgn(g)) = open_text("1. 炮二平五 马８进７".as_bytes()) else {
            panic!("bare movetext")
        };
        assert_eq!(g[0].moves.len(), 2);
    }

    #[test]
    fn open_text_errors_are_clear() {
        assert_eq!(open_text(b"  \n "), Err(OpenError::Empty));
        assert_eq!(open_text(b"abc\0def"), Err(OpenError::Binary));
        let e = open_text(b"hello world").unwrap_err();
        assert!(matches!(e, OpenError::NotRecognized { .. }), "{e:?}");
        assert!(e.to_string().contains("hello world"));
        let e = open_text("[Game \"Chinese Chess\"]\n1. h2e2 h2e2 *".as_bytes()).unwrap_err();
        assert!(matches!(e, OpenError::Pgn(_)), "{e:?}");
        assert!(e.to_string().contains("line 2"), "{e}");
    }

    #[test]
    fn open_file_names_the_file() {
        let t = TempDir::new("lib-open");
        let p = t.path().join("x.fen");
        fs::write(&p, "not a position").unwrap();
        let e = open_file(&p).unwrap_err();
        assert!(
            e.to_string().starts_with("x.fen: not a FEN position"),
            "{e}"
        );
        let e = open_file(&t.path().join("missing.pgn")).unwrap_err();
        assert!(matches!(e, LibraryError::Io { .. }));
    }
}
