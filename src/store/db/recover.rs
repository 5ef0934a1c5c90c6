//! A database that cannot be used as it is — damaged, or written by a newer
//! version of the game — is set aside (renamed, never deleted) and a new one
//! is built from what can still be read of it, and from the saved-games
//! folder, which stays the source of truth for the player's own games.

use super::{Database, DbError, NewGame, Owner};
use crate::store::db::import;
use crate::store::record::{self, OpenedGame};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};

/// What was done to open the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// Where the old file was moved.
    pub set_aside: PathBuf,
    /// What was wrong with it.
    pub why: String,
    /// It was written by a newer version of the game (not damaged).
    pub newer: bool,
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
        // The game and the command line (or two commands) may open the file
        // at the same moment: each looks at it under a shared lock, and a
        // rebuild takes the lock alone and looks again, so the file is set
        // aside once, and never while another process is opening it or
        // rebuilding it.
        let lock = RebuildLock::new(path);
        {
            let _shared = lock.as_ref().map(RebuildLock::shared);
            if let Usable::Yes(db) = usable(path, thorough)? {
                return Ok((db, None));
            }
        }
        let _alone = lock.as_ref().map(RebuildLock::exclusive);
        let (why, newer) = match usable(path, thorough)? {
            // Another process rebuilt it while this one waited.
            Usable::Yes(db) => return Ok((db, None)),
            Usable::No { why, newer } => (why, newer),
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
                newer,
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

/// Whether the file at `path` can be used as it is.
enum Usable {
    Yes(Database),
    /// Why not (damaged, newer), and whether it is newer.
    No {
        why: String,
        newer: bool,
    },
}

/// Opens the file and judges it (see [`Database::open_or_rebuild`]); a
/// file that is not usable is closed again before this returns.
fn usable(path: &Path, thorough: bool) -> Result<Usable, DbError> {
    let newer = |why: String| Usable::No { why, newer: true };
    let damaged = |why: String| Usable::No { why, newer: false };
    Ok(match Database::open(path) {
        Ok(db) => {
            if !thorough {
                return Ok(Usable::Yes(db));
            }
            match db.quick_check() {
                Ok(None) => Usable::Yes(db),
                Ok(Some(problem)) => damaged(format!("is damaged ({problem})")),
                Err(e) if e.is_damage() => damaged(format!("is damaged ({e})")),
                Err(e) => return Err(e),
            }
        }
        Err(DbError::Newer { found, known, .. }) => newer(format!(
            "was written by a newer version of the game (schema {found}; this one knows {known})"
        )),
        Err(e) if e.is_damage() => damaged(format!("is damaged ({})", inner(&e))),
        Err(e) => return Err(e),
    })
}

/// The lock file next to the database (`games.sqlite.lock`), which every
/// [`Database::open_or_rebuild`] holds shared while it looks at the file
/// and a rebuild holds alone. Where it cannot be made (a read-only
/// folder), nothing is locked: nothing can be rebuilt there either.
struct RebuildLock(std::fs::File);

/// A lock held until it is dropped.
struct Held<'a>(&'a std::fs::File);

impl Drop for Held<'_> {
    fn drop(&mut self) {
        let _ = self.0.unlock();
    }
}

impl RebuildLock {
    fn new(path: &Path) -> Option<RebuildLock> {
        let mut name = path.file_name()?.to_os_string();
        name.push(".lock");
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path.with_file_name(name))
            .ok()
            .map(RebuildLock)
    }

    /// Waits for a rebuild in progress to end.
    fn shared(&self) -> Option<Held<'_>> {
        self.0.lock_shared().ok().map(|()| Held(&self.0))
    }

    /// Waits until no other process is looking at the file or rebuilding it.
    fn exclusive(&self) -> Option<Held<'_>> {
        self.0.lock().ok().map(|()| Held(&self.0))
    }
}

fn inner(e: &DbError) -> String {
    match e {
        DbError::Open { source, .. } => source.to_string(),
        other => other.to_string(),
    }
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

/// Games read back and written to the new file in one transaction.
const SALVAGE_BATCH: usize = 500;

/// Reads back every game that can still be read from the old file into
/// `db`: (read back, unreadable). The games are found by walking the
/// table's own tree in id order, never through an index (an index's page
/// lost to damage or a cut hides nothing then), and a damaged stretch is
/// stepped over: the walk goes on at the first id past it that can be
/// reached. A file SQLite cannot read at all gives nothing back.
fn salvage(old: &Path, db: &mut Database) -> (u64, u64) {
    let Ok(conn) = Connection::open_with_flags(old, OpenFlags::SQLITE_OPEN_READ_ONLY) else {
        return (0, 0);
    };
    // A schema naming pages past the end of a cut file is not an error
    // then: the tables that are still there can be read.
    let _ = conn.pragma_update(None, "writable_schema", "ON");
    let old = Database {
        conn,
        path: Some(old.to_path_buf()),
        openings: false,
    };
    let (mut salvaged, mut unreadable) = (0, 0);
    let mut batch = Vec::new();
    let mut from = i64::MIN;
    loop {
        let (ids, damaged) = ids_from(&old.conn, from, SALVAGE_BATCH);
        let full = ids.len() == SALVAGE_BATCH;
        for &id in &ids {
            match old.load(id) {
                Ok(stored) => batch.push(stored),
                Err(_) => unreadable += 1,
            }
        }
        let (s, u) = store_salvaged(db, &mut batch);
        salvaged += s;
        unreadable += u;
        if let Some(&last) = ids.last() {
            match last.checked_add(1) {
                Some(next) => from = next,
                None => break,
            }
        }
        if damaged {
            match past_damage(&old.conn, from) {
                Some((next, skipped)) => {
                    unreadable += skipped;
                    from = next;
                }
                None => break,
            }
        } else if !full {
            break;
        }
    }
    (salvaged, unreadable)
}

/// Up to `limit` ids of games from `from` on, in order, as far as they
/// can be read; and whether the walk stopped at damage.
fn ids_from(conn: &Connection, from: i64, limit: usize) -> (Vec<i64>, bool) {
    let mut ids = Vec::new();
    let Ok(mut q) =
        conn.prepare_cached("SELECT id FROM games NOT INDEXED WHERE id >= ?1 ORDER BY id LIMIT ?2")
    else {
        return (ids, false);
    };
    let Ok(mut rows) = q.query(rusqlite::params![from, limit as i64]) else {
        return (ids, true);
    };
    loop {
        match rows.next() {
            Ok(Some(row)) => match row.get::<_, i64>(0) {
                Ok(id) => ids.push(id),
                Err(_) => return (ids, true),
            },
            Ok(None) => return (ids, false),
            Err(_) => return (ids, true),
        }
    }
}

/// Whether the table's tree can be entered at `id`: `Some` with the first
/// id there (`None` inside: none after it), `None` when damage is met.
fn reachable(conn: &Connection, id: i64) -> Option<Option<i64>> {
    let (ids, damaged) = ids_from(conn, id, 1);
    (!damaged || !ids.is_empty()).then(|| ids.first().copied())
}

/// The first id past the damage met at `from` where the walk can go on,
/// and how many ids it steps over (the games lost, when ids run without
/// gaps, as the database gives them); `None` when nothing after it can be
/// reached. Steps out twice as far each time, then back to the nearest
/// such id.
fn past_damage(conn: &Connection, from: i64) -> Option<(i64, u64)> {
    let mut bad = from;
    let mut step = 1i64;
    let good = loop {
        let probe = from.checked_add(step)?;
        match reachable(conn, probe) {
            Some(_) => break probe,
            None => bad = probe,
        }
        step = step.checked_mul(2)?;
    };
    // Between the last damaged probe and the first that was not.
    let (mut lo, mut hi) = (bad, good);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        match reachable(conn, mid) {
            Some(_) => hi = mid,
            None => lo = mid,
        }
    }
    let next = reachable(conn, hi).flatten();
    // Ids the database gives start at 1.
    let skipped = next.map_or(0, |n| n.saturating_sub(from.max(1)).max(0) as u64);
    Some((next.unwrap_or(hi), skipped))
}

/// Adds the games read back to the new file, a batch in one transaction
/// (one by one when the batch fails): (added, refused).
fn store_salvaged(db: &mut Database, batch: &mut Vec<super::StoredGame>) -> (u64, u64) {
    let games: Vec<NewGame<'_>> = batch
        .iter()
        .map(|stored| NewGame {
            opened: &stored.opened,
            source: &stored.source,
            owner: stored.owner,
        })
        .collect();
    let counts = match db.add_games(&games) {
        Ok(_) => (games.len() as u64, 0),
        Err(_) => games.iter().fold((0, 0), |(s, u), g| match db.add(g) {
            Ok(_) => (s + 1, u),
            Err(_) => (s, u + 1),
        }),
    };
    drop(games);
    batch.clear();
    counts
}

/// Adds the player's games from the saved-games folder: how many were new.
fn add_saved(db: &mut Database, dir: &Path, owner_of: OwnerOf<'_>) -> Result<u64, DbError> {
    let (files, _) = import::record_files(&[dir.to_path_buf()]);
    let mut added = 0;
    for file in files {
        // A saved game is a game record: read within its size limit.
        let Ok(bytes) = record::read_record_bytes(&file) else {
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
