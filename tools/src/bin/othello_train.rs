//! The training tool of the learned Othello evaluation (see data/othello/README.md):
//!
//! `cargo run --release -p arbor-tools --bin othello-train -- gen --games N --seed S [--exact E] --out FILE`
//! plays self-play games and writes their positions, the late ones labelled exactly.
//!
//! `cargo run --release -p arbor-tools --bin othello-train -- fit --out WEIGHTS FILE...` labels the
//! early positions by searching with the stages already trained and fits every stage.
//!
//! `cargo run --release -p arbor-tools --bin othello-train -- probcut FILE... [--positions N]
//! [--max-depth D]` measures Multi-ProbCut's deep-vs-shallow statistics.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::time::Instant;

use arbor::game::othello::learned::STAGE_WIDTH;
use arbor::game::othello::probcut as shallow;
use arbor::game::othello::{Othello, OthelloParams};
use arbor::game::score::ScoreReport;
use arbor::game::Player;
use arbor::search::{search_to_depth, Tables};
use arbor_tools::othello_train::data::{read_all, Sample};
use arbor_tools::othello_train::fit::{fit as fit_all, FitConfig};
use arbor_tools::othello_train::gen::{generate, GenConfig};

use arbor_tools::flags::value;

fn main() {
    env_logger::init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("fit") => fit(&args[1..]),
        Some("probcut") => probcut(&args[1..]),
        _ => {
            eprintln!(
                "usage: othello-train gen|fit|probcut ... (see tools/src/bin/othello_train.rs)"
            );
            std::process::exit(2);
        }
    }
}

fn gen(args: &[String]) {
    let mut config = GenConfig::default();
    config.games = value(args, "--games").unwrap_or(config.games);
    config.seed = value(args, "--seed").unwrap_or(config.seed);
    config.exact_empties = value(args, "--exact").unwrap_or(config.exact_empties);
    let Some(path) = value::<String>(args, "--out") else {
        eprintln!("gen needs --out FILE");
        std::process::exit(2);
    };
    let file = File::create(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let clock = Instant::now();
    let mut out = BufWriter::new(file);
    let result = generate(&config, &mut out, |s| {
        if s.games % 50 == 0 {
            eprintln!(
                "{:.0} s: {} games, {} labelled, {} unlabelled",
                clock.elapsed().as_secs_f64(),
                s.games,
                s.labelled,
                s.unlabelled
            );
        }
    });
    match result {
        Ok(s) => println!(
            "{config:?}\n{} games, {} labelled, {} unlabelled in {:.1} s",
            s.games,
            s.labelled,
            s.unlabelled,
            clock.elapsed().as_secs_f64()
        ),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}

fn fit(args: &[String]) {
    let samples = read_files(args);
    let mut config = FitConfig::default();
    config.depth = value(args, "--depth").unwrap_or(config.depth);
    config.lambda = value(args, "--lambda").unwrap_or(config.lambda);
    config.iterations = value(args, "--iterations").unwrap_or(config.iterations);
    config.stages = value(args, "--stages").unwrap_or(config.stages);
    config.neighbours = !args.iter().any(|a| a == "--own-stage-only");
    let Some(out) = value::<String>(args, "--out") else {
        eprintln!("fit needs --out WEIGHTS");
        std::process::exit(2);
    };
    println!("{} samples, {config:?}", samples.len());
    println!("| stage | empties | exact | searched | held out | train RMSE | held-out RMSE | s |");
    println!("|---|---|---|---|---|---|---|---|");
    let clock = Instant::now();
    let (weights, _) = fit_all(&samples, &config, |r| {
        println!(
            "| {} | {}-{} | {} | {} | {} | {:.2} | {:.2} | {:.1} |",
            r.stage,
            r.stage as u32 * STAGE_WIDTH + 1,
            (r.stage as u32 + 1) * STAGE_WIDTH,
            r.exact,
            r.searched,
            r.held_out,
            r.train_rmse,
            r.held_out_rmse,
            r.seconds
        );
    });
    let bytes = weights.encode();
    if let Err(e) = std::fs::write(&out, &bytes) {
        eprintln!("{out}: {e}");
        std::process::exit(1);
    }
    println!(
        "wrote {out}: {} bytes in {:.1} s",
        bytes.len(),
        clock.elapsed().as_secs_f64()
    );
}

/// `probcut FILE... [--positions N] [--max-depth D]`: engine searches (ProbCut off) to
/// every depth up to D from N positions of the data with 21-60 empties; prints, per depth
/// and range of empties, the mean and standard deviation of the deep value minus the
/// value at `probcut::shallow_depth`, in centi-discs.
fn probcut(args: &[String]) {
    let samples = read_files(args);
    let positions: usize = value(args, "--positions").unwrap_or(400);
    let max_depth: u32 = value(args, "--max-depth").unwrap_or(10);
    let pool: Vec<_> = samples.iter().filter(|s| s.empties() > 20).collect();
    if pool.is_empty() {
        eprintln!("no positions with more than 20 empties");
        std::process::exit(1);
    }
    let step = (pool.len() / positions.max(1)).max(1);
    let params = OthelloParams {
        probcut: 0,
        ..OthelloParams::default()
    };
    let Ok(mut tables) = Tables::try_new(16) else {
        eprintln!("cannot allocate the transposition table");
        std::process::exit(1);
    };
    let mut solver = Default::default();
    // [depth][empties range] -> differences
    let mut diffs = vec![vec![Vec::<f64>::new(); 4]; max_depth as usize + 1];
    let clock = Instant::now();
    for sample in pool.iter().step_by(step).take(positions) {
        let position = Othello::from_discs(sample.player, sample.opponent, Player::First);
        let mut values = vec![None; max_depth as usize + 1];
        for depth in 1..=max_depth {
            tables.clear();
            let result = search_to_depth(&position, &params, depth, &mut tables, &mut solver);
            values[depth as usize] = match result.map(|r| r.score) {
                Some(ScoreReport::Cp(v)) => Some(f64::from(v)),
                _ => None,
            };
        }
        let column = ((sample.empties() - 21) / 10).min(3) as usize;
        for depth in shallow::MIN_DEPTH..=max_depth {
            let s = shallow::shallow_depth(depth);
            if let (Some(deep), Some(low)) = (values[depth as usize], values[s as usize]) {
                diffs[depth as usize][column].push(deep - low);
            }
        }
    }
    println!(
        "{} positions in {:.0} s; deep - shallow in centi-discs, mean/sd (n), empties 21-30 | 31-40 | 41-50 | 51-60",
        positions,
        clock.elapsed().as_secs_f64()
    );
    for depth in shallow::MIN_DEPTH..=max_depth {
        let cells: Vec<String> = diffs[depth as usize]
            .iter()
            .map(|d| {
                let n = d.len().max(1) as f64;
                let mean = d.iter().sum::<f64>() / n;
                let sd = (d.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n).sqrt();
                format!("{mean:.0}/{sd:.0} ({})", d.len())
            })
            .collect();
        println!(
            "depth {depth} vs {}: {}",
            shallow::shallow_depth(depth),
            cells.join(" | ")
        );
    }
}

fn read_files(args: &[String]) -> Vec<Sample> {
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    let mut samples = Vec::new();
    for path in files {
        let file = File::open(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        });
        match read_all(&mut BufReader::new(file)) {
            Ok(s) => samples.extend(s),
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
    samples
}
