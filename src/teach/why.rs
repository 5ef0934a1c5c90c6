//! Why a move was weak, in one sentence: what it allowed (a piece it left
//! hanging, or the opponent's best reply and what that reply does), and
//! what the better move would have done; and what one of the best moves
//! did, when it is worth telling ([`strong`]). The review's judged moves
//! and `xiangqi review` read it.

use super::motif::{Explainer, Kind, Motif};
use super::words::{line_text, sentence};
use crate::engine::review::Noting;
use crate::rules::{Move, Position};
use crate::words::{Language, Writing};

/// How much a motif says about what a move does for its side, 0 = most:
/// a mate, a double check, a fork, material won, a discovered attack or
/// check, a trapped piece, a pin, a threat, a threat stopped; then
/// ([`LAST_RESORT`]) any other check or capture, or a check blocked. The one
/// ranking of the teacher: the review's why, the hint's headline and what a
/// puzzle's combination did all read it.
pub fn rank(m: &Motif) -> Option<u8> {
    Some(match m.kind {
        Kind::Mate => 0,
        Kind::DoubleCheck => 1,
        Kind::Fork => 2,
        Kind::Capture if m.gain >= 100 => 3,
        Kind::DiscoveredAttack | Kind::DiscoveredCheck => 4,
        Kind::Trapped => 5,
        Kind::Pin => 6,
        Kind::Threat => 7,
        Kind::Defends => 8,
        Kind::Check | Kind::Capture | Kind::Blocked => LAST_RESORT,
        _ => return None,
    })
}

/// The rank of the motifs told only when nothing better is found: a plain
/// check or capture, a check blocked.
pub const LAST_RESORT: u8 = 9;

/// The motif of `found` that says most (see [`rank`]), with its rank; the
/// first of equals.
pub fn most_telling(found: &[Motif]) -> Option<(u8, &Motif)> {
    found
        .iter()
        .filter_map(|m| Some((rank(m)?, m)))
        .min_by_key(|&(r, _)| r)
}

/// The motif that says most about what a move does, a last resort left
/// out: what a why or a strong move is worth telling.
fn telling(found: &[Motif]) -> Option<&Motif> {
    most_telling(found)
        .filter(|&(r, _)| r < LAST_RESORT)
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
    pub fn text(&self, voice: impl Into<Writing>) -> String {
        let voice = voice.into();
        let zh = voice.lang.is_chinese();
        let mut parts = Vec::new();
        if let Some(a) = &self.allowed {
            let said = sentence(&a.motif, voice);
            parts.push(if a.motif.kind == Kind::Hanging && a.motif.by_move {
                said
            } else {
                let r = line_text(&a.from, &[a.mv], voice);
                match voice.lang {
                    Language::Zh | Language::ZhHant => format!("让对方{r}：{said}"),
                    Language::En => format!("allows {r}: {said}"),
                    Language::Vi => format!("để đối phương đi {r}: {said}"),
                }
            });
        }
        if let Some(b) = &self.better {
            let m = line_text(&b.from, &[b.mv], voice);
            let said = sentence(&b.motif, voice);
            parts.push(match voice.lang {
                Language::Zh | Language::ZhHant => format!("应走{m}：{said}"),
                Language::En => format!("better {m}: {said}"),
                Language::Vi => format!("nên đi {m}: {said}"),
            });
        }
        voice
            .lang
            .chinese(&parts.join(if zh { "；" } else { "; " }))
    }
}

/// The motif that says most about what a move does for its side (see
/// [`rank`]), a plain check or capture as a last resort: the headline of a
/// hint.
pub fn headline(found: &[Motif]) -> Option<&Motif> {
    most_telling(found).map(|(_, m)| m)
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
                telling(&theirs).map(|m| Said {
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
        telling(&ours).map(|m| Said {
            from: *pos,
            mv: better,
            motif: m.clone(),
        })
    } else {
        None
    };
    (allowed.is_some() || better.is_some()).then_some(Why { allowed, better })
}

/// What one of the best moves did, told because it is worth noting.
#[derive(Clone, Debug, PartialEq)]
pub struct Strong {
    /// The move and the motif that tells what it does.
    pub did: Said,
    /// It answered the opponent's mistake just before it.
    pub punishes: bool,
}

impl Strong {
    /// In a sentence: "strong: forks the general and the chariot …" /
    /// "好棋：…"; "punishes the mistake: …" / "抓住失误：…".
    pub fn text(&self, voice: impl Into<Writing>) -> String {
        let voice = voice.into();
        let said = sentence(&self.did.motif, voice);
        let text = match (voice.lang, self.punishes) {
            (Language::Zh | Language::ZhHant, true) => format!("抓住失误：{said}"),
            (Language::Zh | Language::ZhHant, false) => format!("好棋：{said}"),
            (Language::En, true) => format!("punishes the mistake: {said}"),
            (Language::En, false) => format!("strong: {said}"),
            (Language::Vi, true) => format!("bắt được sai lầm: {said}"),
            (Language::Vi, false) => format!("nước hay: {said}"),
        };
        voice.lang.chinese(&text)
    }
}

/// What the review says about one move: why a weak one was weak, or what
/// a strong one did.
#[derive(Clone, Debug, PartialEq)]
pub enum Comment {
    /// An inaccuracy or worse (boxed, as both: they hold positions).
    Weak(Box<Why>),
    /// One of the best moves worth noting.
    Strong(Box<Strong>),
}

impl Comment {
    /// The sentence.
    pub fn text(&self, voice: impl Into<Writing>) -> String {
        match self {
            Comment::Weak(w) => w.text(voice),
            Comment::Strong(s) => s.text(voice),
        }
    }
}

/// The least a tactic must win (in centipawns) to be told on its own.
const WORTH_NOTING: i32 = 300;

/// What `played` (one of the best moves in `pos`, reached through
/// `history`; see [`crate::engine::review::GameReview::noting`]) did, when
/// it is worth a sentence: on its own, a mate (where it begins), a double
/// check, or a fork or a discovered attack worth a horse or more; after the
/// opponent's mistake, also material won (not by taking back), a piece
/// trapped, a pin, a threat made or a threat stopped. `None` for the quiet best moves that make up most games.
pub fn strong(
    explainer: &mut Explainer,
    pos: &Position,
    history: &[Position],
    played: Move,
    noting: Noting,
) -> Option<Strong> {
    let punishes = noting.punishes;
    // On its own a threat is never told: the searches for threats are spared.
    let own = if punishes {
        explainer.of_move(pos, history, played)
    } else {
        explainer.tactics_of_move(pos, history, played)
    };
    let m = telling(&own)?;
    let mover = pos.side_to_move();
    // Taking back on the point the opponent just took on is no news.
    let takes_back = history.last().is_some_and(|before| {
        before
            .piece_at(played.to())
            .is_some_and(|p| p.color == mover)
            && pos.piece_at(played.to()).is_some_and(|p| p.color != mover)
    });
    // On its own, a tactic that sets something up and is worth at least a
    // horse or a cannon: a soldier picked up in a won ending is no news, a
    // capture among best moves is mostly an exchange going on, a trapped
    // piece stays trapped for moves.
    let worth = match m.kind {
        Kind::Mate => !(noting.follows_best && mating_already(explainer, history)),
        Kind::DoubleCheck => true,
        Kind::Capture if takes_back => false,
        Kind::Fork | Kind::DiscoveredAttack => punishes || m.gain >= WORTH_NOTING,
        _ => punishes,
    };
    worth.then(|| Strong {
        did: Said {
            from: *pos,
            mv: played,
            motif: m.clone(),
        },
        punishes,
    })
}

/// Whether the side to move had already played a mating move with its
/// previous move (`history` ends with the position it played it in and
/// the one it made): the next moves of a told mate are not told
/// again.
fn mating_already(explainer: &mut Explainer, history: &[Position]) -> bool {
    // The mover played `before` → `after`; the opponent then reached the
    // position the move is played in.
    let [.., before, after] = history else {
        return false;
    };
    let earlier = &history[..history.len() - 2];
    let Some(mv) = before.legal_moves().iter().copied().find(|&m| {
        let mut p = *before;
        p.play(m).is_ok() && p.hash() == after.hash()
    }) else {
        return false;
    };
    explainer
        .tactics_of_move(before, earlier, mv)
        .iter()
        .any(|f| f.kind == Kind::Mate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    fn motif(kind: Kind, gain: i32) -> Motif {
        Motif {
            kind,
            side: Color::Red,
            pieces: Vec::new(),
            line: Vec::new(),
            gain,
            mate_in: None,
            pattern: None,
            start: Position::startpos(),
            by_move: false,
        }
    }

    #[test]
    fn one_ranking_tells_the_most_and_keeps_the_plain_check_as_a_last_resort() {
        let check = motif(Kind::Check, 0);
        let pin = motif(Kind::Pin, 0);
        let discovered = motif(Kind::DiscoveredCheck, 0);
        let small = motif(Kind::Capture, 20);
        let won = motif(Kind::Capture, 400);
        let found = [check.clone(), pin.clone(), discovered.clone()];
        assert_eq!(
            most_telling(&found).map(|(r, m)| (r, m.kind)),
            Some((4, Kind::DiscoveredCheck))
        );
        assert_eq!(telling(&[check.clone(), small.clone()]), None);
        assert_eq!(
            headline(&[small.clone(), check.clone()]).map(|m| m.kind),
            Some(Kind::Capture)
        );
        assert_eq!(headline(&[small, won.clone()]).map(|m| m.gain), Some(400));
        assert_eq!(
            telling(&[pin.clone(), won]).map(|m| m.kind),
            Some(Kind::Capture)
        );
        assert!(rank(&motif(Kind::Mate, 0)) < rank(&motif(Kind::DoubleCheck, 0)));
        assert!(rank(&pin) > rank(&motif(Kind::Trapped, 0)));
        assert_eq!(rank(&check), Some(LAST_RESORT));
    }
}
