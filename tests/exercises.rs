//! The one contract every exercise keeps (`xiangqi::exercise`), without a
//! window: a move is judged before it is played, a refused move changes
//! nothing, the defender and the judgement come as questions, and who may
//! move is the exercise's to say — for a lesson's attempt, a composed
//! puzzle, a puzzle from the player's games and a page to look at.

use std::mem::discriminant;
use xiangqi::course::{Attempt, Course, Defender, Goal};
use xiangqi::engine::Limits;
use xiangqi::exercise::mine::{MyPuzzleAttempt, MyVerdict};
use xiangqi::exercise::puzzle::PuzzleAttempt;
use xiangqi::exercise::viewing::Viewing;
use xiangqi::exercise::{Answer, Defence, Exercise, Failure, Refusal, Standing, Verdict, settle};
use xiangqi::rules::{Move, Position};
use xiangqi::store::my_puzzles::composed;
use xiangqi::store::puzzles;

fn course() -> &'static Course {
    Course::builtin().expect("the built-in course loads")
}

/// A legal move that is not `but`, if there is one.
fn another_legal(pos: &Position, but: &[Move]) -> Option<Move> {
    pos.legal_moves().iter().copied().find(|m| !but.contains(m))
}

/// An illegal move of a piece of the side to move (to a point it cannot reach).
fn an_illegal(pos: &Position) -> Move {
    let legal = pos.legal_moves();
    for (from, _) in pos.pieces(pos.side_to_move()) {
        for to in xiangqi::rules::Square::all() {
            let m = Move::new(from, to);
            if from != to && !legal.contains(&m) {
                return m;
            }
        }
    }
    panic!("no illegal move found in {}", pos.fen());
}

/// Plays the exercise to its end with the course's own next steps and
/// the questions answered on this thread; returns the end.
fn solve(exercise: &mut Attempt) -> Standing {
    let mut defender = Defender::default();
    for _ in 0..60 {
        match Exercise::standing(exercise) {
            Standing::StudentToMove => {
                let m = exercise.next_step(&mut defender).expect("a next step");
                let before = Exercise::moves(exercise).len();
                let verdict = Exercise::judge(exercise, m);
                assert!(
                    !matches!(verdict, Verdict::Refuse(_)),
                    "{}: the course's own step {m} refused: {verdict:?}",
                    exercise.exercise().id
                );
                assert_eq!(
                    Exercise::moves(exercise).len(),
                    before + 1,
                    "judged and taken"
                );
            }
            Standing::Waiting => {
                assert_eq!(Exercise::defence(exercise), Defence::Own);
                settle(exercise).expect("the defender answers");
            }
            end => return end,
        }
    }
    panic!("{} did not end", exercise.exercise().id);
}

#[test]
fn one_exercise_of_every_kind_in_the_course_solves_through_the_contract() {
    let mut kinds = Vec::new();
    for (_, _, ex) in course().exercises() {
        let kind = discriminant(&ex.goal);
        if kinds.contains(&kind) {
            continue;
        }
        kinds.push(kind);
        let mut attempt = Attempt::new(ex);
        assert_eq!(Exercise::start(&attempt), ex.position);
        assert_eq!(attempt.mover(), Some(ex.position.side_to_move()));
        assert_eq!(
            Exercise::ends_by_rules(&attempt),
            ex.goal.has_defence(),
            "{}: a task for the student alone is not ended by the rules",
            ex.id
        );
        assert_eq!(solve(&mut attempt), Standing::Solved(3), "{}", ex.id);
        assert_eq!(attempt.mover(), None, "{}: solved, nobody moves", ex.id);
        // Solved, the board takes nothing more.
        let after = Exercise::position(&attempt);
        if let Some(m) = after.legal_moves().first() {
            assert_eq!(
                Exercise::judge(&mut attempt, *m),
                Verdict::Refuse(Refusal::NotNow)
            );
        }
    }
    assert!(kinds.len() >= 5, "the course has tasks of several kinds");
}

#[test]
fn a_move_a_lesson_refuses_is_never_taken_and_counts_as_a_mistake() {
    let (_, _, ex) = course()
        .exercises()
        .find(|(_, _, e)| matches!(e.goal, Goal::Mate { .. }))
        .expect("a mate exercise");
    let mut attempt = Attempt::new(ex);
    let start = Exercise::position(&attempt);

    // Against a rule: the rule is said, nothing is played.
    let wrong = an_illegal(&start);
    let verdict = Exercise::judge(&mut attempt, wrong);
    assert!(
        matches!(verdict, Verdict::Refuse(Refusal::Illegal(_))),
        "{wrong}: {verdict:?}"
    );
    assert_eq!(Exercise::position(&attempt), start);
    assert!(Exercise::moves(&attempt).is_empty());
    assert_eq!(Exercise::standing(&attempt), Standing::StudentToMove);

    // Legal but not the task: refused with the mistake, nothing played.
    let good = attempt.next_step(&mut Defender::default()).unwrap();
    let mut refused = 0;
    let mut moves = start.legal_moves().to_vec();
    moves.retain(|&m| m != good);
    for m in moves {
        let mut copy = attempt.clone();
        if let Verdict::Refuse(Refusal::Mistake(_)) = Exercise::judge(&mut copy, m) {
            assert_eq!(Exercise::position(&copy), start, "{m} was not played");
            assert!(Exercise::moves(&copy).is_empty());
            assert_eq!(copy.mistakes(), 2, "the rule broken and this mistake");
            refused += 1;
        }
    }
    assert!(refused > 0, "some legal move misses the mate");

    // The hint is a question; its answer counts once.
    let hint = attempt.hint().expect("a lesson's own hint");
    let answer = hint.run(&std::sync::atomic::AtomicBool::new(false));
    assert_eq!(answer, Answer::Hint(Some(good)));
    attempt.hinted(Some(good));
    attempt.hinted(Some(good));
    assert_eq!(attempt.hints(), 1);
}

#[test]
fn a_composed_puzzle_judges_the_solver_and_hears_the_engines_defence() {
    let puzzle = puzzles::all()
        .iter()
        .find(|p| p.mate_in_plies >= 3)
        .expect("a puzzle longer than a move");
    let mut attempt = PuzzleAttempt::new(puzzle, 36).expect("its position reads");
    let start = attempt.start();
    assert_eq!(attempt.defence(), Defence::Engine { level: 36 });
    assert_eq!(attempt.mover(), Some(start.side_to_move()));
    // The known first move is the hint, before any move.
    let first = puzzle.first_move().unwrap();
    let hint = attempt.hint().expect("the first move is known");
    assert_eq!(
        hint.run(&std::sync::atomic::AtomicBool::new(false)),
        Answer::Hint(Some(first))
    );
    // A move against the rules is refused and not played.
    let wrong = an_illegal(&start);
    assert!(matches!(
        attempt.judge(wrong),
        Verdict::Refuse(Refusal::Illegal(_))
    ));
    assert!(attempt.moves().is_empty());
    // The defence is not the solver's to play.
    assert_eq!(attempt.replied(first), Verdict::Refuse(Refusal::NotNow));

    assert_eq!(attempt.judge(first), Verdict::Play);
    assert_eq!(attempt.standing(), Standing::Waiting);
    assert_eq!(attempt.mover(), None, "the engine's turn");
    assert!(
        attempt.hint().is_none(),
        "then the game's ordinary hint serves"
    );
    let reply = attempt.position().legal_moves()[0];
    assert!(!matches!(attempt.replied(reply), Verdict::Refuse(_)));
    assert_eq!(attempt.moves(), vec![first, reply]);

    // Undo takes the reply and the move back; a retry starts again.
    attempt.take_back();
    assert!(attempt.moves().is_empty());
    assert_eq!(attempt.standing(), Standing::StudentToMove);
    attempt.judge(first);
    attempt.restart();
    assert_eq!(attempt.position(), start);
}

#[test]
fn a_puzzle_from_my_games_takes_exactly_one_move() {
    let start = Position::startpos();
    let best = Move::from_iccs("h2e2").unwrap();
    let puzzle = composed(&start, &[best], 2, 0).expect("a puzzle");
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };

    // The engine's own move solves it at once.
    let mut attempt = MyPuzzleAttempt::new(&puzzle, &limits).unwrap();
    assert_eq!(attempt.judge(best), Verdict::Solved { stars: 3 });
    assert_eq!(attempt.verdict(), MyVerdict::Solved(best));
    assert_eq!(attempt.mover(), None);
    let other = another_legal(&start, &[best]).unwrap();
    assert_eq!(attempt.judge(other), Verdict::Refuse(Refusal::NotNow));
    assert_eq!(attempt.moves(), vec![best], "one move, no second");

    // Another move is played and judged by a question.
    attempt.restart();
    assert_eq!(attempt.judge(other), Verdict::Play);
    assert!(attempt.checking());
    assert_eq!(attempt.mover(), None, "no second move while it is judged");
    assert_eq!(attempt.judge(best), Verdict::Refuse(Refusal::NotNow));
    let verdict = settle(&mut attempt).expect("the judgement");
    match verdict {
        Verdict::Solved { .. } => assert_eq!(attempt.verdict(), MyVerdict::Solved(other)),
        Verdict::Failed(Failure::NotGoodEnough) => {
            assert_eq!(attempt.verdict(), MyVerdict::Wrong(other))
        }
        v => panic!("{v:?}"),
    }
    assert!(attempt.standing().is_over());
    assert_eq!(attempt.question().map(|_| ()), None, "nothing more to ask");
}

#[test]
fn a_page_takes_no_move() {
    let start = Position::startpos();
    let m = Move::from_iccs("h2e2").unwrap();
    let mut page = Viewing {
        start,
        moves: vec![m],
    };
    let mut after = start;
    after.make(m);
    assert_eq!(page.position(), after);
    assert_eq!(page.mover(), None);
    assert_eq!(page.standing(), Standing::Viewing);
    let reply = after.legal_moves()[0];
    assert_eq!(page.judge(reply), Verdict::Refuse(Refusal::NotNow));
    assert_eq!(page.moves(), vec![m]);
    assert_eq!(page.defence(), Defence::None);
}
