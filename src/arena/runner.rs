//! Plays the games of a match: schedules them over worker threads, referees
//! every move and every ending with the project's rules, keeps the clocks,
//! tallies the results and runs the SPRT.

use super::openings::Opening;
use super::player::{Player, PlayerSpec, StartError};
use super::stats::{Sprt, Tally, Verdict};
use crate::client::process::{GoError, GoLimit};
use crate::engine::Score;
use crate::rules::{Color, Game, GameResult, Move, Position};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// No game or no opening to play.
    #[error("a match needs at least one game and one opening")]
    Empty,
    /// An engine that cannot be started before the first game.
    #[error("engine {engine}: {error}")]
    Start {
        /// `A` or `B`.
        engine: char,
        /// Why.
        error: StartError,
    },
}

/// The limit both engines play under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed depth.
    Depth(u32),
    /// A fixed node count.
    Nodes(u64),
    /// A clock: base time per game plus an increment per move.
    Clock {
        /// Time at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::MoveTime(t) => write!(f, "{} ms a move", t.as_millis()),
            Limit::Depth(d) => write!(f, "depth {d}"),
            Limit::Nodes(n) => write!(f, "{n} nodes"),
            Limit::Clock { base, increment } => {
                write!(f, "{}+{} s", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The first engine (scores are from its view).
    pub a: PlayerSpec,
    /// The second engine.
    pub b: PlayerSpec,
    /// Openings, each played twice with colours swapped.
    pub openings: Vec<Opening>,
    /// Games to play (at most; an SPRT may stop earlier).
    pub games: usize,
    /// The thinking limit.
    pub limit: Limit,
    /// Engine B's own limit, of the same kind as [`limit`](Self::limit),
    /// when B plays with odds (more or less time or nodes per move than
    /// A); `None`: the same limit as A.
    pub b_limit: Option<Limit>,
    /// Games played at once.
    pub concurrency: usize,
    /// A test that may end the match early.
    pub sprt: Option<Sprt>,
    /// How long past its limit an engine may take before it loses
    /// (fixed depth and nodes: the whole allowance per move).
    pub margin: Duration,
    /// A game this long (plies, openings included) is adjudicated a draw.
    pub max_plies: usize,
    /// Ending games early on the engines' own scores.
    pub adjudication: Adjudication,
}

/// Ending a game early when both engines agree on it, as engine testers do
/// (cutechess-cli's `-resign` and `-draw`): it saves the moves of a won
/// ending or a dead draw, which a match does not need to see played out.
/// Scores are the engines' last reports, a mate counting as more than any
/// centipawn score; a move without a score breaks the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// `(cp, moves)`: the game is won for the side both engines have
    /// seen ahead by at least `cp` centipawns over each one's last `moves`
    /// moves.
    pub win: Option<(i32, usize)>,
    /// `(cp, moves, from_move)`: from move `from_move` on, a draw when both
    /// engines' last `moves` scores each lie within `cp` of level.
    pub draw: Option<(i32, usize, u32)>,
}

impl Adjudication {
    /// The verdict after the engines' reports so far (`scores`, one per
    /// engine move in order: the mover and its score from its own view),
    /// at move number `move_number`; `None` to play on.
    pub fn judge(
        &self,
        scores: &[(Color, Option<Score>)],
        move_number: u32,
    ) -> Option<(GameResult, String)> {
        // Each score from Red's view, mates beyond any centipawns.
        let red_view = |(side, score): (Color, Option<Score>)| {
            let cp = match score? {
                Score::Cp(c) => i64::from(c),
                Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
                Score::Mate(n) => -1_000_000 - i64::from(n),
            };
            Some(if side == Color::Red { cp } else { -cp })
        };
        let last = |moves: usize| -> Option<Vec<i64>> {
            let plies = moves.checked_mul(2)?;
            if moves == 0 || scores.len() < plies {
                return None;
            }
            scores[scores.len() - plies..]
                .iter()
                .map(|&s| red_view(s))
                .collect()
        };
        if let Some((cp, moves)) = self.win
            && let Some(run) = last(moves)
        {
            let cp = i64::from(cp);
            for (winner, ahead) in [(Color::Red, 1), (Color::Black, -1)] {
                if run.iter().all(|&v| v * ahead >= cp) {
                    return Some((
                        GameResult::win_for(winner),
                        format!(
                            "adjudicated: both engines saw {winner} ahead by {:.2} or more for {}",
                            cp as f64 / 100.0,
                            count(moves as u64, "move", "moves")
                        ),
                    ));
                }
            }
        }
        if let Some((cp, moves, from)) = self.draw
            && move_number >= from
            && let Some(run) = last(moves)
            && run.iter().all(|&v| v.abs() <= i64::from(cp))
        {
            return Some((
                GameResult::Draw,
                format!(
                    "adjudicated: a draw, both engines within {:.2} of level for {}",
                    f64::from(cp) / 100.0,
                    count(moves as u64, "move", "moves")
                ),
            ));
        }
        None
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based game number in the schedule.
    pub number: usize,
    /// The opening's index in the list.
    pub opening: usize,
    /// Whether the first engine had Red.
    pub a_red: bool,
    /// The start position.
    pub start: Position,
    /// Every move (the opening's first).
    pub moves: Vec<Move>,
    /// Moves of the opening before the engines took over.
    pub book_plies: usize,
    /// A comment per engine move: score, depth, time.
    pub comments: Vec<String>,
    /// Result.
    pub result: GameResult,
    /// Why it ended.
    pub termination: String,
}

impl GameRecord {
    /// Score of the first engine: 1, 0.5 or 0.
    pub fn a_score(&self) -> f64 {
        match self.result.winner() {
            None => 0.5,
            Some(c) => {
                if (c == Color::Red) == self.a_red {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

/// The match's results.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Overall, from the first engine's view.
    pub tally: Tally,
    /// The first engine's results with Red.
    pub as_red: Tally,
    /// The first engine's results with Black.
    pub as_black: Tally,
    /// How games ended, counted.
    pub terminations: BTreeMap<String, u32>,
    /// The SPRT's verdict, if one ran.
    pub verdict: Option<(f64, Verdict)>,
    /// Names of the two engines.
    pub names: (String, String),
    /// Stopped by Ctrl+C.
    pub interrupted: bool,
}

struct Shared {
    next: usize,
    summary: Summary,
    done: bool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the match. `on_game` hears about each game as it ends (in the
/// order they end), with the summary so far. Setting `interrupt` ends the
/// match: games in progress are abandoned and not counted.
///
/// # Errors
/// [`MatchError`]: nothing to play, or an engine cannot be started at all
/// (before any game).
pub fn run(
    config: &MatchConfig,
    interrupt: &AtomicBool,
    on_game: &(dyn Fn(&GameRecord, &Summary) + Sync),
) -> Result<Summary, MatchError> {
    if config.openings.is_empty() || config.games == 0 {
        return Err(MatchError::Empty);
    }
    // Start one pair now: an engine that cannot start is an error, not a
    // match of forfeits.
    let a = config.a.start().map_err(|e| MatchError::Start {
        engine: 'A',
        error: e,
    })?;
    let b = config.b.start().map_err(|e| MatchError::Start {
        engine: 'B',
        error: e,
    })?;
    let names = (name_of(&a, &config.a), name_of(&b, &config.b));
    let shared = Mutex::new(Shared {
        next: 0,
        summary: Summary {
            names: names.clone(),
            ..Summary::default()
        },
        done: false,
    });
    let workers = config.concurrency.clamp(1, config.games);
    let first = Mutex::new(Some((a, b)));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let pair = lock(&first).take();
                worker(config, pair, &shared, interrupt, on_game);
            });
        }
    });
    let mut s = lock(&shared).summary.clone();
    s.interrupted = interrupt.load(Ordering::Relaxed);
    Ok(s)
}

fn name_of(p: &Player, spec: &PlayerSpec) -> String {
    match p {
        Player::External(c) => c.name().to_string(),
        Player::Builtin(_) | Player::StandIn(_) => spec.label(),
    }
}

fn worker(
    config: &MatchConfig,
    pair: Option<(Player, Player)>,
    shared: &Mutex<Shared>,
    interrupt: &AtomicBool,
    on_game: &(dyn Fn(&GameRecord, &Summary) + Sync),
) {
    let (mut a, mut b) = match pair {
        Some((a, b)) => (Some(a), Some(b)),
        None => (None, None),
    };
    loop {
        let number = {
            let mut s = lock(shared);
            if s.done || s.next >= config.games || interrupt.load(Ordering::Relaxed) {
                return;
            }
            s.next += 1;
            s.next
        };
        let index = number - 1;
        let opening_index = (index / 2) % config.openings.len();
        let a_red = index % 2 == 0;
        let opening = &config.openings[opening_index];
        let record = play_game(
            config,
            &mut a,
            &mut b,
            opening,
            opening_index,
            number,
            a_red,
            interrupt,
        );
        if interrupt.load(Ordering::Relaxed) {
            return;
        }
        let mut s = lock(shared);
        let score = record.a_score();
        s.summary.tally.add(score);
        if a_red {
            s.summary.as_red.add(score);
        } else {
            s.summary.as_black.add(score);
        }
        *s.summary
            .terminations
            .entry(termination_kind(&record.termination))
            .or_insert(0) += 1;
        if let Some(sprt) = config.sprt
            && judge_sprt(&sprt, &mut s.summary)
        {
            s.done = true;
        }
        on_game(&record, &s.summary);
    }
}

/// Updates the SPRT's verdict after a game; `true` once it has decided.
/// The verdict reached stands: a game already under way when the test
/// decided is counted in the score, but does not reopen the test (it
/// could pull the LLR back inside its bounds, and the match would end
/// saying "undecided").
fn judge_sprt(sprt: &Sprt, summary: &mut Summary) -> bool {
    if let Some((_, v)) = summary.verdict
        && v != Verdict::Continue
    {
        return true;
    }
    let v = sprt.verdict(&summary.tally);
    summary.verdict = Some((sprt.llr(&summary.tally), v));
    v != Verdict::Continue
}

/// The termination without the side (`checkmate`, `illegal move`…) for the counts.
fn termination_kind(t: &str) -> String {
    let t = t
        .strip_prefix("red ")
        .or_else(|| t.strip_prefix("black "))
        .unwrap_or(t);
    let t = t.split(':').next().unwrap_or(t);
    let t = t.split(" on ").next().unwrap_or(t);
    t.split(" by ").next().unwrap_or(t).trim().to_string()
}

/// Makes sure `slot` holds a running player; the error says why it cannot.
fn ready<'p>(
    slot: &'p mut Option<Player>,
    spec: &PlayerSpec,
) -> Result<&'p mut Player, StartError> {
    if slot.as_ref().is_some_and(|p| !p.alive()) {
        *slot = None;
    }
    match slot {
        Some(player) => Ok(player),
        None => Ok(slot.insert(spec.start()?)),
    }
}

/// How a game ended: the result and why.
type Ending = (GameResult, String);

/// `side` loses, for the reason `why` (said after the side's name).
fn lose(side: Color, why: String) -> Ending {
    (GameResult::win_for(side.flip()), format!("{side} {why}"))
}

fn play_game(
    config: &MatchConfig,
    a: &mut Option<Player>,
    b: &mut Option<Player>,
    opening: &Opening,
    opening_index: usize,
    number: usize,
    a_red: bool,
    interrupt: &AtomicBool,
) -> GameRecord {
    let mut table = Table::new(config, opening, opening_index, number, a_red);
    let (result, termination) = match start_players(config, a, b, a_red) {
        Ok(()) => table.play(a, b, interrupt),
        Err(ending) => ending,
    };
    table.record.result = result;
    table.record.termination = termination;
    table.record
}

/// Each player starts a new game (a crashed engine is restarted); a side
/// whose engine cannot start loses the game.
fn start_players(
    config: &MatchConfig,
    a: &mut Option<Player>,
    b: &mut Option<Player>,
    a_red: bool,
) -> Result<(), Ending> {
    let mut start_err = [None, None];
    for (i, (slot, spec)) in [(a, &config.a), (b, &config.b)].into_iter().enumerate() {
        if let Err(e) = ready(slot, spec).and_then(|p| p.new_game().map_err(StartError::from)) {
            *slot = None;
            start_err[i] = Some(e);
        }
    }
    for (i, e) in start_err.into_iter().enumerate() {
        if let Some(e) = e {
            let side = if (i == 0) == a_red {
                Color::Red
            } else {
                Color::Black
            };
            return Err(lose(side, format!("failed to start: {e}")));
        }
    }
    Ok(())
}

/// One game at the referee's table: the rules' record of it, the clocks
/// and each engine move's mover and score (for the adjudication).
struct Table<'c> {
    config: &'c MatchConfig,
    game: Game,
    record: GameRecord,
    scores: Vec<(Color, Option<Score>)>,
    clocks: [Duration; 2],
}

impl<'c> Table<'c> {
    fn new(
        config: &'c MatchConfig,
        opening: &Opening,
        opening_index: usize,
        number: usize,
        a_red: bool,
    ) -> Self {
        let mut game = Game::new(opening.start);
        for &m in &opening.moves {
            // Checked when the openings were read.
            let _ = game.play(m);
        }
        let record = GameRecord {
            number,
            opening: opening_index,
            a_red,
            start: opening.start,
            moves: opening.moves.clone(),
            book_plies: opening.moves.len(),
            comments: Vec::new(),
            result: GameResult::Draw,
            termination: String::new(),
        };
        let clocks = match config.limit {
            Limit::Clock { base, .. } => [base, base],
            _ => [Duration::ZERO; 2],
        };
        Table {
            config,
            game,
            record,
            scores: Vec::new(),
            clocks,
        }
    }

    /// Plays moves until the game ends.
    fn play(
        &mut self,
        a: &mut Option<Player>,
        b: &mut Option<Player>,
        interrupt: &AtomicBool,
    ) -> Ending {
        loop {
            if let Some(ending) = self.ended(interrupt) {
                return ending;
            }
            let side = self.game.position().side_to_move();
            let slot = if (side == Color::Red) == self.record.a_red {
                &mut *a
            } else {
                &mut *b
            };
            if let Err(ending) = self.one_move(slot, side, interrupt) {
                return ending;
            }
        }
    }

    /// The end by the rules, by the ply limit or by an interruption.
    fn ended(&self, interrupt: &AtomicBool) -> Option<Ending> {
        if let Some(o) = self.game.outcome() {
            return Some((o.result, o.reason.to_string()));
        }
        if self.game.ply() >= self.config.max_plies {
            return Some((
                GameResult::Draw,
                format!("adjudicated after {} plies", self.game.ply()),
            ));
        }
        if interrupt.load(Ordering::Relaxed) {
            return Some((GameResult::Draw, "interrupted".into()));
        }
        None
    }

    /// Asks the side's engine for a move and plays it, or ends the game.
    fn one_move(
        &mut self,
        slot: &mut Option<Player>,
        side: Color,
        interrupt: &AtomicBool,
    ) -> Result<(), Ending> {
        let Some(player) = slot.as_mut() else {
            return Err(lose(side, "has no running engine".into()));
        };
        let (limit, allowed) = self.go_limit(side);
        let start = self.record.start;
        let reply = match player.think(&start, self.game.moves(), limit, allowed, interrupt) {
            Ok(r) => r,
            Err(e) => {
                // A hung or crashed engine is restarted for the next game.
                *slot = None;
                return Err(self.failure(side, e));
            }
        };
        self.charge_clock(side, &reply)?;
        let m = self.reply_move(side, &reply)?;
        self.record.moves.push(m);
        self.record.comments.push(comment(&reply));
        self.scores.push((side, reply.score));
        if self.game.outcome().is_none()
            && let Some(verdict) = self
                .config
                .adjudication
                .judge(&self.scores, self.game.position().fullmove_number())
        {
            return Err(verdict);
        }
        Ok(())
    }

    /// What the engine is told, and how long it may take before it loses.
    fn go_limit(&self, side: Color) -> (GoLimit, Duration) {
        let margin = self.config.margin;
        let b_moves = (side == Color::Red) != self.record.a_red;
        let limit = match self.config.b_limit {
            Some(b) if b_moves => b,
            _ => self.config.limit,
        };
        match limit {
            Limit::MoveTime(t) => (GoLimit::MoveTime(t), t + margin),
            Limit::Depth(d) => (GoLimit::Depth(d), margin),
            Limit::Nodes(n) => (GoLimit::Nodes(n), margin),
            Limit::Clock { increment, .. } => (
                GoLimit::Clock {
                    red: self.clocks[0],
                    black: self.clocks[1],
                    increment,
                },
                self.clocks[side.index()] + margin,
            ),
        }
    }

    /// The ending when an engine hangs or crashes.
    fn failure(&self, side: Color, error: GoError) -> Ending {
        match error {
            GoError::Hang(secs) => {
                let why = if matches!(self.config.limit, Limit::Clock { .. }) {
                    format!("loses on time: no move within {secs:.2} s")
                } else {
                    format!("hangs: no move within {secs:.2} s")
                };
                lose(side, why)
            }
            GoError::Failed(e) => lose(side, format!("crashed: {e}")),
        }
    }

    /// Takes the time the move took off the side's clock (adding the
    /// increment); a side past its time and the margin loses.
    fn charge_clock(
        &mut self,
        side: Color,
        reply: &crate::client::process::Reply,
    ) -> Result<(), Ending> {
        let Limit::Clock { increment, .. } = self.config.limit else {
            return Ok(());
        };
        let left = &mut self.clocks[side.index()];
        if reply.elapsed > *left + self.config.margin {
            return Err(lose(
                side,
                format!(
                    "loses on time: {:.3} s used, {:.3} s left",
                    reply.elapsed.as_secs_f64(),
                    left.as_secs_f64()
                ),
            ));
        }
        *left = left.saturating_sub(reply.elapsed) + increment;
        Ok(())
    }

    /// Plays the engine's answer on the board, or ends the game on a draw
    /// claim, no move or a move that cannot be played.
    fn reply_move(
        &mut self,
        side: Color,
        reply: &crate::client::process::Reply,
    ) -> Result<Move, Ending> {
        let Some(word) = reply.bestmove.as_deref() else {
            // No move where there are legal moves: a claim of a draw
            // (ElephantEye's `nobestmove`). The rules judge it.
            return Err(judge_claim(&self.game, side));
        };
        // `bestmove (none)`, `0000` or nothing: UCI's words for no move.
        if matches!(word, "" | "(none)" | "0000" | "none") {
            return Err(lose(
                side,
                "gives no move in a position with legal moves".into(),
            ));
        }
        let Some(m) = Move::from_iccs(word) else {
            return Err(lose(side, format!("plays an unparsable move '{word}'")));
        };
        if let Err(e) = self.game.play(m) {
            return Err(lose(side, format!("plays an illegal move '{word}': {e}")));
        }
        Ok(m)
    }
}

/// Judges a side's refusal to move (a draw claim) at the game's position.
/// After a repetition the cycle since the previous occurrence is judged as
/// a third occurrence would be: a perpetual check or chase loses for the
/// side that made it, anything else is a draw. With no repetition, 50
/// moves without a capture (ElephantEye's own rule) make it a draw;
/// otherwise the claimant loses.
fn judge_claim(game: &Game, side: Color) -> (GameResult, String) {
    if let Some(o) = game.repetition_claim() {
        return (o.result, format!("{} on {side}'s draw claim", o.reason));
    }
    let pos = game.position();
    if pos.halfmove_clock() >= 100 {
        return (
            GameResult::Draw,
            format!("draw claimed by {side} after 50 moves without a capture"),
        );
    }
    (
        GameResult::win_for(side.flip()),
        format!("{side} gives no move in a position with legal moves"),
    )
}

/// `+0.35/12 0.201s` (score from the mover's view, in pawns; `+M3` for mates).
fn comment(r: &crate::client::process::Reply) -> String {
    let score = match r.score {
        Some(Score::Cp(c)) => format!("{:+.2}", f64::from(c) / 100.0),
        Some(Score::Mate(n)) if n > 0 => format!("+M{n}"),
        Some(Score::Mate(n)) => format!("-M{}", -n),
        None => "?".into(),
    };
    let depth = r.depth.map_or("?".into(), |d| d.to_string());
    format!("{score}/{depth} {:.3}s", r.elapsed.as_secs_f64())
}

/// The score a move comment written by [`comment`] reports (`None` for
/// `?/…`, `book` or any other text): the reader of that format.
pub fn comment_score(text: &str) -> Option<Score> {
    let word = text.split_whitespace().next()?;
    let (score, _depth) = word.split_once('/')?;
    if let Some(n) = score.strip_prefix("+M") {
        return n.parse::<i32>().ok().filter(|n| *n > 0).map(Score::Mate);
    }
    if let Some(n) = score.strip_prefix("-M") {
        return n
            .parse::<i32>()
            .ok()
            .filter(|n| *n > 0)
            .map(|n| Score::Mate(-n));
    }
    if !score.starts_with(['+', '-', '0']) {
        return None;
    }
    let pawns: f64 = score.parse().ok().filter(|p: &f64| p.is_finite())?;
    Some(Score::Cp((pawns * 100.0).round() as i32))
}

/// The game as xiangqi PGN with ICCS moves and a comment per engine move.
pub fn game_pgn(r: &GameRecord, names: &(String, String), event: &str) -> String {
    let (red, black) = if r.a_red {
        (&names.0, &names.1)
    } else {
        (&names.1, &names.0)
    };
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    };
    tag("Game", "Chinese Chess");
    tag("Event", event);
    tag("Round", &r.number.to_string());
    tag("Red", red);
    tag("Black", black);
    tag("Result", r.result.pgn());
    tag("Termination", &r.termination);
    if r.start != Position::startpos() {
        tag("FEN", &r.start.fen());
    }
    tag("Format", "ICCS");
    out.push('\n');
    let mut pos = r.start;
    let mut tokens: Vec<String> = Vec::new();
    for (i, m) in r.moves.iter().enumerate() {
        let num = pos.fullmove_number();
        match pos.side_to_move() {
            Color::Red => tokens.push(format!("{num}.")),
            Color::Black if i == 0 => tokens.push(format!("{num}...")),
            Color::Black => {}
        }
        tokens.push(m.to_string());
        if i >= r.book_plies {
            if let Some(c) = r.comments.get(i - r.book_plies) {
                tokens.push(format!("{{{c}}}"));
            }
        } else if i + 1 == r.book_plies {
            tokens.push("{book}".into());
        }
        pos.make(*m);
    }
    tokens.push(r.result.pgn().to_string());
    let mut col = 0;
    for t in tokens {
        if col > 0 && col + 1 + t.len() > 80 {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        col += t.len();
        out.push_str(&t);
    }
    out.push_str("\n\n");
    out
}

/// `1 move`, `3 moves`: a count with its noun (the match reports use it too).
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_that_ends_after_the_sprt_decided_is_counted_but_the_verdict_stands() {
        let sprt: Sprt = "elo0=0,elo1=10".parse().unwrap();
        // A run that crossed the upper bound with its 528th game …
        let mut summary = Summary {
            tally: Tally {
                wins: 219,
                draws: 166,
                losses: 143,
            },
            ..Summary::default()
        };
        assert!(judge_sprt(&sprt, &mut summary), "{:?}", summary.verdict);
        let decided = summary.verdict;
        assert_eq!(decided.map(|v| v.1), Some(Verdict::H1));
        // … then heard of a loss played at the same time: alone, that
        // tally would be undecided, but the test had decided.
        summary.tally.losses += 1;
        assert_eq!(sprt.verdict(&summary.tally), Verdict::Continue);
        assert!(judge_sprt(&sprt, &mut summary));
        assert_eq!(summary.verdict, decided);
    }

    #[test]
    fn move_comments_give_back_their_scores() {
        assert_eq!(comment_score("+0.35/12 0.201s"), Some(Score::Cp(35)));
        assert_eq!(comment_score("-1.20/9 0.100s"), Some(Score::Cp(-120)));
        assert_eq!(comment_score("0.00/3 0.000s"), Some(Score::Cp(0)));
        assert_eq!(comment_score("+M3/20 0.500s"), Some(Score::Mate(3)));
        assert_eq!(comment_score("-M2/20 0.500s"), Some(Score::Mate(-2)));
        assert_eq!(comment_score("book"), None);
        assert_eq!(comment_score("?/? 0.000s"), None);
        assert_eq!(comment_score("a good move"), None);
    }

    fn game(moves: &[&str]) -> Game {
        let mut g = Game::new(Position::startpos());
        for m in moves {
            g.play(Move::from_iccs(m).unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn a_draw_claim_stands_only_where_the_rules_give_one() {
        // Horses out and back: the start position again, nobody to blame.
        let g = game(&["h0g2", "h9g7", "g2h0", "g7h9"]);
        let (r, why) = judge_claim(&g, Color::Red);
        assert_eq!(r, GameResult::Draw, "{why}");
        assert_eq!(termination_kind(&why), "repetition");
        // No repetition, no 50 quiet moves: refusing to move loses.
        let g = game(&["h0g2", "h9g7"]);
        let (r, why) = judge_claim(&g, Color::Red);
        assert_eq!(r, GameResult::BlackWins, "{why}");
        assert_eq!(
            termination_kind(&why),
            "gives no move in a position with legal moves"
        );
    }

    #[test]
    fn both_engines_must_agree_long_enough_to_end_a_game_early() {
        let adj = Adjudication {
            win: Some((500, 2)),
            draw: Some((10, 3, 40)),
        };
        let red = |cp| (Color::Red, Some(Score::Cp(cp)));
        let black = |cp| (Color::Black, Some(Score::Cp(cp)));
        // Red ahead by 5.00 or more in both engines' eyes, two moves each.
        let won = [red(600), black(-550), red(700), black(-500)];
        let (r, why) = adj.judge(&won, 20).unwrap();
        assert_eq!(r, GameResult::RedWins, "{why}");
        assert_eq!(termination_kind(&why), "adjudicated");
        // One report short of it, or one engine not agreeing: play on.
        assert_eq!(adj.judge(&won[1..], 20), None);
        assert_eq!(
            adj.judge(&[red(600), black(-450), red(700), black(-500)], 20),
            None
        );
        // A move without a score breaks the run.
        assert_eq!(
            adj.judge(&[red(600), (Color::Black, None), red(700), black(-500)], 20),
            None
        );
        // Black mating, from both sides' view.
        let mate = [
            red(-900),
            (Color::Black, Some(Score::Mate(5))),
            (Color::Red, Some(Score::Mate(-4))),
            (Color::Black, Some(Score::Mate(3))),
        ];
        assert_eq!(adj.judge(&mate, 30).unwrap().0, GameResult::BlackWins);
        // A dead draw, but only from move 40.
        let level = [red(5), black(0), red(-3), black(10), red(0), black(-10)];
        assert_eq!(adj.judge(&level, 39), None);
        assert_eq!(adj.judge(&level, 40).unwrap().0, GameResult::Draw);
        assert_eq!(
            adj.judge(
                &[red(5), black(0), red(-3), black(11), red(0), black(-10)],
                40
            ),
            None
        );
        // No rules, no verdicts.
        assert_eq!(Adjudication::default().judge(&won, 60), None);
        assert_eq!(Adjudication::default().judge(&level, 60), None);
    }

    #[test]
    fn endings_are_counted_without_their_side() {
        assert_eq!(
            termination_kind("perpetual chase by black"),
            "perpetual chase"
        );
        assert_eq!(
            termination_kind("red crashed: the engine exited"),
            "crashed"
        );
        assert_eq!(
            termination_kind("perpetual check by red on red's draw claim"),
            "perpetual check"
        );
    }
}
