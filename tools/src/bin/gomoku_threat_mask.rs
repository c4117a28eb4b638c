//! Fits the threat-mask worths of the Gomoku evaluation (`src/game/gomoku/threat_mask.rs`)
//! and prints the Rust table of `threat_mask/weights.rs`:
//!
//! `cargo run --release -p arbor-tools --bin gomoku-threat-mask -- GAMES:LABELS... [--scale S] [--ridge R]`
//!
//! GAMES is a file of `gomoku-train gen` (a line a game: result, random opening stones,
//! moves) and LABELS the file `gomoku-train label --depth D` made of it (a line a game:
//! `ply:value` of a D-ply search for the side to move, `W`/`L` when proven). Every labelled
//! position whose classic static value no threat rule decides is replayed; its search value
//! becomes a win probability `sigmoid(value / S)` (proven and rule-decided values 1 or 0),
//! and each mask's worth `w` is the one-parameter logistic fit of those probabilities on
//! `sigmoid((static + w) / S)`, pulled towards 0 by a ridge of R. Every tenth game is held
//! out and only scored. Offline tool: bad files end it with a message.

use std::fs::File;
use std::io::{BufRead, BufReader};

use arbor::game::gomoku::threat_mask::{self, MASKS};
use arbor::game::gomoku::{Gomoku, GomokuEval, GomokuParams, Rule};
use arbor::game::{Evaluate, Game};

use arbor_tools::flags::value;
use arbor_tools::logistic::sigmoid;

/// Static and searched values from this size on are decided by a threat rule (the rules
/// score 8,000 and more; the pattern evaluation stays under 10,000 but hardly passes 5,000).
const DECIDED: i32 = 8_000;

/// One training position: its classic static value, its mask, the target probability.
struct Sample {
    value: f64,
    mask: usize,
    target: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let scale: f64 = value(&args, "--scale").unwrap_or(600.0);
    let ridge: f64 = value(&args, "--ridge").unwrap_or(20.0);
    let pairs: Vec<(&str, &str)> = args
        .iter()
        .take_while(|a| !a.starts_with("--"))
        .filter_map(|a| a.split_once(':'))
        .collect();
    if pairs.is_empty() {
        eprintln!("usage: gomoku-threat-mask GAMES:LABELS... [--scale S] [--ridge R]");
        std::process::exit(2);
    }
    // The worths are what the search adds to the classic static value (the engine's
    // default evaluation is the learned one).
    let params = GomokuParams {
        eval: GomokuEval::Classic,
        ..GomokuParams::default()
    };
    let (mut train, mut held) = (Vec::new(), Vec::new());
    for (games, labels) in pairs {
        read(games, labels, &params, scale, &mut train, &mut held);
    }
    eprintln!("positions: {} to fit, {} held out", train.len(), held.len());
    let weights = fit(&train, scale, ridge);
    for (name, set) in [("fitted", &train), ("held out", &held)] {
        let zero = [0; MASKS];
        eprintln!(
            "{name}: log loss against the search {:.5} with the masks, {:.5} without (target entropy {:.5})",
            log_loss(set, &weights, scale),
            log_loss(set, &zero, scale),
            set.iter().map(|s| entropy(s.target)).sum::<f64>() / set.len().max(1) as f64
        );
    }
    let mut counts = [0usize; MASKS];
    for sample in &train {
        counts[sample.mask] += 1;
    }
    let mut order: Vec<usize> = (0..MASKS).collect();
    order.sort_by_key(|&m| std::cmp::Reverse(counts[m]));
    for &mask in order.iter().take(24) {
        eprintln!(
            "mask {mask:08b}: {:6} positions, worth {}",
            counts[mask], weights[mask]
        );
    }
    print!("{}", threat_mask::format_weights(&weights));
}

fn entropy(p: f64) -> f64 {
    let p = p.clamp(1e-9, 1.0 - 1e-9);
    -(p * p.ln() + (1.0 - p) * (1.0 - p).ln())
}

fn log_loss(set: &[Sample], weights: &[i32; MASKS], scale: f64) -> f64 {
    let total: f64 = set
        .iter()
        .map(|s| {
            let q = sigmoid((s.value + f64::from(weights[s.mask])) / scale).clamp(1e-9, 1.0 - 1e-9);
            -(s.target * q.ln() + (1.0 - s.target) * (1.0 - q).ln())
        })
        .sum();
    total / set.len().max(1) as f64
}

/// Per mask, Newton's method on one worth: the logistic loss of its samples plus
/// `ridge * (w / scale)^2`.
fn fit(samples: &[Sample], scale: f64, ridge: f64) -> [i32; MASKS] {
    let mut weights = [0i32; MASKS];
    let mut by_mask: Vec<Vec<&Sample>> = (0..MASKS).map(|_| Vec::new()).collect();
    for sample in samples {
        by_mask[sample.mask].push(sample);
    }
    for (mask, group) in by_mask.iter().enumerate() {
        let mut w = 0.0f64; // in logits
        for _ in 0..50 {
            let (mut gradient, mut hessian) = (2.0 * ridge * w, 2.0 * ridge);
            for s in group {
                let q = sigmoid(s.value / scale + w);
                gradient += q - s.target;
                hessian += q * (1.0 - q);
            }
            let step = gradient / hessian;
            w -= step.clamp(-2.0, 2.0);
            if step.abs() < 1e-7 {
                break;
            }
        }
        weights[mask] = (w * scale).round().clamp(-5_000.0, 5_000.0) as i32;
    }
    weights
}

fn open(path: &str) -> impl Iterator<Item = String> {
    let file = File::open(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    BufReader::new(file).lines().map(|line| line.expect("read"))
}

/// Replays the games of `games_path` with their labels into `train` and, for every tenth
/// game, `held`.
fn read(
    games_path: &str,
    labels_path: &str,
    params: &GomokuParams,
    scale: f64,
    train: &mut Vec<Sample>,
    held: &mut Vec<Sample>,
) {
    for (index, (game, labels)) in open(games_path).zip(open(labels_path)).enumerate() {
        let mut targets = Vec::new();
        for token in labels.split_whitespace() {
            let Some((ply, verdict)) = token.split_once(':') else {
                eprintln!("{labels_path}: bad label {token}");
                std::process::exit(1);
            };
            let target = match verdict {
                "W" => 1.0,
                "L" => 0.0,
                v => match v.parse::<i32>() {
                    Ok(v) if v.abs() >= DECIDED => f64::from(u8::from(v > 0)),
                    Ok(v) => sigmoid(f64::from(v) / scale),
                    Err(_) => {
                        eprintln!("{labels_path}: bad label {token}");
                        std::process::exit(1);
                    }
                },
            };
            targets.push((ply.parse::<usize>().unwrap_or(usize::MAX), target));
        }
        let out = if index % 10 == 9 {
            &mut *held
        } else {
            &mut *train
        };
        let mut position = Gomoku::new(15, Rule::Freestyle).expect("15x15");
        let mut next = targets.iter().peekable();
        for (ply, token) in game.split_whitespace().skip(2).enumerate() {
            if let Some(&&(_, target)) = next.peek().filter(|(at, _)| *at == ply) {
                next.next();
                let value = position.evaluate(params);
                if value.abs() < DECIDED {
                    let me = position.side_to_move().index();
                    out.push(Sample {
                        value: f64::from(value),
                        mask: threat_mask::threat_mask(position.board(), me),
                        target,
                    });
                }
            }
            let Ok(mv) = position.parse_legal_move(token) else {
                eprintln!("{games_path}: bad move {token}");
                std::process::exit(1);
            };
            position.play(mv);
        }
    }
}
