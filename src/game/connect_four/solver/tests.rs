//! The solver's answers when only the result is proven (win/draw/loss first, the exact
//! score after), the book's win/loss entries at the root, and the table's memory.

use std::collections::HashMap;

use super::{
    budget_share, plies_to_end, ConnectFourSolver, EARLY_BUDGET, SOLVABLE_BUDGET, SOLVABLE_FROM,
};
use crate::budget::control::Control;
use crate::budget::limits::{Limits, StopFlag};
use crate::game::connect_four::book::{build, canonical, Book, Value};
use crate::game::connect_four::tests::{digits, random_game, FACTS};
use crate::game::connect_four::{Column, ConnectFour, Params, SolveFor};
use crate::game::score::{loss_in, win_in};
use crate::game::solver::{Solved, Solver, Verdict};
use crate::game::Game;

fn unlimited() -> Control {
    Control::new(StopFlag::new(), None, None)
}

fn solve_limits() -> Limits {
    Limits {
        solve: true,
        ..Limits::default()
    }
}

const RESULT_ONLY: Params = Params {
    style: crate::game::connect_four::Style::Full,
    solve: SolveFor::Result,
};

/// The solved answer of a verdict (panics on any other).
fn solved(verdict: Verdict<Column>) -> Solved<Column> {
    match verdict {
        Verdict::Solved(solved) => solved,
        other => panic!("not solved: {other:?}"),
    }
}

/// The exact score of `position` by a fresh solver without the book.
fn exact(position: &ConnectFour) -> i32 {
    let mut solver = ConnectFourSolver::with_table_slots(1 << 20).without_book();
    solver.score(position, &mut unlimited()).expect("solved")
}

#[test]
fn the_result_alone_comes_with_a_move_that_keeps_it() {
    for &(moves, score) in &FACTS[3..] {
        let position = digits(moves);
        let mut solver = ConnectFourSolver::with_table_slots(1 << 20).without_book();
        let answer =
            solved(solver.solve(&position, &RESULT_ONLY, &solve_limits(), &mut unlimited()));
        // Only the result: a win or loss within the slowest distance there could be; a
        // draw is exact.
        let slowest = plies_to_end(score.signum(), position.moves(), 42);
        let expected = match score.signum() {
            1 => win_in(slowest),
            -1 => loss_in(slowest),
            _ => 0,
        };
        assert_eq!((answer.score, answer.depth), (expected, slowest), "{moves}");
        assert_eq!(answer.within, score != 0, "{moves}");
        // The move keeps the result: the opponent's result after it is the negation
        // (in a lost position every move keeps it).
        let mut child = position;
        child.play(answer.best_move);
        if child.outcome().is_none() {
            assert_eq!(exact(&child).signum(), -score.signum(), "{moves}");
        }
    }
}

#[test]
fn a_solve_stopped_after_the_result_still_answers_with_it() {
    // "2531276566711153" is a win (Pons 2): the result takes far fewer nodes than the
    // score (about 5 thousand against 100 thousand).
    let position = digits("2531276566711153");
    let mut probe = ConnectFourSolver::with_table_slots(1 << 20).without_book();
    let mut control = unlimited();
    solved(probe.solve(&position, &RESULT_ONLY, &solve_limits(), &mut control));
    let result_nodes = control.nodes();
    let mut probe = ConnectFourSolver::with_table_slots(1 << 20).without_book();
    let mut control = unlimited();
    let full = solved(probe.solve(&position, &Params::default(), &solve_limits(), &mut control));
    assert_eq!(full.score, win_in(plies_to_end(2, 16, 42)));
    assert!(
        control.nodes() > result_nodes + 20_000,
        "{} vs {result_nodes}",
        control.nodes()
    );
    // A node limit between the two: the exact score is cut off, the result stands.
    let mut solver = ConnectFourSolver::with_table_slots(1 << 20).without_book();
    let mut limited = Control::new(StopFlag::new(), None, Some(result_nodes + 10_000));
    let answer = solved(solver.solve(&position, &Params::default(), &solve_limits(), &mut limited));
    assert_eq!(answer.score, win_in(plies_to_end(1, 16, 42)));
    assert!(answer.within);
    let mut child = position;
    child.play(answer.best_move);
    assert!(exact(&child) < 0);
}

/// A book (leaked: the solver keeps `'static` books) of these values.
fn book_of(values: &[(ConnectFour, Value)]) -> Book<'static> {
    let known: HashMap<u64, Value> = values
        .iter()
        .map(|(position, value)| (canonical(position).key(), *value))
        .collect();
    let bytes: &'static [u8] =
        Box::leak(build::encode(&known, &build::Moves::new(), 20).into_boxed_slice());
    Book::parse(bytes).expect("a book")
}

#[test]
fn the_root_answers_from_win_and_loss_entries() {
    // A won position whose book entry says only "win", and a child the book knows lost.
    let won = digits("32164625");
    let mut solver = ConnectFourSolver::with_table_slots(1 << 16).without_book();
    let line = solver.line(&won, &mut unlimited()).expect("solved");
    let mut child = won;
    child.play(line.moves[0]);
    let book = book_of(&[(won, Value::Win), (child, Value::Loss)]);
    let mut solver = ConnectFourSolver::with_table_slots(1 << 16).with_book(book);
    let mut control = unlimited();
    let answer = solved(solver.solve(&won, &RESULT_ONLY, &solve_limits(), &mut control));
    assert_eq!((answer.best_move, answer.within), (line.moves[0], true));
    assert_eq!(answer.score, win_in(plies_to_end(1, 8, 42)));
    assert_eq!(control.nodes(), 0, "answered without a search");
    // A "loss" entry: every move loses; one that gives no win at once, without a search.
    let lost = digits("5455174361263362");
    let book = book_of(&[(lost, Value::Loss)]);
    let mut solver = ConnectFourSolver::with_table_slots(1 << 16).with_book(book);
    let mut control = unlimited();
    let answer = solved(solver.solve(&lost, &RESULT_ONLY, &solve_limits(), &mut control));
    assert_eq!(answer.score, loss_in(plies_to_end(-1, 16, 42)));
    assert_eq!(control.nodes(), 0);
    let mut after = lost;
    after.play(answer.best_move);
    let shape = after.shape();
    let wins =
        crate::game::connect_four::bitboard::winning_cells(shape, after.current(), after.mask());
    assert_eq!(wins & shape.playable(after.mask()), 0);
}

#[test]
fn the_root_answers_from_a_stored_move() {
    // The book holds the won position and the move that keeps the win, but none of its
    // children (as at the book's deepest ply): the answer comes from the entry's move,
    // in the position's own orientation when the entry is stored under the mirror image.
    let won = digits("32164625");
    let mut solver = ConnectFourSolver::with_table_slots(1 << 16).without_book();
    let line = solver.line(&won, &mut unlimited()).expect("solved");
    let mirror = |position: &ConnectFour| {
        let shape = position.shape();
        let (current, mask) = (
            shape.mirror(position.current()),
            shape.mirror(position.mask()),
        );
        ConnectFour::from_bits(shape, current, mask, position.moves())
    };
    let stored = canonical(&won);
    let keeping = if stored.key() == won.key() {
        line.moves[0]
    } else {
        Column(6 - line.moves[0].0)
    };
    let known = HashMap::from([(stored.key(), Value::Win)]);
    let moves = HashMap::from([(stored.key(), keeping)]);
    let bytes: &'static [u8] = Box::leak(build::encode(&known, &moves, 8).into_boxed_slice());
    let book = Book::parse(bytes).expect("a book");
    for (position, expected) in [
        (won, line.moves[0]),
        (mirror(&won), Column(6 - line.moves[0].0)),
    ] {
        let mut solver = ConnectFourSolver::with_table_slots(1 << 16).with_book(book);
        let mut control = unlimited();
        let answer = solved(solver.solve(&position, &RESULT_ONLY, &solve_limits(), &mut control));
        assert_eq!((answer.best_move, answer.within), (expected, true));
        assert_eq!(answer.score, win_in(plies_to_end(1, 8, 42)));
        assert_eq!(control.nodes(), 0, "answered without a search");
    }
}

#[test]
fn positions_past_the_books_complete_layers_keep_the_larger_share() {
    // The shipped book holds part of ply 10 (it is being generated largest reach first);
    // the rest of that layer is the solver's, with the share of a position past the book.
    assert!(Book::shipped().deepest() >= SOLVABLE_FROM);
    assert_eq!(budget_share(SOLVABLE_FROM), SOLVABLE_BUDGET);
    assert_eq!(budget_share(Book::shipped().deepest()), SOLVABLE_BUDGET);
    assert_eq!(budget_share(SOLVABLE_FROM - 1), EARLY_BUDGET);
    // Nine tenths past the book's complete layers (the heuristic search keeps 10 ms of a
    // 100 ms move), half before.
    assert_eq!(SOLVABLE_BUDGET, (9, 10));
    assert_eq!(EARLY_BUDGET, (1, 2));
}

#[test]
fn the_table_keeps_to_its_share_of_hash() {
    let mut solver = ConnectFourSolver::default();
    solver.set_memory(3 << 20);
    assert_eq!(
        solver.table_bytes(),
        (3 << 20, 0),
        "allocated at the first solve"
    );
    let position = digits("2416615552");
    let score = solver.score(&position, &mut unlimited());
    assert_eq!(score, Some(4));
    assert_eq!(solver.table_bytes(), (3 << 20, 3 << 20));
    // A new size takes effect at once (the entries go, as `Hash` clears).
    solver.set_memory(1 << 20);
    assert_eq!(solver.table_bytes(), (1 << 20, 0));
    assert_eq!(solver.score(&position, &mut unlimited()), Some(4));
    assert_eq!(solver.table_bytes(), (1 << 20, 1 << 20));
}

#[test]
fn out_of_time_the_moves_proven_to_lose_are_left_out() {
    // 8x6 (no book, far too big to solve in a test): X has three in column a, so every
    // move of O but a loses at once. A short movetime runs out before the result is
    // known; the heuristic search gets the position without the seven losing moves.
    let wide = ConnectFour::new_game(&[("cols".to_string(), "8".to_string())]).expect("8x6");
    let mut position = wide;
    position.play_digits("12121").expect("legal");
    let mut solver = ConnectFourSolver::with_table_slots(1 << 16);
    let movetime = Limits {
        movetime: Some(std::time::Duration::from_millis(30)),
        ..Limits::default()
    };
    let verdict = solver.solve(&position, &Params::default(), &movetime, &mut unlimited());
    let losing: Vec<_> = (1..8).map(Column).collect();
    assert_eq!(verdict, Verdict::Excluding(losing));
}

#[test]
fn out_of_time_a_position_known_won_leaves_out_the_moves_proven_not_to_win() {
    // Won positions of seeded random games: the search for a winning move, told the
    // position is won and stopped by node limits, names the moves it has refuted so far
    // (the heuristic search leaves them out). Each of them must really not win, and every
    // stop after the first refutation must name some.
    use super::{Halt, Proof};
    let mut solver = ConnectFourSolver::with_table_slots(1 << 16).without_book();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut refuted = 0;
    for _ in 0..40 {
        let position = random_game(&mut state, 16);
        if solver.wdl(&position, &mut unlimited()) != Some(1) {
            continue;
        }
        let winning: Vec<Column> = (0..7)
            .filter(|&c| position.can_play(c))
            .map(|c| Column(c as u8))
            .filter(|&column| {
                let mut child = position;
                child.play(column);
                child.outcome().is_some() || solver.wdl(&child, &mut unlimited()) == Some(-1)
            })
            .collect();
        for limit in (0..16).map(|i| 16u64 << i) {
            solver.clear();
            let mut control = Control::new(StopFlag::new(), None, Some(limit));
            let found = solver.run(&position, &mut control, None, |search, p| {
                search.wdl_move_within(p, 1, 1)
            });
            match found {
                Ok(Proof::Partial { losing, halt }) => {
                    assert_eq!(halt, Halt::Aborted);
                    assert!(
                        losing.iter().all(|column| !winning.contains(column)),
                        "{position:?}: {losing:?} names a winning move of {winning:?}"
                    );
                    refuted += usize::from(!losing.is_empty());
                }
                Ok(Proof::Result(wdl, column)) => {
                    assert_eq!(wdl, 1);
                    assert!(winning.contains(&column), "{position:?}: {column:?}");
                    break;
                }
                Err(halt) => assert_eq!(halt, Halt::Aborted),
            }
        }
    }
    assert!(refuted > 0, "no stop came after a refuted move");
}
