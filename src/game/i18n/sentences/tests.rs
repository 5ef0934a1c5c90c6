use super::*;
use crate::rules::{Move, Position};

#[test]
fn the_opening_is_named_in_the_language_shown() {
    // 炮二平五 马8进7 马二进三 马2进3: ECCO's central cannon against
    // the screen horses.
    let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2", "b9c7"]
        .iter()
        .map(|m| Move::from_iccs(m).unwrap())
        .collect();
    let o = crate::ecco::classify(&Position::startpos(), &moves).unwrap();
    assert_eq!(
        opening_text(&o, Lang::Zh),
        format!("开局 {} {}", o.code, o.zh)
    );
    let en = opening_text(&o, Lang::En);
    assert!(en.starts_with(&format!("Opening {} ", o.code)), "{en}");
    assert!(en.contains("Screen Horses"), "{en}");
}

/// Every sentence of the table in `lang`, with sample values.
fn every_sentence(lang: Lang) -> Vec<String> {
    use crate::rules::clock::TimeControl;
    let level = Level::MAX;
    let reasons = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::PerpetualCheck { by: Color::Red },
        Reason::PerpetualChase { by: Color::Black },
        Reason::Repetition,
        Reason::SixtyMoveRule,
        Reason::NoAttackingMaterial,
        Reason::Resignation { by: Color::Red },
        Reason::AgreedDraw,
        Reason::Timeout { by: Color::Black },
        Reason::TimeoutDraw { by: Color::Red },
    ];
    let mut texts: Vec<String> = reasons.iter().map(|r| reason_text(r, lang)).collect();
    texts.extend([
        clock_text(TimeControl::None, lang),
        clock_text(
            TimeControl::Fischer {
                base: 600,
                increment: 5,
            },
            lang,
        ),
        clock_text(
            TimeControl::Countdown {
                base: 0,
                per_move: 30,
            },
            lang,
        ),
        clock_text(
            TimeControl::Countdown {
                base: 90,
                per_move: 30,
            },
            lang,
        ),
        level_name(level, lang),
        tier_name(level, lang),
        level_record(level, 3, 1, 2, lang),
        result_shares(3, 1, 2, lang),
        last_results(&[1.0, 0.5, 0.0], lang),
        strength_text(Strength::Depth(8), lang),
        at_move(12, lang),
        on_variation(3, lang),
        browsing_ply(3, 10, lang),
        side_to_move(Color::Red, lang),
        mate_in(3, lang),
        due_today(3, lang),
        comes_back(0, lang),
        comes_back(1, lang),
        comes_back(3, lang),
        theme_line(crate::teach::Kind::Fork, lang),
    ]);
    texts.extend(Handicap::ALL.iter().map(|&h| handicap_name(h, lang)));
    texts
}

#[test]
fn every_sentence_reads_in_every_language() {
    use crate::rules::clock::TimeControl;
    for lang in Lang::ALL {
        let texts = every_sentence(lang);
        for text in &texts {
            assert!(!text.trim().is_empty(), "{lang:?}");
            match lang {
                // Chinese characters, and none of the other set's.
                Lang::Zh => assert!(!text.contains(['負', '後', '將']), "{text}"),
                Lang::ZhHant => {
                    assert!(!text.contains(['负', '后', '将', '练', '时']), "{text}")
                }
                Lang::En | Lang::Vi => {
                    assert!(
                        !text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                        "{text}"
                    )
                }
            }
        }
    }
    assert_eq!(
        reason_text(&Reason::PerpetualCheck { by: Color::Red }, Lang::ZhHant),
        "紅方長將判負"
    );
    assert_eq!(
        reason_text(&Reason::Repetition, Lang::ZhHant),
        "三次重複局面"
    );
    assert_eq!(comes_back(3, Lang::ZhHant), "3天後再練");
    assert_eq!(reason_text(&Reason::Checkmate, Lang::Vi), "chiếu bí");
    assert_eq!(
        level_name(Level::MAX, Lang::Vi),
        format!(
            "Đại kiện tướng {}",
            Level::MAX.name_en().rsplit_once(' ').unwrap().1
        )
    );
    assert_eq!(handicap_name(Handicap::Horse, Lang::ZhHant), "讓單馬");
    assert_eq!(
        clock_text(
            TimeControl::Countdown {
                base: 90,
                per_move: 30
            },
            Lang::Vi
        ),
        "1 phút 30 giây, rồi 30 giây mỗi nước"
    );
}
