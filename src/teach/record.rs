//! A [`Why`] to and from its stored form ([`WhyRecord`]): the puzzles made
//! from a player's mistakes carry theirs as their theme, found once when
//! the review made them and said again, in the voice of the day (language,
//! notation), whenever the puzzle is shown. A record that does not read
//! back (a damaged file) is `None`, never a panic.

use super::motif::{Kind, Motif};
use super::pattern::Pattern;
use super::why::{Said, Why};
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};
use crate::store::theme::{MotifRecord, SaidRecord, WhyRecord};

const KINDS: [Kind; 16] = [
    Kind::GameOver,
    Kind::Mate,
    Kind::DoubleCheck,
    Kind::DiscoveredCheck,
    Kind::Check,
    Kind::Fork,
    Kind::Pin,
    Kind::DiscoveredAttack,
    Kind::Capture,
    Kind::Hanging,
    Kind::Trapped,
    Kind::Threat,
    Kind::Defends,
    Kind::Blocked,
    Kind::ExposedGeneral,
    Kind::Perpetual,
];

impl From<&Why> for WhyRecord {
    fn from(why: &Why) -> WhyRecord {
        WhyRecord {
            allowed: why.allowed.as_ref().map(SaidRecord::from),
            better: why.better.as_ref().map(SaidRecord::from),
        }
    }
}

impl From<&Said> for SaidRecord {
    fn from(s: &Said) -> SaidRecord {
        SaidRecord {
            from: s.from.fen(),
            mv: s.mv.to_string(),
            motif: MotifRecord::from(&s.motif),
        }
    }
}

impl From<&Motif> for MotifRecord {
    fn from(m: &Motif) -> MotifRecord {
        MotifRecord {
            kind: m.kind.name().to_string(),
            side: side_name(m.side).to_string(),
            pieces: m
                .pieces
                .iter()
                .map(|(sq, p)| format!("{sq}:{}", p.fen_char()))
                .collect(),
            line: m.line.iter().map(Move::to_string).collect(),
            gain: m.gain,
            mate_in: m.mate_in,
            pattern: m.pattern.map(|p| p.key().to_string()),
            start: m.start.fen(),
            by_move: m.by_move,
        }
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

fn piece_at(text: &str) -> Option<(Square, Piece)> {
    let (sq, letter) = text.split_once(':')?;
    let mut chars = letter.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let kind = PieceKind::from_char(c.to_ascii_uppercase())?;
    let color = if c.is_ascii_uppercase() {
        Color::Red
    } else {
        Color::Black
    };
    Some((Square::parse(sq)?, Piece::new(color, kind)))
}

fn moves(words: &[String]) -> Option<Vec<Move>> {
    words.iter().map(|w| Move::from_iccs(w)).collect()
}

/// A motif back, or `None` when a field does not read.
pub fn motif_of(r: &MotifRecord) -> Option<Motif> {
    let kind = KINDS.into_iter().find(|k| k.name() == r.kind)?;
    let side = match r.side.as_str() {
        "red" => Color::Red,
        "black" => Color::Black,
        _ => return None,
    };
    let pattern = match &r.pattern {
        Some(name) => Some(Pattern::ALL.into_iter().find(|p| p.key() == name)?),
        None => None,
    };
    Some(Motif {
        kind,
        side,
        pieces: r
            .pieces
            .iter()
            .map(|p| piece_at(p))
            .collect::<Option<_>>()?,
        line: moves(&r.line)?,
        gain: r.gain,
        mate_in: r.mate_in,
        pattern,
        start: Position::from_fen(&r.start).ok()?,
        by_move: r.by_move,
    })
}

fn said_of(r: &SaidRecord) -> Option<Said> {
    Some(Said {
        from: Position::from_fen(&r.from).ok()?,
        mv: if r.mv == "0000" {
            Move::NULL
        } else {
            Move::from_iccs(&r.mv)?
        },
        motif: motif_of(&r.motif)?,
    })
}

/// A why back from its record, or `None` when a part does not read (or
/// there is nothing in it).
pub fn why_of(r: &WhyRecord) -> Option<Why> {
    let allowed = match &r.allowed {
        Some(a) => Some(said_of(a)?),
        None => None,
    };
    let better = match &r.better {
        Some(b) => Some(said_of(b)?),
        None => None,
    };
    (allowed.is_some() || better.is_some()).then_some(Why { allowed, better })
}

/// The kind that names a stored why best as a puzzle's theme: what the
/// better move does, else what the mistake allowed.
pub fn theme_kind(r: &WhyRecord) -> Option<Kind> {
    let said = r.better.as_ref().or(r.allowed.as_ref())?;
    KINDS.into_iter().find(|k| k.name() == said.motif.kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::{Explainer, why};
    use crate::words::Language;

    #[test]
    fn a_why_reads_back_as_it_was_said_and_a_damaged_one_does_not() {
        // Red checks with its chariot where it could take the cannon.
        let pos = Position::from_fen("3k5/9/9/9/9/2c6/9/2R6/9/4K4 w - - 0 1").unwrap();
        let played = Move::from_iccs("c2d2").unwrap();
        let better = Move::from_iccs("c2c4").unwrap();
        let mut ex = Explainer::new(20_000);
        let w = why(&mut ex, &pos, &[], played, None, better).expect("a why");
        let rec = WhyRecord::from(&w);
        let json = serde_json::to_string(&rec).unwrap();
        let back: WhyRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(why_of(&back).as_ref(), Some(&w));
        assert_eq!(
            why_of(&back).unwrap().text(Language::En),
            w.text(Language::En)
        );
        assert_eq!(
            theme_kind(&back),
            Some(w.better.as_ref().unwrap().motif.kind)
        );

        let mut broken = back.clone();
        if let Some(b) = broken.better.as_mut() {
            b.motif.pieces.push("z9:Q".into());
        }
        assert_eq!(why_of(&broken), None);
        let mut broken = back;
        if let Some(b) = broken.better.as_mut() {
            b.motif.kind = "sneeze".into();
        }
        assert_eq!(why_of(&broken), None);
    }
}
