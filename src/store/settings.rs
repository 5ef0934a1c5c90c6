//! The player's settings, kept as JSON in the platform config directory.
//!
//! Every field has a default (`#[serde(default)]`), so an older or partial
//! file loads. A broken file falls back to the defaults — or keeps the
//! fields that were valid — with a [`Warning`] naming the file and the
//! problem. Loading never writes: the broken file stays as it is until the
//! player changes a setting and the game calls [`Settings::save`].

use super::engines::EngineList;
use super::file::{self, StoreFile, set_aside_if_damaged};
use super::players::{Players, settings_keys};
use super::{Warning, parse_json_lenient};
use crate::engine::Level;
use crate::render::{BoardTheme, PieceSet};
use crate::rules::clock::TimeControl;
use crate::rules::handicap::Handicap;
use crate::rules::{ByColor, Charset, Color, Notation};
use crate::words::Language;
use serde::{Deserialize, Serialize};
use std::io;
use std::path::Path;

/// How fast pieces glide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnimationSpeed {
    /// Half speed.
    Slow,
    /// The normal speed.
    #[default]
    Normal,
    /// Twice as fast.
    Fast,
    /// No animation: pieces jump.
    Off,
}

impl AnimationSpeed {
    /// Multiplier for animation durations (0 = instant).
    pub fn duration_factor(self) -> f32 {
        match self {
            AnimationSpeed::Slow => 2.0,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Fast => 0.5,
            AnimationSpeed::Off => 0.0,
        }
    }
}

/// What the player said of themself on the first start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Experience {
    /// New to xiangqi: the course first.
    New,
    /// Knows the rules.
    KnowsRules,
    /// Plays at a club.
    Club,
}

impl Experience {
    /// The rating the level suggestion assumes until the player has one of
    /// their own (on the levels' scale: 入门 1 is about 690, 初级 4 about
    /// 1920). A newcomer and a player who knows the rules get the first
    /// levels, a club player one that takes some beating.
    pub fn assumed_rating(self) -> f64 {
        match self {
            Experience::New => 600.0,
            Experience::KnowsRules => 900.0,
            Experience::Club => 1900.0,
        }
    }
}

/// Whose point of view the analysis scores take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreView {
    /// Positive when Red is better, whoever is to move.
    #[default]
    Red,
    /// Positive when the side to move is better.
    Mover,
}

/// How many lines the analysis shows, at most.
pub const MAX_ANALYSIS_LINES: u8 = 5;

/// The search threads a first start gets: the machine's threads less one
/// (one left for the window and the rest of the desktop), at least one.
pub fn default_search_threads() -> u16 {
    let n = crate::engine::max_threads().saturating_sub(1).max(1);
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// The most search threads the setting may ask for: the machine's.
fn most_search_threads() -> u16 {
    u16::try_from(crate::engine::max_threads()).unwrap_or(u16::MAX)
}

/// Everything on the settings screen, plus what the menu last used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sound volume, 0..=100.
    pub volume: u8,
    /// Sound off (the volume is kept).
    pub muted: bool,
    /// Piece animation speed.
    pub animation_speed: AnimationSpeed,
    /// Mark the selected piece's legal destinations.
    pub show_legal_moves: bool,
    /// Print file numbers / ICCS coordinates around the board.
    pub show_coordinates: bool,
    /// Show the evaluation bar (Red's point of view).
    pub show_eval_bar: bool,
    /// Move-list notation.
    pub notation: Notation,
    /// Piece characters.
    pub piece_chars: Charset,
    /// How the pieces are drawn (characters, pictograms, brush).
    pub piece_set: PieceSet,
    /// The board's colours (wood, dark, paper).
    pub board_theme: BoardTheme,
    /// Interface language.
    pub language: Language,
    /// Lines the analysis shows, 1..=[`MAX_ANALYSIS_LINES`].
    pub analysis_lines: u8,
    /// Point of view of the analysis scores.
    pub score_view: ScoreView,
    /// Red's clock last chosen in the menu.
    pub red_clock: TimeControl,
    /// Black's clock last chosen in the menu.
    pub black_clock: TimeControl,
    /// The handicap last chosen in the menu.
    pub handicap: Handicap,
    /// Black gives the handicap (Red otherwise).
    pub black_gives: bool,
    /// The computer replies as soon as its search ends, instead of taking
    /// a think time like a person of its level (see `engine::pace`).
    pub quick_replies: bool,
    /// Say each move, checks and the end of the game aloud (where a
    /// synthesizer is installed: [`crate::speech`]).
    pub speak_moves: bool,
    /// The spoken moves' loudness, 0..=100.
    pub speech_volume: u8,
    /// The spoken moves' pace, percent of normal (50..=200).
    pub speech_speed: u8,
    /// The first-start card was answered or skipped (a new player sees it
    /// once, at the menu).
    /// (A file without it predates the card: [`Settings::load`] sets it.)
    pub first_start_done: bool,
    /// What the player answered on it (the level suggested until a rating
    /// exists follows it).
    /// (Written even when `None`: the lenient reader only keeps keys the
    /// defaults have.)
    pub experience: Option<Experience>,
    /// The player's own engines.
    pub engines: EngineList,
    /// Which ladder the levels of `players` are of
    /// (`engine::level::LADDER`); files without it are from the
    /// eight-level ladder and are read as the closest levels of this one.
    pub ladder: u32,
    /// Who played each side when a game was last started from the menu:
    /// the mode, the levels and the player's engines (the built-in level
    /// when no engine is chosen or it is no longer in the list).
    #[serde(flatten, with = "settings_keys")]
    pub players: Players,
    /// The engine of the analysis (`None`: the built-in one).
    pub analysis_engine: Option<String>,
    /// The engine of the hints (`None`: the built-in one).
    pub hint_engine: Option<String>,
    /// The engine of the game review (`None`: the built-in one).
    pub review_engine: Option<String>,
    /// Threads the built-in engine searches on in the analysis, the hints,
    /// the game review and at the full-strength level, 1..= the machine's
    /// threads (the ladder's other levels search on one, as measured).
    pub search_threads: u16,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 80,
            muted: false,
            animation_speed: AnimationSpeed::Normal,
            show_legal_moves: true,
            show_coordinates: true,
            show_eval_bar: false,
            notation: Notation::Chinese,
            piece_chars: Charset::Traditional,
            piece_set: PieceSet::Characters,
            board_theme: BoardTheme::Wood,
            language: Language::Zh,
            analysis_lines: 3,
            score_view: ScoreView::Red,
            red_clock: TimeControl::None,
            black_clock: TimeControl::None,
            handicap: Handicap::None,
            black_gives: false,
            quick_replies: false,
            speak_moves: false,
            speech_volume: 70,
            speech_speed: 100,
            first_start_done: false,
            experience: None,
            engines: EngineList::default(),
            players: Players::default(),
            analysis_engine: None,
            hint_engine: None,
            review_engine: None,
            ladder: crate::engine::level::LADDER,
            search_threads: default_search_threads(),
        }
    }
}

/// The settings file's key of a row's level.
fn level_key(row: Color) -> &'static str {
    match row {
        Color::Red => "red_level",
        Color::Black => "black_level",
    }
}

impl StoreFile for Settings {
    /// [`Settings::load`] on the file's bytes (`path` names it in the
    /// warning): the older files' levels and first start brought up to date.
    fn parse(path: &Path, bytes: &[u8]) -> (Settings, Option<Warning>) {
        let (mut s, warning) = parse_json_lenient::<Settings>(path, bytes);
        let bytes = super::without_bom(bytes);
        s.migrate_levels(bytes);
        s.migrate_first_start(bytes);
        s.checked(path, warning)
    }
}

impl Settings {
    /// The settings of a first start: the defaults, in the system's
    /// language when its locale names one ([`Language::from_environment`]).
    pub fn first_start(system: Option<Language>) -> Settings {
        Settings {
            language: system.unwrap_or_default(),
            ..Settings::default()
        }
    }

    /// Reads the settings file.
    ///
    /// A missing file gives the defaults and no warning. A broken one gives
    /// what could be read (the valid fields, the part before the damage) and
    /// defaults for the rest, and a warning; the file is not touched.
    pub fn load(path: &Path) -> (Settings, Option<Warning>) {
        file::load(path)
    }

    /// A settings file without `first_start_done` was written before the
    /// first-start card existed (or is too damaged to say): its player has
    /// played here before and is not asked.
    fn migrate_first_start(&mut self, bytes: &[u8]) {
        let text = String::from_utf8_lossy(bytes);
        let found = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .or_else(|| super::salvage_json(&text));
        if found.is_none_or(|v| v.get("first_start_done").is_none()) {
            self.first_start_done = true;
        }
    }

    /// Level numbers from a file of an older ladder (no `ladder`, or a
    /// smaller one) as the closest levels of this one.
    fn migrate_levels(&mut self, bytes: &[u8]) {
        // A damaged file: what can be read of it (`ladder` is written
        // before the levels, so a cut file that has them has it too).
        let text = String::from_utf8_lossy(bytes);
        let Some(found) = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .or_else(|| super::salvage_json(&text))
        else {
            return;
        };
        // Without a number: the eight-level ladder.
        let stored = found
            .get("ladder")
            .and_then(serde_json::Value::as_u64)
            .map_or(1, |n| u32::try_from(n).unwrap_or(u32::MAX));
        if stored >= crate::engine::level::LADDER {
            return;
        }
        // Only the numbers the file holds (the others are this ladder's defaults).
        for (side, level) in self.players.levels_mut() {
            if found.get(level_key(side)).is_some()
                && let Some(now) = Level::from_ladder(stored, *level)
            {
                *level = now.number();
            }
        }
        self.ladder = crate::engine::level::LADDER;
    }

    /// Resets out-of-range values, adding them to the warning.
    fn checked(mut self, path: &Path, warning: Option<Warning>) -> (Settings, Option<Warning>) {
        let problems = self.fix_ranges();
        (self, Warning::adding(warning, path, problems))
    }

    /// Writes the settings atomically (temp file + rename). A damaged
    /// settings file is first moved aside ([`set_aside_if_damaged`]).
    ///
    /// # Errors
    /// Any I/O error; the old file is then unchanged.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        set_aside_if_damaged(path, |bytes| Settings::parse(path, bytes).1.is_some())?;
        file::write_json(self, path)
    }

    /// The threads a search of the analysis, the hints, the review or the
    /// full-strength level runs on: the setting, within 1..= the machine's
    /// threads whatever was put in it.
    pub fn search_threads(&self) -> usize {
        usize::from(self.search_threads.clamp(1, most_search_threads()))
    }

    /// The effective volume as 0.0..=1.0 (0 when muted).
    pub fn effective_volume(&self) -> f32 {
        if self.muted {
            0.0
        } else {
            f32::from(self.volume.min(100)) / 100.0
        }
    }

    /// More search threads than this machine has (a file from a bigger
    /// one) become all it has, without a word; none at all is a mistake,
    /// said in `problems`, and the default.
    fn fix_threads(&mut self, problems: &mut Vec<String>) {
        if self.search_threads == 0 {
            self.search_threads = default_search_threads();
            problems.push(format!(
                "`search_threads` 0 is out of range 1..={}; using {}",
                most_search_threads(),
                self.search_threads
            ));
        }
        self.search_threads = self.search_threads.min(most_search_threads());
    }

    /// Resets out-of-range values to their defaults; says which.
    fn fix_ranges(&mut self) -> Vec<String> {
        let d = Settings::default();
        let mut problems: Vec<String> = self
            .engines
            .rejected
            .drain(..)
            .map(|r| format!("{r}; left out"))
            .collect();
        for (name, value, range, default) in [
            ("volume", &mut self.volume, 0..=100, d.volume),
            (
                "speech_volume",
                &mut self.speech_volume,
                0..=100,
                d.speech_volume,
            ),
            (
                "speech_speed",
                &mut self.speech_speed,
                50..=200,
                d.speech_speed,
            ),
        ] {
            if !range.contains(value) {
                problems.push(format!(
                    "`{name}` {value} is out of range {}..={}; using {default}",
                    range.start(),
                    range.end()
                ));
                *value = default;
            }
        }
        self.fix_threads(&mut problems);
        if !(1..=MAX_ANALYSIS_LINES).contains(&self.analysis_lines) {
            problems.push(format!(
                "`analysis_lines` {} is out of range 1..={MAX_ANALYSIS_LINES}; using {}",
                self.analysis_lines, d.analysis_lines
            ));
            self.analysis_lines = d.analysis_lines;
        }
        for (side, level) in self.players.levels_mut() {
            let (name, default) = (level_key(side), d.players.computers[side].level);
            if Level::new(*level).is_none() {
                problems.push(format!(
                    "`{name}` {level} is out of range {}..={}; using {default}",
                    Level::MIN.number(),
                    Level::MAX.number()
                ));
                *level = default;
            }
        }
        // A choice of an engine that is no longer in the list falls back
        // to the built-in engine.
        let names: Vec<String> = self
            .engines
            .engines
            .iter()
            .map(|e| e.name.clone())
            .collect();
        let ByColor { red, black } = &mut self.players.computers;
        for (what, choice) in [
            ("red_engine", &mut red.engine),
            ("black_engine", &mut black.engine),
            ("analysis_engine", &mut self.analysis_engine),
            ("hint_engine", &mut self.hint_engine),
            ("review_engine", &mut self.review_engine),
        ] {
            if let Some(name) = choice
                && !names.contains(name)
            {
                problems.push(format!(
                    "`{what}` names the engine '{name}', which is not in the list; using the built-in engine"
                ));
                *choice = None;
            }
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::players::{Computer, Mode};
    use crate::store::test_util::TempDir;
    use std::fs;

    #[test]
    fn the_full_engine_of_the_31_level_ladder_is_the_full_engine_still() {
        let t = TempDir::new("settings-ladder-2");
        let p = t.path().join("settings.json");
        fs::write(&p, r#"{"ladder": 2, "red_level": 31, "black_level": 30}"#).unwrap();
        let (s, w) = Settings::load(&p);
        assert!(w.is_none(), "{w:?}");
        assert_eq!(s.players.computers.red.level, Level::MAX.number());
        assert_eq!(
            Level::new(s.players.computers.black.level)
                .unwrap()
                .max_depth(),
            11,
            "depth 11 is depth 11 still"
        );
        assert_eq!(s.ladder, crate::engine::level::LADDER);
    }

    #[test]
    fn levels_of_the_35_level_ladder_above_25_move_one_up() {
        let t = TempDir::new("settings-ladder-3");
        let p = t.path().join("settings.json");
        fs::write(&p, r#"{"ladder": 3, "red_level": 25, "black_level": 30}"#).unwrap();
        let (s, w) = Settings::load(&p);
        assert!(w.is_none(), "{w:?}");
        assert_eq!(s.players.computers.red.level, 25);
        assert_eq!(s.players.computers.black.level, 31);
        assert_eq!(s.ladder, crate::engine::level::LADDER);
    }

    #[test]
    fn levels_of_the_eight_level_ladder_are_read_as_the_closest_levels_now() {
        let t = TempDir::new("settings-ladder");
        let p = t.path().join("settings.json");
        fs::write(&p, r#"{"red_level": 8, "black_level": 2, "volume": 40}"#).unwrap();
        let (s, w) = Settings::load(&p);
        assert!(w.is_none(), "{w:?}");
        assert_eq!(
            s.players.computers.red.level,
            Level::from_eight(8).unwrap().number()
        );
        assert_eq!(
            s.players.computers.black.level,
            Level::from_eight(2).unwrap().number()
        );
        assert_eq!((s.ladder, s.volume), (crate::engine::level::LADDER, 40));
        // Saved, then read again: this ladder's numbers, not mapped twice.
        s.save(&p).unwrap();
        assert_eq!(Settings::load(&p).0, s);
        let mut top = Settings::default();
        top.players.computers.red.level = Level::MAX.number();
        top.save(&p).unwrap();
        assert_eq!(
            Settings::load(&p).0.players.computers.red.level,
            Level::MAX.number()
        );
    }

    #[test]
    fn settings_with_the_last_choice_of_players_read_into_one_shape_and_write_the_same() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/settings");
        let mut engines = Players::new(Mode::AiVsAi, 7, 12);
        engines.computers.black.engine = Some("Pikafish".into());
        let mut one = Players::new(Mode::Black, 9, 2);
        one.computers.red.engine = Some("Pikafish".into());
        for (file, players) in [("settings.json", engines), ("one-engine.json", one)] {
            let path = data.join(file);
            let (s, w) = Settings::load(&path);
            assert!(w.is_none(), "{file}: {w:?}");
            assert_eq!(s.players, players, "{file}");
            // Written again, the file has the same keys and values.
            let t = TempDir::new("settings-fixture");
            let again = t.path().join(file);
            s.save(&again).unwrap();
            let read = |p: &Path| {
                serde_json::from_str::<serde_json::Value>(&fs::read_to_string(p).unwrap()).unwrap()
            };
            assert_eq!(read(&again), read(&path), "{file}");
            assert_eq!(Settings::load(&again), (s, None));
        }
    }

    #[test]
    fn missing_settings_file_gives_defaults_silently() {
        let t = TempDir::new("settings-missing");
        let (s, w) = Settings::load(&t.path().join("settings.json"));
        assert_eq!(s, Settings::default());
        assert!(w.is_none());
        assert!(!s.first_start_done, "a new player is asked");
    }

    #[test]
    fn only_a_file_that_predates_the_first_start_card_counts_as_asked() {
        let t = TempDir::new("settings-first-start");
        let p = t.path().join("settings.json");
        let cases = [
            (r#"{"volume": 40}"#, true, None),
            (r#"{"volume": 40, "first_start_do"#, true, None),
            (r#"{"first_start_done": false}"#, false, None),
            (
                r#"{"first_start_done": true, "experience": "knows-rules"}"#,
                true,
                Some(Experience::KnowsRules),
            ),
            (
                r#"{"first_start_done": true, "experience": "grandmaster"}"#,
                true,
                None,
            ),
        ];
        for (text, done, said) in cases {
            fs::write(&p, text).unwrap();
            let (s, _) = Settings::load(&p);
            assert_eq!(s.first_start_done, done, "{text}");
            assert_eq!(s.experience, said, "{text}");
        }
    }

    #[test]
    fn settings_persist_across_save_and_load() {
        let t = TempDir::new("settings-persist");
        let p = t.path().join("cfg/settings.json");
        let s = Settings {
            volume: 35,
            muted: true,
            animation_speed: AnimationSpeed::Fast,
            show_legal_moves: false,
            show_coordinates: false,
            show_eval_bar: true,
            notation: Notation::Wxf,
            piece_chars: Charset::Simplified,
            piece_set: PieceSet::Pictograms,
            board_theme: BoardTheme::Paper,
            language: Language::En,
            ladder: crate::engine::level::LADDER,
            analysis_lines: 5,
            score_view: ScoreView::Mover,
            red_clock: TimeControl::Fischer {
                base: 600,
                increment: 5,
            },
            black_clock: TimeControl::Countdown {
                base: 0,
                per_move: 30,
            },
            handicap: Handicap::NinePieces,
            black_gives: true,
            quick_replies: true,
            speak_moves: true,
            speech_volume: 40,
            speech_speed: 140,
            first_start_done: true,
            experience: Some(Experience::Club),
            engines: serde_json::from_str(
                r#"[{"name": "Pikafish", "command": "pikafish", "protocol": "uci", "options": [["Threads", "2"]],
                    "strength": {"depth": 12}}]"#,
            )
            .unwrap(),
            players: Players {
                mode: Mode::AiVsAi,
                computers: ByColor::new(
                    Computer::builtin(2),
                    Computer {
                        level: 8,
                        engine: Some("Pikafish".into()),
                    },
                ),
            },
            analysis_engine: Some("Pikafish".into()),
            hint_engine: None,
            review_engine: Some("Pikafish".into()),
            search_threads: 1,
        };
        s.save(&p).unwrap();
        assert_eq!(Settings::load(&p), (s, None));
    }

    #[test]
    fn a_choice_of_an_engine_not_in_the_list_is_the_built_in_engine_again() {
        let t = TempDir::new("settings-engine-choice");
        let p = t.path().join("settings.json");
        fs::write(
            &p,
            r#"{"engines": [{"name": "EE", "command": "eleeye", "protocol": "ucci"}],
                "analysis_engine": "EE", "hint_engine": "Gone", "black_engine": "EE"}"#,
        )
        .unwrap();
        let (s, w) = Settings::load(&p);
        assert_eq!(s.analysis_engine.as_deref(), Some("EE"));
        assert_eq!(s.players.computers.black.engine.as_deref(), Some("EE"));
        assert_eq!(s.hint_engine, None);
        let w = w.expect("a warning");
        assert!(format!("{w:?}").contains("Gone"), "{w:?}");
        assert_eq!(
            s.engines.get("EE").map(|e| e.strength),
            Some(crate::store::engines::Strength::MoveTime(1000))
        );
    }

    #[test]
    fn a_bad_engine_entry_is_reported_left_out_and_its_file_set_aside() {
        let t = TempDir::new("settings-engines");
        let p = t.path().join("settings.json");
        fs::write(
            &p,
            r#"{"volume": 30, "engines": [
                {"name": "Pikafish", "command": "pikafish", "protocol": "uci"},
                {"name": "Lost", "protocol": "uci"}
            ]}"#,
        )
        .unwrap();
        let (s, w) = Settings::load(&p);
        assert_eq!(s.volume, 30);
        assert_eq!(s.engines.engines.len(), 1);
        assert_eq!(s.engines.engines[0].name, "Pikafish");
        let w = w.expect("the bad entry is reported");
        assert!(
            w.to_string().contains("engine 2: missing field `command`"),
            "{w}"
        );
        s.save(&p).unwrap();
        let kept: Vec<_> = fs::read_dir(t.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("damaged"))
            .collect();
        assert_eq!(kept.len(), 1, "the old file is kept aside: {kept:?}");
        assert_eq!(Settings::load(&p), (s, None));
    }

    #[test]
    fn partial_settings_file_loads_with_defaults_for_the_rest() {
        let t = TempDir::new("settings-partial");
        let p = t.path().join("settings.json");
        fs::write(
            &p,
            r#"{"volume": 10, "language": "english", "future_option": 1}"#,
        )
        .unwrap();
        let (s, w) = Settings::load(&p);
        assert!(w.is_none(), "{w:?}");
        assert_eq!(s.volume, 10);
        assert_eq!(s.language, Language::En);
        assert_eq!(s.notation, Settings::default().notation);
        // Files from before the piece sets and board themes: the classic look.
        assert_eq!(s.piece_set, PieceSet::Characters);
        assert_eq!(s.board_theme, BoardTheme::Wood);
    }

    #[test]
    fn the_piece_set_and_the_board_theme_are_kept_by_name() {
        let t = TempDir::new("settings-look");
        let p = t.path().join("settings.json");
        fs::write(&p, r#"{"piece_set": "pictograms", "board_theme": "dark"}"#).unwrap();
        let (s, w) = Settings::load(&p);
        assert!(w.is_none(), "{w:?}");
        assert_eq!(
            (s.piece_set, s.board_theme),
            (PieceSet::Pictograms, BoardTheme::Dark)
        );
        // An unknown name is a warning and the default, the rest is kept.
        fs::write(
            &p,
            r#"{"volume": 20, "piece_set": "emoji", "board_theme": "paper"}"#,
        )
        .unwrap();
        let (s, w) = Settings::load(&p);
        assert!(w.is_some());
        assert_eq!(s.volume, 20);
        assert_eq!(
            (s.piece_set, s.board_theme),
            (PieceSet::Characters, BoardTheme::Paper)
        );
    }

    #[test]
    fn the_language_is_written_and_read_as_files_have_it() {
        let t = TempDir::new("settings-language");
        let p = t.path().join("settings.json");
        // Files written before the views and the settings shared one
        // language type read as they did.
        for (file, language) in [("chinese", Language::Zh), ("english", Language::En)] {
            fs::write(&p, format!(r#"{{"volume": 70, "language": "{file}"}}"#)).unwrap();
            let (s, w) = Settings::load(&p);
            assert!(w.is_none(), "{w:?}");
            assert_eq!((s.volume, s.language), (70, language));
            s.save(&p).unwrap();
            let text = fs::read_to_string(&p).unwrap();
            assert!(text.contains(&format!(r#""language": "{file}""#)), "{text}");
        }
        assert_eq!(Language::default(), Language::Zh);
        assert_eq!(Language::Zh.toggled(), Language::ZhHant);
        assert_eq!(Language::Vi.toggled(), Language::Zh);
        for (file, language) in [
            ("traditional-chinese", Language::ZhHant),
            ("vietnamese", Language::Vi),
        ] {
            fs::write(&p, format!(r#"{{"language": "{file}"}}"#)).unwrap();
            let (s, w) = Settings::load(&p);
            assert!(w.is_none(), "{w:?}");
            assert_eq!(s.language, language);
            s.save(&p).unwrap();
            assert_eq!(Settings::load(&p).0.language, language);
        }
    }

    #[test]
    fn broken_settings_json_keeps_what_it_can_and_is_moved_aside_on_save() {
        let t = TempDir::new("settings-broken");
        let p = t.path().join("settings.json");
        let broken = "{\n  \"volume\": 50,\n  \"muted\": tru\n}";
        fs::write(&p, broken).unwrap();
        let (s, w) = Settings::load(&p);
        // The field before the damage is kept; the rest are the defaults.
        assert_eq!(
            s,
            Settings {
                volume: 50,
                first_start_done: true,
                ..Settings::default()
            }
        );
        let w = w.expect("a warning");
        let msg = w.to_string();
        assert!(
            msg.starts_with("settings.json: line 4, column 0: expected ident"),
            "{msg}"
        );
        assert!(msg.ends_with("kept what could be read before it"), "{msg}");
        assert_eq!(fs::read_to_string(&p).unwrap(), broken);
        // Changing a setting saves, after moving the broken file aside.
        let mut s = s;
        s.volume = 1;
        s.save(&p).unwrap();
        assert_eq!(Settings::load(&p), (s, None));
        let names: Vec<String> = fs::read_dir(t.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != "settings.json")
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        assert!(names[0].starts_with("settings-damaged-20"), "{names:?}");
        assert_eq!(
            fs::read_to_string(t.path().join(&names[0])).unwrap(),
            broken
        );
    }

    #[test]
    fn a_file_with_wrong_values_is_kept_aside_too_but_a_good_one_is_not() {
        let t = TempDir::new("settings-aside");
        let p = t.path().join("settings.json");
        Settings::default().save(&p).unwrap();
        Settings::default().save(&p).unwrap();
        assert_eq!(fs::read_dir(t.path()).unwrap().count(), 1);
        fs::write(&p, r#"{"volume": 250}"#).unwrap();
        Settings::default().save(&p).unwrap();
        assert_eq!(fs::read_dir(t.path()).unwrap().count(), 2);
    }

    #[test]
    fn wrong_types_and_out_of_range_values_keep_the_valid_fields() {
        let t = TempDir::new("settings-fields");
        let p = t.path().join("settings.json");
        let text = "{\n  \"volume\": 250,\n  \"muted\": \"yes\",\n  \"notation\": \"iccs\",\n  \"red_level\": 0,\n  \"analysis_lines\": 9,\n  \"animation_speed\": \"warp\"\n}";
        fs::write(&p, text).unwrap();
        let (s, w) = Settings::load(&p);
        let d = Settings::default();
        assert_eq!(s.notation, Notation::Iccs);
        assert_eq!(s.muted, d.muted);
        assert_eq!(s.volume, d.volume);
        assert_eq!(s.players.computers.red.level, d.players.computers.red.level);
        assert_eq!(s.animation_speed, d.animation_speed);
        let w = w.expect("a warning");
        assert_eq!(w.problems.len(), 5, "{w}");
        let msg = w.to_string();
        assert!(msg.contains("line 3, column 3: `muted`"), "{msg}");
        assert!(msg.contains("`volume` 250 is out of range"), "{msg}");
        assert!(msg.contains("`red_level` 0"), "{msg}");
        assert_eq!(s.analysis_lines, d.analysis_lines);
        assert!(msg.contains("`analysis_lines` 9"), "{msg}");
        assert!(msg.contains("`animation_speed`"), "{msg}");
        assert_eq!(fs::read_to_string(&p).unwrap(), text);
    }

    #[test]
    fn speech_volume_and_speed_out_of_range_get_the_notice_volume_gets() {
        // F18: `speech_volume` 255 and `speech_speed` 0 or 255 loaded unsaid.
        let t = TempDir::new("settings-speech");
        let p = t.path().join("settings.json");
        let d = Settings::default();
        for (text, said) in [
            (r#"{"speech_volume": 255, "speech_speed": 0}"#, 2),
            (r#"{"speech_volume": 100, "speech_speed": 255}"#, 1),
            (r#"{"speech_volume": 0, "speech_speed": 49}"#, 1),
        ] {
            fs::write(&p, text).unwrap();
            let (s, w) = Settings::load(&p);
            let w = w.expect("a notice");
            assert_eq!(w.problems.len(), said, "{w}");
            assert!(w.to_string().contains("is out of range"), "{w}");
            assert!((50..=200).contains(&s.speech_speed) && s.speech_volume <= 100);
        }
        fs::write(&p, r#"{"speech_volume": 255, "speech_speed": 0}"#).unwrap();
        let (s, _) = Settings::load(&p);
        assert_eq!(
            (s.speech_volume, s.speech_speed),
            (d.speech_volume, d.speech_speed)
        );
        // The bounds themselves are fine.
        fs::write(
            &p,
            r#"{"speech_volume": 100, "speech_speed": 200, "first_start_done": true}"#,
        )
        .unwrap();
        assert_eq!(Settings::load(&p).1, None);
    }

    #[test]
    fn settings_that_are_not_an_object_fall_back() {
        let t = TempDir::new("settings-array");
        let p = t.path().join("settings.json");
        fs::write(&p, "[1, 2]").unwrap();
        let (s, w) = Settings::load(&p);
        assert_eq!(
            s,
            Settings {
                first_start_done: true,
                ..Settings::default()
            }
        );
        assert!(w.unwrap().to_string().contains("not a JSON object"));
    }

    #[test]
    fn search_threads_stay_within_the_machine_and_a_bad_value_is_the_default() {
        let t = TempDir::new("settings-threads");
        let p = t.path().join("settings.json");
        let max = crate::engine::max_threads();
        let d = Settings::default();
        assert_eq!(usize::from(d.search_threads), max.saturating_sub(1).max(1));
        // Within the machine: kept as written.
        fs::write(&p, format!(r#"{{"search_threads": {max}}}"#)).unwrap();
        let (s, w) = Settings::load(&p);
        assert!(w.is_none(), "{w:?}");
        assert_eq!(s.search_threads(), max);
        // A bigger machine's file: all this one has, without a warning.
        fs::write(&p, r#"{"search_threads": 60000, "volume": 20}"#).unwrap();
        let (s, w) = Settings::load(&p);
        assert!(w.is_none(), "{w:?}");
        assert_eq!((s.search_threads(), s.volume), (max, 20));
        // Nothing, a negative or a word: the default, said, the rest kept.
        for bad in ["0", "-2", "\"many\"", "3.5", "99999999"] {
            fs::write(&p, format!(r#"{{"search_threads": {bad}, "volume": 20}}"#)).unwrap();
            let (s, w) = Settings::load(&p);
            let w = w.unwrap_or_else(|| panic!("{bad}: no warning"));
            assert!(w.to_string().contains("search_threads"), "{bad}: {w}");
            assert_eq!(
                (s.search_threads, s.volume),
                (d.search_threads, 20),
                "{bad}"
            );
        }
        // Whatever is put in the field, a search gets 1..=max.
        for n in [0, 1, u16::MAX] {
            let s = Settings {
                search_threads: n,
                ..Settings::default()
            };
            assert!((1..=max).contains(&s.search_threads()), "{n}");
        }
    }

    #[test]
    fn muted_means_silent() {
        let mut s = Settings {
            volume: 50,
            ..Settings::default()
        };
        assert_eq!(s.effective_volume(), 0.5);
        s.muted = true;
        assert_eq!(s.effective_volume(), 0.0);
    }
}
