//! The course as data: chapters of lessons, each lesson a few pages (a
//! text over a board with highlighted points and arrows) and exercises
//! checked by the rules. The content lives in `assets/course/course.json`
//! (its README describes the fields), compiled into the binary.
//!
//! Loading is in two steps so that a mistake in the file is named where it
//! is: the JSON is read as values, then each chapter, lesson, page and
//! exercise is read on its own and checked — FENs through the rules'
//! parser, points and moves as ICCS, solutions and arrows as legal moves
//! — and any failure is a [`CourseError`] naming the chapter, lesson,
//! exercise and field. Nothing here panics on bad data.

use super::text::Text;
use crate::ecco::{self, Opening};
use crate::rules::{FenError, Move, Position, Square};
use crate::teach::Pattern;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;

/// The built-in course file.
pub const COURSE_JSON: &str = include_str!("../../assets/course/course.json");

/// Where in the course file something is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Where {
    /// The chapter's id (or its number, 1 = first, if it has none).
    pub chapter: String,
    /// The lesson's id, if inside one.
    pub lesson: Option<String>,
    /// The exercise's id, if inside one.
    pub exercise: Option<String>,
    /// The page, 1 = first, if inside one.
    pub page: Option<usize>,
}

impl fmt::Display for Where {
    /// `chapter pieces / lesson horse / exercise horse-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "chapter {}", self.chapter)?;
        if let Some(l) = &self.lesson {
            write!(f, " / lesson {l}")?;
        }
        if let Some(p) = self.page {
            write!(f, " / page {p}")?;
        }
        if let Some(e) = &self.exercise {
            write!(f, " / exercise {e}")?;
        }
        Ok(())
    }
}

/// What is wrong with one field of the course file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The position cannot be read.
    #[error("{0}")]
    Fen(#[from] FenError),
    /// Not an ICCS point (`e4`).
    #[error("'{0}' is not a point (a0 … i9)")]
    Square(String),
    /// Not an ICCS move (`h2e2`).
    #[error("'{0}' is not a move (ICCS, like h2e2)")]
    Move(String),
    /// A move of a line that cannot be played where it stands.
    #[error("move {index} ({mv}) cannot be played there: {why}")]
    Illegal {
        /// 1 = the first move of the line.
        index: usize,
        /// The move.
        mv: Move,
        /// The rules' reason.
        why: crate::rules::IllegalReason,
    },
    /// A text without its English version (every language falls back to it).
    #[error("has no English (\"en\") text")]
    NoEnglish,
    /// An id used twice.
    #[error("the id '{0}' is used twice")]
    DuplicateId(String),
    /// An empty list or a zero count where something is needed.
    #[error("must not be empty or zero")]
    Empty,
    /// A count of moves past the most allowed.
    #[error("{found} is more than the most allowed, {max}")]
    TooMany {
        /// What the file gives.
        found: u32,
        /// The most allowed ([`MAX_MOVES`]).
        max: u32,
    },
    /// The position is a game the rules have already ended.
    #[error("the game is already over there: {0}")]
    Over(crate::rules::Outcome),
    /// The side to move has no legal move.
    #[error("the side to move has no legal move")]
    NoMove,
    /// A point that should hold a piece is empty, or holds the wrong side's.
    #[error("{0} holds no piece of the side to move")]
    NoPieceThere(Square),
    /// A point that should hold an enemy piece does not.
    #[error("{0} holds no piece of the other side")]
    NoTargetThere(Square),
    /// The ECCO code given is not the one the moves reach.
    #[error("the moves reach {found}, not {expected}")]
    Ecco {
        /// The code the data gives.
        expected: String,
        /// What the classification says (`none` if nothing).
        found: String,
    },
    /// An unknown value for a field with a fixed set of values.
    #[error("'{found}' is not one of {allowed}")]
    Unknown {
        /// What was there.
        found: String,
        /// The values allowed.
        allowed: &'static str,
    },
}

/// A course file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    /// Not JSON, or not the course's outer shape.
    #[error("course file: {0}")]
    Json(#[source] serde_json::Error),
    /// A course without a chapter.
    #[error("course file: field `chapters`: there are no chapters")]
    NoChapters,
    /// A byte that is not UTF-8.
    #[error(
        "course file: line {line}, column {column} (byte {offset}): the byte 0x{byte:02x} is not UTF-8"
    )]
    NotUtf8 {
        /// 1 = the first line.
        line: usize,
        /// 1 = the first character of the line.
        column: usize,
        /// The byte's offset in the file, 0 = the first.
        offset: usize,
        /// The byte.
        byte: u8,
    },
    /// A chapter, lesson, page or exercise without a field it needs or with
    /// one of the wrong type.
    #[error("{at}: {}{error}", field.as_ref().map_or_else(String::new, |f| format!("field `{f}`: ")))]
    Shape {
        /// Where.
        at: Box<Where>,
        /// The field at fault, when serde's message does not name it.
        field: Option<String>,
        /// serde's message.
        #[source]
        error: serde_json::Error,
    },
    /// A field whose value the rules reject.
    #[error("{at}: field `{field}`: {problem}")]
    Field {
        /// Where.
        at: Box<Where>,
        /// The field's name in the file.
        field: &'static str,
        /// What is wrong.
        problem: Problem,
    },
}

/// A lesson number (`--lesson 2.4`) that names no lesson.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonNumberError {
    /// Not chapter.lesson.
    #[error(
        "'{given}' is not a lesson number: give chapter.lesson as `xiangqi lessons` numbers them, 1.1 to {last}"
    )]
    NotANumber {
        /// What was given.
        given: String,
        /// The last lesson's number.
        last: String,
    },
    /// A number past the course.
    #[error(
        "there is no lesson {given}: the lessons are numbered 1.1 to {last} (see `xiangqi lessons`)"
    )]
    NoSuchLesson {
        /// What was given.
        given: String,
        /// The last lesson's number.
        last: String,
    },
}

/// The whole course.
#[derive(Clone, Debug)]
pub struct Course {
    /// The chapters, in teaching order.
    pub chapters: Vec<Chapter>,
}

/// A chapter: a theme and its lessons.
#[derive(Clone, Debug)]
pub struct Chapter {
    /// Stable id.
    pub id: String,
    /// The title.
    pub title: Text,
    /// The lessons, in order.
    pub lessons: Vec<Lesson>,
}

/// A lesson: pages to read, then exercises.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Stable id, unique in the course (progress is keyed by it).
    pub id: String,
    /// The title.
    pub title: Text,
    /// What to read, in order.
    pub pages: Vec<Page>,
    /// What to do, in order.
    pub exercises: Vec<Exercise>,
}

/// One page of a lesson: a short text over a board.
#[derive(Clone, Debug)]
pub struct Page {
    /// What the page says.
    pub text: Text,
    /// The board shown (after [`Page::moves`], if any), if the page has one.
    pub position: Option<Position>,
    /// Moves played from the standard start to reach the board (opening
    /// pages), ICCS in the file.
    pub moves: Vec<Move>,
    /// Points to highlight.
    pub points: Vec<Square>,
    /// Arrows to draw, from → to.
    pub arrows: Vec<Move>,
    /// The opening the moves reach, named by ECCO (the file gives the code
    /// and the loader checks the moves reach it).
    pub opening: Option<Opening>,
}

/// An exercise: a position, a task judged by the rules, and a solution
/// (for the hint and for `xiangqi lessons --check`).
#[derive(Clone, Debug)]
pub struct Exercise {
    /// Stable id, unique in the course (progress is keyed by it).
    pub id: String,
    /// What to do.
    pub prompt: Text,
    /// The start; the side to move is the student's.
    pub position: Position,
    /// The task.
    pub goal: Goal,
    /// The stored line from the start, both sides' moves where the other
    /// side moves (mates, endgames), the student's alone in drills.
    pub solution: Vec<Move>,
    /// Said once the exercise is solved, if anything.
    pub note: Option<Text>,
    /// Points to highlight on the board.
    pub points: Vec<Square>,
    /// The classic mate the exercise ends in, if it teaches one (the
    /// checker proves the final position is that pattern).
    pub pattern: Option<Pattern>,
}

/// What a [`Goal::FindMove`] asks for; the checker proves the accepted
/// moves are exactly the legal moves of that kind (for `any`, that they
/// are legal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Find {
    /// Whatever the lesson says (the accepted moves are the answer).
    Any,
    /// Every move that gives check.
    Check,
    /// Every move that mates (or stalemates: a win too).
    Mate,
    /// Every capture.
    Capture,
}

/// The task of an exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Bring the piece on `piece` to `target` in at most `max_moves`
    /// moves, moving nothing else; the other side does not move. With
    /// `avoid_capture`, never stop on a point an enemy piece attacks.
    Reach {
        /// Where the piece stands at the start.
        piece: Square,
        /// Where it must go.
        target: Square,
        /// Moves allowed.
        max_moves: u32,
        /// Never stand where an enemy piece could take.
        avoid_capture: bool,
    },
    /// Take every enemy piece on `targets` in at most `max_moves` moves;
    /// the other side does not move.
    TakeAll {
        /// The pieces to take.
        targets: Vec<Square>,
        /// Moves allowed.
        max_moves: u32,
        /// Never stand where an enemy piece could take.
        avoid_capture: bool,
    },
    /// Find one move: one of `accept`.
    FindMove {
        /// The right answers.
        accept: Vec<Move>,
        /// What kind of move is asked for.
        find: Find,
    },
    /// Mate in at most `moves` moves against the engine's best defence.
    Mate {
        /// The student's moves allowed.
        moves: u32,
    },
    /// Win (mate or stalemate the other side) within `moves` moves against
    /// the engine's defence.
    Win {
        /// The student's moves allowed.
        moves: u32,
    },
    /// Do not lose for `moves` moves against the engine's attack.
    Hold {
        /// The student's moves to survive.
        moves: u32,
    },
}

impl Goal {
    /// True if the other side replies (played by the engine).
    pub fn has_defence(&self) -> bool {
        matches!(
            self,
            Goal::Mate { .. } | Goal::Win { .. } | Goal::Hold { .. }
        )
    }

    /// The file's name for the kind (`reach`, `take_all`, `find_move`, `mate`, `win`, `hold`).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Goal::Reach { .. } => "reach",
            Goal::TakeAll { .. } => "take_all",
            Goal::FindMove { .. } => "find_move",
            Goal::Mate { .. } => "mate",
            Goal::Win { .. } => "win",
            Goal::Hold { .. } => "hold",
        }
    }
}

impl Course {
    /// Reads and checks a course file (see the module's description).
    ///
    /// # Errors
    /// [`CourseError`] naming the first chapter/lesson/page/exercise and
    /// field that cannot be used.
    pub fn from_json(text: &str) -> Result<Course, CourseError> {
        #[derive(Deserialize)]
        struct Top {
            chapters: Vec<Value>,
        }
        // An editor's byte order mark is no part of the JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let top: Top = serde_json::from_str(text).map_err(CourseError::Json)?;
        if top.chapters.is_empty() {
            return Err(CourseError::NoChapters);
        }
        // Chapters have ids of their own; lessons and exercises share one
        // set (progress is keyed by them).
        let mut chapter_ids = BTreeSet::new();
        let mut ids = BTreeSet::new();
        let mut chapters = Vec::new();
        for (i, v) in top.chapters.into_iter().enumerate() {
            chapters.push(read_chapter(i, v, &mut chapter_ids, &mut ids)?);
        }
        Ok(Course { chapters })
    }

    /// [`Course::from_json`] of a file's bytes, which must be UTF-8.
    ///
    /// # Errors
    /// [`CourseError::NotUtf8`] naming the line, column and byte offset of
    /// the first byte that is not UTF-8, or what [`Course::from_json`] says.
    pub fn from_bytes(bytes: &[u8]) -> Result<Course, CourseError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Course::from_json(text),
            Err(e) => {
                let offset = e.valid_up_to();
                let before = &bytes[..offset];
                let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
                let line_start = before
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                // Valid UTF-8 up to the offset: count characters, not bytes.
                let column = String::from_utf8_lossy(&before[line_start..])
                    .chars()
                    .count()
                    + 1;
                Err(CourseError::NotUtf8 {
                    line,
                    column,
                    offset,
                    byte: bytes[offset],
                })
            }
        }
    }

    /// The built-in course (read once). The shipped file is checked by the
    /// tests; should it ever fail to load, the error is returned here.
    ///
    /// # Errors
    /// The built-in file's [`CourseError`] (a build that shipped a broken file).
    pub fn builtin() -> Result<&'static Course, &'static CourseError> {
        static COURSE: OnceLock<Result<Course, CourseError>> = OnceLock::new();
        COURSE
            .get_or_init(|| Course::from_json(COURSE_JSON))
            .as_ref()
    }

    /// Every lesson in teaching order, with its chapter.
    pub fn lessons(&self) -> impl Iterator<Item = (&Chapter, &Lesson)> {
        self.chapters
            .iter()
            .flat_map(|c| c.lessons.iter().map(move |l| (c, l)))
    }

    /// Every exercise, with its chapter and lesson.
    pub fn exercises(&self) -> impl Iterator<Item = (&Chapter, &Lesson, &Exercise)> {
        self.lessons()
            .flat_map(|(c, l)| l.exercises.iter().map(move |e| (c, l, e)))
    }

    /// The lesson with this id.
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons().map(|(_, l)| l).find(|l| l.id == id)
    }

    /// The exercise with this id.
    pub fn exercise(&self, id: &str) -> Option<&Exercise> {
        self.exercises().map(|(_, _, e)| e).find(|e| e.id == id)
    }

    /// The lesson `number` names as `xiangqi lessons` numbers them:
    /// chapter and lesson from 1, `2.4` (a lesson's id is taken too).
    ///
    /// # Errors
    /// [`LessonNumberError`] saying what is wrong and the numbers there are.
    pub fn lesson_by_number(&self, number: &str) -> Result<&Lesson, LessonNumberError> {
        let given = number.trim();
        if let Some(lesson) = self.lesson(given) {
            return Ok(lesson);
        }
        let last = || {
            let c = self.chapters.len();
            let l = self.chapters.last().map_or(0, |ch| ch.lessons.len());
            format!("{c}.{l}")
        };
        let parsed = given.split_once('.').and_then(|(c, l)| {
            Some((
                c.trim().parse::<usize>().ok()?,
                l.trim().parse::<usize>().ok()?,
            ))
        });
        let Some((c, l)) = parsed else {
            return Err(LessonNumberError::NotANumber {
                given: given.to_string(),
                last: last(),
            });
        };
        c.checked_sub(1)
            .and_then(|c| self.chapters.get(c))
            .and_then(|ch| l.checked_sub(1).and_then(|l| ch.lessons.get(l)))
            .ok_or_else(|| LessonNumberError::NoSuchLesson {
                given: given.to_string(),
                last: last(),
            })
    }

    /// (chapters, lessons, exercises).
    pub fn counts(&self) -> (usize, usize, usize) {
        (
            self.chapters.len(),
            self.lessons().count(),
            self.exercises().count(),
        )
    }
}

/// Reads `v` as a `T`; a failure names `at` and, when serde's message does
/// not, the field at fault (the key whose removal changes the failure into
/// success or into that key's absence). Only the keys `T` knows are tried,
/// on an object of those keys alone, so a file with thousands of unknown
/// keys is answered in time linear in its size.
fn read<T: DeserializeOwned>(at: &Where, v: Value) -> Result<T, CourseError> {
    let error = match serde_json::from_value::<T>(v.clone()) {
        Ok(t) => return Ok(t),
        Err(e) => e,
    };
    let named = error.to_string().contains("field `");
    let field = match v {
        Value::Object(map) if !named => {
            let known = fields_of::<T>();
            let map: serde_json::Map<String, Value> = map
                .into_iter()
                .filter(|(k, _)| known.contains(&k.as_str()))
                .collect();
            map.keys().find_map(|k| {
                let mut fewer = map.clone();
                fewer.remove(k);
                match serde_json::from_value::<T>(Value::Object(fewer)) {
                    Ok(_) => Some(k.clone()),
                    Err(e) if e.to_string().contains(&format!("missing field `{k}`")) => {
                        Some(k.clone())
                    }
                    Err(_) => None,
                }
            })
        }
        _ => None,
    };
    Err(CourseError::Shape {
        at: Box::new(at.clone()),
        field,
        error,
    })
}

/// The field names a struct `T` reads: serde's derive hands them to
/// `deserialize_struct`, which this deserializer records and then refuses.
/// Empty for anything that is not a struct.
fn fields_of<T: DeserializeOwned>() -> &'static [&'static str] {
    use serde::de::{self, Visitor};
    use std::cell::Cell;
    struct Introspect<'a>(&'a Cell<&'static [&'static str]>);
    impl<'de> de::Deserializer<'de> for Introspect<'_> {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            self.0.set(fields);
            Err(de::Error::custom("fields recorded"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map enum identifier ignored_any
        }
    }
    let fields = Cell::new(&[][..]);
    let _ = T::deserialize(Introspect(&fields));
    fields.get()
}

/// A field error at `at`.
fn field(at: &Where, field: &'static str, problem: Problem) -> CourseError {
    CourseError::Field {
        at: Box::new(at.clone()),
        field,
        problem,
    }
}

/// The `id` of a JSON object, for naming it before it is read.
fn id_of(v: &Value) -> Option<String> {
    v.get("id").and_then(Value::as_str).map(str::to_string)
}

fn text(at: &Where, name: &'static str, t: Text) -> Result<Text, CourseError> {
    if t.has_fallback() {
        Ok(t)
    } else {
        Err(field(at, name, Problem::NoEnglish))
    }
}

fn unique(at: &Where, ids: &mut BTreeSet<String>, id: &str) -> Result<(), CourseError> {
    if id.trim().is_empty() {
        return Err(field(at, "id", Problem::Empty));
    }
    if !ids.insert(id.to_string()) {
        return Err(field(at, "id", Problem::DuplicateId(id.to_string())));
    }
    Ok(())
}

fn read_chapter(
    i: usize,
    v: Value,
    chapter_ids: &mut BTreeSet<String>,
    ids: &mut BTreeSet<String>,
) -> Result<Chapter, CourseError> {
    #[derive(Deserialize)]
    struct Raw {
        id: String,
        title: Text,
        lessons: Vec<Value>,
    }
    let at = Where {
        chapter: id_of(&v).unwrap_or_else(|| (i + 1).to_string()),
        ..Where::default()
    };
    let raw: Raw = read(&at, v)?;
    unique(&at, chapter_ids, &raw.id)?;
    let title = text(&at, "title", raw.title)?;
    if raw.lessons.is_empty() {
        return Err(field(&at, "lessons", Problem::Empty));
    }
    let lessons = raw
        .lessons
        .into_iter()
        .map(|l| read_lesson(&at, l, ids))
        .collect::<Result<_, _>>()?;
    Ok(Chapter {
        id: raw.id,
        title,
        lessons,
    })
}

fn read_lesson(
    chapter: &Where,
    v: Value,
    ids: &mut BTreeSet<String>,
) -> Result<Lesson, CourseError> {
    #[derive(Deserialize)]
    struct Raw {
        id: String,
        title: Text,
        #[serde(default)]
        pages: Vec<Value>,
        #[serde(default)]
        exercises: Vec<Value>,
    }
    let at = Where {
        lesson: Some(id_of(&v).unwrap_or_else(|| "?".into())),
        ..chapter.clone()
    };
    let raw: Raw = read(&at, v)?;
    unique(&at, ids, &raw.id)?;
    let title = text(&at, "title", raw.title)?;
    if raw.pages.is_empty() {
        return Err(field(&at, "pages", Problem::Empty));
    }
    let pages = raw
        .pages
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let at = Where {
                page: Some(i + 1),
                ..at.clone()
            };
            read_page(&at, p)
        })
        .collect::<Result<_, _>>()?;
    let exercises = raw
        .exercises
        .into_iter()
        .map(|e| {
            let at = Where {
                exercise: Some(id_of(&e).unwrap_or_else(|| "?".into())),
                ..at.clone()
            };
            read_exercise(&at, e, ids)
        })
        .collect::<Result<_, _>>()?;
    Ok(Lesson {
        id: raw.id,
        title,
        pages,
        exercises,
    })
}

fn square(at: &Where, name: &'static str, s: &str) -> Result<Square, CourseError> {
    Square::parse(s).ok_or_else(|| field(at, name, Problem::Square(s.to_string())))
}

fn squares(at: &Where, name: &'static str, v: &[String]) -> Result<Vec<Square>, CourseError> {
    v.iter().map(|s| square(at, name, s)).collect()
}

fn moves(at: &Where, name: &'static str, v: &[String]) -> Result<Vec<Move>, CourseError> {
    v.iter()
        .map(|s| Move::from_iccs(s).ok_or_else(|| field(at, name, Problem::Move(s.to_string()))))
        .collect()
}

fn position(at: &Where, fen: &str) -> Result<Position, CourseError> {
    Position::from_fen(fen).map_err(|e| field(at, "fen", Problem::Fen(e)))
}

/// Plays `line` from `pos` through the rules; the position reached.
fn play_line(
    at: &Where,
    name: &'static str,
    pos: &Position,
    line: &[Move],
) -> Result<Position, CourseError> {
    let mut p = *pos;
    for (i, &mv) in line.iter().enumerate() {
        p.play(mv).map_err(|e| {
            field(
                at,
                name,
                Problem::Illegal {
                    index: i + 1,
                    mv,
                    why: e.reason,
                },
            )
        })?;
    }
    Ok(p)
}

fn read_page(at: &Where, v: Value) -> Result<Page, CourseError> {
    #[derive(Deserialize)]
    struct Raw {
        text: Text,
        fen: Option<String>,
        #[serde(default)]
        moves: Vec<String>,
        #[serde(default)]
        points: Vec<String>,
        #[serde(default)]
        arrows: Vec<String>,
        ecco: Option<String>,
    }
    let raw: Raw = read(at, v)?;
    let text = text(at, "text", raw.text)?;
    let start = match &raw.fen {
        Some(f) => Some(position(at, f)?),
        None if !raw.moves.is_empty() => Some(Position::startpos()),
        None => None,
    };
    let line = moves(at, "moves", &raw.moves)?;
    let position = match start {
        Some(s) => Some(play_line(at, "moves", &s, &line)?),
        None => None,
    };
    let opening = match &raw.ecco {
        None => None,
        Some(code) => {
            let found = position
                .as_ref()
                .and_then(|_| ecco::classify(&Position::startpos(), &line));
            match found {
                Some(o) if o.code == code => Some(o),
                other => {
                    return Err(field(
                        at,
                        "ecco",
                        Problem::Ecco {
                            expected: code.clone(),
                            found: other.map_or_else(|| "none".into(), |o| o.code.to_string()),
                        },
                    ));
                }
            }
        }
    };
    Ok(Page {
        text,
        position,
        moves: line,
        points: squares(at, "points", &raw.points)?,
        arrows: moves(at, "arrows", &raw.arrows)?,
        opening,
    })
}

/// The most moves an exercise may allow (`moves`, `max_moves`): the
/// shipped course asks for at most 15, and the checker's proofs grow
/// quickly with the number.
pub const MAX_MOVES: u32 = 30;

/// An exercise as the file writes it, before it is checked.
#[derive(Deserialize)]
struct RawExercise {
    id: String,
    prompt: Text,
    fen: String,
    kind: String,
    #[serde(default)]
    solution: Vec<String>,
    note: Option<Text>,
    #[serde(default)]
    points: Vec<String>,
    piece: Option<String>,
    target: Option<String>,
    #[serde(default)]
    targets: Vec<String>,
    max_moves: Option<u32>,
    #[serde(default)]
    avoid_capture: bool,
    #[serde(default)]
    accept: Vec<String>,
    find: Option<String>,
    moves: Option<u32>,
    pattern: Option<String>,
}

fn read_exercise(
    at: &Where,
    v: Value,
    ids: &mut BTreeSet<String>,
) -> Result<Exercise, CourseError> {
    let raw: RawExercise = read(at, v)?;
    unique(at, ids, &raw.id)?;
    let prompt = text(at, "prompt", raw.prompt.clone())?;
    let note = raw.note.clone().map(|n| text(at, "note", n)).transpose()?;
    let pos = position(at, &raw.fen)?;
    let goal = read_goal(at, &raw, &pos)?;
    playable(at, &pos, &goal)?;
    let solution = moves(at, "solution", &raw.solution)?;
    // Lines where both sides move are played through the rules here; the
    // drills' lines (the other side passes) are played by the checker.
    if goal.has_defence() {
        play_line(at, "solution", &pos, &solution)?;
    }
    Ok(Exercise {
        id: raw.id,
        prompt,
        position: pos,
        goal,
        solution,
        note,
        points: squares(at, "points", &raw.points)?,
        pattern: read_pattern(at, raw.pattern)?,
    })
}

/// The student must have something to do: a side without a legal move,
/// or, where the other side replies, a game the rules have already ended
/// (mate, stalemate, bare generals, a spent 60-move count), would refuse
/// every move for ever. (Drills are no game: a lone piece walking to a
/// point beside the generals is one.)
fn playable(at: &Where, pos: &Position, goal: &Goal) -> Result<(), CourseError> {
    if goal.has_defence()
        && let Some(outcome) = crate::rules::Game::new(*pos).outcome()
    {
        return Err(field(at, "fen", Problem::Over(outcome)));
    }
    if !pos.has_legal_move() {
        return Err(field(at, "fen", Problem::NoMove));
    }
    Ok(())
}

/// A count of moves the exercise allows: 1 to [`MAX_MOVES`].
fn count(at: &Where, name: &'static str, v: Option<u32>) -> Result<u32, CourseError> {
    match v {
        Some(n) if n > MAX_MOVES => Err(field(
            at,
            name,
            Problem::TooMany {
                found: n,
                max: MAX_MOVES,
            },
        )),
        Some(n) if n > 0 => Ok(n),
        _ => Err(field(at, name, Problem::Empty)),
    }
}

/// The task, from the exercise's `kind` and the fields that kind uses.
fn read_goal(at: &Where, raw: &RawExercise, pos: &Position) -> Result<Goal, CourseError> {
    Ok(match raw.kind.as_str() {
        "reach" => {
            let piece = square(at, "piece", raw.piece.as_deref().unwrap_or(""))?;
            match pos.piece_at(piece) {
                Some(p) if p.color == pos.side_to_move() => {}
                _ => return Err(field(at, "piece", Problem::NoPieceThere(piece))),
            }
            Goal::Reach {
                piece,
                target: square(at, "target", raw.target.as_deref().unwrap_or(""))?,
                max_moves: count(at, "max_moves", raw.max_moves)?,
                avoid_capture: raw.avoid_capture,
            }
        }
        "take_all" => read_take_all(at, raw, pos)?,
        "find_move" => read_find_move(at, raw, pos)?,
        "mate" => Goal::Mate {
            moves: count(at, "moves", raw.moves)?,
        },
        "win" => Goal::Win {
            moves: count(at, "moves", raw.moves)?,
        },
        "hold" => Goal::Hold {
            moves: count(at, "moves", raw.moves)?,
        },
        other => {
            return Err(field(
                at,
                "kind",
                Problem::Unknown {
                    found: other.to_string(),
                    allowed: "reach, take_all, find_move, mate, win, hold",
                },
            ));
        }
    })
}

fn read_take_all(at: &Where, raw: &RawExercise, pos: &Position) -> Result<Goal, CourseError> {
    let targets = squares(at, "targets", &raw.targets)?;
    if targets.is_empty() {
        return Err(field(at, "targets", Problem::Empty));
    }
    for &t in &targets {
        match pos.piece_at(t) {
            Some(p) if p.color != pos.side_to_move() => {}
            _ => return Err(field(at, "targets", Problem::NoTargetThere(t))),
        }
    }
    Ok(Goal::TakeAll {
        targets,
        max_moves: count(at, "max_moves", raw.max_moves)?,
        avoid_capture: raw.avoid_capture,
    })
}

fn read_find_move(at: &Where, raw: &RawExercise, pos: &Position) -> Result<Goal, CourseError> {
    let accept = moves(at, "accept", &raw.accept)?;
    if accept.is_empty() {
        return Err(field(at, "accept", Problem::Empty));
    }
    for (i, &m) in accept.iter().enumerate() {
        play_line(at, "accept", pos, &[m]).map_err(|e| match e {
            CourseError::Field {
                problem: Problem::Illegal { mv, why, .. },
                ..
            } => field(
                at,
                "accept",
                Problem::Illegal {
                    index: i + 1,
                    mv,
                    why,
                },
            ),
            e => e,
        })?;
    }
    let find = match raw.find.as_deref().unwrap_or("any") {
        "any" => Find::Any,
        "check" => Find::Check,
        "mate" => Find::Mate,
        "capture" => Find::Capture,
        other => {
            return Err(field(
                at,
                "find",
                Problem::Unknown {
                    found: other.to_string(),
                    allowed: "any, check, mate, capture",
                },
            ));
        }
    };
    Ok(Goal::FindMove { accept, find })
}

fn read_pattern(at: &Where, pattern: Option<String>) -> Result<Option<Pattern>, CourseError> {
    let Some(name) = pattern else {
        return Ok(None);
    };
    Pattern::ALL
        .iter()
        .copied()
        .find(|p| p.zh() == name || p.en() == name)
        .map(Some)
        .ok_or_else(|| {
            field(
                at,
                "pattern",
                Problem::Unknown {
                    found: name.clone(),
                    allowed: "闷宫, 重炮, 马后炮, 卧槽马, 天地炮, 铁门栓, 双车错, 白脸将",
                },
            )
        })
}

#[cfg(test)]
mod lesson_number_tests {
    use super::*;

    #[test]
    fn lessons_are_found_by_their_listed_number_or_id_and_a_bad_number_says_the_range() {
        let course = Course::builtin().expect("the built-in course");
        assert_eq!(course.lesson_by_number("2.4").unwrap().id, "horse");
        assert_eq!(course.lesson_by_number("horse").unwrap().id, "horse");
        let e = course.lesson_by_number("9.9").unwrap_err().to_string();
        assert!(
            e.contains("no lesson 9.9") && e.contains("1.1 to 6."),
            "{e}"
        );
        let e = course.lesson_by_number("two").unwrap_err().to_string();
        assert!(e.contains("'two'") && e.contains("chapter.lesson"), "{e}");
        assert!(course.lesson_by_number("2.0").is_err());
    }
}
