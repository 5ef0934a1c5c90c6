//! The game's clocks ([`GameClock`] from the rules) following the session.
//!
//! The menu's choice is [`ClockSetup`]; a session started from the menu gets
//! fresh clocks from it, Continue gets the autosaved clocks back and an
//! opened record the clocks it recorded ([`PendingGame::clock`]); puzzles and
//! records without a time control have none.
//!
//! Every frame, after the moves of the frame are played, [`run_clock`]
//! follows the game — a new move ends the mover's turn, undo and redo go
//! back and forth through the clocks kept for every ply — and charges the
//! frame to the side to move, unless the clock is held: in review, while
//! paused, while a menu covers the board, or once the game is over. A
//! falling flag ends the game ([`crate::rules::Game::time_out`]: a loss, or
//! a draw when the other side cannot mate). In the last ten seconds every
//! passing second sounds a [`SoundCue::Tick`].
//!
//! The AI thinks on its clock: [`engine_cap`] turns its time into the
//! engine's limits (`wtime`/`winc`-style game time and increment, and a
//! hard cap for a countdown), keeping [`SAFETY`] back for the frame that
//! applies the move and the thread that returns it.

use crate::engine::{Clock as EngineClock, Limits};
use crate::game::GameSet;
use crate::game::play::Play;
use crate::game::play::browse::Browse;
pub use crate::game::play::session::ClockSetup;
use crate::game::play::session::{GameCommand, PendingGame, Session, SoundCue};
use crate::rules::clock::{GameClock, TimeControl};
use crate::rules::{Color, Move};
use bevy::prelude::*;
use std::time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ClockSetup>()
        .init_resource::<MatchClock>()
        .init_resource::<ClockHold>()
        .add_systems(
            Update,
            (
                choose_clock
                    .in_set(GameSet::Rules)
                    .before(crate::game::play::session::apply_pending),
                run_clock.after(GameSet::Resolve).before(GameSet::Animate),
                (pause_clocked_game, drop_input_while_paused).in_set(GameSet::Input),
            )
                .run_if(
                    in_state(crate::game::Screen::Playing).and_then(resource_exists::<Session>),
                ),
        );
}

/// What the AI keeps back from its clock: the frame that applies its move,
/// the thread that hands it over, a slow frame under load.
pub const SAFETY: Duration = Duration::from_millis(600);

/// The clocks of the game on the board (`None`: played without).
#[derive(Resource, Clone, Debug, Default)]
pub struct MatchClock {
    /// The clocks.
    pub clock: Option<GameClock>,
    /// The moves the clocks have seen, in order (with an undone tail).
    seen: Vec<Move>,
    /// The whole second last ticked (the last ten seconds).
    last_tick: Option<(Color, u64)>,
}

impl MatchClock {
    /// Clocks (or none) for a game that starts now with the moves `seen`.
    pub fn set(&mut self, clock: Option<GameClock>, seen: &[Move]) {
        self.clock = clock.filter(GameClock::is_timed);
        self.seen = seen.to_vec();
        self.last_tick = None;
    }
}

/// Why the clocks are held besides review and pause (the views say: a
/// settings card over the board).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockHold {
    /// A menu or card covers the board.
    pub covered: bool,
}

/// Fresh clocks for a game from `setup` whose first move is `first`'s.
pub fn fresh(setup: &ClockSetup, first: Color) -> Option<GameClock> {
    setup
        .is_timed()
        .then(|| GameClock::new(setup.red, setup.black, first))
}

/// Picks the clocks when a session starts, a game is put on the board, or
/// a new game begins.
// No `Commands` here: a sync point before `apply_pending` would let a game
// queued in this frame be applied before review saw it.
fn choose_clock(
    session: Res<Session>,
    setup: Res<ClockSetup>,
    pending: Option<Res<PendingGame>>,
    play: Res<State<Play>>,
    mut game_commands: MessageReader<GameCommand>,
    mut clock: ResMut<MatchClock>,
) {
    let new_game = game_commands.read().any(|c| *c == GameCommand::NewGame);
    if *play.get() != Play::Free {
        if clock.clock.is_some() {
            clock.set(None, &[]);
        }
        return;
    }
    if let Some(pending) = pending.filter(|p| p.is_added()) {
        let recorded = pending.clock.clone().filter(GameClock::is_timed);
        clock.set(recorded, pending.game.all_moves());
    } else if session.is_added() {
        clock.set(
            fresh(&setup, session.game.start().side_to_move()),
            session.game.all_moves(),
        );
    } else if new_game {
        // The same clocks again, from the start.
        let again = clock.clock.as_ref().map(|c| {
            GameClock::new(
                c.control(Color::Red),
                c.control(Color::Black),
                session.setup.start.side_to_move(),
            )
        });
        clock.set(again, &[]);
    }
}

/// Pause / Resume in a game on a clock (AI vs AI pauses in the session):
/// the clocks stop and nothing moves until it resumes.
fn pause_clocked_game(
    mut commands_in: MessageReader<GameCommand>,
    mut session: ResMut<Session>,
    clock: Res<MatchClock>,
) {
    for command in commands_in.read() {
        if *command == GameCommand::TogglePause
            && session.setup.players.mode != crate::game::Mode::AiVsAi
            && clock.clock.is_some()
            && session.game.outcome().is_none()
        {
            session.paused = !session.paused;
            // A search in flight is abandoned; resuming starts afresh.
            session.generation += 1;
        }
    }
}

/// While a clocked game is paused the board takes no moves.
fn drop_input_while_paused(
    session: Res<Session>,
    clock: Res<MatchClock>,
    mut input: ResMut<Messages<crate::game::play::session::BoardInput>>,
) {
    if session.paused && clock.clock.is_some() {
        input.clear();
    }
}

/// Follows the game's moves and charges the frame to the side to move.
pub fn run_clock(
    mut session: ResMut<Session>,
    mut clock: ResMut<MatchClock>,
    browse: Res<Browse>,
    hold: Res<ClockHold>,
    pending: Option<Res<PendingGame>>,
    time: Res<Time>,
    mut sound: MessageWriter<SoundCue>,
) {
    let MatchClock {
        clock: Some(c),
        seen,
        last_tick,
    } = &mut *clock
    else {
        return;
    };
    if pending.is_some() {
        return;
    }
    let moves = session.game.moves();
    let ply = moves.len();
    let dt = time.delta();
    let held = browse.active() || session.paused || hold.covered;
    if ply != c.ply() || seen.get(..ply) != Some(moves) {
        let common = seen
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count()
            .min(c.ply().max(ply));
        if ply == c.ply() + 1 && common >= c.ply() && seen.get(c.ply()) != Some(&moves[c.ply()]) {
            // A move of this frame: the frame is the mover's, then its turn ends.
            if !held {
                c.tick(dt);
            }
            c.on_move();
            seen.truncate(ply - 1);
            seen.push(moves[ply - 1]);
            *last_tick = None;
            return;
        }
        if ply <= common && c.goto(ply) {
            // Undo, redo, review's "play from here".
            *last_tick = None;
            return;
        }
        // Anything else: the clocks of the common part, the rest untimed.
        c.goto(common.min(c.ply()));
        while c.ply() < ply {
            c.on_move();
        }
        *seen = moves.to_vec();
        *last_tick = None;
        return;
    }
    if held || session.game.outcome().is_some() {
        return;
    }
    let side = c.to_move();
    if let Some(flagged) = c.tick(dt) {
        if flagged == session.side_to_move() {
            time_out(&mut session, &mut sound);
        }
        return;
    }
    let view = c.view(side);
    if view.urgent {
        let second = c.left(side).as_millis().div_ceil(1000) as u64;
        if last_tick.is_some_and(|(s, n)| s == side && n != second) {
            sound.write(SoundCue::Tick);
        }
        *last_tick = Some((side, second));
    }
}

/// The side to move ran out of time: the game ends, and is heard to.
fn time_out(session: &mut Session, sound: &mut MessageWriter<SoundCue>) {
    session.game.time_out();
    session.generation += 1;
    let cue = match session.game.outcome().map(|o| o.result.winner()) {
        Some(None) | None => SoundCue::Draw,
        Some(Some(w)) if session.setup.human_color().is_some_and(|h| h != w) => SoundCue::Lose,
        Some(Some(_)) => SoundCue::Win,
    };
    sound.write(cue);
}

/// The engine's limits for `side` thinking on `clock`, [`SAFETY`] kept back:
/// game time and increment as `wtime`/`winc` would give them, and a hard
/// cap so that a countdown (读秒, 步时) or the last of the game time is
/// never overrun. `None` when `side` has no clock.
pub fn engine_cap(clock: &GameClock, side: Color) -> Option<Limits> {
    let control = clock.control(side);
    if !control.is_timed() {
        return None;
    }
    let t = clock.times()[side.index()];
    let main = Duration::from_millis(t.main_ms);
    let countdown = Duration::from_millis(t.move_ms);
    let left = clock.left(side);
    let hard = left
        .saturating_sub(SAFETY)
        .max(Duration::from_millis(20))
        .min(left.mul_f64(0.8).max(Duration::from_millis(20)));
    let engine_clock = match control {
        TimeControl::None => return None,
        TimeControl::Fischer { .. } => Some(EngineClock {
            remaining: main.saturating_sub(SAFETY),
            increment: control.increment(),
            moves_to_go: None,
        }),
        // The game time is spent as game time; each move's countdown is
        // as good as an increment.
        TimeControl::Countdown { .. } if !main.is_zero() => Some(EngineClock {
            remaining: main,
            increment: countdown.saturating_sub(SAFETY),
            moves_to_go: None,
        }),
        TimeControl::Countdown { .. } => None,
    };
    Some(Limits {
        clock: engine_clock,
        movetime: Some(hard),
        ..Limits::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ai_cap_always_leaves_the_safety_margin_and_follows_the_kind() {
        let s = Duration::from_secs(1);
        // 步时 30 s: a hard cap of 30 s less the margin, no game clock.
        let per_move = GameClock::new(
            TimeControl::parse("0:30").unwrap(),
            TimeControl::None,
            Color::Red,
        );
        let cap = engine_cap(&per_move, Color::Red).unwrap();
        // (at most 80 % of what is left, and never past the margin)
        assert_eq!(cap.movetime, Some(s * 24));
        assert_eq!(cap.clock, None);
        assert!(engine_cap(&per_move, Color::Black).is_none());

        // Fischer with little left: the cap stays inside what is left.
        let mut fischer = GameClock::new(
            TimeControl::Fischer {
                base: 2,
                increment: 1,
            },
            TimeControl::None,
            Color::Red,
        );
        fischer.tick(Duration::from_millis(1500));
        let cap = engine_cap(&fischer, Color::Red).unwrap();
        assert!(cap.movetime.unwrap() <= Duration::from_millis(400));
        let plan = crate::engine::timeman::plan(&cap);
        assert!(plan.hard.unwrap() <= Duration::from_millis(400));

        // 读秒 with game time left: game time plus the countdown as increment.
        let byo = GameClock::new(
            TimeControl::Countdown {
                base: 600,
                per_move: 30,
            },
            TimeControl::None,
            Color::Red,
        );
        let cap = engine_cap(&byo, Color::Red).unwrap();
        let clock = cap.clock.unwrap();
        assert_eq!(clock.remaining, s * 600);
        assert_eq!(clock.increment, s * 30 - SAFETY);
        let plan = crate::engine::timeman::plan(&cap);
        assert!(plan.hard.unwrap() < s * 630 - SAFETY);
    }

    #[test]
    fn with_almost_no_time_the_cap_is_still_below_what_is_left() {
        for left_ms in [30u64, 200, 700, 1200, 5000] {
            let mut c = GameClock::new(
                TimeControl::Fischer {
                    base: 10,
                    increment: 0,
                },
                TimeControl::None,
                Color::Red,
            );
            c.tick(Duration::from_millis(10_000 - left_ms));
            let cap = engine_cap(&c, Color::Red).unwrap();
            let plan = crate::engine::timeman::plan(&cap);
            let hard = plan.hard.unwrap();
            assert!(
                hard < Duration::from_millis(left_ms),
                "{left_ms} ms left, hard limit {hard:?}"
            );
        }
    }
}
