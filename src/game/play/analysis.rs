//! Analysis: the engine thinks about the position on the board without end
//! and shows its best lines (MultiPV), until the player turns it off.
//!
//! The position is the one the board shows: the live game, or a reviewed
//! ply. Whenever that changes — a move, undo, a step through the record, a
//! new game, another number of lines in the settings — the running search
//! is dropped (its stop flag rises, so it ends within a few thousand nodes)
//! and a new one starts; its lines arrive through a channel of its own, so
//! a line from the old position can never show. The search runs through the
//! same helper as the AI and the hint ([`OffThreadSearch`]), with an engine
//! of its own whose hash table carries over from one position to the next.
//!
//! While the AI is thinking about the live position, the analysis waits:
//! the two would share the cores, and the AI would play weaker.

use crate::engine::{Limits, Score, SearchInfo};
use crate::game::play::Turn;
use crate::game::play::browse::{Browse, shown_history, shown_ply, shown_position};
use crate::game::play::search::{OffThreadSearch, SearchJob, SharedEngine};
use crate::game::play::session::{BoardInput, Session};
use crate::game::settings::UserSettings;
use crate::game::{GameSet, Screen};
use crate::rules::{Color as Side, Move, Position};
use crate::store::Settings;
use crate::store::settings::MAX_ANALYSIS_LINES;
use bevy::prelude::*;
use crossbeam_channel::{Receiver, Sender};
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .init_resource::<AnalysisBackend>()
        .add_message::<AnalysisCommand>()
        .add_systems(OnExit(Screen::Playing), switch_off)
        .add_systems(
            Update,
            (handle_commands, follow_the_board, receive_lines)
                .chain()
                .in_set(GameSet::Resolve)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// The analysis engine's hash table.
const ANALYSIS_HASH_MB: usize = 64;

/// What the player asks of the analysis (a button, a key, a click on a line).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisCommand {
    /// Turn it on or off.
    Toggle,
    /// Play the first move of line `n` (0 = the best) on the board.
    PlayLine(usize),
}

/// One line of the analysis, as the engine last reported it.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisLine {
    /// Depth completed for this line.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The score from the side to move's point of view.
    pub score: Score,
    /// The line, from the analysed position.
    pub pv: Vec<Move>,
    /// Nodes searched so far (all lines).
    pub nodes: u64,
}

impl AnalysisLine {
    /// The score from Red's point of view.
    pub fn red_score(&self, side_to_move: Side) -> Score {
        self.score.for_red(side_to_move)
    }
}

/// What the lines are about: a change of any part restarts the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Target {
    generation: u64,
    ply: usize,
    lines: usize,
    /// The shown variation's node, if one is shown.
    node: Option<crate::rules::records::NodeId>,
}

/// The analysis: on or off, and the lines for the shown position.
#[derive(Resource, Default)]
pub struct Analysis {
    on: bool,
    target: Option<Target>,
    position: Option<Position>,
    /// Best first; entry `k` is the engine's line `k + 1`.
    lines: Vec<AnalysisLine>,
    search: Option<OffThreadSearch<()>>,
    reports: Option<Receiver<SearchInfo>>,
}

impl Analysis {
    /// Turns the analysis on (the game's `--analysis`).
    pub fn switch_on(&mut self) {
        self.on = true;
    }

    /// Is the analysis turned on?
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// The position the lines are about (`None` while nothing is analysed).
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    /// The lines, best first (empty until the first report).
    pub fn lines(&self) -> &[AnalysisLine] {
        if self.on { &self.lines } else { &[] }
    }

    fn stop(&mut self) {
        self.search = None;
        self.reports = None;
        self.target = None;
        self.position = None;
        self.lines.clear();
    }
}

/// Runs an analysis: searches `job.position` for `lines` lines until the
/// stop flag rises, sending each line's report. Tests swap in their own.
#[derive(Resource, Clone)]
pub struct AnalysisBackend(pub Arc<dyn Fn(SearchJob, usize, Sender<SearchInfo>) + Send + Sync>);

impl Default for AnalysisBackend {
    fn default() -> Self {
        let engine = SharedEngine::new(ANALYSIS_HASH_MB);
        AnalysisBackend(Arc::new(move |job: SearchJob, lines, out| {
            let limits = Limits {
                infinite: true,
                ..Limits::default()
            };
            engine.with(|engine| {
                engine.search_lines(
                    &job.position,
                    &job.history,
                    &limits,
                    &job.stop,
                    &mut |info| {
                        let _ = out.send(info.clone());
                    },
                    &[],
                    lines,
                );
            });
        }))
    }
}

fn switch_off(mut analysis: ResMut<Analysis>) {
    analysis.on = false;
    analysis.stop();
}

fn handle_commands(
    mut commands: MessageReader<AnalysisCommand>,
    mut analysis: ResMut<Analysis>,
    session: Res<Session>,
    browse: Res<Browse>,
    turn: Option<Res<State<Turn>>>,
    mut board: MessageWriter<BoardInput>,
    mut tree: MessageWriter<crate::game::play::variations::TreeCommand>,
) {
    for command in commands.read() {
        match *command {
            AnalysisCommand::Toggle => {
                analysis.on = !analysis.on;
                if !analysis.on {
                    analysis.stop();
                }
            }
            AnalysisCommand::PlayLine(n) => {
                // A line is played as the player would play its first move:
                // on the live position, when it is a human's turn.
                let human = turn.as_deref().is_some_and(|t| *t.get() == Turn::Human);
                let live = !browse.active() && analysis.position() == Some(session.position());
                let Some(&mv) = analysis.lines().get(n).and_then(|l| l.pv.first()) else {
                    continue;
                };
                if human && live && session.position().is_legal(mv) {
                    board.write(BoardInput::Click(mv.from()));
                    board.write(BoardInput::Click(mv.to()));
                } else if browse.active()
                    && analysis.position() == Some(&shown_position(&session, Some(&browse)))
                {
                    // While browsing, the whole line goes into the move tree.
                    let pv = analysis.lines()[n].pv.clone();
                    tree.write(crate::game::play::variations::TreeCommand::AddLine(pv));
                }
            }
        }
    }
}

/// Starts, restarts or pauses the search so it is always about the shown
/// position.
fn follow_the_board(
    mut analysis: ResMut<Analysis>,
    session: Res<Session>,
    browse: Res<Browse>,
    settings: Option<Res<UserSettings>>,
    turn: Option<Res<State<Turn>>>,
    backend: Res<AnalysisBackend>,
    time: Res<Time>,
) {
    if !analysis.on {
        return;
    }
    let ai_thinking = !browse.active() && turn.as_deref().is_some_and(|t| *t.get() == Turn::Ai);
    let ply = shown_ply(&session, Some(&browse));
    let target = Target {
        generation: session.generation,
        ply,
        node: browse.node,
        lines: usize::from(
            settings
                .map_or_else(|| Settings::default().analysis_lines, |s| s.analysis_lines)
                .clamp(1, MAX_ANALYSIS_LINES),
        ),
    };
    if ai_thinking {
        if analysis.target.is_some() {
            analysis.stop();
        }
        return;
    }
    if analysis.target == Some(target) {
        return;
    }
    analysis.stop();
    analysis.target = Some(target);
    let position = shown_position(&session, Some(&browse));
    analysis.position = Some(position);
    if !position.has_legal_move() {
        return;
    }
    let history = shown_history(&session, Some(&browse));
    let (tx, rx) = crossbeam_channel::unbounded();
    let run = backend.0.clone();
    let lines = target.lines;
    analysis.reports = Some(rx);
    analysis.search = Some(OffThreadSearch::start_at(
        position,
        history,
        session.generation,
        time.elapsed_secs_f64(),
        move |job| {
            run(job, lines, tx);
            None
        },
    ));
}

/// Takes the reports that have arrived into the lines.
fn receive_lines(mut analysis: ResMut<Analysis>) {
    let analysis = &mut *analysis;
    let Some(reports) = &analysis.reports else {
        return;
    };
    while let Ok(info) = reports.try_recv() {
        let Some(k) = (info.multipv as usize).checked_sub(1) else {
            continue;
        };
        if k > analysis.lines.len() || info.pv.is_empty() {
            continue;
        }
        let line = AnalysisLine {
            depth: info.depth,
            seldepth: info.seldepth,
            score: info.score,
            pv: info.pv,
            nodes: info.nodes,
        };
        if k == analysis.lines.len() {
            analysis.lines.push(line);
        } else {
            analysis.lines[k] = line;
        }
    }
    // A search that ended by itself (the depth limit) leaves its lines.
    if let Some(search) = &mut analysis.search
        && search.poll().is_some()
    {
        analysis.search = None;
    }
}
