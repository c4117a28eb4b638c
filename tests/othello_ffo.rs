//! Othello endgame tests over the FFO positions #40-#59 (board, side, exact margin,
//! optimal moves). FFO #40 is typed in and solved on every run; the file
//! othello_ffo40_59.txt of the reference data (see `common::testdata`) is read only by the
//! tests ignored unless asked for (`cargo test --test othello_ffo -- --ignored`); #40-#49
//! take minutes in the test profile.

mod common;

use arbor::budget::control::Control;
use arbor::game::othello::solver::EndgameSolver;
use arbor::game::othello::Othello;
use arbor::game::Game;
use arbor::search::StopFlag;
use common::testdata;

struct Case {
    number: usize,
    position: Othello,
    margin: i32,
    best_moves: Vec<String>,
}

/// FFO #40 as its line in the data file: board a1..h8, side to move, margin, best moves.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X +38 a2";

fn parse(number: usize, line: &str) -> Case {
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields.len(), 4, "FFO #{number}: {line}");
    Case {
        number,
        position: Othello::new()
            .parse_position(&format!("{} {}", fields[0], fields[1]))
            .expect("valid FFO position"),
        margin: fields[2].parse().expect("signed margin"),
        best_moves: fields[3].split(',').map(str::to_string).collect(),
    }
}

/// The lines of the data file as `(line, case)`.
fn load() -> Vec<(String, Case)> {
    testdata::read("othello_ffo40_59.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| (line.to_string(), parse(40 + i, line)))
        .collect()
}

fn check(case: &Case) {
    let mut solver = EndgameSolver::default();
    let mut control = Control::new(StopFlag::new(), None, None);
    let exact = solver
        .solve_exact(&case.position, &mut control)
        .expect("not aborted");
    let best = case.position.format_move(exact.best_move);
    assert_eq!(exact.margin, case.margin, "FFO #{}", case.number);
    assert!(
        case.best_moves.contains(&best),
        "FFO #{}: {best} is not among {:?}",
        case.number,
        case.best_moves
    );
}

#[test]
fn ffo_40_is_solved_exactly() {
    check(&parse(40, FFO_40));
}

#[test]
#[ignore = "needs ../shared/benchdata (or ARBOR_BENCHDATA=DIR): cargo test -- --ignored"]
fn the_ffo_file_parses_and_starts_with_ffo_40() {
    let cases = load();
    assert_eq!(cases.len(), 20);
    assert!(cases.iter().all(|(_, c)| c.position.outcome().is_none()));
    assert_eq!(cases[0].0, FFO_40);
}

#[test]
#[ignore = "needs ../shared/benchdata; minutes in the test profile: cargo test --release -- --ignored"]
fn ffo_40_to_49_are_solved_exactly() {
    for (_, case) in &load()[..10] {
        check(case);
    }
}
