//! The game's sound effects, synthesized from scratch.
//!
//! Every sound in `assets/sounds/` is rendered by this module, so the project
//! owns its audio outright and can regenerate it (`xiangqi gen-sounds DIR`).
//! The output is a complete 16-bit mono 44.1 kHz WAV file.
//!
//! The sounds are built from three ingredients:
//! - *decaying partials*: sine waves whose amplitude falls exponentially, the
//!   way a struck object rings; wood has a few inharmonic partials that die in
//!   tens of milliseconds, a gong has low ones that ring for a second;
//! - *filtered noise bursts*: the impact itself, a few milliseconds of seeded
//!   noise through a resonant band-pass filter ("tock") or a low-pass ("thud");
//! - *notes*: bell-like tones (a fundamental plus a couple of overtones) for
//!   the start, win, lose and draw cues.
//!
//! Rendering is byte-for-byte deterministic: the noise comes from a fixed-seed
//! generator, and `sin` / `exp` are computed here with plain IEEE arithmetic
//! (`+ - * /`, rounding) instead of the platform's maths library, whose last
//! bit may differ between systems. A test can therefore compare the committed
//! files with [`render`].

use std::f64::consts::{FRAC_PI_2, LN_2, PI, TAU};
use std::fs;
use std::io;
use std::path::Path;

/// The names of all sounds, in the order [`write_all`] writes them.
pub const SOUNDS: &[&str] = &[
    "select", "move", "capture", "check", "illegal", "start", "win", "lose", "draw", "tick",
];

/// Samples per second of every rendered file.
pub const SAMPLE_RATE: u32 = 44_100;

/// Renders the sound called `name` as a complete WAV file (16-bit PCM, mono,
/// 44.1 kHz), or `None` if there is no sound of that name.
pub fn render(name: &str) -> Option<Vec<u8>> {
    let (samples, peak_dbfs) = match name {
        "select" => (select(), -9.0),
        "move" => (move_tock(), -5.0),
        "capture" => (capture(), -3.0),
        "check" => (check_gong(), -3.0),
        "illegal" => (illegal(), -6.0),
        "start" => (start_chime(), -4.0),
        "win" => (win(), -3.0),
        "lose" => (lose(), -4.0),
        "draw" => (draw(), -4.0),
        "tick" => (clock_tick(), -9.0),
        _ => return None,
    };
    Some(encode_wav(&normalize(samples, peak_dbfs)))
}

/// Writes `<name>.wav` into `dir` for every name in [`SOUNDS`], creating `dir`
/// if needed. Each file is written to a temporary name first and then renamed,
/// so a reader never sees half a file.
///
/// # Errors
///
/// Any I/O error from creating the directory, writing or renaming a file.
pub fn write_all(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    for name in SOUNDS {
        let wav = render(name).expect("every name in SOUNDS renders");
        let tmp = dir.join(format!(".{name}.wav.tmp"));
        let dest = dir.join(format!("{name}.wav"));
        fs::write(&tmp, &wav)?;
        fs::rename(&tmp, &dest)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The sounds. Each returns raw samples (any scale); `render` normalizes.
// ---------------------------------------------------------------------------

/// A soft, short click: a tiny high knock with almost no body.
fn select() -> Vec<f64> {
    let mut buf = silence(0.060);
    noise_burst(&mut buf, 0.0, 0x5e1ec7, 0.0025, 0.0006, 2600.0, 2.5, 1.0);
    partial(&mut buf, 0.0, 1900.0, 0.25, 0.006, 0.0005);
    partial(&mut buf, 0.0, 3150.0, 0.10, 0.004, 0.0005);
    fade(&mut buf, 0.0005, 0.015);
    buf
}

/// A clock's last seconds: a dry, high, short tick, quieter than a move.
fn clock_tick() -> Vec<f64> {
    let mut buf = silence(0.045);
    noise_burst(&mut buf, 0.0, 0x71c4, 0.0015, 0.0005, 4200.0, 3.0, 0.6);
    partial(&mut buf, 0.0, 2800.0, 0.5, 0.005, 0.0004);
    partial(&mut buf, 0.0, 4400.0, 0.2, 0.003, 0.0004);
    fade(&mut buf, 0.0004, 0.012);
    buf
}

/// Wood on wood: a piece set down on the board.
fn move_tock() -> Vec<f64> {
    let mut buf = silence(0.125);
    knock(&mut buf, 0.0, 0x70c4, 850.0, 0.4, 1.0);
    fade(&mut buf, 0.0005, 0.030);
    buf
}

/// Two knocks: the moving piece strikes the captured one, then lands. Higher,
/// brighter and louder than a plain move.
fn capture() -> Vec<f64> {
    let mut buf = silence(0.220);
    knock(&mut buf, 0.0, 0xca97, 1150.0, 1.0, 1.0);
    knock(&mut buf, 0.058, 0xca98, 820.0, 0.5, 0.8);
    fade(&mut buf, 0.0005, 0.035);
    buf
}

/// A small gong: low inharmonic partials with a slow decay.
fn check_gong() -> Vec<f64> {
    let mut buf = silence(1.35);
    // (frequency, amplitude, decay time constant)
    let partials = [
        (220.0, 1.00, 0.90),
        (222.4, 0.30, 0.80), // a slow beat against the fundamental
        (330.0, 0.55, 0.65),
        (487.0, 0.45, 0.50),
        (651.0, 0.22, 0.32),
        (893.0, 0.12, 0.20),
        (1187.0, 0.07, 0.12),
    ];
    for (freq, amp, tau) in partials {
        partial(&mut buf, 0.0, freq, amp, tau, 0.004);
    }
    // The mallet: a soft, low thump of noise.
    noise_burst(&mut buf, 0.0, 0x90e6, 0.012, 0.004, 350.0, 1.2, 0.35);
    fade(&mut buf, 0.001, 0.300);
    buf
}

/// A dull low buzz with a thud: "you can't do that".
fn illegal() -> Vec<f64> {
    let seconds = 0.24;
    let mut buf = silence(seconds);
    // A band-limited sawtooth at 98 Hz, darkened by a low-pass filter.
    let mut saw = silence(seconds);
    for k in 1..=10 {
        let k = f64::from(k);
        partial(&mut saw, 0.0, 98.0 * k, 1.0 / k, 0.14, 0.008);
    }
    low_pass(&mut saw, 520.0);
    mix(&mut buf, &saw, 0.0, 1.0);
    partial(&mut buf, 0.0, 62.0, 0.8, 0.05, 0.003);
    fade(&mut buf, 0.002, 0.060);
    buf
}

/// A pleasant rising chime: G4 C5 E5 G5 in quick succession.
fn start_chime() -> Vec<f64> {
    let mut buf = silence(1.0);
    let notes = [(0.000, G4), (0.085, C5), (0.170, E5), (0.255, G5)];
    for (i, (at, freq)) in notes.into_iter().enumerate() {
        let tau = if i == notes.len() - 1 { 0.35 } else { 0.22 };
        bell(&mut buf, at, freq, 0.8, tau);
    }
    fade(&mut buf, 0.001, 0.200);
    buf
}

/// An ascending major arpeggio that lands on a held chord.
fn win() -> Vec<f64> {
    let mut buf = silence(1.4);
    let notes = [(0.00, C5), (0.12, E5), (0.24, G5), (0.36, C6)];
    for (at, freq) in notes {
        bell(&mut buf, at, freq, 0.8, 0.18);
    }
    // The final chord rings on.
    for (freq, amp) in [(C5, 0.35), (E5, 0.35), (G5, 0.35), (C6, 0.6)] {
        bell(&mut buf, 0.48, freq, amp, 0.45);
    }
    fade(&mut buf, 0.001, 0.300);
    buf
}

/// A descending minor figure, slower and darker than `win`.
fn lose() -> Vec<f64> {
    let mut buf = silence(1.3);
    let notes = [(0.00, G4), (0.18, EB4), (0.36, C4)];
    for (i, (at, freq)) in notes.into_iter().enumerate() {
        let tau = if i == notes.len() - 1 { 0.45 } else { 0.25 };
        soft_note(&mut buf, at, freq, 0.8, tau);
    }
    fade(&mut buf, 0.001, 0.300);
    buf
}

/// Two even notes a fifth apart, neither triumphant nor sad.
fn draw() -> Vec<f64> {
    let mut buf = silence(0.95);
    bell(&mut buf, 0.00, E5, 0.8, 0.22);
    bell(&mut buf, 0.22, A4, 0.8, 0.30);
    fade(&mut buf, 0.001, 0.250);
    buf
}

// Equal-tempered pitches (A4 = 440 Hz).
const C4: f64 = 261.625_565;
const EB4: f64 = 311.126_984;
const G4: f64 = 391.995_436;
const A4: f64 = 440.0;
const C5: f64 = 523.251_131;
const E5: f64 = 659.255_114;
const G5: f64 = 783.990_872;
const C6: f64 = 1_046.502_261;

// ---------------------------------------------------------------------------
// Building blocks.
// ---------------------------------------------------------------------------

fn silence(seconds: f64) -> Vec<f64> {
    vec![0.0; samples(seconds)]
}

fn samples(seconds: f64) -> usize {
    (seconds * f64::from(SAMPLE_RATE)).round() as usize
}

/// Adds `src * gain` into `buf`, starting at `at` seconds.
fn mix(buf: &mut [f64], src: &[f64], at: f64, gain: f64) {
    let start = samples(at).min(buf.len());
    for (out, x) in buf[start..].iter_mut().zip(src) {
        *out += gain * x;
    }
}

/// Adds a sine at `freq` Hz starting at `at` seconds, rising over `attack`
/// seconds (a raised cosine, so there is no click) and then decaying as
/// `exp(-t / tau)`.
fn partial(buf: &mut [f64], at: f64, freq: f64, amp: f64, tau: f64, attack: f64) {
    let start = samples(at).min(buf.len());
    let rate = f64::from(SAMPLE_RATE);
    let step = freq / rate;
    let decay = exp(-1.0 / (tau * rate)); // per sample
    let mut env = amp;
    let mut phase = 0.0_f64; // in cycles
    for (i, out) in buf[start..].iter_mut().enumerate() {
        *out += env * ramp(i as f64 / rate, attack) * sin(TAU * phase);
        env *= decay;
        phase += step;
        if phase >= 1.0 {
            phase -= 1.0;
        }
    }
}

/// A struck piece of wood: a noise transient through a resonant band-pass at
/// `pitch`, plus three inharmonic partials that die within tens of
/// milliseconds and a little low "body". `bright` (0..1) adds a sharper,
/// higher click on top.
fn knock(buf: &mut [f64], at: f64, seed: u64, pitch: f64, bright: f64, amp: f64) {
    noise_burst(buf, at, seed, 0.004, 0.0009, pitch, 7.0, amp);
    noise_burst(
        buf,
        at,
        seed ^ 0xb1,
        0.002,
        0.0005,
        pitch * 2.8,
        3.0,
        amp * bright,
    );
    for (ratio, level, tau) in [(1.0, 0.50, 0.028), (1.47, 0.32, 0.018), (2.09, 0.20, 0.011)] {
        partial(buf, at, pitch * ratio, amp * level, tau, 0.0003);
    }
    partial(buf, at, 170.0, amp * 0.25, 0.020, 0.001);
}

/// Adds a noise burst of `length` seconds (decaying with time constant `tau`)
/// passed through a band-pass filter centred on `centre` Hz with quality `q`.
/// The filter keeps ringing after the burst ends; that ringing is the tone.
fn noise_burst(
    buf: &mut [f64],
    at: f64,
    seed: u64,
    length: f64,
    tau: f64,
    centre: f64,
    q: f64,
    amp: f64,
) {
    let start = samples(at).min(buf.len());
    let rate = f64::from(SAMPLE_RATE);
    let burst = samples(length);
    let mut rng = Rng::new(seed);
    let mut filter = BandPass::new(centre, q);
    for (i, out) in buf[start..].iter_mut().enumerate() {
        let x = if i < burst {
            rng.next_signed() * exp(-(i as f64 / rate) / tau)
        } else {
            0.0
        };
        *out += amp * filter.process(x);
    }
}

/// A bell-like note: fundamental plus two quieter, faster-decaying overtones.
fn bell(buf: &mut [f64], at: f64, freq: f64, amp: f64, tau: f64) {
    partial(buf, at, freq, amp, tau, 0.003);
    partial(buf, at, freq * 2.0, amp * 0.28, tau * 0.5, 0.003);
    partial(buf, at, freq * 3.01, amp * 0.10, tau * 0.3, 0.003);
    partial(buf, at, freq * 4.2, amp * 0.05, tau * 0.2, 0.002);
}

/// A darker note than `bell`: a softer attack and weaker overtones.
fn soft_note(buf: &mut [f64], at: f64, freq: f64, amp: f64, tau: f64) {
    partial(buf, at, freq, amp, tau, 0.012);
    partial(buf, at, freq * 2.0, amp * 0.15, tau * 0.5, 0.012);
    partial(buf, at, freq * 3.0, amp * 0.04, tau * 0.3, 0.012);
}

/// One-pole low-pass filter at `cutoff` Hz, in place.
fn low_pass(buf: &mut [f64], cutoff: f64) {
    let a = 1.0 - exp(-TAU * cutoff / f64::from(SAMPLE_RATE));
    let mut y = 0.0;
    for x in buf.iter_mut() {
        y += a * (*x - y);
        *x = y;
    }
}

/// Raised-cosine fade-in over `fade_in` seconds and fade-out over the last
/// `fade_out` seconds, so the file starts and ends at silence.
fn fade(buf: &mut [f64], fade_in: f64, fade_out: f64) {
    let rate = f64::from(SAMPLE_RATE);
    let len = buf.len();
    for (i, x) in buf.iter_mut().enumerate() {
        let from_start = i as f64 / rate;
        let to_end = (len - 1 - i) as f64 / rate;
        *x *= ramp(from_start, fade_in) * ramp(to_end, fade_out);
    }
}

/// 0 at `t = 0`, rising along a raised cosine to 1 at `t = width`.
fn ramp(t: f64, width: f64) -> f64 {
    if t >= width {
        1.0
    } else {
        0.5 - 0.5 * cos(PI * t / width)
    }
}

/// Scales `buf` so its highest peak is at `peak_dbfs`, then converts to
/// 16-bit samples.
fn normalize(buf: Vec<f64>, peak_dbfs: f64) -> Vec<i16> {
    let peak = buf.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let target = exp(peak_dbfs / 20.0 * std::f64::consts::LN_10);
    let gain = if peak > 0.0 { target / peak } else { 0.0 };
    buf.into_iter()
        .map(|x| (x * gain * 32767.0).round().clamp(-32767.0, 32767.0) as i16)
        .collect()
}

/// A complete RIFF/WAVE file: 16-bit PCM, mono, [`SAMPLE_RATE`].
fn encode_wav(samples: &[i16]) -> Vec<u8> {
    let data_len = u32::try_from(samples.len() * 2).expect("sound fits in a WAV file");
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(b"fmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // byte rate
    out.extend_from_slice(&2u16.to_le_bytes()); // block align
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

/// Band-pass biquad with 0 dB peak gain (Robert Bristow-Johnson's cookbook).
struct BandPass {
    b0: f64,
    a1: f64,
    a2: f64,
    x1: f64,
    x2: f64,
    y1: f64,
    y2: f64,
}

impl BandPass {
    fn new(centre: f64, q: f64) -> Self {
        let w0 = TAU * centre / f64::from(SAMPLE_RATE);
        let alpha = sin(w0) / (2.0 * q);
        let a0 = 1.0 + alpha;
        BandPass {
            b0: alpha / a0,
            a1: -2.0 * cos(w0) / a0,
            a2: (1.0 - alpha) / a0,
            x1: 0.0,
            x2: 0.0,
            y1: 0.0,
            y2: 0.0,
        }
    }

    fn process(&mut self, x: f64) -> f64 {
        // b1 = 0 and b2 = -b0 for this filter.
        let y = self.b0 * (x - self.x2) - self.a1 * self.y1 - self.a2 * self.y2;
        self.x2 = self.x1;
        self.x1 = x;
        self.y2 = self.y1;
        self.y1 = y;
        y
    }
}

/// xorshift64* — small, fast and, above all, the same on every machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        // Any non-zero state works; mix the seed so nearby seeds differ.
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// Uniform in [-1, 1).
    fn next_signed(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        let bits = x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11; // 53 bits
        bits as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// `1 / (2n (2n + 1))` for n = 1..=8: the ratios between successive terms of
/// the sine's Taylor series.
const SIN_STEPS: [f64; 8] = [
    1.0 / 6.0,
    1.0 / 20.0,
    1.0 / 42.0,
    1.0 / 72.0,
    1.0 / 110.0,
    1.0 / 156.0,
    1.0 / 210.0,
    1.0 / 272.0,
];

/// Sine from a polynomial, using only exactly-rounded IEEE operations.
/// Accurate to about 1e-12, far below what 16 bits can hold.
fn sin(x: f64) -> f64 {
    let mut r = x - (x / TAU).round() * TAU; // now in [-π, π]
    if r > FRAC_PI_2 {
        r = PI - r;
    } else if r < -FRAC_PI_2 {
        r = -PI - r;
    }
    // Taylor series to r^17, in Horner form.
    let r2 = r * r;
    let mut sum = 1.0;
    for k in SIN_STEPS.iter().rev() {
        sum = 1.0 - r2 * k * sum;
    }
    r * sum
}

fn cos(x: f64) -> f64 {
    sin(x + FRAC_PI_2)
}

/// `e^x` from a series after reducing by powers of two, using only
/// exactly-rounded IEEE operations.
fn exp(x: f64) -> f64 {
    if x < -700.0 {
        return 0.0;
    }
    let k = (x / LN_2).round();
    let r = x - k * LN_2; // |r| <= ln 2 / 2
    let mut sum = 1.0;
    for n in (1..=14).rev() {
        sum = 1.0 + r / f64::from(n) * sum;
    }
    // 2^k, built from its bit pattern (k is within the normal range here).
    let scale = f64::from_bits(((k as i64 + 1023) as u64) << 52);
    sum * scale
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields of a parsed WAV file.
    struct Wav {
        samples: Vec<i16>,
    }

    impl Wav {
        fn seconds(&self) -> f64 {
            self.samples.len() as f64 / f64::from(SAMPLE_RATE)
        }

        fn peak(&self) -> i32 {
            self.samples
                .iter()
                .map(|s| i32::from(*s).abs())
                .max()
                .unwrap_or(0)
        }

        fn rms(&self, from: f64, to: f64) -> f64 {
            let a = samples(from).min(self.samples.len());
            let b = samples(to).min(self.samples.len());
            let sum: f64 = self.samples[a..b]
                .iter()
                .map(|s| f64::from(*s).powi(2))
                .sum();
            (sum / (b - a) as f64).sqrt()
        }

        fn slope_rms(&self, from: f64, to: f64) -> f64 {
            let a = samples(from).min(self.samples.len());
            let b = samples(to).min(self.samples.len());
            let w = &self.samples[a..b];
            let sum: f64 = w
                .windows(2)
                .map(|p| (f64::from(p[1]) - f64::from(p[0])).powi(2))
                .sum();
            (sum / (w.len() - 1) as f64).sqrt()
        }
    }

    fn u16_at(b: &[u8], i: usize) -> u16 {
        u16::from_le_bytes([b[i], b[i + 1]])
    }

    fn u32_at(b: &[u8], i: usize) -> u32 {
        u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
    }

    fn parse(bytes: &[u8]) -> Wav {
        assert!(bytes.len() > 44, "shorter than a WAV header");
        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(u32_at(bytes, 4) as usize, bytes.len() - 8, "RIFF size");
        assert_eq!(&bytes[8..12], b"WAVE");
        assert_eq!(&bytes[12..16], b"fmt ");
        assert_eq!(u32_at(bytes, 16), 16, "fmt chunk size");
        assert_eq!(u16_at(bytes, 20), 1, "PCM");
        assert_eq!(u16_at(bytes, 22), 1, "mono");
        assert_eq!(u32_at(bytes, 24), 44_100, "sample rate");
        assert_eq!(u32_at(bytes, 28), 88_200, "byte rate");
        assert_eq!(u16_at(bytes, 32), 2, "block align");
        assert_eq!(u16_at(bytes, 34), 16, "bits per sample");
        assert_eq!(&bytes[36..40], b"data");
        assert_eq!(u32_at(bytes, 40) as usize, bytes.len() - 44, "data size");
        let samples = bytes[44..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        Wav { samples }
    }

    fn wav(name: &str) -> Wav {
        parse(&render(name).expect("known sound"))
    }

    #[test]
    fn every_sound_is_a_well_formed_small_wav() {
        for name in SOUNDS {
            let bytes = render(name).unwrap();
            assert!(bytes.len() < 150 * 1024, "{name} is {} bytes", bytes.len());
            parse(&bytes);
        }
    }

    #[test]
    fn every_sound_is_audible_and_below_full_scale() {
        for name in SOUNDS {
            let w = wav(name);
            let peak = w.peak();
            // Peaks are normalized between -9 and -3 dBFS.
            assert!(peak > 10_000, "{name} peak {peak} is too quiet");
            assert!(peak < 23_500, "{name} peak {peak} is above -2.9 dBFS");
            assert!(w.rms(0.0, w.seconds()) > 300.0, "{name} is nearly silent");
        }
    }

    #[test]
    fn every_sound_starts_and_ends_at_silence() {
        for name in SOUNDS {
            let w = wav(name);
            let first = i32::from(w.samples[0]).abs();
            let last = i32::from(*w.samples.last().unwrap()).abs();
            assert!(first < 200, "{name} starts at {first}");
            assert!(last < 50, "{name} ends at {last}");
        }
    }

    #[test]
    fn durations_fit_their_purpose() {
        let ranges = [
            ("select", 0.03, 0.10),
            ("move", 0.08, 0.18),
            ("capture", 0.15, 0.30),
            ("check", 0.90, 1.60),
            ("illegal", 0.15, 0.35),
            ("start", 0.50, 1.20),
            ("win", 0.80, 1.60),
            ("lose", 0.80, 1.60),
            ("draw", 0.50, 1.20),
            ("tick", 0.02, 0.08),
        ];
        assert_eq!(ranges.len(), SOUNDS.len());
        for (name, min, max) in ranges {
            let s = wav(name).seconds();
            assert!((min..=max).contains(&s), "{name} lasts {s:.3} s");
        }
    }

    #[test]
    fn capture_is_louder_and_sharper_than_move() {
        let (mv, cap) = (wav("move"), wav("capture"));
        assert!(cap.peak() > mv.peak());
        assert!(cap.rms(0.0, 0.020) > 1.1 * mv.rms(0.0, 0.020));
        // Sharper: more high-frequency energy (the RMS of the sample-to-sample
        // difference) in the attack.
        assert!(cap.slope_rms(0.0, 0.020) > 1.3 * mv.slope_rms(0.0, 0.020));
        // The second knock of the capture is audible as its own attack.
        assert!(cap.rms(0.058, 0.070) > 2.0 * cap.rms(0.045, 0.057));
    }

    #[test]
    fn select_is_softer_than_move() {
        assert!(wav("select").peak() < wav("move").peak());
    }

    #[test]
    fn rendering_is_deterministic() {
        for name in SOUNDS {
            assert_eq!(render(name), render(name), "{name}");
        }
    }

    #[test]
    fn unknown_names_render_nothing() {
        assert_eq!(render("fanfare"), None);
        assert_eq!(render(""), None);
    }

    #[test]
    fn write_all_writes_every_sound() {
        let dir = std::env::temp_dir().join(format!("xiangqi-sounds-{}", std::process::id()));
        write_all(&dir).unwrap();
        for name in SOUNDS {
            let on_disk = fs::read(dir.join(format!("{name}.wav"))).unwrap();
            assert_eq!(Some(on_disk), render(name), "{name}");
        }
        let leftovers = fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".tmp")
            })
            .count();
        assert_eq!(leftovers, 0);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn maths_matches_std_closely() {
        for i in -2000..2000 {
            let x = f64::from(i) * 0.01;
            assert!((sin(x) - x.sin()).abs() < 1e-11, "sin({x})");
            assert!((cos(x) - x.cos()).abs() < 1e-11, "cos({x})");
            assert!((exp(x) - x.exp()).abs() <= 1e-13 * x.exp(), "exp({x})");
        }
        assert_eq!(exp(-800.0), 0.0);
    }
}
