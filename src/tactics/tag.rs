//! A proved line's themes, from the teacher's motifs of the solver's
//! moves ([`crate::teach::motif`]) and the board: the mate and its classic
//! pattern, fork, pin, discovered attack and check, double check, a
//! hanging or trapped piece, a sacrifice, a defence, an attack on the
//! general, a soldier across the river, the phase and the length.

use super::Theme;
use super::prove::{Proof, lead_of};
use crate::rules::geometry::{Reach, own_half};
use crate::rules::{Move, PieceKind, Position, Square};
use crate::teach::motif::{Explainer, Kind, Motif};
use crate::teach::pattern::pattern_of;

/// The ply before which a game with most of its pieces is in its opening.
const OPENING_PLIES: usize = 24;

/// The themes of `proof`, found in `pos` (reached through `history`, the
/// game's `ply`-th position).
pub fn themes(
    explainer: &mut Explainer,
    pos: &Position,
    history: &[Position],
    proof: &Proof,
    ply: usize,
) -> Vec<Theme> {
    let solver = pos.side_to_move();
    let solver_moves = proof.line.len().div_ceil(2);
    let mut out = Vec::new();
    let (mut cur, mut hist) = (*pos, history.to_vec());
    let mut checks = 0;
    for (i, &m) in proof.line.iter().enumerate() {
        if i % 2 == 0 {
            let motifs = if i == 0 {
                explainer.of_move(&cur, &hist, m)
            } else {
                explainer.tactics_of_move(&cur, &hist, m)
            };
            for f in motifs.iter().filter(|f| f.side == solver) {
                let cashed = || wins_a_target(&proof.line[i..], f);
                if matches!(f.kind, Kind::Fork | Kind::Pin) && !cashed() {
                    continue;
                }
                out.extend(motif_theme(f.kind, i == 0, f.gain));
            }
            let piece = cur.piece_at(m.from());
            if piece.is_some_and(|p| p.kind == PieceKind::Soldier) && !own_half(solver, m.to()) {
                out.push(Theme::Soldier);
            }
        }
        hist.push(cur);
        if cur.play(m).is_err() {
            break;
        }
        if i % 2 == 0 && cur.in_check() {
            checks += 1;
        }
        if i == 1 && lead_of(&cur, solver) < lead_of(pos, solver) - 100 {
            out.push(Theme::Sacrifice);
        }
    }
    if proof.mate {
        out.push(Theme::Mate);
        out.push(Theme::mate_in(solver_moves));
        out.extend(pattern_of(&Reach::of(&cur), solver).map(Theme::Pattern));
    } else {
        out.push(Theme::Material);
    }
    if checks * 2 > solver_moves && (proof.mate || checks >= 2) {
        out.push(Theme::AttackOnGeneral);
    }
    out.push(phase(pos, ply));
    out.push(Theme::length(solver_moves));
    let mut seen = std::collections::HashSet::new();
    out.retain(|t| seen.insert(*t));
    out.sort_by_key(|t| Theme::ALL.iter().position(|a| a == t));
    out
}

/// The themes of a puzzle as they read now, from its position and line
/// alone (after a change to how themes are found: `puzzles tag`); `None`
/// for a puzzle whose position or line does not read.
pub fn of_tactic(explainer: &mut Explainer, t: &super::Tactic) -> Option<Vec<Theme>> {
    let pos = Position::from_fen(&t.fen).ok()?;
    let line: Vec<Move> = t
        .moves
        .iter()
        .map(|m| Move::from_iccs(m))
        .collect::<Option<_>>()?;
    let mut end = pos;
    for &m in &line {
        end.play(m).ok()?;
    }
    let proof = Proof {
        line,
        mate: !end.has_legal_move(),
        first: (crate::engine::Score::Cp(0), None),
    };
    Some(themes(explainer, &pos, &[], &proof, t.source.ply as usize))
}

/// True if the solver takes one of the fork's (or the pin's) targets, the
/// general aside, in `line` (from the motif's move on): wherever the
/// defender moves it, the motif wins it. One the line does not cash (the
/// teacher also sees a fork in a check a piece could block, in targets of
/// no weight when the line wins elsewhere, and pins that only stand on the
/// board once the line has won) is not what the puzzle is about.
fn wins_a_target(line: &[Move], f: &Motif) -> bool {
    let mut targets: Vec<Square> = f
        .pieces
        .iter()
        .skip(1)
        .filter(|(_, p)| p.kind != PieceKind::General)
        .map(|&(s, _)| s)
        .collect();
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 && targets.contains(&m.to()) {
            return true;
        }
        if let Some(t) = targets.iter_mut().find(|t| **t == m.from()) {
            *t = m.to();
        }
    }
    false
}

/// The theme a motif of a solver's move gives (`first`: of the first
/// move; `gain`: the material at stake).
fn motif_theme(kind: Kind, first: bool, gain: i32) -> Option<Theme> {
    Some(match kind {
        Kind::Fork => Theme::Fork,
        Kind::Pin => Theme::Pin,
        Kind::DiscoveredAttack => Theme::DiscoveredAttack,
        Kind::DiscoveredCheck => Theme::DiscoveredCheck,
        Kind::DoubleCheck => Theme::DoubleCheck,
        Kind::Trapped => Theme::Trapped,
        Kind::Capture if first && gain >= 200 => Theme::Hanging,
        Kind::Defends if first => Theme::Defensive,
        _ => return None,
    })
}

/// Opening, middlegame or endgame: an early position with most pieces on
/// the board is an opening; five chariots, horses and cannons or fewer,
/// an ending.
fn phase(pos: &Position, ply: usize) -> Theme {
    let all = pos.pieces(solver_of(pos)).count() + pos.pieces(solver_of(pos).flip()).count();
    let big: usize = [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon]
        .iter()
        .map(|&k| (pos.count(solver_of(pos), k) + pos.count(solver_of(pos).flip(), k)) as usize)
        .sum();
    if big <= 5 {
        Theme::Endgame
    } else if ply < OPENING_PLIES && all >= 28 {
        Theme::Opening
    } else {
        Theme::Middlegame
    }
}

fn solver_of(pos: &Position) -> crate::rules::Color {
    pos.side_to_move()
}
