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
    RedWins,
    BlackWins,
    Draw,
    YouWin,
    YouLose,
    ShortcutHint,
    // The settings screen (issue 5).
    Settings,
    Back,
    Volume,
    Sound,
    SoundOn,
    Muted,
    AnimationSpeed,
    Slow,
    Normal,
    Fast,
    Off,
    ShowLegalMoves,
    ShowCoordinates,
    ShowEvalBar,
    Show,
    Hide,
    Notation,
    NotationChinese,
    NotationWxf,
    NotationIccs,
    PieceChars,
    Traditional,
    Simplified,
    Language,
    LangZh,
    LangEn,
    SettingsHint,
    SettingsBroken,
    SettingsNotSaved,
    // Move list, review, records and puzzles (issue 5).
    Continue,
    BackToGame,
    PlayFromHere,
    Reviewing,
    ReviewKeysHint,
    Hint,
    SaveGame,
    CopyFen,
    CopyPgn,
    Paste,
    Clipboard,
    Opened,
    CannotOpen,
    SavedAs,
    NotSavedGame,
    FenCopied,
    PgnCopied,
    ClipboardFailed,
    NoSavedGame,
    CannotContinue,
    AutosaveFailed,
    SavedGames,
    SavedGamesHint,
    NoSavedGames,
    Unfinished,
    Plies,
    Puzzles,
    PuzzlesTitle,
    PuzzlesHint,
    Solved,
    Unsolved,
    Tried,
    MateIn,
    MovesLeft,
    PuzzleGoal,
    PuzzleSolved,
    PuzzleFailed,
    PuzzleOutOfMoves,
    Retry,
    NextPuzzle,
    PuzzleList,
    ProgressBroken,
    ProgressNotSaved,
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
                "↑↓ 模式   ←→ 难度   Tab 切换红黑   Enter 开始   O 设置",
                "↑↓ mode   ←→ level   Tab red/black   Enter start   O settings",
            ),
            Text::Red => ("红方", "Red"),
            Text::Black => ("黑方", "Black"),
            Text::ToMove => ("走棋", "to move"),
            Text::Human => ("玩家", "Human"),
            Text::Computer => ("电脑", "AI"),
            Text::Thinking => ("思考中", "Thinking"),
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
            Text::RedWins => ("红方胜", "Red wins"),
            Text::BlackWins => ("黑方胜", "Black wins"),
            Text::Draw => ("和棋", "Draw"),
            Text::YouWin => ("你赢了!", "You win!"),
            Text::YouLose => ("你输了", "You lose"),
            Text::ShortcutHint => (
                "Ctrl+Z 悔棋  Ctrl+Y 还原  F 翻转  N 新局  O 设置  Esc 菜单",
                "Ctrl+Z undo  Ctrl+Y redo  F flip  N new  O settings  Esc menu",
            ),
            Text::Settings => ("设置", "Settings"),
            Text::Back => ("返回", "Back"),
            Text::Volume => ("音量", "Volume"),
            Text::Sound => ("声音", "Sound"),
            Text::SoundOn => ("开", "On"),
            Text::Muted => ("静音", "Muted"),
            Text::AnimationSpeed => ("动画速度", "Animation"),
            Text::Slow => ("慢", "Slow"),
            Text::Normal => ("正常", "Normal"),
            Text::Fast => ("快", "Fast"),
            Text::Off => ("关", "Off"),
            Text::ShowLegalMoves => ("提示落点", "Legal moves"),
            Text::ShowCoordinates => ("棋盘坐标", "Coordinates"),
            Text::ShowEvalBar => ("局面评估条", "Evaluation bar"),
            Text::Show => ("显示", "Show"),
            Text::Hide => ("隐藏", "Hide"),
            Text::Notation => ("记谱法", "Notation"),
            Text::NotationChinese => ("中文", "Chinese"),
            Text::NotationWxf => ("WXF", "WXF"),
            Text::NotationIccs => ("ICCS", "ICCS"),
            Text::PieceChars => ("棋子字体", "Piece characters"),
            Text::Traditional => ("繁体 帥傌", "Traditional 帥傌"),
            Text::Simplified => ("简体 帅马", "Simplified 帅马"),
            Text::Language => ("语言", "Language"),
            Text::LangZh => ("中文", "中文"),
            Text::LangEn => ("English", "English"),
            Text::SettingsHint => (
                "↑↓ 选择   ←→ 更改   M 静音   Esc 返回",
                "↑↓ choose   ←→ change   M mute   Esc back",
            ),
            Text::SettingsBroken => (
                "设置文件有误，已改用默认值",
                "The settings file is broken; using defaults",
            ),
            Text::SettingsNotSaved => ("无法保存设置", "Could not save the settings"),
            Text::Continue => ("继续上一局", "Continue"),
            Text::BackToGame => ("返回对局", "Back to game"),
            Text::PlayFromHere => ("从此继续", "Play from here"),
            Text::Reviewing => ("回顾", "Reviewing"),
            Text::ReviewKeysHint => (
                "←→ 回顾  Home/End 首尾  H 提示  Ctrl+S 保存  Ctrl+C/V 复制/粘贴",
                "←→ review  Home/End  H hint  Ctrl+S save  Ctrl+C/V copy/paste",
            ),
            Text::Hint => ("提示", "Hint"),
            Text::SaveGame => ("保存", "Save"),
            Text::CopyFen => ("复制FEN", "Copy FEN"),
            Text::CopyPgn => ("复制PGN", "Copy PGN"),
            Text::Paste => ("粘贴", "Paste"),
            Text::Clipboard => ("剪贴板", "clipboard"),
            Text::Opened => ("已打开", "Opened"),
            Text::CannotOpen => ("无法打开", "Cannot open"),
            Text::SavedAs => ("已保存", "Saved"),
            Text::NotSavedGame => ("无法保存棋谱", "Could not save the game"),
            Text::FenCopied => ("已复制FEN", "FEN copied"),
            Text::PgnCopied => ("已复制PGN", "PGN copied"),
            Text::ClipboardFailed => ("剪贴板不可用", "Clipboard unavailable"),
            Text::NoSavedGame => ("没有可继续的对局", "No game to continue"),
            Text::CannotContinue => ("无法继续上一局", "Cannot continue the last game"),
            Text::AutosaveFailed => ("自动保存失败", "Autosave failed"),
            Text::SavedGames => ("棋谱", "Saved games"),
            Text::SavedGamesHint => ("点击打开 · Esc 返回", "Click to open · Esc back"),
            Text::NoSavedGames => (
                "还没有保存的棋谱(对局中按 Ctrl+S 保存)",
                "No saved games yet (Ctrl+S in a game saves it)",
            ),
            Text::Unfinished => ("未完", "Unfinished"),
            Text::Plies => ("步", "plies"),
            Text::Puzzles => ("残局", "Puzzles"),
            Text::PuzzlesTitle => ("残局 · 杀法练习", "Puzzles · mate problems"),
            Text::PuzzlesHint => (
                "执红先走,限步将死 · Esc 返回",
                "Red to move and mate in time · Esc back",
            ),
            Text::Solved => ("已解", "Solved"),
            Text::Unsolved => ("未解", "Unsolved"),
            Text::Tried => ("尝试", "Tried"),
            Text::MateIn => ("步杀", "Mate in"),
            Text::MovesLeft => ("剩余步数", "moves left:"),
            Text::PuzzleGoal => ("红先,限步将死", "Red to move and mate"),
            Text::PuzzleSolved => ("破解成功!", "Solved!"),
            Text::PuzzleFailed => ("未能破解", "Not solved"),
            Text::PuzzleOutOfMoves => ("步数已用完", "out of moves"),
            Text::Retry => ("重试", "Retry"),
            Text::NextPuzzle => ("下一题", "Next"),
            Text::PuzzleList => ("题目列表", "List"),
            Text::ProgressBroken => ("残局进度文件有误", "The puzzle progress file is broken"),
            Text::ProgressNotSaved => ("无法保存残局进度", "Could not save the puzzle progress"),
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
