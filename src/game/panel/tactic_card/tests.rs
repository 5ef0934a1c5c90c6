//! The card's moves are written as the move list writes them: the
//! notation setting, in the language's habits, with the piece characters
//! chosen (Traditional only where they are chosen, or in Traditional
//! Chinese).

use super::words::{CardFacts, Line};
use crate::exercise::Exercise;
use crate::exercise::tactic::TacticAttempt;
use crate::game::play::move_list::{list_style, teacher_voice};
use crate::game::play::trainer::teacher::TacticTeacher;
use crate::game::play::trainer::{ActiveTactic, TrainerMode};
use crate::game::settings::UserSettings;
use crate::rules::notation::{Notation, format_move};
use crate::rules::{Charset, Move};
use crate::store::Settings;
use crate::store::trainer::Streak;
use crate::words::Language;

/// The card's verdict after `wrong` was played on a sample puzzle, in
/// `settings`, and the move as the move list writes it.
fn missed_line(
    settings: &UserSettings,
    wrong: &dyn Fn(&TacticAttempt) -> Move,
) -> (String, String) {
    let sample = include_str!("../../../../tests/data/tactics_sample.jsonl");
    let tactic = crate::tactics::parse(sample).expect("the sample reads")[1].clone();
    let mut attempt = TacticAttempt::new(&tactic).expect("a puzzle");
    let start = attempt.position();
    let m = wrong(&attempt);
    attempt.judge(m);
    let active = ActiveTactic {
        tactic,
        mode: TrainerMode::Rated,
        outcome: None,
        change: None,
    };
    let teacher = TacticTeacher::default();
    let facts = CardFacts {
        active: &active,
        attempt: &attempt,
        teacher: &teacher,
        streak: Streak::default(),
        voice: teacher_voice(Some(settings), settings.lang()),
        lang: settings.lang(),
    };
    let (notation, style) = list_style(Some(settings));
    (
        facts.line(Line::Status).0,
        format_move(&start, m, notation, style),
    )
}

/// A move that misses the puzzle and goes forward (进 / 進 in Chinese).
fn forward_miss(attempt: &TacticAttempt) -> Move {
    let pos = attempt.position();
    let first = attempt.line()[0];
    let style = Charset::Simplified.into();
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            let mut after = pos;
            after.make(m);
            m != first
                && after.has_legal_move()
                && format_move(&pos, m, Notation::Chinese, style).contains('进')
        })
        .expect("a forward move that misses")
}

#[test]
fn the_cards_moves_follow_the_notation_the_language_and_the_piece_characters() {
    for language in Language::ALL {
        for charset in [Charset::Simplified, Charset::Traditional] {
            for notation in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
                let settings = UserSettings(Settings {
                    language,
                    piece_chars: charset,
                    notation,
                    ..Settings::default()
                });
                let (card, listed) = missed_line(&settings, &forward_miss);
                let case = format!("{language:?} {charset:?} {notation:?}: {card}");
                assert!(card.starts_with(&listed), "as the list writes it: {case}");
                let chinese = notation == Notation::Chinese && language != Language::Vi;
                let traditional =
                    chinese && (charset == Charset::Traditional || language == Language::ZhHant);
                assert_eq!(card.contains('進'), traditional, "{case}");
                assert_eq!(card.contains('进'), chinese && !traditional, "{case}");
            }
        }
    }
}
