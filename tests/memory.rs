//! Memory as a limited machine or a tournament manager sees it: every game's resident
//! memory stays within `Hash` plus the constant protocol.md states (read from /proc, so
//! on Linux only), a table that cannot be had is a `? resource` answer after which the
//! engine plays on (under an address-space limit), `isready` waits for the tables' pages,
//! and the Gomocup brain makes no table before its first move or `INFO max_memory`.

mod common;

use common::Engine;

/// The resident memory beyond `Hash` that protocol.md allows, in KiB.
const CONSTANT_KIB: u64 = 24 << 10;

/// A `/proc/PID/status` value in KiB (`VmRSS`, `VmHWM`), or `None` off Linux.
fn status_kib(pid: u32, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    text.lines()
        .find_map(|line| line.strip_prefix(key)?.strip_prefix(':'))
        .and_then(|value| value.split_whitespace().next()?.parse().ok())
}

/// Whether /proc can be read here; if not, says why the test is skipped.
fn proc_readable(engine: &Engine) -> bool {
    let readable = status_kib(engine.pid(), "VmHWM").is_some();
    if !readable {
        eprintln!("skipped: resident memory is read from /proc/PID/status, which only Linux has");
    }
    readable
}

fn ask_ok(engine: &mut Engine, line: &str) {
    assert_eq!(engine.ask(line), vec!["=".to_string()], "{line}");
}

#[test]
fn every_game_stays_within_hash_plus_the_constant() {
    for game in ["tictactoe", "connect4", "othello", "gomoku"] {
        for hash in [1, 16] {
            for threads in [1, 2] {
                let mut engine = Engine::start();
                if !proc_readable(&engine) {
                    return;
                }
                ask_ok(&mut engine, &format!("setoption name Hash value {hash}"));
                ask_ok(
                    &mut engine,
                    &format!("setoption name Threads value {threads}"),
                );
                ask_ok(&mut engine, &format!("game {game}"));
                assert_eq!(engine.ask("isready"), vec!["= readyok".to_string()]);
                ask_ok(&mut engine, "go movetime 200");
                engine.until_bestmove();
                let peak = status_kib(engine.pid(), "VmHWM").expect("VmHWM");
                assert!(
                    peak <= (hash << 10) + CONSTANT_KIB,
                    "{game} Hash {hash} Threads {threads}: {peak} KiB at the peak"
                );
            }
        }
    }
}

#[test]
fn isready_waits_until_the_tables_are_mapped() {
    let mut engine = Engine::start();
    if !proc_readable(&engine) {
        return;
    }
    ask_ok(&mut engine, "game connect4");
    // Both answers come in order; `readyok` only once the 128 MiB transposition table and
    // the 128 MiB solver table are resident.
    engine.send("setoption name Hash value 256");
    engine.send("isready");
    engine.send("legal");
    assert_eq!(engine.response(), vec!["=", ""]);
    assert_eq!(engine.response(), vec!["= readyok", ""]);
    let resident = status_kib(engine.pid(), "VmRSS").expect("VmRSS");
    assert!(resident >= 256 << 10, "{resident} KiB at readyok");
    assert_eq!(engine.response(), vec!["= d c e b f a g", ""]);
}

/// Under a 1.5 GiB address space: `Hash` 16384 cannot be had at all, and after `Hash` 1600
/// (800 MiB of transposition table) neither can another 800 MiB solver table. Each
/// failure names the table and its size, and changes nothing: the engine plays on.
#[test]
fn tables_that_cannot_be_had_are_resource_errors_and_play_goes_on() {
    if !cfg!(target_os = "linux") {
        eprintln!("skipped: the address-space limit is set with sh's ulimit, tested on Linux");
        return;
    }
    let mut engine = Engine::start_with_address_space(1536);
    assert_eq!(
        engine.ask("setoption name Hash value 16384"),
        vec![
            "? resource Hash 16384: cannot allocate 8589934584 bytes for the transposition \
             table; the tables are as they were (Hash 64)"
        ]
    );
    ask_ok(&mut engine, "setoption name Hash value 1600");
    assert_eq!(
        engine.ask("game othello"),
        vec![
            "? resource game othello: cannot allocate 838860768 bytes for the Othello \
             endgame table (Hash 1600); nothing changed"
        ]
    );
    assert_eq!(
        engine.ask("game connect4"),
        vec![
            "? resource game connect4: cannot allocate 838860800 bytes for the Connect Four \
             solver table (Hash 1600); nothing changed"
        ]
    );
    // Still tic-tac-toe, and it plays.
    assert_eq!(engine.ask("legal"), vec!["= a1 b1 c1 a2 b2 c2 a3 b3 c3"]);
    ask_ok(&mut engine, "go depth 3");
    engine.until_bestmove();
    // A smaller Hash makes room: Othello's tables are made and it plays.
    ask_ok(&mut engine, "setoption name Hash value 16");
    ask_ok(&mut engine, "game othello");
    ask_ok(&mut engine, "go movetime 100");
    let (_, best) = engine.until_bestmove();
    assert!(["d3", "c4", "f5", "e6"].contains(&best.as_str()), "{best}");
}

/// `arbor gomocup` under a manager's 16 MiB `max_memory`: no table at `START` (with the
/// 64 MiB default made there, 36-40 MB were resident), half of the limit once it
/// arrives, and a `timeout_turn` beyond any clock with `time_left` alone (a match clock)
/// still gives a move.
#[test]
fn the_gomocup_brain_makes_its_tables_at_max_memory_within_the_limit() {
    let mut brain = Engine::start_with_args(&["gomocup"]);
    if !proc_readable(&brain) {
        return;
    }
    brain.send("START 15");
    assert_eq!(brain.line(), "OK");
    let at_start = status_kib(brain.pid(), "VmHWM").expect("VmHWM");
    assert!(at_start <= 16 << 10, "{at_start} KiB after START");
    brain.send("INFO max_memory 16777216");
    brain.send("INFO timeout_turn 100000000000000");
    brain.send("INFO time_left 3000");
    brain.send("BEGIN");
    let answer = loop {
        let line = brain.line();
        if !line.starts_with("MESSAGE") {
            break line;
        }
    };
    let cell: Vec<u32> = answer.split(',').filter_map(|n| n.parse().ok()).collect();
    assert!(cell.len() == 2 && cell.iter().all(|&n| n < 15), "{answer}");
    let peak = status_kib(brain.pid(), "VmHWM").expect("VmHWM");
    assert!(peak <= 16 << 10, "{peak} KiB after the first move");
}
