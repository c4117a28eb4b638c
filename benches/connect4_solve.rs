//! In-process Connect Four solver benchmark over one of Pons' test sets.
//!
//! ```text
//! cargo bench --bench connect4_solve -- FILE [--limit N] [--clear] [--line]
//! cargo bench --bench connect4_solve -- --position DIGITS
//! ```
//! (`--position ""` solves the empty board.)
//!
//! ```text
//! cargo bench --bench connect4_solve -- --random COUNT [--plies 11-14] [--seed S]
//!     [--also MOVES,MOVES,...] [--hash-mib 64] [--list]
//! ```
//! The middle-game benchmark: COUNT positions of uniform random play (a seeded number of
//! plies in the range, random legal moves from the empty board, games not over; as
//! scripts/bench/bench_connect4_keep.py makes them), then the `--also` positions (moves as
//! columns a-g). Each is solved as the engine does a move under `setoption name Solve
//! value wdl`: the shipped book (unless `--no-book`), the solver's table of `Hash`
//! `--hash-mib` (half of it) cleared before each position, the result and a move keeping
//! it. Prints total, median and p90 nodes, how many took at most 0.7M and 0.9M nodes, and
//! times; `--list` also prints each position's moves, result, move, nodes and time.
//! `--movetime MS` solves as in a game at MS milliseconds a move instead (the solver's
//! share of the move, see `budget_share`), and counts the positions it solved in it.
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
use arbor::game::connect_four::{Column, ConnectFour, Params, SolveFor};
use arbor::game::Game;
use arbor::rng::SplitMix64;
use arbor::search::{Limits, Solver, StopFlag, Verdict};

mod common;

struct Options {
    file: String,
    position: Option<String>,
    limit: usize,
    clear: bool,
    line: bool,
    repeat: usize,
    threads: usize,
    book: bool,
    random: Option<usize>,
    plies: (u32, u32),
    seed: u64,
    also: Vec<String>,
    hash_mib: usize,
    list: bool,
    movetime: Option<u64>,
}

fn parse_options() -> Result<Options, String> {
    let mut args = common::args().into_iter();
    let mut options = Options {
        file: String::new(),
        position: None,
        limit: usize::MAX,
        clear: false,
        line: false,
        repeat: 1,
        threads: 1,
        book: true,
        random: None,
        plies: (11, 14),
        seed: 1,
        also: Vec::new(),
        hash_mib: 64,
        list: false,
        movetime: None,
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
            "--random" => {
                let value = args.next().ok_or("--random needs a count")?;
                options.random = Some(value.parse().map_err(|_| format!("bad --random {value}"))?);
            }
            "--plies" => {
                let value = args.next().ok_or("--plies needs MIN-MAX")?;
                options.plies = value
                    .split_once('-')
                    .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                    .filter(|(a, b)| a <= b)
                    .ok_or(format!("bad --plies {value}"))?;
            }
            "--seed" => {
                let value = args.next().ok_or("--seed needs a number")?;
                options.seed = value.parse().map_err(|_| format!("bad --seed {value}"))?;
            }
            "--also" => {
                let value = args.next().ok_or("--also needs move lists")?;
                options.also.extend(value.split(',').map(str::to_string));
            }
            "--hash-mib" => {
                let value = args.next().ok_or("--hash-mib needs a number")?;
                options.hash_mib = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("bad --hash-mib {value}"))?;
            }
            "--list" => options.list = true,
            "--movetime" => {
                let value = args.next().ok_or("--movetime needs milliseconds")?;
                options.movetime =
                    Some(value.parse().map_err(|_| format!("bad --movetime {value}"))?);
            }
            "--position" => options.position = Some(args.next().ok_or("--position needs digits")?),
            "--line" => options.line = true,
            "-h" | "--help" => {
                return Err(
                    "usage: cargo bench --bench connect4_solve -- FILE [--limit N] [--repeat N] [--clear] [--line] [--threads N] [--no-book]"
                        .to_string(),
                )
            }
            _ if options.file.is_empty() => options.file = arg,
            _ => return Err(format!("unexpected argument {arg}")),
        }
    }
    if options.file.is_empty() && options.position.is_none() && options.random.is_none() {
        return Err(
            "usage: cargo bench --bench connect4_solve -- FILE [--limit N] [--repeat N] [--clear] [--line] [--threads N] [--no-book]"
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
    if let Some(count) = options.random {
        return middle_game(count, &options);
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

/// A number in `0..n` (`n > 0`) by the modulo of the next output: the seeded sets are the
/// ones the figures of this benchmark were measured on (the bias is negligible for small
/// `n`).
fn below(rng: &mut SplitMix64, n: u64) -> u64 {
    rng.next_u64() % n
}

/// `count` positions of uniform random play with a seeded number of plies in `plies`,
/// games not over (a game that ends on the way is drawn again), as their move lists.
fn random_positions(count: usize, (low, high): (u32, u32), seed: u64) -> Vec<Vec<Column>> {
    let mut rng = SplitMix64::from_state(seed);
    let mut lists = Vec::with_capacity(count);
    while lists.len() < count {
        let target = low + below(&mut rng, u64::from(high - low + 1)) as u32;
        let mut position = ConnectFour::new();
        let mut moves = Vec::new();
        while position.moves() < target && position.outcome().is_none() {
            let legal: Vec<Column> = (0..7u8)
                .map(Column)
                .filter(|c| position.can_play(u32::from(c.0)))
                .collect();
            let mv = legal[below(&mut rng, legal.len() as u64) as usize];
            position.play(mv);
            moves.push(mv);
        }
        if position.outcome().is_none() {
            lists.push(moves);
        }
    }
    lists
}

/// The `--random` benchmark (see the module comment).
fn middle_game(count: usize, options: &Options) -> ExitCode {
    let start = ConnectFour::new();
    let mut lists = random_positions(count, options.plies, options.seed);
    for text in &options.also {
        let parsed: Result<Vec<Column>, _> = text
            .chars()
            .map(|c| start.parse_move(&c.to_string()))
            .collect();
        match parsed {
            Ok(moves) => lists.push(moves),
            Err(error) => {
                eprintln!("--also {text}: {error}");
                return ExitCode::from(2);
            }
        }
    }
    let mut solver = solver_for(options);
    Solver::<ConnectFour>::set_memory(&mut solver, options.hash_mib << 19);
    let params = Params {
        solve: SolveFor::Result,
        ..Params::default()
    };
    let limits = Limits {
        solve: options.movetime.is_none(),
        movetime: options.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    let mut unsolved = 0;
    let mut nodes = Vec::new();
    let mut times = Vec::new();
    for moves in &lists {
        let mut position = start;
        let mut ok = true;
        for &mv in moves {
            ok &= position.can_play(u32::from(mv.0)) && position.outcome().is_none();
            if ok {
                position.play(mv);
            }
        }
        let text: String = moves.iter().map(|&mv| start.format_move(mv)).collect();
        if !ok || position.outcome().is_some() {
            eprintln!("{text}: not a position with a game under way");
            return ExitCode::from(2);
        }
        // A new game: the table forgotten (and its memory mapped) outside the timing.
        Solver::<ConnectFour>::clear(&mut solver);
        let mut control = Control::new(StopFlag::new(), None, None);
        let begin = Instant::now();
        let verdict = solver.solve(&position, &params, &limits, &mut control);
        let time = begin.elapsed();
        let solved = match verdict {
            Verdict::Solved(solved) => solved,
            _ if options.movetime.is_some() => {
                unsolved += 1;
                if options.list {
                    println!("{:2} {text:16} not solved in time", moves.len());
                }
                continue;
            }
            _ => {
                eprintln!("{text}: not solved: {verdict:?}");
                return ExitCode::FAILURE;
            }
        };
        if options.list {
            println!(
                "{:2} {text:16} {:+} {} {:9} {:8.3} ms",
                moves.len(),
                solved.score.signum(),
                start.format_move(solved.best_move),
                control.nodes(),
                time.as_secs_f64() * 1e3
            );
        }
        nodes.push(control.nodes());
        times.push(time);
    }
    if let Some(movetime) = options.movetime {
        println!(
            "{} positions at {movetime} ms a move: {} solved, {unsolved} not",
            lists.len(),
            lists.len() - unsolved
        );
        return ExitCode::SUCCESS;
    }
    let total: u64 = nodes.iter().sum();
    let n = nodes.len();
    nodes.sort_unstable();
    let within = |limit: u64| nodes.iter().filter(|&&n| n <= limit).count();
    let time_total: Duration = times.iter().sum();
    times.sort();
    let percentile = |q: usize| (n * q / 100).min(n - 1);
    println!(
        "{n} positions (random {count} at plies {}-{}, seed {}; {} more): nodes total {total}, \
         median {}, p90 {}, max {}; within 0.7M {}, within 0.9M {}; time total {:.3} s, median \
         {:.3} ms, p90 {:.3} ms, max {:.3} ms",
        options.plies.0,
        options.plies.1,
        options.seed,
        options.also.len(),
        nodes[n / 2],
        nodes[percentile(90)],
        nodes[n - 1],
        within(700_000),
        within(900_000),
        time_total.as_secs_f64(),
        times[n / 2].as_secs_f64() * 1e3,
        times[percentile(90)].as_secs_f64() * 1e3,
        times[n - 1].as_secs_f64() * 1e3,
    );
    ExitCode::SUCCESS
}
