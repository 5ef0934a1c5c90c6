//! The evaluation bar (a setting): a thin vertical bar beside the board
//! showing the AI's latest evaluation from Red's point of view — red fills
//! from Red's side of the board, with the score above it (`+1.3`, `M3` for
//! a mate in three, `−M2` when Black mates).
//!
//! The score comes from the AI's progress reports ([`AiState::last_report`]),
//! which are from the searching side's point of view; a game without an AI
//! shows an even, dimmed bar.

use crate::engine::Score;
use crate::game::board::layout::BoardLayout;
use crate::game::play::ai::AiState;
use crate::game::play::analysis::Analysis;
use crate::game::play::session::{BoardChanged, Session};
use crate::game::settings::UserSettings;
use crate::game::theme::shape::{Shape, hidden, sized};
use crate::game::theme::{Fonts, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::Color as Side;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Playing), (forget_report, spawn_bar))
        .add_systems(
            Update,
            (forget_on_new_game, show_bar)
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Bar width in pixels.
const WIDTH: f32 = 16.0;
/// The score's box above the bar: wide enough for `−M12`, in pixels.
const LABEL: Vec2 = Vec2::new(46.0, 20.0);
/// Space kept between the score, the bar and the window's edges.
const GAP: f32 = 3.0;

/// An evaluation from Red's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedEval {
    /// Centipawns, positive when Red is better.
    Cp(i32),
    /// Mate in this many moves: positive when Red mates.
    Mate(i32),
}

impl RedEval {
    /// From an engine [`Score`] seen by the side to move.
    pub fn from_score(score: Score, side_to_move: Side) -> RedEval {
        let flip = if side_to_move == Side::Red { 1 } else { -1 };
        match score {
            Score::Cp(cp) => RedEval::Cp(cp * flip),
            // Mated now (0) counts as mated in one for the bar.
            Score::Mate(n) => RedEval::Mate(if n > 0 { n * flip } else { (n.min(-1)) * flip }),
        }
    }

    /// How much of the bar is red, 0..=1.
    pub fn red_share(self) -> f32 {
        match self {
            RedEval::Mate(n) if n > 0 => 1.0,
            RedEval::Mate(_) => 0.0,
            // The expected score, as every shown score promises it: a
            // chariot up (about +3.6) is nearly all of the bar.
            RedEval::Cp(cp) => {
                let share = crate::engine::review::expected(crate::engine::Score::Cp(cp)) as f32;
                share.clamp(0.03, 0.97)
            }
        }
    }

    /// `+1.3`, `−0.4`, `M3`, `−M2`.
    pub fn label(self) -> String {
        match self {
            RedEval::Cp(cp) => {
                let p = cp as f32 / 100.0;
                if p.abs() < 0.05 {
                    "0.0".into()
                } else if p > 0.0 {
                    format!("+{p:.1}")
                } else {
                    format!("−{:.1}", -p)
                }
            }
            RedEval::Mate(n) if n > 0 => format!("M{n}"),
            RedEval::Mate(n) => format!("−M{}", -n),
        }
    }
}

#[derive(Component)]
struct EvalBar;

#[derive(Component)]
struct EvalFill;

#[derive(Component)]
struct EvalLabel;

fn forget_report(mut ai: ResMut<AiState>) {
    ai.last_report = None;
}

/// A new game (position back at its start) forgets the old evaluation.
fn forget_on_new_game(
    mut changes: MessageReader<BoardChanged>,
    session: Res<Session>,
    mut ai: ResMut<AiState>,
) {
    let reset = changes.read().any(|c| *c == BoardChanged::Reset);
    if reset && session.game.ply() == 0 && ai.last_report.is_some() && !ai.thinking() {
        ai.last_report = None;
    }
}

fn spawn_bar(mut commands: Commands, fonts: Res<Fonts>) {
    commands.spawn((
        EvalBar,
        hidden()
            .position_type(PositionType::Absolute)
            .width(Val::Px(WIDTH))
            .flex_direction(FlexDirection::Column)
            .border(UiRect::all(Val::Px(1.0)))
            .border_radius(BorderRadius::all(Val::Px(3.0))),
        BackgroundColor(palette::BLACK_INK),
        BorderColor::all(palette::FRAME),
        Pickable::IGNORE,
        DespawnOnExit(Screen::Playing),
        children![(
            EvalFill,
            sized(Val::Percent(100.0), Val::Percent(50.0)),
            BackgroundColor(palette::RED_INK),
            Pickable::IGNORE,
        )],
    ));
    // The score in a box of its own, readable over the board's edge.
    commands.spawn((
        EvalLabel,
        Text::new(""),
        fonts.ui(13.0),
        TextColor(palette::TEXT),
        TextLayout::justify(Justify::Center),
        hidden()
            .position_type(PositionType::Absolute)
            .width(Val::Px(LABEL.x))
            .height(Val::Px(LABEL.y))
            .border_radius(BorderRadius::all(Val::Px(4.0))),
        BackgroundColor(palette::BLACK_INK.with_alpha(0.85)),
        Pickable::IGNORE,
        DespawnOnExit(Screen::Playing),
    ));
}

fn show_bar(
    settings: Res<UserSettings>,
    layout: Res<BoardLayout>,
    session: Res<Session>,
    ai: Res<AiState>,
    analysis: Res<Analysis>,
    mut bar: Query<
        (&mut Node, &mut BackgroundColor, &mut BorderColor),
        (With<EvalBar>, Without<EvalFill>, Without<EvalLabel>),
    >,
    mut fill: Query<(&mut Node, &mut BackgroundColor), (With<EvalFill>, Without<EvalBar>)>,
    mut label: Query<
        (&mut Node, &mut Text),
        (With<EvalLabel>, Without<EvalBar>, Without<EvalFill>),
    >,
) {
    // The analysis, when it runs, speaks for the position shown.
    let show = settings.show_eval_bar || analysis.is_on();
    let eval = shown_eval(&analysis, &ai);
    let place = bar_place(&layout);
    let (x, top, height) = (place.bar.min.x, place.bar.min.y, place.bar.height());
    for (mut node, mut bg, mut border) in &mut bar {
        set_display(&mut node, show);
        let want = (Val::Px(x), Val::Px(top), Val::Px(height));
        if (node.left, node.top, node.height) != want {
            (node.left, node.top, node.height) = want;
        }
        // Red's side is at the bottom unless the board is turned.
        let dir = if session.flipped {
            FlexDirection::Column
        } else {
            FlexDirection::ColumnReverse
        };
        if node.flex_direction != dir {
            node.flex_direction = dir;
        }
        let dark = if eval.is_some() {
            palette::BLACK_INK
        } else {
            palette::BLACK_INK.with_alpha(0.4)
        };
        bg.set_if_neq(BackgroundColor(dark));
        let edge = BorderColor::all(palette::FRAME);
        border.set_if_neq(edge);
    }
    let share = eval.map_or(0.5, RedEval::red_share);
    for (mut node, mut bg) in &mut fill {
        let want = Val::Percent(share * 100.0);
        if node.height != want {
            node.height = want;
        }
        let red = if eval.is_some() {
            palette::RED_INK
        } else {
            palette::RED_INK.with_alpha(0.4)
        };
        bg.set_if_neq(BackgroundColor(red));
    }
    for (mut node, mut text) in &mut label {
        set_display(&mut node, show);
        let want = (Val::Px(place.label.x), Val::Px(place.label.y));
        if (node.left, node.top) != want {
            (node.left, node.top) = want;
        }
        let s = eval.map_or_else(|| "–".to_string(), RedEval::label);
        text.set_if_neq(Text(s));
    }
}

/// The evaluation of the position shown: the analysis' when it runs, else
/// the AI's last search's.
fn shown_eval(analysis: &Analysis, ai: &AiState) -> Option<RedEval> {
    let analysed = analysis
        .lines()
        .first()
        .zip(analysis.position())
        .map(|(line, pos)| RedEval::from_score(line.score, pos.side_to_move()));
    analysed.or_else(|| {
        ai.last_report
            .as_ref()
            .filter(|(_, p)| p.depth > 0)
            .map(|(pos, p)| RedEval::from_score(p.score, pos.side_to_move()))
    })
}

/// Where the bar and its score go, in UI pixels (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Place {
    /// The bar.
    bar: Rect,
    /// The score's box: its top-left corner.
    label: Vec2,
}

/// The bar spans the grid's height beside the board, outside it if there
/// is room, else on its left margin; the score sits above it, whole inside
/// the window (the bar starts lower when the grid starts near the top).
fn bar_place(layout: &BoardLayout) -> Place {
    let grid_half = Vec2::new(4.0, 4.5) * layout.cell;
    let board_half = layout.board_size() / 2.0;
    let ui_center = layout.ui_of(layout.center);
    let board_left = ui_center.x - board_half.x;
    let x = if board_left - layout.board_area.min.x >= WIDTH + 12.0 {
        board_left - WIDTH - 8.0
    } else {
        ui_center.x - grid_half.x - 0.85 * layout.cell - WIDTH / 2.0
    };
    let grid = (ui_center.y - grid_half.y, ui_center.y + grid_half.y);
    let top = grid.0.max(LABEL.y + 2.0 * GAP);
    let label_x = (x + WIDTH / 2.0 - LABEL.x / 2.0).clamp(GAP, layout.window.x - LABEL.x - GAP);
    Place {
        bar: Rect::new(x, top, x + WIDTH, grid.1.max(top + 4.0 * WIDTH)),
        label: Vec2::new(label_x, top - LABEL.y - GAP),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_to_reds_point_of_view() {
        assert_eq!(
            RedEval::from_score(Score::Cp(120), Side::Red),
            RedEval::Cp(120)
        );
        // Black to move and mating: Red is mated.
        assert_eq!(
            RedEval::from_score(Score::Mate(1), Side::Black),
            RedEval::Mate(-1)
        );
        assert_eq!(
            RedEval::from_score(Score::Mate(3), Side::Red),
            RedEval::Mate(3)
        );
        assert_eq!(
            RedEval::from_score(Score::Cp(50), Side::Black),
            RedEval::Cp(-50)
        );
        assert_eq!(
            RedEval::from_score(Score::Mate(2), Side::Black),
            RedEval::Mate(-2)
        );
        assert_eq!(
            RedEval::from_score(Score::Mate(0), Side::Red),
            RedEval::Mate(-1)
        );
    }

    #[test]
    fn the_score_is_whole_inside_the_window_at_every_size() {
        for size in [
            Vec2::new(1280.0, 900.0),
            Vec2::new(800.0, 600.0),
            Vec2::new(640.0, 900.0),
            Vec2::new(1920.0, 1080.0),
            Vec2::new(500.0, 400.0),
        ] {
            let layout = BoardLayout::for_window(size);
            let p = bar_place(&layout);
            let label = Rect::from_corners(p.label, p.label + LABEL);
            let window = Rect::from_corners(Vec2::ZERO, size);
            assert!(
                window.contains(label.min) && window.contains(label.max),
                "{size}: {p:?}"
            );
            assert!(
                window.contains(p.bar.min) && window.contains(p.bar.max),
                "{size}: {p:?}"
            );
            // The score above the bar, not on it; the bar as tall as most of the grid.
            assert!(label.max.y <= p.bar.min.y, "{size}: {p:?}");
            assert!(p.bar.height() >= 7.0 * layout.cell, "{size}: {p:?}");
        }
    }

    #[test]
    fn the_bar_leans_towards_the_better_side() {
        assert_eq!(RedEval::Cp(0).red_share(), 0.5);
        assert!(RedEval::Cp(300).red_share() > 0.7);
        assert!(RedEval::Cp(-300).red_share() < 0.3);
        assert_eq!(RedEval::Mate(2).red_share(), 1.0);
        assert_eq!(RedEval::Cp(5000).red_share(), 0.97);
        assert_eq!(RedEval::Cp(130).label(), "+1.3");
        assert_eq!(RedEval::Cp(-40).label(), "−0.4");
        assert_eq!(RedEval::Mate(-2).label(), "−M2");
    }
}
