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
//! `go solve` does, instead of the score only; `--repeat N` solves the set N times, each
//! with a fresh table, and reports the fastest run (the machine may be shared);
//! `--threads N` solves with N threads (Lazy SMP over the table); `--no-book` solves
//! without the opening book. Prints correct/total, mean time and mean nodes per position.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use arbor::budget::control::Control;
use arbor::game::connect_four::solver::ConnectFourSolver;
use arbor::game::connect_four::ConnectFour;
use arbor::game::Game;
use arbor::search::{Solver, StopFlag};

struct Options {
    file: String,
    position: Option<String>,
    limit: usize,
    clear: bool,
    line: bool,
    repeat: usize,
    threads: usize,
    book: bool,
}

fn parse_options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        file: String::new(),
        position: None,
        limit: usize::MAX,
        clear: false,
        line: false,
        repeat: 1,
        threads: 1,
        book: true,
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--limit" => {
                let value = args.next().ok_or("--limit needs a number")?;
                options.limit = value.parse().map_err(|_| format!("bad --limit {value}"))?;
            }
            "--clear" => options.clear = true,
            "--repeat" => {
                let value = args.next().ok_or("--repeat needs a number")?;
                options.repeat = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("bad --repeat {value}"))?;
            }
            "--threads" => {
                let value = args.next().ok_or("--threads needs a number")?;
                options.threads = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("bad --threads {value}"))?;
            }
            "--no-book" => options.book = false,
            "--position" => options.position = Some(args.next().ok_or("--position needs digits")?),
            "--line" => options.line = true,
            "-h" | "--help" => {
                return Err(
                    "usage: connect4_solve FILE [--limit N] [--repeat N] [--clear] [--line] [--threads N] [--no-book]"
                        .to_string(),
                )
            }
            _ if options.file.is_empty() => options.file = arg,
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    if options.file.is_empty() && options.position.is_none() {
        return Err(
            "usage: connect4_solve FILE [--limit N] [--repeat N] [--clear] [--line] [--threads N] [--no-book]"
                .to_string(),
        );
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
        return solve_one(digits, &options);
    }
    let text = match std::fs::read_to_string(&options.file) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("{}: {error}", options.file);
            return ExitCode::from(2);
        }
    };
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate().take(options.limit) {
        let mut fields = line.split_whitespace();
        let (Some(moves), Some(expected)) = (fields.next(), fields.next()) else {
            continue;
        };
        let Ok(expected) = expected.parse::<i32>() else {
            eprintln!("line {}: bad score", number + 1);
            continue;
        };
        match ConnectFour::new().parse_position(&format!("digits {moves}")) {
            Ok(position) => positions.push((number + 1, moves.to_string(), position, expected)),
            Err(error) => eprintln!("line {}: {error}", number + 1),
        }
    }
    if positions.is_empty() {
        eprintln!("no positions");
        return ExitCode::from(2);
    }
    let total = positions.len() as u64;
    // Each repetition starts from a fresh, prefaulted table; the machine is shared, so
    // the least disturbed repetition is the best estimate of the solver's own speed.
    let mut means: Vec<f64> = Vec::new();
    let (mut correct, mut nodes, mut median) = (0u64, 0u64, Duration::ZERO);
    for _ in 0..options.repeat {
        let mut solver = solver_for(&options);
        solver.reserve();
        let mut times: Vec<Duration> = Vec::new();
        (correct, nodes) = (0, 0);
        for (number, moves, position, expected) in &positions {
            if options.clear {
                Solver::<ConnectFour>::clear(&mut solver);
            }
            let mut control = Control::new(StopFlag::new(), None, None);
            let start = Instant::now();
            let score = if options.line {
                solver.line(position, &mut control).map(|line| line.score)
            } else {
                solver.score(position, &mut control)
            };
            times.push(start.elapsed());
            nodes += control.nodes();
            if score == Some(*expected) {
                correct += 1;
            } else {
                eprintln!("line {number}: {moves}: got {score:?}, expected {expected}");
            }
        }
        let sum: Duration = times.iter().sum();
        means.push(sum.as_secs_f64() / total as f64);
        times.sort();
        median = times[times.len() / 2];
    }
    let best = means.iter().copied().fold(f64::INFINITY, f64::min);
    let mut sorted = means.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "{}: {correct}/{total} correct, mean time {:.4} ms (best of {} runs; median run {:.4} ms), \
         median position {:.4} ms, mean nodes {:.0}, total {:.2} s",
        options.file,
        best * 1e3,
        options.repeat,
        sorted[sorted.len() / 2] * 1e3,
        median.as_secs_f64() * 1e3,
        nodes as f64 / total as f64,
        best * total as f64
    );
    if correct == total {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The solver the options ask for.
fn solver_for(options: &Options) -> ConnectFourSolver {
    let solver = ConnectFourSolver::default().with_threads(options.threads);
    if options.book {
        solver
    } else {
        solver.without_book()
    }
}

/// Solves one position with an optimal line, printing score, line, time and nodes.
fn solve_one(digits: &str, options: &Options) -> ExitCode {
    let position = match ConnectFour::new().parse_position(&format!("digits {digits}")) {
        Ok(position) => position,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    let mut solver = solver_for(options);
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
