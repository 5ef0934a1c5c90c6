//! Spoken moves come out as speech: espeak-ng (installed by the README's
//! test command) says a move in each language into a WAV file, and the
//! file holds speech — long enough and loud enough — not silence.

use xiangqi::rules::{Move, Position};
use xiangqi::speech::{Synth, Tone, Voice, spoken_check, spoken_move, wav_loudness};

fn speak(voice: Voice, text: &str, tone: Tone) -> (f64, f64) {
    let synth = Synth::find().expect("espeak-ng (the README's test command installs it)");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("said.wav");
    synth.speak_to_file(text, voice, tone, &path).unwrap();
    wav_loudness(&std::fs::read(&path).unwrap()).unwrap()
}

#[test]
fn a_move_and_a_check_are_spoken_in_mandarin_and_in_english() {
    let pos = Position::startpos();
    let mv = Move::from_iccs("h2e2").unwrap();
    for voice in [Voice::Mandarin, Voice::English] {
        let text = format!("{}, {}", spoken_move(&pos, mv, voice), spoken_check(voice));
        let (loud, secs) = speak(voice, &text, Tone::default());
        // About a second and a half of words: most of it sounds.
        assert!(secs > 0.8 && secs < 6.0, "{voice:?}: {secs} s for {text}");
        assert!(loud > 0.2, "{voice:?}: only {loud} of the samples sound");
    }
}

/// Traditional Chinese speaks Mandarin, as Simplified does; Vietnamese
/// says the move in its own words with espeak-ng's `vi` voice.
#[test]
fn a_move_is_spoken_in_traditional_chinese_and_in_vietnamese() {
    use xiangqi::words::Language;
    let pos = Position::startpos();
    let mv = Move::from_iccs("h2e2").unwrap();
    assert_eq!(Voice::of(Language::ZhHant), Voice::Mandarin);
    let vi = Voice::of(Language::Vi);
    let said = spoken_move(&pos, mv, vi);
    assert_eq!(said, "Pháo hai bình năm");
    let text = format!("{said}, {}", spoken_check(vi));
    let (loud, secs) = speak(vi, &text, Tone::default());
    assert!(secs > 0.8 && secs < 6.0, "{secs} s for {text}");
    assert!(loud > 0.2, "only {loud} of the samples sound");
}

#[test]
fn the_speed_and_the_volume_are_heard() {
    let text = "pao4 er4 ping2 wu3";
    let normal = speak(
        Voice::Mandarin,
        text,
        Tone {
            volume: 70,
            speed: 100,
        },
    );
    let fast = speak(
        Voice::Mandarin,
        text,
        Tone {
            volume: 70,
            speed: 200,
        },
    );
    assert!(
        fast.1 < normal.1 * 0.8,
        "fast {} s, normal {} s",
        fast.1,
        normal.1
    );
    let quiet = speak(
        Voice::Mandarin,
        text,
        Tone {
            volume: 10,
            speed: 100,
        },
    );
    assert!(
        quiet.0 < normal.0,
        "quiet {} loud, normal {}",
        quiet.0,
        normal.0
    );
}

#[test]
fn without_a_synthesizer_the_error_says_what_to_install() {
    let synth = Synth::at("/nonexistent/espeak-ng");
    let dir = tempfile::tempdir().unwrap();
    let err = synth
        .speak_to_file(
            "x",
            Voice::English,
            Tone::default(),
            &dir.path().join("x.wav"),
        )
        .unwrap_err();
    assert!(err.to_string().contains("/nonexistent/espeak-ng"), "{err}");
    assert!(
        xiangqi::speech::SpeechError::NoSynth
            .to_string()
            .contains("install espeak-ng")
    );
}
