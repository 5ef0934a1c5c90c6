//! The beginner's course (`xiangqi lessons`): every exercise's solution
//! proved through the rules and against the engine, the course's size,
//! a broken exercise named, each wrong-move reason produced, and progress
//! kept in its file with lessons unlocking in order.

use std::process::Command;
use xiangqi::course::progress::{is_unlocked, next_lesson, record_read, record_solved};
use xiangqi::course::{
    Attempt, CheckProblem, Course, CourseError, Defender, Feedback, Mistake, Problem, State,
    WrongMove, check_course, why,
};
use xiangqi::rules::{Move, Position, Square};
use xiangqi::store::course::CourseProgress;

fn course() -> &'static Course {
    Course::builtin().expect("the built-in course loads")
}

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// The built-in course file with one exercise's JSON changed by `edit`.
fn edited(id: &str, edit: impl Fn(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value =
        serde_json::from_str(xiangqi::course::data::COURSE_JSON).unwrap();
    for c in v["chapters"].as_array_mut().unwrap() {
        for l in c["lessons"].as_array_mut().unwrap() {
            for e in l["exercises"].as_array_mut().unwrap() {
                if e["id"] == id {
                    edit(e);
                }
            }
        }
    }
    v.to_string()
}

#[test]
fn every_exercise_passes_the_check_and_the_course_is_big_enough() {
    let course = course();
    let (chapters, lessons, exercises) = course.counts();
    assert!(chapters >= 6, "{chapters} chapters");
    assert!(lessons >= 30, "{lessons} lessons");
    assert!(exercises >= 80, "{exercises} exercises");
    let report = check_course(course, &mut Defender::default(), &mut |_, _, _| {});
    assert_eq!(report.checked, exercises);
    assert!(report.against_engine >= 10, "{report:?}");
    let failures: Vec<String> = report.failures.iter().map(ToString::to_string).collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn every_text_has_all_four_languages() {
    // Simplified, Traditional (written out in the file, not converted at
    // run time), Vietnamese, English: each its own, none falling back.
    for (chapter, lesson) in course().lessons() {
        let mut texts = vec![&chapter.title, &lesson.title];
        texts.extend(lesson.pages.iter().map(|p| &p.text));
        texts.extend(lesson.exercises.iter().map(|e| &e.prompt));
        for t in texts {
            for code in ["en", "zh", "zh-Hant", "vi"] {
                assert!(
                    t.0.get(code).is_some_and(|s| !s.trim().is_empty()),
                    "{}: no {code} in {t:?}",
                    lesson.id
                );
            }
            let (en, zh, hant, vi) = (t.get("en"), t.get("zh"), t.get("zh-Hant"), t.get("vi"));
            assert!(zh != en && hant != en && vi != en, "{}: {t:?}", lesson.id);
            assert!(
                !hant.contains(['们', '这', '马', '车', '将', '着', '后', '过']),
                "{hant}"
            );
            // Vietnamese is written with its diacritics and its own
            // notation, not the Chinese one.
            assert!(!vi.contains(['进', '退', '平']), "{vi}");
        }
    }
    let vi: String = course()
        .lessons()
        .flat_map(|(_, l)| l.pages.iter().map(|p| p.text.get("vi").to_string()))
        .collect();
    for c in ['ư', 'ơ', 'đ', 'ạ', 'ấ', 'ề', 'ộ'] {
        assert!(vi.contains(c), "Vietnamese without {c}");
    }
}

#[test]
fn a_broken_exercise_is_named_with_the_reason() {
    // The horse's first move of horse-1 made into one whose leg is blocked.
    let text = edited("horse-1", |e| {
        e["fen"] = "3k5/9/9/9/9/9/9/9/9/1NB1K4 w - - 0 1".into();
        e["solution"] = serde_json::json!(["b0d1", "d1e3", "e3f5"]);
    });
    let course = Course::from_json(&text).unwrap();
    let report = check_course(&course, &mut Defender::default(), &mut |_, _, _| {});
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    let f = &report.failures[0];
    assert_eq!(
        (f.chapter.as_str(), f.lesson.as_str(), f.exercise.as_str()),
        ("pieces", "horse", "horse-1")
    );
    assert!(
        matches!(
            f.problem,
            CheckProblem::Illegal {
                ply: 1,
                why: WrongMove::HorseLegBlocked { .. },
                ..
            }
        ),
        "{f}"
    );
    assert!(
        f.to_string()
            .starts_with("pieces/horse/horse-1: move 1 (b0d1)"),
        "{f}"
    );

    // A mate that is not forced, and a find-the-move accepting too little.
    let text = edited("two-chariots-2", |e| e["moves"] = 1.into());
    let course = Course::from_json(&text).unwrap();
    let report = check_course(&course, &mut Defender::default(), &mut |_, _, _| {});
    assert_eq!(report.failures[0].exercise, "two-chariots-2");
    assert_eq!(
        report.failures[0].problem,
        CheckProblem::NotForced { moves: 1 }
    );
    let text = edited("check-1", |e| e["accept"] = serde_json::json!([]));
    let err = Course::from_json(&text).unwrap_err();
    assert!(matches!(
        err,
        CourseError::Field {
            field: "accept",
            problem: Problem::Empty,
            ..
        }
    ));
}

#[test]
fn a_malformed_course_file_names_the_lesson_exercise_and_field() {
    let text = edited("elephant-2", |e| e["fen"] = "4k4/9/9 w".into());
    let err = Course::from_json(&text).unwrap_err().to_string();
    assert!(
        err.starts_with("chapter pieces / lesson elephant / exercise elephant-2: field `fen`:"),
        "{err}"
    );
    let text = edited("soldier-1", |e| {
        e.as_object_mut().unwrap().remove("target");
    });
    let err = Course::from_json(&text).unwrap_err().to_string();
    assert!(err.contains("exercise soldier-1: field `target`"), "{err}");
    let text = edited("cannon-1", |e| e["max_moves"] = "two".into());
    let err = Course::from_json(&text).unwrap_err().to_string();
    assert!(
        err.contains("exercise cannon-1") && err.contains("max_moves"),
        "{err}"
    );
    assert!(matches!(Course::from_json("{"), Err(CourseError::Json(_))));
}

#[test]
fn the_command_lists_lessons_and_check_names_a_failing_exercise() {
    let bin = env!("CARGO_BIN_EXE_xiangqi");
    let out = Command::new(bin)
        .args(["lessons", "--lang", "zh"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("第1章 棋盘与记谱\n  1.1 "), "{text}");
    let (c, l, e) = course().counts();
    assert!(
        text.ends_with(&format!("共{c}章，{l}课，{e}题\n")),
        "{text}"
    );
    let out = Command::new(bin)
        .args(["lessons", "--lang", "zh-Hant"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("第1章 棋盤與記譜\n  1.1 "), "{text}");
    assert!(
        text.ends_with(&format!("共{c}章，{l}課，{e}題\n")),
        "{text}"
    );
    let out = Command::new(bin)
        .args(["lessons", "--lang", "vi"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Chương 1: Bàn cờ và cách ghi nước đi\n  1.1 "),
        "{text}"
    );
    assert!(
        text.ends_with(&format!("{c} chương, {l} bài học, {e} bài tập\n")),
        "{text}"
    );
    let out = Command::new(bin).arg("lessons").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Chapter 2: How each piece moves"), "{text}");
    assert!(text.contains("2 exercises"), "{text}");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.json");
    std::fs::write(
        &path,
        edited("chariot-1", |e| {
            e["solution"] = serde_json::json!(["a0a7", "a7g7"])
        }),
    )
    .unwrap();
    let out = Command::new(bin)
        .args(["lessons", "--check", "--file"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stdout.contains("FAIL pieces/chariot/chariot-1: "),
        "{stdout}"
    );
    assert!(stderr.contains("pieces/chariot/chariot-1"), "{stderr}");
}

#[test]
fn each_wrong_move_reason_is_produced() {
    let start = xiangqi::rules::START_FEN;
    let cases: &[(&str, &str, WrongMove)] = &[
        (start, "e0e0", WrongMove::SamePoint),
        (start, "e4e5", WrongMove::NoPiece { at: sq("e4") }),
        (
            start,
            "a0a3",
            WrongMove::OwnPiece {
                piece: Position::startpos().piece_at(sq("a3")).unwrap(),
                at: sq("a3"),
            },
        ),
        (
            start,
            "h7h5",
            WrongMove::NotYourPiece {
                piece: Position::startpos().piece_at(sq("h7")).unwrap(),
            },
        ),
        (
            "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
            "d0d2",
            WrongMove::GeneralOneStep,
        ),
        (
            "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
            "d0c0",
            WrongMove::GeneralLeavesPalace,
        ),
        (start, "d0d1", WrongMove::AdvisorOneDiagonal),
        (
            "3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1",
            "d2c3",
            WrongMove::AdvisorLeavesPalace,
        ),
        (start, "c0c2", WrongMove::ElephantShape),
        (
            "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1",
            "c4e6",
            WrongMove::ElephantCrossesRiver,
        ),
        (
            "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1",
            "c0e2",
            WrongMove::ElephantEyeBlocked { eye: sq("d1") },
        ),
        (start, "b0b1", WrongMove::HorseShape),
        (start, "b0d1", WrongMove::HorseLegBlocked { leg: sq("c0") }),
        (
            start,
            "a0b1",
            WrongMove::StraightOnly {
                kind: xiangqi::rules::PieceKind::Chariot,
            },
        ),
        (start, "a0a5", WrongMove::ChariotBlocked { at: sq("a3") }),
        (start, "h2h8", WrongMove::CannonBlocked { at: sq("h7") }),
        (
            "3k5/9/9/9/9/9/9/1C5n1/9/4K4 w - - 0 1",
            "b2h2",
            WrongMove::CannonScreen { screens: 0 },
        ),
        (
            "3k5/1n7/9/1r7/9/1c7/9/1C7/9/4K4 w - - 0 1",
            "b2b8",
            WrongMove::CannonScreen { screens: 2 },
        ),
        (
            "3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1",
            "e5e4",
            WrongMove::SoldierBackward,
        ),
        (start, "g3f3", WrongMove::SoldierSidewaysBeforeRiver),
        (start, "e3e5", WrongMove::SoldierOneStep),
        (
            "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
            "d0e0",
            WrongMove::GeneralsFace { file: 'e' },
        ),
    ];
    for (fen, m, expected) in cases {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(why(&pos, mv(m)).as_ref(), Some(expected), "{fen} {m}");
        assert!(!expected.to_string().is_empty() && !expected.zh().is_empty());
    }
    let pinned = Position::from_fen("3k5/9/9/9/4r4/9/9/9/9/5K3 w - - 0 1").unwrap();
    let w = why(&pinned, mv("f0e0")).unwrap();
    assert!(
        matches!(w, WrongMove::LeavesGeneralInCheck { at, was_in_check: false, .. } if at == sq("e5"))
    );
    assert_eq!(
        w.to_string(),
        "that move leaves your general in check from the chariot on e5"
    );
    let checked = Position::from_fen("3k5/9/9/9/4r4/9/9/9/R8/4K4 w - - 0 1").unwrap();
    let w = why(&checked, mv("a1a2")).unwrap();
    assert!(
        matches!(
            w,
            WrongMove::LeavesGeneralInCheck {
                was_in_check: true,
                ..
            }
        ),
        "{w:?}"
    );
    assert_eq!(
        WrongMove::HorseLegBlocked { leg: sq("e3") }.to_string(),
        "the horse's leg on e3 is blocked"
    );
    assert_eq!(
        WrongMove::ElephantCrossesRiver.to_string(),
        "the elephant cannot cross the river"
    );
    assert_eq!(
        WrongMove::AdvisorLeavesPalace.to_string(),
        "the advisor must stay in the palace"
    );
    assert_eq!(
        WrongMove::CannonScreen { screens: 0 }.to_string(),
        "the cannon needs exactly one screen to capture"
    );
    assert_eq!(
        WrongMove::GeneralsFace { file: 'e' }.to_string(),
        "the generals would face each other on file e"
    );
    assert_eq!(
        WrongMove::SoldierSidewaysBeforeRiver.to_string(),
        "a soldier moves sideways only after crossing the river"
    );
    assert_eq!(WrongMove::ElephantCrossesRiver.zh(), "相象不能过河");
}

#[test]
fn mistakes_and_hints_cost_stars_and_the_engine_defends() {
    let course = course();
    let mut defender = Defender::default();
    // A drill: an illegal move, then the hint's moves.
    let horse = course.exercise("horse-1").unwrap();
    let mut a = Attempt::new(horse);
    assert!(matches!(
        a.try_move(mv("b0b1")),
        Feedback::Illegal(WrongMove::HorseShape)
    ));
    assert_eq!(a.mistakes(), 1);
    let mut f = Feedback::NotNow;
    while a.state() == State::StudentToMove {
        let m = a.hint(&mut defender).unwrap();
        f = a.try_move(m);
    }
    assert_eq!(f, Feedback::Solved { stars: 1 });
    // Asking again for the same step costs nothing more; the next step does.
    let mut a = Attempt::new(horse);
    let m = a.hint(&mut defender).unwrap();
    assert_eq!(a.hint(&mut defender), Some(m));
    assert_eq!(a.hints(), 1);
    assert_eq!(a.try_move(m), Feedback::Moved);
    a.hint(&mut defender).unwrap();
    assert_eq!(a.hints(), 2);
    // Only the drill's piece moves, and a move that cannot finish in time is refused.
    let chariot = course.exercise("chariot-1").unwrap();
    let mut a = Attempt::new(chariot);
    assert_eq!(
        a.try_move(mv("d0e0")),
        Feedback::Mistake(Mistake::WrongPiece { expected: sq("a0") })
    );
    assert_eq!(
        a.try_move(mv("a0a1")),
        Feedback::Mistake(Mistake::CannotFinish)
    );
    assert_eq!(a.try_move(mv("a0a7")), Feedback::Moved);
    assert_eq!(a.try_move(mv("a7h7")), Feedback::Solved { stars: 1 });
    // A mate against the engine: a move that lets the defence escape is
    // refused, the right ones are answered by the engine.
    let mate = course.exercise("two-chariots-2").unwrap();
    let mut a = Attempt::new(mate);
    assert_eq!(
        a.try_move(mv("d0d1")),
        Feedback::Mistake(Mistake::NoForcedMate)
    );
    let first = a.next_step(&mut defender).unwrap();
    assert_eq!(a.try_move(first), Feedback::DefenceToMove);
    assert!(matches!(
        a.reply_with(&mut defender),
        Feedback::Defended { .. }
    ));
    let second = a.next_step(&mut defender).unwrap();
    assert_eq!(a.try_move(second), Feedback::Solved { stars: 2 });
    // A find-the-move says what is wrong with a legal answer.
    let check = course.exercise("check-1").unwrap();
    let mut a = Attempt::new(check);
    assert_eq!(a.try_move(mv("d0d1")), Feedback::Mistake(Mistake::NoCheck));
    assert_eq!(
        Mistake::NoCheck.text(xiangqi::words::Language::Zh),
        "这步没有将军"
    );
}

#[test]
fn progress_round_trips_through_its_file_and_lessons_unlock_in_order() {
    let course = course();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("course-progress.json");
    let (mut progress, warning) = CourseProgress::load(&path);
    assert!(warning.is_none());
    let lessons: Vec<_> = course.lessons().map(|(_, l)| l).collect();
    assert!(is_unlocked(course, &progress, &lessons[0].id));
    assert!(!is_unlocked(course, &progress, &lessons[1].id));
    assert!(!is_unlocked(course, &progress, "no-such-lesson"));
    assert_eq!(next_lesson(course, &progress).unwrap().id, lessons[0].id);

    // Solving every exercise of the first lesson finishes it and opens the second.
    let first = lessons[0];
    let mut done = None;
    for (i, e) in first.exercises.iter().enumerate() {
        done = record_solved(course, &mut progress, &e.id, if i == 0 { 2 } else { 3 });
    }
    assert_eq!(done.map(|l| l.id.as_str()), Some(first.id.as_str()));
    assert!(is_unlocked(course, &progress, &lessons[1].id));
    assert!(!is_unlocked(course, &progress, &lessons[2].id));
    assert!(
        !record_read(&mut progress, lessons[1]),
        "a lesson with exercises is not done by reading"
    );
    // Replaying keeps the best stars.
    record_solved(course, &mut progress, &first.exercises[0].id, 1);
    record_solved(course, &mut progress, &first.exercises[1].id, 3);
    assert_eq!(progress.stars(&first.exercises[0].id), 2);
    assert_eq!(
        xiangqi::course::progress::lesson_stars(first, &progress).0,
        2 + 3 * (first.exercises.len() as u32 - 1)
    );

    progress.save(&path).unwrap();
    let (back, warning) = CourseProgress::load(&path);
    assert!(warning.is_none());
    assert_eq!(back, progress);
    assert!(
        is_unlocked(course, &back, &lessons[1].id),
        "the first lesson done, the second stays open"
    );
    assert!(
        is_unlocked(course, &back, &first.id),
        "a done lesson can be replayed"
    );
    assert_eq!(next_lesson(course, &back).unwrap().id, lessons[1].id);
    // An older or newer file with fields this build does not know still loads.
    std::fs::write(
        &path,
        "{\"version\": 9, \"lessons_done\": [\"board-points\"], \"badges\": 3}",
    )
    .unwrap();
    let (newer, warning) = CourseProgress::load(&path);
    assert!(warning.is_none());
    assert!(newer.is_lesson_done("board-points") && newer.stars.is_empty());
}

/// A course of one chapter, one lesson, one exercise `ex`.
fn one_exercise(ex: serde_json::Value) -> String {
    serde_json::json!({"chapters": [{"id": "c", "title": {"en": "t"}, "lessons": [{"id": "l",
        "title": {"en": "t"}, "pages": [{"text": {"en": "p"}}], "exercises": [ex]}]}]})
    .to_string()
}

// Issue 53 F3: one exercise with 20,000 unknown keys took 76 s to name
// its bad field (each key removed in turn from a copy of the whole map).
#[test]
fn a_bad_field_among_thousands_of_unknown_keys_is_named_in_linear_time() {
    let mut ex = serde_json::json!({"id": "e", "prompt": {"en": "p"}, "fen": 5, "kind": "reach"});
    for i in 0..20_000 {
        ex[format!("a{i:05}")] = i.into();
    }
    let text = one_exercise(ex);
    let start = std::time::Instant::now();
    let err = Course::from_json(&text).unwrap_err().to_string();
    let took = start.elapsed();
    assert_eq!(
        err,
        "chapter c / lesson l / exercise e: field `fen`: invalid type: integer `5`, expected a string"
    );
    assert!(took.as_secs() < 5, "{took:?}");
}

// Issue 53 F4: a game the rules have ended before the first move, a side
// with no move, and counts of moves without bound are refused when the
// file is read; the checker stops on a move the game does not take and
// gives up a mate proof past its budget.
#[test]
fn an_exercise_that_cannot_start_or_asks_too_many_moves_is_refused() {
    let bare = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let err = Course::from_json(&one_exercise(serde_json::json!({"id": "w",
        "prompt": {"en": "p"}, "kind": "win", "moves": 4, "fen": bare})))
    .unwrap_err();
    assert!(
        matches!(
            &err,
            CourseError::Field {
                field: "fen",
                problem: Problem::Over(_),
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("no attacking material"), "{err}");
    // Black to move and stalemated: a drill with nothing to play.
    let stalemate = "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1";
    let err = Course::from_json(&one_exercise(serde_json::json!({"id": "r",
        "prompt": {"en": "p"}, "kind": "reach", "piece": "d9", "target": "e9",
        "max_moves": 2, "fen": stalemate})))
    .unwrap_err();
    assert!(
        matches!(
            &err,
            CourseError::Field {
                field: "fen",
                problem: Problem::NoMove,
                ..
            }
        ),
        "{err}"
    );
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    for (kind, name) in [("mate", "moves"), ("win", "moves"), ("reach", "max_moves")] {
        let err = Course::from_json(&one_exercise(serde_json::json!({"id": "m",
            "prompt": {"en": "p"}, "kind": kind, name: 4_294_967_295u32, "piece": "b0",
            "target": "c2", "fen": start})))
        .unwrap_err();
        assert!(
            matches!(
                &err,
                CourseError::Field {
                    problem: Problem::TooMany { max: 30, .. },
                    ..
                }
            ),
            "{kind}: {err}"
        );
    }
    // The most allowed, from the start: the proof gives up, in time.
    let course = Course::from_json(&one_exercise(serde_json::json!({"id": "m",
        "prompt": {"en": "p"}, "kind": "mate", "moves": 30, "fen": start})))
    .unwrap();
    let began = std::time::Instant::now();
    let report = check_course(&course, &mut Defender::default(), &mut |_, _, _| {});
    assert!(began.elapsed().as_secs() < 30, "{:?}", began.elapsed());
    assert!(
        matches!(
            report.failures[0].problem,
            CheckProblem::NotProved { moves: 30, .. }
        ),
        "{}",
        report.failures[0]
    );
    // An exercise made in code, past the loader: the first move is not
    // taken, and the checker says why instead of trying again.
    let mut ex = course.exercises().next().unwrap().2.clone();
    ex.position = Position::from_fen(bare).unwrap();
    ex.goal = xiangqi::course::data::Goal::Win { moves: 30 };
    ex.solution = vec![mv("e0e1")];
    let problem = xiangqi::course::check_exercise(&ex, &mut Defender::default()).unwrap_err();
    assert!(
        matches!(problem, CheckProblem::NotNow { ply: 1, .. }),
        "{problem}"
    );
    assert!(
        problem.to_string().contains("no attacking material"),
        "{problem}"
    );
}

// Issue 53 F12: a byte order mark is skipped, a byte that is not UTF-8 is
// named by line and column, a lesson id like a chapter's is no clash, and
// a course without chapters is refused.
#[test]
fn course_file_messages_name_what_is_wrong() {
    let text = one_exercise(serde_json::json!({"id": "e", "prompt": {"en": "p"},
        "kind": "find_move", "accept": ["h2e2"],
        "fen": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"}));
    assert!(Course::from_json(&format!("\u{feff}{text}")).is_ok());
    let mut bytes = b"{\n  \"chapters\": [\n    \"\xe9t\xe9\"]}".to_vec();
    let err = Course::from_bytes(&bytes).unwrap_err().to_string();
    assert_eq!(
        err,
        "course file: line 3, column 6 (byte 23): the byte 0xe9 is not UTF-8"
    );
    bytes.clear();
    // The chapter `c` and a lesson called `chapter:c` are different things.
    let clash = text.replace("\"id\":\"l\"", "\"id\":\"chapter:c\"");
    assert!(clash.contains("chapter:c"));
    assert!(Course::from_json(&clash).is_ok());
    // Two chapters with one id: the second chapter is blamed.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut second = v["chapters"][0].clone();
    second["lessons"][0]["id"] = "l2".into();
    second["lessons"][0]["exercises"][0]["id"] = "e2".into();
    v["chapters"].as_array_mut().unwrap().push(second);
    let err = Course::from_json(&v.to_string()).unwrap_err().to_string();
    assert_eq!(err, "chapter c: field `id`: the id 'c' is used twice");
    let err = Course::from_json("{\"chapters\":[]}").unwrap_err();
    assert!(matches!(err, CourseError::NoChapters), "{err}");
}

// Issue 53 F11 and F25: titles from a course file reach the terminal with
// their control characters escaped, and a long title is cut to its column.
#[test]
fn the_list_escapes_titles_and_fits_them_to_the_column() {
    let mut v: serde_json::Value =
        serde_json::from_str(xiangqi::course::data::COURSE_JSON).unwrap();
    v["chapters"][0]["title"]["en"] = "A\u{0}B\u{1b}]0;PWN\u{7}\u{1b}[2JC".into();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.json");
    std::fs::write(&path, v.to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["lessons", "--file"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("Chapter 1: A\\u{0}B\\u{1b}]0;PWN\\u{7}\\u{1b}[2JC\n"),
        "{text}"
    );
    assert!(!text.contains('\u{1b}'));
    // The shipped course's longest titles: the count still stands apart.
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("lessons")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
    assert!(rows.iter().any(|r| r.contains('…')), "{text}");
    for row in rows {
        // `  5.2   ` (8 cells), 34 cells of title, a space, the count.
        let mut cells = 0;
        let at = row
            .char_indices()
            .find(|&(_, c)| {
                let here = cells;
                cells += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
                here == 8 + 34 + 1
            })
            .map_or(row.len(), |(i, _)| i);
        let (head, count) = row.split_at(at);
        assert!(
            head.ends_with(' ') && count.starts_with(|c: char| c.is_ascii_digit()),
            "{row:?}"
        );
    }
}
