//! The table of the toolbar's tools: each one's icon, tooltip, shortcut,
//! group, action, and when it is shown.

use super::HelpCommand;
use crate::game::Mode;
use crate::game::cards::settings::SettingsView;
use crate::game::i18n::Phrase;
use crate::game::play::Play;
use crate::game::play::analysis::AnalysisCommand;
use crate::game::play::explorer::ExplorerCommand;
use crate::game::play::export::ExportPicture;
use crate::game::play::hint::HintRequest;
use crate::game::play::records::FileCommand;
use crate::game::play::session::{GameCommand, Session};
use crate::game::theme::{Icon, OnPress};

/// What decides whether a tool is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToolContext {
    /// How the game is played.
    pub mode: Mode,
    /// The game has ended.
    pub over: bool,
    /// A puzzle is being solved.
    pub puzzle: bool,
    /// A lesson of the course is on the board.
    pub lesson: bool,
    /// AI vs AI, or a game on a clock, is paused.
    pub paused: bool,
    /// The game is played on a clock.
    pub clocked: bool,
}

/// Groups of tools, set apart in the bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Moves: undo, redo, hint, flip.
    Moves,
    /// The game: new, resign, pause.
    Game,
    /// Records: save, copy, paste.
    Records,
    /// The application: help, settings, menu.
    App,
}

/// One button of the toolbar.
pub struct Tool {
    /// Its picture.
    pub icon: Icon,
    /// Its name (the tooltip).
    pub tip: Phrase,
    /// Its shortcut, as written in the tooltip and the help card ("" = none).
    pub keys: &'static str,
    /// Its group.
    pub group: Group,
    /// What it does.
    pub action: fn() -> OnPress,
    /// Whether it is shown.
    pub shown: fn(&ToolContext) -> bool,
}

const fn tool(
    icon: Icon,
    tip: Phrase,
    keys: &'static str,
    group: Group,
    action: fn() -> OnPress,
    shown: fn(&ToolContext) -> bool,
) -> Tool {
    Tool {
        icon,
        tip,
        keys,
        group,
        action,
        shown,
    }
}

impl Tool {
    /// Is it shown in `context`? In a lesson only the tools that make sense
    /// there ([`LESSON_TOOLS`]): no resigning, saving or analysing an
    /// exercise.
    pub fn shown_in(&self, context: &ToolContext) -> bool {
        (self.shown)(context) && (!context.lesson || LESSON_TOOLS.contains(&self.icon))
    }
}

/// The tools a lesson keeps: undo and redo (which retry the exercise), the
/// hint (the course's), turning the board, and the application's own.
const LESSON_TOOLS: [Icon; 7] = [
    Icon::Undo,
    Icon::Redo,
    Icon::Hint,
    Icon::Flip,
    Icon::Help,
    Icon::Settings,
    Icon::Menu,
];

fn always(_: &ToolContext) -> bool {
    true
}

/// The toolbar, in order. One line per button.
pub const TOOLS: &[Tool] = &[
    tool(
        Icon::Undo,
        Phrase::Undo,
        "Ctrl+Z",
        Group::Moves,
        || OnPress::send(GameCommand::Undo),
        always,
    ),
    tool(
        Icon::Redo,
        Phrase::Redo,
        "Ctrl+Y",
        Group::Moves,
        || OnPress::send(GameCommand::Redo),
        always,
    ),
    tool(
        Icon::Hint,
        Phrase::Hint,
        "H",
        Group::Moves,
        || OnPress::send(HintRequest),
        |c| !c.over,
    ),
    tool(
        Icon::Analysis,
        Phrase::Analysis,
        "A",
        Group::Moves,
        || OnPress::send(AnalysisCommand::Toggle),
        always,
    ),
    tool(
        Icon::Explorer,
        Phrase::Explorer,
        "E",
        Group::Moves,
        || OnPress::send(ExplorerCommand::Toggle),
        always,
    ),
    tool(
        Icon::Flip,
        Phrase::Flip,
        "F",
        Group::Moves,
        || OnPress::send(GameCommand::Flip),
        always,
    ),
    tool(
        Icon::NewGame,
        Phrase::NewGame,
        "N",
        Group::Game,
        || OnPress::send(GameCommand::NewGame),
        always,
    ),
    tool(
        Icon::Resign,
        Phrase::Resign,
        "",
        Group::Game,
        || OnPress::send(GameCommand::Resign),
        |c| c.mode != Mode::AiVsAi && !c.over,
    ),
    tool(
        Icon::Pause,
        Phrase::Pause,
        "Space",
        Group::Game,
        || OnPress::send(GameCommand::TogglePause),
        |c| (c.mode == Mode::AiVsAi || c.clocked) && !c.paused && !c.over,
    ),
    tool(
        Icon::Resume,
        Phrase::Resume,
        "Space",
        Group::Game,
        || OnPress::send(GameCommand::TogglePause),
        |c| (c.mode == Mode::AiVsAi || c.clocked) && c.paused && !c.over,
    ),
    tool(
        Icon::Save,
        Phrase::SaveGame,
        "Ctrl+S",
        Group::Records,
        || OnPress::send(FileCommand::Save),
        always,
    ),
    tool(
        Icon::SaveAs,
        Phrase::SaveAs,
        "Ctrl+Shift+S",
        Group::Records,
        || OnPress::send(FileCommand::SaveAs),
        always,
    ),
    tool(
        Icon::Open,
        Phrase::OpenRecordTool,
        "Ctrl+O",
        Group::Records,
        || OnPress::send(FileCommand::Open),
        always,
    ),
    tool(
        Icon::CopyPgn,
        Phrase::CopyPgn,
        "Ctrl+C",
        Group::Records,
        || OnPress::send(FileCommand::CopyPgn),
        always,
    ),
    tool(
        Icon::CopyFen,
        Phrase::CopyFen,
        "Ctrl+Shift+C",
        Group::Records,
        || OnPress::send(FileCommand::CopyFen),
        always,
    ),
    tool(
        Icon::Paste,
        Phrase::Paste,
        "Ctrl+V",
        Group::Records,
        || OnPress::send(FileCommand::Paste),
        always,
    ),
    tool(
        Icon::Export,
        Phrase::ExportPicture,
        "",
        Group::Records,
        || OnPress::send(ExportPicture),
        always,
    ),
    tool(
        Icon::EditPosition,
        Phrase::EditPosition,
        "",
        Group::Records,
        || OnPress::send(crate::game::play::editor::EditPosition),
        always,
    ),
    tool(
        Icon::Help,
        Phrase::Shortcuts,
        "F1  ?",
        Group::App,
        || OnPress::send(HelpCommand),
        always,
    ),
    tool(
        Icon::Settings,
        Phrase::Settings,
        "O",
        Group::App,
        || OnPress::go(SettingsView::Open),
        always,
    ),
    tool(
        Icon::Menu,
        Phrase::Menu,
        "Esc",
        Group::App,
        || OnPress::send(GameCommand::Menu),
        always,
    ),
];

/// The context of the game now.
pub fn tool_context(session: &Session, play: &Play, clocked: bool) -> ToolContext {
    ToolContext {
        // A lesson's board is never the computer's to pause: its tools
        // are a two-player game's (undo and new game retry the exercise).
        mode: match play {
            Play::Course => Mode::Hotseat,
            _ => session.setup.players.mode,
        },
        over: session.game.outcome().is_some(),
        puzzle: *play == Play::Puzzle,
        lesson: *play == Play::Course,
        paused: session.paused,
        clocked,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(icon: Icon, context: &ToolContext) -> bool {
        TOOLS
            .iter()
            .find(|t| t.icon == icon)
            .is_some_and(|t| t.shown_in(context))
    }

    #[test]
    fn pause_is_offered_in_a_game_on_a_clock_and_in_ai_vs_ai_only() {
        let context = |mode, clocked, paused| ToolContext {
            mode,
            over: false,
            puzzle: false,
            lesson: false,
            paused,
            clocked,
        };
        assert!(!shown(Icon::Pause, &context(Mode::Hotseat, false, false)));
        assert!(shown(Icon::Pause, &context(Mode::Hotseat, true, false)));
        assert!(shown(Icon::Pause, &context(Mode::AiVsAi, false, false)));
        // Paused: Resume takes its place.
        assert!(!shown(Icon::Pause, &context(Mode::Red, true, true)));
        assert!(shown(Icon::Resume, &context(Mode::Red, true, true)));
        // An ended game has nothing to pause.
        let over = ToolContext {
            over: true,
            ..context(Mode::Red, true, false)
        };
        assert!(!shown(Icon::Pause, &over));
        assert!(shown(Icon::Export, &over));
    }

    #[test]
    fn a_lesson_keeps_only_the_tools_that_make_sense_in_it() {
        let lesson = ToolContext {
            mode: Mode::Hotseat,
            over: false,
            puzzle: false,
            lesson: true,
            paused: false,
            clocked: false,
        };
        for icon in [
            Icon::Undo,
            Icon::Hint,
            Icon::Flip,
            Icon::Settings,
            Icon::Menu,
        ] {
            assert!(shown(icon, &lesson), "{icon:?}");
        }
        for icon in [
            Icon::Resign,
            Icon::Save,
            Icon::Analysis,
            Icon::Export,
            Icon::NewGame,
        ] {
            assert!(!shown(icon, &lesson), "{icon:?}");
        }
        let game = ToolContext {
            lesson: false,
            ..lesson
        };
        assert!(shown(Icon::Resign, &game) && shown(Icon::Save, &game));
    }
}
