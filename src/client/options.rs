//! An external engine's options, as its handshake declares them: UCI's
//! `option name Hash type spin default 16 min 1 max 4096` and UCCI's
//! `option hashsize type spin min 1 max 1024 default 16`, with the types
//! both know (spin, check, combo, string, button, and file names — UCI's
//! `filename` type, or a string option whose name says it is a file, such
//! as Pikafish's `EvalFile`).

/// A value an option does not take: the option, the value and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{option}: {}", why.say(value))]
pub struct ValueRefused {
    /// The option's name.
    pub option: String,
    /// The value, trimmed.
    pub value: String,
    /// Why.
    pub why: Refusal,
}

/// Why an option does not take a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A number outside the spin's bounds.
    Outside {
        /// The least it takes.
        min: i64,
        /// The most it takes.
        max: i64,
    },
    /// Not a whole number, for a spin.
    NotWhole,
    /// Not true or false, for a check.
    NotTrueOrFalse,
    /// None of a combo's choices (listed).
    NotAChoice(String),
}

impl Refusal {
    fn say(&self, value: &str) -> String {
        match self {
            Refusal::Outside { min, max } => format!("{value} is outside {min}..{max}"),
            Refusal::NotWhole => format!("'{value}' is not a whole number"),
            Refusal::NotTrueOrFalse => format!("'{value}' is not true or false"),
            Refusal::NotAChoice(choices) => format!("'{value}' is not one of {choices}"),
        }
    }
}

/// What kind of value an option takes, with its default and bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number between bounds.
    Spin {
        /// Its default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// On or off.
    Check {
        /// Its default.
        default: bool,
    },
    /// One of a list.
    Combo {
        /// Its default.
        default: String,
        /// The choices.
        choices: Vec<String>,
    },
    /// Any text.
    String {
        /// Its default.
        default: String,
    },
    /// A file's path (a network, a book, a log).
    File {
        /// Its default.
        default: String,
    },
    /// An action with no value (`Clear Hash`).
    Button,
}

/// One option of an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// Its name as the engine spells it.
    pub name: String,
    /// Its kind, default and bounds.
    pub kind: OptionKind,
}

impl EngineOption {
    /// Reads an `option …` line; `None` if it is not one or makes no sense.
    pub fn parse(line: &str) -> Option<EngineOption> {
        let rest = line.trim().strip_prefix("option")?;
        if !rest.starts_with(char::is_whitespace) {
            return None;
        }
        let words: Vec<&str> = rest.split_whitespace().collect();
        const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
        // UCI names the option after `name`; UCCI puts it first.
        let (name, at) = match words.first() {
            Some(&"name") => {
                let end = words[1..]
                    .iter()
                    .position(|w| *w == "type")
                    .map_or(words.len(), |i| i + 1);
                (words[1..end].join(" "), end)
            }
            Some(first) => (first.to_string(), 1),
            None => return None,
        };
        if name.is_empty() {
            return None;
        }
        // Values run until the next key (a default may hold spaces).
        let mut fields: Vec<(&str, String)> = Vec::new();
        let mut i = at;
        while i < words.len() {
            let key = words[i];
            if !KEYS.contains(&key) {
                i += 1;
                continue;
            }
            let end = words[i + 1..]
                .iter()
                .position(|w| KEYS.contains(w) && *w != "name")
                .map_or(words.len(), |j| i + 1 + j);
            fields.push((key, words[i + 1..end].join(" ")));
            i = end;
        }
        let field = |k: &str| {
            fields
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| v.clone())
        };
        let default = field("default").unwrap_or_default();
        let default = if default == "<empty>" {
            String::new()
        } else {
            default
        };
        let kind = match field("type")?.to_ascii_lowercase().as_str() {
            "spin" => {
                let min = field("min")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(i64::MIN);
                let max = field("max")
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(i64::MAX);
                if min > max {
                    return None;
                }
                let default = default
                    .parse()
                    .unwrap_or(min.max(0).min(max))
                    .clamp(min, max);
                OptionKind::Spin { default, min, max }
            }
            "check" => OptionKind::Check {
                default: default.eq_ignore_ascii_case("true"),
            },
            "combo" => OptionKind::Combo {
                default,
                choices: fields
                    .iter()
                    .filter(|(k, _)| *k == "var")
                    .map(|(_, v)| v.clone())
                    .collect(),
            },
            "button" => OptionKind::Button,
            "filename" => OptionKind::File { default },
            "string" if looks_like_a_file(&name) => OptionKind::File { default },
            "string" => OptionKind::String { default },
            _ => return None,
        };
        Some(EngineOption { name, kind })
    }

    /// Checks `value` against the option's kind: the value to send, or why
    /// it does not fit.
    ///
    /// # Errors
    /// A spin out of bounds or not a number, a check that is not
    /// true/false, a combo value not among its choices.
    pub fn check(&self, value: &str) -> Result<String, ValueRefused> {
        let value = value.trim();
        let refused = |why| ValueRefused {
            option: self.name.clone(),
            value: value.to_string(),
            why,
        };
        match &self.kind {
            OptionKind::Spin { min, max, .. } => match value.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(n.to_string()),
                Ok(_) => Err(refused(Refusal::Outside {
                    min: *min,
                    max: *max,
                })),
                Err(_) => Err(refused(Refusal::NotWhole)),
            },
            OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" | "on" | "1" => Ok("true".into()),
                "false" | "off" | "0" => Ok("false".into()),
                _ => Err(refused(Refusal::NotTrueOrFalse)),
            },
            OptionKind::Combo { choices, .. } => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(value))
                .cloned()
                .ok_or_else(|| refused(Refusal::NotAChoice(choices.join(", ")))),
            OptionKind::String { .. } | OptionKind::File { .. } => Ok(value.to_string()),
            OptionKind::Button => Ok(String::new()),
        }
    }

    /// The default as text (empty for a button).
    pub fn default_text(&self) -> String {
        match &self.kind {
            OptionKind::Spin { default, .. } => default.to_string(),
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Combo { default, .. }
            | OptionKind::String { default }
            | OptionKind::File { default } => default.clone(),
            OptionKind::Button => String::new(),
        }
    }
}

/// `EvalFile`, `BookFile`, `NNUE file`, `SyzygyPath`…: a string option
/// that names a file or a folder.
fn looks_like_a_file(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    ["file", "path", "book", "nnue", "dir"]
        .iter()
        .any(|w| lower.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin(default: i64, min: i64, max: i64) -> OptionKind {
        OptionKind::Spin { default, min, max }
    }

    #[test]
    fn uci_and_ucci_option_lines_are_read() {
        let o = EngineOption::parse("option name Hash type spin default 16 min 1 max 33554432")
            .unwrap();
        assert_eq!((o.name.as_str(), o.kind), ("Hash", spin(16, 1, 33_554_432)));
        let o = EngineOption::parse("option name Clear Hash type button").unwrap();
        assert_eq!(
            (o.name.as_str(), o.kind),
            ("Clear Hash", OptionKind::Button)
        );
        let o =
            EngineOption::parse("option name EvalFile type string default pikafish.nnue").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::File {
                default: "pikafish.nnue".into()
            }
        );
        let o = EngineOption::parse("option name UCI_ShowWDL type check default false").unwrap();
        assert_eq!(o.kind, OptionKind::Check { default: false });
        let o = EngineOption::parse(
            "option name Analysis Contempt type combo default Both var Off var White var Black var Both",
        )
        .unwrap();
        assert_eq!(o.name, "Analysis Contempt");
        assert_eq!(
            o.kind,
            OptionKind::Combo {
                default: "Both".into(),
                choices: vec!["Off".into(), "White".into(), "Black".into(), "Both".into()]
            }
        );
        let o =
            EngineOption::parse("option name Debug Log File type string default <empty>").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::File {
                default: String::new()
            }
        );
        // UCCI, as ElephantEye writes it.
        let o =
            EngineOption::parse("option hashsize type spin min 16 max 1024 default 16").unwrap();
        assert_eq!((o.name.as_str(), o.kind), ("hashsize", spin(16, 16, 1024)));
        let o = EngineOption::parse("option usemillisec type check default false").unwrap();
        assert_eq!(o.kind, OptionKind::Check { default: false });
        let o = EngineOption::parse(
            "option pruning type combo var none var small var large default large",
        )
        .unwrap();
        assert!(
            matches!(o.kind, OptionKind::Combo { ref default, ref choices } if default == "large" && choices.len() == 3)
        );
        // Not options.
        for bad in [
            "optional",
            "option",
            "option name",
            "option name X type wheel",
            "option name X type spin min 5 max 1",
            "id name x",
        ] {
            assert_eq!(EngineOption::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn values_are_checked_against_the_kind() {
        let hash =
            EngineOption::parse("option name Hash type spin default 16 min 1 max 4096").unwrap();
        assert_eq!(hash.check(" 64 "), Ok("64".into()));
        let why = |o: &EngineOption, v: &str| o.check(v).unwrap_err().to_string();
        assert!(why(&hash, "0").contains("outside 1..4096"));
        assert!(why(&hash, "lots").contains("not a whole number"));
        let check = EngineOption::parse("option name Ponder type check default false").unwrap();
        assert_eq!(check.check("on"), Ok("true".into()));
        assert!(check.check("maybe").is_err());
        let combo = EngineOption::parse(
            "option name Style type combo default Normal var Solid var Normal var Risky",
        )
        .unwrap();
        assert_eq!(combo.check("risky"), Ok("Risky".into()));
        assert!(why(&combo, "Wild").contains("Solid, Normal, Risky"));
        assert_eq!(hash.default_text(), "16");
    }
}
