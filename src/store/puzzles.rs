//! The puzzles (残局): 42 classic mate problems compiled into the binary,
//! the player's progress (solved puzzles and attempts), and judging an
//! attempt.

use super::file::{self, StoreFile};
use super::{Warning, parse_json_lenient};
use crate::rules::{Color, FenError, Game, GameError, GameResult, Move, Outcome, Position, Reason};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::Path;
use std::sync::OnceLock;

/// The puzzle file, one JSON object per line (see `assets/puzzles/README.md`).
pub const PUZZLES_JSONL: &str = include_str!("../../assets/puzzles/puzzles.jsonl");

/// One mate puzzle. Red moves first and must mate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Stable identifier (progress is keyed by it).
    pub id: String,
    /// The classic name, e.g. `第039局 博望烧屯 - 适情雅趣`.
    pub name: String,
    /// The position.
    pub fen: String,
    /// Plies until mate with best defence, both sides counted (3 = mate in 2 Red moves).
    pub mate_in_plies: u32,
    /// One known winning first move (ICCS).
    pub first_move: String,
    /// Collection it comes from.
    pub source: String,
}

impl Puzzle {
    /// The start position.
    ///
    /// # Errors
    /// [`FenError`] (never for the built-in puzzles, which a test checks).
    /// Composed puzzles may place pieces where no game could (a soldier on
    /// its own back rank), so the placement rules are relaxed here.
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen_lenient(&self.fen)
    }

    /// Red's moves allowed: mate must come by Red's `red_moves()`-th move.
    pub fn red_moves(&self) -> u32 {
        self.mate_in_plies.div_ceil(2)
    }

    /// The known first move, as a move (for the hint).
    pub fn first_move(&self) -> Option<Move> {
        Move::from_iccs(&self.first_move)
    }
}

/// A line of a puzzle file that is not a puzzle.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct PuzzleLineError {
    /// The line, 1 = first.
    pub line: usize,
    /// What is wrong with it.
    pub error: serde_json::Error,
}

/// Parses puzzles from JSON lines (blank lines skipped).
///
/// # Errors
/// [`PuzzleLineError`] for the first bad line.
pub fn parse_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleLineError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|error| PuzzleLineError { line: i + 1, error })
        })
        .collect()
}

/// The built-in puzzles, in file order (easiest first).
pub fn all() -> &'static [Puzzle] {
    static PUZZLES: OnceLock<Vec<Puzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| parse_puzzles(PUZZLES_JSONL).unwrap_or_default())
}

/// The built-in puzzle with this id.
pub fn by_id(id: &str) -> Option<&'static Puzzle> {
    all().iter().find(|p| p.id == id)
}

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Red mated (or stalemated, which also wins in Xiangqi) in time.
    Solved {
        /// Plies it took.
        plies: usize,
    },
    /// Not solved; see the reason.
    Failed(Failure),
    /// Go on.
    InProgress {
        /// Plies left for the mate (counting both sides).
        plies_left: usize,
    },
}

/// Why an attempt failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// All `mate_in_plies` plies were played without mate.
    OutOfMoves,
    /// The game ended some other way (e.g. Black mated Red, a repetition).
    GameOver(Outcome),
    /// A move in the attempt is illegal (1-based ply).
    Illegal {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why.
        error: GameError,
    },
    /// The puzzle's FEN is invalid.
    BadPuzzle,
}

/// Judges an attempt: `moves` are the plies played so far from the
/// puzzle's position (Red's and Black's).
pub fn judge(puzzle: &Puzzle, moves: &[Move]) -> Verdict {
    let Ok(start) = puzzle.position() else {
        return Verdict::Failed(Failure::BadPuzzle);
    };
    let mut game = Game::new(start);
    let limit = puzzle.mate_in_plies as usize;
    for (i, &mv) in moves.iter().enumerate() {
        if let Err(error) = game.play(mv) {
            return Verdict::Failed(Failure::Illegal {
                ply: i + 1,
                mv,
                error,
            });
        }
        if let Some(v) = judge_game(&game, start.side_to_move(), limit) {
            return v;
        }
    }
    if moves.is_empty()
        && let Some(v) = judge_game(&game, start.side_to_move(), limit)
    {
        return v;
    }
    Verdict::InProgress {
        plies_left: limit - game.ply(),
    }
}

/// The verdict after the last move of `game`, or `None` to go on.
fn judge_game(game: &Game, solver: Color, limit: usize) -> Option<Verdict> {
    let plies = game.ply();
    if let Some(o) = game.outcome() {
        let won = o.result == GameResult::win_for(solver)
            && matches!(o.reason, Reason::Checkmate | Reason::Stalemate);
        return Some(if won && plies <= limit {
            Verdict::Solved { plies }
        } else if won {
            Verdict::Failed(Failure::OutOfMoves)
        } else {
            Verdict::Failed(Failure::GameOver(o))
        });
    }
    (plies >= limit).then_some(Verdict::Failed(Failure::OutOfMoves))
}

/// The player's puzzle progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    /// Ids of solved puzzles.
    pub solved: BTreeSet<String>,
    /// Attempts started, per puzzle id.
    pub attempts: BTreeMap<String, u32>,
}

impl StoreFile for Progress {
    fn parse(path: &Path, bytes: &[u8]) -> (Progress, Option<Warning>) {
        parse_json_lenient(path, bytes)
    }

    /// Progress only grows: the puzzles solved in either window, the
    /// larger count of attempts of each.
    fn merge(&mut self, on_disk: Progress) {
        self.solved.extend(on_disk.solved);
        for (id, n) in on_disk.attempts {
            let most = self.attempts.entry(id).or_insert(n);
            *most = (*most).max(n);
        }
    }
}

impl Progress {
    /// Reads the progress file: missing → empty; broken → what could be
    /// read (the valid fields, the puzzles listed before the damage) with a
    /// warning, the file left untouched.
    pub fn load(path: &Path) -> (Progress, Option<Warning>) {
        file::load(path)
    }

    /// Writes the progress atomically, with what another window saved
    /// meanwhile merged in. A damaged progress file is first moved aside
    /// ([`file::set_aside_if_damaged`]): load it, add to what could be
    /// read, then save.
    ///
    /// # Errors
    /// Any I/O error; the old file is then unchanged.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        file::save(&mut self.clone(), path)
    }

    /// Whether `id` is solved.
    pub fn is_solved(&self, id: &str) -> bool {
        self.solved.contains(id)
    }

    /// Counts a new attempt at `id`.
    pub fn record_attempt(&mut self, id: &str) {
        let n = self.attempts.entry(id.to_string()).or_default();
        *n = n.saturating_add(1);
    }

    /// Marks `id` solved.
    pub fn record_solved(&mut self, id: &str) {
        self.solved.insert(id.to_string());
    }

    /// Attempts at `id`.
    pub fn attempts(&self, id: &str) -> u32 {
        self.attempts.get(id).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;
    use std::fs;

    fn mv(s: &str) -> Move {
        Move::from_iccs(s).unwrap()
    }

    #[test]
    fn all_42_puzzles_load_with_valid_fens_and_legal_first_moves() {
        let ps = all();
        assert_eq!(ps.len(), 42);
        let ids: BTreeSet<&str> = ps.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), 42, "ids are unique");
        let mut bad_fens = Vec::new();
        for p in ps {
            let pos = match p.position() {
                Ok(pos) => pos,
                Err(e) => {
                    bad_fens.push(format!("{}: {e}", p.id));
                    continue;
                }
            };
            assert_eq!(pos.side_to_move(), Color::Red, "{}", p.id);
            let first = p
                .first_move()
                .unwrap_or_else(|| panic!("{}: bad move", p.id));
            assert!(pos.is_legal(first), "{}: {} is illegal", p.id, p.first_move);
            assert!(
                p.mate_in_plies % 2 == 1 && (3..=11).contains(&p.mate_in_plies),
                "{}",
                p.id
            );
            assert!(!p.name.is_empty());
            assert!(
                judge(p, &[])
                    == Verdict::InProgress {
                        plies_left: p.mate_in_plies as usize
                    }
            );
        }
        // 綠皮作品3 has a Black soldier on its own back rank (f9): only the
        // lenient parser used for puzzles accepts it.
        assert!(bad_fens.is_empty(), "{bad_fens:#?}");
        assert!(by_id(&ps[5].id).is_some());
    }

    #[test]
    fn mate_in_one_red_move_is_solved_and_a_quiet_move_fails() {
        // 綠皮作品3 is mate in 3 plies; build a simpler mate-in-1 puzzle to
        // check the judge without depending on engine analysis.
        let p = Puzzle {
            id: "t1".into(),
            name: "test".into(),
            fen: "3k5/R8/9/6p2/9/9/9/9/9/4K3R w - - 0 1".into(),
            mate_in_plies: 1,
            first_move: "i0i9".into(),
            source: "test".into(),
        };
        assert_eq!(judge(&p, &[mv("i0i9")]), Verdict::Solved { plies: 1 });
        assert_eq!(
            judge(&p, &[mv("i0i1")]),
            Verdict::Failed(Failure::OutOfMoves)
        );
        assert_eq!(judge(&p, &[]), Verdict::InProgress { plies_left: 1 });
        assert!(matches!(
            judge(&p, &[mv("i0h1")]),
            Verdict::Failed(Failure::Illegal { ply: 1, .. })
        ));
    }

    /// A Red move that forces mate within `plies` plies by checks only
    /// (the classic puzzles are all checking combinations).
    fn forced_mate(pos: &Position, plies: u32) -> Option<Move> {
        pos.legal_moves().iter().copied().find(|&m| {
            let mut after = *pos;
            after.play(m).unwrap();
            if !after.in_check() {
                return false;
            }
            let replies = after.legal_moves();
            if replies.is_empty() {
                return true;
            }
            plies >= 3
                && replies.iter().all(|&r| {
                    let mut q = after;
                    q.play(r).unwrap();
                    forced_mate(&q, plies - 2).is_some()
                })
        })
    }

    fn playable_puzzle(plies: u32) -> &'static Puzzle {
        all()
            .iter()
            .find(|p| p.mate_in_plies == plies && p.position().is_ok())
            .unwrap()
    }

    /// Red mates with best play against every first defence of a real
    /// mate-in-5 puzzle: in progress until the mate, then solved.
    #[test]
    fn built_in_puzzle_is_solved_by_mating_in_time() {
        let p = playable_puzzle(5);
        let start = p.position().unwrap();
        let first = forced_mate(&start, 5).expect("a forced mate");
        let mut after_first = start;
        after_first.play(first).unwrap();
        for reply in after_first.legal_moves().iter().copied() {
            let mut moves = vec![first, reply];
            let mut pos = after_first;
            pos.play(reply).unwrap();
            assert_eq!(judge(p, &moves), Verdict::InProgress { plies_left: 3 });
            loop {
                let m = forced_mate(&pos, 3).expect("mate continues");
                pos.play(m).unwrap();
                moves.push(m);
                let Some(&r) = pos.legal_moves().first() else {
                    break;
                };
                assert!(matches!(judge(p, &moves), Verdict::InProgress { .. }));
                pos.play(r).unwrap();
                moves.push(r);
            }
            assert!(moves.len() <= 5);
            assert_eq!(judge(p, &moves), Verdict::Solved { plies: moves.len() });
        }
    }

    #[test]
    fn running_out_of_plies_fails_the_puzzle() {
        let p = playable_puzzle(5);
        let mut pos = p.position().unwrap();
        let mut moves = Vec::new();
        // Both sides play moves that neither check nor end the game.
        for _ in 0..5 {
            let quiet = pos.legal_moves().iter().copied().find(|&m| {
                let mut q = pos;
                q.play(m).unwrap();
                !q.legal_moves().is_empty() && !q.in_check()
            });
            let Some(m) = quiet else { break };
            pos.play(m).unwrap();
            moves.push(m);
        }
        assert_eq!(moves.len(), 5);
        assert_eq!(judge(p, &moves), Verdict::Failed(Failure::OutOfMoves));
        assert_eq!(judge(p, &moves[..4]), Verdict::InProgress { plies_left: 1 });
    }

    #[test]
    fn losing_the_game_fails_the_puzzle() {
        // Red pushes a pawn; Black's chariots then mate Red on the back rank.
        let p = Puzzle {
            id: "t2".into(),
            name: "test".into(),
            fen: "3k5/9/9/P8/9/9/9/r8/8r/4K4 w - - 0 1".into(),
            mate_in_plies: 5,
            first_move: "a6a7".into(),
            source: "test".into(),
        };
        let moves = [mv("a6a7"), mv("a2a0")];
        let v = judge(&p, &moves);
        let Verdict::Failed(Failure::GameOver(o)) = v else {
            panic!("{v:?}")
        };
        assert_eq!(o.result, GameResult::BlackWins);
    }

    #[test]
    fn progress_persists_and_broken_file_falls_back_with_warning() {
        let t = TempDir::new("puzzle-progress");
        let path = t.path().join("puzzle-progress.json");
        let (mut pr, w) = Progress::load(&path);
        assert!(w.is_none() && pr == Progress::default());
        pr.record_attempt("a");
        pr.record_attempt("a");
        pr.record_solved("a");
        pr.save(&path).unwrap();
        let (back, w) = Progress::load(&path);
        assert!(w.is_none());
        assert_eq!(back, pr);
        assert!(back.is_solved("a") && back.attempts("a") == 2 && back.attempts("b") == 0);

        fs::write(&path, "{\"solved\": [\"a\"], \"attempts\": 3}").unwrap();
        let (half, w) = Progress::load(&path);
        assert!(half.is_solved("a"));
        assert!(half.attempts.is_empty());
        assert!(w.unwrap().to_string().contains("`attempts`"));

        fs::write(&path, "{\"solved\": [").unwrap();
        let (empty, w) = Progress::load(&path);
        assert_eq!(empty, Progress::default());
        assert!(
            w.unwrap()
                .to_string()
                .starts_with("puzzle-progress.json: line 1")
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "{\"solved\": [");
    }

    /// The names in `dir` other than `keep`, sorted.
    fn others(dir: &Path, keep: &str) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n != keep)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_truncated_progress_file_keeps_what_it_holds_and_is_moved_aside_on_save() {
        let t = TempDir::new("puzzle-truncated");
        let path = t.path().join("puzzle-progress.json");
        let mut full = Progress::default();
        for i in 0..50 {
            full.record_solved(&format!("p{i:02}"));
            full.record_attempt(&format!("p{i:02}"));
        }
        full.save(&path).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        // Cut in the middle of the attempts: every solved puzzle is still there.
        let cut = &text[..text.find("\"p30\": 1").unwrap() + 4];
        fs::write(&path, cut).unwrap();

        let (mut pr, w) = Progress::load(&path);
        let w = w.expect("a warning");
        assert!(w.to_string().contains("kept what could be read"), "{w}");
        assert_eq!(pr.solved, full.solved, "all 50 solved puzzles kept");
        assert_eq!(pr.attempts.len(), 30, "{:?}", pr.attempts);
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            cut,
            "loading never writes"
        );

        // Opening a puzzle records an attempt and saves: the damaged file
        // is moved aside first, and the new file holds everything.
        pr.record_attempt("p45");
        pr.save(&path).unwrap();
        let (back, w) = Progress::load(&path);
        assert!(w.is_none());
        assert_eq!(back.solved.len(), 50);
        assert_eq!(back.attempts("p45"), 1);
        let aside = others(t.path(), "puzzle-progress.json");
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert!(
            aside[0].starts_with("puzzle-progress-damaged-") && aside[0].ends_with(".json"),
            "{aside:?}"
        );
        assert_eq!(fs::read_to_string(t.path().join(&aside[0])).unwrap(), cut);

        // Later saves over the good file move nothing aside.
        pr.save(&path).unwrap();
        assert_eq!(others(t.path(), "puzzle-progress.json").len(), 1);
    }

    #[test]
    fn damage_in_the_middle_keeps_the_part_before_it() {
        let t = TempDir::new("puzzle-garbled");
        let path = t.path().join("puzzle-progress.json");
        fs::write(
            &path,
            "{\"solved\": [\"a\", \"b\", \u{1}\u{2}garbage, \"c\"]}",
        )
        .unwrap();
        let (pr, w) = Progress::load(&path);
        assert!(w.is_some());
        assert_eq!(pr.solved.iter().collect::<Vec<_>>(), ["a", "b"]);
        // A file that cannot be read at all is kept too.
        fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
        let (pr, w) = Progress::load(&path);
        assert!(w.is_some());
        pr.save(&path).unwrap();
        assert_eq!(others(t.path(), "puzzle-progress.json").len(), 1);
    }

    #[test]
    fn a_bad_utf8_byte_in_a_string_is_damage_said_and_set_aside() {
        let t = TempDir::new("puzzle-utf8");
        let path = t.path().join("puzzle-progress.json");
        let mut bytes = b"{\"solved\": [\"mate-in-1-01\", \"mate-in-".to_vec();
        bytes.push(0xff);
        bytes.extend_from_slice(b"1-02\"]}\n");
        fs::write(&path, &bytes).unwrap();
        let (pr, w) = Progress::load(&path);
        let w = w.expect("a warning for the bad byte");
        assert!(w.to_string().contains("not UTF-8"), "{w}");
        assert!(pr.is_solved("mate-in-1-01"));
        pr.save(&path).unwrap();
        // The damaged file is kept aside, byte for byte.
        let aside = others(t.path(), "puzzle-progress.json");
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(fs::read(t.path().join(&aside[0])).unwrap(), bytes);
    }

    #[test]
    fn two_windows_keep_each_others_solved_puzzles() {
        let t = TempDir::new("puzzle-windows");
        let path = t.path().join("puzzle-progress.json");
        let (mut a, _) = Progress::load(&path);
        let (mut b, _) = Progress::load(&path);
        a.record_attempt("p1");
        a.record_solved("p1");
        a.save(&path).unwrap();
        b.record_attempt("p2");
        b.record_attempt("p2");
        b.save(&path).unwrap();
        let (both, w) = Progress::load(&path);
        assert_eq!(w, None);
        assert!(both.is_solved("p1") && !both.is_solved("p2"));
        assert_eq!((both.attempts("p1"), both.attempts("p2")), (1, 2));
    }
}
