//! The analysis follows the board: a new search whenever the shown
//! position, the lines asked for, the exclusions or the engine change (and
//! none while the AI's search runs on the live game: the lines found before
//! stay, or its own line stands in); the lines coming in.

use super::{Analysis, AnalysisBackend, AnalysisLine, Target};
use crate::client::external::EngineLine;
use crate::client::process::GoLimit;
use crate::engine::{Score, SearchInfo};
use crate::game::i18n::{Lang, Phrase, engine_failure_text};
use crate::game::notice::Notice;
use crate::game::play::Turn;
use crate::game::play::ai::AiState;
use crate::game::play::browse::{Browse, shown_history, shown_ply, shown_position};
use crate::game::play::external::{self, ExternalEngines, SharedExternal, Use};
use crate::game::play::search::{OffThreadSearch, SearchJob, search_threads};
use crate::game::play::session::Session;
use crate::game::settings::{CurrentLang, UserSettings};
use crate::rules::{Move, Position};
use crate::store::Settings;
use crate::store::settings::MAX_ANALYSIS_LINES;
use bevy::prelude::*;
use crossbeam_channel::Sender;

/// Starts, restarts or pauses the search so it is always about the shown
/// position.
pub(super) fn follow_the_board(
    mut analysis: ResMut<Analysis>,
    (session, browse): (Res<Session>, Res<Browse>),
    settings: Option<Res<UserSettings>>,
    turn: Option<Res<State<Turn>>>,
    ai: Res<AiState>,
    backend: Res<AnalysisBackend>,
    time: Res<Time>,
    mut engines: ResMut<ExternalEngines>,
    launch: Option<Res<external::LaunchEngines>>,
    lang: CurrentLang,
) {
    if !analysis.on {
        return;
    }
    // The computer's search is running (not its pause before a move).
    let ai_thinking =
        !browse.active() && turn.is_some_and(|t| *t.get() == Turn::Ai) && ai.search().is_some();
    let shown = shown_position(&session, Some(&browse));
    if analysis.excluded_at.is_some_and(|p| p != shown) {
        analysis.excluded.clear();
        analysis.excluded_at = None;
    }
    let entry = if analysis.fallback {
        None
    } else {
        external::entry_for(
            Use::Analysis,
            settings.as_deref().map(|s| &**s),
            launch.as_deref(),
        )
    };
    let lines = lines_asked(settings.as_deref());
    let target = Target {
        generation: session.generation,
        ply: shown_ply(&session, Some(&browse)),
        node: browse.node,
        lines,
        excluded: analysis.excluded.len(),
        engine: entry.as_ref().map(|e| e.name.clone()),
    };
    if ai_thinking {
        let latest = ai
            .search()
            .filter(|s| *s.position() == shown)
            .map(OffThreadSearch::latest);
        analysis.wait_for_the_ai(shown, latest);
        return;
    }
    if analysis.waiting {
        // The computer has moved (or stopped): search afresh.
        analysis.stop();
    }
    if analysis.target.as_ref() == Some(&target) {
        return;
    }
    analysis.stop();
    analysis.target = Some(target);
    analysis.position = Some(shown);
    if !shown.has_legal_move() {
        return;
    }
    let (tx, rx) = crossbeam_channel::unbounded();
    analysis.reports = Some(rx);
    let job = Job {
        position: shown,
        history: shown_history(&session, Some(&browse)),
        generation: session.generation,
        now: time.elapsed_secs_f64(),
        exclude: analysis.excluded.clone(),
        lines,
        reports: tx,
        threads: search_threads(settings.as_deref()),
    };
    analysis.search = Some(match entry {
        Some(entry) => job.on_engine(engines.get(Use::Analysis, &entry), *lang),
        None => job.built_in(&backend),
    });
}

/// How many lines the settings ask the analysis for.
fn lines_asked(settings: Option<&UserSettings>) -> usize {
    let lines = settings.map_or_else(|| Settings::default().analysis_lines, |s| s.analysis_lines);
    usize::from(lines.clamp(1, MAX_ANALYSIS_LINES))
}

/// A search about to start, and where its lines go.
struct Job {
    position: Position,
    history: Vec<Position>,
    generation: u64,
    now: f64,
    exclude: Vec<Move>,
    lines: usize,
    reports: Sender<SearchInfo>,
    /// The built-in engine's threads (the player's setting).
    threads: usize,
}

impl Job {
    /// Runs `search` off the main thread with the job's exclusions, number
    /// of lines and report channel; its answer is why it failed, if it did.
    fn start(
        self,
        search: impl FnOnce(SearchJob, Vec<Move>, usize, Sender<SearchInfo>) -> Option<String>
        + Send
        + 'static,
    ) -> OffThreadSearch<String> {
        let Job {
            position,
            history,
            generation,
            now,
            exclude,
            lines,
            reports,
            threads,
        } = self;
        OffThreadSearch::start_at(position, history, generation, now, move |mut job| {
            job.threads = threads;
            search(job, exclude, lines, reports)
        })
    }

    /// The player's engine: MultiPV lines until it is told to stop.
    fn on_engine(self, engine: SharedExternal, lang: Lang) -> OffThreadSearch<String> {
        self.start(move |job, exclude, lines, reports| {
            let sent = external::think(
                &engine,
                &job,
                GoLimit::Infinite,
                &exclude,
                lines as u32,
                &mut |line| {
                    if let Some(info) = search_info(line) {
                        let _ = reports.send(info);
                    }
                },
            );
            sent.err().map(|e| engine_failure_text(&e, lang))
        })
    }

    /// The built-in engine, through the backend.
    fn built_in(self, backend: &AnalysisBackend) -> OffThreadSearch<String> {
        let run = backend.0.clone();
        self.start(move |mut job, exclude, lines, reports| {
            job.exclude = exclude;
            run(job, lines, reports);
            None
        })
    }
}

/// An external engine's line as the analysis shows it (`None` without a
/// legal move).
fn search_info(line: &EngineLine) -> Option<SearchInfo> {
    if line.pv.is_empty() {
        return None;
    }
    Some(SearchInfo {
        multipv: line.multipv,
        depth: line.depth,
        seldepth: line.depth,
        score: line.score.unwrap_or(Score::Cp(0)),
        nodes: 0,
        nps: 0,
        time: std::time::Duration::ZERO,
        pv: line.pv.clone(),
    })
}

/// Takes the reports that have arrived into the lines.
pub(super) fn receive_lines(mut analysis: ResMut<Analysis>, mut notice: ResMut<Notice>) {
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
        && let Some(answer) = search.poll()
    {
        analysis.search = None;
        // The player's engine failed: said, and the built-in one takes over.
        if let Some(failure) = answer {
            notice.post(Phrase::AnalysisEngineFailed, failure, true);
            analysis.fallback = true;
            analysis.target = None;
        }
    }
}
