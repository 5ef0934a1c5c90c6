//! Chess clocks as club players use them, in plain Rust: none, game time
//! plus an increment (Fischer), game time then a countdown for every move
//! (读秒, e.g. 10 min then 30 s a move), and a fixed time per move (步时:
//! a countdown with no game time before it). Each side has its own
//! control, so one player can give the other time odds.
//!
//! [`GameClock`] is driven by its owner: [`GameClock::tick`] charges the
//! side to move, [`GameClock::on_move`] ends its turn (increment, or a fresh
//! countdown), and [`GameClock::goto`] follows undo and redo through the
//! snapshot it keeps after every ply. It never reads the wall clock.
//!
//! In PGN a control is written as the `TimeControl` tag — `600+5` (Fischer,
//! seconds), `600:30` (读秒: game time, then seconds a move), `0:30` (步时)
//! and `-` (no clock) — and each move's clock as `[%clk h:mm:ss]`: the time
//! its side has left after the move.

use super::pgn::PgnGame;
use super::records::ImportedGame;
use super::tree::MoveTree;
pub use super::tree::{format_clk, parse_clk};
use super::types::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// The seconds under which a clock is shown as urgent (and ticks).
pub const URGENT: Duration = Duration::from_secs(10);

/// How one side's time is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// `base` seconds for the game, `increment` seconds added after each move.
    Fischer {
        /// Game time, seconds.
        base: u32,
        /// Added after each move, seconds.
        increment: u32,
    },
    /// `base` seconds for the game, then `per_move` seconds for every move
    /// (读秒); with `base` 0 a fixed time per move (步时).
    Countdown {
        /// Game time, seconds (0: a fixed time per move).
        base: u32,
        /// Seconds for each move once the game time is used up.
        per_move: u32,
    },
}

impl TimeControl {
    /// Is there a clock at all?
    pub fn is_timed(self) -> bool {
        self != TimeControl::None
    }

    /// Game time.
    pub fn base(self) -> Duration {
        match self {
            TimeControl::None => Duration::ZERO,
            TimeControl::Fischer { base, .. } | TimeControl::Countdown { base, .. } => {
                Duration::from_secs(base.into())
            }
        }
    }

    /// The increment (Fischer), zero otherwise.
    pub fn increment(self) -> Duration {
        match self {
            TimeControl::Fischer { increment, .. } => Duration::from_secs(increment.into()),
            _ => Duration::ZERO,
        }
    }

    /// The countdown for each move (读秒, 步时), zero otherwise.
    pub fn per_move(self) -> Duration {
        match self {
            TimeControl::Countdown { per_move, .. } => Duration::from_secs(per_move.into()),
            _ => Duration::ZERO,
        }
    }

    /// The PGN `TimeControl` value.
    pub fn pgn(self) -> String {
        self.to_string()
    }

    /// Reads a PGN `TimeControl` value (`600+5`, `600:30`, `0:30`, `-`, or
    /// plain seconds `600`).
    ///
    /// # Errors
    /// [`TimeControlError`]: what is wrong with the text.
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim();
        let secs = |s: &str| -> Result<u32, TimeControlError> {
            s.trim()
                .parse::<u32>()
                .map_err(|_| TimeControlError::NotSeconds(s.to_string()))
        };
        if t == "-" || t.is_empty() {
            return Ok(TimeControl::None);
        }
        let control = if let Some((base, inc)) = t.split_once('+') {
            TimeControl::Fischer {
                base: secs(base)?,
                increment: secs(inc)?,
            }
        } else if let Some((base, per)) = t.split_once(':') {
            TimeControl::Countdown {
                base: secs(base)?,
                per_move: secs(per)?,
            }
        } else {
            TimeControl::Fischer {
                base: secs(t)?,
                increment: 0,
            }
        };
        if control.base().is_zero() && control.per_move().is_zero() {
            return Err(TimeControlError::NoTime(t.to_string()));
        }
        Ok(control)
    }
}

/// What is wrong with a time control's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A part that is not a whole number of seconds.
    #[error("\"{0}\" is not a number of seconds")]
    NotSeconds(String),
    /// Neither game time nor time a move.
    #[error("\"{0}\" gives no time at all")]
    NoTime(String),
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("-"),
            TimeControl::Fischer { base, increment } => write!(f, "{base}+{increment}"),
            TimeControl::Countdown { base, per_move } => write!(f, "{base}:{per_move}"),
        }
    }
}

/// One side's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideTime {
    /// Game time left, milliseconds.
    pub main_ms: u64,
    /// Countdown left on the current move (读秒, 步时), milliseconds.
    pub move_ms: u64,
}

/// What a clock face shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// The time shown (game time, or the move's countdown once in it).
    pub shown: Duration,
    /// Counting down a move (读秒 after the game time, or 步时).
    pub countdown: bool,
    /// 10 s or less before the flag falls.
    pub urgent: bool,
    /// This side's flag has fallen.
    pub flagged: bool,
    /// This side's clock is running.
    pub running: bool,
}

/// Both sides' clocks through a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    controls: [TimeControl; 2],
    now: [SideTime; 2],
    /// `history[ply]`: both clocks after `ply` moves (0: the start).
    history: Vec<[SideTime; 2]>,
    ply: usize,
    first: Color,
    flagged: Option<Color>,
}

impl GameClock {
    /// Fresh clocks for a game whose first move is `first`'s.
    pub fn new(red: TimeControl, black: TimeControl, first: Color) -> GameClock {
        let fresh = |c: TimeControl| SideTime {
            main_ms: c.base().as_millis() as u64,
            move_ms: c.per_move().as_millis() as u64,
        };
        let now = [fresh(red), fresh(black)];
        GameClock {
            controls: [red, black],
            now,
            history: vec![now],
            ply: 0,
            first,
            flagged: None,
        }
    }

    /// The control of `side`.
    pub fn control(&self, side: Color) -> TimeControl {
        self.controls[side.index()]
    }

    /// Does either side play on a clock?
    pub fn is_timed(&self) -> bool {
        self.controls.iter().any(|c| c.is_timed())
    }

    /// Plies played (the clock's own count, following [`GameClock::goto`]).
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Whose clock runs.
    pub fn to_move(&self) -> Color {
        if self.ply.is_multiple_of(2) {
            self.first
        } else {
            self.first.flip()
        }
    }

    /// The side whose flag has fallen, if any.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// Both sides' time now.
    pub fn times(&self) -> [SideTime; 2] {
        self.now
    }

    /// Time `side` has before its flag falls on this move.
    pub fn left(&self, side: Color) -> Duration {
        let t = self.now[side.index()];
        Duration::from_millis(match self.control(side) {
            TimeControl::None => u64::MAX / 4,
            TimeControl::Fischer { .. } => t.main_ms,
            TimeControl::Countdown { .. } => t.main_ms + t.move_ms,
        })
    }

    /// Charges `dt` to the side to move; returns that side if its flag
    /// falls now. A fallen flag stops the clock.
    pub fn tick(&mut self, dt: Duration) -> Option<Color> {
        if self.flagged.is_some() {
            return None;
        }
        let side = self.to_move();
        let control = self.control(side);
        let t = &mut self.now[side.index()];
        let mut dt = dt.as_millis() as u64;
        match control {
            TimeControl::None => return None,
            TimeControl::Fischer { .. } => {
                t.main_ms = t.main_ms.saturating_sub(dt);
                if t.main_ms > 0 {
                    return None;
                }
            }
            TimeControl::Countdown { .. } => {
                let from_main = dt.min(t.main_ms);
                t.main_ms -= from_main;
                dt -= from_main;
                t.move_ms = t.move_ms.saturating_sub(dt);
                if t.main_ms > 0 || t.move_ms > 0 {
                    return None;
                }
            }
        }
        self.flagged = Some(side);
        Some(side)
    }

    /// The side to move has moved: its increment is added or its countdown
    /// starts afresh, the other side's clock runs, and the clocks are kept
    /// for this ply (replacing any kept for a line that was undone).
    pub fn on_move(&mut self) {
        if self.flagged.is_some() {
            return;
        }
        let side = self.to_move();
        let control = self.control(side);
        let t = &mut self.now[side.index()];
        t.main_ms += control.increment().as_millis() as u64;
        t.move_ms = control.per_move().as_millis() as u64;
        self.ply += 1;
        self.history.truncate(self.ply);
        self.history.push(self.now);
    }

    /// Follows the game to `ply` (undo, redo, review's "play from here"):
    /// the clocks as they were after that ply, if kept, and a fallen flag
    /// forgotten. Returns false when the clocks of that ply are unknown.
    pub fn goto(&mut self, ply: usize) -> bool {
        let Some(&now) = self.history.get(ply) else {
            return false;
        };
        self.now = now;
        self.ply = ply;
        self.flagged = None;
        true
    }

    /// Sets the clocks after `ply` plies (a record read back): `times` are
    /// both sides' clocks then.
    pub fn restore(&mut self, ply: usize, times: [SideTime; 2]) {
        self.history.truncate(ply.min(self.history.len()));
        while self.history.len() < ply {
            let last = *self.history.last().unwrap_or(&times);
            self.history.push(last);
        }
        self.history.push(times);
        self.now = times;
        self.ply = ply;
        self.flagged = None;
    }

    /// What `side`'s face shows.
    pub fn view(&self, side: Color) -> ClockView {
        let t = self.now[side.index()];
        let control = self.control(side);
        let countdown = matches!(control, TimeControl::Countdown { .. }) && t.main_ms == 0;
        let shown = Duration::from_millis(if countdown { t.move_ms } else { t.main_ms });
        let flagged = self.flagged == Some(side);
        ClockView {
            shown,
            countdown,
            urgent: control.is_timed() && (self.left(side) <= URGENT || flagged),
            flagged,
            running: control.is_timed() && self.flagged.is_none() && self.to_move() == side,
        }
    }

    /// The `[%clk]` time of `side` after its move at `ply` (1-based: the
    /// clocks kept after that ply): what it has left.
    pub fn clk_after(&self, ply: usize) -> Option<Duration> {
        let times = self.history.get(ply)?;
        // The mover of ply n (1-based) is the side to move before it.
        let mover = if (ply - 1).is_multiple_of(2) {
            self.first
        } else {
            self.first.flip()
        };
        let t = times[mover.index()];
        Some(Duration::from_millis(match self.control(mover) {
            TimeControl::None => return None,
            TimeControl::Fischer { .. } => t.main_ms,
            TimeControl::Countdown { .. } => t.main_ms + t.move_ms,
        }))
    }

    /// Sets `side`'s clock from a `[%clk]` time read back (what it had left
    /// after its move), at the current ply.
    pub fn set_left(&mut self, side: Color, left: Duration) {
        let control = self.control(side);
        let left = left.as_millis() as u64;
        let per = control.per_move().as_millis() as u64;
        let t = &mut self.now[side.index()];
        match control {
            TimeControl::None => {}
            TimeControl::Fischer { .. } => t.main_ms = left,
            TimeControl::Countdown { .. } => {
                t.main_ms = left.saturating_sub(per);
                t.move_ms = per;
            }
        }
        if let Some(h) = self.history.get_mut(self.ply) {
            *h = self.now;
        }
    }
}

impl GameClock {
    /// Writes the clocks into a record of the game they timed: the
    /// `TimeControl` tag (with `RedTimeControl` and `BlackTimeControl` when
    /// the sides differ) into `pgn`'s tags, and into `tree` the clock after
    /// each of the first `pgn.moves` moves of its main line (what the mover
    /// had left, written `[%clk h:mm:ss]`); every other node has none.
    pub fn annotate(&self, pgn: &mut PgnGame, tree: &mut MoveTree) {
        let (red, black) = (self.control(Color::Red), self.control(Color::Black));
        pgn.set_tag("TimeControl", &red.pgn());
        if red != black {
            pgn.set_tag("RedTimeControl", &red.pgn());
            pgn.set_tag("BlackTimeControl", &black.pgn());
        }
        tree.clear_clocks();
        let main = tree.main_line_nodes();
        for (i, &id) in main.iter().enumerate().take(pgn.moves.len()) {
            tree.set_clock(id, self.clk_after(i + 1));
        }
    }

    /// The clocks a record kept: its `TimeControl` tags and the clocks of
    /// its main line's moves, ending after its last move. `None` without a
    /// time control (or with `-`).
    pub fn from_record(game: &ImportedGame) -> Option<GameClock> {
        GameClock::of_record(&game.tags, &game.tree)
    }

    /// [`GameClock::from_record`] from a record's tags and its move tree.
    pub fn of_record(tags: &[(String, String)], tree: &MoveTree) -> Option<GameClock> {
        let tag = |name: &str| {
            tags.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .and_then(|(_, v)| TimeControl::parse(v).ok())
        };
        let both = tag("TimeControl");
        let red = tag("RedTimeControl").or(both)?;
        let black = tag("BlackTimeControl").or(both)?;
        let first = tree.start().side_to_move();
        let mut clock = GameClock::new(red, black, first);
        if !clock.is_timed() {
            return None;
        }
        for id in tree.main_line_nodes() {
            let mover = clock.to_move();
            clock.on_move();
            if let Some(left) = tree.node(id).and_then(|n| n.clock) {
                clock.set_left(mover, left);
            }
        }
        Some(clock)
    }
}

/// How a clock face writes a time: `9:58`, `1:02:03`, and tenths under 10 s (`7.4`).
pub fn format_face(d: Duration) -> String {
    let ms = d.as_millis() as u64;
    if ms < 10_000 {
        // Rounded up, so 0.0 shows only when the time is gone.
        let tenths = ms.div_ceil(100);
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let s = ms.div_ceil(1000);
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn fischer_adds_the_increment_and_flags_at_zero() {
        let c = TimeControl::Fischer {
            base: 60,
            increment: 5,
        };
        let mut clock = GameClock::new(c, c, Color::Red);
        assert_eq!(clock.tick(S * 10), None);
        clock.on_move();
        assert_eq!(clock.left(Color::Red), S * 55);
        assert_eq!(clock.to_move(), Color::Black);
        assert_eq!(clock.tick(S * 59), None);
        assert!(clock.view(Color::Black).urgent);
        assert!(!clock.view(Color::Red).urgent);
        assert_eq!(clock.tick(S), Some(Color::Black));
        assert_eq!(clock.flagged(), Some(Color::Black));
        // Stopped: nothing more is charged or flagged.
        assert_eq!(clock.tick(S), None);
        assert!(clock.view(Color::Black).flagged);
    }

    #[test]
    fn countdown_uses_the_game_time_then_each_move_gets_a_fresh_countdown() {
        let c = TimeControl::Countdown {
            base: 10,
            per_move: 30,
        };
        let mut clock = GameClock::new(c, TimeControl::None, Color::Red);
        // 12 s: the 10 s of game time and 2 s of the countdown.
        assert_eq!(clock.tick(S * 12), None);
        let v = clock.view(Color::Red);
        assert!(v.countdown);
        assert_eq!(v.shown, S * 28);
        clock.on_move();
        // Black has no clock: its turn costs nothing.
        assert_eq!(clock.tick(S * 1000), None);
        clock.on_move();
        assert_eq!(clock.view(Color::Red).shown, S * 30);
        assert_eq!(clock.tick(S * 29), None);
        assert_eq!(clock.tick(S), Some(Color::Red));
    }

    #[test]
    fn per_move_time_is_a_countdown_without_game_time() {
        let c = TimeControl::parse("0:20").unwrap();
        let mut clock = GameClock::new(c, c, Color::Red);
        assert!(clock.view(Color::Red).countdown);
        clock.tick(S * 19);
        clock.on_move();
        clock.tick(S * 5);
        clock.on_move();
        // Red's unused second is not kept: every move has 20 s.
        assert_eq!(clock.left(Color::Red), S * 20);
        assert_eq!(clock.tick(S * 20), Some(Color::Red));
    }

    #[test]
    fn undo_and_redo_restore_the_clocks_of_that_ply() {
        let c = TimeControl::Fischer {
            base: 100,
            increment: 0,
        };
        let mut clock = GameClock::new(c, c, Color::Red);
        clock.tick(S * 10);
        clock.on_move();
        clock.tick(S * 20);
        clock.on_move();
        assert!(clock.goto(1));
        assert_eq!(
            (clock.left(Color::Red), clock.left(Color::Black)),
            (S * 90, S * 100)
        );
        assert!(clock.goto(2));
        assert_eq!(clock.left(Color::Black), S * 80);
        assert!(!clock.goto(3));
        // A new move after undo replaces the line.
        clock.goto(1);
        clock.tick(S * 5);
        clock.on_move();
        assert_eq!(clock.left(Color::Black), S * 95);
        assert_eq!(clock.clk_after(2), Some(S * 95));
        assert_eq!(clock.clk_after(1), Some(S * 90));
    }

    #[test]
    fn time_odds_each_side_has_its_own_control() {
        let red = TimeControl::Fischer {
            base: 300,
            increment: 0,
        };
        let black = TimeControl::Fischer {
            base: 60,
            increment: 2,
        };
        let clock = GameClock::new(red, black, Color::Red);
        assert_eq!(clock.left(Color::Red), S * 300);
        assert_eq!(clock.left(Color::Black), S * 60);
        assert!(clock.view(Color::Red).running && !clock.view(Color::Black).running);
    }

    #[test]
    fn time_controls_round_trip_through_their_pgn_text() {
        for c in [
            TimeControl::None,
            TimeControl::Fischer {
                base: 600,
                increment: 5,
            },
            TimeControl::Countdown {
                base: 600,
                per_move: 30,
            },
            TimeControl::Countdown {
                base: 0,
                per_move: 30,
            },
        ] {
            assert_eq!(TimeControl::parse(&c.pgn()), Ok(c), "{c}");
        }
        assert_eq!(
            TimeControl::parse("300"),
            Ok(TimeControl::Fischer {
                base: 300,
                increment: 0
            })
        );
        assert!(
            TimeControl::parse("10+x")
                .unwrap_err()
                .to_string()
                .contains("\"x\"")
        );
        assert!(TimeControl::parse("0:0").is_err());
    }

    #[test]
    fn clk_comments_and_faces() {
        assert_eq!(format_clk(S * 3723), "1:02:03");
        assert_eq!(parse_clk("{[%clk 1:02:03]}"), Some(S * 3723));
        assert_eq!(
            parse_clk("good move [%clk 0:00:07.5]"),
            Some(Duration::from_millis(7500))
        );
        assert_eq!(parse_clk("[%clk x]"), None);
        assert_eq!(parse_clk("no clock"), None);
        assert_eq!(format_face(S * 598), "9:58");
        assert_eq!(format_face(S * 3723), "1:02:03");
        assert_eq!(format_face(Duration::from_millis(7_410)), "7.5");
        assert_eq!(format_face(Duration::ZERO), "0.0");
    }

    #[test]
    fn clocks_go_into_pgn_and_come_back_from_it() {
        use crate::rules::records::write_pgn_tree;
        use crate::rules::{Move, Notation, Position};
        let red = TimeControl::Fischer {
            base: 300,
            increment: 5,
        };
        let black = TimeControl::Countdown {
            base: 600,
            per_move: 30,
        };
        let mut clock = GameClock::new(red, black, Color::Red);
        let mut pgn = PgnGame::new(Position::startpos());
        let mut tree = MoveTree::new(Position::startpos());
        let mut at = MoveTree::ROOT;
        for (m, secs) in [("h2e2", 12), ("h9g7", 40), ("h0g2", 3)] {
            clock.tick(S * secs);
            clock.on_move();
            pgn.moves.push(Move::from_iccs(m).unwrap());
            at = tree.add(at, Move::from_iccs(m).unwrap()).unwrap();
        }
        clock.annotate(&mut pgn, &mut tree);
        let text = write_pgn_tree(
            &pgn.tags,
            &tree,
            pgn.result,
            Notation::Iccs,
            Default::default(),
        );
        assert!(text.contains("[TimeControl \"300+5\"]"), "{text}");
        assert!(text.contains("[BlackTimeControl \"600:30\"]"), "{text}");
        assert!(text.contains("h2e2 {[%clk 0:04:53]}"), "{text}");
        // Black: 600 - 40 of game time, plus its 30 s countdown.
        assert!(text.contains("{[%clk 0:09:50]}"), "{text}");
        let back = crate::rules::records::import(text.as_bytes()).unwrap();
        let read = GameClock::from_record(&back[0]).expect("a clock");
        assert_eq!(read.ply(), 3);
        assert_eq!(read.to_move(), Color::Black);
        assert_eq!(read.left(Color::Red), S * 295);
        assert_eq!(read.left(Color::Black), S * 590);
        assert_eq!(read.control(Color::Black), black);
        // No time control, no clock.
        let plain = crate::rules::records::import(b"1. h2e2 h9g7").unwrap();
        assert_eq!(GameClock::from_record(&plain[0]), None);
    }

    #[test]
    fn a_clock_read_back_continues_from_the_recorded_times() {
        let c = TimeControl::Countdown {
            base: 60,
            per_move: 10,
        };
        let mut clock = GameClock::new(c, c, Color::Red);
        clock.tick(S);
        clock.on_move();
        clock.set_left(Color::Red, S * 40);
        assert_eq!(clock.left(Color::Red), S * 40);
        assert_eq!(clock.view(Color::Red).shown, S * 30);
        assert_eq!(clock.clk_after(1), Some(S * 40));
    }
}
