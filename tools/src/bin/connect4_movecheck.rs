//! How often the heuristic search alone picks a move that keeps the game-theoretic result,
//! judged by a book's proven values:
//! `cargo run --release -p arbor-tools --bin connect4-movecheck -- BOOK PLY DEPTH [STYLE]`.
//!
//! For every canonical position of layer `PLY` whose value and every child's value the book
//! `BOOK` knows, and where some move changes the result (a position where every move keeps
//! it tests nothing), a fixed-depth search (`go depth DEPTH`: no solver, no book) picks a
//! move; the line printed counts how many of those moves keep the result. This is the
//! choice the engine leaves to its heuristic search when the solver cannot finish in a
//! move's time, measured on positions the book answers exactly (the keep benchmark's
//! failures are such choices, a few plies deeper).

use std::process::ExitCode;

use arbor::game::connect_four::book::{canonical, layer_positions, Book, Value};
use arbor::game::connect_four::{Column, ConnectFour, Params};
use arbor::game::{Game, GameParams};
use arbor::search::{search_to_depth, Tables};

use arbor_tools::kept::KeptByResult;

/// Win (1), draw (0) or loss (-1) for the side to move.
fn sign(value: Value) -> i32 {
    match value {
        Value::Exact(score) => score.signum(),
        Value::Win => 1,
        Value::Loss => -1,
    }
}

/// For each column, whether playing it keeps the result of `position` (value `result`),
/// or `None` if the book does not know every child.
fn keeping_columns(book: &Book, position: &ConnectFour, result: i32) -> Option<Vec<bool>> {
    let shape = position.shape();
    let mut keeps = vec![false; shape.cols as usize];
    for column in 0..shape.cols {
        if !position.can_play(column) {
            continue;
        }
        let mut child = *position;
        child.play(Column(column as u8));
        let child_result = match child.outcome() {
            // The mover completed four (a draw by a full board cannot happen this early).
            Some(_) => 1,
            None => -sign(book.probe(&canonical(&child))?),
        };
        keeps[column as usize] = child_result == result;
    }
    Some(keeps)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(ply), Some(depth)) = (
        args.first(),
        args.get(1).and_then(|p| p.parse::<u32>().ok()),
        args.get(2).and_then(|d| d.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: connect4-movecheck BOOK PLY DEPTH [STYLE]");
        return ExitCode::from(2);
    };
    let mut params = Params::default();
    if let Some(style) = args.get(3) {
        if let Err(e) = params.set("Style", style) {
            eprintln!("bad style {style}: {e:?}");
            return ExitCode::from(2);
        }
    }
    let data = match std::fs::read(path) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(book) = Book::parse(&data) else {
        eprintln!("{path}: not a book");
        return ExitCode::FAILURE;
    };
    let Ok(mut tables) = Tables::try_new(16) else {
        eprintln!("cannot allocate the transposition table");
        return ExitCode::FAILURE;
    };
    let mut solver = Default::default();
    let (mut tested, mut kept, mut unknown, mut trivial, mut nodes) =
        (0u32, 0u32, 0u32, 0u32, 0u64);
    let mut by_result = KeptByResult::default();
    for position in layer_positions(ply) {
        let Some(value) = book.probe(&position) else {
            unknown += 1;
            continue;
        };
        let result = sign(value);
        let Some(keeps) = keeping_columns(&book, &position, result) else {
            unknown += 1;
            continue;
        };
        let playable = (0..position.shape().cols).filter(|&c| position.can_play(c));
        if playable.clone().all(|c| keeps[c as usize]) {
            trivial += 1;
            continue;
        }
        tables.clear();
        let Some(found) = search_to_depth(&position, &params, depth, &mut tables, &mut solver)
        else {
            continue;
        };
        nodes += found.nodes;
        tested += 1;
        let good = keeps[usize::from(found.best_move.0)];
        kept += u32::from(good);
        by_result.add(result, good);
    }
    println!(
        "ply {ply} depth {depth}: kept {kept} of {tested} ({:.2}%); {}; \
         {trivial} where every move keeps, {unknown} not fully known; {nodes} nodes",
        100.0 * f64::from(kept) / f64::from(tested.max(1)),
        by_result,
    );
    ExitCode::SUCCESS
}
