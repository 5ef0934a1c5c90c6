//! What happens in a position or with a move, found by the rules and the
//! engine, never guessed: a capture and what the exchange on its point
//! wins, a piece left to be taken, a fork, a pin, a discovered attack or
//! check, a double check, a mate (in how many moves, and the classic
//! pattern's name where it is one), the threat a move makes or stops, a
//! trapped piece, a horse's leg or an elephant's eye blocked, a general
//! stripped of its advisors, a check or chase that repeated would be
//! perpetual.

use super::board::value;
use super::exchange::{best_capture, exchange, least_taker, threatened_on};
use super::pattern::{Pattern, pattern_of};
use crate::engine::{Engine, Limits, Score, SearchRequest};
use crate::rules::game::judge_repetition;
use crate::rules::geometry::{Reach, own_half};
use crate::rules::{Color, Move, Piece, PieceKind, Position, Reason, Square, chased, is_chase};
use std::sync::atomic::AtomicBool;

/// The kinds of motif, named as `xiangqi explain --json` writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The game is over: the side to move has no legal move, mated (in
    /// check) or stalemated, and loses.
    GameOver,
    /// Mate, in a number of moves.
    Mate,
    /// Two pieces give check at once.
    DoubleCheck,
    /// A piece moves out of the way and another gives check.
    DiscoveredCheck,
    /// Check.
    Check,
    /// One piece attacks two or more worth taking.
    Fork,
    /// A piece cannot move without exposing its general.
    Pin,
    /// A piece moves out of the way and another attacks.
    DiscoveredAttack,
    /// A piece is taken; the exchange on its point decides the gain.
    Capture,
    /// A piece left to be taken for less than it is worth.
    Hanging,
    /// A piece attacked with no safe point to go to.
    Trapped,
    /// What the side that moved threatens next if nothing is done.
    Threat,
    /// The move stops what the opponent threatened.
    Defends,
    /// A horse's leg or an elephant's eye blocked.
    Blocked,
    /// A general without advisors.
    ExposedGeneral,
    /// A check or chase the rules forbid repeating: the move brings back
    /// a position, and the cycle since would lose by perpetual check or
    /// perpetual chase.
    Perpetual,
}

impl Kind {
    /// The name in `--json`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::GameOver => "game_over",
            Kind::Mate => "mate",
            Kind::DoubleCheck => "double_check",
            Kind::DiscoveredCheck => "discovered_check",
            Kind::Check => "check",
            Kind::Fork => "fork",
            Kind::Pin => "pin",
            Kind::DiscoveredAttack => "discovered_attack",
            Kind::Capture => "capture",
            Kind::Hanging => "hanging",
            Kind::Trapped => "trapped",
            Kind::Threat => "threat",
            Kind::Defends => "defends",
            Kind::Blocked => "blocked",
            Kind::ExposedGeneral => "exposed_general",
            Kind::Perpetual => "perpetual",
        }
    }
}

/// One thing that happens, with the pieces and points involved.
#[derive(Clone, Debug, PartialEq)]
pub struct Motif {
    /// What it is.
    pub kind: Kind,
    /// The side it favours: the one that mates, forks, wins the piece
    /// (for `hanging`, `exposed_general` and `perpetual`: the side that
    /// pays for it).
    pub side: Color,
    /// The pieces involved with their points, the one that acts first
    /// (the forking horse, the pinning chariot, the piece taken or left
    /// hanging), then its targets.
    pub pieces: Vec<(Square, Piece)>,
    /// A line that shows it, from the position it is found in (the mate,
    /// the capture that wins the hanging piece, the threat; for a check
    /// that wins material: the check, the answer and the capture).
    pub line: Vec<Move>,
    /// The material at stake, in centipawns (0 when none).
    pub gain: i32,
    /// For a mate: in how many moves of the mating side.
    pub mate_in: Option<u32>,
    /// For a mate: the classic pattern, when it is one.
    pub pattern: Option<Pattern>,
    /// The position [`line`](Self::line) starts from.
    pub start: Position,
    /// True when the move explained brought it about (a piece it left
    /// hanging), false when it stands in the position.
    pub by_move: bool,
}

impl Motif {
    /// For a piece left hanging: the piece that takes back after the
    /// capture of its line (the least valuable one its side may legally
    /// take back with), `None` when nothing takes back — the piece is
    /// undefended — and for the other motifs.
    pub fn taken_back_by(&self) -> Option<(Square, Piece)> {
        let (&(sq, _), &take) = (self.pieces.first()?, self.line.first()?);
        if self.kind != Kind::Hanging {
            return None;
        }
        let mut after = self.start;
        after.play(take).ok()?;
        let back = least_taker(&after, sq)?;
        Some((back.from(), after.piece_at(back.from())?))
    }

    fn new(kind: Kind, side: Color, pieces: Vec<(Square, Piece)>) -> Motif {
        Motif {
            kind,
            side,
            pieces,
            line: Vec::new(),
            gain: 0,
            mate_in: None,
            pattern: None,
            start: Position::startpos(),
            by_move: false,
        }
    }

    fn from(mut self, start: &Position, line: Vec<Move>) -> Motif {
        self.start = *start;
        self.line = line;
        self
    }
}

/// Searches the explanations need: a small engine, shallow and bounded.
pub struct Explainer {
    engine: Engine,
    /// Nodes for a mate or threat search.
    nodes: u64,
}

impl Default for Explainer {
    fn default() -> Self {
        Explainer::new(50_000)
    }
}

/// The longest mate worth naming, in moves.
const MATE_HORIZON: i32 = 7;

/// Gains below this (in centipawns) are not worth a word.
const WORTH: i32 = 100;

impl Explainer {
    /// An explainer whose searches look at most `nodes` nodes each.
    pub fn new(nodes: u64) -> Explainer {
        Explainer {
            engine: Engine::new(8),
            nodes,
        }
    }

    fn search(&mut self, pos: &Position, history: &[Position]) -> (Score, Vec<Move>) {
        let stop = AtomicBool::new(false);
        let mut request = SearchRequest::new(pos, history, &stop);
        request.limits = Limits {
            nodes: Some(self.nodes),
            depth: Some(24),
            ..Limits::default()
        };
        let r = self.engine.search(&request, &mut |_| {});
        (r.score, r.pv)
    }

    /// The motifs of `m` played in `pos` (reached through `history`,
    /// oldest first), most telling first. An illegal move has none.
    pub fn of_move(&mut self, pos: &Position, history: &[Position], m: Move) -> Vec<Motif> {
        self.of_move_with(pos, history, m, true)
    }

    /// The motifs of `m` without the threat it makes and the threat it
    /// stops (two of the three searches): what the review's best moves are
    /// told by, a third of the time.
    pub fn tactics_of_move(&mut self, pos: &Position, history: &[Position], m: Move) -> Vec<Motif> {
        self.of_move_with(pos, history, m, false)
    }

    fn of_move_with(
        &mut self,
        pos: &Position,
        history: &[Position],
        m: Move,
        threats: bool,
    ) -> Vec<Motif> {
        let mut after = *pos;
        if after.play(m).is_err() {
            return Vec::new();
        }
        // What a move shows never depends on what was asked before.
        self.engine.clear();
        let mover = pos.side_to_move();
        let (b0, b1) = (Reach::of(pos), Reach::of(&after));
        let mut found = Vec::new();
        let mut later = history.to_vec();
        later.push(*pos);
        let (mate, answer) = self.mate_after(pos, &after, &later, m);
        let mated = mate.is_some();
        found.extend(mate);
        if after.in_check() {
            found.extend(checks(&b1, mover, m, mated));
        }
        found.extend(perpetual(pos, &after, &b1, history, m));
        if let Some(victim) = pos.piece_at(m.to()) {
            let mut c = Motif::new(Kind::Capture, mover, vec![moved(&b1, m), (m.to(), victim)])
                .from(pos, vec![m]);
            c.gain = exchange(pos, m);
            found.push(c);
            if victim.kind == PieceKind::Advisor
                && after.count(mover.flip(), PieceKind::Advisor) == 0
            {
                let g = b1.general(mover.flip());
                let general = g.map(|s| (s, Piece::new(mover.flip(), PieceKind::General)));
                let e = Motif::new(
                    Kind::ExposedGeneral,
                    mover.flip(),
                    general.into_iter().collect(),
                );
                found.push(e.from(pos, vec![m]));
            }
        }
        if !mated {
            found.extend(forks(&after, &b1, mover, m));
            if after.in_check()
                && let Some(w) = check_wins(pos, &after, &b1, mover, m, &answer)
                && !found.iter().any(|f| {
                    f.kind == Kind::Fork && f.pieces.iter().any(|&(s, _)| s == w.line[2].to())
                })
            {
                found.push(w);
            }
            found.extend(discovered(&after, &b0, &b1, mover, m));
            found.extend(new_pins(&b0, &b1, mover));
            found.extend(trapped(&after, &b1, mover));
            found.extend(hanging(pos, &after, &b1, mover, m));
            if threats {
                found.extend(self.threat_against(&after, &later));
                found.extend(self.defends(pos, &after, history, &later, mover));
            }
        }
        found.extend(blocked(&b1, mover, m));
        found.sort_by_key(|f| f.kind);
        found
    }

    /// The motifs standing in `pos` for both sides: the check the side to
    /// move is in, a mate it has, pieces either side can win, pins, the
    /// opponent's threat, generals without advisors.
    pub fn of_position(&mut self, pos: &Position, history: &[Position]) -> Vec<Motif> {
        self.engine.clear();
        let us = pos.side_to_move();
        let b = Reach::of(pos);
        if !pos.has_legal_move() {
            return over(pos, &b);
        }
        let mut found = Vec::new();
        let (score, pv) = self.search(pos, history);
        if let Score::Mate(n) = score
            && n > 0
            && n <= MATE_HORIZON
        {
            found.push(mate_motif(pos, &pv, us, n as u32));
        }
        if pos.in_check()
            && let Some(g) = b.general(us)
        {
            let checkers = b.attackers(g, us.flip());
            let mut c = Motif::new(Kind::Check, us.flip(), pieces_at(&b, &checkers));
            c.pieces.push((g, Piece::new(us, PieceKind::General)));
            found.push(c);
        }
        // What the side to move can win now.
        for (sq, p) in pos.pieces(us.flip()) {
            if p.kind == PieceKind::General {
                continue;
            }
            if let Some((gain, m)) = best_capture(pos, Some(sq))
                && gain >= WORTH
            {
                let mut h = Motif::new(Kind::Hanging, us.flip(), vec![(sq, p)]).from(pos, vec![m]);
                h.gain = gain;
                found.push(h);
            }
        }
        found.extend(self.threat_against(pos, history));
        found.extend(pins(&b, us));
        found.extend(pins(&b, us.flip()));
        found.extend(exposed_generals(pos, &b));
        found.sort_by_key(|f| f.kind);
        found
    }

    /// A mate the mover now has (in one: the move itself; or forced within
    /// the horizon, by the engine), and the engine's line after the move
    /// (the opponent's best answer first; empty when it has none).
    fn mate_after(
        &mut self,
        before: &Position,
        after: &Position,
        history: &[Position],
        m: Move,
    ) -> (Option<Motif>, Vec<Move>) {
        let mover = after.side_to_move().flip();
        if !after.has_legal_move() {
            return (
                Some(mate_motif_end(after, before, vec![m], mover, 1)),
                Vec::new(),
            );
        }
        let (score, pv) = self.search(after, history);
        let mate = match score {
            Score::Mate(n) if n < 0 && -n < MATE_HORIZON => {
                let mut line = vec![m];
                line.extend(pv.iter().copied());
                let mut end = *after;
                for &x in &line[1..] {
                    if end.play(x).is_err() {
                        break;
                    }
                }
                Some(mate_motif_end(&end, before, line, mover, (-n + 1) as u32))
            }
            _ => None,
        };
        (mate, pv)
    }

    /// The opponent's threat against the side to move in `pos` (after a
    /// move: what the side that moved threatens if the other passes): a
    /// mate, or material won by the best capture.
    fn threat_against(&mut self, pos: &Position, history: &[Position]) -> Option<Motif> {
        if pos.in_check() {
            return None;
        }
        let mut passed = *pos;
        let _ = passed.make_null();
        let mut line = history.to_vec();
        line.push(*pos);
        let (score, pv) = self.search(&passed, &line);
        threat_motif(&passed, score, &pv, pos.side_to_move().flip())
    }

    /// The opponent's threat before the move, when the move stops it.
    fn defends(
        &mut self,
        pos: &Position,
        after: &Position,
        history: &[Position],
        later: &[Position],
        mover: Color,
    ) -> Option<Motif> {
        let before = self.threat_against(pos, history)?;
        let t = *before.line.first()?;
        // Still there after the move? A capture that still wins, or a mate
        // that still comes.
        let still = if before.mate_in.is_some() {
            // The opponent moves now: does its best still mate?
            matches!(self.search(after, later).0, Score::Mate(n) if n > 0 && n <= MATE_HORIZON)
        } else {
            after.is_legal(t) && exchange(after, t) >= WORTH
        };
        if still {
            return None;
        }
        let mut d = Motif::new(Kind::Defends, mover, before.pieces.clone())
            .from(&before.start, before.line);
        d.gain = before.gain;
        d.mate_in = before.mate_in;
        Some(d)
    }
}

fn threat_motif(passed: &Position, score: Score, pv: &[Move], side: Color) -> Option<Motif> {
    let b = Reach::of(passed);
    if let Score::Mate(n) = score
        && n > 0
        && n <= MATE_HORIZON
    {
        let first = *pv.first()?;
        let line = pv.iter().copied().take(2 * n as usize - 1).collect();
        let mut t = Motif::new(
            Kind::Threat,
            side,
            vec![(first.from(), b.get(first.from())?)],
        )
        .from(passed, line);
        t.mate_in = Some(n as u32);
        return Some(t);
    }
    // Material: the best capture by the exchange on its point.
    let (gain, take) = best_capture(passed, None)?;
    (gain >= 2 * WORTH).then(|| {
        let pieces = vec![
            (take.from(), b.get(take.from())?),
            (take.to(), b.get(take.to())?),
        ];
        let mut t = Motif::new(Kind::Threat, side, pieces).from(passed, vec![take]);
        t.gain = gain;
        Some(t)
    })?
}

fn mate_motif(pos: &Position, pv: &[Move], side: Color, n: u32) -> Motif {
    let mut end = *pos;
    let line: Vec<Move> = pv.iter().copied().take(2 * n as usize - 1).collect();
    for &m in &line {
        if end.play(m).is_err() {
            break;
        }
    }
    mate_motif_end(&end, pos, line, side, n)
}

/// The mate ending in `end` (the mated side to move, without a move).
fn mate_motif_end(end: &Position, start: &Position, line: Vec<Move>, side: Color, n: u32) -> Motif {
    let b = Reach::of(end);
    let mated = side.flip();
    let mut pieces = Vec::new();
    if let Some(g) = b.general(mated) {
        pieces = pieces_at(&b, &b.attackers(g, side));
        pieces.push((g, Piece::new(mated, PieceKind::General)));
    }
    let mut mate = Motif::new(Kind::Mate, side, pieces).from(start, line);
    mate.mate_in = Some(n);
    mate.pattern = pattern_of(&b, side);
    mate
}

fn moved(b: &Reach, m: Move) -> (Square, Piece) {
    (
        m.to(),
        b.get(m.to()).expect("the moved piece stands on its point"),
    )
}

fn pieces_at(b: &Reach, points: &[Square]) -> Vec<(Square, Piece)> {
    points
        .iter()
        .filter_map(|&s| Some((s, b.get(s)?)))
        .collect()
}

/// Check, discovered check, double check after `m`.
fn checks(b1: &Reach, mover: Color, m: Move, mated: bool) -> Vec<Motif> {
    let Some(g) = b1.general(mover.flip()) else {
        return Vec::new();
    };
    let checkers = b1.attackers(g, mover);
    let general = (g, Piece::new(mover.flip(), PieceKind::General));
    let mut found = Vec::new();
    let others: Vec<Square> = checkers.iter().copied().filter(|&s| s != m.to()).collect();
    if checkers.len() >= 2 {
        let mut pieces = pieces_at(b1, &checkers);
        pieces.push(general);
        found.push(Motif::new(Kind::DoubleCheck, mover, pieces));
    }
    if !others.is_empty() {
        let mut pieces = pieces_at(b1, &others);
        pieces.insert(0, moved(b1, m));
        pieces.push(general);
        found.push(Motif::new(Kind::DiscoveredCheck, mover, pieces));
    }
    if found.is_empty() && !mated {
        found.push(Motif::new(Kind::Check, mover, vec![moved(b1, m), general]));
    }
    found
}

/// The material of `c` less the other side's, by the explanations' values.
fn balance(pos: &Position, c: Color) -> i32 {
    let side = |c: Color| -> i32 {
        pos.pieces(c)
            .filter(|(_, p)| p.kind != PieceKind::General)
            .map(|(s, p)| value(p, s))
            .sum()
    };
    side(c) - side(c.flip())
}

/// A check that wins material whatever the opponent answers: after each
/// legal answer the mover's best capture (by the exchange on its point),
/// less what the answer took, and with what the check itself took, comes
/// to at least two soldiers more than the check's own capture wins by its
/// exchange; and the engine's line after the check (`answer`, its best
/// answer first) bears it out, the mover at least two soldiers up once
/// its next move or the one after is answered. Told as a fork of the general and the piece
/// when the checking piece takes what it attacked with the check, else as
/// a threat whose line is the check, the answer that loses least and the
/// capture.
fn check_wins(
    pos: &Position,
    after: &Position,
    b1: &Reach,
    mover: Color,
    m: Move,
    answer: &[Move],
) -> Option<Motif> {
    let mut end = *after;
    let mut borne = false;
    for (i, &x) in answer.iter().take(5).enumerate() {
        if end.play(x).is_err() {
            break;
        }
        // After the opponent's answer to the mover's next move, or to the
        // one after.
        if i % 2 == 0 && i > 0 && balance(&end, mover) - balance(pos, mover) >= 2 * WORTH {
            borne = true;
        }
    }
    if !borne {
        return None;
    }
    let took = pos.piece_at(m.to()).map_or(0, |p| value(p, m.to()));
    let alone = if took > 0 { exchange(pos, m).max(0) } else { 0 };
    let mut worst: Option<(i32, Move, Move)> = None;
    for &r in after.legal_moves().iter() {
        let lost = after.piece_at(r.to()).map_or(0, |p| value(p, r.to()));
        let mut answered = *after;
        answered.play(r).ok()?;
        let (gain, take) = best_capture(&answered, None)?;
        let net = took - lost + gain.max(0);
        if net < alone + 2 * WORTH {
            return None;
        }
        if worst.is_none_or(|(w, _, _)| net < w) {
            worst = Some((net, r, take));
        }
    }
    let (net, r, take) = worst?;
    let mut answered = *after;
    answered.play(r).ok()?;
    let b2 = Reach::of(&answered);
    let (taker, victim) = (b2.get(take.from())?, b2.get(take.to())?);
    let general = (
        b1.general(mover.flip())?,
        Piece::new(mover.flip(), PieceKind::General),
    );
    let mut w = if take.from() == m.to() && b1.attacks(m.to(), take.to()) {
        Motif::new(
            Kind::Fork,
            mover,
            vec![moved(b1, m), general, (take.to(), victim)],
        )
    } else {
        Motif::new(
            Kind::Threat,
            mover,
            vec![(take.from(), taker), (take.to(), victim)],
        )
    }
    .from(pos, vec![m, r, take]);
    w.gain = net;
    Some(w)
}

/// The move that leads from `a` to `b`, if one does.
fn move_between(a: &Position, b: &Position) -> Option<Move> {
    a.legal_moves().iter().copied().find(|&m| {
        let mut p = *a;
        p.play(m).is_ok() && p.hash() == b.hash()
    })
}

/// `m` brings back a position of `history` (or `pos`), and the rules
/// would judge the cycle since then against the mover: every move of
/// its side in it a check (perpetual check) or a check or chase
/// (perpetual chase), the other side's not. The cycle is judged as the
/// game's repetition rule judges it ([`judge_repetition`], [`is_chase`]).
fn perpetual(
    pos: &Position,
    after: &Position,
    b1: &Reach,
    history: &[Position],
    m: Move,
) -> Option<Motif> {
    let mover = pos.side_to_move();
    let all: Vec<&Position> = history.iter().chain([pos]).collect();
    let start = all.iter().rposition(|p| p.hash() == after.hash())?;
    let mut plies = Vec::new();
    for w in all[start..].windows(2) {
        let mv = move_between(w[0], w[1])?;
        let check = w[1].in_check();
        plies.push((w[0].side_to_move(), check, !check && is_chase(w[0], mv)));
    }
    let check = after.in_check();
    plies.push((mover, check, !check && is_chase(pos, m)));
    let pieces = match judge_repetition(&plies).reason {
        Reason::PerpetualCheck { by } if by == mover => {
            let g = b1.general(mover.flip())?;
            vec![
                moved(b1, m),
                (g, Piece::new(mover.flip(), PieceKind::General)),
            ]
        }
        Reason::PerpetualChase { by } if by == mover => match chased(pos, m) {
            Some((a, t)) if !check => pieces_at(b1, &[a, t]),
            _ => vec![moved(b1, m)],
        },
        _ => return None,
    };
    Some(Motif::new(Kind::Perpetual, mover, pieces).from(pos, vec![m]))
}

/// The motifs of a position whose side to move has no legal move: the game
/// is over (mated when in check, stalemated otherwise: a loss either way),
/// said first, then the check and the generals without advisors; no threat
/// or capture, as nobody moves any more.
fn over(pos: &Position, b: &Reach) -> Vec<Motif> {
    let us = pos.side_to_move();
    let general = b
        .general(us)
        .map(|g| (g, Piece::new(us, PieceKind::General)));
    let mut end = Motif::new(Kind::GameOver, us, general.into_iter().collect());
    end.start = *pos;
    end.mate_in = pos.in_check().then_some(0);
    let mut found = vec![end];
    if pos.in_check()
        && let Some((g, p)) = general
    {
        let checkers = b.attackers(g, us.flip());
        let mut c = Motif::new(Kind::Check, us.flip(), pieces_at(b, &checkers));
        c.pieces.push((g, p));
        found.push(c);
    }
    found.extend(exposed_generals(pos, b));
    found.sort_by_key(|f| f.kind);
    found
}

/// The generals stripped of their advisors while the other side has a
/// chariot.
fn exposed_generals(pos: &Position, b: &Reach) -> Vec<Motif> {
    Color::ALL
        .into_iter()
        .filter(|&c| {
            pos.count(c, PieceKind::Advisor) == 0 && pos.count(c.flip(), PieceKind::Chariot) > 0
        })
        .filter_map(|c| {
            let g = b.general(c)?;
            Some(Motif::new(
                Kind::ExposedGeneral,
                c,
                vec![(g, Piece::new(c, PieceKind::General))],
            ))
        })
        .collect()
}

/// What taking on `to` from `from` would win were it `by`'s turn in
/// `pos` (the other side to move, not in check): the exchange; in check,
/// the piece less what takes it when it is defended.
fn would_win(pos: &Position, b: &Reach, from: Square, to: Square, by: Color) -> i32 {
    let Some(target) = b.get(to) else {
        return 0;
    };
    if pos.side_to_move() != by && !pos.in_check() {
        let mut passed = *pos;
        let _ = passed.make_null();
        let m = Move::new(from, to);
        if passed.is_legal(m) {
            return exchange(&passed, m);
        }
        return 0;
    }
    let attacker = b.get(from).map_or(0, |p| value(p, from));
    if b.attackers(to, target.color).is_empty() {
        value(target, to)
    } else {
        value(target, to) - attacker
    }
}

/// The moved piece attacks two or more pieces worth taking (or the
/// general and one).
fn forks(after: &Position, b1: &Reach, mover: Color, m: Move) -> Option<Motif> {
    let from = m.to();
    let mut targets = Vec::new();
    let mut gain = 0;
    for (sq, p) in after.pieces(mover.flip()) {
        if !b1.attacks(from, sq) {
            continue;
        }
        if p.kind == PieceKind::General {
            targets.push((sq, p));
            continue;
        }
        let g = would_win(after, b1, from, sq, mover);
        if g >= WORTH {
            targets.push((sq, p));
            gain = gain.max(g);
        }
    }
    (targets.len() >= 2 && gain >= WORTH).then(|| {
        let mut pieces = vec![moved(b1, m)];
        pieces.extend(targets);
        let mut f = Motif::new(Kind::Fork, mover, pieces);
        f.gain = gain;
        f
    })
}

/// A piece other than the moved one newly attacks something worth taking.
fn discovered(after: &Position, b0: &Reach, b1: &Reach, mover: Color, m: Move) -> Vec<Motif> {
    let mut found = Vec::new();
    for (s, p) in after.pieces(mover) {
        if s == m.to() || p.kind == PieceKind::General {
            continue;
        }
        for (t, q) in after.pieces(mover.flip()) {
            if q.kind == PieceKind::General || !b1.attacks(s, t) || b0.attacks(s, t) {
                continue;
            }
            let g = would_win(after, b1, s, t, mover);
            if g >= WORTH {
                let mut d = Motif::new(
                    Kind::DiscoveredAttack,
                    mover,
                    vec![moved(b1, m), (s, p), (t, q)],
                );
                d.gain = g;
                found.push(d);
            }
        }
    }
    found
}

/// Pieces of `c` that cannot leave their point without exposing their
/// general: to a chariot or a cannon (screen or piece before it), to a
/// horse, or on the generals' file.
pub fn pins(b: &Reach, c: Color) -> Vec<Motif> {
    let Some(g) = b.general(c) else {
        return Vec::new();
    };
    let now = b.attackers(g, c.flip());
    let mut found = Vec::new();
    for sq in Square::all() {
        let Some(p) = b.get(sq) else { continue };
        if p.color != c || p.kind == PieceKind::General {
            continue;
        }
        let mut without = b.clone();
        without.remove(sq);
        for s in without.attackers(g, c.flip()) {
            if now.contains(&s) {
                continue;
            }
            let Some(pinner) = b.get(s) else { continue };
            found.push(Motif::new(
                Kind::Pin,
                c.flip(),
                vec![(s, pinner), (sq, p), (g, Piece::new(c, PieceKind::General))],
            ));
        }
    }
    found
}

/// The pins on the opponent the move made.
fn new_pins(b0: &Reach, b1: &Reach, mover: Color) -> Vec<Motif> {
    let before = pins(b0, mover.flip());
    pins(b1, mover.flip())
        .into_iter()
        .filter(|p| !before.iter().any(|q| q.pieces == p.pieces))
        .collect()
}

/// An opponent's chariot, horse or cannon attacked with no safe point to
/// go to.
fn trapped(after: &Position, b1: &Reach, mover: Color) -> Vec<Motif> {
    if after.in_check() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (sq, p) in after.pieces(mover.flip()) {
        if !matches!(
            p.kind,
            PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon
        ) {
            continue;
        }
        if threatened_on(after, sq) < WORTH {
            continue;
        }
        let escapes = after
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from() == sq)
            .any(|m| {
                let mut moved = *after;
                moved.play(m).is_ok()
                    && best_capture(&moved, Some(m.to())).is_none_or(|(g, _)| g < WORTH)
            });
        if !escapes {
            let attackers = b1.attackers(sq, mover);
            let mut pieces = vec![(sq, p)];
            pieces.extend(pieces_at(b1, &attackers));
            let mut t = Motif::new(Kind::Trapped, mover, pieces);
            t.gain = threatened_on(after, sq);
            found.push(t);
        }
    }
    found
}

/// The mover's pieces the move leaves to be taken for less than they are
/// worth (not the capture's own exchange, counted with the capture).
fn hanging(pos: &Position, after: &Position, b1: &Reach, mover: Color, m: Move) -> Vec<Motif> {
    let mut found = Vec::new();
    for (sq, p) in after.pieces(mover) {
        if p.kind == PieceKind::General || (sq == m.to() && pos.piece_at(m.to()).is_some()) {
            continue;
        }
        let Some((now, take)) = best_capture(after, Some(sq)).filter(|&(g, _)| g >= WORTH) else {
            continue;
        };
        let was = if sq == m.to() {
            0
        } else {
            threatened_on(pos, sq)
        };
        if now <= was {
            continue;
        }
        let mut h = Motif::new(Kind::Hanging, mover, vec![(sq, p)]).from(after, vec![take]);
        h.by_move = true;
        h.pieces.extend(pieces_at(b1, &[take.from()]));
        h.gain = now;
        found.push(h);
    }
    found
}

/// The move stands on the leg of an opponent's horse or the eye of its
/// elephant.
fn blocked(b1: &Reach, mover: Color, m: Move) -> Vec<Motif> {
    let to = m.to();
    let mut found = Vec::new();
    for sq in Square::all() {
        let Some(p) = b1.get(sq) else { continue };
        if p.color == mover {
            continue;
        }
        let (df, dr) = (
            to.file() as i32 - sq.file() as i32,
            to.rank() as i32 - sq.rank() as i32,
        );
        let hit = match p.kind {
            PieceKind::Horse => df.abs() + dr.abs() == 1,
            PieceKind::Elephant => {
                df.abs() == 1
                    && dr.abs() == 1
                    && Square::new(
                        (sq.file() as i32 + 2 * df) as u8,
                        (sq.rank() as i32 + 2 * dr) as u8,
                    )
                    .is_some_and(|t| own_half(p.color, t))
            }
            _ => false,
        };
        if hit {
            found.push(Motif::new(
                Kind::Blocked,
                mover,
                vec![moved(b1, m), (sq, p)],
            ));
        }
    }
    found
}
