//! What the menu shows follows the setup: which first action leads, which
//! choices are on, which level rows, groups, levels and engine parts are
//! shown, and the chosen level's or engine's words. One system per kind of
//! widget.

use super::*;
use crate::game::i18n::{due_today, level_name, strength_text, tier_name};
use crate::game::notice::Notice;
use crate::game::play::autosave::can_continue;
use crate::game::play::my_puzzle::MyPuzzleStore;
use crate::game::settings::StorePaths;

/// Continue leads when there is a game to continue; otherwise New game does
/// and the setup needs no Start of its own.
pub(super) fn show_first_action(
    paths: Option<Res<StorePaths>>,
    mut buttons: Query<(&FirstAction, &mut Node), Added<FirstAction>>,
    mut primary: Query<&mut Toggled, Added<Primary>>,
) {
    for mut t in &mut primary {
        t.0 = true;
    }
    if buttons.is_empty() {
        return;
    }
    let can = can_continue(paths.as_deref());
    for (which, mut node) in &mut buttons {
        let show = match which {
            FirstAction::Continue | FirstAction::SetupStart => can,
            FirstAction::NewGame => !can,
        };
        set_display(&mut node, show);
    }
}

/// The choices' buttons: on for the chosen mode, level, group and engine;
/// in AI vs AI the side the level keys change has its choice ringed.
pub(super) fn show_toggles(
    setup: Res<GameSetup>,
    focus: Res<MenuFocus>,
    settings: Option<Res<UserSettings>>,
    mut buttons: Query<(&MenuAction, &mut Toggled, &mut BorderColor)>,
) {
    let ai_vs_ai = setup.players.mode == Mode::AiVsAi;
    for (action, mut toggled, mut border) in &mut buttons {
        let (on, focused) = match *action {
            MenuAction::Mode(m) => (m == setup.players.mode, false),
            MenuAction::Level(Side::Red, l) => (
                l == setup.players.computers.red.level,
                ai_vs_ai && !focus.black && l == setup.players.computers.red.level,
            ),
            MenuAction::Level(Side::Black, l) => (
                l == setup.players.computers.black.level,
                ai_vs_ai && focus.black && l == setup.players.computers.black.level,
            ),
            MenuAction::Tier(side, first) => (
                engine_of(&setup, side).is_none() && same_tier(first, level_of(&setup, side)),
                false,
            ),
            MenuAction::Engine(side, i) => {
                let name = settings
                    .as_deref()
                    .and_then(|s| s.engines.engines.get(usize::from(i)))
                    .map(|e| e.name.as_str());
                let on = name.is_some() && engine_of(&setup, side).as_deref() == name;
                (on, ai_vs_ai && on && focus.black == (side == Side::Black))
            }
            _ => (false, false),
        };
        toggled.set_if_neq(Toggled(on));
        let want = if focused {
            BorderColor::all(palette::ACCENT)
        } else {
            BorderColor::all(palette::BUTTON_BORDER)
        };
        border.set_if_neq(want);
    }
}

/// Is `side`'s level row shown? Not for two players; Black's only in AI vs AI.
fn level_row_shown(setup: &GameSetup, side: Side) -> bool {
    setup.players.mode != Mode::Hotseat && (side == Side::Red || setup.players.mode == Mode::AiVsAi)
}

/// The level rows, shown for the AI sides.
pub(super) fn show_level_rows(setup: Res<GameSetup>, mut rows: Query<(&LevelRow, &mut Node)>) {
    for (row, mut node) in &mut rows {
        set_display(&mut node, level_row_shown(&setup, row.0));
    }
}

/// The level rows' headings: "Difficulty", or which AI's in AI vs AI.
pub(super) fn show_level_headings(
    setup: Res<GameSetup>,
    lang: CurrentLang,
    mut headings: Query<(&LevelHeading, &mut Label, &mut Text, &mut Node)>,
) {
    let ai_vs_ai = setup.players.mode == Mode::AiVsAi;
    for (heading, mut label, mut text, mut node) in &mut headings {
        set_display(&mut node, level_row_shown(&setup, heading.0));
        let want = match (ai_vs_ai, heading.0) {
            (false, _) => Phrase::Difficulty,
            (true, Side::Red) => Phrase::RedAiLevel,
            (true, Side::Black) => Phrase::BlackAiLevel,
        };
        if label.0 != want || lang.is_changed() {
            label.0 = want;
            text.0 = want.get(*lang).to_string();
        }
    }
}

/// The groups' names, in the language.
pub(super) fn show_tier_names(lang: CurrentLang, mut tiers: Query<(&TierName, &mut Text)>) {
    for (name, mut text) in &mut tiers {
        let want = crate::engine::Level::new(name.0).map_or(String::new(), |l| tier_name(l, *lang));
        if text.0 != want {
            text.0 = want;
        }
    }
}

/// The level buttons of the chosen group (none while an engine is chosen).
pub(super) fn show_level_pills(
    setup: Res<GameSetup>,
    mut pills: Query<(&LevelPill, &MenuAction, &mut Node)>,
) {
    for (pill, action, mut node) in &mut pills {
        if let MenuAction::Level(side, _) = *action {
            let shown =
                engine_of(&setup, side).is_none() && same_tier(pill.0, level_of(&setup, side));
            set_display(&mut node, shown);
        }
    }
}

/// The row of the player's engines (when there are any) and the ◀ ▶ of
/// the chosen engine's strength (while one is chosen).
pub(super) fn show_engine_parts(
    setup: Res<GameSetup>,
    settings: Option<Res<UserSettings>>,
    mut engine_parts: Query<
        (&mut Node, Option<&EngineRow>, Option<&StrengthStep>),
        Or<(With<EngineRow>, With<StrengthStep>)>,
    >,
) {
    let any_engine = settings
        .as_deref()
        .is_some_and(|s| !s.engines.engines.is_empty());
    for (mut node, row, step) in &mut engine_parts {
        let shown = match (row, step) {
            (Some(_), _) => any_engine,
            (_, Some(step)) => engine_of(&setup, step.0).is_some(),
            _ => continue,
        };
        set_display(&mut node, shown);
    }
}

/// The chosen level's name and rating, or the chosen engine's name and
/// strength.
pub(super) fn show_chosen(
    setup: Res<GameSetup>,
    lang: CurrentLang,
    settings: Option<Res<UserSettings>>,
    mut chosen: Query<(&LevelChosen, &mut Text)>,
) {
    for (which, mut text) in &mut chosen {
        let want = match engine_of(&setup, which.0) {
            Some(name) => {
                let strength = settings
                    .as_deref()
                    .and_then(|s| s.engines.get(name))
                    .map(|e| e.strength)
                    .unwrap_or_default();
                format!(
                    "{name} · {} {}",
                    Phrase::EngineStrength.get(*lang),
                    strength_text(strength, *lang)
                )
            }
            None => chosen_level_text(level_of(&setup, which.0), *lang),
        };
        if text.0 != want {
            text.0 = want;
        }
    }
}

/// The chosen engine's own strength option: its row when it has one, and
/// its value ("UCI_Elo 1800", "Skill Level: the engine's default").
pub(super) fn show_skill(
    setup: Res<GameSetup>,
    lang: CurrentLang,
    settings: Option<Res<UserSettings>>,
    mut rows: Query<(&SkillRow, &mut Node)>,
    mut texts: Query<(&SkillText, &mut Text)>,
) {
    let entry = |side: Side| {
        let name = engine_of(&setup, side).as_deref()?;
        settings
            .as_deref()?
            .engines
            .get(name)
            .filter(|e| e.skill.is_some())
    };
    for (row, mut node) in &mut rows {
        set_display(&mut node, entry(row.0).is_some());
    }
    for (which, mut text) in &mut texts {
        let Some(e) = entry(which.0) else {
            continue;
        };
        let skill = e.skill.as_ref().map_or("", |s| s.name.as_str());
        let want = match e.skill_value() {
            Some(v) => format!("{skill} {v}"),
            None => format!("{skill} · {}", Phrase::EngineOwnDefault.get(*lang)),
        };
        text.set_if_neq(Text(want));
    }
}

/// "7 业余五级 · 等级分 1450": the chosen level's number, name and rating.
fn chosen_level_text(level: u8, lang: Lang) -> String {
    let info = crate::game::play::ai::level_info(level);
    let name = level_name(
        crate::engine::Level::new(info.level).unwrap_or_default(),
        lang,
    );
    format!(
        "{} {name} · {} {}",
        info.level,
        Phrase::LevelRating.get(lang),
        info.rating
    )
}

/// Are levels `a` and `b` in the same group?
fn same_tier(a: u8, b: u8) -> bool {
    match (crate::engine::Level::new(a), crate::engine::Level::new(b)) {
        (Some(a), Some(b)) => a.same_tier(b),
        _ => false,
    }
}

/// Beside Puzzles: how many puzzles from the player's mistakes are due
/// today (nothing when none is).
pub(super) fn show_puzzles_due(
    lang: CurrentLang,
    paths: Option<Res<StorePaths>>,
    mut store: ResMut<MyPuzzleStore>,
    mut notice: ResMut<Notice>,
    mut texts: Query<(&mut Text, &mut Node), With<PuzzlesDue>>,
) {
    if texts.is_empty() {
        return;
    }
    let due = store
        .get(paths.as_deref(), &mut notice)
        .due(crate::store::now_unix());
    for (mut text, mut node) in &mut texts {
        set_display(&mut node, due > 0);
        text.set_if_neq(Text(due_today(due, *lang)));
    }
}
