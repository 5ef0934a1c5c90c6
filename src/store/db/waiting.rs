//! The player's finished games that the database could not take when they
//! ended (another program held its write lock past SQLite's wait, or the
//! file could not be opened). Each is kept in saved games at once; this
//! small list names those files and whose games they are, so a game still
//! waiting when the program ends is added at the next start.

use super::Owner;
use crate::rules::Color;
use crate::store::atomic::write_atomic;
use serde::{Deserialize, Serialize};
use std::io;
use std::path::{Path, PathBuf};

/// A game kept in saved games, waiting to be added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitingGame {
    /// The saved game's file.
    pub saved: PathBuf,
    /// Whose game it is: `red` or `black` (the player's colour against the
    /// computer) or `both` (two players at the board).
    pub owner: String,
}

impl WaitingGame {
    /// The entry for a game kept in `saved`.
    pub fn new(saved: PathBuf, owner: Owner) -> WaitingGame {
        let owner = match owner {
            Owner::Mine(Color::Red) => "red",
            Owner::Mine(Color::Black) => "black",
            Owner::MineBothSides => "both",
            Owner::Collected => "collected",
        };
        WaitingGame {
            saved,
            owner: owner.to_string(),
        }
    }

    /// Whose game it is (a word it does not know: collected).
    pub fn owner(&self) -> Owner {
        match self.owner.as_str() {
            "red" => Owner::Mine(Color::Red),
            "black" => Owner::Mine(Color::Black),
            "both" => Owner::MineBothSides,
            _ => Owner::Collected,
        }
    }
}

/// Why the list could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum WaitingError {
    /// The file could not be read or replaced.
    #[error("{}: {source}", path.display())]
    Io {
        /// The list's file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file is not such a list.
    #[error("{}: not a list of waiting games: {source}", path.display())]
    Format {
        /// The list's file.
        path: PathBuf,
        /// Where and what.
        source: serde_json::Error,
    },
}

/// The games waiting in `path` (none when there is no file).
///
/// # Errors
/// [`WaitingError`]: the file cannot be read, or is not such a list.
pub fn load(path: &Path) -> Result<Vec<WaitingGame>, WaitingError> {
    let bytes = match crate::store::read_store_file(path) {
        Ok(Some(b)) => b,
        Ok(None) => return Ok(Vec::new()),
        Err(source) => {
            return Err(WaitingError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    serde_json::from_slice(&bytes).map_err(|source| WaitingError::Format {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes the list to `path` (through a temporary file); an empty list
/// removes the file.
///
/// # Errors
/// [`WaitingError::Io`]: the file cannot be written or removed.
pub fn save(path: &Path, games: &[WaitingGame]) -> Result<(), WaitingError> {
    let io = |source| WaitingError::Io {
        path: path.to_path_buf(),
        source,
    };
    if games.is_empty() {
        return match std::fs::remove_file(path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io(e)),
            _ => Ok(()),
        };
    }
    let mut text = serde_json::to_string_pretty(games).expect("a list of paths and words");
    text.push('\n');
    write_atomic(path, text.as_bytes()).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_round_trips_and_an_empty_one_leaves_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games-waiting.json");
        assert_eq!(load(&path).unwrap(), []);
        let games = [
            WaitingGame::new("a.pgn".into(), Owner::Mine(Color::Black)),
            WaitingGame::new("b.pgn".into(), Owner::MineBothSides),
        ];
        save(&path, &games).unwrap();
        let back = load(&path).unwrap();
        assert_eq!(back, games);
        assert_eq!(back[0].owner(), Owner::Mine(Color::Black));
        assert_eq!(back[1].owner(), Owner::MineBothSides);
        save(&path, &[]).unwrap();
        assert!(!path.exists());
    }

    #[test]
    fn a_damaged_list_names_the_file_and_the_place() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games-waiting.json");
        std::fs::write(&path, "[{\"saved\": 3}]").unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(
            e.contains("games-waiting.json") && e.contains("line 1"),
            "{e}"
        );
    }
}
