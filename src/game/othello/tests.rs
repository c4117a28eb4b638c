//! Rules, notation, perft and exact-solving tests for Othello (no files needed).

use super::*;
use crate::budget::control::Control;
use crate::budget::limits::StopFlag;
use crate::game::perft;

/// Perft from the start, passes counted as one ply (OEIS A124004).
const START_PERFT: [u64; 9] = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];

fn position(text: &str) -> Othello {
    Othello::new().parse_position(text).expect("valid position")
}

fn play_all(start: Othello, moves: &[&str]) -> Othello {
    moves.iter().fold(start, |mut p, text| {
        let mv = p.parse_legal_move(text).expect("legal");
        p.play(mv);
        p
    })
}

#[test]
fn generic_perft_matches_the_published_counts_to_depth_7() {
    for (depth, &count) in START_PERFT.iter().enumerate().take(7) {
        assert_eq!(
            perft(&Othello::new(), depth as u32 + 1),
            count,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
fn fast_perft_matches_the_published_counts_to_depth_9() {
    for (depth, &count) in START_PERFT.iter().enumerate() {
        assert_eq!(
            fast_perft(&Othello::new(), depth as u32 + 1),
            count,
            "depth {}",
            depth + 1
        );
    }
}

#[test]
fn fast_perft_agrees_with_the_generic_perft_through_passes_and_ends() {
    // White to move has no move here and must pass; black then has a few replies.
    for text in [
        "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--- O",
        "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOXXXXXXXXXXXXXXXXXXXXXXXXXXXX---O X",
        "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X",
    ] {
        let p = position(text);
        for depth in 1..=4 {
            assert_eq!(
                fast_perft(&p, depth),
                perft(&p, depth),
                "{text} depth {depth}"
            );
        }
    }
}

#[test]
fn the_start_position_has_the_four_classic_openings() {
    let start = Othello::new();
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.iter().map(|&m| start.format_move(m)).collect();
    texts.sort();
    assert_eq!(texts, ["c4", "d3", "e6", "f5"]);
    assert_eq!(
        start.position_text(),
        "---------------------------OX------XO--------------------------- X"
    );
    let after = play_all(start, &["f5"]);
    assert_eq!(
        after.position_text(),
        "---------------------------OX------XXX-------------------------- O"
    );
}

#[test]
fn moves_and_positions_round_trip() {
    let start = Othello::new();
    for square in 0..64u8 {
        let mv = OthelloMove::Place(square);
        let text = start.format_move(mv);
        assert_eq!(start.parse_move(&text), Ok(mv));
        assert_eq!(Othello::decode_move(Othello::encode_move(mv)), mv);
        assert_ne!(Othello::encode_move(mv), 0);
    }
    assert_eq!(start.parse_move("pass"), Ok(OthelloMove::Pass));
    assert_eq!(start.parse_move("PASS"), Ok(OthelloMove::Pass));
    assert_eq!(start.format_move(OthelloMove::Pass), "pass");
    assert_eq!(
        Othello::decode_move(Othello::encode_move(OthelloMove::Pass)),
        OthelloMove::Pass
    );
    for bad in ["i1", "a9", "a0", "", "passs", "p"] {
        assert!(start.parse_move(bad).is_err(), "{bad}");
    }
    let text = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    assert_eq!(position(text).position_text(), text);
    assert!(start.parse_position("XO X").is_err());
    assert!(start.parse_position(&format!("{} Z", &text[..64])).is_err());
}

#[test]
fn illegal_moves_and_wrong_passes_are_rejected() {
    let start = Othello::new();
    assert!(start.parse_legal_move("a1").is_err());
    assert!(start.parse_legal_move("d4").is_err());
    assert!(start.parse_legal_move("pass").is_err());
    assert!(start.parse_legal_move("d3").is_ok());
}

#[test]
fn a_side_without_moves_must_pass_and_two_passes_end_the_game() {
    // O (one disc on f8) cannot move; X can take g8 over it.
    let p = position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O");
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.as_slice(), [OthelloMove::Pass]);
    assert_eq!(p.outcome(), None);
    let after = play_all(p, &["pass"]);
    assert_eq!(after.side_to_move(), Player::First);
    assert!(after.is_legal(OthelloMove::Place(62)));
    assert!(!after.is_legal(OthelloMove::Place(63)));

    // Nobody can move: the game is over and the empties go to the winner.
    let done = position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX--- O");
    let mut moves = MoveList::new();
    done.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(done.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(done.final_margin(), -64);
    let draw = position(&format!("{}{} X", "X".repeat(32), "O".repeat(32)));
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    assert_eq!(draw.final_margin(), 0);
}

#[test]
fn hash_depends_on_board_and_side_only() {
    let a = play_all(Othello::new(), &["f5", "d6", "c3"]);
    assert_eq!(a.hash(), position(&a.position_text()).hash());
    let text = a.position_text();
    assert!(text.ends_with(" O"));
    let other_side = format!("{} X", &text[..64]);
    assert_ne!(position(&other_side).hash(), a.hash());
    // Every transposition four plies deep has one hash, and there are some.
    let mut by_text = std::collections::HashMap::new();
    let mut transpositions = 0;
    let mut stack = vec![(Othello::new(), 0)];
    while let Some((p, depth)) = stack.pop() {
        if depth == 4 {
            let previous = by_text.insert(p.position_text(), p.hash());
            if let Some(hash) = previous {
                assert_eq!(hash, p.hash());
                transpositions += 1;
            }
            continue;
        }
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        for &m in moves.iter() {
            let mut c = p;
            c.play(m);
            stack.push((c, depth + 1));
        }
    }
    assert!(transpositions > 0);
    // Positions along random playouts have distinct hashes unless equal.
    let mut seen = std::collections::HashMap::new();
    let mut seed = 7u64;
    for _ in 0..200 {
        let mut p = Othello::new();
        while p.outcome().is_none() {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            seed = crate::rng::mix64(seed);
            p.play(moves[(seed % moves.len() as u64) as usize]);
            let text = seen.entry(p.hash()).or_insert_with(|| p.position_text());
            assert_eq!(*text, p.position_text());
        }
    }
}

/// Solves `text` exactly through the solver hook.
fn solve(text: &str) -> solver::Exact {
    let mut solver = solver::EndgameSolver::default();
    let mut control = Control::new(StopFlag::new(), None, None);
    solver
        .solve_exact(&position(text), &mut control)
        .expect("not aborted")
}

/// Plays `mv` and solves the rest: the margin after an optimal move must be the negation.
fn check_optimal(text: &str, exact: &solver::Exact) {
    let mut child = position(text);
    child.play(exact.best_move);
    if child.outcome().is_some() {
        assert_eq!(-child.final_margin(), exact.margin);
        return;
    }
    let mut solver = solver::EndgameSolver::default();
    let mut control = Control::new(StopFlag::new(), None, None);
    let after = solver
        .solve_exact(&child, &mut control)
        .expect("not aborted");
    assert_eq!(
        -after.margin, exact.margin,
        "{text}: best move is not optimal"
    );
}

#[test]
fn small_endgames_match_a_plain_minimax() {
    fn minimax(p: &Othello) -> i32 {
        if p.outcome().is_some() {
            return p.final_margin();
        }
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&m| {
                let mut c = *p;
                c.play(m);
                -minimax(&c)
            })
            .max()
            .expect("a move or a pass")
    }
    // Random playouts stopped at 9 empties, compared with an exhaustive minimax.
    let mut seed = 99u64;
    for _ in 0..40 {
        let mut p = Othello::new();
        while p.outcome().is_none() && p.empties() > 9 {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            seed = crate::rng::mix64(seed);
            p.play(moves[(seed % moves.len() as u64) as usize]);
        }
        if p.outcome().is_some() {
            continue;
        }
        let text = p.position_text();
        let exact = solve(&text);
        assert_eq!(exact.margin, minimax(&p), "{text}");
        check_optimal(&text, &exact);
    }
}

#[test]
fn ffo_positions_are_solved_exactly() {
    // FFO #40 (20 empties): black wins by 38 with a2, the only optimal move (published).
    let cases = [(
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        38,
    )];
    for (text, margin) in cases {
        let exact = solve(text);
        assert_eq!(exact.margin, margin, "{text}");
        assert_eq!(exact.best_move, OthelloMove::Place(8), "a2");
        check_optimal(text, &exact);
    }
}

#[test]
fn the_solver_takes_only_its_own_positions() {
    use crate::search::Limits;
    use std::time::Duration;
    let params = OthelloParams::default();
    let plain = Limits::default();
    let depth = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let solve = Limits {
        solve: true,
        ..Limits::default()
    };
    let timed = |ms: u64, solve: bool| Limits {
        solve,
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    assert!(solver::takes_over(20, &params, &plain));
    assert!(!solver::takes_over(21, &params, &plain));
    assert!(!solver::takes_over(10, &params, &depth));
    assert!(solver::takes_over(40, &params, &solve));
    // 100 ms reach 18 empties, one second 20, ten seconds 22.
    assert!(solver::takes_over(18, &params, &timed(100, false)));
    assert!(!solver::takes_over(19, &params, &timed(100, false)));
    assert!(solver::takes_over(20, &params, &timed(1000, false)));
    assert!(!solver::takes_over(21, &params, &timed(10_000, false)));
    assert!(solver::takes_over(24, &params, &timed(10_000, true)));
    assert!(!solver::takes_over(25, &params, &timed(10_000, true)));
}

#[test]
fn a_stopped_solve_reports_abort() {
    let stop = StopFlag::new();
    stop.stop();
    let mut control = Control::new(stop, None, None);
    let mut solver = solver::EndgameSolver::default();
    let p = position("-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X");
    assert_eq!(solver.solve_exact(&p, &mut control), None);
}

#[test]
fn probcut_pairs_keep_parity_and_stay_out_of_the_endgame() {
    use crate::game::othello::probcut::{pair, shallow_depth, MIN_DEPTH};
    for depth in MIN_DEPTH..30 {
        let shallow = shallow_depth(depth);
        assert!(shallow >= 1 && shallow < depth - 1, "{depth} -> {shallow}");
        assert_eq!(shallow % 2, depth % 2, "{depth} -> {shallow}");
        for empties in 21..=60 {
            let (s, sigma) = pair(depth, empties).expect("a cut above 20 empties");
            assert_eq!(s, shallow);
            assert!(sigma > 0);
        }
        assert_eq!(pair(depth, 20), None);
    }
    assert_eq!(pair(MIN_DEPTH - 1, 40), None);
}

#[test]
fn probcut_is_an_option_of_the_learned_style_only() {
    let mut params = OthelloParams::default();
    let position = Othello::new();
    assert_eq!(params.probcut, DEFAULT_PROBCUT);
    let (shallow, margin) = position.probcut(&params, 8).expect("on by default");
    assert_eq!(shallow, 4);
    assert!(margin > 0);
    assert!(params.set("ProbCut", "41").is_err());
    assert!(params.set("ProbCut", "x").is_err());
    assert_eq!(
        params.probcut, DEFAULT_PROBCUT,
        "a refused value changes nothing"
    );
    params.set("ProbCut", "0").expect("0 turns it off");
    assert_eq!(position.probcut(&params, 8), None);
    params.set("ProbCut", "20").expect("in range");
    params.set("Style", "classic").expect("a style");
    assert_eq!(position.probcut(&params, 8), None);
}
