//! The side panel: whose turn, who plays, what the AI is thinking, and the
//! game buttons. Right of the board in wide windows, below it in tall ones.
//! Its children: the move list with the review and record buttons, the
//! evaluation bar beside the board, and a puzzle's card.

pub mod clock;
pub mod eval_bar;
pub mod move_list;
pub mod puzzle_card;

use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase as T, reason_text, result_text, side_name};
use crate::game::play::Play;
use crate::game::play::ai::{AiState, level_info};
use crate::game::play::session::{GameCommand, Player, Session};
use crate::game::theme::{Fonts, Label, OnPress, button, label, palette, set_display};
use crate::game::{GameSet, Mode, Screen};
use crate::rules::notation::ChineseStyle;
use crate::rules::{Color as Side, Move, Position, to_chinese};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((move_list::plugin, eval_bar::plugin, puzzle_card::plugin));
    app.add_plugins(clock::plugin);
    app.add_systems(OnEnter(Screen::Playing), spawn_panel)
        .add_systems(
            Update,
            (place_panel, refresh_panel)
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// The panel's column of information (a puzzle's card docks at its top).
#[derive(Component)]
pub struct InfoColumn;

/// A game button of the panel (some show only in some games).
#[derive(Component, Clone, Copy)]
struct PanelButton(GameCommand);

/// Texts the panel refreshes.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Field {
    Turn,
    TurnDot,
    Player(Side),
    Ai,
    Line,
}

fn spawn_panel(mut commands: Commands, fonts: Res<Fonts>, lang: Res<Lang>) {
    let lang = *lang;
    let btn = |t: T, cmd: GameCommand| {
        (
            button(t, lang, &fonts, 17.0, OnPress::send(cmd)),
            PanelButton(cmd),
        )
    };
    commands.spawn((
        Part::Root,
        Node {
            position_type: PositionType::Absolute,
            padding: UiRect::all(Val::Px(16.0)),
            column_gap: Val::Px(16.0),
            row_gap: Val::Px(10.0),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(palette::PANEL),
        DespawnOnExit(Screen::Playing),
        children![
            (
                InfoColumn,
                Part::Info,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: Val::Px(8.0),
                    min_width: Val::Px(0.0),
                    min_height: Val::Px(0.0),
                    overflow: Overflow::clip(),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (
                        Part::Title,
                        label(T::Title, lang, fonts.ui(30.0), palette::ACCENT)
                    ),
                    (
                        Node {
                            align_items: AlignItems::Center,
                            column_gap: Val::Px(8.0),
                            ..default()
                        },
                        Pickable::IGNORE,
                        children![
                            (
                                Field::TurnDot,
                                Node {
                                    width: Val::Px(16.0),
                                    height: Val::Px(16.0),
                                    border_radius: BorderRadius::MAX,
                                    border: UiRect::all(Val::Px(2.0)),
                                    ..default()
                                },
                                BorderColor::all(palette::PIECE_FACE),
                                BackgroundColor(palette::RED_INK),
                                Pickable::IGNORE,
                            ),
                            (
                                Field::Turn,
                                Text::new(""),
                                fonts.ui(22.0),
                                TextColor(palette::TEXT),
                                Pickable::IGNORE,
                            ),
                        ],
                    ),
                    field(Field::Player(Side::Red), &fonts, 17.0, palette::TEXT),
                    crate::game::panel::clock::clock_face(Side::Red, &fonts),
                    field(Field::Player(Side::Black), &fonts, 17.0, palette::TEXT),
                    crate::game::panel::clock::clock_face(Side::Black, &fonts),
                    field(Field::Ai, &fonts, 16.0, palette::ACCENT),
                    field(Field::Line, &fonts, 16.0, palette::TEXT_DIM),
                ],
            ),
            // The move list and its review and record buttons (movelist.rs): under the
            // information in a side panel, a column of its own in a bottom panel.
            (crate::game::panel::move_list::slot(), Part::Moves),
            (
                Part::Buttons,
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    align_content: AlignContent::FlexStart,
                    column_gap: Val::Px(8.0),
                    row_gap: Val::Px(8.0),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    btn(T::Undo, GameCommand::Undo),
                    btn(T::Redo, GameCommand::Redo),
                    btn(T::Flip, GameCommand::Flip),
                    btn(T::NewGame, GameCommand::NewGame),
                    btn(T::Resign, GameCommand::Resign),
                    btn(T::Pause, GameCommand::TogglePause),
                    btn(T::Menu, GameCommand::Menu),
                    crate::game::screens::settings::open_button(lang, &fonts, 17.0),
                    (
                        label(T::ShortcutHint, lang, fonts.ui(13.0), palette::TEXT_DIM),
                        Node {
                            width: Val::Percent(100.0),
                            margin: UiRect::top(Val::Px(6.0)),
                            ..default()
                        },
                    ),
                ],
            ),
        ],
    ));
}

fn field(field: Field, fonts: &Fonts, px: f32, color: Color) -> impl Bundle {
    (
        field,
        Text::new(""),
        fonts.ui(px),
        TextColor(color),
        Pickable::IGNORE,
    )
}

/// The panel's parts, each placed differently beside and below the board.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Part {
    Root,
    Info,
    Title,
    Moves,
    Buttons,
}

fn place_panel(
    layout: Res<BoardLayout>,
    mut parts: Query<(&Part, &mut Node), (Without<PanelButton>, Without<Field>)>,
    mut fields: Query<(&Field, &mut Node), (Without<PanelButton>, Without<Part>)>,
    added: Query<(), Added<Part>>,
    session: Res<Session>,
    play: Res<State<Play>>,
    mut buttons: Query<(&PanelButton, &mut Node)>,
    mut placed_for: Local<Option<(bool, Mode, bool)>>,
    clock: Res<crate::game::play::clock::MatchClock>,
) {
    // Opening a file or a pasted game changes the mode and ends a puzzle
    // without a new panel; an ended game has nothing to resign.
    let over = session.game.outcome().is_some();
    let puzzle = *play.get() == Play::Puzzle;
    let game = (puzzle, session.setup.mode, over);
    if !layout.is_changed() && added.is_empty() && *placed_for == Some(game) && !clock.is_changed()
    {
        return;
    }
    *placed_for = Some(game);
    let ai_vs_ai = session.setup.mode == Mode::AiVsAi;
    for (b, mut node) in &mut buttons {
        let show = match b.0 {
            GameCommand::Resign => !ai_vs_ai && !over,
            GameCommand::TogglePause => ai_vs_ai || (clock.clock.is_some() && !over),
            _ => true,
        };
        set_display(&mut node, show);
    }
    // In a puzzle the card says who plays what; the player lines make room for the moves.
    for (field, mut node) in &mut fields {
        if let Field::Player(_) = field {
            set_display(&mut node, !puzzle);
        }
    }
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
            }
            // Beside the board the panel is a column: information at its natural
            // height, the move list taking what is left, the buttons at the foot.
            // Below the board it is a row of three columns: information, moves, buttons.
            // The information gives way (clipped) before the buttons in a very short window.
            Part::Info => {
                node.flex_grow = if side { 0.0 } else { 1.0 };
                node.flex_basis = if side { Val::Auto } else { Val::Px(0.0) };
            }
            // A puzzle's card has its own title.
            Part::Title => set_display(&mut node, side && !puzzle),
            Part::Moves => {
                node.flex_grow = if side { 1.0 } else { 1.2 };
                node.flex_basis = Val::Px(0.0);
                node.min_width = Val::Px(0.0);
            }
            Part::Buttons => {
                node.width = if side {
                    Val::Percent(100.0)
                } else {
                    Val::Percent(30.0)
                };
                node.flex_shrink = 0.0;
            }
        }
    }
}

fn player_text(session: &Session, side: Side, lang: Lang) -> String {
    let name = side_name(side, lang);
    match session.setup.player(side) {
        Player::Human => format!("{name} · {}", T::Human.get(lang)),
        Player::Ai { level } => {
            let info = level_info(level);
            let level_name = match lang {
                Lang::Zh => info.name_zh,
                Lang::En => info.name_en,
            };
            format!(
                "{name} · {} {level} {level_name} ({} {})",
                T::Computer.get(lang),
                T::Depth.get(lang),
                info.depth
            )
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

fn refresh_panel(
    session: Res<Session>,
    lang: Res<Lang>,
    ai: Res<AiState>,
    time: Res<Time>,
    mut texts: Query<(&Field, &mut Text)>,
    mut dots: Query<(&Field, &mut BackgroundColor)>,
    buttons: Query<(&PanelButton, &Children)>,
    mut labels: Query<(&mut Label, &mut Text), Without<Field>>,
    settings: Option<Res<crate::game::settings::UserSettings>>,
) {
    let lang = *lang;
    let style = crate::game::panel::move_list::list_style(settings.as_deref()).1;
    let stm = session.side_to_move();
    let outcome = session.game.outcome();
    for (field, mut text) in &mut texts {
        let want = match field {
            Field::Turn => match &outcome {
                Some(o) => result_text(o, lang).to_string(),
                None => match lang {
                    Lang::Zh => format!("{}{}", side_name(stm, lang), T::ToMove.get(lang)),
                    Lang::En => format!("{} {}", side_name(stm, lang), T::ToMove.get(lang)),
                },
            },
            Field::Player(side) => player_text(&session, *side, lang),
            Field::Ai => {
                if let Some(search) = ai.search() {
                    let secs = time.elapsed_secs_f64() - search.started_at();
                    let depth = search.latest().depth;
                    if depth > 0 {
                        format!(
                            "{}… {secs:.1} s · {} {depth}",
                            T::Thinking.get(lang),
                            T::Depth.get(lang)
                        )
                    } else {
                        format!("{}… {secs:.1} s", T::Thinking.get(lang))
                    }
                } else if session.paused {
                    T::Paused.get(lang).to_string()
                } else if let Some(o) = &outcome {
                    reason_text(&o.reason, lang)
                } else {
                    String::new()
                }
            }
            Field::Line => match ai.search() {
                Some(search) if !search.latest().pv.is_empty() => format!(
                    "{}: {}",
                    T::BestLine.get(lang),
                    line_text(search.position(), &search.latest().pv, style)
                ),
                _ => String::new(),
            },
            Field::TurnDot => continue,
        };
        if text.0 != want {
            text.0 = want;
        }
    }
    for (field, mut bg) in &mut dots {
        if *field == Field::TurnDot {
            let c = match (outcome, stm) {
                (Some(_), _) => palette::TEXT_DIM,
                (None, Side::Red) => palette::RED_INK,
                (None, Side::Black) => palette::BLACK_INK,
            };
            if bg.0 != c {
                bg.0 = c;
            }
        }
    }
    for (b, children) in &buttons {
        if b.0 != GameCommand::TogglePause {
            continue;
        }
        let want = if session.paused { T::Resume } else { T::Pause };
        for child in children.iter() {
            if let Ok((mut label, mut text)) = labels.get_mut(child)
                && label.0 != want
            {
                label.0 = want;
                text.0 = want.get(lang).to_string();
            }
        }
    }
}
