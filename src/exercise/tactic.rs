//! A puzzle made from a real game ([`Tactic`]) behind the contract: the
//! solver plays the line's moves, the defender's replies come from the
//! line. At any of the solver's moves a move that wins at once — the other
//! side left without a legal move, mated or stalemated — is accepted too
//! (as lichess accepts any mate at the line's end); any other move misses
//! the puzzle. The hint is the line's next move (the game counts a hint as
//! a miss). What the combination did and why a wrong move was wrong are
//! the teacher's ([`TacticAttempt::what_it_did`], [`TacticAttempt::why_missed`]).

use super::{Answer, Defence, Exercise, Failure, Question, Refusal, Standing, Verdict};
use crate::course::Defender;
use crate::rules::{FenError, Game, Move, Position};
use crate::tactics::Tactic;
use crate::teach::motif::Explainer;
use crate::teach::why::{Said, Why};
use std::any::Any;

/// A puzzle that cannot be put on a board.
#[derive(Debug, thiserror::Error)]
pub enum BadTactic {
    /// Its position does not read.
    #[error("puzzle {id}: {error}")]
    Fen {
        /// The puzzle's id.
        id: String,
        /// What the reader found.
        error: FenError,
    },
    /// A move of its line does not read or is not legal where it is played.
    #[error("puzzle {id}: move {index} `{text}` of the line is not legal there")]
    Line {
        /// The puzzle's id.
        id: String,
        /// The move's place in the line, 1 = first.
        index: usize,
        /// The move as written.
        text: String,
    },
}

/// Where a try at a puzzle from a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TacticState {
    /// The solver is to move.
    ToMove,
    /// The defender's reply from the line is to come.
    Reply,
    /// Found, to its end.
    Solved,
    /// This move was not the puzzle's.
    Missed(Move),
    /// The solution was shown.
    Shown,
}

/// One try at a puzzle from a game.
#[derive(Clone, Debug)]
pub struct TacticAttempt {
    tactic: Tactic,
    start: Position,
    line: Vec<Move>,
    last: Option<Move>,
    game: Game,
    state: TacticState,
    hinted: bool,
}

impl TacticAttempt {
    /// A fresh try at `tactic`.
    ///
    /// # Errors
    /// [`BadTactic`] when its position or a move of its line cannot be played.
    pub fn new(tactic: &Tactic) -> Result<TacticAttempt, BadTactic> {
        let start = tactic.position().map_err(|error| BadTactic::Fen {
            id: tactic.id.clone(),
            error,
        })?;
        let mut pos = start;
        let mut line = Vec::with_capacity(tactic.moves.len());
        for (i, text) in tactic.moves.iter().enumerate() {
            let m = Move::from_iccs(text)
                .filter(|&m| pos.play(m).is_ok())
                .ok_or_else(|| BadTactic::Line {
                    id: tactic.id.clone(),
                    index: i + 1,
                    text: text.clone(),
                })?;
            line.push(m);
        }
        if line.is_empty() {
            return Err(BadTactic::Line {
                id: tactic.id.clone(),
                index: 1,
                text: String::new(),
            });
        }
        Ok(TacticAttempt {
            tactic: tactic.clone(),
            start,
            line,
            last: Move::from_iccs(&tactic.last),
            game: Game::new(start),
            state: TacticState::ToMove,
            hinted: false,
        })
    }

    /// The puzzle.
    pub fn tactic(&self) -> &Tactic {
        &self.tactic
    }

    /// The whole line, the solver's moves and the replies.
    pub fn line(&self) -> &[Move] {
        &self.line
    }

    /// Where the try stands.
    pub fn state(&self) -> TacticState {
        self.state
    }

    /// Was a hint shown in this try?
    pub fn was_hinted(&self) -> bool {
        self.hinted
    }

    /// Solved without a hint (`Some(true)`), missed, helped by a hint or
    /// shown (`Some(false)`), or not over yet (`None`): what a player's
    /// rating counts.
    pub fn clean(&self) -> Option<bool> {
        match self.state {
            TacticState::ToMove | TacticState::Reply => None,
            TacticState::Solved => Some(!self.hinted),
            TacticState::Missed(_) | TacticState::Shown => Some(false),
        }
    }

    /// The line's move to play now (the solver's or the reply), if the
    /// try is still on the line.
    pub fn next_move(&self) -> Option<Move> {
        match self.state {
            TacticState::ToMove | TacticState::Reply => self.line.get(self.game.ply()).copied(),
            _ => None,
        }
    }

    /// Shows the solution: the board is the whole line from the start
    /// (the try ends as a miss unless it was solved).
    pub fn show_solution(&mut self) {
        self.game = Game::new(self.start);
        for &m in &self.line {
            if self.game.play(m).is_err() {
                break;
            }
        }
        if self.state != TacticState::Solved {
            self.state = TacticState::Shown;
        }
    }

    /// Plays `mv` on the try's game (legal: checked by the caller).
    fn play(&mut self, mv: Move) -> bool {
        self.game.play(mv).is_ok()
    }

    /// Wins at once: the other side has no legal move after it.
    fn wins_at_once(&self, mv: Move) -> bool {
        let mut after = *self.game.position();
        after.play(mv).is_ok() && !after.has_legal_move()
    }

    /// The positions before the one at `ply`, oldest first.
    fn history_to(&self, ply: usize) -> Vec<Position> {
        (0..ply)
            .filter_map(|p| self.game.position_at(p).copied())
            .collect()
    }

    /// What the combination did, as the teacher tells it: the mate where
    /// the line mates (with its classic pattern's name), else the most
    /// telling thing one of the solver's moves does (a fork, a double
    /// check, material won …), else what the first move does. `None` when
    /// the rules show nothing (searches: run it off the main thread).
    pub fn what_it_did(&self, explainer: &mut Explainer) -> Option<Said> {
        let mut pos = self.start;
        let mut history = Vec::new();
        let mut found: Vec<(u8, Said)> = Vec::new();
        for (i, &mv) in self.line.iter().enumerate() {
            if i % 2 == 0 {
                let motifs = explainer.tactics_of_move(&pos, &history, mv);
                if let Some((rank, motif)) = crate::teach::why::most_telling(&motifs) {
                    found.push((
                        rank,
                        Said {
                            from: pos,
                            mv,
                            motif: motif.clone(),
                        },
                    ));
                    if rank == 0 {
                        break;
                    }
                }
            }
            history.push(pos);
            if pos.play(mv).is_err() {
                break;
            }
        }
        // The best rank, the earliest among equals.
        let best = found.iter().map(|(r, _)| *r).min()?;
        found.into_iter().find(|(r, _)| *r == best).map(|(_, s)| s)
    }

    /// Why the missed move was wrong: the opponent's answer to it (found
    /// by the course's defender) and what that answer does. `None` before
    /// a miss or when the rules show nothing (searches: run it off the
    /// main thread).
    pub fn why_missed(&self, explainer: &mut Explainer) -> Option<Why> {
        let TacticState::Missed(played) = self.state else {
            return None;
        };
        let ply = self.game.ply().checked_sub(1)?;
        let pos = *self.game.position_at(ply)?;
        let history = self.history_to(ply);
        let mut after_history = history.clone();
        after_history.push(pos);
        let reply = Defender::default().best(self.game.position(), &after_history);
        let found = crate::teach::why(explainer, &pos, &history, played, reply, Move::NULL)?;
        found.allowed.is_some().then_some(Why {
            allowed: found.allowed,
            better: None,
        })
    }
}

impl Exercise for TacticAttempt {
    fn start(&self) -> Position {
        self.start
    }

    fn moves(&self) -> Vec<Move> {
        self.game.moves().to_vec()
    }

    fn standing(&self) -> Standing {
        match self.state {
            TacticState::ToMove => Standing::StudentToMove,
            TacticState::Reply => Standing::Waiting,
            TacticState::Solved => Standing::Solved(if self.hinted { 1 } else { 3 }),
            TacticState::Missed(_) => Standing::Failed(Failure::NotTheMove),
            TacticState::Shown => Standing::Failed(Failure::Shown),
        }
    }

    fn judge(&mut self, mv: Move) -> Verdict {
        if let Some(refused) = self.refusal(mv) {
            return refused;
        }
        let ply = self.game.ply();
        let on_line = self.line.get(ply) == Some(&mv);
        let wins = self.wins_at_once(mv);
        if !self.play(mv) {
            return Verdict::Refuse(Refusal::NotNow);
        }
        if wins || (on_line && ply + 1 >= self.line.len()) {
            self.state = TacticState::Solved;
            Verdict::Solved {
                stars: if self.hinted { 1 } else { 3 },
            }
        } else if on_line {
            self.state = TacticState::Reply;
            Verdict::Play
        } else {
            self.state = TacticState::Missed(mv);
            Verdict::Failed(Failure::NotTheMove)
        }
    }

    fn defence(&self) -> Defence {
        Defence::Own
    }

    /// The line's reply, known at once.
    fn question(&self) -> Option<Question> {
        (self.state == TacticState::Reply)
            .then(|| Question::answered(Answer::Reply(self.next_move())))
    }

    fn answer(&mut self, answer: Answer) -> Verdict {
        match answer {
            Answer::Reply(Some(mv))
                if self.state == TacticState::Reply && self.next_move() == Some(mv) =>
            {
                if !self.play(mv) {
                    return Verdict::Refuse(Refusal::NotNow);
                }
                self.state = TacticState::ToMove;
                Verdict::Play
            }
            _ => Verdict::Refuse(Refusal::NotNow),
        }
    }

    /// The line's next move (none once the try is over: the game's own
    /// hint is not asked either).
    fn hint(&self) -> Option<Question> {
        let next = self
            .next_move()
            .filter(|_| self.state == TacticState::ToMove);
        Some(Question::answered(Answer::Hint(next)))
    }

    fn hinted(&mut self, mv: Option<Move>) {
        if mv.is_some() {
            self.hinted = true;
        }
    }

    fn restart(&mut self) {
        self.game = Game::new(self.start);
        self.state = TacticState::ToMove;
        self.hinted = false;
    }

    fn lead_in(&self) -> Option<Move> {
        self.last
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
