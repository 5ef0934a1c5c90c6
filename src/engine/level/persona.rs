//! A persona: how a level plays, what it searches and how it chooses
//! among the moves it has searched (see the [`super`] module's docs).

use super::convert::{self, glance_value};
use crate::engine::rng::Rng;
use crate::engine::{Engine, Limits, Score, SearchInfo, SearchRequest, SearchResult, book};
use crate::rules::{Move, PieceKind, Position, Square};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The most a careless move may lose, as the level's search sees it, in
/// centipawns: a horse or a cannon, never a chariot (a level whose
/// temperature is higher may lose up to its temperature: the weakest
/// level, a beginner who drops pieces; a chariot is still never left to
/// be taken).
const MAX_CARELESS_LOSS: i32 = 500;

/// How a level plays: what it searches and how it chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Persona {
    /// Deepest search, in plies.
    pub depth: u32,
    /// Thinking time per move at most, in milliseconds.
    pub millis: u64,
    /// Softmax temperature in centipawns as players read them (0: always
    /// the best move, the full engine's search within the limits).
    pub temperature: i32,
    /// Only moves within this many centipawns (as players read them) of
    /// the best are considered.
    pub margin: i32,
    /// Share of moves chosen carelessly, in percent: looking only at what
    /// the move itself wins and whether the moved piece can be taken, not
    /// at the opponent's other replies (the threats a beginner overlooks).
    pub careless: u32,
    /// Plies the opening book is used for (its lines are strong; a beginner
    /// does not know them).
    pub book_plies: u32,
}

impl Persona {
    /// Its search limits.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: Some(self.depth),
            movetime: Some(Duration::from_millis(self.millis)),
            classic: true,
            ..Limits::default()
        }
    }

    /// This persona with its time per move multiplied by `scale` (within
    /// 0.001–1000, at least a millisecond): self-play matches use a
    /// fraction to finish in reasonable time.
    pub fn scaled(self, scale: f64) -> Persona {
        let millis = (self.millis as f64 * scale.clamp(0.001, 1000.0)).round();
        Persona {
            millis: (millis as u64).max(1),
            ..self
        }
    }

    /// The move this persona plays (see the level module's docs): a book
    /// move in the opening, otherwise its search and, when it has a
    /// temperature, a softmax draw among near-best moves. The request's
    /// limits are a cap: it never searches deeper, longer or more nodes
    /// than they allow, and under a clock it thinks no longer than the
    /// clock's time management gives (its moves left out and lines are
    /// not used). `seed` makes the choice reproducible. The move is legal
    /// whenever a legal move exists.
    pub fn choose(
        &self,
        engine: &mut Engine,
        request: &SearchRequest,
        seed: u64,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let SearchRequest {
            position: pos,
            history,
            ..
        } = *request;
        let mut rng = Rng::new(seed ^ pos.hash());
        // The generator's first number picks the book move, in book or not.
        let book_seed = rng.next_u64();
        if history.len() < self.book_plies as usize
            && let Some(m) = book::pick(pos, book_seed)
        {
            return SearchResult {
                best: m,
                ponder: None,
                score: Score::Cp(0),
                depth: 0,
                nodes: 0,
                pv: vec![m],
            };
        }
        // Well ahead, a level converts: a sharper self (see `convert`).
        let stage = convert::stage(pos);
        let persona = if stage == convert::Stage::Converting {
            convert::sharpened(self)
        } else {
            *self
        };
        persona.search_and_pick(engine, request, stage, &mut rng, on_info)
    }

    /// The rest of [`Persona::choose`] after the book: the search within
    /// the limits and the choice among the moves [`convert::sound`] keeps
    /// in `stage`.
    fn search_and_pick(
        &self,
        engine: &mut Engine,
        request: &SearchRequest,
        stage: convert::Stage,
        rng: &mut Rng,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let SearchRequest {
            position: pos,
            history,
            limits: ref cap,
            stop,
            ..
        } = *request;
        let limits = self.capped(cap);
        if self.temperature == 0 {
            return engine.search(
                &SearchRequest::new(pos, history, stop).limits(limits),
                on_info,
            );
        }
        let start = Instant::now();
        let depth = limits.depth.unwrap_or(self.depth).min(self.depth);
        let deadline = crate::engine::timeman::plan(&limits)
            .hard
            .map(|h| start + h);
        let scores = engine.root_scores(pos, history, depth, deadline, stop);
        let Some(&(best_move, best)) = scores.first() else {
            // Stopped before anything was scored, or no legal move.
            let quick = Limits {
                depth: Some(1),
                ..Limits::default()
            };
            let never = AtomicBool::new(false);
            return engine.search(
                &SearchRequest::new(pos, history, &never).limits(quick),
                on_info,
            );
        };
        // Margins and temperatures are in centipawns as players read them,
        // whichever evaluation searched.
        let shown: Vec<(Move, i32)> = scores
            .iter()
            .map(|&(m, s)| (m, engine.evaluator().display_cp(s)))
            .collect();
        let shown = convert::sound(pos, history, stage, &shown);
        let chosen = if Score::from_internal(best).mate_plies().is_some() {
            // A forced mate (for or against) is played or defended as well as it can be.
            best_move
        } else {
            self.pick(pos, &shown, rng)
        };
        let score = scores
            .iter()
            .find(|(m, _)| *m == chosen)
            .map_or(best, |s| s.1);
        let info = SearchInfo {
            multipv: 1,
            depth,
            seldepth: depth,
            score: engine.evaluator().score(score),
            nodes: 0,
            nps: 0,
            time: start.elapsed(),
            pv: vec![chosen],
        };
        on_info(&info);
        SearchResult {
            best: chosen,
            ponder: None,
            score: info.score,
            depth,
            nodes: 0,
            pv: vec![chosen],
        }
    }

    /// The level's own limits within the caller's: the smaller depth and
    /// move time of the two, the caller's nodes and clock.
    fn capped(&self, cap: &Limits) -> Limits {
        let mut limits = self.limits();
        limits.depth = match (limits.depth, cap.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        limits.movetime = match (limits.movetime, cap.movetime) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        limits.nodes = cap.nodes;
        limits.clock = cap.clock;
        limits
    }

    /// Whether this move is played at a glance: the careless share of the
    /// moves, never in check (a person looks hard then).
    fn glances(&self, pos: &Position, rng: &mut Rng) -> bool {
        u64::from(self.careless) > rng.next_u64() % 100 && !pos.in_check()
    }

    /// The move among the scored ones (`shown`, best first, in displayed
    /// centipawns): a careless one at times, unless the search sees it
    /// losing more than a minor piece; otherwise one drawn by the level's
    /// softmax among those within its margin of the best that leave no
    /// chariot hanging.
    fn pick(&self, pos: &Position, shown: &[(Move, i32)], rng: &mut Rng) -> Move {
        let (best_move, best_shown) = shown[0];
        let careless = self
            .glances(pos, rng)
            .then(|| careless_choice(pos, self, rng))
            .flatten()
            .filter(|m| {
                shown.iter().find(|(c, _)| c == m).is_some_and(|&(_, s)| {
                    s >= best_shown - MAX_CARELESS_LOSS.max(self.temperature)
                })
            });
        if let Some(m) = careless {
            return m;
        }
        let candidates: Vec<(Move, i32)> = shown
            .iter()
            .copied()
            .filter(|&(m, s)| {
                m == best_move || (s >= best_shown - self.margin && !hangs_chariot(pos, m))
            })
            .collect();
        softmax_pick(&candidates, best_shown, self.temperature, rng).unwrap_or(best_move)
    }
}

/// A move chosen at a glance (see [`Persona::careless`]): each move is judged by
/// the position right after it and by whether the moved piece can simply be
/// taken there, and one is drawn by the level's softmax among those within
/// its margin of the best-looking. Moves that leave a chariot to be taken
/// are left out; `None` when every move does.
fn careless_choice(pos: &Position, spec: &Persona, rng: &mut Rng) -> Option<Move> {
    let glanced: Vec<(Move, i32)> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| !hangs_chariot(pos, m))
        .map(|m| (m, glance(pos, m)))
        .collect();
    let top = glanced.iter().map(|g| g.1).max()?;
    let candidates: Vec<(Move, i32)> = glanced
        .into_iter()
        .filter(|&(_, s)| s >= top - spec.margin)
        .collect();
    Some(softmax_pick(&candidates, top, spec.temperature, rng).unwrap_or(candidates[0].0))
}

/// One of `candidates` drawn with weight `exp((score - best) / temperature)`.
fn softmax_pick(
    candidates: &[(Move, i32)],
    best: i32,
    temperature: i32,
    rng: &mut Rng,
) -> Option<Move> {
    let weights: Vec<f64> = candidates
        .iter()
        .map(|&(_, s)| (f64::from(s - best) / f64::from(temperature.max(1))).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let mut r = rng.next_f64() * total;
    for (&(m, _), w) in candidates.iter().zip(&weights) {
        if r < *w {
            return Some(m);
        }
        r -= w;
    }
    None
}

/// What `m` is worth at a glance, for the side to move: material and
/// placement right after it, less what the moved piece can lose where it
/// lands. Threats against the other pieces go unseen.
fn glance(pos: &Position, m: Move) -> i32 {
    let mut after = *pos;
    after.make(m);
    // Material and placement only: the full evaluation weighs threats,
    // which is what a glance does not see.
    crate::engine::eval::Acc::new(&after).quick(pos.side_to_move()) - exposed(&after, m.to())
}

/// What stands on `sq` can lose when the side to move in `after` takes it:
/// all of it when it is not defended, the difference when a cheaper piece
/// takes a defended one.
fn exposed(after: &Position, sq: Square) -> i32 {
    let Some(piece) = after.piece_at(sq) else {
        return 0;
    };
    let cheapest = after
        .legal_captures()
        .iter()
        .filter(|c| c.to() == sq)
        .filter_map(|&c| after.piece_at(c.from()).map(|p| (glance_value(p.kind), c)))
        .min_by_key(|&(v, _)| v);
    let Some((attacker, take)) = cheapest else {
        return 0;
    };
    let mut taken = *after;
    taken.make(take);
    let defended = taken.legal_captures().iter().any(|r| r.to() == sq);
    let ours = glance_value(piece.kind);
    if defended {
        (ours - attacker).max(0)
    } else {
        ours
    }
}

/// True if after `m` the opponent can simply take one of our chariots: with
/// a lesser piece, or with a chariot we cannot take back.
pub fn hangs_chariot(pos: &Position, m: Move) -> bool {
    let mut after = *pos;
    if after.play(m).is_err() {
        return true;
    }
    let us = pos.side_to_move();
    after.legal_captures().iter().any(|&c| {
        let Some(victim) = after.piece_at(c.to()) else {
            return false;
        };
        if victim.color != us || victim.kind != PieceKind::Chariot {
            return false;
        }
        let attacker_is_chariot = after
            .piece_at(c.from())
            .is_some_and(|p| p.kind == PieceKind::Chariot);
        if !attacker_is_chariot {
            return true;
        }
        let mut p2 = after;
        p2.make(c);
        !p2.legal_captures().iter().any(|r| r.to() == c.to())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Level;
    use crate::rules::Square;

    #[test]
    fn a_glance_sees_what_the_moved_piece_can_lose_where_it_lands() {
        let e4 = Square::parse("e4").unwrap();
        // The black soldier can take the horse, nothing takes back: all of it.
        let alone = Position::from_fen("3k5/9/9/9/4p4/4N4/9/9/9/4K4 b - - 0 1").unwrap();
        assert_eq!(exposed(&alone, e4), 400);
        // Defended by the chariot: the horse for a soldier.
        let defended = Position::from_fen("3k5/9/9/9/4p4/4N4/9/9/4R4/5K3 b - - 0 1").unwrap();
        assert_eq!(exposed(&defended, e4), 300);
        // Nothing attacks e4 once the soldier is gone.
        let safe = Position::from_fen("3k5/9/9/9/9/4N4/9/9/9/4K4 b - - 0 1").unwrap();
        assert_eq!(exposed(&safe, e4), 0);
    }

    #[test]
    fn a_careless_level_overlooks_a_threat_that_a_careful_one_sees() {
        // The black chariot on c7 attacks the red horse on c4, which nothing
        // defends; Red to move.
        let pos = Position::from_fen("3k5/9/2r6/9/9/2N6/P3P1P1P/9/9/4K4 w - - 0 1").unwrap();
        let horse_hangs = |m: Move| {
            let mut after = pos;
            after.make(m);
            after.legal_captures().iter().any(|c| {
                after
                    .piece_at(c.to())
                    .is_some_and(|p| p.kind == PieceKind::Horse)
            })
        };
        let saved = |persona: &Persona| {
            let mut engine = Engine::new(1);
            (0..40)
                .filter(|&seed| {
                    let never = AtomicBool::new(false);
                    let request = SearchRequest::new(&pos, &[], &never);
                    let r = persona.choose(&mut engine, &request, seed, &mut |_| {});
                    !horse_hangs(r.best)
                })
                .count()
        };
        // A level that searches one ply and judges sharply enough to see
        // a horse hang (新手 3), then the same judging at a glance.
        let careful = Persona {
            careless: 0,
            book_plies: 0,
            ..Level::new(6).unwrap().persona()
        };
        assert_eq!(careful.depth, 1);
        let careless = Persona {
            careless: 100,
            ..careful
        };
        assert_eq!(saved(&careful), 40, "the careful look sees the chariot");
        let n = saved(&careless);
        assert!(
            n < 30,
            "a careless look saves the horse only by chance: {n} of 40"
        );
    }

    #[test]
    fn leaving_a_chariot_en_prise_is_recognised() {
        // A black horse on e5 covers c4 but not a4.
        let pos = Position::from_fen("3k5/9/9/9/4n4/9/2R6/9/9/4K4 w - - 0 1").unwrap();
        assert!(hangs_chariot(&pos, Move::from_iccs("c3c4").unwrap()));
        assert!(!hangs_chariot(&pos, Move::from_iccs("c3a3").unwrap()));
        // Chariot against chariot, defended by the general: not hanging.
        let pos = Position::from_fen("5k3/9/9/9/3r5/9/9/9/9/R3K4 w - - 0 1").unwrap();
        assert!(!hangs_chariot(&pos, Move::from_iccs("a0d0").unwrap()));
        assert!(hangs_chariot(&pos, Move::from_iccs("a0a5").unwrap()));
    }
}
