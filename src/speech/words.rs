//! What is said for a move, a check and the end of a game, in the
//! language of the game.
//!
//! Mandarin is written for the synthesizer in pinyin with tone numbers
//! (`ju1 yi1 ping2 er4`), not in characters: the readings are then the
//! ones players use whatever the synthesizer's dictionary holds — 车 is
//! jū (not chē) and 将 the piece is jiàng (not jiāng, as in 将军). The words
//! are those of Chinese notation ([`crate::rules::notation::to_chinese`]),
//! read one character at a time. English says the rules' description of
//! the move ([`describe_move`]) as WXF notation reads: "Cannon two to
//! five", "Horse eight forward to seven", "Front chariot back two".
//! Vietnamese says it as Vietnamese notation reads: "Pháo hai bình năm",
//! "Mã tám tấn bảy", "Xe trước thoái một".

use crate::rules::notation::{
    Action, Charset, MoveDescription, Ordinal, describe_move, to_chinese,
};
use crate::rules::{GameResult, Move, PieceKind, Position};
use crate::words::Language;

/// The synthesizer's voice a spoken text is written for (the teacher's
/// written words take a [`crate::words::Writing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Voice {
    /// Mandarin, written in pinyin with tone numbers.
    Mandarin,
    /// English.
    English,
    /// Vietnamese.
    Vietnamese,
}

impl Voice {
    /// The voice for the game's language.
    pub fn of(lang: Language) -> Voice {
        match lang {
            Language::Zh | Language::ZhHant => Voice::Mandarin,
            Language::En => Voice::English,
            Language::Vi => Voice::Vietnamese,
        }
    }
}

/// Pinyin of a character of Chinese notation (pieces of both sides and
/// both charsets, the actions, the ordinals, the numerals and digits).
fn pinyin(c: char) -> Option<&'static str> {
    Some(match c {
        '车' | '車' | '俥' => "ju1",
        '马' | '馬' | '傌' => "ma3",
        '相' | '象' => "xiang4",
        '仕' | '士' => "shi4",
        '帅' | '帥' => "shuai4",
        '将' | '將' => "jiang4",
        '炮' | '砲' => "pao4",
        '兵' => "bing1",
        '卒' => "zu2",
        '进' | '進' => "jin4",
        '退' => "tui4",
        '平' => "ping2",
        '前' => "qian2",
        '中' => "zhong1",
        '后' | '後' => "hou4",
        '一' | '1' | '１' => "yi1",
        '二' | '2' | '２' => "er4",
        '三' | '3' | '３' => "san1",
        '四' | '4' | '４' => "si4",
        '五' | '5' | '５' => "wu3",
        '六' | '6' | '６' => "liu4",
        '七' | '7' | '７' => "qi1",
        '八' | '8' | '８' => "ba1",
        '九' | '9' | '９' => "jiu3",
        _ => return None,
    })
}

/// English number words.
const NUMBERS: [&str; 10] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
];

/// What is said for `mv` played in `pos` (before the move): Mandarin
/// reads the Chinese notation's characters, English and Vietnamese say the
/// rules' description of the move ([`describe_move`]) in words.
pub fn spoken_move(pos: &Position, mv: Move, voice: Voice) -> String {
    match voice {
        Voice::Mandarin => to_chinese(pos, mv, Charset::Simplified)
            .chars()
            .filter_map(pinyin)
            .collect::<Vec<_>>()
            .join(" "),
        Voice::English => describe_move(pos, mv).map_or_else(String::new, |d| english(&d)),
        Voice::Vietnamese => describe_move(pos, mv).map_or_else(String::new, |d| vietnamese(&d)),
    }
}

/// Vietnamese number words.
const SO: [&str; 10] = [
    "không", "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín",
];

/// A number word of `words` (ten and more, which no move reaches, as nine).
fn number(words: &[&'static str; 10], n: u8) -> &'static str {
    words[usize::from(n.min(9))]
}

/// As Vietnamese players read `P2-5`: "Pháo hai bình năm"; `M8.7`: "Mã
/// tám tấn bảy"; `Xs/1`: "Xe sau thoái một"; `Bg-6`: "Binh giữa bình sáu".
fn vietnamese(d: &MoveDescription) -> String {
    let mut words = vec![match d.kind {
        PieceKind::General => "Tướng",
        PieceKind::Advisor => "Sĩ",
        PieceKind::Elephant => "Tượng",
        PieceKind::Horse => "Mã",
        PieceKind::Chariot => "Xe",
        PieceKind::Cannon => "Pháo",
        PieceKind::Soldier => "Binh",
    }];
    if let Some(o) = d.ordinal {
        words.push(match o {
            Ordinal::Front => "trước",
            Ordinal::Middle => "giữa",
            Ordinal::Rear => "sau",
            Ordinal::Nth(k) => ["thứ nhất", "thứ hai", "thứ ba", "thứ tư", "thứ năm"]
                [usize::from(k.clamp(1, 5) - 1)],
        });
    }
    if let Some(f) = d.file {
        words.push(number(&SO, f));
    }
    words.push(match d.action {
        Action::Forward => "tấn",
        Action::Backward => "thoái",
        Action::Sideways => "bình",
    });
    words.push(number(&SO, d.number));
    words.join(" ")
}

/// As English players read `C2.5`: "Cannon two to five"; `H8+7`: "Horse
/// eight forward to seven"; `R+-2`: "Front chariot back two"; `P+9.8`:
/// "Front soldier nine to eight".
fn english(d: &MoveDescription) -> String {
    let mut words: Vec<String> = Vec::new();
    if let Some(o) = d.ordinal {
        words.push(
            match o {
                Ordinal::Front => "front",
                Ordinal::Middle => "middle",
                Ordinal::Rear => "rear",
                Ordinal::Nth(k) => {
                    ["first", "second", "third", "fourth", "fifth"][usize::from(k.clamp(1, 5) - 1)]
                }
            }
            .into(),
        );
    }
    words.push(d.kind.name().into());
    if let Some(f) = d.file {
        words.push(number(&NUMBERS, f).into());
    }
    let n = number(&NUMBERS, d.number);
    // Horses, elephants and advisors name the file they reach; the others
    // the steps they go.
    words.push(match (d.action, d.number_is_file()) {
        (Action::Sideways, _) => format!("to {n}"),
        (Action::Forward, true) => format!("forward to {n}"),
        (Action::Backward, true) => format!("back to {n}"),
        (Action::Forward, false) => format!("forward {n}"),
        (Action::Backward, false) => format!("back {n}"),
    });
    let text = words.join(" ");
    let mut c = text.chars();
    c.next().map_or(String::new(), |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}

/// "Check" (将军, jiāng jūn).
pub fn spoken_check(voice: Voice) -> &'static str {
    match voice {
        Voice::Mandarin => "jiang1 jun1",
        Voice::English => "Check",
        Voice::Vietnamese => "Chiếu tướng",
    }
}

/// "Checkmate" (将死, jiāng sǐ).
pub fn spoken_mate(voice: Voice) -> &'static str {
    match voice {
        Voice::Mandarin => "jiang1 si3",
        Voice::English => "checkmate",
        Voice::Vietnamese => "chiếu bí",
    }
}

/// The end of a game: who won, or a draw.
pub fn spoken_result(result: GameResult, voice: Voice) -> &'static str {
    match (result, voice) {
        (GameResult::RedWins, Voice::Mandarin) => "hong2 fang1 sheng4",
        (GameResult::BlackWins, Voice::Mandarin) => "hei1 fang1 sheng4",
        (GameResult::Draw, Voice::Mandarin) => "he2 qi2",
        (GameResult::RedWins, Voice::English) => "Red wins",
        (GameResult::BlackWins, Voice::English) => "Black wins",
        (GameResult::Draw, Voice::English) => "Draw",
        (GameResult::RedWins, Voice::Vietnamese) => "Đỏ thắng",
        (GameResult::BlackWins, Voice::Vietnamese) => "Đen thắng",
        (GameResult::Draw, Voice::Vietnamese) => "Hòa",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(fen: Option<&str>, iccs: &str, voice: Voice) -> String {
        let pos = fen.map_or_else(Position::startpos, |f| Position::from_fen(f).unwrap());
        spoken_move(&pos, Move::from_iccs(iccs).unwrap(), voice)
    }

    #[test]
    fn mandarin_reads_the_pieces_as_players_do() {
        assert_eq!(said(None, "h2e2", Voice::Mandarin), "pao4 er4 ping2 wu3");
        // 车 is jū.
        assert_eq!(said(None, "a0a1", Voice::Mandarin), "ju1 jiu3 jin4 yi1");
        // Black's numbers are read as numerals too.
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";
        assert_eq!(
            said(Some(black), "h9g7", Voice::Mandarin),
            "ma3 ba1 jin4 qi1"
        );
        // 将 the piece is jiàng; 将军 is jiāng jūn.
        let general = "4k4/9/9/9/9/9/9/9/9/3K5 b";
        assert_eq!(
            said(Some(general), "e9e8", Voice::Mandarin),
            "jiang4 wu3 jin4 yi1"
        );
        assert_eq!(spoken_check(Voice::Mandarin), "jiang1 jun1");
    }

    #[test]
    fn english_says_the_wxf_move_in_words() {
        assert_eq!(said(None, "h2e2", Voice::English), "Cannon two to five");
        assert_eq!(
            said(None, "h0g2", Voice::English),
            "Horse two forward to three"
        );
        assert_eq!(
            said(None, "a0a2", Voice::English),
            "Chariot nine forward two"
        );
        // Two chariots on a file: front and rear.
        let tandem = "5k3/9/9/9/9/9/4R4/9/4R4/3K5 w";
        assert_eq!(
            said(Some(tandem), "e3e2", Voice::English),
            "Front chariot back one"
        );
        assert_eq!(
            said(Some(tandem), "e1e0", Voice::English),
            "Rear chariot back one"
        );
    }

    #[test]
    fn vietnamese_says_the_vietnamese_move_in_words() {
        assert_eq!(said(None, "h2e2", Voice::Vietnamese), "Pháo hai bình năm");
        assert_eq!(said(None, "b0c2", Voice::Vietnamese), "Mã tám tấn bảy");
        let tandem = "5k3/9/9/9/9/9/4R4/9/4R4/3K5 w";
        assert_eq!(
            said(Some(tandem), "e1e0", Voice::Vietnamese),
            "Xe sau thoái một"
        );
        assert_eq!(Voice::of(Language::Vi), Voice::Vietnamese);
        assert_eq!(Voice::of(Language::ZhHant), Voice::Mandarin);
        assert_eq!(spoken_check(Voice::Vietnamese), "Chiếu tướng");
    }

    #[test]
    fn the_end_and_a_mate_are_said() {
        assert_eq!(
            spoken_result(GameResult::BlackWins, Voice::English),
            "Black wins"
        );
        assert_eq!(spoken_result(GameResult::Draw, Voice::Mandarin), "he2 qi2");
        assert_eq!(spoken_mate(Voice::Mandarin), "jiang1 si3");
    }
}
