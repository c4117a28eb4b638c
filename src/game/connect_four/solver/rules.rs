//! Allis' rules as one exact static bound: a pairing strategy of the side not to move.
//!
//! The side not to move (the controller, `S`) answers every move of the side to move
//! (`O`) by the other cell of a pair, fixed in advance, of empty cells. Every empty cell
//! is in exactly one pair, so `S` always has its answer, and the pairs are of two kinds
//! only, the two whose answer is always a legal move:
//!
//! - a *vertical* pair, a cell and the one on top of it: `O` fills the lower one first (the
//!   upper one is not playable before, and no answer of `S` fills it), and `S` answers on
//!   top, so `S` gets the upper cell (Allis' claimeven, and his vertical where the upper
//!   cell is odd);
//! - a *base* pair, two cells directly playable now in two columns: each stays playable
//!   until one of the two is played, and then `S` takes the other, so `O` gets at most one
//!   (Allis' baseinverse).
//!
//! Only the lowest empty cell of a column is ever playable, so a column with an even
//! number of empty cells is all vertical pairs from the bottom, and one with an odd number
//! has its lowest empty cell in a base pair and vertical pairs above it. The only choice is
//! how to pair the columns with an odd number of empty cells (there must be an even number
//! of them, which is an even number of empty cells in all: on 7x6, the first player to
//! move). `O` can then have the lower cell of every vertical pair and one cell of every
//! base pair, and nothing else: if no choice of one cell from each base pair, with those
//! lower cells and `O`'s discs, holds a line of four, `O` cannot win (value at most 0);
//! if moreover `S`'s discs and the upper cells hold one, `S` wins (at most -1).
//!
//! Allis' aftereven on top: a line of `S` whose only empty cell is an upper cell (`S`
//! completes it when that cell is filled) makes every cell above that one in its column
//! useless to `O`: `O` can fill it only after `S` has won. (With its empty cells in two or
//! more columns, an aftereven line would need the cells above it in all of them; left out.)
//!
//! The rules are Allis' (A Knowledge-based Approach of Connect-Four, 1988) recast as a
//! pairing; the other rules of his (lowinverse, highinverse, baseclaim, before) pair cells
//! that are not playable now and need the compatibility conditions of his thesis.

use crate::game::connect_four::bitboard::{has_four, winning_cells, Shape};

/// The most cells of base pairs tried (columns with an odd number of empty cells): six is
/// 15 pairings; on 7 columns there are never more.
const MAX_BASE_CELLS: u32 = 6;

/// The bound the pairing strategy of the side not to move proves on the value of the side
/// to move (`current`; `mask` all discs): `Some(-1)` a loss, `Some(0)` at most a draw,
/// `None` nothing.
#[inline]
pub(super) fn pairing_bound(shape: Shape, current: u64, mask: u64) -> Option<i32> {
    bound_with::<true, true>(shape, current, mask)
}

/// [`pairing_bound`] with or without aftereven's cells and the pairings of base cells that
/// can both be in a line of `O` (the tests tell what each part adds).
#[inline(always)]
pub(super) fn bound_with<const AFTEREVEN: bool, const PAIRING: bool>(
    shape: Shape,
    current: u64,
    mask: u64,
) -> Option<i32> {
    // The rows of the lower cells of the vertical pairs: those with an even number of rows
    // from them to the top, bottom included (bit rows 0, 2, 4 on 7x6). A column's lowest
    // empty cell is in such a row exactly when the column has an even number of empty
    // cells (a full column has none on the board: its sentinel is off it).
    let lower = lower_rows(shape);
    let empty = shape.board & !mask;
    // The lowest empty cells of the columns with an odd number of empty cells.
    let base = (mask + shape.bottom) & shape.board & !lower;
    let count = base.count_ones();
    if count % 2 == 1 || count > MAX_BASE_CELLS {
        return None;
    }
    // Above a base cell its column is vertical pairs again, lower cells in `lower` rows.
    let ours = current | (empty & lower);
    let theirs = (current ^ mask) | (empty & !lower & !base);
    if !has_four_in(shape, ours | base) {
        return Some(bound(shape, theirs));
    }
    if !AFTEREVEN && !PAIRING {
        return None;
    }
    // Aftereven: the cells above a cell that completes a line of `S` with its discs.
    let after = winning_cells(shape, current ^ mask, mask) & empty & !lower & !base;
    let dead = if AFTEREVEN { above(shape, after) } else { 0 };
    let ours = ours & !dead;
    if !has_four_in(shape, ours | base) {
        return Some(bound(shape, theirs));
    }
    if !PAIRING {
        return None;
    }
    // `O` may take any one base cell: each alone must not complete a line.
    if has_four_in(shape, ours) {
        return None;
    }
    let mut rest = base;
    while rest != 0 {
        let cell = rest & rest.wrapping_neg();
        rest &= rest - 1;
        if has_four_in(shape, ours | cell) {
            return None;
        }
    }
    let mut pairs = [(0, 0); MAX_BASE_CELLS as usize / 2];
    if pairing_refutes(shape, ours, base, &mut pairs, 0) {
        Some(bound(shape, theirs))
    } else {
        None
    }
}

/// The rows of the lower cells of the vertical pairs.
#[inline(always)]
pub(super) fn lower_rows(shape: Shape) -> u64 {
    if shape.rows.is_multiple_of(2) {
        shape.odd_rows()
    } else {
        shape.board & !shape.odd_rows()
    }
}

/// -1 if `S`'s discs and sure cells (`theirs`) hold a line of four, else 0.
#[inline(always)]
fn bound(shape: Shape, theirs: u64) -> i32 {
    if has_four_in(shape, theirs) {
        -1
    } else {
        0
    }
}

/// Whether some pairing of the cells `left` (with `pairs[..made]` already made) leaves `O`
/// no line of four whichever one cell of each pair it takes (with `ours`).
fn pairing_refutes(
    shape: Shape,
    ours: u64,
    left: u64,
    pairs: &mut [(u64, u64); MAX_BASE_CELLS as usize / 2],
    made: usize,
) -> bool {
    if left == 0 {
        return (0..1u32 << made).all(|choice| {
            let taken = pairs[..made]
                .iter()
                .enumerate()
                .fold(ours, |cells, (i, &(a, b))| {
                    cells | if choice >> i & 1 == 0 { a } else { b }
                });
            !has_four_in(shape, taken)
        });
    }
    let first = left & left.wrapping_neg();
    let mut others = left & !first;
    while others != 0 {
        let second = others & others.wrapping_neg();
        others &= others - 1;
        pairs[made] = (first, second);
        if pairing_refutes(shape, ours, left & !first & !second, pairs, made + 1) {
            return true;
        }
    }
    false
}

/// The cells above those of `cells` in their columns.
#[inline(always)]
fn above(shape: Shape, cells: u64) -> u64 {
    let mut fill = (cells << 1) & shape.board;
    for _ in 1..shape.rows {
        fill |= (fill << 1) & shape.board;
    }
    fill
}

/// Whether the cells of the board in `cells` hold a line of four (`cells` may have bits
/// off the board: complements do).
#[inline(always)]
pub(super) fn has_four_in(shape: Shape, cells: u64) -> bool {
    has_four(shape, shape.board & cells)
}
