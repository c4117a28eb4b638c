//! The positions the Connect Four engine leaves to its heuristic search, and how often that
//! search keeps the result there (the games it loses past the opening book):
//!
//! `cargo run --release -p arbor-tools --bin connect4-fallback -- set --seed S --count N
//! [--min-ply 11] [--max-ply 14] [--budget NODES] [--movetime 100] --out FILE`
//! draws positions by seeded uniform random play (the ply uniform in `min..=max`, games
//! not over), and keeps those where the solver, as the engine runs it in a timed move (the
//! shipped book, the bounds its parents prove, a fresh table), does not prove the result
//! within `NODES` nodes (deterministic, unlike a time budget; ~75 ms of solving is about
//! 1.5 million nodes on this machine), and where some move changes the result. The ground
//! truth is every child's exact result (untimed solves). One line per kept position:
//! `DIGITS RESULT KEEPS EXCLUDED`: the moves as column digits 1-7, the result for the side
//! to move (1, 0, -1), per column `+` (keeps the result), `x` (does not) or `.` (full), and
//! per column `x` where the engine's own solver hook, given a timed move of `--movetime`
//! ms, proved the move not to keep the result (`Verdict::Excluding`: the moves the engine
//! leaves out of its heuristic search; time-based, so it depends on the load when the set
//! is made, and is recorded for information only).
//!
//! `cargo run --release -p arbor-tools --bin connect4-fallback -- check FILE (--depth D | --nodes N)
//! [--style full|baseline] [--list]`
//! searches every position of FILE with the heuristic search alone (a fresh 16 MiB table,
//! no solver: it declines depth- and node-limited searches) and counts the moves that keep
//! the result, and among the lost picks those the engine's timed solve had excluded;
//! `--list` also prints each position's pick (column 1-7), kept or LOST, and its depth.
//!
//! `cargo run --release -p arbor-tools --bin connect4-fallback -- gen --seed S --count N
//! [--min-ply 8] [--max-ply 30] [--cap NODES] --out FILE`
//! writes training positions for the learned evaluation: random positions (as `set`),
//! exactly solved (win/draw/loss), those the solver cannot settle within `NODES` left out:
//! `DIGITS RESULT` per line. With `--hard NODES2 [--per-root K] [--extra-min A]
//! [--extra-max B]`, the random positions are roots like `set`'s (the timed solve does not
//! finish within NODES2 nodes; no ground truth needed), and each gives K positions `A..=B`
//! plies further on, one ply at a time: a win at once if there is one, else a block of the
//! opponent's playable threat, else a random move (the region the fallback's search sees).
//!
//! `cargo run --release -p arbor-tools --bin connect4-fallback -- fit FILE... [--lambda L]
//! [--holdout PERCENT] [--symmetric]` fits the weights of `eval::full` (see `eval::features`) by
//! logistic regression of the result (win 1, draw 1/2, loss 0) on the features of every
//! training position the evaluation does not settle itself, holds out every position
//! whose line number is in the last `PERCENT` of each hundred, prints the held-out log loss
//! and sign accuracy of the fit and of the hand-set weights (`eval::CLASSIC`, at their best
//! scale), and the fitted weights as a Rust table for `eval::weighted` (in centi-units,
//! `eval::CENTI_PER_LOGIT` per logit). No such fit has been kept: the engine does not use
//! `eval::full` in play. `--symmetric` ties each of my features to the same one of theirs
//! with the opposite weight (the value does not depend on who is to move beyond the
//! features' own parity rule) and gives the constant and the first player's turn no
//! weight.

// The small dense linear algebra of the fit reads best with indices.
#![allow(clippy::needless_range_loop)]

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use arbor::budget::control::Control;
use arbor::budget::limits::{Limits, StopFlag};
use arbor::game::connect_four::bitboard::winning_cells;
use arbor::game::connect_four::book::{prior, Book};
use arbor::game::connect_four::eval::{self, FEATURES};
use arbor::game::connect_four::solver::ConnectFourSolver;
use arbor::game::connect_four::{Column, ConnectFour, Params};
use arbor::game::{Game, GameParams, Outcome};
use arbor::rng::SplitMix64;
use arbor::search::{search, Solver, Tables, Verdict};

use arbor_tools::flags::value;
use arbor_tools::kept::KeptByResult;
use arbor_tools::logistic::{logistic, sigmoid};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("set") => make_set(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("gen") => gen(&args[1..]),
        Some("fit") => fit(&args[1..]),
        _ => Err("usage: connect4-fallback set|check|gen|fit ... (see tools/src/bin/connect4_fallback.rs)".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// A position from column digits 1-7.
fn parse(digits: &str) -> Result<ConnectFour, String> {
    ConnectFour::new()
        .parse_position(&format!("digits {digits}"))
        .map_err(|e| format!("bad position {digits}: {e:?}"))
}

fn digits(moves: &[u32]) -> String {
    moves.iter().map(|c| char::from(b'1' + *c as u8)).collect()
}

/// A position after uniform random moves, `min..=max` plies, the game not over.
fn random_position(rng: &mut SplitMix64, min: u32, max: u32) -> (ConnectFour, Vec<u32>) {
    loop {
        let target = min + rng.below(max - min + 1);
        let mut position = ConnectFour::new();
        let mut moves = Vec::new();
        while (moves.len() as u32) < target && position.outcome().is_none() {
            let legal: Vec<u32> = (0..7).filter(|&c| position.can_play(c)).collect();
            let column = legal[rng.below(legal.len() as u32) as usize];
            position.play(Column(column as u8));
            moves.push(column);
        }
        if moves.len() as u32 == target && position.outcome().is_none() {
            return (position, moves);
        }
    }
}

/// The exact result (1, 0, -1) for the side to move of a position whose game is not over,
/// or `None` beyond `cap` nodes.
fn wdl(solver: &mut ConnectFourSolver, position: &ConnectFour, cap: Option<u64>) -> Option<i32> {
    let mut control = Control::new(StopFlag::new(), None, cap);
    solver.wdl(position, &mut control)
}

/// The result for the mover of playing `column` (1 if it wins at once).
fn child_result(solver: &mut ConnectFourSolver, position: &ConnectFour, column: u32) -> i32 {
    let mut child = *position;
    child.play(Column(column as u8));
    match child.outcome() {
        Some(Outcome::Win(_)) => 1,
        Some(Outcome::Draw) => 0,
        None => -wdl(solver, &child, None).unwrap_or(0),
    }
}

fn make_set(args: &[String]) -> Result<(), String> {
    let seed: u64 = value(args, "--seed").unwrap_or(1);
    let count: usize = value(args, "--count").unwrap_or(300);
    let min: u32 = value(args, "--min-ply").unwrap_or(11);
    let max: u32 = value(args, "--max-ply").unwrap_or(14);
    let budget: u64 = value(args, "--budget").unwrap_or(1_500_000);
    let movetime: u64 = value(args, "--movetime").unwrap_or(100);
    let out: String = value(args, "--out").ok_or("--out FILE")?;
    let mut out = BufWriter::new(File::create(&out).map_err(|e| format!("{out}: {e}"))?);
    let book = Book::shipped();
    let mut truth = ConnectFourSolver::default();
    let (mut drawn, mut finished, mut trivial, mut kept) = (0u32, 0u32, 0u32, 0usize);
    let mut rng = SplitMix64::new(seed);
    while kept < count {
        let (position, moves) = random_position(&mut rng, min, max);
        drawn += 1;
        // The engine's timed solve: book bounds, a fresh table, the budget in nodes.
        let bounds = prior::from_book(&book, &position);
        let mut solver = ConnectFourSolver::default();
        let mut control = Control::new(StopFlag::new(), None, Some(budget));
        let timed = solver.wdl_move_within(&position, (bounds.low, bounds.high), &mut control);
        if timed.is_some() {
            finished += 1;
            continue;
        }
        let results: Vec<Option<i32>> = (0..7)
            .map(|c| {
                position
                    .can_play(c)
                    .then(|| child_result(&mut truth, &position, c))
            })
            .collect();
        let result = results.iter().flatten().copied().max().unwrap_or(0);
        if results.iter().flatten().all(|&r| r == result) {
            trivial += 1;
            continue;
        }
        let keeps: String = results
            .iter()
            .map(|r| match r {
                None => '.',
                Some(r) if *r == result => '+',
                Some(_) => 'x',
            })
            .collect();
        // What the engine would leave out: the moves the stopped solve had refuted.
        let losing = excluded(&position, movetime);
        let losing: String = (0..7)
            .map(|c| if losing.contains(&c) { 'x' } else { '.' })
            .collect();
        writeln!(out, "{} {result} {keeps} {losing}", digits(&moves)).map_err(|e| e.to_string())?;
        kept += 1;
    }
    out.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{drawn} positions drawn: {finished} solved within {budget} nodes, {trivial} where every \
         move keeps the result, {kept} kept"
    );
    Ok(())
}

/// The root moves the engine's own solver hook proves not to keep the result within a
/// timed move of `movetime` ms (book, parents' bounds, a fresh table): what it hands the
/// heuristic search as `Verdict::Excluding`. Time-based, so it depends on the load; the
/// set records it once.
fn excluded(position: &ConnectFour, movetime: u64) -> Vec<u32> {
    let mut solver = ConnectFourSolver::default();
    let limits = Limits {
        movetime: Some(std::time::Duration::from_millis(movetime)),
        ..Limits::default()
    };
    let mut control = Control::new(StopFlag::new(), None, None);
    match solver.solve(position, &Params::default(), &limits, &mut control) {
        Verdict::Excluding(moves) => moves.iter().map(|m| u32::from(m.0)).collect(),
        _ => Vec::new(),
    }
}

/// One position of a set: the moves, the result, which columns keep it and which the
/// solver had excluded.
struct Case {
    digits: String,
    position: ConnectFour,
    result: i32,
    keeps: Vec<char>,
    excluded: Vec<char>,
}

fn read_set(path: &str) -> Result<Vec<Case>, String> {
    let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut cases = Vec::new();
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|e| e.to_string())?;
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [moves, result, keeps, excluded] = fields[..] else {
            return Err(format!("{path}: bad line {line}"));
        };
        cases.push(Case {
            digits: moves.to_string(),
            position: parse(moves)?,
            result: result
                .parse()
                .map_err(|_| format!("bad result in {line}"))?,
            keeps: keeps.chars().collect(),
            excluded: excluded.chars().collect(),
        });
    }
    Ok(cases)
}

fn check(args: &[String]) -> Result<(), String> {
    let path = args.first().ok_or("check FILE")?;
    let cases = read_set(path)?;
    let depth: Option<u32> = value(args, "--depth");
    let nodes: Option<u64> = value(args, "--nodes");
    if depth.is_none() == nodes.is_none() {
        return Err("one of --depth D and --nodes N".into());
    }
    let list = args.iter().any(|a| a == "--list");
    let mut params = Params::default();
    if let Some(style) = value::<String>(args, "--style") {
        params
            .set("Style", &style)
            .map_err(|e| format!("bad style {style}: {e:?}"))?;
    }
    let mut tables = Tables::try_new(16).map_err(|_| "cannot allocate the table")?;
    let mut solver = ConnectFourSolver::default();
    let (mut kept, mut total, mut searched, mut lost_excluded) = (0u32, 0u32, 0u64, 0u32);
    let mut by_result = KeptByResult::default();
    for case in &cases {
        tables.clear();
        let limits = Limits {
            depth,
            nodes,
            ..Limits::default()
        };
        let found = search(
            &case.position,
            &params,
            &limits,
            &mut tables,
            &mut solver,
            &StopFlag::new(),
            |_| {},
        )
        .ok_or("a finished game in the set")?;
        searched += found.nodes;
        let good = case.keeps[usize::from(found.best_move.0)] == '+';
        if list {
            println!(
                "{} {} {} {}",
                case.digits,
                found.best_move.0 + 1,
                if good { "kept" } else { "LOST" },
                found.depth
            );
        }
        total += 1;
        kept += u32::from(good);
        by_result.add(case.result, good);
        // A lost pick the engine's solver had refuted in its timed move: the engine
        // would have searched the other moves.
        lost_excluded += u32::from(!good && case.excluded[usize::from(found.best_move.0)] == 'x');
    }
    println!(
        "{path} {}: kept {kept} of {total} ({:.1}%); {}; \
         {searched} nodes; {lost_excluded} lost picks the timed solver had excluded",
        match (depth, nodes) {
            (Some(d), _) => format!("depth {d}"),
            (_, Some(n)) => format!("nodes {n}"),
            _ => String::new(),
        },
        100.0 * f64::from(kept) / f64::from(total.max(1)),
        by_result,
    );
    Ok(())
}

fn gen(args: &[String]) -> Result<(), String> {
    let seed: u64 = value(args, "--seed").unwrap_or(1);
    let count: usize = value(args, "--count").unwrap_or(10_000);
    let min: u32 = value(args, "--min-ply").unwrap_or(8);
    let max: u32 = value(args, "--max-ply").unwrap_or(30);
    let cap: u64 = value(args, "--cap").unwrap_or(2_000_000);
    let hard: Option<u64> = value(args, "--hard");
    let per_root: usize = value(args, "--per-root").unwrap_or(40);
    let extra_min: u32 = value(args, "--extra-min").unwrap_or(4);
    let extra_max: u32 = value(args, "--extra-max").unwrap_or(16);
    let out: String = value(args, "--out").ok_or("--out FILE")?;
    let mut out = BufWriter::new(File::create(&out).map_err(|e| format!("{out}: {e}"))?);
    let book = Book::shipped();
    let mut solver = ConnectFourSolver::default();
    let mut rng = SplitMix64::new(seed);
    let (mut written, mut skipped, mut roots) = (0usize, 0u32, 0u32);
    while written < count {
        let (position, moves) = random_position(&mut rng, min, max);
        let Some(budget) = hard else {
            let Some(result) = wdl(&mut solver, &position, Some(cap)) else {
                skipped += 1;
                continue;
            };
            writeln!(out, "{} {result}", digits(&moves)).map_err(|e| e.to_string())?;
            written += 1;
            continue;
        };
        // A root the engine's timed solve would give to the heuristic search (as `set`),
        // then continuations of it, one ply at a time: a win at once when there is one,
        // else a block of the opponent's playable threat, else a random move.
        let bounds = prior::from_book(&book, &position);
        let mut fresh = ConnectFourSolver::default();
        let mut control = Control::new(StopFlag::new(), None, Some(budget));
        if fresh
            .wdl_move_within(&position, (bounds.low, bounds.high), &mut control)
            .is_some()
        {
            continue;
        }
        roots += 1;
        for _ in 0..per_root {
            let extra = extra_min + rng.below(extra_max - extra_min + 1);
            let (mut child, mut line) = (position, moves.clone());
            for _ in 0..extra {
                if child.outcome().is_some() {
                    break;
                }
                let column = sane_move(&child, &mut rng);
                child.play(Column(column as u8));
                line.push(column);
            }
            if child.outcome().is_some() {
                continue;
            }
            let Some(result) = wdl(&mut solver, &child, Some(cap)) else {
                skipped += 1;
                continue;
            };
            writeln!(out, "{} {result}", digits(&line)).map_err(|e| e.to_string())?;
            written += 1;
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{written} positions written ({roots} hard roots), {skipped} left out (over {cap} nodes)"
    );
    Ok(())
}

/// A move that wins at once if one does, else blocks the opponent's playable threat if
/// there is one, else a uniformly random legal move.
fn sane_move(position: &ConnectFour, rng: &mut SplitMix64) -> u32 {
    let legal: Vec<u32> = (0..7).filter(|&c| position.can_play(c)).collect();
    let wins = |position: &ConnectFour, column: u32| {
        let mut child = *position;
        child.play(Column(column as u8));
        matches!(child.outcome(), Some(Outcome::Win(_)))
    };
    if let Some(&column) = legal.iter().find(|&&c| wins(position, c)) {
        return column;
    }
    // The opponent's immediate wins, blocked by dropping a disc there.
    let shape = position.shape();
    let mask = position.mask();
    let theirs = winning_cells(shape, position.current() ^ mask, mask) & shape.playable(mask);
    let blocks: Vec<u32> = legal
        .iter()
        .copied()
        .filter(|&c| theirs & shape.column_mask(c) != 0)
        .collect();
    if let Some(&column) = blocks.first() {
        return column;
    }
    legal[rng.below(legal.len() as u32) as usize]
}

/// The pairs of features (mine, theirs) that `--symmetric` ties to opposite weights; the
/// features outside every pair (the first player to move, the constant) get no weight.
const PAIRS: [(usize, usize); 10] = [
    (0, 3),
    (1, 4),
    (2, 5),
    (6, 8),
    (7, 9),
    (10, 11),
    (14, 15),
    (16, 17),
    (18, 19),
    (20, 21),
];

/// The differences mine - theirs of each pair, in the first slots.
fn fold(x: &[f64; FEATURES]) -> [f64; FEATURES] {
    let mut folded = [0.0; FEATURES];
    for (k, &(mine, theirs)) in PAIRS.iter().enumerate() {
        folded[k] = x[mine] - x[theirs];
    }
    folded
}

/// The weights of the folded features spread back: `w` for mine, `-w` for theirs.
fn unfold(w: &[f64]) -> Vec<f64> {
    let mut weights = vec![0.0; FEATURES];
    for (k, &(mine, theirs)) in PAIRS.iter().enumerate() {
        weights[mine] = w[k];
        weights[theirs] = -w[k];
    }
    weights
}

/// Held-out log loss and the share of decided positions (won or lost) whose sign the
/// value `z` (in logits) gets right.
fn held_out(pairs: &[(f64, f64)]) -> (f64, f64) {
    let mut loss = 0.0;
    let (mut right, mut decided) = (0u32, 0u32);
    for &(z, y) in pairs {
        let p = sigmoid(z);
        loss -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
        if y != 0.5 {
            decided += 1;
            right += u32::from((z > 0.0) == (y > 0.5));
        }
    }
    (
        loss / pairs.len().max(1) as f64,
        f64::from(right) / f64::from(decided.max(1)),
    )
}

fn fit(args: &[String]) -> Result<(), String> {
    let lambda: f64 = value(args, "--lambda").unwrap_or(1.0);
    let holdout: usize = value(args, "--holdout").unwrap_or(10);
    let symmetric = args.iter().any(|a| a == "--symmetric");
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            !a.starts_with("--")
                && (*i == 0 || !args[i - 1].starts_with("--") || args[i - 1] == "--symmetric")
        })
        .map(|(_, a)| a)
        .collect();
    let (mut xs, mut ys, mut test) = (Vec::new(), Vec::new(), Vec::new());
    let mut settled = 0u32;
    for path in files {
        let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| e.to_string())?;
            let mut fields = line.split_whitespace();
            let (Some(moves), Some(result)) = (fields.next(), fields.next()) else {
                continue;
            };
            let position = parse(moves)?;
            let result: f64 = result.parse().map_err(|_| format!("bad line {line}"))?;
            let Some(features) = eval::features(&position) else {
                settled += 1;
                continue;
            };
            let x: [f64; FEATURES] = features.map(f64::from);
            let y = (result + 1.0) / 2.0;
            if n % 100 >= 100 - holdout {
                test.push((x, y));
            } else {
                xs.push(if symmetric { fold(&x) } else { x });
                ys.push(y);
            }
        }
    }
    eprintln!(
        "{} training, {} held-out positions ({settled} settled by the evaluation's checks)",
        xs.len(),
        test.len()
    );
    let mut w = logistic(&xs, &ys, &[lambda; FEATURES], &[0.0; FEATURES], 8);
    if symmetric {
        w = unfold(&w);
    }
    let fitted: Vec<(f64, f64)> = test
        .iter()
        .map(|(x, y)| (x.iter().zip(&w).map(|(a, b)| a * b).sum(), *y))
        .collect();
    let (loss, sign) = held_out(&fitted);
    eprintln!(
        "held out: fit log loss {loss:.4}, sign right {:.2}%",
        100.0 * sign
    );
    // The hand-set weights at their best scale (chosen on the held-out set itself, which
    // favours them).
    let values: Vec<(f64, f64)> = test
        .iter()
        .map(|(x, y)| {
            let z: f64 = x
                .iter()
                .zip(&eval::CLASSIC)
                .map(|(a, &b)| a * f64::from(b))
                .sum();
            (z, *y)
        })
        .collect();
    let (scale, (loss, sign)) = (1..=200)
        .map(|k| {
            let scale = f64::from(k) / 2000.0;
            let scaled: Vec<(f64, f64)> = values.iter().map(|(z, y)| (z * scale, *y)).collect();
            (scale, held_out(&scaled))
        })
        .min_by(|a, b| a.1 .0.total_cmp(&b.1 .0))
        .unwrap_or((0.0, (0.0, 0.0)));
    eprintln!(
        "held out: classic weights log loss {loss:.4} (scale {scale}), sign right {:.2}%",
        100.0 * sign
    );
    println!("pub const WEIGHTS: [i32; FEATURES] = [");
    for (i, weight) in w.iter().enumerate() {
        println!(
            "    {}, // {}",
            (weight * eval::CENTI_PER_LOGIT).round() as i32,
            eval::FEATURE_NAMES[i]
        );
    }
    println!("];");
    Ok(())
}
