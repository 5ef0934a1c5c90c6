//! The pieces each player has taken, shown small under their name.

use super::Captures;
use crate::game::board::engraving::engraving;
use crate::game::play::browse::{Browse, shown_position};
use crate::game::play::captures::captured;
use crate::game::play::session::Session;
use crate::game::settings::UserSettings;
use crate::game::theme::Fonts;
use crate::game::theme::disc::{DiscSize, disc};
use crate::game::theme::palette;
use crate::rules::{Charset, Color as Side, Piece};
use bevy::prelude::*;

pub(super) fn refresh_captures(
    mut commands: Commands,
    session: Res<Session>,
    browse: Option<Res<Browse>>,
    settings: Option<Res<UserSettings>>,
    fonts: Res<Fonts>,
    rows: Query<(Entity, &Captures)>,
    added: Query<(), Added<Captures>>,
    mut shown: Local<Vec<Piece>>,
) {
    let Some(start) = session.game.position_at(0) else {
        return;
    };
    let now = shown_position(&session, browse.as_deref());
    let mut both = captured(start, &now, Side::Black);
    both.extend(captured(start, &now, Side::Red));
    if added.is_empty() && *shown == both {
        return;
    }
    let charset = settings.map_or(Charset::Simplified, |s| s.charset());
    for (row, captures) in &rows {
        // A player's row holds the other side's pieces.
        let victims = captured(start, &now, captures.0.flip());
        commands.entity(row).despawn_related::<Children>();
        commands.entity(row).with_children(|p| {
            for piece in victims {
                p.spawn(mini_piece(piece, charset, &fonts));
            }
        });
    }
    *shown = both;
}

fn mini_piece(piece: Piece, charset: Charset, fonts: &Fonts) -> impl Bundle + use<> {
    let size = DiscSize {
        diameter: 20.0,
        rim: 1.5,
        glyph: 13.0,
    };
    disc(
        engraving(piece, charset),
        palette::ink(piece.color),
        size,
        fonts,
    )
}
