//! A tiny VCF at the leaves of the main search: can the side to move win by a few
//! continuous fours? Leaves where it can are worth almost a win. Only a handful of nodes
//! and no memory, so it is cheap enough to run wherever the side to move has a four.

use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::{Cell, Gomoku};
use crate::game::{Game, MoveList};

/// Nodes per leaf.
const NODES: u32 = 24;
/// Plies of the longest VCF looked for.
const PLIES: u32 = 9;
/// Fours tried per node.
const WIDTH: usize = 6;

/// Whether the side to move has a VCF of at most `PLIES` plies found within `NODES`.
pub fn has_quick_vcf(position: &Gomoku) -> bool {
    vcf_plies(position, PLIES, NODES).is_some()
}

/// The length in plies (to the five) of a VCF of the side to move of at most
/// `max_plies` plies, found within `max_nodes` nodes: the first found, not always the
/// shortest.
pub fn vcf_plies(position: &Gomoku, max_plies: u32, max_nodes: u32) -> Option<u32> {
    let mut nodes = 0;
    attack(position, max_plies, max_nodes, &mut nodes)
}

fn attack(position: &Gomoku, plies: u32, max_nodes: u32, nodes: &mut u32) -> Option<u32> {
    let board = position.board();
    let me = position.side_to_move().index();
    let them = 1 - me;
    if board.class_count(me, cell_class::FIVE) > 0 {
        return Some(1);
    }
    if plies < 3 || board.class_count(them, cell_class::FIVE) > 0 {
        return None;
    }
    let mut fours = MoveList::<Cell>::new();
    board.for_each_threat(me, cell_class::FOUR, |cell, class| {
        if fours.len() < WIDTH && class != cell_class::DOUBLE_THREE {
            fours.push(Cell(cell as u16));
        }
    });
    for &four in fours.iter() {
        *nodes += 1;
        if *nodes > max_nodes {
            return None;
        }
        let mut child = position.clone();
        child.play(four);
        let after = child.board();
        if after.class_count(them, cell_class::FIVE) > 0 {
            continue; // the defender completes a five first
        }
        let mut fives = MoveList::<Cell>::new();
        after.for_each_threat(me, cell_class::FIVE, |cell, _| {
            fives.push(Cell(cell as u16))
        });
        match fives.as_slice() {
            [] => continue,
            [block] => {
                if child.is_forbidden(usize::from(block.0)) {
                    return Some(3); // renju: Black may not block there
                }
                child.play(*block);
                if let Some(rest) = attack(&child, plies - 2, max_nodes, nodes) {
                    return Some(rest + 2);
                }
            }
            _ => return Some(3), // two fives: one of them stays
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::gomoku::Rule;

    fn after(moves: &str) -> Gomoku {
        Gomoku::new(15, Rule::Freestyle)
            .expect("size")
            .parse_position(&format!("list {moves}"))
            .expect("legal moves")
    }

    #[test]
    fn a_short_vcf_is_seen_and_a_lone_four_is_not() {
        // The 7-ply VCF of tests.rs (fours at h6/h8, then the open four in column h).
        assert!(has_quick_vcf(&after(
            "e6 d6 f6 d8 g6 a1 e8 c1 f8 e1 g8 j5 h7 j9"
        )));
        // Black's e8-g8 three blocked at d8 gives one four (h8) and nothing after it.
        assert!(!has_quick_vcf(&after("e8 d8 f8 a1 g8 a3")));
        // No four at all.
        assert!(!has_quick_vcf(&after("h8 a1 i9 a3")));
    }

    #[test]
    fn the_vcf_length_counts_every_ply_to_the_five() {
        // Black to move: h6 (four), h5 forced... the 7-ply VCF of tests.rs.
        let position = after("e6 d6 f6 d8 g6 a1 e8 c1 f8 e1 g8 j5 h7 j9");
        assert_eq!(vcf_plies(&position, 9, 24), Some(7));
        assert_eq!(vcf_plies(&position, 5, 24), None);
        // A five on the board's next move is one ply.
        assert_eq!(vcf_plies(&after("h8 a1 i8 a3 j8 a5 k8 a7"), 9, 24), Some(1));
    }
}
