//! Generates Connect Four's opening book (data/connect_four/, see its README) with
//! arbor's own solver: the values of every position of one ply, solved one by one in a
//! long-running process with one large table (siblings share much of their trees).
//!
//! ```text
//! connect4-book layer --ply N --dir DIR [--shard I --of S] [--exact] [--no-prior] [--by-reach] [--easy NODES] [--slots-log2 K]
//! connect4-book sample --ply N --count C [--seed S] [--exact] [--dir DIR [--check]] [--by-reach] [--easy NODES] [--slots-log2 K]
//! connect4-book build --dir DIR --out FILE [--no-lost-from PLY] [--no-easy-from PLY]
//! connect4-book verify --book FILE [--count C] [--seed S]
//! ```
//! `layer` solves the canonical positions (a position and its mirror image once) of ply N
//! that are not over, in a fixed order split into blocks of 32 positions, block `b` going
//! to shard `b % S`. Each result is appended at once to `DIR/ply{N}-{I}of{S}.txt` as
//! `KEY KIND VALUE COLUMN` (KIND `E`: exact solver score, `W`: 1 win, 0 draw, -1 loss for
//! the side to move; KEY = `current + mask` of the canonical orientation; COLUMN, 0-based in
//! that orientation, a move that keeps the result; optional: early files have none). A restarted shard
//! skips every key already in any `ply{N}-*.txt` of DIR, so generation resumes where it
//! stopped, with any shard split. `--by-reach` orders the layer by reach instead (the
//! chance that a random game passes through the position, `book::layer_reach`), largest
//! first: a layer that cannot be finished in the time at hand then covers as many random
//! positions as it can (the order of ply 10's first 20% holds half of its reach); the
//! start line gives the reach of what is already solved. `--easy NODES` (win/draw/loss)
//! first gives each position to a solver as the engine has it in a game (a small fresh
//! table, no book, the same priors, which the engine takes from the book's parents) with
//! NODES nodes; what that solves is written with KIND `w` (the engine solves it within a
//! move, so the book need not hold it), the rest is solved as usual. A win/draw/loss layer first reads what the files of
//! ply N-1 in DIR prove about it (book::prior: a lost parent makes every child won, a
//! drawn one every child at least drawn, a parent's keeping move names a lost or drawn
//! child) and searches only what that leaves open; `--no-prior` solves every position from
//! scratch. `sample` times C consecutive positions from a seeded
//! offset of the layer (to size a layer before generating it), with the priors of DIR;
//! `--check` solves each position again without them, with a table of its own, and checks
//! the value and the kept move (the priors' gain and their soundness). `build` reads every
//! `ply*-*.txt` of DIR, derives the values of the plies above the deepest one by negamax
//! over the children, and writes the book (format in src/game/connect_four/book.rs);
//! `--no-lost-from PLY` leaves out the lost positions solved at ply PLY or deeper: the
//! engine needs no entry to play them (a lost root plays the most central move that does
//! not lose at once, and no move does better); what goes is the bound a lost entry gives
//! its children one ply deeper (won). A deep layer is about 30% lost. `--no-easy-from PLY`
//! leaves out the `w` results of ply PLY or deeper the same way (most of a deep layer).
//! `verify` checks a sample of a book's stored moves: each move's child, solved afresh
//! without the book, must give the entry's result.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use arbor::budget::control::Control;
use arbor::game::connect_four::book::build::{derive, encode, Known, Moves};
use arbor::game::connect_four::book::prior::{priors, Prior};
use arbor::game::connect_four::book::{layer_positions, layer_reach, Book, Value};
use arbor::game::connect_four::solver::ConnectFourSolver;
use arbor::game::connect_four::{Column, ConnectFour};
use arbor::game::solver::Solver;
use arbor::game::Game;
use arbor::rng::SplitMix64;
use arbor::search::StopFlag;

/// The most positions per block of the shard split: consecutive positions are often
/// siblings, which share much of their trees. Small layers use smaller blocks, at least
/// four per shard, so that the shards get even shares.
const BLOCK: usize = 32;

/// The table of `--easy`'s check: 8 MiB, smaller than the engine's at its default `Hash`
/// (the check is meant to be harder than the engine's own solve, never easier), and
/// cleared for each position (the engine's is warm from its game, but not with this).
const EASY_SLOTS: usize = 1 << 20;

struct Options {
    command: String,
    plies: Vec<u32>,
    dir: PathBuf,
    shard: usize,
    of: usize,
    exact: bool,
    no_prior: bool,
    by_reach: bool,
    easy: Option<u64>,
    check: bool,
    slots_log2: u32,
    count: usize,
    seed: u64,
    out: PathBuf,
    book: PathBuf,
    no_lost_from: Option<u32>,
    no_easy_from: Option<u32>,
}

fn parse_options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let command = args.next().ok_or(USAGE)?;
    let mut options = Options {
        command,
        plies: vec![8],
        dir: PathBuf::from("."),
        shard: 0,
        of: 1,
        exact: false,
        no_prior: false,
        by_reach: false,
        easy: None,
        check: false,
        slots_log2: 26,
        count: 200,
        seed: 1,
        out: PathBuf::from("book.bin"),
        book: PathBuf::from("data/connect_four/book.bin"),
        no_lost_from: None,
        no_easy_from: None,
    };
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--ply" => {
                options.plies = value()?.split(',').map(number).collect::<Result<_, _>>()?;
            }
            "--dir" => options.dir = PathBuf::from(value()?),
            "--shard" => options.shard = number(&value()?)?,
            "--of" => options.of = number(&value()?)?,
            "--exact" => options.exact = true,
            "--no-prior" => options.no_prior = true,
            "--by-reach" => options.by_reach = true,
            "--easy" => options.easy = Some(number(&value()?)?),
            "--check" => options.check = true,
            "--slots-log2" => options.slots_log2 = number(&value()?)?,
            "--count" => options.count = number(&value()?)?,
            "--seed" => options.seed = number(&value()?)?,
            "--out" => options.out = PathBuf::from(value()?),
            "--book" => options.book = PathBuf::from(value()?),
            "--no-lost-from" => options.no_lost_from = Some(number(&value()?)?),
            "--no-easy-from" => options.no_easy_from = Some(number(&value()?)?),
            _ => return Err(format!("unexpected argument {arg}\n{USAGE}")),
        }
    }
    if options.of == 0 || options.shard >= options.of || !(10..=34).contains(&options.slots_log2) {
        return Err(format!("bad --shard/--of/--slots-log2\n{USAGE}"));
    }
    Ok(options)
}

const USAGE: &str = "usage: connect4-book layer --ply N --dir DIR [--shard I --of S] [--exact] \
                     [--no-prior] [--by-reach] [--easy NODES] [--slots-log2 K] | sample --ply N --count C \
                     [--seed S] [--exact] [--dir DIR [--check]] [--by-reach] [--easy NODES] | build \
                     --dir DIR --out FILE [--no-lost-from PLY] [--no-easy-from PLY] \
                     | verify --book FILE [--count C] [--seed S]";

fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("not a number: {text}"))
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let result = match options.command.as_str() {
        "layer" => layer(&options),
        "sample" => sample(&options),
        "build" => build(&options),
        "verify" => verify(&options),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Solves one position: (kind, value, the column of a move that keeps the result, in the
/// canonical orientation; with `--exact` an optimal move). A win/draw/loss solve searches
/// only what `prior` (the parents' results) leaves open.
fn solve(
    solver: &mut ConnectFourSolver,
    position: &ConnectFour,
    exact: bool,
    prior: Prior,
) -> (char, i32, u8) {
    let mut control = Control::new(StopFlag::new(), None, None);
    if exact {
        let line = solver.line(position, &mut control);
        line.map_or(('E', 0, 0), |line| {
            ('E', line.score, line.moves.first().map_or(0, |c| c.0))
        })
    } else {
        let (wdl, keeping) = solver
            .wdl_move_within(position, (prior.low, prior.high), &mut control)
            .unwrap_or((0, Column(0)));
        ('W', wdl, keeping.0)
    }
}

/// `--easy`'s solver (none without it, or for exact layers), with its node limit.
fn quick_solver(options: &Options) -> Option<(ConnectFourSolver, u64)> {
    let limit = options.easy.filter(|_| !options.exact)?;
    let mut solver = ConnectFourSolver::with_table_slots(EASY_SLOTS).without_book();
    solver.reserve();
    Some((solver, limit))
}

/// `--easy`'s check of one position: its result and a move keeping it if the quick solver
/// finds them within its node limit from an empty table, and the nodes it searched.
fn easy_solve(
    (solver, limit): &mut (ConnectFourSolver, u64),
    position: &ConnectFour,
    prior: Prior,
) -> (Option<(i32, Column)>, u64) {
    solver.clear();
    let mut control = Control::new(StopFlag::new(), None, Some(*limit));
    let result = solver.wdl_move_within(position, (prior.low, prior.high), &mut control);
    (result, control.nodes())
}

/// What the solved layer above `ply` in `dir` proves about the positions of `ply` (see
/// [`arbor::game::connect_four::book::prior`]); empty for ply 0, with `--no-prior`, or
/// when that layer has no files. Positions whose parents disagree are left out, with a
/// warning: their data is wrong somewhere, and they are solved from scratch.
fn layer_priors(options: &Options, ply: u32) -> Result<HashMap<u64, Prior>, String> {
    if ply == 0 || options.no_prior {
        return Ok(HashMap::new());
    }
    let solved: HashMap<u64, (i32, Option<Column>)> =
        read_results(&options.dir, &format!("ply{}-", ply - 1))?
            .into_iter()
            .map(|solved| (solved.key, (solved.value.wdl(), solved.keeping)))
            .collect();
    if solved.is_empty() {
        return Ok(HashMap::new());
    }
    let parents = layer_positions(ply - 1);
    let mut priors = priors(parents.iter().filter_map(|parent| {
        let &(wdl, keeping) = solved.get(&parent.key())?;
        Some((parent, wdl, keeping))
    }));
    let contradictions = priors.values().filter(|p| p.low > p.high).count();
    if contradictions > 0 {
        eprintln!("WARNING: {contradictions} positions of ply {ply} have contradicting parents");
        priors.retain(|_, p| p.low <= p.high);
    }
    let count = |f: &dyn Fn(&Prior) -> bool| priors.values().filter(|p| f(p)).count();
    eprintln!(
        "ply {ply}: from {} solved parents: {} lost, {} won, {} drawn, {} at least drawn",
        solved.len(),
        count(&|p| p.exact() == Some(-1)),
        count(&|p| p.exact() == Some(1)),
        count(&|p| p.exact() == Some(0)),
        count(&|p| p.low == 0 && p.high == 1),
    );
    Ok(priors)
}

/// One solved position as the generator wrote it.
struct Solved {
    key: u64,
    ply: u32,
    value: Value,
    /// A move keeping the result (optional: early files have none).
    keeping: Option<Column>,
    /// Solved by `--easy`'s check: the engine would solve it within a move.
    easy: bool,
}

/// Keys already solved for this ply by any shard.
fn done_keys(dir: &Path, ply: u32) -> Result<HashSet<u64>, String> {
    Ok(read_results(dir, &format!("ply{ply}-"))?
        .into_iter()
        .map(|solved| solved.key)
        .collect())
}

/// The results in the files of `dir` whose names start with `prefix` and end with `.txt`.
fn read_results(dir: &Path, prefix: &str) -> Result<Vec<Solved>, String> {
    let mut results = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with(prefix) || !name.ends_with(".txt") {
            continue;
        }
        let ply: u32 = name
            .trim_start_matches("ply")
            .split('-')
            .next()
            .and_then(|ply| ply.parse().ok())
            .ok_or(format!("{name}: no ply in the name"))?;
        let text = std::fs::read_to_string(entry.path()).map_err(|e| format!("{name}: {e}"))?;
        // Only whole lines: one cut short by a kill (no newline yet) is solved again.
        let whole = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        for line in whole.lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // `KEY KIND VALUE [COLUMN]`.
            if let [key, kind, value, ref column @ ..] = fields[..] {
                let (Ok(key), Ok(value)) = (key.parse(), value.parse::<i32>()) else {
                    continue;
                };
                let value = match (kind, value.signum()) {
                    ("E", _) | ("W" | "w", 0) => Value::Exact(value),
                    ("W" | "w", 1) => Value::Win,
                    ("W" | "w", _) => Value::Loss,
                    _ => return Err(format!("{name}: bad line {line}")),
                };
                let keeping = column
                    .first()
                    .and_then(|column| column.parse::<u8>().ok())
                    .filter(|&column| column < 7)
                    .map(Column);
                results.push(Solved {
                    key,
                    ply,
                    value,
                    keeping,
                    easy: kind == "w",
                });
            }
        }
    }
    Ok(results)
}

fn build(options: &Options) -> Result<(), String> {
    let results = read_results(&options.dir, "ply")?;
    let deepest = results.iter().map(|solved| solved.ply).max().unwrap_or(0);
    let (mut known, mut moves) = (Known::new(), Moves::new());
    for solved in &results {
        // An exact score wins over a win/loss of the same position; any file's move keeps
        // the result (optional: early files have none).
        if !matches!(known.get(&solved.key), Some(Value::Exact(_))) {
            known.insert(solved.key, solved.value);
        }
        if let Some(column) = solved.keeping {
            moves.entry(solved.key).or_insert(column);
        }
    }
    let solved = known.len();
    let derived = derive(&mut known, deepest);
    // After the derivation, which may use them: lost and easy positions of the deep
    // layers out.
    let (mut left_out, mut easy_out) = (0, 0);
    let from = |option: Option<u32>| option.unwrap_or(u32::MAX);
    for solved in &results {
        let lost = known.get(&solved.key).is_some_and(|value| value.wdl() < 0);
        if lost && solved.ply >= from(options.no_lost_from) {
            left_out += usize::from(known.remove(&solved.key).is_some());
        } else if solved.easy && solved.ply >= from(options.no_easy_from) {
            easy_out += usize::from(known.remove(&solved.key).is_some());
        }
    }
    let bytes = encode(&known, &moves, deepest);
    std::fs::write(&options.out, &bytes).map_err(|e| format!("{}: {e}", options.out.display()))?;
    println!(
        "{} solved positions (deepest ply {deepest}), {derived} derived or sharpened: \
         {left_out} lost and {easy_out} easy ones left out, {} entries, {} bytes -> {}",
        solved,
        known.len(),
        bytes.len(),
        options.out.display()
    );
    let book = Book::parse(&bytes).ok_or("the written book does not parse")?;
    for ply in 0..=deepest {
        let layer = layer_positions(ply);
        let (mut exact, mut class, mut keeping) = (0, 0, 0);
        for position in &layer {
            match book.probe(position) {
                Some(Value::Exact(_)) => exact += 1,
                Some(_) => class += 1,
                None => {}
            }
            keeping += usize::from(book.keeping_move(position).is_some());
        }
        println!(
            "ply {ply}: {} positions, {exact} exact, {class} win/loss only, {keeping} with a \
             stored move",
            layer.len()
        );
    }
    Ok(())
}

/// Checks `--count` stored moves of the book in `--book`, spread over its positions by
/// `--seed`: the child after each move, solved without a book, keeps the entry's result.
fn verify(options: &Options) -> Result<(), String> {
    let bytes =
        std::fs::read(&options.book).map_err(|e| format!("{}: {e}", options.book.display()))?;
    let book = Book::parse(&bytes).ok_or("not a book")?;
    let with_moves: Vec<(ConnectFour, Column, i32)> = (0..=book.deepest())
        .flat_map(layer_positions)
        .filter_map(|position| {
            let keeping = book.keeping_move(&position)?;
            let wdl = book.probe(&position)?.bounds(position.moves()).0.signum();
            Some((position, keeping, wdl))
        })
        .collect();
    let count = options.count.min(with_moves.len());
    println!("{} stored moves; checking {count}", with_moves.len());
    let mut solver = ConnectFourSolver::with_table_slots(1 << options.slots_log2).without_book();
    let mut rng = SplitMix64::new(options.seed);
    let mut wrong = 0;
    for _ in 0..count {
        let pick = rng.below(u32::try_from(with_moves.len()).unwrap_or(u32::MAX));
        let (position, keeping, wdl) = with_moves[pick as usize];
        let mut child = position;
        child.play(keeping);
        let kept = match child.outcome() {
            Some(_) => 1,
            None => {
                let mut control = Control::new(StopFlag::new(), None, None);
                -solver.wdl(&child, &mut control).ok_or("stopped")?
            }
        };
        if kept != wdl {
            wrong += 1;
            println!(
                "WRONG: {} ply {}: move {} gives {kept}, book {wdl}",
                position.key(),
                position.moves(),
                keeping.0
            );
        }
    }
    println!("{wrong} wrong of {count}");
    if wrong == 0 {
        Ok(())
    } else {
        Err(format!("{wrong} stored moves do not keep their result"))
    }
}

/// Whether playing `column` in `position` keeps the result `wdl` (a loss keeps itself),
/// by a solve of the child.
fn keeps(solver: &mut ConnectFourSolver, position: &ConnectFour, wdl: i32, column: u8) -> bool {
    if wdl < 0 {
        return true;
    }
    let column = Column(column);
    if !position.can_play(u32::from(column.0)) {
        return false;
    }
    let mut child = *position;
    child.play(column);
    match child.outcome() {
        Some(_) => wdl == 1,
        None => {
            let mut control = Control::new(StopFlag::new(), None, None);
            solver.wdl(&child, &mut control).map(|v| -v) == Some(wdl)
        }
    }
}

/// Solves the shard's part of each layer of `--ply` in turn, with one table.
fn layer(options: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&options.dir).map_err(|e| e.to_string())?;
    let mut solver = ConnectFourSolver::with_table_slots(1 << options.slots_log2);
    solver.reserve();
    for &ply in &options.plies {
        solve_layer(options, ply, &mut solver)?;
    }
    Ok(())
}

/// The layer's positions in the order `layer` and `sample` take them, with their reaches.
fn ordered_layer(options: &Options, ply: u32) -> Vec<(ConnectFour, f64)> {
    let mut layer = layer_reach(ply);
    if options.by_reach {
        // Stable: equal reaches keep the tree order, where siblings come together.
        layer.sort_by(|a, b| b.1.total_cmp(&a.1));
    }
    layer
}

fn solve_layer(options: &Options, ply: u32, solver: &mut ConnectFourSolver) -> Result<(), String> {
    let layer = ordered_layer(options, ply);
    let done = done_keys(&options.dir, ply)?;
    let reach_done: f64 = layer
        .iter()
        .filter(|(p, _)| done.contains(&p.key()))
        .map(|(_, reach)| reach)
        .sum();
    let reach_all: f64 = layer.iter().map(|(_, reach)| reach).sum();
    let positions: Vec<ConnectFour> = layer.into_iter().map(|(p, _)| p).collect();
    let priors = layer_priors(options, ply)?;
    let block = (positions.len() / (4 * options.of)).clamp(1, BLOCK);
    let mine: Vec<&ConnectFour> = positions
        .iter()
        .enumerate()
        .filter(|(i, p)| (i / block) % options.of == options.shard && !done.contains(&p.key()))
        .map(|(_, p)| p)
        .collect();
    let path = options
        .dir
        .join(format!("ply{ply}-{}of{}.txt", options.shard, options.of));
    eprintln!(
        "ply {}: {} canonical positions, {} already solved (reach {:.4} of {:.4}), shard {}/{}: \
         {} to solve -> {}",
        ply,
        positions.len(),
        done.len(),
        reach_done,
        reach_all,
        options.shard,
        options.of,
        mine.len(),
        path.display()
    );
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut quick = quick_solver(options);
    let mut easy = 0;
    let (start, cpu_start) = (Instant::now(), cpu_seconds());
    for (i, position) in mine.iter().enumerate() {
        let prior = priors
            .get(&position.key())
            .copied()
            .unwrap_or(Prior::UNKNOWN);
        let quick_result = quick
            .as_mut()
            .and_then(|quick| easy_solve(quick, position, prior).0);
        easy += usize::from(quick_result.is_some());
        let (kind, value, column) = match quick_result {
            Some((wdl, keeping)) => ('w', wdl, keeping.0),
            None => solve(solver, position, options.exact, prior),
        };
        // One write per line, so a kill never leaves half a line behind a newline.
        let line = format!("{} {kind} {value} {column}\n", position.key());
        out.write_all(line.as_bytes()).map_err(|e| e.to_string())?;
        if (i + 1) % 500 == 0 || i + 1 == mine.len() || positions.len() < 5000 {
            let elapsed = start.elapsed().as_secs_f64();
            eprintln!(
                "{} / {} in {elapsed:.0} s, {:.0} CPU s ({:.1} ms each), {easy} easy, eta {:.0} s",
                i + 1,
                mine.len(),
                cpu_seconds() - cpu_start,
                elapsed * 1e3 / (i + 1) as f64,
                elapsed / (i + 1) as f64 * (mine.len() - i - 1) as f64
            );
        }
    }
    Ok(())
}

/// This process's CPU time so far in seconds (user + system, from /proc; 0 elsewhere):
/// on a shared machine the wall time of a niced job says little.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (which is in parentheses and may hold spaces).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are the 14th and 15th fields of the line, 12th and 13th here.
    (ticks(11) + ticks(12)) / 100.0
}

fn sample(options: &Options) -> Result<(), String> {
    let ply = options.plies[0];
    let positions: Vec<ConnectFour> = ordered_layer(options, ply)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    let count = options.count.min(positions.len());
    if count == 0 {
        println!("ply {ply}: {} canonical positions", positions.len());
        return Ok(());
    }
    // A seeded offset (splitmix64) into the fixed order, then consecutive positions, as a
    // shard would solve them.
    let first = SplitMix64::from_state(options.seed).next_u64();
    let offset = first as usize % (positions.len() - count + 1);
    let priors = layer_priors(options, ply)?;
    let mut solver = ConnectFourSolver::with_table_slots(1 << options.slots_log2);
    solver.reserve();
    // With `--check`, a second solver with its own table solves every position without
    // the priors, for the time it would have taken and to check the answer.
    let mut plain = options.check.then(|| {
        let mut plain = ConnectFourSolver::with_table_slots(1 << options.slots_log2);
        plain.reserve();
        plain
    });
    let mut quick = quick_solver(options);
    let (mut easy_count, mut easy_time, mut easy_nodes) = (0usize, 0.0f64, 0u64);
    let (mut times, mut plain_times) = (Vec::new(), Vec::new());
    let mut results = [0usize; 3];
    let mut mismatches = 0;
    let (start, cpu_start) = (Instant::now(), cpu_seconds());
    for position in &positions[offset..offset + count] {
        let prior = priors
            .get(&position.key())
            .copied()
            .unwrap_or(Prior::UNKNOWN);
        let mut quick_result = None;
        if let Some(quick) = quick.as_mut() {
            let begin = Instant::now();
            let (done, nodes) = easy_solve(quick, position, prior);
            easy_time += begin.elapsed().as_secs_f64();
            easy_nodes += nodes;
            easy_count += usize::from(done.is_some());
            quick_result = done;
        }
        let begin = Instant::now();
        let (_, value, column) = solve(&mut solver, position, options.exact, prior);
        times.push(begin.elapsed().as_secs_f64());
        results[(value.signum() + 1) as usize] += 1;
        // `--easy`'s answer must be the full solve's result, with a move that keeps it.
        if let Some((wdl, keeping)) = quick_result.filter(|_| options.check) {
            if wdl != value.signum() || !keeps(&mut solver, position, wdl, keeping.0) {
                mismatches += 1;
                println!(
                    "MISMATCH {}: easy check gives {wdl} with move {}, solve {value}",
                    position.key(),
                    keeping.0
                );
            }
        }
        if let Some(plain) = plain.as_mut() {
            let begin = Instant::now();
            let (_, plain_value, _) = solve(plain, position, options.exact, Prior::UNKNOWN);
            plain_times.push(begin.elapsed().as_secs_f64());
            let kept = keeps(plain, position, value, column);
            if plain_value.signum() != value.signum() || !kept {
                mismatches += 1;
                println!(
                    "MISMATCH {}: prior {prior:?} gives {value} (move {column} keeps it:                      {kept}), plain {plain_value}",
                    position.key()
                );
            }
        }
    }
    let total = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu_start;
    let summary = |times: &mut Vec<f64>| {
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize] * 1e3;
        let sum: f64 = times.iter().sum();
        format!(
            "sum {sum:.1} s, mean {:.1} ms, median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
            sum * 1e3 / times.len() as f64,
            at(0.5),
            at(0.9),
            at(1.0)
        )
    };
    let solved: f64 = times.iter().sum();
    println!(
        "ply {} ({} canonical), {count} positions from #{offset}, {}, {} with priors: {}; \
         loss/draw/win {:?}; whole layer at this mean: {:.0} s",
        ply,
        positions.len(),
        if options.exact {
            "exact"
        } else {
            "win/draw/loss"
        },
        positions[offset..offset + count]
            .iter()
            .filter(|p| priors.contains_key(&p.key()))
            .count(),
        summary(&mut times),
        results,
        solved / count as f64 * positions.len() as f64
    );
    if options.check {
        println!(
            "without priors: {}; {mismatches} mismatches; process CPU {cpu:.1} s in {total:.1} s",
            summary(&mut plain_times)
        );
    } else {
        println!(
            "CPU time {cpu:.1} s, whole layer at that: {:.0} CPU s",
            cpu / count as f64 * positions.len() as f64
        );
    }
    if let Some(limit) = options.easy {
        println!(
            "easy (a fresh 2^20-slot table, no book, {limit} nodes): {easy_count} of {count} \
             solved, {easy_nodes} nodes in {easy_time:.2} s ({:.1} M nodes/s)",
            easy_nodes as f64 / easy_time / 1e6
        );
    }
    if mismatches > 0 {
        return Err(format!("{mismatches} answers differ"));
    }
    Ok(())
}
