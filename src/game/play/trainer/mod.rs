//! The tactics trainer (实战战术), the logic: puzzles made from real games
//! ([`crate::tactics`]) played on the board one after another, chosen by
//! the player's record ([`crate::store::trainer`]) — the next at the
//! player's rating, the next of a theme, the next of a streak (rising
//! ratings until the first miss), or a missed one due again.
//!
//! A try is an exercise on the board ([`TacticAttempt`], through
//! [`crate::game::play::exercise`]) in [`Play::Puzzle`](crate::game::play::Play),
//! with [`ActiveTactic`] saying which puzzle and how it was chosen. Its
//! first outcome is recorded ([`record`]): solved, or missed — a wrong
//! move, a hint or the solution shown; a retry records nothing more. The
//! teacher's words on it are found off the main thread ([`teacher`]).
//!
//! - [`record`] — the player's record file, the outcome recorded, the solution shown.
//! - [`teacher`] — what the combination did, why a wrong move was wrong.
//! - [`summary`] — what the trainer's screen shows, as numbers.

pub mod record;
pub mod summary;
pub mod teacher;

use crate::exercise::tactic::TacticAttempt;
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::exercise::{ActiveExercise, ExerciseOpener};
use crate::game::play::my_puzzle::ActiveMyPuzzle;
use crate::game::play::puzzle::ActivePuzzle;
use crate::game::play::rating::PlayerRating;
use crate::game::settings::StorePaths;
use crate::game::{GameSet, Mode, Screen};
use crate::store::trainer::{Change, Outcome, Trainer};
use crate::store::{Players, now_unix};
use crate::tactics::Tactic;
use bevy::prelude::*;
use std::borrow::Cow;

pub use crate::store::trainer::Mode as TrainerMode;
pub use record::TrainerRecord;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TacticSet>()
        .add_message::<StartTactic>()
        .add_message::<NextTactic>()
        .add_message::<OpenTactic>()
        .add_systems(
            Update,
            (
                (next_tactic, start_tactic, open_tactic)
                    .chain()
                    .in_set(GameSet::Input),
                // The try goes with its exercise.
                end_attempt.run_if(resource_removed::<ActiveExercise>),
            ),
        )
        .add_plugins((record::plugin, teacher::plugin));
}

/// The puzzles the trainer chooses from: the shipped set
/// ([`crate::tactics::all`]); tests put their own.
#[derive(Resource, Clone, Debug)]
pub struct TacticSet(pub Cow<'static, [Tactic]>);

impl Default for TacticSet {
    fn default() -> Self {
        TacticSet(Cow::Borrowed(crate::tactics::all()))
    }
}

/// Start the next puzzle chosen this way.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartTactic(pub TrainerMode);

/// Start the next puzzle chosen the way the one on the board was.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NextTactic;

/// Start the puzzle of the set with this id (`--tactic`; the next is
/// then chosen at the player's rating).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenTactic(pub String);

/// `--tactics [--tactic ID]`: the trainer's screen opens, and the puzzle
/// with it.
pub(crate) fn configure_launch(app: &mut App, opts: &crate::game::LaunchOptions) {
    if opts.tactics {
        app.insert_state(Screen::Tactics);
    }
    if let Some(id) = &opts.tactic {
        app.world_mut().write_message(OpenTactic(id.clone()));
    }
}

/// The puzzle on the board (the try is the [`ActiveExercise`]).
#[derive(Resource, Clone, Debug)]
pub struct ActiveTactic {
    /// The puzzle.
    pub tactic: Tactic,
    /// How it was chosen.
    pub mode: TrainerMode,
    /// The first outcome, once recorded.
    pub outcome: Option<Outcome>,
    /// The rating's change it made.
    pub change: Option<Change>,
}

impl ActiveTactic {
    /// The try on the board, if it is one.
    pub fn attempt(exercise: Option<&ActiveExercise>) -> Option<&TacticAttempt> {
        exercise?.get::<TacticAttempt>()
    }
}

/// The next puzzle chosen `mode`'s way, if there is one.
pub fn choose(trainer: &Trainer, set: &[Tactic], mode: TrainerMode, now: u64) -> Option<Tactic> {
    match mode {
        TrainerMode::Rated => trainer.next_at_rating(set, now),
        TrainerMode::Theme(theme) => trainer.next_in_theme(set, theme, now),
        TrainerMode::Streak => trainer.next_in_streak(set),
        TrainerMode::Review => trainer.due(set, now).first().copied(),
    }
    .cloned()
}

fn next_tactic(
    mut requests: MessageReader<NextTactic>,
    active: Option<Res<ActiveTactic>>,
    mut start: MessageWriter<StartTactic>,
) {
    if requests.read().count() > 0
        && let Some(active) = active
    {
        start.write(StartTactic(active.mode));
    }
}

/// The rating a player new to the trainer starts from.
pub const NEW_PLAYER: f64 = 1500.0;

fn start_tactic(
    mut requests: MessageReader<StartTactic>,
    mut opener: ExerciseOpener,
    set: Res<TacticSet>,
    (mut record, mut profile): (ResMut<TrainerRecord>, ResMut<PlayerRating>),
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
) {
    let Some(&StartTactic(mode)) = requests.read().last() else {
        return;
    };
    let paths = paths.as_deref();
    let trainer = started(&mut record, &mut profile, paths, &mut notice);
    let Some(tactic) = choose(trainer, &set.0, mode, now_unix()) else {
        notice.post(Phrase::NoPuzzleHere, "", false);
        return;
    };
    put_on_board(tactic, mode, &mut opener, &mut notice);
}

/// The player's record, started (where a new player starts: their rating
/// from the games).
fn started<'a>(
    record: &'a mut TrainerRecord,
    profile: &mut PlayerRating,
    paths: Option<&StorePaths>,
    notice: &mut Notice,
) -> &'a mut Trainer {
    let from_games = profile.get(paths, notice).rating;
    let trainer = record.get(paths, notice);
    if !trainer.is_started() {
        *trainer = Trainer::start_from(from_games.unwrap_or(NEW_PLAYER));
    }
    trainer
}

fn open_tactic(
    mut requests: MessageReader<OpenTactic>,
    mut opener: ExerciseOpener,
    set: Res<TacticSet>,
    (mut record, mut profile): (ResMut<TrainerRecord>, ResMut<PlayerRating>),
    (paths, mut notice): (Option<Res<StorePaths>>, ResMut<Notice>),
) {
    let Some(OpenTactic(id)) = requests.read().last() else {
        return;
    };
    started(&mut record, &mut profile, paths.as_deref(), &mut notice);
    match set.0.iter().find(|t| &t.id == id) {
        Some(t) => put_on_board(t.clone(), TrainerMode::Rated, &mut opener, &mut notice),
        None => notice.post(Phrase::NoPuzzleHere, id.clone(), false),
    }
}

/// Opens a try at `tactic`, chosen `mode`'s way, on the board.
fn put_on_board(
    tactic: Tactic,
    mode: TrainerMode,
    opener: &mut ExerciseOpener,
    notice: &mut Notice,
) {
    let attempt = match TacticAttempt::new(&tactic) {
        Ok(a) => a,
        Err(e) => {
            notice.post(Phrase::CannotOpen, e.to_string(), true);
            return;
        }
    };
    // Two sides on one board: the exercise says who may move.
    let levels = &opener.players().computers;
    let players = Players::new(Mode::Hotseat, levels.red.level, levels.black.level);
    let commands = opener.commands();
    commands.insert_resource(ActiveTactic {
        tactic,
        mode,
        outcome: None,
        change: None,
    });
    commands.remove_resource::<ActivePuzzle>();
    commands.remove_resource::<ActiveMyPuzzle>();
    opener.open(ActiveExercise::new(attempt, Screen::Tactics), players);
}

fn end_attempt(mut commands: Commands) {
    commands.remove_resource::<ActiveTactic>();
}
