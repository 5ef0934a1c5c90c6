//! The card's lines in words: how the adding goes, what a test found, why
//! a name or value was refused, and long texts cut to their end.

use super::state::{AddState, Refusal, TestState};
use crate::game::i18n::{Lang, Phrase};
use crate::game::panel::analysis::score_text;
use crate::rules::notation::{ChineseStyle, Notation, format_move};
use crate::rules::{Move, Position};

/// The line about the last Add: starting, added, or why not (naming the
/// command line).
pub(crate) fn add_status_text(add: &AddState, lang: Lang) -> String {
    match add {
        AddState::Idle => String::new(),
        AddState::Detecting(command) => {
            format!("{} '{command}'", Phrase::EngineDetecting.get(lang))
        }
        AddState::Added(name) => format!("{}: {name}", Phrase::EngineAdded.get(lang)),
        AddState::Failed { command, why } => {
            format!("{} '{command}': {why}", Phrase::EngineAddFailed.get(lang))
        }
    }
}

/// The line about a test: the move (in the player's notation and in
/// ICCS), depth, score and time, or why there is none.
pub(crate) fn test_text(test: &TestState, lang: Lang, style: (Notation, ChineseStyle)) -> String {
    match test {
        TestState::Running(_) => Phrase::EngineTesting.get(lang).to_string(),
        TestState::Failed(_, why) => format!("{}: {why}", Phrase::EngineTestFailed.get(lang)),
        TestState::Done(_, report) => {
            let start = Position::startpos();
            let shown = match report.bestmove.as_deref() {
                None => Phrase::EngineNoMove.get(lang).to_string(),
                Some(word) => match Move::from_iccs(word).filter(|&m| start.is_legal(m)) {
                    Some(m) if style.0 != Notation::Iccs => {
                        format!("{} ({word})", format_move(&start, m, style.0, style.1))
                    }
                    Some(_) => word.to_string(),
                    None => format!("{word} ({})", Phrase::EngineIllegalMove.get(lang)),
                },
            };
            let mut line = format!("{} {shown}", Phrase::EngineTestMove.get(lang));
            if let Some(d) = report.depth {
                line.push_str(&format!(" · {} {d}", Phrase::Depth.get(lang)));
            }
            if let Some(s) = report.score {
                line.push_str(&format!(
                    " · {} {}",
                    Phrase::EngineScore.get(lang),
                    score_text(s)
                ));
            }
            line.push_str(&format!(" · {:.1} s", report.elapsed.as_secs_f64()));
            line
        }
    }
}

/// The line about a refused name or value.
pub(crate) fn refusal_text(refusal: &Refusal, lang: Lang) -> String {
    match refusal {
        Refusal::Name { wanted, taken } => {
            let why = if *taken {
                Phrase::EngineNameTaken
            } else {
                Phrase::EngineNameEmpty
            };
            format!("{}: '{wanted}'", why.get(lang))
        }
        Refusal::Value { why, .. } => format!("{}: {why}", Phrase::EngineRefused.get(lang)),
    }
}

/// The last `max` characters of `text` (a long path shows its end, where
/// the file's name is).
pub(super) fn tail(text: &str, max: usize) -> String {
    let n = text.chars().count();
    if n <= max {
        return text.to_string();
    }
    let kept: String = text.chars().skip(n + 1 - max).collect();
    format!("…{kept}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_show_their_end() {
        assert_eq!(tail("abc", 5), "abc");
        assert_eq!(tail("/opt/engines/pikafish.nnue", 10), "…fish.nnue");
        assert_eq!(tail("/opt/engines/pikafish.nnue", 10).chars().count(), 10);
    }
}
