//! The player's own engines (Pikafish, Fairy-Stockfish, ElephantEye…), as
//! the settings keep them: a name the player chose, the command line, the
//! protocol it answered, what it said it is, and the option values the
//! player set.
//!
//! The list is read entry by entry: an entry that does not read (a missing
//! command, a wrong type) is left out and reported, and the others are kept;
//! the settings file that held it is set aside before it is next written
//! (see [`super::set_aside_if_damaged`]), so nothing is lost.

use crate::client::EngineConfig;
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
    /// The engine's own strength option (`UCI_Elo`, `Skill Level`…), as its
    /// handshake declared it, if it has one: the menu steps it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<SkillOption>,
}

/// An engine's own strength option and its bounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkillOption {
    /// Its name as the engine spells it.
    pub name: String,
    /// The weakest value.
    pub min: i64,
    /// The strongest value.
    pub max: i64,
}

/// Steps of the menu's skill control between the option's bounds.
const SKILL_STEPS: i64 = 10;

/// The option that turns `UCI_Elo` on.
const LIMIT_STRENGTH: &str = "UCI_LimitStrength";

impl SkillOption {
    /// The strength option among an engine's declared options: `UCI_Elo`
    /// (when `UCI_LimitStrength` is there to turn it on), else `Skill
    /// Level`, else a `Level` (ours) — a spin with at least two values.
    pub fn find(options: &[crate::client::options::EngineOption]) -> Option<SkillOption> {
        use crate::client::options::OptionKind;
        let spin = |name: &str| {
            options.iter().find_map(|o| match o.kind {
                OptionKind::Spin { min, max, default } if o.name.eq_ignore_ascii_case(name) => {
                    // A level whose default is its least value (ours: 0,
                    // the full engine) is off there: the levels start above.
                    let elo = name.eq_ignore_ascii_case("UCI_Elo");
                    let min = if !elo && default == min { min + 1 } else { min };
                    (max > min).then(|| SkillOption {
                        name: o.name.clone(),
                        min,
                        max,
                    })
                }
                _ => None,
            })
        };
        let limits = options
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(LIMIT_STRENGTH));
        limits
            .then(|| spin("UCI_Elo"))
            .flatten()
            .or_else(|| spin("Skill Level"))
            .or_else(|| spin("Level"))
    }

    fn is_elo(&self) -> bool {
        self.name.eq_ignore_ascii_case("UCI_Elo")
    }

    /// The values the menu offers, weakest first.
    fn ladder(&self) -> Vec<i64> {
        let mut v: Vec<i64> = (0..=SKILL_STEPS)
            .map(|k| self.min + (self.max - self.min) * k / SKILL_STEPS)
            .collect();
        v.dedup();
        v
    }
}

impl EngineEntry {
    /// The value of its skill option the player set (`None`: the engine's
    /// own default, its full strength).
    pub fn skill_value(&self) -> Option<i64> {
        let skill = self.skill.as_ref()?;
        self.options
            .iter()
            .find(|(k, _)| k == &skill.name)
            .and_then(|(_, v)| v.trim().parse().ok())
    }

    /// Steps its skill `steps` places along its ladder; stepping up past the
    /// strongest value gives the engine its default back (and `UCI_Elo`'s
    /// limit is turned off), stepping down from the default starts at the top.
    pub fn step_skill(&mut self, steps: i32) {
        let Some(skill) = self.skill.clone() else {
            return;
        };
        let ladder = skill.ladder();
        // The default sits above the strongest value.
        let top = ladder.len() as i64;
        let at = match self.skill_value() {
            None => top,
            Some(v) => ladder
                .iter()
                .position(|&x| x >= v)
                .unwrap_or(ladder.len() - 1) as i64,
        };
        let to = (at + i64::from(steps)).clamp(0, top);
        self.options
            .retain(|(k, _)| k != &skill.name && !(skill.is_elo() && k == LIMIT_STRENGTH));
        if to < top {
            self.options
                .push((skill.name.clone(), ladder[to as usize].to_string()));
            if skill.is_elo() {
                self.options
                    .push((LIMIT_STRENGTH.to_string(), "true".to_string()));
            }
        }
    }
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

impl From<&EngineEntry> for EngineConfig {
    /// The settings' entry: its protocol as it answered when it was added
    /// (asked again if the entry's word is not `uci` or `ucci`).
    fn from(entry: &EngineEntry) -> EngineConfig {
        EngineConfig {
            protocol: entry.protocol.parse().ok(),
            options: entry.options.clone(),
            ..EngineConfig::new(entry.name.clone(), entry.command.clone())
        }
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
        assert_eq!(list.engines[0].skill, None, "none declared");
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

    #[test]
    fn the_skill_option_is_found_and_stepped_between_its_bounds_and_the_default() {
        use crate::client::options::EngineOption;
        let parse = |lines: &[&str]| -> Vec<EngineOption> {
            lines
                .iter()
                .filter_map(|l| EngineOption::parse(l))
                .collect()
        };
        let pikafish = parse(&[
            "option name Threads type spin default 1 min 1 max 1024",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1280 min 1280 max 3133",
            "option name Skill Level type spin default 20 min 0 max 20",
        ]);
        let skill = SkillOption::find(&pikafish).expect("a skill option");
        assert_eq!(
            (skill.name.as_str(), skill.min, skill.max),
            ("UCI_Elo", 1280, 3133)
        );
        // Without the switch that turns it on, UCI_Elo is not the one.
        let no_switch = parse(&[
            "option name UCI_Elo type spin default 1280 min 1280 max 3133",
            "option name Skill Level type spin default 20 min 0 max 20",
        ]);
        assert_eq!(SkillOption::find(&no_switch).unwrap().name, "Skill Level");
        let ours = parse(&["option name Level type spin default 0 min 0 max 31"]);
        let level = SkillOption::find(&ours).unwrap();
        assert_eq!((level.min, level.max), (1, 31), "0 is the full engine");
        assert_eq!(
            SkillOption::find(&parse(&[
                "option name Hash type spin default 16 min 1 max 64"
            ])),
            None
        );

        let mut e = EngineEntry {
            name: "Pikafish".into(),
            command: "pikafish".into(),
            protocol: "uci".into(),
            id_name: String::new(),
            author: String::new(),
            options: vec![("Threads".into(), "2".into())],
            strength: Strength::default(),
            skill: Some(skill),
        };
        assert_eq!(e.skill_value(), None, "the engine's default at first");
        e.step_skill(-1);
        assert_eq!(e.skill_value(), Some(3133));
        assert!(
            e.options
                .contains(&("UCI_LimitStrength".into(), "true".into()))
        );
        e.step_skill(-3);
        assert_eq!(e.skill_value(), Some(1280 + (3133 - 1280) * 7 / 10));
        e.step_skill(-50);
        assert_eq!(e.skill_value(), Some(1280), "stops at the weakest");
        e.step_skill(50);
        assert_eq!(e.skill_value(), None, "back to its default");
        assert_eq!(e.options, [("Threads".to_string(), "2".to_string())]);
    }

    #[test]
    fn entries_give_their_protocol_and_options() {
        let entry: EngineEntry = serde_json::from_str(
            r#"{"name": "Elephant", "command": "/opt/eleeye", "protocol": "ucci",
                "options": [["hashsize", "64"]]}"#,
        )
        .unwrap();
        let c = EngineConfig::from(&entry);
        assert_eq!(c.protocol, Some(crate::client::Protocol::Ucci));
        assert_eq!(c.options, [("hashsize".to_string(), "64".to_string())]);
        assert_eq!(
            (c.name.as_str(), c.command.as_str()),
            ("Elephant", "/opt/eleeye")
        );
        let c = EngineConfig::from(&EngineEntry {
            protocol: "?".into(),
            ..entry
        });
        assert_eq!(c.protocol, None);
    }
}
