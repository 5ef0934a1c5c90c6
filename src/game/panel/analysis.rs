//! The analysis card in the panel: a heading with the depth, then one row
//! per line — its score (from Red's view or the mover's, a setting) and its
//! first moves in the move list's notation. A click on a row plays the
//! line's first move when it is the player's turn on the live position.
//! Under the lines, what the best line's first move does, in the teacher's
//! words. Hidden while the analysis is off.

use crate::engine::Score;
use crate::game::i18n::{Lang, Phrase};
use crate::game::panel::{InfoColumn, dock_last};
use crate::game::play::analysis::motifs::LineMotifs;
use crate::game::play::analysis::{Analysis, AnalysisCommand, AnalysisLine};
use crate::game::play::move_list::{list_style, teacher_voice};
use crate::game::play::session::Session;
use crate::game::settings::CurrentLang;
use crate::game::settings::UserSettings;
use crate::game::theme::layout::column;
use crate::game::theme::shape::{Shape, hidden, plain};
use crate::game::theme::{Fonts, OnPress, Toggled, palette, set_display};
use crate::game::{GameSet, Screen};
use crate::rules::Position;
use crate::rules::notation::{ChineseStyle, Notation, format_move};
use crate::store::settings::{MAX_ANALYSIS_LINES, ScoreView};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(exclude_on_right_click)
        .add_systems(OnEnter(Screen::Playing), spawn_card)
        .add_systems(
            Update,
            (dock_last::<AnalysisCard, InfoColumn>, refresh_card)
                .chain()
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Session>)),
        );
}

/// Plies of each line written out.
const SHOWN_PLIES: usize = 4;

#[derive(Component)]
struct AnalysisCard;

#[derive(Component)]
struct Heading;

/// What the best line's first move does.
#[derive(Component)]
struct LineWhy;

/// Row `k` (0 = the best line), on the button and on its text.
#[derive(Component, Clone, Copy)]
struct LineRow(usize);

/// A right click on the row leaves its first move out of the search.
#[derive(Component, Clone, Copy)]
struct ExcludeOnRightClick(usize);

fn exclude_on_right_click(
    click: On<Pointer<Click>>,
    rows: Query<&ExcludeOnRightClick>,
    mut out: MessageWriter<AnalysisCommand>,
) {
    if click.button != PointerButton::Secondary {
        return;
    }
    if let Ok(row) = rows.get(click.entity) {
        out.write(AnalysisCommand::Exclude(row.0));
    }
}

fn spawn_card(mut commands: Commands, fonts: Res<Fonts>) {
    // Rows are left-aligned and clipped on the right: a narrow panel shows
    // the score and the first moves, a wide one the whole short line.
    let rows: Vec<_> = (0..usize::from(MAX_ANALYSIS_LINES))
        .map(|k| {
            commands
                .spawn((
                    LineRow(k),
                    Button,
                    plain()
                        .width(Val::Percent(100.0))
                        .justify_content(JustifyContent::FlexStart)
                        .align_items(AlignItems::Center)
                        .padding(UiRect::axes(Val::Px(8.0), Val::Px(3.0)))
                        .border(UiRect::all(Val::Px(1.0)))
                        .border_radius(BorderRadius::all(Val::Px(6.0)))
                        .overflow(Overflow::clip()),
                    BackgroundColor(palette::BUTTON),
                    BorderColor::all(palette::BUTTON_BORDER),
                    Toggled(false),
                    OnPress::send(AnalysisCommand::PlayLine(k)),
                    ExcludeOnRightClick(k),
                    children![(
                        LineRow(k),
                        Text::new(""),
                        TextLayout::no_wrap(),
                        fonts.ui(14.0),
                        TextColor(palette::TEXT),
                        Pickable::IGNORE,
                    )],
                ))
                .id()
        })
        .collect();
    let heading = commands
        .spawn((
            Heading,
            Text::new(""),
            fonts.ui(16.0),
            TextColor(palette::ACCENT),
            Pickable::IGNORE,
        ))
        .id();
    let card = commands
        .spawn((
            AnalysisCard,
            column(4.0)
                .flex_shrink(0.0)
                .padding(UiRect::all(Val::Px(8.0)))
                .border(UiRect::all(Val::Px(1.0)))
                .border_radius(BorderRadius::all(Val::Px(8.0)))
                .display(Display::None),
            BackgroundColor(palette::BUTTON.with_alpha(0.35)),
            BorderColor::all(palette::BUTTON_BORDER),
            DespawnOnExit(Screen::Playing),
        ))
        .id();
    let why = commands
        .spawn((
            LineWhy,
            Text::new(""),
            fonts.ui(13.0),
            TextColor(palette::TEXT_DIM),
            hidden(),
            Pickable::IGNORE,
        ))
        .id();
    commands
        .entity(card)
        .add_child(heading)
        .add_children(&rows)
        .add_child(why);
}

#[allow(clippy::too_many_arguments)]
fn refresh_card(
    analysis: Res<Analysis>,
    motifs: Res<LineMotifs>,
    settings: Res<UserSettings>,
    lang: CurrentLang,
    mut card: Query<&mut Node, With<AnalysisCard>>,
    mut why: Query<
        (&mut Text, &mut Node),
        (
            With<LineWhy>,
            Without<AnalysisCard>,
            Without<LineRow>,
            Without<Heading>,
        ),
    >,
    mut heading: Query<&mut Text, (With<Heading>, Without<LineRow>)>,
    mut rows: Query<(&LineRow, &mut Node), (With<Button>, Without<AnalysisCard>)>,
    mut texts: Query<(&LineRow, &mut Text, &mut TextColor), Without<Heading>>,
) {
    let on = analysis.is_on();
    for mut node in &mut card {
        set_display(&mut node, on);
    }
    if !on {
        return;
    }
    let lines = analysis.lines();
    let title = heading_text(&analysis, &settings, *lang);
    for mut t in &mut heading {
        t.set_if_neq(Text(title.clone()));
    }
    for (row, mut node) in &mut rows {
        set_display(&mut node, row.0 < lines.len());
    }
    let Some(pos) = analysis.position() else {
        return;
    };
    let said = lines
        .first()
        .and_then(|l| l.pv.first())
        .and_then(|&m| Some((m, crate::teach::headline(motifs.of(pos, m)?)?)))
        .map(|(m, motif)| {
            let voice = teacher_voice(Some(&settings), *lang);
            format!(
                "{}: {}",
                format_move(pos, m, voice.notation, voice.style),
                crate::teach::sentence(motif, voice)
            )
        });
    for (mut text, mut node) in &mut why {
        set_display(&mut node, said.is_some());
        text.set_if_neq(Text(said.clone().unwrap_or_default()));
    }
    let (notation, style) = list_style(Some(&settings));
    for (row, mut text, mut color) in &mut texts {
        let Some(line) = lines.get(row.0) else {
            continue;
        };
        let s = line_text(line, pos, settings.score_view, notation, style);
        text.set_if_neq(Text(s));
        let want = if row.0 == 0 {
            palette::TEXT
        } else {
            palette::TEXT_DIM
        };
        color.set_if_neq(TextColor(want));
    }
}

/// The card's heading: the analysis's state or depth, and the moves left
/// out.
fn heading_text(analysis: &Analysis, settings: &UserSettings, lang: Lang) -> String {
    let title = match (analysis.position(), analysis.lines().first()) {
        // The computer thinks about the shown position: its own line.
        // Waiting for the computer, with the lines found before it began.
        (Some(_), best) if analysis.waits() => match best {
            Some(b) => format!(
                "{} · {} {} · {}",
                Phrase::Analysis.get(lang),
                Phrase::AnalysisDepth.get(lang),
                b.depth,
                Phrase::AnalysisWaiting.get(lang)
            ),
            None => format!(
                "{} · {}",
                Phrase::Analysis.get(lang),
                Phrase::AnalysisWaiting.get(lang)
            ),
        },
        (Some(_), best) if analysis.shows_the_ai() => {
            let depth = best.map_or_else(String::new, |b| {
                format!(" · {} {}", Phrase::AnalysisDepth.get(lang), b.depth)
            });
            format!(
                "{} · {}{depth}",
                Phrase::Analysis.get(lang),
                Phrase::AnalysisAiLine.get(lang)
            )
        }
        (Some(pos), _) if !pos.has_legal_move() => {
            format!(
                "{} · {}",
                Phrase::Analysis.get(lang),
                Phrase::AnalysisNoMoves.get(lang)
            )
        }
        (Some(_), Some(best)) => format!(
            "{} · {} {}",
            Phrase::Analysis.get(lang),
            Phrase::AnalysisDepth.get(lang),
            best.depth
        ),
        (_, _) => format!(
            "{} · {}",
            Phrase::Analysis.get(lang),
            Phrase::AnalysisStarting.get(lang)
        ),
    };
    // The moves left out, in the list's notation.
    let excluded = analysis.excluded();
    match analysis.position() {
        Some(pos) if !excluded.is_empty() => {
            let (notation, style) = list_style(Some(settings));
            let moves: Vec<String> = excluded
                .iter()
                .map(|&m| format_move(pos, m, notation, style))
                .collect();
            format!(
                "{title}\n{} {}",
                Phrase::Excluded.get(lang),
                moves.join(" ")
            )
        }
        _ => title,
    }
}

/// A line as its row shows it: `+0.35  炮二平五 马８进７ …`.
pub fn line_text(
    line: &AnalysisLine,
    pos: &Position,
    view: ScoreView,
    notation: Notation,
    style: ChineseStyle,
) -> String {
    let score = match view {
        ScoreView::Red => line.red_score(pos.side_to_move()),
        ScoreView::Mover => line.score,
    };
    let mut out = score_text(score);
    let mut p = *pos;
    for (i, &m) in line.pv.iter().enumerate() {
        if i == SHOWN_PLIES || !p.is_legal(m) {
            out.push_str(" …");
            break;
        }
        out.push_str(if i == 0 { "  " } else { " " });
        out.push_str(&format_move(&p, m, notation, style));
        p.make(m);
    }
    out
}

/// `+0.35`, `−1.20`, `M3` (mates in three), `−M2` (is mated in two).
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) if cp.abs() < 5 => "0.00".into(),
        Score::Cp(cp) if cp > 0 => format!("+{:.2}", f64::from(cp) / 100.0),
        Score::Cp(cp) => format!("−{:.2}", f64::from(-cp) / 100.0),
        Score::Mate(n) if n > 0 => format!("M{n}"),
        Score::Mate(n) => format!("−M{}", -n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Move;

    #[test]
    fn scores_read_like_the_eval_bar() {
        assert_eq!(score_text(Score::Cp(35)), "+0.35");
        assert_eq!(score_text(Score::Cp(-120)), "−1.20");
        assert_eq!(score_text(Score::Cp(3)), "0.00");
        assert_eq!(score_text(Score::Mate(3)), "M3");
        assert_eq!(score_text(Score::Mate(-2)), "−M2");
    }

    #[test]
    fn a_line_shows_its_score_from_the_chosen_side_and_its_first_moves() {
        let mut pos = Position::startpos();
        pos.make(Move::from_iccs("h2e2").unwrap());
        let pv: Vec<Move> = ["h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2"]
            .iter()
            .map(|s| Move::from_iccs(s).unwrap())
            .collect();
        let line = AnalysisLine {
            depth: 12,
            seldepth: 20,
            score: Score::Cp(-40),
            pv,
            nodes: 1000,
        };
        let style = ChineseStyle::default();
        // Black to move and 0.40 worse: Red is 0.40 better.
        assert_eq!(
            line_text(&line, &pos, ScoreView::Red, Notation::Iccs, style),
            "+0.40  h9g7 h0g2 i9h9 i0h0 …"
        );
        assert_eq!(
            line_text(&line, &pos, ScoreView::Mover, Notation::Iccs, style),
            "−0.40  h9g7 h0g2 i9h9 i0h0 …"
        );
        let chinese = line_text(&line, &pos, ScoreView::Red, Notation::Chinese, style);
        assert!(chinese.starts_with("+0.40  马８进７ 马二进三"), "{chinese}");
    }
}
