//! The training tool of the learned Gomoku evaluation (see data/gomoku/README.md):
//!
//! `cargo run --release -p arbor-tools --bin gomoku-train -- gen --games N --seed S --depth D --out FILE
//! [--eval classic|learned]`
//! plays freestyle 15x15 self-play games (a few random stones near the centre, then a
//! fixed-depth search with the evaluation of `--eval`, classic by default, and a few random
//! moves) and writes one line per game: the result (`B`, `W` or `D`), the number of random
//! opening stones, and the moves.
//!
//! `cargo run --release -p arbor-tools --bin gomoku-train -- label FILE --depth D --out LABELS
//! [--eval classic|learned]`
//! searches every position of the games of FILE that `fit` trains on (after the random
//! opening stones, not decided by the threat rules) D plies deep (the default search with
//! the evaluation of `--eval`, classic by default, threat solver and root defence off; one
//! table a game, cleared between games) and writes one line per game: `ply:value` for each
//! such position, the value in evaluation points or `W`/`L` for a proven win or loss of
//! the side to move.
//!
//! `cargo run --release -p arbor-tools --bin gomoku-train -- fit FILE... [--labels LABELS...]
//! [--lambda L] [--combo-lambda C] [--mask-lambda M] [--no-combos] [--no-mask]
//! [--drop-threats] [--search-scale] [--scale-per-file]
//! [--no-tempo-view] [--skip N] [--prior S] [--label-depth D]`
//! replays the games, takes the features of every position (line class, cell class and
//! four-line combination counts of each side, as side to move and as the side waiting)
//! and fits a logistic regression of the outcome on them; it prints the Rust table of
//! `src/game/gomoku/learned/weights.rs`. `--lambda L` is the ridge penalty of the line and
//! cell weights, `--combo-lambda C` (default 10) that of the combination weights;
//! `--no-combos` leaves the combinations out (their weights 0: the model without them);
//! `--no-mask` the threat masks (their weights 0), `--mask-lambda M` (default 1)
//! is their ridge penalty;
//! `--drop-threats` trains only on positions whose search label is an ordinary value;
//! `--search-scale` writes the weights in the points of the search values' own scale
//! (1 logit = the points the labels' conversion fitted) instead of the classic
//! evaluation's (the default); `--scale-per-file` converts each label file's values to
//! probabilities by its own fit (for labels of searches with different evaluations)
//! instead of one fit over all. A position where the side to move must stop an open three
//! is taken from the opponent's view (features, labels and outcome), as the evaluation
//! scores it (`training::features_of`); `--no-tempo-view` takes every position from the
//! side to move's view (the earlier model).
//! `--prior S` pulls each weight towards the classic evaluation's worth of the same class
//! (mover 5/4, waiter -1, in the logits of the classic evaluation's own fitted scale) by
//! a ridge penalty of S times the feature's summed square, instead of towards 0.
//! `--label-depth D` trains on the win probability of a D-ply search (classic evaluation,
//! no threat solver) of each position instead of the game's outcome (held-out figures
//! still use outcomes); `--labels LABELS...` (one file of `label` per game file, in the
//! same order) reads such searches instead of running them.

// The small dense linear algebra of the fit reads best with indices.
#![allow(clippy::needless_range_loop)]

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::time::Instant;

use arbor::game::gomoku::cells::{CELL_BONUS, LINE_VALUE};
use arbor::game::gomoku::{learned, training};
use arbor::game::gomoku::{Cell, Gomoku, GomokuEval, GomokuParams};
use arbor::game::score::ScoreReport;
use arbor::game::{Evaluate, Game, MoveList, Outcome, Player};
use arbor::rng::SplitMix64;
use arbor::search::{search_to_depth, Tables};

use arbor_tools::flags::value;
use arbor_tools::logistic::{logistic, logistic_sparse, sigmoid};

fn main() {
    env_logger::init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") => gen(&args[1..]),
        Some("label") => label(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => {
            eprintln!("usage: gomoku-train gen|label|fit ... (see tools/src/bin/gomoku_train.rs)");
            std::process::exit(2);
        }
    }
}

/// Search values at least this large (in size) are the threat rules' (a five, an open
/// four, a four-three, ... found at the horizon), not the weighted patterns'.
const THREAT_VALUE: i32 = 5_000;

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
    let mut rng = SplitMix64::new(seed);
    let params = label_params(eval_arg(args));
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

/// One training position: its features (sparse: `(index, count)`) and the outcome for
/// the side to move (1 win, 0.5 draw, 0 loss), plus the classic evaluation (to
/// calibrate the score scale).
struct Sample {
    features: Vec<(u16, f32)>,
    target: f32,
    classic: i32,
    game: usize,
    /// The index of the game file (and of its label file).
    file: usize,
    /// The side to move's verdict by a search of `--label-depth` or from `--labels`.
    searched: Option<Searched>,
}

/// A search's verdict on a position.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Searched {
    Value(i32),
    Won,
    Lost,
}

impl Searched {
    fn of(score: ScoreReport) -> Self {
        match score {
            ScoreReport::Cp(value) => Searched::Value(value),
            ScoreReport::Win(_) | ScoreReport::WinWithin(_) => Searched::Won,
            ScoreReport::Loss(_) => Searched::Lost,
            _ => Searched::Value(0),
        }
    }

    /// The same verdict from the opponent's side.
    fn flipped(self) -> Self {
        match self {
            Searched::Value(v) => Searched::Value(-v),
            Searched::Won => Searched::Lost,
            Searched::Lost => Searched::Won,
        }
    }

    fn text(self) -> String {
        match self {
            Searched::Value(v) => v.to_string(),
            Searched::Won => "W".into(),
            Searched::Lost => "L".into(),
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text {
            "W" => Some(Searched::Won),
            "L" => Some(Searched::Lost),
            _ => text.parse().ok().map(Searched::Value),
        }
    }
}

/// The search of the games and the labels: the default engine with the evaluation of
/// `--eval` (classic unless asked), without the threat solver and the root defence
/// (which would make it slow).
fn label_params(eval: GomokuEval) -> GomokuParams {
    GomokuParams {
        threat_solver: false,
        defence: false,
        eval,
        ..GomokuParams::default()
    }
}

/// `--eval classic|learned`: the evaluation that plays the games of `gen` or searches the
/// labels of `label`. Classic by default, which made the first generation of the data (the
/// second was played and labelled with `learned`).
fn eval_arg(args: &[String]) -> GomokuEval {
    match value::<String>(args, "--eval").as_deref() {
        None | Some("classic") => GomokuEval::Classic,
        Some("learned") => GomokuEval::Learned,
        Some(other) => {
            eprintln!("--eval takes classic or learned, not {other}");
            std::process::exit(2);
        }
    }
}

/// The engine's defaults with the classic evaluation, which made the games and labels of
/// the data and gives the fit its reference values (the engine's default evaluation is
/// the learned one).
fn classic_params() -> GomokuParams {
    GomokuParams {
        eval: GomokuEval::Classic,
        ..GomokuParams::default()
    }
}

/// Replays the games of `path` and calls `f(game, ply, position, winner)` (the game's
/// index in the file from 0) for every position a fit may train on: after the random
/// opening stones and not decided by the threat rules every evaluation shares.
fn for_each_position(path: &str, mut f: impl FnMut(usize, usize, &Gomoku, Option<Player>)) {
    let file = File::open(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    let mut game = 0;
    for line in BufReader::new(file).lines() {
        let line = line.expect("read");
        let mut tokens = line.split_whitespace();
        let (Some(result), Some(opening)) = (tokens.next(), tokens.next()) else {
            continue;
        };
        let opening: usize = opening.parse().unwrap_or(0);
        let winner = match result {
            "B" => Some(Player::First),
            "W" => Some(Player::Second),
            _ => None,
        };
        let mut position = Gomoku::new(15, arbor::game::gomoku::Rule::Freestyle).expect("15x15");
        for (ply, token) in tokens.enumerate() {
            if ply >= opening && training::is_quiet(&position) {
                f(game, ply, &position, winner);
            }
            let Ok(mv) = position.parse_legal_move(token) else {
                eprintln!("{path}: bad move {token}");
                break;
            };
            position.play(mv);
        }
        game += 1;
    }
}

fn label(args: &[String]) {
    let depth: u32 = value(args, "--depth").unwrap_or(6);
    let (Some(path), Some(out_path)) = (args.first(), value::<String>(args, "--out")) else {
        eprintln!("label needs FILE and --out LABELS");
        std::process::exit(2);
    };
    let mut out = BufWriter::new(File::create(&out_path).unwrap_or_else(|e| {
        eprintln!("{out_path}: {e}");
        std::process::exit(1);
    }));
    let params = label_params(eval_arg(args));
    let mut tables = Tables::try_new(16).expect("16 MiB table");
    let mut solver = Default::default();
    let clock = Instant::now();
    let mut current = None;
    let mut positions = 0u64;
    let mut line = String::new();
    let finish = |line: &mut String, out: &mut BufWriter<File>| {
        writeln!(out, "{}", line.trim_end()).expect("write");
        out.flush().expect("flush");
        line.clear();
    };
    for_each_position(path, |game, ply, position, _| {
        if current != Some(game) {
            if let Some(previous) = current {
                // Games without a trainable position still get their (empty) line.
                for _ in previous..game {
                    finish(&mut line, &mut out);
                }
                if (game) % 50 == 0 {
                    eprintln!(
                        "{:.0} s: {game} games, {positions} positions",
                        clock.elapsed().as_secs_f64()
                    );
                }
            } else {
                for _ in 0..game {
                    finish(&mut line, &mut out);
                }
            }
            current = Some(game);
            tables.tt.clear();
        }
        let searched = search_to_depth(position, &params, depth, &mut tables, &mut solver)
            .map_or(Searched::Value(0), |result| Searched::of(result.score));
        line.push_str(&format!("{ply}:{} ", searched.text()));
        positions += 1;
    });
    if current.is_some() {
        finish(&mut line, &mut out);
    }
    eprintln!(
        "{:.0} s: {positions} positions",
        clock.elapsed().as_secs_f64()
    );
}

/// The labels of `label` files: per file, per game, `(ply, verdict)`.
fn read_labels(path: &str) -> Vec<Vec<(usize, Searched)>> {
    let file = File::open(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    BufReader::new(file)
        .lines()
        .map(|line| {
            line.expect("read")
                .split_whitespace()
                .map(|token| {
                    let (ply, verdict) = token.split_once(':').expect("ply:value");
                    (
                        ply.parse().expect("ply"),
                        Searched::parse(verdict).expect("value"),
                    )
                })
                .collect()
        })
        .collect()
}

fn read_samples(
    paths: &[String],
    skip: usize,
    label_depth: Option<u32>,
    labels: &[String],
    tempo_view: bool,
) -> Vec<Sample> {
    let mut samples = Vec::new();
    let params = classic_params();
    let search_params = label_params(GomokuEval::Classic);
    let mut tables = Tables::try_new(16).expect("16 MiB table");
    let mut solver = Default::default();
    let mut games = 0;
    for (file, path) in paths.iter().enumerate() {
        let file_labels = labels.get(file).map(|path| read_labels(path));
        let mut current = None;
        let mut last_game = 0;
        for_each_position(path, |game, ply, position, winner| {
            last_game = game;
            if current != Some(game) {
                current = Some(game);
                tables.tt.clear();
            }
            if ply < skip {
                return;
            }
            // The tempo side's view (see `training::features_of`): the opponent's when the
            // side to move must stop an open three.
            let flip = tempo_view && position.must_defend();
            let me = position.side_to_move().index() ^ usize::from(flip);
            let target = match winner {
                None => 0.5,
                Some(p) if p.index() == me => 1.0,
                Some(_) => 0.0,
            };
            let searched = match &file_labels {
                Some(file_labels) => {
                    let found = file_labels
                        .get(game)
                        .and_then(|g| g.iter().find(|&&(p, _)| p == ply));
                    let Some(&(_, verdict)) = found else {
                        eprintln!("{path}: no label for game {game} ply {ply}");
                        std::process::exit(1);
                    };
                    Some(verdict)
                }
                None => label_depth.and_then(|depth| {
                    let result =
                        search_to_depth(position, &search_params, depth, &mut tables, &mut solver)?;
                    Some(Searched::of(result.score))
                }),
            };
            let searched = if flip {
                searched.map(Searched::flipped)
            } else {
                searched
            };
            let features = training::features_of(position, me)
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v != 0.0)
                .map(|(i, &v)| (i as u16, v))
                .collect();
            samples.push(Sample {
                features,
                target,
                classic: position.evaluate(&params) * if flip { -1 } else { 1 },
                // Games numbered from 1 over all files, as before.
                game: games + game + 1,
                file,
                searched,
            });
        });
        games += last_game + 1;
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

/// Whether feature `i` (of the full vector) is a threat-mask feature.
fn is_mask(i: usize) -> bool {
    (learned::MASK_BASE..learned::FEATURES).contains(&i)
}

/// Whether feature `i` (of the full vector) is a combination feature.
fn is_combo(i: usize) -> bool {
    i < learned::BLACK_TO_MOVE && i % learned::ROLE_FEATURES >= learned::COMBO_BASE
}

fn fit(args: &[String]) {
    let lambda: f64 = value(args, "--lambda").unwrap_or(1.0);
    let combo_lambda: f64 = value(args, "--combo-lambda").unwrap_or(10.0);
    let mask_lambda: f64 = value(args, "--mask-lambda").unwrap_or(1.0);
    let skip: usize = value(args, "--skip").unwrap_or(0);
    // Without the threat-mask features (their weights stay 0).
    let no_mask = args.iter().any(|a| a == "--no-mask");
    // Without the combination features (their weights stay 0).
    let no_combos = args.iter().any(|a| a == "--no-combos");
    // Train only on the positions whose search label is an ordinary value (no proven
    // result, no threat value): what the search settles is left to the search.
    let drop_threats = args.iter().any(|a| a == "--drop-threats");
    // Weights in the search values' points rather than the classic evaluation's.
    let use_search_scale = args.iter().any(|a| a == "--search-scale");
    // One conversion of search values to probabilities for each label file.
    let scale_per_file = args.iter().any(|a| a == "--scale-per-file");
    // Every position from the side to move's view (`--no-tempo-view`).
    let tempo_view = !args.iter().any(|a| a == "--no-tempo-view");
    // Pull the weights towards the classic evaluation's (see `fit`'s header).
    let prior_strength: Option<f64> = value(args, "--prior");
    // Train on the win probability of a search of this depth instead of the outcome.
    let label_depth: Option<u32> = value(args, "--label-depth");
    let mut paths = Vec::new();
    let mut labels = Vec::new();
    let mut i = 0;
    let mut in_labels = false;
    while i < args.len() {
        if [
            "--no-combos",
            "--no-mask",
            "--drop-threats",
            "--search-scale",
            "--scale-per-file",
            "--no-tempo-view",
        ]
        .contains(&args[i].as_str())
        {
            i += 1;
        } else if args[i] == "--labels" {
            in_labels = true;
            i += 1;
        } else if args[i].starts_with("--") {
            in_labels = false;
            i += 2;
        } else {
            if in_labels {
                labels.push(args[i].clone());
            } else {
                paths.push(args[i].clone());
            }
            i += 1;
        }
    }
    if !labels.is_empty() && labels.len() != paths.len() {
        eprintln!("--labels needs one file per game file");
        std::process::exit(2);
    }
    let clock = Instant::now();
    let mut samples = read_samples(&paths, skip, label_depth, &labels, tempo_view);
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
    if drop_threats {
        samples
            .retain(|s| matches!(s.searched, Some(Searched::Value(v)) if v.abs() < THREAT_VALUE));
        eprintln!("{} positions with ordinary search values", samples.len());
    }
    let outcomes: Vec<f32> = samples.iter().map(|s| s.target).collect();
    // With `--scale-per-file` each label file's values become probabilities by their own
    // fit: files searched with different evaluations (the data's second generation was
    // labelled with the learned one) put different numbers on the same odds.
    let mut search_scale = None;
    let group = |s: &Sample| if scale_per_file { s.file } else { 0 };
    let groups = samples.iter().map(|s| group(s) + 1).max().unwrap_or(0);
    for file in 0..groups {
        let values: Vec<(Vec<f64>, f64)> = samples
            .iter()
            .filter(|s| group(s) == file)
            .filter_map(|s| match s.searched {
                // Only the ordinary values: the threat values (a five or an open four
                // seen at the horizon) would flatten the slope of the rest; they still
                // become near-certain wins below.
                Some(Searched::Value(v)) if v.abs() < THREAT_VALUE => {
                    Some((vec![f64::from(v) / 1000.0], f64::from(s.target)))
                }
                _ => None,
            })
            .collect();
        if values.is_empty() {
            continue;
        }
        let (xs, ys): (Vec<_>, Vec<_>) = values.into_iter().unzip();
        let w = logistic(&xs, &ys, &[1e-6], &[0.0], 8)[0];
        if scale_per_file {
            eprintln!(
                "search values of file {}: 1 logit = {:.0} points",
                file + 1,
                1000.0 / w
            );
        } else {
            eprintln!("search values: 1 logit = {:.0} points", 1000.0 / w);
        }
        // `--search-scale` takes the first file's points (the classic search's in every
        // fit so far).
        search_scale.get_or_insert(1000.0 / w);
        for sample in samples.iter_mut().filter(|s| group(s) == file) {
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
        let mut x: Vec<(usize, f64)> = sample
            .features
            .iter()
            .map(|&(i, v)| (usize::from(i), f64::from(v)))
            .filter(|&(i, _)| !((no_combos && is_combo(i)) || (no_mask && is_mask(i))))
            .collect();
        x.push((learned::FEATURES, 1.0));
        if sample.game % 10 == 9 {
            test.push((
                x,
                f64::from(outcome),
                f64::from(sample.target),
                sample.classic,
            ));
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
    let classic_scale = 1000.0 / classic_w;
    eprintln!("classic evaluation: 1 logit = {classic_scale:.0} points");
    // The weights' points: the classic evaluation's (a learned value means the win
    // probability a classic one of the same size does), or with `--search-scale` the
    // search values' (the learned value stands for the labelling search's value).
    let scale = match search_scale {
        Some(points) if use_search_scale => points,
        _ => classic_scale,
    };
    eprintln!("weights in points of {scale:.0} a logit");
    let dim = learned::FEATURES + 1;
    let ridge = |i: usize| {
        if i == learned::BLACK_TO_MOVE || i == learned::FEATURES {
            1e-9
        } else if is_mask(i) {
            mask_lambda
        } else if is_combo(i) {
            combo_lambda
        } else {
            lambda
        }
    };
    let (lambdas, prior) = match prior_strength {
        // Plain ridge towards 0; the Black-to-move term and the constant are free.
        None => ((0..dim).map(ridge).collect::<Vec<_>>(), vec![0.0; dim]),
        // Towards the classic evaluation's own worths (in logits), each weight held as
        // firmly as `strength` times its feature's summed square.
        Some(strength) => {
            let mut prior = vec![0.0; dim];
            for (role, sign) in [(0, 1.25), (1, -1.0)] {
                let base = role * learned::ROLE_FEATURES;
                for (line, &v) in LINE_VALUE.iter().enumerate() {
                    prior[base + line] = sign * f64::from(v) / classic_scale;
                }
                for (class, &v) in CELL_BONUS.iter().enumerate() {
                    prior[base + learned::LINE_CLASSES + class] =
                        sign * f64::from(v) / classic_scale;
                }
            }
            let mut squares = vec![0.0; dim];
            for x in &train_x {
                for &(i, v) in x {
                    squares[i] += v * v;
                }
            }
            let lambdas = (0..dim)
                .map(|i| {
                    if i >= learned::BLACK_TO_MOVE || is_combo(i) {
                        ridge(i)
                    } else {
                        strength * squares[i] + lambda
                    }
                })
                .collect();
            (lambdas, prior)
        }
    };
    let w = logistic_sparse(&train_x, &train_y, &lambdas, &prior, 10);
    let predict = |x: &[(usize, f64)]| sigmoid(x.iter().map(|&(i, v)| v * w[i]).sum());
    let (learned_loss, n) = log_loss(test.iter().map(|(x, y, _, _)| (predict(x), *y)));
    let (classic_loss, _) = log_loss(
        test.iter()
            .map(|(_, y, _, c)| (sigmoid(f64::from(*c) / classic_scale), *y)),
    );
    eprintln!(
        "held-out positions {n}: log loss of the outcome: learned {learned_loss:.5}, classic {classic_loss:.5}"
    );
    let (target_loss, _) = log_loss(test.iter().map(|(x, _, t, _)| (predict(x), *t)));
    let (floor, _) = log_loss(test.iter().map(|(_, _, t, _)| (*t, *t)));
    eprintln!(
        "held-out log loss of the training target: learned {target_loss:.5} (the targets' own entropy {floor:.5})"
    );
    let weights: Vec<i32> = w.iter().map(|v| (v * scale).round() as i32).collect();
    println!("{}", learned::format_weights(&weights));
}
