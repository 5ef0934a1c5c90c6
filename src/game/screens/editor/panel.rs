//! The editor's panel, as spawned: the title and the hint, the box of
//! pieces of both sides, Clear / Start position / Flip, who moves first,
//! the FEN and the verdict, the mode and level to play with, the actions a
//! valid position allows, the opening explorer, Back. [`super::show`] keeps it up to date.

use super::place::Placement;
use super::{BoxPiece, Look, PickUp, board};
use crate::engine::Level;
use crate::game::Mode;
use crate::game::i18n::{Lang, Phrase, tier_name};
use crate::game::play::editor::{Editor, EditorCommand};
use crate::game::play::explorer::ExplorerCommand;
use crate::game::theme::layout::{Orientation, column, divider, heading, title, wrapping_row};
use crate::game::theme::scale::Scale;
use crate::game::theme::shape::{Shape, hidden, plain, sized, spacer};
use crate::game::theme::{
    Fonts, OnPress, Toggled, WheelScrolls, button, button_box, label, palette,
};
use crate::rules::setup::Setup;
use crate::rules::{Color as Side, Piece};
use bevy::prelude::*;

/// The modes offered for Play, with their short names.
const MODES: [(Mode, Phrase); 4] = [
    (Mode::Red, Phrase::ModeRedShort),
    (Mode::Black, Phrase::ModeBlackShort),
    (Mode::Hotseat, Phrase::ModeHotseat),
    (Mode::AiVsAi, Phrase::ModeAiVsAi),
];

/// The disc of a piece in the box (faded when none is left).
#[derive(Component, Clone, Copy)]
pub(super) struct BoxDisc(pub Piece);

/// How many of a piece are left in the box.
#[derive(Component, Clone, Copy)]
pub(super) struct BoxCount(pub Piece);

#[derive(Component, Clone, Copy)]
pub(super) struct SideButton(pub Side);

#[derive(Component, Clone, Copy)]
pub(super) struct ModeButton(pub Mode);

/// A step of a group (shown while the chosen level is in that group).
#[derive(Component, Clone, Copy)]
pub(super) struct LevelButton(pub u8);

/// A group of levels (its first level).
#[derive(Component, Clone, Copy)]
pub(super) struct TierButton(pub Level);

/// The level row (hidden for two players).
#[derive(Component)]
pub(super) struct LevelRow;

/// The chosen level's name and rating, after its buttons.
#[derive(Component)]
pub(super) struct LevelChosenText;

#[derive(Component)]
pub(super) struct FenLine;

#[derive(Component)]
pub(super) struct StatusLine;

#[derive(Component)]
pub(super) struct SavingLine;

/// A button offered only for a valid position.
#[derive(Component, Clone, Copy)]
pub(super) struct NeedsValid(pub EditorCommand);

/// The panel's box: a column that scrolls, where `g` puts the panel.
pub(super) fn panel_node(g: &Placement) -> impl Bundle + use<> {
    let s = Scale(g.s);
    (
        column(s.px(9.0))
            .position_type(PositionType::Absolute)
            .left(Val::Px(g.panel.min.x))
            .top(Val::Px(g.panel.min.y))
            .width(Val::Px(g.panel.width()))
            .height(Val::Px(g.panel.height()))
            .align_items(AlignItems::Stretch)
            .padding(UiRect::axes(Val::Px(s.px(14.0)), Val::Px(s.px(12.0))))
            .overflow(Overflow::scroll_y()),
        ScrollPosition::default(),
        WheelScrolls,
        BackgroundColor(palette::PANEL),
    )
}

/// A row of the panel: it wraps, its items centred across.
fn panel_row(gap: f32) -> impl Bundle {
    (
        wrapping_row(gap)
            .align_items(AlignItems::Center)
            .flex_shrink(0.0),
        Pickable::IGNORE,
    )
}

/// Everything in the panel, top to bottom.
pub(super) fn spawn_panel(
    panel: &mut ChildSpawnerCommands,
    look: &Look,
    editor: &Editor,
    g: &Placement,
) {
    let lang = *look.lang;
    let fonts = &*look.fonts;
    let s = Scale(g.s);
    panel.spawn(title(Phrase::EditorTitle, lang, fonts.ui(s.px(24.0))));
    panel.spawn(label(
        Phrase::EditorHint,
        lang,
        fonts.ui(s.px(13.0).max(11.0)),
        palette::TEXT_DIM,
    ));
    // The box: the side at the top of the board first.
    let sides = if editor.flipped {
        [Side::Red, Side::Black]
    } else {
        [Side::Black, Side::Red]
    };
    for side in sides {
        spawn_box_row(panel, side, look, g);
    }
    panel.spawn(tools_row(lang, fonts, s));
    panel.spawn(side_row(lang, fonts, s));
    panel.spawn(fen_line(fonts, s));
    panel.spawn((
        StatusLine,
        Text::new(""),
        fonts.ui(s.px(15.0).max(12.0)),
        TextColor(palette::TEXT),
        Pickable::IGNORE,
    ));
    panel.spawn(divider(
        Orientation::Horizontal,
        None,
        0.0,
        palette::CARD_BORDER,
    ));
    panel.spawn(mode_row(lang, fonts, s));
    panel.spawn(level_row(lang, fonts, s));
    panel.spawn(actions_row(lang, fonts, s));
    panel.spawn((
        SavingLine,
        label(
            Phrase::SavingPuzzle,
            lang,
            fonts.ui(s.px(13.0).max(11.0)),
            palette::ACCENT,
        ),
        hidden(),
    ));
    // What is left of the height, so Back stays at the foot.
    panel.spawn((spacer(), Pickable::IGNORE));
    panel.spawn((
        panel_row(0.0),
        children![button(
            Phrase::Back,
            lang,
            fonts,
            s.px(17.0).max(13.0),
            OnPress::send(EditorCommand::Back),
        )],
    ));
}

/// Clear, Start position, Flip.
fn tools_row(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let btn = |t: Phrase, c: EditorCommand| {
        button(t, lang, fonts, s.px(15.0).max(12.0), OnPress::send(c))
    };
    (
        panel_row(s.px(6.0)),
        children![
            btn(Phrase::ClearBoard, EditorCommand::Clear),
            btn(Phrase::StartPosition, EditorCommand::StartPosition),
            btn(Phrase::Flip, EditorCommand::Flip),
        ],
    )
}

/// Who moves first: Red, Black.
fn side_row(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let px = s.px(15.0).max(12.0);
    let side = |side: Side, name: Phrase| {
        (
            button(
                name,
                lang,
                fonts,
                px,
                OnPress::send(EditorCommand::SideToMove(side)),
            ),
            SideButton(side),
        )
    };
    (
        panel_row(s.px(6.0)),
        children![
            heading(Phrase::SideToMove, lang, fonts.ui(px)),
            side(Side::Red, Phrase::Red),
            side(Side::Black, Phrase::Black),
        ],
    )
}

/// The position's FEN, broken anywhere to fit.
fn fen_line(fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    (
        FenLine,
        Text::new(""),
        fonts.ui(s.px(13.0).max(11.0)),
        TextColor(palette::TEXT),
        TextLayout {
            linebreak: LineBreak::AnyCharacter,
            ..default()
        },
        plain()
            .padding(UiRect::axes(Val::Px(s.px(8.0)), Val::Px(s.px(5.0))))
            .border_radius(BorderRadius::all(Val::Px(5.0))),
        BackgroundColor(palette::BACKGROUND.with_alpha(0.7)),
        Pickable::IGNORE,
    )
}

/// The mode to play the position in.
fn mode_row(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let px = s.px(14.0).max(11.0);
    let fonts = fonts.clone();
    (
        panel_row(s.px(5.0)),
        Children::spawn(SpawnIter(MODES.into_iter().map(move |(mode, text)| {
            (
                button(
                    text,
                    lang,
                    &fonts,
                    px,
                    OnPress::send(EditorCommand::Mode(mode)),
                ),
                ModeButton(mode),
            )
        }))),
    )
}

/// The AI's level (hidden for two players): the groups (入门 … 特级大师),
/// then the steps of the chosen level's group, then its name and rating.
fn level_row(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let px = s.px(14.0).max(11.0);
    let side = s.px(26.0).max(20.0);
    let difficulty = heading(Phrase::Difficulty, lang, fonts.ui(px));
    let fonts_chosen = fonts.clone();
    let fonts_tiers = fonts.clone();
    let fonts = fonts.clone();
    let tier = move |first: Level| {
        let name = tier_name(first, lang);
        (
            button_box(
                plain().padding(UiRect::axes(Val::Px(8.0), Val::Px(3.0))),
                name.to_string(),
                fonts_tiers.ui(px),
                (),
                OnPress::send(EditorCommand::Level(first.number())),
            ),
            TierButton(first),
        )
    };
    let step = move |level: Level| {
        let node = sized(Val::Px(side), Val::Px(side));
        (
            button_box(
                node,
                level.step_in_tier().to_string(),
                fonts.ui(px),
                (),
                OnPress::send(EditorCommand::Level(level.number())),
            ),
            LevelButton(level.number()),
        )
    };
    let chosen = (
        LevelChosenText,
        Text::new(""),
        fonts_chosen.ui(px),
        TextColor(palette::TEXT),
        TextLayout::no_wrap(),
        Pickable::IGNORE,
    );
    (
        LevelRow,
        Visibility::Inherited,
        column(s.px(5.0)).flex_shrink(0.0),
        Pickable::IGNORE,
        Children::spawn((
            Spawn((
                panel_row(s.px(4.0)),
                Children::spawn((
                    Spawn(difficulty),
                    SpawnIter(Level::tier_starts().into_iter().map(tier)),
                )),
            )),
            Spawn((
                panel_row(s.px(4.0)),
                Children::spawn((SpawnIter(Level::ALL.into_iter().map(step)), Spawn(chosen))),
            )),
        )),
    )
}

/// Play, Analyse, Copy FEN, Save as puzzle: for a valid position only.
fn actions_row(lang: Lang, fonts: &Fonts, s: Scale) -> impl Bundle + use<> {
    let px = s.px(16.0).max(12.0);
    let fonts = fonts.clone();
    let actions = [
        (Phrase::PlayPosition, EditorCommand::Play),
        (Phrase::AnalysePosition, EditorCommand::Analyse),
        (Phrase::CopyFen, EditorCommand::CopyFen),
        (Phrase::SaveAsPuzzle, EditorCommand::SaveAsPuzzle),
    ];
    (
        panel_row(s.px(6.0)),
        Children::spawn((
            SpawnIter(actions.into_iter().map({
                let fonts = fonts.clone();
                move |(t, c)| (button(t, lang, &fonts, px, OnPress::send(c)), NeedsValid(c))
            })),
            // The opening explorer for the arrangement (also E).
            Spawn(button(
                Phrase::Explorer,
                lang,
                &fonts,
                px,
                OnPress::send(ExplorerCommand::Toggle),
            )),
        )),
    )
}

/// One side's pieces in the box: each a button (click: pick it up; drag:
/// put it on the board) with how many are left.
fn spawn_box_row(panel: &mut ChildSpawnerCommands, side: Side, look: &Look, g: &Placement) {
    let fonts = &*look.fonts;
    let inner = g.panel.width() - 2.0 * Scale(g.s).px(14.0);
    // Seven tiles and their gaps across the panel.
    let tile = ((inner - 6.0 * 4.0) / 7.0).floor().clamp(30.0, 54.0);
    let d = (tile - 8.0).max(20.0);
    panel
        .spawn((
            plain().column_gap(Val::Px(4.0)).flex_shrink(0.0),
            Pickable::IGNORE,
        ))
        .with_children(|r| {
            for piece in Setup::palette(side) {
                r.spawn((
                    Button,
                    BoxPiece(piece),
                    column(1.0)
                        .width(Val::Px(tile))
                        .align_items(AlignItems::Center)
                        .padding(UiRect::all(Val::Px(3.0)))
                        .border(UiRect::all(Val::Px(1.0)))
                        .border_radius(BorderRadius::all(Val::Px(6.0))),
                    BackgroundColor(palette::BUTTON),
                    BorderColor::all(palette::BUTTON_BORDER),
                    Toggled(false),
                    OnPress::send(PickUp(piece)),
                    children![
                        (board::piece_disc(piece, d, look), BoxDisc(piece)),
                        (
                            BoxCount(piece),
                            Text::new(""),
                            fonts.ui(Scale(g.s).px(12.0).max(10.0)),
                            TextColor(palette::TEXT),
                            TextLayout::no_wrap(),
                            Pickable::IGNORE,
                        ),
                    ],
                ))
                .observe(board::on_drag_start)
                .observe(board::on_drag)
                .observe(board::on_drag_end);
            }
        });
}
