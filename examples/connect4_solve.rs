//! In-process Connect Four solver benchmark over one of Pons' test sets.
//!
//! ```text
//! cargo run --release --example connect4_solve -- FILE [--limit N] [--clear] [--line]
//! cargo run --release --example connect4_solve -- --position DIGITS
//! ```
//! (`--position ""` solves the empty board.)
//! Each line of FILE is `<digits> <score>` (see ../shared/benchdata/connect4/README.md).
//! The solver's table is kept between positions (as Pons' own benchmark does) unless
//! `--clear` is given; `--line` also finds an optimal move and principal variation, as
//! `go solve` does, instead of the score only. Prints correct/total, mean time and
//! mean nodes per position.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbor::game::connect_four::solver::ConnectFourSolver;
use arbor::game::connect_four::ConnectFour;
use arbor::game::Game;
use arbor::search::control::Control;
use arbor::search::{Solver, StopFlag};

struct Options {
    file: String,
    position: Option<String>,
    limit: usize,
    clear: bool,
    line: bool,
}

fn parse_options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        file: String::new(),
        position: None,
        limit: usize::MAX,
        clear: false,
        line: false,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--limit" => {
                let value = args.next().ok_or("--limit needs a number")?;
                options.limit = value.parse().map_err(|_| format!("bad --limit {value}"))?;
            }
            "--clear" => options.clear = true,
            "--position" => options.position = Some(args.next().ok_or("--position needs digits")?),
            "--line" => options.line = true,
            "-h" | "--help" => {
                return Err("usage: connect4_solve FILE [--limit N] [--clear] [--line]".to_string())
            }
            _ if options.file.is_empty() => options.file = arg,
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    if options.file.is_empty() && options.position.is_none() {
        return Err("usage: connect4_solve FILE [--limit N] [--clear] [--line]".to_string());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if let Some(digits) = &options.position {
        return solve_one(digits);
    }
    let text = match std::fs::read_to_string(&options.file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("{}: {error}", options.file);
            return ExitCode::from(2);
        }
    };
    let mut solver = ConnectFourSolver::default();
    solver.reserve();
    let (mut total, mut correct, mut nodes) = (0u64, 0u64, 0u64);
    let mut times: Vec<Duration> = Vec::new();
    for (number, line) in text.lines().enumerate().take(options.limit) {
        let mut fields = line.split_whitespace();
        let (Some(moves), Some(expected)) = (fields.next(), fields.next()) else {
            continue;
        };
        let Ok(expected) = expected.parse::<i32>() else {
            eprintln!("line {}: bad score", number + 1);
            continue;
        };
        let position = match ConnectFour::new().parse_position(&format!("digits {moves}")) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("line {}: {error}", number + 1);
                continue;
            }
        };
        if options.clear {
            Solver::<ConnectFour>::clear(&mut solver);
        }
        let mut control = Control::new(StopFlag::new(), None, None);
        let start = Instant::now();
        let score = if options.line {
            solver.line(&position, &mut control).map(|line| line.score)
        } else {
            solver.score(&position, &mut control)
        };
        times.push(start.elapsed());
        nodes += control.nodes();
        total += 1;
        if score == Some(expected) {
            correct += 1;
        } else {
            eprintln!(
                "line {}: {moves}: got {score:?}, expected {expected}",
                number + 1
            );
        }
    }
    if total == 0 {
        eprintln!("no positions");
        return ExitCode::from(2);
    }
    let sum: Duration = times.iter().sum();
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "{}: {correct}/{total} correct, mean time {:.3} ms, median {:.3} ms, mean nodes {:.0}, total {:.2} s",
        options.file,
        sum.as_secs_f64() * 1e3 / total as f64,
        median.as_secs_f64() * 1e3,
        nodes as f64 / total as f64,
        sum.as_secs_f64()
    );
    if correct == total {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Solves one position with an optimal line, printing score, line, time and nodes.
fn solve_one(digits: &str) -> ExitCode {
    let position = match ConnectFour::new().parse_position(&format!("digits {digits}")) {
        Ok(position) => position,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    let mut solver = ConnectFourSolver::default();
    solver.reserve();
    let mut control = Control::new(StopFlag::new(), None, None);
    let start = Instant::now();
    let Some(score) = solver.score(&position, &mut control) else {
        return ExitCode::FAILURE;
    };
    let score_time = start.elapsed();
    let score_nodes = control.nodes();
    let Some(line) = solver.line(&position, &mut control) else {
        return ExitCode::FAILURE;
    };
    let (_, plies) = arbor::game::connect_four::solver::search_score(&position, score);
    let moves: Vec<String> = line
        .moves
        .iter()
        .map(|&mv| position.format_move(mv))
        .collect();
    println!(
        "digits {digits}: Pons score {score} ({} {plies}), score in {:.3} s and {score_nodes} nodes, \
         with the line {:.3} s and {} nodes; line {}",
        match score {
            0 => "draw in",
            s if s > 0 => "win",
            _ => "loss",
        },
        score_time.as_secs_f64(),
        start.elapsed().as_secs_f64(),
        control.nodes(),
        moves.join(" ")
    );
    ExitCode::SUCCESS
}
