use super::glicko::{DEVIATIONS, RATINGS, START_DEVIATION, VOLATILITIES};
use super::pick::{STREAK_BELOW, STREAK_STEP, WINDOW};
use super::*;
use crate::store::test_util::{TempDir, damaged_copies};
use crate::tactics::Source;

const DAY: u64 = 86_400;

/// Noon of day `d` (days since the Unix epoch).
fn at(d: u64) -> u64 {
    d * DAY + DAY / 2
}

fn tactic(id: &str, rating: i32, themes: &[Theme]) -> Tactic {
    Tactic {
        id: id.into(),
        fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".into(),
        last: String::new(),
        moves: vec!["h2e2".into()],
        themes: themes.iter().map(|t| t.key().to_string()).collect(),
        rating,
        source: Source {
            game: "test".into(),
            ply: 0,
        },
    }
}

/// Puzzles `p0`, `p1` … rated `from`, `from + step` …, no themes.
fn ladder(from: i32, step: i32, n: usize) -> Vec<Tactic> {
    (0..n)
        .map(|i| tactic(&format!("p{i}"), from + step * i as i32, &[]))
        .collect()
}

fn close(a: f64, b: f64, eps: f64) -> bool {
    (a - b).abs() <= eps
}

#[test]
fn glicko_matches_the_papers_worked_example() {
    let me = Glicko {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let game = |rating, deviation, score| Game {
        rating,
        deviation,
        score,
    };
    let after = me.after_period(&[
        game(1400.0, 30.0, 1.0),
        game(1550.0, 100.0, 0.0),
        game(1700.0, 300.0, 0.0),
    ]);
    assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
    assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
    assert!(close(after.volatility, 0.05999, 0.000_01), "{after:?}");
    // A period without games: only the deviation grows (the paper's step 6).
    let idle = me.after_period(&[]);
    assert_eq!((idle.rating, idle.volatility), (1500.0, 0.06));
    assert!(close(
        idle.deviation,
        (200f64.powi(2) + (0.06 * SCALE).powi(2)).sqrt(),
        1e-9
    ));
}

use super::glicko::SCALE;

#[test]
fn one_puzzle_moves_the_rating_by_how_hard_it_was() {
    let me = Glicko::new(1500.0);
    let up_hard = me.after_puzzle(1900.0, true).rating - 1500.0;
    let up_easy = me.after_puzzle(1100.0, true).rating - 1500.0;
    assert!(up_hard > up_easy && up_easy > 0.0, "{up_hard} {up_easy}");
    let down_easy = me.after_puzzle(1100.0, false).rating - 1500.0;
    let down_hard = me.after_puzzle(1900.0, false).rating - 1500.0;
    assert!(
        down_easy < down_hard && down_hard < 0.0,
        "{down_easy} {down_hard}"
    );
    // The deviation shrinks with play, to its floor at the least.
    let mut t = Trainer::start_from(1500.0);
    let set = ladder(1300, 0, 40);
    let mut deviations = vec![t.rating().deviation];
    for (i, p) in set.iter().enumerate() {
        let outcome = if i % 2 == 0 {
            Outcome::Solved
        } else {
            Outcome::Missed
        };
        t.record(p, outcome, Mode::Rated, at(100));
        deviations.push(t.rating().deviation);
    }
    assert!(
        deviations[..10].windows(2).all(|w| w[1] < w[0]),
        "{deviations:?}"
    );
    assert!(deviations[40] < 80.0 && deviations[40] >= *DEVIATIONS.start());
    // The trainer's change is the rating's.
    let mut t = Trainer::start_from(1500.0);
    let c = t.record(&tactic("x", 1700, &[]), Outcome::Solved, Mode::Rated, 1);
    assert_eq!(c.before, 1500.0);
    assert_eq!(c.after, t.rating().rating);
    assert!(c.after > c.before);
}

#[test]
fn a_rating_stays_a_number_within_bounds_whatever_goes_in() {
    let bounded = |g: Glicko| {
        assert!(g.is_bounded(), "{g:?}");
        g
    };
    assert_eq!(
        bounded(Trainer::start_from(1e9).rating()).rating,
        *RATINGS.end()
    );
    assert_eq!(
        bounded(Trainer::start_from(-1e9).rating()).rating,
        *RATINGS.start()
    );
    assert_eq!(Trainer::start_from(f64::NAN).rating().rating, 1500.0);
    assert_eq!(
        Trainer::start_from(1200.0).rating().deviation,
        START_DEVIATION
    );
    let wild = Glicko {
        rating: f64::NAN,
        deviation: f64::INFINITY,
        volatility: -1.0,
    };
    for me in [Glicko::new(1e9), Glicko::new(400.0), wild] {
        for puzzle in [
            f64::from(i32::MAX),
            f64::from(i32::MIN),
            f64::NAN,
            1e300,
            0.0,
        ] {
            for solved in [true, false] {
                bounded(me.after_puzzle(puzzle, solved));
            }
        }
    }
    // Winning on and on against the hardest, losing on and on to the easiest.
    let mut t = Trainer::start_from(400.0);
    let hard = tactic("hard", i32::MAX, &[]);
    for i in 0..200 {
        t.record(
            &tactic(&format!("h{i}"), i32::MAX, &[]),
            Outcome::Solved,
            Mode::Rated,
            1,
        );
    }
    bounded(t.rating());
    for i in 0..200 {
        t.record(
            &tactic(&format!("e{i}"), i32::MIN, &[]),
            Outcome::Missed,
            Mode::Rated,
            1,
        );
    }
    bounded(t.rating());
    t.record(&hard, Outcome::Solved, Mode::Rated, 1);
    let v = t.rating().volatility;
    assert!(VOLATILITIES.contains(&v), "{v}");
}

#[test]
fn a_streak_climbs_a_ladder_and_ends_at_the_first_miss_with_its_best_kept() {
    let set = ladder(500, 10, 300); // 500 … 3490
    let mut t = Trainer::start_from(2000.0);
    let mut ratings = Vec::new();
    for step in 0..10 {
        let p = t.next_in_streak(&set).expect("a puzzle");
        assert!(!t.is_solved(&p.id));
        let aim = 2000.0 - STREAK_BELOW + f64::from(step) * STREAK_STEP;
        assert_eq!(t.streak_aim(), aim);
        assert!(
            close(f64::from(p.rating), aim, STREAK_STEP / 2.0),
            "{} {aim}",
            p.rating
        );
        ratings.push(p.rating);
        t.record(p, Outcome::Solved, Mode::Streak, at(1));
        assert_eq!(
            t.streak(),
            Streak {
                current: step + 1,
                best: step + 1
            }
        );
    }
    assert!(ratings.windows(2).all(|w| w[1] > w[0]), "{ratings:?}");
    // The ladder stays where the streak started, though the rating rose.
    assert!(t.rating().rating > 2000.0);
    assert_eq!(t.streak_aim(), 1500.0 + 10.0 * STREAK_STEP);
    let p = t.next_in_streak(&set).unwrap();
    t.record(p, Outcome::Missed, Mode::Streak, at(1));
    assert_eq!(
        t.streak(),
        Streak {
            current: 0,
            best: 10
        }
    );
    // A new run starts well below the rating as it is now.
    assert!(close(
        t.streak_aim(),
        t.rating().rating - STREAK_BELOW,
        1e-9
    ));
    let p = t.next_in_streak(&set).unwrap();
    t.record(p, Outcome::Solved, Mode::Streak, at(1));
    assert_eq!(
        t.streak(),
        Streak {
            current: 1,
            best: 10
        }
    );
    // Other modes leave the streak alone.
    t.record(
        &tactic("other", 1000, &[]),
        Outcome::Missed,
        Mode::Rated,
        at(1),
    );
    assert_eq!(t.streak().current, 1);
    t.start_streak();
    assert_eq!(
        t.streak(),
        Streak {
            current: 0,
            best: 10
        }
    );
}

#[test]
fn theme_scores_count_first_attempts_and_the_weakest_come_first() {
    let mut t = Trainer::start_from(1500.0);
    let fork = tactic("f1", 1500, &[Theme::Fork, Theme::Middlegame]);
    let fork2 = tactic("f2", 1500, &[Theme::Fork]);
    let fork3 = tactic("f3", 1500, &[Theme::Fork]);
    let pin = tactic("p1", 1500, &[Theme::Pin]);
    let pin2 = tactic("p2", 1500, &[Theme::Pin]);
    let mate = tactic("m1", 1500, &[Theme::MateIn1]);
    t.record(&fork, Outcome::Missed, Mode::Rated, at(1));
    t.record(&fork2, Outcome::Missed, Mode::Theme(Theme::Fork), at(1));
    t.record(&fork3, Outcome::Solved, Mode::Theme(Theme::Fork), at(1));
    t.record(&pin, Outcome::Missed, Mode::Rated, at(1));
    t.record(&pin2, Outcome::Solved, Mode::Rated, at(1));
    t.record(&mate, Outcome::Solved, Mode::Rated, at(1));
    // Met again: not counted.
    t.record(&fork, Outcome::Solved, Mode::Review, at(1));
    t.record(&mate, Outcome::Missed, Mode::Rated, at(1));
    let score = |theme, tried, solved| ThemeScore {
        theme,
        tried,
        solved,
    };
    assert_eq!(
        t.theme_scores(),
        [
            score(Theme::MateIn1, 1, 1),
            score(Theme::Fork, 3, 1),
            score(Theme::Pin, 2, 1),
            score(Theme::Middlegame, 1, 0),
        ]
    );
    // Fork missed twice; pin and middlegame once each, middlegame every time.
    assert_eq!(
        t.weakest_themes(5),
        [Theme::Fork, Theme::Middlegame, Theme::Pin]
    );
    assert_eq!(t.weakest_themes(1), [Theme::Fork]);
    assert!(Trainer::default().weakest_themes(3).is_empty());
    // A theme's puzzles only, in its mode.
    let set = [
        fork.clone(),
        pin.clone(),
        tactic("f4", 1500, &[Theme::Fork]),
        mate,
    ];
    let next = t.next_in_theme(&set, Theme::Fork, at(1)).unwrap();
    assert_eq!(next.id, "f4");
    // No new pin left: the missed one, due again.
    assert_eq!(t.next_in_theme(&set, Theme::Pin, at(1)).unwrap().id, "p1");
    assert!(t.next_in_theme(&set, Theme::Sacrifice, at(1)).is_none());
}

#[test]
fn a_missed_puzzle_comes_back_on_its_schedule_and_a_solved_one_moves_on() {
    let set = ladder(1500, 0, 3);
    let mut t = Trainer::start_from(1500.0);
    t.record(&set[0], Outcome::Missed, Mode::Rated, at(10));
    t.record(&set[1], Outcome::Solved, Mode::Rated, at(10));
    let ids = |v: Vec<&Tactic>| v.into_iter().map(|p| p.id.clone()).collect::<Vec<_>>();
    // Due again at once; the solved one never.
    assert_eq!(ids(t.due(&set, at(10))), ["p0"]);
    assert_eq!(t.schedule("p0").unwrap().misses, 1);
    assert!(t.schedule("p1").is_none());
    // Solved on review: not rated, back in 1 day, then 3.
    let rating = t.rating();
    let c = t.record(&set[0], Outcome::Solved, Mode::Review, at(10));
    assert_eq!((c.before, c.after), (rating.rating, rating.rating));
    assert_eq!(t.rating(), rating);
    assert!(t.due(&set, at(10)).is_empty());
    assert_eq!(ids(t.due(&set, at(11))), ["p0"]);
    t.record(&set[0], Outcome::Solved, Mode::Review, at(11));
    assert!(t.due(&set, at(13)).is_empty());
    assert_eq!(ids(t.due(&set, at(14))), ["p0"]);
    // Missed on review: due again at once.
    t.record(&set[0], Outcome::Missed, Mode::Review, at(14));
    assert_eq!(ids(t.due(&set, at(14))), ["p0"]);
    assert_eq!(t.schedule("p0").unwrap().misses, 2);
    // The longest due first.
    t.record(&set[2], Outcome::Missed, Mode::Rated, at(12));
    assert_eq!(ids(t.due(&set, at(14))), ["p2", "p0"]);
    assert!(t.is_solved("p0") && t.is_solved("p1") && !t.is_solved("p2"));
}

#[test]
fn a_solved_puzzle_is_never_offered_again() {
    let set = ladder(1000, 25, 40);
    let mut t = Trainer::start_from(1500.0);
    let mut offered = BTreeSet::new();
    let mut n = 0;
    while let Some(p) = t.next_at_rating(&set, at(5)) {
        assert!(!t.is_solved(&p.id), "{} offered again", p.id);
        // Every third missed: it comes back only when every other is tried.
        let outcome = if n % 3 == 0 {
            Outcome::Missed
        } else {
            Outcome::Solved
        };
        if outcome == Outcome::Solved {
            assert!(offered.insert(p.id.clone()));
        }
        t.record(p, outcome, Mode::Rated, at(5));
        n += 1;
        assert!(n < 200, "the trainer runs out");
    }
    assert_eq!(t.attempts(), n);
    assert!(set.iter().all(|p| t.is_solved(&p.id)));
    assert!(t.next_in_streak(&set).is_none());
    assert!(t.due(&set, at(5)).is_empty());
    // Missed ones are offered again only after the new ones.
    let mut t = Trainer::start_from(1500.0);
    let first = t.next_at_rating(&set, at(5)).unwrap().clone();
    t.record(&first, Outcome::Missed, Mode::Rated, at(5));
    for _ in 1..set.len() {
        let p = t.next_at_rating(&set, at(5)).unwrap();
        assert_ne!(p.id, first.id);
        t.record(p, Outcome::Solved, Mode::Rated, at(5));
    }
    assert_eq!(t.next_at_rating(&set, at(5)).unwrap().id, first.id);
}

#[test]
fn the_rated_puzzle_is_near_the_rating_with_some_variety() {
    let set = ladder(700, 20, 200); // 700 … 4680
    let mut t = Trainer::start_from(2000.0);
    let mut ids = BTreeSet::new();
    let mut not_nearest = 0;
    for _ in 0..12 {
        let p = t.next_at_rating(&set, at(1)).unwrap();
        // The same record picks the same puzzle.
        assert_eq!(t.next_at_rating(&set, at(1)).unwrap().id, p.id);
        let r = t.rating().rating;
        assert!(
            close(f64::from(p.rating), r, WINDOW),
            "{} for {r}",
            p.rating
        );
        ids.insert(p.id.clone());
        not_nearest += usize::from((f64::from(p.rating) - r).abs() > 20.0);
        let clone = t.clone();
        assert_eq!(clone.next_at_rating(&set, at(1)), Some(p));
        t.record(p, Outcome::Solved, Mode::Rated, at(1));
    }
    assert!(t.rating().rating > 2000.0);
    assert_eq!(ids.len(), 12);
    assert!(not_nearest > 0, "always the nearest");
    // Far from every puzzle: the nearest few.
    let t = Trainer::start_from(6000.0);
    assert!(t.next_at_rating(&set, at(1)).unwrap().rating >= 4580);
    assert!(t.next_at_rating(&[], at(1)).is_none());
}

#[test]
fn the_record_round_trips_and_a_new_player_has_none() {
    let t = TempDir::new("trainer");
    let path = t.path().join("trainer.json");
    let (fresh, w) = Trainer::load(&path);
    assert_eq!((fresh.clone(), w), (Trainer::default(), None));
    assert!(!fresh.is_started());
    let mut tr = Trainer::start_from(1800.0);
    assert!(tr.is_started());
    let set = [
        tactic("a", 1700, &[Theme::Fork]),
        tactic("b", 1900, &[Theme::Pin]),
        tactic("c", 1800, &[]),
    ];
    tr.record(&set[0], Outcome::Solved, Mode::Streak, at(3));
    tr.record(&set[1], Outcome::Missed, Mode::Theme(Theme::Pin), at(3));
    tr.record(&set[2], Outcome::Solved, Mode::Rated, at(4));
    tr.save(&path).unwrap();
    let (back, w) = Trainer::load(&path);
    assert_eq!(w, None);
    assert_same(&back, &tr);
    assert_eq!(back.history().len(), 3);
    assert_eq!(back.due(&set, at(4)).len(), 1);
    // With a byte-order mark too.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let (again, w) = Trainer::load(&path);
    assert_eq!(w, None);
    assert_same(&again, &tr);
}

/// The same record but for the last digit of a rating (serde_json reads a
/// float back to within one unit in its last place).
fn assert_same(a: &Trainer, b: &Trainer) {
    let (x, y) = (a.rating(), b.rating());
    assert!(close(x.rating, y.rating, 1e-9) && close(x.deviation, y.deviation, 1e-9));
    assert!(close(x.volatility, y.volatility, 1e-12));
    let mut a = a.clone();
    a.glicko = b.glicko;
    assert_eq!(a.history.len(), b.history.len());
    for (h, g) in a.history.iter_mut().zip(&b.history) {
        assert!(close(h.rating, g.rating, 1e-9));
        h.rating = g.rating;
    }
    assert_eq!(&a, b);
}

/// Writes `text` as the record, loads it: the record and the notice.
fn load_damaged(dir: &Path, text: &str) -> (Trainer, String) {
    let path = dir.join("trainer.json");
    std::fs::write(&path, text).unwrap();
    let (t, w) = Trainer::load(&path);
    (t, w.expect("a notice").to_string())
}

#[test]
fn a_damaged_record_is_said_mended_and_set_aside_before_a_save() {
    let dir = TempDir::new("trainer-mend");
    let path = dir.path().join("trainer.json");
    let mut good = Trainer::start_from(1600.0);
    good.record(&tactic("a", 1600, &[]), Outcome::Solved, Mode::Rated, at(1));
    let rating = good.rating().rating;
    let text = serde_json::to_string(&good).unwrap();
    let glicko = serde_json::to_string(&good.rating()).unwrap();
    let with = |g: &str| text.replace(&glicko, g);
    // A rating of 1e9: the last attempt's used.
    let (t, w) = load_damaged(
        dir.path(),
        &with(r#"{"rating":1e9,"deviation":60,"volatility":0.06}"#),
    );
    assert!(
        w.contains("out of its bounds") && w.contains("last attempt"),
        "{w}"
    );
    assert!(close(t.rating().rating, rating, 1e-9) && t.is_solved("a"));
    // Not a number (serde_json writes NaN as null): the same.
    let (t, w) = load_damaged(
        dir.path(),
        &with(r#"{"rating":null,"deviation":60,"volatility":0.06}"#),
    );
    assert!(w.contains("glicko") && w.contains("last attempt"), "{w}");
    assert!(close(t.rating().rating, rating, 1e-9) && t.is_solved("a"));
    // A volatility out of bounds: brought within them.
    let (t, w) = load_damaged(
        dir.path(),
        &with(r#"{"rating":1600,"deviation":60,"volatility":7}"#),
    );
    assert!(w.contains("brought within"), "{w}");
    assert_eq!(t.rating().volatility, *VOLATILITIES.end());
    // Counts that cannot be.
    let bad = text.replace(r#""current":0,"best":0"#, r#""current":5,"best":0"#);
    assert_ne!(bad, text);
    let (t, w) = load_damaged(dir.path(), &bad);
    assert!(w.contains("longer than the best"), "{w}");
    assert_eq!(
        t.streak(),
        Streak {
            current: 5,
            best: 5
        }
    );
    // A NaN, which is not JSON at all: what came before it is kept.
    let (t, w) = load_damaged(
        dir.path(),
        r#"{"solved": ["x", "y"], "glicko": {"rating": NaN"#,
    );
    assert!(w.contains("line 1"), "{w}");
    assert!(t.is_solved("x") && t.is_solved("y"));
    // The first save sets the damaged file aside, once.
    let damaged = std::fs::read_to_string(&path).unwrap();
    t.save(&path).unwrap();
    let aside = damaged_copies(dir.path());
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), damaged);
    assert_eq!(Trainer::load(&path).1, None);
    t.save(&path).unwrap();
    assert_eq!(damaged_copies(dir.path()).len(), 1);
}

#[test]
fn a_schedule_out_of_bounds_starts_over_and_an_empty_id_is_left_out() {
    let dir = TempDir::new("trainer-schedule");
    let mut good = Trainer::start_from(1600.0);
    good.record(&tactic("a", 1600, &[]), Outcome::Missed, Mode::Rated, at(1));
    let mut value = serde_json::to_value(&good).unwrap();
    value["review"]["a"]["ease"] = 4_294_967_295u64.into();
    value["solved"] = serde_json::json!([""]);
    let (t, w) = load_damaged(dir.path(), &value.to_string());
    assert!(w.contains("puzzle `a`") && w.contains("starts over"), "{w}");
    assert!(w.contains("no id"), "{w}");
    assert_eq!(t.schedule("a").unwrap().ease, 230);
    assert!(!t.is_solved(""));
}

#[test]
fn two_windows_keep_each_others_puzzles_and_the_longer_run_of_attempts() {
    let dir = TempDir::new("trainer-windows");
    let path = dir.path().join("trainer.json");
    let set = ladder(1500, 10, 10);
    let mut start = Trainer::start_from(1500.0);
    start.record(&set[0], Outcome::Missed, Mode::Rated, at(1));
    start.save(&path).unwrap();
    let (mut a, _) = Trainer::load(&path);
    let (mut b, _) = Trainer::load(&path);
    // A: three more, one a streak of 2, then saves.
    a.record(&set[1], Outcome::Solved, Mode::Streak, at(2));
    a.record(&set[2], Outcome::Solved, Mode::Streak, at(2));
    a.record(&set[3], Outcome::Missed, Mode::Rated, at(2));
    a.save(&path).unwrap();
    // B: one more, and p0 solved on review later, then saves.
    b.record(&set[4], Outcome::Solved, Mode::Rated, at(3));
    b.record(&set[0], Outcome::Solved, Mode::Review, at(3));
    b.save(&path).unwrap();
    let (both, w) = Trainer::load(&path);
    assert_eq!(w, None);
    for id in ["p0", "p1", "p2", "p4"] {
        assert!(both.is_solved(id), "{id}");
    }
    assert!(!both.is_solved("p3") && both.is_seen("p3"));
    // p0's schedule is B's (answered later): moved on.
    assert_eq!(both.schedule("p0").unwrap().streak, 1);
    assert!(both.due(&set, at(3)).iter().all(|p| p.id == "p3"));
    // The rating and the attempts are A's run, the longer; the best streak kept.
    assert_eq!(both.attempts(), 4);
    assert!(close(both.rating().rating, a.rating().rating, 1e-9));
    assert_eq!(
        both.streak(),
        Streak {
            current: 2,
            best: 2
        }
    );
    // Themes: the copy with more tried.
    let mut c = both.clone();
    c.record(
        &tactic("t", 1500, &[Theme::Pin]),
        Outcome::Solved,
        Mode::Rated,
        at(4),
    );
    c.save(&path).unwrap();
    let mut d = both.clone();
    d.record(
        &tactic("u", 1500, &[Theme::Fork]),
        Outcome::Missed,
        Mode::Rated,
        at(4),
    );
    d.save(&path).unwrap();
    let themes = Trainer::load(&path).0.theme_scores();
    assert_eq!(themes.len(), 2, "{themes:?}");
    assert_eq!(damaged_copies(dir.path()).len(), 0);
}
