//! Why a move was weak, in one sentence: what it allowed (a piece it left
//! hanging, or the opponent's best reply and what that reply does), and
//! what the better move would have done. The review's judged moves and
//! `xiangqi review` read it.

use super::motif::{Explainer, Kind, Motif};
use super::words::{Voice, line_text, sentence};
use crate::rules::{Move, Position};
use crate::store::settings::Language;

/// The motifs that say most about what a move does for its side, best
/// first: a mate, a double check, a fork, material won, a discovered
/// attack, a pin, a trapped piece, a threat, a threat stopped.
fn telling(found: &[Motif], for_mover: bool) -> Option<&Motif> {
    let rank = |m: &Motif| -> Option<u8> {
        Some(match m.kind {
            Kind::Mate => 0,
            Kind::DoubleCheck => 1,
            Kind::Fork => 2,
            Kind::Capture if m.gain >= 100 => 3,
            Kind::Hanging if !for_mover && m.by_move => 3,
            Kind::DiscoveredAttack => 4,
            Kind::Trapped => 5,
            Kind::Pin => 6,
            Kind::Threat => 7,
            Kind::Defends if for_mover => 8,
            _ => return None,
        })
    };
    found
        .iter()
        .filter_map(|m| Some((rank(m)?, m)))
        .min_by_key(|&(r, _)| r)
        .map(|(_, m)| m)
}

/// One half of a why: a move and the motif that tells what it does.
#[derive(Clone, Debug, PartialEq)]
pub struct Said {
    /// The position the move is played in.
    pub from: Position,
    /// The move.
    pub mv: Move,
    /// What it does (a piece left hanging is told on its own, with no move).
    pub motif: Motif,
}

/// Why a move was weak: what it allowed, what the better move did.
#[derive(Clone, Debug, PartialEq)]
pub struct Why {
    /// The piece the move left to be taken, or the opponent's best answer.
    pub allowed: Option<Said>,
    /// The better move.
    pub better: Option<Said>,
}

impl Why {
    /// In a sentence: "allows 马三进五: the horse forks …; better 车一平二:
    /// …" / "让对方马三进五：…；应走车一平二：…".
    pub fn text(&self, voice: impl Into<Voice>) -> String {
        let voice = voice.into();
        let zh = voice.lang == Language::Zh;
        let mut parts = Vec::new();
        if let Some(a) = &self.allowed {
            let said = sentence(&a.motif, voice);
            parts.push(if a.motif.kind == Kind::Hanging && a.motif.by_move {
                said
            } else {
                let r = line_text(&a.from, &[a.mv], voice);
                if zh {
                    format!("让对方{r}：{said}")
                } else {
                    format!("allows {r}: {said}")
                }
            });
        }
        if let Some(b) = &self.better {
            let m = line_text(&b.from, &[b.mv], voice);
            let said = sentence(&b.motif, voice);
            parts.push(if zh {
                format!("应走{m}：{said}")
            } else {
                format!("better {m}: {said}")
            });
        }
        parts.join(if zh { "；" } else { "; " })
    }
}

/// The motif that says most about what a move does for its side (see
/// [`telling`]), else any check or capture it makes: the headline of a
/// hint.
pub fn headline(found: &[Motif]) -> Option<&Motif> {
    telling(found, true).or_else(|| {
        found.iter().find(|m| {
            matches!(
                m.kind,
                Kind::Check | Kind::DiscoveredCheck | Kind::Capture | Kind::Blocked
            )
        })
    })
}

/// Why `played` (in `pos`, reached through `history`) was weaker than
/// `better`: what it allowed, the opponent's `reply` being the engine's
/// answer to it, and what `better` did. `None` when neither says anything
/// the rules can show.
pub fn why(
    explainer: &mut Explainer,
    pos: &Position,
    history: &[Position],
    played: Move,
    reply: Option<Move>,
    better: Move,
) -> Option<Why> {
    let own = explainer.of_move(pos, history, played);
    let mut after = *pos;
    let allowed = match own
        .into_iter()
        .find(|m| m.kind == Kind::Hanging && m.by_move)
    {
        Some(h) => Some(Said {
            from: h.start,
            mv: h.line.first().copied().unwrap_or(Move::NULL),
            motif: h,
        }),
        None => match reply {
            Some(r) if after.play(played).is_ok() => {
                let mut later = history.to_vec();
                later.push(*pos);
                let theirs = explainer.of_move(&after, &later, r);
                telling(&theirs, true).map(|m| Said {
                    from: after,
                    mv: r,
                    motif: m.clone(),
                })
            }
            _ => None,
        },
    };
    let better = if !better.is_null() && better != played {
        let ours = explainer.of_move(pos, history, better);
        telling(&ours, true).map(|m| Said {
            from: *pos,
            mv: better,
            motif: m.clone(),
        })
    } else {
        None
    };
    (allowed.is_some() || better.is_some()).then_some(Why { allowed, better })
}
