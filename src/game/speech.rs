//! Spoken moves: with the setting on and espeak-ng installed, each move
//! played is said in the game's language ("炮二平五" as pao4 er4 ping2 wu3,
//! "Cannon two to five"), a check or a mate with it, and the result when
//! the game ends. The words and the speaking thread are
//! [`crate::speech`]'s; this plugin hears the game's messages, as the
//! audio plugin does, and hands them over. A new move cuts the move being
//! said; a check, a mate and the end are never cut. Undo, a new game or
//! the setting turned off hush it.

use crate::game::GameSet;
use crate::game::notice::Notice;
use crate::game::play::Turn;
use crate::game::play::session::{BoardChanged, Session};
use crate::game::settings::{CurrentLang, UserSettings};
use crate::rules::Reason;
use crate::speech::{
    Say, Speaker, SpeechError, Synth, Tone, Voice, spoken_check, spoken_mate, spoken_move,
    spoken_result,
};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Speech>()
        .add_systems(
            Update,
            (tune, announce_moves, report_failures)
                .chain()
                .in_set(GameSet::Present),
        )
        .add_systems(OnEnter(Turn::Over), announce_end);
}

/// The synthesizer and the speaking thread (started when the setting is
/// turned on).
#[derive(Resource)]
pub struct Speech {
    /// The synthesizer found at start, or why there is none.
    pub synth: Result<Synth, SpeechError>,
    speaker: Option<Speaker>,
    tone: Option<(Voice, Tone)>,
}

impl Default for Speech {
    fn default() -> Speech {
        Speech::with(Synth::find())
    }
}

impl Speech {
    /// Speech through `synth` (the tests give their own).
    pub fn with(synth: Result<Synth, SpeechError>) -> Speech {
        Speech {
            synth,
            speaker: None,
            tone: None,
        }
    }

    /// The speaking thread, while the setting is on.
    #[cfg(test)]
    pub fn speaker(&self) -> Option<&Speaker> {
        self.speaker.as_ref()
    }
}

/// Starts or ends the speaker with the setting; the language and tone follow it.
fn tune(settings: Res<UserSettings>, lang: CurrentLang, mut speech: ResMut<Speech>) {
    if !settings.speak_moves {
        if let Some(speaker) = speech.speaker.take() {
            speaker.say(Say::Hush);
        }
        speech.tone = None;
        return;
    }
    if speech.speaker.is_none() {
        let Ok(synth) = &speech.synth else {
            return;
        };
        speech.speaker = Some(Speaker::new(synth.clone()));
    }
    let want = (
        Voice::of(*lang),
        Tone {
            volume: settings.speech_volume,
            speed: settings.speech_speed,
        },
    );
    if speech.tone != Some(want) {
        speech.tone = Some(want);
        if let Some(speaker) = &speech.speaker {
            speaker.say(Say::Set(want.0, want.1));
        }
    }
}

/// Each move played is said; with a check or a mate it is urgent.
fn announce_moves(
    mut changes: MessageReader<BoardChanged>,
    session: Option<Res<Session>>,
    speech: Res<Speech>,
    lang: CurrentLang,
) {
    let (Some(speaker), Some(session)) = (speech.speaker.as_ref(), session) else {
        changes.clear();
        return;
    };
    let voice = Voice::of(*lang);
    for change in changes.read() {
        match *change {
            BoardChanged::Moved { mv, .. } => {
                let game = &session.game;
                let ply = game.ply();
                // Only the move just played on the game's board.
                if ply == 0 || game.moves().get(ply - 1) != Some(&mv) {
                    continue;
                }
                let Some(before) = game.position_at(ply - 1) else {
                    continue;
                };
                let said = spoken_move(before, mv, voice);
                let mate = game
                    .outcome()
                    .is_some_and(|o| o.reason == Reason::Checkmate);
                if mate {
                    speaker.say(Say::Urgent(format!("{said}, {}", spoken_mate(voice))));
                } else if game.position().in_check() {
                    speaker.say(Say::Urgent(format!("{said}, {}", spoken_check(voice))));
                } else {
                    speaker.say(Say::Move(said));
                }
            }
            BoardChanged::Reset => speaker.say(Say::Hush),
        }
    }
}

/// The result, when the game ends (by a move, a resignation, the clock).
fn announce_end(session: Option<Res<Session>>, speech: Res<Speech>, lang: CurrentLang) {
    let (Some(speaker), Some(session)) = (speech.speaker.as_ref(), session) else {
        return;
    };
    if let Some(outcome) = session.game.outcome() {
        // The mate itself was said with its move.
        let said = spoken_result(outcome.result, Voice::of(*lang));
        speaker.say(Say::Urgent(said.to_string()));
    }
}

/// A synthesizer that fails is said once in a notice.
fn report_failures(speech: Res<Speech>, mut notice: ResMut<Notice>) {
    if let Some(why) = speech.speaker.as_ref().and_then(Speaker::failure) {
        notice.post(
            crate::game::i18n::Phrase::NoSpeechSynth,
            why.to_string(),
            true,
        );
    }
}
