//! The player's language, and the language a system locale asks for.

use serde::{Deserialize, Serialize};

/// The interface language: the setting, and the language the game's views,
/// the teacher, the course and speech speak (`game::i18n` knows it as
/// `Lang`). The settings file spells it `"chinese"`,
/// `"traditional-chinese"`, `"english"` or `"vietnamese"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// 简体中文.
    #[default]
    #[serde(rename = "chinese")]
    Zh,
    /// 繁體中文 (Traditional characters, the words used in Taiwan).
    #[serde(rename = "traditional-chinese")]
    ZhHant,
    /// English.
    #[serde(rename = "english")]
    En,
    /// Tiếng Việt.
    #[serde(rename = "vietnamese")]
    Vi,
}

impl Language {
    /// Every language, in the order the menu and the settings offer them.
    pub const ALL: [Language; 4] = [Language::Zh, Language::ZhHant, Language::En, Language::Vi];

    /// The next language (the menu's language button cycles through them).
    pub fn toggled(self) -> Language {
        let at = Language::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Language::ALL[(at + 1) % Language::ALL.len()]
    }

    /// The language's own name for itself: 简体中文, 繁體中文, English,
    /// Tiếng Việt.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::Zh => "简体中文",
            Language::ZhHant => "繁體中文",
            Language::En => "English",
            Language::Vi => "Tiếng Việt",
        }
    }

    /// The code the course's texts are keyed by: `zh`, `zh-Hant`, `en`, `vi`.
    pub fn code(self) -> &'static str {
        match self {
            Language::Zh => "zh",
            Language::ZhHant => "zh-Hant",
            Language::En => "en",
            Language::Vi => "vi",
        }
    }

    /// Written in Chinese characters (either set)?
    pub fn is_chinese(self) -> bool {
        matches!(self, Language::Zh | Language::ZhHant)
    }

    /// The language a locale name asks for (`zh_TW.UTF-8`, `vi_VN`, `en_GB`,
    /// `zh-Hant-HK`, `cmn_TW`): see [`Language::known_locale`]; English
    /// for every other language. `None` for the locales that name no
    /// language (`C`, `POSIX`, empty).
    pub fn from_locale(locale: &str) -> Option<Language> {
        let name = locale_name(locale)?;
        Some(Language::known_locale(name).unwrap_or(Language::En))
    }

    /// The language a locale name asks for when the game has it, `None`
    /// for a language it does not have (`fr_FR`) and for `C`, `POSIX` and
    /// empty names. The Chinese languages (`zh`, and glibc's `cmn`, `yue`,
    /// `nan`, `hak`) are Traditional for an explicit `Hant` script and in
    /// Taiwan, Hong Kong and Macau, Simplified for an explicit `Hans`
    /// script (`zh-Hans-HK`) and elsewhere; Cantonese (`yue`) and Taiwan's
    /// Hokkien and Hakka (`nan`, `hak`) with no region are Traditional.
    pub fn known_locale(locale: &str) -> Option<Language> {
        let name = locale_name(locale)?;
        let lower = name.to_ascii_lowercase().replace('-', "_");
        let mut parts = lower.split('_');
        let lang = parts.next().unwrap_or("");
        let rest: Vec<&str> = parts.collect();
        let has = |tags: &[&str]| rest.iter().any(|p| tags.contains(p));
        match lang {
            "zh" | "cmn" | "yue" | "nan" | "hak" | "wuu" | "hsn" | "gan" => {
                Some(if has(&["hans"]) {
                    Language::Zh
                } else if has(&["hant", "tw", "hk", "mo"])
                    || (rest.is_empty() && matches!(lang, "yue" | "nan" | "hak"))
                {
                    Language::ZhHant
                } else {
                    Language::Zh
                })
            }
            "vi" => Some(Language::Vi),
            "en" => Some(Language::En),
            _ => None,
        }
    }

    /// The language of the system's locale, as a first start takes it
    /// (`var` reads one environment variable). The locale is the first set
    /// of `LC_ALL`, `LC_MESSAGES` and `LANG`, as POSIX orders them; when it
    /// names a language, `LANGUAGE` (a list, as gettext reads it) may name
    /// a preferred one first: its first entry in a language the game has
    /// (gettext skips the others). `None` when the locale names no language.
    pub fn from_environment(var: impl Fn(&str) -> Option<String>) -> Option<Language> {
        let set = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let locale = set("LC_ALL")
            .or_else(|| set("LC_MESSAGES"))
            .or_else(|| set("LANG"))?;
        let own = Language::from_locale(&locale)?;
        let preferred =
            set("LANGUAGE").and_then(|list| list.split(':').find_map(Language::known_locale));
        Some(preferred.unwrap_or(own))
    }
}

/// The language part of a locale (`zh_TW` of `zh_TW.UTF-8@latin`), `None`
/// for `C`, `POSIX` and empty names.
fn locale_name(locale: &str) -> Option<&str> {
    let name = locale.split(['.', '@']).next().unwrap_or("").trim();
    (!name.is_empty() && name != "C" && name != "POSIX").then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locale_names_the_language_of_a_first_start() {
        for (locale, language) in [
            ("zh_CN.UTF-8", Some(Language::Zh)),
            ("zh_SG", Some(Language::Zh)),
            ("zh", Some(Language::Zh)),
            ("zh_TW.UTF-8", Some(Language::ZhHant)),
            ("zh_HK.Big5", Some(Language::ZhHant)),
            ("zh-Hant-MO", Some(Language::ZhHant)),
            ("vi_VN.UTF-8", Some(Language::Vi)),
            ("vi", Some(Language::Vi)),
            ("en_GB.UTF-8", Some(Language::En)),
            ("fr_FR@euro", Some(Language::En)),
            ("C.UTF-8", None),
            ("POSIX", None),
            ("", None),
        ] {
            assert_eq!(Language::from_locale(locale), language, "{locale}");
        }
    }

    #[test]
    fn the_environment_is_read_in_the_order_posix_gives() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Language::from_environment(env(&[])), None);
        assert_eq!(
            Language::from_environment(env(&[("LANG", "C.UTF-8")])),
            None
        );
        assert_eq!(
            Language::from_environment(env(&[("LANG", "vi_VN.UTF-8")])),
            Some(Language::Vi)
        );
        // LC_ALL before LC_MESSAGES before LANG; an empty one is unset.
        assert_eq!(
            Language::from_environment(env(&[
                ("LANG", "en_US.UTF-8"),
                ("LC_MESSAGES", "zh_TW.UTF-8"),
                ("LC_ALL", ""),
            ])),
            Some(Language::ZhHant)
        );
        // LANGUAGE's list, only when the locale is not C.
        assert_eq!(
            Language::from_environment(env(&[("LANG", "en_US.UTF-8"), ("LANGUAGE", "vi:en"),])),
            Some(Language::Vi)
        );
        assert_eq!(
            Language::from_environment(env(&[("LANG", "C"), ("LANGUAGE", "vi")])),
            None
        );
    }

    #[test]
    fn each_language_has_its_own_name_and_course_code() {
        let names: Vec<&str> = Language::ALL.iter().map(|l| l.own_name()).collect();
        assert_eq!(names, ["简体中文", "繁體中文", "English", "Tiếng Việt"]);
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        assert_eq!(codes, ["zh", "zh-Hant", "en", "vi"]);
    }

    #[test]
    fn the_environment_is_read_as_gettext_reads_it() {
        // F17: LANGUAGE skips the languages the game does not have; the
        // locales of Taiwan and Hong Kong in glibc's other Chinese
        // languages are Traditional; an explicit Hans script is Simplified.
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Language::from_environment(env(&[("LC_ALL", "en_US"), ("LANGUAGE", "fr:zh_TW")])),
            Some(Language::ZhHant)
        );
        assert_eq!(
            Language::from_environment(env(&[("LC_ALL", "en_US"), ("LANGUAGE", "fr:de")])),
            Some(Language::En)
        );
        for (locale, language) in [
            ("cmn_TW.UTF-8", Language::ZhHant),
            ("yue_HK", Language::ZhHant),
            ("nan_TW@latin", Language::ZhHant),
            ("zh-Hans-HK", Language::Zh),
            ("zh_Hans_TW", Language::Zh),
            ("cmn_CN.UTF-8", Language::Zh),
        ] {
            let lang = move |name: &str| (name == "LANG").then(|| locale.to_string());
            assert_eq!(Language::from_environment(lang), Some(language), "{locale}");
        }
    }
}
