//! The training tool of the learned Gomoku evaluation (see data/gomoku/README.md):
//!
//! `cargo run --release --example gomoku_train -- gen --games N --seed S --depth D --out FILE`
//! plays freestyle 15x15 self-play games (a few random stones near the centre, then a
//! fixed-depth search with the classic evaluation and a few random moves) and writes one
//! line per game: the result (`B`, `W` or `D`), the number of random opening stones, and
//! the moves.
//!
//! `cargo run --release --example gomoku_train -- fit FILE... [--lambda L] [--skip N] [--no-pairs]
//! [--prior S] [--label-depth D]`
//! replays the games, takes the features of every position (line and cell class counts
//! of each side, as side to move and as the side waiting) and fits a logistic regression
//! of the outcome on them; it prints the Rust table of `src/game/gomoku/learned/weights.rs`.
//! `--prior S` pulls each weight towards the classic evaluation's worth of the same class
//! (mover 5/4, waiter -1, in the logits of the classic evaluation's own fitted scale) by
//! a ridge penalty of S times the feature's summed square, instead of towards 0.
//! `--label-depth D` trains on the win probability of a D-ply search (classic evaluation,
//! no threat solver) of each position instead of the game's outcome (held-out figures
//! still use outcomes).

// The small dense linear algebra of the fit reads best with indices.
#![allow(clippy::needless_range_loop)]

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::time::Instant;

use arbor::game::gomoku::cells::{CELL_BONUS, LINE_VALUE};
use arbor::game::gomoku::learned::{self, FEATURES};
use arbor::game::gomoku::{Cell, Gomoku, GomokuParams};
use arbor::game::othello::train::rng::Rng;
use arbor::game::score::ScoreReport;
use arbor::game::{Evaluate, Game, MoveList, Outcome, Player};
use arbor::search::{search_to_depth, Tables};

#[path = "common/flags.rs"]
mod flags;
#[path = "common/logistic.rs"]
mod logistic;
use flags::value;
use logistic::{logistic, sigmoid};

fn main() {
    env_logger::init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => {
            eprintln!("usage: gomoku_train gen|fit ... (see the file's header)");
            std::process::exit(2);
        }
    }
}

/// Cell classes (`cells.rs`).
const CELL_CLASSES: usize = arbor::game::gomoku::board::cell_class::COUNT;

/// Per cent of the moves after the opening chosen at random among the search's candidates.
const RANDOM_PERCENT: u32 = 3;

fn gen(args: &[String]) {
    let games: u64 = value(args, "--games").unwrap_or(1000);
    let seed: u64 = value(args, "--seed").unwrap_or(1);
    let depth: u32 = value(args, "--depth").unwrap_or(4);
    let Some(path) = value::<String>(args, "--out") else {
        eprintln!("gen needs --out FILE");
        std::process::exit(2);
    };
    let file = File::create(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let mut out = BufWriter::new(file);
    let mut rng = Rng::new(seed);
    let params = GomokuParams {
        threat_solver: false,
        defence: false,
        ..GomokuParams::default()
    };
    let clock = Instant::now();
    let mut tables = Tables::try_new(16).expect("16 MiB table");
    let mut solver = Default::default();
    let mut results = [0u64; 3];
    for game in 0..games {
        tables.tt.clear();
        let mut position = Gomoku::new(15, arbor::game::gomoku::Rule::Freestyle).expect("15x15");
        let mut moves = Vec::new();
        // Random opening: 3 to 6 stones within 3 cells of the centre, colours alternating.
        let opening = 3 + rng.below(4) as usize;
        while moves.len() < opening {
            let (row, col) = (4 + rng.below(7), 4 + rng.below(7));
            let mv = Cell((row * 15 + col) as u16);
            if position.is_legal(mv) {
                position.play(mv);
                moves.push(mv);
            }
        }
        while position.outcome().is_none() {
            let mv = if rng.below(100) < RANDOM_PERCENT {
                let mut list = MoveList::new();
                let mut keys = MoveList::new();
                position.search_moves(&mut list, &mut keys);
                list[rng.below(list.len() as u32) as usize]
            } else {
                match search_to_depth(&position, &params, depth, &mut tables, &mut solver) {
                    Some(result) => result.best_move,
                    None => break,
                }
            };
            position.play(mv);
            moves.push(mv);
        }
        let result = match position.outcome() {
            Some(Outcome::Win(Player::First)) => 'B',
            Some(Outcome::Win(Player::Second)) => 'W',
            _ => 'D',
        };
        results[match result {
            'B' => 0,
            'W' => 1,
            _ => 2,
        }] += 1;
        let text: Vec<String> = moves.iter().map(|&m| position.format_move(m)).collect();
        writeln!(out, "{result} {opening} {}", text.join(" ")).expect("write");
        out.flush().expect("flush");
        if (game + 1) % 20 == 0 {
            eprintln!(
                "{:.0} s: {} games (B {} W {} D {})",
                clock.elapsed().as_secs_f64(),
                game + 1,
                results[0],
                results[1],
                results[2]
            );
        }
    }
}

/// One training position: its features and the outcome for the side to move (1 win,
/// 0.5 draw, 0 loss), plus the classic evaluation (to calibrate the score scale).
struct Sample {
    features: [f32; FEATURES],
    target: f32,
    classic: i32,
    game: usize,
    /// The side to move's win probability by a search of `--label-depth`, once fitted.
    searched: Option<Searched>,
}

/// A search's verdict on a position.
#[derive(Clone, Copy)]
enum Searched {
    Value(i32),
    Won,
    Lost,
}

fn read_samples(paths: &[String], skip: usize, label_depth: Option<u32>) -> Vec<Sample> {
    let mut samples = Vec::new();
    let params = GomokuParams::default();
    let search_params = GomokuParams {
        threat_solver: false,
        defence: false,
        ..GomokuParams::default()
    };
    let mut tables = Tables::try_new(16).expect("16 MiB table");
    let mut solver = Default::default();
    let mut game = 0;
    for path in paths {
        let file = File::open(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        });
        for line in BufReader::new(file).lines() {
            let line = line.expect("read");
            let mut tokens = line.split_whitespace();
            let (Some(result), Some(opening)) = (tokens.next(), tokens.next()) else {
                continue;
            };
            let opening: usize = opening.parse().unwrap_or(0);
            game += 1;
            tables.tt.clear();
            let winner = match result {
                "B" => Some(Player::First),
                "W" => Some(Player::Second),
                _ => None,
            };
            let mut position =
                Gomoku::new(15, arbor::game::gomoku::Rule::Freestyle).expect("15x15");
            for (ply, token) in tokens.enumerate() {
                if ply >= opening.max(skip) && learned::is_quiet(&position) {
                    let target = match winner {
                        None => 0.5,
                        Some(p) if p == position.side_to_move() => 1.0,
                        Some(_) => 0.0,
                    };
                    let searched = label_depth.and_then(|depth| {
                        let result = search_to_depth(
                            &position,
                            &search_params,
                            depth,
                            &mut tables,
                            &mut solver,
                        )?;
                        Some(match result.score {
                            ScoreReport::Cp(value) => Searched::Value(value),
                            ScoreReport::Win(_) | ScoreReport::WinWithin(_) => Searched::Won,
                            ScoreReport::Loss(_) => Searched::Lost,
                            _ => Searched::Value(0),
                        })
                    });
                    samples.push(Sample {
                        features: learned::features(&position),
                        target,
                        classic: position.evaluate(&params),
                        game,
                        searched,
                    });
                }
                let Ok(mv) = position.parse_legal_move(token) else {
                    eprintln!("{path}: bad move {token}");
                    break;
                };
                position.play(mv);
            }
        }
    }
    samples
}

fn log_loss(ps: impl Iterator<Item = (f64, f64)>) -> (f64, usize) {
    let mut loss = 0.0;
    let mut n = 0;
    for (p, y) in ps {
        loss -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
        n += 1;
    }
    (loss / n.max(1) as f64, n)
}

fn fit(args: &[String]) {
    let lambda: f64 = value(args, "--lambda").unwrap_or(1.0);
    let skip: usize = value(args, "--skip").unwrap_or(0);
    // Without the line-pair features (their weights stay 0).
    let no_pairs = args.iter().any(|a| a == "--no-pairs");
    // Pull the weights towards the classic evaluation's (see `fit`'s header).
    let prior_strength: Option<f64> = value(args, "--prior");
    // Train on the win probability of a search of this depth instead of the outcome.
    let label_depth: Option<u32> = value(args, "--label-depth");
    let mut paths = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--no-pairs" {
            i += 1;
        } else if args[i].starts_with("--") {
            i += 2;
        } else {
            paths.push(args[i].clone());
            i += 1;
        }
    }
    let clock = Instant::now();
    let mut samples = read_samples(&paths, skip, label_depth);
    eprintln!(
        "{} positions in {:.1} s",
        samples.len(),
        clock.elapsed().as_secs_f64()
    );
    if samples.is_empty() {
        eprintln!("no positions");
        std::process::exit(1);
    }
    // Outcomes stay the held-out yardstick; training targets may be search values,
    // turned into probabilities by a one-feature fit of the outcome on them.
    let outcomes: Vec<f32> = samples.iter().map(|s| s.target).collect();
    if label_depth.is_some() {
        let values: Vec<(Vec<f64>, f64)> = samples
            .iter()
            .filter_map(|s| match s.searched {
                Some(Searched::Value(v)) => {
                    Some((vec![f64::from(v) / 1000.0], f64::from(s.target)))
                }
                _ => None,
            })
            .collect();
        let (xs, ys): (Vec<_>, Vec<_>) = values.into_iter().unzip();
        let w = logistic(&xs, &ys, &[1e-6], &[0.0], 8)[0];
        eprintln!("search values: 1 logit = {:.0} points", 1000.0 / w);
        for sample in &mut samples {
            sample.target = match sample.searched {
                Some(Searched::Value(v)) => sigmoid(f64::from(v) / 1000.0 * w) as f32,
                Some(Searched::Won) => 1.0,
                Some(Searched::Lost) => 0.0,
                None => sample.target,
            };
        }
    }
    // Every tenth game is held out to report the fit honestly.
    let (mut train_x, mut train_y, mut test) = (Vec::new(), Vec::new(), Vec::new());
    for (sample, &outcome) in samples.iter().zip(&outcomes) {
        let mut x: Vec<f64> = sample.features.iter().map(|&v| f64::from(v)).collect();
        if no_pairs {
            for role in 0..2 {
                let pairs = role * learned::ROLE_FEATURES + learned::LINE_CLASSES + CELL_CLASSES;
                x[pairs..pairs + learned::LINE_PAIRS].fill(0.0);
            }
        }
        x.push(1.0);
        if sample.game % 10 == 9 {
            test.push((x, f64::from(outcome), sample.classic));
        } else {
            train_x.push(x);
            train_y.push(f64::from(sample.target));
        }
    }
    // The classic evaluation's own scale: a one-feature logistic fit of the outcome on it.
    let classic_x: Vec<Vec<f64>> = samples
        .iter()
        .map(|s| vec![f64::from(s.classic) / 1000.0])
        .collect();
    let classic_y: Vec<f64> = outcomes.iter().map(|&y| f64::from(y)).collect();
    let classic_w = logistic(&classic_x, &classic_y, &[1e-6], &[0.0], 8)[0];
    let scale = 1000.0 / classic_w;
    eprintln!("classic evaluation: 1 logit = {scale:.0} points");
    let dim = learned::FEATURES + 1;
    let (lambdas, prior) = match prior_strength {
        // Plain ridge towards 0; the Black-to-move term and the constant are free.
        None => (
            (0..dim)
                .map(|i| {
                    if i >= learned::BLACK_TO_MOVE {
                        1e-9
                    } else {
                        lambda
                    }
                })
                .collect::<Vec<_>>(),
            vec![0.0; dim],
        ),
        // Towards the classic evaluation's own worths (in logits), each weight held as
        // firmly as `strength` times its feature's summed square.
        Some(strength) => {
            let mut prior = vec![0.0; dim];
            for (role, sign) in [(0, 1.25), (1, -1.0)] {
                let base = role * learned::ROLE_FEATURES;
                for (line, &v) in LINE_VALUE.iter().enumerate() {
                    prior[base + line] = sign * f64::from(v) / scale;
                }
                for (class, &v) in CELL_BONUS.iter().enumerate() {
                    prior[base + learned::LINE_CLASSES + class] = sign * f64::from(v) / scale;
                }
            }
            let lambdas = (0..dim)
                .map(|i| {
                    if i >= learned::BLACK_TO_MOVE {
                        1e-9
                    } else {
                        strength * train_x.iter().map(|x| x[i] * x[i]).sum::<f64>() + lambda
                    }
                })
                .collect();
            (lambdas, prior)
        }
    };
    let w = logistic(&train_x, &train_y, &lambdas, &prior, 10);
    let (learned_loss, n) = log_loss(test.iter().map(|(x, y, _)| {
        let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
        (sigmoid(z), *y)
    }));
    let (classic_loss, _) = log_loss(
        test.iter()
            .map(|(_, y, c)| (sigmoid(f64::from(*c) / scale), *y)),
    );
    eprintln!(
        "held-out positions {n}: log loss learned {learned_loss:.5}, classic {classic_loss:.5}"
    );
    let weights: Vec<i32> = w.iter().map(|v| (v * scale).round() as i32).collect();
    println!("{}", learned::format_weights(&weights));
}
