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
//! While the AI is thinking about the live position, the analysis does not
//! search beside it (the two would share the cores, and the AI would play
//! weaker): it runs in the pauses between moves, and while the AI thinks
//! its lines stay, until the AI's own line stands in for them. Following
//! the board and taking the lines in is [`follow`]; what the best line does,
//! in words, is [`motifs`].

mod follow;
pub mod motifs;

use crate::engine::{Limits, Score, SearchInfo, SearchRequest};
use crate::game::play::external::{ExternalEngines, Use};
use crate::game::play::search::{OffThreadSearch, SearchJob, SearchProgress, SharedEngine};
use crate::game::play::session::Session;
use crate::game::play::shown::{PanelCommands, PlayShown};
use crate::game::{GameSet, Screen};
use crate::rules::{Color as Side, Move, Position};
use bevy::prelude::*;
use crossbeam_channel::{Receiver, Sender};
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .init_resource::<AnalysisBackend>()
        .init_resource::<motifs::LineMotifs>()
        .add_message::<AnalysisCommand>()
        .add_systems(OnExit(Screen::Playing), switch_off)
        .add_systems(
            Update,
            (
                handle_commands.in_set(PanelCommands),
                follow::follow_the_board,
                follow::receive_lines,
                motifs::explain_best_line,
            )
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
    /// Leave out the first move of line `n` (0 = the best): the engine
    /// searches the other moves (`searchmoves`, `banmoves`).
    Exclude(usize),
    /// Search every move again.
    ClearExclusions,
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
#[derive(Clone, Debug, PartialEq, Eq)]
struct Target {
    generation: u64,
    ply: usize,
    lines: usize,
    /// The shown variation's node, if one is shown.
    node: Option<crate::rules::records::NodeId>,
    /// How many moves are excluded.
    excluded: usize,
    /// The engine: the player's (its name) or the built-in one.
    engine: Option<String>,
}

/// The analysis: on or off, and the lines for the shown position.
#[derive(Resource, Default)]
pub struct Analysis {
    on: bool,
    target: Option<Target>,
    position: Option<Position>,
    /// Best first; entry `k` is the engine's line `k + 1`.
    lines: Vec<AnalysisLine>,
    search: Option<OffThreadSearch<String>>,
    reports: Option<Receiver<SearchInfo>>,
    /// Moves left out of the search (see [`Analysis::excluded`]).
    excluded: Vec<Move>,
    /// The position they were excluded in (a new position clears them).
    excluded_at: Option<Position>,
    /// The player's engine failed: the built-in one analyses until the
    /// analysis is turned off and on again.
    fallback: bool,
    /// The line shown is the computer's own, while it thinks about the
    /// shown position (see [`Analysis::shows_the_ai`]).
    borrowed: bool,
    /// The search waits while the computer thinks; the lines found before
    /// it began are kept (see [`Analysis::waits`]).
    waiting: bool,
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

    /// The moves left out of the search of the analysed position.
    pub fn excluded(&self) -> &[Move] {
        if self.on && self.excluded_at.is_some() && self.excluded_at == self.position {
            &self.excluded
        } else {
            &[]
        }
    }

    fn stop(&mut self) {
        self.search = None;
        self.reports = None;
        self.target = None;
        self.position = None;
        self.lines.clear();
        self.borrowed = false;
        self.waiting = false;
    }

    /// Whether the line shown is the computer's own: while it thinks about
    /// the shown position the analysis does not search beside it (the two
    /// would share the cores, and the computer would play weaker), and the
    /// computer's line, once it reports one, stands in for the analysis'.
    pub fn shows_the_ai(&self) -> bool {
        self.on && self.borrowed
    }

    /// Whether the search waits while the computer thinks (the lines found
    /// about the same position before it began are kept and shown).
    pub fn waits(&self) -> bool {
        self.on && self.waiting && !self.borrowed
    }

    /// While the computer thinks about `shown`: no search beside it; its
    /// line once it reports one (`latest`), else the lines found before.
    fn wait_for_the_ai(&mut self, shown: Position, latest: Option<&SearchProgress>) {
        self.search = None;
        self.reports = None;
        if self.position != Some(shown) {
            self.stop();
            self.position = Some(shown);
        }
        self.waiting = true;
        let Some(p) = latest.filter(|p| p.depth > 0 && !p.pv.is_empty()) else {
            return;
        };
        // Called every frame while the computer thinks: a new line only
        // when it reports one.
        let same = |l: &AnalysisLine| l.depth == p.depth && l.score == p.score && l.pv == p.pv;
        if self.borrowed && self.lines.first().is_some_and(same) {
            return;
        }
        self.borrowed = true;
        self.lines = vec![AnalysisLine {
            depth: p.depth,
            seldepth: p.depth,
            score: p.score,
            pv: p.pv.clone(),
            nodes: 0,
        }];
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
            let request = SearchRequest::new(&job.position, &job.history, &job.stop)
                .limits(limits)
                .excluding(&job.exclude)
                .lines(lines);
            engine.with_threads(job.threads, |engine| {
                engine.search(&request, &mut |info| {
                    let _ = out.send(info.clone());
                });
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
    mut play: MessageWriter<PlayShown>,
    mut engines: ResMut<ExternalEngines>,
) {
    for command in commands.read() {
        match *command {
            AnalysisCommand::Toggle => {
                analysis.on = !analysis.on;
                analysis.fallback = false;
                if !analysis.on {
                    analysis.stop();
                    // The player's analysis engine ends with the analysis.
                    engines.end(Use::Analysis);
                }
            }
            AnalysisCommand::Exclude(n) => {
                let Some(&mv) = analysis.lines().get(n).and_then(|l| l.pv.first()) else {
                    continue;
                };
                let Some(position) = analysis.position else {
                    continue;
                };
                if analysis.excluded_at != Some(position) {
                    analysis.excluded.clear();
                    analysis.excluded_at = Some(position);
                }
                // At least one move is left to search.
                if !analysis.excluded.contains(&mv)
                    && analysis.excluded.len() + 1 < position.legal_moves().len()
                {
                    analysis.excluded.push(mv);
                }
            }
            AnalysisCommand::ClearExclusions => {
                analysis.excluded.clear();
                analysis.excluded_at = None;
            }
            AnalysisCommand::PlayLine(n) => {
                // Played as the player would play it, from the position
                // the lines are about (see `shown`).
                if let (Some(&from), Some(line)) = (analysis.position(), analysis.lines().get(n)) {
                    play.write(PlayShown {
                        from,
                        line: line.pv.clone(),
                    });
                }
            }
        }
    }
}
