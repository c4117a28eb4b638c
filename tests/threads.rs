//! Threads (Lazy SMP) and pondering: the protocol's guarantees with many search threads,
//! `go ponder` / `ponderhit`, and exact results with 2 and 4 threads (Connect Four facts
//! and lines of Pons' test sets, Othello endgames, FFO #40; samples of the test sets
//! from the reference data when asked for, see `common::testdata`).

mod common;

use std::time::{Duration, Instant};

use arbor::budget::control::Control;
use arbor::game::connect_four::solver::search_score;
use arbor::game::connect_four::ConnectFour;
use arbor::game::othello::solver::EndgameSolver;
use arbor::game::othello::Othello;
use arbor::game::{Evaluate, Game, MoveList};
use arbor::search::{self, Limits, ScoreReport, Solve, StopFlag, Tables};
use common::Engine;

const GAMES: &[&str] = &["tictactoe", "connect4", "othello", "gomoku"];

#[test]
fn stop_isready_and_eof_keep_their_guarantees_with_many_threads() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("setoption name Threads value 16"), ["="]);
    for game in GAMES {
        assert_eq!(engine.ask(&format!("game {game}")), ["="]);
        for _ in 0..3 {
            assert_eq!(engine.ask("go infinite"), ["="]);
            assert_eq!(engine.ask("isready"), ["= readyok"]);
            assert!(engine.ask("position startpos")[0].starts_with("? busy"));
            engine.send("stop");
            let (_, best) = engine.until_bestmove();
            assert!(!best.is_empty());
            assert_eq!(engine.line(), "=");
            assert_eq!(engine.line(), "");
            // Every thread is done: the session is idle at once.
            assert_eq!(engine.ask("position startpos"), ["="]);
        }
    }
    assert_eq!(engine.ask("go infinite"), ["="]);
    engine.close_stdin();
    let (_, best) = engine.until_bestmove();
    assert!(!best.is_empty());
    assert!(engine.wait_exit(Duration::from_secs(10)).success());
}

#[test]
fn a_long_connect_four_solve_on_sixteen_threads_stops_at_once() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("setoption name Threads value 16"), ["="]);
    // 8x7 has no book, and its empty board takes far longer than a test to solve: the
    // solver and its 15 helpers are deep in the search when `stop` comes.
    assert_eq!(engine.ask("game connect4 cols=8 rows=7"), ["="]);
    for _ in 0..2 {
        assert_eq!(engine.ask("go solve"), ["="]);
        quiet_for(&mut engine, Duration::from_millis(300));
        let asked = Instant::now();
        engine.send("stop");
        let (_, best) = engine.until_bestmove();
        // Milliseconds on a quiet machine; 16 threads on 2 loaded cores (other tests run
        // beside this one) take up to about a second to be scheduled, stopped and joined.
        // A stop that is not seen would run for hours.
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "{:?}",
            asked.elapsed()
        );
        assert!(("a"..="h").contains(&best.as_str()), "{best}");
        assert_eq!(engine.line(), "=");
        assert_eq!(engine.line(), "");
        // Every helper is joined: the session is idle at once.
        assert_eq!(engine.ask("position startpos"), ["="]);
    }
}

#[test]
fn searches_hand_over_cleanly_between_thread_counts() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("game othello"), ["="]);
    for threads in [1, 8, 2, 64, 1, 3] {
        assert_eq!(
            engine.ask(&format!("setoption name Threads value {threads}")),
            ["="]
        );
        assert_eq!(engine.ask("go depth 5"), ["="]);
        let (infos, best) = engine.until_bestmove();
        assert!(
            infos.last().is_some_and(|l| l.starts_with("info depth 5 ")),
            "{threads} threads: {infos:?}"
        );
        assert_eq!(
            engine.ask(&format!("position startpos moves {best}")),
            ["="]
        );
        assert_eq!(engine.ask("position startpos"), ["="]);
    }
}

/// Asserts that nothing but `info` lines comes for `time`.
fn quiet_for(engine: &mut Engine, time: Duration) {
    let until = Instant::now() + time;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match engine.try_line(left) {
            Some(line) => assert!(line.starts_with("info "), "unexpected {line:?}"),
            None => return,
        }
    }
}

#[test]
fn a_ponder_search_waits_for_ponderhit_even_when_proven() {
    for threads in [1, 2] {
        let mut engine = Engine::start();
        engine.ask(&format!("setoption name Threads value {threads}"));
        assert_eq!(engine.ask("position XX-OO---- X"), ["="]);
        assert_eq!(engine.ask("go ponder depth 3"), ["="]);
        // A win in one is proven at depth 1, but a ponder search does not answer.
        quiet_for(&mut engine, Duration::from_millis(300));
        assert_eq!(engine.ask("isready"), ["= readyok"]);
        assert_eq!(engine.ask("ponderhit"), ["="]);
        assert_eq!(engine.until_bestmove().1, "c1");
        // Idle now: ponderhit does nothing.
        assert_eq!(engine.ask("ponderhit"), ["="]);
    }
}

#[test]
fn ponderhit_starts_the_clock_and_stop_ends_a_ponder_search() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("game othello"), ["="]);
    assert_eq!(engine.ask("go ponder movetime 200"), ["="]);
    // Thinking on the opponent's time: past the movetime and still no answer.
    quiet_for(&mut engine, Duration::from_millis(500));
    let hit = Instant::now();
    assert_eq!(engine.ask("ponderhit"), ["="]);
    let (_, best) = engine.until_bestmove();
    // The 200 ms count from the ponderhit, not from the `go` 500 ms earlier.
    assert!(
        hit.elapsed() >= Duration::from_millis(150),
        "{:?}",
        hit.elapsed()
    );
    assert!(["d3", "c4", "f5", "e6"].contains(&best.as_str()), "{best}");

    assert_eq!(engine.ask("go ponder wtime 10000 btime 10000"), ["="]);
    engine.send("stop");
    let (_, best) = engine.until_bestmove();
    assert!(["d3", "c4", "f5", "e6"].contains(&best.as_str()), "{best}");
    assert_eq!(engine.line(), "=");
}

/// One search with `threads` threads and fresh tables.
fn run<G: Solve>(position: &G, limits: &Limits, threads: usize) -> ScoreReport {
    let mut tables = Tables::try_new(16).expect("16 MiB");
    tables.set_threads(threads);
    let mut solver = G::Solver::default();
    let params = <G as Evaluate>::Params::default();
    search::search(
        position,
        &params,
        limits,
        &mut tables,
        &mut solver,
        &StopFlag::new(),
        |_| {},
    )
    .expect("not over")
    .score
}

fn digits(moves: &str) -> ConnectFour {
    ConnectFour::new()
        .parse_position(&format!("digits {moves}"))
        .expect("valid digits")
}

/// The proven score a Pons test-set score stands for.
fn pons_report(position: &ConnectFour, pons: i32) -> ScoreReport {
    let (value, plies) = search_score(position, pons);
    match value {
        0 => ScoreReport::Draw,
        v if v > 0 => ScoreReport::Win(plies),
        _ => ScoreReport::Loss(plies),
    }
}

#[test]
fn connect_four_facts_are_exact_with_two_and_four_threads() {
    // Lines of Pons' test sets with his exact scores.
    let facts = [
        ("2252576253462244111563365343671351441", -1),
        ("7422341735647741166133573473242566", 1),
        ("23163416124767223154467471272416755633", 0),
        ("1233722555341451114725221333", -1),
        ("5554224333234511764415115", 4),
        ("2416615552", 4),
    ];
    let deep = Limits {
        depth: Some(42),
        ..Limits::default()
    };
    let solve = Limits {
        solve: true,
        ..Limits::default()
    };
    for (moves, pons) in facts {
        let position = digits(moves);
        let expected = pons_report(&position, pons);
        for threads in [2, 4] {
            // The solver (with its own helper threads over its shared table from 28 empty
            // cells on: the last fact).
            assert_eq!(
                run(&position, &solve, threads),
                expected,
                "{moves} solved with {threads} threads"
            );
            // The generic search alone: proofs found by any thread over the shared table.
            if moves.len() >= 34 {
                assert_eq!(
                    run(&position, &deep, threads),
                    expected,
                    "{moves} searched with {threads} threads"
                );
            }
        }
    }
}

/// `go solve` with 2 and 4 threads: the solver always takes the position, with its
/// helpers on the shared table; the score must be the test set's.
fn check_solved_with_threads(file: &str, moves: &str, score: i32) {
    let solve = Limits {
        solve: true,
        ..Limits::default()
    };
    let position = digits(moves);
    let expected = pons_report(&position, score);
    for threads in [2, 4] {
        assert_eq!(
            run(&position, &solve, threads),
            expected,
            "{file}: {moves} with {threads} threads"
        );
    }
}

#[test]
fn connect_four_test_set_lines_are_exact_with_two_and_four_threads() {
    // Lines of Pons' test sets (end, middle and beginning), typed in.
    for (file, moves, score) in [
        ("Test_L3_R1", "2252576253462244111563365343671351441", -1),
        ("Test_L3_R1", "37342133236232526427711116166777", -4),
        ("Test_L2_R1", "5554224333234511764415115", 4),
        ("Test_L2_R1", "6673377312746732", -10),
        ("Test_L1_R1", "32164625", 11),
    ] {
        check_solved_with_threads(file, moves, score);
    }
}

#[test]
#[ignore = "needs ../shared/benchdata (or ARBOR_BENCHDATA=DIR): cargo test -- --ignored"]
fn connect_four_test_set_samples_are_exact_with_two_and_four_threads() {
    for (file, stride, count) in [
        ("Test_L3_R1", 100, 10),
        ("Test_L2_R1", 100, 10),
        ("Test_L1_R1", 200, 5),
    ] {
        let text = common::testdata::read(&format!("connect4/{file}"));
        for line in text.lines().step_by(stride).take(count) {
            let mut fields = line.split_whitespace();
            let (Some(moves), Some(score)) = (fields.next(), fields.next()) else {
                panic!("{file}: malformed line {line:?}");
            };
            check_solved_with_threads(file, moves, score.parse().expect("a score"));
        }
    }
}

/// Othello positions with `empties` empty squares, reached by fixed pseudo-random play.
fn othello_endgames(count: usize, empties: u32) -> Vec<Othello> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut found = Vec::new();
    while found.len() < count {
        let mut position = Othello::new();
        while position.outcome().is_none() && position.empties() > empties {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            position.play(moves[(state % moves.len() as u64) as usize]);
        }
        if position.outcome().is_none() && position.empties() == empties {
            found.push(position);
        }
    }
    found
}

#[test]
fn othello_endgames_are_exact_with_two_and_four_threads() {
    let deep = Limits {
        depth: Some(30),
        ..Limits::default()
    };
    for position in othello_endgames(6, 11) {
        let exact = EndgameSolver::default()
            .solve_exact(&position, &mut Control::new(StopFlag::new(), None, None))
            .expect("not aborted");
        let expected = ScoreReport::Disc(exact.margin);
        for threads in [2, 4] {
            let text = position.position_text();
            assert_eq!(
                run(&position, &Limits::default(), threads),
                expected,
                "{text}"
            );
            assert_eq!(run(&position, &deep, threads), expected, "{text} (generic)");
        }
    }
}

#[test]
fn ffo_40_is_exact_with_two_threads() {
    // FFO #40 (Black to move wins by 38).
    let position = Othello::new()
        .parse_position("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
        .expect("valid FFO position");
    assert_eq!(run(&position, &Limits::default(), 2), ScoreReport::Disc(38));
}
