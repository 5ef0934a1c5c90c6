//! Why a move was weak, in one sentence: what it allowed (a piece it left
//! hanging, or the opponent's best reply and what that reply does), and
//! what the better move would have done. The review's judged moves and
//! `xiangqi review` read it.

use super::motif::{Explainer, Kind, Motif};
use super::words::{line_text, sentence};
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
    lang: Language,
) -> Option<String> {
    let zh = lang == Language::Zh;
    let mut parts = Vec::new();
    let own = explainer.of_move(pos, history, played);
    let left = own.iter().find(|m| m.kind == Kind::Hanging && m.by_move);
    let allowed = match (left, reply) {
        (Some(h), _) => Some(sentence(h, lang)),
        (None, Some(r)) => {
            let mut after = *pos;
            let mut later = history.to_vec();
            later.push(*pos);
            if after.play(played).is_ok() {
                let theirs = explainer.of_move(&after, &later, r);
                telling(&theirs, true).map(|m| {
                    let r = line_text(&after, &[r]);
                    if zh {
                        format!("让对方{r}：{}", sentence(m, lang))
                    } else {
                        format!("allows {r}: {}", sentence(m, lang))
                    }
                })
            } else {
                None
            }
        }
        _ => None,
    };
    parts.extend(allowed);
    if !better.is_null() && better != played {
        let ours = explainer.of_move(pos, history, better);
        if let Some(m) = telling(&ours, true) {
            let b = line_text(pos, &[better]);
            parts.push(if zh {
                format!("应走{b}：{}", sentence(m, lang))
            } else {
                format!("better {b}: {}", sentence(m, lang))
            });
        }
    }
    (!parts.is_empty()).then(|| parts.join(if zh { "；" } else { "; " }))
}
