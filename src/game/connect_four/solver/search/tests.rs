//! The static rules of the search (no line of four left, the pairing rules) checked
//! against plain minimax on small boards, and what they save on a standard one.

use super::has_four_in;
use crate::budget::control::Control;
use crate::budget::limits::StopFlag;
use crate::game::connect_four::solver::rules::{bound_with, lower_rows, pairing_bound};
use crate::game::connect_four::solver::ConnectFourSolver;
use crate::game::connect_four::tests::digits;
use crate::game::connect_four::{Column, ConnectFour};
use crate::game::{Game, Outcome};

fn unlimited() -> Control {
    Control::new(StopFlag::new(), None, None)
}

fn board(cols: u32, rows: u32) -> ConnectFour {
    ConnectFour::new_game(&[
        ("cols".to_string(), cols.to_string()),
        ("rows".to_string(), rows.to_string()),
    ])
    .expect("a valid board")
}

/// The exact value of a game not over in the solver's convention (a four made at ply `e`
/// is worth `(cells - e) / 2 + 1` to the winner), by alpha-beta over the whole tree.
fn minimax(position: &ConnectFour, mut alpha: i32, beta: i32) -> i32 {
    let cells = position.shape().cells() as i32;
    let columns: Vec<u8> = (0..position.shape().cols as u8)
        .filter(|&c| position.can_play(u32::from(c)))
        .collect();
    for &column in &columns {
        let mut child = *position;
        child.play(Column(column));
        if matches!(child.outcome(), Some(Outcome::Win(_))) {
            return (cells - child.moves() as i32) / 2 + 1;
        }
    }
    let mut best = i32::MIN;
    for &column in &columns {
        let mut child = *position;
        child.play(Column(column));
        let value = if child.outcome().is_some() {
            0
        } else {
            -minimax(&child, -beta, -alpha)
        };
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// A seeded random game on `start`'s board stopped with `empties` empty cells, or `None`
/// if it ended first.
fn random_position(start: ConnectFour, empties: u32, state: &mut u64) -> Option<ConnectFour> {
    let mut position = start;
    while position.shape().cells() - position.moves() > empties {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        let playable: Vec<u8> = (0..position.shape().cols as u8)
            .filter(|&c| position.can_play(u32::from(c)))
            .collect();
        position.play(Column(playable[(*state % playable.len() as u64) as usize]));
        if position.outcome().is_some() {
            return None;
        }
    }
    Some(position)
}

#[test]
fn the_static_rules_and_the_solver_agree_with_minimax_on_small_boards() {
    // Boards with an even and an odd number of rows (the lower cells of the pairing's
    // vertical pairs are in other rows), positions with 9 or 10 empty cells. Every bound
    // of the pairing rules is a true bound, and so is "no line left"; the solver, which
    // uses both (the pairing rules at the node and at its children), gives the exact
    // value.
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut bounds = [0usize; 2];
    let mut lineless = 0;
    for (cols, rows) in [(5, 4), (6, 4), (5, 5), (4, 5)] {
        let start = board(cols, rows);
        let shape = start.shape();
        let mut solver = ConnectFourSolver::with_table_slots(1 << 16);
        let (mut checked, mut applied, mut tried) = (0, 0, 0);
        // 100 positions, then only those where a rule applies, until the pairing did 10
        // times (and, while 20,000 random positions last, a side had no line left 10
        // times over all boards: on 4 columns that does not come with 10 empty cells).
        while checked < 100 || applied < 10 || (lineless < 10 && tried < 20_000) {
            tried += 1;
            assert!(
                tried < 200_000,
                "the pairing rules applied {applied} times on {cols}x{rows}"
            );
            let empties = 9 + (state % 2) as u32;
            let Some(position) = random_position(start, empties, &mut state) else {
                continue;
            };
            let (current, mask) = (position.current(), position.mask());
            let bound = pairing_bound(shape, current, mask);
            let sides_lineless =
                !has_four_in(shape, !current) || !has_four_in(shape, !(current ^ mask));
            if checked >= 100 && bound.is_none() && !sides_lineless {
                continue;
            }
            let value = minimax(&position, -100, 100);
            if let Some(bound) = bound {
                assert!(value <= bound, "{}", position.position_text());
                bounds[(bound + 1) as usize] += 1;
                applied += 1;
            }
            for (side, other) in [(current, current ^ mask), (current ^ mask, current)] {
                if !has_four_in(shape, !other) {
                    // That side cannot win.
                    let value = if side == current { value } else { -value };
                    assert!(value <= 0, "{}", position.position_text());
                    lineless += 1;
                }
            }
            let score = solver.score(&position, &mut unlimited());
            assert_eq!(score, Some(value), "{}", position.position_text());
            let wdl = solver.wdl(&position, &mut unlimited());
            assert_eq!(wdl, Some(value.signum()), "{}", position.position_text());
            checked += 1;
        }
    }
    // The rules did apply, the pairing with both bounds.
    assert!(lineless >= 10, "sides without a line left: {lineless}");
    assert!(
        bounds[0] >= 10 && bounds[1] >= 10,
        "pairing bounds -1, 0: {bounds:?}"
    );
}

#[test]
fn claimeven_proves_a_second_player_win_at_the_root_in_one_node() {
    // From Pons' Test_L3_R1 (score -1): every column has an even number of empty cells
    // and the first player, to move, has no four among its discs and the empty odd-row
    // cells, while the second player has one among its discs and the even-row cells.
    // Without the rule the result takes a search.
    let position = digits("424417677226524462435517775623");
    let shape = position.shape();
    assert_eq!(
        pairing_bound(shape, position.current(), position.mask()),
        Some(-1)
    );
    let mut solver = ConnectFourSolver::default().without_book();
    let mut control = unlimited();
    assert_eq!(solver.wdl(&position, &mut control), Some(-1));
    assert_eq!(control.nodes(), 1);
    assert_eq!(solver.score(&position, &mut unlimited()), Some(-1));
    // Not on the empty board: the first player has a four in the bottom row (and the
    // pairing has no other choice there: every column is even).
    let start = ConnectFour::new();
    assert_eq!(pairing_bound(shape, start.current(), start.mask()), None);
}

#[test]
fn every_pairing_bound_is_a_true_bound_and_each_part_is_needed() {
    // Random positions with 8 to 11 empty cells on boards with an even and an odd number
    // of rows, kept when the pairing rules bound them: the bound holds against minimax.
    // Counted apart: the bounds that need aftereven's cells or a pairing of base cells
    // that both lie in a line of the side to move (without that part the rule proves
    // nothing), and those with base pairs at all (columns with an odd number of empties).
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let (mut bounds, mut aftereven, mut pairing, mut based) = ([0usize; 2], 0, 0, 0);
    for (cols, rows) in [(5, 4), (6, 4), (5, 5), (4, 5)] {
        let start = board(cols, rows);
        let shape = start.shape();
        let mut checked = 0;
        for _ in 0..40_000 {
            let empties = 8 + (state % 4) as u32;
            let Some(position) = random_position(start, empties, &mut state) else {
                continue;
            };
            let (current, mask) = (position.current(), position.mask());
            let Some(bound) = pairing_bound(shape, current, mask) else {
                continue;
            };
            let value = minimax(&position, -100, 100);
            assert!(
                value <= bound,
                "{}: {value} > {bound}",
                position.position_text()
            );
            bounds[(bound + 1) as usize] += 1;
            aftereven += usize::from(bound_with::<false, true>(shape, current, mask).is_none());
            pairing += usize::from(bound_with::<true, false>(shape, current, mask).is_none());
            let lower_empty = (mask + shape.bottom) & shape.board;
            based += usize::from(lower_empty & !lower_rows(shape) != 0);
            checked += 1;
            if checked == 300 {
                break;
            }
        }
    }
    assert!(
        bounds[0] >= 100 && bounds[1] >= 100,
        "pairing bounds -1, 0: {bounds:?}"
    );
    assert!(aftereven >= 20, "bounds needing aftereven: {aftereven}");
    assert!(pairing >= 20, "bounds needing a pairing: {pairing}");
    assert!(based >= 100, "bounds with base pairs: {based}");
}

#[test]
fn aftereven_and_baseinverse_prove_results_claimeven_alone_does_not() {
    // From Pons' Test_L2_R1 (score -10): two columns have an odd number of empty cells,
    // so claimeven alone does not apply; with their lowest cells paired, the first
    // player's last line is above a cell completing a line of the second player
    // (aftereven), and the second player also gets a line: a loss, in one node.
    let position = digits("72572533563327373216");
    let shape = position.shape();
    let (current, mask) = (position.current(), position.mask());
    let base = (mask + shape.bottom) & shape.board & !lower_rows(shape);
    assert_eq!(base.count_ones(), 2);
    assert_eq!(pairing_bound(shape, current, mask), Some(-1));
    assert_eq!(bound_with::<false, true>(shape, current, mask), None);
    let mut solver = ConnectFourSolver::default().without_book();
    let mut control = unlimited();
    assert_eq!(solver.wdl(&position, &mut control), Some(-1));
    assert_eq!(control.nodes(), 1);
    assert_eq!(solver.score(&position, &mut unlimited()), Some(-10));
    // From Test_L2_R1 (score 0): four columns with an odd number of empty cells, whose
    // lowest cells must be paired so that each line of the first player through two of
    // them holds a pair: at most a draw for the first player.
    let position = digits("7236227623622346474116546144");
    let (current, mask) = (position.current(), position.mask());
    assert_eq!(pairing_bound(shape, current, mask), Some(0));
    assert_eq!(bound_with::<true, false>(shape, current, mask), None);
    assert_eq!(solver.wdl(&position, &mut unlimited()), Some(0));
    assert_eq!(solver.score(&position, &mut unlimited()), Some(0));
}
