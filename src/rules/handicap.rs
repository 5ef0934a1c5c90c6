//! Handicap starts (让子): the stronger player gives up pieces before the
//! game and moves first.
//!
//! The pieces are taken from the giver's left as the giver sits (Red's
//! files 九 and 八, Black's 1 and 2): 让单马 and 让单车 take the left horse
//! or chariot, 让车马 the left chariot and horse. 让九子 is the handicap of
//! 许银川 against 聂卫平 (广州, 1999.12.09): the five soldiers, both advisors
//! and both elephants, leaving the general, the chariots, the horses and
//! the cannons — as the record of that game (its `FEN` tag) and 许银川's own
//! note ("让去５只兵和双士双相，执红先行") say.

use super::fen::START_FEN;
use super::position::Position;
use super::types::{Color, PieceKind};
use serde::{Deserialize, Serialize};

/// Which pieces the giver does without.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Handicap {
    /// An even game.
    #[default]
    None,
    /// 让单马: the left horse.
    Horse,
    /// 让双马: both horses.
    TwoHorses,
    /// 让单车: the left chariot.
    Chariot,
    /// 让车马: the left chariot and the left horse.
    ChariotHorse,
    /// 让双士双相: both advisors and both elephants.
    AdvisorsElephants,
    /// 让九子: the five soldiers, both advisors and both elephants.
    NinePieces,
}

impl Handicap {
    /// Every handicap, the even game first.
    pub const ALL: [Handicap; 7] = [
        Handicap::None,
        Handicap::Horse,
        Handicap::TwoHorses,
        Handicap::Chariot,
        Handicap::ChariotHorse,
        Handicap::AdvisorsElephants,
        Handicap::NinePieces,
    ];

    /// The Chinese name.
    pub fn name_zh(self) -> &'static str {
        match self {
            Handicap::None => "不让子",
            Handicap::Horse => "让单马",
            Handicap::TwoHorses => "让双马",
            Handicap::Chariot => "让单车",
            Handicap::ChariotHorse => "让车马",
            Handicap::AdvisorsElephants => "让双士双相",
            Handicap::NinePieces => "让九子",
        }
    }

    /// The English name.
    pub fn name_en(self) -> &'static str {
        match self {
            Handicap::None => "Even game",
            Handicap::Horse => "Horse odds",
            Handicap::TwoHorses => "Two horses",
            Handicap::Chariot => "Chariot odds",
            Handicap::ChariotHorse => "Chariot and horse",
            Handicap::AdvisorsElephants => "Advisors and elephants",
            Handicap::NinePieces => "Nine pieces",
        }
    }

    /// The giver's points emptied, as (file 0..9 from the giver's left,
    /// rank 0..10 from the giver's back rank).
    fn removed(self) -> &'static [(u8, u8)] {
        const SOLDIERS: [(u8, u8); 5] = [(0, 3), (2, 3), (4, 3), (6, 3), (8, 3)];
        match self {
            Handicap::None => &[],
            Handicap::Horse => &[(1, 0)],
            Handicap::TwoHorses => &[(1, 0), (7, 0)],
            Handicap::Chariot => &[(0, 0)],
            Handicap::ChariotHorse => &[(0, 0), (1, 0)],
            Handicap::AdvisorsElephants => &[(2, 0), (3, 0), (5, 0), (6, 0)],
            Handicap::NinePieces => &[
                (2, 0),
                (3, 0),
                (5, 0),
                (6, 0),
                SOLDIERS[0],
                SOLDIERS[1],
                SOLDIERS[2],
                SOLDIERS[3],
                SOLDIERS[4],
            ],
        }
    }

    /// The kinds and numbers of pieces the giver does without.
    pub fn pieces_given(self) -> Vec<PieceKind> {
        let back = [
            PieceKind::Chariot,
            PieceKind::Horse,
            PieceKind::Elephant,
            PieceKind::Advisor,
            PieceKind::General,
            PieceKind::Advisor,
            PieceKind::Elephant,
            PieceKind::Horse,
            PieceKind::Chariot,
        ];
        self.removed()
            .iter()
            .map(|&(file, rank)| {
                if rank == 0 {
                    back[file as usize]
                } else {
                    PieceKind::Soldier
                }
            })
            .collect()
    }

    /// The start position with `giver`'s pieces taken off; the giver moves
    /// first. The even game is the usual start.
    pub fn position(self, giver: Color) -> Position {
        if self == Handicap::None {
            return Position::startpos();
        }
        // The board of the start FEN, rank 9 (Black's back rank) first.
        let board = START_FEN.split_whitespace().next().unwrap_or_default();
        let mut rows: Vec<Vec<char>> = board
            .split('/')
            .map(|row| {
                let mut out = Vec::with_capacity(9);
                for c in row.chars() {
                    match c.to_digit(10) {
                        Some(n) => out.extend(std::iter::repeat_n('.', n as usize)),
                        None => out.push(c),
                    }
                }
                out
            })
            .collect();
        for &(file, rank) in self.removed() {
            // Red sits at rank 0 with its left on file a; Black at rank 9
            // with its left on file i.
            let (f, r) = match giver {
                Color::Red => (file as usize, rank as usize),
                Color::Black => (8 - file as usize, 9 - rank as usize),
            };
            rows[9 - r][f] = '.';
        }
        let board: Vec<String> = rows
            .iter()
            .map(|row| {
                let mut s = String::new();
                let mut empty = 0;
                for &c in row {
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(c);
                    }
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
                s
            })
            .collect();
        let side = match giver {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        let fen = format!("{} {side} - - 0 1", board.join("/"));
        Position::from_fen(&fen).unwrap_or_else(|_| Position::startpos())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full(k: PieceKind) -> u32 {
        match k {
            PieceKind::General => 1,
            PieceKind::Soldier => 5,
            _ => 2,
        }
    }

    #[test]
    fn every_handicap_is_a_legal_start_with_the_right_material() {
        for h in Handicap::ALL {
            for giver in [Color::Red, Color::Black] {
                let pos = h.position(giver);
                // A real position: it reads back from its FEN and has moves.
                assert_eq!(Position::from_fen(&pos.fen()), Ok(pos), "{h:?} {giver}");
                assert!(!pos.legal_moves().is_empty(), "{h:?}");
                assert!(!pos.in_check());
                let given = h.pieces_given();
                for k in PieceKind::ALL {
                    let taken = given.iter().filter(|&&g| g == k).count() as u32;
                    assert_eq!(pos.count(giver, k), full(k) - taken, "{h:?} {giver} {k:?}");
                    assert_eq!(pos.count(giver.flip(), k), full(k), "{h:?} receiver {k:?}");
                }
                let first = if h == Handicap::None {
                    Color::Red
                } else {
                    giver
                };
                assert_eq!(pos.side_to_move(), first, "the giver moves first");
            }
        }
    }

    #[test]
    fn nine_pieces_is_the_position_of_xu_yinchuan_against_nie_weiping() {
        // The FEN tag of the 1999 record (../shared/data/records).
        let record =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r - - 0 1")
                .unwrap();
        assert_eq!(Handicap::NinePieces.position(Color::Red), record);
        assert_eq!(Handicap::NinePieces.pieces_given().len(), 9);
    }

    #[test]
    fn single_pieces_are_taken_from_the_givers_left() {
        let red = Handicap::ChariotHorse.position(Color::Red).fen();
        assert!(red.starts_with("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/2BAKABNR w"));
        let black = Handicap::ChariotHorse.position(Color::Black).fen();
        assert!(black.starts_with("rnbakab2/9/1c5c1/"), "{black}");
        assert!(black.contains(" b "), "{black}");
    }
}
