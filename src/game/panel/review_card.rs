//! The game review in the panel: the Review buttons (quick, thorough), the
//! progress bar with Cancel while the engine works, then each side's
//! counts and accuracy, the verdict on the move shown with the better move
//! and its line in words, and the evaluation graph ([`super::graph`]).
//!
//! The card docks itself at the top of the move list's column; it is gone
//! during puzzles and before the first move. The buttons are offered when
//! the game has ended or for a record or analysis board, never in the
//! middle of a live game ([`review_offered`]).

use crate::engine::review::{GameReview, Judgement};
use crate::game::board::layout::BoardLayout;
use crate::game::i18n::{Lang, Phrase, side_name};
use crate::game::panel::dock_first;
use crate::game::panel::move_list::MoveListSlot;
use crate::game::play::Play;
use crate::game::play::browse::{Browse, shown_ply};
use crate::game::play::clock::MatchClock;
use crate::game::play::game_review::{
    GameReviewState, ReviewRequest, ReviewWhy, ReviewedGame, review_offered,
};
use crate::game::play::move_list::list_style;
use crate::game::play::session::Session;
use crate::game::settings::CurrentLang;
use crate::game::settings::UserSettings;
use crate::game::theme::WheelScrolls;
use crate::game::theme::judgement::{judgement_color, judgement_symbol, judgement_word};
use crate::game::theme::layout::{column, row, wrapping_row};
use crate::game::theme::shape::{Shape, plain, sized};
use crate::game::theme::{Fonts, OnPress, button, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::Color as Side;
use crate::rules::notation::format_move;
use crate::store::reviews::Effort;
use bevy::prelude::*;
use words::Words;

mod words;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReviewShown>()
        .add_systems(OnEnter(Screen::Playing), spawn_card)
        .add_systems(
            Update,
            (dock_first::<ReviewCard, MoveListSlot>, refresh_card)
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// A side's line of the summary: "红方 准确率 87% · ?! 2 · ? 1 · ?? 0".
pub fn summary_text(review: &GameReview, side: Side, lang: Lang) -> String {
    let s = review.summary(side);
    let counts = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ]
    .map(|j| format!("{} {}", j.symbol(), s.count(j)))
    .join(" · ");
    format!(
        "{} {} {:.0}% · {counts}",
        side_name(side, lang),
        Phrase::Accuracy.get(lang),
        s.accuracy
    )
}

/// A side's summary in a few characters: "红方 92% ?!6 ?2 ??0".
pub fn summary_short(review: &GameReview, side: Side, lang: Lang) -> String {
    let s = review.summary(side);
    format!(
        "{} {:.0}% ?!{} ?{} ??{}",
        side_name(side, lang),
        s.accuracy,
        s.count(Judgement::Inaccuracy),
        s.count(Judgement::Mistake),
        s.count(Judgement::Blunder)
    )
}

/// The card.
#[derive(Component)]
struct ReviewCard;

/// Is the card shown? (A short panel then folds the player cards.)
#[derive(Resource, Default, PartialEq, Eq)]
pub struct ReviewShown(pub bool);

/// Parts shown in some states only.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// The Review buttons.
    Buttons,
    /// The quick button (hidden once a quick review is shown).
    QuickButton,
    /// The progress bar, its text and Cancel.
    Progress,
    /// The fill of the progress bar.
    Fill,
    /// Counts and accuracy.
    Summary,
    /// The shown move's verdict and the better line.
    Verdict,
}

/// Texts the card refreshes.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum Line {
    Progress,
    Side(Side),
    Verdict,
    /// Why the shown move was weak, in words.
    Why,
}

fn spawn_card(mut commands: Commands, fonts: Res<Fonts>, lang: CurrentLang) {
    let lang = *lang;
    commands.spawn((
        ReviewCard,
        // In a short panel the moves keep their rows and the card gives way:
        // it scrolls (the wheel over it) instead of pushing them out.
        column(4.0)
            .flex_shrink(1.0)
            .min_height(Val::Px(0.0))
            .overflow(Overflow::scroll_y()),
        ScrollPosition::default(),
        WheelScrolls,
        Pickable::IGNORE,
        DespawnOnExit(Screen::Playing),
        children![
            summary_row(lang, &fonts),
            progress_row(lang, &fonts),
            (
                Part::Verdict,
                column(2.0),
                Pickable::IGNORE,
                children![
                    line_text(&fonts, Line::Verdict, 14.0, palette::TEXT),
                    line_text(&fonts, Line::Why, 13.0, palette::TEXT_DIM),
                ],
            ),
            crate::game::panel::graph::slot(),
        ],
    ));
}

/// A small button of the card.
fn small(t: Phrase, action: OnPress, lang: Lang, fonts: &Fonts) -> impl Bundle + use<> {
    button(t, lang, fonts, 14.0, action)
}

/// A text the card refreshes.
fn line_text(fonts: &Fonts, line: Line, px: f32, color: Color) -> impl Bundle + use<> {
    (
        line,
        Text::new(""),
        fonts.ui(px),
        TextColor(color),
        Pickable::IGNORE,
    )
}

/// The summary, with the Review buttons at its right.
fn summary_row(lang: Lang, fonts: &Fonts) -> impl Bundle + use<> {
    (
        wrapping_row(6.0)
            .align_items(AlignItems::Center)
            .justify_content(JustifyContent::SpaceBetween)
            .row_gap(Val::Px(4.0)),
        Pickable::IGNORE,
        children![
            (
                Part::Summary,
                column(0.0),
                Pickable::IGNORE,
                children![
                    line_text(fonts, Line::Side(Side::Red), 14.0, palette::TEXT),
                    line_text(fonts, Line::Side(Side::Black), 14.0, palette::TEXT),
                ],
            ),
            (
                Part::Buttons,
                wrapping_row(5.0),
                Pickable::IGNORE,
                children![
                    (
                        small(
                            Phrase::ReviewQuick,
                            OnPress::send(ReviewRequest::Start(Effort::Quick)),
                            lang,
                            fonts,
                        ),
                        Part::QuickButton,
                    ),
                    small(
                        Phrase::ReviewThorough,
                        OnPress::send(ReviewRequest::Start(Effort::Thorough)),
                        lang,
                        fonts,
                    ),
                ],
            ),
        ],
    )
}

/// The progress bar, its text and Cancel (while the engine works).
fn progress_row(lang: Lang, fonts: &Fonts) -> impl Bundle + use<> {
    (
        Part::Progress,
        row(8.0),
        Pickable::IGNORE,
        children![
            (
                plain()
                    .flex_grow(1.0)
                    .height(Val::Px(10.0))
                    .border_radius(BorderRadius::all(Val::Px(5.0)))
                    .overflow(Overflow::clip()),
                BackgroundColor(palette::SHADE.with_alpha(0.35)),
                Pickable::IGNORE,
                children![(
                    Part::Fill,
                    sized(Val::Percent(0.0), Val::Percent(100.0)),
                    BackgroundColor(palette::ACCENT),
                    Pickable::IGNORE,
                )],
            ),
            line_text(fonts, Line::Progress, 13.0, palette::TEXT_DIM),
            small(
                Phrase::Cancel,
                OnPress::send(ReviewRequest::Cancel),
                lang,
                fonts,
            ),
        ],
    )
}

fn refresh_card(
    state: Res<GameReviewState>,
    why: Res<ReviewWhy>,
    session: Res<Session>,
    clock: Option<Res<MatchClock>>,
    browse: Res<Browse>,
    play: Res<State<Play>>,
    lang: CurrentLang,
    settings: Option<Res<UserSettings>>,
    layout: Res<BoardLayout>,
    mut cards: Query<&mut Node, With<ReviewCard>>,
    mut shown_now: ResMut<ReviewShown>,
    mut parts: Query<(&Part, &mut Node), Without<ReviewCard>>,
    mut lines: Query<(&Line, &mut Text, &mut TextColor)>,
) {
    let lang = *lang;
    let small = layout.compact_panel();
    let free = *play.get() == Play::Free;
    let reviewed = state.for_session(&session);
    let progress = state.progress();
    let moves = session.game.moves().len();
    let offered = review_offered(&session, clock.as_deref());
    let visible = free && (moves > 0 && offered || reviewed.is_some() || progress.is_some());
    for mut node in &mut cards {
        set_display(&mut node, visible);
    }
    shown_now.set_if_neq(ReviewShown(visible));
    // A review covering every move shown at some effort: only a deeper one is offered.
    let complete = reviewed.filter(|r| r.moves.len() >= moves);
    for (part, mut node) in &mut parts {
        match part {
            Part::Buttons => set_display(
                &mut node,
                offered
                    && progress.is_none()
                    && complete.is_none_or(|r| r.effort < Effort::Thorough),
            ),
            Part::QuickButton => set_display(&mut node, complete.is_none()),
            Part::Progress => set_display(&mut node, progress.is_some()),
            Part::Fill => {
                let f = progress.map_or(0.0, |(done, total, _)| {
                    done as f32 / total.max(1) as f32 * 100.0
                });
                if node.width != Val::Percent(f) {
                    node.width = Val::Percent(f);
                }
            }
            Part::Summary => set_display(&mut node, reviewed.is_some()),
            Part::Verdict => set_display(&mut node, reviewed.is_some()),
        }
    }
    let shown = shown_ply(&session, Some(&browse));
    let words = Words {
        reviewed,
        progress,
        shown,
        small,
        why: &why,
        settings: settings.as_deref(),
        lang,
    };
    for (line, mut text, mut color) in &mut lines {
        let (want, want_color) = words.of(*line);
        text.set_if_neq(Text(want));
        color.set_if_neq(TextColor(want_color));
    }
}

/// The verdict on the move that led to the position after `shown` plies:
/// "12. 炮二平五 ?? 败着 · 更好: 马二进三 马８进７ …" (for an inaccuracy or
/// worse, the better move and the engine's line from there).
pub fn verdict_text(
    reviewed: &ReviewedGame,
    shown: usize,
    line_moves: usize,
    settings: Option<&UserSettings>,
    lang: Lang,
) -> (String, Color) {
    let Some(i) = shown.checked_sub(1) else {
        return (String::new(), palette::TEXT);
    };
    let Some(m) = reviewed.review.moves.get(i) else {
        return (String::new(), palette::TEXT);
    };
    let mut before = reviewed.start;
    for &mv in &reviewed.moves[..i] {
        before.make(mv);
    }
    let (notation, style) = list_style(settings);
    let number = i / 2 + 1;
    let dots = if m.side == Side::Red { "." } else { "…" };
    let played = format_move(&before, m.played, notation, style);
    let mut text = format!(
        "{number}{dots} {played} {} {}",
        judgement_symbol(m.judgement),
        judgement_word(m.judgement, lang)
    );
    if m.judgement >= Judgement::Inaccuracy && m.played != m.before.best && !m.before.best.is_null()
    {
        let shown_line = &m.before.line[..m.before.line.len().min(line_moves)];
        let line = crate::game::panel::line_text(&before, shown_line, style);
        if !line.is_empty() {
            text.push_str(&format!(" · {}: {line}", Phrase::BetterWas.get(lang)));
        }
    }
    (text, judgement_color(m.judgement))
}
