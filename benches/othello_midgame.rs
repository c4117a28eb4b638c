//! Othello mid-game search speed through the generic search:
//! `cargo bench --bench othello_midgame -- [DEPTH] [STYLE] [HASH_MIB] [PROBCUT]`
//! searches a few opening positions to a fixed depth (default 12, style `full`, a 16 MiB
//! table, ProbCut 0: a full-width search, the same tree in every build) and
//! prints nodes, time and nodes per second for each and in total. The table size matters:
//! a probe that misses the caches costs more than the rest of a node. The learned
//! evaluation's tables are built before the clock starts, as the engine builds them when
//! the game is selected.

use std::time::Instant;

use arbor::game::othello::{Othello, OthelloParams};
use arbor::game::{Game, GameParams};
use arbor::search::{search_to_depth, Tables};

mod common;

/// Opening lines (move texts from the start position).
const OPENINGS: &[&str] = &[
    "",
    "f5 d6 c3 d3 c4",
    "f5 f6 e6 f4 e3",
    "f5 d6 c5 f4 e3 f6",
    "e6 f4 c3 c4 d3 d6",
    "c4 e3 f6 e6 f5 c5 c3",
];

fn main() {
    let mut args = common::args().into_iter();
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(12);
    let mut params = OthelloParams::default();
    if let Some(style) = args.next() {
        if let Err(e) = params.set("Style", &style) {
            eprintln!("bad style {style}: {e:?}");
            std::process::exit(2);
        }
    }
    let hash_mib: usize = args.next().and_then(|h| h.parse().ok()).unwrap_or(16);
    let probcut = args.next().unwrap_or_else(|| "0".to_string());
    if let Err(e) = params.set("ProbCut", &probcut) {
        eprintln!("bad ProbCut {probcut}: {e:?}");
        std::process::exit(2);
    }
    let Ok(mut tables) = Tables::try_new(hash_mib) else {
        eprintln!("cannot allocate the transposition table");
        std::process::exit(1);
    };
    let _ = arbor::game::othello::learned::embedded_tables();
    let mut solver = Default::default();
    let (mut total_nodes, mut total_seconds) = (0u64, 0.0);
    for line in OPENINGS {
        let mut position = Othello::new();
        for text in line.split_whitespace() {
            match position.parse_legal_move(text) {
                Ok(mv) => position.play(mv),
                Err(e) => {
                    eprintln!("{line}: {e}");
                    std::process::exit(1);
                }
            }
        }
        tables.clear();
        let clock = Instant::now();
        let Some(result) = search_to_depth(&position, &params, depth, &mut tables, &mut solver)
        else {
            continue;
        };
        let seconds = clock.elapsed().as_secs_f64();
        total_nodes += result.nodes;
        total_seconds += seconds;
        println!(
            "[{line}] depth {depth} best {} score {:?} nodes {} time {seconds:.3} s {:.1} M nodes/s",
            position.format_move(result.best_move),
            result.score,
            result.nodes,
            result.nodes as f64 / seconds.max(1e-9) / 1e6
        );
    }
    println!(
        "total nodes {total_nodes} time {total_seconds:.3} s {:.1} M nodes/s",
        total_nodes as f64 / total_seconds.max(1e-9) / 1e6
    );
}
