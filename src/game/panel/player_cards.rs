//! A card for each player: their side (a small piece), who plays it (a
//! human, or the AI's level and depth), whose move it is (the card of the
//! side to move glows and breathes; an AI's card says it is thinking) and
//! the pieces that player has captured.
//!
//! The card of the side at the top of the board comes first. Each card ends
//! with an empty [`PlayerCardSlot`] for what a later feature puts there (a
//! clock face): spawn it as a child of the entity holding
//! `PlayerCardSlot(side)`.

use crate::game::board::engraving::engraving;
use crate::game::i18n::{Lang, Phrase, side_name};
use crate::game::play::Play;
use crate::game::play::ai::{AiState, level_info};
use crate::game::play::session::{Player, Session};
use crate::game::settings::CurrentLang;
use crate::game::theme::{Fonts, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::{Charset, Color as Side, Piece, PieceKind, Position};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            fill_cards,
            order_cards,
            fit_narrow_cards,
            refresh_cards,
            refresh_captures,
            breathe,
        )
            .chain()
            .in_set(GameSet::Present)
            .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
    );
}

/// The place in a player's card for a later feature (a clock): an empty row
/// at the card's right end, centred vertically. Children added to it show
/// there; the card grows to fit them.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerCardSlot(pub Side);

/// The column holding both cards (its direction puts the top player first).
#[derive(Component)]
pub struct PlayerCards;

/// One player's card.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerCard(pub Side);

/// Texts of a card.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum CardField {
    Name(Side),
    Who(Side),
    Status(Side),
}

/// The row of pieces a player has captured.
#[derive(Component, Clone, Copy)]
struct Captures(Side);

/// The little piece at a card's left.
#[derive(Component, Clone, Copy)]
struct Badge(Side);

/// The two cards, for the panel to place.
pub fn player_cards() -> impl Bundle {
    (
        PlayerCards,
        Node {
            flex_direction: FlexDirection::ColumnReverse,
            row_gap: Val::Px(8.0),
            flex_shrink: 0.0,
            ..default()
        },
        Pickable::IGNORE,
    )
}

fn ink(side: Side) -> Color {
    match side {
        Side::Red => palette::RED_INK,
        Side::Black => palette::BLACK_INK,
    }
}

fn fill_cards(mut commands: Commands, added: Query<Entity, Added<PlayerCards>>, fonts: Res<Fonts>) {
    for root in &added {
        commands.entity(root).with_children(|p| {
            for side in [Side::Red, Side::Black] {
                p.spawn(card(side, &fonts));
            }
        });
    }
}

fn card(side: Side, fonts: &Fonts) -> impl Bundle + use<> {
    let general = Piece {
        color: side,
        kind: PieceKind::General,
    };
    (
        PlayerCard(side),
        Node {
            align_items: AlignItems::Center,
            column_gap: Val::Px(10.0),
            padding: UiRect::axes(Val::Px(10.0), Val::Px(7.0)),
            border: UiRect::all(Val::Px(2.0)),
            border_radius: BorderRadius::all(Val::Px(10.0)),
            min_width: Val::Px(0.0),
            ..default()
        },
        BackgroundColor(palette::CARD),
        BorderColor::all(palette::CARD_BORDER),
        Pickable::IGNORE,
        children![
            (
                Badge(side),
                Node {
                    width: Val::Px(38.0),
                    height: Val::Px(38.0),
                    flex_shrink: 0.0,
                    justify_content: JustifyContent::Center,
                    align_items: AlignItems::Center,
                    border: UiRect::all(Val::Px(3.0)),
                    border_radius: BorderRadius::MAX,
                    ..default()
                },
                BackgroundColor(palette::PIECE_FACE),
                BorderColor::all(palette::PIECE_RIM),
                BoxShadow::new(
                    Color::srgba(0.0, 0.0, 0.0, 0.45),
                    Val::Px(1.0),
                    Val::Px(2.0),
                    Val::Px(0.0),
                    Val::Px(3.0),
                ),
                Pickable::IGNORE,
                children![(
                    Text::new(engraving(general, Charset::Traditional)),
                    fonts.pieces(21.0),
                    TextColor(ink(side)),
                    TextLayout::no_wrap(),
                    Pickable::IGNORE,
                )],
            ),
            (
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    min_width: Val::Px(0.0),
                    row_gap: Val::Px(2.0),
                    ..default()
                },
                Pickable::IGNORE,
                children![
                    (
                        Node {
                            column_gap: Val::Px(8.0),
                            align_items: AlignItems::Baseline,
                            flex_wrap: FlexWrap::Wrap,
                            ..default()
                        },
                        Pickable::IGNORE,
                        children![
                            (
                                CardField::Name(side),
                                Text::new(""),
                                fonts.ui(18.0),
                                TextColor(palette::TEXT),
                                TextLayout::no_wrap(),
                                Pickable::IGNORE,
                            ),
                            (
                                CardField::Status(side),
                                Text::new(""),
                                fonts.ui(14.0),
                                TextColor(palette::ACCENT),
                                TextLayout::no_wrap(),
                                Pickable::IGNORE,
                            ),
                        ],
                    ),
                    (
                        CardField::Who(side),
                        Text::new(""),
                        fonts.ui(14.0),
                        TextColor(palette::TEXT_DIM),
                        Pickable::IGNORE,
                    ),
                    (
                        Captures(side),
                        Node {
                            flex_wrap: FlexWrap::Wrap,
                            column_gap: Val::Px(2.0),
                            row_gap: Val::Px(2.0),
                            min_height: Val::Px(20.0),
                            margin: UiRect::top(Val::Px(2.0)),
                            ..default()
                        },
                        Pickable::IGNORE,
                    ),
                ],
            ),
            (
                PlayerCardSlot(side),
                Node {
                    flex_shrink: 0.0,
                    align_items: AlignItems::Center,
                    ..default()
                },
                Pickable::IGNORE,
            ),
        ],
    )
}

/// The top player's card first: Black's when Red sits at the bottom.
fn order_cards(session: Res<Session>, mut roots: Query<&mut Node, With<PlayerCards>>) {
    let want = if session.flipped {
        FlexDirection::Column
    } else {
        FlexDirection::ColumnReverse
    };
    for mut node in &mut roots {
        if node.flex_direction != want {
            node.flex_direction = want;
        }
    }
}

/// Cards narrower than this (logical pixels) with a clock drop their badge
/// and the AI's depth, so the names keep a line each beside the clock.
const NARROW_CARD: f32 = 300.0;

/// The cards are narrow (see [`NARROW_CARD`]).
#[derive(Default)]
struct Narrow(bool);

/// Measures the cards once laid out: a narrow card (a bottom panel, a
/// small window) hides its badge and shortens who plays.
fn fit_narrow_cards(
    cards: Query<&ComputedNode, With<PlayerCard>>,
    mut badges: Query<&mut Node, With<Badge>>,
    mut narrow: Local<Narrow>,
    mut who: Query<(&CardField, &mut Text)>,
    session: Res<Session>,
    lang: CurrentLang,
    clock: Res<crate::game::play::clock::MatchClock>,
) {
    let Some(width) = cards
        .iter()
        .map(|c| c.size().x * c.inverse_scale_factor())
        .find(|w| *w > 0.0)
    else {
        return;
    };
    // Only a clock beside the names needs the room.
    let now = width < NARROW_CARD && clock.clock.is_some();
    if now == narrow.0 && !session.is_changed() && !lang.is_changed() && !clock.is_changed() {
        return;
    }
    narrow.0 = now;
    for mut node in &mut badges {
        set_display(&mut node, !now);
    }
    for (field, mut text) in &mut who {
        if let CardField::Who(side) = *field {
            let want = who_text(&session, side, *lang, now);
            text.set_if_neq(Text(want));
        }
    }
}

/// Who plays `side`: "Human", or "AI 3 · name · depth 4" ("AI 3 · name"
/// when `short`).
pub fn who_text(session: &Session, side: Side, lang: Lang, short: bool) -> String {
    match session.setup.player(side) {
        Player::Human => Phrase::Human.get(lang).to_string(),
        Player::Ai { level } => {
            let info = level_info(level);
            let name = match lang {
                Lang::Zh => info.name_zh,
                Lang::En => info.name_en,
            };
            if short {
                format!("{} {level} · {name}", Phrase::Computer.get(lang))
            } else {
                format!(
                    "{} {level} · {name} · {} {}",
                    Phrase::Computer.get(lang),
                    Phrase::Depth.get(lang),
                    info.depth
                )
            }
        }
    }
}

fn refresh_cards(
    session: Res<Session>,
    lang: CurrentLang,
    ai: Res<AiState>,
    time: Res<Time>,
    play: Res<State<Play>>,
    mut texts: Query<(&CardField, &mut Text)>,
    mut roots: Query<&mut Node, With<PlayerCards>>,
) {
    let lang = *lang;
    for mut node in &mut roots {
        // A puzzle's card says who plays what.
        set_display(&mut node, *play.get() != Play::Puzzle);
    }
    let stm = session.side_to_move();
    let over = session.game.outcome();
    for (field, mut text) in &mut texts {
        let want = match *field {
            CardField::Name(side) => side_name(side, lang).to_string(),
            // Set by `fit_narrow_cards`, which knows the card's width.
            CardField::Who(_) => continue,
            CardField::Status(side) => match &over {
                Some(o) if o.result.winner() == Some(side) => Phrase::Winner.get(lang).to_string(),
                Some(_) => String::new(),
                None if side != stm => String::new(),
                None if session.paused => Phrase::Paused.get(lang).to_string(),
                None if ai.search().is_some() => {
                    // Dots that come and go while the AI thinks.
                    let n = (time.elapsed_secs() * 2.5) as usize % 4;
                    format!("{}{}", Phrase::Thinking.get(lang), ".".repeat(n))
                }
                None => Phrase::ToMove.get(lang).to_string(),
            },
        };
        text.set_if_neq(Text(want));
    }
}

/// The pieces of `victims`' side missing from `now` compared with `start`,
/// most valuable first.
pub fn captured(start: &Position, now: &Position, victims: Side) -> Vec<Piece> {
    const ORDER: [PieceKind; 6] = [
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Horse,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Soldier,
    ];
    let count = |pos: &Position, kind: PieceKind| {
        pos.pieces(victims).filter(|(_, p)| p.kind == kind).count()
    };
    let mut out = Vec::new();
    for kind in ORDER {
        let missing = count(start, kind).saturating_sub(count(now, kind));
        for _ in 0..missing {
            out.push(Piece {
                color: victims,
                kind,
            });
        }
    }
    out
}

fn refresh_captures(
    mut commands: Commands,
    session: Res<Session>,
    browse: Option<Res<crate::game::play::browse::Browse>>,
    settings: Option<Res<crate::game::settings::UserSettings>>,
    fonts: Res<Fonts>,
    rows: Query<(Entity, &Captures)>,
    added: Query<(), Added<Captures>>,
    mut shown: Local<Vec<Piece>>,
) {
    let Some(start) = session.game.position_at(0) else {
        return;
    };
    let now = crate::game::play::browse::shown_position(&session, browse.as_deref());
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
    (
        Node {
            width: Val::Px(20.0),
            height: Val::Px(20.0),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(Val::Px(1.5)),
            border_radius: BorderRadius::MAX,
            ..default()
        },
        BackgroundColor(palette::PIECE_FACE),
        BorderColor::all(palette::PIECE_RIM),
        Pickable::IGNORE,
        children![(
            Text::new(engraving(piece, charset)),
            fonts.pieces(13.0),
            TextColor(ink(piece.color)),
            TextLayout::no_wrap(),
            Pickable::IGNORE,
        )],
    )
}

/// The card of the side to move glows, breathing; the other rests.
fn breathe(
    session: Res<Session>,
    time: Res<Time>,
    mut cards: Query<(&PlayerCard, &mut BorderColor, &mut BackgroundColor)>,
    mut badges: Query<(&Badge, &mut Node)>,
) {
    let over = session.game.outcome().is_some();
    let stm = session.side_to_move();
    let t = time.elapsed_secs();
    let wave = 0.5 + 0.5 * (t * 3.0).sin();
    for (card, mut border, mut bg) in &mut cards {
        let active = !over && card.0 == stm;
        let want_border = if active {
            palette::ACCENT.with_alpha(0.55 + 0.45 * wave)
        } else {
            palette::CARD_BORDER
        };
        let want_bg = if active {
            palette::CARD.mix(&palette::ACCENT, 0.06 + 0.05 * wave)
        } else {
            palette::CARD.with_alpha(0.7)
        };
        border.set_if_neq(BorderColor::all(want_border));
        bg.set_if_neq(BackgroundColor(want_bg));
    }
    for (badge, mut node) in &mut badges {
        let active = !over && badge.0 == stm;
        // The side to move's piece is a little larger, as if lifted.
        let px = if active { 38.0 + 2.0 * wave } else { 34.0 };
        if node.width != Val::Px(px) {
            node.width = Val::Px(px);
            node.height = Val::Px(px);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captured_pieces_are_what_is_missing_from_the_start_most_valuable_first() {
        let start = Position::startpos();
        // Red has taken a black chariot and two soldiers; Black a red horse.
        let now =
            Position::from_fen("1nbakabnr/9/1c5c1/p3p3p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1")
                .expect("fen");
        let black_lost = captured(&start, &now, Side::Black);
        let kinds: Vec<PieceKind> = black_lost.iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            [PieceKind::Chariot, PieceKind::Soldier, PieceKind::Soldier]
        );
        assert!(black_lost.iter().all(|p| p.color == Side::Black));
        let red_lost: Vec<PieceKind> = captured(&start, &now, Side::Red)
            .iter()
            .map(|p| p.kind)
            .collect();
        assert_eq!(red_lost, [PieceKind::Horse]);
        assert!(captured(&start, &start, Side::Red).is_empty());
    }
}
