//! The training tool of the learned Othello evaluation (see data/othello/README.md):
//!
//! `cargo run --release --example othello_train -- gen --games N --seed S [--exact E] --out FILE`
//! plays self-play games and writes their positions, the late ones labelled exactly.
//!
//! `cargo run --release --example othello_train -- fit --out WEIGHTS FILE...` labels the
//! early positions by searching with the stages already trained and fits every stage.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::time::Instant;

use arbor::game::othello::learned::STAGE_WIDTH;
use arbor::game::othello::train::data::read_all;
use arbor::game::othello::train::fit::{fit as fit_all, FitConfig};
use arbor::game::othello::train::gen::{generate, GenConfig};

fn value<T: std::str::FromStr>(args: &[String], flag: &str) -> Option<T> {
    let i = args.iter().position(|a| a == flag)?;
    match args.get(i + 1).map(|v| v.parse::<T>()) {
        Some(Ok(v)) => Some(v),
        _ => {
            eprintln!("{flag} needs a value");
            std::process::exit(2);
        }
    }
}

fn main() {
    env_logger::init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => {
            eprintln!("usage: othello_train gen|fit ... (see the file's header)");
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
