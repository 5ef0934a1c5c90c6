#!/usr/bin/env python3
"""Regenerate the project's CJK font subsets in assets/fonts/.

Source: Debian package `fonts-noto-cjk` (Noto CJK, SIL Open Font License 1.1):

    apt-get install -y fonts-noto-cjk
    pip install fonttools          # provides fontTools.subset (pyftsubset)
    python3 assets/fonts/make_subset.py

Outputs (CFF-outline OpenType; Bevy 0.19 renders them through swash/skrifa):

    pieces.otf  Noto Serif CJK SC Bold  (face 2 of NotoSerifCJK-Bold.ttc):
                engraved piece characters, board text, titles.
    ui.otf      Noto Sans CJK SC Regular (face 2 of NotoSansCJK-Regular.ttc):
                menus, panels, move lists.

Both fonts get the same character set (listed in charset.txt, written here
too): printable ASCII, Latin-1 / general / CJK / full-width punctuation,
Chinese numerals, every piece name in simplified and traditional form, the
3755 level-1 characters of GB 2312 (the most common simplified characters,
taken from Python's built-in gb2312 codec so no word list has to be
downloaded), traditional forms of the game's vocabulary, and every non-ASCII
character found in src/**/*.rs (and the puzzles and the course) at the time the script runs.  Re-run after
adding UI strings with new characters; the script fails if a character used
in src/ has no glyph in the source font.

The result is deterministic for a given fonttools version and source font.
"""

import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
NOTO = pathlib.Path("/usr/share/fonts/opentype/noto")

# (output file, source collection, face index, expected full name)
FONTS = [
    ("pieces.otf", NOTO / "NotoSerifCJK-Bold.ttc", 2, "Noto Serif CJK SC Bold"),
    ("ui.otf", NOTO / "NotoSansCJK-Regular.ttc", 2, "Noto Sans CJK SC"),
]

# Characters that must be in the subset (the script fails if one is missing).
REQUIRED = (
    # Pieces, simplified and traditional, both sides.
    "帥帅仕相傌马俥车炮兵將将士象馬車砲卒"
    # The river.
    "楚河漢界汉"
    # Chinese notation.
    "进退平前后中進後"
    "〇零一二三四五六七八九十百千万萬两兩"
    "０１２３４５６７８９"
    # Full-width and CJK punctuation most often typed.
    "，。、：；！？（）·—…「」『』《》〈〉【】“”‘’～"
)

# The game's vocabulary, simplified then traditional (anticipated UI words;
# most characters are in GB 2312 level 1 anyway, this list catches the rest).
VOCABULARY_SC = """
中国象棋 象棋 主菜单 菜单 开始 新局 新游戏 继续 退出 返回 确定 取消 关闭 是 否
人机对战 双人对战 电脑对战 对弈 人类 电脑 引擎 玩家 红方 黑方 执红 执黑 先手 后手
难度 级别 入门 新手 初级 中级 高级 业余 棋手 大师 特级大师 专家 宗师
悔棋 重做 撤销 翻转 棋盘 认输 求和 提和 和棋 红胜 黑胜 胜 负 和 平局 对局结束 游戏结束
提示 设置 选项 音量 音效 静音 声音 音乐 动画速度 动画 快 慢 正常 关 开 显示 隐藏
坐标 评估 评分 分数 记谱 棋谱 着法 步数 回合 繁体 简体 语言 中文 英文 英语
残局 谜题 排局 已解 未解 解答 挑战 关卡 练习 教学 规则 帮助 关于 版本 作者 许可
保存 载入 加载 导入 导出 文件 复制 粘贴 剪贴板 局面 开局 中局 分析
将军 将死 困毙 长将 长捉 捉 闲着 违例 判负 判和 重复局面 自然限着 六十回合
思考 思考中 深度 节点 步 秒 分钟 小时 时间 计时 用时 剩余 无限 每步
你赢了 你输了 红方胜 黑方胜 轮到 走棋 该走 非法着法 不能走 被将军 请走棋
帅 仕 相 马 车 炮 兵 将 士 象 卒 河界 九宫 楚河 汉界
上一步 下一步 第一步 最后一步 自动 手动 窗口 全屏 主题 木纹 颜色 经典 现代
"""

VOCABULARY_TC = """
中國象棋 主菜單 菜單 開始 新局 新遊戲 繼續 退出 返回 確定 取消 關閉
人機對戰 雙人對戰 電腦對戰 對弈 人類 電腦 引擎 玩家 紅方 黑方 執紅 執黑 先手 後手
難度 級別 入門 新手 初級 中級 高級 業餘 棋手 大師 特級大師 專家 宗師
悔棋 重做 撤銷 翻轉 棋盤 認輸 求和 提和 和棋 紅勝 黑勝 勝 負 平局 對局結束 遊戲結束
提示 設置 設定 選項 音量 音效 靜音 聲音 音樂 動畫速度 動畫 快 慢 正常 關 開 顯示 隱藏
坐標 評估 評分 分數 記譜 棋譜 著法 步數 回合 繁體 簡體 語言 中文 英文 英語
殘局 謎題 排局 已解 未解 解答 挑戰 關卡 練習 教學 規則 幫助 關於 版本 作者 許可
保存 儲存 載入 加載 導入 導出 檔案 文件 複製 粘貼 貼上 剪貼簿 局面 開局 中局 分析
將軍 將死 困斃 長將 長捉 閒著 違例 判負 判和 重複局面 自然限著 六十回合
思考 思考中 深度 節點 步 秒 分鐘 小時 時間 計時 用時 剩餘 無限 每步
你贏了 你輸了 紅方勝 黑方勝 輪到 走棋 該走 非法著法 不能走 被將軍 請走棋
帥 仕 相 傌 俥 炮 兵 將 士 象 馬 車 砲 卒 河界 九宮 楚河 漢界
上一步 下一步 第一步 最後一步 自動 手動 窗口 視窗 全螢幕 主題 木紋 顏色 經典 現代
"""

OPTIONAL_SYMBOLS = (
    # Latin-1 and general punctuation, arrows, shapes that UIs like to use.
    "¡¢£¥§¨©«®°±²³´µ¶·¹»¼½¾¿×÷"
    "‐‑‒–—―‖‘’‚“”„†‡•‥…‧‰′″‹›※‼⁇⁈⁉€™"
    "←↑→↓↔↕↖↗↘↙⇐⇒⇔∞≈≠≤≥√"
    "─│┌┐└┘├┤┬┴┼"
    "■□▲△▶▷▼▽◀◁◆◇○◎●◯★☆✓"
)


def gb2312_level1():
    """The 3755 level-1 hanzi of GB 2312 (rows 16-55), the common set."""
    chars = []
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                chars.append(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass  # row 55 ends at 0xF9
    return chars


def source_chars():
    """Every non-ASCII character in the Rust sources and the puzzle names, with where it was seen."""
    found = {}
    sources = sorted((REPO / "src").rglob("*.rs")) + [
        REPO / "assets/puzzles/puzzles.jsonl",
        REPO / "assets/course/course.json",
    ]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for ch in text:
            if ord(ch) > 0x7E and ch.isprintable():
                found.setdefault(ch, path.relative_to(REPO))
    return found


def charset():
    chars = set(chr(c) for c in range(0x20, 0x7F))
    chars |= set(REQUIRED)
    chars |= set(c for c in VOCABULARY_SC + VOCABULARY_TC if not c.isspace())
    chars |= set(OPTIONAL_SYMBOLS)
    chars |= set(chr(c) for c in range(0x3001, 0x3020))  # CJK symbols/punct.
    chars |= set(chr(c) for c in range(0xFF01, 0xFF5F))  # full-width ASCII
    chars |= set("\u3000\uFFE5\uFF5F\uFF60")  # ideographic space, ￥, ｟｠
    chars |= set(gb2312_level1())
    chars |= set(source_chars())
    return chars


def main():
    chars = charset()
    from_src = source_chars()
    must = set(REQUIRED) | set(from_src) | set(chr(c) for c in range(0x20, 0x7F))
    must |= set(c for c in VOCABULARY_SC + VOCABULARY_TC if not c.isspace())
    (HERE / "charset.txt").write_text(
        "".join(sorted(chars)) + "\n", encoding="utf-8"
    )
    failed = False
    for out, ttc, index, name in FONTS:
        font = TTCollection(str(ttc)).fonts[index]
        full = font["name"].getDebugName(4)
        if full != name:
            sys.exit(f"{ttc} face {index} is {full!r}, expected {name!r}")
        cmap = font.getBestCmap()
        missing = sorted(c for c in chars if ord(c) not in cmap)
        if missing:
            print(f"{out}: not in the source font (skipped): {''.join(missing)}")
        bad = [c for c in missing if c in must]
        if bad:
            for c in bad:
                where = from_src.get(c, "required list")
                print(f"{out}: no glyph for {c!r} U+{ord(c):04X} ({where})")
            failed = True
        options = subset.Options()
        options.font_number = index
        options.name_IDs = ["*"]  # keep copyright / licence records
        options.name_languages = ["*"]
        options.notdef_outline = True
        # Horizontal text in the SC face only: no 'locl' (it would pull in the
        # Japanese/Korean/TC/HK glyph variants) and no vertical forms.
        options.layout_features = ["ccmp", "calt", "liga", "kern", "palt", "halt"]
        options.drop_tables += ["vhea", "vmtx", "VORG"]  # no vertical text
        options.hinting = False  # swash renders unhinted anyway; saves space
        options.desubroutinize = False
        font = subset.load_font(str(ttc), options, dontLoadGlyphNames=True)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[ord(c) for c in chars])
        subsetter.subset(font)
        subset.save_font(font, str(HERE / out), options)
        kept = len(font.getBestCmap())
        size = (HERE / out).stat().st_size
        print(
            f"{out}: {full}, {kept} characters "
            f"({len(missing)} requested not in font), {size} bytes"
        )
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
