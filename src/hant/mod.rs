//! Simplified Chinese to Traditional Chinese (as Taiwan writes it), for
//! the texts the game builds at run time and the data it shows (sentences
//! with values, the teacher's words, the rules' reasons, the openings' and
//! puzzles' names). The interface's fixed words have their Traditional
//! text by hand in `game::i18n`, the course has it written out in
//! `assets/course/course.json`; this is for the rest. When a text is
//! converted is decided in one place, [`crate::words::Language::chinese`].
//!
//! Not a general converter: its tables ([`table`], made by
//! `src/hant/make_table.py` with OpenCC's `s2tw` from the game's own texts)
//! hold the characters the game writes and the words in which a character
//! reads otherwise than its usual form (重複 and 複製 but 復盤). A
//! character it does not know is kept as it is, which for most characters
//! is right (the two sets share them). A general converter crate (`zhconv`,
//! OpenCC's tables with MediaWiki's) would weigh megabytes of tables for
//! texts the game knows in advance, and its phrase tables change words
//! (`s2twp` reads 在线 as 線上, "online", and 的士 as 計程車, "taxi", in
//! the course's sentences); the small table is checked against the game's
//! words by the tests below.

mod table;

use std::borrow::Cow;

/// `text` in Traditional characters: the longest known word first, then
/// one character at a time.
///
/// # Examples
///
/// ```
/// use xiangqi::hant::to_traditional;
/// assert_eq!(to_traditional("红方长将判负"), "紅方長將判負");
/// assert_eq!(to_traditional("三次重复局面，复盘"), "三次重複局面，復盤");
/// assert_eq!(to_traditional("Red"), "Red");
/// ```
pub fn to_traditional(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    'scan: while i < chars.len() {
        for n in [3, 2] {
            if i + n <= chars.len() {
                let word: String = chars[i..i + n].iter().collect();
                if let Ok(at) = table::WORDS.binary_search_by(|(s, _)| (*s).cmp(word.as_str())) {
                    out.push_str(table::WORDS[at].1);
                    i += n;
                    continue 'scan;
                }
            }
        }
        let c = chars[i];
        out.push(
            table::CHARS
                .binary_search_by(|(s, _)| s.cmp(&c))
                .map_or(c, |at| table::CHARS[at].1),
        );
        i += 1;
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted_for_the_binary_search() {
        assert!(table::CHARS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(table::WORDS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn the_game_words_read_as_taiwan_writes_them() {
        for (simplified, traditional) in [
            ("将死", "將死"),
            ("困毙", "困斃"),
            ("六十回合自然限着", "六十回合自然限著"),
            ("着法", "著法"),
            ("后炮平五", "後炮平五"),
            ("3天后再练", "3天後再練"),
            ("车马炮", "車馬炮"),
            ("帅将", "帥將"),
            ("双方议和", "雙方議和"),
            ("复制", "複製"),
            ("重复", "重複"),
            ("复盘", "復盤"),
            ("让单马", "讓單馬"),
            ("特级大师", "特級大師"),
        ] {
            assert_eq!(to_traditional(simplified), traditional);
        }
        assert_eq!(to_traditional("短组合"), "短組合");
    }

    /// The tables know every character of the texts the game converts (the
    /// sources outside this folder, the ECCO names, the puzzles' names):
    /// a character added since they were made would stay Simplified in
    /// the Traditional interface (短组合 did).
    #[test]
    fn the_tables_are_made_from_the_game_s_current_texts() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let seen: std::collections::HashSet<char> = table::SEEN.chars().collect();
        let mut files = vec![
            root.join("src/ecco/ecco.txt"),
            root.join("assets/puzzles/puzzles.jsonl"),
        ];
        let mut dirs = vec![root.join("src")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() && !path.ends_with("hant") {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files.push(path);
                }
            }
        }
        let mut new = Vec::new();
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            for c in text
                .chars()
                .filter(|c| ('\u{3400}'..='\u{9fff}').contains(c))
            {
                if !seen.contains(&c) && !new.iter().any(|(n, _)| *n == c) {
                    new.push((c, path.strip_prefix(root).unwrap().display().to_string()));
                }
            }
        }
        assert!(
            new.is_empty(),
            "characters the tables do not know (re-run src/hant/make_table.py): {new:?}"
        );
    }
}
