//! Diagnosis of the Gomoku threat solver on a forced-win TSV (the format of
//! ../shared/benchdata/gomoku/forced_wins_freestyle15.tsv): for each position, each stage
//! of the root's win search alone (VCF, the shallow iterative-deepening VCTs, the
//! proof-number VCT, the depth-first proof-number VCT with quiet threats of a VCT
//! (`dfpn`, `TRIES=N` quiet candidates a node, default 3) and without (`dfpn-plain`))
//! with a time limit, and what it found, in how many nodes and ms. The solver's memory:
//! `SOLVER_MIB` (default 128; the engine's default `Hash` of 64 MiB gives it 32).
//!
//! cargo run --release -p arbor-tools --bin gomoku-prove -- FILE.tsv [MS] [ID,ID,...]

use std::time::{Duration, Instant};

use arbor::budget::control::Control;
use arbor::game::gomoku::vcf::{ThreatSolver, Threats};
use arbor::game::gomoku::{Gomoku, Rule};
use arbor::game::Game;
use arbor::search::StopFlag;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: gomoku-prove FILE.tsv [MS] [ID,...]");
        std::process::exit(2);
    };
    let ms: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5000);
    let only: Vec<&str> = args
        .get(3)
        .map(|s| s.split(',').collect())
        .unwrap_or_default();
    let text = std::fs::read_to_string(path).expect("readable TSV");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect("column");
    let (id_col, moves_col, mate_col) = (col("id"), col("moves"), col("selfplay_mate_plies"));
    for line in lines {
        let row: Vec<&str> = line.split('\t').collect();
        if !only.is_empty() && !only.contains(&row[id_col]) {
            continue;
        }
        let moves: Vec<String> = row[moves_col]
            .split_whitespace()
            .map(|xy| {
                let (x, y) = xy.split_once(',').expect("x,y");
                let (x, y): (u8, u32) = (x.parse().expect("x"), y.parse().expect("y"));
                format!("{}{}", (b'a' + x) as char, y + 1)
            })
            .collect();
        let position = Gomoku::new(15, Rule::Freestyle)
            .expect("size")
            .parse_position(&format!("list {}", moves.join(" ")))
            .expect("legal moves");
        let mut position = position;
        if let Ok(pv) = std::env::var("PV") {
            let mut line = position.clone();
            for word in pv.split_whitespace() {
                let Ok(mv) = line.parse_move(&word.to_lowercase()) else {
                    break;
                };
                let b = line.board();
                let me = line.side_to_move().index();
                let cls = b.cell_class(me, usize::from(mv.0));
                let their = b.cell_class(1 - me, usize::from(mv.0));
                println!("  {word:<4} mover class {cls:>2} (blocks their {their:>2}); they have five-threats {} open-four cells {}; mover fives {} ", b.class_count(1-me, 10), b.class_count(1-me, 9), b.class_count(me,10));
                line.play(mv);
            }
            if std::env::var("PASS").is_ok() {
                line.set_side(line.side_to_move().opponent());
            }
            position = line;
        }
        let mut targets = vec![(String::new(), position.clone())];
        if std::env::var("REPLIES").is_ok() {
            targets.clear();
            let mut moves = arbor::game::MoveList::new();
            position.legal_moves(&mut moves);
            for &mv in moves.iter() {
                let mut child = position.clone();
                child.play(mv);
                targets.push((position.format_move(mv), child));
            }
        }
        for (label, position) in targets {
            let mut report = format!("{:<10} M{:<3} {label}", row[id_col], row[mate_col]);
            if std::env::var("STAGES").is_ok_and(|only| only.split(',').any(|s| s == "zone")) {
                let budget: u32 = std::env::var("ZONE_NODES")
                    .ok()
                    .and_then(|m| m.parse().ok())
                    .unwrap_or(100_000);
                let mut nodes = 0;
                let start = Instant::now();
                let z = arbor::game::gomoku::vct_zone::vct_zone(&position, 23, budget, &mut nodes);
                let mut size = 0;
                if let Some((_, zone)) = &z {
                    arbor::game::gomoku::quiet::for_each_cell(zone, |_| size += 1);
                }
                report += &format!(
                    "  zone: {:?} nodes {} cells {} ({} ms)",
                    z.map(|z| z.0),
                    nodes,
                    size,
                    start.elapsed().as_millis()
                );
            }
            // `VCFLINE=1`: the quiet-threat check's VCF (`quiet::vcf_line`, a depth-first
            // search in board order) by its ply limit and node budget.
            if std::env::var("VCFLINE").is_ok() {
                for plies in [7usize, 11, 15, 23] {
                    for budget in [60u32, 200, 1000, 100_000] {
                        let mut nodes = 0;
                        let line = arbor::game::gomoku::quiet::vcf_line(
                            &position, plies, budget, &mut nodes,
                        );
                        report += &format!(
                            " vcf_line({plies},{budget}): {:?}/{nodes}",
                            line.map(|l| l.len())
                        );
                    }
                }
            }
            for (name, threats, plies) in [
                ("vcf", Threats::Fours, Some(63)),
                ("id-vct", Threats::FoursAndThrees, Some(25)),
                ("quiet-vct", Threats::Quiet, Some(25)),
                ("quiet2-vct", Threats::QuietVct, Some(25)),
                ("pn-vct", Threats::FoursAndThrees, None),
                ("dfpn", Threats::QuietVct, Some(0)),
                ("dfpn-plain", Threats::FoursAndThrees, Some(0)),
            ] {
                if std::env::var("STAGES").is_ok_and(|only| !only.split(',').any(|s| s == name)) {
                    continue;
                }
                let mut solver = ThreatSolver::default();
                // The engine's solver gets half of `Hash` (default 64 MiB: 32 MiB).
                let mib: usize = std::env::var("SOLVER_MIB")
                    .ok()
                    .and_then(|m| m.parse().ok())
                    .unwrap_or(128);
                solver.set_memory_budget(mib << 20);
                let mut control = Control::new(StopFlag::new(), None, None);
                let start = Instant::now();
                let deadline = Some(start + Duration::from_millis(ms));
                let tries = std::env::var("TRIES")
                    .ok()
                    .and_then(|t| t.parse().ok())
                    .unwrap_or(3);
                let result = match plies {
                    Some(0) => solver.prove_by_dfpn(
                        &position,
                        threats,
                        tries,
                        u64::MAX,
                        deadline,
                        &mut control,
                    ),
                    Some(p) => {
                        solver.prove(&position, threats, p, u64::MAX, deadline, &mut control)
                    }
                    None => solver.prove_by_numbers(
                        &position,
                        threats,
                        u64::MAX,
                        deadline,
                        &mut control,
                    ),
                };
                let elapsed = start.elapsed().as_millis();
                let found = match result {
                    Ok(Some(proof)) => {
                        if std::env::var("SHOWPV").is_ok() {
                            let pv: Vec<String> =
                                proof.pv.iter().map(|&m| position.format_move(m)).collect();
                            println!("  {name} pv: {}", pv.join(" "));
                        }
                        format!(
                            "win {} {} ({} ms)",
                            proof.plies,
                            position.format_move(proof.pv[0]),
                            elapsed
                        )
                    }
                    Ok(None) => format!("none ({elapsed} ms)"),
                    Err(_) => format!("- ({elapsed} ms)"),
                };
                report += &format!("  {name}: {found:<24} {:>9}n", control.nodes());
            }
            println!("{report}");
        }
    }
}
