//! The end of the line shown for a proof (the attacker's fastest and the defender's
//! slowest way through the proof tree, `Run::distance` in proof.rs): completed to the five
//! where the tree stopped. Shared by the proof-number search and the df-pn.

use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::moves::any_playable;
use crate::game::gomoku::{Cell, Gomoku};
use crate::game::Game;

/// Completes a proof's line where the tree stopped (a defender without an answer):
/// the defender plays a block or any move, the attacker an open four, then the five.
pub(super) fn finish_line(root: &Gomoku, pv: &mut Vec<Cell>) {
    let attacker = root.side_to_move();
    let mut position = root.clone();
    for &mv in pv.iter() {
        position.play(mv);
    }
    for _ in 0..6 {
        if position.outcome().is_some() {
            return;
        }
        let board = position.board();
        let me = position.side_to_move().index();
        let mut pick = None;
        if position.side_to_move() == attacker {
            for class in [cell_class::FIVE, cell_class::OPEN_FOUR] {
                if pick.is_none() && board.class_count(me, class) > 0 {
                    board.for_each_threat(me, class, |cell, c| {
                        if c >= class {
                            pick = pick.or(Some(Cell(cell as u16)));
                        }
                    });
                }
            }
        } else {
            board.for_each_threat(1 - me, cell_class::FIVE, |cell, _| {
                if !position.is_forbidden(cell) {
                    pick = pick.or(Some(Cell(cell as u16)));
                }
            });
            pick = pick.or_else(|| any_playable(&position));
        }
        let Some(mv) = pick else {
            return;
        };
        position.play(mv);
        pv.push(mv);
    }
}
