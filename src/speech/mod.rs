//! Spoken moves: what is said ([`words`]) and who says it — the
//! espeak-ng synthesizer, run as a program for each utterance.
//!
//! Why a program and not a library: speech is optional, off by default,
//! and the game must start on a machine without a synthesizer; linking
//! libespeak-ng (or libspeechd, through the `tts` crate) would make it a
//! dependency of the binary. A process also gives the one control the
//! speaker needs, cutting an utterance short, by ending it; and espeak-ng
//! writes a WAV file with `-w`, which is how the tests check that speech
//! (not silence) comes out.
//!
//! [`Speaker`] owns a thread that speaks one utterance at a time. A new
//! move cuts the move being said and drops moves not yet said (in a fast
//! game only the latest matters), but an urgent utterance — a check, a
//! mate, the end of the game — is never cut and never dropped.

pub mod words;

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub use words::{Voice, spoken_check, spoken_mate, spoken_move, spoken_result};

/// The program the game speaks through.
pub const SYNTH_PROGRAM: &str = "espeak-ng";

/// Why nothing can be said.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpeechError {
    /// No synthesizer on the `PATH`.
    #[error("no speech synthesizer: install espeak-ng (apt install espeak-ng)")]
    NoSynth,
    /// The synthesizer could not be started.
    #[error("{program} could not be started: {why}")]
    Start {
        /// The program.
        program: String,
        /// The system's words.
        why: String,
    },
    /// The synthesizer ran and failed.
    #[error("{program} failed ({status}): {stderr}")]
    Failed {
        /// The program.
        program: String,
        /// Its exit status.
        status: String,
        /// The end of what it wrote to stderr.
        stderr: String,
    },
}

/// Loudness and pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tone {
    /// 0..=100 (100 is the synthesizer's loudest).
    pub volume: u8,
    /// Percent of the synthesizer's normal pace, 50..=200.
    pub speed: u8,
}

impl Default for Tone {
    fn default() -> Tone {
        Tone {
            volume: 70,
            speed: 100,
        }
    }
}

/// A synthesizer found on the system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Synth {
    program: PathBuf,
}

impl Synth {
    /// Looks for espeak-ng on the `PATH`.
    ///
    /// # Errors
    /// [`SpeechError::NoSynth`] when it is not there.
    pub fn find() -> Result<Synth, SpeechError> {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&path)
            .map(|dir| dir.join(SYNTH_PROGRAM))
            .find(|p| is_executable(p))
            .map(|program| Synth { program })
            .ok_or(SpeechError::NoSynth)
    }

    /// The program's path.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// The command saying `text` aloud, or into the WAV file `out`.
    fn command(&self, text: &str, voice: Voice, tone: Tone, out: Option<&Path>) -> Command {
        let mut c = Command::new(&self.program);
        if let Some(out) = out {
            c.arg("-w").arg(out);
        }
        let voice = match voice {
            // Pinyin with tone numbers, read as Mandarin.
            Voice::Mandarin => "cmn-latn-pinyin",
            Voice::English => "en",
            Voice::Vietnamese => "vi",
        };
        // espeak-ng: 175 words a minute is its normal pace; amplitude 0..200.
        let speed = u32::from(tone.speed.clamp(50, 200)) * 175 / 100;
        let amplitude = u32::from(tone.volume.min(100)) * 2;
        c.args([
            "-v",
            voice,
            "-s",
            &speed.to_string(),
            "-a",
            &amplitude.to_string(),
        ]);
        c.arg("--").arg(text);
        c.stdin(Stdio::null());
        c
    }

    /// Starts saying `text` aloud; the child ends when it is said.
    ///
    /// # Errors
    /// [`SpeechError::Start`] naming the program.
    pub fn start(&self, text: &str, voice: Voice, tone: Tone) -> Result<Child, SpeechError> {
        self.command(text, voice, tone, None)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| self.start_error(&e))
    }

    /// Says `text` into the WAV file `path` instead of aloud.
    ///
    /// # Errors
    /// [`SpeechError::Start`] or [`SpeechError::Failed`] naming the program.
    pub fn speak_to_file(
        &self,
        text: &str,
        voice: Voice,
        tone: Tone,
        path: &Path,
    ) -> Result<(), SpeechError> {
        let out = self
            .command(text, voice, tone, Some(path))
            .output()
            .map_err(|e| self.start_error(&e))?;
        if out.status.success() {
            Ok(())
        } else {
            let stderr = String::from_utf8_lossy(&out.stderr);
            Err(SpeechError::Failed {
                program: self.program.display().to_string(),
                status: out.status.to_string(),
                stderr: stderr.trim().to_string(),
            })
        }
    }

    fn start_error(&self, e: &std::io::Error) -> SpeechError {
        SpeechError::Start {
            program: self.program.display().to_string(),
            why: e.to_string(),
        }
    }
}

fn is_executable(p: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        p.is_file()
    }
}

/// Something to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Say {
    /// A move: cut by the next one.
    Move(String),
    /// A check, a mate, the end: said whole, whatever follows.
    Urgent(String),
    /// From now on, this voice and tone.
    Set(Voice, Tone),
    /// Be quiet now: the utterance being said is cut (even an urgent
    /// one) and nothing queued is said (speech turned off, a new game).
    Hush,
}

/// What the speaker's thread is doing, for the tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    /// Every utterance started, in order.
    pub started: Vec<String>,
    /// Every utterance cut before its end.
    pub cut: Vec<String>,
}

/// How an utterance is said: a synthesizer, or (in the tests) a stand-in
/// that takes as long as asked.
pub trait Mouth: Send + 'static {
    /// Starts saying `text`.
    ///
    /// # Errors
    /// Why it cannot be said.
    fn start(&mut self, text: &str, voice: Voice, tone: Tone) -> Result<Child, SpeechError>;
}

impl Mouth for Synth {
    fn start(&mut self, text: &str, voice: Voice, tone: Tone) -> Result<Child, SpeechError> {
        Synth::start(self, text, voice, tone)
    }
}

/// The speaking thread's handle: dropping it ends the thread (and what
/// it is saying).
pub struct Speaker {
    tx: Sender<Say>,
    said: std::sync::Arc<std::sync::Mutex<Said>>,
    errors: Receiver<SpeechError>,
}

impl Speaker {
    /// A speaker saying things through `mouth`.
    pub fn new(mouth: impl Mouth) -> Speaker {
        let (tx, rx) = crossbeam_channel::unbounded();
        let (etx, errors) = crossbeam_channel::unbounded();
        let said = std::sync::Arc::new(std::sync::Mutex::new(Said::default()));
        let log = said.clone();
        std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || speak(mouth, &rx, &log, &etx))
            .ok();
        Speaker { tx, said, errors }
    }

    /// Queues `say`.
    pub fn say(&self, say: Say) {
        let _ = self.tx.send(say);
    }

    /// What was said and cut so far.
    pub fn said(&self) -> Said {
        self.said.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The latest failure, if any since the last call.
    pub fn failure(&self) -> Option<SpeechError> {
        self.errors.try_iter().last()
    }
}

/// The thread: one utterance at a time, moves cut by newer ones.
fn speak(
    mut mouth: impl Mouth,
    rx: &Receiver<Say>,
    said: &std::sync::Mutex<Said>,
    errors: &Sender<SpeechError>,
) {
    let mut voice = Voice::Mandarin;
    let mut tone = Tone::default();
    // (text, urgent) not yet said.
    let mut queue: VecDeque<(String, bool)> = VecDeque::new();
    // The utterance being said.
    let mut now: Option<(Child, String, bool)> = None;
    let cut = |now: &mut Option<(Child, String, bool)>| {
        if let Some((mut child, text, _)) = now.take() {
            let _ = child.kill();
            let _ = child.wait();
            if let Ok(mut s) = said.lock() {
                s.cut.push(text);
            }
        }
    };
    loop {
        // Finished?
        if let Some((child, _, _)) = &mut now
            && !matches!(child.try_wait(), Ok(None))
        {
            now = None;
        }
        if now.is_none()
            && let Some((text, urgent)) = queue.pop_front()
        {
            match mouth.start(&text, voice, tone) {
                Ok(child) => {
                    if let Ok(mut s) = said.lock() {
                        s.started.push(text.clone());
                    }
                    now = Some((child, text, urgent));
                }
                Err(e) => {
                    let _ = errors.send(e);
                }
            }
        }
        let wait = if now.is_some() || !queue.is_empty() {
            Duration::from_millis(20)
        } else {
            Duration::from_secs(3600)
        };
        let first = rx.recv_timeout(wait);
        if let Err(RecvTimeoutError::Disconnected) = first {
            cut(&mut now);
            return;
        }
        // Everything waiting is heard before the next utterance starts, so
        // moves sent together are one cut.
        let pending = first.into_iter().chain(rx.try_iter().collect::<Vec<_>>());
        for say in pending {
            match say {
                Say::Move(ref text) | Say::Urgent(ref text) => {
                    // Cuts an older move said or waiting (an urgent word, never cut, too).
                    let urgent = matches!(say, Say::Urgent(_));
                    queue.retain(|(_, urgent)| *urgent);
                    if now.as_ref().is_some_and(|(_, _, urgent)| !urgent) {
                        cut(&mut now);
                    }
                    queue.push_back((text.clone(), urgent));
                }
                Say::Set(v, t) => {
                    voice = v;
                    tone = t;
                }
                Say::Hush => {
                    queue.clear();
                    cut(&mut now);
                }
            }
        }
    }
}

/// What is wrong with a WAV file [`wav_loudness`] is given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WavError {
    #[error("not a RIFF/WAVE file")]
    NotWave,
    #[error("{bits}-bit audio at {rate} Hz, not 16-bit PCM")]
    NotPcm16 { bits: u16, rate: u32 },
    #[error("no samples")]
    NoSamples,
    #[error("no data chunk")]
    NoData,
}

/// The share of a 16-bit PCM WAV file's samples that are not near silence
/// and its length in seconds: how the tests tell speech from silence.
///
/// # Errors
/// What is wrong with the file (not RIFF/WAVE, not 16-bit PCM, no data).
pub fn wav_loudness(bytes: &[u8]) -> Result<(f64, f64), WavError> {
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(WavError::NotWave);
    }
    let mut at = 12;
    let mut rate = 0u32;
    let mut bits = 0u16;
    let mut channels = 1u16;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let size = u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]])
            as usize;
        let body = at + 8;
        match id {
            b"fmt " if body + 16 <= bytes.len() => {
                channels = u16::from_le_bytes([bytes[body + 2], bytes[body + 3]]);
                rate = u32::from_le_bytes([
                    bytes[body + 4],
                    bytes[body + 5],
                    bytes[body + 6],
                    bytes[body + 7],
                ]);
                bits = u16::from_le_bytes([bytes[body + 14], bytes[body + 15]]);
            }
            b"data" => {
                if bits != 16 || rate == 0 {
                    return Err(WavError::NotPcm16 { bits, rate });
                }
                // espeak-ng writes the data chunk's size as 0x7fffffff when
                // it streams; the rest of the file is the data then.
                let end = body.saturating_add(size).min(bytes.len());
                let samples: Vec<i16> = bytes[body..end]
                    .chunks_exact(2)
                    .map(|b| i16::from_le_bytes([b[0], b[1]]))
                    .collect();
                if samples.is_empty() {
                    return Err(WavError::NoSamples);
                }
                let loud = samples.iter().filter(|s| s.unsigned_abs() > 1000).count();
                let seconds = samples.len() as f64 / f64::from(rate) / f64::from(channels.max(1));
                return Ok((loud as f64 / samples.len() as f64, seconds));
            }
            _ => {}
        }
        at = body + size + (size & 1);
    }
    Err(WavError::NoData)
}

impl Synth {
    /// A synthesizer at `program` (which must take espeak-ng's arguments).
    pub fn at(program: impl Into<PathBuf>) -> Synth {
        Synth {
            program: program.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// Says everything in `secs` seconds (a `sleep`).
    struct Sleeper(&'static str);

    impl Mouth for Sleeper {
        fn start(&mut self, _: &str, _: Voice, _: Tone) -> Result<Child, SpeechError> {
            Command::new("sleep")
                .arg(self.0)
                .spawn()
                .map_err(|e| SpeechError::Start {
                    program: "sleep".into(),
                    why: e.to_string(),
                })
        }
    }

    /// Waits (up to 10 s) until `done` holds of what was said.
    fn wait_for(speaker: &Speaker, what: &str, done: impl Fn(&Said) -> bool) -> Said {
        let t0 = Instant::now();
        loop {
            let said = speaker.said();
            if done(&said) {
                return said;
            }
            assert!(t0.elapsed() < Duration::from_secs(10), "{what}: {said:?}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn a_new_move_cuts_the_move_being_said_and_those_waiting() {
        let speaker = Speaker::new(Sleeper("5"));
        speaker.say(Say::Move("one".into()));
        wait_for(&speaker, "one started", |s| s.started.len() == 1);
        speaker.say(Say::Move("two".into()));
        speaker.say(Say::Move("three".into()));
        let said = wait_for(&speaker, "three started", |s| {
            s.started.last().map(String::as_str) == Some("three")
        });
        // Two was dropped unsaid, or (if the thread woke between the two
        // messages) started and cut at once: never said whole.
        assert_eq!(said.cut.first().map(String::as_str), Some("one"));
        for older in said.started.iter().filter(|t| *t != "three") {
            assert!(said.cut.contains(older), "{older} was said whole: {said:?}");
        }
        assert!(!said.cut.contains(&"three".to_string()));
    }

    #[test]
    fn a_check_is_never_cut_and_the_latest_move_follows_it() {
        let speaker = Speaker::new(Sleeper("0.6"));
        speaker.say(Say::Urgent("check".into()));
        wait_for(&speaker, "check started", |s| s.started.len() == 1);
        speaker.say(Say::Move("reply".into()));
        speaker.say(Say::Move("next".into()));
        let said = wait_for(&speaker, "next started", |s| s.started.len() == 2);
        assert_eq!(said.started, s(&["check", "next"]));
        assert!(said.cut.is_empty(), "{said:?}");
    }

    #[test]
    fn hush_cuts_everything() {
        let speaker = Speaker::new(Sleeper("5"));
        speaker.say(Say::Urgent("mate".into()));
        speaker.say(Say::Urgent("red wins".into()));
        wait_for(&speaker, "mate started", |s| s.started.len() == 1);
        speaker.say(Say::Hush);
        let said = wait_for(&speaker, "mate cut", |s| !s.cut.is_empty());
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(speaker.said().started, s(&["mate"]));
        assert_eq!(said.cut, s(&["mate"]));
    }

    #[test]
    fn a_synthesizer_that_cannot_start_is_reported() {
        let speaker = Speaker::new(Synth::at("/nonexistent/espeak-ng"));
        speaker.say(Say::Move("pao4".into()));
        let t0 = Instant::now();
        let why = loop {
            if let Some(why) = speaker.failure() {
                break why;
            }
            assert!(t0.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(10));
        };
        assert!(why.to_string().contains("/nonexistent/espeak-ng"), "{why}");
    }

    #[test]
    fn silence_and_noise_are_told_apart() {
        let wav = |samples: &[i16]| {
            let data: Vec<u8> = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
            let mut b = b"RIFF\0\0\0\0WAVEfmt ".to_vec();
            b.extend_from_slice(&16u32.to_le_bytes());
            b.extend_from_slice(&1u16.to_le_bytes());
            b.extend_from_slice(&1u16.to_le_bytes());
            b.extend_from_slice(&22050u32.to_le_bytes());
            b.extend_from_slice(&44100u32.to_le_bytes());
            b.extend_from_slice(&2u16.to_le_bytes());
            b.extend_from_slice(&16u16.to_le_bytes());
            b.extend_from_slice(b"data");
            b.extend_from_slice(&(data.len() as u32).to_le_bytes());
            b.extend_from_slice(&data);
            b
        };
        let (loud, secs) = wav_loudness(&wav(&[0; 22050])).unwrap();
        assert_eq!(loud, 0.0);
        assert!((secs - 1.0).abs() < 1e-9);
        let tone: Vec<i16> = (0..22050)
            .map(|i| ((i as f64 * 0.1).sin() * 8000.0) as i16)
            .collect();
        assert!(wav_loudness(&wav(&tone)).unwrap().0 > 0.5);
        assert!(wav_loudness(b"not a wav").is_err());
    }
}
