//! The line shown for a proof: the attacker's fastest and the defender's slowest way
//! through the proof tree, completed to the five where the tree stopped.

use super::Run;
use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::moves::any_playable;
use crate::game::gomoku::{Cell, Gomoku};
use crate::game::Game;
use crate::game::MoveList;

impl Run<'_> {
    /// The number of plies to the five along the proof below a proven `index`, with the
    /// line that realises it pushed onto `pv` in reverse (attacker's fastest, defender's
    /// slowest).
    pub(super) fn distance(
        &self,
        index: u32,
        position: Gomoku,
        attacker_to_move: bool,
        pv: &mut Vec<Cell>,
    ) -> u32 {
        let node = self.nodes[index as usize];
        let me = position.side_to_move().index();
        if node.first == 0 {
            // A leaf proven on sight.
            let board = position.board();
            if attacker_to_move {
                let mut five = None;
                board.for_each_threat(me, cell_class::FIVE, |cell, _| five = five.or(Some(cell)));
                if let Some(cell) = five {
                    pv.push(Cell(cell as u16));
                }
                return 1;
            }
            if position.outcome().is_some() {
                return 0;
            }
            let plies = if board.class_count(1 - me, cell_class::FIVE) > 0 {
                2
            } else {
                4
            };
            if plies == 2 {
                let mut fives = MoveList::<Cell>::new();
                board.for_each_threat(1 - me, cell_class::FIVE, |cell, _| {
                    fives.push(Cell(cell as u16))
                });
                let reply = fives
                    .iter()
                    .copied()
                    .find(|c| !position.is_forbidden(usize::from(c.0)))
                    .or_else(|| any_playable(&position));
                if let Some(reply) = reply {
                    if let Some(&five) = fives.iter().find(|&&f| f != reply) {
                        pv.push(five);
                    }
                    pv.push(reply);
                }
            }
            return plies;
        }
        let mut best: Option<(u32, Vec<Cell>)> = None;
        for c in node.first..node.first + u32::from(node.count) {
            let child = self.nodes[c as usize];
            if child.pn != 0 {
                continue;
            }
            let mut next = position.clone();
            next.play(Cell(child.mv));
            let mut line = Vec::new();
            let plies = 1 + self.distance(c, next, !attacker_to_move, &mut line);
            line.push(Cell(child.mv));
            let better = match &best {
                None => true,
                Some((b, _)) if attacker_to_move => plies < *b,
                Some((b, _)) => plies > *b,
            };
            if better {
                best = Some((plies, line));
            }
        }
        let (plies, line) = best.unwrap_or((0, Vec::new()));
        pv.extend(line);
        plies
    }
}

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
