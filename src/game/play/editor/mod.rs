//! The position editor, the logic: the arrangement being set up
//! ([`Setup`]), the board's orientation, the mode and level to play it
//! with, and what can be done from it.
//!
//! It opens from the menu (on the last arrangement, at first the start
//! position) or from the game ([`EditPosition`], on the position shown).
//! Every change arrives as an [`EditorCommand`]: a piece put down from the
//! box, moved, or taken off; clear, start position, side to move, flip.
//! [`Editor::status`] is what the screen shows: the FEN and, for an
//! arrangement no game can be played from, the FEN reader's typed error
//! ("red general on d4 is outside its palace"), which also disables the
//! actions. From a valid position: Play (a game in the chosen mode and
//! level, the edited side to move first), Analyse (a two-player game with
//! the analysis on), Copy FEN, and Save as puzzle — the engine searches
//! the position off the main thread (the quick review's limits) and its
//! best line becomes the solution of a puzzle in the player's own list
//! ([`crate::store::my_puzzles::composed`]), judged like the puzzles from
//! games: the engine's move, or one within the margin of it, solves it.

use crate::engine::SearchResult;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::Play;
use crate::game::play::analysis::Analysis;
use crate::game::play::autosave::{ContinueGame, can_continue};
use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::game_review::{ReviewEngine, ReviewLimits};
use crate::game::play::my_puzzle::ActiveMyPuzzle;
use crate::game::play::puzzle::ActivePuzzle;
use crate::game::play::search::OffThreadSearch;
use crate::game::play::session::{GameSetup, MAX_LEVEL, PendingGame, Session};
use crate::game::play::shown::{PanelCommands, PlayShown};
use crate::game::settings::StorePaths;
use crate::game::{GameSet, LaunchOptions, Mode, Screen};
use crate::rules::setup::Setup;
use crate::rules::{Color, FenError, Piece, Position, Square};
use crate::store::Players;
use bevy::clipboard::Clipboard;
use bevy::prelude::*;

mod save_puzzle;

use save_puzzle::{finish_saving, save_as_puzzle};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Editor>()
        .add_message::<EditPosition>()
        .add_message::<EditorCommand>()
        .add_systems(
            Update,
            (open_editor, editor_commands)
                .chain()
                .in_set(GameSet::Rules),
        )
        .add_systems(Update, finish_saving.in_set(GameSet::Resolve))
        .add_systems(
            Update,
            play_shown
                .in_set(GameSet::Resolve)
                .after(PanelCommands)
                .run_if(in_state(Screen::Editor)),
        )
        .add_systems(
            Update,
            orient_new_game
                .in_set(GameSet::Resolve)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// A move chosen in a panel (the explorer's rows) is made on the
/// arrangement: it becomes the position after the move.
fn play_shown(mut lines: MessageReader<PlayShown>, mut editor: ResMut<Editor>) {
    for PlayShown { from, line } in lines.read() {
        if let Some(&first) = line.first().filter(|m| from.is_legal(**m))
            && editor.setup.validate().ok().as_ref() == Some(from)
        {
            let mut after = *from;
            after.make(first);
            editor.setup = Setup::from_position(&after);
        }
    }
}

/// Opens the editor with `--editor` (on `--fen`, valid or not, if given).
pub(crate) fn configure_launch(app: &mut App, opts: &LaunchOptions) {
    if !opts.editor {
        return;
    }
    let mut editor = Editor::default();
    if let Some(fen) = &opts.fen {
        match Setup::from_fen(fen.trim()) {
            Ok(setup) => editor.setup = setup,
            Err(e) => warn!("--fen ignored: {e}"),
        }
    }
    app.insert_resource(editor);
    app.insert_state(Screen::Editor);
}

/// Open the editor: on the position shown in the game, or (from the menu)
/// on the arrangement last edited.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct EditPosition;

/// What the editor's board, buttons and keys do.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorCommand {
    /// A piece from the box put on a point (replacing what stood there).
    Place(Square, Piece),
    /// A piece moved from one point to another (taking what stood there).
    Move {
        /// Where it stood.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// The piece on a point back into the box.
    Remove(Square),
    /// Every piece back into the box.
    Clear,
    /// The start position.
    StartPosition,
    /// Who moves first.
    SideToMove(Color),
    /// Turn the board.
    Flip,
    /// The mode to play the position in.
    Mode(Mode),
    /// The AI's level to play it at.
    Level(u8),
    /// Play a game from the position.
    Play,
    /// Analyse the position (a two-player game with the analysis on).
    Analyse,
    /// The FEN to the clipboard.
    CopyFen,
    /// Save the position as a puzzle in the player's own list.
    SaveAsPuzzle,
    /// Leave: back to the game it was opened from, else the menu.
    Back,
}

/// The editor's state.
#[derive(Resource)]
pub struct Editor {
    /// The arrangement.
    pub setup: Setup,
    /// Black at the bottom.
    pub flipped: bool,
    /// How Play plays it.
    pub mode: Mode,
    /// The AI's level for Play.
    pub level: u8,
    /// Opened from a game that Back returns to.
    back_to_game: bool,
    /// The engine's search for Save as puzzle.
    saving: Option<(Position, OffThreadSearch<SearchResult>)>,
}

impl Default for Editor {
    fn default() -> Self {
        Editor {
            setup: Setup::start(),
            flipped: false,
            mode: Mode::Red,
            level: 3,
            back_to_game: false,
            saving: None,
        }
    }
}

/// What the editor shows about the arrangement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditorStatus {
    /// Its FEN.
    pub fen: String,
    /// Why no game can be played from it (`None`: a valid position).
    pub error: Option<FenError>,
}

impl EditorStatus {
    /// Play, Analyse, Copy FEN and Save as puzzle are offered.
    pub fn valid(&self) -> bool {
        self.error.is_none()
    }
}

impl Editor {
    /// The FEN and the verdict on it.
    pub fn status(&self) -> EditorStatus {
        EditorStatus {
            fen: self.setup.fen(),
            error: self.setup.validate().err(),
        }
    }

    /// Is the engine finding the solution of a puzzle being saved?
    pub fn saving(&self) -> bool {
        self.saving.is_some()
    }
}

/// A new game started from the editor turns the board as the editor had it.
#[derive(Resource)]
struct OrientNewGame {
    start: Position,
    flipped: bool,
}

fn open_editor(
    mut requests: MessageReader<EditPosition>,
    mut editor: ResMut<Editor>,
    setup: Res<GameSetup>,
    session: Option<Res<Session>>,
    browse: Option<Res<Browse>>,
    play: Option<Res<State<Play>>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    editor.back_to_game = false;
    if let Some(session) = session.as_deref() {
        let shown = shown_position(session, browse.as_deref());
        editor.setup = Setup::from_position(&shown);
        editor.flipped = session.flipped;
        // Only a free game is autosaved, and so can be gone back to.
        editor.back_to_game = play.is_some_and(|p| *p.get() == Play::Free);
    }
    editor.mode = setup.players.mode;
    editor.level = setup.players.computers.red.level.clamp(1, MAX_LEVEL);
    next.set(Screen::Editor);
}

/// What starting a game from the editor changes.
#[derive(bevy::ecs::system::SystemParam)]
struct Starter<'w, 's> {
    commands: Commands<'w, 's>,
    setup: ResMut<'w, GameSetup>,
    analysis: ResMut<'w, Analysis>,
    play: ResMut<'w, NextState<Play>>,
    screen: ResMut<'w, NextState<Screen>>,
}

impl Starter<'_, '_> {
    fn start(&mut self, start: Position, mode: Mode, level: u8, flipped: bool, analyse: bool) {
        *self.setup = GameSetup {
            players: Players::new(mode, level, level),
            start,
        };
        self.commands.remove_resource::<PendingGame>();
        self.commands.remove_resource::<ActivePuzzle>();
        self.commands.remove_resource::<ActiveMyPuzzle>();
        self.commands
            .remove_resource::<crate::game::play::exercise::ActiveExercise>();
        // Against the AI the human sits at the bottom; otherwise the board
        // stays as it was in the editor.
        if matches!(mode, Mode::Hotseat | Mode::AiVsAi) {
            self.commands
                .insert_resource(OrientNewGame { start, flipped });
        }
        if analyse && !self.analysis.is_on() {
            self.analysis.switch_on();
        }
        self.play.set(Play::Free);
        self.screen.set(Screen::Playing);
    }
}

fn editor_commands(
    mut commands_in: MessageReader<EditorCommand>,
    mut editor: ResMut<Editor>,
    mut starter: Starter,
    mut notice: ResMut<Notice>,
    mut clipboard: Option<ResMut<Clipboard>>,
    engine: Res<ReviewEngine>,
    limits: Res<ReviewLimits>,
    paths: Option<Res<StorePaths>>,
    time: Res<Time>,
    mut continue_game: MessageWriter<ContinueGame>,
) {
    for &command in commands_in.read() {
        let valid = editor.setup.validate();
        match command {
            EditorCommand::Place(sq, piece) => {
                if let Err(e) = editor.setup.place(sq, piece) {
                    notice.post(Phrase::SetFull, e.to_string(), true);
                }
            }
            EditorCommand::Move { from, to } => editor.setup.move_piece(from, to),
            EditorCommand::Remove(sq) => {
                editor.setup.remove(sq);
            }
            EditorCommand::Clear => editor.setup.clear(),
            EditorCommand::StartPosition => {
                let side = editor.setup.side_to_move;
                editor.setup = Setup::start();
                editor.setup.side_to_move = side;
            }
            EditorCommand::SideToMove(side) => editor.setup.side_to_move = side,
            EditorCommand::Flip => editor.flipped = !editor.flipped,
            EditorCommand::Mode(mode) => editor.mode = mode,
            EditorCommand::Level(level) => editor.level = level.clamp(1, MAX_LEVEL),
            EditorCommand::Play | EditorCommand::Analyse => {
                let pos = match valid {
                    Ok(pos) => pos,
                    Err(e) => {
                        notice.post(Phrase::PositionInvalid, e.to_string(), true);
                        continue;
                    }
                };
                let analyse = command == EditorCommand::Analyse;
                let mode = if analyse { Mode::Hotseat } else { editor.mode };
                starter.start(pos, mode, editor.level, editor.flipped, analyse);
            }
            EditorCommand::CopyFen => match valid {
                Ok(_) => copy_fen(&editor.setup, clipboard.as_deref_mut(), &mut notice),
                Err(e) => notice.post(Phrase::PositionInvalid, e.to_string(), true),
            },
            EditorCommand::SaveAsPuzzle => match valid {
                Ok(pos) => {
                    let now = time.elapsed_secs_f64();
                    save_as_puzzle(&mut editor, pos, (&engine, &limits), now, &mut notice);
                }
                Err(e) => notice.post(Phrase::PositionInvalid, e.to_string(), true),
            },
            EditorCommand::Back => {
                if editor.back_to_game && can_continue(paths.as_deref()) {
                    continue_game.write(ContinueGame);
                } else {
                    starter.screen.set(Screen::Menu);
                }
                editor.back_to_game = false;
            }
        }
    }
}

/// The position's FEN onto the clipboard.
fn copy_fen(setup: &Setup, clipboard: Option<&mut Clipboard>, notice: &mut Notice) {
    let fen = setup.fen();
    match clipboard.map(|c| c.set_text(fen.clone())) {
        Some(Ok(())) => notice.post(Phrase::FenCopied, fen, false),
        Some(Err(e)) => notice.post(Phrase::ClipboardFailed, e.to_string(), true),
        None => notice.post(Phrase::ClipboardFailed, "no clipboard", true),
    }
}

fn orient_new_game(
    mut commands: Commands,
    orient: Option<Res<OrientNewGame>>,
    mut session: ResMut<Session>,
) {
    let Some(orient) = orient else {
        return;
    };
    if *session.game.start() == orient.start && session.flipped != orient.flipped {
        session.flipped = orient.flipped;
    }
    commands.remove_resource::<OrientNewGame>();
}
