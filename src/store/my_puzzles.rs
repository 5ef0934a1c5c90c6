//! Puzzles made from the player's own games: every mistake or blunder a
//! human side made, found by a game review, becomes a "find the better
//! move" puzzle — the position before the mistake, solved by a move the
//! engine rates within a margin of its best
//! ([`crate::engine::review::accepts`]).
//!
//! They are kept in one JSON file (`my-puzzles.json`) with their progress
//! (attempts, solved), their theme (why the mistake was one, found by the
//! teacher once and kept, [`WhyRecord`]) and when each comes back
//! ([`Schedule`], spaced repetition). Reading is lenient: a damaged file keeps what can be
//! read, an entry that makes no sense (a bad FEN, an illegal move, an id
//! seen before, a schedule out of its bounds) is dropped or mended with a
//! warning, and the first save moves the damaged file aside.
//! Writes go to a temporary file that is renamed into place.
//!
//! Two windows may practise at once: a save takes in what the other saved
//! meanwhile ([`StoreFile::merge`]), puzzle by puzzle (by id). Of two
//! copies of a puzzle the one with more attempts is kept, on a tie the one
//! answered later ([`Schedule::last`]), on a tie still this window's; it is
//! solved if either is, and keeps a theme either found. A puzzle removed in
//! this window is not brought back from the file; one only the other
//! window has is added.

use super::file::{self, StoreFile};
use super::schedule::Schedule;
use super::theme::WhyRecord;
use super::{Warning, parse_json_lenient};
use crate::engine::review::{GameReview, Judgement};
use crate::rules::{Color, Move, Position};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::io;
use std::path::Path;

/// How close to the engine's best a solution must be, in expected score
/// (the "good" threshold of [`Judgement`]: under 0.05 lost).
pub const MARGIN: f64 = 0.05;

/// One puzzle from a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MyPuzzle {
    /// Stable identifier: a hash of the position and the mistake.
    pub id: String,
    /// The position before the mistake.
    pub fen: String,
    /// The move played (ICCS): the mistake.
    pub played: String,
    /// The engine's move there (ICCS).
    pub best: String,
    /// The engine's line from the position, starting with `best` (ICCS).
    #[serde(default)]
    pub line: Vec<String>,
    /// `mistake` or `blunder`.
    pub judgement: String,
    /// Expected score the mistake gave away (0..=1).
    #[serde(default)]
    pub loss: f64,
    /// 0-based ply of the mistake in its game.
    #[serde(default)]
    pub ply: usize,
    /// The reviewed game's key ([`crate::store::reviews::game_key`]).
    #[serde(default)]
    pub game: String,
    /// Depth the review searched to (the solution is checked as deep).
    #[serde(default)]
    pub depth: u32,
    /// When it was added (seconds since the Unix epoch).
    #[serde(default)]
    pub added: u64,
    /// Attempts started.
    #[serde(default)]
    pub attempts: u32,
    /// Solved once.
    #[serde(default)]
    pub solved: bool,
    /// Set up by the player in the position editor, not found in a game:
    /// no mistake (`played` is empty), "find the best move".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub composed: bool,
    /// The engine's answer to the mistake (ICCS; empty when not known):
    /// what the mistake allowed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reply: String,
    /// Why the mistake was one, found by the teacher (`None`: not looked
    /// for yet; an empty record: nothing the rules can show).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<WhyRecord>,
    /// When it comes back.
    #[serde(default)]
    pub schedule: Schedule,
}

impl MyPuzzle {
    /// The position, if the FEN is valid.
    pub fn position(&self) -> Option<Position> {
        Position::from_fen(&self.fen).ok()
    }

    /// The engine's move.
    pub fn best_move(&self) -> Option<Move> {
        Move::from_iccs(&self.best)
    }

    /// The mistake.
    pub fn played_move(&self) -> Option<Move> {
        Move::from_iccs(&self.played)
    }

    /// The engine's answer to the mistake, when known.
    pub fn reply_move(&self) -> Option<Move> {
        Move::from_iccs(&self.reply)
    }

    /// Wants its theme found: from a game, and not looked for yet.
    pub fn wants_theme(&self) -> bool {
        self.theme.is_none() && !self.composed
    }

    /// The engine's line as moves (as far as they parse).
    pub fn line_moves(&self) -> Vec<Move> {
        self.line.iter().map_while(|s| Move::from_iccs(s)).collect()
    }

    /// The mistake's judgement (a blunder unless it says `mistake`).
    pub fn judgement(&self) -> Judgement {
        if self.judgement == Judgement::Mistake.word() {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        }
    }

    /// Who is to move (who made the mistake).
    pub fn side(&self) -> Option<Color> {
        self.position().map(|p| p.side_to_move())
    }

    /// What is wrong with it, if anything: a bad FEN, a move that is not
    /// legal there, the best move being the mistake.
    pub fn problem(&self) -> Option<String> {
        let Some(pos) = self.position() else {
            return Some(format!("invalid FEN `{}`", self.fen));
        };
        let (best, played) = (self.best_move(), self.played_move());
        match (best, played) {
            (Some(b), None) if self.composed && self.played.is_empty() && pos.is_legal(b) => None,
            (Some(b), Some(p)) if pos.is_legal(b) && pos.is_legal(p) && b != p => None,
            _ => Some(format!(
                "moves `{}` / `{}` do not fit the position",
                self.best, self.played
            )),
        }
    }
}

/// The puzzles from the player's games, oldest first.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct MyPuzzles {
    /// The puzzles.
    pub puzzles: Vec<MyPuzzle>,
    /// The ids removed here, not to be brought back by a save's merge.
    #[serde(skip)]
    removed: BTreeSet<String>,
}

impl PartialEq for MyPuzzles {
    /// The same puzzles (what was removed on the way does not count).
    fn eq(&self, other: &MyPuzzles) -> bool {
        self.puzzles == other.puzzles
    }
}

impl MyPuzzle {
    /// Of two copies of this puzzle, `other` is the one to keep: more
    /// attempts, or as many and answered later.
    fn is_behind(&self, other: &MyPuzzle) -> bool {
        (other.attempts, other.schedule.last) > (self.attempts, self.schedule.last)
    }

    /// Takes in another copy of this puzzle (see the module notes).
    fn merge(&mut self, mut other: MyPuzzle) {
        if self.is_behind(&other) {
            std::mem::swap(self, &mut other);
        }
        self.solved |= other.solved;
        if self.theme.is_none() {
            self.theme = other.theme;
        }
    }
}

/// The file as read, before each entry is checked.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
struct Raw {
    puzzles: Vec<serde_json::Value>,
}

impl StoreFile for MyPuzzles {
    fn parse(path: &Path, bytes: &[u8]) -> (MyPuzzles, Option<Warning>) {
        let (raw, warning) = parse_json_lenient::<Raw>(path, bytes);
        let mut problems = Vec::new();
        let mut out = MyPuzzles::default();
        for (i, v) in raw.puzzles.into_iter().enumerate() {
            let n = i + 1;
            match serde_json::from_value::<MyPuzzle>(v) {
                Ok(mut p) => match p.problem() {
                    None => {
                        problems.extend(
                            p.schedule
                                .mend()
                                .map(|why| format!("puzzle {n}: {why}; its schedule starts over")),
                        );
                        if let Some(first) = out.get_mut(&p.id) {
                            problems.push(format!(
                                "puzzle {n}: the id `{}` is used before; the copy with more progress kept",
                                p.id
                            ));
                            first.merge(p);
                        } else {
                            out.puzzles.push(p);
                        }
                    }
                    Some(why) => problems.push(format!("puzzle {n}: {why}; dropped")),
                },
                Err(e) => problems.push(format!("puzzle {n}: {e}; dropped")),
            }
        }
        (out, Warning::adding(warning, path, problems))
    }

    fn merge(&mut self, on_disk: MyPuzzles) {
        for p in on_disk.puzzles {
            if self.removed.contains(&p.id) {
                continue;
            }
            match self.get_mut(&p.id) {
                Some(mine) => mine.merge(p),
                None => self.puzzles.push(p),
            }
        }
    }
}

impl MyPuzzles {
    /// Reads the file: missing → none; damaged → what could be read, with a
    /// warning naming what was dropped; the file is left untouched.
    pub fn load(path: &Path) -> (MyPuzzles, Option<Warning>) {
        file::load(path)
    }

    /// Writes the file atomically, with what another window saved
    /// meanwhile merged in; a damaged file is first moved aside.
    ///
    /// # Errors
    /// Any I/O error; the old file is then unchanged.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        file::save(&mut self.clone(), path)
    }

    /// The puzzle with this id.
    pub fn get(&self, id: &str) -> Option<&MyPuzzle> {
        self.puzzles.iter().find(|p| p.id == id)
    }

    /// The puzzle with this id, to change its progress.
    pub fn get_mut(&mut self, id: &str) -> Option<&mut MyPuzzle> {
        self.puzzles.iter_mut().find(|p| p.id == id)
    }

    /// Adds the puzzles not there yet; returns how many were new.
    pub fn add(&mut self, new: impl IntoIterator<Item = MyPuzzle>) -> usize {
        let mut added = 0;
        for p in new {
            if self.get(&p.id).is_none() && p.problem().is_none() {
                self.removed.remove(&p.id);
                self.puzzles.push(p);
                added += 1;
            }
        }
        added
    }

    /// Removes a puzzle; returns whether it was there.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.puzzles.len();
        self.puzzles.retain(|p| p.id != id);
        self.removed.insert(id.to_string());
        self.puzzles.len() != before
    }

    /// How many are solved.
    pub fn solved(&self) -> usize {
        self.puzzles.iter().filter(|p| p.solved).count()
    }

    /// How many are due at `now` (seconds since the Unix epoch).
    pub fn due(&self, now: u64) -> usize {
        self.puzzles
            .iter()
            .filter(|p| p.schedule.is_due(now))
            .count()
    }

    /// Records an answer to a puzzle at `now`: solved (marked so) or
    /// missed; returns whether the puzzle is there.
    pub fn answer(&mut self, id: &str, solved: bool, now: u64) -> bool {
        let Some(p) = self.get_mut(id) else {
            return false;
        };
        p.schedule.answer(solved, now);
        p.solved |= solved;
        true
    }

    /// The next puzzle to practise after the one at index `after` (or from
    /// the start): the next one due, else the next unsolved, else simply
    /// the next.
    pub fn next_after(&self, after: Option<usize>, now: u64) -> Option<usize> {
        let n = self.puzzles.len();
        if n == 0 {
            return None;
        }
        let first = after.map_or(0, |i| i + 1);
        let order = || (0..n).map(move |k| (first + k) % n);
        order()
            .find(|&i| self.puzzles[i].schedule.is_due(now))
            .or_else(|| order().find(|&i| !self.puzzles[i].solved))
            .or(Some(first % n))
    }
}

/// A puzzle of a position set up in the editor: "find the best move", the
/// engine's `line` (its best move first, found `depth` deep) the solution,
/// a move within [`MARGIN`] of it as good. `None` when the line does not
/// start with a legal move of `pos`.
pub fn composed(pos: &Position, line: &[Move], depth: u32, now: u64) -> Option<MyPuzzle> {
    let best = *line.first()?;
    if !pos.is_legal(best) {
        return None;
    }
    let fen = pos.fen();
    let p = MyPuzzle {
        id: format!(
            "{:016x}",
            super::reviews::fnv1a(format!("{fen} composed").as_bytes())
        ),
        fen,
        played: String::new(),
        best: best.to_string(),
        line: line.iter().map(Move::to_string).collect(),
        judgement: String::new(),
        loss: 0.0,
        ply: 0,
        game: String::new(),
        depth,
        added: now,
        attempts: 0,
        solved: false,
        composed: true,
        reply: String::new(),
        theme: None,
        schedule: Schedule::new(now),
    };
    p.problem().is_none().then_some(p)
}

/// The puzzles a review finds: one per mistake or blunder made by a side
/// for which `human` is true (`human[Color as usize]`), in game order.
pub fn from_review(
    start: &Position,
    moves: &[Move],
    review: &GameReview,
    human: [bool; 2],
    now: u64,
) -> Vec<MyPuzzle> {
    let game = super::reviews::game_key(start, moves);
    let mut pos = *start;
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if let Some(mr) = review.moves.get(i)
            && mr.judgement.is_serious()
            && human[mr.side as usize]
            && !mr.before.best.is_null()
            && mr.before.best != m
        {
            let fen = pos.fen();
            out.push(MyPuzzle {
                id: format!(
                    "{:016x}",
                    super::reviews::fnv1a(format!("{fen} {m}").as_bytes())
                ),
                fen,
                played: m.to_string(),
                best: mr.before.best.to_string(),
                line: mr.before.line.iter().map(Move::to_string).collect(),
                judgement: mr.judgement.word().to_string(),
                loss: mr.loss,
                ply: i,
                game: game.clone(),
                depth: mr.before.depth,
                added: now,
                attempts: 0,
                solved: false,
                composed: false,
                reply: review
                    .positions
                    .get(i + 1)
                    .map(|p| p.best)
                    .filter(|b| !b.is_null())
                    .map_or_else(String::new, |b| b.to_string()),
                theme: None,
                schedule: Schedule::new(now),
            });
        }
        pos.make(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::{TempDir, damaged_copies};

    fn puzzle(id: &str) -> MyPuzzle {
        MyPuzzle {
            id: id.into(),
            fen: Position::startpos().fen(),
            played: "a3a4".into(),
            best: "h2e2".into(),
            line: vec!["h2e2".into(), "h9g7".into()],
            judgement: "blunder".into(),
            loss: 0.3,
            ply: 0,
            game: "g".into(),
            depth: 6,
            added: 1,
            attempts: 0,
            solved: false,
            composed: false,
            reply: String::new(),
            theme: None,
            schedule: Schedule::new(1),
        }
    }

    #[test]
    fn puzzles_are_added_once_removed_and_round_trip() {
        let t = TempDir::new("my-puzzles");
        let path = t.path().join("my-puzzles.json");
        let mut mine = MyPuzzles::load(&path).0;
        assert!(mine.puzzles.is_empty());
        assert_eq!(mine.add([puzzle("a"), puzzle("b"), puzzle("a")]), 2);
        assert_eq!(mine.add([puzzle("b")]), 0);
        mine.get_mut("a").unwrap().solved = true;
        mine.save(&path).unwrap();
        let (back, warning) = MyPuzzles::load(&path);
        assert!(warning.is_none());
        assert_eq!(back, mine);
        assert_eq!(back.solved(), 1);
        let mut back = back;
        assert!(back.remove("a") && !back.remove("a"));
        assert_eq!(back.puzzles.len(), 1);
    }

    #[test]
    fn mistakes_come_back_on_their_schedule_and_the_due_one_is_next() {
        const DAY: u64 = 86_400;
        let t = TempDir::new("my-puzzles-due");
        let path = t.path().join("my-puzzles.json");
        let mut mine = MyPuzzles::default();
        let mut made = Vec::new();
        for (i, id) in ["a", "b", "c"].into_iter().enumerate() {
            let mut p = puzzle(id);
            p.schedule = Schedule::new(100 * DAY + i as u64);
            made.push(p);
        }
        mine.add(made);
        let today = 100 * DAY + 3600;
        assert_eq!(mine.due(today), 3);
        // "a" solved today: back tomorrow; "b" missed: still due.
        assert!(mine.answer("a", true, today));
        assert!(mine.answer("b", false, today));
        assert!(!mine.answer("nope", true, today));
        assert!(mine.get("a").unwrap().solved && !mine.get("b").unwrap().solved);
        assert_eq!(mine.due(today), 2);
        assert_eq!(mine.next_after(Some(0), today), Some(1));
        assert_eq!(mine.next_after(Some(1), today), Some(2));
        mine.answer("c", true, today);
        mine.answer("b", true, today);
        assert_eq!(mine.due(today), 0);
        // Nothing due: the next unsolved, else the next one.
        assert_eq!(mine.next_after(Some(0), today), Some(1));
        // Tomorrow all three are back; "a" was solved first, so it is due
        // like the rest and the order starts after the one just played.
        let tomorrow = today + DAY;
        assert_eq!(mine.due(tomorrow), 3);
        assert_eq!(mine.next_after(Some(2), tomorrow), Some(0));
        // The schedule is kept in the file.
        mine.save(&path).unwrap();
        let (back, warning) = MyPuzzles::load(&path);
        assert!(warning.is_none());
        assert_eq!(back.due(today), 0);
        assert_eq!(back.due(tomorrow), 3);
        assert_eq!(back, mine);
    }

    #[test]
    fn a_puzzle_file_from_before_the_schedule_reads_every_puzzle_as_due() {
        let t = TempDir::new("my-puzzles-old");
        let path = t.path().join("my-puzzles.json");
        let mut old = serde_json::to_value(MyPuzzles {
            puzzles: vec![puzzle("old")],
            ..MyPuzzles::default()
        })
        .unwrap();
        let entry = old["puzzles"][0].as_object_mut().unwrap();
        entry.remove("schedule");
        std::fs::write(&path, old.to_string()).unwrap();
        let (back, warning) = MyPuzzles::load(&path);
        assert!(warning.is_none(), "{warning:?}");
        assert_eq!(back.due(crate::store::now_unix()), 1);
        assert!(back.puzzles[0].wants_theme());
    }

    #[test]
    fn a_composed_puzzle_has_no_mistake_and_round_trips() {
        let t = TempDir::new("my-puzzles-composed");
        let path = t.path().join("my-puzzles.json");
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        let line = [Move::from_iccs("a1a8").unwrap()];
        let p = composed(&pos, &line, 9, 5).expect("a legal best move");
        assert!(p.composed && p.played_move().is_none() && p.problem().is_none());
        assert_eq!(p.best_move(), Some(line[0]));
        // Not a move of the position: no puzzle.
        assert!(composed(&pos, &[Move::from_iccs("a9a8").unwrap()], 9, 5).is_none());
        assert!(composed(&pos, &[], 9, 5).is_none());
        // A game's puzzle still needs its mistake.
        let mut from_game = p.clone();
        from_game.composed = false;
        assert!(from_game.problem().is_some());
        let mut mine = MyPuzzles::default();
        assert_eq!(mine.add([p.clone(), p.clone()]), 1);
        mine.save(&path).unwrap();
        let (back, warning) = MyPuzzles::load(&path);
        assert!(warning.is_none(), "{warning:?}");
        assert_eq!(back.puzzles, vec![p]);
        // The mark is written (and left out for puzzles from games).
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("\"composed\": true"));
    }

    #[test]
    fn a_bad_entry_is_dropped_with_a_warning_and_the_rest_kept() {
        let t = TempDir::new("my-puzzles-bad");
        let path = t.path().join("my-puzzles.json");
        let mut bad = puzzle("bad");
        bad.best = "a0a9".into(); // not legal there
        let file = MyPuzzles {
            puzzles: vec![puzzle("good"), bad],
            ..MyPuzzles::default()
        };
        std::fs::write(&path, serde_json::to_string(&file).unwrap()).unwrap();
        let (back, warning) = MyPuzzles::load(&path);
        assert_eq!(back.puzzles.len(), 1);
        assert_eq!(back.puzzles[0].id, "good");
        let w = warning.expect("a warning").to_string();
        assert!(w.contains("puzzle 2"), "{w}");

        // Truncated: what was complete is kept.
        let text = serde_json::to_string(&MyPuzzles {
            puzzles: vec![puzzle("one"), puzzle("two")],
            ..MyPuzzles::default()
        })
        .unwrap();
        // Cut inside the second puzzle, before its position.
        let cut = text.find("\"two\"").unwrap() + 12;
        std::fs::write(&path, &text[..cut]).unwrap();
        let (back, warning) = MyPuzzles::load(&path);
        assert!(warning.is_some());
        assert_eq!(back.puzzles.len(), 1, "{back:?}");
        // Saving moves the damaged file aside first.
        back.save(&path).unwrap();
        let names: Vec<_> = std::fs::read_dir(t.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert!(MyPuzzles::load(&path).1.is_none());
    }

    #[test]
    fn a_bad_utf8_byte_is_damage_said_and_set_aside() {
        let t = TempDir::new("my-puzzles-utf8");
        let path = t.path().join("my-puzzles.json");
        let mut mine = MyPuzzles::default();
        mine.puzzles.push(puzzle("p1"));
        mine.save(&path).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.windows(7).position(|w| w == b"blunder").unwrap();
        bytes[at] = 0xfe;
        std::fs::write(&path, &bytes).unwrap();
        let (loaded, w) = MyPuzzles::load(&path);
        assert!(w.expect("a warning").to_string().contains("not UTF-8"));
        loaded.save(&path).unwrap();
        let names: Vec<String> = std::fs::read_dir(t.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("damaged"))
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn a_puzzle_dropped_for_its_meaning_is_set_aside_before_the_next_save() {
        // F2: puzzle 2's FEN had one bad letter; the save after answering
        // puzzle 1 wrote the file without it, and kept no copy.
        let t = TempDir::new("my-puzzles-f2");
        let path = t.path().join("my-puzzles.json");
        let mut bad = puzzle("p2");
        bad.fen = bad.fen.replace("RNBAKABNR w", "RNBAKABNX w");
        let text = serde_json::to_string(&MyPuzzles {
            puzzles: vec![puzzle("p1"), bad],
            ..MyPuzzles::default()
        })
        .unwrap();
        std::fs::write(&path, &text).unwrap();
        let (mut mine, w) = MyPuzzles::load(&path);
        let w = w.expect("a notice").to_string();
        assert!(w.contains("puzzle 2: invalid FEN"), "{w}");
        assert_eq!(mine.puzzles.len(), 1);
        assert!(mine.answer("p1", true, 1));
        mine.save(&path).unwrap();
        let aside = damaged_copies(t.path());
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), text);
        assert_eq!(MyPuzzles::load(&path).1, None);
    }

    #[test]
    fn a_duplicate_id_is_damage_and_the_copy_with_more_progress_is_kept() {
        // F2: the second `p1` (9 attempts, solved) was dropped unsaid.
        let t = TempDir::new("my-puzzles-dup");
        let path = t.path().join("my-puzzles.json");
        let first = MyPuzzle {
            attempts: 1,
            ..puzzle("p1")
        };
        let mut second = MyPuzzle {
            attempts: 9,
            solved: true,
            ..puzzle("p1")
        };
        second.schedule.interval = 37;
        second.schedule.streak = 5;
        let text = serde_json::to_string(&MyPuzzles {
            puzzles: vec![first, second.clone()],
            ..MyPuzzles::default()
        })
        .unwrap();
        std::fs::write(&path, &text).unwrap();
        let (mine, w) = MyPuzzles::load(&path);
        let w = w.expect("a notice").to_string();
        assert!(w.contains("puzzle 2: the id `p1` is used before"), "{w}");
        assert_eq!(mine.puzzles, vec![second]);
        mine.save(&path).unwrap();
        assert_eq!(damaged_copies(t.path()).len(), 1);
    }

    #[test]
    fn a_schedule_out_of_its_bounds_is_said_and_starts_over() {
        // F16: `ease` 4294967295 sent a puzzle away for millions of years.
        let t = TempDir::new("my-puzzles-f16");
        let path = t.path().join("my-puzzles.json");
        let cases: [(&str, fn(&mut Schedule)); 5] = [
            ("`ease` 4294967295", |s| {
                s.ease = u32::MAX;
                s.interval = u32::MAX;
                s.due = u64::MAX;
                s.streak = u32::MAX;
            }),
            ("`ease` 100000", |s| s.ease = 100_000),
            ("`ease` 0", |s| s.ease = 0),
            ("`last` 99999999999", |s| s.last = 99_999_999_999),
            ("`interval` 50000", |s| s.interval = 50_000),
        ];
        for (said, damage) in cases {
            let mut p = puzzle("p1");
            p.schedule.misses = 2;
            damage(&mut p.schedule);
            let file = MyPuzzles {
                puzzles: vec![p],
                ..MyPuzzles::default()
            };
            std::fs::write(&path, serde_json::to_string(&file).unwrap()).unwrap();
            let (mut mine, w) = MyPuzzles::load(&path);
            let w = w.expect("a notice").to_string();
            assert!(w.contains(said) && w.contains("starts over"), "{w}");
            let s = mine.puzzles[0].schedule;
            assert_eq!((s.ease, s.due, s.streak, s.misses), (230, 0, 0, 2));
            // Answered: back in a day, as a new puzzle.
            let now = 20_000 * 86_400;
            mine.answer("p1", true, now);
            assert_eq!(mine.puzzles[0].schedule.days_left(now), 1);
        }
        assert!(puzzle("fine").schedule.mend().is_none());
    }

    #[test]
    fn two_windows_keep_each_others_puzzles_and_answers() {
        // F9: the file is read once and written whole.
        let t = TempDir::new("my-puzzles-windows");
        let path = t.path().join("my-puzzles.json");
        let mut start = MyPuzzles::default();
        start.add([puzzle("p1"), puzzle("p2"), puzzle("gone")]);
        start.save(&path).unwrap();
        let (mut a, _) = MyPuzzles::load(&path);
        let (mut b, _) = MyPuzzles::load(&path);
        // A answers p1, finds a new mistake, removes one.
        a.get_mut("p1").unwrap().attempts += 1;
        a.answer("p1", true, 2 * 86_400);
        a.add([puzzle("from-a")]);
        assert!(a.remove("gone"));
        a.save(&path).unwrap();
        // B answered p1 earlier (fewer attempts) and p2, and finds another.
        b.answer("p1", false, 86_400);
        b.get_mut("p2").unwrap().attempts += 2;
        b.get_mut("p2").unwrap().theme = Some(WhyRecord {
            allowed: None,
            better: None,
        });
        b.add([puzzle("from-b")]);
        b.save(&path).unwrap();
        let (both, w) = MyPuzzles::load(&path);
        assert_eq!(w, None);
        let ids: Vec<&str> = both.puzzles.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["p1", "p2", "gone", "from-b", "from-a"]);
        // B still had `gone`: a removal in one window only holds until the
        // other saves its copy (the file keeps no record of removals).
        let p1 = both.get("p1").unwrap();
        assert!(p1.solved && p1.attempts == 1, "A's answer kept: {p1:?}");
        assert_eq!(p1.schedule.streak, 1);
        assert_eq!(both.get("p2").unwrap().attempts, 2);
        assert!(both.get("p2").unwrap().theme.is_some());
        // A saves again: what it removed stays removed in its save.
        a.remove("gone");
        let mut merged = a.clone();
        file::save(&mut merged, &path).unwrap();
        assert!(merged.get("gone").is_none() && merged.get("from-b").is_some());
        assert!(MyPuzzles::load(&path).0.get("gone").is_none());
    }
}
