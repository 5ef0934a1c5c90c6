//! Every word the game shows, in Chinese and English.
//!
//! Texts are looked up by key ([`Text`]) in the current [`Lang`]; nothing
//! else in the game spells out a user-visible word. Numbers and moves are
//! formatted by the caller around these words.

use crate::rules::{Color, GameResult, Outcome, Reason};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lang>();
}

/// The language of the interface.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// 中文.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// The other language (for the toggle button).
    pub fn toggled(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }
}

/// A user-visible text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    Title,
    Subtitle,
    ModeHeading,
    ModeRed,
    ModeBlack,
    ModeHotseat,
    ModeAiVsAi,
    Difficulty,
    RedAiLevel,
    BlackAiLevel,
    Start,
    Quit,
    LanguageToggle,
    MenuHint,
    Red,
    Black,
    ToMove,
    Human,
    Computer,
    Thinking,
    Waiting,
    Paused,
    Depth,
    BestLine,
    Undo,
    Redo,
    Flip,
    NewGame,
    Resign,
    Menu,
    Pause,
    Resume,
    Check,
    GameOver,
    RedWins,
    BlackWins,
    Draw,
    YouWin,
    YouLose,
    ShortcutHint,
    BadFen,
}

impl Text {
    /// The text in `lang`.
    pub fn get(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Text::Title => ("象棋", "Xiangqi"),
            Text::Subtitle => ("Xiangqi · Chinese Chess", "象棋 · Chinese Chess"),
            Text::ModeHeading => ("对局模式", "Mode"),
            Text::ModeRed => ("人机对战 · 我执红", "You (Red) vs AI"),
            Text::ModeBlack => ("人机对战 · 我执黑", "You (Black) vs AI"),
            Text::ModeHotseat => ("双人对战", "Two players"),
            Text::ModeAiVsAi => ("电脑对战", "AI vs AI"),
            Text::Difficulty => ("难度", "Difficulty"),
            Text::RedAiLevel => ("红方电脑", "Red AI"),
            Text::BlackAiLevel => ("黑方电脑", "Black AI"),
            Text::Start => ("开始", "Start"),
            Text::Quit => ("退出", "Quit"),
            Text::LanguageToggle => ("English", "中文"),
            Text::MenuHint => (
                "↑↓ 模式   ←→ 难度   Tab 切换红黑   Enter 开始",
                "↑↓ mode   ←→ level   Tab red/black   Enter start",
            ),
            Text::Red => ("红方", "Red"),
            Text::Black => ("黑方", "Black"),
            Text::ToMove => ("走棋", "to move"),
            Text::Human => ("玩家", "Human"),
            Text::Computer => ("电脑", "AI"),
            Text::Thinking => ("思考中", "Thinking"),
            Text::Waiting => ("等待", "Waiting"),
            Text::Paused => ("已暂停", "Paused"),
            Text::Depth => ("深度", "depth"),
            Text::BestLine => ("最佳", "Best"),
            Text::Undo => ("悔棋", "Undo"),
            Text::Redo => ("还原", "Redo"),
            Text::Flip => ("翻转", "Flip"),
            Text::NewGame => ("新局", "New game"),
            Text::Resign => ("认输", "Resign"),
            Text::Menu => ("菜单", "Menu"),
            Text::Pause => ("暂停", "Pause"),
            Text::Resume => ("继续", "Resume"),
            Text::Check => ("将军!", "Check!"),
            Text::GameOver => ("对局结束", "Game over"),
            Text::RedWins => ("红方胜", "Red wins"),
            Text::BlackWins => ("黑方胜", "Black wins"),
            Text::Draw => ("和棋", "Draw"),
            Text::YouWin => ("你赢了!", "You win!"),
            Text::YouLose => ("你输了", "You lose"),
            Text::ShortcutHint => (
                "Ctrl+Z 悔棋  Ctrl+Y 还原  F 翻转  N 新局  Esc 菜单",
                "Ctrl+Z undo  Ctrl+Y redo  F flip  N new  Esc menu",
            ),
            Text::BadFen => ("局面无效,从开局开始", "Invalid FEN, starting from the opening"),
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// "红方" / "Red".
pub fn side_name(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::Red => Text::Red.get(lang),
        Color::Black => Text::Black.get(lang),
    }
}

/// The result line of a finished game: "红方胜" / "Red wins" / "和棋".
pub fn result_text(o: &Outcome, lang: Lang) -> &'static str {
    match o.result {
        GameResult::RedWins => Text::RedWins.get(lang),
        GameResult::BlackWins => Text::BlackWins.get(lang),
        GameResult::Draw => Text::Draw.get(lang),
    }
}

/// Why the game ended, in words.
pub fn reason_text(r: &Reason, lang: Lang) -> String {
    let side = |c: &Color| side_name(*c, lang);
    match (r, lang) {
        (Reason::Checkmate, Lang::Zh) => "将死".into(),
        (Reason::Checkmate, Lang::En) => "checkmate".into(),
        (Reason::Stalemate, Lang::Zh) => "困毙(无子可动)".into(),
        (Reason::Stalemate, Lang::En) => "stalemate: no legal move".into(),
        (Reason::PerpetualCheck { by }, Lang::Zh) => format!("{}长将判负", side(by)),
        (Reason::PerpetualCheck { by }, Lang::En) => {
            format!("perpetual check by {}", side(by).to_lowercase())
        }
        (Reason::PerpetualChase { by }, Lang::Zh) => format!("{}长捉判负", side(by)),
        (Reason::PerpetualChase { by }, Lang::En) => {
            format!("perpetual chase by {}", side(by).to_lowercase())
        }
        (Reason::Repetition, Lang::Zh) => "三次重复局面".into(),
        (Reason::Repetition, Lang::En) => "threefold repetition".into(),
        (Reason::SixtyMoveRule, Lang::Zh) => "六十回合自然限着".into(),
        (Reason::SixtyMoveRule, Lang::En) => "60-move rule".into(),
        (Reason::NoAttackingMaterial, Lang::Zh) => "双方均无进攻子力".into(),
        (Reason::NoAttackingMaterial, Lang::En) => "no attacking material".into(),
        (Reason::Resignation { by }, Lang::Zh) => format!("{}认输", side(by)),
        (Reason::Resignation { by }, Lang::En) => format!("{} resigned", side(by)),
        (Reason::AgreedDraw, Lang::Zh) => "双方议和".into(),
        (Reason::AgreedDraw, Lang::En) => "draw agreed".into(),
    }
}

/// Red's file numerals, 一 … 九, indexed by count-from-the-right minus one.
pub const RED_FILE_NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
