//! Property tests over positions reached by random playouts: make/unmake
//! restores everything, the incremental hash equals a recomputation, FEN
//! round-trips, and the legal move list agrees with the single-move checks.

use proptest::prelude::*;
use xiangqi::rules::notation::{ChineseStyle, Notation};
use xiangqi::rules::records::{Mark, MoveTree, import, write_pgn_tree};
use xiangqi::rules::{Position, Square};

/// Plays `choices.len()` pseudo-random legal moves from the start.
fn playout(choices: &[u16]) -> Vec<Position> {
    let mut p = Position::startpos();
    let mut seen = vec![p];
    for &c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.make(moves[c as usize % moves.len()]);
        seen.push(p);
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn make_unmake_restores_board_and_hash(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        for p in playout(&choices) {
            let mut q = p;
            for &m in p.legal_moves().iter() {
                let u = q.make(m);
                prop_assert_eq!(q.hash(), q.compute_hash(), "incremental hash after {}", m);
                q.unmake(m, u);
                prop_assert_eq!(q, p, "unmake of {}", m);
            }
            if !p.in_check() {
                let u = q.make_null();
                prop_assert_eq!(q.hash(), q.compute_hash());
                q.unmake_null(u);
                prop_assert_eq!(q, p);
            }
        }
    }

    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        for p in playout(&choices) {
            let fen = p.fen();
            let q = Position::from_fen(&fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
            prop_assert_eq!(q, p);
            prop_assert_eq!(q.fen(), fen);
        }
    }

    #[test]
    fn legal_moves_agree_with_is_legal_and_play(choices in prop::collection::vec(any::<u16>(), 0..100)) {
        let last = *playout(&choices).last().unwrap();
        let legal = last.legal_moves();
        let captures = last.legal_captures();
        for from in Square::all() {
            for to in Square::all() {
                let m = xiangqi::rules::Move::new(from, to);
                let listed = legal.contains(&m);
                prop_assert_eq!(last.is_legal(m), listed, "is_legal({}) in {}", m, last.fen());
                let mut q = last;
                prop_assert_eq!(q.play(m).is_ok(), listed);
                prop_assert_eq!(captures.contains(&m), listed && last.piece_at(to).is_some());
            }
        }
        // No legal move leaves the mover's own general attacked.
        for &m in legal.iter() {
            let mut q = last;
            q.make(m);
            prop_assert!(!q.king_attacked(last.side_to_move()), "{} leaves the general attacked", m);
        }
    }
}

/// A random tree: each choice plays one move from a node picked among
/// those made so far, and may put a comment or a mark on it.
fn random_tree(choices: &[(u16, u16, u8)]) -> MoveTree {
    let mut t = MoveTree::new(Position::startpos());
    let words = [
        "好棋",
        "a note",
        "line\nbreak",
        "(x) ; y",
        "全角　空格",
        "$3 !?",
    ];
    for &(at, which, extra) in choices {
        let node = at as usize % t.len();
        let moves = t.position(node).unwrap().legal_moves();
        if moves.is_empty() {
            continue;
        }
        let id = t.add(node, moves[which as usize % moves.len()]).unwrap();
        match extra % 9 {
            0..=5 => t.set_comment(id, words[extra as usize % words.len()]),
            6 => t.set_mark(id, Mark::ALL.get(extra as usize % 6).copied()),
            _ => {}
        }
    }
    t
}

/// The tree as its records list it, independent of node numbering.
fn canonical(t: &MoveTree) -> Vec<(Vec<String>, String, Option<Mark>)> {
    t.preorder()
        .into_iter()
        .map(|id| {
            let n = t.node(id).unwrap();
            let line = t.line_to(id).iter().map(|m| m.to_string()).collect();
            (line, n.comment.clone(), n.mark)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_move_tree_written_as_pgn_reads_back_the_same(
        choices in prop::collection::vec((any::<u16>(), any::<u16>(), any::<u8>()), 0..60),
        notation in prop::sample::select(vec![Notation::Chinese, Notation::Wxf, Notation::Iccs]),
    ) {
        let tree = random_tree(&choices);
        let tags = vec![("Event".to_string(), "props".to_string())];
        let text = write_pgn_tree(&tags, &tree, None, notation, ChineseStyle::default());
        let back = import(text.as_bytes()).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.len(), 1);
        prop_assert_eq!(canonical(&back[0].tree), canonical(&tree), "{}", text);
    }
}
