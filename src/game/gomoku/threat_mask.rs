//! The threat-mask term of the Gomoku evaluation (`GomokuThreatMask`): one fitted worth
//! for each combination of the threats both sides can make at a leaf.
//!
//! The learned evaluation has its own weight for each mask, fitted with its cell weights
//! (`learned.rs`); this table is the option for the classic one.
//!
//! The pattern evaluations (classic and learned) add up the worths of single cells, so
//! they cannot see how the threats of the two sides interact: an open three is worth far
//! more to a side whose opponent cannot answer with a four than to one whose opponent can,
//! and a side that faces a four-three cell must spend its move. Eight yes-or-no facts
//! about the board's cell class counts (`threat_mask`) index a table of 256 worths, fitted
//! on arbor's own searches by `gomoku-threat-mask` (tools/) as what an 8-ply search
//! adds to the static value in each combination (data/gomoku/threat_mask.md). The board keeps
//! the class counts, so the term costs eight table reads a leaf.

use crate::game::gomoku::cell_class::{self, ClassCounts};

/// The facts of a mask, in bit order: the side to move can make a four, an open three, a
/// double three; the opponent can make a four, an open three, a double three, a
/// four-three, an open four (it has an open three or a broken one on the board).
pub const MASK_BITS: usize = 8;
/// Masks: 2^MASK_BITS.
pub const MASKS: usize = 1 << MASK_BITS;

mod weights;
pub use weights::THREAT_MASK_WEIGHTS;

// The generated table names its length as a number: it holds a worth for every mask.
const _: () = assert!(THREAT_MASK_WEIGHTS.len() == MASKS);

/// The cell classes whose presence makes the mask, the side to move's then the opponent's.
const MINE: [u8; 3] = [
    cell_class::FOUR,
    cell_class::OPEN_THREE,
    cell_class::DOUBLE_THREE,
];
const THEIRS: [u8; 5] = [
    cell_class::FOUR,
    cell_class::OPEN_THREE,
    cell_class::DOUBLE_THREE,
    cell_class::FOUR_THREE,
    cell_class::OPEN_FOUR,
];

/// The threat mask of `board` with player `me` (0 or 1) to move.
#[inline]
pub fn threat_mask(board: &impl ClassCounts, me: usize) -> usize {
    let them = 1 - me;
    let mut mask = 0;
    for (bit, &class) in MINE.iter().enumerate() {
        mask |= usize::from(board.class_count(me, class) > 0) << bit;
    }
    for (bit, &class) in THEIRS.iter().enumerate() {
        mask |= usize::from(board.class_count(them, class) > 0) << (MINE.len() + bit);
    }
    mask
}

/// The weights as the Rust source of `threat_mask/weights.rs`.
pub fn format_weights(weights: &[i32; MASKS]) -> String {
    let numbers: Vec<String> = weights.iter().map(i32::to_string).collect();
    format!(
        "//! The fitted worths of `threat_mask.rs`, written by `gomoku-threat-mask`\n//! (tools/; see data/gomoku/threat_mask.md for the data and the exact command). Do not edit by hand.\n\n/// The worth of each threat mask for the side to move, in evaluation points.\npub const THREAT_MASK_WEIGHTS: [i32; {}] = [{}];\n",
        weights.len(),
        numbers.join(", ")
    )
}
