//! Connect Four rules, notation and solver tests. Fast, and independent of the reference
//! data except the samples of Pons' test sets, which are ignored unless asked for (see
//! `crate::testdata`; typed-in lines of the sets run always).

use std::time::Duration;

use super::solver::{plies_to_end, search_score, ConnectFourSolver};
use super::*;
use crate::budget::control::Control;
use crate::game::perft;
use crate::search::{search, Limits, ScoreReport, Solved, Solver, StopFlag, Tables, Verdict};

pub(super) fn digits(text: &str) -> ConnectFour {
    ConnectFour::new()
        .parse_position(&format!("digits {text}"))
        .expect("valid digits")
}

fn unlimited() -> Control {
    Control::new(StopFlag::new(), None, None)
}

/// The position after a seeded random game of `plies` moves on 7x6 (moves that would end
/// the game are skipped), advancing the xorshift `state`.
pub(super) fn random_game(state: &mut u64, plies: u32) -> ConnectFour {
    let mut position = ConnectFour::new();
    while position.moves() < plies {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        let column = (*state % 7) as u32;
        let mut next = position;
        if position.can_play(column) {
            next.play(Column(column as u8));
            if next.outcome().is_none() {
                position = next;
            }
        }
    }
    position
}

/// Lines of Pons' test sets (exact scores, his convention), typed in as facts.
pub(super) const FACTS: &[(&str, i32)] = &[
    ("2252576253462244111563365343671351441", -1),
    ("7422341735647741166133573473242566", 1),
    ("23163416124767223154467471272416755633", 0),
    ("5554224333234511764415115", 4),
    ("52753311433677442422121", 8),
    ("1233722555341451114725221333", -1),
    ("32164625", 11),
    ("6146", 18),
    ("243335424257", 12),
    ("274552224131661", 0),
    ("5455174361263362", -1),
    ("2531276566711153", 2),
    ("2416615552", 4),
];

#[test]
fn perft_from_the_empty_board() {
    let counts = [7, 49, 343, 2401, 16807, 117_649, 823_536];
    for (depth, &count) in counts.iter().enumerate() {
        assert_eq!(perft(&ConnectFour::new(), depth as u32 + 1), count);
    }
}

#[test]
fn fours_are_found_in_every_direction() {
    let start = ConnectFour::new();
    let won = |text: &str| start.parse_position(text).expect("valid").outcome();
    let first = Some(Outcome::Win(Player::First));
    let second = Some(Outcome::Win(Player::Second));
    // Horizontal, bottom row a-d.
    assert_eq!(won("digits 1122334"), first);
    // Vertical, column g.
    assert_eq!(won("digits 7172737"), first);
    // Rising diagonal a1-b2-c3-d4, made by O.
    assert_eq!(
        won("-------/-------/---O---/--OX---/-OXX---/OXXX-OO X"),
        second
    );
    // Falling diagonal d4-e3-f2-g1, made by X.
    assert_eq!(
        won("-------/-------/---X---/---OX--/---XOX-/--OOOXX O"),
        first
    );
    // Three only, or four broken by the board edge's sentinel: no win.
    assert_eq!(won("digits 112233"), None);
    assert_eq!(
        won("X------/X------/X------/O------/O------/OX----- O"),
        None
    );
    assert_eq!(won("digits 11121314"), None);
    // A full board without four is a draw.
    let full = "OXXOOOX/XOOXXXO/OOOXOXO/XXOXOOO/XOXOXXX/XXOOXOX X";
    assert_eq!(won(full), Some(Outcome::Draw));
}

#[test]
fn notation_round_trips() {
    let start = ConnectFour::new();
    for column in 0..7 {
        let text = start.format_move(Column(column));
        assert_eq!(start.parse_move(&text), Ok(Column(column)));
        assert_eq!(
            ConnectFour::decode_move(ConnectFour::encode_move(Column(column))),
            Column(column)
        );
    }
    assert_eq!(start.format_move(Column(0)), "a");
    assert_eq!(start.parse_move("G"), Ok(Column(6)));
    for bad in ["h", "", "ab", "1", "é"] {
        assert!(start.parse_move(bad).is_err(), "{bad}");
    }
    let position = digits("4453");
    let text = position.position_text();
    assert_eq!(
        text,
        "-------/-------/-------/-------/---O---/--OXX-- X".replace('/', "")
    );
    assert_eq!(start.parse_position(&text), Ok(position));
    assert_eq!(start.parse_position("digits"), Ok(start));
}

#[test]
fn impossible_positions_are_rejected() {
    let start = ConnectFour::new();
    for text in [
        "digits 8",
        "digits 0",
        "digits 4a",
        "digits 1111111",
        "digits 11223344",
        "digits 12 34",
        "---X---/-------/-------/-------/-------/------- O",
        "-------/-------/-------/-------/-------/XX----- O",
        "-------/-------/-------/-------/-------/X------ X",
        "-------/-------/-------/-------/O------/XXXXOOO X",
        "------- X",
    ] {
        assert!(start.parse_position(text).is_err(), "{text}");
    }
    let variant = |pairs: &[(&str, &str)]| {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        ConnectFour::new_game(&pairs)
    };
    assert!(variant(&[("cols", "9"), ("rows", "7")]).is_err());
    assert!(variant(&[("cols", "3")]).is_err());
    assert!(variant(&[("size", "7")]).is_err());
    let big = variant(&[("cols", "8"), ("rows", "7")]).expect("8x7 fits 64 bits");
    assert_eq!(big.parse_move("h"), Ok(Column(7)));
    assert_eq!(perft(&big, 2), 64);
}

#[test]
fn incremental_hash_equals_recomputed_hash() {
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let mut seen = std::collections::HashMap::new();
    for _ in 0..200 {
        let mut position = ConnectFour::new();
        while position.outcome().is_none() {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            position.play(moves[(seed % moves.len() as u64) as usize]);
            assert_eq!(position.hash(), position.hash_from_scratch());
            let text = position.position_text();
            if let Some(other) = seen.insert(position.hash(), text.clone()) {
                assert_eq!(other, text, "hash collision");
            }
        }
    }
}

#[test]
fn solver_scores_convert_to_plies() {
    // The empty board: Pons score 1, the first player's 21st disc, ply 41.
    assert_eq!(plies_to_end(1, 0, 42), 41);
    // Win now / loss next ply / draw.
    assert_eq!(plies_to_end((43 - 10) / 2, 10, 42), 1);
    assert_eq!(plies_to_end(-(42 - 11) / 2, 11, 42), 2);
    assert_eq!(plies_to_end(0, 30, 42), 12);
    // "6146 18": X to move wins with its 4th disc, ply 7, three plies from now.
    assert_eq!(plies_to_end(18, 4, 42), 3);
}

#[test]
fn solver_matches_typed_in_facts() {
    let mut solver = ConnectFourSolver::default();
    for &(moves, expected) in FACTS {
        let position = digits(moves);
        assert_eq!(
            solver.score(&position, &mut unlimited()),
            Some(expected),
            "{moves}"
        );
    }
}

#[test]
fn solves_with_helper_threads_are_exact() {
    // Helpers share the table and try other move orders; the scores must not change.
    for threads in [2, 4] {
        let mut solver = ConnectFourSolver::default().with_threads(threads);
        for &(moves, expected) in FACTS {
            assert_eq!(
                solver.score(&digits(moves), &mut unlimited()),
                Some(expected),
                "{moves} with {threads} threads"
            );
        }
        let line = solver
            .line(&digits("2416615552"), &mut unlimited())
            .expect("a line");
        assert_eq!(line.score, 4);
    }
}

#[test]
fn best_moves_are_optimal() {
    let mut solver = ConnectFourSolver::default();
    for &(moves, expected) in &FACTS[3..] {
        let position = digits(moves);
        let line = solver.line(&position, &mut unlimited()).expect("solved");
        assert_eq!(line.score, expected);
        // The best move leaves the opponent exactly the negated score, and the line
        // ends where the score says.
        let mut child = position;
        child.play(line.moves[0]);
        if child.outcome().is_none() {
            let mut fresh = ConnectFourSolver::default();
            assert_eq!(
                fresh.score(&child, &mut unlimited()),
                Some(-expected),
                "{moves}"
            );
        }
        let (_, plies) = search_score(&position, expected);
        assert_eq!(line.moves.len() as u32, plies, "{moves}");
        let mut end = position;
        for &mv in &line.moves {
            assert!(end.is_legal(mv), "{moves}");
            end.play(mv);
        }
        assert!(end.outcome().is_some(), "{moves}");
    }
}

#[test]
fn go_solve_reports_exact_results() {
    let mut solver = ConnectFourSolver::default();
    let limits = Limits {
        solve: true,
        ..Limits::default()
    };
    let verdict = solver.solve(
        &digits("6146"),
        &Params::default(),
        &limits,
        &mut unlimited(),
    );
    let Verdict::Solved(Solved { score, depth, .. }) = verdict else {
        panic!("{verdict:?}");
    };
    assert_eq!((score, depth), (crate::game::score::win_in(3), 3));

    // Through the generic driver: win / loss / draw, with the game's distance.
    let mut tables = Tables::try_new(1).expect("1 MiB");
    for (moves, report) in [
        ("32164625", ScoreReport::Win(plies_to_end(11, 8, 42))),
        (
            "5455174361263362",
            ScoreReport::Loss(plies_to_end(-1, 16, 42)),
        ),
        ("274552224131661", ScoreReport::Draw),
    ] {
        let result = search(
            &digits(moves),
            &Params::default(),
            &limits,
            &mut tables,
            &mut solver,
            &StopFlag::new(),
            |_| {},
        )
        .expect("not over");
        assert_eq!(result.score, report, "{moves}");
    }
}

#[test]
fn the_solver_stops_and_declines() {
    let mut solver = ConnectFourSolver::default();
    let solve = Limits {
        solve: true,
        ..Limits::default()
    };
    let stop = StopFlag::new();
    stop.stop();
    let mut stopped = Control::new(stop, None, None);
    // The empty 8x6 board takes far longer than any test (and no book knows it): a
    // stopped solve comes back at the first check.
    let wide =
        ConnectFour::new_game(&[("cols".to_string(), "8".to_string())]).expect("an 8x6 board");
    let verdict = solver.solve(&wide, &Params::default(), &solve, &mut stopped);
    assert_eq!(verdict, Verdict::Aborted);
    // A short movetime: the budget runs out and the heuristic search takes over.
    let movetime = Limits {
        movetime: Some(Duration::from_millis(30)),
        ..Limits::default()
    };
    let verdict = solver.solve(&wide, &Params::default(), &movetime, &mut unlimited());
    assert_eq!(verdict, Verdict::Declined);
    // `go infinite` is analysis: a second of solving, then the heuristic search.
    let infinite = Limits {
        infinite: true,
        ..Limits::default()
    };
    let verdict = solver.solve(&wide, &Params::default(), &infinite, &mut unlimited());
    assert_eq!(verdict, Verdict::Declined);
    // Depth-limited searches and the baseline style never use the solver.
    let depth = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let easy = digits(FACTS[0].0);
    assert_eq!(
        solver.solve(&easy, &Params::default(), &depth, &mut unlimited()),
        Verdict::Declined
    );
    let baseline = Params {
        style: Style::Baseline,
        ..Params::default()
    };
    assert_eq!(
        solver.solve(&easy, &baseline, &movetime, &mut unlimited()),
        Verdict::Declined
    );
    assert!(matches!(
        solver.solve(&easy, &Params::default(), &movetime, &mut unlimited()),
        Verdict::Solved(_)
    ));
}

#[test]
fn depth_limited_play_wins_and_blocks() {
    let mut tables = Tables::try_new(1).expect("1 MiB");
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    for style in [Style::Full, Style::Baseline] {
        let params = Params {
            style,
            ..Params::default()
        };
        let mut play = |moves: &str| {
            let root = digits(moves);
            let result = search(
                &root,
                &params,
                &limits,
                &mut tables,
                &mut ConnectFourSolver::default(),
                &StopFlag::new(),
                |_| {},
            )
            .expect("not over");
            (root.format_move(result.best_move), result.score)
        };
        // X to move wins on a4.
        assert_eq!(play("121212"), ("a".to_string(), ScoreReport::Win(1)));
        // O to move must stop b1-c1-d1 at e1 (a1 is O's).
        assert_eq!(play("21314").0, "e", "{style:?}");
    }
}

fn search_moves_of(position: &ConnectFour) -> Vec<u8> {
    let (mut moves, mut keys) = (MoveList::new(), MoveList::new());
    assert!(position.search_moves(&mut moves, &mut keys));
    assert_eq!(moves.len(), keys.len());
    moves.iter().map(|m| m.0).collect()
}

#[test]
fn search_moves_leave_out_moves_that_lose_at_once() {
    // X to move wins on a4: that move alone.
    assert_eq!(search_moves_of(&digits("121212")), [0]);
    // O to move must block b1 (X c1 d1 e1, O f1): that move alone.
    assert_eq!(search_moves_of(&digits("36465")), [1]);
    // O to move; X c2 d2 e2 threatens b2 and f2: O must not fill b1 or f1.
    assert_eq!(search_moves_of(&digits("4335514")), [3, 2, 4, 0, 6]);
    // Every move left out elsewhere loses at once: after it the opponent wins next move.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut checked = 0;
    for _ in 0..300 {
        let mut position = ConnectFour::new();
        while position.outcome().is_none() {
            let kept = search_moves_of(&position);
            assert!(!kept.is_empty());
            let wins_at_once = |p: &ConnectFour, column: u32| {
                let mut child = *p;
                child.play(Column(column as u8));
                matches!(child.outcome(), Some(Outcome::Win(_)))
            };
            let single_win = matches!(kept[..], [only] if wins_at_once(&position, u32::from(only)));
            for column in (0..7).filter(|&c| position.can_play(c) && !single_win) {
                if kept.contains(&(column as u8)) {
                    continue;
                }
                let mut child = position;
                child.play(Column(column as u8));
                assert!(
                    (0..7).any(|c| child.can_play(c) && wins_at_once(&child, c)),
                    "{position:?}: column {column} left out"
                );
                checked += 1;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let legal: Vec<u32> = (0..7).filter(|&c| position.can_play(c)).collect();
            position.play(Column(legal[(state % legal.len() as u64) as usize] as u8));
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn the_heuristic_search_keeps_a_win_that_needs_the_threat_moves() {
    // A position of ply 13 past the opening book (from `connect4-fallback set`): O to
    // move wins only with e (column 5); every other move loses the win (each child solved
    // exactly). A depth-8 search over every move picked d; leaving out the moves that lose
    // at once and extending the forced blocks, it finds e.
    let mut tables = Tables::try_new(16).expect("16 MiB");
    let root = digits("1243765711265");
    let found = crate::search::search_to_depth(
        &root,
        &Params::default(),
        8,
        &mut tables,
        &mut ConnectFourSolver::default(),
    )
    .expect("not over");
    assert_eq!(root.format_move(found.best_move), "e");
    let mut solver = ConnectFourSolver::default();
    assert_eq!(solver.wdl(&root, &mut unlimited()), Some(1));
    let mut child = root;
    child.play(found.best_move);
    assert_eq!(solver.wdl(&child, &mut unlimited()), Some(-1));
}

/// Lines of Pons' test sets (the 1st, 51st and 101st lines of each easy set, the 1st and
/// 101st of Test_L2_R2, the 1st of Test_L1_R2) as `(file, moves, score)`: checked on every
/// run, without the data.
const TEST_SET_LINES: &[(&str, &str, i32)] = &[
    ("Test_L3_R1", "2252576253462244111563365343671351441", -1),
    ("Test_L3_R1", "33345517452154243637525163177771661442", 0),
    ("Test_L3_R1", "37342133236232526427711116166777", -4),
    ("Test_L2_R1", "5554224333234511764415115", 4),
    ("Test_L2_R1", "3464123621337153667644637227", 2),
    ("Test_L2_R1", "6673377312746732", -10),
    ("Test_L2_R2", "274552224131661", 0),
    ("Test_L2_R2", "576144672552167723", 3),
    ("Test_L1_R1", "32164625", 11),
    ("Test_L1_R1", "661613472611", -11),
    ("Test_L1_R1", "256613535637", 9),
    ("Test_L1_R2", "32751571231557", -3),
];

#[test]
fn test_set_lines_are_solved_exactly() {
    let mut solver = ConnectFourSolver::default();
    for &(file, moves, score) in TEST_SET_LINES {
        assert_eq!(
            solver.score(&digits(moves), &mut unlimited()),
            Some(score),
            "{file}: {moves}"
        );
    }
}

#[test]
#[ignore = "needs ../shared/benchdata (or ARBOR_BENCHDATA=DIR): cargo test -- --ignored"]
fn the_typed_in_lines_are_those_of_the_test_sets() {
    for &(file, moves, score) in TEST_SET_LINES {
        let text = crate::testdata::read(&format!("connect4/{file}"));
        let line = format!("{moves} {score}");
        assert!(text.lines().any(|l| l == line), "{file}: {line}");
    }
}

/// Solves every `stride`-th line (at most `count`) of a test set in the reference data
/// (`connect4/FILE`) and compares with the given scores.
fn check_sample(file: &str, stride: usize, count: usize) {
    let text = crate::testdata::read(&format!("connect4/{file}"));
    let mut solver = ConnectFourSolver::default();
    let mut checked = 0;
    for line in text.lines().step_by(stride).take(count) {
        let mut fields = line.split_whitespace();
        let (Some(moves), Some(score)) = (fields.next(), fields.next()) else {
            panic!("{file}: malformed line {line:?}");
        };
        let expected: i32 = score.parse().expect("a score");
        let position = digits(moves);
        assert_eq!(
            solver.score(&position, &mut unlimited()),
            Some(expected),
            "{file}: {moves}"
        );
        checked += 1;
    }
    assert_eq!(checked, count, "{file}: too few lines");
}

#[test]
#[ignore = "needs ../shared/benchdata (or ARBOR_BENCHDATA=DIR): cargo test -- --ignored"]
fn benchdata_sample_end_and_middle_games() {
    check_sample("Test_L3_R1", 50, 20);
    check_sample("Test_L2_R1", 50, 20);
    check_sample("Test_L2_R2", 100, 10);
}

#[test]
#[ignore = "needs ../shared/benchdata (or ARBOR_BENCHDATA=DIR): cargo test -- --ignored"]
fn benchdata_sample_beginnings() {
    check_sample("Test_L1_R1", 50, 20);
    check_sample("Test_L1_R2", 333, 3);
}

#[test]
#[ignore = "needs ../shared/benchdata; seconds per position: cargo test --release -- --ignored"]
fn benchdata_sample_hard_beginnings() {
    check_sample("Test_L1_R3", 500, 2);
}

#[test]
#[ignore = "minutes even in release: run with --release -- --ignored"]
fn the_empty_board_is_a_first_player_win_at_ply_41() {
    // The solver alone: with the book it would take no time.
    let mut solver = ConnectFourSolver::default().without_book();
    let start = ConnectFour::new();
    let score = solver.score(&start, &mut unlimited());
    assert_eq!(score, Some(1));
    assert_eq!(search_score(&start, 1).1, 41);
}

/// Plain minimax to the end (root-relative plies scores), for cross-checking the solver.
fn minimax(position: &ConnectFour, ply: u32) -> i32 {
    match position.outcome() {
        Some(Outcome::Draw) => return 0,
        Some(Outcome::Win(_)) => return crate::game::score::loss_in(ply),
        None => {}
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            -minimax(&child, ply + 1)
        })
        .max()
        .expect("a game not over has moves")
}

#[test]
fn the_solver_agrees_with_minimax_on_a_small_board() {
    let start = ConnectFour::new_game(&[
        ("cols".to_string(), "5".to_string()),
        ("rows".to_string(), "4".to_string()),
    ])
    .expect("5x4");
    let mut solver = ConnectFourSolver::default();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut checked = 0;
    while checked < 40 {
        // A random game of 11 or 12 discs, so that minimax has at most 9 plies to go.
        let mut position = start;
        let length = 11 + (seed % 2) as usize;
        for _ in 0..length {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            position.play(moves[(seed % moves.len() as u64) as usize]);
        }
        if position.outcome().is_some() {
            continue;
        }
        let score = solver.score(&position, &mut unlimited()).expect("solved");
        assert_eq!(
            search_score(&position, score).0,
            minimax(&position, 0),
            "{}",
            position.position_text()
        );
        let line = solver.line(&position, &mut unlimited()).expect("solved");
        let mut child = position;
        child.play(line.moves[0]);
        assert_eq!(-minimax(&child, 1), minimax(&position, 0));
        checked += 1;
    }
}
