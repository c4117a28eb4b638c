//! Othello perft speed: `cargo bench --bench othello_perft -- [DEPTH]` counts
//! the leaves from the start position with the bulk-counting `fast_perft` and prints
//! leaves, time and leaves per second for every depth up to DEPTH (default 12).

use std::time::Instant;

use arbor::game::othello::{fast_perft, Othello};

mod common;

fn main() {
    let depth: u32 = match common::args().first().map(|a| a.parse()) {
        None => 12,
        Some(Ok(d)) => d,
        Some(Err(_)) => {
            eprintln!("usage: cargo bench --bench othello_perft -- [DEPTH]");
            std::process::exit(2);
        }
    };
    let start = Othello::new();
    for d in 1..=depth {
        let clock = Instant::now();
        let leaves = fast_perft(&start, d);
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "perft {d:2} leaves {leaves:>12} time {seconds:8.3} s  {:8.1} M leaves/s",
            leaves as f64 / seconds.max(1e-9) / 1e6
        );
    }
}
