//! The card's work with the engines themselves, each job on a thread of its
//! own so a frame never waits for a program: detecting a new engine (UCI,
//! then UCCI), asking a listed one for its options, and a test search. A
//! handshake may take the client's whole time limit (10 s for each
//! protocol), so the jobs stay off Bevy's task pools, which the game also
//! needs. Every engine a job starts is ended (quit, then killed with its
//! process group) before the job returns.
//!
//! [`collect_jobs`] takes the answers each frame and puts them where the
//! card reads them: a new entry in the settings, the options in
//! [`DetectedOptions`], the test's move in the card.

use super::EngineCard;
use super::state::{AddState, TestReport, TestState};
use crate::client::options::EngineOption;
use crate::client::process::{
    Client, ClientError, GoError, GoLimit, HANDSHAKE_TIMEOUT, Protocol, UnknownProtocol,
};
use crate::game::i18n::{
    Lang, client_error_text, go_error_text, job_lost_text, protocol_error_text,
};
use crate::game::settings::UserSettings;
use crate::rules::Position;
use crate::store::engines::{EngineEntry, EngineList, SkillOption};
use bevy::prelude::*;
use std::collections::{HashMap, HashSet};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long the test searches.
const TEST_MOVE_TIME: Duration = Duration::from_secs(1);
/// How long the test waits for the move before it gives up.
const TEST_DEADLINE: Duration = Duration::from_secs(4);

/// What a new engine said of itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detected {
    /// The command line it was started with.
    pub command: String,
    /// The protocol it answered.
    pub protocol: Protocol,
    /// Its `id name` (or its program's file name).
    pub name: String,
    /// Its `id author`.
    pub author: String,
    /// The options it declared.
    pub options: Vec<EngineOption>,
}

/// Why a job on an engine gave no answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum JobError {
    /// The engine could not be started or did not answer.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// Its search gave no move.
    #[error(transparent)]
    Go(#[from] GoError),
    /// The settings name a protocol that is not one.
    #[error(transparent)]
    Protocol(#[from] UnknownProtocol),
    /// Its thread ended without an answer (what was lost).
    #[error("{0}")]
    Lost(&'static str),
}

impl JobError {
    /// The error in the interface's language.
    fn words(&self, lang: Lang) -> String {
        match self {
            JobError::Client(e) => client_error_text(e, lang),
            JobError::Go(e) => go_error_text(e, lang),
            JobError::Protocol(p) => protocol_error_text(p, lang),
            JobError::Lost(what) => job_lost_text(what, lang),
        }
    }
}

/// A job's answer.
enum Finished {
    /// A new engine's detection, for this command line.
    Added(String, Result<Detected, JobError>),
    /// A listed engine's options, by its command line.
    Inspected(String, Result<Vec<EngineOption>, JobError>),
    /// The test of the engine of this name.
    Tested(String, Result<TestReport, JobError>),
}

/// A job on its thread, and what to say if the thread is lost.
struct Job {
    handle: JoinHandle<Finished>,
    if_lost: Finished,
}

/// The jobs running, and the answers of those that could not get a thread.
#[derive(Resource, Default)]
pub struct Jobs {
    running: Vec<Job>,
    ready: Vec<Finished>,
}

impl Jobs {
    /// Runs `work` on a thread of its own; `if_lost` is the answer if the
    /// thread cannot start or dies.
    fn start(&mut self, work: impl FnOnce() -> Finished + Send + 'static, if_lost: Finished) {
        match std::thread::Builder::new()
            .name("xiangqi engine card".into())
            .spawn(work)
        {
            Ok(handle) => self.running.push(Job { handle, if_lost }),
            Err(e) => {
                warn!("no thread for the engine card's job: {e}");
                self.ready.push(if_lost);
            }
        }
    }

    /// Detects the engine `command` starts.
    pub(super) fn add(&mut self, command: String) {
        let lost = Finished::Added(
            command.clone(),
            Err(JobError::Lost("the detection stopped")),
        );
        self.start(
            move || Finished::Added(command.clone(), detect(&command)),
            lost,
        );
    }

    /// Starts `entry` with its options and lets it search the start position.
    pub(super) fn test(&mut self, entry: &EngineEntry) {
        let entry = entry.clone();
        let lost = Finished::Tested(entry.name.clone(), Err(JobError::Lost("the test stopped")));
        self.start(
            move || Finished::Tested(entry.name.clone(), test(&entry)),
            lost,
        );
    }

    /// Are jobs still running (tests wait for them)?
    pub fn busy(&self) -> bool {
        !self.running.is_empty() || !self.ready.is_empty()
    }
}

/// The options each listed engine declared, asked of it once a session
/// (the settings keep only the values), by command line.
#[derive(Resource, Debug, Default)]
pub struct DetectedOptions {
    known: HashMap<String, Result<Vec<EngineOption>, JobError>>,
    pending: HashSet<String>,
}

impl DetectedOptions {
    /// What is known of `command`'s options: the options, or why they
    /// could not be asked for.
    pub fn get(&self, command: &str) -> Option<&Result<Vec<EngineOption>, JobError>> {
        self.known.get(command)
    }

    /// `command`'s options, if known.
    pub fn options(&self, command: &str) -> Option<&[EngineOption]> {
        self.known
            .get(command)
            .and_then(|r| r.as_ref().ok())
            .map(Vec::as_slice)
    }

    /// Is `command` being asked?
    pub fn is_pending(&self, command: &str) -> bool {
        self.pending.contains(command)
    }

    /// Starts `entry` (in the protocol it answered when it was added) to
    /// read its options.
    pub(super) fn start(&mut self, jobs: &mut Jobs, entry: &EngineEntry) {
        let command = entry.command.clone();
        let protocol = entry.protocol.parse::<Protocol>().unwrap_or_default();
        self.pending.insert(command.clone());
        let lost = Finished::Inspected(
            command.clone(),
            Err(JobError::Lost("the engine was not asked")),
        );
        jobs.start(
            move || Finished::Inspected(command.clone(), inspect(&command, protocol)),
            lost,
        );
    }
}

/// Starts `command`, UCI first, then UCCI, and reads what it says of itself.
fn detect(command: &str) -> Result<Detected, JobError> {
    let client = Client::detect(command, HANDSHAKE_TIMEOUT)?;
    Ok(Detected {
        command: command.to_string(),
        protocol: client.protocol(),
        name: client.name().to_string(),
        author: client.author().to_string(),
        options: client.options().to_vec(),
    })
}

/// The options `command` declares in `protocol`'s handshake.
fn inspect(command: &str, protocol: Protocol) -> Result<Vec<EngineOption>, JobError> {
    Ok(
        Client::spawn_within(command, protocol, &[], HANDSHAKE_TIMEOUT)?
            .options()
            .to_vec(),
    )
}

/// Starts `entry` with its options and has it think about the start
/// position for a second.
fn test(entry: &EngineEntry) -> Result<TestReport, JobError> {
    let protocol = entry.protocol.parse::<Protocol>()?;
    let mut client = Client::spawn(&entry.command, protocol, &entry.options)?;
    let reply = client.go(
        &Position::startpos(),
        &[],
        GoLimit::MoveTime(TEST_MOVE_TIME),
        TEST_DEADLINE,
    )?;
    Ok(TestReport {
        bestmove: reply.bestmove,
        depth: reply.depth,
        score: reply.score,
        elapsed: reply.elapsed,
    })
}

/// The protocol as the settings spell it.
pub(super) fn protocol_word(p: Protocol) -> &'static str {
    match p {
        Protocol::Uci => "uci",
        Protocol::Ucci => "ucci",
    }
}

/// Takes the answers of the jobs that ended.
pub(super) fn collect_jobs(
    mut jobs: ResMut<Jobs>,
    mut card: ResMut<EngineCard>,
    mut settings: ResMut<UserSettings>,
    mut detected: ResMut<DetectedOptions>,
) {
    // The language as the settings say (held here for writing).
    let lang = settings.language;
    if !jobs.busy() {
        return;
    }
    let mut done = std::mem::take(&mut jobs.ready);
    let (ended, running): (Vec<Job>, Vec<Job>) = std::mem::take(&mut jobs.running)
        .into_iter()
        .partition(|j| j.handle.is_finished());
    jobs.running = running;
    for job in ended {
        done.push(job.handle.join().unwrap_or(job.if_lost));
    }
    for finished in done {
        match finished {
            Finished::Added(command, Ok(found)) => {
                add_found(
                    &mut settings.engines,
                    &mut card,
                    &mut detected,
                    command,
                    found,
                );
            }
            Finished::Added(command, Err(why)) => {
                card.add = AddState::Failed {
                    command,
                    why: why.words(lang),
                };
            }
            Finished::Inspected(command, result) => {
                detected.pending.remove(&command);
                // The engine's strength option as it declares it now (a
                // newer version may have gained or lost one).
                if let Ok(options) = &result {
                    let skill = SkillOption::find(options);
                    if settings
                        .engines
                        .engines
                        .iter()
                        .any(|e| e.command == command && e.skill != skill)
                    {
                        for e in settings
                            .engines
                            .engines
                            .iter_mut()
                            .filter(|e| e.command == command)
                        {
                            e.skill = skill.clone();
                        }
                    }
                }
                detected.known.insert(command, result);
            }
            Finished::Tested(name, result) => {
                card.test = Some(match result {
                    Ok(report) => TestState::Done(name, report),
                    Err(why) => TestState::Failed(name, why.words(lang)),
                });
            }
        }
    }
}

/// A new engine found at `command`: added to `list` under a free name,
/// its options known, and selected on the card.
fn add_found(
    list: &mut EngineList,
    card: &mut EngineCard,
    detected: &mut DetectedOptions,
    command: String,
    found: Detected,
) {
    let name = list.free_name(&found.name);
    list.engines.push(EngineEntry {
        name: name.clone(),
        command: command.clone(),
        protocol: protocol_word(found.protocol).to_string(),
        id_name: found.name,
        author: found.author,
        options: Vec::new(),
        strength: Default::default(),
        skill: SkillOption::find(&found.options),
    });
    detected.pending.remove(&command);
    detected.known.insert(command.clone(), Ok(found.options));
    // The field is emptied for the next one (unless it now
    // holds another command).
    if card.command.trim() == command {
        card.command.clear();
    }
    card.add = AddState::Added(name.clone());
    card.selected = Some(name);
    card.options_page = 0;
    card.refusal = None;
    let last = list.engines.len() - 1;
    card.list_page = last / super::state::LIST_ROWS;
}
