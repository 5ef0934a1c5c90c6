//! Why a move cannot be played, as a teacher says it: "the horse's leg on
//! e3 is blocked", "the elephant cannot cross the river", "that move leaves
//! your general in check". [`why`] looks at any attempted move — a click
//! from one point to another — and names the first rule it breaks, from
//! the piece's own movement (its shape, its leg or eye, the palace, the
//! river, the cannon's screen) to the whole board's (the facing generals,
//! a general left in check). It agrees with the rules' move generator on
//! every move: [`why`] is `None` exactly when [`Position::is_legal`] is
//! true (a test walks every from–to pair of many positions).
//!
//! The board's geometry (palaces, halves, legs, eyes, the points between)
//! is the rules' ([`crate::rules::geometry`]). The words are in the four
//! languages ([`WrongMove::text`]: Simplified and Traditional Chinese,
//! English, Vietnamese), short and concrete, naming the points in ICCS as
//! the board's labels do.

use crate::rules::geometry::{
    across_river, delta, elephant_eye, horse_leg, in_palace, own_half, pieces_between,
};
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};
use crate::words::{Language, piece_name};
use std::fmt;

/// The first rule an attempted move breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrongMove {
    /// From a point to itself.
    SamePoint,
    /// Nothing stands on the from-point.
    NoPiece {
        /// The empty point.
        at: Square,
    },
    /// The piece belongs to the side not to move.
    NotYourPiece {
        /// The piece.
        piece: Piece,
    },
    /// The to-point holds one of the mover's own pieces.
    OwnPiece {
        /// The piece there.
        piece: Piece,
        /// Where.
        at: Square,
    },
    /// The general moves one point along a line.
    GeneralOneStep,
    /// The general would leave the palace.
    GeneralLeavesPalace,
    /// The advisor moves one point diagonally.
    AdvisorOneDiagonal,
    /// The advisor would leave the palace.
    AdvisorLeavesPalace,
    /// The elephant moves exactly two points diagonally.
    ElephantShape,
    /// The elephant would cross the river.
    ElephantCrossesRiver,
    /// The elephant's eye (the point between) is occupied.
    ElephantEyeBlocked {
        /// The eye.
        eye: Square,
    },
    /// The horse moves one point straight, then one diagonally (a 日).
    HorseShape,
    /// The horse's leg (the point next to it on the way) is occupied.
    HorseLegBlocked {
        /// The leg.
        leg: Square,
    },
    /// Chariots and cannons move along files and ranks only.
    StraightOnly {
        /// Chariot or cannon.
        kind: PieceKind,
    },
    /// A piece stands in the chariot's way.
    ChariotBlocked {
        /// The first piece in the way.
        at: Square,
    },
    /// A cannon that does not capture moves like a chariot: nothing between.
    CannonBlocked {
        /// The first piece in the way.
        at: Square,
    },
    /// A cannon captures by jumping exactly one piece (the screen).
    CannonScreen {
        /// How many pieces stand between (0, or 2 and more).
        screens: u32,
    },
    /// A soldier never moves backward.
    SoldierBackward,
    /// A soldier moves sideways only after crossing the river.
    SoldierSidewaysBeforeRiver,
    /// A soldier moves one point at a time.
    SoldierOneStep,
    /// After the move the two generals would face each other on an open file.
    GeneralsFace {
        /// The file, `a` … `i`.
        file: char,
    },
    /// After the move the mover's general would be attacked.
    LeavesGeneralInCheck {
        /// The attacker.
        by: Piece,
        /// Where it stands.
        at: Square,
        /// True if the general was already in check (the move does not answer it).
        was_in_check: bool,
    },
}

/// The first rule `m` breaks in `pos`, or `None` if it is legal.
pub fn why(pos: &Position, m: Move) -> Option<WrongMove> {
    why_pseudo(pos, m).or_else(|| why_unsafe(pos, m))
}

/// The piece's own movement rules (everything but the general's safety).
fn why_pseudo(pos: &Position, m: Move) -> Option<WrongMove> {
    let (from, to) = (m.from(), m.to());
    if from == to {
        return Some(WrongMove::SamePoint);
    }
    let Some(p) = pos.piece_at(from) else {
        return Some(WrongMove::NoPiece { at: from });
    };
    if p.color != pos.side_to_move() {
        return Some(WrongMove::NotYourPiece { piece: p });
    }
    let target = pos.piece_at(to);
    if let Some(t) = target
        && t.color == p.color
    {
        return Some(WrongMove::OwnPiece { piece: t, at: to });
    }
    let (df, dr) = delta(from, to);
    let (adf, adr) = (df.abs(), dr.abs());
    let wrong = match p.kind {
        PieceKind::General if adf + adr != 1 => Some(WrongMove::GeneralOneStep),
        PieceKind::General if !in_palace(p.color, to) => Some(WrongMove::GeneralLeavesPalace),
        PieceKind::Advisor if adf != 1 || adr != 1 => Some(WrongMove::AdvisorOneDiagonal),
        PieceKind::Advisor if !in_palace(p.color, to) => Some(WrongMove::AdvisorLeavesPalace),
        PieceKind::Elephant if adf != 2 || adr != 2 => Some(WrongMove::ElephantShape),
        PieceKind::Elephant if !own_half(p.color, to) => Some(WrongMove::ElephantCrossesRiver),
        PieceKind::Elephant => elephant_eye(from, to)
            .filter(|&eye| pos.piece_at(eye).is_some())
            .map(|eye| WrongMove::ElephantEyeBlocked { eye }),
        PieceKind::Horse if !matches!((adf, adr), (1, 2) | (2, 1)) => Some(WrongMove::HorseShape),
        PieceKind::Horse => horse_leg(from, to)
            .filter(|&l| pos.piece_at(l).is_some())
            .map(|leg| WrongMove::HorseLegBlocked { leg }),
        PieceKind::Chariot | PieceKind::Cannon if adf != 0 && adr != 0 => {
            Some(WrongMove::StraightOnly { kind: p.kind })
        }
        PieceKind::Chariot => pieces_between(pos, from, to)
            .first()
            .map(|&at| WrongMove::ChariotBlocked { at }),
        PieceKind::Cannon => {
            let between = pieces_between(pos, from, to);
            match (target, between.len()) {
                (Some(_), 1) | (None, 0) => None,
                (Some(_), n) => Some(WrongMove::CannonScreen { screens: n as u32 }),
                (None, _) => Some(WrongMove::CannonBlocked { at: between[0] }),
            }
        }
        PieceKind::Soldier => {
            let forward = if p.color == Color::Red { dr } else { -dr };
            if forward < 0 {
                Some(WrongMove::SoldierBackward)
            } else if adf + adr != 1 {
                Some(WrongMove::SoldierOneStep)
            } else if adf == 1 && !across_river(p.color, from) {
                Some(WrongMove::SoldierSidewaysBeforeRiver)
            } else {
                None
            }
        }
        _ => None,
    };
    // Anything the rules still reject is the shape's fault (never expected:
    // the tests check the two agree).
    wrong.or_else(|| (!pos.is_pseudo_legal(m)).then_some(WrongMove::HorseShape))
}

/// The whole board's rules for a move the piece itself can make.
fn why_unsafe(pos: &Position, m: Move) -> Option<WrongMove> {
    if pos.is_legal(m) {
        return None;
    }
    let me = pos.side_to_move();
    let mut after = *pos;
    after.make(m);
    let (mine, theirs) = (after.king_square(me), after.king_square(me.flip()));
    if mine.file() == theirs.file() && pieces_between(&after, mine, theirs).is_empty() {
        return Some(WrongMove::GeneralsFace {
            file: (b'a' + mine.file()) as char,
        });
    }
    // Who attacks the general: a piece of theirs that could step onto it.
    let theirs_to_move = after.with_side(me.flip());
    let attacker = theirs_to_move
        .pieces(me.flip())
        .find(|&(s, _)| theirs_to_move.is_pseudo_legal(Move::new(s, mine)));
    attacker.map(|(at, by)| WrongMove::LeavesGeneralInCheck {
        by,
        at,
        was_in_check: pos.in_check(),
    })
}

fn kind_zh(k: PieceKind) -> &'static str {
    piece_name(Piece::new(Color::Red, k), Language::Zh)
}

impl WrongMove {
    /// The reason in one of the game's languages.
    pub fn text(&self, lang: Language) -> String {
        match lang {
            Language::En => self.to_string(),
            Language::Zh | Language::ZhHant => lang.chinese(&self.zh()),
            Language::Vi => self.vi(),
        }
    }

    /// The reason in Vietnamese.
    pub fn vi(&self) -> String {
        let name = |p: Piece| piece_name(p, Language::Vi);
        match *self {
            WrongMove::SamePoint => "quân phải đi tới một điểm khác".into(),
            WrongMove::NoPiece { at } => format!("không có quân nào ở {at}"),
            WrongMove::NotYourPiece { piece } => {
                format!(
                    "quân {} này là của đối phương; đang đến lượt bạn",
                    name(piece)
                )
            }
            WrongMove::OwnPiece { piece, at } => format!(
                "ở {at} là quân {} của bạn; không thể ăn quân mình",
                name(piece)
            ),
            WrongMove::GeneralOneStep => "Tướng mỗi lần chỉ đi một bước thẳng".into(),
            WrongMove::GeneralLeavesPalace => "Tướng không được ra khỏi cung".into(),
            WrongMove::AdvisorOneDiagonal => "Sĩ mỗi lần chỉ đi chéo một bước".into(),
            WrongMove::AdvisorLeavesPalace => "Sĩ không được ra khỏi cung".into(),
            WrongMove::ElephantShape => "Tượng đi chéo đúng hai bước (hình chữ điền)".into(),
            WrongMove::ElephantCrossesRiver => "Tượng không được qua sông".into(),
            WrongMove::ElephantEyeBlocked { eye } => {
                format!("có quân ở {eye}, mắt Tượng bị cản")
            }
            WrongMove::HorseShape => "Mã đi thẳng một bước rồi chéo một bước".into(),
            WrongMove::HorseLegBlocked { leg } => format!("có quân ở {leg}, chân Mã bị cản"),
            WrongMove::StraightOnly { kind } => format!(
                "{} chỉ đi theo hàng dọc hoặc hàng ngang",
                name(Piece::new(Color::Red, kind))
            ),
            WrongMove::ChariotBlocked { at } => {
                format!("Xe không nhảy qua quân được: {at} chắn đường")
            }
            WrongMove::CannonBlocked { at } => format!(
                "Pháo khi không ăn quân thì đi như Xe, không nhảy qua quân: {at} chắn đường"
            ),
            WrongMove::CannonScreen { screens: 0 } => {
                "Pháo ăn quân phải cách đúng một quân (ngòi)".into()
            }
            WrongMove::CannonScreen { screens } => {
                format!("Pháo ăn quân phải cách đúng một quân, ở đây cách {screens} quân")
            }
            WrongMove::SoldierBackward => "Tốt không bao giờ đi lùi".into(),
            WrongMove::SoldierSidewaysBeforeRiver => "Tốt chỉ đi ngang sau khi qua sông".into(),
            WrongMove::SoldierOneStep => "Tốt mỗi lần chỉ đi một bước".into(),
            WrongMove::GeneralsFace { file } => {
                format!("hai Tướng sẽ đối mặt nhau trên cột {file}")
            }
            WrongMove::LeavesGeneralInCheck {
                by,
                at,
                was_in_check: true,
            } => format!(
                "bạn đang bị chiếu, sau nước này {} ở {at} vẫn chiếu Tướng",
                name(by)
            ),
            WrongMove::LeavesGeneralInCheck { by, at, .. } => {
                format!("nước này để Tướng của bạn bị {} ở {at} chiếu", name(by))
            }
        }
    }

    /// The reason in Chinese.
    pub fn zh(&self) -> String {
        match *self {
            WrongMove::SamePoint => "棋子要走到另一个点上".into(),
            WrongMove::NoPiece { at } => format!("{at}上没有棋子"),
            WrongMove::NotYourPiece { piece } => {
                format!(
                    "这是对方的{}，现在轮到你走",
                    piece_name(piece, Language::Zh)
                )
            }
            WrongMove::OwnPiece { piece, at } => {
                format!(
                    "{at}上是自己的{}，不能吃自己的子",
                    piece_name(piece, Language::Zh)
                )
            }
            WrongMove::GeneralOneStep => "将帅每次只能直走一步".into(),
            WrongMove::GeneralLeavesPalace => "将帅不能走出九宫".into(),
            WrongMove::AdvisorOneDiagonal => "仕士每次只能斜走一步".into(),
            WrongMove::AdvisorLeavesPalace => "仕士不能走出九宫".into(),
            WrongMove::ElephantShape => "相象走“田”字：斜走两步".into(),
            WrongMove::ElephantCrossesRiver => "相象不能过河".into(),
            WrongMove::ElephantEyeBlocked { eye } => format!("{eye}上有子，塞住了象眼"),
            WrongMove::HorseShape => "马走“日”字：直一步再斜一步".into(),
            WrongMove::HorseLegBlocked { leg } => format!("{leg}上有子，蹩住了马腿"),
            WrongMove::StraightOnly { kind } => format!("{}只能直走或横走", kind_zh(kind)),
            WrongMove::ChariotBlocked { at } => format!("车不能越子：{at}挡住了去路"),
            WrongMove::CannonBlocked { at } => {
                format!("炮不吃子时像车一样走，不能越子：{at}挡住了去路")
            }
            WrongMove::CannonScreen { screens: 0 } => "炮吃子必须隔一个子（炮架）".into(),
            WrongMove::CannonScreen { screens } => {
                format!("炮吃子必须正好隔一个子，这里隔了{screens}个")
            }
            WrongMove::SoldierBackward => "兵卒不能后退".into(),
            WrongMove::SoldierSidewaysBeforeRiver => "兵卒过河以后才能横走".into(),
            WrongMove::SoldierOneStep => "兵卒每次只能走一步".into(),
            WrongMove::GeneralsFace { file } => format!("这样两个将帅会在{file}线上照面"),
            WrongMove::LeavesGeneralInCheck {
                by,
                at,
                was_in_check,
            } => {
                let name = piece_name(by, Language::Zh);
                if was_in_check {
                    format!("你正被将军：这步之后{at}的{name}仍然将军")
                } else {
                    format!("这步会让自己的将帅被{at}的{name}将军")
                }
            }
        }
    }
}

impl fmt::Display for WrongMove {
    /// The reason in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            WrongMove::SamePoint => f.write_str("a move goes to another point"),
            WrongMove::NoPiece { at } => write!(f, "there is no piece on {at}"),
            WrongMove::NotYourPiece { piece } => write!(
                f,
                "that {} belongs to the other side; it is your move",
                piece.kind.name()
            ),
            WrongMove::OwnPiece { piece, at } => write!(
                f,
                "your own {} stands on {at}; you cannot take your own piece",
                piece.kind.name()
            ),
            WrongMove::GeneralOneStep => {
                f.write_str("the general moves one point up, down or sideways")
            }
            WrongMove::GeneralLeavesPalace => f.write_str("the general must stay in the palace"),
            WrongMove::AdvisorOneDiagonal => f.write_str("the advisor moves one point diagonally"),
            WrongMove::AdvisorLeavesPalace => f.write_str("the advisor must stay in the palace"),
            WrongMove::ElephantShape => {
                f.write_str("the elephant moves exactly two points diagonally")
            }
            WrongMove::ElephantCrossesRiver => f.write_str("the elephant cannot cross the river"),
            WrongMove::ElephantEyeBlocked { eye } => {
                write!(f, "the elephant's eye on {eye} is blocked")
            }
            WrongMove::HorseShape => {
                f.write_str("the horse moves one point straight, then one diagonally")
            }
            WrongMove::HorseLegBlocked { leg } => write!(f, "the horse's leg on {leg} is blocked"),
            WrongMove::StraightOnly { kind } => {
                write!(f, "the {} moves along files and ranks only", kind.name())
            }
            WrongMove::ChariotBlocked { at } => {
                write!(f, "the chariot cannot jump: {at} is in the way")
            }
            WrongMove::CannonBlocked { at } => write!(
                f,
                "a cannon that does not capture moves like a chariot: {at} is in the way"
            ),
            WrongMove::CannonScreen { screens: 0 } => {
                f.write_str("the cannon needs exactly one screen to capture")
            }
            WrongMove::CannonScreen { screens } => write!(
                f,
                "the cannon needs exactly one screen to capture, not {screens}"
            ),
            WrongMove::SoldierBackward => f.write_str("a soldier never moves backward"),
            WrongMove::SoldierSidewaysBeforeRiver => {
                f.write_str("a soldier moves sideways only after crossing the river")
            }
            WrongMove::SoldierOneStep => f.write_str("a soldier moves one point at a time"),
            WrongMove::GeneralsFace { file } => {
                write!(f, "the generals would face each other on file {file}")
            }
            WrongMove::LeavesGeneralInCheck {
                by,
                at,
                was_in_check: true,
            } => write!(
                f,
                "you are in check, and after that move the {} on {at} still gives check",
                by.kind.name()
            ),
            WrongMove::LeavesGeneralInCheck { by, at, .. } => write!(
                f,
                "that move leaves your general in check from the {} on {at}",
                by.kind.name()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(fen: &str, m: &str) -> Option<WrongMove> {
        why(
            &Position::from_fen(fen).unwrap(),
            Move::from_iccs(m).unwrap(),
        )
    }

    #[test]
    fn why_agrees_with_the_rules_on_every_from_to_pair() {
        for fen in [
            crate::rules::START_FEN,
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
            "3k5/4a4/4b4/9/2p6/9/4C4/9/4A4/3AK4 b - - 0 1",
            "4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            for from in Square::all() {
                for to in Square::all() {
                    let m = Move::new(from, to);
                    assert_eq!(why(&pos, m).is_none(), pos.is_legal(m), "{fen} {m}");
                }
            }
        }
    }

    #[test]
    fn the_horse_leg_and_the_river_are_named() {
        let start = crate::rules::START_FEN;
        assert_eq!(at(start, "b0c2"), None);
        assert_eq!(
            at(start, "b0d1"),
            Some(WrongMove::HorseLegBlocked {
                leg: Square::parse("c0").unwrap()
            })
        );
        assert_eq!(
            at(start, "g3g4"),
            None,
            "a soldier steps forward before the river"
        );
        assert_eq!(
            at(start, "g3f3"),
            Some(WrongMove::SoldierSidewaysBeforeRiver)
        );
        let zh = WrongMove::HorseLegBlocked {
            leg: Square::parse("c0").unwrap(),
        };
        assert_eq!(zh.to_string(), "the horse's leg on c0 is blocked");
        assert_eq!(zh.zh(), "c0上有子，蹩住了马腿");
    }
}
