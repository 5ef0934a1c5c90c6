//! The side panel: a card for each player (who plays, whose move it is,
//! what they have captured), what the AI is thinking, the move list, and
//! the toolbar. Right of the board in wide windows, below it in tall ones.
//! Its children: the player cards, the toolbar, the move list with the
//! review buttons, the evaluation bar beside the board, a puzzle's card, a
//! lesson's card and the help card.

pub mod analysis;
pub mod clock;
pub mod comment_field;
pub mod eval_bar;
pub mod exercise_card;
pub mod explorer;
pub mod graph;
pub mod help;
pub mod lesson_card;
pub mod move_list;
pub mod my_puzzle_card;
pub mod player_cards;
pub mod puzzle_card;
pub mod review_card;
pub mod tactic_card;
pub mod toolbar;

use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Phrase, reason_text, result_text};
use crate::game::play::ai::AiState;
use crate::game::play::session::Session;
use crate::game::settings::CurrentLang;
use crate::game::theme::layout::column;
use crate::game::theme::shape::{Shape, hidden, plain};
use crate::game::theme::{Fonts, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::notation::ChineseStyle;
use crate::rules::{Move, Position, to_chinese};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        move_list::plugin,
        eval_bar::plugin,
        puzzle_card::plugin,
        toolbar::plugin,
        player_cards::plugin,
        help::plugin,
    ));
    app.add_plugins((analysis::plugin, explorer::plugin));
    app.add_plugins(comment_field::plugin);
    app.add_plugins((review_card::plugin, graph::plugin, my_puzzle_card::plugin));
    app.add_plugins((clock::plugin, lesson_card::plugin, tactic_card::plugin));
    app.add_systems(OnEnter(Screen::Playing), spawn_panel)
        .add_systems(
            Update,
            (
                place_panel,
                refresh_panel::<false>.run_if(not(in_state(crate::game::play::Play::Course))),
                // A page's or a lesson task's board is no draw by the rules:
                // the lesson's card says how it stands.
                refresh_panel::<true>.run_if(in_state(crate::game::play::Play::Course)),
            )
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Docks each new (parentless) card marked `C` as the first child of the
/// column marked `S`. Cards are spawned on their own and docked a frame
/// later, when the panel they go into exists.
pub(crate) fn dock_first<C: Component, S: Component>(
    mut commands: Commands,
    cards: Query<Entity, (With<C>, Without<ChildOf>)>,
    slots: Query<Entity, With<S>>,
) {
    if let Ok(slot) = slots.single() {
        for card in &cards {
            commands.entity(slot).insert_children(0, &[card]);
        }
    }
}

/// [`dock_first`], but as the column's last child.
pub(crate) fn dock_last<C: Component, S: Component>(
    mut commands: Commands,
    cards: Query<Entity, (With<C>, Without<ChildOf>)>,
    slots: Query<Entity, With<S>>,
) {
    if let Ok(slot) = slots.single() {
        for card in &cards {
            commands.entity(slot).add_child(card);
        }
    }
}

/// The panel's column of information (a puzzle's card docks at its top).
#[derive(Component)]
pub struct InfoColumn;

/// Texts the panel refreshes.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Field {
    /// The result, once the game is over.
    Result,
    Ai,
    Line,
}

fn spawn_panel(mut commands: Commands, fonts: Res<Fonts>) {
    commands.spawn((
        Part::Root,
        plain()
            .position_type(PositionType::Absolute)
            .padding(UiRect::all(Val::Px(14.0)))
            .column_gap(Val::Px(14.0))
            .row_gap(Val::Px(10.0))
            .overflow(Overflow::clip())
            .border(UiRect::left(Val::Px(1.0))),
        BackgroundColor(palette::PANEL),
        BorderColor::all(palette::CARD_BORDER),
        DespawnOnExit(Screen::Playing),
        children![
            (
                InfoColumn,
                Part::Info,
                column(6.0)
                    .min_width(Val::Px(0.0))
                    .min_height(Val::Px(0.0))
                    .overflow(Overflow::clip()),
                Pickable::IGNORE,
                children![
                    player_cards::player_cards(),
                    field(Field::Result, &fonts, 20.0, palette::ACCENT),
                    field(Field::Ai, &fonts, 15.0, palette::ACCENT),
                    field(Field::Line, &fonts, 15.0, palette::TEXT_DIM),
                ],
            ),
            // The move list and its review buttons (move_list.rs): under the
            // information in a side panel, a column of its own in a bottom panel.
            (crate::game::panel::move_list::slot(), Part::Moves),
            (toolbar::toolbar(), Part::Buttons),
        ],
    ));
}

fn field(field: Field, fonts: &Fonts, px: f32, color: Color) -> impl Bundle {
    (
        field,
        Text::new(""),
        fonts.ui(px),
        TextColor(color),
        hidden(),
        Pickable::IGNORE,
    )
}

/// The panel's parts, each placed differently beside and below the board.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Part {
    Root,
    Info,
    Moves,
    Buttons,
}

/// The height of the moves and their buttons beside the board in a lesson.
const LESSON_MOVES_PX: f32 = 130.0;

fn place_panel(
    layout: Res<BoardLayout>,
    mut parts: Query<(&Part, &mut Node)>,
    added: Query<(), Added<Part>>,
    lessons: Query<(), With<lesson_card::LessonCard>>,
    mut in_lesson: Local<bool>,
) {
    // A lesson's card takes the room the moves of a game would (a lesson's
    // moves are few): its outline of the lesson fills it.
    let lesson = !lessons.is_empty();
    if !layout.is_changed() && added.is_empty() && lesson == *in_lesson {
        return;
    }
    *in_lesson = lesson;
    let p = layout.panel;
    let side = layout.panel_right;
    for (part, mut node) in &mut parts {
        match part {
            Part::Root => {
                node.left = Val::Px(p.min.x);
                node.top = Val::Px(p.min.y);
                node.width = Val::Px(p.width());
                node.height = Val::Px(p.height());
                node.flex_direction = if side {
                    FlexDirection::Column
                } else {
                    FlexDirection::Row
                };
                node.border = if side {
                    UiRect::left(Val::Px(1.0))
                } else {
                    UiRect::top(Val::Px(1.0))
                };
            }
            // Beside the board the panel is a column: the cards at their natural
            // height, the move list taking what is left, the toolbar at the foot.
            // Below the board it is a row of three columns: cards, moves, toolbar.
            // The information gives way (clipped) before the toolbar in a very short window.
            Part::Info => {
                // Below the board the cards get the larger share: a name, who
                // plays and a clock side by side.
                node.flex_grow = if !side {
                    1.25
                } else if lesson {
                    1.0
                } else {
                    0.0
                };
                node.flex_basis = if side { Val::Auto } else { Val::Px(0.0) };
                // A lesson's card gives way (clipped) before the moves' buttons.
                node.flex_shrink = if side && !lesson { 0.0 } else { 1.0 };
            }
            Part::Moves => {
                // In a lesson: a few rows, the steps and a hint's line.
                let few = side && lesson;
                node.flex_grow = if few { 0.0 } else { 1.0 };
                node.flex_basis = Val::Px(if few { LESSON_MOVES_PX } else { 0.0 });
                node.flex_shrink = if few { 0.0 } else { 1.0 };
                node.min_width = Val::Px(0.0);
            }
            Part::Buttons => {
                node.width = if side {
                    Val::Percent(100.0)
                } else {
                    Val::Px(4.0 * (toolbar::TOOL_PX + 5.0) + 14.0)
                };
                node.flex_shrink = 0.0;
            }
        }
    }
}

/// A line of moves from `pos` in Chinese notation (in the move list's characters),
/// as far as it stays legal.
pub fn line_text(pos: &Position, line: &[Move], style: ChineseStyle) -> String {
    let mut pos = *pos;
    let mut out = Vec::new();
    for &m in line.iter().take(8) {
        if !pos.is_legal(m) {
            break;
        }
        out.push(to_chinese(&pos, m, style));
        pos.make(m);
    }
    out.join(" ")
}

fn refresh_panel<const LESSON: bool>(
    session: Res<Session>,
    lang: CurrentLang,
    ai: Res<AiState>,
    time: Res<Time>,
    mut texts: Query<(&Field, &mut Text, &mut Node)>,
    settings: Option<Res<crate::game::settings::UserSettings>>,
) {
    let lang = *lang;
    let style = crate::game::play::move_list::list_style(settings.as_deref()).1;
    let outcome = if LESSON { None } else { session.ended() };
    for (field, mut text, mut node) in &mut texts {
        let want = match field {
            Field::Result => match &outcome {
                Some(o) => result_text(o, lang).to_string(),
                None => String::new(),
            },
            Field::Ai => {
                if let Some(search) = ai.search() {
                    let secs = time.elapsed_secs_f64() - search.started_at();
                    let depth = search.latest().depth;
                    if search.latest().starting {
                        format!("{} {secs:.1} s", Phrase::EngineStarting.get(lang))
                    } else if depth > 0 {
                        format!(
                            "{}… {secs:.1} s · {} {depth}",
                            Phrase::Thinking.get(lang),
                            Phrase::Depth.get(lang)
                        )
                    } else {
                        format!("{}… {secs:.1} s", Phrase::Thinking.get(lang))
                    }
                } else if session.paused && !LESSON {
                    Phrase::Paused.get(lang).to_string()
                } else if let Some(o) = &outcome {
                    reason_text(&o.reason, lang)
                } else {
                    String::new()
                }
            }
            Field::Line => match ai.search() {
                Some(search) if !search.latest().pv.is_empty() => format!(
                    "{}: {}",
                    Phrase::BestLine.get(lang),
                    line_text(search.position(), &search.latest().pv, style)
                ),
                _ => String::new(),
            },
        };
        set_display(&mut node, !want.is_empty());
        text.set_if_neq(Text(want));
    }
}
