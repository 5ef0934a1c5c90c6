//! Every word the game shows, in Chinese and English.
//!
//! Texts are looked up by key ([`Phrase`]) in the current [`Lang`]; nothing
//! else in the game spells out a user-visible word. Numbers and moves are
//! formatted by the caller around these words.

use crate::rules::{Color, GameResult, Outcome, Reason};
use bevy::prelude::*;

/// The language of the interface (the language setting as the views use it,
/// see [`crate::game::settings::CurrentLang`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
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

/// Defines [`Phrase`], its strings in both languages, and [`Phrase::ALL`].
macro_rules! texts {
    ($($name:ident => ($zh:expr, $en:expr $(,)?),)*) => {
        /// A user-visible text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Phrase {
            $($name,)*
        }

        impl Phrase {
            /// Every text (tests check each has both languages).
            #[cfg(test)]
            pub const ALL: &[Phrase] = &[$(Phrase::$name,)*];

            /// The text in `lang`.
            pub fn get(self, lang: Lang) -> &'static str {
                let (zh, en) = match self {
                    $(Phrase::$name => ($zh, $en),)*
                };
                match lang {
                    Lang::Zh => zh,
                    Lang::En => en,
                }
            }
        }
    };
}

texts! {
    Subtitle => ("Xiangqi · Chinese Chess", "象棋 · Chinese Chess"),
    ModeHeading => ("对局模式", "Mode"),
    ModeRed => ("人机对战 · 我执红", "You (Red) vs AI"),
    ModeBlack => ("人机对战 · 我执黑", "You (Black) vs AI"),
    ModeHotseat => ("双人对战", "Two players"),
    ModeAiVsAi => ("电脑对战", "AI vs AI"),
    Difficulty => ("难度", "Difficulty"),
    LevelRating => ("等级分", "rating"),
    YourRating => ("你的等级分", "Your rating"),
    Provisional => ("（暂定）", " (provisional)"),
    RatedGames => ("局", "games"),
    SuggestedLevel => ("建议", "suggested:"),
    NoRatingYet => (
        "你还没有等级分：与电脑下完一局就有了",
        "No rating yet: finish a game against the computer",
    ),
    PlaySuggested => ("选建议的难度", "Choose it"),
    RedAiLevel => ("红方电脑", "Red AI"),
    BlackAiLevel => ("黑方电脑", "Black AI"),
    Start => ("开始", "Start"),
    Quit => ("退出", "Quit"),
    LanguageToggle => ("English", "中文"),
    MenuHint => (
        "↑↓ 模式   ←→ 难度 (Shift: 黑方电脑)   Enter 开始   Tab 按钮   O 设置",
        "↑↓ mode   ←→ level (Shift: Black AI)   Enter start   Tab buttons   O settings",
    ),
    Red => ("红方", "Red"),
    Black => ("黑方", "Black"),
    ToMove => ("走棋", "to move"),
    Human => ("玩家", "Human"),
    Computer => ("电脑", "AI"),
    Thinking => ("思考中", "Thinking"),
    Paused => ("已暂停", "Paused"),
    Depth => ("深度", "depth"),
    BestLine => ("最佳", "Best"),
    Undo => ("悔棋", "Undo"),
    Redo => ("还原", "Redo"),
    Flip => ("翻转", "Flip"),
    NewGame => ("新局", "New game"),
    Resign => ("认输", "Resign"),
    Menu => ("菜单", "Menu"),
    Pause => ("暂停", "Pause"),
    Resume => ("继续", "Resume"),
    Check => ("将军!", "Check!"),
    RedWins => ("红方胜", "Red wins"),
    BlackWins => ("黑方胜", "Black wins"),
    Draw => ("和棋", "Draw"),
    YouWin => ("你赢了!", "You win!"),
    YouLose => ("你输了", "You lose"),
    Settings => ("设置", "Settings"),
    Back => ("返回", "Back"),
    Volume => ("音量", "Volume"),
    Sound => ("声音", "Sound"),
    SoundOn => ("开", "On"),
    Muted => ("静音", "Muted"),
    AnimationSpeed => ("动画速度", "Animation"),
    Slow => ("慢", "Slow"),
    Normal => ("正常", "Normal"),
    Fast => ("快", "Fast"),
    Off => ("关", "Off"),
    ShowLegalMoves => ("提示落点", "Legal moves"),
    ShowCoordinates => ("棋盘坐标", "Coordinates"),
    ShowEvalBar => ("局面评估条", "Evaluation bar"),
    Show => ("显示", "Show"),
    Hide => ("隐藏", "Hide"),
    Notation => ("记谱法", "Notation"),
    NotationChinese => ("中文", "Chinese"),
    NotationWxf => ("WXF", "WXF"),
    NotationIccs => ("ICCS", "ICCS"),
    PieceChars => ("棋子字体", "Piece characters"),
    Traditional => ("繁体 帥傌", "Traditional 帥傌"),
    Simplified => ("简体 帅马", "Simplified 帅马"),
    Language => ("语言", "Language"),
    LangZh => ("中文", "中文"),
    LangEn => ("English", "English"),
    SettingsHint => (
        "↑↓ 选择   ←→ 更改   M 静音   Esc 返回",
        "↑↓ choose   ←→ change   M mute   Esc back",
    ),
    SettingsBroken => (
        "设置文件有误，已改用默认值",
        "The settings file is broken; using defaults",
    ),
    SettingsNotSaved => ("无法保存设置", "Could not save the settings"),
    Continue => ("继续上一局", "Continue"),
    BackToGame => ("返回对局", "Back to game"),
    PlayFromHere => ("从此继续", "Play from here"),
    Browsing => ("回顾", "Reviewing"),
    Hint => ("提示", "Hint"),
    SaveGame => ("保存", "Save"),
    CopyFen => ("复制FEN", "Copy FEN"),
    CopyPgn => ("复制PGN", "Copy PGN"),
    Paste => ("粘贴", "Paste"),
    Clipboard => ("剪贴板", "clipboard"),
    Opened => ("已打开", "Opened"),
    CannotOpen => ("无法打开", "Cannot open"),
    SavedAs => ("已保存", "Saved"),
    NotSavedGame => ("无法保存棋谱", "Could not save the game"),
    FenCopied => ("已复制FEN", "FEN copied"),
    PgnCopied => ("已复制PGN", "PGN copied"),
    ClipboardFailed => ("剪贴板不可用", "Clipboard unavailable"),
    NoSavedGame => ("没有可继续的对局", "No game to continue"),
    CannotContinue => ("无法继续上一局", "Cannot continue the last game"),
    AutosaveFailed => ("自动保存失败", "Autosave failed"),
    UnfinishedGameKept => (
        "上一局未下完，已存入棋谱",
        "The unfinished game was kept in Saved games",
    ),
    StoredReviewDamaged => (
        "保存的复盘无法使用，已重新复盘，原文件另存",
        "The stored review could not be used; reviewing again, the old file kept aside",
    ),
    AutosaveRepaired => (
        "自动保存的文件有损坏，已恢复能读出的部分",
        "The autosave was damaged; what could be read was restored",
    ),
    SavedGames => ("棋谱", "Saved games"),
    SavedGamesHint => ("点击打开 · Esc 返回", "Click to open · Esc back"),
    ReadingSavedGames => ("正在读取棋谱…", "Reading the saved games…"),
    NoSavedGames => (
        "还没有保存的棋谱(对局中按 Ctrl+S 保存)",
        "No saved games yet (Ctrl+S in a game saves it)",
    ),
    Unfinished => ("未完", "Unfinished"),
    Plies => ("步", "plies"),
    Puzzles => ("残局", "Puzzles"),
    PuzzlesTitle => ("残局 · 杀法练习", "Puzzles · mate problems"),
    PuzzlesHint => (
        "执红先走,限步将死 · Esc 返回",
        "Red to move and mate in time · Esc back",
    ),
    Solved => ("已解", "Solved"),
    Unsolved => ("未解", "Unsolved"),
    Tried => ("尝试", "Tried"),
    MateIn => ("步杀", "Mate in"),
    MovesLeft => ("剩余步数", "moves left:"),
    PuzzleGoal => ("红先,限步将死", "Red to move and mate"),
    PuzzleSolved => ("破解成功!", "Solved!"),
    PuzzleFailed => ("未能破解", "Not solved"),
    PuzzleOutOfMoves => ("步数已用完", "out of moves"),
    Retry => ("重试", "Retry"),
    NextPuzzle => ("下一题", "Next"),
    PuzzleList => ("题目列表", "List"),
    ProgressBroken => ("残局进度文件有误", "The puzzle progress file is broken"),
    ProgressNotSaved => ("无法保存残局进度", "Could not save the puzzle progress"),
    // The analysis panel.
    Analysis => ("分析", "Analysis"),
    AnalysisDepth => ("深度", "depth"),
    AnalysisStarting => ("分析中…", "Thinking…"),
    AnalysisWaiting => ("电脑思考时暂停", "Paused while the AI thinks"),
    AnalysisNoMoves => ("无棋可走", "No legal move"),
    AnalysisLines => ("分析线数", "Analysis lines"),
    ScoreView => ("分数视角", "Scores from"),
    ScoreRed => ("红方", "Red's view"),
    ScoreMover => ("走棋方", "side to move"),
    One => ("一", "1"),
    Two => ("二", "2"),
    Three => ("三", "3"),
    Four => ("四", "4"),
    Five => ("五", "5"),
    // The keyboard help.
    Shortcuts => ("快捷键", "Shortcuts"),
    HelpTitle => ("快捷键", "Keyboard shortcuts"),
    KeyCursor => ("在棋盘上移动光标", "Move the cursor on the board"),
    KeyPick => ("拿起棋子 / 落子", "Pick up a piece / put it down"),
    KeyCancel => ("取消选择 · 关闭 · 回菜单", "Cancel · close · back to the menu"),
    KeyTab => ("在按钮间切换", "Next / previous button"),
    KeyBrowse => ("回顾上一步 / 下一步", "Review: back / forward"),
    KeyBrowseEnds => ("回顾开局 / 最新", "Review: first / last"),
    Close => ("关闭", "Close"),
    Winner => ("胜", "wins"),
    // The game review.
    ReviewGame => ("复盘", "Review"),
    ReviewQuick => ("快速复盘", "Quick review"),
    ReviewThorough => ("深入复盘", "Thorough review"),
    EffortQuick => ("快速", "quick"),
    EffortThorough => ("深入", "thorough"),
    Analysing => ("分析中", "Analysing"),
    Cancel => ("取消", "Cancel"),
    Accuracy => ("准确率", "accuracy"),
    JudgeBest => ("最佳", "best"),
    JudgeExcellent => ("优秀", "excellent"),
    JudgeGood => ("良好", "good"),
    JudgeInaccuracy => ("欠佳", "inaccuracy"),
    JudgeMistake => ("失误", "mistake"),
    JudgeBlunder => ("败着", "blunder"),
    BetterWas => ("更好", "Better"),
    ReviewNotStored => ("复盘结果无法保存", "Could not store the review"),
    ReviewFailed => ("无法复盘", "Cannot review"),
    NewMistakePuzzles => (
        "你的错着已加入残局练习",
        "Your mistakes were added to the puzzles",
    ),
    MyPuzzlesBroken => (
        "错着练习文件有误",
        "The file of puzzles from your games is broken",
    ),
    MyPuzzlesNotSaved => (
        "无法保存错着练习",
        "Could not save the puzzles from your games",
    ),
    FromMyGames => ("我的对局 · 错着练习", "From my games · find the better move"),
    MyPuzzlesEmpty => (
        "复盘一局棋后,你的失误和败着会出现在这里",
        "Review a game: your mistakes and blunders appear here",
    ),
    ClassicPuzzles => ("经典残局", "Classic mate problems"),
    Remove => ("删除", "Remove"),
    FindBetterMove => ("找出更好的一着", "Find the better move"),
    YouPlayed => ("实战", "Played"),
    CheckingMove => ("判断中", "Checking"),
    BetterMoveFound => ("正确!", "Correct!"),
    NotGoodEnough => ("不够好,再试一次", "Not good enough, try again"),
    FromMyGamesShort => ("我的错着", "My mistakes"),
    // The clocks.
    ClockHeading => ("时限", "Clock"),
    RedClock => ("红方", "Red"),
    BlackClock => ("黑方", "Black"),
    HandicapHeading => ("让子", "Handicap"),
    HandicapGiver => ("让子方", "Giving side"),
    Replies => ("电脑应着", "Computer replies"),
    RepliesHuman => ("像人一样思考", "At a person's pace"),
    RepliesQuick => ("快速应着", "Quick replies"),
    KeyExplorer => ("开局库(棋谱库中的着法与对局)", "Opening explorer (moves and games of the database)"),
    KeyCopyMoves => ("复制着法文本(1. 炮二平五 …)", "Copy the moves as text (1. C2.5 …)"),
    MovesCopied => ("着法已复制", "Moves copied"),
    ImportRecord => ("导入棋谱", "Import"),
    ImportIntoDatabase => ("导入棋谱库", "Import into the database"),
    ImportDatabaseHint => (
        "输入棋谱文件或文件夹的路径(可含多局、子文件夹),回车导入棋谱库",
        "Type the path of a collection or a folder (many games, subfolders too) and press Enter to import it",
    ),
    ImportHint => (
        "输入棋谱文件路径(PGN、XQF、东萍、文本),回车打开;也可把文件拖到窗口上",
        "Type the path of a record (PGN, XQF, DhtmlXQ, text) and press Enter, or drop the file on the window",
    ),
    ExportPicture => ("导出图片", "Export picture"),
    ExportedTo => ("已导出图片和动图", "Picture and GIF written"),
    ExportFailed => ("无法导出图片", "Could not export the picture"),
    // The position editor.
    EditPosition => ("摆棋", "Edit position"),
    EditorTitle => ("摆棋 · 局面编辑", "Position editor"),
    EditorHint => (
        "拖动棋子摆放 · 右键或拖出棋盘移除 · Esc 返回",
        "Drag pieces to place them · right click or drag off to remove · Esc back",
    ),
    ClearBoard => ("清空", "Clear"),
    StartPosition => ("初始局面", "Start position"),
    SideToMove => ("先走", "To move"),
    PositionValid => ("局面合法", "Valid position"),
    PositionInvalid => ("局面不合法", "Invalid position"),
    PlayPosition => ("对弈", "Play"),
    AnalysePosition => ("分析", "Analyse"),
    SaveAsPuzzle => ("存为残局", "Save as puzzle"),
    SavingPuzzle => ("电脑在找最佳着法…", "The engine is finding the best move…"),
    PuzzleSaved => ("已存入我的残局", "Saved to my puzzles"),
    PuzzleAlreadySaved => ("这个局面已在我的残局中", "This position is already in my puzzles"),
    NoMoveToFind => ("无棋可走,不能作为残局", "No legal move: not a puzzle"),
    SetFull => ("这种棋子已用完", "No more of this piece"),
    ModeRedShort => ("我执红", "I play Red"),
    ModeBlackShort => ("我执黑", "I play Black"),
    MyPuzzles => ("我的残局", "My puzzles"),
    MyPosition => ("我摆的局面", "My position"),
    FindBestMove => ("找出最佳着法", "Find the best move"),
    // The move tree's tools.
    PromoteVariation => ("升为主变", "Promote"),
    DeleteVariation => ("删除变着", "Delete variation"),
    CommentButton => ("注释", "Comment"),
    CommentSave => ("确定", "Save"),
    OnVariation => ("变着", "Variation"),
    // The game database.
    DatabaseImported => ("已导入棋谱库", "Imported into the game database"),
    DatabaseImportRunning => ("棋谱库正在导入", "An import is already running"),
    DatabaseFailed => ("棋谱库出错", "Game database problem"),
    DatabaseRebuilt => ("棋谱库有损，已另存并重建", "The game database was damaged; it was set aside and rebuilt"),
    ProfileBroken => ("等级分文件有损，已读出能读的部分", "The rating file is damaged; what could be read is kept"),
    ProfileNotSaved => ("等级分未能保存", "The rating could not be saved"),
    RatingChanged => ("你的等级分", "Your rating"),
    DatabaseImporting => ("导入中", "importing"),
    Explorer => ("开局库", "Explorer"),
    ExplorerNoDatabase => ("开局库 · 没有棋谱库（无法保存文件）", "Explorer · no game database (no home folder)"),
    ExplorerNoGames => ("棋谱库中没有这个局面", "no game reached this position"),
    ExplorerGames => ("局", "games"),
    ExplorerYours => ("我的", "yours"),
    ExplorerAll => ("全部", "All"),
    ExplorerMine => ("我的对局", "Mine"),
    ExplorerYears => ("年份", "Years"),
    ExplorerAnyYear => ("不限", "any"),
    ExplorerPlayer => ("棋手", "Player"),
    ExplorerAnyPlayer => ("全部", "anyone"),
    // The engine list
    Engines => ("引擎", "Engines"),
    EnginesHint => (
        "点击输入框输入 · Enter 确定 · Esc 返回",
        "Click a field to type · Enter keeps it · Esc back",
    ),
    EngineCommandHint => (
        "引擎程序的路径和参数(UCI 或 UCCI 引擎,如 /usr/local/bin/pikafish)",
        "The engine's program and its arguments (a UCI or UCCI engine, e.g. /usr/local/bin/pikafish)",
    ),
    EngineList => ("我的引擎", "My engines"),
    EngineAdd => ("添加", "Add"),
    EngineDetecting => (
        "正在启动引擎并识别协议(每种协议最多等10秒)…",
        "Starting the engine and asking its protocol (up to 10 s each)…",
    ),
    EngineAdded => ("已添加", "Added"),
    EngineAddFailed => ("无法添加", "Cannot add"),
    EngineNone => ("还没有引擎", "No engines yet"),
    EngineAddHint => (
        "在上面输入引擎程序的路径,再按添加",
        "Type an engine's program above and press Add",
    ),
    EngineSelectHint => ("选择一个引擎,查看它的选项", "Select an engine to see its options"),
    EngineCommandLabel => ("命令", "Command"),
    EngineRename => ("改名", "Rename"),
    EngineNameTaken => ("这个名字已被使用", "That name is taken"),
    EngineNameEmpty => ("名字不能为空", "A name cannot be empty"),
    EngineTest => ("测试", "Test"),
    EngineTesting => (
        "测试中:从初始局面思考一秒…",
        "Testing: a second's search of the start position…",
    ),
    EngineTestFailed => ("测试失败", "Test failed"),
    EngineTestMove => ("测试着法", "Test move"),
    EngineNoMove => ("没有给出着法", "no move given"),
    EngineIllegalMove => ("不合法的着法", "an illegal move"),
    EngineScore => ("分数", "score"),
    EngineOptions => ("选项", "Options"),
    EngineReadingOptions => ("正在读取选项…", "Reading the options…"),
    EngineNoOptions => ("这个引擎没有选项", "This engine has no options"),
    EngineOptionsFailed => ("无法读取选项", "Cannot read the options"),
    EngineRefused => ("不接受", "Refused"),
    EngineDefault => ("默认", "Default"),
    EnginePress => ("执行", "Press"),
    EngineWillPress => ("下次启动时执行", "sent at the next start"),
    EngineRejected => (
        "设置文件中有损坏的引擎项,已略去:",
        "Damaged engine entries in the settings file, left out:",
    ),
    // The player's engines in play.
    EngineFailed => ("引擎出错,对局已暂停", "The engine failed; the game is paused"),
    EngineFailedHint => (
        "按空格由内置引擎接着下,或回菜单另选引擎",
        "Press Space to let the built-in engine play on, or choose another engine in the menu",
    ),
    EngineTakenOver => ("内置引擎接着下", "The built-in engine plays on"),
    AnalysisEngineFailed => ("分析引擎出错,改用内置引擎", "The analysis engine failed; the built-in engine analyses"),
    HintEngineFailed => ("提示引擎出错", "The hint engine failed"),
    EngineStrength => ("每步", "per move"),
    EngineUsedFor => ("用作", "Use for"),
    EngineOwnDefault => ("引擎默认", "the engine's default"),
    AnalysisEngine => ("分析", "Analysis"),
    HintEngine => ("提示", "Hints"),
    ReviewEngine => ("复盘", "Review"),
    Excluded => ("已排除", "Excluded"),
    KeyExclude => ("分析:排除最佳着法 / 清除排除", "Analysis: exclude the best move / clear the exclusions"),
}

/// "红方" / "Red".
pub fn side_name(c: Color, lang: Lang) -> &'static str {
    match c {
        Color::Red => Phrase::Red.get(lang),
        Color::Black => Phrase::Black.get(lang),
    }
}

/// The result line of a finished game: "红方胜" / "Red wins" / "和棋".
pub fn result_text(o: &Outcome, lang: Lang) -> &'static str {
    match o.result {
        GameResult::RedWins => Phrase::RedWins.get(lang),
        GameResult::BlackWins => Phrase::BlackWins.get(lang),
        GameResult::Draw => Phrase::Draw.get(lang),
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
        // On time.
        (Reason::Timeout { by }, Lang::Zh) => format!("{}超时判负", side(by)),
        (Reason::Timeout { by }, Lang::En) => format!("{} lost on time", side(by)),
        (Reason::TimeoutDraw { by }, Lang::Zh) => {
            format!("{}超时,对方无子可胜,判和", side(by))
        }
        (Reason::TimeoutDraw { by }, Lang::En) => format!(
            "{} ran out of time, but the other side cannot mate: a draw",
            side(by)
        ),
    }
}

/// A time control in words: "10分+5秒", "10分 读秒30秒", "步时30秒", "不限时".
pub fn clock_text(c: crate::rules::clock::TimeControl, lang: Lang) -> String {
    use crate::rules::clock::TimeControl as C;
    let time = |secs: u32| match (lang, secs) {
        (Lang::Zh, s) if s >= 60 && s % 60 == 0 => format!("{}分", s / 60),
        (Lang::Zh, s) if s >= 60 => format!("{}分{}秒", s / 60, s % 60),
        (Lang::Zh, s) => format!("{s}秒"),
        (Lang::En, s) if s >= 60 && s % 60 == 0 => format!("{} min", s / 60),
        (Lang::En, s) if s >= 60 => format!("{} min {} s", s / 60, s % 60),
        (Lang::En, s) => format!("{s} s"),
    };
    match (c, lang) {
        (C::None, Lang::Zh) => "不限时".into(),
        (C::None, Lang::En) => "No clock".into(),
        (C::Fischer { base, increment }, Lang::Zh) => format!("{}+{}", time(base), time(increment)),
        (C::Fischer { base, increment }, Lang::En) => {
            format!("{} + {}", time(base), time(increment))
        }
        (C::Countdown { base: 0, per_move }, Lang::Zh) => format!("步时{}", time(per_move)),
        (C::Countdown { base: 0, per_move }, Lang::En) => format!("{} a move", time(per_move)),
        (C::Countdown { base, per_move }, Lang::Zh) => {
            format!("{} 读秒{}", time(base), time(per_move))
        }
        (C::Countdown { base, per_move }, Lang::En) => {
            format!("{}, then {} a move", time(base), time(per_move))
        }
    }
}

/// Red's file numerals, 一 … 九, indexed by count-from-the-right minus one.
pub const RED_FILE_NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
