//! The command line: which mode `arbor` runs in. Diagnostics go to stderr; stdout carries
//! only protocol or tool output.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use crate::bench;
use crate::frontend::pipe::SessionPipe;
use crate::frontend::{gomocup, nboard, uci};
use crate::game::Game;
use crate::protocol::reader::BOM;
use crate::protocol::session::Session;
use crate::registry::{with_game, AnyGame};

const USAGE: &str =
    "usage: arbor                      the text protocol on stdin/stdout (see protocol.md)
       arbor bench                built-in search benchmark: total nodes and nodes/s
       arbor gomocup [--option NAME=VALUE]...
                                  the Gomocup (piskvork) brain protocol on stdin/stdout
       arbor nboard | uci [--option NAME=VALUE]...
                                  the NBoard or UCI protocol on stdin/stdout
                                  (--option: set an option before the protocol starts)
       arbor perft GAME DEPTH [VARIANT...] [-- POSITION TEXT]
                                  leaf count of GAME from its start (or the position)
       arbor --version | --help";

/// Runs `arbor` with `args` (without the program name).
pub fn run(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        None => serve(),
        Some(mode @ ("uci" | "nboard" | "gomocup")) => front_end(mode, &args[1..]),
        Some("bench") => report(run_bench()),
        Some("perft") => report(run_perft(&args[1..])),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("-V" | "--version") => {
            println!("arbor {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("arbor: unknown argument {other}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Serves a front end's protocol (`uci`, `nboard` or `gomocup`) on stdin/stdout, with
/// the options of `args` (`--option NAME=VALUE`, repeated) set first. A malformed or
/// refused option ends at once with a message on stderr and exit status 2: a match
/// manager then sees a failed start, not an engine that ignores its settings.
fn front_end(mode: &str, args: &[String]) -> ExitCode {
    let pipe = match option_settings(args).and_then(|o| SessionPipe::start_with(&o)) {
        Ok(pipe) => pipe,
        Err(error) => {
            eprintln!("arbor: {error}");
            return ExitCode::from(2);
        }
    };
    let input = BufReader::new(io::stdin());
    finish(match mode {
        "uci" => uci::run(pipe, input, io::stdout()),
        "nboard" => nboard::run(pipe, input, io::stdout()),
        _ => gomocup::run(pipe, input, io::stdout()),
    })
}

/// The (name, value) pairs of `--option NAME=VALUE` arguments.
fn option_settings(args: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut settings = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if arg != "--option" {
            return Err(format!("unknown argument {arg}\n{USAGE}"));
        }
        let setting = rest
            .next()
            .ok_or_else(|| format!("--option needs NAME=VALUE\n{USAGE}"))?;
        match setting.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() && !value.trim().is_empty() => {
                settings.push((name.trim().to_string(), value.trim().to_string()))
            }
            _ => return Err(format!("bad option {setting}: expected NAME=VALUE")),
        }
    }
    Ok(settings)
}

/// Serves the protocol the first line asks for: UCI after `uci`, NBoard after `nboard N`,
/// else arbor's own (with that first line as its first command). The first line is read
/// as bytes: a byte order mark before it is dropped, and bytes that are not UTF-8 are the
/// protocol reader's to answer, as on any later line.
fn serve() -> ExitCode {
    let mut stdin = BufReader::new(io::stdin());
    let mut first = Vec::new();
    if let Err(error) = stdin.read_until(b'\n', &mut first) {
        eprintln!("arbor: cannot read input: {error}");
        return ExitCode::FAILURE;
    }
    if first.starts_with(BOM) {
        first.drain(..BOM.len());
    }
    let text = String::from_utf8_lossy(&first).trim().to_string();
    let input = io::Cursor::new(first).chain(stdin);
    if text == "uci" {
        return finish(start_pipe().and_then(|pipe| uci::run(pipe, input, io::stdout())));
    }
    if text.starts_with("nboard ") {
        return finish(start_pipe().and_then(|pipe| nboard::run(pipe, input, io::stdout())));
    }
    let session = match Session::new(io::stdout()) {
        Ok(session) => session,
        Err(error) => {
            eprintln!("arbor: {error}");
            return ExitCode::FAILURE;
        }
    };
    finish(session.run(input))
}

fn start_pipe() -> io::Result<SessionPipe> {
    SessionPipe::start().map_err(io::Error::other)
}

fn finish(result: io::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout (the peer went away) ends the session; nothing left to tell.
        Err(error) => {
            log::info!("output closed: {error}");
            ExitCode::SUCCESS
        }
    }
}

fn report(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            let mut out = io::stdout();
            let _ = writeln!(out, "{text}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("arbor: {error}");
            ExitCode::from(2)
        }
    }
}

fn run_bench() -> Result<String, String> {
    let report = bench::run_all()?;
    Ok(format!(
        "positions {}\nnodes {}\ntime {} ms\nnps {}",
        report.positions,
        report.nodes,
        report.elapsed.as_millis(),
        report.nps()
    ))
}

fn run_perft(args: &[String]) -> Result<String, String> {
    let [game, depth, rest @ ..] = args else {
        return Err(format!("perft needs a game and a depth\n{USAGE}"));
    };
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|d| *d <= 64)
        .ok_or_else(|| format!("bad depth {depth}"))?;
    let (variant_args, position_args) = match rest.iter().position(|a| a == "--") {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &rest[rest.len()..]),
    };
    let variant = variant_args
        .iter()
        .map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| format!("bad variant option {kv}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let start = AnyGame::new(game, &variant).map_err(|e| e.to_string())?;
    let text = position_args.join(" ");
    let started = Instant::now();
    let leaves = with_game!(&start, g => {
        let position = if text.is_empty() { Clone::clone(g) } else { g.parse_position(&text).map_err(|e| e.to_string())? };
        position.perft(depth)
    });
    let elapsed = started.elapsed();
    let rate = leaves as f64 / elapsed.as_secs_f64().max(1e-9);
    Ok(format!(
        "perft {depth} {leaves}\ntime {:.3} s\nleaves/s {rate:.0}",
        elapsed.as_secs_f64()
    ))
}
