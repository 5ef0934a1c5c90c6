//! The player's own engines in the game: as the opponent, the
//! analysis engine, the hint and the reviewer.
//!
//! Each engine runs as a child process, started on first use on a search's
//! worker thread (never the frame) and kept for the next search, so its
//! hash table and its network stay loaded. [`ExternalEngines`] holds one
//! [`ExternalEngine`] per name and use; a changed entry (a new command or
//! option) starts a fresh one. Leaving the game ends them all, and so does
//! the app's exit; a crashed engine is started again by its next search.
//!
//! An engine's failure (it cannot start, dies, hangs, sends an illegal
//! move) comes back as an [`EngineFailure`], which names the engine and
//! what went wrong; the AI turns it into a notice and pauses the game
//! (see [`EngineTrouble`]).

use crate::client::external::{
    EngineConfig, EngineFailure, EngineLine, ExternalEngine, ThinkRequest, Thought,
};
use crate::client::process::GoLimit;
use crate::game::Screen;
use crate::game::play::search::{SearchJob, SearchProgress};
use crate::rules::{Color, Move, Position};
use crate::store::engines::EngineEntry;
use bevy::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ExternalEngines>()
        .init_resource::<EngineTrouble>()
        .add_systems(OnExit(Screen::Playing), end_engines)
        .add_systems(Last, end_engines_on_exit);
}

/// What an engine is used for: each use has its own process, so the
/// analysis can run beside the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Use {
    /// Playing Red or Black.
    Opponent(Color),
    /// The analysis.
    Analysis,
    /// Hints.
    Hint,
    /// The game review.
    Review,
}

/// An engine shared between the game and its worker threads.
pub type SharedExternal = Arc<Mutex<ExternalEngine>>;

/// The running (or ready to start) engines of the player's, by use.
#[derive(Resource, Default)]
pub struct ExternalEngines {
    engines: HashMap<Use, (EngineEntry, SharedExternal)>,
}

impl ExternalEngines {
    /// The engine for `entry` in `use_`: the one already there if it was
    /// made from the same entry, else a new one (not started yet: its
    /// first search starts it).
    pub fn get(&mut self, use_: Use, entry: &EngineEntry) -> SharedExternal {
        if let Some((old, engine)) = self.engines.get(&use_)
            && old == entry
        {
            return engine.clone();
        }
        let engine = Arc::new(Mutex::new(ExternalEngine::new(EngineConfig::from(entry))));
        self.engines.insert(use_, (entry.clone(), engine.clone()));
        engine
    }

    /// Ends the engine of `use_`, if there is one (its process ends once
    /// a search still running on it gives it back).
    pub fn end(&mut self, use_: Use) {
        self.engines.remove(&use_);
    }

    /// Ends every engine.
    pub fn end_all(&mut self) {
        self.engines.clear();
    }

    /// The process ids of the engines that run and are not searching
    /// just now (tests: no process may outlive the game).
    #[cfg(test)]
    pub fn pids(&self) -> Vec<u32> {
        self.engines
            .values()
            .filter_map(|(_, e)| e.try_lock().ok().and_then(|e| e.pid()))
            .collect()
    }
}

/// Engines given on the command line (`xiangqi play --engine …
/// --analysis-engine …`): used like the player's own, by name, without
/// being added to the saved list.
#[derive(Resource, Clone, Debug, Default)]
pub struct LaunchEngines {
    /// The engines, the opponent's first.
    pub engines: Vec<EngineEntry>,
    /// The name of the one that analyses, if one was given.
    pub analysis: Option<String>,
}

/// The engine named `name`: one given on the command line, else the
/// player's own of that name.
pub fn find_entry(
    name: &str,
    settings: Option<&crate::store::Settings>,
    launch: Option<&LaunchEngines>,
) -> Option<EngineEntry> {
    launch
        .and_then(|l| l.engines.iter().find(|e| e.name == name))
        .or_else(|| settings.and_then(|s| s.engines.get(name)))
        .cloned()
}

/// The engine chosen for `use_` other than playing (`None`: the built-in one).
pub fn entry_for(
    use_: Use,
    settings: Option<&crate::store::Settings>,
    launch: Option<&LaunchEngines>,
) -> Option<EngineEntry> {
    let name = match use_ {
        Use::Analysis => launch
            .and_then(|l| l.analysis.clone())
            .or_else(|| settings.and_then(|s| s.analysis_engine.clone())),
        Use::Hint => settings.and_then(|s| s.hint_engine.clone()),
        Use::Review => settings.and_then(|s| s.review_engine.clone()),
        Use::Opponent(_) => None,
    }?;
    find_entry(&name, settings, launch)
}

/// An engine that failed as the opponent: the game is paused until the
/// player continues (the built-in engine then takes that side over) or
/// goes back to the menu to choose another.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineTrouble {
    /// The side it played, its name and what went wrong.
    pub failed: Option<(Color, String, String)>,
}

/// Locks an engine (a worker that panicked while holding it leaves it usable).
fn lock(engine: &SharedExternal) -> std::sync::MutexGuard<'_, ExternalEngine> {
    engine.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The start position and the moves that lead from it to `position`
/// through `history` (oldest first), so that an engine sees the game and
/// its repetitions (`position fen … moves …`). A history that does not
/// link up move by move is left out: the position alone is sent.
pub fn moves_to(history: &[Position], position: &Position) -> (Position, Vec<Move>) {
    let Some(&first) = history.first() else {
        return (*position, Vec::new());
    };
    let mut moves = Vec::with_capacity(history.len());
    let mut chain = history.iter().skip(1).chain(std::iter::once(position));
    let mut at = first;
    for next in &mut chain {
        let found = at.legal_moves().iter().copied().find(|&m| {
            let mut p = at;
            p.make(m);
            p == *next
        });
        match found {
            Some(m) => {
                moves.push(m);
                at = *next;
            }
            None => return (*position, Vec::new()),
        }
    }
    (first, moves)
}

/// Runs one search of `position` (reached through `history`, oldest
/// first) on `engine` with `limit`, sending every reported line to
/// `on_line`; `stop` ends it early.
pub fn think_at(
    engine: &SharedExternal,
    position: &Position,
    history: &[Position],
    stop: &AtomicBool,
    limit: GoLimit,
    exclude: &[Move],
    multipv: u32,
    on_line: &mut dyn FnMut(&EngineLine),
) -> Result<Thought, EngineFailure> {
    let (start, moves) = moves_to(history, position);
    let request = ThinkRequest {
        start,
        moves: &moves,
        limit,
        exclude,
        multipv,
    };
    lock(engine).think(&request, stop, on_line)
}

/// [`think_at`] on `job`'s position, the first line's reports also going
/// to the job's progress (the panel's thinking line).
pub fn think(
    engine: &SharedExternal,
    job: &SearchJob,
    limit: GoLimit,
    exclude: &[Move],
    multipv: u32,
    on_line: &mut dyn FnMut(&EngineLine),
) -> Result<Thought, EngineFailure> {
    let report = &mut |line: &EngineLine| {
        if line.multipv == 1 && !line.pv.is_empty() {
            let _ = job.progress.send(SearchProgress {
                depth: line.depth,
                score: line.score.unwrap_or_default(),
                pv: line.pv.clone(),
                starting: false,
            });
        }
        on_line(line);
    };
    // Its start (the handshakes: UCI, then UCCI when the protocol is not
    // known) is shown as a start, not as thinking.
    if !lock(engine).started() {
        let starting = SearchProgress {
            starting: true,
            ..SearchProgress::default()
        };
        let _ = job.progress.send(starting);
        let started = lock(engine).start();
        let _ = job.progress.send(SearchProgress::default());
        started?;
    }
    think_at(
        engine,
        &job.position,
        &job.history,
        &job.stop,
        limit,
        exclude,
        multipv,
        report,
    )
}

fn end_engines(mut engines: ResMut<ExternalEngines>, mut trouble: ResMut<EngineTrouble>) {
    engines.end_all();
    trouble.failed = None;
}

fn end_engines_on_exit(mut exits: MessageReader<AppExit>, mut engines: ResMut<ExternalEngines>) {
    if exits.read().next().is_some() {
        engines.end_all();
        // What a worker still holds ends too: no engine outlives the game.
        crate::client::process::kill_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_to_a_position_are_found_from_its_history() {
        let start = Position::startpos();
        let mut history = vec![start];
        let mut p = start;
        for m in ["h2e2", "h9g7", "h0g2"] {
            p.make(Move::from_iccs(m).unwrap());
            history.push(p);
        }
        let position = history.pop().unwrap();
        let (from, moves) = moves_to(&history, &position);
        assert_eq!(from, start);
        let words: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(words, ["h2e2", "h9g7", "h0g2"]);
        // No history: the position alone.
        assert_eq!(moves_to(&[], &position), (position, vec![]));
        // A history that does not link up: the position alone.
        let broken = vec![start, position];
        assert_eq!(moves_to(&broken, &start), (start, vec![]));
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_being_started_is_shown_as_starting_not_thinking() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let silent = dir.path().join("silent");
        std::fs::write(&silent, "#!/bin/sh\nexec sleep 60\n").unwrap();
        std::fs::set_permissions(&silent, std::fs::Permissions::from_mode(0o755)).unwrap();
        let mut config = EngineConfig::new("Silent", silent.display().to_string());
        config.protocol = Some(crate::client::process::Protocol::Uci);
        config.handshake_timeout = std::time::Duration::from_millis(200);
        let engine: SharedExternal = Arc::new(Mutex::new(ExternalEngine::new(config)));
        let (tx, rx) = crossbeam_channel::unbounded();
        let job = SearchJob {
            position: Position::startpos(),
            history: Vec::new(),
            stop: Arc::default(),
            progress: tx,
            limits: crate::engine::Limits::default(),
            human_pace: false,
            exclude: Vec::new(),
            threads: 1,
        };
        let failed = think(&engine, &job, GoLimit::Depth(1), &[], 1, &mut |_| {});
        assert!(
            matches!(failed, Err(EngineFailure::NoHandshake { .. })),
            "{failed:?}"
        );
        let said: Vec<bool> = rx.try_iter().map(|p| p.starting).collect();
        assert_eq!(said, [true, false]);
    }
}
