//! The house's shape, checked on the source: no two files import each other
//! round a loop, matches (`arena`) know nothing of the stored files,
//! records come in through the one door, and logic plays moves by command,
//! never by writing clicks.
//!
//! An arrow A → B is a path in A's code (outside its tests) that names the
//! module of file B: `use crate::x::y`, `super::z::Name`, or a path written
//! inline. A child naming what its own parent module declares (`super::X`
//! in `a/b.rs` for `a/mod.rs`) is not an arrow: a folder's `mod.rs` adds
//! its children and hands them its shared names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `src`, by module path (`["game", "play", "ai"]`).
fn modules() -> BTreeMap<Vec<String>, PathBuf> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<Vec<String>, PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("a source folder")
            .map(|e| e.expect("a folder entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            if name == "tests" {
                // Test modules are not rooms of the house.
                continue;
            }
            if path.is_dir() {
                let mut p = prefix.to_vec();
                p.push(name.clone());
                walk(&path, &p, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut p = prefix.to_vec();
                if name != "mod" && name != "lib" {
                    p.push(name);
                }
                out.insert(p, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &[],
        &mut out,
    );
    out
}

/// The code of a file without its comments, string literals and
/// `#[cfg(test)]` module.
fn code(path: &Path) -> String {
    strip(&std::fs::read_to_string(path).expect("a source file"))
}

/// Rust source without its comments, string literals and `#[cfg(test)]`
/// module.
fn strip(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            'r' if !out.ends_with(|c: char| c.is_alphanumeric() || c == '_')
                && chars.clone().find(|&c| c != '#') == Some('"') =>
            {
                // A raw string, r"…" or r#"…"#: to the quote and as many hashes.
                let hashes = chars.clone().take_while(|&c| c == '#').count();
                chars.nth(hashes);
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let mut body = String::new();
                for c in chars.by_ref() {
                    body.push(c);
                    if body.ends_with(&close) {
                        break;
                    }
                }
                // The lines stay where they were (functions are measured).
                out.push_str("\"\"");
                out.extend(body.chars().filter(|&c| c == '\n'));
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                    }
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == '"' {
                        break;
                    }
                }
                out.push_str("\"\"");
            }
            '\'' => {
                // A char literal ('x', '\n', '{') or a lifetime ('a).
                let rest: String = chars.clone().take(4).collect();
                let len = if rest.starts_with('\\') {
                    rest.find('\'').map(|i| i + 1)
                } else if rest.chars().nth(1) == Some('\'') {
                    Some(rest.chars().next().map_or(0, char::len_utf8) + 1)
                } else {
                    None
                };
                out.push('\'');
                if let Some(len) = len {
                    let mut taken = 0;
                    while taken < len {
                        taken += chars.next().map_or(len, char::len_utf8);
                    }
                    out.push('\'');
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The module paths `code` names, resolved from the module `at`: every
/// `crate::`, `super::` or `self::` path, with `use` groups expanded.
fn named_paths(code: &str, at: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < bytes.len() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .find(|p| bytes[i..].iter().take(p.len()).copied().eq(p.chars()));
        let boundary = i == 0 || !is_ident(bytes[i - 1]) && bytes[i - 1] != ':';
        let Some(start) = starts.filter(|_| boundary) else {
            i += 1;
            continue;
        };
        // Read the path, with one level of `{a, b::c}` groups.
        let mut j = i;
        let mut prefix = String::new();
        while j < bytes.len() && (is_ident(bytes[j]) || bytes[j] == ':') {
            prefix.push(bytes[j]);
            j += 1;
        }
        let mut paths = Vec::new();
        if j < bytes.len() && bytes[j] == '{' && prefix.ends_with("::") {
            let mut depth = 0;
            let mut inner = String::new();
            while j < bytes.len() {
                match bytes[j] {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                if depth >= 1 && !(depth == 1 && bytes[j] == '{') {
                    inner.push(bytes[j]);
                }
                j += 1;
            }
            // Split at top-level commas.
            let mut depth = 0;
            let mut part = String::new();
            for c in inner.chars().chain([',']) {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        let head: String = part
                            .trim()
                            .chars()
                            .take_while(|&c| is_ident(c) || c == ':')
                            .collect();
                        paths.push(format!("{prefix}{head}"));
                        part.clear();
                        continue;
                    }
                    _ => {}
                }
                part.push(c);
            }
        } else {
            paths.push(prefix);
        }
        for path in paths {
            let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            let mut module: Vec<String> = match *start {
                "crate::" => Vec::new(),
                _ => at.to_vec(),
            };
            while let Some(first) = segments.first() {
                match *first {
                    "crate" => {
                        segments.remove(0);
                    }
                    "self" => {
                        segments.remove(0);
                    }
                    "super" => {
                        module.pop();
                        segments.remove(0);
                    }
                    _ => break,
                }
            }
            if segments.last() == Some(&"self") {
                segments.pop();
            }
            module.extend(segments.iter().map(|s| s.to_string()));
            found.push(module);
        }
        i = j.max(i + 1);
    }
    found
}

/// `code` with its child modules' paths spelled from `self` (`turns::x`
/// becomes `self::turns::x` where the file declares `mod turns;`).
fn with_children_spelled_out(code: &str) -> String {
    let children: Vec<&str> = code
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l
                .strip_prefix("pub(crate) ")
                .or(l.strip_prefix("pub "))
                .unwrap_or(l);
            l.strip_prefix("mod ")?.strip_suffix(';')
        })
        .collect();
    let mut text = code.to_string();
    for child in children {
        let needle = format!("{child}::");
        let mut out = String::new();
        let mut rest = text.as_str();
        while let Some(i) = rest.find(&needle) {
            let before = rest[..i].chars().next_back();
            out.push_str(&rest[..i]);
            if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                out.push_str("self::");
            }
            out.push_str(&needle);
            rest = &rest[i + needle.len()..];
        }
        out.push_str(rest);
        text = out;
    }
    text
}

/// Arrows between files: (from, to) by module path.
fn arrows() -> BTreeSet<(Vec<String>, Vec<String>)> {
    let modules = modules();
    let mut arrows = BTreeSet::new();
    for (at, path) in &modules {
        for named in named_paths(&with_children_spelled_out(&code(path)), at) {
            // The longest prefix that is a file of ours.
            let Some(target) = (1..=named.len())
                .rev()
                .map(|n| named[..n].to_vec())
                .find(|m| modules.contains_key(m))
            else {
                continue;
            };
            if at.starts_with(&target) {
                // Itself, or a parent module handing down its names.
                continue;
            }
            arrows.insert((at.clone(), target));
        }
    }
    arrows
}

/// The loops of `arrows`: each strongly connected group of two or more.
fn circles(arrows: &BTreeSet<(Vec<String>, Vec<String>)>) -> Vec<Vec<Vec<String>>> {
    let mut next: BTreeMap<&Vec<String>, Vec<&Vec<String>>> = BTreeMap::new();
    for (a, b) in arrows {
        next.entry(a).or_default().push(b);
    }
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(m) = todo.pop() {
            for n in next.get(m).into_iter().flatten() {
                if seen.insert(*n) {
                    todo.push(n);
                }
            }
        }
        seen
    };
    let nodes: BTreeSet<&Vec<String>> = arrows.iter().flat_map(|(a, b)| [a, b]).collect();
    let reaches: BTreeMap<&Vec<String>, BTreeSet<&Vec<String>>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in &nodes {
        if done.contains(*n) || !reaches[n].contains(n) {
            continue;
        }
        let group: Vec<Vec<String>> = nodes
            .iter()
            .filter(|m| reaches[n].contains(*m) && reaches[*m].contains(*n))
            .map(|m| (*m).clone())
            .collect();
        for m in &group {
            done.insert(m.clone());
        }
        out.push(group);
    }
    out
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "crate".into()
    } else {
        module.join("::")
    }
}

#[test]
fn no_file_imports_another_round_a_loop() {
    let arrows = arrows();
    assert!(arrows.len() > 200, "the arrows are read ({})", arrows.len());
    let circles = circles(&arrows);
    let described: Vec<String> = circles
        .iter()
        .map(|group| {
            let ties: Vec<String> = arrows
                .iter()
                .filter(|(a, b)| group.contains(a) && group.contains(b))
                .map(|(a, b)| format!("{} -> {}", name(a), name(b)))
                .collect();
            ties.join(", ")
        })
        .collect();
    assert!(
        described.is_empty(),
        "import circles:\n{}",
        described.join("\n")
    );
}

#[test]
fn the_checker_finds_a_loop_and_resolves_super_and_groups() {
    let at = ["game".to_string(), "play".into(), "ai".into()];
    let paths = named_paths(
        &strip(
            "use super::search::{SearchJob, x::Y};\nuse crate::rules::{self, Move};\n\
             let a = \"crate::fake\"; // crate::comment",
        ),
        &at,
    );
    let strs: Vec<String> = paths.iter().map(|p| name(p)).collect();
    assert!(
        strs.contains(&"game::play::search::SearchJob".to_string()),
        "{strs:?}"
    );
    assert!(
        strs.contains(&"game::play::search::x::Y".to_string()),
        "{strs:?}"
    );
    assert!(strs.contains(&"rules::Move".to_string()), "{strs:?}");
    assert!(strs.contains(&"rules".to_string()), "{strs:?}");
    assert_eq!(strs.len(), 4, "strings and comments are not code: {strs:?}");
    let m = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    let arrows: BTreeSet<_> = [
        (m("a"), m("b")),
        (m("b"), m("c")),
        (m("c"), m("a")),
        (m("c"), m("d")),
    ]
    .into_iter()
    .collect();
    assert_eq!(circles(&arrows), vec![vec![m("a"), m("b"), m("c")]]);
}

#[test]
fn matches_know_nothing_of_the_stored_files() {
    let arrows = arrows();
    let into_store: Vec<String> = arrows
        .iter()
        .filter(|(a, b)| {
            a.first().is_some_and(|s| s == "arena") && b.first().is_some_and(|s| s == "store")
        })
        .map(|(a, b)| format!("{} -> {}", name(a), name(b)))
        .collect();
    assert!(into_store.is_empty(), "{into_store:?}");
}

/// Files under `src` whose code (outside tests) contains `needle`.
fn files_with(needle: &str) -> Vec<String> {
    modules()
        .values()
        .filter(|path| code(path).contains(needle))
        .map(|path| {
            path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap_or(path)
                .display()
                .to_string()
        })
        .collect()
}

#[test]
fn records_come_in_through_the_one_door() {
    let readers: Vec<String> = files_with("read_pgn_games")
        .into_iter()
        .filter(|f| !f.starts_with("src/rules/") && f != "src/store/record.rs")
        .collect();
    assert!(readers.is_empty(), "PGN read past the door in {readers:?}");
}

#[test]
fn logic_plays_moves_by_command_not_by_clicks() {
    // Only the views that turn the pointer into board input write clicks.
    let writers: Vec<String> = files_with("BoardInput::Click(")
        .into_iter()
        .filter(|f| {
            !matches!(
                f.as_str(),
                "src/game/input.rs"
                    | "src/game/board/surface.rs"
                    | "src/game/play/session/turns.rs"
            )
        })
        .collect();
    assert!(writers.is_empty(), "clicks faked in {writers:?}");
    let drops: Vec<String> = files_with("FileDragAndDrop::DroppedFile {")
        .into_iter()
        .filter(|f| f != "src/game/play/records.rs")
        .collect();
    assert!(drops.is_empty(), "file drops faked in {drops:?}");
}

// The house's counted rules. Each is a test over the code outside tests
// (`#[cfg(test)] mod tests { … }` at a file's end, files named `tests.rs`
// and `tests/` folders are left out, as they are by [`modules`]), with a
// short allow-list that names why each entry may stay. An allow-list
// entry that no longer matches anything fails too, so the lists only
// shrink. `cargo test --test structure -- --ignored --nocapture` prints
// what each rule counts today.

/// A file's path from the package root, with `/` between folders.
fn relative(path: &Path) -> String {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// Each function of `code` (with a body): its name, the line of its `fn`
/// (from 1) and its length in lines, from that line to its closing brace.
fn functions(code: &str) -> Vec<(String, usize, usize)> {
    let chars: Vec<char> = code.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let line_at = |i: usize| chars[..i].iter().filter(|&&c| c == '\n').count() + 1;
    let mut out = Vec::new();
    let mut i = 0;
    while i + 3 < chars.len() {
        let at_fn = chars[i..i + 3] == ['f', 'n', ' '] && (i == 0 || !is_ident(chars[i - 1]));
        if !at_fn {
            i += 1;
            continue;
        }
        let name: String = chars[i + 3..]
            .iter()
            .skip_while(|c| c.is_whitespace())
            .take_while(|&&c| is_ident(c))
            .collect();
        if name.is_empty() {
            // A function pointer type, `fn(u8) -> u8`.
            i += 3;
            continue;
        }
        // The body opens at the first `{` outside parentheses and brackets;
        // a `;` first means a declaration without a body.
        let mut j = i + 3;
        let mut depth = 0i32;
        let mut open = None;
        while j < chars.len() {
            match chars[j] {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ';' if depth <= 0 => break,
                '{' if depth <= 0 => {
                    open = Some(j);
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        let Some(open) = open else {
            i = j;
            continue;
        };
        let mut depth = 0;
        let mut close = open;
        for (k, &c) in chars.iter().enumerate().skip(open) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = k;
                        break;
                    }
                }
                _ => {}
            }
        }
        let first = line_at(i);
        out.push((name, first, line_at(close) - first + 1));
        // Functions inside this one are measured on their own too.
        i += 3;
    }
    out
}

/// Functions of 80 lines or more, as "path name (lines)".
const LONGEST_LINES: usize = 80;

/// The functions of [`LONGEST_LINES`] or more under `src`, as
/// ("path name", lines).
fn long_functions() -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for path in modules().values() {
        for (name, _, lines) in functions(&code(path)) {
            if lines >= LONGEST_LINES {
                out.push((format!("{} {name}", relative(path)), lines));
            }
        }
    }
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// Functions allowed 80 lines or more, each with its reason (at most 20).
const LONG_FUNCTIONS: &[(&str, &str)] = &[
    (
        "src/engine/movepick.rs next",
        "the staged move picker: one match over its stages",
    ),
    (
        "src/engine/eval.rs terms",
        "the evaluation's terms, one after another in one pass",
    ),
    (
        "src/engine/uci.rs try_go",
        "the `go` command's parameters, one match arm each",
    ),
    (
        "src/client/external.rs think",
        "an external engine's turn: send, read, time out, in order",
    ),
    (
        "src/client/process.rs spawn_within",
        "starting an engine process and its handshake, step by step",
    ),
    (
        "src/client/process.rs go_with",
        "one search of an engine process: commands out, lines in",
    ),
    (
        "src/client/process.rs go_commands",
        "the go command per protocol (UCI, UCCI), one arm each",
    ),
    (
        "src/client/options.rs parse",
        "an engine option line: one match over its fields",
    ),
    (
        "src/store/db/explore.rs explore",
        "the explorer's query and its grouping in one transaction",
    ),
];

/// Files in `src/game` longer than this fail (the whole file, with its
/// inline `#[cfg(test)] mod tests`; tests moved out to a sibling
/// `tests.rs` or a `tests/` folder are not counted).
const GAME_FILE_LINES: usize = 400;

/// Files in `src/game` over [`GAME_FILE_LINES`], as (path, lines).
fn long_game_files() -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = modules()
        .values()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("a source file");
            (relative(path), text.lines().count())
        })
        .filter(|(path, lines)| path.starts_with("src/game/") && *lines > GAME_FILE_LINES)
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    out
}

/// Files in `src/game` allowed over [`GAME_FILE_LINES`], with the reason.
const LONG_GAME_FILES: &[(&str, &str)] = &[(
    "src/game/i18n/phrases.rs",
    "a table: every phrase's words in four languages",
)];

/// Each `Result<…, String>` outside `src/cli`, as "path: the type".
fn string_errors() -> Vec<String> {
    let mut out = Vec::new();
    for path in modules().values() {
        let file = relative(path);
        if file.starts_with("src/cli/") {
            continue;
        }
        let code: Vec<char> = code(path).chars().collect();
        let mut i = 0;
        while let Some(at) = find(&code, i, "Result<") {
            i = at + 1;
            if at > 0 && (code[at - 1].is_alphanumeric() || code[at - 1] == '_') {
                continue;
            }
            // The arguments, split at top-level commas.
            let mut depth = 0;
            let mut args = vec![String::new()];
            for &c in &code[at + "Result".len()..] {
                match c {
                    '<' | '(' | '[' => depth += 1,
                    '>' | ')' | ']' => depth -= 1,
                    ',' if depth == 1 => {
                        args.push(String::new());
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
                if !(depth == 1 && c == '<') {
                    args.last_mut().unwrap().push(c);
                }
            }
            let last = args.last().map_or("", |a| a.trim());
            if args.len() == 2 && matches!(last, "String" | "std::string::String") {
                let text: String = args
                    .join(",")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                out.push(format!("{file}: Result<{text}>"));
            }
        }
    }
    out
}

/// The index of `needle` in `code` at or after `from`.
fn find(code: &[char], from: usize, needle: &str) -> Option<usize> {
    let needle: Vec<char> = needle.chars().collect();
    (from..code.len().saturating_sub(needle.len() - 1)).find(|&i| code[i..].starts_with(&needle))
}

/// Files allowed a `Result<_, String>` outside `src/cli`, with the reason
/// (at most 2).
const STRING_ERRORS: &[(&str, &str)] = &[];

/// Raw `Node { … }` literals in `src/game` outside `src/game/theme`, as
/// "path:line".
fn raw_nodes() -> Vec<String> {
    let mut out = Vec::new();
    for path in modules().values() {
        let file = relative(path);
        if !file.starts_with("src/game/") || file.starts_with("src/game/theme/") {
            continue;
        }
        let code: Vec<char> = code(path).chars().collect();
        let mut i = 0;
        while let Some(at) = find(&code, i, "Node {") {
            i = at + 1;
            let before: String = code[..at].iter().collect();
            let glued = before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
            let declared = before.ends_with("struct ") || before.ends_with("enum ");
            if !glued && !declared {
                let line = code[..at].iter().filter(|&&c| c == '\n').count() + 1;
                out.push(format!("{file}:{line}"));
            }
        }
    }
    out
}

/// Compares what a rule found with its allow-list: every finding named
/// (by `key`), every entry still found, at most `most` entries.
fn check_allowed(
    rule: &str,
    found: &[String],
    key: impl Fn(&str) -> String,
    allowed: &[(&str, &str)],
    most: usize,
) {
    let new: Vec<&String> = found
        .iter()
        .filter(|f| !allowed.iter().any(|(a, _)| *a == key(f)))
        .collect();
    let stale: Vec<&str> = allowed
        .iter()
        .map(|(a, _)| *a)
        .filter(|a| !found.iter().any(|f| key(f) == *a))
        .collect();
    let kept = allowed.len();
    assert!(
        new.is_empty(),
        "{rule}: new, not on the allow-list (shorten them instead):\n{}",
        new.iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        stale.is_empty(),
        "{rule}: on the allow-list but no longer found (take them off): {stale:?}"
    );
    assert!(
        kept <= most,
        "{rule}: {kept} allowed for good, at most {most}"
    );
    for (entry, why) in allowed {
        assert!(!why.trim().is_empty(), "{rule}: {entry} names no reason");
    }
}

#[test]
fn functions_stay_under_80_lines() {
    let found: Vec<String> = long_functions()
        .into_iter()
        .map(|(f, lines)| format!("{f} ({lines} lines)"))
        .collect();
    assert!(found.len() >= 5, "the functions are read: {found:?}");
    let key = |f: &str| f.rsplit_once(" (").map_or(f, |(k, _)| k).to_string();
    check_allowed(
        "functions of 80 lines or more",
        &found,
        key,
        LONG_FUNCTIONS,
        20,
    );
}

#[test]
fn files_in_the_game_stay_under_400_lines() {
    let found: Vec<String> = long_game_files()
        .into_iter()
        .map(|(f, lines)| format!("{f} ({lines} lines)"))
        .collect();
    let key = |f: &str| f.rsplit_once(" (").map_or(f, |(k, _)| k).to_string();
    check_allowed(
        "files in src/game over 400 lines",
        &found,
        key,
        LONG_GAME_FILES,
        1,
    );
}

#[test]
fn errors_are_typed_not_strings() {
    let found = string_errors();
    let key = |f: &str| f.split_once(':').map_or(f, |(k, _)| k).to_string();
    check_allowed(
        "Result<_, String> outside src/cli",
        &found,
        key,
        STRING_ERRORS,
        2,
    );
}

#[test]
fn views_are_built_from_theme_widgets() {
    let found = raw_nodes();
    let key = |f: &str| f.to_string();
    check_allowed("raw `Node {` outside src/game/theme", &found, key, &[], 0);
}

#[test]
fn the_counters_see_what_they_count() {
    let code = strip(
        "fn short() {\n    let s = \"{\n}\";\n}\nfn ptr(f: fn(u8) -> u8) -> [u8; 2] {\n    [f(1), 2]\n}\n\
         trait T {\n    fn declared(&self);\n}\n",
    );
    let fns = functions(&code);
    assert_eq!(
        fns,
        vec![("short".to_string(), 1, 4), ("ptr".to_string(), 5, 3)],
        "a string's braces and lines, a pointer type and a declaration"
    );
    let raw = strip("fn a() {\n    let s = r#\"x\"\n\"#;\n}\n");
    assert_eq!(functions(&raw), vec![("a".to_string(), 1, 4)], "{raw}");
}

/// Prints what each counted rule finds today (for the lead at a merge):
/// `cargo test --test structure -- --ignored --nocapture counted`.
#[test]
#[ignore = "prints the counted rules' findings"]
fn print_the_counted_rules() {
    let functions = long_functions();
    println!(
        "functions of {LONGEST_LINES} lines or more: {}",
        functions.len()
    );
    for (f, lines) in &functions {
        println!("  {lines:4} {f}");
    }
    let files = long_game_files();
    println!(
        "files in src/game over {GAME_FILE_LINES} lines: {}",
        files.len()
    );
    for (f, lines) in &files {
        println!("  {lines:4} {f}");
    }
    let errors = string_errors();
    println!("Result<_, String> outside src/cli: {}", errors.len());
    for e in &errors {
        println!("  {e}");
    }
    let nodes = raw_nodes();
    println!("raw `Node {{` outside src/game/theme: {}", nodes.len());
    for n in &nodes {
        println!("  {n}");
    }
}

/// Files under `src` whose path starts with `under`, with their code
/// (outside tests) and their path from the repository.
fn sources_under(under: &str) -> Vec<(String, String)> {
    modules()
        .values()
        .map(|path| {
            let rel = path
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap_or(path)
                .display()
                .to_string();
            (rel, code(path))
        })
        .filter(|(rel, _)| rel.starts_with(under))
        .collect()
}

#[test]
fn every_exercise_sits_behind_the_one_seam() {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/game");
    // No lesson's special case anywhere on the game's side, tests included.
    let mut drills = Vec::new();
    let mut stack = vec![game.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if std::fs::read_to_string(&path).is_ok_and(|t| t.contains("drill")) {
                drills.push(path.display().to_string());
            }
        }
    }
    assert!(drills.is_empty(), "`drill` on the game's side: {drills:?}");

    // The session knows no exercise: no field for lessons or puzzles.
    let session = code(&game.join("play/session/mod.rs"));
    let fields = session
        .split("pub struct Session {")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .expect("the Session struct");
    for word in ["drill", "lesson", "puzzle", "exercise", "course"] {
        assert!(
            !fields.to_lowercase().contains(word),
            "Session has a field for {word}: {fields}"
        );
    }

    // The exercise modes lock the board by the exercise's word, never by
    // faking players or pausing, and nothing drops the board's input.
    for (file, text) in sources_under("src/game/play/")
        .into_iter()
        .filter(|(f, _)| {
            f.starts_with("src/game/play/course/")
                || f.starts_with("src/game/play/exercise/")
                || f.ends_with("/puzzle.rs")
                || f.ends_with("/my_puzzle.rs")
        })
    {
        assert!(!text.contains("Mode::AiVsAi"), "{file} fakes players");
        assert!(!text.contains("paused ="), "{file} pauses the board");
        assert!(!text.contains(".paused = "), "{file} pauses the board");
    }
    // (Browsing an earlier position takes the board's input for the move
    // tree: it uses every click, it drops none.)
    let clearing: Vec<String> = sources_under("src/game/")
        .into_iter()
        .filter(|(_, text)| {
            text.contains("Messages<BoardInput>")
                && (text.contains("input.clear()") || text.contains("inputs.clear()"))
        })
        .map(|(f, _)| f)
        .collect();
    assert!(clearing.is_empty(), "board input dropped in {clearing:?}");
}

#[test]
fn a_human_move_is_played_through_one_door_after_the_exercise_verdict() {
    // `Game::play` on the session's game: only in the turn flow's
    // `play_move`, which a human's move reaches through `human_move`.
    let players: Vec<String> = sources_under("src/game/")
        .into_iter()
        .filter(|(_, text)| text.contains("session.game.play(") || text.contains("s.game.play("))
        .map(|(f, _)| f)
        .collect();
    assert_eq!(players, ["src/game/play/session/turns.rs"], "{players:?}");
    let turns = code(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/game/play/session/turns.rs"
    )));
    assert_eq!(turns.matches("session.game.play(").count(), 1);
    // A human's move goes to `human_move`, never straight to `play_move`.
    let human = turns
        .split("fn handle_board_input(")
        .nth(1)
        .and_then(|t| t.split("\n}\n").next())
        .expect("the board input's system");
    assert!(human.contains("human_move(") && !human.contains("play_move("));
    let outside: Vec<String> = sources_under("src/game/")
        .into_iter()
        .filter(|(f, text)| f != "src/game/play/session/turns.rs" && text.contains("play_move("))
        .map(|(f, _)| f)
        .collect();
    assert!(
        outside.is_empty(),
        "moves played past the door in {outside:?}"
    );
}

#[test]
fn the_modes_states_are_run_conditions_not_branches() {
    // Outside the modes' own files, `Play::Course` and `Play::Puzzle` only
    // choose when systems run (run conditions, state schedules).
    let allowed = ["in_state(", "OnEnter(", "OnExit(", "DespawnOnExit("];
    // The toolbar's context is a pure function of the play state, which
    // its tests call with each state.
    let allow_files = ["src/game/panel/toolbar/tools.rs"];
    let mut found = Vec::new();
    for (file, text) in sources_under("src/game/") {
        if file.starts_with("src/game/play/exercise/") || allow_files.contains(&file.as_str()) {
            continue;
        }
        for line in text.lines() {
            if (line.contains("Play::Course") || line.contains("Play::Puzzle"))
                && !allowed.iter().any(|a| line.contains(a))
            {
                found.push(format!("{file}: {}", line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the play state compared in a body: {found:#?}"
    );
}

#[test]
fn searches_run_through_the_one_helper() {
    // The task pool is the search helper's; the others run no search: a
    // file dialog, a picture's frames, the database's queries.
    let pool: Vec<String> = files_with("AsyncComputeTaskPool::get()")
        .into_iter()
        .filter(|f| {
            !matches!(
                f.as_str(),
                "src/game/play/search/mod.rs"
                    | "src/game/desktop/file_dialog.rs"
                    | "src/game/play/export.rs"
                    | "src/game/play/game_db/mod.rs"
            )
        })
        .collect();
    assert!(
        pool.is_empty(),
        "a task started past the helper in {pool:?}"
    );
    for (file, text) in sources_under("src/game/") {
        // The helper (`play/search/`, its tests too) is the one that may.
        if !file.starts_with("src/game/play/search/") && text.contains("AsyncComputeTaskPool") {
            for engine in ["Engine", "Defender", "SearchRequest"] {
                assert!(
                    !text.contains(&format!("{engine}::")),
                    "{file} searches on the pool itself"
                );
            }
        }
    }
}

#[test]
fn every_box_that_scrolls_takes_the_wheel() {
    // A box that hides its content below must scroll with the wheel and the
    // focus (theme/wheel.rs), or a player at 800×600 cannot reach the rest.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scrolling = files_with("Overflow::scroll_y()");
    assert!(
        scrolling.len() >= 5,
        "the counter sees the boxes that scroll: {scrolling:?}"
    );
    // The marker goes in the same bundle, just after the node.
    let deaf: Vec<&String> = scrolling
        .iter()
        .filter(|f| {
            let text = code(&root.join(f));
            text.match_indices("Overflow::scroll_y()").any(|(at, _)| {
                let bundle: String = text[at..].chars().take(300).collect();
                !bundle.contains("WheelScrolls")
            })
        })
        .collect();
    assert!(deaf.is_empty(), "boxes the wheel cannot scroll in {deaf:?}");
}
