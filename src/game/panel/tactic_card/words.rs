//! What the tactics card says, line by line, worked out apart from the
//! view: the title (how the puzzle was chosen), the task, the verdict
//! (with the teacher's why for a wrong move), the rating's change or the
//! streak, the teacher's sentence of what the combination did, the
//! puzzle's rating and themes, and the game it comes from.

use crate::exercise::Exercise;
use crate::exercise::tactic::{TacticAttempt, TacticState};
use crate::game::i18n::{
    Lang, Phrase, found_in, rating_change, side_to_move, streak_text, theme_name,
};
use crate::game::play::trainer::teacher::TacticTeacher;
use crate::game::play::trainer::{ActiveTactic, TrainerMode};
use crate::game::theme::palette;
use crate::rules::Move;
use crate::rules::notation::format_move;
use crate::store::trainer::{Outcome, Streak};
use crate::teach::Kind;
use crate::teach::sentence;
use crate::teach::words::line_text;
use crate::words::Writing;
use bevy::prelude::Color;

/// The card's lines, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// The trainer and how the puzzle was chosen.
    Title,
    /// Whose move, what to find.
    Task,
    /// The verdict, and why a wrong move was wrong.
    Status,
    /// The rating's change, or the streak.
    Change,
    /// What the combination did.
    Teacher,
    /// The puzzle's rating and themes.
    Info,
    /// The game it comes from.
    Source,
}

/// What the card is made from.
pub struct CardFacts<'a> {
    /// The puzzle and its recorded outcome.
    pub active: &'a ActiveTactic,
    /// The try on the board.
    pub attempt: &'a TacticAttempt,
    /// The teacher's findings.
    pub teacher: &'a TacticTeacher,
    /// The streak as recorded.
    pub streak: Streak,
    /// The moves' and sentences' writing.
    pub voice: Writing,
    /// The interface language.
    pub lang: Lang,
}

impl CardFacts<'_> {
    /// The text and colour of `line` (empty: nothing to say now).
    pub fn line(&self, line: Line) -> (String, Color) {
        let over = self.attempt.clean().is_some();
        match line {
            Line::Title => (self.title(), palette::ACCENT),
            Line::Task if !over => (self.task(), palette::TEXT),
            Line::Status => self.status(),
            Line::Change => self.change(),
            Line::Teacher if over => (self.did(), palette::TEXT),
            Line::Info => (self.info(over), palette::TEXT_DIM),
            Line::Source => (
                found_in(&self.active.tactic.source, self.lang),
                palette::TEXT_DIM,
            ),
            _ => (String::new(), palette::TEXT),
        }
    }

    /// `m` written as played after `ply` moves of the line.
    fn mv(&self, ply: usize, m: Move) -> String {
        let Ok(mut pos) = self.attempt.tactic().position() else {
            return m.to_string();
        };
        for &earlier in self.attempt.line().iter().take(ply) {
            let _ = pos.play(earlier);
        }
        format_move(&pos, m, self.voice.notation, self.voice.style)
    }

    fn title(&self) -> String {
        let lang = self.lang;
        let how = match self.active.mode {
            TrainerMode::Rated => Phrase::RatedShort.get(lang).to_string(),
            TrainerMode::Theme(t) => theme_name(t, lang),
            TrainerMode::Streak => Phrase::StreakMode.get(lang).to_string(),
            TrainerMode::Review => Phrase::ReviewMissed.get(lang).to_string(),
        };
        format!("{} · {how}", Phrase::Tactics.get(lang))
    }

    fn task(&self) -> String {
        let side = self.attempt.tactic().position().map(|p| p.side_to_move());
        let side = side.map(|s| side_to_move(s, self.lang)).unwrap_or_default();
        format!("{side} · {}", Phrase::FindBestMove.get(self.lang))
    }

    fn status(&self) -> (String, Color) {
        let lang = self.lang;
        match self.attempt.state() {
            TacticState::ToMove | TacticState::Reply => (String::new(), palette::TEXT),
            TacticState::Solved if self.attempt.clean() == Some(true) => (
                Phrase::TacticSolved.get(lang).to_string(),
                palette::GOOD_TEXT,
            ),
            TacticState::Solved => (Phrase::TacticHelped.get(lang).to_string(), palette::ACCENT),
            TacticState::Missed(m) => {
                let ply = self.attempt.moves().len().saturating_sub(1);
                let mut text = format!("{} — {}", self.mv(ply, m), Phrase::NotTheMove.get(lang));
                if let Some(why) = &self.teacher.why {
                    let colon = if lang.is_chinese() { "：" } else { ": " };
                    text = format!("{text}{colon}{}", why.text(self.voice));
                }
                (text, palette::WRONG_TEXT)
            }
            TacticState::Shown => (
                Phrase::SolutionShown.get(lang).to_string(),
                palette::WRONG_TEXT,
            ),
        }
    }

    fn change(&self) -> (String, Color) {
        let lang = self.lang;
        let Some(outcome) = self.active.outcome else {
            return match self.active.mode {
                TrainerMode::Streak => (
                    streak_text(self.streak.current, self.streak.best, lang),
                    palette::TEXT_DIM,
                ),
                _ => (String::new(), palette::TEXT),
            };
        };
        let mut text = self
            .active
            .change
            .map(|c| rating_change(c.before, c.after, lang))
            .unwrap_or_default();
        if self.active.mode == TrainerMode::Streak {
            let streak = streak_text(self.streak.current, self.streak.best, lang);
            text = if outcome == Outcome::Missed {
                format!("{} · {streak} · {text}", Phrase::StreakOver.get(lang))
            } else {
                format!("{streak} · {text}")
            };
        }
        let color = match outcome {
            Outcome::Solved => palette::GOOD_TEXT,
            Outcome::Missed => palette::WRONG_TEXT,
        };
        (text, color)
    }

    /// What the combination did: "车二进三: takes the horse …"; a mate
    /// names its own moves.
    fn did(&self) -> String {
        let Some(said) = &self.teacher.did else {
            return String::new();
        };
        let text = sentence(&said.motif, self.voice);
        if said.motif.kind == Kind::Mate {
            text
        } else {
            let colon = if self.lang.is_chinese() { "：" } else { ": " };
            format!(
                "{}{colon}{text}",
                line_text(&said.from, &[said.mv], self.voice)
            )
        }
    }

    /// "Puzzle rating 1400", with the themes once it is over (before, they
    /// would give it away).
    fn info(&self, over: bool) -> String {
        let t = &self.active.tactic;
        let rating = format!("{} {}", Phrase::PuzzleRating.get(self.lang), t.rating);
        if !over {
            return rating;
        }
        let themes: Vec<String> = t
            .theme_list()
            .into_iter()
            .map(|th| theme_name(th, self.lang))
            .collect();
        format!("{rating} · {}", themes.join(", "))
    }
}
