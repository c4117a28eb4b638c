//! Quiet threats for the proof-number search: a move that is neither a four nor an open
//! three but after which the attacker, if the defender did nothing, would win by
//! continuous fours (a VCF). Lambda search calls these second-order threats; the open
//! three is the simplest of them.
//!
//! The defender then needs only the moves that can break that VCF (its relevance zone)
//! and its own fours: any other stone leaves the very same sequence of fours winning.
//! The zone of one VCF line `a1 b1 a2 b2 ... ak f` (attacker fours `a`, forced blocks `b`,
//! five `f`) is, on the board before the line:
//! - every cell of the line and every five cell left at its end (an open or double four);
//! - the empty cells of each five-cell window through a block `b` that holds no attacker
//!   stone and at least three defender stones counting the blocks: only there can a
//!   defender stone turn a forced block into a four (or five) of the defender's, which
//!   would take the initiative from the attacker.
//!
//! A stone elsewhere cannot make a four of the defender's without being a four by itself
//! (those are answers too), cannot stop an attacker four (its window holds only attacker
//! stones and its block cell), and cannot block the five. So the zone is complete.

use arrayvec::ArrayVec;

use crate::game::gomoku::board::{cell_class, MAX_CELLS};
use crate::game::gomoku::moves::order_key;
use crate::game::gomoku::patterns;
use crate::game::gomoku::{Cell, Gomoku, Rule};
use crate::game::{Game, MoveList};

/// The longest VCF line looked for, in plies (also the capacity of a line).
pub const MAX_LINE: usize = 31;
/// Fours tried per node of the VCF.
const WIDTH: usize = 10;

/// A VCF line: the attacker's fours and the defender's forced blocks, alternating, and
/// the five at the end (odd length).
pub type Line = ArrayVec<Cell, MAX_LINE>;

/// A set of cells (one bit each).
pub type Zone = [u64; MAX_CELLS.div_ceil(64)];

/// A VCF of the side to move of at most `max_plies` plies within `max_nodes` nodes
/// (counted in `nodes`): the first found, not always the shortest. Counter-fours of the
/// defender are answered by blocks that are fours themselves.
///
/// Depth-first, the four-threes before the other fours (each in board order); a position
/// with an open-four cell ends the line at once (one node), and outside renju the fours of
/// the last 3 plies are not tried one by one (with no open-four cell none of them wins).
/// A 7-ply VCF the plain board order needed 442 nodes for at a 7-ply limit (and did not
/// find in 1,000 at 23) is found in 47 (5 at 23).
pub fn vcf_line(
    position: &Gomoku,
    max_plies: usize,
    max_nodes: u32,
    nodes: &mut u32,
) -> Option<Line> {
    let mut line = Line::new();
    attack(
        position,
        max_plies.min(MAX_LINE),
        max_nodes,
        nodes,
        &mut line,
    )
    .then_some(line)
}

fn attack(
    position: &Gomoku,
    plies: usize,
    max_nodes: u32,
    nodes: &mut u32,
    line: &mut Line,
) -> bool {
    let board = position.board();
    let me = position.side_to_move().index();
    let them = 1 - me;
    if board.class_count(me, cell_class::FIVE) > 0 {
        let mut five = None;
        board.for_each_threat(me, cell_class::FIVE, |cell, _| five = five.or(Some(cell)));
        if let Some(five) = five {
            line.push(Cell(five as u16));
            return true;
        }
        return false;
    }
    if plies < 3 || line.len() + 3 > MAX_LINE || position.outcome().is_some() {
        return false;
    }
    let mut fours = ArrayVec::<Cell, WIDTH>::new();
    match board.class_count(them, cell_class::FIVE) {
        0 => {
            if board.class_count(me, cell_class::OPEN_FOUR) > 0
                && open_four(position, max_nodes, nodes, line)
            {
                return true;
            }
            // Outside renju, with fewer than 5 plies left only a four that leaves two
            // five cells wins: that is the open-four class, and there is none.
            if plies < 5 && board.rule() != Rule::Renju {
                return false;
            }
            // The four-threes first: after the block the three is often an open four.
            board.for_each_threat(me, cell_class::FOUR_THREE, |cell, _| {
                if !fours.is_full() && !position.is_forbidden(cell) {
                    fours.push(Cell(cell as u16));
                }
            });
            board.for_each_threat(me, cell_class::FOUR, |cell, class| {
                if !fours.is_full() && class == cell_class::FOUR && !position.is_forbidden(cell) {
                    fours.push(Cell(cell as u16));
                }
            });
        }
        1 => board.for_each_threat(them, cell_class::FIVE, |cell, _| {
            // Their four must be blocked, and the block must be a four to keep going.
            if board.cell_class(me, cell) >= cell_class::FOUR && !position.is_forbidden(cell) {
                fours.push(Cell(cell as u16));
            }
        }),
        _ => {}
    }
    // Outside renju, with fewer than 5 plies left the line ends with the block of this
    // four: it wins only if the four leaves two five cells (a block takes one, and a
    // defender stone never makes a five cell of the attacker), which the counts after
    // the move tell without playing it. The defender has no five cell after the four
    // (it had none, or one that the four blocks).
    let leaf = plies < 5 && board.rule() != Rule::Renju;
    for &four in &fours {
        *nodes += 1;
        if *nodes > max_nodes {
            return false;
        }
        if leaf {
            let fives = board.class_count_after(
                usize::from(four.0),
                position.side_to_move(),
                me,
                cell_class::FIVE,
            );
            debug_assert_eq!(
                board.class_count_after(
                    usize::from(four.0),
                    position.side_to_move(),
                    them,
                    cell_class::FIVE
                ),
                0
            );
            if fives < 2 {
                #[cfg(debug_assertions)]
                {
                    // The played line finds no win here, and counts no node below.
                    let (mut child, mut below, mut line) = (position.clone(), 0, line.clone());
                    child.play(four);
                    let mut block = None;
                    let after = child.board();
                    after.for_each_threat(me, cell_class::FIVE, |cell, _| {
                        block = block.or(Some(cell));
                    });
                    if let Some(block) = block {
                        child.play(Cell(block as u16));
                        assert!(!attack(&child, plies - 2, u32::MAX, &mut below, &mut line));
                        assert_eq!(below, 0);
                    }
                }
                continue;
            }
        }
        let mut child = position.clone();
        child.play(four);
        let after = child.board();
        if after.class_count(them, cell_class::FIVE) > 0 {
            continue; // the defender completes a five first
        }
        let mut block = None;
        after.for_each_threat(me, cell_class::FIVE, |cell, _| block = block.or(Some(cell)));
        let Some(block) = block else {
            continue;
        };
        if child.is_forbidden(block) {
            continue; // renju subtleties are left to the other searches
        }
        let mark = line.len();
        line.push(four);
        line.push(Cell(block as u16));
        child.play(Cell(block as u16));
        if attack(&child, plies - 2, max_nodes, nodes, line) {
            return true;
        }
        line.truncate(mark);
    }
    false
}

/// The side to move has an open-four cell (an open four or two fours) and the opponent
/// no five cell: plays the first such cell and ends `line` with one of the two five cells
/// it leaves as the block and the other as the five (one node).
fn open_four(position: &Gomoku, max_nodes: u32, nodes: &mut u32, line: &mut Line) -> bool {
    let board = position.board();
    let me = position.side_to_move().index();
    let mut four = None;
    board.for_each_threat(me, cell_class::OPEN_FOUR, |cell, class| {
        if four.is_none() && class == cell_class::OPEN_FOUR && !position.is_forbidden(cell) {
            four = Some(cell);
        }
    });
    let Some(four) = four else {
        return false;
    };
    *nodes += 1;
    if *nodes > max_nodes {
        return false;
    }
    let mut child = position.clone();
    child.play(Cell(four as u16));
    let mut fives = ArrayVec::<usize, 2>::new();
    child
        .board()
        .for_each_threat(me, cell_class::FIVE, |cell, _| {
            if !fives.is_full() {
                fives.push(cell);
            }
        });
    if fives.len() < 2 || child.board().class_count(1 - me, cell_class::FIVE) > 0 {
        return false;
    }
    line.push(Cell(four as u16));
    line.push(Cell(fives[0] as u16));
    line.push(Cell(fives[1] as u16));
    true
}

/// Adds `cell` to `zone`.
pub fn add(zone: &mut Zone, cell: usize) {
    zone[cell / 64] |= 1 << (cell % 64);
}

/// The relevance zone of `line`, a VCF of the side to move at `position` (see the module
/// comment): the empty cells where a defender stone may break it.
pub fn relevance_zone(position: &Gomoku, line: &[Cell]) -> Zone {
    let mut zone = [0; MAX_CELLS.div_ceil(64)];
    let board = position.board();
    let attacker = position.side_to_move();
    let mut end = position.clone();
    for &cell in line {
        add(&mut zone, usize::from(cell.0));
    }
    for &cell in line.iter().take(line.len().saturating_sub(1)) {
        end.play(cell);
    }
    // Every five cell the last four left (an open four or a double four has two).
    end.board()
        .for_each_threat(attacker.index(), cell_class::FIVE, |cell, _| {
            add(&mut zone, cell)
        });
    let n = board.size() as i32;
    let is_block = |cell: usize| {
        line.iter()
            .skip(1)
            .step_by(2)
            .any(|b| usize::from(b.0) == cell)
    };
    for block in line.iter().skip(1).step_by(2) {
        let cell = usize::from(block.0) as i32;
        let (row, col) = (cell / n, cell % n);
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for start in -4..=0 {
                let mut window = ArrayVec::<usize, 5>::new();
                for k in start..start + 5 {
                    let (r, c) = (row + dr * k, col + dc * k);
                    if (0..n).contains(&r) && (0..n).contains(&c) {
                        window.push((r * n + c) as usize);
                    }
                }
                if window.len() < 5 {
                    continue;
                }
                let mut defender = 0;
                let mut open = true;
                for &w in &window {
                    match board.stone(w) {
                        Some(p) if p == attacker => open = false,
                        Some(_) => defender += 1,
                        None if is_block(w) => defender += 1,
                        None => {}
                    }
                }
                if open && defender >= 3 {
                    for &w in &window {
                        if board.stone(w).is_none() {
                            add(&mut zone, w);
                        }
                    }
                }
            }
        }
    }
    zone
}

/// Calls `f` for each cell of `zone`.
pub fn for_each_cell(zone: &Zone, mut f: impl FnMut(usize)) {
    for (i, &word) in zone.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(i * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// The position with the other side to move (a pass), for "what if the defender did
/// nothing" questions.
pub fn passed(position: &Gomoku) -> Gomoku {
    let mut passed = position.clone();
    passed.set_side(position.side_to_move().opponent());
    passed
}

/// Appends the attacker's best quiet candidates at `position` (attacker to move): moves
/// below an open three, those that make the most closed threes (each a four next) first;
/// at most `tries`.
pub fn quiet_moves(position: &Gomoku, tries: usize, moves: &mut MoveList<Cell>) {
    let board = position.board();
    let me = position.side_to_move().index();
    let mut keyed = MoveList::<(i32, u16)>::new();
    board.for_each_threat(me, cell_class::OPEN_TWO, |cell, class| {
        if class < cell_class::OPEN_THREE && !position.is_forbidden(cell) {
            let packed = board.patterns(me, cell);
            let threes = (0..4)
                .filter(|d| (packed >> (4 * d) & 0xF) == u16::from(patterns::THREE))
                .count() as i32;
            let bonus = 1000 * threes;
            keyed.push((order_key(board, me, cell) + bonus, cell as u16));
        }
    });
    keyed.sort_unstable_by_key(|k| std::cmp::Reverse(k.0));
    for &(_, cell) in keyed.iter().take(tries) {
        moves.push(Cell(cell));
    }
}
