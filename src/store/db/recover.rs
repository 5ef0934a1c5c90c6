//! A database that cannot be used as it is — damaged, or written by a newer
//! version of the game — is set aside (renamed, never deleted) and a new one
//! is built from what can still be read of it, and from the saved-games
//! folder, which stays the source of truth for the player's own games.

use super::{Database, DbError, NewGame, Owner};
use crate::store::db::import;
use crate::store::record::{self, OpenedGame};
use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::path::{Path, PathBuf};

/// What was done to open the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// Where the old file was moved.
    pub set_aside: PathBuf,
    /// What was wrong with it.
    pub why: String,
    /// Games read back from it.
    pub salvaged: u64,
    /// Games in it that could not be read.
    pub unreadable: u64,
    /// Games added from the saved-games folder.
    pub from_saved: u64,
}

impl std::fmt::Display for Recovery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the game database {}; it was set aside as {} and rebuilt: {} games read back from it",
            self.why,
            self.set_aside.display(),
            self.salvaged
        )?;
        if self.unreadable > 0 {
            write!(f, " ({} could not be read)", self.unreadable)?;
        }
        write!(f, ", {} from the saved games", self.from_saved)
    }
}

/// Whose a saved game is, as the caller tells from its players; `None`
/// keeps it out of the rebuilt database.
pub type OwnerOf<'a> = &'a dyn Fn(&OpenedGame) -> Option<Owner>;

/// The names the game writes for the person at the board in a saved game
/// (its "Human" in each language).
pub const HUMAN_NAMES: [&str; 2] = ["玩家", "Human"];

/// Whose a game the game saved is, from its players: the side(s) named
/// [`HUMAN_NAMES`]; a game between two computers is no one's.
pub fn saved_game_owner(g: &OpenedGame) -> Option<Owner> {
    let human = |tag: &str| g.tag(tag).is_some_and(|n| HUMAN_NAMES.contains(&n));
    match (human("Red"), human("Black")) {
        (true, true) => Some(Owner::MineBothSides),
        (true, false) => Some(Owner::Mine(crate::rules::Color::Red)),
        (false, true) => Some(Owner::Mine(crate::rules::Color::Black)),
        (false, false) => None,
    }
}

impl Database {
    /// Opens the database at `path`; if it is damaged (`thorough` also runs
    /// SQLite's quick check of every page, a second or two on 100,000
    /// games) or newer than this game, sets it aside and builds a new one
    /// from what can be read of it and from the games in `saved` (owned as
    /// `owner_of` says).
    ///
    /// # Errors
    /// A database that cannot be opened for another reason (no folder, no
    /// permission), or one that cannot be rebuilt.
    pub fn open_or_rebuild(
        path: &Path,
        thorough: bool,
        saved: Option<&Path>,
        owner_of: OwnerOf<'_>,
    ) -> Result<(Database, Option<Recovery>), DbError> {
        let why = match Database::open(path) {
            Ok(db) => {
                if !thorough {
                    return Ok((db, None));
                }
                match db.quick_check() {
                    Ok(None) => return Ok((db, None)),
                    Ok(Some(problem)) => format!("is damaged ({problem})"),
                    Err(e) if is_damage(&e) => format!("is damaged ({e})"),
                    Err(e) => return Err(e),
                }
            }
            Err(DbError::Newer { found, known, .. }) => {
                format!(
                    "was written by a newer version of the game (schema {found}; this one knows {known})"
                )
            }
            Err(e) if is_damage(&e) => format!("is damaged ({})", inner(&e)),
            Err(e) => return Err(e),
        };
        let set_aside = set_aside(path)?;
        let mut db = Database::open(path)?;
        let (salvaged, unreadable) = salvage(&set_aside, &mut db);
        let from_saved = match saved {
            Some(dir) => add_saved(&mut db, dir, owner_of)?,
            None => 0,
        };
        Ok((
            db,
            Some(Recovery {
                set_aside,
                why,
                salvaged,
                unreadable,
                from_saved,
            }),
        ))
    }

    /// SQLite's quick check: `None` when the file is sound.
    fn quick_check(&self) -> Result<Option<String>, DbError> {
        let said = self.check("quick_check")?;
        Ok((said != "ok").then_some(said))
    }
}

fn inner(e: &DbError) -> String {
    match e {
        DbError::Open { source, .. } => source.to_string(),
        other => other.to_string(),
    }
}

/// SQLite says the file is not a database or is corrupt.
fn is_damage(e: &DbError) -> bool {
    let source = match e {
        DbError::Open { source, .. } | DbError::Sql(source) => source,
        _ => return false,
    };
    matches!(
        source.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

/// Moves the file (and its log) out of the way: `games.sqlite` becomes
/// `games.sqlite.set-aside-1` (the first number not taken).
fn set_aside(path: &Path) -> Result<PathBuf, DbError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "games.sqlite".into());
    let io = |source| DbError::SetAside {
        path: path.to_path_buf(),
        source,
    };
    let aside = (1..)
        .map(|n| path.with_file_name(format!("{name}.set-aside-{n}")))
        .find(|p| !p.exists())
        .expect("some number is free");
    std::fs::rename(path, &aside).map_err(io)?;
    for log in ["-wal", "-shm"] {
        let from = path.with_file_name(format!("{name}{log}"));
        if from.exists() {
            let to = aside.with_file_name(format!(
                "{}{log}",
                aside.file_name().unwrap_or_default().to_string_lossy()
            ));
            std::fs::rename(&from, &to).map_err(io)?;
        }
    }
    Ok(aside)
}

/// Reads back every game that can still be read from the old file into
/// `db`: (read back, unreadable). A file SQLite cannot read at all gives
/// nothing back.
fn salvage(old: &Path, db: &mut Database) -> (u64, u64) {
    let Ok(conn) = Connection::open_with_flags(old, OpenFlags::SQLITE_OPEN_READ_ONLY) else {
        return (0, 0);
    };
    let old = Database {
        conn,
        path: Some(old.to_path_buf()),
    };
    let ids: Vec<i64> = match old.conn.prepare("SELECT id FROM games ORDER BY id") {
        Ok(mut q) => match q.query_map([], |r| r.get(0)) {
            // A damaged page ends the list there; the ids before it count.
            Ok(rows) => rows.map_while(Result::ok).collect(),
            Err(_) => Vec::new(),
        },
        Err(_) => Vec::new(),
    };
    let (mut salvaged, mut unreadable) = (0, 0);
    for id in ids {
        let Ok(stored) = old.load(id) else {
            unreadable += 1;
            continue;
        };
        let game = NewGame {
            opened: &stored.opened,
            source: &stored.source,
            owner: stored.owner,
        };
        match db.add(&game) {
            Ok(_) => salvaged += 1,
            Err(_) => unreadable += 1,
        }
    }
    (salvaged, unreadable)
}

/// Adds the player's games from the saved-games folder: how many were new.
fn add_saved(db: &mut Database, dir: &Path, owner_of: OwnerOf<'_>) -> Result<u64, DbError> {
    let (files, _) = import::record_files(&[dir.to_path_buf()]);
    let mut added = 0;
    for file in files {
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let source = file.display().to_string();
        let mut games = Vec::new();
        record::for_each_game(&bytes, |_, g| {
            if let Ok(g) = g
                && let Some(owner) = owner_of(&g)
            {
                games.push((g, owner));
            }
        });
        for (opened, owner) in &games {
            let new = NewGame {
                opened,
                source: &source,
                owner: *owner,
            };
            if matches!(db.add(&new)?, super::Added::New(_)) {
                added += 1;
            }
        }
    }
    Ok(added)
}
