//! Othello endgame benchmark:
//! `cargo bench --bench othello_ffo -- FILE [--first N] [--threads T]`
//! solves each position of an FFO file (board, side, known margin, best moves per line;
//! `#` comments) exactly, in process, with a fresh solver table per position, and prints
//! the score, the best move, whether both are correct, the time and the nodes (with
//! `--threads`, the solver's helper threads share its table; nodes are all threads').

use std::time::Instant;

use arbor::budget::control::Control;
use arbor::game::othello::solver::EndgameSolver;
use arbor::game::othello::Othello;
use arbor::game::Game;
use arbor::search::{Solver, StopFlag};

mod common;

fn main() {
    env_logger::init();
    let args = common::args();
    let Some(path) = args.first() else {
        eprintln!("usage: cargo bench --bench othello_ffo -- FILE [--first N] [--threads T]");
        std::process::exit(2);
    };
    let first = match args.iter().position(|a| a == "--first") {
        Some(i) => match args.get(i + 1).and_then(|n| n.parse::<usize>().ok()) {
            Some(n) => n,
            None => {
                eprintln!("--first needs a number");
                std::process::exit(2);
            }
        },
        None => usize::MAX,
    };
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1);
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let (mut total_time, mut total_nodes, mut correct, mut count) = (0.0, 0u64, 0, 0);
    let lines = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    for (i, line) in lines.take(first).enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 4 {
            eprintln!("line {}: expected board, side, score, moves", i + 1);
            continue;
        }
        let position = match Othello::new().parse_position(&format!("{} {}", fields[0], fields[1]))
        {
            Ok(p) => p,
            Err(e) => {
                eprintln!("line {}: {e}", i + 1);
                continue;
            }
        };
        let expected: i32 = fields[2]
            .trim_start_matches('+')
            .parse()
            .unwrap_or(i32::MIN);
        let best_moves: Vec<&str> = fields[3].split(',').collect();
        let mut solver = EndgameSolver::default();
        Solver::<Othello>::set_threads(&mut solver, threads);
        let mut control = Control::new(StopFlag::new(), None, None);
        let clock = Instant::now();
        let Some(exact) = solver.solve_exact(&position, &mut control) else {
            continue;
        };
        let seconds = clock.elapsed().as_secs_f64();
        let mv = position.format_move(exact.best_move);
        let ok = exact.margin == expected && best_moves.contains(&mv.as_str());
        count += 1;
        correct += usize::from(ok);
        total_time += seconds;
        total_nodes += control.nodes();
        println!(
            "#{:2} empties {:2} score {:+3} (expected {:+3}) move {mv} {} time {seconds:8.3} s nodes {:>12} {:6.1} M nodes/s",
            40 + i,
            position.empties(),
            exact.margin,
            expected,
            if ok { "ok" } else { "WRONG" },
            control.nodes(),
            control.nodes() as f64 / seconds.max(1e-9) / 1e6
        );
    }
    println!(
        "total {count} positions, {correct} correct, time {total_time:.3} s, nodes {total_nodes}, {:.1} M nodes/s",
        total_nodes as f64 / total_time.max(1e-9) / 1e6
    );
}
