//! The player's own engines (Pikafish, Fairy-Stockfish, ElephantEye…), as
//! the settings keep them: a name the player chose, the command line, the
//! protocol it answered, what it said it is, and the option values the
//! player set.
//!
//! The list is read entry by entry: an entry that does not read (a missing
//! command, a wrong type) is left out and reported, and the others are kept;
//! the settings file that held it is set aside before it is next written
//! (see [`super::set_aside_if_damaged`]), so nothing is lost.

use serde::de::Deserializer;
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

/// One engine of the player's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineEntry {
    /// The name the player gave it (at first, the engine's own).
    pub name: String,
    /// The command line: the program and its arguments.
    pub command: String,
    /// `uci` or `ucci`, as it answered when it was added.
    pub protocol: String,
    /// What it calls itself (`id name`).
    #[serde(default)]
    pub id_name: String,
    /// Its author (`id author`).
    #[serde(default)]
    pub author: String,
    /// Option values the player set, sent after every start.
    #[serde(default)]
    pub options: Vec<(String, String)>,
    /// How long it thinks as the opponent when no clock runs: one of
    /// [`STRENGTHS`] (a clock, when one runs, is passed to it instead).
    #[serde(default)]
    pub strength: Strength,
}

/// How an engine's move is limited when no clock runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strength {
    /// Milliseconds a move.
    MoveTime(u32),
    /// Plies of search.
    Depth(u32),
}

impl Default for Strength {
    fn default() -> Self {
        Strength::MoveTime(1000)
    }
}

/// The strengths the menu steps through, weakest first.
pub const STRENGTHS: [Strength; 14] = [
    Strength::Depth(1),
    Strength::Depth(3),
    Strength::Depth(5),
    Strength::Depth(8),
    Strength::MoveTime(100),
    Strength::MoveTime(200),
    Strength::MoveTime(500),
    Strength::MoveTime(1000),
    Strength::MoveTime(2000),
    Strength::MoveTime(3000),
    Strength::MoveTime(5000),
    Strength::MoveTime(10000),
    Strength::Depth(15),
    Strength::Depth(20),
];

impl Strength {
    /// `steps` places along [`STRENGTHS`] from this one (clamped at the ends;
    /// a strength not in the list starts from the default).
    pub fn step(self, steps: i32) -> Strength {
        let at = STRENGTHS
            .iter()
            .position(|s| *s == self)
            .or_else(|| STRENGTHS.iter().position(|s| *s == Strength::default()))
            .unwrap_or(0) as i32;
        let to = (at + steps).clamp(0, STRENGTHS.len() as i32 - 1);
        STRENGTHS[to as usize]
    }

    /// "1 s", "0.2 s", "depth 8" ("深度 8" in Chinese).
    pub fn text(self, chinese: bool) -> String {
        match self {
            Strength::MoveTime(ms) if ms % 1000 == 0 => format!("{} s", ms / 1000),
            Strength::MoveTime(ms) => format!("{:.1} s", f64::from(ms) / 1000.0),
            Strength::Depth(d) if chinese => format!("深度 {d}"),
            Strength::Depth(d) => format!("depth {d}"),
        }
    }
}

/// The engines, with what could not be read of the list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineList {
    /// The entries that read, in order.
    pub engines: Vec<EngineEntry>,
    /// One line per entry that did not (its number and why).
    pub rejected: Vec<String>,
}

impl EngineList {
    /// The engine named `name`.
    pub fn get(&self, name: &str) -> Option<&EngineEntry> {
        self.engines.iter().find(|e| e.name == name)
    }

    /// A name not yet taken, from `wanted` (`Pikafish`, `Pikafish 2`, …).
    pub fn free_name(&self, wanted: &str) -> String {
        let wanted = wanted.trim();
        let base = if wanted.is_empty() { "Engine" } else { wanted };
        if self.get(base).is_none() {
            return base.to_string();
        }
        (2..)
            .map(|n| format!("{base} {n}"))
            .find(|n| self.get(n).is_none())
            .unwrap_or_default()
    }
}

impl Serialize for EngineList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.engines.serialize(s)
    }
}

impl<'de> Deserialize<'de> for EngineList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let values = Vec::<serde_json::Value>::deserialize(d)?;
        let mut list = EngineList::default();
        for (i, value) in values.into_iter().enumerate() {
            match serde_json::from_value::<EngineEntry>(value) {
                Ok(e) if e.command.trim().is_empty() => {
                    list.rejected
                        .push(format!("engine {}: its command is empty", i + 1));
                }
                Ok(e) if !matches!(e.protocol.as_str(), "uci" | "ucci") => {
                    list.rejected.push(format!(
                        "engine {} ({}): protocol '{}' is not uci or ucci",
                        i + 1,
                        e.name,
                        e.protocol
                    ))
                }
                Ok(e) => {
                    if list.get(&e.name).is_some() {
                        list.rejected.push(format!(
                            "engine {} ({}): the name is taken",
                            i + 1,
                            e.name
                        ));
                    } else {
                        list.engines.push(e);
                    }
                }
                Err(e) => list.rejected.push(format!("engine {}: {e}", i + 1)),
            }
        }
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_entry_is_reported_and_the_others_kept() {
        let json = r#"[
            {"name": "Pikafish", "command": "/opt/pikafish", "protocol": "uci",
             "options": [["EvalFile", "/opt/pikafish.nnue"], ["Threads", "2"]]},
            {"name": "Broken", "protocol": "uci"},
            {"name": "EE", "command": "eleeye", "protocol": "xboard"},
            {"name": "Pikafish", "command": "/opt/other", "protocol": "uci"},
            {"name": "EE", "command": "eleeye", "protocol": "ucci"}
        ]"#;
        let list: EngineList = serde_json::from_str(json).unwrap();
        let names: Vec<&str> = list.engines.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Pikafish", "EE"]);
        assert_eq!(list.engines[0].options[0].1, "/opt/pikafish.nnue");
        assert_eq!(list.rejected.len(), 3, "{:?}", list.rejected);
        assert!(
            list.rejected[0].starts_with("engine 2: missing field `command`"),
            "{:?}",
            list.rejected
        );
        assert!(list.rejected[1].contains("xboard"));
        assert!(list.rejected[2].contains("name is taken"));
        // Written back: only the good ones.
        let again: EngineList =
            serde_json::from_str(&serde_json::to_string(&list).unwrap()).unwrap();
        assert_eq!(again.engines, list.engines);
        assert!(again.rejected.is_empty());
        assert_eq!(list.free_name("Pikafish"), "Pikafish 2");
        assert_eq!(list.free_name(" "), "Engine");
    }
}
