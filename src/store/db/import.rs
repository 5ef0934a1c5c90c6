//! Importing collections: files and folders of records in every format the
//! project reads, into the database.
//!
//! Folders are walked recursively for record files (by their extension);
//! a file named on its own is read whatever its name. Each file is opened
//! through the one door ([`record::for_each_game`]), so PGN collections of
//! any size are read a few hundred games at a time, GBK or UTF-8. A damaged
//! file or game is set aside with its reason (the file, the game's number,
//! the move) and the import goes on; a game already stored (the same moves
//! between the same players) is counted as a duplicate.

use super::{Added, Database, DbError, NewGame, Owner};
use crate::store::record::{self, OpenedGame};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Record files a folder is searched for (the records' extensions).
pub use crate::store::record::EXTENSIONS;

/// Games written in one transaction.
const BATCH: usize = 500;
/// How often progress is reported, at most.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// How far an import is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Files read so far.
    pub files_done: usize,
    /// Files to read.
    pub files: usize,
    /// Bytes of the files read so far (the current one counted as read).
    pub bytes_done: u64,
    /// Bytes of all the files.
    pub bytes: u64,
    /// Games added.
    pub added: u64,
    /// Games already there.
    pub duplicates: u64,
    /// Games and files refused.
    pub refused: u64,
    /// Time since the import began.
    pub elapsed: Duration,
}

impl Progress {
    /// Games read a second (added, duplicates and refused).
    pub fn games_per_second(&self) -> f64 {
        let games = (self.added + self.duplicates + self.refused) as f64;
        games / self.elapsed.as_secs_f64().max(1e-3)
    }

    /// Time left, from the bytes read so far.
    pub fn eta(&self) -> Option<Duration> {
        if self.bytes_done == 0 || self.bytes_done >= self.bytes {
            return None;
        }
        let rate = self.bytes_done as f64 / self.elapsed.as_secs_f64().max(1e-3);
        Some(Duration::from_secs_f64(
            (self.bytes - self.bytes_done) as f64 / rate,
        ))
    }
}

/// A file or game that was not imported, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The file.
    pub file: PathBuf,
    /// The game's number in the file (1 = first), when one game was refused.
    pub game: Option<usize>,
    /// What is wrong (the move and its number, where the record says).
    pub reason: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.game {
            Some(n) => write!(f, "{}: game {n}: {}", self.file.display(), self.reason),
            None => write!(f, "{}: {}", self.file.display(), self.reason),
        }
    }
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Games added.
    pub added: u64,
    /// Games that were already there.
    pub duplicates: u64,
    /// What was refused, and why.
    pub refused: Vec<Refusal>,
    /// How long it took.
    pub elapsed: Duration,
}

/// The record files under `inputs`: files as named, folders searched
/// recursively for [`EXTENSIONS`] (in name order). What cannot be found or
/// read is a refusal.
pub fn record_files(inputs: &[PathBuf]) -> (Vec<PathBuf>, Vec<Refusal>) {
    let mut files = Vec::new();
    let mut refused = Vec::new();
    for input in inputs {
        match std::fs::metadata(input) {
            Ok(m) if m.is_dir() => walk(input, &mut files, &mut refused),
            Ok(m) if m.is_file() => files.push(input.clone()),
            // A pipe would be waited on for ever, a device read without end.
            Ok(_) => refused.push(Refusal {
                file: input.clone(),
                game: None,
                reason: "not a regular file or a folder".into(),
            }),
            Err(e) => refused.push(Refusal {
                file: input.clone(),
                game: None,
                reason: e.to_string(),
            }),
        }
    }
    (files, refused)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>, refused: &mut Vec<Refusal>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            refused.push(Refusal {
                file: dir.to_path_buf(),
                game: None,
                reason: e.to_string(),
            });
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            walk(&path, files, refused);
        } else if meta.is_file() && has_record_extension(&path) {
            files.push(path);
        } else if meta.is_symlink() {
            // A link to a record file is followed; a link to a folder is
            // not (it could lead back here), and is said, as is a link to
            // nothing.
            let refuse = |reason: &str| Refusal {
                file: path.clone(),
                game: None,
                reason: reason.into(),
            };
            match std::fs::metadata(&path) {
                Ok(target) if target.is_file() && has_record_extension(&path) => files.push(path),
                Ok(target) if target.is_dir() => refused.push(refuse(
                    "a link to a folder, not followed (it could lead back here)",
                )),
                Ok(_) => {}
                Err(_) => refused.push(refuse("a link to nothing")),
            }
        }
    }
}

/// Only a PGN collection is read a piece at a time: a file in another
/// format is read whole (at about a hundred times its size), so it is held
/// to the record limit.
fn only_pgn_is_large(bytes: Vec<u8>) -> std::io::Result<Vec<u8>> {
    if bytes.len() as u64 > record::MAX_FILE_BYTES
        && crate::rules::records::detect(&bytes) != crate::rules::records::Format::Pgn
    {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!(
                "more than {} MB, too large to be a game record (only a PGN collection may be larger)",
                record::MAX_FILE_BYTES >> 20
            ),
        ));
    }
    Ok(bytes)
}

fn has_record_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
}

impl Database {
    /// Imports the record files and folders `inputs` as `owner`'s games;
    /// `on_progress` hears how far it is, a few times a second.
    ///
    /// # Errors
    /// Only a failing database stops an import; files and games that cannot
    /// be read are in the summary's refusals.
    pub fn import(
        &mut self,
        inputs: &[PathBuf],
        owner: Owner,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Result<Summary, DbError> {
        let started = Instant::now();
        let (files, mut refused) = record_files(inputs);
        let mut progress = Progress {
            files: files.len(),
            bytes: files
                .iter()
                .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
                .sum(),
            refused: refused.len() as u64,
            ..Progress::default()
        };
        let mut last_report = started;
        for file in &files {
            let bytes = match record::read_collection_bytes(file).and_then(only_pgn_is_large) {
                Ok(bytes) => bytes,
                Err(e) => {
                    refused.push(Refusal {
                        file: file.clone(),
                        game: None,
                        reason: e.to_string(),
                    });
                    progress.refused += 1;
                    progress.files_done += 1;
                    continue;
                }
            };
            let source = file.display().to_string();
            // On an error the file's transaction is rolled back: the
            // database is as it was after the files before it.
            self.import_file(
                file,
                &bytes,
                &source,
                owner,
                &mut progress,
                &mut refused,
                &mut |p| {
                    if last_report.elapsed() >= PROGRESS_EVERY {
                        last_report = Instant::now();
                        on_progress(p);
                    }
                },
                started,
            )?;
            progress.files_done += 1;
            progress.bytes_done += bytes.len() as u64;
            progress.elapsed = started.elapsed();
            on_progress(&progress);
        }
        Ok(Summary {
            files: files.len(),
            added: progress.added,
            duplicates: progress.duplicates,
            refused,
            elapsed: started.elapsed(),
        })
    }

    /// Imports one file's games in one transaction: the games are stored
    /// as they are read and their positions gathered in a scratch table,
    /// then put into the index in key order at the end, so each page of the
    /// index is written once for the whole file (inserting batch after
    /// batch rewrote most of a large index every time). A file is kept
    /// whole or not at all.
    #[allow(clippy::too_many_arguments)]
    fn import_file(
        &mut self,
        file: &Path,
        bytes: &[u8],
        source: &str,
        owner: Owner,
        progress: &mut Progress,
        refused: &mut Vec<Refusal>,
        report: &mut dyn FnMut(&Progress),
        started: Instant,
    ) -> Result<(), DbError> {
        // Immediate: the write lock is taken at the start (waiting for
        // another writer, the game or the command line), not on the first
        // insert after reads, where a busy database cannot be waited for.
        let tx = rusqlite::Transaction::new_unchecked(
            &self.conn,
            rusqlite::TransactionBehavior::Immediate,
        )?;
        tx.execute_batch(
            "CREATE TEMP TABLE IF NOT EXISTS staging (
                 key INTEGER, game INTEGER, ply INTEGER, mv INTEGER, result INTEGER, owner INTEGER
             );
             DELETE FROM temp.staging;",
        )?;
        let mut batch: Vec<OpenedGame> = Vec::with_capacity(BATCH);
        let mut rows = Vec::new();
        let mut failure = None;
        let mut flush = |batch: &mut Vec<OpenedGame>, progress: &mut Progress| {
            flush_batch(&tx, batch, &mut rows, (source, owner), progress)
        };
        record::for_each_game(bytes, |number, game| {
            if failure.is_some() {
                return;
            }
            match game {
                Ok(g) => batch.push(g),
                Err(e) => {
                    refused.push(Refusal {
                        file: file.to_path_buf(),
                        game: Some(number),
                        reason: e.to_string(),
                    });
                    progress.refused += 1;
                }
            }
            if batch.len() >= BATCH {
                if let Err(e) = flush(&mut batch, progress) {
                    failure = Some(e);
                }
                progress.elapsed = started.elapsed();
                report(progress);
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        flush(&mut batch, progress)?;
        tx.execute_batch(
            "INSERT OR IGNORE INTO positions (key, game, ply, mv, result, owner)
                 SELECT key, game, ply, mv, result, owner FROM temp.staging ORDER BY key, game, ply;
             DELETE FROM temp.staging;",
        )?;
        tx.commit()?;
        Ok(())
    }
}

/// Writes `batch` (read from `source`, of `owner`) into the games and its
/// positions into the staging table, counting what was new and what was a
/// duplicate; the batch is emptied.
fn flush_batch(
    tx: &rusqlite::Transaction<'_>,
    batch: &mut Vec<OpenedGame>,
    rows: &mut Vec<super::IndexRow>,
    (source, owner): (&str, Owner),
    progress: &mut Progress,
) -> Result<(), DbError> {
    if batch.is_empty() {
        return Ok(());
    }
    let games: Vec<NewGame<'_>> = batch
        .iter()
        .map(|opened| NewGame {
            opened,
            source,
            owner,
        })
        .collect();
    for added in super::insert_games(tx, &games, rows)? {
        match added {
            Added::New(_) => progress.added += 1,
            Added::Duplicate(_) => progress.duplicates += 1,
        }
    }
    let mut stage = tx.prepare_cached(
        "INSERT INTO temp.staging (key, game, ply, mv, result, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for r in rows.drain(..) {
        stage.execute(rusqlite::params![r.0, r.1, r.2, r.3, r.4, r.5])?;
    }
    batch.clear();
    Ok(())
}
