//! The committed assets are what the project's own generators produce.

use std::path::Path;
use xiangqi::{icon, sound_synth};

#[test]
fn committed_sounds_equal_the_synthesizer_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    for name in sound_synth::SOUNDS {
        let committed = std::fs::read(dir.join(format!("{name}.wav")))
            .unwrap_or_else(|e| panic!("assets/sounds/{name}.wav: {e}"));
        let rendered = sound_synth::render(name).unwrap();
        assert!(
            committed == rendered,
            "assets/sounds/{name}.wav is stale: run `xiangqi gen-sounds`"
        );
    }
}

#[test]
fn fonts_and_their_licence_are_shipped() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts");
    for f in ["pieces.otf", "ui.otf", "OFL.txt"] {
        let meta = std::fs::metadata(dir.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(meta.len() > 1000, "{f} is suspiciously small");
    }
    // OpenType magic: 'OTTO' (CFF) or 0x00010000 (TrueType).
    let head = std::fs::read(dir.join("pieces.otf")).unwrap();
    assert!(head.starts_with(b"OTTO") || head.starts_with(&[0, 1, 0, 0]));
}

#[test]
fn the_committed_icon_equals_the_drawing() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/desktop")
        .join(icon::PNG_NAME);
    let committed = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(
        committed == icon::png(icon::PNG_SIZE),
        "{} is stale: run `xiangqi gen-icon assets/desktop`",
        path.display()
    );
}

#[test]
fn the_desktop_entry_names_the_binary_and_the_icon() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/desktop");
    let entry =
        std::fs::read_to_string(dir.join(format!("{}.desktop", xiangqi::icon::APP_ID))).unwrap();
    let lines: Vec<&str> = entry.lines().collect();
    assert_eq!(lines.first(), Some(&"[Desktop Entry]"));
    for want in [
        "Type=Application",
        "Exec=xiangqi",
        "Icon=xiangqi",
        "Terminal=false",
        "StartupWMClass=io.github.xiangqi.Xiangqi",
    ] {
        assert!(lines.contains(&want), "{want} missing");
    }
    let icon_name = lines
        .iter()
        .find_map(|l| l.strip_prefix("Icon="))
        .expect("an icon");
    assert!(dir.join(format!("{icon_name}.png")).is_file());
}

/// Every character the game writes is in the fonts' subset (a missing one
/// shows as an empty box): each non-ASCII character outside comments in
/// `src/game/`, `src/teach/`, `src/course/`, `src/hant/`, `src/words/` and the level
/// names of `src/engine/level.rs`, and in the lessons
/// (`assets/course/course.json`), is in `assets/fonts/charset.txt`.
#[test]
fn the_font_subset_holds_every_character_the_game_writes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let charset: std::collections::HashSet<char> =
        std::fs::read_to_string(root.join("assets/fonts/charset.txt"))
            .unwrap()
            .chars()
            .collect();
    let mut missing = Vec::new();
    // The views, the level names, and the texts the game shows from
    // elsewhere: the teacher's sentences, the course's reasons, the
    // Traditional forms of run-time texts.
    let mut dirs = vec![
        root.join("src/game"),
        root.join("src/engine/level"),
        root.join("src/teach"),
        root.join("src/course"),
        root.join("src/hant"),
        root.join("src/words"),
    ];
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for c in code
                .chars()
                .filter(|c| !c.is_ascii() && !charset.contains(c))
            {
                missing.push(format!("{}:{}: {c:?}", path.display(), n + 1));
            }
        }
    }
    let lessons = std::fs::read_to_string(root.join("assets/course/course.json")).unwrap();
    for c in lessons
        .chars()
        .filter(|c| !c.is_ascii() && !charset.contains(c))
    {
        missing.push(format!("assets/course/course.json: {c:?}"));
    }
    assert!(
        missing.is_empty(),
        "not in the font subset:\n{}",
        missing.join("\n")
    );
}

/// The course in all four languages and every Vietnamese letter with its
/// marks (ư ơ ạ ả ấ ầ ẩ ẫ ậ … đ, both cases) have glyphs in both fonts —
/// read from the fonts themselves, not from the list they were made from.
#[test]
fn the_fonts_draw_the_course_traditional_chinese_and_vietnamese() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lower = "aàáảãạăằắẳẵặâầấẩẫậbcdđeèéẻẽẹêềếểễệghiìíỉĩịklmnoòóỏõọôồốổỗộơờớởỡợ\
                 pqrstuùúủũụưừứửữựvxyỳýỷỹỵ";
    let mut wanted: Vec<char> = lower.chars().filter(|c| !c.is_whitespace()).collect();
    wanted.extend(lower.to_uppercase().chars().filter(|c| !c.is_whitespace()));
    wanted.extend((0x1EA0..0x1EFA).filter_map(char::from_u32));
    // The pieces and moves in Traditional characters.
    wanted.extend("俥傌相仕帥炮兵車馬象士將砲卒進退平後".chars());
    let course = std::fs::read_to_string(root.join("assets/course/course.json")).unwrap();
    wanted.extend(
        course
            .chars()
            .filter(|c| !c.is_ascii() && !c.is_whitespace()),
    );
    wanted.sort_unstable();
    wanted.dedup();
    for font in ["ui.otf", "pieces.otf"] {
        let data = std::fs::read(root.join("assets/fonts").join(font)).unwrap();
        let face = ttf_parser::Face::parse(&data, 0).unwrap();
        let missing: String = wanted
            .iter()
            .filter(|&&c| face.glyph_index(c).is_none())
            .collect();
        assert!(missing.is_empty(), "{font} has no glyph for {missing}");
    }
}
