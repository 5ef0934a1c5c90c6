//! Finding puzzles in games: every position of a game is looked at
//! briefly; where a move handed the opponent a decisive chance (the
//! mover's expected score fell by at least [`GAP`] and the opponent now
//! wins), the position after it is proved ([`Prover::prove`]) and looked
//! at again at the larger budget ([`Prover::confirm`]).

use super::prove::{Budget, GAP, Prover, Rejected, WINNING, unique_by};
use super::{Source, Tactic, id_of, tag};
use crate::engine::Score;
use crate::engine::review::expected;
use crate::rules::{Move, Position};
use crate::teach::motif::Explainer;

/// How the games are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The proof's budget.
    pub budget: Budget,
    /// Nodes for the first, brief look at each position.
    pub scan: u64,
    /// The most puzzles one game gives.
    pub per_game: usize,
    /// The fewest plies between two puzzles of one game.
    pub apart: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: Budget::default(),
            scan: 10_000,
            per_game: 3,
            apart: 6,
        }
    }
}

/// A game to look for puzzles in.
#[derive(Clone, Debug)]
pub struct GameMoves {
    /// What the puzzles will say they come from.
    pub name: String,
    /// The start position.
    pub start: Position,
    /// The main line.
    pub moves: Vec<Move>,
}

/// What was found in one game, and what was turned down (for the log).
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// The proved puzzles, themed, not yet rated (rating 0).
    pub tactics: Vec<Tactic>,
    /// Positions that looked like a chance and why each is no puzzle.
    pub rejected: Vec<(usize, Rejected)>,
}

/// The searches one worker needs: a prover and the teacher.
pub struct Miner {
    prover: Prover,
    /// The brief looks (the scan, the glance), with a small table: each
    /// search clears it, and clearing the prover's large one for every
    /// position of a game took a sixth of the miner's time.
    scanner: Prover,
    explainer: Explainer,
    settings: Settings,
}

impl Miner {
    /// A miner searching as `settings` say.
    pub fn new(settings: Settings) -> Miner {
        Miner {
            prover: Prover::new(settings.budget),
            scanner: Prover::with_hash(settings.budget, 1),
            explainer: Explainer::new(50_000),
            settings,
        }
    }

    /// The plies (positions after a mistake) where the side to move was
    /// handed a decisive chance.
    pub fn chances(&mut self, positions: &[Position]) -> Vec<usize> {
        let scores: Vec<f64> = (0..positions.len())
            .map(|i| {
                let (pos, hist) = (&positions[i], &positions[..i]);
                self.scanner
                    .lines(pos, hist, self.settings.scan, 1)
                    .first()
                    .map_or(0.5, |&(_, s)| expected(s))
            })
            .collect();
        (1..positions.len())
            .filter(|&i| {
                let (before, now) = (scores[i - 1], scores[i]);
                before - (1.0 - now) >= GAP && now >= WINNING
            })
            .collect()
    }

    /// The puzzles of `game`.
    pub fn mine(&mut self, game: &GameMoves) -> Found {
        let mut positions = vec![game.start];
        for &m in &game.moves {
            let mut next = *positions.last().unwrap_or(&game.start);
            if next.play(m).is_err() {
                break;
            }
            positions.push(next);
        }
        let mut found = Found::default();
        let mut last_ply: Option<usize> = None;
        for ply in self.chances(&positions) {
            if found.tactics.len() >= self.settings.per_game
                || last_ply.is_some_and(|l| ply < l + self.settings.apart)
            {
                continue;
            }
            match self.puzzle_at(game, &positions, ply) {
                Ok(t) => {
                    last_ply = Some(ply);
                    found.tactics.push(t);
                }
                Err(e) => found.rejected.push((ply, e)),
            }
        }
        found
    }

    /// A first look, at a few times the scan's budget: a position whose
    /// second-best move keeps nearly as much as the best is no puzzle, and
    /// the full proof is not worth its time.
    fn glance(&mut self, pos: &Position, hist: &[Position]) -> Result<(), Rejected> {
        let l = self.scanner.lines(pos, hist, self.settings.scan * 4, 2);
        match (l.first(), l.get(1)) {
            (Some(&(m, best)), Some(&(second, kept)))
                if best != Score::Mate(1) && !unique_by(best, Some(kept), GAP / 2.0) =>
            {
                Err(Rejected::NotUnique {
                    step: 1,
                    best: m.to_string(),
                    second: second.to_string(),
                    kept: format!("{kept} at a glance"),
                })
            }
            _ => Ok(()),
        }
    }

    fn puzzle_at(
        &mut self,
        game: &GameMoves,
        positions: &[Position],
        ply: usize,
    ) -> Result<Tactic, Rejected> {
        let (pos, hist) = (&positions[ply], &positions[..ply]);
        let last = game.moves[ply - 1];
        self.glance(pos, hist)?;
        // The player sees the position alone, not the game before it: the
        // proof takes no repetition from the game into account.
        let proof = self.prover.prove(pos, &[])?;
        let first = proof.line[0];
        if positions[ply - 1].piece_at(last.to()).is_some() && first.to() == last.to() {
            return Err(Rejected::NotWinning(
                "it only takes back what was taken".into(),
            ));
        }
        self.prover.confirm(pos, &[], first)?;
        let themes = tag::themes(&mut self.explainer, pos, hist, &proof, ply);
        Ok(Tactic {
            id: id_of(pos, first),
            fen: pos.fen(),
            last: last.to_string(),
            moves: proof.line.iter().map(Move::to_string).collect(),
            themes: themes.iter().map(|t| t.key().to_string()).collect(),
            rating: 0,
            source: Source {
                game: game.name.clone(),
                ply: ply as u32,
            },
        })
    }
}
