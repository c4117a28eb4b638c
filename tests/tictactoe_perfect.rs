//! Tic-tac-toe is played perfectly: from every reachable position, arbor's proven score
//! equals an independent exhaustive minimax (written here, on plain arrays), and its move
//! keeps that value (fastest win, slowest loss).

use std::collections::HashMap;

use arbor::game::tictactoe::{Cell, TicTacToe};
use arbor::game::{Game, MoveList, NoParams};
use arbor::search::{self, Limits, NoSolver, ScoreReport, SearchResult, StopFlag, Tables};

/// Cells: 0 empty, 1 first player, 2 second player; `side` is 1 or 2.
type Board = [u8; 9];

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Value for the side to move: 100 - n for a win in n plies, -(100 - n) for a loss, 0 draw.
fn minimax(board: &Board, side: u8, memo: &mut HashMap<(Board, u8), i32>) -> i32 {
    if let Some(&value) = memo.get(&(*board, side)) {
        return value;
    }
    let other = 3 - side;
    let value = if LINES.iter().any(|l| l.iter().all(|&i| board[i] == other)) {
        -100
    } else if board.iter().all(|&c| c != 0) {
        0
    } else {
        let mut best = i32::MIN;
        for cell in 0..9 {
            if board[cell] == 0 {
                let mut child = *board;
                child[cell] = side;
                best = best.max(step_back(-minimax(&child, other, memo)));
            }
        }
        best
    };
    memo.insert((*board, side), value);
    value
}

/// A child's value seen one ply earlier: wins and losses are one ply further away.
fn step_back(value: i32) -> i32 {
    value.signum() * (value.abs() - 1).max(0) * i32::from(value != 0)
}

fn board_of(position: &TicTacToe) -> (Board, u8) {
    let text = position.position_text();
    let mut board = [0u8; 9];
    for (cell, c) in text.chars().take(9).enumerate() {
        board[cell] = match c {
            'X' => 1,
            'O' => 2,
            _ => 0,
        };
    }
    let side = if text.ends_with('X') { 1 } else { 2 };
    (board, side)
}

fn expected_report(value: i32) -> ScoreReport {
    match value {
        0 => ScoreReport::Draw,
        v if v > 0 => ScoreReport::Win((100 - v) as u32),
        v => ScoreReport::Loss((100 + v) as u32),
    }
}

/// One search of `position` with shared `tables`; panics on a finished game.
fn run(
    position: &TicTacToe,
    limits: &Limits,
    tables: &mut Tables,
    stop: &StopFlag,
) -> SearchResult<Cell> {
    search::search(
        position,
        &NoParams,
        limits,
        tables,
        &mut NoSolver,
        stop,
        |_| {},
    )
    .expect("not over")
}

fn reachable(position: &TicTacToe, seen: &mut HashMap<u64, TicTacToe>) {
    if seen.insert(position.hash(), *position).is_some() || position.outcome().is_some() {
        return;
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    for &mv in &moves {
        let mut child = *position;
        child.play(mv);
        reachable(&child, seen);
    }
}

#[test]
fn every_reachable_position_is_solved_exactly_and_played_perfectly() {
    solve_every_reachable_position(1);
}

/// With helper threads sharing the table (Lazy SMP) every proof must stay exact: a proof
/// stored by any thread is a proof, and torn entries are never trusted.
#[test]
fn every_reachable_position_is_solved_exactly_with_two_and_four_threads() {
    solve_every_reachable_position(2);
    solve_every_reachable_position(4);
}

fn solve_every_reachable_position(threads: usize) {
    let mut positions = HashMap::new();
    reachable(&TicTacToe::new(), &mut positions);
    let mut memo = HashMap::new();
    let mut tables = Tables::try_new(4).expect("4 MiB");
    tables.set_threads(threads);
    let mut checked = 0;
    let mut sorted: Vec<_> = positions
        .values()
        .copied()
        .filter(|p| p.outcome().is_none())
        .collect();
    sorted.sort_by_key(|p| p.position_text());
    for position in sorted {
        let (board, side) = board_of(&position);
        let value = minimax(&board, side, &mut memo);
        // Every position gets a fresh search over tables shared with all the others:
        // results carried over through the table must stay exact.
        let result = run(&position, &Limits::default(), &mut tables, &StopFlag::new());
        let text = position.position_text();
        assert_eq!(
            result.score,
            expected_report(value),
            "score of {text} ({threads} threads)"
        );
        let mut child = position;
        child.play(result.best_move);
        let (child_board, child_side) = board_of(&child);
        let kept = step_back(-minimax(&child_board, child_side, &mut memo));
        assert_eq!(
            kept,
            value,
            "{text}: move {} does not keep the value",
            position.format_move(result.best_move)
        );
        checked += 1;
    }
    // 5478 legal positions, of which 958 are finished games.
    assert_eq!(positions.len(), 5478);
    assert_eq!(checked, 4520);
}

#[test]
fn the_start_position_is_a_draw_whatever_the_search_depth() {
    let mut tables = Tables::try_new(1).expect("1 MiB");
    for depth in 9..=12 {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let result = run(&TicTacToe::new(), &limits, &mut tables, &StopFlag::new());
        assert_eq!(result.score, ScoreReport::Draw, "depth {depth}");
    }
}

#[test]
fn a_stopped_search_still_answers_a_legal_move() {
    let stop = StopFlag::new();
    stop.stop();
    let mut tables = Tables::try_new(1).expect("1 MiB");
    let position = TicTacToe::new()
        .parse_position("X---O---- X")
        .expect("valid");
    let result = run(&position, &Limits::default(), &mut tables, &stop);
    assert!(position.is_legal(result.best_move));
    assert_eq!(result.depth, 0);
    let limits = Limits {
        nodes: Some(1),
        ..Limits::default()
    };
    let result = run(&position, &limits, &mut tables, &StopFlag::new());
    assert!(position.is_legal(result.best_move));
}
