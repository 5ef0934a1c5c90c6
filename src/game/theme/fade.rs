//! Screens fade into each other: entering a screen, a veil of the
//! background colour over the whole window lifts in a third of a second.

use crate::game::Screen;
use crate::game::theme::palette;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnExit(Screen::Menu), veil)
        .add_systems(OnExit(Screen::Playing), veil)
        .add_systems(OnExit(Screen::Puzzles), veil)
        .add_systems(OnExit(Screen::SavedGames), veil)
        .add_systems(Update, lift_veil);
}

/// Seconds the veil takes to lift.
const FADE_SECS: f32 = 0.35;

/// The veil over a screen just entered.
#[derive(Component)]
struct Veil {
    elapsed: f32,
}

fn veil(mut commands: Commands, old: Query<Entity, With<Veil>>) {
    for e in &old {
        commands.entity(e).despawn();
    }
    commands.spawn((
        Veil { elapsed: 0.0 },
        Node {
            position_type: PositionType::Absolute,
            width: Val::Percent(100.0),
            height: Val::Percent(100.0),
            ..default()
        },
        BackgroundColor(palette::BACKGROUND),
        GlobalZIndex(40),
        Pickable::IGNORE,
    ));
}

fn lift_veil(
    mut commands: Commands,
    time: Res<Time<Real>>,
    mut veils: Query<(Entity, &mut Veil, &mut BackgroundColor)>,
) {
    for (e, mut veil, mut bg) in &mut veils {
        // The first frame of a screen (building it, loading) does not count.
        let dt = time.delta_secs().min(1.0 / 30.0);
        veil.elapsed += dt;
        let t = (veil.elapsed / FADE_SECS).min(1.0);
        let alpha = 1.0 - t * t * (3.0 - 2.0 * t);
        bg.0.set_alpha(alpha);
        if t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}
