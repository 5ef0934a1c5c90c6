//! The review job: started from the store or on a thread of its own,
//! polled each frame, and its result shown and turned into puzzles.

use super::{GameReviewState, ReviewEngine, ReviewLimits, ReviewedGame, reviews_dir};
use crate::client::external::EngineFailure;
use crate::client::process::GoLimit;
use crate::engine::Score;
use crate::engine::review::{GameReview, PositionReview, ReviewError, review_game, review_with};
use crate::game::i18n::Phrase;
use crate::game::notice::Notice;
use crate::game::play::external::{self, ExternalEngines, SharedExternal, Use};
use crate::game::play::my_puzzle::MyPuzzleStore;
use crate::game::play::search::{OffThreadSearch, SearchJob, search_threads};
use crate::game::play::session::Session;
use crate::game::settings::StorePaths;
use crate::rules::{Move, Position};
use crate::store::my_puzzles;
use crate::store::reviews::{self, Effort};
use bevy::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// What a review job hands back.
pub(super) struct Answer {
    pub(super) review: Result<GameReview, ReviewError>,
    /// The stored file could not be written (why).
    pub(super) not_stored: Option<String>,
}

/// A review being searched.
pub(super) struct Job {
    pub(super) search: OffThreadSearch<Answer>,
    pub(super) effort: Effort,
    pub(super) start: Position,
    pub(super) moves: Vec<Move>,
    pub(super) human: [bool; 2],
    pub(super) done: Arc<AtomicUsize>,
}

/// What a review needs from the world.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Reviewer<'w> {
    pub(super) state: ResMut<'w, GameReviewState>,
    pub(super) limits: Res<'w, ReviewLimits>,
    pub(super) engine: Res<'w, ReviewEngine>,
    pub(super) paths: Option<Res<'w, StorePaths>>,
    pub(super) notice: ResMut<'w, Notice>,
    pub(super) puzzles: ResMut<'w, MyPuzzleStore>,
    pub(super) time: Res<'w, Time>,
    pub(super) settings: Option<Res<'w, crate::game::settings::UserSettings>>,
    pub(super) engines: ResMut<'w, ExternalEngines>,
}

impl Reviewer<'_> {
    /// Reviews the moves played in `session` at `effort`: at once from the
    /// store when it holds the game at this effort or deeper, else in the
    /// background.
    pub(super) fn start(&mut self, session: &Session, effort: Effort, human: [bool; 2]) {
        let start = *session.game.start();
        let moves = session.game.moves().to_vec();
        if moves.is_empty() {
            return;
        }
        if self
            .state
            .result
            .as_ref()
            .is_some_and(|r| r.start == start && r.moves == moves && r.effort >= effort)
        {
            return;
        }
        let dir = reviews_dir(self.paths.as_deref());
        if let Some(dir) = &dir
            && self.show_stored(dir, (start, &moves), effort, human)
        {
            return;
        }
        let limits = self.limits.of(effort);
        let engine = self.engine.0.clone();
        let done = Arc::new(AtomicUsize::new(0));
        let counter = done.clone();
        let (job_start, job_moves) = (start, moves.clone());
        let (external, lang) = self.review_engine();
        let threads = search_threads(self.settings.as_deref());
        let search = OffThreadSearch::start(
            session.search_from(),
            self.time.elapsed_secs_f64(),
            move |job: SearchJob| {
                let mut progress = |d, _| counter.store(d, Ordering::Relaxed);
                let review = match external {
                    Some(external) => {
                        let think = limits.movetime.unwrap_or(Duration::from_secs(1));
                        review_with(
                            &job_start,
                            &job_moves,
                            &job.stop,
                            &mut progress,
                            &mut |pos, history| {
                                external_view(&external, pos, history, think, &job)
                                    .map_err(|e| crate::game::i18n::engine_failure_text(&e, lang))
                            },
                        )
                    }
                    None => engine.with_threads(threads, |engine| {
                        review_game(
                            engine,
                            &job_start,
                            &job_moves,
                            &limits,
                            &job.stop,
                            &mut progress,
                        )
                    }),
                };
                let not_stored = match (&review, &dir) {
                    (Ok(r), Some(dir)) => reviews::save(dir, &job_start, &job_moves, effort, r)
                        .err()
                        .map(|e| e.to_string()),
                    _ => None,
                };
                Some(Answer { review, not_stored })
            },
        );
        // A running job for another effort or game is replaced (and stops).
        self.state.job = Some(Job {
            search,
            effort,
            start,
            moves,
            human,
            done,
        });
    }

    /// The player's review engine, if one is chosen (as long a think per
    /// position as the effort gives the built-in one), and the language
    /// its failures are told in.
    fn review_engine(&mut self) -> (Option<SharedExternal>, crate::game::i18n::Lang) {
        let external =
            external::entry_for(Use::Review, self.settings.as_deref().map(|s| &**s), None)
                .map(|entry| self.engines.get(Use::Review, &entry));
        let lang = self
            .settings
            .as_deref()
            .map_or_else(crate::game::i18n::Lang::default, |s| s.language);
        (external, lang)
    }

    /// Shows the review of `game` stored in `dir` at `effort` or deeper, if
    /// there is one (true then). A damaged, old or foreign file is said in
    /// the notice: the game is reviewed again, and the file is moved aside
    /// before the new review is stored.
    fn show_stored(
        &mut self,
        dir: &std::path::Path,
        (start, moves): (Position, &[Move]),
        effort: Effort,
        human: [bool; 2],
    ) -> bool {
        match reviews::load(dir, &start, moves) {
            Ok(Some(stored)) if stored.effort >= effort => {
                self.state.job = None;
                let reviewed =
                    ReviewedGame::new(start, moves.to_vec(), stored.review, stored.effort, true);
                self.finish(reviewed, human);
                return true;
            }
            Ok(_) => {}
            Err(why) => self
                .notice
                .post(Phrase::StoredReviewDamaged, why.to_string(), true),
        }
        false
    }

    /// Shows a finished review and turns the human sides' mistakes into puzzles.
    pub(super) fn finish(&mut self, reviewed: ReviewedGame, human: [bool; 2]) {
        let found = my_puzzles::from_review(
            &reviewed.start,
            &reviewed.moves,
            &reviewed.review,
            human,
            crate::store::now_unix(),
        );
        let added = if found.is_empty() {
            0
        } else {
            self.puzzles
                .add(found, self.paths.as_deref(), &mut self.notice)
        };
        self.state.new_puzzles = added;
        if added > 0 {
            self.notice
                .post(Phrase::NewMistakePuzzles, format!("+{added}"), false);
        }
        self.state.result = Some(reviewed);
    }
}

/// An external engine's view of `pos` (reached through `history`) for the
/// review; a position without a legal move is lost for the side to move.
fn external_view(
    engine: &SharedExternal,
    pos: &Position,
    history: &[Position],
    think: Duration,
    job: &SearchJob,
) -> Result<PositionReview, EngineFailure> {
    if !pos.has_legal_move() {
        return Ok(PositionReview {
            score: Score::Mate(0),
            best: Move::NULL,
            line: Vec::new(),
            depth: 0,
        });
    }
    let thought = external::think_at(
        engine,
        pos,
        history,
        &job.stop,
        GoLimit::MoveTime(think),
        &[],
        1,
        &mut |_| {},
    )?;
    let line = thought
        .lines
        .first()
        .map(|l| l.pv.clone())
        .filter(|pv| pv.first() == Some(&thought.best))
        .unwrap_or_else(|| vec![thought.best]);
    Ok(PositionReview {
        score: thought.score.unwrap_or(Score::Cp(0)),
        best: thought.best,
        line,
        depth: thought.depth,
    })
}

pub(super) fn poll_job(mut reviewer: Reviewer) {
    let Some(job) = &mut reviewer.state.job else {
        return;
    };
    let Some(answer) = job.search.poll() else {
        return;
    };
    let job = reviewer.state.job.take().expect("polled above");
    let Some(answer) = answer else {
        return;
    };
    if let Some(why) = answer.not_stored {
        reviewer.notice.post(Phrase::ReviewNotStored, why, true);
    }
    match answer.review {
        Ok(review) => {
            let reviewed = ReviewedGame::new(job.start, job.moves, review, job.effort, false);
            reviewer.finish(reviewed, job.human);
        }
        Err(ReviewError::Cancelled(_)) => {}
        Err(e @ (ReviewError::Illegal(_) | ReviewError::Engine(_))) => {
            reviewer
                .notice
                .post(Phrase::ReviewFailed, e.to_string(), true);
        }
    }
}
