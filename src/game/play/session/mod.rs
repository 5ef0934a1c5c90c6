//! The game being played: the record (from the rules), who plays which side,
//! the current selection, and the turn flow.
//!
//! Everything that changes the game arrives as a message — a click on a
//! point ([`BoardInput`]), a command ([`GameCommand`]) or an AI answer
//! ([`AiMoveChosen`]), a move of an exercise's own board played out
//! ([`ExerciseMove`]) — and every change goes out as a message too
//! ([`BoardChanged`], [`IllegalInput`], [`CheckAlert`], [`SoundCue`]), so
//! the presentation and the tests see exactly the same game.
//!
//! The `generation` counter goes up on every change of the game. An AI
//! answer carries the generation its search started from; if the game has
//! moved on (undo, new game, leaving the screen), the answer is stale and is
//! dropped.

use crate::game::play::Turn;
use crate::game::play::exercise::active::ActiveExercise;
use crate::game::{GameSet, LaunchOptions, Mode, Screen};
use crate::rules::records::{MoveTree, NodeId};
use crate::rules::{Color, Game, GameResult, Move, Position, Square};
use bevy::prelude::*;

mod commands;
mod messages;
mod open;
mod setup;
mod turns;

pub(crate) use messages::Outputs;
pub use messages::{
    AiMoveChosen, BoardChanged, BoardInput, CheckAlert, ExerciseMove, GameCommand, IllegalInput,
    OpenFile, SoundCue,
};
pub use open::{ClockSetup, GameOpener, PendingGame};
pub use setup::{Computer, GameSetup, MAX_LEVEL, Player};
pub(crate) use turns::pick;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameSetup>()
        .init_resource::<Selection>()
        .add_message::<BoardInput>()
        .add_message::<GameCommand>()
        .add_message::<AiMoveChosen>()
        .add_message::<ExerciseMove>()
        .add_message::<BoardChanged>()
        .add_message::<IllegalInput>()
        .add_message::<CheckAlert>()
        .add_message::<SoundCue>()
        .add_systems(OnEnter(Screen::Playing), start_session)
        .add_systems(OnExit(Screen::Playing), end_session)
        .add_systems(
            Update,
            (
                (
                    apply_pending,
                    commands::handle_commands,
                    turns::handle_board_input.run_if(in_state(Turn::Human)),
                    // Clicks while the AI moves or after the end are dropped,
                    // not kept for the human's next turn.
                    turns::drop_board_input.run_if(not(in_state(Turn::Human))),
                )
                    .chain()
                    .in_set(GameSet::Rules),
                (
                    turns::apply_ai_moves,
                    turns::apply_exercise_moves,
                    sync_turn,
                )
                    .chain()
                    .in_set(GameSet::Resolve),
            )
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Sets up the first screen from the command line.
pub(crate) fn configure_start(app: &mut App, opts: &LaunchOptions) {
    let mut setup = GameSetup::default();
    // The menu offers the mode and levels chosen last time.
    if let Some(settings) = app
        .world()
        .get_resource::<crate::game::settings::UserSettings>()
    {
        setup.players = settings.players.clone().clamped();
    }
    if let Some(level) = opts.level {
        let level = level.clamp(1, MAX_LEVEL);
        setup.players.computers.red.level = level;
        setup.players.computers.black.level = level;
    }
    // Engines of the command line, used by name like the player's own.
    let mut launch = crate::game::play::external::LaunchEngines::default();
    if let Some(engine) = &opts.engine {
        setup.players.computers.red.engine = Some(engine.name.clone());
        launch.engines.push(engine.clone());
    }
    if let Some(engine) = &opts.analysis_engine {
        let mut engine = engine.clone();
        // Two of the same program: the analysing one gets a name of its own.
        if launch.engines.iter().any(|e| e.name == engine.name) {
            engine.name.push_str(" (analysis)");
        }
        launch.analysis = Some(engine.name.clone());
        launch.engines.push(engine);
    }
    if !launch.engines.is_empty() {
        app.insert_resource(launch);
    }
    if let Some(fen) = &opts.fen {
        match Position::from_fen(fen.trim()) {
            Ok(pos) => setup.start = pos,
            Err(e) => warn!("--fen ignored: {e}"),
        }
    }
    if let Some((handicap, giver)) = opts.handicap {
        setup.start = handicap.position(giver);
    }
    if let Some((red, black)) = opts.clock {
        app.insert_resource(ClockSetup { red, black });
    }
    if let Some(path) = &opts.open {
        app.world_mut().write_message(OpenFile(path.clone()));
    }
    if let Some(mode) = opts.mode {
        setup.players.mode = mode;
        app.insert_resource(setup);
        app.insert_state(Screen::Playing);
    } else {
        app.insert_resource(setup);
    }
}

/// The game on the board.
#[derive(Resource, Clone, Debug)]
pub struct Session {
    /// The record (a move tree with its main line, the game) with undo/redo.
    pub game: Game,
    /// Who plays what.
    pub setup: GameSetup,
    /// Bumped on every change; AI answers from older generations are stale.
    pub generation: u64,
    /// Black at the bottom.
    pub flipped: bool,
    /// AI vs AI paused.
    pub paused: bool,
    /// `Time::elapsed_secs_f64` of the last change, for the pause between AI moves.
    pub changed_at: f64,
    /// What the player took back against the computer in this game.
    pub takebacks: Takebacks,
}

/// Take-backs against the computer, which weigh a game's rating down
/// (see `store::profile::weight`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Takebacks {
    /// Moves taken back.
    pub count: u32,
    /// Taken back to before the player's first move: the game is not rated.
    pub to_start: bool,
    /// The game's end has been rated (it counts once).
    pub rated: bool,
}

impl Session {
    /// A new game from `setup`.
    pub fn new(setup: GameSetup, now: f64) -> Session {
        Session {
            game: Game::new(setup.start),
            flipped: setup.players.mode == Mode::Black,
            setup,
            generation: 0,
            paused: false,
            changed_at: now,
            takebacks: Takebacks::default(),
        }
    }

    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// Who is to move.
    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// How the game on the board has ended.
    pub fn ended(&self) -> Option<crate::rules::Outcome> {
        self.game.outcome()
    }

    /// Is a human to move in a game still going on?
    pub fn human_to_move(&self) -> bool {
        self.ended().is_none() && self.setup.player(self.side_to_move()) == Player::Human
    }

    /// The turn state with `exercise` on the board: the student's move
    /// when it lets the side to move play; over when the rules end it.
    pub fn turn_with(&self, exercise: Option<&dyn crate::exercise::Exercise>) -> Turn {
        let Some(e) = exercise else {
            return self.turn();
        };
        if e.mover() == Some(self.side_to_move()) {
            Turn::Human
        } else if e.ends_by_rules() && self.ended().is_some() {
            Turn::Over
        } else {
            Turn::Ai
        }
    }

    /// The turn state this session is in.
    pub fn turn(&self) -> Turn {
        if self.ended().is_some() {
            Turn::Over
        } else if self.human_to_move() {
            Turn::Human
        } else {
            Turn::Ai
        }
    }

    /// The positions before the current one, oldest first (what a search
    /// needs for the repetition rules).
    pub fn history(&self) -> Vec<Position> {
        let (positions, _) = self.game.history();
        positions[..positions.len().saturating_sub(1)].to_vec()
    }

    /// Where a search of the live position starts.
    pub fn search_from(&self) -> crate::game::play::search::SearchFrom {
        crate::game::play::search::SearchFrom {
            position: *self.position(),
            history: self.history(),
            generation: self.generation,
        }
    }

    /// Puts `game` (a restored or opened record, cursor included) on the
    /// board in place of the one played. AI vs AI opens paused when there
    /// are moves: the player came to look first.
    pub fn replace_game(&mut self, game: Game, now: f64) {
        self.game = game;
        self.paused = self.setup.players.mode == Mode::AiVsAi && self.game.ply() > 0;
        self.touch(now);
    }

    /// The game's record: every move with its variations, comments and marks.
    pub fn tree(&self) -> &MoveTree {
        self.game.tree()
    }

    /// The tree node of the position after `ply` plies of the main line.
    pub fn main_node(&self, ply: usize) -> NodeId {
        self.game.node_at(ply).unwrap_or(MoveTree::ROOT)
    }

    /// Makes the line through `id` the main line — the game — played to its
    /// end (a declared result of the old line no longer applies); AI vs AI
    /// waits for Space. False when `id` is on the main line already.
    pub fn promote(&mut self, id: NodeId, now: f64) -> bool {
        if !self.game.promote_to_main_line(id) {
            return false;
        }
        self.game.goto(self.game.all_moves().len());
        self.paused = self.setup.players.mode == Mode::AiVsAi;
        self.touch(now);
        true
    }

    /// Makes the position after `ply` plies the live one; the moves after it
    /// become the redo tail, as after undo. AI vs AI then waits for Space.
    pub fn go_to_ply(&mut self, ply: usize, now: f64) {
        self.game.goto(ply);
        self.paused = self.setup.players.mode == Mode::AiVsAi;
        self.touch(now);
    }

    /// A new game from the same setup, on the board as it is turned.
    pub fn restart(&mut self, now: f64) {
        let flipped = self.flipped;
        let generation = self.generation;
        *self = Session::new(self.setup.clone(), now);
        self.flipped = flipped;
        self.generation = generation;
        self.touch(now);
    }

    /// Bumps the generation: answers to searches from before are stale.
    pub fn touch(&mut self, now: f64) {
        self.generation += 1;
        self.changed_at = now;
    }
}

/// The selected piece and where it may go.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The selected point.
    pub from: Option<Square>,
    /// Legal moves of the selected piece.
    pub moves: Vec<Move>,
}

impl Selection {
    /// The destination points of the selected piece.
    pub fn targets(&self) -> impl Iterator<Item = Square> + '_ {
        self.moves.iter().map(|m| m.to())
    }

    /// Selects the piece on `sq` with its legal moves.
    pub fn select(&mut self, pos: &Position, sq: Square) {
        self.from = Some(sq);
        self.moves = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from() == sq)
            .collect();
    }

    /// No piece selected.
    pub fn clear(&mut self) {
        self.from = None;
        self.moves.clear();
    }
}

fn start_session(
    mut commands: Commands,
    setup: Res<GameSetup>,
    time: Res<Time>,
    mut selection: ResMut<Selection>,
    mut out: Outputs,
) {
    let session = Session::new(setup.clone(), time.elapsed_secs_f64());
    commands.insert_resource(session);
    selection.clear();
    out.changed.write(BoardChanged::Reset);
    out.sound.write(SoundCue::Start);
}

fn end_session(mut commands: Commands, mut selection: ResMut<Selection>) {
    // Dropping the session makes any running search stale; the AI plugin
    // stops it.
    commands.remove_resource::<Session>();
    selection.clear();
}

/// Puts a pending game on the board (first frame of a session).
pub(crate) fn apply_pending(
    mut commands: Commands,
    pending: Option<Res<PendingGame>>,
    mut session: ResMut<Session>,
    mut selection: ResMut<Selection>,
    time: Res<Time>,
    mut changed: MessageWriter<BoardChanged>,
) {
    let Some(pending) = pending else {
        return;
    };
    commands.remove_resource::<PendingGame>();
    session.replace_game(pending.game.clone(), time.elapsed_secs_f64());
    session.takebacks = pending.takebacks;
    // A game that ended before it was saved has had its rating.
    session.takebacks.rated = session.game.outcome().is_some();
    selection.clear();
    changed.write(BoardChanged::Reset);
}

fn sync_turn(
    session: Res<Session>,
    exercise: Option<Res<ActiveExercise>>,
    turn: Res<State<Turn>>,
    mut next: ResMut<NextState<Turn>>,
    mut selection: ResMut<Selection>,
) {
    let want = session.turn_with(exercise.as_deref().map(ActiveExercise::exercise));
    if *turn.get() != want {
        next.set(want);
    }
    if want != Turn::Human && selection.from.is_some() {
        selection.clear();
    }
}

/// The human's result in words-ready form: `Some(true)` won, `Some(false)` lost.
pub fn human_won(session: &Session) -> Option<bool> {
    let outcome = session.game.outcome()?;
    let human = session.setup.human_color()?;
    match outcome.result {
        GameResult::Draw => None,
        r => Some(r.winner() == Some(human)),
    }
}
