//! A course text in several languages: one string per language code
//! (`"zh"`, `"en"`, `"zh-Hant"`, `"vi"` …), so a new language is
//! added to the data file alone. Reading falls back from a regional code
//! to its base (`zh-Hant` → `zh`) and then to English, which every text
//! must have (the loader checks it).

use crate::words::Language;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The language every text has and every other one falls back to.
pub const FALLBACK: &str = "en";

/// The data file's code for one of the game's languages.
pub fn code(lang: Language) -> &'static str {
    lang.code()
}

/// A text keyed by language code.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Text(pub BTreeMap<String, String>);

impl Text {
    /// A text in English and Chinese (for tests and built texts).
    pub fn new(en: &str, zh: &str) -> Text {
        Text(BTreeMap::from([
            ("en".to_string(), en.to_string()),
            ("zh".to_string(), zh.to_string()),
        ]))
    }

    /// The text in the language `code` names, else its base language
    /// (`zh-Hant` → `zh`), else English, else empty.
    pub fn get(&self, code: &str) -> &str {
        let base = code.split(['-', '_']).next().unwrap_or(code);
        [code, base, FALLBACK]
            .iter()
            .find_map(|c| self.0.get(*c))
            .map_or("", String::as_str)
    }

    /// The text in one of the game's languages.
    pub fn in_lang(&self, lang: Language) -> &str {
        self.get(code(lang))
    }

    /// True if the text has the fallback language.
    pub fn has_fallback(&self) -> bool {
        self.0.get(FALLBACK).is_some_and(|s| !s.trim().is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_languages_fall_back_to_the_base_then_english() {
        let t = Text::new("horse", "马");
        assert_eq!(t.get("zh"), "马");
        assert_eq!(t.get("zh-Hant"), "马");
        assert_eq!(t.get("vi"), "horse");
        assert_eq!(t.in_lang(Language::En), "horse");
        assert!(t.has_fallback());
        assert_eq!(Text::default().get("en"), "");
    }
}
