//! The autosave: the game in progress, written after every move so that
//! Menu → Continue restores it exactly (mode, levels, moves, whose turn).
//!
//! The file is JSON, written atomically, so a killed process loses at most
//! the move in flight. The game's one record, its move tree, is stored node
//! by node (version 2); files of version 1 kept the moves as a list beside
//! the tree, and still load. Loading plays every move through the rules and
//! reports the first thing wrong, naming the file and the move.

use super::players::{Computer, Mode, Players};
use super::{atomic, file_name, now_unix};
use crate::engine::Level;
use crate::rules::clock::{GameClock, SideTime, TimeControl};
use crate::rules::records::{Mark, MoveTree};
use crate::rules::{
    ByColor, Color, FenError, Game, GameError, GameResult, Move, Outcome, Position, Reason,
};
use serde::{Deserialize, Serialize};
use std::io;
use std::path::{Path, PathBuf};

/// The autosave format written by this version: 2, the move tree alone
/// (1: the moves as a list, with the tree beside them).
pub const AUTOSAVE_VERSION: u32 = 2;

/// How a saved game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedResult {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// `checkmate`, `stalemate`, `perpetual-check`, `perpetual-chase`,
    /// `repetition`, `sixty-move-rule`, `no-attacking-material`,
    /// `resignation`, `agreed-draw`, `timeout` or `timeout-draw`.
    pub reason: String,
    /// The ply at which it ended.
    pub ply: usize,
}

/// The autosave file's contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SavedFile", into = "SavedFile")]
pub struct SavedGame {
    /// Format version ([`AUTOSAVE_VERSION`]).
    pub version: u32,
    /// Which ladder the level numbers are of ([`crate::engine::level::LADDER`]);
    /// absent in files from the eight-level ladder, whose numbers are
    /// mapped to the closest level of this one when read.
    pub ladder: u32,
    /// Who plays each side: the mode, the levels (kept even for a side a
    /// person plays) and the player's engines, by name.
    pub players: Players,
    /// The start position.
    pub start_fen: String,
    /// The game's record: its move tree node by node (the main line, an
    /// undone tail included, the variations, comments and marks). Absent
    /// in version 1 files, which keep [`SavedGame::moves`] instead.
    pub record: SavedTree,
    /// Version 1 only: every recorded move in ICCS (`h2e2`), including an
    /// undone tail. Read, never written.
    pub moves: Vec<String>,
    /// How many moves of the main line are played (the rest can be redone).
    pub cursor: usize,
    /// How the game ended, if it has.
    pub result: Option<SavedResult>,
    /// When written, seconds since the Unix epoch.
    pub saved_at: u64,
    /// Version 1 only: the variations, comments and marks around the moves
    /// as the oldest files wrote them, PGN movetext in ICCS (`1. h2e2 (1.
    /// b2e2 $5 {…}) h9g7`). Read, never written.
    pub tree: Option<String>,
    /// Version 1 only: the whole move tree beside [`SavedGame::moves`],
    /// absent when the game had nothing but its moves. Read, never written.
    pub variations: Option<SavedTree>,
    /// The clocks, when the game is played on one (older autosaves have none).
    pub clock: Option<SavedClock>,
    /// Moves the player took back against the computer so far.
    pub takebacks: u32,
    /// The player took the game back to its start (it is not rated).
    pub taken_back_to_start: bool,
}

/// The autosave file as it is written: who plays spelled out field by
/// field, as the files of every version have it.
#[derive(Clone, Serialize, Deserialize)]
struct SavedFile {
    /// Format version ([`AUTOSAVE_VERSION`]).
    version: u32,
    /// Who plays whom.
    mode: Mode,
    /// Which ladder the level numbers are of ([`crate::engine::level::LADDER`]);
    /// absent in files from the eight-level ladder, whose numbers are
    /// mapped to the closest level of this one when read. Written before the levels, so a file cut short
    /// that has them has it too.
    #[serde(default)]
    ladder: u32,
    /// The level of the menu's Red row (the one AI against a person,
    /// whichever side it plays), 1 to `engine::Level::COUNT`.
    red_level: u8,
    /// The level of Black's row (Black in AI vs AI), 1 to `engine::Level::COUNT`.
    black_level: u8,
    /// The start position.
    start_fen: String,
    /// The game's record: its move tree node by node (the main line, an
    /// undone tail included, the variations, comments and marks). Absent
    /// in version 1 files, which keep `moves` instead.
    #[serde(default)]
    record: SavedTree,
    /// Version 1 only: every recorded move in ICCS (`h2e2`), including an
    /// undone tail. Read, never written.
    #[serde(default, skip_serializing)]
    moves: Vec<String>,
    /// How many moves of the main line are played (the rest can be redone).
    cursor: usize,
    /// How the game ended, if it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<SavedResult>,
    /// When written, seconds since the Unix epoch.
    #[serde(default)]
    saved_at: u64,
    /// Version 1 only: the variations, comments and marks around the moves
    /// as the oldest files wrote them, PGN movetext in ICCS (`1. h2e2 (1.
    /// b2e2 $5 {…}) h9g7`). Read, never written.
    #[serde(default, skip_serializing)]
    tree: Option<String>,
    /// Version 1 only: the whole move tree beside `moves`,
    /// absent when the game had nothing but its moves. Read, never written.
    #[serde(default, skip_serializing)]
    variations: Option<SavedTree>,
    /// The clocks, when the game is played on one (older autosaves have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<SavedClock>,
    /// Moves the player took back against the computer so far.
    #[serde(default, skip_serializing_if = "is_zero")]
    takebacks: u32,
    /// The player took the game back to its start (it is not rated).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    taken_back_to_start: bool,
    /// The player's engine playing instead of `red_level`'s, by its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    engine: Option<String>,
    /// The player's engine playing Black in AI vs AI, by its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black_engine: Option<String>,
}

impl From<SavedFile> for SavedGame {
    fn from(f: SavedFile) -> SavedGame {
        SavedGame {
            version: f.version,
            ladder: f.ladder,
            players: Players {
                mode: f.mode,
                computers: ByColor::new(
                    Computer {
                        level: f.red_level,
                        engine: f.engine,
                    },
                    Computer {
                        level: f.black_level,
                        engine: f.black_engine,
                    },
                ),
            },
            start_fen: f.start_fen,
            record: f.record,
            moves: f.moves,
            cursor: f.cursor,
            result: f.result,
            saved_at: f.saved_at,
            tree: f.tree,
            variations: f.variations,
            clock: f.clock,
            takebacks: f.takebacks,
            taken_back_to_start: f.taken_back_to_start,
        }
    }
}

impl From<SavedGame> for SavedFile {
    fn from(g: SavedGame) -> SavedFile {
        let ByColor { red, black } = g.players.computers;
        SavedFile {
            version: g.version,
            mode: g.players.mode,
            ladder: g.ladder,
            red_level: red.level,
            black_level: black.level,
            start_fen: g.start_fen,
            record: g.record,
            moves: g.moves,
            cursor: g.cursor,
            result: g.result,
            saved_at: g.saved_at,
            tree: g.tree,
            variations: g.variations,
            clock: g.clock,
            takebacks: g.takebacks,
            taken_back_to_start: g.taken_back_to_start,
            engine: red.engine,
            black_engine: black.engine,
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A game's move tree in the autosave (and the database), node by node in
/// record order (a parent always before its children, a main continuation
/// before its alternatives), so it is read back without a PGN round trip.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTree {
    /// The comment on the start position.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
    /// Every move of the tree.
    pub nodes: Vec<SavedNode>,
}

/// One move of a [`SavedTree`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedNode {
    /// The position it is played from: 0 for the start, `n` for the
    /// position after the `n`-th node of the list.
    pub parent: usize,
    /// The move in ICCS.
    #[serde(rename = "move")]
    pub mv: String,
    /// The annotator's mark (`!`, `?!`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
    /// The comment after the move.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub comment: String,
}

/// Why a [`SavedTree`]'s node does not fit the tree before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeFault {
    /// Its parent is not a node listed before it.
    Parent(usize),
    /// Its move is not ICCS.
    NotAMove(String),
    /// Its move is illegal where it stands.
    Illegal(Move, crate::rules::IllegalMove),
}

impl SavedTree {
    /// `tree` node by node; `None` when it holds nothing but its main line.
    pub fn of(tree: &MoveTree) -> Option<SavedTree> {
        let plain = tree.variation_count() == 0
            && tree.comment_count() == 0
            && tree
                .preorder()
                .iter()
                .all(|&id| tree.node(id).is_none_or(|n| n.mark.is_none()));
        if plain {
            return None;
        }
        Some(SavedTree::whole(tree))
    }

    /// `tree` node by node, whatever it holds. The moves' clocks are not
    /// kept: the autosave keeps the clocks whole ([`SavedClock`]).
    pub fn whole(tree: &MoveTree) -> SavedTree {
        let order = tree.preorder();
        // Each node's place in the list, 1-based (0 is the start).
        let mut place = vec![0; tree.len()];
        let mut nodes = Vec::with_capacity(order.len());
        for id in order {
            let Some(node) = tree.node(id) else { continue };
            let (Some(mv), Some(parent)) = (node.mv, node.parent) else {
                continue;
            };
            nodes.push(SavedNode {
                parent: place[parent],
                mv: mv.to_string(),
                mark: node.mark.map(|m| m.symbol().to_string()),
                comment: node.comment.clone(),
            });
            place[id] = nodes.len();
        }
        let comment = tree
            .node(MoveTree::ROOT)
            .map(|n| n.comment.clone())
            .unwrap_or_default();
        SavedTree { comment, nodes }
    }

    /// The tree again from `start`; `None` if a node does not fit (a parent
    /// not before it, a move that is not ICCS or not legal there, a mark
    /// that is none).
    pub fn to_tree(&self, start: Position) -> Option<MoveTree> {
        let bad_mark = self.nodes.iter().any(|n| {
            n.mark
                .as_ref()
                .is_some_and(|m| Mark::from_symbol(m).is_none())
        });
        if bad_mark {
            return None;
        }
        self.build(start).ok()
    }

    /// The tree again from `start`, or the first node that does not fit:
    /// its place in the list (1-based) and why. A mark that is none is
    /// left out.
    pub fn build(&self, start: Position) -> Result<MoveTree, (usize, NodeFault)> {
        let mut tree = MoveTree::new(start);
        tree.set_comment(MoveTree::ROOT, &self.comment);
        let mut ids = vec![MoveTree::ROOT];
        for (i, node) in self.nodes.iter().enumerate() {
            let number = i + 1;
            let parent = *ids
                .get(node.parent)
                .ok_or((number, NodeFault::Parent(node.parent)))?;
            let mv = Move::from_iccs(&node.mv)
                .ok_or_else(|| (number, NodeFault::NotAMove(node.mv.clone())))?;
            let id = tree.add(parent, mv).map_err(|e| match e {
                crate::rules::TreeError::Illegal(e) => (number, NodeFault::Illegal(mv, e)),
                crate::rules::TreeError::NoSuchNode(p) => (number, NodeFault::Parent(p)),
            })?;
            if let Some(mark) = &node.mark {
                tree.set_mark(id, Mark::from_symbol(mark));
            }
            tree.set_comment(id, &node.comment);
            ids.push(id);
        }
        Ok(tree)
    }

    /// The moves of the main line, in ICCS: from the start, each node's
    /// first child in the list.
    pub fn main_line(&self) -> Vec<String> {
        let mut line = Vec::new();
        let mut at = 0;
        for (i, node) in self.nodes.iter().enumerate() {
            if node.parent == at {
                line.push(node.mv.clone());
                at = i + 1;
            }
        }
        line
    }
}

/// The clocks of a game in the autosave: each side's control and both
/// sides' time after every recorded ply (`times[0]`: the start), so undo,
/// redo and Continue find the clocks as they were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedClock {
    /// Red's control.
    pub red: TimeControl,
    /// Black's control.
    pub black: TimeControl,
    /// `[red, black]` after each ply, from the start.
    pub times: Vec<[SideTime; 2]>,
}

impl SavedClock {
    /// The clock kept for `game` (its recorded plies) from `clock`.
    pub fn from_clock(clock: &GameClock, plies: usize) -> SavedClock {
        let mut probe = clock.clone();
        let times = (0..=plies)
            .map_while(|ply| probe.goto(ply).then(|| probe.times()))
            .collect();
        SavedClock {
            red: clock.control(Color::Red),
            black: clock.control(Color::Black),
            times,
        }
    }

    /// The clock again, at `ply` (or the last ply kept before it), for a
    /// game whose first move is `first`'s. A fallen flag is the game's
    /// result, not the clock's: it is not kept.
    pub fn to_clock(&self, first: Color, ply: usize) -> GameClock {
        let mut clock = GameClock::new(self.red, self.black, first);
        for (i, &t) in self.times.iter().enumerate() {
            clock.restore(i, t);
        }
        let at = ply.min(self.times.len().saturating_sub(1));
        clock.goto(at);
        clock
    }
}

/// What is wrong with an autosave file.
#[derive(Debug, thiserror::Error)]
pub enum AutosaveError {
    /// The file could not be read or written.
    #[error("{file}: {source}", file = file_name(path))]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// Not valid JSON, or a field missing or of the wrong type.
    #[error("{file}: line {line}, column {column}: {message}", file = file_name(path))]
    Json {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// serde_json's description.
        message: String,
    },
    /// Written by a newer version of the game.
    #[error("{file}: format version {found}; this game reads version {AUTOSAVE_VERSION}", file = file_name(path))]
    Version {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
    },
    /// A level outside the levels there are.
    #[error("{file}: {side} level {level} is not 1..={max}", file = file_name(path), max = crate::engine::Level::MAX.number())]
    Level {
        /// The file.
        path: PathBuf,
        /// Which AI.
        side: Color,
        /// The level found.
        level: u8,
    },
    /// The start position is not a valid FEN.
    #[error("{file}: start_fen: {error}", file = file_name(path))]
    Fen {
        /// The file.
        path: PathBuf,
        /// Why.
        error: FenError,
    },
    /// A move that is not ICCS coordinates.
    #[error("{file}: move {number} ({text}) is not an ICCS move like h2e2", file = file_name(path))]
    NotAMove {
        /// The file.
        path: PathBuf,
        /// 1-based place among the record's nodes (version 1: in `moves`).
        number: usize,
        /// The text found.
        text: String,
    },
    /// A move the rules refuse in its position.
    #[error("{file}: move {number} ({mv}) is illegal: {error}", file = file_name(path))]
    Illegal {
        /// The file.
        path: PathBuf,
        /// 1-based place among the record's nodes (version 1: in `moves`).
        number: usize,
        /// The move.
        mv: Move,
        /// Why the game refused it.
        error: GameError,
    },
    /// A node of the record played from a position not listed before it.
    #[error("{file}: move {number} is played after move {parent}, which does not come before it", file = file_name(path))]
    Parent {
        /// The file.
        path: PathBuf,
        /// 1-based place among the record's nodes.
        number: usize,
        /// The parent it names.
        parent: usize,
    },
    /// The cursor is past the end of the moves.
    #[error("{file}: cursor {cursor} is past the {len} moves", file = file_name(path))]
    Cursor {
        /// The file.
        path: PathBuf,
        /// The cursor found.
        cursor: usize,
        /// Number of moves.
        len: usize,
    },
    /// The recorded result does not match the moves.
    #[error("{file}: result {recorded} at ply {ply} does not match the game: {actual}", file = file_name(path))]
    Result {
        /// The file.
        path: PathBuf,
        /// The ply recorded.
        ply: usize,
        /// What the file says (`1-0 checkmate`).
        recorded: String,
        /// What replaying the moves gives.
        actual: String,
    },
}

/// A loaded autosave: the file's contents and the game rebuilt from them.
#[derive(Clone, Debug)]
pub struct Restored {
    /// What the file holds.
    pub saved: SavedGame,
    /// The game, cursor and result restored.
    pub game: Game,
    /// Set when the file was damaged (cut short, say) and only the part
    /// before the damage was restored: what was wrong, for the player. The
    /// damaged file is moved aside by the next [`save`].
    pub repaired: Option<String>,
}

fn reason_key(r: Reason) -> &'static str {
    match r {
        Reason::Checkmate => "checkmate",
        Reason::Stalemate => "stalemate",
        Reason::PerpetualCheck { .. } => "perpetual-check",
        Reason::PerpetualChase { .. } => "perpetual-chase",
        Reason::Repetition => "repetition",
        Reason::SixtyMoveRule => "sixty-move-rule",
        Reason::NoAttackingMaterial => "no-attacking-material",
        Reason::Resignation { .. } => "resignation",
        Reason::AgreedDraw => "agreed-draw",
        Reason::Timeout { .. } => "timeout",
        Reason::TimeoutDraw { .. } => "timeout-draw",
    }
}

fn is_declared(r: Reason) -> bool {
    matches!(
        r,
        Reason::Resignation { .. }
            | Reason::AgreedDraw
            | Reason::Timeout { .. }
            | Reason::TimeoutDraw { .. }
    )
}

impl SavedGame {
    /// Captures `game` (all its moves and its cursor) with who plays it,
    /// stamped with the current time.
    pub fn from_game(game: &Game, players: Players) -> SavedGame {
        let moves = game.all_moves();
        // The end: natural (mate, repetition …) at the last ply, or a
        // resignation / agreed draw at whatever ply it was declared.
        let mut probe = game.clone();
        let mut result = None;
        for ply in (0..=moves.len()).rev() {
            probe.goto(ply);
            if let Some(o) = probe.outcome()
                && (ply == moves.len() || is_declared(o.reason))
            {
                result = Some(SavedResult {
                    result: o.result.pgn().to_string(),
                    reason: reason_key(o.reason).to_string(),
                    ply,
                });
                break;
            }
        }
        SavedGame {
            version: AUTOSAVE_VERSION,
            players,
            start_fen: game.start().fen(),
            record: SavedTree::whole(game.tree()),
            moves: Vec::new(),
            cursor: game.ply(),
            result,
            saved_at: now_unix(),
            clock: None,
            tree: None,
            variations: None,
            ladder: crate::engine::level::LADDER,
            takebacks: 0,
            taken_back_to_start: false,
        }
    }

    /// Level numbers of an older ladder as the closest levels of this one.
    fn migrate_levels(&mut self) {
        if self.ladder < crate::engine::level::LADDER {
            for (_, level) in self.players.levels_mut() {
                if let Some(now) = Level::from_ladder(self.ladder, *level) {
                    *level = now.number();
                }
            }
            self.ladder = crate::engine::level::LADDER;
        }
    }

    /// Is this a version 1 file, with the moves as a list beside the tree?
    fn is_v1(&self) -> bool {
        self.version == 1
    }

    /// The moves of the main line, in ICCS (version 1: the list of moves).
    pub fn main_line(&self) -> Vec<String> {
        if self.is_v1() {
            self.moves.clone()
        } else {
            self.record.main_line()
        }
    }

    /// Version 1: the move tree kept with the moves, read back; `None` when
    /// there is none, or it cannot be read or does not hold the moves as
    /// its main line (the moves alone still restore the game). The oldest
    /// autosaves kept it as PGN movetext, which is read as such.
    fn saved_tree(&self, start: Position, moves: &[Move]) -> Option<MoveTree> {
        let tree = match (&self.variations, &self.tree) {
            (Some(saved), _) => saved.to_tree(start)?,
            (None, Some(text)) => {
                let pgn = format!("[FEN \"{}\"]\n\n{text} *\n", start.fen());
                let games = crate::rules::records::import(pgn.as_bytes()).ok()?;
                games.into_iter().next()?.tree
            }
            (None, None) => return None,
        };
        tree.main_line().starts_with(moves).then_some(tree)
    }

    /// Parses and checks the JSON of an autosave file; `path` is used in
    /// error messages only.
    ///
    /// # Errors
    /// The first problem found, see [`AutosaveError`].
    ///
    /// A file that is not valid JSON (cut short, or damaged part way) is
    /// restored from what comes before the damage when that still makes a
    /// game: the moves read so far, the cursor at most at their end. One
    /// bad field does not lose the game either: a level out of range is
    /// the default level, a cursor past the moves is put at their end, a
    /// move that is not legal ends the moves kept (the legal ones before
    /// it), a result that does not match is dropped.
    /// [`Restored::repaired`] then says what was wrong; only a newer
    /// version or a start position that is not one cannot be mended.
    pub fn from_json(path: &Path, bytes: &[u8]) -> Result<Restored, AutosaveError> {
        match serde_json::from_slice::<SavedGame>(bytes) {
            Ok(saved) => Self::restore(path, saved, Vec::new()),
            Err(e) => {
                let msg = e.to_string();
                let message = super::strip_location(&msg).to_string();
                let error = AutosaveError::Json {
                    path: path.to_path_buf(),
                    line: e.line(),
                    column: e.column(),
                    message,
                };
                match SavedGame::salvage(bytes) {
                    Some(saved) => {
                        Self::restore(path, saved, vec![error.to_string()]).map_err(|_| error)
                    }
                    None => Err(error),
                }
            }
        }
    }

    /// Rebuilds the game, mending what can be mended (see
    /// [`SavedGame::from_json`]); `notes` says what was wrong so far.
    fn restore(
        path: &Path,
        mut saved: SavedGame,
        mut notes: Vec<String>,
    ) -> Result<Restored, AutosaveError> {
        saved.migrate_levels();
        // Each mend fixes one field for good, so a few rounds suffice.
        for _ in 0..8 {
            match saved.to_game(path) {
                Ok(game) => {
                    return Ok(Restored {
                        saved: saved.upgraded(&game),
                        game,
                        repaired: (!notes.is_empty()).then(|| notes.join("; ")),
                    });
                }
                Err(e) => match saved.mend(&e) {
                    Some(what) => notes.push(format!("{e} ({what})")),
                    None => return Err(e),
                },
            }
        }
        saved.to_game(path).map(|game| Restored {
            saved: saved.upgraded(&game),
            game,
            repaired: Some(notes.join("; ")),
        })
    }

    /// A version 1 file read as this version writes it: the tree of the
    /// game it restored, without the list of moves.
    fn upgraded(mut self, game: &Game) -> SavedGame {
        if self.is_v1() {
            self.version = AUTOSAVE_VERSION;
            self.record = SavedTree::whole(game.tree());
            self.moves.clear();
            self.tree = None;
            self.variations = None;
        }
        self
    }

    /// Mends the field `e` names; what was done, or `None` if it cannot be.
    fn mend(&mut self, e: &AutosaveError) -> Option<String> {
        match *e {
            AutosaveError::Level { side, .. } => {
                let level = Level::default().number();
                self.players.computers[side].level = level;
                Some(format!("using level {level}"))
            }
            AutosaveError::Cursor { len, .. } => {
                self.cursor = len;
                Some("the cursor put at the last move".into())
            }
            AutosaveError::NotAMove { number, .. }
            | AutosaveError::Illegal { number, .. }
            | AutosaveError::Parent { number, .. }
                if !self.is_v1() =>
            {
                // The nodes before it: each one's parent is listed before it.
                self.record.nodes.truncate(number.saturating_sub(1));
                let keep = self.record.main_line().len();
                self.cursor = self.cursor.min(keep);
                if self.result.as_ref().is_some_and(|r| r.ply > keep) {
                    self.result = None;
                }
                Some(format!("kept the {keep} moves before it"))
            }
            AutosaveError::NotAMove { number, .. } | AutosaveError::Illegal { number, .. } => {
                let keep = number.saturating_sub(1);
                self.moves.truncate(keep);
                self.cursor = self.cursor.min(keep);
                if self.result.as_ref().is_some_and(|r| r.ply > keep) {
                    self.result = None;
                }
                // The variations were around moves that are gone.
                self.tree = None;
                self.variations = None;
                Some(format!("kept the {keep} moves before it"))
            }
            AutosaveError::Result { .. } => {
                self.result = None;
                Some("the result dropped".into())
            }
            _ => None,
        }
    }

    /// The readable part of a damaged autosave (see [`super::salvage_json`]),
    /// if every field but the cursor and result survived.
    fn salvage(bytes: &[u8]) -> Option<SavedGame> {
        use serde_json::Value;
        let text = String::from_utf8_lossy(bytes);
        // Valid JSON with a field of the wrong type, or damaged JSON.
        let value = serde_json::from_str::<Value>(&text)
            .ok()
            .or_else(|| super::salvage_json(&text))?;
        let Value::Object(mut fields) = value else {
            return None;
        };
        for key in ["red_level", "black_level"] {
            if fields
                .get(key)
                .and_then(Value::as_u64)
                .is_none_or(|l| l > u64::from(u8::MAX))
            {
                fields.insert(key.into(), Level::default().number().into());
            }
        }
        let version = fields.get("version").and_then(Value::as_u64);
        let n = if version == Some(1) {
            fields.get("moves")?.as_array()?.len()
        } else {
            // A node cut short is left out, and the nodes after it.
            let record = fields.get_mut("record")?.as_object_mut()?;
            let nodes = record.get_mut("nodes")?.as_array_mut()?;
            let whole = nodes
                .iter()
                .take_while(|n| n.get("parent").is_some() && n.get("move").is_some())
                .count();
            nodes.truncate(whole);
            serde_json::from_value::<SavedTree>(Value::Object(record.clone()))
                .ok()?
                .main_line()
                .len()
        };
        let cursor = fields
            .get("cursor")
            .and_then(Value::as_u64)
            .map_or(n, |c| (c as usize).min(n));
        fields.insert("cursor".into(), cursor.into());
        // A result recorded after the moves that were kept no longer applies.
        let result_ply = fields
            .get("result")
            .and_then(|r| r.get("ply"))
            .and_then(Value::as_u64);
        if result_ply.is_none_or(|p| p as usize > n) {
            fields.remove("result");
        }
        serde_json::from_value(Value::Object(fields)).ok()
    }

    /// Rebuilds the game by replaying the moves; `path` names the file in
    /// errors.
    ///
    /// # Errors
    /// The first problem found, see [`AutosaveError`].
    pub fn to_game(&self, path: &Path) -> Result<Game, AutosaveError> {
        let path_buf = || path.to_path_buf();
        if self.version > AUTOSAVE_VERSION || self.version == 0 {
            return Err(AutosaveError::Version {
                path: path_buf(),
                found: self.version,
            });
        }
        for side in Color::ALL {
            let level = self.players.computers[side].level;
            if Level::new(level).is_none() {
                return Err(AutosaveError::Level {
                    path: path_buf(),
                    side,
                    level,
                });
            }
        }
        let start =
            Position::from_fen_lenient(&self.start_fen).map_err(|error| AutosaveError::Fen {
                path: path_buf(),
                error,
            })?;
        let mut game = if self.is_v1() {
            self.v1_game(path, start)?
        } else {
            self.record_game(path, start)?
        };
        if let Some(r) = &self.result {
            self.check_result(path, &mut game, r)?;
        }
        game.goto(self.cursor);
        Ok(game)
    }

    /// Version 1: the game from the list of moves, with the tree kept
    /// beside them when it still fits.
    fn v1_game(&self, path: &Path, start: Position) -> Result<Game, AutosaveError> {
        let path_buf = || path.to_path_buf();
        if self.cursor > self.moves.len() {
            return Err(AutosaveError::Cursor {
                path: path_buf(),
                cursor: self.cursor,
                len: self.moves.len(),
            });
        }
        let mut game = Game::new(start);
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let mv = Move::from_iccs(text).ok_or_else(|| AutosaveError::NotAMove {
                path: path_buf(),
                number: i + 1,
                text: text.clone(),
            })?;
            game.play(mv).map_err(|error| AutosaveError::Illegal {
                path: path_buf(),
                number: i + 1,
                mv,
                error,
            })?;
            moves.push(mv);
        }
        // The record around the moves, when it was kept and still fits.
        if let Some(tree) = self.saved_tree(start, &moves) {
            let with_tree = Game::from_tree(tree);
            if with_tree.all_moves().starts_with(&moves) {
                game = with_tree;
            }
        }
        Ok(game)
    }

    /// The game from its record, the move tree.
    fn record_game(&self, path: &Path, start: Position) -> Result<Game, AutosaveError> {
        let len = self.record.main_line().len();
        if self.cursor > len {
            return Err(AutosaveError::Cursor {
                path: path.to_path_buf(),
                cursor: self.cursor,
                len,
            });
        }
        let tree = self.record.build(start).map_err(|(number, fault)| {
            let path = path.to_path_buf();
            match fault {
                NodeFault::Parent(parent) => AutosaveError::Parent {
                    path,
                    number,
                    parent,
                },
                NodeFault::NotAMove(text) => AutosaveError::NotAMove { path, number, text },
                NodeFault::Illegal(mv, e) => AutosaveError::Illegal {
                    path,
                    number,
                    mv,
                    error: GameError::Illegal(e),
                },
            }
        })?;
        Ok(Game::from_tree(tree))
    }

    /// Re-declares a resignation or draw, or checks a natural result.
    fn check_result(
        &self,
        path: &Path,
        game: &mut Game,
        r: &SavedResult,
    ) -> Result<(), AutosaveError> {
        let mismatch = |actual: String| AutosaveError::Result {
            path: path.to_path_buf(),
            ply: r.ply,
            recorded: format!("{} {}", r.result, r.reason),
            actual,
        };
        let result = match r.result.as_str() {
            "1-0" => GameResult::RedWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            _ => return Err(mismatch("not a result (1-0, 0-1 or 1/2-1/2)".into())),
        };
        let moves = self.main_line().len();
        if r.ply > moves {
            return Err(mismatch(format!("there are only {moves} moves")));
        }
        game.goto(r.ply);
        let natural = game.outcome();
        match (r.reason.as_str(), result.winner()) {
            ("resignation", Some(winner)) => {
                if let Some(o) = natural {
                    return Err(mismatch(format!("the game had already ended: {o}")));
                }
                game.resign(winner.flip());
            }
            ("agreed-draw", None) => {
                if let Some(o) = natural {
                    return Err(mismatch(format!("the game had already ended: {o}")));
                }
                game.agree_draw();
            }
            ("timeout" | "timeout-draw", _) => {
                if let Some(o) = natural {
                    return Err(mismatch(format!("the game had already ended: {o}")));
                }
                game.time_out();
                let o = game.outcome();
                if o.is_none_or(|o| o.result != result || reason_key(o.reason) != r.reason) {
                    return Err(mismatch(
                        o.map_or("the game goes on".into(), |o| o.to_string()),
                    ));
                }
            }
            (reason, _) => match natural {
                Some(Outcome {
                    result: res,
                    reason: why,
                }) if res == result && reason_key(why) == reason && r.ply == moves => {}
                Some(o) => return Err(mismatch(o.to_string())),
                None => return Err(mismatch("the game goes on".into())),
            },
        }
        Ok(())
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

/// Writes the autosave atomically (call after every move). An autosave
/// that cannot be restored is first moved aside under a timestamped name
/// ([`super::set_aside_if_damaged`]), never overwritten.
///
/// # Errors
/// [`AutosaveError::Io`]; the previous autosave is then intact.
pub fn save(path: &Path, saved: &SavedGame) -> Result<(), AutosaveError> {
    let io_error = |source| AutosaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    super::set_aside_if_damaged(path, |bytes| {
        !SavedGame::from_json(path, bytes).is_ok_and(|r| r.repaired.is_none())
    })
    .map_err(io_error)?;
    atomic::write_atomic(path, saved.to_json().as_bytes()).map_err(io_error)
}

/// Reads the autosave: `Ok(None)` if there is none, the restored game, or
/// what is wrong with the file (which is left as it is).
///
/// # Errors
/// See [`AutosaveError`].
pub fn load(path: &Path) -> Result<Option<Restored>, AutosaveError> {
    let bytes = match super::read_store_file(path) {
        Ok(Some(b)) => b,
        Ok(None) => return Ok(None),
        Err(source) => {
            return Err(AutosaveError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    SavedGame::from_json(path, &bytes).map(Some)
}

/// An unfinished game [`keep_unfinished`] could neither save nor move aside.
#[derive(Debug, thiserror::Error)]
#[error("{saved}; {aside}")]
pub struct NotKept {
    /// Why it could not be saved in the saved-games folder.
    pub saved: super::LibraryError,
    /// Why the autosave could not be moved aside either.
    pub aside: io::Error,
}

/// Before a new game's first autosave: an unfinished game in the autosave
/// (moves played, no result) that is not `next` itself is kept as a new
/// file in the saved-games folder `games_dir`, with its variations, so
/// starting another game never loses it (if the folder cannot be written,
/// the autosave is moved aside instead). Returns where it went.
///
/// # Errors
/// Why the game could not be kept (the autosave must then not be
/// overwritten by the caller without saying so).
pub fn keep_unfinished(
    path: &Path,
    games_dir: &Path,
    next: &SavedGame,
) -> Result<Option<PathBuf>, NotKept> {
    let restored = match load(path) {
        Ok(Some(r)) => r,
        // Nothing, or nothing restorable (the save moves a damaged file aside).
        Ok(None) | Err(_) => return Ok(None),
    };
    let old = &restored.saved;
    let game = &restored.game;
    let mut end = game.clone();
    end.goto(game.all_moves().len());
    let same = old.start_fen == next.start_fen && old.main_line() == next.main_line();
    if same || game.all_moves().is_empty() || end.outcome().is_some() {
        return Ok(None);
    }
    let level = |row: Color| format!("AI {}", old.players.computers[row].level);
    let (red, black) = match old.players.mode {
        Mode::Red => ("Player".to_string(), level(Color::Black)),
        Mode::Black => (level(Color::Red), "Player".to_string()),
        Mode::Hotseat => ("Red".to_string(), "Black".to_string()),
        Mode::AiVsAi => (level(Color::Red), level(Color::Black)),
    };
    let pgn = super::library::pgn_for(
        game,
        &[
            ("Event", "Unfinished game (kept from the autosave)"),
            ("Red", &red),
            ("Black", &black),
        ],
    );
    match super::library::save_pgn_tree(games_dir, &pgn, game.tree()) {
        Ok(kept) => Ok(Some(kept)),
        // The folder cannot take it: the autosave itself is kept aside.
        Err(e) => match super::set_aside_if_damaged(path, |_| true) {
            Ok(aside) => Ok(aside),
            Err(aside) => Err(NotKept { saved: e, aside }),
        },
    }
}

/// Deletes the autosave (e.g. when the player starts a new game and the
/// old one should not be offered any more). A missing file is fine.
///
/// # Errors
/// [`AutosaveError::Io`].
pub fn clear(path: &Path) -> Result<(), AutosaveError> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(AutosaveError::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;
    use std::fs;

    /// The levels of the menu's Red row and Black's.
    fn levels(s: &SavedGame) -> (u8, u8) {
        (
            s.players.computers.red.level,
            s.players.computers.black.level,
        )
    }

    fn play(game: &mut Game, moves: &[&str]) {
        for m in moves {
            game.play(Move::from_iccs(m).unwrap()).unwrap();
        }
    }

    /// A node of a saved record: `mv` played after node `parent`.
    fn node(parent: usize, mv: &str) -> SavedNode {
        SavedNode {
            parent,
            mv: mv.into(),
            mark: None,
            comment: String::new(),
        }
    }

    /// `saved` as a version 1 file holds it: the moves as a list, with
    /// `variations` (the tree node by node) or `tree` (PGN movetext) beside
    /// them, or neither.
    fn v1_json(saved: &SavedGame, variations: Option<&SavedTree>, tree: Option<&str>) -> String {
        let mut v: serde_json::Value = serde_json::from_str(&saved.to_json()).unwrap();
        let fields = v.as_object_mut().unwrap();
        fields.remove("record");
        fields.insert("version".into(), 1.into());
        fields.insert("moves".into(), saved.main_line().into());
        if let Some(t) = variations {
            fields.insert("variations".into(), serde_json::to_value(t).unwrap());
        }
        if let Some(t) = tree {
            fields.insert("tree".into(), t.into());
        }
        serde_json::to_string_pretty(&v).unwrap()
    }

    fn assert_same_game(a: &Game, b: &Game) {
        assert_eq!(a.start(), b.start());
        assert_eq!(a.all_moves(), b.all_moves());
        assert_eq!(a.ply(), b.ply());
        assert_eq!(a.position().fen(), b.position().fen());
        assert_eq!(a.position().side_to_move(), b.position().side_to_move());
        assert_eq!(a.outcome(), b.outcome());
    }

    #[test]
    fn clocks_and_a_flag_fall_survive_the_autosave_and_old_files_load_without_clocks() {
        let t = TempDir::new("autosave-clock");
        let path = t.path().join("autosave.json");
        let control = TimeControl::Fischer {
            base: 60,
            increment: 2,
        };
        let mut clock = GameClock::new(control, TimeControl::parse("0:30").unwrap(), Color::Red);
        let mut game = Game::new(Position::startpos());
        for (m, secs) in [("h2e2", 5), ("h9g7", 7), ("h0g2", 3)] {
            clock.tick(std::time::Duration::from_secs(secs));
            game.play(Move::from_iccs(m).unwrap()).unwrap();
            clock.on_move();
        }
        // Black's flag falls on its second move.
        clock.tick(std::time::Duration::from_secs(30));
        game.time_out();
        let mut saved = SavedGame::from_game(&game, Players::new(Mode::Hotseat, 3, 3));
        assert_eq!(
            saved.result.as_ref().map(|r| r.reason.as_str()),
            Some("timeout")
        );
        saved.clock = Some(SavedClock::from_clock(&clock, game.all_moves().len()));
        save(&path, &saved).unwrap();
        let restored = load(&path).unwrap().unwrap();
        assert_same_game(&restored.game, &game);
        assert_eq!(
            restored.game.outcome().map(|o| (o.result, o.reason)),
            Some((GameResult::RedWins, Reason::Timeout { by: Color::Black }))
        );
        let back = restored
            .saved
            .clock
            .expect("the clock")
            .to_clock(Color::Red, 3);
        assert_eq!(back.left(Color::Red), std::time::Duration::from_secs(56));
        assert_eq!(back.left(Color::Black), std::time::Duration::from_secs(30));
        back.clone().goto(1);
        assert_eq!(
            back.control(Color::Black),
            TimeControl::Countdown {
                base: 0,
                per_move: 30
            }
        );

        // A version-1 file written before clocks existed.
        let old = r#"{"version":1,"mode":"red","red_level":3,"black_level":3,
            "start_fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "moves":["h2e2"],"cursor":1}"#;
        fs::write(&path, old).unwrap();
        let restored = load(&path).unwrap().unwrap();
        assert_eq!(restored.saved.clock, None);
        assert_eq!(restored.game.ply(), 1);
    }

    #[test]
    fn levels_of_the_eight_level_ladder_are_read_as_the_closest_levels_now() {
        let t = TempDir::new("autosave-ladder");
        let path = t.path().join("autosave.json");
        let old = r#"{"version":1,"mode":"red","red_level":8,"black_level":1,
            "start_fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "moves":["h2e2"],"cursor":1}"#;
        fs::write(&path, old).unwrap();
        let saved = load(&path).unwrap().unwrap().saved;
        assert_eq!(
            saved.players.computers.red.level,
            Level::from_eight(8).unwrap().number()
        );
        assert_eq!(
            saved.players.computers.black.level,
            Level::from_eight(1).unwrap().number()
        );
        assert_eq!(saved.ladder, crate::engine::level::LADDER);
        // Written now, the numbers are this ladder's and stay as they are,
        // and so do the take-backs.
        let mut game = Game::new(Position::startpos());
        game.play(Move::from_iccs("h2e2").unwrap()).unwrap();
        let mut now = SavedGame::from_game(&game, Players::new(Mode::Red, 8, 1));
        now.takebacks = 3;
        now.taken_back_to_start = true;
        fs::write(&path, now.to_json()).unwrap();
        let back = load(&path).unwrap().unwrap().saved;
        assert_eq!(levels(&back), (8, 1));
        assert_eq!((back.takebacks, back.taken_back_to_start), (3, true));
        // The 31-level ladder: its top was the full engine, and is still.
        let ladder2 = old
            .replace(r#""version":1,"#, r#""version":1,"ladder":2,"#)
            .replace(
                r#""red_level":8,"black_level":1"#,
                r#""red_level":31,"black_level":30"#,
            );
        fs::write(&path, ladder2).unwrap();
        let saved = load(&path).unwrap().unwrap().saved;
        // Its depth 11 (30) is one up now (a rung was put in below it).
        assert_eq!(levels(&saved), (Level::MAX.number(), 31));
    }

    #[test]
    fn a_flag_fall_against_bare_material_is_a_draw_in_the_autosave() {
        let mut game2 =
            Game::new(Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 b - - 0 1").unwrap());
        // Black (bare general) flags against Red's chariot: Red wins.
        game2.time_out();
        assert_eq!(game2.outcome().map(|o| o.result), Some(GameResult::RedWins));
        // Red flags: Black has nothing that can mate, a draw.
        let mut game3 =
            Game::new(Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1").unwrap());
        game3.time_out();
        let o = game3.outcome().unwrap();
        assert_eq!(
            (o.result, o.reason),
            (GameResult::Draw, Reason::TimeoutDraw { by: Color::Red })
        );
        let saved = SavedGame::from_game(&game3, Players::new(Mode::Hotseat, 3, 3));
        let back = SavedGame::from_json(Path::new("a.json"), saved.to_json().as_bytes()).unwrap();
        assert_eq!(back.game.outcome(), Some(o));
    }

    #[test]
    fn autosave_round_trip_restores_mode_levels_moves_and_turn() {
        let t = TempDir::new("autosave-rt");
        let p = t.path().join("autosave.json");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
        let mut saved = SavedGame::from_game(&game, Players::new(Mode::Black, 3, 7));
        save(&p, &saved).unwrap();
        let r = load(&p).unwrap().expect("an autosave");
        assert_eq!(r.saved, saved);
        assert_eq!(
            r.saved.players.computers.red.engine, None,
            "none written, none read"
        );
        // Against the player's engine: its name is kept.
        saved.players.computers.red.engine = Some("Pikafish".into());
        save(&p, &saved).unwrap();
        let r = load(&p).unwrap().expect("an autosave");
        assert_eq!(
            r.saved.players.computers.red.engine.as_deref(),
            Some("Pikafish")
        );
        assert_eq!(r.saved, saved);
        assert_eq!(r.saved.players.mode, Mode::Black);
        assert_eq!(levels(&r.saved), (3, 7));
        assert_same_game(&r.game, &game);
        assert_eq!(r.game.position().side_to_move(), Color::Black);
        assert!(r.saved.result.is_none());
    }

    #[test]
    fn autosave_keeps_the_cursor_and_the_redo_tail() {
        let t = TempDir::new("autosave-cursor");
        let p = t.path().join("autosave.json");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7", "h0g2"]);
        game.undo();
        let saved = SavedGame::from_game(&game, Players::new(Mode::Hotseat, 4, 4));
        save(&p, &saved).unwrap();
        let r = load(&p).unwrap().unwrap();
        assert_same_game(&r.game, &game);
        assert_eq!(r.game.ply(), 2);
        assert_eq!(r.game.all_moves().len(), 3);
    }

    #[test]
    fn autosave_from_a_custom_position_with_checkmate_restores_the_result() {
        let t = TempDir::new("autosave-mate");
        let p = t.path().join("autosave.json");
        // Two chariots: a8 covers rank 8, i0-i9 mates; the kings guard e9.
        let start = Position::from_fen("3k5/R8/9/6p2/9/9/9/9/9/4K3R w - - 0 1").unwrap();
        let mut game = Game::new(start);
        play(&mut game, &["i0i9"]);
        let outcome = game.outcome();
        let saved = SavedGame::from_game(&game, Players::new(Mode::Red, 1, 8));
        save(&p, &saved).unwrap();
        let r = load(&p).unwrap().unwrap();
        assert_eq!(r.game.outcome(), outcome);
        assert_eq!(outcome.map(|o| o.reason), Some(Reason::Checkmate));
        assert_eq!(r.saved.result.as_ref().unwrap().ply, 1);
        assert_eq!(r.saved.result.as_ref().unwrap().result, "1-0");
    }

    #[test]
    fn autosave_restores_a_resignation() {
        let t = TempDir::new("autosave-resign");
        let p = t.path().join("autosave.json");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7"]);
        game.resign(Color::Red);
        let saved = SavedGame::from_game(&game, Players::new(Mode::Red, 2, 2));
        assert_eq!(saved.result.as_ref().unwrap().reason, "resignation");
        save(&p, &saved).unwrap();
        let r = load(&p).unwrap().unwrap();
        assert_eq!(r.game.outcome(), game.outcome());
        assert_eq!(r.game.outcome().unwrap().result, GameResult::BlackWins);
    }

    #[test]
    fn missing_autosave_is_not_an_error() {
        let t = TempDir::new("autosave-none");
        assert!(load(&t.path().join("autosave.json")).unwrap().is_none());
    }

    #[test]
    fn a_cut_short_autosave_restores_the_moves_before_the_cut() {
        let t = TempDir::new("autosave-salvage");
        let p = t.path().join("autosave.json");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
        let json = SavedGame::from_game(&game, Players::new(Mode::Black, 3, 6)).to_json();
        // Cut inside the fourth move.
        let cut = &json[..json.find("\"i9h9\"").unwrap() + 3];
        fs::write(&p, cut).unwrap();
        let r = load(&p).unwrap().unwrap();
        assert_eq!(r.saved.players.mode, Mode::Black);
        assert_eq!(levels(&r.saved), (3, 6));
        assert_eq!(r.game.ply(), 3);
        assert_eq!(r.saved.main_line(), ["h2e2", "h9g7", "h0g2"]);
        let why = r.repaired.expect("it says it was repaired");
        assert!(why.starts_with("autosave.json: line "), "{why}");
        assert_eq!(fs::read_to_string(&p).unwrap(), cut, "loading never writes");
        // The next save keeps the damaged file.
        save(
            &p,
            &SavedGame::from_game(&r.game, Players::new(Mode::Black, 3, 6)),
        )
        .unwrap();
        assert_eq!(fs::read_dir(t.path()).unwrap().count(), 2);
        assert!(load(&p).unwrap().unwrap().repaired.is_none());
    }

    #[test]
    fn truncated_autosave_gives_a_json_error_and_is_left_alone() {
        let t = TempDir::new("autosave-trunc");
        let p = t.path().join("autosave.json");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7"]);
        let json = SavedGame::from_game(&game, Players::new(Mode::Red, 4, 4)).to_json();
        let cut = &json[..json.len() / 2];
        fs::write(&p, cut).unwrap();
        let e = load(&p).unwrap_err();
        assert!(matches!(e, AutosaveError::Json { .. }), "{e:?}");
        assert!(e.to_string().starts_with("autosave.json: line "), "{e}");
        assert_eq!(fs::read_to_string(&p).unwrap(), cut);
    }

    #[test]
    fn a_damaged_autosave_is_moved_aside_before_the_next_save() {
        let t = TempDir::new("autosave-aside");
        let p = t.path().join("autosave.json");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7"]);
        let saved = SavedGame::from_game(&game, Players::new(Mode::Red, 4, 4));
        save(&p, &saved).unwrap();
        save(&p, &saved).unwrap();
        assert_eq!(
            fs::read_dir(t.path()).unwrap().count(),
            1,
            "a good file stays"
        );
        let json = saved.to_json();
        let cut = &json[..json.len() / 2];
        fs::write(&p, cut).unwrap();
        assert!(load(&p).is_err());
        // A new game starts: its first autosave keeps the damaged one.
        let fresh = SavedGame::from_game(
            &Game::new(Position::startpos()),
            Players::new(Mode::AiVsAi, 2, 3),
        );
        save(&p, &fresh).unwrap();
        assert_eq!(load(&p).unwrap().unwrap().saved.players.mode, Mode::AiVsAi);
        let aside: Vec<_> = fs::read_dir(t.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|q| *q != p)
            .collect();
        assert_eq!(aside.len(), 1, "{aside:?}");
        let name = aside[0].file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            name.starts_with("autosave-damaged-") && name.ends_with(".json"),
            "{name}"
        );
        assert_eq!(fs::read_to_string(&aside[0]).unwrap(), cut);
    }

    #[test]
    fn illegal_move_in_autosave_is_named_with_its_number() {
        let t = TempDir::new("autosave-illegal");
        let p = t.path().join("autosave.json");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7"]);
        let mut saved = SavedGame::from_game(&game, Players::new(Mode::Red, 4, 4));
        saved.record.nodes.push(node(2, "h2h9")); // the cannon has left h2
        saved.cursor = 3;
        let text = saved.to_json();
        fs::write(&p, &text).unwrap();
        let e = saved.to_game(&p).unwrap_err();
        assert!(
            matches!(e, AutosaveError::Illegal { number: 3, .. }),
            "{e:?}"
        );
        // Loading keeps the legal moves before it, and says so.
        let r = load(&p).unwrap().expect("the legal part");
        assert_eq!(r.game.all_moves().len(), 2);
        let why = r.repaired.expect("it says what was wrong");
        assert!(
            why.starts_with("autosave.json: move 3 (h2h9) is illegal"),
            "{why}"
        );
        assert_eq!(fs::read_to_string(&p).unwrap(), text);
    }

    #[test]
    fn other_autosave_problems_are_typed() {
        let p = Path::new("autosave.json");
        let game = Game::new(Position::startpos());
        let good = SavedGame::from_game(&game, Players::new(Mode::AiVsAi, 4, 4));
        let check = |f: &dyn Fn(&mut SavedGame)| {
            let mut s = good.clone();
            f(&mut s);
            s.to_game(p).unwrap_err()
        };
        assert!(matches!(
            check(&|s| s.record.nodes = vec![node(0, "zz")]),
            AutosaveError::NotAMove { number: 1, .. }
        ));
        assert!(matches!(
            check(&|s| s.start_fen = "nonsense".into()),
            AutosaveError::Fen { .. }
        ));
        assert!(matches!(
            check(&|s| s.cursor = 5),
            AutosaveError::Cursor {
                cursor: 5,
                len: 0,
                ..
            }
        ));
        assert!(matches!(
            check(&|s| s.version = 99),
            AutosaveError::Version { found: 99, .. }
        ));
        assert!(matches!(
            check(&|s| s.players.computers.black.level = 99),
            AutosaveError::Level { level: 99, .. }
        ));
        let e = check(&|s| {
            s.result = Some(SavedResult {
                result: "1-0".into(),
                reason: "checkmate".into(),
                ply: 0,
            })
        });
        assert!(matches!(e, AutosaveError::Result { .. }), "{e:?}");
        let wrong_type = br#"{"version": 1, "mode": "purple"}"#;
        let e = SavedGame::from_json(p, wrong_type).unwrap_err();
        assert!(e.to_string().contains("unknown variant `purple`"), "{e}");
    }

    #[test]
    fn one_bad_field_keeps_the_rest_of_the_game() {
        let p = Path::new("autosave.json");
        let mut game = Game::new(Position::startpos());
        let line = [
            "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "b7b3",
        ];
        play(&mut game, &line);
        let good = SavedGame::from_game(&game, Players::new(Mode::Red, 4, 4));
        let restore = |json: String| {
            let r = SavedGame::from_json(p, json.as_bytes()).expect("restored");
            let why = r.repaired.clone().expect("it says what was mended");
            (r, why)
        };
        // A level out of range: the default level.
        let (r, why) = restore(
            good.to_json()
                .replace("\"red_level\": 4", "\"red_level\": 99"),
        );
        assert_eq!(
            r.saved.players.computers.red.level,
            Level::default().number()
        );
        assert_eq!(r.game.all_moves().len(), 10);
        assert!(why.contains("level 99"), "{why}");
        // Not even a u8.
        let (r, _) = restore(
            good.to_json()
                .replace("\"red_level\": 4", "\"red_level\": 300"),
        );
        assert_eq!(r.game.all_moves().len(), 10);
        // A huge cursor: at the last move.
        let (r, _) = restore(
            good.to_json()
                .replace("\"cursor\": 10", "\"cursor\": 99999"),
        );
        assert_eq!(r.game.ply(), 10);
        let (r, _) = restore(
            good.to_json()
                .replace("\"cursor\": 10", "\"cursor\": 999999999999999999999999"),
        );
        assert_eq!(r.game.ply(), 10);
        // An illegal move at ply 7: the six before it.
        let mut bad = good.clone();
        bad.record.nodes[6].mv = "a0a9".into();
        let (r, why) = restore(bad.to_json());
        assert_eq!(r.game.all_moves().len(), 6);
        assert_eq!(r.game.ply(), 6);
        assert!(why.contains("move 7 (a0a9)"), "{why}");
        // The version and the start position cannot be mended.
        let mut newer = good.clone();
        newer.version = 99;
        assert!(SavedGame::from_json(p, newer.to_json().as_bytes()).is_err());
    }

    #[test]
    fn a_wrong_type_is_still_typed() {
        let p = Path::new("autosave.json");
        let wrong_type = br#"{"version": 1, "mode": "purple"}"#;
        let e = SavedGame::from_json(p, wrong_type).unwrap_err();
        assert!(e.to_string().contains("unknown variant `purple`"), "{e}");
    }

    #[test]
    fn the_move_tree_is_kept_and_an_autosave_without_one_still_loads() {
        use crate::rules::records::Mark;
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7", "h0g2"]);
        // A plain game writes no tree.
        let plain = SavedGame::from_game(&game, Players::new(Mode::Hotseat, 3, 3));
        assert_eq!(plain.variations, None);
        assert!(!plain.to_json().contains("\"variations\""));
        let first = game.main_line_nodes()[0];
        let last = game.main_line_nodes()[2];
        let alt = game
            .add_variation(first, Move::from_iccs("b9c7").unwrap())
            .unwrap();
        game.set_mark(alt, Some(Mark::Dubious));
        game.set_comment(alt, "passive {really}");
        game.set_comment(last, "develops");
        game.set_comment(MoveTree::ROOT, "a training game");
        let tree = game.tree().clone();
        let saved = SavedGame::from_game(&game, Players::new(Mode::Hotseat, 3, 3));
        let json = saved.to_json();
        assert!(
            !json.contains("\"tree\""),
            "no PGN movetext is written: {json}"
        );
        let restored = SavedGame::from_json(Path::new("autosave.json"), json.as_bytes()).unwrap();
        // Stored node by node: even a closing brace in a comment survives.
        assert_eq!(restored.game.tree(), &tree);
        assert_same_game(&restored.game, &game);
        // Written before trees were kept: no field, the moves alone.
        let old_json = v1_json(&saved, None, None);
        assert!(!old_json.contains("\"variations\""), "{old_json}");
        let restored =
            SavedGame::from_json(Path::new("autosave.json"), old_json.as_bytes()).unwrap();
        assert_eq!(restored.game.tree().variation_count(), 0);
        assert_same_game(&restored.game, &game);
        // Written when the tree was PGN movetext: still read.
        let movetext = "1. h2e2 (1. b2e2 $5 {passive}) 1... h9g7 2. h0g2 {develops}";
        let restored = SavedGame::from_json(
            Path::new("autosave.json"),
            v1_json(&saved, None, Some(movetext)).as_bytes(),
        )
        .unwrap();
        let t = restored.game.tree();
        assert_eq!(t.variation_count(), 1);
        assert_eq!(t.comment_count(), 2);
        assert_same_game(&restored.game, &game);
        // Written with the moves beside the tree node by node: still read.
        let restored = SavedGame::from_json(
            Path::new("autosave.json"),
            v1_json(&saved, Some(&saved.record), None).as_bytes(),
        )
        .unwrap();
        assert_eq!(restored.game.tree(), &tree);
        assert_same_game(&restored.game, &game);
        // A tree that does not hold the moves is left out; the moves stay.
        let mut other = saved.record.clone();
        other.nodes[0].mv = "b2e2".into();
        let restored = SavedGame::from_json(
            Path::new("autosave.json"),
            v1_json(&saved, Some(&other), None).as_bytes(),
        )
        .unwrap();
        assert_eq!(restored.game.tree().variation_count(), 0);
        assert_same_game(&restored.game, &game);
    }

    #[test]
    fn autosaves_naming_the_players_engines_read_into_one_shape_and_write_the_same() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/autosave");
        let mut engines = Players::new(Mode::AiVsAi, 6, 11);
        engines.computers.black.engine = Some("ElephantEye".into());
        let mut one = Players::new(Mode::Black, 8, 2);
        one.computers.red.engine = Some("Pikafish".into());
        for (file, players) in [("v2-engines.json", engines), ("v2-one-engine.json", one)] {
            let path = data.join(file);
            let r = load(&path).unwrap().expect("the autosave");
            assert_eq!(r.repaired, None);
            assert_eq!(r.saved.players, players, "{file}");
            assert_eq!(r.game.all_moves().len(), 3);
            // Written again, the file is the same, byte for byte.
            let text = fs::read_to_string(&path).unwrap();
            assert_eq!(r.saved.to_json(), text, "{file}");
        }
    }

    #[test]
    fn autosaves_written_before_the_tree_stood_alone_still_load() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/autosave");
        // Variations, comments, marks, clocks and an undone move.
        let path = data.join("with-tree.json");
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains("\"moves\"") && text.contains("\"variations\""));
        let r = load(&path).unwrap().expect("the autosave");
        assert_eq!(r.repaired, None);
        let s = &r.saved;
        let c = &s.players.computers;
        assert_eq!(s.players.mode, Mode::Red);
        assert_eq!((c.red.level, c.black.level), (5, 9));
        assert_eq!(
            (s.takebacks, c.red.engine.as_deref()),
            (1, Some("Pikafish"))
        );
        let g = &r.game;
        let line: Vec<String> = g.all_moves().iter().map(Move::to_string).collect();
        assert_eq!(line, ["h2e2", "h9g7", "h0g2", "i9h9"]);
        assert_eq!(g.ply(), 3, "the last move undone, and redoable");
        let t = g.tree();
        assert_eq!(t.variation_count(), 1);
        assert_eq!(t.len(), 7);
        assert_eq!(t.node(MoveTree::ROOT).unwrap().comment, "a training game");
        let third = t.node(g.main_line_nodes()[2]).unwrap();
        assert_eq!(
            (third.mark, third.comment.as_str()),
            (Some(Mark::Good), "develops")
        );
        let alt = t.node(g.main_line_nodes()[0]).unwrap().children[1];
        let alt = t.node(alt).unwrap();
        assert_eq!(alt.mark, Some(Mark::Dubious));
        assert_eq!(alt.comment, "passive {really}");
        let deeper = t.node(alt.children[0]).unwrap();
        assert_eq!(deeper.comment, "both horses out");
        let clock = s
            .clock
            .as_ref()
            .expect("the clocks")
            .to_clock(Color::Red, 3);
        assert_eq!(clock.left(Color::Red), std::time::Duration::from_secs(302));
        assert_eq!(
            clock.left(Color::Black),
            std::time::Duration::from_secs(623)
        );
        assert_eq!(
            clock.control(Color::Black),
            TimeControl::parse("600:30").unwrap()
        );
        // Read as this version writes it: the tree alone.
        assert_eq!(s.version, AUTOSAVE_VERSION);
        assert!(s.moves.is_empty() && s.variations.is_none());
        let json = s.to_json();
        assert!(
            !json.contains("\"moves\"") && !json.contains("\"variations\""),
            "{json}"
        );
        let again = SavedGame::from_json(&path, json.as_bytes()).unwrap();
        assert_eq!(again.game.tree(), t);
        assert_same_game(&again.game, g);
        assert_eq!(&again.saved, s);

        // Moves alone, and a resignation.
        let r = load(&data.join("moves-only.json"))
            .unwrap()
            .expect("the autosave");
        assert_eq!(r.repaired, None);
        assert_eq!(r.saved.players.mode, Mode::Hotseat);
        assert_eq!(r.game.all_moves().len(), 2);
        assert_eq!(
            r.game.outcome().map(|o| (o.result, o.reason)),
            Some((
                GameResult::BlackWins,
                Reason::Resignation { by: Color::Red }
            ))
        );
        assert_eq!(r.saved.main_line(), ["h2e2", "h9g7"]);
    }

    #[test]
    fn a_record_node_out_of_place_is_named_and_the_nodes_before_it_kept() {
        let p = Path::new("autosave.json");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7", "h0g2"]);
        let mut saved = SavedGame::from_game(&game, Players::new(Mode::Hotseat, 4, 4));
        saved.record.nodes.push(node(9, "b9c7"));
        let e = saved.to_game(p).unwrap_err();
        assert!(
            matches!(
                e,
                AutosaveError::Parent {
                    number: 4,
                    parent: 9,
                    ..
                }
            ),
            "{e:?}"
        );
        let r = SavedGame::from_json(p, saved.to_json().as_bytes()).unwrap();
        assert_eq!(r.game.all_moves().len(), 3);
        assert!(
            r.repaired
                .unwrap()
                .contains("move 4 is played after move 9")
        );
    }

    #[test]
    fn clear_removes_the_autosave() {
        let t = TempDir::new("autosave-clear");
        let p = t.path().join("autosave.json");
        save(
            &p,
            &SavedGame::from_game(
                &Game::new(Position::startpos()),
                Players::new(Mode::Red, 4, 4),
            ),
        )
        .unwrap();
        clear(&p).unwrap();
        clear(&p).unwrap();
        assert!(load(&p).unwrap().is_none());
    }

    #[test]
    fn a_new_game_keeps_the_unfinished_one_in_the_saved_games() {
        let t = TempDir::new("autosave-keep");
        let p = t.path().join("autosave.json");
        let games = t.path().join("games");
        let mut game = Game::new(Position::startpos());
        play(&mut game, &["h2e2", "h9g7", "h0g2", "i9h9"]);
        let old = SavedGame::from_game(&game, Players::new(Mode::Red, 4, 5));
        save(&p, &old).unwrap();
        // Continuing the same game keeps nothing.
        assert!(matches!(keep_unfinished(&p, &games, &old), Ok(None)));
        let fresh = SavedGame::from_game(
            &Game::new(Position::startpos()),
            Players::new(Mode::Hotseat, 4, 4),
        );
        let kept = keep_unfinished(&p, &games, &fresh).unwrap().expect("kept");
        let back = crate::store::library::load(&kept).unwrap();
        assert_eq!(back.moves, game.all_moves());
        assert_eq!(back.tag("Black"), Some("AI 5"));
        // A finished game, or one without moves, is not kept again.
        save(&p, &fresh).unwrap();
        assert!(matches!(keep_unfinished(&p, &games, &old), Ok(None)));
        assert_eq!(fs::read_dir(&games).unwrap().count(), 1);
    }
}
