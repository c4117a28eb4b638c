//! Lazy SMP speed-up: time to a fixed depth with 1 thread and with N threads, side by side.
//!
//! `cargo bench --bench smp_speedup -- GAME DEPTH THREADS ROUNDS`
//! (GAME `othello` or `gomoku`, e.g. `othello 12 2 5`). Each round searches every position
//! once with 1 thread and once with THREADS threads (the order alternating between rounds),
//! each search with fresh tables (64 MiB), and prints the round's summed times and their
//! ratio, and the ratio of the main thread's nodes (the work on the critical path, which
//! load from other programs does not change); the last line gives the median time ratio.

use std::time::Instant;

use arbor::game::gomoku::Gomoku;
use arbor::game::othello::Othello;
use arbor::game::{Evaluate, Game, MoveList};
use arbor::search::{search_to_depth, Solve, Tables};

mod common;

/// Mid-game positions: plies from the start chosen by a fixed pseudo-random sequence.
fn positions<G: Game>(start: &G, count: usize, plies: usize) -> Vec<G> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::new();
    while out.len() < count {
        let mut position = start.clone();
        for _ in 0..plies {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            if position.outcome().is_some() || moves.is_empty() {
                break;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            position.play(mv);
        }
        if position.outcome().is_none() {
            out.push(position);
        }
    }
    out
}

/// Seconds, nodes and main-thread nodes to search every position to `depth` with
/// `threads` threads.
fn run<G: Solve>(positions: &[G], depth: u32, threads: usize) -> (f64, u64, u64) {
    let params = <G as Evaluate>::Params::default();
    let (mut seconds, mut nodes, mut main_nodes) = (0.0, 0, 0);
    for position in positions {
        let mut tables = Tables::try_new(64).expect("64 MiB");
        tables.set_threads(threads);
        let mut solver = G::Solver::default();
        let clock = Instant::now();
        let result = search_to_depth(position, &params, depth, &mut tables, &mut solver);
        seconds += clock.elapsed().as_secs_f64();
        nodes += result.as_ref().map_or(0, |r| r.nodes);
        main_nodes += result.as_ref().map_or(0, |r| r.main_nodes);
    }
    (seconds, nodes, main_nodes)
}

fn compare<G: Solve>(positions: &[G], depth: u32, threads: usize, rounds: usize) {
    let mut ratios = Vec::new();
    for round in 0..rounds {
        let (one, many) = if round % 2 == 0 {
            let one = run(positions, depth, 1);
            (one, run(positions, depth, threads))
        } else {
            let many = run(positions, depth, threads);
            (run(positions, depth, 1), many)
        };
        let ratio = one.0 / many.0.max(1e-9);
        ratios.push(ratio);
        // Without other load every thread has its own core, and the time to depth follows
        // the main thread's nodes: the ratio below is what the speed-up would be then.
        println!(
            "round {round}: 1 thread {:.3} s ({} nodes), {threads} threads {:.3} s ({} nodes, main thread {}), speed-up {ratio:.2}, main-thread node ratio {:.2}",
            one.0, one.1, many.0, many.1, many.2, one.2 as f64 / many.2.max(1) as f64
        );
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "{} positions, depth {depth}: median speed-up {:.2} (min {:.2}, max {:.2}) over {rounds} rounds",
        positions.len(),
        ratios[ratios.len() / 2],
        ratios[0],
        ratios[ratios.len() - 1]
    );
}

fn main() {
    let args = common::args();
    let game = args.first().map_or("othello", String::as_str);
    let number = |i: usize, default: usize| {
        args.get(i)
            .and_then(|a| a.parse::<usize>().ok())
            .unwrap_or(default)
    };
    let threads = number(2, 2);
    let rounds = number(3, 3).max(1);
    match game {
        "othello" => {
            let positions = positions(&Othello::new(), 8, 20);
            compare(&positions, number(1, 12) as u32, threads, rounds);
        }
        "gomoku" => {
            let start = Gomoku::new_game(&[]).expect("default gomoku");
            // Stones near the centre: random plies over the whole board would be no game.
            let lines = [
                "list h8 i9 h9 h10 g8",
                "list h8 i7 j6 g9 i9 h7 g7 i8",
                "list h8 h9 i8 g8 i9 j10 i7 i6",
                "list h8 g7 i9 j10 g9 i7 h10 h9",
                "list h8 i8 g9 h9 g8 g10 f9 i7",
                "list h7 h8 i9 g7 j8 k7 i7 i8",
            ];
            let positions: Vec<Gomoku> = lines
                .iter()
                .map(|l| start.parse_position(l).expect("valid line"))
                .collect();
            compare(&positions, number(1, 8) as u32, threads, rounds);
        }
        other => {
            eprintln!("unknown game {other} (othello or gomoku)");
            std::process::exit(2);
        }
    }
}
