//! The editor's panel kept up to date: how many of each piece are left,
//! which toggles are on, the FEN, the verdict, and the actions a valid
//! position allows.

use super::panel::{
    BoxCount, BoxDisc, FenLine, LevelButton, LevelRow, ModeButton, NeedsValid, SavingLine,
    SideButton, StatusLine, TierButton,
};
use super::{BoxPiece, Picked};
use crate::engine::Level;
use crate::game::Mode;
use crate::game::i18n::{Lang, Phrase, level_name, side_to_move};
use crate::game::play::editor::{Editor, EditorStatus};
use crate::game::settings::CurrentLang;
use crate::game::theme::{OnPress, Toggled, palette, set_display};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The box: counts and discs.
#[derive(SystemParam)]
pub(super) struct BoxParts<'w, 's> {
    counts: Query<
        'w,
        's,
        (&'static BoxCount, &'static mut Text, &'static mut TextColor),
        (Without<FenLine>, Without<StatusLine>),
    >,
    discs: Query<
        'w,
        's,
        (
            &'static BoxDisc,
            &'static mut BackgroundColor,
            &'static mut BorderColor,
        ),
    >,
}

/// The lines: the FEN, the verdict, the saving note, the level row.
#[derive(SystemParam)]
pub(super) struct Lines<'w, 's> {
    fen: Query<'w, 's, &'static mut Text, (With<FenLine>, Without<StatusLine>, Without<BoxCount>)>,
    status: Query<
        'w,
        's,
        (&'static mut Text, &'static mut TextColor),
        (With<StatusLine>, Without<FenLine>, Without<BoxCount>),
    >,
    saving: Query<'w, 's, &'static mut Node, With<SavingLine>>,
    levels: Query<'w, 's, &'static mut Visibility, With<LevelRow>>,
    fresh: Query<'w, 's, (), Added<StatusLine>>,
}

/// The toggles: a piece picked, the side to move, the mode, the level.
type Toggles<'w, 's> = Query<
    'w,
    's,
    (
        &'static mut Toggled,
        Option<&'static BoxPiece>,
        Option<&'static SideButton>,
        Option<&'static ModeButton>,
        Option<&'static LevelButton>,
        Option<&'static TierButton>,
    ),
>;

/// Counts, toggles, the FEN, the verdict, and the actions a valid position allows.
pub(super) fn show_panel(
    mut commands: Commands,
    editor: Res<Editor>,
    picked: Res<Picked>,
    lang: CurrentLang,
    mut parts: BoxParts,
    mut toggles: Toggles,
    mut lines: Lines,
    actions: Query<(Entity, &NeedsValid, Has<Button>, &Children)>,
    mut texts: Query<&mut TextColor, (Without<BoxCount>, Without<StatusLine>)>,
) {
    if !editor.is_changed() && !picked.is_changed() && !lang.is_changed() && lines.fresh.is_empty()
    {
        return;
    }
    show_box(&editor, &mut parts);
    show_toggles(&editor, &picked, &mut toggles);
    let st = editor.status();
    show_lines(&editor, &st, *lang, &mut lines);
    // An action a position does not allow is greyed, left out of Tab, and
    // does nothing.
    let on = st.valid();
    for (e, needs, is_button, children) in &actions {
        if on != is_button {
            if on {
                commands.entity(e).insert((
                    Button,
                    OnPress::send(needs.0),
                    BackgroundColor(palette::BUTTON),
                ));
            } else {
                commands.entity(e).remove::<(Button, OnPress)>().insert((
                    BackgroundColor(palette::BUTTON.with_alpha(0.35)),
                    Interaction::None,
                ));
            }
        }
        for child in children.iter() {
            if let Ok(mut c) = texts.get_mut(child) {
                let want = if on {
                    palette::TEXT
                } else {
                    palette::TEXT_DIM.with_alpha(0.55)
                };
                c.set_if_neq(TextColor(want));
            }
        }
    }
}

/// Only the steps of the chosen level's group are shown.
pub(super) fn show_level_steps(
    editor: Res<Editor>,
    mut steps: Query<(&LevelButton, &mut Node)>,
    fresh: Query<(), Added<LevelButton>>,
) {
    if !editor.is_changed() && fresh.is_empty() {
        return;
    }
    let chosen = Level::new(editor.level);
    for (step, mut node) in &mut steps {
        let same = chosen
            .zip(Level::new(step.0))
            .is_some_and(|(c, l)| c.same_tier(l));
        set_display(&mut node, same);
    }
}

/// How many of each piece are left; an empty one's disc faded.
fn show_box(editor: &Editor, parts: &mut BoxParts) {
    for (count, mut text, mut color) in &mut parts.counts {
        let n = editor.setup.in_box(count.0);
        let want = format!("×{n}");
        text.set_if_neq(Text(want));
        let c = if n == 0 {
            palette::TEXT_DIM.with_alpha(0.6)
        } else {
            palette::TEXT
        };
        color.set_if_neq(TextColor(c));
    }
    for (disc, mut face, mut rim) in &mut parts.discs {
        let alpha = if editor.setup.in_box(disc.0) == 0 {
            0.35
        } else {
            1.0
        };
        face.0.set_alpha(alpha);
        let want = BorderColor::all(palette::PIECE_RIM.with_alpha(alpha));
        rim.set_if_neq(want);
    }
}

fn show_toggles(editor: &Editor, picked: &Picked, toggles: &mut Toggles) {
    let chosen = Level::new(editor.level);
    for (mut toggled, piece, side, mode, level, tier) in toggles {
        let on = if let Some(p) = piece {
            picked.0 == Some(p.0)
        } else if let Some(s) = side {
            editor.setup.side_to_move == s.0
        } else if let Some(m) = mode {
            editor.mode == m.0
        } else if let Some(l) = level {
            editor.level == l.0
        } else if let Some(t) = tier {
            chosen.is_some_and(|c| c.same_tier(t.0))
        } else {
            continue;
        };
        toggled.set_if_neq(Toggled(on));
    }
}

/// The FEN, the verdict on it, the saving note, the level row.
fn show_lines(editor: &Editor, st: &EditorStatus, lang: Lang, lines: &mut Lines) {
    for mut text in &mut lines.fen {
        text.set_if_neq(Text(st.fen.clone()));
    }
    let (line, color) = match &st.error {
        None => (
            format!(
                "✓ {} · {}",
                Phrase::PositionValid.get(lang),
                side_to_move(editor.setup.side_to_move, lang)
            ),
            palette::GOOD_TEXT,
        ),
        Some(e) => (
            format!("{}: {e}", Phrase::PositionInvalid.get(lang)),
            palette::BAD_TEXT,
        ),
    };
    for (mut text, mut c) in &mut lines.status {
        text.set_if_neq(Text(line.clone()));
        c.set_if_neq(TextColor(color));
    }
    for mut node in &mut lines.saving {
        set_display(&mut node, editor.saving());
    }
    // No AI for two players: the levels are hidden, keeping their place so
    // the buttons below stay where they were.
    for mut vis in &mut lines.levels {
        let want = if editor.mode == Mode::Hotseat {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        vis.set_if_neq(want);
    }
}

/// "新手 1 · 等级分 1042" after the level buttons.
pub(super) fn show_level_name(
    editor: Res<Editor>,
    lang: CurrentLang,
    mut texts: Query<&mut Text, With<super::panel::LevelChosenText>>,
) {
    let info = crate::game::play::ai::level_info(editor.level);
    let name = level_name(
        crate::engine::Level::new(info.level).unwrap_or_default(),
        *lang,
    );
    let want = format!(
        "{name} · {} {}",
        Phrase::LevelRating.get(*lang),
        info.rating
    );
    for mut text in &mut texts {
        if text.0 != want {
            text.0 = want.clone();
        }
    }
}
