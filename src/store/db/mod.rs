//! The game database: every game the player collected or played, in one
//! SQLite file, with a position index for the opening explorer.
//!
//! - **games**: the tags players search by (Red, Black, Event, Date,
//!   Result), the file it came from, whether it is one of the player's own
//!   games, its start position when it is not the standard one, its main
//!   line (two bytes a move), its whole move tree only when it has
//!   variations, comments or marks, the other tags, and its ECCO opening
//!   code ([`crate::ecco`], by the main line's positions; empty for a game
//!   from another start), set at import.
//! - **positions**: for every position of every main line, its Zobrist key,
//!   the game, the ply and the move played from it (none for the last), with
//!   the game's result and owner copied in so the explorer's table is one
//!   scan of the index. Positions, not move orders: transpositions count.
//!
//! The file is opened in WAL mode, so the game and the command line can use
//! it at the same time; `PRAGMA user_version` is the schema's version and
//! [`Database::open`] migrates older files (and refuses newer ones).
//! Plain Rust, no Bevy: the game runs its queries off the main thread.

pub mod bench;
mod encode;
pub mod explore;
pub mod import;
mod recover;
pub mod waiting;

pub use encode::{RowDamage, normal_date};
pub use explore::{Explorer, Filter, GameRow, MoveStat, Tally};
pub use import::{Progress, Refusal, Summary};
pub use recover::{HUMAN_NAMES, OwnerOf, Recovery, saved_game_owner};

use crate::rules::{Color, Game, GameResult, Position};
use crate::store::record::OpenedGame;
use encode::{fingerprint, result_code};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The schema this build writes.
pub const SCHEMA_VERSION: i64 = 3;

/// The mark (`PRAGMA application_id`, "XQDB") of a file this game made.
/// Files made before the mark are known by their tables.
pub const APPLICATION_ID: i64 = 0x5851_4442;

/// What went wrong with the database.
#[derive(Debug, Error)]
pub enum DbError {
    /// The file could not be opened or created.
    #[error("{}: cannot open the game database: {source}", path.display())]
    Open {
        /// The database file.
        path: PathBuf,
        /// SQLite's reason.
        source: rusqlite::Error,
    },
    /// The folder for the file could not be made.
    #[error("{}: cannot make the folder: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// The reason.
        source: std::io::Error,
    },
    /// The file was written by a newer version of the game.
    #[error(
        "{}: the game database is version {found}, newer than this game knows ({known}); it was left untouched",
        path.display()
    )]
    Newer {
        /// The database file.
        path: PathBuf,
        /// Its schema version.
        found: i64,
        /// The newest this build knows.
        known: i64,
    },
    /// The file is another program's SQLite database (neither this game's
    /// mark nor its tables): refused and left untouched.
    #[error(
        "{}: not a game database of this game (another program's SQLite file?); it was left untouched",
        path.display()
    )]
    Foreign {
        /// The file.
        path: PathBuf,
    },
    /// A query or a write failed.
    #[error("{}: cannot set the damaged game database aside: {source}", path.display())]
    SetAside {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("game database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A stored game could not be read back.
    #[error("game database: game {id} is damaged: {why}")]
    Damaged {
        /// The game's id.
        id: i64,
        /// What is wrong.
        why: encode::RowDamage,
    },
    /// No game with this id.
    #[error("game database: there is no game {0}")]
    NoSuchGame(i64),
    /// A search by opening in a file made before openings were stored,
    /// read without being brought up to date (it cannot be written).
    #[error(
        "{}: this game database was made before openings were stored and cannot be updated here; search it by opening after opening it once where it can be written",
        path.display()
    )]
    NoOpenings {
        /// The database file.
        path: PathBuf,
    },
}

/// Whose game it is: one the player played (and with which colour) or one
/// collected from elsewhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Owner {
    /// Collected: a tournament game, a downloaded file.
    #[default]
    Collected,
    /// The player's own game, played with this colour against the computer.
    Mine(Color),
    /// The player's own game, both sides at the board (hot-seat).
    MineBothSides,
}

impl Owner {
    fn code(self) -> i64 {
        match self {
            Owner::Collected => 0,
            Owner::Mine(Color::Red) => 1,
            Owner::Mine(Color::Black) => 2,
            Owner::MineBothSides => 3,
        }
    }

    fn from_code(code: i64) -> Owner {
        match code {
            1 => Owner::Mine(Color::Red),
            2 => Owner::Mine(Color::Black),
            3 => Owner::MineBothSides,
            _ => Owner::Collected,
        }
    }

    /// One of the player's own games?
    pub fn is_mine(self) -> bool {
        self != Owner::Collected
    }
}

/// What adding a game did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    /// Stored under this id.
    New(i64),
    /// The same moves between the same players are already there (this id).
    Duplicate(i64),
}

/// Counts for `xiangqi db stats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games stored.
    pub games: u64,
    /// Of them the player's own.
    pub mine: u64,
    /// Positions indexed.
    pub positions: u64,
    /// Distinct positions.
    pub distinct_positions: u64,
    /// Size of the file (with its write-ahead log), in bytes.
    pub bytes: u64,
    /// Results over all games: Red won, drawn, Black won, unknown.
    pub results: [u64; 4],
}

/// An open game database.
pub struct Database {
    conn: Connection,
    path: Option<PathBuf>,
    /// The games table has the `ecco` column (version 3 on): false only
    /// for an older file read without being migrated.
    openings: bool,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("path", &self.path)
            .finish()
    }
}

/// How long a program waits for another that holds the file's lock (the
/// command line and the game may both have it open).
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

impl Database {
    /// Opens the database at `path`, creating it (and its folder) if it does
    /// not exist, and bringing an older schema up to date.
    ///
    /// # Errors
    /// [`DbError`] naming the file: it cannot be opened, it is not a
    /// database, or it is newer than this build.
    pub fn open(path: &Path) -> Result<Database, DbError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| DbError::Folder {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let open_error = |source| DbError::Open {
            path: path.to_path_buf(),
            source,
        };
        let conn = Connection::open(path).map_err(open_error)?;
        // The command line and the game may both have it open.
        conn.busy_timeout(BUSY_WAIT).map_err(open_error)?;
        // Before anything is written (the log mode, the tables): another
        // program's file is not touched.
        if !is_ours(&conn).map_err(open_error)? {
            return Err(DbError::Foreign {
                path: path.to_path_buf(),
            });
        }
        write_ahead(&conn).map_err(open_error)?;
        // With the log, NORMAL loses at most the last transactions on a
        // power cut, never the file.
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(open_error)?;
        let mut db = Database {
            conn,
            path: Some(path.to_path_buf()),
            openings: true,
        };
        db.migrate().map_err(|e| match e {
            DbError::Sql(source) => open_error(source),
            other => other,
        })?;
        Ok(db)
    }

    /// Opens the database at `path` only to read it (`db stats`, `search`,
    /// `export` on a file that cannot be written): nothing is created,
    /// migrated or written.
    ///
    /// # Errors
    /// [`DbError`] naming the file: it cannot be read, it is another
    /// program's, it is newer than this build, or it has no games yet.
    pub fn open_read_only(path: &Path) -> Result<Database, DbError> {
        let open_error = |source| DbError::Open {
            path: path.to_path_buf(),
            source,
        };
        use rusqlite::OpenFlags;
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(open_error)?;
        conn.busy_timeout(BUSY_WAIT).map_err(open_error)?;
        let (conn, ours) = match is_ours(&conn) {
            Ok(ours) => (conn, ours),
            // The log's index (games.sqlite-shm) cannot be made beside a
            // file in a read-only folder: read it as a file no one changes.
            Err(_) => {
                let conn = Connection::open_with_flags(
                    immutable_uri(path),
                    flags | OpenFlags::SQLITE_OPEN_URI,
                )
                .map_err(open_error)?;
                let ours = is_ours(&conn).map_err(open_error)?;
                (conn, ours)
            }
        };
        if !ours {
            return Err(DbError::Foreign {
                path: path.to_path_buf(),
            });
        }
        let found: i64 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(open_error)?;
        if found > SCHEMA_VERSION {
            return Err(DbError::Newer {
                path: path.to_path_buf(),
                found,
                known: SCHEMA_VERSION,
            });
        }
        if found < 1 {
            // Nothing made yet, and nothing may be made here.
            return Err(open_error(rusqlite::Error::QueryReturnedNoRows));
        }
        Ok(Database {
            conn,
            path: Some(path.to_path_buf()),
            openings: found >= 3,
        })
    }

    /// A database in memory (tests, benchmarks).
    ///
    /// # Errors
    /// SQLite's, if it cannot start.
    pub fn in_memory() -> Result<Database, DbError> {
        let mut db = Database {
            conn: Connection::open_in_memory()?,
            path: None,
            openings: true,
        };
        db.migrate()?;
        Ok(db)
    }

    /// The file, if it has one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn migrate(&mut self) -> Result<(), DbError> {
        // A bigger page cache (64 MB) for the index's inserts.
        self.conn.pragma_update(None, "cache_size", -65536)?;
        if self.schema_version()? == SCHEMA_VERSION {
            return Ok(());
        }
        // One transaction holding the write lock from its start: two
        // programs opening a new file at once (the game and an import)
        // take turns, the second finding the work done. A deferred one
        // that read before writing could not wait for the other: SQLite
        // answers "locked" at once rather than deadlock.
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let found: i64 = tx.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if found < 1 {
            // Version 1: the games and the position index.
            tx.execute_batch(
                "CREATE TABLE IF NOT EXISTS games (
                     id INTEGER PRIMARY KEY,
                     red TEXT NOT NULL DEFAULT '',
                     black TEXT NOT NULL DEFAULT '',
                     event TEXT NOT NULL DEFAULT '',
                     date TEXT NOT NULL DEFAULT '',
                     result INTEGER NOT NULL,
                     source TEXT NOT NULL DEFAULT '',
                     owner INTEGER NOT NULL DEFAULT 0,
                     start TEXT,
                     moves BLOB NOT NULL,
                     tree BLOB,
                     tags TEXT,
                     fingerprint INTEGER NOT NULL UNIQUE
                 );
                 CREATE TABLE IF NOT EXISTS positions (
                     key INTEGER NOT NULL,
                     game INTEGER NOT NULL,
                     ply INTEGER NOT NULL,
                     mv INTEGER NOT NULL,
                     result INTEGER NOT NULL,
                     owner INTEGER NOT NULL,
                     PRIMARY KEY (key, game, ply)
                 ) WITHOUT ROWID;
                 CREATE INDEX IF NOT EXISTS games_owner ON games(owner) WHERE owner > 0;
                 PRAGMA application_id = 1481720898;
                 PRAGMA user_version = 1;",
            )?;
        }
        if found < 2 {
            // Version 2: games by date, so the newest games through a
            // position most games share are found without sorting them all.
            tx.execute_batch(
                "CREATE INDEX IF NOT EXISTS games_date ON games(date, id);
                 PRAGMA user_version = 2;",
            )?;
        }
        if found < 3 {
            // Version 3: each game's ECCO opening, for `--opening`; the
            // games already stored are classified now.
            add_openings(&tx)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The file's schema version; an error if it is newer than this build's.
    fn schema_version(&self) -> Result<i64, DbError> {
        let found: i64 = self
            .conn
            .pragma_query_value(None, "user_version", |r| r.get(0))?;
        if found > SCHEMA_VERSION {
            return Err(DbError::Newer {
                path: self.path.clone().unwrap_or_default(),
                found,
                known: SCHEMA_VERSION,
            });
        }
        Ok(found)
    }

    /// Adds one game (see [`Database::add_games`]).
    ///
    /// # Errors
    /// SQLite's.
    pub fn add(&mut self, game: &NewGame<'_>) -> Result<Added, DbError> {
        Ok(self.add_games(std::slice::from_ref(game))?[0])
    }

    /// Adds games in one transaction; a game whose moves, start and players
    /// are already stored is not stored again.
    ///
    /// # Errors
    /// SQLite's; nothing of the batch is stored then.
    pub fn add_games(&mut self, games: &[NewGame<'_>]) -> Result<Vec<Added>, DbError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut rows = Vec::new();
        let added = insert_games(&tx, games, &mut rows)?;
        // In key order the index's pages are visited once each.
        rows.sort_unstable();
        let mut index = tx.prepare_cached(
            "INSERT OR IGNORE INTO positions (key, game, ply, mv, result, owner) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for r in &rows {
            index.execute(params![r.0, r.1, r.2, r.3, r.4, r.5])?;
        }
        drop(index);
        tx.commit()?;
        Ok(added)
    }

    /// Counts of what is stored.
    ///
    /// # Errors
    /// SQLite's.
    pub fn stats(&self) -> Result<Stats, DbError> {
        let one = |sql: &str| -> Result<u64, DbError> {
            Ok(self.conn.query_row(sql, [], |r| r.get::<_, i64>(0))? as u64)
        };
        let mut results = [0u64; 4];
        let mut q = self
            .conn
            .prepare("SELECT result, COUNT(*) FROM games GROUP BY result")?;
        let rows = q.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
        for row in rows {
            let (code, n) = row?;
            results[(code.clamp(0, 3)) as usize] += n as u64;
        }
        let bytes = self.path.as_ref().map_or(0, |p| {
            let wal = p.with_extension("sqlite-wal");
            std::fs::metadata(p).map_or(0, |m| m.len())
                + std::fs::metadata(wal).map_or(0, |m| m.len())
        });
        Ok(Stats {
            games: one("SELECT COUNT(*) FROM games")?,
            mine: one("SELECT COUNT(*) FROM games WHERE owner > 0")?,
            positions: one("SELECT COUNT(*) FROM positions")?,
            distinct_positions: one("SELECT COUNT(DISTINCT key) FROM positions")?,
            bytes,
            results,
        })
    }

    /// Game `id` as it was stored: its tags, result and whole move tree.
    ///
    /// # Errors
    /// [`DbError::NoSuchGame`], or [`DbError::Damaged`] when what is stored
    /// no longer reads as a game.
    pub fn load(&self, id: i64) -> Result<StoredGame, DbError> {
        let row = self
            .conn
            .query_row(
                "SELECT red, black, event, date, result, source, owner, start, moves, tree, tags FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, i64>(4)?,
                        r.get::<_, String>(5)?,
                        r.get::<_, i64>(6)?,
                        r.get::<_, Option<String>>(7)?,
                        r.get::<_, Vec<u8>>(8)?,
                        r.get::<_, Option<Vec<u8>>>(9)?,
                        r.get::<_, Option<String>>(10)?,
                    ))
                },
            )
            .optional()?
            .ok_or(DbError::NoSuchGame(id))?;
        let (red, black, event, date, result, source, owner, start, moves, tree, tags) = row;
        let damaged = |why| DbError::Damaged { id, why };
        let start = match start {
            Some(fen) => Position::from_fen(&fen).map_err(|e| damaged(RowDamage::Start(e)))?,
            None => Position::startpos(),
        };
        let game = match tree {
            Some(blob) => encode::tree_from_blob(&blob, start).map(Game::from_tree),
            None => encode::game_from_moves(&moves, start),
        }
        .map_err(damaged)?;
        let mut all_tags = vec![
            ("Event".to_string(), event),
            ("Date".to_string(), date),
            ("Red".to_string(), red),
            ("Black".to_string(), black),
        ];
        all_tags.retain(|(_, v)| !v.is_empty());
        if let Some(json) = tags {
            all_tags.extend(encode::tags_from_json(&json).map_err(damaged)?);
        }
        let result = encode::result_from_code(result);
        if let Some(r) = result {
            all_tags.push(("Result".to_string(), r.pgn().to_string()));
        }
        Ok(StoredGame {
            id,
            source,
            owner: Owner::from_code(owner),
            opened: OpenedGame {
                format: None,
                tags: all_tags,
                result,
                game,
                clock: None,
            },
        })
    }

    /// Removes every game (and its positions).
    ///
    /// # Errors
    /// SQLite's.
    pub fn clear(&mut self) -> Result<(), DbError> {
        self.conn
            .execute_batch("BEGIN; DELETE FROM positions; DELETE FROM games; COMMIT;")?;
        Ok(())
    }

    /// SQLite's check of the whole file: `"ok"`, or what is wrong.
    ///
    /// # Errors
    /// SQLite's, when the file cannot even be read.
    pub fn integrity_check(&self) -> Result<String, DbError> {
        self.check("integrity_check")
    }

    /// What SQLite's check `pragma` (`integrity_check`, `quick_check`)
    /// says: `"ok"`, or its findings joined.
    fn check(&self, pragma: &str) -> Result<String, DbError> {
        let mut q = self.conn.prepare(&format!("PRAGMA {pragma}"))?;
        let lines: Vec<String> = q
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
        Ok(lines.join("; "))
    }

    pub(crate) fn conn(&self) -> &Connection {
        &self.conn
    }

    /// The SQL for a game's ECCO code (`g.ecco`, or none in an older file
    /// read as it is), refusing a filter by opening the file cannot answer.
    pub(crate) fn ecco_column(&self, filter: &Filter) -> Result<&'static str, DbError> {
        match (self.openings, &filter.opening) {
            (true, _) => Ok("g.ecco"),
            (false, None) => Ok("''"),
            (false, Some(_)) => Err(DbError::NoOpenings {
                path: self.path.clone().unwrap_or_default(),
            }),
        }
    }
}

/// SQLite's URI for reading `path` as a file no one changes.
fn immutable_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    let text = path.to_string_lossy().replace('\\', "/");
    // A drive (C:/…) is written after a slash; other paths as they are.
    if text.as_bytes().get(1) == Some(&b':') {
        uri.push('/');
    }
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"/._~-:".contains(&b) {
            uri.push(char::from(b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    uri
}

/// Puts the file in write-ahead-log mode. SQLite refuses the switch at
/// once, without waiting, while another connection is reading a new file
/// (the game and an import making it together), so it is tried again
/// as long as the busy timeout ([`BUSY_WAIT`]) would have waited.
fn write_ahead(conn: &Connection) -> Result<(), rusqlite::Error> {
    let give_up = std::time::Instant::now() + BUSY_WAIT;
    loop {
        match conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get::<_, String>(0)) {
            Err(e)
                if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
                    && std::time::Instant::now() < give_up =>
            {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            other => return other.map(|_| ()),
        }
    }
}

/// Adds the `ecco` column (unless a file set back to an older version
/// still has it), fills it for every game from the standard start, and
/// indexes it, inside the migration's transaction.
fn add_openings(tx: &rusqlite::Transaction<'_>) -> Result<(), DbError> {
    let has_column = tx
        .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'ecco'")?
        .exists([])?;
    if !has_column {
        tx.execute_batch("ALTER TABLE games ADD COLUMN ecco TEXT NOT NULL DEFAULT '';")?;
    }
    // The moves ECCO reads (two bytes each) are all it needs.
    let bytes = 2 * crate::ecco::MAX_PLIES as i64;
    let stored: Vec<(i64, Vec<u8>)> = tx
        .prepare("SELECT id, substr(moves, 1, ?1) FROM games WHERE start IS NULL")?
        .query_map([bytes], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    {
        let mut set = tx.prepare("UPDATE games SET ecco = ?1 WHERE id = ?2")?;
        for (id, moves) in stored {
            // A damaged game keeps no code; reading it says what is wrong.
            let Ok(game) = encode::game_from_moves(&moves, Position::startpos()) else {
                continue;
            };
            set.execute(params![opening_code(game.start(), game.all_moves()), id])?;
        }
    }
    tx.execute_batch(
        "CREATE INDEX IF NOT EXISTS games_ecco ON games(ecco);
         PRAGMA user_version = 3;",
    )?;
    Ok(())
}

/// Whether the file is this game's database, or an empty one it may make
/// its own: this game's mark, or no mark and either no tables at all or
/// this game's (`games` with its fingerprints, and `positions`).
fn is_ours(conn: &Connection) -> Result<bool, rusqlite::Error> {
    let mark: i64 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    if mark == APPLICATION_ID {
        return Ok(true);
    }
    if mark != 0 {
        return Ok(false);
    }
    let mut q = conn.prepare(
        "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )?;
    let tables: Vec<(String, Option<String>)> = q
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    if tables.is_empty() {
        return Ok(true);
    }
    let has = |name: &str, column: &str| {
        tables
            .iter()
            .any(|(n, sql)| n == name && sql.as_deref().is_some_and(|s| s.contains(column)))
    };
    Ok(has("games", "fingerprint") && has("positions", "key"))
}

impl DbError {
    fn sqlite_code(&self) -> Option<rusqlite::ErrorCode> {
        match self {
            DbError::Open { source, .. } | DbError::Sql(source) => source.sqlite_error_code(),
            _ => None,
        }
    }

    /// SQLite says the file is not a database or is corrupt.
    pub fn is_damage(&self) -> bool {
        matches!(
            self.sqlite_code(),
            Some(rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt)
        )
    }

    /// Another connection holds the file (waited for, in vain).
    pub fn is_busy(&self) -> bool {
        matches!(
            self.sqlite_code(),
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
        )
    }

    /// The file (or its folder) cannot be written.
    pub fn is_read_only(&self) -> bool {
        matches!(self.sqlite_code(), Some(rusqlite::ErrorCode::ReadOnly))
    }

    /// The file cannot be opened as asked (for writing, or its log made).
    pub fn is_cannot_open(&self) -> bool {
        matches!(self.sqlite_code(), Some(rusqlite::ErrorCode::CannotOpen))
    }
}

/// A game to add: as a record opened it, where it came from, whose it is.
#[derive(Clone, Copy, Debug)]
pub struct NewGame<'a> {
    /// The game, its tags and result.
    pub opened: &'a OpenedGame,
    /// The file it came from (shown with the game; may be empty).
    pub source: &'a str,
    /// Collected, or the player's own.
    pub owner: Owner,
}

/// A game read back from the database.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// Its id.
    pub id: i64,
    /// The file it came from.
    pub source: String,
    /// Whose it is.
    pub owner: Owner,
    /// The game with its tags and result (no clocks: the database keeps
    /// the moves, not the times).
    pub opened: OpenedGame,
}

/// A result as the database stores it, for the side to move at a position:
/// 1 won, 0 drawn, -1 lost, `None` unknown.
pub(crate) fn points_for(code: i64, side: Color) -> Option<i8> {
    let r = encode::result_from_code(code)?;
    Some(match (r, side) {
        (GameResult::Draw, _) => 0,
        (GameResult::RedWins, Color::Red) | (GameResult::BlackWins, Color::Black) => 1,
        _ => -1,
    })
}

/// The ECCO code the `ecco` column keeps: empty for a game from another
/// start or without moves.
fn opening_code(start: &Position, moves: &[crate::rules::Move]) -> &'static str {
    crate::ecco::classify(start, moves).map_or("", |o| o.code)
}

/// One row of the position index: key, game, ply, move, result, owner.
type IndexRow = (i64, i64, i64, i64, i64, i64);

/// Stores the games not already there and appends their positions to
/// `rows` (not yet in the index); what happened to each game, in order.
fn insert_games(
    conn: &Connection,
    games: &[NewGame<'_>],
    rows: &mut Vec<IndexRow>,
) -> Result<Vec<Added>, DbError> {
    let mut added = Vec::with_capacity(games.len());
    let mut find = conn.prepare_cached("SELECT id FROM games WHERE fingerprint = ?1")?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO games (red, black, event, date, result, source, owner, start, moves, tree, tags, fingerprint, ecco)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
    )?;
    for g in games {
        let game = &g.opened.game;
        let start = game.start();
        let moves = game.all_moves();
        let red = g.opened.tag("Red").unwrap_or("");
        let black = g.opened.tag("Black").unwrap_or("");
        let print = fingerprint(start, moves, red, black);
        if let Some(id) = find
            .query_row(params![print], |r| r.get::<_, i64>(0))
            .optional()?
        {
            added.push(Added::Duplicate(id));
            continue;
        }
        let result = result_code(g.opened.result);
        let start_fen = (*start != Position::startpos()).then(|| start.fen());
        let tree = encode::tree_blob(game.tree());
        let tags = encode::other_tags(&g.opened.tags);
        insert.execute(params![
            red,
            black,
            g.opened.tag("Event").unwrap_or(""),
            encode::normal_date(g.opened.tag("Date").unwrap_or("")),
            result,
            g.source,
            g.owner.code(),
            start_fen,
            encode::moves_blob(moves),
            tree,
            tags,
            print,
            opening_code(start, moves),
        ])?;
        let id = conn.last_insert_rowid();
        added.push(Added::New(id));
        let mut pos = *start;
        for (ply, &m) in moves.iter().enumerate() {
            rows.push((
                pos.hash() as i64,
                id,
                ply as i64,
                i64::from(m.to_bits()),
                result,
                g.owner.code(),
            ));
            pos.make(m);
        }
        rows.push((
            pos.hash() as i64,
            id,
            moves.len() as i64,
            0,
            result,
            g.owner.code(),
        ));
    }
    Ok(added)
}

#[cfg(test)]
mod tests;
