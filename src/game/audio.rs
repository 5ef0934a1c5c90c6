//! Sound: the game's [`SoundCue`] messages played through a kira channel
//! (bevy_kira_audio). The rules and the session never call audio; they say
//! what should be heard and this plugin plays it, at the volume (and mute)
//! of the settings.
//!
//! The effects are the project's own (`assets/sounds/*.wav`, written by
//! `xiangqi gen-sounds`), embedded in the binary. Without an audio device bevy_kira_audio logs one
//! warning and plays nothing; this plugin notices that the first sound never
//! started and stops queueing more, so the game runs on silently.

use crate::game::GameSet;
use crate::game::play::session::SoundCue;
use crate::game::settings::UserSettings;
use bevy::prelude::*;
use bevy_kira_audio::prelude::{
    AudioApp, AudioChannel, AudioControl, AudioInstance, AudioSource, Decibels,
};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(bevy_kira_audio::AudioPlugin)
        .add_audio_channel::<Effects>()
        .init_resource::<SoundBank>()
        .init_resource::<Output>()
        .add_systems(
            Update,
            (watch_output, set_volume, play_cues)
                .chain()
                .in_set(GameSet::Present),
        );
}

/// The kira channel the effects play on.
#[derive(Resource)]
pub struct Effects;

/// One sound per cue.
#[derive(Resource)]
struct SoundBank {
    sounds: Vec<(SoundCue, Handle<AudioSource>)>,
}

impl FromWorld for SoundBank {
    fn from_world(world: &mut World) -> Self {
        let server = world.resource::<AssetServer>();
        let sounds = [
            (SoundCue::Select, "select"),
            (SoundCue::Move, "move"),
            (SoundCue::Capture, "capture"),
            (SoundCue::Check, "check"),
            (SoundCue::Illegal, "illegal"),
            (SoundCue::Start, "start"),
            (SoundCue::Win, "win"),
            (SoundCue::Lose, "lose"),
            (SoundCue::Draw, "draw"),
            (SoundCue::Tick, "tick"),
        ]
        .into_iter()
        .map(|(cue, name)| {
            (
                cue,
                server.load(crate::game::embedded::path(&format!("sounds/{name}.wav"))),
            )
        })
        .collect();
        SoundBank { sounds }
    }
}

impl SoundBank {
    fn get(&self, cue: SoundCue) -> Option<&Handle<AudioSource>> {
        self.sounds.iter().find(|(c, _)| *c == cue).map(|(_, h)| h)
    }
}

/// Whether sounds actually come out.
#[derive(Resource, Default)]
struct Output {
    /// The first sound played (once its file had loaded) and the frames
    /// since: it becomes an audio instance at once when there is a device.
    probe: Option<(Handle<AudioInstance>, u32)>,
    /// The first sound started: there is a device.
    working: bool,
    /// It never started: no device; nothing more is queued.
    silent: bool,
}

/// Frames to wait for the first sound to start.
const PROBE_FRAMES: u32 = 10;

/// Volume 0..=1 to decibels, on a curve that sounds even (amplitude ~ v²).
pub fn volume_db(volume: f32) -> f32 {
    if volume <= 0.0 {
        Decibels::SILENCE.0
    } else {
        (40.0 * volume.min(1.0).log10()).max(Decibels::SILENCE.0)
    }
}

fn watch_output(mut output: ResMut<Output>, instances: Res<Assets<AudioInstance>>) {
    let Some((handle, frames)) = &mut output.probe else {
        return;
    };
    if instances.contains(handle.id()) {
        output.probe = None;
        output.working = true;
    } else if *frames >= PROBE_FRAMES {
        // bevy_kira_audio has already warned that the device failed.
        info!("no sound: the audio output did not start");
        output.probe = None;
        output.silent = true;
    } else {
        *frames += 1;
    }
}

fn set_volume(
    settings: Res<UserSettings>,
    output: Res<Output>,
    channel: Res<AudioChannel<Effects>>,
    mut last: Local<Option<f32>>,
) {
    if output.silent {
        return;
    }
    let v = settings.effective_volume();
    if *last != Some(v) {
        *last = Some(v);
        channel.set_volume(Decibels(volume_db(v)));
    }
}

fn play_cues(
    mut cues: MessageReader<SoundCue>,
    settings: Res<UserSettings>,
    bank: Res<SoundBank>,
    sources: Res<Assets<AudioSource>>,
    channel: Res<AudioChannel<Effects>>,
    mut output: ResMut<Output>,
) {
    for &cue in cues.read() {
        if output.silent || settings.effective_volume() <= 0.0 {
            continue;
        }
        let Some(source) = bank.get(cue) else {
            continue;
        };
        // A sound still loading waits in the channel's queue.
        let instance = channel.play(source.clone()).handle();
        // The first sound whose file is loaded proves the device.
        let loaded = sources.contains(source.id());
        if loaded && !output.working && output.probe.is_none() {
            output.probe = Some((instance, 0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_maps_to_decibels_monotonically_with_silence_at_zero() {
        assert_eq!(volume_db(0.0), Decibels::SILENCE.0);
        assert_eq!(volume_db(1.0), 0.0);
        let mut last = Decibels::SILENCE.0;
        for i in 1..=10 {
            let db = volume_db(i as f32 / 10.0);
            assert!(db >= last, "{i}: {db} < {last}");
            last = db;
        }
    }
}
