//! The rows of the settings card: what each offers, which choice is in
//! force, and how a choice or a step changes the settings.

use super::SettingsAction;
use crate::engine::max_threads;
use crate::game::i18n::Phrase;
use crate::render::{BoardTheme, PieceSet};
use crate::rules::{Charset, Notation};
use crate::store::settings::{AnimationSpeed, MAX_ANALYSIS_LINES, ScoreView, Settings};
use crate::words::Language;

/// Volume step of −/+ and ←/→.
const VOLUME_STEP: u8 = 10;

/// A row of the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    Volume,
    Sound,
    Animation,
    Replies,
    LegalMoves,
    Coordinates,
    EvalBar,
    AnalysisLines,
    ScoreView,
    Notation,
    Pieces,
    PieceSet,
    Board,
    Language,
    Speech,
    SpeechVolume,
    /// The built-in engine's search threads (−/+ like the volume).
    Threads,
}

/// The spoken moves' paces (percent) for Slow, Normal and Fast.
const SPEECH_SPEEDS: [u8; 3] = [75, 100, 140];
/// The spoken moves' loudness for Soft, Medium and Loud.
const SPEECH_VOLUMES: [u8; 3] = [40, 70, 100];

/// The preset nearest `value`.
fn nearest(presets: &[u8], value: u8) -> usize {
    (0..presets.len())
        .min_by_key(|&i| presets[i].abs_diff(value))
        .unwrap_or(0)
}

impl Row {
    pub(super) const ALL: [Row; 17] = [
        Row::Volume,
        Row::Sound,
        Row::Animation,
        Row::Replies,
        Row::LegalMoves,
        Row::Coordinates,
        Row::EvalBar,
        Row::AnalysisLines,
        Row::ScoreView,
        Row::Notation,
        Row::Pieces,
        Row::PieceSet,
        Row::Board,
        Row::Language,
        Row::Speech,
        Row::SpeechVolume,
        Row::Threads,
    ];

    pub(super) fn title(self) -> Phrase {
        match self {
            Row::Volume => Phrase::Volume,
            Row::Sound => Phrase::Sound,
            Row::Animation => Phrase::AnimationSpeed,
            Row::Replies => Phrase::Replies,
            Row::LegalMoves => Phrase::ShowLegalMoves,
            Row::Coordinates => Phrase::ShowCoordinates,
            Row::EvalBar => Phrase::ShowEvalBar,
            Row::AnalysisLines => Phrase::AnalysisLines,
            Row::ScoreView => Phrase::ScoreView,
            Row::Notation => Phrase::Notation,
            Row::Pieces => Phrase::PieceChars,
            Row::PieceSet => Phrase::PieceSet,
            Row::Board => Phrase::BoardTheme,
            Row::Language => Phrase::Language,
            Row::Speech => Phrase::SpeakMoves,
            Row::SpeechVolume => Phrase::SpeechVolume,
            Row::Threads => Phrase::SearchThreads,
        }
    }

    /// A row set with −/+ (a number, not choices).
    pub(super) fn is_stepped(self) -> bool {
        matches!(self, Row::Volume | Row::Threads)
    }

    /// The choices (none for the volume and the threads, which have −/+).
    pub(super) fn choices(self) -> &'static [Phrase] {
        match self {
            Row::Volume | Row::Threads => &[],
            Row::Sound => &[Phrase::SoundOn, Phrase::Muted],
            Row::Animation => &[Phrase::Slow, Phrase::Normal, Phrase::Fast, Phrase::Off],
            Row::Replies => &[Phrase::RepliesHuman, Phrase::RepliesQuick],
            Row::LegalMoves | Row::Coordinates | Row::EvalBar => &[Phrase::Show, Phrase::Hide],
            Row::AnalysisLines => &[
                Phrase::One,
                Phrase::Two,
                Phrase::Three,
                Phrase::Four,
                Phrase::Five,
            ],
            Row::ScoreView => &[Phrase::ScoreRed, Phrase::ScoreMover],
            Row::Notation => &[
                Phrase::NotationChinese,
                Phrase::NotationWxf,
                Phrase::NotationIccs,
            ],
            Row::Pieces => &[Phrase::Traditional, Phrase::Simplified],
            // In the order of `PieceSet::ALL` and `BoardTheme::ALL`.
            Row::PieceSet => &[
                Phrase::PiecesCharacters,
                Phrase::PiecesPictograms,
                Phrase::PiecesBrush,
            ],
            Row::Board => &[Phrase::ThemeWood, Phrase::ThemeDark, Phrase::ThemePaper],
            // In the order of `Language::ALL`, each in its own words.
            Row::Language => &[
                Phrase::LangZh,
                Phrase::LangZhHant,
                Phrase::LangEn,
                Phrase::LangVi,
            ],
            Row::Speech => &[Phrase::Off, Phrase::Slow, Phrase::Normal, Phrase::Fast],
            Row::SpeechVolume => &[Phrase::Soft, Phrase::Medium, Phrase::Loud],
        }
    }

    /// Which choice is in force.
    pub(super) fn current(self, s: &Settings) -> usize {
        const SPEEDS: [AnimationSpeed; 4] = [
            AnimationSpeed::Slow,
            AnimationSpeed::Normal,
            AnimationSpeed::Fast,
            AnimationSpeed::Off,
        ];
        match self {
            Row::Volume | Row::Threads => 0,
            Row::Sound => usize::from(s.muted),
            Row::Animation => SPEEDS
                .iter()
                .position(|&a| a == s.animation_speed)
                .unwrap_or(1),
            Row::Replies => usize::from(s.quick_replies),
            Row::LegalMoves => usize::from(!s.show_legal_moves),
            Row::Coordinates => usize::from(!s.show_coordinates),
            Row::EvalBar => usize::from(!s.show_eval_bar),
            Row::AnalysisLines => usize::from(s.analysis_lines.clamp(1, MAX_ANALYSIS_LINES) - 1),
            Row::ScoreView => usize::from(s.score_view == ScoreView::Mover),
            Row::Notation => match s.notation {
                // In Vietnamese the first choice reads "Kiểu Việt" (P2-5).
                Notation::Chinese | Notation::Vietnamese => 0,
                Notation::Wxf => 1,
                Notation::Iccs => 2,
            },
            Row::Pieces => usize::from(s.piece_chars == Charset::Simplified),
            Row::PieceSet => PieceSet::ALL
                .iter()
                .position(|&p| p == s.piece_set)
                .unwrap_or(0),
            Row::Board => BoardTheme::ALL
                .iter()
                .position(|&t| t == s.board_theme)
                .unwrap_or(0),
            Row::Language => Language::ALL
                .iter()
                .position(|&l| l == s.language)
                .unwrap_or(0),
            Row::Speech if !s.speak_moves => 0,
            Row::Speech => 1 + nearest(&SPEECH_SPEEDS, s.speech_speed),
            Row::SpeechVolume => nearest(&SPEECH_VOLUMES, s.speech_volume),
        }
    }

    /// Puts choice `i` in force (out-of-range `i` is ignored).
    pub(super) fn choose(self, s: &mut Settings, i: usize) {
        if i >= self.choices().len() {
            return;
        }
        match self {
            Row::Volume | Row::Threads => {}
            Row::Sound => s.muted = i == 1,
            Row::Animation => {
                s.animation_speed = [
                    AnimationSpeed::Slow,
                    AnimationSpeed::Normal,
                    AnimationSpeed::Fast,
                    AnimationSpeed::Off,
                ][i];
            }
            Row::Replies => s.quick_replies = i == 1,
            Row::LegalMoves => s.show_legal_moves = i == 0,
            Row::Coordinates => s.show_coordinates = i == 0,
            Row::EvalBar => s.show_eval_bar = i == 0,
            // `i` is below the five choices.
            Row::AnalysisLines => s.analysis_lines = i as u8 + 1,
            Row::ScoreView => s.score_view = [ScoreView::Red, ScoreView::Mover][i],
            Row::Notation => {
                s.notation = [Notation::Chinese, Notation::Wxf, Notation::Iccs][i];
            }
            Row::Pieces => {
                s.piece_chars = [Charset::Traditional, Charset::Simplified][i];
            }
            Row::PieceSet => s.piece_set = PieceSet::ALL[i],
            Row::Board => s.board_theme = BoardTheme::ALL[i],
            Row::Language => s.language = Language::ALL[i],
            Row::Speech => {
                s.speak_moves = i > 0;
                if i > 0 {
                    s.speech_speed = SPEECH_SPEEDS[i - 1];
                }
            }
            Row::SpeechVolume => s.speech_volume = SPEECH_VOLUMES[i],
        }
    }

    /// ←/→: the neighbouring choice (stopping at the ends); `wrap` for
    /// Enter, which steps round (but for the volume).
    pub(super) fn step(self, s: &mut Settings, delta: i32, wrap: bool) {
        if self == Row::Volume {
            let v = if delta > 0 {
                s.volume.saturating_add(VOLUME_STEP).min(100)
            } else {
                s.volume.saturating_sub(VOLUME_STEP)
            };
            s.volume = v;
            return;
        }
        if self == Row::Threads {
            s.search_threads = stepped_threads(s.search_threads(), delta, wrap);
            return;
        }
        let n = self.choices().len() as i32;
        let i = self.current(s) as i32 + delta;
        let i = if wrap {
            i.rem_euclid(n)
        } else {
            i.clamp(0, n - 1)
        };
        self.choose(s, i as usize);
    }
}

/// `threads` a step up or down (`delta`'s sign) within 1..= the machine's
/// threads; `wrap`: past the most is one again.
fn stepped_threads(threads: usize, delta: i32, wrap: bool) -> u16 {
    let most = max_threads();
    let n = if delta > 0 {
        if wrap && threads >= most {
            1
        } else {
            threads + 1
        }
    } else {
        threads.saturating_sub(1)
    };
    u16::try_from(n.clamp(1, most)).unwrap_or(u16::MAX)
}

/// Applies a choice.
pub(super) fn apply(action: SettingsAction, settings: &mut Settings) {
    match action {
        SettingsAction::Choose(row, i) => row.choose(settings, i),
        SettingsAction::Step(row, d) => row.step(settings, i32::from(d), false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_threads_row_steps_within_one_and_the_machines_threads() {
        let most = max_threads();
        let mut s = Settings {
            search_threads: 1,
            ..Settings::default()
        };
        assert!(Row::Threads.is_stepped() && Row::Threads.choices().is_empty());
        assert_eq!(Row::Threads.title(), Phrase::SearchThreads);
        apply(SettingsAction::Step(Row::Threads, -1), &mut s);
        assert_eq!(s.search_threads, 1, "never none");
        for _ in 0..most + 3 {
            apply(SettingsAction::Step(Row::Threads, 1), &mut s);
        }
        assert_eq!(
            usize::from(s.search_threads),
            most,
            "never more than the machine's"
        );
        // Enter steps round: past the most is one again.
        Row::Threads.step(&mut s, 1, true);
        assert_eq!(s.search_threads, 1);
        // A value from elsewhere (a bigger machine's file) steps from what is in force.
        s.search_threads = u16::MAX;
        Row::Threads.step(&mut s, -1, false);
        assert_eq!(usize::from(s.search_threads), most.saturating_sub(1).max(1));
        // The other stepped row still steps the volume only.
        let threads = s.search_threads;
        apply(SettingsAction::Step(Row::Volume, -1), &mut s);
        assert_eq!(s.search_threads, threads);
    }
}
